/*
** json_stream.h: a JSON document written one array item at a time, byte
** for byte what cJSON prints for the whole document.
**
** `check` never holds a run's findings, yet its machine formats (json,
** sarif, gitlab) and baselines are single documents printed by cJSON. The
** document is built without its items, with a placeholder string in the
** array that will hold them, and printed once: what precedes the
** placeholder is the head, what follows it the tail. Each item is printed
** alone and indented as cJSON indents it inside the document.
*/
#ifndef MS_JSON_STREAM_H
#define MS_JSON_STREAM_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct ms_json_stream {
  FILE *items;                 /* where items are written */
  bool formatted, repair;
  int indent;                  /* tabs after each newline of an item */
  size_t count;                /* items written */
  char *head, *tail;           /* the document around its items; the tail
                                  newline-terminated */
  size_t head_len, tail_len;
} ms_json_stream;

/* The placeholder to add to the array of doc that gets the items. */
cJSON *ms_json_stream_placeholder(void);

/* Prints doc (consumed), formatted (cJSON_Print) or not, repairing bytes
** that are not UTF-8 (utf8.h) when `repair`. Items go to `items`; the
** caller writes head before them and tail after. */
void ms_json_stream_init(ms_json_stream *self, cJSON *doc, bool formatted, bool repair, FILE *items);

/* Writes item (consumed), after a separator when it is not the first. */
void ms_json_stream_item(ms_json_stream *self, cJSON *item);

void ms_json_stream_clear(ms_json_stream *self);

#endif
