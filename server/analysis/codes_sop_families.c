/*
** codes_sop_families.c: the registry rows of the gather, reduce, data
** movement, linear algebra and collective families of structured ops
** (algebra/gather.c, reduce.c, movement.c, linalg_ops.c, collective.c;
** their codes are named in algebra/sop_check.h). codes.c reads this table
** after codes_sop.c's. Examples are checked by tests/cli/ci.sh like the
** others.
*/
#include "codes.h"

#define FN(args, res) "func.func @f" args " -> " res " {\n"
#define RET(t) "  return %0 : " t "\n}\n"
#define SRC(fns)                                                                                                  \
  "StableHLO specification (openxla/stablehlo docs/spec.md) and its shape functions "                            \
  "(stablehlo/dialect/TypeInference.cpp: " fns "); the op's rule entry (\"algebra\", rules/README.md)."
#define GATHER(dims, sizes, x, idx, res)                                                                          \
  "  %0 = \"stablehlo.gather\"(%a, %b) {dimension_numbers = #stablehlo.gather<" dims ">, slice_sizes = "         \
  "array<i64: " sizes ">} : (" x ", " idx ") -> " res "\n"

const ms_code_info ms_codes_sop_families[] = {
  {"dims-out-of-range", MS_SEVERITY_ERROR,
   "A dimension number names no dimension of its tensor.",
   "Attributes that name dimensions (gather's collapsed_slice_dims and index_vector_dim, reduce's dimensions, "
   "concatenate's dimension, iota_dimension, all_gather_dim, ...) must name a dimension of the tensor they "
   "refer to: 0 <= d < rank (index_vector_dim may also be the rank of start_indices).",
   FN("(%a: tensor<2x3xf32>, %i: tensor<f32>)", "tensor<2xf32>")
   "  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [2] : (tensor<2x3xf32>, "
   "tensor<f32>) -> tensor<2xf32>\n" RET("tensor<2xf32>"),
   FN("(%a: tensor<2x3xf32>, %i: tensor<f32>)", "tensor<2xf32>")
   "  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, "
   "tensor<f32>) -> tensor<2xf32>\n" RET("tensor<2xf32>"),
   SRC("checkDimsInBounds, verifyReduceOpInputsAndInferShape, inferConcatenateOp, verifyIotaOp"), false},
  {"dims-order", MS_SEVERITY_ERROR,
   "A list of dimension numbers is unsorted, repeats a dimension, or shares one with another list.",
   "Gather's offset_dims, collapsed_slice_dims and operand_batching_dims, scatter's window dims, reduce's and "
   "reverse's dimensions must be sorted where the specification says so, and may not name a dimension twice, "
   "within one list or across lists that must be disjoint (collapsed_slice_dims and operand_batching_dims, "
   "start_index_map and operand_batching_dims). A transpose's permutation must be a permutation.",
   FN("(%a: tensor<2x3xf32>)", "tensor<2x3xf32>")
   "  %0 = stablehlo.reverse %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n" RET("tensor<2x3xf32>"),
   FN("(%a: tensor<2x3xf32>)", "tensor<2x3xf32>")
   "  %0 = stablehlo.reverse %a, dims = [1] : (tensor<2x3xf32>) -> tensor<2x3xf32>\n" RET("tensor<2x3xf32>"),
   SRC("verifyGather, validateScatterDimensionNumbers, checkDimsDistinct, verifyReverseOp, inferTransposeOp"),
   false},
  {"dims-count", MS_SEVERITY_ERROR,
   "A list of dimensions or sizes has the wrong length for the rank it describes.",
   "The op's attribute lists describe an operand dim by dim: gather's offset, collapsed and batching dims "
   "together cover the operand's rank and slice_sizes has one entry per operand dim; a permutation, a "
   "slice's start/limit/strides, a pad's low/high/interior, dynamic_slice's sizes have one entry per "
   "dimension; an fft has 1 to 3 lengths.",
   FN("(%a: tensor<2x3xf32>, %i: tensor<f32>)", "tensor<3x5xf32>")
   "  %0 = stablehlo.pad %a, %i, low = [1], high = [0], interior = [0] : (tensor<2x3xf32>, tensor<f32>) -> "
   "tensor<3x5xf32>\n" RET("tensor<3x5xf32>"),
   FN("(%a: tensor<2x3xf32>, %i: tensor<f32>)", "tensor<3x5xf32>")
   "  %0 = stablehlo.pad %a, %i, low = [1, 1], high = [0, 1], interior = [0, 0] : (tensor<2x3xf32>, "
   "tensor<f32>) -> tensor<3x5xf32>\n" RET("tensor<3x5xf32>"),
   SRC("verifyGather, inferPadOp, inferSliceOp, inferDynamicSliceOp, inferTransposeOp"), false},
  {"index-vector-size", MS_SEVERITY_ERROR,
   "The index vector of gather/scatter indices is not as long as the dims it maps.",
   "The dimension index_vector_dim of gather's start_indices (scatter's scatter_indices) holds one index per "
   "entry of start_index_map (scatter_dims_to_operand_dims); when index_vector_dim is the indices' rank the "
   "vector has length 1 (gather C3, scatter C19).",
   FN("(%a: tensor<5x4xf32>, %b: tensor<3x2xi32>)", "tensor<3x4xf32>")
   GATHER("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4",
          "tensor<5x4xf32>", "tensor<3x2xi32>", "tensor<3x4xf32>") RET("tensor<3x4xf32>"),
   FN("(%a: tensor<5x4xf32>, %b: tensor<3x1xi32>)", "tensor<3x4xf32>")
   GATHER("offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1", "1, 4",
          "tensor<5x4xf32>", "tensor<3x1xi32>", "tensor<3x4xf32>") RET("tensor<3x4xf32>"),
   SRC("verifyGather, validateScatterDimensionNumbers"), false},
  {"index-batching-dims", MS_SEVERITY_ERROR,
   "Paired batching dims of a gather or scatter have different sizes.",
   "operand_batching_dims[i] of a gather (input_batching_dims[i] of a scatter) and "
   "start_indices_batching_dims[i] (scatter_indices_batching_dims[i]) name dims that must have compatible "
   "sizes (gather C17, scatter C18).",
   FN("(%a: tensor<2x5xf32>, %b: tensor<3x1xi32>)", "tensor<3xf32>")
   GATHER("collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], "
          "start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<2x5xf32>", "tensor<3x1xi32>", "tensor<3xf32>")
   RET("tensor<3xf32>"),
   FN("(%a: tensor<3x5xf32>, %b: tensor<3x1xi32>)", "tensor<3xf32>")
   GATHER("collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], "
          "start_index_map = [1], index_vector_dim = 1", "1, 1", "tensor<3x5xf32>", "tensor<3x1xi32>", "tensor<3xf32>")
   RET("tensor<3xf32>"),
   SRC("verifyGather, validateScatterDimensionNumbers"), false},
  {"slice-out-of-bounds", MS_SEVERITY_ERROR,
   "A slice, size or padding does not fit the operand's dimension.",
   "A slice's start <= limit <= the dim's size (or bound) with positive strides; gather's and dynamic_slice's "
   "slice sizes lie in [0, dim] (and are at most 1 on collapsed and batching dims); pads give no negative "
   "size and interior padding is not negative; top_k's k is at most the last dim; an fft's lengths match "
   "the operand's innermost dims.",
   FN("(%a: tensor<3x4xi32>)", "tensor<1x2xi32>")
   "  %0 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 5>, strides "
   "= array<i64: 1, 2>} : (tensor<3x4xi32>) -> tensor<1x2xi32>\n" RET("tensor<1x2xi32>"),
   FN("(%a: tensor<3x4xi32>)", "tensor<1x2xi32>")
   "  %0 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1, 0>, limit_indices = array<i64: 2, 4>, strides "
   "= array<i64: 1, 2>} : (tensor<3x4xi32>) -> tensor<1x2xi32>\n" RET("tensor<1x2xi32>"),
   SRC("inferSliceOp, inferGatherOp, inferDynamicSliceOp, inferPadOp, inferTopKOp, inferFftOp"), false},
  {"update-shape", MS_SEVERITY_ERROR,
   "A scatter's or dynamic_update_slice's updates do not fit the operand.",
   "Scatter updates have rank rank(scatter_indices) - 1 + size(update_window_dims), window dims no larger "
   "than the operand's and scatter dims equal to scatter_indices' (scatter C4); dynamic_update_slice's update "
   "has the operand's rank and fits in it.",
   FN("(%a: tensor<3x4xi32>, %u: tensor<1x5xi32>, %i: tensor<i64>)", "tensor<3x4xi32>")
   "  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<3x4xi32>, tensor<1x5xi32>, tensor<i64>, "
   "tensor<i64>) -> tensor<3x4xi32>\n" RET("tensor<3x4xi32>"),
   FN("(%a: tensor<3x4xi32>, %u: tensor<1x4xi32>, %i: tensor<i64>)", "tensor<3x4xi32>")
   "  %0 = stablehlo.dynamic_update_slice %a, %u, %i, %i : (tensor<3x4xi32>, tensor<1x4xi32>, tensor<i64>, "
   "tensor<i64>) -> tensor<3x4xi32>\n" RET("tensor<3x4xi32>"),
   SRC("verifyScatterOp, inferDynamicUpdateSliceOp"), false},
  {"operand-shapes", MS_SEVERITY_ERROR,
   "Operands that must agree in shape do not.",
   "A concatenate's operands agree on every dim but the concatenated one; reduce's, sort's, map's and "
   "scatter's inputs have compatible shapes; batch_norm's 1-D operands are as long as the feature dim; "
   "triangular_solve's a and b share their batch and solved dims.",
   FN("(%a: tensor<1x3xf32>, %b: tensor<2x2xf32>)", "tensor<3x3xf32>")
   "  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf32>, tensor<2x2xf32>) -> tensor<3x3xf32>\n"
   RET("tensor<3x3xf32>"),
   FN("(%a: tensor<1x3xf32>, %b: tensor<2x3xf32>)", "tensor<3x3xf32>")
   "  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>\n"
   RET("tensor<3x3xf32>"),
   SRC("inferConcatenateOp, verifyReduceOpInputsAndInferShape, verifyBatchNorm, inferTriangularSolveOp"), false},
  {"square-matrix", MS_SEVERITY_ERROR,
   "A matrix operand that must be square is not.",
   "cholesky's a and triangular_solve's a have two minor dimensions of compatible sizes.",
   FN("(%a: tensor<3x4xf32>)", "tensor<3x4xf32>")
   "  %0 = \"stablehlo.cholesky\"(%a) {lower = true} : (tensor<3x4xf32>) -> tensor<3x4xf32>\n"
   RET("tensor<3x4xf32>"),
   FN("(%a: tensor<4x4xf32>)", "tensor<4x4xf32>")
   "  %0 = \"stablehlo.cholesky\"(%a) {lower = true} : (tensor<4x4xf32>) -> tensor<4x4xf32>\n"
   RET("tensor<4x4xf32>"),
   SRC("inferCholeskyOp, inferTriangularSolveOp"), false},
  {"attribute-value", MS_SEVERITY_ERROR,
   "An attribute holds a value the op rejects.",
   "triangular_solve's transpose_a may not be TRANSPOSE_INVALID.",
   FN("(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>)", "tensor<3x4xf32>")
   "  %0 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, "
   "transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<3x3xf32>, tensor<3x4xf32>) -> "
   "tensor<3x4xf32>\n" RET("tensor<3x4xf32>"),
   FN("(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>)", "tensor<3x4xf32>")
   "  %0 = \"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, "
   "transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x4xf32>) -> "
   "tensor<3x4xf32>\n" RET("tensor<3x4xf32>"),
   SRC("inferTriangularSolveOp"), false},
  {"collective-dims", MS_SEVERITY_ERROR,
   "A collective's gathered, scattered or split dimension does not fit.",
   "all_gather's result equals the operand but on all_gather_dim, a multiple of it; reduce_scatter's operand "
   "dim is a multiple of the result's; all_to_all's split dim is a multiple of split_count.",
   FN("(%a: tensor<8x2xf32>)", "tensor<8x7xf32>")
   "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : "
   "tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x7xf32>\n" RET("tensor<8x7xf32>"),
   FN("(%a: tensor<8x2xf32>)", "tensor<8x4xf32>")
   "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : "
   "tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x4xf32>\n" RET("tensor<8x4xf32>"),
   SRC("verifyAllGatherOp, verifyReduceScatterOp, inferAllToAllOp"), false},
  {"replica-groups", MS_SEVERITY_ERROR,
   "A collective's replica groups or source/target pairs repeat or skip an id.",
   "Each replica id appears once in replica_groups and ids 0..n-1 all appear (-1 pads groups only where they "
   "may differ in size); collective_permute's sources are distinct, so are its targets, none negative.",
   FN("(%a: tensor<8x2xf32>)", "tensor<8x4xf32>")
   "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : "
   "tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x4xf32>\n" RET("tensor<8x4xf32>"),
   FN("(%a: tensor<8x2xf32>)", "tensor<8x4xf32>")
   "  %0 = \"stablehlo.all_gather\"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : "
   "tensor<1x2xi64>} : (tensor<8x2xf32>) -> tensor<8x4xf32>\n" RET("tensor<8x4xf32>"),
   SRC("verifyReplicaGroups, verifyCollectivePermuteOp"), false},
};

const size_t ms_codes_sop_families_count = sizeof ms_codes_sop_families / sizeof ms_codes_sop_families[0];
