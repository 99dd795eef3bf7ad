/*
** test_convolution.c: unit tests of the convolution family
** (server/algebra/convolution.c) and the window helpers it shares with
** window.c: dimension numbers, window attributes, group counts, output
** shapes, as StableHLO's TypeInference.cpp gives them.
*/
#include <criterion/criterion.h>

#include "sop_case.h"

static sop_case c;

/* NHWC input, HWIO kernel, NHWC output. */
static void nhwc(const char *in, const char *kernel) {
  sc_plain(&c);
  sc_op(&c, in);
  sc_op(&c, kernel);
  sc_nhwc_hwio(&c);
}

Test(convolution, output_shape_with_stride_padding_dilation) {
  nhwc("tensor<100x26x26x32xf32>", "tensor<3x3x32x16xf32>");
  sc_vlist(&c, "padding", true, 4, 2, 2, 2, 2);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "100x28x28x16");
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "window_strides", false, 2, 2, 2);
  sc_vlist(&c, "rhs_dilation", false, 2, 2, 1);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  /* dilated kernel 5 over 8 with stride 2: 2; kernel 3: 3 */
  cr_expect_str_eq(sc_dims(&c, 0), "1x2x3x16");
  nhwc("tensor<?x8x?x4xf32>", "tensor<3x3x4x16xf32>");
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "?x6x?x16");
}

Test(convolution, dimension_numbers) {
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "operand-rank");
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  c.params[2].v[1] = 1; /* input spatial [1, 1] */
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects input dimension-numbers to be unique, got {0, 3, 1, 1}.");
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  c.params[8].v[1] = 4;
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "conv-dims");
}

Test(convolution, window_attributes) {
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "window_strides", false, 1, 1);
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why,
                   "expects window-strides to have same dimension-size as size of window dimensions (2), but got: 1.");
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "lhs_dilation", false, 2, 0, 1);
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  nhwc("tensor<1x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "padding", false, 6, 0, 0, 0, 0, 0, 0);
  c.params[c.nparams - 1].nshape = 2, c.params[c.nparams - 1].shape[0] = 2, c.params[c.nparams - 1].shape[1] = 3;
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects the shape of padding-attribute to be {N, 2}, but got {2, 3}.");
}

Test(convolution, group_counts) {
  nhwc("tensor<1x8x8x8xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "feature_group_count", false, 1, 2);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "1x6x6x16");
  nhwc("tensor<1x8x8x8xf32>", "tensor<3x3x4x16xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "group-count");
  nhwc("tensor<4x8x8x4xf32>", "tensor<3x3x4x16xf32>");
  sc_vlist(&c, "batch_group_count", false, 1, 2);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x6x6x16");
}

Test(convolution, dynamic_conv_padding_operand) {
  nhwc("tensor<100x26x26x32xf32>", "tensor<3x3x32x16xf32>");
  sc_op(&c, "tensor<2x2xi64>");
  sc_vlist(&c, "padding", true, 4, 2, 2, 2, 2);
  cr_assert_eq(sc_run(&c, "dynamic_conv"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "100x28x28x16");
  cr_expect(c.out.unchecked_results);
  nhwc("tensor<100x26x26x32xf32>", "tensor<3x3x32x16xf32>");
  sc_op(&c, "tensor<3x2xi64>");
  cr_expect_eq(sc_run(&c, "dynamic_conv"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expects padding to be of shape [2, 2], but got [3, 2]");
}
