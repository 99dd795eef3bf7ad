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
  {"spec-violation", MS_SEVERITY_WARNING,
   "The dialect's specification forbids a shape its verifier accepts.",
   "Some dialects specify more than their MLIR verifier checks: the TOSA specification's ERROR_IF "
   "conditions (matmul's batch and C, convolution channels, the output shape) are not all verified by "
   "mlir-opt-22, which accepts such ops. Their rule entry (constraint \"spec_warnings\") turns the shape "
   "function's findings into this warning, naming the code the function gave; the default profile's errors "
   "stay mlir-opt-22's verdicts. For a framework dialect the reference is the framework's own shape "
   "inference: ONNX's onnx.shape_inference.infer_shapes (strict mode, python3-onnx 1.12) rejects most bad "
   "graphs (errors), but does not check Gemm's K and C, Conv's channels, a pooling window larger than its "
   "padded input, a Reshape's element count without -1, nor the axes of Squeeze and LayerNormalization "
   "(those of GatherElements, ScatterElements and ScatterND onnx-mlir's verifier rejects: errors): the operator "
   "specification forbids those, so the entry's \"spec_codes\" constraint lists the codes that are this "
   "warning instead of an error.",
   F("", "(%a: tensor<2x3x4xf32>, %b: tensor<2x5x6xf32>, %z: tensor<1xf32>)", "tensor<2x3x6xf32>")
   "  %0 = tosa.matmul %a, %b, %z, %z : (tensor<2x3x4xf32>, tensor<2x5x6xf32>, tensor<1xf32>, tensor<1xf32>) "
   "-> tensor<2x3x6xf32>\n"
   "  return %0 : tensor<2x3x6xf32>\n}\n",
   F("", "(%a: tensor<2x3x4xf32>, %b: tensor<2x4x6xf32>, %z: tensor<1xf32>)", "tensor<2x3x6xf32>")
   "  %0 = tosa.matmul %a, %b, %z, %z : (tensor<2x3x4xf32>, tensor<2x4x6xf32>, tensor<1xf32>, tensor<1xf32>) "
   "-> tensor<2x3x6xf32>\n"
   "  return %0 : tensor<2x3x6xf32>\n}\n",
   "TOSA specification (MATMUL, CONV2D, ... ERROR_IF); LLVM 22 mlir/lib/Dialect/Tosa/IR/TosaOps.cpp; the op's rule "
   "entry (\"constraints\": {\"spec_warnings\": true} or {\"spec_codes\": [...]}, rules/README.md); the ONNX "
   "operator specification (onnx/docs/Operators.md) against onnx.shape_inference.",
   false},
  {"result-shape", MS_SEVERITY_ERROR,
   "A declared result contradicts the shape the op's shape function infers.",
   "A structured op (dot_general, convolution, reduce_window, ...) gives its result shapes from its operand "
   "shapes and attributes. A declared result of another rank, or with a static size where a different one "
   "is inferred, is rejected by the verifier: StableHLO says \"inferred shape ... is incompatible with "
   "return type of operation\". The frontends' ops that infer their result type compare it the same way: "
   "TFLite's conv_2d (windowed sizes, SAME ceil(in / stride), VALID ceil((in - (k - 1) x dilation) / stride)), "
   "reshape and transpose_conv (the constant shape operand), batch_matmul and tf.BatchMatMulV2 (batch, row "
   "and column dims), tf.Reshape and tf.Conv2D. TFLite's depthwise_conv_2d and pools, tf.MatMul, "
   "tf.DepthwiseConv2dNative and TensorFlow's pools have no such check: their inferred shapes only refine.",
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
  {"conv-dims", MS_SEVERITY_ERROR,
   "A convolution's dimension numbers do not fit its operands.",
   "The dimension numbers name the input's batch, feature and spatial dims, the kernel's input feature, "
   "output feature and spatial dims, and the output's: the three have as many spatial dims, each number is "
   "in range of the rank and appears once per operand (convolution C13, C17-C20).",
   F("", "(%a: tensor<1x8x8x4xf32>, %b: tensor<3x3x4x16xf32>)", "tensor<1x6x6x16xf32>")
   "  %0 = \"stablehlo.convolution\"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, "
   "input_feature_dimension = 3, input_spatial_dimensions = [1, 1], kernel_input_feature_dimension = 2, "
   "kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, "
   "output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, "
   "batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>\n"
   "  return %0 : tensor<1x6x6x16xf32>\n}\n",
   F("", "(%a: tensor<1x8x8x4xf32>, %b: tensor<3x3x4x16xf32>)", "tensor<1x6x6x16xf32>")
   "  %0 = \"stablehlo.convolution\"(%a, %b) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 0, "
   "input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, "
   "kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, "
   "output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, feature_group_count = 1 : i64, "
   "batch_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>\n"
   "  return %0 : tensor<1x6x6x16xf32>\n}\n",
   SPEC, false},
  {"window", MS_SEVERITY_ERROR,
   "A window's sizes, strides, padding or dilations do not fit the dims it slides over.",
   "Convolutions, reduce_window and select_and_scatter slide a window over dims: window_dimensions has one "
   "entry per dim, strides, dilations, reversal and padding (of shape {N, 2}) one per window dim, and sizes, "
   "strides and dilations are positive; select_and_scatter's source has the window's output shape.",
   F("", "(%a: tensor<4x6xf32>, %i: tensor<f32>)", "tensor<2x3xf32>")
   "  %0 = \"stablehlo.reduce_window\"(%a, %i) ({\n"
   "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
   "    %s = stablehlo.add %x, %y : tensor<f32>\n"
   "    stablehlo.return %s : tensor<f32>\n"
   "  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 0, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   F("", "(%a: tensor<4x6xf32>, %i: tensor<f32>)", "tensor<2x3xf32>")
   "  %0 = \"stablehlo.reduce_window\"(%a, %i) ({\n"
   "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
   "    %s = stablehlo.add %x, %y : tensor<f32>\n"
   "    stablehlo.return %s : tensor<f32>\n"
   "  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   SPEC, false},
  {"group-count", MS_SEVERITY_ERROR,
   "A convolution's feature_group_count or batch_group_count does not divide its dims.",
   "feature_group_count divides the input features, which are that count times the kernel's input features, "
   "and the kernel's output features; batch_group_count divides the input batch and the kernel's output "
   "features; they are not both above 1 (convolution C10, C11, C14-C16, C23).",
   F("", "(%a: tensor<1x8x8x6xf32>, %b: tensor<3x3x4x16xf32>)", "tensor<1x6x6x16xf32>")
   "  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} "
   "{batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x6xf32>, tensor<3x3x4x16xf32>) "
   "-> tensor<1x6x6x16xf32>\n"
   "  return %0 : tensor<1x6x6x16xf32>\n}\n",
   F("", "(%a: tensor<1x8x8x8xf32>, %b: tensor<3x3x4x16xf32>)", "tensor<1x6x6x16xf32>")
   "  %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} "
   "{batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x8xf32>, tensor<3x3x4x16xf32>) "
   "-> tensor<1x6x6x16xf32>\n"
   "  return %0 : tensor<1x6x6x16xf32>\n}\n",
   SPEC, false},
  {"reducer", MS_SEVERITY_ERROR,
   "A reduction or select region's arguments or results do not fit the op's inputs.",
   "Ops that reduce with a region (reduce_window, select_and_scatter, and the reductions) call it with "
   "pairs of accumulators and inputs: it takes twice as many arguments as there are inputs, returns one "
   "tensor per input, its arguments have the returned types, the init values have their shape, and an "
   "argument's dims are among the window's. select_and_scatter's select region takes two rank-0 tensors "
   "and returns one tensor<i1>.",
   F("", "(%a: tensor<4x6xf32>, %i: tensor<f32>)", "tensor<2x3xf32>")
   "  %0 = \"stablehlo.reduce_window\"(%a, %i) ({\n"
   "  ^bb0(%x: tensor<f32>):\n"
   "    \"stablehlo.return\"(%x) : (tensor<f32>) -> ()\n"
   "  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   F("", "(%a: tensor<4x6xf32>, %i: tensor<f32>)", "tensor<2x3xf32>")
   "  %0 = \"stablehlo.reduce_window\"(%a, %i) ({\n"
   "  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n"
   "    \"stablehlo.return\"(%x) : (tensor<f32>) -> ()\n"
   "  }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x6xf32>, tensor<f32>) -> tensor<2x3xf32>\n"
   "  return %0 : tensor<2x3xf32>\n}\n",
   "StableHLO TypeInference.cpp verifyReducerShape, verifySelectAndScatterOp; the op's rule entry (\"algebra\").",
   false},
  {"region-types", MS_SEVERITY_ERROR,
   "A control-flow op's (or a computation's) operands, region arguments, yields and results do not agree.",
   "if and case take a rank-0 predicate or index and branches without arguments that return compatible "
   "types; while's operands agree with the condition's and the body's arguments and with what the body "
   "returns, and the condition returns one zero-ranked tensor of i1. map's computation takes one rank-0 "
   "argument of each input's element type and returns one rank-0 tensor; sort's comparator takes two "
   "rank-0 arguments per input, of its element type, and returns tensor<i1>. chlo.scan's body takes one "
   "argument per operand (an input's type without the scan dimension, an init's type) and returns at least "
   "the carries; async_start's body takes one argument per operand, of exactly its type, and returns one "
   "value.",
   F("", "(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<3xf32>)", "tensor<2xf32>")
   "  %0 = \"stablehlo.if\"(%p) ({\n"
   "    \"stablehlo.return\"(%a) : (tensor<2xf32>) -> ()\n"
   "  }, {\n"
   "    \"stablehlo.return\"(%b) : (tensor<3xf32>) -> ()\n"
   "  }) : (tensor<i1>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   F("", "(%p: tensor<i1>, %a: tensor<2xf32>, %b: tensor<2xf32>)", "tensor<2xf32>")
   "  %0 = \"stablehlo.if\"(%p) ({\n"
   "    \"stablehlo.return\"(%a) : (tensor<2xf32>) -> ()\n"
   "  }, {\n"
   "    \"stablehlo.return\"(%b) : (tensor<2xf32>) -> ()\n"
   "  }) : (tensor<i1>) -> tensor<2xf32>\n"
   "  return %0 : tensor<2xf32>\n}\n",
   "StableHLO TypeInference.cpp inferConditionalOp, verifyWhileOp; the op's rule entry (\"algebra\").",
   false},
};

const size_t ms_codes_sop_count = sizeof ms_codes_sop / sizeof ms_codes_sop[0];
