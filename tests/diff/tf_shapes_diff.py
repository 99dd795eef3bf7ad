#!/usr/bin/python3
"""tf_shapes_diff.py: the shapes that rules/tf.json and rules/mlir.json infer
for TensorFlow's refine-only ops (their verifiers do not compare the
declared result) against those ops' shape functions as TensorFlow documents
them. TensorFlow is not installable here, so the reference is the op's
semantics run in NumPy on zero arrays (tf.MatMul, BatchMatMulV2, Pad,
MirrorPad, Tile, Reshape, Transpose, ConcatV2, Slice, StridedSlice with
begin/end/shrink-axis masks, Split, SplitV, GatherV2, Pack, All/Any; and
TFLite's transpose, reshape, tile, slice, pad, concatenation, pack, mean,
split, strided_slice, unpack, split_v, padv2, resize_bilinear,
resize_nearest_neighbor, broadcast_to; a
result's shape is what TensorFlow computes, e.g. np.tile for Tile) and, for
the windowed ops (Conv2D, DepthwiseConv2dNative, MaxPool, AvgPool, NHWC
and NCHW), TensorFlow's GetWindowedOutputSize formulas (VALID: ceil((in -
(k - 1) * d) / s); SAME: ceil(in / s)).

TFLite's conv_2d, depthwise_conv_2d, max_pool_2d, average_pool_2d,
fully_connected, batch_matmul and gather are graded by the same documented
formulas (below, at g_tfl_conv). Their results are declared unranked, with
`?` dims or exactly; a valid case's results must get exactly the
reference's type from `shapes --format=json` and no error from `check`.
Some TFLite cases are bad (what TFLite's verifiers reject: conv_2d's ranks,
a negative window size or a contradicted result; fully_connected's weight
rank and element counts; batch_matmul's batch dims, rows, columns, rank;
transpose_conv's result against its output_shape; and, for tfl.reshape and
tf.Reshape, what ReshapeOp::verify rejects, at g_reshape_checked; and
what the verifiers of tf.ConcatV2, tf.Slice, tf.Tile and tf.Transpose
reject, at g_concat, g_slice, g_tile and g_transpose):
`check` must report an error inside them.

usage: tf_shapes_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--verbose]
Prints the seed, the disagreements, `values inferred exactly: X of Y`,
`rejected cases found: X of Y` and `N passed, M failed`; exits 1 on any failure.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from difflib_ms import seeded_args  # noqa: E402


def ttype(shape, elem="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % d for d in shape), elem)


def dims(r, rank, lo=1, hi=6):
    return [r.randint(lo, hi) for _ in range(rank)]


class Case:
    def __init__(self):
        self.args, self.lines, self.want = [], [], []   # want: [(value name, type)]
        self.n = 0
        self.bad = False     # the reference rejects the case: check must report an error in it
        self.declared = None  # the result types to declare (None: unranked)

    def arg(self, shape, elem="f32"):
        name = "%%a%d" % len(self.args)
        self.args.append("%s: %s" % (name, ttype(shape, elem)))
        return name, ttype(shape, elem)

    def const(self, values, elem="i32"):
        arr = np.array(values)
        name = "%%c%d" % self.n
        self.n += 1
        t = ttype(list(arr.shape), elem)
        self.lines.append('  %s = "tf.Const"() {value = dense<%s> : %s} : () -> %s' % (
            name, json.dumps(arr.tolist()), t, t))
        return name, t

    def op(self, name, operands, attrs, results, elem="f32"):
        """results: the reference shapes; each declared unranked."""
        res = "%%r%d" % self.n
        self.n += 1
        ops = ", ".join(o for o, _ in operands)
        types = ", ".join(t for _, t in operands)
        rt = self.declared or ["tensor<*x%s>" % elem] * len(results)
        self.declared = None
        a = " {%s}" % ", ".join("%s = %s" % kv for kv in attrs) if attrs else ""
        lhs = res if len(results) == 1 else "%s:%d" % (res, len(results))
        self.lines.append('  %s = "%s"(%s)%s : (%s) -> %s' % (
            lhs, name, ops, a, types, rt[0] if len(rt) == 1 else "(" + ", ".join(rt) + ")"))
        for i, s in enumerate(results):   # a bad case's results are named, not compared
            self.want.append(((res if len(results) == 1 else "%s#%d" % (res, i)), None if self.bad else
                              ttype(list(s), elem)))
        self.label = name
        return res


def b(v):
    return "true" if v else "false"


def ints(v):
    return "[%s]" % ", ".join("%d : i64" % x for x in v)


def g_matmul(r, c):
    m, k, n = dims(r, 3)
    ta, tb = r.random() < 0.5, r.random() < 0.5
    x = c.arg([k, m] if ta else [m, k])
    y = c.arg([n, k] if tb else [k, n])
    c.op("tf.MatMul", [x, y], [("transpose_a", b(ta)), ("transpose_b", b(tb))], [(m, n)])


def g_batch_matmul(r, c):
    m, k, n = dims(r, 3)
    batch = dims(r, r.randint(0, 3), 1, 3)
    other = [d if r.random() < 0.6 else 1 for d in batch][r.randint(0, len(batch)):]
    if r.random() < 0.5:
        batch, other = other, batch
    ax, ay = r.random() < 0.5, r.random() < 0.5
    x = c.arg(batch + ([k, m] if ax else [m, k]))
    y = c.arg(other + ([n, k] if ay else [k, n]))
    out = np.broadcast_shapes(tuple(batch), tuple(other)) + (m, n)
    c.op("tf.BatchMatMulV2", [x, y], [("adj_x", b(ax)), ("adj_y", b(ay))], [out])


def windowed(size, k, s, d, padding):
    if padding == "VALID":
        return math.ceil((size - (k - 1) * d) / s)
    return math.ceil(size / s)


def g_conv(r, c, depthwise=False):
    nchw = r.random() < 0.3 and not depthwise
    n, cin = r.randint(1, 3), r.randint(1, 4)
    hw = dims(r, 2, 4, 12)
    kh, kw = r.randint(1, 3), r.randint(1, 3)
    s = [r.randint(1, 3), r.randint(1, 3)]
    d = [1, 1] if r.random() < 0.6 else [r.randint(1, 2), r.randint(1, 2)]
    if s != [1, 1]:
        d = [1, 1]   # TensorFlow rejects strides and dilations both above 1
    pad = r.choice(["VALID", "SAME"])
    cout = r.randint(1, 4)
    x = c.arg([n, cin] + hw if nchw else [n] + hw + [cin])
    f = c.arg([kh, kw, cin, cout])
    oh, ow = windowed(hw[0], kh, s[0], d[0], pad), windowed(hw[1], kw, s[1], d[1], pad)
    if oh < 1 or ow < 1:
        return False
    oc = cin * cout if depthwise else cout
    st = [1, 1] + s if nchw else [1] + s + [1]
    dl = [1, 1] + d if nchw else [1] + d + [1]
    out = [n, oc, oh, ow] if nchw else [n, oh, ow, oc]
    # Conv2DOp::verify rejects input channels that the filter's do not
    # divide, and its inferred type a contradicting declared result
    bad = None if depthwise or r.random() < 0.8 else r.choice(["channels", "result"])
    if bad == "channels":
        f = c.arg([kh, kw, cin + 1, cout])
        if cin % (cin + 1) == 0:
            return False
    elif bad == "result":
        wrong = list(out)
        wrong[r.choice([2, 3] if nchw else [1, 2])] += 1
        c.declared = [ttype(wrong)]
    c.bad = bad is not None
    c.op("tf.DepthwiseConv2dNative" if depthwise else "tf.Conv2D", [x, f],
         [("data_format", '"%s"' % ("NCHW" if nchw else "NHWC")), ("dilations", ints(dl)),
          ("padding", '"%s"' % pad), ("strides", ints(st))], [out])
    return True


def pool_window(r):
    """A random 2-D pooling window: (batch, channels, [h, w], kernel,
    strides, padding, output h, output w), or None when the window leaves
    no output."""
    n, ch = r.randint(1, 3), r.randint(1, 4)
    hw = dims(r, 2, 3, 12)
    k = [r.randint(1, 3), r.randint(1, 3)]
    s = [r.randint(1, 3), r.randint(1, 3)]
    pad = r.choice(["VALID", "SAME"])
    oh, ow = windowed(hw[0], k[0], s[0], 1, pad), windowed(hw[1], k[1], s[1], 1, pad)
    if oh < 1 or ow < 1:
        return None
    return n, ch, hw, k, s, pad, oh, ow


def g_pool(r, c):
    nchw = r.random() < 0.3
    w = pool_window(r)
    if w is None:
        return False
    n, ch, hw, k, s, pad, oh, ow = w
    x = c.arg([n, ch] + hw if nchw else [n] + hw + [ch])
    ks = [1, 1] + k if nchw else [1] + k + [1]
    st = [1, 1] + s if nchw else [1] + s + [1]
    c.op(r.choice(["tf.MaxPool", "tf.AvgPool"]), [x],
         [("data_format", '"%s"' % ("NCHW" if nchw else "NHWC")), ("ksize", ints(ks)), ("padding", '"%s"' % pad),
          ("strides", ints(st))], [[n, ch, oh, ow] if nchw else [n, oh, ow, ch]])
    return True


def g_pad(r, c):
    shape = dims(r, r.randint(1, 4))
    pads = [[r.randint(0, 3), r.randint(0, 3)] for _ in shape]
    op = r.choice(["tf.Pad", "tf.MirrorPad"])
    if op == "tf.MirrorPad":
        pads = [[min(lo, d - 1), min(hi, d - 1)] for (lo, hi), d in zip(pads, shape)]
    x = c.arg(shape)
    p = c.const(pads)
    out = np.pad(np.zeros(shape), pads).shape
    c.op(op, [x, p], [("mode", '"REFLECT"')] if op == "tf.MirrorPad" else [], [out])


def g_tile(r, c):
    """tf.Tile; some cases bad as TileOp::verify rejects them: a negative
    multiple, one multiple too many, a static declared dim other than input
    dim x multiple, an output of another rank."""
    shape = dims(r, r.randint(1, 4), 1, 4)
    mult = [r.randint(1, 3) for _ in shape]
    out = list(np.tile(np.zeros(shape), mult).shape)
    x = c.arg(shape)
    kind = r.choice(["good"] * 6 + ["negative", "count", "declared", "out_rank"])
    i = r.randrange(len(shape))
    if kind == "negative":
        mult[i] = -1
    elif kind == "count":
        mult = mult + [1]
    elif kind == "declared":
        c.declared = [ttype([d + 1 if k == i else d for k, d in enumerate(out)])]
    elif kind == "out_rank":
        c.declared = [ttype(out + [1])]
    else:
        kind = "good"
        declare(r, c, out)
    c.bad = kind != "good"
    c.op("tf.Tile", [x, c.const(mult)], [], [out])


def g_reshape(r, c):
    shape = dims(r, r.randint(1, 4), 1, 4)
    total = int(np.prod(shape))
    new = []
    rest = total
    for _ in range(r.randint(1, 3)):
        divs = [d for d in range(1, rest + 1) if rest % d == 0]
        d = r.choice(divs)
        new.append(d)
        rest //= d
    new.append(rest)
    if r.random() < 0.5:
        new[r.randrange(len(new))] = -1
    x = c.arg(shape)
    c.op("tf.Reshape", [x, c.const(new)], [], [np.zeros(shape).reshape(new).shape])


def concat_parts(r, shape, axis):
    """1 to 3 shapes, each shape with a random size (1 to 5) at axis."""
    parts = []
    for _ in range(r.randint(1, 3)):
        part = list(shape)
        part[axis] = r.randint(1, 5)
        parts.append(part)
    return parts


def slice_args(r, shape):
    """A slice's begin and size for shape (size -1: to the end, 30% of
    dimensions) and the shape of its result."""
    begin = [r.randint(0, d) for d in shape]
    size = [r.randint(0, d - bg) if r.random() < 0.7 else -1 for bg, d in zip(begin, shape)]
    out = [d - bg if sz == -1 else sz for bg, sz, d in zip(begin, size, shape)]
    return begin, size, out


def g_transpose(r, c):
    """tf.Transpose; negative perm entries wrap (np.transpose's too); some
    cases bad as TransposeOp::verify rejects them (an entry out of range, a
    perm of another length, a static y dim other than the x dim it names,
    a y of another rank); a repeated entry with an unranked y is accepted
    (the verifier does not look for repeats): no error, no value."""
    shape = dims(r, r.randint(1, 5))
    perm = list(range(len(shape)))
    r.shuffle(perm)
    if r.random() < 0.2:
        perm = [p - len(shape) if r.random() < 0.5 else p for p in perm]
    out = list(np.transpose(np.zeros(shape), perm).shape)
    x = c.arg(shape)
    kind = r.choice(["good"] * 6 + ["range", "length", "declared", "out_rank", "repeat"])
    i = r.randrange(len(shape))
    if kind == "range":
        perm[i] = len(shape)
        c.declared = [ttype(out)]
    elif kind == "length":
        perm = perm + [0]
        c.declared = [ttype(out)]
    elif kind == "declared" and any(shape[(p + len(shape)) % len(shape)] != shape[0] for p in perm):
        c.declared = [ttype([d + 1 if k == i else d for k, d in enumerate(out)])]
    elif kind == "out_rank":
        c.declared = [ttype(out + [1])]
    elif kind == "repeat" and len(shape) > 1:
        perm[1] = perm[0]
    else:
        kind = "good"
        declare(r, c, out)
    c.bad = kind not in ("good", "repeat")
    c.op("tf.Transpose", [x, c.const(perm)], [], [out])
    if kind == "repeat":
        c.want[-1] = (c.want[-1][0], None)


def g_concat(r, c):
    shape = dims(r, r.randint(1, 4))
    axis = r.randrange(len(shape))
    parts = concat_parts(r, shape, axis)
    ax = axis - len(shape) if r.random() < 0.3 else axis
    out = np.concatenate([np.zeros(s) for s in parts], axis).shape
    # ConcatV2Op::verify (VerifyTypesCompatibility, mask_one_dim): the values
    # of one rank, each dim index equal but one; a second differing index or
    # another rank is rejected.
    kind = r.choice(["good"] * 6 + ["rank", "two_dims"])
    if kind == "rank":
        parts.append(list(parts[0]) + [2])
    elif kind == "two_dims" and len(shape) >= 2:
        other = r.choice([i for i in range(len(shape)) if i != axis])
        odd = list(parts[0])
        odd[axis] += 1
        odd[other] += 1
        parts += [list(parts[0]), odd] if len(parts) == 1 else [odd]
        parts[0][axis] = odd[axis] + 1   # the first two differ at axis, so axis is masked first
    else:
        kind = "good"
    c.bad = kind != "good"
    xs = [c.arg(s) for s in parts]
    c.op("tf.ConcatV2", xs + [c.const(ax)], [], [out])


def g_slice(r, c):
    """tf.Slice; some cases bad as SliceOp::verify rejects them: a begin
    past the dim or negative, begin + size past it, a static declared size
    other than the slice's, begin/size of another length than the rank, an
    output of another rank."""
    shape = dims(r, r.randint(1, 4))
    begin, size, out = slice_args(r, shape)
    x = c.arg(shape)
    kind = r.choice(["good"] * 6 + ["past", "negative", "declared", "length", "out_rank"])
    i = r.randrange(len(shape))
    if kind == "past":
        size[i] = shape[i] - begin[i] + 1
    elif kind == "negative":
        begin[i] = -1
    elif kind == "declared":
        c.declared = [ttype([d + 1 if k == i else d for k, d in enumerate(out)])]
    elif kind == "length":
        begin, size = begin + [0], size + [1]
    elif kind == "out_rank":
        c.declared = [ttype(out + [1])]
    else:
        kind = "good"
        declare(r, c, out)
    c.bad = kind != "good"
    c.op("tf.Slice", [x, c.const(begin), c.const(size)], [], [out])


def g_strided_slice(r, c):
    shape = dims(r, r.randint(1, 4), 1, 8)
    begin, end, strides, idx = [], [], [], []
    bm = em = sm = 0
    for i, d in enumerate(shape):
        st = r.choice([1, 1, 2, 3, -1, -2])
        bg, en = r.randint(-d, d), r.randint(-d, d)
        if r.random() < 0.25:
            bm |= 1 << i
        if r.random() < 0.25:
            em |= 1 << i
        if r.random() < 0.15:   # shrink: a single index
            sm |= 1 << i
            bm &= ~(1 << i)
            em &= ~(1 << i)
            bg, en, st = r.randint(-d, d - 1), 0, 1
            en = bg + 1 if bg != -1 else 0
            idx.append(bg)
        else:
            idx.append(slice(None if bm >> i & 1 else bg, None if em >> i & 1 else en, st))
        begin.append(bg)
        end.append(en)
        strides.append(st)
    x = c.arg(shape)
    out = np.zeros(shape)[tuple(idx)].shape
    c.op("tf.StridedSlice", [x, c.const(begin), c.const(end), c.const(strides)],
         [("begin_mask", "%d : i64" % bm), ("ellipsis_mask", "0 : i64"), ("end_mask", "%d : i64" % em),
          ("new_axis_mask", "0 : i64"), ("shrink_axis_mask", "%d : i64" % sm)], [out])


def g_split(r, c):
    shape = dims(r, r.randint(1, 4))
    axis = r.randrange(len(shape))
    if r.random() < 0.5:
        k = r.choice([d for d in range(1, shape[axis] + 1) if shape[axis] % d == 0])
        x = c.arg(shape)
        parts = np.split(np.zeros(shape), k, axis)
        c.op("tf.Split", [c.const(axis - len(shape) if r.random() < 0.3 else axis), x], [], [p.shape for p in parts])
    else:
        n = r.randint(1, 3)
        cuts = sorted(r.randint(0, shape[axis]) for _ in range(n - 1))
        sizes = [b_ - a for a, b_ in zip([0] + cuts, cuts + [shape[axis]])]
        given = list(sizes)
        if r.random() < 0.4:
            given[r.randrange(n)] = -1
        x = c.arg(shape)
        outs = []
        for s in sizes:
            o = list(shape)
            o[axis] = s
            outs.append(o)
        c.op("tf.SplitV", [x, c.const(given), c.const(axis)], [], outs)


def g_gather(r, c):
    shape = dims(r, r.randint(1, 4))
    axis = r.randrange(len(shape))
    ishape = dims(r, r.randint(0, 2), 1, 4)
    x = c.arg(shape)
    i = c.arg(ishape, "i32")
    out = shape[:axis] + ishape + shape[axis + 1:]
    c.op("tf.GatherV2", [x, i, c.const(axis - len(shape) if r.random() < 0.3 else axis)],
         [("batch_dims", "0 : i64")], [out])


def g_pack(r, c):
    shape = dims(r, r.randint(0, 3))
    n = r.randint(1, 3)
    axis = r.randint(-(len(shape) + 1), len(shape))
    xs = [c.arg(shape) for _ in range(n)]
    c.op("tf.Pack", xs, [("axis", "%d : i64" % axis)], [np.stack([np.zeros(shape)] * n, axis).shape])


def g_all(r, c):
    shape = dims(r, r.randint(1, 4))
    axes = sorted(set(r.randrange(len(shape)) for _ in range(r.randint(1, len(shape)))))
    keep = r.random() < 0.5
    x = c.arg(shape, "i1")
    c.op(r.choice(["tf.All", "tf.Any"]), [x, c.const(axes)], [("keep_dims", b(keep))],
         [np.zeros(shape).sum(axis=tuple(axes), keepdims=keep).shape], elem="i1")


def g_tfl(r, c):
    """TFLite's counterparts (their results refine-only too)."""
    kind = r.choice(["transpose", "reshape", "tile", "slice", "pad", "concatenation", "pack", "mean", "split",
                     "strided_slice", "unpack", "split_v", "padv2", "resize", "broadcast_to"])
    shape = dims(r, r.randint(1, 4), 1, 5)
    if kind in ("unpack", "split_v", "padv2", "resize", "broadcast_to"):
        return g_tfl_more(r, c, kind, shape)
    if kind == "transpose":
        perm = list(range(len(shape)))
        r.shuffle(perm)
        c.op("tfl.transpose", [c.arg(shape), c.const(perm)], [], [np.transpose(np.zeros(shape), perm).shape])
    elif kind == "reshape":
        total = int(np.prod(shape))
        new = [total] if r.random() < 0.3 else [1, total] if r.random() < 0.5 else [total, -1]
        c.op("tfl.reshape", [c.arg(shape), c.const(new)], [], [np.zeros(shape).reshape(new).shape])
    elif kind == "tile":
        mult = [r.randint(1, 3) for _ in shape]
        c.op("tfl.tile", [c.arg(shape), c.const(mult)], [], [np.tile(np.zeros(shape), mult).shape])
    elif kind == "slice":
        begin, size, out = slice_args(r, shape)
        c.op("tfl.slice", [c.arg(shape), c.const(begin), c.const(size)], [], [out])
    elif kind == "pad":
        pads = [[r.randint(0, 3), r.randint(0, 3)] for _ in shape]
        c.op("tfl.pad", [c.arg(shape), c.const(pads)], [], [np.pad(np.zeros(shape), pads).shape])
    elif kind == "concatenation":
        axis = r.randrange(len(shape))
        parts = concat_parts(r, shape, axis)
        c.op("tfl.concatenation", [c.arg(p_) for p_ in parts],
             [("axis", "%d : i32" % (axis - len(shape) if r.random() < 0.3 else axis)),
              ("fused_activation_function", '"NONE"')], [np.concatenate([np.zeros(p_) for p_ in parts], axis).shape])
    elif kind == "pack":
        n = r.randint(1, 3)
        axis = r.randint(0, len(shape))
        c.op("tfl.pack", [c.arg(shape) for _ in range(n)], [("axis", "%d : i32" % axis), ("values_count", "%d : i32" % n)],
             [np.stack([np.zeros(shape)] * n, axis).shape])
    elif kind == "mean":
        axes = sorted(set(r.randrange(len(shape)) for _ in range(r.randint(1, len(shape)))))
        keep = r.random() < 0.5
        c.op("tfl.mean", [c.arg(shape), c.const(axes)], [("keep_dims", b(keep))],
             [np.zeros(shape).mean(axis=tuple(axes), keepdims=keep).shape])
    elif kind == "split":
        axis = r.randrange(len(shape))
        k = r.choice([d for d in range(1, shape[axis] + 1) if shape[axis] % d == 0])
        x = c.arg(shape)
        c.op("tfl.split", [c.const(axis), x], [("num_splits", "%d : i32" % k)],
             [p_.shape for p_ in np.split(np.zeros(shape), k, axis)])
    else:
        begin, end, strides, idx = [], [], [], []
        bm = em = 0
        for i, d in enumerate(shape):
            st = r.choice([1, 1, 2, -1])
            bg, en = r.randint(-d, d), r.randint(-d, d)
            if r.random() < 0.25:
                bm |= 1 << i
            if r.random() < 0.25:
                em |= 1 << i
            idx.append(slice(None if bm >> i & 1 else bg, None if em >> i & 1 else en, st))
            begin.append(bg)
            end.append(en)
            strides.append(st)
        c.op("tfl.strided_slice", [c.arg(shape), c.const(begin), c.const(end), c.const(strides)],
             [("begin_mask", "%d : i32" % bm), ("ellipsis_mask", "0 : i32"), ("end_mask", "%d : i32" % em),
              ("new_axis_mask", "0 : i32"), ("offset", "false"), ("shrink_axis_mask", "0 : i32")],
             [np.zeros(shape)[tuple(idx)].shape])


def g_tfl_more(r, c, kind, shape):
    """tfl.unpack (np.moveaxis: num results without dim axis), split_v
    (constant sizes, one of them -1 at times), padv2 (np.pad), resize_bilinear
    and resize_nearest_neighbor (NHWC: (N, size[0], size[1], C)) and
    broadcast_to (np.broadcast_to)."""
    if kind == "unpack":
        axis = r.randrange(len(shape))
        n = shape[axis]
        out = [tuple(d for i, d in enumerate(shape) if i != axis)] * n
        c.op("tfl.unpack", [c.arg(shape)], [("axis", "%d : i32" % (axis - len(shape) if r.random() < 0.3 else axis)),
                                             ("num", "%d : i32" % n)], out)
    elif kind == "split_v":
        axis = r.randrange(len(shape))
        parts, left = [], shape[axis]
        while left > 0:
            parts.append(r.randint(1, left))
            left -= parts[-1]
        sizes = list(parts)
        if r.random() < 0.3:
            sizes[r.randrange(len(sizes))] = -1
        outs = [tuple(p_ if i == axis else d for i, d in enumerate(shape)) for p_ in parts]
        c.op("tfl.split_v", [c.arg(shape), c.const(sizes), c.const(axis)], [("num_splits", "%d : i32" % len(parts))],
             outs)
    elif kind == "padv2":
        pads = [[r.randint(0, 3), r.randint(0, 3)] for _ in shape]
        c.op("tfl.padv2", [c.arg(shape), c.const(pads), c.const(0.0, "f32")], [], [np.pad(np.zeros(shape), pads).shape])
    elif kind == "resize":
        x = [r.randint(1, 3), r.randint(1, 9), r.randint(1, 9), r.randint(1, 4)]
        size = [r.randint(1, 12), r.randint(1, 12)]
        name = r.choice(["tfl.resize_bilinear", "tfl.resize_nearest_neighbor"])
        c.op(name, [c.arg(x), c.const(size)], [("align_corners", "false"), ("half_pixel_centers", b(r.random() < 0.5))],
             [(x[0], size[0], size[1], x[3])])
    else:
        target = [r.randint(1, 3) for _ in range(r.randint(0, 2))] + [d if r.random() < 0.7 else r.randint(1, 4)
                                                                      for d in shape]
        src = [d if d == t or r.random() < 0.6 else 1 for d, t in zip(shape, target[len(target) - len(shape):])]
        src = [1 if d != t else d for d, t in zip(src, target[len(target) - len(shape):])]
        c.op("tfl.broadcast_to", [c.arg(src), c.const(target)], [], [np.broadcast_to(np.zeros(src), target).shape])


# --- TFLite's convolutions, pools, fully_connected, batch_matmul and gather ---
# Graded by TensorFlow's documented shapes: the windowed sizes above (SAME
# ceil(in / s), VALID ceil((in - (k - 1) * d) / s)); fully_connected's
# output (keep_num_dims: the input's dims with the last one the weights'
# dim 0; else [elements / weights dim 1, weights dim 0]); BatchMatMulV2's
# broadcast batch dims; gather's params[:axis] + indices[batch_dims:] +
# params[axis + 1:]. Bad cases (c.bad) break what TFLite's verifiers
# reject: conv_2d's ranks, a negative window size, a declared result the
# inferred one contradicts; fully_connected's weight rank and element
# counts; batch_matmul's batch broadcast and declared rows and columns.
# The window sizes of a bad case are negative by both the documented
# formula and TensorFlow's C++ truncation: (in - eff + s) <= -s.


def declare(r, c, shape, elem="f32"):
    """Declares the result exactly, with ? dims, or unranked (None)."""
    k = r.random()
    if k < 0.3:
        c.declared = [ttype(shape, elem)]
    elif k < 0.5:
        c.declared = ["tensor<%sx%s>" % ("x".join("?" for _ in shape), elem) if shape else "tensor<%s>" % elem]


def tfl_conv_attrs(s, d, pad):
    return [("dilation_h_factor", "%d : i32" % d[0]), ("dilation_w_factor", "%d : i32" % d[1]),
            ("fused_activation_function", '"NONE"'), ("padding", '"%s"' % pad), ("stride_h", "%d : i32" % s[0]),
            ("stride_w", "%d : i32" % s[1])]


def g_tfl_conv(r, c, depthwise=False):
    n, cin = r.randint(1, 3), r.randint(1, 4)
    hw = dims(r, 2, 4, 12)
    k = [r.randint(1, 3), r.randint(1, 3)]
    s = [r.randint(1, 3), r.randint(1, 3)]
    d = [1, 1] if r.random() < 0.6 else [r.randint(1, 2), r.randint(1, 2)]
    pad = r.choice(["VALID", "SAME"])
    mult = r.randint(1, 3)
    cout = cin * mult if depthwise else r.randint(1, 4)
    bad = None if depthwise or r.random() < 0.6 else r.choice(["result", "rank", "negative", "result_rank"])
    if bad == "negative":
        pad = "VALID"
        i = r.randrange(2)
        k[i] = hw[i] + 2 * s[i] + r.randint(0, 2)   # in - k + s <= -s with d = 1
        d[i] = 1
    out_hw = [windowed(hw[i], k[i], s[i], d[i], pad) for i in range(2)]
    if bad != "negative" and min(out_hw) < 1:
        return False
    out = [n] + out_hw + [cout]
    x = c.arg([n] + hw + [cin])
    f = c.arg([1] + k + [cout] if depthwise else [cout] + k + [cin] if bad != "rank" else k + [cin])
    b = c.arg([cout])
    attrs = tfl_conv_attrs(s, d, pad)
    if depthwise:
        attrs.append(("depth_multiplier", "%d : i32" % mult))
    c.bad = bad is not None
    if bad == "result":
        wrong = list(out)
        wrong[r.randint(1, 2)] += r.randint(1, 3)
        c.declared = [ttype(wrong)]
    elif bad == "result_rank":
        c.declared = [ttype(out[1:])]
    elif not c.bad:
        declare(r, c, out)
    c.op("tfl.depthwise_conv_2d" if depthwise else "tfl.conv_2d", [x, f, b], attrs, [out])
    return True


def g_tfl_pool(r, c):
    w = pool_window(r)
    if w is None:
        return False
    n, ch, hw, k, s, pad, oh, ow = w
    declare(r, c, [n, oh, ow, ch])
    c.op(r.choice(["tfl.max_pool_2d", "tfl.average_pool_2d"]), [c.arg([n] + hw + [ch])],
         [("filter_height", "%d : i32" % k[0]), ("filter_width", "%d : i32" % k[1]),
          ("fused_activation_function", '"NONE"'), ("padding", '"%s"' % pad), ("stride_h", "%d : i32" % s[0]),
          ("stride_w", "%d : i32" % s[1])], [[n, oh, ow, ch]])
    return True


def g_tfl_fully_connected(r, c):
    units, depth = r.randint(1, 6), r.randint(1, 6)
    keep = r.random() < 0.5
    lead = dims(r, r.randint(0, 2), 1, 4)
    shape = lead + [depth]
    if not keep and r.random() < 0.4:   # any shape whose element count depth divides
        shape = lead + [depth * r.randint(1, 2)] if lead else [depth * r.randint(1, 3)]
    total = int(np.prod(shape))
    out = (shape[:-1] + [units]) if keep else [total // depth, units]
    bad = None if r.random() < 0.7 else r.choice(["weights_rank", "input_count", "output_count"])
    w = [units, depth] if bad != "weights_rank" else [units, depth, 1]
    if bad == "input_count":
        depth_w = depth + 1 if total % (depth + 1) else depth + 2
        if total % depth_w == 0:
            return False
        w = [units, depth_w]
        keep = False
    x = c.arg(shape)
    wt = c.arg(w)
    bias = c.arg([units]) if r.random() < 0.5 else None
    if bias is None:
        c.args.append("%%a%d: none" % len(c.args))
        bias = ("%%a%d" % (len(c.args) - 1), "none")
    c.bad = bad is not None
    if bad == "output_count":
        c.declared = [ttype([total // depth + 1, units])]
    elif not c.bad:
        declare(r, c, out)
    c.op("tfl.fully_connected", [x, wt, bias],
         [("fused_activation_function", '"NONE"'), ("keep_num_dims", b(keep)), ("weights_format", '"DEFAULT"')], [out])
    return True


def g_tfl_batch_matmul(r, c):
    m, k, n = dims(r, 3)
    batch = dims(r, r.randint(0, 3), 1, 3)
    other = [d if r.random() < 0.6 else 1 for d in batch][r.randint(0, len(batch)):]
    if r.random() < 0.5:
        batch, other = other, batch
    ax, ay = r.random() < 0.5, r.random() < 0.5
    out = list(np.broadcast_shapes(tuple(batch), tuple(other))) + [m, n]
    bad = None if r.random() < 0.7 else r.choice(["batch", "rows", "cols", "rank"])
    if bad == "batch":
        if not batch or not other:
            return False
        batch[-1], other[-1] = 2, 3
    x = c.arg(batch + ([k, m] if ax else [m, k]))
    y = c.arg(other + ([n, k] if ay else [k, n]))
    c.bad = bad is not None
    if bad in ("rows", "cols"):
        wrong = list(out)
        wrong[-2 if bad == "rows" else -1] += 1
        c.declared = [ttype(wrong)]
    elif bad == "rank":
        c.declared = [ttype(out + [1])]
    elif not c.bad:
        declare(r, c, out)
    c.op("tfl.batch_matmul", [x, y], [("adj_x", b(ax)), ("adj_y", b(ay))], [out])
    return True


def g_tfl_gather(r, c):
    shape = dims(r, r.randint(1, 4))
    axis = r.randrange(len(shape))
    bd = 1 if axis >= 1 and r.random() < 0.3 else 0
    ishape = ([shape[0]] if bd else []) + dims(r, r.randint(0, 2), 1, 4)
    x = c.arg(shape)
    i = c.arg(ishape, "i32")
    out = shape[:axis] + ishape[bd:] + shape[axis + 1:]
    declare(r, c, out)
    c.op("tfl.gather", [x, i], [("axis", "%d : i32" % (axis - len(shape) if r.random() < 0.3 else axis)),
                                ("batch_dims", "%d : i32" % bd)], [out])
    return True


def g_reshape_checked(r, c):
    """tf.Reshape / tfl.reshape as ReshapeOp::verify checks them (tf_ops_n_z.cc,
    tfl_ops.cc GetReshapeOutputType): the shape operand 1-D; at most one -1
    and nothing below -1; with a -1, the input's elements a multiple of the
    other sizes' product; a static result of the input's element count; the
    declared result compatible with the shape's values. A shape without -1
    whose product is not the element count passes when the result is
    unranked or has a `?` (nothing static to compare): no error, no value."""
    name = r.choice(["tf.Reshape", "tfl.reshape"])
    shape = dims(r, r.randint(1, 3), 1, 4)
    total = int(np.prod(shape))
    new = []
    rest = total
    for _ in range(r.randint(0, 2)):
        d = r.choice([d for d in range(1, rest + 1) if rest % d == 0])
        new.append(d)
        rest //= d
    new.append(rest)
    out = list(new)
    if r.random() < 0.5:
        new[r.randrange(len(new))] = -1
    kind = r.choice(["good", "good", "good", "two_neg", "below", "not_multiple", "count", "incompatible",
                     "shape_rank", "lax"])
    x = c.arg(shape)
    want_none = False
    if kind == "two_neg" and len(new) >= 2:
        new[0] = new[1] = -1
    elif kind == "below":
        new[r.randrange(len(new))] = -2
    elif kind == "not_multiple":
        k = next(k for k in range(2, total + 2) if total % k)
        new = [k, -1]
    elif kind == "count":
        c.declared = [ttype([d + 1 if i == 0 else d for i, d in enumerate(out)])]
    elif kind == "incompatible":
        if len(out) < 2 or out[0] == out[-1]:
            return False
        c.declared = [ttype(out[::-1])]
    elif kind == "lax":
        new = [d for d in out if d != -1]
        new[0] += 1
        c.declared = [r.choice(["tensor<*xf32>", "tensor<?%sxf32>" % "".join("x%d" % d for d in new[1:])])]
        want_none = True
    else:
        kind = "good"
        declare(r, c, out)
    c.bad = kind not in ("good", "lax")
    sh = c.const([new] if kind == "shape_rank" else new)
    c.op(name, [x, sh], [], [out])
    if want_none:
        c.want[-1] = (c.want[-1][0], None)
    return True


def g_tfl_transpose_conv(r, c):
    """tfl.transpose_conv (output_shape, weights, input, bias): the declared
    result of rank 4 compatible with the constant output_shape (a -1 there is
    `?`), as TransposeConvOp::verify compares them."""
    n, h, w, co, ci, st = r.randint(1, 2), r.randint(2, 6), r.randint(2, 6), r.randint(1, 4), r.randint(1, 4), 1
    out_shape = [n, h, w, co]
    spec = list(out_shape)
    if r.random() < 0.3:
        spec[r.randrange(4)] = -1
    kind = r.choice(["good", "good", "good", "dim", "rank"])
    c.bad = kind != "good"
    osh = c.const(spec)
    wt = c.arg([co, 3, 3, ci])
    x = c.arg([n, h, w, ci])
    c.args.append("%%a%d: none" % len(c.args))
    bias = ("%%a%d" % (len(c.args) - 1), "none")
    if kind == "dim":
        i = r.choice([k for k in range(4) if spec[k] != -1])
        c.declared = [ttype([d + 1 if k == i else d for k, d in enumerate(out_shape)])]
    elif kind == "rank":
        c.declared = [ttype(out_shape[1:])]
    else:
        declare(r, c, out_shape)
    c.op("tfl.transpose_conv", [osh, wt, x, bias], [("fused_activation_function", '"NONE"'), ("padding", '"SAME"'),
         ("stride_h", "%d : i32" % st), ("stride_w", "%d : i32" % st)], [out_shape])
    if -1 in spec and not c.bad:   # a -1 in output_shape is `?`: no exact type to compare, only no error
        c.want[-1] = (c.want[-1][0], None)
    return True


def g_tfl_nn(r, c):
    return r.choice([g_tfl_conv, lambda r_, c_: g_tfl_conv(r_, c_, True), g_tfl_pool, g_tfl_fully_connected,
                     g_tfl_batch_matmul, g_tfl_gather, g_reshape_checked, g_tfl_transpose_conv])(r, c)


GENERATORS = [g_tfl, g_tfl, g_tfl, g_matmul, g_batch_matmul, g_conv, lambda r, c: g_conv(r, c, True), g_pool, g_pad, g_tile, g_reshape,
              g_transpose, g_concat, g_slice, g_strided_slice, g_split, g_gather, g_pack, g_all, g_tfl_nn, g_tfl_nn, g_tfl_nn]


def main(argv):
    args, r = seeded_args(argv, flags=("verbose",))
    if args is None:
        return 2
    cases = []
    while len(cases) < args['cases']:
        c = Case()
        if r.choice(GENERATORS)(r, c) is False:
            continue
        cases.append(c)
    print("tf_shapes_diff: seed %d, %d cases" % (args['seed'], len(cases)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "tf.mlir")
        line = 0
        with open(path, "w") as f:
            for i, c in enumerate(cases):
                if i:
                    f.write("// -----\n")
                    line += 1
                text = "func.func @t%d(%s) {\n%s\n  return\n}\n" % (i, ", ".join(c.args), "\n".join(c.lines))
                c.first, c.last = line, line + text.count("\n") - 1   # 0-based, as the JSON ranges
                line += text.count("\n")
                f.write(text)
        chk = subprocess.run([args['binary'], "check", "--split-input-file", "--format=json", "--exit-zero", path],
                             capture_output=True, text=True)
        every = [d for d in json.loads(chk.stdout).get("diagnostics", []) if d.get("severity") in (1, "error")]
        shp = subprocess.run([args['binary'], "shapes", "--format=json", path], capture_output=True, text=True)
        vals = [v for f in json.loads(shp.stdout)["files"] for v in f["values"] if v["kind"] == "result"]
    got = {}
    for v in vals:   # results in file order; names repeat per function
        got.setdefault(v["name"], []).append(v["inferred"])
    errors, missed, nbad = [], [], 0
    for c in cases:   # a bad case needs an error inside it; a good one none
        mine = [d for d in every if c.first <= d["range"]["start"]["line"] <= c.last]
        nbad += c.bad
        if c.bad and not mine:
            missed.append(c)
        if not c.bad:
            errors += mine
    failed, compared, exact = 0, 0, 0
    seen = {}
    by_op = {}
    for c in cases:
        for name, want in c.want:
            k = seen.get(name, 0)
            seen[name] = k + 1
            base = name.split("#")[0]
            lst = got.get(name) or got.get(base) or []
            have = lst[k] if k < len(lst) else None
            if want is None:
                continue
            compared += 1
            ok = have == want
            exact += ok
            tot = by_op.setdefault(c.label, [0, 0])
            tot[0] += ok
            tot[1] += 1
            if not ok:
                failed += 1
                if failed <= 20 or args['verbose']:
                    print("  %s: want %s, got %s\n%s" % (c.label, want, have, "\n".join(c.lines)))
    for e in errors[:20]:
        print("  false error: %s" % json.dumps(e)[:300])
    for c in missed[:20]:
        print("  missed error (%s):\n%s" % (c.label, "\n".join(c.lines)))
    for op, (ok, n) in sorted(by_op.items()):
        print("  %-26s %4d / %4d" % (op, ok, n))
    print("values inferred exactly: %d of %d; false errors: %d" % (exact, compared, len(errors)))
    print("rejected cases found: %d of %d" % (nbad - len(missed), nbad))
    failed += len(errors) + len(missed)
    print("%d passed, %d failed" % (len(cases) + compared - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
