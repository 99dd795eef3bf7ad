/*
** test_editor.c: unit tests of the editor features beyond queries.h:
** the annotation text (actions.h), the JSON calculator (commands.h),
** semantic tokens on a chunked document (semantic.h: the same tokens as
** unchunked), rename refusals (rename.h) and the value table (execute.h).
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "catalog.h"
#include "helpers.h"
#include "commands.h"
#include "execute.h"
#include "rename.h"
#include "semantic.h"
#include "session.h"

TestSuite(editor, .fini = test_catalog_release);

Test(editor, expected_text_is_the_headline) {
  char out[200];
  ms_expected_text("operands %a and %b are not broadcast-compatible: dim 0 is 2 in %a but 3 in %b", out, sizeof out);
  cr_assert_str_eq(out, "operands %a and %b are not broadcast-compatible");
  ms_expected_text("result dim 1 is 4 but the operands infer 3", out, sizeof out);
  cr_assert_str_eq(out, "result dim 1 is 4 but the operands infer 3");
  /* `}}` would end the annotation. */
  ms_expected_text("attribute {a = {b}} is odd: x", out, sizeof out);
  cr_assert_str_eq(out, "attribute {a = {b");
}

static cJSON *bjson(const char *args, char *err) {
  cJSON *a = cJSON_Parse(args);
  cr_assert(a);
  cJSON *r = ms_broadcast_json(a, err, 256);
  cJSON_Delete(a);
  return r;
}

Test(editor, broadcast_json) {
  char err[256] = "";
  cJSON *r = bjson("{\"shapes\": [\"2x1\", \"3\"]}", err);
  cr_assert(r, "%s", err);
  char *text = cJSON_PrintUnformatted(r);
  cr_assert_str_eq(text, "{\"ok\":true,\"rule\":\"mlir\",\"shape\":\"2x3\",\"findings\":[]}");
  free(text);
  cJSON_Delete(r);
  r = bjson("{\"shapes\": [\"4x5\", \"5\"], \"rule\": \"xla\", \"broadcastDimensions\": [1]}", err);
  cr_assert(r, "%s", err);
  cr_assert_str_eq(cJSON_GetObjectItem(r, "shape")->valuestring, "4x5");
  cJSON_Delete(r);
  r = bjson("[\"2\", \"3\", \"--rule=numpy\"]", err);
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(r, "ok")));
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(r, "shape")));
  cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "findings"), 0), "code")->valuestring,
                   "incompatible-dims");
  cJSON_Delete(r);
  cr_assert_null(bjson("{\"shapes\": [\"--batch\"]}", err));
  cr_assert_null(bjson("{\"rule\": \"nope\", \"shapes\": [\"2\"]}", err));
  cr_assert(strstr(err, "unknown rule"), "%s", err);
  cr_assert_null(bjson("{\"shapes\": []}", err));
  cr_assert(strstr(err, "no shapes"), "%s", err);
  cr_assert_null(bjson("7", err));
}

/* A document big enough to be chunked gets the tokens it gets whole. */
Test(editor, semantic_tokens_chunked_equal_whole) {
  size_t cap = 1 << 20, n = 0;
  char *text = malloc(cap);
  n += (size_t)sprintf(text + n, "module {\n");
  for (int i = 0; i < 400; i++)
    n += (size_t)sprintf(text + n,
                         "  func.func @f%d(%%a: tensor<2x1xf32>, %%b: tensor<3xf32>) -> tensor<?x3xf32> {\n"
                         "    %%0 = \"test.broadcastable\"(%%a, %%b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<?x3xf32>\n"
                         "    return %%0 : tensor<?x3xf32>\n  }\n",
                         i);
  n += (size_t)sprintf(text + n, "}\n");
  ms_session *whole = test_session_of(text);
  ms_session *chunked = test_session_of(text);
  ms_session_set_chunking(chunked, 4096, 2048);
  ms_session_update(chunked);
  cr_assert_gt(ms_session_trees(chunked, NULL, 0), 1);
  ms_semantic_cache c1 = {0}, c2 = {0};
  cJSON *a = ms_semantic_full(whole, &c1, NULL, MS_ENCODING_UTF16);
  cJSON *b = ms_semantic_full(chunked, &c2, NULL, MS_ENCODING_UTF16);
  cr_assert_eq(c1.n, c2.n);
  cr_assert_gt(c1.n, 400 * 5 * 10);
  cr_assert(!memcmp(c1.data, c2.data, c1.n * sizeof *c1.data));
  /* %0 is refined in every function: its definition carries bit 2. */
  cJSON_Delete(a);
  cJSON_Delete(b);
  ms_semantic_cache_free(&c1);
  ms_semantic_cache_free(&c2);
  ms_session_delete(whole);
  ms_session_delete(chunked);
  free(text);
}

Test(editor, rename_refusals_and_value_table) {
  ms_session *s = test_session_of("func.func @f(%a: tensor<2xf32>) {\n  %0 = \"x.y\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n");
  char err[400];
  cJSON *p = cJSON_Parse("{\"position\":{\"line\":1,\"character\":9},\"newName\":\"q\"}");
  cr_assert_null(ms_rename(s, p, MS_ENCODING_UTF16, err, sizeof err));
  cr_assert(strstr(err, "renames SSA values"), "%s", err);
  cJSON_Delete(p);
  p = cJSON_Parse("{\"position\":{\"line\":1,\"character\":3},\"newName\":\"-x.y$\"}");
  cJSON *r = ms_rename(s, p, MS_ENCODING_UTF16, err, sizeof err);
  cr_assert(r, "%s", err);
  cJSON_Delete(r);
  cJSON_Delete(p);
  cJSON *t = ms_inferred_shapes(s, MS_ENCODING_UTF16);
  /* The shapes table, as `shapes --format=json` prints it. */
  cJSON *values = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(t, "files"), 0), "values");
  cr_assert_eq(cJSON_GetArraySize(values), 2);
  cJSON *v0 = cJSON_GetArrayItem(values, 1);
  cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(v0, "op"), "name")->valuestring, "x.y");
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(v0, "refined")), "an unknown op refines nothing");
  cJSON_Delete(t);
  ms_session_delete(s);
}
