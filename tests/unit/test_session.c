/*
** test_session.c: incremental analysis (session.c).
**
** The invariant that makes the language server fast must not make it
** wrong: after any sequence of edits, a session's diagnostics equal those of
** a fresh session over the same text. And an edit inside one function
** re-analyses that function only.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_case.h"

/* A module of n functions, every third with a broadcast error. */
static char *make_text(int n) {
  size_t cap = (size_t)n * 400 + 64, len = 0;
  char *s = malloc(cap);
  len += (size_t)sprintf(s + len, "module {\n");
  for (int i = 0; i < n; i++) {
    int bad = i % 3 == 0;
    len += (size_t)sprintf(s + len,
                           "  func.func @f%d(%%a: tensor<2x3xi32>, %%b: tensor<%dxi32>) -> tensor<2x3xi32> {\n"
                           "    %%0 = \"test.broadcastable\"(%%a, %%b) : (tensor<2x3xi32>, tensor<%dxi32>) -> tensor<2x3xi32>\n"
                           "    return %%0 : tensor<2x3xi32>\n"
                           "  }\n",
                           i, bad ? 4 : 3, bad ? 4 : 3);
  }
  len += (size_t)sprintf(s + len, "}\n");
  return s;
}

/* Everything analysed from scratch over the session's own trees: new
** options make it analyse every unit again (and judge every cut function's
** pieces again, in order) on the trees it holds. */
static char *tree_diag_text(ms_session *s) {
  ms_session_configure(s, test_catalog(), &session_opts);
  ms_session_update(s);
  return session_findings(s);
}

/* Any edit, valid or not: reusing unit analyses must equal analysing the
** same tree afresh. (tree-sitter's incremental reparse of broken text may
** recover from errors differently than a fresh parse, so the tree, not the
** text, is the reference here.) */
static void expect_same_as_tree(ms_session *s, int step) {
  char *a = session_findings(s), *b = tree_diag_text(s);
  cr_assert_str_eq(a, b, "step %d: reused and recomputed analyses differ\n--- reused:\n%s--- recomputed:\n%s", step,
                   a, b);
  free(a);
  free(b);
}

TestSuite(session, .fini = test_catalog_release);

Test(session, one_edit_reanalyses_one_unit) {
  char *text = make_text(30);
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  cr_assert_eq(ms_session_update(s), 30);
  char *before = session_findings(s);
  cr_assert(strstr(before, "incompatible-dims"));
  /* Line 1 + 4*k + 1 is function k's op line; fix function 3 (bad): the
  ** operand type `tensor<4xi32>` becomes `tensor<3xi32>` twice. */
  uint32_t line = 1 + 4 * 3;
  ms_position p0 = {line, 0};
  size_t off = ms_document_offset(ms_session_document(s), p0, MS_ENCODING_UTF8);
  const char *doc = ms_document_text(ms_session_document(s), NULL);
  const char *hdr = strstr(doc + off, "tensor<4xi32>");
  cr_assert_not_null(hdr);
  uint32_t col = (uint32_t)(hdr - (doc + off)) + 7;
  cr_assert(ms_session_edit(s, (ms_position){line, col}, (ms_position){line, col + 1}, "3", 1, MS_ENCODING_UTF8));
  cr_assert_eq(ms_session_update(s), 1, "a one-character edit must re-analyse one unit");
  session_expect_fresh(s, 0, 0);
  free(before);
  free(text);
  ms_session_delete(s);
}

static void random_edits(bool chunked) {
  char *text = make_text(12);
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  if (chunked) ms_session_set_chunking(s, 1000, 600);
  ms_session_update(s);
  if (chunked) cr_assert_gt(ms_session_trees(s, NULL, 0), 3, "the document should be chunked");
  static const char *const inserts[] = {"1", "x", " ", "\n", "}", "{", "\"", "%c = ", "tensor<5xi32>", "", "//"};
  unsigned seed = 12345;
  for (int step = 0; step < 300; step++) {
    seed = seed * 1103515245u + 12345u;
    uint32_t lines = ms_document_line_count(ms_session_document(s));
    ms_position a = {(seed >> 8) % lines, (seed >> 16) % 60};
    ms_position b = a;
    if ((seed >> 4) % 3 == 0) b.character += (seed >> 20) % 5;
    const char *ins = inserts[(seed >> 12) % (sizeof inserts / sizeof *inserts)];
    cr_assert(ms_session_edit(s, a, b, ins, strlen(ins), MS_ENCODING_UTF16));
    if (step % 3 == 0) {
      ms_session_update(s);
      expect_same_as_tree(s, step);
    }
  }
  free(text);
  ms_session_delete(s);
}

Test(session, random_edits_match_fresh_analysis) { random_edits(false); }
Test(session, random_edits_match_fresh_analysis_chunked) { random_edits(true); }

/* Edits that keep the text valid (type digits change): the result must be
** that of a fresh parse and analysis of the text. */
static void valid_edits(bool chunked) {
  char *text = make_text(20);
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  if (chunked) ms_session_set_chunking(s, 1000, 600);
  ms_session_update(s);
  unsigned seed = 777;
  for (int step = 0; step < 200; step++) {
    seed = seed * 1103515245u + 12345u;
    size_t len;
    const char *doc = ms_document_text(ms_session_document(s), &len);
    /* Pick a digit inside a `tensor<...>` and replace it by 1..4. */
    size_t at = (seed >> 8) % len;
    const char *t = strstr(doc + at, "tensor<");
    if (!t) continue;
    size_t d = (size_t)(t - doc) + 7;
    if (doc[d] < '0' || doc[d] > '9') continue;
    char digit[2] = {(char)('1' + (seed >> 16) % 4), 0};
    ms_position a = ms_document_position(ms_session_document(s), d, MS_ENCODING_UTF16);
    ms_position b = ms_document_position(ms_session_document(s), d + 1, MS_ENCODING_UTF16);
    cr_assert(ms_session_edit(s, a, b, digit, 1, MS_ENCODING_UTF16));
    cr_assert_leq(ms_session_update(s), 1, "step %d: a one-digit edit re-analysed several units", step);
    if (step % 10 == 0) session_expect_fresh(s, 0, step);
  }
  session_expect_fresh(s, 0, 200);
  free(text);
  ms_session_delete(s);
}

Test(session, valid_edits_match_fresh_parse) { valid_edits(false); }
/* Chunks parse apart, with included ranges: the result must equal one
** whole-document parse. */
Test(session, valid_edits_match_fresh_parse_chunked) { valid_edits(true); }

Test(session, inferences_are_absolute_after_edits_before_them) {
  char *text = make_text(3);
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  ms_session_update(s);
  /* Insert a comment line at the top: every unit moves, none is re-analysed. */
  const char *c = "// moved\n";
  cr_assert(ms_session_edit(s, (ms_position){0, 0}, (ms_position){0, 0}, c, strlen(c), MS_ENCODING_UTF8));
  cr_assert_eq(ms_session_update(s), 0);
  const char *doc = ms_document_text(ms_session_document(s), NULL);
  uint32_t start;
  uint32_t end;
  const char *op = strstr(doc, "\"test.broadcastable\"");
  cr_assert(ms_session_unit_at(s, (uint32_t)(op - doc), &start, &end));
  cr_assert(!strncmp(doc + start, "func.func @f0", 13));
  session_expect_fresh(s, 0, 0);
  free(text);
  ms_session_delete(s);
}

/* Editing an alias definition changes what every use means: the session
** must re-analyse the units that use it, and equal a fresh analysis. */
Test(session, alias_edits_reach_their_uses) {
  const char *text =
      "// header\n"
      "!t = tensor<3xf64>\n"
      "func.func @f(%a: !t) {\n"
      "  %0 = \"test.broadcastable\"(%a, %a) : (!t, !t) -> tensor<4xf64>\n"
      "  return\n"
      "}\n";
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  ms_session_update(s);
  char *before = session_findings(s);
  cr_assert(strstr(before, "result-dim"), "%s", before);
  /* !t = tensor<3xf64> -> tensor<4xf64> */
  cr_assert(ms_session_edit(s, (ms_position){1, 12}, (ms_position){1, 13}, "4", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  char *after = session_findings(s);
  cr_assert_str_eq(after, "", "%s", after);
  session_expect_fresh(s, 0, 0);
  /* A comment line above the alias moves it: still resolved. */
  cr_assert(ms_session_edit(s, (ms_position){0, 0}, (ms_position){0, 0}, "// x\n", 5, MS_ENCODING_UTF8));
  cr_assert_eq(ms_session_update(s), 0, "moving the alias needs no re-analysis");
  session_expect_fresh(s, 0, 1);
  free(before);
  free(after);
  ms_session_delete(s);
}

/* ms_session_build_start: a big document is built on the workers while
** the caller polls; its top is shown once, mid-build, as a prefix of the
** final diagnostics; the final state is that of a synchronous update. The
** notifications come from the workers: counted atomically. */
static void on_chunk(void *ctx) { __atomic_add_fetch((int *)ctx, 1, __ATOMIC_RELAXED); }

/* Polls until the build is done (busy: the workers finish on their own). */
static void poll_until_done(ms_session *s, int *tops, ms_diag_list *top) {
  for (;;) {
    ms_build_state st = ms_session_build_poll(s);
    if (st == MS_BUILD_DONE) return;
    cr_assert_neq(st, MS_BUILD_NONE, "a build is under way until it is done");
    if (st == MS_BUILD_TOP) {
      (*tops)++;
      ms_session_diagnostics(s, top);
    }
  }
}

Test(session, asynchronous_build_of_a_big_document) {
  char *text = make_text(12000);
  size_t len = strlen(text);
  cr_assert_geq(len, (size_t)2 << 20);
  ms_session *s = session_open("file:///big.mlir", text, len);
  int notified = 0, tops = 0;
  ms_diag_list top;
  ms_diag_list_init(&top);
  cr_assert(ms_session_build_start(s, on_chunk, &notified), "a big document is built asynchronously");
  cr_assert(ms_session_building(s));
  poll_until_done(s, &tops, &top);
  cr_assert_not(ms_session_building(s));
  cr_assert_eq(ms_session_build_poll(s), MS_BUILD_NONE);
  size_t nchunks = ms_session_trees(s, NULL, 0);
  cr_assert_gt(nchunks, 2);
  cr_assert_eq((size_t)__atomic_load_n(&notified, __ATOMIC_RELAXED), nchunks, "one notification per chunk");
  cr_assert_leq(tops, 1);
  ms_diag_list all;
  ms_diag_list_init(&all);
  ms_session_diagnostics(s, &all);
  if (tops) {
    /* The top is a prefix of the whole (when the machine was fast enough
    ** to finish everything before the first poll, there was no top). */
    cr_assert_gt(top.count, 0);
    cr_assert_lt(top.count, all.count, "the first results are a part (%zu of %zu)", top.count, all.count);
    for (size_t i = 0; i < top.count; i++) {
      cr_assert_eq(top.items[i].start, all.items[i].start, "diagnostic %zu", i);
      cr_assert_str_eq(top.items[i].message, all.items[i].message);
    }
    cr_assert_lt(top.items[top.count - 1].start, (2u << 20), "the top of the document first");
  }
  session_expect_fresh(s, 0, 0);
  /* An edit inside one chunk needs no build. */
  ms_position at = {1, 0};
  cr_assert(ms_session_edit(s, at, at, " ", 1, MS_ENCODING_UTF16));
  cr_assert_not(ms_session_build_start(s, on_chunk, &notified));
  session_expect_fresh(s, 0, 1);
  ms_diag_list_clear(&all);
  ms_diag_list_clear(&top);
  ms_session_delete(s);
  free(text);
}

/* Cancellation: an edit during a build cancels it (the workers stop, what
** they built is dropped); the next build sees the edited text. Deleting a
** session during a build joins it (ASan/valgrind: nothing leaks). */
Test(session, an_edit_cancels_a_build) {
  char *text = make_text(12000);
  size_t len = strlen(text);
  ms_session *s = session_open("file:///big.mlir", text, len);
  int notified = 0, tops = 0;
  ms_diag_list top;
  ms_diag_list_init(&top);
  cr_assert(ms_session_build_start(s, on_chunk, &notified));
  /* Function 0's header (line 1): its %b becomes tensor<3xi32>. */
  const char *doc = ms_document_text(ms_session_document(s), NULL);
  const char *hdr = strstr(doc, "tensor<4xi32>");
  cr_assert_not_null(hdr);
  size_t off = (size_t)(hdr - doc) + 7, line_start = off;
  while (line_start && doc[line_start - 1] != '\n') line_start--;
  ms_position p = {1, (uint32_t)(off - line_start)}, q = {1, (uint32_t)(off - line_start + 1)};
  cr_assert(ms_session_edit(s, p, q, "3", 1, MS_ENCODING_UTF8));
  cr_assert_not(ms_session_building(s), "the edit cancelled the build");
  cr_assert_eq(ms_session_trees(s, NULL, 0), 0, "nothing of the cancelled build is left");
  cr_assert(ms_session_build_start(s, on_chunk, &notified));
  poll_until_done(s, &tops, &top);
  session_expect_fresh(s, 0, 0);
  /* ... which is the edited text (the header's type no longer matches
  ** its use: one finding more than the original's). */
  ms_session *orig = session_open("file:///orig.mlir", text, len);
  ms_session_update(orig);
  ms_diag_list before, after;
  ms_diag_list_init(&before);
  ms_diag_list_init(&after);
  ms_session_diagnostics(orig, &before);
  ms_session_diagnostics(s, &after);
  cr_assert_eq(after.count, before.count + 1, "%zu findings after the edit, %zu before", after.count, before.count);
  ms_diag_list_clear(&before);
  ms_diag_list_clear(&after);
  ms_session_delete(orig);
  /* A build left running (a full replace parses everything again):
  ** deleted with the session. */
  ms_session_replace(s, text, len);
  cr_assert(ms_session_build_start(s, on_chunk, &notified));
  ms_session_delete(s);
  ms_diag_list_clear(&top);
  free(text);
}

/* ms_session_update during a build waits for it: the same as a synchronous update. */
Test(session, update_finishes_a_build) {
  char *text = make_text(4000);
  size_t len = strlen(text);
  ms_session *s = session_open("file:///big.mlir", text, len);
  int notified = 0;
  cr_assert(ms_session_build_start(s, on_chunk, &notified));
  cr_assert_eq(ms_session_update(s), 4000, "every unit analysed once");
  cr_assert_not(ms_session_building(s));
  session_expect_fresh(s, 0, 0);
  ms_session_delete(s);
  free(text);
}

/* The tree budget: after every update at most `budget` bytes of text keep
** their trees; edits landing in chunks whose tree was dropped (parsed
** again from scratch) still give what a fresh analysis gives, and so do
** whole-document walks and trees asked for by position. */
static void count_tree(void *ctx, TSTree *tree) {
  (void)tree;
  (*(size_t *)ctx)++;
}

Test(session, tree_budget) {
  char *text = make_text(600);
  size_t len = strlen(text);
  ms_session *s = session_open("file:///budget.mlir", text, len);
  ms_session_set_chunking(s, 4096, 2048);
  const size_t budget = 16384;
  ms_session_set_tree_budget(s, budget);
  ms_session_update(s);
  size_t nchunks = ms_session_trees(s, NULL, 0);
  cr_assert_gt(nchunks, 30);
  ms_session_update(s); /* ms_session_trees parsed them all: trimmed again */
  cr_assert_leq(ms_session_tree_bytes(s), budget);
  cr_assert_gt(ms_session_tree_bytes(s), 0);
  session_expect_fresh(s, 0, 0);
  size_t walked = 0;
  ms_session_each_tree(s, 0, UINT32_MAX, count_tree, &walked);
  cr_assert_eq(walked, nchunks, "every chunk's tree, dropped or not");
  cr_assert_leq(ms_session_tree_bytes(s), budget + 4096, "a walk drops what it parsed again");
  /* Fix and break functions all over the document: line 1 + 4k + 1 is
  ** function k's op line, whose second operand type decides. */
  for (int step = 0; step < 40; step++) {
    int k = (step * 97) % 600;
    uint32_t line = 1 + 4 * (uint32_t)k + 1;
    ms_position p0 = {line, 0};
    const char *doc = ms_document_text(ms_session_document(s), NULL);
    size_t off = ms_document_offset(ms_session_document(s), p0, MS_ENCODING_UTF8);
    const char *t = strstr(doc + off, "tensor<");
    t = strstr(t + 1, "tensor<"); /* the operand list's second type */
    cr_assert_not_null(t);
    uint32_t col = (uint32_t)(t - (doc + off)) + 7;
    char want = t[7] == '4' ? '3' : '4';
    ms_position a = {line, col}, b = {line, col + 1};
    cr_assert(ms_session_edit(s, a, b, &want, 1, MS_ENCODING_UTF8));
    ms_session_update(s);
    cr_assert_leq(ms_session_tree_bytes(s), budget);
    session_expect_fresh(s, 0, step);
    /* The tree holding the edit, by position: it covers it. */
    TSNode root = ts_tree_root_node(ms_session_tree_at(s, (uint32_t)(off + 10)));
    cr_assert_leq(ts_node_start_byte(root), off + 10);
    cr_assert_geq(ts_node_end_byte(root), off + 10);
  }
  expect_same_as_tree(s, 0);
  /* New rules with trees dropped: every unit analysed again by a build on
  ** the workers, not by parsing every dropped tree on the caller's thread. */
  ms_session_update(s);
  cr_assert_lt(ms_session_tree_bytes(s), len - 4096, "trees were dropped");
  ms_session_configure(s, test_catalog(), &session_opts);
  int notified = 0, tops = 0;
  ms_diag_list top;
  ms_diag_list_init(&top);
  cr_assert(ms_session_build_start(s, on_chunk, &notified));
  poll_until_done(s, &tops, &top);
  cr_assert_leq(ms_session_tree_bytes(s), budget);
  session_expect_fresh(s, 0, 99);
  ms_diag_list_clear(&top);
  ms_session_delete(s);
  free(text);
}
