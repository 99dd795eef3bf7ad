#!/usr/bin/python3
"""tosa_regions_diff.py: shapes through tosa.cond_if and tosa.while_loop
(issue 23), every value against `mlir-opt-22 --tosa-infer-shapes`.

Random TOSA functions whose arguments are static and whose other values are
declared `tensor<*xf32>` or `?` of the right rank: elementwise ops (abs,
negate, add, cast), concat (which doubles a dim, so that a loop's values
change from one iteration to the next), `tosa.cond_if` and `tosa.while_loop`
nested up to three deep, with ops inside their regions, in generic and
pretty form. Every function is valid as written. Two comparisons:
  - verdicts: mlir-opt-22 (without the pass) accepts every function, and
    `mlir-shape check --format=json` must give no error in it; a function
    the pass rejects (its refined types break a verifier) must get an
    error from mlir-shape (a propagated mismatch) and one it accepts none;
  - types: in each function the pass accepts, every block argument and op
    result (region values included) gets exactly the type the pass gives
    (`--mlir-print-debuginfo` ties each to its line and column), from
    `mlir-shape shapes --format=json`.

With --printed, the same functions are also compared as mlir-opt-22
prints them, with and without --mlir-print-op-generic (its own pretty
`tosa.cond_if %c (%a = %x) : tensor<i1> (A) -> R {...} else {...}` and
`tosa.while_loop (%a = %x) : (A) -> R {...} do {...}`), each printed file
judged on its own; the figures are per form.

usage: tosa_regions_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
                            [--generic-only] [--printed]
Prints the seed, the disagreements, the figures and `N passed, M failed`;
exits 1 on any disagreement.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import infer_shapes_output, seeded_args  # noqa: E402


def ttype(dims):
    if dims is None:
        return "tensor<*xf32>"
    return "tensor<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + "f32>"


class Gen:
    """One function: values are (name, rank); declared types are `*` or
    all `?` of the value's rank (function arguments are static)."""

    def __init__(self, rng, generic):
        self.rng, self.generic, self.n, self.lines = rng, generic, 0, []

    def fresh(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def decl(self, rank):
        return ttype(None) if rank is None or self.rng.random() < 0.5 else ttype([None] * rank)

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def op(self, depth, vals):
        """One elementwise op or concat on the values in scope."""
        rng = self.rng
        name, rank, ty = rng.choice(vals)
        kind = rng.choice(["abs", "negate", "add", "cast", "concat"])
        if kind == "concat" and rank in (None, 0):
            kind = "abs"
        out = self.fresh()
        rt = self.decl(rank)
        if kind == "add":
            same = [v for v in vals if v[1] == rank and rank is not None] or [(name, rank, ty)]
            other = rng.choice(same)
            ops, tys = [name, other[0]], [ty, other[2]]
        else:
            ops, tys = [name], [ty]
        if kind == "concat":
            ops, tys = [name, name], [ty, ty]
        attr = " {axis = 0 : i32}" if kind == "concat" else ""
        if kind == "negate":
            z = self.fresh("z")
            self.emit(depth, '%s = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>' % z)
            ops, tys = [name, z, z], [ty, "tensor<1xf32>", "tensor<1xf32>"]
        if self.generic:
            self.emit(depth, '%s = "tosa.%s"(%s)%s : (%s) -> %s' % (out, kind, ", ".join(ops), attr, ", ".join(tys), rt))
        else:
            self.emit(depth, '%s = tosa.%s %s%s : (%s) -> %s' % (out, kind, ", ".join(ops), attr, ", ".join(tys), rt))
        return (out, rank, rt)

    def block(self, depth, vals, nyield, levels):
        """Statements; returns the values to yield (nyield of them) and the
        values in scope at the block's end."""
        rng = self.rng
        vals = list(vals)
        for _ in range(rng.randint(1, 3)):
            r = rng.random()
            if levels > 0 and r < 0.25:
                vals += self.cond_if(depth, vals, levels - 1)
            elif levels > 0 and r < 0.45:
                vals += self.while_loop(depth, vals, levels - 1)
            else:
                vals.append(self.op(depth, vals))
        return [rng.choice(vals[-3:]) for _ in range(nyield)], vals

    def yield_(self, depth, ys):
        if self.generic or self.rng.random() < 0.5:
            self.emit(depth, '"tosa.yield"(%s) : (%s) -> ()' % (", ".join(y[0] for y in ys), ", ".join(y[2] for y in ys)))
        else:
            self.emit(depth, "tosa.yield %s : %s" % (", ".join(y[0] for y in ys), ", ".join(y[2] for y in ys)))

    def region_args(self, inputs, names=None):
        args = []
        for i, (_, rank, _) in enumerate(inputs):
            args.append(((names[i] if names else self.fresh("a")), rank, self.decl(rank)))
        return args

    def cond_if(self, depth, vals, levels):
        rng = self.rng
        inputs = [rng.choice(vals) for _ in range(rng.randint(1, 2))]
        nres = rng.randint(1, 2)
        # each branch: its arguments, its body, its yields
        branches = []
        saved = self.lines
        for _ in range(2):
            self.lines = []
            args = self.region_args(inputs)
            ys, _ = self.block(depth + 2, args + [v for v in vals if rng.random() < 0.3], nres, levels)
            self.yield_(depth + 2, ys)
            branches.append((args, self.lines, ys))
        self.lines = saved
        ranks = [branches[0][2][k][1] if branches[0][2][k][1] == branches[1][2][k][1] else None for k in range(nres)]
        rts = [self.decl(r) for r in ranks]
        res = [self.fresh("r") for _ in range(nres)]
        lhs = res[0] if nres == 1 else "%s:%d" % (res[0], nres)
        names = [res[0]] if nres == 1 else ["%s#%d" % (res[0], k) for k in range(nres)]
        c = self.fresh("c")
        self.emit(depth, '%s = "tosa.const"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>' % c)
        ins = ", ".join(v[0] for v in inputs)
        in_tys = ", ".join(v[2] for v in inputs)
        if self.generic:
            self.emit(depth, '%s = "tosa.cond_if"(%s, %s) ({' % (lhs, c, ins))
        else:
            hdr = ", ".join("%s = %s" % (a[0], v[0]) for a, v in zip(branches[0][0], inputs))
            self.emit(depth, "%s = tosa.cond_if %s (%s) : tensor<i1> (%s) -> (%s) {" % (
                lhs, c, hdr, in_tys, ", ".join(rts)))
        for k, (args, lines, _) in enumerate(branches):
            self.emit(depth + 1, "^bb0(%s):" % ", ".join("%s: %s" % (a[0], a[2]) for a in args))
            self.lines += lines
            if k == 0:
                self.emit(depth, "}, {" if self.generic else "} else {")
        if self.generic:
            self.emit(depth, "}) : (tensor<i1>, %s) -> (%s)" % (in_tys, ", ".join(rts)))
        else:
            self.emit(depth, "}")
        return [(names[k], ranks[k], rts[k]) for k in range(nres)]

    def while_loop(self, depth, vals, levels):
        rng = self.rng
        inputs = [rng.choice(vals) for _ in range(rng.randint(1, 2))]
        n = len(inputs)
        saved = self.lines
        # cond: a constant true of one element
        self.lines = []
        cargs = self.region_args(inputs)
        g = self.fresh("g")
        self.emit(depth + 2, '%s = "tosa.const"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>' % g)
        self.yield_(depth + 2, [(g, 0, "tensor<i1>")])
        cond_lines = self.lines
        # body: yields values of the inputs' ranks (rank-preserving ops)
        self.lines = []
        bargs = self.region_args(inputs, [a[0] for a in cargs] if not self.generic else None)
        body_vals = bargs + [v for v in vals if rng.random() < 0.3]
        _, scope = self.block(depth + 2, body_vals, 0, levels)
        ys = []
        for a in bargs:
            # one of the latest values of the argument's rank, or the argument
            same = [v for v in scope[len(body_vals):] if v[1] == a[1] and a[1] is not None]
            ys.append(rng.choice(same[-2:] or [a]))
        self.yield_(depth + 2, ys)
        body_lines = self.lines
        self.lines = saved
        rts = [self.decl(v[1]) for v in inputs]
        res = self.fresh("w")
        lhs = res if n == 1 else "%s:%d" % (res, n)
        names = [res] if n == 1 else ["%s#%d" % (res, k) for k in range(n)]
        ins = ", ".join(v[0] for v in inputs)
        in_tys = ", ".join(v[2] for v in inputs)
        if self.generic:
            self.emit(depth, '%s = "tosa.while_loop"(%s) ({' % (lhs, ins))
            self.emit(depth + 1, "^bb0(%s):" % ", ".join("%s: %s" % (a[0], a[2]) for a in cargs))
            self.lines += cond_lines
            self.emit(depth, "}, {")
            self.emit(depth + 1, "^bb0(%s):" % ", ".join("%s: %s" % (a[0], a[2]) for a in bargs))
            self.lines += body_lines
            self.emit(depth, "}) : (%s) -> (%s)" % (in_tys, ", ".join(rts)))
        else:
            hdr = ", ".join("%s = %s" % (a[0], v[0]) for a, v in zip(cargs, inputs))
            # the condition's arguments are the header's, of the inputs' types
            self.emit(depth, "%s = tosa.while_loop (%s) : (%s) -> (%s) {" % (lhs, hdr, in_tys, ", ".join(rts)))
            self.lines += cond_lines
            self.emit(depth, "} do {")
            self.emit(depth + 1, "^bb0(%s):" % ", ".join("%s: %s" % (a[0], a[2]) for a in bargs))
            self.lines += body_lines
            self.emit(depth, "}")
        return [(names[k], inputs[k][1], rts[k]) for k in range(n)]


def function(rng, name, generic):
    g = Gen(rng, generic)
    params = []
    vals = []
    for i in range(rng.randint(1, 2)):
        dims = [rng.randint(1, 3) for _ in range(rng.randint(1, 2))]
        params.append("%%x%d: %s" % (i, ttype(dims)))
        vals.append(("%%x%d" % i, len(dims), ttype(dims)))
    ys, _ = g.block(1, vals, 1, 3)
    g.emit(1, "return %s : %s" % (ys[0][0], ys[0][2]))
    return "func.func @%s(%s) -> %s {\n%s\n}\n" % (name, ", ".join(params), ys[0][2], "\n".join(g.lines))


def reference_types(path):
    """Per function: {(line, col): [types]} of every op result and block
    argument after --tosa-infer-shapes (ops by their name's place, block
    arguments by theirs); a function the pass rejects is absent."""
    funcs, status = infer_shapes_output(path, ["--mlir-print-debuginfo", "--mlir-print-op-generic",
                                               "--mlir-print-local-scope"])
    out = {}
    for name, lines in funcs:
        out[name] = types = {}
        for line in lines:
            for am in re.finditer(r'%arg\d+: (tensor<[^>]*>) loc\("[^"]*":(\d+):(\d+)\)', line):
                types[(int(am.group(2)), int(am.group(3)))] = [am.group(1)]
            m = re.match(r'\s*%[\w:#]+ = "([\w.]+)"', line)
            if not m or m.group(1) == "tensor.cast":
                continue
            lm = re.search(r'loc\("[^"]*":(\d+):(\d+)\)\s*$', line)
            if lm:
                tail = line[:lm.start()].rsplit("->", 1)[-1]
                types[(int(lm.group(1)), int(lm.group(2)))] = re.findall(r"tensor<[^>]*>", tail)
    return out, status


def ours(binary, path):
    proc = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit("mlir-shape shapes failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]))
    got = {}
    for f in json.loads(proc.stdout)["files"]:
        for v in f["values"]:
            if v["kind"] == "result":
                at = v["op"]["range"]["start"]
            elif v["kind"] == "argument":
                at = v["range"]["start"]
            else:
                continue
            got.setdefault((at["line"] + 1, at["character"] + 1), []).append(
                (v["range"]["start"]["character"], v.get("index", 0), v["inferred"]))
    return {k: [t for _, _, t in sorted(v, key=lambda x: (x[0], x[1]))] for k, v in got.items()}


def error_lines(binary, path):
    proc = subprocess.run([binary, "check", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit("mlir-shape check failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]))
    doc = json.loads(proc.stdout)
    return [(d["range"]["start"]["line"] + 1, d.get("code"), d.get("message", "")) for d in doc.get("diagnostics", [])
            if d.get("severity") == "error"]


def printed_functions(text):
    """(name, first line, last line) of each function of a file mlir-opt-22
    printed with --split-input-file: a function runs to the next `// -----`."""
    funcs, start, name = [], None, None
    lines = text.split("\n")
    for n, line in enumerate(lines, 1):
        m = re.search(r'func\.func @(\w+)\(|sym_name = "(\w+)"', line)
        if m and name is None:
            name, start = m.group(1) or m.group(2), n
        if line.startswith("// -----") and name is not None:
            funcs.append((name, start, n - 1))
            name = None
    if name is not None:
        funcs.append((name, start, len(lines)))
    return funcs


def evaluate(binary, path, funcs, tally, verbose=10):
    """Compares mlir-shape with mlir-opt-22 on the functions funcs lists,
    (name, first line, last line, form), of the file at path; adds to tally
    {form: [verdicts ok, functions, types ok, values, false errors,
    the pass rejects, invalid]}. Returns the number of disagreements."""
    plain = subprocess.run(["mlir-opt-22", "--split-input-file", path], capture_output=True, text=True)
    rejected_plain = set(int(m.group(1)) for m in re.finditer(r":(\d+):\d+: error", plain.stderr))
    ref, _ = reference_types(path)
    got = ours(binary, path)
    errs = error_lines(binary, path)
    failed, shown = 0, {}
    for name, lo, hi, form in funcs:
        pf = tally.setdefault(form, [0] * 7)
        if any(lo <= ln <= hi for ln in rejected_plain):
            pf[6] += 1  # the generator wrote an invalid function: not counted
            continue
        mine = [e for e in errs if lo <= e[0] <= hi]
        want_error = name not in ref
        pf[1] += 1
        pf[5] += want_error
        if bool(mine) == want_error:
            pf[0] += 1
        else:
            failed += 1
            pf[4] += bool(mine)
            shown[form] = shown.get(form, 0) + 1
            if shown[form] <= verbose or mine:
                print("VERDICT %s (%s, lines %d-%d): --tosa-infer-shapes %s, mlir-shape %s" % (
                    name, form, lo, hi, "rejects" if want_error else "accepts", mine[:2] or "accepts"))
        if want_error:
            continue
        for at, types in sorted(ref[name].items()):
            pf[3] += 1
            if got.get(at) == types:
                pf[2] += 1
                continue
            failed += 1
            shown[form] = shown.get(form, 0) + 1
            if shown[form] <= verbose:
                print("TYPE %s (%s) at %d:%d: --tosa-infer-shapes %s, mlir-shape %s" % (
                    name, form, at[0], at[1], types, got.get(at)))
    return failed


def main(argv):
    args, rng = seeded_args(argv, ("generic_only", "printed"))
    if args is None:
        return 2
    chunks, funcs = [], []
    line = 1
    while len(chunks) < args["cases"]:
        generic = rng.random() < 0.5 or args["generic_only"]
        text = function(rng, "f%d" % len(chunks), generic)
        n = text.count("\n")
        funcs.append(("f%d" % len(chunks), line, line + n - 1, "generic" if generic else "pretty"))
        chunks.append(text)
        line += n + 1
    path = args["keep"] or tempfile.mkstemp(suffix=".mlir")[1]
    with open(path, "w") as f:
        f.write("// -----\n".join(chunks))
    tally = {}
    failed = evaluate(args["binary"], path, funcs, tally)
    if args["printed"]:
        # The same functions as mlir-opt-22 prints them, in its generic and
        # its pretty form (`tosa.cond_if %c (%a = %x) : tensor<i1> (A) -> R
        # {...} else {...}`, `tosa.while_loop (%a = %x) : (A) -> R {...} do
        # {...}`); what it rejects is not printed.
        for form, flags in (("printed-generic", ["--mlir-print-op-generic"]), ("printed-pretty", [])):
            proc = subprocess.run(["mlir-opt-22", "--split-input-file", path] + flags, capture_output=True, text=True)
            out = path + "." + form + ".mlir"
            with open(out, "w") as f:
                f.write(proc.stdout)
            printed = [(name, lo, hi, form) for name, lo, hi in printed_functions(proc.stdout)]
            failed += evaluate(args["binary"], out, printed, tally)
            if not args["keep"]:
                os.unlink(out)
    if not args["keep"]:
        os.unlink(path)
    ok = sum(pf[0] for pf in tally.values())
    total = sum(pf[1] for pf in tally.values())
    invalid = sum(pf[6] for pf in tally.values())
    print("verdicts: %d of %d functions agree (%d the pass rejects)%s" % (
        ok, total, sum(pf[5] for pf in tally.values()),
        "; %d invalid as generated, not counted" % invalid if invalid else ""))
    for form, pf in sorted(tally.items()):
        print("  %-15s verdicts %d/%d (false errors: %d), types %d/%d" % (form, pf[0], pf[1], pf[4], pf[2], pf[3]))
    types_ok, compared = sum(pf[2] for pf in tally.values()), sum(pf[3] for pf in tally.values())
    print("types: %d of %d values (block arguments and op results) equal --tosa-infer-shapes" % (types_ok, compared))
    print("%d passed, %d failed" % (ok + types_ok, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
