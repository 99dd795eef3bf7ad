/*
** infer.c: shape functions of shape-transforming ops (infer.h).
**
** Each function mirrors the result-type inference of the ops it stands for
** (TOSA's inferReturnTypeComponents, StableHLO's and TensorFlow's shape
** functions): a `?` operand dim stays `?` wherever it lands.
*/
#include "infer.h"

#include <string.h>

static const char *const names[MS_SHAPE_FN__COUNT] = {
  [MS_SHAPE_FN_NONE] = "none", [MS_SHAPE_FN_SAME] = "same-as-operand", [MS_SHAPE_FN_TRANSPOSE] = "transpose",
  [MS_SHAPE_FN_REDUCE] = "reduce", [MS_SHAPE_FN_RESHAPE] = "reshape", [MS_SHAPE_FN_TILE] = "tile",
  [MS_SHAPE_FN_CONCAT] = "concat", [MS_SHAPE_FN_SLICE] = "slice", [MS_SHAPE_FN_PREPEND] = "prepend",
  [MS_SHAPE_FN_EXTENTS] = "extents",
};

const char *ms_shape_fn_name(ms_shape_fn fn) { return fn < MS_SHAPE_FN__COUNT ? names[fn] : "?"; }

static void start_like(const ms_shape *like, int rank, ms_shape *out) {
  memset(out, 0, sizeof *out);
  out->kind = like->kind;
  memcpy(out->elem, like->elem, sizeof out->elem);
  out->ranked = true;
  out->rank = rank;
}

static bool transpose(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (a->n != x->rank) return false;
  bool seen[MS_MAX_RANK] = {false};
  start_like(x, x->rank, out);
  for (int i = 0; i < a->n; i++) {
    int64_t p = a->a[i];
    if (p < 0 || p >= x->rank || seen[p]) return false;
    seen[p] = true;
    out->dims[i] = x->dims[p];
  }
  return true;
}

static bool reduce(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  bool axis[MS_MAX_RANK] = {false};
  for (int i = 0; i < a->n; i++) {
    int64_t ax = a->a[i] < 0 ? a->a[i] + x->rank : a->a[i];
    if (ax < 0 || ax >= x->rank) return false;
    axis[ax] = true;
  }
  start_like(x, 0, out);
  for (int i = 0; i < x->rank; i++) {
    if (axis[i] && !a->keep_dims) continue;
    out->dims[out->rank++] = axis[i] ? 1 : x->dims[i];
  }
  return true;
}

/* A new shape with at most one -1, whose extent follows from the element
** count when every operand dim is static. */
static bool reshape(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (a->n > MS_MAX_RANK) return false;
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
    if (a->a[i] == -1) {
      if (hole >= 0) return false;
      hole = i;
    } else if (a->a[i] < 0) {
      return false;
    } else {
      known *= a->a[i];
    }
  }
  if (hole >= 0) out->dims[hole] = all_static && known > 0 && total % known == 0 ? total / known : -1;
  return true;
}

static bool tile(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (a->n != x->rank) return false;
  start_like(x, x->rank, out);
  for (int i = 0; i < x->rank; i++) {
    if (a->a[i] < 0) out->dims[i] = -1;
    else out->dims[i] = x->dims[i] < 0 ? -1 : x->dims[i] * a->a[i];
  }
  return true;
}

static bool concat(const ms_shape *ops, int n, const ms_shape_args *a, ms_shape *out) {
  if (a->n < 1) return false;
  const ms_shape *first = NULL;
  for (int i = 0; i < n; i++)
    if (ops[i].ranked) first = first ? first : &ops[i];
  if (!first) return false;
  int64_t axis = a->a[0] < 0 ? a->a[0] + first->rank : a->a[0];
  if (axis < 0 || axis >= first->rank) return false;
  start_like(first, first->rank, out);
  for (int d = 0; d < first->rank; d++) out->dims[d] = first->dims[d];
  int64_t sum = 0;
  for (int i = 0; i < n; i++) {
    if (!ops[i].ranked) {
      sum = -1;
      continue;
    }
    if (ops[i].rank != first->rank) return false;
    for (int d = 0; d < first->rank; d++)
      if (d != axis && out->dims[d] < 0) out->dims[d] = ops[i].dims[d];
    if (sum >= 0) sum = ops[i].dims[axis] < 0 ? -1 : sum + ops[i].dims[axis];
  }
  out->dims[axis] = sum;
  return true;
}

static bool slice(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (a->n != x->rank) return false;
  start_like(x, x->rank, out);
  for (int i = 0; i < x->rank; i++) {
    if (!a->has_limits) {
      /* sizes; -1 means to the end (TOSA, TF) */
      if (a->a[i] >= 0) out->dims[i] = a->a[i];
      else out->dims[i] = -1;
      continue;
    }
    if (a->nb != x->rank || (a->nc && a->nc != x->rank)) return false;
    int64_t s = a->a[i], l = a->b[i], st = a->nc ? a->c[i] : 1;
    if (st <= 0 || l < s) return false;
    out->dims[i] = (l - s + st - 1) / st;
  }
  return true;
}

/* Sizes are never negative; a negative one is not judged here. */
static bool sizes_valid(const ms_shape_args *a) {
  for (int i = 0; i < a->n; i++)
    if (a->a[i] < 0) return false;
  return true;
}

static bool prepend(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (!sizes_valid(a) || a->n + x->rank > MS_MAX_RANK) return false;
  start_like(x, a->n + x->rank, out);
  for (int i = 0; i < a->n; i++) out->dims[i] = a->a[i];
  for (int i = 0; i < x->rank; i++) {
    out->dims[a->n + i] = x->dims[i];
    out->scalable[a->n + i] = x->scalable[i];
  }
  return true;
}

static bool extents(const ms_shape *x, const ms_shape_args *a, ms_shape *out) {
  if (!sizes_valid(a)) return false;
  start_like(x, a->n, out);
  for (int i = 0; i < a->n; i++) out->dims[i] = a->a[i];
  return true;
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

bool ms_infer_shape(ms_shape_fn fn, const ms_shape *ops, int n, const ms_shape_args *args, ms_shape *out) {
  if (n < 1) return false;
  if (fn == MS_SHAPE_FN_SAME) {
    *out = ops[0];
    return true;
  }
  if (fn == MS_SHAPE_FN_CONCAT) return concat(ops, n, args, out);
  if (fn == MS_SHAPE_FN_RESHAPE) return reshape(&ops[0], args, out);
  if (fn == MS_SHAPE_FN_EXTENTS) return extents(&ops[0], args, out);
  if (!ops[0].ranked) return false;
  switch (fn) {
    case MS_SHAPE_FN_TRANSPOSE: return transpose(&ops[0], args, out);
    case MS_SHAPE_FN_REDUCE: return reduce(&ops[0], args, out);
    case MS_SHAPE_FN_TILE: return tile(&ops[0], args, out);
    case MS_SHAPE_FN_SLICE: return slice(&ops[0], args, out);
    case MS_SHAPE_FN_PREPEND: return prepend(&ops[0], args, out);
    default: return false;
  }
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
  return true;
}

bool ms_shape_conflicts(const ms_shape *a, const ms_shape *b) {
  if (!a->ranked || !b->ranked) return false;
  if (a->rank != b->rank) return true;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] >= 0 && b->dims[i] >= 0 && a->dims[i] != b->dims[i]) return true;
  return false;
}
