// StableHLO reduce (algebra "reduce"): inputs of compatible shapes reduced
// along `dimensions`, each in range and named once; each result keeps the
// dims not reduced (bounds too). Generic and pretty forms.

func.func @correct(%x: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @incorrect(%x: tensor<2x3xf32>, %i: tensor<f32>) {
  // Wrong: reducing dim 1 of 2x3 leaves 2, not 3.
  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  // Wrong: dimension 2 is out of range for rank 2.
  %1 = "stablehlo.reduce"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  return
}
