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

// clamp's min/max and select's pred are scalars or have the operand's
// shape; broadcast prepends broadcast_sizes; dynamic_broadcast_in_dim's
// result is the constant output_dimensions; a `#stablehlo.bounds` bound is
// the largest size of a dynamic dim.
func.func @families(%x: tensor<2x3xf32>, %lo: tensor<f32>, %row: tensor<3xf32>, %p: tensor<3xi1>, %s: tensor<3xi32>, %b: tensor<?xf32, #stablehlo.bounds<2>>, %c: tensor<3xf32>) {
  %0 = "stablehlo.clamp"(%lo, %x, %lo) : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // Wrong: min is neither a scalar nor 2x3.
  %1 = "stablehlo.clamp"(%row, %x, %lo) : (tensor<3xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // Wrong: pred is neither a scalar nor 2x3.
  %2 = "stablehlo.select"(%p, %x, %x) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // Wrong: broadcast_sizes [2] before 3 gives 2x3.
  %3 = "stablehlo.broadcast"(%s) {broadcast_sizes = array<i64: 2>} : (tensor<3xi32>) -> tensor<1x3xi32>
  %shape = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  // Wrong: output_dimensions say 1x3.
  %4 = stablehlo.dynamic_broadcast_in_dim %row, %shape, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  // Wrong: %b has at most 2 elements, %c has 3.
  %5 = "stablehlo.add"(%b, %c) : (tensor<?xf32, #stablehlo.bounds<2>>, tensor<3xf32>) -> tensor<?xf32>
  return
}
