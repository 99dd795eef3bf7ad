#!/usr/bin/env python3
"""gen.py: writes large generic-syntax MLIR files for the benchmarks.

The parse, check and language-server benchmarks (bench/*.sh) need inputs of
1, 10 and 50 MB that look like what `mlir-opt --mlir-print-op-generic
--mlir-print-debuginfo` prints, and that mlir-opt-22 accepts, so that both
tools do their full work on them:

    bench/gen.py --size 10M --seed 1 -o FILE [--errors N]

The output is one `"builtin.module"` holding many `"func.func"`s whose bodies
mix `"test.broadcastable"` ops (valid broadcasts over ranks 0-4, some `?`
dims), `"arith.constant"` ops with splat, nested-list and hex `dense<...>`
attributes, multi-result and region-holding unregistered ops, properties,
attribute dictionaries, comments and trailing locations in every form, with
the `#locN = loc(...)` aliases at the end of the file. The same seed always
gives the same bytes (only `random.Random(seed)` is used, never hashing or
the clock). `--errors N` makes N of the broadcastable ops, spread evenly over
the file, broadcast incompatible static dims: the language-server benchmark
uses that to get diagnostics that stay put while it edits elsewhere.

Runs with any python3 (standard library only).
"""
import argparse
import random
import struct
import sys

ELEM_TYPES = ("f32", "f32", "f32", "i32", "i64", "f16")
HEX_SIZE = {"f32": 4, "i32": 4, "i64": 8, "f16": 2}
FILES = ("model.py", "layers/attention.py", "ops.cc", "train.py", "<stdin>")
NAMES = ("matmul", "add", "softmax", "layer_norm", "gelu", "conv2d", "reshape")
MAX_LIST_ELEMS = 48      # nested-list constants stay small, like real dumps
MAX_HEX_ELEMS = 256


def parse_size(text):
    """'10M' -> 10485760; also K, G and plain byte counts."""
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().rstrip("B")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def type_str(shape, et):
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return "tensor<%s%s>" % (dims, et)


def broadcast(a, b):
    """Result shape of a valid broadcast of a and b (trailing alignment),
    with MLIR's rule for dynamic dims: ? against 1 stays ?, ? against a
    static n > 1 gives n."""
    n = max(len(a), len(b))
    a = [1] * (n - len(a)) + list(a)
    b = [1] * (n - len(b)) + list(b)
    out = []
    for x, y in zip(a, b):
        if x == 1:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None:
            out.append(y)
        elif y is None:
            out.append(x)
        else:
            assert x == y, (a, b)
            out.append(x)
    return tuple(out)


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class Gen:
    """Writes one file; self.out collects pieces, self.bcast_slots records
    where an invalid broadcast can be swapped in for --errors."""

    def __init__(self, seed, target, n_aliases):
        self.r = random.Random(seed)
        self.target = target
        self.size = 0
        self.out = []
        self.n_aliases = n_aliases
        self.bcast_slots = []     # (index in self.out, invalid replacement)
        self.n_err = 0

    # -- output -----------------------------------------------------------
    def emit(self, text):
        self.out.append(text)
        self.size += len(text)

    # -- locations --------------------------------------------------------
    def file_loc(self):
        r = self.r
        return '"%s":%d:%d' % (r.choice(FILES), r.randint(1, 3000), r.randint(1, 80))

    def inline_loc(self):
        """A location usable anywhere, including inside fused/callsite:
        aliases are only resolved late at the top level of loc(...)."""
        r = self.r
        k = r.random()
        if k < 0.6:
            return self.file_loc()
        if k < 0.8:
            return '"%s"(%s)' % (r.choice(NAMES), self.file_loc())
        return "unknown"

    def loc(self):
        """A trailing ` loc(...)`, or nothing, in every form the printer uses."""
        r = self.r
        k = r.random()
        if k < 0.15:
            return ""
        if k < 0.65:
            return " loc(#loc%d)" % r.randrange(self.n_aliases)
        if k < 0.8:
            return " loc(%s)" % self.file_loc()
        if k < 0.9:
            parts = ", ".join(self.inline_loc() for _ in range(r.randint(2, 3)))
            meta = '<"%s">' % r.choice(NAMES) if r.random() < 0.3 else ""
            return " loc(fused%s[%s])" % (meta, parts)
        return " loc(callsite(%s at %s))" % (self.inline_loc(), self.file_loc())

    def alias_defs(self):
        r = self.r
        lines = []
        for i in range(self.n_aliases):
            k = r.random()
            if k < 0.6 or i == 0:
                body = self.file_loc()
            elif k < 0.8:
                body = '"%s"(%s)' % (r.choice(NAMES), self.file_loc())
            elif k < 0.9:
                # Aliases may refer to aliases defined above them.
                body = "fused[#loc%d, %s]" % (r.randrange(i), self.file_loc())
            else:
                body = "callsite(#loc%d at %s)" % (r.randrange(i), self.file_loc())
            lines.append("#loc%d = loc(%s)\n" % (i, body))
        return "".join(lines)

    # -- shapes -----------------------------------------------------------
    def rand_shape(self, rank=None, dyn=0.15):
        r = self.r
        if rank is None:
            rank = r.choice((0, 1, 1, 2, 2, 2, 3, 3, 4))
        dims = []
        for _ in range(rank):
            k = r.random()
            dims.append(None if k < dyn else r.choice((1, 2, 3, 4, 8, 16, 32, 64, 128)))
        return tuple(dims)

    def compatible_shape(self, shape, grow):
        """Another shape that broadcasts validly against `shape` (and against
        other shapes made from it with grow=False)."""
        r = self.r
        keep = r.randint(max(0, len(shape) - 2), len(shape))
        dims = list(shape[len(shape) - keep:])
        for i, d in enumerate(dims):
            k = r.random()
            if k < 0.3:
                dims[i] = 1
            elif k < 0.4 and d is not None:
                dims[i] = None
        if grow and keep == len(shape) and len(dims) < 4 and r.random() < 0.2:
            dims.insert(0, r.choice((1, 2, 3)))
        return tuple(dims)

    # -- constants --------------------------------------------------------
    def scalar(self, et):
        r = self.r
        if et.startswith("f"):
            return "%.6e" % (r.randint(-2000, 2000) / 64.0)
        return str(r.randint(-1000, 1000))

    def nested(self, shape, et):
        if not shape:
            return self.scalar(et)
        return "[" + ", ".join(self.nested(shape[1:], et) for _ in range(shape[0])) + "]"

    def hex_bytes(self, n, et):
        r = self.r
        if et == "f32":
            fmt = "<f"
        elif et == "f16":
            fmt = "<e"
        elif et == "i32":
            fmt = "<i"
        else:
            fmt = "<q"
        out = []
        for _ in range(n):
            v = r.randint(-500, 500)
            out.append(struct.pack(fmt, v / 8.0 if et.startswith("f") else v))
        return b"".join(out).hex().upper()

    def dense(self, shape, et):
        n = numel(shape)
        k = self.r.random()
        if k < 0.35 or not shape:
            return "dense<%s>" % self.scalar(et)
        if k < 0.7 and n <= MAX_LIST_ELEMS:
            return "dense<%s>" % self.nested(shape, et)
        if n <= MAX_HEX_ELEMS:
            return 'dense<"0x%s">' % self.hex_bytes(n, et)
        return "dense<%s>" % self.scalar(et)

    # -- function bodies --------------------------------------------------
    def gen_func(self, idx):
        r = self.r
        self.et = r.choice(ELEM_TYPES)
        self.next_val = 0
        self.ind = "    "
        n_args = r.randint(1, 4)
        arg_shapes = [self.rand_shape() for _ in range(n_args)]
        self.pool = [("%%arg%d" % i, s) for i, s in enumerate(arg_shapes)]
        body = []
        saved = self.out
        self.out = body
        n_ops = r.randint(6, 40)
        for _ in range(n_ops):
            self.gen_op(depth=0)
        n_res = r.randint(1, min(2, len(self.pool)))
        results = self.pool[-n_res:]
        self.out = saved
        et = self.et
        ins = ", ".join(type_str(s, et) for s in arg_shapes)
        outs = ", ".join(type_str(s, et) for _, s in results)
        if n_res != 1:
            outs = "(" + outs + ")"
        args = ", ".join("%%arg%d: %s%s" % (i, type_str(s, et), self.loc())
                         for i, s in enumerate(arg_shapes))
        self.emit('  "func.func"() <{function_type = (%s) -> %s, sym_name = "f%d"}> ({\n'
                  % (ins, outs, idx))
        self.emit("  ^bb0(%s):\n" % args)
        # Splice the body in place, keeping the recorded indices right.
        base = len(self.out)
        for i, invalid in self.pending:
            self.bcast_slots.append((base + i, invalid))
        self.pending = []
        for piece in body:
            self.emit(piece)
        self.emit('    "func.return"(%s) : (%s) -> ()%s\n' % (
            ", ".join(v for v, _ in results),
            ", ".join(type_str(s, et) for _, s in results), self.loc()))
        self.emit("  }) : () -> ()%s\n" % self.loc())

    def fresh(self):
        v = "%%%d" % self.next_val
        self.next_val += 1
        return v

    def line(self, text):
        self.out.append(self.ind + text + self.loc() + "\n")

    def value_of(self, shape):
        """An SSA value of this shape: one in scope, or a new defining op."""
        for v, s in self.pool:
            if s == shape:
                return v
        r = self.r
        v = self.fresh()
        t = type_str(shape, self.et)
        if None not in shape and r.random() < 0.7:
            self.line('%s = "arith.constant"() <{value = %s : %s}> : () -> %s'
                      % (v, self.dense(shape, self.et), t, t))
        elif r.random() < 0.5:
            self.line('%s = "bench.source"() <{kind = "input", index = %d : i64}> : () -> %s'
                      % (v, r.randint(0, 99), t))
        else:
            self.line('%s = "bench.source"() {name = "%s", trainable = %s} : () -> %s'
                      % (v, r.choice(NAMES), r.choice(("true", "false")), t))
        self.pool.append((v, shape))
        return v

    def gen_op(self, depth):
        r = self.r
        k = r.random()
        if k < 0.55:
            self.gen_broadcast()
        elif k < 0.72:
            self.value_of(self.rand_shape(dyn=0))
            if r.random() < 0.5:   # a fresh constant even if the type exists
                shape = self.rand_shape(dyn=0)
                v = self.fresh()
                t = type_str(shape, self.et)
                self.line('%s = "arith.constant"() <{value = %s : %s}> : () -> %s'
                          % (v, self.dense(shape, self.et), t, t))
                self.pool.append((v, shape))
        elif k < 0.8:
            self.gen_split()
        elif k < 0.87 and depth < 2:
            self.gen_region(depth)
        elif k < 0.93:
            self.out.append("%s// %s: %s\n" % (self.ind, r.choice(NAMES), self.file_loc()))
        else:
            src_v, src_s = r.choice(self.pool)
            v = self.fresh()
            t = type_str(src_s, self.et)
            self.line('%s = "bench.identity"(%s) {note = "%s", level = %d : i32, '
                      'dims = array<i64%s>} : (%s) -> %s'
                      % (v, src_v, r.choice(NAMES), r.randint(0, 9),
                         "".join((": " if d == 0 else ", ") + str(d) for d in range(len(src_s))), t, t))
            self.pool.append((v, src_s))

    def gen_broadcast(self):
        r = self.r
        a_v, a_s = r.choice(self.pool)
        shapes = [a_s]
        vals = [a_v]
        for n in range(1 if r.random() < 0.85 else 2):
            s = self.compatible_shape(a_s, grow=n == 0)
            vals.append(self.value_of(s))
            shapes.append(s)
        res = ()
        for s in shapes:
            res = broadcast(res, s)
        v = self.fresh()
        et = self.et
        ins = ", ".join(type_str(s, et) for s in shapes)
        text = '%s = "test.broadcastable"(%s) : (%s) -> %s' % (
            v, ", ".join(vals), ins, type_str(res, et))
        loc = self.loc()
        self.out.append(self.ind + text + loc + "\n")
        self.pool.append((v, res))
        # An invalid twin for --errors: same result, one more operand whose
        # static dim clashes with a static dim > 1 of the first operand.
        clash = [i for i, d in enumerate(a_s) if d is not None and d > 1]
        if clash:
            i = r.choice(clash)
            bad = tuple(a_s[j] if j != i else a_s[j] + 1 for j in range(len(a_s)))
            e = "%%err%d" % self.n_err
            self.n_err += 1
            bt = type_str(bad, et)
            invalid = ('%s%s = "bench.source"() : () -> %s\n%s%s = "test.broadcastable"(%s, %s) '
                       ': (%s, %s) -> %s%s\n' % (
                           self.ind, e, bt, self.ind, v, ", ".join(vals), e, ins, bt,
                           type_str(res, et), loc))
            self.pending.append((len(self.out) - 1, invalid))

    def gen_split(self):
        r = self.r
        cands = [(v, s) for v, s in self.pool if s and s[0] is not None and s[0] % 2 == 0]
        if not cands:
            self.value_of((r.choice((2, 4, 8)),) + self.rand_shape(rank=r.randint(0, 2)))
            return
        src_v, src_s = r.choice(cands)
        half = (src_s[0] // 2,) + src_s[1:]
        v = self.fresh()
        t, ht = type_str(src_s, self.et), type_str(half, self.et)
        self.line('%s:2 = "bench.split"(%s) {axis = 0 : i64} : (%s) -> (%s, %s)'
                  % (v, src_v, t, ht, ht))
        self.pool.append((v + "#0", half))
        self.pool.append((v + "#1", half))

    def gen_region(self, depth):
        r = self.r
        src_v, src_s = r.choice(self.pool)
        v = self.fresh()
        arg = "%%rb%s" % v[1:]
        t = type_str(src_s, self.et)
        self.out.append('%s%s = "bench.region"(%s) ({\n' % (self.ind, v, src_v))
        self.out.append("%s^bb0(%s: %s):\n" % (self.ind, arg, t))
        outer_pool, outer_ind = list(self.pool), self.ind
        self.pool.append((arg, src_s))
        self.ind = outer_ind + "  "
        for _ in range(r.randint(1, 5)):
            self.gen_op(depth + 1)
        y_v, y_s = self.pool[-1]
        yt = type_str(y_s, self.et)
        self.out.append('%s"bench.yield"(%s) : (%s) -> ()\n' % (self.ind, y_v, yt))
        self.ind = outer_ind
        self.pool = outer_pool   # values of the region do not escape it
        self.line('}) {depth = %d : i64} : (%s) -> %s' % (depth, t, yt))
        self.pool.append((v, y_s))

    # -- whole file -------------------------------------------------------
    def run(self):
        self.pending = []
        self.emit('"builtin.module"() ({\n')
        alias_budget = self.n_aliases * 32
        idx = 0
        while self.size + alias_budget < self.target:
            self.gen_func(idx)
            idx += 1
        self.emit("}) : () -> ()\n")
        self.emit(self.alias_defs())

    def inject_errors(self, n):
        slots = self.bcast_slots
        if n > len(slots):
            sys.exit("gen.py: only %d broadcast ops can be made invalid" % len(slots))
        for k in range(n):
            i, invalid = slots[(2 * k + 1) * len(slots) // (2 * n)]
            self.out[i] = invalid


def write_output(path, data):
    """Writes data to path ("-": stdout), UTF-8 with \\n line ends."""
    if path == "-":
        sys.stdout.write(data)
    else:
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", default="1M", help="target size: 1M, 10M, 500K, bytes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--errors", type=int, default=0,
                    help="make N test.broadcastable ops invalid")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    target = parse_size(args.size)
    g = Gen(args.seed, target, n_aliases=max(16, min(4000, target // 4096)))
    g.run()
    g.inject_errors(args.errors)
    write_output(args.output, "".join(g.out))


if __name__ == "__main__":
    main()
