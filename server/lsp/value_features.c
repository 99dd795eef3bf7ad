/*
** value_features.c: hover, inlay hints and refine actions for SSA values
** (value_features.h).
**
** Each query asks the session for the stored analysis of the unit under
** the cursor (ms_session_unit_analysis): its op records and value table
** (records.h) with spans relative to the unit's start, and per value the
** inferred type and the op that produced it (analyzer.h). Spans are moved
** back to document offsets here, and to LSP positions through document.h.
*/
#include "value_features.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "queries.h"
#include "alloc.h"
#include "shapes.h"
#include "strbuf.h"

/* How many producing ops a value's hover follows back. */
#define CHAIN_STEPS 5

/* The stored analysis of one unit, with the text its spans index. */
typedef struct unit_ref {
  ms_session *s;
  const ms_analysis *a;
  const ms_records *rec;
  uint32_t base;       /* the unit's start in the document */
  const char *text;    /* document text + base: rec's spans index it */
  ms_encoding enc;
} unit_ref;

static bool unit_at(ms_session *s, uint32_t pos, ms_encoding enc, unit_ref *u) {
  u->s = s;
  u->enc = enc;
  u->a = ms_session_unit_analysis(s, pos, &u->base);
  if (!u->a) return false;
  u->rec = &u->a->rec;
  u->text = ms_document_text(ms_session_document(s), NULL) + u->base;
  return true;
}

static ms_position position_of(const unit_ref *u, uint32_t rel) {
  return ms_document_position(ms_session_document(u->s), u->base + rel, u->enc);
}

static cJSON *position_json(const unit_ref *u, uint32_t rel) {
  ms_position p = position_of(u, rel);
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "line", p.line);
  cJSON_AddNumberToObject(o, "character", p.character);
  return o;
}

static cJSON *range_json(const unit_ref *u, ms_span rel) {
  return ms_feature_range(u->s, u->base + rel.start, u->base + rel.end, u->enc);
}

static const char *inferred(const unit_ref *u, uint32_t v) { return ms_analysis_inferred(u->a, v); }

static uint32_t producer(const unit_ref *u, uint32_t v) {
  return u->a->info && v < u->rec->nvalues ? u->a->info[v].producer : MS_NONE;
}

static void value_name(const unit_ref *u, uint32_t v, char *buf, size_t n) {
  ms_records_value_name(u->rec, v, u->text, buf, n);
}

/* `[tf.AddV2 at 2:8](file:///f.mlir#L2)`: a link to the op's name. */
static void op_link(ms_strbuf *b, const unit_ref *u, uint32_t opi) {
  const ms_op *op = &u->rec->ops[opi];
  ms_position p = position_of(u, ms_op_name_token(op).start);
  ms_strbuf_printf(b, "[%.*s at %u:%u](%s#L%u)", (int)(op->name.end - op->name.start), u->text + op->name.start, p.line + 1,
            p.character + 1, ms_session_uri(u->s), p.line + 1);
}

static void type_or_dash(ms_strbuf *b, const unit_ref *u, ms_span t) {
  if (t.end > t.start) ms_strbuf_printf(b, "`%.*s`", (int)(t.end - t.start), u->text + t.start);
  else ms_strbuf_printf(b, "—");
}

/* ------------------------------------------------------------------ */
/* Hover on a value                                                    */

/* The first operand of op whose shape was refined: where the refinement
** came from. MS_NONE when none. */
static uint32_t refined_operand(const unit_ref *u, uint32_t opi) {
  const ms_op *op = &u->rec->ops[opi];
  for (uint32_t i = 0; i < op->noperands; i++) {
    uint32_t v = ms_records_operand(u->rec, op, i)->value;
    if (v != MS_NONE && inferred(u, v)) return v;
  }
  return MS_NONE;
}

/* The ops the value's shape came from, newest first: its producer, then
** the producer of that op's refined operand, a few steps back. */
static void chain(ms_strbuf *b, const unit_ref *u, uint32_t v) {
  bool heading = false;
  for (int step = 0; step < CHAIN_STEPS && v != MS_NONE; step++) {
    uint32_t opi = producer(u, v) != MS_NONE ? producer(u, v) : u->rec->values[v].op;
    if (opi == MS_NONE) break;
    if (!heading) ms_strbuf_printf(b, "\n\nWhere its shape comes from:\n");
    heading = true;
    char name[64];
    value_name(u, v, name, sizeof name);
    const char *inf = inferred(u, v);
    ms_span t = u->rec->values[v].type;
    ms_strbuf_printf(b, "\n%d. `%s`: ", step + 1, name);
    if (inf) ms_strbuf_printf(b, "`%s`", inf);
    else type_or_dash(b, u, t);
    ms_strbuf_printf(b, " ⇐ ");
    op_link(b, u, opi);
    v = inf ? refined_operand(u, opi) : MS_NONE;
  }
}

static void definition_line(ms_strbuf *b, const unit_ref *u, uint32_t v, ms_span at) {
  const ms_value *x = &u->rec->values[v];
  ms_position p = position_of(u, x->def.start);
  if (x->def.start == at.start) ms_strbuf_printf(b, "\n\nDefined here (line %u)", p.line + 1);
  else ms_strbuf_printf(b, "\n\nDefined at line %u", p.line + 1);
  if (x->op != MS_NONE) {
    ms_strbuf_printf(b, ", result %u of ", x->result);
    op_link(b, u, x->op);
  } else if (x->owner != MS_NONE) {
    ms_strbuf_printf(b, ", argument %u of a block of ", x->result);
    op_link(b, u, x->owner);
  } else {
    ms_strbuf_printf(b, ", argument %u of the function", x->result);
  }
}

static cJSON *hover_json(const unit_ref *u, const char *markdown, ms_span rel) {
  cJSON *h = cJSON_CreateObject();
  cJSON *c = cJSON_AddObjectToObject(h, "contents");
  cJSON_AddStringToObject(c, "kind", "markdown");
  cJSON_AddStringToObject(c, "value", markdown);
  cJSON_AddItemToObject(h, "range", range_json(u, rel));
  return h;
}

cJSON *ms_value_hover(ms_session *s, uint32_t pos, ms_encoding enc) {
  unit_ref u;
  if (!unit_at(s, pos, enc, &u)) return NULL;
  ms_span at = {0, 0};
  uint32_t v = ms_records_value_at(u.rec, pos - u.base, &at);
  if (!at.end) return NULL;
  ms_strbuf b = {0};
  ms_strbuf_printf(&b, "`%.*s`", (int)(at.end - at.start), u.text + at.start);
  if (v == MS_NONE) {
    ms_strbuf_printf(&b, "\n\nDefinition not found");
  } else {
    ms_span t = u.rec->values[v].type;
    if (t.end) ms_strbuf_printf(&b, ": `%.*s`", (int)(t.end - t.start), u.text + t.start);
    if (inferred(&u, v)) ms_strbuf_printf(&b, "\n\nInferred: `%s`", inferred(&u, v));
    definition_line(&b, &u, v, at);
    if (inferred(&u, v)) chain(&b, &u, v);
  }
  cJSON *h = hover_json(&u, b.p, at);
  free(b.p);
  return h;
}

/* ------------------------------------------------------------------ */
/* Hover on an op                                                      */

static void value_row(ms_strbuf *b, const unit_ref *u, uint32_t v, const char *role, ms_span written) {
  char name[64];
  if (v == MS_NONE) snprintf(name, sizeof name, "?");
  else value_name(u, v, name, sizeof name);
  ms_strbuf_printf(b, "| `%s` | %s | ", name, role);
  type_or_dash(b, u, written.end ? written : (v == MS_NONE ? written : u->rec->values[v].type));
  ms_strbuf_printf(b, " | ");
  const char *inf = v == MS_NONE ? NULL : inferred(u, v);
  if (inf) ms_strbuf_printf(b, "`%s`", inf);
  else ms_strbuf_printf(b, "—");
  ms_strbuf_printf(b, " |\n");
}

/* The operands and results of op with declared and inferred types. */
static void op_values(ms_strbuf *b, const unit_ref *u, uint32_t opi) {
  const ms_op *op = &u->rec->ops[opi];
  ms_strbuf_printf(b, "| value | | declared | inferred |\n|---|---|---|---|\n");
  for (uint32_t i = 0; i < op->noperands; i++) {
    const ms_use *use = ms_records_operand(u->rec, op, i);
    ms_span t = op->types_known && i < op->nin ? u->rec->types[op->in_types + i] : (ms_span){0, 0};
    char role[32];
    snprintf(role, sizeof role, "operand %u", i);
    value_row(b, u, use->value, role, t);
  }
  for (uint32_t r = 0; r < op->nresults; r++) {
    char role[32];
    snprintf(role, sizeof role, "result %u", r);
    value_row(b, u, op->results + r, role, (ms_span){0, 0});
  }
}

cJSON *ms_value_op_hover(ms_session *s, uint32_t pos, const char *detail_md, uint32_t start, uint32_t end,
                         ms_encoding enc) {
  unit_ref u;
  bool have_unit = unit_at(s, pos, enc, &u);
  uint32_t opi = have_unit ? ms_records_op_at(u.rec, pos - u.base) : MS_NONE;
  const ms_op *op = opi == MS_NONE ? NULL : &u.rec->ops[opi];
  bool values = op && op->kind != MS_OP_RETURN && (op->noperands || op->nresults);
  if (!detail_md && !values) return NULL;
  ms_strbuf b = {0};
  if (detail_md) ms_strbuf_printf(&b, "%s", detail_md);
  else ms_strbuf_printf(&b, "**%.*s**", (int)(op->name.end - op->name.start), u.text + op->name.start);
  if (values) {
    ms_strbuf_printf(&b, "\n\n");
    op_values(&b, &u, opi);
  }
  while (b.n && b.p[b.n - 1] == '\n') b.p[--b.n] = 0;
  ms_span rel = detail_md || !op ? (ms_span){start - u.base, end - u.base} : ms_op_name_token(op);
  cJSON *h = hover_json(&u, b.p, rel);
  free(b.p);
  return h;
}

/* ------------------------------------------------------------------ */
/* Inlay hints                                                         */

typedef struct hints_ctx {
  ms_session *s;
  ms_encoding enc;
  uint32_t start, end;
  cJSON *out;
  uint32_t *at;
  size_t n, cap;
} hints_ctx;

/* Where a value's hint goes: after its declared type, else its name. */
static uint32_t hint_offset(const ms_value *x) { return x->type.end ? x->type.end : x->def.end; }

static void add_value_hint(hints_ctx *h, const unit_ref *u, uint32_t v) {
  const ms_value *x = &u->rec->values[v];
  uint32_t off = u->base + hint_offset(x);
  if (off < h->start || off > h->end) return;
  /* Values come in text order; only the results of one `%x:2` without
  ** types share a place. Never two hints at one place. */
  if (h->n && h->at[h->n - 1] == off) return;
  *MS_ARRAY_PUSH(h->at, h->n, h->cap) = off;
  char name[64], label[300];
  ms_strbuf tip = {0};
  value_name(u, v, name, sizeof name);
  snprintf(label, sizeof label, "⇒ %s", inferred(u, v));
  ms_strbuf_printf(&tip, "%s is declared %.*s; mlir-shape infers %s", name, (int)(x->type.end - x->type.start),
            u->text + x->type.start, inferred(u, v));
  if (producer(u, v) != MS_NONE) {
    const ms_op *p = &u->rec->ops[producer(u, v)];
    ms_position pp = position_of(u, ms_op_name_token(p).start);
    ms_strbuf_printf(&tip, " from %.*s at %u:%u", (int)(p->name.end - p->name.start), u->text + p->name.start,
              pp.line + 1, pp.character + 1);
  }
  cJSON *hint = cJSON_CreateObject();
  cJSON_AddItemToObject(hint, "position", position_json(u, hint_offset(x)));
  cJSON_AddStringToObject(hint, "label", label);
  cJSON_AddNumberToObject(hint, "kind", 1);
  cJSON_AddStringToObject(hint, "tooltip", tip.p);
  cJSON_AddBoolToObject(hint, "paddingLeft", true);
  cJSON_AddItemToArray(h->out, hint);
  free(tip.p);
}

static void unit_hints(void *ctx, const ms_unit_view *view) {
  hints_ctx *h = ctx;
  if (view->end < h->start || view->start > h->end || !view->analysis->info) return;
  unit_ref u = {h->s, view->analysis, &view->analysis->rec, view->start,
                ms_document_text(ms_session_document(h->s), NULL) + view->start, h->enc};
  for (size_t v = 0; v < u.rec->nvalues; v++)
    if (inferred(&u, (uint32_t)v)) add_value_hint(h, &u, (uint32_t)v);
}

static int offset_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

uint32_t *ms_value_inlay_hints(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc, cJSON *out, size_t *n) {
  hints_ctx h = {s, enc, start, end, out, NULL, 0, 0};
  ms_session_each_unit(s, unit_hints, &h);
  if (h.n) qsort(h.at, h.n, sizeof *h.at, offset_cmp);
  *n = h.n;
  return h.at;
}

/* ------------------------------------------------------------------ */
/* Refine actions                                                      */

typedef struct edit {
  ms_span at;          /* relative to the unit */
  const char *text;    /* owned by the stored analysis */
} edit;

typedef struct edit_list {
  edit *items;
  size_t n, cap;
} edit_list;

static void add_edit(edit_list *l, ms_span at, const char *text) {
  if (at.end) *MS_ARRAY_PUSH(l->items, l->n, l->cap) = (edit){at, text};
}

/* The uses of each value, threaded through the use pool: first[v], then
** next[i] after use i (MS_NONE ends), in text order. Built once per
** request so that refining costs O(values + uses). */
typedef struct use_index {
  uint32_t *first, *next;
} use_index;

static use_index index_uses(const ms_records *rec) {
  use_index x = {ms_xmalloc((rec->nvalues + 1) * sizeof *x.first), ms_xmalloc((rec->nuses + 1) * sizeof *x.next)};
  for (size_t v = 0; v < rec->nvalues; v++) x.first[v] = MS_NONE;
  for (size_t i = rec->nuses; i-- > 0;) {
    uint32_t v = rec->uses[i].value;
    x.next[i] = v == MS_NONE ? MS_NONE : x.first[v];
    if (v != MS_NONE) x.first[v] = (uint32_t)i;
  }
  return x;
}

/* Result type `index` in the signature of the unit when it is a pretty
** func.func (relative to the unit): what a value returned by the function
** must equal. Only the signature is read, from the tree. */
static ms_span function_result(const unit_ref *u, uint32_t index) {
  TSNode root = ts_tree_root_node(ms_session_tree_at(u->s, u->base));
  TSNode n = ts_node_descendant_for_byte_range(root, u->base, u->base);
  while (!ts_node_is_null(n) && strcmp(ts_node_type(n), "func_operation")) n = ts_node_parent(n);
  if (ts_node_is_null(n) || ts_node_start_byte(n) != u->base) return (ms_span){0, 0};
  uint32_t k = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < k; i++) {
    TSNode res = ts_node_named_child(n, i);
    if (strcmp(ts_node_type(res), "function_results")) continue;
    uint32_t m = ts_node_named_child_count(res), seen = 0;
    for (uint32_t j = 0; j < m; j++) {
      TSNode t = ts_node_named_child(res, j);
      if (!strcmp(ts_node_type(t), "attribute_dictionary")) continue;
      if (seen++ == index) return (ms_span){ts_node_start_byte(t) - u->base, ts_node_end_byte(t) - u->base};
    }
  }
  return (ms_span){0, 0};
}

/* A call's operand types must equal the callee's signature (another
** unit): a value passed to one keeps its declared type. */
static bool is_call(const unit_ref *u, const ms_op *op) {
  ms_span n = op->name;
  size_t len = n.end - n.start;
  const char *t = u->text + n.start;
  return (len == 9 && !memcmp(t, "func.call", 9)) || (len == 4 && !memcmp(t, "call", 4)) ||
         (len == 18 && !memcmp(t, "func.call_indirect", 18));
}

/* Appends every place the unit writes value v's type: its declaration,
** each use whose op spells its operand types (a generic op's functional
** type, a pretty op's `(T, T) -> T`, return's types) and, for a value
** returned from a pretty func.func, the signature's result type. False
** (and l is left as it was) when a use's type cannot be rewritten so that
** the file still verifies: written where records do not say (a pretty
** op's single type, successor operands), or passed to a call. */
/* Whether operand i's written type is its own: not one token that also
** types another operand or a result (a pretty op's `: T` for all). */
static bool own_type(const ms_records *rec, const ms_op *op, uint32_t i) {
  ms_span t = rec->types[op->in_types + i];
  for (uint32_t k = 0; k < op->nin; k++)
    if (k != i && rec->types[op->in_types + k].start == t.start) return false;
  for (uint32_t k = 0; k < op->nout; k++)
    if (rec->types[op->out_types + k].start == t.start) return false;
  return true;
}

static bool refine_edits(const unit_ref *u, const use_index *x, uint32_t v, edit_list *l) {
  const char *to = inferred(u, v);
  size_t mark = l->n;
  if (!u->rec->values[v].type.end) return false;
  add_edit(l, u->rec->values[v].type, to);
  for (uint32_t i = x->first[v]; i != MS_NONE; i = x->next[i]) {
    const ms_use *use = &u->rec->uses[i];
    const ms_op *op = &u->rec->ops[use->op];
    bool ok = use->operand >= 0 && op->types_known && (uint32_t)use->operand < op->nin && !is_call(u, op) &&
              own_type(u->rec, op, (uint32_t)use->operand);
    ms_span sig = {0, 0};
    /* A value the function returns: its signature says the same type. */
    if (ok && op->kind == MS_OP_RETURN && op->parent == MS_NONE) ok = (sig = function_result(u, (uint32_t)use->operand)).end;
    if (!ok) {
      l->n = mark;
      return false;
    }
    add_edit(l, u->rec->types[op->in_types + (uint32_t)use->operand], to);
    add_edit(l, sig, to);
  }
  return true;
}

static int edit_cmp(const void *a, const void *b) {
  const edit *x = a, *y = b;
  return x->at.start < y->at.start ? -1 : x->at.start > y->at.start;
}

/* Sorted, each place once (several returns name one signature type). */
static void sort_edits(edit_list *l) {
  if (l->n) qsort(l->items, l->n, sizeof *l->items, edit_cmp);
  size_t k = 0;
  for (size_t i = 0; i < l->n; i++)
    if (!k || l->items[i].at.start != l->items[k - 1].at.start) l->items[k++] = l->items[i];
  l->n = k;
}

static cJSON *refine_action(const unit_ref *u, const char *title, edit_list *l) {
  sort_edits(l);
  cJSON *a = cJSON_CreateObject();
  cJSON_AddStringToObject(a, "title", title);
  /* A quickfix: clients that ask for fixes only (context.only) see it too. */
  cJSON_AddStringToObject(a, "kind", "quickfix");
  cJSON *changes = cJSON_AddObjectToObject(cJSON_AddObjectToObject(a, "edit"), "changes");
  cJSON *list = cJSON_AddArrayToObject(changes, ms_session_uri(u->s));
  for (size_t i = 0; i < l->n; i++) {
    cJSON *te = cJSON_CreateObject();
    cJSON_AddItemToObject(te, "range", range_json(u, l->items[i].at));
    cJSON_AddStringToObject(te, "newText", l->items[i].text);
    cJSON_AddItemToArray(list, te);
  }
  return a;
}

static bool touches(ms_span s, uint32_t start, uint32_t end) { return s.end && s.start <= end && start <= s.end; }

/* Whether the range [start, end] (unit-relative) is on value v. */
static bool on_value(const unit_ref *u, const use_index *x, uint32_t v, uint32_t start, uint32_t end) {
  const ms_value *val = &u->rec->values[v];
  if (touches(val->def, start, end) || touches(val->type, start, end)) return true;
  for (uint32_t i = x->first[v]; i != MS_NONE; i = x->next[i])
    if (touches(u->rec->uses[i].span, start, end)) return true;
  return false;
}

static void refine_one(const unit_ref *u, const use_index *x, uint32_t v, cJSON *out) {
  edit_list one = {0};
  if (refine_edits(u, x, v, &one)) {
    char name[64], title[300];
    value_name(u, v, name, sizeof name);
    snprintf(title, sizeof title, "Refine type of %s to %s", name, inferred(u, v));
    cJSON_AddItemToArray(out, refine_action(u, title, &one));
  }
  free(one.items);
}

void ms_value_refine_actions(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc, cJSON *out) {
  unit_ref u;
  if (!unit_at(s, start, enc, &u) || !u.a->info) return;
  uint32_t rs = start - u.base, re = end - u.base;
  use_index x = index_uses(u.rec);
  int offered = cJSON_GetArraySize(out);
  for (size_t v = 0; v < u.rec->nvalues; v++)
    if (inferred(&u, (uint32_t)v) && on_value(&u, &x, (uint32_t)v, rs, re)) refine_one(&u, &x, (uint32_t)v, out);
  /* Offered with a value's own refinement, not everywhere in the function. */
  if (cJSON_GetArraySize(out) > offered) {
    edit_list all = {0};
    for (size_t v = 0; v < u.rec->nvalues; v++)
      if (inferred(&u, (uint32_t)v)) refine_edits(&u, &x, (uint32_t)v, &all);
    cJSON_AddItemToArray(out, refine_action(&u, "Refine all types in this function", &all));
    free(all.items);
  }
  free(x.first);
  free(x.next);
}

/* ------------------------------------------------------------------ */
/* The shapes table                                                    */

typedef struct shapes_ctx {
  ms_session *s;
  ms_encoding enc;
  cJSON *values;
} shapes_ctx;

static void document_position(void *ctx, uint32_t off, uint32_t *line, uint32_t *character) {
  const shapes_ctx *c = ctx;
  ms_position p = ms_document_position(ms_session_document(c->s), off, c->enc);
  *line = p.line;
  *character = p.character;
}

static void unit_shapes(void *ctx, const ms_unit_view *view) {
  shapes_ctx *c = ctx;
  ms_shapes_positions where = {document_position, c};
  ms_shapes_append(c->values, view->analysis, ms_document_text(ms_session_document(c->s), NULL), view->start, &where);
}

cJSON *ms_value_shapes_json(ms_session *s, ms_encoding enc) {
  cJSON *doc = ms_shapes_json();
  shapes_ctx c = {s, enc, ms_shapes_add_file(doc, ms_session_uri(s))};
  ms_session_each_unit(s, unit_shapes, &c);
  return doc;
}

/* ------------------------------------------------------------------ */
/* Stored fixes                                                        */

bool ms_value_stored_fix(ms_session *s, uint32_t start, uint32_t end, const char *code, uint32_t *fix_start,
                         uint32_t *fix_end, char *fix_text, size_t n) {
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, start, &base);
  if (!a) return false;
  for (size_t i = 0; i < a->diags.count; i++) {
    const ms_diagnostic *d = &a->diags.items[i];
    if (d->start + base != start || d->end + base != end || strcmp(d->code, code) || !d->has_fix) continue;
    *fix_start = d->fix_start + base;
    *fix_end = d->fix_end + base;
    snprintf(fix_text, n, "%s", d->fix_text);
    return true;
  }
  return false;
}
