// Control-flow family (algebra "conditional", "while"): operands, region
// arguments, yields and results agree, and shapes flow through them: the
// `?` result of @pick is inferred 2x3 from both branches.
// Run: build/mlir-shape check examples/control.mlir; build/mlir-shape shapes examples/control.mlir

func.func @pick(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<2x3xf32>) -> ()
  }, {
    "stablehlo.return"(%b) : (tensor<2x3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @wrong_branches(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // error: the branches return 2 and 3 elements [region-types]
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%a) : (tensor<2xf32>) -> ()
  }, {
    "stablehlo.return"(%b) : (tensor<3xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

func.func @wrong_loop(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  // error: the body returns tensor<8xf32> for a tensor<4xf32> operand [region-types]
  %0 = "stablehlo.while"(%x) ({
  ^bb0(%c: tensor<4xf32>):
    %t = "stablehlo.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
    "stablehlo.return"(%t) : (tensor<i1>) -> ()
  }, {
  ^bb0(%c: tensor<4xf32>):
    %d = "stablehlo.concatenate"(%c, %c) {dimension = 0 : i64} : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    "stablehlo.return"(%d) : (tensor<8xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
