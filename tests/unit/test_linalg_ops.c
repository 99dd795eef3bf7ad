/*
** test_linalg_ops.c: unit tests of linalg_ops.c (triangular_solve,
** cholesky, fft, batch_norm_*, rng, sort, map, top_k).
*/
#include "sop_case.h"
#include "sop_check.h"

Test(linalg_ops, triangular_solve) {
  sop_case c = {0};
  sc_ops(&c, "tensor<4x3x3xf32>", "tensor<4x3x5xf32>", NULL);
  sc_list(&c, "left_side", "1");
  sc_str(&c, "transpose_a", "NO_TRANSPOSE");
  sc_ok(&c, "triangular_solve", "tensor<4x3x5xf32>");
  c.params[0].v[0] = 0; /* right side: b's last dim (5) against a's 3 */
  sc_fails(&c, "triangular_solve", MS_CODE_OPERANDS_SHAPE);
  c.params[0].v[0] = 1;
  c.ops[1].dims[0] = 2;
  sc_fails(&c, "triangular_solve", MS_CODE_OPERANDS_SHAPE);
  c.ops[1].dims[0] = 4;
  c.ops[0].dims[2] = 2;
  sc_fails(&c, "triangular_solve", MS_CODE_SQUARE);
}

Test(linalg_ops, cholesky) {
  sop_case c = {0};
  sc_op(&c, "tensor<3x4xf32>");
  sc_fails(&c, "cholesky", MS_CODE_SQUARE);
  c.ops[0].rank = 1;
  sc_fails(&c, "cholesky", MS_CODE_OPERAND_RANK);
  sop_case d = {0};
  sc_op(&d, "tensor<2x?x4xf32>");
  cr_assert_eq(sc_run(&d, "cholesky"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&d, 0), "tensor<2x?x4xf32>");
}

Test(linalg_ops, fft_types_and_lengths) {
  sop_case c = {0};
  sc_op(&c, "tensor<3x9xf32>");
  sc_str(&c, "fft_type", "RFFT");
  sc_list(&c, "fft_length", "9");
  sc_ok(&c, "fft", "tensor<3x5xcomplex<f32>>");
  c.params[1].v[0] = 8;
  sc_fails(&c, "fft", MS_CODE_SLICE_BOUNDS);
  sop_case d = {0};
  sc_op(&d, "tensor<3x5xcomplex<f32>>");
  sc_str(&d, "fft_type", "IRFFT");
  sc_list(&d, "fft_length", "9");
  sc_ok(&d, "fft", "tensor<3x9xf32>");
  d.params[1].v[0] = 16;
  sc_fails(&d, "fft", MS_CODE_SLICE_BOUNDS);
  sop_case e = {0};
  sc_op(&e, "tensor<3xf32>");
  sc_str(&e, "fft_type", "FFT");
  sc_list(&e, "fft_length", "3");
  sc_fails(&e, "fft", MS_CODE_SOP_ELEMENT_TYPE);
  sop_case f = {0};
  sc_op(&f, "tensor<3xcomplex<f32>>");
  sc_str(&f, "fft_type", "FFT");
  sc_list(&f, "fft_length", "1, 1, 1, 1");
  sc_fails(&f, "fft", MS_CODE_DIMS_COUNT);
}

Test(linalg_ops, batch_norm) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x2x?xf32, #stablehlo.bounds<?, ?, 6>>", "tensor<?xf32>", "tensor<?xf32>", NULL);
  sc_list(&c, "feature_index", "2");
  cr_assert_eq(sc_run(&c, "batch_norm_training"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_eq(c.out.nresults, 3);
  cr_assert_str_eq(sc_result(&c, 1), "tensor<?xf32, #stablehlo.bounds<6>>");
  cr_assert_eq(c.out.results[1].bounds[0], 6);
  c.params[0].v[0] = 3;
  sc_fails(&c, "batch_norm_training", MS_CODE_DIMS_RANGE);
  sop_case g = {0};
  sc_ops(&g, "tensor<2x2x2xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<3xf32>", "tensor<2x2x2xf32>", NULL);
  sc_list(&g, "feature_index", "0");
  sc_fails(&g, "batch_norm_grad", MS_CODE_OPERANDS_SHAPE);
  g.ops[1].dims[0] = g.ops[2].dims[0] = g.ops[3].dims[0] = 2;
  g.ops[4].dims[2] = 3;
  sc_fails(&g, "batch_norm_grad", MS_CODE_OPERANDS_SHAPE);
  cr_assert_eq(g.out.operand, 4);
}

Test(linalg_ops, rng_sort_map_top_k) {
  sop_case r = {0};
  sc_ops(&r, "tensor<f32>", "tensor<f32>", "tensor<3xi64>", NULL);
  cr_assert_eq(sc_run(&r, "rng"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&r, 0), "tensor<?x?x?xf32>");
  sc_list(&r, "shape", "2, 3, 5");
  cr_assert_eq(sc_run(&r, "rng"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&r, 0), "tensor<2x3x5xf32>");
  sop_case s = {0};
  sc_ops(&s, "tensor<4x5xf32>", "tensor<4x5xi32>", NULL);
  sc_list(&s, "dimension", "2");
  sc_fails(&s, "sort", MS_CODE_DIMS_RANGE);
  s.params[0].v[0] = -2;
  cr_assert_eq(sc_run(&s, "sort"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&s, 1), "tensor<4x5xi32>");
  sop_case m = {0};
  sc_ops(&m, "tensor<4x5xf32>", "tensor<4x5xf32>", NULL);
  sc_list(&m, "dimensions", "1, 0");
  sc_fails(&m, "map", MS_CODE_DIMS_ORDER);
  m.params[0].n = 1;
  m.params[0].v[0] = 0;
  sc_fails(&m, "map", MS_CODE_DIMS_COUNT);
  sop_case t = {0};
  sc_op(&t, "tensor<3x?xf32>");
  sc_list(&t, "k", "4");
  cr_assert_eq(sc_run(&t, "top_k"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&t, 1), "tensor<3x4xi32>");
  t.ops[0].dims[1] = 3;
  sc_fails(&t, "top_k", MS_CODE_SLICE_BOUNDS);
}
