// Contraction family (algebra "dot_general", "dot", "ragged_dot"): batching
// and contracting dims pair up; the result is the batch dims, then lhs's
// free dims, then rhs's. Run: build/mlir-shape check examples/contraction.mlir
// and build/mlir-shape shapes examples/contraction.mlir (the `?` result of
// @batched is inferred 8x3x5, the bound of @bounded carried through).

func.func @batched(%a: tensor<8x3x12xf32>, %b: tensor<8x12x5xf32>) -> tensor<?x?x?xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x3x12xf32>, tensor<8x12x5xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

func.func @bounded(%a: tensor<?x12xf32, #stablehlo.bounds<64, ?>>, %b: tensor<12x7xf32>) -> tensor<?x?xf32> {
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x12xf32, #stablehlo.bounds<64, ?>>, tensor<12x7xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @wrong(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) -> tensor<3x6xf32> {
  // error: the contracting dims differ (4 and 5) [contracting-dims]
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

func.func @wrong_result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x5xf32> {
  // error: the product is 2x4 [result-shape]
  %0 = "stablehlo.dot"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
