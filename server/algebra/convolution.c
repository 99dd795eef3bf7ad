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
*/
#include "sop_window.h"

#include <stdio.h>
#include <string.h>

#define CODE_RANK "operand-rank"
#define CODE_DIMS "conv-dims"
#define CODE_GROUP "group-count"

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
  if (in_b != MS_DIM_DYNAMIC && in_b % bgc != 0)
    return ms_sop_fail(out, CODE_GROUP, 0,
                       "expects input batch dimension (%lld) to be divisible by batch_group_count. Got "
                       "batch_group_count = %lld.",
                       (long long)in_b, (long long)bgc),
           false;
  if (in_f != MS_DIM_DYNAMIC) {
    if (in_f % fgc != 0)
      return ms_sop_fail(out, CODE_GROUP, 0,
                         "expects input feature dimension (%lld) to be a multiple of feature_group_count. Got "
                         "feature_group_count = %lld.",
                         (long long)in_f, (long long)fgc),
             false;
    if (k_if != MS_DIM_DYNAMIC && in_f / fgc != k_if)
      return ms_sop_fail(out, CODE_GROUP, 1,
                         "expects input feature dimension (%lld) / feature_group_count = kernel input feature "
                         "dimension (%lld). Got feature_group_count = %lld.",
                         (long long)in_f, (long long)k_if, (long long)fgc),
             false;
  }
  if (k_of != MS_DIM_DYNAMIC) {
    if (k_of % bgc != 0)
      return ms_sop_fail(out, CODE_GROUP, 1,
                         "expects output feature dimension size (%lld) to be a multiple of batch_group_count. Got "
                         "batch_group_count = %lld.",
                         (long long)k_of, (long long)bgc),
             false;
    if (k_of % fgc != 0)
      return ms_sop_fail(out, CODE_GROUP, 1,
                         "expects kernel output feature dimension (%lld) to be divisible by feature_group_count. For "
                         "feature_group_count = %lld.",
                         (long long)k_of, (long long)fgc),
             false;
  }
  return true;
}

static ms_infer_verdict conv(const ms_sop_in *in, ms_sop_out *out, bool dynamic) {
  if (in->noperands < 2 + dynamic) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1];
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
  if (!check_groups(lhs, rhs, &d, fgc, bgc, out)) return MS_INFER_INVALID;
  if (lhs->rank != d.ns + 2)
    return ms_sop_fail(out, CODE_RANK, 0, "expects convolution arguments to have %d dimensions. Got: %d", d.ns + 2,
                       lhs->rank);
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
  } else if (!ms_window_padding_shape(in, out)) {
    return MS_INFER_INVALID;
  }
  ms_window_dim w[MS_MAX_RANK];
  if (!ms_window_read(in, sizes, d.ns, w, out)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, in->nresults ? &in->results[0] : lhs);
  for (int i = 0; i < lhs->rank; i++) ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  ms_shape *r = &out->results[0];
  for (int i = 0; i < d.ns; i++) r->dims[d.os[i]] = ms_window_output(lhs->dims[d.is[i]], &w[i]);
  int64_t batch = lhs->dims[d.ib];
  r->dims[d.ob] = batch == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : batch / bgc;
  r->dims[d.of] = rhs->dims[d.kof];
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

static ms_infer_verdict convolution(const ms_sop_in *in, ms_sop_out *out) { return conv(in, out, false); }
static ms_infer_verdict dynamic_conv(const ms_sop_in *in, ms_sop_out *out) { return conv(in, out, true); }

#define CONV_PARAMS                                                                                              \
  "input_batch_dimension,input_feature_dimension,input_spatial_dimensions,kernel_input_feature_dimension,"        \
  "kernel_output_feature_dimension,kernel_spatial_dimensions,output_batch_dimension,output_feature_dimension,"    \
  "output_spatial_dimensions,window_strides,padding,lhs_dilation,rhs_dilation,window_reversal,feature_group_count," \
  "batch_group_count"

const ms_sop_def ms_sop_convolution[] = {
    {"convolution", convolution, CONV_PARAMS},
    {"dynamic_conv", dynamic_conv, CONV_PARAMS ",flat_padding"},
    {NULL, NULL, NULL},
};
