// TFLite's and TensorFlow's neural-network ops (rules/tflite.json,
// rules/tf.json, rules/mlir.json), as their verifiers define them
// (LiteRT tfl_ops.cc, TensorFlow tf_ops_a_m.cc / tf_ops_n_z.cc).
// conv_2d compares its declared result with the windowed sizes (SAME
// ceil(in / stride), VALID ceil((in - (k - 1) x dilation) / stride));
// depthwise_conv_2d, max_pool_2d and average_pool_2d have no verifier: their
// shapes only refine (`build/mlir-shape shapes examples/tflite_nn.mlir`).
// tf.MatMul, tf.DepthwiseConv2dNative, tf.MaxPool and tf.AvgPool have no
// shape verifier either.

func.func @correct(%x: tensor<1x8x8x3xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>, %d: tensor<1x3x3x6xf32>, %f: tensor<2x2x10xf32>, %fw: tensor<40x40xf32>, %fb: tensor<40xf32>, %p: tensor<5x4xf32>, %i: tensor<3xi32>) {
  // SAME, stride 2: ceil(8 / 2) = 4; 16 output channels from the OHWI filter's dim 0.
  %0 = "tfl.conv_2d"(%x, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x4x4x16xf32>
  // Inferred tensor<1x6x6x6xf32>: VALID 3x3 window, channels 3 x depth_multiplier 2.
  %1 = "tfl.depthwise_conv_2d"(%x, %d, %b) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<1x3x3x6xf32>, tensor<16xf32>) -> tensor<*xf32>
  // Inferred tensor<1x4x4x3xf32>: a 2x2 window, stride 2.
  %2 = "tfl.max_pool_2d"(%x) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  // 40 input elements per row of the weights' 40 columns: [1, 40].
  %3 = "tfl.fully_connected"(%f, %fw, %fb) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x2x10xf32>, tensor<40x40xf32>, tensor<40xf32>) -> tensor<1x40xf32>
  // Inferred tensor<3x4xf32>: params' rows picked by three indices.
  %4 = "tfl.gather"(%p, %i) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<*xf32>
  %s = arith.constant dense<[-1, 8]> : tensor<2xi32>
  // 192 elements, -1 takes 192 / 8 = 24.
  %5 = "tfl.reshape"(%x, %s) : (tensor<1x8x8x3xf32>, tensor<2xi32>) -> tensor<24x8xf32>
  return
}

func.func @incorrect(%x: tensor<1x8x8x3xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>, %f: tensor<2x2x11xf32>, %fw: tensor<40x40xf32>, %fb: tensor<40xf32>, %y: tensor<2x4x5xf32>, %z: tensor<3x6x5xf32>, %tw: tensor<32x4x4x128xf32>, %ti: tensor<1x32x42x128xf32>, %h: tensor<1x8x8x6xf32>, %hw: tensor<3x3x4x8xf32>) {
  // Wrong: VALID with a 3x3 window gives 6x6, not 8x8.
  %0 = "tfl.conv_2d"(%x, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  // Wrong: 44 input elements are not a multiple of the weights' 40 columns.
  %1 = "tfl.fully_connected"(%f, %fw, %fb) {fused_activation_function = "NONE", keep_num_dims = false, weights_format = "DEFAULT"} : (tensor<2x2x11xf32>, tensor<40x40xf32>, tensor<40xf32>) -> tensor<1x40xf32>
  // Wrong: batch dims 2 and 3 do not broadcast.
  %2 = "tfl.batch_matmul"(%y, %z) {adj_x = false, adj_y = true} : (tensor<2x4x5xf32>, tensor<3x6x5xf32>) -> tensor<*xf32>
  %s = arith.constant dense<[-1, 10]> : tensor<2xi32>
  // Wrong: 192 elements are not a multiple of 10.
  %3 = "tfl.reshape"(%x, %s) : (tensor<1x8x8x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %o = arith.constant dense<[1, 64, 84, 32]> : tensor<4xi32>
  %n = "tfl.no_value"() {value} : () -> none
  // Wrong: output_shape says 32 channels, the result declares 31.
  %4 = "tfl.transpose_conv"(%o, %tw, %ti, %n) {fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<32x4x4x128xf32>, tensor<1x32x42x128xf32>, none) -> tensor<1x64x84x31xf32>
  // Wrong: 6 input channels are not a multiple of the filter's 4.
  %5 = "tf.Conv2D"(%h, %hw) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x6xf32>, tensor<3x3x4x8xf32>) -> tensor<*xf32>
  %t = "tf.Const"() {value = dense<[8, 8]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Wrong: 192 elements reshaped to 64.
  %6 = "tf.Reshape"(%x, %t) : (tensor<1x8x8x3xf32>, tensor<2xi32>) -> tensor<8x8xf32>
  return
}
