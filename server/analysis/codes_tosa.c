/*
** codes_tosa.c: the registry rows of the codes the convolution family
** reports for TOSA's layouts (algebra/convolution.c options "bias_operand",
** "channel_check": "warn", ...) and the dim map family (algebra/dim_map.c).
** codes.c reads this table after the other
** structured-op tables. Examples are checked by tests/cli/ci.sh like the
** others.
*/
#include "codes.h"

#define CONV(b, res)                                                                                              \
  "func.func @f(%x: tensor<1x8x8x3xf32>, %w: tensor<4x3x3x3xf32>, %b: " b ", %z: tensor<1xf32>) -> " res " {\n" \
  "  %0 = tosa.conv2d %x, %w, %b, %z, %z {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, "  \
  "0, 0>, stride = array<i64: 1, 1>} : (tensor<1x8x8x3xf32>, tensor<4x3x3x3xf32>, " b ", tensor<1xf32>, "       \
  "tensor<1xf32>) -> " res "\n  return %0 : " res "\n}\n"

#define GATHER(idx, res)                                                                                        \
  "func.func @f(%v: tensor<2x5x3xf32>, %i: " idx ") -> " res " {\n  %0 = tosa.gather %v, %i : (tensor<2x5x3xf32>, " \
  idx ") -> " res "\n  return %0 : " res "\n}\n"

const ms_code_info ms_codes_tosa[] = {
  {"dim-mismatch", MS_SEVERITY_ERROR,
   "Dims of different operands that must be one size differ.",
   "Ops whose result dims are operand dims (algebra \"dim_map\": TOSA's gather and scatter) name, for each result "
   "dim, the operand dims it comes from; those must agree where static (gather's N in values and indices, "
   "scatter's N, W and C in values_in, indices and input). The rule entry lists them (\"dim_sources\", "
   "\"agree\").",
   GATHER("tensor<3x4xi32>", "tensor<*xf32>"), GATHER("tensor<2x4xi32>", "tensor<*xf32>"),
   "LLVM 22 TosaOps.cpp GatherOp::verify, ScatterOp::verify (\"requires indices dimension 0 to have size 2, got "
   "3\"); TOSA specification GATHER, SCATTER.", false},
  {"bias-channels", MS_SEVERITY_ERROR,
   "A convolution's bias has neither the output's channel count nor 1.",
   "TOSA's conv2d, conv3d, depthwise_conv2d and transpose_conv2d add a bias of shape [BC] to each output "
   "channel: BC must be the output's channel count (its last dim) or 1 (broadcast). LLVM 22's verifier checks "
   "it against a ranked result whose channel count is static; the rule entry names the bias operand "
   "(\"bias_operand\" of the convolution family).",
   CONV("tensor<5xf32>", "tensor<1x6x6x4xf32>"), CONV("tensor<4xf32>", "tensor<1x6x6x4xf32>"),
   "TOSA specification (CONV2D: ERROR_IF(BC != OC && BC != 1)); LLVM 22 TosaOps.cpp verifyConvOpErrorIf.", false},
};

const size_t ms_codes_tosa_count = sizeof ms_codes_tosa / sizeof ms_codes_tosa[0];
