/*
** baseline.c: baselines of findings (baseline.h).
*/
#include "baseline.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lint.h"
#include "alloc.h"

typedef struct entry {
  char *file, *code, *message;
  char fingerprint[17];
  int line;
  bool matched;
} entry;

struct ms_baseline {
  entry *items;
  size_t n;
};

static void entries_free(entry *items, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(items[i].file);
    free(items[i].code);
    free(items[i].message);
  }
  free(items);
}

void ms_baseline_free(ms_baseline *b) {
  if (!b) return;
  entries_free(b->items, b->n);
  free(b);
}

ms_baseline *ms_baseline_load(const char *path, char *err, size_t errlen) {
  ms_source src;
  char why[512];
  if (!ms_source_open(&src, path, why, sizeof why)) {
    snprintf(err, errlen, "%s", why);
    return NULL;
  }
  cJSON *root = cJSON_ParseWithLength(src.text, src.len);
  ms_source_close(&src);
  const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, "findings");
  if (!cJSON_IsArray(list)) {
    snprintf(err, errlen, "%s: not a mlir-shape baseline (no \"findings\" array)", path);
    cJSON_Delete(root);
    return NULL;
  }
  ms_baseline *b = ms_xcalloc(1, sizeof *b);
  if (!b) abort();
  b->items = ms_xcalloc((size_t)cJSON_GetArraySize(list) + 1, sizeof *b->items);
  const cJSON *e;
  cJSON_ArrayForEach(e, list) {
    const cJSON *file = cJSON_GetObjectItemCaseSensitive(e, "file"), *code = cJSON_GetObjectItemCaseSensitive(e, "code"),
                *fp = cJSON_GetObjectItemCaseSensitive(e, "fingerprint"),
                *line = cJSON_GetObjectItemCaseSensitive(e, "line"), *msg = cJSON_GetObjectItemCaseSensitive(e, "message");
    if (!cJSON_IsString(file) || !cJSON_IsString(code) || !cJSON_IsString(fp)) {
      snprintf(err, errlen, "%s: finding %zu needs string fields \"file\", \"code\" and \"fingerprint\"", path, b->n + 1);
      ms_baseline_free(b);
      cJSON_Delete(root);
      return NULL;
    }
    entry *x = &b->items[b->n++];
    x->file = ms_xstrdup(file->valuestring);
    x->code = ms_xstrdup(code->valuestring);
    x->message = ms_xstrdup(cJSON_IsString(msg) ? msg->valuestring : "");
    snprintf(x->fingerprint, sizeof x->fingerprint, "%s", fp->valuestring);
    x->line = cJSON_IsNumber(line) ? line->valueint : 0;
  }
  cJSON_Delete(root);
  return b;
}

size_t ms_baseline_filter(ms_baseline *b, const ms_source *src, ms_diag_list *diags) {
  char *file = ms_lint_path(src->name);
  size_t kept = 0, removed = 0;
  for (size_t i = 0; i < diags->count; i++) {
    ms_diagnostic *d = &diags->items[i];
    char fp[17];
    ms_lint_fingerprint(src->text, src->len, d, fp);
    bool found = false;
    for (size_t k = 0; k < b->n && !found; k++) {
      entry *x = &b->items[k];
      if (!x->matched && !strcmp(x->fingerprint, fp) && !strcmp(x->code, d->code ? d->code : "") &&
          !strcmp(x->file, file))
        found = x->matched = true;
    }
    if (found) {
      ms_diag_free(d);
      removed++;
    } else {
      diags->items[kept++] = *d;
    }
  }
  diags->count = kept;
  free(file);
  return removed;
}

size_t ms_baseline_print_fixed(const ms_baseline *b, FILE *out) {
  size_t n = 0;
  for (size_t i = 0; i < b->n; i++) {
    const entry *x = &b->items[i];
    if (x->matched) continue;
    fprintf(out, "fixed since the baseline: %s:%d: %s: %s\n", x->file, x->line, x->code, x->message);
    n++;
  }
  return n;
}

struct ms_baseline_writer {
  entry *items;
  size_t n, cap;
};

ms_baseline_writer *ms_baseline_writer_new(void) {
  ms_baseline_writer *w = ms_xcalloc(1, sizeof *w);
  if (!w) abort();
  return w;
}

void ms_baseline_writer_add(ms_baseline_writer *w, const ms_source *src, const ms_diag_list *diags) {
  char *file = ms_lint_path(src->name);
  for (size_t i = 0; i < diags->count; i++) {
    const ms_diagnostic *d = &diags->items[i];
    entry *x = MS_ARRAY_PUSH(w->items, w->n, w->cap);
    memset(x, 0, sizeof *x);
    x->file = ms_xstrdup(file);
    x->code = ms_xstrdup(d->code ? d->code : "");
    x->message = ms_xstrdup(d->message);
    x->line = (int)ms_source_line_of(src, d->start) + 1;
    ms_lint_fingerprint(src->text, src->len, d, x->fingerprint);
  }
  free(file);
}

bool ms_baseline_writer_save(ms_baseline_writer *w, const char *path, size_t *count, char *err, size_t errlen) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "version", 1);
  cJSON_AddStringToObject(root, "tool", "mlir-shape");
  cJSON *list = cJSON_AddArrayToObject(root, "findings");
  for (size_t i = 0; i < w->n; i++) {
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "file", w->items[i].file);
    cJSON_AddStringToObject(e, "code", w->items[i].code);
    cJSON_AddStringToObject(e, "fingerprint", w->items[i].fingerprint);
    cJSON_AddNumberToObject(e, "line", w->items[i].line);
    cJSON_AddStringToObject(e, "message", w->items[i].message);
    cJSON_AddItemToArray(list, e);
  }
  *count = w->n;
  char *text = cJSON_Print(root);
  cJSON_Delete(root);
  entries_free(w->items, w->n);
  free(w);
  FILE *f = fopen(path, "w");
  bool ok = f && text && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
  if (f && fclose(f) != 0) ok = false;
  if (!ok) snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
  free(text);
  return ok;
}
