/*
** convolution.c: the convolution family of structured ops (sop.h).
**
** convolution and dynamic_conv (StableHLO spec convolution C1-C27,
** dynamic_conv C1-C27; TypeInference.cpp inferConvolutionOp,
** verifyConvolutionAttributes, isSpatialDimensionsValid,
** inferDynamicConvOp): an input (lhs) and a kernel (rhs) of the same rank,
** dimension numbers naming the batch, feature and spatial dims of input,
** kernel and output, a window over the spatial dims (strides, padding,
** lhs/rhs dilation, reversal) and feature/batch group counts. The result's
** spatial dims are the window's output shape, its batch dim the input
** batch / batch_group_count, its feature dim the kernel's output features.
** dynamic_conv takes its padding from a constant operand ("padding" read
** from it) and its verifier does not compare the declared result with the
** inferred one (only refinement). Layout-fixed dialects (NHWC/HWCF named
** convolutions) bind the same function with fixed dimension numbers.
**
** Options for dialects that verify otherwise (TOSA, TosaOps.cpp
** verifyConvOpErrorIf, verifyPoolingOp, TransposeConv2DOp::verify and
** their inferReturnTypeComponents): "channel_check": "warn" (channel,
** batch and feature mismatches are what the specification forbids, not
** the verifier: warnings; the declared result's spatial dims are compared
** here), "exact_stride" (the padded input less the dilated window divides
** by the stride exactly, checked against a ranked result), "flat_padding"
** ([lo0, hi0, lo1, hi1, ...]), "nonnegative_padding", "transposed"
** (out = (in - 1) * stride + lo + hi + window), "depth_multiplier_dimension"
** (output features = input features x that kernel dim), "bias_operand"
** (dim 0 is the output features or 1), "feature_operand", "operand_ranks"/"result_rank" (ODS
** ranks), "unknown_dims" (MHLO's ConvolutionOp::verify: operands may have
** dims the dimension numbers do not name; the result has their rank and
** keeps its declared sizes there). pool: the same window over the spatial dims of one input, the
** other dims carried over (pooling).
*/
#include "sop_window.h"

#include <stdio.h>
#include <string.h>

#define CODE_RANK "operand-rank"
#define CODE_DIMS "conv-dims"
#define CODE_GROUP "group-count"
#define CODE_WINDOW "window"
#define CODE_BIAS "bias-channels"
#define CONFLICT (-2) /* a feature count the bias contradicts */

typedef struct conv_dims {
  int64_t ib, if_, kif, kof, ob, of;
  int ns, nks, nos;
  const int64_t *is, *ks, *os;
} conv_dims;

static bool read_dims(const ms_sop_in *in, conv_dims *d) {
  static const char *const scalars[] = {"input_batch_dimension", "input_feature_dimension",
                                        "kernel_input_feature_dimension", "kernel_output_feature_dimension",
                                        "output_batch_dimension", "output_feature_dimension"};
  int64_t *slots[] = {&d->ib, &d->if_, &d->kif, &d->kof, &d->ob, &d->of};
  for (int i = 0; i < 6; i++) {
    const ms_sop_param *p = ms_sop_get(in, scalars[i]);
    if (!p || p->n != 1) return false;
    *slots[i] = p->v[0];
  }
  d->is = ms_sop_list(in, "input_spatial_dimensions", &d->ns);
  d->ks = ms_sop_list(in, "kernel_spatial_dimensions", &d->nks);
  d->os = ms_sop_list(in, "output_spatial_dimensions", &d->nos);
  return true;
}

static bool unique(const int64_t *v, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (v[i] == v[j]) return false;
  return true;
}

static const char *braces(const int64_t *v, int n, char *buf, size_t len) {
  size_t w = 0;
  buf[0] = 0;
  for (int i = 0; i < n && w < len; i++) w += (size_t)snprintf(buf + w, len - w, "%s%lld", i ? ", " : "", (long long)v[i]);
  return buf;
}

/* isSpatialDimensionsValid. */
static bool check_dims(const conv_dims *d, int rank, ms_sop_out *out) {
  if (d->ns != d->nks || d->ns != d->nos) {
    ms_sop_fail(out, CODE_DIMS, -1,
                "expects the same size for input, kernel and output spatial-dimensions, but got %d, %d, and %d resp.",
                d->ns, d->nks, d->nos);
    return false;
  }
  int64_t a[MS_SOP_MAX_LIST + 2], k[MS_SOP_MAX_LIST + 2], o[MS_SOP_MAX_LIST + 2];
  int n = d->ns + 2;
  if (d->ns > MS_SOP_MAX_LIST) return false;
  a[0] = d->ib, a[1] = d->if_, k[0] = d->kif, k[1] = d->kof, o[0] = d->ob, o[1] = d->of;
  for (int i = 0; i < d->ns; i++) a[i + 2] = d->is[i], k[i + 2] = d->ks[i], o[i + 2] = d->os[i];
  for (int i = 0; i < n; i++)
    if (a[i] < 0 || a[i] >= rank || k[i] < 0 || k[i] >= rank || o[i] < 0 || o[i] >= rank) {
      ms_sop_fail(out, CODE_DIMS, -1, "expects input, kernel, and output dimension-numbers to be in-range [0, %d).",
                  rank);
      return false;
    }
  char buf[256];
  const char *which = !unique(a, n) ? "input" : !unique(k, n) ? "kernel" : !unique(o, n) ? "output" : NULL;
  if (which) {
    const int64_t *v = which[0] == 'i' ? a : which[0] == 'k' ? k : o;
    ms_sop_fail(out, CODE_DIMS, -1, "expects %s dimension-numbers to be unique, got {%s}.", which,
                braces(v, n, buf, sizeof buf));
    return false;
  }
  return true;
}

/* Whether g divides n; else fails out (CODE_GROUP, operand) with why, a
** format of n then g. */
static bool divides(ms_sop_out *out, int operand, int64_t n, int64_t g, const char *why) {
  if (n % g == 0) return true;
  return ms_sop_fail(out, CODE_GROUP, operand, why, (long long)n, (long long)g), false;
}

/* verifyConvolutionAttributes: the group counts. */
static bool check_groups(const ms_shape *lhs, const ms_shape *rhs, const conv_dims *d, int64_t fgc, int64_t bgc,
                         ms_sop_out *out) {
  if (bgc > 1 && fgc > 1) {
    ms_sop_fail(out, CODE_GROUP, -1,
                "expects batch_group_count and feature_group_count not to be both greater than 1. Got %lld and %lld resp.",
                (long long)bgc, (long long)fgc);
    return false;
  }
  int64_t in_f = lhs->dims[d->if_], in_b = lhs->dims[d->ib], k_if = rhs->dims[d->kif], k_of = rhs->dims[d->kof];
  if (in_b != MS_DIM_DYNAMIC &&
      !divides(out, 0, in_b, bgc,
               "expects input batch dimension (%lld) to be divisible by batch_group_count. Got "
               "batch_group_count = %lld."))
    return false;
  if (in_f != MS_DIM_DYNAMIC) {
    if (!divides(out, 0, in_f, fgc,
                 "expects input feature dimension (%lld) to be a multiple of feature_group_count. Got "
                 "feature_group_count = %lld."))
      return false;
    if (k_if != MS_DIM_DYNAMIC && in_f / fgc != k_if)
      return ms_sop_fail(out, CODE_GROUP, 1,
                         "expects input feature dimension (%lld) / feature_group_count = kernel input feature "
                         "dimension (%lld). Got feature_group_count = %lld.",
                         (long long)in_f, (long long)k_if, (long long)fgc),
             false;
  }
  return k_of == MS_DIM_DYNAMIC ||
         (divides(out, 1, k_of, bgc,
                  "expects output feature dimension size (%lld) to be a multiple of batch_group_count. Got "
                  "batch_group_count = %lld.") &&
          divides(out, 1, k_of, fgc,
                  "expects kernel output feature dimension (%lld) to be divisible by feature_group_count. For "
                  "feature_group_count = %lld."));
}

/* The dialect's options beyond StableHLO's (TOSA's conv2d, conv3d,
** depthwise_conv2d, transpose_conv2d and pooling ops). */
typedef struct conv_opts {
  bool warn;        /* "channel_check": "warn": channel, batch and feature mismatches are spec warnings */
  bool exact;       /* "exact_stride": (padded - dilated window) must divide by the stride exactly */
  bool flat_pad;    /* "flat_padding": padding is a flat [lo0, hi0, lo1, hi1, ...] list */
  bool nonneg_pad;  /* "nonnegative_padding": every padding value >= 0 */
  bool transposed;  /* "transposed": a transposed convolution, out = (in - 1) * stride + lo + hi + window */
  bool pad_below;   /* "padding_below_window": each side's padding < the window size (pooling) */
  int64_t mult;     /* "depth_multiplier_dimension": output features = input features x this kernel dim; -1 */
  int64_t bias;     /* "bias_operand": its dim 0 is the output features or 1; -1: none */
} conv_opts;

static void read_opts(const ms_sop_in *in, conv_opts *o) {
  const ms_sop_param *c = ms_sop_get(in, "channel_check");
  o->warn = c && !strcmp(c->str, "warn");
  o->exact = ms_sop_int(in, "exact_stride", 0) != 0;
  o->flat_pad = ms_sop_int(in, "flat_padding", 0) != 0;
  o->nonneg_pad = ms_sop_int(in, "nonnegative_padding", 0) != 0;
  o->transposed = ms_sop_int(in, "transposed", 0) != 0;
  o->pad_below = ms_sop_int(in, "padding_below_window", 0) != 0;
  o->mult = ms_sop_int(in, "depth_multiplier_dimension", -1);
  o->bias = ms_sop_int(in, "bias_operand", -1);
}

/* The padding values' own constraints (TOSA's ERROR_IF the verifier makes). */
static bool check_padding(const ms_sop_in *in, const conv_opts *o, const int64_t *sizes, int ns, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "padding");
  if (!p) return true;
  char buf[256];
  for (int i = 0; i < p->n; i++) {
    if (o->nonneg_pad && p->v[i] < 0)
      return ms_sop_fail(out, CODE_WINDOW, -1, "expect all padding values to be >= 0, got %s",
                         braces(p->v, p->n, buf, sizeof buf)),
             false;
    int64_t k = i / 2 < ns ? sizes[i / 2] : MS_DIM_DYNAMIC;
    if (o->pad_below && k != MS_DIM_DYNAMIC && p->v[i] >= k)
      return ms_sop_fail(out, CODE_WINDOW, -1,
                         "expected padding to be less than the kernel size in window dimension %d, got %lld >= %lld",
                         i / 2, (long long)p->v[i], (long long)k),
             false;
    if (o->transposed && k != MS_DIM_DYNAMIC && p->v[i] <= -k)
      return ms_sop_fail(out, CODE_WINDOW, -1, "expected out_pad to be greater than -%lld in window dimension %d, got %lld",
                         (long long)k, i / 2, (long long)p->v[i]),
             false;
  }
  return true;
}

/* One spatial output dim. *exact_fail: the exact division failed (TOSA's
** verifier rejects it when the declared result is ranked). */
static int64_t spatial_out(int64_t base, const ms_window_dim *w, const conv_opts *o, bool *inexact) {
  if (base == MS_DIM_DYNAMIC || w->size == MS_DIM_DYNAMIC) return MS_DIM_DYNAMIC;
  if (o->transposed) return (base - 1) * w->stride + w->pad_lo + w->pad_hi + w->size;
  if (!o->exact) return ms_window_output(base, w);
  int64_t num = base + w->pad_lo + w->pad_hi - ((w->size - 1) * w->window_dilation + 1);
  if (num % w->stride != 0) {
    *inexact = true;
    return MS_DIM_DYNAMIC;
  }
  return num / w->stride + 1;
}

/* With "channel_check": "warn", the declared result is compared here: a
** spatial dim that differs is the verifier's error, a batch or feature dim
** that differs only the specification's (a warning). */
static bool check_declared(const ms_sop_in *in, const ms_shape *r, const bool *spatial, ms_sop_out *out) {
  if (!in->nresults || !in->results[0].ranked || in->results[0].rank != r->rank) return true;
  const ms_shape *d = &in->results[0];
  for (int i = 0; i < r->rank; i++) {
    if (d->dims[i] == MS_DIM_DYNAMIC || r->dims[i] == MS_DIM_DYNAMIC || d->dims[i] == r->dims[i]) continue;
    if (spatial[i])
      return ms_sop_fail(out, "result-shape", -1, "calculated output dim %d did not match expected: calculated=%lld, "
                         "expected=%lld", i, (long long)r->dims[i], (long long)d->dims[i]),
             false;
    ms_sop_warn(out, "result-shape", -1, "output dim %d is %lld, the operands give %lld", i, (long long)d->dims[i],
                (long long)r->dims[i]);
  }
  out->unchecked_results = true;
  return true;
}

/* "bias_operand": its dim 0 equals the output features or is 1 (error
** against a ranked declared result); it gives the output features the
** kernel leaves `?`, unless "feature_operand" names another operand for
** that (LLVM 22's transpose_conv2d inference reads the input's dim 0). */
static bool check_bias(const ms_sop_in *in, const conv_opts *o, int64_t of, int64_t *feature, ms_sop_out *out) {
  int64_t fo = ms_sop_int(in, "feature_operand", o->bias);
  bool own = fo != o->bias;
  if (*feature == MS_DIM_DYNAMIC && own && fo >= 0 && fo < in->noperands) {
    const ms_shape *f = &in->operands[fo];
    if (f->ranked && f->rank >= 1) *feature = f->dims[0];
  }
  if (o->bias < 0 || o->bias >= in->noperands) return true;
  const ms_shape *b = &in->operands[o->bias];
  if (!b->ranked || b->rank < 1) return true;
  int64_t bc = b->dims[0];
  /* A bias that contradicts the features the kernel gives: the verifier
  ** rejects the refined result (--tosa-infer-shapes fails), so nothing is
  ** inferred (the caller returns UNKNOWN after its checks). */
  if (*feature != MS_DIM_DYNAMIC && bc != MS_DIM_DYNAMIC && bc != *feature && bc != 1) *feature = CONFLICT;
  if (*feature == MS_DIM_DYNAMIC && !own) *feature = bc;
  const ms_shape *d = in->nresults ? &in->results[0] : NULL;
  if (!d || !d->ranked || of >= d->rank || bc == MS_DIM_DYNAMIC || d->dims[of] == MS_DIM_DYNAMIC) return true;
  if (bc != d->dims[of] && bc != 1)
    return ms_sop_fail(out, CODE_BIAS, (int)o->bias, "bias channels expected to be equal to output channels (%lld) or 1, got %lld",
                       (long long)d->dims[of], (long long)bc),
           false;
  return true;
}

static ms_infer_verdict conv(const ms_sop_in *in, ms_sop_out *out, bool dynamic) {
  if (in->noperands < 2 + dynamic) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1];
  conv_opts o;
  read_opts(in, &o);
  if (!ms_sop_check_ranks(in, out)) return MS_INFER_INVALID;
  if (!lhs->ranked || !rhs->ranked) return MS_INFER_UNKNOWN;
  char a[160], b[160];
  if (lhs->rank < 2 || lhs->rank != rhs->rank) {
    ms_shape_format_type(lhs, a, sizeof a);
    ms_shape_format_type(rhs, b, sizeof b);
    return ms_sop_fail(out, CODE_RANK, lhs->rank < 2 ? 0 : 1,
                       "expects convolution arguments to have %s. Got: '%s' and '%s'.",
                       lhs->rank < 2 ? ">= 2 dimensions" : "same number of dimensions", a, b);
  }
  conv_dims d;
  if (!read_dims(in, &d)) return MS_INFER_UNKNOWN;
  if (!check_dims(&d, lhs->rank, out)) return MS_INFER_INVALID;
  int64_t fgc = ms_sop_int(in, "feature_group_count", 1), bgc = ms_sop_int(in, "batch_group_count", 1);
  if (fgc <= 0 || bgc <= 0) return MS_INFER_UNKNOWN; /* the attribute's own constraint (not a shape) */
  if (o.warn) {
    ms_sop_out g;
    memset(&g, 0, sizeof g);
    int64_t in_c = lhs->dims[d.if_], k_c = rhs->dims[d.kif];
    if (fgc == 1 && bgc == 1 && in_c != MS_DIM_DYNAMIC && k_c != MS_DIM_DYNAMIC && in_c != k_c)
      ms_sop_warn(out, CODE_GROUP, 1, "the input has %lld channels (dim %lld), the kernel takes %lld (dim %lld)",
                  (long long)in_c, (long long)d.if_, (long long)k_c, (long long)d.kif);
    else if (!check_groups(lhs, rhs, &d, fgc, bgc, &g))
      ms_sop_warn(out, g.code, g.operand, "%s", g.why);
  } else if (!check_groups(lhs, rhs, &d, fgc, bgc, out)) {
    return MS_INFER_INVALID;
  }
  const ms_shape *declared = in->nresults && in->results[0].ranked ? &in->results[0] : NULL;
  bool unnamed = lhs->rank > d.ns + 2 && ms_sop_int(in, "unknown_dims", 0);
  if (lhs->rank != d.ns + 2 && !unnamed)
    return ms_sop_fail(out, CODE_RANK, 0, "expects convolution arguments to have %d dimensions. Got: %d", d.ns + 2,
                       lhs->rank);
  if (unnamed && !declared) return MS_INFER_UNKNOWN; /* MHLO keeps the declared unnamed dims */
  if (unnamed && declared->rank != lhs->rank)
    return ms_sop_fail(out, CODE_RANK, -1,
                       "expects rank of convolution return-type to be equal to input-ranks (%d), but got %d.",
                       lhs->rank, declared->rank);
  int64_t sizes[MS_MAX_RANK];
  for (int i = 0; i < d.ns; i++) sizes[i] = rhs->dims[d.ks[i]];
  if (dynamic) {
    const ms_shape *pad = &in->operands[2];
    /* Legacy mhlo (the catalog's "flat_padding"): d_padding is a flat [2 * N]
    ** tensor, which its verifier does not check: silent on any other rank-1 size. */
    bool flat = ms_sop_int(in, "flat_padding", 0) != 0 && pad->ranked && pad->rank == 1;
    if (flat && pad->dims[0] != 2 * d.ns) return MS_INFER_UNKNOWN;
    if (pad->ranked && pad->rank != 2 && !flat)
      return ms_sop_fail(out, "window", 2, "expects padding to be of rank 2 but got %d", pad->rank);
    if (pad->ranked && !flat && (pad->dims[0] != d.ns || pad->dims[1] != 2))
      return ms_sop_fail(out, "window", 2, "expects padding to be of shape [%d, 2], but got [%lld, %lld]", d.ns,
                         (long long)pad->dims[0], (long long)pad->dims[1]);
    out->unchecked_results = true;
    const ms_sop_param *p = ms_sop_get(in, "padding");
    if (!p || p->n != 2 * d.ns) return MS_INFER_UNKNOWN;
  } else if (!o.flat_pad && !ms_window_padding_shape(in, out)) {
    return MS_INFER_INVALID;
  }
  if (!check_padding(in, &o, sizes, d.ns, out)) return MS_INFER_INVALID;
  ms_window_dim w[MS_MAX_RANK];
  if (!ms_window_read(in, sizes, d.ns, w, out)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, in->nresults ? &in->results[0] : lhs);
  for (int i = 0; i < lhs->rank; i++)
    ms_sop_result_push(out, 0, unnamed ? declared->dims[i] : MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  ms_shape *r = &out->results[0];
  bool inexact = false, spatial[MS_MAX_RANK] = {false};
  for (int i = 0; i < d.ns; i++) {
    r->dims[d.os[i]] = spatial_out(lhs->dims[d.is[i]], &w[i], &o, &inexact);
    spatial[d.os[i]] = true;
    const ms_shape *dr = in->nresults ? &in->results[0] : NULL;
    /* LLVM 22's TransposeConv2DOp::verify adds a `?` kernel size as the
    ** number kDynamic: a static input and result dim then never match. */
    if (o.transposed && w[i].size == MS_DIM_DYNAMIC && lhs->dims[d.is[i]] != MS_DIM_DYNAMIC && dr && dr->ranked &&
        d.os[i] < dr->rank && dr->dims[d.os[i]] != MS_DIM_DYNAMIC)
      return ms_sop_fail(out, "result-shape", -1,
                         "dimension mismatch: the verifier compares output dim %lld (%lld) with (in - 1) * stride + "
                         "out_pad + a kernel size that is `?`", (long long)d.os[i], (long long)dr->dims[d.os[i]]);
    if (inexact && in->nresults && in->results[0].ranked)
      return ms_sop_fail(out, CODE_WINDOW, -1,
                         "expected input - 1 + padding - (kernel - 1) * dilation to be wholly divisible by the stride "
                         "in window dimension %d, got (%lld - 1 + %lld + %lld - (%lld - 1) * %lld) / %lld", i,
                         (long long)lhs->dims[d.is[i]], (long long)w[i].pad_lo, (long long)w[i].pad_hi,
                         (long long)w[i].size, (long long)w[i].window_dilation, (long long)w[i].stride);
  }
  int64_t batch = lhs->dims[d.ib];
  r->dims[d.ob] = batch == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : batch / bgc;
  int64_t feature = rhs->dims[d.kof];
  if (o.mult >= 0 && o.mult < rhs->rank) {
    int64_t c = lhs->dims[d.if_] != MS_DIM_DYNAMIC ? lhs->dims[d.if_] : rhs->dims[d.kif], m = rhs->dims[o.mult];
    feature = c == MS_DIM_DYNAMIC || m == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : c * m;
  }
  if (!check_bias(in, &o, d.of, &feature, out)) return MS_INFER_INVALID;
  r->dims[d.of] = feature;
  bool conflict = feature == CONFLICT;
  if (conflict) r->dims[d.of] = MS_DIM_DYNAMIC;
  if (o.warn && !check_declared(in, r, spatial, out)) return MS_INFER_INVALID;
  if (inexact || conflict) return MS_INFER_UNKNOWN; /* the verifier accepts; the refined result it would not */
  if (in->want_provenance) {
    ms_sop_note(out, 0, "dim %lld: input dim %lld (batch) / batch_group_count %lld", (long long)d.ob, (long long)d.ib,
                (long long)bgc);
    ms_sop_note(out, 0, "dim %lld: kernel dim %lld (output features)", (long long)d.of, (long long)d.kof);
    for (int i = 0; i < d.ns; i++)
      ms_sop_note(out, 0, "dim %lld: input dim %lld over kernel dim %lld (window %lld, stride %lld, padding %lld/%lld)",
                  (long long)d.os[i], (long long)d.is[i], (long long)d.ks[i], (long long)w[i].size,
                  (long long)w[i].stride, (long long)w[i].pad_lo, (long long)w[i].pad_hi);
  }
  return MS_INFER_OK;
}

/* A window over the spatial dims of one input (pooling): the other dims
** carry over; the window's sizes, strides and padding as the convolution
** options say (exact stride, flat padding, padding below the window). */
static ms_infer_verdict pool(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  conv_opts o;
  read_opts(in, &o);
  if (!ms_sop_check_ranks(in, out)) return MS_INFER_INVALID;
  int ns, nw;
  const int64_t *is = ms_sop_list(in, "input_spatial_dimensions", &ns);
  const int64_t *wd = ms_sop_list(in, "window_dimensions", &nw);
  if (!is || !wd || ns != nw || ns > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  for (int i = 0; i < nw; i++)
    if (wd[i] < 1)
      return ms_sop_fail(out, CODE_WINDOW, -1, "expect all kernel values to be >= 1, got %lld", (long long)wd[i]);
  ms_window_dim w[MS_MAX_RANK];
  if (!ms_window_read(in, wd, nw, w, out)) return MS_INFER_INVALID;
  if (!check_padding(in, &o, wd, nw, out)) return MS_INFER_INVALID;
  if (!x->ranked) return MS_INFER_UNKNOWN;
  for (int i = 0; i < ns; i++)
    if (is[i] < 0 || is[i] >= x->rank) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, in->nresults ? &in->results[0] : x);
  for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, x->dims[i], ms_sop_bound(x, i));
  ms_shape *r = &out->results[0];
  r->bounded = false;
  bool inexact = false, spatial[MS_MAX_RANK] = {false};
  for (int i = 0; i < ns; i++) {
    r->dims[is[i]] = spatial_out(x->dims[is[i]], &w[i], &o, &inexact);
    spatial[is[i]] = true;
    if (inexact && in->nresults && in->results[0].ranked)
      return ms_sop_fail(out, CODE_WINDOW, -1,
                         "expected input + padding - kernel to be wholly divisible by the stride in window dimension "
                         "%d, got (%lld + %lld + %lld - %lld) / %lld", i, (long long)x->dims[is[i]],
                         (long long)w[i].pad_lo, (long long)w[i].pad_hi, (long long)w[i].size, (long long)w[i].stride);
  }
  if (o.warn && !check_declared(in, r, spatial, out)) return MS_INFER_INVALID;
  if (inexact) return MS_INFER_UNKNOWN;
  if (in->want_provenance)
    for (int i = 0; i < ns; i++)
      ms_sop_note(out, 0, "dim %lld: input dim %lld over a window of %lld, stride %lld, padding %lld/%lld",
                  (long long)is[i], (long long)is[i], (long long)w[i].size, (long long)w[i].stride,
                  (long long)w[i].pad_lo, (long long)w[i].pad_hi);
  return MS_INFER_OK;
}

static ms_infer_verdict convolution(const ms_sop_in *in, ms_sop_out *out) { return conv(in, out, false); }
static ms_infer_verdict dynamic_conv(const ms_sop_in *in, ms_sop_out *out) { return conv(in, out, true); }

#define CONV_PARAMS                                                                                              \
  "input_batch_dimension,input_feature_dimension,input_spatial_dimensions,kernel_input_feature_dimension,"        \
  "kernel_output_feature_dimension,kernel_spatial_dimensions,output_batch_dimension,output_feature_dimension,"    \
  "output_spatial_dimensions,window_strides,padding,lhs_dilation,rhs_dilation,window_reversal,feature_group_count," \
  "batch_group_count,unknown_dims," CONV_OPTS

/* The options of conv_opts and check_ranks (TOSA's layouts). */
#define CONV_OPTS                                                                                       \
  "channel_check,exact_stride,flat_padding,nonnegative_padding,transposed,padding_below_window,"         \
  "depth_multiplier_dimension,bias_operand,feature_operand"

const ms_sop_def ms_sop_convolution[] = {
    {"convolution", convolution, CONV_PARAMS},
    {"dynamic_conv", dynamic_conv, CONV_PARAMS},
    {"pool", pool, "input_spatial_dimensions,window_dimensions,window_strides,padding," CONV_OPTS},
    {NULL, NULL, NULL},
};
