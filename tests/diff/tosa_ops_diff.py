#!/usr/bin/python3
"""tosa_ops_diff.py: TOSA's resize, table, fft2d, rfft2d, rescale, cond_if
and while_loop (issue 23) against mlir-opt-22, the sibling of
structured_diff.py; and reshape, tile, slice and pad whose shape operands
are `tosa.const_shape` constants (shapes through the regions of cond_if and
while_loop, every value: tosa_regions_diff.py). cond_if and while_loop come in
both forms, with regions whose arguments carry the inputs' types (region values are compared one by one in
tosa_regions_diff.py); a pretty cond_if branch may lack its label and use
the header's names (mlir-opt-22: "use of undeclared SSA value name", on
that use's line; a labeled branch may use them too, alike) or the
function's arguments instead; a pretty while_loop's cond region may keep
its label (mlir-opt-22: "invalid block name in region with named
arguments", on the label's line). Not generated, because mlir-shape does not judge them yet (misses,
not false errors): negative paddings against a ranked result,
reshape sizes below -1 or of 0. A tile on an unranked input is judged by
its multiples (their count against a ranked result, a 0 or below -1).

Random ops in pretty and generic form, valid and invalid: ranks right or
not, sizes that are powers of two or not, per-channel parameters of the
right length or not, resize scales/offsets/borders (the constant shapes of
`tosa.const_shape`) that divide exactly or not, declared results right,
wrong, `?` or unranked. All in ONE file; two comparisons:
  - verdicts: `mlir-opt-22 --split-input-file` rejects the op iff
    `mlir-shape check --format=json` has an error on its line;
  - inference: for each op mlir-opt-22 accepts with a `?` or unranked
    result, every result type `--tosa-infer-shapes` gives equals the one
    `mlir-shape shapes --format=json` infers, or is a more precise type
    compatible with it (where the pass refines less than it could); where
    the pass leaves a result unrefined, ours must be compatible with it.

usage: tosa_ops_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
                        [--false-errors-only]
Prints the seed, the disagreements, the figures and `N passed, M failed`;
exits 1 on any disagreement (with --false-errors-only: on a false error or
an inference that differs).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import (family_verdicts, infer_by_function, inference_report, result_values,  # noqa: E402
                        write_valid)
from structured_diff import dyn, refines, result_dims  # noqa: E402


def ttype(dims, elem="f32"):
    if dims is None:
        return "tensor<*x%s>" % elem
    return "tensor<" + "".join(str(d) + "x" for d in dims) + elem + ">"


def compatible(ours, ref):
    """Two types that do not contradict (unranked meets anything)."""
    if ours is None or ref is None:
        return ours == ref
    if ours == ref or "*" in ours or "*" in ref:
        return True
    a, b = ours[7:-1].split("x"), ref[7:-1].split("x")
    return len(a) == len(b) and all(x == y or "?" in (x, y) for x, y in zip(a, b))


def op_text(generic, name, uses, attrs, sig, nres=1):
    lhs = "%0" if nres == 1 else ", ".join("%%r%d" % i for i in range(nres))
    if generic:
        a = " {%s}" % attrs if attrs else ""
        return '  %s = "%s"(%s)%s : %s\n' % (lhs, name, ", ".join(uses), a, sig)
    a = " {%s}" % attrs if attrs else ""
    return "  %s = %s %s%s : %s\n" % (lhs, name, ", ".join(uses), a, sig)


def func(name, params, body, results):
    rts = ", ".join(results)
    rets = "%0" if len(results) == 1 else ", ".join("%%r%d" % i for i in range(len(results)))
    return ("func.func @%s(%s) -> (%s) {\n" % (name, ", ".join(params), rts) + body +
            "  return %s : %s\n}\n" % (rets, rts))


def some_rank(rng, dims):
    r = rng.random()
    return dims[:-1] if r < 0.04 else dims + [2] if r < 0.07 else dims


def table(rng, name, generic):
    rank = rng.randint(1, 3)
    x = [rng.randint(1, 5) for _ in range(rank)]
    xt = [dyn(rng, d) for d in x]
    if rng.random() < 0.1:
        xt = None
    res = result_dims(rng, x)
    tsize = 513 if rng.random() < 0.9 else rng.randint(1, 600)
    tab = [tsize] if rng.random() < 0.93 else [2, tsize]
    ta, tt, tr = ttype(xt, "i16"), ttype(tab, "i16"), ttype(res, "i16")
    sig = "(%s, %s) -> %s" % (ta, tt, tr)
    body = op_text(generic, "tosa.table", ["%a", "%t"], "", sig)
    return func(name, ["%%a: %s" % ta, "%%t: %s" % tt], body, [tr]), 1


def pow2_or_not(rng):
    return rng.choice([1, 2, 4, 8]) if rng.random() < 0.8 else rng.choice([3, 5, 6])


def fft2d(rng, name, generic):
    n, h, w = rng.randint(1, 3), pow2_or_not(rng), pow2_or_not(rng)
    re_ = some_rank(rng, [dyn(rng, n), dyn(rng, h), dyn(rng, w)])
    im = [dyn(rng, n if rng.random() < 0.9 else n + 1), dyn(rng, h), dyn(rng, w)]
    if rng.random() < 0.08:
        im = None
    r0 = result_dims(rng, [n, h, w])
    r1 = result_dims(rng, [n, h, w]) if rng.random() < 0.5 else r0
    ta, tb = ttype(re_), ttype(im)
    rts = [ttype(r0), ttype(r1)]
    sig = "(%s, %s) -> (%s)" % (ta, tb, ", ".join(rts))
    attr = "inverse = false" if rng.random() < 0.5 else "inverse = true"
    body = op_text(generic, "tosa.fft2d", ["%a", "%b"], attr, sig, 2)
    return func(name, ["%%a: %s" % ta, "%%b: %s" % tb], body, rts), 1


def rfft2d(rng, name, generic):
    n, h, w = rng.randint(1, 3), pow2_or_not(rng), pow2_or_not(rng)
    x = some_rank(rng, [dyn(rng, n), dyn(rng, h), dyn(rng, w)])
    if rng.random() < 0.05:
        x = None
    right = [n, h, w // 2 + 1]
    r0 = result_dims(rng, right)
    r1 = result_dims(rng, right) if rng.random() < 0.5 else r0
    ta = ttype(x)
    rts = [ttype(r0), ttype(r1)]
    sig = "(%s) -> (%s)" % (ta, ", ".join(rts))
    body = op_text(generic, "tosa.rfft2d", ["%a"], "", sig, 2)
    return func(name, ["%%a: %s" % ta], body, rts), 1


def rescale(rng, name, generic):
    rank = rng.randint(1, 3)
    x = [rng.randint(1, 4) for _ in range(rank)]
    per = rng.random() < 0.5
    c = x[-1] if per else 1
    m = c if rng.random() < 0.8 else rng.randint(1, 4)
    s = c if rng.random() < 0.8 else rng.randint(1, 4)
    xt = [dyn(rng, d) for d in x] if rng.random() < 0.85 else None
    mt, st = [dyn(rng, m)], [dyn(rng, s)]
    if rng.random() < 0.04:
        mt = [1, m]
    res = result_dims(rng, x)
    zp = "tensor<1xi8>" if rng.random() < 0.9 else rng.choice(["tensor<i8>", "tensor<?xi8>", "tensor<*xi8>", "tensor<2xi8>"])
    types = [ttype(xt, "i8"), ttype(mt, "i32"), ttype(st, "i8"), zp, "tensor<1xi32>"]
    tr = ttype(res, "i32")
    attrs = ("input_unsigned = false, output_unsigned = false, per_channel = %s, rounding_mode = %s, "
             "scale32 = true" % ("true" if per else "false",
                                 "#tosa.rounding_mode<SINGLE_ROUND>" if generic else "SINGLE_ROUND"))
    sig = "(%s) -> %s" % (", ".join(types), tr)
    names = ["x", "m", "s", "iz", "oz"]
    body = op_text(generic, "tosa.rescale", ["%" + a for a in names], attrs, sig)
    return func(name, ["%%%s: %s" % (a, t) for a, t in zip(names, types)], body, [tr]), 1


def const_shape(name, values):
    return ("  %%%s = tosa.const_shape {values = dense<[%s]> : tensor<%dxindex>} : () -> !tosa.shape<%d>\n"
            % (name, ", ".join(str(v) for v in values), len(values), len(values)))


def resize(rng, name, generic):
    n, c = rng.randint(1, 2), rng.randint(1, 3)
    ins, scale, off, bor, outs = [], [], [], [], []
    while len(ins) < 2:
        i = rng.randint(1, 6) if rng.random() < 0.85 else 1
        sn, sd = rng.randint(1, 8), rng.randint(1, 6)
        o = rng.randint(-sn + 1, sn - 1) if rng.random() < 0.5 else 0
        b = rng.randint(-sn + 1, sn - 1) if rng.random() < 0.4 else 0
        num = (i - 1) * sn - o + b
        if rng.random() < 0.75 and num % sd:
            b += sd - num % sd  # make it divide exactly
            num = (i - 1) * sn - o + b
        if int(num / sd) + 1 < 1 and rng.random() < 0.9:
            continue  # mostly positive sizes (a declared 0 or negative dim is ODS's error)
        if rng.random() < 0.03:
            sn = 0
        ins.append(i), scale.extend([sn, sd]), off.append(o), bor.append(b)
        out = int(num / sd) + 1 if sd else 0
        outs.append(out if out >= 1 else "?")  # never a written size below 1
    x = some_rank(rng, [dyn(rng, n), dyn(rng, ins[0]), dyn(rng, ins[1]), dyn(rng, c)])
    res = result_dims(rng, [n, outs[0], outs[1], c])
    sc_len = 4 if rng.random() < 0.97 else 3
    body = const_shape("s", scale[:sc_len]) + const_shape("o", off) + const_shape("b", bor)
    ta, tr = ttype(x), ttype(res)
    sig = "(%s, !tosa.shape<%d>, !tosa.shape<2>, !tosa.shape<2>) -> %s" % (ta, sc_len, tr)
    mode = rng.choice(["NEAREST_NEIGHBOR", "BILINEAR"])
    attr = "mode = #tosa.resize_mode<%s>" % mode if generic else "mode = %s" % mode
    body += op_text(generic, "tosa.resize", ["%a", "%s", "%o", "%b"], attr, sig)
    return func(name, ["%%a: %s" % ta], body, [tr]), 4


def shape_of(rng, dims):
    """dims, or (rarely) another shape: one dim off or another rank."""
    r = rng.random()
    if r < 0.07:
        return [d + 1 for d in dims[:1]] + dims[1:] if dims else [2]
    if r < 0.1:
        return dims + [2]
    return dims


def region(args, yields):
    """A block of the given argument types yielding a tosa.cast of each
    argument to the given type."""
    head = "  ^bb0(%s):\n" % ", ".join("%%a%d: %s" % (i, ttype(a)) for i, a in enumerate(args))
    body = "".join("    %%y%d = tosa.cast %%a%d : (%s) -> %s\n" % (i, i, ttype(a), ttype(y))
                   for i, (a, y) in enumerate(zip(args, yields)))
    return head + body + '    "tosa.yield"(%s) : (%s) -> ()\n' % (
        ", ".join("%%y%d" % i for i in range(len(yields))), ", ".join(ttype(y) for y in yields))


def cond_if(rng, name, generic):
    """tosa.cond_if in generic or pretty form (`tosa.cond_if %c (%h0 = %x0)
    : C (X0) -> R { ... } else { ... }`): then and else take the inputs and yield casts of them, shapes that agree or
    not; declared results right, `?`, unranked or wrong."""
    n = rng.randint(1, 2)
    xs = [[rng.randint(1, 4) for _ in range(rng.randint(1, 2))] for _ in range(n)]
    cond = rng.choice([[], [], [], [1], [2]])
    then_args = [shape_of(rng, x) for x in xs]
    else_args = [shape_of(rng, x) for x in xs]
    pick = rng.randrange(n)  # both branches yield input `pick`, or then yields another input
    ty = [then_args[pick]]
    ey = [else_args[pick] if rng.random() < 0.7 else else_args[rng.randrange(n)]]
    res = result_dims(rng, xs[pick]) if rng.random() < 0.8 else ey[0]
    args = [ttype(cond, "i1")] + [ttype(x) for x in xs]
    sig = "(%s) -> %s" % (", ".join(args), ttype(res))
    # cast a0.. to the yield: only the picked argument is yielded
    # (pretty form: a branch may have no label and use the header's %h or
    # the function's %x instead, which mlir-opt-22 rejects: "use of
    # undeclared SSA value name", or no arguments for the inputs)
    # A branch that uses %h may keep its label (mlir-opt-22 rejects that
    # use alike): chosen from the shapes, so that the seeds' streams stay.
    labeled_h = sum(map(sum, xs)) % 2 == 0

    def branch(bargs, yields, which, prefix="a"):
        head = "  ^bb0(%s):\n" % ", ".join("%%a%d: %s" % (i, ttype(a)) for i, a in enumerate(bargs))
        if prefix == "h" and labeled_h:
            bargs = xs
        elif prefix != "a":
            head, bargs = "", xs
        return head + "    %%y = tosa.cast %%%s%d : (%s) -> %s\n" % (prefix, which, ttype(bargs[which]), ttype(yields[0])) + \
            '    "tosa.yield"(%%y) : (%s) -> ()\n' % ttype(yields[0])
    ewhich = pick if ey[0] == else_args[pick] else next(i for i in range(n) if else_args[i] == ey[0])
    if generic:
        body = ('  %%0 = "tosa.cond_if"(%%c, %s) ({\n' % ", ".join("%%x%d" % i for i in range(n)) +
                branch(then_args, ty, pick) + "  }, {\n" + branch(else_args, ey, ewhich) + "  }) : %s\n" % sig)
    else:
        # mlir-opt-22's pretty form: the header names the inputs (each
        # region declares its own arguments)
        hdr = ", ".join("%%h%d = %%x%d" % (i, i) for i in range(n))
        prefixes = [rng.choice("hx") if rng.random() < 0.15 else "a" for _ in range(2)]
        body = ("  %%0 = tosa.cond_if %%c (%s) : %s (%s) -> %s {\n" % (hdr, args[0], ", ".join(args[1:]), ttype(res)) +
                branch(then_args, ty, pick, prefixes[0]) + "  } else {\n" +
                branch(else_args, ey, ewhich, prefixes[1]) + "  }\n")
        # mlir-opt-22's parser stops at the first use of a header name: the
        # case's line is that cast's
        heads = [p == "a" or (p == "h" and labeled_h) for p in prefixes]
        casts = [2 + heads[0], 2 + heads[0] + 2 + 1 + heads[1]]
        if "h" in prefixes:
            params = ["%%c: %s" % args[0]] + ["%%x%d: %s" % (i, ttype(x)) for i, x in enumerate(xs)]
            return func(name, params, body, [ttype(res)]), casts[prefixes.index("h")]
    params = ["%%c: %s" % args[0]] + ["%%x%d: %s" % (i, ttype(x)) for i, x in enumerate(xs)]
    return func(name, params, body, [ttype(res)]), 1


def while_loop(rng, name, generic):
    """tosa.while_loop in generic or pretty form (`tosa.while_loop (%h0 =
    %x0) : (X0) -> R { ... } do { ... }`, the cond region's arguments the
    header's): cond and body take the loop values,
    cond yields a one-element i1, body yields casts of its arguments."""
    n = rng.randint(1, 2)
    xs = [[rng.randint(1, 4) for _ in range(rng.randint(1, 2))] for _ in range(n)]
    cargs = [shape_of(rng, x) for x in xs]
    bargs = [shape_of(rng, x) for x in xs]
    byields = [shape_of(rng, b) for b in bargs]
    ctype = ttype(rng.choice([[], [], [], [1], [2]]), "i1")
    res = [result_dims(rng, x) for x in xs]
    sig = "(%s) -> (%s)" % (", ".join(ttype(x) for x in xs), ", ".join(ttype(r) for r in res))
    lhs = "%0" if n == 1 else "%r0, %r1"
    lhs = "%0" if n == 1 else "%0:2"
    cond = ("  ^bb0(%s):\n" % ", ".join("%%a%d: %s" % (i, ttype(a)) for i, a in enumerate(cargs)) +
            '    %%g = "tosa.const"() {values = dense<true> : %s} : () -> %s\n' % (ctype, ctype) +
            '    "tosa.yield"(%%g) : (%s) -> ()\n' % ctype)
    if generic:
        body = ('  %s = "tosa.while_loop"(%s) ({\n' % (lhs, ", ".join("%%x%d" % i for i in range(n))) + cond +
                "  }, {\n" + region(bargs, byields) + "  }) : %s\n" % sig)
    else:
        # mlir-opt-22's pretty form: the header's names are the cond
        # region's arguments, of the inputs' types; the body declares its own
        # (the cond region may keep its label, chosen from the shapes so that
        # the seeds' streams stay: mlir-opt-22 rejects it at the label,
        # "invalid block name in region with named arguments")
        hdr = ", ".join("%%h%d = %%x%d" % (i, i) for i in range(n))
        labeled = sum(map(sum, xs)) % 7 == 0
        body = ("  %s = tosa.while_loop (%s) : %s {\n" % (lhs, hdr, sig) +
                (cond if labeled else "\n".join(cond.split("\n")[1:])) + "  } do {\n" + region(bargs, byields) + "  }\n")
    rts = [ttype(r) for r in res]
    rets = "%0" if n == 1 else "%0#0, %0#1"
    text = ("func.func @%s(%s) -> (%s) {\n" % (name, ", ".join("%%x%d: %s" % (i, ttype(x)) for i, x in enumerate(xs)),
                                               ", ".join(rts)) + body +
            "  return %s : %s\n}\n" % (rets, ", ".join(rts)))
    return text, 2 if not generic and labeled else 1


def perturb(rng, values, p=0.15):
    """values, sometimes with one entry off by one or one entry more/less."""
    v = list(values)
    r = rng.random()
    if r < p and v:
        i = rng.randrange(len(v))
        v[i] = v[i] - 1 if v[i] > 1 else 2 if v[i] == -1 else v[i] + 1  # no new negative or 0 sizes
    elif r < p + 0.04:
        v = v[:-1] if v and rng.random() < 0.5 else v + [1]
    return v


def shape_op(rng, name, generic):
    """reshape, tile, slice or pad whose shape operands are tosa.const_shape
    constants (LLVM 22's spelling), valid and not."""
    kind = rng.choice(["reshape", "tile", "slice", "pad"])
    x = [rng.randint(1, 4) for _ in range(rng.randint(1, 3))]
    xt = [dyn(rng, d) for d in x] if rng.random() < 0.9 else None
    consts, uses, types = "", ["%x"], [ttype(xt)]
    if kind == "reshape":
        n = 1
        for d in x:
            n *= d
        shape = [n] if rng.random() < 0.3 else [d for d in x[::-1]]
        if rng.random() < 0.2:
            shape[rng.randrange(len(shape))] = -1
        right = [d if d != -1 else "?" for d in shape]
        if -1 in shape:
            right = [d if d != -1 else n // max(1, eval("*".join(str(e) for e in shape if e != -1) or "1"))
                     for d in shape]
        shape = perturb(rng, shape)
        lists = [shape]
    elif kind == "tile":
        mult = [rng.randint(1, 3) for _ in x]
        right = [a * b for a, b in zip(x, mult)]
        lists = [perturb(rng, mult)]
    elif kind == "slice":
        start = [rng.randint(0, d - 1) for d in x]
        size = [rng.randint(1, d - s) for d, s in zip(x, start)]
        right = list(size)
        lists = [perturb(rng, start, 0.1), perturb(rng, size, 0.1)]
    else:
        pads = [rng.randint(0, 2) for _ in range(2 * len(x))]
        right = [d + pads[2 * i] + pads[2 * i + 1] for i, d in enumerate(x)]
        lists = [perturb(rng, pads, 0.1)]
    params = ["%%x: %s" % ttype(xt)]
    for k, v in enumerate(lists):
        if rng.random() < 0.06:  # a function argument: never compile time resolvable
            params.append("%%s%d: !tosa.shape<%d>" % (k, len(v)))
        else:
            consts += const_shape("s%d" % k, v)
        uses.append("%%s%d" % k)
        types.append("!tosa.shape<%d>" % len(v))
    if kind == "pad":
        uses.append("%v")
        types.append("tensor<1xf32>")
        params.append("%v: tensor<1xf32>")
    res = result_dims(rng, right)
    if kind == "pad" and len(lists[0]) != 2 * len(x) and res is None:
        res = right  # mlir-opt-22 may crash on a padding of another length with an unranked result
    tr = ttype(res)
    sig = "(%s) -> %s" % (", ".join(types), tr)
    body = consts + op_text(generic, "tosa." + kind, uses, "", sig)
    return func(name, params, body, [tr]), consts.count("\n") + 1


FAMILIES = [("tosa.table", table), ("tosa.fft2d", fft2d), ("tosa.rfft2d", rfft2d),
            ("tosa.rescale", rescale), ("tosa.resize", resize), ("tosa.cond_if", cond_if),
            ("tosa.while_loop", while_loop), ("tosa.shape operands", shape_op)]


def result_types(text):
    """The result types at the end of an op line: `-> T` or `-> (T, U)`."""
    tail = text.rsplit("->", 1)[-1].strip()
    if tail.startswith("("):
        tail = tail[1:-1]
    return re.findall(r"tensor<[^>]*>", tail)


def infer_shapes(path, opnames):
    """Per function: the result types of its op after --tosa-infer-shapes
    (a function the pass rejects is absent)."""
    return infer_by_function(
        path, lambda line: result_types(line) if any(op in line for op in opnames) and "->" in line else None)


def shapes_inferred(binary, path):
    """Per line (1-based): the inferred types of the results defined there,
    in order."""
    out = {}
    for v in result_values(binary, path):
        start = v["range"]["start"]
        out.setdefault(start["line"] + 1, []).append((start["character"], v.get("index", 0), v["inferred"]))
    # `%0:2`'s results share a start: in result order
    return {k: [t for _, _, t in sorted(v, key=lambda x: x[:2])] for k, v in out.items()}


def main(argv):
    run = family_verdicts(argv, FAMILIES)
    if run is None:
        return 2
    args, chunks, rest, offs, described, path, ref, got, failed, false_errors = run
    # Inference on the ops mlir-opt-22 accepts whose results have a `?` or `*`.
    valid = [i for i in range(len(ref)) if not ref[i]]
    vpath, valid_lines = write_valid(path, chunks, valid, offs)
    ref_types = infer_shapes(vpath, [fam for fam, _ in FAMILIES])
    ours = shapes_inferred(args["binary"], vpath)
    compared = infer_failed = 0
    for i, oline in valid_lines:
        declared = result_types(chunks[i].splitlines()[offs[i]])
        if not any("?" in t or "*" in t for t in declared):
            continue
        compared += 1
        want = ref_types.get("f%d" % i)
        mine = ours.get(oline, [])
        if want is None:  # the pass rejects what it refines: ours must stay compatible
            ok = len(mine) == len(declared) and all(compatible(a, b) for a, b in zip(mine, declared))
        else:
            ok = len(mine) == len(want) and all(
                refines(a, b) if b != d else compatible(a, b) for a, b, d in zip(mine, want, declared))
        if not ok:
            infer_failed += 1
            if infer_failed <= 20:
                print("INFER line %d of the valid file: %s: --tosa-infer-shapes %s, mlir-shape %s (declared %s)" % (
                    oline, described[i], want, mine, declared))
    for fam, _ in FAMILIES:
        idx = [i for i in range(len(ref)) if described[i].startswith(fam + " ")]
        print("  %-16s %d/%d agree, %d rejected by mlir-opt-22" % (
            fam, sum(ref[i] == got[i] for i in idx), len(idx), sum(ref[i] for i in idx)))
    return inference_report(args, ref, failed, false_errors, compared, infer_failed,
                            "results with `?` or `*` equal --tosa-infer-shapes", [vpath, path])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
