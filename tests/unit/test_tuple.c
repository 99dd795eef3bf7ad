/*
** test_tuple.c: unit tests of the tuple family (server/algebra/tuple.c):
** get_tuple_element, tuple and the Pin/Unpin buffer custom calls.
*/
#include <criterion/criterion.h>

#include "helpers.h"
#include "sop_case.h"

TestSuite(tuple, .fini = test_catalog_release);

static sop_case c;

/* A tuple operand is not a shaped type: what the analyzer hands over. */
static void tuple_op(sop_case *k, const char *type) {
  ms_shape_parse_type(&k->ops[k->nops++], type, strlen(type), NULL, 0);
}

Test(tuple, get_tuple_element_gives_the_element) {
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<f32>, tensor<2x?xi32>>");
  sc_vlist(&c, "index", false, 1, 1);
  sc_ok(&c, "get_tuple_element", "tensor<2x?xi32>");
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<f32>, tensor<2x?xi32>>");
  sc_vlist(&c, "index", false, 1, 0);
  sc_res(&c, "tensor<f32>");
  sc_ok(&c, "get_tuple_element", "tensor<f32>");
}

Test(tuple, get_tuple_element_index_out_of_bounds) {
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<f32>, tensor<i32>>");
  sc_vlist(&c, "index", false, 1, 2);
  sc_fails(&c, "get_tuple_element", "tuple-index");
  cr_expect_str_eq(c.out.why, "index 2 is out of bounds of operand with size 2");
}

Test(tuple, get_tuple_element_element_type_against_result) {
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<f32>, tensor<i32>>");
  sc_vlist(&c, "index", false, 1, 0);
  sc_res(&c, "tensor<i32>");
  sc_fails(&c, "get_tuple_element", "result-shape");
}

Test(tuple, get_tuple_element_silent_where_unsure) {
  /* A nested tuple or a token element: not a shape, not judged. */
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<f32>, tuple<tensor<f32>>>");
  sc_vlist(&c, "index", false, 1, 1);
  cr_expect_eq(sc_run(&c, "get_tuple_element"), MS_INFER_UNKNOWN);
  /* Not a tuple at all. */
  sc_plain(&c);
  tuple_op(&c, "!stablehlo.token");
  sc_vlist(&c, "index", false, 1, 0);
  cr_expect_eq(sc_run(&c, "get_tuple_element"), MS_INFER_UNKNOWN);
  /* A text truncated past 63 bytes: its count is unknown, so no bound. */
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x5xf32>, tensor<1xf32>>");
  sc_vlist(&c, "index", false, 1, 3);
  cr_expect_eq(sc_run(&c, "get_tuple_element"), MS_INFER_UNKNOWN);
  sc_plain(&c);
  tuple_op(&c, "tuple<tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x5xf32>, tensor<1x2x3x4x5xf32>, tensor<1xf32>>");
  sc_vlist(&c, "index", false, 1, 1);
  sc_ok(&c, "get_tuple_element", "tensor<1x2x3x4x5xf32>");
}

Test(tuple, tuple_against_declared_tuple) {
  sc_plain(&c);
  sc_op(&c, "tensor<4xf32>");
  sc_op(&c, "tensor<i32>");
  sc_opaque_res(&c, "tuple<tensor<4xf32>, tensor<i32>>");
  sc_passes(&c, "tuple");
  cr_expect(c.out.unchecked_results);
  sc_plain(&c);
  sc_op(&c, "tensor<4xf32>");
  sc_op(&c, "tensor<4xf32>");
  sc_opaque_res(&c, "tuple<tensor<4xf32>, tensor<3xf32>>");
  sc_fails(&c, "tuple", "result-shape");
  cr_expect_eq(c.out.operand, 1);
  sc_plain(&c);
  sc_op(&c, "tensor<4xf32>");
  sc_opaque_res(&c, "tuple<tensor<4xf32>, tensor<3xf32>>");
  sc_fails(&c, "tuple", "result-shape");
  /* `?` fits any size. */
  sc_plain(&c);
  sc_op(&c, "tensor<?xf32>");
  sc_opaque_res(&c, "tuple<tensor<4xf32>>");
  sc_passes(&c, "tuple");
}

Test(tuple, buffer_pinning_pin_and_unpin) {
  sc_plain(&c);
  sc_op(&c, "memref<2xf32>");
  sc_res(&c, "tensor<2xi32>");
  sc_str(&c, "call_target_name", "Unpin");
  sc_fails(&c, "buffer_pinning", "buffer-pinning");
  cr_expect_str_eq(c.out.why, "Unpin custom_call should have compatible input and output types");
  sc_plain(&c);
  sc_op(&c, "memref<2xf32>");
  sc_res(&c, "tensor<?xf32>");
  sc_str(&c, "call_target_name", "Unpin");
  sc_ok(&c, "buffer_pinning", "tensor<2xf32>");
  sc_plain(&c);
  sc_op(&c, "tensor<2xf32>");
  sc_res(&c, "tensor<2xf32>");
  sc_str(&c, "call_target_name", "Pin");
  sc_fails(&c, "buffer_pinning", "buffer-pinning");
  cr_expect_str_eq(c.out.why, "Pin custom_call should have a memref output");
  sc_plain(&c);
  sc_op(&c, "tensor<2xf32>");
  sc_res(&c, "memref<2xf32>");
  sc_str(&c, "call_target_name", "Pin");
  sc_passes(&c, "buffer_pinning");
}

Test(tuple, buffer_pinning_other_targets_are_barriers) {
  sc_plain(&c);
  sc_op(&c, "tensor<2xf32>");
  sc_res(&c, "tensor<3xi32>");
  sc_str(&c, "call_target_name", "foo");
  cr_expect_eq(sc_run(&c, "buffer_pinning"), MS_INFER_UNKNOWN);
  sc_plain(&c);
  sc_op(&c, "tensor<2xf32>");
  sc_res(&c, "tensor<3xi32>");
  cr_expect_eq(sc_run(&c, "buffer_pinning"), MS_INFER_UNKNOWN);
}
