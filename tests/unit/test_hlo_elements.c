/*
** test_hlo_elements.c: the catalog constraints "same_elements" (operands
** of one element type: CHLO's broadcasting ops, ChloOps.cpp "mismatched
** operand types") and "element_types" (an ODS element type constraint:
** chlo.mulhi's HLO_IntTensor), their loading and what they judge; quantized
** and other dialect element types are never judged. Also stablehlo.transpose's
** required permutation (code missing-attribute) and a constant literal's
** element type against the result's (storage type when quantized).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "catalog.h"
#include "helpers.h"

TestSuite(hlo_elements, .fini = test_catalog_release);

Test(hlo_elements, malformed_constraints_are_refused) {
  test_expect_constraints_refused("{\"same_elements\": [0]}", "a list of 2 or more operand positions");
  test_expect_constraints_refused("{\"same_elements\": 1}", "a list of 2 or more operand positions");
  test_expect_constraints_refused("{\"same_elements\": [0, 99]}", "out of range");
  test_expect_constraints_refused("{\"same_elements\": [0, \"1\"]}", "an integer");
  test_expect_constraints_refused("{\"element_types\": []}", "a list of 1 to 24 element types");
  test_expect_constraints_refused("{\"element_types\": [\"i8\", 3]}", "an element type name");
  test_expect_constraints_refused("{\"element_types\": [\"i8,i16\"]}", "an element type name");
  test_expect_constraints_refused("{\"element_types\": [\"\"]}", "an element type name");
}

Test(hlo_elements, broadcasting_operands_of_one_element_type) {
  test_expect_codes(
      "func.func @f(%a: tensor<2xf64>, %b: tensor<2xf32>, %p: tensor<2xi1>, %i: tensor<2xi32>) {\n"
      "  %0 = \"chlo.broadcast_complex\"(%a, %b) : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xcomplex<f32>>\n"
      "  %1 = \"chlo.broadcast_complex\"(%b, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>\n"
      "  %2 = \"chlo.broadcast_select\"(%p, %i, %b) : (tensor<2xi1>, tensor<2xi32>, tensor<2xf32>) -> tensor<2xi32>\n"
      "  %3 = \"chlo.broadcast_select\"(%p, %b, %b) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
      "  %4 = chlo.broadcast_add %a, %b : (tensor<2xf64>, tensor<2xf32>) -> tensor<2xf64>\n"
      "  %5 = chlo.broadcast_add %b, %b {broadcast_dimensions = array<i64: 0>} : (tensor<2xf32>, tensor<2xf32>) -> "
      "tensor<2xf32>\n"
      "  return\n"
      "}\n",
      "element-type@2 element-type@4 element-type@6");
}

/* Quantized element types: StableHLO compares their parameters, which we
** do not; aliases are not judged either. */
Test(hlo_elements, dialect_element_types_are_not_judged) {
  test_expect_codes(
      "func.func @f(%a: tensor<2x!quant.uniform<i8:f32, 1.0>>, %b: tensor<2x!quant.uniform<i8:f32, 2.0>>, %c: "
      "tensor<2xf32>, %d: tensor<2x!my.t>) {\n"
      "  %0 = chlo.broadcast_add %a, %b : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2x!quant.uniform<i8:f32, "
      "2.0>>) -> tensor<2x!quant.uniform<i8:f32, 1.0>>\n"
      "  %1 = chlo.broadcast_add %a, %c : (tensor<2x!quant.uniform<i8:f32, 1.0>>, tensor<2xf32>) -> tensor<2xf32>\n"
      "  %2 = \"chlo.mulhi\"(%d, %d) : (tensor<2x!my.t>, tensor<2x!my.t>) -> tensor<2x!my.t>\n"
      "  return\n"
      "}\n",
      "");
}

Test(hlo_elements, mulhi_takes_integers_of_2_to_64_bits) {
  test_expect_codes(
      "func.func @f(%q: tensor<4xi1>, %i: tensor<4xi32>, %u: tensor<4xui8>, %f: tensor<4xf32>, %j: tensor<4xi2>) {\n"
      "  %0 = \"chlo.mulhi\"(%q, %q) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>\n"
      "  %1 = chlo.mulhi %i, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>\n"
      "  %2 = chlo.mulhi %u, %u : tensor<4xui8>, tensor<4xui8> -> tensor<4xui8>\n"
      "  %3 = chlo.mulhi %f, %f : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>\n"
      "  %4 = chlo.mulhi %j, %j : tensor<4xi2>, tensor<4xi2> -> tensor<4xi2>\n"
      "  %5 = \"chlo.mulhi\"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>\n"
      "  return\n"
      "}\n",
      "element-type@2 element-type@5 element-type@7");
}

/* stablehlo.transpose's permutation is required (rules/stablehlo.json
** `permutation_required`); mhlo's entry does not ask for it. */
Test(hlo_elements, transpose_requires_permutation) {
  test_expect_codes(
      "func.func @f(%a: tensor<1x2xi32>) {\n"
      "  %0 = \"stablehlo.transpose\"(%a) {} : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
      "  %1 = stablehlo.transpose %a, dims = [1, 0] : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
      "  %2 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
      "  %3 = \"mhlo.transpose\"(%a) {} : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
      "  return\n"
      "}\n",
      "missing-attribute@2");
}

/* A constant's literal has the result's element type, a quantized
** result's storage type (ConstantOp::isCompatibleReturnTypes); `u8`
** storage and the pretty form (one type) are not judged. */
Test(hlo_elements, constant_literal_element_type) {
  test_expect_codes(
      "func.func @c() {\n"
      "  %0 = \"stablehlo.constant\"() {value = dense<[1, 2]> : tensor<2xui8>} : () -> "
      "tensor<2x!quant.uniform<i8:f32, 2.0:15>>\n"
      "  %1 = \"stablehlo.constant\"() {value = dense<[1, 2]> : tensor<2xi8>} : () -> "
      "tensor<2x!quant.uniform<i8:f32, 2.0:15>>\n"
      "  %2 = \"stablehlo.constant\"() {value = dense<[1, 2]> : tensor<2xi8>} : () -> "
      "tensor<2x!quant.uniform<i8<-127:127>:f32, 2.0:15>>\n"
      "  %3 = \"stablehlo.constant\"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf64>\n"
      "  %4 = \"stablehlo.constant\"() {value = dense<[1, 2]> : tensor<2xui8>} : () -> "
      "tensor<2x!quant.uniform<u8:f32, 2.0:15>>\n"
      "  %5 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>\n"
      "  %6 = \"stablehlo.constant\"() {value = dense<(1.0,2.0)> : tensor<complex<f32>>} : () -> tensor<complex<f32>>\n"
      "  return\n"
      "}\n",
      "result-type@2 result-type@5");
}

/* uniform_quantize: the result's expressed type is the operand's float
** element type, or its expressed type when quantized (verifyUniformQuantizeOp);
** the shape is the operand's. */
Test(hlo_elements, uniform_quantize_expressed_type) {
  test_expect_codes(
      "func.func @q(%a: tensor<2xf32>, %b: tensor<2x!quant.uniform<i8:f32, 0.1>>) {\n"
      "  %0 = \"stablehlo.uniform_quantize\"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f64, 0.1>>\n"
      "  %1 = \"stablehlo.uniform_quantize\"(%b) : (tensor<2x!quant.uniform<i8:f32, 0.1>>) -> "
      "tensor<2x!quant.uniform<i8:f64, 0.1>>\n"
      "  %2 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1>>\n"
      "  %3 = stablehlo.uniform_quantize %b : (tensor<2x!quant.uniform<i8:f32, 0.1>>) -> "
      "tensor<2x!quant.uniform<i8<-127:127>:f32:0, {0.1, 0.2}>>\n"
      "  %4 = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1>>\n"
      "  return\n"
      "}\n",
      "result-type@2 result-type@3 result-shape@6");
}
