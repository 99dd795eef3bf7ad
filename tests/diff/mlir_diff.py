#!/usr/bin/python3
"""mlir_diff.py: mlir-shape's `mlir` rule (upstream profile) against mlir-opt-22.

Generates random "test.broadcastable" ops (1-3 operands: ranked with static
dims {1,2,3} and `?`, unranked, rank 0; results ranked of rank 0-3 or
unranked), writes them all into ONE file separated by `// -----`, and runs
`mlir-opt-22 --split-input-file` once; an op is rejected iff mlir-opt prints
an error on its line. mlir-shape must give the same verdict for every case:

  default      through the calculator: `mlir-shape broadcast --rule=mlir
               --tensor-only --batch`, one case per line with --result=...
  --via-check  through the linter: `mlir-shape check --format=json FILE`; an
               op is rejected iff an error-severity diagnostic lies on its line.

usage: mlir_diff.py BUILD/mlir-shape [--via-check] [--cases=N] [--seed=S] [--keep=FILE]
Prints the seed, the disagreements and a summary line `N passed, M failed`;
exits 1 on any disagreement, 2 when a tool cannot run.
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import check_rejected, mlir_opt_rejected, parse_args, report, write_functions  # noqa: E402

DIMS = ["1", "2", "3", "?"]


def rand_type(rng, unranked_p):
    if rng.random() < unranked_p:
        return "tensor<*xi32>"
    rank = rng.randint(0, 3)
    dims = [rng.choice(DIMS) for _ in range(rank)]
    return "tensor<" + "".join(d + "x" for d in dims) + "i32>"


def dims_of(t):
    body = t[len("tensor<"):-1]
    if body.startswith("*"):
        return None
    return body.split("x")[:-1]


def plausible_result(rng, operands):
    """A result near the numpy broadcast of the operands, so that many cases pass."""
    ranked = [dims_of(t) for t in operands if dims_of(t) is not None]
    if not ranked:
        return rand_type(rng, 0.1)
    rank = max(len(d) for d in ranked)
    out = []
    for k in range(rank):
        col = [d[k - (rank - len(d))] for d in ranked if k >= rank - len(d)]
        static = [int(x) for x in col if x != "?"]
        big = [x for x in static if x > 1]
        if big:
            out.append(str(big[0]))
        elif "?" in col:
            out.append("?")
        else:
            out.append("1")
    r = rng.random()
    if r < 0.25 and out:
        out[rng.randrange(len(out))] = rng.choice(DIMS)
    elif r < 0.4:
        out.insert(0, rng.choice(DIMS))  # a result of higher rank
    elif r < 0.5 and out:
        out.pop(0)
    return "tensor<" + "".join(d + "x" for d in out) + "i32>"


def make_cases(rng, n):
    cases = []
    for _ in range(n):
        nops = rng.randint(1, 3)
        ops = [rand_type(rng, 0.15) for _ in range(nops)]
        res = rand_type(rng, 0.1) if rng.random() < 0.3 else plausible_result(rng, ops)
        cases.append((ops, res))
    return cases


def write_file(path, cases):
    """Writes the cases; returns the 1-based line of each op."""
    funcs = []
    for ops, res in cases:
        args = ", ".join("%%a%d: %s" % (j, t) for j, t in enumerate(ops))
        vals = ", ".join("%%a%d" % j for j in range(len(ops)))
        funcs.append((args, ['  %%0 = "test.broadcastable"(%s) : (%s) -> %s' % (vals, ", ".join(ops), res)], 0))
    return write_functions(path, funcs)


def calculator_rejected(binary, cases):
    stdin = "".join("--result=%s %s\n" % (res, " ".join(ops)) for ops, res in cases)
    proc = subprocess.run([binary, "broadcast", "--rule=mlir", "--tensor-only", "--batch"],
                          input=stdin, capture_output=True, text=True)
    out = proc.stdout.splitlines()
    if len(out) != len(cases) or any(l.startswith("invalid:") for l in out):
        sys.exit("calculator batch failed (exit %d):\n%s%s" % (proc.returncode, proc.stdout[:2000],
                                                               proc.stderr[:2000]))
    return [l.startswith("error:") for l in out], out


def main(argv):
    args = parse_args(argv, 20240611, ("via_check",))
    if args is None:
        return 2
    binary, via_check, n, seed, keep = args["binary"], args["via_check"], args["cases"], args["seed"], args["keep"]
    print("mlir_diff: seed %d, %d cases, via %s" % (seed, n, "check" if via_check else "broadcast"))
    rng = random.Random(seed)
    cases = make_cases(rng, n)
    tmpdir = tempfile.mkdtemp(prefix="mlir_diff.")
    path = keep or os.path.join(tmpdir, "cases.mlir")
    op_lines = write_file(path, cases)
    ref, _ = mlir_opt_rejected(path, op_lines)
    if via_check:
        got, detail = check_rejected(binary, path, op_lines)
    else:
        got, detail = calculator_rejected(binary, cases)
    return report(ref, got, op_lines, ["(%s) -> %s" % (", ".join(ops), res) for ops, res in cases], detail,
                  None if keep else path)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
