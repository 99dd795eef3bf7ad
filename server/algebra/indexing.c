/*
** indexing.c: the frontend frameworks' indexing and cropping ops as a
** structured-op family (sop.h): gather along an axis, of elements, of
** index tuples (with batch dims); the matching scatters; split into
** given or equal sizes; strided slices with negative, clamped bounds;
** tile; pad by constant amounts.
**
** The rules are the ONNX operator specification's (Gather,
** GatherElements, GatherND, ScatterND, ScatterElements, Split, Slice,
** Tile, Pad), which TFLite's and PyTorch's ops of these names share;
** tensor_ops.c has the reshapes and reductions of the same frameworks,
** gather.c and movement.c StableHLO's explicit forms. Axes may be
** negative; sizes come from constant operands (an operand that is given
** but not a constant leaves the sizes it decides `?`).
**
** Parameters: axis, batch_dims, split, num_outputs, starts, ends, axes,
** steps, repeats, pads.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static bool known(int64_t d) { return d >= 0; }

static bool need_rank(ms_sop_out *out, const ms_shape *s, int i, int min, const char *name) {
  if (s->rank >= min) return true;
  return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "%s has rank %d, rank should be >= %d", name, s->rank, min), false;
}

/* Two dims that must be equal; false with out's reason. */
static bool same_dim(ms_sop_out *out, int operand, int64_t a, int64_t b, const char *what, int i) {
  if (!known(a) || !known(b) || a == b) return true;
  return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, operand, "%s dim %d is %lld, %lld expected", what, i, (long long)a,
                     (long long)b), false;
}

static void push(ms_sop_out *out, int r, int64_t d) { ms_sop_result_push(out, r, d, MS_DIM_DYNAMIC); }

static ms_infer_verdict data_shape(const ms_sop_in *in, ms_sop_out *out, const ms_shape *x) {
  return ms_sop_same_shape(in, out, 0, x, "the data's shape");
}

/* --- gathers and scatters -------------------------------------------------------- */

/* Constant indices (a flat list of k-tuples) within [-s, s - 1] of the
** data dim (first + their place in the tuple) they index. */
static bool indices_in(ms_sop_out *out, const ms_sop_param *idx, const ms_shape *x, int first, int k) {
  for (int p = 0; idx && k > 0 && p < idx->n; p++) {
    int d = first + p % k;
    int64_t s = d < x->rank ? x->dims[d] : MS_DIM_DYNAMIC, v = idx->v[p];
    char which[32] = "'indices'";
    if (k > 1) snprintf(which, sizeof which, "'indices[%d]'", p % k);
    if (known(s) && (v < -s || v >= s))
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "%s value is %lld, accepted range is [%lld, %lld]", which,
                         (long long)v, (long long)-s, (long long)(s - 1)), false;
  }
  return true;
}

static ms_infer_verdict gather_axis(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1];
  if (x->ranked && !need_rank(out, x, 0, 1, "data")) return MS_INFER_INVALID;
  if (!x->ranked || !idx->ranked) return ms_sop_unknown_results(out, 1);
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  if (x->rank - 1 + idx->rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < axis; i++) push(out, 0, x->dims[i]);
  for (int i = 0; i < idx->rank; i++) push(out, 0, idx->dims[i]);
  for (int i = (int)axis + 1; i < x->rank; i++) push(out, 0, x->dims[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "data dims with dim %lld replaced by the indices' dims", (long long)axis);
  return MS_INFER_OK;
}

static ms_infer_verdict gather_elements(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1];
  if (x->ranked && !need_rank(out, x, 0, 1, "data")) return MS_INFER_INVALID;
  if (x->ranked && idx->ranked && idx->rank != x->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "indices have rank %d, rank should be %d", idx->rank, x->rank);
  if (x->ranked) {
    int64_t axis = ms_sop_int(in, "axis", 0);
    if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
    if (!indices_in(out, ms_sop_get(in, "indices"), x, (int)axis, 1)) return MS_INFER_INVALID;
  }
  if (!idx->ranked) return ms_sop_unknown_results(out, 1);
  out->results[0] = *idx;
  out->results[0].bounded = false;
  memcpy(out->results[0].elem, x->elem, sizeof x->elem);
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the indices' shape");
  return MS_INFER_OK;
}

static ms_infer_verdict gather_nd(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1];
  if (x->ranked && !need_rank(out, x, 0, 1, "data")) return MS_INFER_INVALID;
  if (idx->ranked && !need_rank(out, idx, 1, 1, "indices")) return MS_INFER_INVALID;
  if (!x->ranked || !idx->ranked) return ms_sop_unknown_results(out, 1);
  int64_t b = ms_sop_int(in, "batch_dims", 0);
  int lim = x->rank < idx->rank ? x->rank : idx->rank;
  if (b < 0 || b >= lim)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "'batch_dims' value is %lld, accepted range is [0, %d]",
                       (long long)b, lim - 1);
  for (int i = 0; i < b; i++)
    if (!same_dim(out, 1, idx->dims[i], x->dims[i], "indices batch", i)) return MS_INFER_INVALID;
  int64_t k = idx->dims[idx->rank - 1];
  if (known(k) && (k < 1 || k > x->rank - b))
    return ms_sop_fail(out, MS_CODE_INDEX_VECTOR, 1, "the indices' last dim is %lld, value should be in [1, %lld]",
                       (long long)k, (long long)(x->rank - b));
  if (!known(k)) return ms_sop_unknown_results(out, 1);
  if (!indices_in(out, ms_sop_get(in, "indices"), x, (int)b, (int)k)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < idx->rank - 1; i++) push(out, 0, idx->dims[i]);
  for (int i = (int)(b + k); i < x->rank; i++) push(out, 0, x->dims[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "indices dims but the last, then data dims from %lld",
                                       (long long)(b + k));
  return MS_INFER_OK;
}

static ms_infer_verdict scatter_nd(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1], *u = &in->operands[2];
  if (x->ranked && !need_rank(out, x, 0, 1, "data")) return MS_INFER_INVALID;
  if (idx->ranked && !need_rank(out, idx, 1, 1, "indices")) return MS_INFER_INVALID;
  if (x->ranked && idx->ranked) {
    int64_t k = idx->dims[idx->rank - 1];
    if (known(k) && (k < 1 || k > x->rank))
      return ms_sop_fail(out, MS_CODE_INDEX_VECTOR, 1, "the indices' last dim is %lld, value should be <= %d",
                         (long long)k, x->rank);
    if (known(k) && u->ranked) {
      int want = idx->rank - 1 + x->rank - (int)k;
      if (u->rank != want)
        return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, 2, "updates have rank %d, rank should be %d", u->rank, want);
      for (int i = 0; i < idx->rank - 1; i++)
        if (!same_dim(out, 2, u->dims[i], idx->dims[i], "updates", i)) return MS_INFER_INVALID;
      for (int i = idx->rank - 1; i < want; i++)
        if (!same_dim(out, 2, u->dims[i], x->dims[i - (idx->rank - 1) + k], "updates", i)) return MS_INFER_INVALID;
    }
  }
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  return data_shape(in, out, x);
}

static ms_infer_verdict scatter_elements(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1], *u = &in->operands[2];
  if (x->ranked && !need_rank(out, x, 0, 1, "data")) return MS_INFER_INVALID;
  for (int o = 1; o < 3; o++)
    if (x->ranked && in->operands[o].ranked && in->operands[o].rank != x->rank)
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, o, "operand %d has rank %d, rank should be %d", o,
                         in->operands[o].rank, x->rank);
  if (idx->ranked && u->ranked && idx->rank == u->rank)
    for (int i = 0; i < idx->rank; i++)
      if (!same_dim(out, 2, u->dims[i], idx->dims[i], "updates", i)) return MS_INFER_INVALID;
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  return data_shape(in, out, x);
}

/* --- split, slice, tile, pad ------------------------------------------------------ */

/* Split (X, split?) into the op's results along axis: the sizes in split
** (summing to the dim), or equal parts (num_outputs or the result count). */
static ms_infer_verdict split_sizes(const ms_sop_in *in, ms_sop_out *out) {
  /* Past MS_SOP_MAX_LIST results a split list cannot be read whole: unknown. */
  if (in->noperands < 1 || in->nresults < 1 || in->nresults > out->room || in->nresults > MS_SOP_MAX_LIST)
    return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int n = in->nresults;
  const ms_sop_param *sp = ms_sop_get(in, "split");
  if (!x->ranked) return ms_sop_unknown_results(out, n);
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  if (!sp && ms_sop_given(in, 1)) return ms_sop_unknown_results(out, n);
  int64_t d = x->dims[axis], sizes[MS_SOP_MAX_LIST];
  if (sp) {
    if (sp->n != n)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "split has %d values for %d outputs", sp->n, n);
    int64_t sum = 0;
    for (int i = 0; i < n; i++) {
      if (sp->v[i] < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "split[%d] = %lld is negative", i,
                                           (long long)sp->v[i]);
      sizes[i] = sp->v[i];
      sum += sp->v[i];
    }
    if (known(d) && sum != d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "the split sizes sum to %lld, the axis has %lld",
                         (long long)sum, (long long)d);
  } else if (ms_sop_get(in, "num_outputs")) {
    /* num_outputs (ONNX opset 18): parts of ceil(d / n), the last smaller. */
    int64_t parts = ms_sop_int(in, "num_outputs", n);
    if (parts != n) return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "num_outputs %lld, %d results", (long long)parts, n);
    int64_t each = known(d) ? (d + n - 1) / n : MS_DIM_DYNAMIC;
    if (known(d) && each * (n - 1) >= d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0, "the axis has %lld elements, too few for %d parts",
                         (long long)d, n);
    for (int i = 0; i < n; i++) sizes[i] = known(d) ? (i < n - 1 ? each : d - each * (n - 1)) : MS_DIM_DYNAMIC;
  } else {
    if (known(d) && d % n)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0, "the axis has %lld elements, not divisible into %d parts",
                         (long long)d, n);
    for (int i = 0; i < n; i++) sizes[i] = known(d) ? d / n : MS_DIM_DYNAMIC;
  }
  for (int r = 0; r < n; r++) {
    ms_sop_result_begin(out, r, x);
    /* ONNX's inference leaves the split axis `?` when its size is. */
    for (int i = 0; i < x->rank; i++) push(out, r, i != axis ? x->dims[i] : known(d) ? sizes[r] : MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, r, "the input's dims, dim %lld is part %d", (long long)axis, r);
  }
  return MS_INFER_OK;
}

static int64_t clamp(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }

/* ONNX Slice's size of one axis of size d. */
static int64_t slice_size(int64_t d, int64_t s, int64_t e, int64_t step) {
  if (s < 0) s += d;
  s = step < 0 ? clamp(s, 0, d - 1) : clamp(s, 0, d);
  if (e < 0) e += d;
  e = step < 0 ? clamp(e, -1, d - 1) : clamp(e, 0, d);
  int64_t n = step > 0 ? (e - s + step - 1) / step : (s - e + (-step) - 1) / (-step);
  return n < 0 ? 0 : n;
}

static ms_infer_verdict slice_steps(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  const ms_sop_param *st = ms_sop_get(in, "starts"), *en = ms_sop_get(in, "ends"), *ax = ms_sop_get(in, "axes"),
                     *sp = ms_sop_get(in, "steps"), *zs = ms_sop_get(in, "zero_step");
  bool zero_warn = zs && !strcmp(zs->str, "warn");
  bool ok = st && en && (ax || !ms_sop_given(in, 3)) && (sp || !ms_sop_given(in, 4));
  if (st && en && st->n != en->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 2, "%d starts and %d ends", st->n, en->n);
  if (ok && ((ax && ax->n != st->n) || (sp && sp->n != st->n)))
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "starts, ends, axes and steps differ in length");
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  if (!ok) {
    for (int i = 0; i < x->rank; i++) push(out, 0, MS_DIM_DYNAMIC);
    return MS_INFER_OK;
  }
  int64_t size[MS_MAX_RANK];
  bool seen[MS_MAX_RANK] = {false};
  for (int i = 0; i < x->rank; i++) size[i] = x->dims[i];
  for (int i = 0; i < st->n; i++) {
    int64_t a = ax ? ax->v[i] : i, step = sp ? sp->v[i] : 1;
    if (!ms_sop_axis_in(out, &a, x->rank, "axes")) return MS_INFER_INVALID;
    if (seen[a]) return ms_sop_fail(out, MS_CODE_DIMS_ORDER, 3, "axis %lld is repeated", (long long)a);
    seen[a] = true;
    /* zero_step "warn": the reference rejects a step of 0 only on a known dim. */
    if (step == 0 && !known(x->dims[a]) && zero_warn) {
      ms_sop_warn(out, MS_CODE_SLICE_BOUNDS, 4, "'step' cannot be 0");
      size[a] = MS_DIM_DYNAMIC;
      continue;
    }
    if (step == 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 4, "'step' cannot be 0");
    size[a] = known(x->dims[a]) ? slice_size(x->dims[a], st->v[i], en->v[i], step) : MS_DIM_DYNAMIC;
  }
  for (int i = 0; i < x->rank; i++) push(out, 0, size[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "each sliced axis ceil((end - start) / step), clamped");
  return MS_INFER_OK;
}

static ms_infer_verdict tile_repeats(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *rp = ms_sop_get(in, "repeats");
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  if (in->noperands > 1 && in->operands[1].ranked && in->operands[1].rank == 1 && known(in->operands[1].dims[0]) &&
      in->operands[1].dims[0] != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "repeats has %lld values for rank %d",
                       (long long)in->operands[1].dims[0], x->rank);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  if (rp && rp->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "repeats has %d values for rank %d", rp->n, x->rank);
  for (int i = 0; i < x->rank; i++) {
    if (rp && rp->v[i] < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "repeats[%d] is negative", i);
    push(out, 0, rp && known(x->dims[i]) ? x->dims[i] * rp->v[i] : MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "each dim times its repeat");
  return MS_INFER_OK;
}

/* Pad (X, pads, value?, axes?): pads [begin..., end...] over the axes
** (all by default); each padded dim begin + dim + end. */
static ms_infer_verdict pad_values(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *pd = ms_sop_get(in, "pads"), *ax = ms_sop_get(in, "axes");
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  if (!pd || (!ax && ms_sop_given(in, 3))) {
    for (int i = 0; i < x->rank; i++) push(out, 0, MS_DIM_DYNAMIC);
    return MS_INFER_OK;
  }
  int na = ax ? ax->n : x->rank;
  if (pd->n != 2 * na)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "pads has %d values, %d expected", pd->n, 2 * na);
  int64_t size[MS_MAX_RANK];
  for (int i = 0; i < x->rank; i++) size[i] = x->dims[i];
  for (int i = 0; i < na; i++) {
    int64_t a = ax ? ax->v[i] : i;
    if (!ms_sop_axis_in(out, &a, x->rank, "axes")) return MS_INFER_INVALID;
    if (!known(x->dims[a])) continue;
    size[a] = x->dims[a] + pd->v[i] + pd->v[na + i];
    if (size[a] < 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "dim %lld padded to a negative size %lld", (long long)a,
                         (long long)size[a]);
  }
  for (int i = 0; i < x->rank; i++) push(out, 0, size[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "each dim plus its begin and end pads");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_indexing[] = {
    {"gather_axis", gather_axis, "axis"},
    {"gather_elements", gather_elements, "axis,indices"},
    {"gather_nd", gather_nd, "batch_dims,indices"},
    {"scatter_nd", scatter_nd, ""},
    {"scatter_elements", scatter_elements, "axis"},
    {"split_sizes", split_sizes, "axis,split,num_outputs"},
    {"slice_steps", slice_steps, "starts,ends,axes,steps,zero_step"},
    {"tile_repeats", tile_repeats, "repeats"},
    {"pad_values", pad_values, "pads,axes"},
    {NULL, NULL, NULL},
};
