/*
** test_tosa_conv.c: unit tests of the convolution family's options for
** dialects that verify otherwise than StableHLO (TOSA's conv2d, conv3d,
** depthwise_conv2d, transpose_conv2d, avg_pool2d and max_pool2d as LLVM 22
** verifies and infers them): channel_check "warn", exact_stride,
** flat_padding, nonnegative_padding, transposed, padding_below_window,
** depth_multiplier_dimension, bias_operand, feature_operand,
** operand_ranks, result_rank, and the pool function; the dim map family
** (gather, scatter).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sop_case.h"

static sop_case c;

/* tosa.conv2d: NHWC input, [OC, KH, KW, IC] weight, bias, two zero points;
** declared result res (NULL: none). */
static void conv2d(const char *in, const char *w, const char *bias, const char *res) {
  sc_plain(&c);
  sc_op(&c, in);
  sc_op(&c, w);
  sc_op(&c, bias);
  sc_ops(&c, "tensor<1xf32>", "tensor<1xf32>", NULL);
  if (res) {
    sc_res(&c, res);
  }
  sc_vlist(&c, "input_batch_dimension", false, 1, 0);
  sc_vlist(&c, "input_feature_dimension", false, 1, 3);
  sc_vlist(&c, "input_spatial_dimensions", false, 2, 1, 2);
  sc_vlist(&c, "kernel_output_feature_dimension", false, 1, 0);
  sc_vlist(&c, "kernel_spatial_dimensions", false, 2, 1, 2);
  sc_vlist(&c, "kernel_input_feature_dimension", false, 1, 3);
  sc_vlist(&c, "output_batch_dimension", false, 1, 0);
  sc_vlist(&c, "output_feature_dimension", false, 1, 3);
  sc_vlist(&c, "output_spatial_dimensions", false, 2, 1, 2);
  sc_str(&c, "channel_check", "warn");
  sc_vlist(&c, "exact_stride", false, 1, 1);
  sc_vlist(&c, "flat_padding", false, 1, 1);
  sc_vlist(&c, "nonnegative_padding", false, 1, 1);
  sc_vlist(&c, "bias_operand", false, 1, 2);
  sc_vlist(&c, "operand_ranks", false, 3, 4, 4, 1);
  sc_vlist(&c, "result_rank", false, 1, 4);
}

Test(tosa_conv, output_shape_and_flat_padding) {
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sc_vlist(&c, "padding", false, 4, 1, 1, 0, 0);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "1x8x6x4");
  cr_expect_null(c.out.warn_code);
  /* stride 3 over (8 - 1 + 1 + 2 - (3 - 1) * 2) = 6: exact, 3 */
  conv2d("tensor<1x?x8x3xf32>", "tensor<?x3x3x3xf32>", "tensor<1xf32>", "tensor<*xf32>");
  sc_vlist(&c, "padding", false, 4, 0, 0, 1, 2);
  sc_vlist(&c, "window_strides", false, 2, 1, 3);
  sc_vlist(&c, "rhs_dilation", false, 2, 1, 2);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "1x?x3x1"); /* channels from the bias */
}

Test(tosa_conv, exact_stride_only_against_a_ranked_result) {
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x3x6x4xf32>");
  sc_vlist(&c, "window_strides", false, 2, 2, 1);
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  /* unranked: the verifier accepts, nothing is inferred */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sc_vlist(&c, "window_strides", false, 2, 2, 1);
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_UNKNOWN);
}

Test(tosa_conv, channel_check_warn) {
  /* input channels 3, weight 5: the specification's ERROR_IF, a warning */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x5xf32>", "tensor<4xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "group-count");
  cr_expect(c.out.unchecked_results);
  /* a batch that differs: a warning; a spatial dim: the verifier's error */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<2x6x6x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "result-shape");
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x5x6x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "result-shape");
}

Test(tosa_conv, bias_padding_and_ranks) {
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<5xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "bias-channels");
  cr_expect_eq(c.out.operand, 2);
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<1xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  /* a bias that contradicts the weight's channels, result `?`: no refinement */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<5xf32>", "tensor<1x6x6x?xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_UNKNOWN);
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sc_vlist(&c, "padding", false, 4, 0, -1, 0, 0);
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expect all padding values to be >= 0, got 0, -1, 0, 0");
  conv2d("tensor<1x8x8xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "operand-rank");
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x6x6xf32>");
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "result #0 must be 4-d tensor, but got 'tensor<1x6x6xf32>'");
}

Test(tosa_conv, depthwise_multiplier) {
  conv2d("tensor<1x4x4x3xf32>", "tensor<3x3x3x2xf32>", "tensor<6xf32>", "tensor<*xf32>");
  c.params[3].v[0] = 3;                       /* kernel_output_feature_dimension */
  c.params[4].v[0] = 0, c.params[4].v[1] = 1; /* kernel spatial [0, 1] */
  c.params[5].v[0] = 2;                       /* kernel input features */
  sc_vlist(&c, "depth_multiplier_dimension", false, 1, 3);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "1x2x2x6");
}

Test(tosa_conv, transposed) {
  conv2d("tensor<2x4x4x3xf32>", "tensor<5x3x3x3xf32>", "tensor<5xf32>", "tensor<*xf32>");
  sc_vlist(&c, "padding", false, 4, 0, 1, 0, 0);
  sc_vlist(&c, "window_strides", false, 2, 2, 2);
  sc_vlist(&c, "transposed", false, 1, 1);
  c.params[12].v[0] = 0; /* not nonnegative_padding */
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x10x9x5"); /* (4 - 1) * 2 + 0 + 1 + 3 */
  /* out_pad <= -K */
  conv2d("tensor<2x4x4x3xf32>", "tensor<5x3x3x3xf32>", "tensor<5xf32>", "tensor<*xf32>");
  sc_vlist(&c, "padding", false, 4, -3, 0, 0, 0);
  sc_vlist(&c, "transposed", false, 1, 1);
  c.params[12].v[0] = 0;
  cr_expect_eq(sc_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  /* feature_operand 0: LLVM 22 takes a `?` weight's channels from the input's dim 0 */
  conv2d("tensor<2x4x4x3xf32>", "tensor<?x3x3x3xf32>", "tensor<?xf32>", "tensor<*xf32>");
  sc_vlist(&c, "transposed", false, 1, 1);
  sc_vlist(&c, "feature_operand", false, 1, 0);
  cr_assert_eq(sc_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x6x6x2");
}

static void pool(const char *in, const char *res, int kh, int kw, int sh, int sw, int pt, int pb, int pl, int pr) {
  sc_plain(&c);
  sc_op(&c, in);
  if (res) {
    sc_res(&c, res);
  }
  sc_vlist(&c, "input_spatial_dimensions", false, 2, 1, 2);
  sc_vlist(&c, "window_dimensions", false, 2, kh, kw);
  sc_vlist(&c, "window_strides", false, 2, sh, sw);
  sc_vlist(&c, "padding", false, 4, pt, pb, pl, pr);
  sc_str(&c, "channel_check", "warn");
  sc_vlist(&c, "exact_stride", false, 1, 1);
  sc_vlist(&c, "flat_padding", false, 1, 1);
  sc_vlist(&c, "nonnegative_padding", false, 1, 1);
  sc_vlist(&c, "padding_below_window", false, 1, 1);
}

Test(tosa_conv, pool) {
  pool("tensor<?x8x8x3xf32>", "tensor<*xf32>", 3, 2, 2, 2, 1, 0, 0, 0);
  cr_assert_eq(sc_run(&c, "pool"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "?x4x4x3"); /* (8 + 1 - 3) / 2 + 1 */
  pool("tensor<1x8x8x3xf32>", "tensor<1x4x4x3xf32>", 3, 2, 2, 2, 1, 1, 0, 0);
  cr_expect_eq(sc_run(&c, "pool"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  pool("tensor<1x8x8x3xf32>", "tensor<*xf32>", 3, 3, 1, 1, 1, 1, 1, 3);
  cr_expect_eq(sc_run(&c, "pool"), MS_INFER_INVALID); /* padding 3 >= kernel 3 */
  pool("tensor<1x4x4x3xf32>", "tensor<2x2x2x4xf32>", 2, 2, 2, 2, 0, 0, 0, 0);
  cr_expect_eq(sc_run(&c, "pool"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "result-shape");
  pool("tensor<1x4x4x3xf32>", "tensor<1x3x2x3xf32>", 2, 2, 2, 2, 0, 0, 0, 0);
  cr_expect_eq(sc_run(&c, "pool"), MS_INFER_INVALID);
}

/* The dim map family (algebra/dim_map.c): TOSA's gather and scatter. */
static void gather(const char *v, const char *idx, const char *res) {
  sc_plain(&c);
  sc_op(&c, v);
  sc_op(&c, idx);
  sc_res(&c, res);
  sc_vlist(&c, "dim_sources", false, 10, 0, 0, 1, 0, -1, 1, 1, -1, 0, 2);
}

Test(dim_map, gather) {
  gather("tensor<?x5x?xf32>", "tensor<2x?xi32>", "tensor<*xf32>");
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x?x?");
  gather("tensor<2x5x3xf32>", "tensor<3x4xi32>", "tensor<*xf32>");
  cr_expect_eq(sc_run(&c, "dim_map"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "dim-mismatch");
  cr_expect_eq(c.out.operand, 1);
}

Test(dim_map, scatter_agree_and_not_below) {
  sc_plain(&c);
  sc_ops(&c, "tensor<?x5x?xf32>", "tensor<2x4xi32>", "tensor<?x4x3xf32>", NULL);
  sc_res(&c, "tensor<*xf32>");
  sc_vlist(&c, "dim_sources", false, 14, 0, 0, 1, 0, 2, 0, -1, 0, 1, -1, 0, 2, 2, 2);
  sc_vlist(&c, "agree", false, 4, 1, 1, 2, 1);
  sc_vlist(&c, "not_below", false, 9, 0, 1, -2, 1, -1, 1, 1, 2, 1);
  cr_assert_eq(sc_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sc_dims(&c, 0), "2x5x3");
  c.ops[2].dims[1] = 3; /* W 4 in the indices, 3 in the input */
  cr_expect_eq(sc_run(&c, "dim_map"), MS_INFER_INVALID);
  c.ops[2].dims[1] = 4;
  c.ops[0].dims[1] = 3; /* K 3 < W 4 */
  cr_expect_eq(sc_run(&c, "dim_map"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "requires dimensions K >= W, got K=3 and W=4");
}
