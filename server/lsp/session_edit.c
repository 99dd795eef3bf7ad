/*
** session_edit.c: an LSP edit applied to a session (session.h): the text
** changes, every chunk's ranges, units and findings move with it, the
** chunk it fell in is marked for reparsing, and an edit that may move what
** the document's cutting found (a function's end, a type alias, a stretch
** that cannot be MLIR text) schedules a rechunk, as a fresh open would cut.
** Also: a whole replacement and a new configuration.
*/
#include "session_int.h"

#include <string.h>

#include "aliases.h"
#include "source.h"

static TSPoint point(ms_point p) { return (TSPoint){p.row, p.column}; }

static void shift_u32(uint32_t *x, int64_t delta) { *x = (uint32_t)((int64_t)*x + delta); }

/* Units wholly before the edit stay; wholly after it move; the rest (and
** any that merely touch it: a token may grow into them) are dirty. */
static void move_units(chunk *c, const ms_text_edit *e) {
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  for (size_t i = 0; i < c->nunits; i++) {
    unit *u = &c->units[i];
    if (u->end < e->start_byte) continue;
    if (u->start > e->old_end_byte) {
      shift_u32(&u->start, delta);
      shift_u32(&u->end, delta);
      continue;
    }
    u->dirty = true;
    u->end = u->end >= e->old_end_byte ? (uint32_t)(u->end + delta) : e->new_end_byte;
  }
}

static void move_list(ms_diag_list *l, const ms_text_edit *e) {
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  for (size_t i = 0; i < l->count; i++) {
    ms_diagnostic *d = &l->items[i];
    if (d->start >= e->old_end_byte) {
      shift_u32(&d->start, delta);
      shift_u32(&d->end, delta);
    }
  }
}

static void move_syntax(chunk *c, const ms_text_edit *e) {
  move_list(&c->syntax, e);
  move_list(&c->nesting, e);
}

/* A chunk the edit is not in: only what lies after the edit moves. */
static void shift_after(chunk *c, const ms_text_edit *e) {
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  for (size_t i = 0; i < c->nunits; i++)
    if (c->units[i].start >= e->old_end_byte) {
      shift_u32(&c->units[i].start, delta);
      shift_u32(&c->units[i].end, delta);
    }
  move_syntax(c, e);
}

static void edit_chunk(chunk *c, const ms_text_edit *e, const TSInputEdit *te, int holder) {
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  bool moved = false;
  for (int r = 0; r < c->nranges; r++) {
    if (r == holder) {
      shift_u32(&c->end[r], delta);
      moved = true;
    } else if (c->start[r] >= e->old_end_byte) {
      shift_u32(&c->start[r], delta);
      shift_u32(&c->end[r], delta);
      moved = true;
    }
  }
  if (c->tree && (moved || c->nranges == 0)) ts_tree_edit(c->tree, te);
  if (holder < 0) {
    shift_after(c, e);
    return;
  }
  move_units(c, e);
  move_syntax(c, e);
  c->reparse = true;
}

/* Type aliases: an edit inside a definition, or one that adds or removes a
** `!`, may change what a type means everywhere (every unit is analysed
** again); one before the last definition only moves them (they are
** scanned again). */
static void note_alias_edit(ms_session *self, ms_position start, ms_position end, const char *text, size_t len,
                            ms_encoding enc) {
  size_t a = ms_document_offset(self->doc, start, enc), b = ms_document_offset(self->doc, end, enc);
  const char *doc = ms_document_text(self->doc, NULL);
  if (memchr(text, '!', len) || (b > a && memchr(doc + a, '!', b - a)) ||
      ms_alias_table_touches(self->aliases, (uint32_t)a, (uint32_t)b)) {
    self->rescan_aliases = true;
    self->reanalyze_all = true;
  } else if (a <= ms_alias_table_end(self->aliases)) {
    self->rescan_aliases = true;
  }
}

/* Where a cut function ends is found when the document is cut: an edit
** that may open or close a region, a string or a comment (a `{`, `}`, `"`
** or `/` written or removed) can move that end, so that pieces of a
** function would go on flowing values into what is now another function.
** Such an edit, while any function is cut, cuts the document again. */
static bool may_move_function_end(const ms_session *self, ms_position start, ms_position end, const char *text,
                                  size_t len, ms_encoding enc) {
  bool cut = false;
  for (size_t i = 0; i < self->nchunks && !cut; i++) cut = self->chunks[i].flow != MS_UNIT_ALONE;
  if (!cut) return false;
  static const char structural[] = "{}\"/";
  for (size_t i = 0; i < len; i++)
    if (strchr(structural, text[i]) && text[i]) return true;
  size_t a = ms_document_offset(self->doc, start, enc), b = ms_document_offset(self->doc, end, enc);
  const char *doc = ms_document_text(self->doc, NULL);
  for (size_t i = a; i < b; i++)
    if (strchr(structural, doc[i]) && doc[i]) return true;
  return false;
}

/* Where stretches that cannot be MLIR text lie is found when the document
** is cut (garbage.c): an edit in or near one (foreign bytes at most 4 KB
** apart join it), or one that writes a text long enough to be one, cuts
** the document again, as a fresh open would. */
#define NOT_TEXT_NEAR (4u << 10)
#define NOT_TEXT_MIN (64u << 10)

static bool may_move_not_text(const ms_session *self, size_t a, size_t b, const char *text, size_t len) {
  if (len >= NOT_TEXT_MIN && ms_source_foreign(text, 0, (uint32_t)len) < len) return true;
  for (size_t i = 0; i < self->nchunks; i++) {
    const chunk *c = &self->chunks[i];
    if (c->not_text && a <= (size_t)c->end[0] + NOT_TEXT_NEAR && b + NOT_TEXT_NEAR >= c->start[0]) return true;
  }
  return false;
}

bool ms_session_edit(ms_session *self, ms_position start, ms_position end, const char *text, size_t len,
                     ms_encoding enc) {
  ms_text_edit e;
  ms_session_build_cancel(self);
  note_alias_edit(self, start, end, text, len, enc);
  ms_session_note_edit(self, start, end, enc);
  bool structural = may_move_function_end(self, start, end, text, len, enc) ||
                    may_move_not_text(self, ms_document_offset(self->doc, start, enc),
                                      ms_document_offset(self->doc, end, enc), text, len);
  if (!ms_document_apply(self->doc, start, end, text, len, enc, &e)) return false;
  if (structural) self->rechunk = true;
  if (self->rechunk) return true;
  TSInputEdit te = {e.start_byte, e.old_end_byte, e.new_end_byte,
                    point(e.start_point), point(e.old_end_point), point(e.new_end_point)};
  chunk *holder = ms_session_chunk_at(self, e.start_byte);
  int r = holder ? ms_session_range_holding(holder, e.start_byte, e.old_end_byte) : -1;
  /* The snapshot holds the spans of the text before its piece. */
  if (self->snap && e.start_byte < self->chunks[self->snap_chunk].start[0]) ms_session_drop_snap(self);
  if (r < 0) {
    self->rechunk = true;
    return true;
  }
  for (size_t i = 0; i < self->nchunks; i++) {
    chunk *c = &self->chunks[i];
    edit_chunk(c, &e, &te, c == holder ? r : -1);
  }
  ms_session_flow_edited(self, (size_t)(holder - self->chunks), &e);
  return true;
}

void ms_session_replace(ms_session *self, const char *text, size_t len) {
  ms_session_build_cancel(self);
  ms_document_replace(self->doc, text, len);
  self->rechunk = true;
}

void ms_session_configure(ms_session *self, const ms_catalog *catalog, const ms_analyzer_options *opts) {
  /* The workers read the catalog and the options (the old catalog may be
  ** freed right after this call). */
  ms_session_build_cancel(self);
  self->catalog = catalog;
  self->opts = *opts;
  self->opts.aliases = self->aliases;
  self->reanalyze_all = true;
  ms_session_drop_snap(self);
}
