/*
** framework_tf.c: TensorFlow's matmuls and windowed ops (sop.h), whose
** attributes spell the layout: a channels-last or channels-first
** `data_format`, `strides` / `dilations` / `ksize` with one entry per dim
** of that format, `padding` "SAME", "VALID" or "EXPLICIT" with
** `explicit_paddings` ([lo, hi] per dim of the format).
**
**   adjoint_matmul  x [..., r, c] times y [..., r, c] with `adj_x` /
**                   `adj_y` (or `transpose_a` / `transpose_b`) choosing
**                   which of the last two dims are rows and columns; the
**                   batch dims broadcast as TensorFlow's getBroadcastedShape
**                   does (a `?` against a size > 1 gives that size) or,
**                   with "equal_batch" 1 (BatchMatMul), must be equal. With
**                   "verify" 1 (BatchMatMulOp::verify): ranks >= 2, batch
**                   dims compatible, the declared result's rank and its
**                   batch, row and column dims checked; the contracting
**                   dims are not compared (the verifier does not); at the
**                   operands' inferred shapes a violation only stops the
**                   inference (the verifier sees the declared types). With
**                   "verify" 0 (MatMul) the shape only refines the result.
**   tf_reshape      tf.Reshape / tfl.reshape as GetReshapeOutputType and
**                   ReshapeOp::verify: the shape operand 1-D, at most one
**                   -1, the declared result compatible with the shape's
**                   values and of the input's element count.
**   tf_concat       tf.ConcatV2: the values of one rank, equal dims but
**                   at one index (VerifyTypesCompatibility, mask_one_dim);
**                   the joined shape refines the result.
**   tf_slice        tf.Slice as SliceOp::verify: begin and size 1-D of
**                   the input's rank, 0 <= begin <= begin + size <= dim,
**                   the declared output's static sizes the slice's.
**   tf_tile         tf.Tile as TileOp::verify: the multiples 1-D of the
**                   input's rank, non-negative, each static output dim
**                   the input's times its multiple.
**   tf_transpose    tf.Transpose as TransposeOp::verify: perm 1-D of x's
**                   rank, entries in [-rank, rank), y's dims x's in its
**                   order (repeats are not checked).
**   nhwc_window     Conv2D (`window_kind` 0: the filter operand 1 gives
**                   the window and the output channels; HWIO unless
**                   "filter_spatial_dim" / "filter_output_dim" name other
**                   dims: TFLite's OHWI conv_2d 1 / 0, its [1, H, W, C x m]
**                   depthwise 1 / 3), depthwise (1: channels x the
**                   filter's multiplier), pooling (2: `ksize` is the
**                   window, the channels carried over): SAME gives ceil(in
**                   / stride), VALID (in - (k - 1) * d - 1 + stride) /
**                   stride, EXPLICIT (in + lo + hi - (k - 1) * d - 1) /
**                   stride + 1, as TensorFlow's GetWindowedOutputSizeVerbose.
**                   A 2-D op may spell each spatial dim apart: "stride_h" /
**                   "stride_w", "dilation_h" / "dilation_w", "window_h" /
**                   "window_w" (TFLite's stride_h, dilation_h_factor,
**                   filter_height) stand for the per-dim lists. Without
**                   "verify" it only refines the result (TensorFlow's
**                   verifiers check the attributes' lengths, not the
**                   output's dims; TFLite's depthwise and pools have no
**                   verifier). With "verify" 1 (TFLite's Conv2DOp, whose
**                   InferTypeOpInterface compares the declared result) the
**                   result is compared, and a stride or dilation below 1 or
**                   a negative size (the window past the input by a stride
**                   or more) is an error, as the shape function fails.
**                   "divisible_channels" 1 (TensorFlow's Conv2D/Conv3D
**                   verifier): static input channels a multiple of the HWIO
**                   filter's input channels.
**   keep_dims_reduce  TensorFlow's and TFLite's reductions over the
**                   constant "axes" operand (negative axes wrap), kept as 1
**                   when "keep_dims" (an attribute `true`/`false`, or 1/0).
**                   Only refines the result (the verifiers do not check the
**                   axes or the result), except that with
**                   "keep_dims_required" 1 (tfl.mean: ODS `BoolAttr`, not
**                   defaulted) an op without keep_dims is an error, and
**                   with "dims_check" 1 (tf.All, tf.Any:
**                   VerifyReductionInputAndDims) the axes operand is at
**                   most 1-D and each constant axis in [-rank, rank).
**   tf_split        tf.Split (split_dim, value) and, with "split_operand"
**                   (the size_splits operand's index), tf.SplitV (value,
**                   size_splits, split_dim), as SplitOp/SplitVOp::verify
**                   check them: split_dim 0-D where ranked; the value not
**                   0-D; a constant split_dim in [-rank, rank); then, on a
**                   static dim, Split's results dividing it evenly, SplitV's
**                   constant sizes (1-D, one per result where its length is
**                   static) summing to it, with at most one -1 standing for
**                   the rest. The verifiers do not compare the declared
**                   results: the parts only refine them.
**   tf_gather_v2    tf.GatherV2 (params, indices, axis) with batch_dims, as
**                   GatherV2Op's verifier checks it ("verify" 0: none of
**                   these checks, only operand_traits.c's "min_ranks" /
**                   "element_ranks": TFLite's gather): batch_dims in
**                   [-r, r] for indices of rank r, axis at most 1-D, a
**                   constant axis in [-p, p) for params of rank p and not
**                   below batch_dims. The result, params' dims before axis,
**                   indices' dims from batch_dims, params' dims after axis,
**                   only refines the declared one (not compared).
**   flatten_matmul  TFLite's fully_connected (input, weights [O, I], bias):
**                   weights 2-D where ranked; with "verify" 1, at the
**                   declared types, FullyConnectedOp::verify's element
**                   counts (static input and weights: the input's count a
**                   multiple of I; with "default_weights" (1 unless 0) and
**                   a static output: its count a multiple of O and input /
**                   I = output / O). Result 0, the input's dims with the
**                   last one O ("keep_num_dims") or [input elements / I,
**                   O], only refines the declared one.
*/
#include "sop_check.h"

#define CODE_RESULT "result-shape" /* a declared result the verifier rejects */

#include <stdio.h>
#include <string.h>

static bool known(int64_t d) { return d >= 0; }

/* mlir::OpTrait::util::getBroadcastedShape for one dim pair; false when
** both are static and neither is 1 nor equal. */
static bool broadcast_dim(int64_t a, int64_t b, int64_t *r) {
  if (!known(a) || !known(b)) {
    *r = a > 1 ? a : b > 1 ? b : a == 1 ? b : b == 1 ? a : MS_DIM_DYNAMIC;
    return true;
  }
  if (a == b || b == 1) *r = a;
  else if (a == 1) *r = b;
  else return false;
  return true;
}

static ms_infer_verdict adjoint_matmul(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *y = &in->operands[1];
  /* the verifier's checks at the declared types only: at inferred shapes a
  ** violation is not judged (TensorFlow's files feed unranked operands whose
  ** producers' shapes a graph rewrite changes: prepare-composite-functions) */
  bool verify = ms_sop_int(in, "verify", 0) != 0 && in->at_declared;
  for (int k = 0; k < 2; k++) {
    const ms_shape *s = k ? y : x;
    if (s->ranked && s->rank < 2) {
      if (!verify) return MS_INFER_UNKNOWN;
      return ms_sop_fail(out, "operand-rank", k, "requires %s operand to have rank at least two", k ? "rhs" : "lhs");
    }
  }
  if (!x->ranked || !y->ranked) return MS_INFER_UNKNOWN;
  int nx = x->rank - 2, ny = y->rank - 2, nb = nx > ny ? nx : ny;
  int64_t batch[MS_MAX_RANK];
  bool equal = ms_sop_int(in, "equal_batch", 0) != 0;
  if (equal && nx != ny) return MS_INFER_UNKNOWN;
  for (int i = 0; i < nb; i++) {
    int64_t a = i - (nb - nx) >= 0 ? x->dims[i - (nb - nx)] : 1, b = i - (nb - ny) >= 0 ? y->dims[i - (nb - ny)] : 1;
    bool ok = equal ? !known(a) || !known(b) || a == b : broadcast_dim(a, b, &batch[i]);
    if (equal) batch[i] = known(a) ? a : b;
    if (!ok) {
      if (!verify) return MS_INFER_UNKNOWN;
      return ms_sop_fail(out, "batching-dims", -1, "found %s batch dimensions: lhs dim %d is %lld, rhs dim %d is %lld",
                         equal ? "mismatching" : "incompatible broadcast", i - (nb - nx), (long long)a,
                         i - (nb - ny), (long long)b);
    }
  }
  bool ax = ms_sop_int(in, "adj_x", 0) != 0, ay = ms_sop_int(in, "adj_y", 0) != 0;
  int64_t row = x->dims[nx + (ax ? 1 : 0)], col = y->dims[ny + (ay ? 0 : 1)];
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < nb; i++) ms_sop_result_push(out, 0, batch[i], MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, row, MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, col, MS_DIM_DYNAMIC);
  out->nresults = 1;
  /* BatchMatMul's verifier leaves the batch dims of its result unchecked */
  out->unchecked_results = ms_sop_int(in, "verify", 0) == 0 || equal;
  if (in->want_provenance)
    ms_sop_note(out, 0, "batch dims broadcast; rows from lhs dim %d, columns from rhs dim %d", nx + (ax ? 1 : 0),
                ny + (ay ? 0 : 1));
  return MS_INFER_OK;
}

/* --- nhwc_window ----------------------------------------------------------------- */

/* One entry of a per-dim list (1 when absent or short). */
static int64_t entry(const ms_sop_in *in, const char *name, int i) {
  int n;
  const int64_t *v = ms_sop_list(in, name, &n);
  return v && i < n ? v[i] : 1;
}

/* Spatial dim sp's value: the "<name>_h" / "<name>_w" scalar of a 2-D op
** that spells each spatial dim apart (TFLite's stride_h, dilation_w_factor,
** filter_height), else entry dim of the per-dim list `list`. */
static int64_t spatial(const ms_sop_in *in, const char *list, const char *name, int sp, int dim) {
  char key[40];
  snprintf(key, sizeof key, "%s_%c", name, sp ? 'w' : 'h');
  const ms_sop_param *p = sp < 2 ? ms_sop_get(in, key) : NULL;
  if (p && p->n == 1) return p->v[0];
  return list ? entry(in, list, dim) : 1;
}

/* TensorFlow's GetWindowedOutputSizeVerbose for spatial dim sp (dim of the
** format): SAME ceil(size / s), VALID (size - eff + s) / s (truncated, as
** C++ divides), EXPLICIT (size + lo + hi - eff) / s + 1. *o is the size, or
** `?` when unknown; false when TensorFlow's function fails (stride < 1,
** dilation < 1, a negative size), *why saying how. Without "verify" a size
** below the window gives `?` (refine-only ops). */
static bool windowed(const ms_sop_in *in, const char *padding, int sp, int dim, int64_t size, int64_t k, int64_t *o,
                     const char **why) {
  int64_t s = spatial(in, "strides", "stride", sp, dim), d = spatial(in, "dilations", "dilation", sp, dim);
  bool verify = ms_sop_int(in, "verify", 0) != 0;
  *o = MS_DIM_DYNAMIC;
  if (!known(size) || !known(k)) return true;
  if (s < 1 || d < 1) return !(verify && (*why = s < 1 ? "stride must be > 0" : "dilation rate must be >= 1"));
  int64_t eff = (k - 1) * d + 1, total = size;
  if (!strcmp(padding, "SAME")) {
    *o = (size + s - 1) / s;
    return true;
  }
  int n;
  const int64_t *p = ms_sop_list(in, "explicit_paddings", &n);
  if (!strcmp(padding, "EXPLICIT") && p && 2 * dim + 1 < n) total = size + p[2 * dim] + p[2 * dim + 1];
  else if (strcmp(padding, "VALID")) return true;
  int64_t r = (total - eff + s) / s;
  if (r < 0 || (!verify && total < eff)) return !(verify && (*why = "computed output size would be negative"));
  *o = r;
  return true;
}

/* The filter's output-channel dim and first spatial dim: HWIO by default,
** "filter_output_dim" / "filter_spatial_dim" for other layouts (TFLite's
** OHWI conv: 0 and 1; its [1, H, W, C x multiplier] depthwise: 3 and 1). */
static int64_t filter_channels(const ms_sop_in *in, const ms_shape *x, const ms_shape *f, int c, int sp) {
  int64_t kind = ms_sop_int(in, "window_kind", 0), od = ms_sop_int(in, "filter_output_dim", sp + 1);
  if (kind == 2) return x->dims[c];
  if (od < 0 || od >= f->rank) return MS_DIM_DYNAMIC;
  if (kind == 0) return f->dims[od];
  return known(x->dims[c]) && known(f->dims[od]) ? x->dims[c] * f->dims[od] : MS_DIM_DYNAMIC;
}

static ms_infer_verdict nhwc_window(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  const ms_sop_param *pad = ms_sop_get(in, "padding"), *fmt = ms_sop_get(in, "data_format");
  int64_t kind = ms_sop_int(in, "window_kind", 0);
  bool verify = ms_sop_int(in, "verify", 0) != 0;
  out->nresults = 1;
  out->unchecked_results = !verify;
  memset(&out->results[0], 0, sizeof out->results[0]);
  if (!x->ranked || x->rank < 3 || !pad || !pad->str[0]) return MS_INFER_OK;
  bool first = fmt && fmt->str[0] && !strncmp(fmt->str, "NC", 2); /* NCHW / NCDHW */
  int rank = x->rank, sp = rank - 2, c = first ? 1 : rank - 1, s0 = first ? 2 : 1;
  const ms_shape *f = kind < 2 && in->noperands > 1 ? &in->operands[1] : NULL;
  if (kind < 2 && (!f || !f->ranked || f->rank != sp + 2)) return MS_INFER_OK;
  int fs = (int)ms_sop_int(in, "filter_spatial_dim", 0);
  if (f && (fs < 0 || fs + sp > f->rank)) return MS_INFER_UNKNOWN;
  int64_t fin = f ? f->dims[sp] : MS_DIM_DYNAMIC; /* HWIO's input channels (TensorFlow's Conv2D/Conv3D verifier) */
  if (ms_sop_int(in, "divisible_channels", 0) && known(x->dims[c]) && known(fin) && fin > 0 && x->dims[c] % fin)
    return ms_sop_fail(out, "conv-dims", 1, "requires the number of input channels to be divisible by the number of "
                       "filter input channels; found %lld and %lld, respectively", (long long)x->dims[c],
                       (long long)fin);
  int64_t dims[MS_MAX_RANK];
  dims[0] = x->dims[0];
  dims[c] = filter_channels(in, x, f, c, sp);
  for (int i = 0; i < sp; i++) {
    int64_t k = f ? f->dims[fs + i] : spatial(in, "ksize", "window", i, s0 + i);
    const char *why = NULL;
    if (!windowed(in, pad->str, i, s0 + i, x->dims[s0 + i], k, &dims[s0 + i], &why))
      return ms_sop_fail(out, "window", -1, "spatial dim %d (input %lld, window %lld): %s", i,
                         (long long)x->dims[s0 + i], (long long)k, why);
  }
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < rank; i++) ms_sop_result_push(out, 0, dims[i], MS_DIM_DYNAMIC);
  if (in->want_provenance)
    ms_sop_note(out, 0, "%s padding over the %s spatial dims", pad->str, first ? "channels-first" : "channels-last");
  return MS_INFER_OK;
}

/* 1 true, 0 false, -1 not readable: `true`, `false` or an integer. */
static int truth(const ms_sop_param *p) {
  if (p->str[0]) return !strcmp(p->str, "true") ? 1 : !strcmp(p->str, "false") ? 0 : -1;
  return p->n == 1 ? p->v[0] != 0 : -1;
}

static ms_infer_verdict keep_dims_reduce(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *kd = ms_sop_get(in, "keep_dims");
  if (!kd && ms_sop_int(in, "keep_dims_required", 0))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "requires attribute 'keep_dims'");
  int keep = kd ? truth(kd) : 0;
  const ms_sop_param *ax = ms_sop_get(in, "axes");
  const ms_shape *x = in->noperands > 0 ? &in->operands[0] : NULL;
  bool check = ms_sop_int(in, "dims_check", 0) != 0;
  if (check && in->noperands > 1 && in->operands[1].ranked && in->operands[1].rank > 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "dimensions can only be 0D or 1D tensor");
  for (int i = 0; check && ax && x && x->ranked && i < ax->n; i++)
    if (ax->v[i] < -x->rank || ax->v[i] >= x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, 1, "%d-th dimension should be in the range of [-%d, %d)", i, x->rank,
                         x->rank);
  if (keep < 0 || !ax || !x || !x->ranked || in->nresults > 1) return MS_INFER_UNKNOWN;
  bool reduced[MS_MAX_RANK] = {false};
  for (int i = 0; i < ax->n; i++) {
    int64_t a = ax->v[i] < 0 ? ax->v[i] + x->rank : ax->v[i];
    if (a < 0 || a >= x->rank) return MS_INFER_UNKNOWN;
    reduced[a] = true;
  }
  out->unchecked_results = true;
  ms_sop_result_begin(out, 0, x);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++)
    if (!reduced[i] || keep) ms_sop_result_push(out, 0, reduced[i] ? 1 : x->dims[i], MS_DIM_DYNAMIC);
  if (in->want_provenance)
    ms_sop_note(out, 0, "the input's dims, the constant axes %s", keep ? "kept as 1" : "dropped");
  return MS_INFER_OK;
}

/* SplitV's size_splits (operand k): 1-D of one size per result; false with
** out's reason. */
static bool split_sizes_type(const ms_sop_in *in, int k, ms_sop_out *out) {
  const ms_shape *sz = &in->operands[k];
  if (!sz->ranked || (sz->rank == 1 && (!known(sz->dims[0]) || sz->dims[0] == in->nresults))) return true;
  return ms_sop_fail(out, MS_CODE_OPERAND_RANK, k, "split sizes should be a 1D tensor of %d elements", in->nresults),
         false;
}

/* The constant SplitV sizes against a static dim d: the part sizes (-1
** resolved) in parts; false with out's reason. */
static bool split_sizes_values(const ms_sop_in *in, int k, int64_t d, int64_t *parts, ms_sop_out *out) {
  const ms_sop_param *v = ms_sop_get(in, "split");
  int64_t total = 0, hole = -1;
  for (int i = 0; i < v->n; i++) {
    if (v->v[i] == -1 && hole >= 0)
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, k, "cannot have more than one dynamic dimension in split sizes"),
             false;
    if (v->v[i] == -1) hole = i;
    else total += v->v[i];
    if (i < MS_SOP_MAX_LIST) parts[i] = v->v[i];
  }
  if (hole < 0 && total != d)
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, k, "split sizes must sum up to the dimension size along split "
                       "dimension, found %lld vs %lld", (long long)total, (long long)d), false;
  if (hole >= 0 && total > d)
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, k, "split sizes must sum up to be less than or equal to the "
                       "dimension size along split dimension, found %lld vs %lld", (long long)total, (long long)d),
           false;
  if (hole >= 0 && hole < MS_SOP_MAX_LIST) parts[hole] = d - total;
  return true;
}

static ms_infer_verdict tf_split(const ms_sop_in *in, ms_sop_out *out) {
  int sk = (int)ms_sop_int(in, "split_operand", -1), vk = sk < 0 ? 1 : 0, ak = sk < 0 ? 0 : 2;
  /* Past MS_SOP_MAX_LIST results a split list cannot be read whole: unknown. */
  if (in->noperands <= (ak > vk ? ak : vk) || in->nresults < 1 || in->nresults > out->room ||
      in->nresults > MS_SOP_MAX_LIST)
    return MS_INFER_UNKNOWN;
  if (sk >= 0 && !in->operands[sk].ranked) return MS_INFER_UNKNOWN; /* SplitVOp::verify stops there */
  if (sk >= 0 && !split_sizes_type(in, sk, out)) return MS_INFER_INVALID;
  const ms_shape *a = &in->operands[ak], *x = &in->operands[vk];
  if (a->ranked && a->rank != 0)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, ak, "split dimension should be an integer scalar tensor");
  if (!x->ranked) return MS_INFER_UNKNOWN;
  if (x->rank == 0) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, vk, "cannot split scalar input tensor");
  const ms_sop_param *ax = ms_sop_get(in, "axis");
  if (!ax || ax->n < 1) return MS_INFER_UNKNOWN;
  int64_t axis = ax->v[0], d;
  if (axis + x->rank < 0 || axis >= x->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, ak, "split dimension must be in range [-%d, %d)", x->rank, x->rank);
  if (axis < 0) axis += x->rank;
  if (!known(d = x->dims[axis])) return MS_INFER_UNKNOWN;
  int n = in->nresults;
  int64_t parts[MS_SOP_MAX_LIST];
  if (sk < 0 && d % n)
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, vk, "dimension #%lld not divisible by the number of result tensors",
                       (long long)axis);
  for (int r = 0; sk < 0 && r < n; r++) parts[r] = d / n;
  const ms_sop_param *sv = sk >= 0 ? ms_sop_get(in, "split") : NULL;
  if (sk >= 0 && !sv) return MS_INFER_UNKNOWN;
  if (sv && !split_sizes_values(in, sk, d, parts, out)) return MS_INFER_INVALID;
  if (sv && sv->n != n) return MS_INFER_UNKNOWN;
  out->unchecked_results = true;
  out->nresults = n;
  for (int r = 0; r < n; r++) {
    ms_sop_result_begin(out, r, x);
    for (int i = 0; i < x->rank; i++)
      ms_sop_result_push(out, r, i == axis ? (parts[r] >= 0 ? parts[r] : MS_DIM_DYNAMIC) : x->dims[i], MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, r, "the value's dims, dim %lld part %d", (long long)axis, r);
  }
  return MS_INFER_OK;
}

/* GatherV2Op's verifier checks ("verify" 1, the default), or none (0:
** TFLite's gather, whose ODS traits "min_ranks" / "element_ranks" are
** checked instead); then the shape, refined only. */
static ms_infer_verdict tf_gather_v2(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  if (!ms_sop_operand_traits_hold(in, out)) return MS_INFER_INVALID;
  bool verify = ms_sop_int(in, "verify", 1) != 0;
  if (verify && in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *p = &in->operands[0], *ix = &in->operands[1], *ax = verify ? &in->operands[2] : NULL;
  int64_t b = ms_sop_int(in, "batch_dims", 0);
  if (ix->ranked && (b > ix->rank || b < -ix->rank)) {
    if (!verify) return MS_INFER_UNKNOWN;
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "batch_dims (%lld) must be in range [%d, %d)", (long long)b,
                       -ix->rank, ix->rank + 1);
  }
  if (ix->ranked && b < 0) b += ix->rank;
  if (ax && ax->ranked && ax->rank > 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 2, "requires axis to have rank at most 1");
  const ms_sop_param *av = ms_sop_get(in, "axis");
  if (!av || av->n < 1) return MS_INFER_UNKNOWN;
  int64_t a = av->v[0];
  if (p->ranked && (a >= p->rank || a < -p->rank)) {
    if (!verify) return MS_INFER_UNKNOWN;
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "axis (%lld) must be in range [%d, %d)", (long long)a, -p->rank,
                       p->rank);
  }
  if (p->ranked && a < 0) a += p->rank;
  if (b >= 0 && a >= 0 && a < b) {
    if (!verify) return MS_INFER_UNKNOWN;
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "requires axis (%lld) to be greater than or equal to batch_dims "
                       "(%lld)", (long long)a, (long long)b);
  }
  if (!p->ranked || !ix->ranked || b < 0 || a < 0 || p->rank - 1 + ix->rank - b > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  out->unchecked_results = true;
  ms_sop_result_begin(out, 0, p);
  out->nresults = 1;
  for (int i = 0; i < a; i++) ms_sop_result_push(out, 0, p->dims[i], MS_DIM_DYNAMIC);
  for (int i = (int)b; i < ix->rank; i++) ms_sop_result_push(out, 0, ix->dims[i], MS_DIM_DYNAMIC);
  for (int i = (int)a + 1; i < p->rank; i++) ms_sop_result_push(out, 0, p->dims[i], MS_DIM_DYNAMIC);
  if (in->want_provenance)
    ms_sop_note(out, 0, "params' dims before axis %lld, indices' dims from batch_dims %lld, params' after",
                (long long)a, (long long)b);
  return MS_INFER_OK;
}

/* --- flatten_matmul -------------------------------------------------------------- */

/* The element count of a statically shaped tensor, else -1 (also when it
** does not fit in 64 bits). */
static int64_t static_count(const ms_shape *s) {
  if (!s->ranked || s->kind != MS_TYPE_TENSOR) return -1;
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++)
    if (!known(s->dims[i]) || __builtin_mul_overflow(n, s->dims[i], &n)) return -1;
  return n;
}

/* With "verify" 1, FullyConnectedOp::verify's checks at the declared
** types: input and weights static, the input's elements a multiple of
** z_in; with default weights and a static output, its elements a multiple
** of z_out and input / z_in = output / z_out. False with out's reason. */
static bool flatten_counts(const ms_sop_in *in, int64_t nx, int64_t zi, int64_t zo, ms_sop_out *out) {
  if (!ms_sop_int(in, "verify", 0) || !in->at_declared || nx < 0 || static_count(&in->operands[1]) < 0) return true;
  if (zi != 0 && nx % zi)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 0, "expect 'input' num_elements %% %lld == 0, got %lld elements",
                       (long long)zi, (long long)nx), false;
  int64_t ny = static_count(&in->results[0]);
  if (!ms_sop_int(in, "default_weights", 1) || ny < 0 || zo == 0) return true;
  if (ny % zo)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1, "expect 'output' num_elements %% %lld == 0, got %lld elements",
                       (long long)zo, (long long)ny), false;
  if (zi != 0 && nx / zi != ny / zo)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1, "num_input_elements / z_in != num_output_elements / z_out "
                       "(%lld / %lld against %lld / %lld)", (long long)nx, (long long)zi, (long long)ny, (long long)zo),
           false;
  return true;
}

static ms_infer_verdict flatten_matmul(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || in->nresults < 1 || in->nresults > out->room) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *w = &in->operands[1];
  if (w->ranked && w->rank != 2) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "expect 2d filter, got rank %d", w->rank);
  int64_t nx = static_count(x), zi = w->ranked ? w->dims[1] : MS_DIM_DYNAMIC, zo = w->ranked ? w->dims[0] : MS_DIM_DYNAMIC;
  if (!flatten_counts(in, nx, zi, zo, out)) return MS_INFER_INVALID;
  ms_infer_verdict v = ms_sop_unknown_results(out, in->nresults);
  out->unchecked_results = true;
  const ms_sop_param *kp = ms_sop_get(in, "keep_num_dims");
  int keep = kp ? truth(kp) : 0;
  if (keep < 0 || !x->ranked || (keep && x->rank < 1)) return v;
  if (keep && known(x->dims[x->rank - 1]) && known(zi) && x->dims[x->rank - 1] != zi) return v;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; keep && i < x->rank - 1; i++) ms_sop_result_push(out, 0, x->dims[i], MS_DIM_DYNAMIC);
  if (!keep) ms_sop_result_push(out, 0, nx >= 0 && zi > 0 && nx % zi == 0 ? nx / zi : MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  ms_sop_result_push(out, 0, zo, MS_DIM_DYNAMIC);
  if (in->want_provenance)
    ms_sop_note(out, 0, keep ? "the input's dims, the last one the weights' dim 0" :
                               "the input flattened to [elements / weights dim 1, weights dim 0]");
  return v;
}

/* --- tf_reshape ------------------------------------------------------------------ */

/* GetReshapeOutputType's shape (tf_ops_n_z.cc, tfl_ops.cc): the constant
** shape's values, its one -1 the input's elements over the others' product
** (a 0 in the shape leaves the input's 0 dims out of that count), or every
** dim `?` when the shape is not a constant. False with out's reason. */
static bool reshape_expected(const ms_shape *x, const ms_sop_param *sh, ms_sop_out *out) {
  int unknown = -1;
  bool zero = false;
  int64_t prod = 1;
  for (int i = 0; i < sh->n; i++) {
    int64_t v = sh->v[i];
    if (v == -1 && unknown >= 0)
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "requires 'shape' to have at most one dynamic dimension, but "
                         "got multiple dynamic dimensions at indices %d and %d", unknown, i), false;
    if (v == -1) unknown = i;
    else if (v == 0) zero = true;
    else if (v < 0)
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 1, "requires 'shape' to have dimensions greater than -1, but got "
                         "%lld at index %d", (long long)v, i), false;
    else if (__builtin_mul_overflow(prod, v, &prod)) return false;
  }
  int64_t total = 1;
  bool skipped = false, stat = static_count(x) >= 0;
  for (int i = 0; stat && i < x->rank; i++)
    if (!(x->dims[i] > 0 || !zero)) skipped = true;
    else if (__builtin_mul_overflow(total, x->dims[i], &total)) return false;
  int64_t missing = stat && prod > 0 ? total / prod : MS_DIM_DYNAMIC;
  if (stat && unknown >= 0 && !skipped && prod * missing != total)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, 0, "requires 'input' number of elements be a multiple of %lld, but "
                       "got %lld", (long long)prod, (long long)total), false;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < sh->n; i++) ms_sop_result_push(out, 0, i == unknown ? missing : sh->v[i], MS_DIM_DYNAMIC);
  return true;
}

/* tf.Reshape / tfl.reshape (tensor, shape): the shape operand of rank 1,
** the expected type above compatible with the declared result (checked by
** the caller: results not unchecked), and, at the declared types, a static
** result of the static input's element count (ReshapeOp::verify). */
static ms_infer_verdict tf_reshape(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *s = &in->operands[1], *r = &in->results[0];
  if (s->ranked && s->rank != 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "requires 'shape' to be rank 1, but got %d", s->rank);
  const ms_sop_param *sh = ms_sop_get(in, "shape");
  if (!sh && s->ranked && known(s->dims[0]) && s->dims[0] <= MS_MAX_RANK) {
    ms_sop_result_begin(out, 0, x);
    for (int i = 0; i < s->dims[0]; i++) ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  } else if (!sh || sh->n > MS_MAX_RANK) {
    return ms_sop_unknown_results(out, 1);
  } else if (!reshape_expected(x, sh, out)) {
    return out->code ? MS_INFER_INVALID : MS_INFER_UNKNOWN;
  }
  int64_t nx = static_count(x), nr = static_count(r);
  if (in->at_declared && nx >= 0 && nr >= 0 && nx != nr)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENTS, -1, "requires 'output' number of elements to match 'input' number "
                       "of elements, but got %lld and %lld", (long long)nr, (long long)nx);
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the shape operand (-1: the input's elements over the others)");
  return MS_INFER_OK;
}

/* --- tf_concat ------------------------------------------------------------------- */

/* VerifyTypesCompatibility with mask_one_dim (TensorFlow's ConcatV2Op):
** the ranked values of one rank, each dim index equal where static but
** one, the first that differs, which is left out from then on. Sets *mask
** to that index (-1: none). False with out's reason. */
static bool concat_compatible(const ms_sop_in *in, int nv, int *rank, int64_t *common, int *mask, ms_sop_out *out) {
  *rank = -1;
  *mask = -1;
  for (int k = 0; k < nv; k++) {
    const ms_shape *v = &in->operands[k];
    if (!v->ranked) continue;
    if (*rank < 0) {
      *rank = v->rank;
      for (int i = 0; i < v->rank; i++) common[i] = MS_DIM_DYNAMIC;
    } else if (v->rank != *rank) {
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, k, "operand type #%d is not compatible with preceding operands; "
                         "expected rank: %d", k, *rank), false;
    }
    for (int i = 0; i < *rank; i++) {
      if (i == *mask || !known(v->dims[i])) continue;
      if (!known(common[i])) common[i] = v->dims[i];
      else if (common[i] != v->dims[i] && *mask < 0) *mask = i;
      else if (common[i] != v->dims[i])
        return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, k, "operand type #%d is not compatible with preceding "
                           "operands; expected dimension at index %d: %lld", k, i, (long long)common[i]), false;
    }
  }
  return true;
}

/* tf.ConcatV2 (values..., axis): the axis at most 1-D, the values as
** above; with a constant axis in range and no other dim differing, the
** values joined along it only refine the declared result (the verifier
** does not compare it). */
static ms_infer_verdict tf_concat(const ms_sop_in *in, ms_sop_out *out) {
  int nv = in->noperands - 1, rank, mask;
  int64_t common[MS_MAX_RANK];
  if (nv < 1 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *ax = &in->operands[nv];
  if (ax->ranked && ax->rank > 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, nv, "requires axis to be of scalar type (or vector type for "
                       "older versions)");
  for (int k = 0; k < nv; k++)
    if (in->operands[k].ranked && in->operands[k].rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (!concat_compatible(in, nv, &rank, common, &mask, out)) return MS_INFER_INVALID;
  ms_infer_verdict v = ms_sop_unknown_results(out, 1);
  out->unchecked_results = true;
  const ms_sop_param *a = ms_sop_get(in, "axis");
  if (rank < 1 || !a || a->n != 1 || a->v[0] < -rank || a->v[0] >= rank) return v;
  int axis = (int)(a->v[0] < 0 ? a->v[0] + rank : a->v[0]);
  if (mask >= 0 && mask != axis) return v;
  int64_t sum = 0;
  for (int k = 0; k < nv; k++) {
    const ms_shape *x = &in->operands[k];
    if (sum < 0 || !x->ranked || !known(x->dims[axis]) || __builtin_add_overflow(sum, x->dims[axis], &sum))
      sum = MS_DIM_DYNAMIC;
  }
  ms_sop_result_begin(out, 0, &in->operands[0]);
  for (int i = 0; i < rank; i++) ms_sop_result_push(out, 0, i == axis ? sum : common[i], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "the values' dims, their sizes along axis %d summed", axis);
  return v;
}

/* --- tf_slice -------------------------------------------------------------------- */

/* SliceOp::verify's checks of one dim with a constant begin b: the size s
** (0 when the sizes are not constant; -1 the rest of a static dim) must be
** the declared output's size where that is static, and 0 <= b <= b + s <=
** the input's size where static. */
static bool slice_dim_ok(int64_t b, int64_t s, bool sizes, int64_t in, int64_t res, ms_sop_out *out) {
  int64_t end;
  if (s == -1 && known(in)) s = in - b;
  if (__builtin_add_overflow(b, s, &end)) return true;
  if (known(res) && sizes && res != s)
    return ms_sop_fail(out, CODE_RESULT, -1, "requires output size to have the same size of slice, got slice "
                       "size %lld and output size %lld", (long long)s, (long long)res), false;
  if (b < 0 || (known(in) && end > in))
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 1, "requires 0 <= begin[i] <= begin[i] + size[i] <= Di (begin %lld, "
                       "size %lld, Di %lld)", (long long)b, (long long)s, (long long)in), false;
  return true;
}

/* tf.Slice (input, begin, size): SliceOp::verify (begin and size 1-D of
** one length, the input's rank, the output of that rank, the bounds
** above; with only the sizes constant, each at most its static dim); the
** sliced shape refines the result. */
static ms_infer_verdict tf_slice(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 3 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *bt = &in->operands[1], *st = &in->operands[2], *r = &in->results[0];
  if (bt->ranked && bt->rank != 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "requires begin operand to be 1D tensor");
  if (st->ranked && st->rank != 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 2, "requires size operand to be 1D tensor");
  ms_infer_verdict v = ms_sop_unknown_results(out, 1);
  out->unchecked_results = true;
  if (!bt->ranked || !st->ranked || !known(bt->dims[0]) || !known(st->dims[0])) return v;
  int64_t n = bt->dims[0];
  if (n != st->dims[0])
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 2, "requires begin and size operands to have the same number of elements");
  if (x->ranked && n != x->rank)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "requires number of elements in begin and size are equal to input rank");
  if (r->ranked && x->ranked && r->rank != x->rank)
    return ms_sop_fail(out, CODE_RESULT, -1, "requires output to have the same rank as input, but got input rank "
                       "%d and output rank %d", x->rank, r->rank);
  const ms_sop_param *b = ms_sop_get(in, "begin"), *sz = ms_sop_get(in, "size");
  if (b && b->n != n) b = NULL;
  if (sz && sz->n != n) sz = NULL;
  for (int i = 0; b && i < n; i++)
    if (!slice_dim_ok(b->v[i], sz ? sz->v[i] : 0, sz != NULL, x->ranked ? x->dims[i] : MS_DIM_DYNAMIC,
                      r->ranked && i < r->rank ? r->dims[i] : MS_DIM_DYNAMIC, out))
      return MS_INFER_INVALID;
  for (int i = 0; !b && sz && x->ranked && i < x->rank; i++)
    if (sz->v[i] != -1 && known(x->dims[i]) && sz->v[i] > x->dims[i])
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 2, "requires size[i] <= Di, even if begin[i] is unknown at compile "
                         "time (size %lld, Di %lld)", (long long)sz->v[i], (long long)x->dims[i]);
  if (!sz || n > MS_MAX_RANK) return v;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < n; i++) {
    int64_t d = sz->v[i];
    if (d == -1) d = b && x->ranked && known(x->dims[i]) ? x->dims[i] - b->v[i] : MS_DIM_DYNAMIC;
    if (x->ranked && known(x->dims[i]) && d > x->dims[i]) return ms_sop_unknown_results(out, 1); /* begin + size overflowed */
    ms_sop_result_push(out, 0, d < 0 ? MS_DIM_DYNAMIC : d, MS_DIM_DYNAMIC);
  }
  if (in->want_provenance) ms_sop_note(out, 0, "the size operand (-1: the dim after begin)");
  return v;
}

/* --- tf_tile --------------------------------------------------------------------- */

/* tf.Tile (input, multiples): TileOp::verify (multiples 1-D, as many as
** the input's rank, the output of that rank, each multiple >= 0 and each
** static output dim the static input dim times it); the tiled shape
** refines the result. */
static ms_infer_verdict tf_tile(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 2 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *mt = &in->operands[1], *r = &in->results[0];
  if (mt->ranked && mt->rank != 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "expected multiples to be rank 1, got rank = %d", mt->rank);
  if (x->ranked && mt->ranked && known(mt->dims[0]) && x->rank != mt->dims[0])
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "expected size of multiples equal to rank of input, got multiples "
                       "of size %lld, and input of rank %d", (long long)mt->dims[0], x->rank);
  if (x->ranked && r->ranked && x->rank != r->rank)
    return ms_sop_fail(out, CODE_RESULT, -1, "expected rank of input to equal to rank of output, got input of rank %d, "
                       "and output of rank %d", x->rank, r->rank);
  ms_infer_verdict v = ms_sop_unknown_results(out, 1);
  out->unchecked_results = true;
  const ms_sop_param *m = ms_sop_get(in, "multiples");
  if (!x->ranked || !m || m->n != x->rank) return v;
  int64_t prod[MS_MAX_RANK];
  for (int i = 0; i < x->rank; i++) {
    if (!known(x->dims[i]) || __builtin_mul_overflow(x->dims[i], m->v[i], &prod[i])) prod[i] = MS_DIM_DYNAMIC;
    if (m->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, 1, "expected multiples to be non-negative, got multiples[%d] = "
                         "%lld", i, (long long)m->v[i]);
    if (r->ranked && known(prod[i]) && known(r->dims[i]) && r->dims[i] != prod[i])
      return ms_sop_fail(out, CODE_RESULT, -1, "requires input.shape[%d] (%lld) * %lld to be equal to output.shape[%d] "
                         "(%lld)", i, (long long)x->dims[i], (long long)m->v[i], i, (long long)r->dims[i]);
  }
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < x->rank; i++)
    ms_sop_result_push(out, 0, prod[i], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "each input dim times its multiple");
  return v;
}

/* --- tf_transpose ---------------------------------------------------------------- */

/* tf.Transpose (x, perm): TransposeOp::verify (perm 1-D; x and y of one
** rank; with x, y and perm ranked and perm static, perm as long as x's
** rank and, when constant, each entry in [-rank, rank) (negative ones wrap)
** with y's static dims x's static dims in its order; repeated entries pass);
** a true permutation's shape refines the result. */
static ms_infer_verdict tf_transpose(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 2 || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *pt = &in->operands[1], *y = &in->results[0];
  if (pt->ranked && pt->rank != 1)
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "expected perm to be a 1-D Tensor, got perm of rank %d", pt->rank);
  if (x->ranked && y->ranked && x->rank != y->rank)
    return ms_sop_fail(out, CODE_RESULT, -1, "x should be of the same rank with y, got x of rank %d, and y of rank %d",
                       x->rank, y->rank);
  ms_infer_verdict v = ms_sop_unknown_results(out, 1);
  out->unchecked_results = true;
  const ms_sop_param *p = ms_sop_get(in, "perm");
  bool checked = x->ranked && y->ranked && pt->ranked && known(pt->dims[0]);
  if (checked && x->rank != pt->dims[0])
    return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 1, "expected perm to be a 1-D Tensor of size equal to the rank of x, "
                       "got perm of size %lld, and x of rank %d", (long long)pt->dims[0], x->rank);
  if (!x->ranked || !p || p->n != x->rank) return v;
  bool seen[MS_MAX_RANK] = {false}, perm = true;
  for (int i = 0; i < p->n; i++) {
    int64_t k = p->v[i];
    if (k < -x->rank || k >= x->rank) {
      if (!checked) return v;
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, 1, "perm[%d]=%lld must be in range [-%d, %d)", i, (long long)k,
                         x->rank, x->rank);
    }
    if (k < 0) k += x->rank;
    if (checked && known(y->dims[i]) && known(x->dims[k]) && y->dims[i] != x->dims[k])
      return ms_sop_fail(out, CODE_RESULT, -1, "requires y.shape[%d] (%lld) to be equal to x.shape[perm[%lld]] (%lld)", i,
                         (long long)y->dims[i], (long long)k, (long long)x->dims[k]);
    if (seen[k]) perm = false;
    seen[k] = true;
  }
  if (!perm) return v;
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < p->n; i++) ms_sop_result_push(out, 0, x->dims[p->v[i] < 0 ? p->v[i] + x->rank : p->v[i]], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "x's dims in perm's order");
  return v;
}

const ms_sop_def ms_sop_framework_tf[] = {
    {"adjoint_matmul", adjoint_matmul, "adj_x,adj_y,equal_batch,verify"},
    {"nhwc_window", nhwc_window,
     "data_format,strides,dilations,padding,explicit_paddings,ksize,window_kind,stride_h,stride_w,dilation_h,"
     "dilation_w,window_h,window_w,filter_output_dim,filter_spatial_dim,verify,divisible_channels"},
    {"keep_dims_reduce", keep_dims_reduce, "axes,keep_dims,keep_dims_required,dims_check"},
    {"tf_split", tf_split, "axis,split,split_operand"},
    {"tf_gather_v2", tf_gather_v2, "axis,batch_dims,verify,min_ranks,element_ranks,ranked_element"},
    {"flatten_matmul", flatten_matmul, "keep_num_dims,default_weights,verify"},
    {"tf_reshape", tf_reshape, "shape"},
    {"tf_concat", tf_concat, "axis"},
    {"tf_slice", tf_slice, "begin,size"},
    {"tf_tile", tf_tile, "multiples"},
    {"tf_transpose", tf_transpose, "perm"},
    {NULL, NULL, NULL},
};
