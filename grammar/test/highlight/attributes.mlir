// Attributes, properties, dictionaries and file metadata.

#set = affine_set<(d0) : (d0 - 1 >= 0)>
// <- attribute
//     ^ attribute

%1 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} ins(%0 : tensor<4x?xf32>) outs(%0 : tensor<4x?xf32>) {
//   ^ namespace
//          ^ function.call
//                   ^ property
//                                    ^ attribute
//                                                                          ^ keyword
^bb0(%in: f32, %out: f32):
// <- label
//   ^ variable.parameter
  linalg.yield %in : f32
  //           ^ variable
} -> tensor<4x?xf32>

%0 = "test.op"() <{axis = 1 : i64, mode = #test.mode<fast>}> {
//               ^ punctuation.bracket
//                 ^ property
//                        ^ number
//                            ^ type.builtin
//                                        ^ attribute
//                                                         ^ punctuation.bracket
  note = "spans lines",
  // <- property
  //     ^ string
  arr = array<i64: 1, 2>,
  //    ^ attribute
  map = affine_map<(d0) -> (d0)>
  //    ^ attribute
} : () -> tensor<4x?xf32> loc(unknown)
//        ^ type
//                        ^ comment.documentation

{-#
// <- punctuation.bracket
  dialect_resources: {
  // <- property
    builtin: {
      blob: "0x04000000"
      //    ^ string
    }
  }
#-}
