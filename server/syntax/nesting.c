/*
** nesting.c: parses that leave out what nests too deep (nesting.h).
**
** The pass is a table-driven byte loop over the ranges to parse: most
** bytes are neither brackets, quotes, slashes nor newlines. It tracks rows
** and columns itself, since the ranges it hands tree-sitter need points.
*/
#include "nesting.h"
#include "alloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { PLAIN, NEWLINE, QUOTE, SLASH, OPEN, CLOSE };

static const unsigned char kind[256] = {['\n'] = NEWLINE, ['"'] = QUOTE, ['/'] = SLASH, ['('] = OPEN,
                                        ['['] = OPEN,     ['{'] = OPEN,  [')'] = CLOSE, [']'] = CLOSE,
                                        ['}'] = CLOSE};

/* A span left out: [start, end), with their points; `at` is the first
** bracket past the limit (where the finding goes). */
typedef struct span {
  uint32_t start, end, at;
  TSPoint start_point, end_point;
} span;

typedef struct cutter {
  const char *text;
  uint32_t depth, row, line_base;  /* column = offset - line_base */
  uint32_t inner;                  /* just inside the open bracket at the limit */
  TSPoint inner_point;
  bool inside;                     /* in a span being left out */
  span *spans;
  size_t n, cap;
} cutter;

static TSPoint point_at(const cutter *c, uint32_t off) { return (TSPoint){c->row, off - c->line_base}; }

/* A span is the whole inside of the bracket at the limit: the parse then
** sees it empty (`{}`, `()`, `[]`: still valid syntax), not an op cut in
** two. It starts when a bracket inside opens past the limit. */
static void open_bracket(cutter *c, uint32_t i) {
  c->depth++;
  if (c->depth == MS_NESTING_MAX) {
    c->inner = i + 1;
    c->inner_point = point_at(c, i + 1);
  } else if (c->depth == MS_NESTING_MAX + 1 && !c->inside) {
    span *s = MS_ARRAY_PUSH(c->spans, c->n, c->cap);
    s->start = c->inner;
    s->start_point = c->inner_point;
    s->at = i;
    c->inside = true;
  }
}

static void close_bracket(cutter *c, uint32_t i) {
  if (c->depth == 0) return;  /* unbalanced: the parser says so */
  if (c->depth-- == MS_NESTING_MAX && c->inside) {
    c->spans[c->n - 1].end = i;
    c->spans[c->n - 1].end_point = point_at(c, i);
    c->inside = false;
  }
}

/* One range [start, end) whose first byte is at point p. */
static void scan_range(cutter *c, uint32_t start, uint32_t end, TSPoint p) {
  const unsigned char *t = (const unsigned char *)c->text;
  c->row = p.row;
  c->line_base = start - p.column;
  for (uint32_t i = start; i < end; i++) {
    while (i < end && kind[t[i]] == PLAIN) i++;
    if (i >= end) break;
    switch (kind[t[i]]) {
      case NEWLINE: c->row++, c->line_base = i + 1; break;
      case QUOTE:
        for (i++; i < end && t[i] != '"' && t[i] != '\n'; i++)
          if (t[i] == '\\' && i + 1 < end && t[i + 1] != '\n') i++;
        if (i < end && t[i] == '\n') c->row++, c->line_base = i + 1;
        break;
      case SLASH:
        if (i + 1 < end && t[i + 1] == '/')
          while (i + 1 < end && t[i + 1] != '\n') i++;
        break;
      case OPEN: open_bracket(c, i); break;
      case CLOSE: close_bracket(c, i); break;
      default: break;
    }
  }
}

/* The ranges minus the spans, into *out (allocated); returns their count. */
static uint32_t subtract(const TSRange *in, uint32_t nin, const span *spans, size_t nspans, TSRange **out) {
  TSRange *r = ms_xmalloc((nin + nspans + 1) * sizeof *r);
  uint32_t n = 0;
  size_t k = 0;
  for (uint32_t i = 0; i < nin; i++) {
    TSRange cur = in[i];
    while (k < nspans && spans[k].start < cur.end_byte) {
      const span *s = &spans[k];
      if (s->start > cur.start_byte)
        r[n++] = (TSRange){cur.start_point, s->start_point, cur.start_byte, s->start};
      if (s->end >= cur.end_byte) {
        cur.start_byte = cur.end_byte;  /* the span goes on past this range */
        break;
      }
      if (s->end > cur.start_byte) cur.start_byte = s->end, cur.start_point = s->end_point;
      k++;
    }
    if (cur.end_byte > cur.start_byte) r[n++] = cur;
  }
  if (n == 0) {
    /* Nothing left: one empty range where the text starts. */
    r[n++] = (TSRange){in[0].start_point, in[0].start_point, in[0].start_byte, in[0].start_byte};
  }
  *out = r;
  return n;
}

static void report(const span *spans, size_t n, ms_diag_list *found) {
  for (size_t i = 0; i < n; i++)
    ms_diag_list_add(found, spans[i].at, spans[i].at + 1, MS_SEVERITY_WARNING, MS_CODE_NESTING, NULL,
                     "brackets nest more than " MS_NESTING_MAX_TEXT
                     " deep here: what the bracket around this one holds is not checked");
}

TSTree *ms_nesting_parse(TSParser *parser, const TSTree *old, const char *text, uint32_t len, const TSRange *ranges,
                         uint32_t nranges, ms_diag_list *found) {
  static const TSRange whole = {{0, 0}, {UINT32_MAX, UINT32_MAX}, 0, UINT32_MAX};
  const TSRange *in = nranges ? ranges : &whole;
  uint32_t nin = nranges ? nranges : 1;
  cutter c = {.text = text};
  for (uint32_t i = 0; i < nin; i++)
    scan_range(&c, in[i].start_byte, in[i].end_byte < len ? in[i].end_byte : len, in[i].start_point);
  if (c.inside) {
    /* Unclosed: the span runs to the end of the text. */
    c.spans[c.n - 1].end = UINT32_MAX;
    c.spans[c.n - 1].end_point = (TSPoint){UINT32_MAX, UINT32_MAX};
  }
  TSRange *cut = NULL;
  uint32_t ncut = nranges;
  if (c.n) ncut = subtract(in, nin, c.spans, c.n, &cut);
  ts_parser_set_included_ranges(parser, c.n ? cut : ranges, ncut);
  TSTree *tree = ts_parser_parse_string(parser, old, text, len);
  if (found) report(c.spans, c.n, found);
  free(cut);
  free(c.spans);
  return tree;
}
