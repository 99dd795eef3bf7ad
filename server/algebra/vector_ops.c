/*
** vector_ops.c: the vector family of structured ops (sop.h): transposes,
** extracts and inserts at a position, and strided slices, as LLVM 22
** verifies them (VectorOps.cpp TransposeOp::verify, ExtractOp
** inferReturnTypes and verify, InsertOp::verify, ExtractStridedSliceOp::
** verify). Vector types compare exactly, scalable dims included.
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

const ms_sop_def ms_sop_vector[] = {
    {"vector_multi_reduction", vector_multi_reduction, "reduction_dims"},
    {"vector_transpose", vector_transpose, "permutation"},
    {"vector_extract", vector_extract, "static_position"},
    {"vector_insert", vector_insert, "static_position"},
    {"vector_extract_strided_slice", vector_extract_strided_slice, "offsets,sizes,strides"},
    {NULL, NULL, NULL},
};
