func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  %1 = "test.broadcastable"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<?xi32>
  return %0 : tensor<3xi32>
}
