/*
** session.h: one document open in the language server.
**
** A session owns the text (document.h), its tree-sitter tree and the
** analysis of each top-level unit (analyzer.h: a function or other op at
** the top level or directly in a module). An edit is applied to the text
** and to the tree at once (ts_tree_edit); ms_session_update then reparses
** incrementally and re-analyses only the units whose text the edits or the
** reparse changed. Every other unit keeps its analysis, stored relative to
** the unit's start so that an edit before it only moves the unit. A big
** document's whole parse (open, full replace, an edit across its chunks)
** can run off the caller's thread (ms_session_build_start).
*/
#ifndef MS_SESSION_H
#define MS_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <tree_sitter/api.h>

#include "analyzer.h"
#include "catalog.h"
#include "diag.h"
#include "document.h"

typedef struct ms_session ms_session;

/* A session over a copy of text. The catalog must outlive the session (or
** be replaced with ms_session_configure first). NULL when out of memory. */
ms_session *ms_session_new(const char *uri, const char *text, size_t len, int version, const ms_catalog *catalog,
                           const ms_analyzer_options *opts);
void ms_session_delete(ms_session *self);

ms_document *ms_session_document(ms_session *self);
const char *ms_session_uri(const ms_session *self);
int ms_session_version(const ms_session *self);

/* The trees as of the last ms_session_update. A document above the
** chunking threshold has one tree per chunk (the first holds the module's
** own lines), each covering its ranges of the text with the document's
** offsets; a smaller one has one tree. Only the trees of the chunks used
** last, up to the tree budget, are kept between updates (the analyses of
** every unit are): the calls below parse a dropped tree again. A tree
** they return is valid until the next edit or update. */
TSTree *ms_session_tree(ms_session *self);       /* the first tree */
TSTree *ms_session_tree_at(ms_session *self, uint32_t pos); /* the tree holding byte pos */
/* Writes up to max trees in text order and returns how many there are;
** every tree written is held until the next update (for tests: whole
** document walks use ms_session_each_tree). */
size_t ms_session_trees(ms_session *self, TSTree **out, size_t max);
/* Calls fn for the tree of every chunk with text in [start, end), in text
** order. A dropped tree is parsed again for the call and dropped after it
** while the budget is full, so a walk over a big document never holds all
** of its trees. The tree is valid only during the call. */
void ms_session_each_tree(ms_session *self, uint32_t start, uint32_t end, void (*fn)(void *ctx, TSTree *tree),
                          void *ctx);

/* The budget: trees are kept for at most this many bytes of text (default
** an eighth of the document's, at most 16 MiB: about one byte of tree per
** byte of text), the least recently used dropped first; the first chunk's
** tree, and the tree of the chunk used last (an edit's), are kept whatever
** the budget (but see ms_session_release_trees). Takes effect at the next
** update or build. For tests and benchmarks. */
void ms_session_set_tree_budget(ms_session *self, size_t bytes);
/* Drops every tree, the first chunk's too, keeping the analyses: a
** document the user is not working in holds its text and analyses only
** (trees are ~8 bytes per byte of text); the calls above and the next
** update parse again what they need. Nothing while a build is under way.
** True when it dropped any. */
bool ms_session_release_trees(ms_session *self);
/* Bytes of text whose trees are held now (the first chunk's aside). */
size_t ms_session_tree_bytes(const ms_session *self);

/* Documents above `threshold` bytes are cut into chunks of about `target`
** bytes (defaults 512 KiB and 64 KiB); takes effect at the next update, which
** parses everything again. For tests and benchmarks. */
void ms_session_set_chunking(ms_session *self, size_t threshold, size_t target);

/* Whether a long function's body is cut into pieces judged in order
** (session_flow.c), or the function stays one chunk. On by default. */
void ms_session_set_function_cutting(ms_session *self, bool on);

/* Applies an incremental change (LSP range in `enc` units) to the text and
** the tree. False (nothing changed) for an invalid range. */
bool ms_session_edit(ms_session *self, ms_position start, ms_position end, const char *text, size_t len,
                     ms_encoding enc);
/* Replaces the whole text (full sync). */
void ms_session_replace(ms_session *self, const char *text, size_t len);
void ms_session_set_version(ms_session *self, int version);

/* New rules or options: every unit is analysed again at the next update
** (or build: a document some of whose trees were dropped is parsed whole
** again, on the workers with ms_session_build_start). */
void ms_session_configure(ms_session *self, const ms_catalog *catalog, const ms_analyzer_options *opts);

/* Reparses (incrementally) if the text changed and re-analyses the units
** that need it; a document cut and parsed whole again (open, full replace,
** an edit across chunks) is parsed on a worker pool and waited for. A
** build under way (ms_session_build_start) is waited for first. Returns
** how many units were analysed. */
size_t ms_session_update(ms_session *self);

/* Asynchronous updates, for the language server's loop, which must keep
** reading while a big document is first parsed.
**
** ms_session_build_start does what ms_session_update does, except that
** when the whole document must be parsed again and it is above the
** chunking threshold, it only submits the chunks to worker threads and
** returns true: a build is under way. notify(ctx) is then called on a
** worker thread (so it must be thread-safe: uv_async_send) after each
** chunk is finished, and the owner calls ms_session_build_poll on its own
** thread. False: the session is up to date (small documents, edits inside
** one chunk). True at once when a build is already under way.
**
** While a build runs the session shows the chunks finished so far that
** precede every unfinished one (text order, the module's own lines
** first): every accessor below sees that prefix only, and nothing but the
** owner's polls changes it. Edits, replace, configure, set_chunking and
** delete cancel the build first (ms_session_build_cancel). */
bool ms_session_build_start(ms_session *self, void (*notify)(void *ctx), void *ctx);
bool ms_session_building(const ms_session *self);

typedef enum ms_build_state {
  MS_BUILD_NONE,    /* no build under way */
  MS_BUILD_RUNNING, /* more of the document may be shown now */
  /* Once per build of a big document (2 MB and up): the chunks covering
  ** its first megabyte are shown, the rest is still being parsed. The
  ** language server publishes them, so a big file shows its first
  ** diagnostics long before the whole file is done. */
  MS_BUILD_TOP,
  MS_BUILD_DONE     /* finished: the session is up to date */
} ms_build_state;

/* On the owner's thread: takes in the chunks finished since the last poll. */
ms_build_state ms_session_build_poll(ms_session *self);

/* Stops the build under way, if any: parses stop within milliseconds
** (tree-sitter's cancellation flag), chunks not yet started are skipped,
** the workers are joined and what was built is dropped; the next update
** or build parses the whole document again. */
void ms_session_build_cancel(ms_session *self);

/* Appends every diagnostic (syntax and analysis) with absolute offsets to
** out, sorted by position. */
void ms_session_diagnostics(ms_session *self, ms_diag_list *out);

/* Calls fn for every diagnostic (absolute offsets), syntax errors first,
** then unit by unit in order; nothing is copied. `d` is valid only during
** the call; its offsets are already absolute. */
void ms_session_each_diagnostic(ms_session *self, void (*fn)(void *ctx, const ms_diagnostic *d), void *ctx);

/* A unit's analysis as stored: offsets relative to `start`. `generation`
** identifies the analysis: it changes when the unit is analysed again, or
** moved by an edit so that a line or character its diagnostics show
** changes (the pieces of a cut function are stored from the function's
** start: session_flow.c), so the JSON of a unit's diagnostics at a given
** start position can be cached by it (lsp_docs.c). Nothing else may be. */
typedef struct ms_unit_view {
  uint32_t start, end;
  uint64_t generation;
  const ms_analysis *analysis;
} ms_unit_view;

/* Calls fn for every unit in text order. */
void ms_session_each_unit(ms_session *self, void (*fn)(void *ctx, const ms_unit_view *u), void *ctx);

/* Calls fn for every syntax error (absolute offsets). */
void ms_session_each_syntax_error(ms_session *self, void (*fn)(void *ctx, const ms_diagnostic *d), void *ctx);

/* Calls fn for every inference (absolute offsets) whose op overlaps
** [start, end), in order, with its inferred type ("" when none). */
void ms_session_inferences(ms_session *self, uint32_t start, uint32_t end,
                           void (*fn)(void *ctx, const ms_inference *inf, const char *type), void *ctx);

/* The stored analysis of the unit containing byte `pos` (its records, value
** table, inferred types and diagnostics), with spans relative to the unit's
** start, which goes to *offset; NULL when pos lies in no unit. Valid until
** the next edit or update. The queries read this instead of walking the
** tree again. */
const ms_analysis *ms_session_unit_analysis(ms_session *self, uint32_t pos, uint32_t *offset);

/* The unit containing byte `pos`: its range; false when pos lies in none. */
bool ms_session_unit_at(ms_session *self, uint32_t pos, uint32_t *start, uint32_t *end);

const ms_catalog *ms_session_catalog(const ms_session *self);
const ms_analyzer_options *ms_session_options(const ms_session *self);

#endif
