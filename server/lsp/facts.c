/*
** facts.c: the analysis as the newer language features read it (facts.h).
*/
#include "facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "ssa.h"
#include "walk.h"

/* ------------------------------------------------------------------ */
/* Values                                                              */

typedef struct value_ctx {
  ms_value_facts *out;
  uint32_t lo, hi;
} value_ctx;

static void add_value(void *ctx, uint32_t start, uint32_t end, const ms_ssa_def *def) {
  value_ctx *c = ctx;
  if (start < c->lo || start >= c->hi) return;
  ms_value_facts *f = c->out;
  /* A unit's walk may report an occurrence twice (definition and use at
  ** the same token); keep one. */
  if (f->n && f->items[f->n - 1].start == start && f->items[f->n - 1].end == end) return;
  ms_value_fact *v = MS_ARRAY_PUSH(f->items, f->n, f->cap);
  memset(v, 0, sizeof *v);
  v->start = start;
  v->end = end;
  if (def) {
    v->has_def = true;
    v->def_start = def->def.start;
    v->def_end = def->def.end;
    v->type_start = def->type.start;
    v->type_end = def->type.end;
    v->is_def = def->def.start == start;
  }
}

static int by_start(const void *a, const void *b) {
  const ms_value_fact *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

typedef struct values_walk {
  value_ctx c;
  const char *text;
  TSNode *units;
  size_t cap;
} values_walk;

/* The tree's units in one pass over the module's children (a lookup per
** unit would scan them again for each). */
static void tree_values(void *ctx, TSTree *tree) {
  values_walk *w = ctx;
  TSNode root = ts_tree_root_node(tree);
  size_t n = ms_analyzer_units(root, w->text, w->units, w->cap);
  if (n > w->cap) {
    w->cap = n;
    w->units = ms_xrealloc(w->units, w->cap * sizeof *w->units);
    n = ms_analyzer_units(root, w->text, w->units, w->cap);
  }
  for (size_t i = 0; i < n; i++)
    if (ts_node_end_byte(w->units[i]) > w->c.lo && ts_node_start_byte(w->units[i]) < w->c.hi)
      ms_analyze_values(w->units[i], w->text, add_value, &w->c);
}

void ms_facts_values(ms_session *s, uint32_t start, uint32_t end, ms_value_facts *out) {
  values_walk w = {{out, start, end}, ms_document_text(ms_session_document(s), NULL), NULL, 0};
  ms_session_each_tree(s, start, end, tree_values, &w);
  free(w.units);
  if (out->n > 1) qsort(out->items, out->n, sizeof *out->items, by_start);
}

void ms_value_facts_free(ms_value_facts *f) {
  free(f->items);
  memset(f, 0, sizeof *f);
}

long ms_value_facts_at(const ms_value_facts *f, uint32_t pos) {
  long after = -1;
  for (size_t i = 0; i < f->n; i++) {
    if (f->items[i].start <= pos && pos < f->items[i].end) return (long)i;
    if (f->items[i].end == pos) after = (long)i;
  }
  return after;
}

static bool is(TSNode n, const char *type) { return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type); }

typedef struct def_walk {
  ms_def_infos *out;
  const char *text;
  uint32_t lo, hi;
  TSNode parent;               /* of an op_result_list: the op entered last */
} def_walk;

static void add_def(def_walk *w, uint32_t start, bool arg, uint32_t ns, uint32_t ne) {
  if (start < w->lo || start >= w->hi) return;
  ms_def_infos *d = w->out;
  *MS_ARRAY_PUSH(d->items, d->n, d->cap) = (ms_def_info){start, arg, ns, ne};
}

static bool enter_def(void *ctx, TSNode n, uint32_t depth) {
  def_walk *w = ctx;
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (depth > 0 && (e <= w->lo || s >= w->hi)) return false;
  if (depth > 0 && !ts_node_is_named(n)) return false;
  const char *t = ts_node_type(n);
  bool op = !strcmp(t, "generic_operation") || !strcmp(t, "custom_operation");
  if (op) w->parent = n; /* op_result_list is an op's first child */
  if (!strcmp(t, "block_argument")) {
    TSNode v = ts_node_named_child(n, 0);
    if (is(v, "value_use")) add_def(w, ts_node_start_byte(v), true, 0, 0);
    return false;
  }
  if (!strcmp(t, "op_result_list")) {
    TSNode name = ts_node_child_by_field_name(w->parent, "name", 4);
    uint32_t a = 0, b = 0;
    if (!ts_node_is_null(name)) {
      a = ts_node_start_byte(name), b = ts_node_end_byte(name);
      if (b - a >= 2 && w->text[a] == '"') a++, b--;
    }
    uint32_t k = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < k; i++) {
      TSNode r = ts_node_named_child(n, i);
      if (is(r, "op_result")) add_def(w, ts_node_start_byte(r), false, a, b);
    }
    return false;
  }
  /* Types, attributes and other tokens hold no definitions. */
  if (!strcmp(t, "attribute_dictionary") || !strcmp(t, "properties") || !strcmp(t, "function_type") ||
      !strcmp(t, "location") || !strcmp(t, "function_results"))
    return false;
  return ts_node_child_count(n) > 0;
}

static int def_cmp(const void *a, const void *b) {
  const ms_def_info *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start;
}

static void walk_defs(void *ctx, TSTree *tree) {
  ms_walk_visitor v = {enter_def, NULL};
  ms_walk(ts_tree_root_node(tree), &v, ctx);
}

void ms_facts_definitions(ms_session *s, uint32_t start, uint32_t end, ms_def_infos *out) {
  def_walk w;
  memset(&w, 0, sizeof w);
  w.out = out;
  w.text = ms_document_text(ms_session_document(s), NULL);
  w.lo = start;
  w.hi = end;
  ms_session_each_tree(s, start, end, walk_defs, &w);
  if (out->n > 1) qsort(out->items, out->n, sizeof *out->items, def_cmp);
}

void ms_def_infos_free(ms_def_infos *d) {
  free(d->items);
  memset(d, 0, sizeof *d);
}

const ms_def_info *ms_def_infos_find(const ms_def_infos *d, uint32_t def_start) {
  size_t lo = 0, hi = d->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (d->items[mid].start < def_start) lo = mid + 1;
    else hi = mid;
  }
  return lo < d->n && d->items[lo].start == def_start ? &d->items[lo] : NULL;
}

/* ------------------------------------------------------------------ */
/* Shapes                                                              */

typedef struct shape_fact {
  uint32_t results_start, results_end; /* the value's definition token */
  bool differs;
  char inferred[160];
} shape_fact;

struct ms_shape_facts {
  shape_fact *items;
  size_t n, cap;
  uint32_t start, end;             /* the definitions asked for */
};

/* Every refined value of a unit (the value table's inferred types), at
** absolute offsets; units come in text order, values in text order within
** a unit, so the facts stay sorted. */
static void add_unit_values(void *ctx, const ms_unit_view *u) {
  ms_shape_facts *f = ctx;
  const ms_analysis *a = u->analysis;
  for (size_t v = 0; a && v < a->rec.nvalues; v++) {
    const char *t = ms_analysis_inferred(a, (uint32_t)v);
    uint32_t at = a->rec.values[v].def.start + u->start;
    if (!t || at < f->start || at >= f->end) continue;
    shape_fact *x = MS_ARRAY_PUSH(f->items, f->n, f->cap);
    x->results_start = at;
    x->results_end = a->rec.values[v].def.end + u->start;
    x->differs = true;
    snprintf(x->inferred, sizeof x->inferred, "%s", t);
  }
}

static int by_fact_start(const void *a, const void *b) {
  uint32_t x = ((const shape_fact *)a)->results_start, y = ((const shape_fact *)b)->results_start;
  return x < y ? -1 : x > y;
}

ms_shape_facts *ms_facts_shapes(ms_session *s, uint32_t start, uint32_t end) {
  ms_shape_facts *f = ms_xcalloc(1, sizeof *f);
  f->start = start;
  f->end = end;
  ms_session_each_unit(s, add_unit_values, f);
  if (f->n > 1) qsort(f->items, f->n, sizeof *f->items, by_fact_start);
  return f;
}

void ms_shape_facts_free(ms_shape_facts *f) {
  if (!f) return;
  free(f->items);
  free(f);
}

bool ms_facts_inferred(const ms_shape_facts *f, uint32_t def_start, char *out, size_t n, bool *differs) {
  if (n) out[0] = 0;
  if (differs) *differs = false;
  /* Facts are sorted by their definition token: binary search it. */
  size_t lo = 0, hi = f->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (f->items[mid].results_end <= def_start) lo = mid + 1;
    else hi = mid;
  }
  for (size_t i = lo; i < f->n && f->items[i].results_start <= def_start; i++) {
    const shape_fact *x = &f->items[i];
    if (x->results_start <= def_start && def_start < x->results_end) {
      snprintf(out, n, "%s", x->inferred);
      if (differs) *differs = x->differs;
      return true;
    }
  }
  return false;
}
