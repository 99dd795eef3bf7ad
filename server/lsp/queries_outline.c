/*
** queries_outline.c: the queries about the whole document's outline
** (queries.h): document symbols, nested as ops nest, and folding ranges of
** regions. Both walk each tree of the session once (through walk.h's
** cursor, never ts_node_child(i) loops, which are quadratic on long child
** lists); symbols are capped (MAX_SYMBOLS) so that a huge file cannot
** produce a response of hundreds of megabytes. The other queries, which
** work on the unit under the cursor, are in queries.c.
*/
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "queries.h"
#include "queries_int.h"
#include "symbols.h"
#include "walk.h"

/* Document symbols are capped so that a huge file cannot produce a
** response of hundreds of megabytes; the functions always come first. */
#define MAX_SYMBOLS 200000

/* ------------------------------------------------------------------ */
/* Document symbols                                                    */

enum { SYM_MODULE = 2, SYM_METHOD = 6, SYM_FUNCTION = 12 };

/* Symbols nest as ops do, down to this many levels; ops deeper still are
** listed flat among the children of the deepest symbol (a client walks the
** answer recursively, and so would cJSON printing it). */
#define MAX_SYMBOL_LEVELS 64

typedef struct symbol_ctx {
  ms_session *s;
  ms_encoding enc;
  const char *text;
  size_t count;
  /* Per depth of the walk: the array that ops found there go into, and
  ** how many symbols deep that array is. */
  struct symbol_level {
    cJSON *into;
    int level;
  } * levels;
  uint32_t nlevels;
} symbol_ctx;

static bool is_op(TSNode n) {
  return ms_node_is(n, "generic_operation") || ms_node_is(n, "custom_operation") || ms_node_is(n, "func_operation") ||
         ms_node_is(n, "module_operation") || ms_node_is(n, "return_operation");
}

/* The symbol's name, detail, kind and selection token of one op. */
static cJSON *op_symbol(symbol_ctx *c, TSNode op) {
  const char *text = c->text;
  char name[256] = "", detail[256] = "";
  int kind = SYM_METHOD;
  TSNode sel = ts_node_child_by_field_name(op, "name", 4);
  TSNode sym = ms_symbol_def_name(text, op);
  bool is_module = ms_node_is(op, "module_operation") || ms_generic_named(text, op, "builtin.module");
  bool is_func = ms_node_is(op, "func_operation") || ms_generic_named(text, op, "func.func");
  if (is_module || is_func) {
    kind = is_module ? SYM_MODULE : SYM_FUNCTION;
    if (!ts_node_is_null(sym)) {
      ms_symbol_name sn = ms_symbol_of(text, ts_node_start_byte(sym), ts_node_end_byte(sym));
      snprintf(name, sizeof name, "@%.*s", (int)sn.n, sn.p);
      sel = sym;
    } else {
      snprintf(name, sizeof name, "%s", is_module ? "module" : "func");
    }
    snprintf(detail, sizeof detail, "%s", is_module ? "module" : "func.func");
  } else if (ms_node_is(op, "return_operation")) {
    uint32_t s = ts_node_start_byte(op);
    uint32_t e = s;
    while (text[e] && text[e] != ' ' && text[e] != '\n' && e - s < 64) e++;
    snprintf(name, sizeof name, "%.*s", (int)(e - s), text + s);
    sel = (TSNode){0};
  } else if (!ts_node_is_null(sel)) {
    ms_symbol_name n = ms_symbol_of(text, ts_node_start_byte(sel), ts_node_end_byte(sel));
    snprintf(name, sizeof name, "%.*s", (int)n.n, n.p);
    TSNode results = ts_node_named_child(op, 0);
    if (ms_node_is(results, "op_result_list")) {
      uint32_t s = ts_node_start_byte(results), e = ts_node_end_byte(results);
      while (e > s && (text[e - 1] == '=' || text[e - 1] == ' ')) e--;
      snprintf(detail, sizeof detail, "%.*s", (int)(e - s), text + s);
    }
  }
  if (!name[0]) return NULL;
  uint32_t os = ts_node_start_byte(op), oe = ts_node_end_byte(op);
  while (oe > os && (text[oe - 1] == '\n' || text[oe - 1] == ' ' || text[oe - 1] == '\r')) oe--;
  uint32_t ss = ts_node_is_null(sel) ? os : ts_node_start_byte(sel);
  uint32_t se = ts_node_is_null(sel) ? (uint32_t)(os + strlen(name)) : ts_node_end_byte(sel);
  if (se > oe) se = oe;
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "name", name);
  if (detail[0]) cJSON_AddStringToObject(o, "detail", detail);
  cJSON_AddNumberToObject(o, "kind", kind);
  cJSON_AddItemToObject(o, "range", ms_feature_range(c->s, os, oe, c->enc));
  cJSON_AddItemToObject(o, "selectionRange", ms_feature_range(c->s, ss, se, c->enc));
  cJSON_AddArrayToObject(o, "children");
  return o;
}

static struct symbol_level *level_at(symbol_ctx *c, uint32_t depth) {
  if (depth >= c->nlevels) {
    c->nlevels = depth + 64;
    c->levels = ms_xrealloc(c->levels, c->nlevels * sizeof *c->levels);
  }
  return &c->levels[depth];
}

/* The ops nested in node (through regions, blocks and region lists, and
** the ERROR nodes a broken file leaves), in order, each under its op. */
static bool enter_symbol_node(void *ctx, TSNode n, uint32_t depth) {
  symbol_ctx *c = ctx;
  struct symbol_level *here = level_at(c, depth);
  if (depth == 0) return true;
  const struct symbol_level *up = &c->levels[depth - 1];
  *here = *up;
  if (!ts_node_is_named(n) && !ts_node_is_missing(n)) return false;
  if (is_op(n)) {
    if (c->count >= MAX_SYMBOLS) return false;
    c->count++;
    cJSON *sym = op_symbol(c, n);
    if (!sym) return false;
    cJSON_AddItemToArray(up->into, sym);
    if (up->level + 1 < MAX_SYMBOL_LEVELS) {
      here->into = cJSON_GetObjectItemCaseSensitive(sym, "children");
      here->level = up->level + 1;
    }
    return true;
  }
  return ms_node_is(n, "region") || ms_node_is(n, "region_list") || ms_node_is(n, "block") || ms_node_is(n, "ERROR");
}

static void walk_symbol_children(symbol_ctx *c, TSNode node, cJSON *into) {
  *level_at(c, 0) = (struct symbol_level){into, 0};
  ms_walk_visitor v = {enter_symbol_node, NULL};
  ms_walk(node, &v, c);
}

/* A symbol's range as byte offsets, read back through the document. */
static void symbol_span(symbol_ctx *c, const cJSON *sym, size_t *start, size_t *end) {
  const cJSON *range = cJSON_GetObjectItemCaseSensitive(sym, "range");
  ms_position a = {0, 0}, b = {0, 0};
  ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "start"), &a);
  ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "end"), &b);
  ms_document *doc = ms_session_document(c->s);
  *start = ms_document_offset(doc, a, c->enc);
  *end = ms_document_offset(doc, b, c->enc);
}

typedef struct placed {
  size_t start;
  cJSON *sym;
} placed;

static int by_start(const void *x, const void *y) {
  size_t a = ((const placed *)x)->start, b = ((const placed *)y)->start;
  return a < b ? -1 : a > b;
}

/* A chunked document: the first tree holds the lines outside the chunks
** (the module's own first and last lines, ops beside it), the others the
** ops in between. Each of those goes into the symbol of the first tree
** that encloses it, else to the top level, in document order: the answer
** is the one an unchunked document gets. */
static void place_chunk_symbols(symbol_ctx *c, cJSON *out, cJSON *body) {
  size_t ntop = (size_t)cJSON_GetArraySize(out), nbody = (size_t)cJSON_GetArraySize(body);
  placed *top = ms_xrealloc(NULL, (ntop + nbody + 1) * sizeof *top);
  size_t *top_end = ms_xrealloc(NULL, (ntop + 1) * sizeof *top_end);
  for (size_t i = 0; i < ntop; i++) {
    top[i].sym = cJSON_DetachItemFromArray(out, 0);
    symbol_span(c, top[i].sym, &top[i].start, &top_end[i]);
  }
  size_t n = ntop, k = 0;
  while (cJSON_GetArraySize(body) > 0) {
    cJSON *sym = cJSON_DetachItemFromArray(body, 0);
    size_t start, end;
    symbol_span(c, sym, &start, &end);
    while (k < ntop && top_end[k] < start) k++; /* both lists are in text order */
    if (k < ntop && top[k].start <= start && end <= top_end[k])
      cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(top[k].sym, "children"), sym);
    else
      top[n++] = (placed){start, sym};
  }
  qsort(top, n, sizeof *top, by_start);
  for (size_t i = 0; i < n; i++) cJSON_AddItemToArray(out, top[i].sym);
  free(top);
  free(top_end);
}

/* The first tree (the module's own lines, or the whole document) gives the
** top level; the chunks' trees give the module's body. */
typedef struct symbols_walk {
  symbol_ctx *c;
  cJSON *out, *body;
  size_t ntrees;
} symbols_walk;

static void tree_document_symbols(void *ctx, TSTree *tree) {
  symbols_walk *w = ctx;
  walk_symbol_children(w->c, ts_tree_root_node(tree), w->ntrees++ ? w->body : w->out);
}

cJSON *ms_feature_document_symbols(ms_session *s, const cJSON *params, ms_encoding enc) {
  (void)params;
  symbol_ctx c = {s, enc, ms_document_text(ms_session_document(s), NULL), 0, NULL, 0};
  symbols_walk w = {&c, cJSON_CreateArray(), cJSON_CreateArray(), 0};
  ms_session_each_tree(s, 0, UINT32_MAX, tree_document_symbols, &w);
  if (w.ntrees > 1) place_chunk_symbols(&c, w.out, w.body);
  cJSON_Delete(w.body);
  cJSON *out = w.out;
  free(c.levels);
  return ms_chunk_symbols(s, out, enc); /* split test files: one symbol per `// -----` chunk */
}

/* ------------------------------------------------------------------ */
/* Folding ranges                                                      */

typedef struct fold_ctx {
  ms_session *s;
  cJSON *out;
} fold_ctx;

static void add_fold(fold_ctx *f, TSNode n) {
  uint32_t first = ts_node_start_point(n).row, last = ts_node_end_point(n).row;
  if (last <= first) return;
  /* Keep the closing line visible when there is something to hide. */
  uint32_t end = last - 1 > first ? last - 1 : last;
  cJSON *r = cJSON_CreateObject();
  cJSON_AddNumberToObject(r, "startLine", first);
  cJSON_AddNumberToObject(r, "endLine", end);
  cJSON_AddStringToObject(r, "kind", "region");
  cJSON_AddItemToArray(f->out, r);
}

/* Only nodes that can contain a region are entered: ops, their region
** lists, regions and blocks (types and attributes are single tokens). */
static bool enter_fold(void *ctx, TSNode n, uint32_t depth) {
  if (depth == 0) return true;
  if (!ts_node_is_named(n)) return false;
  bool region = ms_node_is(n, "region"), meta = ms_node_is(n, "file_metadata");
  if (region || meta) add_fold(ctx, n);
  return region || is_op(n) || ms_node_is(n, "region_list") || ms_node_is(n, "block") || ms_node_is(n, "ERROR");
}

static void walk_folds(fold_ctx *f, TSNode node) {
  ms_walk_visitor v = {enter_fold, NULL};
  ms_walk(node, &v, f);
}

static void tree_folds(void *ctx, TSTree *tree) { walk_folds(ctx, ts_tree_root_node(tree)); }

cJSON *ms_feature_folding_ranges(ms_session *s, const cJSON *params, ms_encoding enc) {
  (void)params;
  (void)enc;
  fold_ctx f = {s, cJSON_CreateArray()};
  ms_session_each_tree(s, 0, UINT32_MAX, tree_folds, &f);
  return f.out;
}
