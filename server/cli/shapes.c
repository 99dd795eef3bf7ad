/*
** shapes.c: the shapes table as JSON (shapes.h).
**
** Reads only a stored analysis: the value table for names, definitions and
** declared types, the per-value inference for inferred types and
** producers.
*/
#include "shapes.h"

#include <stdio.h>

static cJSON *position(const ms_shapes_positions *w, uint32_t off) {
  uint32_t line = 0, character = 0;
  w->position(w->ctx, off, &line, &character);
  cJSON *p = cJSON_CreateObject();
  cJSON_AddNumberToObject(p, "line", line);
  cJSON_AddNumberToObject(p, "character", character);
  return p;
}

static cJSON *range(const ms_shapes_positions *w, uint32_t base, ms_span s) {
  cJSON *r = cJSON_CreateObject();
  cJSON_AddItemToObject(r, "start", position(w, base + s.start));
  cJSON_AddItemToObject(r, "end", position(w, base + s.end));
  return r;
}

static void add_span_string(cJSON *o, const char *key, const char *text, ms_span s) {
  if (!s.end) {
    cJSON_AddNullToObject(o, key);
    return;
  }
  char buf[512];
  snprintf(buf, sizeof buf, "%.*s", (int)(s.end - s.start), text + s.start);
  cJSON_AddStringToObject(o, key, buf);
}

static cJSON *op_json(const ms_records *rec, uint32_t opi, const char *text, uint32_t base,
                      const ms_shapes_positions *w) {
  const ms_op *op = &rec->ops[opi];
  cJSON *o = cJSON_CreateObject();
  add_span_string(o, "name", text, op->name);
  cJSON_AddItemToObject(o, "range", range(w, base, ms_op_name_token(op)));
  return o;
}

static cJSON *value_json(const ms_analysis *a, uint32_t v, const char *text, uint32_t base,
                         const ms_shapes_positions *w) {
  const ms_value *x = &a->rec.values[v];
  const char *inferred = ms_analysis_inferred(a, v);
  uint32_t producer = a->info ? a->info[v].producer : MS_NONE;
  if (producer == MS_NONE) producer = x->op;
  char name[128];
  ms_records_value_name(&a->rec, v, text, name, sizeof name);
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "name", name);
  cJSON_AddItemToObject(o, "range", range(w, base, x->def));
  add_span_string(o, "declared", text, x->type);
  if (inferred) cJSON_AddStringToObject(o, "inferred", inferred);
  else add_span_string(o, "inferred", text, x->type);
  cJSON_AddBoolToObject(o, "refined", inferred != NULL);
  cJSON_AddStringToObject(o, "kind", x->op == MS_NONE ? "argument" : "result");
  cJSON_AddNumberToObject(o, "index", x->result);
  if (producer == MS_NONE) cJSON_AddNullToObject(o, "op");
  else cJSON_AddItemToObject(o, "op", op_json(&a->rec, producer, text, base, w));
  return o;
}

void ms_shapes_append(cJSON *values, const ms_analysis *a, const char *text, uint32_t base,
                      const ms_shapes_positions *where) {
  /* Spans index the unit's text. */
  const char *unit = text + base;
  for (size_t v = 0; v < a->rec.nvalues; v++)
    cJSON_AddItemToArray(values, value_json(a, (uint32_t)v, unit, base, where));
}

cJSON *ms_shapes_json(void) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddNumberToObject(doc, "version", MS_SHAPES_VERSION);
  cJSON_AddArrayToObject(doc, "files");
  return doc;
}

cJSON *ms_shapes_add_file(cJSON *doc, const char *name) {
  cJSON *f = cJSON_CreateObject();
  cJSON_AddStringToObject(f, "file", name);
  cJSON *values = cJSON_AddArrayToObject(f, "values");
  cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(doc, "files"), f);
  return values;
}
