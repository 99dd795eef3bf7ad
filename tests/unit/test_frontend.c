/*
** test_frontend.c: unit tests of the frontend frameworks' families (nn.c,
** tensor_ops.c, indexing.c, stacking.c): each function's inferred shapes
** and each kind of violated constraint, with the parameters as the ONNX
** and TFLite rule entries give them (values from ONNX's shape inference
** and the corpus's TFLite and onnx-mlir verifier tests).
*/
#include "sop_case.h"
#include "sop_check.h"

Test(frontend, numpy_matmul_promotes_and_broadcasts) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x1x3x4xf32>", "tensor<5x4x6xf32>", NULL);
  sc_ok(&c, "numpy_matmul", "tensor<2x5x3x6xf32>");
  sop_case v = {0};
  sc_ops(&v, "tensor<4xf32>", "tensor<?x4x6xf32>", NULL);
  sc_ok(&v, "numpy_matmul", "tensor<?x6xf32>");
  sop_case k = {0};
  sc_ops(&k, "tensor<2x3xf32>", "tensor<4x5xf32>", NULL);
  sc_fails(&k, "numpy_matmul", "contracting-dims");
}

Test(frontend, gemm_transposes_and_c) {
  sop_case c = {0};
  sc_ops(&c, "tensor<7x5xf32>", "tensor<6x7xf32>", "tensor<1x6xf32>", NULL);
  sc_list(&c, "trans_a", "1");
  sc_list(&c, "trans_b", "1");
  sc_ok(&c, "gemm", "tensor<5x6xf32>");
  c.ops[2].dims[0] = 4; /* C 4x6 onto 5x6 */
  sc_fails(&c, "gemm", "operand-shapes");
  sop_case k = {0};
  sc_ops(&k, "tensor<5x7xf32>", "tensor<8x6xf32>", "none", NULL);
  sc_fails(&k, "gemm", "contracting-dims");
}

Test(frontend, conv_and_pool_windows) {
  sop_case c = {0};
  sc_ops(&c, "tensor<1x4x9x9xf32>", "tensor<6x2x3x3xf32>", NULL);
  sc_list(&c, "group", "2");
  sc_list(&c, "strides", "2, 2");
  sc_list(&c, "pads", "1, 1, 1, 1");
  sc_ok(&c, "conv_channels_first", "tensor<1x6x5x5xf32>");
  c.ops[1].dims[1] = 3; /* 4 channels != 3 * 2 */
  sc_fails(&c, "conv_channels_first", "conv-dims");
  sop_case s = {0};
  sc_ops(&s, "tensor<1x4x6x?xf32>", "tensor<6x4x1x1xf32>", NULL);
  sc_str(&s, "auto_pad", "SAME_UPPER");
  sc_list(&s, "strides", "2, 2");
  sc_ok(&s, "conv_channels_first", "tensor<1x6x3x?xf32>");
  sc_list(&s, "ceil_mode", "1"); /* ONNX's inference: SAME then ceil gives one more position */
  sc_ok(&s, "conv_channels_first", "tensor<1x6x4x?xf32>");
  sop_case p = {0};
  sc_op(&p, "tensor<1x3x5x5xf32>");
  sc_list(&p, "kernel_shape", "2, 2");
  sc_list(&p, "strides", "2, 2");
  sc_list(&p, "ceil_mode", "1");
  sc_ok(&p, "pool_channels_first", "tensor<1x3x3x3xf32>");
  sc_list(&p, "dilations", "4, 4"); /* a window of 5 + 1 > 5 */
  p.params[2].v[0] = 0;
  p.params[3].v[0] = 9, p.params[3].v[1] = 9;
  sc_fails(&p, "pool_channels_first", "window");
  sop_case bad = {0};
  sc_op(&bad, "tensor<1x3x5x5xf32>");
  sc_list(&bad, "kernel_shape", "2, 2");
  sc_str(&bad, "auto_pad", "SAME");
  sc_fails(&bad, "pool_channels_first", "attribute-value");
}

Test(frontend, reshape_zero_and_minus_one) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3x4xf32>", "tensor<3xi64>", NULL);
  sc_list(&c, "shape", "0, -1, 2");
  sc_ok(&c, "reshape_values", "tensor<2x6x2xf32>");
  c.params[0].v[2] = 5; /* 12 is no multiple of 5 */
  sc_fails(&c, "reshape_values", "element-count");
  c.params[0].v[0] = -1; /* two -1 */
  sc_fails(&c, "reshape_values", "element-count");
  sop_case z = {0};
  sc_ops(&z, "tensor<2x3xf32>", "tensor<2xi64>", NULL);
  sc_list(&z, "shape", "0, 6");
  sc_list(&z, "allowzero", "1");
  sc_fails(&z, "reshape_values", "element-count"); /* allowzero: 0 is a size, 0 != 6 elements */
}

Test(frontend, squeeze_unsqueeze_reduce) {
  sop_case s = {0};
  sc_op(&s, "tensor<1x3x1xf32>");
  sc_list(&s, "axes", "-1");
  sc_ok(&s, "squeeze", "tensor<1x3xf32>");
  s.params[0].v[0] = 1;
  sc_fails(&s, "squeeze", "operand-shapes");
  sop_case u = {0};
  sc_op(&u, "tensor<3x4xf32>");
  sc_list(&u, "axes", "0, 3");
  sc_ok(&u, "unsqueeze", "tensor<1x3x4x1xf32>");
  sop_case r = {0};
  sc_op(&r, "tensor<2x3x4xf32>");
  sc_list(&r, "axes", "1, -1");
  sc_list(&r, "keepdims", "0");
  sc_ok(&r, "reduce_axes", "tensor<2xf32>");
  r.params[0].v[1] = 1;
  sc_fails(&r, "reduce_axes", "dims-order");
  sop_case n = {0};
  sc_op(&n, "tensor<2x3xf32>");
  sc_list(&n, "noop_with_empty_axes", "1");
  sc_ok(&n, "reduce_axes", "tensor<2x3xf32>");
}

Test(frontend, gathers_and_scatters) {
  sop_case g = {0};
  sc_ops(&g, "tensor<3x4x5xf32>", "tensor<2x6xi64>", NULL);
  sc_list(&g, "axis", "-2");
  sc_ok(&g, "gather_axis", "tensor<3x2x6x5xf32>");
  g.params[0].v[0] = 3;
  sc_fails(&g, "gather_axis", "dims-out-of-range");
  sop_case nd = {0};
  sc_ops(&nd, "tensor<2x3x4xf32>", "tensor<2x5x2xi64>", NULL);
  sc_list(&nd, "batch_dims", "1");
  sc_ok(&nd, "gather_nd", "tensor<2x5xf32>");
  sc_list(&nd, "indices", "0, 3"); /* tuples (dim 1, dim 2): 0 of 3, 3 of 4 */
  cr_assert_eq(sc_run(&nd, "gather_nd"), MS_INFER_OK, "%s", nd.out.why);
  nd.params[1].v[0] = 3; /* component 0 indexes dim 1 (3 elements) */
  sc_fails(&nd, "gather_nd", "slice-out-of-bounds");
  sop_case sc = {0};
  sc_ops(&sc, "tensor<4x5xf32>", "tensor<3x1xi64>", "tensor<3x6xf32>", NULL);
  sc_fails(&sc, "scatter_nd", "update-shape");
  sc.ops[2].dims[1] = 5;
  sc_ok(&sc, "scatter_nd", "tensor<4x5xf32>");
}

Test(frontend, split_slice_pad_tile) {
  sop_case s = {0};
  sc_op(&s, "tensor<4x7xf32>");
  sc_res(&s, "tensor<*xf32>");
  sc_res(&s, "tensor<*xf32>");
  sc_list(&s, "axis", "1");
  sc_list(&s, "num_outputs", "2");
  sc_ok(&s, "split_sizes", "tensor<4x4xf32>");
  cr_assert_str_eq(sc_result(&s, 1), "tensor<4x3xf32>");
  sop_case l = {0};
  sc_op(&l, "tensor<10x5xf32>");
  sc_list(&l, "starts", "-1, 1");
  sc_list(&l, "ends", "-100, 1000");
  sc_list(&l, "axes", "0, 1");
  sc_list(&l, "steps", "-3, 2");
  sc_ok(&l, "slice_steps", "tensor<4x2xf32>");
  l.params[3].v[1] = 0;
  sc_fails(&l, "slice_steps", "slice-out-of-bounds");
  sop_case p = {0};
  sc_op(&p, "tensor<3x?xf32>");
  sc_list(&p, "pads", "1, 0, 2, 5");
  sc_ok(&p, "pad_values", "tensor<6x?xf32>");
  sop_case t = {0};
  sc_op(&t, "tensor<2x3xf32>");
  sc_list(&t, "repeats", "3, 1");
  sc_ok(&t, "tile_repeats", "tensor<6x3xf32>");
  sc_list(&t, "x", "");
  t.params[0].n = 1;
  sc_fails(&t, "tile_repeats", "dims-count");
}

Test(frontend, topk_shape_dim) {
  sop_case k = {0};
  sc_ops(&k, "tensor<3x?xf32>", "tensor<1xi64>", NULL);
  sc_res(&k, "tensor<*xf32>");
  sc_res(&k, "tensor<*xi64>");
  sc_list(&k, "axis", "0");
  sc_list(&k, "k", "2");
  sc_ok(&k, "topk", "tensor<2x?xf32>");
  k.params[1].v[0] = 4;
  sc_fails(&k, "topk", "slice-out-of-bounds");
  sop_case s = {0};
  sc_op(&s, "tensor<2x3x4xf32>");
  sc_list(&s, "start", "-2");
  cr_assert_eq(sc_run(&s, "shape_of"), MS_INFER_OK, "%s", s.out.why);
  cr_assert(s.out.results[0].ranked && s.out.results[0].rank == 1 && s.out.results[0].dims[0] == 2);
  sc_list(&s, "end", "0");
  sc_fails(&s, "shape_of", "dims-out-of-range");
  sop_case d = {0};
  sc_op(&d, "tensor<*xf32>");
  sc_fails(&d, "dim_of", "operand-rank");
}

Test(frontend, tflite_stacking) {
  sop_case p = {0};
  sc_ops(&p, "tensor<2x?xf32>", "tensor<2x3xf32>", NULL);
  sc_list(&p, "axis", "-1");
  sc_list(&p, "count", "2");
  sc_ok(&p, "stack", "tensor<2x3x2xf32>");
  p.params[1].v[0] = 1;
  sc_fails(&p, "stack", "operand-count");
  sop_case u = {0};
  sc_op(&u, "tensor<2x3xi32>");
  sc_res(&u, "tensor<2xi32>");
  sc_res(&u, "tensor<2xi32>");
  sc_list(&u, "axis", "1");
  sc_fails(&u, "unstack", "operand-count"); /* 3 elements into 2 results */
  sop_case v = {0};
  sc_ops(&v, "tensor<16xf32>", "tensor<2xi32>", "tensor<i32>", NULL);
  sc_res(&v, "tensor<*xf32>");
  sc_res(&v, "tensor<*xf32>");
  sc_list(&v, "axis", "0");
  sc_list(&v, "split", "-1, 5");
  sc_list(&v, "split_operand", "1");
  sc_list(&v, "axis_operand", "2");
  sc_ok(&v, "split_parts", "tensor<11xf32>");
  v.params[1].v[1] = -1;
  sc_fails(&v, "split_parts", "slice-out-of-bounds");
  v.ops[2].rank = 1, v.ops[2].dims[0] = 1; /* split_v's split_dim is 0-D only */
  sc_fails(&v, "split_parts", "operand-rank");
  sop_case s = {0};
  sc_ops(&s, "tensor<2x3x5xf32>", "tensor<3xi32>", "tensor<3xi32>", NULL);
  sc_list(&s, "begin", "0, 1, 1");
  sc_list(&s, "size", "-1, 2, 5");
  sc_fails(&s, "slice_begin_size", "slice-out-of-bounds"); /* 1 + 5 > 5 */
  s.params[1].v[2] = 4;
  sc_ok(&s, "slice_begin_size", "tensor<2x2x4xf32>");
  sop_case d = {0};
  sc_ops(&d, "tensor<*xf32>", "tensor<6x2xi32>", NULL);
  sc_list(&d, "max_rank", "5");
  sc_fails(&d, "pad_pairs", "operand-rank");
}

Test(frontend, tflite_reshape_resize_output_shape) {
  sop_case r = {0};
  sc_ops(&r, "tensor<3x4xi32>", "tensor<3xi32>", NULL);
  sc_list(&r, "shape", "-1, -1, 4");
  sc_list(&r, "zero_copies", "0");
  sc_list(&r, "unchecked_results", "1");
  sc_fails(&r, "reshape_values", "element-count"); /* two -1 */
  r.params[0].v[0] = 0; /* a size 0: 12 elements into 0 is not judged here (the verifier does not) */
  cr_assert_eq(sc_run(&r, "reshape_values"), MS_INFER_UNKNOWN);
  r.params[0].v[0] = 3;
  cr_assert_eq(sc_run(&r, "reshape_values"), MS_INFER_OK, "%s", r.out.why);
  cr_assert(r.out.unchecked_results);
  cr_assert_str_eq(sc_result(&r, 0), "tensor<3x1x4xi32>");
  sop_case z = {0};
  sc_ops(&z, "tensor<1x100x100x3xf32>", "tensor<2xi32>", NULL);
  sc_list(&z, "size", "50, 40");
  sc_ok(&z, "resize_nhwc", "tensor<1x50x40x3xf32>");
  z.ops[1].dims[0] = 4;
  sc_fails(&z, "resize_nhwc", "operand-rank");
  sop_case t = {0};
  sc_op(&t, "tensor<4xi32>");
  sc_res(&t, "tensor<64x84x32xf32>");
  sc_list(&t, "result_rank", "4");
  sc_fails(&t, "output_shape_operand", "operand-rank");
  t.res[0].rank = 4, t.res[0].dims[3] = MS_DIM_DYNAMIC;
  sc_list(&t, "output_shape", "1, 64, 84, 32");
  sc_ok(&t, "output_shape_operand", "tensor<1x64x84x32xf32>");
}

Test(frontend, split_to_sequence_checks) {
  sop_case s = {0};
  sc_ops(&s, "tensor<2x2xf32>", "tensor<2xi64>", NULL);
  sc_list(&s, "split", "0, 1");
  sc_fails(&s, "split_to_sequence", "slice-out-of-bounds"); /* sums to 1, the axis has 2 */
  s.params[0].v[0] = 1;
  cr_assert_eq(sc_run(&s, "split_to_sequence"), MS_INFER_UNKNOWN); /* valid; no declared sequence to refine */
  sc_list(&s, "keepdims", "2");
  sc_fails(&s, "split_to_sequence", "attribute-value");
  sop_case r = {0};
  sc_ops(&r, "tensor<2x2xf32>", "tensor<1x2xi64>", NULL);
  sc_fails(&r, "split_to_sequence", "operand-rank");
}
