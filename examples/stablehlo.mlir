// StableHLO: elementwise ops do not broadcast at all (rule "none": operands and
// result have identical shapes); broadcasting is explicit, with
// stablehlo.broadcast_in_dim, whose broadcast_dimensions maps each operand dim
// to a result dim (rule "xla-in-dim").

func.func @correct(%a: tensor<3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.broadcast_in_dim"(%a) <{broadcast_dimensions = array<i64: 1>}> : (tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "stablehlo.add"(%0, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

func.func @incorrect(%a: tensor<3xf32>, %b: tensor<2x3xf32>) {
  // Wrong: stablehlo.add does not broadcast; broadcast_in_dim %a to 2x3 first.
  %0 = "stablehlo.add"(%a, %b) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // Wrong: dim 0 of %a (3 elements) is mapped to result dim 0, which has 2.
  %1 = "stablehlo.broadcast_in_dim"(%a) <{broadcast_dimensions = array<i64: 0>}> : (tensor<3xf32>) -> tensor<2x3xf32>
  return
}
