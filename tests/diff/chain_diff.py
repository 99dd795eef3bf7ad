#!/usr/bin/python3
"""chain_diff.py: shapes flowing through SSA values (issue 11), mlir-shape
against mlir-opt-22 on random multi-op functions.

Families (--families=tosa,bcast,tf; all by default):
  tosa   TOSA chains in pretty form: broadcasting binary ops, select, unary
         elementwise ops, cast, transpose, reduce_*, reshape, tile, concat,
         slice, pad, matmul, consumers inside scf.if / scf.for / tosa.cond_if.
         Graded by `mlir-opt-22 --tosa-infer-shapes`: the function is wrong
         iff the pass (refinement, then the verifier) reports an error in it.
  tosa-generic  the same functions as mlir-opt-22 --mlir-print-op-generic
         prints them ("func.func", "tosa.add", "scf.if" ...), the same
         verdicts (--generic=0: pretty form only).
  bcast  "test.broadcastable" chains in generic form (ranks may differ: the
         mlir rule extends ranks), chains inside scf.if / scf.for bodies.
         Graded by refine-then-verify: every value's inferred shape is
         computed here (forward, mlir Broadcastable rule, met dim by dim with
         the declared type: `*` < ranked with `?` < static; a static declared
         dim is never overwritten), each declared type is replaced by the
         refined one at its definition and every use, and the function is
         wrong iff mlir-opt-22 rejects the refined function.
  tf     The same chains written with tf.* / tfl.* binary ops (rule mlir) and
         tf.Relu / tf.Exp / tfl.relu / tfl.abs ... unary ops; graded like bcast
         after mapping the binary ops to "test.broadcastable" and the unary
         ones to "test.same_operand_and_result_shape" (compatible shapes).

Every kept function is valid at its declared types (mlir-opt-22 accepts it
as written; for tf, its test-dialect image); candidates are generated until
about half of each family is accepted and half rejected by the reference.
mlir-shape's verdict: the function is wrong iff `mlir-shape check
--format=json` gives an error-severity diagnostic inside it.

usage: chain_diff.py BUILD/mlir-shape [--cases=N] [--seed=S]
                     [--families=tosa,bcast,tf] [--failures=DIR] [--keep=DIR]
                     [--quirks=0] [--generic=0]
  --cases     functions per family (default 200)
  --failures  write each disagreeing function to DIR/<family>-<n>.mlir with
              the reference's and mlir-shape's diagnostics in a comment
  --keep      keep the generated files (declared, reference input) in DIR
  --quirks=0  no tosa results declared with a rank other than the inferred
              one (the pass then makes them unranked and accepts: a quirk)
Prints per family the split (false negatives = reference rejects, mlir-shape
accepts; false positives = the reverse) and per feature tag, then
`N passed, M failed`; exits 1 on any disagreement, 2 when a tool fails.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

MLIR_OPT = "mlir-opt-22"

# ---------------------------------------------------------------- shapes
# A shape is None (unranked) or a list of dims, each an int or -1 (dynamic).


def ty(shape, elem="f32"):
    if shape is None:
        return "tensor<*x%s>" % elem
    return "tensor<" + "".join(("?" if d < 0 else str(d)) + "x" for d in shape) + elem + ">"


def is_static(shape):
    return shape is not None and all(d >= 0 for d in shape)


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def mlir_broadcast(shapes):
    """OpTrait::util::getBroadcastedShape over several shapes (rank extended);
    None when some shape is unranked or the dims conflict."""
    if any(s is None for s in shapes):
        return None
    out = []
    for s in shapes:
        if len(s) > len(out):
            out = [1] * (len(s) - len(out)) + out
        ext = [1] * (len(out) - len(s)) + list(s)
        res = []
        for a, b in zip(out, ext):
            if a < 0 or b < 0:
                res.append(a if a > 1 else b if b > 1 else -1)
            elif a == 1:
                res.append(b)
            elif b == 1 or a == b:
                res.append(a)
            else:
                return None
        out = res
    return out


def tosa_broadcast(shapes):
    """TOSA's resolveBroadcastShape (equal ranks; `?` only matches 1 or `?`)."""
    if any(s is None for s in shapes):
        return None
    rank = len(shapes[0])
    if any(len(s) != rank for s in shapes):
        return None
    out = list(shapes[0])
    for s in shapes[1:]:
        for i, d in enumerate(s):
            if out[i] == 1:
                out[i] = d
            elif d == 1:
                pass
            elif out[i] != d:
                return None
    return out


def refine(declared, inferred):
    """Meet of a declared type with an inferred shape: `*` < `?` < static; a
    static declared dim is kept; a rank conflict keeps the declared type."""
    if inferred is None:
        return declared
    if declared is None:
        return list(inferred)
    if len(declared) != len(inferred):
        return declared
    return [d if d >= 0 else i for d, i in zip(declared, inferred)]


def loosen(rng, shape, p_unranked=0.35, p_dyn=0.25, p_partial=0.25):
    """A declared type for a value whose inferred shape is `shape`."""
    if shape is None:
        return None
    r = rng.random()
    if r < p_unranked:
        return None
    r -= p_unranked
    if r < p_dyn:
        return [-1] * len(shape)
    r -= p_dyn
    if r < p_partial and shape:
        return [d if rng.random() < 0.5 else -1 for d in shape]
    return list(shape)


def hides(declared, k=None):
    """Whether the declared type leaves dim k (or the rank) unknown."""
    if declared is None:
        return True
    return k is not None and k < len(declared) and declared[k] < 0


class Val:
    __slots__ = ("name", "decl", "inf", "elem")

    def __init__(self, name, decl, inf, elem="f32"):
        self.name, self.decl, self.inf, self.elem = name, decl, inf, elem

    @property
    def t(self):
        return "i1" if self.elem == "pred" else ty(self.decl, self.elem)


class Fn:
    """One generated function: its lines, feature tags and naming state."""

    def __init__(self, rng, name):
        self.rng, self.name = rng, name
        self.args, self.body, self.pool, self.tags = [], [], [], set()
        self.consts = []
        self.n = 0
        self.results = []

    def fresh(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def arg(self, shape, elem="f32", decl="same"):
        """A new function argument of true shape `shape`, declared `decl`
        (a shape, None for unranked; by default the shape itself)."""
        v = Val("%%a%d" % len(self.args), shape if decl == "same" else decl, shape, elem)
        self.args.append(v)
        return v

    def text(self, ret=()):
        head = "func.func @%s(%s)" % (self.name, ", ".join("%s: %s" % (a.name, a.t) for a in self.args))
        if ret:
            head += " -> (%s)" % ", ".join(v.t for v in ret)
        lines = [head + " {"] + self.consts + self.body
        lines.append("  return" + (" %s : %s" % (", ".join(v.name for v in ret), ", ".join(v.t for v in ret))
                                   if ret else ""))
        lines.append("}")
        return lines


def rand_shape(rng, rank, dims=(1, 2, 3, 4)):
    return [rng.choice(dims) for _ in range(rank)]


def partner(rng, shape, same_rank=True):
    """A shape that broadcasts with `shape` (each dim: same or 1; or, where
    shape has 1, any)."""
    out = []
    for d in shape:
        r = rng.random()
        if d == 1:
            out.append(1 if r < 0.5 else rng.choice([2, 3, 4]))
        else:
            out.append(d if r < 0.7 else 1)
    if not same_rank and rng.random() < 0.4 and out:
        out = out[rng.randint(0, len(out)):]
    return out


def conflicting(rng, a):
    """(shape conflicting with value a at a dim a's declared type hides, dim)
    or None."""
    if a.inf is None or not is_static(a.inf):
        return None
    ks = [k for k, d in enumerate(a.inf) if d > 1 and hides(a.decl, k)]
    if not ks:
        return None
    k = rng.choice(ks)
    out = partner(rng, a.inf)
    out[k] = a.inf[k] + rng.choice([1, 2])
    return out, k


# ---------------------------------------------------------------- TOSA

TOSA_BINARY = ["tosa.add", "tosa.sub", "tosa.mul", "tosa.maximum", "tosa.minimum", "tosa.pow"]
TOSA_UNARY = ["tosa.abs", "tosa.exp", "tosa.floor", "tosa.ceil", "tosa.log", "tosa.tanh", "tosa.sigmoid",
              "tosa.reciprocal", "tosa.rsqrt", "tosa.erf", "tosa.sin", "tosa.cos", "tosa.negate", "tosa.clamp",
              "tosa.identity"]
TOSA_REDUCE = ["tosa.reduce_sum", "tosa.reduce_max", "tosa.reduce_min", "tosa.reduce_prod"]


class TosaGen:
    def __init__(self, fn):
        self.fn, self.rng = fn, fn.rng
        self.consts = {}

    def const(self, key, line_fmt):
        """A constant defined once at the top of the function."""
        if key not in self.consts:
            name = self.fn.fresh("c")
            self.fn.consts.append("  " + line_fmt % name)
            self.consts[key] = name
        return self.consts[key]

    def shape_const(self, values):
        name = self.fn.fresh("s")
        vals = ", ".join(str(v) for v in values)
        self.emit("%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>"
                  % (name, vals, len(values), len(values)) if values else
                  "%s = tosa.const_shape {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>" % name)
        return name

    def emit(self, line):
        self.out.append("  " * (self.depth + 1) + line)

    def pick(self, pred=lambda v: True):
        cands = [v for v in self.fn.pool if pred(v)]
        if not cands:
            return None
        # prefer recent values, but reuse older ones (several consumers)
        return cands[-1] if self.rng.random() < 0.5 else self.rng.choice(cands)

    def result(self, inf, elem, brk_static=False):
        """The declared type of a new result whose inferred shape is inf."""
        rng = self.rng
        if brk_static and is_static(inf) and inf:
            bad = list(inf)
            k = rng.randrange(len(bad))
            bad[k] = bad[k] + rng.choice([1, 2])
            self.fn.tags.add("wrong-static-result")
            return bad
        if inf is not None and rng.random() < 0.04 and self.fn.quirks:
            self.fn.tags.add("rank-conflict")
            return [-1] * (len(inf) + 1)
        return loosen(rng, inf)

    def new(self, op_fmt, inf, elem, brk_static=False, add=True):
        decl = self.result(inf, elem, brk_static)
        v = Val(self.fn.fresh(), decl, inf, elem)
        self.emit(op_fmt.replace("@R", v.t).replace("@V", v.name))
        if add:
            self.fn.pool.append(v)
        return v

    def step(self, brk):
        """Emits one op; brk asks for an op broken only through inference.
        Returns whether a break was attempted."""
        rng, fn = self.rng, self.fn
        if brk:  # mostly operands that conflict once their inferred shapes are known
            kind = rng.choice(["binary"] * 6 + ["select", "concat", "reshape", "tile", "transpose", "reduce",
                                                 "slice", "unary", "matmul"])
        else:
            kind = rng.choice(["binary"] * 5 + ["select", "unary", "unary", "cast", "transpose", "reduce",
                                                 "reshape", "tile", "concat", "slice", "pad", "matmul",
                                                 "compare", "reverse", "argmax"])
        a = self.pick(lambda v: v.inf is not None and is_static(v.inf) and v.elem in ("f32", "f16"))
        if a is None:
            return False
        fn.tags.add(kind)
        mode = None
        if brk:
            mode = ("operand" if rng.random() < 0.75 else "static") if kind in ("binary", "select", "concat") else "op"
            if kind in ("binary", "select") and mode == "operand" and conflicting(rng, a) is None:
                mode = "static"
            if not hides(a.decl) and not any(hides(a.decl, k) for k in range(len(a.inf))):
                a2 = self.pick(lambda v: v.inf is not None and is_static(v.inf) and v.decl != v.inf
                               and v.elem == a.elem)
                if a2 is None:
                    return False
                a = a2
        e = a.elem
        if kind == "binary":
            op = rng.choice(TOSA_BINARY)
            if mode == "operand":
                bshape, _ = conflicting(rng, a)
                b = fn.arg(bshape, e, decl=bshape)
                inf = None
            else:
                b = self.pick(lambda v: v is not a and v.elem == e and v.inf is not None and is_static(v.inf)
                              and len(v.inf) == len(a.inf) and tosa_broadcast([a.inf, v.inf]) is not None)
                if b is None or rng.random() < 0.4:
                    bs = partner(rng, a.inf)
                    b = fn.arg(bs, e, decl=loosen(rng, bs, 0.1, 0.1, 0.1) if rng.random() < 0.2 else bs)
                    if b.decl != bs:
                        b.inf = b.decl  # nothing refines an argument
                        fn.tags.add("loose-arg")
                inf = tosa_broadcast([a.inf, b.inf])
            x, y = (a, b) if rng.random() < 0.6 else (b, a)
            if op == "tosa.mul":
                sh = self.const("shift", '%s = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>')
                self.new("@V = tosa.mul %s, %s, %s : (%s, %s, tensor<1xi8>) -> @R" % (x.name, y.name, sh, x.t, y.t),
                         inf, e, mode == "static")
            else:
                self.new("@V = %s %s, %s : (%s, %s) -> @R" % (op, x.name, y.name, x.t, y.t), inf, e, mode == "static")
        elif kind == "select":
            if mode == "operand":
                bshape, _ = conflicting(rng, a)
                cs = partner(rng, a.inf)
            else:
                bshape = partner(rng, a.inf)
                cs = partner(rng, a.inf)
            b = fn.arg(bshape, e)
            c = None
            if mode is None:  # a condition computed by a comparison, if any fits
                c = self.pick(lambda v: v.elem == "i1" and v.inf is not None and is_static(v.inf)
                              and tosa_broadcast([v.inf, a.inf, b.inf]) is not None)
            if c is None:
                c = fn.arg(cs, "i1")
            else:
                fn.tags.add("computed-cond")
            inf = tosa_broadcast([c.inf, a.inf, b.inf])
            self.new("@V = tosa.select %s, %s, %s : (%s, %s, %s) -> @R" % (c.name, a.name, b.name, c.t, a.t, b.t),
                     inf, e, mode == "static")
        elif kind == "compare":  # an i1 result, a condition for a later tosa.select
            op = rng.choice(["tosa.greater", "tosa.greater_equal", "tosa.equal"])
            bs = partner(rng, a.inf)
            b = fn.arg(bs, e)
            self.new("@V = %s %s, %s : (%s, %s) -> @R" % (op, a.name, b.name, a.t, b.t), tosa_broadcast([a.inf, bs]),
                     "i1")
        elif kind == "reverse":
            if not a.inf:
                return False
            axis = rng.randrange(len(a.inf))
            if mode == "op" and a.decl is None and rng.random() < 0.5:
                axis = len(a.inf)
                fn.tags.add("axis-rank")
            self.new("@V = tosa.reverse %s {axis = %d : i32} : (%s) -> @R" % (a.name, axis, a.t), a.inf, e,
                     mode is not None and axis < len(a.inf))
        elif kind == "argmax":  # drops the axis; the i32 result ends the chain
            if not a.inf:
                return False
            axis = rng.randrange(len(a.inf))
            inf = a.inf[:axis] + a.inf[axis + 1:]
            self.new("@V = tosa.argmax %s {axis = %d : i32} : (%s) -> @R" % (a.name, axis, a.t), inf, "i32",
                     mode is not None)
        elif kind == "unary":
            op = rng.choice(TOSA_UNARY)
            if op == "tosa.negate":
                z = self.const("zp" + e, '%%s = "tosa.const"() <{values = dense<0.0> : tensor<1x%s>}> : () -> tensor<1x%s>'
                               % (e, e))
                fmt = "@V = tosa.negate %s, %s, %s : (%s, tensor<1x%s>, tensor<1x%s>) -> @R" % (a.name, z, z, a.t, e, e)
            elif op == "tosa.clamp":
                fmt = "@V = tosa.clamp %s {min_val = 0.0 : %s, max_val = 1.0 : %s} : (%s) -> @R" % (a.name, e, e, a.t)
            else:
                fmt = "@V = %s %s : (%s) -> @R" % (op, a.name, a.t)
            self.new(fmt, a.inf, e, mode is not None)
        elif kind == "cast":
            to = "f16" if e == "f32" else "f32"
            self.new("@V = tosa.cast %s : (%s) -> @R" % (a.name, a.t), a.inf, to, mode is not None)
        elif kind == "transpose":
            r = len(a.inf)
            if r == 0:
                return False
            perm = list(range(r))
            rng.shuffle(perm)
            if mode == "op" and a.decl is None and rng.random() < 0.5:
                perm = list(range(r + 1))
                rng.shuffle(perm)
                fn.tags.add("perm-rank")
                inf = None
            else:
                inf = [a.inf[p] for p in perm]
            self.new("@V = tosa.transpose %s {perms = array<i32: %s>} : (%s) -> @R"
                     % (a.name, ", ".join(map(str, perm)), a.t), inf, e, mode == "op" and inf is not None)
        elif kind == "reduce":
            r = len(a.inf)
            if r == 0:
                return False
            op = rng.choice(TOSA_REDUCE)
            axis = rng.randrange(r)
            if mode == "op" and a.decl is None and rng.random() < 0.5:
                axis = r
                fn.tags.add("axis-rank")
                inf = None
            else:
                inf = list(a.inf)
                inf[axis] = 1
            self.new("@V = %s %s {axis = %d : i32} : (%s) -> @R" % (op, a.name, axis, a.t), inf, e,
                     mode == "op" and inf is not None)
        elif kind == "reshape":
            n = numel(a.inf)
            new = factorize(rng, n)
            if mode == "op":
                new = factorize(rng, n + rng.choice([1, 2, n]))
                fn.tags.add("reshape-count")
            written = list(new)
            if rng.random() < 0.2 and mode is None:
                written[rng.randrange(len(written))] = -1
                fn.tags.add("reshape-minus1")
            s = self.shape_const(written)
            self.new("@V = tosa.reshape %s, %s : (%s, !tosa.shape<%d>) -> @R" % (a.name, s, a.t, len(new)),
                     new, e)
        elif kind == "tile":
            r = len(a.inf)
            if r == 0:
                return False
            mult = [rng.choice([1, 1, 2, 3]) for _ in range(r)]
            if mode == "op" and a.decl is None:
                mult.append(2)
                fn.tags.add("multiples-rank")
                inf = None
            else:
                inf = [d * m for d, m in zip(a.inf, mult)]
            s = self.shape_const(mult)
            self.new("@V = tosa.tile %s, %s : (%s, !tosa.shape<%d>) -> @R" % (a.name, s, a.t, len(mult)), inf, e,
                     mode == "op" and inf is not None)
        elif kind == "concat":
            r = len(a.inf)
            if r == 0:
                return False
            axis = rng.randrange(r)
            bs = list(a.inf)
            bs[axis] = rng.choice([1, 2, 3])
            if mode == "operand":
                ks = [k for k in range(r) if k != axis and hides(a.decl, k)]
                if not ks:
                    mode = "static"
                else:
                    bs[rng.choice(ks)] += rng.choice([1, 2])
            b = fn.arg(bs, e, decl=bs)
            inf = list(a.inf)
            inf[axis] += bs[axis]
            x, y = (a, b) if rng.random() < 0.5 else (b, a)
            self.new("@V = tosa.concat %s, %s {axis = %d : i32} : (%s, %s) -> @R" % (x.name, y.name, axis, x.t, y.t),
                     inf, e, mode == "static")
        elif kind == "slice":
            r = len(a.inf)
            if r == 0:
                return False
            start = [rng.randrange(d) for d in a.inf]
            size = [rng.randint(1, d - s) for d, s in zip(a.inf, start)]
            inf = list(size)
            if mode == "op":
                k = rng.randrange(r)
                if a.decl is None and rng.random() < 0.5:
                    start.append(0)
                    size.append(1)
                    fn.tags.add("slice-rank")
                    inf = None
                else:
                    size[k] = a.inf[k] - start[k] + 1  # past the end: the pass infers `?`
                    inf[k] = -1
                    fn.tags.add("slice-oob")
            s1, s2 = self.shape_const(start), self.shape_const(size)
            self.new("@V = tosa.slice %s, %s, %s : (%s, !tosa.shape<%d>, !tosa.shape<%d>) -> @R"
                     % (a.name, s1, s2, a.t, len(start), len(size)), inf, e, mode == "op" and rng.random() < 0.3
                     and is_static(inf))
        elif kind == "pad":
            r = len(a.inf)
            pads = [rng.choice([0, 0, 1, 2]) for _ in range(2 * r)]
            z = self.const("pc" + e, '%%s = "tosa.const"() <{values = dense<0.0> : tensor<1x%s>}> : () -> tensor<1x%s>'
                           % (e, e))
            s = self.shape_const(pads)
            inf = [d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(a.inf)]
            self.new("@V = tosa.pad %s, %s, %s : (%s, !tosa.shape<%d>, tensor<1x%s>) -> @R" % (a.name, s, z, a.t, 2 * r, e),
                     inf, e, mode is not None)
        elif kind == "matmul":
            if len(a.inf) != 3:
                return False
            n, h, c = a.inf
            w = rng.choice([1, 2, 3])
            bc = c
            if mode == "op" and hides(a.decl, 2):
                bc = c + 1
                fn.tags.add("matmul-k")
            b = fn.arg([n, bc, w], e)
            z = self.const("pc" + e, '%%s = "tosa.const"() <{values = dense<0.0> : tensor<1x%s>}> : () -> tensor<1x%s>'
                           % (e, e))
            self.new("@V = tosa.matmul %s, %s, %s, %s : (%s, %s, tensor<1x%s>, tensor<1x%s>) -> @R"
                     % (a.name, b.name, z, z, a.t, b.t, e, e), [n, h, w], e, mode == "op" and bc == c)
        return mode is not None


def factorize(rng, n):
    """A random shape of 1 to 3 dims with n elements."""
    dims = []
    rank = rng.randint(1, 3)
    for _ in range(rank - 1):
        divs = [d for d in range(1, n + 1) if n % d == 0]
        d = rng.choice(divs)
        dims.append(d)
        n //= d
    dims.append(n)
    rng.shuffle(dims)
    return dims


def gen_tosa(rng, idx, quirks):
    fn = Fn(rng, "tosa%d" % idx)
    fn.quirks = quirks
    g = TosaGen(fn)
    g.out, g.depth = fn.body, 0
    brk = rng.random() < 0.55
    # sources: a few static function arguments, sometimes a `?` one
    for _ in range(rng.randint(1, 2)):
        s = rand_shape(rng, rng.randint(1, 3))
        decl = [d if rng.random() < 0.85 else -1 for d in s] if rng.random() < 0.15 else s
        if decl != s:
            fn.tags.add("dyn-arg")
        fn.pool.append(fn.arg(s, "f32", decl=decl))
        if decl != s:  # a `?` argument's inferred shape is its declared one
            fn.pool[-1].inf = decl
    nsteps = rng.randint(2, 6)
    brk_at = rng.randrange(1, nsteps) if brk else -1
    region = None
    if rng.random() < 0.3:
        region = rng.choice(["scf.if", "scf.for", "tosa.cond_if"])
    region_at = rng.randrange(1, nsteps) if region else -1
    for i in range(nsteps):
        if i == region_at:
            fn.tags.add("region:" + region)
            open_region(fn, g, region)
            g.step(i == brk_at)
            if region == "tosa.cond_if" and rng.random() < 0.5:
                g.step(False)  # a chain inside: the pass refines cond_if bodies
            close_region(fn, g, region)
        else:
            if not g.step(i == brk_at) and i == brk_at and i + 1 < nsteps:
                brk_at += 1
    # return: nothing, the last value, or two values
    r = rng.random()
    ret = []
    if r < 0.4 and fn.pool:
        ret = [fn.pool[-1]]
    elif r < 0.55 and len(fn.pool) > 1:
        ret = [fn.pool[-1], fn.pool[-2]]
    if ret:
        fn.tags.add("return")
    return fn, fn.text(ret)


def open_region(fn, g, region):
    """Opens a region whose ops consume outer values. scf bodies are not
    visited by --tosa-infer-shapes (their results keep their declared types),
    so only one op is put in them and its result is not used; tosa.cond_if
    bodies are refined: a short chain, yielded (implicit capture form)."""
    fn.saved_pool = list(fn.pool)
    if region == "scf.if":
        p = fn.arg([], "pred")
        g.emit("scf.if %s {" % p.name)
    elif region == "scf.for":
        lb, ub, st = fn.fresh("i"), fn.fresh("i"), fn.fresh("i")
        g.emit("%s = arith.constant 0 : index" % lb)
        g.emit("%s = arith.constant 2 : index" % ub)
        g.emit("%s = arith.constant 1 : index" % st)
        g.emit("scf.for %s = %s to %s step %s {" % (fn.fresh("iv"), lb, ub, st))
    else:
        fn.cond = fn.arg([], "i1")
        fn.region_line = len(g.out)
        g.emit("@CONDIF")
    g.depth += 1


def close_region(fn, g, region):
    inner = fn.pool[len(fn.saved_pool):]
    if region == "tosa.cond_if":
        y = inner[-1] if inner else fn.saved_pool[-1]
        outer = [v for v in fn.saved_pool if v.elem == y.elem] or [y]
        z = outer[-1]
        g.emit("tosa.yield %s : %s" % (y.name, y.t))
        g.depth -= 1
        g.emit("} else {")
        g.depth += 1
        g.emit("tosa.yield %s : %s" % (z.name, z.t))
        g.depth -= 1
        g.emit("}")
        g.out[fn.region_line] = "  %s = tosa.cond_if %s : tensor<i1> -> %s {" % (
            fn.fresh(), fn.cond.name, ty(None, y.elem))
    else:
        g.depth -= 1
        g.emit("}")
    fn.pool = fn.saved_pool


# ---------------------------------------------------------------- bcast / tf

TF_BINARY = ["tf.AddV2", "tf.Sub", "tf.Mul", "tf.Maximum", "tf.Minimum", "tf.Pow", "tf.SquaredDifference",
             "tf.RealDiv"]
TFL_BINARY = ["tfl.add", "tfl.sub", "tfl.mul", "tfl.maximum", "tfl.minimum", "tfl.squared_difference"]
TFL_FUSED = {"tfl.add", "tfl.sub", "tfl.mul"}
TF_UNARY = ["tf.Relu", "tf.Exp", "tf.Abs", "tf.Neg", "tf.Tanh", "tf.Sigmoid", "tfl.relu", "tfl.abs", "tfl.exp",
            "tfl.neg", "tfl.tanh", "tfl.logistic"]


def gen_bcast(rng, idx, tf):
    """A chain of broadcasting ops; each op is recorded as (indent, result,
    kind, op name, operands, attrs) so that it can be written at declared and
    at refined types."""
    fn = Fn(rng, ("tf%d" if tf else "bcast%d") % idx)
    brk = rng.random() < 0.55
    for _ in range(rng.randint(1, 3)):
        s = rand_shape(rng, rng.randint(0, 3))
        r = rng.random()
        decl = s if r < 0.8 else ([d if rng.random() < 0.7 else -1 for d in s] if r < 0.93 else None)
        if decl != s:
            fn.tags.add("loose-arg")
        v = fn.arg(s, "f32", decl=decl)
        v.inf = decl  # what is known of an argument is its declared type
        fn.pool.append(v)
    ops = []
    nsteps = rng.randint(2, 6)
    brk_at = rng.randrange(1, nsteps) if brk else -1
    region, region_rng = None, None
    if rng.random() < 0.35:
        region = rng.choice(["scf.if", "scf.for"])
        a0 = rng.randrange(1, nsteps)
        region_rng = (a0, min(nsteps, a0 + rng.randint(1, 3)))
        fn.tags.add("region:" + region)
    depth = 0
    saved = None
    for i in range(nsteps):
        if region and i == region_rng[0]:
            if region == "scf.if":
                p = fn.arg([], "pred")
                ops.append(("open", depth, "scf.if %s {" % p.name))
            else:
                names = [fn.fresh("i") for _ in range(3)]
                for nm, val in zip(names, (0, 2, 1)):
                    ops.append(("line", depth, "%s = arith.constant %d : index" % (nm, val)))
                ops.append(("open", depth, "scf.for %s = %s to %s step %s {" % ((fn.fresh("iv"),) + tuple(names))))
            depth += 1
            saved = list(fn.pool)
        unary = tf and rng.random() < 0.3
        known = [v for v in fn.pool if v.inf is not None and is_static(v.inf)]
        a = (known[-1] if known and rng.random() < 0.5 else rng.choice(known)) if known else rng.choice(fn.pool)
        operands = [a]
        inf = None
        if unary:
            name = rng.choice(TF_UNARY)
            fn.tags.add("unary")
            inf = a.inf
            brk_static = i == brk_at
        else:
            name = "test.broadcastable"
            if tf:
                name = rng.choice(TF_BINARY + TFL_BINARY)
            brk_static = False
            mode = None
            if i == brk_at:
                cand = [v for v in fn.pool if conflicting(rng, v) is not None]
                if cand:
                    a = operands[0] = rng.choice(cand)
                    mode = "operand" if rng.random() < 0.7 else "static"
                else:
                    mode = "static"
            if mode == "operand":
                bs, _ = conflicting(rng, a)
                b = fn.arg(bs, "f32", decl=bs)
                fn.pool.append(b)
                operands.append(b)
            else:
                brk_static = mode == "static"
                nops = 2 if tf else rng.choice([1, 2, 2, 2, 3])
                for _ in range(nops - 1):
                    b = None
                    if rng.random() < 0.5:
                        cand = [v for v in fn.pool if v is not a and mlir_broadcast([a.inf, v.inf]) is not None]
                        b = rng.choice(cand) if cand else None
                    if b is None:
                        bs = partner(rng, a.inf, same_rank=False) if a.inf is not None else rand_shape(rng, 2)
                        b = fn.arg(bs, "f32", decl=bs if rng.random() < 0.8 else loosen(rng, bs, 0.2, 0.3, 0.5))
                        b.inf = b.decl
                        fn.pool.append(b)
                    operands.append(b)
                rng.shuffle(operands)
            inf = mlir_broadcast([v.inf for v in operands])
            fn.tags.add("binary" if len(operands) == 2 else "%d-operand" % len(operands))
        decl = loosen(rng, inf)
        if brk_static and inf is not None and is_static(inf) and inf:
            decl = list(inf)
            k = rng.randrange(len(decl))
            decl[k] += rng.choice([1, 2])
            fn.tags.add("wrong-static-result")
        elif inf is None and not unary:
            decl = loosen(rng, rand_shape(rng, rng.randint(1, 3)), 0.6, 0.2, 0.2)
        res = Val(fn.fresh(), decl, None, "f32")
        res.inf = refine_op(name, [v for v in operands], decl)
        fn.pool.append(res)
        ops.append(("op", depth, res, name, operands))
        if region and i + 1 == region_rng[1]:
            depth -= 1
            ops.append(("close", depth, "}"))
            fn.pool = saved  # values defined inside are not visible after
    if depth:
        ops.append(("close", 0, "}"))
        fn.pool = saved
    return fn, ops


def refine_op(name, operands, decl):
    """The refined type of an op's result, from its operands' refined types."""
    if name in TF_UNARY:
        return refine(decl, operands[0].inf)
    return refine(decl, mlir_broadcast([v.inf for v in operands]))


def write_bcast(fn, ops, refined, test_names):
    """The function's lines at declared (refined=False) or refined types;
    test_names writes the tf ops as their test-dialect images."""
    def t(v):
        return ty(v.inf if refined else v.decl, v.elem)
    lines = ["func.func @%s(%s) {" % (fn.name, ", ".join("%s: %s" % (a.name, a.t) for a in fn.args))]
    for o in ops:
        ind = "  " * (o[1] + 1)
        if o[0] != "op":
            lines.append(ind + o[2])
            continue
        _, _, res, name, operands = o
        attrs = ""
        if test_names:
            name = "test.same_operand_and_result_shape" if name in TF_UNARY else "test.broadcastable"
        elif name in TFL_FUSED:
            attrs = ' {fused_activation_function = "NONE"}'
        lines.append(ind + '%s = "%s"(%s)%s : (%s) -> %s' % (res.name, name, ", ".join(v.name for v in operands),
                                                         attrs, ", ".join(t(v) for v in operands), t(res)))
    lines.append("  return")
    lines.append("}")
    return lines


# ---------------------------------------------------------------- running


def run_split(path, extra=()):
    """Runs mlir-opt-22 --split-input-file over path; returns (set of error
    lines, stderr)."""
    proc = subprocess.run([MLIR_OPT, "--split-input-file", "--allow-unregistered-dialect"] + list(extra)
                          + [path, "-o", os.devnull], capture_output=True, text=True)
    pat = re.compile(r"^" + re.escape(path) + r":(\d+):\d+: error:")
    lines = set()
    for line in proc.stderr.splitlines():
        m = pat.match(line)
        if m:
            lines.add(int(m.group(1)))
    if proc.returncode != 0 and not lines:
        print("mlir-opt-22 failed without diagnostics:\n" + proc.stderr[:2000], file=sys.stderr)
        sys.exit(2)
    return lines, proc.stderr


def write_split(path, funcs):
    """Writes functions (lists of lines) separated by `// -----`; returns the
    1-based (first, last) line of each."""
    out, spans = [], []
    for i, lines in enumerate(funcs):
        if i:
            out.append("// -----")
        first = len(out) + 1
        out.extend(lines)
        spans.append((first, len(out)))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return spans


def verdicts(err_lines, spans):
    return [any(a <= ln <= b for ln in err_lines) for a, b in spans]


def stderr_for(stderr, path, span):
    pat = re.compile(r"^" + re.escape(path) + r":(\d+):\d+: (error|note|warning): (.*)")
    out = []
    for line in stderr.splitlines():
        m = pat.match(line)
        if m and span[0] <= int(m.group(1)) <= span[1] and "see current operation" not in m.group(3):
            out.append("line %d: %s: %s" % (int(m.group(1)) - span[0] + 1, m.group(2), m.group(3)))
    return out


def check_file(binary, path):
    proc = subprocess.run([binary, "check", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        print("mlir-shape check failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]), file=sys.stderr)
        sys.exit(2)
    return json.loads(proc.stdout).get("diagnostics", [])


def generate(family, rng, n, tmp, quirks):
    """Candidates until n functions valid at their declared types are kept,
    about half accepted and half rejected by the reference. Returns a list of
    dicts: name, tags, lines (declared), ref_lines, rejected, ref_diag."""
    want_bad, want_good = n // 2, n - n // 2
    kept_bad, kept_good = [], []
    idx = 0
    rounds = 0
    while (len(kept_bad) < want_bad or len(kept_good) < want_good) and rounds < 12:
        rounds += 1
        batch = []
        for _ in range(max(64, 2 * n)):
            idx += 1
            if family == "tosa":
                fn, lines = gen_tosa(rng, idx, quirks)
                batch.append({"name": fn.name, "tags": sorted(fn.tags), "lines": lines, "decl_check": lines,
                              "ref_lines": lines})
            else:
                fn, ops = gen_bcast(rng, idx, family == "tf")
                batch.append({"name": fn.name, "tags": sorted(fn.tags), "lines": write_bcast(fn, ops, False, False),
                              "decl_check": write_bcast(fn, ops, False, True),
                              "ref_lines": write_bcast(fn, ops, True, True)})
        for c in batch:
            if multi_use(c["lines"]):
                c["tags"] = sorted(set(c["tags"]) | {"multi-use"})
        p1 = os.path.join(tmp, "%s-declared.mlir" % family)
        spans = write_split(p1, [c["decl_check"] for c in batch])
        errs, _ = run_split(p1)
        batch = [c for c, bad in zip(batch, verdicts(errs, spans)) if not bad]
        p2 = os.path.join(tmp, "%s-reference.mlir" % family)
        spans = write_split(p2, [c["ref_lines"] for c in batch])
        errs, stderr = run_split(p2, ["--tosa-infer-shapes"] if family == "tosa" else [])
        for c, span, bad in zip(batch, spans, verdicts(errs, spans)):
            c["rejected"] = bad
            c["ref_diag"] = stderr_for(stderr, p2, span)
            if bad and len(kept_bad) < want_bad:
                kept_bad.append(c)
            elif not bad and len(kept_good) < want_good:
                kept_good.append(c)
    kept = kept_bad + kept_good
    if len(kept) < n:  # fill from whichever side generated more
        print("%s: only %d rejected / %d accepted candidates" % (family, len(kept_bad), len(kept_good)))
    kept.sort(key=lambda c: int(re.sub(r"\D", "", c["name"])))
    return kept


def multi_use(lines):
    """Whether some op result is used by two ops or more."""
    text = "\n".join(lines)
    return any(len(re.findall(re.escape(name) + r"\b", text)) > 2
               for name in re.findall(r"^\s*(%v\d+) =", text, re.M))


def generic_form(tmp, texts):
    """The same functions as mlir-opt-22 prints them in generic form (no pass:
    the verdicts stay the pretty form's, graded by --tosa-infer-shapes)."""
    path = os.path.join(tmp, "pretty.mlir")
    write_split(path, texts)
    proc = subprocess.run([MLIR_OPT, "--split-input-file", "--allow-unregistered-dialect", "--mlir-print-op-generic",
                           path], capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit("mlir-opt-22 --mlir-print-op-generic failed: %s" % proc.stderr[:2000])
    chunks = [c.strip("\n").split("\n") for c in proc.stdout.split("// -----\n")]
    if len(chunks) != len(texts):
        raise SystemExit("generic form: %d chunks for %d functions" % (len(chunks), len(texts)))
    return chunks


def main(argv):
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    binary = argv[1]
    opts = {"cases": 200, "seed": 20261123, "families": "tosa,bcast,tf", "failures": None, "keep": None,
            "quirks": "1", "generic": "1"}
    for a in argv[2:]:
        key, eq, value = a.lstrip("-").partition("=")
        if not a.startswith("--") or key not in opts or not eq:
            print("unknown argument %s" % a, file=sys.stderr)
            return 2
        opts[key] = value
    n, seed = int(opts["cases"]), int(opts["seed"])
    families = [f for f in opts["families"].split(",") if f]
    print("chain_diff: seed %d, %d cases per family, families %s" % (seed, n, ",".join(families)))
    tmp = opts["keep"] or tempfile.mkdtemp(prefix="chain_diff.")
    os.makedirs(tmp, exist_ok=True)
    if opts["failures"]:
        os.makedirs(opts["failures"], exist_ok=True)

    def gen(fam):
        rng = random.Random("%d-%s" % (seed, fam))
        return fam, generate(fam, rng, n, tmp, opts["quirks"] == "1")

    with ThreadPoolExecutor(max_workers=2) as ex:
        generated = list(ex.map(gen, families))
    total_pass = total_fail = 0
    shown = [0]

    def judge(fam, cases, texts):
        """mlir-shape on the cases' texts (one per case) against the reference."""
        path = os.path.join(tmp, "%s.mlir" % fam)
        spans = write_split(path, texts)
        diags = check_file(binary, path)
        fn_, fp_, tn, tp = [], [], 0, 0
        tag_fail, tag_all = {}, {}
        for c, span in zip(cases, spans):
            errs = [d for d in diags if span[0] <= d["range"]["start"]["line"] + 1 <= span[1]]
            got = any(d.get("severity") == "error" for d in errs)
            c["got_diag"] = ["line %d: %s %s: %s" % (d["range"]["start"]["line"] + 2 - span[0], d.get("severity"),
                                                    d.get("code"), d.get("message")) for d in errs]
            for t in c["tags"]:
                tag_all[t] = tag_all.get(t, 0) + 1
            if got == c["rejected"]:
                tp += got
                tn += not got
                continue
            (fn_ if c["rejected"] else fp_).append(c)
            for t in c["tags"]:
                tag_fail[t] = tag_fail.get(t, 0) + 1
            if shown[0] < 10:
                shown[0] += 1
                print("DISAGREE %s (%s): mlir-opt %s, mlir-shape %s; ref: %s; got: %s" % (
                    c["name"], ",".join(c["tags"]), "rejects" if c["rejected"] else "accepts",
                    "rejects" if got else "accepts", "; ".join(c["ref_diag"][:1]) or "-",
                    "; ".join(c["got_diag"][:1]) or "-"))
            if opts["failures"]:
                write_failure(opts["failures"], fam, c, got)
        nbad = sum(c["rejected"] for c in cases)
        print("%s: %d functions (%d rejected by the reference): %d agree (%d rejected, %d accepted), "
              "%d false negatives, %d false positives" % (fam, len(cases), nbad, tp + tn, tp, tn, len(fn_), len(fp_)))
        print("  failures/functions by tag: " + ", ".join(
            "%s %d/%d" % (t, tag_fail.get(t, 0), tag_all[t])
            for t in sorted(tag_all, key=lambda t: (-tag_fail.get(t, 0), -tag_all[t], t))))
        return tp + tn, len(fn_) + len(fp_)

    for fam, cases in generated:
        forms = [(fam, [c["lines"] for c in cases])]
        if fam == "tosa" and opts["generic"] == "1":
            forms.append(("tosa-generic", generic_form(tmp, [c["lines"] for c in cases])))
        for label, texts in forms:
            good, bad = judge(label, cases, texts)
            total_pass += good
            total_fail += bad
    if opts["failures"] and total_fail:
        print("failing cases written to %s" % opts["failures"])
    if not opts["keep"]:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    print("%d passed, %d failed" % (total_pass, total_fail))
    return 1 if total_fail else 0


def write_failure(folder, fam, c, got):
    with open(os.path.join(folder, "%s.mlir" % c["name"]), "w") as f:
        f.write("// %s: mlir-opt-22 %s, mlir-shape %s\n" % (
            fam, "rejects" if c["rejected"] else "accepts", "rejects" if got else "accepts"))
        f.write("// tags: %s\n" % ", ".join(c["tags"]))
        for d in c["ref_diag"]:
            f.write("// reference %s\n" % d)
        for d in c["got_diag"]:
            f.write("// mlir-shape %s\n" % d)
        if c["ref_lines"] is not c["lines"]:
            f.write("// refined function given to mlir-opt-22:\n")
            f.write("".join("//   %s\n" % l for l in c["ref_lines"]))
        f.write("\n".join(c["lines"]) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
