/*
** semantic.c: semantic tokens (semantic.h).
**
** One walk over the trees collects the tokens (ops, labels, symbols,
** types, attribute names, builtin words, value occurrences); values then
** take their modifiers from facts.h (definition, argument, refined).
** Tokens are sorted, those spanning lines dropped (LSP tokens are one
** line), and encoded as the protocol's relative quintuples.
*/
#include "semantic.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"
#include "features.h"
#include "memory.h"
#include "walk.h"

enum token_type { T_NAMESPACE, T_METHOD, T_FUNCTION, T_VARIABLE, T_PARAMETER, T_LABEL, T_TYPE, T_PROPERTY, T_KEYWORD };
static const char *const type_names[] = {"namespace", "method", "function", "variable", "parameter",
                                         "label", "type", "property", "keyword"};
enum token_mod { M_DECLARATION = 1, M_READONLY = 2, M_REFINED = 4 };
static const char *const mod_names[] = {"declaration", "readonly", "refined"};

cJSON *ms_semantic_provider(void) {
  cJSON *p = cJSON_CreateObject();
  cJSON *legend = cJSON_AddObjectToObject(p, "legend");
  cJSON *types = cJSON_AddArrayToObject(legend, "tokenTypes");
  for (size_t i = 0; i < sizeof type_names / sizeof *type_names; i++)
    cJSON_AddItemToArray(types, cJSON_CreateString(type_names[i]));
  cJSON *mods = cJSON_AddArrayToObject(legend, "tokenModifiers");
  for (size_t i = 0; i < sizeof mod_names / sizeof *mod_names; i++)
    cJSON_AddItemToArray(mods, cJSON_CreateString(mod_names[i]));
  cJSON_AddTrueToObject(p, "range");
  cJSON *full = cJSON_AddObjectToObject(p, "full");
  cJSON_AddTrueToObject(full, "delta");
  return p;
}

typedef struct token {
  uint32_t start, end;
  uint8_t type, mods;
  bool value; /* modifiers still to be resolved through facts.h */
} token;

typedef struct token_list {
  token *items;
  size_t n, cap;
  const char *text;
  uint32_t lo, hi;
} token_list;

static void add(token_list *l, uint32_t start, uint32_t end, int type, int mods) {
  if (end <= start || end <= l->lo || start >= l->hi) return;
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 256;
    l->items = ms_xrealloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->n++] = (token){start, end, (uint8_t)type, (uint8_t)mods, false};
}

static bool is(TSNode n, const char *type) { return !strcmp(ts_node_type(n), type); }

/* `dialect.op`: namespace then method; no dot: method only. */
static void add_op_name(token_list *l, uint32_t s, uint32_t e) {
  const char *dot = memchr(l->text + s, '.', e - s);
  if (dot) {
    uint32_t d = (uint32_t)(dot - l->text);
    add(l, s, d, T_NAMESPACE, 0);
    add(l, d + 1, e, T_METHOD, 0);
  } else {
    add(l, s, e, T_METHOD, 0);
  }
}

static bool enter(void *ctx, TSNode n, uint32_t depth) {
  token_list *l = ctx;
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (depth > 0 && (e <= l->lo || s >= l->hi)) return false;
  const char *type = ts_node_type(n);
  if (!ts_node_is_named(n)) {
    TSNode parent = ts_node_parent(n);
    if (is(parent, "func_operation") || is(parent, "return_operation") || is(parent, "module_operation")) {
      if (strchr(type, '.') || !strcmp(type, "func") || !strcmp(type, "return")) add_op_name(l, s, e);
      else if (!strcmp(type, "module") || !strcmp(type, "attributes")) add(l, s, e, T_KEYWORD, 0);
    }
    return false;
  }
  if (!strcmp(type, "op_name")) {
    if (e - s >= 2 && l->text[s] == '"') s++, e--;
    add_op_name(l, s, e);
    return false;
  }
  if (!strcmp(type, "value_use") || !strcmp(type, "op_result")) {
    add(l, s, e, T_VARIABLE, M_READONLY);
    if (l->n && l->items[l->n - 1].start == s) l->items[l->n - 1].value = true;
    return false;
  }
  if (!strcmp(type, "caret_id")) {
    add(l, s, e, T_LABEL, is(ts_node_parent(n), "block_label") ? M_DECLARATION : 0);
    return false;
  }
  if (!strcmp(type, "symbol_ref")) {
    TSNode parent = ts_node_parent(n);
    bool def = (is(parent, "func_operation") || is(parent, "module_operation")) &&
               ts_node_eq(ts_node_child_by_field_name(parent, "name", 4), n);
    add(l, s, e, T_FUNCTION, def ? M_DECLARATION : 0);
    return false;
  }
  if (!strcmp(type, "tensor_type") || !strcmp(type, "vector_type") || !strcmp(type, "memref_type") ||
      !strcmp(type, "complex_type") || !strcmp(type, "tuple_type") || !strcmp(type, "scalar_type") ||
      !strcmp(type, "dialect_type") || !strcmp(type, "type_alias")) {
    add(l, s, e, T_TYPE, 0);
    return false;
  }
  if (!strcmp(type, "attribute_entry")) {
    TSNode key = ts_node_child_by_field_name(n, "key", 3);
    if (!ts_node_is_null(key)) add(l, ts_node_start_byte(key), ts_node_end_byte(key), T_PROPERTY, 0);
    return true;
  }
  if (!strcmp(type, "bare_id") && is(ts_node_parent(n), "custom_braces")) {
    /* `{key = value}` of a pretty op: the key. */
    TSNode next = ts_node_next_sibling(n);
    if (!ts_node_is_null(next) && is(next, "=")) add(l, s, e, T_PROPERTY, 0);
    return false;
  }
  if (!strcmp(type, "visibility")) {
    add(l, s, e, T_KEYWORD, 0);
    return false;
  }
  if (!strcmp(type, "comment") || !strcmp(type, "string") || !strcmp(type, "number") ||
      !strcmp(type, "dense_attribute") || !strcmp(type, "location"))
    return false;
  return ts_node_child_count(n) > 0;
}

static int token_cmp(const void *a, const void *b) {
  const token *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

/* Values: parameter for arguments, declaration at definitions, refined
** where the inferred shape differs from the declared type. */
static void resolve_values(ms_session *s, token_list *l) {
  ms_value_facts facts = {0};
  ms_facts_values(s, l->lo, l->hi, &facts);
  ms_shape_facts *shapes = ms_facts_shapes(s);
  size_t k = 0;
  for (size_t i = 0; i < l->n; i++) {
    token *t = &l->items[i];
    if (!t->value) continue;
    while (k < facts.n && facts.items[k].start < t->start) k++;
    if (k >= facts.n || facts.items[k].start != t->start) continue;
    const ms_value_fact *f = &facts.items[k];
    if (!f->has_def) continue;
    if (f->is_def) t->mods |= M_DECLARATION;
    if (ms_facts_is_argument(s, f->def_start)) {
      t->type = T_PARAMETER;
    } else {
      bool differs = false;
      char inferred[8];
      if (ms_facts_inferred(shapes, f->def_start, inferred, sizeof inferred, &differs) && differs)
        t->mods |= M_REFINED;
    }
  }
  ms_shape_facts_free(shapes);
  ms_value_facts_free(&facts);
}

/* The encoded data of the tokens starting in [lo, hi). */
static uint32_t *encode(ms_session *s, uint32_t lo, uint32_t hi, ms_encoding enc, size_t *count) {
  ms_document *doc = ms_session_document(s);
  token_list l = {NULL, 0, 0, ms_document_text(doc, NULL), lo, hi};
  size_t ntrees = ms_session_trees(s, NULL, 0);
  TSTree **trees = ms_xrealloc(NULL, (ntrees ? ntrees : 1) * sizeof *trees);
  ms_session_trees(s, trees, ntrees);
  ms_walk_visitor v = {enter, NULL};
  for (size_t i = 0; i < ntrees; i++) ms_walk(ts_tree_root_node(trees[i]), &v, &l);
  free(trees);
  if (l.n > 1) qsort(l.items, l.n, sizeof *l.items, token_cmp);
  resolve_values(s, &l);
  uint32_t *data = ms_xrealloc(NULL, (l.n ? l.n : 1) * 5 * sizeof *data);
  size_t n = 0;
  uint32_t prev_line = 0, prev_char = 0, prev_end = 0;
  for (size_t i = 0; i < l.n; i++) {
    const token *t = &l.items[i];
    if (t->start < prev_end) continue; /* overlapping: keep the first */
    ms_position a = ms_document_position(doc, t->start, enc), b = ms_document_position(doc, t->end, enc);
    if (a.line != b.line || b.character <= a.character) continue;
    data[n++] = a.line - prev_line;
    data[n++] = a.line == prev_line ? a.character - prev_char : a.character;
    data[n++] = b.character - a.character;
    data[n++] = t->type;
    data[n++] = t->mods;
    prev_line = a.line;
    prev_char = a.character;
    prev_end = t->end;
  }
  free(l.items);
  *count = n;
  return data;
}

static cJSON *data_json(const uint32_t *data, size_t n) {
  cJSON *arr = cJSON_CreateArray();
  for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(arr, cJSON_CreateNumber(data[i]));
  return arr;
}

static unsigned long next_result_id(void) {
  static unsigned long counter;
  return ++counter;
}

static void remember(ms_semantic_cache *cache, uint32_t *data, size_t n, char *id, size_t idn) {
  free(cache->data);
  cache->data = data;
  cache->n = n;
  cache->result_id = next_result_id();
  snprintf(id, idn, "%lu", cache->result_id);
}

cJSON *ms_semantic_full(ms_session *s, ms_semantic_cache *cache, const cJSON *params, ms_encoding enc) {
  (void)params;
  size_t n;
  uint32_t *data = encode(s, 0, UINT32_MAX, enc, &n);
  cJSON *out = cJSON_CreateObject();
  char id[32];
  remember(cache, data, n, id, sizeof id);
  cJSON_AddStringToObject(out, "resultId", id);
  cJSON_AddItemToObject(out, "data", data_json(data, n));
  return out;
}

cJSON *ms_semantic_delta(ms_session *s, ms_semantic_cache *cache, const cJSON *params, ms_encoding enc) {
  const cJSON *prev = cJSON_GetObjectItemCaseSensitive(params, "previousResultId");
  char want[32];
  snprintf(want, sizeof want, "%lu", cache->result_id);
  if (!cache->result_id || !cJSON_IsString(prev) || strcmp(prev->valuestring, want))
    return ms_semantic_full(s, cache, params, enc);
  size_t n;
  uint32_t *data = encode(s, 0, UINT32_MAX, enc, &n);
  /* One edit: the middle between the common prefix and suffix. */
  size_t pre = 0, old = cache->n;
  while (pre < n && pre < old && data[pre] == cache->data[pre]) pre++;
  size_t suf = 0;
  while (suf < n - pre && suf < old - pre && data[n - 1 - suf] == cache->data[old - 1 - suf]) suf++;
  cJSON *out = cJSON_CreateObject();
  cJSON *edits = cJSON_CreateArray();
  if (pre != n || n != old) {
    cJSON *edit = cJSON_CreateObject();
    cJSON_AddNumberToObject(edit, "start", (double)pre);
    cJSON_AddNumberToObject(edit, "deleteCount", (double)(old - pre - suf));
    cJSON_AddItemToObject(edit, "data", data_json(data + pre, n - pre - suf));
    cJSON_AddItemToArray(edits, edit);
  }
  char id[32];
  remember(cache, data, n, id, sizeof id);
  cJSON_AddStringToObject(out, "resultId", id);
  cJSON_AddItemToObject(out, "edits", edits);
  return out;
}

cJSON *ms_semantic_range(ms_session *s, const cJSON *params, ms_encoding enc) {
  const cJSON *range = cJSON_GetObjectItemCaseSensitive(params, "range");
  ms_position a, b;
  uint32_t lo = 0, hi = UINT32_MAX;
  if (ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "start"), &a) &&
      ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "end"), &b)) {
    lo = (uint32_t)ms_document_offset(ms_session_document(s), a, enc);
    hi = (uint32_t)ms_document_offset(ms_session_document(s), b, enc);
  }
  size_t n;
  uint32_t *data = encode(s, lo, hi > lo ? hi : lo + 1, enc, &n);
  cJSON *out = cJSON_CreateObject();
  cJSON_AddItemToObject(out, "data", data_json(data, n));
  free(data);
  return out;
}

void ms_semantic_cache_free(ms_semantic_cache *cache) {
  free(cache->data);
  memset(cache, 0, sizeof *cache);
}
