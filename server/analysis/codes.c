/*
** codes.c: the registry of finding codes (codes.h).
**
** One row per code. Examples are checked by tests/cli/ci.sh: each wrong
** example gets its code from `mlir-shape check`, each right one does not.
** Examples are bodies of a function whose arguments are %a, %b, ... as
** declared in the example's first line.
*/
#include "codes.h"
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "nesting.h"
#include "alloc.h"
#include "strbuf.h"

/* The wrong example of nesting-too-deep: one bracket past the limit. */
#define DEEP_10(x) x x x x x x x x x x
#define DEEP_1001(x) DEEP_10(DEEP_10(DEEP_10(x))) x
#define DEEP_OPEN DEEP_1001("[")
#define DEEP_CLOSE DEEP_1001("]")
_Static_assert(MS_NESTING_MAX == 1000, "the wrong example of nesting-too-deep nests MS_NESTING_MAX + 1 deep");

#define DOCS_URI "https://github.com/mlir-shape/mlir-shape/blob/main/docs/codes.md"

static const ms_code_info codes[] = {
  {MS_CODE_INCOMPATIBLE, MS_SEVERITY_ERROR,
   "The operand shapes cannot be broadcast together under the op's rule.",
   "Two operands have a dimension pair that the op's broadcasting rule cannot reconcile: both static, "
   "different, and neither is 1 (numpy and mlir rules), or a part of one shape does not line up with the other "
   "(pdpd, xla). The op would be rejected by the verifier or fail at run time.",
   "func.func @f(%a: tensor<4x3xf32>, %b: tensor<4xf32>) -> tensor<4x3xf32> {\n"
   "  %0 = \"tf.Mul\"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>\n"
   "  return %0 : tensor<4x3xf32>\n}\n",
   "func.func @f(%a: tensor<4x3xf32>, %b: tensor<3xf32>) -> tensor<4x3xf32> {\n"
   "  %0 = \"tf.Mul\"(%a, %b) : (tensor<4x3xf32>, tensor<3xf32>) -> tensor<4x3xf32>\n"
   "  return %0 : tensor<4x3xf32>\n}\n",
   "The op's broadcasting rule in the rule catalog (rules/*.json, rules/README.md), e.g. MLIR's Broadcastable "
   "trait (mlir/lib/Dialect/Traits.cpp) or NumPy's broadcasting.",
   false},
  {MS_CODE_RESULT_RANK, MS_SEVERITY_ERROR,
   "The declared result rank differs from the broadcast of the operands.",
   "The result type has a rank other than the rank of the operands' broadcast shape (the highest operand rank "
   "for numpy-like rules). The declared result cannot hold the computed value.",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
   "  return %0 : tensor<3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "The op's broadcasting rule (rules/README.md); for mlir, OpTrait::util::getBroadcastedShape and the "
   "Broadcastable trait's verifier.",
   true},
  {MS_CODE_RESULT_DIM, MS_SEVERITY_ERROR,
   "A static result dimension differs from the broadcast of the operands.",
   "A dimension of the declared result is static and differs from the size the operands' broadcast infers "
   "for it. `check --fix` replaces the declared result type by the inferred one.",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x4xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>\n"
   "  return %0 : tensor<2x4xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "The op's broadcasting rule (rules/README.md); for mlir, the Broadcastable trait's verifier "
   "(verifyCompatibleOperandBroadcast).",
   true},
  {MS_CODE_DYNAMIC_TO_STATIC, MS_SEVERITY_WARNING,
   "A static result dimension is declared where the broadcast is dynamic.",
   "The operands only say that a dimension is dynamic (`?`), but the result declares a static size. That is "
   "correct only if the size at run time is that one; the verifier of most dialects accepts it.",
   "func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<4xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n}\n",
   "func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>\n"
   "  return %0 : tensor<?xf32>\n}\n",
   "The op's broadcasting rule (rules/README.md): result dims against the inferred broadcast shape.",
   false},
  {MS_CODE_EXTRA_RESULT_DIMS, MS_SEVERITY_ERROR,
   "The result has more dimensions than the broadcast of the operands.",
   "The declared result has a higher rank than the broadcast of the operands. MLIR's Broadcastable trait "
   "accepts some such results from upstream passes; the other rules do not.",
   "func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n"
   "  return %0 : tensor<3xf32>\n}\n",
   "MLIR's Broadcastable trait (mlir/lib/Dialect/Traits.cpp, isCompatibleInferredReturnShape).",
   true},
  {MS_CODE_UNDEFINED, MS_SEVERITY_HINT,
   "A dynamic dimension meets a static one greater than 1: undefined at run time unless they agree.",
   "A `?` dimension is broadcast against a static size greater than 1. The op is valid, but at run time the "
   "dynamic size must be 1 or that size; anything else is undefined behaviour (or a runtime error).",
   "func.func @f(%a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n}\n",
   "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n}\n",
   "The broadcasting rule's treatment of dynamic sizes (rules/README.md; MLIR's getBroadcastedShape).",
   false},
  {MS_CODE_OPERAND_RANK, MS_SEVERITY_ERROR,
   "The operand ranks are not allowed by the op's rule.",
   "The op's rule constrains operand ranks (TOSA elementwise ops need equal ranks; pdpd and xla need the "
   "second operand to have the lower rank) and the operands break that constraint.",
   "func.func @f(%a: tensor<13x21x3xf32>, %b: tensor<3xf32>) -> tensor<13x21x3xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<13x21x3xf32>, tensor<3xf32>) -> tensor<13x21x3xf32>\n"
   "  return %0 : tensor<13x21x3xf32>\n}\n",
   "func.func @f(%a: tensor<13x21x3xf32>, %b: tensor<1x1x3xf32>) -> tensor<13x21x3xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<13x21x3xf32>, tensor<1x1x3xf32>) -> tensor<13x21x3xf32>\n"
   "  return %0 : tensor<13x21x3xf32>\n}\n",
   "The op's entry in the rule catalog (constraints.equal_ranks; rules/tosa.json: TOSA's specification of "
   "elementwise broadcasting, as LLVM 22 verifies it).",
   false},
  {MS_CODE_BROADCAST_DIMENSIONS, MS_SEVERITY_ERROR,
   "broadcast_dimensions is invalid for the operand and result ranks.",
   "The `broadcast_dimensions` attribute must map each dimension of the lower-rank operand to a distinct "
   "dimension of the other shape, in increasing order and in range.",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"chlo.broadcast_add\"(%a, %b) {broadcast_dimensions = array<i64: 5>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"chlo.broadcast_add\"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "XLA's broadcasting semantics (the xla and xla-in-dim rules of rules/README.md; rules/chlo.json, "
   "rules/stablehlo.json).",
   false},
  {MS_CODE_AXIS, MS_SEVERITY_ERROR,
   "The broadcast axis is out of range for the operands.",
   "PaddlePaddle's elementwise ops align the second operand with the first starting at `axis`; the axis must "
   "lie in [-1, rank(A) - rank(B)].",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"pd.elementwise_add\"(%a, %b) {axis = -100 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"pd.elementwise_add\"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "The pdpd rule (rules/README.md; rules/paddle.json, PaddlePaddle's elementwise broadcasting).",
   false},
  {MS_CODE_SHAPE_MISMATCH, MS_SEVERITY_ERROR,
   "The op does not broadcast: operands and result must have identical shapes.",
   "The op's rule is `none`: it has no implicit broadcasting (StableHLO elementwise ops, for instance), so all "
   "listed operands and the result must have the same shape. Also an op that broadcasts only for some element "
   "types (the catalog's `compatible_when`: TFLite's add with a QI16 result, mul with a QI8/QUI8 result of a QI16 "
   "lhs, tfl_ops.cc Verify{Add,Mul}OpShapeConstraints): with those its operands must have compatible shapes.",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "The none rule (rules/README.md; rules/stablehlo.json: the StableHLO specification's elementwise ops).",
   false},
  {MS_CODE_OPERAND_COUNT, MS_SEVERITY_ERROR,
   "The op has the wrong number of operands for its rule.",
   "The rule needs a number of operands (at least one; two for pdpd and xla) that the op does not have.",
   "func.func @f() -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"() : () -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "The op's rule (rules/README.md, \"operands it reads\").",
   false},
  {MS_CODE_RESULT_COUNT, MS_SEVERITY_ERROR,
   "The op must have exactly one result.",
   "Broadcasting ops produce one value; an op checked by a broadcast rule with no result or several results "
   "is malformed.",
   "func.func @f(%a: tensor<2xf32>) {\n"
   "  %0:2 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)\n"
   "  return\n}\n",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "MLIR's Broadcastable trait (OneResult) and the rule catalog (rules/README.md).",
   false},
  {MS_CODE_NOT_SHAPED, MS_SEVERITY_ERROR,
   "An operand or result is not a tensor or vector.",
   "Broadcast rules apply to shaped values; an operand or the result of a checked op is a scalar or another "
   "non-shaped type.",
   "func.func @f(%a: f32) -> f32 {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (f32, f32) -> f32\n"
   "  return %0 : f32\n}\n",
   "func.func @f(%a: tensor<f32>) -> tensor<f32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n"
   "  return %0 : tensor<f32>\n}\n",
   "MLIR's Broadcastable trait (operands and results must be shaped types).",
   false},
  {MS_CODE_MIXED_KINDS, MS_SEVERITY_ERROR,
   "Tensors and vectors are mixed in one op.",
   "A broadcasting op takes either tensors or vectors; mixing the two kinds in one op is rejected.",
   "func.func @f(%a: tensor<2xf32>, %b: vector<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<2xf32>, vector<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "MLIR's Broadcastable trait (mlir/lib/Dialect/Traits.cpp: tensors and vectors are not mixed).",
   false},
  {MS_CODE_SYNTAX, MS_SEVERITY_ERROR,
   "The text is not valid MLIR syntax.",
   "The parser could not read this part of the file. Ops with a syntax error inside are not checked; fix the "
   "syntax first.",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "MLIR's language reference (mlir.llvm.org/docs/LangRef), as the grammar in grammar/ reads it.",
   false},
  {MS_CODE_TYPE_MISMATCH, MS_SEVERITY_ERROR,
   "A value is used with a type other than the one it was defined with.",
   "An op's signature gives an operand a type that differs from the type the value was defined with. MLIR "
   "rejects this when parsing. `check --fix` writes the definition's type at the use.",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<3xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "MLIR's language reference: SSA values have one type (mlir.llvm.org/docs/LangRef, \"Operations\").",
   true},
  {MS_CODE_PROPAGATED, MS_SEVERITY_ERROR,
   "An op is valid at its operands' declared types but not at the shapes they really have.",
   "Shapes flow through SSA values: every value's inferred shape is the meet of its declared type and what "
   "its op infers from its operands' inferred shapes (broadcast rules, unary ops, transpose, reductions, "
   "reshape, tile, concat, slice, ...; rules/README.md \"Shapes that flow\"). A value declared less precisely "
   "(`tensor<*xf32>`, `?` dims) can hide a shape error in what it becomes. This finding names the value, its "
   "declared and inferred type and the op it came from, and is reported once per root cause, at the first op "
   "that the value breaks. The fix is usually to correct the producing ops or the operand the value meets; "
   "refining the declared type (the language server's \"Refine type\" action) shows the error at its "
   "declared place.",
   "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<*xf32> {\n"
   "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
   "  %1 = \"tf.Mul\"(%0, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>\n"
   "  return %1 : tensor<*xf32>\n}\n",
   "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<*xf32> {\n"
   "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
   "  %1 = \"tf.Mul\"(%0, %c) : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
   "  return %1 : tensor<*xf32>\n}\n",
   "The op's rule at the inferred shapes, as `mlir-opt-22 --tosa-infer-shapes` then the verifier judges TOSA, "
   "and as the verifier judges a function whose declared types are replaced by the inferred ones.",
   false},
  {MS_CODE_SHAPE_FN, MS_SEVERITY_ERROR,
   "A shape-transforming op's arguments or declared result do not fit its operand.",
   "Ops that transform shapes (transpose, reductions, reshape, tile, concat, slice, pad; the catalog's "
   "\"shape\" entries) give their result's shape from the operand and integer arguments read from an "
   "attribute or a constant operand. The verifier rejects arguments that cannot fit the operand (a "
   "permutation of another length, a reshape to another element count, concatenated operands that differ "
   "off the axis) and a declared result that contradicts the shape they give.",
   "func.func @f(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {\n"
   "  %0 = tosa.transpose %a {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>\n"
   "  return %0 : tensor<3x2xf32>\n}\n",
   "The op's verifier and shape inference (e.g. TOSA's TransposeOp, ReshapeOp, ConcatOp in TosaOps.td); "
   "the catalog entry's \"shape\" (rules/README.md).",
   false},
  {MS_CODE_RANK_LIMIT, MS_SEVERITY_ERROR,
   "A TFLite op broadcasts operands of different shapes above the rank its verifier allows.",
   "TFLite's broadcasting ops accept operands of different shapes only up to a rank (6 for add, sub, mul and div, 5 for maximum, minimum and select_v2, 4 for the others): `TFL_OperandsHaveSameShapesOrBroadcastableShape<[0, 1], N>` in tfl_ops.td. Operands of identical shape may have any rank. The catalog gives the limit as the constraint `max_broadcast_rank`.",
   "func.func @f(%a: tensor<1x2x3x4x5x6xf32>, %b: tensor<6xf32>) -> tensor<1x2x3x4x5x6xf32> {\n"
   "  %0 = \"tfl.maximum\"(%a, %b) : (tensor<1x2x3x4x5x6xf32>, tensor<6xf32>) -> tensor<1x2x3x4x5x6xf32>\n"
   "  return %0 : tensor<1x2x3x4x5x6xf32>\n"
   "}\n",
   "func.func @f(%a: tensor<1x2x3x4x5x6xf32>, %b: tensor<6xf32>) -> tensor<1x2x3x4x5x6xf32> {\n"
   "  %0 = \"tfl.add\"(%a, %b) {fused_activation_function = \"NONE\"} : (tensor<1x2x3x4x5x6xf32>, tensor<6xf32>) -> tensor<1x2x3x4x5x6xf32>\n"
   "  return %0 : tensor<1x2x3x4x5x6xf32>\n"
   "}\n",
   "TensorFlow Lite's ODS predicates (tensorflow/compiler/mlir/lite/ir/tfl_ops.td); rules/mlir.json.",
   false},
  {MS_CODE_BOUND, MS_SEVERITY_ERROR,
   "A static size is above the #stablehlo.bounds bound of a dim it must equal.",
   "A bounded dynamic dim (`tensor<?xf32, #stablehlo.bounds<2>>`) holds at most its bound at run time. Where an op needs identical shapes (StableHLO elementwise ops, broadcast_in_dim's mapped dims), a static size above that bound can never match.",
   "func.func @f(%a: tensor<3xf32, #stablehlo.bounds<?>>, %b: tensor<?xf32, #stablehlo.bounds<2>>) -> tensor<?xf32> {\n"
   "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<3xf32, #stablehlo.bounds<?>>, tensor<?xf32, #stablehlo.bounds<2>>) -> tensor<?xf32>\n"
   "  return %0 : tensor<?xf32>\n"
   "}\n",
   "func.func @f(%a: tensor<3xf32, #stablehlo.bounds<?>>, %b: tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32> {\n"
   "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<3xf32, #stablehlo.bounds<?>>, tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32>\n"
   "  return %0 : tensor<?xf32>\n"
   "}\n",
   "StableHLO's type inference for bounded dynamism (stablehlo/dialect/TypeInference.cpp); rules/stablehlo.json.",
   false},
  {MS_CODE_NEGATIVE_SIZE, MS_SEVERITY_ERROR,
   "A size in broadcast_sizes or a constant output shape is negative.",
   "Sizes the result's shape is made of (stablehlo.broadcast's `broadcast_sizes`, dynamic_broadcast_in_dim's constant `output_dimensions`) cannot be negative.",
   "func.func @f(%x: tensor<1x3xi32>) -> tensor<3x4xi32> {\n"
   "  %n = stablehlo.constant dense<[-1, 4]> : tensor<2xi64>\n"
   "  %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%x, %n) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi32>, tensor<2xi64>) -> tensor<3x4xi32>\n"
   "  return %0 : tensor<3x4xi32>\n"
   "}\n",
   "func.func @f(%x: tensor<1x3xi32>) -> tensor<3x3xi32> {\n"
   "  %n = stablehlo.constant dense<[3, 3]> : tensor<2xi64>\n"
   "  %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%x, %n) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi32>, tensor<2xi64>) -> tensor<3x3xi32>\n"
   "  return %0 : tensor<3x3xi32>\n"
   "}\n",
   "StableHLO's verifiers of broadcast and dynamic_broadcast_in_dim (StablehloOps.td); the catalog's \"shape\" prepend and extents.",
   false},
  {MS_CODE_NOT_STATIC, MS_SEVERITY_ERROR,
   "A type that must be statically shaped is not.",
   "Some StableHLO types must be static: broadcast_in_dim's result (or with a single bounded dynamic dim), dynamic_broadcast_in_dim's output_dimensions operand. The catalog says so with the constraint `static_result` and the field `static_operands`.",
   "func.func @f(%x: tensor<3xi32>) -> tensor<?x3xi32> {\n"
   "  %0 = \"stablehlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<?x3xi32>\n"
   "  return %0 : tensor<?x3xi32>\n"
   "}\n",
   "func.func @f(%x: tensor<3xi32>) -> tensor<2x3xi32> {\n"
   "  %0 = \"stablehlo.broadcast_in_dim\"(%x) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>\n"
   "  return %0 : tensor<2x3xi32>\n"
   "}\n",
   "StableHLO's verifiers (StablehloOps.td: HLO_StaticShapeTensor); rules/stablehlo.json.",
   false},
  {MS_CODE_DIMENSION_HINTS, MS_SEVERITY_ERROR,
   "dynamic_broadcast_in_dim's expansion hints name a dim that does not exist, or one dim twice.",
   "known_expanding_dimensions and known_nonexpanding_dimensions list operand dims; each must exist and appear in at most one of the lists.",
   "func.func @f(%d: tensor<?x?xi32>, %s: tensor<3xi64>) -> tensor<?x?x?xi32> {\n"
   "  %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%d, %s) {broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>\n"
   "  return %0 : tensor<?x?x?xi32>\n"
   "}\n",
   "func.func @f(%d: tensor<?x?xi32>, %s: tensor<3xi64>) -> tensor<?x?x?xi32> {\n"
   "  %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%d, %s) {broadcast_dimensions = array<i64: 1, 2>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xi32>, tensor<3xi64>) -> tensor<?x?x?xi32>\n"
   "  return %0 : tensor<?x?x?xi32>\n"
   "}\n",
   "StableHLO's DynamicBroadcastInDimOp verifier (StablehloOps.cpp); the catalog's dimension_hints.",
   false},
  {MS_CODE_ELEMENT_TYPE, MS_SEVERITY_ERROR,
   "Element types differ where the op needs them to agree, or are of the wrong kind.",
   "arith and math ops take one element type for every operand and result, of the kind the op is for: floating-point-like for arith.addf and math ops, signless integer or index for arith.addi. A select's condition must be i1 or a shaped type of i1. CHLO's broadcasting ops take lhs and rhs (broadcast_select: on_true and on_false) of one element type, and chlo.mulhi only 2- to 64-bit integers (the catalog's `same_elements` and `element_types` constraints; quantized element types are not judged).",
   "func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {\n"
   "  %0 = \"arith.addf\"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>\n"
   "  return %0 : tensor<4xi32>\n"
   "}\n",
   "func.func @f(%a: tensor<4xi32>) -> tensor<4xi32> {\n"
   "  %0 = \"arith.addi\"(%a, %a) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>\n"
   "  return %0 : tensor<4xi32>\n"
   "}\n",
   "The ops' ODS definitions (ArithOps.td, MathOps.td: SameOperandsAndResultType, FloatLike, SignlessIntegerOrIndexLike), as mlir-opt-22 verifies them; rules/arith.json. StableHLO's ChloOps.cpp (InferBroadcastBinaryOpReturnTypeComponents, BroadcastSelectOp) and ChloOps.td (CHLO_MulhiOp, HLO_IntTensor); rules/chlo.json.",
   false},
  {MS_CODE_RESULT_TYPE, MS_SEVERITY_ERROR,
   "The result is not the type the op infers from its operands.",
   "Ops with an inferred result type (arith's elementwise ops: exactly operand #0's type; vector.outerproduct's accumulator and result; linalg's results: the inits' types) reject any other result type, even a more precise one.",
   "func.func @f(%a: tensor<?x5xf32>, %b: tensor<3x5xf32>) -> tensor<3x5xf32> {\n"
   "  %0 = \"arith.addf\"(%a, %b) : (tensor<?x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>\n"
   "  return %0 : tensor<3x5xf32>\n"
   "}\n",
   "func.func @f(%a: tensor<?x5xf32>, %b: tensor<3x5xf32>) -> tensor<?x5xf32> {\n"
   "  %0 = \"arith.addf\"(%a, %b) : (tensor<?x5xf32>, tensor<3x5xf32>) -> tensor<?x5xf32>\n"
   "  return %0 : tensor<?x5xf32>\n"
   "}\n",
   "InferTypeOpInterface / SameOperandsAndResultType in the ops' ODS definitions, as mlir-opt-22 verifies them.",
   false},
  {MS_CODE_SAME_TYPE, MS_SEVERITY_ERROR,
   "Operands and results must have one type and do not.",
   "SameOperandsAndResultType ops (arith, math) accept `?` against a static size in generic form but not another kind of type (a ranked against an unranked tensor), another rank or another static size.",
   "func.func @f(%a: tensor<4xf32>, %b: tensor<*xf32>) -> tensor<4xf32> {\n"
   "  %0 = \"arith.addf\"(%a, %b) : (tensor<4xf32>, tensor<*xf32>) -> tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n"
   "}\n",
   "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
   "  %0 = \"arith.addf\"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n"
   "}\n",
   "SameOperandsAndResultType (mlir/IR/OpBase.td), as mlir-opt-22 verifies it; rules/arith.json.",
   false},
  {MS_CODE_ELEMENT_COUNT, MS_SEVERITY_ERROR,
   "A shape cast or reshape changes the number of elements, or its sizes do not divide them.",
   "A shape cast only reinterprets the shape: source and result vectors must have the same number of elements (and of scalable dims). "
   "The frameworks' reshapes say the same with a shape operand: ONNX Reshape, tf.Reshape and tfl.reshape take at most one -1 "
   "(the input's elements over the other sizes, which must divide them) and no other negative size, and TensorFlow's and TFLite's "
   "verifiers reject a static result of another element count (\"requires 'output' number of elements to match 'input' number of "
   "elements\"); tfl.fully_connected's input holds a multiple of the weights' columns (\"expect 'input' num_elements % N == 0\").",
   "func.func @f(%v: vector<2x3xf32>) -> vector<5xf32> {\n"
   "  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<5xf32>\n"
   "  return %0 : vector<5xf32>\n"
   "}\n",
   "func.func @f(%v: vector<2x3xf32>) -> vector<6xf32> {\n"
   "  %0 = vector.shape_cast %v : vector<2x3xf32> to vector<6xf32>\n"
   "  return %0 : vector<6xf32>\n"
   "}\n",
   "vector.shape_cast's verifier (VectorOps.cpp), as mlir-opt-22 runs it; rules/vector.json. The reshapes: the ONNX operator "
   "specification; TensorFlow tf_ops_n_z.cc and LiteRT tfl_ops.cc ReshapeOp::verify, FullyConnectedOp::verify.",
   false},
  {MS_CODE_SCALABLE, MS_SEVERITY_ERROR,
   "A scalable dim meets a fixed one (or the reverse) where they must match.",
   "Scalable vector dims `[4]` stand for a multiple of 4 known only at run time: vector.broadcast maps a scalable source dim only onto a scalable result dim, and shape casts keep the number of scalable dims.",
   "func.func @f(%a: vector<[4]xf32>) -> vector<2x4xf32> {\n"
   "  %0 = vector.broadcast %a : vector<[4]xf32> to vector<2x4xf32>\n"
   "  return %0 : vector<2x4xf32>\n"
   "}\n",
   "func.func @f(%a: vector<[4]xf32>) -> vector<2x[4]xf32> {\n"
   "  %0 = vector.broadcast %a : vector<[4]xf32> to vector<2x[4]xf32>\n"
   "  return %0 : vector<2x[4]xf32>\n"
   "}\n",
   "vector.broadcast's and vector.shape_cast's verifiers (VectorOps.cpp), as mlir-opt-22 runs them; rules/vector.json.",
   false},
  {MS_CODE_DIMENSIONS, MS_SEVERITY_ERROR,
   "linalg.broadcast's `dimensions` are not the init dims its input lacks.",
   "`dimensions` lists the init dims the broadcast adds: each in range, the input's rank plus their number is the init's rank, and the remaining init dims equal the input's dims in order.",
   "func.func @f(%in: tensor<4xf32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
   "  %0 = linalg.broadcast ins(%in : tensor<4xf32>) outs(%init : tensor<2x4xf32>) dimensions = [2]\n"
   "  return %0 : tensor<2x4xf32>\n"
   "}\n",
   "func.func @f(%in: tensor<4xf32>, %init: tensor<2x4xf32>) -> tensor<2x4xf32> {\n"
   "  %0 = linalg.broadcast ins(%in : tensor<4xf32>) outs(%init : tensor<2x4xf32>) dimensions = [0]\n"
   "  return %0 : tensor<2x4xf32>\n"
   "}\n",
   "linalg.broadcast's verifier (LinalgOps.cpp), as mlir-opt-22 runs it; rules/linalg.json.",
   false},
  {MS_CODE_INDEXING_MAPS, MS_SEVERITY_ERROR,
   "A shape disagrees with the op's indexing maps.",
   "In linalg structured ops each operand's dims are indexed by its indexing map: every operand dim indexed by a loop must equal that loop's size. Named elementwise ops (linalg.add, ...) use identity maps, so they do not broadcast implicitly; linalg.elementwise broadcasts only through explicit projection maps.",
   "func.func @f(%row: tensor<4xf32>, %m: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
   "  %0 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%row, %m : tensor<4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>\n"
   "  return %0 : tensor<3x4xf32>\n"
   "}\n",
   "func.func @f(%row: tensor<4xf32>, %m: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
   "  %0 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%row, %m : tensor<4xf32>, tensor<3x4xf32>) outs(%m : tensor<3x4xf32>) -> tensor<3x4xf32>\n"
   "  return %0 : tensor<3x4xf32>\n"
   "}\n",
   "LinalgStructuredInterface's verifier (LinalgInterfaces.cpp), as mlir-opt-22 runs it; rules/linalg.json.",
   false},
  {MS_CODE_DYNAMIC_SIZES, MS_SEVERITY_ERROR,
   "tensor.splat or tensor.empty has a size operand count other than the result's `?` dims.",
   "One index operand is needed per dynamic (`?`) dim of the result, no more and no fewer.",
   "func.func @f(%v: f32, %n: index) -> tensor<?x4xf32> {\n"
   "  %0 = tensor.splat %v[%n, %n] : tensor<?x4xf32>\n"
   "  return %0 : tensor<?x4xf32>\n"
   "}\n",
   "func.func @f(%v: f32, %n: index) -> tensor<?x4xf32> {\n"
   "  %0 = tensor.splat %v[%n] : tensor<?x4xf32>\n"
   "  return %0 : tensor<?x4xf32>\n"
   "}\n",
   "tensor.splat's and tensor.empty's verifiers (TensorOps.cpp), as mlir-opt-22 runs them; rules/tensor.json.",
   false},
  {MS_CODE_OP_SYNTAX, MS_SEVERITY_ERROR,
   "A pretty op's types do not follow the op's syntax.",
   "The catalog's `syntax` says which written type belongs to which operand and result (rules/README.md, \"Op syntax\"). An op whose type annotation matches none of its alternatives cannot be parsed by mlir-opt either. The same code marks a use, inside a region, of a name that a `names($N...)` header only labels (`tosa.cond_if %c (%a = %x)`: a region, with or without its own `^bb0(...)`, that uses `%a` is \"use of undeclared SSA value name\" to mlir-opt-22), and a label on the first region of an op whose `bindings($N...)` header declares that region's arguments (`tosa.while_loop (%a = %x) ... { ^bb0(...)`: \"invalid block name in region with named arguments\"), and names bound to an op that has another number of results: a pretty op whose syntax says `no-results`, or any generic op whose functional type lists another count (`%0 = \"a.b\"() : () -> ()`: \"cannot name an operation with no results\"; `%0:2 = \"a.b\"() : () -> i32`: \"operation defines 1 results but was provided 2 to bind\"; mlir-opt-22's parser rejects both whatever the op).",
   "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
   "  %0 = arith.addf %a, %a : tensor<4xf32>, tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n"
   "}\n",
   "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
   "  %0 = arith.addf %a, %a : tensor<4xf32>\n"
   "  return %0 : tensor<4xf32>\n"
   "}\n",
   "The op's assemblyFormat in its ODS definition, declared as the entry's \"syntax\" in rules/*.json.",
   false},
  {MS_CODE_RULE_OPTIONS, MS_SEVERITY_ERROR,
   "An op's broadcast attributes (axis, broadcast_dimensions, ...) are malformed.",
   "The attribute the op's rule reads its options from cannot be read: not an integer, out of range, or a "
   "`select` in the catalog that no case matches.",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"pd.elementwise_add\"(%a, %b) {axis = 99999999999999999999 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
   "  %0 = \"pd.elementwise_add\"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "The op's entry in the rule catalog (rules/README.md: axis, broadcast_dimensions, select).",
   false},
  {MS_CODE_INVALID_TYPE, MS_SEVERITY_ERROR,
   "A shaped type of a checked op is not valid (e.g. a size that does not fit in 64 bits).",
   "A tensor, vector or memref type of a checked op cannot be a valid MLIR type, for instance a dimension "
   "size that does not fit in 64 bits.",
   "func.func @f(%a: tensor<99999999999999999999xf32>, %b: tensor<1xf32>) -> tensor<1xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<99999999999999999999xf32>, tensor<1xf32>) -> tensor<1xf32>\n"
   "  return %0 : tensor<1xf32>\n}\n",
   "func.func @f(%a: tensor<1xf32>, %b: tensor<1xf32>) -> tensor<1xf32> {\n"
   "  %0 = \"tosa.add\"(%a, %b) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>\n"
   "  return %0 : tensor<1xf32>\n}\n",
   "MLIR's builtin types (mlir.llvm.org/docs/Dialects/Builtin: RankedTensorType sizes are int64_t).",
   false},
  {MS_CODE_SHAPE_LIMIT, MS_SEVERITY_WARNING,
   "A type is beyond what mlir-shape checks (more than 32 dims, sizes above 2^53); the op is not checked.",
   "The type is valid MLIR but outside the algebra's limits (rank above 32, sizes above 2^53). The op is "
   "skipped, and this warning says so rather than passing it silently.",
   "func.func @f(%a: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, %b: tensor<2xf32>) {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return\n}\n",
   "func.func @f(%a: tensor<1x1xf32>, %b: tensor<2xf32>) {\n"
   "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<1x1xf32>, tensor<2xf32>) -> tensor<1x2xf32>\n"
   "  return\n}\n",
   "mlir-shape's limits (server/algebra/shape.h: MS_MAX_RANK, exact sizes up to 2^53).",
   false},
  {MS_CODE_NESTING, MS_SEVERITY_WARNING,
   "Brackets nest deeper than mlir-shape parses (" MS_NESTING_MAX_TEXT " levels); that part is not checked.",
   "Parentheses, square brackets and braces (regions, dictionaries, arrays) open more than " MS_NESTING_MAX_TEXT
   " deep. mlir-shape leaves the inside of the bracket at the limit out of the parse (up to the bracket that "
   "closes it, or the end of the file when nothing does), says so at the first bracket past the limit, and "
   "checks the rest of the file as usual. No real program nests this deep: the usual cause is a generated or truncated file.",
   "func.func @f() {\n"
   "  \"test.deep\"() {x = " DEEP_OPEN "1" DEEP_CLOSE "} : () -> ()\n"
   "  return\n}\n",
   "func.func @f() {\n"
   "  \"test.deep\"() {x = [[[1]]]} : () -> ()\n"
   "  return\n}\n",
   "mlir-shape's limits (server/syntax/nesting.h: MS_NESTING_MAX, below the depth where tree-sitter 0.20.7 "
   "corrupts its stack).",
   false},
  {MS_CODE_CATALOG, MS_SEVERITY_ERROR,
   "A rule file is broken.",
   "A rule file (.mlir-shape.json or a file given with --rules or the `rules` setting) could not be loaded: "
   "invalid JSON, an unknown field, an unknown rule or code. `check` stops with status 2; the language server "
   "shows this diagnostic in the rule file and keeps the previous rules.",
   "{\"version\": 1, \"ops\": [{\"match\": \"tosa.add\", \"description\": \"x\", \"rule\": \"sideways\"}]}\n",
   "{\"version\": 1, \"ops\": [{\"match\": \"tosa.add\", \"description\": \"x\", \"rule\": \"numpy\"}]}\n",
   "The rule file format (rules/README.md).",
   false},
  {MS_CODE_UNUSED_SUPPRESSION, MS_SEVERITY_WARNING,
   "A suppression directive suppresses nothing.",
   "A `// mlir-shape-disable-next-line`, `// mlir-shape-disable-line` or `// mlir-shape-disable` comment did not "
   "suppress any finding: the finding was fixed, moved, or the code is misspelt. Remove the directive (or "
   "its stale codes) so that it does not hide a future finding.",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  // mlir-shape-disable-next-line incompatible-dims\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2xf32>) -> tensor<2xf32> {\n"
   "  %0 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "mlir-shape's suppression comments (README.md, \"Suppressing findings\"), after ESLint's "
   "eslint-disable directives and their --report-unused-disable-directives.",
   false},
};

/* Every table of codes, in order: the one above, then one per area of the
** structured-op algebra (codes_sop.c, codes_sop_families.c, ...). An area
** adds its table here with one line. */
static const struct { const ms_code_info *table; const size_t *count; } tables[] = {
  {codes, NULL},
  {ms_codes_sop, &ms_codes_sop_count},
  {ms_codes_sop_families, &ms_codes_sop_families_count},
  {ms_codes_hlo, &ms_codes_hlo_count},
  {ms_codes_onnx, &ms_codes_onnx_count},
  {ms_codes_torch, &ms_codes_torch_count},
  {ms_codes_tosa, &ms_codes_tosa_count},
  {ms_codes_tosa_ops, &ms_codes_tosa_ops_count},
  {ms_codes_tensor, &ms_codes_tensor_count},
  {ms_codes_region_ops, &ms_codes_region_ops_count},
  {ms_codes_hlo_attrs, &ms_codes_hlo_attrs_count},
  {ms_codes_tuple, &ms_codes_tuple_count},
  {ms_codes_attr_forms, &ms_codes_attr_forms_count},
  {ms_codes_vector_mask, &ms_codes_vector_mask_count},
};

static size_t table_count(size_t t) {
  return tables[t].count ? *tables[t].count : sizeof codes / sizeof codes[0];
}

const ms_code_info *ms_code_at(size_t i) {
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
    if (i < table_count(t)) return &tables[t].table[i];
    i -= table_count(t);
  }
  return NULL;
}

const ms_code_info *ms_code_find(const char *name) {
  for (size_t i = 0; name && i < ms_code_count(); i++)
    if (!strcmp(ms_code_at(i)->name, name)) return ms_code_at(i);
  return NULL;
}

size_t ms_code_count(void) {
  size_t n = 0;
  for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) n += table_count(t);
  return n;
}

void ms_code_names(char *buf, size_t buflen) {
  size_t used = 0;
  if (!buflen) return;
  buf[0] = 0;
  for (size_t i = 0; i < ms_code_count(); i++) {
    int k = snprintf(buf + used, buflen - used, "%s%s", i ? ", " : "", ms_code_at(i)->name);
    if (k < 0 || (size_t)k >= buflen - used) {
      if (buflen > 4) strcpy(buf + buflen - 4, "...");
      return;
    }
    used += (size_t)k;
  }
}

const char *ms_code_help_uri(const char *name, char *buf, size_t buflen) {
  snprintf(buf, buflen, "%s#%s", DOCS_URI, name);
  return buf;
}

static void indented(ms_strbuf *s, const char *text) {
  for (const char *line = text; *line;) {
    size_t n = strcspn(line, "\n");
    ms_strbuf_printf(s, "    %.*s\n", (int)n, line);
    line += n + (line[n] == '\n');
  }
}

char *ms_code_text(const ms_code_info *c) {
  ms_strbuf s = {0};
  ms_strbuf_printf(&s, "%s (default severity: %s%s)\n\n%s\n\n%s\n\n", c->name, ms_severity_name(c->severity),
      c->fixable ? "; fixable with check --fix" : "", c->summary, c->explanation);
  ms_strbuf_printf(&s, "Wrong:\n\n");
  indented(&s, c->wrong);
  ms_strbuf_printf(&s, "\nRight:\n\n");
  indented(&s, c->right);
  ms_strbuf_printf(&s, "\nSource: %s\n", c->source);
  ms_strbuf_printf(&s, "\nSuppress one finding with `// mlir-shape-disable-next-line %s` on the line above the op,\n"
          "or turn the code off with `--ignore %s` or `\"severity\": {\"%s\": \"off\"}` in .mlir-shape.json.\n",
      c->name, c->name, c->name);
  return s.p;
}

static void fenced(ms_strbuf *s, const char *lang, const char *text) {
  ms_strbuf_printf(s, "```%s\n%s%s```\n", lang, text, text[0] && text[strlen(text) - 1] == '\n' ? "" : "\n");
}

char *ms_code_markdown(const ms_code_info *c) {
  ms_strbuf s = {0};
  bool json = c->wrong[0] == '{';
  ms_strbuf_printf(&s, "## %s\n\n**%s** Default severity: %s.%s\n\n%s\n\n", c->name, c->summary, ms_severity_name(c->severity),
      c->fixable ? " Fixable with `check --fix`." : "", c->explanation);
  ms_strbuf_printf(&s, "Wrong:\n\n");
  fenced(&s, json ? "json" : "mlir", c->wrong);
  ms_strbuf_printf(&s, "\nRight:\n\n");
  fenced(&s, json ? "json" : "mlir", c->right);
  ms_strbuf_printf(&s, "\nSource: %s\n", c->source);
  return s.p;
}

char *ms_codes_document(void) {
  ms_strbuf s = {0};
  ms_strbuf_printf(&s, "# Finding codes\n\n"
          "<!-- Generated by `mlir-shape explain --markdown --all` from server/analysis/codes.c; `make docs` rewrites it and\n"
          "     `make test` fails when it is out of date. Do not edit by hand. -->\n\n"
          "Every finding of `mlir-shape check` and of the language server carries one of these codes. "
          "`mlir-shape explain CODE` prints the same text. Turn a code off or change its severity with "
          "`--ignore CODE`, `--select CODE` or `\"severity\"`/`\"ignore\"` in `.mlir-shape.json`; silence one "
          "finding with a `// mlir-shape-disable-next-line CODE` comment (see docs/ci.md).\n\n"
          "| code | severity | summary |\n|---|---|---|\n");
  for (size_t i = 0; i < ms_code_count(); i++)
    ms_strbuf_printf(&s, "| [`%s`](#%s) | %s | %s |\n", ms_code_at(i)->name, ms_code_at(i)->name,
        ms_severity_name(ms_code_at(i)->severity), ms_code_at(i)->summary);
  for (size_t i = 0; i < ms_code_count(); i++) {
    char *md = ms_code_markdown(ms_code_at(i));
    ms_strbuf_printf(&s, "\n%s", md);
    free(md);
  }
  return s.p;
}
