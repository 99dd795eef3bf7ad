/*
** test_finding_stream.c: unit tests of finding_stream.h (a file's findings
** put in order piece by piece, through its suppression comments) and of
** json_stream.h (a JSON document written item by item).
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding_stream.h"
#include "json_stream.h"
#include "suppress.h"

/* The sink: what was handed on, in order, as "start:code" words. */
typedef struct seen {
  char text[2048];
  size_t count;
} seen;

static void collect(void *ctx, ms_diagnostic *d) {
  seen *s = ctx;
  size_t n = strlen(s->text);
  snprintf(s->text + n, sizeof s->text - n, "%s%u:%s", n ? " " : "", d->start, d->code ? d->code : "-");
  s->count++;
  ms_diag_free(d);
}

static void words(const ms_diag_list *l, char *out, size_t len) {
  out[0] = 0;
  for (size_t i = 0; i < l->count; i++) {
    size_t n = strlen(out);
    snprintf(out + n, len - n, "%s%u:%s", n ? " " : "", l->items[i].start, l->items[i].code ? l->items[i].code : "-");
  }
}

static void add_at(ms_diag_list *l, uint32_t start, uint32_t end, const char *code) {
  ms_diagnostic *d = ms_diag_list_add(l, start, end, MS_SEVERITY_ERROR, code, NULL, "m");
  d->op_start = start;
  d->op_end = end;
}

Test(finding_stream, order_of_a_whole_sort_across_pieces) {
  /* A skeleton first (head [0, 10), tail [90, 100)), then pieces [10, 50)
  ** and [50, 90): the tail's findings wait for the end; equal ranges keep
  ** their arrival order. */
  ms_diag_list all, p0, p1, p2;
  ms_diag_list_init(&all);
  ms_diag_list_init(&p0);
  ms_diag_list_init(&p1);
  ms_diag_list_init(&p2);
  add_at(&p0, 95, 96, "tail");
  add_at(&p0, 2, 3, "head");
  add_at(&p1, 30, 40, "b");
  add_at(&p1, 20, 25, "a");
  add_at(&p1, 30, 35, "c");
  add_at(&p2, 50, 51, "d");
  add_at(&p2, 50, 51, "e");
  for (ms_diag_list *p = &p0; p; p = p == &p0 ? &p1 : p == &p1 ? &p2 : NULL)
    for (size_t i = 0; i < p->count; i++) ms_diag_list_add_copy(&all, &p->items[i]);
  ms_diag_list_sort(&all);
  char want[512];
  words(&all, want, sizeof want);

  seen s = {{0}, 0};
  ms_finding_stream st;
  ms_finding_stream_init(&st, NULL, collect, &s);
  ms_finding_stream_add(&st, &p0, 10);
  cr_expect_str_eq(s.text, "2:head", "only what starts before the next piece");
  ms_finding_stream_add(&st, &p1, 50);
  cr_expect_eq(s.count, 4);
  ms_finding_stream_add(&st, &p2, UINT32_MAX);
  ms_finding_stream_finish(&st);
  cr_expect_str_eq(s.text, want);
  cr_expect_str_eq(s.text, "2:head 20:a 30:c 30:b 50:d 50:e 95:tail");
  cr_expect_eq(p1.count, 0, "the piece's list is taken");
  ms_diag_list_clear(&all);
}

/* Findings of ops on given lines of text, as the analyzer places them. */
static void add_line_op(ms_diag_list *l, const char *text, const char *at, const char *code) {
  uint32_t off = (uint32_t)(strstr(text, at) - text);
  add_at(l, off, off + (uint32_t)strlen(at), code);
}

static const char directives[] =
  "// mlir-shape-disable b-code\n"             /* settled only by the enable */
  "OP1\n"
  "OP2 // mlir-shape-disable-line\n"
  "// mlir-shape-disable-next-line a-code\n"   /* unused */
  "OP3\n"
  "OP4\n"
  "// mlir-shape-enable b-code\n"
  "OP5\n"
  "// mlir-shape-disable-next-line c-code, d-code\n"
  "OP6\n";

static void directive_findings(ms_diag_list *pieces) {
  /* Four pieces, cut at OP3, OP4 and OP5. */
  for (int i = 0; i < 4; i++) ms_diag_list_init(&pieces[i]);
  add_line_op(&pieces[0], directives, "OP1", "a-code");
  add_line_op(&pieces[0], directives, "OP2", "a-code");
  add_line_op(&pieces[1], directives, "OP3", "c-code");
  add_line_op(&pieces[2], directives, "OP4", "b-code");
  add_line_op(&pieces[3], directives, "OP5", "b-code");
  add_line_op(&pieces[3], directives, "OP6", "c-code");
}

Test(finding_stream, suppressions_as_a_whole_file_filter) {
  const char *text = directives;
  ms_diag_list pieces[4], all;
  directive_findings(pieces);
  ms_diag_list_init(&all);
  for (int i = 0; i < 4; i++)
    for (size_t k = 0; k < pieces[i].count; k++) ms_diag_list_add_copy(&all, &pieces[i].items[k]);
  ms_suppress_apply(text, strlen(text), &all, true);
  char want[1024];
  words(&all, want, sizeof want);

  seen s = {{0}, 0};
  ms_finding_stream st;
  ms_finding_stream_init(&st, ms_suppressions_scan(text, strlen(text), NULL, NULL), collect, &s);
  uint32_t cut[3] = {(uint32_t)(strstr(text, "OP3") - text), (uint32_t)(strstr(text, "OP4") - text),
                     (uint32_t)(strstr(text, "OP5") - text)};
  ms_finding_stream_add(&st, &pieces[0], cut[0]);
  ms_finding_stream_add(&st, &pieces[1], cut[1]);
  /* The disable at the top is not settled (b-code findings may follow),
  ** so its place, and everything after it, waits. */
  cr_expect_eq(s.count, 0, "%s", s.text);
  ms_finding_stream_add(&st, &pieces[2], cut[2]);
  ms_finding_stream_add(&st, &pieces[3], UINT32_MAX);
  ms_finding_stream_finish(&st);
  cr_expect_str_eq(s.text, want);
  cr_expect(strstr(want, "unused-suppression"), "%s", want);
  char op5[32];
  snprintf(op5, sizeof op5, "%u:b-code", (unsigned)(strstr(text, "OP5") - text));
  const char *b = strstr(want, "b-code");
  cr_expect(strstr(want, op5) && b && !strstr(b + 1, "b-code"),
            "OP4's b-code suppressed, OP5's (after the enable) not: %s", want);
  ms_diag_list_clear(&all);
}

Test(suppress, settled_offsets) {
  const char *text = directives;
  ms_suppressions *s = ms_suppressions_scan(text, strlen(text), NULL, NULL);
  cr_assert_not_null(s);
  cr_assert_eq(ms_suppressions_count(s), 5);
  uint32_t start, end, settled;
  ms_suppressions_directive(s, 0, &start, &end, &settled);
  cr_expect_eq(start, 0);
  cr_expect_eq(settled, (uint32_t)(strstr(text, "OP5") - text), "the line after the enable");
  ms_suppressions_directive(s, 1, &start, &end, &settled);
  cr_expect_eq(settled, (uint32_t)(strstr(text, "// mlir-shape-disable-next-line a") - text), "the next line");
  ms_suppressions_directive(s, 2, &start, &end, &settled);
  cr_expect_eq(settled, (uint32_t)(strstr(text, "OP4") - text), "the line after the next");
  ms_suppressions_directive(s, 4, &start, &end, &settled);
  cr_expect_eq(settled, (uint32_t)strlen(text), "the empty line after the last newline");
  ms_suppressions_free(s);
  s = ms_suppressions_scan(text, strlen(text) - 1, NULL, NULL);
  ms_suppressions_directive(s, 4, &start, &end, &settled);
  cr_expect_eq(settled, UINT32_MAX, "no line after the next: only the end settles it");
  ms_suppressions_free(s);
  cr_expect_null(ms_suppressions_scan("OP1\n// mlir-shape-nothing\n", 25, NULL, NULL), "no directive");
}

/* ---- json_stream ---- */

static cJSON *item(int i) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "n", i);
  cJSON *l = cJSON_AddArrayToObject(o, "l");
  cJSON *q = cJSON_CreateObject();
  cJSON_AddStringToObject(q, "s", "a\nb\xff");
  cJSON_AddItemToArray(l, q);
  return o;
}

/* { "a": 1, "runs": [ { "results": [ITEMS], "after": [] } ] } */
static cJSON *doc(cJSON **array) {
  cJSON *d = cJSON_CreateObject();
  cJSON_AddNumberToObject(d, "a", 1);
  cJSON *run = cJSON_CreateObject();
  cJSON_AddItemToArray(cJSON_AddArrayToObject(d, "runs"), run);
  *array = cJSON_AddArrayToObject(run, "results");
  cJSON_AddArrayToObject(run, "after");
  return d;
}

static void expect_same_as_whole(int n, bool formatted) {
  cJSON *array;
  cJSON *whole = doc(&array);
  for (int i = 0; i < n; i++) cJSON_AddItemToArray(array, item(i));
  char *want = formatted ? cJSON_Print(whole) : cJSON_PrintUnformatted(whole);
  cJSON_Delete(whole);

  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  cJSON *d = doc(&array);
  cJSON_AddItemToArray(array, ms_json_stream_placeholder());
  ms_json_stream js;
  ms_json_stream_init(&js, d, formatted, false, f);
  fwrite(js.head, 1, js.head_len, f);
  for (int i = 0; i < n; i++) ms_json_stream_item(&js, item(i));
  fwrite(js.tail, 1, js.tail_len, f);
  ms_json_stream_clear(&js);
  fclose(f);
  size_t w = strlen(want);
  cr_expect_eq(len, w + 1, "%d items: %s\n---\n%s", n, buf, want);
  cr_expect(!memcmp(buf, want, w) && buf[w] == '\n', "%d items, formatted %d:\n%s\n---\n%s", n, formatted, buf, want);
  free(buf);
  free(want);
}

Test(json_stream, bytes_of_the_whole_document) {
  for (int n = 0; n < 4; n++) {
    expect_same_as_whole(n, true);
    expect_same_as_whole(n, false);
  }
}
