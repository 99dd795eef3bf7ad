// OpenVINO-style ops: auto_broadcast chooses the rule: "numpy" (the default),
// "pdpd" (with axis) or "none" (shapes must match exactly).

func.func @correct(%a: tensor<8x1x6x1xf32>, %b: tensor<7x1x5xf32>, %c: tensor<2x3x4x5xf32>, %d: tensor<3x4xf32>) {
  %0 = "ov.Add"(%a, %b) {auto_broadcast = "numpy"} : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>
  %1 = "ov.Multiply"(%c, %d) {auto_broadcast = "pdpd", axis = 1 : i64} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  return
}

func.func @incorrect(%a: tensor<8x1x6x1xf32>, %b: tensor<7x1x5xf32>) {
  // Wrong: auto_broadcast = "none" forbids broadcasting; the shapes differ.
  %0 = "ov.Add"(%a, %b) {auto_broadcast = "none"} : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x5xf32>
  // Wrong: numpy gives 8x7x6x5, the declared result says 8x7x6x1.
  %1 = "ov.Subtract"(%a, %b) {auto_broadcast = "numpy"} : (tensor<8x1x6x1xf32>, tensor<7x1x5xf32>) -> tensor<8x7x6x1xf32>
  return
}
