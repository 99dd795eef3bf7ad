/*
** nn.c: the neural-network family of structured ops as the frontend
** frameworks define them (sop.h): numpy-style batched matrix products,
** the general matrix product with transposes, channels-first convolutions
** and their transposes, windowed and global pooling, normalizations.
**
** The StableHLO families (contraction.c, convolution.c, window.c) take
** every dimension number and pad pair explicitly; the frameworks' ops
** instead fix a layout (batch, channels, spatial...) whose spatial rank
** follows the operand, pad as [begin..., end...] or by an `auto_pad`
** policy, and round windows down or up (`ceil_mode`). Those rules are
** the ONNX operator specification's (Conv, ConvTranspose, MaxPool,
** AveragePool, LpPool, Global*Pool, MatMul, Gemm, BatchNormalization,
** LayerNormalization), which PyTorch's and TFLite's channels-first ops
** share; where ONNX 1.12's shape inference is laxer than the
** specification (Conv's channels, Gemm's K, a window larger than its
** padded input) the specification decides.
**
** Parameters (the ONNX attribute names, also TFLite's and PyTorch's
** meaning): trans_a, trans_b (Gemm); group, kernel_shape, strides,
** dilations, pads, auto_pad ("NOTSET", "VALID", "SAME_UPPER",
** "SAME_LOWER"), ceil_mode, output_padding, output_shape; axis
** (normalizations). Optional operands may be absent or of a non-shaped
** type (onnx-mlir's `none` from "onnx.NoValue").
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define CODE_K "contracting-dims"
#define CODE_CONV "conv-dims"
#define CODE_WINDOW "window"
#define CODE_GROUP "group-count"
#define CODE_ZERO_POINT "zero-point-shape"   /* codes_onnx.c */

/* Whether operand i is given (present and shaped). */
static bool known(int64_t d) { return d >= 0; }

/* --- numpy matmul ----------------------------------------------------------- */

/* numpy.matmul: 1-D operands are promoted (a leading / trailing 1 that
** the result drops), the last two dims multiply, the leading ones
** broadcast. */
static ms_infer_verdict numpy_matmul(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *a = &in->operands[0], *b = &in->operands[1];
  if (!a->ranked || !b->ranked) {
    if ((a->ranked && a->rank == 0) || (b->ranked && b->rank == 0))
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, a->ranked && a->rank == 0 ? 0 : 1,
                         "matmul operands must have rank >= 1");
    return ms_sop_unknown_results(out, 1);
  }
  if (a->rank == 0 || b->rank == 0)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, a->rank == 0 ? 0 : 1, "matmul operands must have rank >= 1, got %d",
                       a->rank == 0 ? a->rank : b->rank);
  int64_t k1 = a->dims[a->rank - 1];
  int64_t k2 = b->rank == 1 ? b->dims[0] : b->dims[b->rank - 2];
  if (known(k1) && known(k2) && k1 != k2)
    return ms_sop_fail(out, CODE_K, 1, "incompatible dimensions for matrix multiplication: lhs has %lld columns, "
                       "rhs %lld rows", (long long)k1, (long long)k2);
  int ba = a->rank > 2 ? a->rank - 2 : 0, bb = b->rank > 2 ? b->rank - 2 : 0;
  int nb = ba > bb ? ba : bb;
  ms_sop_result_begin(out, 0, a);
  out->nresults = 1;
  for (int i = 0; i < nb; i++) {
    int ia = i - (nb - ba), ib = i - (nb - bb);
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1, d;
    if (known(da) && known(db) && da != db && da != 1 && db != 1)
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, -1,
                         "batch dims cannot broadcast: %lld against %lld", (long long)da, (long long)db);
    if (da == 1) d = db;
    else if (db == 1) d = da;
    else if (known(da)) d = da;
    else d = db;
    ms_sop_result_push(out, 0, d, MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, 0, "dim %d: broadcast batch dim", i);
  }
  if (a->rank >= 2) ms_sop_result_push(out, 0, a->dims[a->rank - 2], MS_DIM_DYNAMIC);
  if (b->rank >= 2) ms_sop_result_push(out, 0, b->dims[b->rank - 1], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "then lhs rows and rhs columns");
  return MS_INFER_OK;
}

/* One zero point (operand zp) of a quantized matmul operand x: a scalar or
** one element; 1-D (per row of a 2-D A / per column of a 2-D B); or of x's
** rank with x's dims but a 1 at dim `one` (A's last, B's second last), as
** onnx-mlir's MatMulInteger verifier requires. */
static bool zero_point_fits(const ms_sop_in *in, int zp, int xi, int one, const char *name, ms_sop_out *out) {
  if (!ms_sop_given(in, zp) || !in->operands[zp].ranked || !in->operands[xi].ranked) return true;
  const ms_shape *z = &in->operands[zp], *x = &in->operands[xi];
  if (z->rank == 0 || (z->rank == 1 && z->dims[0] == 1)) return true;
  if (z->rank == 1) {
    if (x->rank != 2)
      return ms_sop_fail(out, CODE_ZERO_POINT, xi, "'%s' has rank %d, rank should be 2 with a 1-D zero point", name,
                         x->rank), false;
    return true;
  }
  if (z->rank != x->rank)
    return ms_sop_fail(out, CODE_ZERO_POINT, zp, "'%s' has rank %d, its zero point rank %d: the two inputs must have "
                       "the same rank", name, x->rank, z->rank), false;
  int o = one < 0 ? x->rank + one : one;
  for (int i = 0; i < x->rank; i++) {
    if (i == o && known(z->dims[i]) && z->dims[i] != 1)
      return ms_sop_fail(out, CODE_ZERO_POINT, zp, "zero point dim %d has value %lld, value should be 1", i,
                         (long long)z->dims[i]), false;
    if (i != o && known(z->dims[i]) && known(x->dims[i]) && z->dims[i] != x->dims[i])
      return ms_sop_fail(out, CODE_ZERO_POINT, zp, "'%s' dim %d has value %lld, its zero point %lld: the two dims "
                         "must have the same value", name, i, (long long)x->dims[i], (long long)z->dims[i]), false;
  }
  return true;
}

/* numpy_matmul with zero points (A, B, a_zero_point, b_zero_point). */
static ms_infer_verdict matmul_integer(const ms_sop_in *in, ms_sop_out *out) {
  if (!zero_point_fits(in, 2, 0, -1, "A", out) || !zero_point_fits(in, 3, 1, -2, "B", out)) return MS_INFER_INVALID;
  return numpy_matmul(in, out);
}

/* --- gemm --------------------------------------------------------------------- */

/* Y = alpha * A' * B' + beta * C: A' is A (M x K) or its transpose,
** B' is B (K x N) or its transpose; C broadcasts unidirectionally onto
** (M, N). */
static ms_infer_verdict gemm(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *a = &in->operands[0], *b = &in->operands[1];
  for (int i = 0; i < 2; i++)
    if (in->operands[i].ranked && in->operands[i].rank != 2)
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "operand %d must have rank 2, got %d", i,
                         in->operands[i].rank);
  if (!a->ranked || !b->ranked) return ms_sop_unknown_results(out, 1);
  bool ta = ms_sop_int(in, "trans_a", 0) != 0, tb = ms_sop_int(in, "trans_b", 0) != 0;
  int64_t m = a->dims[ta ? 1 : 0], ka = a->dims[ta ? 0 : 1], kb = b->dims[tb ? 1 : 0], n = b->dims[tb ? 0 : 1];
  if (known(ka) && known(kb) && ka != kb)
    return ms_sop_fail(out, CODE_K, 1, "A' has %lld columns and B' %lld rows (transA = %d, transB = %d)",
                       (long long)ka, (long long)kb, ta, tb);
  if (ms_sop_given(in, 2) && in->operands[2].ranked) {
    const ms_shape *c = &in->operands[2];
    int64_t mn[2] = {m, n};
    if (c->rank > 2) return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 2, "C has rank %d, more than 2", c->rank);
    for (int i = 0; i < c->rank; i++) {
      int64_t d = c->dims[i], t = mn[2 - c->rank + i];
      if (known(d) && known(t) && d != 1 && d != t)
        return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 2, "C dim %d (%lld) does not broadcast onto %lld", i,
                           (long long)d, (long long)t);
    }
  }
  ms_sop_result_begin(out, 0, a);
  out->nresults = 1;
  ms_sop_result_push(out, 0, m, MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, n, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "dim 0: M of A%s; dim 1: N of B%s", ta ? " (transposed)" : "",
                                       tb ? " (transposed)" : "");
  return MS_INFER_OK;
}

/* --- channels-first convolution and pooling ----------------------------------- */

typedef struct window_spec {
  int n;                              /* spatial dims */
  int64_t k[MS_MAX_RANK], s[MS_MAX_RANK], d[MS_MAX_RANK], pb[MS_MAX_RANK], pe[MS_MAX_RANK];
  char pad[32];                       /* auto_pad */
  bool ceil;
} window_spec;

/* Reads strides, dilations, pads, auto_pad, ceil_mode for n spatial dims
** (kernel sizes already in w->k); false with out's reason. */
static bool read_window(const ms_sop_in *in, window_spec *w, ms_sop_out *out) {
  const char *names[3] = {"strides", "dilations", "pads"};
  int64_t *dst[2] = {w->s, w->d};
  for (int p = 0; p < 3; p++) {
    const ms_sop_param *v = ms_sop_get(in, names[p]);
    int want = p == 2 ? 2 * w->n : w->n;
    if (v && v->n != want)
      return ms_sop_fail(out, CODE_WINDOW, -1, "%s has %d values, %d expected for %d spatial dims", names[p], v->n,
                         want, w->n), false;
    for (int i = 0; i < want; i++) {
      int64_t x = v ? v->v[i] : (p == 2 ? 0 : 1);
      if (p < 2 && x < 1)
        return ms_sop_fail(out, CODE_WINDOW, -1, "%s must be positive, got %lld", names[p], (long long)x), false;
      if (p < 2) dst[p][i] = x;
      else if (x < 0) return ms_sop_fail(out, CODE_WINDOW, -1, "pads must be non-negative"), false;
      else if (i < w->n) w->pb[i] = x;
      else w->pe[i - w->n] = x;
    }
  }
  const ms_sop_param *ap = ms_sop_get(in, "auto_pad");
  snprintf(w->pad, sizeof w->pad, "%s", ap && ap->str[0] ? ap->str : "NOTSET");
  if (strcmp(w->pad, "NOTSET") && strcmp(w->pad, "VALID") && strcmp(w->pad, "SAME_UPPER") &&
      strcmp(w->pad, "SAME_LOWER"))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "auto_pad \"%s\" is not NOTSET, VALID, SAME_UPPER or "
                       "SAME_LOWER", w->pad), false;
  w->ceil = ms_sop_int(in, "ceil_mode", 0) != 0;
  return true;
}

/* Output size of spatial dim i over an input of size x (`?` stays `?`). */
static bool window_out(const window_spec *w, int i, int64_t x, int64_t *o, ms_sop_out *out) {
  if (!known(x)) return *o = MS_DIM_DYNAMIC, true;
  int64_t ek = (w->k[i] - 1) * w->d[i] + 1;
  int64_t padded = x + (strcmp(w->pad, "VALID") ? w->pb[i] + w->pe[i] : 0);
  if (!strcmp(w->pad, "SAME_UPPER") || !strcmp(w->pad, "SAME_LOWER")) {
    /* The padding ONNX's inference gives SAME (ceil(x / stride) positions
    ** without ceil_mode; with it, the rounding below may add one). */
    int64_t residual = x % w->s[i], total = residual ? ek - residual : ek - w->s[i];
    padded = x + (total > 0 ? total : 0);
  }
  if (padded < ek)
    return ms_sop_fail(out, CODE_WINDOW, 0, "spatial dim %d: the window (%lld with dilation) is larger than the "
                       "padded input (%lld)", i, (long long)ek, (long long)padded), false;
  int64_t span = padded - ek;
  *o = 1 + (w->ceil ? (span + w->s[i] - 1) / w->s[i] : span / w->s[i]);
  return true;
}

/* Pushes the spatial dims of x (from dim 2) through the window. */
static bool push_spatial(const ms_sop_in *in, const window_spec *w, const ms_shape *x, ms_sop_out *out) {
  for (int i = 0; i < w->n; i++) {
    int64_t o;
    if (!window_out(w, i, x->dims[2 + i], &o, out)) return false;
    ms_sop_result_push(out, 0, o, MS_DIM_DYNAMIC);
    if (in->want_provenance)
      ms_sop_note(out, 0, "dim %d: input dim %d, window %lld, stride %lld, dilation %lld", 2 + i, 2 + i,
                  (long long)w->k[i], (long long)w->s[i], (long long)w->d[i]);
  }
  return true;
}

/* The kernel's spatial sizes from W (dims 2...) or kernel_shape; false:
** not known (UNKNOWN) or a contradiction (out's reason set, *bad). */
static bool kernel_sizes(const ms_sop_in *in, const ms_shape *wt, window_spec *w, ms_sop_out *out, bool *bad) {
  const ms_sop_param *ks = ms_sop_get(in, "kernel_shape");
  if (ks && ks->n != w->n)
    return *bad = true, ms_sop_fail(out, CODE_CONV, -1, "kernel_shape has %d values for %d spatial dims", ks->n, w->n),
           false;
  for (int i = 0; i < w->n; i++) {
    int64_t k = ks ? ks->v[i] : (wt ? wt->dims[2 + i] : MS_DIM_DYNAMIC);
    if (ks && wt && known(wt->dims[2 + i]) && wt->dims[2 + i] != k)
      return *bad = true, ms_sop_fail(out, CODE_CONV, 1, "kernel_shape[%d] = %lld but the weight's dim %d is %lld",
                                      i, (long long)k, 2 + i, (long long)wt->dims[2 + i]), false;
    if (ks && k < 1)
      return *bad = true, ms_sop_fail(out, CODE_WINDOW, -1, "kernel_shape must be positive"), false;
    w->k[i] = k;
  }
  return true;
}

/* What Conv and ConvTranspose check alike: X of rank >= 3, W of X's rank,
** a positive group (*g), the kernel and the window attributes (*w). True
** to go on; else false with *v the verdict to return. */
static bool conv_common(const ms_sop_in *in, ms_sop_out *out, window_spec *w, int64_t *g, ms_infer_verdict *v) {
  const ms_shape *x = &in->operands[0], *wt = &in->operands[1];
  *v = MS_INFER_INVALID;
  if (x->ranked && x->rank < 3) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "input rank %d < 3", x->rank), false;
  if (wt->ranked && x->ranked && wt->rank != x->rank)
    return ms_sop_fail(out, CODE_CONV, 1, "weight rank %d differs from input rank %d", wt->rank, x->rank), false;
  if (!x->ranked || !wt->ranked) return *v = ms_sop_unknown_results(out, 1), false;
  *g = ms_sop_int(in, "group", 1);
  if (*g < 1) return ms_sop_fail(out, CODE_GROUP, -1, "group %lld must be positive", (long long)*g), false;
  *w = (window_spec){.n = x->rank - 2};
  bool bad = false;
  if (!kernel_sizes(in, wt, w, out, &bad)) return *v = bad ? MS_INFER_INVALID : MS_INFER_UNKNOWN, false;
  return read_window(in, w, out);
}

/* Conv (X, W, B): X is (N, C, spatial...), W (M, C / group, kernel...),
** B (M); the result (N, M, out spatial...). */
static ms_infer_verdict conv_nchw(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *wt = &in->operands[1];
  window_spec w;
  int64_t g;
  ms_infer_verdict v;
  if (!conv_common(in, out, &w, &g, &v)) return v;
  int64_t c = x->dims[1], wc = wt->dims[1], m = wt->dims[0];
  if (known(c) && known(wc) && c != wc * g)
    return ms_sop_fail(out, CODE_CONV, 1, "input channels %lld != weight dim 1 (%lld) * group (%lld)", (long long)c,
                       (long long)wc, (long long)g);
  if (known(m) && m % g)
    return ms_sop_fail(out, CODE_GROUP, 1, "output channels %lld not divisible by group %lld", (long long)m,
                       (long long)g);
  if (ms_sop_given(in, 2) && in->operands[2].ranked) {
    const ms_shape *b = &in->operands[2];
    if (b->rank != 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 2, "bias rank %d, 1 expected", b->rank);
    if (known(b->dims[0]) && known(m) && b->dims[0] != m)
      return ms_sop_fail(out, CODE_CONV, 2, "bias size %lld != output channels %lld", (long long)b->dims[0],
                         (long long)m);
  }
  bool kknown = true;
  for (int i = 0; i < w.n; i++) kknown &= known(w.k[i]);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  ms_sop_result_push(out, 0, x->dims[0], MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, m, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "dim 0: input batch; dim 1: weight dim 0");
  if (!kknown) {
    for (int i = 0; i < w.n; i++) ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
    return MS_INFER_OK;
  }
  return push_spatial(in, &w, x, out) ? MS_INFER_OK : MS_INFER_INVALID;
}

/* ConvTranspose (X, W, B): W is (C, M / group, kernel...); output spatial
** stride * (in - 1) + output_padding + (k - 1) * dilation + 1 - pads, or
** output_shape when given (the pads then follow from it). */
static ms_infer_verdict conv_transpose_nchw(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *wt = &in->operands[1];
  window_spec w;
  int64_t g;
  ms_infer_verdict v;
  if (!conv_common(in, out, &w, &g, &v)) return v;
  int64_t c = x->dims[1];
  if (known(c) && known(wt->dims[0]) && c != wt->dims[0])
    return ms_sop_fail(out, CODE_CONV, 1, "input channels %lld != weight dim 0 (%lld)", (long long)c,
                       (long long)wt->dims[0]);
  const ms_sop_param *op = ms_sop_get(in, "output_padding"), *os = ms_sop_get(in, "output_shape");
  if ((op && op->n != w.n) || (os && os->n != w.n))
    return ms_sop_fail(out, CODE_WINDOW, -1, "output_padding / output_shape need %d values", w.n);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  ms_sop_result_push(out, 0, x->dims[0], MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, known(wt->dims[1]) ? wt->dims[1] * g : MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  for (int i = 0; i < w.n; i++) {
    int64_t xi = x->dims[2 + i], o = MS_DIM_DYNAMIC;
    if (os) o = os->v[i];
    else if (known(xi) && known(w.k[i])) {
      int64_t full = w.s[i] * (xi - 1) + (op ? op->v[i] : 0) + (w.k[i] - 1) * w.d[i] + 1;
      if (!strcmp(w.pad, "SAME_UPPER") || !strcmp(w.pad, "SAME_LOWER")) o = xi * w.s[i];
      else o = full - (strcmp(w.pad, "VALID") ? w.pb[i] + w.pe[i] : 0);
      if (o < 1)
        return ms_sop_fail(out, CODE_WINDOW, 0, "spatial dim %d: output size %lld is not positive", i, (long long)o);
    }
    ms_sop_result_push(out, 0, o, MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "input batch, weight dim 1 * group, transposed windows");
  return MS_INFER_OK;
}

/* MaxPool / AveragePool / LpPool (X): kernel_shape required; (N, C, out
** spatial...); a second result (MaxPool's Indices) has the same shape. */
static ms_infer_verdict pool_nchw(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int nres = in->nresults > 1 ? 2 : 1;
  if (x->ranked && x->rank < 3) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "input rank %d < 3", x->rank);
  if (!x->ranked || !ms_sop_get(in, "kernel_shape")) return ms_sop_unknown_results(out, nres);
  window_spec w = {.n = x->rank - 2};
  bool bad = false;
  if (!kernel_sizes(in, NULL, &w, out, &bad)) return bad ? MS_INFER_INVALID : MS_INFER_UNKNOWN;
  if (!read_window(in, &w, out)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  ms_sop_result_push(out, 0, x->dims[0], MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, x->dims[1], MS_DIM_DYNAMIC);
  if (!push_spatial(in, &w, x, out)) return MS_INFER_INVALID;
  if (nres == 2) {
    out->results[1] = out->results[0];
    out->results[1].elem[0] = 0;
    out->nresults = 2;
  }
  return MS_INFER_OK;
}

/* GlobalAveragePool / GlobalMaxPool / GlobalLpPool: (N, C, 1, ...). */
static ms_infer_verdict global_pool(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!x->ranked || x->rank < 2) return ms_sop_unknown_results(out, 1);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, i < 2 ? x->dims[i] : 1, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "input batch and channels, spatial dims 1");
  return MS_INFER_OK;
}

/* --- normalizations ------------------------------------------------------------ */

/* How many results a normalization gives: Y and up to two statistics. */
static int norm_results(const ms_sop_in *in) {
  int nres = in->nresults > 0 ? in->nresults : 1;
  return nres > 3 ? 3 : nres;
}

/* BatchNormalization (X, scale, B, mean, var): Y is X's shape; the four
** statistics are 1-D of X's channels (dim 1; rank-1 X: dim 0 stays ?);
** extra results (running mean, var) are (C). */
static ms_infer_verdict batch_norm(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int nres = norm_results(in);
  if (!x->ranked) return ms_sop_unknown_results(out, nres);
  int64_t c = x->rank >= 2 ? x->dims[1] : 1;
  for (int i = 1; i < in->noperands && i < 5; i++) {
    if (!ms_sop_given(in, i) || !in->operands[i].ranked) continue;
    const ms_shape *s = &in->operands[i];
    if (s->rank != 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "operand %d has rank %d, 1 expected", i, s->rank);
    if (known(c) && known(s->dims[0]) && s->dims[0] != c)
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "operand %d has %lld elements, the input %lld channels", i,
                         (long long)s->dims[0], (long long)c);
  }
  ms_sop_same_shape(in, out, 0, x, "the input's shape");
  for (int r = 1; r < nres; r++) {
    ms_sop_result_begin(out, r, x);
    ms_sop_result_push(out, r, c, MS_DIM_DYNAMIC);
  }
  return MS_INFER_OK;
}

/* LayerNormalization (X, scale, B) over dims axis...: Y is X's shape; Mean
** and InvStdDev keep dims before axis and are 1 from it. */
static ms_infer_verdict layer_norm(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int nres = norm_results(in);
  if (!x->ranked) return ms_sop_unknown_results(out, nres);
  int64_t axis = ms_sop_int(in, "axis", -1);
  if (axis < -x->rank || axis >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "axis %lld is out of [%d, %d)", (long long)axis, -x->rank,
                       x->rank);
  if (axis < 0) axis += x->rank;
  ms_sop_same_shape(in, out, 0, x, "the input's shape");
  for (int r = 1; r < nres; r++) {
    ms_sop_result_begin(out, r, x);
    for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, r, i < axis ? x->dims[i] : 1, MS_DIM_DYNAMIC);
  }
  return MS_INFER_OK;
}

#define WINDOW_NAMES "kernel_shape,strides,dilations,pads,auto_pad,ceil_mode"

const ms_sop_def ms_sop_nn[] = {
    {"numpy_matmul", numpy_matmul, ""},
    {"matmul_integer", matmul_integer, ""},
    {"gemm", gemm, "trans_a,trans_b"},
    {"conv_channels_first", conv_nchw, "group," WINDOW_NAMES},
    {"conv_transpose_channels_first", conv_transpose_nchw, "group,output_padding,output_shape," WINDOW_NAMES},
    {"pool_channels_first", pool_nchw, WINDOW_NAMES},
    {"global_pool", global_pool, ""},
    {"batch_norm", batch_norm, ""},
    {"layer_norm", layer_norm, "axis"},
    {NULL, NULL, NULL},
};
