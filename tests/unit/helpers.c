/*
** helpers.c: the shared pieces of the unit tests (helpers.h). Not a test
** file itself: it registers no tests.
*/
#include "helpers.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "records.h"

static ms_catalog *catalog;

ms_catalog *test_catalog(void) {
  if (!catalog) {
    catalog = ms_catalog_new();
    char err[256];
    cr_assert(ms_catalog_load_builtin(catalog, err, sizeof err), "%s", err);
  }
  return catalog;
}

void test_catalog_release(void) {
  ms_catalog_delete(catalog);
  catalog = NULL;
}

char *test_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  cr_assert(buf);
  size_t got = fread(buf, 1, (size_t)n, f);
  fclose(f);
  buf[got] = 0;
  if (len) *len = got;
  return buf;
}

ms_session *test_session_of(const char *text) {
  ms_analyzer_options opts = {0};
  ms_session *s = ms_session_new("file:///t.mlir", text, strlen(text), 1, test_catalog(), &opts);
  cr_assert(s);
  ms_session_update(s);
  return s;
}

const char *test_inferred_type(ms_session *s, const char *def) {
  const char *text = ms_document_text(ms_session_document(s), NULL);
  const char *p = strstr(text, def);
  cr_assert(p, "no %s", def);
  uint32_t pos = (uint32_t)(p - text), base = 0;
  const ms_analysis *a = ms_session_unit_analysis(s, pos, &base);
  cr_assert(a);
  ms_span at = {0, 0};
  uint32_t v = ms_records_value_at(&a->rec, pos - base, &at);
  cr_assert_neq(v, MS_NONE, "%s is no value", def);
  const char *t = ms_analysis_inferred(a, v);
  return t ? t : "declared";
}

void test_expect_types(const char *text, int findings, const char *const *want) {
  ms_session *s = test_session_of(text);
  for (size_t i = 0; want[i]; i += 2) {
    const char *got = test_inferred_type(s, want[i]);
    cr_expect_str_eq(got, want[i + 1], "at %s: %s, want %s", want[i], got, want[i + 1]);
  }
  if (findings >= 0) {
    uint32_t base;
    const ms_analysis *a = ms_session_unit_analysis(s, 0, &base);
    cr_assert(a);
    cr_expect_eq(a->diags.count, (size_t)findings);
  }
  ms_session_delete(s);
}

TSTree *test_parse(const char *text) {
  TSParser *p = ts_parser_new();
  ts_parser_set_language(p, tree_sitter_mlir());
  TSTree *t = ts_parser_parse_string(p, NULL, text, (uint32_t)strlen(text));
  ts_parser_delete(p);
  return t;
}

void test_analyse(const char *text, const ms_analyzer_options *opts, bool errors_only, char *codes, size_t n,
                  ms_analysis *out) {
  ms_analyzer_options defaults = {0};
  TSTree *t = test_parse(text);
  ms_analysis_init(out);
  ms_analyze_syntax(ts_tree_root_node(t), text, 0, UINT32_MAX, &out->diags);
  ms_analyze(test_catalog(), opts ? opts : &defaults, ts_tree_root_node(t), text, 0, UINT32_MAX, out);
  ms_diag_list_sort(&out->diags);
  size_t w = 0;
  codes[0] = 0;
  for (size_t i = 0; i < out->diags.count; i++) {
    if (errors_only && out->diags.items[i].severity != MS_SEVERITY_ERROR) continue;
    int line = 1;
    for (uint32_t k = 0; k < out->diags.items[i].start; k++) line += text[k] == '\n';
    w += (size_t)snprintf(codes + w, n - w, "%s%s@%d", w ? " " : "", out->diags.items[i].code, line);
  }
  ts_tree_delete(t);
}

void test_expect_codes(const char *text, const char *want) {
  char codes[1024];
  ms_analysis a;
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, want, "%s", text);
  ms_analysis_clear(&a);
}

void test_expect_codesf(const char *want, const char *fmt, ...) {
  char text[4096];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  cr_assert(n >= 0 && (size_t)n < sizeof text, "the text (%d bytes) does not fit", n);
  test_expect_codes(text, want);
}

void test_expect_error(const char *text, const char *want) {
  char codes[256];
  ms_analysis out;
  test_analyse(text, NULL, true, codes, sizeof codes, &out);
  if (want) cr_expect(strstr(codes, want), "want %s, got %s", want, codes);
  else cr_expect_str_eq(codes, "", "%s", codes);
  ms_analysis_clear(&out);
}

void test_expect_catalog_refused(const char *json, const char *want) {
  char err[512] = "";
  ms_catalog *cat = ms_catalog_new();
  cr_expect(!ms_catalog_load(cat, "bad.json", json, strlen(json), err, sizeof err), "loaded: %s", json);
  cr_expect(strncmp(err, "bad.json:", 9) == 0, "not located: %s", err);
  cr_expect(strstr(err, want) != NULL, "%s: got %s", json, err);
  ms_catalog_delete(cat);
}

void test_expect_constraints_refused(const char *constraints, const char *want) {
  char json[512];
  snprintf(json, sizeof json,
           "{\"version\": 1, \"ops\": [{\"match\": \"x.b\", \"description\": \"d\", \"rule\": \"numpy\", "
           "\"constraints\": %s}]}",
           constraints);
  test_expect_catalog_refused(json, want);
}

uint32_t test_value_named(const ms_analysis *a, const char *text, const char *name) {
  char buf[64];
  for (size_t i = 0; i < a->rec.nvalues; i++) {
    ms_records_value_name(&a->rec, (uint32_t)i, text, buf, sizeof buf);
    if (!strcmp(buf, name)) return (uint32_t)i;
  }
  cr_assert_fail("no value %s", name);
  return MS_NONE;
}
