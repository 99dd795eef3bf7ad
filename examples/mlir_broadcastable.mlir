// The MLIR `Broadcastable` trait (rule "mlir"): test.broadcastable and the
// TensorFlow binary ops. Shapes are aligned on the right; each pair of dims
// must be equal or one of them 1; the result has the broadcast shape.

func.func @correct(%a: tensor<15x28x28x1xf32>, %b: tensor<1xf32>, %c: tensor<3x1xi32>, %d: tensor<1x4xi32>) {
  %0 = "tf.AddV2"(%a, %b) : (tensor<15x28x28x1xf32>, tensor<1xf32>) -> tensor<15x28x28x1xf32>
  %1 = "test.broadcastable"(%c, %d) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
  return
}

func.func @incorrect(%a: tensor<4x3xf32>, %b: tensor<4xf32>, %c: tensor<3x1xi32>, %d: tensor<1x4xi32>) {
  // Wrong: the trailing dims 3 and 4 differ and neither is 1 (did you mean tensor<4x1xf32>?).
  %0 = "tf.Mul"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>
  // Wrong: 3x1 and 1x4 broadcast to 3x4, not 3x1.
  %1 = "test.broadcastable"(%c, %d) : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x1xi32>
  return
}
