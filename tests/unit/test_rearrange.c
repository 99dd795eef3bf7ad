/*
** test_rearrange.c: unit tests of the rearrange family (rearrange.c):
** DepthToSpace / SpaceToDepth, GridSample and ConstantOfShape as the ONNX
** operator specification and onnx-mlir's verifiers (test/mlir/onnx/
** invalid.mlir) define them; and the conditional family's
** "against_results" (onnx.If) and "ranked_operands" (TFLite) through the
** builtin catalog.
*/
#include <stdio.h>

#include "helpers.h"
#include "sop_case.h"
#include "sop_check.h"

Test(rearrange, depth_to_space_and_back) {
  sop_case c = {0};
  sc_op(&c, "tensor<1x256x8x16xf32>");
  sc_list(&c, "blocksize", "4");
  sc_ok(&c, "depth_to_space", "tensor<1x16x32x64xf32>");
  sop_case bad = {0};
  sc_op(&bad, "tensor<1x256x8x16xf32>");
  sc_list(&bad, "blocksize", "7"); /* 256 is not divisible by 49 */
  sc_fails(&bad, "depth_to_space", "operand-shapes");
  sop_case inv = {0};
  sc_op(&inv, "tensor<1x3x8x?xf32>");
  sc_list(&inv, "blocksize", "2");
  sc_list(&inv, "inverse", "1");
  sc_ok(&inv, "depth_to_space", "tensor<1x12x4x?xf32>");
  inv.ops[0].dims[2] = 7; /* 7 is not divisible by 2 */
  sc_fails(&inv, "depth_to_space", "operand-shapes");
}

Test(rearrange, grid_sample_ranks_batch_and_last_dim) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3x4x4xf32>", "tensor<2x6x5x2xf32>", NULL);
  sc_ok(&c, "grid_sample", "tensor<2x3x6x5xf32>");
  c.ops[1].dims[3] = 3; /* the grid's last dim must be 2 */
  sc_fails(&c, "grid_sample", "operand-shapes");
  c.ops[1].dims[3] = 2;
  c.ops[1].dims[0] = 1; /* batch 2 against 1 */
  sc_fails(&c, "grid_sample", "operand-shapes");
  sop_case r = {0};
  sc_ops(&r, "tensor<1x3x8x8xf32>", "tensor<1x8x2xf32>", NULL);
  sc_fails(&r, "grid_sample", "operand-rank");
}

Test(rearrange, constant_of_shape_values) {
  sop_case c = {0};
  sc_op(&c, "tensor<3xi64>");
  sc_list(&c, "shape", "2, 0, 5");
  sc_ok(&c, "shape_values", "tensor<2x0x5xi64>");
  sop_case n = {0};
  sc_op(&n, "tensor<3xi64>");
  sc_list(&n, "shape", "2, -1, 5");
  sc_fails(&n, "shape_values", "negative-size");
  sop_case r = {0};
  sc_op(&r, "tensor<2x2xi64>");
  sc_fails(&r, "shape_values", "operand-rank");
}

/* onnx.If: each branch against the op's results (count, kind); shapes may
** differ, the result is the least specific of the branches'. */
Test(rearrange, onnx_if_branches_against_results) {
  const char *body =
      "func.func @f(%%c: tensor<1xi1>, %%a: tensor<3xf32>, %%b: tensor<2xf32>) {\n"
      "  %%0 = \"onnx.If\"(%%c) ({\n"
      "    onnx.Yield %s\n"
      "  }, {\n"
      "    onnx.Yield %%b : tensor<2xf32>\n"
      "  }) : (tensor<1xi1>) -> tensor<*xf32>\n"
      "  return\n"
      "}\n";
  char text[1024], codes[256];
  ms_analysis a;
  snprintf(text, sizeof text, body, "%a : tensor<3xf32>");
  test_analyse(text, NULL, false, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "");
  ms_analysis_clear(&a);
  snprintf(text, sizeof text, body, "%a, %b : tensor<3xf32>, tensor<2xf32>");
  test_analyse(text, NULL, false, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "region-types@2");
  ms_analysis_clear(&a);
}

/* "ranked_operands": TFLite's split_v types size_splits 1-D and split_dim
** 0-D (ODS's TensorRankOf), so an unranked one fails; transpose's perm 1-D. */
Test(rearrange, tflite_ods_ranks_need_a_rank) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<16x4xf32>, %s: tensor<*xi32>, %d: tensor<i32>) {\n"
      "  %0 = \"tfl.split_v\"(%x, %s, %d) {num_splits = 1 : i32} : (tensor<16x4xf32>, tensor<*xi32>, "
      "tensor<i32>) -> tensor<16x4xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-rank@2");
  ms_analysis_clear(&a);
  test_analyse(
      "func.func @f(%x: tensor<2x2xi32>, %p: tensor<2x2xi32>) {\n"
      "  %0 = \"tfl.transpose\"(%x, %p) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-rank@2");
  ms_analysis_clear(&a);
}
