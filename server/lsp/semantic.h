/*
** semantic.h: LSP semantic tokens (textDocument/semanticTokens/full,
** full/delta and range).
**
** Legend (ms_semantic_legend): ops as two tokens, the dialect `namespace`
** and the op name `method` (`func.func` and `return` included); SSA values
** `variable` (block and function arguments `parameter`) with `readonly`
** everywhere (SSA values are never reassigned) and `declaration` at their
** definition; block labels `label` (`declaration` at the block); symbols
** `@f` `function` (`declaration` where defined); types `type`; attribute
** names `property`; `module` and other builtin words `keyword`. The custom
** modifier `refined` marks a value whose inferred shape differs from its
** declared type (at its definition and at every use).
**
** full/delta needs the previous answer: the caller keeps one
** ms_semantic_cache per open document and frees it with
** ms_semantic_cache_free.
*/
#ifndef MS_SEMANTIC_H
#define MS_SEMANTIC_H

#include <cjson/cJSON.h>

#include "document.h"
#include "session.h"

typedef struct ms_semantic_cache {
  uint32_t *data;            /* the last full or delta answer's data */
  size_t n;
  unsigned long result_id;   /* 0: none */
} ms_semantic_cache;

/* The semanticTokensProvider capability: {legend, range, full: {delta}}. */
cJSON *ms_semantic_provider(void);

/* textDocument/semanticTokens/full -> {resultId, data}. */
cJSON *ms_semantic_full(ms_session *s, ms_semantic_cache *cache, const cJSON *params, ms_encoding enc);

/* textDocument/semanticTokens/full/delta {previousResultId} -> {resultId,
** edits} (one edit: the changed middle), or the full form when the
** previous result is not the one kept. */
cJSON *ms_semantic_delta(ms_session *s, ms_semantic_cache *cache, const cJSON *params, ms_encoding enc);

/* textDocument/semanticTokens/range {range} -> {data}. */
cJSON *ms_semantic_range(ms_session *s, const cJSON *params, ms_encoding enc);

void ms_semantic_cache_free(ms_semantic_cache *cache);

#endif
