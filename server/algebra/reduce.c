/*
** reduce.c: the reduce family of structured ops (sop.h).
**
** reduce folds inputs along `dimensions` with a reducer region; its N
** inputs are followed by N init values. Constraints and result shapes are
** StableHLO's (docs/spec.md reduce C1-C8; TypeInference.cpp
** verifyReduceOpInputsAndInferShape, inferReduceOp): the inputs have
** compatible shapes, each dimension is in range and given once, and each
** result keeps the dims not reduced (bounds included); the reducer region
** takes and returns what the inputs and inits say (reduce C2, C6:
** ms_sop_reducer, when the analyzer sees the region). Parameters:
** dimensions; applies_commutative (the pretty `applies OP` form: 0 when
** OP is not one of the dialect's commutative binary ops, which its parser
** rejects).
*/
#include "sop_check.h"

#include <string.h>

/* An odd operand count in the generic form: ODS's SameVariadicOperandSize
** splits it as n inputs and n inits (the last operand is in neither), so
** the reducer must take 2n arguments (reduce C6). Only that is judged. */
static ms_infer_verdict odd_operands(const ms_sop_in *in, int n, ms_sop_out *out) {
  if (in->nregions < 1 || in->regions[0].nargs == 0 || in->regions[0].nargs == 2 * n) return MS_INFER_UNKNOWN;
  return ms_sop_fail(out, "reducer", -1, "Reduction-region must take %d parameters, but takes %d parameter(s)", 2 * n,
                     in->regions[0].nargs);
}

static ms_infer_verdict reduce(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dims = ms_sop_get(in, "dimensions");
  const ms_sop_param *applies = ms_sop_get(in, "applies_commutative");
  if (applies && applies->n == 1 && !applies->v[0]) /* the pretty form's parser (AssemblyFormat.cpp parseReduceOp) */
    return ms_sop_fail(out, "reducer", -1,
                       "expected the inner-op to be a commutative binary-op from the op's dialect, with zero region, "
                       "producing single result");
  int n = in->noperands / 2;
  if (!dims || n < 1 || n > out->room || n > MS_SOP_MAX_VALUES) return MS_INFER_UNKNOWN;
  if (in->noperands % 2) return odd_operands(in, n, out);
  for (int i = 0; i < n; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  /* A result count other than the inputs': in a pretty form with several
  ** `(%x init: %y)` groups the operands were not all seen, judge nothing;
  ** in the generic form the reducer's 2n block arguments confirm n, and
  ** the n results inferred contradict the count (reduce C3, C7). */
  bool counted = in->nregions > 0 && in->regions[0].nargs == 2 * n;
  if (in->nresults > 0 && in->nresults != n && !counted) return MS_INFER_UNKNOWN;
  const ms_shape *w = &in->operands[0];
  for (int i = 1; i < n; i++)
    if (!ms_sop_shapes_compatible(w, &in->operands[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i,
                         "expects all inputs to have compatible shapes. Shape at input-index %d is not compatible "
                         "with shape at input-index 0",
                         i);
  for (int i = 0; i < dims->n; i++) {
    if (dims->v[i] < 0 || dims->v[i] >= w->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "Out-of-bounds dimension %lld, expected to be in range [0, %d)",
                         (long long)dims->v[i], w->rank);
    if (ms_sop_contains(dims->v, i, dims->v[i]))
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "Duplicate reduction dimension: %lld", (long long)dims->v[i]);
  }
  /* verifyReducerShape: the reducer takes and returns scalars of the kept dims. */
  int inputs[MS_SOP_MAX_VALUES], inits[MS_SOP_MAX_VALUES];
  int64_t kept[MS_MAX_RANK];
  int nkept = 0;
  for (int i = 0; i < n; i++) {
    inputs[i] = i;
    inits[i] = n + i;
  }
  for (int d = 0; d < w->rank; d++)
    if (!ms_sop_contains(dims->v, dims->n, d)) kept[nkept++] = w->dims[d];
  /* The pretty form declares the reducer's arguments in `reducer(%a: T, ...)`,
  ** which the analyzer does not show as block arguments: not judged. */
  bool seen = in->nregions > 0 && in->regions[0].nargs > 0;
  if (seen && !ms_sop_reducer(in, 0, inputs, inits, n, kept, nkept, out)) return MS_INFER_INVALID;
  if (!ms_sop_body_elems(in, 0, n, out)) return MS_INFER_INVALID;
  for (int r = 0; r < n; r++) {
    /* The element type is the reducer's; the init value's stands for it. */
    const ms_shape *init = &in->operands[n + r];
    ms_sop_result_begin(out, r, init->kind == MS_TYPE_OTHER ? w : init);
    if (!init->elem[0]) memcpy(out->results[r].elem, in->operands[r].elem, sizeof out->results[r].elem);
    for (int d = 0; d < w->rank; d++) {
      if (ms_sop_contains(dims->v, dims->n, d)) continue;
      ms_sop_result_push(out, r, w->dims[d], ms_sop_bound(w, d));
      if (in->want_provenance) ms_sop_note(out, r, "dim %d: input dim %d", out->results[r].rank - 1, d);
    }
  }
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_reduce[] = {
    {"reduce", reduce, "dimensions,applies_commutative"},
    {NULL, NULL, NULL},
};
