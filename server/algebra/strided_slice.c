/*
** strided_slice.c: TensorFlow's strided slice with masks (sop.h), as
** TensorFlow's ValidateStridedSliceOp (core/util/strided_slice_op.cc)
** computes its shape; TFLite's and TensorFlow's ops share it.
**
** Operands: the input, then 1-D begin, end and strides ("begin", "end",
** "strides": their constants, when the op's operands are constants;
** "spec_operands" [b, e, s]: the operand numbers, for their lengths).
** Masks "begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
** "shrink_axis_mask" (bit i for spec entry i). The sparse spec becomes a
** dense one over the input's dims: an ellipsis covers the dims the other
** entries leave (an implicit one at the end when none is given), a new
** axis adds a dim of 1, a shrunk axis removes its dim (its index must be
** in range), and each other dim is ceil((end - begin) / stride) after
** clamping, 0 when empty. A dim of unknown size stays `?` (1 if shrunk).
**
** Checks (as the verifiers do): begin, end and strides are 1-D and
** ("same_length" 1) of one length; ("max_spec_length" 1) none longer
** than the input's rank (TFLite); ("max_rank" N) the input's rank plus
** the new axes outside an ellipsis is at most N (TFLite: 6). A stride of
** 0 or a shrunk index out of range fails only at run time: nothing is
** inferred then. With "offset" 1 (TFLite), end is
** relative to begin. The verifiers do not compare the declared result
** with the shape: it is only refined.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define NEW_AXIS (-1)
#define SHRINK (-2)

typedef struct dense_dim {
  int input;       /* the input dim, or NEW_AXIS */
  bool full;       /* covered by an ellipsis: the whole dim */
  int spec;        /* the sparse entry it comes from (-1: an ellipsis) */
  bool shrink;
} dense_dim;

static bool bit(int64_t mask, int i) { return i < 63 && ((mask >> i) & 1); }

static const ms_shape *operand(const ms_sop_in *in, int64_t i) {
  return i >= 0 && i < in->noperands ? &in->operands[i] : NULL;
}

/* The spec length (begin's, else end's or strides'), -1 when unknown. */
static int spec_length(const ms_sop_in *in) {
  const char *names[3] = {"begin", "end", "strides"};
  for (int k = 0; k < 3; k++) {
    const ms_sop_param *p = ms_sop_get(in, names[k]);
    if (p) return p->n;
  }
  int n;
  const int64_t *ops = ms_sop_list(in, "spec_operands", &n);
  for (int k = 0; ops && k < n; k++) {
    const ms_shape *s = operand(in, ops[k]);
    if (s && s->ranked && s->rank == 1 && s->dims[0] >= 0) return (int)s->dims[0];
  }
  return -1;
}

static bool spec_operands_fit(const ms_sop_in *in, int rank, ms_sop_out *out) {
  int n;
  const int64_t *ops = ms_sop_list(in, "spec_operands", &n);
  int64_t len = -1;
  for (int k = 0; ops && k < n; k++) {
    const ms_shape *s = operand(in, ops[k]);
    if (!s || !s->ranked || s->kind != MS_TYPE_TENSOR) continue;
    if (s->rank != 1)
      return ms_sop_fail(out, "operand-rank", (int)ops[k], "operand %lld must be 1-D, got rank %d", (long long)ops[k],
                         s->rank),
             false;
    if (s->dims[0] < 0) continue;
    if (ms_sop_int(in, "max_spec_length", 0) && rank >= 0 && s->dims[0] > rank)
      return ms_sop_fail(out, "dims-count", (int)ops[k], "operand %lld has %lld entries, more than the input's rank %d",
                         (long long)ops[k], (long long)s->dims[0], rank),
             false;
    if (ms_sop_int(in, "same_length", 0) && len >= 0 && s->dims[0] != len)
      return ms_sop_fail(out, "dims-count", (int)ops[k], "requires begin, end and strides to have the same number of "
                         "elements (%lld and %lld)", (long long)len, (long long)s->dims[0]),
             false;
    len = s->dims[0];
  }
  return true;
}

/* The dense spec over rank input dims from nspec sparse entries: its
** dims in d (input dims, new axes), their count. */
static int densify(const ms_sop_in *in, int nspec, int rank, dense_dim *d) {
  int64_t ell = ms_sop_int(in, "ellipsis_mask", 0), nax = ms_sop_int(in, "new_axis_mask", 0);
  int64_t shr = ms_sop_int(in, "shrink_axis_mask", 0);
  int nell = 0;
  for (int i = 0; i < nspec; i++) nell += bit(ell, i);
  if (nell > 1) return -1; /* "Multiple ellipses in slice spec not allowed" */
  bool has_ellipsis = nell == 1;
  int total = has_ellipsis ? nspec : nspec + 1; /* an implicit ellipsis at the end */
  int full = 0, nd = 0;
  for (int i = 0; i < total && nd < MS_MAX_RANK; i++) {
    bool is_ell = i == nspec || bit(ell, i);
    if (is_ell) {
      int after = 0; /* the new axes after the first ellipsis */
      for (int k = i + 1; k < nspec; k++) after += bit(nax, k) && !bit(ell, k);
      int next = rank - (total - i) + 1 + after;
      if (next > rank) next = rank;
      for (; full < next && nd < MS_MAX_RANK; full++) d[nd++] = (dense_dim){full, true, -1, false};
    } else if (bit(nax, i)) {
      d[nd++] = (dense_dim){NEW_AXIS, false, i, false};
    } else {
      if (full >= rank) return -1; /* more entries than dims */
      d[nd++] = (dense_dim){full++, false, i, bit(shr, i)};
    }
  }
  return full == rank ? nd : -1;
}

static int64_t clamp(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* The size of one sliced dim, or `?`; false where the slice is one the
** kernel rejects at run time (a stride of 0, a shrunk index out of range):
** the verifiers accept it, so nothing is inferred and nothing reported. */
static bool sliced(const ms_sop_in *in, const dense_dim *dd, int64_t dim, int64_t *size) {
  const ms_sop_param *b = ms_sop_get(in, "begin"), *e = ms_sop_get(in, "end"), *s = ms_sop_get(in, "strides");
  int i = dd->spec;
  int64_t stride = s && i < s->n ? s->v[i] : 0;
  if (s && i < s->n && stride == 0) return false;
  if (!s || i >= s->n || dim < 0) {
    *size = dd->shrink ? 1 : MS_DIM_DYNAMIC;
    return true;
  }
  bool bm = bit(ms_sop_int(in, "begin_mask", 0), i), em = bit(ms_sop_int(in, "end_mask", 0), i);
  bool bv = b && i < b->n, ev = e && i < e->n;
  if (dd->shrink) {
    if (stride <= 0) return false;
    if (bv) {
      int64_t x = b->v[i] < 0 ? dim + b->v[i] : b->v[i];
      if (x < 0 || x >= dim) return false;
    }
    *size = 1;
    return true;
  }
  if (ms_sop_int(in, "offset", 0)) { /* end relative to begin: only masked full ranges are known */
    *size = bm && em ? dim : MS_DIM_DYNAMIC;
    return true;
  }
  int64_t lo = stride > 0 ? 0 : -1, hi = stride > 0 ? dim : dim - 1, len;
  if (bv && ev) {
    int64_t bb = bm ? (stride > 0 ? lo : hi) : clamp(b->v[i] < 0 ? dim + b->v[i] : b->v[i], lo, hi);
    int64_t ee = em ? (stride > 0 ? hi : lo) : clamp(e->v[i] < 0 ? dim + e->v[i] : e->v[i], lo, hi);
    len = ee - bb;
  } else if (bm && em) {
    len = stride < 0 ? -dim : dim;
  } else {
    *size = MS_DIM_DYNAMIC;
    return true;
  }
  if (len == 0 || ((len < 0) != (stride < 0))) *size = 0;
  else *size = len / stride + (len % stride != 0);
  return true;
}

static ms_infer_verdict strided_slice(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int rank = x->ranked ? x->rank : -1;
  if (!spec_operands_fit(in, rank, out)) return MS_INFER_INVALID;
  int64_t max = ms_sop_int(in, "max_rank", 0), ell = ms_sop_int(in, "ellipsis_mask", 0);
  int64_t nax = ms_sop_int(in, "new_axis_mask", 0);
  if (max > 0 && rank >= 0) {
    int added = 0;
    for (int i = 0; i < 8; i++) added += !bit(ell, i) && bit(nax, i);
    if (rank + added > max)
      return ms_sop_fail(out, "operand-rank", 0, "failed to verify that input (with new_axis) must have rank at most "
                         "%lld: rank %d and %d new axes", (long long)max, rank, added);
  }
  out->nresults = 1;
  out->unchecked_results = true;
  memset(&out->results[0], 0, sizeof out->results[0]);
  int nspec = spec_length(in);
  if (rank < 0 || nspec < 0 || nspec > MS_MAX_RANK) return MS_INFER_OK;
  dense_dim d[MS_MAX_RANK];
  int nd = densify(in, nspec, rank, d);
  if (nd < 0) return MS_INFER_OK;
  int64_t dims[MS_MAX_RANK];
  int nr = 0;
  for (int k = 0; k < nd; k++) {
    int64_t size;
    if (d[k].input == NEW_AXIS) size = 1;
    else if (d[k].full) size = x->dims[d[k].input];
    else if (!sliced(in, &d[k], x->dims[d[k].input], &size)) return MS_INFER_OK;
    if (!d[k].shrink) dims[nr++] = size;
  }
  ms_sop_result_begin(out, 0, x);
  for (int k = 0; k < nr; k++) ms_sop_result_push(out, 0, dims[k], MS_DIM_DYNAMIC);
  if (in->want_provenance)
    ms_sop_note(out, 0, "the input sliced by begin, end and strides with its masks (new axes 1, shrunk axes dropped)");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_strided_slice[] = {
    {"strided_slice_masks", strided_slice,
     "begin,end,strides,spec_operands,begin_mask,end_mask,ellipsis_mask,new_axis_mask,shrink_axis_mask,offset,"
     "same_length,max_spec_length,max_rank"},
    {NULL, NULL, NULL},
};
