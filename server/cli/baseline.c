/*
** baseline.c: baselines of findings (baseline.h).
**
** `check` looks findings up one at a time as they stream by: the loaded
** entries are indexed by (fingerprint, code, file) once, and an entry's
** `matched` flag is all that a run adds to them. A baseline being written
** goes to a spool entry by entry (json_stream.h), not to memory.
*/
#include "baseline.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json_stream.h"
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
  size_t *order;               /* indexes of items by key, then index; built on first use */
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
  free(b->order);
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

static int key_cmp(const entry *x, const char *fp, const char *code, const char *file) {
  int c = strcmp(x->fingerprint, fp);
  if (!c) c = strcmp(x->code, code);
  return c ? c : strcmp(x->file, file);
}

static int by_key(const void *a, const void *b, void *ctx) {
  const ms_baseline *base = ctx;
  size_t i = *(const size_t *)a, j = *(const size_t *)b;
  const entry *y = &base->items[j];
  int c = key_cmp(&base->items[i], y->fingerprint, y->code, y->file);
  return c ? c : i < j ? -1 : i > j;
}

bool ms_baseline_match(ms_baseline *b, const char *file, const ms_source *src, const ms_diagnostic *d) {
  if (!b->order) {
    b->order = ms_xmalloc((b->n + 1) * sizeof *b->order);
    for (size_t i = 0; i < b->n; i++) b->order[i] = i;
    qsort_r(b->order, b->n, sizeof *b->order, by_key, b);
  }
  char fp[17];
  ms_lint_fingerprint(src->text, src->len, d, fp);
  const char *code = d->code ? d->code : "";
  size_t lo = 0, hi = b->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (key_cmp(&b->items[b->order[mid]], fp, code, file) < 0) lo = mid + 1;
    else hi = mid;
  }
  /* Equal keys are in file order: the first not matched yet. */
  for (size_t k = lo; k < b->n && !key_cmp(&b->items[b->order[k]], fp, code, file); k++) {
    entry *x = &b->items[b->order[k]];
    if (!x->matched) return x->matched = true;
  }
  return false;
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
  FILE *spool;                 /* the entries so far */
  char *mem;                   /* the spool when it is memory (no temporary file) */
  size_t memlen;
  ms_json_stream doc;
  size_t n;
};

ms_baseline_writer *ms_baseline_writer_new(void) {
  ms_baseline_writer *w = ms_xcalloc(1, sizeof *w);
  w->spool = tmpfile();
  if (!w->spool) w->spool = open_memstream(&w->mem, &w->memlen);
  if (!w->spool) abort();
  cJSON *root = cJSON_CreateObject();
  cJSON_AddNumberToObject(root, "version", 1);
  cJSON_AddStringToObject(root, "tool", "mlir-shape");
  cJSON_AddItemToArray(cJSON_AddArrayToObject(root, "findings"), ms_json_stream_placeholder());
  /* Messages are written as they are (no UTF-8 repair), as always. */
  ms_json_stream_init(&w->doc, root, true, false, w->spool);
  return w;
}

void ms_baseline_writer_add_one(ms_baseline_writer *w, const char *file, const ms_source *src, const ms_diagnostic *d) {
  char fp[17];
  ms_lint_fingerprint(src->text, src->len, d, fp);
  cJSON *e = cJSON_CreateObject();
  cJSON_AddStringToObject(e, "file", file);
  cJSON_AddStringToObject(e, "code", d->code ? d->code : "");
  cJSON_AddStringToObject(e, "fingerprint", fp);
  cJSON_AddNumberToObject(e, "line", (int)ms_source_line_of(src, d->start) + 1);
  cJSON_AddStringToObject(e, "message", d->message);
  ms_json_stream_item(&w->doc, e);
  w->n++;
}

static bool copy_spool(ms_baseline_writer *w, FILE *f) {
  if (fflush(w->spool) != 0) return false;
  if (w->mem) return fwrite(w->mem, 1, w->memlen, f) == w->memlen;
  rewind(w->spool);
  char buf[1 << 16];
  for (size_t k; (k = fread(buf, 1, sizeof buf, w->spool)) > 0;)
    if (fwrite(buf, 1, k, f) != k) return false;
  return !ferror(w->spool);
}

bool ms_baseline_writer_save(ms_baseline_writer *w, const char *path, size_t *count, char *err, size_t errlen) {
  *count = w->n;
  FILE *f = fopen(path, "w");
  bool ok = f && fwrite(w->doc.head, 1, w->doc.head_len, f) == w->doc.head_len && copy_spool(w, f) &&
            fwrite(w->doc.tail, 1, w->doc.tail_len, f) == w->doc.tail_len;
  if (f && fclose(f) != 0) ok = false;
  if (!ok) snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
  ms_json_stream_clear(&w->doc);
  fclose(w->spool);
  free(w->mem);
  free(w);
  return ok;
}
