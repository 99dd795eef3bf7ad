// TOSA convolutions and pooling (algebra "convolution" and "pool" with
// TOSA's options: flat padding, exact stride division, bias channels,
// channel checks the specification makes but LLVM 22's verifier does not).
// Errors are what mlir-opt-22 rejects; `spec-violation` warnings what only
// the TOSA specification's ERROR_IF forbids.
// Run: build/mlir-shape check examples/tosa_convolution.mlir

func.func @conv2d(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %z: tensor<1xf32>) -> tensor<1x8x6x4xf32> {
  %0 = tosa.conv2d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x6x4xf32>
  return %0 : tensor<1x8x6x4xf32>
}

func.func @wrong_stride(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>, %z: tensor<1xf32>) -> tensor<1x3x6x4xf32> {
  // Wrong: 8 - 1 + 0 + 0 - (3 - 1) = 5 does not divide by stride 2 [window]
  %0 = "tosa.conv2d"(%x, %w, %b, %z, %z) {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x6x4xf32>
  return %0 : tensor<1x3x6x4xf32>
}

func.func @wrong_bias(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<5xf32>, %z: tensor<1xf32>) -> tensor<1x6x6x4xf32> {
  // Wrong: a bias of 5 channels for 4 output channels [bias-channels]
  %0 = tosa.conv2d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, tensor<5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

func.func @channels_warn(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x5xf32>, %b: tensor<4xf32>, %z: tensor<1xf32>) -> tensor<1x6x6x4xf32> {
  // Warning only: 3 input channels, a weight for 5 (the specification's ERROR_IF) [spec-violation]
  %0 = tosa.conv2d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x5xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x6x6x4xf32>
}

func.func @depthwise(%x: tensor<1x4x4x3xf32>, %w: tensor<3x3x3x2xf32>, %b: tensor<6xf32>, %z: tensor<1xf32>) -> tensor<*xf32> {
  // shapes: tensor<1x2x2x6xf32> (3 channels x multiplier 2)
  %0 = tosa.depthwise_conv2d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x4x4x3xf32>, tensor<3x3x3x2xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @conv3d(%x: tensor<1x8x8x8x3xf32>, %w: tensor<4x3x3x3x3xf32>, %b: tensor<4xf32>, %z: tensor<1xf32>) -> tensor<1x6x6x6x4xf32> {
  %0 = tosa.conv3d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1, 1>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>} : (tensor<1x8x8x8x3xf32>, tensor<4x3x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x6x6x4xf32>
  return %0 : tensor<1x6x6x6x4xf32>
}

func.func @wrong_transpose(%x: tensor<1x4x4x3xf32>, %w: tensor<5x3x3x3xf32>, %b: tensor<5xf32>, %z: tensor<1xf32>) -> tensor<1x9x9x5xf32> {
  // Wrong: (4 - 1) * 2 + 0 + 1 + 3 = 10 rows, not 9 [result-shape]
  %0 = tosa.transpose_conv2d %x, %w, %b, %z, %z {acc_type = f32, out_pad = array<i64: 0, 1, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x4x4x3xf32>, tensor<5x3x3x3xf32>, tensor<5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x9x9x5xf32>
  return %0 : tensor<1x9x9x5xf32>
}

func.func @max_pool(%x: tensor<1x8x8x3xf32>) -> tensor<*xf32> {
  // shapes: tensor<1x4x4x3xf32> ((8 + 1 + 0 - 3) / 2 + 1)
  %0 = tosa.max_pool2d %x {kernel = array<i64: 3, 2>, pad = array<i64: 1, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

func.func @wrong_pool_pad(%x: tensor<1x8x8x3xf32>, %z: tensor<1xf32>) -> tensor<1x8x8x3xf32> {
  // Wrong: padding 3 is not below the kernel's 3 [window]
  %0 = tosa.avg_pool2d %x, %z, %z {acc_type = f32, kernel = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 3>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x3xf32>
  return %0 : tensor<1x8x8x3xf32>
}
