/*
** execute.h: workspace/executeCommand's commands.
**
**   mlir-shape.broadcast ARGS: the calculator (`mlir-shape broadcast`) as
**     JSON, see ms_broadcast_json in commands.h.
**   mlir-shape.inferredShapes URI: the value table of an open document,
**     {"version": 1, "values": [{"name", "range", "declared", "inferred",
**     "producer"}]}: every SSA value defined in it, in text order, with its
**     definition's range, its declared type (null when not written), the
**     type the analysis infers for it (null when unknown) and the op that
**     defines it (null for arguments).
*/
#ifndef MS_EXECUTE_H
#define MS_EXECUTE_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

#define MS_COMMAND_BROADCAST "mlir-shape.broadcast"
#define MS_COMMAND_INFERRED_SHAPES "mlir-shape.inferredShapes"

/* The executeCommandProvider capability: {commands: [...]}. */
cJSON *ms_execute_provider(void);

/* The document URI among a command's arguments: a string, {uri} or
** {textDocument: {uri}}; NULL when none. */
const char *ms_execute_uri(const cJSON *arguments);

cJSON *ms_inferred_shapes(ms_session *s, ms_encoding enc);

#endif
