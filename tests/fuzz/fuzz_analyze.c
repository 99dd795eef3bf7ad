/*
** fuzz_analyze.c: libFuzzer target for parse + analyze of arbitrary text:
** the grammar and its external scanner, the analyzer (rules, SSA, aliases),
** every read-only language feature at a few positions, and the `check`
** reports (whose JSON must be valid UTF-8 whatever the text held).
**
** The first byte picks small chunking thresholds (so the chunked-document
** path runs on small inputs) or none; the rest is the document.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "queries.h"
#include "fuzz_common.h"
#include "report.h"
#include "session.h"
#include "source.h"

typedef cJSON *(*feature_fn)(ms_session *, const cJSON *, ms_encoding);

static const feature_fn features[] = {
  ms_feature_hover, ms_feature_inlay_hints, ms_feature_code_actions, ms_feature_definition,
  ms_feature_references, ms_feature_highlight, ms_feature_document_symbols, ms_feature_folding_ranges,
  ms_feature_inferred_shape,
};

static cJSON *position(ms_position p) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddNumberToObject(o, "line", p.line);
  cJSON_AddNumberToObject(o, "character", p.character);
  return o;
}

/* Params good for every feature: position, range and context together. */
static cJSON *params_at(ms_session *s, size_t off, ms_encoding enc) {
  ms_position p = ms_document_position(ms_session_document(s), off, enc);
  cJSON *params = cJSON_CreateObject();
  cJSON *td = cJSON_AddObjectToObject(params, "textDocument");
  cJSON_AddStringToObject(td, "uri", ms_session_uri(s));
  cJSON_AddItemToObject(params, "position", position(p));
  cJSON *range = cJSON_AddObjectToObject(params, "range");
  cJSON_AddItemToObject(range, "start", position((ms_position){p.line > 2 ? p.line - 2 : 0, 0}));
  cJSON_AddItemToObject(range, "end", position((ms_position){p.line + 2, 0}));
  cJSON *context = cJSON_AddObjectToObject(params, "context");
  cJSON_AddArrayToObject(context, "diagnostics");
  cJSON_AddBoolToObject(context, "includeDeclaration", 1);
  return params;
}

static void run_features(ms_session *s, size_t len) {
  size_t offsets[] = {0, len / 3, len / 2, len};
  for (size_t k = 0; k < sizeof offsets / sizeof *offsets; k++) {
    ms_encoding enc = k % 2 ? MS_ENCODING_UTF16 : MS_ENCODING_UTF8;
    cJSON *params = params_at(s, offsets[k], enc);
    for (size_t f = 0; f < sizeof features / sizeof *features; f++) {
      cJSON *result = features[f](s, params, enc);
      char *json = result ? cJSON_PrintUnformatted(result) : NULL;
      free(json);
      cJSON_Delete(result);
    }
    cJSON_Delete(params);
  }
}

static void run_reports(const char *text, size_t len, ms_diag_list *diags) {
  ms_source src;
  ms_source_init_text(&src, "fuzz.mlir", text, len);
  ms_report_file file = {&src, diags};
  char *json = ms_report_json(&file, 1);
  if (json) fuzz_expect_utf8(json, strlen(json));
  free(json);
  char *sarif = ms_report_sarif(&file, 1);
  if (sarif) fuzz_expect_utf8(sarif, strlen(sarif));
  free(sarif);
  FILE *null = fopen("/dev/null", "w");
  if (null) {
    ms_report_text(null, &src, diags);
    fclose(null);
  }
  ms_source_close(&src);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  static const ms_analyzer_options opts = {false};
  const char *text = (const char *)data + 1;
  size_t len = size - 1;
  ms_session *s = ms_session_new("file:///fuzz.mlir", text, len, 1, fuzz_catalog(), &opts);
  if (!s) return 0;
  if (data[0] & 1) ms_session_set_chunking(s, 64 + data[0], 32 + data[0] / 2);
  ms_session_update(s);
  ms_diag_list diags;
  ms_diag_list_init(&diags);
  ms_session_diagnostics(s, &diags);
  run_reports(text, len, &diags);
  ms_diag_list_clear(&diags);
  run_features(s, len);
  ms_session_delete(s);
  return 0;
}
