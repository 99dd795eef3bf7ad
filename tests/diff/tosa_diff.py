#!/usr/bin/python3
"""tosa_diff.py: mlir-shape's tosa catalog (rules/tosa.json) against mlir-opt-22.

LLVM 22's tosa elementwise ops require equal operand ranks and broadcast only
size-1 dims; tosa.mul checks the result's rank but not its dims. This writes
random generic tosa ops (add, sub, maximum, minimum, pow, mul with its shift
operand, select with an i1 condition) with random ranked (static 1-3, `?`)
and unranked f32 operands and results, all in ONE file, runs
`mlir-opt-22 --split-input-file` once, and compares its verdict per op with
`mlir-shape check --format=json` (rejected iff an error lies on the op's line).

usage: tosa_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
Prints the seed, the disagreements and `N passed, M failed`; exits 1 on any
disagreement.
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import check_rejected, mlir_opt_rejected, parse_args, report, write_functions  # noqa: E402

BINARY_OPS = ["tosa.add", "tosa.sub", "tosa.maximum", "tosa.minimum", "tosa.pow"]
DIMS = ["1", "2", "3", "?"]


def shaped(dims, elem):
    if dims is None:
        return "tensor<*x%s>" % elem
    return "tensor<" + "".join(d + "x" for d in dims) + elem + ">"


def rand_dims(rng, rank):
    if rng.random() < 0.1:
        return None
    return [rng.choice(DIMS) for _ in range(rank)]


def make_case(rng):
    kind = rng.choice(BINARY_OPS + ["tosa.mul", "tosa.select"])
    rank = rng.randint(1, 3)
    nops = 3 if kind == "tosa.select" else 2
    dims = []
    for _ in range(nops):
        r = rank if rng.random() < 0.8 else rng.randint(0, 3)
        dims.append(rand_dims(rng, r))
    res = rand_dims(rng, rank if rng.random() < 0.85 else rng.randint(0, 3))
    types = [shaped(d, "f32") for d in dims]
    if kind == "tosa.select":
        types[0] = shaped(dims[0], "i1")
    return kind, types, shaped(res, "f32")


def write_file(path, cases):
    funcs = []
    for kind, types, res in cases:
        args = list(types) + (["tensor<1xi8>"] if kind == "tosa.mul" else [])
        vals = ", ".join("%%a%d" % j for j in range(len(args)))
        funcs.append((", ".join("%%a%d: %s" % (j, t) for j, t in enumerate(args)),
                      ['  %%0 = "%s"(%s) : (%s) -> %s' % (kind, vals, ", ".join(args), res)], 0))
    return write_functions(path, funcs)


def main(argv):
    args = parse_args(argv, 20261121)
    if args is None:
        return 2
    binary, n, seed, keep = args["binary"], args["cases"], args["seed"], args["keep"]
    print("tosa_diff: seed %d, %d cases" % (seed, n))
    rng = random.Random(seed)
    cases = [make_case(rng) for _ in range(n)]
    tmpdir = tempfile.mkdtemp(prefix="tosa_diff.")
    path = keep or os.path.join(tmpdir, "cases.mlir")
    op_lines = write_file(path, cases)
    ref, _ = mlir_opt_rejected(path, op_lines)
    got, detail = check_rejected(binary, path, op_lines)
    described = ["%s (%s) -> %s" % (kind, ", ".join(types), res) for kind, types, res in cases]
    return report(ref, got, op_lines, described, detail, None if keep else path)

if __name__ == "__main__":
    sys.exit(main(sys.argv))
