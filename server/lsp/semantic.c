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
#include "nodes.h"
#include "queries.h"
#include "alloc.h"
#include "walk.h"

enum token_type { T_NAMESPACE, T_METHOD, T_FUNCTION, T_VARIABLE, T_PARAMETER, T_LABEL, T_TYPE, T_PROPERTY, T_KEYWORD };
static const char *const type_names[] = {"namespace", "method", "function", "variable", "parameter",
                                         "label", "type", "property", "keyword"};
enum token_mod { M_DECLARATION = 1, M_READONLY = 2, M_REFINED = 4 };
enum value_kind { V_NONE, V_USE, V_RESULT, V_ARGUMENT };
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
  uint8_t value; /* 0: not a value; V_USE, V_RESULT, V_ARGUMENT: resolved later */
} token;

typedef struct token_list {
  token *items;
  size_t n, cap;
  const char *text;
  uint32_t lo, hi;
  /* The walk's path: parents without ts_node_parent (which searches down
  ** from the root, a scan of a big module's children each time). */
  TSNode *path;
  uint32_t npath;
} token_list;

static void add(token_list *l, uint32_t start, uint32_t end, int type, int mods) {
  if (end <= start || end <= l->lo || start >= l->hi) return;
  *MS_ARRAY_PUSH(l->items, l->n, l->cap) = (token){start, end, (uint8_t)type, (uint8_t)mods, V_NONE};
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

static TSNode parent_of(token_list *l, uint32_t depth) { return depth ? l->path[depth - 1] : (TSNode){0}; }

static bool is_null_or(TSNode n, const char *type) { return !ts_node_is_null(n) && is(n, type); }

static bool enter(void *ctx, TSNode n, uint32_t depth) {
  token_list *l = ctx;
  if (depth >= l->npath) {
    l->npath = depth + 64;
    l->path = ms_xrealloc(l->path, l->npath * sizeof *l->path);
  }
  l->path[depth] = n;
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (depth > 0 && (e <= l->lo || s >= l->hi)) return false;
  const char *type = ts_node_type(n);
  if (!ts_node_is_named(n)) {
    TSNode parent = parent_of(l, depth);
    if (ts_node_is_null(parent)) return false;
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
    TSNode parent = parent_of(l, depth);
    int kind = !strcmp(type, "op_result") && is_null_or(parent, "op_result_list") ? V_RESULT
               : is_null_or(parent, "block_argument")                              ? V_ARGUMENT
                                                                                   : V_USE;
    if (l->n && l->items[l->n - 1].start == s) l->items[l->n - 1].value = (uint8_t)kind;
    return false;
  }
  if (!strcmp(type, "value_run")) { /* a generic op's operands, one token */
    uint32_t at = s, vs, ve;
    while (at < l->hi && ms_value_run_next(l->text, &at, e, &vs, &ve)) {
      add(l, vs, ve, T_VARIABLE, M_READONLY);
      if (l->n && l->items[l->n - 1].start == vs) l->items[l->n - 1].value = V_USE;
    }
    return false;
  }
  if (!strcmp(type, "type_run")) { /* eight or more types of a function type, one token */
    uint32_t at = s, ts, te;
    while (at < l->hi && ms_type_run_next(l->text, &at, e, &ts, &te)) add(l, ts, te, T_TYPE, 0);
    return false;
  }
  if (!strcmp(type, "caret_id")) {
    add(l, s, e, T_LABEL, is_null_or(parent_of(l, depth), "block_label") ? M_DECLARATION : 0);
    return false;
  }
  if (!strcmp(type, "symbol_ref")) {
    TSNode parent = parent_of(l, depth);
    bool def = (is_null_or(parent, "func_operation") || is_null_or(parent, "module_operation")) &&
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
  if (!strcmp(type, "bare_id") && is_null_or(parent_of(l, depth), "custom_braces")) {
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

/* A value's name: `%x` of `%x#1` and of `%x:2`. */
static size_t value_name_len(const char *text, const token *t) {
  size_t n = t->end - t->start;
  for (size_t i = 1; i < n; i++)
    if (text[t->start + i] == '#' || text[t->start + i] == ':') return i;
  return n;
}

/* Name -> definition token of one unit: open addressing, cleared per unit. */
typedef struct name_table {
  struct slot {
    uint32_t gen;
    uint32_t token;          /* index of the definition's token */
  } *slots;
  size_t cap;
  uint32_t gen;
} name_table;

static uint64_t hash_name(const char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 0x100000001b3ULL;
  return h;
}

static struct slot *lookup(name_table *t, const token_list *l, const token *key, bool insert) {
  size_t n = value_name_len(l->text, key);
  size_t mask = t->cap - 1, i = (size_t)hash_name(l->text + key->start, n) & mask;
  for (;; i = (i + 1) & mask) {
    struct slot *s = &t->slots[i];
    if (s->gen != t->gen) return insert ? s : NULL;
    const token *d = &l->items[s->token];
    if (value_name_len(l->text, d) == n && !memcmp(l->text + d->start, l->text + key->start, n)) return s;
  }
}

/* Values: a definition is `declaration`, an argument (and its uses) a
** `parameter`, an op result whose inferred shape differs from its declared
** type (and its uses) `refined`. Names resolve per unit (a function:
** IsolatedFromAbove; MLIR forbids redefining a name in nested regions),
** definitions first, so a use before its definition (a branch back to an
** earlier block) resolves too. */
static void resolve_values(ms_session *s, token_list *l, const uint32_t *unit_bounds, size_t nunits) {
  ms_shape_facts *shapes = ms_facts_shapes(s, l->lo, l->hi);
  name_table t = {NULL, 0, 0};
  size_t i = 0;
  for (size_t u = 0; u < nunits && i < l->n; u++) {
    uint32_t us = unit_bounds[2 * u], ue = unit_bounds[2 * u + 1];
    while (i < l->n && l->items[i].start < us) i++;
    size_t first = i, ndefs = 0;
    while (i < l->n && l->items[i].start < ue) ndefs += l->items[i++].value >= V_RESULT;
    if (ndefs == 0) continue;
    size_t want = 16;
    while (want < 2 * ndefs) want *= 2;
    if (want > t.cap) {
      free(t.slots);
      t.slots = ms_xcalloc(want, sizeof *t.slots);
      if (!t.slots) abort();
      t.cap = want;
      t.gen = 0;
    }
    t.gen++;
    for (size_t k = first; k < i; k++) {
      token *d = &l->items[k];
      if (d->value < V_RESULT) continue;
      d->mods |= M_DECLARATION;
      if (d->value == V_ARGUMENT) {
        d->type = T_PARAMETER;
      } else {
        bool differs = false;
        char inferred[8];
        if (ms_facts_inferred(shapes, d->start, inferred, sizeof inferred, &differs) && differs) d->mods |= M_REFINED;
      }
      struct slot *sl = lookup(&t, l, d, true);
      sl->gen = t.gen;
      sl->token = (uint32_t)k;
    }
    for (size_t k = first; k < i; k++) {
      token *use = &l->items[k];
      if (use->value != V_USE) continue;
      struct slot *sl = lookup(&t, l, use, false);
      if (!sl) continue;
      const token *d = &l->items[sl->token];
      use->type = d->type;
      use->mods |= d->mods & M_REFINED;
    }
  }
  free(t.slots);
  ms_shape_facts_free(shapes);
}

static int bounds_cmp(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

typedef struct unit_bounds {
  uint32_t *bounds;          /* start, end of each unit */
  size_t n, cap;
  token_list *l;             /* lo and hi grow to the units' bounds */
  uint32_t lo, hi;           /* the range asked for */
} unit_bounds;

static void add_bounds(void *ctx, const ms_unit_view *u) {
  unit_bounds *b = ctx;
  token_list *l = b->l;
  if (u->end <= b->lo || u->start >= b->hi) return;
  b->bounds = ms_array_reserve(b->bounds, 2 * b->n + 2, &b->cap, sizeof *b->bounds);
  b->bounds[2 * b->n] = u->start;
  b->bounds[2 * b->n + 1] = u->end;
  b->n++;
  if (u->start < l->lo) l->lo = u->start;
  if (u->end > l->hi) l->hi = u->end;
}

static void walk_tokens(void *ctx, TSTree *tree) {
  ms_walk_visitor v = {enter, NULL};
  ms_walk(ts_tree_root_node(tree), &v, ctx);
}

/* The encoded data of the tokens starting in [lo, hi). */
static uint32_t *encode(ms_session *s, uint32_t lo, uint32_t hi, ms_encoding enc, size_t *count) {
  ms_document *doc = ms_session_document(s);
  token_list l = {NULL, 0, 0, ms_document_text(doc, NULL), lo, hi, NULL, 0};
  /* The units (top-level ops) touching the range, as byte ranges, from
  ** the session (no tree needed); a range request resolves names over the
  ** whole units it touches. */
  unit_bounds ub = {NULL, 0, 0, &l, lo, hi};
  ms_session_each_unit(s, add_bounds, &ub);
  ms_session_each_tree(s, l.lo, l.hi, walk_tokens, &l);
  free(l.path);
  if (l.n > 1) qsort(l.items, l.n, sizeof *l.items, token_cmp);
  if (ub.n > 1) qsort(ub.bounds, ub.n, 2 * sizeof *ub.bounds, bounds_cmp);
  resolve_values(s, &l, ub.bounds, ub.n);
  free(ub.bounds);
  uint32_t *data = ms_xrealloc(NULL, (l.n ? l.n : 1) * 5 * sizeof *data);
  size_t n = 0;
  uint32_t prev_line = 0, prev_char = 0, prev_end = 0;
  ms_position_cursor cur = {0}; /* tokens in text order: a long line is walked once */
  for (size_t i = 0; i < l.n; i++) {
    const token *t = &l.items[i];
    if (t->start < prev_end) continue; /* overlapping: keep the first */
    if (t->end <= lo || t->start >= hi) continue; /* resolved with the unit, outside the range */
    ms_position a = ms_document_position_next(doc, t->start, enc, &cur);
    ms_position b = ms_document_position_next(doc, t->end, enc, &cur);
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

/* The data array as raw JSON text: a big file has millions of numbers, and
** a cJSON item each would cost tens of bytes apiece. */
static cJSON *data_json(const uint32_t *data, size_t n) {
  char *buf = ms_xrealloc(NULL, n * 11 + 3), *w = buf;
  *w++ = '[';
  for (size_t i = 0; i < n; i++) w += sprintf(w, i ? ",%u" : "%u", data[i]);
  *w++ = ']';
  *w = 0;
  cJSON *raw = cJSON_CreateRaw(buf);
  free(buf);
  return raw;
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
