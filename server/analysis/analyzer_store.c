/*
** analyzer_store.c: what the analyzer answers from the tree or from a
** stored analysis rather than by judging a unit: the detail of one op for
** the hover (judged again on the stored records, no tree walked), a unit's
** SSA values, moving a stored analysis, the syntax-error regions of a tree
** and the cut of a tree into units.
*/
#include "analyzer_int.h"
#include "alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nodes.h"
#include "walk.h"

/* ------------------------------------------------------------------ */
/* Stored analyses in one allocation                                   */

#define ALIGN8(n) (((n) + 7) & ~(size_t)7)

/* Copies n bytes from src to the block at *at and returns where (NULL for none). */
static void *place(char *block, size_t *at, const void *src, size_t n) {
  if (!n) return NULL;
  void *dst = block + *at;
  memcpy(dst, src, n);
  *at += ALIGN8(n);
  return dst;
}

/* Every pool a stored analysis keeps in its block, after the value infos:
** X(items, count, cap, the header's count). */
#define STORED_POOLS(X, rec, an)                                                                               \
  X((rec)->ops, (rec)->nops, (rec)->cap_ops, nops) X((rec)->values, (rec)->nvalues, (rec)->cap_values, nvalues) \
  X((rec)->uses, (rec)->nuses, (rec)->cap_uses, nuses) X((rec)->types, (rec)->ntypes, (rec)->cap_types, ntypes) \
  X((rec)->attrs, (rec)->nattrs, (rec)->cap_attrs, nattrs)                                                    \
  X((rec)->toks, (rec)->ntoks, (rec)->cap_toks, ntoks) \
  X((an)->inferences, (an)->ninferences, (an)->cap, ninferences) X((an)->strings, (an)->nstrings, (an)->cap_strings, nstrings)

/* The block starts with this header (room for it is kept when the block
** is packed), then the value infos and the pools in STORED_POOLS' order,
** each at an 8-byte boundary: the counts say where each one is. */
struct ms_stored_analysis {
  uint64_t generation;
  ms_diagnostic *diags;  /* its own allocation (messages are), or NULL */
  uint32_t ndiags, ninfo;
  uint32_t nops, nvalues, nuses, ntypes, nattrs, ntoks, ninferences, nstrings;
};
#define HEADER ALIGN8(sizeof(ms_stored_analysis))

void ms_analysis_pack(ms_analysis *self, ms_records *rec, ms_value_info *info) {
  assert(!self->block);
  bool any = false;
  for (size_t i = 0; info && i < rec->nvalues && !any; i++) any = info[i].inferred || info[i].producer != MS_NONE;
  size_t ninfo = any ? rec->nvalues : 0;
  size_t total = HEADER + ALIGN8(ninfo * sizeof *info);
#define SIZE(p, n, c, h) total += ALIGN8((n) * sizeof *(p));
  STORED_POOLS(SIZE, rec, self)
#undef SIZE
  char *block = ms_xmalloc(total);
  size_t at = HEADER;
  self->info = place(block, &at, info, ninfo * sizeof *info);
  free(info);
#define MOVE(p, n, c, h)                                     \
  {                                                          \
    void *moved = place(block, &at, (p), (n) * sizeof *(p)); \
    free(p);                                                 \
    (p) = moved;                                             \
    (c) = (n);                                               \
  }
  STORED_POOLS(MOVE, rec, self)
#undef MOVE
  assert(at == total);
  self->rec = *rec;
  ms_records_init(rec);
  /* The implied types are the catalog's: it may be reloaded. */
  free(self->rec.implied);
  self->rec.implied = NULL;
  self->rec.nimplied = self->rec.cap_implied = 0;
  self->block = block;
  self->inline_inferences = true;
  self->diags.items = ms_array_shrink(self->diags.items, self->diags.count, &self->diags.cap, sizeof *self->diags.items);
}

/* an's records, infos, inferences and strings packed again into a block of
** their own (an analysis that has none, or whose inferences moved out). */
static void copy_records(ms_records *dst, const ms_records *src, int64_t delta);

static void *copy_of(const void *p, size_t n) {
  if (!n) return NULL;
  void *q = ms_xmalloc(n);
  memcpy(q, p, n);
  return q;
}

static void repack(ms_analysis *an) {
  ms_records rec;
  copy_records(&rec, &an->rec, 0);
  ms_value_info *info = an->info ? copy_of(an->info, an->rec.nvalues * sizeof *info) : NULL;
  ms_inference *inferences = copy_of(an->inferences, an->ninferences * sizeof *inferences);
  char *strings = copy_of(an->strings, an->nstrings);
  /* The old storage goes (the value infos' types now belong to info). */
  if (!an->inline_inferences) {
    free(an->inferences);
    free(an->strings);
  }
  if (an->block) free(an->block);
  else {
    free(an->info);
    ms_records_clear(&an->rec);
  }
  an->block = NULL;
  an->info = NULL;
  an->inferences = inferences;
  an->strings = strings;
  an->cap = an->ninferences;
  an->cap_strings = an->nstrings;
  an->inline_inferences = false;
  ms_analysis_pack(an, &rec, info);
}

ms_stored_analysis *ms_analysis_store(ms_analysis *an, uint64_t generation) {
  if (!an->block || !an->inline_inferences) repack(an);
  ms_stored_analysis *s = an->block;
  s->generation = generation;
  s->diags = an->diags.count ? an->diags.items : NULL;
  if (!s->diags) free(an->diags.items);
  assert(an->diags.count <= UINT32_MAX && an->rec.nvalues <= UINT32_MAX);
  s->ndiags = (uint32_t)an->diags.count;
  s->ninfo = an->info ? (uint32_t)an->rec.nvalues : 0;
#define COUNT(p, n, c, h)               \
  assert((n) <= UINT32_MAX);            \
  s->h = (uint32_t)(n);
  STORED_POOLS(COUNT, &an->rec, an)
#undef COUNT
  memset(an, 0, sizeof *an);
  return s;
}

void ms_stored_analysis_view(const ms_stored_analysis *s, ms_analysis *view) {
  memset(view, 0, sizeof *view);
  if (!s) return;
  char *block = (char *)s;
  size_t at = HEADER;
  view->diags.items = s->diags;
  view->diags.count = view->diags.cap = s->ndiags;
  view->info = s->ninfo ? (ms_value_info *)(block + at) : NULL;
  at += ALIGN8(s->ninfo * sizeof *view->info);
#define VIEW(p, n, c, h)                                \
  (n) = (c) = s->h;                                     \
  (p) = (n) ? (void *)(block + at) : NULL;              \
  at += ALIGN8((n) * sizeof *(p));
  STORED_POOLS(VIEW, &view->rec, view)
#undef VIEW
  view->block = block;
  view->inline_inferences = true;
}

uint64_t ms_stored_analysis_generation(const ms_stored_analysis *s) { return s ? s->generation : 0; }

void ms_stored_analysis_free(ms_stored_analysis *s) {
  if (!s) return;
  ms_analysis v;
  ms_stored_analysis_view(s, &v);
  for (size_t i = 0; v.info && i < v.rec.nvalues; i++) free(v.info[i].inferred);
  ms_diag_list_clear(&v.diags);
  free(s);
}

/* A position past an edit that ended at `from`: starts at it move, ends at it do not. */
static void move_from(uint32_t *x, uint32_t from, int64_t delta, bool is_start) {
  if (*x > from || (is_start && *x == from)) *x = (uint32_t)((int64_t)*x + delta);
}

static void pair_from(uint32_t *start, uint32_t *end, uint32_t from, int64_t delta) {
  move_from(start, from, delta, true);
  move_from(end, from, delta, false);
}

void ms_stored_analysis_shift_from(ms_stored_analysis *s, uint32_t from, int64_t delta, uint64_t generation) {
  if (!s) return;
  ms_analysis v;
  ms_stored_analysis_view(s, &v);
  ms_records_shift_from(&v.rec, from, delta);
  for (size_t i = 0; i < v.diags.count; i++) {
    ms_diagnostic *d = &v.diags.items[i];
    pair_from(&d->start, &d->end, from, delta);
    if (d->has_related) pair_from(&d->related_start, &d->related_end, from, delta);
    if (d->op_end) pair_from(&d->op_start, &d->op_end, from, delta);
    if (d->has_fix) pair_from(&d->fix_start, &d->fix_end, from, delta);
    if (d->has_msg_at) move_from(&d->msg_at, from, delta, true);
  }
  for (size_t i = 0; i < v.ninferences; i++) {
    ms_inference *f = &v.inferences[i];
    pair_from(&f->op_start, &f->op_end, from, delta);
    pair_from(&f->name_start, &f->name_end, from, delta);
    if (f->result_end) pair_from(&f->result_start, &f->result_end, from, delta);
  }
  s->generation = generation;
}

void ms_analysis_unpack_inferences(ms_analysis *self) {
  if (!self->inline_inferences) return;
  ms_inference *inf = self->ninferences ? ms_xmalloc(self->ninferences * sizeof *inf) : NULL;
  if (inf) memcpy(inf, self->inferences, self->ninferences * sizeof *inf);
  char *strings = self->nstrings ? ms_xmalloc(self->nstrings) : NULL;
  if (strings) memcpy(strings, self->strings, self->nstrings);
  self->inferences = inf;
  self->strings = strings;
  self->cap = self->ninferences;
  self->cap_strings = self->nstrings;
  self->inline_inferences = false;
}

/* Frees what a scratch pass over a stored analysis allocated (its own
** inferred shapes and types) and lends the stored types back. */
static void release_scratch(analyzer *w, const ms_analysis *self, size_t nvalues) {
  for (size_t i = 0; i < nvalues; i++) {
    const char *stored = self->info ? self->info[i].inferred : NULL;
    free(w->shape[i]);
    if (w->info[i].inferred != stored) free(w->info[i].inferred);
    w->shape[i] = NULL;
    w->info[i] = (ms_value_info){(char *)stored, MS_NONE, false, false};
  }
}

/* A copy of src's pools with every span moved by delta. */
static void copy_records(ms_records *dst, const ms_records *src, int64_t delta) {
  ms_records_init(dst);
#define COPY_POOL(f, n, c)                                                                   \
  do {                                                                                      \
    dst->n = dst->c = src->n;                                                               \
    dst->f = src->n ? ms_xmalloc(src->n * sizeof *src->f) : NULL;                           \
    if (src->n) memcpy(dst->f, src->f, src->n * sizeof *src->f);                            \
  } while (0)
  COPY_POOL(ops, nops, cap_ops);
  COPY_POOL(values, nvalues, cap_values);
  COPY_POOL(uses, nuses, cap_uses);
  COPY_POOL(types, ntypes, cap_types);
  COPY_POOL(attrs, nattrs, cap_attrs);
  COPY_POOL(toks, ntoks, cap_toks);
#undef COPY_POOL
  ms_records_shift(dst, delta);
}

bool ms_analysis_op_detail(const ms_catalog *catalog, const ms_analyzer_options *opts, const ms_analysis *self,
                           const char *text, uint32_t base, uint32_t pos, ms_op_detail *out) {
  static const ms_analyzer_options none = {0};
  if (!catalog || pos < base) return false;
  /* Aliases are resolved at absolute offsets: with any, judge a moved copy;
  ** without, the stored records as they are, over the unit's text (a hover
  ** on a huge function copies nothing). */
  bool aliases = opts && opts->aliases && ms_alias_table_count(opts->aliases) > 0;
  ms_records rec;
  if (aliases) copy_records(&rec, &self->rec, base);
  else rec = self->rec;
  uint32_t shift = aliases ? 0 : base;
  text += shift;
  pos -= shift;
  ms_analysis scratch;
  ms_analysis_init(&scratch);
  analyzer w = {catalog, opts ? opts : &none, text, &scratch, &rec, NULL, NULL, pos, out, false, false, MS_NONE, {0}, 0};
  w.shape = ms_xcalloc(rec.nvalues + 1, sizeof *w.shape);
  w.info = ms_xcalloc(rec.nvalues + 1, sizeof *w.info);
  for (size_t i = 0; i < rec.nvalues; i++) w.info[i].producer = MS_NONE;
  /* Ops are in text order, so the last one containing pos is the innermost. */
  uint32_t inner = MS_NONE;
  for (size_t i = 0; i < rec.nops; i++) {
    const ms_op *op = &rec.ops[i];
    if (op->kind == MS_OP_RETURN || op->span.start > pos || pos > op->span.end) continue;
    apply_rule(&w, (uint32_t)i);
    inner = (uint32_t)i;
  }
  release_scratch(&w, self, rec.nvalues);
  /* A pretty single-type op (`stablehlo.add %a, %b : tensor<*xf32>`)
  ** declares no result type the rule could be checked against: describe
  ** what its operands' inferred shapes give. */
  if (!w.found && inner != MS_NONE && rec.ops[inner].nout == 0 && rec.ops[inner].nresults > 0) {
    w.detail_untyped = true;
    apply_rule(&w, inner);
    release_scratch(&w, self, rec.nvalues); /* an unwritten result may have been typed */
  }
  free(w.shape);
  free(w.info); /* its inferred types were borrowed from self */
  ms_analysis_clear(&scratch);
  if (aliases) ms_records_clear(&rec);
  /* Operands declared less precisely than they are (`tensor<*xf32>`) infer
  ** less (or nothing) at their declared types: where inference refined the
  ** result from the operands' inferred shapes, show that. */
  const ms_op *dop = w.found && w.detail_op < self->rec.nops ? &self->rec.ops[w.detail_op] : NULL;
  if (dop && dop->nresults > 0 && ms_analysis_inferred(self, dop->results))
    copy_whole(out->inferred, sizeof out->inferred, ms_analysis_inferred(self, dop->results));
  if (w.found && shift) {
    out->op_start += shift, out->op_end += shift, out->name_start += shift, out->name_end += shift;
    if (out->result_end) out->result_start += shift, out->result_end += shift;
  }
  return w.found;
}

void ms_analyze_values(TSNode unit, const char *text,
                       void (*fn)(void *ctx, uint32_t use_start, uint32_t use_end, const ms_ssa_def *def),
                       void *ctx) {
  ms_records rec;
  ms_records_init(&rec);
  ms_records_build(&rec, unit, text, 0, UINT32_MAX);
  for (size_t i = 0; i < rec.nvalues; i++) {
    const ms_value *v = &rec.values[i];
    if (v->index > 0) continue; /* `%x:2` is one token */
    ms_ssa_def d = {v->def, v->type, ms_records_value_constant(&rec, (uint32_t)i), (uint32_t)i};
    fn(ctx, v->def.start, v->def.end, &d);
  }
  for (size_t i = 0; i < rec.nuses; i++) {
    const ms_use *u = &rec.uses[i];
    if (u->value == MS_NONE) {
      fn(ctx, u->span.start, u->span.end, NULL);
      continue;
    }
    const ms_value *v = &rec.values[u->value];
    ms_ssa_def d = {v->def, v->type, ms_records_value_constant(&rec, u->value), u->value};
    fn(ctx, u->span.start, u->span.end, &d);
  }
  ms_records_clear(&rec);
}

static void shift(uint32_t *x, int64_t delta) { *x = (uint32_t)((int64_t)*x + delta); }

void ms_analysis_shift(ms_analysis *self, int64_t delta) {
  for (size_t i = 0; i < self->diags.count; i++) {
    ms_diagnostic *d = &self->diags.items[i];
    ms_diag_shift(d, delta);
  }
  ms_records_shift(&self->rec, delta);
  for (size_t i = 0; i < self->ninferences; i++) {
    ms_inference *f = &self->inferences[i];
    shift(&f->op_start, delta);
    shift(&f->op_end, delta);
    shift(&f->name_start, delta);
    shift(&f->name_end, delta);
    if (f->result_end) {
      shift(&f->result_start, delta);
      shift(&f->result_end, delta);
    }
  }
}

static void syntax_error(const char *text, TSNode n, ms_diag_list *out) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (ts_node_is_missing(n)) {
    ms_diag_list_add(out, s, e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "syntax error: missing '%s'",
                     ts_node_type(n));
    return;
  }
  /* Squiggle the first line of the region; quote its first token. */
  const char *eol = memchr(text + s, '\n', e - s);
  uint32_t line_end = eol ? (uint32_t)(eol - text) : e;
  uint32_t tok = s;
  while (tok < line_end && text[tok] != ' ' && text[tok] != '\t' && tok - s < 40) tok++;
  if (tok == s) tok = line_end;
  ms_diag_list_add(out, s, line_end > s ? line_end : e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL,
                   "syntax error: unexpected '%.*s'", (int)(tok - s), text + s);
}

typedef struct errors_walk {
  const char *text;
  uint32_t start, end;
  ms_diag_list *out;
} errors_walk;

static bool enter_error(void *ctx, TSNode n, uint32_t depth) {
  (void)depth;
  errors_walk *e = ctx;
  if (ts_node_is_missing(n) || !strcmp(ts_node_type(n), "ERROR")) {
    uint32_t s = ts_node_start_byte(n);
    /* Several MISSING tokens at one place (`}` and `)` of an unclosed
    ** region) are one error region. */
    ms_diag_list *out = e->out;
    bool repeat = out->count && !strcmp(out->items[out->count - 1].code, MS_CODE_SYNTAX) &&
                  out->items[out->count - 1].start == s;
    if (s >= e->start && s < e->end && !repeat) syntax_error(e->text, n, out);
    return false;
  }
  return ts_node_has_error(n);
}

void ms_analyze_syntax(TSNode root, const char *text, uint32_t start, uint32_t end, ms_diag_list *out) {
  errors_walk e = {text, start, end, out};
  ms_walk_visitor v = {enter_error, NULL};
  ms_walk(root, &v, &e);
}

/* A module's ops are units; anything else at the top is one. */
static bool is_module(TSNode n, const char *text) {
  ms_node_kind k = ms_node_kind_of(n);
  if (k == MS_K_MODULE) return true;
  if (k != MS_K_GENERIC) return false;
  TSNode name = ts_node_child_by_field_name(n, "name", 4);
  uint32_t s = ts_node_start_byte(name), e = ts_node_end_byte(name);
  return e - s == 16 && !memcmp(text + s, "\"builtin.module\"", 16);
}

typedef struct units_walk {
  const char *text;
  TSNode *units;
  size_t max, n;
} units_walk;

static bool enter_unit(void *ctx, TSNode child, uint32_t depth) {
  units_walk *u = ctx;
  if (depth == 0) return true;
  if (!ts_node_is_named(child)) return false;
  ms_node_kind k = ms_node_kind_of(child);
  if (is_module(child, u->text) || k == MS_K_REGION || k == MS_K_REGION_LIST || k == MS_K_BLOCK) return true;
  if (k == MS_K_OTHER || k == MS_K_BLOCK_LABEL || k == MS_K_ATTR_DICT || k == MS_K_PROPERTIES || k == MS_K_LOCATION ||
      k == MS_K_FUNCTION_TYPE || k == MS_K_OP_NAME || k == MS_K_TYPE)
    return false;
  if (u->n < u->max) u->units[u->n] = child;
  u->n++;
  return false;
}

size_t ms_analyzer_units(TSNode root, const char *text, TSNode *units, size_t max) {
  units_walk u = {text, units, max, 0};
  ms_walk_visitor v = {enter_unit, NULL};
  ms_walk(root, &v, &u);
  return u.n;
}
