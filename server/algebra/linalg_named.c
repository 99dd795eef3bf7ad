/*
** linalg_named.c: permutations and reductions whose verifiers compare
** shapes exactly (sop.h): linalg's transpose and reduce, LLVM 22
** (LinalgOps.cpp TransposeOp::verify, ReduceOp::verify). The operands are
** inputs then inits (destination-passing style, `ins(...) outs(...)`); a
** tensor init is also the result. `?` equals only `?`.
**
** Parameters: permutation (exact_transpose); dimensions (exact_reduce:
** strictly increasing, in the input's rank).
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static bool exact(const ms_shape *a, const ms_shape *b) {
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i]) return false;
  return true;
}

/* A tensor init is the op's result: the result's shape. */
static ms_infer_verdict init_result(const ms_sop_in *in, const ms_shape *init, ms_sop_out *out) {
  if (in->nresults == 0) return MS_INFER_UNKNOWN; /* memrefs: no result */
  out->results[0] = *init;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the init's shape");
  return MS_INFER_OK;
}

static ms_infer_verdict exact_transpose(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "permutation");
  if (in->noperands != 2 || !p || !in->operands[0].ranked || !in->operands[1].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *init = &in->operands[1];
  bool seen[MS_SOP_MAX_LIST] = {false};
  for (int i = 0; i < p->n; i++) {
    if (p->v[i] < 0 || p->v[i] >= p->n || seen[p->v[i]])
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "permutation is not valid");
    seen[p->v[i]] = true;
  }
  if (x->rank != init->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "input rank %d does not match init rank %d", x->rank, init->rank);
  if (p->n != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "size of permutation %d does not match the argument rank %d", p->n,
                       x->rank);
  for (int i = 0; i < x->rank; i++)
    if (x->dims[p->v[i]] != init->dims[i])
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "dim(result, %d) = %lld doesn't match dim(input, permutation[%d]) = %lld",
                         i, (long long)init->dims[i], i, (long long)x->dims[p->v[i]]);
  return init_result(in, init, out);
}

static ms_infer_verdict exact_reduce(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "dimensions");
  int n = in->noperands / 2;
  if (!p || n < 1 || in->noperands != 2 * n || n > out->room) return MS_INFER_UNKNOWN;
  for (int i = 0; i < in->noperands; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  for (int i = 1; i < p->n; i++)
    if (p->v[i] <= p->v[i - 1])
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "attribute 'dimensions' should be in increasing order");
  for (int i = 1; i < n; i++) {
    if (!exact(&in->operands[i], &in->operands[0]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "expects all inputs to have the same shapes: input %d differs", i);
    if (!exact(&in->operands[n + i], &in->operands[n]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n + i, "expects all outputs to have the same shapes: output %d differs",
                         i);
  }
  const ms_shape *x = &in->operands[0], *init = &in->operands[n];
  for (int i = 0; i < p->n; i++)
    if (p->v[i] < 0 || p->v[i] >= x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "dimensions for reduction should be in the range [0, %d]",
                         x->rank - 1);
  ms_shape kept;
  ms_sop_result(&kept, x, 0);
  for (int d = 0; d < x->rank; d++)
    if (!ms_sop_contains(p->v, p->n, d)) kept.dims[kept.rank++] = x->dims[d];
  if (kept.rank != init->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, n, "number of dimensions after reduction %d doesn't match the init rank %d",
                       kept.rank, init->rank);
  if (!exact(&kept, init))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n, "init dimensions doesn't match input dimensions after reduction");
  if (in->nresults == 0) return MS_INFER_UNKNOWN;
  for (int r = 0; r < n; r++) out->results[r] = in->operands[n + r];
  out->nresults = n;
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_linalg_named[] = {
    {"exact_transpose", exact_transpose, "permutation"},
    {"exact_reduce", exact_reduce, "dimensions"},
    {NULL, NULL, NULL},
};
