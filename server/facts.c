/*
** facts.c: the analysis as the newer language features read it (facts.h).
*/
#include "facts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memory.h"
#include "ssa.h"

/* ------------------------------------------------------------------ */
/* Values                                                              */

typedef struct unit_range {
  uint32_t start, end;
} unit_range;

typedef struct unit_ranges {
  unit_range *items;
  size_t n, cap;
  uint32_t lo, hi;
} unit_ranges;

static void collect_unit(void *ctx, const ms_unit_view *u) {
  unit_ranges *l = ctx;
  if (u->end < l->lo || u->start > l->hi) return;
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 32;
    l->items = ms_xrealloc(l->items, l->cap * sizeof *l->items);
  }
  l->items[l->n++] = (unit_range){u->start, u->end};
}

/* The tree node spanning exactly a unit. */
static bool unit_node(ms_session *s, uint32_t us, uint32_t ue, TSNode *out) {
  TSTree *tree = ms_session_tree_at(s, us);
  if (!tree) return false;
  TSNode n = ts_node_descendant_for_byte_range(ts_tree_root_node(tree), us, ue);
  while (!ts_node_is_null(n) && (ts_node_start_byte(n) > us || ts_node_end_byte(n) < ue)) n = ts_node_parent(n);
  if (ts_node_is_null(n)) return false;
  *out = n;
  return true;
}

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
  if (f->n == f->cap) {
    f->cap = f->cap ? f->cap * 2 : 64;
    f->items = ms_xrealloc(f->items, f->cap * sizeof *f->items);
  }
  ms_value_fact *v = &f->items[f->n++];
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

void ms_facts_values(ms_session *s, uint32_t start, uint32_t end, ms_value_facts *out) {
  unit_ranges units = {NULL, 0, 0, start, end};
  ms_session_each_unit(s, collect_unit, &units);
  const char *text = ms_document_text(ms_session_document(s), NULL);
  value_ctx c = {out, start, end};
  for (size_t i = 0; i < units.n; i++) {
    TSNode unit;
    if (unit_node(s, units.items[i].start, units.items[i].end, &unit)) ms_analyze_values(unit, text, add_value, &c);
  }
  free(units.items);
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

static TSNode token_node(ms_session *s, uint32_t pos) {
  TSTree *tree = ms_session_tree_at(s, pos);
  if (!tree) return (TSNode){0};
  return ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), pos, pos + 1);
}

static bool is(TSNode n, const char *type) { return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type); }

bool ms_facts_is_argument(ms_session *s, uint32_t def_start) {
  TSNode n = token_node(s, def_start);
  return is(n, "value_use") && is(ts_node_parent(n), "block_argument");
}

bool ms_facts_producer(ms_session *s, uint32_t def_start, char *out, size_t n) {
  out[0] = 0;
  TSNode tok = token_node(s, def_start);
  if (!is(tok, "op_result") || !is(ts_node_parent(tok), "op_result_list")) return false;
  TSNode op = ts_node_parent(ts_node_parent(tok));
  TSNode name = ts_node_child_by_field_name(op, "name", 4);
  if (ts_node_is_null(name)) return false;
  const char *text = ms_document_text(ms_session_document(s), NULL);
  uint32_t a = ts_node_start_byte(name), b = ts_node_end_byte(name);
  if (b - a >= 2 && text[a] == '"' && text[b - 1] == '"') a++, b--;
  snprintf(out, n, "%.*s", (int)(b - a), text + a);
  return true;
}

/* ------------------------------------------------------------------ */
/* Shapes                                                              */

typedef struct shape_fact {
  uint32_t results_start, results_end; /* the op's result list: [op start, name start) */
  bool differs;
  char inferred[160];
} shape_fact;

struct ms_shape_facts {
  shape_fact *items;
  size_t n, cap;
};

static void add_inference(void *ctx, const ms_inference *inf) {
  ms_shape_facts *f = ctx;
  if (!inf->has_inferred || inf->name_start <= inf->op_start) return;
  if (f->n == f->cap) {
    f->cap = f->cap ? f->cap * 2 : 32;
    f->items = ms_xrealloc(f->items, f->cap * sizeof *f->items);
  }
  shape_fact *x = &f->items[f->n++];
  x->results_start = inf->op_start;
  x->results_end = inf->name_start;
  x->differs = inf->result_differs;
  snprintf(x->inferred, sizeof x->inferred, "%s", inf->inferred);
}

ms_shape_facts *ms_facts_shapes(ms_session *s) {
  ms_shape_facts *f = calloc(1, sizeof *f);
  if (!f) abort();
  ms_session_inferences(s, 0, UINT32_MAX, add_inference, f);
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
  /* Inferences come in text order: binary search the op whose result
  ** list holds def_start. */
  size_t lo = 0, hi = f->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (f->items[mid].results_end <= def_start) lo = mid + 1;
    else hi = mid;
  }
  /* Nested ops: an enclosing op's range may come first; look a little on. */
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
