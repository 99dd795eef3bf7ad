/*
** value_features.h: what the language server shows about SSA values.
**
** Hover on a value (declared type, inferred type, the chain of ops its
** shape came from, each a link), the values section of an op's hover,
** inlay hints after definitions whose inferred type is more precise than
** declared, and the refine code actions. Everything is read from the
** session's stored analysis of the unit (session.h: records, value table,
** inferred types): no tree is walked. queries.c dispatches here.
*/
#ifndef MS_VALUE_FEATURES_H
#define MS_VALUE_FEATURES_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "document.h"
#include "session.h"

/* The hover of the SSA value (definition or use) at byte pos; NULL when
** pos is on no value. */
cJSON *ms_value_hover(ms_session *s, uint32_t pos, ms_encoding enc);

/* The hover of the op at byte pos: `detail_md` (the rule's markdown, may
** be NULL) followed by a table of the op's operands and results with their
** declared and inferred types. NULL when pos is in no op with values and
** detail_md is NULL. [start, end) is the hover's range when detail_md is
** NULL. */
cJSON *ms_value_op_hover(ms_session *s, uint32_t pos, const char *detail_md, uint32_t start, uint32_t end,
                         ms_encoding enc);

/* Appends to out the inlay hints `⇒ T` after each definition in [start,
** end] whose inferred type T is more precise than declared; returns the
** byte offsets used, sorted (*n of them, the caller frees), so that the
** op-result hints can skip them. */
uint32_t *ms_value_inlay_hints(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc, cJSON *out, size_t *n);

/* Appends to out "Refine type of %x to T" for each refined value whose
** definition, declared type or a use touches [start, end], then, with
** those, "Refine all types in this function". */
void ms_value_refine_actions(ms_session *s, uint32_t start, uint32_t end, ms_encoding enc, cJSON *out);

/* The shapes table (shapes.h) of the whole document, from the stored
** analyses: {"version", "files": [{"file": the document's URI, "values"}]},
** positions in `enc`. For workspace/executeCommand. */
cJSON *ms_value_shapes_json(ms_session *s, ms_encoding enc);

/* The stored diagnostic with exactly this byte range and code, if it has a
** preferred fix: its replacement in *fix_start, *fix_end and fix_text (NUL
** terminated, truncated to n bytes). */
bool ms_value_stored_fix(ms_session *s, uint32_t start, uint32_t end, const char *code, uint32_t *fix_start,
                         uint32_t *fix_end, char *fix_text, size_t n);

#endif
