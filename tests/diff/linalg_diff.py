#!/usr/bin/python3
"""linalg_diff.py: linalg's, tensor's and vector's structured ops (issue 23) against mlir-opt-22.

Random ops of each family below, each in its own function, valid and
invalid: linalg's named contractions (matmul, batch_matmul,
batch_reduce_matmul, matvec, vecmat, batch_matvec, batch_vecmat, dot),
copy, fill, map, and linalg.generic with projections, permutations and
convolution-like sums `d0 * 2 + d1` in its indexing maps (a dim changed, a
rank changed, `?` dims, a wrong declared result, tensors and memrefs);
tensor's collapse_shape / expand_shape (reassociation groups, output_shape),
extract_slice / insert_slice (offsets, sizes and strides, some dynamic,
rank-reduced results), pad, concat, extract / insert (index counts),
from_elements and reshape; every named convolution and pooling (shapes
from the maps rules/linalg.json gives them, strides and dilations random),
linalg.transpose and linalg.reduce; vector's transpose, extract, insert,
extract_strided_slice, from_elements, multi_reduction, reduction,
insert_strided_slice, constant_mask, create_mask (scalable dims too),
interleave, deinterleave and bitcast (element widths i1 to f64); tensor's
cast (unranked either side) and dim; vector.contract (matmul-,
matvec-, dot- and batch-like maps, sizes and iterator counts changed,
iterator types swapped, maps repeated or shortened, combining kinds against
f32 and i32); tensor.gather / tensor.scatter (gather dims out of order or
range, the indices' last dim, both result forms, `unique`);
vector.transfer_read / transfer_write (permutation maps with broadcast
dims, repeated dims or sums, the pretty form's default map, masks,
in_bounds counts, index counts, padding types, element widths); and
linalg.contract (vector.contract's maps on tensors and memrefs, a loop
unused or left to one input, a map missing or repeating a dim);
vector.reduction's combining kinds against integer, index and float
elements, and accumulators of another type. Half the cases are written in
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
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import print_verdicts, seeded_args, tally, verdicts, write_split  # noqa: E402


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
    # the quantized forms: two scalar zero points (maps `-> ()`) after the inputs
    "quantized_matmul": (3, [[0, 2], [2, 1], [], [], [0, 1]]),
    "quantized_batch_matmul": (4, [[0, 1, 3], [0, 3, 2], [], [], [0, 1, 2]]),
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
        s[k] = (s[k] if s[k] != "?" else 3) + rng.choice([1, 2]) if rng.random() < 0.7 else 1
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


WANT_GENERIC = [False]  # the form the case being generated will be compared in


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
    r = rng.random()
    if r < 0.05:
        iters = iters + ["parallel"]  # one iterator type per loop: one too many
    elif r < 0.1:
        iters = iters[:-1]  # or one too few
    attrs = "{indexing_maps = [%s], iterator_types = [%s]}" % (
        ", ".join(amap(nloops, m) for m in maps), ", ".join('"%s"' % t for t in iters))
    head = "%r = " if res else ""
    args = ", ".join("%%x%d: f32" % i for i in range(len(types)))
    body = ["%slinalg.generic %s %s {" % (head, attrs, ins_outs(types, len(types) - 1)),
            "^bb0(%s):" % args, "  linalg.yield %%x%d : f32" % (len(types) - 1),
            "}%s" % (" -> %s" % res if res else "")]
    return function(name, types, res, body)


# --- tensor ---------------------------------------------------------------


class Fn:
    """A function being built: arguments by type, body lines."""

    def __init__(self):
        self.types, self.body = [], []

    def arg(self, t):
        self.types.append(t)
        return "%%a%d" % (len(self.types) - 1)

    def text(self, name, res):
        return function(name, self.types, res, self.body)


def tdims(rng, lo=0, hi=4):
    return [rng.randint(1, 5) for _ in range(rng.randint(lo, hi))]


def maybe_dyn(rng, dims, p=0.15):
    return ["?" if rng.random() < p else d for d in dims]


def tweak(rng, dims, p=0.35):
    """dims, sometimes with one entry changed (or `?`)."""
    dims = list(dims)
    if dims and rng.random() < p:
        k = rng.randrange(len(dims))
        if dims[k] == "?" or rng.random() < 0.3:
            dims[k] = rng.randint(1, 5) if dims[k] == "?" else "?"
        else:
            dims[k] = dims[k] + rng.choice([1, 2])
    return dims


def groups_of(rng, rank):
    """A partition of range(rank) into contiguous groups."""
    gs, cur = [], []
    for d in range(rank):
        cur.append(d)
        if d == rank - 1 or rng.random() < 0.5:
            gs.append(cur)
            cur = []
    return gs


def collapsed_of(exp, gs):
    out = []
    for g in gs:
        if any(exp[d] == "?" for d in g):
            out.append("?")
        else:
            p = 1
            for d in g:
                p *= exp[d]
            out.append(p)
    return out


def bad_groups(rng, gs, rank):
    r = rng.random()
    if r < 0.07 and len(gs) > 1:
        return gs[:-1]
    if r < 0.12 and rank > 1:
        return [list(reversed(range(rank)))]
    return gs


def lit(gs):
    return "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in gs) + "]"


def collapse_shape(rng, name, _op):
    f = Fn()
    exp = maybe_dyn(rng, tdims(rng, 1, 4))
    gs = groups_of(rng, len(exp))
    col = tweak(rng, collapsed_of(exp, gs), 0.3)
    gs = bad_groups(rng, gs, len(exp))
    a = f.arg(shaped("tensor", exp))
    res = shaped("tensor", col)
    f.body.append("%%r = tensor.collapse_shape %s %s : %s into %s" % (a, lit(gs), f.types[0], res))
    return f.text(name, res)


def expand_shape(rng, name, _op):
    f = Fn()
    exp = tdims(rng, 2, 4)
    gs = groups_of(rng, len(exp))
    while len(gs) == len(exp) and len(exp) > 1:
        gs = groups_of(rng, len(exp))
    res_dims = maybe_dyn(rng, exp)
    src = tweak(rng, collapsed_of(res_dims, gs), 0.3)
    gs = bad_groups(rng, gs, len(exp))
    a = f.arg(shaped("tensor", src))
    out = []
    for d, r in zip(exp, res_dims):
        if r == "?":
            out.append(f.arg("index"))
        else:
            out.append(str(d + 1) if rng.random() < 0.08 else str(d))
    res_dims = tweak(rng, res_dims, 0.15)
    res = shaped("tensor", res_dims)
    f.body.append("%%r = tensor.expand_shape %s %s output_shape [%s] : %s into %s" % (
        a, lit(gs), ", ".join(out), f.types[0], res))
    return f.text(name, res)


def slice_lists(rng, f, dims):
    offs, sizes, strides = [], [], []
    for d in dims:
        dd = d if d != "?" else 4
        size = rng.randint(0 if rng.random() < 0.05 else 1, dd)
        stride = rng.randint(1, 2)
        room = dd - ((size - 1) * stride + 1) if size else dd - 1
        off = rng.randint(0, max(room, 0)) + (rng.choice([1, 2]) if rng.random() < 0.1 else 0)
        offs.append(off)
        sizes.append(size)
        strides.append(stride)
    dyn = lambda v: f.arg("index") if rng.random() < 0.08 else str(v)
    return [dyn(v) for v in offs], [dyn(v) for v in sizes], [dyn(v) for v in strides]


def reduce_rank(rng, sizes):
    out = []
    for s in sizes:
        t = "?" if not s.isdigit() else int(s)
        if t == 1 and rng.random() < 0.5:
            continue
        out.append(t)
    return out


def extract_slice(rng, name, _op):
    f = Fn()
    src = maybe_dyn(rng, tdims(rng, 1, 3), 0.1)
    a = f.arg(shaped("tensor", src))
    offs, sizes, strides = slice_lists(rng, f, src)
    if rng.random() < 0.05:
        offs = offs[:-1]
    res = shaped("tensor", tweak(rng, reduce_rank(rng, sizes), 0.25))
    f.body.append("%%r = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s" % (
        a, ", ".join(offs), ", ".join(sizes), ", ".join(strides), f.types[0], res))
    return f.text(name, res)


def insert_slice(rng, name, _op):
    f = Fn()
    dst = maybe_dyn(rng, tdims(rng, 1, 3), 0.1)
    offs, sizes, strides = slice_lists(rng, f, dst)
    st = shaped("tensor", tweak(rng, reduce_rank(rng, sizes), 0.25))
    s = f.arg(st)
    d = f.arg(shaped("tensor", dst))
    f.body.append("%%r = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s" % (
        s, d, ", ".join(offs), ", ".join(sizes), ", ".join(strides), st, f.types[-1]))
    return f.text(name, f.types[-1])


def pad(rng, name, _op):
    f = Fn()
    src = maybe_dyn(rng, tdims(rng, 1, 3), 0.1)
    a = f.arg(shaped("tensor", src))
    c = f.arg("f32")
    lo, hi, res = [], [], []
    for d in src:
        l, h = rng.randint(0, 2), rng.randint(0, 2)
        ls = f.arg("index") if rng.random() < 0.08 else str(l)
        hs = str(h)
        lo.append(ls)
        hi.append(hs)
        res.append("?" if d == "?" or not ls.isdigit() else d + l + h)
    if rng.random() < 0.05:
        lo = lo[:-1]
    res = tweak(rng, res, 0.3)
    rt = shaped("tensor", res)
    args = ", ".join("%%i%d: index" % k for k in range(len(src)))
    f.body += ["%%r = tensor.pad %s low[%s] high[%s] {" % (a, ", ".join(lo), ", ".join(hi)),
               "^bb0(%s):" % args, "  tensor.yield %s : f32" % c, "} : %s to %s" % (f.types[0], rt)]
    return f.text(name, rt)


def concat(rng, name, _op):
    f = Fn()
    base = tdims(rng, 1, 3)
    dim = rng.randrange(len(base)) if rng.random() > 0.05 else len(base)
    ins = []
    n = rng.randint(1, 3) if rng.random() < 0.9 else rng.randint(17, 24)  # past 16 operands too
    for _ in range(n):
        d = list(base)
        if dim < len(d):
            d[dim] = rng.randint(1, 4)
        ins.append(maybe_dyn(rng, tweak(rng, d, 0.15 if n <= 3 else 0.01), 0.1 if n <= 3 else 0.01))
    if rng.random() < 0.05:
        ins[-1] = ins[-1][:-1] or [2]
    res = []
    for k in range(len(base)):
        col = [x[k] for x in ins if k < len(x)]
        if k == dim:
            res.append("?" if "?" in col else sum(col))
        else:
            st = [x for x in col if x != "?"]
            res.append(st[0] if st else "?")
    res = tweak(rng, res, 0.25)
    args = [f.arg(shaped("tensor", x)) for x in ins]
    rt = shaped("tensor", res)
    f.body.append("%%r = tensor.concat dim(%d) %s : (%s) -> %s" % (dim, ", ".join(args), ", ".join(f.types), rt))
    return f.text(name, rt)


def extract_insert(rng, name, op):
    f = Fn()
    t = tdims(rng, 0, 3)
    n = len(t) + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)
    if op == "insert":
        v = f.arg("f32")
    a = f.arg(shaped("tensor", t))
    idx = [f.arg("index") for _ in range(max(n, 0))]
    if op == "extract":
        f.body.append("%%e = tensor.extract %s[%s] : %s" % (a, ", ".join(idx), shaped("tensor", t)))
        return f.text(name, None)
    f.body.append("%%r = tensor.insert %s into %s[%s] : %s" % (v, a, ", ".join(idx), shaped("tensor", t)))
    return f.text(name, shaped("tensor", t))


def numel(shape):
    """The number of elements of a static shape."""
    n = 1
    for d in shape:
        n *= d
    return n


def elements_fn(rng, name, op, t, rt, least):
    """Function `name` returning `op` (tensor or vector.from_elements) of
    type rt (shape t) over as many f32 arguments as t holds: one more or
    one fewer in 35% of cases (at least `least`). Written generic directly
    under WANT_GENERIC: mlir-opt-22 cannot parse (so cannot convert) a
    pretty form whose count is off."""
    f = Fn()
    n = max(least, numel(t) + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0))
    els = [f.arg("f32") for _ in range(n)]
    if WANT_GENERIC[0]:
        f.body.append('%%r = "%s"(%s) : (%s) -> %s' % (op, ", ".join(els), ", ".join(["f32"] * n), rt))
        return f.text(name, rt), True
    f.body.append("%%r = %s %s : %s" % (op, ", ".join(els), rt))
    return f.text(name, rt)


def from_elements(rng, name, _op):
    # up to 25 elements: the structured-op functions take any number of operands
    t = tdims(rng, 0, 2)
    return elements_fn(rng, name, "tensor.from_elements", t, shaped("tensor", t), 0)


def reshape(rng, name, _op):
    f = Fn()
    src = maybe_dyn(rng, tdims(rng, 1, 3), 0.1)
    res = tdims(rng, 1, 3)
    if rng.random() < 0.5 and "?" not in src:
        res = [numel(src)]
    slen = len(res) if rng.random() < 0.8 else rng.choice(["?", len(res) + 1])
    a = f.arg(shaped("tensor", src))
    s = f.arg(shaped("tensor", [slen], "index"))
    rt = shaped("tensor", res)
    f.body.append("%%r = tensor.reshape %s(%s) : (%s, %s) -> %s" % (a, s, f.types[0], f.types[1], rt))
    return f.text(name, rt)


# --- named convolutions and poolings: shapes from the maps rules/linalg.json
# gives them (mlir-opt-22 judges whether those maps are the op's) ----------

def conv_maps():
    import json
    import re
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rules", "linalg.json")
    out = {}
    for e in json.load(open(path))["ops"]:
        d = e.get("indexing_maps", {}).get("default", "")
        if "{strides" not in d and not re.search(r"d\d \+ d\d", d):
            continue
        maps = []
        for m in re.findall(r"affine_map<\(([^)]*)\) -> \(([^)]*)\)>", d):
            maps.append([r.strip() for r in m[1].split(",") if r.strip()])
        nloops = len(re.search(r"affine_map<\(([^)]*)\)", d).group(1).split(","))
        for op in ([e["match"]] if isinstance(e["match"], str) else e["match"]):
            out[op] = (nloops, maps)
    return out


CONV = conv_maps()


def conv(rng, name, op):
    import re
    nloops, maps = CONV["linalg." + op]
    nsp = max([int(k) for m in maps for r in m for k in re.findall(r"strides\[(\d)\]", r)] + [-1]) + 1
    strides = [rng.randint(1, 2) for _ in range(nsp)]
    dil = [rng.randint(1, 2) for _ in range(nsp)]
    sizes = [rng.randint(1, 3) for _ in range(nloops)]
    shapes = []
    for m in maps:
        dims = []
        for r in m:
            terms = [t.strip() for t in r.split("+")]
            if len(terms) == 1:
                dims.append(sizes[int(terms[0][1:])])
                continue
            last = 0
            for t in terms:
                f = t.split("*")
                d = int(f[0].strip()[1:])
                c = 1
                if len(f) > 1:
                    k = int(re.search(r"\[(\d)\]", f[1]).group(1))
                    c = strides[k] if "strides" in f[1] else dil[k]
                last += (sizes[d] - 1) * c
            dims.append(last + 1 + (1 if rng.random() < 0.15 else 0))
        shapes.append(dims)
    mutate(rng, shapes, sizes)
    dynamize(rng, shapes)
    kind = "memref" if rng.random() < 0.2 else "tensor"
    elem = "i32" if "unsigned" in op or op.endswith("_q") else "f32"  # unsigned max/min and `_q` take integers
    # the zero points of the quantized `_q` ops are scalars (maps `-> ()`)
    types = [elem if op.endswith("_q") and not m else shaped(kind, s, elem) for s, m in zip(shapes, maps)]
    res = result_of(rng, kind, shapes[-1])
    if res:
        res = res.replace("f32>", elem + ">")
    attrs = ""
    if nsp and rng.random() < 0.8:
        attrs = "{dilations = dense<[%s]> : tensor<%dxi64>, strides = dense<[%s]> : tensor<%dxi64>} " % (
            ", ".join(map(str, dil)), nsp, ", ".join(map(str, strides)), nsp)
    elif nsp:
        strides[:] = [1] * nsp  # absent: 1 (the shapes above may then be too large, which is valid)
    head = "%r = " if res else ""
    tail = " -> %s" % res if res else ""
    return function(name, types, res, ["%slinalg.%s %s%s%s" % (head, op, attrs, ins_outs(types, len(types) - 1), tail)])


def transpose(rng, name, _op):
    x = maybe_dyn(rng, tdims(rng, 1, 4), 0.1)
    perm = list(range(len(x)))
    rng.shuffle(perm)
    init = [x[p] for p in perm]
    shapes = [x, init]
    mutate(rng, shapes, None)
    if rng.random() < 0.1:
        perm = perm[:-1] if rng.random() < 0.5 else perm + [len(perm)]
    elif rng.random() < 0.08 and len(perm) > 1:
        perm[0] = perm[1]
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = [shaped(kind, sh) for sh in shapes]
    res = types[1] if kind == "tensor" else None
    head = "%r = " if res else ""
    return function(name, types, res, ["%slinalg.transpose %s permutation = [%s]" % (
        head, ins_outs(types, 1), ", ".join(map(str, perm)))])


def reduce_op(rng, name, _op):
    x = maybe_dyn(rng, tdims(rng, 1, 4), 0.1)
    dims = sorted(rng.sample(range(len(x)), rng.randint(0, len(x))))
    init = [d for k, d in enumerate(x) if k not in dims]
    shapes = [x, init]
    mutate(rng, shapes, None)
    r = rng.random()
    if r < 0.06 and len(dims) > 1:
        dims = list(reversed(dims))
    elif r < 0.1:
        dims = dims + [len(x)]
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = [shaped(kind, sh) for sh in shapes]
    res = types[1] if kind == "tensor" else None
    head = "%r = " if res else ""
    return function(name, types, res, [
        "%slinalg.reduce %s dimensions = [%s]" % (head, ins_outs(types, 1), ", ".join(map(str, dims))),
        "  (%x: f32, %y: f32) {", "    %s = arith.addf %x, %y : f32", "    linalg.yield %s : f32", "  }"])


# --- vector ---------------------------------------------------------------


def vdims(rng, lo=1, hi=3):
    return [rng.randint(1, 4) for _ in range(rng.randint(lo, hi))]


def vec(dims):
    return "vector<" + "".join("%sx" % d for d in dims) + "f32>"


def vtranspose(rng, name, _op):
    f = Fn()
    v = vdims(rng)
    perm = list(range(len(v)))
    rng.shuffle(perm)
    res = tweak(rng, [v[p] for p in perm], 0.2)
    res = [d if d != "?" else 2 for d in res]
    if rng.random() < 0.08:
        perm = perm[:-1] if len(perm) > 1 else [0, 0]
    a = f.arg(vec(v))
    f.body.append("%%r = vector.transpose %s, [%s] : %s to %s" % (a, ", ".join(map(str, perm)), vec(v), vec(res)))
    return f.text(name, vec(res))


def position(rng, f, dims, n):
    out = []
    for k in range(n):
        if rng.random() < 0.1:
            out.append(f.arg("index"))
        else:
            out.append(str(rng.randint(0, dims[k] - 1) + (rng.choice([1, 2]) if rng.random() < 0.08 else 0)))
    return out


def vextract(rng, name, _op):
    f = Fn()
    v = vdims(rng)
    n = rng.randint(0, len(v))
    a = f.arg(vec(v))
    pos = position(rng, f, v + [1], n + (1 if rng.random() < 0.05 else 0))
    rest = v[n:]
    r = rng.random()
    if r < 0.15:
        rest = tweak(rng, rest, 1.0) if rest else [2]
        rest = [d if d != "?" else 2 for d in rest]
    rt = vec(rest) if rest else "f32"
    if rt == "f32" and rng.random() < 0.2:
        rt = "vector<1xf32>"
    elif rt == "vector<1xf32>" and rng.random() < 0.3:
        rt = "f32"
    f.body.append("%%r = vector.extract %s[%s] : %s from %s" % (a, ", ".join(pos), rt, vec(v)))
    return f.text(name, rt)


def vinsert(rng, name, _op):
    f = Fn()
    v = vdims(rng)
    n = rng.randint(0, len(v))
    rest = v[n:]
    if rng.random() < 0.1:
        rest = rest[1:] if rest else [2]
    st = vec(rest) if rest else "f32"
    s_ = f.arg(st)
    d = f.arg(vec(v))
    pos = position(rng, f, v + [1], n)
    f.body.append("%%r = vector.insert %s, %s[%s] : %s into %s" % (s_, d, ", ".join(pos), st, vec(v)))
    return f.text(name, vec(v))


def vstrided(rng, name, _op):
    f = Fn()
    v = vdims(rng)
    n = rng.randint(1, len(v))
    offs, sizes, strides = [], [], []
    for k in range(n):
        size = rng.randint(1, v[k])
        off = rng.randint(0, v[k] - size) + (1 if rng.random() < 0.08 else 0)
        offs.append(off)
        sizes.append(size)
        strides.append(1 if rng.random() < 0.95 else 2)
    res = tweak(rng, sizes + v[n:], 0.15)
    res = [d if d != "?" else 2 for d in res]
    a = f.arg(vec(v))
    f.body.append("%%r = vector.extract_strided_slice %s {offsets = [%s], sizes = [%s], strides = [%s]} : %s to %s" % (
        a, ", ".join(map(str, offs)), ", ".join(map(str, sizes)), ", ".join(map(str, strides)), vec(v), vec(res)))
    return f.text(name, vec(res))


def vfrom_elements(rng, name, _op):
    t = vdims(rng, 1, 3)  # up to 64 elements
    return elements_fn(rng, name, "vector.from_elements", t, vec(t), 1)


def vmulti_reduction(rng, name, _op):
    f = Fn()
    v = vdims(rng)
    dims = sorted(rng.sample(range(len(v)), rng.randint(1, len(v))))
    kept = [d for k, d in enumerate(v) if k not in dims]
    if rng.random() < 0.25:
        kept = tweak(rng, kept, 1.0) if kept else [1]
        kept = [d if d != "?" else 2 for d in kept]
    rt = vec(kept) if kept else "f32"
    a = f.arg(vec(v))
    acc = f.arg(rt)
    f.body.append("%%r = vector.multi_reduction <add>, %s, %s [%s] : %s to %s" % (
        a, acc, ", ".join(map(str, dims)), vec(v), rt))
    return f.text(name, rt)


def vtype(dims, elem="f32"):
    """A vector type; dims are ints or "[n]" (scalable) strings."""
    return "vector<" + "".join("%sx" % d for d in dims) + elem + ">"


REDUCTION_KINDS = ["add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor", "minnumf", "maxnumf",
                   "minimumf", "maximumf"]


def vreduction(rng, name, _op):
    f = Fn()
    v = vdims(rng, 0, 2)
    elem = rng.choice(["f32", "f32", "i32", "i8", "index", "f16"])
    kind = "add" if rng.random() < 0.4 else rng.choice(REDUCTION_KINDS)
    a = f.arg(vtype(v, elem))
    bad_acc = rng.random() < 0.1 and not WANT_GENERIC[0]  # the pretty parser rejects it: no generic form
    acc = ", " + f.arg(("f64" if elem != "f64" else "f32") if bad_acc else elem) if rng.random() < 0.3 else ""
    # without an accumulator, sometimes a scalar result of another type
    relem = rng.choice([e for e in ("f32", "i32", "index", "f16") if e != elem]) if not acc and rng.random() < 0.1 \
        else elem
    f.body.append("%%r = vector.reduction <%s>, %s%s : %s into %s" % (kind, a, acc, vtype(v, elem), relem))
    return (f.text(name, relem),) if bad_acc and acc else f.text(name, relem)


def vinsert_strided(rng, name, _op):
    f = Fn()
    dst = vdims(rng, 1, 3)
    k = rng.randint(1, len(dst))
    lead = len(dst) - k
    src = [rng.randint(1, d) for d in dst[lead:]]
    offs = [rng.randint(0, d - 1) for d in dst[:lead]] + [rng.randint(0, d - s) for d, s in zip(dst[lead:], src)]
    strides = [1] * k
    r = rng.random()
    if r < 0.08:
        src[rng.randrange(k)] += rng.choice([1, 2])
    elif r < 0.14:
        offs[rng.randrange(len(offs))] += rng.choice([1, 2])
    elif r < 0.18:
        offs = offs[:-1] if rng.random() < 0.5 else offs + [0]
    elif r < 0.22:
        strides = strides + [1] if rng.random() < 0.5 else strides[:-1]
    elif r < 0.26:
        strides[rng.randrange(k)] = 2
    elif r < 0.30:
        src = [rng.randint(1, 2)] + src if len(src) >= len(dst) else src
    elif r < 0.33:
        offs[rng.randrange(len(offs))] = -1
    a, b = f.arg(vtype(src)), f.arg(vtype(dst))
    f.body.append("%%r = vector.insert_strided_slice %s, %s {offsets = [%s], strides = [%s]} : %s into %s" % (
        a, b, ", ".join(map(str, offs)), ", ".join(map(str, strides)), vtype(src), vtype(dst)))
    return f.text(name, vtype(dst))


def mask_dims(rng):
    dims = vdims(rng, 0, 3)
    return [("[%d]" % d if rng.random() < 0.15 else d) for d in dims]


def base(d):
    return int(str(d).strip("[]"))


def vconstant_mask(rng, name, _op):
    f = Fn()
    dims = mask_dims(rng)
    if not dims:
        sizes = [rng.choice([0, 1, 1, 2])] if rng.random() < 0.85 else [1, 1]
    elif rng.random() < 0.15:
        sizes = [0] * len(dims)
    else:
        sizes = [(base(d) if rng.random() < 0.6 else rng.randint(0, base(d))) if str(d)[0] == "[" else rng.randint(1, base(d))
                 for d in dims]
        r = rng.random()
        if r < 0.1:
            sizes[rng.randrange(len(sizes))] += 1
        elif r < 0.18:
            sizes = sizes[:-1] if rng.random() < 0.5 else sizes + [1]
        elif r < 0.24:
            sizes[rng.randrange(len(sizes))] = 0
        elif r < 0.27:
            sizes[rng.randrange(len(sizes))] = -1
    rt = vtype(dims, "i1")
    f.body.append("%%r = vector.constant_mask [%s] : %s" % (", ".join(map(str, sizes)), rt))
    return f.text(name, rt)


def vcreate_mask(rng, name, _op):
    f = Fn()
    dims = mask_dims(rng)
    n = max(len(dims), 1) + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0)
    ops = [f.arg("index") for _ in range(max(n, 0))]
    rt = vtype(dims, "i1")
    f.body.append("%%r = vector.create_mask %s : %s" % (", ".join(ops), rt))
    return f.text(name, rt)


def vinterleave(rng, name, _op):
    f = Fn()
    a = vdims(rng, 0, 3)
    if a and rng.random() < 0.15:
        a[-1] = "[%d]" % a[-1]
    b = list(a)
    if b and rng.random() < 0.1:
        b[0] = base(b[0]) + 1
    res = list(a) if a else [1]
    if a:
        res[-1] = "[%d]" % (2 * base(a[-1])) if str(a[-1])[0] == "[" else 2 * a[-1]
    else:
        res = [2]
    r = rng.random()
    if r < 0.1:
        res[-1] = base(res[-1]) + 1
    elif r < 0.15:
        res[-1] = base(res[-1])  # the scalable flag lost, or not doubled
    elif r < 0.2 and len(res) > 1:
        res[0] = base(res[0]) + 1
    x, y = f.arg(vtype(a)), f.arg(vtype(b))
    if WANT_GENERIC[0] or a != b:
        f.body.append('%%r = "vector.interleave"(%s, %s) : (%s, %s) -> %s' % (x, y, vtype(a), vtype(b), vtype(res)))
        return f.text(name, vtype(res)), True
    f.body.append("%%r = vector.interleave %s, %s : %s -> %s" % (x, y, vtype(a), vtype(res)))
    return f.text(name, vtype(res))


def vdeinterleave(rng, name, _op):
    f = Fn()
    v = vdims(rng, 1, 3)
    v[-1] = 2 * v[-1] - (1 if rng.random() < 0.1 else 0)
    half = v[:-1] + [max(1, v[-1] // 2)]
    r1 = list(half)
    r = rng.random()
    if r < 0.1:
        r1[-1] += 1
    elif r < 0.15 and len(r1) > 1:
        r1[0] += 1
    r2 = list(r1)
    a = f.arg(vtype(v))
    if WANT_GENERIC[0]:
        if rng.random() < 0.15:
            r2[-1] += 1
        f.body.append('%%r, %%r2 = "vector.deinterleave"(%s) : (%s) -> (%s, %s)' % (a, vtype(v), vtype(r1), vtype(r2)))
        return f.text(name, vtype(r1)), True
    f.body.append("%%r, %%r2 = vector.deinterleave %s : %s -> %s" % (a, vtype(v), vtype(r1)))
    return f.text(name, vtype(r1))


WIDTHS = {"i1": 1, "i4": 4, "i8": 8, "f16": 16, "bf16": 16, "f32": 32, "i32": 32, "f64": 64}


def vbitcast(rng, name, _op):
    f = Fn()
    v = vdims(rng, 0, 3)
    se, re_ = rng.choice(sorted(WIDTHS)), rng.choice(sorted(WIDTHS))
    res = list(v)
    if v:
        bits = v[-1] * WIDTHS[se]
        res[-1] = bits // WIDTHS[re_] if bits % WIDTHS[re_] == 0 and bits >= WIDTHS[re_] else rng.randint(1, 4)
        if rng.random() < 0.1:
            res[-1] += 1
        if len(res) > 1 and rng.random() < 0.1:
            res[0] += 1
    elif rng.random() < 0.6:
        re_ = [e for e in WIDTHS if WIDTHS[e] == WIDTHS[se]][0]
    if rng.random() < 0.06:
        res = res + [1] if rng.random() < 0.5 or not res else res[1:]
    a = f.arg(vtype(v, se))
    f.body.append("%%r = vector.bitcast %s : %s to %s" % (a, vtype(v, se), vtype(res, re_)))
    return f.text(name, vtype(res, re_))


def tcast(rng, name, _op):
    f = Fn()
    src = maybe_dyn(rng, tdims(rng, 0, 3), 0.3)
    res = [d if rng.random() < 0.6 else "?" for d in src]
    res = [(rng.randint(1, 5) if d == "?" and rng.random() < 0.3 else d) for d in res]
    res = tweak(rng, res, 0.2)
    if rng.random() < 0.06:
        res = res + [2]
    st, rt = shaped("tensor", src), shaped("tensor", res, "f16" if rng.random() < 0.05 else "f32")
    r = rng.random()
    if r < 0.1:
        st = "tensor<*xf32>"
    elif r < 0.2:
        rt = "tensor<*xf32>"
    a = f.arg(st)
    f.body.append("%%r = tensor.cast %s : %s to %s" % (a, st, rt))
    return f.text(name, rt)


def gather_case(rng, src):
    """(dims list, indices dims, full and reduced gathered shapes) with mistakes sometimes."""
    rank = len(src)
    n = rng.randint(1, rank) if rank else 1
    dims = sorted(rng.sample(range(rank), n)) if rank else [0]
    r = rng.random()
    if r < 0.04:
        dims = []
    elif r < 0.08:
        dims = list(reversed(dims)) if len(dims) > 1 else dims + [rank]
    elif r < 0.11:
        dims = dims[:-1] + [rank + rng.randint(0, 1)]
    elif r < 0.13:
        dims = [-1] + dims[1:]
    batch = maybe_dyn(rng, tdims(rng, 0, 2), 0.1)
    last = len(dims) if rng.random() > 0.08 else rng.choice(["?", len(dims) + 1])
    idx = batch + [last]
    full = batch + [1 if i in dims else d for i, d in enumerate(src)]
    red = batch + [d for i, d in enumerate(src) if i not in dims]
    return dims, idx, full, red


def gathered(rng, full, red):
    res = list(red if rng.random() < 0.5 else full)
    r = rng.random()
    if r < 0.12:
        res = tweak(rng, res, 1.0)
    elif r < 0.16:
        res = res + [1]
    return res


def tgather(rng, name, _op):
    f = Fn()
    src = maybe_dyn(rng, tdims(rng, 1, 3), 0.15)
    dims, idx, full, red = gather_case(rng, src)
    res = gathered(rng, full, red)
    st, it = shaped("tensor", src), shaped("tensor", idx, "index")
    rt = shaped("tensor", res, "f16" if rng.random() < 0.04 else "f32")
    s, i = f.arg(st), f.arg(it)
    uniq = " unique" if rng.random() < 0.5 else ""
    f.body.append("%%r = tensor.gather %s[%s] gather_dims([%s])%s : (%s, %s) -> %s" % (
        s, i, ", ".join(map(str, dims)), uniq, st, it, rt))
    return f.text(name, rt)


def tscatter(rng, name, _op):
    f = Fn()
    dst = maybe_dyn(rng, tdims(rng, 1, 3), 0.15)
    dims, idx, full, red = gather_case(rng, dst)
    src = gathered(rng, full, red)
    res = dst if rng.random() < 0.9 else tweak(rng, dst, 1.0)
    st, dt, it = shaped("tensor", src), shaped("tensor", dst), shaped("tensor", idx, "index")
    rt = shaped("tensor", res)
    s, d, i = f.arg(st), f.arg(dt), f.arg(it)
    uniq = " unique" if rng.random() < 0.9 else ""
    f.body.append("%%r = tensor.scatter %s into %s[%s] scatter_dims([%s])%s : (%s, %s, %s) -> %s" % (
        s, d, i, ", ".join(map(str, dims)), uniq, st, dt, it, rt))
    return f.text(name, rt)


def transfer_map(rng, srank, vrank, write):
    """A permutation map's results (dim names or "0") of vrank results over srank dims, or a mistake."""
    dims = rng.sample(range(srank), min(vrank, srank))
    res = ["d%d" % d for d in dims] + ["0"] * (vrank - len(dims))
    rng.shuffle(res)
    r = rng.random()
    if r < 0.05 and len(res) > 1 and res[0] != "0":
        res[1] = res[0]
    elif r < 0.08 and res:
        res[0] = "d0 + d%d" % (srank - 1) if srank > 1 else "1"
    elif r < 0.12 and not write and res:
        res[rng.randrange(len(res))] = "0"
    elif r < 0.14 and write and res:
        res[rng.randrange(len(res))] = "0"
    return res


def mask_of(srank, res, vdims):
    used = [(int(e[1:]), k) for k, e in enumerate(res) if e.startswith("d") and "+" not in e]
    m = [vdims[k] for _, k in sorted(used)]
    return m or [1]


def transfer_indices(rng, f, rank, p):
    """A transfer's index count (its source's rank; one more or one fewer
    with probability p) and the indices written (one index argument of f,
    repeated)."""
    n = rank if rng.random() > p else rank + rng.choice([-1, 1])
    i = f.arg("index") if n > 0 else None
    return max(n, 0), ", ".join([i] * max(n, 0))


def vtransfer_velem(rng, name, write):
    """A transfer whose source holds vectors (memref<?x4xvector<2x4xf32>>):
    the vector is the outer dims then the element vector's, or a mistake
    (minor bit widths, ranks, the map's result count, a mask, the padding)."""
    f = Fn()
    srank, orank = rng.randint(1, 3), rng.randint(0, 2)
    src = maybe_dyn(rng, tdims(rng, srank, srank), 0.4)
    edims = [rng.randint(1, 4) for _ in range(rng.choice([1, 1, 1, 2]))]
    eelem = rng.choice(["f32"] * 6 + ["f16", "i8"])
    et = vtype(edims, eelem)
    kind = "tensor" if rng.random() < 0.5 else "memref"
    vdims, velem = [rng.randint(1, 4) for _ in range(orank)] + list(edims), eelem
    r = rng.random()
    if r < 0.1:
        vdims[-1] *= rng.choice([2, 3])  # a multiple of the minor vector, or not
    elif r < 0.15:
        velem = rng.choice(["f16", "f64", "i32"])
    elif r < 0.2 and len(edims) > 1:
        vdims = vdims[1:] if orank == 0 else vdims
    default = rng.random() < 0.4 and orank <= srank
    res = transfer_map(rng, srank, orank, write) if not default else ["d%d" % d for d in range(srank - orank, srank)]
    if rng.random() < 0.06:
        res = res + ["d0"] if len(res) < srank else res[1:]
    st, vt = shaped(kind, src, et), vtype(vdims, velem)
    s = f.arg(st)
    nidx, idx = transfer_indices(rng, f, len(src), 0.05)
    attrs = []
    if not default or WANT_GENERIC[0]:
        attrs.append("permutation_map = %s" % amap(len(src), res))
    if rng.random() < 0.4 or WANT_GENERIC[0]:
        n = len(res) if rng.random() > 0.08 else len(res) + 1
        attrs.append("in_bounds = [%s]" % ", ".join(rng.choice(["true", "false"]) for _ in range(n)))
    mask = ", " + f.arg(vtype(mask_of(srank, res, vdims), "i1")) if rng.random() < 0.06 else ""
    ad = " {%s}" % ", ".join(attrs) if attrs else ""
    pretty_only = bool(mask) and not WANT_GENERIC[0]  # the pretty parser rejects the mask first
    if write:
        v = f.arg(vt)
        out = st if kind == "tensor" else None
        head = "%r = " if out else ""
        if mask and WANT_GENERIC[0]:  # written generic, as above
            f.body.append('%s"vector.transfer_write"(%s, %s%s%s) <{in_bounds = [%s], operandSegmentSizes = '
                          'array<i32: 1, 1, %d, 1>, permutation_map = %s}> : (%s, %s%s, %s) -> (%s)' % (
                              head, v, s, ", " + idx if idx else "", mask, ", ".join(["false"] * len(res)),
                              nidx, amap(len(src), res), vt, st, ", index" * nidx, f.types[-2],
                              out or ""))
            return (f.text(name, out),)
        f.body.append("%svector.transfer_write %s, %s[%s]%s%s : %s, %s" % (head, v, s, idx, mask, ad, vt, st))
        return (f.text(name, out),) if pretty_only else f.text(name, out)
    pt = et if rng.random() > 0.08 else rng.choice([vtype(edims, "f64"), eelem])
    pad = f.arg(pt)
    if (mask or pt != et) and WANT_GENERIC[0]:  # what the pretty parser rejects: written generic
        nb = len(res)
        f.body.append('%%r = "vector.transfer_read"(%s%s, %s%s) <{in_bounds = [%s], operandSegmentSizes = '
                      'array<i32: 1, %d, 1, %d>, permutation_map = %s}> : (%s%s, %s%s) -> %s' % (
                          s, ", " + idx if idx else "", pad, mask, ", ".join(["false"] * nb), nidx,
                          1 if mask else 0, amap(len(src), res), st, ", index" * nidx, pt,
                          ", " + f.types[-2] if mask else "", vt))
        return (f.text(name, vt),)
    f.body.append("%%r = vector.transfer_read %s[%s], %s%s%s : %s, %s" % (s, idx, pad, mask, ad, st, vt))
    # a padding of another type: only the generic form can write it
    return (f.text(name, vt),) if pretty_only or pt != et else f.text(name, vt)


def vtransfer(rng, name, op):
    write = op == "transfer_write"
    if rng.random() < 0.3:
        return vtransfer_velem(rng, name, write)
    f = Fn()
    srank, vrank = rng.randint(1, 3), rng.randint(1, 3)
    src = maybe_dyn(rng, tdims(rng, srank, srank), 0.4)
    vdims = vdims_ = [rng.randint(1, 4) for _ in range(vrank)]
    kind = "tensor" if rng.random() < 0.5 else "memref"
    default = rng.random() < 0.3 and vrank <= srank
    res = ["d%d" % d for d in range(srank - vrank, srank)] if default else transfer_map(rng, srank, vrank, write)
    if rng.random() < 0.05:
        src = src + [3]
    if rng.random() < 0.05:
        vdims_ = vdims + [2]
    elem = "f32"
    velem = rng.choice(["f32"] * 8 + ["f16", "f64"])
    st, vt = shaped(kind, src, elem), vtype(vdims_, velem)
    s = f.arg(st)
    nidx, idx = transfer_indices(rng, f, len(src), 0.06)
    attrs = []
    clean = all(e.startswith("d") and "+" not in e for e in res) and len(set(res)) == len(res)
    if not default or rng.random() < 0.3:
        attrs.append("permutation_map = %s" % amap(len(src) if rng.random() > 0.04 else len(src) + 1, res))
    no_map = not attrs and len(vdims_) > len(src)  # the pretty parser needs a map then: no generic form
    if no_map and WANT_GENERIC[0]:
        attrs.append("permutation_map = %s" % amap(len(src), res))
    if rng.random() < 0.4:
        n = len(res) if rng.random() > 0.08 else len(res) + 1
        attrs.append("in_bounds = [%s]" % ", ".join(rng.choice(["true", "false"]) for _ in range(n)))
    mask, unparsable = "", no_map and not WANT_GENERIC[0]  # also a wrong mask or padding type: the pretty parser rejects it
    if rng.random() < 0.3 and clean and len(src) == srank and len(vdims_) == vrank:
        m = mask_of(srank, res, vdims_)
        if rng.random() < 0.2 and not WANT_GENERIC[0]:
            m = m[::-1] if len(m) > 1 and m[0] != m[-1] else m + [2]
            unparsable = True
        mask = ", " + f.arg(vtype(m, "i1"))
    ad = " {%s}" % ", ".join(attrs) if attrs else ""
    if write:
        v = f.arg(vt)
        out = st if kind == "tensor" else None
        if out and rng.random() < 0.06:
            out = shaped(kind, tweak(rng, [d if d != "?" else 2 for d in src], 1.0), elem)
        head = "%r = " if out else ""
        if out and out != st:
            f.body.append('%s"vector.transfer_write"(%s, %s%s%s) <{in_bounds = [%s], operandSegmentSizes = array<i32: 1, 1, %d, %d>, '
                          'permutation_map = %s}> : (%s, %s%s%s) -> %s' % (
                              head, v, s, ", " + idx if idx else "", mask, ", ".join(["false"] * len(res)), nidx,
                              1 if mask else 0, amap(len(src), res), vt, st, ", index" * nidx,
                              ", " + f.types[-2] if mask else "", out))
            return (f.text(name, out),)
        f.body.append("%svector.transfer_write %s, %s[%s]%s%s : %s, %s" % (head, v, s, idx, mask, ad, vt, st))
        return (f.text(name, out),) if unparsable else f.text(name, out)
    ptype = "f32" if rng.random() > 0.05 or WANT_GENERIC[0] else "f16"
    pad = f.arg(ptype)
    f.body.append("%%r = vector.transfer_read %s[%s], %s%s%s : %s, %s" % (s, idx, pad, mask, ad, st, vt))
    return (f.text(name, vt),) if unparsable or ptype != elem else f.text(name, vt)


def lcontract(rng, name, _op):
    """linalg.contract with vector.contract's maps on tensors or memrefs, the maps or shapes sometimes wrong."""
    nloops, lm, rm, am = rng.choice(CONTRACTIONS)
    lm, rm, am = list(lm), list(rm), list(am)
    maps = [lm, rm, am]
    extra = 0
    r = rng.random()
    if r < 0.04:
        extra = 1  # a loop no operand uses
    elif r < 0.08 and am:
        am.pop(rng.randrange(len(am)))  # a parallel loop left to one input
    elif r < 0.11:
        k = rng.choice(maps)
        if k:
            k[rng.randrange(len(k))] = k[0]  # a map that is no permutation
    elif r < 0.13:
        maps = maps[:2]  # a map missing
    sizes = [rng.randint(1, 4) for _ in range(nloops)]
    shapes = [[sizes[d] for d in m] for m in (lm, rm, am)]
    mutate(rng, shapes, sizes)
    dynamize(rng, shapes)
    kind = "memref" if rng.random() < 0.2 else "tensor"
    types = [shaped(kind, sh) for sh in shapes]
    res = result_of(rng, kind, shapes[-1])
    text = ", ".join(amap(nloops + extra, ["d%d" % d for d in m]) for m in maps)
    head = "%r = " if res else ""
    body = ["%slinalg.contract indexing_maps = [%s] %s%s" % (head, text, ins_outs(types, 2), " -> " + res if res else "")]
    return function(name, types, res, body)


def tdim(rng, name, _op):
    f = Fn()
    t = maybe_dyn(rng, tdims(rng, 0, 3))
    tt = shaped("tensor", t) if rng.random() < 0.9 else "tensor<*xf32>"
    a = f.arg(tt)
    if rng.random() < 0.5:
        f.body.append("%%c = arith.constant %d : index" % rng.randint(-1, 4))
        c = "%c"
    else:
        c = f.arg("index")
    f.body.append("%%r = tensor.dim %s, %s : %s" % (a, c, tt))
    return f.text(name, "index")


# vector.contract shapes: (loops, lhs, rhs, acc maps as loop indices), the
# acc's loops parallel, the others reductions (contracting pairs).
CONTRACTIONS = [
    (3, [0, 2], [2, 1], [0, 1]),        # matmul
    (3, [2, 0], [2, 1], [0, 1]),        # transposed lhs
    (3, [0, 2], [1, 2], [1, 0]),        # transposed rhs and acc
    (2, [0, 1], [1], [0]),              # matvec
    (1, [0], [0], []),                  # dot: a scalar accumulator
    (4, [0, 1, 3], [0, 3, 2], [0, 1, 2]),  # batch matmul
    (4, [1, 2, 3], [2, 3, 0], [1, 0]),  # two contracting dims
]


def vcontract(rng, name, _op):
    f = Fn()
    nloops, lm, rm, am = rng.choice(CONTRACTIONS)
    lm, rm, am = list(lm), list(rm), list(am)
    sizes = [rng.randint(1, 4) for _ in range(nloops)]
    iters = ["parallel" if d in am else "reduction" for d in range(nloops)]
    r = rng.random()
    if r < 0.04:  # a contracting loop turned parallel (or every one: no contracting pair)
        iters[rng.choice([d for d in range(nloops) if iters[d] == "reduction"])] = "parallel"
    elif r < 0.08 and am:  # an acc loop turned reduction
        iters[rng.choice(am)] = "reduction"
    elif r < 0.11:  # a map result repeated or replaced by a loop of no operand
        k = rng.choice([lm, rm, am])
        if k:
            k[rng.randrange(len(k))] = rng.choice([k[0], nloops - 1])
    elif r < 0.13 and am:  # the acc map permuted or shortened
        am = am[::-1] if rng.random() < 0.5 else am[:-1]
    elif r < 0.15:
        iters = [rng.choice(["parallel", "reduction"]) for _ in range(nloops)]
    shapes = [[sizes[d] for d in m] for m in (lm, rm, am)]
    r = rng.random()
    if r < 0.25:
        k = rng.randrange(3)
        if shapes[k]:
            j = rng.randrange(len(shapes[k]))
            shapes[k][j] += rng.choice([1, 2])
    elif r < 0.3:
        k = rng.randrange(3)
        shapes[k] = shapes[k][:-1] if shapes[k] and rng.random() < 0.5 else shapes[k] + [2]
    iters = ['"%s"' % i for i in iters]
    r = rng.random()
    if r < 0.05:
        iters = iters + ['"parallel"']
    elif r < 0.08 and len(iters) > 1:
        iters = iters[:-1]
    kind = rng.choice(["add"] * 6 + ["mul", "maxnumf", "and", "maxsi", "minimumf", "xor"])
    elem = "i32" if rng.random() < 0.2 else "f32"
    maps = ", ".join(amap(nloops, ["d%d" % d for d in m]) for m in (lm, rm, am))
    ta, tb = vtype(shapes[0], elem), vtype(shapes[1], elem)
    tc = vtype(shapes[2], elem) if shapes[2] else elem
    a, b, c = f.arg(ta), f.arg(tb), f.arg(tc)
    f.body.append("%%r = vector.contract {indexing_maps = [%s], iterator_types = [%s], kind = #vector.kind<%s>} "
                  "%s, %s, %s : %s, %s into %s" % (maps, ", ".join(iters), kind, a, b, c, ta, tb, tc))
    return f.text(name, tc)


FAMILIES = [("linalg." + op, named) for op in NAMED] + [("linalg.transpose", transpose), ("linalg.reduce", reduce_op)] + [
    ("linalg." + op, copy_fill_map) for op in ("copy", "fill", "map")] + [("linalg.generic", generic)] + [
    ("tensor.collapse_shape", collapse_shape), ("tensor.expand_shape", expand_shape),
    ("tensor.extract_slice", extract_slice), ("tensor.insert_slice", insert_slice), ("tensor.pad", pad),
    ("tensor.concat", concat), ("tensor.extract", extract_insert), ("tensor.insert", extract_insert),
    ("tensor.from_elements", from_elements), ("tensor.reshape", reshape)] + [
    (op, conv) for op in sorted(CONV)] + [
    ("vector.transpose", vtranspose), ("vector.extract", vextract), ("vector.insert", vinsert),
    ("vector.extract_strided_slice", vstrided), ("vector.from_elements", vfrom_elements),
    ("vector.multi_reduction", vmulti_reduction), ("vector.reduction", vreduction),
    ("vector.insert_strided_slice", vinsert_strided), ("vector.constant_mask", vconstant_mask),
    ("vector.create_mask", vcreate_mask), ("vector.interleave", vinterleave), ("vector.deinterleave", vdeinterleave),
    ("vector.bitcast", vbitcast), ("tensor.cast", tcast), ("tensor.dim", tdim),
    ("vector.contract", vcontract), ("tensor.gather", tgather), ("tensor.scatter", tscatter),
    ("vector.transfer_read", vtransfer), ("vector.transfer_write", vtransfer), ("linalg.contract", lcontract)]


def mask_mistake(rng, mask):
    """The expected mask, or one a mistake away: a dim changed, one more or
    one fewer, the dims reversed, a scalable flag dropped."""
    m = list(mask)
    r = rng.random()
    if r < 0.2:
        k = rng.randrange(len(m))
        m[k] = (int(str(m[k]).strip("[]")) + rng.choice([1, 2])) if rng.random() < 0.8 else m[k]
    elif r < 0.28:
        m.append(2)
    elif r < 0.34 and len(m) > 1:
        m = m[:-1]
    elif r < 0.42 and len(m) > 1:
        m = m[::-1]
    elif r < 0.47:
        m = [str(d).strip("[]") for d in m]
    return m


def valid_contract(rng, f):
    """A valid vector.contract's pieces for a mask test, its operands added
    to f: (loop sizes, the maps' text, the iterator types' text, lhs, rhs,
    acc and their types)."""
    nloops, lm, rm, am = rng.choice(CONTRACTIONS)
    sizes = [rng.randint(1, 4) for _ in range(nloops)]
    iters = ", ".join('"%s"' % ("parallel" if d in am else "reduction") for d in range(nloops))
    shapes = [[sizes[d] for d in m] for m in (lm, rm, am)]
    maps = ", ".join(amap(nloops, ["d%d" % d for d in m]) for m in (lm, rm, am))
    ta, tb = vtype(shapes[0]), vtype(shapes[1])
    tc = vtype(shapes[2]) if shapes[2] else "f32"
    return (sizes, maps, iters) + tuple(f.arg(t) for t in (ta, tb, tc)) + (ta, tb, tc)


def vmask_maps(rng, name, kind):
    """vector.mask around an op whose expected mask comes from its maps (a
    transfer_read or transfer_write with a projected permutation map, the
    pretty default included; a vector.contract), or an empty region, or a
    mask with no result around an op with one: the mask against
    inferTransferOpMaskType / ContractionOp::getExpectedMaskType."""
    f = Fn()
    if kind == "contract":
        sizes, maps, iters, a, b, c, ta, tb, tc = valid_contract(rng, f)
        mask = mask_mistake(rng, sizes)
        m = f.arg(vtype(mask, "i1"))
        f.body.append("%%r = vector.mask %s { vector.contract {indexing_maps = [%s], iterator_types = [%s], "
                      "kind = #vector.kind<add>} %s, %s, %s : %s, %s into %s } : %s -> %s" % (
                          m, maps, iters, a, b, c, ta, tb, tc, vtype(mask, "i1"), tc))
        return f.text(name, tc)
    if kind == "empty":
        v = f.arg(vtype(vdims(rng, 1, 2)))
        res = f.types[-1]
        m = f.arg(vtype([rng.randint(1, 4)], "i1"))
        r = rng.random()
        if r < 0.35:
            f.body.append("%%r = vector.mask %s { } : %s -> %s" % (m, f.types[-1], res))
        elif r < 0.7:
            f.body.append("%%r = vector.mask %s { vector.yield %s : %s } : %s -> %s" % (m, v, res, f.types[-1], res))
        else:
            f.body.append("vector.mask %s { } : %s" % (m, f.types[-1]))
            return f.text(name, None)
        return f.text(name, res)
    if kind == "gather":
        return vmask_gather(rng, name, f)
    if kind == "outer":
        return vmask_outer(rng, name, f)
    if kind == "shared":
        return vmask_shared(rng, name, f)
    if kind == "unnamed":
        v = vdims(rng, 1, 1)
        src = f.arg(vtype(v))
        m = f.arg(vtype(v, "i1"))
        res = rng.choice(["", " -> f32", " -> f64", " -> " + vtype(v)])
        f.body.append("%svector.mask %s { vector.reduction <add>, %s : %s into f32 } : %s%s" % (
            "%r = " if res else "", m, src, vtype(v), vtype(v, "i1"), res))
        return f.text(name, res[4:] if res else None)
    write = kind == "transfer_write"
    srank = rng.randint(1, 3)
    vrank = rng.randint(1, srank if write else 3)
    default = rng.random() < 0.3 and vrank <= srank
    if default:
        res = ["d%d" % d for d in range(srank - vrank, srank)]
    else:
        dims = rng.sample(range(srank), min(vrank, srank))
        res = ["d%d" % d for d in dims] + ["0"] * (vrank - len(dims))
        rng.shuffle(res)
        if not write and rng.random() < 0.2:
            res[rng.randrange(vrank)] = "0"
    vd = [rng.randint(1, 4) for _ in range(vrank)]
    vdt = ["[%d]" % d if rng.random() < 0.1 else d for d in vd]
    used = sorted((int(e[1:]), k) for k, e in enumerate(res) if e != "0")
    want = [vdt[k] for _, k in used] or [1]
    mask = mask_mistake(rng, want)
    kind_t = "tensor" if rng.random() < 0.6 else "memref"
    st = "%s<%sf32>" % (kind_t, "?x" * srank)
    vt = vtype(vdt)
    s = f.arg(st)
    i = f.arg("index")
    idx = ", ".join([i] * srank)
    ad = "" if default else " {permutation_map = %s}" % amap(srank, res)
    if write:
        v = f.arg(vt)
        m = f.arg(vtype(mask, "i1"))
        if kind_t == "tensor":
            f.body.append("%%r = vector.mask %s { vector.transfer_write %s, %s[%s]%s : %s, %s } : %s -> %s" % (
                m, v, s, idx, ad, vt, st, vtype(mask, "i1"), st))
            return f.text(name, st)
        f.body.append("vector.mask %s { vector.transfer_write %s, %s[%s]%s : %s, %s } : %s" % (
            m, v, s, idx, ad, vt, st, vtype(mask, "i1")))
        return f.text(name, None)
    p = f.arg("f32")
    m = f.arg(vtype(mask, "i1"))
    pt = ", " + f.arg(vt) if rng.random() < 0.3 else ""
    f.body.append("%%r = vector.mask %s%s { vector.transfer_read %s[%s], %s%s : %s, %s } : %s -> %s" % (
        m, pt, s, idx, p, ad, st, vt, vtype(mask, "i1"), vt))
    return f.text(name, vt)


def vmask_gather(rng, name, f):
    """vector.mask around a vector.gather, in either form (pretty:
    `%b[%i, %i] [%v], %gm, %p`, the index vector in the second bracket
    group): the mask against the index vector's shape
    (GatherOp::getExpectedMaskType), the index vector sometimes not the
    result's shape (then the gather's own error, on its line, unless the
    mask is wrong first)."""
    res = [rng.randint(1, 4) for _ in range(rng.randint(1, 2))]
    res_t = ["[%d]" % d if rng.random() < 0.1 else d for d in res]
    idx = list(res_t)
    if rng.random() < 0.15:
        idx[0] = int(str(idx[0]).strip("[]")) + 1
    mask = mask_mistake(rng, idx)
    brank = rng.randint(1, 2)
    bt = "%s<%sf32>" % (rng.choice(["memref", "tensor"]), "?x" * brank)
    b = f.arg(bt)
    i = f.arg("index")
    v = f.arg(vtype(idx, "i32"))
    gm = f.arg(vtype(res_t, "i1"))
    p = f.arg(vtype(res_t))
    m = f.arg(vtype(mask, "i1"))
    rt = vtype(res_t)
    if not WANT_GENERIC[0]:
        f.body.append("%%r = vector.mask %s { vector.gather %s[%s] [%s], %s, %s : %s, %s, %s, %s into %s } : %s -> %s" % (
            m, b, ", ".join([i] * brank), v, gm, p, bt, vtype(idx, "i32"), vtype(res_t, "i1"), rt, rt,
            vtype(mask, "i1"), rt))
        return f.text(name, rt)
    f.body.append('%%r = "vector.mask"(%s) ({' % m)
    f.body.append('  %%g = "vector.gather"(%s, %s, %s, %s, %s) : (%s, %s, %s, %s, %s) -> %s' % (
        b, ", ".join([i] * brank), v, gm, p, bt, ", ".join(["index"] * brank), vtype(idx, "i32"),
        vtype(res_t, "i1"), rt, rt))
    f.body.append('  "vector.yield"(%%g) : (%s) -> ()' % rt)
    f.body.append("}) : (%s) -> %s" % (vtype(mask, "i1"), rt))
    return (f.text(name, rt),)


def vmask_outer(rng, name, f):
    """vector.mask around a vector.outerproduct (lhs x rhs, or AXPY with a
    scalar rhs; scalable dims; an accumulator or not): the mask against the
    result's shape (OuterProductOp::getExpectedMaskType; in pretty form the
    type the parser infers), or no mask result at all."""
    n, k = rng.randint(1, 4), rng.randint(1, 4)
    scal_l = rng.random() < 0.1
    scal_r = scal_l or rng.random() < 0.1
    lt = vtype(["[%d]" % n if scal_l else n])
    axpy = rng.random() < 0.3
    rt = "f32" if axpy else vtype(["[%d]" % k if scal_r else k])
    res = ["[%d]" % n if scal_l else n] + ([] if axpy else ["[%d]" % k if scal_r else k])
    a, b = f.arg(lt), f.arg(rt)
    acc = ", " + f.arg(vtype(res)) if rng.random() < 0.4 else ""
    mask = mask_mistake(rng, res)
    m = f.arg(vtype(mask, "i1"))
    inner = "vector.outerproduct %s, %s%s : %s, %s" % (a, b, acc, lt, rt)
    if rng.random() < 0.12:
        f.body.append("vector.mask %s { %s } : %s" % (m, inner, vtype(mask, "i1")))
        return f.text(name, None)
    f.body.append("%%r = vector.mask %s { %s } : %s -> %s" % (m, inner, vtype(mask, "i1"), vtype(res)))
    return f.text(name, vtype(res))


def vmask_shared(rng, name, f):
    """vector.mask around an op written without result names whose result
    type is an operand's (a contraction's accumulator, a multi_reduction's,
    a transfer_write's tensor): the mask's results against the op's one
    (none, the right type, another type); or a mask around a write to a
    memref whose result is named (pretty only: 'cannot name an operation
    with no results')."""
    r = rng.random()
    if r < 0.35:
        sizes, maps, iters, a, b, c, ta, tb, tc = valid_contract(rng, f)
        m = f.arg(vtype(sizes, "i1"))
        inner = ("vector.contract {indexing_maps = [%s], iterator_types = [%s], kind = #vector.kind<add>} "
                 "%s, %s, %s : %s, %s into %s" % (maps, iters, a, b, c, ta, tb, tc))
        res, mt = tc, vtype(sizes, "i1")
    elif r < 0.65:
        v = [rng.randint(1, 4) for _ in range(rng.randint(2, 3))]
        dims = sorted(rng.sample(range(len(v)), rng.randint(1, len(v) - 1)))
        kept = [d for i, d in enumerate(v) if i not in dims]
        src, acc = f.arg(vtype(v)), f.arg(vtype(kept))
        m = f.arg(vtype(v, "i1"))
        inner = "vector.multi_reduction <add>, %s, %s [%s] : %s to %s" % (
            src, acc, ", ".join(map(str, dims)), vtype(v), vtype(kept))
        res, mt = vtype(kept), vtype(v, "i1")
    else:
        v = [rng.randint(1, 4)]
        memref = rng.random() < 0.4
        st = "%s<?xf32>" % ("memref" if memref else "tensor")
        s, i, x = f.arg(st), f.arg("index"), f.arg(vtype(v))
        m = f.arg(vtype(v, "i1"))
        inner = "vector.transfer_write %s, %s[%s] : %s, %s" % (x, s, i, vtype(v), st)
        res, mt = (None if memref else st), vtype(v, "i1")
        if memref and not WANT_GENERIC[0] and rng.random() < 0.5:
            f.body.append("%%r = vector.mask %s { %s } : %s" % (m, inner, mt))
            return (f.text(name, None),)
    q = rng.random()
    if q < 0.35 or res is None:
        if res is None and q < 0.3:
            res = vtype(v)  # a result the write to a memref does not have
        else:
            f.body.append("vector.mask %s { %s } : %s" % (m, inner, mt))
            return f.text(name, None)
    elif q < 0.6:
        res = vtype([2, 3]) if res.startswith("vector<") else "f64"
    f.body.append("%%r = vector.mask %s { %s } : %s -> %s" % (m, inner, mt, res))
    return f.text(name, res)


def vmask(rng, name, _op):
    """vector.mask around one maskable op (reduction, multi_reduction,
    transfer_read; transfers and contractions with maps: vmask_maps), or
    around an op that is not maskable: the mask's type against the op's
    expected mask, the results against the op's, a passthru where the op
    takes none. Not in FAMILIES (outside the default stream):
    LINALG_DIFF_ONLY=vector.mask measures it."""
    if rng.random() < 0.5:
        return vmask_maps(rng, name, rng.choice(["transfer_read", "transfer_read", "transfer_write", "contract",
                                                 "contract", "empty", "unnamed", "gather", "gather", "outer",
                                                 "outer", "shared", "shared"]))
    f = Fn()
    v = vdims(rng, 1, 3)
    kind = rng.choice(["reduction", "multi_reduction", "transfer_read", "addf"])
    if kind == "reduction":
        v = v[:1]
    mask = list(v)
    passthru = None
    if kind == "reduction":
        src = f.arg(vtype(v))
        res = "f32"
        inner = "vector.reduction <add>, %s : %s into f32" % (src, vtype(v))
    elif kind == "multi_reduction":
        src = f.arg(vtype(v))
        dims = sorted(rng.sample(range(len(v)), rng.randint(1, len(v))))
        kept = [d for i, d in enumerate(v) if i not in dims]
        res = vtype(kept) if kept else "f32"
        acc = f.arg(res)
        inner = "vector.multi_reduction <add>, %s, %s [%s] : %s to %s" % (
            src, acc, ", ".join(map(str, dims)), vtype(v), res)
    elif kind == "transfer_read":
        t = f.arg("tensor<" + "?x" * len(v) + "f32>")
        i, p = f.arg("index"), f.arg("f32")
        res = vtype(v)
        inner = "vector.transfer_read %s[%s], %s : %s, %s" % (t, ", ".join([i] * len(v)), p,
                                                              "tensor<" + "?x" * len(v) + "f32>", res)
        if rng.random() < 0.4:
            passthru = res
    else:
        a = f.arg(vtype(v))
        res = vtype(v)
        inner = "arith.addf %s, %s : %s" % (a, a, res)
    r = rng.random()
    if r < 0.2:
        mask[rng.randrange(len(mask))] += rng.choice([1, 2])
    elif r < 0.27:
        mask.append(2)
    elif r < 0.34 and res != "f32":
        res = vtype([d + 1 for d in v])
    elif r < 0.4:
        passthru = res  # the pretty form types the passthru as the result
    m = f.arg(vtype(mask, "i1"))
    pt = ", " + f.arg(res) if passthru else ""
    f.body.append("%%r = vector.mask %s%s { %s } : %s -> %s" % (m, pt, inner, vtype(mask, "i1"), res))
    return f.text(name, res)


# Families not in the default stream (so no seed's cases change): only by
# LINALG_DIFF_ONLY.
EXTRA_FAMILIES = [("vector.mask", vmask)]


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
    args, rng = seeded_args(argv, ("false_errors_only",))
    if args is None:
        return 2
    cases = []
    # LINALG_DIFF_ONLY=vector.reduction,...: only these families
    only = [f for f in os.environ.get("LINALG_DIFF_ONLY", "").split(",") if f]
    families = [f for f in FAMILIES + EXTRA_FAMILIES if f[0] in only] if only else FAMILIES
    for i in range(args["cases"]):
        fam, gen = families[i % len(families)]
        generic = rng.random() < 0.5
        WANT_GENERIC[0] = generic
        text = gen(rng, "f%d" % i, fam.split(".", 1)[1])
        written = isinstance(text, tuple)
        if written and '"%s"' % fam in text[0]:
            generic = True  # written generic by the generator (a form the pretty parser rejects)
        cases.append([fam, generic, text[0] if written else text, written])
    gen_idx = [i for i, c in enumerate(cases) if c[1] and not c[3]]
    if gen_idx:
        for i, text in zip(gen_idx, to_generic([cases[i][2] for i in gen_idx])):
            cases[i][2] = text
    chunks, op_lines, line = [], [], 1
    for fam, generic, text, _ in cases:
        marker = ('"%s"' if generic else "%s ") % fam
        op_lines.append(line + op_line(text, marker))
        chunks.append(text)
        line += text.count("\n") + 1
    path = write_split(args, chunks)
    ref, got, detail = verdicts(args["binary"], path, op_lines)
    if not args["keep"]:
        os.unlink(path)
    described = ["%s (%s)" % (fam, "generic" if generic else "pretty") for fam, generic, _, _ in cases]
    failed, false_errors = tally(ref, got, op_lines, described, detail, every_false_error=True)
    per = {}
    for i, (fam, _, _, _) in enumerate(cases):
        p = per.setdefault(fam, [0, 0, 0, 0])  # cases, agree, rejected, false errors
        p[0] += 1
        p[1] += ref[i] == got[i]
        p[2] += ref[i]
        p[3] += got[i] and not ref[i]
    for fam, (n, agree, rej, fe) in per.items():
        print("  %-20s %4d cases, %4d agree, %4d rejected by mlir-opt-22, %d false errors" % (fam, n, agree, rej, fe))
    total = len(ref)
    print_verdicts(ref, failed, false_errors)
    bad = false_errors if args["false_errors_only"] else failed
    print("%d passed, %d failed" % (total - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
