/*
** flow.c: a long function's records judged piece by piece (flow.h).
**
** What is kept of the function between pieces is its value table: per
** value directly in its body (results of ops directly in the body, and the
** entry block's arguments) the value record, what inference knows of it
** (ms_shape, ms_value_info) and a name table entry; per op directly in the
** body only what a later op may read of an earlier one (its name, for the
** producer of a refined value and a catalog's shape_source, and its
** operand #1). Each piece is judged on records of its own: first *proxies*
** (the function op, and the earlier values the piece uses with their
** defining ops, copied from the table), then the piece's records appended
** behind them (ms_records_append), its uses of earlier values linked to
** the proxies. ms_analyze_records_from judges the piece's ops from there,
** as it would in the whole function's records: what it reads of an
** earlier value or op is all in its proxy. Then the piece's body values and
** ops join the table and its records are freed: memory is the pieces in
** flight plus the table (about 90 bytes per op), never a tree and never
** the ops' types, attributes or tokens.
*/
#include "flow.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* A value directly in the body, as the table keeps it: op is a table op
** (fop) or MS_NONE, info.producer a table op. */
typedef struct fval {
  ms_value v;
  uint32_t extra;              /* exts[extra], MS_NONE: no shape, nothing inferred */
} fval;

/* What inference knows of a value, for the few values it refined. */
typedef struct fext {
  ms_shape *shape;
  ms_value_info info;
} fext;

/* An op directly in the body: what a later op reads of it. */
typedef struct fop {
  ms_span name, name_token;
  uint32_t noperands;          /* at most 2: only operand #1 is kept */
  uint32_t operand1;           /* a table value, MS_NONE */
} fop;

/* The body's names: `%x` (index -1) or `%x#k` to a table value, whose
** definition holds the key. Open addressing, 8 bytes a slot (value + 1,
** 0 empty, and the name's hash): the table of a 50 MB function is held
** whole, so no scopes and no undo log (ssa.h's are for nested regions). */
typedef struct name {
  uint32_t value;              /* table value + 1, 0: empty */
  uint32_t hash;               /* of its name (hash_name) */
} name;

struct ms_flow {
  const ms_catalog *catalog;
  ms_analyzer_options opts;
  const char *text;
  fval *vals;
  size_t nvals, cap_vals;
  fop *ops;
  size_t nops, cap_ops;
  name *names;                 /* the body's values by name */
  size_t cap_names, nnames;
  bool started;
  bool has_fn;                 /* the function is an op (generic form): fn */
  ms_op fn;                    /* its name and span (its slices are not kept) */
  fext *exts;
  size_t nexts, cap_exts;
  /* Per piece: table value or op -> its proxy (open addressing, key
  ** 2 x id + is_op + 1, 0 empty), sized by the piece's uses. */
  uint64_t *pkey;
  uint32_t *pval;
  size_t cap_pmap;
  uint32_t *proxied;           /* the proxies' table values, in local order */
  size_t nproxied, cap_proxied;
};

static const ms_value_info no_info = {NULL, MS_NONE, false};

static ms_shape *shape_of(const ms_flow *self, uint32_t value) {
  uint32_t e = self->vals[value].extra;
  return e == MS_NONE ? NULL : self->exts[e].shape;
}

static ms_value_info info_of(const ms_flow *self, uint32_t value) {
  uint32_t e = self->vals[value].extra;
  return e == MS_NONE ? no_info : self->exts[e].info;
}

/* The proxy map's slot of key (id, is_op). */
static size_t pslot(const ms_flow *self, uint32_t id, bool is_op) {
  uint64_t key = ((uint64_t)id << 1 | is_op) + 1;
  size_t mask = self->cap_pmap - 1, i = (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 20) & mask;
  while (self->pkey[i] && self->pkey[i] != key) i = (i + 1) & mask;
  self->pkey[i] = key;
  return i;
}

ms_flow *ms_flow_new(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text) {
  ms_flow *self = ms_xcalloc(1, sizeof *self);
  self->catalog = catalog;
  if (opts) self->opts = *opts;
  self->text = text;
  self->cap_names = 1024;
  self->names = ms_xcalloc(self->cap_names, sizeof *self->names);
  return self;
}

static uint32_t hash_name(const char *s, size_t n, int index) {
  uint64_t h = 1469598103934665603ULL ^ (uint64_t)(index + 2);
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return (uint32_t)(h ^ h >> 32);
}

/* The slot of a name: its own, or the empty one it would take. Only a
** slot whose stored hash matches reads the text of its definition. */
static size_t slot_of(const ms_flow *self, const char *s, size_t n, int index) {
  uint32_t h = hash_name(s, n, index);
  size_t mask = self->cap_names - 1, i = h & mask;
  for (;; i = (i + 1) & mask) {
    const name *e = &self->names[i];
    if (!e->value) return i;
    if (e->hash != h) continue;
    const ms_value *v = &self->vals[e->value - 1].v;
    if (v->index == index && v->def.end - v->def.start == n && !memcmp(self->text + v->def.start, s, n)) return i;
  }
}

/* Growing rehashes by the stored hashes: no definition is read again (a
** read of the text faults its page back in). */
static void enter(ms_flow *self, uint32_t value) {
  if ((self->nnames + 1) * 10 > self->cap_names * 7) {
    name *old = self->names;
    size_t n = self->cap_names;
    self->cap_names *= 2;
    self->names = ms_xcalloc(self->cap_names, sizeof *self->names);
    size_t mask = self->cap_names - 1;
    for (size_t i = 0; i < n; i++) {
      if (!old[i].value) continue;
      size_t k = old[i].hash & mask;
      while (self->names[k].value) k = (k + 1) & mask;
      self->names[k] = old[i];
    }
    free(old);
  }
  const ms_value *v = &self->vals[value].v;
  const char *s = self->text + v->def.start;
  size_t len = v->def.end - v->def.start;
  name *e = &self->names[slot_of(self, s, len, v->index)];
  if (!e->value) self->nnames++;
  *e = (name){value + 1, hash_name(s, len, v->index)}; /* a later definition shadows */
}

/* As ms_ssa_lookup: `%x#1` is name `%x` index 1; `%x#0` also finds `%x`.
** The table value of the name, or MS_NONE. */
static uint32_t find(const ms_flow *self, ms_span use) {
  const char *s = self->text + use.start;
  size_t n = use.end - use.start;
  int index = -1;
  const char *hashmark = memchr(s, '#', n);
  if (hashmark) {
    index = atoi(hashmark + 1);
    n = (size_t)(hashmark - s);
  }
  uint32_t e = self->names[slot_of(self, s, n, index)].value;
  if (!e && index == 0) e = self->names[slot_of(self, s, n, -1)].value;
  return e ? e - 1 : MS_NONE;
}

/* ---- a piece's proxies ---- */


static uint32_t proxy_value(ms_flow *self, ms_records *rec, uint32_t value, int depth);

/* The proxy op of table op k: its name, and its operand #1 (a proxy too)
** while depth lasts. */
static uint32_t proxy_op(ms_flow *self, ms_records *rec, uint32_t k, int depth) {
  size_t slot = pslot(self, k, true);
  if (self->pval[slot]) return self->pval[slot] - 1;
  const fop *f = &self->ops[k];
  uint32_t operand1 = f->noperands > 1 && f->operand1 != MS_NONE && depth > 0
                          ? proxy_value(self, rec, f->operand1, depth - 1) : MS_NONE;
  ms_op op = {0};
  op.span = f->name_token;
  op.name = f->name;
  op.name_token = f->name_token;
  op.kind = MS_OP_GENERIC;
  op.parent = self->has_fn ? 0 : MS_NONE;
  op.implied_operand = -1;
  if (f->noperands) {
    op.operands = (uint32_t)rec->nuses;
    op.noperands = f->noperands;
    for (uint32_t i = 0; i < f->noperands; i++)
      *MS_ARRAY_PUSH(rec->uses, rec->nuses, rec->cap_uses) =
          (ms_use){{0, 0}, i == 1 ? operand1 : MS_NONE, (uint32_t)rec->nops, (int32_t)i};
  }
  *MS_ARRAY_PUSH(rec->ops, rec->nops, rec->cap_ops) = op;
  self->pval[pslot(self, k, true)] = (uint32_t)rec->nops;
  return (uint32_t)rec->nops - 1;
}

/* The proxy of table value `value` in rec (made on first use). */
static uint32_t proxy_value(ms_flow *self, ms_records *rec, uint32_t value, int depth) {
  size_t slot = pslot(self, value, false);
  if (self->pval[slot]) return self->pval[slot] - 1;
  fval *f = &self->vals[value];
  /* Reserved first, so that a chain back to it ends. */
  ms_value v = f->v;
  v.op = MS_NONE;
  if (f->v.op == MS_NONE) v.owner = self->has_fn ? 0 : MS_NONE;
  uint32_t at = (uint32_t)rec->nvalues;
  *MS_ARRAY_PUSH(rec->values, rec->nvalues, rec->cap_values) = v;
  *MS_ARRAY_PUSH(self->proxied, self->nproxied, self->cap_proxied) = value;
  self->pval[slot] = at + 1;
  if (f->v.op != MS_NONE) {
    uint32_t op = proxy_op(self, rec, f->v.op, depth);
    rec->values[at].op = op;
  }
  return at;
}

typedef struct link_ctx {
  ms_flow *self;
  ms_records *rec;
} link_ctx;

static uint32_t link(void *ctx, ms_span use) {
  link_ctx *c = ctx;
  uint32_t v = find(c->self, use);
  return v == MS_NONE ? MS_NONE : proxy_value(c->self, c->rec, v, 2);
}

/* An empty proxy map with room for the proxies of n uses (each a value,
** its op, the op's operand #1 and its op, and a producer). */
static void reset_pmap(ms_flow *self, size_t n) {
  size_t want = 16;
  while (want < 12 * (n + 1)) want *= 2;
  if (want > self->cap_pmap) {
    free(self->pkey);
    free(self->pval);
    self->cap_pmap = want;
    self->pkey = ms_xmalloc(want * sizeof *self->pkey);
    self->pval = ms_xmalloc(want * sizeof *self->pval);
  }
  memset(self->pkey, 0, self->cap_pmap * sizeof *self->pkey);
  memset(self->pval, 0, self->cap_pmap * sizeof *self->pval);
}

/* ---- after a piece ---- */

/* Room for `more` items: the table grows by a quarter (it is the function's
** whole memory; doubling would leave up to half of it unused). */
static void *room(void *items, size_t count, size_t more, size_t *cap, size_t item_size) {
  size_t need = count + more;
  if (need <= *cap) return items;
  size_t n = *cap + *cap / 4;
  *cap = n > need ? n : need;
  return ms_xrealloc(items, *cap * item_size);
}

/* The piece's values and ops directly in the body join the table; the
** proxies take back what judging changed (a root cause reported). */
static void keep(ms_flow *self, ms_records *rec, size_t first_op, size_t first_value, ms_shape **shape,
                 ms_value_info *info) {
  uint32_t parent = self->has_fn ? 0 : MS_NONE;
  uint32_t *gop = ms_xmalloc((rec->nops + 1) * sizeof *gop);
  uint32_t *gval = ms_xmalloc((rec->nvalues + 1) * sizeof *gval);
  for (size_t i = 0; i < first_op; i++) gop[i] = MS_NONE;
  self->ops = room(self->ops, self->nops, rec->nops - first_op, &self->cap_ops, sizeof *self->ops);
  self->vals = room(self->vals, self->nvals, rec->nvalues - first_value, &self->cap_vals, sizeof *self->vals);
  for (size_t i = 0; i < first_value; i++) {
    gval[i] = self->proxied[i];
    if (info[i].broken == info_of(self, gval[i]).broken) continue;
    fval *f = &self->vals[gval[i]];
    if (f->extra == MS_NONE) {
      f->extra = (uint32_t)self->nexts;
      *MS_ARRAY_PUSH(self->exts, self->nexts, self->cap_exts) = (fext){NULL, no_info};
    }
    self->exts[f->extra].info.broken = info[i].broken;
  }
  for (size_t i = first_op; i < rec->nops; i++) {
    gop[i] = MS_NONE;
    if (rec->ops[i].parent != parent || (self->has_fn && i == 0)) continue;
    gop[i] = (uint32_t)self->nops;
    *MS_ARRAY_PUSH(self->ops, self->nops, self->cap_ops) =
        (fop){rec->ops[i].name, rec->ops[i].name_token, rec->ops[i].noperands > 2 ? 2 : rec->ops[i].noperands, MS_NONE};
  }
  for (size_t i = first_value; i < rec->nvalues; i++) {
    const ms_value *v = &rec->values[i];
    bool in_body = v->op != MS_NONE ? rec->ops[v->op].parent == parent && !(self->has_fn && v->op == 0)
                                    : v->owner == parent;
    gval[i] = MS_NONE;
    if (!in_body || v->def.end <= v->def.start) {
      free(shape[i]);
      free(info[i].inferred);
      continue;
    }
    fval f = {*v, MS_NONE};
    f.v.op = v->op == MS_NONE ? MS_NONE : gop[v->op];
    if (v->op != MS_NONE) f.v.owner = MS_NONE;
    if (shape[i] || info[i].inferred || info[i].producer != MS_NONE || info[i].broken) {
      fext e = {shape[i], info[i]};
      e.info.producer = info[i].producer == MS_NONE ? MS_NONE : gop[info[i].producer];
      f.extra = (uint32_t)self->nexts;
      *MS_ARRAY_PUSH(self->exts, self->nexts, self->cap_exts) = e;
    }
    gval[i] = (uint32_t)self->nvals;
    *MS_ARRAY_PUSH(self->vals, self->nvals, self->cap_vals) = f;
    enter(self, gval[i]);
  }
  for (size_t i = first_op; i < rec->nops; i++) {
    const ms_op *op = &rec->ops[i];
    if (gop[i] == MS_NONE || op->noperands < 2) continue;
    uint32_t v = rec->uses[op->operands + 1].value;
    self->ops[gop[i]].operand1 = v == MS_NONE ? MS_NONE : gval[v];
  }
  free(gop);
  free(gval);
}

void ms_flow_add(ms_flow *self, ms_records *piece, uint32_t cut, ms_diag_list *out) {
  ms_records rec;
  size_t first_op = 0, first_value = 0;
  self->nproxied = 0;
  if (!self->started) {
    /* The head: its first op is the function itself when the function is
    ** an op (generic form): the only op that runs past the first cut. */
    self->started = true;
    if (piece->nops > 0 && piece->ops[0].parent == MS_NONE && piece->ops[0].span.end > cut) {
      self->has_fn = true;
      self->fn = piece->ops[0];
    }
    rec = *piece;
    ms_records_init(piece);
  } else {
    ms_records_init(&rec);
    reset_pmap(self, piece->nuses);
    if (self->has_fn) {
      ms_op fn = {0};
      fn.span = self->fn.span;
      fn.name = self->fn.name;
      fn.name_token = self->fn.name_token;
      fn.kind = self->fn.kind;
      fn.parent = MS_NONE;
      fn.implied_operand = -1;
      *MS_ARRAY_PUSH(rec.ops, rec.nops, rec.cap_ops) = fn;
    }
    link_ctx c = {self, &rec};
    /* Proxies first: every earlier value a use of the piece names. */
    for (size_t i = 0; i < piece->nuses; i++)
      if (piece->uses[i].value == MS_NONE) link(&c, piece->uses[i].span);
    /* And the ops that refined them (describing a refined value names its
    ** producer). */
    for (size_t i = 0; i < self->nproxied; i++) {
      uint32_t producer = info_of(self, self->proxied[i]).producer;
      if (producer != MS_NONE) proxy_op(self, &rec, producer, 0);
    }
    first_op = rec.nops;
    first_value = rec.nvalues;
    ms_records_append(&rec, piece, self->has_fn ? 0 : MS_NONE, link, &c);
    assert(rec.nvalues - first_value == piece->nvalues);
    ms_records_clear(piece);
  }
  ms_shape **shape = ms_xcalloc(rec.nvalues + 1, sizeof *shape);
  ms_value_info *info = ms_xcalloc(rec.nvalues + 1, sizeof *info);
  for (size_t i = 0; i < rec.nvalues; i++) info[i].producer = MS_NONE;
  for (size_t i = 0; i < first_value; i++) {
    shape[i] = shape_of(self, self->proxied[i]);
    info[i] = info_of(self, self->proxied[i]);
    if (info[i].producer != MS_NONE) info[i].producer = self->pval[pslot(self, info[i].producer, true)] - 1;
  }
  ms_analysis a;
  ms_analysis_init(&a);
  ms_analyze_records_from(self->catalog, &self->opts, self->text, &rec, first_op, first_value, shape, info, &a);
  ms_diag_list_take(out, &a.diags, 0);
  free(a.inferences);
  free(a.strings);
  keep(self, &rec, first_op, first_value, shape, info);
  free(shape);
  free(info);
  ms_records_clear(&rec);
}

void ms_flow_delete(ms_flow *self) {
  if (!self) return;
  for (size_t i = 0; i < self->nexts; i++) {
    free(self->exts[i].shape);
    free(self->exts[i].info.inferred);
  }
  free(self->exts);
  free(self->vals);
  free(self->ops);
  free(self->names);
  free(self->pkey);
  free(self->pval);
  free(self->proxied);
  free(self);
}
