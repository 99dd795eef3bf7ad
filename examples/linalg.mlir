// linalg ops (rules "linalg-broadcast", "indexing-maps"): linalg.broadcast
// lists in `dimensions` the init dims the input lacks, and the other dims
// must be equal (a 1 does not stretch); named elementwise ops (linalg.add,
// ...) take one shape for all operands; linalg.elementwise broadcasts only
// through its indexing maps.

func.func @correct(%in: tensor<3x4xf32>, %init: tensor<8x3x4xf32>, %row: tensor<4xf32>, %m: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = linalg.broadcast ins(%in : tensor<3x4xf32>) outs(%init : tensor<8x3x4xf32>) dimensions = [0]
  %1 = linalg.add ins(%in, %m : tensor<3x4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%row, %1 : tensor<4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %2 : tensor<3x4xf32>
}

func.func @incorrect(%one: tensor<1x4xf32>, %init: tensor<8x3x4xf32>, %row: tensor<4xf32>, %m: tensor<3x4xf32>) {
  // Wrong: input dim 0 is 1 but init dim 1 is 3; linalg.broadcast does not stretch a 1.
  %0 = linalg.broadcast ins(%one : tensor<1x4xf32>) outs(%init : tensor<8x3x4xf32>) dimensions = [0]
  // Wrong: linalg.add does not broadcast implicitly (rank 1 against rank 2).
  %1 = linalg.add ins(%row, %m : tensor<4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>
  // Wrong: the map (d0) makes %row's 4 the size of loop d0, but %m's dim 0 is 3 (the map meant is (d1)).
  %2 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%row, %m : tensor<4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}
