// TOSA elementwise ops (rule "mlir" with equal ranks): operands must have the
// same rank (use tosa.reshape to add the unit dims), then broadcast dims of 1.

func.func @correct(%a: tensor<13x21x3xf32>, %b: tensor<13x1x3xf32>) -> tensor<13x21x3xf32> {
  %0 = "tosa.add"(%a, %b) : (tensor<13x21x3xf32>, tensor<13x1x3xf32>) -> tensor<13x21x3xf32>
  return %0 : tensor<13x21x3xf32>
}

func.func @incorrect(%a: tensor<13x21x3xf32>, %b: tensor<3xf32>, %c: tensor<13x2x3xf32>) {
  // Wrong: ranks 3 and 1; TOSA does not extend ranks (reshape %b to 1x1x3 first).
  %0 = "tosa.add"(%a, %b) : (tensor<13x21x3xf32>, tensor<3xf32>) -> tensor<13x21x3xf32>
  // Wrong: dim 1 is 21 against 2, neither is 1.
  %1 = "tosa.sub"(%a, %c) : (tensor<13x21x3xf32>, tensor<13x2x3xf32>) -> tensor<13x21x3xf32>
  return
}
