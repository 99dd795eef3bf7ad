// Tuples and the pretty while (algebra "get_tuple_element", "tuple",
// "buffer_pinning", "while"): get_tuple_element gives the tuple's element
// `index` (@element's `?` result is inferred tensor<2xi32>); a pretty
// `stablehlo.while(%a = %x) : T cond {...} do {...}` has its operands'
// types as results, so shapes flow on after it; the header names are the
// body's arguments too, so what the body returns is judged (@wrong_loop_body).
// Run: build/mlir-shape check examples/stablehlo_tuple.mlir; build/mlir-shape shapes examples/stablehlo_tuple.mlir

func.func @element(%a: tensor<4xf32>, %b: tensor<2xi32>) -> tensor<?xi32> {
  %t = "stablehlo.tuple"(%a, %b) : (tensor<4xf32>, tensor<2xi32>) -> tuple<tensor<4xf32>, tensor<2xi32>>
  %e = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tensor<2xi32>>) -> tensor<?xi32>
  return %e : tensor<?xi32>
}

func.func @wrong_index(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {
  // Wrong: index 2 is out of bounds of operand with size 2 [tuple-index]
  %0 = "stablehlo.get_tuple_element"(%t) {index = 2 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  return %0 : tensor<f32>
}

func.func @wrong_tuple(%a: tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<3xf32>> {
  // Wrong: the tuple of two tensor<4xf32> is declared with a tensor<3xf32> element [result-shape]
  %0 = "stablehlo.tuple"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tuple<tensor<4xf32>, tensor<3xf32>>
  return %0 : tuple<tensor<4xf32>, tensor<3xf32>>
}

func.func @wrong_unpin(%m: memref<2xf32>) -> tensor<2xi32> {
  // Wrong: Unpin custom_call should have compatible input and output types [buffer-pinning]
  %0 = "stablehlo.custom_call"(%m) {call_target_name = "Unpin", api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

func.func @loop(%x: tensor<4xf32>, %n: tensor<i64>) -> tensor<4xf32> {
  %r:2 = stablehlo.while(%it = %x, %i = %n) : tensor<4xf32>, tensor<i64>
   cond {
    %c = stablehlo.compare  LT, %i, %i,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %it, %i : tensor<4xf32>, tensor<i64>
  }
  %s = stablehlo.add %r#0, %r#0 : tensor<4xf32>
  return %s : tensor<4xf32>
}

func.func @wrong_loop_body(%x: tensor<4xf32>, %n: tensor<i64>) -> tensor<4xf32> {
  // Wrong: expect operands to be compatible with body block return types but got 'tensor<4xf32>', 'tensor<i64>' vs 'tensor<4xf32>' [region-types]
  %r:2 = stablehlo.while(%it = %x, %i = %n) : tensor<4xf32>, tensor<i64>
   cond {
    %c = stablehlo.compare  LT, %i, %i,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %it : tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}
