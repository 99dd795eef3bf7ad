/*
** codes_tosa_ops.c: the registry rows of the codes that TOSA's resize,
** fft2d, rfft2d and rescale get from the window family (algebra/window.c
** "resize") and the dim map family's options (algebra/dim_map.c
** "power_of_two", "channel_operands"). codes.c reads this table after the
** other structured-op tables; tests/cli/ci.sh checks the examples like the
** others.
*/
#include "codes.h"

#define RFFT(in, res)                                                                                            \
  "func.func @f(%x: " in ") -> (" res ", " res ") {\n  %0, %1 = tosa.rfft2d %x : (" in ") -> (" res ", " res \
  ")\n  return %0, %1 : " res ", " res "\n}\n"

#define RESCALE(m, per)                                                                                             \
  "func.func @f(%x: tensor<2x3xi8>, %m: " m ", %s: tensor<1xi8>, %iz: tensor<1xi8>, %oz: tensor<1xi32>) -> "     \
  "tensor<2x3xi32> {\n  %0 = tosa.rescale %x, %m, %s, %iz, %oz {input_unsigned = false, output_unsigned = false, " \
  "per_channel = " per ", rounding_mode = SINGLE_ROUND, scale32 = true} : (tensor<2x3xi8>, " m ", tensor<1xi8>, "  \
  "tensor<1xi8>, tensor<1xi32>) -> tensor<2x3xi32>\n  return %0 : tensor<2x3xi32>\n}\n"

#define RESIZE(scale, res)                                                                                         \
  "func.func @f(%x: tensor<1x15x13x1xf32>) -> " res " {\n  %s = tosa.const_shape {values = dense<" scale           \
  "> : tensor<4xindex>} : () -> !tosa.shape<4>\n  %o = tosa.const_shape {values = dense<0> : tensor<2xindex>} : "  \
  "() -> !tosa.shape<2>\n  %0 = tosa.resize %x, %s, %o, %o {mode = NEAREST_NEIGHBOR} : (tensor<1x15x13x1xf32>, " \
  "!tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> " res "\n  return %0 : " res "\n}\n"

#define RESHAPE(shape, def)                                                                                 \
  "func.func @f(%x: tensor<2x3xf32>" shape ") -> tensor<3x2xf32> {\n" def                                     \
  "  %0 = tosa.reshape %x, %s : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<3x2xf32>\n  return %0 : "        \
  "tensor<3x2xf32>\n}\n"

const ms_code_info ms_codes_tosa_ops[] = {
  {"not-constant", MS_SEVERITY_ERROR,
   "An operand the verifier reads as a constant is a block or function argument.",
   "TOSA's reshape, tile, slice, pad and resize take their shapes (the new shape, the multiples, the start and "
   "size, the padding, the scale, offset and border) as `!tosa.shape` operands, which LLVM 22's verifier reads "
   "from the `tosa.const_shape` that defines them; an argument of the function or of a block is never one. The "
   "rule entry names the operands (`constant_operands`); a value any op defines is left to that op.",
   RESHAPE(", %s: !tosa.shape<2>", ""),
   RESHAPE("", "  %s = tosa.const_shape {values = dense<[3, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>\n"),
   "LLVM 22 TosaOps.cpp ReshapeOp::verify, TileOp::verify, SliceOp::verify, PadOp::verify, ResizeOp::verify "
   "(\"shape operand is not compile time resolvable\").", false},
  {"power-of-two", MS_SEVERITY_ERROR,
   "A dim that must be a power of two is not.",
   "TOSA's fft2d and rfft2d transform the height and width of their inputs, which must be powers of two. LLVM "
   "22's verifier checks each where it is static (fft2d: where both the real and the imaginary input give it). "
   "The rule entry names the dims (\"power_of_two\" of the dim map family).",
   RFFT("tensor<1x6x8xf32>", "tensor<1x6x5xf32>"), RFFT("tensor<1x4x8xf32>", "tensor<1x4x5xf32>"),
   "LLVM 22 TosaOps.cpp FFT2dOp::verify, RFFT2dOp::verify (\"expected height to be a power of two, got 6\"); "
   "TOSA specification FFT2D, RFFT2D.", false},
  {"channel-count", MS_SEVERITY_ERROR,
   "A per-channel parameter does not have one value per channel.",
   "TOSA's rescale takes its multiplier and shift as 1-D tensors of one value per channel of the input's last "
   "dim when per_channel is true, else of one value. LLVM 22's verifier compares their static size with that "
   "count, even a `?` one. The rule entry names the operands (\"channel_operands\", \"per_channel\").",
   RESCALE("tensor<3xi32>", "false"), RESCALE("tensor<1xi32>", "false"),
   "LLVM 22 TosaOps.cpp RescaleOp::verify (\"expect shape of { 1 } for multiplier input, got { 3 }\"); TOSA "
   "specification RESCALE.", false},
  {"resize-scale", MS_SEVERITY_ERROR,
   "A resize's scale, offset and border do not give a whole output size.",
   "TOSA's resize computes each output size as ((in - 1) * scale_n - offset + border) / scale_d + 1. LLVM 22's "
   "verifier requires every scale value to be positive and, where the input size is static and not 1, the "
   "division to be exact; the declared size must then equal it (`result-shape`). The scale, offset and border "
   "are the constant shapes (`tosa.const_shape`) of its operands 1 to 3.",
   RESIZE("[3, 4, 1, 1]", "tensor<1x?x?x1xf32>"), RESIZE("[11, 7, 89, 6]", "tensor<1x?x?x1xf32>"),
   "LLVM 22 TosaOps.cpp ResizeOp::verify (\"expected (input_height - 1) * scale_y_n - offset_y + border_y to be "
   "wholly divisible by scale_y_d\"); TOSA specification RESIZE.", false},
  {"result-min-rank", MS_SEVERITY_ERROR,
   "A result is of lower rank than its op's result type constraint allows.",
   "Some ops declare in their ODS definition a result type of at least rank 1 (TOSA's transpose, reduce_*, "
   "tile, concat, slice, pad and reverse: \"tosa-conformant tensor of at least rank 1\"); MLIR's generated "
   "verifier rejects a rank-0 result before any shape rule, even when the input is unranked and no shape "
   "follows from it. The rule entry says so with the constraint `min_result_rank` (rules/README.md).",
   "func.func @f(%x: tensor<*xf32>) -> tensor<f32> {\n  %0 = tosa.reverse %x {axis = 0 : i32} : (tensor<*xf32>) "
   "-> tensor<f32>\n  return %0 : tensor<f32>\n}\n",
   "func.func @f(%x: tensor<*xf32>) -> tensor<*xf32> {\n  %0 = tosa.reverse %x {axis = 0 : i32} : "
   "(tensor<*xf32>) -> tensor<*xf32>\n  return %0 : tensor<*xf32>\n}\n",
   "LLVM 22 TosaOps.td (results of type Tosa_TensorAtLeast1D; mlir-opt-22: \"'tosa.slice' op result #0 must be "
   "tosa-conformant tensor of at least rank 1, but got 'tensor<f32>'\").", false},
};

const size_t ms_codes_tosa_ops_count = sizeof ms_codes_tosa_ops / sizeof ms_codes_tosa_ops[0];
