/*
** execute.c: executeCommand's commands (execute.h).
*/
#include "execute.h"
#include "value_features.h"

#include <stdio.h>
#include <string.h>

#include "facts.h"
#include "queries.h"

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


/* The value table as `mlir-shape shapes --format=json` prints it (shapes.h),
** for the document. */
cJSON *ms_inferred_shapes(ms_session *s, ms_encoding enc) { return ms_value_shapes_json(s, enc); }
