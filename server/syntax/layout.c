/*
** layout.c: the catalog's op syntax, compiled and matched (see layout.h).
**
** Matching works on the tokens records.c keeps of a custom op. The part a
** syntax describes starts at the op's type annotation: its first top-level
** `:` or, for ops that spell no `:` at the top (linalg), its `->`. Groups
** `word(%a, %b : A, B)` before it are read by `ins-outs` wherever they are.
** An alternative matches when it consumes that whole part.
*/
#include "layout.h"

#include <assert.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "alloc.h"

#define MAX_SLOTS 256 /* operand and result types of one op (records.c reads at most as many) */
#define MAX_REF 64     /* $N in a layout */

/* ------------------------------------------------------------------ */
/* Compiling                                                           */

typedef struct parser {
  const char *s;
  size_t len, i;
  char *err;
  size_t errlen, *at;
} parser;

__attribute__((format(printf, 3, 4))) static bool fail(parser *p, size_t at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err, p->errlen, fmt, ap);
  va_end(ap);
  *p->at = at;
  return false;
}

static void skip_blank(parser *p) {
  while (p->i < p->len && (p->s[p->i] == ' ' || p->s[p->i] == '\t')) p->i++;
}

static bool starts(const parser *p, const char *lit) {
  size_t n = strlen(lit);
  return p->len - p->i >= n && !memcmp(p->s + p->i, lit, n);
}

static bool is_word_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* $N, $N..., $operands, $rN, $result, $results */
static bool parse_ref(parser *p, ms_layout_ref *r) {
  size_t at = p->i;
  if (p->i >= p->len || p->s[p->i] != '$') return fail(p, at, "expected a reference such as $0, $operands or $result");
  p->i++;
  static const struct { const char *name; ms_layout_ref_kind kind; } named[] = {
    {"operands", MS_LAYOUT_OPERANDS}, {"results", MS_LAYOUT_RESULTS}, {"result", MS_LAYOUT_RESULT}};
  for (size_t k = 0; k < sizeof named / sizeof named[0]; k++) {
    size_t n = strlen(named[k].name);
    if (p->len - p->i >= n && !memcmp(p->s + p->i, named[k].name, n) &&
        (p->i + n == p->len || !is_word_char(p->s[p->i + n]))) {
      p->i += n;
      *r = (ms_layout_ref){(uint8_t)named[k].kind, 0};
      return true;
    }
  }
  bool result = p->i < p->len && p->s[p->i] == 'r';
  bool from_end = !result && p->i < p->len && p->s[p->i] == '-';
  if (result || from_end) p->i++;
  size_t d = p->i;
  unsigned v = 0;
  while (p->i < p->len && isdigit((unsigned char)p->s[p->i]) && v < 1000) v = v * 10 + (unsigned)(p->s[p->i++] - '0');
  if (p->i == d || v >= MAX_REF || (from_end && v == 0))
    return fail(p, at, "bad reference: use $N (N < 64), $-N (0 < N < 64), $N..., $rN, $operands, $result or $results");
  *r = (ms_layout_ref){(uint8_t)(result ? MS_LAYOUT_RESULT : from_end ? MS_LAYOUT_OPERAND_END : MS_LAYOUT_OPERAND),
                       (uint8_t)v};
  if (!result && !from_end && starts(p, "...")) {
    p->i += 3;
    r->kind = MS_LAYOUT_OPERANDS;
  }
  return true;
}

static bool is_list(const ms_layout_ref *r) { return r->kind == MS_LAYOUT_OPERANDS || r->kind == MS_LAYOUT_RESULTS; }

/* type(REF, ...) after `type`. */
static bool parse_type(parser *p, ms_layout_item *it) {
  p->i += 5; /* "type(" */
  it->kind = MS_LAYOUT_TYPE;
  for (;;) {
    skip_blank(p);
    if (it->nrefs == MS_LAYOUT_MAX_REFS) return fail(p, p->i, "at most 6 references in one type(...)");
    if (!parse_ref(p, &it->refs[it->nrefs++])) return false;
    skip_blank(p);
    if (p->i < p->len && p->s[p->i] == ',') {
      p->i++;
      continue;
    }
    if (p->i < p->len && p->s[p->i] == ')') {
      p->i++;
      break;
    }
    return fail(p, p->i, "expected ',' or ')' in type(...)");
  }
  it->list = it->nrefs == 1 && is_list(&it->refs[0]);
  return true;
}

static bool parse_item(parser *p, ms_layout_item *it) {
  memset(it, 0, sizeof *it);
  size_t at = p->i;
  if (starts(p, "type(")) return parse_type(p, it);
  if (starts(p, "tensor-type(")) { /* type(...) whose written type must be a tensor's */
    p->i += strlen("tensor-");
    if (!parse_type(p, it)) return false;
    if (it->list) return fail(p, at, "tensor-type types one written type, not a list");
    it->tensor = true;
    return true;
  }
  if (starts(p, "no-results")) {
    p->i += strlen("no-results");
    it->kind = MS_LAYOUT_NO_RESULTS;
    return true;
  }
  if (starts(p, "functional-type")) {
    p->i += strlen("functional-type");
    if (starts(p, "($operands, $results)")) p->i += strlen("($operands, $results)");
    it->kind = MS_LAYOUT_FUNCTIONAL;
    return true;
  }
  if (starts(p, "implied-type(")) {
    p->i += strlen("implied-type(");
    it->kind = MS_LAYOUT_IMPLIED;
    skip_blank(p);
    if (!parse_ref(p, &it->refs[0])) return false;
    it->nrefs = 1;
    if (it->refs[0].kind != MS_LAYOUT_OPERAND) return fail(p, at, "implied-type takes one operand $N");
    skip_blank(p);
    if (p->i >= p->len || p->s[p->i] != ',') return fail(p, p->i, "expected ',' in implied-type($N, TYPE)");
    p->i++;
    skip_blank(p);
    size_t n = 0;
    while (p->i + n < p->len && is_word_char(p->s[p->i + n])) n++;
    if (n == 0 || n >= sizeof it->word) return fail(p, p->i, "implied-type needs a builtin type such as i1 (at most 15 characters)");
    memcpy(it->word, p->s + p->i, n);
    p->i += n;
    skip_blank(p);
    if (p->i >= p->len || p->s[p->i] != ')') return fail(p, p->i, "expected ')' in implied-type($N, TYPE)");
    p->i++;
    return true;
  }
  if (starts(p, "attr-form(")) { /* attr-form(NAME, PATTERN) */
    p->i += strlen("attr-form(");
    it->kind = MS_LAYOUT_ATTR_FORM;
    for (int part = 0; part < 2; part++) {
      char *dst = part ? it->pattern : it->word;
      skip_blank(p);
      size_t n = 0;
      while (p->i + n < p->len && (is_word_char(p->s[p->i + n]) || p->s[p->i + n] == '#')) n++;
      if (n == 0 || n >= sizeof it->word) return fail(p, p->i, "attr-form takes a name and a pattern of at most 15 characters");
      memcpy(dst, p->s + p->i, n);
      p->i += n;
      skip_blank(p);
      if (p->i >= p->len || p->s[p->i] != (part ? ')' : ',')) return fail(p, p->i, "expected attr-form(NAME, PATTERN)");
      p->i++;
    }
    return true;
  }
  if (starts(p, "each-type(")) { /* a list typing operand N+k and result k alike */
    p->i += strlen("each-type(");
    it->kind = MS_LAYOUT_TYPE;
    skip_blank(p);
    if (!parse_ref(p, &it->refs[0])) return false;
    it->nrefs = 1;
    it->list = it->each = true;
    if (it->refs[0].kind != MS_LAYOUT_OPERANDS) return fail(p, at, "each-type takes the operands it types, $N...");
    skip_blank(p);
    if (p->i >= p->len || p->s[p->i] != ')') return fail(p, p->i, "expected ')' in each-type($N...)");
    p->i++;
    return true;
  }
  if (starts(p, "bindings(") || starts(p, "names(") || starts(p, "shared-bindings(")) {
    it->kind = starts(p, "names(") ? MS_LAYOUT_NAMES : starts(p, "shared-") ? MS_LAYOUT_SHARED : MS_LAYOUT_BINDINGS;
    p->i += strlen(it->kind == MS_LAYOUT_NAMES ? "names(" : it->kind == MS_LAYOUT_SHARED ? "shared-bindings(" : "bindings(");
    skip_blank(p);
    if (!parse_ref(p, &it->refs[0])) return false;
    it->nrefs = 1;
    if (it->refs[0].kind != MS_LAYOUT_OPERANDS) return fail(p, at, "bindings/names take the operands they bind, $N...");
    skip_blank(p);
    if (p->i >= p->len || p->s[p->i] != ')') return fail(p, p->i, "expected ')' in bindings($N...)");
    p->i++;
    return true;
  }
  if (starts(p, "ins-outs")) {
    p->i += strlen("ins-outs");
    it->kind = MS_LAYOUT_INS_OUTS;
    return true;
  }
  it->kind = MS_LAYOUT_WORD;
  if (starts(p, "->")) {
    strcpy(it->word, "->");
    p->i += 2;
    return true;
  }
  if (p->s[p->i] == ':' || p->s[p->i] == ',' || p->s[p->i] == '(' || p->s[p->i] == ')') {
    it->word[0] = p->s[p->i++];
    return true;
  }
  size_t n = 0;
  while (p->i + n < p->len && is_word_char(p->s[p->i + n])) n++;
  if (n == 0 || !isalpha((unsigned char)p->s[p->i])) {
    char c[2] = {p->s[p->i], 0};
    return fail(p, at, "unexpected '%s' (known: type(...), tensor-type(...), each-type($N...), no-results, attr-form(NAME, PATTERN), functional-type, ins-outs, bindings($N...), names($N...), shared-bindings($N...), ':', ',', '->', '(', ')', words, '|')", c);
  }
  if (n >= sizeof it->word) return fail(p, at, "word too long (at most 15 characters)");
  memcpy(it->word, p->s + p->i, n);
  p->i += n;
  return true;
}

bool ms_layout_parse(ms_layout *self, const char *text, size_t len, char *err, size_t errlen, size_t *at) {
  memset(self, 0, sizeof *self);
  snprintf(self->text, sizeof self->text, "%.*s", (int)(len < sizeof self->text ? len : sizeof self->text - 1), text);
  parser p = {text, len, 0, err, errlen, at};
  self->nalts = 1;
  for (;;) {
    skip_blank(&p);
    ms_layout_alt *alt = &self->alts[self->nalts - 1];
    if (p.i == len || text[p.i] == '|') {
      if (alt->nitems == 0) return fail(&p, p.i, "empty syntax alternative");
      if (p.i == len) return true;
      if (self->nalts == MS_LAYOUT_MAX_ALTS) return fail(&p, p.i, "at most 4 alternatives");
      self->nalts++;
      p.i++;
      continue;
    }
    if (alt->nitems == MS_LAYOUT_MAX_ITEMS) return fail(&p, p.i, "at most 12 items in one alternative");
    if (!parse_item(&p, &alt->items[alt->nitems++])) return false;
  }
}

/* ------------------------------------------------------------------ */
/* Matching                                                            */

typedef struct match {
  const ms_records *rec;
  const ms_op *op;
  const ms_tok *toks;
  uint32_t ntoks, tail, pos;
  const char *text;
  ms_span in[MAX_SLOTS], out[MAX_SLOTS];
  bool functional;
  const ms_layout_item *implied;
  uint8_t depth;                 /* 1 between a `(` item and its `)` */
  int bound;                     /* bindings($N...) or names($N...): N, else -1 */
  bool names_only;               /* names($N...) */
  bool shared;                   /* shared-bindings($N...) */
  bool no_results;               /* no-results */
  bool alias_seen;               /* a tensor-type(...) met a type alias (`!t`): what it stands for is unknown */
} match;

/* A type alias (`!t`), not a dialect type (`!d.t<...>`). */
static bool is_alias(const char *s, size_t n) {
  if (n < 2 || s[0] != '!') return false;
  for (size_t i = 1; i < n && s[i] != '<'; i++)
    if (s[i] == '.') return false;
  return true;
}

static bool tok_is_word(const match *m, const ms_tok *t, const char *w) {
  switch (t->kind) {
    case MS_TOK_COLON: return !strcmp(w, ":");
    case MS_TOK_COMMA: return !strcmp(w, ",");
    case MS_TOK_ARROW: return !strcmp(w, "->");
    case MS_TOK_LPAREN: return !strcmp(w, "(");
    case MS_TOK_CLOSE: return !strcmp(w, ")");
    case MS_TOK_WORD:
      return t->span.end - t->span.start == strlen(w) && !memcmp(m->text + t->span.start, w, strlen(w));
    default: return false;
  }
}

/* The next token at the current depth (top level, or inside the group a
** `(` item entered), or NULL at the end. */
static const ms_tok *next_tok(match *m) {
  while (m->pos < m->ntoks && m->toks[m->pos].depth > m->depth) m->pos++;
  return m->pos < m->ntoks ? &m->toks[m->pos] : NULL;
}

/* Sets the type of every slot ref names; false when one does not exist. */
static bool assign(match *m, const ms_layout_ref *r, ms_span type) {
  uint32_t nops = m->op->noperands, nres = m->op->nresults;
  switch (r->kind) {
    case MS_LAYOUT_OPERAND:
      if (r->index >= nops) return false;
      m->in[r->index] = type;
      return true;
    case MS_LAYOUT_OPERAND_END:
      if (r->index > nops || nops - r->index >= MAX_SLOTS) return false;
      m->in[nops - r->index] = type;
      return true;
    case MS_LAYOUT_OPERANDS:
      for (uint32_t i = r->index; i < nops && i < MAX_SLOTS; i++) m->in[i] = type;
      return r->index <= nops;
    case MS_LAYOUT_RESULT:
      /* An op whose results are not named (`arith.extsi %a : i32 to i42`
      ** alone on its line, `vector.mask %m { vector.reduction ... }`)
      ** still writes their types: kept as the op's result types, also one
      ** shared with an operand (`vector.contract ... into type($2, $result)`;
      ** an optional result is written tensor-type($1, $result), a form
      ** without it no-results: `vector.transfer_write` to a memref). */
      if (r->index >= nres) {
        if (nres == 0) m->out[r->index] = type; /* index < 256 == MAX_SLOTS */
        return nres == 0;
      }
      m->out[r->index] = type;
      return true;
    default:
      for (uint32_t i = 0; i < nres && i < MAX_SLOTS; i++) m->out[i] = type;
      return true;
  }
}

/* type($N...) / type($results): one type per element, comma-separated;
** each-type($N...) (each): type k is result k's too. */
static bool match_list(match *m, const ms_layout_ref *r, bool each) {
  bool results = r->kind == MS_LAYOUT_RESULTS;
  uint32_t total = results ? m->op->nresults : m->op->noperands;
  if (r->index > total) return false;
  for (uint32_t i = r->index; i < total && i < MAX_SLOTS; i++) {
    const ms_tok *t = next_tok(m);
    if (i > r->index) {
      if (!t || t->kind != MS_TOK_COMMA) return false;
      m->pos++;
      t = next_tok(m);
    }
    if (!t || t->kind != MS_TOK_TYPE) return false;
    (results ? m->out : m->in)[i] = t->span;
    if (each && i - r->index < m->op->nresults) m->out[i - r->index] = t->span;
    m->pos++;
  }
  return true;
}

/* The operand a value token is, by its span. */
static int operand_of(const match *m, ms_span s) {
  for (uint32_t i = 0; i < m->op->noperands; i++) {
    ms_span u = m->rec->uses[m->op->operands + i].span;
    if (u.start == s.start && u.end == s.end) return (int)i;
  }
  return -1;
}

/* Every group `(%a, %b : A, B)` before the type annotation. */
static bool match_groups(match *m) {
  for (uint32_t i = 0; i < m->tail; i++) {
    if (m->toks[i].kind != MS_TOK_LPAREN || m->toks[i].depth) continue;
    int values[MAX_SLOTS], nv = 0, nt = 0;
    bool typed = false;
    uint32_t j = i + 1;
    /* A group whose first value is no operand declares block arguments
    ** (`linalg.reduce ... dimensions = [1] (%a: f32, %b: f32) {`): skipped. */
    if (j < m->ntoks && m->toks[j].depth == 1 && m->toks[j].kind == MS_TOK_VALUE && operand_of(m, m->toks[j].span) < 0) {
      while (j < m->ntoks && m->toks[j].depth == 1) j++;
      i = j;
      continue;
    }
    for (; j < m->ntoks && m->toks[j].depth == 1; j++) {
      const ms_tok *t = &m->toks[j];
      if (t->kind == MS_TOK_COLON) typed = true;
      else if (t->kind == MS_TOK_VALUE && !typed && nv < MAX_SLOTS) values[nv++] = operand_of(m, t->span);
      else if (t->kind == MS_TOK_TYPE && typed) {
        if (nt >= nv || values[nt] < 0) return false;
        m->in[values[nt++]] = t->span;
      }
    }
    if (typed && nt != nv) return false;
    i = j;
  }
  return true;
}

/* bindings($N...): the group `(%a = %x, %b = %y)` before the annotation
** whose right-hand sides are operands N... in order, all of them (no group
** when there are none). records.c reads such a group: its %x are operands,
** its %a the first region's entry block arguments (when that region's
** entry block has no label of its own). */
static bool match_bindings(match *m, uint32_t first) {
  for (uint32_t i = 0; i < m->tail; i++) {
    if (m->toks[i].kind != MS_TOK_LPAREN || m->toks[i].depth) continue;
    uint32_t j = i + 1, k = first;
    bool pairs = true;
    for (; j < m->ntoks && m->toks[j].depth == 1; j += 4) {
      const ms_tok *t = &m->toks[j];
      if (j + 2 >= m->ntoks || t->kind != MS_TOK_VALUE || m->toks[j + 1].kind != MS_TOK_EQUALS ||
          m->toks[j + 2].kind != MS_TOK_VALUE) {
        pairs = false;
        break;
      }
      if (operand_of(m, m->toks[j + 2].span) != (int)k++) return false;
      if (j + 3 < m->ntoks && m->toks[j + 3].depth == 1 && m->toks[j + 3].kind != MS_TOK_COMMA) return false;
    }
    if (pairs && k > first) return k == m->op->noperands;
  }
  return first == m->op->noperands;
}

/* Whether v (n bytes) is written as pattern: its characters themselves,
** `#` one or more digits whose value is at most 2^31 - 1. */
static bool form_matches(const char *v, size_t n, const char *pattern) {
  size_t i = 0;
  for (const char *q = pattern; *q; q++) {
    if (*q != '#') {
      if (i >= n || v[i++] != *q) return false;
      continue;
    }
    size_t d = i;
    int64_t x = 0;
    while (i < n && isdigit((unsigned char)v[i]) && x <= INT32_MAX) x = x * 10 + (v[i++] - '0');
    if (i == d || x > INT32_MAX) return false;
  }
  return i == n;
}

/* attr-form: the op's attribute NAME (the pretty `NAME = value`) has the form. */
static bool match_attr_form(const match *m, const ms_layout_item *it) {
  size_t wn = strlen(it->word);
  for (uint32_t a = 0; a < m->op->nattrs; a++) {
    const ms_attr *x = &m->rec->attrs[m->op->attrs + a];
    if (x->key.end - x->key.start != wn || memcmp(m->text + x->key.start, it->word, wn)) continue;
    return form_matches(m->text + x->value.start, x->value.end - x->value.start, it->pattern);
  }
  return false;
}

static bool match_alt(match *m, const ms_layout_alt *alt) {
  memset(m->in, 0, sizeof m->in);
  memset(m->out, 0, sizeof m->out);
  m->functional = false;
  m->implied = NULL;
  m->depth = 0;
  m->bound = -1;
  m->names_only = false;
  m->shared = false;
  m->no_results = false;
  m->pos = m->tail;
  for (int k = 0; k < alt->nitems; k++) {
    const ms_layout_item *it = &alt->items[k];
    const ms_tok *t;
    switch (it->kind) {
      case MS_LAYOUT_WORD:
        if (!(t = next_tok(m)) || !tok_is_word(m, t, it->word)) return false;
        if (t->kind == MS_TOK_LPAREN) m->depth = 1;
        if (t->kind == MS_TOK_CLOSE) m->depth = 0;
        m->pos++;
        break;
      case MS_LAYOUT_FUNCTIONAL:
        if (!(t = next_tok(m)) || t->kind != MS_TOK_FUNCTION_TYPE || !m->op->types_known) return false;
        m->functional = true;
        m->pos++;
        break;
      case MS_LAYOUT_INS_OUTS:
        if (!match_groups(m)) return false;
        break;
      case MS_LAYOUT_BINDINGS:
      case MS_LAYOUT_NAMES:
      case MS_LAYOUT_SHARED:
        if (!match_bindings(m, it->refs[0].index)) return false;
        m->bound = it->refs[0].index;
        m->names_only = it->kind == MS_LAYOUT_NAMES;
        m->shared = it->kind == MS_LAYOUT_SHARED;
        break;
      case MS_LAYOUT_ATTR_FORM:
        if (!match_attr_form(m, it)) return false;
        break;
      case MS_LAYOUT_IMPLIED:
        if (it->refs[0].index >= m->op->noperands) return false;
        m->implied = it;
        break;
      case MS_LAYOUT_NO_RESULTS:
        m->no_results = true;
        break;
      default:
        if (it->list) {
          if (!match_list(m, &it->refs[0], it->each)) return false;
          break;
        }
        if (!(t = next_tok(m)) || t->kind != MS_TOK_TYPE) return false;
        bool alias = false;
        if (it->tensor && (t->span.end - t->span.start < 7 || memcmp(m->text + t->span.start, "tensor<", 7))) {
          /* an alias may stand for a tensor: its named results keep it, an
          ** unnamed op's result count stays unknown */
          if (!(alias = is_alias(m->text + t->span.start, t->span.end - t->span.start))) return false;
          m->alias_seen = true;
        }
        for (int r = 0; r < it->nrefs; r++) {
          if (alias && m->op->nresults == 0 && it->refs[r].kind == MS_LAYOUT_RESULT) continue;
          if (!assign(m, &it->refs[r], t->span)) return false;
        }
        m->pos++;
    }
  }
  return next_tok(m) == NULL;
}

/* Writes the matched types into the op and its result values. */
static void store(match *m, ms_records *rec, ms_op *op) {
  op->in_types = (uint32_t)rec->ntypes;
  for (uint32_t i = 0; i < op->noperands; i++) {
    ms_span t = i < MAX_SLOTS ? m->in[i] : (ms_span){0, 0};
    uint32_t v = rec->uses[op->operands + i].value;
    if (!t.end && v != MS_NONE) t = rec->values[v].type;
    *MS_ARRAY_PUSH(rec->types, rec->ntypes, rec->cap_types) = t;
  }
  op->nin = op->noperands;
  op->types_known = true;
  if (m->implied) {
    uint32_t opi = (uint32_t)(op - rec->ops);
    assert(!rec->nimplied || rec->implied[rec->nimplied - 1].op < opi);
    *MS_ARRAY_PUSH(rec->implied, rec->nimplied, rec->cap_implied) =
        (ms_implied){opi, (uint32_t)m->implied->refs[0].index, m->implied->word};
  }
  op->out_types = (uint32_t)rec->ntypes;
  uint32_t r = 0;
  for (; r < op->nresults && r < MAX_SLOTS && m->out[r].end; r++) {
    *MS_ARRAY_PUSH(rec->types, rec->ntypes, rec->cap_types) = m->out[r];
    rec->values[op->results + r].type = m->out[r];
  }
  /* Results not named: their written types only, as a generic op's. */
  for (; op->nresults == 0 && r < MAX_SLOTS && m->out[r].end; r++)
    *MS_ARRAY_PUSH(rec->types, rec->ntypes, rec->cap_types) = m->out[r];
  op->nout = r;
}

/* The entry block arguments records.c defined for the header bindings
** (values the op owns, declared before its annotation) take the types of
** the operands bound to them, as the op's parser gives them. With
** names($N...) they are no arguments of the region: the op's parser reads
** the names and drops them (`tosa.cond_if`, whose regions declare their own
** arguments), so they are detached from it (a region without a label then
** has none, as the verifier sees it). */
static void type_bindings(const match *m, ms_records *rec, const ms_op *op) {
  uint32_t opi = (uint32_t)(op - rec->ops), end = m->tail < m->ntoks ? m->toks[m->tail].span.start : op->span.end;
  uint32_t k = (uint32_t)m->bound;
  for (size_t v = op->results + op->nresults; v < rec->nvalues && k < op->noperands; v++, k++) {
    ms_value *x = &rec->values[v];
    if (x->owner != opi || x->op != MS_NONE || x->def.start < op->span.start || x->def.start >= end) return;
    if (op->types_known && k < op->nin) x->type = rec->types[op->in_types + k];
    if (m->names_only) x->owner = MS_NONE;
  }
}

/* With names($N...), the names the header declares are in no scope of the
** op's regions (its parser drops them): a use inside a region that
** records.c bound to one names nothing (mlir-opt-22: "use of undeclared
** SSA value name"). Those uses are unbound; the first is returned (its
** index in rec->uses), MS_NONE when there is none. */
static bool in_header(const ms_records *rec, const ms_op *op, uint32_t v, uint32_t header_end) {
  const ms_value *x = &rec->values[v];
  return x->op == MS_NONE && x->owner == MS_NONE && x->def.start >= op->name.end && x->def.start < header_end;
}

/* The length of the name used at s, without its `#k`. */
static size_t name_length(const char *text, ms_span s) {
  const char *hash = memchr(text + s.start, '#', s.end - s.start);
  return hash ? (size_t)(hash - (text + s.start)) : s.end - s.start;
}

/* Where the function around `at` begins (the last `func.func` before it,
** else the text's start): a name defined before it is no candidate. */
static uint32_t function_start(const char *text, uint32_t at) {
  static const char kw[] = "func.func";
  for (uint32_t i = at; i >= sizeof kw - 1; i--)
    if (!memcmp(text + i - (sizeof kw - 1), kw, sizeof kw - 1)) return i - (uint32_t)(sizeof kw - 1);
  return 0;
}

/* Whether value v is a name some op's header declares (`%a` of `%a = %x`,
** no result; read up to end): it is in scope in no region of another op. */
static bool header_name(const ms_records *rec, uint32_t v, const char *text, uint32_t end) {
  const ms_value *x = &rec->values[v];
  if (x->op != MS_NONE) return false;
  uint32_t i = x->def.end;
  while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
  return i < end && text[i] == '=';
}

/* Whether a value other than the header's is named like the use at u and
** defined before it: the use may name that one (records.c let the header
** shadow it), so it is left unjudged, never reported. */
static bool named_before(const ms_records *rec, const ms_op *op, size_t u, uint32_t header_end, const char *text) {
  ms_span s = rec->uses[u].span;
  size_t len = name_length(text, s);
  uint32_t from = function_start(text, op->span.start);
  for (size_t v = 0; v < rec->nvalues && rec->values[v].def.start < s.start; v++) {
    ms_span d = rec->values[v].def;
    if (d.start < from || d.end - d.start != len || memcmp(text + d.start, text + s.start, len)) continue;
    if (!in_header(rec, op, (uint32_t)v, header_end) && !header_name(rec, (uint32_t)v, text, s.start)) return true;
  }
  return false;
}

/* Whether the name used at s (`%a`, `%a#1`) is one the header declares
** (`%a` of `%a = %x`): records.c binds them in the first region only,
** and only when it has no label, so a use elsewhere is unresolved. */
static bool names_header(const ms_records *rec, const ms_op *op, ms_span s, uint32_t header_end, const char *text) {
  size_t len = name_length(text, s);
  const ms_tok *t = rec->toks + op->toks;
  for (uint32_t i = 0; i + 1 < op->ntoks && t[i].span.start < header_end; i++) {
    ms_span d = t[i].span;
    if (t[i].kind == MS_TOK_VALUE && t[i + 1].kind == MS_TOK_EQUALS && d.end - d.start == len &&
        !memcmp(text + d.start, text + s.start, len))
      return true;
  }
  return false;
}

static uint32_t unbind_names(ms_records *rec, uint32_t opi, uint32_t header_end, const char *text) {
  const ms_op *op = &rec->ops[opi];
  uint32_t first = MS_NONE;
  int looked = 0; /* named_before reads every value: a few uses at most, then silent */
  for (size_t u = op->operands + op->noperands; u < rec->nuses; u++) {
    ms_use *x = &rec->uses[u];
    if (x->span.start >= op->span.end) break;
    if (x->op == opi) continue;
    if (x->value == MS_NONE ? !names_header(rec, op, x->span, header_end, text) : !in_header(rec, op, x->value, header_end))
      continue;
    if (first == MS_NONE && looked++ < 8 && !named_before(rec, op, u, header_end, text)) first = (uint32_t)u;
    x->value = MS_NONE;
  }
  return first;
}

/* With shared-bindings($N...), the header's names are the entry block
** arguments of every region of the op (StableHLO's pretty while: its
** parser gives `%iterArg` to `cond` and to `do`); records.c defined them
** in the first region only (when that region has no label of its own).
** A use of such a name (without `#k`) later inside the op is bound to the
** header's value: the parser forbids redefining a name in scope, so the
** use can name nothing else. No header values: nothing changes. */
static void share_bindings(ms_records *rec, uint32_t opi, uint32_t header_end, const char *text) {
  const ms_op *op = &rec->ops[opi];
  uint32_t first = op->results + op->nresults, n = 0;
  while (first + n < rec->nvalues && n < op->noperands) {
    const ms_value *x = &rec->values[first + n];
    if (x->owner != opi || x->op != MS_NONE || x->def.start < op->span.start || x->def.start >= header_end) break;
    n++;
  }
  if (n == 0) return;
  for (size_t u = op->operands + op->noperands; u < rec->nuses; u++) {
    ms_use *x = &rec->uses[u];
    if (x->span.start >= op->span.end) break;
    if (x->op == opi || x->span.start < header_end || memchr(text + x->span.start, '#', x->span.end - x->span.start))
      continue;
    size_t len = x->span.end - x->span.start;
    for (uint32_t k = 0; k < n; k++) {
      ms_span d = rec->values[first + k].def;
      if (d.end - d.start == len && !memcmp(text + d.start, text + x->span.start, len)) {
        x->value = first + k;
        break;
      }
    }
  }
}

/* Past blanks and `//` comments from i (up to end). */
static uint32_t skip_gap(const char *text, uint32_t i, uint32_t end) {
  for (;;) {
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r')) i++;
    if (i + 1 >= end || text[i] != '/' || text[i + 1] != '/') return i;
    while (i < end && text[i] != '\n') i++;
  }
}

/* With bindings($N...) of at least one name, the header's names are the
** first region's entry block arguments: MLIR's parser (parseRegion with
** arguments) rejects a label there, "invalid block name in region with
** named arguments", at the label (`tosa.while_loop (%a = %x) ... {
** ^bb0(...)`). The first region opens at the first `{` between two of the
** op's tokens (the tokens hold no region text). Returns the label's span,
** {0, 0} when there is none. */
static ms_span entry_label(const match *m, const char *text) {
  bool named = false;
  for (uint32_t i = 0; i + 1 < m->tail && !named; i++)
    named = m->toks[i].kind == MS_TOK_VALUE && m->toks[i + 1].kind == MS_TOK_EQUALS;
  for (uint32_t i = m->tail; named && i < m->ntoks; i++) {
    uint32_t end = i + 1 < m->ntoks ? m->toks[i + 1].span.start : m->op->span.end;
    uint32_t at = skip_gap(text, m->toks[i].span.end, end);
    if (at >= end || text[at] != '{') continue;
    uint32_t l = skip_gap(text, at + 1, end), e = l + 1;
    if (l >= end || text[l] != '^') return (ms_span){0, 0};
    while (e < end && (isalnum((unsigned char)text[e]) || text[e] == '_' || text[e] == '$' || text[e] == '.' ||
                       text[e] == '-'))
      e++;
    return (ms_span){l, e};
  }
  return (ms_span){0, 0};
}

bool ms_layout_apply(const ms_layout *self, ms_records *rec, uint32_t opi, const char *text, ms_layout_finding *found) {
  ms_op *op = &rec->ops[opi];
  *found = (ms_layout_finding){{0, 0}, NULL, false};
  if (op->kind != MS_OP_CUSTOM || op->noperands > MAX_SLOTS) return false;
  /* An op with no tokens points nowhere in the (maybe empty) pool. */
  const ms_tok *toks = op->ntoks ? rec->toks + op->toks : NULL;
  match m = {rec, op, toks, op->ntoks, op->ntoks, 0, text, {{0, 0}}, {{0, 0}}, false, NULL, 0, -1, false, false, false, false};
  for (uint32_t i = 0; i < m.ntoks; i++)
    if (m.toks[i].depth == 0 && (m.toks[i].kind == MS_TOK_COLON || m.toks[i].kind == MS_TOK_ARROW)) {
      m.tail = i;
      break;
    }
  m.alias_seen = false;
  for (int a = 0; a < self->nalts; a++) {
    if (!match_alt(&m, &self->alts[a])) continue;
    if (!m.functional) store(&m, rec, op);
    /* no-results: known only where no tensor-type(...) met an alias */
    op->no_results = m.no_results && !m.alias_seen;
    if (op->no_results && op->nresults > 0)
      *found = (ms_layout_finding){rec->values[op->results].def, "cannot name an operation with no results", true};
    if (m.bound >= 0) type_bindings(&m, rec, op);
    if (m.bound >= 0 && m.shared)
      share_bindings(rec, opi, m.tail < m.ntoks ? m.toks[m.tail].span.start : op->span.end, text);
    if (m.bound >= 0 && m.names_only) {
      uint32_t header_end = m.tail < m.ntoks ? m.toks[m.tail].span.start : op->span.end;
      uint32_t u = unbind_names(rec, opi, header_end, text);
      if (u != MS_NONE) *found = (ms_layout_finding){rec->uses[u].span, "use of undeclared SSA value name", false};
    } else if (m.bound >= 0) {
      ms_span label = entry_label(&m, text);
      if (label.end > label.start) *found = (ms_layout_finding){label, "invalid block name in region with named arguments", false};
    }
    return true;
  }
  return false;
}
