/*
** codes_vector_mask.c: the registry row of the masked-op family
** (algebra/masked_op.c): vector.mask against the one op it masks. codes.c
** reads this table after the others. Examples are checked by
** tests/cli/ci.sh like the others.
*/
#include "codes.h"

const ms_code_info ms_codes_vector_mask[] = {
  {"masked-op", MS_SEVERITY_ERROR,
   "A vector.mask whose masked op, results, mask or passthru do not fit together.",
   "vector.mask holds one op (and its terminator); LLVM 22's MaskOp::verify requires that the region yields as many "
   "values as the mask has results, that the op is maskable (MaskableOpInterface: vector.reduction, "
   "multi_reduction, contract, outerproduct, gather, transfer_read, transfer_write), that its results are exactly "
   "the mask's results, that the mask is the op's expected mask (for a reduction, the source's shape with i1 "
   "elements: \"expects a 'vector<8xi1>' mask for the maskable operation\"), and that a passthru is given only "
   "where the op takes one (transfer_read), of the result's type. A transfer's expected mask is its vector's dims "
   "for the source dims its permutation map uses, in source order ([1] when none: inferTransferOpMaskType); a "
   "contraction's has one dim per loop of its indexing maps, sized by lhs and rhs.",
   "func.func @f(%m: vector<4xi1>, %v: vector<8xf32>) -> f32 {\n"
   "  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<4xi1> -> f32\n"
   "  return %0 : f32\n"
   "}\n",
   "func.func @f(%m: vector<8xi1>, %v: vector<8xf32>) -> f32 {\n"
   "  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32\n"
   "  return %0 : f32\n"
   "}\n",
   "MLIR's VectorOps.cpp MaskOp::verify and the MaskableOpInterface implementations (VectorOps.td), as "
   "mlir-opt-22 checks them; the op's rule entry (rules/vector.json).",
   false},
};

const size_t ms_codes_vector_mask_count = sizeof ms_codes_vector_mask / sizeof ms_codes_vector_mask[0];
