func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = arith.addi %a, %b : tensor<3xi32>
  %1 = "test.broadcastable"(%0, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  return %1 : tensor<3xi32>
}
