/*
** test_window.c: unit tests of the window family (server/algebra/window.c):
** reduce_window's output shapes (bounds too) and select_and_scatter's
** source shape, as StableHLO infers and verifies them.
*/
#include <criterion/criterion.h>

#include "sop_case.h"

static sop_case c;

Test(window, reduce_window_output_and_bounds) {
  sc_plain(&c);
  sc_ops(&c, "tensor<4x?x?x?xf32, #stablehlo.bounds<?, ?, 4, 2>>", "tensor<f32>", NULL);
  sc_vlist(&c, "padding", true, 8, 0, 0, 0, 0, 2, 2, 0, 0);
  sc_vlist(&c, "window_dimensions", false, 4, 1, 1, 5, 1);
  sc_vlist(&c, "window_strides", false, 4, 1, 1, 3, 1);
  cr_assert_eq(sc_run(&c, "reduce_window"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_result(&c, 0), "tensor<4x?x?x?xf32, #stablehlo.bounds<?, ?, 2, 2>>");
}

Test(window, reduce_window_constraints) {
  sc_plain(&c);
  sc_ops(&c, "tensor<4x2xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 1, 2);
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why,
                   "expects window-dimensions size == input rank, but got window-dimensions size: 1 and "
                   "input: 'tensor<4x2xf32>' with rank = 2.");
  sc_plain(&c);
  sc_ops(&c, "tensor<4x2xf32>", "tensor<4x3xi32>", "tensor<f32>", "tensor<i32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 2, 2, 2);
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_eq(c.out.operand, 1);
  sc_plain(&c);
  sc_ops(&c, "tensor<4x2xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 2, 2, 0);
  cr_expect_eq(sc_run(&c, "reduce_window"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects window to have positive value for 1-th window dimension, but got 0.");
}

Test(window, select_and_scatter_source) {
  sc_plain(&c);
  sc_ops(&c, "tensor<10x24x24x64xf32>", "tensor<10x12x12x64xf32>", "tensor<f32>", NULL);
  sc_vlist(&c, "window_dimensions", false, 4, 1, 2, 2, 1);
  sc_vlist(&c, "window_strides", false, 4, 1, 2, 2, 1);
  cr_assert_eq(sc_run(&c, "select_and_scatter"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "10x24x24x64");
  c.ops[1].dims[3] = 32;
  cr_expect_eq(sc_run(&c, "select_and_scatter"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects source-type to be 'tensor<10x12x12x64xf32>', but got'tensor<10x12x12x32xf32>'");
}
