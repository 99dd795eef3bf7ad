/*
** region_ops.c: structured ops whose shapes come from a region's block
** (sop.h): CHLO's scan and StableHLO's async_start.
**
** scan (CHLO ScanOp::verify, inferReturnTypeComponents): inputs then
** inits; `dimension` names a dim of every input whose static sizes
** agree with each other and with `scan_dim_size` (scan-dims); the body takes one argument per operand, an input's
** type with the scan dim removed, an init's type as it is (region-types);
** it returns outputs then carries, and an output's result is the
** returned type with the scan dim's size put back at `dimension`. How
** many operands are inits: the generic form's `operandSegmentSizes`
** (parameter "segments": [inputs, inits]), the pretty form's `inits (...)`
** group (parameter "inits": one entry per init).
**
** async_start (StableHLO AsyncStartOp::inferReturnTypes): the body holds
** one op and a return, an op the catalog allows (parameter
** "inner_op_allowed", 0 when it is not: collectives and slices); it takes
** one argument per operand of exactly its type and returns one value; the
** result is a `!stablehlo.future` of exactly that value's type: a
** declared result that is a one-parameter dialect type around a shaped
** type (in->opaque_results) is compared with it at the declared types.
**
** min_results (StableHLO verifyInfeedOp infeed_c1, verifyRecvOp recv_c2):
** ops whose results are declared only (the data an infeed or recv
** brings, and a token) need at least `min_results` of them; nothing is
** inferred.
**
** Types compare by shape, and by element type only where both are plain
** builtin types.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define CODE_REGION "region-types"
#define CODE_SCAN_DIMS "scan-dims"
#define CODE_RESULT "result-shape"

static bool plain(const char *e) { return e[0] && !strpbrk(e, "!<"); }

/* isCompatibleForHloTypeInference over two shapes. */
static bool compatible(const ms_shape *a, const ms_shape *b) {
  if (a->kind != b->kind) return false;
  if (a->kind == MS_TYPE_OTHER) return !strcmp(a->elem, b->elem);
  if (ms_sop_result_conflicts(a, b)) return false;
  return !plain(a->elem) || !plain(b->elem) || !strcmp(a->elem, b->elem);
}

/* How many operands are inits, or -1 when the op does not say. */
static int count_inits(const ms_sop_in *in) {
  const ms_sop_param *seg = ms_sop_get(in, "segments");
  if (seg) return seg->n == 2 && seg->v[0] + seg->v[1] == in->noperands && seg->v[1] >= 0 ? (int)seg->v[1] : -1;
  const ms_sop_param *inits = ms_sop_get(in, "inits");
  return inits && inits->n <= in->noperands ? inits->n : -1;
}

static ms_infer_verdict scan(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "dimension");
  int ninits = count_inits(in);
  if (!dp || dp->n != 1 || dp->v[0] < 0 || ninits < 0) return MS_INFER_UNKNOWN;
  int64_t dim = dp->v[0];
  int ninputs = in->noperands - ninits;
  const ms_sop_param *sp = ms_sop_get(in, "scan_dim_size");
  bool have_size = sp && sp->n == 1;
  int64_t size = have_size ? sp->v[0] : MS_DIM_DYNAMIC;
  int64_t inferred = size; /* inferReturnTypeComponents: scan_dim_size, else the first input's size */
  for (int i = 0; i < ninputs; i++) {
    const ms_shape *x = &in->operands[i];
    if (!x->ranked || x->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
    if (dim >= x->rank) return ms_sop_fail(out, CODE_SCAN_DIMS, i, "scan dimension of operand %d is out of bounds", i);
    if (inferred == MS_DIM_DYNAMIC) inferred = x->dims[dim];
    if (x->dims[dim] == MS_DIM_DYNAMIC) continue;
    if (have_size && size != x->dims[dim])
      return ms_sop_fail(out, CODE_SCAN_DIMS, i, "invalid scan dimension size of operand %d (dim %lld is %lld, not %lld)",
                         i, (long long)dim, (long long)x->dims[dim], (long long)size);
    size = x->dims[dim];
    have_size = true;
  }
  if (in->nregions < 1 || in->regions[0].nyields < 0) return MS_INFER_UNKNOWN;
  const ms_sop_region *body = &in->regions[0];
  if (body->nargs != in->noperands)
    return ms_sop_fail(out, CODE_REGION, -1, "expects %d arguments in the body, but got %d", in->noperands, body->nargs);
  for (int i = 0; i < in->noperands; i++) {
    ms_shape want = in->operands[i];
    if (!want.ranked) return MS_INFER_UNKNOWN;
    if (i < ninputs) {
      for (int d = (int)dim; d + 1 < want.rank; d++) {
        want.dims[d] = want.dims[d + 1];
        want.bounds[d] = want.bounds[d + 1];
      }
      want.rank--;
    }
    if (!compatible(&want, &body->args[i]))
      return ms_sop_fail(out, CODE_REGION, i, "operand and body argument %d are incompatible", i);
  }
  int noutputs = body->nyields - ninits;
  if (noutputs < 0)
    return ms_sop_fail(out, CODE_REGION, -1, "ScanOp body must return at least %d values (carries)", ninits);
  if (body->nyields > out->room) return MS_INFER_UNKNOWN;
  for (int k = 0; k < body->nyields; k++) {
    const ms_shape *y = &body->yields[k];
    ms_sop_result_begin(out, k, y);
    if (!y->ranked || y->kind != MS_TYPE_TENSOR || (k < noutputs && dim > y->rank)) {
      out->results[k].ranked = false;
      continue;
    }
    for (int d = 0; d <= y->rank; d++) {
      if (k < noutputs && d == dim) ms_sop_result_push(out, k, inferred, MS_DIM_DYNAMIC);
      if (d < y->rank) ms_sop_result_push(out, k, y->dims[d], ms_sop_bound(y, d));
    }
    if (in->want_provenance)
      ms_sop_note(out, k, k < noutputs ? "body result %d with the scan dim %lld put back" : "body carry %d", k,
                  (long long)dim);
  }
  out->nresults = body->nyields;
  return MS_INFER_OK;
}

/* Valid, but the results are not shapes we refine: each stays as declared
** (unranked for inference) and is not checked against anything. */
static ms_infer_verdict opaque_results(const ms_sop_in *in, ms_sop_out *out) {
  out->nresults = in->nresults;
  for (int k = 0; k < in->nresults && k < out->room; k++) {
    ms_sop_result_begin(out, k, &in->results[k]);
    out->results[k].ranked = false;
  }
  out->unchecked_results = true;
  return MS_INFER_OK;
}

/* The type the declared result holds when it is a dialect type of one
** shaped type parameter, `!d.future<tensor<8x2xf32>>` (read only at the
** declared types, where the verifier compares it); false otherwise. */
static bool future_of(const ms_sop_in *in, ms_shape *held) {
  if (!in->at_declared || !in->opaque_results || in->opaque_results[0].kind != MS_TYPE_OTHER) return false;
  const char *t = in->opaque_results[0].elem, *lt = strchr(t, '<');
  size_t n = strlen(t);
  if (t[0] != '!' || !lt || n < 2 || t[n - 1] != '>' || n + 1 >= sizeof in->opaque_results[0].elem) return false;
  return ms_shape_parse_type(held, lt + 1, (size_t)(t + n - 1 - (lt + 1)), NULL, 0) && held->kind != MS_TYPE_OTHER &&
         held->kind != MS_TYPE_NONE && held->ranked;
}

/* Type equality as far as the shapes tell: rank, every dim, and the
** element type where both are plain builtin types (else not compared). */
static bool same_type(const ms_shape *a, const ms_shape *b) {
  if (a->kind != b->kind || a->ranked != b->ranked || (a->ranked && a->rank != b->rank)) return false;
  for (int d = 0; a->ranked && d < a->rank; d++)
    if (a->dims[d] != b->dims[d]) return false;
  return !plain(a->elem) || !plain(b->elem) || !strcmp(a->elem, b->elem);
}

static ms_infer_verdict async_start(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nregions < 1 || in->regions[0].nyields < 0) return MS_INFER_UNKNOWN;
  const ms_sop_param *inner = ms_sop_get(in, "inner_op_allowed");
  if (inner && inner->n == 1 && !inner->v[0])
    return ms_sop_fail(out, CODE_REGION, -1,
                       "region must contain exactly one operation and a return, a collective or slice operation");
  const ms_sop_region *body = &in->regions[0];
  if (body->nargs != in->noperands)
    return ms_sop_fail(out, CODE_REGION, -1, "number of operands (%d) must match number of region arguments (%d)",
                       in->noperands, body->nargs);
  for (int i = 0; i < in->noperands; i++) {
    char a[160], b[160];
    ms_shape_format_type(&in->operands[i], a, sizeof a);
    ms_shape_format_type(&body->args[i], b, sizeof b);
    if (!compatible(&in->operands[i], &body->args[i]) || (in->at_declared && strcmp(a, b)))
      return ms_sop_fail(out, CODE_REGION, i, "operand type '%s' at index %d must match region argument type '%s'", a, i,
                         b);
  }
  if (body->nyields != 1)
    return ms_sop_fail(out, CODE_REGION, -1, "region must return exactly one value, but got %d", body->nyields);
  ms_shape held;
  if (in->nresults == 1 && future_of(in, &held) && !same_type(&held, &body->yields[0])) {
    char a[160], b[160];
    ms_shape_format_type(&body->yields[0], a, sizeof a);
    ms_shape_format_type(&held, b, sizeof b);
    return ms_sop_fail(out, CODE_RESULT, -1,
                       "inferred type(s) '%s' (a future of what the body returns) are incompatible with the "
                       "declared future of '%s'",
                       a, b);
  }
  /* The future itself is not a shape the analyzer refines. */
  return opaque_results(in, out);
}

static ms_infer_verdict min_results(const ms_sop_in *in, ms_sop_out *out) {
  int64_t min = ms_sop_int(in, "min_results", 0);
  if (in->nresults < min)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "result is expected to be at least of size %lld, but got %d",
                       (long long)min, in->nresults);
  return opaque_results(in, out);
}

const ms_sop_def ms_sop_region_ops[] = {
    {"scan", scan, "dimension,scan_dim_size,segments,inits"},
    {"async_start", async_start, "inner_op_allowed"},
    {"min_results", min_results, "min_results"},
    {NULL, NULL, NULL},
};
