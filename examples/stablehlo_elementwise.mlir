// StableHLO, MHLO and CHLO ops whose result has their operand's shape
// (`shape: same-as-operand 0`, rule `none`) or one from the element types'
// bit widths (algebra "bitcast_convert"); reducers of collectives
// (algebra "all_reduce", "collective_reduce"). Bounds flow through them:
// `build/mlir-shape shapes examples/stablehlo_elementwise.mlir`.

func.func @correct(%a: tensor<4x?xf32, #stablehlo.bounds<?, 8>>, %b: tensor<4x?xf32, #stablehlo.bounds<?, 8>>,
                   %k: tensor<16x16xf32>) -> tensor<*xcomplex<f32>> {
  %0 = stablehlo.complex %a, %b : tensor<4x?xcomplex<f32>, #stablehlo.bounds<?, 8>>
  %1 = chlo.asin %a : tensor<4x?xf32, #stablehlo.bounds<?, 8>> -> tensor<*xf32>
  %2 = stablehlo.bitcast_convert %1 : (tensor<*xf32>) -> tensor<*xi8>
  %3 = stablehlo.uniform_quantize %a : (tensor<4x?xf32, #stablehlo.bounds<?, 8>>) -> tensor<*x!quant.uniform<i8:f32, 1.0:17>>
  %v, %i = chlo.top_k(%k, k = 4) : tensor<16x16xf32> -> (tensor<?x?xf32>, tensor<?x?xi32>)
  %4 = "stablehlo.all_reduce"(%k) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = stablehlo.add %x, %y : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %5 = "stablehlo.add"(%1, %b) : (tensor<*xf32>, tensor<4x?xf32, #stablehlo.bounds<?, 8>>) -> tensor<*xf32>
  return %0 : tensor<4x?xcomplex<f32>, #stablehlo.bounds<?, 8>>
}

func.func @incorrect(%a: tensor<4x2xf32>, %k: tensor<4x16xf32>) {
  // Wrong: the real and imaginary parts are 4x2, the result 4x3.
  %0 = "stablehlo.complex"(%a, %a) : (tensor<4x2xf32>, tensor<4x2xf32>) -> tensor<4x3xcomplex<f32>>
  // Wrong: a 32-bit float is 4 bytes, not 2.
  %1 = stablehlo.bitcast_convert %a : (tensor<4x2xf32>) -> tensor<4x2x2xi8>
  // Wrong: the last dim (16) has fewer than k = 20 elements.
  %2:2 = chlo.top_k(%k, k = 20) : tensor<4x16xf32> -> (tensor<4x20xf32>, tensor<4x20xi32>)
  // Wrong: the computation's second argument is an i32, the operand's elements f32.
  %3 = "stablehlo.all_reduce"(%k) ({
  ^bb0(%x: tensor<f32>, %y: tensor<i32>):
    stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  // Wrong: chlo's non-broadcasting binary ops need one shape.
  %4 = chlo.next_after %a, %k : tensor<4x2xf32>, tensor<4x16xf32> -> tensor<4x2xf32>
  return
}
