/*
** fix.c: applying fixes, and unified diffs (fix.h).
*/
#include "fix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "nesting.h"
#include "alloc.h"

typedef struct edit {
  uint32_t start, end;
  const char *text;
} edit;

static int by_start(const void *a, const void *b) {
  const edit *x = a, *y = b;
  return x->start < y->start ? -1 : x->start > y->start ? 1 : x->end < y->end ? -1 : x->end > y->end;
}

/* One pass: NULL when diags hold no applicable fix. */
static char *apply_once(const char *text, size_t len, const ms_diag_list *diags, size_t *newlen, size_t *napplied) {
  edit *edits = ms_xrealloc(NULL, (diags->count + 1) * sizeof *edits);
  size_t n = 0;
  for (size_t i = 0; i < diags->count; i++) {
    const ms_diagnostic *d = &diags->items[i];
    if (!d->has_fix || d->fix_end > len || d->fix_start > d->fix_end) continue;
    /* A fix that changes nothing is no fix (and would loop). */
    if (d->fix_end - d->fix_start == strlen(d->fix_text) &&
        !memcmp(text + d->fix_start, d->fix_text, d->fix_end - d->fix_start))
      continue;
    edits[n++] = (edit){d->fix_start, d->fix_end, d->fix_text};
  }
  qsort(edits, n, sizeof *edits, by_start);
  size_t cap = len + 1, used = 0, applied = 0;
  for (size_t i = 0; i < n; i++) cap += strlen(edits[i].text);
  char *out = n ? ms_xrealloc(NULL, cap) : NULL;
  uint32_t at = 0;
  for (size_t i = 0; i < n; i++) {
    if (edits[i].start < at) continue; /* overlaps a fix already taken */
    memcpy(out + used, text + at, edits[i].start - at);
    used += edits[i].start - at;
    size_t k = strlen(edits[i].text);
    memcpy(out + used, edits[i].text, k);
    used += k;
    at = edits[i].end;
    applied++;
  }
  free(edits);
  if (!applied) {
    free(out);
    return NULL;
  }
  memcpy(out + used, text + at, len - at);
  used += len - at;
  out[used] = 0;
  *newlen = used;
  *napplied += applied;
  return out;
}

char *ms_fix_text(const char *text, size_t len, const ms_diag_list *diags, ms_fix_analyze_fn fn, void *ctx,
                  size_t *newlen, size_t *napplied) {
  *napplied = 0;
  char *cur = apply_once(text, len, diags, newlen, napplied);
  for (int pass = 1; cur && fn && pass < MS_FIX_MAX_PASSES; pass++) {
    ms_diag_list again;
    ms_diag_list_init(&again);
    fn(ctx, cur, *newlen, &again);
    size_t n2;
    char *next = apply_once(cur, *newlen, &again, &n2, napplied);
    ms_diag_list_clear(&again);
    if (!next) break;
    free(cur);
    cur = next;
    *newlen = n2;
  }
  return cur;
}

void ms_fix_analyze_text(const ms_catalog *catalog, bool strict, const char *text, size_t len, ms_diag_list *out) {
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_mlir());
  ms_diag_list deep;
  ms_diag_list_init(&deep);
  TSTree *tree = ms_nesting_parse(parser, NULL, text, (uint32_t)len, NULL, 0, &deep);
  TSNode root = ts_tree_root_node(tree);
  ms_alias_table *aliases = ms_alias_table_scan(text, len);
  ms_analyzer_options opts = {.strict = strict, .aliases = aliases};
  ms_diag_list_take(out, &deep, 0);
  ms_analyze_syntax(root, text, 0, UINT32_MAX, out);
  ms_analysis a;
  ms_analysis_init(&a);
  ms_analyze(catalog, &opts, root, text, 0, UINT32_MAX, &a);
  ms_diag_list_take(out, &a.diags, 0);
  ms_analysis_clear(&a);
  ms_diag_list_sort(out);
  ms_alias_table_delete(aliases);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
}

/* ---- unified diff ---- */

typedef struct lines {
  const char **p;
  size_t *n; /* length with the newline */
  size_t count;
} lines;

static void split(const char *s, size_t len, lines *l) {
  size_t cap = 16;
  l->p = ms_xrealloc(NULL, cap * sizeof *l->p);
  l->n = ms_xrealloc(NULL, cap * sizeof *l->n);
  l->count = 0;
  for (size_t i = 0; i < len;) {
    const char *nl = memchr(s + i, '\n', len - i);
    size_t e = nl ? (size_t)(nl - s) + 1 : len;
    if (l->count == cap) {
      cap *= 2;
      l->p = ms_xrealloc(l->p, cap * sizeof *l->p);
      l->n = ms_xrealloc(l->n, cap * sizeof *l->n);
    }
    l->p[l->count] = s + i;
    l->n[l->count++] = e - i;
    i = e;
  }
}

static bool same(const lines *a, size_t i, const lines *b, size_t j) {
  return a->n[i] == b->n[j] && !memcmp(a->p[i], b->p[j], a->n[i]);
}

/* Edit script as an array of ops: ' ' keep, '-' delete (a), '+' insert (b). */
typedef struct op {
  char kind;
  size_t i, j; /* line in a, in b */
} op;

static void emit(FILE *out, char kind, const char *p, size_t n) {
  fputc(kind, out);
  fwrite(p, 1, n, out);
  if (!n || p[n - 1] != '\n') fputs("\n\\ No newline at end of file\n", out);
}

void ms_fix_diff(FILE *out, const char *name, const char *a, size_t alen, const char *b, size_t blen) {
  lines A, B;
  split(a, alen, &A);
  split(b, blen, &B);
  size_t pre = 0, suf = 0;
  while (pre < A.count && pre < B.count && same(&A, pre, &B, pre)) pre++;
  while (suf < A.count - pre && suf < B.count - pre && same(&A, A.count - 1 - suf, &B, B.count - 1 - suf)) suf++;
  size_t m = A.count - pre - suf, n = B.count - pre - suf;
  op *ops = ms_xrealloc(NULL, (A.count + B.count + 1) * sizeof *ops);
  size_t nops = 0;
  for (size_t k = 0; k < pre; k++) ops[nops++] = (op){' ', k, k};
  if (m && n && m * n <= 4000000) {
    /* LCS table of the middle. */
    uint32_t *t = ms_xcalloc((m + 1) * (n + 1), sizeof *t);
    if (!t) abort();
    for (size_t i = m; i-- > 0;)
      for (size_t j = n; j-- > 0;)
        t[i * (n + 1) + j] = same(&A, pre + i, &B, pre + j) ? t[(i + 1) * (n + 1) + j + 1] + 1
                             : t[(i + 1) * (n + 1) + j] > t[i * (n + 1) + j + 1] ? t[(i + 1) * (n + 1) + j]
                                                                                 : t[i * (n + 1) + j + 1];
    size_t i = 0, j = 0;
    while (i < m || j < n) {
      if (i < m && j < n && same(&A, pre + i, &B, pre + j)) ops[nops++] = (op){' ', pre + i++, pre + j++};
      else if (i < m && (j == n || t[(i + 1) * (n + 1) + j] >= t[i * (n + 1) + j + 1])) ops[nops++] = (op){'-', pre + i++, pre + j};
      else ops[nops++] = (op){'+', pre + i, pre + j++};
    }
    free(t);
  } else {
    for (size_t i = 0; i < m; i++) ops[nops++] = (op){'-', pre + i, pre};
    for (size_t j = 0; j < n; j++) ops[nops++] = (op){'+', pre + m, pre + j};
  }
  for (size_t k = 0; k < suf; k++) ops[nops++] = (op){' ', A.count - suf + k, B.count - suf + k};
  bool header = false;
  size_t done = 0;
  for (size_t k = 0; k < nops;) {
    if (ops[k].kind == ' ') {
      k++;
      continue;
    }
    /* A hunk: from 3 lines before this change to 3 after the last change
    ** that is at most 6 unchanged lines from the next. */
    size_t from = k >= done + 3 ? k - 3 : done, last = k;
    for (size_t q = k; q < nops; q++) {
      if (ops[q].kind != ' ') last = q;
      else if (q - last > 6) break;
    }
    size_t to = last + 4 < nops ? last + 4 : nops;
    while (from < k && ops[from].kind != ' ') from++;
    size_t alines = 0, blines = 0;
    for (size_t q = from; q < to; q++) {
      alines += ops[q].kind != '+';
      blines += ops[q].kind != '-';
    }
    if (!header) {
      fprintf(out, "--- a/%s\n+++ b/%s\n", name, name);
      header = true;
    }
    size_t astart = ops[from].i + (alines ? 1 : 0), bstart = ops[from].j + (blines ? 1 : 0);
    fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", astart, alines, bstart, blines);
    for (size_t q = from; q < to; q++) {
      if (ops[q].kind == '+') emit(out, '+', B.p[ops[q].j], B.n[ops[q].j]);
      else emit(out, ops[q].kind, A.p[ops[q].i], A.n[ops[q].i]);
    }
    k = done = to;
  }
  free(ops);
  free(A.p);
  free(A.n);
  free(B.p);
  free(B.n);
}
