/*
** test_contraction.c: unit tests of the contraction family
** (server/algebra/contraction.c): dot_general, dot and ragged_dot as
** StableHLO's spec and ChloOps.cpp verify and infer them.
*/
#include <criterion/criterion.h>

#include "sop_helpers.h"

static sop_case c;

static void dot_general(const char *a, const char *b) {
  sop_init(&c);
  sop_operand(&c, a);
  sop_operand(&c, b);
}

Test(contraction, dot_general_batch_free_and_contracting) {
  char buf[64];
  dot_general("tensor<10x3x12xf32>", "tensor<10x12x5xf32>");
  sop_list(&c, "lhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "rhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 2);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_assert_eq(sop_run(&c, "dot_general"), MS_INFER_OK);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "10x3x5");
}

Test(contraction, dot_general_batch_dims_merge_and_keep_bounds) {
  char buf[160];
  dot_general("tensor<?x?x12xf32, #stablehlo.bounds<8, 64, ?>>", "tensor<4x12x?xf32, #stablehlo.bounds<?, ?, 32>>");
  sop_list(&c, "lhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "rhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 2);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_assert_eq(sop_run(&c, "dot_general"), MS_INFER_OK);
  ms_shape_format_type(&c.out.results[0], buf, sizeof buf);
  cr_expect_str_eq(buf, "tensor<4x?x?xf32, #stablehlo.bounds<?, 64, 32>>");
}

Test(contraction, dot_general_constraints) {
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sop_list(&c, "lhs_batching_dimensions", false, 1, 0);
  cr_expect_eq(sop_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "batching-dims");
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 3);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sop_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "lhs_contracting_dimensions value: 3 is out of range: [0, 3)");
  dot_general("tensor<2x3x4xf32>", "tensor<2x5x5xf32>");
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 2);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sop_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "contracting-dims");
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sop_list(&c, "lhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "rhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 0);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sop_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect(strstr(c.out.why, "duplicated dimension") != NULL, "%s", c.out.why);
  dot_general("tensor<*xf32>", "tensor<2x4x5xf32>");
  cr_expect_eq(sop_run(&c, "dot_general"), MS_INFER_UNKNOWN);
}

Test(contraction, dot_ranks) {
  char buf[64];
  dot_general("tensor<3x4xf32>", "tensor<4xf32>");
  cr_assert_eq(sop_run(&c, "dot"), MS_INFER_OK);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "3");
  dot_general("tensor<4xf32>", "tensor<4xf32>");
  cr_assert_eq(sop_run(&c, "dot"), MS_INFER_OK);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "scalar");
  dot_general("tensor<2x3x4xf32>", "tensor<4xf32>");
  cr_expect_eq(sop_run(&c, "dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "operand-rank");
  dot_general("tensor<3x4xf32>", "tensor<5x2xf32>");
  cr_expect_eq(sop_run(&c, "dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "contracting-dims");
}

Test(contraction, ragged_dot_modes) {
  char buf[64];
  /* mode 1: [b,m,k] x [g,b,k,n], [g] -> [b,m,n] */
  sop_init(&c);
  sop_operand(&c, "tensor<2x11x5xf32>");
  sop_operand(&c, "tensor<3x2x5x7xf32>");
  sop_operand(&c, "tensor<3xi64>");
  sop_list(&c, "lhs_batching_dimensions", false, 1, 0);
  sop_list(&c, "rhs_batching_dimensions", false, 1, 1);
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 2);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 2);
  sop_list(&c, "lhs_ragged_dimensions", false, 1, 1);
  sop_list(&c, "rhs_group_dimensions", false, 1, 0);
  cr_assert_eq(sop_run(&c, "ragged_dot"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "2x11x7");
  /* mode 2: [m,k] x [k,n], [g] -> [g,m,n] */
  sop_init(&c);
  sop_operand(&c, "tensor<11x5xf32>");
  sop_operand(&c, "tensor<5x7xf32>");
  sop_operand(&c, "tensor<3xi64>");
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 1);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 0);
  sop_list(&c, "lhs_ragged_dimensions", false, 1, 1);
  cr_assert_eq(sop_run(&c, "ragged_dot"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "3x11x7");
  /* a group dim of another size than g */
  sop_init(&c);
  sop_operand(&c, "tensor<11x5xf32>");
  sop_operand(&c, "tensor<4x5x7xf32>");
  sop_operand(&c, "tensor<3xi64>");
  sop_list(&c, "lhs_contracting_dimensions", false, 1, 1);
  sop_list(&c, "rhs_contracting_dimensions", false, 1, 1);
  sop_list(&c, "lhs_ragged_dimensions", false, 1, 0);
  sop_list(&c, "rhs_group_dimensions", false, 1, 0);
  cr_expect_eq(sop_run(&c, "ragged_dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "rhs group dimension is expected to have size=3, got 4");
}
