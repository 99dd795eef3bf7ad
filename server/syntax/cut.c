/*
** cut.c: a big text cut into units along MLIR's structure (source.h,
** ms_source_cut).
**
** One pass over the text tracks brackets (outside strings and comments)
** and, among them, *regions*: a `{` that ends its line, directly in a
** region or behind the one `(` of a generic op's region list. What is
** around a region does not matter, so a module is the same in every form:
** `"builtin.module"() <{sym_name = "m"}> ({` ... `}) {attrs} : () -> ()`,
** `module`, `module @name`, `module attributes {...} {` ... `}`. A line
** whose first character can start an op, directly in a region (or at the
** top level), is a *child* of that region; a child's op runs to the next
** child (or the region's closing line).
**
** Units are runs of whole children of one region, about `target` bytes
** each. When a child grows past `target` (a module, a nested module, one
** giant function) its own region is cut in turn: its *head* unit is the op
** up to the first cut inside it plus, as a second range, its closing lines
** up to the next child (`}) {attrs} : () -> () loc(...)`), which parse as
** one valid op; then runs of its children. An op whose region turns out
** not to fit that (a second region, a second block) is put back whole.
** A region *flows* when values may be used across its children (a child
** defines a result `%x = ...`, or its header or entry block names
** arguments): its units are marked MS_UNIT_FLOW_FIRST/_NEXT, analysed in
** order with one value table (a function's body); others (modules) hold
** children that never share values. Regions inside a flowing one are never
** cut.
*/
#include "source.h"
#include "alloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define RELEASE_WINDOW (2u << 20)  /* the pass drops pages in steps of this */
#define MAX_BRACKETS 256           /* deeper nesting is counted, not tracked */
#define MAX_REGIONS 16             /* regions tracked (cut only up to max_level) */
#define NO_UNIT ((size_t)-1)

typedef struct region {
  uint32_t owner;              /* where the op owning it starts (the cut's start for the top) */
  uint32_t run;                /* the first child not yet in a unit */
  uint32_t last_child;         /* the latest child line */
  int bdepth;                  /* bracket depth inside its `{` */
  int child_regions;           /* regions the latest child has opened so far */
  size_t head;                 /* when cut: the owner's head unit */
  size_t pending;              /* a cut child closed: its head, whose tail ends at the next child */
  bool cut, flows, blocked, children, cut_inside;
} region;

typedef struct cutter {
  const ms_source *src;
  const ms_cut_options *o;
  ms_unit_list *out;
  char brackets[MAX_BRACKETS]; /* '(' '[' '{' or 'R' for a region's brace */
  int depth;
  region regions[MAX_REGIONS];
  int nregions;                /* regions[0] is the top level */
  int untracked;               /* regions nested deeper than MAX_REGIONS */
  bool broken;                 /* a closing bracket that closes no opening one of its kind */
} cutter;

static size_t push(cutter *c, uint32_t s0, uint32_t e0) {
  ms_unit *u = MS_ARRAY_PUSH(c->out->items, c->out->count, c->out->cap);
  memset(u, 0, sizeof *u);
  u->nranges = 1;
  u->start[0] = s0, u->end[0] = e0;
  return c->out->count - 1;
}

static bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

/* Whether the line from p can start an op (level k: 0 is the top level).
** A pretty op can go on over several lines outside brackets
** (`dim_numbers = [...]`, `ins(...)`, `window = {...}` after a
** stablehlo.convolution): such a line must not be taken for the next op,
** so a line starts an op only as `%results... =`, `"name"`, a dotted name
** (`stablehlo.return`, `func.func`), or `return`, `module`, `call` (names a
** dialect's default prints short); at the top level also `#alias =` and
** `!alias =`. Missing an op only makes a piece longer. */
static bool starts_op(const char *text, uint32_t p, uint32_t end, int k) {
  char c = text[p];
  if (c == '"') return true;
  if (c == '#' || c == '!') return k == 0;
  if (c == '%') {
    /* %a, %b:2 = ... */
    while (p < end && text[p] == '%') {
      for (p++; p < end && (is_word(text[p]) || text[p] == ':' || text[p] == '#'); p++) {}
      while (p < end && (text[p] == ' ' || text[p] == ',')) p++;
    }
    return p < end && text[p] == '=';
  }
  uint32_t q = p;
  bool dotted = false;
  for (; q < end && is_word(text[q]); q++) dotted = dotted || text[q] == '.';
  size_t n = q - p;
  if (n == 0 || !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  while (q < end && text[q] == ' ') q++;
  if (q < end && text[q] == '=') return false; /* `key = value`: an attribute going on */
  return dotted || (n == 6 && !memcmp(text + p, "return", 6)) || (n == 6 && !memcmp(text + p, "module", 6)) ||
         (n == 4 && !memcmp(text + p, "call", 4));
}

static bool has_percent(const char *text, uint32_t from, uint32_t to) {
  return to > from && memchr(text + from, '%', to - from) != NULL;
}

/* Region k's owner goes back to being one op inside its parent's run: its
** units (from its head on, all of them inside it) are dropped. */
static void put_back(cutter *c, int k) {
  region *r = &c->regions[k], *p = &c->regions[k - 1];
  assert(r->cut && k > 0);
  c->out->count = r->head;
  if (p->pending == r->head) p->pending = NO_UNIT;
  p->run = r->owner;
  r->cut = false;
  r->blocked = true;
  r->pending = NO_UNIT;
}

/* The cut child that just closed in region k has a second region: it goes
** back whole into region k's run. */
static void put_back_closed(cutter *c, int k) {
  region *p = &c->regions[k];
  c->out->count = p->pending;
  p->pending = NO_UNIT;
  p->run = p->last_child;
}

/* Region k gets its first cut at child line `at`: its ancestors first, then
** the run of its parent before its owner, then its owner's head. */
static void open_cut(cutter *c, int k, uint32_t at) {
  region *r = &c->regions[k], *p = &c->regions[k - 1];
  if (!p->cut && k - 1 > 0) open_cut(c, k - 1, r->owner);
  else if (r->owner > p->run) push(c, p->run, r->owner);
  p->cut_inside = true;
  r->head = push(c, r->owner, at);
  c->out->items[r->head].nranges = 2;
  r->cut = true;
  r->run = at;
}

/* Whether region k may be cut inside now: not too deep, one block of one
** region so far, and every region around it holds ops that share nothing. */
static bool may_cut(const cutter *c, int k) {
  if (k > c->o->max_level || k >= c->nregions) return false;
  for (int j = 1; j <= k; j++)
    if (c->regions[j].blocked || (j < k && c->regions[j].flows)) return false;
  return true;
}

static void child_line(cutter *c, region *r, int k, uint32_t off, char first) {
  if (r->pending != NO_UNIT) {
    c->out->items[r->pending].end[1] = off;
    r->pending = NO_UNIT;
    r->run = off;
  }
  if (first == '%') r->flows = true;
  r->last_child = off;
  r->child_regions = 0;
  r->children = true;
  size_t target = r->flows && c->o->flow_target ? c->o->flow_target : c->o->target;
  if (k == 0 || r->cut) {
    if (off > r->run && off - r->run >= target) {
      push(c, r->run, off);
      r->run = off;
    }
  } else if (off - r->owner >= target && may_cut(c, k)) {
    open_cut(c, k, off);
  }
}

static void at_line_start(cutter *c, uint32_t off, uint32_t end) {
  const char *text = c->src->text;
  int k = c->nregions - 1;
  region *r = &c->regions[k];
  if (c->untracked || c->depth != r->bdepth) return;
  uint32_t p = off;
  while (p < end && (text[p] == ' ' || text[p] == '\t')) p++;
  if (p >= end) return;
  if (text[p] == '^') {
    /* A block label: a second block cannot be cut around. */
    if (r->children) {
      if (r->cut) put_back(c, k);
      r->blocked = true;
    }
    const char *nl = memchr(text + p, '\n', end - p);
    if (has_percent(text, p, nl ? (uint32_t)(nl - text) : end)) r->flows = true;
    return;
  }
  if (starts_op(text, p, end, k)) child_line(c, r, k, off, text[p]);
}

/* Whether the `{` at i ends its line (blanks or a comment after it). */
static bool ends_line(const char *text, uint32_t i, uint32_t end) {
  for (i++; i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'); i++) {}
  return i >= end || text[i] == '\n' || (text[i] == '/' && i + 1 < end && text[i + 1] == '/');
}

static void open_region(cutter *c, uint32_t at) {
  int k = c->nregions - 1;
  region *p = &c->regions[k];
  if (c->nregions == MAX_REGIONS) {
    c->untracked++;
    return;
  }
  bool second = p->child_regions++ > 0;
  if (second && p->pending != NO_UNIT) put_back_closed(c, k);
  region *r = &c->regions[c->nregions++];
  uint32_t owner = p->children ? p->last_child : p->owner;
  memset(r, 0, sizeof *r);
  r->owner = owner;
  r->run = owner;
  r->bdepth = c->depth;
  r->head = r->pending = NO_UNIT;
  r->blocked = second;
  r->flows = has_percent(c->src->text, owner, at);
}

static void close_region(cutter *c, uint32_t line_start) {
  if (c->untracked) {
    c->untracked--;
    return;
  }
  int k = c->nregions - 1;
  region *r = &c->regions[k];
  assert(k > 0);
  if (r->pending != NO_UNIT) {
    c->out->items[r->pending].end[1] = line_start;
    r->pending = NO_UNIT;
    r->run = line_start;
  }
  if (r->cut && r->flows && (!c->o->flow || r->cut_inside)) put_back(c, k);
  if (r->cut && !r->flows && k > 1 && c->o->inner_flow_only) put_back(c, k);
  if (r->cut) {
    if (line_start > r->run) push(c, r->run, line_start);
    ms_unit *head = &c->out->items[r->head];
    head->start[1] = head->end[1] = line_start;
    if (r->flows) {
      head->flow = MS_UNIT_FLOW_FIRST;
      for (size_t i = r->head + 1; i < c->out->count; i++) c->out->items[i].flow = MS_UNIT_FLOW_NEXT;
    }
    c->regions[k - 1].pending = r->head;
  }
  c->nregions--;
}

static void open_bracket(cutter *c, char ch, uint32_t i, uint32_t end) {
  const region *r = &c->regions[c->nregions - 1];
  bool region = false;
  if (ch == '{' && !c->untracked && ends_line(c->src->text, i, end)) {
    int above = c->depth - r->bdepth;
    region = above == 0 || (above == 1 && c->depth <= MAX_BRACKETS && c->brackets[c->depth - 1] == '(');
  }
  if (c->depth < MAX_BRACKETS) c->brackets[c->depth] = region ? 'R' : ch;
  c->depth++;
  if (region) open_region(c, i);
}

/* Whether only blanks stand between the line's start and i. */
static bool first_on_line(const char *text, uint32_t line_start, uint32_t i) {
  for (uint32_t p = line_start; p < i; p++)
    if (text[p] != ' ' && text[p] != '\t') return false;
  return true;
}

/* A closing bracket that closes no opening one of its kind (a brace gone
** or typed, `(%a, %}b)`) makes the brackets around it unknowable: where
** the parser's error recovery ends the ops it is in is its own choice, so
** the scan stops there (ms_source_cut gives up cutting from that op on).
** So does a region's `}` that is not first on its line: printed MLIR
** closes a region on a line of its own, and a brace typed into an op
** (`-}> tensor<...>`) is an error token to the parser, not the region's
** end (where the parser's recovery takes it is again its own choice). */
static void close_bracket(cutter *c, char ch, uint32_t i, uint32_t line_start) {
  char want = ch == ')' ? '(' : ch == ']' ? '[' : '{';
  if (c->depth == 0 || (c->depth <= MAX_BRACKETS && c->brackets[c->depth - 1] != want &&
                        !(want == '{' && c->brackets[c->depth - 1] == 'R'))) {
    c->broken = true;
    return;
  }
  if (c->depth <= MAX_BRACKETS && c->brackets[c->depth - 1] == 'R' &&
      !first_on_line(c->src->text, line_start, i)) {
    c->broken = true;
    return;
  }
  c->depth--;
  if (c->depth < MAX_BRACKETS && c->brackets[c->depth] == 'R') close_region(c, line_start);
}

static void scan(cutter *c, uint32_t start, uint32_t end) {
  const char *text = c->src->text;
  uint32_t line_start = start, released = start;
  at_line_start(c, start, end);
  static const bool special[256] = {['\n'] = 1, ['"'] = 1, ['/'] = 1, ['('] = 1, [')'] = 1,
                                     ['['] = 1, [']'] = 1, ['{'] = 1, ['}'] = 1};
  for (uint32_t i = start; i < end; i++) {
    /* Most bytes are neither brackets, quotes, slashes nor newlines. */
    while (i < end && !special[(unsigned char)text[i]]) i++;
    if (i >= end) break;
    char ch = text[i];
    switch (ch) {
      case '\n':
        line_start = i + 1;
        if (i - released > RELEASE_WINDOW) {
          ms_source_release(c->src, released, i);
          released = i;
        }
        at_line_start(c, i + 1, end);
        break;
      case '"': case '/': {
        /* An unclosed string (a newline stops it) is a lone `"` to the
        ** parser, an error token: how its recovery reads the ops around
        ** it is its own choice (a piece cut there reads otherwise than
        ** the whole text), so the scan stops, as at a stray bracket. */
        uint32_t next = ms_source_skip_literal(text, i, end);
        /* So does a lone `/` (not a comment): no token starts with it. */
        if ((ch == '"' && !(next - 1 > i && text[next - 1] == '"')) || (ch == '/' && next == i + 1)) {
          c->broken = true;
          return;
        }
        i = next - 1;
        break;
      }
      case '(': case '[': case '{': open_bracket(c, ch, i, end); break;
      case ')': case ']': case '}': close_bracket(c, ch, i, line_start); break;
      default: break;
    }
    if (c->broken) return;
  }
}

void ms_source_cut(const ms_source *src, uint32_t start, uint32_t end, const ms_cut_options *o, ms_unit_list *out) {
  assert(o->target > 0);
  if (end - start <= o->threshold) {
    push(&(cutter){.out = out}, start, end);
    return;
  }
  cutter *c = ms_xcalloc(1, sizeof *c);
  size_t first = out->count;
  *c = (cutter){.src = src, .o = o, .out = out, .nregions = 1};
  c->regions[0] = (region){.owner = start, .run = start, .head = NO_UNIT, .pending = NO_UNIT};
  scan(c, start, end);
  region *top = &c->regions[0];
  if (c->broken || c->nregions > 1 || c->untracked) {
    /* Unbalanced (a truncated file, a brace gone): from the top-level op
    ** that is still open, or was cut and is followed by the broken
    ** bracket, all goes back into one unit. */
    if (top->pending != NO_UNIT) {
      top->run = out->items[top->pending].start[0];
      out->count = top->pending;
      top->pending = NO_UNIT;
    } else if (c->nregions > 1 && c->regions[1].cut) {
      out->count = c->regions[1].head;
      top->run = c->regions[1].owner;
    }
  }
  if (top->pending != NO_UNIT) {
    out->items[top->pending].end[1] = end;
    top->run = end;
  }
  if (top->run < end || out->count == first) push(c, top->run, end);
  free(c);
}

void ms_source_units(const ms_source *src, uint32_t start, uint32_t end, size_t threshold, size_t target,
                     ms_unit_list *out) {
  ms_cut_options o = {.threshold = threshold, .target = target, .max_level = 1, .flow = false};
  ms_source_cut(src, start, end, &o, out);
}
