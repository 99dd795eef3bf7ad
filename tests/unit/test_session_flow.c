/*
** test_session_flow.c: a long function in a session (session_flow.c). Its
** body is cut into chunks judged in order against one value table; edits
** inside it judge it again from the edited piece (or the snapshot before
** it). After every edit the findings must equal a fresh session's, which
** analyses the same text as one unit.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_case.h"

/* Op %v<i> of giant_text, a broadcast error: it reads %c<i>, a tensor<4xi32>
** defined after it. */
static size_t bad_op(char *at, int i) {
  return (size_t)sprintf(at,
                         "    %%v%d = \"test.broadcastable\"(%%v%d, %%c%d) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>\n"
                         "    %%c%d = \"test.broadcastable\"(%%b, %%b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<4xi32>\n",
                         i, i - 1, i, i);
}

/* One function of n ops, each using the one before it (and some one far
** back), every 17th with a broadcast error. */
static char *giant_text(int n) {
  size_t len;
  char *s = session_main_ops(n, 17, bad_op, 256, &len);
  sprintf(s + len, "    return\n  }\n}\n");
  return s;
}

/* The fresh session judges the function whole, as one unit. */
#define WHOLE ((size_t)1 << 30)

/* A session over giant_text(400) (in *text: the caller frees it), its
** function cut into pieces of ~6000 bytes, updated. */
static ms_session *cut_session(char **text) {
  *text = giant_text(400);
  return session_open_cut("file:///g.mlir", *text, strlen(*text), 6000, 3000);
}

TestSuite(session_flow, .fini = test_catalog_release);

Test(session_flow, edits_in_a_cut_function_equal_a_whole_analysis) {
  char *text;
  ms_session *s = cut_session(&text);
  cr_assert_gt(ms_session_trees(s, NULL, 0), 8, "the function should be cut into pieces");
  char *first = session_findings(s);
  cr_assert(strstr(first, "not broadcast-compatible"), "findings to compare:\n%s", first);
  free(first);
  session_expect_fresh(s, WHOLE, -1);
  unsigned seed = 7;
  ms_document *doc = ms_session_document(s);
  for (int step = 0; step < 120; step++) {
    seed = seed * 1103515245u + 12345u;
    uint32_t lines = ms_document_line_count(doc);
    uint32_t line = 3 + (seed >> 8) % (lines - 7); /* an op line of the body */
    switch ((seed >> 4) % 4) {
      case 0: { /* a dimension of a type: `2x3` becomes `2x4` or back */
        size_t off = ms_document_offset(doc, (ms_position){line, 0}, MS_ENCODING_UTF8);
        const char *t = ms_document_text(doc, NULL);
        const char *eol = strchr(t + off, '\n'), *x = strstr(t + off, "2x");
        if (!x || x > eol) continue;
        uint32_t col = (uint32_t)(x - (t + off)) + 2;
        const char *d = x[2] == '3' ? "4" : "3";
        cr_assert(ms_session_edit(s, (ms_position){line, col}, (ms_position){line, col + 1}, d, 1, MS_ENCODING_UTF8));
        break;
      }
      case 1: /* an op line deleted (its value's later uses lose it) */
        cr_assert(ms_session_edit(s, (ms_position){line, 0}, (ms_position){line + 1, 0}, "", 0, MS_ENCODING_UTF8));
        break;
      case 2: { /* an op inserted, using an early value */
        char ins[200];
        int n = snprintf(ins, sizeof ins,
                         "    %%n%d = \"test.broadcastable\"(%%v0, %%b) : (tensor<2x3xi32>, tensor<%dxi32>) -> tensor<2x3xi32>\n",
                         step, step % 3 ? 3 : 5);
        cr_assert(ms_session_edit(s, (ms_position){line, 0}, (ms_position){line, 0}, ins, (size_t)n, MS_ENCODING_UTF8));
        break;
      }
      default: /* a blank line */
        cr_assert(ms_session_edit(s, (ms_position){line, 0}, (ms_position){line, 0}, "\n", 1, MS_ENCODING_UTF8));
        break;
    }
    ms_session_update(s);
    session_expect_fresh(s, WHOLE, step);
  }
  free(text);
  ms_session_delete(s);
}

/* The stored analyses (their blocks) of the units starting at or after
** the function's head, in order: a block that stays is a piece not judged
** again. */
typedef struct blocks {
  const void *items[256];
  uint32_t ends[256];
  size_t n;
} blocks;

static void add_block(void *ctx, const ms_unit_view *u) {
  blocks *b = ctx;
  if (b->n < 256) {
    b->ends[b->n] = u->end;
    b->items[b->n++] = u->analysis->block;
  }
}

static blocks blocks_of(ms_session *s) {
  blocks b;
  b.n = 0;
  ms_session_each_unit(s, add_block, &b);
  return b;
}

/* Units whose block is the same in a and b and that end after `pos`. */
static size_t kept_after(const blocks *a, const blocks *b, uint32_t pos) {
  size_t kept = 0;
  for (size_t i = 0; i < a->n && i < b->n; i++)
    if (b->ends[i] > pos && a->items[i] == b->items[i]) kept++;
  return kept;
}

/* Line `line`'s end, as a position and an offset. */
static uint32_t line_end(ms_document *doc, uint32_t line, uint32_t *col) {
  size_t off = ms_document_offset(doc, (ms_position){line, 0}, MS_ENCODING_UTF8);
  const char *t = ms_document_text(doc, NULL);
  *col = (uint32_t)(strchr(t + off, '\n') - (t + off));
  return (uint32_t)off + *col;
}

Test(session_flow, an_edit_leaving_the_values_keeps_the_later_pieces) {
  char *text;
  ms_session *s = cut_session(&text);
  ms_document *doc = ms_session_document(s);
  uint32_t line = ms_document_line_count(doc) / 3, col;
  /* A space at the end of a line, then gone again, then back: the table
  ** after the piece is the same each time, and judging stops there. */
  for (int step = 0; step < 3; step++) {
    uint32_t at = line_end(doc, line, &col);
    blocks before = blocks_of(s);
    if (step % 2 == 0)
      cr_assert(ms_session_edit(s, (ms_position){line, col}, (ms_position){line, col}, " ", 1, MS_ENCODING_UTF8));
    else
      cr_assert(ms_session_edit(s, (ms_position){line, col - 1}, (ms_position){line, col}, "", 0, MS_ENCODING_UTF8));
    size_t judged = ms_session_update(s);
    blocks after = blocks_of(s);
    cr_assert_eq(before.n, after.n);
    size_t later = 0;
    for (size_t i = 0; i < after.n; i++) later += after.ends[i] > at + 1;
    cr_assert_gt(later, 4, "pieces after the edit");
    /* The first time, the pieces before it are judged too (no snapshot
    ** yet), the table after it from its records before the edit. */
    if (step > 0) cr_assert_eq(judged, 1, "step %d: only the edited piece is judged again (%zu were)", step, judged);
    /* The head's closing lines are a unit of their own, moved as any. */
    cr_assert_geq(kept_after(&before, &after, at + 1), later - 1, "step %d: the later pieces keep their analyses", step);
    session_expect_fresh(s, WHOLE, step);
  }
  free(text);
  ms_session_delete(s);
}

Test(session_flow, an_edit_changing_a_value_judges_the_later_pieces) {
  char *text;
  ms_session *s = cut_session(&text);
  ms_document *doc = ms_session_document(s);
  uint32_t line = ms_document_line_count(doc) / 3, col;
  /* A first edit in the piece (a space) sets the snapshots up. */
  line_end(doc, line, &col);
  cr_assert(ms_session_edit(s, (ms_position){line, col}, (ms_position){line, col}, " ", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  char *old = session_findings(s);
  /* Then the result type of the line's op, which the next op and one 40
  ** ops on (in a later piece) read: `-> tensor<2x3xi32>` becomes 2x4. */
  size_t off = ms_document_offset(doc, (ms_position){line, 0}, MS_ENCODING_UTF8);
  const char *t = ms_document_text(doc, NULL);
  const char *arrow = strstr(t + off, "-> tensor<2x3");
  cr_assert(arrow && arrow < strchr(t + off, '\n'));
  uint32_t c = (uint32_t)(arrow - (t + off)) + (uint32_t)strlen("-> tensor<2x");
  cr_assert(ms_session_edit(s, (ms_position){line, c}, (ms_position){line, c + 1}, "4", 1, MS_ENCODING_UTF8));
  size_t judged = ms_session_update(s);
  cr_assert_gt(judged, 2, "the later pieces read the changed value: judged again (%zu)", judged);
  char *now = session_findings(s);
  cr_assert_str_neq(old, now, "the findings change");
  session_expect_fresh(s, WHOLE, 0);
  /* And back: the findings are the old ones again. */
  cr_assert(ms_session_edit(s, (ms_position){line, c}, (ms_position){line, c + 1}, "3", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  char *back = session_findings(s);
  cr_assert_str_eq(old, back);
  session_expect_fresh(s, WHOLE, 1);
  free(old);
  free(now);
  free(back);
  free(text);
  ms_session_delete(s);
}

/* A function whose %r (refined: declared tensor<?x3xi32>, inferred 2x3)
** is read by %u in a middle piece and by %w in a later one (%d, an
** argument, is declared as %r is, never refined); `names`
** fillers between them (%<prefix><i>, each reading %a) cut it into
** pieces. %u's mismatch (2 against %x's 4) reports %r once, as the root
** cause: %r is marked broken, and %w's mismatch is not reported again. */
static char *refined_text(int fillers, const char *prefix) {
  char *s = malloc((size_t)fillers * 3 * 160 + 1024);
  cr_assert(s);
  size_t w = (size_t)sprintf(s, "module {\n  func.func @main(%%a: tensor<2x3xi32>, %%b: tensor<3xi32>, %%x: tensor<4x3xi32>, "
                                "%%y: tensor<5x3xi32>, %%d: tensor<?x3xi32>) {\n"
                                "    %%r = \"test.broadcastable\"(%%a, %%b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<?x3xi32>\n");
  for (int part = 0; part < 3; part++) {
    for (int i = 0; i < fillers; i++)
      w += (size_t)sprintf(s + w,
                           "    %%%s%d_%d = \"test.broadcastable\"(%%a, %%a) : (tensor<2x3xi32>, tensor<2x3xi32>) -> "
                           "tensor<2x3xi32>\n",
                           prefix, part, i);
    if (part == 0)
      w += (size_t)sprintf(s + w, "    %%u = \"test.broadcastable\"(%%r, %%x) : (tensor<?x3xi32>, tensor<4x3xi32>) -> "
                                  "tensor<4x3xi32>\n");
    if (part == 1)
      w += (size_t)sprintf(s + w, "    %%w = \"test.broadcastable\"(%%r, %%y) : (tensor<?x3xi32>, tensor<5x3xi32>) -> "
                                  "tensor<?x3xi32>\n");
  }
  sprintf(s + w, "    return\n  }\n}\n");
  return s;
}

/* The line of text (0-based) starting with `start` after its indent. */
static uint32_t line_of(const char *text, const char *start) {
  const char *at = strstr(text, start);
  cr_assert(at);
  uint32_t line = 0;
  for (const char *p = text; p < at; p++) line += *p == '\n';
  return line;
}

/* Whether findings (session_findings) report a propagated mismatch at
** offset `at` (the start of a use). */
static bool propagated_at(const char *findings, uint32_t at) {
  char key[32];
  snprintf(key, sizeof key, "%u-", at);
  for (const char *p = findings; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
    if (!strncmp(p, key, strlen(key)) && strstr(p, "propagated") && strstr(p, "propagated") < strchr(p, '\n')) return true;
  return false;
}

Test(session_flow, an_edit_changing_what_a_root_cause_marks_judges_the_later_pieces) {
  /* Judging stops after the edited piece when the table after it is the
  ** same; what the piece writes is compared, and that includes the mark
  ** it leaves on an earlier value (%r, defined in the head): with %u no
  ** longer reading %r, %w's mismatch in a later piece is the root cause. */
  char *text = refined_text(40, "f");
  ms_session *s = session_open_cut("file:///r.mlir", text, strlen(text), 6000, 3000);
  ms_document *doc = ms_session_document(s);
  cr_assert_gt(ms_session_trees(s, NULL, 0), 4, "the function should be cut into pieces");
  const char *t = ms_document_text(doc, NULL);
  uint32_t u_line = line_of(t, "%u = "), w_use;
  /* A space after %u's line sets the snapshots up (the first edit in the piece). */
  uint32_t col;
  line_end(doc, u_line, &col);
  cr_assert(ms_session_edit(s, (ms_position){u_line, col}, (ms_position){u_line, col}, " ", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  session_expect_fresh(s, WHOLE, 0);
  t = ms_document_text(doc, NULL);
  w_use = (uint32_t)(strstr(t, "(%r, %y)") + 1 - t);
  char *old = session_findings(s);
  cr_assert(!propagated_at(old, w_use), "%%w's mismatch has its root cause reported at %%u:\n%s", old);
  /* %u reads %d instead of %r: no mismatch there, %r is no longer
  ** marked. %u itself is as it was (its result declared static): only
  ** the mark tells the later pieces. */
  size_t off = ms_document_offset(doc, (ms_position){u_line, 0}, MS_ENCODING_UTF8);
  uint32_t r = (uint32_t)(strstr(t + off, "(%r, %x)") + 2 - (t + off));
  cr_assert(ms_session_edit(s, (ms_position){u_line, r}, (ms_position){u_line, r + 1}, "d", 1, MS_ENCODING_UTF8));
  size_t judged = ms_session_update(s);
  t = ms_document_text(doc, NULL);
  w_use = (uint32_t)(strstr(t, "(%r, %y)") + 1 - t);
  char *now = session_findings(s);
  cr_assert(propagated_at(now, w_use), "%%w's mismatch is the root cause now (%zu judged):\n%s", judged, now);
  cr_assert_gt(judged, 1, "the later pieces read %%r's mark: judged again");
  session_expect_fresh(s, WHOLE, 1);
  /* And back. */
  cr_assert(ms_session_edit(s, (ms_position){u_line, r}, (ms_position){u_line, r + 1}, "r", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  char *back = session_findings(s);
  cr_assert_str_eq(old, back);
  session_expect_fresh(s, WHOLE, 2);
  free(back);
  free(old);
  free(now);
  free(text);
  ms_session_delete(s);
}

Test(session_flow, long_value_names_survive_the_snapshots) {
  /* Names past 16 bytes are held apart from the table's values; each copy
  ** of the table (the snapshots) holds its own. */
  char *text = refined_text(40, "a_value_name_longer_than_sixteen_bytes_");
  ms_session *s = session_open_cut("file:///l.mlir", text, strlen(text), 6000, 3000);
  ms_document *doc = ms_session_document(s);
  uint32_t line = ms_document_line_count(doc) / 2, col;
  for (int step = 0; step < 4; step++) {
    line_end(doc, line + (uint32_t)(step / 2) * 30, &col);
    if (step % 2 == 0)
      cr_assert(ms_session_edit(s, (ms_position){line, col}, (ms_position){line, col}, " ", 1, MS_ENCODING_UTF8));
    else
      cr_assert(ms_session_edit(s, (ms_position){line, col - 1}, (ms_position){line, col}, "", 0, MS_ENCODING_UTF8));
    ms_session_update(s);
    session_expect_fresh(s, WHOLE, step);
  }
  free(text);
  ms_session_delete(s);
}

/* An edit in a piece far after the snapshot's: the pieces between them,
** unchanged and after an unchanged table, only give the table their values
** again; their stored analyses (and generations: their cached JSON) stay,
** and the findings are a fresh session's. */
Test(session_flow, an_edit_far_after_the_snapshot_keeps_the_pieces_between) {
  char *text = giant_text(1200);
  ms_session *s = session_open_cut("file:///g.mlir", text, strlen(text), 6000, 3000);
  ms_document *doc = ms_session_document(s);
  uint32_t lines = ms_document_line_count(doc), col;
  /* A first edit early in the function sets the snapshot there; each next
  ** one falls pieces further on. */
  uint32_t at_line[] = {lines / 8, lines * 3 / 8, lines * 5 / 8, lines * 7 / 8};
  line_end(doc, at_line[0], &col);
  cr_assert(ms_session_edit(s, (ms_position){at_line[0], col}, (ms_position){at_line[0], col}, " ", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  session_expect_fresh(s, WHOLE, 0);
  for (int step = 1; step < 4; step++) {
    uint32_t from = line_end(doc, at_line[step - 1], &col) + 1;
    uint32_t far = at_line[step], at = line_end(doc, far, &col);
    blocks before = blocks_of(s);
    cr_assert(ms_session_edit(s, (ms_position){far, col}, (ms_position){far, col}, " ", 1, MS_ENCODING_UTF8));
    ms_session_update(s);
    blocks after = blocks_of(s);
    cr_assert_eq(before.n, after.n);
    size_t between = 0, kept = 0;
    for (size_t i = 0; i < after.n; i++)
      if (after.ends[i] > from + 3000 && after.ends[i] + 3000 < at) {
        between++;
        kept += before.items[i] == after.items[i];
      }
    cr_assert_gt(between, 3, "step %d: pieces between the snapshot and the edit", step);
    cr_assert_eq(kept, between, "step %d: they keep their analyses (%zu of %zu)", step, kept, between);
    session_expect_fresh(s, WHOLE, step);
  }
  free(text);
  ms_session_delete(s);
}
