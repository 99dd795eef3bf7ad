/*
** infer.c: shape functions of shape-transforming ops (infer.h).
**
** Each function mirrors the result-type inference and the verifier of the
** ops it stands for (TOSA's inferReturnTypeComponents and verifiers,
** StableHLO's and TensorFlow's shape functions): a `?` operand dim stays
** `?` wherever it lands; arguments that cannot fit the operand are
** MS_INFER_INVALID with the reason, as the verifier would reject them.
*/
#include "infer.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const names[MS_SHAPE_FN__COUNT] = {
  [MS_SHAPE_FN_NONE] = "none", [MS_SHAPE_FN_SAME] = "same-as-operand", [MS_SHAPE_FN_TRANSPOSE] = "transpose",
  [MS_SHAPE_FN_REDUCE] = "reduce", [MS_SHAPE_FN_RESHAPE] = "reshape", [MS_SHAPE_FN_TILE] = "tile",
  [MS_SHAPE_FN_CONCAT] = "concat", [MS_SHAPE_FN_SLICE] = "slice", [MS_SHAPE_FN_PAD] = "pad",
  [MS_SHAPE_FN_MATMUL] = "matmul", [MS_SHAPE_FN_PREPEND] = "prepend", [MS_SHAPE_FN_EXTENTS] = "extents",
};

const char *ms_shape_fn_name(ms_shape_fn fn) { return fn < MS_SHAPE_FN__COUNT ? names[fn] : "?"; }

typedef struct reason {
  char *buf;
  size_t n;
} reason;

static ms_infer_verdict invalid(reason *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static ms_infer_verdict invalid(reason *r, const char *fmt, ...) {
  if (r->buf && r->n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->buf, r->n, fmt, ap);
    va_end(ap);
  }
  return MS_INFER_INVALID;
}

static void start_like(const ms_shape *like, int rank, ms_shape *out) {
  memset(out, 0, sizeof *out);
  out->kind = like->kind;
  memcpy(out->elem, like->elem, sizeof out->elem);
  out->ranked = true;
  out->rank = rank;
}

static ms_infer_verdict transpose(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  if (a->n != x->rank) return invalid(r, "the permutation has %d entries but the operand has rank %d", a->n, x->rank);
  bool seen[MS_MAX_RANK] = {false};
  start_like(x, x->rank, out);
  for (int i = 0; i < a->n; i++) {
    int64_t p = a->a[i];
    if (p < 0 || p >= x->rank || seen[p]) return invalid(r, "the permutation is not a permutation of 0..%d", x->rank - 1);
    seen[p] = true;
    out->dims[i] = x->dims[p];
  }
  return MS_INFER_OK;
}

static ms_infer_verdict reduce(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  bool axis[MS_MAX_RANK] = {false};
  for (int i = 0; i < a->n; i++) {
    int64_t ax = a->a[i] < 0 ? a->a[i] + x->rank : a->a[i];
    if (ax < 0 || ax >= x->rank)
      return invalid(r, "reduction axis %lld is out of range for rank %d", (long long)a->a[i], x->rank);
    axis[ax] = true;
  }
  start_like(x, 0, out);
  for (int i = 0; i < x->rank; i++) {
    if (axis[i] && !a->keep_dims) continue;
    out->dims[out->rank++] = axis[i] ? 1 : x->dims[i];
  }
  return MS_INFER_OK;
}

/* A new shape with at most one -1, whose extent follows from the element
** count when every operand dim is static. */
static ms_infer_verdict reshape(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  start_like(x, a->n, out);
  int64_t known = 1, total = 1;
  int hole = -1;
  bool all_static = x->ranked;
  for (int i = 0; x->ranked && i < x->rank; i++) {
    if (x->dims[i] < 0) all_static = false;
    else total *= x->dims[i];
  }
  for (int i = 0; i < a->n; i++) {
    out->dims[i] = a->a[i];
    if (a->a[i] == -1 && hole < 0) hole = i;
    else if (a->a[i] == -1) return invalid(r, "expected at most one target dimension to be -1");
    else if (a->a[i] < 0) return MS_INFER_UNKNOWN;
    else known *= a->a[i];
  }
  if (hole >= 0) {
    out->dims[hole] = all_static && known > 0 && total % known == 0 ? total / known : -1;
    return MS_INFER_OK;
  }
  if (all_static && known != total) {
    invalid(r, "cannot reshape %lld elements into %lld", (long long)total, (long long)known);
    return MS_INFER_INVALID_RESULT;
  }
  return MS_INFER_OK;
}

static ms_infer_verdict tile(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  if (x->ranked && a->n != x->rank)
    return invalid(r, "the multiples have %d entries but the operand has rank %d", a->n, x->rank);
  for (int i = 0; i < a->n; i++) /* LLVM 22's TileOp::verify; -1 gives `?` */
    if (a->a[i] == 0 || a->a[i] < -1)
      return invalid(r, "expect element of 'multiples' to be positive integer or -1, got %lld", (long long)a->a[i]);
  if (!x->ranked) { /* TileOp::inferReturnTypeComponents: one `?` per multiple */
    if (a->n > MS_MAX_RANK) return MS_INFER_UNKNOWN;
    start_like(x, a->n, out);
    out->ranked = true;
    for (int i = 0; i < a->n; i++) out->dims[i] = -1;
    return MS_INFER_OK;
  }
  start_like(x, x->rank, out);
  for (int i = 0; i < x->rank; i++)
    out->dims[i] = a->a[i] < 0 || x->dims[i] < 0 ? -1 : x->dims[i] * a->a[i];
  return MS_INFER_OK;
}

static ms_infer_verdict concat(const ms_shape *ops, int n, const ms_shape_args *a, ms_shape *out, reason *r) {
  const ms_shape *first = NULL;
  for (int i = 0; i < n && !first; i++)
    if (ops[i].ranked) first = &ops[i];
  if (!first || a->n < 1) return MS_INFER_UNKNOWN;
  int64_t axis = a->a[0] < 0 ? a->a[0] + first->rank : a->a[0];
  if (axis < 0 || axis >= first->rank)
    return invalid(r, "concatenation axis %lld is out of range for rank %d", (long long)a->a[0], first->rank);
  start_like(first, first->rank, out);
  for (int d = 0; d < first->rank; d++) out->dims[d] = first->dims[d];
  int64_t sum = 0;
  for (int i = 0; i < n; i++) {
    if (!ops[i].ranked) {
      sum = -1;
      continue;
    }
    if (ops[i].rank != first->rank)
      return invalid(r, "operands of rank %d and %d cannot be concatenated", first->rank, ops[i].rank);
    for (int d = 0; d < first->rank; d++) {
      if (d == axis) continue;
      if (out->dims[d] >= 0 && ops[i].dims[d] >= 0 && out->dims[d] != ops[i].dims[d])
        return invalid(r, "operands differ on the non-axis dimension %d: %lld vs %lld", d, (long long)out->dims[d],
                       (long long)ops[i].dims[d]);
      if (out->dims[d] < 0) out->dims[d] = ops[i].dims[d];
    }
    if (sum >= 0) sum = ops[i].dims[axis] < 0 ? -1 : sum + ops[i].dims[axis];
  }
  out->dims[axis] = sum;
  return MS_INFER_OK;
}

static int64_t slice_dim(const ms_shape *x, const ms_shape_args *a, int i) {
  if (a->has_limits) {
    int64_t s = a->a[i], l = a->b[i], st = a->nc ? a->c[i] : 1;
    return st > 0 && l >= s ? (l - s + st - 1) / st : -1;
  }
  int64_t size = a->a[i];
  if (size == -1 && a->has_starts && x->dims[i] >= 0) return x->dims[i] - a->b[i];
  if (size < 0) return -1;
  /* TOSA: a start + size past the end is not rejected; the dim is unknown. */
  if (a->has_starts && x->dims[i] >= 0 && (a->b[i] < 0 || a->b[i] + size > x->dims[i])) return -1;
  return size;
}

static ms_infer_verdict slice(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  /* The starts are checked against the operand, the sizes against the result. */
  if ((a->has_limits || a->has_starts) && a->nb != x->rank)
    return invalid(r, "the slice has %d starts but the operand has rank %d", a->nb, x->rank);
  if (a->n != x->rank) /* LLVM 22's SliceOp::verify: against the input's rank, whatever the result */
    return invalid(r, "the slice has %d sizes but the operand has rank %d", a->n, x->rank);
  start_like(x, x->rank, out);
  for (int i = 0; i < x->rank; i++) out->dims[i] = slice_dim(x, a, i);
  return MS_INFER_OK;
}

static ms_infer_verdict pad(const ms_shape *x, const ms_shape_args *a, ms_shape *out, reason *r) {
  if (a->n != 2 * x->rank) { /* LLVM 22's PadOp::verify counts them against a ranked result only */
    invalid(r, "the padding has %d entries but the operand of rank %d needs %d", a->n, x->rank, 2 * x->rank);
    return MS_INFER_INVALID_RESULT;
  }
  start_like(x, x->rank, out);
  for (int i = 0; i < x->rank; i++) {
    int64_t lo = a->a[2 * i], hi = a->a[2 * i + 1];
    out->dims[i] = x->dims[i] < 0 || lo < 0 || hi < 0 ? -1 : x->dims[i] + lo + hi;
  }
  return MS_INFER_OK;
}

/* Batched matmul as TOSA infers it: N and H from a, W from b. Mismatched
** N or C are not judged (the reference accepts them). */
static ms_infer_verdict matmul(const ms_shape *ops, int n, ms_shape *out) {
  if (n < 2 || !ops[0].ranked || !ops[1].ranked || ops[0].rank != 3 || ops[1].rank != 3) return MS_INFER_UNKNOWN;
  start_like(&ops[0], 3, out);
  out->dims[0] = ops[0].dims[0] >= 0 ? ops[0].dims[0] : ops[1].dims[0];
  out->dims[1] = ops[0].dims[1];
  out->dims[2] = ops[1].dims[2];
  return MS_INFER_OK;
}

/* Sizes are never negative; a negative one is not judged here. */
static bool sizes_valid(const ms_shape_args *a) {
  for (int i = 0; i < a->n; i++)
    if (a->a[i] < 0) return false;
  return true;
}

static ms_infer_verdict prepend(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (!sizes_valid(a) || a->n + x->rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  start_like(x, a->n + x->rank, out);
  for (int i = 0; i < a->n; i++) out->dims[i] = a->a[i];
  for (int i = 0; i < x->rank; i++) {
    out->dims[a->n + i] = x->dims[i];
    out->scalable[a->n + i] = x->scalable[i];
  }
  return MS_INFER_OK;
}

static ms_infer_verdict extents(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (!sizes_valid(a)) return MS_INFER_UNKNOWN;
  start_like(x, a->n, out);
  for (int i = 0; i < a->n; i++) out->dims[i] = a->a[i];
  return MS_INFER_OK;
}

bool ms_infer_args_valid(ms_shape_fn fn, const ms_shape_args *args, int *bad) {
  if (fn != MS_SHAPE_FN_PREPEND && fn != MS_SHAPE_FN_EXTENTS) return true;
  for (int i = 0; i < args->n; i++)
    if (args->a[i] < 0) {
      *bad = i;
      return false;
    }
  return true;
}

ms_infer_verdict ms_infer_shape(ms_shape_fn fn, const ms_shape *ops, int n, const ms_shape_args *args, ms_shape *out,
                                char *why, size_t whylen) {
  reason r = {why, whylen};
  if (n < 1) return MS_INFER_UNKNOWN;
  if (fn == MS_SHAPE_FN_SAME) {
    *out = ops[0];
    return MS_INFER_OK;
  }
  if (fn == MS_SHAPE_FN_CONCAT) return concat(ops, n, args, out, &r);
  if (fn == MS_SHAPE_FN_RESHAPE) return reshape(&ops[0], args, out, &r);
  if (fn == MS_SHAPE_FN_MATMUL) return matmul(ops, n, out);
  if (fn == MS_SHAPE_FN_EXTENTS) return extents(&ops[0], args, out);
  if (fn == MS_SHAPE_FN_TILE) return tile(&ops[0], args, out, &r);
  if (!ops[0].ranked) return MS_INFER_UNKNOWN;
  switch (fn) {
    case MS_SHAPE_FN_TRANSPOSE: return transpose(&ops[0], args, out, &r);
    case MS_SHAPE_FN_REDUCE: return reduce(&ops[0], args, out, &r);
    case MS_SHAPE_FN_TILE: return tile(&ops[0], args, out, &r);
    case MS_SHAPE_FN_SLICE: return slice(&ops[0], args, out, &r);
    case MS_SHAPE_FN_PAD: return pad(&ops[0], args, out, &r);
    case MS_SHAPE_FN_PREPEND: return prepend(&ops[0], args, out);
    default: return MS_INFER_UNKNOWN;
  }
}

/* The bounds of a meet (StableHLO's `#stablehlo.bounds`): a dim that the
** meet made static has none; a dynamic one takes the inferred bound where
** it is tighter than the declared one. */
static void meet_bounds(ms_shape *out, const ms_shape *inferred, bool *refined) {
  bool theirs = inferred->bounded && !inferred->bounds_invalid;
  if (out->bounds_invalid || (!theirs && !out->bounded)) return;
  bool any = false;
  for (int i = 0; i < out->rank; i++) {
    int64_t mine = out->bounded ? out->bounds[i] : MS_DIM_DYNAMIC;
    int64_t b = theirs && out->dims[i] < 0 ? inferred->bounds[i] : MS_DIM_DYNAMIC;
    if (out->dims[i] >= 0) mine = MS_DIM_DYNAMIC;
    else if (b >= 0 && (mine < 0 || b < mine)) {
      mine = b;
      *refined = true;
    }
    out->bounds[i] = mine;
    any |= mine >= 0;
  }
  if (any && !out->bounded) out->bounds_form = inferred->bounds_form;
  out->bounded = any;
}

bool ms_shape_meet(const ms_shape *declared, const ms_shape *inferred, ms_shape *out, bool *refined) {
  *out = *declared;
  *refined = false;
  if (!inferred->ranked) return true;
  if (!declared->ranked) {
    *out = *inferred;
    out->kind = declared->kind;
    out->torch = declared->torch;
    if (declared->elem[0] || !declared->torch) memcpy(out->elem, declared->elem, sizeof out->elem);
    *refined = true;
    return true;
  }
  if (declared->rank != inferred->rank) return false;
  for (int i = 0; i < declared->rank; i++)
    if (declared->dims[i] < 0 && inferred->dims[i] >= 0) {
      out->dims[i] = inferred->dims[i];
      *refined = true;
    }
  meet_bounds(out, inferred, refined);
  /* The encoding StableHLO's inference carries (a sparse one) where the
  ** declared type has none. */
  if (!out->encoding && !out->bounded && !declared->bounds_invalid && inferred->encoding &&
      !inferred->bounded && out->kind == MS_TYPE_TENSOR) {
    out->encoding = inferred->encoding;
    *refined = true;
  }
  return true;
}

bool ms_shape_conflicts(const ms_shape *a, const ms_shape *b) {
  if (!a->ranked || !b->ranked) return false;
  if (a->rank != b->rank) return true;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] >= 0 && b->dims[i] >= 0 && a->dims[i] != b->dims[i]) return true;
  return false;
}
