/*
** test_frontend_s30.c: the frontend checks of session 30 (issue 24): ONNX
** GridSample's attribute values (onnx-mlir's ONNXGridSampleOp::verify), ...
*/
#include "sop_case.h"

Test(frontend_s30, grid_sample_attribute_values) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x1x4x4xf32>", "tensor<2x6x6x2xf32>", NULL);
  sc_list(&c, "align_corners", "1");
  sc_list(&c, "mode_ok", "1");
  sc_list(&c, "padding_mode_ok", "1");
  sc_ok(&c, "grid_sample", "tensor<2x1x6x6xf32>");
  c.params[2].v[0] = 0; /* padding_mode "bottom" */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "padding_mode needs to be zeros, border or reflection"), "%s", c.out.why);
  c.params[2].v[0] = 1;
  c.params[1].v[0] = 0; /* mode "sampling" */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "mode needs to be"), "%s", c.out.why);
  c.params[1].v[0] = 1;
  c.params[0].v[0] = 2; /* align_corners 2 */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "align_corners needs to be 0 or 1"), "%s", c.out.why);
}

/* ConcatFromSequence reads its element type from `!onnx.Seq<T>`'s text. */
Test(frontend_s30, concat_from_sequence_axis_and_result) {
  sop_case c = {0};
  sc_op(&c, "!onnx.Seq<tensor<5x5x1x32xf32>>");
  sc_list(&c, "axis", "2");
  sc_ok(&c, "concat_from_sequence", "tensor<5x5x?x32xf32>");
  c.params[0].v[0] = 4; /* [-4, 3] */
  sc_fails(&c, "concat_from_sequence", "dims-out-of-range");
  cr_assert(strstr(c.out.why, "'axis' value is 4, accepted range is [-4, 3]"), "%s", c.out.why);
  sop_case n = {0};
  sc_op(&n, "!onnx.Seq<tensor<5x5x1x32xf32>>");
  sc_list(&n, "axis", "-5");
  sc_list(&n, "new_axis", "1");
  sc_ok(&n, "concat_from_sequence", "tensor<?x5x5x1x32xf32>");
  n.params[0].v[0] = -6; /* [-5, 4] */
  sc_fails(&n, "concat_from_sequence", "dims-out-of-range");
  cr_assert(strstr(n.out.why, "accepted range is [-5, 4]"), "%s", n.out.why);
  sop_case o = {0}; /* not a sequence type: not judged */
  sc_op(&o, "!onnx.Opt<tensor<5xf32>>");
  sc_list(&o, "axis", "9");
  cr_assert_eq(sc_run(&o, "concat_from_sequence"), MS_INFER_UNKNOWN);
}

/* tfl.mean: keep_dims required; the constant axes only refine. */
Test(frontend_s30, keep_dims_reduce_requires_and_refines) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3x4xf32>", "tensor<2xi32>", NULL);
  sc_list(&c, "axes", "1, -1");
  sc_str(&c, "keep_dims", "false");
  sc_list(&c, "keep_dims_required", "1");
  sc_ok(&c, "keep_dims_reduce", "tensor<2xf32>");
  strcpy(c.params[1].str, "true");
  sc_ok(&c, "keep_dims_reduce", "tensor<2x1x1xf32>");
  c.params[1].present = false; /* no keep_dims */
  sc_fails(&c, "keep_dims_reduce", "attribute-value");
  cr_assert(strstr(c.out.why, "requires attribute 'keep_dims'"), "%s", c.out.why);
  c.params[2].v[0] = 0; /* not required: the default false */
  sc_ok(&c, "keep_dims_reduce", "tensor<2xf32>");
  sop_case o = {0}; /* an axis out of range: no finding (the verifier does not check it) */
  sc_ops(&o, "tensor<2x3xf32>", "tensor<1xi32>", NULL);
  sc_list(&o, "axes", "5");
  sc_str(&o, "keep_dims", "false");
  cr_assert_eq(sc_run(&o, "keep_dims_reduce"), MS_INFER_UNKNOWN);
}

/* ONNX Resize (X, roi, scales, sizes) as ONNX 1.12 grades Resize-13. */
Test(frontend_s30, resize_sizes_and_scales_counts) {
  sop_case c = {0};
  sc_ops(&c, "tensor<1x3x4x5xf32>", "none", "none", "tensor<4xi64>", NULL);
  sc_list(&c, "sizes", "1, 3, 8, 10");
  sc_ok(&c, "resize_sizes", "tensor<1x3x8x10xf32>");
  sop_case b = {0}; /* three sizes for rank 4 */
  sc_ops(&b, "tensor<1x3x4x5xf32>", "none", "none", "tensor<3xi64>", NULL);
  sc_fails(&b, "resize_sizes", "operand-rank");
  cr_assert(strstr(b.out.why, "Number of elements of input 'sizes' (3)"), "%s", b.out.why);
  sop_case s = {0}; /* scales of the wrong length, sizes left out */
  sc_ops(&s, "tensor<1x3x4x5xf32>", "none", "tensor<3xf32>", NULL);
  sc_fails(&s, "resize_sizes", "operand-rank");
  sop_case e = {0}; /* an empty sizes counts as absent (onnx-mlir): scales decide, the dims unknown */
  sc_ops(&e, "tensor<1x3x4x5xf32>", "tensor<8xf32>", "tensor<4xf32>", "tensor<0xi64>", NULL);
  sc_ok(&e, "resize_sizes", "tensor<?x?x?x?xf32>");
  sop_case a = {0}; /* opset 18's axes (s32): sizes not constant, the listed dims unknown, the others kept */
  sc_ops(&a, "tensor<1x3x4x5xf32>", "none", "none", "tensor<2xi64>", NULL);
  sc_list(&a, "axes", "2, 3");
  sc_ok(&a, "resize_sizes", "tensor<1x3x?x?xf32>");
}

/* tf.Split / tf.SplitV as SplitOp/SplitVOp::verify check them. */
Test(frontend_s30, tf_split_and_split_v) {
  sop_case c = {0}; /* tf.Split (split_dim, value), three results */
  sc_ops(&c, "tensor<i32>", "tensor<1x4x6x3xf32>", NULL);
  sc_res(&c, "tensor<*xf32>");
  sc_res(&c, "tensor<*xf32>");
  sc_res(&c, "tensor<*xf32>");
  sc_list(&c, "axis", "2");
  sc_ok(&c, "tf_split", "tensor<1x4x2x3xf32>");
  c.params[0].v[0] = -5;
  sc_fails(&c, "tf_split", "dims-out-of-range");
  cr_assert(strstr(c.out.why, "split dimension must be in range [-4, 4)"), "%s", c.out.why);
  c.params[0].v[0] = 1; /* 4 into 3 parts */
  sc_fails(&c, "tf_split", "slice-out-of-bounds");
  cr_assert(strstr(c.out.why, "dimension #1 not divisible"), "%s", c.out.why);
  sop_case v = {0}; /* tf.SplitV (value, size_splits, split_dim) */
  sc_ops(&v, "tensor<1x4x6x3xf32>", "tensor<2xi32>", "tensor<i32>", NULL);
  sc_res(&v, "tensor<*xf32>");
  sc_res(&v, "tensor<*xf32>");
  sc_list(&v, "axis", "2");
  sc_list(&v, "split", "4, -1");
  sc_list(&v, "split_operand", "1");
  sc_ok(&v, "tf_split", "tensor<1x4x4x3xf32>");
  cr_assert_str_eq(sc_result(&v, 1), "tensor<1x4x2x3xf32>");
  v.params[1].v[1] = 1; /* 4 + 1 != 6 */
  sc_fails(&v, "tf_split", "slice-out-of-bounds");
  v.params[1].v[0] = -1;
  v.params[1].v[1] = -1;
  sc_fails(&v, "tf_split", "slice-out-of-bounds");
  cr_assert(strstr(v.out.why, "more than one dynamic dimension"), "%s", v.out.why);
}

/* tf.Pack: stack with unchecked_results (PackOp::verify compares no result). */
Test(frontend_s30, tf_pack_refines_only) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2xi32>", "tensor<2xi32>", NULL);
  sc_res(&c, "tensor<5xi32>");
  sc_list(&c, "axis", "1");
  sc_list(&c, "unchecked_results", "1");
  sc_ok(&c, "stack", "tensor<2x2xi32>");
  cr_assert(c.out.unchecked_results);
  c.params[0].v[0] = 2; /* [-2, 2) */
  sc_fails(&c, "stack", "dims-out-of-range");
}

/* tf.GatherV2 as GatherV2Op's verifier checks it; the result refines. */
Test(frontend_s30, tf_gather_v2_ranges_and_result) {
  sop_case c = {0};
  sc_ops(&c, "tensor<4x5x6xf32>", "tensor<4x3xi32>", "tensor<i32>", NULL);
  sc_list(&c, "axis", "1");
  sc_list(&c, "batch_dims", "1");
  sc_ok(&c, "tf_gather_v2", "tensor<4x3x6xf32>");
  c.params[1].v[0] = 0;
  sc_ok(&c, "tf_gather_v2", "tensor<4x4x3x6xf32>");
  c.params[0].v[0] = -4;
  sc_fails(&c, "tf_gather_v2", "dims-out-of-range");
  cr_assert(strstr(c.out.why, "axis (-4) must be in range [-3, 3)"), "%s", c.out.why);
  c.params[0].v[0] = 0;
  c.params[1].v[0] = 1; /* axis below batch_dims */
  sc_fails(&c, "tf_gather_v2", "dims-out-of-range");
  c.params[1].v[0] = -3; /* [-2, 3) */
  sc_fails(&c, "tf_gather_v2", "dims-out-of-range");
  sop_case r = {0}; /* a 2-D axis */
  sc_ops(&r, "tensor<4x5xf32>", "tensor<3xi32>", "tensor<1x1xi32>", NULL);
  sc_fails(&r, "tf_gather_v2", "operand-rank");
}

/* tf.All / tf.Any: VerifyReductionInputAndDims on keep_dims_reduce. */
Test(frontend_s30, tf_all_any_dims_check) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3xi1>", "tensor<2xi32>", NULL);
  sc_list(&c, "axes", "0, 5");
  sc_list(&c, "dims_check", "1");
  sc_fails(&c, "keep_dims_reduce", "dims-out-of-range");
  cr_assert(strstr(c.out.why, "1-th dimension should be in the range of [-2, 2)"), "%s", c.out.why);
  c.params[1].v[0] = 0; /* unchecked: no finding, nothing inferred */
  cr_assert_eq(sc_run(&c, "keep_dims_reduce"), MS_INFER_UNKNOWN);
  sop_case r = {0};
  sc_ops(&r, "tensor<2x3xi1>", "tensor<1x1xi32>", NULL);
  sc_list(&r, "dims_check", "1");
  sc_fails(&r, "keep_dims_reduce", "operand-rank");
}

/* tfl.lstm's projection weights (16, 2-D) and bias (17, 1-D): an
** 18-entry operand_ranks list (a fixed list holds up to 24 values). */
Test(frontend_s30, lstm_projection_ranks) {
  sop_case c = {0}; /* the parameter only: its operands are 18 */
  sc_list(&c, "operand_ranks", "-1, -1, 2, 2, -1, 2, 2, 2, -1, 1, 1, 1, -1, 1, 1, 1, 2, 1");
  ms_shape ops[18];
  char err[128] = "";
  for (int i = 0; i < 16; i++) cr_assert(ms_shape_parse_type(&ops[i], "none", 4, err, sizeof err), "%s", err);
  cr_assert(ms_shape_parse_type(&ops[16], "tensor<2x8x1xf32>", 17, err, sizeof err), "%s", err);
  cr_assert(ms_shape_parse_type(&ops[17], "tensor<2xf32>", 13, err, sizeof err), "%s", err);
  ms_sop_in in = {18, ops, 0, NULL, c.nparams, c.params, false, 0, NULL, true, NULL, NULL};
  ms_sop_out out;
  memset(&out, 0, sizeof out);
  cr_assert(!ms_sop_check_ranks(&in, &out));
  cr_assert_eq(out.operand, 16);
  ops[16].rank = 2;
  memset(&out, 0, sizeof out);
  cr_assert(ms_sop_check_ranks(&in, &out), "%s", out.why);
}
