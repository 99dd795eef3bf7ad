/*
** session_flow.c: the pieces of a long function in a session (session_int.h).
**
** A document is cut as `check` cuts it (cut.c): in the module, and in the
** body of a function longer than a chunk, whose pieces are chunks
** (MS_UNIT_FLOW_FIRST: the function op up to the first cut and its
** closing lines; MS_UNIT_FLOW_NEXT: runs of ops directly in its body).
** Each piece is parsed on its own, on the build's workers, which then read
** its op records only (ms_session_read_piece). The owner takes the pieces
** in text order and judges them against the function's one value table
** (flow.h: values flow forward, a piece needs only what came before it):
** each piece's judged records, behind proxies of the earlier values it
** uses, its inferences and its findings are the chunk's one unit (stored
** relative to the function's start, where the proxies' spans are), so the
** hover, definitions, hints and diagnostics read them as they read any
** unit. The head's closing lines (and any op after them up to the next
** one, which is no part of the function) are a second unit of its chunk.
**
** A piece's records are kept (its tree is freed once they are read; the
** piece edited last keeps its tree for incremental reparsing), so judging
** it again needs no tree. After an edit inside a piece, the piece is
** parsed again and its function judged again from the edited piece on:
** the session keeps a copy of the function's table before the piece
** edited last (`snap`), valid while the text before that piece is
** unchanged, and one after it (`snap_after`); an edit before it judges the
** function from its head and moves the snapshots to the new piece. Edits
** elsewhere in the function move the other pieces' stored units in place
** (what lies past the edit; a unit whose diagnostics show the same lines
** and characters keeps its generation, so its cached JSON stands) and
** their records when they are next judged (`moves`). The pieces are
** no larger than the module's chunks (session.c: PIECE_TARGET). Judging stops after the
** edited piece when the table after it is the same as before the edit
** (ms_flow_same: the same names, each with the same value, op, operand #1,
** producer and inference, nothing the edit fell on): the later pieces
** would read what they read, and their stored results stand. The table
** before the edit is `snap_after`, or, for the first edit in a piece (the
** only edit since the last judging), the piece's old records judged on the
** old text (the current one with the edit undone). The pieces between the
** snapshot's and the edited one (or the head and it) are unchanged and
** follow an unchanged table: they only give the table their values again
** (ms_flow_add), and their stored units, with their generations, stand.
*/
#include "session_int.h"
#include "alloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The records of c's first range, waiting to be judged; the head's closing
** lines analysed on their own into units[1]. units[0] is filled when the
** piece is judged. */
static void read_records(chunk *c, TSNode root, const ms_catalog *catalog, const ms_analyzer_options *opts,
                         const char *text) {
  c->nmoves = 0;
  if (c->piece) ms_records_clear(c->piece);
  else c->piece = ms_xmalloc(sizeof *c->piece);
  ms_records_init(c->piece);
  ms_records_build(c->piece, root, text, c->start[0], c->end[0]);
  ms_records_shrink(c->piece); /* kept while the piece lives */
  bool tail = c->flow == MS_UNIT_FLOW_FIRST && c->nranges == 2 && c->end[1] > c->start[1];
  size_t want = tail ? 2 : 1;
  if (c->nunits != want) {
    for (size_t i = 0; i < c->nunits; i++) ms_stored_analysis_free(c->units[i].an);
    free(c->units);
    c->units = ms_xcalloc(want, sizeof *c->units);
    c->nunits = want;
  }
  if (!tail) return;
  unit *u = &c->units[1];
  ms_stored_analysis_free(u->an);
  u->start = c->start[1];
  u->end = c->end[1];
  u->dirty = false;
  ms_analysis an;
  ms_analysis_init(&an);
  ms_analyze(catalog, opts, root, text, c->start[1], UINT32_MAX, &an);
  ms_analysis_shift(&an, -(int64_t)u->start);
  u->an = ms_analysis_store(&an, ms_session_next_generation());
}

void ms_session_read_piece(chunk *c, const analyse_ctx *a) {
  assert(c->tree && c->flow != MS_UNIT_ALONE);
  TSNode root = ts_tree_root_node(c->tree);
  ms_session_chunk_syntax(c, root, a->text);
  read_records(c, root, a->catalog, a->opts, a->text);
}

/* Applies the edits noted since c's records were last moved (flow_edited
** notes them: most pieces of a long function are not judged again after
** an edit, and moving all their records on every keystroke cost more
** than the judging). */
static void settle_piece(chunk *c) {
  for (unsigned i = 0; i < c->nmoves && c->piece; i++)
    ms_records_shift_from(c->piece, c->moves[i].from, c->moves[i].delta);
  c->nmoves = 0;
}

/* A move from where the last one's moved text ends, after a growing one
** (typing on, or undoing what was typed: an insert then a delete of it),
** is one move: what the first moved past its `from` the second moves on,
** and nothing before it moves. So a run of keystrokes notes one move. */
static void note_move(chunk *c, uint32_t from, int64_t delta) {
  if (c->nmoves) {
    struct piece_move *m = &c->moves[c->nmoves - 1];
    if (m->delta >= 0 && (int64_t)from == (int64_t)m->from + m->delta) {
      m->delta += delta;
      if (!m->delta) c->nmoves--;
      return;
    }
  }
  if (c->nmoves == sizeof c->moves / sizeof c->moves[0]) settle_piece(c);
  c->moves[c->nmoves].from = from;
  c->moves[c->nmoves].delta = delta;
  c->nmoves++;
}

/* A copy of src's pools (a piece's records are kept: judging consumes its input). */
static void copy_records(ms_records *dst, const ms_records *src) {
  ms_records_init(dst);
#define DUP(p, n, c)                                                   \
  dst->n = dst->c = src->n;                                            \
  if (src->n) {                                                        \
    dst->p = ms_xmalloc(src->n * sizeof *src->p);                      \
    memcpy(dst->p, src->p, src->n * sizeof *src->p);                   \
  }
  DUP(ops, nops, cap_ops)
  DUP(values, nvalues, cap_values)
  DUP(uses, nuses, cap_uses)
  DUP(types, ntypes, cap_types)
  DUP(attrs, nattrs, cap_attrs)
  DUP(toks, ntoks, cap_toks)
  DUP(implied, nimplied, cap_implied)
#undef DUP
}

/* The function's table, new at its head. */
static void start_flow(ms_session *self, const chunk *c) {
  if (c->flow == MS_UNIT_FLOW_FIRST || !self->flow) {
    ms_flow_delete(self->flow);
    self->flow = ms_flow_new(self->catalog, &self->opts, ms_document_text(self->doc, NULL));
    self->flow_base = c->start[0];
  }
}

/* Piece c, unchanged since it was judged and after a table that is
** unchanged too, only adds its values to the table: its stored unit
** (and its generation: its cached JSON) stands. Judging it in full again
** cost an edit far from the snapshot most of its time. */
static void replay_piece(ms_session *self, chunk *c) {
  assert(c->piece && c->nunits >= 1 && c->units[0].an && !c->rejudge);
  start_flow(self, c);
  ms_records work;
  settle_piece(c);
  copy_records(&work, c->piece);
  ms_diag_list out;
  ms_diag_list_init(&out);
  ms_flow_add(self->flow, &work, c->end[0], &out);
  ms_diag_list_clear(&out);
  ms_records_clear(&work);
}

void ms_session_judge_piece(ms_session *self, chunk *c, bool last) {
  assert(c->piece && c->nunits >= 1);
  start_flow(self, c);
  unit *u = &c->units[0];
  ms_stored_analysis_free(u->an);
  u->an = NULL;
  ms_analysis an;
  ms_analysis_init(&an);
  /* The piece's records stay: judging it again needs no tree. */
  ms_records work;
  settle_piece(c);
  copy_records(&work, c->piece);
  ms_flow_add_stored(self->flow, &work, c->end[0], &an);
  ms_records_clear(&work);
  /* Stored relative to the function's start, not the piece's: the proxies
  ** of earlier values hold their definitions' spans, before the piece. So
  ** the unit's range is the function up to the piece's end; lookups find
  ** the piece's unit first (the chunks before it end before the piece). */
  u->start = self->flow_base;
  u->end = c->end[0];
  u->dirty = false;
  ms_analysis_shift(&an, -(int64_t)u->start);
  u->an = ms_analysis_store(&an, ms_session_next_generation());
  c->rejudge = false;
  if (last) {
    ms_flow_delete(self->flow);
    self->flow = NULL;
  }
}

void ms_session_drop_snap(ms_session *self) {
  ms_flow_delete(self->snap);
  self->snap = NULL;
  ms_flow_delete(self->snap_after);
  self->snap_after = NULL;
}

void ms_session_drop_piece_trees(ms_session *self, size_t keep) {
  for (size_t i = 1; i < self->nchunks; i++) {
    chunk *c = &self->chunks[i];
    if (i == keep || c->flow == MS_UNIT_ALONE || !c->tree) continue;
    ts_tree_delete(c->tree);
    c->tree = NULL;
  }
}

/* The chunks [*head, *end) of the function whose piece is chunk k. */
static void function_of(const ms_session *self, size_t k, size_t *head, size_t *end) {
  size_t h = k;
  while (h > 0 && self->chunks[h].flow == MS_UNIT_FLOW_NEXT) h--;
  size_t e = k + 1;
  while (e < self->nchunks && self->chunks[e].flow == MS_UNIT_FLOW_NEXT) e++;
  *head = h;
  *end = e;
}

void ms_session_forget_edit(ms_session *self) {
  free(self->edit.old);
  if (self->edit.old_rec) ms_records_clear(self->edit.old_rec);
  free(self->edit.old_rec);
  memset(&self->edit, 0, sizeof self->edit);
  self->edit.chunk = SIZE_MAX;
}

void ms_session_note_edit(ms_session *self, ms_position start, ms_position end, ms_encoding enc) {
  if (self->edit.count++) {
    free(self->edit.old);
    self->edit.old = NULL;
    self->edit.chunk = SIZE_MAX;
    return;
  }
  size_t len, a = ms_document_offset(self->doc, start, enc), b = ms_document_offset(self->doc, end, enc);
  const char *text = ms_document_text(self->doc, &len);
  self->edit.chunk = SIZE_MAX;
  if (b < a || b > len) return; /* a range the document refuses */
  self->edit.old = ms_xmalloc(b - a + 1);
  memcpy(self->edit.old, text + a, b - a);
  self->edit.nold = b - a;
  self->edit.chunk = SIZE_MAX;
}

void ms_session_keep_old_records(ms_session *self, size_t k) {
  if (self->edit.count != 1 || self->edit.chunk != k || !self->chunks[k].piece) return;
  settle_piece(&self->chunks[k]);
  if (self->edit.old_rec) ms_records_clear(self->edit.old_rec);
  free(self->edit.old_rec);
  self->edit.old_rec = self->chunks[k].piece;
  self->chunks[k].piece = NULL;
}

/* The table after piece k as it was before the one edit in it: the table
** before k (self->flow) judging k's old records on the old text (the
** current one up to k's end with the edit undone), moved as the edit
** moved the text; NULL when that is not known. */
static ms_flow *old_table_after(ms_session *self, size_t k) {
  const chunk *c = &self->chunks[k];
  if (self->edit.count != 1 || self->edit.chunk != k || !self->edit.old_rec || !self->edit.old || !self->flow)
    return NULL;
  size_t len;
  const char *text = ms_document_text(self->doc, &len);
  uint32_t a = self->edit.a, new_end = self->edit.new_end, old_end = self->edit.old_end;
  int64_t delta = (int64_t)new_end - (int64_t)old_end;
  size_t upto = c->end[0] < len ? c->end[0] : len; /* the piece's end, now */
  if (new_end > upto || old_end - a != self->edit.nold) return NULL;
  size_t n = upto - delta;
  char *old = ms_xmalloc(n + 1);
  memcpy(old, text, a);
  memcpy(old + a, self->edit.old, old_end - a);
  memcpy(old + old_end, text + new_end, upto - new_end);
  old[n] = 0;
  ms_flow *t = ms_flow_copy(self->flow);
  ms_flow_set_text(t, old);
  ms_records rec;
  copy_records(&rec, self->edit.old_rec);
  ms_diag_list out;
  ms_diag_list_init(&out);
  ms_flow_add(t, &rec, (uint32_t)n, &out);
  ms_records_clear(&rec);
  ms_diag_list_clear(&out);
  ms_flow_shift_from(t, a, old_end, delta);
  ms_flow_set_text(t, text);
  free(old);
  return t;
}

/* Whether a unit's diagnostics (stored from base) show the same lines and
** characters after edit e: the edit adds or removes no line, and no
** position they show (range, related range, the place a message names)
** lies on the edited line from the edit on. Then their JSON (lsp_docs.c
** caches it by generation) stands, and the unit keeps its generation. */
static bool shows_same_positions(const ms_stored_analysis *s, uint32_t base, const ms_text_edit *e,
                                 const char *text, size_t len) {
  if (e->old_end_point.row != e->start_point.row || e->new_end_point.row != e->start_point.row) return false;
  const char *nl = e->new_end_byte < len ? memchr(text + e->new_end_byte, '\n', len - e->new_end_byte) : NULL;
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  /* The edited line's end in the old text's offsets (the unit's, not yet moved). */
  int64_t line_end = (nl ? (int64_t)(nl - text) : (int64_t)len) - delta;
  ms_analysis v;
  ms_stored_analysis_view(s, &v);
#define ON_LINE(x) ((int64_t)base + (x) >= (int64_t)e->start_byte && (int64_t)base + (x) <= line_end)
  for (size_t i = 0; i < v.diags.count; i++) {
    const ms_diagnostic *d = &v.diags.items[i];
    if (ON_LINE(d->start) || ON_LINE(d->end)) return false;
    if (d->has_related && (ON_LINE(d->related_start) || ON_LINE(d->related_end))) return false;
    if (d->has_msg_at && ON_LINE(d->msg_at)) return false;
  }
#undef ON_LINE
  return true;
}

void ms_session_flow_edited(ms_session *self, size_t k, const ms_text_edit *e) {
  if (self->chunks[k].flow == MS_UNIT_ALONE) return;
  size_t len;
  const char *text = ms_document_text(self->doc, &len);
  if (self->edit.count == 1) {
    self->edit.chunk = k;
    self->edit.a = e->start_byte;
    self->edit.old_end = e->old_end_byte;
    self->edit.new_end = e->new_end_byte;
  }
  int64_t delta = (int64_t)e->new_end_byte - (int64_t)e->old_end_byte;
  size_t head, end;
  function_of(self, k, &head, &end);
  for (size_t i = head; i < end; i++) {
    chunk *c = &self->chunks[i];
    if (i == k) continue;
    /* The piece's records and its unit (stored from the function's start:
    ** what lies past the edit moves, the proxies before it stay). */
    /* (A piece ending before the edit has nothing past it.) */
    if (c->piece && c->end[0] >= e->old_end_byte) note_move(c, e->old_end_byte, delta);
    if (c->nunits && c->units[0].an && c->units[0].start <= e->start_byte) {
      unit *u = &c->units[0];
      uint64_t gen = shows_same_positions(u->an, u->start, e, text, len) ? ms_stored_analysis_generation(u->an)
                                                                         : ms_session_next_generation();
      ms_stored_analysis_shift_from(u->an, e->old_end_byte - u->start, delta, gen);
      if (u->end > e->old_end_byte) u->end = (uint32_t)((int64_t)u->end + delta);
    }
  }
  if (self->snap && self->snap_chunk >= head && self->snap_chunk < end) {
    ms_flow_shift_from(self->snap, e->start_byte, e->old_end_byte, delta);
    if (self->snap_after) ms_flow_shift_from(self->snap_after, e->start_byte, e->old_end_byte, delta);
  }
}

/* Judges chunks [from, end) of the function whose head is chunk `head`,
** starting on `flow` (NULL: from the head), keeping a copy of the table
** before chunk `keep_at` (the first edited piece) as the snapshot, and one
** after it. When keep_at is the snapshot's piece, the only one edited, and
** the table after it is the same as after it was judged last (same names,
** values, inferences: ms_flow_same), the later pieces would read what they
** read before: their stored results stand, and judging stops there. */
static size_t judge_run(ms_session *self, size_t head, size_t from, size_t end, ms_flow *flow, size_t keep_at) {
  const char *text = ms_document_text(self->doc, NULL);
  size_t judged = 0;
  bool later_clean = keep_at > head;
  for (size_t k = keep_at + 1; k < end && later_clean; k++)
    if (self->chunks[k].rejudge) later_clean = false;
  bool can_stop = later_clean && self->snap_after && self->snap_chunk == keep_at;
  if (flow) {
    ms_flow_delete(self->flow);
    self->flow = flow;
    self->flow_base = self->chunks[head].start[0];
  }
  ms_flow *old_after = NULL;
  for (size_t k = from; k < end; k++) {
    chunk *c = &self->chunks[k];
    bool snapped = k == keep_at && k > head && self->flow;
    if (snapped && !(self->snap && self->snap_chunk == k)) {
      ms_session_drop_snap(self);
      self->snap = ms_flow_copy(self->flow);
      self->snap_chunk = k;
    }
    if (snapped) {
      old_after = can_stop ? self->snap_after : NULL;
      if (!can_stop) ms_flow_delete(self->snap_after);
      self->snap_after = NULL;
      /* The first edit in this piece: its table before the edit, judged now. */
      if (!old_after && later_clean) old_after = old_table_after(self, k);
    }
    if (!c->piece) {
      TSTree *tree = ms_session_ensure_tree(self, c);
      read_records(c, ts_tree_root_node(tree), self->catalog, &self->opts, text);
    }
    if (k < keep_at && c->nunits && c->units[0].an && !c->rejudge) {
      replay_piece(self, c);
    } else {
      ms_session_judge_piece(self, c, false);
      judged++;
    }
    bool stop = k + 1 == end;
    if (snapped && !stop) {
      if (old_after && ms_flow_same(self->flow, old_after)) {
        self->snap_after = old_after;
        stop = true;
      } else {
        ms_flow_delete(old_after);
        self->snap_after = ms_flow_copy(self->flow);
      }
      old_after = NULL;
    }
    if (stop) break;
  }
  ms_flow_delete(old_after);
  ms_flow_delete(self->flow);
  self->flow = NULL;
  return judged;
}

size_t ms_session_rejudge(ms_session *self, bool all) {
  size_t judged = 0, n = self->nchunks;
  if (all) ms_session_drop_snap(self);
  for (size_t i = 0; i < n; i++) {
    if (self->chunks[i].flow != MS_UNIT_FLOW_FIRST) continue;
    size_t end = i + 1;
    while (end < n && self->chunks[end].flow == MS_UNIT_FLOW_NEXT) end++;
    size_t first = all ? i : end;
    for (size_t k = i; k < end && first == end; k++)
      if (self->chunks[k].rejudge) first = k;
    if (first < end) {
      /* The pieces before the snapshot's are unchanged: their table is the
      ** snapshot, and judging goes on from its piece. */
      bool resume = self->snap && self->snap_chunk > i && self->snap_chunk <= first && self->snap_chunk < end;
      ms_flow *flow = NULL;
      if (resume) {
        flow = ms_flow_copy(self->snap);
        ms_flow_set_text(flow, ms_document_text(self->doc, NULL));
      }
      judged += judge_run(self, i, resume ? self->snap_chunk : i, end, flow, first);
    }
    i = end - 1;
  }
  ms_session_forget_edit(self);
  return judged;
}
