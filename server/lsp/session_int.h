/*
** session_int.h: what session.c (a document's chunks, trees, builds),
** session_edit.c (edits moving them) and session_flow.c (the pieces of a
** cut function, judged in order) share.
*/
#ifndef MS_SESSION_INT_H
#define MS_SESSION_INT_H

#include "session.h"
#include "flow.h"
#include "source.h"

typedef struct unit {
  uint32_t start, end;
  bool dirty;
  ms_stored_analysis *an;  /* offsets relative to start; its generation is new
                              for every analysis (ms_unit_view) */
} unit;

uint64_t ms_session_next_generation(void);

typedef struct build build;

typedef struct chunk {
  int nranges;             /* 0: the whole document */
  uint32_t start[2], end[2];
  TSTree *tree;            /* NULL: dropped (the tree budget) */
  uint64_t used;           /* when its tree was last built or handed out */
  bool reparse;
  unit *units;
  size_t nunits;
  ms_diag_list syntax;     /* absolute offsets */
  ms_diag_list nesting;    /* its parse's nesting-too-deep findings (nesting.h) */
  ms_unit_flow flow;       /* a piece of a cut function's body (session_flow.c) */
  ms_records *piece;       /* such a piece's records, read from its tree (kept, its tree freed:
                              judging it again needs no tree); moved with edits elsewhere */
  struct piece_move {      /* edits elsewhere in its function not yet applied to `piece`
                           ** (ms_records_shift_from(piece, from, delta) each, in order):
                           ** applied when it is judged or their list is full (session_flow.c) */
    uint32_t from;
    int64_t delta;
  } moves[32];
  unsigned nmoves;
  bool rejudge;            /* its text changed: its function is judged again */
  bool not_text;           /* a stretch that cannot be MLIR text (garbage.c): never parsed, its one
                              syntax error in `syntax`, no units; its tree (features ask for one)
                              is an empty text's; an edit in or near it cuts the document again */
} chunk;

struct ms_session {
  ms_document *doc;
  TSParser *parser;
  const ms_catalog *catalog;
  ms_analyzer_options opts;
  chunk *chunks;
  size_t nchunks;
  bool rechunk;            /* parse everything at the next update */
  bool reanalyze_all;
  ms_alias_table *aliases; /* the text's type aliases (opts.aliases) */
  bool rescan_aliases;     /* an edit moved them */
  size_t threshold, target;
  bool cut_functions;      /* cut a long function's body too (ms_session_set_function_cutting) */
  size_t tree_budget;
  uint64_t clock;          /* chunk.used */
  build *build;            /* the build under way, or NULL */
  ms_flow *flow;           /* the cut function being judged, piece by piece (session_flow.c) */
  ms_analysis **views;     /* views of stored analyses handed out by
                              ms_session_unit_analysis, until the next update */
  size_t nviews, cap_views;
  uint32_t flow_base;      /* where it starts: its pieces' units are stored relative to it */
  ms_flow *snap;           /* the table of a cut function before chunk snap_chunk (the piece edited
                           ** last), or NULL: edits from there on judge the function again from there */
  size_t snap_chunk;
  struct {                 /* the edits since the last judging, when one (session_flow.c) */
    unsigned count;
    size_t chunk;          /* the piece it fell in, or SIZE_MAX */
    uint32_t a, old_end, new_end;
    char *old;             /* the text it replaced (nold bytes) */
    size_t nold;
    ms_records *old_rec;   /* that piece's records before it */
  } edit;
  ms_flow *snap_after;     /* the table after chunk snap_chunk as last judged, or NULL (judge_run's
                           ** early stop); moved with the edits in that piece, what they touched marked */
};

typedef struct analyse_ctx {
  const ms_catalog *catalog;
  const ms_analyzer_options *opts;
  const char *text;
  bool reuse_none;
} analyse_ctx;

/* The range of c holding [a, b] (inclusive ends: an insertion at a
** boundary belongs to the chunk it ends), 0 for a whole-document chunk, or
** -1; and the chunk holding pos (body chunks before the skeleton), or NULL. */
int ms_session_range_holding(const chunk *c, uint32_t a, uint32_t b);
chunk *ms_session_chunk_at(ms_session *self, uint32_t pos);

/* session_edit.c applies edits (ms_session_edit); session.c parses and
** analyses what they marked. */

/* session_flow.c. A chunk that is a piece of a cut function (its flow
** MS_UNIT_FLOW_*) is parsed like any other, but then only its records are
** read (on the worker: ms_session_read_piece); the owner judges the
** pieces of the function in order against one value table
** (ms_session_judge_piece), each piece's judged records becoming the
** chunk's one unit (and the head's closing lines another). */
void ms_session_read_piece(chunk *c, const analyse_ctx *a);
void ms_session_judge_piece(ms_session *self, chunk *c, bool last);
/* Judges again every cut function one of whose pieces was edited
** (`rejudge`), or all of them; returns how many pieces were judged. */
size_t ms_session_rejudge(ms_session *self, bool all);
/* The piece's syntax errors (its parse's nesting findings too). */
void ms_session_chunk_syntax(chunk *c, TSNode root, const char *text);
TSTree *ms_session_ensure_tree(ms_session *self, chunk *c);
/* An edit e landed in chunk k: if it is a piece of a cut function, the
** function's other pieces' records and units and its snapshots move. */
void ms_session_flow_edited(ms_session *self, size_t k, const ms_text_edit *e);
/* An edit of [start, end) is about to be applied (its old text is kept
** while it is the only one since the last judging); its piece's records
** before it are kept when that piece is read again; forgotten. */
void ms_session_note_edit(ms_session *self, ms_position start, ms_position end, ms_encoding enc);
void ms_session_keep_old_records(ms_session *self, size_t k);
void ms_session_forget_edit(ms_session *self);
/* Frees the trees of the pieces of cut functions but chunk keep's (and the first chunk's). */
void ms_session_drop_piece_trees(ms_session *self, size_t keep);
/* Forgets the snapshot (the chunks change, or the text before its piece). */
void ms_session_drop_snap(ms_session *self);

#endif
