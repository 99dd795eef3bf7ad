/*
** codes_tuple.c: the registry rows of the tuple family (algebra/tuple.c):
** StableHLO's get_tuple_element index and the Pin/Unpin buffer custom
** calls. codes.c reads this table after the others. Examples are checked
** by tests/cli/ci.sh like the others.
*/
#include "codes.h"

const ms_code_info ms_codes_tuple[] = {
  {"tuple-index", MS_SEVERITY_ERROR,
   "get_tuple_element's index is not an element of its tuple operand.",
   "StableHLO's get_tuple_element takes element `index` of a `tuple<...>` operand, so `index` must be below the "
   "tuple's size (get_tuple_element_c1); its result is that element's type (c2). The verifier's message: \"index 2 "
   "is out of bounds of operand with size 2\".",
   "func.func @f(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {\n"
   "  %0 = \"stablehlo.get_tuple_element\"(%t) {index = 2 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n"
   "  return %0 : tensor<f32>\n"
   "}\n",
   "func.func @f(%t: tuple<tensor<f32>, tensor<i32>>) -> tensor<f32> {\n"
   "  %0 = \"stablehlo.get_tuple_element\"(%t) {index = 0 : i32} : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>\n"
   "  return %0 : tensor<f32>\n"
   "}\n",
   "StableHLO's specification (docs/spec.md, get_tuple_element C1-C2) and TypeInference.cpp inferGetTupleElementOp "
   "(openxla/stablehlo); the op's rule entry (rules/stablehlo.json, rules/mhlo.json).",
   false},
  {"buffer-pinning", MS_SEVERITY_ERROR,
   "A \"Pin\" or \"Unpin\" custom_call whose input and output are not one tensor and one memref of one type.",
   "StableHLO's custom_call verifier checks two buffer targets: `call_target_name = \"Pin\"` takes one tensor and "
   "gives one memref, \"Unpin\" takes one memref and gives one tensor; in both the shapes are compatible and the "
   "element types equal (\"Unpin custom_call should have compatible input and output types\"). Other targets are "
   "external functions and are not judged.",
   "func.func @f(%m: memref<2xf32>) -> tensor<2xi32> {\n"
   "  %0 = \"stablehlo.custom_call\"(%m) {call_target_name = \"Unpin\", api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xi32>\n"
   "  return %0 : tensor<2xi32>\n"
   "}\n",
   "func.func @f(%m: memref<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"stablehlo.custom_call\"(%m) {call_target_name = \"Unpin\", api_version = 4 : i32} : (memref<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n"
   "}\n",
   "StableHLO's StablehloOps.cpp CustomCallOp::verify (openxla/stablehlo); the op's rule entry "
   "(rules/stablehlo.json).",
   false},
};

const size_t ms_codes_tuple_count = sizeof ms_codes_tuple / sizeof ms_codes_tuple[0];
