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
