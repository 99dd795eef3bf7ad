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
**   - the mask is the op's expected mask, where the catalog says how to
**     build it: "mask_is_source" (1: its operand 0's shape with i1
**     elements, vector.reduction and vector.multi_reduction); ops whose
**     expected mask depends on maps (transfers, contract) are not judged;
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

static ms_infer_verdict masked_op(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_inner *op = in->inner;
  if (!op || in->noperands < 1) return MS_INFER_UNKNOWN;
  int yielded = -1;
  if (in->nregions == 1 && in->regions[0].nyields >= 0) yielded = in->regions[0].nyields;
  else if (in->nregions == 0 && op->nops == 1) yielded = op->nresults; /* the pretty form's implicit yield */
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
  if (ms_sop_int(in, "mask_is_source", 0) && op->noperands >= 1 && op->operands[0].kind == MS_TYPE_VECTOR &&
      op->operands[0].ranked && op->operands[0].rank > 0) {
    ms_shape want = op->operands[0];
    snprintf(want.elem, sizeof want.elem, "i1");
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
    {"masked_op", masked_op, "maskable,mask_is_source,takes_passthru"},
    {NULL, NULL, NULL},
};
