/*
** window.c: the window family of structured ops (sop.h) and the window
** helpers of sop_window.h.
**
** reduce_window: N inputs (compatible shapes) and N init values; each
** result is the window's output shape over its input (bounds too).
** select_and_scatter: operand, source, init value; the source has the
** window's output shape over the operand; the result has the operand's
** shape. Parameters: window_dimensions, window_strides, padding,
** base_dilations/lhs_dilation, window_dilations/rhs_dilation (the rule file
** names the attributes). Source: StableHLO spec reduce_window C1-C16,
** select_and_scatter C1-C12; TypeInference.cpp inferReduceWindowOp,
** verifySelectAndScatterOp. The regions' argument and result types are
** not judged here (the region types are the control family's).
** resize: an image resized by scale = [y_n, y_d, x_n, x_d], offset =
** [y, x] and border = [y, x] over input_spatial_dimensions (default [1,
** 2]): out = ((in - 1) * n - offset + border) / d + 1; the scale must be
** positive and, for a static input size other than 1, the division exact
** and a static declared size equal to it (code "resize-scale"; other dims
** are carried over and not verified). Source: TosaOps.cpp (LLVM 22)
** ResizeOp::verify and inferReturnTypeComponents (mlir-opt-22 decides).
*/
#include "sop_window.h"
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define CODE_WINDOW "window"
#define CODE_RESULT "result-shape"

static bool list_size(const ms_sop_in *in, const char *name, const char *what, int n, ms_sop_out *out) {
  int k;
  const int64_t *v = ms_sop_list(in, name, &k);
  if (!v || k == 0 || k == n) return true;
  ms_sop_fail(out, CODE_WINDOW, -1,
              "expects %s to have same dimension-size as size of window dimensions (%d), but got: %d.", what, n, k);
  return false;
}

bool ms_window_padding_shape(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "padding");
  if (!p || p->n == 0) return true;
  if (p->nshape == 2 && p->shape[1] == 2) return true;
  char got[64] = "";
  size_t w = 0;
  for (int i = 0; i < p->nshape && w < sizeof got; i++)
    w += (size_t)snprintf(got + w, sizeof got - w, "%s%lld", i ? ", " : "", (long long)p->shape[i]);
  ms_sop_fail(out, CODE_WINDOW, -1, "expects the shape of padding-attribute to be {N, 2}, but got {%s}.", got);
  return false;
}

bool ms_window_read(const ms_sop_in *in, const int64_t *sizes, int n, ms_window_dim *w, ms_sop_out *out) {
  if (!list_size(in, "window_strides", "window-strides", n, out) ||
      !list_size(in, "lhs_dilation", "base-dilation factors", n, out) ||
      !list_size(in, "rhs_dilation", "window-dilation factors", n, out))
    return false;
  const ms_sop_param *pad = ms_sop_get(in, "padding");
  if (pad && pad->n > 0 && pad->n / 2 != n)
    return ms_sop_fail(out, CODE_WINDOW, -1,
                       "expects padding-entries to have same dimension-size as size of window dimensions (%d), but "
                       "got: %d.",
                       n, pad->n / 2),
           false;
  if (!list_size(in, "window_reversal", "window-reversal", n, out)) return false;
  int ns, nl, nr;
  const int64_t *st = ms_sop_list(in, "window_strides", &ns), *ld = ms_sop_list(in, "lhs_dilation", &nl),
                *rd = ms_sop_list(in, "rhs_dilation", &nr);
  for (int i = 0; i < n; i++) {
    ms_window_dim *d = &w[i];
    d->size = sizes[i];
    d->stride = ns ? st[i] : 1;
    d->base_dilation = nl ? ld[i] : 1;
    d->window_dilation = nr ? rd[i] : 1;
    d->pad_lo = pad && pad->n ? pad->v[2 * i] : 0;
    d->pad_hi = pad && pad->n ? pad->v[2 * i + 1] : 0;
    const char *bad = NULL;
    int64_t got = 0;
    if (d->size != MS_DIM_DYNAMIC && d->size <= 0) bad = "value", got = d->size;
    else if (d->stride <= 0) bad = "stride", got = d->stride;
    else if (d->base_dilation <= 0) bad = "base dilation factor", got = d->base_dilation;
    else if (d->window_dilation <= 0) bad = "window dilation factor", got = d->window_dilation;
    if (bad)
      return ms_sop_fail(out, CODE_WINDOW, -1, "expects window to have positive %s for %d-th window dimension, but got %lld.",
                         bad, i, (long long)got),
             false;
  }
  return true;
}

static int64_t dilated(int64_t bound, int64_t dilation) { return bound == 0 ? 0 : (bound - 1) * dilation + 1; }

int64_t ms_window_output(int64_t base, const ms_window_dim *w) {
  if (base == MS_DIM_DYNAMIC || w->size == MS_DIM_DYNAMIC) return MS_DIM_DYNAMIC;
  int64_t padded = w->pad_lo + dilated(base, w->base_dilation) + w->pad_hi;
  int64_t win = dilated(w->size, w->window_dilation);
  if (padded <= 0 || win > padded) return 0;
  return (padded - win) / w->stride + 1;
}

/* "tensor<2x3xf32>" of a shape (messages quote types as MLIR prints them). */
static void type_text(const ms_shape *s, char *buf, size_t n) { ms_shape_format_type(s, buf, n); }

static ms_infer_verdict reduce_window(const ms_sop_in *in, ms_sop_out *out) {
  int n = in->noperands / 2;
  if (in->noperands < 2 || in->noperands % 2 || n > MS_SOP_MAX_VALUES || n > out->room) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  for (int i = 1; i < n; i++)
    if (ms_sop_result_conflicts(&in->operands[i], &in->operands[0]))
      return ms_sop_fail(out, CODE_WINDOW, i,
                         "expects all inputs to have compatible shapes. Shape at input-index %d is not compatible "
                         "with shape at input-index 0",
                         i);
  if (!ms_window_padding_shape(in, out)) return MS_INFER_INVALID;
  int nw;
  const int64_t *wd = ms_sop_list(in, "window_dimensions", &nw);
  if (!wd) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n; i++)
    if (in->operands[i].rank != nw) {
      char t[160];
      type_text(&in->operands[i], t, sizeof t);
      return ms_sop_fail(out, CODE_WINDOW, i,
                         "expects window-dimensions size == input rank, but got window-dimensions size: %d and "
                         "input: '%s' with rank = %d.",
                         nw, t, in->operands[i].rank);
    }
  ms_window_dim w[MS_MAX_RANK];
  if (nw > MS_MAX_RANK || !ms_window_read(in, wd, nw, w, out)) return nw > MS_MAX_RANK ? MS_INFER_UNKNOWN : MS_INFER_INVALID;
  int inputs[MS_SOP_MAX_VALUES], inits[MS_SOP_MAX_VALUES];
  for (int i = 0; i < n; i++) inputs[i] = i, inits[i] = n + i;
  if (!ms_sop_reducer(in, 0, inputs, inits, n, wd, nw, out) || !ms_sop_body_elems(in, 0, n, out))
    return MS_INFER_INVALID;
  for (int i = 0; i < n; i++) {
    const ms_shape *x = &in->operands[i];
    ms_sop_result_begin(out, i, i < in->nresults ? &in->results[i] : x);
    for (int d = 0; d < nw; d++) {
      int64_t b = ms_sop_bound(x, d);
      ms_sop_result_push(out, i, ms_window_output(x->dims[d], &w[d]),
                         b == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : ms_window_output(b, &w[d]));
      if (in->want_provenance)
        ms_sop_note(out, i, "dim %d: input dim %d over a window of %lld, stride %lld", d, d, (long long)w[d].size,
                    (long long)w[d].stride);
    }
  }
  return MS_INFER_OK;
}

/* Floating-point element types compare equal whatever their precision. */
static bool is_float(const char *e) { return e[0] == 'f' || !strncmp(e, "bf", 2) || !strncmp(e, "tf", 2); }

/* select_and_scatter C9: the select region takes two rank-0 tensors of
** the operand's element type and returns one tensor<i1>. */
static bool select_region(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nregions < 1 || in->regions[0].nyields < 0) return true;
  const ms_sop_region *g = &in->regions[0];
  const ms_shape *x = &in->operands[0];
  char a[160];
  if (g->nargs != 2)
    return ms_sop_fail(out, "reducer", -1, "expects the select-region to take 2 parameters, but takes %d", g->nargs),
           false;
  for (int i = 0; i < 2; i++) {
    const ms_shape *p = &g->args[i];
    bool plain = x->elem[0] && p->elem[0] && !strchr(x->elem, '!') && !strchr(p->elem, '!');
    bool bad_elem = plain && strcmp(x->elem, p->elem) && !(is_float(x->elem) && is_float(p->elem));
    if (p->kind != MS_TYPE_TENSOR || (p->ranked && p->rank != 0) || bad_elem) {
      ms_shape_format_type(p, a, sizeof a);
      return ms_sop_fail(out, "reducer", -1,
                         "expects the type of select-region's parameter at index %d to be 'tensor<%s>', but got '%s'", i,
                         x->elem, a),
             false;
    }
  }
  if (g->nyields != 1)
    return ms_sop_fail(out, "reducer", -1, "expects select-region to return single value, but got: %d", g->nyields),
           false;
  const ms_shape *y = &g->yields[0];
  if (y->kind != MS_TYPE_TENSOR || !y->ranked || y->rank != 0 || (y->elem[0] && strcmp(y->elem, "i1"))) {
    ms_shape_format_type(y, a, sizeof a);
    return ms_sop_fail(out, "reducer", -1, "expects the return-type of select-region to be tensor<i1>, but got: '%s'", a),
           false;
  }
  return true;
}

static ms_infer_verdict select_and_scatter(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *src = &in->operands[1];
  if (!x->ranked) return MS_INFER_UNKNOWN;
  if (!select_region(in, out)) return MS_INFER_INVALID;
  int one[1] = {1}, init[1] = {2};
  if (!ms_sop_reducer(in, 1, one, init, 1, NULL, 0, out)) return MS_INFER_INVALID;
  int nw;
  const int64_t *wd = ms_sop_list(in, "window_dimensions", &nw);
  if (!wd) nw = 0;
  if (x->rank != nw) {
    char t[160];
    type_text(x, t, sizeof t);
    return ms_sop_fail(out, CODE_WINDOW, 0,
                       "expects window-dimensions size == operand rank, but got window-dimensions size: %d and "
                       "operand-type: '%s' with rank = %d.",
                       nw, t, x->rank);
  }
  if (!ms_window_padding_shape(in, out)) return MS_INFER_INVALID;
  ms_window_dim w[MS_MAX_RANK];
  if (nw > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (!ms_window_read(in, wd, nw, w, out)) {
    /* StableHLO words these two without the final period. */
    size_t k = strlen(out->why);
    if (k && out->why[k - 1] == '.' && strstr(out->why, "same dimension-size")) out->why[k - 1] = 0;
    return MS_INFER_INVALID;
  }
  if (src->ranked) {
    ms_shape want = *x;
    want.bounded = false;
    for (int d = 0; d < nw; d++) want.dims[d] = ms_window_output(x->dims[d], &w[d]);
    if (ms_sop_result_conflicts(&want, src)) {
      char a[160], b[160];
      memcpy(want.elem, x->elem, sizeof want.elem);
      type_text(&want, a, sizeof a);
      type_text(src, b, sizeof b);
      return ms_sop_fail(out, CODE_WINDOW, 1, "expects source-type to be '%s', but got'%s'", a, b);
    }
  }
  ms_sop_result_begin(out, 0, in->nresults ? &in->results[0] : x);
  for (int d = 0; d < x->rank; d++) ms_sop_result_push(out, 0, x->dims[d], ms_sop_bound(x, d));
  if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape");
  return MS_INFER_OK;
}

#define RESIZE_UNRANKED (MS_DIM_DYNAMIC + 1) /* the declared result is unranked: the verifier checks nothing */

/* One spatial dim of resize: its output size (MS_DIM_DYNAMIC when the
** input's is), or false with out's reason where the verifier rejects. */
static bool resize_dim(const ms_sop_in *in, int k, const int64_t *sc, int64_t off, int64_t bor, int64_t size,
                       int64_t declared, int64_t *res, ms_sop_out *out) {
  *res = MS_DIM_DYNAMIC;
  if (size == MS_DIM_DYNAMIC) return true;
  int64_t num = (size - 1) * sc[0] - off + bor;
  *res = num / sc[1] + 1;
  if (!in->at_declared || size == 1 || declared == RESIZE_UNRANKED) return true;
  if (num % sc[1])
    return ms_sop_fail(out, "resize-scale", 0, "expected (input size - 1) * scale_n - offset + border to be wholly "
                       "divisible by scale_d in spatial dim %d, got ((%lld - 1) * %lld - %lld + %lld) / %lld", k,
                       (long long)size, (long long)sc[0], (long long)off, (long long)bor, (long long)sc[1]),
           false;
  if (declared != MS_DIM_DYNAMIC && declared != *res)
    return ms_sop_fail(out, "result-shape", -1, "calculated output size %lld of spatial dim %d does not match the "
                       "declared %lld", (long long)*res, k, (long long)declared),
           false;
  return true;
}

static ms_infer_verdict resize(const ms_sop_in *in, ms_sop_out *out) {
  int ns, no, nb, nsp = 2;
  const int64_t *sc = ms_sop_list(in, "scale", &ns), *off = ms_sop_list(in, "offset", &no),
                *bor = ms_sop_list(in, "border", &nb);
  const int64_t dflt[2] = {1, 2}, *sp = ms_sop_list(in, "input_spatial_dimensions", &nsp);
  if (!sp) sp = dflt, nsp = 2;
  if (in->noperands < 1 || !in->operands[0].ranked || !sc || !off || !bor) return MS_INFER_UNKNOWN;
  if (ns != 2 * nsp || no != nsp || nb != nsp) /* the shape operands' types: !tosa.shape<4>, <2>, <2> */
    return ms_sop_fail(out, "operand-rank", ns != 2 * nsp ? 1 : no != nsp ? 2 : 3,
                       "expected shape operands of %d, %d and %d values, got %d, %d and %d", 2 * nsp, nsp, nsp, ns, no,
                       nb);
  for (int i = 0; i < ns; i++)
    if (sc[i] <= 0) {
      char b[160];
      return ms_sop_fail(out, "resize-scale", -1, "expect all scale values to be > 0, got %s",
                         ms_sop_format_list(sc, ns, b, sizeof b));
    }
  const ms_shape *x = &in->operands[0], *r = in->nresults > 0 && in->results[0].ranked ? &in->results[0] : NULL;
  for (int d = 0; r && in->at_declared && d < r->rank; d++) /* ODS: a tosa-conformant tensor has no 0 dim */
    if (r->dims[d] == 0)
      return ms_sop_fail(out, "operand-rank", -1, "result #0 must be a tosa-conformant tensor (no dim of size 0)");
  int64_t dims[MS_MAX_RANK];
  for (int d = 0; d < x->rank; d++) dims[d] = x->dims[d];
  for (int k = 0; k < nsp; k++) {
    int64_t d = sp[k];
    if (d < 0 || d >= x->rank) return MS_INFER_UNKNOWN;
    int64_t declared = !r ? RESIZE_UNRANKED : d < r->rank ? r->dims[d] : MS_DIM_DYNAMIC;
    if (!resize_dim(in, k, sc + 2 * k, off[k], bor[k], x->dims[d], declared, &dims[d], out)) return MS_INFER_INVALID;
  }
  ms_sop_result_begin(out, 0, in->nresults > 0 ? &in->results[0] : x);
  for (int d = 0; d < x->rank; d++) ms_sop_result_push(out, 0, dims[d], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "the input resized: (in - 1) * scale_n - offset + border) / scale_d + 1");
  out->unchecked_results = true; /* the verifier checks the resized dims only, above */
  return MS_INFER_OK;
}

#define WINDOW_PARAMS "window_dimensions,window_strides,padding,lhs_dilation,rhs_dilation"

const ms_sop_def ms_sop_window[] = {
    {"reduce_window", reduce_window, WINDOW_PARAMS},
    {"select_and_scatter", select_and_scatter, "window_dimensions,window_strides,padding"},
    {"resize", resize, "scale,offset,border,input_spatial_dimensions"},
    {NULL, NULL, NULL},
};
