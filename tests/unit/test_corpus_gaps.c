/*
** test_corpus_gaps.c: unit tests for the constructs the unseen-code corpus
** (tests/corpus/unseen, issue 19) showed the algebra misreading: each test
** pins one valid form that must stay silent and its invalid twin that must
** still be found.
*/
#include <criterion/criterion.h>

#include "analyzer.h"
#include "helpers.h"
#include "sop_helpers.h"

static sop_case c;

static void nhwc_dynamic(const char *in, const char *kernel, const char *padding) {
  sop_init(&c);
  sop_operand(&c, in);
  sop_operand(&c, kernel);
  sop_operand(&c, padding);
  sop_list(&c, "input_batch_dimension", false, 1, 0);
  sop_list(&c, "input_feature_dimension", false, 1, 3);
  sop_list(&c, "input_spatial_dimensions", false, 2, 1, 2);
  sop_list(&c, "kernel_input_feature_dimension", false, 1, 2);
  sop_list(&c, "kernel_output_feature_dimension", false, 1, 3);
  sop_list(&c, "kernel_spatial_dimensions", false, 2, 0, 1);
  sop_list(&c, "output_batch_dimension", false, 1, 0);
  sop_list(&c, "output_feature_dimension", false, 1, 3);
  sop_list(&c, "output_spatial_dimensions", false, 2, 1, 2);
}

/* byteir's mhlo.dynamic_conv takes the legacy flat padding operand
** tensor<4xi32> (CanonicalizeExt/basic.mlir): with the catalog's
** flat_padding the padding is read, without it the StableHLO rank check
** stands. */
Test(corpus_gaps, dynamic_conv_flat_padding) {
  char buf[64];
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<4xi32>");
  sop_list(&c, "padding", true, 4, 1, 1, 1, 1);
  sop_list(&c, "flat_padding", false, 1, 1);
  cr_assert_eq(sop_run(&c, "dynamic_conv"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "?x8x15x12");
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<3xi32>");
  sop_list(&c, "flat_padding", false, 1, 1);
  cr_expect_eq(sop_run(&c, "dynamic_conv"), MS_INFER_UNKNOWN);
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<4xi32>");
  sop_list(&c, "padding", true, 4, 1, 1, 1, 1);
  cr_expect_eq(sop_run(&c, "dynamic_conv"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects padding to be of rank 2 but got 1");
}

/* Ops of a region's default dialect printed without their prefix (handshake
** `sink`, pdl `replace`: circt HandshakeToHW/test_sink.mlir, Enzyme-JAX
** tessera/inv_apply_pdl.mlir) read as a continuation of the statement before
** them: that statement's types are then unknown, never wrong, so the checked
** ops before them stay silent; a real mismatch after them is still found. */
Test(corpus_gaps, unprefixed_default_dialect_ops_are_silent) {
  const char *text =
      "handshake.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi1>, %ctrl: none) -> (none) {\n"
      "  %0 = arith.addf %a, %b : tensor<4xf32>\n"
      "  sink %i : tensor<4xi1>\n"
      "  %1 = stablehlo.add %a, %b : tensor<4xf32>\n"
      "  sink %1, %i : tensor<4xf32>, tensor<4xi1>\n"
      "  %2 = tensor.cast %a : tensor<4xf32> to tensor<?xf32>\n"
      "  sink %2 : tensor<?xf32>\n"
      "  return %ctrl : none\n"
      "}\n"
      "pdl.pattern @p : benefit(1) {\n"
      "  %type = type : i32\n"
      "  %root = operation \"foo.op\" -> (%type : !pdl.type)\n"
      "  rewrite %root {\n"
      "    %new = operation \"bar.op\" -> (%type : !pdl.type)\n"
      "    replace %root with %new\n"
      "  }\n"
      "}\n"
      "func.func @g(%a: tensor<4xf32>, %b: tensor<8xf32>) -> tensor<4xf32> {\n"
      "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
      "  return %0 : tensor<4xf32>\n"
      "}\n";
  char errors[512];
  ms_analysis a;
  test_analyse(text, NULL, true, errors, sizeof errors, &a);
  cr_expect_str_eq(errors, "type-mismatch@19");
  ms_analysis_clear(&a);
}
