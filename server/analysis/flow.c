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
** flight plus the table, never a tree and never the ops' types,
** attributes or tokens.
**
** The table keeps a value only while a later op can read it
** (ms_flow_forget, from lastuse.h's backward pass: once the text past a
** point no longer names a value, its name goes). What a proxy reads of an
** unnamed value is reached through operand #1 of an op, at most two ops
** away, so each value and op has a *level*, the proxy depth it may still
** be read at: 2 for a value with its name, 1 for operand #1 of an op at
** level 2, 0 for operand #1 of an op at level 1; an op has the highest
** level of its values, at least 0 while it is the producer of one. What
** falls below 0 is freed (its slot is reused), so the table is the values
** live at the current piece and what they lead to, however long the
** function is.
**
** The language server judges a piece again on a copy of the table before
** it and asks whether the table after it is the same as before the edit
** (ms_flow_same). Each table keeps a journal of its last piece: the values
** and ops it made, and the earlier values whose `broken` it changed (the
** only thing a piece writes into what came before it), with ids of the
** table's content before and after it. Two tables judged from one
** content differ only in what their journals list: that is all that is
** compared, not the whole table (a 10 MB function's table was most of an
** edit's time).
*/
#include "flow.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "analyzer_int.h" /* ms_analysis_pack */

/* A value directly in the body, as the table keeps it: op is a table op
** (fop) or MS_NONE, info.producer a table op. */
typedef struct fval {
  ms_value v;
  uint32_t extra;              /* exts[extra], MS_NONE: no shape, nothing inferred */
  uint32_t need1, need0;       /* ops at level 2 (1) whose operand #1 it is */
  bool named;                  /* in the name table */
  bool touched;                /* an edit fell on its text (ms_flow_shift_from): never the same */
  uint32_t keylen;             /* its name's length, the name in key (or long_key past 16 bytes): */
  char key[16];                /* names are compared here, never in the text (reading a far */
  char *long_key;              /* definition faults its page, and 64 KB around it, back in) */
} fval;

/* What inference knows of a value, for the few values it refined. */
typedef struct fext {
  ms_shape *shape;
  ms_value_info info;
} fext;

/* An op directly in the body: what a later op reads of it. */
typedef struct fop {
  ms_span name, name_token;
  ms_span constant;            /* its value attribute (a constant's results read it) */
  uint32_t noperands;          /* at most 2: only operand #1 is kept */
  uint32_t operand1;           /* a table value, MS_NONE (also once the op is below level 1) */
  uint32_t count[3];           /* its values at each level; count[0] also the values it produced */
  bool freed;                  /* its slot is free */
  bool cut;                    /* its operand #1 was let go (it fell below level 1) */
  bool touched;                /* an edit fell on its text (ms_flow_shift_from) */
} fop;

/* The body's names: `%x` (index -1) or `%x#k` to a table value, which
** holds the key (fval.key). Open addressing, 8 bytes a slot (value + 1,
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
  bool fn_touched;             /* an edit fell on its name (ms_flow_shift_from) */
  fext *exts;
  size_t nexts, cap_exts;
  uint32_t *free_vals, *free_ops, *free_exts;  /* freed slots, reused first */
  size_t nfree_vals, cap_free_vals, nfree_ops, cap_free_ops, nfree_exts, cap_free_exts;
  /* Per piece: table value or op -> its proxy (open addressing, key
  ** 2 x id + is_op + 1, 0 empty), sized by the piece's uses. */
  uint64_t *pkey;
  uint32_t *pval;
  size_t cap_pmap;
  uint32_t *proxied;           /* the proxies' table values, in local order */
  size_t nproxied, cap_proxied;
  /* What the last piece wrote (ms_flow_same compares only that between
  ** two tables judged from one table: `base`). state names the table's
  ** content (a copy shares it; a piece, an edit moving its spans or a
  ** forget makes a new one), base the content before the last piece. */
  uint64_t state, base;
  uint32_t *wrote_vals, *wrote_ops; /* the values and ops the last piece made */
  size_t nwrote_vals, cap_wrote_vals, nwrote_ops, cap_wrote_ops;
  uint32_t *rebroken;          /* earlier values whose `broken` it changed */
  size_t nrebroken, cap_rebroken;
  uint32_t prev_end, max_end;  /* bounds of the ends of the spans before the last piece, of all */
  bool stale;                  /* an edit fell on a value or op before the last piece: */
};                             /* compared whole from then on (copies too) */

/* A content id no table holds yet. */
static uint64_t new_state(void) {
  static uint64_t counter;
  return __atomic_add_fetch(&counter, 1, __ATOMIC_RELAXED);
}

static const ms_value_info no_info = {NULL, MS_NONE, false, false};

static const char *key_of(const fval *f) { return f->keylen <= sizeof f->key ? f->key : f->long_key; }

static void free_key(fval *f) {
  if (f->keylen > sizeof f->key) free(f->long_key);
  f->long_key = NULL;
  f->keylen = 0;
}

static void set_key(fval *f, const char *s, size_t n) {
  free_key(f);
  f->keylen = (uint32_t)n;
  if (n > sizeof f->key) f->long_key = ms_xmalloc(n);
  memcpy(n > sizeof f->key ? f->long_key : f->key, s, n);
}

static ms_shape *shape_of(const ms_flow *self, uint32_t value) {
  uint32_t e = self->vals[value].extra;
  return e == MS_NONE ? NULL : self->exts[e].shape;
}

static ms_value_info info_of(const ms_flow *self, uint32_t value) {
  uint32_t e = self->vals[value].extra;
  return e == MS_NONE ? no_info : self->exts[e].info;
}

/* ---- levels: what the table must keep ---- */

static int value_level(const fval *f) { return f->named ? 2 : f->need1 ? 1 : f->need0 ? 0 : -1; }
static int op_level(const fop *o) { return o->count[2] ? 2 : o->count[1] ? 1 : o->count[0] ? 0 : -1; }

static void push_free(uint32_t **items, size_t *n, size_t *cap, uint32_t id) {
  *MS_ARRAY_PUSH(*items, *n, *cap) = id;
}

static void op_moves(ms_flow *self, uint32_t k, int from, int to);

/* Value v's level may have changed from `old`: its op follows, and its
** producer holds level 0 while it is kept; below 0 it is freed. */
static void value_moved(ms_flow *self, uint32_t v, int old) {
  fval *f = &self->vals[v];
  int now = value_level(f);
  if (now == old) return;
  if (f->v.op != MS_NONE) op_moves(self, f->v.op, old, now);
  uint32_t producer = f->extra == MS_NONE ? MS_NONE : self->exts[f->extra].info.producer;
  if (old < 0 && producer != MS_NONE) op_moves(self, producer, -1, 0);
  if (now >= 0) return;
  if (f->extra != MS_NONE) {
    fext *e = &self->exts[f->extra];
    free(e->shape);
    free(e->info.inferred);
    *e = (fext){NULL, no_info};
    push_free(&self->free_exts, &self->nfree_exts, &self->cap_free_exts, f->extra);
    f->extra = MS_NONE;
  }
  f->v.op = MS_NONE;
  free_key(f);
  push_free(&self->free_vals, &self->nfree_vals, &self->cap_free_vals, v);
  if (producer != MS_NONE) op_moves(self, producer, 0, -1);
}

/* One of op k's values (or a value it produced: level 0) moves from level
** `from` to `to` (-1: none). Its operand #1 follows the op's level. */
static void op_moves(ms_flow *self, uint32_t k, int from, int to) {
  fop *o = &self->ops[k];
  int old = op_level(o);
  if (from >= 0) {
    assert(o->count[from] > 0);
    o->count[from]--;
  }
  if (to >= 0) o->count[to]++;
  int now = op_level(o);
  if (now == old) return;
  /* An op gains a level only while its piece joins the table (later
  ** pieces name values with a name, at level 2 already): one that let its
  ** operand #1 go is never read that deep again. */
  assert(!(o->cut && now >= 1));
  uint32_t v = o->operand1;
  if (v != MS_NONE) {
    fval *f = &self->vals[v];
    int vold = value_level(f);
    if (old == 2) f->need1--;
    if (old == 1) f->need0--;
    if (now == 2) f->need1++;
    if (now == 1) f->need0++;
    if (now < 1) {
      o->operand1 = MS_NONE;
      o->cut = true;
    }
    value_moved(self, v, vold);
  }
  if (now < 0) {
    o->freed = true;
    push_free(&self->free_ops, &self->nfree_ops, &self->cap_free_ops, k);
  }
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
  self->state = new_state();
  self->base = new_state();
  return self;
}

static uint32_t hash_name(const char *s, size_t n, int index) {
  uint64_t h = 1469598103934665603ULL ^ (uint64_t)(index + 2);
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return (uint32_t)(h ^ h >> 32);
}

/* The slot of a name: its own, or the empty one it would take. Only a
** slot whose stored hash matches compares the name (the value's key). */
static size_t slot_of(const ms_flow *self, const char *s, size_t n, int index) {
  uint32_t h = hash_name(s, n, index);
  size_t mask = self->cap_names - 1, i = h & mask;
  for (;; i = (i + 1) & mask) {
    const name *e = &self->names[i];
    if (!e->value) return i;
    if (e->hash != h) continue;
    const fval *f = &self->vals[e->value - 1];
    if (f->v.index == index && f->keylen == n && !memcmp(key_of(f), s, n)) return i;
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
  set_key(&self->vals[value], s, len);
  name *e = &self->names[slot_of(self, s, len, v->index)];
  uint32_t shadowed = e->value;
  if (!shadowed) self->nnames++;
  *e = (name){value + 1, hash_name(s, len, v->index)}; /* a later definition shadows */
  self->vals[value].named = true;
  if (shadowed && shadowed != value + 1) {
    self->vals[shadowed - 1].named = false;
    value_moved(self, shadowed - 1, 2);
  }
}

/* Empties slot i of the name table (backward-shift deletion: no
** tombstones, by the stored hashes). */
static void delete_name(ms_flow *self, size_t i) {
  size_t mask = self->cap_names - 1;
  for (size_t j = (i + 1) & mask; self->names[j].value; j = (j + 1) & mask) {
    size_t home = self->names[j].hash & mask;
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (stays) continue;
    self->names[i] = self->names[j];
    i = j;
  }
  self->names[i] = (name){0, 0};
  self->nnames--;
}

void ms_flow_forget(ms_flow *self, ms_span at) {
  /* Names go that no journal notes: no narrowed comparison from here. */
  self->state = new_state();
  self->base = new_state();
  const char *s = self->text + at.start;
  size_t n = at.end - at.start;
  /* `%x` (index -1), then `%x#0`, `%x#1`, ... of a group `%x:k`. */
  for (int index = -1;; index++) {
    size_t slot = slot_of(self, s, n, index);
    uint32_t e = self->names[slot].value;
    if (e && self->vals[e - 1].v.def.start <= at.start) {
      delete_name(self, slot);
      self->vals[e - 1].named = false;
      value_moved(self, e - 1, 2);
    } else if (index >= 0) {
      break;
    }
  }
}

/* As ms_ssa_lookup: `%x#1` is name `%x` index 1; `%x#0` also finds `%x`.
** The table value of the name, or MS_NONE. */
static uint32_t find(const ms_flow *self, ms_span use) {
  const char *s = self->text + use.start;
  size_t n = use.end - use.start;
  int index = ms_ssa_use_index(s, &n);
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
  assert(!f->freed && op_level(f) >= depth);
  uint32_t operand1 = f->noperands > 1 && f->operand1 != MS_NONE && depth > 0
                          ? proxy_value(self, rec, f->operand1, depth - 1) : MS_NONE;
  ms_op op = {0};
  op.span = f->name_token;
  op.name = f->name;
  op.quoted = f->name_token.start != f->name.start;
  op.constant = f->constant;
  op.kind = MS_OP_GENERIC;
  op.parent = self->has_fn ? 0 : MS_NONE;
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
  assert(value_level(f) >= depth);
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

/* A copy of the piece's value infos, their inferred types too (the
** table takes the originals): what a stored analysis keeps. */
static ms_value_info *copy_infos(const ms_value_info *info, size_t n) {
  ms_value_info *copy = ms_xmalloc((n + 1) * sizeof *copy);
  for (size_t i = 0; i < n; i++) {
    copy[i] = info[i];
    copy[i].inferred = info[i].inferred ? ms_xstrdup(info[i].inferred) : NULL;
  }
  return copy;
}

/* ---- after a piece ---- */

/* Room for one more item: the table grows by a quarter (it is the
** function's whole memory; doubling would leave up to half of it unused). */
static void *room(void *items, size_t count, size_t *cap, size_t item_size) {
  if (count < *cap) return items;
  size_t n = *cap + *cap / 4;
  *cap = n > count + 16 ? n : count + 16;
  return ms_xrealloc(items, *cap * item_size);
}

static uint32_t new_val(ms_flow *self, const fval *f) {
  uint32_t k;
  if (self->nfree_vals) k = self->free_vals[--self->nfree_vals];
  else {
    self->vals = room(self->vals, self->nvals, &self->cap_vals, sizeof *self->vals);
    k = (uint32_t)self->nvals++;
  }
  self->vals[k] = *f;
  return k;
}

static uint32_t new_op(ms_flow *self, const fop *o) {
  uint32_t k;
  if (self->nfree_ops) k = self->free_ops[--self->nfree_ops];
  else {
    self->ops = room(self->ops, self->nops, &self->cap_ops, sizeof *self->ops);
    k = (uint32_t)self->nops++;
  }
  self->ops[k] = *o;
  return k;
}

static uint32_t new_ext(ms_flow *self, const fext *e) {
  uint32_t k;
  if (self->nfree_exts) k = self->free_exts[--self->nfree_exts];
  else {
    self->exts = room(self->exts, self->nexts, &self->cap_exts, sizeof *self->exts);
    k = (uint32_t)self->nexts++;
  }
  self->exts[k] = *e;
  return k;
}

static void note_end(ms_flow *self, ms_span s) {
  if (s.end > self->max_end) self->max_end = s.end;
}

/* The piece's values and ops directly in the body join the table; the
** proxies take back what judging changed (a root cause reported). The
** journal notes what it wrote (ms_flow_same). */
static void keep(ms_flow *self, ms_records *rec, size_t first_op, size_t first_value, ms_shape **shape,
                 ms_value_info *info) {
  uint32_t parent = self->has_fn ? 0 : MS_NONE;
  self->base = self->state;
  self->state = new_state();
  self->prev_end = self->max_end;
  self->nwrote_vals = self->nwrote_ops = self->nrebroken = 0;
  uint32_t *gop = ms_xmalloc((rec->nops + 1) * sizeof *gop);
  uint32_t *gval = ms_xmalloc((rec->nvalues + 1) * sizeof *gval);
  for (size_t i = 0; i < first_op; i++) gop[i] = MS_NONE;
  for (size_t i = 0; i < first_value; i++) {
    gval[i] = self->proxied[i];
    if (info[i].broken == info_of(self, gval[i]).broken) continue;
    fval *f = &self->vals[gval[i]];
    if (f->extra == MS_NONE) f->extra = new_ext(self, &(fext){NULL, no_info});
    self->exts[f->extra].info.broken = info[i].broken;
    *MS_ARRAY_PUSH(self->rebroken, self->nrebroken, self->cap_rebroken) = gval[i];
  }
  for (size_t i = first_op; i < rec->nops; i++) {
    gop[i] = MS_NONE;
    if (rec->ops[i].parent != parent || rec->ops[i].scoped || (self->has_fn && i == 0)) continue;
    fop o = {rec->ops[i].name, ms_op_name_token(&rec->ops[i]), rec->ops[i].constant, rec->ops[i].noperands > 2 ? 2 : rec->ops[i].noperands,
             MS_NONE, {0, 0, 0}, false, false, false};
    gop[i] = new_op(self, &o);
    *MS_ARRAY_PUSH(self->wrote_ops, self->nwrote_ops, self->cap_wrote_ops) = gop[i];
    note_end(self, o.name);
    note_end(self, o.name_token);
    note_end(self, o.constant);
  }
  for (size_t i = first_value; i < rec->nvalues; i++) {
    const ms_value *v = &rec->values[i];
    /* Not a value of a pretty function or module inside the body (its
    ** parent op is the body's owner, but its region is a scope). */
    bool in_body = v->scoped ? false
                   : v->op != MS_NONE ? rec->ops[v->op].parent == parent && !(self->has_fn && v->op == 0)
                                      : v->owner == parent;
    gval[i] = MS_NONE;
    if (!in_body || v->def.end <= v->def.start) {
      free(shape[i]);
      free(info[i].inferred);
      continue;
    }
    fval f = {.v = *v, .extra = MS_NONE};
    f.v.op = v->op == MS_NONE ? MS_NONE : gop[v->op];
    if (v->op != MS_NONE) f.v.owner = MS_NONE;
    if (shape[i] || info[i].inferred || info[i].producer != MS_NONE || info[i].broken) {
      fext e = {shape[i], info[i]};
      e.info.producer = info[i].producer == MS_NONE ? MS_NONE : gop[info[i].producer];
      f.extra = new_ext(self, &e);
    }
    gval[i] = new_val(self, &f);
    *MS_ARRAY_PUSH(self->wrote_vals, self->nwrote_vals, self->cap_wrote_vals) = gval[i];
    note_end(self, f.v.def);
    note_end(self, f.v.type);
  }
  /* Everything is in (at no level yet): operands #1 link, then the values
  ** take their names (level 2), and their ops, operands #1 and producers
  ** the levels that follow. */
  for (size_t i = first_op; i < rec->nops; i++) {
    const ms_op *op = &rec->ops[i];
    if (gop[i] == MS_NONE || op->noperands < 2) continue;
    uint32_t v = rec->uses[op->operands + 1].value;
    self->ops[gop[i]].operand1 = v == MS_NONE ? MS_NONE : gval[v];
  }
  for (size_t i = first_value; i < rec->nvalues; i++) {
    if (gval[i] == MS_NONE) continue;
    int old = value_level(&self->vals[gval[i]]);
    enter(self, gval[i]);
    value_moved(self, gval[i], old);
  }
  for (size_t i = first_op; i < rec->nops; i++) {
    fop *o = gop[i] == MS_NONE ? NULL : &self->ops[gop[i]];
    if (o && op_level(o) < 0 && !o->freed) {
      o->operand1 = MS_NONE;
      o->freed = true;
      push_free(&self->free_ops, &self->nfree_ops, &self->cap_free_ops, gop[i]);
    }
  }
  free(gop);
  free(gval);
}

/* ms_flow_add; with `stored`, the piece's analysis goes there instead of
** its findings to out (ms_flow_add_stored). */
static void add_piece(ms_flow *self, ms_records *piece, uint32_t cut, ms_diag_list *out, ms_analysis *stored) {
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
      fn.quoted = self->fn.quoted;
      fn.kind = self->fn.kind;
      fn.parent = MS_NONE;
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
    ms_records_reset(piece);
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
  ms_value_info *copy = stored ? copy_infos(info, rec.nvalues) : NULL;
  if (!stored) {
    ms_diag_list_take(out, &a.diags, 0);
    free(a.inferences);
    free(a.strings);
  }
  keep(self, &rec, first_op, first_value, shape, info);
  free(shape);
  free(info);
  if (stored) {
    *stored = a;
    ms_analysis_pack(stored, &rec, copy);
  }
  ms_records_clear(&rec);
}

void ms_flow_add(ms_flow *self, ms_records *piece, uint32_t cut, ms_diag_list *out) {
  add_piece(self, piece, cut, out, NULL);
}

void ms_flow_add_stored(ms_flow *self, ms_records *piece, uint32_t cut, ms_analysis *out) {
  assert(!out->block && !out->diags.count && !out->ninferences);
  add_piece(self, piece, cut, NULL, out);
}

void ms_flow_delete(ms_flow *self) {
  if (!self) return;
  for (size_t i = 0; i < self->nexts; i++) {
    free(self->exts[i].shape);
    free(self->exts[i].info.inferred);
  }
  free(self->exts);
  for (size_t i = 0; i < self->nvals; i++) free_key(&self->vals[i]);
  free(self->vals);
  free(self->ops);
  free(self->names);
  free(self->pkey);
  free(self->pval);
  free(self->proxied);
  free(self->free_vals);
  free(self->free_ops);
  free(self->free_exts);
  free(self->wrote_vals);
  free(self->wrote_ops);
  free(self->rebroken);
  free(self);
}

void ms_flow_each_span(const ms_flow *self, void (*fn)(void *ctx, ms_span span), void *ctx) {
  if (self->has_fn) fn(ctx, ms_op_name_token(&self->fn));
  for (size_t i = 0; i < self->nvals; i++) {
    const fval *f = &self->vals[i];
    if (value_level(f) < 0) continue;
    fn(ctx, f->v.def);
    if (f->v.type.end) fn(ctx, f->v.type);
  }
  for (size_t i = 0; i < self->nops; i++) {
    const fop *o = &self->ops[i];
    if (o->freed) continue;
    fn(ctx, o->name_token);
    if (o->constant.end) fn(ctx, o->constant);
  }
}

/* ---- copies (the language server resumes a function from a piece) ---- */

static void *dup_items(const void *items, size_t n, size_t size) {
  if (!n) return NULL;
  void *copy = ms_xmalloc(n * size);
  memcpy(copy, items, n * size);
  return copy;
}

/* A copy of a growing pool, with room for the next piece (a copy is
** judged on: growing an exact copy would copy it all again). */
static void *dup_pool(const void *items, size_t n, size_t *cap, size_t size) {
  *cap = n + n / 16 + 64;
  void *copy = ms_xmalloc(*cap * size);
  if (n) memcpy(copy, items, n * size);
  return copy;
}

ms_flow *ms_flow_copy(const ms_flow *self) {
  ms_flow *c = ms_xcalloc(1, sizeof *c);
  c->catalog = self->catalog;
  c->opts = self->opts;
  c->text = self->text;
  c->vals = dup_pool(self->vals, self->nvals, &c->cap_vals, sizeof *self->vals);
  c->nvals = self->nvals;
  for (size_t i = 0; i < c->nvals; i++) /* its own long names (each table frees its own) */
    if (c->vals[i].keylen > sizeof c->vals[i].key)
      c->vals[i].long_key = dup_items(self->vals[i].long_key, self->vals[i].keylen, 1);
  c->ops = dup_pool(self->ops, self->nops, &c->cap_ops, sizeof *self->ops);
  c->nops = self->nops;
  c->names = dup_items(self->names, self->cap_names, sizeof *self->names);
  c->cap_names = self->cap_names;
  c->nnames = self->nnames;
  c->started = self->started;
  c->has_fn = self->has_fn;
  c->fn = self->fn;
  c->fn_touched = self->fn_touched;
  c->exts = dup_pool(self->exts, self->nexts, &c->cap_exts, sizeof *self->exts);
  c->nexts = self->nexts;
  for (size_t i = 0; i < c->nexts; i++) {
    fext *e = &c->exts[i];
    e->shape = e->shape ? dup_items(e->shape, 1, sizeof *e->shape) : NULL;
    e->info.inferred = e->info.inferred ? ms_xstrdup(e->info.inferred) : NULL;
  }
  c->free_vals = dup_items(self->free_vals, self->nfree_vals, sizeof *self->free_vals);
  c->nfree_vals = c->cap_free_vals = self->nfree_vals;
  c->free_ops = dup_items(self->free_ops, self->nfree_ops, sizeof *self->free_ops);
  c->nfree_ops = c->cap_free_ops = self->nfree_ops;
  c->free_exts = dup_items(self->free_exts, self->nfree_exts, sizeof *self->free_exts);
  c->nfree_exts = c->cap_free_exts = self->nfree_exts;
  c->state = self->state;
  c->base = self->base;
  c->wrote_vals = dup_items(self->wrote_vals, self->nwrote_vals, sizeof *self->wrote_vals);
  c->nwrote_vals = c->cap_wrote_vals = self->nwrote_vals;
  c->wrote_ops = dup_items(self->wrote_ops, self->nwrote_ops, sizeof *self->wrote_ops);
  c->nwrote_ops = c->cap_wrote_ops = self->nwrote_ops;
  c->rebroken = dup_items(self->rebroken, self->nrebroken, sizeof *self->rebroken);
  c->nrebroken = c->cap_rebroken = self->nrebroken;
  c->prev_end = self->prev_end;
  c->max_end = self->max_end;
  c->stale = self->stale;
  return c;
}

void ms_flow_set_text(ms_flow *self, const char *text) { self->text = text; }

/* ---- edits (the language server stops judging where the table is unchanged) ---- */

/* Moves span s for an edit that replaced [a, old_end) (shifting what
** follows by delta); true when the edit falls inside it (text next to a
** span leaves its bytes: if a new token now runs into it, the new table's
** span differs). */
static bool move_span(ms_span *s, uint32_t a, uint32_t old_end, int64_t delta) {
  if (s->start == 0 && s->end == 0) return false;
  bool touched = s->start < old_end && a < s->end;
  if (s->start >= old_end) s->start = (uint32_t)((int64_t)s->start + delta);
  if (s->end > old_end) s->end = (uint32_t)((int64_t)s->end + delta);
  return touched;
}

static bool shift_val(fval *f, uint32_t a, uint32_t old_end, int64_t delta) {
  bool t = move_span(&f->v.def, a, old_end, delta);
  t |= move_span(&f->v.type, a, old_end, delta);
  if (t) f->touched = true;
  return t;
}

static bool shift_op(fop *o, uint32_t a, uint32_t old_end, int64_t delta) {
  bool t = move_span(&o->name, a, old_end, delta);
  t |= move_span(&o->name_token, a, old_end, delta);
  t |= move_span(&o->constant, a, old_end, delta);
  if (t) o->touched = true;
  return t;
}

/* A bound of span ends after an edit, from one before it (as move_span
** moves an end; one inside the replaced text stays, up to old_end). */
static uint32_t shift_bound(uint32_t end, uint32_t old_end, int64_t delta) {
  if (end <= old_end) return end;
  int64_t moved = (int64_t)end + delta;
  return moved > old_end ? (uint32_t)moved : old_end;
}

/* A span ending at or before a is neither moved nor touched (move_span):
** an edit from max_end on moves nothing of the table, one from prev_end
** on only what the last piece wrote (its journal lists it), and only one
** before prev_end moves what the tables judged from `base` share. */
void ms_flow_shift_from(ms_flow *self, uint32_t a, uint32_t old_end, int64_t delta) {
  if (a < self->prev_end) {
    self->base = new_state();
    bool t = false;
    for (size_t i = 0; i < self->nvals; i++) t |= shift_val(&self->vals[i], a, old_end, delta);
    for (size_t i = 0; i < self->nops; i++) t |= shift_op(&self->ops[i], a, old_end, delta);
    if (t) self->stale = true;
  } else if (a < self->max_end) {
    for (size_t i = 0; i < self->nwrote_vals; i++) shift_val(&self->vals[self->wrote_vals[i]], a, old_end, delta);
    for (size_t i = 0; i < self->nwrote_ops; i++) shift_op(&self->ops[self->wrote_ops[i]], a, old_end, delta);
  }
  if (a < self->max_end) self->state = new_state();
  self->prev_end = shift_bound(self->prev_end, old_end, delta);
  self->max_end = shift_bound(self->max_end, old_end, delta);
  if (self->has_fn) {
    /* The function holds every edit of its body: only its name is read. */
    move_span(&self->fn.span, a, old_end, delta);
    if (move_span(&self->fn.name, a, old_end, delta)) self->fn_touched = true;
  }
}

static bool same_shape(const ms_shape *x, const ms_shape *y) {
  if (!x || !y) return x == y;
  if (x->kind != y->kind || x->ranked != y->ranked || x->torch != y->torch || x->bounded != y->bounded ||
      x->bounds_invalid != y->bounds_invalid || x->bounds_count != y->bounds_count ||
      x->bounds_form != y->bounds_form || strncmp(x->elem, y->elem, sizeof x->elem))
    return false;
  if (!x->ranked) return true;
  if (x->rank != y->rank) return false;
  for (int i = 0; i < x->rank && i < MS_MAX_RANK; i++)
    if (x->dims[i] != y->dims[i] || x->scalable[i] != y->scalable[i] || x->bounds[i] != y->bounds[i]) return false;
  return true;
}

static bool same_span(ms_span x, ms_span y) { return x.start == y.start && x.end == y.end; }

static bool same_value(const ms_flow *a, uint32_t x, const ms_flow *b, uint32_t y, int depth);

/* Ops x of a and y of b as a proxy at `depth` reads them. */
static bool same_op(const ms_flow *a, uint32_t x, const ms_flow *b, uint32_t y, int depth) {
  const fop *p = &a->ops[x], *q = &b->ops[y];
  if (p->touched || q->touched || !same_span(p->name, q->name) || !same_span(p->name_token, q->name_token) ||
      !same_span(p->constant, q->constant) || p->noperands != q->noperands)
    return false;
  if (depth <= 0 || p->noperands < 2) return true;
  if ((p->operand1 == MS_NONE) != (q->operand1 == MS_NONE)) return false;
  return p->operand1 == MS_NONE || same_value(a, p->operand1, b, q->operand1, depth - 1);
}

static bool same_value(const ms_flow *a, uint32_t x, const ms_flow *b, uint32_t y, int depth) {
  const fval *f = &a->vals[x], *g = &b->vals[y];
  if (f->touched || g->touched || !same_span(f->v.def, g->v.def) || !same_span(f->v.type, g->v.type) ||
      f->v.index != g->v.index || f->v.result != g->v.result || (f->v.op == MS_NONE) != (g->v.op == MS_NONE))
    return false;
  if (f->v.op == MS_NONE && f->v.owner != g->v.owner) return false;
  if (f->v.op != MS_NONE && !same_op(a, f->v.op, b, g->v.op, depth)) return false;
  ms_value_info i = info_of(a, x), j = info_of(b, y);
  if (!same_shape(shape_of(a, x), shape_of(b, y)) || i.broken != j.broken) return false;
  if ((i.inferred == NULL) != (j.inferred == NULL) || (i.inferred && strcmp(i.inferred, j.inferred))) return false;
  if ((i.producer == MS_NONE) != (j.producer == MS_NONE)) return false;
  return i.producer == MS_NONE || same_op(a, i.producer, b, j.producer, 0);
}

/* Whether every name the last piece of a gave a value has the same one in
** b (a name neither piece wrote holds one value of `base` in both). */
static bool same_names_written(const ms_flow *a, const ms_flow *b) {
  for (size_t i = 0; i < a->nwrote_vals; i++) {
    uint32_t x = a->wrote_vals[i];
    const fval *f = &a->vals[x];
    if (!f->named) continue; /* shadowed, or freed: read only through a named value, if at all */
    uint32_t e = b->names[slot_of(b, key_of(f), f->keylen, f->v.index)].value;
    if (!e || !same_value(a, x, b, e - 1, 2)) return false;
  }
  return true;
}

/* Whether a value of `base` whose `broken` the last piece of a changed is
** the same in b (both judged from base: its slot is its slot in both). */
static bool same_rebroken(const ms_flow *a, const ms_flow *b) {
  for (size_t i = 0; i < a->nrebroken; i++) {
    uint32_t x = a->rebroken[i];
    bool in_a = x < a->nvals && value_level(&a->vals[x]) >= 0, in_b = x < b->nvals && value_level(&b->vals[x]) >= 0;
    if (in_a != in_b || (in_a && !same_value(a, x, b, x, 0))) return false;
  }
  return true;
}

/* Every name of a, with the same value in b (nnames equal: the same names). */
static bool same_whole(const ms_flow *a, const ms_flow *b) {
  for (size_t i = 0; i < a->cap_names; i++) {
    if (!a->names[i].value) continue;
    uint32_t x = a->names[i].value - 1;
    const fval *f = &a->vals[x];
    /* Tables judged from one snapshot mostly hold a name in the same
    ** slot: a name is in one slot only, so a slot of b holding the same
    ** name is its slot (no hashing, no probing). */
    uint32_t e = b->names[i].value;
    const fval *g = e && b->names[i].hash == a->names[i].hash ? &b->vals[e - 1] : NULL;
    if (!g || g->v.index != f->v.index || g->keylen != f->keylen || memcmp(key_of(g), key_of(f), f->keylen))
      e = b->names[slot_of(b, key_of(f), f->keylen, f->v.index)].value;
    if (!e || !same_value(a, x, b, e - 1, 2)) return false;
  }
  return true;
}

bool ms_flow_same(const ms_flow *a, const ms_flow *b) {
  if (a->fn_touched || b->fn_touched || a->started != b->started || a->has_fn != b->has_fn || a->nnames != b->nnames) return false;
  if (a->has_fn && (!same_span(a->fn.name, b->fn.name) || a->fn.quoted != b->fn.quoted || a->fn.kind != b->fn.kind ||
                    a->fn.span.start != b->fn.span.start))
    return false;
  /* Judged from one table: what neither last piece wrote is that table's
  ** in both. Both names each piece wrote and values whose `broken` it
  ** changed are compared; an unchanged value reads only values and ops
  ** of base (its op, operand #1 and producer came before it). */
  if (a->base == b->base && !a->stale && !b->stale)
    return same_names_written(a, b) && same_names_written(b, a) && same_rebroken(a, b) && same_rebroken(b, a);
  return same_whole(a, b);
}
