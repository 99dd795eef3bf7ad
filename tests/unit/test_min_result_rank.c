/*
** test_min_result_rank.c: unit tests of the catalog constraint
** "min_result_rank" (code result-min-rank): TOSA's ops whose ODS result is
** "tosa-conformant tensor of at least rank 1" (Tosa_TensorAtLeast1D) reject
** a rank-0 result even when their input is unranked, as mlir-opt-22 does;
** the ops LLVM 22 declares with any-rank results (argmax, reshape, identity,
** the elementwise ops) accept it.
*/
#include <criterion/criterion.h>

#include <stdio.h>

#include "helpers.h"

TestSuite(min_result_rank, .fini = test_catalog_release);

/* A function of %x: tensor<*xf32> (or xi1) with the shape %s and the op. */
static void expect_op(const char *elem, const char *op, const char *want) {
  test_expect_codesf(want,
                     "func.func @f(%%x: tensor<*x%s>) {\n"
                     "  %%s = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>\n"
                     "  %%p = \"tosa.const\"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>\n"
                     "  %s\n"
                     "  return\n"
                     "}\n",
                     elem, op);
}

Test(min_result_rank, rank_0_results_of_at_least_1d_ops_are_errors) {
  /* mlir-opt-22: "'tosa.slice' op result #0 must be tosa-conformant tensor
  ** of at least rank 1, but got 'tensor<f32>'", each at line 4 */
  expect_op("f32", "%0 = \"tosa.transpose\"(%x) {perms = array<i32>} : (tensor<*xf32>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("f32", "%0 = \"tosa.reduce_min\"(%x) {axis = 0 : i32} : (tensor<*xf32>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("i1", "%0 = \"tosa.reduce_any\"(%x) {axis = 0 : i32} : (tensor<*xi1>) -> tensor<i1>",
            "result-min-rank@4");
  expect_op("f32", "%0 = \"tosa.tile\"(%x, %s) : (tensor<*xf32>, !tosa.shape<0>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("f32", "%0 = \"tosa.concat\"(%x, %x) {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("f32", "%0 = tosa.slice %x, %s, %s : (tensor<*xf32>, !tosa.shape<0>, !tosa.shape<0>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("f32",
            "%0 = \"tosa.pad\"(%x, %s, %p) : (tensor<*xf32>, !tosa.shape<0>, tensor<1xf32>) -> tensor<f32>",
            "result-min-rank@4");
  expect_op("f32", "%0 = tosa.reverse %x {axis = 0 : i32} : (tensor<*xf32>) -> tensor<f32>", "result-min-rank@4");
}

Test(min_result_rank, ops_with_any_rank_results_accept_rank_0) {
  /* mlir-opt-22 accepts each */
  expect_op("f32", "%0 = \"tosa.argmax\"(%x) {axis = 0 : i32} : (tensor<*xf32>) -> tensor<i32>", "");
  expect_op("f32", "%0 = \"tosa.reshape\"(%x, %s) : (tensor<*xf32>, !tosa.shape<0>) -> tensor<f32>", "");
  expect_op("f32", "%0 = \"tosa.identity\"(%x) : (tensor<*xf32>) -> tensor<f32>", "");
  expect_op("f32", "%0 = \"tosa.abs\"(%x) : (tensor<*xf32>) -> tensor<f32>", "");
}

Test(min_result_rank, rank_1_and_unranked_results_are_fine) {
  expect_op("f32", "%0 = tosa.slice %x, %s, %s : (tensor<*xf32>, !tosa.shape<0>, !tosa.shape<0>) -> tensor<?xf32>",
            "");
  expect_op("f32", "%0 = tosa.reverse %x {axis = 0 : i32} : (tensor<*xf32>) -> tensor<*xf32>", "");
}
