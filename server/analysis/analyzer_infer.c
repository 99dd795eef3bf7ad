/*
** analyzer_infer.c: inference, the part of the analyzer that gives every
** value an inferred shape (analyzer.c judges the ops in text order and
** calls in here): a value's inferred shape is the meet of its declared type
** and what its op's broadcast rule, shape function (infer.c) or structured
** algebra (structured.h) infers from its operands' inferred shapes; an op
** valid at its declared types but not at its operands' inferred shapes gets
** one propagated-shape-mismatch error per root cause.
*/
#include "analyzer_int.h"
#include "alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attr.h"
#include "infer.h"
#include "list_const.h"
#include "sop_params.h"
#include "structured.h"
#include "upstream.h"

/* ------------------------------------------------------------------ */
/* Inference                                                           */

/* Operand i's inferred shape: its value's refinement, else declared. */
static void inferred_operand(const analyzer *w, const ms_op *op, int i, const ms_shape *declared, ms_shape *out) {
  uint32_t v = operand_value(w, op, i);
  *out = *declared;
  if (v != MS_NONE && w->shape[v]) *out = *w->shape[v];
}

char *type_text_dup(const ms_shape *s) {
  char buf[256];
  size_t n = ms_shape_format_type(s, buf, sizeof buf);
  if (n < sizeof buf) return ms_xstrdup(buf);
  char *out = ms_xmalloc(n + 1);
  ms_shape_format_type(s, out, n + 1);
  return out;
}

void set_value_shape(analyzer *w, uint32_t v, const ms_shape *shape, uint32_t producer, bool shown) {
  if (!w->shape[v]) w->shape[v] = ms_xmalloc(sizeof *shape);
  *w->shape[v] = *shape;
  if (!shown) return;
  free(w->info[v].inferred);
  w->info[v].inferred = type_text_dup(shape);
  w->info[v].producer = producer;
}

/* Stores the meet of result r's declared type and inferred as the value's
** inferred shape, with op as its producer. As `--tosa-infer-shapes` does,
** an op following it turns a result declared with another rank unranked. */
static void refine_result(analyzer *w, uint32_t opi, uint32_t r, const ms_shape *inferred, bool like_tosa) {
  const ms_op *op = &w->rec->ops[opi];
  if (r >= op->nresults || r >= op->nout) return;
  ms_span t = resolve(w, *out_type(w, op, r));
  ms_shape declared, met;
  bool refined;
  if (!ms_shape_parse_type(&declared, w->text + t.start, t.end - t.start, NULL, 0)) return;
  if (declared.kind == MS_TYPE_OTHER || declared.kind == MS_TYPE_NONE) return;
  if (!ms_shape_meet(&declared, inferred, &met, &refined)) {
    if (!like_tosa) return;
    met = declared;
    met.ranked = false;
    set_value_shape(w, op->results + r, &met, opi, false);
    return;
  }
  if (refined) set_value_shape(w, op->results + r, &met, opi, true);
}

/* `--tosa-infer-shapes` refines the ops of the function body and of regions
** its own dialect owns (tosa.cond_if), not those inside scf regions. */
static bool refines_here(const analyzer *w, const ms_op *op, bool like_tosa) {
  if (!like_tosa || op->parent == MS_NONE) return true;
  const ms_op *p = &w->rec->ops[op->parent];
  const char *a = w->text + op->name.start, *b = w->text + p->name.start;
  /* A function body in generic form is the region of a "func.func" op. */
  if (p->name.end - p->name.start == 9 && !memcmp(b, "func.func", 9)) return true;
  const char *da = memchr(a, '.', op->name.end - op->name.start), *db = memchr(b, '.', p->name.end - p->name.start);
  return da && db && da - a == db - b && !memcmp(a, b, (size_t)(da - a));
}

/* TOSA's broadcast infers nothing when a `?` meets a static size > 1. */
static bool tosa_broadcast_infers(const ms_shape *shapes, int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      if (!shapes[i].ranked || !shapes[j].ranked) return false;
      for (int k = 1; k <= shapes[i].rank && k <= shapes[j].rank; k++) {
        int64_t x = shapes[i].dims[shapes[i].rank - k], y = shapes[j].dims[shapes[j].rank - k];
        if (x == MS_DIM_DYNAMIC && y > 1) return false;
      }
    }
  return true;
}

/* A result whose type the op does not spell (its syntax leaves it to the
** parser: `arith.cmpf`, `vector.outerproduct`, `linalg.broadcast`) gets
** the type its rule infers, so that later uses are checked. */
void type_unwritten_result(analyzer *w, uint32_t opi, const ms_shape *inferred) {
  const ms_op *op = &w->rec->ops[opi];
  uint32_t v = op->results;
  if (op->nout > 0 || w->rec->values[v].type.end || w->shape[v] || inferred->kind == MS_TYPE_NONE ||
      inferred->kind == MS_TYPE_OTHER || !inferred->elem[0])
    return;
  w->shape[v] = ms_xmalloc(sizeof *inferred);
  *w->shape[v] = *inferred;
  w->info[v].inferred = type_text_dup(inferred);
  w->info[v].producer = opi;
  w->info[v].parser_typed = true;
}

/* 1-based line and column of byte off (messages name the producing op). */
static void line_col(const char *text, uint32_t off, unsigned *line, unsigned *col) {
  unsigned l = 1;
  const char *p = text, *end = text + off, *bol = text;
  while ((p = memchr(p, '\n', (size_t)(end - p)))) {
    l++;
    bol = ++p;
  }
  *line = l;
  *col = (unsigned)(end - bol) + 1;
}

/* `%0 is declared tensor<*xf32> but is tensor<2x3xf32> (from "tf.AddV2" at `,
** then the place `2:8` into at, and `)`. */
static void describe_refined(const analyzer *w, uint32_t v, char *head, size_t nhead, char *at, size_t nat) {
  char name[64];
  ms_records_value_name(w->rec, v, w->text, name, sizeof name);
  const ms_value *x = &w->rec->values[v];
  const ms_op *p = &w->rec->ops[w->info[v].producer];
  unsigned line, col;
  line_col(w->text, ms_op_name_token(p).start, &line, &col);
  snprintf(head, nhead, "%s is declared %.*s but is %s (from \"%.*s\" at ", name, (int)(x->type.end - x->type.start),
           w->text + x->type.start, w->info[v].inferred, (int)(p->name.end - p->name.start), w->text + p->name.start);
  snprintf(at, nat, "%u:%u", line, col);
}

/* The refined operands of op not yet reported: the root causes a new
** finding would be about. A result typed by its parser (unwritten) is no
** refinement: a use written with another type is the type-mismatch
** already reported at that use, as mlir-opt-22's parser reports it. */
static int fresh_refined(const analyzer *w, const ms_op *op, const rule_inputs *in, uint32_t *vals) {
  int n = 0;
  for (int k = 0; k < in->n; k++) {
    uint32_t v = operand_value(w, op, in->index[k]);
    if (v != MS_NONE && w->shape[v] && !w->info[v].broken && !w->info[v].parser_typed) vals[n++] = v;
  }
  return n;
}

static void report_propagated(analyzer *w, const ms_op *op, const rule_inputs *in, const char *rule,
                              const char *why) {
  uint32_t vals[MS_MAX_OPERANDS];
  int n = fresh_refined(w, op, in, vals);
  if (n == 0) return; /* a root cause already reported */
  char head[400], place[32];
  describe_refined(w, vals[0], head, sizeof head, place, sizeof place);
  const ms_use *u = NULL;
  for (uint32_t i = 0; i < op->noperands; i++)
    if (ms_records_operand(w->rec, op, i)->value == vals[0]) u = ms_records_operand(w->rec, op, i);
  ms_span at = u ? u->span : ms_op_name_token(op);
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_PROPAGATED,
                                      rule, "%s%s): %s", head, place, why);
  d->value = vals[0];
  const ms_op *p = &w->rec->ops[w->info[vals[0]].producer];
  d->has_msg_at = true;
  d->msg_at_start = (uint32_t)strlen(head);
  d->msg_at_end = d->msg_at_start + (uint32_t)strlen(place);
  d->msg_at = ms_op_name_token(p).start;
  /* The related location is the producer: its message needs no place. */
  int keep = (int)strlen(head) - (int)strlen(" at "); /* "... (from \"op\"" */
  ms_diag_set_related(d, ms_op_name_token(p).start, ms_op_name_token(p).end, "%.*s)", keep, head);
  for (int k = 0; k < n; k++) w->info[vals[k]].broken = true;
}

/* The result of a rule-checked op, refined from what its rule infers. */
static void refine_by_rule(analyzer *w, uint32_t opi, const ms_rule_binding *b, const rule_inputs *in,
                           const ms_broadcast_result *res) {
  if (!res->has_inferred || !refines_here(w, &w->rec->ops[opi], b->infer_like_tosa)) return;
  if (b->infer_like_tosa && !tosa_broadcast_infers(in->shapes, in->n)) return;
  refine_result(w, opi, 0, &res->inferred, b->infer_like_tosa);
}

/* dst = src for the n inputs in use (a whole rule_inputs is 12 KB). */
static void copy_inputs(rule_inputs *dst, const rule_inputs *src) {
  assert(src->n >= 0 && src->n <= MS_MAX_OPERANDS);
  dst->n = src->n;
  size_t n = (size_t)src->n;
  memcpy(dst->index, src->index, n * sizeof src->index[0]);
  memcpy(dst->shapes, src->shapes, n * sizeof src->shapes[0]);
  memcpy(dst->names, src->names, n * sizeof src->names[0]);
  memcpy(dst->name_ptrs, src->name_ptrs, n * sizeof src->name_ptrs[0]);
}

/* The broadcast rule again at the operands' inferred shapes, when some are
** refined: a new error there is a propagated mismatch; the result is
** refined by what they infer. */
void infer_by_rule(analyzer *w, uint32_t opi, const ms_rule_binding *b, rule_inputs *in,
                          ms_shape *results, int nres, const ms_broadcast_result *declared_res) {
  const ms_op *op = &w->rec->ops[opi];
  bool any = false;
  rule_inputs inf;
  copy_inputs(&inf, in);
  for (int k = 0; k < in->n; k++) {
    if (in->index[k] < 0 || in->index[k] == b->target_operand) continue;
    inferred_operand(w, op, in->index[k], &in->shapes[k], &inf.shapes[k]);
    uint32_t v = operand_value(w, op, in->index[k]);
    any |= v != MS_NONE && w->shape[v];
  }
  bool declared_ok = true;
  for (int k = 0; k < declared_res->nfindings; k++)
    declared_ok &= declared_res->findings[k].severity != MS_SEVERITY_ERROR;
  if (!declared_ok) return;
  if (!any) {
    refine_by_rule(w, opi, b, &inf, declared_res);
    return;
  }
  static __thread ms_broadcast_result res;
  for (int k = 0; k < inf.n; k++) inf.name_ptrs[k] = inf.names[k];
  if (ms_upstream_is_type_rule(b->rule)) {
    /* A verifier of types, not shapes: a refined `?` is not another type,
    ** so only what the operands infer is passed on. */
    ms_broadcast_check(b->rule, &b->opts, inf.shapes, inf.n, inf.name_ptrs, NULL, 0, NULL, &res);
    if (declared_ok && res.nfindings == 0 && res.has_inferred && op->nresults == 1)
      refine_result(w, opi, 0, &res.inferred, false); /* what a rule infers is one result's */
    return;
  }
  ms_broadcast_check(b->rule, &b->opts, inf.shapes, inf.n, inf.name_ptrs, results, nres, NULL, &res);
  if (b->infer_like_tosa && refines_here(w, op, true) && res.has_inferred && results[0].ranked &&
      res.inferred.ranked && res.inferred.rank != results[0].rank) {
    /* The pass makes such a result unranked, and the op then verifies. */
    results[0].ranked = false;
    ms_broadcast_check(b->rule, &b->opts, inf.shapes, inf.n, inf.name_ptrs, results, nres, NULL, &res);
  }
  const ms_finding *err = NULL;
  for (int k = 0; k < res.nfindings && !err; k++)
    if (res.findings[k].severity == MS_SEVERITY_ERROR) err = &res.findings[k];
  if (err) {
    report_propagated(w, op, &inf, ms_rule_name(b->rule), err->message);
    return;
  }
  refine_by_rule(w, opi, b, &inf, &res);
}

/* Reads the shape function's integer arguments from an attribute or a
** constant operand. */
static bool read_source(analyzer *w, const ms_op *op, const ms_int_source *src, int64_t *out, int *n) {
  if (src->nnames == 0) {
    if (src->operand >= MS_MAX_OPERANDS) return false;
    int i = src->operand < 0 ? (int)op->noperands + src->operand : src->operand;
    return operand_constant(w, op, i, out, n);
  }
  attr_lookup ctx = {w, op};
  for (int k = 0; k < src->nnames; k++) {
    size_t len;
    const char *v = lookup_attr(&ctx, src->names[k], &len);
    if (!v) continue;
    if (ms_attr_parse_int_list(v, len, out, MS_MAX_RANK, n, NULL, 0)) return true;
    int64_t one;
    if (!ms_attr_parse_int(v, len, &one, NULL, 0)) return false;
    out[0] = one;
    *n = 1;
    return true;
  }
  return false;
}

static bool shape_args(analyzer *w, const ms_op *op, const ms_shape_spec *sp, ms_shape_args *a) {
  memset(a, 0, sizeof *a);
  a->keep_dims = sp->keep_dims;
  int64_t keep[MS_MAX_RANK];
  int nkeep = 0;
  if ((sp->keep_attr.nnames || sp->keep_attr.operand < MS_MAX_OPERANDS) &&
      read_source(w, op, &sp->keep_attr, keep, &nkeep) && nkeep == 1)
    a->keep_dims = keep[0] != 0;
  if (!read_source(w, op, &sp->args, a->a, &a->n)) return false;
  if (sp->starts.nnames || sp->starts.operand < MS_MAX_OPERANDS) {
    if (!read_source(w, op, &sp->starts, a->b, &a->nb)) return false;
    a->has_starts = true;
  }
  if (sp->limits.nnames || sp->limits.operand < MS_MAX_OPERANDS) {
    if (!read_source(w, op, &sp->limits, a->b, &a->nb)) return false;
    a->has_limits = true;
    if ((sp->strides.nnames || sp->strides.operand < MS_MAX_OPERANDS) &&
        !read_source(w, op, &sp->strides, a->c, &a->nc))
      return false;
  }
  return true;
}

static void result_conflict(const analyzer *w, const ms_op *op, const ms_shape_spec *sp, const ms_shape *got,
                            const ms_shape *declared, const char *which, char *why, size_t n) {
  (void)w;
  (void)op;
  char g[160], d[160];
  ms_shape_format(got, g, sizeof g);
  ms_shape_format(declared, d, sizeof d);
  snprintf(why, n, "the result is declared %s but %s of the %soperands gives %s", d, ms_shape_fn_name(sp->fn),
           which, g);
}

/* Whether a declared result contradicts the inferred one; some verifiers
** check only the rank (constraint skip_result_dims: tosa.tile, tosa.slice). */
static bool result_conflicts(const ms_shape *inferred, const ms_shape *declared, bool rank_only) {
  if (!rank_only) return ms_shape_conflicts(inferred, declared);
  return inferred->ranked && declared->ranked && inferred->rank != declared->rank;
}

/* At the op's name: where MLIR reports an op's verifier error, also when
** the op spans several lines (a region, a long attribute dictionary). */
static void report_shape_fn(analyzer *w, const ms_op *op, const ms_shape_spec *sp, const char *why) {
  (void)sp;
  ms_span at = ms_op_name_token(op);
  ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_SHAPE_FN, NULL, "%s", why);
}

/* Constraint min_result_rank: a ranked result #0 of lower rank is rejected
** by the op's ODS result constraint ("tensor of at least rank 1") before any
** shape rule, whatever the operands (an unranked input too). */
static bool below_min_rank(analyzer *w, const ms_op *op, const ms_rule_binding *b) {
  if (b->min_result_rank <= 0) return false;
  ms_span rt = resolve(w, *out_type(w, op, 0));
  ms_shape declared;
  if (!ms_shape_parse_type(&declared, w->text + rt.start, rt.end - rt.start, NULL, 0) ||
      declared.kind == MS_TYPE_OTHER || !declared.ranked || declared.rank >= b->min_result_rank)
    return false;
  ms_span at = ms_op_name_token(op);
  ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_RESULT_MIN_RANK, NULL,
                   "result #0 must be tensor of at least rank %d, but got '%.*s'", b->min_result_rank,
                   (int)(rt.end - rt.start), w->text + rt.start);
  return true;
}

/* An op whose result shape follows from a shape function: infer it at the
** declared operand shapes (a contradiction with the declared result is an
** error of the op) and at the inferred ones (a new contradiction there is
** a propagated mismatch), and refine the result. */
void infer_by_shape_fn(analyzer *w, uint32_t opi, const ms_rule_binding *b) {
  const ms_op *op = &w->rec->ops[opi];
  const ms_shape_spec *sp = &b->shape;
  if (op->nout < 1 || op->nresults < 1 || below_min_rank(w, op, b)) return;
  rule_inputs in = {0};
  int first = sp->fn == MS_SHAPE_FN_SAME ? sp->operand : 0;
  int last = sp->fn == MS_SHAPE_FN_CONCAT   ? (int)op->noperands - (sp->args.nnames ? 0 : 1)
             : sp->fn == MS_SHAPE_FN_MATMUL ? 2
                                            : first + 1;
  if (last - first > MS_MAX_OPERANDS) return; /* as gather_inputs: never a prefix */
  for (int i = first; i < last && in.n < MS_MAX_OPERANDS; i++) {
    if ((uint32_t)i >= op->noperands || !operand_shape(w, op, i, &in.shapes[in.n])) return;
    ms_span s = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    copy_span(in.names[in.n], sizeof in.names[0], w->text, s);
    in.index[in.n++] = i;
  }
  ms_shape_args args = {0};
  bool no_args = sp->fn == MS_SHAPE_FN_SAME || sp->fn == MS_SHAPE_FN_MATMUL;
  if (in.n == 0 || (!no_args && !shape_args(w, op, sp, &args))) return;
  int bad;
  if (!no_args && !ms_infer_args_valid(sp->fn, &args, &bad)) {
    ms_diag_list_add(&w->out->diags, ms_op_name_token(op).start, ms_op_name_token(op).end, MS_SEVERITY_ERROR,
                     MS_CODE_NEGATIVE_SIZE, NULL, "%s: size %d of %s is %lld, but sizes cannot be negative",
                     ms_shape_fn_name(sp->fn), bad, sp->args.nnames ? "the size list" : "the constant shape",
                     (long long)args.a[bad]);
    return;
  }
  ms_span rt = resolve(w, *out_type(w, op, 0));
  ms_shape declared, at_decl, at_inf;
  if (!ms_shape_parse_type(&declared, w->text + rt.start, rt.end - rt.start, NULL, 0) ||
      declared.kind == MS_TYPE_OTHER)
    return;
  char why[400];
  ms_infer_verdict decl = ms_infer_shape(sp->fn, in.shapes, in.n, &args, &at_decl, why, sizeof why);
  if (decl == MS_INFER_INVALID_RESULT) decl = declared.ranked ? MS_INFER_INVALID : MS_INFER_UNKNOWN;
  bool rank_only = b->opts.skip_result_dims;
  bool decl_bad = decl == MS_INFER_INVALID || (decl == MS_INFER_OK && result_conflicts(&at_decl, &declared, rank_only));
  if (decl_bad) {
    if (decl == MS_INFER_OK) result_conflict(w, op, sp, &at_decl, &declared, "", why, sizeof why);
    if (!b->infer_only) report_shape_fn(w, op, sp, why);
    return;
  }
  rule_inputs inf;
  copy_inputs(&inf, &in);
  for (int k = 0; k < in.n; k++) inferred_operand(w, op, in.index[k], &in.shapes[k], &inf.shapes[k]);
  ms_infer_verdict now = ms_infer_shape(sp->fn, inf.shapes, inf.n, &args, &at_inf, why, sizeof why);
  /* The result is checked as refined: declared, or what the op infers where it is refined. */
  bool refined_here = refines_here(w, op, b->infer_like_tosa);
  if (now == MS_INFER_INVALID_RESULT) now = declared.ranked || refined_here ? MS_INFER_INVALID : MS_INFER_UNKNOWN;
  if (now == MS_INFER_INVALID) {
    if (!b->infer_only) report_propagated(w, op, &inf, NULL, why);
    return;
  }
  if (now != MS_INFER_OK) return;
  bool rank_quirk = b->infer_like_tosa && refined_here && at_inf.ranked && declared.ranked &&
                    at_inf.rank != declared.rank;
  if (!rank_quirk && result_conflicts(&at_inf, &declared, rank_only)) {
    result_conflict(w, op, sp, &at_inf, &declared, "inferred ", why, sizeof why);
    if (!b->infer_only) report_propagated(w, op, &inf, NULL, why);
    return;
  }
  if (refined_here) refine_result(w, opi, 0, &at_inf, b->infer_like_tosa);
}

/* The op that defines operand i of op, MS_NONE for an argument or unknown. */
static uint32_t defining_op(const analyzer *w, const ms_op *op, int i) {
  uint32_t v = operand_value(w, op, i);
  return v == MS_NONE ? MS_NONE : w->rec->values[v].op;
}

static bool op_named(const analyzer *w, uint32_t opi, const ms_rule_binding *b) {
  const ms_op *op = &w->rec->ops[opi];
  size_t n = op->name.end - op->name.start;
  for (int k = 0; k < b->nshape_source; k++)
    if (strlen(b->shape_source[k]) == n && !memcmp(b->shape_source[k], w->text + op->name.start, n)) return true;
  return false;
}

/* The catalog's shape_source: every operand that takes part is defined by
** an op whose operand #1 (its shape) is defined by one same op named there
** (TFLite: BroadcastTo ops fed by one BroadcastArgs have equal shapes). */
bool shapes_from_one_source(const analyzer *w, const ms_op *op, const rule_inputs *in,
                                   const ms_rule_binding *b) {
  uint32_t source = MS_NONE;
  for (int k = 0; k < in->n; k++) {
    uint32_t d = defining_op(w, op, in->index[k]);
    uint32_t s = d == MS_NONE ? MS_NONE : defining_op(w, &w->rec->ops[d], 1);
    if (s == MS_NONE || !op_named(w, s, b) || (source != MS_NONE && s != source)) return false;
    source = s;
  }
  return source != MS_NONE;
}

/* An entry with a rule and a shape function: the rule checks the operands
** against the result as far as it is known, the declared type met with what
** the shape function gives (dynamic_broadcast_in_dim's output_dimensions). */
void meet_shape_fn(analyzer *w, const ms_op *op, const ms_rule_binding *b, ms_shape *result) {
  ms_shape_args args = {0};
  ms_shape operand, got, met;
  bool refined;
  int first = b->shape.fn == MS_SHAPE_FN_SAME ? b->shape.operand : 0;
  if (!operand_shape(w, op, first, &operand) || (b->shape.fn != MS_SHAPE_FN_SAME && !shape_args(w, op, &b->shape, &args)))
    return;
  if (ms_infer_shape(b->shape.fn, &operand, 1, &args, &got, NULL, 0) == MS_INFER_OK &&
      ms_shape_meet(result, &got, &met, &refined))
    *result = met;
}

/* The catalog's constant_operands: operands the verifier reads as constants,
** so that a block or function argument there is rejected (TOSA's shape
** operands: "shape operand is not compile time resolvable"). A value
** defined by any op is left to that op's rule: only arguments are known
** never to be constants. */
void check_constant_operands(analyzer *w, const ms_op *op, const ms_rule_binding *b) {
  for (int i = 0; i < MS_MAX_OPERANDS && (uint32_t)i < op->noperands; i++) {
    if (!((b->constant_operands >> i) & 1u)) continue;
    uint32_t v = operand_value(w, op, i);
    if (v == MS_NONE || w->rec->values[v].op != MS_NONE) continue;
    ms_span use = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    ms_diagnostic *d = ms_diag_list_add(&w->out->diags, use.start, use.end, MS_SEVERITY_ERROR, "not-constant", NULL,
                                        "operand #%d (%.*s) is an argument, but the op reads it as a constant: shape "
                                        "operand is not compile time resolvable",
                                        i, (int)(use.end - use.start), w->text + use.start);
    d->operand = i;
    return; /* the verifier stops at the first */
  }
}

/* The catalog's static_operands: types that must be statically shaped. */
void check_static_operands(analyzer *w, const ms_op *op, const ms_rule_binding *b) {
  for (int i = 0; i < MS_MAX_OPERANDS && (uint32_t)i < op->noperands; i++) {
    ms_shape s;
    if (!((b->static_operands >> i) & 1u) || !operand_shape(w, op, i, &s) || s.kind == MS_TYPE_OTHER) continue;
    bool dynamic = !s.ranked;
    for (int k = 0; s.ranked && k < s.rank; k++) dynamic |= s.dims[k] == MS_DIM_DYNAMIC;
    if (!dynamic) continue;
    ms_span at = operand_range(w, op, i), use = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    char t[160];
    ms_shape_format_type(&s, t, sizeof t);
    ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_NOT_STATIC, NULL,
                                        "operand #%d (%.*s) must be statically shaped but is %s", i,
                                        (int)(use.end - use.start), w->text + use.start, t);
    d->operand = i;
  }
}

/* ------------------------------------------------------------------ */
/* Structured ops (structured.h): the analyzer's internals lent to it.  */

typedef struct algebra_ctx {
  analyzer *w;
  uint32_t opi;
} algebra_ctx;

static const ms_op *algebra_op(const algebra_ctx *a) { return &a->w->rec->ops[a->opi]; }

static bool sop_declared_operand(void *c, int i, ms_shape *out) {
  algebra_ctx *a = c;
  return operand_shape(a->w, algebra_op(a), i, out);
}

static bool sop_inferred_operand(void *c, int i, const ms_shape *declared, ms_shape *out) {
  algebra_ctx *a = c;
  inferred_operand(a->w, algebra_op(a), i, declared, out);
  uint32_t v = operand_value(a->w, algebra_op(a), i);
  return v != MS_NONE && a->w->shape[v];
}

static bool sop_declared_result(void *c, int r, ms_shape *out) {
  algebra_ctx *a = c;
  const ms_op *op = algebra_op(a);
  if (r < 0 || (uint32_t)r >= op->nout) return false;
  ms_span t = resolve(a->w, *out_type(a->w, op, (uint32_t)r));
  return ms_shape_parse_type(out, a->w->text + t.start, t.end - t.start, NULL, 0) && out->kind != MS_TYPE_OTHER &&
         out->kind != MS_TYPE_NONE;
}

static bool sop_constant(void *c, int i, int64_t *out, int max, int *n) {
  algebra_ctx *a = c;
  int64_t v[MS_MAX_RANK];
  if (!operand_constant(a->w, algebra_op(a), i, v, n) || *n > max) {
    /* A frontend's own constant ops (torch.constant.int, prim.ListConstruct). */
    uint32_t u = operand_value(a->w, algebra_op(a), i);
    return ms_list_constant(a->w->rec, a->w->text, u, out, max, n);
  }
  memcpy(out, v, (size_t)*n * sizeof v[0]);
  return true;
}

/* A float constant's values (ONNX Resize's scales), as f32 bit patterns. */
static bool sop_constant_f32(void *c, int i, uint32_t *out, int max, int *n) {
  algebra_ctx *a = c;
  uint32_t v = operand_value(a->w, algebra_op(a), i);
  ms_span t = v == MS_NONE ? (ms_span){0, 0} : ms_records_value_constant(a->w->rec, v);
  return t.end && ms_attr_parse_f32_list(a->w->text + t.start, t.end - t.start, out, max, n);
}

static void sop_refine(void *c, int r, const ms_shape *met) {
  algebra_ctx *a = c;
  const ms_op *op = algebra_op(a);
  if ((uint32_t)r < op->nresults) set_value_shape(a->w, op->results + (uint32_t)r, met, a->opi, true);
}

static void sop_propagated(void *c, const char *why) {
  algebra_ctx *a = c;
  const ms_op *op = algebra_op(a);
  static __thread rule_inputs in;
  in.n = 0;
  for (uint32_t i = 0; i < op->noperands && in.n < MS_MAX_OPERANDS; i++) in.index[in.n++] = (int)i;
  uint32_t vals[MS_MAX_OPERANDS];
  if (fresh_refined(a->w, op, &in, vals) > 0) {
    report_propagated(a->w, op, &in, NULL, why);
    return;
  }
  /* The refined values are what the op's regions return (region_flow.c):
  ** reported where a terminator directly inside it returns them. */
  for (size_t t = a->opi + 1; t < a->w->rec->nops && a->w->rec->ops[t].span.start < op->span.end; t++) {
    const ms_op *term = &a->w->rec->ops[t];
    if (term->parent != a->opi || term->noperands == 0 || term->nresults > 0) continue;
    rule_inputs all = {0};
    for (uint32_t k = 0; k < term->noperands && all.n < MS_MAX_OPERANDS; k++) all.index[all.n++] = (int)k;
    if (fresh_refined(a->w, term, &all, vals) > 0) {
      report_propagated(a->w, term, &all, NULL, why);
      return;
    }
  }
  /* The refined values are elements of a tensor list operand (structured.h):
  ** reported where the list takes them. */
  for (uint32_t i = 0; i < op->noperands; i++) {
    uint32_t v = operand_value(a->w, op, (int)i);
    if (v == MS_NONE || a->w->rec->values[v].op == MS_NONE) continue;
    const ms_op *def = &a->w->rec->ops[a->w->rec->values[v].op];
    rule_inputs all = {0};
    for (uint32_t k = 0; k < def->noperands && all.n < MS_MAX_OPERANDS; k++) all.index[all.n++] = (int)k;
    if (fresh_refined(a->w, def, &all, vals) > 0) {
      report_propagated(a->w, def, &all, NULL, why);
      return;
    }
  }
}

static bool sop_value_shape(void *c, uint32_t v, ms_shape *out) {
  algebra_ctx *a = c;
  if (v >= a->w->rec->nvalues) return false;
  ms_span t = resolve(a->w, a->w->rec->values[v].type);
  return t.end && ms_shape_parse_type(out, a->w->text + t.start, t.end - t.start, NULL, 0);
}

static bool sop_value_inferred(void *c, uint32_t v, ms_shape *out) {
  algebra_ctx *a = c;
  if (v >= a->w->rec->nvalues || !a->w->shape[v]) return false;
  *out = *a->w->shape[v];
  return true;
}

static bool sop_out_shape(void *c, uint32_t opi, uint32_t r, ms_shape *out) {
  algebra_ctx *a = c;
  if (opi >= a->w->rec->nops || r >= a->w->rec->ops[opi].nout) return false;
  ms_span t = resolve(a->w, *out_type(a->w, &a->w->rec->ops[opi], r));
  return t.end && ms_shape_parse_type(out, a->w->text + t.start, t.end - t.start, NULL, 0);
}

void apply_algebra(analyzer *w, uint32_t opi, const ms_rule_binding *b, attr_lookup *attrs) {
  algebra_ctx a = {w, opi};
  ms_structured_host h = {w->rec,          w->text,     &w->out->diags, opi,          b,
                          &a,              sop_declared_operand, sop_inferred_operand, sop_declared_result,
                          lookup_attr,     attrs,       sop_constant,   sop_refine,   sop_propagated,
                          sop_value_shape, sop_value_inferred, sop_constant_f32, sop_out_shape};
  ms_structured_judge(&h);
  const ms_op *op = &w->rec->ops[opi];
  if (!w->detail || op->span.start > w->detail_pos || w->detail_pos > op->span.end) return;
  ms_op_detail *d = w->detail;
  memset(d, 0, sizeof *d);
  w->found = true;
  w->detail_op = opi;
  d->op_start = op->span.start;
  d->op_end = op->span.end;
  d->name_start = ms_op_name_token(op).start;
  d->name_end = ms_op_name_token(op).end;
  copy_span(d->name, sizeof d->name, w->text, op->name);
  snprintf(d->origin, sizeof d->origin, "%s", b->origin);
  snprintf(d->description, sizeof d->description, "%s", b->description);
  snprintf(d->algebra, sizeof d->algebra, "%s", ms_sop_spec_def(b->algebra)->name);
  for (uint32_t i = 0; i < op->noperands && d->noperands < MS_MAX_OPERANDS; i++) {
    ms_shape s;
    if (!operand_shape(w, op, (int)i, &s)) break;
    ms_span u = ms_records_operand(w->rec, op, i)->span;
    copy_span(d->operand_names[d->noperands], sizeof d->operand_names[0], w->text, u);
    ms_shape_format_type(&s, d->operand_types[d->noperands++], sizeof d->operand_types[0]);
  }
  if (op->nout > 0) {
    d->result_start = out_type(w, op, 0)->start;
    d->result_end = out_type(w, op, 0)->end;
    copy_span(d->result_type, sizeof d->result_type, w->text, *out_type(w, op, 0));
  }
  if (op->nresults > 0 && w->info[op->results].inferred)
    snprintf(d->inferred, sizeof d->inferred, "%s", w->info[op->results].inferred);
  ms_structured_provenance(&h, 0, d->provenance, sizeof d->provenance);
}

