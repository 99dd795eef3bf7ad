/*
** test_hlo_encoding.c: a tensor's encoding other than StableHLO bounds (a
** sparse `#CSR`) is read, written back, and carried from operands to an
** elementwise result as StableHLO's inference carries it (Base.cpp
** boundsToEncoding returns the first operand's encoding when there are no
** bounds); bounds win over it, and a declared encoding is kept.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "infer.h"
#include "shape.h"

TestSuite(hlo_encoding, .fini = test_catalog_release);

static const char *inferred(const char *text, const char *value, const char *want_codes) {
  static ms_analysis a;
  static char buf[256];
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, want_codes);
  const char *t = ms_analysis_inferred(&a, test_value_named(&a, text, value));
  snprintf(buf, sizeof buf, "%s", t ? t : "(none)");
  ms_analysis_clear(&a);
  return buf;
}

Test(hlo_encoding, shape_reads_and_writes_an_encoding) {
  ms_shape s;
  char out[128];
  cr_assert(ms_shape_parse_type(&s, "tensor<10x?xf32, #CSR>", 22, NULL, 0));
  cr_assert_str_eq(s.encoding, "#CSR");
  cr_assert(!s.bounded);
  ms_shape_format_type(&s, out, sizeof out);
  cr_assert_str_eq(out, "tensor<10x?xf32, #CSR>");
  const char *b = "tensor<?xf32, #stablehlo.bounds<4>>";
  cr_assert(ms_shape_parse_type(&s, b, strlen(b), NULL, 0));
  cr_assert_str_eq(s.encoding, "");
  cr_assert(s.bounded);
  /* too long to keep: dropped, not cut */
  const char *l = "tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>";
  cr_assert(ms_shape_parse_type(&s, l, strlen(l), NULL, 0));
  cr_assert_str_eq(s.encoding, "");
  /* not on vectors or memrefs (a memref's layout is not an encoding) */
  cr_assert(ms_shape_parse_type(&s, "memref<4xf32, #map>", 19, NULL, 0));
  cr_assert_str_eq(s.encoding, "");
}

Test(hlo_encoding, meet_carries_an_encoding_to_a_declared_type_without_one) {
  ms_shape decl, inf, met;
  bool refined;
  cr_assert(ms_shape_parse_type(&decl, "tensor<4xf32>", 13, NULL, 0));
  cr_assert(ms_shape_parse_type(&inf, "tensor<4xf32, #CSR>", 19, NULL, 0));
  cr_assert(ms_shape_meet(&decl, &inf, &met, &refined));
  cr_assert(refined);
  cr_assert_str_eq(met.encoding, "#CSR");
  /* a declared encoding stays */
  cr_assert(ms_shape_parse_type(&decl, "tensor<4xf32, #COO>", 19, NULL, 0));
  cr_assert(ms_shape_meet(&decl, &inf, &met, &refined));
  cr_assert(!refined);
  cr_assert_str_eq(met.encoding, "#COO");
}

#define CSR "#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>\n"

Test(hlo_encoding, complex_and_unary_ops_carry_the_operands_encoding) {
  /* infer_stablehlo.mlir's complex_sparsity and tan_sparsity */
  const char *text =
      CSR "func.func @f(%a: tensor<10x10xf32, #CSR>, %b: tensor<10x10xf32, #CSR>) -> tensor<10x10xf32> {\n"
      "  %0 = \"stablehlo.complex\"(%a, %b) : (tensor<10x10xf32, #CSR>, tensor<10x10xf32, #CSR>)"
      " -> tensor<10x10xcomplex<f32>>\n"
      "  %1 = \"stablehlo.tan\"(%a) : (tensor<10x10xf32, #CSR>) -> tensor<10x10xf32>\n"
      "  %2 = \"stablehlo.add\"(%1, %a) : (tensor<10x10xf32>, tensor<10x10xf32, #CSR>) -> tensor<10x10xf32>\n"
      "  return %1 : tensor<10x10xf32>\n"
      "}\n";
  cr_assert_str_eq(inferred(text, "%0", ""), "tensor<10x10xcomplex<f32>, #CSR>");
  cr_assert_str_eq(inferred(text, "%1", ""), "tensor<10x10xf32, #CSR>");
  /* add's first operand is %1, whose inferred type carries #CSR */
  cr_assert_str_eq(inferred(text, "%2", ""), "tensor<10x10xf32, #CSR>");
}

Test(hlo_encoding, bounds_win_and_mismatches_are_still_judged) {
  /* the first operand has bounds: StableHLO gives bounds, not the sparse encoding */
  const char *text =
      CSR "func.func @f(%a: tensor<?xf32, #stablehlo.bounds<4>>, %b: tensor<?xf32, #CSR>) -> tensor<?xf32> {\n"
      "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<?xf32, #stablehlo.bounds<4>>, tensor<?xf32, #CSR>) -> tensor<?xf32>\n"
      "  %1 = \"stablehlo.add\"(%b, %b) : (tensor<?xf32, #CSR>, tensor<?xf32, #CSR>) -> tensor<3xf32>\n"
      "  %2 = \"stablehlo.complex\"(%b, %b) : (tensor<?xf32, #CSR>, tensor<?xf32, #CSR>) -> tensor<?xcomplex<f32>, #CSR>\n"
      "  return %0 : tensor<?xf32>\n"
      "}\n";
  cr_assert_str_eq(inferred(text, "%0", ""), "tensor<?xf32, #stablehlo.bounds<4>>");
  /* a static result on dynamic operands: no error, the encoding joins */
  cr_assert_str_eq(inferred(text, "%1", ""), "tensor<3xf32, #CSR>");
  /* the declared encoding is the same: nothing to refine */
  cr_assert_str_eq(inferred(text, "%2", ""), "(none)");
}
