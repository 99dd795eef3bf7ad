/*
** execute.c: executeCommand's commands (execute.h).
*/
#include "execute.h"

#include <stdio.h>
#include <string.h>

#include "facts.h"
#include "features.h"

cJSON *ms_execute_provider(void) {
  cJSON *p = cJSON_CreateObject();
  cJSON *cmds = cJSON_AddArrayToObject(p, "commands");
  cJSON_AddItemToArray(cmds, cJSON_CreateString(MS_COMMAND_BROADCAST));
  cJSON_AddItemToArray(cmds, cJSON_CreateString(MS_COMMAND_INFERRED_SHAPES));
  return p;
}

const char *ms_execute_uri(const cJSON *arguments) {
  const cJSON *a = cJSON_GetArrayItem(arguments, 0);
  if (cJSON_IsString(a)) return a->valuestring;
  const cJSON *u = cJSON_GetObjectItemCaseSensitive(a, "uri");
  if (cJSON_IsString(u)) return u->valuestring;
  u = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(a, "textDocument"), "uri");
  return cJSON_IsString(u) ? u->valuestring : NULL;
}

static void add_text_or_null(cJSON *o, const char *key, const char *text, uint32_t a, uint32_t b) {
  if (b > a) {
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(b - a), text + a);
    cJSON_AddStringToObject(o, key, buf);
  } else {
    cJSON_AddNullToObject(o, key);
  }
}

cJSON *ms_inferred_shapes(ms_session *s, ms_encoding enc) {
  const char *text = ms_document_text(ms_session_document(s), NULL);
  cJSON *out = cJSON_CreateObject();
  cJSON_AddNumberToObject(out, "version", 1);
  cJSON *values = cJSON_AddArrayToObject(out, "values");
  ms_value_facts f = {0};
  ms_facts_values(s, 0, UINT32_MAX, &f);
  ms_shape_facts *shapes = ms_facts_shapes(s, 0, UINT32_MAX);
  ms_def_infos defs = {0};
  ms_facts_definitions(s, 0, UINT32_MAX, &defs);
  for (size_t i = 0; i < f.n; i++) {
    const ms_value_fact *v = &f.items[i];
    if (!v->is_def) continue;
    cJSON *o = cJSON_CreateObject();
    add_text_or_null(o, "name", text, v->start, v->end);
    cJSON_AddItemToObject(o, "range", ms_feature_range(s, v->start, v->end, enc));
    add_text_or_null(o, "declared", text, v->type_start, v->type_end);
    char inferred[200];
    if (ms_facts_inferred(shapes, v->start, inferred, sizeof inferred, NULL))
      cJSON_AddStringToObject(o, "inferred", inferred);
    else
      cJSON_AddNullToObject(o, "inferred");
    const ms_def_info *d = ms_def_infos_find(&defs, v->start);
    add_text_or_null(o, "producer", text, d ? d->op_name_start : 0, d ? d->op_name_end : 0);
    cJSON_AddItemToArray(values, o);
  }
  ms_shape_facts_free(shapes);
  ms_def_infos_free(&defs);
  ms_value_facts_free(&f);
  return out;
}
