/*
** test_tosa_ops.c: unit tests of the shape functions behind TOSA's resize
** (the window family's "resize"), table, fft2d, rfft2d and rescale (the dim
** map family's options "same_dims", "halved", "power_of_two",
** "checked_results", "results_agree", "exact_results",
** "channel_operands"), as LLVM 22 verifies and infers them.
*/
#include "sop_case.h"

static sop_case c;

static void start(void) { memset(&c, 0, sizeof c); }

Test(tosa_ops, table_keeps_the_input_shape) {
  start();
  sc_ops(&c, "tensor<4x?xi16>", "tensor<513xi16>", NULL);
  sc_res(&c, "tensor<?x?xi16>");
  sc_list(&c, "same_dims", "0");
  sc_list(&c, "exact_results", "1");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<4x?xi16>");
  /* LLVM 22 compares a static result dim even with a `?` input dim */
  c.res[0].dims[1] = 5;
  sc_fails(&c, "dim_map", "result-shape");
}

Test(tosa_ops, fft2d_powers_of_two_where_both_are_static) {
  start();
  sc_ops(&c, "tensor<1x4x?xf32>", "tensor<1x?x6xf32>", NULL);
  sc_res(&c, "tensor<*xf32>");
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "same_dims", "0, 1");
  sc_list(&c, "results_agree", "1");
  sc_list(&c, "power_of_two", "0, 1, 1, 1, -1, 0, 2, 1, 2");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 1), "tensor<1x4x6xf32>");
  c.ops[0].dims[2] = 6; /* both widths static now: 6 is no power of two */
  sc_fails(&c, "dim_map", "power-of-two");
  c.ops[0].dims[2] = 8; /* 8 against 6 */
  sc_fails(&c, "dim_map", "dim-mismatch");
}

Test(tosa_ops, rfft2d_halves_the_width_and_checks_result_0_only) {
  start();
  sc_op(&c, "tensor<2x4x8xf32>");
  sc_res(&c, "tensor<?x?x?xf32>");
  sc_res(&c, "tensor<2x4x?xf32>");
  sc_list(&c, "same_dims", "0");
  sc_list(&c, "halved", "2");
  sc_list(&c, "checked_results", "1");
  sc_list(&c, "results_agree", "1");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<2x4x5xf32>");
  cr_expect(c.out.unchecked_results);
  c.res[1].dims[2] = 4; /* result #1 is not compared with the input */
  cr_expect_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  c.res[0].dims[2] = 5; /* but the results must agree */
  sc_fails(&c, "dim_map", "result-shape");
}

Test(tosa_ops, rescale_channel_counts) {
  start();
  sc_ops(&c, "tensor<2x3xi8>", "tensor<3xi32>", "tensor<3xi8>", NULL);
  sc_res(&c, "tensor<2xi32>"); /* the verifier does not compare the result */
  sc_list(&c, "same_dims", "0");
  sc_list(&c, "checked_results", "0");
  sc_list(&c, "channel_operands", "1, 2");
  sc_list(&c, "per_channel", "1");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<2x3xi32>");
  c.params[3].v[0] = 0; /* not per channel: one value */
  sc_fails(&c, "dim_map", "channel-count");
  cr_expect_eq(c.out.operand, 1);
  c.params[3].v[0] = 1;
  c.ops[0].dims[1] = MS_DIM_DYNAMIC; /* LLVM 22 compares 3 with `?` too */
  sc_fails(&c, "dim_map", "channel-count");
}

static void resize(const char *in, const char *res, const char *scale, const char *offset, const char *border) {
  start();
  sc_op(&c, in);
  sc_res(&c, res);
  sc_list(&c, "scale", scale);
  sc_list(&c, "offset", offset);
  sc_list(&c, "border", border);
}

Test(tosa_ops, resize_output_sizes) {
  resize("tensor<1x15x13x1xf32>", "tensor<?x?x?x?xf32>", "11, 7, 89, 6", "0, 0", "0, 0");
  cr_assert_eq(sc_run(&c, "resize"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<1x23x179x1xf32>");
  resize("tensor<1x15x13x1xf32>", "tensor<1x3x?x1xf32>", "11, 7, 89, 6", "0, 0", "0, 0");
  sc_fails(&c, "resize", "result-shape");
  /* N and C are not verified */
  resize("tensor<1x15x13x1xf32>", "tensor<2x23x179x3xf32>", "11, 7, 89, 6", "0, 0", "0, 0");
  cr_expect_eq(sc_run(&c, "resize"), MS_INFER_OK, "%s", c.out.why);
}

Test(tosa_ops, resize_scale_rules) {
  resize("tensor<1x4x4x1xf32>", "tensor<*xf32>", "0, 1, 1, 1", "0, 0", "0, 0");
  sc_fails(&c, "resize", "resize-scale");
  resize("tensor<1x4x4x1xf32>", "tensor<1x?x?x1xf32>", "2, 4, 1, 1", "0, 0", "0, 0");
  sc_fails(&c, "resize", "resize-scale"); /* 3 * 2 / 4 is not exact */
  resize("tensor<1x4x4x1xf32>", "tensor<*xf32>", "2, 4, 1, 1", "0, 0", "0, 0");
  cr_expect_eq(sc_run(&c, "resize"), MS_INFER_OK, "%s", c.out.why); /* nothing checked against `*` */
  resize("tensor<1x1x4x1xf32>", "tensor<1x7x?x1xf32>", "2, 4, 1, 1", "0, 0", "0, 0");
  cr_expect_eq(sc_run(&c, "resize"), MS_INFER_OK, "%s", c.out.why); /* a height of 1 is not checked */
  resize("tensor<1x4x4x1xf32>", "tensor<*xf32>", "2, 4, 1", "0, 0", "0, 0");
  sc_fails(&c, "resize", "operand-rank");
}

/* The control family's TOSA options (algebra/control.c): cond_if's
** branches take the inputs and return the declared results; while_loop's
** results match its inputs and its condition holds one element. */
static ms_shape targs[2][2], tyields[2][1];
static ms_sop_region regions[2];

static void parse(ms_shape *s, const char *t) { cr_assert(ms_shape_parse_type(s, t, strlen(t), NULL, 0), "%s", t); }

static ms_infer_verdict run_regions(const char *fn) {
  c.in = (ms_sop_in){c.nops, c.ops, c.nres, c.res, c.nparams, c.params, false, 2, regions, true, NULL, NULL};
  sc_clear_out(&c);
  return ms_sop_lookup(fn, strlen(fn))->fn(&c.in, &c.out);
}

Test(tosa_ops, cond_if_branches_against_inputs_and_results) {
  start();
  sc_ops(&c, "tensor<i1>", "tensor<2xf32>", NULL);
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "branch_arguments", "1");
  parse(&targs[0][0], "tensor<2xf32>");
  parse(&targs[1][0], "tensor<2xf32>");
  parse(&tyields[0][0], "tensor<2xf32>");
  parse(&tyields[1][0], "tensor<3xf32>");
  regions[0] = (ms_sop_region){1, targs[0], 1, tyields[0]};
  regions[1] = (ms_sop_region){1, targs[1], 1, tyields[1]};
  cr_assert_eq(run_regions("conditional"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<?xf32>"); /* 2 joined with 3 */
  parse(&c.res[0], "tensor<2xf32>");                   /* the else branch returns 3 */
  cr_expect_eq(run_regions("conditional"), MS_INFER_INVALID);
  parse(&c.res[0], "tensor<*xf32>");
  parse(&c.ops[0], "tensor<2xi1>");
  cr_expect_eq(run_regions("conditional"), MS_INFER_INVALID);
  cr_expect(strstr(c.out.why, "size 1 tensor") != NULL, "%s", c.out.why);
}

Test(tosa_ops, while_loop_results_and_condition) {
  start();
  sc_op(&c, "tensor<2xi32>");
  sc_res(&c, "tensor<?xi32>");
  sc_list(&c, "results_match_operands", "1");
  sc_list(&c, "size_one_condition", "1");
  parse(&targs[0][0], "tensor<2xi32>");
  parse(&targs[1][0], "tensor<2xi32>");
  parse(&tyields[0][0], "tensor<1xi1>");
  parse(&tyields[1][0], "tensor<2xi32>");
  regions[0] = (ms_sop_region){1, targs[0], 1, tyields[0]};
  regions[1] = (ms_sop_region){1, targs[1], 1, tyields[1]};
  cr_assert_eq(run_regions("while"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<2xi32>");
  parse(&c.res[0], "tensor<3xi32>");
  cr_expect_eq(run_regions("while"), MS_INFER_INVALID);
  parse(&c.res[0], "tensor<2xi32>");
  parse(&tyields[0][0], "tensor<2xi1>");
  cr_expect_eq(run_regions("while"), MS_INFER_INVALID);
}

Test(tosa_ops, rescale_zero_points_hold_one_value) {
  start();
  sc_ops(&c, "tensor<2x3xi8>", "tensor<1xi32>", "tensor<1xi8>", "tensor<1xi8>", "tensor<*xi32>", NULL);
  sc_res(&c, "tensor<*xi32>");
  sc_list(&c, "same_dims", "0");
  sc_list(&c, "checked_results", "0");
  sc_list(&c, "unit_operands", "3, 4");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  parse(&c.ops[3], "tensor<?xi8>"); /* LLVM 22 rejects a `?` too */
  sc_fails(&c, "dim_map", "operand-rank");
  cr_expect_eq(c.out.operand, 3);
}
