/*
** rename.h: textDocument/prepareRename and textDocument/rename of SSA
** values (`%x`), block labels (`^bb1`) and function symbols (`@f`).
**
** A value is renamed at its definition and every use that resolves to it
** (the `#N` of `%x#1` and the `:N` of `%x:2` stay); a label in its region;
** a function at its definition (`@f`, or `sym_name = "f"` of a generic
** func.func) and every `@f` of the document. Anything else is refused with
** a message saying why; so is a new name that is not a valid MLIR
** identifier or that another value or label of the same scope already
** has.
*/
#ifndef MS_RENAME_H
#define MS_RENAME_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

/* {range, placeholder} for the token under params.position; NULL with a
** reason in err when it cannot be renamed. */
cJSON *ms_rename_prepare(ms_session *s, const cJSON *params, ms_encoding enc, char *err, size_t errlen);

/* A WorkspaceEdit {changes: {uri: [TextEdit]}} renaming the token under
** params.position to params.newName (with or without its sigil); NULL with
** a reason in err when refused. */
cJSON *ms_rename(ms_session *s, const cJSON *params, ms_encoding enc, char *err, size_t errlen);

#endif
