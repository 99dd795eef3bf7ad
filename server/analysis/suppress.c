/*
** suppress.c: suppression comments (suppress.h).
**
** One pass over the text finds the directives (in `//` comments, outside
** string literals) and the `// -----` chunk separators; each diagnostic is
** then matched against them: the line directives by line, the ranges by the
** last disable/enable event before the finding's line in its chunk that
** names its code (or all codes). Lines are byte ranges of the directives'
** lines and those after them: nothing is kept per line of the text.
*/
#include "suppress.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "alloc.h"

#define MAX_DIRECTIVE_CODES 16
#define NONE UINT32_MAX
/* The pass hands back what it has read every this many bytes. */
#define RELEASE_WINDOW (4u << 20)

typedef enum kind { NEXT_LINE, THIS_LINE, DISABLE, ENABLE } kind;

/* Lines are kept as offsets (a finding is on line L when its offset is in
** [line_start, next)), so that nothing is kept per line of the text. */
typedef struct directive {
  kind kind;
  uint32_t chunk;
  uint32_t line_start, next, next2; /* starts of its line and of the two after (NONE: no such line) */
  int lines_after;                 /* how many of next, next2 the pass has set */
  uint32_t start, end;             /* the comment's bytes */
  uint32_t settled;                /* see ms_suppressions_directive */
  int ncodes;                      /* 0: every code */
  char codes[MAX_DIRECTIVE_CODES][48];
  bool used[MAX_DIRECTIVE_CODES];  /* per code; used[0] also for "every code" */
} directive;

struct ms_suppressions {
  directive *dirs;
  size_t ndirs, cap;
  uint32_t *seps;                  /* line starts of `// -----` separators: chunk k + 1 starts at seps[k] */
  size_t nseps, capseps;
  size_t waiting;                  /* the first directive whose next2 is not set yet */
};

static const char PREFIX[] = "mlir-shape-";

bool ms_suppress_present(const char *text, size_t len) {
  return text && memmem(text, len, PREFIX, sizeof PREFIX - 1) != NULL;
}

static bool is_code_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
         c == '.';
}

/* The comment text [p, end) after `//`: a directive, or nothing. */
static void parse_comment(ms_suppressions *s, const char *text, const char *p, const char *end, uint32_t line_start,
                          uint32_t chunk, uint32_t cstart) {
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
  d->line_start = line_start;
  d->next = d->next2 = NONE;
  d->chunk = chunk;
  d->start = cstart;
  const char *e = end;
  while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
  d->end = (uint32_t)(e - text);
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

/* A line starts at `at`: it is the next or next-but-one of the directives
** of the two lines before. */
static void line_begins(ms_suppressions *s, uint32_t at) {
  for (size_t i = s->waiting; i < s->ndirs; i++) {
    directive *d = &s->dirs[i];
    if (d->lines_after++ == 0) d->next = at;
    else d->next2 = at;
  }
  while (s->waiting < s->ndirs && s->dirs[s->waiting].lines_after >= 2) s->waiting++;
}

static void scan_text(ms_suppressions *s, const char *text, size_t len, ms_suppress_release_fn release, void *ctx) {
  uint32_t chunk = 0;
  size_t released = 0;
  const char *end = text + len;
  for (const char *line = text; line <= end;) {
    const char *nl = memchr(line, '\n', (size_t)(end - line));
    const char *le = nl ? nl : end;
    uint32_t at = (uint32_t)(line - text);
    line_begins(s, at);
    if (is_separator(line, le)) {
      chunk++;
      *MS_ARRAY_PUSH(s->seps, s->nseps, s->capseps) = at;
    }
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
          parse_comment(s, text, p + 2, le, at, chunk, (uint32_t)(p - text));
          break;
        }
      }
    }
    if (!nl) break;
    line = nl + 1;
    if (release && (size_t)(line - text) - released > RELEASE_WINDOW) {
      released = (size_t)(line - text);
      release(ctx, released);
    }
  }
  if (release) release(ctx, len);
}

/* The chunk of the line holding offset off. */
static uint32_t chunk_of(const ms_suppressions *s, uint32_t off) {
  size_t lo = 0, hi = s->nseps;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->seps[mid] <= off) lo = mid + 1;
    else hi = mid;
  }
  return (uint32_t)lo;
}

/* The index of code among d's codes, 0 for a directive of every code, -1
** when d does not name it. */
static int code_index(const directive *d, const char *code) {
  if (!d->ncodes) return 0;
  for (int i = 0; i < d->ncodes; i++)
    if (code && !strcmp(d->codes[i], code)) return i;
  return -1;
}

/* Where a range directive stops mattering: for each of its codes, the
** line after the first later event of its chunk that names that code (or
** every code), since only the last event before a finding's line counts;
** at the latest the chunk's end. */
static uint32_t range_settled(const ms_suppressions *s, size_t i) {
  const directive *x = &s->dirs[i];
  uint32_t chunk_end = x->chunk < s->nseps ? s->seps[x->chunk] : NONE, settled = 0;
  for (int k = 0; k < (x->ncodes ? x->ncodes : 1); k++) {
    uint32_t at = chunk_end;
    for (size_t j = i + 1; j < s->ndirs && s->dirs[j].chunk == x->chunk; j++) {
      const directive *e = &s->dirs[j];
      if ((e->kind == DISABLE || e->kind == ENABLE) &&
          (!e->ncodes || (x->ncodes && code_index(e, x->codes[k]) >= 0))) {
        at = e->next < at ? e->next : at;
        break;
      }
    }
    settled = at > settled ? at : settled;
  }
  return settled;
}

static void settle(ms_suppressions *s) {
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    switch (x->kind) {
      case THIS_LINE: x->settled = x->next; break;
      case NEXT_LINE: x->settled = x->next2; break;
      case DISABLE: x->settled = range_settled(s, i); break;
      case ENABLE: x->settled = 0; break; /* never reported */
    }
  }
}

ms_suppressions *ms_suppressions_scan(const char *text, size_t len, ms_suppress_release_fn release, void *ctx) {
  /* The quick test first, in windows (a name may cross an edge). */
  bool present = false;
  for (size_t at = 0; at < len && !present; at += RELEASE_WINDOW) {
    size_t end = at + RELEASE_WINDOW + sizeof PREFIX < len ? at + RELEASE_WINDOW + sizeof PREFIX : len;
    present = ms_suppress_present(text + at, end - at);
    if (release) release(ctx, end);
  }
  if (!present) return NULL;
  ms_suppressions *s = ms_xcalloc(1, sizeof *s);
  scan_text(s, text, len, release, ctx);
  if (!s->ndirs) {
    ms_suppressions_free(s);
    return NULL;
  }
  settle(s);
  return s;
}

void ms_suppressions_free(ms_suppressions *self) {
  if (!self) return;
  free(self->dirs);
  free(self->seps);
  free(self);
}

static bool within(uint32_t off, uint32_t from, uint32_t to) { return from <= off && off < to; }

bool ms_suppressions_match(ms_suppressions *s, const ms_diagnostic *d) {
  if (d->code && !strcmp(d->code, MS_CODE_UNUSED_SUPPRESSION)) return false;
  /* A finding's line is its op's first line when known. */
  uint32_t at = d->start, op = d->op_end ? d->op_start : at;
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    int k = code_index(x, d->code);
    if (k < 0) continue;
    if ((x->kind == NEXT_LINE && (within(op, x->next, x->next2) || within(at, x->next, x->next2))) ||
        (x->kind == THIS_LINE && (within(op, x->line_start, x->next) || within(at, x->line_start, x->next)))) {
      x->used[k] = true;
      return true;
    }
  }
  /* Ranges: the last event on a line before the finding's, in its chunk. */
  directive *last = NULL;
  int last_k = 0;
  uint32_t chunk = chunk_of(s, op);
  for (size_t i = 0; i < s->ndirs; i++) {
    directive *x = &s->dirs[i];
    if (x->next > op) break;
    if ((x->kind != DISABLE && x->kind != ENABLE) || x->chunk != chunk) continue;
    int k = code_index(x, d->code);
    if (k >= 0) last = x, last_k = k;
  }
  if (last && last->kind == DISABLE) {
    last->used[last_k] = true;
    return true;
  }
  return false;
}

size_t ms_suppressions_count(const ms_suppressions *self) { return self->ndirs; }

void ms_suppressions_directive(const ms_suppressions *self, size_t i, uint32_t *start, uint32_t *end,
                               uint32_t *settled) {
  assert(i < self->ndirs);
  *start = self->dirs[i].start;
  *end = self->dirs[i].end;
  *settled = self->dirs[i].settled;
}

bool ms_suppressions_unused(const ms_suppressions *self, size_t i, ms_diag_list *out) {
  assert(i < self->ndirs);
  const directive *x = &self->dirs[i];
  if (x->kind == ENABLE) return false;
  if (!x->ncodes) {
    if (x->used[0]) return false;
    ms_diag_list_add(out, x->start, x->end, MS_SEVERITY_WARNING, MS_CODE_UNUSED_SUPPRESSION, NULL,
                     "unused suppression: no finding here to suppress");
    return true;
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
  if (!unused) return false;
  ms_diag_list_add(out, x->start, x->end, MS_SEVERITY_WARNING, MS_CODE_UNUSED_SUPPRESSION, NULL,
                   "unused suppression: no %s finding here to suppress", list);
  return true;
}

size_t ms_suppress_apply(const char *text, size_t len, ms_diag_list *diags, bool report_unused) {
  ms_suppressions *s = ms_suppressions_scan(text, len, NULL, NULL);
  if (!s) return 0;
  size_t kept = 0, dropped = 0;
  for (size_t i = 0; i < diags->count; i++) {
    if (ms_suppressions_match(s, &diags->items[i])) {
      ms_diag_free(&diags->items[i]);
      dropped++;
    } else {
      diags->items[kept++] = diags->items[i];
    }
  }
  diags->count = kept;
  for (size_t i = 0; report_unused && i < s->ndirs; i++) ms_suppressions_unused(s, i, diags);
  ms_diag_list_sort(diags);
  ms_suppressions_free(s);
  return dropped;
}
