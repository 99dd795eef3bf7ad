/*
** masked_op.c: a masking op around one masked op (sop.h): vector.mask as
** LLVM 22's MaskOp::verify checks it, from the op inside its region
** (in->inner: its operand and result types) and which kind of op it is
** (parameters read from the catalog: "region op" one_of lists, so no op
** name is written here).
**
** In MaskOp::verify's order, each an error at the mask op:
**   - the region yields as many values as the op has results (an empty
**     region's terminator is written; a pretty region with one op yields
**     that op's results);
**   - more than one op inside: "expects only one operation to mask";
**   - the op inside is maskable (parameter "maskable": 1 when it is);
**   - its results are the mask op's results, in number and exactly in type;
**   - the mask is the op's expected mask (getExpectedMaskType), where the
**     catalog says how to build it: "mask_is_source" (1: its operand 0's
**     shape with i1 elements, vector.reduction and vector.multi_reduction);
**     "mask_is_transfer" (inferTransferOpMaskType: per source dim the
**     permutation map uses, in order, the vector dim it gives, [1] when
**     none; the vector is operand 0 with "mask_is_write", else result 0;
**     the map "permutation_map", read from the op inside, or the pretty
**     parser's minor identity); "mask_is_contract" (ContractionOp's: one
**     dim per loop of the "indexing_maps", sized by lhs and rhs);
**     "mask_is_gather" (GatherOp's: the index vector's shape, the third
**     operand from the end); "mask_is_outer" (OuterProductOp's: its
**     result's shape; a pretty op's result is the one its parser infers,
**     lhs x rhs or lhs alone with a scalar rhs). Not
**     judged where the op inside is itself malformed (a map that is no
**     projected permutation, a loop neither operand gives, a source of
**     vectors): its own verifier speaks there;
**   - a passthru (operand 1) only where the op takes one ("takes_passthru"),
**     then of exactly the op's result type.
** Nothing is inferred: the results are the declared ones.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define CODE_MASKED "masked-op"

/* Whether two types are one type: kind, shape, scalable dims, element.
** unknown: one is not fully read (unranked, no element), so no verdict. */
static bool same_type(const ms_shape *a, const ms_shape *b, bool *unknown) {
  *unknown = false;
  if (a->kind == MS_TYPE_NONE || b->kind == MS_TYPE_NONE || !a->elem[0] || !b->elem[0]) {
    *unknown = true;
    return false;
  }
  if (a->kind == MS_TYPE_OTHER || b->kind == MS_TYPE_OTHER) return a->kind == b->kind && !strcmp(a->elem, b->elem);
  if (a->kind != b->kind || a->ranked != b->ranked || strcmp(a->elem, b->elem)) return false;
  if (!a->ranked) return true;
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i] || a->scalable[i] != b->scalable[i]) return false;
  return true;
}

/* Declared result r: its opaque form when it is not a shaped type (f32). */
static const ms_shape *declared(const ms_sop_in *in, int r) {
  if (in->opaque_results && in->opaque_results[r].kind == MS_TYPE_OTHER) return &in->opaque_results[r];
  return &in->results[r];
}

typedef ms_sop_map map; /* sop.h: one map of a "maps" parameter */

/* inferTransferOpMaskType for the transfer inside; false: not judged. */
static bool transfer_mask(const ms_sop_in *in, const ms_sop_inner *op, ms_shape *want) {
  bool write = ms_sop_int(in, "mask_is_write", 0) != 0;
  if (op->noperands < 2 || (!write && op->nresults < 1)) return false;
  const ms_shape *base = &op->operands[write ? 1 : 0], *vec = write ? &op->operands[0] : &op->results[0];
  if (vec->kind != MS_TYPE_VECTOR || !vec->ranked || !base->ranked ||
      (base->kind != MS_TYPE_TENSOR && base->kind != MS_TYPE_MEMREF) || !strncmp(base->elem, "vector<", 7))
    return false;
  int64_t res[MS_MAX_RANK];
  int ndims, nres;
  const ms_sop_param *pm = ms_sop_get(in, "permutation_map");
  if (pm) {
    map m;
    if (ms_sop_maps_decode(pm, &m, 1) != 1 || m.nsyms || m.nres > MS_MAX_RANK || m.ndims > MS_MAX_RANK) return false;
    ndims = m.ndims, nres = m.nres;
    memcpy(res, m.res, (size_t)nres * sizeof res[0]);
  } else { /* the pretty parser's minor identity */
    if (vec->rank > base->rank) return false;
    ndims = base->rank, nres = vec->rank;
    for (int k = 0; k < nres; k++) res[k] = base->rank - nres + k;
  }
  if (nres != vec->rank || ndims != base->rank) return false;
  bool seen[MS_MAX_RANK] = {false};
  for (int k = 0; k < nres; k++) {
    if (res[k] == -1) continue;
    if (res[k] < 0 || res[k] >= ndims || seen[res[k]]) return false;
    seen[res[k]] = true;
  }
  *want = *vec;
  want->rank = 0;
  for (int d = 0; d < ndims; d++)
    for (int k = 0; k < nres; k++)
      if (res[k] == d) {
        want->dims[want->rank] = vec->dims[k];
        want->scalable[want->rank++] = vec->scalable[k];
      }
  if (want->rank == 0) want->dims[0] = 1, want->scalable[0] = false, want->rank = 1;
  return true;
}

/* ContractionOp::getExpectedMaskType for the contraction inside: loop d
** is sized by the lhs dim, then the rhs dim, its map gives; false: not
** judged (a loop neither gives, maps that do not fit the operands). */
static bool contract_mask(const ms_sop_in *in, const ms_sop_inner *op, ms_shape *want) {
  const ms_sop_param *mp = ms_sop_get(in, "indexing_maps");
  map m[3];
  if (!mp || op->noperands < 2 || ms_sop_maps_decode(mp, m, 3) != 3) return false;
  int n = m[0].ndims;
  if (n < 1 || n > MS_MAX_RANK) return false;
  *want = op->operands[0];
  for (int d = 0; d < n; d++) want->dims[d] = MS_DIM_DYNAMIC - 1, want->scalable[d] = false;
  for (int i = 0; i < 2; i++) {
    const ms_shape *v = &op->operands[i];
    if (v->kind != MS_TYPE_VECTOR || !v->ranked || m[i].ndims != n || m[i].nsyms || m[i].nres != v->rank) return false;
    for (int k = 0; k < v->rank; k++) {
      if (m[i].res[k] < 0 || m[i].res[k] >= n) return false;
      want->dims[m[i].res[k]] = v->dims[k];
      want->scalable[m[i].res[k]] = v->scalable[k];
    }
  }
  for (int d = 0; d < n; d++)
    if (want->dims[d] == MS_DIM_DYNAMIC - 1 || want->dims[d] == MS_DIM_DYNAMIC) return false;
  want->rank = n;
  return true;
}

/* GatherOp::getExpectedMaskType: the index vector's shape, the third
** operand from the end (base, its indices, the index vector, the mask, the
** pass_thru; the pretty `%b[%i] [%v], %m, %p` in that order); false: not
** judged. */
static bool gather_mask(const ms_sop_inner *op, ms_shape *want) {
  if (op->noperands < 4) return false;
  const ms_shape *v = &op->operands[op->noperands - 3];
  if (v->kind != MS_TYPE_VECTOR || !v->ranked || v->rank < 1) return false;
  *want = *v;
  return true;
}

/* The result the pretty parser gives an outer product (OuterProductOp::
** parse): lhs x rhs, or lhs's shape with a scalar rhs, scalable flags
** kept; false where it is no 1-D vector lhs (its parser rejects that). */
static bool outer_result(const ms_sop_inner *op, ms_shape *res) {
  if (op->noperands < 2) return false;
  const ms_shape *l = &op->operands[0], *r = &op->operands[1];
  if (l->kind != MS_TYPE_VECTOR || !l->ranked || l->rank != 1 || r->kind == MS_TYPE_NONE) return false;
  *res = *l;
  if (r->kind == MS_TYPE_VECTOR) {
    if (!r->ranked || r->rank != 1) return false;
    res->dims[1] = r->dims[0], res->scalable[1] = r->scalable[0], res->rank = 2;
  }
  return true;
}

/* OuterProductOp::getExpectedMaskType: its result's shape; false: not
** judged. */
static bool outer_mask(const ms_sop_inner *op, ms_shape *want) {
  if (op->nresults < 1) return false;
  const ms_shape *r = &op->results[0];
  if (r->kind != MS_TYPE_VECTOR || !r->ranked || r->rank < 1) return false;
  *want = *r;
  return true;
}

/* The op's expected mask (i1 elements); false: not judged. */
static bool expected_mask(const ms_sop_in *in, const ms_sop_inner *op, ms_shape *want) {
  bool ok = false;
  if (ms_sop_int(in, "mask_is_gather", 0)) ok = gather_mask(op, want);
  else if (ms_sop_int(in, "mask_is_outer", 0)) ok = outer_mask(op, want);
  else if (ms_sop_int(in, "mask_is_source", 0)) {
    ok = op->noperands >= 1 && op->operands[0].kind == MS_TYPE_VECTOR && op->operands[0].ranked &&
         op->operands[0].rank > 0;
    if (ok) *want = op->operands[0];
  } else if (ms_sop_int(in, "mask_is_transfer", 0)) ok = transfer_mask(in, op, want);
  else if (ms_sop_int(in, "mask_is_contract", 0)) ok = contract_mask(in, op, want);
  if (ok) want->kind = MS_TYPE_VECTOR, want->ranked = true, snprintf(want->elem, sizeof want->elem, "i1");
  return ok;
}

static ms_infer_verdict masked_op(const ms_sop_in *in, ms_sop_out *out) {
  if (!in->inner || in->noperands < 1) return MS_INFER_UNKNOWN;
  ms_sop_inner outer = *in->inner;
  ms_shape outer_res;
  const ms_sop_inner *op = &outer;
  /* A pretty outer product's one result is the type its parser infers
  ** (its syntax writes none). */
  if (outer.nops == 1 && outer.nresults < 0 && outer.pretty && ms_sop_int(in, "mask_is_outer", 0) &&
      outer_result(&outer, &outer_res))
    outer.nresults = 1, outer.results = &outer_res;
  int yielded = -1;
  if (in->nregions == 1 && in->regions[0].nyields >= 0) yielded = in->regions[0].nyields;
  else if (in->nregions == 0 && op->nops == 1) yielded = op->nresults; /* the pretty form's implicit yield */
  else if (in->nregions == 0 && op->nops == 0) yielded = 0; /* `{ }`: the parser's terminator yields nothing */
  if (yielded >= 0 && yielded != in->nresults)
    return ms_sop_fail(out, CODE_MASKED, -1, "expects number of results to match mask region yielded values");
  if (op->nops > 1) return ms_sop_fail(out, CODE_MASKED, -1, "expects only one operation to mask");
  if (op->nops == 0) return MS_INFER_UNKNOWN;
  if (!ms_sop_int(in, "maskable", 0))
    return ms_sop_fail(out, CODE_MASKED, -1, "expects a MaskableOpInterface within the mask region");
  bool unknown;
  if (op->nresults >= 0) {
    if (op->nresults != in->nresults)
      return ms_sop_fail(out, CODE_MASKED, -1,
                         "expects number of results to match maskable operation number of results");
    for (int r = 0; r < in->nresults; r++)
      if (!same_type(&op->results[r], declared(in, r), &unknown) && !unknown)
        return ms_sop_fail(out, CODE_MASKED, -1, "expects result type to match maskable operation result type");
  }
  const ms_shape *mask = &in->operands[0];
  ms_shape want;
  if (expected_mask(in, op, &want)) {
    if (!same_type(&want, mask, &unknown) && !unknown) {
      char t[160];
      ms_shape_format_type(&want, t, sizeof t);
      return ms_sop_fail(out, CODE_MASKED, 0, "expects a '%s' mask for the maskable operation", t);
    }
  }
  if (in->noperands >= 2) {
    if (!ms_sop_int(in, "takes_passthru", 0))
      return ms_sop_fail(out, CODE_MASKED, 1, "doesn't expect a passthru argument for this maskable operation");
    if (op->nresults >= 1 && !same_type(&in->operands[1], &op->results[0], &unknown) && !unknown)
      return ms_sop_fail(out, CODE_MASKED, 1, "expects passthru type to match result type");
  }
  return MS_INFER_UNKNOWN;
}

const ms_sop_def ms_sop_masked_op[] = {
    {"masked_op", masked_op,
     "maskable,mask_is_source,takes_passthru,mask_is_transfer,mask_is_write,mask_is_contract,mask_is_gather,"
     "mask_is_outer,permutation_map,indexing_maps"},
    {NULL, NULL, NULL},
};
