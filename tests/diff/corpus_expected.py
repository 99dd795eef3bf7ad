#!/usr/bin/python3
"""corpus_expected.py: `check` against the real corpus's own verifier tests.

The files of ../shared/corpus/real/ that carry `// expected-error`
annotations are verifier tests written by the dialects' authors. For every
annotation on a *broadcasting op* (the families in BROADCASTING below) this
tells whether `mlir-shape check --split-input-file` reports an error on the
annotated line, and it lists every error `check` reports on a line where the
file expects none (a false positive, whatever the op).

Annotations whose message is about something mlir-shape does not model
(element types, quantization parameters, attributes' enum values, legalization
passes) are counted apart as "out of scope": they are not shape findings.

usage: corpus_expected.py BUILD/mlir-shape [--corpus=DIR] [--quick] [--verbose]
  --quick    only the files that hold annotations on broadcasting ops
Prints `found F of N`, the known differences (KNOWN, with reasons), the
misses and the unexpected errors, then `N passed, M failed` (one pass per
annotation found, one failure per miss or unexpected error not in KNOWN);
exits 1 when anything failed.
"""
import fnmatch
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import annotated_files, corpus_args, expectations  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "corpus", "real"))

# The ops whose shapes broadcast (implicitly or explicitly), by family.
BROADCASTING = [
    "test.broadcastable",
    "chlo.broadcast_*",
    "stablehlo.broadcast", "stablehlo.broadcast_in_dim", "stablehlo.dynamic_broadcast_in_dim",
    "mhlo.broadcast", "mhlo.broadcast_in_dim", "mhlo.dynamic_broadcast_in_dim",
    "stablehlo.clamp", "stablehlo.select", "mhlo.clamp", "mhlo.select",
    "tfl.add", "tfl.sub", "tfl.mul", "tfl.div", "tfl.maximum", "tfl.minimum", "tfl.pow",
    "tfl.squared_difference", "tfl.floor_div", "tfl.floor_mod", "tfl.equal", "tfl.not_equal",
    "tfl.less", "tfl.less_equal", "tfl.greater", "tfl.greater_equal", "tfl.logical_and",
    "tfl.logical_or", "tfl.select_v2", "tfl.prelu", "tfl.broadcast_to",
    "tf.AddV2", "tf.Add", "tf.Sub", "tf.Mul", "tf.RealDiv", "tf.Div", "tf.FloorDiv", "tf.FloorMod",
    "tf.Maximum", "tf.Minimum", "tf.Pow", "tf.SquaredDifference", "tf.Equal", "tf.NotEqual",
    "tf.Less", "tf.LessEqual", "tf.Greater", "tf.GreaterEqual", "tf.LogicalAnd", "tf.LogicalOr",
    "tf.SelectV2", "tf.BroadcastTo",
    "onnx.Add", "onnx.Sub", "onnx.Mul", "onnx.Div", "onnx.Pow", "onnx.Mod", "onnx.And", "onnx.Or",
    "onnx.Xor", "onnx.BitShift", "onnx.BitwiseAnd", "onnx.BitwiseOr", "onnx.BitwiseXor",
    "onnx.Equal", "onnx.Greater", "onnx.GreaterOrEqual", "onnx.Less", "onnx.LessOrEqual",
    "onnx.Max", "onnx.Min", "onnx.Mean", "onnx.Sum", "onnx.Where", "onnx.PRelu", "onnx.Gemm",
    "onnx.Expand",
    "tosa.add", "tosa.sub", "tosa.mul", "tosa.pow", "tosa.maximum", "tosa.minimum", "tosa.select",
    "tosa.intdiv", "tosa.equal", "tosa.greater", "tosa.greater_equal",
    "torch.aten.add.Tensor", "torch.aten.sub.Tensor", "torch.aten.mul.Tensor",
    "torch.aten.div.Tensor", "torch.aten.maximum", "torch.aten.minimum", "torch.aten.where.self",
    "torch.aten.eq.Tensor",
]

# Messages about what mlir-shape does not model: not shape findings.
OUT_OF_SCOPE = re.compile(
    r"element type|quantiz|scale|zero_point|must be tensor of|must be variadic of|"
    r"failed to satisfy constraint|failed to legalize|expected ranked tensor type|"
    r"requires at least one operand|"
    r"mismatched operand types|compatible types for non-predicate|"
    r"fmod must be|^not ranked$", re.I)
INCOMPATIBLE = re.compile(r"inferred type\(s\) '([^']*)' are incompatible with return type\(s\) of operation '([^']*)'")
SHAPE = re.compile(r"^(?:tensor|vector)<((?:[0-9?]+x)*)")


def out_of_scope(msg):
    """Not a shape finding: element types, quantization, attributes, passes.
    An inferred/declared type mismatch is a shape finding iff the shapes differ."""
    if OUT_OF_SCOPE.search(msg):
        return True
    m = INCOMPATIBLE.search(msg)
    if m:
        a, b = SHAPE.match(m.group(1)), SHAPE.match(m.group(2))
        return bool(a and b and a.group(1) == b.group(1))
    return False

# Annotations and errors known to differ, each with its reason; they are
# listed as "known", not counted as failures. Keep this short and honest.
KNOWN = {
    ("litert/tflite/converter/tests/ops.mlir", 487):
        "tfl.mul: equal shapes required because the operands are QI16 and the result QUI8 "
        "(element-type dependent, not modelled)",
    ("llvm/mlir/test/Dialect/traits.mlir", 117):
        "version drift: mlir-opt-22 accepts (?, ?) -> 2 (corpus README, Surprises)",
    ("stablehlo/stablehlo/tests/print_types_invalid.mlir", 86):
        "a second syntax error in a chunk whose first error is expected (mlir-opt stops at the first)",
}

OP_NAME = re.compile(r'(?:=\s*|^\s*)"?([a-z_][a-z0-9_]*\.[A-Za-z0-9_.]+)"?')


def op_on(line):
    code = line.split("//")[0]
    m = OP_NAME.search(code)
    return m.group(1) if m else None


def check_errors(binary, path):
    """0-based lines of the errors `check` reports in path."""
    p = subprocess.run([binary, "check", "--format=json", "--split-input-file", path],
                       capture_output=True, text=True)
    if p.returncode not in (0, 1):
        raise RuntimeError("%s: check failed: %s" % (path, p.stderr.strip()))
    data = json.loads(p.stdout)
    errs = {}
    for d in data.get("diagnostics", []):
        if d.get("severity") != "error":
            continue
        line = d["range"]["start"]["line"] if "range" in d else d["line"] - 1
        errs.setdefault(line, []).append(d.get("message", ""))
    return errs


def is_broadcasting(op):
    return op is not None and any(fnmatch.fnmatchcase(op, p) for p in BROADCASTING)


def main():
    args = corpus_args(sys.argv, __doc__.strip().split("\n\n")[-2], DEFAULT_CORPUS)
    if args is None:
        return 2
    binary, corpus, opts = args
    quick = "--quick" in opts
    verbose = "--verbose" in opts
    if not os.path.isdir(corpus):
        print("corpus not found: %s" % corpus)
        print("0 passed, 0 failed")
        return 0
    files = annotated_files(corpus)
    found = total = scope_out = 0
    misses, unexpected, known = [], [], []
    for path, lines in files:
        exps = expectations(lines)
        relevant = [(t, m) for t, m in exps if 0 <= t < len(lines) and is_broadcasting(op_on(lines[t]))]
        if quick and not relevant:
            continue
        errs = check_errors(binary, path)
        rel = os.path.relpath(path, corpus)
        expected_lines = {t for t, _ in exps}
        # "failed to infer returned types" comes with the reason on the same
        # line: it is in scope when the reason is.
        scoped = {}
        for t, msg in relevant:
            if "failed to infer returned types" not in msg:
                scoped[t] = scoped.get(t, False) or not out_of_scope(msg)
        for t, msg in relevant:
            if out_of_scope(msg) or ("failed to infer returned types" in msg and not scoped.get(t, True)):
                scope_out += 1
                continue
            total += 1
            if t in errs:
                found += 1
            elif (rel, t + 1) in KNOWN:
                known.append("%s:%d: %s" % (rel, t + 1, KNOWN[(rel, t + 1)]))
            else:
                misses.append("%s:%d: %s: %s" % (rel, t + 1, op_on(lines[t]), msg))
        for t in sorted(errs):
            if t in expected_lines:
                continue
            if (rel, t + 1) in KNOWN:
                known.append("%s:%d: unexpected: %s" % (rel, t + 1, KNOWN[(rel, t + 1)]))
            else:
                unexpected.append("%s:%d: %s" % (rel, t + 1, errs[t][0]))
    print("files with expected-error: %d; annotations on broadcasting ops: %d in scope "
          "(%d out of scope: element types, quantization, ...)" % (len(files), total, scope_out))
    print("found %d of %d; unexpected errors: %d" % (found, total, len(unexpected)))
    for k in known:
        print("  known: " + k)
    for m in misses:
        print("  missed: " + m)
    for u in unexpected[: None if verbose else 40]:
        print("  unexpected: " + u)
    if len(unexpected) > 40 and not verbose:
        print("  ... %d more unexpected (--verbose)" % (len(unexpected) - 40))
    failed = len(misses) + len(unexpected)
    print("%d passed, %d failed" % (found, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
