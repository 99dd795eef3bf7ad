// PaddlePaddle elementwise ops (rule "pdpd"): Y's shape must be a contiguous
// run of X's dims starting at `axis` (axis = -1: aligned on the right); Y's
// dims are equal to X's or 1.

func.func @correct(%x: tensor<2x3x4x5xf32>, %y: tensor<3x4xf32>, %z: tensor<4x1xf32>) {
  %0 = "pd.elementwise_add"(%x, %y) {axis = 1 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %1 = "pd.elementwise_mul"(%x, %z) {axis = -1 : i32} : (tensor<2x3x4x5xf32>, tensor<4x1xf32>) -> tensor<2x3x4x5xf32>
  return
}

func.func @incorrect(%x: tensor<2x3x4x5xf32>, %y: tensor<3x4xf32>) {
  // Wrong: axis = 0 puts Y's 3x4 against X's 2x3.
  %0 = "pd.elementwise_add"(%x, %y) {axis = 0 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  // Wrong: Y (rank 2) starting at axis 3 runs past X's rank 4.
  %1 = "pd.elementwise_sub"(%x, %y) {axis = 3 : i32} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  return
}
