/*
** ssa.c: scoped SSA definitions (ssa.h).
**
** An open-addressing hash table keyed by (name text, result index), plus an
** undo log: each definition logs the slot it overwrote, and popping a scope
** replays the log back to the scope's mark. Nothing is copied from the text.
*/
#include "ssa.h"
#include "alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
  ms_span name;      /* {0,0}: empty */
  int index;         /* -1: the whole value */
  ms_ssa_def def;
} slot;

typedef struct undo {
  size_t at;         /* slot index */
  slot old;          /* what the definition overwrote */
  slot now;          /* the definition itself, to replay after a rehash */
} undo;

struct ms_ssa {
  const char *text;
  slot *slots;
  size_t cap, used;
  undo *log;
  size_t nlog, caplog;
  size_t *marks;
  size_t nmarks, capmarks;
};

static uint64_t hash(const char *s, size_t n, int index) {
  uint64_t h = 1469598103934665603ULL ^ (uint64_t)(index + 2);
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return h;
}

ms_ssa *ms_ssa_new(const char *text) {
  ms_ssa *self = ms_xrealloc(NULL, sizeof *self);
  memset(self, 0, sizeof *self);
  self->text = text;
  self->cap = 256;
  self->slots = ms_xrealloc(NULL, self->cap * sizeof *self->slots);
  memset(self->slots, 0, self->cap * sizeof *self->slots);
  return self;
}

void ms_ssa_delete(ms_ssa *self) {
  if (!self) return;
  free(self->slots);
  free(self->log);
  free(self->marks);
  free(self);
}

void ms_ssa_reset(ms_ssa *self, const char *text) {
  /* Clear only what the log says was touched: units are small, tables not. */
  if (self->used) {
    if (self->nlog < self->cap / 4) {
      for (size_t i = 0; i < self->nlog; i++) memset(&self->slots[self->log[i].at], 0, sizeof(slot));
    } else {
      memset(self->slots, 0, self->cap * sizeof *self->slots);
    }
  }
  self->used = 0;
  self->nlog = 0;
  self->nmarks = 0;
  self->text = text;
}

static bool same_key(const ms_ssa *self, const slot *s, const char *name, size_t n, int index) {
  return s->index == index && s->name.end - s->name.start == n && !memcmp(self->text + s->name.start, name, n);
}

/* The slot holding the key, or the empty slot where it would go. */
static size_t find(const ms_ssa *self, const char *name, size_t n, int index) {
  size_t mask = self->cap - 1, i = (size_t)hash(name, n, index) & mask;
  while (self->slots[i].name.end != 0 && !same_key(self, &self->slots[i], name, n, index)) i = (i + 1) & mask;
  return i;
}

/* The log holds every definition since the last reset, so the table is
** rebuilt by replaying it; the replay also refreshes each entry's slot index
** and overwritten value, keeping ms_ssa_pop exact. */
static void grow(ms_ssa *self) {
  self->cap *= 2;
  /* Rebuilt from the log: nothing of the old slots is copied. */
  free(self->slots);
  self->slots = ms_xcalloc(self->cap, sizeof *self->slots);
  self->used = 0;
  for (size_t i = 0; i < self->nlog; i++) {
    undo *u = &self->log[i];
    u->at = find(self, self->text + u->now.name.start, u->now.name.end - u->now.name.start, u->now.index);
    u->old = self->slots[u->at];
    if (u->old.name.end == 0) self->used++;
    self->slots[u->at] = u->now;
  }
}

void ms_ssa_define(ms_ssa *self, ms_span name, int index, const ms_ssa_def *def) {
  assert(name.end > name.start);
  if ((self->used + 1) * 2 > self->cap) grow(self);
  const char *s = self->text + name.start;
  size_t n = name.end - name.start;
  size_t at = find(self, s, n, index);
  undo *u = MS_ARRAY_PUSH(self->log, self->nlog, self->caplog);
  u->at = at;
  u->old = self->slots[at];
  u->now.name = name;
  u->now.index = index;
  u->now.def = *def;
  if (u->old.name.end == 0) self->used++;
  self->slots[at] = u->now;
}

int ms_ssa_use_index(const char *s, size_t *n) {
  const char *hashmark = memchr(s, '#', *n);
  if (!hashmark) return -1;
  *n = (size_t)(hashmark - s);
  return atoi(hashmark + 1);
}

const ms_ssa_def *ms_ssa_lookup(const ms_ssa *self, ms_span use) {
  const char *s = self->text + use.start;
  size_t n = use.end - use.start;
  int index = ms_ssa_use_index(s, &n);
  size_t at = find(self, s, n, index);
  if (self->slots[at].name.end) return &self->slots[at].def;
  if (index == 0) {
    at = find(self, s, n, -1);
    if (self->slots[at].name.end) return &self->slots[at].def;
  }
  return NULL;
}

void ms_ssa_push(ms_ssa *self) {
  *MS_ARRAY_PUSH(self->marks, self->nmarks, self->capmarks) = self->nlog;
}

void ms_ssa_pop(ms_ssa *self) {
  assert(self->nmarks > 0);
  size_t mark = self->marks[--self->nmarks];
  while (self->nlog > mark) {
    undo *u = &self->log[--self->nlog];
    if (u->old.name.end == 0 && self->slots[u->at].name.end != 0) self->used--;
    self->slots[u->at] = u->old;
  }
}
