/*
** symbols.h: workspace/symbol over a document, and the `// -----` chunks of
** split test files for textDocument/documentSymbol.
*/
#ifndef MS_SYMBOLS_H
#define MS_SYMBOLS_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

/* Appends to out (an array of SymbolInformation) the symbols of the
** session's document matching query (case-insensitive, its characters in
** order; "" matches all): functions (func.func, generic or pretty, and
** other `*.func` ops), globals (ops named `*global*` defining a symbol),
** named modules, and the `// -----` chunks of a split file. Stops once out
** holds max items. */
void ms_workspace_symbols(ms_session *s, const char *query, ms_encoding enc, cJSON *out, size_t max);

/* Whether a symbol name matches a workspace/symbol query: its characters
** in order, case-insensitive ("" matches all). */
bool ms_symbol_matches(const char *query, const char *name);

/* A split file (with `// -----` lines): the document symbols `top` (an
** array in text order) regrouped under one Namespace symbol per chunk;
** top is consumed. Otherwise top itself. */
cJSON *ms_chunk_symbols(ms_session *s, cJSON *top, ms_encoding enc);

#endif
