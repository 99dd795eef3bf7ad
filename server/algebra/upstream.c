/*
** upstream.c: upstream MLIR verifiers as rules of the algebra (upstream.h).
**
** Each rule states its op's verifier as mlir-opt-22 runs it, measured by
** the differential tests (tests/diff/upstream_diff.py): which types must be
** identical (`?` equals only `?`), which only compatible (`?` meets any
** size), and the op's own shape arithmetic. Messages name the operands by
** the names the caller gives ("%a") and quote the types.
*/
#include "upstream.h"
#include "diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct rule_ctx {
  const ms_broadcast_options *opts;
  const ms_shape *ops;
  int nops;
  const char *const *names;
  const ms_shape *res;         /* NULL when the result type is not written */
  int nres;                    /* declared results in res[] */
  ms_broadcast_result *out;
  bool error;
} rule_ctx;

typedef struct label {
  char s[80];
} label;

static label name_of(const rule_ctx *c, int i) {
  label l;
  if (i == MS_FINDING_RESULT) snprintf(l.s, sizeof l.s, "the result");
  else if (c->names && c->names[i]) snprintf(l.s, sizeof l.s, "%.70s", c->names[i]);
  else snprintf(l.s, sizeof l.s, "operand #%d", i);
  return l;
}

typedef struct type_text {
  char s[120];
} type_text;

static type_text type_of(const ms_shape *s) {
  type_text t;
  ms_shape_format_type(s, t.s, sizeof t.s);
  return t;
}

__attribute__((format(printf, 6, 7))) static void add(rule_ctx *c, const char *code, int operand, int related,
                                                      int dim, const char *fmt, ...) {
  c->error = true;
  va_list ap;
  va_start(ap, fmt);
  ms_broadcast_vfinding(c->out, MS_SEVERITY_ERROR, code, operand, related, dim, fmt, ap);
  va_end(ap);
}

static void infer(rule_ctx *c, const ms_shape *s) {
  if (c->error) return;
  c->out->has_inferred = true;
  c->out->inferred = *s;
}

/* ---- type relations ---- */

static bool is_shaped(const ms_shape *s) {
  return s->kind == MS_TYPE_TENSOR || s->kind == MS_TYPE_VECTOR || s->kind == MS_TYPE_MEMREF;
}

/* Element types agree; dialect types and aliases are not compared. */
static bool same_elem(const ms_shape *a, const ms_shape *b) {
  if (!a->elem[0] || !b->elem[0] || a->elem[0] == '!' || b->elem[0] == '!') return true;
  return strcmp(a->elem, b->elem) == 0;
}

static bool same_dims(const ms_shape *a, const ms_shape *b) {
  if (a->ranked != b->ranked) return false;
  if (!a->ranked) return true;
  if (a->rank != b->rank) return false;
  for (int k = 0; k < a->rank; k++)
    if (a->dims[k] != b->dims[k] || a->scalable[k] != b->scalable[k]) return false;
  return true;
}

/* The same type, as MLIR's `==` on types (encodings aside). */
static bool same_type(const ms_shape *a, const ms_shape *b) {
  return a->kind == b->kind && same_dims(a, b) && same_elem(a, b);
}

/* The first dim where a and b (same rank) have different static sizes;
** -1 when compatible. Scalability is compared per type (any_scalable), as
** verifyCompatibleShapes does: [2]x3 meets [2]x[3]. */
static int incompatible_dim(const ms_shape *a, const ms_shape *b) {
  for (int k = 0; k < a->rank; k++) {
    int64_t x = a->dims[k], y = b->dims[k];
    if (x >= 0 && y >= 0 && x != y) return k;
  }
  return -1;
}

static bool any_scalable(const ms_shape *s) {
  for (int k = 0; s->ranked && k < s->rank; k++)
    if (s->scalable[k]) return true;
  return false;
}

static bool is_i1(const ms_shape *s) { return !strcmp(s->elem, "i1"); }

static bool all_digits(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (!isdigit((unsigned char)*s)) return false;
  return true;
}

/* ODS's floating-point-like and signless-integer-like element types. */
static bool is_float_elem(const char *e) {
  return (e[0] == 'f' && isdigit((unsigned char)e[1])) || !strcmp(e, "bf16") || !strcmp(e, "tf32");
}

static bool is_integer_elem(const char *e) { return !strcmp(e, "index") || (e[0] == 'i' && all_digits(e + 1)); }

/* opts.float_elements / integer_elements on operand 0 (the others must
** have its type). */
static bool check_elements(rule_ctx *c) {
  const char *e = c->ops[0].elem;
  if (!e[0] || e[0] == '!') return true;
  if (c->opts->float_elements && !is_float_elem(e)) {
    add(c, MS_CODE_ELEMENT_TYPE, 0, -1, -1, "%s is %s but this op takes floating-point elements", name_of(c, 0).s,
        type_of(&c->ops[0]).s);
    return false;
  }
  if (c->opts->integer_elements && !is_integer_elem(e)) {
    add(c, MS_CODE_ELEMENT_TYPE, 0, -1, -1, "%s is %s but this op takes signless integer or index elements",
        name_of(c, 0).s, type_of(&c->ops[0]).s);
    return false;
  }
  return true;
}

static int64_t elements(const ms_shape *s) {
  int64_t n = 1;
  for (int k = 0; k < s->rank; k++) n *= s->dims[k];
  return n;
}

static int scalable_count(const ms_shape *s) {
  int n = 0;
  for (int k = 0; k < s->rank; k++) n += s->scalable[k];
  return n;
}

static const char *dim_str(char *buf, size_t n, int64_t d, bool scalable) {
  if (d == MS_DIM_DYNAMIC) snprintf(buf, n, "?");
  else snprintf(buf, n, scalable ? "[%lld]" : "%lld", (long long)d);
  return buf;
}

static bool want_count(rule_ctx *c, int lo, int hi, const char *what) {
  if (c->nops >= lo && c->nops <= hi) return true;
  add(c, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1, "%s, but the op has %d operands", what, c->nops);
  return false;
}

/* ---- arith / math: Elementwise + SameOperandsAndResultType + inferred result ---- */

static void rule_same_type(rule_ctx *c) {
  if (!want_count(c, 1, MS_MAX_OPERANDS, "the rule needs at least one operand") || !check_elements(c)) return;
  int n = c->nops + (c->res ? 1 : 0);
  const ms_shape *first = &c->ops[0];
  for (int i = 1; i < n; i++) {
    const ms_shape *s = i < c->nops ? &c->ops[i] : c->res;
    int who = i < c->nops ? i : MS_FINDING_RESULT;
    if (is_shaped(s) != is_shaped(first)) {
      add(c, MS_CODE_SAME_TYPE, who, 0, -1, "%s has type %s but %s has type %s: all operands and results must have one type",
          name_of(c, who).s, type_of(s).s, name_of(c, 0).s, type_of(first).s);
      return;
    }
    if (!is_shaped(s)) {
      if (!same_elem(s, first))
        add(c, MS_CODE_ELEMENT_TYPE, who, 0, -1, "%s has type %s but %s has type %s: all operands and results must have one type",
            name_of(c, who).s, type_of(s).s, name_of(c, 0).s, type_of(first).s);
      continue;
    }
    if (s->kind != first->kind || s->ranked != first->ranked) {
      add(c, s->kind != first->kind ? MS_CODE_MIXED_KINDS : MS_CODE_SAME_TYPE, who, 0, -1,
          "%s is %s but %s is %s: all operands and results must have the same shape and kind of type",
          name_of(c, who).s, type_of(s).s, name_of(c, 0).s, type_of(first).s);
      return;
    }
    if (any_scalable(s) != any_scalable(first)) {
      add(c, MS_CODE_SCALABLE, who, 0, -1, "%s is %s but %s is %s: scalable and fixed-size vectors do not mix",
          name_of(c, who).s, type_of(s).s, name_of(c, 0).s, type_of(first).s);
      return;
    }
    if (s->ranked && s->rank != first->rank) {
      add(c, MS_CODE_SHAPE_MISMATCH, who, 0, -1, "%s has rank %d but %s has rank %d: no broadcasting, shapes must agree",
          name_of(c, who).s, s->rank, name_of(c, 0).s, first->rank);
      return;
    }
    for (int j = 0; s->ranked && j < i; j++) {
      const ms_shape *o = j < c->nops ? &c->ops[j] : c->res;
      int k = incompatible_dim(o, s);
      if (k < 0) continue;
      char x[32], y[32];
      add(c, MS_CODE_SHAPE_MISMATCH, who, j, k, "dim %d is %s in %s but %s in %s: no broadcasting, shapes must agree", k,
          dim_str(x, sizeof x, o->dims[k], o->scalable[k]), name_of(c, j).s,
          dim_str(y, sizeof y, s->dims[k], s->scalable[k]), name_of(c, who).s);
      return;
    }
    if (!same_elem(s, first))
      add(c, MS_CODE_ELEMENT_TYPE, who, 0, -1, "%s has element type %s but %s has %s: all operands and results must have one type",
          name_of(c, who).s, s->elem, name_of(c, 0).s, first->elem);
  }
  if (!c->error && c->res && !same_type(c->res, first))
    add(c, MS_CODE_RESULT_TYPE, MS_FINDING_RESULT, 0, -1,
        "the result is %s but must be exactly %s, the type of %s (the op infers its result type from operand #0)",
        type_of(c->res).s, type_of(first).s, name_of(c, 0).s);
  infer(c, first);
}

/* ---- arith.select ---- */

static void rule_select(rule_ctx *c) {
  if (!want_count(c, 3, 3, "select takes a condition and two values")) return;
  const ms_shape *cond = &c->ops[0], *t = &c->ops[1];
  for (int i = 2; i <= 3; i++) {
    const ms_shape *s = i < 3 ? &c->ops[i] : c->res;
    int who = i < 3 ? i : MS_FINDING_RESULT;
    if (s && !same_type(s, t)) {
      add(c, MS_CODE_SAME_TYPE, who, 1, -1, "%s is %s but %s is %s: the true value, false value and result must have one type",
          name_of(c, who).s, type_of(s).s, name_of(c, 1).s, type_of(t).s);
      return;
    }
  }
  if (!is_i1(cond)) {
    add(c, MS_CODE_ELEMENT_TYPE, 0, -1, -1, "the condition %s is %s but must be i1 or a shaped type of i1", name_of(c, 0).s,
        type_of(cond).s);
    return;
  }
  if (is_shaped(cond) && is_shaped(t) && (cond->kind != t->kind || !same_dims(cond, t)))
    add(c, cond->kind != t->kind ? MS_CODE_MIXED_KINDS : MS_CODE_SHAPE_MISMATCH, 0, 1, -1,
        "the condition %s is %s: it must be i1 or have exactly the shape of the values (%s)", name_of(c, 0).s,
        type_of(cond).s, type_of(t).s);
  infer(c, t);
}

/* ---- arith.cmpf / cmpi ---- */

static void rule_compare(rule_ctx *c) {
  if (!want_count(c, 2, 2, "a comparison takes two operands") || !check_elements(c)) return;
  const ms_shape *a = &c->ops[0], *b = &c->ops[1];
  if (!same_type(a, b)) {
    add(c, MS_CODE_SAME_TYPE, 1, 0, -1, "%s is %s but %s is %s: both operands must have one type", name_of(c, 1).s,
        type_of(b).s, name_of(c, 0).s, type_of(a).s);
    return;
  }
  ms_shape want = *a;
  snprintf(want.elem, sizeof want.elem, "i1");
  if (c->res && !same_type(c->res, &want))
    add(c, MS_CODE_RESULT_TYPE, MS_FINDING_RESULT, 0, -1, "the result is %s but must be %s: i1 with the operands' shape",
        type_of(c->res).s, type_of(&want).s);
  infer(c, &want);
}

/* ---- vector.broadcast ---- */

static void rule_vector_broadcast(rule_ctx *c) {
  if (!want_count(c, 1, 1, "vector.broadcast takes one source")) return;
  const ms_shape *src = &c->ops[0], *res = c->res;
  if (res && res->kind != MS_TYPE_VECTOR) {
    add(c, MS_CODE_NOT_SHAPED, MS_FINDING_RESULT, -1, -1, "the result is %s but must be a vector", type_of(res).s);
    return;
  }
  if (is_shaped(src) && src->kind != MS_TYPE_VECTOR) {
    add(c, MS_CODE_NOT_SHAPED, 0, -1, -1, "the source %s is %s but must be a scalar or a vector", name_of(c, 0).s,
        type_of(src).s);
    return;
  }
  if (!res) return;
  if (!same_elem(src, res)) {
    add(c, MS_CODE_ELEMENT_TYPE, MS_FINDING_RESULT, 0, -1, "the result's element type %s differs from the source's %s",
        res->elem, src->elem);
    return;
  }
  if (!is_shaped(src)) {
    infer(c, res);
    return;
  }
  if (src->rank > res->rank) {
    add(c, MS_CODE_OPERAND_RANK, 0, -1, -1, "the source %s has rank %d, higher than the result's rank %d", name_of(c, 0).s,
        src->rank, res->rank);
    return;
  }
  int lead = res->rank - src->rank;
  for (int k = 0; k < src->rank; k++) {
    int64_t s = src->dims[k], r = res->dims[lead + k];
    bool ss = src->scalable[k], rs = res->scalable[lead + k];
    if ((s == 1 && !ss) || (s == r && ss == rs)) continue;
    char x[32], y[32];
    add(c, ss != rs && s == r ? MS_CODE_SCALABLE : MS_CODE_INCOMPATIBLE, 0, -1, lead + k,
        "dim %d of the source %s is %s but result dim %d is %s: a source dim must be 1 or equal (scalable only to "
        "scalable)",
        k, name_of(c, 0).s, dim_str(x, sizeof x, s, ss), lead + k, dim_str(y, sizeof y, r, rs));
    return;
  }
  infer(c, res);
}

/* ---- vector.shape_cast ---- */

static void rule_shape_cast(rule_ctx *c) {
  if (!want_count(c, 1, 1, "vector.shape_cast takes one source")) return;
  const ms_shape *src = &c->ops[0], *res = c->res;
  if (src->kind != MS_TYPE_VECTOR || (res && res->kind != MS_TYPE_VECTOR)) {
    int who = src->kind != MS_TYPE_VECTOR ? 0 : MS_FINDING_RESULT;
    add(c, MS_CODE_NOT_SHAPED, who, -1, -1, "%s is %s but must be a vector", name_of(c, who).s,
        type_of(who == 0 ? src : res).s);
    return;
  }
  if (!res) return;
  if (!same_elem(src, res))
    add(c, MS_CODE_ELEMENT_TYPE, MS_FINDING_RESULT, 0, -1, "the result's element type %s differs from the source's %s",
        res->elem, src->elem);
  else if (elements(src) != elements(res))
    add(c, MS_CODE_ELEMENT_COUNT, MS_FINDING_RESULT, 0, -1,
        "the source %s has %lld elements but the result %s has %lld: a shape cast keeps the element count",
        type_of(src).s, (long long)elements(src), type_of(res).s, (long long)elements(res));
  else if (scalable_count(src) != scalable_count(res))
    add(c, MS_CODE_SCALABLE, MS_FINDING_RESULT, 0, -1,
        "the source %s has %d scalable dims but the result %s has %d: a shape cast keeps their number", type_of(src).s,
        scalable_count(src), type_of(res).s, scalable_count(res));
  infer(c, res);
}

/* ---- vector.outerproduct ---- */

static void outer_product_checks(rule_ctx *c) {
  if (!want_count(c, 2, 3, "vector.outerproduct takes lhs, rhs and an optional accumulator")) return;
  const ms_shape *lhs = &c->ops[0], *rhs = &c->ops[1], *res = c->res;
  if (lhs->kind != MS_TYPE_VECTOR || lhs->rank != 1) {
    add(c, MS_CODE_OPERAND_RANK, 0, -1, -1, "the lhs %s is %s but must be a 1-d vector", name_of(c, 0).s, type_of(lhs).s);
    return;
  }
  bool outer = rhs->kind == MS_TYPE_VECTOR;
  ms_shape want = *lhs;
  if (outer) {
    if (rhs->rank != 1) {
      add(c, MS_CODE_OPERAND_RANK, 1, -1, -1, "the rhs %s is %s but must be a 1-d vector or a scalar", name_of(c, 1).s,
          type_of(rhs).s);
      return;
    }
    want.rank = 2;
    want.dims[1] = rhs->dims[0];
    want.scalable[1] = rhs->scalable[0];
    if (lhs->scalable[0] && !rhs->scalable[0]) {
      add(c, MS_CODE_SCALABLE, 0, 1, -1, "the lhs %s is scalable but the rhs %s is not: either both or only the rhs may be",
          type_of(lhs).s, type_of(rhs).s);
      return;
    }
  }
  if (res) {
    bool ok = res->kind == MS_TYPE_VECTOR && res->rank == want.rank;
    for (int k = 0; ok && k < want.rank; k++) ok = res->dims[k] == want.dims[k];
    if (!ok) {
      add(c, MS_CODE_RESULT_TYPE, MS_FINDING_RESULT, -1, -1, "the result is %s but the %s of %s and %s is %s",
          type_of(res).s, outer ? "outer product" : "AXPY", type_of(lhs).s, type_of(rhs).s, type_of(&want).s);
      return;
    }
  }
  const ms_shape *acc_want = res ? res : &want;
  if (c->nops == 3 && !same_type(&c->ops[2], acc_want))
    add(c, MS_CODE_RESULT_TYPE, 2, -1, -1, "the accumulator %s is %s but must have the result type %s", name_of(c, 2).s,
        type_of(&c->ops[2]).s, type_of(acc_want).s);
  infer(c, &want);
}

/* OuterProductOp::parse: the pretty form's result type, lhs dim 0 x rhs
** dim 0, or lhs dim 0 alone for a rhs that is no vector, scalable flags
** and lhs's element type kept; false where lhs is no vector of rank >= 1
** (the parser's "expected vector type for operand #1"). */
static bool outer_parser_type(const ms_shape *lhs, const ms_shape *rhs, ms_shape *out) {
  if (lhs->kind != MS_TYPE_VECTOR || !lhs->ranked || lhs->rank < 1 || !lhs->elem[0]) return false;
  if (rhs->kind == MS_TYPE_VECTOR && (!rhs->ranked || rhs->rank < 1)) return false;
  *out = *lhs;
  out->rank = 1;
  if (rhs->kind == MS_TYPE_VECTOR) {
    out->dims[1] = rhs->dims[0], out->scalable[1] = rhs->scalable[0];
    out->rank = 2;
  }
  return true;
}

/* The checks of OuterProductOp::verify. A pretty op writes no result type
** (c->res NULL): its result has the one its parser gives even where the
** verifier then fails, so later uses are checked against that type, as
** the parser checks them before any verifier runs. */
static void rule_outer_product(rule_ctx *c) {
  outer_product_checks(c);
  ms_shape parsed;
  if (!c->res && c->error && c->nops >= 2 && outer_parser_type(&c->ops[0], &c->ops[1], &parsed)) {
    c->out->has_inferred = c->out->parsed = true;
    c->out->inferred = parsed;
  }
}

/* ---- linalg.broadcast ---- */

static void rule_linalg_broadcast(rule_ctx *c) {
  if (!want_count(c, 2, 2, "linalg.broadcast takes an input and an init")) return;
  const ms_shape *in = &c->ops[0], *init = &c->ops[1];
  if (!is_shaped(in) || !is_shaped(init) || !in->ranked || !init->ranked) return;
  const ms_broadcast_options *o = c->opts;
  int nd = o->has_broadcast_dimensions ? o->nbroadcast_dimensions : 0;
  if (in->rank + nd != init->rank) {
    add(c, MS_CODE_DIMENSIONS, 1, 0, -1,
        "the input's rank %d plus %d added dimensions must be the init's rank, %d", in->rank, nd, init->rank);
    return;
  }
  bool added[MS_MAX_RANK] = {false};
  for (int i = 0; i < nd; i++) {
    int64_t d = o->broadcast_dimensions[i];
    if (d < 0 || d >= init->rank) {
      add(c, MS_CODE_DIMENSIONS, MS_FINDING_OP, -1, -1, "dimensions[%d] = %lld is out of range [0, %d]", i, (long long)d,
          init->rank - 1);
      return;
    }
    added[d] = true;
  }
  for (int k = 0, i = 0; k < init->rank && i < in->rank; k++) {
    if (added[k]) continue;
    if (in->dims[i] != init->dims[k]) {
      char x[32], y[32];
      add(c, MS_CODE_INCOMPATIBLE, 0, 1, k,
          "input dim %d is %s but it maps to init dim %d, which is %s: they must be equal (a size-1 dim does not "
          "stretch; list added dims in `dimensions`)",
          i, dim_str(x, sizeof x, in->dims[i], false), k, dim_str(y, sizeof y, init->dims[k], false));
      return;
    }
    i++;
  }
  if (!same_elem(in, init))
    add(c, MS_CODE_ELEMENT_TYPE, 1, 0, -1, "the init's element type %s differs from the input's %s", init->elem, in->elem);
  else if (c->res && !same_type(c->res, init))
    add(c, MS_CODE_RESULT_TYPE, MS_FINDING_RESULT, 1, -1, "the result is %s but must be the init's type %s",
        type_of(c->res).s, type_of(init).s);
  infer(c, init);
}

/* ---- linalg structured ops through their indexing maps ---- */

static int rank_of(const ms_shape *s) { return is_shaped(s) ? s->rank : 0; }

/* The map of operand i: the op's, or the identity of nloops dims. */
static int map_of(const rule_ctx *c, int i, int nloops, int8_t *out) {
  if (c->opts->has_maps) {
    memcpy(out, c->opts->maps[i], MS_MAX_RANK);
    return c->opts->map_rank[i];
  }
  /* Named ops map a rank-0 operand (a scalar) to no loop dims. */
  if (c->opts->rank0_operands && rank_of(&c->ops[i]) == 0) return 0;
  for (int k = 0; k < nloops; k++) out[k] = (int8_t)k;
  return nloops;
}

/* The verifier's static loop ranges: each loop's size from the first
** operand dim it indexes; false when one is dynamic or unknown (the
** verifier then checks no sizes). */
static bool loop_ranges(const rule_ctx *c, int nloops, int64_t *range) {
  for (int d = 0; d < nloops; d++) range[d] = MS_DIM_ABSENT;
  for (int i = 0; i < c->nops; i++) {
    int8_t map[MS_MAX_RANK];
    int m = map_of(c, i, nloops, map);
    for (int k = 0; k < m && k < rank_of(&c->ops[i]); k++)
      if (map[k] >= 0 && map[k] < nloops && range[map[k]] == MS_DIM_ABSENT) range[map[k]] = c->ops[i].dims[k];
  }
  for (int d = 0; d < nloops; d++)
    if (range[d] < 0) return false;
  return true;
}

/* The verifier's check of a map result that is not a plain dim: at loop
** values 0 and range - 1 it stays >= 0 and below the operand's size s
** (a `?` or 0 size is not checked). False after a finding. */
static bool check_lin(rule_ctx *c, int i, int k, int64_t s, const int64_t *range) {
  const ms_broadcast_options *o = c->opts;
  for (int j = 0; j < o->nlin; j++) {
    if (o->lin[j].map != i || o->lin[j].result != k) continue;
    int64_t lo = o->lin[j].cst, hi = o->lin[j].cst;
    for (int t = 0; t < o->lin[j].nterms; t++) hi += (int64_t)o->lin[j].coef[t] * (range[o->lin[j].dim[t]] - 1);
    int64_t least = lo < hi ? lo : hi, most = lo < hi ? hi : lo;
    if (least < 0) {
      add(c, MS_CODE_INDEXING_MAPS, i, -1, k, "dim %d of %s: its indexing expression is negative (%lld) at the loop bounds",
          k, name_of(c, i).s, (long long)least);
      return false;
    }
    if (s > 0 && most + 1 > s) {
      add(c, MS_CODE_INDEXING_MAPS, i, -1, k,
          "dim %d of %s is %lld but the indexing maps reach index %lld there: it must be at least %lld", k,
          name_of(c, i).s, (long long)s, (long long)most, (long long)most + 1);
      return false;
    }
    return true;
  }
  return true;
}

static void rule_indexing_maps(rule_ctx *c) {
  if (!want_count(c, 1, MS_MAX_OPERANDS, "the rule needs at least one operand")) return;
  const ms_broadcast_options *o = c->opts;
  /* LinalgInterfaces.cpp: every map has one dim per loop (iterator type). */
  if (o->has_maps && !o->maps_unreadable && o->has_iterators && o->nmaps > 0 && o->nloops != o->niterators) {
    add(c, MS_CODE_INDEXING_MAPS, MS_FINDING_OP, -1, -1,
        "expected indexing_map #0 to have %d dim(s) to match the number of loops", o->niterators);
    return;
  }
  for (int i = 0; i < c->nops; i++)
    if (is_shaped(&c->ops[i]) && !c->ops[i].ranked) return;
  if (o->has_maps && o->nmaps != c->nops) {
    add(c, MS_CODE_INDEXING_MAPS, MS_FINDING_OP, -1, -1, "%d indexing maps for %d operands: one map per operand",
        o->nmaps, c->nops);
    return;
  }
  int nloops = o->has_maps ? o->nloops : rank_of(&c->ops[c->nops - 1]);
  for (int i = 0; i < c->nops && !o->maps_unreadable; i++) {
    int8_t map[MS_MAX_RANK];
    int m = map_of(c, i, nloops, map);
    if (rank_of(&c->ops[i]) != m) {
      add(c, MS_CODE_OPERAND_RANK, i, -1, -1, "%s has rank %d but its indexing map has %d results", name_of(c, i).s,
          rank_of(&c->ops[i]), m);
      return;
    }
  }
  for (int i = 0; o->identical_shapes && i + 1 < c->nops; i++)
    for (int k = 0; k < rank_of(&c->ops[i]); k++)
      if (c->ops[i].dims[k] != c->ops[c->nops - 1].dims[k]) {
        add(c, MS_CODE_INDEXING_MAPS, i, c->nops - 1, k, "%s is %s but must have the init's shape %s (`?` only against `?`)",
            name_of(c, i).s, type_of(&c->ops[i]).s, type_of(&c->ops[c->nops - 1]).s);
        return;
      }
  int64_t range[MS_MAX_RANK];
  if (!o->maps_unreadable && nloops <= MS_MAX_RANK && loop_ranges(c, nloops, range)) {
    for (int i = 0; i < c->nops; i++) {
      int8_t map[MS_MAX_RANK];
      int m = map_of(c, i, nloops, map);
      for (int k = 0; k < m; k++) {
        int64_t s = c->ops[i].dims[k];
        if (map[k] < 0 && s > 0 && !check_lin(c, i, k, s, range)) return;
        if (s <= 0 || map[k] < 0) continue;
        int64_t want = range[map[k]] > 0 ? range[map[k]] : 1;
        if (want == s) continue;
        add(c, MS_CODE_INDEXING_MAPS, i, -1, k,
            "dim %d of %s is %lld but the indexing maps give loop d%d the size %lld (no implicit broadcasting: "
            "broadcast explicitly by an indexing map)",
            k, name_of(c, i).s, (long long)s, map[k], (long long)want);
        return;
      }
    }
  }
  /* Result r is the type of init r: the last nres operands (ins and outs of
  ** `%r:2 = linalg.generic ... outs(%a, %b : A, B)`). */
  for (int r = 0; c->res && r < c->nres && c->nops - c->nres + r >= 0; r++) {
    const ms_shape *init = &c->ops[c->nops - c->nres + r];
    if (!same_type(&c->res[r], init)) {
      add(c, MS_CODE_RESULT_TYPE, MS_FINDING_RESULT, c->nops - c->nres + r, -1,
          "the result is %s but must be the init's type %s", type_of(&c->res[r]).s, type_of(init).s);
      return;
    }
  }
  if (c->nres <= 1) infer(c, &c->ops[c->nops - 1]); /* one result: the last init's type */
}

/* ---- tensor.splat ---- */

static void rule_splat(rule_ctx *c) {
  int first = c->opts->sizes_only ? 0 : 1; /* operand 0 is the value, or a size too */
  if (!want_count(c, first, MS_MAX_OPERANDS, "tensor.splat takes a value and its dynamic sizes")) return;
  const ms_shape *res = c->res;
  if (!res) return;
  if (res->kind != MS_TYPE_TENSOR || !res->ranked) {
    add(c, MS_CODE_NOT_SHAPED, MS_FINDING_RESULT, -1, -1, "the result is %s but must be a ranked tensor", type_of(res).s);
    return;
  }
  int dynamic = 0;
  for (int k = 0; k < res->rank; k++) dynamic += res->dims[k] == MS_DIM_DYNAMIC;
  if (c->nops - first != dynamic) {
    add(c, MS_CODE_DYNAMIC_SIZES, MS_FINDING_RESULT, -1, -1,
        "%d dynamic sizes given but the result %s has %d `?` dims: one index operand per `?`", c->nops - first,
        type_of(res).s, dynamic);
    return;
  }
  if (first && (is_shaped(&c->ops[0]) || !same_elem(&c->ops[0], res)))
    add(c, MS_CODE_ELEMENT_TYPE, 0, -1, -1, "the value %s is %s but must be the result's element type %s",
        name_of(c, 0).s, type_of(&c->ops[0]).s, res->elem);
  infer(c, res);
}

/* ---- arith casts: SameOperandsAndResultShape with exact dims ---- */

/* One kind, rank and sizes; scalability per type, as verifyCompatibleShapes
** compares it. */
static bool same_sizes(const ms_shape *a, const ms_shape *b) {
  if (a->kind != b->kind || a->ranked != b->ranked || any_scalable(a) != any_scalable(b)) return false;
  if (!a->ranked) return true;
  if (a->rank != b->rank) return false;
  for (int k = 0; k < a->rank; k++)
    if (a->dims[k] != b->dims[k]) return false;
  return true;
}

static void rule_same_shape(rule_ctx *c) {
  if (!want_count(c, 1, 1, "a cast takes one operand")) return;
  const ms_shape *in = &c->ops[0], *res = c->res;
  if (res && (is_shaped(in) != is_shaped(res) || (is_shaped(in) && !same_sizes(in, res))))
    add(c, MS_CODE_SHAPE_MISMATCH, MS_FINDING_RESULT, 0, -1,
        "the result is %s but %s is %s: a cast keeps the kind of type and the shape exactly", type_of(res).s,
        name_of(c, 0).s, type_of(in).s);
  if (is_shaped(in)) infer(c, in);
}

bool ms_upstream_is_type_rule(ms_rule rule) {
  switch (rule) {
    case MS_RULE_SAME_TYPE:
    case MS_RULE_SELECT:
    case MS_RULE_COMPARE:
    case MS_RULE_VECTOR_BROADCAST:
    case MS_RULE_SHAPE_CAST:
    case MS_RULE_OUTER_PRODUCT:
    case MS_RULE_LINALG_BROADCAST:
    case MS_RULE_INDEXING_MAPS:
    case MS_RULE_SPLAT:
    case MS_RULE_SAME_SHAPE: return true;
    default: return false;
  }
}

/* A vector type with a `?` or a size below 1 is not a valid type
** (mlir-opt refuses it when parsing). */
static bool valid_vectors(rule_ctx *c) {
  for (int i = -1; i < c->nops; i++) {
    const ms_shape *s = i < 0 ? c->res : &c->ops[i];
    if (!s || s->kind != MS_TYPE_VECTOR || !s->ranked) continue;
    for (int k = 0; k < s->rank; k++)
      if (s->dims[k] < 1) {
        int who = i < 0 ? MS_FINDING_RESULT : i;
        add(c, MS_CODE_INVALID_TYPE, who, -1, k, "%s is %s: vector sizes must be positive constants",
            name_of(c, who).s, type_of(s).s);
        return false;
      }
  }
  return true;
}

bool ms_upstream_check(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands, int noperands,
                       const char *const *operand_names, const ms_shape *results, int nresults,
                       ms_broadcast_result *out) {
  static const ms_broadcast_options defaults;
  rule_ctx c = {opts ? opts : &defaults, operands, noperands, operand_names, nresults > 0 ? results : NULL,
                nresults > 0 ? nresults : 0, out, false};
  if (!ms_upstream_is_type_rule(rule)) return false;
  if (!valid_vectors(&c)) {
    out->noperands = noperands;
    return true;
  }
  switch (rule) {
    case MS_RULE_SAME_TYPE: rule_same_type(&c); break;
    case MS_RULE_SELECT: rule_select(&c); break;
    case MS_RULE_COMPARE: rule_compare(&c); break;
    case MS_RULE_VECTOR_BROADCAST: rule_vector_broadcast(&c); break;
    case MS_RULE_SHAPE_CAST: rule_shape_cast(&c); break;
    case MS_RULE_OUTER_PRODUCT: rule_outer_product(&c); break;
    case MS_RULE_LINALG_BROADCAST: rule_linalg_broadcast(&c); break;
    case MS_RULE_INDEXING_MAPS: rule_indexing_maps(&c); break;
    case MS_RULE_SPLAT: rule_splat(&c); break;
    case MS_RULE_SAME_SHAPE: rule_same_shape(&c); break;
    default: return false;
  }
  out->noperands = noperands;
  return true;
}

/* ---- affine maps ---- */

static const char *skip_ws(const char *p, const char *end) {
  while (p < end && isspace((unsigned char)*p)) p++;
  return p;
}

/* The end of one expression: a top-level ',' or the closing ')'. */
static const char *expr_end(const char *p, const char *end) {
  int depth = 0;
  for (; p < end; p++) {
    if (*p == '(') depth++;
    if (*p == ')' && depth-- == 0) return p;
    if (*p == ',' && depth == 0) return p;
  }
  return p;
}

/* `(d0, d1)` -> the names; returns the position after `)` or NULL. */
static const char *read_dims(const char *p, const char *end, const char **names, size_t *lens, int *n) {
  p = skip_ws(p, end);
  if (p >= end || *p != '(') return NULL;
  p++;
  *n = 0;
  for (;;) {
    p = skip_ws(p, end);
    if (p < end && *p == ')') return p + 1;
    const char *e = expr_end(p, end);
    if (e >= end || *n >= MS_MAX_RANK) return NULL;
    const char *t = e;
    while (t > p && isspace((unsigned char)t[-1])) t--;
    names[*n] = p;
    lens[(*n)++] = (size_t)(t - p);
    p = *e == ',' ? e + 1 : e;
  }
}

/* An integer constant at [p, e), trimmed. */
static bool read_const(const char *p, const char *e, int32_t *v) {
  while (p < e && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  if (p == e || e - p > 9) return false;
  int32_t x = 0;
  for (const char *q = p; q < e; q++) {
    if (!isdigit((unsigned char)*q)) return false;
    x = x * 10 + (*q - '0');
  }
  *v = x;
  return true;
}

/* The dim among names at [p, e), trimmed; -1 if none. */
static int read_dim(const char *p, const char *e, const char **names, const size_t *lens, int n) {
  while (p < e && isspace((unsigned char)*p)) p++;
  while (e > p && isspace((unsigned char)e[-1])) e--;
  for (int d = 0; d < n; d++)
    if ((size_t)(e - p) == lens[d] && !memcmp(p, names[d], lens[d])) return d;
  return -1;
}

/* Result k of map i, `d1 * 2 + d4 * 3 + 1`, as a linear form in o->lin;
** nothing when it has another form. */
static void read_lin(const char *p, size_t len, const char **names, const size_t *lens, int n,
                     ms_broadcast_options *o, int i, int k) {
  if (o->nlin >= (int)(sizeof o->lin / sizeof o->lin[0])) return;
  __typeof__(o->lin[0]) l = {.map = (int8_t)i, .result = (int8_t)k};
  const char *end = p + len;
  while (p < end) {
    const char *t = p;
    while (t < end && *t != '+') t++;
    const char *star = memchr(p, '*', (size_t)(t - p));
    int32_t c = 1;
    int d;
    if (!star) {
      d = read_dim(p, t, names, lens, n);
      if (d < 0 && !read_const(p, t, &c)) return;
    } else if ((d = read_dim(p, star, names, lens, n)) >= 0) {
      if (!read_const(star + 1, t, &c)) return;
    } else if (!read_const(p, star, &c) || (d = read_dim(star + 1, t, names, lens, n)) < 0) {
      return;
    }
    if (d < 0) l.cst += c;
    else if (l.nterms >= 4) return;
    else {
      l.dim[l.nterms] = (int8_t)d;
      l.coef[l.nterms++] = c;
    }
    p = t < end ? t + 1 : t;
  }
  o->lin[o->nlin++] = l;
}

/* One `affine_map<(dims)[syms] -> (results)>` at p into map i. */
static const char *read_map(const char *p, const char *end, ms_broadcast_options *o, int i, bool *ok) {
  const char *dn[MS_MAX_RANK], *rn[MS_MAX_RANK];
  size_t dl[MS_MAX_RANK], rl[MS_MAX_RANK];
  int nd, nr;
  p = read_dims(p, end, dn, dl, &nd);
  if (!p) return NULL;
  p = skip_ws(p, end);
  if (p < end && *p == '[') {
    while (p < end && *p != ']') p++;
    p = skip_ws(p + 1, end);
  }
  if (end - p < 2 || memcmp(p, "->", 2)) return NULL;
  p = read_dims(p + 2, end, rn, rl, &nr);
  if (!p) return NULL;
  if (i == 0) o->nloops = nd;
  else if (o->nloops != nd) *ok = false;
  o->map_rank[i] = (int8_t)nr;
  for (int k = 0; k < nr; k++) {
    o->maps[i][k] = -1;
    for (int d = 0; d < nd; d++)
      if (rl[k] == dl[d] && !memcmp(rn[k], dn[d], dl[d])) o->maps[i][k] = (int8_t)d;
    if (o->maps[i][k] < 0) read_lin(rn[k], rl[k], dn, dl, nd, o, i, k);
  }
  return p;
}

bool ms_upstream_parse_iterators(const char *text, size_t len, ms_broadcast_options *o) {
  const char *p = skip_ws(text, text + len), *end = text + len;
  if (p >= end || *p != '[') return false;
  int n = 0, depth = 0;
  bool item = false, quoted = false;
  for (p++; p < end; p++) {
    char ch = *p;
    if (quoted) {
      quoted = ch != '"';
      continue;
    }
    if (ch == '"') quoted = item = true;
    else if (ch == '<' || ch == '(' || ch == '[') depth++;
    else if ((ch == '>' || ch == ')') && depth > 0) depth--;
    else if (ch == ']' && depth > 0) depth--;
    else if (ch == ']' || (ch == ',' && depth == 0)) {
      if (!item && !(ch == ']' && n == 0)) return false; /* an empty entry */
      n += item;
      item = false;
      if (ch == ']') {
        o->niterators = n;
        o->has_iterators = true;
        return true;
      }
    } else if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') item = true;
  }
  return false;
}

bool ms_upstream_parse_maps(const char *text, size_t len, ms_broadcast_options *o) {
  const char *p = skip_ws(text, text + len), *end = text + len;
  if (p >= end || *p != '[') return false;
  o->has_maps = true;
  o->nmaps = 0;
  o->nlin = 0;
  bool ok = true;
  p++;
  for (;;) {
    p = skip_ws(p, end);
    if (p < end && *p == ']') break;
    if (o->nmaps >= MS_MAX_OPERANDS || end - p < 11 || memcmp(p, "affine_map<", 11)) {
      ok = false;
      break;
    }
    p = read_map(p + 11, end, o, o->nmaps++, &ok);
    if (!p) {
      ok = false;
      break;
    }
    p = skip_ws(p, end);
    if (p < end && *p == '>') p = skip_ws(p + 1, end);
    if (p < end && *p == ',') p++;
  }
  if (!ok) {
    o->has_maps = false;
    o->maps_unreadable = true;
  }
  return true;
}
