/*
** test_session_garbage.c: the language server's session on text that
** cannot be MLIR (garbage.c): a stretch of random bytes is one syntax
** error and no tree, as in `check`, and edits in it, near it or pasting one
** give a fresh session's findings.
*/
#include "session_case.h"

#include <tree_sitter/api.h>

static const char FUNC[] =
    "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n"
    "  %0 = \"tosa.add\"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n"
    "  return\n}\n";

/* FUNC, n random bytes (a fixed seed, no NUL), a newline, FUNC (malloc'd). */
static char *between(size_t n, size_t *len) {
  size_t f = strlen(FUNC);
  char *t = malloc(2 * f + n + 2);
  memcpy(t, FUNC, f);
  unsigned x = 21;
  for (size_t i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    char c = (char)(x >> 16);
    t[f + i] = c ? c : 1;
  }
  t[f + n] = '\n';
  memcpy(t + f + n + 1, FUNC, f + 1);
  *len = 2 * f + n + 1;
  return t;
}

__attribute__((noinline)) static size_t count(const char *hay, const char *needle) {
  size_t n = 0, at = 0, len = strlen(hay);
  for (const char *p; at < len && (p = strstr(hay + at, needle)); at = (size_t)(p - hay) + 1) n++;
  return n;
}

/* Bytes of text that the session's trees span. */
static size_t parsed_bytes(ms_session *s) {
  TSTree *trees[64];
  size_t n = ms_session_trees(s, trees, 64), bytes = 0;
  cr_assert_leq(n, 64);
  for (size_t i = 0; i < n; i++) {
    TSNode root = ts_tree_root_node(trees[i]);
    bytes += ts_node_end_byte(root) - ts_node_start_byte(root);
  }
  return bytes;
}

/* A session over between(n) (in *text: the caller frees it), updated. */
static ms_session *noise_session(size_t n, char **text) {
  size_t len;
  *text = between(n, &len);
  ms_session *s = session_open("file:///g.mlir", *text, len);
  ms_session_update(s);
  return s;
}

/* Replaces [a, b) of s's text by the n bytes at ins, updates s, and
** expects a fresh session's findings (step names the edit). */
static void edit_expect_fresh(ms_session *s, ms_position a, ms_position b, const char *ins, size_t n, int step) {
  cr_assert(ms_session_edit(s, a, b, ins, n, MS_ENCODING_UTF8), "step %d: the edit is refused", step);
  ms_session_update(s);
  session_expect_fresh(s, 0, step);
}

TestSuite(session_garbage, .fini = test_catalog_release);

Test(session_garbage, noise_is_one_syntax_error_and_no_tree) {
  char *text;
  ms_session *s = noise_session(300000, &text);
  char *f = session_findings(s);
  cr_assert_eq(count(f, "syntax-error"), 1, "%s", f);
  cr_assert_eq(count(f, "are not MLIR text"), 1, "%s", f);
  cr_assert_eq(count(f, "incompatible-dims"), 2, "%s", f);
  free(f);
  /* Only the two functions are parsed (each chunk's tree, the noise's empty). */
  cr_assert_lt(parsed_bytes(s), 4 * strlen(FUNC), "%zu bytes parsed", parsed_bytes(s));
  ms_session_delete(s);
  free(text);
}

Test(session_garbage, edits_in_near_and_after_it_match_a_fresh_session) {
  char *text;
  ms_session *s = noise_session(300000, &text);
  ms_document *d = ms_session_document(s);
  /* A line of MLIR inside the noise, its start, then a function after it. */
  ms_position in = ms_document_position(d, strlen(FUNC) + 150000, MS_ENCODING_UTF8);
  in.character = 0;
  edit_expect_fresh(s, in, in, "// a comment\n", 13, 1);
  ms_position at = ms_document_position(d, strlen(FUNC), MS_ENCODING_UTF8);
  edit_expect_fresh(s, at, at, "\n", 1, 2);
  size_t n;
  ms_document_text(d, &n);
  ms_position end = ms_document_position(d, n, MS_ENCODING_UTF8);
  edit_expect_fresh(s, end, end, FUNC, strlen(FUNC), 3);
  char *f = session_findings(s);
  cr_assert_eq(count(f, "incompatible-dims"), 3, "%s", f);
  free(f);
  /* The noise removed: no syntax error left. */
  ms_position a = ms_document_position(d, strlen(FUNC) + 1, MS_ENCODING_UTF8);
  ms_document_text(d, &n);
  ms_position b = ms_document_position(d, n - 2 * strlen(FUNC), MS_ENCODING_UTF8);
  edit_expect_fresh(s, a, b, "", 0, 4);
  f = session_findings(s);
  cr_assert_eq(count(f, "syntax-error"), 0, "%s", f);
  free(f);
  ms_session_delete(s);
  free(text);
}

Test(session_garbage, pasting_noise_into_a_small_document_matches_a_fresh_session) {
  ms_session *s = session_open("file:///p.mlir", FUNC, strlen(FUNC));
  ms_session_update(s);
  size_t len;
  char *text = between(100000, &len);
  ms_position end = ms_document_position(ms_session_document(s), strlen(FUNC), MS_ENCODING_UTF8);
  edit_expect_fresh(s, end, end, text + strlen(FUNC), len - strlen(FUNC), 1);
  char *f = session_findings(s);
  cr_assert_eq(count(f, "are not MLIR text"), 1, "%s", f);
  cr_assert_eq(count(f, "incompatible-dims"), 2, "%s", f);
  free(f);
  ms_session_delete(s);
  free(text);
}
