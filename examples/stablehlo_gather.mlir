// StableHLO gather, dynamic_gather and scatter (rules/stablehlo.json,
// algebra "gather", "dynamic_gather", "scatter"): the dimension numbers name
// dims of the operand and of the indices, and decide the result's shape:
// offset dims take the slice sizes left after the collapsed and batching
// dims, the other dims take start_indices' dims (index_vector_dim skipped).

func.func @correct(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<5x4xf32>) {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  %1 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<5x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<5x4xf32>
}

func.func @incorrect(%x: tensor<5x4xf32>, %i: tensor<3x1xi32>, %j: tensor<3x2xi32>, %u: tensor<3x5xf32>) {
  // Wrong: slice size 5 is larger than operand dim 1 (4).
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x5xf32>
  // Wrong: the index vector (dim 1 of %j) has 2 entries, start_index_map 1.
  %1 = "stablehlo.gather"(%x, %j) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x2xi32>) -> tensor<3x4xf32>
  // Wrong: the result is 3x4 (batch dim from %i, offset dim from slice_sizes).
  %2 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<4x3xf32>
  // Wrong: the update window (5) is larger than the operand's dim (4).
  %3 = "stablehlo.scatter"(%x, %i, %u) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5x4xf32>, tensor<3x1xi32>, tensor<3x5xf32>) -> tensor<5x4xf32>
  return
}
