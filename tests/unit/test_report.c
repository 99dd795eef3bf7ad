/*
** test_report.c: unit tests of report.h: text lines with carets, the exact
** json shape, the sarif structure, the summary and URIs.
*/
#include <cjson/cJSON.h>
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static const char text[] = "%0 = \"tosa.add\"(%a, %b) : (x) -> y\n\t\"t\"() : () -> ()\n";

static void two_diags(ms_diag_list *l) {
  ms_diag_list_init(l);
  ms_diagnostic *d = ms_diag_list_add(l, 5, 15, MS_SEVERITY_ERROR, "incompatible-dims", "numpy", "bad %s", "dims");
  ms_diag_set_related(d, 17, 19, "%%a is here");
  ms_diag_list_add(l, 36, 100, MS_SEVERITY_HINT, "syntax-error", NULL, "h");
}

static char *capture(void (*fn)(FILE *, const ms_source *, const ms_diag_list *), const ms_source *s,
                     const ms_diag_list *l) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  fn(f, s, l);
  fclose(f);
  return buf;
}

Test(report, text_with_caret_and_related) {
  ms_source s;
  ms_source_init_text(&s, "f.mlir", text, strlen(text));
  ms_diag_list l;
  two_diags(&l);
  char *out = capture(ms_report_text, &s, &l);
  cr_assert_str_eq(out,
                   "f.mlir:1:6: error: bad dims [incompatible-dims]\n"
                   "%0 = \"tosa.add\"(%a, %b) : (x) -> y\n"
                   "     ^~~~~~~~~~\n"
                   "  f.mlir:1:18: note: %a is here\n"
                   "f.mlir:2:2: hint: h [syntax-error]\n"
                   "\t\"t\"() : () -> ()\n"
                   "\t^~~~~~~~~~~~~~~~\n");
  free(out);
  ms_diag_list_clear(&l);
  ms_source_close(&s);
}

Test(report, json_exact_shape) {
  ms_source s;
  ms_source_init_text(&s, "f.mlir", text, strlen(text));
  ms_diag_list l;
  two_diags(&l);
  ms_report_file f = {&s, &l};
  char *out = ms_report_json(&f, 1);
  cr_assert_str_eq(out,
                   "{\"version\":1,\"diagnostics\":["
                   "{\"file\":\"f.mlir\",\"range\":{\"start\":{\"line\":0,\"character\":5},\"end\":{\"line\":0,\"character\":15}},"
                   "\"severity\":\"error\",\"code\":\"incompatible-dims\",\"message\":\"bad dims\",\"rule\":\"numpy\"},"
                   "{\"file\":\"f.mlir\",\"range\":{\"start\":{\"line\":1,\"character\":1},\"end\":{\"line\":2,\"character\":0}},"
                   "\"severity\":\"hint\",\"code\":\"syntax-error\",\"message\":\"h\",\"rule\":null}]}\n");
  free(out);
  ms_diag_list_clear(&l);
  ms_source_close(&s);
}

static cJSON *at(cJSON *o, const char *path) {
  /* "runs.0.tool.driver": keys and array indexes separated by dots. */
  char buf[256];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *k = strtok(buf, "."); k && o; k = strtok(NULL, "."))
    o = (*k >= '0' && *k <= '9') ? cJSON_GetArrayItem(o, atoi(k)) : cJSON_GetObjectItemCaseSensitive(o, k);
  cr_assert_not_null(o, "missing %s", path);
  return o;
}

Test(report, sarif_structure) {
  ms_source s;
  ms_source_init_text(&s, "./dir/f g.mlir", text, strlen(text));
  ms_diag_list l;
  two_diags(&l);
  ms_diag_list_add(&l, 0, 2, MS_SEVERITY_WARNING, "incompatible-dims", "mlir", "w");
  ms_report_file f = {&s, &l};
  char *out = ms_report_sarif(&f, 1);
  cJSON *doc = cJSON_Parse(out);
  cr_assert_not_null(doc);
  cr_assert_str_eq(at(doc, "version")->valuestring, "2.1.0");
  cr_assert(strstr(at(doc, "$schema")->valuestring, "sarif"));
  cr_assert_str_eq(at(doc, "runs.0.tool.driver.name")->valuestring, "mlir-shape");
  cr_assert_eq(cJSON_GetArraySize(at(doc, "runs.0.tool.driver.rules")), 2, "one descriptor per code");
  cr_assert_str_eq(at(doc, "runs.0.tool.driver.rules.0.id")->valuestring, "incompatible-dims");
  cr_assert_str_eq(at(doc, "runs.0.tool.driver.rules.0.shortDescription.text")->valuestring,
                   ms_report_code_description("incompatible-dims"));
  cr_assert_eq(cJSON_GetArraySize(at(doc, "runs.0.tool.driver.rules.0.properties.broadcastRules")), 2);
  cr_assert_eq(cJSON_GetArraySize(at(doc, "runs.0.results")), 3);
  cr_assert_str_eq(at(doc, "runs.0.results.0.level")->valuestring, "error");
  cr_assert_str_eq(at(doc, "runs.0.results.1.level")->valuestring, "none", "hints are level none");
  cr_assert_eq(at(doc, "runs.0.results.1.ruleIndex")->valueint, 1);
  cr_assert_str_eq(at(doc, "runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri")->valuestring,
                   "dir/f%20g.mlir");
  cJSON *region = at(doc, "runs.0.results.0.locations.0.physicalLocation.region");
  cr_assert_eq(at(region, "startLine")->valueint, 1);
  cr_assert_eq(at(region, "startColumn")->valueint, 6);
  cr_assert_eq(at(region, "endColumn")->valueint, 16);
  cr_assert_str_eq(at(doc, "runs.0.results.0.relatedLocations.0.message.text")->valuestring, "%a is here");
  cJSON_Delete(doc);
  free(out);
  ms_diag_list_clear(&l);
  ms_source_close(&s);
}

Test(report, summary_and_formats) {
  ms_source s;
  ms_source_init_text(&s, "f.mlir", text, strlen(text));
  ms_diag_list l, empty;
  two_diags(&l);
  ms_diag_list_init(&empty);
  ms_report_file f[2] = {{&s, &l}, {&s, &empty}};
  char buf[128];
  cr_assert(ms_report_summary(f, 2, buf, sizeof buf));
  cr_assert_str_eq(buf, "1 error, 0 warnings, 1 hint in 1 file");
  cr_assert_not(ms_report_summary(f + 1, 1, buf, sizeof buf));
  ms_format fmt;
  cr_assert(ms_format_from_name("sarif", &fmt) && fmt == MS_FORMAT_SARIF);
  cr_assert_not(ms_format_from_name("xml", &fmt));
  char *u = ms_report_uri("/elsewhere/a b.mlir");
  cr_assert_str_eq(u, "file:///elsewhere/a%20b.mlir");
  free(u);
  ms_diag_list_clear(&l);
  ms_source_close(&s);
}
