/*
** verify.c: --verify-diagnostics (verify.h).
**
** The annotation syntax and the line designators follow mlir-opt's
** SourceMgrDiagnosticVerifierHandler: each line is searched for
**   expected-(error|note|remark|warning) *(@([+-]N|above|below))? *{{TEXT}}
** with TEXT running to the last "}}" of the line.
*/
#include "verify.h"
#include "alloc.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void ms_expectations_init(ms_expectations *self) { memset(self, 0, sizeof *self); }

void ms_expectations_clear(ms_expectations *self) {
  for (size_t i = 0; i < self->count; i++) free(self->items[i].text);
  free(self->items);
  memset(self, 0, sizeof *self);
}

const char *ms_expect_kind_name(ms_expect_kind kind) {
  static const char *const names[] = {"error", "warning", "note", "remark"};
  return names[kind];
}

/* ---- parsing ---- */

typedef enum { AT_HERE, AT_OFFSET, AT_ABOVE, AT_BELOW, AT_UNKNOWN } designator;

typedef struct annotation {
  ms_expect_kind kind;
  designator at;
  long offset;
  uint32_t start, end;         /* "expected-KIND" */
  const char *text;
  size_t textlen;
} annotation;

static const char *find(const char *p, const char *end, const char *needle) {
  size_t n = strlen(needle);
  for (; end - p >= (long)n; p++)
    if (!memcmp(p, needle, n)) return p;
  return NULL;
}

static const char *skip_spaces(const char *p, const char *end) {
  while (p < end && *p == ' ') p++;
  return p;
}

static bool read_kind(const char **pp, const char *end, ms_expect_kind *kind) {
  for (int k = MS_EXPECT_ERROR; k <= MS_EXPECT_REMARK; k++) {
    const char *name = ms_expect_kind_name((ms_expect_kind)k);
    size_t n = strlen(name);
    if (end - *pp >= (long)n && !memcmp(*pp, name, n)) {
      *pp += n;
      *kind = (ms_expect_kind)k;
      return true;
    }
  }
  return false;
}

static bool read_designator(const char **pp, const char *end, annotation *a) {
  const char *p = *pp;
  a->at = AT_HERE;
  if (p >= end || *p != '@') return true;
  p++;
  if (p < end && (*p == '+' || *p == '-')) {
    char sign = *p++;
    if (p >= end || *p < '0' || *p > '9') return false;
    long n = 0;
    while (p < end && *p >= '0' && *p <= '9') n = n * 10 + (*p++ - '0');
    a->at = AT_OFFSET;
    a->offset = sign == '-' ? -n : n;
  } else if (end - p >= 5 && !memcmp(p, "above", 5)) {
    a->at = AT_ABOVE, p += 5;
  } else if (end - p >= 5 && !memcmp(p, "below", 5)) {
    a->at = AT_BELOW, p += 5;
  } else if (end - p >= 7 && !memcmp(p, "unknown", 7)) {
    a->at = AT_UNKNOWN, p += 7;
  } else {
    return false;
  }
  *pp = p;
  return true;
}

/* Parses the annotation of one line; false when there is none. */
static bool parse_line(const char *line, const char *end, uint32_t line_off, annotation *a) {
  for (const char *p = line; (p = find(p, end, "expected-")); p++) {
    const char *q = p + 9;
    if (!read_kind(&q, end, &a->kind)) continue;
    a->start = line_off + (uint32_t)(p - line);
    a->end = line_off + (uint32_t)(q - line);
    q = skip_spaces(q, end);
    if (!read_designator(&q, end, a)) continue;
    q = skip_spaces(q, end);
    if (end - q < 2 || memcmp(q, "{{", 2)) continue;
    const char *close = NULL;
    for (const char *r = q + 2; (r = find(r, end, "}}")); r++) close = r;
    if (!close) continue;
    a->text = q + 2;
    a->textlen = (size_t)(close - (q + 2));
    return true;
  }
  return false;
}

static void push(ms_expectations *self, const annotation *a, uint32_t line) {
  ms_expectation *e = MS_ARRAY_PUSH(self->items, self->count, self->cap);
  e->kind = a->kind;
  e->line = line;
  e->start = a->start;
  e->end = a->end;
  e->text = ms_xrealloc(NULL, a->textlen + 1);
  memcpy(e->text, a->text, a->textlen);
  e->text[a->textlen] = 0;
  e->matched = false;
}

void ms_expectations_parse(ms_expectations *self, const ms_source *src, uint32_t start, uint32_t end) {
  annotation below[64];
  size_t nbelow = 0;
  long last_plain = -1;        /* the last line without an annotation */
  uint32_t first = ms_source_line_of(src, start);
  for (uint32_t l = first; l < src->nlines && ms_source_line_start(src, l) < end; l++) {
    size_t len;
    const char *text = ms_source_line_text(src, l, &len);
    annotation a;
    if (!parse_line(text, text + len, (uint32_t)(text - src->text), &a)) {
      for (size_t i = 0; i < nbelow; i++) push(self, &below[i], l);
      nbelow = 0;
      last_plain = l;
      continue;
    }
    switch (a.at) {
      case AT_HERE: push(self, &a, l); break;
      case AT_OFFSET:
        if ((long)l + a.offset >= 0) push(self, &a, (uint32_t)((long)l + a.offset));
        break;
      case AT_ABOVE:
        if (last_plain >= 0) push(self, &a, (uint32_t)last_plain);
        break;
      case AT_BELOW:
        if (nbelow < sizeof below / sizeof below[0]) below[nbelow++] = a;
        break;
      case AT_UNKNOWN: break; /* mlir-shape's findings always have a location */
    }
  }
}

/* ---- matching ---- */

static bool kind_accepts(ms_expect_kind kind, ms_severity severity, bool related) {
  if (related) return kind == MS_EXPECT_NOTE;
  switch (severity) {
    case MS_SEVERITY_ERROR: return kind == MS_EXPECT_ERROR;
    case MS_SEVERITY_WARNING: return kind == MS_EXPECT_WARNING;
    default: return kind == MS_EXPECT_NOTE || kind == MS_EXPECT_REMARK;
  }
}

/* Marks and returns the first unmatched expectation for a diagnostic. */
static ms_expectation *match(ms_expectations *self, uint32_t line, ms_severity severity, bool related,
                             const char *message) {
  for (size_t i = 0; i < self->count; i++) {
    ms_expectation *e = &self->items[i];
    if (!e->matched && e->line == line && kind_accepts(e->kind, severity, related) &&
        strstr(message, e->text)) {
      e->matched = true;
      return e;
    }
  }
  return NULL;
}

size_t ms_verify(ms_expectations *self, const ms_source *src, const ms_diag_list *diags,
                 ms_diag_list *mismatches) {
  size_t before = mismatches->count;
  ms_diag_list unexpected;
  ms_diag_list_init(&unexpected);
  for (size_t i = 0; i < diags->count; i++) {
    const ms_diagnostic *d = &diags->items[i];
    bool found = match(self, ms_source_line_of(src, d->start), d->severity, false, d->message);
    if (!found && d->severity <= MS_SEVERITY_WARNING)
      ms_diag_list_add(&unexpected, d->start, d->end, MS_SEVERITY_ERROR, NULL, NULL, "unexpected %s: %s",
                       ms_severity_name(d->severity), d->message);
    if (d->has_related && d->related_message)
      match(self, ms_source_line_of(src, d->related_start), MS_SEVERITY_INFORMATION, true, d->related_message);
  }
  ms_diag_list_sort(&unexpected);
  ms_diag_list_take(mismatches, &unexpected, 0);
  for (size_t i = 0; i < self->count; i++) {
    const ms_expectation *e = &self->items[i];
    if (!e->matched)
      ms_diag_list_add(mismatches, e->start, e->end, MS_SEVERITY_ERROR, NULL, NULL,
                       "expected %s \"%s\" was not produced", ms_expect_kind_name(e->kind), e->text);
  }
  return mismatches->count - before;
}
