#!/usr/bin/python3
"""upstream_diff.py: mlir-shape's upstream catalogs (rules/arith.json,
vector.json, linalg.json, tensor.json, tosa.json) against mlir-opt-22.

Writes random functions, each with one op of a family, in generic form
(`"arith.addf"(%a, %b) : (A, B) -> R`) and in pretty form (`arith.addf %a,
%b : T`, `linalg.add ins(..) outs(..) -> R`, ...), with argument types that
sometimes differ from the types the pretty form spells (the SSA type
mismatch). Types come near a valid configuration and are then mutated
(a dim, `?`, a rank, an element type, a scalable dim, unranked). All cases
go into ONE file run once by `mlir-opt-22 --split-input-file`; a function
is rejected iff an error lies in its lines. mlir-shape (`check
--format=json`) must give the same verdict for every function.

usage: upstream_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE] [--by-line=1]
       [--family=arith,select,compare,math,vbroadcast,shapecast,outer,lbroadcast,lnamed,lelementwise,splat,tosa,chain,cast]
--by-line=1 compares the op's first line instead of the whole function
(mlir-opt reports an op's errors there; chains are skipped).
Prints per family `family: agreed/total`, the disagreements and the summary
`N passed, M failed`; exits 1 on any disagreement.
"""
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import difflib_ms as ms  # noqa: E402

DIMS = ["1", "2", "3", "?"]


def ttype(kind, dims, elem):
    """tensor/vector text; dims None = unranked; scalable dims as '[4]'."""
    if dims is None:
        return "tensor<*x%s>" % elem
    return "%s<%s%s>" % (kind, "".join(d + "x" for d in dims), elem)


def mutate_dims(rng, dims, vector=False):
    dims = list(dims)
    r = rng.random()
    pool = ["1", "2", "3"] + ([] if vector else ["?"])
    if r < 0.4 and dims:
        dims[rng.randrange(len(dims))] = rng.choice(pool)
    elif r < 0.55:
        dims.insert(0, rng.choice(pool))
    elif r < 0.7 and dims:
        dims.pop(rng.randrange(len(dims)))
    elif r < 0.8 and vector and dims:
        k = rng.randrange(len(dims))
        dims[k] = dims[k][1:-1] if dims[k].startswith("[") else "[%s]" % dims[k]
    return dims


def rand_dims(rng, vector=False, lo=0, hi=3):
    pool = ["1", "2", "3"] if vector else DIMS
    dims = [rng.choice(pool) for _ in range(rng.randint(lo, hi))]
    if vector and dims and rng.random() < 0.15:
        k = rng.randrange(len(dims))
        dims[k] = "[%s]" % dims[k]
    return dims


def maybe(rng, p):
    return rng.random() < p


class Fn:
    """One function: arguments (name, type) and the op's lines."""

    def __init__(self, args, body, prelude=()):
        self.args, self.body, self.prelude = args, body, list(prelude)

    def lines(self, name):
        head = "func.func @%s(%s) {" % (name, ", ".join("%s: %s" % a for a in self.args))
        return self.prelude + [head] + ["  " + l for l in self.body] + ["  return", "}"]


def pick_written(rng, true_t, other):
    """The type a pretty op spells for a value: mostly its own."""
    return true_t if rng.random() < 0.85 else other


# ---- arith / math: same-type ----

FLOAT_BIN = ["arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf"]
INT_BIN = ["arith.addi", "arith.subi", "arith.muli", "arith.andi", "arith.maxsi"]
ELEMS = ["f16", "bf16", "f64", "i1", "i8", "index", "si32"]
MATH_UN = ["math.exp", "math.sqrt", "math.absf", "math.tanh", "math.floor", "math.absi", "math.ctlz"]
MATH_BIN = ["math.powf", "math.atan2", "math.copysign"]


def same_type_case(rng, pretty, family):
    if family == "math":
        name = rng.choice(MATH_UN + MATH_BIN + ["math.fma"])
        n = 1 if name in MATH_UN else 3 if name == "math.fma" else 2
        elem = "f32"
    else:
        name = rng.choice(FLOAT_BIN + INT_BIN)
        n = 2
        elem = "f32" if name in FLOAT_BIN else "i32"
    if maybe(rng, 0.1):
        elem = rng.choice(ELEMS)
    vector = maybe(rng, 0.35)
    kind = "vector" if vector else "tensor"
    base = rand_dims(rng, vector, 0 if not vector else 1, 3)
    types = []
    for _ in range(n):
        d = list(base)
        if maybe(rng, 0.25):
            d = mutate_dims(rng, d, vector)
        if not vector and d and maybe(rng, 0.2):
            d[rng.randrange(len(d))] = "?"
        types.append(ttype(kind, d, elem) if vector is False or d else ttype(kind, ["2"], elem))
    if not vector and maybe(rng, 0.05):
        types[rng.randrange(n)] = ttype("tensor", None, elem)
    if maybe(rng, 0.04):
        types[rng.randrange(n)] = ttype("vector" if not vector else "tensor", [d.strip("[]").replace("?", "2") for d in base] or ["2"], elem)
    if maybe(rng, 0.04):
        types[rng.randrange(n)] = ttype(kind, base or ["2"], "f64" if elem == "f32" else "i64")
    res = types[0] if maybe(rng, 0.6) else rng.choice(types)
    if maybe(rng, 0.15):
        res = ttype(kind, mutate_dims(rng, base, vector) or ["2"], elem)
    args = [("%%a%d" % i, t) for i, t in enumerate(types)]
    vals = ", ".join(a for a, _ in args)
    if vector and maybe(rng, 0.04):
        res = res.replace("<", "<%s" % rng.choice(["?x", "0x"]), 1)  # not a valid vector type
    if not pretty:
        return Fn(args, ['%%0 = "%s"(%s) : (%s) -> %s' % (name, vals, ", ".join(types), res)])
    written = pick_written(rng, types[0], res)
    if maybe(rng, 0.03):
        written += ", " + written  # not the op's syntax: mlir-opt cannot parse it
    return Fn(args, ["%%0 = %s %s : %s" % (name, vals, written)])


def select_case(rng, pretty):
    vector = maybe(rng, 0.35)
    kind = "vector" if vector else "tensor"
    base = rand_dims(rng, vector, 1, 3)
    t = ttype(kind, base, "f32")
    f = t if maybe(rng, 0.8) else ttype(kind, mutate_dims(rng, base, vector) or ["2"], "f32")
    res = t if maybe(rng, 0.8) else ttype(kind, mutate_dims(rng, base, vector) or ["2"], "f32")
    r = rng.random()
    if r < 0.35:
        cond = "i1"
    elif r < 0.8:
        cond = ttype(kind, base, "i1")
    else:
        cond = ttype(kind, mutate_dims(rng, base, vector) or ["2"], "i1" if maybe(rng, 0.9) else "i8")
    args = [("%c", cond), ("%a", t), ("%b", f)]
    if not pretty:
        return Fn(args, ['%%0 = "arith.select"(%%c, %%a, %%b) : (%s, %s, %s) -> %s' % (cond, t, f, res)])
    if cond == "i1":
        return Fn(args, ["%%0 = arith.select %%c, %%a, %%b : %s" % pick_written(rng, t, f)])
    return Fn(args, ["%%0 = arith.select %%c, %%a, %%b : %s, %s" % (cond, pick_written(rng, t, f))])


def compare_case(rng, pretty):
    vector = maybe(rng, 0.35)
    kind = "vector" if vector else "tensor"
    name, elem, pred = ("arith.cmpf", "f32", "olt") if maybe(rng, 0.5) else ("arith.cmpi", "i32", "slt")
    if maybe(rng, 0.1):
        elem = rng.choice(ELEMS)
    base = rand_dims(rng, vector, 1, 3)
    a = ttype(kind, base, elem)
    b = a if maybe(rng, 0.75) else ttype(kind, mutate_dims(rng, base, vector) or ["2"], elem)
    res = ttype(kind, base, "i1") if maybe(rng, 0.7) else ttype(kind, mutate_dims(rng, base, vector) or ["2"], "i1")
    args = [("%a", a), ("%b", b)]
    if not pretty:
        code = 4 if name == "arith.cmpf" else 2
        return Fn(args, ['%%0 = "%s"(%%a, %%b) {predicate = %d : i64} : (%s, %s) -> %s' % (name, code, a, b, res)])
    return Fn(args, ["%%0 = %s %s, %%a, %%b : %s" % (name, pred, pick_written(rng, a, b))])


# ---- vector ----

def vbroadcast_case(rng, pretty):
    res_dims = rand_dims(rng, True, 0, 3)
    if maybe(rng, 0.2):
        src = "f32" if maybe(rng, 0.9) else "i32"
    else:
        k = rng.randint(0, len(res_dims))
        sd = res_dims[len(res_dims) - k:]
        sd = ["1" if maybe(rng, 0.3) and not d.startswith("[") else d for d in sd]
        if maybe(rng, 0.35):
            sd = mutate_dims(rng, sd, True)
        src = ttype("vector", sd, "f32")
    res = ttype("vector", res_dims, "f32") if maybe(rng, 0.95) else ttype("vector", res_dims, "i32")
    args = [("%a", src)]
    if not pretty:
        return Fn(args, ['%%0 = "vector.broadcast"(%%a) : (%s) -> %s' % (src, res)])
    if maybe(rng, 0.03):
        return Fn(args, ["%%0 = vector.broadcast %%a : %s" % src])  # not the op's syntax
    return Fn(args, ["%%0 = vector.broadcast %%a : %s to %s" % (src, res)])


def shapecast_case(rng, pretty):
    src_dims = rand_dims(rng, True, 0, 3)
    total = 1
    for d in src_dims:
        total *= int(d.strip("[]"))
    res_dims = []
    if maybe(rng, 0.6):
        rest = total
        for f in (3, 2):
            while rest % f == 0 and maybe(rng, 0.5):
                res_dims.append(str(f))
                rest //= f
        if rest > 1 or not res_dims:
            res_dims.append(str(rest))
        if any(d.startswith("[") for d in src_dims) and maybe(rng, 0.7):
            res_dims[0] = "[%s]" % res_dims[0]
    else:
        res_dims = rand_dims(rng, True, 1, 3)
    src = ttype("vector", src_dims, "f32")
    res = ttype("vector", res_dims, "f32" if maybe(rng, 0.95) else "i32")
    args = [("%a", src)]
    if not pretty:
        return Fn(args, ['%%0 = "vector.shape_cast"(%%a) : (%s) -> %s' % (src, res)])
    return Fn(args, ["%%0 = vector.shape_cast %%a : %s to %s" % (src, res)])


def outer_case(rng, pretty):
    n, m = rng.choice(["2", "3", "4"]), rng.choice(["2", "3", "4"])
    if maybe(rng, 0.1):
        n = "[%s]" % n
    if maybe(rng, 0.15):
        m = "[%s]" % m
    lhs = ttype("vector", [n] if maybe(rng, 0.9) else [n, m], "f32")
    axpy = maybe(rng, 0.3)
    rhs = "f32" if axpy else ttype("vector", [m] if maybe(rng, 0.9) else [m, n], "f32")
    good = [n] if axpy else [n, m]
    res = ttype("vector", good if maybe(rng, 0.75) else mutate_dims(rng, good, True) or ["2"], "f32")
    args = [("%a", lhs), ("%b", rhs)]
    acc = maybe(rng, 0.5)
    if acc:
        args.append(("%c", res if maybe(rng, 0.7) else ttype("vector", mutate_dims(rng, good, True) or ["2"], "f32")))
    vals = ", ".join(a for a, _ in args)
    if not pretty:
        types = ", ".join(t for _, t in args)
        return Fn(args, ['%%0 = "vector.outerproduct"(%s) <{kind = #vector.kind<add>}> : (%s) -> %s' % (vals, types, res)])
    return Fn(args, ["%%0 = vector.outerproduct %s : %s, %s" % (vals, lhs, rhs)])


# ---- linalg ----

def region(nargs, op="arith.addf"):
    names = ["%%x%d" % i for i in range(nargs)]
    body = ["^bb0(%s):" % ", ".join(n + ": f32" for n in names)]
    if op and nargs >= 3:
        body += ["  %%s = %s %s, %s : f32" % (op, names[0], names[1]), "  linalg.yield %s : f32" % "%s"]
    elif op and nargs == 2:
        body += ["  %%s = math.exp %s : f32" % names[0], "  linalg.yield %s : f32" % "%s"]
    else:
        body += ["  linalg.yield %s : f32" % names[0]]
    return body


def lbroadcast_case(rng, pretty):
    init = [rng.choice(["1", "2", "3", "4"]) for _ in range(rng.randint(1, 3))]
    if maybe(rng, 0.1):
        init[rng.randrange(len(init))] = "?"
    added = sorted(rng.sample(range(len(init)), rng.randint(0, len(init) - 1) if len(init) > 1 else 0))
    inp = [d for k, d in enumerate(init) if k not in added]
    if maybe(rng, 0.3):
        inp = mutate_dims(rng, inp)
    if maybe(rng, 0.15):
        added = sorted(set(added + [rng.randint(0, len(init))]))
    if maybe(rng, 0.05):
        added = added[::-1]
    it, nt = ttype("tensor", inp, "f32"), ttype("tensor", init, "f32")
    res = nt if maybe(rng, 0.85) else ttype("tensor", mutate_dims(rng, init), "f32")
    args = [("%in", it), ("%init", nt)]
    dl = ", ".join(str(d) for d in added)
    if not pretty:
        body = ['%%0 = "linalg.broadcast"(%%in, %%init) <{dimensions = array<i64%s>}> ({' % (": " + dl if dl else "")]
        body += ["  " + l for l in region(2, None)]
        body += ["}) : (%s, %s) -> %s" % (it, nt, res)]
        return Fn(args, body)
    return Fn(args, ["%%0 = linalg.broadcast ins(%%in : %s) outs(%%init : %s) dimensions = [%s]" % (it, nt, dl)])


NAMED = [("linalg.add", 2), ("linalg.sub", 2), ("linalg.mul", 2), ("linalg.max", 2), ("linalg.div", 2),
         ("linalg.exp", 1)]


def lnamed_case(rng, pretty):
    name, nin = rng.choice(NAMED)
    base = [rng.choice(DIMS) for _ in range(rng.randint(1, 3))]
    types = []
    for _ in range(nin + 1):
        d = list(base)
        if maybe(rng, 0.2):
            d = mutate_dims(rng, d)
        types.append(ttype("tensor", d, "f32"))
    res = types[-1] if maybe(rng, 0.85) else ttype("tensor", mutate_dims(rng, base), "f32")
    return linalg_fn(rng, pretty, name, types, res, None, nin, "")


def linalg_fn(rng, pretty, name, types, res, maps, nin, extra):
    args = [("%%a%d" % i, t) for i, t in enumerate(types)]
    ins = [a for a, _ in args[:nin]]
    outs = [a for a, _ in args[nin:]]
    prelude = []
    if maps and not pretty and maybe(rng, 0.5):
        # as mlir-opt prints them: attribute aliases
        names = {}
        for m in maps:
            if m not in names:
                names[m] = "#map%d" % len(names)
                prelude.append("%s = %s" % (names[m], m))
        maps = [names[m] for m in maps]
    mapattr = "indexing_maps = [%s]" % ", ".join(maps) if maps else ""
    if not pretty:
        props = [p for p in (extra, mapattr, "operandSegmentSizes = array<i32: %d, %d>" % (nin, len(outs))) if p]
        body = ['%%0 = "%s"(%s) <{%s}> ({' % (name, ", ".join(a for a, _ in args), ", ".join(props))]
        body += ["  " + l for l in region(len(types), "arith.addf" if nin == 2 else "math.exp")]
        body += ["}) : (%s) -> %s" % (", ".join(types), res)]
        return Fn(args, body, prelude)
    written = [pick_written(rng, t, res) for _, t in args]
    text = "%%0 = %s %s%sins(%s : %s) outs(%s : %s) -> %s" % (
        name, extra.replace(" = ", "=") + " " if extra else "", mapattr + " " if mapattr else "",
        ", ".join(ins), ", ".join(written[:nin]), ", ".join(outs), ", ".join(written[nin:]), res)
    return Fn(args, [text])


def lelementwise_case(rng, pretty):
    nloops = rng.randint(1, 3)
    loop = [rng.choice(["1", "2", "3", "4"]) for _ in range(nloops)]
    ds = ["d%d" % i for i in range(nloops)]
    maps, types = [], []
    for i in range(3):
        if i < 2 and maybe(rng, 0.4):
            keep = sorted(rng.sample(range(nloops), rng.randint(0, nloops)))
            if maybe(rng, 0.15) and len(keep) > 1:
                keep = keep[::-1]
        else:
            keep = list(range(nloops))
        if i == 2 and maybe(rng, 0.05) and nloops > 1:
            keep = keep[::-1]
        maps.append("affine_map<(%s) -> (%s)>" % (", ".join(ds), ", ".join(ds[k] for k in keep)))
        dims = [loop[k] for k in keep]
        if maybe(rng, 0.15):
            dims = mutate_dims(rng, dims)
        types.append(ttype("tensor", dims, "f32"))
    res = types[-1] if maybe(rng, 0.9) else ttype("tensor", mutate_dims(rng, loop), "f32")
    # The generic form spells the maps (the pretty parser fills in identities).
    use_maps = maps if not pretty or maybe(rng, 0.8) else None
    return linalg_fn(rng, pretty, "linalg.elementwise", types, res, use_maps, 2,
                     "kind = #linalg.elementwise_kind<add>")


# ---- tensor ----

def splat_case(rng, pretty):
    dims = rand_dims(rng, False, 0, 3)
    q = dims.count("?")
    n = q if maybe(rng, 0.7) else rng.randint(0, 3)
    if maybe(rng, 0.4):
        # tensor.empty: sizes only
        res = ttype("tensor", dims, "f32") if maybe(rng, 0.95) else ttype("tensor", None, "f32")
        args = [("%%d%d" % i, "index") for i in range(n)] or [("%x", "f32")]
        sizes = [a for a, t in args if t == "index"]
        if not pretty:
            return Fn(args, ['%%0 = "tensor.empty"(%s) : (%s) -> %s' % (", ".join(sizes), ", ".join(["index"] * len(sizes)), res)])
        return Fn(args, ["%%0 = tensor.empty(%s) : %s" % (", ".join(sizes), res)])
    val = "f32" if maybe(rng, 0.9) else "f64"
    res = ttype("tensor", dims, "f32")
    args = [("%v", val)] + [("%%d%d" % i, "index") for i in range(n)]
    if not pretty:
        types = ", ".join(t for _, t in args)
        vals = ", ".join(a for a, _ in args)
        return Fn(args, ['%%0 = "tensor.splat"(%s) : (%s) -> %s' % (vals, types, res)])
    sizes = "[%s]" % ", ".join(a for a, _ in args[1:]) if n else ""
    return Fn(args, ["%%0 = tensor.splat %%v%s : %s" % (sizes, res)])


# ---- tosa (pretty form: functional type) ----

def tosa_case(rng, pretty):
    name = rng.choice(["tosa.add", "tosa.sub", "tosa.maximum", "tosa.mul", "tosa.pow", "tosa.greater",
                       "tosa.equal", "tosa.select", "tosa.logical_and", "tosa.bitwise_or"])
    rank = rng.randint(1, 3)
    base = [rng.choice(DIMS) for _ in range(rank)]
    types = []
    for _ in range(2):
        d = [x if maybe(rng, 0.7) else "1" for x in base]
        if maybe(rng, 0.2):
            d = mutate_dims(rng, d)
        types.append(ttype("tensor", d, "f32"))
    elem = {"tosa.logical_and": "i1", "tosa.bitwise_or": "i32"}.get(name, "f32")
    types = [t.replace("f32", elem) for t in types]
    relem = "i1" if name in ("tosa.greater", "tosa.equal") else elem
    res = ttype("tensor", base if maybe(rng, 0.8) else mutate_dims(rng, base), relem)
    args = [("%a0", types[0]), ("%a1", types[1])]
    if name == "tosa.select":
        args = [("%p", ttype("tensor", [x if maybe(rng, 0.8) else "1" for x in base], "i1"))] + args
    if name == "tosa.mul":
        args.append(("%s", "tensor<1xi8>"))
    vals = ", ".join(a for a, _ in args)
    sig = "(%s) -> %s" % (", ".join(pick_written(rng, t, res) for _, t in args), res)
    if not pretty:
        return Fn(args, ['%%0 = "%s"(%s) : %s' % (name, vals, sig)])
    return Fn(args, ["%%0 = %s %s : %s" % (name, vals, sig)])


# ---- arith casts ----

CASTS = [("arith.extf", "f16", "f32"), ("arith.truncf", "f64", "f32"), ("arith.extsi", "i8", "i32"),
         ("arith.trunci", "i32", "i8"), ("arith.sitofp", "i32", "f32"), ("arith.fptosi", "f32", "i32"),
         ("arith.index_cast", "index", "i32"), ("arith.bitcast", "f32", "i32")]


def cast_case(rng, pretty):
    name, src, dst = rng.choice(CASTS)
    vector = maybe(rng, 0.35)
    kind = "vector" if vector else "tensor"
    base = rand_dims(rng, vector, 0 if not vector else 1, 3)
    a = ttype(kind, base, src)
    rd = base if maybe(rng, 0.7) else mutate_dims(rng, base, vector)
    if not vector and maybe(rng, 0.05):
        rd = None
    r = ttype(kind if maybe(rng, 0.95) else ("tensor" if vector else "vector"), rd if rd is not None or not vector else base, dst)
    if "vector<" in r and "?" in r:
        r = r.replace("?", "2")
    args = [("%a", a)]
    if not pretty:
        return Fn(args, ['%%0 = "%s"(%%a) : (%s) -> %s' % (name, a, r)])
    return Fn(args, ["%%0 = %s %%a : %s to %s" % (name, pick_written(rng, a, ttype(kind, ["2"], src)), r)])


# ---- chains: ops using earlier results, whose types some forms do not spell ----

def chain_case(rng, pretty):
    vector = maybe(rng, 0.4)
    kind = "vector" if vector else "tensor"
    base = rand_dims(rng, True, 1, 2) if vector else [rng.choice(["1", "2", "3", "?"]) for _ in range(rng.randint(1, 2))]
    t = ttype(kind, base, "f32")
    other = ttype(kind, mutate_dims(rng, base, vector) or ["2"], "f32")
    args = [("%a", t), ("%b", t if maybe(rng, 0.8) else other)]
    pick = lambda good: good if maybe(rng, 0.94) else other
    body = []
    if pretty:
        body.append("%%0 = arith.addf %%a, %%b : %s" % pick(t))
        body.append("%%1 = arith.cmpf olt, %%0, %%a : %s" % pick(t))
        if maybe(rng, 0.5):
            body.append("%%2 = arith.select %%1, %%0, %%a : %s, %s" % (
                pick(ttype(kind, base, "i1")), pick(t)))
        else:
            body.append("%%2 = arith.select %%1, %%0, %%a : %s" % pick(t))
        body.append("%%3 = math.exp %%2 : %s" % pick(t))
        if vector and len(base) == 1 and not base[0].startswith("["):
            body.append("%%4 = vector.outerproduct %%3, %%a : %s, %s" % (pick(t), pick(t)))
            sq = ttype("vector", [base[0], base[0]], "f32")
            body.append("%%5 = vector.shape_cast %%4 : %s to %s" % (
                pick(sq), ttype("vector", [str(int(base[0]) ** 2)], "f32")))
    else:
        i1 = ttype(kind, base, "i1")
        body.append('%%0 = "arith.addf"(%%a, %%b) : (%s, %s) -> %s' % (pick(t), pick(t), pick(t)))
        body.append('%%1 = "arith.cmpf"(%%0, %%a) {predicate = 4 : i64} : (%s, %s) -> %s' % (pick(t), pick(t), pick(i1)))
        body.append('%%2 = "arith.select"(%%1, %%0, %%a) : (%s, %s, %s) -> %s' % (pick(i1), pick(t), pick(t), pick(t)))
        body.append('%%3 = "math.exp"(%%2) : (%s) -> %s' % (pick(t), pick(t)))
    return Fn(args, body)


FAMILIES = {
    "arith": lambda rng, p: same_type_case(rng, p, "arith"),
    "math": lambda rng, p: same_type_case(rng, p, "math"),
    "select": select_case,
    "compare": compare_case,
    "vbroadcast": vbroadcast_case,
    "shapecast": shapecast_case,
    "outer": outer_case,
    "lbroadcast": lbroadcast_case,
    "lnamed": lnamed_case,
    "lelementwise": lelementwise_case,
    "splat": splat_case,
    "tosa": tosa_case,
    "chain": chain_case,
    "cast": cast_case,
}


def write_file(path, cases):
    lines, spans = [], []
    for i, (_, _, fn) in enumerate(cases):
        if i:
            lines.append("// -----")
        first = len(lines) + 1
        lines.extend(fn.lines("f%d" % i))
        spans.append((first, len(lines)))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return spans


def mlir_opt_errors(path):
    errs, stderr = ms.mlir_opt_errors(path)
    if "Stack dump" in stderr:
        sys.exit("mlir-opt-22 failed or crashed:\n" + stderr[-3000:])
    return errs


def check_errors(binary, path):
    errs = {}
    for d in ms.check_diagnostics(binary, path):
        if d.get("severity") == "error":
            errs.setdefault(d["range"]["start"]["line"] + 1, "%s [%s]" % (d.get("message", ""), d.get("code", "")))
    return errs


def in_span(errs, span):
    for ln in range(span[0], span[1] + 1):
        if ln in errs:
            return errs[ln]
    return None


def parse(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return None
    args = {"binary": argv[1], "cases": 100, "seed": 20261123, "keep": None, "family": ",".join(FAMILIES),
            "by-line": 0}
    for a in argv[2:]:
        key, _, value = a.lstrip("-").partition("=")
        if not a.startswith("--") or key not in args or not value or key == "binary":
            print("unknown argument %s" % a, file=sys.stderr)
            return None
        args[key] = int(value) if key in ("cases", "seed", "by-line") else value
    for f in args["family"].split(","):
        if f not in FAMILIES:
            print("unknown family %s (known: %s)" % (f, ", ".join(FAMILIES)), file=sys.stderr)
            return None
    return args


def main(argv):
    args = parse(argv)
    if args is None:
        return 2
    fams = args["family"].split(",")
    if args["by-line"]:
        fams = [f for f in fams if f != "chain"]
    print("upstream_diff: seed %d, %d cases per family and form, families %s" % (args["seed"], args["cases"], ",".join(fams)))
    rng = random.Random(args["seed"])
    cases = []
    for fam in fams:
        for i in range(args["cases"] * 2):
            pretty = i % 2 == 1
            cases.append((fam, "pretty" if pretty else "generic", FAMILIES[fam](rng, pretty)))
    tmpdir = tempfile.mkdtemp(prefix="upstream_diff.")
    path = args["keep"] or os.path.join(tmpdir, "cases.mlir")
    spans = write_file(path, cases)
    ref = mlir_opt_errors(path)
    got = check_errors(args["binary"], path)
    failed, shown, tally = 0, 0, {}
    for (fam, form, fn), span in zip(cases, spans):
        if args["by-line"]:
            # mlir-opt puts a parse error at the next token: the next line
            # when the op's text ends early.
            first = span[0] + len(fn.prelude) + 1
            r, g = in_span(ref, (first, first + 1)), in_span(got, (first, first))
        else:
            r, g = in_span(ref, span), in_span(got, span)
        key = (fam, form)
        ok, total, rejected = tally.get(key, (0, 0, 0))
        agree = (r is None) == (g is None)
        tally[key] = (ok + agree, total + 1, rejected + (r is not None))
        if not agree:
            failed += 1
            if shown < 25:
                shown += 1
                print("DISAGREE %s %s lines %d-%d: mlir-opt %s; mlir-shape %s" % (
                    fam, form, span[0], span[1], r or "accepts", g or "accepts"))
    for (fam, form), (ok, total, rejected) in sorted(tally.items()):
        print("  %-12s %-7s %d/%d agree (%d rejected by mlir-opt-22)" % (fam, form, ok, total, rejected))
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    if not args["keep"]:
        os.unlink(path)
        os.rmdir(tmpdir)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
