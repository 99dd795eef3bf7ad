// TOSA resize, table, fft2d, rfft2d and rescale, as LLVM 22 verifies them
// and --tosa-infer-shapes infers them (algebra "resize" of the window
// family; "dim_map" with same_dims, halved, power_of_two, channel_operands).
// resize's scale, offset and border are constant shapes (tosa.const_shape):
// OH = ((IH - 1) * scale_y_n - offset_y + border_y) / scale_y_d + 1.
// Run: build/mlir-shape check examples/tosa_ops.mlir

func.func @resize(%x: tensor<1x15x13x1xf32>) -> tensor<?x?x?x?xf32> {
  %s = tosa.const_shape {values = dense<[11, 7, 89, 6]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  // shapes: tensor<1x23x179x1xf32>
  %0 = tosa.resize %x, %s, %o, %o {mode = NEAREST_NEIGHBOR} : (tensor<1x15x13x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<?x?x?x?xf32>
  return %0 : tensor<?x?x?x?xf32>
}

func.func @wrong_resize(%x: tensor<1x4x4x1xf32>) -> tensor<1x?x?x1xf32> {
  %s = tosa.const_shape {values = dense<[2, 4, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %o = tosa.const_shape {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
  // Wrong: (4 - 1) * 2 is not divisible by 4 [resize-scale]
  %0 = tosa.resize %x, %s, %o, %o {mode = BILINEAR} : (tensor<1x4x4x1xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x?x?x1xf32>
  return %0 : tensor<1x?x?x1xf32>
}

func.func @table(%x: tensor<4x?xi16>, %t: tensor<513xi16>) -> tensor<*xi16> {
  // shapes: tensor<4x?xi16>
  %0 = tosa.table %x, %t : (tensor<4x?xi16>, tensor<513xi16>) -> tensor<*xi16>
  return %0 : tensor<*xi16>
}

func.func @wrong_table(%x: tensor<4x5xi16>, %t: tensor<513xi16>) -> tensor<4x6xi16> {
  // Wrong: the result must have the input's shape [result-shape]
  %0 = "tosa.table"(%x, %t) : (tensor<4x5xi16>, tensor<513xi16>) -> tensor<4x6xi16>
  return %0 : tensor<4x6xi16>
}

func.func @rfft2d(%x: tensor<1x4x8xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  // shapes: tensor<1x4x5xf32> (width / 2 + 1)
  %0, %1 = tosa.rfft2d %x : (tensor<1x4x8xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

func.func @wrong_fft2d(%re: tensor<1x4x6xf32>, %im: tensor<1x4x6xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  // Wrong: the width 6 is not a power of two [power-of-two]
  %0, %1 = tosa.fft2d %re, %im {inverse = false} : (tensor<1x4x6xf32>, tensor<1x4x6xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

func.func @wrong_rescale(%x: tensor<2x3xi8>, %m: tensor<2xi32>, %s: tensor<3xi8>, %iz: tensor<1xi8>, %oz: tensor<1xi32>) -> tensor<2x3xi32> {
  // Wrong: per channel, the multiplier needs one value per channel (3) [channel-count]
  %0 = tosa.rescale %x, %m, %s, %iz, %oz {input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<2x3xi8>, tensor<2xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}
