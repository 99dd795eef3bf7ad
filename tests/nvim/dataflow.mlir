func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1x3xf32>) -> tensor<*xf32> {
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
