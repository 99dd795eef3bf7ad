/*
** codes_onnx.c: the registry rows of the frontend frameworks' structured
** ops (algebra/nn.c, tensor_ops.c, indexing.c) that no StableHLO family
** has: the zero points of a quantized matmul. The other checks of those
** families report the shared codes (contracting-dims, conv-dims, window,
** dims-out-of-range, element-count, ...; codes_sop.c,
** codes_sop_families.c). codes.c lists this table. Examples are checked by
** tests/cli/ci.sh like the others.
*/
#include "codes.h"

#define FN(args, res) "func.func @f" args " -> " res " {\n"
#define RET(t) "  return %0 : " t "\n}\n"

const ms_code_info ms_codes_onnx[] = {
  {"zero-point-shape", MS_SEVERITY_ERROR,
   "A quantized matmul's zero point does not fit its operand.",
   "onnx.MatMulInteger's a_zero_point and b_zero_point are a scalar (or one element), a 1-D tensor (per row of "
   "a 2-D A, per column of a 2-D B), or a tensor of the operand's rank with the operand's dims, except a 1 at "
   "A's last dim and at B's second-last dim (per row / per column of each matrix of a batch).",
   FN("(%a: tensor<5x16x32xui8>, %b: tensor<5x32x64xui8>, %za: tensor<5x16x2xui8>, %zb: tensor<1xui8>)",
      "tensor<5x16x64xi32>")
   "  %0 = \"onnx.MatMulInteger\"(%a, %b, %za, %zb) : (tensor<5x16x32xui8>, tensor<5x32x64xui8>, "
   "tensor<5x16x2xui8>, tensor<1xui8>) -> tensor<5x16x64xi32>\n" RET("tensor<5x16x64xi32>"),
   FN("(%a: tensor<5x16x32xui8>, %b: tensor<5x32x64xui8>, %za: tensor<5x16x1xui8>, %zb: tensor<1xui8>)",
      "tensor<5x16x64xi32>")
   "  %0 = \"onnx.MatMulInteger\"(%a, %b, %za, %zb) : (tensor<5x16x32xui8>, tensor<5x32x64xui8>, "
   "tensor<5x16x1xui8>, tensor<1xui8>) -> tensor<5x16x64xi32>\n" RET("tensor<5x16x64xi32>"),
   "ONNX operator specification (MatMulInteger); onnx-mlir ONNXMatMulIntegerOp::verify "
   "(src/Dialect/ONNX/ONNXOps/Math/MatMul.cpp); the op's rule entry (\"algebra\": \"matmul_integer\", "
   "rules/onnx.json).",
   false},
};
const size_t ms_codes_onnx_count = sizeof ms_codes_onnx / sizeof ms_codes_onnx[0];
