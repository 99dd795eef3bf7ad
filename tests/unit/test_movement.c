/*
** test_movement.c: unit tests of movement.c, the data movement family.
**
** Each op's inferred shape (bounds included) and each kind of violated
** constraint, from StableHLO's verifier tests (ops_stablehlo.mlir) and
** its inference tests (infer_stablehlo.mlir).
*/
#include "sop_case.h"
#include "sop_check.h"

Test(movement, transpose_permutes_dims_and_bounds) {
  sop_case c = {0};
  sc_op(&c, "tensor<?x3x4xf32, #stablehlo.bounds<8, ?, ?>>");
  sc_list(&c, "permutation", "2, 0, 1");
  sc_ok(&c, "transpose", "tensor<4x?x3xf32, #stablehlo.bounds<?, 8, ?>>");
  cr_assert_eq(c.out.results[0].bounds[1], 8);
  sop_case d = {0};
  sc_op(&d, "tensor<1x2x3x4xf32>");
  sc_list(&d, "permutation", "1");
  sc_fails(&d, "transpose", MS_CODE_DIMS_COUNT);
  sop_case e = {0};
  sc_op(&e, "tensor<1x2xf32>");
  sc_list(&e, "permutation", "1, 1");
  sc_fails(&e, "transpose", MS_CODE_DIMS_ORDER);
}

Test(movement, reshape_element_count) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x3xf32>");
  sc_res(&c, "tensor<7xf32>");
  sc_fails(&c, "reshape", MS_CODE_SOP_ELEMENTS);
  c.res[0].dims[0] = 6;
  cr_assert_eq(sc_run(&c, "reshape"), MS_INFER_UNKNOWN);
  c.res[0].dims[0] = MS_DIM_DYNAMIC; /* dynamic: not judged */
  c.res[0].dims[0] = 7;
  c.ops[0].dims[0] = MS_DIM_DYNAMIC;
  cr_assert_eq(sc_run(&c, "reshape"), MS_INFER_UNKNOWN);
}

Test(movement, dynamic_reshape) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3xf32>", "tensor<2xi64>", NULL);
  sc_res(&c, "tensor<?x?xf32>");
  sc_ok(&c, "dynamic_reshape", "tensor<?x?xf32>");
  sc_list(&c, "output_shape", "3, 2");
  sc_ok(&c, "dynamic_reshape", "tensor<3x2xf32>");
  c.params[0].v[0] = 4;
  sc_fails(&c, "dynamic_reshape", MS_CODE_SOP_ELEMENTS);
  sop_case d = {0};
  sc_ops(&d, "tensor<?xf32>", "tensor<3xi64>", NULL);
  sc_res(&d, "tensor<?x?xf32>");
  sc_fails(&d, "dynamic_reshape", MS_CODE_DIMS_COUNT);
}

static void slice_case(sop_case *c, const char *x, const char *start, const char *limit, const char *strides) {
  sc_op(c, x);
  sc_list(c, "start_indices", start);
  sc_list(c, "limit_indices", limit);
  sc_list(c, "strides", strides);
}

Test(movement, slice) {
  sop_case c = {0};
  slice_case(&c, "tensor<3x4xi32>", "1, 0", "2, 4", "1, 2");
  sc_ok(&c, "slice", "tensor<1x2xi32>");
  sop_case d = {0};
  slice_case(&d, "tensor<3x4xi32>", "1, 0", "2, 5", "1, 1");
  sc_fails(&d, "slice", MS_CODE_SLICE_BOUNDS);
  cr_assert(strstr(d.out.why, "limit index 5 is larger than dimension size 4"), "%s", d.out.why);
  sop_case e = {0};
  slice_case(&e, "tensor<3x4xi32>", "1, 3", "2, 2", "1, 1");
  sc_fails(&e, "slice", MS_CODE_SLICE_BOUNDS);
  sop_case f = {0};
  slice_case(&f, "tensor<3x4xi32>", "0", "2", "1");
  sc_fails(&f, "slice", MS_CODE_DIMS_COUNT);
  sop_case g = {0};
  slice_case(&g, "tensor<?xi32, #stablehlo.bounds<4>>", "0", "5", "1");
  sc_fails(&g, "slice", MS_CODE_SLICE_BOUNDS);
  cr_assert(strstr(g.out.why, "bound"));
}

Test(movement, dynamic_slice_and_update) {
  sop_case c = {0};
  sc_ops(&c, "tensor<3x4xi32>", "tensor<i64>", "tensor<i64>", NULL);
  sc_list(&c, "slice_sizes", "1, 4");
  sc_ok(&c, "dynamic_slice", "tensor<1x4xi32>");
  c.params[0].v[1] = 10;
  sc_fails(&c, "dynamic_slice", MS_CODE_SLICE_BOUNDS);
  c.params[0].n = 1;
  sc_fails(&c, "dynamic_slice", MS_CODE_DIMS_COUNT);
  sop_case u = {0};
  sc_ops(&u, "tensor<3x4xi32>", "tensor<1x5xi32>", "tensor<i64>", "tensor<i64>", NULL);
  sc_fails(&u, "dynamic_update_slice", MS_CODE_UPDATE_SHAPE);
  u.ops[1].dims[1] = 2;
  sc_ok(&u, "dynamic_update_slice", "tensor<3x4xi32>");
}

Test(movement, pad) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3x?xf32, #stablehlo.bounds<?, ?, 5>>", "tensor<f32>", NULL);
  sc_list(&c, "edge_padding_low", "0, 1, -1");
  sc_list(&c, "edge_padding_high", "2, 1, 0");
  sc_list(&c, "interior_padding", "1, 0, 1");
  sc_ok(&c, "pad", "tensor<5x5x?xf32, #stablehlo.bounds<?, ?, 8>>");
  cr_assert_eq(c.out.results[0].bounds[2], 8); /* 5 - 1 + 4 x 1 */
  c.params[0].v[1] = -9;
  sc_fails(&c, "pad", MS_CODE_SLICE_BOUNDS);
  cr_assert(strstr(c.out.why, "negative size for dimension 1"), "%s", c.out.why);
  c.params[0].n = 2;
  sc_fails(&c, "pad", MS_CODE_DIMS_COUNT);
}

Test(movement, dynamic_pad) {
  sop_case c = {0};
  sc_ops(&c, "tensor<4xf32>", "tensor<f32>", "tensor<2xi64>", "tensor<2xi64>", "tensor<2xi64>", NULL);
  sc_fails(&c, "dynamic_pad", MS_CODE_DIMS_COUNT);
  c.ops[2].dims[0] = 1;
  sc_list(&c, "interior_padding", "-1");
  sc_fails(&c, "dynamic_pad", MS_CODE_SLICE_BOUNDS);
}

Test(movement, concatenate_sizes_and_bounds) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x?xf32, #stablehlo.bounds<?, 8>>");
  sc_op(&c, "tensor<3x5xf32>");
  sc_op(&c, "tensor<?x?xf32, #stablehlo.bounds<6, ?>>");
  sc_list(&c, "dimension", "0");
  sc_ok(&c, "concatenate", "tensor<?x5xf32, #stablehlo.bounds<11, ?>>");
  cr_assert_eq(c.out.results[0].bounds[0], 11);
  c.ops[1].dims[1] = 9; /* above the bound 8 of operand 0 */
  sc_fails(&c, "concatenate", MS_CODE_OPERANDS_SHAPE);
  sop_case d = {0};
  sc_ops(&d, "tensor<1x3xf32>", "tensor<2x2xf32>", NULL);
  sc_list(&d, "dimension", "0");
  sc_fails(&d, "concatenate", MS_CODE_OPERANDS_SHAPE);
  cr_assert(strstr(d.out.why, "non-concat index 1"));
  sop_case e = {0};
  sc_op(&e, "tensor<f32>");
  sc_list(&e, "dimension", "0");
  sc_fails(&e, "concatenate", MS_CODE_OPERAND_RANK);
}

Test(movement, reverse_iota_dimension_size) {
  sop_case c = {0};
  sc_op(&c, "tensor<3x4xf32>");
  sc_list(&c, "dimensions", "1, 1");
  sc_fails(&c, "reverse", MS_CODE_DIMS_ORDER);
  c.params[0].v[1] = 2;
  sc_fails(&c, "reverse", MS_CODE_DIMS_RANGE);
  sop_case i = {0};
  sc_res(&i, "tensor<3x4xf32>");
  sc_list(&i, "iota_dimension", "2");
  sc_fails(&i, "iota", MS_CODE_DIMS_RANGE);
  i.params[0].v[0] = 1;
  cr_assert_eq(sc_run(&i, "iota"), MS_INFER_UNKNOWN);
  sop_case g = {0};
  sc_op(&g, "tensor<3x4xf32>");
  sc_list(&g, "dimension", "2");
  sc_fails(&g, "get_dimension_size", MS_CODE_DIMS_RANGE);
  g.params[0].v[0] = 1;
  cr_assert_eq(sc_run(&g, "get_dimension_size"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&g, 0), "tensor<i32>");
  sop_case s = {0};
  sc_ops(&s, "tensor<3x4xf32>", "tensor<i32>", NULL);
  sc_list(&s, "dimension", "1");
  sc_ok(&s, "set_dimension_size", "tensor<3x?xf32, #stablehlo.bounds<?, 4>>");
  cr_assert_eq(s.out.results[0].bounds[1], 4);
  sc_list(&s, "size", "4");
  sc_ok(&s, "set_dimension_size", "tensor<3x4xf32>");
  s.ops[1].rank = 1;
  s.ops[1].dims[0] = 1;
  sc_fails(&s, "set_dimension_size", MS_CODE_OPERAND_RANK);
}

/* negative_dimension (ONNX Concat, numpy): axis -1 is the last dim; without
** the parameter a negative dimension stays out of range (StableHLO). */
Test(movement, concatenate_negative_dimension) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x3xf32>", "tensor<2x4xf32>", NULL);
  sc_list(&c, "dimension", "-1");
  sc_fails(&c, "concatenate", MS_CODE_DIMS_RANGE);
  sc_list(&c, "negative_dimension", "1");
  sc_ok(&c, "concatenate", "tensor<2x7xf32>");
  c.params[0].v[0] = -3; /* "dimension" */
  sc_fails(&c, "concatenate", MS_CODE_DIMS_RANGE);
  c.params[0].v[0] = -2;
  sc_fails(&c, "concatenate", MS_CODE_OPERANDS_SHAPE);
}
