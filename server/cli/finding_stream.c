/*
** finding_stream.c: a file's findings put in order piece by piece
** (finding_stream.h).
*/
#include "finding_stream.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

void ms_finding_stream_init(ms_finding_stream *self, ms_suppressions *supp, ms_finding_sink sink, void *ctx) {
  memset(self, 0, sizeof *self);
  self->supp = supp;
  self->sink = sink;
  self->ctx = ctx;
  ms_diag_list_init(&self->pending);
}

/* ms_diag_list_sort's order: a before b when b's range is not less. */
static bool before(const ms_diagnostic *a, uint32_t start, uint32_t end) {
  return a->start < start || (a->start == start && a->end <= end);
}

/* pending[head..] and diags (both sorted) merged, pending first among
** equals: they arrived first. */
static void merge(ms_finding_stream *self, ms_diag_list *diags) {
  ms_diag_list *p = &self->pending;
  if (self->head == p->count) {
    ms_diag_list_clear(p);
    *p = *diags;
    ms_diag_list_init(diags);
    self->head = 0;
    return;
  }
  size_t n = p->count - self->head + diags->count, i = self->head, j = 0, k = 0;
  ms_diagnostic *items = ms_xmalloc(n * sizeof *items);
  while (i < p->count || j < diags->count) {
    bool take_pending = j == diags->count ||
                        (i < p->count && before(&p->items[i], diags->items[j].start, diags->items[j].end));
    items[k++] = take_pending ? p->items[i++] : diags->items[j++];
  }
  free(p->items);
  free(diags->items);
  ms_diag_list_init(diags);
  *p = (ms_diag_list){items, n, n};
  self->head = 0;
}

/* Whether directive `directive` comes before the pending head (or there
** is none); its range into *start, *end. */
static bool directive_next(const ms_finding_stream *self, uint32_t *start, uint32_t *end, uint32_t *settled) {
  if (!self->supp || self->directive >= ms_suppressions_count(self->supp)) return false;
  ms_suppressions_directive(self->supp, self->directive, start, end, settled);
  /* A warning goes after the findings of its own range (appended, then
  ** a stable sort). */
  return self->head == self->pending.count || !before(&self->pending.items[self->head], *start, *end);
}

/* Hands on what is known to come next, up to `frontier` (UINT32_MAX: all). */
static void drain(ms_finding_stream *self, uint32_t frontier) {
  bool all = frontier == UINT32_MAX;
  for (;;) {
    uint32_t start, end, settled;
    if (directive_next(self, &start, &end, &settled)) {
      if (!all && (settled > frontier || start >= frontier)) break;
      ms_diag_list warning;
      ms_diag_list_init(&warning);
      if (ms_suppressions_unused(self->supp, self->directive, &warning)) self->sink(self->ctx, &warning.items[0]);
      free(warning.items);
      self->directive++;
      continue;
    }
    if (self->head == self->pending.count) break;
    ms_diagnostic *d = &self->pending.items[self->head];
    if (!all && d->start >= frontier) break;
    self->head++;
    self->sink(self->ctx, d);
  }
  /* Items before head are the sink's now: drop them from the list. */
  ms_diag_list *p = &self->pending;
  if (self->head == p->count) {
    p->count = self->head = 0;
  } else if (self->head > p->count / 2) {
    memmove(p->items, p->items + self->head, (p->count - self->head) * sizeof *p->items);
    p->count -= self->head;
    self->head = 0;
  }
}

void ms_finding_stream_add(ms_finding_stream *self, ms_diag_list *diags, uint32_t frontier) {
  assert(frontier >= self->frontier);
  size_t kept = 0;
  for (size_t i = 0; i < diags->count; i++) {
    ms_diagnostic *d = &diags->items[i];
    /* What the order rests on: nothing starts before the frontier given. */
    assert(d->start >= self->frontier && (!d->op_end || d->op_start >= self->frontier));
    if (self->supp && ms_suppressions_match(self->supp, d)) ms_diag_free(d);
    else diags->items[kept++] = *d;
  }
  diags->count = kept;
  ms_diag_list_sort(diags);
  merge(self, diags);
  self->frontier = frontier;
  drain(self, frontier);
}

void ms_finding_stream_finish(ms_finding_stream *self) {
  drain(self, UINT32_MAX);
  assert(self->head == self->pending.count);
  free(self->pending.items);
  ms_suppressions_free(self->supp);
  memset(self, 0, sizeof *self);
}
