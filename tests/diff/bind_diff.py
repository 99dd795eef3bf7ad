#!/usr/bin/python3
"""bind_diff.py: result names bound to generic ops against mlir-opt-22.

MLIR's parser rejects, whatever the op, a generic op named with another
number of results than its functional type lists: "cannot name an
operation with no results", "operation defines N results but was provided
M to bind" (at the first name). Random generic ops of an unregistered
dialect (so no verifier speaks) with 0 to 10 result types of many
spellings (a parenthesized list or one type, function types, tuples,
scalable vectors, strided memrefs, dialect types with parentheses inside),
no names, as many as the types or another count, in groups (`%a:2, %b`),
with a region or not. Each op in a function of its own, one file with
`--split-input-file`; mlir-opt-22 --allow-unregistered-dialect rejects the
op's line iff `mlir-shape check --format=json` has an error there, and
where both reject, the messages are the same.

usage: bind_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
Prints the seed, the disagreements, the figures and `N passed, M failed`;
exits 1 on any disagreement.
"""
import os
import re
import subprocess
import sys

from difflib_ms import check_diagnostics, seeded_args, write_split

TYPES = ["i32", "f32", "tensor<2xf32>", "!llvm.ptr", "tuple<i32, f32>", "(i32) -> i32", "vector<[4]xf32>",
         "memref<?xf32, strided<[1], offset: ?>>", "complex<f32>", "!x.y<(i32, i32)>"]


def one_op(rng, k):
    """A function of one generic op: its text and the op's line in it (0-based)."""
    nres = rng.choice([0, 0, 1, 1, 2, 3, 9, 10])
    rt = [rng.choice(TYPES) for _ in range(nres)]
    if nres == 1 and rng.random() < 0.6:
        res = "(%s)" % rt[0] if "->" in rt[0] else rt[0]
    else:
        res = "(" + ", ".join(rt) + ")"
    names = ""
    if rng.random() >= 0.3:
        total = nres if rng.random() < 0.5 else rng.randint(0, 4)
        groups, left = [], total
        while True:
            c = rng.randint(1, left) if left > 0 else 1
            groups.append("%%v%d_%d" % (k, len(groups)) + (":%d" % c if c > 1 or rng.random() < 0.2 else ""))
            left -= c
            if left <= 0:
                break
        names = ", ".join(groups) + " = "
    region = ' ({\n    "a.t"() : () -> ()\n  })' if rng.random() < 0.2 else ""
    return "func.func @f%d() {\n  %s\"a.op\"()%s : () -> %s\n  return\n}\n" % (k, names, region, res), 1


def main(argv):
    args, rng = seeded_args(argv)
    if args is None:
        return 2
    chunks, op_lines, line = [], [], 1
    for k in range(args["cases"]):
        text, off = one_op(rng, k)
        chunks.append(text)
        op_lines.append(line + off)
        line += text.count("\n") + 1
    path = write_split(args, chunks)
    proc = subprocess.run(["mlir-opt-22", "--allow-unregistered-dialect", "--split-input-file", path, "-o",
                           os.devnull], capture_output=True, text=True)
    ref = {}
    for m in re.finditer(r"^" + re.escape(path) + r":(\d+):\d+: error: (.*)$", proc.stderr, re.M):
        ref.setdefault(int(m.group(1)), m.group(2))
    got = {}
    for d in check_diagnostics(args["binary"], path):
        if d.get("severity") == "error":
            got.setdefault(d["range"]["start"]["line"] + 1, d.get("message", ""))
    if not args["keep"]:
        os.unlink(path)
    failed = false_errors = 0
    for ln in op_lines:
        r, g = ref.get(ln), got.get(ln)
        if (r is None) != (g is None) or (r is not None and r != g):
            failed += 1
            false_errors += r is None
            if failed <= 20:
                print("DISAGREE line %d: mlir-opt %r, mlir-shape %r" % (ln, r, g))
    total = len(op_lines)
    rejected = sum(ln in ref for ln in op_lines)
    print("verdicts and messages: %d of %d agree, rejected by mlir-opt-22: %d, false errors: %d" % (
        total - failed, total, rejected, false_errors))
    print("%d passed, %d failed" % (total - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
