/*
** movement.c: the data movement family of structured ops (sop.h).
**
** Ops that move elements without computing on them: transpose, reshape
** and dynamic_reshape, slice, dynamic_slice, real_dynamic_slice,
** dynamic_update_slice, pad and dynamic_pad, concatenate, reverse, iota
** and dynamic_iota, get_dimension_size and set_dimension_size,
** bitcast_convert (verifyBitcastConvertOp: the declared result's element
** type decides the result's shape), pairwise (result i as operand i). The
** constraints and result shapes (bounds included) are StableHLO's
** (docs/spec.md; TypeInference.cpp inferTransposeOp, inferSliceOp,
** inferDynamicSliceOp, inferDynamicUpdateSliceOp, inferPadOp,
** inferConcatenateOp, inferSetDimensionSizeOp, verifyReshapeOp,
** verifyDynamicReshapeOp, verifyDynamicPadOp, verifyRealDynamicSliceOp,
** verifyReverseOp, verifyIotaOp, verifyDynamicIotaOp). Ops whose result
** is only declared (reshape, iota) are checked against the declared
** result and infer nothing; shapes held by an operand (dynamic_reshape's
** output_shape, dynamic_pad's paddings, set_dimension_size's size) are
** parameters when the rule reads them from a constant, else unknown.
**
** Parameters (StableHLO's attribute names): permutation (reversed_default:
** 1 when an absent one reverses the dims, ONNX's); start_indices,
** limit_indices, strides; slice_sizes; edge_padding_low,
** edge_padding_high, interior_padding; dimension; dimensions;
** iota_dimension; output_shape; size; static_result (reshape: 1 when the
** result must be static or singly bounded, StableHLO's, not MHLO's);
** unchecked_dynamic_shape (dynamic_reshape: 1 when nothing is checked
** unless the output_shape operand is statically shaped, MHLO's verifier).
*/
#include "broadcast.h" /* MS_CODE_NOT_STATIC */
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static const ms_shape *declared(const ms_sop_in *in, int i) {
  return i < in->nresults && in->results[i].ranked ? &in->results[i] : NULL;
}

static bool is_static(const ms_shape *s) {
  for (int i = 0; i < s->rank; i++)
    if (s->dims[i] < 0) return false;
  return true;
}

/* The element count of a static shape, or -1 past 2^62. */
static int64_t elements(const ms_shape *s) {
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++) {
    if (s->dims[i] != 0 && n > (INT64_C(1) << 62) / s->dims[i]) return -1;
    n *= s->dims[i];
  }
  return n;
}

/* The result keeps like's shape (reverse, dynamic_update_slice). */
static ms_infer_verdict same_shape(const ms_sop_in *in, const ms_shape *like, ms_sop_out *out, const char *what) {
  out->results[0] = *like;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the shape of %s", what);
  return MS_INFER_OK;
}

/* --- transpose, reverse ---------------------------------------------------- */

/* "permutation_operand": a permutation that is not a constant is an
** operand whose element count, where it and the input are statically
** shaped, is the input's rank (TFLite's TransposeOp::verify). */
static bool perm_length_fits(const ms_shape *x, const ms_shape *p, ms_sop_out *out) {
  if (!x->ranked || !p->ranked || p->rank != 1 || p->dims[0] < 0) return true;
  for (int i = 0; i < x->rank; i++)
    if (x->dims[i] < 0) return true;
  if (p->dims[0] == x->rank) return true;
  ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "perm tensor elements size (%lld) is not equal to input tensor rank (%d)",
              (long long)p->dims[0], x->rank);
  return false;
}

static ms_infer_verdict transpose(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *perm = ms_sop_get(in, "permutation");
  int64_t po = ms_sop_int(in, "permutation_operand", -1);
  if (!perm && po > 0 && po < in->noperands && !perm_length_fits(&in->operands[0], &in->operands[po], out))
    return MS_INFER_INVALID;
  /* permutation_required: an attribute, not optional (StableHLO's ODS). */
  if (!perm && po < 0 && ms_sop_int(in, "permutation_required", 0))
    return ms_sop_fail(out, MS_CODE_MISSING_ATTRIBUTE, -1, "requires attribute 'permutation'%s", "");
  /* reversed_default: no permutation reverses the dims (ONNX's default perm). */
  ms_sop_param reversed;
  if (!perm && ms_sop_int(in, "reversed_default", 0) && in->noperands >= 1 && in->operands[0].ranked) {
    memset(&reversed, 0, sizeof reversed);
    reversed.n = in->operands[0].rank;
    for (int i = 0; i < reversed.n; i++) reversed.v[i] = reversed.n - 1 - i;
    perm = &reversed;
  }
  if (in->noperands < 1 || !perm || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  char b[128];
  if (perm->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0, "operand rank %d does not match permutation size %d", x->rank,
                       perm->n);
  bool seen[MS_MAX_RANK] = {false};
  for (int i = 0; i < perm->n; i++) {
    int64_t p = perm->v[i];
    if (p < 0 || p >= x->rank || seen[p])
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "permutation %s is not a permutation of [0, %d)",
                         ms_sop_format_list(perm->v, perm->n, b, sizeof b), x->rank);
    seen[p] = true;
  }
  ms_sop_result(&out->results[0], x, x->rank);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) {
    ms_sop_copy_dim(&out->results[0], i, x, (int)perm->v[i]);
    if (in->want_provenance) ms_sop_note(out, 0, "dim %d: operand dim %lld", i, (long long)perm->v[i]);
  }
  return MS_INFER_OK;
}

static ms_infer_verdict reverse(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dims = ms_sop_get(in, "dimensions");
  if (in->noperands < 1 || !dims || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (!ms_sop_unique(out, dims, "dimensions") ||
      !ms_sop_in_range(out, dims, "dimensions", x->rank, "rank-of('operand')", false))
    return MS_INFER_INVALID;
  return same_shape(in, x, out, "the operand");
}

/* --- reshape, dynamic_reshape ------------------------------------------------ */

static ms_infer_verdict reshape(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *r = declared(in, 0);
  if (in->noperands < 1 || !in->operands[0].ranked || !r) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  /* static_result: StableHLO's result type, statically shaped or with one
  ** dynamic dim that has a bound (HLO_HasStaticOrSingleBoundedShapePred). */
  if (ms_sop_int(in, "static_result", 0) && !r->bounds_invalid) {
    int dynamic = 0, bounded = 0;
    for (int i = 0; i < r->rank; i++) {
      dynamic += r->dims[i] < 0;
      bounded += r->dims[i] < 0 && ms_sop_bound(r, i) >= 0;
    }
    if (dynamic && !(dynamic == 1 && bounded == 1))
      return ms_sop_fail(out, MS_CODE_NOT_STATIC, -1, "result #0 must be statically shaped or single bounded dimension tensor");
  }
  if (is_static(x) && is_static(r) && elements(x) >= 0 && elements(r) >= 0 && elements(x) != elements(r))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1,
                       "number of output elements (%lld) doesn't match expected number of elements (%lld)",
                       (long long)elements(r), (long long)elements(x));
  return MS_INFER_UNKNOWN; /* the declared result is the only shape there is */
}

/* A shape given as values (output_shape) against the declared result:
** StableHLO's verifyShapeOperandIsCompatibleWithResultType. */
static bool shape_fits(ms_sop_out *out, const ms_sop_param *shape, const ms_shape *r) {
  char b[128];
  bool ok = shape->n == r->rank;
  for (int i = 0; i < shape->n; i++)
    if (shape->v[i] < 0 || (ok && r->dims[i] >= 0 && r->dims[i] != shape->v[i])) ok = false;
  if (!ok)
    ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1, "output shape %s is incompatible with the result type",
                ms_sop_format_list(shape->v, shape->n, b, sizeof b));
  return ok;
}

/* The result of an op whose shape an operand gives: its values when known,
** else its length's `?`s. */
static ms_infer_verdict shape_from_operand(const ms_sop_in *in, const ms_sop_param *shape, const ms_shape *st,
                                           const ms_shape *like, ms_sop_out *out) {
  int rank = shape ? shape->n : st->ranked && st->rank == 1 ? (int)st->dims[0] : -1;
  if (rank < 0 || rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  ms_sop_result(&out->results[0], like, rank);
  out->nresults = 1;
  for (int i = 0; shape && i < rank; i++) out->results[0].dims[i] = shape->v[i] < 0 ? MS_DIM_DYNAMIC : shape->v[i];
  if (in->want_provenance) ms_sop_note(out, 0, shape ? "the values of the shape operand" : "the shape operand's length");
  return MS_INFER_OK;
}

static ms_infer_verdict dynamic_reshape(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *st = &in->operands[1], *r = declared(in, 0);
  const ms_sop_param *shape = ms_sop_get(in, "output_shape");
  if (ms_sop_int(in, "unchecked_dynamic_shape", 0) && !is_static(st)) r = NULL;
  if (r && is_static(x) && is_static(r) && elements(x) >= 0 && elements(r) >= 0 && elements(x) != elements(r))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1,
                       "number of output elements (%lld) doesn't match expected number of elements (%lld)",
                       (long long)elements(r), (long long)elements(x));
  if (r && shape && !shape_fits(out, shape, r)) return MS_INFER_INVALID;
  if (r && st->ranked && st->rank == 1 && st->dims[0] != r->rank) {
    char len[24] = "?";
    if (st->dims[0] >= 0) snprintf(len, sizeof len, "%lld", (long long)st->dims[0]);
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1,
                       "result should have a rank (%d) equal to the number of elements in output_shape (%s)", r->rank,
                       len);
  }
  if (shape && is_static(x) && elements(x) >= 0) {
    int64_t n = 1;
    for (int i = 0; i < shape->n; i++) n *= shape->v[i];
    if (n != elements(x))
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1,
                         "output_shape is incompatible with input type of operation: input has %lld elements, but "
                         "output_shape has %lld",
                         (long long)elements(x), (long long)n);
  }
  return shape_from_operand(in, shape, st, x, out);
}

/* --- slices -------------------------------------------------------------- */

static ms_infer_verdict slice(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *st = ms_sop_get(in, "start_indices"), *li = ms_sop_get(in, "limit_indices"),
                     *sd = ms_sop_get(in, "strides");
  if (in->noperands < 1 || !st || !li || !sd || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (st->n != li->n || st->n != sd->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "start_indices (%d), limit_indices (%d) and strides (%d) must have the same size", st->n,
                       li->n, sd->n);
  if (st->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0,
                       "the number of elements in start_indices (%d) does not match the rank of the operand (%d)",
                       st->n, x->rank);
  ms_shape *res = &out->results[0];
  ms_sop_result(res, x, x->rank);
  for (int i = 0; i < x->rank; i++) {
    int64_t s = st->v[i], l = li->v[i], k = sd->v[i];
    if (s < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "negative start index %lld in dimension %d", (long long)s, i);
    int64_t size = x->dims[i] >= 0 ? x->dims[i] : ms_sop_bound(x, i);
    if (size >= 0 && l > size)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0, "limit index %lld is larger than dimension %s %lld in dimension %d",
                         (long long)l, x->dims[i] >= 0 ? "size" : "bound", (long long)size, i);
    if (s > l)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "start index %lld is larger than limit index %lld in dimension %d",
                         (long long)s, (long long)l, i);
    if (k <= 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "stride must be positive but got %lld in dimension %d",
                         (long long)k, i);
    res->dims[i] = (l - s + k - 1) / k;
    if (in->want_provenance) ms_sop_note(out, 0, "dim %d: ceil((%lld - %lld) / %lld)", i, (long long)l, (long long)s, (long long)k);
  }
  out->nresults = 1;
  return MS_INFER_OK;
}

static ms_infer_verdict dynamic_slice(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *sizes = ms_sop_get(in, "slice_sizes");
  if (in->noperands < 1 || !sizes || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int starts = in->noperands - 1;
  if (starts != sizes->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "has mismatched number of slice sizes (%d) and number of start indices (%d)", sizes->n, starts);
  if (x->rank != starts)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0,
                       "has mismatched number of start indices (%d) and the rank of operand (%d)", starts, x->rank);
  for (int i = 0; i < sizes->n; i++) {
    if (sizes->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "has negative size index to dynamic slice: %lld",
                         (long long)sizes->v[i]);
    if (x->dims[i] >= 0 && sizes->v[i] > x->dims[i])
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0,
                         "has slice size %lld greater than dimension size %lld in dimension %d of operand",
                         (long long)sizes->v[i], (long long)x->dims[i], i);
  }
  ms_sop_result(&out->results[0], x, x->rank);
  for (int i = 0; i < x->rank; i++) out->results[0].dims[i] = sizes->v[i];
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "slice_sizes");
  return MS_INFER_OK;
}

static ms_infer_verdict real_dynamic_slice(const ms_sop_in *in, ms_sop_out *out) {
  static const char *const names[3] = {"start_indices", "limit_indices", "strides"};
  if (in->noperands < 4 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  for (int k = 1; k <= 3; k++) {
    const ms_shape *t = &in->operands[k];
    if (t->ranked && t->rank == 1 && t->dims[0] >= 0 && t->dims[0] != x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, k, "has mismatched number of operand rank (%d) and %s size (%lld)",
                         x->rank, names[k - 1], (long long)t->dims[0]);
  }
  ms_sop_result(&out->results[0], x, x->rank);
  out->nresults = 1;
  return MS_INFER_OK;
}

static ms_infer_verdict dynamic_update_slice(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || !in->operands[0].ranked || !in->operands[1].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *u = &in->operands[1];
  if (u->rank != x->rank)
    return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, 1, "update rank does not match operand rank: %d vs %d", u->rank,
                       x->rank);
  if (in->noperands - 2 != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expects number of start_indices to match operand rank: %d vs %d",
                       in->noperands - 2, x->rank);
  for (int i = 0; i < x->rank; i++)
    if (u->dims[i] >= 0 && x->dims[i] >= 0 && u->dims[i] > x->dims[i])
      return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, 1,
                         "expects size at dimension %d of update to be in range [0, %lld]. Got: %lld", i,
                         (long long)x->dims[i], (long long)u->dims[i]);
  return same_shape(in, x, out, "the operand");
}

/* --- pad, dynamic_pad ------------------------------------------------------ */

static ms_infer_verdict pad(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *lo = ms_sop_get(in, "edge_padding_low"), *hi = ms_sop_get(in, "edge_padding_high"),
                     *inner = ms_sop_get(in, "interior_padding");
  if (in->noperands < 1 || !lo || !hi || !inner || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (lo->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0, "edge_padding_low length (%d) must match operand rank (%d)", lo->n,
                       x->rank);
  if (hi->n != x->rank || inner->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0,
                       "edge_padding_high (%d) and interior_padding (%d) must have the operand's rank (%d) entries",
                       hi->n, inner->n, x->rank);
  ms_shape *res = &out->results[0];
  ms_sop_result(res, x, x->rank);
  for (int i = 0; i < x->rank; i++) {
    int64_t l = lo->v[i], h = hi->v[i], k = inner->v[i];
    if (k < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "Interior padding cannot be negative: %lld", (long long)k);
    bool dim = x->dims[i] >= 0;
    int64_t s = dim ? x->dims[i] : ms_sop_bound(x, i);
    if (s < 0) continue;
    int64_t r = s + l + h + (s > 0 ? s - 1 : 0) * k;
    if (r < 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0, "Padding result in negative %s for dimension %d",
                         dim ? "size" : "bound", i);
    if (dim) {
      res->dims[i] = r;
    } else {
      res->bounds[i] = r;
      res->bounded = true;
    }
    if (in->want_provenance)
      ms_sop_note(out, 0, "dim %d: %lld + %lld + %lld + %lld x %lld", i, (long long)s, (long long)l, (long long)h,
                  (long long)(s > 0 ? s - 1 : 0), (long long)k);
  }
  out->nresults = 1;
  return MS_INFER_OK;
}

static ms_infer_verdict dynamic_pad(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 5 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *lot = &in->operands[2];
  if (lot->ranked && lot->rank == 1 && lot->dims[0] != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 2, "padding operands size (%lld) must match operand rank (%d)",
                       (long long)lot->dims[0], x->rank);
  const ms_sop_param *lo = ms_sop_get(in, "edge_padding_low"), *hi = ms_sop_get(in, "edge_padding_high"),
                     *inner = ms_sop_get(in, "interior_padding");
  char b[128];
  for (int i = 0; inner && i < inner->n; i++)
    if (inner->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 4, "interior_padding must be non-negative, but got %s",
                         ms_sop_format_list(inner->v, inner->n, b, sizeof b));
  const ms_shape *r = declared(in, 0);
  ms_sop_result(&out->results[0], x, x->rank);
  out->nresults = 1;
  if (!lo || !hi || !inner || lo->n != x->rank || hi->n != x->rank || inner->n != x->rank || !is_static(x))
    return MS_INFER_OK;
  for (int i = 0; i < x->rank; i++) {
    int64_t s = x->dims[i];
    int64_t want = s + lo->v[i] + (s > 0 ? s - 1 : 0) * inner->v[i] + hi->v[i];
    if (r && is_static(r) && r->rank == x->rank && r->dims[i] != want)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected output dimension at index %d to equal %lld, but got %lld",
                         i, (long long)want, (long long)r->dims[i]);
    out->results[0].dims[i] = want;
  }
  return MS_INFER_OK;
}

/* --- concatenate ------------------------------------------------------------ */

/* inferConcatenatedDimAndBound: sizes add; a `?` side adds bounds. */
static void concat_dim(int64_t ls, int64_t rs, int64_t lb, int64_t rb, int64_t *size, int64_t *bound) {
  *size = *bound = MS_DIM_DYNAMIC;
  if (ls >= 0 && rs >= 0) {
    *size = ls + rs;
    return;
  }
  int64_t l = ls >= 0 ? ls : lb, r = rs >= 0 ? rs : rb;
  if (l >= 0 && r >= 0) *bound = l + r;
}

static ms_infer_verdict concatenate(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "dimension");
  if (in->noperands < 1)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "expected 1 or more operands, but found 0");
  if (!dp || dp->n != 1) return MS_INFER_UNKNOWN;
  for (int i = 0; i < in->noperands; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *w = &in->operands[0];
  int64_t dim = dp->v[0];
  int rank = w->rank;
  if (rank == 0) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "rank-0 values cannot be concatenated");
  /* negative_dimension = 1 (ONNX, numpy): a dimension in [-rank, 0) counts from the end. */
  const ms_sop_param *neg = ms_sop_get(in, "negative_dimension");
  if (neg && neg->n == 1 && neg->v[0] && dim < 0 && dim >= -rank) dim += rank;
  if (dim < 0 || dim >= rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "dimension %lld is out-of-bounds for input rank %d", (long long)dim,
                       rank);
  for (int i = 1; i < in->noperands; i++) {
    const ms_shape *t = &in->operands[i];
    if (t->rank != rank) return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "operands (0) and (%d) do not match rank", i);
    for (int d = 0; d < rank; d++)
      if (d != dim && !ms_sop_dims_compatible(w->dims[d], t->dims[d]))
        return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i,
                           "shapes of operand (0) and (%d) are not compatible at non-concat index %d: %lld != %lld", i, d,
                           (long long)w->dims[d], (long long)t->dims[d]);
  }
  int64_t size[MS_MAX_RANK], bound[MS_MAX_RANK];
  for (int d = 0; d < rank; d++) {
    size[d] = d == dim ? 0 : MS_DIM_DYNAMIC;
    bound[d] = MS_DIM_DYNAMIC;
  }
  for (int i = 0; i < in->noperands; i++) {
    const ms_shape *t = &in->operands[i];
    for (int d = 0; d < rank; d++) {
      int64_t s, b;
      if (d == dim) {
        concat_dim(size[d], t->dims[d], bound[d], ms_sop_bound(t, d), &s, &b);
      } else if (!ms_sop_merge_dim(size[d], t->dims[d], bound[d], ms_sop_bound(t, d), &s, &b)) {
        return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i,
                           "dimension %d of operand (%d) (%lld) does not fit the others' size or bound", d, i,
                           (long long)t->dims[d]);
      }
      size[d] = s;
      bound[d] = b;
    }
  }
  ms_sop_result_begin(out, 0, w);
  for (int d = 0; d < rank; d++) ms_sop_result_push(out, 0, size[d], bound[d]);
  if (in->want_provenance) ms_sop_note(out, 0, "dim %lld: the sum over %d operands", (long long)dim, in->noperands);
  return MS_INFER_OK;
}

/* --- iota, dynamic_iota, get/set_dimension_size ---------------------------- */

static ms_infer_verdict iota(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "iota_dimension");
  const ms_shape *r = declared(in, 0);
  if (!d || d->n != 1 || !r) return MS_INFER_UNKNOWN;
  if (r->rank == 0) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, -1, "iota does not support scalars");
  if (d->v[0] >= r->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "iota dimension (%lld) cannot go beyond the output rank (%d)",
                       (long long)d->v[0], r->rank);
  return MS_INFER_UNKNOWN;
}

static ms_infer_verdict dynamic_iota(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "iota_dimension"), *shape = ms_sop_get(in, "output_shape");
  const ms_shape *r = declared(in, 0);
  if (in->noperands < 1 || !d || d->n != 1) return MS_INFER_UNKNOWN;
  if (r && d->v[0] >= r->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "iota dimension (%lld) cannot go beyond the output rank (%d)",
                       (long long)d->v[0], r->rank);
  if (r && shape && !shape_fits(out, shape, r)) return MS_INFER_INVALID;
  ms_shape like = {0};
  like.kind = MS_TYPE_TENSOR;
  if (r) memcpy(like.elem, r->elem, sizeof like.elem);
  return shape_from_operand(in, shape, &in->operands[0], &like, out);
}

static ms_infer_verdict dimension_in_range(const ms_shape *x, const ms_sop_param *d, ms_sop_out *out) {
  if (d->v[0] < 0)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "requires non-negative dimension attribute; found (%lld)",
                       (long long)d->v[0]);
  if (d->v[0] >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, 0, "requires dimension attribute in range [0, %d); found (%lld)",
                       x->rank, (long long)d->v[0]);
  return MS_INFER_OK;
}

static ms_infer_verdict get_dimension_size(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "dimension");
  if (in->noperands < 1 || !d || d->n != 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  ms_infer_verdict v = dimension_in_range(&in->operands[0], d, out);
  if (v != MS_INFER_OK) return v;
  ms_shape i32 = {0};
  i32.kind = MS_TYPE_TENSOR;
  snprintf(i32.elem, sizeof i32.elem, "i32");
  ms_sop_result_begin(out, 0, &i32);
  return MS_INFER_OK;
}

static ms_infer_verdict set_dimension_size(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "dimension"), *size = ms_sop_get(in, "size");
  if (in->noperands < 2 || !d || d->n != 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *st = &in->operands[1];
  if (st->ranked && st->rank != 0) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "size operand should be of rank-0");
  ms_infer_verdict v = dimension_in_range(x, d, out);
  if (v != MS_INFER_OK) return v;
  int k = (int)d->v[0];
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < x->rank; i++) {
    int64_t s = x->dims[i], b = ms_sop_bound(x, i);
    if (i == k) {
      b = s >= 0 ? s : b;
      s = MS_DIM_DYNAMIC;
      if (size && size->n >= 1 && size->v[0] == b) {
        s = b;
        b = MS_DIM_DYNAMIC;
      }
    }
    ms_sop_result_push(out, 0, s, b);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "dim %d: the size operand, bounded by the operand's dim", k);
  return MS_INFER_OK;
}

/* --- bitcast_convert -------------------------------------------------- */

/* The bit width of a builtin element type (i1, ui8, f16, bf16, f8E4M3FN,
** complex<f32>: 64), or 0 when unknown (index, tf32, quantized, dialect). */
int ms_sop_bit_width(const char *e) {
  int w = 0;
  if (!strncmp(e, "complex<", 8)) {
    char inner[64];
    size_t n = strlen(e + 8);
    if (n == 0 || n >= sizeof inner || e[8 + n - 1] != '>') return 0;
    memcpy(inner, e + 8, n - 1);
    inner[n - 1] = 0;
    return 2 * ms_sop_bit_width(inner);
  }
  if (!strcmp(e, "bf16")) return 16;
  const char *d = e;
  if (!strncmp(d, "ui", 2) || !strncmp(d, "si", 2)) d += 2;
  else if (*d == 'i' || *d == 'f') d++;
  else return 0;
  if (*d < '0' || *d > '9') return 0;
  while (*d >= '0' && *d <= '9' && w < 1000) w = w * 10 + (*d++ - '0');
  /* f8E4M3FN, f6E2M3FN, f4E2M1FN: the digits give the width. */
  if (*d && !(e[0] == 'f' && *d == 'E')) return 0;
  return w;
}

static ms_infer_verdict bitcast_convert(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *r = in->nresults > 0 ? &in->results[0] : NULL;
  if (in->noperands != 1 || !r || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  bool xc = !strncmp(x->elem, "complex<", 8), rc = !strncmp(r->elem, "complex<", 8);
  int wx = ms_sop_bit_width(x->elem), wr = ms_sop_bit_width(r->elem);
  if (wx && wr && xc != rc)
    return ms_sop_fail(out, MS_CODE_BIT_WIDTH, -1, "cannot convert between real and complex types, but got: %s and %s",
                       x->elem, r->elem);
  if (!wx || !wr) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, r);
  if (wx == wr) {
    for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, x->dims[i], ms_sop_bound(x, i));
    if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape (%s and %s are %d bits)", x->elem, r->elem, wx);
  } else if (wx < wr) {
    /* The operand's last dim holds the wider element's pieces. */
    if (x->rank < 1)
      return ms_sop_fail(out, MS_CODE_BIT_WIDTH, 0,
                         "rank of smaller element type (0) should be 1 more than rank of larger element type");
    int64_t last = x->dims[x->rank - 1];
    if (last >= 0 && last * wx != wr)
      return ms_sop_fail(out, MS_CODE_BIT_WIDTH, 0, "requires compatible bit widths: %s is %d bits, %s %d, but %d * %lld != %d",
                         x->elem, wx, r->elem, wr, wx, (long long)last, wr);
    for (int i = 0; i + 1 < x->rank; i++) ms_sop_result_push(out, 0, x->dims[i], ms_sop_bound(x, i));
    if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape without its last dim (%d x %d bits)", wr / wx, wx);
  } else {
    if (wx % wr) return MS_INFER_UNKNOWN;
    for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, x->dims[i], ms_sop_bound(x, i));
    if (!ms_sop_result_push(out, 0, wx / wr, MS_DIM_DYNAMIC)) return MS_INFER_UNKNOWN;
    if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape and %d (%d / %d bits)", wx / wr, wx, wr);
  }
  out->nresults = 1;
  return MS_INFER_OK;
}

/* --- pairwise ------------------------------------------------------------ */

/* Result i has operand i's shape; results past the operands are declared
** only (unranked here): optimization_barrier, rng_bit_generator's output
** state (verifyRngBitGeneratorOp) beside its declared random output. */
static ms_infer_verdict pairwise(const ms_sop_in *in, ms_sop_out *out) {
  int n = in->nresults;
  if (n < 1 || n > out->room) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n; i++) {
    if (i < in->noperands) {
      out->results[i] = in->operands[i];
      if (in->want_provenance) ms_sop_note(out, i, "the shape of operand %d", i);
    } else {
      memset(&out->results[i], 0, sizeof out->results[i]);
      out->results[i].kind = MS_TYPE_TENSOR;
    }
  }
  out->nresults = n;
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_movement[] = {
    {"transpose", transpose, "permutation,permutation_operand,permutation_required,reversed_default"},
    {"reverse", reverse, "dimensions"},
    {"reshape", reshape, "static_result"},
    {"dynamic_reshape", dynamic_reshape, "output_shape,unchecked_dynamic_shape"},
    {"slice", slice, "start_indices,limit_indices,strides"},
    {"dynamic_slice", dynamic_slice, "slice_sizes"},
    {"real_dynamic_slice", real_dynamic_slice, ""},
    {"dynamic_update_slice", dynamic_update_slice, ""},
    {"pad", pad, "edge_padding_low,edge_padding_high,interior_padding"},
    {"dynamic_pad", dynamic_pad, "edge_padding_low,edge_padding_high,interior_padding"},
    {"concatenate", concatenate, "dimension,negative_dimension"},
    {"iota", iota, "iota_dimension"},
    {"dynamic_iota", dynamic_iota, "iota_dimension,output_shape"},
    {"get_dimension_size", get_dimension_size, "dimension"},
    {"set_dimension_size", set_dimension_size, "dimension,size"},
    {"bitcast_convert", bitcast_convert, ""},
    {"pairwise", pairwise, ""},
    {NULL, NULL, NULL},
};
