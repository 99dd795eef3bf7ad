#!/usr/bin/env python3
"""gen_dumps.py: realistic MLIR dumps in the shapes people really have.

bench/gen.py writes one shape: a module without attributes holding many
small functions. Real dumps (`mlir-opt --mlir-print-op-generic
--mlir-print-debuginfo`, JAX and torch exports) come in more shapes, and
`check` and the language server must cut every one of them:

    bench/gen_dumps.py --shape SHAPE --size 50M --seed 1 [--errors N] -o FILE

SHAPE is one of:
  generic-attrs  "builtin.module"() <{sym_name = "jit_model"}> ({ ... })
                 {mhlo.num_partitions = 1 : i32, ...} : () -> (): a generic
                 module with properties and an attribute dictionary after
                 its region, many small functions;
  pretty-attrs   module @jit_model attributes {mhlo.num_partitions = 1 : i32} {
                 ... }: the same as a pretty module with a name and attributes;
  named          module @name { ... } with `#map` and `!type` aliases at the
                 top (the aliases used in the ops);
  giant          a generic module with attributes holding ONE function @main
                 with every op (JAX and torch exports);
  nested         nested modules: a "builtin.module" inside an unregistered
                 "hal.executable.variant" op's region, and a `gpu.module`,
                 each holding many functions;
  mixed          one giant pretty `func.func @main` mixing generic test ops
                 with pretty arith and tosa ops.
Every shape has `loc(#locN)` locations on its ops and the `#locN = loc(...)`
aliases at the end of the file, and mlir-opt-22 --allow-unregistered-dialect
accepts it (with --errors N: exactly N errors). The same seed gives the same
bytes. Standard library only.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402

SHAPES = ("generic-attrs", "pretty-attrs", "named", "giant", "nested", "mixed")
MODULE_ATTRS = ('mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32, '
                'mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[]>}"}')
WINDOW = 48          # values of a giant body an op draws from: the latest ...
FAR_EVERY = 400      # ... and every 400th value since the start (long-range uses),
FAR_KEEP = 64        # a sample of 64 of them
TYPE_ALIASES = ((4, 8), (16,), (2, 3, 4))
PLAIN_TYPE_STR = gen.type_str


class Dump(gen.Gen):
    """gen.Gen with the module and function shapes of real dumps."""

    def __init__(self, seed, target, shape):
        super().__init__(seed, target, n_aliases=max(16, min(4000, target // 4096)))
        self.shape = shape
        self.far = []
        self.n_far = 0
        self.aliased = 0
        self.mismatches = 0

    # -- type aliases (named): !tN stands for some types --------------------
    def alias_name(self, shape, et):
        if self.shape != "named" or et != "f32" or shape not in TYPE_ALIASES:
            return None
        self.aliased += 1
        return "!t%d" % TYPE_ALIASES.index(shape) if self.aliased % 2 else None

    def alias_header(self):
        lines = ["#map = affine_map<(d0, d1) -> (d1, d0)>\n", "#map1 = affine_map<(d0) -> (d0)>\n"]
        for i, s in enumerate(TYPE_ALIASES):
            lines.append("!t%d = %s\n" % (i, PLAIN_TYPE_STR(s, "f32")))
        return "".join(lines)

    # -- a giant body: the pool is a window, plus far values ----------------
    def trim_pool(self):
        if len(self.pool) > WINDOW + len(self.far) + len(self.args) + 8:
            keep = set(self.args) | set(self.far)
            recent = [p for p in self.pool if p not in keep][-WINDOW:]
            self.pool = self.args + self.far + recent

    def giant_body(self, budget, pretty):
        r = self.r
        while self.size < budget:
            if pretty and r.random() < 0.3:
                self.pretty_op()
            else:
                self.gen_op(depth=0)
            if self.next_val // FAR_EVERY > self.n_far and self.pool:
                # A sample of far values (at most FAR_KEEP: linear scans stay short).
                self.n_far += 1
                if len(self.far) < FAR_KEEP:
                    self.far.append(self.pool[-1])
                else:
                    self.far[r.randrange(FAR_KEEP)] = self.pool[-1]
            self.trim_pool()
            self.flush_body()

    def flush_body(self):
        """Moves the body built so far into the output (keeping --errors slots)."""
        base = len(self.saved)
        for i, invalid in self.pending:
            self.bcast_slots.append((base + i, invalid))
        self.pending = []
        for piece in self.out:
            self.saved.append(piece)
            self.size += len(piece)
        self.out = []

    def pretty_op(self):
        """arith.addf on two values of one type, or tosa.add of equal ranks."""
        r = self.r
        v_a, s_a = r.choice(self.pool)
        et = self.et
        if None in s_a or not et.startswith("f"):
            return
        t = gen.type_str(s_a, et)
        v = self.fresh()
        if r.random() < 0.5:
            v_b = self.value_of(s_a)
            self.line("%s = arith.addf %s, %s : %s" % (v, v_a, v_b, t))
            self.pool.append((v, s_a))
            return
        s_b = tuple(1 if r.random() < 0.4 else d for d in s_a)
        v_b = self.value_of(s_b)
        self.line("%s = tosa.add %s, %s : (%s, %s) -> %s" % (v, v_a, v_b, t, gen.type_str(s_b, et), t))
        self.pool.append((v, s_a))

    def flow_roots(self, arg_shapes):
        """--mismatches: values defined first in the body, with an unranked
        result type that inference refines to the argument's shape."""
        roots = []
        for k in range(self.mismatches):
            i = k % len(arg_shapes)
            if not any(d > 1 for d in arg_shapes[i]):
                continue
            v = "%%u%d" % k
            t = gen.type_str(arg_shapes[i], "f32")
            self.line('%s = "test.broadcastable"(%%arg%d, %%arg%d) : (%s, %s) -> tensor<*xf32>' % (v, i, i, t, t))
            roots.append((v, arg_shapes[i]))
        return roots

    def flow_errors(self, roots, arg_shapes):
        """--mismatches: at the end of the body, uses of values defined at
        its start that only the whole function shows wrong: an argument
        used with another type, and a refined value whose inferred shape
        clashes (a propagated mismatch)."""
        for k in range(self.mismatches):
            i = k % len(arg_shapes)
            self.line('%%m%d = "bench.identity"(%%arg%d) : (tensor<7x7xf32>) -> tensor<7x7xf32>' % (k, i))
        for k, (v, shape) in enumerate(roots):
            j = max(range(len(shape)), key=lambda d: shape[d])
            bad = tuple(d + 1 if n == j else d for n, d in enumerate(shape))
            c = "%%c%d" % k
            self.line('%s = "bench.source"() : () -> %s' % (c, gen.type_str(bad, "f32")))
            self.line('%%p%d = "test.broadcastable"(%s, %s) : (tensor<*xf32>, %s) -> tensor<*xf32>'
                      % (k, v, c, gen.type_str(bad, "f32")))

    def giant_func(self, pretty):
        r = self.r
        self.et = "f32"
        self.next_val = 0
        self.ind = "    "
        arg_shapes = [self.rand_shape(dyn=0) for _ in range(4)]
        self.args = [("%%arg%d" % i, s) for i, s in enumerate(arg_shapes)]
        self.pool = list(self.args)
        ins = ", ".join(gen.type_str(s, "f32") for s in arg_shapes)
        if pretty:
            args = ", ".join("%%arg%d: %s%s" % (i, gen.type_str(s, "f32"), self.loc())
                             for i, s in enumerate(arg_shapes))
            self.emit("  func.func @main(%s) -> %s {\n" % (args, gen.type_str(arg_shapes[0], "f32")))
        else:
            args = ", ".join("%%arg%d: %s%s" % (i, gen.type_str(s, "f32"), self.loc())
                             for i, s in enumerate(arg_shapes))
            self.emit('  "func.func"() <{function_type = (%s) -> %s, sym_name = "main"}> ({\n'
                      % (ins, gen.type_str(arg_shapes[0], "f32")))
            self.emit("  ^bb0(%s):\n" % args)
        self.saved, self.out = self.out, []
        roots = self.flow_roots(arg_shapes)
        self.giant_body(self.target - self.n_aliases * 32 - 200, pretty)
        self.flow_errors(roots, arg_shapes)
        self.flush_body()
        self.out = self.saved
        t0 = gen.type_str(arg_shapes[0], "f32")
        if pretty:
            self.emit("    return %%arg0 : %s%s\n  }%s\n" % (t0, self.loc(), self.loc()))
        else:
            self.emit('    "func.return"(%%arg0) : (%s) -> ()%s\n  }) : () -> ()%s\n' % (t0, self.loc(), self.loc()))

    # -- many functions ----------------------------------------------------
    def funcs(self, budget, indent=""):
        idx = self.func_idx
        while self.size < budget:
            if indent:
                mark = len(self.out)
                self.gen_func(idx)
                for k in range(mark, len(self.out)):
                    self.out[k] = indent + self.out[k]
            else:
                self.gen_func(idx)
            idx += 1
        self.func_idx = idx

    def run(self):
        self.pending = []
        self.func_idx = 0
        budget = self.target - self.n_aliases * 32
        s = self.shape
        if s == "named":
            self.emit(self.alias_header())
        if s in ("generic-attrs", "giant", "nested"):
            self.emit('"builtin.module"() <{sym_name = "jit_model"}> ({\n')
        elif s == "pretty-attrs":
            self.emit("module @jit_model attributes {%s} {\n" % MODULE_ATTRS)
        elif s == "named":
            self.emit("module @named_model {\n")
        else:
            self.emit("module attributes {%s} {\n" % MODULE_ATTRS)
        if s in ("generic-attrs", "pretty-attrs", "named"):
            self.funcs(budget)
        elif s == "giant":
            self.giant_func(pretty=False)
        elif s == "mixed":
            self.giant_func(pretty=True)
        else:
            self.emit('  "hal.executable.variant"() <{sym_name = "cuda"}> ({\n')
            self.emit('    "builtin.module"() <{sym_name = "inner"}> ({\n')
            self.funcs(self.size + (budget - self.size) // 2, indent="    ")
            self.emit("    }) {inner.attr = 1 : i32} : () -> ()%s\n" % self.loc())
            self.emit("  }) : () -> ()%s\n" % self.loc())
            self.emit("  gpu.module @kernels {\n")
            self.funcs(budget, indent="  ")
            self.emit("  }%s\n" % self.loc())
        if s in ("generic-attrs", "giant", "nested"):
            self.emit("}) {%s} : () -> ()%s\n" % (MODULE_ATTRS, self.loc()))
        else:
            self.emit("}%s\n" % self.loc())
        self.emit(self.alias_defs())


def patch_type_str(dump):
    """In `named`, some types are written through their `!tN` alias."""
    plain = gen.type_str

    def type_str(shape, et):
        a = dump.alias_name(shape, et)
        return a if a else plain(shape, et)
    gen.type_str = type_str


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--shape", required=True, choices=SHAPES)
    ap.add_argument("--size", default="1M", help="target size: 1M, 10M, 500K, bytes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--errors", type=int, default=0, help="make N test.broadcastable ops invalid")
    ap.add_argument("--mismatches", type=int, default=0,
                    help="giant, mixed: N uses at the end of @main of values its start defines that only the "
                         "whole function shows wrong (mlir-opt then stops at the first)")
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    d = Dump(args.seed, gen.parse_size(args.size), args.shape)
    d.mismatches = args.mismatches
    patch_type_str(d)
    d.run()
    d.inject_errors(args.errors)
    gen.write_output(args.output, "".join(d.out))


if __name__ == "__main__":
    main()
