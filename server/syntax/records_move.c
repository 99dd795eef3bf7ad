/*
** records_move.c: built records moved as a whole (records.h): a piece's
** records appended to a long function's (ms_records_append, its uses of
** earlier values resolved through a lookup), the pools shrunk to their
** counts (ms_records_shrink), and every span shifted by an edit before
** the unit (ms_records_shift) or past a position inside it
** (ms_records_shift_from). No tree, no text: spans and indices only.
*/
#include "records.h"

#include <assert.h>

#include "alloc.h"

static uint32_t moved(uint32_t index, size_t by) { return index == MS_NONE ? MS_NONE : index + (uint32_t)by; }

/* Room for `need` items, growing by a quarter (not doubling): a long
** function's table grows piece by piece and is held whole. */
static void *reserve(void *items, size_t need, size_t *cap, size_t item_size) {
  if (need <= *cap) return items;
  size_t n = *cap + *cap / 4;
  *cap = n < need ? need : n;
  return ms_xrealloc(items, *cap * item_size);
}

uint32_t ms_records_append(ms_records *self, const ms_records *piece, uint32_t parent,
                           uint32_t (*lookup)(void *ctx, ms_span use), void *ctx) {
  size_t ops = self->nops, values = self->nvalues, uses = self->nuses, types = self->ntypes;
  size_t attrs = self->nattrs, toks = self->ntoks;
  assert(!piece->nimplied); /* layouts apply to the whole, after */
  self->ops = reserve(self->ops, ops + piece->nops, &self->cap_ops, sizeof *self->ops);
  self->values = reserve(self->values, values + piece->nvalues, &self->cap_values, sizeof *self->values);
  self->uses = reserve(self->uses, uses + piece->nuses, &self->cap_uses, sizeof *self->uses);
  self->types = reserve(self->types, types + piece->ntypes, &self->cap_types, sizeof *self->types);
  for (size_t i = 0; i < piece->nops; i++) {
    ms_op o = piece->ops[i];
    o.parent = o.parent == MS_NONE ? parent : o.parent + (uint32_t)ops;
    o.operands += (uint32_t)uses;
    o.results += (uint32_t)values;
    o.in_types += (uint32_t)types;
    o.out_types += (uint32_t)types;
    o.attrs += (uint32_t)attrs;
    o.toks += (uint32_t)toks;
    *MS_ARRAY_PUSH(self->ops, self->nops, self->cap_ops) = o;
  }
  for (size_t i = 0; i < piece->nvalues; i++) {
    ms_value v = piece->values[i];
    v.op = moved(v.op, ops);
    v.owner = v.owner == MS_NONE && v.op == MS_NONE ? parent : moved(v.owner, ops);
    *MS_ARRAY_PUSH(self->values, self->nvalues, self->cap_values) = v;
  }
  for (size_t i = 0; i < piece->nuses; i++) {
    ms_use u = piece->uses[i];
    u.value = u.value == MS_NONE ? lookup(ctx, u.span) : u.value + (uint32_t)values;
    u.op = moved(u.op, ops);
    *MS_ARRAY_PUSH(self->uses, self->nuses, self->cap_uses) = u;
  }
  for (size_t i = 0; i < piece->ntypes; i++) *MS_ARRAY_PUSH(self->types, self->ntypes, self->cap_types) = piece->types[i];
  for (size_t i = 0; i < piece->nattrs; i++) *MS_ARRAY_PUSH(self->attrs, self->nattrs, self->cap_attrs) = piece->attrs[i];
  for (size_t i = 0; i < piece->ntoks; i++) *MS_ARRAY_PUSH(self->toks, self->ntoks, self->cap_toks) = piece->toks[i];
  return (uint32_t)ops;
}

void ms_records_shrink(ms_records *self) {
  self->ops = ms_array_shrink(self->ops, self->nops, &self->cap_ops, sizeof *self->ops);
  self->values = ms_array_shrink(self->values, self->nvalues, &self->cap_values, sizeof *self->values);
  self->uses = ms_array_shrink(self->uses, self->nuses, &self->cap_uses, sizeof *self->uses);
  self->types = ms_array_shrink(self->types, self->ntypes, &self->cap_types, sizeof *self->types);
  self->attrs = ms_array_shrink(self->attrs, self->nattrs, &self->cap_attrs, sizeof *self->attrs);
  self->toks = ms_array_shrink(self->toks, self->ntoks, &self->cap_toks, sizeof *self->toks);
}

static void shift_span(ms_span *s, int64_t delta) {
  if (!s->end) return;
  s->start = (uint32_t)((int64_t)s->start + delta);
  s->end = (uint32_t)((int64_t)s->end + delta);
}

void ms_records_shift(ms_records *self, int64_t delta) {
  for (size_t i = 0; i < self->nops; i++) {
    ms_op *o = &self->ops[i];
    shift_span(&o->span, delta);
    shift_span(&o->name, delta);
    shift_span(&o->constant, delta);
  }
  for (size_t i = 0; i < self->nvalues; i++) {
    shift_span(&self->values[i].def, delta);
    shift_span(&self->values[i].type, delta);
  }
  for (size_t i = 0; i < self->nuses; i++) shift_span(&self->uses[i].span, delta);
  for (size_t i = 0; i < self->ntypes; i++) shift_span(&self->types[i], delta);
  for (size_t i = 0; i < self->nattrs; i++) {
    shift_span(&self->attrs[i].key, delta);
    shift_span(&self->attrs[i].value, delta);
  }
  for (size_t i = 0; i < self->ntoks; i++) shift_span(&self->toks[i].span, delta);
}

/* A position past an edit that ended at `from`: starts at it move, ends at it do not. */
static void move_from(uint32_t *x, uint32_t from, int64_t delta, bool is_start) {
  if (*x > from || (is_start && *x == from)) *x = (uint32_t)((int64_t)*x + delta);
}

static void span_from(ms_span *s, uint32_t from, int64_t delta) {
  if (!s->end) return;
  move_from(&s->start, from, delta, true);
  move_from(&s->end, from, delta, false);
}

void ms_records_shift_from(ms_records *self, uint32_t from, int64_t delta) {
  for (size_t i = 0; i < self->nops; i++) {
    ms_op *o = &self->ops[i];
    span_from(&o->span, from, delta);
    span_from(&o->name, from, delta);
    span_from(&o->constant, from, delta);
  }
  for (size_t i = 0; i < self->nvalues; i++) {
    span_from(&self->values[i].def, from, delta);
    span_from(&self->values[i].type, from, delta);
  }
  for (size_t i = 0; i < self->nuses; i++) span_from(&self->uses[i].span, from, delta);
  for (size_t i = 0; i < self->ntypes; i++) span_from(&self->types[i], from, delta);
  for (size_t i = 0; i < self->nattrs; i++) {
    span_from(&self->attrs[i].key, from, delta);
    span_from(&self->attrs[i].value, from, delta);
  }
  for (size_t i = 0; i < self->ntoks; i++) span_from(&self->toks[i].span, from, delta);
}
