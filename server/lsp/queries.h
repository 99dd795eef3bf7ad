/*
** queries.h: the language server's read-only queries on a session.
**
** Each function takes an updated session (session.h), the request's params
** object and the negotiated position encoding, and returns a new cJSON
** value for the response's "result" (the caller owns it and sends it);
** NULL means JSON null. Positions in and out are LSP positions converted
** with document.h. lsp.c dispatches the requests here; nothing here sends
** messages or keeps state between calls.
*/
#ifndef MS_QUERIES_H
#define MS_QUERIES_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

/* textDocument/hover: on an SSA value (value_features.h): its declared and
** inferred type, its definition and the ops its shape came from, as links;
** on an op (its name or anywhere in its text): for a checked op the rule,
** the inferred result type and a markdown table of the derivation per
** dimension, then for any op its operands and results with their declared
** and inferred types. */
cJSON *ms_feature_hover(ms_session *s, const cJSON *params, ms_encoding enc);

/* textDocument/inlayHint: `⇒ T` after each definition whose inferred type
** T is more precise than declared, and after each op whose declared result
** is less precise than, or not, the inferred type (one hint per place). */
cJSON *ms_feature_inlay_hints(ms_session *s, const cJSON *params, ms_encoding enc);

/* textDocument/codeAction: quickfixes for the diagnostics in range: replace
** the declared result type with the inferred one; change a use's type to
** its definition's (the finding's stored fix). For a refined
** value in range: "Refine type of %x to T" and "Refine all
** types in this function". */
cJSON *ms_feature_code_actions(ms_session *s, const cJSON *params, ms_encoding enc);

/* textDocument/definition, references, documentHighlight: SSA values, block
** labels (^bb1) and symbols (@func). */
cJSON *ms_feature_definition(ms_session *s, const cJSON *params, ms_encoding enc);
cJSON *ms_feature_references(ms_session *s, const cJSON *params, ms_encoding enc);
cJSON *ms_feature_highlight(ms_session *s, const cJSON *params, ms_encoding enc);

/* textDocument/documentSymbol (functions and their ops, nested) and
** textDocument/foldingRange (regions). */
cJSON *ms_feature_document_symbols(ms_session *s, const cJSON *params, ms_encoding enc);
cJSON *ms_feature_folding_ranges(ms_session *s, const cJSON *params, ms_encoding enc);

/* mlirShape/inferredShape {textDocument, position} ->
** {"type": inferred type or null, "rule": name, "markdown": hover text}
** for the op under the cursor (the VS Code command "Show inferred shape"). */
cJSON *ms_feature_inferred_shape(ms_session *s, const cJSON *params, ms_encoding enc);

/* The thing under byte pos that has occurrences, and every occurrence of
** it (text order, the definition flagged): an SSA value (all events of its
** definition in the unit), a block label (in its region) or a symbol (`@f`
** and a generic op's `sym_name = "f"`, in the document). *items is
** malloc'ed (the caller frees it); MS_OCC_NONE when pos is on none. For
** rename (rename.c). */
typedef enum ms_occ_kind { MS_OCC_NONE, MS_OCC_VALUE, MS_OCC_LABEL, MS_OCC_SYMBOL } ms_occ_kind;
typedef struct ms_occurrence {
  uint32_t start, end;
  bool is_def;
} ms_occurrence;
ms_occ_kind ms_feature_occurrences(ms_session *s, uint32_t pos, ms_occurrence **items, size_t *n);

/* Reads an LSP Position object ({"line", "character"}): false when either
** is missing, not a number or negative; values past 2^32 - 1 read as
** 2^32 - 1 (beyond the end, which document.h clamps). */
bool ms_feature_read_position(const cJSON *obj, ms_position *out);

/* An LSP Range object for a byte range of the session's document. */
cJSON *ms_feature_range(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc);

#endif
