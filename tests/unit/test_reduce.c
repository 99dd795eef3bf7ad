/*
** test_reduce.c: unit tests of reduce.c, the reduce family.
*/
#include "sop_case.h"
#include "sop_check.h"

Test(reduce, keeps_dims_not_reduced_with_bounds) {
  sop_case c = {0};
  sc_ops(&c, "tensor<?x3x4xf32, #stablehlo.bounds<7, ?, ?>>", "tensor<?x3x4xi32>", "tensor<f32>", "tensor<i32>", NULL);
  sc_list(&c, "dimensions", "1");
  cr_assert_eq(sc_run(&c, "reduce"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_eq(c.out.nresults, 2);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<?x4xf32, #stablehlo.bounds<7, ?>>");
  cr_assert_eq(c.out.results[0].bounds[0], 7);
  cr_assert_str_eq(sc_result(&c, 1), "tensor<?x4xi32, #stablehlo.bounds<7, ?>>");
}

Test(reduce, constraints) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3xf32>", "tensor<2x4xf32>", "tensor<f32>", "tensor<f32>", NULL);
  sc_list(&c, "dimensions", "1");
  sc_fails(&c, "reduce", MS_CODE_OPERANDS_SHAPE);
  c.ops[1].dims[1] = 3;
  c.params[0].v[0] = 2;
  sc_fails(&c, "reduce", MS_CODE_DIMS_RANGE);
  c.params[0].v[0] = 1;
  c.params[0].v[c.params[0].n++] = 1;
  sc_fails(&c, "reduce", MS_CODE_DIMS_ORDER);
}

Test(reduce, judges_nothing_without_dimensions_or_ranks) {
  sop_case c = {0};
  sc_ops(&c, "tensor<*xf32>", "tensor<f32>", NULL);
  sc_list(&c, "dimensions", "5");
  cr_assert_eq(sc_run(&c, "reduce"), MS_INFER_UNKNOWN);
  sop_case d = {0};
  sc_ops(&d, "tensor<2xf32>", "tensor<f32>", NULL);
  cr_assert_eq(sc_run(&d, "reduce"), MS_INFER_UNKNOWN);
}
