/*
** tensor_ops.c: the frontend frameworks' shape-manipulation ops as a
** structured-op family (sop.h): reshape with 0 and -1, flatten, squeeze
** and unsqueeze, reductions over axes with keepdims, softmax,
** top-k, and the shape queries (shape, size, one dim); indexing.c has
** the gathers, scatters, split, slice, tile and pad.
**
** movement.c and gather.c hold StableHLO's forms, whose attributes spell
** every dimension out; these are the numpy-like forms of the ONNX
** operator specification (Reshape, Flatten, Squeeze, Unsqueeze, Reduce*,
** Gather, GatherElements, GatherND, ScatterND, ScatterElements, Split,
** Slice, Tile, Pad, TopK, Shape, Size, Softmax) that TFLite and PyTorch
** share: axes may be negative (counted from the end), sizes come from
** constant operands, and an absent optional operand (onnx-mlir's `none`)
** takes its default. A size operand that is not a constant leaves what it
** decides unknown (`?`, or an unknown rank), as ONNX's inference does.
**
** Parameters: shape, allowzero (reshape); axis, axes, keepdims,
** noop_with_empty_axes; batch_dims; split; starts, ends, steps; repeats;
** pads; k; start, end.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static bool known(int64_t d) { return d >= 0; }

static ms_infer_verdict same_as(const ms_sop_in *in, ms_sop_out *out, int r, const ms_shape *x) {
  return ms_sop_same_shape(in, out, r, x, "the input's shape");
}

/* --- reshape, flatten, squeeze, unsqueeze --------------------------------------- */

static bool total_known_of(const ms_shape *x) {
  for (int i = 0; x->ranked && i < x->rank; i++)
    if (!known(x->dims[i])) return false;
  return x->ranked;
}

static ms_infer_verdict reshape_values(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *sh = ms_sop_get(in, "shape");
  if (!sh) {
    const ms_shape *s = in->noperands > 1 ? &in->operands[1] : NULL;
    if (s && s->ranked && s->rank == 1 && known(s->dims[0])) {
      ms_sop_result_begin(out, 0, x);
      for (int i = 0; i < s->dims[0]; i++) ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
      return MS_INFER_OK;
    }
    return ms_sop_unknown_results(out, 1);
  }
  /* zero_copies 0 (TFLite): a 0 is a size; unchecked_results: the verifier
  ** checks only the -1s, the rest refines. */
  bool allowzero = ms_sop_int(in, "allowzero", 0) != 0 || !ms_sop_int(in, "zero_copies", 1);
  bool checked = !ms_sop_int(in, "unchecked_results", 0);
  out->unchecked_results = !checked;
  int neg = -1;
  int64_t prod = 1;
  bool prod_known = true;
  for (int i = 0; i < sh->n; i++) {
    int64_t v = sh->v[i];
    if (v == -1) {
      if (neg >= 0)
        return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "the shape has more than one -1 (at indices %d and %d)", neg,
                           i);
      neg = i;
    } else if (v < -1) {
      if (!checked) return MS_INFER_UNKNOWN;
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "shape value %lld is negative and not -1", (long long)v);
    } else if (v == 0 && !allowzero) {
      if (x->ranked && i >= x->rank)
        return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "shape[%d] = 0 copies an input dim the input lacks", i);
      if (!x->ranked || !known(x->dims[i])) prod_known = false;
      else prod *= x->dims[i];
    } else {
      prod *= v;
    }
  }
  if (allowzero && neg >= 0 && checked)
    for (int i = 0; i < sh->n; i++)
      if (sh->v[i] == 0) return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "allowzero with both 0 and -1");
  /* A -1 among factors whose product is 0 is never determined (ONNX and
  ** PyTorch reject it), whatever the unknown sizes. */
  if (neg >= 0 && prod == 0 && !(total_known_of(x) && prod_known)) {
    if (!checked) return MS_INFER_UNKNOWN;
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "a -1 with other sizes whose product is 0 is not determined");
  }
  int64_t total = 1;
  bool total_known = x->ranked;
  for (int i = 0; x->ranked && i < x->rank; i++)
    if (known(x->dims[i])) total *= x->dims[i];
    else total_known = false;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < sh->n; i++) {
    int64_t v = sh->v[i];
    if (v == 0 && !allowzero) v = x->ranked ? x->dims[i] : MS_DIM_DYNAMIC;
    else if (v == -1) {
      v = MS_DIM_DYNAMIC;
      if (total_known && prod_known) {
        if ((prod == 0 || total % prod) && !checked) return MS_INFER_UNKNOWN;
        if (prod == 0 || total % prod)
          return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "%lld elements cannot be reshaped to a multiple of %lld",
                             (long long)total, (long long)prod);
        v = total / prod;
      }
    }
    ms_sop_result_push(out, 0, v, MS_DIM_DYNAMIC);
  }
  if (neg < 0 && total_known && prod_known && prod != total && !checked) return MS_INFER_UNKNOWN;
  /* count_check "warn": the reference's inference does not compare the
  ** counts without a -1 (ONNX 1.12); the specification does. */
  const ms_sop_param *cc = ms_sop_get(in, "count_check");
  if (neg < 0 && total_known && prod_known && prod != total && cc && !strcmp(cc->str, "warn"))
    ms_sop_warn(out, MS_CODE_SOP_ELEMENTS, 1, "%lld elements reshaped to %lld", (long long)total, (long long)prod);
  else if (neg < 0 && total_known && prod_known && prod != total)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "%lld elements reshaped to %lld", (long long)total,
                       (long long)prod);
  if (in->want_provenance) ms_sop_note(out, 0, "the shape operand (0 copies, -1 takes the rest)");
  return MS_INFER_OK;
}

static ms_infer_verdict flatten(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  int64_t axis = ms_sop_int(in, "axis", 1);
  if (axis < -x->rank || axis > x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "'axis' value is %lld, accepted range is [%d, %d]",
                       (long long)axis, -x->rank, x->rank);
  if (axis < 0) axis += x->rank;
  int64_t a = 1, b = 1;
  for (int i = 0; i < x->rank; i++) {
    int64_t *p = i < axis ? &a : &b;
    if (!known(x->dims[i]) || !known(*p)) *p = MS_DIM_DYNAMIC;
    else *p *= x->dims[i];
  }
  ms_sop_result_begin(out, 0, x);
  ms_sop_result_push(out, 0, a, MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, b, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "products of the dims before and from axis %lld", (long long)axis);
  return MS_INFER_OK;
}

/* The axes of p normalized against rank into mask; false: out of range or
** repeated (out's reason). */
static bool axes_mask(ms_sop_out *out, const ms_sop_param *p, int rank, bool *mask) {
  for (int i = 0; i < rank; i++) mask[i] = false;
  for (int i = 0; i < p->n; i++) {
    int64_t a = p->v[i];
    if (!ms_sop_axis_in(out, &a, rank, "axes")) return false;
    if (mask[a]) return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "axis %lld is repeated", (long long)a), false;
    mask[a] = true;
  }
  return true;
}

static ms_infer_verdict squeeze(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *axes = ms_sop_get(in, "axes");
  if (!x->ranked || (!axes && ms_sop_given(in, 1))) return ms_sop_unknown_results(out, 1);
  bool mask[MS_MAX_RANK];
  if (axes && !axes_mask(out, axes, x->rank, mask)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) {
    if (axes && mask[i] && known(x->dims[i]) && x->dims[i] != 1)
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0, "dim %d is %lld: only dims of size 1 can be squeezed", i,
                         (long long)x->dims[i]);
    if (!axes && !known(x->dims[i])) return ms_sop_unknown_results(out, 1);
    if (axes ? !mask[i] : x->dims[i] != 1) ms_sop_result_push(out, 0, x->dims[i], MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the input's dims without the squeezed ones");
  return MS_INFER_OK;
}

static ms_infer_verdict unsqueeze(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *axes = ms_sop_get(in, "axes");
  if (!axes) return ms_sop_unknown_results(out, 1);
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  int rank = x->rank + axes->n;
  if (rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  bool mask[MS_MAX_RANK];
  if (!axes_mask(out, axes, rank, mask)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0, j = 0; i < rank; i++) ms_sop_result_push(out, 0, mask[i] ? 1 : x->dims[j++], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "the input's dims with 1 inserted at the axes");
  return MS_INFER_OK;
}

/* --- reductions, softmax, top-k ------------------------------------------------- */

static ms_infer_verdict reduce_axes(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *axes = ms_sop_get(in, "axes");
  bool keep = ms_sop_int(in, "keepdims", 1) != 0;
  if (!axes && ms_sop_given(in, 1)) {
    if (x->ranked && keep) {
      ms_sop_result_begin(out, 0, x);
      for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
      return MS_INFER_OK;
    }
    return ms_sop_unknown_results(out, 1);
  }
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  bool all = !axes || axes->n == 0;
  if (all && ms_sop_int(in, "noop_with_empty_axes", 0)) return same_as(in, out, 0, x);
  bool mask[MS_MAX_RANK];
  if (!all && !axes_mask(out, axes, x->rank, mask)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) {
    bool red = all || mask[i];
    if (!red) ms_sop_result_push(out, 0, x->dims[i], MS_DIM_DYNAMIC);
    else if (keep) ms_sop_result_push(out, 0, 1, MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the input's dims, reduced ones %s", keep ? "kept as 1" : "dropped");
  return MS_INFER_OK;
}

static ms_infer_verdict softmax_axis(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  int64_t axis = ms_sop_int(in, "axis", -1);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  return same_as(in, out, 0, x);
}

/* TopK (X, K): K a 1-D tensor of one element; values and indices have X's
** shape with dim axis K. */
static ms_infer_verdict topk(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int nres = in->nresults > 1 ? 2 : 1;
  if (ms_sop_given(in, 1) && in->operands[1].ranked) {
    const ms_shape *k = &in->operands[1];
    if (k->rank > 1 || (k->rank == 1 && known(k->dims[0]) && k->dims[0] != 1))
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "K has rank %d, rank should be < 2 (one element)", k->rank);
  }
  if (!x->ranked) return ms_sop_unknown_results(out, nres);
  int64_t axis = ms_sop_int(in, "axis", -1);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  const ms_sop_param *k = ms_sop_get(in, "k");
  int64_t kv = k && k->n == 1 ? k->v[0] : MS_DIM_DYNAMIC;
  if (k && k->n == 1 && kv < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "K %lld is negative", (long long)kv);
  if (known(kv) && known(x->dims[axis]) && kv > x->dims[axis])
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "axis %lld has %lld elements, fewer than K = %lld",
                       (long long)axis, (long long)x->dims[axis], (long long)kv);
  /* ONNX's inference: without K or the axis' size (so that K <= size is
  ** not known) only the rank is known. */
  bool all = !known(kv) || !known(x->dims[axis]);
  for (int r = 0; r < nres; r++) {
    ms_sop_result_begin(out, r, x);
    if (r) out->results[r].elem[0] = 0;
    for (int i = 0; i < x->rank; i++)
      ms_sop_result_push(out, r, all ? MS_DIM_DYNAMIC : i == axis ? kv : x->dims[i], MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the input's dims, dim %lld is K", (long long)axis);
  return MS_INFER_OK;
}

/* --- shape queries ---------------------------------------------------------------- */

static ms_infer_verdict shape_of(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  ms_sop_result_begin(out, 0, NULL);
  out->nresults = 1;
  if (!x->ranked) return ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC), MS_INFER_OK;
  int64_t r = x->rank, s = ms_sop_int(in, "start", 0), e = ms_sop_int(in, "end", r);
  if (s < 0) s += r;
  if (e < 0) e += r;
  s = s < 0 ? 0 : s > r ? r : s;
  e = e < 0 ? 0 : e > r ? r : e;
  if (s > e) return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "Start: %lld is after End: %lld", (long long)s,
                                (long long)e);
  ms_sop_result_push(out, 0, e - s, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "dims %lld to %lld of the input", (long long)s, (long long)e);
  return MS_INFER_OK;
}

static ms_infer_verdict size_of(const ms_sop_in *in, ms_sop_out *out) {
  (void)in;
  ms_sop_result_begin(out, 0, NULL);
  out->nresults = 1;
  return MS_INFER_OK;
}

/* One dim of a ranked input as a 1-element tensor (onnx-mlir's Dim). */
static ms_infer_verdict dim_of(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!x->ranked) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "input must have shape and rank");
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (axis < 0 || axis >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "attribute \"axis\" value is %lld, accepted range is [0, %d].",
                       (long long)axis, x->rank - 1);
  ms_sop_result_begin(out, 0, NULL);
  out->nresults = 1;
  ms_sop_result_push(out, 0, 1, MS_DIM_DYNAMIC);
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_tensor_ops[] = {
    {"reshape_values", reshape_values, "shape,allowzero,zero_copies,unchecked_results,count_check"},
    {"flatten", flatten, "axis"},
    {"squeeze", squeeze, "axes"},
    {"unsqueeze", unsqueeze, "axes"},
    {"reduce_axes", reduce_axes, "axes,keepdims,noop_with_empty_axes"},
    {"softmax_axis", softmax_axis, "axis"},
    {"topk", topk, "axis,k"},
    {"shape_of", shape_of, "start,end"},
    {"size_of", size_of, ""},
    {"dim_of", dim_of, "axis"},
    {NULL, NULL, NULL},
};
