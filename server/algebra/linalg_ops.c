/*
** linalg_ops.c: the linear algebra family of structured ops (sop.h).
**
** triangular_solve, cholesky, fft, batch_norm_training/inference/grad,
** rng, sort, map and top_k (CHLO). Constraints and result shapes are
** StableHLO's and CHLO's (docs/spec.md; TypeInference.cpp
** inferTriangularSolveOp, inferCholeskyOp, inferFftOp, verifyBatchNorm,
** inferBatchNormOp, inferRngOp, verifySortOp, inferMapOp, inferTopKOp).
** Regions, when the analyzer knows them: sort's comparator (verifySortOp:
** two rank-0 arguments per input of its element type, one tensor<i1>
** returned) and map's computation (inferMapOp, map_c4), code
** "region-types".
**
** Parameters: left_side (0/1), transpose_a ("NO_TRANSPOSE", "TRANSPOSE",
** "ADJOINT", "TRANSPOSE_INVALID"); fft_type ("FFT", "IFFT", "RFFT",
** "IRFFT"), fft_length; feature_index; shape (rng's shape operand's
** values, optional); dimension (sort); dimensions (map); k (top_k).
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define MS_CODE_REGION "region-types"

/* Builtin element types compare by name; quantized and dialect types are
** not judged. */
static bool plain_elems(const char *a, const char *b) {
  return a[0] && b[0] && !strpbrk(a, "!<") && !strpbrk(b, "!<");
}

/* --- triangular_solve, cholesky ------------------------------------------- */

static ms_infer_verdict triangular_solve(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *left = ms_sop_get(in, "left_side");
  if (in->noperands < 2 || !left || left->n != 1 || !in->operands[0].ranked || !in->operands[1].ranked)
    return MS_INFER_UNKNOWN;
  const ms_shape *a = &in->operands[0], *b = &in->operands[1];
  int r = a->rank;
  if (r < 2) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "operand 'a' must have rank >= 2, but got rank %d", r);
  if (!ms_sop_dims_compatible(a->dims[r - 2], a->dims[r - 1]))
    return ms_sop_fail(out, MS_CODE_SQUARE, 0, "two minor dimensions of operand 'a' must be compatible, got %lld and %lld",
                       (long long)a->dims[r - 2], (long long)a->dims[r - 1]);
  if (b->rank != r)
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "operands must have equal rank, but got %d and %d", r, b->rank);
  int shared = left->v[0] ? r - 2 : r - 1;
  if (!ms_sop_dims_compatible(a->dims[r - 1], b->dims[shared]))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1,
                       "shared dimension of operands 'a' and 'b' must be compatible, but got %lld and %lld (b dim %d)",
                       (long long)a->dims[r - 1], (long long)b->dims[shared], shared);
  for (int i = 0; i < r - 2; i++)
    if (!ms_sop_dims_compatible(a->dims[i], b->dims[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, 1, "batch dimensions of the operands must be compatible, dim %d: %lld vs %lld",
                         i, (long long)a->dims[i], (long long)b->dims[i]);
  const ms_sop_param *t = ms_sop_get(in, "transpose_a");
  if (t && !strcmp(t->str, "TRANSPOSE_INVALID"))
    return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "Invalid transpose option value for triangular solve");
  out->results[0] = *b;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the shape of b");
  return MS_INFER_OK;
}

static ms_infer_verdict cholesky(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *a = &in->operands[0];
  int r = a->rank;
  if (r < 2) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "argument 'a' must have rank >= 2, got rank %d", r);
  if (!ms_sop_dims_compatible(a->dims[r - 2], a->dims[r - 1]))
    return ms_sop_fail(out, MS_CODE_SQUARE, 0, "minor dimensions of 'a' must have equal size, got %lld and %lld",
                       (long long)a->dims[r - 2], (long long)a->dims[r - 1]);
  out->results[0] = *a;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the shape of a");
  return MS_INFER_OK;
}

/* --- fft --------------------------------------------------------------------- */

static bool is_complex(const char *elem) { return !strncmp(elem, "complex<", 8); }

/* The element type inside complex<...> (into buf), "" if none. */
static void complex_part(const char *elem, char *buf, size_t n) {
  size_t len = strlen(elem);
  buf[0] = 0;
  if (is_complex(elem) && len > 9 && len - 9 < n) {
    memcpy(buf, elem + 8, len - 9);
    buf[len - 9] = 0;
  }
}

static ms_infer_verdict fft(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *type = ms_sop_get(in, "fft_type"), *len = ms_sop_get(in, "fft_length");
  if (in->noperands < 1 || !type || !len || !type->str[0]) return MS_INFER_UNKNOWN;
  bool rfft = !strcmp(type->str, "RFFT"), irfft = !strcmp(type->str, "IRFFT");
  if (!rfft && !irfft && strcmp(type->str, "FFT") && strcmp(type->str, "IFFT")) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int n = len->n;
  if (n < 1 || n > 3) return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "rank must be between 1 and 3, but got %d", n);
  if (x->elem[0]) {
    if (rfft && strcmp(x->elem, "f32") && strcmp(x->elem, "f64"))
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 0, "RFFT requires f32 or f64 input type, but is given %s", x->elem);
    if (!rfft && !is_complex(x->elem))
      return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 0, "FFT/IFFT/IRFFT take a complex tensor as input, but is given %s",
                         x->elem);
  }
  if (!x->ranked) return MS_INFER_UNKNOWN;
  int r = x->rank;
  if (r < n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0, "operand rank (%d) must not be less than fft rank of %d", r, n);
  char b[128];
  ms_shape *res = &out->results[0];
  *res = *x;
  out->nresults = 1;
  int64_t last = len->v[n - 1];
  if (rfft) {
    for (int i = 0; i < n; i++)
      if (!ms_sop_dims_compatible(x->dims[r - n + i], len->v[i]))
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0,
                           "RFFT requires innermost dimensions to be compatible with fft_length %s: dim %d is %lld",
                           ms_sop_format_list(len->v, n, b, sizeof b), r - n + i, (long long)x->dims[r - n + i]);
    if (last != 0) res->dims[r - 1] = last / 2 + 1;
    if (x->elem[0]) snprintf(res->elem, sizeof res->elem, "complex<%.48s>", x->elem);
  }
  if (irfft) {
    for (int i = 0; i < n - 1; i++)
      if (!ms_sop_dims_compatible(x->dims[r - n + i], len->v[i]))
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0,
                           "IRFFT requires non-final dimensions to be compatible with fft_length %s: dim %d is %lld",
                           ms_sop_format_list(len->v, n, b, sizeof b), r - n + i, (long long)x->dims[r - n + i]);
    int64_t d = x->dims[r - 1];
    if ((!ms_sop_dims_compatible(d, 0) || last != 0) && !ms_sop_dims_compatible(d, last / 2 + 1))
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0,
                         "IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: %lld but "
                         "fft_length is %s",
                         (long long)d, ms_sop_format_list(len->v, n, b, sizeof b));
    res->dims[r - 1] = last;
    char part[64];
    complex_part(x->elem, part, sizeof part);
    if (part[0]) snprintf(res->elem, sizeof res->elem, "%s", part);
  }
  if ((rfft || irfft) && res->bounded) res->bounds[r - 1] = MS_DIM_DYNAMIC;
  if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape, last dim from fft_length");
  return MS_INFER_OK;
}

/* --- batch_norm_* ------------------------------------------------------------ */

/* verifyBatchNorm + inferBatchNormOp over nmulti multi-dimensional
** operands (given by index) and the single-dimensional others. */
static ms_infer_verdict batch_norm(const ms_sop_in *in, ms_sop_out *out, const int *multi, int nmulti, bool inference) {
  const ms_sop_param *fi = ms_sop_get(in, "feature_index");
  if (!fi || fi->n != 1) return MS_INFER_UNKNOWN;
  for (int i = 0; i < in->noperands; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *m = &in->operands[multi[0]], *single = NULL;
  int first_single = -1;
  for (int i = 1; i < nmulti; i++)
    if (!ms_sop_shapes_compatible(m, &in->operands[multi[i]]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, multi[i],
                         "expects multi-dimensional operands to have compatible shapes");
  for (int i = 0; i < in->noperands; i++) {
    bool is_multi = false;
    for (int j = 0; j < nmulti; j++) is_multi |= multi[j] == i;
    if (is_multi) continue;
    if (!single) {
      single = &in->operands[i];
      first_single = i;
    } else if (!ms_sop_shapes_compatible(single, &in->operands[i])) {
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "expects single-dimensional operands to have compatible shapes");
    }
  }
  int64_t f = fi->v[0];
  if (f < 0) return MS_INFER_UNKNOWN; /* the attribute's own constraint, not a shape one */
  if (f >= m->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1,
                       "expects featureIndex to be smaller than the rank of multi-dimensional operands; got "
                       "featureIndex %lld, and rank %d",
                       (long long)f, m->rank);
  if (single && single->rank >= 1 && !ms_sop_dims_compatible(single->dims[0], m->dims[f]))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, first_single,
                       "expects the size of single-dimensional operands (%lld) to be compatible with feature count "
                       "(%lld)",
                       (long long)single->dims[0], (long long)m->dims[f]);
  out->results[0] = *m;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape");
  if (inference) return MS_INFER_OK;
  for (int r = 1; r <= 2; r++) {
    ms_sop_result_begin(out, r, m);
    ms_sop_result_push(out, r, m->dims[f], ms_sop_bound(m, (int)f));
    if (in->want_provenance) ms_sop_note(out, r, "dim 0: operand dim %lld (feature_index)", (long long)f);
  }
  return MS_INFER_OK;
}

static ms_infer_verdict batch_norm_training(const ms_sop_in *in, ms_sop_out *out) {
  static const int multi[] = {0};
  return in->noperands == 3 ? batch_norm(in, out, multi, 1, false) : MS_INFER_UNKNOWN;
}

static ms_infer_verdict batch_norm_inference(const ms_sop_in *in, ms_sop_out *out) {
  static const int multi[] = {0};
  return in->noperands == 5 ? batch_norm(in, out, multi, 1, true) : MS_INFER_UNKNOWN;
}

static ms_infer_verdict batch_norm_grad(const ms_sop_in *in, ms_sop_out *out) {
  static const int multi[] = {0, 4}; /* operand, grad_output */
  return in->noperands == 5 ? batch_norm(in, out, multi, 2, false) : MS_INFER_UNKNOWN;
}

/* --- rng, sort, map, top_k --------------------------------------------------- */

static ms_infer_verdict rng(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_sop_param *shape = ms_sop_get(in, "shape");
  const ms_shape *st = &in->operands[2];
  int rank = shape ? shape->n : st->ranked && st->rank == 1 ? (int)st->dims[0] : -1;
  if (rank < 0 || rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  for (int i = 0; shape && i < rank; i++)
    if (shape->v[i] < 0) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, &in->operands[1]);
  for (int i = 0; i < rank; i++) ms_sop_result_push(out, 0, shape ? shape->v[i] : MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, shape ? "the values of the shape operand" : "the shape operand's length");
  return MS_INFER_OK;
}

/* Operands that must all have one shape (SameOperandsAndResultShape). */
static ms_infer_verdict same_shapes(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *w = NULL;
  for (int i = 0; i < in->noperands; i++) {
    if (!in->operands[i].ranked) continue;
    if (!w) w = &in->operands[i];
    else if (!ms_sop_shapes_compatible(w, &in->operands[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "all operands must have the same shape");
  }
  return MS_INFER_OK;
}

/* sort_c5: the comparator takes two rank-0 arguments of each input's
** element type and returns one tensor<i1>. */
static ms_infer_verdict sort_comparator(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nregions < 1 || in->regions[0].nyields < 0) return MS_INFER_OK; /* not known: not judged */
  const ms_sop_region *g = &in->regions[0];
  char t[160];
  if (g->nargs != 2 * in->noperands)
    return ms_sop_fail(out, MS_CODE_REGION, -1, "comparator block should have %d arguments", 2 * in->noperands);
  for (int i = 0; i < g->nargs; i++) {
    const ms_shape *a = &g->args[i], *x = &in->operands[i / 2];
    if ((a->ranked && a->rank != 0) || (plain_elems(a->elem, x->elem) && strcmp(a->elem, x->elem))) {
      ms_shape_format_type(a, t, sizeof t);
      return ms_sop_fail(out, MS_CODE_REGION, -1, "comparator block argument #%d should be of type 'tensor<%s>' but got '%s'",
                         i, x->elem, t);
    }
  }
  if (g->nyields != 1)
    return ms_sop_fail(out, MS_CODE_REGION, -1, "comparator must return single output but got %d", g->nyields);
  const ms_shape *y = &g->yields[0];
  if ((y->ranked && y->rank != 0) || (plain_elems(y->elem, "i1") && strcmp(y->elem, "i1"))) {
    ms_shape_format_type(y, t, sizeof t);
    return ms_sop_fail(out, MS_CODE_REGION, -1, "comparator must return tensor<i1> but got '%s'", t);
  }
  return MS_INFER_OK;
}

static ms_infer_verdict sort(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dim = ms_sop_get(in, "dimension");
  if (in->noperands < 1 || in->noperands > out->room) return MS_INFER_UNKNOWN;
  ms_infer_verdict v = same_shapes(in, out);
  if (v != MS_INFER_OK) return v;
  const ms_shape *x = &in->operands[0];
  if (dim && dim->n == 1 && x->ranked && (dim->v[0] < -x->rank || dim->v[0] >= x->rank))
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "dimension attribute value must be in range [-%d, %d), but found %lld",
                       x->rank, x->rank, (long long)dim->v[0]);
  if ((v = sort_comparator(in, out)) != MS_INFER_OK) return v;
  for (int i = 0; i < in->noperands; i++) {
    out->results[i] = in->operands[i];
    if (in->want_provenance) ms_sop_note(out, i, "the shape of input %d", i);
  }
  out->nresults = in->noperands;
  return MS_INFER_OK;
}

/* map_c4: the computation takes one rank-0 argument of each input's
** element type and returns one rank-0 tensor (inferMapOp's order). */
static ms_infer_verdict map_computation(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nregions < 1 || in->regions[0].nyields < 0) return MS_INFER_OK; /* not known: not judged */
  const ms_sop_region *g = &in->regions[0];
  char t[160];
  if (g->nargs != in->noperands)
    return ms_sop_fail(out, MS_CODE_REGION, -1,
                       "expects number of operands to match the arity of map computation, but got: %d and %d",
                       in->noperands, g->nargs);
  for (int i = 0; i < g->nargs; i++) {
    const ms_shape *a = &g->args[i], *x = &in->operands[i];
    if (a->ranked && a->rank != 0) {
      ms_shape_format_type(a, t, sizeof t);
      return ms_sop_fail(out, MS_CODE_REGION, -1, "computation arguments must be 0-rank tensor, but got: arg #%d of type '%s'",
                         i, t);
    }
    if (plain_elems(a->elem, x->elem) && strcmp(a->elem, x->elem))
      return ms_sop_fail(out, MS_CODE_REGION, i,
                         "element type of operands and computation arguments must match, but got: '%s' and '%s'",
                         x->elem, a->elem);
  }
  if (g->nyields != 1)
    return ms_sop_fail(out, MS_CODE_REGION, -1, "computation must return single output, but got: %d", g->nyields);
  if (g->yields[0].ranked && g->yields[0].rank != 0) {
    ms_shape_format_type(&g->yields[0], t, sizeof t);
    return ms_sop_fail(out, MS_CODE_REGION, -1, "computation must return 0-rank tensor, but got: '%s'", t);
  }
  return MS_INFER_OK;
}

static ms_infer_verdict map(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dims = ms_sop_get(in, "dimensions");
  if (in->noperands < 1 || !dims) return MS_INFER_UNKNOWN;
  ms_infer_verdict v = map_computation(in, out);
  if (v != MS_INFER_OK) return v;
  v = same_shapes(in, out);
  if (v != MS_INFER_OK) return v;
  char b[128];
  for (int i = 0; i < dims->n; i++)
    if (dims->v[i] != i)
      return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "requires monotonically increasing dimension numbers, but got: %s",
                         ms_sop_format_list(dims->v, dims->n, b, sizeof b));
  const ms_shape *x = NULL;
  for (int i = 0; i < in->noperands; i++) {
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
    if (dims->n != in->operands[i].rank)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, i,
                         "applied to a subset of dimensions currently not supported: operand dimensions = %d, "
                         "requested map dimensions size = %d",
                         in->operands[i].rank, dims->n);
    x = &in->operands[i];
  }
  ms_sop_result_begin(out, 0, x);
  for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, x->dims[i], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "the shape of the inputs");
  return MS_INFER_OK;
}

static ms_infer_verdict top_k(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *k = ms_sop_get(in, "k");
  if (in->noperands < 1 || !k || k->n != 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  if (x->rank < 1) return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 0, "operand's rank must be at least 1");
  int last = x->rank - 1;
  if (x->dims[last] >= 0 && x->dims[last] < k->v[0])
    return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0, "operand's last dimension (%lld) must be at least %lld",
                       (long long)x->dims[last], (long long)k->v[0]);
  ms_shape i32 = *x;
  snprintf(i32.elem, sizeof i32.elem, "i32");
  for (int r = 0; r < 2; r++) {
    ms_sop_result_begin(out, r, r ? &i32 : x);
    for (int i = 0; i < x->rank; i++)
      ms_sop_result_push(out, r, i == last ? k->v[0] : x->dims[i], i == last ? MS_DIM_DYNAMIC : ms_sop_bound(x, i));
    if (in->want_provenance) ms_sop_note(out, r, "dim %d: k", last);
  }
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_linalg[] = {
    {"triangular_solve", triangular_solve, "left_side,transpose_a"},
    {"cholesky", cholesky, ""},
    {"fft", fft, "fft_type,fft_length"},
    {"batch_norm_training", batch_norm_training, "feature_index"},
    {"batch_norm_inference", batch_norm_inference, "feature_index"},
    {"batch_norm_grad", batch_norm_grad, "feature_index"},
    {"rng", rng, "shape"},
    {"sort", sort, "dimension"},
    {"map", map, "dimensions"},
    {"top_k", top_k, "k"},
    {NULL, NULL, NULL},
};
