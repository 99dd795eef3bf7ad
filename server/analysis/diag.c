/*
** diag.c: the diagnostics list (diag.h).
*/
#include "diag.h"
#include "alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *vformat(const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *s = ms_xrealloc(NULL, (size_t)n + 1);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

void ms_diag_list_init(ms_diag_list *self) { memset(self, 0, sizeof *self); }

void ms_diag_list_clear(ms_diag_list *self) {
  for (size_t i = 0; i < self->count; i++) ms_diag_free(&self->items[i]);
  free(self->items);
  memset(self, 0, sizeof *self);
}

static ms_diagnostic *push(ms_diag_list *self) {
  ms_diagnostic *d = MS_ARRAY_PUSH(self->items, self->count, self->cap);
  memset(d, 0, sizeof *d);
  d->operand = d->dim = -1;
  d->value = UINT32_MAX;
  return d;
}

ms_diagnostic *ms_diag_list_add(ms_diag_list *self, uint32_t start, uint32_t end, ms_severity severity,
                                const char *code, const char *rule, const char *fmt, ...) {
  ms_diagnostic *d = push(self);
  d->start = start;
  d->end = end < start ? start : end;
  d->severity = severity;
  d->code = code;
  d->rule = rule;
  va_list ap;
  va_start(ap, fmt);
  d->message = vformat(fmt, ap);
  va_end(ap);
  return d;
}

ms_diagnostic *ms_diag_list_add_copy(ms_diag_list *self, const ms_diagnostic *d) {
  ms_diagnostic *c = push(self);
  *c = *d;
  c->message = ms_xstrdup(d->message ? d->message : "");
  c->related_message = d->related_message ? ms_xstrdup(d->related_message) : NULL;
  c->fix_text = d->fix_text ? ms_xstrdup(d->fix_text) : NULL;
  return c;
}

void ms_diag_set_related(ms_diagnostic *d, uint32_t start, uint32_t end, const char *fmt, ...) {
  free(d->related_message);
  d->has_related = true;
  d->related_start = start;
  d->related_end = end;
  va_list ap;
  va_start(ap, fmt);
  d->related_message = vformat(fmt, ap);
  va_end(ap);
}

void ms_diag_free(ms_diagnostic *d) {
  free(d->message);
  free(d->related_message);
  free(d->fix_text);
  d->message = d->related_message = d->fix_text = NULL;
}

void ms_diag_set_fix(ms_diagnostic *d, uint32_t start, uint32_t end, const char *text) {
  free(d->fix_text);
  d->has_fix = true;
  d->fix_start = start;
  d->fix_end = end < start ? start : end;
  d->fix_text = ms_xstrdup(text);
}

void ms_diag_shift(ms_diagnostic *d, int64_t delta) {
  d->start = (uint32_t)(d->start + delta);
  d->end = (uint32_t)(d->end + delta);
  if (d->has_related) {
    d->related_start = (uint32_t)(d->related_start + delta);
    d->related_end = (uint32_t)(d->related_end + delta);
  }
  if (d->op_end) {
    d->op_start = (uint32_t)(d->op_start + delta);
    d->op_end = (uint32_t)(d->op_end + delta);
  }
  if (d->has_fix) {
    d->fix_start = (uint32_t)(d->fix_start + delta);
    d->fix_end = (uint32_t)(d->fix_end + delta);
  }
  if (d->has_msg_at) d->msg_at = (uint32_t)(d->msg_at + delta);
}

char *ms_diag_message_at(const ms_diagnostic *d, unsigned line, unsigned col) {
  const char *m = d->message ? d->message : "";
  size_t n = strlen(m);
  if (!d->has_msg_at || d->msg_at_start > d->msg_at_end || d->msg_at_end > n) return ms_xstrdup(m);
  char at[32];
  int k = snprintf(at, sizeof at, "%u:%u", line, col);
  size_t len = d->msg_at_start + (size_t)k + (n - d->msg_at_end);
  char *out = ms_xmalloc(len + 1);
  memcpy(out, m, d->msg_at_start);
  memcpy(out + d->msg_at_start, at, (size_t)k);
  memcpy(out + d->msg_at_start + k, m + d->msg_at_end, n - d->msg_at_end + 1);
  return out;
}

void ms_diag_list_take(ms_diag_list *self, ms_diag_list *src, int64_t shift) {
  for (size_t i = 0; i < src->count; i++) {
    ms_diagnostic *d = push(self);
    *d = src->items[i];
    ms_diag_shift(d, shift);
  }
  free(src->items);
  memset(src, 0, sizeof *src);
}

void ms_diag_list_sort(ms_diag_list *self) {
  /* A bottom-up merge sort: stable (qsort is not), so diagnostics on one
  ** range keep the order in which the analyzer found them. */
  size_t n = self->count;
  if (n < 2) return;
  ms_diagnostic *tmp = ms_xrealloc(NULL, n * sizeof *tmp);
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        const ms_diagnostic *a = &self->items[i], *b = &self->items[j];
        bool take_b = b->start < a->start || (b->start == a->start && b->end < a->end);
        tmp[k++] = take_b ? self->items[j++] : self->items[i++];
      }
      while (i < mid) tmp[k++] = self->items[i++];
      while (j < hi) tmp[k++] = self->items[j++];
    }
    memcpy(self->items, tmp, n * sizeof *tmp);
  }
  free(tmp);
}

const char *ms_severity_name(ms_severity severity) {
  switch (severity) {
    case MS_SEVERITY_ERROR: return "error";
    case MS_SEVERITY_WARNING: return "warning";
    case MS_SEVERITY_INFORMATION: return "information";
    case MS_SEVERITY_HINT: return "hint";
  }
  return "error";
}

bool ms_severity_from_name(const char *name, ms_severity *out) {
  static const struct { const char *name; ms_severity sev; } names[] = {
    {"error", MS_SEVERITY_ERROR}, {"warning", MS_SEVERITY_WARNING},
    {"information", MS_SEVERITY_INFORMATION}, {"info", MS_SEVERITY_INFORMATION},
    {"note", MS_SEVERITY_INFORMATION}, {"hint", MS_SEVERITY_HINT},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i].name)) {
      *out = names[i].sev;
      return true;
    }
  return false;
}
