/*
** codes_tensor.c: the registry rows of the tensor family of structured
** ops (algebra/tensor_dialect.c) that no other family has. codes.c lists this
** table in `tables`; examples are checked by tests/cli/ci.sh like the
** others.
*/
#include "codes.h"

const ms_code_info ms_codes_tensor[] = {
  {"reassociation", MS_SEVERITY_ERROR,
   "A reshape's reassociation groups do not fit the expanded and collapsed types.",
   "tensor.collapse_shape and tensor.expand_shape list, for each dim of the collapsed type, the group of "
   "consecutive dims of the expanded type it stands for (`[[0, 1], [2]]`). The groups are not empty, "
   "contiguous and in order, they cover every expanded dim, and there is one group per collapsed dim; the "
   "collapsed type is then exactly the one the groups give (each dim the product of its group, `?` when the "
   "group has a `?`), which the code result-shape reports.",
   "func.func @f(%t: tensor<2x3x4xf32>) -> tensor<6x4xf32> {\n"
   "  %0 = tensor.collapse_shape %t [[0, 2], [1]] : tensor<2x3x4xf32> into tensor<6x4xf32>\n"
   "  return %0 : tensor<6x4xf32>\n}\n",
   "func.func @f(%t: tensor<2x3x4xf32>) -> tensor<6x4xf32> {\n"
   "  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>\n"
   "  return %0 : tensor<6x4xf32>\n}\n",
   "MLIR's tensor dialect as LLVM 22 verifies it (TensorOps.cpp verifyTensorReshapeOp, "
   "ReshapeOpsUtils.cpp verifyReshapeLikeTypes); the op's rule entry (\"algebra\", rules/tensor.json).",
   false},
};

const size_t ms_codes_tensor_count = sizeof ms_codes_tensor / sizeof ms_codes_tensor[0];
