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

// tosa.matmul (algebra "dot_general" with fixed dims, constraint
// "spec_warnings"): a NxHxC times b NxCxW is NxHxW. mlir-opt-22 checks no
// shape of it, so what the TOSA specification forbids (a C of 4 against 5)
// is a `spec-violation` warning, never an error; `shapes` infers %1 2x?x6
// as `--tosa-infer-shapes` does.
func.func @matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x5x6xf32>, %c: tensor<2x?x4xf32>, %d: tensor<?x4x6xf32>, %z: tensor<1xf32>) -> tensor<*xf32> {
  // warning [spec-violation]: C is 4 in a, 5 in b.
  %0 = tosa.matmul %a, %b, %z, %z : (tensor<2x3x4xf32>, tensor<2x5x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3x6xf32>
  %1 = tosa.matmul %c, %d, %z, %z : (tensor<2x?x4xf32>, tensor<?x4x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
