// CHLO broadcasting ops: without broadcast_dimensions, numpy rules (align on
// the right); with broadcast_dimensions, XLA's rule: dim i of the lower-rank
// operand maps to dim broadcast_dimensions[i] of the higher-rank one.

func.func @correct(%a: tensor<4x5xf32>, %b: tensor<5xf32>, %c: tensor<4xf32>) {
  %0 = "chlo.broadcast_add"(%a, %b) : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  // %c has 4 elements: map it to dim 0 (the rows) explicitly.
  %1 = "chlo.broadcast_multiply"(%a, %c) {broadcast_dimensions = array<i64: 0>} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  return
}

func.func @incorrect(%a: tensor<4x5xf32>, %c: tensor<4xf32>) {
  // Wrong: aligned on the right, 4 meets 5 (add broadcast_dimensions = array<i64: 0>).
  %0 = "chlo.broadcast_add"(%a, %c) : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  // Wrong: broadcast_dimensions maps %c's 4 elements onto dim 1, which has 5.
  %1 = "chlo.broadcast_multiply"(%a, %c) {broadcast_dimensions = array<i64: 1>} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>
  return
}
