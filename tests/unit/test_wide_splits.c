/*
** test_wide_splits.c: ops of more than 8 values in the algebra families
** that stopped at 8 (MS_SOP_MAX_RESULTS) until session 35: linalg.reduce
** of 12 and 20 inputs (exact_reduce; graded against mlir-opt-22, which
** accepted the valid ones where the old cap gave "8 results inferred, 12
** declared"), tf.Split / tf.SplitV (tf_split), tfl.split / tfl.split_v
** (split_parts) and onnx.Split (split_sizes) of 12 to 20 results, their
** parts by the verifiers' formulas (equal parts of the dim, or the sizes
** with one -1 taking the rest).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(wide_splits, .fini = test_catalog_release);

static char text[16384];

/* n items joined by ", ": with a prefix "%p0: ty, %p1: ty" (ty NULL: "%p0,
** %p1"), without one "ty, ty". Four buffers in turn (one call's arguments). */
static const char *join(int n, const char *prefix, const char *ty) {
  static char buf[4][2048];
  static int k;
  char *b = buf[k++ % 4];
  size_t at = 0;
  b[0] = '\0';
  for (int i = 0; i < n; i++) {
    at += (size_t)snprintf(b + at, sizeof buf[0] - at, "%s", i ? ", " : "");
    if (prefix) at += (size_t)snprintf(b + at, sizeof buf[0] - at, "%s%d%s%s", prefix, i, ty ? ": " : "", ty ? ty : "");
    else at += (size_t)snprintf(b + at, sizeof buf[0] - at, "%s", ty);
  }
  return b;
}

/* A linalg.reduce of n inputs of [4, 5] over dim 1; input `bad` (-1: none) is [4, 6]. */
static const char *reduce_of(int n, int bad) {
  char args[4096] = "", ins[1024] = "", intys[2048] = "";
  size_t a = 0, b = 0, c = 0;
  for (int i = 0; i < n; i++) {
    const char *ty = i == bad ? "tensor<4x6xf32>" : "tensor<4x5xf32>";
    a += (size_t)snprintf(args + a, sizeof args - a, "%%a%d: %s, ", i, ty);
    b += (size_t)snprintf(ins + b, sizeof ins - b, "%s%%a%d", i ? ", " : "", i);
    c += (size_t)snprintf(intys + c, sizeof intys - c, "%s%s", i ? ", " : "", ty);
  }
  snprintf(text, sizeof text,
           "func.func @f(%s%s) {\n"
           "  %%r:%d = linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [1]\n"
           "    (%s) {\n"
           "      linalg.yield %s : %s\n"
           "    }\n"
           "  return\n"
           "}\n",
           args, join(n, "%i", "tensor<4xf32>"), n, ins, intys, join(n, "%i", NULL), join(n, NULL, "tensor<4xf32>"),
           join(2 * n, "%x", "f32"), join(n, "%x", NULL), join(n, NULL, "f32"));
  return text;
}

Test(wide_splits, linalg_reduce_of_12_and_20_inputs) {
  test_expect_codes(reduce_of(12, -1), "");
  test_expect_codes(reduce_of(20, -1), "");
  /* mlir-opt-22: "expects all inputs to have the same shapes. Shape at input-index 10 ..." */
  test_expect_codes(reduce_of(12, 10), "operand-shapes@2");
  test_expect_codes(reduce_of(20, 17), "operand-shapes@2");
}

/* The inferred type of value name in text, and text's error codes. */
static const char *inferred(const char *name, const char *want_codes) {
  static ms_analysis a;
  static char buf[256];
  char codes[512];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, want_codes);
  const char *t = ms_analysis_inferred(&a, test_value_named(&a, text, name));
  snprintf(buf, sizeof buf, "%s", t ? t : "(none)");
  ms_analysis_clear(&a);
  return buf;
}

Test(wide_splits, tf_split_into_12) {
  /* SplitOp: 48 / 12 = 4; 50 is not divisible */
  for (int dim = 48; dim <= 50; dim += 2) {
    snprintf(text, sizeof text,
             "func.func @f(%%x: tensor<3x%dxf32>) {\n"
             "  %%d = \"tf.Const\"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>\n"
             "  %%r:12 = \"tf.Split\"(%%d, %%x) : (tensor<i32>, tensor<3x%dxf32>) -> (%s)\n"
             "  return\n"
             "}\n",
             dim, dim, join(12, NULL, "tensor<*xf32>"));
    if (dim == 48) {
      cr_assert_str_eq(inferred("%r#0", ""), "tensor<3x4xf32>");
      cr_assert_str_eq(inferred("%r#11", ""), "tensor<3x4xf32>");
    } else {
      test_expect_codes(text, "slice-out-of-bounds@3");
    }
  }
}

#define SIZES12 "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, -1"

Test(wide_splits, tf_split_v_and_tfl_split_v_of_12_sizes) {
  /* the sizes 1..11 and one -1: 70 - 66 = 4 for the last */
  snprintf(text, sizeof text,
           "func.func @f(%%x: tensor<3x70xf32>) {\n"
           "  %%d = \"tf.Const\"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>\n"
           "  %%s = \"tf.Const\"() {value = dense<[" SIZES12 "]> : tensor<12xi32>} : () -> tensor<12xi32>\n"
           "  %%r:12 = \"tf.SplitV\"(%%x, %%s, %%d) : (tensor<3x70xf32>, tensor<12xi32>, tensor<i32>) -> (%s)\n"
           "  return\n"
           "}\n",
           join(12, NULL, "tensor<*xf32>"));
  cr_assert_str_eq(inferred("%r#9", ""), "tensor<3x10xf32>");
  cr_assert_str_eq(inferred("%r#11", ""), "tensor<3x4xf32>");
  snprintf(text, sizeof text,
           "func.func @f(%%x: tensor<3x70xf32>) {\n"
           "  %%d = \"tfl.pseudo_const\"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>\n"
           "  %%s = \"tfl.pseudo_const\"() {value = dense<[" SIZES12 "]> : tensor<12xi32>} : () -> tensor<12xi32>\n"
           "  %%r:12 = \"tfl.split_v\"(%%x, %%s, %%d) {num_splits = 12 : i32} : (tensor<3x70xf32>, tensor<12xi32>, "
           "tensor<i32>) -> (%s)\n"
           "  return\n"
           "}\n",
           join(12, NULL, "tensor<3x?xf32>"));
  cr_assert_str_eq(inferred("%r#10", ""), "tensor<3x11xf32>");
  cr_assert_str_eq(inferred("%r#11", ""), "tensor<3x4xf32>");
  /* 55 + 16 > 70 with the -1: TFLite's "sum of non-negative elements ... is greater" */
  char *at = strstr(text, "11, -1");
  memcpy(at, "16, -1", 6);
  test_expect_codes(text, "slice-out-of-bounds@4");
}

Test(wide_splits, tfl_split_into_16) {
  for (int dim = 64; dim <= 66; dim += 2) {
    snprintf(text, sizeof text,
             "func.func @f(%%x: tensor<%dx3xf32>) {\n"
             "  %%d = \"tfl.pseudo_const\"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>\n"
             "  %%r:16 = \"tfl.split\"(%%d, %%x) {num_splits = 16 : i32} : (tensor<i32>, tensor<%dx3xf32>) -> (%s)\n"
             "  return\n"
             "}\n",
             dim, dim, join(16, NULL, "tensor<?x3xf32>"));
    if (dim == 64) cr_assert_str_eq(inferred("%r#15", ""), "tensor<4x3xf32>");
    else test_expect_codes(text, "slice-out-of-bounds@3");
  }
}

Test(wide_splits, onnx_split_into_20_and_12_sizes) {
  for (int dim = 60; dim <= 61; dim++) {
    snprintf(text, sizeof text,
             "func.func @f(%%x: tensor<3x%dxf32>) {\n"
             "  %%n = \"onnx.NoValue\"() {value} : () -> none\n"
             "  %%r:20 = \"onnx.Split\"(%%x, %%n) {axis = 1 : si64} : (tensor<3x%dxf32>, none) -> (%s)\n"
             "  return\n"
             "}\n",
             dim, dim, join(20, NULL, "tensor<3x?xf32>"));
    if (dim == 60) cr_assert_str_eq(inferred("%r#19", ""), "tensor<3x3xf32>");
    else test_expect_codes(text, "slice-out-of-bounds@3");
  }
  for (int last = 4; last <= 5; last++) {
    snprintf(text, sizeof text,
             "func.func @f(%%x: tensor<3x70xf32>) {\n"
             "  %%s = \"onnx.Constant\"() {value = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, %d]> : tensor<12xi64>} : "
             "() -> tensor<12xi64>\n"
             "  %%r:12 = \"onnx.Split\"(%%x, %%s) {axis = 1 : si64} : (tensor<3x70xf32>, tensor<12xi64>) -> (%s)\n"
             "  return\n"
             "}\n",
             last, join(12, NULL, "tensor<3x?xf32>"));
    if (last == 4) cr_assert_str_eq(inferred("%r#11", ""), "tensor<3x4xf32>");
    else test_expect_codes(text, "slice-out-of-bounds@3");
  }
}
