// TOSA gather and scatter (algebra "dim_map"): the result's dims are
// operand dims (gather: values [N, K, C], indices [N, W] -> [N, W, C];
// scatter: values_in [N, K, C], indices [N, W], input [N, W, C] ->
// [N, K, C]); the Ns, Ws, Ks and Cs must agree, and scatter's K >= W.
// Run: build/mlir-shape check examples/tosa_gather.mlir

func.func @gather(%v: tensor<?x5x?xf32>, %i: tensor<2x?xi32>) -> tensor<*xf32> {
  // shapes: tensor<2x?x?xf32>
  %0 = tosa.gather %v, %i : (tensor<?x5x?xf32>, tensor<2x?xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @wrong_gather(%v: tensor<2x5x3xf32>, %i: tensor<3x4xi32>) -> tensor<*xf32> {
  // Wrong: values have N = 2, indices N = 3 [dim-mismatch]
  %0 = "tosa.gather"(%v, %i) : (tensor<2x5x3xf32>, tensor<3x4xi32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @scatter(%v: tensor<?x5x?xf32>, %i: tensor<2x4xi32>, %x: tensor<?x4x3xf32>) -> tensor<*xf32> {
  // shapes: tensor<2x5x3xf32>
  %0 = tosa.scatter %v, %i, %x : (tensor<?x5x?xf32>, tensor<2x4xi32>, tensor<?x4x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @wrong_scatter(%v: tensor<2x3x3xf32>, %i: tensor<2x4xi32>, %x: tensor<2x4x3xf32>) -> tensor<*xf32> {
  // Wrong: K = 3 values to scatter 4 into [dim-mismatch]
  %0 = tosa.scatter %v, %i, %x : (tensor<2x3x3xf32>, tensor<2x4xi32>, tensor<2x4x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
