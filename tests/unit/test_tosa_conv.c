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

#include "sop_helpers.h"

static sop_case c;

static void str_param(const char *name, const char *value) {
  ms_sop_param *p = &c.params[c.in.nparams++];
  p->name = name;
  p->present = true;
  snprintf(p->str, sizeof p->str, "%s", value);
}

/* tosa.conv2d: NHWC input, [OC, KH, KW, IC] weight, bias, two zero points;
** declared result res (NULL: none). */
static void conv2d(const char *in, const char *w, const char *bias, const char *res) {
  sop_init(&c);
  sop_operand(&c, in);
  sop_operand(&c, w);
  sop_operand(&c, bias);
  sop_operand(&c, "tensor<1xf32>");
  sop_operand(&c, "tensor<1xf32>");
  if (res) {
    ms_shape_parse_type(&c.res[0], res, strlen(res), NULL, 0);
    c.in.nresults = 1;
  }
  sop_list(&c, "input_batch_dimension", false, 1, 0);
  sop_list(&c, "input_feature_dimension", false, 1, 3);
  sop_list(&c, "input_spatial_dimensions", false, 2, 1, 2);
  sop_list(&c, "kernel_output_feature_dimension", false, 1, 0);
  sop_list(&c, "kernel_spatial_dimensions", false, 2, 1, 2);
  sop_list(&c, "kernel_input_feature_dimension", false, 1, 3);
  sop_list(&c, "output_batch_dimension", false, 1, 0);
  sop_list(&c, "output_feature_dimension", false, 1, 3);
  sop_list(&c, "output_spatial_dimensions", false, 2, 1, 2);
  str_param("channel_check", "warn");
  sop_list(&c, "exact_stride", false, 1, 1);
  sop_list(&c, "flat_padding", false, 1, 1);
  sop_list(&c, "nonnegative_padding", false, 1, 1);
  sop_list(&c, "bias_operand", false, 1, 2);
  sop_list(&c, "operand_ranks", false, 3, 4, 4, 1);
  sop_list(&c, "result_rank", false, 1, 4);
}

Test(tosa_conv, output_shape_and_flat_padding) {
  char buf[64];
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sop_list(&c, "padding", false, 4, 1, 1, 0, 0);
  cr_assert_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "1x8x6x4");
  cr_expect_null(c.out.warn_code);
  /* stride 3 over (8 - 1 + 1 + 2 - (3 - 1) * 2) = 6: exact, 3 */
  conv2d("tensor<1x?x8x3xf32>", "tensor<?x3x3x3xf32>", "tensor<1xf32>", "tensor<*xf32>");
  sop_list(&c, "padding", false, 4, 0, 0, 1, 2);
  sop_list(&c, "window_strides", false, 2, 1, 3);
  sop_list(&c, "rhs_dilation", false, 2, 1, 2);
  cr_assert_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "1x?x3x1"); /* channels from the bias */
}

Test(tosa_conv, exact_stride_only_against_a_ranked_result) {
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x3x6x4xf32>");
  sop_list(&c, "window_strides", false, 2, 2, 1);
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  /* unranked: the verifier accepts, nothing is inferred */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sop_list(&c, "window_strides", false, 2, 2, 1);
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_UNKNOWN);
}

Test(tosa_conv, channel_check_warn) {
  /* input channels 3, weight 5: the specification's ERROR_IF, a warning */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x5xf32>", "tensor<4xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "group-count");
  cr_expect(c.out.unchecked_results);
  /* a batch that differs: a warning; a spatial dim: the verifier's error */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<2x6x6x4xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "result-shape");
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x5x6x4xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "result-shape");
}

Test(tosa_conv, bias_padding_and_ranks) {
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<5xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "bias-channels");
  cr_expect_eq(c.out.operand, 2);
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<1xf32>", "tensor<1x6x6x4xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  /* a bias that contradicts the weight's channels, result `?`: no refinement */
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<5xf32>", "tensor<1x6x6x?xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_UNKNOWN);
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  sop_list(&c, "padding", false, 4, 0, -1, 0, 0);
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "expect all padding values to be >= 0, got 0, -1, 0, 0");
  conv2d("tensor<1x8x8xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<*xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "operand-rank");
  conv2d("tensor<1x8x8x3xf32>", "tensor<4x3x3x3xf32>", "tensor<4xf32>", "tensor<1x6x6xf32>");
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "result #0 must be 4-d tensor, but got 'tensor<1x6x6xf32>'");
}

Test(tosa_conv, depthwise_multiplier) {
  char buf[64];
  conv2d("tensor<1x4x4x3xf32>", "tensor<3x3x3x2xf32>", "tensor<6xf32>", "tensor<*xf32>");
  c.params[3].v[0] = 3;                       /* kernel_output_feature_dimension */
  c.params[4].v[0] = 0, c.params[4].v[1] = 1; /* kernel spatial [0, 1] */
  c.params[5].v[0] = 2;                       /* kernel input features */
  sop_list(&c, "depth_multiplier_dimension", false, 1, 3);
  cr_assert_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "1x2x2x6");
}

Test(tosa_conv, transposed) {
  char buf[64];
  conv2d("tensor<2x4x4x3xf32>", "tensor<5x3x3x3xf32>", "tensor<5xf32>", "tensor<*xf32>");
  sop_list(&c, "padding", false, 4, 0, 1, 0, 0);
  sop_list(&c, "window_strides", false, 2, 2, 2);
  sop_list(&c, "transposed", false, 1, 1);
  c.params[12].v[0] = 0; /* not nonnegative_padding */
  cr_assert_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "2x10x9x5"); /* (4 - 1) * 2 + 0 + 1 + 3 */
  /* out_pad <= -K */
  conv2d("tensor<2x4x4x3xf32>", "tensor<5x3x3x3xf32>", "tensor<5xf32>", "tensor<*xf32>");
  sop_list(&c, "padding", false, 4, -3, 0, 0, 0);
  sop_list(&c, "transposed", false, 1, 1);
  c.params[12].v[0] = 0;
  cr_expect_eq(sop_run(&c, "convolution"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  /* feature_operand 0: LLVM 22 takes a `?` weight's channels from the input's dim 0 */
  conv2d("tensor<2x4x4x3xf32>", "tensor<?x3x3x3xf32>", "tensor<?xf32>", "tensor<*xf32>");
  sop_list(&c, "transposed", false, 1, 1);
  sop_list(&c, "feature_operand", false, 1, 0);
  cr_assert_eq(sop_run(&c, "convolution"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "2x6x6x2");
}

static void pool(const char *in, const char *res, int kh, int kw, int sh, int sw, int pt, int pb, int pl, int pr) {
  sop_init(&c);
  sop_operand(&c, in);
  if (res) {
    ms_shape_parse_type(&c.res[0], res, strlen(res), NULL, 0);
    c.in.nresults = 1;
  }
  sop_list(&c, "input_spatial_dimensions", false, 2, 1, 2);
  sop_list(&c, "window_dimensions", false, 2, kh, kw);
  sop_list(&c, "window_strides", false, 2, sh, sw);
  sop_list(&c, "padding", false, 4, pt, pb, pl, pr);
  str_param("channel_check", "warn");
  sop_list(&c, "exact_stride", false, 1, 1);
  sop_list(&c, "flat_padding", false, 1, 1);
  sop_list(&c, "nonnegative_padding", false, 1, 1);
  sop_list(&c, "padding_below_window", false, 1, 1);
}

Test(tosa_conv, pool) {
  char buf[64];
  pool("tensor<?x8x8x3xf32>", "tensor<*xf32>", 3, 2, 2, 2, 1, 0, 0, 0);
  cr_assert_eq(sop_run(&c, "pool"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "?x4x4x3"); /* (8 + 1 - 3) / 2 + 1 */
  pool("tensor<1x8x8x3xf32>", "tensor<1x4x4x3xf32>", 3, 2, 2, 2, 1, 1, 0, 0);
  cr_expect_eq(sop_run(&c, "pool"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "window");
  pool("tensor<1x8x8x3xf32>", "tensor<*xf32>", 3, 3, 1, 1, 1, 1, 1, 3);
  cr_expect_eq(sop_run(&c, "pool"), MS_INFER_INVALID); /* padding 3 >= kernel 3 */
  pool("tensor<1x4x4x3xf32>", "tensor<2x2x2x4xf32>", 2, 2, 2, 2, 0, 0, 0, 0);
  cr_expect_eq(sop_run(&c, "pool"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(c.out.warn_code, "result-shape");
  pool("tensor<1x4x4x3xf32>", "tensor<1x3x2x3xf32>", 2, 2, 2, 2, 0, 0, 0, 0);
  cr_expect_eq(sop_run(&c, "pool"), MS_INFER_INVALID);
}

/* The dim map family (algebra/dim_map.c): TOSA's gather and scatter. */
static void gather(const char *v, const char *idx, const char *res) {
  sop_init(&c);
  sop_operand(&c, v);
  sop_operand(&c, idx);
  ms_shape_parse_type(&c.res[0], res, strlen(res), NULL, 0);
  c.in.nresults = 1;
  sop_list(&c, "dim_sources", false, 10, 0, 0, 1, 0, -1, 1, 1, -1, 0, 2);
}

Test(dim_map, gather) {
  char buf[64];
  gather("tensor<?x5x?xf32>", "tensor<2x?xi32>", "tensor<*xf32>");
  cr_assert_eq(sop_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "2x?x?");
  gather("tensor<2x5x3xf32>", "tensor<3x4xi32>", "tensor<*xf32>");
  cr_expect_eq(sop_run(&c, "dim_map"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.code, "dim-mismatch");
  cr_expect_eq(c.out.operand, 1);
}

Test(dim_map, scatter_agree_and_not_below) {
  char buf[64];
  sop_init(&c);
  sop_operand(&c, "tensor<?x5x?xf32>");
  sop_operand(&c, "tensor<2x4xi32>");
  sop_operand(&c, "tensor<?x4x3xf32>");
  ms_shape_parse_type(&c.res[0], "tensor<*xf32>", 13, NULL, 0);
  c.in.nresults = 1;
  sop_list(&c, "dim_sources", false, 14, 0, 0, 1, 0, 2, 0, -1, 0, 1, -1, 0, 2, 2, 2);
  sop_list(&c, "agree", false, 4, 1, 1, 2, 1);
  sop_list(&c, "not_below", false, 9, 0, 1, -2, 1, -1, 1, 1, 2, 1);
  cr_assert_eq(sop_run(&c, "dim_map"), MS_INFER_OK, "%s", c.out.why);
  cr_expect_str_eq(sop_result(&c, 0, buf, sizeof buf), "2x5x3");
  c.ops[2].dims[1] = 3; /* W 4 in the indices, 3 in the input */
  cr_expect_eq(sop_run(&c, "dim_map"), MS_INFER_INVALID);
  c.ops[2].dims[1] = 4;
  c.ops[0].dims[1] = 3; /* K 3 < W 4 */
  cr_expect_eq(sop_run(&c, "dim_map"), MS_INFER_INVALID);
  cr_expect_str_eq(c.out.why, "requires dimensions K >= W, got K=3 and W=4");
}
