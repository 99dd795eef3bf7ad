// ONNX (as onnx-mlir spells it). Since opset 7, elementwise ops use numpy
// multidirectional broadcasting; older models carry {broadcast = 1, axis = N}:
// B is then aligned at axis N of A (the "pdpd" rule). onnx.Expand broadcasts
// its input against a shape given as a constant (bidirectional).

func.func @correct(%a: tensor<2x3x4x5xf32>, %b: tensor<5xf32>, %c: tensor<3x4xf32>, %x: tensor<3x1xf32>) {
  %0 = "onnx.Add"(%a, %b) : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>
  %1 = "onnx.Mul"(%a, %c) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %shape = onnx.Constant dense<[2, 1, 6]> : tensor<3xi64>
  %2 = "onnx.Expand"(%x, %shape) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
  return
}

func.func @incorrect(%a: tensor<2x3x4x5xf32>, %c: tensor<3x4xf32>, %x: tensor<3x1xf32>) {
  // Wrong: numpy aligns 3x4 with the last dims 4x5 (use the legacy axis, or reshape).
  %0 = "onnx.Add"(%a, %c) : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  // Wrong: axis = 2 puts 3x4 against dims 4x5.
  %1 = "onnx.Mul"(%a, %c) {axis = 2 : si64, broadcast = 1 : si64} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %shape = onnx.Constant dense<[2, 4, 6]> : tensor<3xi64>
  // Wrong: the target shape [2, 4, 6] has 4 where the input has 3.
  %2 = "onnx.Expand"(%x, %shape) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x4x6xf32>
  return
}

// Unidirectional broadcasting: PRelu's slope onto X, Gemm's C onto the
// (M, N) result; never the other way.
func.func @unidirectional(%x: tensor<2x3x4xf32>, %slope: tensor<3x1xf32>, %a: tensor<5x7xf32>, %b: tensor<7x6xf32>, %c: tensor<6xf32>, %wide: tensor<5x2x3x4xf32>, %c2: tensor<4x6xf32>) {
  %0 = "onnx.PRelu"(%x, %slope) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "onnx.Gemm"(%a, %b, %c) : (tensor<5x7xf32>, tensor<7x6xf32>, tensor<6xf32>) -> tensor<5x6xf32>
  // Wrong: the slope has a higher rank than X.
  %2 = "onnx.PRelu"(%x, %wide) : (tensor<2x3x4xf32>, tensor<5x2x3x4xf32>) -> tensor<2x3x4xf32>
  // Wrong: C (4x6) does not broadcast onto the 5x6 result.
  %3 = "onnx.Gemm"(%a, %b, %c2) : (tensor<5x7xf32>, tensor<7x6xf32>, tensor<4x6xf32>) -> tensor<5x6xf32>
  return
}

// Structured ops on the shared algebra: Transpose permutes dims by perm,
// Concat adds sizes along axis (negative axes count from the end).
func.func @structured(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>, %z: tensor<1x2x3xf32>) {
  %0 = "onnx.Concat"(%x, %y) {axis = -1 : si64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %1 = "onnx.Transpose"(%z) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  // Wrong: along axis 0 the other dims must agree, and 3 != 4.
  %2 = "onnx.Concat"(%x, %y) {axis = 0 : si64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<*xf32>
  // Wrong: perm [0, 2, 1] of 1x2x3 is 1x3x2.
  %3 = "onnx.Transpose"(%z) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return
}
