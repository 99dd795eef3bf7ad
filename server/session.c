/*
** session.c: a document, its tree and its per-unit analyses (session.h).
**
** Invariant between updates: units[] are sorted, disjoint, in the current
** text's coordinates; a unit that an edit touched is `dirty`. Each unit's
** analysis is stored with offsets relative to the unit's start.
*/
#include "session.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct unit {
  uint32_t start, end;
  bool dirty;
  ms_analysis an;          /* offsets relative to start */
} unit;

struct ms_session {
  ms_document *doc;
  TSParser *parser;
  TSTree *tree;
  bool reparse;            /* the text changed since the last parse */
  bool reanalyze_all;
  const ms_catalog *catalog;
  ms_analyzer_options opts;
  unit *units;
  size_t nunits, cap;
  ms_diag_list syntax;     /* absolute offsets, rebuilt at each update */
};

static void *xrealloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q && n) {
    fputs("mlir-shape: out of memory\n", stderr);
    abort();
  }
  return q;
}

ms_session *ms_session_new(const char *uri, const char *text, size_t len, int version, const ms_catalog *catalog,
                           const ms_analyzer_options *opts) {
  ms_session *self = calloc(1, sizeof *self);
  if (!self) return NULL;
  self->doc = ms_document_new(uri, text, len, version);
  self->parser = ts_parser_new();
  if (!self->doc || !self->parser || !ts_parser_set_language(self->parser, tree_sitter_mlir())) {
    ms_session_delete(self);
    return NULL;
  }
  self->catalog = catalog;
  self->opts = *opts;
  self->reparse = true;
  ms_diag_list_init(&self->syntax);
  return self;
}

static void clear_units(ms_session *self) {
  for (size_t i = 0; i < self->nunits; i++) ms_analysis_clear(&self->units[i].an);
  self->nunits = 0;
}

void ms_session_delete(ms_session *self) {
  if (!self) return;
  clear_units(self);
  free(self->units);
  ms_diag_list_clear(&self->syntax);
  if (self->tree) ts_tree_delete(self->tree);
  if (self->parser) ts_parser_delete(self->parser);
  ms_document_delete(self->doc);
  free(self);
}

ms_document *ms_session_document(ms_session *self) { return self->doc; }
const char *ms_session_uri(const ms_session *self) { return ms_document_uri(self->doc); }
int ms_session_version(const ms_session *self) { return ms_document_version(self->doc); }
TSTree *ms_session_tree(ms_session *self) { return self->tree; }
const ms_catalog *ms_session_catalog(const ms_session *self) { return self->catalog; }
const ms_analyzer_options *ms_session_options(const ms_session *self) { return &self->opts; }
void ms_session_set_version(ms_session *self, int version) { ms_document_set_version(self->doc, version); }

static TSPoint point(ms_point p) { return (TSPoint){p.row, p.column}; }

/* Units wholly before the edit stay; wholly after it move; the rest (and
** any that merely touch it: a token may grow into them) are dirty. */
static void move_units(ms_session *self, const ms_text_edit *e) {
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  for (size_t i = 0; i < self->nunits; i++) {
    unit *u = &self->units[i];
    if (u->end < e->start_byte) continue;
    if (u->start > e->old_end_byte) {
      u->start = (uint32_t)(u->start + delta);
      u->end = (uint32_t)(u->end + delta);
      continue;
    }
    u->dirty = true;
    u->end = u->end >= e->old_end_byte ? (uint32_t)(u->end + delta) : e->new_end_byte;
  }
}

bool ms_session_edit(ms_session *self, ms_position start, ms_position end, const char *text, size_t len,
                     ms_encoding enc) {
  ms_text_edit e;
  if (!ms_document_apply(self->doc, start, end, text, len, enc, &e)) return false;
  if (self->tree) {
    TSInputEdit te = {e.start_byte, e.old_end_byte, e.new_end_byte,
                      point(e.start_point), point(e.old_end_point), point(e.new_end_point)};
    ts_tree_edit(self->tree, &te);
  }
  move_units(self, &e);
  self->reparse = true;
  return true;
}

void ms_session_replace(ms_session *self, const char *text, size_t len) {
  ms_document_replace(self->doc, text, len);
  if (self->tree) ts_tree_delete(self->tree);
  self->tree = NULL;
  clear_units(self);
  self->reparse = true;
}

void ms_session_configure(ms_session *self, const ms_catalog *catalog, const ms_analyzer_options *opts) {
  self->catalog = catalog;
  self->opts = *opts;
  self->reanalyze_all = true;
}

static bool touches_changes(const TSRange *ranges, uint32_t n, uint32_t *next, uint32_t start, uint32_t end) {
  while (*next < n && ranges[*next].end_byte < start) (*next)++;
  return *next < n && ranges[*next].start_byte <= end;
}

static void analyze_unit(ms_session *self, unit *u, TSNode node, const char *text) {
  ms_analysis_init(&u->an);
  ms_analyze_node(self->catalog, &self->opts, node, text, &u->an);
  ms_analysis_shift(&u->an, -(int64_t)u->start);
  u->dirty = false;
}

/* Pairs the new units with the old ones (both sorted): an old unit of the
** same range, clean and outside the reparse's changed ranges, keeps its
** analysis. */
static size_t rebuild_units(ms_session *self, TSNode *nodes, size_t n, const TSRange *changed, uint32_t nchanged,
                            const char *text) {
  unit *fresh = xrealloc(NULL, (n ? n : 1) * sizeof *fresh);
  size_t old = 0, analysed = 0;
  uint32_t next_change = 0;
  for (size_t i = 0; i < n; i++) {
    unit *u = &fresh[i];
    memset(u, 0, sizeof *u);
    u->start = ts_node_start_byte(nodes[i]);
    u->end = ts_node_end_byte(nodes[i]);
    while (old < self->nunits && self->units[old].start < u->start) ms_analysis_clear(&self->units[old++].an);
    unit *o = old < self->nunits ? &self->units[old] : NULL;
    bool reuse = o && !self->reanalyze_all && !o->dirty && o->start == u->start && o->end == u->end &&
                 !touches_changes(changed, nchanged, &next_change, u->start, u->end);
    if (reuse) {
      u->an = o->an;
      memset(&o->an, 0, sizeof o->an);
      old++;
    } else {
      analyze_unit(self, u, nodes[i], text);
      analysed++;
    }
  }
  while (old < self->nunits) ms_analysis_clear(&self->units[old++].an);
  free(self->units);
  self->units = fresh;
  self->nunits = self->cap = n;
  return analysed;
}

size_t ms_session_update(ms_session *self) {
  if (!self->reparse && !self->reanalyze_all && self->tree) return 0;
  size_t len;
  const char *text = ms_document_text(self->doc, &len);
  TSRange *changed = NULL;
  uint32_t nchanged = 0;
  if (self->reparse || !self->tree) {
    TSTree *old = self->tree;
    self->tree = ts_parser_parse_string(self->parser, old, text, (uint32_t)len);
    if (old) {
      changed = ts_tree_get_changed_ranges(old, self->tree, &nchanged);
      ts_tree_delete(old);
    }
    self->reparse = false;
  }
  TSNode root = ts_tree_root_node(self->tree);
  size_t cap = self->nunits + 64;
  TSNode *nodes = xrealloc(NULL, cap * sizeof *nodes);
  size_t n = ms_analyzer_units(root, text, nodes, cap);
  if (n > cap) {
    nodes = xrealloc(nodes, n * sizeof *nodes);
    ms_analyzer_units(root, text, nodes, n);
  }
  size_t analysed = rebuild_units(self, nodes, n, changed, nchanged, text);
  self->reanalyze_all = false;
  free(nodes);
  free(changed);
  ms_diag_list_clear(&self->syntax);
  ms_analyze_syntax(root, text, 0, UINT32_MAX, &self->syntax);
  return analysed;
}

static void copy_diag(ms_diag_list *out, const ms_diagnostic *d, uint32_t base) {
  ms_diagnostic *c = ms_diag_list_add(out, d->start + base, d->end + base, d->severity, d->code, d->rule, "%s",
                                      d->message);
  if (d->has_related)
    ms_diag_set_related(c, d->related_start + base, d->related_end + base, "%s", d->related_message);
}

void ms_session_diagnostics(ms_session *self, ms_diag_list *out) {
  for (size_t i = 0; i < self->syntax.count; i++) copy_diag(out, &self->syntax.items[i], 0);
  for (size_t i = 0; i < self->nunits; i++) {
    const unit *u = &self->units[i];
    for (size_t k = 0; k < u->an.diags.count; k++) copy_diag(out, &u->an.diags.items[k], u->start);
  }
  ms_diag_list_sort(out);
}

/* First unit whose end is past pos (binary search). */
static size_t first_unit_ending_after(const ms_session *self, uint32_t pos) {
  size_t lo = 0, hi = self->nunits;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (self->units[mid].end <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void ms_session_inferences(ms_session *self, uint32_t start, uint32_t end,
                           void (*fn)(void *ctx, const ms_inference *inf), void *ctx) {
  for (size_t i = first_unit_ending_after(self, start); i < self->nunits && self->units[i].start < end; i++) {
    const unit *u = &self->units[i];
    for (size_t k = 0; k < u->an.ninferences; k++) {
      ms_inference inf = u->an.inferences[k];
      inf.op_start += u->start;
      inf.op_end += u->start;
      inf.name_start += u->start;
      inf.name_end += u->start;
      if (inf.result_end) {
        inf.result_start += u->start;
        inf.result_end += u->start;
      }
      if (inf.op_end > start && inf.op_start < end) fn(ctx, &inf);
    }
  }
}

bool ms_session_unit_at(ms_session *self, uint32_t pos, uint32_t *start, uint32_t *end) {
  size_t i = first_unit_ending_after(self, pos);
  if (i == self->nunits || self->units[i].start > pos) return false;
  *start = self->units[i].start;
  *end = self->units[i].end;
  return true;
}
