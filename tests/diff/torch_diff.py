#!/usr/bin/python3
"""torch_diff.py: rules/torch.json's aten ops against NumPy's broadcasting.

PyTorch broadcasts like NumPy ("Broadcasting semantics" in its docs), and
torch-mlir's aten ops take its semantics. This writes random aten ops in the
pretty form torch-mlir prints (`%0 = torch.aten.add.Tensor %a, %b, %int1 :
!torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int ->
!torch.vtensor<[2,3],f32>`): add/sub (with their alpha scalar), mul, div,
maximum, minimum, eq (two tensors) and where.self (three), static shapes,
some operands and results `!torch.vtensor` (sizes unknown), results either
the broadcast shape or a wrong one. The reference verdict: rejected iff
numpy.broadcast_shapes raises or a ranked result differs from its answer;
`mlir-shape check --format=json` rejects iff an error lies on the op's line.

usage: torch_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
Prints the seed, the disagreements and `N passed, M failed`; exits 1 on any
disagreement.
"""
import os
import random
import sys
import tempfile

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import check_rejected, parse_args, report, write_functions  # noqa: E402

BINARY = ["torch.aten.mul.Tensor", "torch.aten.div.Tensor", "torch.aten.maximum", "torch.aten.minimum",
          "torch.aten.eq.Tensor"]
ALPHA = ["torch.aten.add.Tensor", "torch.aten.sub.Tensor"]


def vtensor(dims, dtype="f32"):
    if dims is None:
        return "!torch.vtensor"
    return "!torch.vtensor<[%s],%s>" % (",".join(str(d) for d in dims), dtype)


def rand_dims(rng):
    if rng.random() < 0.08:
        return None
    return [rng.choice([1, 1, 2, 3, 4]) for _ in range(rng.randint(0, 3))]


def broadcast(shapes):
    ranked = [tuple(s) for s in shapes if s is not None]
    try:
        return list(numpy.broadcast_shapes(*ranked)) if ranked else None
    except ValueError:
        return "error"


def wrong(rng, dims):
    dims = list(dims)
    if dims and rng.random() < 0.6:
        i = rng.randrange(len(dims))
        dims[i] = dims[i] + rng.choice([1, 2])
    elif rng.random() < 0.5:
        dims = [2] + dims
    elif dims:
        dims = dims[1:]
    else:
        dims = [3]
    return dims


def make_case(rng):
    kind = rng.choice(BINARY + ALPHA + ["torch.aten.where.self"])
    n = 3 if kind == "torch.aten.where.self" else 2
    shapes = [rand_dims(rng) for _ in range(n)]
    if any(s is not None for s in shapes) and any(s is None for s in shapes) and rng.random() < 0.5:
        shapes = [s if s is not None else [1] for s in shapes]
    ref = broadcast(shapes)
    rejected = ref == "error"
    if rejected or ref is None or rng.random() < 0.15:
        result = None if rejected or ref is None or rng.random() < 0.5 else ref
    elif rng.random() < 0.5:
        result = ref
    else:
        result = wrong(rng, ref)
    unranked_operand = any(s is None for s in shapes)
    if result is not None and not rejected and result != ref:
        # An unranked operand may have any rank: only a ranked conflict is certain.
        rejected = not unranked_operand
        if unranked_operand:
            return None
    dtypes = ["i1" if kind == "torch.aten.where.self" and i == 0 else "f32" for i in range(n)]
    types = [vtensor(s, d) for s, d in zip(shapes, dtypes)]
    res = vtensor(result, "i1" if kind == "torch.aten.eq.Tensor" else "f32")
    return kind, types, res, rejected


def write_file(path, cases):
    funcs = []
    for kind, types, res, _ in cases:
        names = ["%%a%d" % k for k in range(len(types))]
        body, operands, optypes = [], list(names), list(types)
        if kind in ALPHA:
            body.append("  %int1 = torch.constant.int 1")
            operands.append("%int1")
            optypes.append("!torch.int")
        body.append("  %%0 = %s %s : %s -> %s" % (kind, ", ".join(operands), ", ".join(optypes), res))
        funcs.append((", ".join("%s: %s" % (nm, t) for nm, t in zip(names, types)), body, len(body) - 1))
    return write_functions(path, funcs, prefix="c", split=False)


def main(argv):
    args = parse_args(argv, 20261123)
    if args is None:
        return 2
    rng = random.Random(args["seed"])
    cases = []
    while len(cases) < args["cases"]:
        c = make_case(rng)
        if c:
            cases.append(c)
    print("torch_diff: seed %d, %d cases, numpy %s" % (args["seed"], len(cases), numpy.__version__))
    path = args["keep"] or os.path.join(tempfile.mkdtemp(prefix="ms-torch-"), "cases.mlir")
    op_lines = write_file(path, cases)
    got, detail = check_rejected(args["binary"], path, op_lines)
    described = ["%s %s -> %s" % (kind, ", ".join(types), res) for kind, types, res, _ in cases]
    return report([c[3] for c in cases], got, op_lines, described, detail, None if args["keep"] else path,
                  reference="numpy", rejected="rejected per numpy")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
