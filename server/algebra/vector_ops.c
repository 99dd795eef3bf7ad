/*
** vector_ops.c: the vector family of structured ops (sop.h): transposes,
** extracts and inserts at a position, and strided slices, as LLVM 22
** verifies them (VectorOps.cpp TransposeOp::verify, ExtractOp
** inferReturnTypes and verify, InsertOp::verify, ExtractStridedSliceOp::
** verify), and gathers (GatherOp::verify). Vector types compare exactly, scalable dims included.
**
** Parameters: permutation (vector_transpose); static_position
** (vector_extract, vector_insert: INT64_MIN for a dynamic index, -1 the
** poison index); offsets, sizes, strides (vector_extract_strided_slice);
** reduction_dims (vector_multi_reduction).
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define KDYN INT64_MIN
#define CODE_RESULT "result-shape"

static bool is_vector(const ms_shape *s) { return s->kind == MS_TYPE_VECTOR && s->ranked; }

static bool same_vector(const ms_shape *a, const ms_shape *b) {
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i] || a->scalable[i] != b->scalable[i]) return false;
  return true;
}

static bool one_element(const ms_shape *s) {
  return s->ranked && s->rank == 1 && s->dims[0] == 1 && !s->scalable[0];
}

static ms_infer_verdict vector_transpose(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "permutation");
  if (in->noperands != 1 || !p || !is_vector(&in->operands[0])) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0];
  if (p->n != v->rank) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "transposition length mismatch: %d", p->n);
  bool seen[MS_SOP_MAX_LIST] = {false};
  for (int i = 0; i < p->n; i++) {
    if (p->v[i] < 0 || p->v[i] >= v->rank) return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "transposition index out of range: %lld", (long long)p->v[i]);
    if (seen[p->v[i]]) return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "duplicate position index: %lld", (long long)p->v[i]);
    seen[p->v[i]] = true;
  }
  ms_shape *r = &out->results[0];
  *r = *v;
  for (int i = 0; i < v->rank; i++) {
    r->dims[i] = v->dims[p->v[i]];
    r->scalable[i] = v->scalable[p->v[i]];
  }
  out->nresults = 1;
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  if (res && is_vector(res) && in->at_declared && !same_vector(r, res)) {
    for (int i = 0; i < v->rank && i < res->rank; i++)
      if (r->dims[i] != res->dims[i] || r->scalable[i] != res->scalable[i])
        return ms_sop_fail(out, CODE_RESULT, -1, "dimension size mismatch at: %d", i);
    return ms_sop_fail(out, CODE_RESULT, -1, "result rank %d differs from the source's %d", res->rank, v->rank);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "source dims in the permutation's order");
  return MS_INFER_OK;
}

/* Positions: at most the vector's rank, each static one in [0, dim) or
** the poison index -1 (scalable dims are not bounded). */
static bool positions(const ms_shape *v, const ms_sop_param *p, ms_sop_out *out, int operand) {
  if (p->n > v->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, operand, "expected position attribute of rank no greater than vector rank"),
           false;
  for (int i = 0; i < p->n; i++) {
    int64_t x = p->v[i];
    if (x == KDYN || x == -1 || v->scalable[i] || v->dims[i] == MS_DIM_DYNAMIC) continue;
    if (x < 0 || x >= v->dims[i])
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, operand,
                         "expected position attribute #%d to be a non-negative integer smaller than the corresponding "
                         "vector dimension or poison (-1), got %lld for size %lld",
                         i + 1, (long long)x, (long long)v->dims[i]),
             false;
  }
  return true;
}

static ms_infer_verdict vector_extract(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "static_position");
  if (in->noperands < 1 || !p || !is_vector(&in->operands[0])) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0];
  if (!positions(v, p, out, 0)) return MS_INFER_INVALID;
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  /* ExtractOp::isCompatibleReturnTypes: a vector<1xT> and T stand for
  ** each other. */
  if (p->n == v->rank) {
    if (res && in->at_declared && res->kind == MS_TYPE_VECTOR && !one_element(res))
      return ms_sop_fail(out, CODE_RESULT, -1, "every dim is indexed: the result is the element type, not a vector");
    return MS_INFER_UNKNOWN; /* a scalar */
  }
  ms_shape *r = &out->results[0];
  *r = *v;
  r->rank = v->rank - p->n;
  memmove(r->dims, v->dims + p->n, (size_t)r->rank * sizeof r->dims[0]);
  memmove(r->scalable, v->scalable + p->n, (size_t)r->rank * sizeof r->scalable[0]);
  out->nresults = 1;
  if (res && in->at_declared && res->kind != MS_TYPE_VECTOR && one_element(r)) return MS_INFER_UNKNOWN;
  if (res && in->at_declared && (res->kind != MS_TYPE_VECTOR || !same_vector(r, res))) {
    char a[128];
    ms_shape_format_type(r, a, sizeof a);
    return ms_sop_fail(out, CODE_RESULT, -1, "the result must be %s: the dims after the %d indexed ones", a, p->n);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the source's dims after the position");
  return MS_INFER_OK;
}

static ms_infer_verdict vector_insert(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "static_position");
  if (in->noperands < 2 || !p || !is_vector(&in->operands[1])) return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *dst = &in->operands[1];
  if (p->n > dst->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "expected position attribute of rank no greater than dest vector rank");
  if (src->kind == MS_TYPE_VECTOR && src->ranked && src->rank + p->n != dst->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0, "expected position attribute rank + source rank to match dest vector rank");
  if (src->kind != MS_TYPE_VECTOR && src->kind != MS_TYPE_TENSOR && src->kind != MS_TYPE_MEMREF && p->n != dst->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "expected position attribute rank to match the dest vector rank");
  if (!positions(dst, p, out, 1)) return MS_INFER_INVALID;
  out->results[0] = *dst;
  out->nresults = 1;
  return MS_INFER_OK;
}

static ms_infer_verdict vector_extract_strided_slice(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *off = ms_sop_get(in, "offsets"), *size = ms_sop_get(in, "sizes"), *stride = ms_sop_get(in, "strides");
  if (in->noperands != 1 || !off || !size || !stride || !is_vector(&in->operands[0])) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0];
  if (off->n != size->n || off->n != stride->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected offsets, sizes and strides attributes of same size");
  if (off->n > v->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected offsets attribute of rank no greater than vector rank");
  for (int i = 0; i < off->n; i++) {
    int64_t d = v->dims[i];
    if (off->v[i] < 0 || off->v[i] >= d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected offsets dimension %d to be confined to [0, %lld)", i, (long long)d);
    if (size->v[i] < 1 || size->v[i] > d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected sizes dimension %d to be confined to [1, %lld]", i, (long long)d);
    if (stride->v[i] != 1)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected strides to be confined to [1, 1], got %lld", (long long)stride->v[i]);
    if (off->v[i] + size->v[i] > d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected sum(offsets, sizes) dimension %d to be confined to [1, %lld)", i,
                         (long long)d + 1);
  }
  ms_shape *r = &out->results[0];
  *r = *v;
  for (int i = 0; i < off->n; i++) r->dims[i] = size->v[i];
  out->nresults = 1;
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  if (res && is_vector(res) && in->at_declared && !same_vector(r, res)) {
    char a[128];
    ms_shape_format_type(r, a, sizeof a);
    return ms_sop_fail(out, CODE_RESULT, -1, "expected result type to be %s", a);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the sizes, then the source's other dims");
  return MS_INFER_OK;
}

/* MultiDimReductionOp::verify: the result is the source without the
** reduced dims, the element type when none is left. */
static ms_infer_verdict vector_multi_reduction(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "reduction_dims");
  if (in->noperands < 1 || !p || !is_vector(&in->operands[0])) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0], *res = in->nresults ? &in->results[0] : NULL;
  ms_shape *r = &out->results[0];
  *r = *v;
  r->rank = 0;
  for (int d = 0; d < v->rank; d++)
    if (!ms_sop_contains(p->v, p->n, d)) {
      r->dims[r->rank] = v->dims[d];
      r->scalable[r->rank++] = v->scalable[d];
    }
  bool scalar = r->rank == 0;
  if (res && in->at_declared && (scalar ? res->kind == MS_TYPE_VECTOR : res->kind != MS_TYPE_VECTOR || !same_vector(r, res))) {
    char a[128];
    ms_shape_format_type(v, a, sizeof a);
    return ms_sop_fail(out, CODE_RESULT, -1, "destination type is incompatible with source type %s: the reduced dims are "
                       "dropped", a);
  }
  if (scalar) return MS_INFER_UNKNOWN;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the source's dims but the reduced ones");
  return MS_INFER_OK;
}

/* ReductionOp::verify and ODS: a 0-d or 1-d source; the result (and the
** accumulator) is its element type. */
static ms_infer_verdict vector_reduction(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || !is_vector(&in->operands[0])) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0], *res = in->nresults ? &in->results[0] : NULL;
  if (v->rank > 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "unsupported reduction rank: %d", v->rank);
  /* The result is a scalar, which reaches the function as an opaque type. */
  if (res && !res->elem[0] && in->opaque_results && in->opaque_results[0].kind == MS_TYPE_OTHER)
    res = &in->opaque_results[0];
  if (res && in->at_declared && res->elem[0] && v->elem[0] &&
      (res->kind != MS_TYPE_OTHER || strcmp(res->elem, v->elem)))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1,
                       "failed to verify that source operand and result have same element type");
  const ms_shape *acc = in->noperands == 2 ? &in->operands[1] : NULL;
  if (acc && in->at_declared && acc->elem[0] && v->elem[0] && (acc->kind != MS_TYPE_OTHER || strcmp(acc->elem, v->elem)))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 1, "failed to verify that dest and acc have the same type");
  const ms_sop_param *kind = ms_sop_get(in, "kind");
  if (kind && in->at_declared && !ms_sop_kind_supported(kind->str, v->elem))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 0, "unsupported reduction type '%s' for kind '%s'", v->elem,
                       kind->str);
  return MS_INFER_UNKNOWN; /* a scalar */
}

/* InsertStridedSliceOp::verify: one offset per destination dim, one
** stride (1) per source dim, the source no deeper than the destination;
** each offset in [0, dim), offset + the source's aligned (trailing) dim
** <= dim; scalable flags equal where the source lies. The result is the
** destination's type. */
static ms_infer_verdict vector_insert_strided_slice(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *off = ms_sop_get(in, "offsets"), *stride = ms_sop_get(in, "strides");
  if (in->noperands != 2 || !off || !stride || !is_vector(&in->operands[0]) || !is_vector(&in->operands[1]))
    return MS_INFER_UNKNOWN;
  const ms_shape *src = &in->operands[0], *dst = &in->operands[1];
  if (off->n != dst->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected offsets of same size as destination vector rank");
  if (stride->n != src->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expected strides of same size as source vector rank");
  if (src->rank > dst->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0, "expected source rank to be no greater than destination rank");
  int diff = dst->rank - src->rank;
  for (int i = 0; i < off->n; i++)
    if (off->v[i] < 0 || off->v[i] >= dst->dims[i])
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected offsets dimension %d to be confined to [0, %lld)", i,
                         (long long)dst->dims[i]);
  for (int i = 0; i < stride->n; i++)
    if (stride->v[i] != 1)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "expected strides to be confined to [1, 2)");
  for (int i = 0; i < dst->rank; i++) {
    int64_t sum = off->v[i] + (i >= diff ? src->dims[i - diff] : 0);
    if (sum < 0 || sum > dst->dims[i]) /* the message says [1, ...), the check is >= 0 */
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1,
                         "expected sum(offsets, source vector shape) dimension %d to be confined to [1, %lld)", i,
                         (long long)dst->dims[i] + 1);
  }
  for (int i = 0; i < src->rank; i++) {
    if (src->scalable[i] != dst->scalable[i + diff])
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0, "mismatching scalable flags (at source vector idx=%d)", i);
    if (src->scalable[i] && src->dims[i] != dst->dims[i + diff])
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0,
                         "expected size at idx=%d to match the corresponding base size from the input vector", i);
  }
  out->results[0] = *dst;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the destination's type");
  return MS_INFER_OK;
}

/* ConstantMaskOp::verify: one size per result dim (one size, 0 or 1, for a
** 0-d mask), each in [0, dim]; a 0 makes every size 0; a scalable dim's
** size is 0 or its base size. With "sizes_are_operands" (CreateMaskOp):
** one index operand per dim, exactly one for a 0-d mask. */
static ms_infer_verdict vector_mask(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  if (!res || !is_vector(res)) return MS_INFER_UNKNOWN;
  if (ms_sop_int(in, "sizes_are_operands", 0)) {
    if (res->rank == 0 && in->noperands != 1)
      return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "must specify exactly one operand for 0-D create_mask");
    if (res->rank > 0 && in->noperands != res->rank)
      return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "must specify an operand for each result vector dimension");
  } else {
    const ms_sop_param *p = ms_sop_get(in, "mask_dim_sizes");
    if (!p) return MS_INFER_UNKNOWN;
    if (res->rank == 0) {
      if (p->n != 1) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "array attr must have length 1 for 0-D vectors");
      if (p->v[0] != 0 && p->v[0] != 1)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "mask dim size must be either 0 or 1 for 0-D vectors");
    } else {
      if (p->n != res->rank)
        return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "must specify array attr of size equal vector result rank");
      bool zero = false, nonzero = false;
      for (int i = 0; i < p->n; i++) {
        if (p->v[i] < 0 || p->v[i] > res->dims[i])
          return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1,
                             "array attr of size out of bounds of vector result dimension size");
        if (res->scalable[i] && p->v[i] != 0 && p->v[i] != res->dims[i])
          return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "only supports 'none set' or 'all set' scalable dimensions");
        zero |= p->v[i] == 0;
        nonzero |= p->v[i] != 0;
      }
      if (zero && nonzero)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1,
                           "expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim");
    }
  }
  out->results[0] = *res;
  out->nresults = 1;
  return MS_INFER_OK;
}

/* The trailing dim of v times num/den into r (0-d: a 1-d vector of num). */
static bool scale_last(const ms_shape *v, int num, int den, ms_shape *r) {
  *r = *v;
  if (v->rank == 0) {
    if (den != 1) return false;
    r->rank = 1;
    r->dims[0] = num;
    r->scalable[0] = false;
    return true;
  }
  int64_t *d = &r->dims[v->rank - 1];
  if (*d == MS_DIM_DYNAMIC || (*d * num) % den) return false;
  *d = *d * num / den;
  return true;
}

/* InterleaveOp (ODS): lhs and rhs of one type, the result that type with
** its trailing dim doubled (a 0-d operand: vector<2xT>). */
static ms_infer_verdict vector_interleave(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 2 || !is_vector(&in->operands[0]) || !is_vector(&in->operands[1])) return MS_INFER_UNKNOWN;
  const ms_shape *a = &in->operands[0], *res = in->nresults ? &in->results[0] : NULL;
  if (!same_vector(a, &in->operands[1]))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "failed to verify that all of {lhs, rhs} have same type");
  ms_shape *r = &out->results[0];
  if (!scale_last(a, 2, 1, r)) return MS_INFER_UNKNOWN;
  out->nresults = 1;
  if (res && is_vector(res) && in->at_declared && !same_vector(r, res))
    return ms_sop_fail(out, CODE_RESULT, -1, "failed to verify that type of 'result' is double the width of the inputs");
  if (in->want_provenance) ms_sop_note(out, 0, "the operands' type, its trailing dim doubled");
  return MS_INFER_OK;
}

/* DeinterleaveOp (ODS): a source of rank >= 1 whose trailing dim is even;
** two results of one type, the source's with that dim halved. */
static ms_infer_verdict vector_deinterleave(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 1 || !is_vector(&in->operands[0]) || in->operands[0].rank < 1) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0];
  if (v->dims[v->rank - 1] % 2)
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0,
                       "failed to verify that the trailing dimension of the source vector has an even number of elements");
  if (in->at_declared && in->nresults == 2 && is_vector(&in->results[0]) && is_vector(&in->results[1]) &&
      !same_vector(&in->results[0], &in->results[1]))
    return ms_sop_fail(out, CODE_RESULT, -1, "failed to verify that all of {res1, res2} have same type");
  ms_shape *r = &out->results[0];
  if (!scale_last(v, 1, 2, r)) return MS_INFER_UNKNOWN;
  out->results[1] = *r;
  out->nresults = 2;
  for (int k = 0; k < in->nresults && k < 2; k++)
    if (in->at_declared && is_vector(&in->results[k]) && !same_vector(r, &in->results[k]))
      return ms_sop_fail(out, CODE_RESULT, -1,
                         "failed to verify that the trailing dimension of the results is half the width of source "
                         "trailing dimension");
  if (in->want_provenance) {
    ms_sop_note(out, 0, "the source's type, its trailing dim halved");
    ms_sop_note(out, 1, "the source's type, its trailing dim halved");
  }
  return MS_INFER_OK;
}

/* BitCastOp::verify: source and result of one rank, equal dims but the
** trailing one, which holds the same number of bits (0-d: elements of one
** width). The result's element type is the declared one. */
static ms_infer_verdict vector_bitcast(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *res = in->nresults ? &in->results[0] : NULL;
  if (in->noperands != 1 || !is_vector(&in->operands[0]) || !res || !is_vector(res)) return MS_INFER_UNKNOWN;
  const ms_shape *v = &in->operands[0];
  if (v->rank != res->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "failed to verify that all of {source, result} have same rank");
  for (int i = 0; i + 1 < v->rank; i++)
    if (v->dims[i] != res->dims[i]) return ms_sop_fail(out, CODE_RESULT, -1, "dimension size mismatch at: %d", i);
  int ws = ms_sop_bit_width(v->elem), wr = ms_sop_bit_width(res->elem);
  if (!ws || !wr) return MS_INFER_UNKNOWN;
  if (v->rank == 0) {
    if (ws != wr)
      return ms_sop_fail(out, MS_CODE_BIT_WIDTH, -1, "source/result bitwidth of the 0-D vector element types must be equal");
  } else if (ws * v->dims[v->rank - 1] != wr * res->dims[v->rank - 1]) {
    return ms_sop_fail(out, MS_CODE_BIT_WIDTH, -1, "source/result bitwidth of the minor 1-D vectors must be equal");
  }
  out->results[0] = *res;
  out->nresults = 1;
  return MS_INFER_OK;
}

/* GatherOp::verify: base, its indices, the index vector, the mask, the
** pass_thru (the last three counted from the end). The base a memref or a
** ranked tensor of the result's element type, one index per base dim, the
** index vector and the mask of the result's shape (sizes only: scalable
** flags are not compared), the pass_thru exactly the result's type. */
static ms_infer_verdict vector_gather(const ms_sop_in *in, ms_sop_out *out) {
  int n = in->noperands;
  if (n < 4 || in->nresults > 1 || !in->at_declared) return MS_INFER_UNKNOWN;
  const ms_shape *base = &in->operands[0], *idx = &in->operands[n - 3], *mask = &in->operands[n - 2],
                 *pass = &in->operands[n - 1];
  /* Unnamed (`vector.mask %m { vector.gather ... }`), the result is not
  ** read: judged as the pass_thru's type, where every failure is one of
  ** the verifier's (a result of another type fails one check or another). */
  const ms_shape *res = in->nresults ? &in->results[0] : pass;
  if (!base->ranked || (base->kind != MS_TYPE_MEMREF && base->kind != MS_TYPE_TENSOR) || !is_vector(res) ||
      !is_vector(idx) || !is_vector(mask) || !is_vector(pass) || !base->elem[0] || !res->elem[0])
    return MS_INFER_UNKNOWN;
  if (strcmp(base->elem, res->elem))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 0, "base and result element type should match");
  if (n - 4 != base->rank) return ms_sop_fail(out, MS_CODE_SOP_COUNT, 0, "requires %d indices", base->rank);
  bool same = idx->rank == res->rank, msame = mask->rank == res->rank;
  for (int i = 0; i < res->rank; i++) {
    same = same && idx->dims[i] == res->dims[i];
    msame = msame && mask->dims[i] == res->dims[i];
  }
  if (!same) return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n - 3, "expected result dim to match indices dim");
  if (!msame) return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n - 2, "expected result dim to match mask dim");
  if (!same_vector(pass, res) || strcmp(pass->elem, res->elem))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n - 1, "expected pass_thru of same type as result type");
  return MS_INFER_UNKNOWN;
}

const ms_sop_def ms_sop_vector[] = {
    {"vector_gather", vector_gather, ""},
    {"vector_reduction", vector_reduction, "kind"},
    {"vector_insert_strided_slice", vector_insert_strided_slice, "offsets,strides"},
    {"vector_mask", vector_mask, "mask_dim_sizes,sizes_are_operands"},
    {"vector_interleave", vector_interleave, ""},
    {"vector_deinterleave", vector_deinterleave, ""},
    {"vector_bitcast", vector_bitcast, ""},
    {"vector_multi_reduction", vector_multi_reduction, "reduction_dims"},
    {"vector_transpose", vector_transpose, "permutation"},
    {"vector_extract", vector_extract, "static_position"},
    {"vector_insert", vector_insert, "static_position"},
    {"vector_extract_strided_slice", vector_extract_strided_slice, "offsets,sizes,strides"},
    {NULL, NULL, NULL},
};
