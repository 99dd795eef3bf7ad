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
#include "intern.h"
#include "shape.h"

TestSuite(hlo_encoding, .fini = test_catalog_release);

static const char *inferred(const char *text, const char *value, const char *want_codes) {
  static ms_analysis a;
  static char buf[1024];
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
  cr_assert_str_eq(ms_shape_encoding(&s), "#CSR");
  cr_assert(!s.bounded);
  ms_shape_format_type(&s, out, sizeof out);
  cr_assert_str_eq(out, "tensor<10x?xf32, #CSR>");
  const char *b = "tensor<?xf32, #stablehlo.bounds<4>>";
  cr_assert(ms_shape_parse_type(&s, b, strlen(b), NULL, 0));
  cr_assert_str_eq(ms_shape_encoding(&s), "");
  cr_assert(s.bounded);
  /* a long one is kept whole, and written back whole */
  const char *l = "tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>";
  cr_assert(ms_shape_parse_type(&s, l, strlen(l), NULL, 0));
  cr_assert_str_eq(ms_shape_encoding(&s), "#sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>");
  ms_shape_format_type(&s, out, sizeof out);
  cr_assert_str_eq(out, l);
  /* not on vectors or memrefs (a memref's layout is not an encoding) */
  cr_assert(ms_shape_parse_type(&s, "memref<4xf32, #map>", 19, NULL, 0));
  cr_assert_str_eq(ms_shape_encoding(&s), "");
}

Test(hlo_encoding, meet_carries_an_encoding_to_a_declared_type_without_one) {
  ms_shape decl, inf, met;
  bool refined;
  cr_assert(ms_shape_parse_type(&decl, "tensor<4xf32>", 13, NULL, 0));
  cr_assert(ms_shape_parse_type(&inf, "tensor<4xf32, #CSR>", 19, NULL, 0));
  cr_assert(ms_shape_meet(&decl, &inf, &met, &refined));
  cr_assert(refined);
  cr_assert_str_eq(ms_shape_encoding(&met), "#CSR");
  /* a declared encoding stays */
  cr_assert(ms_shape_parse_type(&decl, "tensor<4xf32, #COO>", 19, NULL, 0));
  cr_assert(ms_shape_meet(&decl, &inf, &met, &refined));
  cr_assert(!refined);
  cr_assert_str_eq(ms_shape_encoding(&met), "#COO");
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

/* A sparse encoding as long as the ones sparse_tensor tests write (more than
** the 39 characters ms_shape once held). */
#define LONG_SP "#sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 32, crdWidth = 32 }>"

Test(hlo_encoding, a_long_encoding_is_interned_once_and_written_whole) {
  const char *t = "tensor<8x4xf32, " LONG_SP ">";
  ms_shape a, b;
  char out[512];
  cr_assert(ms_shape_parse_type(&a, t, strlen(t), NULL, 0));
  cr_assert(ms_shape_parse_type(&b, t, strlen(t), NULL, 0));
  cr_assert_str_eq(ms_shape_encoding(&a), LONG_SP);
  /* equal texts, one copy: the shape holds a pointer, not the text */
  cr_assert_eq(a.encoding, b.encoding);
  cr_assert_lt(sizeof a.encoding, (size_t)16);
  cr_assert_eq(ms_shape_format_type(&a, out, sizeof out), strlen(t));
  cr_assert_str_eq(out, t);
  /* interning: NULL for nothing, the same pointer for the same text */
  cr_assert_null(ms_intern("", 0));
  size_t before = ms_intern_bytes();
  const char *x = ms_intern("#enc_test_unique_1", 18);
  cr_assert_eq(ms_intern_bytes(), before + 19);
  cr_assert_eq(ms_intern("#enc_test_unique_1xyz", 18), x);
  cr_assert_eq(ms_intern_bytes(), before + 19);
}

Test(hlo_encoding, a_long_encoding_reaches_the_inferred_type) {
  const char *text =
      "func.func @f(%a: tensor<8x4xf32, " LONG_SP ">, %b: tensor<8x4xf32, " LONG_SP ">) -> tensor<?x4xf32> {\n"
      "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<8x4xf32, " LONG_SP ">, tensor<8x4xf32, " LONG_SP ">)"
      " -> tensor<?x4xf32>\n"
      "  %1 = \"stablehlo.tan\"(%a) : (tensor<8x4xf32, " LONG_SP ">) -> tensor<8x4xf32>\n"
      /* a declared encoding of its own: kept, and no finding */
      "  %2 = \"stablehlo.abs\"(%a) : (tensor<8x4xf32, " LONG_SP ">) -> tensor<8x4xf32, #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>>\n"
      "  return %0 : tensor<?x4xf32>\n"
      "}\n";
  cr_assert_str_eq(inferred(text, "%0", ""), "tensor<8x4xf32, " LONG_SP ">");
  cr_assert_str_eq(inferred(text, "%1", ""), "tensor<8x4xf32, " LONG_SP ">");
  cr_assert_str_eq(inferred(text, "%2", ""), "(none)");
}

/* Longer than the 256 bytes the analyzer formats a type into at first. */
#define HUGE_SP "#sparse_tensor.encoding<{ map = (d0, d1, d2, d3, d4, d5, d6, d7) -> (d0 : dense, d1 : dense, " \
  "d2 : compressed, d3 : compressed(nonunique), d4 : singleton(nonunique), d5 : singleton(nonunique), " \
  "d6 : singleton(nonunique), d7 : singleton), posWidth = 64, crdWidth = 64 }>"

Test(hlo_encoding, a_type_longer_than_the_buffers_is_whole_or_absent) {
  const char *ty = "tensor<1x2x3x4x5x6x7x8xf32, " HUGE_SP ">";
  cr_assert_gt(strlen(ty), (size_t)256);
  char text[4096];
  snprintf(text, sizeof text,
           "func.func @f(%%a: %s) -> tensor<1x2x3x4x5x6x7x8xf32> {\n"
           "  %%0 = \"stablehlo.add\"(%%a, %%a) : (%s, %s) -> tensor<1x2x3x4x5x6x7x8xf32>\n"
           "  return %%0 : tensor<1x2x3x4x5x6x7x8xf32>\n"
           "}\n", ty, ty, ty);
  cr_assert_str_eq(inferred(text, "%0", ""), ty);
  /* the op's hover: the inferred result whole, never cut */
  TSTree *t = test_parse(text);
  static ms_op_detail d;
  uint32_t pos = (uint32_t)(strstr(text, "stablehlo.add") - text) + 3;
  cr_assert(ms_analyze_op_at(test_catalog(), NULL, ts_tree_root_node(t), text, pos, &d));
  cr_assert_str_eq(d.inferred, ty);
  ts_tree_delete(t);
}
