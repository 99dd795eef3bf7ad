/*
** test_tfl_elements.c: the catalog constraint "compatible_when" (operands
** of compatible shapes, no broadcasting, when the element types at given
** positions are of given classes: TFLite's QI16 add and mul, tfl_ops.cc
** Verify{Add,Mul}OpShapeConstraints), its loading, the quantized classes
** (`qi8`, `qui8`, `qi16`: a `!quant.` type by its storage) and what it
** leaves alone (other element types, unranked operands, aliases).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "catalog.h"
#include "helpers.h"

TestSuite(tfl_elements, .fini = test_catalog_release);

Test(tfl_elements, malformed_compatible_when_is_refused) {
  test_expect_constraints_refused("{\"compatible_when\": {}}", "an object of 1 to 4 positions");
  test_expect_constraints_refused("{\"compatible_when\": [\"qi16\"]}", "an object of 1 to 4 positions");
  test_expect_constraints_refused("{\"compatible_when\": {\"lhs\": [\"qi16\"]}}", "operand position 0 to");
  test_expect_constraints_refused("{\"compatible_when\": {\"99\": [\"qi16\"]}}", "operand position 0 to");
  test_expect_constraints_refused("{\"compatible_when\": {\"result\": []}}", "a list of 1 to 24 element classes");
  test_expect_constraints_refused("{\"compatible_when\": {\"result\": [\"qi8,qi16\"]}}", "an element class");
  test_expect_constraints_refused("{\"compatible_when\": {\"result\": [7]}}", "an element class");
}

#define Q16 "tensor<1x1x!quant.any<i16:f32>>"
#define Q16V "tensor<1x!quant.any<i16:f32>>"

/* The corpus's mul_with_quantized_i16_to_uint8_broadcasting: a QUI8
** result of a QI16 lhs (storage `ui8`) needs equal shapes; a QI16 result
** broadcasts. */
Test(tfl_elements, qi16_mul_to_8_bits_does_not_broadcast) {
  test_expect_codes(
      "func.func @f(%a: " Q16 ", %b: " Q16V ", %c: tensor<1x1x!quant.uniform<i16:f32, 0.1>>) {\n"
      "  %0 = \"tfl.mul\"(%a, %b) {fused_activation_function = \"NONE\"} : (" Q16 ", " Q16V
      ") -> tensor<1x1x!quant.any<ui8:f32>>\n"
      "  %1 = \"tfl.mul\"(%a, %b) {fused_activation_function = \"NONE\"} : (" Q16 ", " Q16V ") -> " Q16 "\n"
      "  %2 = \"tfl.mul\"(%c, %b) {fused_activation_function = \"NONE\"} : (tensor<1x1x!quant.uniform<i16:f32, "
      "0.1>>, " Q16V ") -> tensor<1x1x!quant.uniform<i8:f32, 0.1>>\n"
      "  %3 = \"tfl.mul\"(%a, %a) {fused_activation_function = \"NONE\"} : (" Q16 ", " Q16
      ") -> tensor<1x1x!quant.uniform<u8:f32, 0.1>>\n"
      "  return\n"
      "}\n",
      "shape-mismatch@2 shape-mismatch@4");
}

/* A QI16 add needs compatible shapes (`?` meets any size; unranked meets
** any shape); QI8 and f32 adds broadcast; an i16 storage that is not
** quantized, a `!quant.calibrated` type and an alias are of no class. */
Test(tfl_elements, qi16_add_needs_compatible_shapes) {
  test_expect_codes(
      "func.func @f(%a: tensor<2x3x!quant.uniform<i16:f32, 0.1>>, %b: tensor<3x!quant.uniform<i16:f32, 0.1>>,\n"
      "             %c: tensor<?x3x!quant.uniform<i16:f32, 0.1>>, %u: tensor<*x!quant.uniform<i16:f32, 0.1>>,\n"
      "             %i: tensor<2x3xi16>, %j: tensor<3xi16>, %x: tensor<2x3x!q16>, %y: tensor<3x!q16>,\n"
      "             %p: tensor<2x3x!quant.uniform<i8:f32, 0.1>>, %q: tensor<3x!quant.uniform<i8:f32, 0.1>>) {\n"
      "  %0 = \"tfl.add\"(%a, %b) {fused_activation_function = \"NONE\"} : (tensor<2x3x!quant.uniform<i16:f32, "
      "0.1>>, tensor<3x!quant.uniform<i16:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i16:f32, 0.1>>\n"
      "  %1 = \"tfl.add\"(%a, %c) {fused_activation_function = \"NONE\"} : (tensor<2x3x!quant.uniform<i16:f32, "
      "0.1>>, tensor<?x3x!quant.uniform<i16:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i16:f32, 0.1>>\n"
      "  %2 = \"tfl.add\"(%u, %b) {fused_activation_function = \"NONE\"} : (tensor<*x!quant.uniform<i16:f32, "
      "0.1>>, tensor<3x!quant.uniform<i16:f32, 0.1>>) -> tensor<*x!quant.uniform<i16:f32, 0.1>>\n"
      "  %3 = \"tfl.add\"(%i, %j) {fused_activation_function = \"NONE\"} : (tensor<2x3xi16>, tensor<3xi16>) -> "
      "tensor<2x3xi16>\n"
      "  %4 = \"tfl.add\"(%x, %y) {fused_activation_function = \"NONE\"} : (tensor<2x3x!q16>, tensor<3x!q16>) -> "
      "tensor<2x3x!q16>\n"
      "  %5 = \"tfl.add\"(%p, %q) {fused_activation_function = \"NONE\"} : (tensor<2x3x!quant.uniform<i8:f32, "
      "0.1>>, tensor<3x!quant.uniform<i8:f32, 0.1>>) -> tensor<2x3x!quant.uniform<i8:f32, 0.1>>\n"
      "  %6 = \"tfl.add\"(%a, %c) {fused_activation_function = \"NONE\"} : (tensor<2x3x!quant.uniform<i16:f32, "
      "0.1>>, tensor<?x3x!quant.uniform<i16:f32, 0.1>>) -> tensor<2x3x!quant.calibrated<f32<-1.0:1.0>>>\n"
      "  return\n"
      "}\n",
      "shape-mismatch@5");
}
