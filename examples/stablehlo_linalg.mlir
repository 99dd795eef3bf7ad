// StableHLO linear algebra and friends (algebra "triangular_solve",
// "cholesky", "fft", "batch_norm_*", "rng", "sort", "map", CHLO "top_k").

func.func @correct(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>, %r: tensor<8xf32>, %s: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<5xcomplex<f32>>
  %2:2 = "chlo.top_k"(%s) {k = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return %0 : tensor<3x4xf32>
}

func.func @incorrect(%a: tensor<3x3xf32>, %b: tensor<4x3xf32>, %c: tensor<3x4xf32>, %r: tensor<8xf32>, %s: tensor<4xf32>, %x: tensor<2x3xf32>, %f: tensor<2xf32>) {
  // Wrong: left_side solves a x = b, so b's dim 0 must be a's size (3).
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<4x3xf32>) -> tensor<4x3xf32>
  // Wrong: cholesky's matrix must be square.
  %1 = "stablehlo.cholesky"(%c) {lower = true} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  // Wrong: an RFFT of length 8 gives 8 / 2 + 1 = 5 values.
  %2 = stablehlo.fft %r, type = RFFT, length = [8] : (tensor<8xf32>) -> tensor<4xcomplex<f32>>
  // Wrong: k (5) exceeds the last dim (4).
  %3:2 = "chlo.top_k"(%s) {k = 5 : i64} : (tensor<4xf32>) -> (tensor<5xf32>, tensor<5xi32>)
  // Wrong: scale and offset must be as long as feature dim 1 (3).
  %4:3 = "stablehlo.batch_norm_training"(%x, %f, %f) {epsilon = 0.001 : f32, feature_index = 1 : i64} : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
  return
}
