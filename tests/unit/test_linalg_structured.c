/*
** test_linalg_structured.c: linalg's structured ops through the
** indexing-maps rule (server/algebra/upstream.c) with the shipped
** rules/linalg.json: the named contractions' default maps, an op's own
** `indexing_maps` winning over them, linalg.map's shapes compared as
** written, copy/fill's scalar input, and linalg.generic's sums of dims
** (`d0 * 2 + d1`) checked as mlir-opt-22's verifyStructuredOpInterface
** does (cases from tests/diff/linalg_diff.py).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(linalg_structured, .fini = test_catalog_release);

Test(linalg_structured, named_contractions_use_their_default_maps) {
  test_expect_codes(
      "func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %bad: tensor<7x16xf32>, %c: tensor<4x16xf32>,"
      " %v: tensor<8xf32>, %y: tensor<4xf32>, %s: tensor<f32>) {\n"
      "  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> "
      "tensor<4x16xf32>\n"
      "  %1 = linalg.matmul ins(%a, %bad : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> "
      "tensor<4x16xf32>\n"
      "  %2 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>\n"
      "  %3 = linalg.vecmat ins(%y, %a : tensor<4xf32>, tensor<4x8xf32>) outs(%v : tensor<8xf32>) -> tensor<8xf32>\n"
      "  %4 = linalg.dot ins(%v, %y : tensor<8xf32>, tensor<4xf32>) outs(%s : tensor<f32>) -> tensor<f32>\n"
      "  %5 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> "
      "tensor<4x8xf32>\n"
      "  return\n"
      "}\n",
      "indexing-maps@3 indexing-maps@6 result-type@7");
}

Test(linalg_structured, an_own_indexing_maps_attribute_wins) {
  /* matmul with a transposed A: A is K x M. */
  test_expect_codes(
      "func.func @f(%a: tensor<8x4xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>) {\n"
      "  %0 = linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0)>, affine_map<(d0, d1, d2) -> (d2, "
      "d1)>,"
      " affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : "
      "tensor<4x16xf32>)"
      " -> tensor<4x16xf32>\n"
      "  %1 = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> "
      "tensor<4x16xf32>\n"
      "  return\n"
      "}\n",
      "indexing-maps@3");
}

Test(linalg_structured, map_compares_shapes_as_written_and_copy_takes_a_scalar) {
  test_expect_codes(
      "func.func @f(%c: tensor<4x16xf32>, %d: tensor<?x16xf32>, %e: tensor<f32>, %x: f32) {\n"
      "  %0 = linalg.map { arith.addf } ins(%c, %c : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>)\n"
      "  %1 = linalg.map { arith.addf } ins(%c, %d : tensor<4x16xf32>, tensor<?x16xf32>) outs(%c : tensor<4x16xf32>)\n"
      "  %2 = linalg.copy ins(%e : tensor<f32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
      "  %3 = linalg.fill ins(%x : f32) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
      "  %4 = linalg.copy ins(%d : tensor<?x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>\n"
      "  return\n"
      "}\n",
      "indexing-maps@3");
}

Test(linalg_structured, generic_sums_of_dims_stay_inside_the_operand) {
  const char *head = "func.func @f(%x: tensor<8xf32>, %x9: tensor<9xf32>, %k: tensor<3xf32>, %y: tensor<4xf32>) {\n";
  const char *maps =
      "{indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>, "
      "affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}";
  char text[2048];
  snprintf(text, sizeof text,
           "%s  %%0 = linalg.generic %s ins(%%x9, %%k : tensor<9xf32>, tensor<3xf32>) outs(%%y : tensor<4xf32>) {\n"
           "  ^bb0(%%i: f32, %%w: f32, %%o: f32):\n    linalg.yield %%i : f32\n  } -> tensor<4xf32>\n"
           "  %%1 = linalg.generic %s ins(%%x, %%k : tensor<8xf32>, tensor<3xf32>) outs(%%y : tensor<4xf32>) {\n"
           "  ^bb0(%%i: f32, %%w: f32, %%o: f32):\n    linalg.yield %%i : f32\n  } -> tensor<4xf32>\n"
           "  return\n}\n",
           head, maps, maps);
  test_expect_codes(text, "indexing-maps@6");
}

Test(linalg_structured, generic_form_reads_the_aliased_maps) {
  test_expect_codes(
      "#map = affine_map<(d0, d1, d2) -> (d0, d2)>\n"
      "#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>\n"
      "#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>\n"
      "func.func @f(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>) {\n"
      "  %0 = \"linalg.matmul\"(%a, %b, %c) <{indexing_maps = [#map, #map1, #map2], "
      "operandSegmentSizes = array<i32: 2, 1>}> ({\n"
      "  ^bb0(%x: f32, %y: f32, %z: f32):\n"
      "    linalg.yield %x : f32\n"
      "  }) : (tensor<4x8xf32>, tensor<7x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>\n"
      "  %1 = \"linalg.matmul\"(%a, %b, %c) <{operandSegmentSizes = array<i32: 2, 1>}> ({\n"
      "  ^bb0(%x: f32, %y: f32, %z: f32):\n"
      "    linalg.yield %x : f32\n"
      "  }) : (tensor<4x8xf32>, tensor<7x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>\n"
      "  return\n"
      "}\n",
      "indexing-maps@5 indexing-maps@9");
}

Test(linalg_structured, convolutions_read_strides_and_dilations_into_their_maps) {
  /* 4 output rows, window 3: stride 2 reaches row 8 (9 rows needed), stride
  ** 1 row 5; without the attributes both are 1; dilation 2 reaches row 7. */
  test_expect_codes(
      "func.func @f(%i: tensor<1x8x9x3xf32>, %k: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>, %w: tensor<3x3xf32>,"
      " %p: tensor<1x4x4x3xf32>) {\n"
      "  %0 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}"
      " ins(%i, %k : tensor<1x8x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>\n"
      "  %1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>}"
      " ins(%i, %k : tensor<1x8x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>\n"
      "  %2 = linalg.conv_2d_nhwc_hwcf ins(%i, %k : tensor<1x8x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : "
      "tensor<1x4x4x8xf32>)"
      " -> tensor<1x4x4x8xf32>\n"
      "  %3 = linalg.pooling_nhwc_max {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}"
      " ins(%i, %w : tensor<1x8x9x3xf32>, tensor<3x3xf32>) outs(%p : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>\n"
      "  %4 = linalg.conv_2d_nhwc_hwcf ins(%i, %w : tensor<1x8x9x3xf32>, tensor<3x3xf32>) outs(%o : "
      "tensor<1x4x4x8xf32>)"
      " -> tensor<1x4x4x8xf32>\n"
      "  return\n"
      "}\n",
      "indexing-maps@2 operand-rank@6");
}

Test(linalg_structured, transpose_and_reduce_compare_shapes_exactly) {
  test_expect_codes(
      "func.func @f(%x: tensor<2x3x4xf32>, %t: tensor<4x3x2xf32>, %i: tensor<2xf32>, %d: tensor<?xf32>) {\n"
      "  %0 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%t : tensor<4x3x2xf32>) permutation = [2, 1, 0]\n"
      "  %1 = linalg.transpose ins(%x : tensor<2x3x4xf32>) outs(%t : tensor<4x3x2xf32>) permutation = [2, 0, 1]\n"
      "  %2 = linalg.reduce ins(%x : tensor<2x3x4xf32>) outs(%i : tensor<2xf32>) dimensions = [1, 2]\n"
      "    (%a: f32, %b: f32) {\n"
      "      linalg.yield %a : f32\n"
      "    }\n"
      "  %3 = linalg.reduce ins(%x : tensor<2x3x4xf32>) outs(%d : tensor<?xf32>) dimensions = [1, 2] (%a: f32, %b: "
      "f32) { linalg.yield %a : f32 }\n"
      "  %4 = linalg.reduce { arith.addf } ins(%x : tensor<2x3x4xf32>) outs(%i : tensor<2xf32>) dimensions = [2, 1]\n"
      "  return\n"
      "}\n",
      "operand-shapes@3 operand-shapes@8 dims-order@9");
}
