// Highlight assertions (tree-sitter's test format), checked by
// tests/unit/test_queries.c against grammar/queries/highlights.scm.
// <- comment

#map = affine_map<(d0, d1) -> (d1, d0)>
// <- attribute
//     ^ attribute
!qtype = !quant.uniform<i8:f32, 0.1>
// <- type
//        ^ type

module @outer attributes {test.flag} {
// <- keyword
//     ^ namespace
//     ^ module
//            ^ keyword
//                       ^ punctuation.bracket
  func.func private @decl(tensor<2xf32>) -> tensor<2xf32>
  // <- keyword.function
  //        ^ keyword.modifier
  //                ^ function
  //                      ^ type
  //                                     ^ operator

  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>) -> tensor<2x3xf32> {
  //        ^ function
  //           ^ variable.parameter
  //                  ^ type
  //                                 ^ punctuation.delimiter
    %0 = arith.addf %arg0, %arg1 : tensor<2x3xf32>
    // <- variable
    //   ^ namespace
    //   ^ !function.call
    //        ^ punctuation.delimiter
    //         ^ function.call
    //         ^ !namespace
    //              ^ variable
    //                           ^ punctuation.delimiter
    %1 = "tosa.add"(%0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    //   ^ function.call
    //    ^ function.call
    //    ^ !namespace
    //         ^ function.call
    //             ^ punctuation.bracket
    //               ^ variable
    //                                                            ^ operator
    %2 = "my weird op"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    //   ^ function.call
    //      ^ function.call
    %c = arith.constant dense<1.0> : tensor<2x3xf32>
    //                  ^ attribute
    %i = arith.constant 42 : i32
    //                  ^ number
    //                  ^ constant.numeric
    //                       ^ type.builtin
    %s:2 = "test.pair"() {flag = true, name = "x", none, sym = @f} : () -> (i1, i1)
    // <- variable
    //                    ^ property
    //                           ^ boolean
    //                           ^ constant.builtin.boolean
    //                                        ^ string
    //                                                         ^ string.special.symbol
    %r = func.call @decl(%c) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    //             ^ string.special.symbol
    cf.br ^bb1(%2 : tensor<2x3xf32>)
    // <- namespace
    //    ^ label
  ^bb1(%x: tensor<2x3xf32>):
  // <- label
  //   ^ variable.parameter
    %3 = scf.for %iv = %lb to %ub step %st iter_args(%acc = %x) -> (tensor<2x3xf32>) {
    //   ^ namespace
    //       ^ function.call
    //                     ^ keyword
    //                            ^ keyword
      scf.yield %acc : tensor<2x3xf32>
      // <- namespace
      //  ^ function.call
    } loc("f.mlir":3:4)
    //^ comment.documentation
    return %3 : tensor<2x3xf32>
    // <- keyword.return
    //     ^ variable
  }
  "func.func"() ({}) {sym_name = "g", function_type = () -> ()} : () -> ()
  // <- function.call
  //^ !keyword.function
  //     ^ function.call
}

// -----
// <- comment

"test.unit"() {u, v = unit, w = [1, 2]} : () -> ()
//             ^ property
//                    ^ constant.builtin
//                              ^ punctuation.bracket
//                               ^ number
