#!/usr/bin/python3
"""onnx_diff.py: the ONNX structured ops (rules/onnx.json; algebra nn.c,
tensor_ops.c, indexing.c) against ONNX's own shape inference.

Generates small one-op ONNX graphs (MatMul, Gemm, Conv, ConvTranspose,
MaxPool, AveragePool, GlobalAveragePool, Reshape, Flatten, Squeeze,
Unsqueeze, Reduce*, Softmax, TopK, Unique, Gather, GatherElements, GatherND,
ScatterND, ScatterElements, Split, Slice, Tile, Pad, Shape, Size,
BatchNormalization, LayerNormalization, MatMulInteger, LpPool, DepthToSpace,
SpaceToDepth, ConcatFromSequence over a sequence input `!onnx.Seq<T>`,
SplitToSequence, whose result is a sequence `!onnx.Seq<T>`,
Resize-13 with constant sizes or f32 scales (or an empty scales and no
sizes, which ONNX rejects), Expand with a constant shape or one that is a
graph input (its length gives the rank), Reshape with allowzero 0 or 1,
Resize-18 with axes and
keep_aspect_ratio_policy, Transpose with and without perm, Concat, Expand,
Where), valid and invalid
ones, each in three variants (no `wrong` one for ConcatFromSequence,
SplitToSequence and Resize, whose declared result onnx-mlir does not compare): outputs declared with the exact type
(`exact`), outputs declared `tensor<*xT>` with some input dims `?`
(`loose`), and outputs declared with one dim off (`wrong`); half the loose valid ones have a Softmax on output 0 (a
ConcatFromSequence on SplitToSequence's sequence), whose
type shows the shape flowing through the op. The reference
is `onnx.shape_inference.infer_shapes(model, strict_mode=True)` (python3-onnx
1.12): an exception is an invalid graph. The same graph is written as
onnx-mlir's generic MLIR (sizes and axes as `onnx.Constant` operands, absent
optional inputs as `"onnx.NoValue"`), checked with `mlir-shape check
--format=json` and `shapes --format=json`; the verdicts must agree (an
error iff the reference rejects) and every value the reference infers must
get exactly its type.

Resize-18 is not graded by ONNX: python3-onnx 1.12 knows opset 17 at most
(its Resize is Resize-13, without axes or keep_aspect_ratio_policy). Its
reference is resize18_reference, the operator specification's Resize-18
written in Python as ONNX's later shape inference computes it
(resizeShapeInferenceVersioned in onnx/defs/tensor/utils.cc): what that
inference rejects is invalid, every other graph gets its output shape.

Where ONNX 1.12's inference is laxer than the operator specification, the
specification decides and the case says so (SPEC_ONLY): Gemm's K, Conv's
input channels (C = W dim 1 * group) and bias size, a pooling window
larger than its padded input, a Reshape without -1 whose element count
differs, ScatterND's updates shape, GatherElements' and ScatterElements'
ranks, BatchNormalization's statistics sizes, the axes of Squeeze, GatherElements,
ScatterElements and LayerNormalization out of range (1.12 ignores them),
Slice's step 0 on a dim of unknown size. Those cases (which the reference
accepts) must give a spec-violation warning and no error; a spec-violation
warning anywhere else is a failure (rules/onnx.json's "spec_codes"). The
exception is VERIFIER_REJECTS: what onnx-mlir's own verifiers reject
(GatherElements' and ScatterElements' ranks and axis, ScatterND's updates,
DepthToSpace's depth not divisible by blocksize^2:
the `expected-error`s of onnx-mlir's test/mlir/onnx/invalid.mlir in the
corpus) is an error, as the dialect's verifier decides in MLIR; and what
ONNX's inference rejects but onnx-mlir's own test files contain, which its
verifier accepts (ONNX_MLIR_ACCEPTS: MatMul's K, Gemm's operand ranks, a
declared result of Conv, Flatten or Reshape, Reshape's element count), is a
spec-violation warning naming that code: an error there would be a false
error on onnx-mlir's files (make test-corpus-gate).

usage: onnx_diff.py BUILD/mlir-shape [--cases=N] [--seed=S] [--verbose]
                    [--base=OTHER/mlir-shape]   (also measure another build)
Prints the agreement (verdicts; exact types of refinable values: those
declared with `*` or `?` that the reference refines), then `N passed, M
failed`: a failure per disagreement.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper, shape_inference

ELEM = {TensorProto.FLOAT: "f32", TensorProto.INT64: "i64", TensorProto.UINT8: "ui8", TensorProto.INT32: "i32",
        TensorProto.BOOL: "i1"}
OPSET = 17


class Case:
    """One op: inputs (name, shape or None for absent, elem), constants
    (name -> np array), attrs, outputs (count, elems) and SPEC_ONLY."""

    def __init__(self, op, inputs, attrs=None, consts=None, nout=1, out_elems=None, spec_invalid=None):
        self.op, self.inputs, self.attrs = op, inputs, attrs or {}
        self.consts = consts or {}
        self.nout = nout
        self.out_elems = out_elems or [TensorProto.FLOAT] * nout
        self.spec_invalid = spec_invalid   # a reason: invalid by the specification, ONNX 1.12 lax
        self.chain = False                 # a Softmax (on a sequence: a ConcatFromSequence) on output 0 follows
        self.seqs = set()                  # inputs that are sequences of tensors of that shape (!onnx.Seq<T>)
        self.declared_unchecked = False    # onnx-mlir does not compare the declared result: no "wrong" variant
        self.seq_out = False               # the outputs are sequences of tensors (!onnx.Seq<T>)
        self.opset18 = False               # graded by resize18_reference (ONNX 1.12 knows opset 17 at most)


F, I64, B = TensorProto.FLOAT, TensorProto.INT64, TensorProto.BOOL
ABSENT = "absent"   # an input's shape: the optional input is left out ('' in ONNX, onnx.NoValue in MLIR)

# What ONNX's inference rejects but onnx-mlir's verifier accepts in onnx-mlir's
# own test files (the corpus gate's valid chunks): a spec-violation warning
# naming one of these codes stands for the rejection (rules/onnx.json's
# "spec_codes" of these ops).
ONNX_MLIR_ACCEPTS = {"MatMul": {"contracting-dims"}, "Gemm": {"operand-rank"}, "Conv": {"result-shape"},
                     "Flatten": {"result-shape"}, "Reshape": {"result-shape", "element-count"}}

# SPEC_ONLY reasons that onnx-mlir's verifiers reject (ONNXGatherElementsOp,
# ONNXScatterElementsOp, ONNXScatterNDOp::verify): errors, not warnings.
VERIFIER_REJECTS = {"DepthToSpace's depth", "GatherElements' axis range", "GatherElements' ranks", "ScatterND's updates",
                    "ScatterElements' axis range", "ScatterElements' updates"}


def dims(r, rank, lo=1, hi=6):
    return [r.randint(lo, hi) for _ in range(rank)]


# --- generators: each returns a Case (valid, or invalid by one perturbation) ---

def g_matmul(r, bad):
    ra, rb = r.choice([1, 2, 2, 3]), r.choice([1, 2, 2, 3])
    k = r.randint(1, 5)
    batch = dims(r, max(ra, rb) - 2)
    a = (batch[len(batch) - (ra - 2):] if ra > 2 else []) + ([r.randint(1, 5)] if ra >= 2 else []) + [k]
    b = (batch if rb > 2 else []) + [k + (1 if bad else 0)] + ([r.randint(1, 5)] if rb >= 2 else [])
    if rb > 2 and ra > 2 and r.random() < 0.3:
        b[0] = 1
    return Case("MatMul", [("A", a, F), ("B", b, F)])


def g_matmul_integer(r, bad):
    m, k, n = dims(r, 3)
    return Case("MatMulInteger", [("A", [m, k], TensorProto.UINT8), ("B", [k + bad, n], TensorProto.UINT8)],
                out_elems=[TensorProto.INT32])


def g_gemm(r, bad):
    m, k, n = dims(r, 3)
    ta, tb = r.randint(0, 1), r.randint(0, 1)
    a = [k, m] if ta else [m, k]
    kb = k + (1 if bad == 1 else 0)
    b = [n, kb] if tb else [kb, n]
    c = r.choice([None, [n], [m, n], [1, n], [m, 1]])
    if bad == 2:
        c = r.choice([[m + 1, n], [m, 1, n]])   # C does not broadcast, or has rank 3 (1.12 accepts both)
    ins = [("A", a, F), ("B", b, F)] + ([("C", c, F)] if c is not None else [])
    return Case("Gemm", ins, {"transA": ta, "transB": tb},
                spec_invalid="Gemm's K" if bad == 1 else ("Gemm's C" if bad == 2 else None))


def window_attrs(r, n, kernel):
    a = {}
    if r.random() < 0.5:
        a["strides"] = [r.randint(1, 2) for _ in range(n)]
    if r.random() < 0.3:
        a["dilations"] = [r.randint(1, 2) for _ in range(n)]
    mode = r.choice(["NOTSET", "NOTSET", "VALID", "SAME_UPPER", "SAME_LOWER"])
    if mode != "NOTSET":
        a["auto_pad"] = mode
    elif r.random() < 0.6:
        a["pads"] = [r.randint(0, 2) for _ in range(2 * n)]
    return a


def window_too_large(x, a, k):
    """The specification's output size is < 1: a window (with dilation)
    larger than the padded input (ONNX 1.12 gives a size anyway)."""
    n = len(k)
    if a.get("auto_pad", "NOTSET") in ("SAME_UPPER", "SAME_LOWER"):
        return False
    pads = a.get("pads", [0] * (2 * n)) if a.get("auto_pad", "NOTSET") == "NOTSET" else [0] * (2 * n)
    dil = a.get("dilations", [1] * n)
    return any(x[2 + i] + pads[i] + pads[n + i] < (k[i] - 1) * dil[i] + 1 for i in range(n))


def g_conv(r, bad):
    n = r.choice([1, 2, 2, 3])
    g = r.choice([1, 1, 2])
    c, m = g * r.randint(1, 3), g * r.randint(1, 3)
    k = dims(r, n, 1, 3)
    x = [r.randint(1, 3), c] + [r.randint(4, 8) for _ in range(n)]
    w = [m, c // g + (1 if bad == 1 else 0)] + k
    a = window_attrs(r, n, k)
    if g > 1:
        a["group"] = g
    ins = [("X", x, F), ("W", w, F)]
    if r.random() < 0.5 or bad == 2:
        ins.append(("B", [m + (1 if bad == 2 else 0)], F))
    if bad == 3:
        a["kernel_shape"] = [kk + 1 for kk in k]
    spec = {1: "Conv's channels", 2: "Conv's bias", 3: "Conv's kernel_shape"}.get(bad)
    if not spec and window_too_large(x, a, k):
        spec = "a window larger than the padded input"
    return Case("Conv", ins, a, spec_invalid=spec)


def g_conv_transpose(r, bad):
    n = r.choice([1, 2])
    c, m = r.randint(1, 3), r.randint(1, 3)
    k = dims(r, n, 1, 3)
    x = [1, c + (1 if bad else 0)] + [r.randint(2, 5) for _ in range(n)]
    a = {}
    if r.random() < 0.5:
        a["strides"] = [r.randint(1, 2) for _ in range(n)]
    if r.random() < 0.5:
        a["pads"] = [0] * (2 * n)
    return Case("ConvTranspose", [("X", x, F), ("W", [c, m] + k, F)], a,
                spec_invalid="ConvTranspose's channels" if bad else None)


def g_pool(r, bad):
    op = r.choice(["MaxPool", "AveragePool", "LpPool"])
    n = r.choice([1, 2, 2])
    k = dims(r, n, 1, 3)
    x = [1, r.randint(1, 3)] + [r.randint(3, 7) for _ in range(n)]
    a = window_attrs(r, n, k)
    if op != "MaxPool":
        a.pop("dilations", None)
    a["kernel_shape"] = k
    if r.random() < 0.3 and op != "LpPool":   # LpPool has no ceil_mode before opset 18
        a["ceil_mode"] = 1
    spec = None
    if bad:
        a["kernel_shape"] = [x[2] + 3] + k[1:]
        a.pop("auto_pad", None)
        a.pop("pads", None)
        a.pop("dilations", None)
        spec = "a window larger than the padded input"
    elif window_too_large(x, a, k):
        spec = "a window larger than the padded input"
    return Case(op, [("X", x, F)], a, spec_invalid=spec)


def g_depth_to_space(r, bad):
    b = r.randint(1, 3)
    inverse = r.random() < 0.4
    if inverse:
        x = [r.randint(1, 2), r.randint(1, 4), b * r.randint(1, 4), b * r.randint(1, 4)]
        return Case("SpaceToDepth", [("X", x, F)], {"blocksize": b})
    c = b * b * r.randint(1, 4) + (1 if bad and b > 1 else 0)
    x = [r.randint(1, 2), c, r.randint(1, 5), r.randint(1, 5)]
    return Case("DepthToSpace", [("X", x, F)], {"blocksize": b},
                spec_invalid="DepthToSpace's depth" if bad and b > 1 else None)


def g_global_pool(r, bad):
    x = [r.randint(1, 3), r.randint(1, 4)] + dims(r, r.choice([1, 2]))
    return Case(r.choice(["GlobalAveragePool", "GlobalMaxPool"]), [("X", x, F)])


def g_reshape(r, bad):
    x = dims(r, r.randint(1, 4))
    total = int(np.prod(x))
    out = []
    rest = total
    for d in [2, 3, 1, 5]:
        if rest % d == 0 and r.random() < 0.5:
            out.append(d)
            rest //= d
    out.append(rest)
    r.shuffle(out)
    if r.random() < 0.4:
        out[r.randrange(len(out))] = -1
    if r.random() < 0.3 and len(out) <= len(x) and out[0] == x[0]:
        out[0] = 0
    spec = None
    if bad == 1:
        out = out + [-1, -1] if -1 not in out else out + [-1]
    elif bad == 2:
        out = [o for o in out if o != -1] or [1]
        out = [o if o != 0 else x[0] for o in out] + [total + 1]
        spec = "Reshape's element count"
    attrs = {"allowzero": 0} if r.random() < 0.2 else {}
    if not bad and r.random() < 0.15:
        # allowzero 1: a 0 is a size (no element count but 0 fits), with a
        # -1 rejected; rarely an input with a dim of size 0.
        attrs = {"allowzero": 1}
        if r.random() < 0.3:
            x[r.randrange(len(x))] = 0
        if -1 not in out and int(np.prod(out)) != int(np.prod(x)):
            spec = "Reshape's element count"
    return Case("Reshape", [("data", x, F), ("shape", None, I64)], attrs,
                consts={"shape": np.array(out, dtype=np.int64)}, spec_invalid=spec)


def g_flatten(r, bad):
    x = dims(r, r.randint(1, 4))
    ax = r.randint(-len(x), len(x)) + (len(x) + 1 if bad else 0)
    return Case("Flatten", [("input", x, F)], {"axis": ax})


def g_squeeze(r, bad):
    x = [r.choice([1, 1, 2, 3]) for _ in range(r.randint(1, 4))]
    ones = [i for i, d in enumerate(x) if d == 1]
    if bad:
        return Case("Squeeze", [("data", x, F), ("axes", None, I64)], consts={"axes": np.array([len(x)], dtype=np.int64)},
                    spec_invalid="Squeeze's axes range")
    if not ones or r.random() < 0.2:
        return Case("Squeeze", [("data", x, F)])
    else:
        axes = r.sample(ones, r.randint(1, len(ones)))
        axes = [a - len(x) if r.random() < 0.3 else a for a in axes]
    return Case("Squeeze", [("data", x, F), ("axes", None, I64)], consts={"axes": np.array(axes, dtype=np.int64)})


def g_unsqueeze(r, bad):
    x = dims(r, r.randint(0, 3))
    n = r.randint(1, 2)
    out_rank = len(x) + n
    axes = r.sample(range(out_rank), n)
    if bad:
        axes = [out_rank + 1]
    return Case("Unsqueeze", [("data", x, F), ("axes", None, I64)], consts={"axes": np.array(axes, dtype=np.int64)})


def g_reduce(r, bad):
    op = r.choice(["ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd"])
    x = dims(r, r.randint(1, 4))
    axes = r.sample(range(len(x)), r.randint(0, len(x)))
    if bad:
        axes = [len(x)]
    a = {}
    if r.random() < 0.5:
        a["keepdims"] = r.randint(0, 1)
    if op == "ReduceSum":
        if not axes and r.random() < 0.5:
            a["noop_with_empty_axes"] = 1
        ins = [("data", x, F)] + ([("axes", None, I64)] if axes or r.random() < 0.5 else [])
        consts = {"axes": np.array(axes, dtype=np.int64)} if len(ins) > 1 else {}
        return Case(op, ins, a, consts)
    if axes:
        a["axes"] = axes
    return Case(op, [("data", x, F)], a)


def g_softmax(r, bad):
    x = dims(r, r.randint(1, 4))
    ax = r.randint(-len(x), len(x) - 1) + (len(x) * 2 if bad else 0)
    return Case(r.choice(["Softmax", "LogSoftmax"]), [("input", x, F)], {"axis": ax})


def g_topk(r, bad):
    x = dims(r, r.randint(1, 3), 2, 6)
    ax = r.randint(-len(x), len(x) - 1)
    k = r.randint(1, x[ax]) + (x[ax] if bad else 0)
    return Case("TopK", [("X", x, F), ("K", None, I64)], {"axis": ax}, consts={"K": np.array([k], dtype=np.int64)},
                nout=2, out_elems=[F, I64])


def g_gather(r, bad):
    x = dims(r, r.randint(1, 3))
    ax = r.randint(-len(x), len(x) - 1) + (2 * len(x) if bad else 0)
    return Case("Gather", [("data", x, F), ("indices", dims(r, r.randint(0, 2)), I64)], {"axis": ax})


def g_gather_elements(r, bad):
    x = dims(r, r.randint(1, 3))
    idx = [max(1, d - r.randint(0, 1)) for d in x]
    ax = r.randint(-len(x), len(x) - 1)
    spec = None
    if bad == 1:
        ax += 2 * len(x)
        spec = "GatherElements' axis range"
    elif bad == 2:
        idx = idx + [2]
        spec = "GatherElements' ranks"
    return Case("GatherElements", [("data", x, F), ("indices", idx, I64)], {"axis": ax}, spec_invalid=spec)


def g_gather_nd(r, bad):
    x = dims(r, r.randint(1, 4))
    b = r.randint(0, max(0, len(x) - 1)) if r.random() < 0.3 else 0
    k = r.randint(1, len(x) - b) + (len(x) if bad else 0)
    idx = x[:b] + dims(r, r.randint(0, 1)) + [k]
    return Case("GatherND", [("data", x, F), ("indices", idx, I64)], {"batch_dims": b} if b else {})


def g_scatter_nd(r, bad):
    x = dims(r, r.randint(1, 3))
    k = r.randint(1, len(x))
    lead = dims(r, r.randint(0, 1))
    upd = lead + x[k:]
    spec = None
    if bad:
        upd = upd + [2]
        spec = "ScatterND's updates"
    return Case("ScatterND", [("data", x, F), ("indices", lead + [k], I64), ("updates", upd, F)], spec_invalid=spec)


def g_scatter_elements(r, bad):
    x = dims(r, r.randint(1, 3))
    idx = [max(1, d - r.randint(0, 1)) for d in x]
    ax = r.randint(-len(x), len(x) - 1)
    upd = list(idx)
    spec = None
    if bad == 1:
        ax += 2 * len(x)
        spec = "ScatterElements' axis range"
    elif bad == 2:
        upd = upd + [1]
        spec = "ScatterElements' updates"
    return Case("ScatterElements", [("data", x, F), ("indices", idx, I64), ("updates", upd, F)], {"axis": ax},
                spec_invalid=spec)


def g_split(r, bad):
    x = dims(r, r.randint(1, 3), 2, 8)
    ax = r.randint(-len(x), len(x) - 1)
    d = x[ax]
    if r.random() < 0.5:
        n = r.choice([q for q in range(1, d + 1) if d % q == 0])
        if bad:
            n = next((q for q in range(2, d + 2) if d % q), d + 1)
        return Case("Split", [("input", x, F)], {"axis": ax}, nout=n, out_elems=[F] * n)
    parts = []
    rest = d
    while rest > 0:
        p = r.randint(1, rest)
        parts.append(p)
        rest -= p
    if bad:
        parts[0] += 1
    return Case("Split", [("input", x, F), ("split", None, I64)], {"axis": ax},
                consts={"split": np.array(parts, dtype=np.int64)}, nout=len(parts), out_elems=[F] * len(parts))


def g_slice(r, bad):
    x = dims(r, r.randint(1, 3), 1, 8)
    n = r.randint(1, len(x))
    axes = r.sample(range(len(x)), n)
    starts, ends, steps = [], [], []
    for a in axes:
        step = r.choice([1, 1, 2, -1, -2])
        starts.append(r.randint(-x[a] - 2, x[a] + 2))
        ends.append(r.choice([r.randint(-x[a] - 2, x[a] + 2), 2 ** 62, -(2 ** 62)]))
        steps.append(step)
    if bad:
        steps[0] = 0
    ins = [("data", x, F), ("starts", None, I64), ("ends", None, I64), ("axes", None, I64), ("steps", None, I64)]
    consts = {"starts": starts, "ends": ends, "axes": [a - len(x) if r.random() < 0.3 else a for a in axes],
              "steps": steps}
    if r.random() < 0.3 and not bad:
        ins, consts = ins[:3], {"starts": starts[:1], "ends": ends[:1]}
    return Case("Slice", ins, consts={k: np.array(v, dtype=np.int64) for k, v in consts.items()},
                spec_invalid="Slice's step 0" if bad else None)


def g_tile(r, bad):
    x = dims(r, r.randint(1, 3))
    rep = dims(r, len(x) + (1 if bad else 0), 1, 3)
    return Case("Tile", [("input", x, F), ("repeats", None, I64)], consts={"repeats": np.array(rep, dtype=np.int64)})


def g_pad(r, bad):
    x = dims(r, r.randint(1, 3), 2, 6)
    pads = [r.randint(0, 2) for _ in range(2 * len(x))]
    if r.random() < 0.2:
        pads[0] = -1
    if bad:
        pads = pads + [1]
    return Case("Pad", [("data", x, F), ("pads", None, I64)], consts={"pads": np.array(pads, dtype=np.int64)})


def g_shape(r, bad):
    x = dims(r, r.randint(0, 4))
    a = {}
    if r.random() < 0.5:
        a["start"] = r.randint(-len(x) - 1, len(x))
    if r.random() < 0.5:
        a["end"] = r.randint(-len(x) - 1, len(x) + 1)
    s = a.get("start", 0)
    e = a.get("end", len(x))
    s, e = [min(max(v + len(x) if v < 0 else v, 0), len(x)) for v in (s, e)]
    if s > e:
        a.pop("start")
    if r.random() < 0.3:
        return Case("Size", [("data", x, F)], out_elems=[I64])
    return Case("Shape", [("data", x, F)], a, out_elems=[I64])


def g_batch_norm(r, bad):
    x = [r.randint(1, 3), r.randint(1, 4)] + dims(r, r.randint(0, 2))
    c = x[1] + (1 if bad else 0)
    return Case("BatchNormalization", [("X", x, F)] + [(n, [c], F) for n in ("scale", "B", "mean", "var")],
                spec_invalid="BatchNormalization's statistics" if bad else None)


def g_layer_norm(r, bad):
    x = dims(r, r.randint(1, 3))
    ax = r.randint(-len(x), len(x) - 1) + (2 * len(x) if bad else 0)
    nax = ax if ax >= 0 else ax + len(x)
    scale = x[nax:] if 0 <= nax <= len(x) else [1]
    return Case("LayerNormalization", [("X", x, F), ("Scale", scale, F)], {"axis": ax}, nout=3, out_elems=[F, F, F],
                spec_invalid="LayerNormalization's axis range" if bad else None)


def g_unique(r, bad):
    x = dims(r, r.randint(1, 3))
    attrs = {"sorted": r.randint(0, 1)}
    if r.random() < 0.6 or bad:
        attrs["axis"] = r.randint(-len(x), len(x) - 1) + (2 * len(x) if bad else 0)
    return Case("Unique", [("X", x, F)], attrs, nout=4, out_elems=[F, I64, I64, I64])


def g_concat_from_sequence(r, bad):
    x = dims(r, r.randint(1, 4))
    new = r.randint(0, 1)
    rank = len(x) + new
    ax = r.randint(-rank, rank - 1)
    if bad:
        ax = r.choice([rank + r.randint(0, 2), -rank - 1 - r.randint(0, 2)])
    attrs = {"axis": ax}
    if new or r.random() < 0.5:
        attrs["new_axis"] = new
    c = Case("ConcatFromSequence", [("seq", x, F)], attrs)
    c.seqs = {"seq"}
    c.declared_unchecked = True
    return c


def g_resize(r, bad):
    """Resize-13 (what ONNX 1.12 grades): sizes (constant) or scales
    (constant f32: the result's dims are floor(dim * scale) in f32). An
    empty sizes is not generated (ONNX 1.12 rejects it, onnx-mlir's files
    use it for an absent one)."""
    x = dims(r, r.randint(1, 4))
    mode = r.choice(["nearest", "linear"])
    if not bad and r.random() < 0.5:   # valid constant scales, no sizes
        scales = np.array([r.choice([0.25, 0.33, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0, 1.1])
                           for _ in range(len(x))], dtype=np.float32)
        c = Case("Resize", [("X", x, F), ("roi", ABSENT, F), ("scales", None, F)], {"mode": mode},
                 consts={"scales": scales})
    elif bad == 2:   # scales of the wrong length (at times empty: onnx-mlir's absent one), no sizes
        n = len(x) + r.choice([-1, 1]) if len(x) > 1 else 2
        if r.random() < 0.25:
            n = 0
        scales = np.array([r.choice([0.5, 1.0, 2.0]) for _ in range(n)], dtype=np.float32)
        c = Case("Resize", [("X", x, F), ("roi", ABSENT, F), ("scales", None, F)], {"mode": mode},
                 consts={"scales": scales})
    else:
        n = len(x) + (r.choice([-1, 1]) if bad and len(x) > 1 else 1 if bad else 0)
        sizes = np.array([r.randint(1, 9) for _ in range(n)], dtype=np.int64)
        c = Case("Resize", [("X", x, F), ("roi", ABSENT, F), ("scales", ABSENT, F), ("sizes", None, I64)],
                 {"mode": mode}, consts={"sizes": sizes})
    c.declared_unchecked = True
    return c


def g_resize18(r, bad):
    """Resize-18 (ONNX 1.12 knows opset 17 at most, so resize18_reference
    below grades it): axes (some dims, negatives from the back, any order)
    or none, constant sizes or f32 scales for them, keep_aspect_ratio_policy
    stretch (or absent), not_larger or not_smaller with sizes. bad: 1 a
    sizes or scales count other than the axes', 2 an axis out of range, 3 an
    axis repeated, 4 an unknown policy or scales with a policy other than
    stretch."""
    x = dims(r, r.randint(1, 4))
    rank = len(x)
    attrs = {"mode": r.choice(["nearest", "linear"])}
    axes = None
    if r.random() < 0.75 or bad in (1, 2, 3):
        axes = r.sample(range(rank), r.randint(1, rank))
        axes = [a - rank if r.random() < 0.3 else a for a in axes]
        if bad == 2:
            axes[r.randrange(len(axes))] = r.choice([rank, rank + 1, -rank - 1])
        elif bad == 3:
            axes.append(axes[0] - rank if axes[0] >= 0 else axes[0] + rank)
        attrs["axes"] = axes
    n = len(axes) if axes is not None else rank
    if bad == 1:
        n = n + r.choice([-1, 1]) if n > 1 else 2
    by_scales = r.random() < 0.4
    policy = r.choice([None, "stretch"] + ([] if by_scales else ["not_larger", "not_smaller"] * 2))
    if bad == 4:
        policy = r.choice(["bogus", "not_larger", "not_smaller"]) if by_scales else "fit"
    if policy is not None:
        attrs["keep_aspect_ratio_policy"] = policy
    if by_scales:
        scales = np.array([r.choice([0.25, 0.33, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0, 1.1]) for _ in range(n)],
                          dtype=np.float32)
        c = Case("Resize", [("X", x, F), ("roi", ABSENT, F), ("scales", None, F)], attrs, consts={"scales": scales})
    else:
        sizes = np.array([r.randint(1, 12) for _ in range(n)], dtype=np.int64)
        c = Case("Resize", [("X", x, F), ("roi", ABSENT, F), ("scales", ABSENT, F), ("sizes", None, I64)], attrs,
                 consts={"sizes": sizes})
    c.declared_unchecked = True
    c.opset18 = True
    return c


def resize18_reference(c, in_shapes):
    """Resize-18's output shape as ONNX's later shape inference
    (resizeShapeInferenceVersioned, onnx/defs/tensor/utils.cc, 1.15 and
    after) computes it from the operator specification: None when it
    rejects the op (an unknown keep_aspect_ratio_policy; scales with a
    policy other than stretch; an axis out of [-r, r) or repeated; a sizes
    or scales count other than the axes' or, without axes, X's rank). The
    dims not among the axes keep X's (when known); sizes > 0 are the sized
    dims (not_larger / not_smaller: roundf(min / max of sizes[i] / dim in
    f32, times dim), unknown when a sized dim of X is); scales give
    floor(dim * scale) in f32."""
    x = in_shapes["X"]
    rank = len(x)

    def known(d):
        return isinstance(d, int) and not isinstance(d, bool)
    policy = c.attrs.get("keep_aspect_ratio_policy", "stretch")
    sizes, scales = c.consts.get("sizes"), c.consts.get("scales")
    if policy not in ("stretch", "not_larger", "not_smaller"):
        return None
    if scales is not None and policy != "stretch":
        return None
    axes = c.attrs.get("axes")
    if axes is not None:
        if any(not -rank <= a < rank for a in axes):
            return None
        axes = [a + rank if a < 0 else a for a in axes]
        if len(set(axes)) != len(axes):
            return None
    ax = axes if axes is not None else list(range(rank))
    vals = sizes if sizes is not None else scales
    if len(vals) != len(ax):
        return None
    out = [d if known(d) else None for d in x] if axes is not None else [None] * rank
    if sizes is not None:
        s = [int(v) for v in sizes]
        if policy != "stretch":
            if any(not known(x[d]) for d in ax):
                s = [-1] * len(s)
            else:
                ratios = [np.float32(s[i]) / np.float32(x[d]) for i, d in enumerate(ax)]
                scale = min(ratios) if policy == "not_larger" else max(ratios)
                s = [int(np.floor(np.float64(np.float32(scale) * np.float32(x[d])) + 0.5)) for d in ax]
        for i, d in enumerate(ax):
            out[d] = s[i] if s[i] > 0 else None
    else:
        full = [np.float32(1.0)] * rank
        for i, d in enumerate(ax):
            full[d] = np.float32(scales[i])
        out = [int(np.floor(np.float32(x[i]) * full[i])) if known(x[i]) else None for i in range(rank)]
    return [out, out] if c.chain else [out]


def g_transpose(r, bad):
    """Transpose: perm a permutation of [0, rank) or absent (the dims
    reversed); bad: a perm of another length, or one repeating an axis."""
    x = dims(r, r.randint(1, 4))
    attrs = {}
    if r.random() < 0.75 or bad:
        perm = list(range(len(x)))
        r.shuffle(perm)
        if bad:
            perm = perm + [len(x)] if r.random() < 0.5 or len(x) < 2 else perm[:-1] + [perm[0]]
        attrs["perm"] = perm
    return Case("Transpose", [("data", x, F)], attrs)


def g_concat(r, bad):
    """Concat of 1-3 inputs of one rank along axis (negatives from the
    back); bad: 1 another size on a dim that is not the axis, 2 the axis
    out of range."""
    x = dims(r, r.randint(1, 4))
    ax = r.randint(-len(x), len(x) - 1)
    k = r.randint(1, 3)
    ins = []
    for i in range(k):
        s = list(x)
        s[ax] = r.randint(1, 5)
        ins.append(("in%d" % i, s, F))
    if bad == 1 and len(x) > 1:
        others = [j for j in range(len(x)) if j != (ax % len(x))]
        j = r.choice(others)
        ins[-1][1][j] += 1
        if k == 1:
            ins.append(("in1", list(x), F))
    elif bad:
        ax = r.choice([len(x), -len(x) - 1])
    return Case("Concat", ins, {"axis": ax})


def g_expand(r, bad):
    """Expand: input and the constant shape broadcast both ways (numpy);
    bad: a dim of the shape neither 1 nor the input's."""
    x = [r.choice([1, 1, 2, 3, 4]) for _ in range(r.randint(0, 3))]
    n = max(len(x), r.randint(0, 4))
    xs = [1] * (n - len(x)) + x
    shape = [r.choice([1, d, d if d > 1 else r.randint(1, 4)]) for d in xs]
    shape = shape[r.randint(0, n - len(x)) if r.random() < 0.3 else 0:]
    if bad and shape:
        j = r.randrange(len(shape))
        d = xs[len(xs) - len(shape) + j]
        shape[j] = d + 1 if d > 1 else (shape[j] if shape[j] > 1 else 2)
        if d == 1:
            k = next((i for i in range(len(x)) if x[i] > 1), None)
            if k is None:
                return g_expand(r, 0)
            shape = [1] * (n - len(shape)) + shape if len(shape) < n else shape
            shape[len(shape) - len(x) + k] = x[k] + 1
    if not bad and r.random() < 0.25:   # a shape that is no constant: its length gives the rank
        return Case("Expand", [("input", x, F), ("shape", [len(shape)], I64)])
    return Case("Expand", [("input", x, F), ("shape", None, I64)], consts={"shape": np.array(shape, dtype=np.int64)})


def g_where(r, bad):
    """Where (condition i1, X, Y): numpy broadcasting of the three; bad: a
    dim of X that is neither 1 nor the broadcast of the others."""
    full = dims(r, r.randint(0, 3), 2, 5)
    shapes = []
    for _ in range(3):
        s = full[r.randint(0, len(full)):] if r.random() < 0.3 else list(full)
        shapes.append([d if r.random() < 0.7 else 1 for d in s])
    if bad:
        if not full:
            full = [2]
            shapes = [[2], [2], [2]]
        shapes[1] = [1] * (len(full) - len(shapes[1])) + shapes[1]
        j = r.randrange(len(full))
        shapes[1][j] = full[j] + 1
    return Case("Where", [("condition", shapes[0], B), ("X", shapes[1], F), ("Y", shapes[2], F)])


def g_split_to_sequence(r, bad):
    """SplitToSequence: split absent (NoValue), a constant scalar > 0
    (dividing the axis or not), a constant 1-D (sizes summing to the axis,
    all equal or not) or a 1-D graph input; bad: the axis out of range or
    the 1-D sizes summing to another size. (A scalar 0 is never generated:
    ONNX 1.12's inference divides by it.)"""
    x = dims(r, r.randint(1, 4))
    ax = r.randint(-len(x), len(x) - 1)
    attrs = {}
    if bad == 1 or r.random() < 0.7:
        attrs["axis"] = ax + (r.choice([len(x), -len(x)]) if bad == 1 else 0)
    if r.random() < 0.5:
        attrs["keepdims"] = r.randint(0, 1)
    d = x[ax]
    mode = "sizes" if bad == 2 else r.choice(["absent", "scalar", "sizes", "input"])
    if mode == "absent":
        inputs, consts = [("input", x, F), ("split", ABSENT, I64)], {}
    elif mode == "scalar":
        s = r.choice([k for k in range(1, d + 1) if d % k == 0] + [r.randint(1, d + 2)])
        inputs, consts = [("input", x, F), ("split", None, I64)], {"split": np.array(s, dtype=np.int64)}
    elif mode == "sizes":
        if r.random() < 0.5:
            k = r.choice([k for k in range(1, d + 1) if d % k == 0])
            parts = [d // k] * k
        else:
            parts, left = [], d
            while left > 0:
                parts.append(r.randint(1, left))
                left -= parts[-1]
        if bad == 2:
            parts[r.randrange(len(parts))] += r.choice([1, 2])
        inputs, consts = [("input", x, F), ("split", None, I64)], {"split": np.array(parts, dtype=np.int64)}
    else:
        inputs, consts = [("input", x, F), ("split", [r.randint(1, 3)], I64)], {}
    c = Case("SplitToSequence", inputs, attrs, consts=consts)
    c.seq_out = True
    c.declared_unchecked = True
    return c


GENERATORS = [(g_matmul, 1), (g_matmul_integer, 1), (g_gemm, 2), (g_conv, 3), (g_conv_transpose, 1), (g_pool, 1),
              (g_global_pool, 0), (g_reshape, 2), (g_flatten, 1), (g_squeeze, 1), (g_unsqueeze, 1), (g_reduce, 1),
              (g_softmax, 1), (g_topk, 1), (g_gather, 1), (g_gather_elements, 2), (g_gather_nd, 1),
              (g_scatter_nd, 1), (g_scatter_elements, 2), (g_split, 1), (g_slice, 1), (g_tile, 1), (g_pad, 1),
              (g_shape, 0), (g_batch_norm, 1), (g_layer_norm, 1), (g_depth_to_space, 1),
              (g_unique, 1), (g_concat_from_sequence, 1), (g_resize, 2), (g_split_to_sequence, 2),
              (g_resize18, 4), (g_transpose, 1), (g_concat, 2), (g_expand, 1), (g_where, 1)]


# --- ONNX model and reference ---

def model_of(c, in_shapes, out_types):
    inputs, inits = [], []
    names = []
    for name, shape, elem in c.inputs:
        names.append("" if shape == ABSENT else name)
        if shape == ABSENT:
            continue
        if name in c.consts:
            inits.append(numpy_helper.from_array(c.consts[name], name))
        elif name in c.seqs:
            inputs.append(helper.make_tensor_sequence_value_info(name, elem, in_shapes[name]))
        else:
            inputs.append(helper.make_tensor_value_info(name, elem, in_shapes[name]))
    # Trailing absent inputs are left out of the node, as ONNX writes them:
    # ONNX 1.12's SplitToSequence reads a named-empty split ('') as a split
    # of unknown value (its dim `?`), not as the absent split of the
    # specification (chunks of 1), which onnx-mlir's "onnx.NoValue" is.
    while names and names[-1] == "":
        names.pop()
    outs = ["out%d" % i for i in range(c.nout)]
    node = helper.make_node(c.op, names, outs, **c.attrs)
    info = helper.make_tensor_sequence_value_info if c.seq_out else helper.make_tensor_value_info
    outputs = [info(o, c.out_elems[i], out_types[i]) for i, o in enumerate(outs)]
    nodes = [node]
    if c.chain and c.seq_out:
        nodes.append(helper.make_node("ConcatFromSequence", [outs[0]], ["z"], axis=0))
        outputs.append(helper.make_tensor_value_info("z", c.out_elems[0], None))
    elif c.chain:
        nodes.append(helper.make_node("Softmax", [outs[0]], ["z"], axis=-1))
        outputs.append(helper.make_tensor_value_info("z", c.out_elems[0], None))
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", OPSET)])


def reference(c, in_shapes, out_types):
    """None (rejected) or the inferred output shapes (lists, None per
    unknown dim; None for an unknown rank)."""
    if c.opset18:
        return resize18_reference(c, in_shapes)
    m = model_of(c, in_shapes, out_types)
    try:
        inf = shape_inference.infer_shapes(m, strict_mode=True)
    except Exception:   # noqa: BLE001: any rejection is the verdict
        return None
    res = []
    for o in inf.graph.output:
        t = o.type.sequence_type.elem_type.tensor_type if c.seq_out else o.type.tensor_type
        if not t.HasField("shape"):
            res.append(None)
        else:
            res.append([d.dim_value if d.HasField("dim_value") else None for d in t.shape.dim])
    return res


# --- MLIR ---

def mlir_type(shape, elem, seq=False):
    e = ELEM[elem]
    if seq:
        return "!onnx.Seq<%s>" % mlir_type(shape, elem)
    if shape is None:
        return "tensor<*x%s>" % e
    return "tensor<%s%s>" % ("".join(("?" if d is None or isinstance(d, str) else str(d)) + "x" for d in shape), e)


def attr_text(v):
    if isinstance(v, list):
        return "[" + ", ".join(str(x) for x in v) + "]"
    if isinstance(v, int):
        return "%d : si64" % v
    return '"%s"' % v


def mlir_func(idx, c, in_shapes, out_types):
    args, body, operands, otypes = [], [], [], []
    for name, shape, elem in c.inputs:
        if shape == ABSENT:
            if "%none" not in operands:
                body.append('  %none = "onnx.NoValue"() {value} : () -> none')
            operands.append("%none")
            otypes.append("none")
            continue
        if name in c.consts:
            arr = c.consts[name]
            t = mlir_type(list(arr.shape), F if arr.dtype == np.float32 else I64)
            body.append('  %%%s = onnx.Constant dense<%s> : %s' % (name, json.dumps(arr.tolist()), t))
        else:
            t = mlir_type(in_shapes[name], elem)
            if name in c.seqs:
                t = "!onnx.Seq<%s>" % t
            args.append("%%%s: %s" % (name, t))
        operands.append("%" + name)
        otypes.append(t)
    if c.op == "Gemm" and len(c.inputs) == 2 or c.op == "Conv" and len(c.inputs) == 2:
        body.append('  %none = "onnx.NoValue"() {value} : () -> none')
        operands.append("%none")
        otypes.append("none")
    rtypes = [mlir_type(out_types[i], c.out_elems[i], c.seq_out) for i in range(c.nout)]
    attrs = ", ".join("%s = %s" % (k, attr_text(v)) for k, v in sorted(c.attrs.items()))
    res = ", ".join("%%r%d" % i for i in range(c.nout))
    lhs = "%r" if c.nout == 1 else "%%r:%d" % c.nout
    body.append('  %s = "onnx.%s"(%s)%s : (%s) -> %s' % (
        lhs, c.op, ", ".join(operands), " {%s}" % attrs if attrs else "", ", ".join(otypes),
        rtypes[0] if len(rtypes) == 1 else "(" + ", ".join(rtypes) + ")"))
    rets = ["%r" if c.nout == 1 else "%%r#%d" % i for i in range(c.nout)]
    if c.chain:
        zt = mlir_type(None, c.out_elems[0])
        chained = '"onnx.ConcatFromSequence"(%s) {axis = 0 : si64}' if c.seq_out else '"onnx.Softmax"(%s) {axis = -1 : si64}'
        body.append('  %%z = %s : (%s) -> %s' % (chained % rets[0], rtypes[0], zt))
        rets.append("%z")
        rtypes.append(zt)
    body.append("  return %s : %s" % (", ".join(rets), ", ".join(rtypes)))
    del res
    return "func.func @c%d(%s) -> (%s) {\n%s\n}\n" % (idx, ", ".join(args), ", ".join(rtypes), "\n".join(body))


def loosen(r, c, shapes):
    out = {}
    for name, s in shapes.items():
        out[name] = [("d%s%d" % (name, i) if r.random() < 0.4 else d) for i, d in enumerate(s)]
    return out


def build_cases(n, seed):
    r = random.Random(seed)
    cases = []
    while len(cases) < n:
        gen, nbad = r.choice(GENERATORS)
        bad = r.randint(1, nbad) if nbad and r.random() < 0.35 else 0
        c = gen(r, bad)
        in_shapes = {name: s for name, s, _ in c.inputs if name not in c.consts and s != ABSENT}
        exact = reference(c, in_shapes, [None] * c.nout)
        valid = exact is not None and not c.spec_invalid
        # A violation only the specification sees is judged on the exact
        # shapes (with `?` the sizes it is about are not known).
        variant = r.choice(["exact", "loose"] + ([] if c.declared_unchecked else ["wrong"])) if valid else "exact" if c.spec_invalid else \
            r.choice(["exact", "loose"])
        shapes = in_shapes
        if variant == "loose":
            shapes = loosen(r, c, in_shapes)
            out_types = [None] * c.nout
        elif valid:
            out_types = [list(s) if s is not None else None for s in exact]
            if variant == "wrong":
                sd = [(i, j) for i, s in enumerate(out_types) if s for j, d in enumerate(s) if d is not None]
                if sd:
                    i, j = r.choice(sd)
                    out_types[i][j] += 1
                else:
                    variant = "exact"
        else:
            out_types = [None] * c.nout
        if valid and variant == "loose" and c.out_elems[0] == F and exact[0] and r.random() < 0.5:
            c.chain = True
        ref = reference(c, shapes, out_types)
        cases.append((c, shapes, out_types, variant, ref))
    return cases


def run_tool(binary, text):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        chk = subprocess.run([binary, "check", "--format=json", "--exit-zero", path], capture_output=True, text=True,
                             timeout=300)
        shp = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    diags = json.loads(chk.stdout)["diagnostics"]
    values = json.loads(shp.stdout)["files"][0]["values"] if shp.stdout.strip() else []
    return diags, values


def evaluate(binary, cases, verbose):
    texts, spans, line = [], [], 0
    for i, (c, shapes, outs, _, _) in enumerate(cases):
        t = mlir_func(i, c, shapes, outs)
        n = t.count("\n")
        spans.append((line, line + n))
        texts.append(t)
        line += n
    diags, values = run_tool(binary, "".join(texts))
    err_at, warn_at = {}, {}
    for d in diags:
        # An error is a rejection; a spec-violation warning says the
        # specification forbids what ONNX's inference accepts (SPEC_ONLY).
        if d["severity"] == "error":
            err_at.setdefault(d["range"]["start"]["line"], []).append(d)
        elif d["code"] == "spec-violation":
            warn_at.setdefault(d["range"]["start"]["line"], []).append(d)
    by_line = {}
    for v in values:
        if v["kind"] == "result" and (v["name"] in ("%r", "%z") or v["name"].startswith("%r#")):
            by_line.setdefault(v["range"]["start"]["line"], []).append(v)
    verdicts = refinable = exact = 0
    fails = []
    for i, (c, shapes, outs, variant, ref) in enumerate(cases):
        lo, hi = spans[i]
        errs = [d for ln in range(lo, hi) for d in err_at.get(ln, [])]
        warns = [d for ln in range(lo, hi) for d in warn_at.get(ln, [])]
        want_invalid = ref is None or bool(c.spec_invalid)
        # An error iff the reference (or onnx-mlir's verifier) rejects; a
        # spec-violation warning (and no error) iff only the specification
        # forbids the graph.
        rejects = ref is None or c.spec_invalid in VERIFIER_REJECTS
        if ref is None and not errs:
            errs = [w for w in warns if any("(%s)" % k in w["message"] for k in ONNX_MLIR_ACCEPTS.get(c.op, ()))]
        ok = bool(errs) == rejects and (bool(warns) == bool(c.spec_invalid) or rejects)
        verdicts += ok
        if not ok:
            got = errs or warns
            fails.append("verdict %s %s (%s): reference %s%s, mlir-shape %s\n%s" % (
                c.op, variant, c.attrs, "rejects" if ref is None else "accepts",
                " (spec: %s)" % c.spec_invalid if c.spec_invalid else "",
                "%s %s: %s" % (got[0]["severity"], got[0]["code"], got[0]["message"]) if got else "accepts",
                texts[i]))
        if want_invalid:
            continue
        vals = [v for ln in range(lo, hi) for v in by_line.get(ln, [])]
        for k in range(c.nout + c.chain):
            elem = c.out_elems[k] if k < c.nout else c.out_elems[0]
            seq = c.seq_out and k < c.nout
            declared = mlir_type(outs[k] if k < c.nout else None, elem, seq)
            want = mlir_type(ref[k], elem, seq)
            if want == declared:
                continue
            refinable += 1
            got = next((v["inferred"] for v in vals if (v["name"] == "%z") == (k == c.nout) and
                        (k == c.nout or v["index"] == k)), None)
            if got == want:
                exact += 1
            else:
                fails.append("type %s %s result %d: reference %s, mlir-shape %s\n%s" % (
                    c.op, variant, k, want, got, texts[i]))
    return verdicts, refinable, exact, fails


def main(argv):
    binary = argv[1]
    opts = dict(a[2:].split("=", 1) if "=" in a else (a[2:], "1") for a in argv[2:])
    n, seed = int(opts.get("cases", 300)), int(opts.get("seed", 24))
    cases = build_cases(n, seed)
    if "base" in opts:
        v, rf, ex, _ = evaluate(opts["base"], cases, False)
        print("base %s: verdicts %d of %d; exact types %d of %d refinable values" % (opts["base"], v, n, ex, rf))
    v, rf, ex, fails = evaluate(binary, cases, "verbose" in opts)
    print("verdicts agree on %d of %d graphs; exact type for %d of %d refinable values" % (v, n, ex, rf))
    for f in fails[:40 if "verbose" in opts else 8]:
        print("FAIL " + f)
    print("%d passed, %d failed" % (n - len(fails) if len(fails) <= n else 0, len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
