/*
** test_corpus_gaps.c: unit tests for the constructs the unseen-code corpus
** (tests/corpus/unseen, issue 19) showed the algebra misreading: each test
** pins one valid form that must stay silent and its invalid twin that must
** still be found.
*/
#include <criterion/criterion.h>

#include "analyzer.h"
#include "helpers.h"
#include "sop_case.h"

static sop_case c;

static void nhwc_dynamic(const char *in, const char *kernel, const char *padding) {
  sc_plain(&c);
  sc_op(&c, in);
  sc_op(&c, kernel);
  sc_op(&c, padding);
  sc_nhwc_hwio(&c);
}

/* byteir's mhlo.dynamic_conv takes the legacy flat padding operand
** tensor<4xi32> (CanonicalizeExt/basic.mlir): with the catalog's
** flat_padding the padding is read, without it the StableHLO rank check
** stands. */
Test(corpus_gaps, dynamic_conv_flat_padding) {
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<4xi32>");
  sc_vlist(&c, "padding", true, 4, 1, 1, 1, 1);
  sc_vlist(&c, "flat_padding", false, 1, 1);
  cr_assert_eq(sc_run(&c, "dynamic_conv"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "?x8x15x12");
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<3xi32>");
  sc_vlist(&c, "flat_padding", false, 1, 1);
  cr_expect_eq(sc_run(&c, "dynamic_conv"), MS_INFER_UNKNOWN);
  nhwc_dynamic("tensor<?x10x19x4xf16>", "tensor<5x7x4x12xf16>", "tensor<4xi32>");
  sc_vlist(&c, "padding", true, 4, 1, 1, 1, 1);
  cr_expect_eq(sc_run(&c, "dynamic_conv"), MS_INFER_INVALID);
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
