/*
** broadcast.c: the broadcast algebra (see broadcast.h).
**
** Every rule fills the same ms_broadcast_result: the inferred shape, the
** findings (what the linter reports) and one derivation row per dim of the
** broadcast shape (what the language server shows on hover). The rules share
** two building blocks: a right-aligned, numpy-style fold over the ranked
** operands (mlir, numpy, bidirectional, same-rank xla) and the comparison
** of a declared result against the inferred shape.
**
** The mlir rule has two profiles. `upstream` reproduces mlir-opt-22
** (OpTrait::impl::verifyCompatibleOperandBroadcast), which is more lenient
** than the trait's documentation: it compares only the trailing dims of a
** result of higher rank and lets an inferred `?` meet a static result dim.
** Those cases are warnings there; `strict` (the document) makes them errors.
**
** Pure and reentrant: fixed arrays only, messages via vsnprintf.
*/
#include "broadcast.h"
#include "rules_families.h"
#include "upstream.h"

#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static const char *const rule_names[MS_RULE__COUNT] = {
  "mlir", "numpy", "pdpd", "bidirectional", "xla", "xla-in-dim", "none", "unidirectional", "same-or-scalar",
  "same-type", "select", "compare", "vector-broadcast", "shape-cast", "outer-product",
  "linalg-broadcast", "indexing-maps", "splat", "same-shape",
};

const char *ms_rule_name(ms_rule rule) {
  return (unsigned)rule < MS_RULE__COUNT ? rule_names[rule] : "?";
}

bool ms_rule_from_name(const char *name, size_t len, ms_rule *out) {
  for (int i = 0; i < MS_RULE__COUNT; i++) {
    if (strlen(rule_names[i]) == len && !memcmp(rule_names[i], name, len)) {
      *out = (ms_rule)i;
      return true;
    }
  }
  return false;
}

/* Everything a rule needs while it runs. */
typedef struct ctx {
  ms_rule rule;
  const ms_broadcast_options *opts;
  const ms_shape *ops;
  int nops;
  const char *const *names;
  const ms_shape *res;
  int nres;
  const char *rname;
  ms_broadcast_result *out;
  bool error;          /* an error was found, even if its finding was dropped */
  bool usable[MS_MAX_OPERANDS]; /* operand is a shape the rule can use */
} ctx;

typedef struct text {
  char s[112];
} text;

/* ---- small formatting helpers ---- */

/* Every op's derivation rows name dims: digits by hand, not snprintf's
** parsing of a format (it showed in profiles of long functions). */
static text dim_text(int64_t d) {
  text t;
  if (d == MS_DIM_DYNAMIC || d == MS_DIM_ABSENT) {
    t.s[0] = d == MS_DIM_DYNAMIC ? '?' : '-';
    t.s[1] = '\0';
    return t;
  }
  char digits[24];
  int n = 0;
  uint64_t u = d < 0 ? 0 - (uint64_t)d : (uint64_t)d;
  do digits[n++] = (char)('0' + u % 10); while ((u /= 10) != 0);
  int k = 0;
  if (d < 0) t.s[k++] = '-';
  while (n > 0) t.s[k++] = digits[--n];
  t.s[k] = '\0';
  return t;
}

static text shape_text(const ms_shape *s) {
  text t;
  ms_shape_format_type(s, t.s, sizeof t.s);
  return t;
}

static text name_of(const ctx *c, int i) {
  text t;
  if (i == MS_FINDING_RESULT) {
    if (c->rname)
      snprintf(t.s, sizeof t.s, "result %.60s", c->rname);
    else
      snprintf(t.s, sizeof t.s, "the result");
  } else if (c->names && i >= 0 && c->names[i]) {
    snprintf(t.s, sizeof t.s, "%.64s", c->names[i]);
  } else if (c->rule == MS_RULE_BIDIRECTIONAL && (i == 0 || i == 1)) {
    snprintf(t.s, sizeof t.s, i == 0 ? "the input" : "the target shape");
  } else if (c->rule == MS_RULE_PDPD && (i == 0 || i == 1)) {
    snprintf(t.s, sizeof t.s, i == 0 ? "A (operand #0)" : "B (operand #1)");
  } else {
    snprintf(t.s, sizeof t.s, "operand #%d", i);
  }
  return t;
}

/* Capitalized "Result" is not needed: messages never start with a name. */

void ms_broadcast_vfinding(ms_broadcast_result *out, ms_severity severity, const char *code, int operand,
                           int related, int dim, const char *fmt, va_list ap) {
  if (out->nfindings >= MS_MAX_FINDINGS) return;
  ms_finding *f = &out->findings[out->nfindings++];
  f->severity = severity;
  f->code = code;
  f->operand = operand;
  f->related = related;
  f->dim = dim;
  vsnprintf(f->message, sizeof f->message, fmt, ap);
}

__attribute__((format(printf, 7, 8)))
static void add(ctx *c, ms_severity sev, const char *code, int operand, int related, int dim,
                const char *fmt, ...) {
  if (sev == MS_SEVERITY_ERROR) c->error = true;
  va_list ap;
  va_start(ap, fmt);
  ms_broadcast_vfinding(c->out, sev, code, operand, related, dim, fmt, ap);
  va_end(ap);
}

/* ---- derivation rows ---- */

static void rows_init(ctx *c, int nrows) {
  ms_broadcast_result *out = c->out;
  assert(nrows >= 0 && nrows <= MS_MAX_RANK);
  out->nrows = nrows;
  for (int r = 0; r < nrows; r++) {
    ms_derivation_row *row = &out->rows[r];
    for (int i = 0; i < MS_MAX_OPERANDS; i++) row->operand_dims[i] = MS_DIM_ABSENT;
    row->inferred = MS_DIM_ABSENT;
    row->declared = MS_DIM_ABSENT;
    row->severity = 0;
    row->verdict[0] = '\0';
  }
}

/* Sets the verdict unless a more severe one is already there. Severity 0
** (fine) only fills an empty verdict. */
__attribute__((format(printf, 4, 5)))
static void verdict(ctx *c, int r, ms_severity sev, const char *fmt, ...) {
  if (r < 0 || r >= c->out->nrows) return;
  ms_derivation_row *row = &c->out->rows[r];
  bool replace = sev == 0 ? row->verdict[0] == '\0'
                          : row->severity == 0 || (int)sev < (int)row->severity;
  if (!replace) return;
  row->severity = sev;
  if (!strchr(fmt, '%')) {
    /* "ok", "new dim": most rows' verdict is a fixed word. */
    size_t n = strlen(fmt);
    if (n >= sizeof row->verdict) n = sizeof row->verdict - 1;
    memcpy(row->verdict, fmt, n);
    row->verdict[n] = '\0';
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(row->verdict, sizeof row->verdict, fmt, ap);
  va_end(ap);
}

/* ---- dimension algebra ---- */

static bool is_static(int64_t d) { return d >= 0; }

/* Two dims broadcast when equal, when one is 1, or when one is dynamic. */
static bool dims_compatible(int64_t a, int64_t b) {
  return !is_static(a) || !is_static(b) || a == b || a == 1 || b == 1;
}

/* The broadcast of two compatible dims, as LLVM's getBroadcastedShape (and
** the trait document's InferDim table): a static dim > 1 wins, a 1 yields
** the other dim, anything else left is dynamic. */
static int64_t infer_dim(int64_t a, int64_t b) {
  if (is_static(a) && is_static(b)) return a == 1 ? b : a;
  if (a > 1) return a;
  if (b > 1) return b;
  if (a == 1) return b;
  if (b == 1) return a;
  return MS_DIM_DYNAMIC;
}

/* ---- operand properties ---- */

static bool shaped_kind(ms_type_kind k) { return k != MS_TYPE_OTHER; }

/* Marks operands the rule can use; not-shaped (and, for mlir, memref or
** vectors under tensor_only) are reported once. Returns false on error. */
static bool check_kinds(ctx *c) {
  bool ok = true, tensor = false, vector = false;
  int first_vector = -1, first_tensor = -1;
  for (int i = 0; i <= c->nops; i++) {
    const ms_shape *s = i == c->nops ? (c->nres ? &c->res[0] : NULL) : &c->ops[i];
    if (!s) continue;
    int who = i == c->nops ? MS_FINDING_RESULT : i;
    bool usable = shaped_kind(s->kind);
    if (c->rule == MS_RULE_MLIR && s->kind == MS_TYPE_MEMREF) usable = false;
    if (!usable) {
      add(c, MS_SEVERITY_ERROR, MS_CODE_NOT_SHAPED, who, -1, -1,
          "%s has type %s, but %s", name_of(c, who).s, shape_text(s).s,
          c->rule == MS_RULE_MLIR ? "the Broadcastable trait accepts only tensor and vector types"
                                  : "broadcasting needs a shaped type");
      ok = false;
    } else if (s->kind == MS_TYPE_VECTOR && c->opts->tensor_only) {
      add(c, MS_SEVERITY_ERROR, MS_CODE_NOT_SHAPED, who, -1, -1,
          "%s has type %s, but this op accepts only tensor types", name_of(c, who).s,
          shape_text(s).s);
      usable = false;
      ok = false;
    }
    if (s->kind == MS_TYPE_TENSOR) tensor = true, first_tensor = first_tensor < 0 ? who : first_tensor;
    if (s->kind == MS_TYPE_VECTOR) vector = true, first_vector = first_vector < 0 ? who : first_vector;
    if (i < c->nops) c->usable[i] = usable;
  }
  if (tensor && vector && !c->opts->tensor_only) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_MIXED_KINDS, first_vector, first_tensor, -1,
        "cannot broadcast vector with tensor: %s is a vector but %s is a tensor",
        name_of(c, first_vector).s, name_of(c, first_tensor).s);
    ok = false;
  }
  return ok;
}

static bool is_ranked(const ctx *c, int i) { return c->usable[i] && c->ops[i].ranked; }

/* opts.equal_ranks: every ranked operand has the rank of the first one. */
static void check_equal_ranks(ctx *c) {
  if (!c->opts->equal_ranks) return;
  int ref = -1;
  for (int i = 0; i < c->nops; i++) {
    if (!is_ranked(c, i)) continue;
    if (ref < 0) {
      ref = i;
      continue;
    }
    if (c->ops[i].rank != c->ops[ref].rank)
      add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_RANK, i, ref, -1,
          "operands must have equal ranks: %s has rank %d but %s has rank %d", name_of(c, i).s,
          c->ops[i].rank, name_of(c, ref).s, c->ops[ref].rank);
  }
}

/* The kind and element type the inferred shape is displayed with. */
static void inferred_init(ctx *c, int rank) {
  ms_shape *s = &c->out->inferred;
  memset(s, 0, sizeof *s);
  s->kind = MS_TYPE_NONE;
  s->ranked = rank >= 0;
  s->rank = rank >= 0 ? rank : 0;
  for (int i = 0; i < c->nops; i++) {
    if (c->usable[i] && c->ops[i].kind != MS_TYPE_NONE) {
      s->kind = c->ops[i].kind;
      memcpy(s->elem, c->ops[i].elem, sizeof s->elem);
      break;
    }
  }
}

/* ---- the right-aligned fold (mlir, numpy, bidirectional, xla same rank) ---- */

/* "operands " before two names the caller gave; default names read
** "operand #0 and operand #1" without it. */
static const char *pair_word(const ctx *c) { return c->names ? "operands " : ""; }

/* Names operand i's dim at broadcast dim k, adding the broadcast numbering
** when the operand's rank differs from the broadcast rank R. */
static text where(const ctx *c, int i, int k, int R) {
  text t;
  int own = k - (R - c->ops[i].rank);
  if (c->ops[i].rank == R)
    snprintf(t.s, sizeof t.s, "dim %d of %.40s", k, name_of(c, i).s);
  else
    snprintf(t.s, sizeof t.s, "dim %d of %.30s (dim %d of the broadcast shape)", own,
             name_of(c, i).s, k);
  return t;
}

static void report_incompatible(ctx *c, int i, int src, int k, int R) {
  int64_t a = c->ops[src].dims[k - (R - c->ops[src].rank)];
  int64_t b = c->ops[i].dims[k - (R - c->ops[i].rank)];
  text na = name_of(c, src), nb = name_of(c, i);
  if (c->ops[src].rank == R && c->ops[i].rank == R)
    add(c, MS_SEVERITY_ERROR, MS_CODE_INCOMPATIBLE, i, src, k,
        "%s%s and %s are not broadcast-compatible: dim %d is %lld in %s but %lld in %s",
        pair_word(c), na.s, nb.s, k, (long long)a, na.s, (long long)b, nb.s);
  else
    add(c, MS_SEVERITY_ERROR, MS_CODE_INCOMPATIBLE, i, src, k,
        "%s%s and %s are not broadcast-compatible: %s is %lld but %s is %lld", pair_word(c), na.s,
        nb.s, where(c, src, k, R).s, (long long)a, where(c, i, k, R).s, (long long)b);
  verdict(c, k, MS_SEVERITY_ERROR, "%lld vs %lld: mismatch", (long long)a, (long long)b);
}

/* The trait's undefined-behaviour rows: `?` against a static size > 1. */
static void hint_undefined(ctx *c, int dyn, int stat, int k, int R, int64_t size) {
  add(c, MS_SEVERITY_HINT, MS_CODE_UNDEFINED, dyn, stat, k,
      "%s is dynamic and %s is %lld: undefined behaviour at run time unless the dynamic size "
      "is 1 or %lld",
      where(c, dyn, k, R).s, where(c, stat, k, R).s, (long long)size, (long long)size);
  verdict(c, k, MS_SEVERITY_HINT, "? vs %lld: UB unless 1 or %lld", (long long)size,
          (long long)size);
}

/* One broadcast dim k over the ranked operands; returns false on conflict. */
static bool fold_dim(ctx *c, int k, int R, bool hints, int64_t *out_dim) {
  int64_t acc = MS_DIM_ABSENT;
  int src = -1;
  bool ok = true, absent = false;
  for (int i = 0; i < c->nops; i++) {
    if (!is_ranked(c, i)) continue;
    int off = R - c->ops[i].rank;
    if (k < off) {
      absent = true;   /* ExpandRank: an implicit 1 */
      continue;
    }
    int64_t d = c->ops[i].dims[k - off];
    c->out->rows[k].operand_dims[i] = d;
    if (acc == MS_DIM_ABSENT) {
      acc = d, src = i;
      continue;
    }
    if (!dims_compatible(acc, d)) {
      report_incompatible(c, i, src, k, R);
      ok = false;
      continue;
    }
    if (hints && acc == MS_DIM_DYNAMIC && d > 1) hint_undefined(c, src, i, k, R, d);
    if (hints && d == MS_DIM_DYNAMIC && acc > 1) hint_undefined(c, i, src, k, R, acc);
    int64_t next = infer_dim(acc, d);
    if (next != acc) src = i;
    acc = next;
  }
  *out_dim = acc;
  if (!ok) return false;
  c->out->rows[k].inferred = acc;
  bool same = !absent;
  for (int i = 0; i < c->nops && i < MS_MAX_OPERANDS; i++) {
    int64_t d = c->out->rows[k].operand_dims[i];
    if (is_ranked(c, i) && d != MS_DIM_ABSENT && d != acc) same = false;
  }
  if (same)
    verdict(c, k, 0, "ok");
  else
    verdict(c, k, 0, "broadcast 1->%s", dim_text(acc).s);
  return true;
}

/* Folds the ranked operands; returns the broadcast rank, or -1 when no
** operand is ranked. Sets *ok to false on an incompatible pair. */
static int fold(ctx *c, bool hints, bool *ok) {
  int R = -1;
  for (int i = 0; i < c->nops; i++)
    if (is_ranked(c, i) && c->ops[i].rank > R) R = c->ops[i].rank;
  *ok = true;
  inferred_init(c, R);
  if (R < 0) return R;
  rows_init(c, R);
  for (int k = 0; k < R; k++) {
    int64_t d;
    if (!fold_dim(c, k, R, hints, &d)) *ok = false;
    c->out->inferred.dims[k] = d;
  }
  return R;
}

/* ---- the declared result ---- */

typedef struct result_profile {
  bool trailing_only;  /* upstream mlir: a higher-rank result is compared by its suffix */
  bool strict;         /* lenient cases are errors */
} result_profile;

static ms_severity lenient(result_profile p) {
  return p.strict ? MS_SEVERITY_ERROR : MS_SEVERITY_WARNING;
}

/* Shifts the rows down so that a result of higher rank gets rows of its own. */
static void rows_grow(ctx *c, int extra) {
  ms_broadcast_result *out = c->out;
  int R = out->nrows;
  assert(R + extra <= MS_MAX_RANK);
  memmove(&out->rows[extra], &out->rows[0], (size_t)R * sizeof out->rows[0]);
  for (int r = 0; r < extra; r++) {
    ms_derivation_row *row = &out->rows[r];
    for (int i = 0; i < MS_MAX_OPERANDS; i++) row->operand_dims[i] = MS_DIM_ABSENT;
    row->inferred = MS_DIM_ABSENT;
    row->declared = c->res[0].dims[r];
    row->severity = 0;
    snprintf(row->verdict, sizeof row->verdict, "extra result dim");
  }
  out->nrows = R + extra;
}

static void result_dim(ctx *c, result_profile p, int j, int rr, int R, int row) {
  int64_t inf = c->out->inferred.dims[j];
  int64_t rd = c->res[0].dims[rr - R + j];
  c->out->rows[row].declared = rd;
  bool differs = is_static(rd) && is_static(inf) && rd != inf;
  if (!differs && !(is_static(rd) && inf == MS_DIM_DYNAMIC)) return;
  /* The names only a finding reads (most dims agree). */
  text rn = name_of(c, MS_FINDING_RESULT);
  text label;
  if (rr == R)
    snprintf(label.s, sizeof label.s, "dim %d", j);
  else
    snprintf(label.s, sizeof label.s, "dim %d (dim %d of the inferred shape)", rr - R + j, j);
  if (differs) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_RESULT_DIM, MS_FINDING_RESULT, -1, j,
        "%s %s is %lld but the operands infer %lld", !strcmp(rn.s, "the result") ? "result" : rn.s,
        label.s, (long long)rd, (long long)inf);
    verdict(c, row, MS_SEVERITY_ERROR, "result %lld vs inferred %lld", (long long)rd,
            (long long)inf);
  } else if (is_static(rd) && inf == MS_DIM_DYNAMIC) {
    add(c, lenient(p), MS_CODE_DYNAMIC_TO_STATIC, MS_FINDING_RESULT, -1, j,
        "%s %s is static %lld but the operands infer a dynamic size: correct only if the "
        "runtime size is %lld",
        !strcmp(rn.s, "the result") ? "result" : rn.s, label.s, (long long)rd, (long long)rd);
    verdict(c, row, lenient(p), "inferred ? vs result %lld", (long long)rd);
  }
}

/* Compares results[0] with the inferred shape (c->out->inferred, ranked). */
static void verify_result(ctx *c, result_profile p) {
  if (c->nres < 1 || !shaped_kind(c->res[0].kind) || !c->res[0].ranked) return;
  const ms_shape *res = &c->res[0];
  int rr = res->rank, R = c->out->inferred.rank;
  if (rr == R) {
    /* No rank finding: only the dims are compared (the names wait for a finding). */
    if (c->opts->skip_result_dims) return;
    for (int j = 0; j < R; j++) result_dim(c, p, j, rr, R, j);
    return;
  }
  text rn = name_of(c, MS_FINDING_RESULT);
  const char *who = !strcmp(rn.s, "the result") ? "result" : rn.s;
  if (rr != R && (c->opts->equal_ranks || rr < R || !p.trailing_only)) {
    text inf = shape_text(&c->out->inferred);
    const char *code = rr > R && c->rule == MS_RULE_MLIR && !c->opts->equal_ranks
                           ? MS_CODE_EXTRA_RESULT_DIMS : MS_CODE_RESULT_RANK;
    add(c, MS_SEVERITY_ERROR, code, MS_FINDING_RESULT, -1, -1,
        "%s has rank %d but the operands infer rank %d (%s)", who, rr, R, inf.s);
    return;
  }
  if (rr > R) {
    text inf = shape_text(&c->out->inferred);
    text why = {""};
    if (!p.strict)
      snprintf(why.s, sizeof why.s, ": mlir-opt-22 accepts it, comparing only the trailing %d dims",
               R);
    add(c, lenient(p), MS_CODE_EXTRA_RESULT_DIMS, MS_FINDING_RESULT, -1, -1,
        "%s has rank %d but the operands infer rank %d (%s)%s", who, rr, R, inf.s, why.s);
    if (rr <= MS_MAX_RANK) rows_grow(c, rr - R);
  }
  if (c->opts->skip_result_dims) return;
  for (int j = 0; j < R; j++) result_dim(c, p, j, rr, R, j + (rr - R));
}

/* ---- the rules ---- */

static void rule_mlir(ctx *c) {
  bool strict = c->opts->strict;
  if (c->nops == 0)
    add(c, strict ? MS_SEVERITY_ERROR : MS_SEVERITY_WARNING, MS_CODE_OPERAND_COUNT, MS_FINDING_OP,
        -1, -1, "the Broadcastable trait requires at least one operand%s",
        strict ? "" : " (mlir-opt-22 accepts none)");
  if (c->nres > 1)
    add(c, MS_SEVERITY_ERROR, MS_CODE_RESULT_COUNT, MS_FINDING_OP, -1, -1,
        "the Broadcastable trait requires exactly one result, found %d", c->nres);
  check_kinds(c);
  check_equal_ranks(c);
  bool ok;
  int R = fold(c, true, &ok);
  if (!ok || R < 0) return;
  c->out->has_inferred = true;
  verify_result(c, (result_profile){.trailing_only = true, .strict = strict});
}

static void rule_numpy(ctx *c) {
  if (c->nops == 0) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
        "numpy broadcasting needs at least one operand");
    return;
  }
  check_kinds(c);
  check_equal_ranks(c);
  bool ok;
  int R = fold(c, false, &ok);
  if (!ok || R < 0) return;
  for (int i = 0; i < c->nops; i++)
    if (c->usable[i] && !c->ops[i].ranked) {
      /* An unranked operand may have any rank: the broadcast rank is unknown. */
      c->out->inferred.ranked = false;
      return;
    }
  c->out->has_inferred = true;
  verify_result(c, (result_profile){0});
}

static bool want_operands(ctx *c, int n, const char *what) {
  if (c->nops == n) return true;
  add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
      "rule %s takes %d operand%s (%s), found %d", ms_rule_name(c->rule), n, n == 1 ? "" : "s",
      what, c->nops);
  return false;
}

static void rule_bidirectional(ctx *c) {
  if (!want_operands(c, 2, "input, target shape")) return;
  rule_numpy(c);
}

/* pdpd: B (its trailing 1s dropped) matches a contiguous run of A at axis. */
static void rule_pdpd(ctx *c) {
  if (!want_operands(c, 2, "A, B")) return;
  if (!check_kinds(c)) return;
  const ms_shape *a = &c->ops[0], *b = &c->ops[1];
  inferred_init(c, a->ranked ? a->rank : -1);
  if (!a->ranked) return;
  memcpy(c->out->inferred.dims, a->dims, sizeof a->dims);
  rows_init(c, a->rank);
  for (int k = 0; k < a->rank; k++) {
    c->out->rows[k].operand_dims[0] = a->dims[k];
    c->out->rows[k].inferred = a->dims[k];
  }
  if (!b->ranked) {
    c->out->has_inferred = true;
    verify_result(c, (result_profile){0});
    return;
  }
  if (b->rank > a->rank) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_RANK, 1, 0, -1,
        "%s has rank %d, higher than the rank %d of %s (pdpd needs rank(B) <= rank(A))",
        name_of(c, 1).s, b->rank, a->rank, name_of(c, 0).s);
    return;
  }
  /* OpenVINO computes the default axis from B's full rank, then ignores
  ** B's trailing 1s when matching. */
  int64_t axis = c->opts->has_axis ? c->opts->axis : -1;
  if (axis < -1 || axis > a->rank) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_AXIS, 1, 0, -1, "axis %lld is out of range [-1, %d]",
        (long long)axis, a->rank);
    return;
  }
  if (axis == -1) axis = a->rank - b->rank;
  int len = b->rank;
  while (len > 0 && b->dims[len - 1] == 1) len--;
  if (axis + len > a->rank) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_AXIS, 1, 0, -1,
        "%s (%d dims without its trailing 1s) does not fit into %s of rank %d at axis %lld",
        name_of(c, 1).s, len, name_of(c, 0).s, a->rank, (long long)axis);
    return;
  }
  bool ok = true;
  for (int i = 0; i < len; i++) {
    int k = (int)axis + i;
    int64_t da = a->dims[k], db = b->dims[i];
    c->out->rows[k].operand_dims[1] = db;
    if (!is_static(da) || !is_static(db) || da == db || db == 1) {
      verdict(c, k, 0, da == db ? "ok" : "broadcast %s->%s", dim_text(db).s, dim_text(da).s);
      continue;
    }
    ok = false;
    add(c, MS_SEVERITY_ERROR, MS_CODE_INCOMPATIBLE, 1, 0, k,
        "%s does not broadcast onto %s at axis %lld: dim %d of %s is %lld but dim %d of %s is "
        "%lld",
        name_of(c, 1).s, name_of(c, 0).s, (long long)axis, i, name_of(c, 1).s, (long long)db, k,
        name_of(c, 0).s, (long long)da);
    verdict(c, k, MS_SEVERITY_ERROR, "%lld vs %lld: mismatch", (long long)db, (long long)da);
  }
  for (int k = 0; k < a->rank; k++) verdict(c, k, 0, "kept from A");
  if (!ok) return;
  c->out->has_inferred = true;
  verify_result(c, (result_profile){0});
}

static text dims_list(const int64_t *d, int n) {
  text t;
  size_t len = 0;
  t.s[0] = '\0';
  len += (size_t)snprintf(t.s, sizeof t.s, "(");
  for (int i = 0; i < n && len < sizeof t.s; i++)
    len += (size_t)snprintf(t.s + len, sizeof t.s - len, "%s%lld", i ? ", " : "", (long long)d[i]);
  if (len < sizeof t.s) snprintf(t.s + len, sizeof t.s - len, ")");
  return t;
}

/* broadcast_dimensions of length n into a shape of rank r: distinct (and
** strictly increasing when `increasing`) entries in [0, r). */
static bool check_bdims(ctx *c, int operand, int n, int r, bool increasing) {
  const ms_broadcast_options *o = c->opts;
  text bd = dims_list(o->broadcast_dimensions, o->nbroadcast_dimensions);
  if (o->nbroadcast_dimensions != n) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_BROADCAST_DIMENSIONS, operand, -1, -1,
        "broadcast_dimensions %s has %d entries but %s has rank %d", bd.s,
        o->nbroadcast_dimensions, name_of(c, operand).s, n);
    return false;
  }
  for (int i = 0; i < n; i++) {
    int64_t v = o->broadcast_dimensions[i];
    if (v < 0 || v >= r) {
      add(c, MS_SEVERITY_ERROR, MS_CODE_BROADCAST_DIMENSIONS, operand, -1, -1,
          "broadcast_dimensions %s: entry %d (%lld) is out of range [0, %d)", bd.s, i,
          (long long)v, r);
      return false;
    }
    for (int j = 0; j < i; j++) {
      int64_t w = o->broadcast_dimensions[j];
      if (increasing ? w >= v : w == v) {
        add(c, MS_SEVERITY_ERROR, MS_CODE_BROADCAST_DIMENSIONS, operand, -1, -1,
            "broadcast_dimensions %s must be %s", bd.s,
            increasing ? "strictly increasing" : "distinct");
        return false;
      }
    }
  }
  return true;
}

/* xla with ranks differing: the lower-rank operand lo maps through
** broadcast_dimensions onto hi, then degenerate dims broadcast. */
static void xla_in_dim(ctx *c, int hi, int lo) {
  const ms_shape *h = &c->ops[hi], *l = &c->ops[lo];
  inferred_init(c, h->rank);
  memcpy(c->out->inferred.dims, h->dims, sizeof h->dims);
  rows_init(c, h->rank);
  for (int k = 0; k < h->rank; k++) c->out->rows[k].operand_dims[hi] = h->dims[k];
  if (l->rank > 0 && !c->opts->has_broadcast_dimensions) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_RANK, lo, hi, -1,
        "operands have ranks %d and %d: XLA broadcasts a lower-rank operand (%s) only with "
        "broadcast_dimensions or when it is a scalar",
        c->ops[0].rank, c->ops[1].rank, name_of(c, lo).s);
    return;
  }
  if (c->opts->has_broadcast_dimensions && !check_bdims(c, lo, l->rank, h->rank, true)) return;
  bool ok = true;
  for (int i = 0; i < l->rank; i++) {
    int k = (int)c->opts->broadcast_dimensions[i];
    int64_t dl = l->dims[i], dh = h->dims[k];
    c->out->rows[k].operand_dims[lo] = dl;
    if (!dims_compatible(dl, dh)) {
      ok = false;
      add(c, MS_SEVERITY_ERROR, MS_CODE_INCOMPATIBLE, lo, hi, k,
          "%s%s and %s are not broadcast-compatible: dim %d of %s (mapped to dim %d by "
          "broadcast_dimensions) is %lld but dim %d of %s is %lld",
          pair_word(c), name_of(c, hi).s, name_of(c, lo).s, i, name_of(c, lo).s, k, (long long)dl, k,
          name_of(c, hi).s, (long long)dh);
      verdict(c, k, MS_SEVERITY_ERROR, "%lld vs %lld: mismatch", (long long)dl, (long long)dh);
      continue;
    }
    c->out->inferred.dims[k] = infer_dim(dh, dl);
    if (dl != dh) verdict(c, k, 0, "broadcast 1->%s", dim_text(c->out->inferred.dims[k]).s);
  }
  for (int k = 0; k < h->rank; k++) {
    c->out->rows[k].inferred = c->out->inferred.dims[k];
    verdict(c, k, 0, "ok");
  }
  if (!ok) return;
  c->out->has_inferred = true;
  verify_result(c, (result_profile){0});
}

static void rule_xla(ctx *c) {
  if (!want_operands(c, 2, "lhs, rhs")) return;
  if (!check_kinds(c)) return;
  const ms_shape *a = &c->ops[0], *b = &c->ops[1];
  if (!a->ranked || !b->ranked) {
    inferred_init(c, -1);
    return;
  }
  if (a->rank != b->rank) {
    xla_in_dim(c, a->rank > b->rank ? 0 : 1, a->rank > b->rank ? 1 : 0);
    return;
  }
  /* Equal ranks: chlo ignores broadcast_dimensions (ChloOps.cpp
  ** getBroadcastType broadcasts numpy-wise unless the ranks differ). */
  bool ok;
  fold(c, false, &ok);
  if (!ok) return;
  c->out->has_inferred = true;
  verify_result(c, (result_profile){0});
}

/* xla-in-dim: operand dim i lands on result dim broadcast_dimensions[i]. */
static void rule_xla_in_dim(ctx *c) {
  if (!want_operands(c, 1, "the operand")) return;
  if (c->nres < 1) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_RESULT_COUNT, MS_FINDING_OP, -1, -1,
        "rule xla-in-dim needs the declared result shape");
    return;
  }
  if (!check_kinds(c)) return;
  const ms_shape *op = &c->ops[0], *res = &c->res[0];
  inferred_init(c, res->ranked ? res->rank : -1);
  if (!res->ranked || !op->ranked) return;
  memcpy(c->out->inferred.dims, res->dims, sizeof res->dims);
  rows_init(c, res->rank);
  for (int k = 0; k < res->rank; k++) {
    c->out->rows[k].inferred = res->dims[k];
    c->out->rows[k].declared = res->dims[k];
  }
  if (!c->opts->has_broadcast_dimensions && op->rank > 0) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_BROADCAST_DIMENSIONS, 0, -1, -1,
        "broadcast_dimensions is missing for %s of rank %d", name_of(c, 0).s, op->rank);
    return;
  }
  if (op->rank > 0 && !check_bdims(c, 0, op->rank, res->rank, false)) return;
  bool ok = true;
  for (int i = 0; i < op->rank; i++) {
    int k = (int)c->opts->broadcast_dimensions[i];
    int64_t d = op->dims[i], r = res->dims[k];
    c->out->rows[k].operand_dims[0] = d;
    if (!is_static(d) || !is_static(r) || d == 1 || d == r) {
      verdict(c, k, 0, d == r ? "ok" : "broadcast %s->%s", dim_text(d).s, dim_text(r).s);
      continue;
    }
    ok = false;
    add(c, MS_SEVERITY_ERROR, MS_CODE_INCOMPATIBLE, 0, -1, k,
        "dim %d of %s is %lld but it maps to dim %d of %s, which is %lld (must be 1 or equal)", i,
        name_of(c, 0).s, (long long)d, k, name_of(c, MS_FINDING_RESULT).s, (long long)r);
    verdict(c, k, MS_SEVERITY_ERROR, "%lld vs %lld: mismatch", (long long)d, (long long)r);
  }
  for (int k = 0; k < res->rank; k++) verdict(c, k, 0, "new dim");
  c->out->has_inferred = ok;
}

/* none: every shape identical; `?` is compatible with anything. */
static void rule_none(ctx *c) {
  if (c->nops == 0) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
        "rule none needs at least one operand");
    return;
  }
  check_kinds(c);
  int ref = -1;
  for (int i = 0; i < c->nops && ref < 0; i++)
    if (is_ranked(c, i)) ref = i;
  inferred_init(c, ref < 0 ? -1 : c->ops[ref].rank);
  if (ref < 0) return;
  int R = c->ops[ref].rank;
  rows_init(c, R);
  memcpy(c->out->inferred.dims, c->ops[ref].dims, sizeof c->ops[ref].dims);
  bool ok = true;
  for (int i = 0; i < c->nops; i++) {
    if (!is_ranked(c, i)) continue;
    if (c->ops[i].rank != R) {
      ok = false;
      add(c, MS_SEVERITY_ERROR, MS_CODE_SHAPE_MISMATCH, i, ref, -1,
          "%s%s and %s must have identical shapes (no broadcasting) but have ranks %d "
          "and %d",
          pair_word(c), name_of(c, ref).s, name_of(c, i).s, R, c->ops[i].rank);
      continue;
    }
    for (int k = 0; k < R; k++) {
      int64_t d = c->ops[i].dims[k], acc = c->out->inferred.dims[k];
      c->out->rows[k].operand_dims[i] = d;
      if (is_static(d) && is_static(acc) && d != acc) {
        ok = false;
        add(c, MS_SEVERITY_ERROR, MS_CODE_SHAPE_MISMATCH, i, ref, k,
            "%s%s and %s must have identical shapes (no broadcasting): dim %d is %lld in "
            "%s but %lld in %s",
            pair_word(c), name_of(c, ref).s, name_of(c, i).s, k, (long long)acc, name_of(c, ref).s,
            (long long)d, name_of(c, i).s);
        verdict(c, k, MS_SEVERITY_ERROR, "%lld vs %lld: mismatch", (long long)acc, (long long)d);
      } else if (!is_static(acc)) {
        c->out->inferred.dims[k] = d;
      }
    }
  }
  for (int k = 0; k < R; k++) {
    c->out->rows[k].inferred = c->out->inferred.dims[k];
    verdict(c, k, 0, "ok");
  }
  if (!ok) return;
  /* Bounds as inferMostSpecificType gives them (`#stablehlo.bounds`). */
  for (int i = 0; i < c->nops; i++)
    if (is_ranked(c, i)) ms_shape_merge_bounds(&c->out->inferred, &c->ops[i]);
  /* With no bounds, the first ranked operand's encoding (a sparse #CSR):
  ** boundsToEncoding with no bounds returns its prototype. */
  c->out->inferred.encoding = NULL;
  for (int i = 0; i < c->nops && !c->out->inferred.bounded; i++)
    if (is_ranked(c, i)) {
      c->out->inferred.encoding = c->ops[i].encoding;
      break;
    }
  c->out->has_inferred = true;
  verify_result(c, (result_profile){0});
}

static bool check_bounds(ctx *c) {
  if (c->nops < 0 || c->nops > MS_MAX_OPERANDS) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1,
        "%d operands: mlir-shape checks at most %d", c->nops, MS_MAX_OPERANDS);
    return false;
  }
  const ms_broadcast_options *o = c->opts;
  if (o->has_broadcast_dimensions &&
      (o->nbroadcast_dimensions < 0 || o->nbroadcast_dimensions > MS_MAX_RANK)) {
    add(c, MS_SEVERITY_ERROR, MS_CODE_BROADCAST_DIMENSIONS, MS_FINDING_OP, -1, -1,
        "broadcast_dimensions has %d entries: at most %d are supported",
        o->nbroadcast_dimensions, MS_MAX_RANK);
    return false;
  }
  bool ok = true;
  for (int i = -1; i < c->nops; i++) {
    const ms_shape *s = i < 0 ? (c->nres ? &c->res[0] : NULL) : &c->ops[i];
    if (s && s->ranked && (s->rank < 0 || s->rank > MS_MAX_RANK)) {
      int who = i < 0 ? MS_FINDING_RESULT : i;
      add(c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_RANK, who, -1, -1,
          "%s has rank %d: mlir-shape checks ranks up to %d", name_of(c, who).s, s->rank,
          MS_MAX_RANK);
      ok = false;
    }
  }
  return ok;
}

static bool only_result_errors(const ms_broadcast_result *out) {
  for (int i = 0; i < out->nfindings; i++) {
    const ms_finding *f = &out->findings[i];
    if (f->severity == MS_SEVERITY_ERROR && f->operand != MS_FINDING_RESULT) return false;
  }
  return true;
}

bool ms_broadcast_check(ms_rule rule, const ms_broadcast_options *opts,
                        const ms_shape *operands, int noperands,
                        const char *const *operand_names,
                        const ms_shape *results, int nresults,
                        const char *result_name,
                        ms_broadcast_result *out) {
  static const ms_broadcast_options defaults;
  /* Only the header is cleared (findings and rows are written whole as
  ** they are added: clearing all 13 KB per op was a tenth of check's work). */
  memset(out, 0, offsetof(ms_broadcast_result, findings));
  out->nrows = 0;
  ctx c = {
    .rule = rule, .opts = opts ? opts : &defaults, .ops = operands, .nops = noperands,
    .names = operand_names, .res = results, .nres = results ? nresults : 0,
    .rname = result_name, .out = out,
  };
  out->inferred.kind = MS_TYPE_NONE;
  out->inferred.ranked = false;
  out->noperands = noperands >= 0 && noperands <= MS_MAX_OPERANDS ? noperands : 0;
  if (!check_bounds(&c)) return false;
  for (int i = 0; i < noperands; i++) c.usable[i] = shaped_kind(operands[i].kind);
  switch (rule) {
  case MS_RULE_MLIR: rule_mlir(&c); break;
  case MS_RULE_NUMPY: rule_numpy(&c); break;
  case MS_RULE_PDPD: rule_pdpd(&c); break;
  case MS_RULE_BIDIRECTIONAL: rule_bidirectional(&c); break;
  case MS_RULE_XLA: rule_xla(&c); break;
  case MS_RULE_XLA_IN_DIM: rule_xla_in_dim(&c); break;
  case MS_RULE_NONE: rule_none(&c); break;
  default:
    if (ms_upstream_check(rule, c.opts, operands, noperands, operand_names, c.res, c.nres, out)) break;
    if (!ms_family_rule(rule, c.opts, operands, noperands, operand_names, c.res, c.nres, out))
      add(&c, MS_SEVERITY_ERROR, MS_CODE_OPERAND_COUNT, MS_FINDING_OP, -1, -1, "unknown rule %d",
          (int)rule);
  }
  ms_family_constraints(rule, c.opts, operands, noperands, operand_names, c.res, c.nres, out);
  for (int i = 0; i < out->nfindings; i++) c.error |= out->findings[i].severity == MS_SEVERITY_ERROR;
  /* The inferred shape stays when only the declared result disagrees with
  ** it: that is exactly when a "use the inferred type" fix is wanted. */
  if (c.error && !only_result_errors(out) && !out->parsed) out->has_inferred = false;
  return !c.error;
}
