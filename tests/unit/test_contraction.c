/*
** test_contraction.c: unit tests of the contraction family
** (server/algebra/contraction.c): dot_general, dot and ragged_dot as
** StableHLO's spec and ChloOps.cpp verify and infer them.
*/
#include <criterion/criterion.h>

#include "sop_case.h"

static sop_case c;

static void dot_general(const char *a, const char *b) {
  sc_plain(&c);
  sc_op(&c, a);
  sc_op(&c, b);
}

Test(contraction, dot_general_batch_free_and_contracting) {
  dot_general("tensor<10x3x12xf32>", "tensor<10x12x5xf32>");
  sc_vlist(&c, "lhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 2);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_assert_eq(sc_run(&c, "dot_general"), MS_INFER_OK);
  cr_expect_str_eq(sc_dims(&c, 0), "10x3x5");
}

Test(contraction, dot_general_batch_dims_merge_and_keep_bounds) {
  dot_general("tensor<?x?x12xf32, #stablehlo.bounds<8, 64, ?>>", "tensor<4x12x?xf32, #stablehlo.bounds<?, ?, 32>>");
  sc_vlist(&c, "lhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 2);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_assert_eq(sc_run(&c, "dot_general"), MS_INFER_OK);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<4x?x?xf32, #stablehlo.bounds<?, 64, 32>>");
}

Test(contraction, dot_general_constraints) {
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sc_vlist(&c, "lhs_batching_dimensions", false, 1, 0);
  cr_expect_eq(sc_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "batching-dims");
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 3);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sc_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "lhs_contracting_dimensions value: 3 is out of range: [0, 3)");
  dot_general("tensor<2x3x4xf32>", "tensor<2x5x5xf32>");
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 2);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sc_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "contracting-dims");
  dot_general("tensor<2x3x4xf32>", "tensor<2x4x5xf32>");
  sc_vlist(&c, "lhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  cr_expect_eq(sc_run(&c, "dot_general"), MS_INFER_INVALID);
  cr_expect(strstr(c.out.why, "duplicated dimension") != NULL, "%s", c.out.why);
  dot_general("tensor<*xf32>", "tensor<2x4x5xf32>");
  cr_expect_eq(sc_run(&c, "dot_general"), MS_INFER_UNKNOWN);
}

Test(contraction, dot_ranks) {
  dot_general("tensor<3x4xf32>", "tensor<4xf32>");
  cr_assert_eq(sc_run(&c, "dot"), MS_INFER_OK);
  cr_expect_str_eq(sc_dims(&c, 0), "3");
  dot_general("tensor<4xf32>", "tensor<4xf32>");
  cr_assert_eq(sc_run(&c, "dot"), MS_INFER_OK);
  cr_expect_str_eq(sc_dims(&c, 0), "scalar");
  dot_general("tensor<2x3x4xf32>", "tensor<4xf32>");
  cr_expect_eq(sc_run(&c, "dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "operand-rank");
  dot_general("tensor<3x4xf32>", "tensor<5x2xf32>");
  cr_expect_eq(sc_run(&c, "dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "contracting-dims");
}

Test(contraction, ragged_dot_modes) {
  /* mode 1: [b,m,k] x [g,b,k,n], [g] -> [b,m,n] */
  sc_plain(&c);
  sc_ops(&c, "tensor<2x11x5xf32>", "tensor<3x2x5x7xf32>", "tensor<3xi64>", NULL);
  sc_vlist(&c, "lhs_batching_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_batching_dimensions", false, 1, 1);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 2);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 2);
  sc_vlist(&c, "lhs_ragged_dimensions", false, 1, 1);
  sc_vlist(&c, "rhs_group_dimensions", false, 1, 0);
  cr_assert_eq(sc_run(&c, "ragged_dot"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x11x7");
  /* mode 2: [m,k] x [k,n], [g] -> [g,m,n] */
  sc_plain(&c);
  sc_ops(&c, "tensor<11x5xf32>", "tensor<5x7xf32>", "tensor<3xi64>", NULL);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 1);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 0);
  sc_vlist(&c, "lhs_ragged_dimensions", false, 1, 1);
  cr_assert_eq(sc_run(&c, "ragged_dot"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "3x11x7");
  /* a group dim of another size than g */
  sc_plain(&c);
  sc_ops(&c, "tensor<11x5xf32>", "tensor<4x5x7xf32>", "tensor<3xi64>", NULL);
  sc_vlist(&c, "lhs_contracting_dimensions", false, 1, 1);
  sc_vlist(&c, "rhs_contracting_dimensions", false, 1, 1);
  sc_vlist(&c, "lhs_ragged_dimensions", false, 1, 0);
  sc_vlist(&c, "rhs_group_dimensions", false, 1, 0);
  cr_expect_eq(sc_run(&c, "ragged_dot"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "rhs group dimension is expected to have size=3, got 4");
}
