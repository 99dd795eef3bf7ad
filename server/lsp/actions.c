/*
** actions.c: annotation and suppression code actions (actions.h).
*/
#include "actions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "queries.h"

#define DISABLE_NEXT_LINE "// mlir-shape-disable-next-line"

static bool is_op(TSNode n) {
  const char *t = ts_node_type(n);
  return !strcmp(t, "generic_operation") || !strcmp(t, "custom_operation") || !strcmp(t, "func_operation") ||
         !strcmp(t, "return_operation") || !strcmp(t, "module_operation");
}

/* The line where the innermost op holding byte pos starts (pos's own line
** when there is none). */
static uint32_t op_line(ms_session *s, uint32_t pos, uint32_t fallback) {
  TSTree *tree = ms_session_tree_at(s, pos);
  if (!tree) return fallback;
  TSNode n = ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), pos, pos);
  for (; !ts_node_is_null(n); n = ts_node_parent(n))
    if (is_op(n)) return ts_node_start_point(n).row;
  return fallback;
}

typedef struct line_text {
  const char *p;
  size_t n;          /* without the line ending */
  size_t indent;
} line_text;

static line_text line_of(ms_session *s, uint32_t line) {
  ms_document *doc = ms_session_document(s);
  size_t len;
  const char *text = ms_document_text(doc, &len);
  size_t a = ms_document_line_start(doc, line), b = a;
  while (b < len && text[b] != '\n') b++;
  if (b > a && text[b - 1] == '\r') b--;
  line_text l = {text + a, b - a, 0};
  while (l.indent < l.n && (l.p[l.indent] == ' ' || l.p[l.indent] == '\t')) l.indent++;
  return l;
}

static bool starts(line_text l, const char *prefix) {
  size_t k = strlen(prefix);
  return l.n - l.indent >= k && !memcmp(l.p + l.indent, prefix, k);
}

void ms_expected_text(const char *message, char *out, size_t n) {
  const char *cut = strstr(message, ": ");
  size_t len = cut ? (size_t)(cut - message) : strlen(message);
  /* `}}` would end the annotation early; `{{` is harmless but confusing. */
  const char *brace = strstr(message, "}}");
  if (brace && (size_t)(brace - message) < len) len = (size_t)(brace - message);
  while (len && message[len - 1] == ' ') len--;
  if (len == 0) len = strlen(message) < 60 ? strlen(message) : 60;
  snprintf(out, n, "%.*s", (int)len, message);
}

static cJSON *insert_action(ms_session *s, const char *title, const cJSON *diag, uint32_t line, uint32_t character,
                            const char *text, bool replace_line, ms_encoding enc) {
  cJSON *a = cJSON_CreateObject();
  cJSON_AddStringToObject(a, "title", title);
  cJSON_AddStringToObject(a, "kind", "quickfix");
  cJSON *ds = cJSON_AddArrayToObject(a, "diagnostics");
  cJSON_AddItemToArray(ds, cJSON_Duplicate(diag, true));
  cJSON *edit = cJSON_AddObjectToObject(a, "edit");
  cJSON *changes = cJSON_AddObjectToObject(edit, "changes");
  cJSON *list = cJSON_AddArrayToObject(changes, ms_session_uri(s));
  cJSON *te = cJSON_CreateObject();
  cJSON *range = cJSON_AddObjectToObject(te, "range");
  cJSON *st = cJSON_AddObjectToObject(range, "start");
  cJSON_AddNumberToObject(st, "line", line);
  cJSON_AddNumberToObject(st, "character", replace_line ? character : 0);
  cJSON *en = cJSON_AddObjectToObject(range, "end");
  cJSON_AddNumberToObject(en, "line", line);
  cJSON_AddNumberToObject(en, "character", replace_line ? character : 0);
  (void)enc;
  cJSON_AddStringToObject(te, "newText", text);
  cJSON_AddItemToArray(list, te);
  return a;
}

static void actions_for(ms_session *s, const cJSON *diag, ms_encoding enc, cJSON *out) {
  const cJSON *code = cJSON_GetObjectItemCaseSensitive(diag, "code");
  const cJSON *msg = cJSON_GetObjectItemCaseSensitive(diag, "message");
  const cJSON *source = cJSON_GetObjectItemCaseSensitive(diag, "source");
  const cJSON *sev = cJSON_GetObjectItemCaseSensitive(diag, "severity");
  const cJSON *range = cJSON_GetObjectItemCaseSensitive(diag, "range");
  if (!cJSON_IsString(msg) || (cJSON_IsString(source) && strcmp(source->valuestring, "mlir-shape"))) return;
  ms_position p;
  if (!ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(range, "start"), &p)) return;
  ms_document *doc = ms_session_document(s);
  if (p.line >= ms_document_line_count(doc)) return;
  uint32_t pos = (uint32_t)ms_document_offset(doc, p, enc);
  uint32_t op = op_line(s, pos, p.line);
  if (op > p.line) op = p.line;
  line_text opl = line_of(s, op);
  char indent[128];
  snprintf(indent, sizeof indent, "%.*s", (int)(opl.indent < 100 ? opl.indent : 100), opl.p);

  /* expected-KIND above the comments right before the op. */
  uint32_t at = op;
  while (at > 0) {
    line_text l = line_of(s, at - 1);
    if (!starts(l, "//") || starts(l, "// -----")) break;
    at--;
  }
  int severity = cJSON_IsNumber(sev) ? sev->valueint : 1;
  const char *kind = severity == 1 ? "error" : severity == 2 ? "warning" : "remark";
  char expected[400], text[700], title[200];
  ms_expected_text(msg->valuestring, expected, sizeof expected);
  snprintf(text, sizeof text, "%s// expected-%s @+%u {{%s}}\n", indent, kind, p.line + 1 - at, expected);
  snprintf(title, sizeof title, "Add `// expected-%s` annotation", kind);
  cJSON_AddItemToArray(out, insert_action(s, title, diag, at, 0, text, false, enc));

  /* mlir-shape-disable-next-line CODE right above the op. */
  if (!cJSON_IsString(code) || !code->valuestring[0]) return;
  snprintf(title, sizeof title, "Disable %s for this line", code->valuestring);
  line_text above = op > 0 ? line_of(s, op - 1) : (line_text){"", 0, 0};
  if (op > 0 && starts(above, DISABLE_NEXT_LINE)) {
    /* Extend the directive already there (unless it has no codes: it
    ** disables everything already). */
    size_t k = above.indent + strlen(DISABLE_NEXT_LINE);
    bool has_codes = false;
    for (size_t i = k; i < above.n; i++) has_codes |= above.p[i] != ' ';
    if (!has_codes) return;
    snprintf(text, sizeof text, ", %s", code->valuestring);
    size_t n = above.n;
    while (n > k && above.p[n - 1] == ' ') n--;
    ms_position endp = ms_document_position(doc, (size_t)(above.p - ms_document_text(doc, NULL)) + n, enc);
    cJSON_AddItemToArray(out, insert_action(s, title, diag, op - 1, endp.character, text, true, enc));
    return;
  }
  snprintf(text, sizeof text, "%s" DISABLE_NEXT_LINE " %s\n", indent, code->valuestring);
  cJSON_AddItemToArray(out, insert_action(s, title, diag, op, 0, text, false, enc));
}

void ms_finding_actions(ms_session *s, const cJSON *params, ms_encoding enc, cJSON *out) {
  const cJSON *context = cJSON_GetObjectItemCaseSensitive(params, "context");
  const cJSON *diags = cJSON_GetObjectItemCaseSensitive(context, "diagnostics"), *d;
  int n = 0;
  cJSON_ArrayForEach(d, diags) {
    if (n++ == 32) break;
    actions_for(s, d, enc, out);
  }
}
