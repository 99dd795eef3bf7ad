/*
** test_hlo_s29.c: unit tests of the StableHLO checks added for issue 22's
** remaining verifier annotations: a reduction's result element types
** against what its body returns (ms_sop_body_elems: reduce, reduce_window),
** reduce's result count in the generic form, and async_start's declared
** `!stablehlo.future<T>` against the type its body returns.
*/
#include <criterion/criterion.h>

#include "helpers.h"
#include "sop_case.h"

TestSuite(hlo_s29, .fini = test_catalog_release);

static sop_case c;
static ms_shape shapes[16];
static ms_sop_region regions[2];

static void shape(int i, const char *t) { ms_shape_parse_type(&shapes[i], t, strlen(t), NULL, 0); }

static void result(const char *t) { sc_res(&c, t); }

/* reduce_window over 4x2 f32 and i32 inputs (window 1x1), the body
** returning f32 and i32 scalars. */
static void reduce_window_case(const char *r0, const char *r1) {
  memset(&c, 0, sizeof c);
  sc_op(&c, "tensor<4x2xf32>");
  sc_op(&c, "tensor<4x2xi32>");
  sc_op(&c, "tensor<f32>");
  sc_op(&c, "tensor<i32>");
  sc_vlist(&c, "window_dimensions", false, 2, 1, 1);
  result(r0);
  result(r1);
  shape(0, "tensor<f32>");
  shape(1, "tensor<i32>");
  shape(2, "tensor<f32>");
  shape(3, "tensor<i32>");
  shape(4, "tensor<f32>");
  shape(5, "tensor<i32>");
  regions[0] = (ms_sop_region){4, &shapes[0], 2, &shapes[4]};
  c.nregions = 1;
  c.regions = regions;
}

Test(hlo_s29, reduce_window_result_element_types_are_the_bodys) {
  reduce_window_case("tensor<4x2xf32>", "tensor<4x2xi32>");
  cr_assert_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
  reduce_window_case("tensor<4x2xi32>", "tensor<4x2xi32>");
  cr_assert_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "element-type");
  cr_expect_str_eq(c.out.why, "inferred element type 'f32' of result 0 (the body returns it) is incompatible with "
                              "return type 'tensor<4x2xi32>'");
  /* Only at the declared types, and only plain builtin element types. */
  c.inferred = true;
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
  reduce_window_case("tensor<4x2x!quant.uniform<i8:f32, 0.1>>", "tensor<4x2xi32>");
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
}

Test(hlo_s29, reduce_result_element_types_are_the_bodys) {
  memset(&c, 0, sizeof c);
  sc_op(&c, "tensor<4x2xf32>");
  sc_op(&c, "tensor<f32>");
  sc_vlist(&c, "dimensions", false, 1, 1);
  result("tensor<4xf16>");
  shape(0, "tensor<f32>");
  shape(1, "tensor<f32>");
  shape(2, "tensor<f32>");
  regions[0] = (ms_sop_region){2, &shapes[0], 1, &shapes[2]};
  c.nregions = 1;
  c.regions = regions;
  cr_assert_eq(sc_run(&c, "reduce"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "element-type");
  ms_shape_parse_type(&c.res[0], "tensor<4xf32>", 13, NULL, 0);
  cr_expect_eq(sc_run(&c, "reduce"), MS_INFER_OK, "%s", c.out.why);
}

Test(hlo_s29, reduce_result_count_in_the_generic_form) {
  memset(&c, 0, sizeof c);
  sc_op(&c, "tensor<?x?xf32>");
  sc_op(&c, "tensor<?x?xi32>");
  sc_op(&c, "tensor<f32>");
  sc_op(&c, "tensor<i32>");
  sc_vlist(&c, "dimensions", false, 1, 1);
  result("tensor<?xf32>");
  result("tensor<?xi32>");
  result("tensor<?xi32>");
  shape(0, "tensor<f32>");
  shape(1, "tensor<i32>");
  shape(2, "tensor<f32>");
  shape(3, "tensor<i32>");
  shape(4, "tensor<f32>");
  shape(5, "tensor<i32>");
  regions[0] = (ms_sop_region){4, &shapes[0], 2, &shapes[4]};
  c.nregions = 1;
  c.regions = regions;
  /* Two results inferred: the analyzer reports the count (result-shape). */
  cr_assert_eq(sc_run(&c, "reduce"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_eq(c.out.nresults, 2);
  /* No block arguments seen (the pretty form's `reducer(...)`): the
  ** operands may not all be seen either, nothing is judged. */
  regions[0].nargs = 0;
  cr_expect_eq(sc_run(&c, "reduce"), MS_INFER_UNKNOWN);
}

/* async_start with one operand and a body returning `ret`, declared
** `future` (an opaque result). */
static ms_shape opaque[1];
static void async_case(const char *ret, const char *future) {
  memset(&c, 0, sizeof c);
  sc_op(&c, "tensor<8x2xf32>");
  shape(0, "tensor<8x2xf32>");
  shape(1, ret);
  regions[0] = (ms_sop_region){1, &shapes[0], 1, &shapes[1]};
  c.nregions = 1;
  c.regions = regions;
  c.nres = 1;
  ms_shape_parse_type(&opaque[0], future, strlen(future), NULL, 0);
  c.opaque_results = opaque;
}

Test(hlo_s29, async_start_future_holds_the_bodys_type) {
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x8xf32>>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  async_case("tensor<8x8xf32>", "!stablehlo.future<tensor<8x2xf32>>");
  cr_assert_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "result-shape");
  cr_expect_str_eq(c.out.why, "inferred type(s) 'tensor<8x8xf32>' (a future of what the body returns) are "
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
      "func.func @f(%a: tensor<8x2xf32>, %x: tensor<4x2xf32>, %y: tensor<4x2xi32>, %i: tensor<f32>, %j: tensor<i32>) {\n"
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
