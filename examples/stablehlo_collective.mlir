// StableHLO collectives (algebra "all_gather", "reduce_scatter",
// "all_to_all", "all_reduce", "collective_permute", "collective_broadcast"):
// gathered, scattered and split dims, and replica ids used once each.

func.func @correct(%x: tensor<4x16xf32>) -> tensor<16x4xf32> {
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x16xf32>) -> tensor<4x32xf32>
  return %0 : tensor<16x4xf32>
}

func.func @incorrect(%x: tensor<4x16xf32>) {
  // Wrong: dim 1 (16) split in 4 gives 4, and dim 0 concatenated 4 times 16.
  %0 = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  // Wrong: the gathered dim must be a multiple of 16.
  %1 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x16xf32>) -> tensor<4x24xf32>
  // Wrong: replica 1 appears twice.
  %2 = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4x16xf32>) -> tensor<4x32xf32>
  return
}
