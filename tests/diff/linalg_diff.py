#!/usr/bin/python3
"""linalg_diff.py: linalg's structured ops (issue 23) against mlir-opt-22.

Random ops of each family below (named contractions: matmul, batch_matmul,
batch_reduce_matmul, matvec, vecmat, batch_matvec, batch_vecmat, dot;
copy, fill, map; linalg.generic with projections, permutations and
convolution-like sums `d0 * 2 + d1` in its indexing maps), each in its own
function, valid and invalid: a dim changed, a rank changed, `?` dims, a
wrong declared result, tensors and memrefs. Half the cases are written in
pretty form (`ins(...) outs(...)`); the other half are the same kind of
case converted by `mlir-opt-22 --mlir-print-op-generic` (with the verifier
off, so invalid ops convert too). One comparison, by the op's line:
`mlir-opt-22 --split-input-file` rejects the op iff `mlir-shape check
--format=json` reports an error on that line.

usage: linalg_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
                      [--false-errors-only]
Prints the seed, the disagreements, the figures per family and
`N passed, M failed`; exits 1 on any disagreement (with
--false-errors-only: on a false error only; missed errors still count in
the figures).
"""
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mlir_diff import check_rejected, mlir_opt_rejected, parse_args  # noqa: E402


def shaped(kind, dims, elem="f32"):
    return "%s<%s%s>" % (kind, "".join("%sx" % d for d in dims), elem)


def amap(nloops, results):
    dims = ", ".join("d%d" % i for i in range(nloops))
    return "affine_map<(%s) -> (%s)>" % (dims, ", ".join(results))


# Named ops: (loops, operand maps as loop indices; the last is the init).
NAMED = {
    "matmul": (3, [[0, 2], [2, 1], [0, 1]]),
    "batch_matmul": (4, [[0, 1, 3], [0, 3, 2], [0, 1, 2]]),
    "batch_reduce_matmul": (4, [[0, 1, 3], [0, 3, 2], [1, 2]]),
    "matvec": (2, [[0, 1], [1], [0]]),
    "vecmat": (2, [[1], [1, 0], [0]]),
    "batch_matvec": (3, [[0, 1, 2], [0, 2], [0, 1]]),
    "batch_vecmat": (3, [[0, 2], [0, 2, 1], [0, 1]]),
    "dot": (1, [[0], [0], []]),
}


def mutate(rng, shapes, sizes):
    """Perturbs the operand shapes (lists of dims) in place, or not."""
    r = rng.random()
    if r < 0.45:
        return
    i = rng.randrange(len(shapes))
    s = shapes[i]
    if r < 0.75 and s:
        k = rng.randrange(len(s))
        s[k] = s[k] + rng.choice([1, 2]) if rng.random() < 0.7 else 1
    elif r < 0.85 and s:
        s.pop(rng.randrange(len(s)))
    elif r < 0.92:
        s.append(rng.randint(1, 4))
    elif s:
        s[rng.randrange(len(s))] = "?"


def dynamize(rng, shapes):
    for s in shapes:
        for k in range(len(s)):
            if rng.random() < 0.12:
                s[k] = "?"


def result_of(rng, kind, init):
    if kind == "memref":
        return None
    r = rng.random()
    if r < 0.8:
        return shaped(kind, init)
    if r < 0.9 and init:
        other = list(init)
        other[rng.randrange(len(other))] = "?" if rng.random() < 0.5 else 9
        return shaped(kind, other)
    return shaped(kind, init + [2])


def function(name, types, res, body):
    args = ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(types))
    ret = " -> %s" % res if res else ""
    out = ["func.func @%s(%s)%s {" % (name, args, ret)]
    out += ["  " + l for l in body]
    out.append("  return %s" % ("%%r : %s" % res if res else ""))
    out.append("}")
    return "\n".join(out) + "\n"


def ins_outs(types, nins):
    ins = ", ".join("%%a%d" % i for i in range(nins))
    outs = ", ".join("%%a%d" % i for i in range(nins, len(types)))
    return "ins(%s : %s) outs(%s : %s)" % (ins, ", ".join(types[:nins]), outs, ", ".join(types[nins:]))


def named(rng, name, op):
    nloops, maps = NAMED[op]
    sizes = [rng.randint(1, 5) for _ in range(nloops)]
    shapes = [[sizes[d] for d in m] for m in maps]
    mutate(rng, shapes, sizes)
    dynamize(rng, shapes)
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = [shaped(kind, s) for s in shapes]
    res = result_of(rng, kind, shapes[-1])
    head = "%r = " if res else ""
    tail = " -> %s" % res if res else ""
    return function(name, types, res, ["%slinalg.%s %s%s" % (head, op, ins_outs(types, len(types) - 1), tail)])


def copy_fill_map(rng, name, op):
    rank = rng.randint(0, 3)
    init = [rng.randint(1, 5) for _ in range(rank)]
    nins = {"copy": 1, "fill": 1, "map": 2}[op]
    shapes = [list(init) for _ in range(nins)] + [list(init)]
    if op == "fill":
        shapes[0] = None
    mutate(rng, [s for s in shapes if s is not None], init)
    dynamize(rng, [s for s in shapes if s is not None])
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = ["f32" if s is None else shaped(kind, s) for s in shapes]
    res = result_of(rng, kind, shapes[-1])
    if op == "map" and res:
        res = shaped(kind, shapes[-1])  # the parser gives map the init's type
    head = "%r = " if res else ""
    tail = " -> %s" % res if res and op != "map" else ""
    if op == "map":
        line = "%slinalg.map { arith.addf } %s" % (head, ins_outs(types, nins))
    else:
        line = "%slinalg.%s %s%s" % (head, op, ins_outs(types, nins), tail)
    return function(name, types, res, [line])


def generic(rng, name, _op):
    """linalg.generic: an identity init over the parallel loops, inputs
    indexing subsets of the loops (or a convolution-like sum)."""
    conv = rng.random() < 0.3
    if conv:
        nloops = 2
        stride, dil = rng.randint(1, 3), rng.randint(1, 2)
        o, k = rng.randint(1, 5), rng.randint(1, 3)
        need = (o - 1) * stride + (k - 1) * dil + 1
        maps = [["d0 * %d + d1 * %d" % (stride, dil)], ["d1"], ["d0"]]
        shapes = [[need + rng.choice([0, 0, 0, 1, -1])], [k], [o]]
        iters = ["parallel", "reduction"]
    else:
        nloops = rng.randint(1, 3)
        sizes = [rng.randint(1, 5) for _ in range(nloops)]
        maps, shapes = [], []
        for _ in range(rng.randint(1, 2)):
            sub = sorted(rng.sample(range(nloops), rng.randint(0, nloops)))
            if rng.random() < 0.3:
                rng.shuffle(sub)
            maps.append(["d%d" % d for d in sub])
            shapes.append([sizes[d] for d in sub])
        maps.append(["d%d" % d for d in range(nloops)])
        shapes.append(list(sizes))
        iters = ["parallel"] * nloops
    mutate(rng, shapes, None)
    dynamize(rng, shapes)
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = [shaped(kind, s) for s in shapes]
    res = result_of(rng, kind, shapes[-1])
    attrs = "{indexing_maps = [%s], iterator_types = [%s]}" % (
        ", ".join(amap(nloops, m) for m in maps), ", ".join('"%s"' % t for t in iters))
    head = "%r = " if res else ""
    args = ", ".join("%%x%d: f32" % i for i in range(len(types)))
    body = ["%slinalg.generic %s %s {" % (head, attrs, ins_outs(types, len(types) - 1)),
            "^bb0(%s):" % args, "  linalg.yield %%x%d : f32" % (len(types) - 1),
            "}%s" % (" -> %s" % res if res else "")]
    return function(name, types, res, body)


FAMILIES = [(op, named) for op in NAMED] + [(op, copy_fill_map) for op in ("copy", "fill", "map")] + [
    ("generic", generic)]


def to_generic(chunks):
    """The chunks converted by mlir-opt-22 --mlir-print-op-generic (verifier off)."""
    fd, path = tempfile.mkstemp(suffix=".mlir")
    with os.fdopen(fd, "w") as f:
        f.write("// -----\n".join(chunks))
    proc = subprocess.run(["mlir-opt-22", "--split-input-file", "--mlir-very-unsafe-disable-verifier-on-parsing",
                           "--mlir-print-op-generic", path], capture_output=True, text=True)
    os.unlink(path)
    out = proc.stdout.split("// -----\n")
    if proc.returncode != 0 or len(out) != len(chunks):
        sys.exit("mlir-opt-22 --mlir-print-op-generic failed:\n" + proc.stderr[:2000])
    return [c if c.endswith("\n") else c + "\n" for c in out]


def op_line(text, marker):
    for n, l in enumerate(text.split("\n")):
        if marker in l:
            return n
    sys.exit("no %r in:\n%s" % (marker, text))


def main(argv):
    args = parse_args(argv, random.randrange(1 << 30), ("false_errors_only",))
    if args is None:
        return 2
    rng = random.Random(args["seed"])
    print("seed %d" % args["seed"])
    cases = []
    for i in range(args["cases"]):
        fam, gen = FAMILIES[i % len(FAMILIES)]
        cases.append([fam, rng.random() < 0.5, gen(rng, "f%d" % i, fam)])
    gen_idx = [i for i, c in enumerate(cases) if c[1]]
    if gen_idx:
        for i, text in zip(gen_idx, to_generic([cases[i][2] for i in gen_idx])):
            cases[i][2] = text
    chunks, op_lines, line = [], [], 1
    for fam, generic, text in cases:
        marker = ('"linalg.%s"' if generic else "linalg.%s ") % fam
        op_lines.append(line + op_line(text, marker))
        chunks.append(text)
        line += text.count("\n") + 1
    path = args["keep"] or tempfile.mkstemp(suffix=".mlir")[1]
    with open(path, "w") as f:
        f.write("// -----\n".join(chunks))
    ref, _ = mlir_opt_rejected(path, op_lines)
    got, detail = check_rejected(args["binary"], path, op_lines)
    if not args["keep"]:
        os.unlink(path)
    failed = false_errors = 0
    per = {}
    for i, (fam, generic, _) in enumerate(cases):
        p = per.setdefault(fam, [0, 0, 0, 0])  # cases, agree, rejected, false errors
        p[0] += 1
        p[1] += ref[i] == got[i]
        p[2] += ref[i]
        p[3] += got[i] and not ref[i]
        if ref[i] != got[i]:
            failed += 1
            false_errors += got[i]
            if failed <= 20 or (got[i] and not ref[i]):
                print("DISAGREE line %d: %s (%s): mlir-opt %s, mlir-shape %s (%s)" % (
                    op_lines[i], fam, "generic" if generic else "pretty", "rejects" if ref[i] else "accepts",
                    "rejects" if got[i] else "accepts", detail[i]))
    for fam, (n, agree, rej, fe) in per.items():
        print("  %-20s %4d cases, %4d agree, %4d rejected by mlir-opt-22, %d false errors" % (fam, n, agree, rej, fe))
    total = len(ref)
    print("verdicts: %d of %d agree (%.1f%%), rejected by mlir-opt-22: %d, false errors: %d" % (
        total - failed, total, 100.0 * (total - failed) / max(total, 1), sum(ref), false_errors))
    bad = false_errors if args["false_errors_only"] else failed
    print("%d passed, %d failed" % (total - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
