/*
** sequence.c: the ONNX ops that read a sequence of tensors (sop.h), as the
** ONNX operator specification defines them and onnx-mlir checks them.
** A sequence operand is a one-parameter dialect type around a tensor type,
** `!onnx.Seq<tensor<5x5x1x32xf32>>`: the analysis hands it over as an
** operand of kind MS_TYPE_OTHER with its text, and this family reads the
** element type from that text (any other text: the op is not judged).
**
**   concat_from_sequence  (input_sequence): the elements, of rank r, are
**                   joined along "axis", in [-r, r - 1], or stacked along a
**                   new axis ("new_axis" 1), in [-r - 1, r]. The result has
**                   the element's dims with the axis' size unknown (the
**                   sequence's length is not in its type), or a new unknown
**                   dim at the axis; it only refines the declared result
**                   (onnx-mlir's verifier does not compare it).
**
** Parameters: axis, new_axis.
*/
#include "sop_check.h"

#include <string.h>

/* The element type of a sequence operand written `!d.Seq<T>` (T a ranked
** or unranked tensor type); false for any other text, or text truncated. */
static bool sequence_element(const ms_shape *s, ms_shape *elem) {
  if (s->kind != MS_TYPE_OTHER) return false;
  const char *t = s->elem, *lt = strchr(t, '<');
  size_t n = strnlen(t, sizeof s->elem);
  if (n + 1 >= sizeof s->elem || t[0] != '!' || !lt || t[n - 1] != '>') return false;
  static const char seq[] = ".Seq<";
  if ((size_t)(lt + 1 - t) < sizeof seq || memcmp(lt + 1 - (sizeof seq - 1), seq, sizeof seq - 1)) return false;
  return ms_shape_parse_type(elem, lt + 1, (size_t)(t + n - 1 - (lt + 1)), NULL, 0) && elem->kind == MS_TYPE_TENSOR;
}

static ms_infer_verdict concat_from_sequence(const ms_sop_in *in, ms_sop_out *out) {
  ms_shape e;
  if (in->noperands != 1 || !sequence_element(&in->operands[0], &e) || !e.ranked) return MS_INFER_UNKNOWN;
  int64_t axis = ms_sop_int(in, "axis", 0), fresh = ms_sop_int(in, "new_axis", 0);
  if (fresh != 0 && fresh != 1) return MS_INFER_UNKNOWN;
  int rank = e.rank + (int)fresh;
  if (rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (!ms_sop_axis_in(out, &axis, rank, "axis")) return MS_INFER_INVALID;
  out->unchecked_results = true;
  ms_sop_result_begin(out, 0, &e);
  out->nresults = 1;
  for (int i = 0, k = 0; i < rank; i++) {
    bool joined = i == axis;
    int64_t d = joined ? MS_DIM_DYNAMIC : e.dims[k];
    if (!(joined && fresh)) k++;
    ms_sop_result_push(out, 0, d, MS_DIM_DYNAMIC);
  }
  if (in->want_provenance)
    ms_sop_note(out, 0, fresh ? "the element's dims, a new dim %lld of the sequence's length (not in its type)"
                              : "the element's dims, dim %lld the sum over the sequence (its length is not in its type)",
                (long long)axis);
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_sequence[] = {
    {"concat_from_sequence", concat_from_sequence, "axis,new_axis"},
    {NULL, NULL, NULL},
};
