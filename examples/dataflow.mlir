// Shapes flow through SSA values: a value declared less precisely than it
// is (tensor<*xf32>, tensor<?x?xf32>) still has the shape its producer
// infers, and the ops that use it are checked at that shape. Hover a value
// in the language server to see its inferred type and where it came from;
// `mlir-shape shapes examples/dataflow.mlir` lists them all.

// Correct: %0 is 2x3 and %1 keeps it; the refine actions rewrite the
// declared types to the inferred ones and the function still verifies.
func.func @correct(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1x3xf32>) -> tensor<*xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<?x?xf32>
  %2 = "tf.Sub"(%1, %0) : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>
  return %2 : tensor<*xf32>
}

// Each op is valid at its declared types; the error is in what %0 is.
func.func @incorrect(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  // Wrong: %0 is 2x3 (2x1 against 3), and 2x3 against 4 never broadcasts.
  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// TOSA before --tosa-infer-shapes: unranked intermediates in pretty form.
func.func @tosa_correct(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>, %c: tensor<2x3xf32>) -> tensor<*xf32> {
  %0 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>
  %1 = tosa.sub %0, %c : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

func.func @tosa_incorrect(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>, %c: tensor<2x4xf32>) -> tensor<*xf32> {
  %0 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>
  // Wrong: %0 is 2x3, and dim 1 is 3 against 4.
  %1 = tosa.sub %0, %c : (tensor<*xf32>, tensor<2x4xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}
