#!/usr/bin/python3
"""structured_diff.py: the structured ops of TOSA (issue 23) against mlir-opt-22.

Random tosa.matmul, gather, scatter, conv2d, conv3d, depthwise_conv2d,
transpose_conv2d, avg_pool2d and max_pool2d ops (a generator each, below), in pretty and
generic form, valid and invalid: operands of the right rank (sometimes
not), channels, batches and biases that agree or not, strides that divide
exactly or not, pads out of range, `?` dims, declared results that are
right, wrong (spatial, batch or channel dim, rank), `?` or unranked. All in
ONE file; two comparisons:
  - verdicts: `mlir-opt-22 --split-input-file` rejects the op iff
    `mlir-shape check --format=json` has an error on its line (what only
    the TOSA specification forbids is a spec-violation warning, no error);
  - inference: for each op mlir-opt-22 accepts whose declared result has a
    `?` or is unranked, the type `--tosa-infer-shapes` gives (by function)
    equals the one `mlir-shape shapes --format=json` infers; where the pass
    rejects the refined op (a bias that contradicts the weight's channels),
    mlir-shape must refine nothing.

usage: structured_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--keep=FILE]
                          [--false-errors-only]
Prints the seed, the disagreements, the figures and `N passed, M failed`;
exits 1 on any disagreement (with --false-errors-only: on a false error or
an inference that differs; the errors mlir-shape misses are still counted
in the figures).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import (family_verdicts, infer_by_function, inference_report, result_values,  # noqa: E402
                        write_valid)

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
    return text, 1, res is None or "?" in res, True


def arr(v):
    return "array<i64: %s>" % ", ".join(str(x) for x in v)


def window(rng, nsp, with_dilation):
    """Random input sizes, kernel sizes, strides, dilations and flat pads
    over nsp spatial dims; mostly exactly divisible (TOSA's verifier needs
    it against a ranked result). Returns (ins, ks, strides, dils, pads,
    outs, exact): outs as TOSA computes them (None where not divisible)."""
    ins, ks, st, dl, pads, outs, exact = [], [], [], [], [], [], True
    for _ in range(nsp):
        k = rng.randint(1, 3)
        d = rng.randint(1, 2) if with_dilation and rng.random() < 0.3 else 1
        s = rng.randint(1, 3) if rng.random() < 0.6 else 1
        lo, hi = rng.randint(0, 1), rng.randint(0, 1)
        i = rng.randint((k - 1) * d + 1, (k - 1) * d + 6)
        num = i - 1 + lo + hi - (k - 1) * d
        if rng.random() < 0.85:
            hi += (-num) % s
            num += (-num) % s
        if num % s:
            exact = False
            outs.append(None)
        else:
            outs.append(num // s + 1)
        ins.append(i), ks.append(k), st.append(s), dl.append(d)
        pads += [lo, hi]
    return ins, ks, st, dl, pads, outs, exact


def result_dims(rng, right):
    """The declared result from the right one: right, `?`, unranked, a
    wrong spatial, batch or channel dim, or the wrong rank."""
    r = rng.random()
    if r < 0.2:
        return None
    res = list(right)
    if r < 0.4:
        return [dyn(rng, d) if rng.random() < 0.6 else d for d in res]
    if r < 0.5:
        i = rng.randrange(len(res))
        res[i] = (res[i] if res[i] != "?" else 2) + 1
    elif r < 0.53:
        res = res[:-1]
    return res


def finish(name, generic, opname, args, types, attrs, res):
    tr = ttype(res)
    sig = "(%s) -> %s" % (", ".join(types), tr)
    params = ", ".join("%%%s: %s" % (a, t) for a, t in dict(zip(args, types)).items())
    uses = ", ".join("%" + a for a in args)
    if generic:
        op = '  %%0 = "%s"(%s) {%s} : %s\n' % (opname, uses, attrs, sig)
    else:
        op = "  %%0 = %s %s {%s} : %s\n" % (opname, uses, attrs, sig)
    return ("func.func @%s(%s) -> %s {\n" % (name, params, tr) + op + "  return %%0 : %s\n}\n" % tr)


def maybe_rank(rng, dims):
    r = rng.random()
    return dims[:-1] if r < 0.03 else dims + [1] if r < 0.05 else dims


def conv_op(rng, name, generic, opname, nsp, depthwise=False, transposed=False):
    """One TOSA convolution (conv2d, conv3d, depthwise_conv2d,
    transpose_conv2d) with random sizes, mismatches and declared results."""
    n, ic, oc = rng.randint(1, 3), rng.randint(1, 4), rng.randint(1, 4)
    ins, ks, st, dl, pads, outs, exact = window(rng, nsp, not transposed)
    if transposed:
        pads = [rng.randint(-(ks[i // 2] - 1), 2) for i in range(2 * nsp)]
        if rng.random() < 0.05:
            pads[0] = -ks[0]
        outs = [(ins[i] - 1) * st[i] + pads[2 * i] + pads[2 * i + 1] + ks[i] for i in range(nsp)]
        exact = True
    elif rng.random() < 0.04:
        pads[rng.randrange(len(pads))] = -1
    m = rng.randint(1, 3)
    wic = ic if rng.random() < 0.85 else rng.randint(1, 5)
    x = [dyn(rng, n)] + [dyn(rng, i) for i in ins] + [dyn(rng, ic)]
    if depthwise:
        w = [dyn(rng, k) for k in ks] + [dyn(rng, wic), dyn(rng, m)]
        oc = ic * m
    else:
        w = [dyn(rng, oc)] + [dyn(rng, k) for k in ks] + [dyn(rng, wic)]
    bc = oc if rng.random() < 0.8 else rng.choice([1, oc + 1])
    b = [dyn(rng, bc)]
    x, w, b = maybe_rank(rng, x), maybe_rank(rng, w), maybe_rank(rng, b)
    right = [n] + [o if o is not None else "?" for o in outs] + [oc]
    res = result_dims(rng, right)
    attrs = "acc_type = f32, "
    if transposed:
        attrs += "out_pad = %s, stride = %s" % (arr(pads), arr(st))
    else:
        attrs += "dilation = %s, pad = %s, stride = %s" % (arr(dl), arr(pads), arr(st))
    types = [ttype(x), ttype(w), ttype(b), ZP, ZP]
    text = finish(name, generic, opname, ["x", "w", "b", "z", "z"], types, attrs, res)
    return text, 1, res is None or "?" in res, exact


def pool_op(rng, name, generic, opname):
    n, c = rng.randint(1, 3), rng.randint(1, 4)
    ins, ks, st, _, pads, outs, exact = window(rng, 2, False)
    r = rng.random()
    if r < 0.04:
        pads[rng.randrange(4)] = ks[0] + 1
    elif r < 0.06:
        pads[rng.randrange(4)] = -1
    # TOSA's pooling: (in + pads - kernel) / stride + 1
    outs = [None if (ins[i] + pads[2 * i] + pads[2 * i + 1] - ks[i]) % st[i]
            else (ins[i] + pads[2 * i] + pads[2 * i + 1] - ks[i]) // st[i] + 1 for i in range(2)]
    exact = None not in outs and all(pads[i] < ks[i // 2] for i in range(4))
    x = maybe_rank(rng, [dyn(rng, n)] + [dyn(rng, i) for i in ins] + [dyn(rng, c)])
    right = [n] + [o if o is not None else "?" for o in outs] + [c]
    res = result_dims(rng, right)
    attrs = "kernel = %s, pad = %s, stride = %s" % (arr(ks), arr(pads), arr(st))
    if opname == "tosa.avg_pool2d":
        attrs = "acc_type = f32, " + attrs
        text = finish(name, generic, opname, ["x", "z", "z"], [ttype(x), ZP, ZP], attrs, res)
    else:
        text = finish(name, generic, opname, ["x"], [ttype(x)], attrs, res)
    return text, 1, res is None or "?" in res, exact


def other(rng, d, p=0.15):
    """d, or (with probability p) another size."""
    return d if rng.random() >= p else d + rng.randint(1, 2)


def gather_op(rng, name, generic, scatter):
    """tosa.gather (values [N, K, C], indices [N, W] -> [N, W, C]) or
    tosa.scatter (values_in, indices, input [N, W, C] -> [N, K, C])."""
    n, k, c, w = (rng.randint(1, 4) for _ in range(4))
    v = maybe_rank(rng, [dyn(rng, n), dyn(rng, k), dyn(rng, c)])
    i = maybe_rank(rng, [dyn(rng, other(rng, n)), dyn(rng, w)])
    if scatter:
        x = maybe_rank(rng, [dyn(rng, other(rng, n)), dyn(rng, other(rng, w)), dyn(rng, other(rng, c))])
        res = result_dims(rng, [n, k, c])
        text = finish(name, generic, "tosa.scatter", ["v", "i", "x"],
                      [ttype(v), ttype(i).replace("f32", "i32"), ttype(x)], "", res)
    else:
        res = result_dims(rng, [n, w, c])
        text = finish(name, generic, "tosa.gather", ["v", "i"], [ttype(v), ttype(i).replace("f32", "i32")], "", res)
    return text.replace(" {} :", " :"), 1, res is None or "?" in res, True


FAMILIES = [
    ("tosa.matmul", matmul),
    ("tosa.gather", lambda r, n, g: gather_op(r, n, g, False)),
    ("tosa.scatter", lambda r, n, g: gather_op(r, n, g, True)),
    ("tosa.conv2d", lambda r, n, g: conv_op(r, n, g, "tosa.conv2d", 2)),
    ("tosa.conv3d", lambda r, n, g: conv_op(r, n, g, "tosa.conv3d", 3)),
    ("tosa.depthwise_conv2d", lambda r, n, g: conv_op(r, n, g, "tosa.depthwise_conv2d", 2, depthwise=True)),
    ("tosa.transpose_conv2d", lambda r, n, g: conv_op(r, n, g, "tosa.transpose_conv2d", 2, transposed=True)),
    ("tosa.avg_pool2d", lambda r, n, g: pool_op(r, n, g, "tosa.avg_pool2d")),
    ("tosa.max_pool2d", lambda r, n, g: pool_op(r, n, g, "tosa.max_pool2d")),
]


def infer_shapes(path):
    """Per function name: the type of its first tosa op's result after
    --tosa-infer-shapes (a function the pass rejects is absent)."""
    def pick(line):
        m = re.search(r"tosa\.\w+.*-> (tensor<[^>]*>)$", line)
        return m.group(1) if m else None
    return infer_by_function(path, pick)


def shapes_inferred(binary, path):
    return {v["range"]["start"]["line"] + 1: (v["inferred"], v.get("refined")) for v in result_values(binary, path)}


def main(argv):
    run = family_verdicts(argv, FAMILIES)
    if run is None:
        return 2
    args, chunks, rest, offs, described, path, ref, _, failed, false_errors = run
    # Inference on the ops mlir-opt-22 accepts.
    # (--tosa-infer-shapes fails where the stride does not divide exactly:
    # the verifier accepts such ops only when their result is unranked.)
    valid = [i for i in range(len(ref)) if not ref[i] and rest[i][2]]
    vpath, valid_lines = write_valid(path, chunks, valid, offs)
    ref_types = infer_shapes(vpath)
    ours = shapes_inferred(args["binary"], vpath)
    compared = infer_failed = 0
    for i, oline in valid_lines:
        if not rest[i][1]:
            continue
        compared += 1
        # The pass rejects some programs the verifier accepts (a refined
        # result the verifier then rejects): nothing may be refined there.
        ref_type = ref_types.get("f%d" % i)
        got, refined = ours.get(oline, (None, False))
        if refined if ref_type is None else not refines(got, ref_type):
            infer_failed += 1
            if infer_failed <= 20:
                print("INFER line %d of the valid file: %s: --tosa-infer-shapes %s, mlir-shape %s" % (
                    oline, described[i], ref_type, ours.get(oline)))
    return inference_report(args, ref, failed, false_errors, compared, infer_failed,
                            "refined types equal --tosa-infer-shapes", [vpath, path])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
