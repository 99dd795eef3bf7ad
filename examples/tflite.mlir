// TensorFlow Lite (LiteRT's tfl dialect). Binary ops broadcast numpy-wise
// (ResultsBroadcastableShape), but the kernels only up to a rank (6 for
// add/sub/mul/div, 5 for maximum/minimum/select_v2, 4 for the others)
// unless the shapes are identical. prelu's alpha broadcasts one way onto the
// input, with one rank less; broadcast_to takes its shape from a constant.

func.func @correct(%x: tensor<1x2x3x4xf32>, %alpha: tensor<2x1x4xf32>, %a: tensor<2x3x4x5x6xf32>, %b: tensor<6xf32>, %v: tensor<3xf32>) {
  %0 = "tfl.prelu"(%x, %alpha) : (tensor<1x2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<1x2x3x4xf32>
  %1 = "tfl.maximum"(%a, %b) : (tensor<2x3x4x5x6xf32>, tensor<6xf32>) -> tensor<2x3x4x5x6xf32>
  %shape = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.broadcast_to"(%v, %shape) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

func.func @incorrect(%x: tensor<1x2x3x4xf32>, %y: tensor<1x2x3x4xf32>, %big: tensor<1x2x3x4x5x6xf32>, %b: tensor<6xf32>, %v: tensor<3xf32>) {
  // Wrong: alpha must have one rank less than the input.
  %0 = "tfl.prelu"(%x, %y) : (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
  // Wrong: maximum broadcasts only up to rank 5.
  %1 = "tfl.maximum"(%big, %b) : (tensor<1x2x3x4x5x6xf32>, tensor<6xf32>) -> tensor<1x2x3x4x5x6xf32>
  %shape = "tfl.pseudo_const"() {value = dense<[2, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Wrong: 3 does not broadcast to 4.
  %2 = "tfl.broadcast_to"(%v, %shape) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x4xf32>
  return
}

// Structured ops on the shared algebra: transpose by a constant perm,
// concatenation along axis (negative axes count from the end).
func.func @structured(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>) {
  %perm = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tfl.transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %1 = "tfl.concatenation"(%x, %y) {axis = -1 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  // Wrong: perm [1, 0] of 2x3 is 3x2.
  %2 = "tfl.transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // Wrong: along axis 0 the other dims must agree, and 3 != 4.
  %3 = "tfl.concatenation"(%x, %y) {axis = 0 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// pack, unpack, split, split_v, slice and pad as TFLite's verifiers define
// them (stacking.c).
func.func @stacking(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x4xf32>, %x: tensor<16x4xf32>, %p: tensor<3x2xi32>) {
  %0 = "tfl.pack"(%a, %b) {axis = 1 : i32, values_count = 2 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  %1:3 = "tfl.unpack"(%a) {axis = 1 : i32, num = 3 : i32} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %dim = arith.constant dense<0> : tensor<i32>
  %sizes = arith.constant dense<[4, -1]> : tensor<2xi32>
  %2:2 = "tfl.split_v"(%x, %sizes, %dim) {num_splits = 2 : i32} : (tensor<16x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x4xf32>, tensor<12x4xf32>)
  // Wrong: pack's inputs must have one shape.
  %3 = "tfl.pack"(%a, %c) {axis = 0 : i32, values_count = 2 : i32} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x2x3xf32>
  // Wrong: 16 does not split evenly into 3.
  %4:3 = "tfl.split"(%dim, %x) {num_splits = 3 : i32} : (tensor<i32>, tensor<16x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %bad = arith.constant dense<[4, 11]> : tensor<2xi32>
  // Wrong: the sizes sum to 15, not 16.
  %5:2 = "tfl.split_v"(%x, %bad, %dim) {num_splits = 2 : i32} : (tensor<16x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x4xf32>, tensor<11x4xf32>)
  // Wrong: the paddings have 3 rows for a rank-2 input.
  %6 = "tfl.pad"(%x, %p) : (tensor<16x4xf32>, tensor<3x2xi32>) -> tensor<*xf32>
  return
}
