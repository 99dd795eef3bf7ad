// ONNX (as onnx-mlir spells it). Since opset 7, elementwise ops use numpy
// multidirectional broadcasting; older models carry {broadcast = 1, axis = N}:
// B is then aligned at axis N of A (the "pdpd" rule). onnx.Expand broadcasts
// its input against a shape given as a constant (bidirectional).

func.func @correct(%a: tensor<2x3x4x5xf32>, %b: tensor<5xf32>, %c: tensor<3x4xf32>, %x: tensor<3x1xf32>) {
  %0 = "onnx.Add"(%a, %b) : (tensor<2x3x4x5xf32>, tensor<5xf32>) -> tensor<2x3x4x5xf32>
  %1 = "onnx.Mul"(%a, %c) {axis = 1 : si64, broadcast = 1 : si64} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %shape = onnx.Constant dense<[2, 1, 6]> : tensor<3xi64>
  %2 = "onnx.Expand"(%x, %shape) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>
  return
}

func.func @incorrect(%a: tensor<2x3x4x5xf32>, %c: tensor<3x4xf32>, %x: tensor<3x1xf32>) {
  // Wrong: numpy aligns 3x4 with the last dims 4x5 (use the legacy axis, or reshape).
  %0 = "onnx.Add"(%a, %c) : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  // Wrong: axis = 2 puts 3x4 against dims 4x5.
  %1 = "onnx.Mul"(%a, %c) {axis = 2 : si64, broadcast = 1 : si64} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>
  %shape = onnx.Constant dense<[2, 4, 6]> : tensor<3xi64>
  // Wrong: the target shape [2, 4, 6] has 4 where the input has 3.
  %2 = "onnx.Expand"(%x, %shape) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x4x6xf32>
  return
}

// Unidirectional broadcasting: PRelu's slope onto X, Gemm's C onto the
// (M, N) result; never the other way.
func.func @unidirectional(%x: tensor<2x3x4xf32>, %slope: tensor<3x1xf32>, %a: tensor<5x7xf32>, %b: tensor<7x6xf32>, %c: tensor<6xf32>, %wide: tensor<5x2x3x4xf32>, %c2: tensor<4x6xf32>) {
  %0 = "onnx.PRelu"(%x, %slope) : (tensor<2x3x4xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
  %1 = "onnx.Gemm"(%a, %b, %c) : (tensor<5x7xf32>, tensor<7x6xf32>, tensor<6xf32>) -> tensor<5x6xf32>
  // Wrong: the slope has a higher rank than X.
  %2 = "onnx.PRelu"(%x, %wide) : (tensor<2x3x4xf32>, tensor<5x2x3x4xf32>) -> tensor<2x3x4xf32>
  // Warning (spec-violation): C (4x6) does not broadcast onto the 5x6 result;
  // the specification forbids it, ONNX's shape inference (1.12) accepts it.
  %3 = "onnx.Gemm"(%a, %b, %c2) : (tensor<5x7xf32>, tensor<7x6xf32>, tensor<4x6xf32>) -> tensor<5x6xf32>
  return
}

// Structured ops on the shared algebra: Transpose permutes dims by perm,
// Concat adds sizes along axis (negative axes count from the end).
func.func @structured(%x: tensor<2x3xf32>, %y: tensor<2x4xf32>, %z: tensor<1x2x3xf32>) {
  %0 = "onnx.Concat"(%x, %y) {axis = -1 : si64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
  %1 = "onnx.Transpose"(%z) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x3x2xf32>
  // Wrong: along axis 0 the other dims must agree, and 3 != 4.
  %2 = "onnx.Concat"(%x, %y) {axis = 0 : si64} : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<*xf32>
  // Wrong: perm [0, 2, 1] of 1x2x3 is 1x3x2.
  %3 = "onnx.Transpose"(%z) {perm = [0, 2, 1]} : (tensor<1x2x3xf32>) -> tensor<1x2x3xf32>
  return
}

// The frontend families (nn.c, tensor_ops.c, indexing.c): shapes flow
// through MatMul, Conv, pooling, Reshape (0 copies, -1 takes the rest),
// reductions and gathers as ONNX's shape inference gives them; `shapes`
// shows the inferred types of the tensor<*xf32> results.
func.func @frontend(%x: tensor<1x3x32x32xf32>, %w: tensor<8x3x3x3xf32>, %m: tensor<4x5xf32>, %n: tensor<5x6xf32>) {
  %none = "onnx.NoValue"() {value} : () -> none
  %0 = "onnx.Conv"(%x, %w, %none) {pads = [1, 1, 1, 1], strides = [2, 2]} : (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>, none) -> tensor<*xf32>
  %1 = "onnx.MaxPool"(%0) {kernel_shape = [2, 2], strides = [2, 2]} : (tensor<*xf32>) -> tensor<*xf32>
  %shape = onnx.Constant dense<[0, -1]> : tensor<2xi64>
  %2 = "onnx.Reshape"(%1, %shape) : (tensor<*xf32>, tensor<2xi64>) -> tensor<*xf32>
  %3 = "onnx.MatMul"(%m, %n) : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<*xf32>
  %axes = onnx.Constant dense<[1]> : tensor<1xi64>
  %4 = "onnx.ReduceSum"(%3, %axes) {keepdims = 0 : si64} : (tensor<*xf32>, tensor<1xi64>) -> tensor<*xf32>
  return
}

// What ONNX's reference shape inference (onnx.shape_inference.infer_shapes,
// strict_mode) or onnx-mlir's verifier rejects is an error (Gather's axis,
// GatherND's index tuples, ScatterND's updates, TopK's K, MatMulInteger's
// zero points, Softmax's axis); what only the specification forbids
// (Squeeze's axes: ONNX 1.12's inference ignores them, like Gemm's C above),
// or what onnx-mlir's verifier accepts in its own tests (MatMul's K, a
// Reshape that does not fit), is a spec-violation warning.
func.func @frontend_errors(%d: tensor<3x4xf32>, %i: tensor<2xi64>, %j: tensor<2x3xi64>, %u: tensor<2x5xf32>, %k: tensor<1x1xi64>, %a: tensor<5x16x32xui8>, %b: tensor<5x32x64xui8>, %za: tensor<5x16x2xui8>) {
  // Wrong: axis 2 of a rank-2 tensor.
  %0 = "onnx.Gather"(%d, %i) {axis = 2 : si64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<*xf32>
  // Wrong: index tuples of 3 into a rank-2 tensor.
  %1 = "onnx.GatherND"(%d, %j) : (tensor<3x4xf32>, tensor<2x3xi64>) -> tensor<*xf32>
  %idx = onnx.Constant dense<[[0], [1]]> : tensor<2x1xi64>
  // Wrong: ScatterND's updates must be 2x4 (indices 2x1, then data's dim 1).
  %2 = "onnx.ScatterND"(%d, %idx, %u) : (tensor<3x4xf32>, tensor<2x1xi64>, tensor<2x5xf32>) -> tensor<3x4xf32>
  // Wrong: K must be a scalar or a 1-D tensor of one element.
  %3:2 = "onnx.TopK"(%d, %k) : (tensor<3x4xf32>, tensor<1x1xi64>) -> (tensor<*xf32>, tensor<*xi64>)
  %nv = "onnx.NoValue"() {value} : () -> none
  // Wrong: a zero point of A's rank has a 1 at A's last dim.
  %4 = "onnx.MatMulInteger"(%a, %b, %za, %nv) : (tensor<5x16x32xui8>, tensor<5x32x64xui8>, tensor<5x16x2xui8>, none) -> tensor<5x16x64xi32>
  // Warning (spec-violation): MatMul's K differs (4 columns against 2 rows);
  // ONNX's inference rejects it, onnx-mlir's verifier accepts it.
  %5 = "onnx.MatMul"(%d, %u) : (tensor<3x4xf32>, tensor<2x5xf32>) -> tensor<*xf32>
  %bad = onnx.Constant dense<[5, -1]> : tensor<2xi64>
  // Warning (spec-violation): 12 elements do not divide into rows of 5.
  %6 = "onnx.Reshape"(%d, %bad) : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<*xf32>
  %ax = onnx.Constant dense<[3]> : tensor<1xi64>
  // Warning (spec-violation): axis 3 of a rank-2 tensor; ONNX 1.12 ignores it.
  %7 = "onnx.Squeeze"(%d, %ax) : (tensor<3x4xf32>, tensor<1xi64>) -> tensor<*xf32>
  // Wrong: axis 2 of a rank-2 tensor (ONNX's inference rejects it).
  %8 = "onnx.Softmax"(%d) {axis = 2 : si64} : (tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// DepthToSpace, GridSample, ConstantOfShape and If (rearrange.c and the
// conditional family): shapes flow; what onnx-mlir's verifiers reject is an error.
func.func @rearrange(%x: tensor<1x256x8x16xf32>, %g: tensor<1x6x5x2xf32>, %c: tensor<i1>, %a: tensor<3xf32>) {
  %0 = "onnx.DepthToSpace"(%x) {blocksize = 4 : si64} : (tensor<1x256x8x16xf32>) -> tensor<*xf32>
  %img = "onnx.Constant"() {value = dense<1.0> : tensor<1x3x4x4xf32>} : () -> tensor<1x3x4x4xf32>
  %1 = "onnx.GridSample"(%img, %g) {mode = "linear"} : (tensor<1x3x4x4xf32>, tensor<1x6x5x2xf32>) -> tensor<*xf32>
  %s = onnx.Constant dense<[2, 3]> : tensor<2xi64>
  %2 = "onnx.ConstantOfShape"(%s) : (tensor<2xi64>) -> tensor<*xf32>
  // Wrong: 256 channels are not divisible by 7 * 7.
  %3 = "onnx.DepthToSpace"(%x) {blocksize = 7 : si64} : (tensor<1x256x8x16xf32>) -> tensor<*xf32>
  // Wrong: the then branch returns two values for one result.
  %4 = "onnx.If"(%c) ({
    onnx.Yield %a, %a : tensor<3xf32>, tensor<3xf32>
  }, {
    onnx.Yield %a : tensor<3xf32>
  }) : (tensor<i1>) -> tensor<*xf32>
  return
}
