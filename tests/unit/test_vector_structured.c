/*
** test_vector_structured.c: the vector family of structured ops
** (server/algebra/vector_ops.c) and vector.from_elements through the
** analyzer with the shipped rules/vector.json, in pretty form (positions
** and permutations read as groups by server/syntax/groups.c) and generic
** form; verdicts as mlir-opt-22 gives them (tests/diff/linalg_diff.py).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(vector_structured, .fini = test_catalog_release);

static void expect_codes(const char *text, const char *want) {
  char codes[1024];
  ms_analysis a;
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, want, "%s", text);
  ms_analysis_clear(&a);
}

Test(vector_structured, transpose_extract_insert_and_strided_slices) {
  expect_codes(
      "func.func @f(%v: vector<2x3x4xf32>, %s: vector<4xf32>, %i: index, %x: f32, %u: vector<3x2x1xf32>) {\n"
      "  %0 = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>\n"
      "  %1 = vector.transpose %v, [2, 1, 0] : vector<2x3x4xf32> to vector<4x2x3xf32>\n"
      "  %2 = vector.extract %v[0, %i] : vector<3xf32> from vector<2x3x4xf32>\n"
      "  %3 = \"vector.extract\"(%u) <{static_position = array<i64: 1, 0, 0>}> : (vector<3x2x1xf32>) -> vector<1xf32>\n"
      "  %4 = vector.extract %u[1, 0] : f32 from vector<3x2x1xf32>\n"
      "  %5 = vector.insert %s, %v[1, 3] : vector<4xf32> into vector<2x3x4xf32>\n"
      "  %6 = vector.insert %s, %v[1, -1] : vector<4xf32> into vector<2x3x4xf32>\n"
      "  %7 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]} : vector<2x3x4xf32> to"
      " vector<2x2x4xf32>\n"
      "  %8 = vector.from_elements %x, %x : vector<3xf32>\n"
      "  return\n"
      "}\n",
      "result-shape@3 result-shape@4 slice-out-of-bounds@7 slice-out-of-bounds@9 operand-count@10");
}

Test(vector_structured, multi_reduction_drops_the_reduced_dims) {
  expect_codes("func.func @f(%v: vector<4x8xf32>, %a: vector<4xf32>, %b: vector<8xf32>, %s: f32) {\n"
               "  %0 = vector.multi_reduction <add>, %v, %a [1] : vector<4x8xf32> to vector<4xf32>\n"
               "  %1 = vector.multi_reduction <add>, %v, %b [1] : vector<4x8xf32> to vector<8xf32>\n"
               "  %2 = vector.multi_reduction <add>, %v, %s [0, 1] : vector<4x8xf32> to f32\n"
               "  return\n"
               "}\n",
               "result-shape@3");
}
