/*
** json_stream.c: JSON documents written item by item (json_stream.h).
**
** cJSON prints array items one after the other with ", " (formatted) or ","
** between them and no newline, and indents an object's members by its depth
** in tabs: an item printed alone differs from the same item inside the
** document only by that depth after each of its newlines (strings escape
** their own newlines, so every newline of the print is cJSON's). Repairing
** UTF-8 item by item gives the bytes of repairing the whole: a byte is
** judged by the bytes after it, and every item ends in ASCII.
*/
#include "json_stream.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "utf8.h"

#define PLACEHOLDER "@@mlir-shape-json-stream-items@@"

cJSON *ms_json_stream_placeholder(void) { return cJSON_CreateString(PLACEHOLDER); }

static char *print(const ms_json_stream *self, const cJSON *v, size_t *len) {
  char *s = self->formatted ? cJSON_Print(v) : cJSON_PrintUnformatted(v);
  if (!s) abort();
  size_t n = strlen(s);
  if (self->repair && !ms_utf8_valid(s, n)) {
    char *r = ms_utf8_repair(s, n, &n);
    free(s);
    s = r;
  }
  *len = n;
  return s;
}

static char *copy(const char *s, size_t n, const char *end) {
  size_t e = strlen(end);
  char *c = ms_xmalloc(n + e + 1);
  memcpy(c, s, n);
  memcpy(c + n, end, e + 1);
  return c;
}

void ms_json_stream_init(ms_json_stream *self, cJSON *doc, bool formatted, bool repair, FILE *items) {
  memset(self, 0, sizeof *self);
  self->items = items;
  self->formatted = formatted;
  self->repair = repair;
  size_t n;
  char *s = print(self, doc, &n);
  cJSON_Delete(doc);
  const char *at = strstr(s, "\"" PLACEHOLDER "\"");
  assert(at);
  /* The items' depth: the line of their array's key, and the array. */
  const char *line = at;
  while (line > s && line[-1] != '\n') line--;
  self->indent = 1;
  while (*line++ == '\t') self->indent++;
  const char *rest = at + strlen("\"" PLACEHOLDER "\"");
  self->head_len = (size_t)(at - s);
  self->head = copy(s, self->head_len, "");
  self->tail_len = n - (size_t)(rest - s) + 1;
  self->tail = copy(rest, self->tail_len - 1, "\n");
  free(s);
}

void ms_json_stream_item(ms_json_stream *self, cJSON *item) {
  size_t n;
  char *s = print(self, item, &n);
  cJSON_Delete(item);
  if (self->count++) fputs(self->formatted ? ", " : ",", self->items);
  const char *p = s, *end = s + n;
  for (const char *nl; self->formatted && (nl = memchr(p, '\n', (size_t)(end - p))); p = nl + 1) {
    fwrite(p, 1, (size_t)(nl + 1 - p), self->items);
    for (int i = 0; i < self->indent; i++) fputc('\t', self->items);
  }
  fwrite(p, 1, (size_t)(end - p), self->items);
  free(s);
}

void ms_json_stream_clear(ms_json_stream *self) {
  free(self->head);
  free(self->tail);
  memset(self, 0, sizeof *self);
}
