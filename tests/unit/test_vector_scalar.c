/*
** test_vector_scalar.c: unit tests of vector.reduction and vector.contract
** with a scalar result, which reaches their functions as an opaque type
** (ms_sop_in.opaque_results): its element type is checked as mlir-opt-22
** checks it, against the source (reduction) or the accumulator (contract).
*/
#include <criterion/criterion.h>

#include "helpers.h"

TestSuite(vector_scalar, .fini = test_catalog_release);

Test(vector_scalar, a_reduction_result_of_another_element_type_is_an_error) {
  /* 'vector.reduction' op failed to verify that source operand and result
  ** have same element type */
  test_expect_codes("func.func @r(%v: vector<4xf32>) -> i32 {\n"
                    "  %0 = vector.reduction <add>, %v : vector<4xf32> into i32\n"
                    "  return %0 : i32\n"
                    "}\n",
                    "element-type@2");
  test_expect_codes("func.func @r(%v: vector<4xindex>) -> index {\n"
                    "  %0 = \"vector.reduction\"(%v) <{kind = #vector.kind<add>}> : (vector<4xindex>) -> index\n"
                    "  return %0 : index\n"
                    "}\n",
                    "");
}

Test(vector_scalar, a_contract_result_against_its_scalar_accumulator) {
  /* 'vector.contract' op failed to verify that third operand acc and
  ** result have same element type */
  test_expect_codes("func.func @c(%a: vector<4xf32>, %b: vector<4xf32>, %acc: f32) -> i32 {\n"
                    "  %0 = \"vector.contract\"(%a, %b, %acc) {indexing_maps = [affine_map<(d0) -> (d0)>, "
                    "affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = "
                    "[#vector.iterator_type<reduction>], kind = #vector.kind<add>} : "
                    "(vector<4xf32>, vector<4xf32>, f32) -> i32\n"
                    "  return %0 : i32\n"
                    "}\n",
                    "element-type@2");
  test_expect_codes("func.func @c(%a: vector<4xi8>, %b: vector<4xi8>, %acc: i32) -> i32 {\n"
                    "  %0 = \"vector.contract\"(%a, %b, %acc) {indexing_maps = [affine_map<(d0) -> (d0)>, "
                    "affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = "
                    "[#vector.iterator_type<reduction>], kind = #vector.kind<add>} : "
                    "(vector<4xi8>, vector<4xi8>, i32) -> i32\n"
                    "  return %0 : i32\n"
                    "}\n",
                    "");
}
