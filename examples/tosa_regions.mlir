// TOSA cond_if and while_loop in the pretty form mlir-opt-22 prints: the
// header `(%a = %x, ...)` binds the inputs (layout items names($1...) for
// cond_if, whose regions declare their own arguments, and bindings($0...)
// for while_loop, whose cond region takes the header's names). Shapes flow
// through the regions as `mlir-opt-22 --tosa-infer-shapes` carries them
// (constraint region_flow).
// Run: build/mlir-shape shapes examples/tosa_regions.mlir

func.func @branches(%c: tensor<i1>, %x: tensor<2x3xf32>) -> tensor<*xf32> {
  // shapes: tensor<?x3xf32> (2x3 and 4x3: the least specific)
  %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2x3xf32>) -> tensor<*xf32> {
  ^bb0(%t: tensor<*xf32>):
    %1 = tosa.abs %t : (tensor<*xf32>) -> tensor<*xf32>
    tosa.yield %1 : tensor<*xf32>
  } else {
  ^bb0(%e: tensor<*xf32>):
    %2 = tosa.concat %e, %e {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    tosa.yield %2 : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}

func.func @loop(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  // shapes: tensor<?x3xf32> (dim 0 grows each iteration)
  %0 = tosa.while_loop (%a = %x) : (tensor<2x3xf32>) -> tensor<*xf32> {
    %g = "tosa.const"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>
    tosa.yield %g : tensor<i1>
  } do {
  ^bb0(%b: tensor<*xf32>):
    %1 = tosa.concat %b, %b {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>
    tosa.yield %1 : tensor<*xf32>
  }
  return %0 : tensor<*xf32>
}

func.func @wrong_results(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<3xf32> {
  // Wrong: the branches yield tensor<2xf32>, the result is tensor<3xf32> [region-types]
  %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xf32>) -> tensor<3xf32> {
  ^bb0(%t: tensor<2xf32>):
    tosa.yield %t : tensor<2xf32>
  } else {
  ^bb0(%e: tensor<2xf32>):
    tosa.yield %e : tensor<2xf32>
  }
  return %0 : tensor<3xf32>
}
