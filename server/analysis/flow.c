/*
** flow.c: a long function's records judged piece by piece (flow.h).
**
** The function's records grow piece by piece (ms_records_append); the
** values of ops directly in its body, and its entry block's arguments, are
** entered in one name table as they come, so that a later piece's use of
** an earlier piece's value finds it. Per value, what inference knows
** (ms_shape, ms_value_info) is kept across pieces for
** ms_analyze_records_from. What no later piece reads is dropped once a
** piece is judged: the result groups and tokens of its ops (only an op's
** own judging reads them; the op syntax is applied before).
*/
#include "flow.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* The body's names: `%x` (index -1) or `%x#k` to a value of rec, whose
** definition holds the key. Open addressing, 4 bytes a slot (value + 1, 0
** empty): the table of a 50 MB function is held whole, so no scopes and
** no undo log (ssa.h's are for nested regions). */
typedef uint32_t name;

struct ms_flow {
  const ms_catalog *catalog;
  ms_analyzer_options opts;
  const char *text;
  ms_records rec;              /* the function so far */
  name *names;                 /* the body's values by name */
  size_t cap_names, nnames;
  uint32_t parent;             /* the function op (MS_NONE: a pretty func.func, not an op) */
  bool started;
  ms_shape **shape;            /* per value */
  ms_value_info *info;
  size_t cap;                  /* of shape and info */
};

ms_flow *ms_flow_new(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text) {
  ms_flow *self = ms_xcalloc(1, sizeof *self);
  self->catalog = catalog;
  if (opts) self->opts = *opts;
  self->text = text;
  self->parent = MS_NONE;
  self->cap_names = 1024;
  self->names = ms_xcalloc(self->cap_names, sizeof *self->names);
  return self;
}

static size_t slot_of(const ms_flow *self, const char *s, size_t n, int index) {
  uint64_t h = 1469598103934665603ULL ^ (uint64_t)(index + 2);
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  size_t mask = self->cap_names - 1, i = (size_t)h & mask;
  for (;; i = (i + 1) & mask) {
    if (!self->names[i]) return i;
    const ms_value *v = &self->rec.values[self->names[i] - 1];
    if (v->index == index && v->def.end - v->def.start == n && !memcmp(self->text + v->def.start, s, n)) return i;
  }
}

static size_t slot_of_value(const ms_flow *self, uint32_t value) {
  const ms_value *v = &self->rec.values[value];
  return slot_of(self, self->text + v->def.start, v->def.end - v->def.start, v->index);
}

static void enter(ms_flow *self, uint32_t value) {
  if ((self->nnames + 1) * 10 > self->cap_names * 7) {
    name *old = self->names;
    size_t n = self->cap_names;
    self->cap_names *= 2;
    self->names = ms_xcalloc(self->cap_names, sizeof *self->names);
    for (size_t i = 0; i < n; i++)
      if (old[i]) self->names[slot_of_value(self, old[i] - 1)] = old[i];
    free(old);
  }
  name *e = &self->names[slot_of_value(self, value)];
  if (!*e) self->nnames++;
  *e = value + 1; /* a later definition shadows */
}

/* As ms_ssa_lookup: `%x#1` is name `%x` index 1; `%x#0` also finds `%x`. */
static uint32_t lookup(void *ctx, ms_span use) {
  const ms_flow *self = ctx;
  const char *s = self->text + use.start;
  size_t n = use.end - use.start;
  int index = -1;
  const char *hashmark = memchr(s, '#', n);
  if (hashmark) {
    index = atoi(hashmark + 1);
    n = (size_t)(hashmark - s);
  }
  name e = self->names[slot_of(self, s, n, index)];
  if (!e && index == 0) e = self->names[slot_of(self, s, n, -1)];
  return e ? e - 1 : MS_NONE;
}

/* Room for one state per value, the new ones empty. */
static void grow_state(ms_flow *self) {
  size_t n = self->rec.nvalues + 1, old = self->cap;
  if (n <= old) return;
  self->cap = n > old + old / 4 ? n : old + old / 4;
  self->shape = ms_xrealloc(self->shape, self->cap * sizeof *self->shape);
  self->info = ms_xrealloc(self->info, self->cap * sizeof *self->info);
  memset(self->shape + old, 0, (self->cap - old) * sizeof *self->shape);
  memset(self->info + old, 0, (self->cap - old) * sizeof *self->info);
  for (size_t i = old; i < self->cap; i++) self->info[i].producer = MS_NONE;
}

/* Enters the values from `first` on that later pieces may use: results of
** ops directly in the body, and the body's block arguments. */
static void define_body_values(ms_flow *self, size_t first) {
  for (size_t i = first; i < self->rec.nvalues; i++) {
    const ms_value *v = &self->rec.values[i];
    bool in_body = v->op != MS_NONE ? self->rec.ops[v->op].parent == self->parent : v->owner == self->parent;
    if (in_body && v->def.end > v->def.start) enter(self, (uint32_t)i);
  }
}

/* The judged ops' result groups and tokens: no later piece reads them. */
static void drop_judged(ms_flow *self, size_t first_op) {
  ms_records *r = &self->rec;
  for (size_t i = first_op; i < r->nops; i++) {
    ms_op *op = &r->ops[i];
    op->groups = op->ngroups = op->toks = op->ntoks = 0;
  }
  r->ngroups = r->ntoks = 0;
}

void ms_flow_add(ms_flow *self, ms_records *piece, uint32_t cut, ms_diag_list *out) {
  size_t first_op = self->rec.nops, first_value = self->rec.nvalues;
  if (!self->started) {
    /* The head: its first op is the function itself when the function is
    ** an op (generic form): the only op that runs past the first cut. */
    self->started = true;
    if (piece->nops > 0 && piece->ops[0].parent == MS_NONE && piece->ops[0].span.end > cut) self->parent = 0;
    self->rec = *piece;
    ms_records_init(piece);
  } else {
    ms_records_append(&self->rec, piece, self->parent, lookup, self);
    ms_records_clear(piece);
  }
  grow_state(self);
  ms_analysis a;
  ms_analysis_init(&a);
  ms_analyze_records_from(self->catalog, &self->opts, self->text, &self->rec, first_op, first_value, self->shape,
                          self->info, &a);
  ms_diag_list_take(out, &a.diags, 0);
  free(a.inferences);
  define_body_values(self, first_value);
  drop_judged(self, first_op);
}

void ms_flow_delete(ms_flow *self) {
  if (!self) return;
  for (size_t i = 0; i < self->rec.nvalues; i++) {
    free(self->shape[i]);
    free(self->info[i].inferred);
  }
  free(self->shape);
  free(self->info);
  ms_records_clear(&self->rec);
  free(self->names);
  free(self);
}
