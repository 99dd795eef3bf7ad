/*
** garbage.c: stretches of a text that cannot be MLIR (source.h,
** ms_source_cut_text, ms_source_foreign).
**
** MLIR's lexer takes, outside string literals and `//` comments, only
** printable ASCII and blanks: a control byte (other than tab, newline and
** carriage return), DEL, a byte of 0x80 or above, or one of ' ` \ & ; ~
** there is "unexpected character" in every dialect. Strings and comments
** end at the line's end, so whether a byte is outside them is known from
** its line alone. Random bytes and binary files are full of such bytes; a
** valid MLIR file has none.
**
** Parsing megabytes of such text builds one tree-sitter tree over all of
** it (50 bytes of memory per byte, and error recovery is slow) for nothing
** but syntax errors. So a *garbage stretch*: foreign bytes at most GAP
** apart, spanning at least MIN_STRETCH bytes, widened to whole lines, is not
** parsed: it is one syntax error. What lies between such stretches is cut
** and parsed as before; a text without one is cut exactly as
** ms_source_cut cuts it. A few foreign bytes in real MLIR (a stray
** character, a short pasted blob) stay the parser's, reported as today.
*/
#include "source.h"
#include "alloc.h"

#include <assert.h>
#include <string.h>

#define MIN_STRETCH (64u << 10)    /* a garbage stretch spans at least this */
#define GAP (4u << 10)             /* foreign bytes at most this far apart */
#define RELEASE_WINDOW (2u << 20)  /* the scan drops pages in steps of this */

/* 1: cannot stand outside a string or comment; 2: opens one. */
static unsigned char byte_class(unsigned char c) {
  if (c == '"' || c == '/') return 2;
  if (c == '\t' || c == '\n' || c == '\r') return 0;
  if (c < 0x20 || c >= 0x7f) return 1;
  return c == '\'' || c == '`' || c == '\\' || c == '&' || c == ';' || c == '~';
}

typedef struct scanner {
  const ms_source *src;        /* pages are released behind the scan (NULL: not) */
  uint32_t released;
  unsigned char cls[256];
} scanner;

static void scanner_init(scanner *s, const ms_source *src, uint32_t start) {
  s->src = src;
  s->released = start;
  for (int c = 0; c < 256; c++) s->cls[c] = byte_class((unsigned char)c);
}

/* The first foreign byte in [i, end), or end. */
static uint32_t next_foreign(scanner *s, const char *text, uint32_t i, uint32_t end) {
  for (; i < end; i++) {
    unsigned char k = s->cls[(unsigned char)text[i]];
    if (k == 1) break;
    if (k == 2) i = ms_source_skip_literal(text, i, end) - 1;
    if (s->src && i - s->released > RELEASE_WINDOW) {
      ms_source_release(s->src, s->released, i);
      s->released = i;
    }
  }
  return i < end ? i : end;
}

uint32_t ms_source_foreign(const char *text, uint32_t start, uint32_t end) {
  scanner s;
  scanner_init(&s, NULL, start);
  return next_foreign(&s, text, start, end);
}

void ms_source_not_text_error(const char *text, uint32_t start, uint32_t end, ms_diag_list *out) {
  uint32_t at = ms_source_foreign(text, start, end);
  assert(at < end);
  const char *nl = memchr(text + at, '\n', end - at);
  uint32_t eol = nl ? (uint32_t)(nl - text) : end;
  ms_diag_list_add(out, at, eol > at ? eol : at + 1, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL,
                   "syntax error: unexpected byte 0x%02x: the %u bytes from here on are not MLIR text",
                   (unsigned char)text[at], (unsigned)(end - at));
}

static uint32_t line_start(const char *text, uint32_t floor, uint32_t at) {
  while (at > floor && text[at - 1] != '\n') at--;
  return at;
}

/* The end of at's line, past its newline. *memo is the end found last: at
** never goes back, so while at lies before it, it is at's line's too. */
static uint32_t line_end(const char *text, uint32_t at, uint32_t end, uint32_t *memo) {
  if (at < *memo) return *memo;
  const char *nl = memchr(text + at, '\n', end - at);
  *memo = nl ? (uint32_t)(nl - text) + 1 : end;
  return *memo;
}

typedef struct cutting {
  const ms_source *src;
  const ms_cut_options *o;
  ms_unit_list *out;
  uint32_t done;               /* everything before this has its units */
} cutting;

/* The clean text before a garbage stretch [a, b), then the stretch. */
static void emit(cutting *c, uint32_t a, uint32_t b) {
  if (a > c->done) ms_source_cut(c->src, c->done, a, c->o, c->out);
  ms_unit *u = MS_ARRAY_PUSH(c->out->items, c->out->count, c->out->cap);
  memset(u, 0, sizeof *u);
  u->nranges = 1;
  u->start[0] = a, u->end[0] = b;
  u->not_text = true;
  c->done = b;
}

void ms_source_cut_text(const ms_source *src, uint32_t start, uint32_t end, const ms_cut_options *o,
                        ms_unit_list *out) {
  const char *text = src->text;
  scanner s;
  scanner_init(&s, src, start);
  cutting c = {src, o, out, start};
  uint32_t first = end, last = 0, eol = 0;
  /* The stretch found last, not yet emitted: a later one may join it. */
  uint32_t pend_a = 0, pend_b = 0;
  bool pending = false;
  for (uint32_t i = next_foreign(&s, text, start, end);; i = next_foreign(&s, text, i + 1, end)) {
    if (i < end && first < end && i - last <= GAP) {
      last = i;
      continue;
    }
    if (first < end && last - first >= MIN_STRETCH) {
      uint32_t a = line_start(text, pending ? pend_b : c.done, first), b = line_end(text, last, end, &eol);
      if (pending && a <= pend_b) {
        pend_b = b;
      } else {
        if (pending) emit(&c, pend_a, pend_b);
        pend_a = a, pend_b = b, pending = true;
      }
    }
    if (i >= end) break;
    first = last = i;
  }
  if (pending) emit(&c, pend_a, pend_b);
  if (c.done < end || c.done == start) ms_source_cut(src, c.done, end, o, out);
}
