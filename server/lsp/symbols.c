/*
** symbols.c: workspace symbols and chunk symbols (symbols.h).
*/
#include "symbols.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "queries.h"
#include "alloc.h"
#include "source.h"
#include "walk.h"

enum { SK_MODULE = 2, SK_NAMESPACE = 3, SK_FUNCTION = 12, SK_VARIABLE = 13 };

static bool is(TSNode n, const char *type) { return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type); }

bool ms_symbol_matches(const char *query, const char *name) {
  if (!name) return false;
  for (; *query; query++) {
    char q = (char)tolower((unsigned char)*query);
    while (*name && tolower((unsigned char)*name) != q) name++;
    if (!*name) return false;
    name++;
  }
  return true;
}

/* The `// -----` chunks of the text; count 1 when the file is not split. */
static void split(ms_session *s, ms_unit_list *out) {
  size_t len;
  const char *text = ms_document_text(ms_session_document(s), &len);
  ms_unit_list_init(out);
  ms_source_split(text, len, out);
}

static size_t chunk_of(const ms_unit_list *chunks, uint32_t pos) {
  for (size_t i = 0; i < chunks->count; i++)
    if (pos < chunks->items[i].end[0] || i + 1 == chunks->count) return i;
  return 0;
}

typedef struct wctx {
  ms_session *s;
  const char *text;
  const char *query;
  ms_encoding enc;
  cJSON *out;
  size_t max;
  ms_unit_list chunks;
} wctx;

static void add_symbol(wctx *w, const char *name, int kind, uint32_t start, uint32_t end, uint32_t sel_start) {
  if ((size_t)cJSON_GetArraySize(w->out) >= w->max || !ms_symbol_matches(w->query, name)) return;
  (void)start;
  (void)end;
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "name", name);
  cJSON_AddNumberToObject(o, "kind", kind);
  cJSON *loc = cJSON_AddObjectToObject(o, "location");
  cJSON_AddStringToObject(loc, "uri", ms_session_uri(w->s));
  cJSON_AddItemToObject(loc, "range", ms_feature_range(w->s, sel_start, end, w->enc));
  if (w->chunks.count > 1 && kind != SK_NAMESPACE) {
    char container[64];
    snprintf(container, sizeof container, "chunk %zu", chunk_of(&w->chunks, start) + 1);
    cJSON_AddStringToObject(o, "containerName", container);
  }
  cJSON_AddItemToArray(w->out, o);
}

static bool name_is(const char *text, TSNode name, const char *want) {
  uint32_t a = ts_node_start_byte(name), b = ts_node_end_byte(name);
  if (b - a >= 2 && text[a] == '"') a++, b--;
  size_t n = strlen(want);
  return b - a == n && !memcmp(text + a, want, n);
}

/* The symbol an op defines: its token, or null. */
static TSNode defined_symbol(const char *text, TSNode op) {
  if (is(op, "func_operation") || is(op, "module_operation")) return ts_node_child_by_field_name(op, "name", 4);
  if (is(op, "generic_operation")) {
    uint32_t k = ts_node_named_child_count(op);
    for (uint32_t i = 0; i < k; i++) {
      TSNode d = ts_node_named_child(op, i);
      if (!is(d, "properties") && !is(d, "attribute_dictionary")) continue;
      uint32_t m = ts_node_named_child_count(d);
      for (uint32_t j = 0; j < m; j++) {
        TSNode entry = ts_node_named_child(d, j);
        TSNode key = ts_node_child_by_field_name(entry, "key", 3);
        TSNode value = ts_node_child_by_field_name(entry, "value", 5);
        if (!ts_node_is_null(key) && is(value, "string") && name_is(text, key, "sym_name")) return value;
      }
    }
  }
  if (is(op, "custom_operation")) {
    uint32_t k = ts_node_named_child_count(op);
    for (uint32_t i = 0; i < k && i < 6; i++) {
      TSNode d = ts_node_named_child(op, i);
      if (is(d, "symbol_ref")) return d;
    }
  }
  return (TSNode){0};
}

static void op_symbol(wctx *w, TSNode op) {
  TSNode sym = defined_symbol(w->text, op);
  if (ts_node_is_null(sym)) return;
  TSNode opname = ts_node_child_by_field_name(op, "name", 4);
  char opn[128] = "";
  if (is(op, "generic_operation") || is(op, "custom_operation")) {
    uint32_t a = ts_node_start_byte(opname), b = ts_node_end_byte(opname);
    if (b - a >= 2 && w->text[a] == '"') a++, b--;
    snprintf(opn, sizeof opn, "%.*s", (int)(b - a), w->text + a);
  }
  int kind;
  if (is(op, "func_operation") || !strcmp(opn, "func.func")) kind = SK_FUNCTION;
  else if (is(op, "module_operation") || !strcmp(opn, "builtin.module")) kind = SK_MODULE;
  else if (strstr(opn, "global")) kind = SK_VARIABLE;
  else {
    size_t n = strlen(opn);
    if (n >= 5 && !strcmp(opn + n - 5, ".func")) kind = SK_FUNCTION;
    else return;
  }
  uint32_t a = ts_node_start_byte(sym), b = ts_node_end_byte(sym);
  const char *p = w->text + a;
  size_t len = b - a;
  if (*p == '@') p++, len--;
  if (len >= 2 && p[0] == '"' && p[len - 1] == '"') p++, len -= 2;
  char name[300];
  snprintf(name, sizeof name, "@%.*s", (int)(len < 290 ? len : 290), p);
  uint32_t os = ts_node_start_byte(op), oe = ts_node_end_byte(op);
  add_symbol(w, name, kind, os, oe > b ? b : oe, a);
}

static bool enter(void *ctx, TSNode n, uint32_t depth) {
  wctx *w = ctx;
  if (depth == 0) return true;
  if (!ts_node_is_named(n)) return false;
  const char *t = ts_node_type(n);
  bool op = !strcmp(t, "generic_operation") || !strcmp(t, "custom_operation") || !strcmp(t, "func_operation") ||
            !strcmp(t, "module_operation");
  if (op) {
    op_symbol(w, n);
    /* Symbols live in modules, not in function bodies. */
    return is(n, "module_operation") || (is(n, "generic_operation") && ts_node_is_null(defined_symbol(w->text, n))) ||
           (is(n, "generic_operation") && name_is(w->text, ts_node_child_by_field_name(n, "name", 4), "builtin.module"));
  }
  return !strcmp(t, "region") || !strcmp(t, "region_list") || !strcmp(t, "block") || !strcmp(t, "ERROR");
}

static void walk_tree(void *ctx, TSTree *tree) {
  ms_walk_visitor v = {enter, NULL};
  ms_walk(ts_tree_root_node(tree), &v, ctx);
}

void ms_workspace_symbols(ms_session *s, const char *query, ms_encoding enc, cJSON *out, size_t max) {
  wctx w = {s, ms_document_text(ms_session_document(s), NULL), query ? query : "", enc, out, max, {0}};
  split(s, &w.chunks);
  if (w.chunks.count > 1)
    for (size_t i = 0; i < w.chunks.count; i++) {
      char name[64];
      ms_position p = ms_document_position(ms_session_document(s), w.chunks.items[i].start[0], enc);
      snprintf(name, sizeof name, "chunk %zu (line %u)", i + 1, p.line + 1);
      uint32_t a = w.chunks.items[i].start[0], b = w.chunks.items[i].end[0];
      add_symbol(&w, name, SK_NAMESPACE, a, b, a);
    }
  ms_session_each_tree(s, 0, UINT32_MAX, walk_tree, &w);
  ms_unit_list_clear(&w.chunks);
}

/* A document symbol's start as a byte offset. */
static uint32_t symbol_start(ms_session *s, const cJSON *sym, ms_encoding enc) {
  const cJSON *r = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(sym, "range"), "start");
  ms_position p = {0, 0};
  ms_feature_read_position(r, &p);
  return (uint32_t)ms_document_offset(ms_session_document(s), p, enc);
}

cJSON *ms_chunk_symbols(ms_session *s, cJSON *top, ms_encoding enc) {
  ms_unit_list chunks;
  split(s, &chunks);
  if (chunks.count < 2) {
    ms_unit_list_clear(&chunks);
    return top;
  }
  cJSON *out = cJSON_CreateArray();
  cJSON **kids = ms_xrealloc(NULL, chunks.count * sizeof *kids);
  ms_document *doc = ms_session_document(s);
  for (size_t i = 0; i < chunks.count; i++) {
    uint32_t a = chunks.items[i].start[0], b = chunks.items[i].end[0];
    /* The chunk without its trailing blank lines. */
    const char *text = ms_document_text(doc, NULL);
    while (b > a && (text[b - 1] == '\n' || text[b - 1] == '\r' || text[b - 1] == ' ')) b--;
    ms_position pa = ms_document_position(doc, a, enc), pb = ms_document_position(doc, b, enc);
    char name[64], detail[64];
    snprintf(name, sizeof name, "chunk %zu", i + 1);
    snprintf(detail, sizeof detail, "lines %u-%u", pa.line + 1, pb.line + 1);
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "name", name);
    cJSON_AddStringToObject(c, "detail", detail);
    cJSON_AddNumberToObject(c, "kind", SK_NAMESPACE);
    cJSON_AddItemToObject(c, "range", ms_feature_range(s, a, b, enc));
    cJSON_AddItemToObject(c, "selectionRange", ms_feature_range(s, a, a, enc));
    kids[i] = cJSON_AddArrayToObject(c, "children");
    cJSON_AddItemToArray(out, c);
  }
  while (cJSON_GetArraySize(top) > 0) {
    cJSON *sym = cJSON_DetachItemFromArray(top, 0);
    cJSON_AddItemToArray(kids[chunk_of(&chunks, symbol_start(s, sym, enc))], sym);
  }
  cJSON_Delete(top);
  free(kids);
  ms_unit_list_clear(&chunks);
  return out;
}
