/*
** test_gather.c: unit tests of gather.c, the gather/scatter family.
**
** Cases from StableHLO's specification (docs/spec.md examples) and its
** verifier tests: the inferred result shapes with bounds, each kind of
** violated constraint with its registry code, and the inputs judged not
** at all (unranked operands, unread parameters).
*/
#include "sop_case.h"
#include "sop_check.h"

static void spec_gather(sop_case *c, const char *slice_sizes) {
  sc_op(c, "tensor<2x3x4x2xi32>");
  sc_op(c, "tensor<2x2x3x2xi64>");
  sc_list(c, "offset_dims", "3, 4");
  sc_list(c, "collapsed_slice_dims", "1");
  sc_list(c, "operand_batching_dims", "0");
  sc_list(c, "start_indices_batching_dims", "1");
  sc_list(c, "start_index_map", "2, 1");
  sc_list(c, "index_vector_dim", "3");
  sc_list(c, "slice_sizes", slice_sizes);
}

Test(gather, spec_example) {
  sop_case c = {0};
  spec_gather(&c, "1, 1, 2, 2");
  sc_ok(&c, "gather", "tensor<2x2x3x2x2xi32>");
  cr_assert(strstr(c.out.provenance[0], "dim 0: start_indices dim 0"));
}

Test(gather, collapsed_slice_too_big) {
  sop_case c = {0};
  spec_gather(&c, "1, 2, 2, 2");
  sc_fails(&c, "gather", MS_CODE_SLICE_BOUNDS);
  cr_assert(strstr(c.out.why, "collapsed_slice_dims"));
}

Test(gather, slice_beyond_operand) {
  sop_case c = {0};
  spec_gather(&c, "1, 1, 5, 2");
  sc_fails(&c, "gather", MS_CODE_SLICE_BOUNDS);
  cr_assert(strstr(c.out.why, "at index 2"), "%s", c.out.why);
}

Test(gather, slice_sizes_count) {
  sop_case c = {0};
  spec_gather(&c, "1, 1, 2");
  sc_fails(&c, "gather", MS_CODE_DIMS_COUNT);
}

static void simple_gather(sop_case *c, const char *x, const char *idx) {
  sc_op(c, x);
  sc_op(c, idx);
  sc_list(c, "offset_dims", "1");
  sc_list(c, "collapsed_slice_dims", "0");
  sc_list(c, "operand_batching_dims", "");
  sc_list(c, "start_indices_batching_dims", "");
  sc_list(c, "start_index_map", "0");
}

Test(gather, implied_trailing_index_dim_and_bounds) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4xf32>", "tensor<?xi32, #stablehlo.bounds<7>>");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "1, 4");
  sc_ok(&c, "gather", "tensor<?x4xf32, #stablehlo.bounds<7, ?>>");
  cr_assert(c.out.results[0].bounded);
  cr_assert_eq(c.out.results[0].bounds[0], 7);
  cr_assert_eq(c.out.results[0].bounds[1], MS_DIM_DYNAMIC);
}

Test(gather, index_vector_dim_out_of_range) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4xf32>", "tensor<3x1xi32>");
  sc_list(&c, "index_vector_dim", "3");
  sc_list(&c, "slice_sizes", "1, 4");
  sc_fails(&c, "gather", MS_CODE_DIMS_RANGE);
}

Test(gather, start_index_map_against_index_vector) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4xf32>", "tensor<3x2xi32>");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "1, 4");
  sc_fails(&c, "gather", MS_CODE_INDEX_VECTOR);
  /* A dynamic index vector dim is not judged. */
  sop_case d = {0};
  simple_gather(&d, "tensor<5x4xf32>", "tensor<3x?xi32>");
  sc_list(&d, "index_vector_dim", "1");
  sc_list(&d, "slice_sizes", "1, 4");
  sc_ok(&d, "gather", "tensor<3x4xf32>");
}

Test(gather, operand_rank_against_dims) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4x2xf32>", "tensor<3x1xi32>");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "1, 4, 2");
  sc_fails(&c, "gather", MS_CODE_DIMS_COUNT);
  cr_assert_eq(c.out.operand, 0);
}

Test(gather, unsorted_offset_dims) {
  sop_case c = {0};
  sc_ops(&c, "tensor<5x4x3xf32>", "tensor<3x1xi32>", NULL);
  sc_list(&c, "offset_dims", "2, 1");
  sc_list(&c, "collapsed_slice_dims", "0");
  sc_list(&c, "operand_batching_dims", "");
  sc_list(&c, "start_indices_batching_dims", "");
  sc_list(&c, "start_index_map", "0");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "1, 4, 3");
  sc_fails(&c, "gather", MS_CODE_DIMS_ORDER);
}

Test(gather, offset_dims_beyond_result_rank) {
  sop_case c = {0};
  sc_ops(&c, "tensor<5x4xf32>", "tensor<3x1xi32>", NULL);
  sc_list(&c, "offset_dims", "5");
  sc_list(&c, "collapsed_slice_dims", "0");
  sc_list(&c, "operand_batching_dims", "");
  sc_list(&c, "start_indices_batching_dims", "");
  sc_list(&c, "start_index_map", "0");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "1, 4");
  sc_fails(&c, "gather", MS_CODE_DIMS_RANGE);
  cr_assert(strstr(c.out.why, "implied-result-rank"));
}

Test(gather, batching_sizes) {
  sop_case c = {0};
  spec_gather(&c, "1, 1, 2, 2");
  c.ops[1].dims[1] = 5; /* start_indices_batching_dims [1] against operand dim 0 (2) */
  sc_fails(&c, "gather", MS_CODE_BATCHING_SIZE);
}

Test(gather, judges_nothing_unranked_or_unread) {
  sop_case c = {0};
  simple_gather(&c, "tensor<*xf32>", "tensor<3x1xi32>");
  sc_list(&c, "index_vector_dim", "1");
  sc_list(&c, "slice_sizes", "9, 9, 9");
  cr_assert_eq(sc_run(&c, "gather"), MS_INFER_UNKNOWN);
  /* No field of the dimension numbers: they were not read. */
  sop_case d = {0};
  sc_ops(&d, "tensor<5x4xf32>", "tensor<3x2xi32>", NULL);
  sc_list(&d, "slice_sizes", "1, 4");
  cr_assert_eq(sc_run(&d, "gather"), MS_INFER_UNKNOWN);
  /* Fields left out are StableHLO's defaults: [] and index_vector_dim 0. */
  sop_case e = {0};
  sc_ops(&e, "tensor<5xf32>", "tensor<1x3xi32>", NULL);
  sc_list(&e, "collapsed_slice_dims", "0");
  sc_list(&e, "start_index_map", "0");
  sc_list(&e, "slice_sizes", "1");
  sc_ok(&e, "gather", "tensor<3xf32>");
}

Test(dynamic_gather, sizes_unknown_or_constant) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4xf32>", "tensor<3x1xi32>");
  sc_op(&c, "tensor<2xi32>");
  sc_list(&c, "index_vector_dim", "1");
  sc_ok(&c, "dynamic_gather", "tensor<3x?xf32>");
  sc_list(&c, "slice_sizes", "1, 4");
  sc_ok(&c, "dynamic_gather", "tensor<3x4xf32>");
}

Test(dynamic_gather, slice_sizes_operand_type) {
  sop_case c = {0};
  simple_gather(&c, "tensor<5x4xf32>", "tensor<3x1xi32>");
  sc_op(&c, "tensor<3xi32>");
  sc_list(&c, "index_vector_dim", "1");
  sc_fails(&c, "dynamic_gather", MS_CODE_DIMS_COUNT);
  cr_assert_eq(c.out.operand, 2);
}

static void spec_scatter(sop_case *c, const char *updates) {
  sc_op(c, "tensor<2x3x4x2xi64>");
  sc_op(c, "tensor<2x2x3x2xi64>");
  sc_op(c, updates);
  sc_list(c, "update_window_dims", "3, 4");
  sc_list(c, "inserted_window_dims", "1");
  sc_list(c, "input_batching_dims", "0");
  sc_list(c, "scatter_indices_batching_dims", "1");
  sc_list(c, "scatter_dims_to_operand_dims", "2, 1");
  sc_list(c, "index_vector_dim", "3");
}

Test(scatter, spec_example) {
  sop_case c = {0};
  spec_scatter(&c, "tensor<2x2x3x2x2xi64>");
  cr_assert_eq(sc_run(&c, "scatter"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_eq(c.out.nresults, 1);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<2x3x4x2xi64>");
}

Test(scatter, update_rank) {
  sop_case c = {0};
  spec_scatter(&c, "tensor<2x2x3x2xi64>");
  sc_fails(&c, "scatter", MS_CODE_UPDATE_SHAPE);
  cr_assert_eq(c.out.operand, 2);
}

Test(scatter, update_window_too_big) {
  sop_case c = {0};
  spec_scatter(&c, "tensor<2x2x3x5x2xi64>");
  sc_fails(&c, "scatter", MS_CODE_UPDATE_SHAPE);
  cr_assert(strstr(c.out.why, "window dimension 3"), "%s", c.out.why);
}

Test(scatter, update_scatter_dim) {
  sop_case c = {0};
  spec_scatter(&c, "tensor<2x2x4x2x2xi64>");
  sc_fails(&c, "scatter", MS_CODE_UPDATE_SHAPE);
  cr_assert(strstr(c.out.why, "scatter dimension 2"), "%s", c.out.why);
}

Test(scatter, variadic_inputs_must_agree) {
  sop_case c = {0};
  sc_ops(&c, "tensor<3xf32>", "tensor<4xf32>", "tensor<1x1xi32>", "tensor<1xf32>", "tensor<1xf32>", NULL);
  sc_list(&c, "update_window_dims", "");
  sc_list(&c, "inserted_window_dims", "0");
  sc_list(&c, "input_batching_dims", "");
  sc_list(&c, "scatter_indices_batching_dims", "");
  sc_list(&c, "scatter_dims_to_operand_dims", "0");
  sc_list(&c, "index_vector_dim", "1");
  sc_fails(&c, "scatter", MS_CODE_OPERANDS_SHAPE);
  c.ops[1].dims[0] = 3;
  cr_assert_eq(sc_run(&c, "scatter"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_eq(c.out.nresults, 2);
  cr_assert_str_eq(sc_result(&c, 1), "tensor<3xf32>");
}

Test(scatter, dims_map_against_index_vector) {
  sop_case c = {0};
  sc_ops(&c, "tensor<3x4xf32>", "tensor<5x2xi32>", "tensor<5x4xf32>", NULL);
  sc_list(&c, "update_window_dims", "1");
  sc_list(&c, "inserted_window_dims", "0");
  sc_list(&c, "input_batching_dims", "");
  sc_list(&c, "scatter_indices_batching_dims", "");
  sc_list(&c, "scatter_dims_to_operand_dims", "0");
  sc_list(&c, "index_vector_dim", "1");
  sc_fails(&c, "scatter", MS_CODE_INDEX_VECTOR);
}

Test(scatter, unranked_judges_nothing) {
  sop_case c = {0};
  spec_scatter(&c, "tensor<*xi64>");
  cr_assert_eq(sc_run(&c, "scatter"), MS_INFER_UNKNOWN);
}
