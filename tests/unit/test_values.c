/*
** test_values.c: unit tests of what is shown about SSA values from a
** unit's stored analysis: ms_session_unit_analysis (the stored records,
** relative to the unit), ms_analysis_op_detail (the op hover's rule detail
** from stored records agrees with a fresh ms_analyze_op_at, also after an
** edit moved the unit), the shapes table (shapes.h) and the catalog's
** structured error position (what the server shows for a broken rule file).
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer.h"
#include "catalog.h"
#include "helpers.h"
#include "session.h"
#include "shapes.h"
#include "value_features.h"

static const char flow[] =
    "func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  return %x : tensor<4xf32>\n"
    "}\n"
    "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1x3xf32>) -> tensor<*xf32> {\n"
    "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
    "  %1 = \"tf.Mul\"(%0, %c) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<?x?xf32>\n"
    "  return %1 : tensor<?x?xf32>\n"
    "}\n";

TestSuite(values, .fini = test_catalog_release);

static uint32_t offset_of(ms_session *s, const char *needle) {
  const char *text = ms_document_text(ms_session_document(s), NULL);
  const char *p = strstr(text, needle);
  cr_assert(p, "no %s", needle);
  return (uint32_t)(p - text);
}

Test(values, unit_analysis_is_relative_to_the_unit) {
  ms_session *s = test_session_of(flow);
  const char *text = ms_document_text(ms_session_document(s), NULL);
  uint32_t pos = offset_of(s, "%0, %c"), base = 0;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  cr_assert(a);
  cr_assert_eq(base, offset_of(s, "func.func @f"));
  ms_span at = {0, 0};
  uint32_t v = ms_records_value_at(&a->rec, pos - base, &at);
  cr_assert_neq(v, MS_NONE);
  cr_assert_eq(at.start + base, pos);
  cr_assert_str_eq(ms_analysis_inferred(a, v), "tensor<2x3xf32>");
  const ms_op *producer = &a->rec.ops[a->info[v].producer];
  cr_assert_eq(strncmp(text + base + producer->name.start, "tf.AddV2", 8), 0);
  /* Outside every unit. */
  cr_assert_null(ms_session_unit_analysis(s, (uint32_t)strlen(flow), &base));
  ms_session_delete(s);
}

/* The stored-records detail equals a fresh analysis of the unit's tree. */
static void same_detail(ms_session *s, uint32_t pos) {
  ms_op_detail *stored = calloc(1, sizeof *stored), *fresh = calloc(1, sizeof *fresh);
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  const char *text = ms_document_text(ms_session_document(s), NULL);
  const ms_analyzer_options opts = *ms_session_options(s); /* with the text's aliases */
  cr_assert(ms_analysis_op_detail(test_catalog(), &opts, a, text, base, pos, stored));
  uint32_t us, ue;
  cr_assert(ms_session_unit_at(s, pos, &us, &ue));
  TSNode root = ts_tree_root_node(ms_session_tree_at(s, pos));
  TSNode unit = ts_node_descendant_for_byte_range(root, us, ue);
  while (ts_node_start_byte(unit) > us || ts_node_end_byte(unit) < ue) unit = ts_node_parent(unit);
  cr_assert(ms_analyze_op_at(test_catalog(), &opts, unit, text, pos, fresh));
  cr_assert_str_eq(stored->name, fresh->name);
  cr_assert_str_eq(stored->result_type, fresh->result_type);
  cr_assert_eq(stored->result_start, fresh->result_start);
  cr_assert_eq(stored->op_end, fresh->op_end);
  cr_assert_str_eq(stored->inferred, fresh->inferred);
  cr_assert_eq(stored->name_start, fresh->name_start);
  cr_assert_eq(stored->result.nrows, fresh->result.nrows);
  cr_assert_eq(stored->noperands, fresh->noperands);
  for (int i = 0; i < fresh->noperands; i++) cr_assert_str_eq(stored->operand_types[i], fresh->operand_types[i]);
  free(stored);
  free(fresh);
}

Test(values, op_detail_from_stored_records) {
  ms_session *s = test_session_of(flow);
  same_detail(s, offset_of(s, "tf.Mul") + 2);
  same_detail(s, offset_of(s, "tf.AddV2") + 2);
  /* An edit in the first function moves @f: its stored records move with it. */
  ms_position p = ms_document_position(ms_session_document(s), offset_of(s, "%x : tensor"), MS_ENCODING_UTF16);
  cr_assert(ms_session_edit(s, p, p, "  ", 2, MS_ENCODING_UTF16));
  ms_session_update(s);
  same_detail(s, offset_of(s, "tf.Mul") + 2);
  ms_session_delete(s);
}

/* Type aliases are resolved at absolute offsets: the stored records are
** judged moved back to them. */
Test(values, op_detail_with_type_aliases) {
  static const char text[] =
      "!wide = tensor<2x1xf32>\n"
      "func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
      "  return %x : tensor<4xf32>\n"
      "}\n"
      "func.func @f(%a: !wide, %b: tensor<3xf32>) -> tensor<*xf32> {\n"
      "  %0 = \"tf.AddV2\"(%a, %b) : (!wide, tensor<3xf32>) -> tensor<*xf32>\n"
      "  %1 = \"tf.Mul\"(%0, %b) : (tensor<*xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
      "  return %0 : tensor<*xf32>\n"
      "}\n";
  ms_session *s = test_session_of(text);
  uint32_t pos = offset_of(s, "tf.AddV2") + 2;
  same_detail(s, pos);
  ms_op_detail *d = calloc(1, sizeof *d);
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  cr_assert(ms_analysis_op_detail(test_catalog(), ms_session_options(s), a, text, base, pos, d));
  cr_assert_str_eq(d->operand_types[0], "tensor<2x1xf32>");
  cr_assert_str_eq(d->inferred, "tensor<2x3xf32>");
  /* tf.Mul's operand is declared unranked: nothing is inferred at declared
  ** types, and the detail shows what the value table gave its result. */
  pos = offset_of(s, "tf.Mul") + 2;
  a = ms_session_unit_analysis(s, pos, &base);
  cr_assert(ms_analysis_op_detail(test_catalog(), ms_session_options(s), a, text, base, pos, d));
  cr_assert_str_eq(d->inferred, "tensor<2x3xf32>");
  free(d);
  ms_session_delete(s);
}

static void line_col(void *ctx, uint32_t off, uint32_t *line, uint32_t *character) {
  const char *text = ctx;
  *line = 0;
  uint32_t bol = 0;
  for (uint32_t i = 0; i < off; i++)
    if (text[i] == '\n') (*line)++, bol = i + 1;
  *character = off - bol;
}

Test(values, shapes_table_rows) {
  ms_session *s = test_session_of(flow);
  const char *text = ms_document_text(ms_session_document(s), NULL);
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, offset_of(s, "%0 ="), &base);
  cJSON *doc = ms_shapes_json();
  cr_assert_eq(cJSON_GetObjectItem(doc, "version")->valueint, MS_SHAPES_VERSION);
  cJSON *values = ms_shapes_add_file(doc, "t.mlir");
  ms_shapes_positions where = {line_col, (void *)text};
  ms_shapes_append(values, a, text, base, &where);
  cr_assert_eq(cJSON_GetArraySize(values), 5); /* %a %b %c %0 %1 */
  cJSON *v0 = cJSON_GetArrayItem(values, 3);
  cr_assert_str_eq(cJSON_GetObjectItem(v0, "name")->valuestring, "%0");
  cr_assert_str_eq(cJSON_GetObjectItem(v0, "declared")->valuestring, "tensor<*xf32>");
  cr_assert_str_eq(cJSON_GetObjectItem(v0, "inferred")->valuestring, "tensor<2x3xf32>");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(v0, "refined")));
  cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(v0, "range"), "start");
  cr_assert_eq(cJSON_GetObjectItem(start, "line")->valueint, 4);
  cr_assert_eq(cJSON_GetObjectItem(start, "character")->valueint, 2);
  cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(v0, "op"), "name")->valuestring, "tf.AddV2");
  cJSON *arg = cJSON_GetArrayItem(values, 0);
  cr_assert_str_eq(cJSON_GetObjectItem(arg, "kind")->valuestring, "argument");
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(arg, "op")));
  cr_assert_str_eq(cJSON_GetObjectItem(arg, "inferred")->valuestring, "tensor<2x1xf32>");
  cJSON_Delete(doc);
  ms_session_delete(s);
}

/* The document's table, for the server's commands: every unit, in order,
** with document positions. */
Test(values, shapes_table_of_a_session) {
  ms_session *s = test_session_of(flow);
  cJSON *doc = ms_value_shapes_json(s, MS_ENCODING_UTF16);
  cr_assert_eq(cJSON_GetObjectItem(doc, "version")->valueint, MS_SHAPES_VERSION);
  cJSON *file = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "files"), 0);
  cr_assert_str_eq(cJSON_GetObjectItem(file, "file")->valuestring, "file:///t.mlir");
  cJSON *values = cJSON_GetObjectItem(file, "values");
  cr_assert_eq(cJSON_GetArraySize(values), 6); /* %x, then %a %b %c %0 %1 */
  cr_assert_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(values, 0), "name")->valuestring, "%x");
  cJSON *v1 = cJSON_GetArrayItem(values, 5);
  cr_assert_str_eq(cJSON_GetObjectItem(v1, "inferred")->valuestring, "tensor<2x3xf32>");
  cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(v1, "range"), "start");
  cr_assert_eq(cJSON_GetObjectItem(start, "line")->valueint, 5);
  cJSON_Delete(doc);
  ms_session_delete(s);
}

Test(values, catalog_error_position_is_data) {
  ms_catalog *c = ms_catalog_new();
  char err[256];
  ms_catalog_error_at at;
  static const char bad[] = "{\n  \"version\": 1,\n  \"rules\": [ {\"ops\": [\"a.b\"], \"rule\": \"nope\"} ]\n}\n";
  cr_assert_not(ms_catalog_load(c, "r.json", bad, strlen(bad), err, sizeof err));
  cr_assert(ms_catalog_error_position(c, &at));
  char prefix[64];
  snprintf(prefix, sizeof prefix, "r.json:%d:%d: ", at.line, at.col);
  cr_assert_eq(at.line, 3, "%s", err);
  cr_assert_eq(strncmp(err, prefix, strlen(prefix)), 0, "%s vs %s", err, prefix);
  cr_assert_eq(at.message, strlen(prefix));
  static const char broken[] = "{\"version\": 1,";
  cr_assert_not(ms_catalog_load(c, "j.json", broken, strlen(broken), err, sizeof err));
  cr_assert(ms_catalog_error_position(c, &at));
  cr_assert_eq(strncmp(err + at.message, "invalid JSON", 12), 0, "%s", err);
  cr_assert_eq(strncmp(err, "j.json:1:", 9), 0, "%s", err);
  /* No position: an unreadable file. */
  cr_assert_not(ms_catalog_load_file(c, "/nonexistent/rules.json", err, sizeof err));
  cr_assert_not(ms_catalog_error_position(c, &at));
  ms_catalog_delete(c);
}

/* A structured op's hover detail: its shape function and where each result
** dim comes from, the same from stored records as from a fresh analysis. */
Test(values, structured_op_detail_has_provenance) {
  static const char dot[] =
      "func.func @f(%a: tensor<8x3x12xf32>, %b: tensor<8x12x5xf32>) -> tensor<?x?x?xf32> {\n"
      "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : "
      "(tensor<8x3x12xf32>, tensor<8x12x5xf32>) -> tensor<?x?x?xf32>\n"
      "  return %0 : tensor<?x?x?xf32>\n}\n";
  ms_session *s = test_session_of(dot);
  uint32_t pos = offset_of(s, "dot_general") + 2, base;
  same_detail(s, pos);
  ms_op_detail *d = calloc(1, sizeof *d);
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  const char *text = ms_document_text(ms_session_document(s), NULL);
  cr_assert(ms_analysis_op_detail(test_catalog(), ms_session_options(s), a, text, base, pos, d));
  cr_expect_str_eq(d->algebra, "dot_general");
  cr_expect_str_eq(d->inferred, "tensor<8x3x5xf32>");
  cr_expect(strstr(d->provenance, "dim 1: lhs dim 1 (contracting dims [2] x [1])") != NULL, "%s", d->provenance);
  cr_expect(strstr(d->provenance, "dim 0: lhs dim 0 = rhs dim 0 (batching dims [0] x [0])") != NULL, "%s",
            d->provenance);
  free(d);
  ms_session_delete(s);
}

/* With type aliases the op is judged on a moved copy of the unit's
** records: a pretty op whose parameters are read from its bracket groups
** (tensor.extract_slice's [offsets] [sizes] [strides]) needs the copy's
** tokens too (the leak test's hover once read a NULL token array). */
Test(values, op_detail_reads_groups_with_aliases) {
  static const char text[] =
      "!t = tensor<4x4xf32>\n"
      "func.func @f(%a: !t) -> tensor<2x3xf32> {\n"
      "  %0 = tensor.extract_slice %a[0, 1] [2, 3] [1, 1] : tensor<4x4xf32> to tensor<2x3xf32>\n"
      "  return %0 : tensor<2x3xf32>\n"
      "}\n";
  ms_session *s = test_session_of(text);
  uint32_t pos = offset_of(s, "extract_slice") + 2, base;
  ms_op_detail *d = calloc(1, sizeof *d);
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  cr_assert(ms_analysis_op_detail(test_catalog(), ms_session_options(s), a, text, base, pos, d));
  cr_expect_str_eq(d->algebra, "extract_slice");
  cr_expect_str_eq(d->operand_types[0], "tensor<4x4xf32>");
  free(d);
  ms_session_delete(s);
}
