/*
** lastuse.c: the last occurrences of the names of a cut function's body
** (lastuse.h).
**
** A lexer that knows only what it needs: `%names`, strings and comments
** (skipped), brackets (their depth), and two certain kinds of definition:
** results at the start of a line (`%a, %b:2 =`) and a block label's
** arguments (`^bb0(%x: ...)`). The head's depths are shifted so that the
** body's ops are at depth 0 in every piece.
**
** The backward pass keeps the live set: the names written further on, each
** with the serial of the bracket the pass was in when it met the name's
** last occurrence (brackets are numbered as the pass enters them, from
** their closing side). A definition at depth d ends its name's life only
** when the name's entry is at least as new as the bracket the definition
** is in at depth d: every occurrence met since is inside that bracket,
** the region (or argument list) the definition belongs to. A region of a
** nested op, or a `(` of arguments, that defines `%x` after a use of a
** value `%x` of the body beyond it leaves that value live.
*/
#include "lastuse.h"

#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

#define MAX_DEPTH 256            /* brackets numbered this deep; deeper definitions end nothing */

enum { TOK_USE, TOK_DEF, TOK_CLOSE };

typedef struct tok {
  uint32_t at, len;              /* the name `%x` (or the bracket) */
  int32_t depth;                 /* a definition's region; a bracket's inside */
  uint8_t kind;
} tok;

typedef struct toks {
  tok *items;
  size_t count, cap;
} toks;

typedef void emit_fn(void *ctx, int kind, uint32_t at, uint32_t len, int depth);

static bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

static uint32_t name_end(const char *text, uint32_t p, uint32_t end) {
  for (p++; p < end && is_name_char(text[p]); p++) {}
  return p;
}

static uint32_t skip_blanks(const char *text, uint32_t p, uint32_t end) {
  while (p < end && (text[p] == ' ' || text[p] == '\t')) p++;
  return p;
}

/* `%a, %b:2 = ` at p: emits the names as definitions and returns the
** offset after `=`, or returns p (nothing emitted) when the line is not
** that. */
static uint32_t def_list(const char *text, uint32_t p, uint32_t end, int depth, emit_fn *emit, void *ctx) {
  uint32_t q = p, names[16];
  uint32_t lens[16];
  int n = 0;
  for (;;) {
    if (q >= end || text[q] != '%') return p;
    uint32_t e = name_end(text, q, end);
    if (e == q + 1) return p;
    if (n == 16) return p;       /* more than 16 names in a list: taken for uses */
    names[n] = q, lens[n++] = e - q;
    q = e;
    if (q < end && text[q] == ':')
      for (q++; q < end && text[q] >= '0' && text[q] <= '9'; q++) {}
    q = skip_blanks(text, q, end);
    if (q < end && text[q] == ',') {
      q = skip_blanks(text, q + 1, end);
      continue;
    }
    break;
  }
  if (q >= end || text[q] != '=' || (q + 1 < end && text[q + 1] == '=')) return p;
  for (int i = 0; i < n; i++) emit(ctx, TOK_DEF, names[i], lens[i], depth);
  return q + 1;
}

/* Lexes [start, end) from depth 0; returns the depth at its end. */
static int lex(const char *text, uint32_t start, uint32_t end, emit_fn *emit, void *ctx) {
  static const bool special[256] = {['\n'] = 1, ['"'] = 1, ['/'] = 1, ['('] = 1, [')'] = 1, ['['] = 1,
                                     [']'] = 1, ['{'] = 1, ['}'] = 1, ['%'] = 1};
  int depth = 0, label = INT_MIN; /* label: the depth of a block label whose arguments are open */
  bool line_start = true;
  uint32_t i = start;
  while (i < end) {
    if (line_start) {
      line_start = false;
      i = skip_blanks(text, i, end);
      if (i >= end) break;
      if (text[i] == '%') i = def_list(text, i, end, depth, emit, ctx);
      else if (text[i] == '^') {
        uint32_t e = name_end(text, i, end);
        if (e < end && text[e] == '(') label = depth;
        i = e;
      }
      continue;
    }
    while (i < end && !special[(unsigned char)text[i]]) i++;
    if (i >= end) break;
    char c = text[i];
    switch (c) {
      case '\n': line_start = true; break;
      case '"': case '/': i = ms_source_skip_literal(text, i, end); continue;
      case '(': case '[': case '{': depth++; break;
      case ')': case ']': case '}':
        emit(ctx, TOK_CLOSE, i, 1, depth);
        depth--;
        if (depth == label) label = INT_MIN;
        break;
      case '%': {
        uint32_t e = name_end(text, i, end);
        if (e == i + 1) break;
        /* `^bb0(%x: type, ...)`: an argument of the label's block. */
        uint32_t after = e;
        if (label != INT_MIN && depth == label + 1) after = skip_blanks(text, e, end);
        if (label != INT_MIN && depth == label + 1 && after < end && text[after] == ':')
          emit(ctx, TOK_DEF, i, e - i, label);
        else emit(ctx, TOK_USE, i, e - i, depth);
        i = e;
        continue;
      }
      default: break;
    }
    i++;
  }
  return depth;
}

/* ---- the live set: names, each with the serial it entered with ---- */

typedef struct entry {
  uint64_t hash;
  uint32_t serial, len;
  char copy[16];                 /* a short name itself (the text's pages are released) */
  char *long_copy;
} entry;

typedef struct live {
  entry *items;
  size_t count, cap;
  uint32_t free_list;            /* entries free for reuse (linked through serial), MS index + 1 */
  uint32_t *slots;               /* entry + 1, 0: empty */
  size_t nslots, used;
} live;

static uint64_t hash_of(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return h ^ h >> 29;
}

static const char *entry_name(const entry *e) { return e->long_copy ? e->long_copy : e->copy; }

/* The slot of name: its own, or the empty one it would take. */
static size_t find_slot(const live *l, const char *s, uint32_t n, uint64_t h) {
  size_t mask = l->nslots - 1;
  for (size_t i = (size_t)h & mask;; i = (i + 1) & mask) {
    uint32_t k = l->slots[i];
    if (!k) return i;
    const entry *e = &l->items[k - 1];
    if (e->hash == h && e->len == n && !memcmp(entry_name(e), s, n)) return i;
  }
}

static void grow_slots(live *l) {
  uint32_t *old = l->slots;
  size_t n = l->nslots;
  l->nslots = n ? 2 * n : 1024;
  l->slots = ms_xcalloc(l->nslots, sizeof *l->slots);
  size_t mask = l->nslots - 1;
  for (size_t i = 0; i < n; i++) {
    if (!old[i]) continue;
    size_t k = (size_t)l->items[old[i] - 1].hash & mask;
    while (l->slots[k]) k = (k + 1) & mask;
    l->slots[k] = old[i];
  }
  free(old);
}

static void insert(live *l, size_t slot, const char *s, uint32_t n, uint64_t h, uint32_t serial) {
  uint32_t k;
  if (l->free_list) {
    k = l->free_list - 1;
    l->free_list = l->items[k].serial;
  } else {
    k = (uint32_t)l->count;
    MS_ARRAY_PUSH(l->items, l->count, l->cap);
  }
  entry *e = &l->items[k];
  memset(e, 0, sizeof *e);
  e->hash = h, e->len = n, e->serial = serial;
  if (n <= sizeof e->copy) memcpy(e->copy, s, n);
  else {
    e->long_copy = ms_xmalloc(n);
    memcpy(e->long_copy, s, n);
  }
  l->slots[slot] = k + 1;
  if (++l->used * 10 > l->nslots * 7) grow_slots(l);
}

/* Removes the entry in slot i (backward-shift deletion: no tombstones). */
static void remove_slot(live *l, size_t i) {
  uint32_t k = l->slots[i] - 1;
  free(l->items[k].long_copy);
  l->items[k].long_copy = NULL;
  l->items[k].serial = l->free_list;
  l->free_list = k + 1;
  size_t mask = l->nslots - 1;
  for (size_t j = (i + 1) & mask; l->slots[j]; j = (j + 1) & mask) {
    size_t home = (size_t)l->items[l->slots[j] - 1].hash & mask;
    /* slot j may move to i when its home is not in (i, j] (cyclically). */
    bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
    if (stays) continue;
    l->slots[i] = l->slots[j];
    i = j;
  }
  l->slots[i] = 0;
  l->used--;
}

/* ---- the scan ---- */

typedef struct piece_bits {
  uint8_t *bits;                 /* one per occurrence of a name, in text order: its last */
  size_t count;                  /* occurrences */
  int shift;                     /* added to the lexer's depths (the head: its body at 0) */
} piece_bits;

struct ms_lastuse {
  piece_bits *pieces;
  size_t count;
};

static void collect(void *ctx, int kind, uint32_t at, uint32_t len, int depth) {
  toks *t = ctx;
  *MS_ARRAY_PUSH(t->items, t->count, t->cap) = (tok){at, len, depth, (uint8_t)kind};
}

typedef struct scan {
  const char *text;
  live set;
  uint32_t serial;               /* brackets entered so far */
  uint32_t bracket[MAX_DEPTH];   /* the serial of the bracket the pass is in, per depth */
} scan;

/* Takes one piece's tokens in reverse; marks its last occurrences. */
static void backward(scan *sc, const toks *t, piece_bits *pb) {
  size_t ord = pb->count;
  for (size_t k = t->count; k-- > 0;) {
    const tok *x = &t->items[k];
    int depth = x->depth + pb->shift;
    if (x->kind == TOK_CLOSE) {
      if (depth >= 1 && depth < MAX_DEPTH) sc->bracket[depth] = ++sc->serial;
      continue;
    }
    ord--;
    const char *s = sc->text + x->at;
    uint64_t h = hash_of(s, x->len);
    size_t slot = find_slot(&sc->set, s, x->len, h);
    uint32_t k1 = sc->set.slots[slot];
    if (!k1) {
      /* Not written further on: this is its last occurrence. */
      pb->bits[ord / 8] |= (uint8_t)(1u << (ord % 8));
      if (x->kind == TOK_USE) insert(&sc->set, slot, s, x->len, h, sc->serial);
    } else if (x->kind == TOK_DEF && depth >= 0 && depth < MAX_DEPTH &&
               sc->set.items[k1 - 1].serial >= sc->bracket[depth]) {
      remove_slot(&sc->set, slot);
    }
  }
  assert(ord == 0);
}

static void count_occurrences(void *ctx, int kind, uint32_t at, uint32_t len, int depth) {
  (void)at, (void)len, (void)depth;
  if (kind != TOK_CLOSE) ++*(size_t *)ctx;
}

ms_lastuse *ms_lastuse_scan(const ms_source *src, const ms_unit *units, size_t count) {
  ms_lastuse *self = ms_xcalloc(1, sizeof *self);
  self->pieces = ms_xcalloc(count + 1, sizeof *self->pieces);
  self->count = count;
  scan *sc = ms_xcalloc(1, sizeof *sc);
  sc->text = src->text;
  grow_slots(&sc->set);
  toks t = {0};
  /* The head's depth at its end is the body's: the body's ops at 0. */
  if (count > 0) {
    size_t n = 0;
    int d = lex(src->text, units[0].start[0], units[0].end[0], count_occurrences, &n);
    self->pieces[0].shift = -d;
  }
  for (size_t i = count; i-- > 0;) {
    piece_bits *pb = &self->pieces[i];
    t.count = 0;
    lex(src->text, units[i].start[0], units[i].end[0], collect, &t);
    for (size_t k = 0; k < t.count; k++) pb->count += t.items[k].kind != TOK_CLOSE;
    pb->bits = ms_xcalloc(pb->count / 8 + 1, 1);
    backward(sc, &t, pb);
    ms_source_release(src, units[i].start[0], units[i].end[0]);
  }
  free(t.items);
  for (size_t i = 0; i < sc->set.count; i++) free(sc->set.items[i].long_copy);
  free(sc->set.items);
  free(sc->set.slots);
  free(sc);
  return self;
}

typedef struct each_ctx {
  const piece_bits *pb;
  size_t ord;
  void (*fn)(void *ctx, ms_span name);
  void *ctx;
} each_ctx;

static void each_token(void *ctx, int kind, uint32_t at, uint32_t len, int depth) {
  (void)depth;
  each_ctx *c = ctx;
  if (kind == TOK_CLOSE) return;
  size_t o = c->ord++;
  assert(o < c->pb->count);
  if (c->pb->bits[o / 8] >> (o % 8) & 1) c->fn(c->ctx, (ms_span){at, at + len});
}

void ms_lastuse_each(const ms_lastuse *self, const ms_source *src, size_t i, const ms_unit *unit,
                     void (*fn)(void *ctx, ms_span name), void *ctx) {
  assert(i < self->count);
  each_ctx c = {&self->pieces[i], 0, fn, ctx};
  lex(src->text, unit->start[0], unit->end[0], each_token, &c);
  assert(c.ord == c.pb->count);
}

void ms_lastuse_delete(ms_lastuse *self) {
  if (!self) return;
  for (size_t i = 0; i < self->count; i++) free(self->pieces[i].bits);
  free(self->pieces);
  free(self);
}
