/*
** lint.c: the filter step of `check` and finding fingerprints (lint.h).
*/
#include "lint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codes.h"
#include "alloc.h"
#include "suppress.h"

static void push(char ***items, size_t *n, const char *s, size_t len) {
  *items = ms_xrealloc(*items, (*n + 1) * sizeof **items);
  char *c = ms_xrealloc(NULL, len + 1);
  memcpy(c, s, len);
  c[len] = 0;
  (*items)[(*n)++] = c;
}

bool ms_code_filter_add(ms_code_filter *f, bool select, const char *list, char *err, size_t errlen) {
  for (const char *p = list; *p;) {
    size_t n = strcspn(p, ", ");
    if (n) {
      char code[128];
      snprintf(code, sizeof code, "%.*s", (int)n, p);
      if (!ms_code_find(code)) {
        char names[4096];
        ms_code_names(names, sizeof names);
        snprintf(err, errlen, "unknown code '%s' (valid codes: %s)", code, names);
        return false;
      }
      if (select) push(&f->select, &f->nselect, p, n);
      else push(&f->ignore, &f->nignore, p, n);
    }
    p += n;
    while (*p == ',' || *p == ' ') p++;
  }
  return true;
}

void ms_code_filter_clear(ms_code_filter *f) {
  for (size_t i = 0; i < f->nselect; i++) free(f->select[i]);
  for (size_t i = 0; i < f->nignore; i++) free(f->ignore[i]);
  free(f->select);
  free(f->ignore);
  memset(f, 0, sizeof *f);
}

static bool member(char **items, size_t n, const char *code) {
  for (size_t i = 0; i < n; i++)
    if (code && !strcmp(items[i], code)) return true;
  return false;
}

bool ms_code_filter_allows(const ms_code_filter *f, const char *code) {
  if (!f) return true;
  if (f->nselect && !member(f->select, f->nselect, code)) return false;
  return !member(f->ignore, f->nignore, code);
}

bool ms_lint_keep(const ms_catalog *catalog, const ms_code_filter *f, bool quiet, ms_diagnostic *d) {
  int level;
  if (ms_catalog_code_level(catalog, d->code, &level)) {
    if (level == 0) return false;
    d->severity = (ms_severity)level;
  }
  return ms_code_filter_allows(f, d->code) && (!quiet || d->severity == MS_SEVERITY_ERROR);
}

void ms_lint_filter(const char *text, size_t len, const ms_catalog *catalog, const ms_code_filter *f, bool quiet,
                    ms_diag_list *diags) {
  ms_suppress_apply(text, len, diags, true);
  size_t kept = 0;
  for (size_t i = 0; i < diags->count; i++) {
    ms_diagnostic *d = &diags->items[i];
    if (ms_lint_keep(catalog, f, quiet, d)) diags->items[kept++] = *d;
    else ms_diag_free(d);
  }
  diags->count = kept;
}

/* FNV-1a, 64 bits. */
static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ULL;
  return h;
}

static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-' || c == '#';
}

/* Hashes [s, e) with runs of blanks as one space and SSA names (`%x`,
** `%0#1`) and block labels (`^bb0`) as bare sigils: numbering that shifts
** when ops are added elsewhere does not change the fingerprint. */
static uint64_t hash_normalized(uint64_t h, const char *s, const char *e) {
  bool blank = false;
  for (const char *p = s; p < e; p++) {
    char c = *p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = true;
      continue;
    }
    if (blank) h = fnv(h, " ", 1), blank = false;
    h = fnv(h, &c, 1);
    if (c == '%' || c == '^')
      while (p + 1 < e && name_char(p[1])) p++;
  }
  return h;
}

void ms_lint_fingerprint(const char *text, size_t len, const ms_diagnostic *d, char out[17]) {
  uint64_t h = 0xcbf29ce484222325ULL;
  const char *code = d->code ? d->code : "";
  h = fnv(h, code, strlen(code) + 1);
  uint32_t s, e;
  if (d->op_end && d->op_end <= len) {
    s = d->op_start, e = d->op_end;
  } else {
    /* No op: the line of the finding. */
    s = d->start < len ? d->start : (uint32_t)len;
    while (s > 0 && text[s - 1] != '\n') s--;
    e = d->start < len ? d->start : (uint32_t)len;
    while (e < len && text[e] != '\n') e++;
  }
  h = hash_normalized(h, text + s, text + e);
  /* Where inside the op: normalized text from the op's start to the finding. */
  if (d->start >= s && d->start <= e) {
    h = fnv(h, "@", 1);
    h = hash_normalized(h, text + s, text + d->start);
  }
  snprintf(out, 17, "%016llx", (unsigned long long)h);
}

char *ms_lint_path(const char *name) {
  char cwd[4096];
  if (name[0] == '/' && getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (!strncmp(name, cwd, n) && name[n] == '/') name += n + 1;
  }
  while (!strncmp(name, "./", 2)) name += 2;
  return ms_xstrdup(name);
}
