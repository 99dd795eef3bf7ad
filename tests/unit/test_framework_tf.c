/*
** test_framework_tf.c: unit tests of framework_tf.c (TensorFlow's
** BatchMatMul / MatMul and its NHWC windowed ops), directly and through
** the builtin catalog (rules/tf.json).
*/
#include <stdio.h>

#include "helpers.h"
#include "sop_case.h"
#include "sop_check.h"

/* BatchMatMulV2Op::verify: ranks >= 2, batch dims broadcast as
** getBroadcastedShape does, rows of x and columns of y (adjoints swap). */
Test(framework_tf, batch_matmul_v2) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x3x4xf32>");
  sc_op(&c, "tensor<1x5x4xf32>");
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "adj_y", "1");
  sc_list(&c, "verify", "1");
  cr_assert_eq(sc_run(&c, "adjoint_matmul"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<2x3x5xf32>");
  cr_assert(!c.out.unchecked_results);
  c.ops[0].dims[0] = MS_DIM_DYNAMIC; /* ? against 1: ? */
  cr_assert_eq(sc_run(&c, "adjoint_matmul"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<?x3x5xf32>");
  c.ops[1].dims[0] = 7; /* ? against 7: 7 */
  cr_assert_eq(sc_run(&c, "adjoint_matmul"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<7x3x5xf32>");
  c.ops[0].dims[0] = 2; /* 2 against 7 */
  sc_fails(&c, "adjoint_matmul", "batching-dims");
  sop_case r = {0};
  sc_op(&r, "tensor<4xf32>");
  sc_op(&r, "tensor<4x5xf32>");
  sc_res(&r, "tensor<*xf32>");
  sc_list(&r, "verify", "1");
  sc_fails(&r, "adjoint_matmul", "operand-rank");
  /* tf.MatMul: transpose_a, refine only, never an error */
  sop_case m = {0};
  sc_op(&m, "tensor<4x3xf32>");
  sc_op(&m, "tensor<4x6xf32>");
  sc_res(&m, "tensor<*xf32>");
  sc_list(&m, "adj_x", "1");
  cr_assert_eq(sc_run(&m, "adjoint_matmul"), MS_INFER_OK, "%s", m.out.why);
  cr_assert_str_eq(sc_result(&m, 0), "tensor<3x6xf32>");
  cr_assert(m.out.unchecked_results);
  m.ops[0].rank = 1;
  cr_assert_eq(sc_run(&m, "adjoint_matmul"), MS_INFER_UNKNOWN);
}

static void window(sop_case *c, const char *x, const char *f, const char *fmt, const char *pad, const char *strides,
                   const char *kind) {
  *c = (sop_case){0};
  sc_op(c, x);
  if (f) sc_op(c, f);
  sc_res(c, "tensor<*xf32>");
  sc_str(c, "data_format", fmt);
  sc_str(c, "padding", pad);
  sc_list(c, "strides", strides);
  sc_list(c, "window_kind", kind);
}

/* GetWindowedOutputSizeVerbose: SAME ceil(in / s), VALID ceil((in - k + 1) / s),
** EXPLICIT (in + lo + hi - k) / s + 1. */
Test(framework_tf, nhwc_windows) {
  sop_case c;
  window(&c, "tensor<1x32x31x3xf32>", "tensor<3x3x3x8xf32>", "NHWC", "SAME", "1, 2, 2, 1", "0");
  cr_assert_eq(sc_run(&c, "nhwc_window"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<1x16x16x8xf32>");
  window(&c, "tensor<1x32x31x3xf32>", "tensor<3x3x3x8xf32>", "NHWC", "VALID", "1, 2, 2, 1", "0");
  sc_list(&c, "dilations", "1, 2, 1, 1");
  cr_assert_eq(sc_run(&c, "nhwc_window"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<1x14x15x8xf32>");
  window(&c, "tensor<1x3x10x10xf32>", "tensor<3x3x3x2xf32>", "NCHW", "EXPLICIT", "1, 1, 1, 1", "1");
  sc_list(&c, "explicit_paddings", "0, 0, 0, 0, 1, 1, 2, 2");
  cr_assert_eq(sc_run(&c, "nhwc_window"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<1x6x10x12xf32>");
  window(&c, "tensor<2x9x9x4xf32>", NULL, "NHWC", "VALID", "1, 2, 2, 1", "2");
  sc_list(&c, "ksize", "1, 3, 3, 1");
  cr_assert_eq(sc_run(&c, "nhwc_window"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<2x4x4x4xf32>");
  cr_assert(c.out.unchecked_results);
}

/* Through the catalog: BatchMatMulV2's declared result is checked, at the
** declared types only; MatMul and Conv2D only refine. */
Test(framework_tf, tf_ops_through_the_catalog) {
  char codes[256];
  ms_analysis a;
  test_analyse("func.func @f(%x: tensor<2x3x4xf32>, %y: tensor<1x4x5xf32>) {\n"
               "  %0 = \"tf.BatchMatMulV2\"(%x, %y) {adj_x = false, adj_y = false} : (tensor<2x3x4xf32>, "
               "tensor<1x4x5xf32>) -> tensor<2x3x7xf32>\n"
               "  %1 = \"tf.MatMul\"(%x, %y) {transpose_a = false, transpose_b = false} : (tensor<2x3x4xf32>, "
               "tensor<1x4x5xf32>) -> tensor<9xf32>\n"
               "  return\n}\n",
               NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "result-shape@2");
  ms_analysis_clear(&a);
  test_analyse("func.func @f(%x: tensor<*xf32>, %y: tensor<*xf32>) {\n"
               "  %c = \"tf.Const\"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<*xf32>\n"
               "  %0 = \"tf.BatchMatMulV2\"(%c, %y) {adj_x = false, adj_y = false} : (tensor<*xf32>, "
               "tensor<*xf32>) -> tensor<*xf32>\n"
               "  return\n}\n",
               NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "");
  ms_analysis_clear(&a);
}
