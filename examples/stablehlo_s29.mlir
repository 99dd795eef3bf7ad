// StableHLO checks from the verifier's remaining annotations (issue 22):
// a reduction's result element types are what its body returns, the
// generic reduce has one result per input, async_start's future holds
// exactly what its body returns; einsum and torch_index_select refine
// results only (StableHLO verifies neither).
// Run: build/mlir-shape check examples/stablehlo_s29.mlir; build/mlir-shape shapes examples/stablehlo_s29.mlir

func.func @window_elements(%x: tensor<4x2xf32>, %y: tensor<4x2xi32>, %i: tensor<f32>, %j: tensor<i32>) -> tensor<4x2xi32> {
  // Wrong: the body returns f32 for result 0, declared i32 [element-type]
  %0:2 = "stablehlo.reduce_window"(%x, %y, %i, %j) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    %1 = stablehlo.add %a0, %b0 : tensor<f32>
    %2 = stablehlo.add %a1, %b1 : tensor<i32>
    "stablehlo.return"(%1, %2) : (tensor<f32>, tensor<i32>) -> ()
  }) {window_dimensions = array<i64: 1, 1>} : (tensor<4x2xf32>, tensor<4x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<4x2xi32>, tensor<4x2xi32>)
  return %0#1 : tensor<4x2xi32>
}

func.func @reduce_count(%x: tensor<4x2xf32>, %y: tensor<4x2xi32>, %i: tensor<f32>, %j: tensor<i32>) -> tensor<4xf32> {
  // Wrong: two inputs reduce to two results, three are declared [result-shape]
  %0:3 = "stablehlo.reduce"(%x, %y, %i, %j) ({
  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):
    %1 = stablehlo.add %a0, %b0 : tensor<f32>
    %2 = stablehlo.add %a1, %b1 : tensor<i32>
    "stablehlo.return"(%1, %2) : (tensor<f32>, tensor<i32>) -> ()
  }) {dimensions = array<i64: 1>} : (tensor<4x2xf32>, tensor<4x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>)
  return %0#0 : tensor<4xf32>
}

func.func @async_gather(%a: tensor<8x2xf32>) -> !stablehlo.future<tensor<8x2xf32>> {
  // Wrong: the body returns tensor<8x8xf32>, the future holds tensor<8x2xf32> [result-shape]
  %0 = "stablehlo.async_start"(%a) ({
  ^bb0(%b: tensor<8x2xf32>):
    %1 = "stablehlo.all_gather"(%b) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, 5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>
    "stablehlo.return"(%1) : (tensor<8x8xf32>) -> ()
  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x2xf32>>
  return %0 : !stablehlo.future<tensor<8x2xf32>>
}

// %0 is inferred tensor<4x5xf32> from the config, %1 tensor<5x1x3xi32>.
func.func @einsum_select(%a: tensor<4x16xf32>, %b: tensor<16x5xf32>, %x: tensor<5x1x5xi32>, %i: tensor<5x3xi32>) -> (tensor<?x?xf32>, tensor<?x?x?xi32>) {
  %0 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<4x16xf32>, tensor<16x5xf32>) -> tensor<?x?xf32>
  %1 = "stablehlo.torch_index_select"(%x, %i) {dim = 2 : i64, batch_dims = 1 : i64} : (tensor<5x1x5xi32>, tensor<5x3xi32>) -> tensor<?x?x?xi32>
  %2 = stablehlo.reverse %1, dims = [0] : tensor<?x?x?xi32>
  return %0, %2 : tensor<?x?xf32>, tensor<?x?x?xi32>
}

func.func @reduce_applies(%x: tensor<?x?xf32>, %i: tensor<f32>) -> tensor<?xf32> {
  // Wrong: the pretty form applies a commutative binary op (add, and, maximum, minimum, multiply, or, xor) [reducer]
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.divide across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
