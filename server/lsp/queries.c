/*
** queries.c: the language server's read-only queries (queries.h).
**
** Every query converts its LSP position to a byte offset, finds the unit
** (session.h) containing it and works on that unit's subtree only, so the
** cost does not grow with the document. The exception is symbol
** references (`@f`), which look for symbol_ref tokens everywhere (through a
** TSTreeCursor, never ts_node_child(i) loops, which are quadratic on long
** child lists). The queries about the whole document's outline, document
** symbols and folding ranges, are in queries_outline.c (queries_int.h is
** what the two share).
**
** Op and value facts come from the session's stored analysis of the unit
** (its records, value table and inferences; value_features.c shows the
** values), the derivation table of an op from the analyzer applying the
** rule again to its stored record (ms_analysis_op_detail); tree shapes
** from grammar/grammar.js.
*/
#include "queries.h"

#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "actions.h"
#include "ssa.h"
#include "value_features.h"
#include "walk.h"
#include "strbuf.h"
#include "queries_int.h"

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */

static const char *doc_text(ms_session *s) { return ms_document_text(ms_session_document(s), NULL); }

static cJSON *position_json(ms_session *s, uint32_t off, ms_encoding enc) {
  ms_position p = ms_document_position(ms_session_document(s), off, enc);
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "line", p.line);
  cJSON_AddNumberToObject(o, "character", p.character);
  return o;
}

cJSON *ms_feature_range(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc) {
  cJSON *r = cJSON_CreateObject();
  cJSON_AddItemToObject(r, "start", position_json(s, start, enc));
  cJSON_AddItemToObject(r, "end", position_json(s, end, enc));
  return r;
}

/* A JSON number as a position component: negative or not a number is
** refused; anything past 2^32 - 1 means "beyond the end" (a bare cast
** would wrap 2^32 to line 0). */
static bool read_component(const cJSON *n, uint32_t *out) {
  if (!cJSON_IsNumber(n) || !(n->valuedouble >= 0)) return false;
  *out = n->valuedouble >= (double)UINT32_MAX ? UINT32_MAX : (uint32_t)n->valuedouble;
  return true;
}

bool ms_feature_read_position(const cJSON *o, ms_position *out) {
  return read_component(cJSON_GetObjectItemCaseSensitive(o, "line"), &out->line) &&
         read_component(cJSON_GetObjectItemCaseSensitive(o, "character"), &out->character);
}

/* params.position as a byte offset. */
static bool param_offset(ms_session *s, const cJSON *params, ms_encoding enc, uint32_t *off) {
  ms_position p;
  if (!ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(params, "position"), &p)) return false;
  *off = (uint32_t)ms_document_offset(ms_session_document(s), p, enc);
  return true;
}

/* An LSP Range object as bytes [start, end). */
static bool read_range(ms_session *s, const cJSON *range, ms_encoding enc, uint32_t *start, uint32_t *end) {
  ms_position a, b;
  if (!ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "start"), &a) ||
      !ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "end"), &b))
    return false;
  *start = (uint32_t)ms_document_offset(ms_session_document(s), a, enc);
  *end = (uint32_t)ms_document_offset(ms_session_document(s), b, enc);
  return *start <= *end;
}

/* The tree node of the unit containing pos (session.h), found from the
** root by descending along pos only. */
static bool unit_node(ms_session *s, uint32_t pos, TSNode *out) {
  uint32_t us, ue;
  if (!ms_session_unit_at(s, pos, &us, &ue)) return false;
  TSNode root = ts_tree_root_node(ms_session_tree_at(s, pos));
  /* A piece of a cut function: its unit starts with the function, its tree
  ** with the piece. */
  if (us < ts_node_start_byte(root)) us = ts_node_start_byte(root);
  TSNode n = ts_node_descendant_for_byte_range(root, us, ue);
  while (!ts_node_is_null(n) && (ts_node_start_byte(n) > us || ts_node_end_byte(n) < ue)) n = ts_node_parent(n);
  if (ts_node_is_null(n)) return false;
  *out = n;
  return true;
}

/* The smallest node under `node` whose bytes contain pos (start <= pos < end). */
static TSNode leaf_at(TSNode node, uint32_t pos) {
  TSTreeCursor c = ts_tree_cursor_new(node);
  TSNode best = ts_node_start_byte(node) <= pos && pos < ts_node_end_byte(node) ? node : (TSNode){0};
  while (ts_tree_cursor_goto_first_child_for_byte(&c, pos) >= 0) {
    TSNode n = ts_tree_cursor_current_node(&c);
    if (ts_node_start_byte(n) > pos) break;
    best = n;
  }
  ts_tree_cursor_delete(&c);
  return best;
}

/* The named token under the cursor: at pos, or just before it (a cursor
** right after `%x` still means `%x`). */
static TSNode token_at(TSNode unit, uint32_t pos, const char *const *types) {
  for (int back = 0; back <= 1; back++) {
    if (back && pos == 0) break;
    TSNode n = leaf_at(unit, pos - (uint32_t)back);
    /* The types asked for are tokens: the leaf, or at most two levels up
    ** (`arith` -> op_name). ts_node_parent costs the depth, so climbing no
    ** further keeps deeply nested regions cheap. */
    for (int up = 0; !ts_node_is_null(n) && up <= 2; n = ts_node_parent(n), up++) {
      for (const char *const *t = types; *t; t++)
        if (!strcmp(ts_node_type(n), *t)) return n;
      if (ts_node_end_byte(n) - ts_node_start_byte(n) > 4096) break; /* past the token level */
    }
  }
  return (TSNode){0};
}

/* ------------------------------------------------------------------ */
/* Hover                                                               */

static void format_dim(char *buf, size_t n, int64_t d) {
  if (d == MS_DIM_ABSENT) snprintf(buf, n, "–");
  else if (d == MS_DIM_DYNAMIC) snprintf(buf, n, "?");
  else snprintf(buf, n, "%" PRId64, d);
}

static void op_heading(ms_strbuf *b, const ms_op_detail *d) {
  if (d->algebra[0]) ms_strbuf_printf(b, "**%s** — shape function `%s`", d->name, d->algebra);
  else ms_strbuf_printf(b, "**%s** — rule `%s`", d->name, ms_rule_name(d->rule));
  if (!d->algebra[0] && d->rule == MS_RULE_MLIR)
    ms_strbuf_printf(b, " (%s profile)", d->opts.strict ? "strict" : "upstream");
  if (d->origin[0]) ms_strbuf_printf(b, " from `%s`", d->origin);
  ms_strbuf_printf(b, "\n\n");
  if (d->description[0]) ms_strbuf_printf(b, "%s\n\n", d->description);
  if (d->inferred[0]) ms_strbuf_printf(b, "Inferred result: `%s`", d->inferred);
  else ms_strbuf_printf(b, "Inferred result: none");
  if (d->result_type[0]) ms_strbuf_printf(b, " · declared `%s`", d->result_type);
  ms_strbuf_printf(b, "\n\n");
  /* A structured op's derivation: one line per result dim. */
  const char *p = d->provenance;
  if (*p) ms_strbuf_printf(b, "Where its dims come from:\n\n");
  while (*p) {
    const char *e = strstr(p, "; ");
    int n = e ? (int)(e - p) : (int)strlen(p);
    ms_strbuf_printf(b, "- %.*s\n", n, p);
    p += n + (e ? 2 : 0);
  }
  if (d->provenance[0]) ms_strbuf_printf(b, "\n");
}

static void op_table(ms_strbuf *b, const ms_op_detail *d) {
  const ms_broadcast_result *r = &d->result;
  if (r->nrows == 0) return;
  int nops = r->noperands < d->noperands ? r->noperands : d->noperands;
  ms_strbuf_printf(b, "| dim |");
  for (int i = 0; i < nops; i++) ms_strbuf_printf(b, " %s |", d->operand_names[i]);
  ms_strbuf_printf(b, " inferred | declared | verdict |\n|---|");
  for (int i = 0; i < nops; i++) ms_strbuf_printf(b, "---|");
  ms_strbuf_printf(b, "---|---|---|\n");
  for (int row = 0; row < r->nrows; row++) {
    const ms_derivation_row *dr = &r->rows[row];
    char cell[32];
    ms_strbuf_printf(b, "| %d |", row);
    for (int i = 0; i < nops; i++) {
      format_dim(cell, sizeof cell, dr->operand_dims[i]);
      ms_strbuf_printf(b, " %s |", cell);
    }
    format_dim(cell, sizeof cell, dr->inferred);
    ms_strbuf_printf(b, " %s |", cell);
    format_dim(cell, sizeof cell, dr->declared);
    ms_strbuf_printf(b, " %s | %s |\n", cell, dr->verdict[0] ? dr->verdict : "ok");
  }
  ms_strbuf_printf(b, "\n");
}

static void op_findings(ms_strbuf *b, const ms_op_detail *d) {
  for (int i = 0; i < d->result.nfindings; i++) {
    const ms_finding *f = &d->result.findings[i];
    ms_strbuf_printf(b, "- %s `%s`: %s\n", ms_severity_name(f->severity), f->code, f->message);
  }
}

/* The op hover's markdown; the caller frees it. */
static char *op_markdown(const ms_op_detail *d) {
  ms_strbuf b = {0};
  op_heading(&b, d);
  op_table(&b, d);
  op_findings(&b, d);
  while (b.n && b.p[b.n - 1] == '\n') b.p[--b.n] = 0;
  return b.p;
}

/* The checked op at pos, if any: the rule applied again to its stored
** record. */
static bool op_detail_at(ms_session *s, uint32_t pos, ms_op_detail *d) {
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  return a && ms_analysis_op_detail(ms_session_catalog(s), ms_session_options(s), a, doc_text(s), base, pos, d);
}

static const char *const value_types[] = {"value_use", "value_run", "op_result", NULL};

cJSON *ms_feature_hover(ms_session *s, const cJSON *params, ms_encoding enc) {
  uint32_t pos;
  if (!param_offset(s, params, enc, &pos)) return NULL;
  cJSON *h = ms_value_hover(s, pos, enc);
  if (h) return h;
  static __thread ms_op_detail d;
  if (!op_detail_at(s, pos, &d)) return ms_value_op_hover(s, pos, NULL, 0, 0, enc);
  char *md = op_markdown(&d);
  h = ms_value_op_hover(s, pos, md, d.name_start, d.name_end, enc);
  free(md);
  return h;
}

cJSON *ms_feature_inferred_shape(ms_session *s, const cJSON *params, ms_encoding enc) {
  cJSON *out = cJSON_CreateObject();
  uint32_t pos;
  static __thread ms_op_detail d;
  if (!param_offset(s, params, enc, &pos) || !op_detail_at(s, pos, &d)) {
    cJSON_AddNullToObject(out, "type");
    cJSON_AddNullToObject(out, "rule");
    cJSON_AddNullToObject(out, "markdown");
    return out;
  }
  if (d.inferred[0]) cJSON_AddStringToObject(out, "type", d.inferred);
  else cJSON_AddNullToObject(out, "type");
  cJSON_AddStringToObject(out, "rule", ms_rule_name(d.rule));
  char *md = op_markdown(&d);
  cJSON_AddStringToObject(out, "markdown", md);
  free(md);
  return out;
}

/* ------------------------------------------------------------------ */
/* Inlay hints                                                         */

typedef struct hint_ctx {
  ms_session *s;
  ms_encoding enc;
  uint32_t start, end;
  cJSON *out;
  const uint32_t *taken;   /* offsets of the value hints */
  size_t ntaken;
} hint_ctx;

static int offset_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static void add_hint(void *ctx, const ms_inference *inf, const char *type) {
  hint_ctx *h = ctx;
  if (!inf->has_inferred || !inf->result_differs || !inf->result_end) return;
  if (inf->result_end < h->start || inf->result_end > h->end) return;
  if (h->ntaken && bsearch(&inf->result_end, h->taken, h->ntaken, sizeof *h->taken, offset_cmp))
    return; /* the value's hint says it already */
  const char *text = doc_text(h->s);
  char label[200], tip[512];
  snprintf(label, sizeof label, "⇒ %s", type);
  snprintf(tip, sizeof tip, "mlir-shape infers %s (rule %s); the declared result type is %.*s", type,
           ms_rule_name(inf->rule), (int)(inf->result_end - inf->result_start), text + inf->result_start);
  cJSON *hint = cJSON_CreateObject();
  cJSON_AddItemToObject(hint, "position", position_json(h->s, inf->result_end, h->enc));
  cJSON_AddStringToObject(hint, "label", label);
  cJSON_AddNumberToObject(hint, "kind", 1);
  cJSON_AddStringToObject(hint, "tooltip", tip);
  cJSON_AddBoolToObject(hint, "paddingLeft", true);
  cJSON_AddItemToArray(h->out, hint);
}

cJSON *ms_feature_inlay_hints(ms_session *s, const cJSON *params, ms_encoding enc) {
  hint_ctx h = {s, enc, 0, 0, cJSON_CreateArray(), NULL, 0};
  if (!read_range(s, cJSON_GetObjectItemCaseSensitive(params, "range"), enc, &h.start, &h.end)) return h.out;
  uint32_t *taken = ms_value_inlay_hints(s, h.start, h.end, enc, h.out, &h.ntaken);
  h.taken = taken;
  ms_session_inferences(s, h.start, h.end, add_hint, &h);
  free(taken);
  return h.out;
}

/* ------------------------------------------------------------------ */
/* Code actions                                                        */

static const char *const result_codes[] = {MS_CODE_RESULT_DIM, MS_CODE_RESULT_RANK, MS_CODE_DYNAMIC_TO_STATIC,
                                           MS_CODE_EXTRA_RESULT_DIMS, NULL};

static bool code_in(const cJSON *diag, const char *const *codes) {
  const cJSON *code = cJSON_GetObjectItemCaseSensitive(diag, "code");
  if (!cJSON_IsString(code)) return false;
  for (; *codes; codes++)
    if (!strcmp(code->valuestring, *codes)) return true;
  return false;
}

static bool intersects(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1) { return a0 <= b1 && b0 <= a1; }

/* A quickfix replacing [start, end) with `text`. */
static cJSON *quickfix(ms_session *s, const char *title, uint32_t start, uint32_t end, const char *text,
                       cJSON *diags, ms_encoding enc) {
  cJSON *a = cJSON_CreateObject();
  cJSON_AddStringToObject(a, "title", title);
  cJSON_AddStringToObject(a, "kind", "quickfix");
  cJSON_AddItemToObject(a, "diagnostics", diags);
  cJSON_AddBoolToObject(a, "isPreferred", true);
  cJSON *edit = cJSON_AddObjectToObject(a, "edit");
  cJSON *changes = cJSON_AddObjectToObject(edit, "changes");
  cJSON *list = cJSON_AddArrayToObject(changes, ms_session_uri(s));
  cJSON *te = cJSON_CreateObject();
  cJSON_AddItemToObject(te, "range", ms_feature_range(s, start, end, enc));
  cJSON_AddStringToObject(te, "newText", text);
  cJSON_AddItemToArray(list, te);
  return a;
}

typedef struct action_ctx {
  ms_session *s;
  ms_encoding enc;
  const cJSON *diags;   /* context.diagnostics */
  cJSON *out;
} action_ctx;

static void add_result_action(void *ctx, const ms_inference *inf, const char *type) {
  action_ctx *a = ctx;
  if (!inf->has_inferred || !inf->result_differs || !inf->result_end) return;
  cJSON *fixed = cJSON_CreateArray();
  const cJSON *d;
  cJSON_ArrayForEach(d, a->diags) {
    uint32_t ds, de;
    if (!code_in(d, result_codes) || !read_range(a->s, cJSON_GetObjectItemCaseSensitive(d, "range"), a->enc, &ds, &de))
      continue;
    if (intersects(ds, de, inf->op_start, inf->op_end)) cJSON_AddItemToArray(fixed, cJSON_Duplicate(d, true));
  }
  char title[220];
  snprintf(title, sizeof title, "Replace result type with %s", type);
  cJSON_AddItemToArray(a->out, quickfix(a->s, title, inf->result_start, inf->result_end, type, fixed, a->enc));
}

static void add_mismatch_actions(action_ctx *a, uint32_t start, uint32_t end) {
  const cJSON *d;
  cJSON_ArrayForEach(d, a->diags) {
    static const char *const codes[] = {MS_CODE_TYPE_MISMATCH, NULL};
    uint32_t ds, de;
    if (!code_in(d, codes) || !read_range(a->s, cJSON_GetObjectItemCaseSensitive(d, "range"), a->enc, &ds, &de) ||
        !intersects(ds, de, start, end))
      continue;
    /* The analysis stored the fix with the finding (diag.h). */
    char type[256], title[300];
    uint32_t fs, fe;
    if (!ms_value_stored_fix(a->s, ds, de, MS_CODE_TYPE_MISMATCH, &fs, &fe, type, sizeof type)) continue;
    snprintf(title, sizeof title, "Change type to %s", type);
    cJSON *fixed = cJSON_CreateArray();
    cJSON_AddItemToArray(fixed, cJSON_Duplicate(d, true));
    cJSON_AddItemToArray(a->out, quickfix(a->s, title, fs, fe, type, fixed, a->enc));
  }
}

cJSON *ms_feature_code_actions(ms_session *s, const cJSON *params, ms_encoding enc) {
  action_ctx a = {s, enc, NULL, cJSON_CreateArray()};
  uint32_t start, end;
  if (!read_range(s, cJSON_GetObjectItemCaseSensitive(params, "range"), enc, &start, &end)) return a.out;
  const cJSON *context = cJSON_GetObjectItemCaseSensitive(params, "context");
  const cJSON *only = cJSON_GetObjectItemCaseSensitive(context, "only");
  if (cJSON_IsArray(only)) {
    bool wanted = false;
    const cJSON *k;
    cJSON_ArrayForEach(k, only) wanted |= cJSON_IsString(k) && !strncmp(k->valuestring, "quickfix", 8);
    if (!wanted) return a.out;
  }
  a.diags = cJSON_GetObjectItemCaseSensitive(context, "diagnostics");
  /* ms_session_inferences wants a non-empty range to find the op under an
  ** empty selection. */
  ms_session_inferences(s, start, end > start ? end : end + 1, add_result_action, &a);
  add_mismatch_actions(&a, start, end);
  ms_value_refine_actions(s, start, end, enc, a.out);
  ms_finding_actions(s, params, enc, a.out); /* annotate, disable (actions.h) */
  return a.out;
}

/* ------------------------------------------------------------------ */
/* Definitions, references, highlights                                 */

typedef struct occurrence {
  uint32_t start, end;
  bool is_def;
} occurrence;

typedef struct occ_list {
  occurrence *items;
  size_t n, cap;
} occ_list;

/* Appends; the same span twice is merged by occ_sorted (a value used
** millions of times: a search per use would be quadratic). */
static void occ_add(occ_list *l, uint32_t start, uint32_t end, bool is_def) {
  *MS_ARRAY_PUSH(l->items, l->n, l->cap) = (occurrence){start, end, is_def};
}

static int occ_cmp(const void *a, const void *b) {
  const occurrence *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return x->end < y->end ? -1 : x->end > y->end;
}

/* Sorts the list in text order and merges the occurrences of one span (a
** definition wins). */
static void occ_sorted(occ_list *l) {
  if (!l->n) return;
  qsort(l->items, l->n, sizeof *l->items, occ_cmp);
  size_t k = 0;
  for (size_t i = 1; i < l->n; i++) {
    if (l->items[i].start == l->items[k].start && l->items[i].end == l->items[k].end)
      l->items[k].is_def |= l->items[i].is_def;
    else
      l->items[++k] = l->items[i];
  }
  l->n = k + 1;
}

/* SSA: the definition of the value at pos and every use of it, from the
** unit's stored value table. The results of one `%x:2` share a
** definition token, so a use of `%x#1` is an occurrence of `%x`. */
static bool ssa_occurrences(ms_session *s, TSNode unit, uint32_t pos, occ_list *out) {
  (void)unit;
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  if (!a) return false;
  const ms_records *rec = &a->rec;
  uint32_t v = ms_records_value_at(rec, pos - base, NULL);
  if (v == MS_NONE) return false;
  ms_span def = rec->values[v].def;
  occ_add(out, base + def.start, base + def.end, true);
  for (size_t i = 0; i < rec->nuses; i++) {
    const ms_use *u = &rec->uses[i];
    if (u->value != MS_NONE && rec->values[u->value].def.start == def.start)
      occ_add(out, base + u->span.start, base + u->span.end, false);
  }
  return true;
}

static bool same_text(const char *text, TSNode a, uint32_t s, uint32_t e) {
  uint32_t as = ts_node_start_byte(a), ae = ts_node_end_byte(a);
  return ae - as == e - s && !memcmp(text + as, text + s, e - s);
}

/* Block labels: `^bb1` in the ops of one region (not in nested regions). */
typedef struct caret_walk {
  const char *text;
  uint32_t s, e;
  occ_list *out;
} caret_walk;

static bool enter_caret(void *ctx, TSNode n, uint32_t depth) {
  caret_walk *w = ctx;
  if (depth == 0) return true;
  if (!ms_node_is(n, "region") && ts_node_child_count(n) > 0) return true;
  if (ms_node_is(n, "caret_id") && same_text(w->text, n, w->s, w->e))
    occ_add(w->out, ts_node_start_byte(n), ts_node_end_byte(n), ms_node_is(ts_node_parent(n), "block_label"));
  return false;
}

static void collect_carets(const char *text, TSNode node, uint32_t s, uint32_t e, occ_list *out) {
  caret_walk w = {text, s, e, out};
  ms_walk_visitor v = {enter_caret, NULL};
  ms_walk(node, &v, &w);
}

static bool block_occurrences(ms_session *s, TSNode caret, occ_list *out) {
  TSNode region = ts_node_parent(caret);
  while (!ts_node_is_null(region) && !ms_node_is(region, "region")) region = ts_node_parent(region);
  if (ts_node_is_null(region)) return false;
  collect_carets(doc_text(s), region, ts_node_start_byte(caret), ts_node_end_byte(caret), out);
  return out->n > 0;
}

/* Symbols: `@f` and `@"f"` name the same symbol (ms_symbol_of); generic
** ops spell the definition `sym_name = "f"`. */
static bool symbol_eq(ms_symbol_name a, ms_symbol_name b) { return a.n == b.n && !memcmp(a.p, b.p, a.n); }

/* The `sym_name = "f"` string of a generic op's properties or attributes. */
static TSNode generic_sym_name(const char *text, TSNode op) {
  TSTreeCursor c = ts_tree_cursor_new(op);
  TSNode found = {0};
  if (ts_tree_cursor_goto_first_child(&c)) {
    do {
      TSNode n = ts_tree_cursor_current_node(&c);
      if (!ms_node_is(n, "properties") && !ms_node_is(n, "attribute_dictionary")) continue;
      uint32_t k = ts_node_named_child_count(n);
      for (uint32_t i = 0; i < k && ts_node_is_null(found); i++) {
        TSNode entry = ts_node_named_child(n, i);
        TSNode key = ts_node_child_by_field_name(entry, "key", 3);
        TSNode value = ts_node_child_by_field_name(entry, "value", 5);
        if (ts_node_is_null(key) || !ms_node_is(value, "string")) continue;
        ms_symbol_name kn = ms_symbol_of(text, ts_node_start_byte(key), ts_node_end_byte(key));
        if (symbol_eq(kn, (ms_symbol_name){"sym_name", 8})) found = value;
      }
    } while (ts_node_is_null(found) && ts_tree_cursor_goto_next_sibling(&c));
  }
  ts_tree_cursor_delete(&c);
  return found;
}

bool ms_generic_named(const char *text, TSNode op, const char *name) {
  TSNode n = ts_node_child_by_field_name(op, "name", 4);
  size_t len = strlen(name);
  return !ts_node_is_null(n) && ts_node_end_byte(n) - ts_node_start_byte(n) == len + 2 &&
         !memcmp(text + ts_node_start_byte(n) + 1, name, len);
}

TSNode ms_symbol_def_name(const char *text, TSNode op) {
  if (ms_node_is(op, "func_operation") || ms_node_is(op, "module_operation"))
    return ts_node_child_by_field_name(op, "name", 4);
  if (ms_node_is(op, "generic_operation")) return generic_sym_name(text, op);
  return (TSNode){0};
}

/* Walks every node of the tree that can hold a symbol_ref, calling fn on
** symbol refs and on ops (for definitions). Types and attributes are
** single tokens, so this visits each op and its direct tokens once. */
typedef struct symbol_walk {
  const char *text;
  ms_symbol_name name;
  occ_list *out;
} symbol_walk;

static bool enter_symbol(void *ctx, TSNode n, uint32_t depth) {
  symbol_walk *w = ctx;
  if (depth == 0) return true;
  if (!ts_node_is_named(n)) return false;
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (ms_node_is(n, "symbol_ref")) {
    if (symbol_eq(ms_symbol_of(w->text, s, e), w->name))
      occ_add(w->out, s, e,
              ms_node_is(ts_node_parent(n), "func_operation") || ms_node_is(ts_node_parent(n), "module_operation"));
    return false;
  }
  if (ms_node_is(n, "generic_operation")) {
    TSNode def = generic_sym_name(w->text, n);
    if (!ts_node_is_null(def) &&
        symbol_eq(ms_symbol_of(w->text, ts_node_start_byte(def), ts_node_end_byte(def)), w->name))
      occ_add(w->out, ts_node_start_byte(def), ts_node_end_byte(def), true);
  }
  return ts_node_child_count(n) > 0;
}

static void walk_symbols(symbol_walk *w, TSNode node) {
  ms_walk_visitor v = {enter_symbol, NULL};
  ms_walk(node, &v, w);
}

static const char *const symbol_types[] = {"symbol_ref", "string", NULL};

static void tree_symbols(void *ctx, TSTree *tree) { walk_symbols(ctx, ts_tree_root_node(tree)); }

static bool symbol_occurrences(ms_session *s, TSNode tok, occ_list *out) {
  const char *text = doc_text(s);
  if (ms_node_is(tok, "string")) {
    /* Only the string of a `sym_name = "f"` entry names a symbol. */
    TSNode entry = ts_node_parent(tok);
    if (ts_node_is_null(entry) || ts_node_is_null(ts_node_parent(entry))) return false; /* a piece's root */
    TSNode op = ts_node_parent(ts_node_parent(entry));
    if (!ms_node_is(op, "generic_operation")) return false;
    TSNode def = generic_sym_name(text, op);
    if (ts_node_is_null(def) || !ts_node_eq(def, tok)) return false;
  }
  symbol_walk w = {text, ms_symbol_of(text, ts_node_start_byte(tok), ts_node_end_byte(tok)), out};
  ms_session_each_tree(s, 0, UINT32_MAX, tree_symbols, &w);
  return out->n > 0;
}

/* Every occurrence of the value, label or symbol under the cursor. */
static bool occurrences_at(ms_session *s, const cJSON *params, ms_encoding enc, occ_list *out) {
  uint32_t pos;
  TSNode unit;
  if (!param_offset(s, params, enc, &pos) || !unit_node(s, pos, &unit)) return false;
  if (!ts_node_is_null(token_at(unit, pos, value_types))) return ssa_occurrences(s, unit, pos, out);
  static const char *const caret_types[] = {"caret_id", NULL};
  TSNode caret = token_at(unit, pos, caret_types);
  if (!ts_node_is_null(caret)) return block_occurrences(s, caret, out);
  TSNode sym = token_at(unit, pos, symbol_types);
  if (!ts_node_is_null(sym)) return symbol_occurrences(s, sym, out);
  return false;
}

ms_occ_kind ms_feature_occurrences(ms_session *s, uint32_t pos, ms_occurrence **items, size_t *n) {
  occ_list l = {0};
  ms_occ_kind kind = MS_OCC_NONE;
  TSNode unit;
  *items = NULL;
  *n = 0;
  if (!unit_node(s, pos, &unit)) return kind;
  static const char *const caret_types[] = {"caret_id", NULL};
  TSNode caret;
  if (!ts_node_is_null(token_at(unit, pos, value_types))) {
    if (ssa_occurrences(s, unit, pos, &l)) kind = MS_OCC_VALUE;
  } else if (!ts_node_is_null(caret = token_at(unit, pos, caret_types))) {
    if (block_occurrences(s, caret, &l)) kind = MS_OCC_LABEL;
  } else {
    TSNode sym = token_at(unit, pos, symbol_types);
    if (!ts_node_is_null(sym) && symbol_occurrences(s, sym, &l)) kind = MS_OCC_SYMBOL;
  }
  if (kind == MS_OCC_NONE) {
    free(l.items);
    return kind;
  }
  occ_sorted(&l);
  *items = ms_xrealloc(NULL, (l.n ? l.n : 1) * sizeof **items);
  for (size_t i = 0; i < l.n; i++) (*items)[i] = (ms_occurrence){l.items[i].start, l.items[i].end, l.items[i].is_def};
  *n = l.n;
  free(l.items);
  return kind;
}

static cJSON *location_json(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc) {
  cJSON *loc = cJSON_CreateObject();
  cJSON_AddStringToObject(loc, "uri", ms_session_uri(s));
  cJSON_AddItemToObject(loc, "range", ms_feature_range(s, start, end, enc));
  return loc;
}

cJSON *ms_feature_definition(ms_session *s, const cJSON *params, ms_encoding enc) {
  occ_list l = {0};
  cJSON *out = NULL;
  if (occurrences_at(s, params, enc, &l)) {
    occ_sorted(&l);
    for (size_t i = 0; i < l.n; i++) {
      if (!l.items[i].is_def) continue;
      if (!out) out = cJSON_CreateArray();
      cJSON_AddItemToArray(out, location_json(s, l.items[i].start, l.items[i].end, enc));
    }
  }
  free(l.items);
  return out;
}

cJSON *ms_feature_references(ms_session *s, const cJSON *params, ms_encoding enc) {
  const cJSON *ctx = cJSON_GetObjectItemCaseSensitive(params, "context");
  bool include_decl = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ctx, "includeDeclaration"));
  occ_list l = {0};
  cJSON *out = cJSON_CreateArray();
  if (occurrences_at(s, params, enc, &l)) {
    occ_sorted(&l);
    for (size_t i = 0; i < l.n; i++)
      if (include_decl || !l.items[i].is_def)
        cJSON_AddItemToArray(out, location_json(s, l.items[i].start, l.items[i].end, enc));
  }
  free(l.items);
  return out;
}

cJSON *ms_feature_highlight(ms_session *s, const cJSON *params, ms_encoding enc) {
  occ_list l = {0};
  cJSON *out = cJSON_CreateArray();
  if (occurrences_at(s, params, enc, &l)) {
    occ_sorted(&l);
    for (size_t i = 0; i < l.n; i++) {
      cJSON *h = cJSON_CreateObject();
      cJSON_AddItemToObject(h, "range", ms_feature_range(s, l.items[i].start, l.items[i].end, enc));
      cJSON_AddNumberToObject(h, "kind", l.items[i].is_def ? 3 : 2);
      cJSON_AddItemToArray(out, h);
    }
  }
  free(l.items);
  return out;
}
