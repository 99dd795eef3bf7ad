/*
** test_features.c: unit tests of features.h on sessions built from MLIR
** snippets with the builtin catalog: hover (op table, SSA values, files
** with syntax errors), inlay hints, code actions, definition / references /
** highlights (SSA values, block labels, symbols; non-ASCII text in UTF-16
** and UTF-8), document symbols, folding ranges and mlirShape/inferredShape.
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "helpers.h"
#include "queries.h"
#include "session.h"

static const char sample[] =
    "func.func @f(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<?x3xi32> {\n"
    "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<?x3xi32>\n"
    "  %1 = \"test.broadcastable\"(%0, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>\n"
    "  %2 = \"test.broadcastable\"(%1, %a) : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x4xi32>\n"
    "  %4 = func.call @g(%0) : (tensor<?x3xi32>) -> tensor<?x3xi32>\n"
    "  cf.br ^bb1\n"
    "^bb1:\n"
    "  return %0 : tensor<?x3xi32>\n"
    "}\n"
    "func.func @g(%x: tensor<?x3xi32>) -> tensor<?x3xi32> {\n"
    "  return %x : tensor<?x3xi32>\n"
    "}\n";

TestSuite(features, .fini = test_catalog_release);

typedef cJSON *(*feature_fn)(ms_session *, const cJSON *, ms_encoding);

static cJSON *call(feature_fn fn, ms_session *s, const char *params, ms_encoding enc) {
  cJSON *p = cJSON_Parse(params);
  cr_assert(p, "bad params %s", params);
  cJSON *r = fn(s, p, enc);
  cJSON_Delete(p);
  return r;
}

/* The LSP position (UTF-16) of the nth occurrence of needle, plus delta bytes. */
static ms_position pos_of(ms_session *s, const char *needle, int nth, int delta) {
  const char *text = ms_document_text(ms_session_document(s), NULL);
  const char *p = text;
  for (int i = 0; i <= nth; i++) {
    p = strstr(i ? p + 1 : p, needle);
    cr_assert(p, "no %s #%d", needle, nth);
  }
  return ms_document_position(ms_session_document(s), (size_t)(p - text) + (size_t)delta, MS_ENCODING_UTF16);
}

static char *at(ms_position p) {
  static char buf[4][128];
  static int k;
  char *b = buf[k++ % 4];
  snprintf(b, 128, "{\"textDocument\":{\"uri\":\"file:///t.mlir\"},\"position\":{\"line\":%u,\"character\":%u}}",
           p.line, p.character);
  return b;
}

static int num(const cJSON *o, const char *path) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", path);
  const cJSON *cur = o;
  for (char *tok = strtok(buf, "."); tok; tok = strtok(NULL, ".")) {
    if (cJSON_IsArray(cur)) cur = cJSON_GetArrayItem(cur, atoi(tok));
    else cur = cJSON_GetObjectItemCaseSensitive(cur, tok);
    cr_assert(cur, "no %s", path);
  }
  cr_assert(cJSON_IsNumber(cur), "%s not a number", path);
  return cur->valueint;
}

static const char *str(const cJSON *o, const char *path) {
  char buf[128];
  snprintf(buf, sizeof buf, "%s", path);
  const cJSON *cur = o;
  for (char *tok = strtok(buf, "."); tok; tok = strtok(NULL, ".")) {
    if (cJSON_IsArray(cur)) cur = cJSON_GetArrayItem(cur, atoi(tok));
    else cur = cJSON_GetObjectItemCaseSensitive(cur, tok);
    cr_assert(cur, "no %s", path);
  }
  cr_assert(cJSON_IsString(cur), "%s not a string", path);
  return cur->valuestring;
}

static void assert_range(const cJSON *range, unsigned l0, unsigned c0, unsigned l1, unsigned c1) {
  char *t = cJSON_PrintUnformatted(range);
  cr_assert_eq((unsigned)num(range, "start.line"), l0, "%s", t);
  cr_assert_eq((unsigned)num(range, "start.character"), c0, "%s", t);
  cr_assert_eq((unsigned)num(range, "end.line"), l1, "%s", t);
  cr_assert_eq((unsigned)num(range, "end.character"), c1, "%s", t);
  free(t);
}

/* ------------------------------------------------------------------ */

Test(features, hover_op_table) {
  ms_session *s = test_session_of(sample);
  cJSON *h = call(ms_feature_hover, s, at(pos_of(s, "test.broadcastable", 0, 3)), MS_ENCODING_UTF16);
  cr_assert(h);
  const char *md = str(h, "contents.value");
  cr_assert_str_eq(str(h, "contents.kind"), "markdown");
  cr_assert(strstr(md, "**test.broadcastable** — rule `mlir` (upstream profile)"), "%s", md);
  cr_assert(strstr(md, "Inferred result: `tensor<2x3xi32>` · declared `tensor<?x3xi32>`"), "%s", md);
  cr_assert(strstr(md, "| dim | %a | %b | inferred | declared | verdict |"), "%s", md);
  cr_assert(strstr(md, "| 0 | 2 | – | 2 | ? |"), "%s", md);
  cr_assert(strstr(md, "| 1 | 1 | 3 | 3 | 3 |"), "%s", md);
  /* The range is the op name, quotes included. */
  assert_range(cJSON_GetObjectItem(h, "range"), 1, 7, 1, 27);
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, hover_op_findings_anywhere_in_op) {
  ms_session *s = test_session_of(sample);
  /* On the result type of the third op (not on a value). */
  cJSON *h = call(ms_feature_hover, s, at(pos_of(s, "tensor<2x4xi32>", 0, 2)), MS_ENCODING_UTF16);
  cr_assert(h);
  const char *md = str(h, "contents.value");
  cr_assert(strstr(md, "| dim | %1 | %a |"), "%s", md);
  cr_assert(strstr(md, "| 1 | 3 | 1 | 3 | 4 |"), "%s", md);
  cr_assert(strstr(md, "- error `result-dim`: result dim 1 is 4 but the operands infer 3"), "%s", md);
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, hover_value_type_and_definition) {
  ms_session *s = test_session_of(sample);
  cJSON *h = call(ms_feature_hover, s, at(pos_of(s, "%0", 1, 1)), MS_ENCODING_UTF16);
  cr_assert(h);
  const char *md = str(h, "contents.value");
  cr_assert(strstr(md, "`%0`: `tensor<?x3xi32>`"), "%s", md);
  cr_assert(strstr(md, "Defined at line 2"), "%s", md);
  assert_range(cJSON_GetObjectItem(h, "range"), 2, 28, 2, 30);
  cJSON_Delete(h);
  /* A function argument. */
  h = call(ms_feature_hover, s, at(pos_of(s, "%x", 1, 0)), MS_ENCODING_UTF16);
  cr_assert(strstr(str(h, "contents.value"), "`%x`: `tensor<?x3xi32>`"));
  cr_assert(strstr(str(h, "contents.value"), "line 10"));
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, hover_outside_ops_is_null) {
  ms_session *s = test_session_of("// just a comment\n\n");
  cr_assert_null(call(ms_feature_hover, s, at((ms_position){0, 3}), MS_ENCODING_UTF16));
  ms_session_delete(s);
}

Test(features, hover_in_file_with_syntax_errors) {
  static const char text[] =
      "func.func @f(%a: tensor<2xf32>, %b: tensor<3x1xf32>) {\n"
      "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>\n"
      "  %1 = \"broken\"(%0 : ) -> \n"
      "  return\n"
      "}\n";
  ms_session *s = test_session_of(text);
  ms_diag_list l;
  ms_diag_list_init(&l);
  ms_session_diagnostics(s, &l);
  bool syntax = false;
  for (size_t i = 0; i < l.count; i++) syntax |= !strcmp(l.items[i].code, "syntax-error");
  cr_assert(syntax, "the snippet must have a syntax error");
  ms_diag_list_clear(&l);
  cJSON *h = call(ms_feature_hover, s, at(pos_of(s, "test.broadcastable", 0, 1)), MS_ENCODING_UTF16);
  cr_assert(h);
  cr_assert(strstr(str(h, "contents.value"), "Inferred result: `tensor<3x2xf32>`"), "%s", str(h, "contents.value"));
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, inferred_shape_request) {
  ms_session *s = test_session_of(sample);
  cJSON *r = call(ms_feature_inferred_shape, s, at(pos_of(s, "test.broadcastable", 2, 0)), MS_ENCODING_UTF16);
  cr_assert_str_eq(str(r, "type"), "tensor<2x3xi32>");
  cr_assert_str_eq(str(r, "rule"), "mlir");
  cr_assert(strstr(str(r, "markdown"), "declared `tensor<2x4xi32>`"));
  cJSON_Delete(r);
  /* Not on a checked op: every field null. */
  r = call(ms_feature_inferred_shape, s, at(pos_of(s, "func.call", 0, 2)), MS_ENCODING_UTF16);
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "type")));
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "rule")));
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "markdown")));
  cJSON_Delete(r);
  ms_session_delete(s);
}

/* ------------------------------------------------------------------ */

Test(features, inlay_hints_in_range) {
  ms_session *s = test_session_of(sample);
  cJSON *r = call(ms_feature_inlay_hints, s,
                  "{\"range\":{\"start\":{\"line\":0,\"character\":0},\"end\":{\"line\":20,\"character\":0}}}",
                  MS_ENCODING_UTF16);
  /* %0 (declared ?x3, less precise) and %2 (declared 2x4, wrong); not %1. */
  cr_assert_eq(cJSON_GetArraySize(r), 2);
  cr_assert_eq(num(r, "0.position.line"), 1);
  cr_assert_eq(num(r, "0.position.character"), 89); /* end of `tensor<?x3xi32>` */
  cr_assert_str_eq(str(r, "0.label"), "⇒ tensor<2x3xi32>");
  cr_assert_eq(num(r, "0.kind"), 1);
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "paddingLeft")));
  cr_assert(strstr(str(r, "0.tooltip"), "tensor<?x3xi32>"));
  cr_assert_eq(num(r, "1.position.line"), 3);
  cr_assert_eq(num(r, "1.position.character"), 91);
  cJSON_Delete(r);
  /* Only line 3 requested. */
  r = call(ms_feature_inlay_hints, s,
           "{\"range\":{\"start\":{\"line\":3,\"character\":0},\"end\":{\"line\":4,\"character\":0}}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 1);
  cr_assert_eq(num(r, "0.position.line"), 3);
  cJSON_Delete(r);
  ms_session_delete(s);
}

/* ------------------------------------------------------------------ */

/* Applies the first action's single edit to the document's text. */
static char *apply_first(ms_session *s, const cJSON *actions, ms_encoding enc) {
  const cJSON *changes = cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(actions, 0), "edit"), "changes");
  const cJSON *edits = cJSON_GetObjectItem(changes, "file:///t.mlir");
  cr_assert_eq(cJSON_GetArraySize(edits), 1);
  const cJSON *e = cJSON_GetArrayItem(edits, 0);
  ms_position a = {(uint32_t)num(e, "range.start.line"), (uint32_t)num(e, "range.start.character")};
  ms_position b = {(uint32_t)num(e, "range.end.line"), (uint32_t)num(e, "range.end.character")};
  size_t len;
  const char *text = ms_document_text(ms_session_document(s), &len);
  size_t x = ms_document_offset(ms_session_document(s), a, enc), y = ms_document_offset(ms_session_document(s), b, enc);
  const char *nt = str(e, "newText");
  char *out = malloc(len + strlen(nt) + 1);
  sprintf(out, "%.*s%s%s", (int)x, text, nt, text + y);
  return out;
}

Test(features, code_action_replace_result_type) {
  ms_session *s = test_session_of(sample);
  cJSON *r = call(ms_feature_code_actions, s,
                  "{\"textDocument\":{\"uri\":\"file:///t.mlir\"},"
                  "\"range\":{\"start\":{\"line\":3,\"character\":80},\"end\":{\"line\":3,\"character\":80}},"
                  "\"context\":{\"diagnostics\":[{\"range\":{\"start\":{\"line\":3,\"character\":76},"
                  "\"end\":{\"line\":3,\"character\":91}},\"code\":\"result-dim\",\"message\":\"m\"}]}}",
                  MS_ENCODING_UTF16);
  /* The quick fix, then the actions every finding gets (actions.h). */
  cr_assert_eq(cJSON_GetArraySize(r), 3);
  cr_assert_str_eq(str(r, "0.title"), "Replace result type with tensor<2x3xi32>");
  cr_assert_str_eq(str(r, "1.title"), "Add `// expected-error` annotation");
  cr_assert_str_eq(str(r, "2.title"), "Disable result-dim for this line");
  cr_assert_str_eq(str(r, "0.kind"), "quickfix");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "isPreferred")));
  cr_assert_str_eq(str(r, "0.diagnostics.0.code"), "result-dim");
  char *fixed = apply_first(s, r, MS_ENCODING_UTF16);
  cr_assert(strstr(fixed, "(tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x3xi32>\n"), "%s", fixed);
  cr_assert_null(strstr(fixed, "2x4"));
  free(fixed);
  cJSON_Delete(r);
  /* A range without any checked op whose result differs: nothing. */
  r = call(ms_feature_code_actions, s,
           "{\"range\":{\"start\":{\"line\":2,\"character\":3},\"end\":{\"line\":2,\"character\":3}},"
           "\"context\":{\"diagnostics\":[]}}",
           MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 0);
  cJSON_Delete(r);
  ms_session_delete(s);
}

Test(features, code_action_less_precise_without_diagnostic) {
  ms_session *s = test_session_of(sample);
  cJSON *r = call(ms_feature_code_actions, s,
                  "{\"range\":{\"start\":{\"line\":1,\"character\":3},\"end\":{\"line\":1,\"character\":3}},"
                  "\"context\":{\"diagnostics\":[]}}",
                  MS_ENCODING_UTF16);
  /* The quick fix on the op only: %0 is refined to tensor<2x3xi32> but
  ** passed to func.call @g, whose signature (another unit) says ?x3, so
  ** refining it would not verify and is not offered. */
  cr_assert_eq(cJSON_GetArraySize(r), 1);
  cr_assert_str_eq(str(r, "0.kind"), "quickfix");
  cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "diagnostics")), 0);
  char *fixed = apply_first(s, r, MS_ENCODING_UTF16);
  cr_assert(strstr(fixed, "(tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>\n  %1"), "%s", fixed);
  free(fixed);
  cJSON_Delete(r);
  ms_session_delete(s);
}

Test(features, code_action_type_mismatch_utf8_and_utf16) {
  /* `é😀` before the use's type: 6 bytes, 3 UTF-16 units. */
  static const char text[] =
      "func.func @f(%a: tensor<2xf32>) {\n"
      "  %0 = \"test.broadcastable\"(%a, %a) {n = \"é😀\"} : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n"
      "  return\n"
      "}\n";
  ms_session *s = test_session_of(text);
  ms_diag_list l;
  ms_diag_list_init(&l);
  ms_session_diagnostics(s, &l);
  const ms_diagnostic *mm = NULL;
  for (size_t i = 0; i < l.count; i++)
    if (!strcmp(l.items[i].code, "type-mismatch")) mm = &l.items[i];
  cr_assert(mm && mm->has_related);
  for (int e = 0; e < 2; e++) {
    ms_encoding enc = e ? MS_ENCODING_UTF8 : MS_ENCODING_UTF16;
    ms_position a = ms_document_position(ms_session_document(s), mm->start, enc);
    ms_position b = ms_document_position(ms_session_document(s), mm->end, enc);
    ms_position ra = ms_document_position(ms_session_document(s), mm->related_start, enc);
    ms_position rb = ms_document_position(ms_session_document(s), mm->related_end, enc);
    /* The use's type `tensor<3xf32>` is at UTF-16 column 66, UTF-8 column 69. */
    cr_assert_eq(a.character, e ? 69u : 66u);
    char params[1024];
    snprintf(params, sizeof params,
             "{\"range\":{\"start\":{\"line\":1,\"character\":%u},\"end\":{\"line\":1,\"character\":%u}},"
             "\"context\":{\"diagnostics\":[{\"range\":{\"start\":{\"line\":%u,\"character\":%u},"
             "\"end\":{\"line\":%u,\"character\":%u}},\"code\":\"type-mismatch\",\"message\":\"m\","
             "\"relatedInformation\":[{\"location\":{\"uri\":\"file:///t.mlir\",\"range\":{\"start\":{\"line\":%u,"
             "\"character\":%u},\"end\":{\"line\":%u,\"character\":%u}}},\"message\":\"d\"}]}]}}",
             a.character, a.character, a.line, a.character, b.line, b.character, ra.line, ra.character, rb.line,
             rb.character);
    cJSON *r = call(ms_feature_code_actions, s, params, enc);
    cr_assert_eq(cJSON_GetArraySize(r), 3, "%s", cJSON_PrintUnformatted(r));
    cr_assert_str_eq(str(r, "0.title"), "Change type to tensor<2xf32>");
    cr_assert_str_eq(str(r, "2.title"), "Disable type-mismatch for this line");
    char *fixed = apply_first(s, r, enc);
    cr_assert(strstr(fixed, "\"é😀\"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"), "%s", fixed);
    free(fixed);
    cJSON_Delete(r);
  }
  ms_diag_list_clear(&l);
  ms_session_delete(s);
}

/* ------------------------------------------------------------------ */

Test(features, definition_references_highlight_ssa) {
  ms_session *s = test_session_of(sample);
  cJSON *d = call(ms_feature_definition, s, at(pos_of(s, "return %0", 0, 8)), MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(d), 1);
  cr_assert_str_eq(str(d, "0.uri"), "file:///t.mlir");
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(d, 0), "range"), 1, 2, 1, 4);
  cJSON_Delete(d);

  const char *refs_with = "{\"position\":{\"line\":1,\"character\":3},\"context\":{\"includeDeclaration\":true}}";
  const char *refs_without = "{\"position\":{\"line\":1,\"character\":3},\"context\":{\"includeDeclaration\":false}}";
  cJSON *r = call(ms_feature_references, s, refs_with, MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 4); /* def, %1's operand, func.call's operand, return */
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "range"), 1, 2, 1, 4);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 3), "range"), 7, 9, 7, 11);
  cJSON_Delete(r);
  r = call(ms_feature_references, s, refs_without, MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 3);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "range"), 2, 28, 2, 30);
  cJSON_Delete(r);

  cJSON *h = call(ms_feature_highlight, s, at(pos_of(s, "%b)", 0, 0)), MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(h), 3); /* the argument and two uses */
  cr_assert_eq(num(h, "0.kind"), 3);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(h, 0), "range"), 0, 34, 0, 36);
  cr_assert_eq(num(h, "1.kind"), 2);
  cr_assert_eq(num(h, "2.kind"), 2);
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, ssa_scoped_per_function) {
  static const char text[] =
      "func.func @f(%a: tensor<2xf32>) {\n  return %a : tensor<2xf32>\n}\n"
      "func.func @g(%a: tensor<3xf32>) {\n  return %a : tensor<3xf32>\n}\n";
  ms_session *s = test_session_of(text);
  cJSON *r = call(ms_feature_references, s,
                  "{\"position\":{\"line\":4,\"character\":10},\"context\":{\"includeDeclaration\":true}}",
                  MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 2);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "range"), 3, 13, 3, 15);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 1), "range"), 4, 9, 4, 11);
  cJSON_Delete(r);
  ms_session_delete(s);
}

Test(features, positions_after_non_ascii_both_encodings) {
  /* Line 1 has `é` (2 bytes, 1 unit) and `😀` (4 bytes, 2 units) before %v. */
  static const char text[] =
      "func.func @f(%a: tensor<2xf32>) {\n"
      "  %0 = \"x.y\"() {s = \"é😀\"} : () -> tensor<2xf32> loc(\"😀\")\n"
      "  %1 = \"x.z\"(%0) {s = \"é😀\"} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "  return %1 : tensor<2xf32>\n"
      "}\n";
  ms_session *s = test_session_of(text);
  /* %0's use on line 2 comes before the non-ASCII text; its definition's
  ** line has non-ASCII text after it. */
  cJSON *d16 = call(ms_feature_definition, s, "{\"position\":{\"line\":2,\"character\":15}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(d16), 1);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(d16, 0), "range"), 1, 2, 1, 4);
  cJSON_Delete(d16);
  /* On line 3 `return %1`: references of %1 include its use on line 3. */
  cJSON *h = call(ms_feature_highlight, s, "{\"position\":{\"line\":3,\"character\":10}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(h), 2);
  cJSON_Delete(h);
  cJSON *sym16 = call(ms_feature_document_symbols, s, "{}", MS_ENCODING_UTF16);
  cJSON *sym8 = call(ms_feature_document_symbols, s, "{}", MS_ENCODING_UTF8);
  /* x.y's range ends at the end of line 1: UTF-16 58, UTF-8 63. */
  cr_assert_str_eq(str(sym16, "0.children.0.name"), "x.y");
  cr_assert_eq(num(sym16, "0.children.0.range.end.character"), 58);
  cr_assert_eq(num(sym8, "0.children.0.range.end.character"), 63);
  /* x.z's name starts before the non-ASCII text: equal in both. */
  cr_assert_eq(num(sym16, "0.children.1.selectionRange.start.character"), 7);
  cr_assert_eq(num(sym8, "0.children.1.selectionRange.start.character"), 7);
  cJSON_Delete(sym16);
  cJSON_Delete(sym8);
  ms_session_delete(s);
}

Test(features, value_after_non_ascii_in_utf16_and_utf8) {
  /* A custom op whose operand %0 follows non-ASCII text on its line. */
  static const char text2[] =
      "func.func @f(%a: tensor<2xf32>) {\n"
      "  %0 = \"x.y\"() : () -> tensor<2xf32>\n"
      "  x.c \"é😀\", %0 : tensor<2xf32>\n"
      "  return\n"
      "}\n";
  ms_session *s = test_session_of(text2);
  /* `  x.c "é😀", ` is 2+4+8+2 = 16 bytes, 2+4+5+2 = 13 UTF-16 units. */
  for (int e = 0; e < 2; e++) {
    ms_encoding enc = e ? MS_ENCODING_UTF8 : MS_ENCODING_UTF16;
    unsigned col = e ? 16 : 13;
    char params[256];
    snprintf(params, sizeof params, "{\"position\":{\"line\":2,\"character\":%u},\"context\":{\"includeDeclaration\":true}}",
             col + 1);
    cJSON *r = call(ms_feature_references, s, params, enc);
    cr_assert_eq(cJSON_GetArraySize(r), 2, "%s", cJSON_PrintUnformatted(r));
    assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "range"), 1, 2, 1, 4);
    assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 1), "range"), 2, col, 2, col + 2);
    cJSON_Delete(r);
    cJSON *h = call(ms_feature_hover, s, params, enc);
    cr_assert(h);
    assert_range(cJSON_GetObjectItem(h, "range"), 2, col, 2, col + 2);
    cJSON_Delete(h);
  }
  ms_session_delete(s);
}

Test(features, block_labels) {
  static const char text[] =
      "func.func @f(%c: i1) {\n"
      "  cf.cond_br %c, ^bb1, ^bb2\n"
      "^bb1:\n"
      "  \"scf.x\"() ({\n"
      "  ^bb1:\n"
      "    \"t.y\"() : () -> ()\n"
      "  }) : () -> ()\n"
      "  cf.br ^bb2\n"
      "^bb2:\n"
      "  return\n"
      "}\n";
  ms_session *s = test_session_of(text);
  /* ^bb1 in cond_br goes to the outer label, not the nested region's. */
  cJSON *d = call(ms_feature_definition, s, "{\"position\":{\"line\":1,\"character\":18}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(d), 1);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(d, 0), "range"), 2, 0, 2, 4);
  cJSON_Delete(d);
  cJSON *h = call(ms_feature_highlight, s, "{\"position\":{\"line\":8,\"character\":1}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(h), 3); /* cond_br, br and the label */
  cr_assert_eq(num(h, "0.kind"), 2);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(h, 2), "range"), 8, 0, 8, 4);
  cr_assert_eq(num(h, "2.kind"), 3);
  cJSON_Delete(h);
  ms_session_delete(s);
}

Test(features, symbols_pretty_and_generic) {
  static const char text[] =
      "module {\n"
      "  func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
      "    return %x : tensor<2xf32>\n"
      "  }\n"
      "  \"func.func\"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = \"h\"}> ({\n"
      "  ^bb0(%y: tensor<2xf32>):\n"
      "    %r = func.call @g(%y) : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    \"func.return\"(%r) : (tensor<2xf32>) -> ()\n"
      "  }) : () -> ()\n"
      "  func.func @k(%z: tensor<2xf32>) -> tensor<2xf32> {\n"
      "    %0 = \"func.call\"(%z) {callee = @h} : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    %1 = func.call @g(%0) : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    return %1 : tensor<2xf32>\n"
      "  }\n"
      "}\n";
  ms_session *s = test_session_of(text);
  /* @g: defined on line 1, used on lines 6 and 11 (two other functions). */
  cJSON *d = call(ms_feature_definition, s, "{\"position\":{\"line\":11,\"character\":21}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(d), 1);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(d, 0), "range"), 1, 12, 1, 14);
  cJSON_Delete(d);
  cJSON *r = call(ms_feature_references, s,
                  "{\"position\":{\"line\":1,\"character\":13},\"context\":{\"includeDeclaration\":false}}",
                  MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(r), 2);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 0), "range"), 6, 19, 6, 21);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(r, 1), "range"), 11, 19, 11, 21);
  cJSON_Delete(r);
  /* @h: the generic func.func's sym_name = "h" is its definition. */
  d = call(ms_feature_definition, s, at(pos_of(s, "@h", 0, 1)), MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(d), 1);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(d, 0), "range"), 4, 79, 4, 82);
  cJSON_Delete(d);
  cJSON *h = call(ms_feature_highlight, s, "{\"position\":{\"line\":4,\"character\":80}}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(h), 2);
  cr_assert_eq(num(h, "0.kind"), 3);
  cr_assert_eq(num(h, "1.kind"), 2);
  cJSON_Delete(h);

  /* Document symbols: the module, its three functions, their ops. */
  cJSON *sym = call(ms_feature_document_symbols, s, "{}", MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetArraySize(sym), 1);
  cr_assert_eq(num(sym, "0.kind"), 2);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(sym, 0), "range"), 0, 0, 14, 1);
  const cJSON *funcs = cJSON_GetObjectItem(cJSON_GetArrayItem(sym, 0), "children");
  cr_assert_eq(cJSON_GetArraySize(funcs), 3);
  cr_assert_str_eq(str(funcs, "0.name"), "@g");
  cr_assert_eq(num(funcs, "0.kind"), 12);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(funcs, 0), "range"), 1, 2, 3, 3);
  assert_range(cJSON_GetObjectItem(cJSON_GetArrayItem(funcs, 0), "selectionRange"), 1, 12, 1, 14);
  cr_assert_str_eq(str(funcs, "1.name"), "@h");
  cr_assert_eq(num(funcs, "1.kind"), 12);
  cr_assert_str_eq(str(funcs, "1.children.0.name"), "func.call");
  cr_assert_str_eq(str(funcs, "1.children.0.detail"), "%r");
  cr_assert_str_eq(str(funcs, "1.children.1.name"), "func.return");
  cr_assert_str_eq(str(funcs, "2.name"), "@k");
  cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetArrayItem(funcs, 2), "children")), 3);
  cr_assert_str_eq(str(funcs, "2.children.0.name"), "func.call");
  cr_assert_str_eq(str(funcs, "2.children.0.detail"), "%0");
  cJSON_Delete(sym);
  ms_session_delete(s);
}

Test(features, folding_ranges) {
  static const char text[] =
      "module {\n"                          /* 0 */
      "  func.func @g() {\n"                /* 1 */
      "    \"scf.x\"() ({\n"                /* 2 */
      "      \"t.y\"() : () -> ()\n"        /* 3 */
      "    }) : () -> ()\n"                 /* 4 */
      "    \"t.z\"() ({ \"t.w\"() : () -> () }) : () -> ()\n" /* 5: one line, no fold */
      "    return\n"                        /* 6 */
      "  }\n"                               /* 7 */
      "}\n"                                 /* 8 */
      "{-#\n"                               /* 9 */
      "  dialect_resources: {\n"            /* 10 */
      "  }\n"                               /* 11 */
      "#-}\n";                              /* 12 */
  ms_session *s = test_session_of(text);
  cJSON *f = call(ms_feature_folding_ranges, s, "{}", MS_ENCODING_UTF16);
  char *t = cJSON_PrintUnformatted(f);
  cr_assert_eq(cJSON_GetArraySize(f), 4, "%s", t);
  int expect[4][2] = {{0, 7}, {1, 6}, {2, 3}, {9, 11}};
  for (int i = 0; i < 4; i++) {
    char p[32];
    snprintf(p, sizeof p, "%d.startLine", i);
    cr_assert_eq(num(f, p), expect[i][0], "%s", t);
    snprintf(p, sizeof p, "%d.endLine", i);
    cr_assert_eq(num(f, p), expect[i][1], "%s", t);
  }
  free(t);
  cJSON_Delete(f);
  ms_session_delete(s);
}

Test(features, range_helper) {
  ms_session *s = test_session_of("x\n😀ab\n");
  cJSON *r = ms_feature_range(s, 2, 8, MS_ENCODING_UTF16);
  assert_range(r, 1, 0, 1, 4); /* 😀 counts 2 */
  cJSON_Delete(r);
  r = ms_feature_range(s, 2, 8, MS_ENCODING_UTF8);
  assert_range(r, 1, 0, 1, 6);
  cJSON_Delete(r);
  ms_session_delete(s);
}
