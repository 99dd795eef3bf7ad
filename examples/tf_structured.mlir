// TensorFlow and TFLite structured ops beyond broadcasting (rules/tf.json,
// rules/tflite.json). TensorFlow's verifiers check BatchMatMulV2's batch
// dims, rows and columns (not its contracting dims); Conv2D its ranks,
// channels and result (tflite_nn.mlir); pools and StridedSlice only refine
// their results (`mlir-shape shapes` shows them).
// TFLite's ODS traits check the 3-D convolutions' channels, the operands'
// ranks, and strided_slice's rank limit.

func.func @correct(%x: tensor<2x3x4xf32>, %y: tensor<1x5x4xf32>, %i: tensor<1x32x32x3xf32>, %w: tensor<3x3x3x8xf32>) {
  %0 = "tf.BatchMatMulV2"(%x, %y) {adj_x = false, adj_y = true} : (tensor<2x3x4xf32>, tensor<1x5x4xf32>) -> tensor<2x3x5xf32>
  // Inferred tensor<1x16x16x8xf32>: SAME padding, stride 2.
  %1 = "tf.Conv2D"(%i, %w) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x32x32x3xf32>, tensor<3x3x3x8xf32>) -> tensor<*xf32>
  %b = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[0, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Inferred tensor<2x4xf32>: dim 0 shrunk, dim 1 sliced 1:3, dim 2 whole.
  %2 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

func.func @incorrect(%x: tensor<2x3x4xf32>, %y: tensor<1x5x4xf32>, %v: tensor<2x3x4x5x2xf32>, %f: tensor<2x2x2x3x3xf32>, %bias: tensor<3xf32>, %t: tensor<12x2x2x5xf32>, %k: tensor<1xi32>) {
  // Wrong: the columns of the result are y's (5 with adj_y), not 7.
  %0 = "tf.BatchMatMulV2"(%x, %y) {adj_x = false, adj_y = true} : (tensor<2x3x4xf32>, tensor<1x5x4xf32>) -> tensor<2x3x7xf32>
  // Wrong: the input's channels (2) are not the filter's dim 3 (3).
  %1 = "tfl.conv_3d"(%v, %f, %bias) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, padding = "SAME", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32, fused_activation_function = "NONE"} : (tensor<2x3x4x5x2xf32>, tensor<2x2x2x3x3xf32>, tensor<3xf32>) -> tensor<?x?x?x?x?xf32>
  // Wrong: rank 4 and three new axes is beyond TFLite's 6.
  %2 = "tfl.strided_slice"(%t, %k, %k, %k) {begin_mask = 0 : i32, ellipsis_mask = 0 : i32, end_mask = 0 : i32, new_axis_mask = 7 : i32, shrink_axis_mask = 0 : i32, offset = false} : (tensor<12x2x2x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return
}

// TensorFlow's data movement as its verifiers check it (tf_ops_a_m.cc,
// tf_ops_n_z.cc): ConcatV2 lets the values differ at one dim index only,
// Slice keeps begin + size within each dim, Tile's static output dims are
// the input's times the multiples, Transpose's the input's in perm's order.
func.func @movement(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %c: tensor<5x4xf32>) {
  %ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%a, %b, %ax) : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<2x7xf32>
  %begin = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %size = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Inferred tensor<1x3xf32>: one row from row 1, every column.
  %1 = "tf.Slice"(%a, %begin, %size) : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  %m = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Tile"(%a, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Transpose"(%a, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  // Wrong: %b and %c differ at dim 0 and %a at dim 1: two indices.
  %4 = "tf.ConcatV2"(%b, %c, %a, %ax) : (tensor<2x4xf32>, tensor<5x4xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %big = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Wrong: rows 1 and 2 of a dim of 2.
  %5 = "tf.Slice"(%a, %begin, %big) : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  // Wrong: 3 x 1 is 3, not 6.
  %6 = "tf.Tile"(%a, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x6xf32>
  // Wrong: perm [1, 0] of 2x3 is 3x2.
  %7 = "tf.Transpose"(%a, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}
