/*
** codes_hlo.c: the registry rows of the StableHLO/MHLO conversion ops of
** the structured-op algebra (algebra/movement.c's bitcast_convert; the
** code is named in algebra/sop_check.h). codes.c reads this table after
** codes_sop_families.c's. Examples are checked by tests/cli/ci.sh like the
** others.
*/
#include "codes.h"

const ms_code_info ms_codes_hlo[] = {
  {"bit-width", MS_SEVERITY_ERROR,
   "A bitcast_convert whose shapes do not fit its element types' bit widths.",
   "bitcast_convert reinterprets bits: between element types of one width the shapes are equal; from a "
   "narrower type the operand has one more dimension, of size (wider width / narrower width), which the "
   "result drops; to a narrower type the result adds that dimension. Real and complex types do not convert "
   "into each other.",
   "func.func @f(%a: tensor<2x2xi8>) -> tensor<2xf32> {\n"
   "  %0 = stablehlo.bitcast_convert %a : (tensor<2x2xi8>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "func.func @f(%a: tensor<2x4xi8>) -> tensor<2xf32> {\n"
   "  %0 = stablehlo.bitcast_convert %a : (tensor<2x4xi8>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "StableHLO specification (openxla/stablehlo docs/spec.md, bitcast_convert C1, C2) and "
   "stablehlo/dialect/TypeInference.cpp verifyBitcastConvertOp; the op's rule entry (\"algebra\").",
   false},
};

const size_t ms_codes_hlo_count = sizeof ms_codes_hlo / sizeof ms_codes_hlo[0];
