/*
** analyzer.c: op records + value table -> rules and inference -> diagnostics.
**
** records.c reads a unit once into op records and its value table; this
** module judges them, op by op in text order:
**   - SSA type consistency: every use written with a type carries its
**     definition's type;
**   - the op's broadcast rule from the catalog, applied by broadcast.c at
**     the declared types (findings as always);
**   - inference: every value gets an inferred shape, the meet of its
**     declared type and what its op's rule or shape function (infer.c)
**     infers from the operands' *inferred* shapes. An op that is valid at
**     its declared types but not at its operands' inferred shapes gets one
**     propagated-shape-mismatch error, once per root cause.
** Syntax errors and the cut into units are read from the tree here too.
** The rules read the op's attributes through analyzer_attrs.c.
*/
#include "analyzer_int.h"
#include "module_attrs.h"
#include "alloc.h"
#include "walk.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attr.h"
#include "infer.h"
#include "nodes.h"
#include "shape.h"
#include "list_const.h"
#include "sop_params.h"
#include "structured.h"
#include "upstream.h"

/* A type alias use (`!bounded_type`) stands for its definition's type. */
ms_span resolve(const analyzer *w, ms_span t) {
  uint32_t s, e;
  if (t.end && w->opts && ms_alias_table_resolve(w->opts->aliases, w->text, t.start, t.end, &s, &e))
    return (ms_span){s, e};
  return t;
}

static const ms_span *in_type(const analyzer *w, const ms_op *op, uint32_t i) {
  return &w->rec->types[op->in_types + i];
}

const ms_span *out_type(const analyzer *w, const ms_op *op, uint32_t i) {
  return &w->rec->types[op->out_types + i];
}

static uint32_t result_total(const ms_op *op) { return op->nresults; }

/* Whether no line break lies between offsets a and b. */
static bool same_line(const char *text, uint32_t a, uint32_t b) {
  uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
  return memchr(text + lo, '\n', hi - lo) == NULL;
}

static bool is_blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

static bool number_at(const char *text, uint32_t i, uint32_t start) {
  char c = text[i];
  bool lead = i == start || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_' || text[i - 1] == '.');
  return lead && (isdigit((unsigned char)c) || ((c == '-' || c == '+') && isdigit((unsigned char)text[i + 1])));
}

/* Text equality with blanks ignored and numbers compared by value
** (`0.01` is `1.000000e-02`: printers disagree on float spellings). */
static bool same_text(const char *text, ms_span a, ms_span b) {
  uint32_t i = a.start, j = b.start;
  for (;;) {
    while (i < a.end && is_blank(text[i])) i++;
    while (j < b.end && is_blank(text[j])) j++;
    if (i == a.end || j == b.end) return i == a.end && j == b.end;
    if (number_at(text, i, a.start) && number_at(text, j, b.start)) {
      char *ea, *eb;
      double x = strtod(text + i, &ea), y = strtod(text + j, &eb);
      if (x != y) return false;
      i = (uint32_t)(ea - text);
      j = (uint32_t)(eb - text);
      continue;
    }
    if (text[i++] != text[j++]) return false;
  }
}

/* Whether a use's type agrees with its definition's. Shaped types agree
** when kind, rank and dims agree and so do builtin element types; encodings
** and dialect element types (`!quant.uniform<...>`) have equivalent
** spellings this tool cannot normalise (`i8<-128:127>` is `i8`, a bounds
** alias is its expansion), so they are not compared. Other types compare as
** text. */
static bool same_type(const char *text, ms_span a, ms_span b) {
  /* The same bytes are the same type (most uses repeat their definition's
  ** spelling): both parses below would agree, as would same_text. */
  if (a.end - a.start == b.end - b.start && !memcmp(text + a.start, text + b.start, a.end - a.start)) return true;
  ms_shape x, y;
  if (!ms_shape_parse_type(&x, text + a.start, a.end - a.start, NULL, 0) ||
      !ms_shape_parse_type(&y, text + b.start, b.end - b.start, NULL, 0) || x.kind == MS_TYPE_OTHER ||
      y.kind == MS_TYPE_OTHER)
    return same_text(text, a, b);
  if (x.kind != y.kind || x.ranked != y.ranked || (x.ranked && !ms_shape_equal(&x, &y))) return false;
  for (int i = 0; x.ranked && i < x.rank; i++)
    if (x.scalable[i] != y.scalable[i]) return false;
  if (x.elem[0] == '!' || y.elem[0] == '!') return true;
  return strcmp(x.elem, y.elem) == 0;
}

static void report_unreadable(analyzer *w, ms_span at, ms_span type, const char *why) {
  const char *t = w->text + type.start;
  size_t n = type.end - type.start;
  bool shaped = (n > 7 && (!memcmp(t, "tensor<", 7) || !memcmp(t, "vector<", 7) || !memcmp(t, "memref<", 7)));
  if (!shaped) return;
  int shown = n > 60 ? 60 : (int)n;
  const char *dots = n > 60 ? "..." : "";
  if (!strncmp(why, MS_SHAPE_ERR_RANK, strlen(MS_SHAPE_ERR_RANK)) ||
      !strncmp(why, MS_SHAPE_ERR_DIM_LIMIT, strlen(MS_SHAPE_ERR_DIM_LIMIT)))
    ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_WARNING, MS_CODE_SHAPE_LIMIT, NULL,
                     "%.*s%s: %.*s; the op is not checked", shown, t, dots, (int)strcspn(why, ":"), why);
  else
    ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_INVALID_TYPE, NULL,
                     "invalid type %.*s%s: %.*s", shown, t, dots, (int)strcspn(why, ":"), why);
}


/* StableHLO rejects bounds that do not fit their tensor type. */
static bool bounds_invalid(const analyzer *w, ms_span t, char *why, size_t n) {
  ms_shape s;
  t = resolve(w, t);
  /* Most types have no bounds: skip the parse for them. */
  if (!t.end || !memmem(w->text + t.start, t.end - t.start, "bounds", 6) ||
      !ms_shape_parse_type(&s, w->text + t.start, t.end - t.start, NULL, 0) || !s.bounds_invalid)
    return false;
  if (s.bounds_invalid == MS_BOUNDS_LENGTH)
    snprintf(why, n, "%d bounds for a tensor of rank %d: one per dim is needed", s.bounds_count, s.rank);
  else
    snprintf(why, n, "static dim %d cannot have a bound (`?` marks a dim without one)", s.bounds_count);
  return true;
}

/* Function and block arguments declared with invalid bounds (an op's own
** types are reported by its rule, report_unreadable). */
static void check_arguments(analyzer *w, const ms_records *rec, size_t first) {
  char why[160];
  for (size_t i = first; i < rec->nvalues; i++) {
    const ms_value *v = &rec->values[i];
    if (v->op != MS_NONE || !v->type.end || !bounds_invalid(w, v->type, why, sizeof why)) continue;
    ms_diag_list_add(&w->out->diags, v->type.start, v->type.end, MS_SEVERITY_ERROR, MS_CODE_INVALID_TYPE, NULL,
                     "invalid type %.*s: %s", (int)(v->type.end - v->type.start), w->text + v->type.start, why);
  }
}

/* An operand whose type the op's syntax implies (`arith.select %c, %a, %b
** : T` reads %c as i1): its definition must have that type. */
static const ms_implied *implied_of(const ms_records *rec, uint32_t opi) {
  size_t lo = 0, hi = rec->nimplied;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (rec->implied[mid].op < opi) lo = mid + 1;
    else hi = mid;
  }
  return lo < rec->nimplied && rec->implied[lo].op == opi ? &rec->implied[lo] : NULL;
}

static void check_implied(analyzer *w, const ms_op *op) {
  const ms_implied *im = implied_of(w->rec, (uint32_t)(op - w->rec->ops));
  if (!im || im->operand >= op->noperands) return;
  const char *implied_type = im->type;
  const ms_use *u = ms_records_operand(w->rec, op, im->operand);
  if (u->value == MS_NONE) return;
  char type[160];
  ms_span t = resolve(w, w->rec->values[u->value].type);
  if (t.end) snprintf(type, sizeof type, "%.*s", (int)(t.end - t.start), w->text + t.start);
  else if (w->shape[u->value]) ms_shape_format_type(w->shape[u->value], type, sizeof type);
  else return;
  if (!strcmp(type, implied_type)) return;
  ms_span def = w->rec->values[u->value].def;
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, u->span.start, u->span.end, MS_SEVERITY_ERROR,
                                      MS_CODE_TYPE_MISMATCH, NULL,
                                      "%.*s is used as %s (this form of the op implies it) but defined as %s",
                                      (int)(u->span.end - u->span.start), w->text + u->span.start, implied_type,
                                      type);
  ms_diag_set_related(d, def.start, def.end, "%.*s is defined here as %s", (int)(u->span.end - u->span.start),
                      w->text + u->span.start, type);
}

/* A use, written with a type, of a result whose op does not spell its
** type (type_unwritten_result): the type its rule inferred must agree. */
static void check_unwritten_use(analyzer *w, const ms_use *u, ms_span type) {
  const ms_shape *def = w->shape[u->value];
  ms_shape use;
  if (!def || !type.end || w->info[u->value].producer == MS_NONE) return;
  ms_span t = resolve(w, type);
  if (!ms_shape_parse_type(&use, w->text + t.start, t.end - t.start, NULL, 0) || use.kind == MS_TYPE_OTHER) return;
  bool same = use.kind == def->kind && use.ranked == def->ranked && (!use.ranked || ms_shape_equal(&use, def)) &&
              !strcmp(use.elem, def->elem);
  for (int k = 0; same && use.ranked && k < use.rank; k++) same = use.scalable[k] == def->scalable[k];
  if (same) return;
  char *want = type_text_dup(def);
  ms_span at = same_line(w->text, type.start, u->span.start) ? type : u->span;
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_TYPE_MISMATCH,
                                      NULL, "%.*s is used as %.*s but its op gives it type %s",
                                      (int)(u->span.end - u->span.start), w->text + u->span.start,
                                      (int)(type.end - type.start), w->text + type.start, want);
  ms_diag_set_fix(d, type.start, type.end, want);
  free(want);
}

static void check_uses(analyzer *w, const ms_op *op) {
  check_implied(w, op);
  if (!op->types_known) return;
  char why[160];
  for (uint32_t i = 0; i < op->noperands; i++) {
    const ms_use *u = ms_records_operand(w->rec, op, i);
    if (u->value == MS_NONE) continue;
    const ms_value *def = &w->rec->values[u->value];
    if (def->type.end && bounds_invalid(w, def->type, why, sizeof why)) continue; /* reported at the definition */
    /* A result type read off an opaque op's tail may be spelt in its
    ** dialect's own way (`moore.trunc %0 : i8 -> i4` gives a !moore.i4). */
    if (def->op != MS_NONE && w->rec->ops[def->op].guessed) continue;
    ms_span type = *in_type(w, op, i);
    if (!def->type.end) {
      check_unwritten_use(w, u, type);
      continue;
    }
    if (same_type(w->text, resolve(w, def->type), resolve(w, type))) continue;
    ms_span use = u->span;
    /* mlir-opt reports at the use; the type, when on the same line. */
    ms_span at = same_line(w->text, type.start, use.start) ? type : use;
    ms_diagnostic *d = ms_diag_list_add(
        &w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_TYPE_MISMATCH, NULL,
        "%.*s is used as %.*s but defined as %.*s", (int)(use.end - use.start), w->text + use.start,
        (int)(type.end - type.start), w->text + type.start, (int)(def->type.end - def->type.start),
        w->text + def->type.start);
    ms_diag_set_related(d, def->def.start, def->def.end, "%.*s is defined here as %.*s",
                        (int)(use.end - use.start), w->text + use.start, (int)(def->type.end - def->type.start),
                        w->text + def->type.start);
    /* the defined type whole: a fix cut short would write a broken type */
    char *fix = ms_xmalloc(def->type.end - def->type.start + 1);
    copy_span(fix, def->type.end - def->type.start + 1, w->text, def->type);
    ms_diag_set_fix(d, type.start, type.end, fix);
    free(fix);
  }
}

/* ------------------------------------------------------------------ */
/* Broadcast rules                                                     */

ms_span operand_range(const analyzer *w, const ms_op *op, int i) {
  /* A type the op does not spell (taken from the definition) is not shown. */
  if (i >= 0 && (uint32_t)i < op->nin && op->types_known && in_type(w, op, (uint32_t)i)->start >= op->span.start &&
      in_type(w, op, (uint32_t)i)->end <= op->span.end)
    return *in_type(w, op, (uint32_t)i);
  if (i >= 0 && (uint32_t)i < op->noperands) return ms_records_operand(w->rec, op, (uint32_t)i)->span;
  return ms_op_name_token(op);
}

/* The declared type of operand i: from the op's own signature, else its
** definition. A shaped type that does not parse is reported. */
bool operand_shape(analyzer *w, const ms_op *op, int i, ms_shape *out) {
  ms_span t = {0, 0};
  if (w->detail_untyped && (uint32_t)i < op->noperands) {
    uint32_t v = ms_records_operand(w->rec, op, (uint32_t)i)->value;
    const char *inf = v != MS_NONE ? w->info[v].inferred : NULL;
    if (inf && ms_shape_parse_type(out, inf, strlen(inf), NULL, 0)) return true;
  }
  if (op->types_known && (uint32_t)i < op->nin) t = *in_type(w, op, (uint32_t)i);
  else if ((uint32_t)i < op->noperands) {
    const ms_use *u = ms_records_operand(w->rec, op, (uint32_t)i);
    if (u->value != MS_NONE) t = w->rec->values[u->value].type;
  }
  t = resolve(w, t);
  char why[160];
  if (!t.end) {
    /* A result its op's syntax leaves unwritten: what its rule inferred. */
    uint32_t v = (uint32_t)i < op->noperands ? ms_records_operand(w->rec, op, (uint32_t)i)->value : MS_NONE;
    if (v == MS_NONE || !w->shape[v] || w->rec->values[v].type.end) return false;
    *out = *w->shape[v];
    return true;
  }
  if (ms_shape_parse_type(out, w->text + t.start, t.end - t.start, why, sizeof why)) return true;
  report_unreadable(w, operand_range(w, op, i), t, why);
  return false;
}

uint32_t operand_value(const analyzer *w, const ms_op *op, int i) {
  if (i < 0 || (uint32_t)i >= op->noperands) return MS_NONE;
  return ms_records_operand(w->rec, op, (uint32_t)i)->value;
}

/* The constant that defines operand i, as integers (a target shape, a
** permutation, multiples). */
bool operand_constant(const analyzer *w, const ms_op *op, int i, int64_t *out, int *n) {
  uint32_t v = operand_value(w, op, i);
  ms_span c = v == MS_NONE ? (ms_span){0, 0} : ms_records_value_constant(w->rec, v);
  if (!c.end) return false;
  return ms_attr_parse_dense_shape(w->text + c.start, c.end - c.start, out, MS_MAX_RANK, n, NULL, 0) ||
         ms_attr_parse_int_list(w->text + c.start, c.end - c.start, out, MS_MAX_RANK, n, NULL, 0);
}

/* Result 0's declared shape, when ranked. */
static bool declared_result(const analyzer *w, const ms_op *op, ms_shape *s) {
  if (!op->types_known || op->nout < 1) return false;
  const ms_span *t = out_type(w, op, 0);
  return t->end && ms_shape_parse_type(s, w->text + t->start, t->end - t->start, NULL, 0) && s->ranked;
}

/* The shape a target-shape operand holds: its constant's values. Without a
** constant, a 1-D operand of static length N still gives the rank, as ONNX's
** Expand inference and TF's BroadcastTo read it: N dims of unknown size, or
** where the result is declared with rank >= N, its last N dims (a declared
** size is what the operand holds at run time, or 1 where the input has that
** size: the same result either way; the input must still broadcast to it). */
static bool target_shape(analyzer *w, const ms_op *op, int i, ms_shape *out) {
  int64_t dims[MS_MAX_RANK];
  int rank = 0;
  if (operand_constant(w, op, i, dims, &rank)) {
    ms_shape_init(out, rank, dims);
    return true;
  }
  ms_shape t, r;
  if (!operand_shape(w, op, i, &t) || !t.ranked || t.rank != 1 || t.dims[0] < 0 || t.dims[0] > MS_MAX_RANK)
    return false;
  int skip = declared_result(w, op, &r) && r.rank >= t.dims[0] ? r.rank - (int)t.dims[0] : -1;
  for (int k = 0; k < t.dims[0]; k++) dims[k] = skip >= 0 ? r.dims[skip + k] : MS_DIM_DYNAMIC;
  ms_shape_init(out, (int)t.dims[0], dims);
  return true;
}

static bool gather_inputs(analyzer *w, const ms_op *op, const ms_rule_binding *b, rule_inputs *in) {
  in->n = 0;
  int count = b->noperands < 0 ? (int)op->noperands : b->noperands;
  if (count > MS_MAX_OPERANDS) return false; /* the rules see 16 operands: more are not judged (never a prefix) */
  for (int k = 0; k < count && in->n < MS_MAX_OPERANDS; k++) {
    int i = b->noperands < 0 ? k : b->operands[k];
    if ((uint32_t)i >= op->noperands) continue;
    bool target = i == b->target_operand;
    bool ok = target ? target_shape(w, op, i, &in->shapes[in->n]) : operand_shape(w, op, i, &in->shapes[in->n]);
    if (!ok) return false;
    ms_span s = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    copy_span(in->names[in->n], sizeof in->names[0], w->text, s);
    in->name_ptrs[in->n] = in->names[in->n];
    in->index[in->n++] = i;
  }
  return in->n > 0 || op->noperands == 0;
}

/* Where an op's finding is shown: at `at` when it is on the op's first
** line, else at the op's name. mlir-opt reports an op's errors at the op,
** so `expected-error` lines and line-based comparisons meet there; the
** types of a generic op with regions are lines below it. */
static ms_span on_op_line(const analyzer *w, const ms_op *op, ms_span at) {
  return same_line(w->text, at.start, ms_op_name_token(op).start) ? at : ms_op_name_token(op);
}

static void report_findings(analyzer *w, const ms_op *op, const ms_rule_binding *b, const rule_inputs *in,
                            const ms_broadcast_result *res) {
  const char *rule = ms_rule_name(b->rule);
  for (int k = 0; k < res->nfindings; k++) {
    const ms_finding *f = &res->findings[k];
    ms_span at = ms_op_name_token(op);
    if (f->operand == MS_FINDING_RESULT && op->nout > 0) at = *out_type(w, op, 0);
    else if (f->operand >= 0 && f->operand < in->n) at = operand_range(w, op, in->index[f->operand]);
    at = on_op_line(w, op, at);
    ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, f->severity, f->code, rule, "%s",
                                        f->message);
    d->operand = f->operand >= 0 && f->operand < in->n ? in->index[f->operand] : f->operand;
    d->dim = f->dim;
    /* Hints (`?` against a static size) are the most numerous finding in
    ** real dumps; they stay one line, with no related location. */
    if (f->related >= 0 && f->related < in->n && f->severity != MS_SEVERITY_HINT) {
      ms_span r = operand_range(w, op, in->index[f->related]);
      ms_diag_set_related(d, r.start, r.end, "%s is %.*s", in->names[f->related], (int)(r.end - r.start),
                          w->text + r.start);
    }
  }
}

/* The declared result says less than the inferred shape, or contradicts it:
** unranked, another rank, `?` where a size is known, another size. A static
** size where only `?` is inferred is more precise, not less. */
static bool result_less_precise(const ms_shape *declared, const ms_shape *inferred) {
  if (!declared->ranked) return inferred->ranked;
  if (!inferred->ranked) return false;
  if (declared->rank != inferred->rank) return true;
  for (int i = 0; i < declared->rank; i++) {
    int64_t d = declared->dims[i], n = inferred->dims[i];
    if (n == MS_DIM_DYNAMIC) continue;
    if (d == MS_DIM_DYNAMIC || d != n) return true;
  }
  return false;
}

static void with_declared_kind(ms_shape *shown, const ms_shape *result) {
  if (result && result->kind != MS_TYPE_OTHER && result->kind != MS_TYPE_NONE) {
    shown->kind = result->kind;
    shown->torch = result->torch;
    /* `!torch.vtensor` names no dtype: keep the operands'. */
    if (result->elem[0] || !result->torch) memcpy(shown->elem, result->elem, sizeof shown->elem);
  }
}

/* The offset of type in the analysis's strings: one the analysis stored
** lately (ops in a row infer the same types), else a new one. */
static uint32_t intern_type(analyzer *w, const char *type) {
  ms_analysis *out = w->out;
  ms_analysis_unpack_inferences(out);
  for (int i = 0; i < w->nrecent; i++)
    if (!strcmp(out->strings + w->recent[i], type)) return w->recent[i];
  size_t n = strlen(type) + 1;
  uint32_t at = (uint32_t)out->nstrings;
  out->strings = ms_array_reserve(out->strings, out->nstrings + n, &out->cap_strings, 1);
  memcpy(out->strings + at, type, n);
  out->nstrings += n;
  int slot = w->nrecent < MS_RECENT_TYPES ? w->nrecent++ : (int)(at % MS_RECENT_TYPES);
  w->recent[slot] = at;
  return at;
}

static void record_inference(analyzer *w, const ms_op *op, const ms_rule_binding *b, const ms_shape *result,
                             bool has_inferred, const ms_shape *inferred) {
  ms_analysis *out = w->out;
  ms_analysis_unpack_inferences(out);
  ms_inference *inf = MS_ARRAY_PUSH(out->inferences, out->ninferences, out->cap);
  memset(inf, 0, sizeof *inf);
  inf->op_start = op->span.start;
  inf->op_end = op->span.end;
  inf->name_start = ms_op_name_token(op).start;
  inf->name_end = ms_op_name_token(op).end;
  if (op->nout > 0) {
    inf->result_start = out_type(w, op, 0)->start;
    inf->result_end = out_type(w, op, 0)->end;
  }
  inf->rule = b->rule;
  inf->has_inferred = has_inferred;
  if (!has_inferred) return;
  ms_shape shown = *inferred;
  /* Element types are not inferred: show the declared result's. */
  with_declared_kind(&shown, result);
  char *type = type_text_dup(&shown);
  inf->inferred = intern_type(w, type);
  free(type);
  inf->result_differs = result && result_less_precise(result, inferred);
}

void copy_whole(char *dst, size_t n, const char *src) {
  size_t len = strlen(src);
  if (!n) return;
  if (len >= n) len = 0;
  memcpy(dst, src, len);
  dst[len] = '\0';
}

/* What snprintf(dst, n, "%.*s", ...) wrote, without its format parsing
** (every judged op copies its operands' names). */
void copy_span(char *dst, size_t n, const char *text, ms_span s) {
  if (n == 0) return;
  size_t len = s.end - s.start;
  if (len > n - 1) len = n - 1;
  const char *nul = memchr(text + s.start, '\0', len);
  if (nul) len = (size_t)(nul - (text + s.start));
  memcpy(dst, text + s.start, len);
  dst[len] = '\0';
}

static void fill_detail(analyzer *w, const ms_op *op, const ms_rule_binding *b, const rule_inputs *in,
                        const ms_broadcast_result *res) {
  ms_op_detail *d = w->detail;
  memset(d, 0, sizeof *d);
  w->found = true;
  w->detail_op = (uint32_t)(op - w->rec->ops);
  d->op_start = op->span.start;
  d->op_end = op->span.end;
  d->name_start = ms_op_name_token(op).start;
  d->name_end = ms_op_name_token(op).end;
  copy_span(d->name, sizeof d->name, w->text, op->name);
  d->rule = b->rule;
  d->opts = b->opts;
  snprintf(d->origin, sizeof d->origin, "%s", b->origin);
  snprintf(d->description, sizeof d->description, "%s", b->description);
  d->noperands = in->n;
  for (int i = 0; i < in->n; i++) {
    snprintf(d->operand_names[i], sizeof d->operand_names[i], "%s", in->names[i]);
    ms_shape_format_type(&in->shapes[i], d->operand_types[i], sizeof d->operand_types[i]);
  }
  if (op->nout > 0) {
    d->result_start = out_type(w, op, 0)->start;
    d->result_end = out_type(w, op, 0)->end;
    copy_span(d->result_type, sizeof d->result_type, w->text, *out_type(w, op, 0));
  }
  d->result = *res;
  ms_analysis *out = w->out;
  if (out->ninferences && out->inferences[out->ninferences - 1].has_inferred)
    copy_whole(d->inferred, sizeof d->inferred, ms_inference_type(out, &out->inferences[out->ninferences - 1]));
}

void apply_rule(analyzer *w, uint32_t opi) {
  const ms_op *op = &w->rec->ops[opi];
  attr_lookup ctx = {w, op};
  ms_op_view view = {w->text + op->name.start, op->name.end - op->name.start, (int)op->noperands, lookup_attr,
                     &ctx};
  ms_rule_binding b;
  ms_span dict;
  if (op_dict_alias(w, op, &dict) < 0) return; /* its attributes are behind an alias the file does not define */
  if (!ms_catalog_bind(w->catalog, &view, &b)) return;
  if (!b.ok) {
    ms_diag_list_add(&w->out->diags, ms_op_name_token(op).start, ms_op_name_token(op).end, MS_SEVERITY_ERROR,
                     MS_CODE_RULE_OPTIONS, ms_rule_name(b.rule), "%s", b.error);
    return;
  }
  if (b.static_operands) check_static_operands(w, op, &b);
  if (b.constant_operands) check_constant_operands(w, op, &b);
  if (b.algebra) {
    apply_algebra(w, opi, &b, &ctx);
    /* With spec_warnings the algebra only warned: the entry's shape infers. */
    if (!b.spec_warnings || b.shape.fn == MS_SHAPE_FN_NONE) return;
  }
  if (!b.has_rule) {
    infer_by_shape_fn(w, opi, &b);
    return;
  }
  rule_inputs in;
  if (!gather_inputs(w, op, &b, &in)) return;
  ms_shape results[4];
  int nres = 0;
  for (uint32_t i = 0; i < op->nout && nres < 4; i++) {
    ms_span t = resolve(w, *out_type(w, op, i));
    char why[160];
    if (!ms_shape_parse_type(&results[nres], w->text + t.start, t.end - t.start, why, sizeof why)) {
      report_unreadable(w, *out_type(w, op, i), t, why);
      return;
    }
    nres++;
  }
  /* Results of unknown type; an op whose syntax leaves them unwritten
  ** (the parser infers them) is checked on its operands alone. */
  if (nres == 0 && result_total(op) > 0 && !w->detail_untyped && !(b.layout && op->types_known)) return;
  b.opts.strict = b.opts.strict || w->opts->strict;
  if (b.opts.max_broadcast_rank && b.nshape_source) b.opts.rank_limit_exempt = shapes_from_one_source(w, op, &in, &b);
  if (b.shape.fn != MS_SHAPE_FN_NONE && nres > 0) {
    infer_by_shape_fn(w, opi, &b);
    meet_shape_fn(w, op, &b, &results[0]);
  }
  static __thread ms_broadcast_result res;
  ms_broadcast_check(b.rule, &b.opts, in.shapes, in.n, in.name_ptrs, results, nres, NULL, &res);
  report_findings(w, op, &b, &in, &res);
  record_inference(w, op, &b, nres ? &results[0] : NULL, res.has_inferred, &res.inferred);
  if (w->detail && op->span.start <= w->detail_pos && w->detail_pos <= op->span.end) fill_detail(w, op, &b, &in, &res);
  if (nres > 0 && b.shape.fn == MS_SHAPE_FN_NONE) infer_by_rule(w, opi, &b, &in, results, nres, &res);
  if (nres == 0 && op->nresults > 0 && res.has_inferred) type_unwritten_result(w, opi, &res.inferred);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

void ms_analysis_init(ms_analysis *self) { memset(self, 0, sizeof *self); }

void ms_analysis_clear(ms_analysis *self) {
  ms_diag_list_clear(&self->diags);
  if (!self->inline_inferences) {
    free(self->inferences);
    free(self->strings);
  }
  for (size_t i = 0; self->info && i < self->rec.nvalues; i++) free(self->info[i].inferred);
  if (self->block) free(self->block);
  else {
    free(self->info);
    ms_records_clear(&self->rec);
  }
  memset(self, 0, sizeof *self);
}

const char *ms_inference_type(const ms_analysis *self, const ms_inference *inf) {
  return inf->has_inferred ? self->strings + inf->inferred : "";
}

const char *ms_analysis_inferred(const ms_analysis *self, uint32_t v) {
  return self->info && v < self->rec.nvalues ? self->info[v].inferred : NULL;
}

/* The findings [first, count) of op: the op's span on each (suppression
** comments, baseline fingerprints), and the preferred fix of a declared
** result that contradicts what the operands infer. Only errors get a fix:
** the file is invalid there, so a fix cannot change what a valid file
** means. */
static void stamp_findings(analyzer *w, const ms_op *op, size_t first, bool inferred) {
  const ms_inference *inf = inferred ? &w->out->inferences[w->out->ninferences - 1] : NULL;
  for (size_t i = first; i < w->out->diags.count; i++) {
    ms_diagnostic *d = &w->out->diags.items[i];
    d->op_start = op->span.start;
    d->op_end = op->span.end;
    if (d->severity != MS_SEVERITY_ERROR || d->has_fix || !inf) continue;
    bool result_code = !strcmp(d->code, MS_CODE_RESULT_DIM) || !strcmp(d->code, MS_CODE_RESULT_RANK) ||
                       !strcmp(d->code, MS_CODE_EXTRA_RESULT_DIMS);
    if (result_code && inf->has_inferred && inf->result_differs && inf->result_end &&
        d->start == inf->result_start && d->end == inf->result_end)
      ms_diag_set_fix(d, inf->result_start, inf->result_end, ms_inference_type(w->out, inf));
  }
}

/* Custom ops whose catalog entry says how they are written get their
** operand and result types from that syntax (layout.h) before judging;
** one that follows none of its alternatives is reported, and not judged.
** Any other custom op is opaque: the tool only contains its syntax, so the
** types records.c read off its tail (a functional type, a type list) are
** guesses, and no use of its operands is checked against them (`d2m.wait
** %cb : <memref<...>> -> memref<...>` writes the op's own types, not
** %cb's). Its results keep the types written for them, for display and
** inference, but no later use is checked against them either. */
/* A generic op binds as many names as its functional type has results
** (`%0:2 = "a.b"() : () -> i32`): else MLIR's parser rejects it whatever
** the op, "cannot name an operation with no results" or "operation defines
** N results but was provided M to bind", at the first name; the op is not
** judged further. */
static void check_bound_results(ms_records *rec, ms_op *op, ms_diag_list *diags) {
  if (op->unmatched || op->nresults == op->nout || op->nresults == 0) return;
  ms_span at = rec->values[op->results].def;
  if (op->nout == 0)
    ms_diag_list_add(diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_OP_SYNTAX, NULL,
                     "cannot name an operation with no results");
  else
    ms_diag_list_add(diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_OP_SYNTAX, NULL,
                     "operation defines %u results but was provided %u to bind", op->nout, op->nresults);
  op->unmatched = true;
}

static void apply_layouts(const ms_catalog *catalog, ms_records *rec, size_t first, const char *text,
                          ms_diag_list *diags) {
  for (size_t i = first; i < rec->nops; i++) {
    ms_op *op = &rec->ops[i];
    if (op->kind == MS_OP_GENERIC) check_bound_results(rec, op, diags);
    if (op->kind != MS_OP_CUSTOM) continue;
    if (op->unmatched) { /* too long for records.c to read whole: silent, as an op it cannot tell */
      op->types_known = false;
      op->guessed = true;
      continue;
    }
    const ms_layout *l = catalog ? ms_catalog_layout(catalog, text + op->name.start, op->name.end - op->name.start)
                                 : NULL;
    ms_layout_finding f;
    if (l && ms_layout_apply(l, rec, (uint32_t)i, text, &f)) {
      if (f.message) /* mlir-opt-22's parser: what the header's names cannot be, a named op with no results */
        ms_diag_list_add(diags, f.at.start, f.at.end, MS_SEVERITY_ERROR, MS_CODE_OP_SYNTAX, NULL, "%s", f.message);
      if (f.judged_no_further) op->unmatched = true; /* its types stay known; its rule is not applied */
      continue;
    }
    op->types_known = false;
    op->guessed = true;
    if (!l) continue;
    op->unmatched = true;
    /* Over several lines, the scanner's guess of where the statement ends
    ** may have taken the next op in (`arith.addi %a, %b : index` then
    ** `sink %c : index` in a region whose default dialect is handshake's):
    ** silent, since the tool cannot tell. */
    if (op->ntoks == 0 || memchr(text + op->name.start, '\n', rec->toks[op->toks + op->ntoks - 1].span.end -
                                                                  op->name.start))
      continue;
    ms_diag_list_add(diags, ms_op_name_token(op).start, ms_op_name_token(op).end, MS_SEVERITY_ERROR, MS_CODE_OP_SYNTAX, NULL,
                     "the types written on %.*s do not follow its syntax \"%s\"", (int)(op->name.end - op->name.start),
                     text + op->name.start, l->text);
  }
}

/* Judges the ops of rec from first_op on and the arguments among its
** values from first_value on, in text order, appending to w->out. */
static void judge_from(analyzer *w, const ms_records *rec, size_t first_op, size_t first_value) {
  w->rec = rec;
  check_arguments(w, rec, first_value);
  for (size_t i = first_op; i < rec->nops;) i = judge_tree(w, i);
}

/* Op i alone: its uses, its rule, its findings stamped. */
void judge_op(analyzer *w, size_t i) {
  const ms_records *rec = w->rec;
  size_t first = w->out->diags.count;
  size_t ninf = w->out->ninferences;
  check_uses(w, &rec->ops[i]);
  if (rec->ops[i].kind != MS_OP_RETURN && !rec->ops[i].unmatched && w->catalog) apply_rule(w, (uint32_t)i);
  stamp_findings(w, &rec->ops[i], first, w->out->ninferences > ninf);
}

/* Judges every op of rec in text order, appending to out; the value
** infos go to *info (one per value). */
static void judge(analyzer *w, const ms_records *rec, ms_value_info **info) {
  w->shape = ms_xcalloc(rec->nvalues + 1, sizeof *w->shape);
  w->info = ms_xcalloc(rec->nvalues + 1, sizeof *w->info);
  for (size_t i = 0; i < rec->nvalues; i++) w->info[i].producer = MS_NONE;
  judge_from(w, rec, 0, 0);
  for (size_t i = 0; i < rec->nvalues; i++) free(w->shape[i]);
  free(w->shape);
  *info = w->info;
}

static void analyze(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode node, const char *text,
                    uint32_t start, uint32_t end, ms_analysis *out, uint32_t detail_pos, ms_op_detail *detail,
                    bool *found) {
  static const ms_analyzer_options none = {0};
  analyzer w = {catalog, opts ? opts : &none, text, out, NULL, NULL, NULL, detail_pos, detail, false, false, MS_NONE, {0}, 0};
  ms_analyzer_scratch *scratch = opts ? opts->scratch : NULL;
  ms_records own, *rec = scratch ? &scratch->rec : &own;
  if (scratch) {
    ms_records_reset(rec);
    ms_records_build_with(rec, scratch->ssa, node, text, start, end);
  } else {
    ms_records_init(rec);
    ms_records_build(rec, node, text, start, end);
  }
  apply_layouts(catalog, rec, 0, text, &out->diags);
  ms_value_info *info;
  judge(&w, rec, &info);
  ms_check_module_attrs(catalog, rec, text, &out->diags);
  if (found) *found = w.found;
  /* As ms_analysis_op_detail: a result refined from the operands' inferred
  ** shapes is the op's inferred result. */
  if (w.found && w.detail_op < rec->nops && rec->ops[w.detail_op].nresults > 0 &&
      info[rec->ops[w.detail_op].results].inferred)
    snprintf(detail->inferred, sizeof detail->inferred, "%s", info[rec->ops[w.detail_op].results].inferred);
  /* The first unit analysed into an analysis keeps its records, to the
  ** byte: the language server stores one analysis per unit. */
  if (!out->block && !scratch) {
    ms_analysis_pack(out, rec, info);
    return;
  }
  for (size_t i = 0; i < rec->nvalues; i++) free(info[i].inferred);
  free(info);
  if (!scratch) ms_records_clear(rec);
}

void ms_analyzer_scratch_init(ms_analyzer_scratch *self) {
  ms_records_init(&self->rec);
  self->ssa = ms_ssa_new("");
}

void ms_analyzer_scratch_clear(ms_analyzer_scratch *self) {
  ms_records_clear(&self->rec);
  ms_ssa_delete(self->ssa);
  self->ssa = NULL;
}

void ms_analyze(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode root, const char *text,
                uint32_t start, uint32_t end, ms_analysis *out) {
  analyze(catalog, opts, root, text, start, end, out, 0, NULL, NULL);
}

void ms_analyze_node(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode node, const char *text,
                     ms_analysis *out) {
  analyze(catalog, opts, node, text, 0, UINT32_MAX, out, 0, NULL, NULL);
}

bool ms_analyze_op_at(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode unit, const char *text,
                      uint32_t pos, ms_op_detail *out) {
  ms_analysis scratch;
  ms_analysis_init(&scratch);
  bool found = false;
  analyze(catalog, opts, unit, text, 0, UINT32_MAX, &scratch, pos, out, &found);
  ms_analysis_clear(&scratch);
  return found;
}

/* ------------------------------------------------------------------ */
/* Records judged piece by piece (flow.h)                              */

void ms_analyze_records_from(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text,
                             ms_records *rec, size_t first_op, size_t first_value, ms_shape **shape,
                             ms_value_info *info, ms_analysis *out) {
  static const ms_analyzer_options none = {0};
  analyzer w = {catalog, opts ? opts : &none, text, out, NULL, NULL, NULL, 0, NULL, false, false, MS_NONE, {0}, 0};
  apply_layouts(catalog, rec, first_op, text, &out->diags);
  w.shape = shape;
  w.info = info;
  judge_from(&w, rec, first_op, first_value);
}
