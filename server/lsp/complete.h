/*
** complete.h: textDocument/completion and textDocument/signatureHelp.
**
** Completion, by what precedes the cursor on its line: after `%`, the SSA
** values visible there (defined in an enclosing region, function
** arguments included); at the start of an op (after `%x = ` or at the
** start of a line, optionally after `"`), the op names of the rule
** catalog with their rule as `detail` and the entry's description as
** documentation; at an attribute key of an op's `{...}` or `<{...}>`, the
** attribute names that the catalog reads for that op.
**
** Signature help: inside the operand list of a generic op
** (`"tosa.mul"(%a, |`), the catalog's operand roles for the op.
*/
#ifndef MS_COMPLETE_H
#define MS_COMPLETE_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

cJSON *ms_complete(ms_session *s, const cJSON *params, ms_encoding enc);
cJSON *ms_signature_help(ms_session *s, const cJSON *params, ms_encoding enc);

#endif
