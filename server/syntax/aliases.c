/*
** aliases.c: type aliases of a text (aliases.h).
*/
#include "aliases.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

typedef struct alias {
  uint32_t name, name_len;     /* `!name`, the `!` included */
  uint32_t type, type_end;
} alias;

struct ms_alias_table {
  alias *items;                /* in text order */
  size_t count, cap;
};

static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

/* One `!name = type` line at p (a line start); false when it is not one. */
static bool parse_line(const char *text, size_t len, size_t p, alias *out) {
  size_t i = p + 1;
  while (i < len && name_char(text[i])) i++;
  if (i == p + 1) return false;
  out->name = (uint32_t)p;
  out->name_len = (uint32_t)(i - p);
  while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
  if (i >= len || text[i] != '=') return false;
  i++;
  while (i < len && (text[i] == ' ' || text[i] == '\t')) i++;
  size_t e = i;
  while (e < len && text[e] != '\n') e++;
  /* A trailing comment is not part of the type. */
  for (size_t k = i; k + 1 < e; k++)
    if (text[k] == '/' && text[k + 1] == '/') {
      e = k;
      break;
    }
  while (e > i && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) e--;
  if (e == i) return false;
  out->type = (uint32_t)i;
  out->type_end = (uint32_t)e;
  return true;
}

#define PROGRESS_STEP ((size_t)2 << 20)

ms_alias_table *ms_alias_table_scan(const char *text, size_t len) {
  return ms_alias_table_scan_with(text, len, NULL, NULL);
}

ms_alias_table *ms_alias_table_scan_with(const char *text, size_t len, void (*done)(void *ctx, size_t offset),
                                         void *ctx) {
  ms_alias_table *self = ms_xrealloc(NULL, sizeof *self);
  memset(self, 0, sizeof *self);
  size_t reported = 0;
  for (size_t p = 0; p < len;) {
    if (done && p - reported > PROGRESS_STEP) done(ctx, reported = p);
    alias a;
    if (text[p] == '!' && parse_line(text, len, p, &a)) {
      *MS_ARRAY_PUSH(self->items, self->count, self->cap) = a;
    }
    const char *nl = memchr(text + p, '\n', len - p);
    if (!nl) break;
    p = (size_t)(nl - text) + 1;
  }
  return self;
}

void ms_alias_table_delete(ms_alias_table *self) {
  if (!self) return;
  free(self->items);
  free(self);
}

size_t ms_alias_table_count(const ms_alias_table *self) { return self ? self->count : 0; }

bool ms_alias_table_touches(const ms_alias_table *self, uint32_t start, uint32_t end) {
  for (size_t i = 0; self && i < self->count; i++)
    if (self->items[i].name <= end && start <= self->items[i].type_end) return true;
  return false;
}

uint32_t ms_alias_table_end(const ms_alias_table *self) {
  uint32_t end = 0;
  for (size_t i = 0; self && i < self->count; i++)
    if (self->items[i].type_end > end) end = self->items[i].type_end;
  return end;
}

/* The last definition of text[start, end) before `before`, or NULL. The
** table is in text order: the search starts at the last definition before
** `before` (binary search), so a chain of aliases each defined just
** before the next costs one step per link. */
static const alias *find(const ms_alias_table *self, const char *text, uint32_t start, uint32_t end,
                         uint32_t before) {
  size_t lo = 0, hi = self->count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (self->items[mid].name < before) lo = mid + 1;
    else hi = mid;
  }
  for (size_t i = lo; i-- > 0;) {
    const alias *a = &self->items[i];
    if (a->name_len != end - start) continue;
    if (!memcmp(text + a->name, text + start, end - start)) return a;
  }
  return NULL;
}

bool ms_alias_table_resolve(const ms_alias_table *self, const char *text, uint32_t start, uint32_t end,
                            uint32_t *tstart, uint32_t *tend) {
  if (!self || !self->count || end <= start || text[start] != '!') return false;
  uint32_t s = start, e = end;
  bool found = false;
  /* Aliases of aliases, however long the chain: each link is a definition
  ** before the one that uses it (as MLIR requires), so the walk goes back
  ** through the text and ends; `!t = !t` resolves to nothing further. */
  uint32_t before = start;
  while (text[s] == '!') {
    const alias *a = find(self, text, s, e, before);
    if (!a) break;
    before = a->name;
    s = a->type;
    e = a->type_end;
    found = true;
  }
  if (found) {
    *tstart = s;
    *tend = e;
  }
  return found;
}
