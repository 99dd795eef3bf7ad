// tensor.splat and tensor.empty (rule "splat"): one index operand per `?`
// dim of the result, and a splat's value has the result's element type.

func.func @correct(%v: f32, %n: index) -> tensor<?x4xf32> {
  %0 = tensor.splat %v[%n] : tensor<?x4xf32>
  %1 = tensor.empty(%n) : tensor<2x?xf32>
  return %0 : tensor<?x4xf32>
}

func.func @incorrect(%v: f32, %n: index) {
  // Wrong: two sizes for one `?`.
  %0 = tensor.splat %v[%n, %n] : tensor<?x4xf32>
  // Wrong: no size for the `?`.
  %1 = "tensor.splat"(%v) : (f32) -> tensor<?x4xf32>
  // Wrong: tensor<3x4xf32> is static, so tensor.empty takes no size.
  %2 = tensor.empty(%n) : tensor<3x4xf32>
  return
}
