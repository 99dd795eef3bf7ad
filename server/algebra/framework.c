/*
** framework.c: the framework families of structured ops (framework.h):
** matrix products, linear layers, convolutions and pooling as PyTorch's
** ATen defines them (aten/src/ATen/native: LinearAlgebra.cpp matmul, mm,
** bmm; Linear.cpp linear; Convolution.cpp check_shape_forward /
** conv_output_size; Pool.h pooling_output_shape, pool2d_shape_check;
** AdaptiveAveragePooling.cpp). Operands come in ATen's order (input,
** weight, bias, ...); list and scalar arguments are parameters read from
** constant operands by the rule file (rules/torch.json). Where PyTorch's
** meta kernels accept what its CPU kernels reject (linear's bias), the CPU
** kernel decides. Pure: no I/O, no allocation.
*/
#include "framework.h"

#include <stdio.h>
#include <string.h>

#define CODE_RANK "operand-rank"
#define CODE_CONTRACT "contracting-dims"
#define CODE_BATCH "batching-dims"
#define CODE_SHAPES "operand-shapes"
#define CODE_WINDOW "window"
#define CODE_GROUP "group-count"
#define CODE_COUNT "dims-count"
#define CODE_SIZES "size-list"

bool ms_fw_wrap(int64_t dim, int rank, int64_t *out) {
  int64_t n = rank > 0 ? rank : 1;
  if (dim < -n || dim >= n) return false;
  *out = dim < 0 ? dim + n : dim;
  return true;
}

ms_infer_verdict ms_fw_emit(const ms_sop_in *in, ms_sop_out *out, const char *how, const ms_shape *base,
                            const int64_t *dims, int rank) {
  ms_sop_result_begin(out, 0, base);
  out->results[0].torch = base && base->torch;
  for (int i = 0; i < rank; i++)
    if (!ms_sop_result_push(out, 0, dims[i] < 0 ? D : dims[i], D)) return MS_INFER_UNKNOWN;
  if (!in->want_provenance) return MS_INFER_OK;
  char buf[160], ops[200] = "";
  size_t w = 0;
  for (int i = 0; i < in->noperands && w < sizeof ops; i++)
    if (ms_fw_is_tensor(in, i) && in->operands[i].ranked)
      w += (size_t)snprintf(ops + w, sizeof ops - w, "%s%s", w ? ", " : "",
                            ms_fw_dims_text(in->operands[i].dims, in->operands[i].rank, buf, sizeof buf));
  ms_sop_note(out, 0, "%s (PyTorch's shape function) of %s gives %s", how, ops,
              ms_fw_dims_text(dims, rank, buf, sizeof buf));
  return MS_INFER_OK;
}

bool ms_fw_scalar(const ms_sop_in *in, const char *name, int64_t *v) {
  const ms_sop_param *p = ms_sop_get(in, name);
  if (!p || p->n != 1) return false;
  *v = p->v[0];
  return true;
}

bool ms_fw_is_tensor(const ms_sop_in *in, int i) {
  return i >= 0 && i < in->noperands && in->operands[i].kind == MS_TYPE_TENSOR;
}

const ms_shape *ms_fw_ranked(const ms_sop_in *in, int i) {
  return ms_fw_is_tensor(in, i) && in->operands[i].ranked ? &in->operands[i] : NULL;
}

bool ms_fw_broadcasts_onto(const ms_shape *b, const int64_t *target, int trank) {
  if (b->rank > trank) return false;
  for (int i = 1; i <= b->rank; i++) {
    int64_t x = b->dims[b->rank - i], t = target[trank - i];
    if (x != D && x != 1 && t != D && x != t) return false;
  }
  return true;
}

int64_t ms_fw_numel(const int64_t *dims, int rank) {
  int64_t n = 1;
  for (int i = 0; i < rank; i++) {
    if (dims[i] == D) return D;
    n *= dims[i];
  }
  return n;
}

const char *ms_fw_dims_text(const int64_t *dims, int rank, char *buf, size_t len) {
  size_t w = (size_t)snprintf(buf, len, "[");
  for (int i = 0; i < rank && w < len; i++) {
    if (dims[i] == D) w += (size_t)snprintf(buf + w, len - w, "%s?", i ? ", " : "");
    else w += (size_t)snprintf(buf + w, len - w, "%s%lld", i ? ", " : "", (long long)dims[i]);
  }
  if (w < len) snprintf(buf + w, len - w, "]");
  return buf;
}

/* numpy's broadcast of two dims ("?" meets a static size > 1 as that
** size: anything else fails at run time). */
static bool bcast_dim(int64_t a, int64_t b, int64_t *r) {
  if (a == 1) *r = b;
  else if (b == 1) *r = a;
  else if (a == D) *r = b;
  else if (b == D) *r = a;
  else if (a != b) return false;
  else *r = a;
  return true;
}

static bool same_dim(int64_t a, int64_t b) { return a == D || b == D || a == b; }

/* matmul (torch.matmul, numpy.matmul): 1-d operands are vectors, higher
** ranks stacks of matrices whose batch dims broadcast. "lhs_rank" /
** "rhs_rank" require exact ranks (mm: 2, 2; bmm: 3, 3), "broadcast_batch"
** 0 requires equal batch dims (bmm). */
static ms_infer_verdict matmul(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *a = ms_fw_ranked(in, 0), *b = ms_fw_ranked(in, 1);
  int64_t lr = -1, rr = -1, bb = ms_sop_int(in, "broadcast_batch", 1);
  ms_fw_scalar(in, "lhs_rank", &lr);
  ms_fw_scalar(in, "rhs_rank", &rr);
  if (a && lr >= 0 && a->rank != lr)
    return ms_sop_fail(out, CODE_RANK, 0, "self must be a %lldD tensor (a matrix or batch of matrices), got %dD",
                       (long long)lr, a->rank);
  if (b && rr >= 0 && b->rank != rr)
    return ms_sop_fail(out, CODE_RANK, 1, "the second operand must be a %lldD tensor, got %dD", (long long)rr,
                       b->rank);
  if (!a || !b) return MS_INFER_UNKNOWN;
  if (a->rank == 0 || b->rank == 0)
    return ms_sop_fail(out, CODE_RANK, a->rank == 0 ? 0 : 1,
                       "both arguments to matmul need to be at least 1D, but they are %dD and %dD", a->rank, b->rank);
  int64_t k1 = a->dims[a->rank - 1], k2 = b->dims[b->rank == 1 ? 0 : b->rank - 2];
  if (!same_dim(k1, k2))
    return ms_sop_fail(out, CODE_CONTRACT, 1, "shapes cannot be multiplied: self's last dim %lld against %lld",
                       (long long)k1, (long long)k2);
  int ab = a->rank > 2 ? a->rank - 2 : 0, bbn = b->rank > 2 ? b->rank - 2 : 0;
  int nb = ab > bbn ? ab : bbn;
  int64_t dims[MS_MAX_RANK];
  int r = 0;
  if (!bb && ab != bbn) return MS_INFER_UNKNOWN;
  for (int i = 0; i < nb; i++) {
    int ia = i - (nb - ab), ib = i - (nb - bbn);
    int64_t x = ia >= 0 ? a->dims[ia] : 1, y = ib >= 0 ? b->dims[ib] : 1, z;
    bool ok = bb ? bcast_dim(x, y, &z) : same_dim(x, y);
    if (!bb) z = x != D ? x : y;
    if (!ok)
      return ms_sop_fail(out, CODE_BATCH, 1, "batch dim %d: %lld and %lld %s", i, (long long)x, (long long)y,
                         bb ? "do not broadcast" : "differ");
    dims[r++] = z;
  }
  if (a->rank >= 2) dims[r++] = a->dims[a->rank - 2];
  if (b->rank >= 2) dims[r++] = b->dims[b->rank - 1];
  return FW_EMIT(a, dims, r);
}

/* linear (input, weight, bias): input [*, in], weight [out, in] (or [in]),
** the result [*, out]. The CPU kernel adds the bias by addmm for 2-d and
** 3-d inputs, onto the flattened [prod(*), out], and in place onto the
** result otherwise: the bias must broadcast onto that (the meta kernel
** does not check it). */
static ms_infer_verdict linear(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0), *w = ms_fw_ranked(in, 1);
  if (w && w->rank > 2) return ms_sop_fail(out, CODE_RANK, 1, "t() expects a tensor with <= 2 dimensions, but weight is %dD", w->rank);
  if (!x || !w) return MS_INFER_UNKNOWN;
  if (x->rank == 0 || w->rank == 0)
    return ms_sop_fail(out, CODE_RANK, x->rank == 0 ? 0 : 1, "both arguments to matmul need to be at least 1D");
  int64_t k1 = x->dims[x->rank - 1], k2 = w->dims[w->rank - 1];
  if (!same_dim(k1, k2))
    return ms_sop_fail(out, CODE_CONTRACT, 1, "input's last dim %lld differs from weight's in_features %lld",
                       (long long)k1, (long long)k2);
  int64_t dims[MS_MAX_RANK];
  int r = 0;
  for (int i = 0; i + 1 < x->rank; i++) dims[r++] = x->dims[i];
  if (w->rank == 2) dims[r++] = w->dims[0];
  bool addmm = ms_fw_is_tensor(in, 2) && (x->rank == 2 || x->rank == 3);
  if (addmm && w->rank != 2)
    return ms_sop_fail(out, CODE_RANK, 1, "with a bias and a %dD input, addmm needs a 2D weight (mat2 must be a "
                       "matrix), got %dD", x->rank, w->rank);
  if (ms_fw_is_tensor(in, 2) && in->operands[2].ranked) {
    int64_t flat[2] = {ms_fw_numel(x->dims, x->rank - 1), w->rank == 2 ? w->dims[0] : 1};
    bool ok = (x->rank == 2 || x->rank == 3) && w->rank == 2 ? ms_fw_broadcasts_onto(&in->operands[2], flat, 2)
                                                             : ms_fw_broadcasts_onto(&in->operands[2], dims, r);
    if (!ok) return ms_sop_fail(out, CODE_SHAPES, 2, "the bias does not broadcast onto the output");
  }
  return FW_EMIT(x, dims, r);
}

/* An int list of n values, one value standing for all ("padding": [1]). */
static bool expand_list(const ms_sop_in *in, const char *name, int n, int64_t dflt, int64_t *v, bool *given) {
  const ms_sop_param *p = ms_sop_get(in, name);
  *given = p && p->n > 0;
  if (!p || p->n == 0) {
    for (int i = 0; i < n; i++) v[i] = dflt;
    return p != NULL || dflt != INT64_MIN;
  }
  if (p->n != 1 && p->n != n) return false;
  for (int i = 0; i < n; i++) v[i] = p->v[p->n == 1 ? 0 : i];
  return true;
}

/* convolution (input, weight, bias, stride, padding, dilation, [transposed,
** output_padding,] groups): channels first, N x C x spatial... (an
** unbatched C x spatial input when "unbatched" is 1: conv2d), weight
** O x I/groups x k... (transposed: I x O/groups x k...). */
static ms_infer_verdict conv(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0), *w = ms_fw_ranked(in, 1);
  int64_t groups = 1, transposed = 0, unbatched = ms_sop_int(in, "unbatched", 0);
  if (!x || !w || !ms_fw_scalar(in, "feature_group_count", &groups)) return MS_INFER_UNKNOWN;
  if (ms_sop_get(in, "transposed") && !ms_fw_scalar(in, "transposed", &transposed)) return MS_INFER_UNKNOWN;
  int ns = w->rank - 2;
  if (ns < 1) return ms_sop_fail(out, CODE_RANK, 1, "weight should have at least three dimensions, got %dD", w->rank);
  bool batched = x->rank == w->rank;
  if (!batched && !(unbatched && x->rank == w->rank - 1))
    return ms_sop_fail(out, CODE_RANK, 0, "expected %dD (batched) input to conv%dd for a %dD weight, but got %dD", w->rank,
                       ns, w->rank, x->rank);
  int64_t st[MS_MAX_RANK], pad[MS_MAX_RANK], dil[MS_MAX_RANK], opad[MS_MAX_RANK];
  bool g;
  /* output_padding only when transposed: torch-mlir's own tests pass `[]`
  ** to plain convolutions (the meta kernel accepts it, the CPU kernel not). */
  static const char *const lists[] = {"window_strides", "padding", "rhs_dilation", "output_padding"};
  for (int i = 0; i < (transposed ? 4 : 3); i++) {
    const ms_sop_param *p = ms_sop_get(in, lists[i]);
    if (p && p->n != 1 && p->n != ns)
      return ms_sop_fail(out, CODE_COUNT, -1, "expected %s to be a single integer value or a list of %d values to "
                         "match the convolution dimensions, but got %d", lists[i], ns, p->n);
  }
  if (!expand_list(in, "window_strides", ns, INT64_MIN, st, &g) || !g || !expand_list(in, "padding", ns, INT64_MIN, pad, &g) ||
      !g || !expand_list(in, "rhs_dilation", ns, INT64_MIN, dil, &g) || !g ||
      (transposed && !expand_list(in, "output_padding", ns, 0, opad, &g)))
    return MS_INFER_UNKNOWN;
  if (groups <= 0) return ms_sop_fail(out, CODE_GROUP, -1, "non-positive groups is not supported");
  for (int i = 0; i < ns; i++) {
    if (st[i] <= 0) return ms_sop_fail(out, CODE_WINDOW, -1, "non-positive stride is not supported");
    if (pad[i] < 0) return ms_sop_fail(out, CODE_WINDOW, -1, "negative padding is not supported");
    if (dil[i] <= 0) return ms_sop_fail(out, CODE_WINDOW, -1, "dilation should be greater than zero");
    if (transposed && opad[i] < 0) return ms_sop_fail(out, CODE_WINDOW, -1, "negative output_padding is not supported");
  }
  int off = batched ? 1 : 0;
  int64_t c = x->dims[off], wo = w->dims[0], wi = w->dims[1];
  if (wo != D && wo % groups)
    return ms_sop_fail(out, CODE_GROUP, 1, "given groups=%lld, expected weight to be divisible by %lld at dimension 0",
                       (long long)groups, (long long)groups);
  if (!transposed && c != D && wi != D && c != wi * groups)
    return ms_sop_fail(out, CODE_GROUP, 0, "expected input to have %lld channels (weight %lld x groups %lld), but got %lld",
                       (long long)(wi * groups), (long long)wi, (long long)groups, (long long)c);
  if (transposed && c != D && wo != D && c != wo)
    return ms_sop_fail(out, CODE_GROUP, 0, "expected input to have %lld channels, but got %lld", (long long)wo, (long long)c);
  int64_t dims[MS_MAX_RANK];
  int r = 0;
  if (batched) dims[r++] = x->dims[0];
  dims[r++] = transposed ? (wi == D ? D : wi * groups) : wo;
  for (int i = 0; i < ns; i++) {
    int64_t s = x->dims[off + 1 + i], k = w->dims[2 + i];
    if (transposed) {
      dims[r++] = s == D || k == D ? D : (s - 1) * st[i] - 2 * pad[i] + dil[i] * (k - 1) + opad[i] + 1;
      continue;
    }
    if (s != D && k != D && s + 2 * pad[i] < dil[i] * (k - 1) + 1)
      return ms_sop_fail(out, CODE_WINDOW, 0, "calculated padded input size per channel (%lld) is smaller than the kernel "
                         "size (%lld) at spatial dim %d", (long long)(s + 2 * pad[i]), (long long)(dil[i] * (k - 1) + 1), i);
    dims[r++] = s == D || k == D ? D : (s + 2 * pad[i] - dil[i] * (k - 1) - 1) / st[i] + 1;
  }
  if (ms_fw_is_tensor(in, 2) && in->operands[2].ranked) {
    const ms_shape *b = &in->operands[2];
    int64_t oc = dims[batched ? 1 : 0];
    if (b->rank != 1 || !same_dim(b->dims[0], oc))
      return ms_sop_fail(out, CODE_SHAPES, 2, "expected bias to be 1-dimensional with %lld elements", (long long)oc);
  }
  return FW_EMIT(x, dims, r);
}

/* pooling_output_shape (Pool.h). */
static int64_t pool_out(int64_t s, int64_t k, int64_t p, int64_t st, int64_t d, bool ceil) {
  int64_t num = s + 2 * p - d * (k - 1) - 1 + (ceil ? st - 1 : 0);
  int64_t o = (num >= 0 ? num / st : -((-num + st - 1) / st)) + 1;
  if (ceil && (o - 1) * st >= s + p) o--;
  return o;
}

/* max_pool / avg_pool over the last "spatial_rank" dims of a (N x) C x
** spatial input: "window_dimensions" (kernel_size), "window_strides"
** (empty: the kernel), "padding", "rhs_dilation", "ceil_mode". */
static ms_infer_verdict pool(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  int64_t ns = ms_sop_int(in, "spatial_rank", 2), ceil = 0;
  const ms_sop_param *kp = ms_sop_get(in, "window_dimensions");
  if (!x || !kp || (ms_sop_get(in, "ceil_mode") && !ms_fw_scalar(in, "ceil_mode", &ceil))) return MS_INFER_UNKNOWN;
  if (ns < 1 || ns > 3) return MS_INFER_UNKNOWN;
  int n = (int)ns;
  int64_t k[4], st[4], pad[4], dil[4];
  bool g;
  if (kp->n != 1 && kp->n != n)
    return ms_sop_fail(out, CODE_COUNT, -1, "kernel_size must either be a single int, or a tuple of %d ints", n);
  if (!expand_list(in, "window_dimensions", n, 1, k, &g)) return MS_INFER_UNKNOWN;
  const ms_sop_param *sp = ms_sop_get(in, "window_strides");
  /* torch-mlir's lowering reads 2n strides as strides then dilations
  ** (its TorchToTosa tests): a form PyTorch rejects but the IR carries. */
  if (sp && sp->n == 2 * n) return MS_INFER_UNKNOWN;
  if (sp && sp->n != 0 && sp->n != 1 && sp->n != n)
    return ms_sop_fail(out, CODE_COUNT, -1, "stride must either be omitted, a single int, or a tuple of %d ints", n);
  if (!sp) return MS_INFER_UNKNOWN;
  expand_list(in, "window_strides", n, 0, st, &g);
  if (!g) memcpy(st, k, sizeof st);
  const ms_sop_param *pp = ms_sop_get(in, "padding"), *dp = ms_sop_get(in, "rhs_dilation");
  if (!pp || (pp->n != 1 && pp->n != n))
    return pp ? ms_sop_fail(out, CODE_COUNT, -1, "padding must either be a single int, or a tuple of %d ints", n)
              : MS_INFER_UNKNOWN;
  if (dp && dp->n != 1 && dp->n != n)
    return ms_sop_fail(out, CODE_COUNT, -1, "dilation must be either a single int, or a tuple of %d ints", n);
  expand_list(in, "padding", n, 0, pad, &g);
  expand_list(in, "rhs_dilation", n, 1, dil, &g);
  for (int i = 0; i < n; i++) {
    if (k[i] <= 0) return ms_sop_fail(out, CODE_WINDOW, -1, "kernel size should be greater than zero");
    if (st[i] <= 0) return ms_sop_fail(out, CODE_WINDOW, -1, "stride should be greater than zero");
    if (dil[i] <= 0) return ms_sop_fail(out, CODE_WINDOW, -1, "dilation should be greater than zero");
    if (pad[i] < 0 || pad[i] > k[i] / 2)
      return ms_sop_fail(out, CODE_WINDOW, -1, "pad should be at most half of kernel size, but got pad=%lld and kernel_size=%lld",
                         (long long)pad[i], (long long)k[i]);
  }
  if (x->rank != n + 1 && x->rank != n + 2)
    return ms_sop_fail(out, CODE_RANK, 0, "non-empty %dD or %dD (batch mode) tensor expected for input, got %dD", n + 1,
                       n + 2, x->rank);
  for (int i = x->rank == n + 2 ? 1 : 0; i < x->rank; i++)
    if (x->dims[i] == 0) return ms_sop_fail(out, CODE_RANK, 0, "expected non-empty non-batch dimensions for input");
  int64_t dims[MS_MAX_RANK];
  int off = x->rank - n;
  for (int i = 0; i < off; i++) dims[i] = x->dims[i];
  for (int i = 0; i < n; i++) {
    int64_t s = x->dims[off + i];
    int64_t o = s == D ? 1 : pool_out(s, k[i], pad[i], st[i], dil[i], ceil != 0);
    if (o < 1)
      return ms_sop_fail(out, CODE_WINDOW, 0, "given input size %lld, the calculated output size %lld is too small",
                         (long long)s, (long long)o);
    dims[off + i] = s == D ? D : o;
  }
  return FW_EMIT(x, dims, x->rank);
}

/* "ones_mean": ATen's adaptive_avg_pool2d takes an output_size of all 1
** as the mean over the last spatial_rank dims (keepdim), which checks no
** rank but that one (at least spatial_rank dims) and no size. True when
** that applies; the result (or the finding) is then in out. */
static bool adaptive_ones_mean(const ms_sop_in *in, const ms_shape *x, const ms_sop_param *os,
                               ms_infer_verdict *v, ms_sop_out *out) {
  if (!ms_sop_int(in, "ones_mean", 0) || !x) return false;
  for (int i = 0; i < os->n; i++)
    if (os->v[i] != 1) return false;
  if (x->rank < os->n) {
    *v = ms_sop_fail(out, CODE_RANK, 0, "Dimension out of range (rank %d, the mean takes the last %d)", x->rank,
                     os->n);
    return true;
  }
  int64_t dims[MS_MAX_RANK];
  for (int i = 0; i < x->rank; i++) dims[i] = i < x->rank - os->n ? x->dims[i] : 1;
  *v = ms_fw_emit(in, out, "adaptive_pool (output_size all 1: the mean)", x, dims, x->rank);
  return true;
}

/* adaptive pooling: the last "spatial_rank" dims of a (N x) C x spatial
** input become "output_size" ("ones_mean": adaptive_ones_mean). */
static ms_infer_verdict adaptive_pool(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  int64_t ns = ms_sop_int(in, "spatial_rank", 2);
  const ms_sop_param *os = ms_sop_get(in, "output_size");
  if (!os) return MS_INFER_UNKNOWN;
  if (os->n != ns) return ms_sop_fail(out, CODE_COUNT, -1, "output_size must be %lld", (long long)ns);
  for (int i = 0; i < os->n; i++)
    if (os->v[i] < 0) return ms_sop_fail(out, CODE_SIZES, -1, "output_size must be non-negative");
  ms_infer_verdict mean;
  if (adaptive_ones_mean(in, x, os, &mean, out)) return mean;
  if (!x) return MS_INFER_UNKNOWN;
  if (x->rank != ns + 1 && x->rank != ns + 2)
    return ms_sop_fail(out, CODE_RANK, 0, "expected %lldD or %lldD tensor, but got %dD", (long long)ns + 1,
                       (long long)ns + 2, x->rank);
  /* The CPU kernel checks the spatial dims (the meta kernel none). */
  for (int i = x->rank - (int)ns; i < x->rank; i++)
    if (x->dims[i] == 0)
      return ms_sop_fail(out, CODE_RANK, 0, "expected input to have non-zero size for non-batch dimensions");
  int64_t dims[MS_MAX_RANK];
  int off = x->rank - (int)ns;
  for (int i = 0; i < off; i++) dims[i] = x->dims[i];
  for (int i = 0; i < ns; i++) dims[off + i] = os->v[i];
  return FW_EMIT(x, dims, x->rank);
}

const ms_sop_def ms_sop_framework[] = {
    {"matmul", matmul, "lhs_rank,rhs_rank,broadcast_batch"},
    {"linear", linear, ""},
    {"channels_first_conv", conv,
     "window_strides,padding,rhs_dilation,feature_group_count,transposed,output_padding,unbatched"},
    {"channels_first_pool", pool, "spatial_rank,window_dimensions,window_strides,padding,rhs_dilation,ceil_mode"},
    {"adaptive_pool", adaptive_pool, "spatial_rank,output_size,ones_mean"},
    {NULL, NULL, NULL},
};
