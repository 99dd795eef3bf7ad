/*
** region_flow.c: shapes carried into the regions of ops whose catalog entry
** has the constraint "region_flow" (catalog.h), as `--tosa-infer-shapes`
** carries them (LLVM 22 TosaInferShapes.cpp, propagateShapesToTosaIf and
** propagateShapesToTosaWhile), and the op judged after its regions.
**
** "branches": each region's block arguments take the shapes of the op's
** last operands (one per argument) where those are ranked, keeping their
** own element type. "loop": the operands' shapes are the arguments of
** the last region (the body), whose ops are judged without findings; the
** arguments become the least specific of themselves and what the body
** yields (a dim that differs is `?`, a rank that differs unranked) until
** nothing changes; then every region's arguments take them. In both, the
** ops of the regions are then judged in text order at those shapes, and
** the op itself last, so that its results come from what its regions
** yield (structured.c reads the regions' inferred shapes).
*/
#include "analyzer_int.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "records.h"

#define MAX_FLOW_REGIONS 8
#define MAX_FLOW_ARGS 64
#define MAX_ROUNDS 8      /* a loop's arguments only generalise: rank+2 rounds at most */
#define MAX_SPECULATION 3 /* loops nested deeper keep their declared arguments */
#define MAX_FLOW_DEPTH 32  /* region ops nested deeper are judged as any op, in text order */

typedef struct flow_region {
  uint32_t term;                 /* the terminator op */
  uint32_t first_op;             /* the region's first op (its terminator when empty) */
  int nargs;
  uint32_t args[MAX_FLOW_ARGS];
} flow_region;

typedef struct flow_op {
  int nregions;
  flow_region regions[MAX_FLOW_REGIONS];
} flow_op;

static __thread int speculating, depth;

static bool is_terminator(const analyzer *w, const ms_op *t) {
  if (t->kind == MS_OP_RETURN) return true;
  const char *n = w->text + t->name.start;
  size_t len = t->name.end - t->name.start;
  const char *dot = n + len;
  while (dot > n && dot[-1] != '.') dot--;
  size_t k = (size_t)(n + len - dot);
  return (k == 6 && !memcmp(dot, "return", 6)) || (k == 5 && !memcmp(dot, "yield", 5));
}

/* The index past op opi's last nested op. */
static size_t tree_end(const analyzer *w, size_t opi) {
  const ms_op *op = &w->rec->ops[opi];
  size_t i = opi + 1;
  while (i < w->rec->nops && w->rec->ops[i].span.start < op->span.end) i++;
  return i;
}

/* The regions of op opi: each ended by a terminator directly inside it,
** with the block arguments before it. False when there are too many. */
static bool find_regions(const analyzer *w, size_t opi, size_t end, flow_op *f) {
  const ms_records *rec = w->rec;
  const ms_op *op = &rec->ops[opi];
  uint32_t from = op->span.start;
  size_t lo = op->nresults ? op->results : 0;
  while (lo > 0 && rec->values[lo - 1].def.start > op->span.start) lo--;
  uint32_t next_first = (uint32_t)opi + 1;
  f->nregions = 0;
  for (size_t i = opi + 1; i < end; i++) {
    const ms_op *t = &rec->ops[i];
    if (t->parent != opi || !is_terminator(w, t)) continue;
    if (f->nregions >= MAX_FLOW_REGIONS) return false;
    flow_region *g = &f->regions[f->nregions++];
    g->term = (uint32_t)i;
    g->first_op = next_first;
    g->nargs = 0;
    for (size_t v = lo; v < rec->nvalues && rec->values[v].def.start < t->span.start; v++) {
      const ms_value *x = &rec->values[v];
      if (x->owner != opi || x->op != MS_NONE || x->def.start < from) continue;
      if (g->nargs >= MAX_FLOW_ARGS) return false;
      g->args[g->nargs++] = (uint32_t)v;
    }
    from = t->span.end;
    next_first = (uint32_t)i + 1;
  }
  return f->nregions > 0;
}

static bool declared_shape(const analyzer *w, uint32_t v, ms_shape *out) {
  ms_span t = resolve(w, w->rec->values[v].type);
  return t.end && ms_shape_parse_type(out, w->text + t.start, t.end - t.start, NULL, 0) &&
         out->kind == MS_TYPE_TENSOR;
}

/* A value's shape now: inferred, else declared. */
static bool current_shape(const analyzer *w, uint32_t v, ms_shape *out) {
  if (v == MS_NONE || v >= w->rec->nvalues) return false;
  if (w->shape[v]) {
    *out = *w->shape[v];
    return out->kind == MS_TYPE_TENSOR;
  }
  return declared_shape(w, v, out);
}

/* Forgets what was inferred for the values defined inside op opi. */
static void forget_inside(analyzer *w, size_t opi) {
  const ms_records *rec = w->rec;
  const ms_op *op = &rec->ops[opi];
  size_t v = op->nresults ? op->results : 0;
  while (v > 0 && rec->values[v - 1].def.start > op->span.start) v--;
  for (; v < rec->nvalues && rec->values[v].def.start < op->span.end; v++) {
    if (rec->values[v].def.start <= op->name.end) continue; /* the op's own results */
    free(w->shape[v]);
    w->shape[v] = NULL;
    free(w->info[v].inferred);
    w->info[v].inferred = NULL;
    w->info[v].producer = MS_NONE;
    w->info[v].broken = false;
  }
}

/* Block argument v takes shape s (its own element type kept), shown when
** it differs from the declared type. */
static void set_arg(analyzer *w, uint32_t v, const ms_shape *s, uint32_t opi) {
  ms_shape d, t;
  if (!declared_shape(w, v, &d)) return;
  t = *s;
  t.kind = d.kind;
  memcpy(t.elem, d.elem, sizeof t.elem);
  bool same = t.ranked == d.ranked && (!t.ranked || ms_shape_equal(&t, &d));
  if (same) {
    free(w->shape[v]);
    w->shape[v] = NULL;
    return;
  }
  set_value_shape(w, v, &t, opi, true);
}

/* TOSA's ValueKnowledge::meet: the least specific of a and b. */
static void least_specific(ms_shape *a, const ms_shape *b) {
  if (!a->ranked || !b->ranked || a->rank != b->rank) {
    a->ranked = false;
    a->rank = 0;
    return;
  }
  for (int d = 0; d < a->rank; d++)
    if (a->dims[d] != b->dims[d]) a->dims[d] = MS_DIM_DYNAMIC;
}

static bool same_shape(const ms_shape *a, const ms_shape *b) {
  return a->ranked == b->ranked && (!a->ranked || ms_shape_equal(a, b));
}

/* Judges the ops in [first, end) of a region (nested trees included). */
static void judge_span(analyzer *w, size_t first, size_t end) {
  for (size_t i = first; i < end;) i = judge_tree(w, i);
}

/* "branches": each region's arguments from the last operands. */
static void enter_branches(analyzer *w, size_t opi, const flow_op *f) {
  const ms_op *op = &w->rec->ops[opi];
  for (int r = 0; r < f->nregions; r++) {
    const flow_region *g = &f->regions[r];
    if ((uint32_t)g->nargs > op->noperands) continue;
    for (int k = 0; k < g->nargs; k++) {
      ms_shape s;
      uint32_t v = operand_value(w, op, (int)(op->noperands - (uint32_t)g->nargs) + k);
      if (current_shape(w, v, &s) && s.ranked) set_arg(w, g->args[k], &s, (uint32_t)opi);
    }
  }
}

/* The body judged without findings at the arguments args, the arguments
** then generalised by what it yields; true when nothing changed. */
static bool loop_round(analyzer *w, size_t opi, const flow_region *body, ms_shape *args) {
  ms_analysis scratch, *saved = w->out;
  ms_op_detail *detail = w->detail;
  uint32_t recent[MS_RECENT_TYPES];
  int nrecent = w->nrecent;
  memcpy(recent, w->recent, sizeof recent);
  ms_analysis_init(&scratch);
  w->out = &scratch;
  w->detail = NULL;
  w->nrecent = 0; /* the types interned last are the real analysis's */
  forget_inside(w, opi);
  for (int k = 0; k < body->nargs; k++) set_arg(w, body->args[k], &args[k], (uint32_t)opi);
  speculating++;
  judge_span(w, body->first_op, body->term);
  speculating--;
  w->out = saved;
  w->detail = detail;
  w->nrecent = nrecent;
  memcpy(w->recent, recent, sizeof recent);
  ms_analysis_clear(&scratch);
  const ms_op *t = &w->rec->ops[body->term];
  bool stable = true;
  for (int k = 0; k < body->nargs && (uint32_t)k < t->noperands; k++) {
    ms_shape y, next = args[k];
    if (!current_shape(w, operand_value(w, t, k), &y)) return false;
    least_specific(&next, &y);
    stable &= same_shape(&next, &args[k]);
    args[k] = next;
  }
  return stable;
}

/* "loop": the arguments at the fixed point, in every region. */
static void enter_loop(analyzer *w, size_t opi, const flow_op *f) {
  const ms_op *op = &w->rec->ops[opi];
  const flow_region *body = &f->regions[f->nregions - 1];
  if (body->nargs == 0 || (uint32_t)body->nargs != op->noperands || speculating >= MAX_SPECULATION) return;
  ms_shape *args = ms_xmalloc((size_t)body->nargs * sizeof *args);
  bool stable = false;
  for (int k = 0; k < body->nargs; k++)
    if (!current_shape(w, operand_value(w, op, k), &args[k])) goto done;
  for (int round = 0; round < MAX_ROUNDS && !stable; round++) stable = loop_round(w, opi, body, args);
  forget_inside(w, opi);
  for (int r = 0; stable && r < f->nregions; r++) {
    const flow_region *g = &f->regions[r];
    if (g->nargs != body->nargs) continue;
    for (int k = 0; k < g->nargs; k++) set_arg(w, g->args[k], &args[k], (uint32_t)opi);
  }
done:
  free(args);
}

size_t judge_tree(analyzer *w, size_t i) {
  const ms_op *op = &w->rec->ops[i];
  if (!w->catalog || op->kind == MS_OP_RETURN || op->unmatched) {
    judge_op(w, i);
    return i + 1;
  }
  attr_lookup ctx = {w, op};
  ms_op_view view = {w->text + op->name.start, op->name.end - op->name.start, (int)op->noperands, lookup_attr,
                     &ctx};
  ms_rule_binding b;
  size_t end = i + 1;
  /* Most ops have no region flow: their entry says so before any binding. */
  if (depth >= MAX_FLOW_DEPTH || ms_catalog_region_flow(w->catalog, view.name, view.name_len) == MS_REGION_FLOW_NONE ||
      !ms_catalog_bind(w->catalog, &view, &b) || !b.ok ||
      b.region_flow == MS_REGION_FLOW_NONE || (end = tree_end(w, i)) == i + 1) {
    judge_op(w, i);
    return i + 1;
  }
  flow_op *f = ms_xmalloc(sizeof *f);
  if (!find_regions(w, i, end, f)) {
    free(f);
    judge_op(w, i);
    return i + 1;
  }
  depth++;
  if (b.region_flow == MS_REGION_FLOW_BRANCHES) enter_branches(w, i, f);
  else enter_loop(w, i, f);
  free(f);
  judge_span(w, i + 1, end);
  judge_op(w, i);
  depth--;
  return end;
}
