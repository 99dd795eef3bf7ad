/*
** test_tensor_structured.c: the tensor family of structured ops
** (server/algebra/tensor_ops.c) through the analyzer with the shipped
** rules/tensor.json, in pretty form (groups read by server/syntax/groups.c:
** `[[0, 1], [2]]`, `[0, %i] [2, 2] [1, 1]`, `low[..] high[..]`,
** `dim(0)`) and generic form; the verdicts are mlir-opt-22's (cases from
** tests/diff/linalg_diff.py).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(tensor_structured, .fini = test_catalog_release);

Test(tensor_structured, reshapes_by_reassociation) {
  test_expect_codes(
      "func.func @f(%t: tensor<6x4xf32>, %e: tensor<2x3x4xf32>, %d: tensor<?x4xf32>) {\n"
      "  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>\n"
      "  %1 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 4] : tensor<6x4xf32> into tensor<2x4x4xf32>\n"
      "  %2 = tensor.collapse_shape %e [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>\n"
      "  %3 = tensor.collapse_shape %e [[0, 2], [1]] : tensor<2x3x4xf32> into tensor<8x3xf32>\n"
      "  %4 = tensor.collapse_shape %e [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<?xf32>\n"
      "  %5 = tensor.collapse_shape %d [[0, 1]] : tensor<?x4xf32> into tensor<?xf32>\n"
      "  %6 = \"tensor.collapse_shape\"(%e) <{reassociation = [[0], [1, 2]]}> : (tensor<2x3x4xf32>) -> "
      "tensor<2x12xf32>\n"
      "  %7 = tensor.collapse_shape %e [[0, 1]] : tensor<2x3x4xf32> into tensor<6xf32>\n"
      "  return\n"
      "}\n",
      "result-shape@3 reassociation@5 result-shape@6 reassociation@9");
}

Test(tensor_structured, slices_with_static_offsets_sizes_and_strides) {
  test_expect_codes(
      "func.func @f(%t: tensor<6x4xf32>, %s: tensor<2xf32>, %i: index) {\n"
      "  %0 = tensor.extract_slice %t[%i, 1] [1, 2] [1, 1] : tensor<6x4xf32> to tensor<2xf32>\n"
      "  %1 = tensor.extract_slice %t[0, 3] [2, 2] [1, 1] : tensor<6x4xf32> to tensor<2x2xf32>\n"
      "  %2 = tensor.extract_slice %t[0, 0] [2, 2] [1, 1] : tensor<6x4xf32> to tensor<2x3xf32>\n"
      "  %3 = tensor.extract_slice %t[0, 0] [2, %i] [2, 1] : tensor<6x4xf32> to tensor<2x?xf32>\n"
      "  %4 = tensor.insert_slice %s into %t[1, 0] [1, 2] [1, 2] : tensor<2xf32> into tensor<6x4xf32>\n"
      "  %5 = tensor.insert_slice %s into %t[1, 0] [1, 3] [1, 2] : tensor<2xf32> into tensor<6x4xf32>\n"
      "  %6 = \"tensor.extract_slice\"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = "
      "array<i64: 5, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : "
      "(tensor<6x4xf32>) -> tensor<2x4xf32>\n"
      "  return\n"
      "}\n",
      "slice-out-of-bounds@3 result-shape@4 update-shape@7 slice-out-of-bounds@8");
}

Test(tensor_structured, pad_concat_and_index_counts) {
  test_expect_codes(
      "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x4xf32>, %c: f32, %i: index) {\n"
      "  %0 = tensor.pad %a low[1, %i] high[0, 2] {\n"
      "  ^bb0(%x: index, %y: index):\n"
      "    tensor.yield %c : f32\n"
      "  } : tensor<2x3xf32> to tensor<3x?xf32>\n"
      "  %1 = tensor.pad %a low[1, 0] high[0, 2] {\n"
      "  ^bb0(%x: index, %y: index):\n"
      "    tensor.yield %c : f32\n"
      "  } : tensor<2x3xf32> to tensor<3x?xf32>\n"
      "  %2 = tensor.concat dim(1) %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>\n"
      "  %3 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<6x3xf32>\n"
      "  %4 = tensor.extract %a[%i] : tensor<2x3xf32>\n"
      "  %5 = tensor.insert %c into %a[%i, %i] : tensor<2x3xf32>\n"
      "  %6 = tensor.from_elements %c, %c : tensor<3xf32>\n"
      "  return\n"
      "}\n",
      "result-shape@6 operand-shapes@11 operand-count@12 operand-count@14");
}
