/*
** test_control.c: unit tests of the control-flow family
** (server/algebra/control.c) and of the reducer check (sop.c
** ms_sop_reducer): regions' arguments and yields against the operands.
*/
#include <criterion/criterion.h>

#include "sop_case.h"

static sop_case c;
static ms_shape shapes[16];
static ms_sop_region regions[4];

static const ms_shape *shape(int i, const char *t) {
  ms_shape_parse_type(&shapes[i], t, strlen(t), NULL, 0);
  return &shapes[i];
}

Test(control, if_branches_least_specific) {
  sc_plain(&c);
  sc_op(&c, "tensor<i1>");
  shape(0, "tensor<2x3xf32>");
  shape(1, "tensor<2x4xf32>");
  regions[0] = (ms_sop_region){0, NULL, 1, &shapes[0]};
  regions[1] = (ms_sop_region){0, NULL, 1, &shapes[1]};
  c.nregions = 2;
  c.regions = regions;
  cr_assert_eq(sc_run(&c, "conditional"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "region-types");
  shape(1, "tensor<2x?xf32>");
  cr_assert_eq(sc_run(&c, "conditional"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x?");
  regions[1].nargs = 1, regions[1].args = &shapes[0];
  cr_expect_eq(sc_run(&c, "conditional"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "branch 1 must have 0 arguments, but found 1");
  sc_plain(&c);
  sc_op(&c, "tensor<2xi1>");
  c.nregions = 2;
  c.regions = regions;
  cr_expect_eq(sc_run(&c, "conditional"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "operand should be rank 0 tensor but got rank 1");
}

Test(control, while_carries_shapes) {
  sc_plain(&c);
  sc_op(&c, "tensor<4xf32>");
  shape(0, "tensor<4xf32>");
  shape(1, "tensor<i1>");
  shape(2, "tensor<?xf32>");
  regions[0] = (ms_sop_region){1, &shapes[0], 1, &shapes[1]};
  regions[1] = (ms_sop_region){1, &shapes[2], 1, &shapes[0]};
  c.nregions = 2;
  c.regions = regions;
  cr_assert_eq(sc_run(&c, "while"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "4");
  shape(2, "tensor<5xf32>");
  cr_expect_eq(sc_run(&c, "while"), MS_INFER_INVALID);
  cr_expect(strstr(c.out.why, "body block arguments") != NULL, "%s", c.out.why);
  shape(2, "tensor<4xf32>");
  shape(1, "tensor<2xi1>");
  cr_expect_eq(sc_run(&c, "while"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expect condition block return a zero-ranked tensor of i1 but got 'tensor<2xi1>'");
}

Test(control, reducer_arguments_and_yields) {
  sc_plain(&c);
  sc_ops(&c, "tensor<4x6xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 2, 2, 2);
  shape(0, "tensor<f32>");
  shape(1, "tensor<f32>");
  shape(2, "tensor<f32>");
  regions[0] = (ms_sop_region){2, &shapes[0], 1, &shapes[2]};
  c.nregions = 1;
  c.regions = regions;
  cr_assert_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
  regions[0].nargs = 1;
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "Reduction-region must take 2 parameters, but takes 1 parameter(s)");
  regions[0].nargs = 2;
  shape(1, "tensor<3xf32>");
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "reducer");
  regions[0].nyields = -1; /* not known: not judged */
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_OK);
}

Test(control, branch_bounds_least_specific) {
  sc_plain(&c);
  sc_op(&c, "tensor<i1>");
  shape(0, "tensor<2x3x4x?x?x?xf32, #stablehlo.bounds<?, ?, ?, ?, ?, 6>>");
  shape(1, "tensor<2x?x?x?x?x?xf32, #stablehlo.bounds<?, ?, 4, ?, 5, 7>>");
  regions[0] = (ms_sop_region){0, NULL, 1, &shapes[0]};
  regions[1] = (ms_sop_region){0, NULL, 1, &shapes[1]};
  c.nregions = 2;
  c.regions = regions;
  cr_assert_eq(sc_run(&c, "conditional"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<2x?x?x?x?x?xf32, #stablehlo.bounds<?, ?, 4, ?, ?, 7>>");
}
