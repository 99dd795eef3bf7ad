#!/usr/bin/python3
"""structured_diff.py: the structured ops of TOSA (issue 23) against mlir-opt-22.

Random tosa.matmul ops (more families to come: each a generator below), in
pretty and generic form, valid and invalid: operands of rank 3 (sometimes 2
or 4), N and C that agree or not, `?` dims, declared results that are
right, wrong, `?` or unranked. All in ONE file; two comparisons:
  - verdicts: `mlir-opt-22 --split-input-file` rejects the op iff
    `mlir-shape check --format=json` has an error on its line (what only
    the TOSA specification forbids is a spec-violation warning, no error);
  - inference: for each op mlir-opt-22 accepts whose declared result has a
    `?` or is unranked, the type `--tosa-infer-shapes` gives equals the one
    `mlir-shape shapes --format=json` infers.

usage: structured_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
                          [--false-errors-only]
Prints the seed, the disagreements, the figures and `N passed, M failed`;
exits 1 on any disagreement (with --false-errors-only: on a false error or
an inference that differs; the errors mlir-shape misses are still counted
in the figures: make test uses it until rank checks come, see run.sh).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_diff import check_rejected, mlir_opt_rejected, parse_args  # noqa: E402

ZP = "tensor<1xf32>"



def refines(ours, ref):
    """Whether our type is the reference's or a more precise one compatible
    with it: the issue allows a static size where --tosa-infer-shapes,
    known to refine less than it could, leaves `?`."""
    if ours == ref:
        return True
    if not ours or not ref or not ours.startswith("tensor<") or not ref.startswith("tensor<"):
        return False
    a, b = ours[7:-1].split("x"), ref[7:-1].split("x")
    if len(a) != len(b) or a[-1] != b[-1]:
        return False
    return all(x == y or y == "?" for x, y in zip(a[:-1], b[:-1]))

def ttype(dims):
    if dims is None:
        return "tensor<*xf32>"
    return "tensor<" + "".join(str(d) + "x" for d in dims) + "f32>"


def dyn(rng, d):
    return "?" if rng.random() < 0.2 else d


def matmul(rng, name, generic):
    """One tosa.matmul in a function; returns (text, op line offset)."""
    n, h, c, w = (rng.randint(1, 4) for _ in range(4))
    c2 = c if rng.random() < 0.7 else rng.randint(1, 5)
    n2 = n if rng.random() < 0.8 else rng.randint(1, 5)
    a = [dyn(rng, n), dyn(rng, h), dyn(rng, c)]
    b = [dyn(rng, n2), dyn(rng, c2), dyn(rng, w)]
    r = rng.random()
    if r < 0.05:
        a = a[:2]
    elif r < 0.1:
        b = b + [2]
    r = rng.random()
    if r < 0.25:
        res = None
    elif r < 0.5:
        res = ["?", "?", "?"]
    elif r < 0.6:
        res = [n, h, w + 1]
    elif r < 0.65:
        res = [n, h]
    else:
        res = [dyn(rng, n), dyn(rng, h), dyn(rng, w)]
    ta, tb, tr = ttype(a), ttype(b), ttype(res)
    sig = "(%s, %s, %s, %s) -> %s" % (ta, tb, ZP, ZP, tr)
    if generic:
        op = '  %%0 = "tosa.matmul"(%%a, %%b, %%z, %%z) : %s\n' % sig
    else:
        op = "  %%0 = tosa.matmul %%a, %%b, %%z, %%z : %s\n" % sig
    text = ("func.func @%s(%%a: %s, %%b: %s, %%z: %s) -> %s {\n" % (name, ta, tb, ZP, tr) + op +
            "  return %%0 : %s\n}\n" % tr)
    return text, 1, res is None or "?" in res


FAMILIES = [("tosa.matmul", matmul)]


def infer_shapes(path):
    """Per 1-based op line of the input: the result type after
    --tosa-infer-shapes (the pass keeps the ops in order)."""
    proc = subprocess.run(["mlir-opt-22", "--split-input-file", "--tosa-infer-shapes", path],
                          capture_output=True, text=True)
    return [m.group(1) for m in re.finditer(r"tosa\.\w+.*-> (tensor<[^>]*>)\n", proc.stdout)]


def shapes_inferred(binary, path):
    proc = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit("mlir-shape shapes failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]))
    out = {}
    for f in json.loads(proc.stdout)["files"]:
        for v in f["values"]:
            if v["kind"] == "result":
                out[v["range"]["start"]["line"] + 1] = v["inferred"]
    return out


def main(argv):
    args = parse_args(argv, random.randrange(1 << 30), ("false_errors_only",))
    if args is None:
        return 2
    rng = random.Random(args["seed"])
    print("seed %d" % args["seed"])
    chunks, op_lines, described, want_infer = [], [], [], []
    line = 1
    for i in range(args["cases"]):
        fam, gen = FAMILIES[i % len(FAMILIES)]
        generic = rng.random() < 0.5
        text, off, infer = gen(rng, "f%d" % i, generic)
        op_lines.append(line + off)
        described.append("%s (%s)" % (fam, "generic" if generic else "pretty"))
        want_infer.append(infer)
        chunks.append(text)
        line += text.count("\n") + 1
    path = args["keep"] or tempfile.mkstemp(suffix=".mlir")[1]
    with open(path, "w") as f:
        f.write("// -----\n".join(chunks))
    ref, _ = mlir_opt_rejected(path, op_lines)
    got, detail = check_rejected(args["binary"], path, op_lines)
    failed = false_errors = 0
    for i in range(len(ref)):
        if ref[i] != got[i]:
            failed += 1
            false_errors += got[i]
            if failed <= 20:
                print("DISAGREE line %d: %s: mlir-opt %s, mlir-shape %s (%s)" % (
                    op_lines[i], described[i], "rejects" if ref[i] else "accepts",
                    "rejects" if got[i] else "accepts", detail[i]))
    # Inference on the ops mlir-opt-22 accepts.
    valid = [i for i in range(len(ref)) if not ref[i]]
    vpath = path + ".valid.mlir"
    with open(vpath, "w") as f:
        f.write("// -----\n".join(chunks[i] for i in valid))
    ref_types = infer_shapes(vpath)
    ours = shapes_inferred(args["binary"], vpath)
    compared = infer_failed = 0
    vline = 1
    for k, i in enumerate(valid):
        oline = vline + 1
        vline += chunks[i].count("\n") + 1
        if not want_infer[i] or k >= len(ref_types):
            continue
        compared += 1
        if not refines(ours.get(oline), ref_types[k]):
            infer_failed += 1
            if infer_failed <= 20:
                print("INFER line %d of the valid file: %s: --tosa-infer-shapes %s, mlir-shape %s" % (
                    oline, described[i], ref_types[k], ours.get(oline)))
    if len(ref_types) != len(valid):
        print("INFER: --tosa-infer-shapes printed %d ops for %d valid cases" % (len(ref_types), len(valid)))
        infer_failed += 1
    os.unlink(vpath)
    if not args["keep"]:
        os.unlink(path)
    total = len(ref)
    print("verdicts: %d of %d agree (%.1f%%), rejected by mlir-opt-22: %d, false errors: %d" % (
        total - failed, total, 100.0 * (total - failed) / max(total, 1), sum(ref), false_errors))
    print("inference: %d of %d refined types equal --tosa-infer-shapes" % (compared - infer_failed, compared))
    bad = (false_errors if args["false_errors_only"] else failed) + infer_failed
    print("%d passed, %d failed" % (total + compared - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
