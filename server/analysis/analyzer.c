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
*/
#include "analyzer.h"
#include "alloc.h"
#include "walk.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attr.h"
#include "groups.h"
#include "infer.h"
#include "nodes.h"
#include "shape.h"
#include "list_const.h"
#include "sop_params.h"
#include "structured.h"
#include "upstream.h"

typedef struct analyzer {
  const ms_catalog *catalog;
  const ms_analyzer_options *opts;
  const char *text;
  ms_analysis *out;
  const ms_records *rec;
  ms_shape **shape;      /* per value: its inferred shape when refined, else NULL */
  ms_value_info *info;
  /* ms_analyze_op_at: the op to describe. */
  uint32_t detail_pos;
  ms_op_detail *detail;
  bool found;
  /* ms_analysis_op_detail of an op whose results have no written type (a
  ** pretty single-type op): its operands at their inferred shapes, its
  ** result as they infer it. */
  bool detail_untyped;
  uint32_t detail_op;    /* the op the detail describes */
} analyzer;

/* A type alias use (`!bounded_type`) stands for its definition's type. */
static ms_span resolve(const analyzer *w, ms_span t) {
  uint32_t s, e;
  if (t.end && w->opts && ms_alias_table_resolve(w->opts->aliases, w->text, t.start, t.end, &s, &e))
    return (ms_span){s, e};
  return t;
}

static const ms_span *in_type(const analyzer *w, const ms_op *op, uint32_t i) {
  return &w->rec->types[op->in_types + i];
}

static const ms_span *out_type(const analyzer *w, const ms_op *op, uint32_t i) {
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
static void check_implied(analyzer *w, const ms_op *op) {
  if (op->implied_operand < 0 || (uint32_t)op->implied_operand >= op->noperands) return;
  const ms_use *u = ms_records_operand(w->rec, op, (uint32_t)op->implied_operand);
  if (u->value == MS_NONE) return;
  char type[160];
  ms_span t = resolve(w, w->rec->values[u->value].type);
  if (t.end) snprintf(type, sizeof type, "%.*s", (int)(t.end - t.start), w->text + t.start);
  else if (w->shape[u->value]) ms_shape_format_type(w->shape[u->value], type, sizeof type);
  else return;
  if (!strcmp(type, op->implied_type)) return;
  ms_span def = w->rec->values[u->value].def;
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, u->span.start, u->span.end, MS_SEVERITY_ERROR,
                                      MS_CODE_TYPE_MISMATCH, NULL,
                                      "%.*s is used as %s (this form of the op implies it) but defined as %s",
                                      (int)(u->span.end - u->span.start), w->text + u->span.start, op->implied_type,
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
  char want[160];
  ms_shape_format_type(def, want, sizeof want);
  ms_span at = same_line(w->text, type.start, u->span.start) ? type : u->span;
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_TYPE_MISMATCH,
                                      NULL, "%.*s is used as %.*s but its op gives it type %s",
                                      (int)(u->span.end - u->span.start), w->text + u->span.start,
                                      (int)(type.end - type.start), w->text + type.start, want);
  ms_diag_set_fix(d, type.start, type.end, want);
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
    char fix[256];
    snprintf(fix, sizeof fix, "%.*s", (int)(def->type.end - def->type.start), w->text + def->type.start);
    ms_diag_set_fix(d, type.start, type.end, fix);
  }
}

/* ------------------------------------------------------------------ */
/* Broadcast rules                                                     */

typedef struct attr_lookup {
  const analyzer *w;
  const ms_op *op;
} attr_lookup;

static bool alias_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '-'; }

/* The value of attribute alias `#name` (text[s, e)): the rest of the
** nearest line `#name = VALUE` before `before`; false when none. */
static bool find_attr_alias(const char *text, uint32_t s, uint32_t e, uint32_t before, ms_span *value) {
  size_t n = e - s;
  bool found = false;
  const char *end = text + before;
  for (const char *p = text; (p = memmem(p, (size_t)(end - p), text + s, n)) != NULL; p += n) {
    if (p != text && p[-1] != '\n') continue;
    const char *q = p + n;
    if (q < end && alias_char(*q)) continue;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (q == end || *q != '=') continue;
    for (q++; q < end && (*q == ' ' || *q == '\t');) q++;
    const char *eol = memchr(q, '\n', (size_t)(end - q));
    *value = (ms_span){(uint32_t)(q - text), (uint32_t)((eol ? eol : end) - text)};
    found = true;
  }
  return found;
}

/* An attribute value with its attribute aliases (`[#map, #map1]`, as
** mlir-opt prints affine maps) replaced by their values; the text itself
** when it uses none. The expansion lives until the next call. */
static const char *expand_aliases(const char *text, ms_span v, uint32_t before, size_t *len) {
  static __thread char buf[8192];
  if (!memchr(text + v.start, '#', v.end - v.start)) return text + v.start; /* no alias: no copy */
  size_t w = 0;
  bool any = false;
  for (uint32_t i = v.start; i < v.end;) {
    uint32_t j = i + 1;
    if (text[i] == '#') /* only there: a long hex literal is not rescanned from each of its digits */
      while (j < v.end && alias_char(text[j])) j++;
    ms_span def;
    bool alias = text[i] == '#' && j > i + 1 && (j == v.end || (text[j] != '.' && text[j] != '<')) &&
                 find_attr_alias(text, i, j, before, &def);
    ms_span piece = alias ? def : (ms_span){i, alias || text[i] != '#' ? i + 1 : j};
    size_t n = piece.end - piece.start;
    if (w + n >= sizeof buf) return text + v.start;
    memcpy(buf + w, text + piece.start, n);
    w += n;
    any |= alias;
    i = alias ? j : piece.end;
  }
  if (!any) return text + v.start;
  *len = w;
  return buf;
}

static const char *lookup_attr(void *ctx, const char *key, size_t *len) {
  const attr_lookup *l = ctx;
  size_t n = strlen(key);
  for (uint32_t i = 0; i < l->op->nattrs; i++) {
    const ms_attr *a = &l->w->rec->attrs[l->op->attrs + i];
    const char *s = l->w->text + a->key.start;
    size_t kn = a->key.end - a->key.start;
    if (kn >= 2 && s[0] == '"') s++, kn -= 2;
    if (kn != n || memcmp(s, key, n)) continue;
    *len = a->value.end - a->value.start;
    if (!a->value.end) return "unit";
    return expand_aliases(l->w->text, a->value, l->op->span.start, len);
  }
  return ms_pretty_group(l->w->rec, l->w->text, l->op, key, len); /* "[1]", "low[]", "dim()" */
}

static ms_span operand_range(const analyzer *w, const ms_op *op, int i) {
  /* A type the op does not spell (taken from the definition) is not shown. */
  if (i >= 0 && (uint32_t)i < op->nin && op->types_known && in_type(w, op, (uint32_t)i)->start >= op->span.start &&
      in_type(w, op, (uint32_t)i)->end <= op->span.end)
    return *in_type(w, op, (uint32_t)i);
  if (i >= 0 && (uint32_t)i < op->noperands) return ms_records_operand(w->rec, op, (uint32_t)i)->span;
  return op->name_token;
}

/* The declared type of operand i: from the op's own signature, else its
** definition. A shaped type that does not parse is reported. */
static bool operand_shape(analyzer *w, const ms_op *op, int i, ms_shape *out) {
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

static uint32_t operand_value(const analyzer *w, const ms_op *op, int i) {
  if (i < 0 || (uint32_t)i >= op->noperands) return MS_NONE;
  return ms_records_operand(w->rec, op, (uint32_t)i)->value;
}

/* The constant that defines operand i, as integers (a target shape, a
** permutation, multiples). */
static bool operand_constant(const analyzer *w, const ms_op *op, int i, int64_t *out, int *n) {
  uint32_t v = operand_value(w, op, i);
  if (v == MS_NONE || !w->rec->values[v].constant.end) return false;
  ms_span c = w->rec->values[v].constant;
  return ms_attr_parse_dense_shape(w->text + c.start, c.end - c.start, out, MS_MAX_RANK, n, NULL, 0) ||
         ms_attr_parse_int_list(w->text + c.start, c.end - c.start, out, MS_MAX_RANK, n, NULL, 0);
}

static bool target_shape(analyzer *w, const ms_op *op, int i, ms_shape *out) {
  int64_t dims[MS_MAX_RANK];
  int rank = 0;
  if (!operand_constant(w, op, i, dims, &rank)) return false;
  ms_shape_init(out, rank, dims);
  return true;
}

typedef struct rule_inputs {
  int n;
  int index[MS_MAX_OPERANDS];      /* original operand index, -1 for a target shape */
  ms_shape shapes[MS_MAX_OPERANDS];
  char names[MS_MAX_OPERANDS][48];
  const char *name_ptrs[MS_MAX_OPERANDS];
} rule_inputs;

static bool gather_inputs(analyzer *w, const ms_op *op, const ms_rule_binding *b, rule_inputs *in) {
  in->n = 0;
  int count = b->noperands < 0 ? (int)op->noperands : b->noperands;
  for (int k = 0; k < count && in->n < MS_MAX_OPERANDS; k++) {
    int i = b->noperands < 0 ? k : b->operands[k];
    if ((uint32_t)i >= op->noperands) continue;
    bool target = i == b->target_operand;
    bool ok = target ? target_shape(w, op, i, &in->shapes[in->n]) : operand_shape(w, op, i, &in->shapes[in->n]);
    if (!ok) return false;
    ms_span s = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    snprintf(in->names[in->n], sizeof in->names[0], "%.*s", (int)(s.end - s.start), w->text + s.start);
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
  return same_line(w->text, at.start, op->name_token.start) ? at : op->name_token;
}

static void report_findings(analyzer *w, const ms_op *op, const ms_rule_binding *b, const rule_inputs *in,
                            const ms_broadcast_result *res) {
  const char *rule = ms_rule_name(b->rule);
  for (int k = 0; k < res->nfindings; k++) {
    const ms_finding *f = &res->findings[k];
    ms_span at = op->name_token;
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

static void record_inference(analyzer *w, const ms_op *op, const ms_rule_binding *b, const ms_shape *result,
                             bool has_inferred, const ms_shape *inferred) {
  ms_analysis *out = w->out;
  ms_inference *inf = MS_ARRAY_PUSH(out->inferences, out->ninferences, out->cap);
  memset(inf, 0, sizeof *inf);
  inf->op_start = op->span.start;
  inf->op_end = op->span.end;
  inf->name_start = op->name_token.start;
  inf->name_end = op->name_token.end;
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
  ms_shape_format_type(&shown, inf->inferred, sizeof inf->inferred);
  inf->result_differs = result && result_less_precise(result, inferred);
}

static void copy_span(char *dst, size_t n, const char *text, ms_span s) {
  snprintf(dst, n, "%.*s", (int)(s.end - s.start), text + s.start);
}

static void fill_detail(analyzer *w, const ms_op *op, const ms_rule_binding *b, const rule_inputs *in,
                        const ms_broadcast_result *res) {
  ms_op_detail *d = w->detail;
  memset(d, 0, sizeof *d);
  w->found = true;
  w->detail_op = (uint32_t)(op - w->rec->ops);
  d->op_start = op->span.start;
  d->op_end = op->span.end;
  d->name_start = op->name_token.start;
  d->name_end = op->name_token.end;
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
    snprintf(d->inferred, sizeof d->inferred, "%s", out->inferences[out->ninferences - 1].inferred);
}

/* ------------------------------------------------------------------ */
/* Inference                                                           */

/* Operand i's inferred shape: its value's refinement, else declared. */
static void inferred_operand(const analyzer *w, const ms_op *op, int i, const ms_shape *declared, ms_shape *out) {
  uint32_t v = operand_value(w, op, i);
  *out = *declared;
  if (v != MS_NONE && w->shape[v]) *out = *w->shape[v];
}

static void set_shape(analyzer *w, uint32_t v, const ms_shape *shape, uint32_t producer, bool shown) {
  if (!w->shape[v]) w->shape[v] = ms_xmalloc(sizeof *shape);
  *w->shape[v] = *shape;
  if (!shown) return;
  char buf[256];
  ms_shape_format_type(shape, buf, sizeof buf);
  free(w->info[v].inferred);
  w->info[v].inferred = ms_xstrdup(buf);
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
    set_shape(w, op->results + r, &met, opi, false);
    return;
  }
  if (refined) set_shape(w, op->results + r, &met, opi, true);
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
static void type_unwritten_result(analyzer *w, uint32_t opi, const ms_shape *inferred) {
  const ms_op *op = &w->rec->ops[opi];
  uint32_t v = op->results;
  if (op->nout > 0 || w->rec->values[v].type.end || w->shape[v] || inferred->kind == MS_TYPE_NONE ||
      inferred->kind == MS_TYPE_OTHER || !inferred->elem[0])
    return;
  w->shape[v] = ms_xmalloc(sizeof *inferred);
  *w->shape[v] = *inferred;
  char buf[256];
  ms_shape_format_type(inferred, buf, sizeof buf);
  w->info[v].inferred = ms_xstrdup(buf);
  w->info[v].producer = opi;
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
  line_col(w->text, p->name_token.start, &line, &col);
  snprintf(head, nhead, "%s is declared %.*s but is %s (from \"%.*s\" at ", name, (int)(x->type.end - x->type.start),
           w->text + x->type.start, w->info[v].inferred, (int)(p->name.end - p->name.start), w->text + p->name.start);
  snprintf(at, nat, "%u:%u", line, col);
}

/* The refined operands of op not yet reported: the root causes a new
** finding would be about. */
static int fresh_refined(const analyzer *w, const ms_op *op, const rule_inputs *in, uint32_t *vals) {
  int n = 0;
  for (int k = 0; k < in->n; k++) {
    uint32_t v = operand_value(w, op, in->index[k]);
    if (v != MS_NONE && w->shape[v] && !w->info[v].broken) vals[n++] = v;
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
  ms_span at = u ? u->span : op->name_token;
  ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_PROPAGATED,
                                      rule, "%s%s): %s", head, place, why);
  d->value = vals[0];
  const ms_op *p = &w->rec->ops[w->info[vals[0]].producer];
  d->has_msg_at = true;
  d->msg_at_start = (uint32_t)strlen(head);
  d->msg_at_end = d->msg_at_start + (uint32_t)strlen(place);
  d->msg_at = p->name_token.start;
  /* The related location is the producer: its message needs no place. */
  int keep = (int)strlen(head) - (int)strlen(" at "); /* "... (from \"op\"" */
  ms_diag_set_related(d, p->name_token.start, p->name_token.end, "%.*s)", keep, head);
  for (int k = 0; k < n; k++) w->info[vals[k]].broken = true;
}

/* The result of a rule-checked op, refined from what its rule infers. */
static void refine_by_rule(analyzer *w, uint32_t opi, const ms_rule_binding *b, const rule_inputs *in,
                           const ms_broadcast_result *res) {
  if (!res->has_inferred || !refines_here(w, &w->rec->ops[opi], b->infer_like_tosa)) return;
  if (b->infer_like_tosa && !tosa_broadcast_infers(in->shapes, in->n)) return;
  refine_result(w, opi, 0, &res->inferred, b->infer_like_tosa);
}

/* The broadcast rule again at the operands' inferred shapes, when some are
** refined: a new error there is a propagated mismatch; the result is
** refined by what they infer. */
static void infer_by_rule(analyzer *w, uint32_t opi, const ms_rule_binding *b, rule_inputs *in,
                          ms_shape *results, int nres, const ms_broadcast_result *declared_res) {
  const ms_op *op = &w->rec->ops[opi];
  bool any = false;
  rule_inputs inf = *in;
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
    if (declared_ok && res.nfindings == 0 && res.has_inferred) refine_result(w, opi, 0, &res.inferred, false);
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
  ms_span at = op->name_token;
  ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_SHAPE_FN, NULL, "%s", why);
}

/* An op whose result shape follows from a shape function: infer it at the
** declared operand shapes (a contradiction with the declared result is an
** error of the op) and at the inferred ones (a new contradiction there is
** a propagated mismatch), and refine the result. */
static void infer_by_shape_fn(analyzer *w, uint32_t opi, const ms_rule_binding *b) {
  const ms_op *op = &w->rec->ops[opi];
  const ms_shape_spec *sp = &b->shape;
  if (op->nout < 1 || op->nresults < 1) return;
  rule_inputs in = {0};
  int first = sp->fn == MS_SHAPE_FN_SAME ? sp->operand : 0;
  int last = sp->fn == MS_SHAPE_FN_CONCAT   ? (int)op->noperands - (sp->args.nnames ? 0 : 1)
             : sp->fn == MS_SHAPE_FN_MATMUL ? 2
                                            : first + 1;
  for (int i = first; i < last && in.n < MS_MAX_OPERANDS; i++) {
    if ((uint32_t)i >= op->noperands || !operand_shape(w, op, i, &in.shapes[in.n])) return;
    ms_span s = ms_records_operand(w->rec, op, (uint32_t)i)->span;
    snprintf(in.names[in.n], sizeof in.names[0], "%.*s", (int)(s.end - s.start), w->text + s.start);
    in.index[in.n++] = i;
  }
  ms_shape_args args = {0};
  bool no_args = sp->fn == MS_SHAPE_FN_SAME || sp->fn == MS_SHAPE_FN_MATMUL;
  if (in.n == 0 || (!no_args && !shape_args(w, op, sp, &args))) return;
  int bad;
  if (!no_args && !ms_infer_args_valid(sp->fn, &args, &bad)) {
    ms_diag_list_add(&w->out->diags, op->name_token.start, op->name_token.end, MS_SEVERITY_ERROR,
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
  rule_inputs inf = in;
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
static bool shapes_from_one_source(const analyzer *w, const ms_op *op, const rule_inputs *in,
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
static void meet_shape_fn(analyzer *w, const ms_op *op, const ms_rule_binding *b, ms_shape *result) {
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

/* The catalog's static_operands: types that must be statically shaped. */
static void check_static_operands(analyzer *w, const ms_op *op, const ms_rule_binding *b) {
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

static void sop_refine(void *c, int r, const ms_shape *met) {
  algebra_ctx *a = c;
  const ms_op *op = algebra_op(a);
  if ((uint32_t)r < op->nresults) set_shape(a->w, op->results + (uint32_t)r, met, a->opi, true);
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

static void apply_algebra(analyzer *w, uint32_t opi, const ms_rule_binding *b, attr_lookup *attrs) {
  algebra_ctx a = {w, opi};
  ms_structured_host h = {w->rec,          w->text,     &w->out->diags, opi,          b,
                          &a,              sop_declared_operand, sop_inferred_operand, sop_declared_result,
                          lookup_attr,     attrs,       sop_constant,   sop_refine,   sop_propagated,
                          sop_value_shape, sop_value_inferred};
  ms_structured_judge(&h);
  const ms_op *op = &w->rec->ops[opi];
  if (!w->detail || op->span.start > w->detail_pos || w->detail_pos > op->span.end) return;
  ms_op_detail *d = w->detail;
  memset(d, 0, sizeof *d);
  w->found = true;
  w->detail_op = opi;
  d->op_start = op->span.start;
  d->op_end = op->span.end;
  d->name_start = op->name_token.start;
  d->name_end = op->name_token.end;
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

static void apply_rule(analyzer *w, uint32_t opi) {
  const ms_op *op = &w->rec->ops[opi];
  attr_lookup ctx = {w, op};
  ms_op_view view = {w->text + op->name.start, op->name.end - op->name.start, (int)op->noperands, lookup_attr,
                     &ctx};
  ms_rule_binding b;
  if (!ms_catalog_bind(w->catalog, &view, &b)) return;
  if (!b.ok) {
    ms_diag_list_add(&w->out->diags, op->name_token.start, op->name_token.end, MS_SEVERITY_ERROR,
                     MS_CODE_RULE_OPTIONS, ms_rule_name(b.rule), "%s", b.error);
    return;
  }
  if (b.static_operands) check_static_operands(w, op, &b);
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

static void free_info(ms_analysis *self) {
  for (size_t i = 0; self->info && i < self->rec.nvalues; i++) free(self->info[i].inferred);
  free(self->info);
  self->info = NULL;
}

void ms_analysis_clear(ms_analysis *self) {
  ms_diag_list_clear(&self->diags);
  free(self->inferences);
  free_info(self);
  ms_records_clear(&self->rec);
  memset(self, 0, sizeof *self);
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
      ms_diag_set_fix(d, inf->result_start, inf->result_end, inf->inferred);
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
static void apply_layouts(const ms_catalog *catalog, ms_records *rec, size_t first, const char *text,
                          ms_diag_list *diags) {
  for (size_t i = first; i < rec->nops; i++) {
    ms_op *op = &rec->ops[i];
    if (op->kind != MS_OP_CUSTOM) continue;
    const ms_layout *l = catalog ? ms_catalog_layout(catalog, text + op->name.start, op->name.end - op->name.start)
                                 : NULL;
    if (l && ms_layout_apply(l, rec, (uint32_t)i, text)) continue;
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
    ms_diag_list_add(diags, op->name_token.start, op->name_token.end, MS_SEVERITY_ERROR, MS_CODE_OP_SYNTAX, NULL,
                     "the types written on %.*s do not follow its syntax \"%s\"", (int)(op->name.end - op->name.start),
                     text + op->name.start, l->text);
  }
}

/* Judges the ops of rec from first_op on and the arguments among its
** values from first_value on, in text order, appending to w->out. */
static void judge_from(analyzer *w, const ms_records *rec, size_t first_op, size_t first_value) {
  w->rec = rec;
  check_arguments(w, rec, first_value);
  for (size_t i = first_op; i < rec->nops; i++) {
    size_t first = w->out->diags.count;
    size_t ninf = w->out->ninferences;
    check_uses(w, &rec->ops[i]);
    if (rec->ops[i].kind != MS_OP_RETURN && !rec->ops[i].unmatched && w->catalog) apply_rule(w, (uint32_t)i);
    stamp_findings(w, &rec->ops[i], first, w->out->ninferences > ninf);
  }
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
  analyzer w = {catalog, opts ? opts : &none, text, out, NULL, NULL, NULL, detail_pos, detail, false, false, MS_NONE};
  ms_records rec;
  ms_records_init(&rec);
  ms_records_build(&rec, node, text, start, end);
  apply_layouts(catalog, &rec, 0, text, &out->diags);
  ms_value_info *info;
  judge(&w, &rec, &info);
  if (found) *found = w.found;
  /* As ms_analysis_op_detail: a result refined from the operands' inferred
  ** shapes is the op's inferred result. */
  if (w.found && w.detail_op < rec.nops && rec.ops[w.detail_op].nresults > 0 &&
      info[rec.ops[w.detail_op].results].inferred)
    snprintf(detail->inferred, sizeof detail->inferred, "%s", info[rec.ops[w.detail_op].results].inferred);
  /* The first unit analysed into an analysis keeps its records, to the
  ** byte: the language server stores one analysis per unit. */
  if (out->rec.nops == 0 && out->rec.nvalues == 0 && !out->info) {
    ms_records_shrink(&rec);
    out->rec = rec;
    out->info = info;
    out->inferences = ms_array_shrink(out->inferences, out->ninferences, &out->cap, sizeof *out->inferences);
    out->diags.items = ms_array_shrink(out->diags.items, out->diags.count, &out->diags.cap, sizeof *out->diags.items);
    return;
  }
  for (size_t i = 0; i < rec.nvalues; i++) free(info[i].inferred);
  free(info);
  ms_records_clear(&rec);
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

/* Frees what a scratch pass over a stored analysis allocated (its own
** inferred shapes and types) and lends the stored types back. */
static void release_scratch(analyzer *w, const ms_analysis *self, size_t nvalues) {
  for (size_t i = 0; i < nvalues; i++) {
    const char *stored = self->info ? self->info[i].inferred : NULL;
    free(w->shape[i]);
    if (w->info[i].inferred != stored) free(w->info[i].inferred);
    w->shape[i] = NULL;
    w->info[i] = (ms_value_info){(char *)stored, MS_NONE, false};
  }
}

/* A copy of src's pools with every span moved by delta. */
static void copy_records(ms_records *dst, const ms_records *src, int64_t delta) {
  ms_records_init(dst);
#define COPY_POOL(f, n, c)                                                                   \
  do {                                                                                      \
    dst->n = dst->c = src->n;                                                               \
    dst->f = src->n ? ms_xmalloc(src->n * sizeof *src->f) : NULL;                           \
    if (src->n) memcpy(dst->f, src->f, src->n * sizeof *src->f);                            \
  } while (0)
  COPY_POOL(ops, nops, cap_ops);
  COPY_POOL(values, nvalues, cap_values);
  COPY_POOL(uses, nuses, cap_uses);
  COPY_POOL(types, ntypes, cap_types);
  COPY_POOL(attrs, nattrs, cap_attrs);
  COPY_POOL(groups, ngroups, cap_groups);
  COPY_POOL(toks, ntoks, cap_toks);
#undef COPY_POOL
  ms_records_shift(dst, delta);
}

bool ms_analysis_op_detail(const ms_catalog *catalog, const ms_analyzer_options *opts, const ms_analysis *self,
                           const char *text, uint32_t base, uint32_t pos, ms_op_detail *out) {
  static const ms_analyzer_options none = {0};
  if (!catalog || pos < base) return false;
  /* Aliases are resolved at absolute offsets: with any, judge a moved copy;
  ** without, the stored records as they are, over the unit's text (a hover
  ** on a huge function copies nothing). */
  bool aliases = opts && opts->aliases && ms_alias_table_count(opts->aliases) > 0;
  ms_records rec;
  if (aliases) copy_records(&rec, &self->rec, base);
  else rec = self->rec;
  uint32_t shift = aliases ? 0 : base;
  text += shift;
  pos -= shift;
  ms_analysis scratch;
  ms_analysis_init(&scratch);
  analyzer w = {catalog, opts ? opts : &none, text, &scratch, &rec, NULL, NULL, pos, out, false, false, MS_NONE};
  w.shape = ms_xcalloc(rec.nvalues + 1, sizeof *w.shape);
  w.info = ms_xcalloc(rec.nvalues + 1, sizeof *w.info);
  for (size_t i = 0; i < rec.nvalues; i++) w.info[i].producer = MS_NONE;
  /* Ops are in text order, so the last one containing pos is the innermost. */
  uint32_t inner = MS_NONE;
  for (size_t i = 0; i < rec.nops; i++) {
    const ms_op *op = &rec.ops[i];
    if (op->kind == MS_OP_RETURN || op->span.start > pos || pos > op->span.end) continue;
    apply_rule(&w, (uint32_t)i);
    inner = (uint32_t)i;
  }
  release_scratch(&w, self, rec.nvalues);
  /* A pretty single-type op (`stablehlo.add %a, %b : tensor<*xf32>`)
  ** declares no result type the rule could be checked against: describe
  ** what its operands' inferred shapes give. */
  if (!w.found && inner != MS_NONE && rec.ops[inner].nout == 0 && rec.ops[inner].nresults > 0) {
    w.detail_untyped = true;
    apply_rule(&w, inner);
    release_scratch(&w, self, rec.nvalues); /* an unwritten result may have been typed */
  }
  free(w.shape);
  free(w.info); /* its inferred types were borrowed from self */
  ms_analysis_clear(&scratch);
  if (aliases) ms_records_clear(&rec);
  /* Operands declared less precisely than they are (`tensor<*xf32>`) infer
  ** less (or nothing) at their declared types: where inference refined the
  ** result from the operands' inferred shapes, show that. */
  const ms_op *dop = w.found && w.detail_op < self->rec.nops ? &self->rec.ops[w.detail_op] : NULL;
  if (dop && dop->nresults > 0 && ms_analysis_inferred(self, dop->results))
    snprintf(out->inferred, sizeof out->inferred, "%s", ms_analysis_inferred(self, dop->results));
  if (w.found && shift) {
    out->op_start += shift, out->op_end += shift, out->name_start += shift, out->name_end += shift;
    if (out->result_end) out->result_start += shift, out->result_end += shift;
  }
  return w.found;
}

void ms_analyze_values(TSNode unit, const char *text,
                       void (*fn)(void *ctx, uint32_t use_start, uint32_t use_end, const ms_ssa_def *def),
                       void *ctx) {
  ms_records rec;
  ms_records_init(&rec);
  ms_records_build(&rec, unit, text, 0, UINT32_MAX);
  for (size_t i = 0; i < rec.nvalues; i++) {
    const ms_value *v = &rec.values[i];
    if (v->index > 0) continue; /* `%x:2` is one token */
    ms_ssa_def d = {v->def, v->type, v->constant, (uint32_t)i};
    fn(ctx, v->def.start, v->def.end, &d);
  }
  for (size_t i = 0; i < rec.nuses; i++) {
    const ms_use *u = &rec.uses[i];
    if (u->value == MS_NONE) {
      fn(ctx, u->span.start, u->span.end, NULL);
      continue;
    }
    const ms_value *v = &rec.values[u->value];
    ms_ssa_def d = {v->def, v->type, v->constant, u->value};
    fn(ctx, u->span.start, u->span.end, &d);
  }
  ms_records_clear(&rec);
}

static void shift(uint32_t *x, int64_t delta) { *x = (uint32_t)((int64_t)*x + delta); }

void ms_analysis_shift(ms_analysis *self, int64_t delta) {
  for (size_t i = 0; i < self->diags.count; i++) {
    ms_diagnostic *d = &self->diags.items[i];
    ms_diag_shift(d, delta);
  }
  ms_records_shift(&self->rec, delta);
  for (size_t i = 0; i < self->ninferences; i++) {
    ms_inference *f = &self->inferences[i];
    shift(&f->op_start, delta);
    shift(&f->op_end, delta);
    shift(&f->name_start, delta);
    shift(&f->name_end, delta);
    if (f->result_end) {
      shift(&f->result_start, delta);
      shift(&f->result_end, delta);
    }
  }
}

static void syntax_error(const char *text, TSNode n, ms_diag_list *out) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (ts_node_is_missing(n)) {
    ms_diag_list_add(out, s, e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "syntax error: missing '%s'",
                     ts_node_type(n));
    return;
  }
  /* Squiggle the first line of the region; quote its first token. */
  const char *eol = memchr(text + s, '\n', e - s);
  uint32_t line_end = eol ? (uint32_t)(eol - text) : e;
  uint32_t tok = s;
  while (tok < line_end && text[tok] != ' ' && text[tok] != '\t' && tok - s < 40) tok++;
  if (tok == s) tok = line_end;
  ms_diag_list_add(out, s, line_end > s ? line_end : e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL,
                   "syntax error: unexpected '%.*s'", (int)(tok - s), text + s);
}

typedef struct errors_walk {
  const char *text;
  uint32_t start, end;
  ms_diag_list *out;
} errors_walk;

static bool enter_error(void *ctx, TSNode n, uint32_t depth) {
  (void)depth;
  errors_walk *e = ctx;
  if (ts_node_is_missing(n) || !strcmp(ts_node_type(n), "ERROR")) {
    uint32_t s = ts_node_start_byte(n);
    /* Several MISSING tokens at one place (`}` and `)` of an unclosed
    ** region) are one error region. */
    ms_diag_list *out = e->out;
    bool repeat = out->count && !strcmp(out->items[out->count - 1].code, MS_CODE_SYNTAX) &&
                  out->items[out->count - 1].start == s;
    if (s >= e->start && s < e->end && !repeat) syntax_error(e->text, n, out);
    return false;
  }
  return ts_node_has_error(n);
}

void ms_analyze_syntax(TSNode root, const char *text, uint32_t start, uint32_t end, ms_diag_list *out) {
  errors_walk e = {text, start, end, out};
  ms_walk_visitor v = {enter_error, NULL};
  ms_walk(root, &v, &e);
}

/* A module's ops are units; anything else at the top is one. */
static bool is_module(TSNode n, const char *text) {
  ms_node_kind k = ms_node_kind_of(n);
  if (k == MS_K_MODULE) return true;
  if (k != MS_K_GENERIC) return false;
  TSNode name = ts_node_child_by_field_name(n, "name", 4);
  uint32_t s = ts_node_start_byte(name), e = ts_node_end_byte(name);
  return e - s == 16 && !memcmp(text + s, "\"builtin.module\"", 16);
}

typedef struct units_walk {
  const char *text;
  TSNode *units;
  size_t max, n;
} units_walk;

static bool enter_unit(void *ctx, TSNode child, uint32_t depth) {
  units_walk *u = ctx;
  if (depth == 0) return true;
  if (!ts_node_is_named(child)) return false;
  ms_node_kind k = ms_node_kind_of(child);
  if (is_module(child, u->text) || k == MS_K_REGION || k == MS_K_REGION_LIST || k == MS_K_BLOCK) return true;
  if (k == MS_K_OTHER || k == MS_K_BLOCK_LABEL || k == MS_K_ATTR_DICT || k == MS_K_PROPERTIES || k == MS_K_LOCATION ||
      k == MS_K_FUNCTION_TYPE || k == MS_K_OP_NAME || k == MS_K_TYPE)
    return false;
  if (u->n < u->max) u->units[u->n] = child;
  u->n++;
  return false;
}

size_t ms_analyzer_units(TSNode root, const char *text, TSNode *units, size_t max) {
  units_walk u = {text, units, max, 0};
  ms_walk_visitor v = {enter_unit, NULL};
  ms_walk(root, &v, &u);
  return u.n;
}

/* ------------------------------------------------------------------ */
/* Records judged piece by piece (flow.h)                              */

void ms_analyze_records_from(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text,
                             ms_records *rec, size_t first_op, size_t first_value, ms_shape **shape,
                             ms_value_info *info, ms_analysis *out) {
  static const ms_analyzer_options none = {0};
  analyzer w = {catalog, opts ? opts : &none, text, out, NULL, NULL, NULL, 0, NULL, false, false, MS_NONE};
  apply_layouts(catalog, rec, first_op, text, &out->diags);
  w.shape = shape;
  w.info = info;
  judge_from(&w, rec, first_op, first_value);
}
