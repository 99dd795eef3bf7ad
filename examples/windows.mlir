// Window family (algebra "reduce_window", "select_and_scatter"): the window
// has one size per dim; strides, dilations and padding fit it; the result
// (reduce_window) or the source (select_and_scatter) is the window's output
// shape. Run: build/mlir-shape check examples/windows.mlir

func.func @pool(%x: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<?x?xf32> {
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @wrong_stride(%x: tensor<4x6xf32>, %i: tensor<f32>) -> tensor<2x3xf32> {
  // error: a stride of 0 [window]
  %0 = "stablehlo.reduce_window"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

func.func @wrong_source(%x: tensor<4x6xf32>, %src: tensor<2x2xf32>, %i: tensor<f32>) -> tensor<4x6xf32> {
  // error: the window's output over 4x6 is 2x3, not the source's 2x2 [window]
  %0 = "stablehlo.select_and_scatter"(%x, %src, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
