/*
** suppress.c: suppression comments (suppress.h).
**
** One pass over the text finds the directives (in `//` comments, outside
** string literals) and the `// -----` chunk separators; each diagnostic is
** then matched against them: the line directives by line, the ranges by the
** last disable/enable event before the finding's line in its chunk that
** names its code (or all codes).
*/
#include "suppress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "alloc.h"

#define MAX_DIRECTIVE_CODES 16

typedef enum kind { NEXT_LINE, THIS_LINE, DISABLE, ENABLE } kind;

typedef struct directive {
  kind kind;
  uint32_t line, chunk;
  uint32_t start, end;             /* the comment's bytes */
  int ncodes;                      /* 0: every code */
  char codes[MAX_DIRECTIVE_CODES][48];
  bool used[MAX_DIRECTIVE_CODES];  /* per code; used[0] also for "every code" */
} directive;

typedef struct scan {
  const char *text;
  size_t len;
  uint32_t *lines;                 /* start offset of each line */
  uint32_t nlines;
  uint32_t *chunk_of_line;
  directive *dirs;
  size_t ndirs, cap;
} scan;

static const char PREFIX[] = "mlir-shape-";

bool ms_suppress_present(const char *text, size_t len) {
  return text && memmem(text, len, PREFIX, sizeof PREFIX - 1) != NULL;
}

static bool is_code_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.';
}

/* The comment text [p, end) after `//`: a directive, or nothing. */
static void parse_comment(scan *s, const char *p, const char *end, uint32_t line, uint32_t chunk, uint32_t cstart) {
  while (p < end && (*p == ' ' || *p == '\t')) p++;
  static const struct { const char *word; kind k; } words[] = {
    {"mlir-shape-disable-next-line", NEXT_LINE}, {"mlir-shape-disable-line", THIS_LINE},
    {"mlir-shape-disable", DISABLE}, {"mlir-shape-enable", ENABLE},
  };
  int w = -1;
  for (int i = 0; i < 4 && w < 0; i++) {
    size_t n = strlen(words[i].word);
    if ((size_t)(end - p) >= n && !memcmp(p, words[i].word, n) && (p + n == end || p[n] == ' ' || p[n] == '\t' ||
                                                                    p[n] == '\r' || p[n] == ','))
      w = i, p += n;
  }
  if (w < 0) return;
  directive *d = MS_ARRAY_PUSH(s->dirs, s->ndirs, s->cap);
  memset(d, 0, sizeof *d);
  d->kind = words[w].k;
  d->line = line;
  d->chunk = chunk;
  d->start = cstart;
  const char *e = end;
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
  d->end = (uint32_t)(e - s->text);
  while (p < end) {
    while (p < end && (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r')) p++;
    if (p + 1 < end && p[0] == '-' && p[1] == '-' && (p + 2 == end || p[2] == ' ' || p[2] == '\t')) break;
    const char *q = p;
    while (q < end && is_code_char(*q)) q++;
    if (q == p) {
      p++;
      continue;
    }
    if (d->ncodes < MAX_DIRECTIVE_CODES) snprintf(d->codes[d->ncodes++], sizeof d->codes[0], "%.*s", (int)(q - p), p);
    p = q;
  }
}

static bool is_separator(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t')) p++;
  return end - p >= 8 && !memcmp(p, "// -----", 8);
}

static void scan_text(scan *s) {
  uint32_t chunk = 0;
  size_t capl = 64;
  s->lines = ms_xrealloc(NULL, capl * sizeof *s->lines);
  s->chunk_of_line = ms_xrealloc(NULL, capl * sizeof *s->chunk_of_line);
  const char *text = s->text, *end = text + s->len;
  for (const char *line = text; line <= end;) {
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    const char *le = nl ? nl : end;
    if (s->nlines == capl) {
      capl *= 2;
      s->lines = ms_xrealloc(s->lines, capl * sizeof *s->lines);
      s->chunk_of_line = ms_xrealloc(s->chunk_of_line, capl * sizeof *s->chunk_of_line);
    }
    if (is_separator(line, le)) chunk++;
    s->lines[s->nlines] = (uint32_t)(line - text);
    s->chunk_of_line[s->nlines] = chunk;
    /* The line's `//` comment, outside string literals. */
    if (memmem(line, (size_t)(le - line), PREFIX, sizeof PREFIX - 1)) {
      bool in_str = false;
      for (const char *p = line; p + 1 < le; p++) {
        if (in_str) {
          if (*p == '\\') p++;
          else if (*p == '"') in_str = false;
        } else if (*p == '"') {
          in_str = true;
        } else if (p[0] == '/' && p[1] == '/') {
          parse_comment(s, p + 2, le, s->nlines, chunk, (uint32_t)(p - text));
          break;
        }
      }
    }
    s->nlines++;
    if (!nl) break;
    line = nl + 1;
  }
}

static uint32_t line_of(const scan *s, uint32_t off) {
  uint32_t lo = 0, hi = s->nlines;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (s->lines[mid] <= off) lo = mid;
    else hi = mid;
  }
  return lo;
}

/* The index of code among d's codes, 0 for a directive of every code, -1
** when d does not name it. */
static int code_index(const directive *d, const char *code) {
  if (!d->ncodes) return 0;
  for (int i = 0; i < d->ncodes; i++)
    if (code && !strcmp(d->codes[i], code)) return i;
  return -1;
}

static bool suppressed(scan *s, const ms_diagnostic *d) {
  if (d->code && !strcmp(d->code, MS_CODE_UNUSED_SUPPRESSION)) return false;
  uint32_t at = line_of(s, d->start), op = d->op_end ? line_of(s, d->op_start) : at;
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    int k = code_index(x, d->code);
    if (k < 0) continue;
    if ((x->kind == NEXT_LINE && (op == x->line + 1 || at == x->line + 1)) ||
        (x->kind == THIS_LINE && (op == x->line || at == x->line))) {
      x->used[k] = true;
      return true;
    }
  }
  /* Ranges: the last event before the finding's line, in its chunk. */
  directive *last = NULL;
  int last_k = 0;
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    if (x->line >= op) break;
    if ((x->kind != DISABLE && x->kind != ENABLE) || x->chunk != s->chunk_of_line[op]) continue;
    int k = code_index(x, d->code);
    if (k >= 0) last = x, last_k = k;
  }
  if (last && last->kind == DISABLE) {
    last->used[last_k] = true;
    return true;
  }
  return false;
}

static void report_unused(scan *s, ms_diag_list *out) {
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    if (x->kind == ENABLE) continue;
    if (!x->ncodes) {
      if (!x->used[0])
        ms_diag_list_add(out, x->start, x->end, MS_SEVERITY_WARNING, MS_CODE_UNUSED_SUPPRESSION, NULL,
                         "unused suppression: no finding here to suppress");
      continue;
    }
    char list[512] = "";
    size_t n = 0;
    int unused = 0;
    for (int k = 0; k < x->ncodes; k++) {
      if (x->used[k]) continue;
      bool known = ms_code_find(x->codes[k]) != NULL;
      unused++;
      int w = snprintf(list + n, sizeof list - n, "%s%s%s", n ? ", " : "", x->codes[k], known ? "" : " (unknown code)");
      if (w > 0 && (size_t)w < sizeof list - n) n += (size_t)w;
    }
    if (!unused) continue;
    ms_diag_list_add(out, x->start, x->end, MS_SEVERITY_WARNING, MS_CODE_UNUSED_SUPPRESSION, NULL,
                     "unused suppression: no %s finding here to suppress", list);
  }
}

size_t ms_suppress_apply(const char *text, size_t len, ms_diag_list *diags, bool report_unused_) {
  if (!ms_suppress_present(text, len)) return 0;
  scan s = {.text = text, .len = len};
  scan_text(&s);
  size_t kept = 0, dropped = 0;
  if (s.ndirs) {
    for (size_t i = 0; i < diags->count; i++) {
      if (suppressed(&s, &diags->items[i])) {
        ms_diag_free(&diags->items[i]);
        dropped++;
      } else {
        diags->items[kept++] = diags->items[i];
      }
    }
    diags->count = kept;
    if (report_unused_) report_unused(&s, diags);
    ms_diag_list_sort(diags);
  }
  free(s.lines);
  free(s.chunk_of_line);
  free(s.dirs);
  return dropped;
}
