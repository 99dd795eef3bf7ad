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
**   split_to_sequence  (input, split?): axis in [-r, r), keepdims 0 or 1,
**                   split a scalar > 0 or a 1-D tensor of sizes >= 0 that
**                   sum to the axis' size (onnx-mlir's verifier). The
**                   result is a sequence of the declared wrapper
**                   (`!onnx.Seq<...>`) whose element is the input with the
**                   axis' size as ONNX's inference gives it: without split
**                   1, or the axis dropped with keepdims 0; a constant
**                   scalar s when it divides a known size; a constant 1-D
**                   split whose entries are all equal, on a known size, that
**                   entry (keepdims is then ignored); else `?`. Refines the
**                   declared result only (the verifier does not compare it).
**
** Parameters: axis, new_axis; axis, keepdims, split.
*/
#include "sop_check.h"

#include <string.h>

/* The element type of a sequence operand written `!d.Seq<T>` (T a ranked
** or unranked tensor type); false for any other text, or text truncated. */
static bool sequence_element(const ms_shape *s, ms_shape *elem) {
  static const char seq[] = ".Seq<";
  size_t head;
  if (!ms_shape_wrapped(s, elem, &head) || head < sizeof seq) return false;
  return !memcmp(s->elem + head - (sizeof seq - 1), seq, sizeof seq - 1) && elem->kind == MS_TYPE_TENSOR;
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

/* The axis' size in each element of SplitToSequence's result, as ONNX's
** inference gives it (see the head comment); MS_DIM_ABSENT: dropped. */
static int64_t split_part(const ms_sop_in *in, int64_t d, int64_t keep) {
  if (!ms_sop_given(in, 1)) return keep ? 1 : MS_DIM_ABSENT;
  const ms_sop_param *v = ms_sop_get(in, "split");
  if (!v || !in->operands[1].ranked || d < 0 || v->n < 1) return MS_DIM_DYNAMIC;
  if (in->operands[1].rank == 0) return v->n == 1 && v->v[0] > 0 && d % v->v[0] == 0 ? v->v[0] : MS_DIM_DYNAMIC;
  for (int i = 1; i < v->n; i++)
    if (v->v[i] != v->v[0]) return MS_DIM_DYNAMIC;
  return v->v[0];
}

/* The sequence result: the declared `!d.Seq<T>`'s element met with the
** input split along axis. Unknown when the declared result is no sequence. */
static ms_infer_verdict split_sequence_result(const ms_sop_in *in, ms_sop_out *out, int64_t axis, int64_t keep) {
  const ms_shape *x = &in->operands[0];
  ms_shape decl, e;
  size_t head;
  if (in->nresults != 1 || !in->opaque_results || !sequence_element(&in->opaque_results[0], &decl) ||
      !ms_shape_wrapped(&in->opaque_results[0], &decl, &head))
    return MS_INFER_UNKNOWN;
  int64_t part = split_part(in, x->dims[axis], keep);
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < x->rank; i++)
    if (i != axis || part != MS_DIM_ABSENT) ms_sop_result_push(out, 0, i == axis ? part : x->dims[i], MS_DIM_DYNAMIC);
  e = out->results[0];
  e.kind = MS_TYPE_TENSOR;
  e.bounded = false;
  if (decl.elem[0]) memcpy(e.elem, decl.elem, sizeof e.elem);
  if (!ms_shape_wrap(&out->results[0], in->opaque_results[0].elem, head, &e)) return MS_INFER_UNKNOWN;
  out->nresults = 1;
  out->unchecked_results = true;
  if (in->want_provenance)
    ms_sop_note(out, 0, "a sequence of the input's dims, dim %lld %s", (long long)axis,
                part == MS_DIM_ABSENT ? "dropped (keepdims 0)" : "one part's size");
  return MS_INFER_OK;
}

static ms_infer_verdict split_to_sequence(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int64_t axis = ms_sop_int(in, "axis", 0), keep = ms_sop_int(in, "keepdims", 1);
  if (!ms_sop_axis_in(out, &axis, x->rank, "axis")) return MS_INFER_INVALID;
  if (keep != 0 && keep != 1)
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "'keepdims' value is %lld, accepted range is [0, 1]",
                       (long long)keep);
  const ms_sop_param *v = ms_sop_get(in, "split");
  if (ms_sop_given(in, 1) && in->operands[1].ranked) {
    const ms_shape *sp = &in->operands[1];
    if (sp->rank > 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "split has rank %d > 1", sp->rank);
    if (sp->rank == 0 && v && v->n == 1 && v->v[0] <= 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "split scalar %lld <= 0", (long long)v->v[0]);
    int64_t sum = 0;
    for (int i = 0; sp->rank == 1 && v && i < v->n; i++) {
      if (v->v[i] < 0)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "split tensor has entry %lld < 0", (long long)v->v[i]);
      sum += v->v[i];
    }
    if (sp->rank == 1 && v && x->dims[axis] >= 0 && sum != x->dims[axis])
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1,
                         "split tensor entries sum to %lld != axis dimension size %lld", (long long)sum,
                         (long long)x->dims[axis]);
  }
  return split_sequence_result(in, out, axis, keep);
}

const ms_sop_def ms_sop_sequence[] = {
    {"concat_from_sequence", concat_from_sequence, "axis,new_axis"},
    {"split_to_sequence", split_to_sequence, "axis,keepdims,split"},
    {NULL, NULL, NULL},
};
