#!/usr/bin/python3
"""numpy_diff.py: mlir-shape's `numpy` rule against numpy.broadcast_shapes.

Generates random operand lists (1-3 operands of rank 0-4, dims from
{1,2,3,4}), asks NumPy for the broadcast shape (or its ValueError), and runs
all cases through one `mlir-shape broadcast --rule=numpy --batch` process.
The result shapes must be identical, and the calculator must fail exactly
where NumPy raises.

usage: numpy_diff.py BUILD/mlir-shape [--cases=N] [--seed=S]
Prints the seed, the disagreements and a summary line `N passed, M failed`;
exits 1 on any disagreement, 2 when a tool cannot run.
"""
import random
import subprocess
import sys

import numpy as np


def shape_text(shape):
    return "x".join(str(d) for d in shape) if shape else "scalar"


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary, n, seed = argv[1], 1000, 20240611
    for a in argv[2:]:
        if a.startswith("--cases="):
            n = int(a.split("=", 1)[1])
        elif a.startswith("--seed="):
            seed = int(a.split("=", 1)[1])
        else:
            print("unknown argument %s" % a, file=sys.stderr)
            return 2
    print("numpy_diff: seed %d, %d cases, numpy %s" % (seed, n, np.__version__))
    rng = random.Random(seed)
    cases = []
    for _ in range(n):
        nops = rng.randint(1, 3)
        cases.append([tuple(rng.choice((1, 2, 3, 4)) for _ in range(rng.randint(0, 4)))
                      for _ in range(nops)])
    expected = []
    for shapes in cases:
        try:
            expected.append(shape_text(np.broadcast_shapes(*shapes)))
        except ValueError:
            expected.append(None)
    stdin = "".join(" ".join(shape_text(s) for s in shapes) + "\n" for shapes in cases)
    proc = subprocess.run([binary, "broadcast", "--rule=numpy", "--batch"], input=stdin,
                          capture_output=True, text=True)
    out = proc.stdout.splitlines()
    if len(out) != n or proc.returncode == 2:
        print("calculator batch failed (exit %d):\n%s%s" % (proc.returncode, proc.stdout[:2000],
                                                            proc.stderr[:2000]), file=sys.stderr)
        return 2
    failed = 0
    for shapes, want, got in zip(cases, expected, out):
        ok = got.startswith("error:") if want is None else got == want
        if not ok:
            failed += 1
            if failed <= 20:
                print("DISAGREE %s: numpy %s, mlir-shape %s" % (
                    " ".join(shape_text(s) for s in shapes), want or "error", got))
    print("incompatible per numpy: %d of %d" % (expected.count(None), n))
    print("%d passed, %d failed" % (n - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
