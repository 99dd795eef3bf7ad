/*
** test_region_ops.c: unit tests of the region-ops family
** (server/algebra/region_ops.c: CHLO's scan, StableHLO's async_start) and
** of reduce's odd operand count (reduce.c).
*/
#include <criterion/criterion.h>

#include "helpers.h"
#include "sop_case.h"

TestSuite(region_ops, .fini = test_catalog_release);

static sop_case c;

/* chlo.scan (%x : 2x3) inits (%c : 3) dimension = 0, a body (3, 3) -> (3, 3). */
static void scan_case(const char *x, const char *init, const char *arg0, const char *arg1) {
  sc_plain(&c);
  sc_op(&c, x);
  sc_op(&c, init);
  sc_vlist(&c, "dimension", false, 1, 0);
  sc_vlist(&c, "inits", false, 1, -1);
  sc_region(&c, 2, 2, arg0, arg1, "tensor<3xf32>", "tensor<3xf32>");
}

Test(region_ops, scan_infers_outputs_and_carries) {
  scan_case("tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>");
  sc_passes(&c, "scan");
  cr_assert_eq(c.out.nresults, 2);
  cr_expect_str_eq(sc_dims(&c, 0), "2x3");
  cr_expect_str_eq(sc_dims(&c, 1), "3");
  /* scan_dim_size wins for the output's scan dim, and must agree with static inputs. */
  sc_vlist(&c, "scan_dim_size", false, 1, 3);
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "scan-dims");
  cr_expect(strstr(c.out.why, "invalid scan dimension size of operand 0") != NULL, "%s", c.out.why);
  scan_case("tensor<?x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>");
  sc_vlist(&c, "scan_dim_size", false, 1, 7);
  sc_passes(&c, "scan");
  cr_expect_str_eq(sc_dims(&c, 0), "7x3");
}

Test(region_ops, scan_rejects_what_the_verifier_rejects) {
  scan_case("tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>");
  c.params[0].v[0] = 2;
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "scan dimension of operand 0 is out of bounds");
  cr_expect_str_eq(c.out.code, "scan-dims");
  scan_case("tensor<2x3xf32>", "tensor<3xi32>", "tensor<3xf32>", "tensor<3xf32>");
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "operand and body argument 1 are incompatible");
  scan_case("tensor<2x3xf32>", "tensor<2xf32>", "tensor<3xf32>", "tensor<3xf32>");
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "region-types");
  /* No inits: the body takes one argument. */
  scan_case("tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>");
  c.nops = 1;
  c.params[1].n = 0;
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects 1 arguments in the body, but got 2");
  /* The generic form's operandSegmentSizes decide; an unreadable split: silence. */
  scan_case("tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>");
  c.params[1].present = false;
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_UNKNOWN);
  sc_vlist(&c, "segments", false, 2, 1, 1);
  cr_expect_eq(sc_run(&c, "scan"), MS_INFER_OK, "%s", c.out.why);
}

Test(region_ops, async_start_region_arguments) {
  sc_plain(&c);
  sc_op(&c, "tensor<128x32xf32>");
  ms_sop_region *body = sc_region(&c, 1, 1, "tensor<128x32xi32>", "tensor<128x32xi32>");
  c.inferred = false;
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why,
                   "operand type 'tensor<128x32xf32>' at index 0 must match region argument type 'tensor<128x32xi32>'");
  sc_shape(&c.rshapes[0], "tensor<128x32xf32>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_OK, "%s", c.out.why);
  /* Exact types: a `?` against a size is not the same type. */
  sc_shape(&c.rshapes[0], "tensor<128x?xf32>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  body->nargs = 2;
  sc_shape(&c.rshapes[1], "tensor<128x32xf32>");
  cr_expect_eq(sc_run(&c, "async_start"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "number of operands (1) must match number of region arguments (2)");
}

Test(region_ops, reduce_odd_operands_reducer_arity) {
  sc_plain(&c);
  sc_ops(&c, "tensor<?x?xf32>", "tensor<?x?xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "dimensions", false, 1, 1);
  ms_sop_region *body =
      sc_region(&c, 4, 2, "tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<f32>", "tensor<f32>");
  cr_expect_eq(sc_run(&c, "reduce"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "Reduction-region must take 2 parameters, but takes 4 parameter(s)");
  body->nargs = 2;
  cr_expect_eq(sc_run(&c, "reduce"), MS_INFER_UNKNOWN);
}

Test(region_ops, min_results_declared_only) {
  sc_plain(&c);
  sc_op(&c, "!stablehlo.token");
  sc_vlist(&c, "min_results", false, 1, 1);
  cr_expect_eq(sc_run(&c, "min_results"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "result is expected to be at least of size 1, but got 0");
  cr_expect_str_eq(c.out.code, "operand-count");
  sc_res(&c, "tensor<3xf32>");
  sc_res(&c, "!stablehlo.token");
  sc_passes(&c, "min_results");
  cr_expect(c.out.unchecked_results);
  cr_expect(!c.out.results[0].ranked, "nothing is inferred");
}

Test(region_ops, constant_static_literal_and_result) {
  sc_plain(&c);
  sc_res(&c, "tensor<3xi32>");
  sc_vlist(&c, "value_type", false, 0);
  sc_passes(&c, "constant");
  cr_expect(c.out.results[0].ranked && c.out.results[0].rank == 0, "dense<0> : tensor<i32> gives a rank-0 result");
  c.params[0].n = 2, c.params[0].v[0] = 2, c.params[0].v[1] = 3;
  sc_passes(&c, "constant");
  cr_expect_str_eq(sc_dims(&c, 0), "2x3");
  c.params[0].n = 1, c.params[0].v[0] = -1;
  cr_expect_eq(sc_run(&c, "constant"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "elements literal type must have static shape");
  cr_expect_str_eq(c.out.code, "not-static");
  c.params[0].v[0] = 3;
  ms_shape_parse_type(&c.res[0], "tensor<?xi32>", 13, NULL, 0);
  cr_expect_eq(sc_run(&c, "constant"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "op result #0 must be statically shaped tensor");
  /* The pretty form: one type for the literal and the result. */
  c.params[0].present = false;
  cr_expect_eq(sc_run(&c, "constant"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "elements literal type must have static shape");
  ms_shape_parse_type(&c.res[0], "tensor<3xi32>", 13, NULL, 0);
  cr_expect_eq(sc_run(&c, "constant"), MS_INFER_OK, "%s", c.out.why);
  cr_expect(c.out.unchecked_results);
}

/* Through the analyzer: the catalog entries (rules/stablehlo.json, chlo.json)
** and their parameters in both forms (the "type" format, "inits()"). */
Test(region_ops, entries_in_both_forms) {
  const char *text =
      "func.func @f(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {\n"
      "  %0 = \"stablehlo.constant\"() <{value = dense<0> : tensor<i32>}> : () -> tensor<3xi32>\n"
      "  %1 = \"stablehlo.constant\"() <{value = dense<1> : tensor<i32>}> : () -> tensor<?xi32>\n"
      "  %2 = stablehlo.constant dense<1> : tensor<1x?xf32, #stablehlo.bounds<?, 5>>\n"
      "  %3 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n"
      "  %4 = \"stablehlo.constant\"() {value = dense<[[1.0, 2.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>\n"
      "  %5:2 = chlo.scan (%x) inits (%c) dimension = 0 {\n"
      "  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):\n"
      "    stablehlo.return %in, %carry : tensor<3xf32>, tensor<3xf32>\n"
      "  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)\n"
      "  %6:2 = \"chlo.scan\"(%x, %c) <{dimension = 1 : i64, operandSegmentSizes = array<i32: 1, 1>}> ({\n"
      "  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):\n"
      "    \"stablehlo.return\"(%in, %carry) : (tensor<3xf32>, tensor<3xf32>) -> ()\n"
      "  }) : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)\n"
      "  return %x : tensor<2x3xf32>\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "result-shape@2 not-static@3 not-static@4 region-types@11");
  ms_analysis_clear(&a);
}
