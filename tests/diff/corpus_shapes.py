#!/usr/bin/python3
"""corpus_shapes.py: every shape-related `expected-error` of the corpus's
StableHLO, CHLO and MHLO verifier tests, found or missed, by op.

The successor of corpus_expected.py (which counts the broadcasting ops of
every dialect) for the structured ops: the verifier tests are the files of
../shared/corpus/real whose RUN line only verifies (`-verify-diagnostics`,
`-split-input-file`, `-allow-unregistered-dialect`, `--hlo-test-infer`: no
transformation pass) and whose annotations sit on stablehlo./chlo./mhlo.
ops. An annotation is *shape-related* when its message is about dims, ranks,
shapes, windows, dimension numbers or a declared result that contradicts
the inferred one with another shape (SHAPE_WORDS), and not about element
types, quantization, attributes' enum values, parsing or layouts
(NOT_SHAPE); "failed to infer returned types" counts with the reason on the
same line. For each one this tells whether `mlir-shape check
--split-input-file` reports an error on the annotated line; it also lists
every error `check` reports on a line of those files where none is
expected (a false positive).

usage: corpus_shapes.py BUILD/mlir-shape [--corpus=DIR] [--verbose] [--min-found=N]
                        [--dialects=onnx.,tfl.,tf.]  (prefixes counted; default StableHLO/CHLO/MHLO)
Prints `found F of N` with a line per op (found/total), the misses
(--verbose) and the unexpected errors, then `N passed, M failed`: a failure
per unexpected error, and one when fewer than --min-found (default
MIN_FOUND) annotations are found; exits 1 when anything failed.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_expected as ce  # noqa: E402
from difflib_ms import annotated_files, corpus_args, expectations  # noqa: E402

# Raised as the algebra grows: a regression guard, not a target.
MIN_FOUND = 456

DIALECTS = ("stablehlo.", "chlo.", "mhlo.")
VERIFY_ONLY = {"-verify-diagnostics", "--verify-diagnostics", "-split-input-file", "--split-input-file",
               "-allow-unregistered-dialect", "--allow-unregistered-dialect", "--hlo-test-infer", "-tfl-runtime-verify"}
SHAPE_WORDS = re.compile(
    r"dim|rank|shape|size|window|stride|padding|dilation|bound|spatial|batch|feature|contracting|"
    r"out of range|in-range|inferred|same number|unique|duplicat|compatible|group|length|divisible|"
    r"multiple of|parameters|arguments|zero-ranked|must have \d|slice|index|offset|scatter|gather|"
    r"permutation|split|concat|count|operand|result", re.I)
NOT_SHAPE = re.compile(
    r"element type|element-type|promotable|quantiz|precision|tuple<|custom op|expected '|unexpected|"
    r"failed parsing|failed to parse|expected integer|expected valid|algorithm|layout|expected array|"
    r"channel|replica|source_target|token|must be tensor of|must be variadic|failed to satisfy constraint|"
    r"failed to legalize|scale|zero.point|expected.*attribute|unknown|not supported|comparison_type|"
    r"result_accuracy|tolerance|is_host_transfer|has_side_effect|call_target|backend|api_version|"
    r"output_operand_alias|called_computations|composite|decomposition|version|mesh|axes", re.I)


def shape_related(msg):
    if NOT_SHAPE.search(msg):
        return False
    m = ce.INCOMPATIBLE.search(msg)
    if m:
        return not ce.out_of_scope(msg)
    return bool(SHAPE_WORDS.search(msg))


def verify_only(lines):
    runs = [l for l in lines[:30] if "RUN:" in l]
    if not runs:
        return False
    cmd = runs[0].split("RUN:", 1)[1].split("|")[0].split()
    return bool(cmd) and all(a in VERIFY_ONLY or a == "%s" or i == 0 for i, a in enumerate(cmd))


def in_dialects(op):
    return op is not None and op.startswith(DIALECTS)


def main():
    args = corpus_args(sys.argv, __doc__.strip().split("\n\n")[-1], ce.DEFAULT_CORPUS)
    if args is None:
        return 2
    binary, corpus, opts = args
    verbose, min_found = "--verbose" in opts, MIN_FOUND
    for o in opts:
        if o.startswith("--min-found="):
            min_found = int(o.split("=", 1)[1])
        elif o.startswith("--dialects="):
            global DIALECTS
            DIALECTS = tuple(d for d in o.split("=", 1)[1].split(",") if d)
    if not os.path.isdir(corpus):
        print("corpus not found: %s" % corpus)
        print("0 passed, 0 failed")
        return 0
    files = annotated_files(corpus, verify_only)
    by_op, misses, unexpected = {}, [], []
    found = total = 0
    for path, lines in files:
        exps = [(t, m) for t, m in expectations(lines) if 0 <= t < len(lines)]
        ops = {t: ce.op_on(lines[t]) for t, _ in exps}
        if not any(in_dialects(o) for o in ops.values()):
            continue
        rel = os.path.relpath(path, corpus)
        reasons = {}
        for t, msg in exps:
            if "failed to infer returned types" not in msg:
                reasons[t] = reasons.get(t, False) or shape_related(msg)
        counted = set()
        for t, msg in exps:
            op = ops[t]
            if not in_dialects(op) or t in counted:
                continue
            ok = reasons.get(t, False) if "failed to infer returned types" in msg else shape_related(msg)
            if not ok:
                continue
            counted.add(t)
            total += 1
            e = by_op.setdefault(op, [0, 0])
            e[1] += 1
            errs = check(binary, path)
            if t in errs:
                found += 1
                e[0] += 1
            else:
                misses.append("%s:%d: %s: %s" % (rel, t + 1, op, msg))
        expected_lines = {t for t, _ in exps}
        for t in sorted(check(binary, path)):
            if t not in expected_lines and (rel, t + 1) not in ce.KNOWN:
                unexpected.append("%s:%d: %s" % (rel, t + 1, "; ".join(check(binary, path)[t])))
    print("found %d of %d shape-related annotations in %d verifier test files" % (found, total, len(files)))
    for op in sorted(by_op, key=lambda o: (-by_op[o][1], o)):
        print("  %-40s %3d / %3d" % (op, by_op[op][0], by_op[op][1]))
    if verbose:
        for m in misses:
            print("missed: " + m)
    for u in unexpected:
        print("unexpected error: " + u)
    failed = len(unexpected) + (1 if found < min_found else 0)
    if found < min_found:
        print("found %d, fewer than the %d required" % (found, min_found))
    print("%d passed, %d failed" % (found, failed))
    return 1 if failed else 0


_cache = {}


def check(binary, path):
    if path not in _cache:
        _cache[path] = ce.check_errors(binary, path)
    return _cache[path]


if __name__ == "__main__":
    sys.exit(main())
