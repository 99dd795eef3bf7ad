// StableHLO data movement (algebra "transpose", "reshape", "slice",
// "dynamic_slice", "dynamic_update_slice", "pad", "concatenate", "reverse",
// "iota", "get_dimension_size", "set_dimension_size", ...): shapes follow
// from the operands and the attributes, bounds included.

func.func @correct(%x: tensor<2x3xf32>, %p: tensor<f32>, %k: tensor<i64>) -> tensor<3x2xf32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.pad %x, %p, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  %2 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %3 = stablehlo.dynamic_slice %x, %k, %k, sizes = [1, 3] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x3xf32>
  %4 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<3x2xf32>
}

func.func @incorrect(%x: tensor<2x3xf32>, %y: tensor<2x2xf32>, %p: tensor<f32>, %k: tensor<i64>) {
  // Wrong: the transpose of 2x3 by [1, 0] is 3x2.
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // Wrong: interior padding 1 makes dim 1 3 + 2 = 5, plus 1 low: 6, not 5.
  %1 = stablehlo.pad %x, %p, low = [0, 1], high = [1, 0], interior = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x5xf32>
  // Wrong: %y's dim 1 (2) differs from %x's (3) off the concatenated dim.
  %2 = stablehlo.concatenate %x, %y, dim = 0 : (tensor<2x3xf32>, tensor<2x2xf32>) -> tensor<4x3xf32>
  // Wrong: slice size 4 exceeds dim 1 (3).
  %3 = stablehlo.dynamic_slice %x, %k, %k, sizes = [1, 4] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  // Wrong: 6 elements cannot become 7.
  %4 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  // Wrong: iota's dim 2 is not a dim of a rank-2 result.
  %5 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  return
}
