/*
** session.c: a document, its trees and its per-unit analyses (session.h).
**
** A big document is held as chunks: pieces of about 64 KiB cut at lines
** that start an op at the top level, inside the top-level module, in any
** form, or inside a long function's body (source.h's ms_source_cut), the
** heads of what is cut (the module's or function's first ops, and its
** closing lines as a second range) among them; a function's pieces are
** judged in order (session_flow.c). Each chunk has
** its own tree, parsed with tree-sitter's included
** ranges so that offsets stay the document's. This buys three things:
**   - the first parse runs on every core (chunks are independent), off
**     the caller's thread when it asks (ms_session_build_start);
**   - an edit reparses one chunk, not the whole tree;
**   - no tree is larger than a chunk's worth of nodes at once while parsing;
**   - trees can be dropped: a chunk keeps its units' analyses (what
**     diagnostics, hover and hints read) without its tree, and only the
**     trees of the most recently used chunks covering up to the tree
**     budget are kept (a tree is ~8 bytes per byte of text: most of the
**     server's memory), and always the one used last (an edit's chunk: the
**     next keystroke reparses it incrementally). A chunk without a tree is parsed again from
**     scratch when an edit lands in it or a feature asks for its tree.
** A document below the chunking threshold is one chunk with no ranges set.
** A stretch that cannot be MLIR text (random bytes, a binary pasted in:
** garbage.c) is a chunk of its own that is never parsed: its one syntax
** error is `check`'s, and its tree is an empty text's.
**
** Invariants between updates: chunks are in the order of their starts
** (the module's head, whose ranges surround the module's other chunks,
** before them); a chunk's units are sorted and
** stored with analyses relative to their start; a unit an edit touched is
** `dirty`; an edit that does not fall inside one chunk schedules a rechunk
** (everything parsed again, as on open).
**
** During an asynchronous build (`build` set) the chunk array has its final
** size but `nchunks` counts only the finished prefix: workers write the
** chunks past it, the owner reads only those before it. A worker publishes
** its chunk with a release store of its task's `finished`; the owner's
** acquire load in ms_session_build_poll is the hand-over. Anything that
** changes the text, the options or the chunking cancels the build first.
*/
#include "session_int.h"
#include "alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nesting.h"
#include "nodes.h"
#include "pool.h"
#include "source.h"

#define DEFAULT_THRESHOLD (512u << 10)
/* A module's chunks: the first edit in one whose tree was dropped (the
** tree budget keeps few) parses it from scratch, so they are as small as a
** cut function's pieces (with 256 KiB ones, edits spread over a 10 MB
** module took a median 60 ms, not 36). */
#define DEFAULT_TARGET (64u << 10)
/* A cut function's pieces: an edit in one parses it again, reads its
** records and judges it (session_flow.c); their parse on open is as
** parallel either way. */
#define PIECE_TARGET (64u << 10)
#define MAX_THREADS 4
#define FIRST_RESULTS_BYTES (1u << 20) /* MS_BUILD_TOP */
/* Bytes of text whose trees are kept: an eighth of the document's (about
** one byte of tree per byte of text, issue 21: at most 4 bytes of memory
** per byte of a document being worked on), at most 16 MiB, unless set. */
#define MAX_TREE_BUDGET ((size_t)16 << 20)
#define TREE_BUDGET_SHARE 8
#define AUTO_TREE_BUDGET SIZE_MAX

uint64_t ms_session_next_generation(void) {
  static uint64_t counter;
  return __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
}

/* Frees the views handed out (their analyses may go now). */
static void drop_views(ms_session *self) {
  for (size_t i = 0; i < self->nviews; i++) free(self->views[i]);
  free(self->views);
  self->views = NULL;
  self->nviews = self->cap_views = 0;
}

ms_session *ms_session_new(const char *uri, const char *text, size_t len, int version, const ms_catalog *catalog,
                           const ms_analyzer_options *opts) {
  ms_session *self = ms_xcalloc(1, sizeof *self);
  if (!self) return NULL;
  self->doc = ms_document_new(uri, text, len, version);
  self->parser = ts_parser_new();
  if (!self->doc || !self->parser || !ts_parser_set_language(self->parser, tree_sitter_mlir())) {
    ms_session_delete(self);
    return NULL;
  }
  self->catalog = catalog;
  self->opts = *opts;
  self->rechunk = true;
  self->threshold = DEFAULT_THRESHOLD;
  self->target = DEFAULT_TARGET;
  self->tree_budget = AUTO_TREE_BUDGET;
  self->cut_functions = true;
  return self;
}

void ms_session_set_function_cutting(ms_session *self, bool on) {
  ms_session_build_cancel(self);
  self->cut_functions = on;
  self->rechunk = true;
}

void ms_session_set_chunking(ms_session *self, size_t threshold, size_t target) {
  ms_session_build_cancel(self);
  self->threshold = threshold;
  self->target = target;
  self->rechunk = true;
}

static void clear_units(chunk *c) {
  for (size_t i = 0; i < c->nunits; i++) ms_stored_analysis_free(c->units[i].an);
  if (c->piece) ms_records_clear(c->piece);
  free(c->piece);
  c->piece = NULL;
  c->nmoves = 0;
  free(c->units);
  c->units = NULL;
  c->nunits = 0;
}

static void clear_chunks(ms_session *self) {
  ms_session_drop_snap(self);
  ms_session_forget_edit(self);
  drop_views(self);
  for (size_t i = 0; i < self->nchunks; i++) {
    chunk *c = &self->chunks[i];
    clear_units(c);
    ms_diag_list_clear(&c->syntax);
    ms_diag_list_clear(&c->nesting);
    if (c->tree) ts_tree_delete(c->tree);
  }
  free(self->chunks);
  self->chunks = NULL;
  self->nchunks = 0;
}

void ms_session_delete(ms_session *self) {
  if (!self) return;
  ms_session_build_cancel(self);
  clear_chunks(self);
  ms_alias_table_delete(self->aliases);
  if (self->parser) ts_parser_delete(self->parser);
  ms_document_delete(self->doc);
  free(self);
}

ms_document *ms_session_document(ms_session *self) { return self->doc; }
const char *ms_session_uri(const ms_session *self) { return ms_document_uri(self->doc); }
int ms_session_version(const ms_session *self) { return ms_document_version(self->doc); }
const ms_catalog *ms_session_catalog(const ms_session *self) { return self->catalog; }
const ms_analyzer_options *ms_session_options(const ms_session *self) { return &self->opts; }
void ms_session_set_version(ms_session *self, int version) { ms_document_set_version(self->doc, version); }

void ms_session_set_tree_budget(ms_session *self, size_t bytes) { self->tree_budget = bytes; }

/* The first chunk (the skeleton, or the whole document) never loses its tree. */

static void parse_fresh(ms_session *self, chunk *c);

/* c's tree, parsed again if it was dropped; it counts as used now. */
static TSTree *ensure_tree(ms_session *self, chunk *c);

TSTree *ms_session_tree(ms_session *self) { return self->nchunks ? ensure_tree(self, &self->chunks[0]) : NULL; }

static TSTree *ensure_tree(ms_session *self, chunk *c) {
  if (!c->tree) parse_fresh(self, c);
  c->used = ++self->clock;
  return c->tree;
}

TSTree *ms_session_ensure_tree(ms_session *self, chunk *c) { return ensure_tree(self, c); }

/* A not_text chunk's tree is an empty text's: it holds nothing. */
static size_t chunk_bytes(const ms_session *self, const chunk *c) {
  size_t n = 0;
  if (c->not_text) return 0;
  if (c->nranges == 0) {
    ms_document_text(self->doc, &n);
    return n;
  }
  for (int r = 0; r < c->nranges; r++) n += c->end[r] - c->start[r];
  return n;
}

/* Bytes of text whose trees are held (the first chunk's aside). */
static size_t held_bytes(const ms_session *self) {
  size_t n = 0;
  for (size_t i = 1; i < self->nchunks; i++)
    if (self->chunks[i].tree) n += chunk_bytes(self, &self->chunks[i]);
  return n;
}

size_t ms_session_tree_bytes(const ms_session *self) { return held_bytes(self); }

static size_t budget_of(const ms_session *self) {
  if (self->tree_budget != AUTO_TREE_BUDGET) return self->tree_budget;
  size_t len = 0;
  ms_document_text(self->doc, &len);
  return len / TREE_BUDGET_SHARE < MAX_TREE_BUDGET ? len / TREE_BUDGET_SHARE : MAX_TREE_BUDGET;
}

/* The chunk used last among those past the first (NULL for none). */
static const chunk *used_last(const ms_session *self) {
  const chunk *last = NULL;
  for (size_t i = 1; i < self->nchunks; i++)
    if (!last || self->chunks[i].used > last->used) last = &self->chunks[i];
  return last;
}

/* Drops the least recently used trees until the rest fit the budget; the
** tree of the chunk used last stays whatever its size. */
static void trim_trees(ms_session *self) {
  assert(!self->build);
  size_t held = held_bytes(self), budget = budget_of(self);
  const chunk *keep = used_last(self);
  while (held > budget) {
    chunk *lru = NULL;
    for (size_t i = 1; i < self->nchunks; i++) {
      chunk *c = &self->chunks[i];
      if (c->tree && c != keep && (!lru || c->used < lru->used)) lru = c;
    }
    if (!lru) break;
    ts_tree_delete(lru->tree);
    lru->tree = NULL;
    held -= chunk_bytes(self, lru);
  }
}

bool ms_session_release_trees(ms_session *self) {
  bool released = false;
  if (self->build) return false;
  for (size_t i = 0; i < self->nchunks; i++) {
    chunk *c = &self->chunks[i];
    if (!c->tree) continue;
    ts_tree_delete(c->tree);
    c->tree = NULL;
    released = true;
  }
  return released;
}

size_t ms_session_trees(ms_session *self, TSTree **out, size_t max) {
  for (size_t i = 0; i < self->nchunks && i < max; i++) out[i] = ensure_tree(self, &self->chunks[i]);
  return self->nchunks;
}

static bool chunk_overlaps(const chunk *c, uint32_t start, uint32_t end) {
  if (c->nranges == 0) return true;
  for (int r = 0; r < c->nranges; r++)
    if (c->start[r] < end && c->end[r] > start) return true;
  return false;
}

void ms_session_each_tree(ms_session *self, uint32_t start, uint32_t end, void (*fn)(void *ctx, TSTree *tree),
                          void *ctx) {
  for (size_t i = 0; i < self->nchunks; i++) {
    chunk *c = &self->chunks[i];
    if (!chunk_overlaps(c, start, end)) continue;
    bool had = c->tree != NULL;
    fn(ctx, ensure_tree(self, c));
    /* A walk over a whole big document never holds all its trees. */
    if (!had && i > 0 && held_bytes(self) > budget_of(self)) {
      ts_tree_delete(c->tree);
      c->tree = NULL;
    }
  }
}

/* Inclusive ends: an insertion at a boundary belongs to the chunk it ends. */
int ms_session_range_holding(const chunk *c, uint32_t a, uint32_t b) {
  if (c->nranges == 0) return 0;
  for (int r = 0; r < c->nranges; r++)
    if (c->start[r] <= a && b <= c->end[r]) return r;
  return -1;
}

chunk *ms_session_chunk_at(ms_session *self, uint32_t pos) {
  /* Body chunks first: the skeleton's ranges touch every body chunk's ends. */
  for (size_t i = self->nchunks; i-- > 0;)
    if (ms_session_range_holding(&self->chunks[i], pos, pos) >= 0) return &self->chunks[i];
  return NULL;
}

TSTree *ms_session_tree_at(ms_session *self, uint32_t pos) {
  chunk *c = ms_session_chunk_at(self, pos);
  return c ? ensure_tree(self, c) : ms_session_tree(self);
}

/* ------------------------------------------------------------------ */
/* Parsing and analysis of one chunk                                   */

static bool touches_changes(const TSRange *ranges, uint32_t n, uint32_t *next, uint32_t start, uint32_t end) {
  while (*next < n && ranges[*next].end_byte < start) (*next)++;
  return *next < n && ranges[*next].start_byte <= end;
}


/* Pairs the chunk's new units with its old ones (both sorted): an old unit
** of the same range, clean and outside the reparse's changed ranges, keeps
** its analysis. Returns how many units were analysed. */
static size_t rebuild_units(chunk *c, TSNode *nodes, size_t n, const TSRange *changed, uint32_t nchanged,
                            const analyse_ctx *a) {
  unit *fresh = ms_xrealloc(NULL, (n ? n : 1) * sizeof *fresh);
  size_t old = 0, analysed = 0;
  uint32_t next_change = 0;
  for (size_t i = 0; i < n; i++) {
    unit *u = &fresh[i];
    memset(u, 0, sizeof *u);
    u->start = ts_node_start_byte(nodes[i]);
    u->end = ts_node_end_byte(nodes[i]);
    while (old < c->nunits && c->units[old].start < u->start) ms_stored_analysis_free(c->units[old++].an);
    unit *o = old < c->nunits ? &c->units[old] : NULL;
    bool reuse = o && !a->reuse_none && !o->dirty && o->start == u->start && o->end == u->end &&
                 !touches_changes(changed, nchanged, &next_change, u->start, u->end);
    if (reuse) {
      u->an = o->an;
      o->an = NULL;
      old++;
    } else {
      ms_analysis an;
      ms_analysis_init(&an);
      ms_analyze_node(a->catalog, a->opts, nodes[i], a->text, &an);
      ms_analysis_shift(&an, -(int64_t)u->start);
      u->an = ms_analysis_store(&an, ms_session_next_generation());
      analysed++;
    }
  }
  while (old < c->nunits) ms_stored_analysis_free(c->units[old++].an);
  free(c->units);
  c->units = fresh;
  c->nunits = n;
  return analysed;
}

static size_t analyse_chunk(chunk *c, const TSRange *changed, uint32_t nchanged, const analyse_ctx *a) {
  TSNode root = ts_tree_root_node(c->tree);
  size_t cap = c->nunits + 64;
  TSNode *nodes = ms_xrealloc(NULL, cap * sizeof *nodes);
  size_t n = ms_analyzer_units(root, a->text, nodes, cap);
  if (n > cap) {
    nodes = ms_xrealloc(nodes, n * sizeof *nodes);
    ms_analyzer_units(root, a->text, nodes, n);
  }
  size_t analysed = rebuild_units(c, nodes, n, changed, nchanged, a);
  free(nodes);
  ms_session_chunk_syntax(c, root, a->text);
  return analysed;
}

void ms_session_chunk_syntax(chunk *c, TSNode root, const char *text) {
  ms_diag_list_clear(&c->syntax);
  for (size_t i = 0; i < c->nesting.count; i++) ms_diag_list_add_copy(&c->syntax, &c->nesting.items[i]);
  ms_analyze_syntax(root, text, 0, UINT32_MAX, &c->syntax);
}

static TSPoint point_of(const ms_document *doc, uint32_t byte) {
  ms_point p = ms_document_point(doc, byte);
  return (TSPoint){p.row, p.column};
}

/* Parses c (incrementally when it has a tree). With fresh_on_error, a
** result with a syntax error is parsed again from scratch: tree-sitter may
** recover from an error differently when it reuses an old tree, and the
** editor must show what `check` prints for the same text. (Callers that
** will cut and parse the whole document again anyway pass false.) */
static void parse_chunk(TSParser *parser, chunk *c, const ms_document *doc, bool fresh_on_error, TSRange **changed,
                        uint32_t *nchanged) {
  size_t n;
  const char *text = ms_document_text(doc, &n);
  uint32_t len = (uint32_t)n;
  TSRange ranges[2];
  /* The lexer takes rows and columns from the ranges when it jumps between
  ** them. Whole-document chunks parse with no ranges at all. */
  for (int r = 0; r < c->nranges; r++)
    ranges[r] = (TSRange){point_of(doc, c->start[r]), point_of(doc, c->end[r]), c->start[r], c->end[r]};
  if (c->not_text) {
    assert(!c->tree);
    *changed = NULL;
    *nchanged = 0;
    ts_parser_set_included_ranges(parser, NULL, 0);
    c->tree = ts_parser_parse_string(parser, NULL, "", 0);
    if (!c->tree) ts_parser_reset(parser);
    c->reparse = false;
    return;
  }
  TSTree *old = c->tree;
  ms_diag_list_clear(&c->nesting);
  c->tree = ms_nesting_parse(parser, old, text, len, c->nranges ? ranges : NULL, (uint32_t)c->nranges, &c->nesting);
  *changed = NULL;
  *nchanged = 0;
  if (!c->tree) {
    /* Cancelled (ms_session_build_cancel): only a build's parsers have the
    ** flag, and a build's chunks have no old tree. */
    assert(!old);
    ts_parser_reset(parser);
    return;
  }
  /* The changed ranges below still compare with the old tree. */
  if (fresh_on_error && old && ts_node_has_error(ts_tree_root_node(c->tree))) {
    ts_tree_delete(c->tree);
    ms_diag_list_clear(&c->nesting);
    c->tree = ms_nesting_parse(parser, NULL, text, len, c->nranges ? ranges : NULL, (uint32_t)c->nranges,
                               &c->nesting);
  }
  if (old) {
    *changed = ts_tree_get_changed_ranges(old, c->tree, nchanged);
    ts_tree_delete(old);
  }
  c->reparse = false;
}

/* A dropped tree parsed again (edits still pending stay pending: the
** next update analyses the units they touched). */
static void parse_fresh(ms_session *self, chunk *c) {
  assert(!c->tree);
  bool reparse = c->reparse;
  TSRange *changed;
  uint32_t nchanged;
  parse_chunk(self->parser, c, self->doc, false, &changed, &nchanged);
  free(changed);
  c->reparse = reparse;
}

/* Builds: the whole document cut into chunks and parsed in parallel on a
** worker pool (pool.h), one parser per worker, each parser stopping at the
** build's cancellation flag. */
typedef struct chunk_task {
  ms_pool_task task;           /* first: a task is its chunk_task */
  build *b;
  chunk *c;
  size_t bytes;                /* its text; 0: keep its tree whatever the budget */
  bool finished;               /* release by the worker, acquire by the owner */
} chunk_task;

struct build {
  ms_pool *pool;
  chunk_task *tasks;           /* one per chunk */
  size_t total;                /* chunks; self->nchunks is the finished prefix */
  size_t cancel;               /* tree-sitter's cancellation flag (atomic) */
  analyse_ctx a;
  const ms_document *doc;
  void (*notify)(void *ctx);   /* NULL for a synchronous build */
  void *notify_ctx;
  bool big;                    /* MS_BUILD_TOP applies */
  size_t budget;               /* the session's tree budget */
  size_t held;                 /* bytes of text whose trees are kept (atomic) */
  bool top_shown;
};

static void *parser_init(void *ctx) {
  build *b = ctx;
  TSParser *parser = ts_parser_new();
  if (!parser || !ts_parser_set_language(parser, tree_sitter_mlir())) abort();
  ts_parser_set_cancellation_flag(parser, &b->cancel);
  return parser;
}

static void parser_fini(void *state) { ts_parser_delete(state); }

static void run_chunk(void *state, ms_pool_task *task) {
  chunk_task *t = (chunk_task *)task;
  build *b = t->b;
  /* Tasks still queued when the build is cancelled return at once. */
  if (t->c->not_text) {
    ms_source_not_text_error(b->a.text, t->c->start[0], t->c->end[0], &t->c->syntax);
  } else if (!__atomic_load_n(&b->cancel, __ATOMIC_ACQUIRE)) {
    TSRange *changed;
    uint32_t nchanged;
    parse_chunk(state, t->c, b->doc, false, &changed, &nchanged);
    if (t->c->tree && t->c->flow != MS_UNIT_ALONE) {
      /* A piece's records are all it needs (kept): its tree goes. */
      ms_session_read_piece(t->c, &b->a);
      if (t->bytes) {
        ts_tree_delete(t->c->tree);
        t->c->tree = NULL;
      }
    } else if (t->c->tree) analyse_chunk(t->c, changed, nchanged, &b->a);
    free(changed);
    /* The budget holds during the first parse too: the peak stays bounded. */
    if (t->c->tree && t->bytes && __atomic_add_fetch(&b->held, t->bytes, __ATOMIC_RELAXED) > b->budget) {
      __atomic_sub_fetch(&b->held, t->bytes, __ATOMIC_RELAXED);
      ts_tree_delete(t->c->tree);
      t->c->tree = NULL;
    }
  }
  __atomic_store_n(&t->finished, true, __ATOMIC_RELEASE);
  if (b->notify) b->notify(b->notify_ctx);
}

/* Cuts the text into chunks and submits them all; the session shows none
** of them until they are taken in (build_take). jobs 0: as many workers as
** cores (at most MAX_THREADS) and chunks; an asynchronous build asks for
** at least two, since a one-worker pool runs tasks on the caller. */
static void build_begin(ms_session *self, const char *text, size_t len, const analyse_ctx *a, size_t min_jobs,
                        void (*notify)(void *ctx), void *ctx) {
  assert(!self->build);
  clear_chunks(self);
  ms_source src;
  memset(&src, 0, sizeof src);
  src.text = text;
  src.len = len;
  ms_unit_list pieces;
  ms_unit_list_init(&pieces);
  /* Inside the module, and inside a long function's body (its pieces are
  ** judged in order: session_flow.c). */
  ms_cut_options cut = {.threshold = self->threshold, .target = self->target, .max_level = self->cut_functions ? 2 : 1,
                        .flow = self->cut_functions, .inner_flow_only = true,
                        .flow_target = self->target < PIECE_TARGET ? self->target : PIECE_TARGET};
  ms_source_cut_text(&src, 0, (uint32_t)len, &cut, &pieces);
  size_t total = pieces.count ? pieces.count : 1;
  self->chunks = ms_xcalloc(total, sizeof *self->chunks);
  for (size_t i = 0; i < pieces.count && (pieces.count > 1 || pieces.items[0].not_text); i++) {
    chunk *c = &self->chunks[i];
    c->flow = pieces.items[i].flow;
    c->not_text = pieces.items[i].not_text;
    c->nranges = pieces.items[i].nranges;
    for (int r = 0; r < c->nranges; r++) {
      c->start[r] = pieces.items[i].start[r];
      c->end[r] = pieces.items[i].end[r];
    }
  }
  ms_unit_list_clear(&pieces);
  build *b = ms_xcalloc(1, sizeof *b);
  b->total = total;
  b->a = *a;
  b->doc = self->doc;
  b->notify = notify;
  b->notify_ctx = ctx;
  b->big = total > 2 && len >= 2 * FIRST_RESULTS_BYTES;
  b->budget = budget_of(self);
  self->build = b;
  self->nchunks = 0;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  size_t nthreads = cores < 1 ? 1 : (size_t)cores;
  if (nthreads > MAX_THREADS) nthreads = MAX_THREADS;
  if (nthreads > total) nthreads = total;
  if (nthreads < min_jobs) nthreads = min_jobs;
  b->pool = ms_pool_new((int)nthreads, parser_init, parser_fini, b);
  b->tasks = ms_xcalloc(total, sizeof *b->tasks);
  for (size_t i = 0; i < total; i++) {
    size_t bytes = i == 0 ? 0 : chunk_bytes(self, &self->chunks[i]);
    b->tasks[i] = (chunk_task){{.fn = run_chunk}, b, &self->chunks[i], bytes, false};
    ms_pool_submit(b->pool, &b->tasks[i].task);
  }
}

static void build_free(ms_session *self) {
  build *b = self->build;
  ms_pool_delete(b->pool); /* joins the workers: after it nothing writes */
  free(b->tasks);
  free(b);
  self->build = NULL;
}

/* Takes in the finished prefix of chunks, in text order. */
static void build_take(ms_session *self) {
  build *b = self->build;
  while (self->nchunks < b->total && __atomic_load_n(&b->tasks[self->nchunks].finished, __ATOMIC_ACQUIRE)) {
    chunk *c = &self->chunks[self->nchunks];
    /* A cut function's pieces are judged here, in order: values flow forward. */
    if (c->flow != MS_UNIT_ALONE && c->piece) {
      bool last = self->nchunks + 1 == b->total || self->chunks[self->nchunks + 1].flow != MS_UNIT_FLOW_NEXT;
      ms_session_judge_piece(self, c, last);
    }
    c->used = ++self->clock;
    self->nchunks++;
  }
}

static size_t build_finish(ms_session *self) {
  assert(self->nchunks == self->build->total);
  build_free(self);
  self->rechunk = false;
  size_t units = 0;
  for (size_t i = 0; i < self->nchunks; i++) units += self->chunks[i].nunits;
  return units;
}

void ms_session_build_cancel(ms_session *self) {
  if (!self->build) return;
  __atomic_store_n(&self->build->cancel, 1, __ATOMIC_RELEASE);
  self->nchunks = self->build->total;
  build_free(self);
  ms_flow_delete(self->flow);
  self->flow = NULL;
  clear_chunks(self);
  self->rechunk = true;
}

bool ms_session_building(const ms_session *self) { return self->build != NULL; }

ms_build_state ms_session_build_poll(ms_session *self) {
  build *b = self->build;
  if (!b) return MS_BUILD_NONE;
  build_take(self);
  if (self->nchunks == b->total) {
    build_finish(self);
    return MS_BUILD_DONE;
  }
  if (b->big && !b->top_shown && self->nchunks > 1) {
    const chunk *c = &self->chunks[self->nchunks - 1];
    if (c->end[c->nranges ? c->nranges - 1 : 0] >= FIRST_RESULTS_BYTES) {
      b->top_shown = true;
      return MS_BUILD_TOP;
    }
  }
  return MS_BUILD_RUNNING;
}

/* Waits for the build under way and takes it in. */
static size_t build_wait(ms_session *self) {
  ms_pool_wait_all(self->build->pool);
  build_take(self);
  return build_finish(self);
}

/* The type aliases, scanned again when the text may have moved them. */
static void refresh_aliases(ms_session *self, const char *text, size_t len) {
  if (self->rechunk || self->rescan_aliases || !self->aliases) {
    ms_alias_table_delete(self->aliases);
    self->aliases = ms_alias_table_scan(text, len);
    self->opts.aliases = self->aliases;
    self->rescan_aliases = false;
  }
}

/* Whether chunk c, a run of ops directly in a cut module (its head is the
** first chunk), now holds one that defines a value (`%x = ...`): the
** module's region then flows (cut.c: its values reach the later ops, as
** in a fresh open, which judges its pieces in order); the chunks cut
** before do not, so the document is cut again. */
static bool defines_at(TSNode list, const char *text, const chunk *c, int depth) {
  uint32_t n = ts_node_named_child_count(list);
  for (uint32_t i = 0; i < n; i++) {
    TSNode op = ts_node_named_child(list, i);
    ms_node_kind k = ms_node_kind_of(op);
    if (k == MS_K_BLOCK) {
      if (defines_at(op, text, c, depth)) return true;
      continue;
    }
    uint32_t at = ts_node_start_byte(op);
    if (at >= c->start[0] && at < c->end[0] && text[at] == '%') return true;
  }
  (void)depth;
  return false;
}

/* The region of the head chunk's module op (its first op), or a null node. */
static TSNode module_region(TSNode root) {
  TSNode op = ts_node_named_child(root, 0);
  for (int level = 0; level < 3 && !ts_node_is_null(op); level++) {
    uint32_t n = ts_node_named_child_count(op);
    TSNode next = {0};
    for (uint32_t i = 0; i < n; i++) {
      TSNode k = ts_node_named_child(op, i);
      ms_node_kind kk = ms_node_kind_of(k);
      if (kk == MS_K_REGION) return k;
      if (kk == MS_K_REGION_LIST) next = k;
    }
    op = next;
  }
  return (TSNode){0};
}

static bool defines_in_cut_module(const ms_session *self, const chunk *c) {
  if (self->nchunks < 2 || self->chunks[0].nranges != 2 || !c->tree) return false;
  const char *text = ms_document_text(self->doc, NULL);
  TSNode root = ts_tree_root_node(c->tree);
  if (c != &self->chunks[0]) return defines_at(root, text, c, 0);
  TSNode region = module_region(root);
  return !ts_node_is_null(region) && defines_at(region, text, c, 1);
}

/* Reparses the chunks that edits touched and re-analyses what needs it;
** sets self->rechunk (and stops) when the document must be cut and parsed
** again instead. Returns how many units were analysed. */
static size_t update_chunks(ms_session *self, size_t len, const analyse_ctx *a) {
  size_t analysed = 0;
  for (size_t i = 0; i < self->nchunks && !self->rechunk; i++) {
    chunk *c = &self->chunks[i];
    if (c->not_text || (!c->reparse && !self->reanalyze_all)) continue;
    TSRange *changed = NULL;
    uint32_t nchanged = 0;
    /* A syntax error in a chunk may come from an edit that moved a
    ** statement across the chunk's bounds (a `{` typed, a newline joining
    ** two ops): chunks cut at open no longer fit the text (or the text
    ** has grown past the chunking threshold since). Only cutting and
    ** parsing it again, as on open, reads it as a fresh open would; a
    ** document that stays one tree is parsed afresh on its own. */
    bool recut_on_error = self->nchunks > 1 || len > self->threshold;
    /* A chunk whose tree was dropped is parsed from scratch. With no old
    ** tree there are no changed ranges: its units reuse their analyses
    ** when clean (edits mark the units they touch dirty) and of the same
    ** range, whose text is then unchanged; a syntax error recuts the
    ** document (below), as for any chunk. */
    bool edited = c->reparse;
    if (c->reparse || !c->tree) parse_chunk(self->parser, c, self->doc, !recut_on_error, &changed, &nchanged);
    c->used = ++self->clock;
    if (recut_on_error && ts_node_has_error(ts_tree_root_node(c->tree))) self->rechunk = true;
    else if (edited && c->flow == MS_UNIT_ALONE && defines_in_cut_module(self, c)) self->rechunk = true;
    else if (c->flow != MS_UNIT_ALONE) {
      /* Judged again below with the rest of its function, on its records;
      ** its tree is the only piece tree kept (the next edit, most likely
      ** in the same piece, reparses it incrementally). */
      ms_session_keep_old_records(self, i);
      ms_session_read_piece(c, a);
      c->rejudge = true;
      ms_session_drop_piece_trees(self, i);
    } else analysed += analyse_chunk(c, changed, nchanged, a);
    free(changed);
  }
  if (!self->rechunk) analysed += ms_session_rejudge(self, self->reanalyze_all);
  return analysed;
}

/* Re-analysing every unit (new rules, a type alias redefined) after trees
** were dropped would parse them all again on the caller's thread: a build
** does that work on the workers, off the language server's loop. */
static void reanalyse_by_build(ms_session *self) {
  if (!self->reanalyze_all || self->rechunk) return;
  for (size_t i = 0; i < self->nchunks; i++)
    if (!self->chunks[i].tree && !self->chunks[i].not_text) {
      self->rechunk = true;
      return;
    }
}

size_t ms_session_update(ms_session *self) {
  size_t analysed = 0;
  drop_views(self);
  if (self->build) analysed = build_wait(self);
  reanalyse_by_build(self);
  size_t len;
  const char *text = ms_document_text(self->doc, &len);
  refresh_aliases(self, text, len);
  analyse_ctx a = {self->catalog, &self->opts, text, self->reanalyze_all};
  if (!self->rechunk) analysed += update_chunks(self, len, &a);
  if (self->rechunk) {
    build_begin(self, text, len, &a, 1, NULL, NULL);
    analysed = build_wait(self);
  }
  self->reanalyze_all = false;
  trim_trees(self);
  return analysed;
}

bool ms_session_build_start(ms_session *self, void (*notify)(void *ctx), void *ctx) {
  if (self->build) return true;
  drop_views(self);
  reanalyse_by_build(self);
  size_t len;
  const char *text = ms_document_text(self->doc, &len);
  refresh_aliases(self, text, len);
  analyse_ctx a = {self->catalog, &self->opts, text, self->reanalyze_all};
  if (!self->rechunk) update_chunks(self, len, &a);
  bool async = self->rechunk && len > self->threshold;
  if (self->rechunk) {
    build_begin(self, text, len, &a, async ? 2 : 1, async ? notify : NULL, ctx);
    if (!async) build_wait(self);
  }
  self->reanalyze_all = false;
  if (!async) trim_trees(self);
  return async;
}

/* ------------------------------------------------------------------ */
/* Results                                                             */

void ms_session_each_diagnostic(ms_session *self, void (*fn)(void *ctx, const ms_diagnostic *d), void *ctx) {
  for (size_t i = 0; i < self->nchunks; i++) {
    const chunk *c = &self->chunks[i];
    for (size_t k = 0; k < c->syntax.count; k++) fn(ctx, &c->syntax.items[k]);
    for (size_t j = 0; j < c->nunits; j++) {
      const unit *u = &c->units[j];
      ms_analysis an;
      ms_stored_analysis_view(u->an, &an);
      for (size_t k = 0; k < an.diags.count; k++) {
        ms_diagnostic d = an.diags.items[k];
        ms_diag_shift(&d, u->start);
        fn(ctx, &d);
      }
    }
  }
}

void ms_session_each_unit(ms_session *self, void (*fn)(void *ctx, const ms_unit_view *u), void *ctx) {
  for (size_t i = 0; i < self->nchunks; i++) {
    const chunk *c = &self->chunks[i];
    for (size_t j = 0; j < c->nunits; j++) {
      ms_analysis an;
      ms_stored_analysis_view(c->units[j].an, &an);
      ms_unit_view v = {c->units[j].start, c->units[j].end, ms_stored_analysis_generation(c->units[j].an), &an};
      fn(ctx, &v);
    }
  }
}

void ms_session_each_syntax_error(ms_session *self, void (*fn)(void *ctx, const ms_diagnostic *d), void *ctx) {
  for (size_t i = 0; i < self->nchunks; i++)
    for (size_t k = 0; k < self->chunks[i].syntax.count; k++) fn(ctx, &self->chunks[i].syntax.items[k]);
}

static void copy_diag(void *ctx, const ms_diagnostic *d) {
  ms_diag_list *out = ctx;
  ms_diagnostic *c = ms_diag_list_add(out, d->start, d->end, d->severity, d->code, d->rule, "%s", d->message);
  if (d->has_related) ms_diag_set_related(c, d->related_start, d->related_end, "%s", d->related_message);
}

void ms_session_diagnostics(ms_session *self, ms_diag_list *out) {
  ms_session_each_diagnostic(self, copy_diag, out);
  ms_diag_list_sort(out);
}

/* First unit of c whose end is past pos (binary search). */
static size_t first_unit_ending_after(const chunk *c, uint32_t pos) {
  size_t lo = 0, hi = c->nunits;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c->units[mid].end <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void ms_session_inferences(ms_session *self, uint32_t start, uint32_t end,
                           void (*fn)(void *ctx, const ms_inference *inf, const char *type), void *ctx) {
  for (size_t ci = 0; ci < self->nchunks; ci++) {
    const chunk *c = &self->chunks[ci];
    for (size_t i = first_unit_ending_after(c, start); i < c->nunits && c->units[i].start < end; i++) {
      const unit *u = &c->units[i];
      ms_analysis an;
      ms_stored_analysis_view(u->an, &an);
      for (size_t k = 0; k < an.ninferences; k++) {
        ms_inference inf = an.inferences[k];
        inf.op_start += u->start;
        inf.op_end += u->start;
        inf.name_start += u->start;
        inf.name_end += u->start;
        if (inf.result_end) {
          inf.result_start += u->start;
          inf.result_end += u->start;
        }
        if (inf.op_end > start && inf.op_start < end) fn(ctx, &inf, ms_inference_type(&an, &an.inferences[k]));
      }
    }
  }
}

/* A view of s that lives until the next update (one per analysis). */
static const ms_analysis *view_of(ms_session *self, const ms_stored_analysis *s) {
  for (size_t i = 0; i < self->nviews; i++)
    if (self->views[i]->block == s) return self->views[i];
  ms_analysis *v = ms_xmalloc(sizeof *v);
  ms_stored_analysis_view(s, v);
  *MS_ARRAY_PUSH(self->views, self->nviews, self->cap_views) = v;
  return v;
}

const ms_analysis *ms_session_unit_analysis(ms_session *self, uint32_t pos, uint32_t *offset) {
  for (size_t ci = 0; ci < self->nchunks; ci++) {
    const chunk *c = &self->chunks[ci];
    size_t i = first_unit_ending_after(c, pos);
    if (i < c->nunits && c->units[i].start <= pos) {
      *offset = c->units[i].start;
      return view_of(self, c->units[i].an);
    }
  }
  return NULL;
}

bool ms_session_unit_at(ms_session *self, uint32_t pos, uint32_t *start, uint32_t *end) {
  for (size_t ci = 0; ci < self->nchunks; ci++) {
    const chunk *c = &self->chunks[ci];
    size_t i = first_unit_ending_after(c, pos);
    if (i < c->nunits && c->units[i].start <= pos) {
      *start = c->units[i].start;
      *end = c->units[i].end;
      return true;
    }
  }
  return false;
}
