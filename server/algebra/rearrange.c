/*
** rearrange.c: the frontend ops that rearrange or resample a tensor by
** rules of their own (sop.h), as the ONNX operator specification and
** onnx-mlir's verifiers define them:
**
**   depth_to_space  (N, C, H, W) -> (N, C / b^2, H * b, W * b); C must be
**                   divisible by b^2 (blocksize b >= 1). With "inverse"
**                   (SpaceToDepth): (N, C * b^2, H / b, W / b), H and W
**                   divisible by b.
**   grid_sample     X (N, C, D1..Dr) and grid (N, D1'..Dr', r): one rank,
**                   one batch, the grid's last dim r; Y (N, C, D1'..Dr').
**                   First the verifier's attribute checks: align_corners 0
**                   or 1, "mode_ok" and "padding_mode_ok" (0: the written
**                   name is not among the rule file's "one_of" names).
**   resize_sizes    ONNX Resize (X, roi, scales, sizes), as ONNX 1.12's
**                   inference of Resize-13 checks it: sizes, when given
**                   with elements, has one per dim of X and its constant
**                   values (each >= 0) are the result; else scales has one
**                   element per dim of X (the result keeps X's rank; with
**                   constant f32 scales each known dim is floor(d * s) in
**                   f32, ONNX's resizeShapeInferenceHelper). An empty
**                   sizes or scales (`tensor<0xi64>`, onnx-mlir's way of
**                   leaving it out) counts as absent. The result only
**                   refines the declared one. Opset 18 (from its
**                   specification and ONNX's later inference; ONNX 1.12
**                   cannot grade it): "axes" (negatives from the back)
**                   names the dims sizes and scales apply to, one element
**                   each, the others keep X's dim; another known count, an
**                   axis out of range or repeated is an error, as ONNX's
**                   inference rejects them (with X ranked). A
**                   keep_aspect_ratio_policy "not_larger" / "not_smaller"
**                   scales every sized dim by the min / max of sizes[i] /
**                   dim (f32), roundf; another policy than these and
**                   stretch, or one other than stretch with scales given,
**                   is an error (attribute-value).
**   shape_values    a result shaped by the values of a constant 1-D
**                   operand ("shape"), each >= 0 (ConstantOfShape); the
**                   verifier does not compare the declared result: the
**                   values only refine it.
**
** Parameters: blocksize, inverse; align_corners, mode_ok, padding_mode_ok;
** sizes, scales (f32 bit patterns, str "f32"), axes, stretch, not_larger,
** not_smaller; shape.
*/
#include "broadcast.h" /* MS_CODE_NEGATIVE_SIZE */
#include "sop_check.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static bool known(int64_t d) { return d >= 0; }

static void push(ms_sop_out *out, int r, int64_t d) { ms_sop_result_push(out, r, d, MS_DIM_DYNAMIC); }

static ms_infer_verdict unknown_result(ms_sop_out *out) {
  out->nresults = 1;
  memset(&out->results[0], 0, sizeof out->results[0]);
  return MS_INFER_OK;
}

static ms_infer_verdict depth_to_space(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int64_t b = ms_sop_int(in, "blocksize", -1);
  bool inverse = ms_sop_int(in, "inverse", 0) != 0;
  if (b < 1 && ms_sop_get(in, "blocksize"))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "the blocksize (%lld) must be positive", (long long)b);
  if (!x->ranked) return unknown_result(out);
  if (x->rank != 4)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "the input has rank %d, it must have rank 4", x->rank);
  if (b < 1) return unknown_result(out);
  int64_t bb = b * b, n = x->dims[0], c = x->dims[1], h = x->dims[2], w = x->dims[3];
  if (!inverse && known(c) && c % bb)
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0, "The input tensor depth must be divisible by the (blocksize * "
                       "blocksize): %lld channels, blocksize %lld", (long long)c, (long long)b);
  for (int i = 2; inverse && i < 4; i++)
    if (known(x->dims[i]) && x->dims[i] % b)
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 0, "dim %d (%lld) must be divisible by the blocksize %lld", i,
                         (long long)x->dims[i], (long long)b);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  push(out, 0, n);
  if (inverse) {
    push(out, 0, known(c) ? c * bb : MS_DIM_DYNAMIC);
    push(out, 0, known(h) ? h / b : MS_DIM_DYNAMIC);
    push(out, 0, known(w) ? w / b : MS_DIM_DYNAMIC);
  } else {
    push(out, 0, known(c) ? c / bb : MS_DIM_DYNAMIC);
    push(out, 0, known(h) ? h * b : MS_DIM_DYNAMIC);
    push(out, 0, known(w) ? w * b : MS_DIM_DYNAMIC);
  }
  if (in->want_provenance)
    ms_sop_note(out, 0, inverse ? "(N, C * b^2, H / b, W / b), b the blocksize" : "(N, C / b^2, H * b, W * b), b the "
                "blocksize");
  return MS_INFER_OK;
}

/* onnx-mlir's ONNXGridSampleOp::verify, before any shape: its messages. */
static bool grid_sample_attributes(const ms_sop_in *in, ms_sop_out *out) {
  int64_t ac = ms_sop_int(in, "align_corners", 0);
  if (ac != 0 && ac != 1) return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "align_corners needs to be 0 or 1"), false;
  if (!ms_sop_int(in, "mode_ok", 1))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "mode needs to be linear, bilinear, trilinear, nearest or cubic"),
           false;
  if (!ms_sop_int(in, "padding_mode_ok", 1))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "padding_mode needs to be zeros, border or reflection"), false;
  return true;
}

static ms_infer_verdict grid_sample(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  if (!grid_sample_attributes(in, out)) return MS_INFER_INVALID;
  const ms_shape *x = &in->operands[0], *g = &in->operands[1];
  if (!x->ranked || !g->ranked) return unknown_result(out);
  if (x->rank != g->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "Input(=%d) and grid(=%d) have different dim sizes.", x->rank,
                       g->rank);
  if (x->rank < 3) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "the input has rank %d, below 3", x->rank);
  if (known(x->dims[0]) && known(g->dims[0]) && x->dims[0] != g->dims[0])
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "Input and grid must have the same batch value (%lld, %lld).",
                       (long long)x->dims[0], (long long)g->dims[0]);
  int64_t last = g->dims[g->rank - 1];
  if (known(last) && last != x->rank - 2)
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "Grid last dim must have been '%d' instead of '%lld'.",
                       x->rank - 2, (long long)last);
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  push(out, 0, known(x->dims[0]) ? x->dims[0] : g->dims[0]);
  push(out, 0, x->dims[1]);
  for (int i = 1; i < g->rank - 1; i++) push(out, 0, g->dims[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "(N, C) of the input, then the grid's spatial dims");
  return MS_INFER_OK;
}

/* The element count of operand i, a given 1-D tensor: -1 when unknown,
** -2 when not given. */
static int64_t count_of(const ms_sop_in *in, int i) {
  if (i >= in->noperands || !ms_sop_given(in, i)) return -2;
  const ms_shape *s = &in->operands[i];
  return s->ranked && s->rank == 1 ? s->dims[0] : -1;
}

/* floor(d * scale) in f32 arithmetic, as ONNX's resizeShapeInferenceHelper
** computes it; `?` for an unknown d or a result out of range. */
static int64_t scaled(int64_t d, uint32_t bits) {
  float s;
  memcpy(&s, &bits, sizeof s);
  if (!known(d) || !(s >= 0.0f)) return MS_DIM_DYNAMIC;
  float prod = (float)d * s;
  double f = floor((double)prod);
  return f >= 0 && f < 1e15 ? (int64_t)f : MS_DIM_DYNAMIC;
}

/* The dims Resize's axes name (opset 18; absent: every dim of X, in
** order), negatives counted from the back, into ax; their count, -1 when
** not judged (X unranked with axes: ONNX's inference judges nothing
** without X's shape), or -2 on a finding in out: an axis out of [-r, r)
** or repeated (ONNX's checkAxesRange and checkDuplicateAxes). */
static int resize_axes(const ms_sop_in *in, const ms_shape *x, int64_t *ax, ms_sop_out *out) {
  const ms_sop_param *a = ms_sop_get(in, "axes");
  if (!a) {
    for (int i = 0; x->ranked && i < x->rank; i++) ax[i] = i;
    return x->ranked ? x->rank : -1;
  }
  if (!x->ranked) return -1;
  for (int i = 0; i < a->n; i++) {
    int64_t v = a->v[i];
    if (!ms_sop_axis_in(out, &v, x->rank, "axes")) return -2;
    if (ms_sop_contains(ax, i, v))
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "Repeated axis: %lld", (long long)v), -2;
    ax[i] = v;
  }
  return a->n;
}

/* The checks ONNX's inference makes before any shape (Resize-18): a
** keep_aspect_ratio_policy other than its three, or one other than
** stretch with scales given (a known count > 0; an empty scales is
** absent). False with the finding in out. */
static bool resize_policy_ok(const ms_sop_in *in, ms_sop_out *out, int64_t nscales) {
  bool stretch = ms_sop_int(in, "stretch", 1) != 0;
  bool policy = ms_sop_int(in, "not_larger", 0) || ms_sop_int(in, "not_smaller", 0);
  if (!stretch && !policy)
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "Unknown value for `keep_aspect_ratio_policy`"), false;
  if (!stretch && nscales > 0)
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, 2, "Providing `scales` is incompatible with a "
                       "`keep_aspect_ratio_policy` other than \"stretch\""), false;
  return true;
}

/* Resize-18's keep_aspect_ratio_policy not_larger / not_smaller on the
** sized axes: scale = min / max of sizes[i] / X's dim (in f32, as ONNX's
** inference), each sized dim round(scale * dim), halves up. False when a
** sized dim of X is not known (the sized dims are then unknown). */
static bool keep_aspect(const ms_sop_in *in, const ms_shape *x, const int64_t *ax, const ms_sop_param *v,
                        int64_t *dims) {
  bool larger = ms_sop_int(in, "not_smaller", 0) != 0;
  float scale = 0.0f;
  for (int i = 0; i < v->n; i++) {
    int64_t d = x->dims[ax[i]];
    if (!known(d) || d == 0 || v->v[i] < 0) return false;
    float s = (float)v->v[i] / (float)d;
    if (i == 0 || (larger ? s > scale : s < scale)) scale = s;
  }
  for (int i = 0; i < v->n; i++) {
    float f = roundf(scale * (float)x->dims[ax[i]]);
    if (!(f >= 0.0f && f < 1e15f)) return false;
    /* A size that rounds to 0 ONNX's inference leaves unknown (it sets
    ** only sizes > 0). */
    dims[ax[i]] = f > 0.0f ? (int64_t)f : MS_DIM_DYNAMIC;
  }
  return true;
}

static ms_infer_verdict resize_sizes(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  bool with_axes = ms_sop_get(in, "axes") != NULL;
  int64_t nsizes = count_of(in, 3), nscales = count_of(in, 2);
  if (!resize_policy_ok(in, out, nscales)) return MS_INFER_INVALID;
  int64_t ax[MS_MAX_RANK];
  int nax = resize_axes(in, x, ax, out);
  if (nax == -2) return MS_INFER_INVALID;
  if (with_axes && nax < 0) return unknown_result(out);
  /* Neither sizes nor scales with elements, one of them given empty (an
  ** absent one in onnx-mlir's files): ONNX's inference rejects its count
  ** against X's rank (both absent it accepts, the rank alone known). */
  if ((nsizes == 0 || nscales == 0) && nsizes != -1 && nscales != -1 && nsizes <= 0 && nscales <= 0 &&
      x->ranked && x->rank > 0)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, nsizes == 0 ? 3 : 2, "Either `sizes` or `scales` must be "
                       "provided with one element per dim of X (rank %d)", x->rank);
  bool by_sizes = nsizes > 0 || nsizes == -1;
  int64_t n = by_sizes ? nsizes : nscales;
  const char *which = by_sizes ? "sizes" : "scales";
  /* A known count other than the axes' (opset 18) or X's rank: ONNX's
  ** inference rejects both. */
  if (with_axes && n > 0 && n != nax)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, by_sizes ? 3 : 2, "Number of elements of input '%s' (%lld) does not "
                       "match the number of axes (%d)", which, (long long)n, nax);
  if (x->ranked && n > 0 && n != x->rank && !with_axes)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, by_sizes ? 3 : 2, "Number of elements of input '%s' (%lld) must be "
                       "same as rank of input 'X' (%d)", which, (long long)n, x->rank);
  bool stretch = ms_sop_int(in, "stretch", 1) != 0;
  bool policy = ms_sop_int(in, "not_larger", 0) || ms_sop_int(in, "not_smaller", 0);
  const ms_sop_param *v = by_sizes && (stretch || policy) ? ms_sop_get(in, "sizes") : NULL;
  if (v && !x->ranked && !stretch) v = NULL;
  if (v && (!x->ranked || v->n != nax)) {
    /* Sizes without X's rank: their count is the rank. */
    if (x->ranked || v->n > MS_MAX_RANK) return unknown_result(out);
    out->unchecked_results = true;
    ms_sop_result_begin(out, 0, x);
    out->nresults = 1;
    for (int i = 0; i < v->n; i++) push(out, 0, v->v[i] >= 0 ? v->v[i] : MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, 0, "the constant sizes");
    return MS_INFER_OK;
  }
  int rank = x->ranked ? x->rank : n > 0 ? (int)n : -1;
  if (rank < 0 || rank > MS_MAX_RANK) return unknown_result(out);
  const ms_sop_param *sc = !by_sizes ? ms_sop_get(in, "scales") : NULL;
  if (sc && (strcmp(sc->str, "f32") != 0 || !x->ranked || sc->n != nax)) sc = NULL;
  int64_t dims[MS_MAX_RANK];
  /* Dims not among the axes keep X's size; the sized ones are unknown
  ** unless constant sizes or scales tell them. */
  for (int i = 0; i < rank; i++) dims[i] = x->ranked && with_axes ? x->dims[i] : MS_DIM_DYNAMIC;
  for (int j = 0; x->ranked && j < nax; j++) dims[ax[j]] = MS_DIM_DYNAMIC;
  if (v && stretch)
    for (int j = 0; j < nax; j++) dims[ax[j]] = v->v[j] >= 0 ? v->v[j] : MS_DIM_DYNAMIC;
  else if (v && !keep_aspect(in, x, ax, v, dims))
    for (int j = 0; j < nax; j++) dims[ax[j]] = MS_DIM_DYNAMIC;
  for (int j = 0; sc && j < nax; j++) dims[ax[j]] = scaled(x->dims[ax[j]], (uint32_t)sc->v[j]);
  out->unchecked_results = true;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < rank; i++) push(out, 0, dims[i]);
  if (in->want_provenance)
    ms_sop_note(out, 0, v && stretch ? "the constant sizes%s"
                : v ? "X's dims scaled by the sizes' %s ratio, keeping the aspect ratio"
                : sc ? "floor(X's dims * the constant scales)%s" : "X's rank (scales not constant)%s",
                v && !stretch ? (ms_sop_int(in, "not_smaller", 0) ? "largest" : "smallest")
                : with_axes ? " on the listed axes, X's dims elsewhere" : "");
  return MS_INFER_OK;
}

static ms_infer_verdict shape_values(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *s = &in->operands[0];
  if (s->ranked && s->rank != 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "Input tensor must be a 1D tensor (rank %d)", s->rank);
  const ms_sop_param *v = ms_sop_get(in, "shape");
  if (!v) {
    if (!s->ranked || !known(s->dims[0])) return unknown_result(out);
    out->unchecked_results = true;
    ms_sop_result_begin(out, 0, s);
    out->nresults = 1;
    for (int i = 0; i < s->dims[0] && i < MS_MAX_RANK; i++) push(out, 0, MS_DIM_DYNAMIC);
    return MS_INFER_OK;
  }
  for (int i = 0; i < v->n; i++)
    if (v->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_NEGATIVE_SIZE, 0, "All values of the input tensor must be >=0 (value %d is %lld)",
                         i, (long long)v->v[i]);
  if (v->n > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  out->unchecked_results = true;
  ms_sop_result_begin(out, 0, s);
  out->nresults = 1;
  for (int i = 0; i < v->n; i++) push(out, 0, v->v[i]);
  if (in->want_provenance) ms_sop_note(out, 0, "the values of the constant shape operand");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_rearrange[] = {
    {"depth_to_space", depth_to_space, "blocksize,inverse"},
    {"grid_sample", grid_sample, "align_corners,mode_ok,padding_mode_ok"},
    {"resize_sizes", resize_sizes, "sizes,scales,axes,stretch,not_larger,not_smaller"},
    {"shape_values", shape_values, "shape"},
    {NULL, NULL, NULL},
};
