/*
** tensor_dialect.c: the tensor family of structured ops (sop.h): reshapes by
** reassociation, slices with static offsets, sizes and strides, static
** padding, concatenation, index counts, element lists and shape-operand
** reshapes.
**
** Constraints and result shapes are upstream MLIR's (LLVM 22,
** TensorOps.cpp and ViewLikeInterface.cpp: verifyTensorReshapeOp,
** inferCollapsedType, ExpandShapeOp::verify, ExtractSliceOp::
** inferResultType, isRankReducedType, verifyInBoundsSlice, PadOp::
** inferResultType, ConcatOp::verify, ReshapeOp::verify). The verifier
** compares declared types exactly in places (a collapsed `?` where the
** inferred size is static is an error), so those checks run at the
** declared types only (in->at_declared); at inferred operand shapes the
** functions only infer.
**
** Parameters: reassociation (format "groups": each group's length then
** its dims), static_output_shape; static_offsets, static_sizes,
** static_strides; static_low, static_high; dim; tensor_operand (the
** operand indexed by the operands after it), same_result (1: the result
** has that operand's type). A dynamic entry is INT64_MIN, as the generic
** form's `static_offsets = array<i64: -9223372036854775808>` spells it.
*/
#include "sop_check.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define KDYN INT64_MIN
#define CODE_RESULT "result-shape"
#define CODE_REASSOCIATION "reassociation"

static const ms_shape *declared_result(const ms_sop_in *in) {
  return in->nresults >= 1 && in->results[0].ranked ? &in->results[0] : NULL;
}

static int64_t as_dim(int64_t v) { return v == KDYN ? MS_DIM_DYNAMIC : v; }

static bool same_dims(const ms_shape *a, const ms_shape *b) {
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i]) return false;
  return true;
}

static void type_text(const ms_shape *s, char *buf, size_t n) { ms_shape_format_type(s, buf, n); }

/* --- collapse_shape, expand_shape ----------------------------------------- */

/* The collapsed shape of expanded by the groups g (inferCollapsedType):
** a group's product, `?` when one of its dims is. Fails on groups that
** are not contiguous, in order and covering every expanded dim. */
static bool collapse(const ms_shape *expanded, const ms_sop_param *g, ms_shape *res, ms_sop_out *out) {
  int next = 0, at = 0, ngroups = (int)g->shape[0];
  ms_sop_result(res, expanded, ngroups);
  for (int k = 0; k < ngroups; k++) {
    int len = (int)g->v[at++];
    int64_t size = 1;
    if (len == 0) return ms_sop_fail(out, CODE_REASSOCIATION, -1, "reassociation indices must not be empty"), false;
    for (int e = 0; e < len; e++, at++) {
      if (g->v[at] != next || next >= expanded->rank)
        return ms_sop_fail(out, CODE_REASSOCIATION, -1,
                           "expected reassociation map #%d to be valid and contiguous (dim %lld where %d comes, "
                           "expanded rank %d)",
                           k, (long long)g->v[at], next, expanded->rank),
               false;
      int64_t d = expanded->dims[next++];
      size = d == MS_DIM_DYNAMIC || size == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : size * d;
    }
    res->dims[k] = size;
  }
  if (ngroups > 0 && next != expanded->rank)
    return ms_sop_fail(out, CODE_REASSOCIATION, -1,
                       "expected reassociation map #%d to be valid and contiguous: the groups cover %d of the %d "
                       "expanded dims",
                       ngroups - 1, next, expanded->rank),
           false;
  return true;
}

/* verifyTensorReshapeOp: ranks, the number of groups, and the collapsed
** type exactly the one the groups give. */
static bool reshape_types(const ms_sop_in *in, const ms_shape *expanded, const ms_shape *collapsed,
                          const ms_sop_param *g, ms_shape *inferred_collapsed, ms_sop_out *out) {
  char a[128], b[128];
  if (expanded->rank < collapsed->rank) {
    type_text(expanded, a, sizeof a);
    type_text(collapsed, b, sizeof b);
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "expected the expanded type, %s to have a higher (or same) rank than the collapsed type, %s", a,
                       b),
           false;
  }
  if (collapsed->rank != g->shape[0])
    return ms_sop_fail(out, CODE_REASSOCIATION, -1,
                       "expected collapsed rank (%d) to equal the number of reassociation maps (%lld)", collapsed->rank,
                       (long long)g->shape[0]),
           false;
  if (!collapse(expanded, g, inferred_collapsed, out)) return false;
  if (in->at_declared && !same_dims(inferred_collapsed, collapsed)) {
    type_text(inferred_collapsed, a, sizeof a);
    type_text(collapsed, b, sizeof b);
    return ms_sop_fail(out, CODE_RESULT, -1, "expected collapsed type to be %s, but got %s", a, b), false;
  }
  return true;
}

static ms_infer_verdict collapse_shape(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *g = ms_sop_get(in, "reassociation");
  const ms_shape *res = declared_result(in);
  if (in->noperands < 1 || !g || !in->operands[0].ranked || !res) return MS_INFER_UNKNOWN;
  ms_shape c;
  if (!reshape_types(in, &in->operands[0], res, g, &c, out)) return MS_INFER_INVALID;
  out->results[0] = c;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "each dim the product of its reassociation group");
  return MS_INFER_OK;
}

static ms_infer_verdict expand_shape(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *g = ms_sop_get(in, "reassociation"), *shape = ms_sop_get(in, "static_output_shape");
  const ms_shape *res = declared_result(in);
  if (in->noperands < 1 || !g || !shape || !in->operands[0].ranked || !res) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0];
  if (shape->n != res->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "expected number of static shape dims to be equal to the output rank (%d) but found %d",
                       res->rank, shape->n);
  if (src->rank >= res->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected rank expansion, but found source rank %d >= result rank %d",
                       src->rank, res->rank);
  ms_shape c;
  if (in->at_declared && !reshape_types(in, res, src, g, &c, out)) return MS_INFER_INVALID;
  /* mlir-opt-22 does not compare static_output_shape's sizes with the
  ** result's: the declared result stands. */
  out->results[0] = *res;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the declared result (its source is its collapse)");
  return MS_INFER_OK;
}

/* --- extract_slice, insert_slice ------------------------------------------ */

typedef struct slice {
  const ms_sop_param *offsets, *sizes, *strides;
} slice;

/* The three lists, one entry per dim of the sliced tensor, offsets and
** sizes not negative (verifyOffsetSizeAndStrideOp). */
static ms_infer_verdict slice_params(const ms_sop_in *in, int rank, slice *s, ms_sop_out *out) {
  s->offsets = ms_sop_get(in, "static_offsets");
  s->sizes = ms_sop_get(in, "static_sizes");
  s->strides = ms_sop_get(in, "static_strides");
  if (!s->offsets || !s->sizes || !s->strides) return MS_INFER_UNKNOWN;
  const ms_sop_param *l[3] = {s->offsets, s->sizes, s->strides};
  static const char *const what[3] = {"offset", "size", "stride"};
  for (int k = 0; k < 3; k++)
    if (l[k]->n != rank)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected %d %s values, got %d", rank, what[k], l[k]->n);
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < rank; i++)
      if (l[k]->v[i] != KDYN && l[k]->v[i] < 0)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected %ss to be non-negative, but got %lld", what[k],
                           (long long)l[k]->v[i]);
  return MS_INFER_OK;
}

/* verifyInBoundsSlice against the sliced tensor t. */
static bool in_bounds(const ms_shape *t, const slice *s, int operand, ms_sop_out *out) {
  for (int i = 0; i < t->rank; i++) {
    int64_t dim = t->dims[i], off = s->offsets->v[i], size = s->sizes->v[i], stride = s->strides->v[i];
    if (dim == MS_DIM_DYNAMIC || off == KDYN) continue;
    if (off >= dim)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, operand, "offset %d is out-of-bounds: %lld >= %lld", i,
                         (long long)off, (long long)dim),
             false;
    if (size == KDYN || stride == KDYN) continue;
    int64_t last = off + (size - 1) * stride;
    if (last >= dim)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, operand, "slice along dimension %d runs out-of-bounds: %lld >= %lld",
                         i, (long long)last, (long long)dim),
             false;
  }
  return true;
}

/* isRankReducedType: reduced is full with some static 1 dims dropped,
** the others equal as written (greedy, as computeRankReductionMask). */
static bool rank_reduced(const ms_shape *full, const ms_shape *reduced) {
  if (reduced->rank > full->rank) return false;
  int r = 0;
  for (int i = 0; i < full->rank; i++) {
    if (r < reduced->rank && full->dims[i] == reduced->dims[r]) r++;
    else if (full->dims[i] != 1) return false;
  }
  return r == reduced->rank;
}

static void sizes_shape(const ms_shape *like, const slice *s, ms_shape *res) {
  ms_sop_result(res, like, s->sizes->n);
  for (int i = 0; i < s->sizes->n; i++) res->dims[i] = as_dim(s->sizes->v[i]);
}

static bool slice_type(const ms_shape *full, const ms_shape *got, const char *what, int operand, ms_sop_out *out) {
  if (rank_reduced(full, got)) return true;
  char a[128], b[128];
  type_text(full, a, sizeof a);
  type_text(got, b, sizeof b);
  ms_sop_fail(out, operand < 0 ? CODE_RESULT : MS_CODE_UPDATE_SHAPE, operand,
              "expected %s type to be %s or a rank-reduced version (%s size mismatch), got %s", what, a, what, b);
  return false;
}

static ms_infer_verdict extract_slice(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *res = declared_result(in);
  slice s;
  ms_infer_verdict v = slice_params(in, src->rank, &s, out);
  if (v != MS_INFER_OK) return v;
  ms_shape full;
  sizes_shape(src, &s, &full);
  if (res && in->at_declared && !slice_type(&full, res, "result", -1, out)) return MS_INFER_INVALID;
  if (!in_bounds(src, &s, 0, out)) return MS_INFER_INVALID;
  out->results[0] = res ? *res : full;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the static sizes");
  return MS_INFER_OK;
}

static ms_infer_verdict insert_slice(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || !in->operands[0].ranked || !in->operands[1].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *dst = &in->operands[1], *res = declared_result(in);
  slice s;
  ms_infer_verdict v = slice_params(in, dst->rank, &s, out);
  if (v != MS_INFER_OK) return v;
  ms_shape full;
  sizes_shape(dst, &s, &full);
  if (in->at_declared && !slice_type(&full, src, "source", 0, out)) return MS_INFER_INVALID;
  if (!in_bounds(dst, &s, 1, out)) return MS_INFER_INVALID;
  if (res && in->at_declared && !same_dims(res, dst))
    return ms_sop_fail(out, CODE_RESULT, -1, "failed to verify that all of {dest, result} have same type");
  out->results[0] = *dst;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the destination's shape");
  return MS_INFER_OK;
}

/* --- pad ------------------------------------------------------------------- */

static ms_infer_verdict tensor_pad(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *lo = ms_sop_get(in, "static_low"), *hi = ms_sop_get(in, "static_high");
  if (in->noperands < 1 || !lo || !hi || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *res = declared_result(in);
  if (lo->n != src->rank || hi->n != src->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "failed to infer expectedType from sourceType: %d low and %d high "
                       "paddings for rank %d", lo->n, hi->n, src->rank);
  ms_shape *e = &out->results[0];
  ms_sop_result(e, src, src->rank);
  for (int i = 0; i < src->rank; i++)
    e->dims[i] = src->dims[i] == MS_DIM_DYNAMIC || lo->v[i] == KDYN || hi->v[i] == KDYN
                     ? MS_DIM_DYNAMIC
                     : src->dims[i] + lo->v[i] + hi->v[i];
  out->nresults = 1;
  if (res && in->at_declared) {
    bool ok = res->rank == e->rank;
    for (int i = 0; ok && i < e->rank; i++) ok = res->dims[i] == e->dims[i] || e->dims[i] == MS_DIM_DYNAMIC;
    if (!ok) {
      char a[128], b[128];
      type_text(res, a, sizeof a);
      type_text(e, b, sizeof b);
      return ms_sop_fail(out, CODE_RESULT, -1, "specified type %s does not match the inferred type %s", a, b);
    }
  }
  if (in->want_provenance) ms_sop_note(out, 0, "each dim plus its low and high padding");
  return MS_INFER_OK;
}

/* --- concat ---------------------------------------------------------------- */

static ms_infer_verdict tensor_concat(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "dim");
  const ms_shape *res = declared_result(in);
  if (in->noperands < 1 || !dp || dp->n != 1 || !res) return MS_INFER_UNKNOWN;
  for (int i = 0; i < in->noperands; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  int rank = res->rank;
  for (int i = 0; i < in->noperands; i++)
    if (in->operands[i].rank != rank)
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "rank of concatenated inputs must match result rank: %d vs %d",
                         in->operands[i].rank, rank);
  int64_t dim = dp->v[0];
  if (dim < 0 || dim >= rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "concatenation dim must be less than the tensor rank (%d), got %lld",
                       rank, (long long)dim);
  ms_shape *e = &out->results[0];
  ms_sop_result(e, &in->operands[0], rank);
  out->nresults = 1;
  for (int k = 0; k < rank; k++) {
    int64_t size = MS_DIM_DYNAMIC, sum = 0;
    for (int i = 0; i < in->noperands; i++) {
      int64_t d = in->operands[i].dims[k];
      if (k == dim) {
        sum = d == MS_DIM_DYNAMIC || sum == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : sum + d;
        continue;
      }
      if (d == MS_DIM_DYNAMIC) continue;
      if (size != MS_DIM_DYNAMIC && size != d)
        return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i,
                           "static concatenation size mismatch along non-concatenated dimension %d: %lld vs %lld", k,
                           (long long)size, (long long)d);
      size = d;
    }
    e->dims[k] = k == dim ? sum : size;
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the inputs' sizes added along dim %lld", (long long)dim);
  return MS_INFER_OK;
}

/* --- extract / insert, from_elements, reshape ------------------------------ */

static ms_infer_verdict indices(const ms_sop_in *in, ms_sop_out *out) {
  int t = (int)ms_sop_int(in, "tensor_operand", 0);
  if (t < 0 || t >= in->noperands || !in->operands[t].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *s = &in->operands[t], *res = declared_result(in);
  int n = in->noperands - t - 1;
  if (n != s->rank)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, t, "incorrect number of indices: %d for a tensor of rank %d", n, s->rank);
  if (!ms_sop_int(in, "same_result", 0)) return MS_INFER_UNKNOWN; /* the result is an element */
  if (res && in->at_declared && !same_dims(res, s))
    return ms_sop_fail(out, CODE_RESULT, -1, "failed to verify that all of {dest, result} have same type");
  out->results[0] = *s;
  out->nresults = 1;
  return MS_INFER_OK;
}

static ms_infer_verdict from_elements(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *res = declared_result(in);
  if (!res) return MS_INFER_UNKNOWN;
  int64_t count = 1;
  for (int i = 0; i < res->rank; i++) {
    if (res->dims[i] == MS_DIM_DYNAMIC)
      return ms_sop_fail(out, CODE_RESULT, -1, "result must be statically shaped tensor");
    count *= res->dims[i];
  }
  if (count != in->noperands)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "%d elements given for a result of %lld elements", in->noperands,
                       (long long)count);
  out->results[0] = *res;
  out->nresults = 1;
  return MS_INFER_OK;
}

static int64_t elements(const ms_shape *s) {
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++) {
    if (s->dims[i] == MS_DIM_DYNAMIC) return -1;
    n *= s->dims[i];
  }
  return n;
}

static ms_infer_verdict shape_reshape(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *res = declared_result(in);
  if (in->noperands < 2 || !res || !in->operands[1].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *shape = &in->operands[1];
  if (shape->rank != 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "the shape operand must be 1-D, got rank %d", shape->rank);
  int64_t a = src->ranked ? elements(src) : -1, b = elements(res);
  if (in->at_declared && a >= 0 && b >= 0 && a != b)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1,
                       "source and destination tensor should have the same number of elements: %lld vs %lld",
                       (long long)a, (long long)b);
  if (shape->dims[0] == MS_DIM_DYNAMIC)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1,
                       "cannot use shape operand with dynamic length to reshape to statically-ranked tensor type");
  if (shape->dims[0] != res->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "length of shape operand (%lld) differs from the result's tensor rank (%d)",
                       (long long)shape->dims[0], res->rank);
  return MS_INFER_UNKNOWN; /* the sizes are the shape operand's values */
}

/* CastOp::areCastCompatible: one element type; ranked both: one rank and
** each pair of dims equal or one `?` (unranked either side: any shape).
** The result refines to the operand's static dims where it has `?`. */
static ms_infer_verdict cast_compatible(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  if (in->noperands != 1 || !res) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (x->kind != res->kind || x->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
  bool clash = x->elem[0] && res->elem[0] && strcmp(x->elem, res->elem);
  if (x->ranked && res->ranked) {
    clash |= x->rank != res->rank;
    for (int i = 0; !clash && i < x->rank; i++)
      clash |= x->dims[i] != MS_DIM_DYNAMIC && res->dims[i] != MS_DIM_DYNAMIC && x->dims[i] != res->dims[i];
  }
  if (clash && in->at_declared) {
    char a[128], b[128];
    type_text(x, a, sizeof a);
    type_text(res, b, sizeof b);
    return ms_sop_fail(out, CODE_RESULT, -1, "operand type '%s' and result type '%s' are cast incompatible", a, b);
  }
  if (clash || !x->ranked || !res->ranked) return MS_INFER_UNKNOWN;
  ms_shape *r = &out->results[0];
  *r = *res;
  r->bounded = false;
  for (int i = 0; i < x->rank; i++)
    if (r->dims[i] == MS_DIM_DYNAMIC) r->dims[i] = x->dims[i];
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the declared type, the operand's sizes where it has `?`");
  return MS_INFER_OK;
}

/* DimOp (ODS): the source is unranked or of rank >= 1. The index is not
** checked against the rank (an out-of-range one is undefined behaviour,
** not a verifier error). */
static ms_infer_verdict dim_source(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (x->kind == MS_TYPE_TENSOR && x->ranked && x->rank == 0)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "operand #0 must be non-0-ranked or unranked tensor");
  return MS_INFER_UNKNOWN; /* an index */
}

/* --- gather, scatter -------------------------------------------------------- */

/* verifyGatherOrScatterDims: the dims non-empty, no more than the rank,
** as many as the indices' last dim (static), each in [0, rank) and
** strictly increasing. */
static bool gather_dims(const ms_sop_param *d, const ms_shape *idx, int rank, const char *what, const char *src,
                        ms_sop_out *out) {
  if (d->n == 0) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "%s_dims must be non-empty", what), false;
  if (d->n > rank) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "%s_dims overflow %s rank", what, src), false;
  if (idx->rank == 0 || idx->dims[idx->rank - 1] != d->n)
    return ms_sop_fail(out, MS_CODE_INDEX_VECTOR, -1, "%s_dims length must match the size of last dimension of indices",
                       what),
           false;
  for (int i = 0; i < d->n; i++) {
    if (d->v[i] < 0) return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "%s_dims value must be non-negative", what), false;
    if (d->v[i] >= rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "%s_dims value must be smaller than %s rank", what, src), false;
  }
  for (int i = 1; i < d->n; i++)
    if (d->v[i - 1] >= d->v[i])
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "%s_dims values must be strictly increasing", what), false;
  return true;
}

/* GatherOp::inferResultType: the indices' dims but the last, then the
** source's, each gathered one 1 (or dropped when reduced). */
static void gathered(const ms_shape *src, const ms_shape *idx, const ms_sop_param *d, bool reduced, ms_shape *res) {
  ms_sop_result(res, src, MS_MAX_RANK);
  res->rank = 0;
  for (int i = 0; i + 1 < idx->rank; i++) res->dims[res->rank++] = idx->dims[i];
  for (int i = 0, k = 0; i < src->rank; i++) {
    bool g = k < d->n && d->v[k] == i;
    k += g;
    if (!g) res->dims[res->rank++] = src->dims[i];
    else if (!reduced) res->dims[res->rank++] = 1;
  }
  assert(res->rank <= MS_MAX_RANK);
}

/* The declared type against both forms, exactly (`?` only against `?`,
** one element type); the form of its rank is *pick. */
static bool gather_type(const ms_shape *src, const ms_shape *idx, const ms_sop_param *d, const ms_shape *got,
                        const char *what, int operand, ms_shape *pick, ms_sop_out *out) {
  ms_shape full, red;
  gathered(src, idx, d, false, &full);
  gathered(src, idx, d, true, &red);
  *pick = got && got->ranked && got->rank == red.rank ? red : full;
  if (!got || !got->ranked) return true;
  bool elem_ok = !got->elem[0] || !src->elem[0] || !strcmp(got->elem, src->elem);
  if (elem_ok && (same_dims(got, &full) || same_dims(got, &red))) return true;
  char a[128], b[128], c[128];
  type_text(&full, a, sizeof a);
  type_text(&red, b, sizeof b);
  type_text(got, c, sizeof c);
  ms_sop_fail(out, operand < 0 ? CODE_RESULT : MS_CODE_UPDATE_SHAPE, operand,
              "%s type mismatch: expected %s or its rank-reduced variant %s (got: %s)", what, a, b, c);
  return false;
}

/* tensor.gather (GatherOp::verify): operands source, indices. */
static ms_infer_verdict tensor_gather(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "gather_dims");
  if (in->noperands != 2 || !d || !in->operands[0].ranked || !in->operands[1].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *idx = &in->operands[1], *res = declared_result(in);
  if (!gather_dims(d, idx, src->rank, "gather", "source", out)) return MS_INFER_INVALID;
  if (idx->rank - 1 + src->rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  ms_shape pick;
  ms_sop_out scratch;
  if (!gather_type(src, idx, d, res, "result", -1, &pick, in->at_declared ? out : &scratch) && in->at_declared)
    return MS_INFER_INVALID;
  out->results[0] = pick;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the indices' batch dims, then the source's (gathered dims 1 or dropped)");
  return MS_INFER_OK;
}

/* tensor.scatter (ScatterOp::verify): operands source, dest, indices; the
** source is what gathering dest would give; `unique` is required. The
** result is not compared with dest by the verifier: it is only refined. */
static ms_infer_verdict tensor_scatter(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *d = ms_sop_get(in, "scatter_dims");
  if (in->noperands != 3 || !d || !in->operands[1].ranked || !in->operands[2].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *dst = &in->operands[1], *idx = &in->operands[2];
  if (!gather_dims(d, idx, dst->rank, "scatter", "dest", out)) return MS_INFER_INVALID;
  if (!ms_sop_get(in, "unique"))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "requires 'unique' attribute to be set");
  if (idx->rank - 1 + dst->rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  ms_shape pick;
  if (in->at_declared && !gather_type(dst, idx, d, src, "source", 0, &pick, out)) return MS_INFER_INVALID;
  out->results[0] = *dst;
  out->nresults = 1;
  out->unchecked_results = true;
  if (in->want_provenance) ms_sop_note(out, 0, "the destination's shape");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_tensor[] = {
    {"tensor_gather", tensor_gather, "gather_dims"},
    {"tensor_scatter", tensor_scatter, "scatter_dims,unique"},
    {"cast_compatible", cast_compatible, ""},
    {"dim_source", dim_source, ""},
    {"collapse_shape", collapse_shape, "reassociation"},
    {"expand_shape", expand_shape, "reassociation,static_output_shape"},
    {"extract_slice", extract_slice, "static_offsets,static_sizes,static_strides"},
    {"insert_slice", insert_slice, "static_offsets,static_sizes,static_strides"},
    {"tensor_pad", tensor_pad, "static_low,static_high"},
    {"tensor_concat", tensor_concat, "dim"},
    {"indices", indices, "tensor_operand,same_result"},
    {"from_elements", from_elements, ""},
    {"shape_reshape", shape_reshape, ""},
    {NULL, NULL, NULL},
};
