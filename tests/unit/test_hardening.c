/*
** test_hardening.c: regression tests for what fuzzing and hostile input
** found (tests/fuzz/, issue "Hardening"), one test per fix:
**   - output that quotes non-UTF-8 document bytes is repaired (utf8.c);
**   - a \u0000 in a document does not cut it short (rpc.c);
**   - `exit` before the end of a file input leaves no request in flight
**     and the loop closes (lsp.c);
**   - broken text after edits reads as a fresh parse reads it, chunked or
**     not (session.c);
**   - brackets nested past MS_NESTING_MAX are left out of the parse with
**     one nesting-too-deep finding, the text after them parsed (nesting.c);
**   - a source truncated while mapped reads zeros and says it shrank, and
**     /dev/zero is read up to the stream limit (source.c).
** The language server runs here on a real loop, with memfd input and
** output, so each test is one whole server lifetime.
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uv.h>

#include "attr.h"
#include "catalog.h"
#include "queries.h"
#include "frame.h"
#include "lsp.h"
#include "nesting.h"
#include "source.h"
#include "report.h"
#include "session.h"
#include "session_case.h"
#include "utf8.h"

/* ---- utf8 --------------------------------------------------------------- */

Test(hardening, utf8_validation_follows_the_unicode_table) {
  cr_assert(ms_utf8_valid("plain ascii", 11));
  const char *ok = "\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80";
  cr_assert(ms_utf8_valid(ok, strlen(ok)));
  cr_assert_not(ms_utf8_valid("\xFF", 1));
  cr_assert_not(ms_utf8_valid("\xC0\xAF", 2), "overlong '/'");
  cr_assert_not(ms_utf8_valid("\xED\xA0\x80", 3), "surrogate");
  cr_assert_not(ms_utf8_valid("\xF4\x90\x80\x80", 4), "above U+10FFFF");
  cr_assert_not(ms_utf8_valid("abc\xE2\x82", 5), "truncated");
  cr_assert_not(ms_utf8_valid("\x80", 1), "stray continuation");
}

Test(hardening, utf8_repair_replaces_each_bad_byte) {
  size_t n;
  char *r = ms_utf8_repair("a\xFF" "b\xE2\x82" "c\xC3\xA9", 8, &n);
  cr_assert_str_eq(r, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\xEF\xBF\xBD" "c\xC3\xA9");
  cr_assert_eq(n, strlen(r));
  cr_assert(ms_utf8_valid(r, n));
  free(r);
}

Test(hardening, json_report_of_a_latin1_file_is_utf8) {
  const char *text = "%0 = \"t\"() : () -> \xE9t\xE9\n";
  ms_source s;
  ms_source_init_text(&s, "l.mlir", text, strlen(text));
  ms_diag_list l;
  ms_diag_list_init(&l);
  uint32_t at = (uint32_t)(strchr(text, '\xE9') - text);
  ms_diag_list_add(&l, at, at + 3, MS_SEVERITY_ERROR, "syntax-error", NULL, "syntax error: unexpected '%.3s'", text + at);
  ms_report_file f = {&s, &l};
  char *json = ms_report_json(&f, 1);
  cr_assert(ms_utf8_valid(json, strlen(json)), "%s", json);
  cr_assert(strstr(json, "\xEF\xBF\xBDt\xEF\xBF\xBD"), "%s", json);
  free(json);
  ms_diag_list_clear(&l);
  ms_source_close(&s);
}

/* ---- a whole server lifetime on memfds ------------------------------------ */

typedef struct {
  cJSON *msgs[32];
  int n;
} output;

static void keep(void *ctx, char *body, size_t len) {
  output *o = ctx;
  cr_assert(ms_utf8_valid(body, len), "output not UTF-8: %s", body);
  cJSON *m = cJSON_ParseWithLength(body, len);
  cr_assert(m, "invalid JSON out: %s", body);
  if (o->n < 32) o->msgs[o->n++] = m;
  else cJSON_Delete(m);
}

static void frame(FILE *f, const char *body) { fprintf(f, "Content-Length: %zu\r\n\r\n%s", strlen(body), body); }

/* Runs the server on `input` (len bytes); returns its exit status and
** parses everything it wrote into out. The loop must close cleanly. */
static int serve(const char *input, size_t len, output *out) {
  int in = memfd_create("in", 0), outfd = memfd_create("out", 0);
  cr_assert(in >= 0 && outfd >= 0);
  cr_assert_eq(write(in, input, len), (ssize_t)len);
  lseek(in, 0, SEEK_SET);
  uv_loop_t loop;
  uv_loop_init(&loop);
  ms_lsp *server = ms_lsp_new(&loop, in, outfd);
  int status = ms_lsp_run(server);
  ms_lsp_delete(server);
  cr_assert_eq(uv_loop_close(&loop), 0, "a handle or request outlived the server");
  off_t n = lseek(outfd, 0, SEEK_END);
  char *buf = malloc((size_t)n + 1);
  cr_assert_eq(pread(outfd, buf, (size_t)n, 0), n);
  ms_frame_parser *p = ms_frame_parser_new(1 << 24);
  ms_frame_handlers h = {keep, NULL};
  out->n = 0;
  ms_frame_parser_feed(p, buf, (size_t)n, &h, out);
  ms_frame_parser_delete(p);
  free(buf);
  close(in);
  close(outfd);
  return status;
}

static const cJSON *find_publish(const output *o) {
  for (int i = o->n - 1; i >= 0; i--) {
    const cJSON *m = cJSON_GetObjectItem(o->msgs[i], "method");
    if (m && !strcmp(m->valuestring, "textDocument/publishDiagnostics")) return o->msgs[i];
  }
  return NULL;
}

static void free_output(output *o) {
  for (int i = 0; i < o->n; i++) cJSON_Delete(o->msgs[i]);
}

/* initialize, didOpen of `text_json` (already a JSON string literal), then
** what `tail` adds (NULL: shutdown + exit). */
static char *session_input(const char *text_json, const char *tail, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  frame(f, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"capabilities\":{}}}");
  frame(f, "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\",\"params\":{}}");
  char *open = NULL;
  cr_assert(asprintf(&open,
                     "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":"
                     "{\"uri\":\"file:///t.mlir\",\"languageId\":\"mlir\",\"version\":1,\"text\":%s}}}",
                     text_json) > 0);
  frame(f, open);
  free(open);
  if (tail) {
    fputs(tail, f);
  } else {
    frame(f, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}");
    frame(f, "{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
  }
  fclose(f);
  return buf;
}

Test(hardening, nul_escape_does_not_cut_the_document) {
  /* Line 0 holds a NUL; the error on line 1 must still be found there. */
  const char *text = "\"// a\\u0000b\\n%0 = \\\"test.broadcastable\\\"(%a, %b) : "
                     "(tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\\n\"";
  size_t len;
  char *input = session_input(text, NULL, &len);
  output o;
  cr_assert_eq(serve(input, len, &o), 0);
  const cJSON *pub = find_publish(&o);
  cr_assert(pub);
  const cJSON *diags = cJSON_GetObjectItem(cJSON_GetObjectItem(pub, "params"), "diagnostics");
  bool found = false;
  const cJSON *d;
  cJSON_ArrayForEach(d, diags) {
    const cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(d, "range"), "start");
    const char *code = cJSON_GetObjectItem(d, "code")->valuestring;
    if (!strcmp(code, "incompatible-dims")) found = cJSON_GetObjectItem(start, "line")->valueint == 1;
  }
  cr_assert(found, "the op after the NUL was not checked on its line");
  free_output(&o);
  free(input);
}

Test(hardening, raw_invalid_utf8_in_a_document_comes_back_repaired) {
  const char *text = "\"\xFF\xFE \\\"t\\\"() : () -> ()\\n\"";
  size_t len;
  char *input = session_input(text, NULL, &len);
  output o;
  cr_assert_eq(serve(input, len, &o), 0); /* keep() checks every body is UTF-8 */
  const cJSON *pub = find_publish(&o);
  cr_assert(pub);
  char *s = cJSON_PrintUnformatted(pub);
  cr_assert(strstr(s, "\xEF\xBF\xBD"), "the bad bytes should be quoted as U+FFFD: %s", s);
  free(s);
  free_output(&o);
  free(input);
}

Test(hardening, exit_before_the_end_of_a_file_input_closes_the_loop) {
  /* Found by fuzz_rpc: `exit` left a uv_fs_read of the rest in flight. */
  char tail[70000];
  size_t n = (size_t)snprintf(tail, sizeof tail, "Content-Length: 33\r\n\r\n{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}");
  memset(tail + n, ' ', sizeof tail - n - 1); /* more input after exit */
  tail[sizeof tail - 1] = '\0';
  size_t len;
  char *input = session_input("\"\"", tail, &len);
  output o;
  cr_assert_eq(serve(input, len, &o), 1, "exit without shutdown is status 1");
  free_output(&o);
  free(input);
}

/* ---- session: broken text reads as a fresh parse reads it ----------------- */

static const char fn_text[] =
    "func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {\n"
    "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>\n"
    "  %1 = \"test.broadcastable\"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<?xi32>\n"
    "  return %0 : tensor<3xi32>\n"
    "}\n";

Test(hardening, broken_edit_reads_as_a_fresh_parse, .fini = test_catalog_release) {
  /* Found by fuzz_edits: the incremental reparse recovered from the error
  ** elsewhere than a fresh parse of the same text. */
  ms_session *s = session_open("file:///t.mlir", fn_text, strlen(fn_text));
  ms_session_update(s);
  ms_position a = {0, 10}, b = {0, 18};
  cr_assert(ms_session_edit(s, a, b, "}", 1, MS_ENCODING_UTF8));
  ms_position c = {2, 69}, d = {2, 75};
  cr_assert(ms_session_edit(s, c, d, "}", 1, MS_ENCODING_UTF8));
  ms_session_update(s);
  session_expect_fresh(s, 0, 0);
  ms_session_delete(s);
}

Test(hardening, brackets_opened_and_closed_in_two_chunks, .fini = test_catalog_release) {
  /* A module wrapped around functions that sit in different chunks: each
  ** chunk is broken on its own, the whole text is valid. */
  char text[4096] = "";
  for (int i = 0; i < 8; i++) strcat(text, fn_text);
  ms_session *s = session_open("file:///t.mlir", text, strlen(text));
  ms_session_set_chunking(s, 600, 300);
  ms_session_update(s);
  cr_assert_gt(ms_session_trees(s, NULL, 0), 2);
  ms_position end = {8 * 5, 0}, start = {5, 0};
  cr_assert(ms_session_edit(s, end, end, "}\n", 2, MS_ENCODING_UTF8));
  ms_session_update(s);
  cr_assert(ms_session_edit(s, start, start, "module {\n", 9, MS_ENCODING_UTF8));
  ms_session_update(s);
  char *now = session_findings(s);
  cr_assert_null(strstr(now, "syntax-error"), "the text is valid:\n%s", now);
  free(now);
  session_expect_fresh(s, 600, 0);
  ms_session_delete(s);
}

/* ---- rule files and attributes -------------------------------------------- */

Test(hardening, rule_files_too_big_or_too_deep_are_refused_clearly) {
  ms_catalog *c = ms_catalog_new();
  char err[256], dir[] = "/tmp/ms-test-rules-XXXXXX", path[300];
  cr_assert(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/big.json", dir);
  FILE *f = fopen(path, "w");
  cr_assert_eq(ftruncate(fileno(f), (off_t)100 << 20), 0); /* sparse: never read */
  fclose(f);
  cr_assert_not(ms_catalog_load_file(c, path, err, sizeof err));
  cr_assert(strstr(err, "104857600 bytes, over the 16 MiB limit for rule files"), "%s", err);
  cr_assert_not(ms_catalog_load_file(c, "/dev/zero", err, sizeof err));
  cr_assert_str_eq(err, "/dev/zero: cannot read: not a regular file");
  char *deep = malloc(20001);
  memset(deep, '[', 10000);
  memset(deep + 10000, ']', 10000);
  deep[20000] = '\0';
  cr_assert_not(ms_catalog_load(c, "deep.json", deep, 20000, err, sizeof err));
  cr_assert_str_eq(err, "deep.json:1:1001: arrays and objects nested more than 1000 deep");
  cr_assert_eq(ms_catalog_count(c), 0);
  free(deep);
  ms_catalog_delete(c);
  snprintf(path, sizeof path, "rm -rf %s", dir);
  cr_assert_eq(system(path), 0);
}

Test(hardening, dense_lists_nested_deeper_than_any_shape_are_refused) {
  char text[20100] = "dense<";
  for (int i = 0; i < 10000; i++) strcat(text, "[");
  for (int i = 0; i < 10000; i++) strcat(text, "]");
  strcat(text, "> : tensor<1xi64>");
  int64_t dims[32];
  int rank;
  char err[128];
  cr_assert_not(ms_attr_parse_dense_shape(text, strlen(text), dims, 32, &rank, err, sizeof err));
  cr_assert(strstr(err, "nested more than 64 deep"), "%s", err);
}


Test(hardening, positions_past_two_to_the_32_do_not_wrap) {
  /* Found by tests/lsp/hostile.test.js: line 2^32 was cast to line 0. */
  cJSON *o = cJSON_Parse("{\"line\": 4294967296, \"character\": 1e300}");
  ms_position p;
  cr_assert(ms_feature_read_position(o, &p));
  cr_assert_eq(p.line, UINT32_MAX);
  cr_assert_eq(p.character, UINT32_MAX);
  cJSON_Delete(o);
  o = cJSON_Parse("{\"line\": -1, \"character\": 0}");
  cr_assert_not(ms_feature_read_position(o, &p));
  cJSON_Delete(o);
}

static char *symbols_json(const char *text, size_t threshold) {
  ms_session *s = session_open("file:///s.mlir", text, strlen(text));
  if (threshold) ms_session_set_chunking(s, threshold, threshold / 2);
  ms_session_update(s);
  if (threshold) cr_assert_gt(ms_session_trees(s, NULL, 0), 2);
  cJSON *params = cJSON_Parse("{\"textDocument\": {\"uri\": \"file:///s.mlir\"}}");
  cJSON *r = ms_feature_document_symbols(s, params, MS_ENCODING_UTF16);
  char *json = cJSON_PrintUnformatted(r);
  cJSON_Delete(r);
  cJSON_Delete(params);
  ms_session_delete(s);
  return json;
}

Test(hardening, chunked_document_symbols_equal_unchunked, .fini = test_catalog_release) {
  /* Found by the soak: an op after the module moved the module's
  ** functions to the top level when the document was chunked. */
  char text[8192] = "module {\n";
  for (int i = 0; i < 8; i++) strcat(text, fn_text);
  strcat(text, "}\n\"test.after\"() : () -> ()\n");
  char *whole = symbols_json(text, 0), *chunked = symbols_json(text, 600);
  cr_assert_str_eq(chunked, whole);
  cr_assert(strstr(whole, "\"name\":\"test.after\""));
  free(whole);
  free(chunked);
}

/* ---- nesting limit (issue 21, class 1) ----------------------------------- */

const TSLanguage *tree_sitter_mlir(void);

static TSTree *parse_nested(const char *text, ms_diag_list *found) {
  TSParser *parser = ts_parser_new();
  cr_assert(ts_parser_set_language(parser, tree_sitter_mlir()));
  TSTree *tree = ms_nesting_parse(parser, NULL, text, (uint32_t)strlen(text), NULL, 0, found);
  ts_parser_delete(parser);
  return tree;
}

Test(hardening, unclosed_parens_past_the_limit_leave_the_parse_and_say_so) {
  size_t n = 70000;
  char *text = malloc(n + 32);
  strcpy(text, "func.func @f() {\n");
  size_t at = strlen(text);
  memset(text + at, '(', n);
  text[at + n] = 0;
  ms_diag_list found;
  ms_diag_list_init(&found);
  TSTree *tree = parse_nested(text, &found);
  cr_assert_not_null(tree);
  cr_assert_eq(found.count, 1);
  cr_assert_str_eq(found.items[0].code, MS_CODE_NESTING);
  /* The func's `{` is the first bracket: the 1,001st is the 1,000th `(`. */
  cr_assert_eq(found.items[0].start, at + MS_NESTING_MAX - 1);
  ts_tree_delete(tree);
  ms_diag_list_clear(&found);
  free(text);
}

Test(hardening, text_after_a_too_deep_part_is_parsed) {
  /* 1,500 nested arrays in one attribute, then an op after it. */
  char *text = malloc(8000);
  char *p = text;
  p += sprintf(p, "\"test.a\"() {x = ");
  for (int i = 0; i < 1500; i++) *p++ = '[';
  for (int i = 0; i < 1500; i++) *p++ = ']';
  p += sprintf(p, "} : () -> ()\n\"test.b\"() : () -> ()\n");
  ms_diag_list found;
  ms_diag_list_init(&found);
  TSTree *tree = parse_nested(text, &found);
  cr_assert_eq(found.count, 1);
  TSNode root = ts_tree_root_node(tree);
  cr_assert_not(ts_node_has_error(root), "%s", ts_node_string(root));
  cr_assert_eq(ts_node_named_child_count(root), 2, "both ops are in the tree");
  ts_tree_delete(tree);
  ms_diag_list_clear(&found);
  free(text);
}

/* ---- reading (issue 21, classes 2 and 3) --------------------------------- */

Test(hardening, a_mapped_file_truncated_under_us_reads_zeros_and_says_so) {
  char path[] = "/tmp/ms-shrink.XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  size_t len = 1 << 20;
  char *data = malloc(len);
  memset(data, 'x', len);
  for (size_t i = 80; i < len; i += 81) data[i] = '\n';
  cr_assert_eq(write(fd, data, len), (ssize_t)len);
  ms_source src;
  char err[256];
  cr_assert(ms_source_open(&src, path, err, sizeof err), "%s", err);
  cr_assert_not(ms_source_shrank(&src));
  cr_assert_eq(ftruncate(fd, 4096), 0);
  /* A read past the new end: no SIGBUS, zeros. */
  volatile char c = src.text[len - 10];
  cr_assert_eq(c, 0);
  cr_assert(ms_source_shrank(&src));
  ms_source_close(&src);
  close(fd);
  unlink(path);
  free(data);
}

Test(hardening, dev_zero_stops_at_the_stream_limit) {
  ms_source src;
  char err[256];
  cr_assert_not(ms_source_open(&src, "/dev/zero", err, sizeof err));
  cr_assert(strstr(err, "larger than 268435456 bytes"), "%s", err);
}

/* ---- scanner (issue 21, class 6) ----------------------------------------- */

Test(hardening, a_type_nested_80000_deep_is_one_token) {
  size_t n = 80000;
  char *text = malloc(n * 8 + 64);
  char *p = text + sprintf(text, "func.func @f(%%a: ");
  for (size_t i = 0; i < n; i++) p += sprintf(p, "tensor<");
  p += sprintf(p, "f32");
  memset(p, '>', n);
  p += n;
  strcpy(p, ") {\n  return\n}\n");
  TSTree *tree = parse_nested(text, NULL);
  cr_assert_not(ts_node_has_error(ts_tree_root_node(tree)));
  ts_tree_delete(tree);
  free(text);
}
