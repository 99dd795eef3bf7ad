/*
** actions.h: the code actions offered on every finding, besides the
** quick fixes of queries.c:
**   "Add `// expected-error` annotation": an MLIR `-verify-diagnostics`
**     annotation for the finding (`// expected-error @+N {{...}}`,
**     `expected-warning` for warnings, `expected-remark` below), written
**     on a new line above the op (above the comments right before it), with
**     the message's stable part: its headline before the first ": ",
**     which the details (shapes, dims) follow;
**   "Disable CODE for this line": `// mlir-shape-disable-next-line CODE`
**     right above the op (added to such a directive already there).
*/
#ifndef MS_ACTIONS_H
#define MS_ACTIONS_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

/* Appends the actions for params.context.diagnostics to out (an array). */
void ms_finding_actions(ms_session *s, const cJSON *params, ms_encoding enc, cJSON *out);

/* The stable part of a message, as written in the annotation's {{...}}. */
void ms_expected_text(const char *message, char *out, size_t n);

#endif
