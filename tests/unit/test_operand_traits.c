/*
** test_operand_traits.c: unit tests of operand_traits.c (TFLite's ODS
** operand traits, while regions, the LSTM cell's dims, ONNX Unique) and
** strided_slice.c (TensorFlow's strided slice with masks), directly and
** through the builtin catalog (rules/tflite.json, rules/onnx.json).
*/
#include <stdio.h>

#include "helpers.h"
#include "sop_case.h"
#include "sop_check.h"

/* TFL_OperandsHaveSameDims / NumElementsEqualsDim compare only statically
** shaped operands; OperandDimEquals needs the dim itself. */
Test(operand_traits, dims_and_element_counts) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x3x4x5x2xf32>");
  sc_op(&c, "tensor<2x2x2x2x3xf32>");
  sc_op(&c, "tensor<3xf32>");
  sc_list(&c, "equal_dims", "0, 1, 4, 3");
  sc_list(&c, "elements_equal_dim", "2, 1, 4");
  sc_passes(&c, "operand_traits");
  cr_assert(c.out.unchecked_results);
  c.ops[1].dims[3] = 3; /* input channels 2 against filter 3 */
  sc_fails(&c, "operand_traits", "dim-mismatch");
  c.ops[1].dims[0] = MS_DIM_DYNAMIC; /* a filter not statically shaped: not compared */
  sc_passes(&c, "operand_traits");
  c.ops[1].dims[0] = 2;
  c.ops[1].dims[3] = 2;
  c.ops[2].dims[0] = 4; /* bias of 4 against 3 output channels */
  sc_fails(&c, "operand_traits", "dim-mismatch");
  sop_case n = {0};
  sc_op(&n, "tensor<3x2xf32>");
  sc_list(&n, "dim_equals", "0, 1, 4");
  sc_fails(&n, "operand_traits", "dim-mismatch");
  n.ops[0].dims[1] = MS_DIM_DYNAMIC; /* `?` is not 4 either */
  sc_fails(&n, "operand_traits", "dim-mismatch");
  n.ops[0].dims[1] = 4;
  sc_passes(&n, "operand_traits");
  sop_case e = {0};
  sc_op(&e, "tensor<4xi32>");
  sc_list(&e, "elements", "0, 5");
  sc_fails(&e, "operand_traits", "dim-mismatch");
  sop_case g = {0};
  sc_op(&g, "tensor<f32>");
  sc_list(&g, "min_ranks", "1");
  sc_fails(&g, "operand_traits", "operand-rank");
}

Test(operand_traits, lstm_cell_dims) {
  sop_case c = {0};
  sc_op(&c, "tensor<1x4xf32>"); /* input: batch 1, 4 inputs */
  sc_op(&c, "tensor<4x4xf32>"); /* input weights: 4 cells x 4 inputs */
  sc_op(&c, "tensor<4x4xf32>"); /* recurrent weights: 4 cells x 4 outputs */
  sc_op(&c, "tensor<1x4xf32>"); /* output state */
  sc_op(&c, "tensor<1x4xf32>"); /* cell state */
  sc_op(&c, "tensor<4xf32>");   /* layer-norm coefficients */
  sc_list(&c, "input", "0");
  sc_list(&c, "input_weights", "1");
  sc_list(&c, "recurrent_weights", "2");
  sc_list(&c, "activation_state", "3");
  sc_list(&c, "cell_state", "4");
  sc_list(&c, "norm_coefficients", "5");
  sc_passes(&c, "recurrent_cell");
  c.ops[5].dims[0] = 5;
  sc_fails(&c, "recurrent_cell", "dim-mismatch");
  c.ops[5].dims[0] = 4;
  c.ops[1].dims[1] = 2; /* 2 inputs in the weights, 4 in the input */
  sc_fails(&c, "recurrent_cell", "dim-mismatch");
  c.ops[0].dims[0] = MS_DIM_DYNAMIC; /* a dynamic input: the verifier skips */
  sc_passes(&c, "recurrent_cell");
}

/* As python3-onnx 1.12's inference gives Unique's shapes. */
Test(operand_traits, onnx_unique) {
  sop_case c = {0};
  sc_op(&c, "tensor<3x4xf32>");
  for (int i = 0; i < 4; i++) sc_res(&c, "tensor<*xi64>");
  sc_list(&c, "axis", "-1");
  sc_passes(&c, "unique_values");
  cr_assert_str_eq(sc_result(&c, 0), "tensor<3x?xf32>");
  cr_assert_str_eq(sc_result(&c, 3), "tensor<?xi64>");
  sop_case r = {0};
  sc_op(&r, "tensor<3x4xf32>");
  sc_res(&r, "tensor<*xf32>");
  sc_list(&r, "axis", "2");
  sc_fails(&r, "unique_values", "dims-out-of-range");
  sop_case f = {0};
  sc_op(&f, "tensor<3x4xf32>");
  sc_res(&f, "tensor<*xf32>");
  sc_passes(&f, "unique_values");
  cr_assert_str_eq(sc_result(&f, 0), "tensor<?xf32>");
  sc_list(&f, "sorted", "2");
  sc_fails(&f, "unique_values", "attribute-value");
}

/* A strided slice case: input type, constant begin/end/strides, masks
** (begin, end, ellipsis, new_axis, shrink). */
static ms_infer_verdict slice(sop_case *c, const char *x, const char *b, const char *e, const char *s,
                              const char *masks) {
  *c = (sop_case){0};
  sc_ops(c, x, "tensor<?xi32>", "tensor<?xi32>", "tensor<?xi32>", NULL);
  sc_res(c, "tensor<*xf32>");
  if (b) sc_list(c, "begin", b);
  if (e) sc_list(c, "end", e);
  if (s) sc_list(c, "strides", s);
  sc_list(c, "spec_operands", "1, 2, 3");
  int bm = 0, em = 0, el = 0, na = 0, sh = 0;
  sscanf(masks, "%d %d %d %d %d", &bm, &em, &el, &na, &sh);
  char v[16];
  const char *names[5] = {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"};
  int vals[5] = {bm, em, el, na, sh};
  for (int i = 0; i < 5; i++) {
    snprintf(v, sizeof v, "%d", vals[i]);
    sc_list(c, names[i], v);
  }
  return sc_run(c, "strided_slice_masks");
}

/* The result type of that slice, "(not OK)" where the verdict is not OK. */
static const char *sliced(sop_case *c, const char *x, const char *b, const char *e, const char *s, const char *masks) {
  return slice(c, x, b, e, s, masks) == MS_INFER_OK ? sc_result(c, 0) : "(not OK)";
}

/* Shapes as TensorFlow's ValidateStridedSliceOp gives them (the examples
** of tf.strided_slice's documentation among them). */
Test(strided_slice, masks_give_tensorflows_shapes) {
  sop_case c;
  cr_assert_str_eq(sliced(&c, "tensor<4x6x8xf32>", "1, 0, 0", "3, 6, 8", "1, 2, 3", "0 0 0 0 0"), "tensor<2x3x3xf32>");
  /* foo[5:, :, :3] on 7x8x9 */
  cr_assert_str_eq(sliced(&c, "tensor<7x8x9xf32>", "5, 0, 0", "0, 0, 3", "1, 1, 1", "6 3 0 0 0"), "tensor<2x8x3xf32>");
  /* foo[::-1] on 8 */
  cr_assert_str_eq(sliced(&c, "tensor<8xf32>", "0", "0", "-1", "1 1 0 0 0"), "tensor<8xf32>");
  /* foo[3:5, ..., 4:5] on 10x3x3x10 */
  cr_assert_str_eq(sliced(&c, "tensor<10x3x3x10xf32>", "3, 0, 4", "5, 0, 5", "1, 1, 1", "0 0 2 0 0"),
                   "tensor<2x3x3x1xf32>");
  /* foo[tf.newaxis, 1, :] on 4x5: a new axis, a shrunk one, a full one */
  cr_assert_str_eq(sliced(&c, "tensor<4x5xf32>", "0, 1, 0", "0, 2, 0", "1, 1, 1", "4 4 0 1 2"), "tensor<1x5xf32>");
  /* negative indices, a negative stride, clamping past the end */
  cr_assert_str_eq(sliced(&c, "tensor<10xf32>", "-1", "-11", "-3", "0 0 0 0 0"), "tensor<4xf32>");
  cr_assert_str_eq(sliced(&c, "tensor<10xf32>", "2", "100", "1", "0 0 0 0 0"), "tensor<8xf32>");
  cr_assert_str_eq(sliced(&c, "tensor<10xf32>", "5", "2", "1", "0 0 0 0 0"), "tensor<0xf32>");
  /* a dim of unknown size stays `?`; begin not constant: `?` of a known rank */
  cr_assert_str_eq(sliced(&c, "tensor<?x4xf32>", "1, 0", "3, 4", "1, 1", "0 0 0 0 0"), "tensor<?x4xf32>");
  cr_assert_str_eq(sliced(&c, "tensor<6x4xf32>", NULL, "3, 4", "1, 1", "0 0 0 0 0"), "tensor<?x?xf32>");
}

Test(strided_slice, checks_and_run_time_failures) {
  sop_case c;
  /* a stride of 0 fails only at run time: nothing inferred, no finding */
  cr_assert_eq(slice(&c, "tensor<4xf32>", "0", "4", "0", "0 0 0 0 0"), MS_INFER_OK);
  cr_assert(!c.out.results[0].ranked);
  /* TFLite: rank 4 plus 3 new axes is beyond 6 */
  slice(&c, "tensor<12x2x2x5xf32>", NULL, NULL, NULL, "0 0 0 7 0");
  sc_list(&c, "max_rank", "6");
  sc_fails(&c, "strided_slice_masks", "operand-rank");
  /* TFLite: begin longer than the input's rank */
  slice(&c, "tensor<4xf32>", NULL, NULL, NULL, "0 0 0 0 0");
  c.ops[1].dims[0] = 2;
  sc_list(&c, "max_spec_length", "1");
  sc_fails(&c, "strided_slice_masks", "dims-count");
  /* begin, end and strides 1-D */
  slice(&c, "tensor<4xf32>", NULL, NULL, NULL, "0 0 0 0 0");
  c.ops[3].rank = 2;
  sc_fails(&c, "strided_slice_masks", "operand-rank");
}

/* Through the catalog: tfl.while's counts, tfl.conv_3d's channels,
** tfl.split's split_dim, which must be ranked (TFLite's ODS), and
** tfl.transpose's perm operand, whose length is the input's rank. */
Test(operand_traits, tflite_ops_through_the_catalog) {
  char codes[256];
  ms_analysis a;
  test_analyse(
      "func.func @f(%x: tensor<2x3x4x5x2xf32>, %w: tensor<2x2x2x3x3xf32>, %b: tensor<3xf32>) {\n"
      "  %0 = \"tfl.conv_3d\"(%x, %w, %b) {padding = \"SAME\"} : (tensor<2x3x4x5x2xf32>, "
      "tensor<2x2x2x3x3xf32>, tensor<3xf32>) -> tensor<?x?x?x?x?xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "dim-mismatch@2");
  ms_analysis_clear(&a);
  test_analyse(
      "func.func @f(%x: tensor<16x4xf32>, %d: tensor<*xi32>) {\n"
      "  %0 = \"tfl.split\"(%d, %x) {num_splits = 1 : i32} : (tensor<*xi32>, tensor<16x4xf32>) -> "
      "tensor<16x4xf32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-rank@2");
  ms_analysis_clear(&a);
  test_analyse(
      "func.func @f(%x: tensor<2x2xi32>, %p: tensor<3xi32>, %q: tensor<?xi32>) {\n"
      "  %0 = \"tfl.transpose\"(%x, %p) : (tensor<2x2xi32>, tensor<3xi32>) -> tensor<2x2xi32>\n"
      "  %1 = \"tfl.transpose\"(%x, %q) : (tensor<2x2xi32>, tensor<?xi32>) -> tensor<2x2xi32>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "dims-count@2");
  ms_analysis_clear(&a);
  test_analyse(
      "func.func @f(%p: tensor<?x?x!tf_type.string>, %q: tensor<?x!tf_type.string>, %i: tensor<?xi32>) {\n"
      "  %0 = \"tfl.gather\"(%p, %i) {axis = 1 : i32} : (tensor<?x?x!tf_type.string>, tensor<?xi32>) -> "
      "tensor<*x!tf_type.string>\n"
      "  %1 = \"tfl.gather\"(%q, %i) {axis = 0 : i32} : (tensor<?x!tf_type.string>, tensor<?xi32>) -> "
      "tensor<*x!tf_type.string>\n"
      "  return\n}\n",
      NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "operand-rank@2");
  ms_analysis_clear(&a);
  const char *loop =
      "func.func @f(%%a: tensor<i32>, %%b: tensor<1xf32>) {\n"
      "  %%0:%s = \"tfl.while\"(%%a, %%b) ({\n"
      "  ^bb0(%s):\n"
      "    %%c = \"tfl.less\"(%%x, %%x) : (tensor<*xi32>, tensor<*xi32>) -> tensor<i1>\n"
      "    \"tfl.yield\"(%%c) : (tensor<i1>) -> ()\n"
      "  }, {\n"
      "  ^bb0(%%x: tensor<*xi32>, %%y: tensor<*xf32>):\n"
      "    \"tfl.yield\"(%%x, %%y) : (tensor<*xi32>, tensor<*xf32>) -> ()\n"
      "  }) : (tensor<i32>, tensor<1xf32>) -> (%s)\n"
      "  return\n}\n";
  char text[1024];
  snprintf(text, sizeof text, loop, "2", "%x: tensor<*xi32>, %y: tensor<*xf32>", "tensor<i32>, tensor<1xf32>");
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "");
  ms_analysis_clear(&a);
  snprintf(text, sizeof text, loop, "2", "%x: tensor<*xi32>", "tensor<i32>, tensor<1xf32>");
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "region-types@2");
  ms_analysis_clear(&a);
}
