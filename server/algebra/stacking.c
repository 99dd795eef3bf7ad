/*
** stacking.c: stacking, unstacking, splitting, slicing and padding as
** TensorFlow Lite's verifiers define them (sop.h): stack N equal tensors
** along a new axis (pack), unstack one into N along an axis (unpack),
** split into num_splits equal parts or into given sizes with at most one
** -1 (split, split_v), slice by begin and size (-1: to the end), pad by a
** 2-D [rank, 2] paddings tensor; resize images (NHWC) to a constant size,
** and a result shaped by a constant operand (transpose_conv).
**
** The split dimension, sizes and paddings are operands; their shapes are
** checked (a scalar or one-element axis, 1-D sizes, 2-D paddings of at
** most max_rank rows) and their values where they are constants. What
** TFLite's verifier does not compare (pad's and slice's declared results)
** only refines, with the parameter unchecked_results.
**
** Parameters: axis, count (values_count / num / num_splits), split, pads,
** begin, size; the operand numbers operand (the data), axis_operand,
** split_operand, value_operand; max_axis_rank, max_rank,
** unchecked_results.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static bool known(int64_t d) { return d >= 0; }

static void push(ms_sop_out *out, int r, int64_t d) { ms_sop_result_push(out, r, d, MS_DIM_DYNAMIC); }

static const ms_shape *operand_at(const ms_sop_in *in, const char *param, int dflt) {
  int64_t i = ms_sop_int(in, param, dflt);
  return i >= 0 && i < in->noperands ? &in->operands[i] : NULL;
}

/* --- pack, unpack ------------------------------------------------------------------ */

static ms_infer_verdict stack(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  int64_t count = ms_sop_int(in, "count", in->noperands);
  if (count != in->noperands)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "input count should match 'values_count' attribute (%lld, %d "
                       "inputs)", (long long)count, in->noperands);
  const ms_shape *x = &in->operands[0];
  for (int i = 1; i < in->noperands; i++)
    if (x->ranked && in->operands[i].ranked && !ms_sop_shapes_compatible(x, &in->operands[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "operands should be of the same type");
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (axis < -x->rank - 1 || axis >= x->rank + 1)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "attribute 'axis' should be in range [-rank - 1, rank + 1), got "
                       "rank = %d, and axis = %lld", x->rank, (long long)axis);
  if (axis < 0) axis += x->rank + 1;
  out->unchecked_results = ms_sop_int(in, "unchecked_results", 0) != 0; /* tf.Pack: PackOp::verify does not compare it */
  ms_sop_result_begin(out, 0, x);
  for (int i = 0, j = 0; i <= x->rank; i++) {
    if (i == axis) push(out, 0, in->noperands);
    else {
      int64_t d = x->dims[j];
      for (int k = 1; k < in->noperands && !known(d); k++) d = in->operands[k].ranked ? in->operands[k].dims[j] : d;
      push(out, 0, d);
      j++;
    }
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the inputs' dims with their count at axis %lld", (long long)axis);
  return MS_INFER_OK;
}

static ms_infer_verdict unstack(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || in->nresults < 1) return MS_INFER_UNKNOWN;
  int n = in->nresults;
  int64_t count = ms_sop_int(in, "count", n);
  if (count != n)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "output count should match 'num' attribute (%lld, %d results)",
                       (long long)count, n);
  const ms_shape *x = &in->operands[0];
  if (!x->ranked) return ms_sop_unknown_results(out, n);
  int64_t axis = ms_sop_int(in, "axis", 0);
  if (axis < -x->rank || axis >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "attribute 'axis' should be in range [-rank, rank), got axis = "
                       "%lld, and rank = %d", (long long)axis, x->rank);
  if (axis < 0) axis += x->rank;
  if (known(x->dims[axis]) && x->dims[axis] != n)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "dim %lld has %lld elements, unpacked into %d results",
                       (long long)axis, (long long)x->dims[axis], n);
  for (int r = 0; r < n; r++) {
    ms_sop_result_begin(out, r, x);
    for (int i = 0; i < x->rank; i++)
      if (i != axis) push(out, r, x->dims[i]);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the input's dims without dim %lld", (long long)axis);
  return MS_INFER_OK;
}

/* --- split, split_v ------------------------------------------------------------------ */

/* The axis operand: a scalar or (max_axis_rank 1) a 1-D tensor of one
** element. */
static bool axis_operand_fits(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *a = operand_at(in, "axis_operand", -1);
  int64_t max = ms_sop_int(in, "max_axis_rank", 0);
  if (!a || (!a->ranked && !ms_sop_int(in, "ranked_operands", 0))) return true;
  /* TFL_Operand0DOr1ElementTensor: ranked, and a 1-D one of exactly one element ([?] fails) */
  bool ok = a->ranked && (a->rank == 0 || (max >= 1 && a->rank == 1 && a->dims[0] == 1));
  if (!ok)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, (int)ms_sop_int(in, "axis_operand", -1), "the split dimension "
                       "operand must be %s", max >= 1 ? "an 0-d tensor or 1-d tensor w/ 1 element" : "0-D"), false;
  return true;
}

static ms_infer_verdict split_parts(const ms_sop_in *in, ms_sop_out *out) {
  int n = in->nresults;
  const ms_shape *x = operand_at(in, "operand", 0), *sop = operand_at(in, "split_operand", -1);
  /* Past MS_SOP_MAX_LIST results a split list cannot be read whole: unknown. */
  if (!x || n < 1 || n > out->room || n > MS_SOP_MAX_LIST) return MS_INFER_UNKNOWN;
  int64_t count = ms_sop_int(in, "count", n);
  if (count != n)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "output count should match 'num_splits' attribute (%lld, %d "
                       "results)", (long long)count, n);
  if (!axis_operand_fits(in, out)) return MS_INFER_INVALID;
  if (sop && sop->ranked && sop->rank != 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, (int)ms_sop_int(in, "split_operand", -1), "the sizes operand "
                       "must be 1-D, not rank %d", sop->rank);
  if (sop && sop->ranked && known(sop->dims[0]) && sop->dims[0] != n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, (int)ms_sop_int(in, "split_operand", -1), "'size_splits' should "
                       "have %d elements, has %lld", n, (long long)sop->dims[0]);
  const ms_sop_param *ax = ms_sop_get(in, "axis"), *sp = ms_sop_get(in, "split");
  if (!x->ranked || !ax || ax->n != 1 || (sop && !sp)) return ms_sop_unknown_results(out, n);
  int64_t axis = ax->v[0];
  if (axis < -x->rank || axis >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "'split_dim' should be in [-rank, rank), got %lld for rank %d",
                       (long long)axis, x->rank);
  if (axis < 0) axis += x->rank;
  int64_t d = x->dims[axis], sizes[MS_SOP_MAX_LIST];
  if (sp) {
    int neg = -1;
    int64_t sum = 0;
    if (sp->n != n) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "%d sizes for %d results", sp->n, n);
    for (int i = 0; i < n; i++) {
      sizes[i] = sp->v[i];
      if (sp->v[i] < -1)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "elements of 'size_splits' should be greater than or "
                           "equal to -1");
      if (sp->v[i] == -1 && neg >= 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "'size_splits' can only "
                                                         "have one -1");
      if (sp->v[i] == -1) neg = i;
      else sum += sp->v[i];
    }
    if (known(d) && neg >= 0 && sum > d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "sum of non-negative elements of 'size_splits' (%lld) is "
                         "greater than the dimension size of 'split_dim' axis (%lld)", (long long)sum, (long long)d);
    if (known(d) && neg < 0 && sum != d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "sum of 'size_splits' (%lld) should match the dimension size "
                         "of 'split_dim' axis (%lld)", (long long)sum, (long long)d);
    if (neg >= 0) sizes[neg] = known(d) ? d - sum : MS_DIM_DYNAMIC;
  } else {
    if (known(d) && d % n)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1, "'num_splits' (%d) should evenly divide 'split_dim' axis "
                         "(%lld)", n, (long long)d);
    for (int i = 0; i < n; i++) sizes[i] = known(d) ? d / n : MS_DIM_DYNAMIC;
  }
  for (int r = 0; r < n; r++) {
    ms_sop_result_begin(out, r, x);
    for (int i = 0; i < x->rank; i++) push(out, r, i == axis ? sizes[r] : x->dims[i]);
    if (in->want_provenance) ms_sop_note(out, r, "the input's dims, dim %lld is part %d", (long long)axis, r);
  }
  return MS_INFER_OK;
}

/* --- slice, pad ------------------------------------------------------------------------ */

/* slice (input, begin, size): begin and size of the input's rank (their
** operands' lengths too), begin in [0, dim], size -1 or begin + size <= dim. */
static ms_infer_verdict slice_begin_size(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  out->unchecked_results = ms_sop_int(in, "unchecked_results", 0) != 0;
  const char *names[2] = {"begin", "size"};
  for (int k = 0; k < 2; k++) {
    const ms_shape *o = &in->operands[1 + k];
    if (x->ranked && o->ranked && o->rank == 1 && known(o->dims[0]) && o->dims[0] != x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1 + k, "%s tensor elements size is not equal to input tensor rank",
                         names[k]);
  }
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  const ms_sop_param *b = ms_sop_get(in, "begin"), *s = ms_sop_get(in, "size");
  if ((b && b->n != x->rank) || (s && s->n != x->rank))
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, b && b->n != x->rank ? 1 : 2, "%s tensor elements size is not equal "
                       "to input tensor rank", b && b->n != x->rank ? "begin" : "size");
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) {
    int64_t d = x->dims[i], bi = b ? b->v[i] : MS_DIM_DYNAMIC, si = s ? s->v[i] : MS_DIM_DYNAMIC;
    if (b && bi < 0) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "begin[%d] cannot be negative", i);
    if (s && si < -1) return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 2, "size[%d] cannot be negative other than -1", i);
    if (b && known(d) && bi > d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "begin[%d] cannot exceed dimension length: %lld", i,
                         (long long)d);
    if (b && s && known(d) && si >= 0 && bi + si > d)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 2, "begin[%d] + size[%d] cannot exceed dimension length: %lld", i,
                         i, (long long)d);
    push(out, 0, si >= 0 ? si : (si == -1 && b && known(d)) ? d - bi : MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the sizes (-1: to the end)");
  return MS_INFER_OK;
}

/* pad (input, paddings[, value]): paddings [rank, 2] (at most max_rank
** rows), the value operand a scalar; each dim plus its two paddings. */
static ms_infer_verdict pad_pairs(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *p = &in->operands[1], *v = operand_at(in, "value_operand", -1);
  out->unchecked_results = ms_sop_int(in, "unchecked_results", 0) != 0;
  int64_t max = ms_sop_int(in, "max_rank", MS_MAX_RANK);
  if (p->ranked && p->rank != 2)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "the paddings operand must be 2-D, not rank %d", p->rank);
  if (p->ranked && known(p->dims[0]) && p->dims[0] > max)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "the first dim size of the padding argument must be at most "
                       "%lld", (long long)max);
  if (x->ranked && p->ranked && known(p->dims[0]) && p->dims[0] != x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 1, "the input's rank (%d) must equal the paddings' first dim (%lld)",
                       x->rank, (long long)p->dims[0]);
  if (v && v->ranked && v->rank != 0)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, (int)ms_sop_int(in, "value_operand", -1), "the constant value "
                       "operand must be 0-D, not rank %d", v->rank);
  if (!x->ranked) return ms_sop_unknown_results(out, 1);
  const ms_sop_param *pd = ms_sop_get(in, "pads");
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) {
    int64_t d = x->dims[i];
    push(out, 0, pd && pd->n == 2 * x->rank && known(d) ? d + pd->v[2 * i] + pd->v[2 * i + 1] : MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "each dim plus its two paddings");
  return MS_INFER_OK;
}

/* --- resize, transpose_conv ---------------------------------------------------------- */

/* resize (images NHWC, size [2]): the size operand 1-D of 2 (or `?`);
** the result (N, size[0], size[1], C), refined only. */
static ms_infer_verdict resize_nhwc(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *sz = &in->operands[1];
  out->unchecked_results = true;
  if (sz->ranked && (sz->rank != 1 || (known(sz->dims[0]) && sz->dims[0] != 2)))
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "operand 1's dimension 0 must be dynamic or equal 2 (a 1-D "
                       "size of height and width)");
  if (!x->ranked || x->rank != 4) return ms_sop_unknown_results(out, 1);
  const ms_sop_param *s = ms_sop_get(in, "size");
  ms_sop_result_begin(out, 0, x);
  push(out, 0, x->dims[0]);
  push(out, 0, s && s->n == 2 ? s->v[0] : MS_DIM_DYNAMIC);
  push(out, 0, s && s->n == 2 ? s->v[1] : MS_DIM_DYNAMIC);
  push(out, 0, x->dims[3]);
  if (in->want_provenance) ms_sop_note(out, 0, "batch and channels of the input, the size operand's height and width");
  return MS_INFER_OK;
}

/* An op whose result shape is a constant operand of result_rank values
** (transpose_conv's output_shape): the declared result must have that rank
** and be compatible with those values (-1: `?`), as TransposeConvOp::verify
** compares them. */
static ms_infer_verdict output_shape_operand(const ms_sop_in *in, ms_sop_out *out) {
  int64_t rank = ms_sop_int(in, "result_rank", -1);
  if (in->nresults < 1) return MS_INFER_UNKNOWN;
  const ms_shape *r = &in->results[0];
  if (rank >= 0 && r->ranked && r->rank != rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, -1, "expect output type has rank = %lld, got rank %d",
                       (long long)rank, r->rank);
  const ms_sop_param *s = ms_sop_get(in, "output_shape");
  if (!s || (rank >= 0 && s->n != rank)) return ms_sop_unknown_results(out, 1);
  ms_sop_result_begin(out, 0, r);
  for (int i = 0; i < s->n && i < MS_MAX_RANK; i++) push(out, 0, s->v[i] >= 0 ? s->v[i] : MS_DIM_DYNAMIC);
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_stacking[] = {
    {"resize_nhwc", resize_nhwc, "size"},
    {"output_shape_operand", output_shape_operand, "output_shape,result_rank"},
    {"stack", stack, "axis,count,unchecked_results"},
    {"unstack", unstack, "axis,count"},
    {"split_parts", split_parts, "axis,count,split,operand,axis_operand,split_operand,max_axis_rank"},
    {"slice_begin_size", slice_begin_size, "begin,size,unchecked_results"},
    {"pad_pairs", pad_pairs, "pads,value_operand,max_rank,unchecked_results"},
    {NULL, NULL, NULL},
};
