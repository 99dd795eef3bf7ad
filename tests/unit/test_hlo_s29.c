/*
** test_hlo_s29.c: unit tests of the StableHLO checks added for issue 22's
** remaining verifier annotations: a reduction's result element types
** against what its body returns (ms_sop_body_elems: reduce, reduce_window),
** reduce's result count in the generic form, and async_start's declared
** `!stablehlo.future<T>` against the type its body returns.
*/
#include <criterion/criterion.h>

#include "catalog.h"
#include "helpers.h"
#include "sop_case.h"

TestSuite(hlo_s29, .fini = test_catalog_release);

static sop_case c;

/* reduce_window over 4x2 f32 and i32 inputs (window 1x1), the body
** returning f32 and i32 scalars. */
static void reduce_window_case(const char *r0, const char *r1) {
  memset(&c, 0, sizeof c);
  sc_ops(&c, "tensor<4x2xf32>", "tensor<4x2xi32>", "tensor<f32>", "tensor<i32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 2, 1, 1);
  sc_res(&c, r0);
  sc_res(&c, r1);
  sc_region(&c, 4, 2, "tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>");
}

Test(hlo_s29, reduce_window_result_element_types_are_the_bodys) {
  reduce_window_case("tensor<4x2xf32>", "tensor<4x2xi32>");
  sc_passes(&c, "reduce_window");
  reduce_window_case("tensor<4x2xi32>", "tensor<4x2xi32>");
  cr_assert_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "element-type");
  cr_expect_str_eq(c.out.why,
                   "inferred element type 'f32' of result 0 (the body returns it) is incompatible with "
                   "return type 'tensor<4x2xi32>'");
  /* Only at the declared types, and only plain builtin element types. */
  c.inferred = true;
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
  reduce_window_case("tensor<4x2x!quant.uniform<i8:f32, 0.1>>", "tensor<4x2xi32>");
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
}

Test(hlo_s29, reduce_result_element_types_are_the_bodys) {
  memset(&c, 0, sizeof c);
  sc_ops(&c, "tensor<4x2xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "dimensions", false, 1, 1);
  sc_res(&c, "tensor<4xf16>");
  sc_region(&c, 2, 1, "tensor<f32>", "tensor<f32>", "tensor<f32>");
  cr_assert_eq(sc_run(&c, "reduce"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "element-type");
  sc_shape(&c.res[0], "tensor<4xf32>");
  sc_passes(&c, "reduce");
}

Test(hlo_s29, reduce_result_count_in_the_generic_form) {
  memset(&c, 0, sizeof c);
  sc_ops(&c, "tensor<?x?xf32>", "tensor<?x?xi32>", "tensor<f32>", "tensor<i32>", NULL);
  sc_vlist(&c, "dimensions", false, 1, 1);
  sc_res(&c, "tensor<?xf32>");
  sc_res(&c, "tensor<?xi32>");
  sc_res(&c, "tensor<?xi32>");
  ms_sop_region *body =
      sc_region(&c, 4, 2, "tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>", "tensor<f32>", "tensor<i32>");
  /* Two results inferred: the analyzer reports the count (result-shape). */
  sc_passes(&c, "reduce");
  cr_expect_eq(c.out.nresults, 2);
  /* No block arguments seen (the pretty form's `reducer(...)`): the
  ** operands may not all be seen either, nothing is judged. */
  body->nargs = 0;
  cr_expect_eq(sc_run(&c, "reduce"), MS_INFER_UNKNOWN);
}

/* async_start with one operand and a body returning `ret`, declared
** `future` (an opaque result). */
static void async_case(const char *ret, const char *future) {
  memset(&c, 0, sizeof c);
  sc_op(&c, "tensor<8x2xf32>");
  sc_region(&c, 1, 1, "tensor<8x2xf32>", ret);
  sc_opaque_res(&c, future);
}

Test(hlo_s29, async_start_future_holds_the_bodys_type) {
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x8xf32>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x2xf32>>");
  cr_assert_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "result-shape");
  cr_expect_str_eq(c.out.why,
                   "inferred type(s) 'tensor<8x8xf32>' (a future of what the body returns) are "
                   "incompatible with the declared future of 'tensor<8x2xf32>'");
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x8xi32>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  /* Exact types: `?` is not 8. */
  async_case("tensor<8x?xf32>", "!stablehlo.future<tensor<8x8xf32>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  /* Not a one-parameter type around a shaped type, or not at the declared
  ** types: not compared. */
  async_case("tensor<8x8xf32>", "!stablehlo.token");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x2xf32>, tensor<2xf32>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x2xf32>>");
  c.inferred = true;
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  async_case("tensor<8x8x!quant.uniform<i8:f32, 0.1>>", "!stablehlo.future<tensor<8x8x!quant.uniform<i8:f32, 0.1>>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
}

/* Through the analyzer and the catalog entries, generic forms. */
Test(hlo_s29, entries_judge_the_declared_types) {
  const char *text =
      "func.func @f(%a: tensor<8x2xf32>, %x: tensor<4x2xf32>, %y: tensor<4x2xi32>, %i: tensor<f32>, %j: tensor<i32>) "
      "{\n"
      "  %0 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<8x2xf32>):\n"
      "    %1 = \"stablehlo.all_gather\"(%b) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, "
      "5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>\n"
      "    \"stablehlo.return\"(%1) : (tensor<8x8xf32>) -> ()\n"
      "  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x2xf32>>\n"
      "  %2 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<8x2xf32>):\n"
      "    %3 = \"stablehlo.all_gather\"(%b) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 2, 4, 6], [1, 3, "
      "5, 7]]> : tensor<2x4xi64>} : (tensor<8x2xf32>) -> tensor<8x8xf32>\n"
      "    \"stablehlo.return\"(%3) : (tensor<8x8xf32>) -> ()\n"
      "  }) : (tensor<8x2xf32>) -> !stablehlo.future<tensor<8x8xf32>>\n"
      "  %4:2 = \"stablehlo.reduce_window\"(%x, %y, %i, %j) ({\n"
      "  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):\n"
      "    %5 = stablehlo.add %a0, %b0 : tensor<f32>\n"
      "    %6 = stablehlo.add %a1, %b1 : tensor<i32>\n"
      "    \"stablehlo.return\"(%5, %6) : (tensor<f32>, tensor<i32>) -> ()\n"
      "  }) {window_dimensions = array<i64: 1, 1>} : (tensor<4x2xf32>, tensor<4x2xi32>, tensor<f32>, tensor<i32>) "
      "-> (tensor<4x2xi32>, tensor<4x2xi32>)\n"
      "  %7:3 = \"stablehlo.reduce\"(%x, %y, %i, %j) ({\n"
      "  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):\n"
      "    %8 = stablehlo.add %a0, %b0 : tensor<f32>\n"
      "    %9 = stablehlo.add %a1, %b1 : tensor<i32>\n"
      "    \"stablehlo.return\"(%8, %9) : (tensor<f32>, tensor<i32>) -> ()\n"
      "  }) {dimensions = array<i64: 1>} : (tensor<4x2xf32>, tensor<4x2xi32>, tensor<f32>, tensor<i32>) "
      "-> (tensor<4xf32>, tensor<4xi32>, tensor<4xi32>)\n"
      "  %10:2 = \"stablehlo.reduce\"(%x, %y, %i, %j) ({\n"
      "  ^bb0(%a0: tensor<f32>, %a1: tensor<i32>, %b0: tensor<f32>, %b1: tensor<i32>):\n"
      "    %11 = stablehlo.add %a0, %b0 : tensor<f32>\n"
      "    %12 = stablehlo.add %a1, %b1 : tensor<i32>\n"
      "    \"stablehlo.return\"(%11, %12) : (tensor<f32>, tensor<i32>) -> ()\n"
      "  }) {dimensions = array<i64: 1>} : (tensor<4x2xf32>, tensor<4x2xi32>, tensor<f32>, tensor<i32>) "
      "-> (tensor<4xf32>, tensor<4xi32>)\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "result-shape@2 element-type@12 result-shape@18");
  ms_analysis_clear(&a);
}

static const char *einsum_of(const char *config, const char *a, const char *b) {
  memset(&c, 0, sizeof c);
  sc_op(&c, a);
  if (b) sc_op(&c, b);
  sc_str(&c, "einsum_config", config);
  if (sc_run(&c, "einsum") != MS_INFER_OK) return "unknown";
  return sc_dims(&c, 0);
}

Test(hlo_s29, einsum_infers_from_the_config) {
  cr_expect_str_eq(einsum_of("ab,bc->ac", "tensor<4x16xf32>", "tensor<16x5xf32>"), "4x5");
  cr_expect_str_eq(einsum_of("abc->ca", "tensor<2x3x4xf32>", NULL), "4x2");
  cr_expect_str_eq(einsum_of("ij,j->i", "tensor<?x3xf32>", "tensor<3xf32>"), "?");
  cr_expect_str_eq(einsum_of("ab,bc->ac", "tensor<4x?xf32>", "tensor<?x5xf32>"), "4x5");
  cr_expect_str_eq(einsum_of(",ab->a", "tensor<f32>", "tensor<2x3xf32>"), "2");
  /* `...`: broadcast leading dims, numpy style. */
  cr_expect_str_eq(einsum_of("...x,xy->...y", "tensor<2x3x4xf32>", "tensor<4x5xf32>"), "2x3x5");
  cr_expect_str_eq(einsum_of("...x,...x->...", "tensor<2x1x4xf32>", "tensor<3x4xf32>"), "2x3");
  /* What it does not understand judges nothing: a letter only in the
  ** output, sizes that disagree, the wrong number of terms or letters, no
  ** arrow, other characters. */
  cr_expect_str_eq(einsum_of("ab,bc->ad", "tensor<4x16xf32>", "tensor<16x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("ab,bc->ac", "tensor<4x16xf32>", "tensor<15x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("ab->a", "tensor<4x16xf32>", "tensor<16x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("abc,bc->ac", "tensor<4x16xf32>", "tensor<16x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("foobar", "tensor<4x16xf32>", "tensor<16x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("", "tensor<4x16xf32>", NULL), "unknown");
  cr_expect_str_eq(einsum_of("a1,1c->ac", "tensor<4x16xf32>", "tensor<16x5xf32>"), "unknown");
  cr_expect_str_eq(einsum_of("aa->a", "tensor<4x4xf32>", NULL), "unknown");
}

static const char *index_select_of(const char *x, const char *idx, int dim, int batch) {
  memset(&c, 0, sizeof c);
  sc_op(&c, x);
  sc_op(&c, idx);
  sc_vlist(&c, "dim", false, 1, dim);
  sc_vlist(&c, "batch_dims", false, 1, batch);
  if (sc_run(&c, "torch_index_select") != MS_INFER_OK) return "unknown";
  return sc_dims(&c, 0);
}

Test(hlo_s29, torch_index_select_infers) {
  cr_expect_str_eq(index_select_of("tensor<5x1x5xi32>", "tensor<5x3xi32>", 2, 1), "5x1x3");
  cr_expect_str_eq(index_select_of("tensor<4x8xf32>", "tensor<2x3xi32>", 0, 0), "2x3x8");
  cr_expect_str_eq(index_select_of("tensor<4x8xf32>", "tensor<i32>", 1, 0), "4");
  cr_expect_str_eq(index_select_of("tensor<4x8xf32>", "tensor<2xi32>", 2, 0), "unknown");
  cr_expect_str_eq(index_select_of("tensor<4x8xf32>", "tensor<3x2xi32>", 1, 1), "unknown");
  cr_expect_str_eq(index_select_of("tensor<4x8xf32>", "tensor<2xi32>", 0, 1), "unknown");
}

/* The new entries: pretty reverse is typed (pretty reduce_precision stays
** opaque: a malformed `format` is a parse error mlir-opt reports alone),
** einsum and torch_index_select refine results and never report. */
Test(hlo_s29, einsum_and_index_select_entries_refine_only) {
  const char *text =
      "func.func @f(%a: tensor<4x16xf32>, %b: tensor<16x5xf32>, %x: tensor<5x1x5xi32>, %i: tensor<5x3xi32>) {\n"
      "  %0 = stablehlo.einsum %a, %b, config = \"ab,bc->ac\" : (tensor<4x16xf32>, tensor<16x5xf32>) -> "
      "tensor<?x?xf32>\n"
      "  %1 = stablehlo.einsum %a, %b, config = \"ab,bc->ac\" : (tensor<4x16xf32>, tensor<16x5xf32>) -> "
      "tensor<4x4xf32>\n"
      "  %2 = \"stablehlo.torch_index_select\"(%x, %i) {dim = 2 : i64, batch_dims = 1 : i64} : "
      "(tensor<5x1x5xi32>, tensor<5x3xi32>) -> tensor<?x?x?xi32>\n"
      "  %3 = stablehlo.reverse %a, dims = [0] : tensor<4x16xf32>\n"
      "  %4 = stablehlo.reduce_precision %3, format = e5m10 : tensor<4x16xf32>\n"
      "  %5 = \"stablehlo.add\"(%4, %0) : (tensor<4x16xf32>, tensor<?x?xf32>) -> tensor<4x16xf32>\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  /* %0 is inferred 4x5: adding it to a 4x16 value is wrong; %1's declared
  ** 4x4 is not reported (StableHLO does not verify einsum). */
  cr_expect_str_eq(codes, "propagated-shape-mismatch@7");
  ms_analysis_clear(&a);
}

/* Pretty reduce: `applies OP` (pseudo attribute "applies _", read with
** "one_of") must name a commutative binary op of the dialect
** (AssemblyFormat.cpp parseReduceOp); the generic form is not affected. */
Test(hlo_s29, reduce_applies_a_commutative_op) {
  const char *text =
      "func.func @f(%x: tensor<?x?xf32>, %i: tensor<f32>) {\n"
      "  %0 = stablehlo.reduce(%x init: %i) applies stablehlo.divide across dimensions = [1] : "
      "(tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>\n"
      "  %1 = stablehlo.reduce(%x init: %i) applies stablehlo.maximum across dimensions = [1] : "
      "(tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>\n"
      "  %2 = stablehlo.reduce(%x init: %i) applies std.add across dimensions = [1] : "
      "(tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>\n"
      "  %3 = stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [1] : "
      "(tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>\n"
      "  %4 = stablehlo.reduce(%x init: %i) across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> "
      "tensor<?xf32>\n"
      "    reducer(%a: tensor<f32>, %b: tensor<f32>) {\n"
      "      %5 = stablehlo.divide %a, %b : tensor<f32>\n"
      "      stablehlo.return %5 : tensor<f32>\n"
      "    }\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "reducer@2 reducer@4");
  ms_analysis_clear(&a);
}

/* The source option "one_of" loads only with a plain attribute source. */
Test(hlo_s29, one_of_needs_a_list_of_names) {
  ms_catalog *cat = ms_catalog_new();
  char err[256] = "";
  const char *bad =
      "{\"version\": 1, \"ops\": [{\"match\": \"x.r\", \"description\": \"d\", \"algebra\": \"reduce\", \"params\": "
      "{\"applies_commutative\": "
      "{\"attribute\": \"applies _\", \"one_of\": \"x.add\"}}}]}";
  cr_expect(!ms_catalog_load(cat, "bad.json", bad, strlen(bad), err, sizeof err));
  cr_expect(strstr(err, "\"one_of\" is a list of 1 to 12 strings") != NULL, "%s", err);
  const char *good =
      "{\"version\": 1, \"ops\": [{\"match\": \"x.r\", \"description\": \"d\", \"algebra\": \"reduce\", \"params\": "
      "{\"applies_commutative\": "
      "{\"attribute\": \"applies _\", \"one_of\": [\"x.add\"]}}}]}";
  cr_expect(ms_catalog_load(cat, "good.json", good, strlen(good), err, sizeof err), "%s", err);
  ms_catalog_delete(cat);
}

/* async_start's body holds one op, a collective or slice (pseudo attribute
** "region op" read with "one_of"), and a return. */
Test(hlo_s29, async_start_inner_op) {
  const char *text =
      "func.func @f(%a: tensor<4x4xf32>) {\n"
      "  %0 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    %1 = \"stablehlo.add\"(%b, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "    \"stablehlo.return\"(%1) : (tensor<4x4xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>\n"
      "  %2 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    %3 = \"stablehlo.collective_permute\"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
      "(tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "    \"stablehlo.return\"(%3) : (tensor<4x4xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>\n"
      "  %4 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    %5 = \"stablehlo.collective_permute\"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
      "(tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "    %6 = \"stablehlo.collective_permute\"(%5) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : "
      "(tensor<4x4xf32>) -> tensor<4x4xf32>\n"
      "    \"stablehlo.return\"(%6) : (tensor<4x4xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "region-types@2 region-types@12");
  ms_analysis_clear(&a);
}
