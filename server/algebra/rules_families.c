/*
** rules_families.c: broadcast rules and constraints of the dialect
** families (see rules_families.h), as their verifiers state them:
**
**   unidirectional  ONNX's one-way broadcasting (PRelu's slope onto X,
**                   Gemm's C onto the result, onnx-mlir ONNXOps.td.inc),
**                   TFLite's prelu (alpha onto the input, one rank less,
**                   tfl_ops.cc PReluOp::verify) and BroadcastTo (the input
**                   onto a constant shape): B right-aligned under X, each B
**                   dim 1 or equal; the result is X.
**   same-or-scalar  StableHLO's clamp (min/max scalar or the operand's
**                   shape) and select (pred scalar or the operands' shape),
**                   StablehloOps.cpp inferClampOp / inferSelectOp.
**   max_broadcast_rank  TFL_OperandsHaveSameShapesOrBroadcastableShape
**                   (tfl_ops.cc VerifyOperandsHaveSameShapesOrBroadcastableShape).
**   bounds          a static size above a `#stablehlo.bounds` bound where
**                   shapes must be identical (hlo::verifyCompatibleShape),
**                   or where broadcast_in_dim maps it onto a bounded dim.
**   static_result   StableHLO's "statically shaped or single bounded
**                   dimension tensor" result (broadcast_in_dim).
**   hints           dynamic_broadcast_in_dim's known_[non]expanding_dimensions:
**                   distinct dims of the operand (hlo::verifyDynamicBroadcastInDimOp).
**   same_elements   listed operands of one element type (CHLO's broadcasting
**                   ops, ChloOps.cpp "mismatched operand types").
**   element_types   every operand and result of a listed element type (ODS
**                   type constraints: CHLO mulhi's HLO_IntTensor).
**   compatible_when operands of compatible shapes, no broadcasting, when
**                   the element types are of given classes (TFLite's QI16
**                   add and mul, tfl_ops.cc Verify{Add,Mul}OpShapeConstraints).
**
** Findings use the codes of broadcast.h and fill the same result (inferred
** shape, findings, derivation rows) as the rules of broadcast.c do.
*/
#include "rules_families.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct fam {
  const ms_broadcast_options *opts;
  const ms_shape *ops;
  int nops;
  const char *const *names;
  const ms_shape *res;
  int nres;
  ms_broadcast_result *out;
  bool error;
} fam;

typedef struct label {
  char s[112];
} label;

static label name_of(const fam *f, int i) {
  label t;
  if (i == MS_FINDING_RESULT)
    snprintf(t.s, sizeof t.s, "the result");
  else if (f->names && i >= 0 && i < f->nops && f->names[i])
    snprintf(t.s, sizeof t.s, "%.64s", f->names[i]);
  else
    snprintf(t.s, sizeof t.s, "operand #%d", i);
  return t;
}

static label dims_of(const ms_shape *s) {
  label t;
  ms_shape_format(s, t.s, sizeof t.s);
  return t;
}

__attribute__((format(printf, 6, 7)))
static void add(fam *f, const char *code, int operand, int related, int dim, const char *fmt, ...) {
  f->error = true;
  va_list ap;
  va_start(ap, fmt);
  ms_broadcast_vfinding(f->out, MS_SEVERITY_ERROR, code, operand, related, dim, fmt, ap);
  va_end(ap);
}

static bool is_static(int64_t d) { return d >= 0; }

static bool fully_static(const ms_shape *s) {
  if (!s->ranked) return false;
  for (int i = 0; i < s->rank; i++)
    if (!is_static(s->dims[i])) return false;
  return true;
}

static bool shaped(fam *f, const ms_shape *s, int who) {
  if (s->kind != MS_TYPE_OTHER) return true;
  add(f, MS_CODE_NOT_SHAPED, who, -1, -1, "%s has type %s, but broadcasting needs a shaped type",
      name_of(f, who).s, s->elem);
  return false;
}

/* One derivation row per dim of the inferred shape. */
static void rows_from(fam *f, const ms_shape *inferred) {
  ms_broadcast_result *out = f->out;
  out->nrows = inferred->ranked ? inferred->rank : 0;
  for (int k = 0; k < out->nrows; k++) {
    ms_derivation_row *row = &out->rows[k];
    for (int i = 0; i < MS_MAX_OPERANDS; i++) row->operand_dims[i] = MS_DIM_ABSENT;
    for (int i = 0; i < f->nops && i < MS_MAX_OPERANDS; i++) {
      const ms_shape *s = &f->ops[i];
      int off = inferred->rank - s->rank;
      if (s->ranked && k >= off) row->operand_dims[i] = s->dims[k - off];
    }
    row->inferred = inferred->dims[k];
    row->declared = f->nres && f->res[0].ranked && f->res[0].rank == inferred->rank ? f->res[0].dims[k]
                                                                                     : MS_DIM_ABSENT;
    row->severity = 0;
    snprintf(row->verdict, sizeof row->verdict, "ok");
  }
}

/* The declared result against the inferred shape: same rank, static dims equal. */
static void check_result(fam *f, const ms_shape *inferred) {
  if (f->nres < 1 || f->res[0].kind == MS_TYPE_OTHER || !f->res[0].ranked || !inferred->ranked) return;
  const ms_shape *r = &f->res[0];
  if (r->rank != inferred->rank) {
    add(f, MS_CODE_RESULT_RANK, MS_FINDING_RESULT, -1, -1, "result has rank %d but the operands infer rank %d (%s)",
        r->rank, inferred->rank, dims_of(inferred).s);
    return;
  }
  for (int k = 0; k < r->rank; k++) {
    int64_t d = r->dims[k], n = inferred->dims[k];
    if (is_static(d) && is_static(n) && d != n) {
      add(f, MS_CODE_RESULT_DIM, MS_FINDING_RESULT, -1, k, "result dim %d is %lld but the operands infer %lld", k,
          (long long)d, (long long)n);
      if (k < f->out->nrows) snprintf(f->out->rows[k].verdict, sizeof f->out->rows[k].verdict,
                                      "result %lld vs inferred %lld", (long long)d, (long long)n);
    }
  }
}

static void set_inferred(fam *f, const ms_shape *s) {
  f->out->inferred = *s;
  f->out->inferred.torch = false;
  f->out->has_inferred = s->ranked;
}

/* ---- unidirectional ---- */

static void rule_unidirectional(fam *f) {
  if (f->nops != 1 && f->nops != 2) {
    add(f, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
        "rule unidirectional takes 2 operands (X, then B that broadcasts onto it) or 1 (onto the result), found %d",
        f->nops);
    return;
  }
  if (f->nops == 1 && f->nres < 1) {
    add(f, MS_CODE_RESULT_COUNT, MS_FINDING_OP, -1, -1, "rule unidirectional with one operand needs the result shape");
    return;
  }
  int xi = f->nops == 2 ? 0 : MS_FINDING_RESULT, bi = f->nops - 1;
  const ms_shape *x = f->nops == 2 ? &f->ops[0] : &f->res[0], *b = &f->ops[bi];
  /* An optional operand left out is a value of type none (Gemm's C). */
  if (b->kind == MS_TYPE_OTHER && !strcmp(b->elem, "none")) return;
  bool usable = shaped(f, x, xi);
  usable = shaped(f, b, bi) && usable; /* both reported */
  if (!usable) return;
  label xn = name_of(f, xi), bn = name_of(f, bi);
  if (!x->ranked || !b->ranked) {
    if (x->ranked) set_inferred(f, x);
    return;
  }
  int rd = f->opts->rank_difference;
  if (rd > 0 && fully_static(x) && fully_static(b) && x->rank - b->rank != rd) {
    add(f, MS_CODE_OPERAND_RANK, bi, xi, -1, "%s has rank %d but must have rank %d, %d less than %s (rank %d)", bn.s,
        b->rank, x->rank - rd, rd, xn.s, x->rank);
    return;
  }
  if (b->rank > x->rank) {
    add(f, MS_CODE_OPERAND_RANK, bi, xi, -1,
        "%s (rank %d) cannot broadcast onto %s of lower rank %d: broadcasting is one-way here", bn.s, b->rank, xn.s,
        x->rank);
    return;
  }
  ms_shape inferred = *x;
  bool ok = true;
  for (int i = 0; i < b->rank; i++) {
    int k = x->rank - b->rank + i;
    int64_t db = b->dims[i], dx = x->dims[k];
    if (!is_static(db) || !is_static(dx) || db == dx || db == 1) {
      if (!is_static(dx) && is_static(db) && db != 1) inferred.dims[k] = db;
      continue;
    }
    ok = false;
    if (dx == 1)
      add(f, MS_CODE_INCOMPATIBLE, bi, xi, k,
          "%s does not broadcast onto %s: dim %d of %s is %lld but dim %d of %s is 1 (one-way: %s does not stretch)",
          bn.s, xn.s, i, bn.s, (long long)db, k, xn.s, xn.s);
    else
      add(f, MS_CODE_INCOMPATIBLE, bi, xi, k,
          "%s does not broadcast onto %s: dim %d of %s is %lld but dim %d of %s is %lld (one-way: must be 1 or %lld)",
          bn.s, xn.s, i, bn.s, (long long)db, k, xn.s, (long long)dx, (long long)dx);
  }
  rows_from(f, &inferred);
  if (!ok) return;
  set_inferred(f, &inferred);
  if (f->nops == 2) check_result(f, &inferred);
}

/* ---- same-or-scalar ---- */

static bool may_be_scalar(const fam *f, int i) { return i < 32 && (f->opts->scalar_operands >> i) & 1u; }

static void rule_same_or_scalar(fam *f) {
  int ref = -1;
  for (int i = 0; i < f->nops && ref < 0; i++)
    if (!may_be_scalar(f, i)) ref = i;
  if (ref < 0) {
    add(f, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
        "rule same-or-scalar needs an operand that is not in scalar_operands");
    return;
  }
  bool ok = true;
  for (int i = 0; i < f->nops; i++) ok &= shaped(f, &f->ops[i], i);
  if (!ok) return;
  const ms_shape *r = &f->ops[ref];
  if (!r->ranked) return;
  ms_shape inferred = *r;
  label rn = name_of(f, ref);
  for (int i = 0; i < f->nops; i++) {
    const ms_shape *s = &f->ops[i];
    if (i == ref || !s->ranked || (may_be_scalar(f, i) && s->rank == 0)) continue;
    bool same = s->rank == r->rank;
    for (int k = 0; same && k < s->rank; k++)
      same = !is_static(s->dims[k]) || !is_static(r->dims[k]) || s->dims[k] == r->dims[k];
    if (same) {
      for (int k = 0; k < s->rank; k++)
        if (!is_static(inferred.dims[k])) inferred.dims[k] = s->dims[k];
      continue;
    }
    ok = false;
    add(f, MS_CODE_SHAPE_MISMATCH, i, ref, -1, "%s has shape %s but must %shave the shape %s of %s", name_of(f, i).s,
        dims_of(s).s, may_be_scalar(f, i) ? "be a scalar or " : "", dims_of(r).s, rn.s);
  }
  rows_from(f, &inferred);
  if (!ok) return;
  for (int i = 0; i < f->nops; i++)
    if (f->ops[i].ranked && !(may_be_scalar(f, i) && f->ops[i].rank == 0)) ms_shape_merge_bounds(&inferred, &f->ops[i]);
  set_inferred(f, &inferred);
  check_result(f, &inferred);
}

bool ms_family_rule(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands, int noperands,
                    const char *const *names, const ms_shape *results, int nresults, ms_broadcast_result *out) {
  static const ms_broadcast_options defaults;
  fam f = {opts ? opts : &defaults, operands, noperands, names, results, results ? nresults : 0, out, false};
  switch (rule) {
  case MS_RULE_UNIDIRECTIONAL: rule_unidirectional(&f); return true;
  case MS_RULE_SAME_OR_SCALAR: rule_same_or_scalar(&f); return true;
  default: return false;
  }
}

/* ---- constraints after any rule ---- */

/* TFLite kernels broadcast up to a rank; identical static shapes of any
** rank are fine, and shapes not known statically are accepted up to the
** limit, or above it when they come from one BroadcastArgs (the analyzer
** tells: opts.rank_limit_exempt). */
static void rank_limit(fam *f) {
  int limit = f->opts->max_broadcast_rank, max_rank = -1;
  bool unknown = false, same = true;
  const ms_shape *pivot = NULL;
  for (int i = 0; i < f->nops; i++) {
    const ms_shape *s = &f->ops[i];
    if (s->kind == MS_TYPE_OTHER || !s->ranked) {
      unknown = true;
      continue;
    }
    if (s->rank > max_rank) max_rank = s->rank;
    if (!fully_static(s)) {
      unknown = true;
      continue;
    }
    if (pivot && !ms_shape_equal(pivot, s)) same = false;
    if (!pivot) pivot = s;
  }
  if (max_rank <= limit) return;
  if (!unknown && !same)
    add(f, MS_CODE_RANK_LIMIT, MS_FINDING_OP, -1, -1,
        "operands of different shapes broadcast at rank %d, above this op's limit of %d (only identical shapes may "
        "have a higher rank)",
        max_rank, limit);
  else if (unknown && !f->opts->rank_limit_exempt)
    add(f, MS_CODE_RANK_LIMIT, MS_FINDING_OP, -1, -1,
        "operands of rank %d have sizes not known statically, so they may broadcast above this op's limit of rank "
        "%d (allowed only when their shapes come from one BroadcastArgs)",
        max_rank, limit);
}

/* Shapes that must be identical: a static size above the other's bound. */
static void bounds(fam *f) {
  int n = f->nops + (f->nres > 0 ? 1 : 0);
  for (int a = 0; a < n; a++) {
    const ms_shape *sa = a < f->nops ? &f->ops[a] : &f->res[0];
    if (!sa->bounded || !sa->ranked) continue;
    for (int b = 0; b < n; b++) {
      const ms_shape *sb = b < f->nops ? &f->ops[b] : &f->res[0];
      if (b == a || !sb->ranked || sb->rank != sa->rank) continue;
      for (int k = 0; k < sa->rank; k++) {
        int64_t bound = sa->bounds[k], d = sb->dims[k];
        if (!is_static(bound) || !is_static(d) || d <= bound) continue;
        int wa = a < f->nops ? a : MS_FINDING_RESULT, wb = b < f->nops ? b : MS_FINDING_RESULT;
        add(f, MS_CODE_BOUND, MS_FINDING_OP, -1, k,
            "dim %d of %s is %lld, above the bound %lld of the same dim of %s (the shapes must be identical)", k,
            name_of(f, wb).s, (long long)d, (long long)bound, name_of(f, wa).s);
      }
    }
  }
}

/* StableHLO's "statically shaped or single bounded dimension tensor". */
static void static_result(fam *f) {
  if (f->nres < 1 || f->res[0].kind == MS_TYPE_OTHER) return;
  const ms_shape *r = &f->res[0];
  int dynamic = 0, bounded = 0;
  for (int k = 0; r->ranked && k < r->rank; k++)
    if (!is_static(r->dims[k])) {
      dynamic++;
      bounded += r->bounded && is_static(r->bounds[k]);
    }
  if (r->ranked && (dynamic == 0 || (dynamic == 1 && bounded == 1))) return;
  label t;
  ms_shape_format(r, t.s, sizeof t.s);
  add(f, MS_CODE_NOT_STATIC, MS_FINDING_RESULT, -1, -1,
      "the result (%s) must be statically shaped or have a single bounded dynamic dim", t.s);
}

/* An element type judged by same_elements / element_types: a builtin
** one, whole (not truncated); dialect types (`!quant.uniform<...>`, whose
** compatibility StableHLO decides by its parameters) and aliases are not. */
static bool judged_elem(const ms_shape *s) {
  size_t n = strlen(s->elem);
  return (s->kind == MS_TYPE_TENSOR || s->kind == MS_TYPE_VECTOR) && n > 0 && n < sizeof s->elem - 1 &&
         s->elem[0] != '!' && !strchr(s->elem, '!') && !strchr(s->elem, ' ');
}

/* same_elements: the listed operands have one element type
** (ChloOps.cpp: "mismatched operand types"). */
static void same_elements(fam *f) {
  int first = -1;
  for (int i = 0; i < f->nops && i < 32; i++) {
    if (!((f->opts->same_elements >> i) & 1u) || !judged_elem(&f->ops[i])) continue;
    if (first < 0) {
      first = i;
    } else if (strcmp(f->ops[first].elem, f->ops[i].elem) != 0) {
      add(f, MS_CODE_ELEMENT_TYPE, i, first, -1, "mismatched operand types: %s has %s elements but %s has %s",
          name_of(f, i).s, f->ops[i].elem, name_of(f, first).s, f->ops[first].elem);
      return;
    }
  }
}

static bool listed_elem(const char *list, const char *e) {
  size_t n = strlen(e);
  for (const char *p = list; *p;) {
    const char *q = strchr(p, ',');
    size_t len = q ? (size_t)(q - p) : strlen(p);
    if (len == n && !memcmp(p, e, n)) return true;
    if (!q) break;
    p = q + 1;
  }
  return false;
}

/* element_types: every operand and result has one of the listed element
** types (an ODS type constraint, e.g. HLO_IntTensor). */
static void element_types(fam *f) {
  for (int i = 0; i < f->nops + f->nres; i++) {
    const ms_shape *s = i < f->nops ? &f->ops[i] : &f->res[i - f->nops];
    int who = i < f->nops ? i : MS_FINDING_RESULT;
    if (!judged_elem(s) || listed_elem(f->opts->element_types, s->elem)) continue;
    add(f, MS_CODE_ELEMENT_TYPE, who, -1, -1, "%s has %s elements, but this op takes only %s", name_of(f, who).s,
        s->elem, f->opts->element_types);
    return;
  }
}

/* Whether elem is of class cls (n bytes): the builtin name itself, or for
** a `!quant.` type `q` + its storage, `qi8` signed or `qui8` unsigned (the
** storage written `i8`/`si8` or `u8`/`ui8`, as MLIR's quant parser reads
** it); other dialect types are of no class. */
static bool elem_in_class(const char *elem, const char *cls, size_t n) {
  if (strlen(elem) == n && !memcmp(elem, cls, n)) return true;
  if (strncmp(elem, "!quant.", 7) != 0) return false;
  const char *p = strchr(elem, '<');
  if (!p) return false;
  p++;
  bool is_unsigned = *p == 'u';
  if (!strncmp(p, "ui", 2) || !strncmp(p, "si", 2)) p += 2;
  else if (*p == 'u' || *p == 'i') p++;
  else return false;
  int width = 0, digits = 0;
  for (; *p >= '0' && *p <= '9' && digits < 4; p++, digits++) width = width * 10 + (*p - '0');
  if (!digits || (*p != ':' && *p != '<')) return false;
  char buf[16];
  snprintf(buf, sizeof buf, "q%si%d", is_unsigned ? "u" : "", width);
  return strlen(buf) == n && !memcmp(buf, cls, n);
}

static bool elem_in_classes(const char *elem, const char *list) {
  for (const char *p = list; *p;) {
    const char *q = strchr(p, ',');
    size_t len = q ? (size_t)(q - p) : strlen(p);
    if (elem_in_class(elem, p, len)) return true;
    if (!q) break;
    p = q + 1;
  }
  return false;
}

/* compatible_when: every listed position has an element type of its
** classes (a position the op lacks, or a type that is not a tensor's or a
** vector's, makes it false). */
static bool compat_when_holds(const fam *f) {
  const ms_broadcast_options *o = f->opts;
  for (int i = 0; i < o->ncompat_when; i++) {
    int who = o->compat_when[i].who;
    const ms_shape *s = who == MS_FINDING_RESULT ? (f->nres > 0 ? &f->res[0] : NULL)
                        : who >= 0 && who < f->nops ? &f->ops[who] : NULL;
    if (!s || (s->kind != MS_TYPE_TENSOR && s->kind != MS_TYPE_VECTOR)) return false;
    if (!elem_in_classes(s->elem, o->compat_when[i].classes)) return false;
  }
  return o->ncompat_when > 0;
}

/* The operands have compatible shapes (mlir::verifyCompatibleShape): an
** unranked one is compatible with any; ranked ones have one rank and
** equal sizes where both are static. */
static void compatible_shapes(fam *f) {
  int first = -1;
  for (int i = 0; i < f->nops; i++) {
    const ms_shape *s = &f->ops[i];
    if (s->kind == MS_TYPE_OTHER || !s->ranked) continue;
    if (first < 0) {
      first = i;
      continue;
    }
    const ms_shape *a = &f->ops[first];
    label ta, tb;
    ms_shape_format(a, ta.s, sizeof ta.s);
    ms_shape_format(s, tb.s, sizeof tb.s);
    bool ok = a->rank == s->rank;
    for (int k = 0; ok && k < s->rank; k++)
      ok = !is_static(a->dims[k]) || !is_static(s->dims[k]) || a->dims[k] == s->dims[k];
    if (!ok) {
      add(f, MS_CODE_SHAPE_MISMATCH, i, first, -1,
          "with these element types the operands must have compatible shapes, without broadcasting: %s is %s but "
          "%s is %s",
          name_of(f, i).s, tb.s, name_of(f, first).s, ta.s);
      return;
    }
  }
}

/* Hints name operand dims: each in range, none twice (across the lists). */
static void hints(fam *f) {
  if (f->nops < 1 || !f->ops[0].ranked) return;
  int rank = f->ops[0].rank;
  for (int i = 0; i < f->opts->nhints; i++) {
    int64_t d = f->opts->hints[i];
    if (d < 0 || d >= rank) {
      add(f, MS_CODE_DIMENSION_HINTS, MS_FINDING_OP, -1, -1,
          "the hint for dimension %lld does not name a dimension of %s (rank %d)", (long long)d, name_of(f, 0).s, rank);
      return;
    }
    for (int j = 0; j < i; j++)
      if (f->opts->hints[j] == d) {
        add(f, MS_CODE_DIMENSION_HINTS, MS_FINDING_OP, -1, -1,
            "dimension %lld of %s has more than one expansion hint", (long long)d, name_of(f, 0).s);
        return;
      }
  }
}

/* xla-in-dim: an operand dim of static size d > 1 lands on a result dim
** that must then be d; a bound below d makes that impossible. */
static void bounds_in_dim(fam *f) {
  if (f->nops < 1 || f->nres < 1 || !f->res[0].bounded || !f->ops[0].ranked || !f->res[0].ranked) return;
  const ms_shape *x = &f->ops[0], *r = &f->res[0];
  const ms_broadcast_options *o = f->opts;
  for (int i = 0; i < x->rank && i < o->nbroadcast_dimensions; i++) {
    int64_t k = o->broadcast_dimensions[i];
    if (k < 0 || k >= r->rank || !is_static(x->dims[i]) || x->dims[i] <= 1) continue;
    int64_t bound = r->bounds[k];
    if (is_static(bound) && x->dims[i] > bound)
      add(f, MS_CODE_BOUND, MS_FINDING_OP, -1, (int)k,
          "dim %d of %s is %lld but it maps to dim %lld of the result, whose bound is %lld", i, name_of(f, 0).s,
          (long long)x->dims[i], (long long)k, (long long)bound);
  }
}

bool ms_family_constraints(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands,
                           int noperands, const char *const *names, const ms_shape *results, int nresults,
                           ms_broadcast_result *out) {
  static const ms_broadcast_options defaults;
  fam f = {opts ? opts : &defaults, operands, noperands, names, results, results ? nresults : 0, out, false};
  if (compat_when_holds(&f)) compatible_shapes(&f);
  else if (f.opts->max_broadcast_rank > 0) rank_limit(&f);
  if (rule == MS_RULE_NONE || rule == MS_RULE_SAME_OR_SCALAR) bounds(&f);
  if (rule == MS_RULE_XLA_IN_DIM && f.opts->has_broadcast_dimensions) bounds_in_dim(&f);
  if (f.opts->static_result) static_result(&f);
  if (f.opts->nhints) hints(&f);
  if (f.opts->same_elements) same_elements(&f);
  if (f.opts->element_types) element_types(&f);
  return !f.error;
}
