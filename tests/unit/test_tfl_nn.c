/*
** test_tfl_nn.c: unit tests of framework_tf.c's TFLite layouts: nhwc_window
** with per-dim scalar attributes (stride_h, dilation_w_factor,
** filter_height), an OHWI or [1, H, W, C x m] filter and conv_2d's verifier
** ("verify"), flatten_matmul (fully_connected) and tf_gather_v2 without
** TensorFlow's checks (tfl.gather), directly and through the builtin
** catalog (rules/tflite.json). Expected sizes are worked by hand from
** TensorFlow's formulas: SAME ceil(in / s), VALID ceil((in - (k - 1) d) / s).
*/
#include <stdio.h>

#include "helpers.h"
#include "sop_case.h"
#include "sop_check.h"

/* Sets list parameter name to ints, replacing an earlier value (sc_list
** adds one, and the first given wins). */
static void set(sop_case *c, const char *name, const char *ints) {
  for (int i = 0; i < c->nparams; i++)
    if (!strcmp(c->params[i].name, name)) c->params[i].present = false;
  sc_list(c, name, ints);
}

static void set_str(sop_case *c, const char *name, const char *value) {
  for (int i = 0; i < c->nparams; i++)
    if (!strcmp(c->params[i].name, name)) c->params[i].present = false;
  sc_str(c, name, value);
}

/* tfl.conv_2d's parameters on an NHWC input and an OHWI filter. */
static void tfl_conv(sop_case *c, const char *x, const char *f, const char *pad, const char *sh, const char *sw) {
  *c = (sop_case){0};
  sc_op(c, x);
  sc_op(c, f);
  sc_res(c, "tensor<*xf32>");
  sc_str(c, "padding", pad);
  sc_list(c, "stride_h", sh);
  sc_list(c, "stride_w", sw);
  sc_list(c, "dilation_h", "1");
  sc_list(c, "dilation_w", "1");
  sc_list(c, "filter_output_dim", "0");
  sc_list(c, "filter_spatial_dim", "1");
  sc_list(c, "verify", "1");
}

Test(tfl_nn, conv_2d_ohwi_windows) {
  sop_case c;
  /* VALID: h ceil((8 - 2) / 2) = 3, w ceil((8 - 2) / 1) = 6; 16 output channels from filter dim 0 */
  tfl_conv(&c, "tensor<1x8x8x3xf32>", "tensor<16x3x3x3xf32>", "VALID", "2", "1");
  sc_ok(&c, "nhwc_window", "tensor<1x3x6x16xf32>");
  cr_expect(!c.out.unchecked_results); /* InferTypeOpInterface: the declared result is compared */
  /* SAME: ceil(7 / 2) = 4, ceil(5 / 3) = 2 */
  tfl_conv(&c, "tensor<2x7x5x3xf32>", "tensor<4x3x2x3xf32>", "SAME", "2", "3");
  sc_ok(&c, "nhwc_window", "tensor<2x4x2x4xf32>");
  /* dilation 2 on h: effective window 5, VALID ceil((9 - 4) / 1) = 5 */
  tfl_conv(&c, "tensor<1x9x9x1xf32>", "tensor<1x3x3x1xf32>", "VALID", "1", "1");
  set(&c, "dilation_h", "2");
  sc_ok(&c, "nhwc_window", "tensor<1x5x7x1xf32>");
  /* a `?` spatial dim stays `?`, the others still known */
  tfl_conv(&c, "tensor<?x?x8x3xf32>", "tensor<16x3x3x3xf32>", "VALID", "1", "1");
  sc_ok(&c, "nhwc_window", "tensor<?x?x6x16xf32>");
}

/* GetWindowedOutputSizeVerbose fails on a stride below 1 and on a
** negative size: (1 - 5 + 1) / 1 = -3; (2 - 3 + 2) / 2 = 0 is a size. */
Test(tfl_nn, conv_2d_verifier_failures) {
  sop_case c;
  tfl_conv(&c, "tensor<1x1x8x3xf32>", "tensor<16x5x3x3xf32>", "VALID", "1", "1");
  sc_fails(&c, "nhwc_window", "window");
  tfl_conv(&c, "tensor<1x2x8x3xf32>", "tensor<16x3x3x3xf32>", "VALID", "2", "1");
  sc_ok(&c, "nhwc_window", "tensor<1x0x6x16xf32>");
  tfl_conv(&c, "tensor<1x8x8x3xf32>", "tensor<16x3x3x3xf32>", "SAME", "0", "1");
  sc_fails(&c, "nhwc_window", "window");
  /* without "verify" (depthwise, pools: no verifier) the same op is silent */
  tfl_conv(&c, "tensor<1x1x8x3xf32>", "tensor<16x5x3x3xf32>", "VALID", "1", "1");
  set(&c, "verify", "0");
  sc_ok(&c, "nhwc_window", "tensor<1x?x6x16xf32>");
  cr_expect(c.out.unchecked_results);
}

/* TensorFlow's Conv2D verifier: 3 input channels against an HWIO filter of
** 2 input channels; 4 against 2 divides (grouped). */
Test(tfl_nn, tf_conv2d_divisible_channels) {
  sop_case c = {0};
  sc_op(&c, "tensor<1x8x8x3xf32>");
  sc_op(&c, "tensor<3x3x2x16xf32>");
  sc_res(&c, "tensor<*xf32>");
  sc_str(&c, "padding", "SAME");
  sc_list(&c, "verify", "1");
  sc_list(&c, "divisible_channels", "1");
  sc_fails(&c, "nhwc_window", "conv-dims");
  sc_shape(&c.ops[0], "tensor<1x8x8x4xf32>");
  sc_ok(&c, "nhwc_window", "tensor<1x8x8x16xf32>");
  sc_shape(&c.ops[0], "tensor<1x8x8x?xf32>");
  sc_ok(&c, "nhwc_window", "tensor<1x8x8x16xf32>");
}

Test(tfl_nn, depthwise_and_pool_layouts) {
  sop_case c;
  /* depthwise: filter [1, 3, 3, 6], output channels its dim 3; SAME ceil(8 / 1), ceil(8 / 3) */
  tfl_conv(&c, "tensor<1x8x8x3xf32>", "tensor<1x3x3x6xf32>", "SAME", "1", "3");
  set(&c, "filter_output_dim", "3");
  set(&c, "verify", "0");
  sc_ok(&c, "nhwc_window", "tensor<1x8x3x6xf32>");
  /* pool: filter_height 2, filter_width 3, VALID ceil((9 - 1) / 2) = 4, ceil((7 - 2) / 2) = 3 */
  c = (sop_case){0};
  sc_op(&c, "tensor<2x9x7x5xf32>");
  sc_res(&c, "tensor<*xf32>");
  set_str(&c, "padding", "VALID");
  set(&c, "window_kind", "2");
  set(&c, "window_h", "2");
  set(&c, "window_w", "3");
  set(&c, "stride_h", "2");
  set(&c, "stride_w", "2");
  sc_ok(&c, "nhwc_window", "tensor<2x4x3x5xf32>");
}

Test(tfl_nn, fully_connected_shapes_and_counts) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x3x8xf32>");
  sc_op(&c, "tensor<5x8xf32>");
  sc_res(&c, "tensor<*xf32>");
  set(&c, "verify", "1");
  set_str(&c, "keep_num_dims", "true");
  sc_ok(&c, "flatten_matmul", "tensor<2x3x5xf32>");
  cr_expect(c.out.unchecked_results);
  set_str(&c, "keep_num_dims", "false"); /* 48 elements / 8 = 6 rows */
  sc_ok(&c, "flatten_matmul", "tensor<6x5xf32>");
  c.res[0] = (ms_shape){0};
  sc_shape(&c.res[0], "tensor<7x5xf32>"); /* 48 / 8 against 35 / 5 */
  sc_fails(&c, "flatten_matmul", "element-count");
  sc_shape(&c.res[0], "tensor<1x41xf32>"); /* 41 elements, not a multiple of 5 */
  sc_fails(&c, "flatten_matmul", "element-count");
  set(&c, "default_weights", "0"); /* shuffled weights: the output is not checked */
  sc_passes(&c, "flatten_matmul");
  sc_shape(&c.ops[0], "tensor<2x2x11xf32>"); /* 44 elements, not a multiple of 8 */
  sc_fails(&c, "flatten_matmul", "element-count");
  sc_shape(&c.ops[0], "tensor<2x?x11xf32>"); /* not static: the verifier stops */
  sc_passes(&c, "flatten_matmul");
  sc_shape(&c.ops[1], "tensor<5x8x1xf32>");
  sc_fails(&c, "flatten_matmul", "operand-rank");
}

Test(tfl_nn, gather_shape_without_tensorflows_checks) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x5x7xf32>");
  sc_op(&c, "tensor<2x3xi32>");
  sc_res(&c, "tensor<*xf32>");
  set(&c, "verify", "0");
  set(&c, "axis", "-1");
  set(&c, "batch_dims", "1"); /* [2, 5] + [3] + [] */
  sc_ok(&c, "tf_gather_v2", "tensor<2x5x3xf32>");
  set(&c, "batch_dims", "0"); /* [2, 5] + [2, 3] */
  sc_ok(&c, "tf_gather_v2", "tensor<2x5x2x3xf32>");
  set(&c, "axis", "3"); /* out of range: TFLite's verifier does not say, so nothing is inferred */
  cr_expect_eq(sc_run(&c, "tf_gather_v2"), MS_INFER_UNKNOWN);
  set(&c, "min_ranks", "1");
  sc_shape(&c.ops[0], "tensor<f32>");
  sc_fails(&c, "tf_gather_v2", "operand-rank");
}

/* Through rules/tflite.json: conv_2d's declared result against the
** windows, fully_connected's counts, batch_matmul's batch dims; depthwise
** and pools silent whatever they declare. */
Test(tfl_nn, through_the_catalog) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<16x3x3x3xf32>, %b: tensor<16xf32>, %d: tensor<1x3x3x6xf32>) {\n"
      "  %0 = \"tfl.conv_2d\"(%x, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, "
      "fused_activation_function = \"NONE\", padding = \"VALID\", stride_h = 1 : i32, stride_w = 1 : i32} : "
      "(tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x6x6x16xf32>\n"
      "  %1 = \"tfl.conv_2d\"(%x, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, "
      "fused_activation_function = \"NONE\", padding = \"VALID\", stride_h = 1 : i32, stride_w = 1 : i32} : "
      "(tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>\n"
      "  %2 = \"tfl.depthwise_conv_2d\"(%x, %d, %b) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, "
      "dilation_w_factor = 1 : i32, fused_activation_function = \"NONE\", padding = \"VALID\", stride_h = 1 : i32, "
      "stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<1x3x3x6xf32>, tensor<16xf32>) -> tensor<1x8x8x6xf32>\n"
      "  %3 = \"tfl.max_pool_2d\"(%x) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "
      "\"NONE\", padding = \"SAME\", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x8x8x3xf32>) -> "
      "tensor<1x5x4x3xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "result-shape@3");
  ms_analysis_clear(&a);
  test_analyse(
      "func.func @f(%x: tensor<2x2x10xf32>, %w: tensor<40x37xf32>, %y: tensor<3x1x4x5xf32>, %z: tensor<2x6x5xf32>, "
      "%q: tensor<2x4x5xf32>) {\n"
      "  %0 = \"tfl.fully_connected\"(%x, %w, %w) {fused_activation_function = \"NONE\", keep_num_dims = false, "
      "weights_format = \"DEFAULT\"} : (tensor<2x2x10xf32>, tensor<40x37xf32>, tensor<40x37xf32>) -> "
      "tensor<1x40xf32>\n"
      "  %1 = \"tfl.batch_matmul\"(%y, %z) {adj_x = false, adj_y = true} : (tensor<3x1x4x5xf32>, tensor<2x6x5xf32>) "
      "-> tensor<3x2x4x6xf32>\n"
      "  %2 = \"tfl.batch_matmul\"(%q, %z) {adj_x = false, adj_y = true} : (tensor<2x4x5xf32>, tensor<2x6x5xf32>) -> "
      "tensor<2x4x7xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "element-count@2 result-shape@4");
  ms_analysis_clear(&a);
}

/* tf.Reshape / tfl.reshape's shape (GetReshapeOutputType) worked by hand:
** 4x4x4 is 64 elements; a -1 takes 64 over the others' product. */
static void reshape_case(sop_case *c, const char *x, const char *shape_type, const char *values, const char *res) {
  *c = (sop_case){0};
  sc_op(c, x);
  sc_op(c, shape_type);
  sc_res(c, res);
  if (values) sc_list(c, "shape", values);
}

Test(tfl_nn, reshape_as_tensorflow_verifies_it) {
  sop_case c;
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "-1,8", "tensor<*xf32>");
  sc_ok(&c, "tf_reshape", "tensor<8x8xf32>");
  cr_expect(!c.out.unchecked_results); /* the declared result is compared with it */
  /* a non-static input keeps the -1 as `?` and reports nothing */
  reshape_case(&c, "tensor<?x4xf32>", "tensor<2xi32>", "-1,3", "tensor<*xf32>");
  sc_ok(&c, "tf_reshape", "tensor<?x3xf32>");
  /* a 0 in the shape leaves the input's 0 dims out: 0x6 with [0, -1] gives [0, 6] */
  reshape_case(&c, "tensor<0x6xf32>", "tensor<2xi32>", "0,-1", "tensor<*xf32>");
  sc_ok(&c, "tf_reshape", "tensor<0x6xf32>");
  /* a shape that is not a constant: as many `?` as it has elements */
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<3xi32>", NULL, "tensor<*xf32>");
  sc_ok(&c, "tf_reshape", "tensor<?x?x?xf32>");
  /* 64 is not a multiple of 5 */
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "-1,5", "tensor<*xf32>");
  sc_fails(&c, "tf_reshape", "element-count");
  cr_expect(strstr(c.out.why, "multiple of 5, but got 64"), "%s", c.out.why);
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<3xi32>", "-1,-1,4", "tensor<*xf32>");
  sc_fails(&c, "tf_reshape", "element-count");
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "-2,32", "tensor<*xf32>");
  sc_fails(&c, "tf_reshape", "element-count");
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<1x2xi32>", "16,4", "tensor<16x4xf32>");
  sc_fails(&c, "tf_reshape", "operand-rank");
  /* at the declared types, a static result of another element count; over
  ** inferred operands only the shape is given (the verifier sees the
  ** declared types) */
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "-1,8", "tensor<8x9xf32>");
  c.inferred = false;
  sc_fails(&c, "tf_reshape", "element-count");
  cr_expect(strstr(c.out.why, "got 72 and 64"), "%s", c.out.why);
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "-1,8", "tensor<8x9xf32>");
  c.inferred = true;
  sc_ok(&c, "tf_reshape", "tensor<8x8xf32>");
  /* no -1 and a wrong count, but an unranked or dynamic result: nothing to compare */
  reshape_case(&c, "tensor<4x4x4xf32>", "tensor<2xi32>", "10,4", "tensor<?x4xf32>");
  c.inferred = false;
  sc_ok(&c, "tf_reshape", "tensor<10x4xf32>");
}

/* Through the catalog (rules/mlir.json): tf.Reshape's and tfl.reshape's
** declared results against the shape, transpose_conv's against its
** constant output_shape (TransposeConvOp::verify). */
Test(tfl_nn, reshape_and_transpose_conv_through_the_catalog) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<4x4x4xf32>, %w: tensor<32x4x4x128xf32>, %i: tensor<1x32x42x128xf32>) {\n"
      "  %s = \"tf.Const\"() {value = dense<[-1, 8]> : tensor<2xi32>} : () -> tensor<2xi32>\n"
      "  %0 = \"tf.Reshape\"(%x, %s) : (tensor<4x4x4xf32>, tensor<2xi32>) -> tensor<8x8xf32>\n"
      "  %1 = \"tf.Reshape\"(%x, %s) : (tensor<4x4x4xf32>, tensor<2xi32>) -> tensor<4x16xf32>\n"
      "  %2 = \"tfl.reshape\"(%x, %s) : (tensor<4x4x4xf32>, tensor<2xi32>) -> tensor<?x8xf32>\n"
      "  %3 = \"tfl.reshape\"(%x, %s) : (tensor<4x4x4xf32>, tensor<2xi32>) -> tensor<8x8x1xf32>\n"
      "  %o = arith.constant dense<[1, 64, 84, 32]> : tensor<4xi32>\n"
      "  %n = \"tfl.no_value\"() {value} : () -> none\n"
      "  %4 = \"tfl.transpose_conv\"(%o, %w, %i, %n) {fused_activation_function = \"NONE\", padding = \"SAME\", "
      "stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<32x4x4x128xf32>, tensor<1x32x42x128xf32>, "
      "none) -> tensor<1x64x84x32xf32>\n"
      "  %5 = \"tfl.transpose_conv\"(%o, %w, %i, %n) {fused_activation_function = \"NONE\", padding = \"SAME\", "
      "stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<32x4x4x128xf32>, tensor<1x32x42x128xf32>, "
      "none) -> tensor<1x64x84x31xf32>\n"
      "  %6 = \"tfl.transpose_conv\"(%o, %w, %i, %n) {fused_activation_function = \"NONE\", padding = \"SAME\", "
      "stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<32x4x4x128xf32>, tensor<1x32x42x128xf32>, "
      "none) -> tensor<1x?x84x?xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "result-shape@4 result-shape@6 result-shape@10");
  ms_analysis_clear(&a);
}

/* tf.ConcatV2 through the catalog: VerifyTypesCompatibility lets one dim
** index differ (whichever it is: the axis is not read), not two, nor two
** ranks; a 2-D axis fails; the joined shape only refines. */
Test(tfl_nn, concat_v2_as_tensorflow_verifies_it) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>, %c: tensor<5x4xf32>, %x: tensor<2x3x4xf32>, "
      "%m: tensor<1x1xi32>) {\n"
      "  %ax = \"tf.Const\"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>\n"
      "  %z = \"tf.Const\"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>\n"
      "  %0 = \"tf.ConcatV2\"(%a, %b, %ax) : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<2x9xf32>\n"
      "  %1 = \"tf.ConcatV2\"(%a, %b, %z) : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<*xf32>\n"
      "  %2 = \"tf.ConcatV2\"(%a, %x, %ax) : (tensor<2x3xf32>, tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>\n"
      "  %3 = \"tf.ConcatV2\"(%b, %c, %a, %ax) : (tensor<2x4xf32>, tensor<5x4xf32>, tensor<2x3xf32>, tensor<i32>) -> "
      "tensor<*xf32>\n"
      "  %4 = \"tf.ConcatV2\"(%a, %a, %m) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<*xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-shapes@6 operand-shapes@7 operand-rank@8");
  ms_analysis_clear(&a);
  sop_case c = {0};
  sc_op(&c, "tensor<2x3xf32>");
  sc_op(&c, "tensor<?x4xf32>");
  sc_op(&c, "tensor<*xf32>");
  sc_op(&c, "tensor<i32>");
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "axis", "-1");
  sc_ok(&c, "tf_concat", "tensor<2x?xf32>"); /* an unranked value: the sum along the axis is unknown */
  cr_expect(c.out.unchecked_results);
}

/* tf.Slice as SliceOp::verify: the sliced shape, the bounds, the declared
** output's sizes and rank; with only the sizes constant, each at most its
** dim; and TensorFlow's own quirk: a -1 size over a `?` dim stays -1, so a
** static declared size contradicts it. */
Test(tfl_nn, slice_as_tensorflow_verifies_it) {
  sop_case c = {0};
  sc_op(&c, "tensor<4x5xf32>");
  sc_op(&c, "tensor<2xi32>");
  sc_op(&c, "tensor<2xi32>");
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "begin", "1,0");
  sc_list(&c, "size", "2,-1");
  sc_ok(&c, "tf_slice", "tensor<2x5xf32>");
  cr_expect(c.out.unchecked_results);
  set(&c, "size", "2,6");
  sc_fails(&c, "tf_slice", "slice-out-of-bounds");
  set(&c, "begin", "-1,0");
  set(&c, "size", "2,-1");
  sc_fails(&c, "tf_slice", "slice-out-of-bounds");
  for (int i = 0; i < c.nparams; i++) /* the begin not constant: size 6 is still beyond 5 */
    if (!strcmp(c.params[i].name, "begin")) c.params[i].present = false;
  set(&c, "size", "2,6");
  sc_fails(&c, "tf_slice", "slice-out-of-bounds");
  cr_expect(strstr(c.out.why, "even if begin[i] is unknown"), "%s", c.out.why);
  c = (sop_case){0};
  sc_op(&c, "tensor<?x5xf32>");
  sc_op(&c, "tensor<2xi32>");
  sc_op(&c, "tensor<2xi32>");
  sc_res(&c, "tensor<3x5xf32>");
  sc_list(&c, "begin", "1,0");
  sc_list(&c, "size", "-1,-1");
  sc_fails(&c, "tf_slice", "result-shape");
  cr_expect(strstr(c.out.why, "slice size -1 and output size 3"), "%s", c.out.why);
  set(&c, "size", "3,-1");
  sc_ok(&c, "tf_slice", "tensor<3x5xf32>");
  c.res[0] = (ms_shape){0};
  sc_shape(&c.res[0], "tensor<3x5x1xf32>");
  sc_fails(&c, "tf_slice", "result-shape");
}

/* tf.Tile through the catalog, as TileOp::verify: a static output dim
** other than input x multiple, a negative multiple, a multiple too many;
** a `?` input dim leaves its output dim unchecked. */
Test(tfl_nn, tile_as_tensorflow_verifies_it) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<2x3xf32>, %u: tensor<?x3xf32>) {\n"
      "  %m = \"tf.Const\"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>\n"
      "  %n = \"tf.Const\"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>\n"
      "  %k = \"tf.Const\"() {value = dense<[2, 1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>\n"
      "  %0 = \"tf.Tile\"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>\n"
      "  %1 = \"tf.Tile\"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x6xf32>\n"
      "  %2 = \"tf.Tile\"(%x, %n) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>\n"
      "  %3 = \"tf.Tile\"(%x, %k) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<*xf32>\n"
      "  %4 = \"tf.Tile\"(%u, %m) : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<5x3xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "result-shape@6 attribute-value@7 operand-rank@8");
  ms_analysis_clear(&a);
}

/* tf.Transpose through the catalog, as TransposeOp::verify: repeated or
** negative perm entries pass (and a perm of the wrong length or out of
** range too while y is unranked), where tfl.transpose's verifier rejects
** a repeat; a perm too short for a ranked y, a y dim other than the x dim
** its entry names, and a y of another rank fail. */
Test(tfl_nn, transpose_as_tensorflow_verifies_it) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<2x3x4xf32>) {\n"
      "  %d = \"tf.Const\"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>\n"
      "  %n = \"tf.Const\"() {value = dense<[-1, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>\n"
      "  %s = \"tf.Const\"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>\n"
      "  %0 = \"tf.Transpose\"(%x, %d) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<2x2x3xf32>\n"
      "  %1 = \"tf.Transpose\"(%x, %n) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>\n"
      "  %2 = \"tf.Transpose\"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>\n"
      "  %3 = \"tf.Transpose\"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3x2x4xf32>\n"
      "  %4 = \"tf.Transpose\"(%x, %n) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x3x2xf32>\n"
      "  %5 = \"tf.Transpose\"(%x, %n) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2xf32>\n"
      "  %6 = \"tfl.transpose\"(%x, %d) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<*xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-rank@8 result-shape@9 result-shape@10 dims-order@11");
  ms_analysis_clear(&a);
}
