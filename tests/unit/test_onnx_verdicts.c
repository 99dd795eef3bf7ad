/*
** test_onnx_verdicts.c: ONNX's verdicts through the builtin catalog
** (rules/onnx.json): an error where ONNX's reference shape inference
** (onnx.shape_inference.infer_shapes, strict mode) or onnx-mlir's verifier
** rejects the graph; a spec-violation warning where only the operator
** specification forbids what ONNX 1.12's inference accepts ("spec_codes",
** reshape's "count_check", slice's "zero_step"), and where onnx-mlir's own
** test files hold what ONNX's inference rejects (its verifier accepts it). Each case is one op on
** line 2 of its snippet.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

/* The codes ("code@line") of one op's findings, errors and warnings. */
static void verdict(const char *args, const char *body, char *codes, size_t n) {
  char text[2048];
  snprintf(text, sizeof text, "func.func @f(%s) {\n%s\n  return\n}\n", args, body);
  ms_analysis a;
  test_analyse(text, NULL, false, codes, n, &a);
  ms_analysis_clear(&a);
}

TestSuite(onnx_verdicts, .fini = test_catalog_release);

Test(onnx_verdicts, reference_rejections_are_errors) {
  char codes[256];
  /* A declared result other than the inferred one: strict inference rejects it. */
  verdict("%a: tensor<3x4xf32>, %b: tensor<4x6xf32>",
          "  %0 = \"onnx.MatMul\"(%a, %b) : (tensor<3x4xf32>, tensor<4x6xf32>) -> tensor<3x7xf32>", codes,
          sizeof codes);
  cr_expect_str_eq(codes, "result-shape@2");
  /* Softmax's axis out of range, Unsqueeze's axes beyond the output rank. */
  verdict("%a: tensor<3x4xf32>",
          "  %0 = \"onnx.Softmax\"(%a) {axis = 2 : si64} : (tensor<3x4xf32>) -> tensor<*xf32>", codes, sizeof codes);
  cr_expect_str_eq(codes, "dims-out-of-range@2");
  verdict("%a: tensor<3x4xf32>",
          "  %x = onnx.Constant dense<[4]> : tensor<1xi64>\n"
          "  %0 = \"onnx.Unsqueeze\"(%a, %x) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "dims-out-of-range@3");
  /* Slice's step 0 on a known dim. */
  verdict("%a: tensor<3x4xf32>",
          "  %s = onnx.Constant dense<[0]> : tensor<1xi64>\n"
          "  %e = onnx.Constant dense<[2]> : tensor<1xi64>\n"
          "  %x = onnx.Constant dense<[1]> : tensor<1xi64>\n"
          "  %p = onnx.Constant dense<[0]> : tensor<1xi64>\n"
          "  %0 = \"onnx.Slice\"(%a, %s, %e, %x, %p) : (tensor<3x4xf32>, tensor<1xi64>, tensor<1xi64>, "
          "tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "slice-out-of-bounds@6");
}

Test(onnx_verdicts, reshape_minus_one_with_a_zero_product_at_unknown_sizes) {
  char codes[256];
  /* [0, -1] copies dim 0 (size 0): the -1 is not determined whatever the
  ** `?` holds (ONNX's inference rejects "product of 0 in combination with
  ** -1"; an element count, which onnx-mlir's files hold: a spec-violation
  ** naming it, as with a static input); copying a `?` leaves it unknown. */
  verdict("%a: tensor<0x?xf32>",
          "  %s = onnx.Constant dense<[0, -1]> : tensor<2xi64>\n"
          "  %0 = \"onnx.Reshape\"(%a, %s) : (tensor<0x?xf32>, tensor<2xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@3");
  verdict("%a: tensor<0x3xf32>",
          "  %s = onnx.Constant dense<[0, -1]> : tensor<2xi64>\n"
          "  %0 = \"onnx.Reshape\"(%a, %s) : (tensor<0x3xf32>, tensor<2xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@3");
  verdict("%a: tensor<?x0xf32>",
          "  %s = onnx.Constant dense<[0, -1]> : tensor<2xi64>\n"
          "  %0 = \"onnx.Reshape\"(%a, %s) : (tensor<?x0xf32>, tensor<2xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "");
}

Test(onnx_verdicts, resize_needs_sizes_or_scales_with_elements) {
  char codes[256];
  const char *args = "%x: tensor<1x3x4xf32>";
  /* An empty scales and no sizes: ONNX's inference rejects the count (0
  ** against rank 3); an empty scales beside constant sizes is onnx-mlir's
  ** absent one; both absent ONNX accepts (the rank alone known). */
  verdict(args,
          "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
          "  %s = onnx.Constant dense<> : tensor<0xf32>\n"
          "  %0 = \"onnx.Resize\"(%x, %n, %s, %n) : (tensor<1x3x4xf32>, none, tensor<0xf32>, none) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "operand-rank@4");
  verdict(args,
          "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
          "  %s = onnx.Constant dense<> : tensor<0xf32>\n"
          "  %z = onnx.Constant dense<[1, 3, 8]> : tensor<3xi64>\n"
          "  %0 = \"onnx.Resize\"(%x, %n, %s, %z) : (tensor<1x3x4xf32>, none, tensor<0xf32>, tensor<3xi64>) -> "
          "tensor<1x3x8xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "");
  verdict(args,
          "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
          "  %0 = \"onnx.Resize\"(%x, %n, %n, %n) : (tensor<1x3x4xf32>, none, none, none) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "");
}

Test(onnx_verdicts, specification_only_findings_are_warnings) {
  char codes[256];
  /* Gemm's K and C: ONNX 1.12's inference checks neither. */
  verdict("%a: tensor<5x7xf32>, %b: tensor<8x6xf32>, %c: tensor<6xf32>",
          "  %0 = \"onnx.Gemm\"(%a, %b, %c) : (tensor<5x7xf32>, tensor<8x6xf32>, tensor<6xf32>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@2");
  verdict("%a: tensor<5x7xf32>, %b: tensor<7x6xf32>, %c: tensor<5x1x6xf32>",
          "  %0 = \"onnx.Gemm\"(%a, %b, %c) : (tensor<5x7xf32>, tensor<7x6xf32>, tensor<5x1x6xf32>) -> "
          "tensor<5x6xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@2");
  /* Reshape without -1 whose element count differs. */
  verdict("%a: tensor<3x4xf32>",
          "  %s = onnx.Constant dense<[5, 2]> : tensor<2xi64>\n"
          "  %0 = \"onnx.Reshape\"(%a, %s) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@3");
  /* Squeeze's axis out of range: ONNX 1.12 ignores it. */
  verdict("%a: tensor<3x1xf32>",
          "  %x = onnx.Constant dense<[3]> : tensor<1xi64>\n"
          "  %0 = \"onnx.Squeeze\"(%a, %x) : (tensor<3x1xf32>, tensor<1xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@3");
  /* Slice's step 0 on a dim of unknown size. */
  verdict("%a: tensor<3x?xf32>",
          "  %s = onnx.Constant dense<[0]> : tensor<1xi64>\n"
          "  %e = onnx.Constant dense<[2]> : tensor<1xi64>\n"
          "  %x = onnx.Constant dense<[1]> : tensor<1xi64>\n"
          "  %p = onnx.Constant dense<[0]> : tensor<1xi64>\n"
          "  %0 = \"onnx.Slice\"(%a, %s, %e, %x, %p) : (tensor<3x?xf32>, tensor<1xi64>, tensor<1xi64>, "
          "tensor<1xi64>, tensor<1xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@6");
}

/* What ONNX's inference rejects but onnx-mlir's own test files hold (its
** verifier accepts them: the corpus gate's valid chunks) stays a warning:
** MatMul's K, a Reshape whose -1 does not divide the element count. */
Test(onnx_verdicts, onnx_mlir_accepted_stay_warnings) {
  char codes[256];
  verdict("%a: tensor<3x4xf32>, %b: tensor<5x6xf32>",
          "  %0 = \"onnx.MatMul\"(%a, %b) : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<*xf32>", codes,
          sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@2");
  verdict("%a: tensor<3x4xf32>",
          "  %s = onnx.Constant dense<[5, -1]> : tensor<2xi64>\n"
          "  %0 = \"onnx.Reshape\"(%a, %s) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "spec-violation@3");
}

/* onnx-mlir's verifier rejects what ONNX 1.12's inference lets pass:
** GatherElements' ranks (onnx-mlir's invalid.mlir expects an error). */
Test(onnx_verdicts, verifier_rejections_stay_errors) {
  char codes[256];
  verdict("%a: tensor<3x4xf32>, %i: tensor<2xi64>",
          "  %0 = \"onnx.GatherElements\"(%a, %i) {axis = 0 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> "
          "tensor<*xf32>",
          codes, sizeof codes);
  cr_expect_str_eq(codes, "operand-rank@2");
}
