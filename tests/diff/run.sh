#!/usr/bin/env bash
# tests/diff/run.sh BUILD/mlir-shape: differential tests against the
# reference implementations (make test-diff):
#   - the mlir rule (calculator and `check`) against mlir-opt-22 on random
#     "test.broadcastable" ops;
#   - the tosa catalog against mlir-opt-22 on random tosa ops;
#   - structured ops (structured_diff.py: tosa matmul, gather, scatter, conv2d, conv3d,
#     depthwise_conv2d, transpose_conv2d, avg_pool2d, max_pool2d) against
#     mlir-opt-22's verdicts and --tosa-infer-shapes;
#   - tosa resize, table, fft2d, rfft2d, rescale, cond_if, while_loop and the
#     shape operands of reshape/tile/slice/pad (tosa_ops_diff.py) against
#     mlir-opt-22's verdicts and --tosa-infer-shapes;
#   - shapes flowing through chains of ops (tosa in pretty and generic form,
#     test.broadcastable, tf/tfl)
#     against mlir-opt-22 --tosa-infer-shapes and refine-then-verify;
#   - the numpy rule against NumPy's broadcast_shapes;
#   - torch-mlir's aten ops (pretty form, !torch.vtensor) against NumPy;
#   - torch-mlir's structured aten ops against PyTorch (meta and CPU tensors;
#     TORCH_OPS_CASES graphs, default 300, about 5 s; more: e.g. 5000);
#   - `check` against the real corpus's own verifier tests (../shared/corpus:
#     every expected-error on a broadcasting op found, no unexpected error).
#   - the upstream catalogs (arith/math, vector, linalg, tensor, tosa) against
#     mlir-opt-22 on random functions in generic and pretty form
#     (UPSTREAM_CASES per family and form, default 100, about 8 s; more: e.g. 1000),
#     by function and by the op's line.
#   - result names bound to generic ops (bind_diff.py: the parser's
#     "cannot name an operation with no results" and "operation defines N
#     results but was provided M to bind") against mlir-opt-22;
#   - ONNX's structured ops (onnx_diff.py) against onnx.shape_inference
#     (python3-onnx) with strict_mode: verdicts and every refined type.
# Each script prints `N passed, M failed`; this prints the total the same way.
set -uo pipefail
bin=${1:?usage: tests/diff/run.sh BUILD/mlir-shape}
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3   # Debian's python3, which has python3-numpy
passed=0 failed=0
run() {
  local out rc
  out=$("$py" "$@" 2>&1); rc=$?
  echo "$out" | sed 's/^/  /'
  local line
  line=$(echo "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
  if [ -z "$line" ] || [ $rc -ne 0 ]; then failed=$((failed + 1)); echo "  FAILED: $*"; return; fi
  passed=$((passed + 1))
}
echo "diff: mlir rule vs mlir-opt-22 (calculator)"
run "$here/mlir_diff.py" "$bin"
echo "diff: mlir rule vs mlir-opt-22 (check --format=json)"
run "$here/mlir_diff.py" "$bin" --via-check --seed=7 --cases=600
echo "diff: tosa catalog vs mlir-opt-22 (check --format=json)"
run "$here/tosa_diff.py" "$bin"
echo "diff: structured ops (tosa matmul, gather, scatter, convolutions, pooling) vs mlir-opt-22 (verdicts; --tosa-infer-shapes types)"
# Every disagreement fails (STRUCTURED_CASES: more, e.g. 5000).
run "$here/structured_diff.py" "$bin" --cases="${STRUCTURED_CASES:-350}"
echo "diff: tosa resize, table, fft2d, rfft2d, rescale vs mlir-opt-22 (verdicts; --tosa-infer-shapes types; TOSA_OPS_CASES: more)"
run "$here/tosa_ops_diff.py" "$bin" --cases="${TOSA_OPS_CASES:-300}" --seed=4
echo "diff: shapes through tosa.cond_if / tosa.while_loop regions vs --tosa-infer-shapes, every value, both forms and as mlir-opt-22 prints them (TOSA_REGIONS_CASES: more)"
run "$here/tosa_regions_diff.py" "$bin" --cases="${TOSA_REGIONS_CASES:-60}" --seed=2 --printed
echo "diff: dataflow chains vs mlir-opt-22 (--tosa-infer-shapes; refine-then-verify)"
run "$here/chain_diff.py" "$bin" --cases="${CHAIN_CASES:-200}"
echo "diff: numpy rule vs numpy.broadcast_shapes"
run "$here/numpy_diff.py" "$bin"
echo "diff: torch-mlir aten ops (rules/torch.json) vs numpy.broadcast_shapes (check --format=json)"
run "$here/torch_diff.py" "$bin"
echo "diff: torch-mlir structured aten ops (rules/torch.json) vs PyTorch meta and CPU (verdicts; shapes --format=json)"
run "$here/torch_ops_diff.py" "$bin" --cases="${TORCH_OPS_CASES:-300}"
echo "diff: the corpus's expected-error annotations on broadcasting ops (check --split-input-file)"
run "$here/corpus_expected.py" "$bin"
echo "diff: every shape-related expected-error of the corpus's StableHLO/CHLO/MHLO verifier tests (check --split-input-file)"
run "$here/corpus_shapes.py" "$bin"
echo "diff: tensor-producing StableHLO/MHLO/CHLO ops of the corpus with a shape function (>= 95%)"
run "$here/hlo_coverage.py" "$bin"
echo "diff: StableHLO's inference tests (hlo_test_infer.get_return_types) vs shapes"
run "$here/infer_shapes.py" "$bin"
echo "diff: linalg/tensor structured ops vs mlir-opt-22 (generic and pretty form, by the op's line; LINALG_CASES: more)"
# A random seed fails on a false error only (a miss, such as an op past 16
# operands, is counted in the figures); a fixed seed must agree everywhere.
run "$here/linalg_diff.py" "$bin" --false-errors-only --cases="${LINALG_CASES:-300}"
run "$here/linalg_diff.py" "$bin" --seed=1 --cases=600
# vector.mask (outside the default stream; transfers' and contractions' masks from their maps too):
# a random seed fails on a false error only, a fixed seed must agree everywhere.
LINALG_DIFF_ONLY=vector.mask run "$here/linalg_diff.py" "$bin" --false-errors-only --cases="${MASK_CASES:-200}"
LINALG_DIFF_ONLY=vector.mask run "$here/linalg_diff.py" "$bin" --seed=5331 --cases=200
echo "diff: upstream catalogs vs mlir-opt-22 (generic and pretty form)"
run "$here/upstream_diff.py" "$bin" --cases="${UPSTREAM_CASES:-100}"
echo "diff: upstream catalogs vs mlir-opt-22, error lines (the op's line)"
run "$here/upstream_diff.py" "$bin" --cases=40 --seed=7 --by-line=1
echo "diff: result names bound to generic ops vs mlir-opt-22 (cannot name an operation with no results; defines N results but was provided M; verdicts and messages; BIND_CASES: more)"
run "$here/bind_diff.py" "$bin" --cases="${BIND_CASES:-300}" --seed=11
echo "diff: the corpus's ONNX/TFLite/TF shape annotations (regression guard: 151 of 151 found)"
run "$here/corpus_shapes.py" "$bin" --dialects=onnx.,tfl.,tf. --min-found=151
echo "diff: ONNX structured ops vs onnx.shape_inference strict_mode (ONNX_CASES, default 300; more: e.g. 5000)"
run "$here/onnx_diff.py" "$bin" --cases="${ONNX_CASES:-300}"
echo "diff: TensorFlow refine-only ops and TFLite conv/pool/fully_connected/batch_matmul/gather vs their shape functions (NumPy, GetWindowedOutputSize) and verifiers"; run "$here/tf_shapes_diff.py" "$bin" --cases="${TF_CASES:-300}"
echo "diff: $passed passed, $failed failed"
[ $failed -eq 0 ]
