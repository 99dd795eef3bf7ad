/*
** codes_sop.c: the registry rows of the structured-op shape functions
** (algebra/sop.h): one code per kind of constraint, shared by every family
** and dialect (codes.h reads this table after its own). Examples are
** checked by tests/cli/ci.sh like the others.
*/
#include "codes.h"

#define F(name, args, res) "func.func @f" args " -> " res " {\n"
#define SPEC "StableHLO specification (openxla/stablehlo docs/spec.md) and its shape functions (stablehlo/dialect/TypeInference.cpp); the op's rule entry (\"algebra\", rules/README.md)."

const ms_code_info ms_codes_sop[] = {
  {"result-shape", MS_SEVERITY_ERROR,
   "A declared result contradicts the shape the op's shape function infers.",
   "A structured op (dot_general, convolution, reduce_window, ...) gives its result shapes from its operand "
   "shapes and attributes. A declared result of another rank, or with a static size where a different one "
   "is inferred, is rejected by the verifier: StableHLO says \"inferred shape ... is incompatible with "
   "return type of operation\".",
   F("", "(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>)", "tensor<2x5xf32>")
   "  %0 = \"stablehlo.dot\"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x5xf32>\n"
   "  return %0 : tensor<2x5xf32>\n}\n",
   F("", "(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>)", "tensor<2x4xf32>")
   "  %0 = \"stablehlo.dot\"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>\n"
   "  return %0 : tensor<2x4xf32>\n}\n",
   SPEC, false},
  {"batching-dims", MS_SEVERITY_ERROR,
   "The batching dimensions of a contraction do not pair up.",
   "dot_general (and ragged_dot) pair lhs_batching_dimensions with rhs_batching_dimensions: the lists have "
   "the same length, name dims of their operand (in range, none twice, none also contracting), and paired "
   "dims have compatible sizes (dot_general C1, C3-C5, C7, C9).",
   F("", "(%a: tensor<2x3x4xf32>, %b: tensor<5x4x6xf32>)", "tensor<2x3x6xf32>")
   "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
   "(tensor<2x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x3x6xf32>\n"
   "  return %0 : tensor<2x3x6xf32>\n}\n",
   F("", "(%a: tensor<2x3x4xf32>, %b: tensor<2x4x6xf32>)", "tensor<2x3x6xf32>")
   "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
   "(tensor<2x3x4xf32>, tensor<2x4x6xf32>) -> tensor<2x3x6xf32>\n"
   "  return %0 : tensor<2x3x6xf32>\n}\n",
   SPEC, false},
  {"contracting-dims", MS_SEVERITY_ERROR,
   "The contracting dimensions of a contraction do not pair up.",
   "dot_general (and dot, ragged_dot) contract lhs_contracting_dimensions with rhs_contracting_dimensions: "
   "the lists have the same length, name dims of their operand, and paired dims have compatible sizes "
   "(dot_general C2, C6, C8, C10; a matrix product's inner dims).",
   F("", "(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>)", "tensor<3x6xf32>")
   "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<5x6xf32>) "
   "-> tensor<3x6xf32>\n"
   "  return %0 : tensor<3x6xf32>\n}\n",
   F("", "(%a: tensor<3x4xf32>, %b: tensor<4x6xf32>)", "tensor<3x6xf32>")
   "  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<4x6xf32>) "
   "-> tensor<3x6xf32>\n"
   "  return %0 : tensor<3x6xf32>\n}\n",
   SPEC, false},
  {"ragged-dims", MS_SEVERITY_ERROR,
   "A ragged dot's ragged dimension, group dimension or group_sizes do not fit its operands.",
   "chlo.ragged_dot has exactly one ragged lhs dim; group_sizes has the shape [b..., x..., g] its mode "
   "requires; when the ragged dim is a free lhs dim, rhs has one group dim, of size g; otherwise none.",
   F("", "(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<4xi64>)", "tensor<11x7xf32>")
   "  %0 = \"chlo.ragged_dot\"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], "
   "rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], "
   "lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) "
   "-> tensor<11x7xf32>\n"
   "  return %0 : tensor<11x7xf32>\n}\n",
   F("", "(%a: tensor<11x5xf32>, %b: tensor<3x5x7xf32>, %g: tensor<3xi64>)", "tensor<11x7xf32>")
   "  %0 = \"chlo.ragged_dot\"(%a, %b, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], "
   "rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], "
   "lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) "
   "-> tensor<11x7xf32>\n"
   "  return %0 : tensor<11x7xf32>\n}\n",
   "stablehlo/dialect/ChloOps.cpp (checkRaggedDotConstraints); the op's rule entry (\"algebra\", rules/README.md).",
   false},
};

const size_t ms_codes_sop_count = sizeof ms_codes_sop / sizeof ms_codes_sop[0];
