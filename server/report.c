/*
** report.c: text, json and sarif output of `check` (report.h).
**
** Positions: text uses gcc's convention (1-based line, byte column + 1), so
** editors and CI log parsers jump to the spot; json uses LSP's (0-based,
** UTF-16 code units) so that the language server's clients and scripts
** agree; sarif uses 1-based lines and UTF-16 columns + 1 (its default
** columnKind, which GitHub code scanning assumes).
*/
#include "report.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "utf8.h"

#ifndef MS_VERSION
#define MS_VERSION "0.0.0"
#endif

/* A placeholder until the project has a public home. */
#define INFORMATION_URI "https://github.com/mlir-shape/mlir-shape"

bool ms_format_from_name(const char *name, ms_format *out) {
  static const struct { const char *name; ms_format f; } names[] = {
    {"text", MS_FORMAT_TEXT}, {"json", MS_FORMAT_JSON}, {"sarif", MS_FORMAT_SARIF},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (!strcmp(name, names[i].name)) {
      *out = names[i].f;
      return true;
    }
  return false;
}

const char *ms_report_severity_word(ms_severity severity) {
  switch (severity) {
    case MS_SEVERITY_ERROR: return "error";
    case MS_SEVERITY_WARNING: return "warning";
    case MS_SEVERITY_INFORMATION: return "note";
    case MS_SEVERITY_HINT: return "hint";
  }
  return "error";
}

/* ---- text ---- */

static void print_caret(FILE *out, const char *line, size_t linelen, uint32_t from, uint32_t to) {
  /* One caret cell per character (not byte); tabs are kept so the caret
  ** lines up under tab-indented source. */
  for (uint32_t i = 0; i < from && i < linelen; i++) {
    unsigned char c = (unsigned char)line[i];
    if ((c & 0xC0) == 0x80) continue;
    fputc(c == '\t' ? '\t' : ' ', out);
  }
  fputc('^', out);
  for (uint32_t i = from + 1; i < to && i < linelen; i++)
    if (((unsigned char)line[i] & 0xC0) != 0x80) fputc('~', out);
  fputc('\n', out);
}

void ms_report_text_message(FILE *out, const ms_source *src, uint32_t start, uint32_t end,
                            const char *word, const char *message, const char *suffix) {
  uint32_t line = ms_source_line_of(src, start);
  uint32_t col = start - ms_source_line_start(src, line);
  fprintf(out, "%s:%u:%u: %s: %s%s\n", src->name, line + 1, col + 1, word, message, suffix ? suffix : "");
  size_t len;
  const char *text = ms_source_line_text(src, line, &len);
  fprintf(out, "%.*s\n", (int)len, text);
  uint32_t to = end > start ? end - ms_source_line_start(src, line) : col + 1;
  print_caret(out, text, len, col, to);
}

void ms_report_text(FILE *out, const ms_source *src, const ms_diag_list *diags) {
  for (size_t i = 0; i < diags->count; i++) {
    const ms_diagnostic *d = &diags->items[i];
    char suffix[96];
    snprintf(suffix, sizeof suffix, " [%s]", d->code ? d->code : "");
    ms_report_text_message(out, src, d->start, d->end, ms_report_severity_word(d->severity), d->message,
                           d->code ? suffix : NULL);
    if (d->has_related) {
      uint32_t line = ms_source_line_of(src, d->related_start);
      fprintf(out, "  %s:%u:%u: note: %s\n", src->name, line + 1, d->related_start - ms_source_line_start(src, line) + 1,
              d->related_message ? d->related_message : "");
    }
  }
}

static void plural(char *buf, size_t buflen, size_t *used, size_t n, const char *word) {
  int k = snprintf(buf + *used, buflen - *used, "%s%zu %s%s", *used ? ", " : "", n, word, n == 1 ? "" : "s");
  if (k > 0) *used += (size_t)k < buflen - *used ? (size_t)k : buflen - *used - 1;
}

bool ms_report_summary(const ms_report_file *files, size_t nfiles, char *buf, size_t buflen) {
  size_t count[5] = {0}, with = 0;
  for (size_t f = 0; f < nfiles; f++) {
    const ms_diag_list *l = files[f].diags;
    for (size_t i = 0; i < l->count; i++) count[l->items[i].severity]++;
    with += l->count > 0;
  }
  return ms_report_summary_counts(count, with, buf, buflen);
}

bool ms_report_summary_counts(const size_t count[5], size_t with, char *buf, size_t buflen) {
  buf[0] = 0;
  if (!with) return false;
  size_t used = 0;
  plural(buf, buflen, &used, count[MS_SEVERITY_ERROR], "error");
  plural(buf, buflen, &used, count[MS_SEVERITY_WARNING], "warning");
  if (count[MS_SEVERITY_INFORMATION]) plural(buf, buflen, &used, count[MS_SEVERITY_INFORMATION], "note");
  if (count[MS_SEVERITY_HINT]) plural(buf, buflen, &used, count[MS_SEVERITY_HINT], "hint");
  snprintf(buf + used, buflen - used, " in %zu file%s", with, with == 1 ? "" : "s");
  return true;
}

/* ---- json ---- */

static cJSON *lsp_position(const ms_source *src, uint32_t off) {
  cJSON *p = cJSON_CreateObject();
  cJSON_AddNumberToObject(p, "line", ms_source_line_of(src, off));
  cJSON_AddNumberToObject(p, "character", ms_source_utf16_column(src, off));
  return p;
}

/* Prints doc (consumed) newline-terminated; bytes of the checked files
** that are not UTF-8 come out as U+FFFD, so the JSON is always valid. */
static char *print_doc(cJSON *doc, bool formatted) {
  char *s = formatted ? cJSON_Print(doc) : cJSON_PrintUnformatted(doc);
  cJSON_Delete(doc);
  if (!s) return NULL;
  size_t n = strlen(s);
  if (!ms_utf8_valid(s, n)) {
    char *r = ms_utf8_repair(s, n, &n);
    free(s);
    s = r;
  }
  char *t = realloc(s, n + 2);
  if (!t) return s;
  t[n] = '\n', t[n + 1] = 0;
  return t;
}

char *ms_report_json(const ms_report_file *files, size_t nfiles) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddNumberToObject(doc, "version", 1);
  cJSON *arr = cJSON_AddArrayToObject(doc, "diagnostics");
  for (size_t f = 0; f < nfiles; f++) {
    const ms_source *src = files[f].source;
    for (size_t i = 0; i < files[f].diags->count; i++) {
      const ms_diagnostic *d = &files[f].diags->items[i];
      cJSON *o = cJSON_CreateObject();
      cJSON_AddStringToObject(o, "file", src->name);
      cJSON *range = cJSON_AddObjectToObject(o, "range");
      cJSON_AddItemToObject(range, "start", lsp_position(src, d->start));
      cJSON_AddItemToObject(range, "end", lsp_position(src, d->end));
      cJSON_AddStringToObject(o, "severity", ms_severity_name(d->severity));
      cJSON_AddStringToObject(o, "code", d->code ? d->code : "");
      cJSON_AddStringToObject(o, "message", d->message);
      if (d->rule) cJSON_AddStringToObject(o, "rule", d->rule);
      else cJSON_AddNullToObject(o, "rule");
      cJSON_AddItemToArray(arr, o);
    }
  }
  return print_doc(doc, false);
}

/* ---- sarif ---- */

static const struct { const char *code, *text; } descriptions[] = {
  {MS_CODE_SYNTAX, "The text is not valid MLIR syntax."},
  {MS_CODE_TYPE_MISMATCH, "A value is used with a type other than the one it was defined with."},
  {MS_CODE_RULE_OPTIONS, "An op's broadcast attributes (axis, broadcast_dimensions, ...) are malformed."},
  {MS_CODE_CATALOG, "A rule file is broken."},
  {MS_CODE_INVALID_TYPE, "A shaped type of a checked op is not valid (e.g. a size that does not fit in 64 bits)."},
  {MS_CODE_SHAPE_LIMIT, "A type is beyond what mlir-shape checks (more than 32 dims, sizes above 2^53); the op is not checked."},
  {MS_CODE_INCOMPATIBLE, "The operand shapes cannot be broadcast together under the op's rule."},
  {MS_CODE_RESULT_RANK, "The declared result rank differs from the broadcast of the operands."},
  {MS_CODE_RESULT_DIM, "A static result dimension differs from the broadcast of the operands."},
  {MS_CODE_DYNAMIC_TO_STATIC, "A static result dimension is declared where the broadcast is dynamic."},
  {MS_CODE_EXTRA_RESULT_DIMS, "The result has more dimensions than the broadcast of the operands."},
  {MS_CODE_UNDEFINED, "A dynamic dimension meets a static one greater than 1: undefined at run time unless they agree."},
  {MS_CODE_OPERAND_RANK, "The operand ranks are not allowed by the op's rule."},
  {MS_CODE_BROADCAST_DIMENSIONS, "broadcast_dimensions is invalid for the operand and result ranks."},
  {MS_CODE_AXIS, "The broadcast axis is out of range for the operands."},
  {MS_CODE_SHAPE_MISMATCH, "The op does not broadcast: operands and result must have identical shapes."},
  {MS_CODE_OPERAND_COUNT, "The op has the wrong number of operands for its rule."},
  {MS_CODE_RESULT_COUNT, "The op must have exactly one result."},
  {MS_CODE_NOT_SHAPED, "An operand or result is not a tensor or vector."},
  {MS_CODE_MIXED_KINDS, "Tensors and vectors are mixed in one op."},
};

const char *ms_report_code_description(const char *code) {
  for (size_t i = 0; code && i < sizeof descriptions / sizeof descriptions[0]; i++)
    if (!strcmp(code, descriptions[i].code)) return descriptions[i].text;
  return "A shape finding of mlir-shape.";
}

char *ms_report_uri(const char *path) {
  char cwd[4096];
  if (path[0] == '/' && getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (!strncmp(path, cwd, n) && path[n] == '/') path += n + 1;
  }
  while (!strncmp(path, "./", 2)) path += 2;
  bool absolute = path[0] == '/';
  char *out = malloc(strlen(path) * 3 + 8), *o = out;
  if (!out) return NULL;
  if (absolute) o += sprintf(o, "file://");
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
        strchr("-._~/", *p))
      *o++ = (char)*p;
    else
      o += sprintf(o, "%%%02X", *p);
  }
  *o = 0;
  return out;
}

static cJSON *sarif_location(const ms_source *src, uint32_t start, uint32_t end, const char *message) {
  cJSON *loc = cJSON_CreateObject();
  cJSON *phys = cJSON_AddObjectToObject(loc, "physicalLocation");
  cJSON *art = cJSON_AddObjectToObject(phys, "artifactLocation");
  char *uri = ms_report_uri(src->name);
  cJSON_AddStringToObject(art, "uri", uri ? uri : src->name);
  free(uri);
  cJSON *region = cJSON_AddObjectToObject(phys, "region");
  cJSON_AddNumberToObject(region, "startLine", ms_source_line_of(src, start) + 1);
  cJSON_AddNumberToObject(region, "startColumn", ms_source_utf16_column(src, start) + 1);
  cJSON_AddNumberToObject(region, "endLine", ms_source_line_of(src, end) + 1);
  cJSON_AddNumberToObject(region, "endColumn", ms_source_utf16_column(src, end) + 1);
  if (message) cJSON_AddItemToObject(cJSON_AddObjectToObject(loc, "message"), "text", cJSON_CreateString(message));
  return loc;
}

static const char *sarif_level(ms_severity severity) {
  switch (severity) {
    case MS_SEVERITY_ERROR: return "error";
    case MS_SEVERITY_WARNING: return "warning";
    case MS_SEVERITY_INFORMATION: return "note";
    case MS_SEVERITY_HINT: return "none";
  }
  return "error";
}

/* Index of code in the descriptor array, adding a descriptor if needed;
** `rule` (a broadcast rule name) is added to its properties.rules. */
static int descriptor_index(cJSON *rules, const char *code, const char *rule) {
  int i = 0;
  cJSON *r;
  cJSON_ArrayForEach(r, rules) {
    if (!strcmp(cJSON_GetObjectItem(r, "id")->valuestring, code)) break;
    i++;
  }
  if (!r) {
    r = cJSON_CreateObject();
    cJSON_AddStringToObject(r, "id", code);
    cJSON *sd = cJSON_AddObjectToObject(r, "shortDescription");
    cJSON_AddStringToObject(sd, "text", ms_report_code_description(code));
    cJSON *props = cJSON_AddObjectToObject(r, "properties");
    cJSON_AddArrayToObject(props, "broadcastRules");
    cJSON_AddItemToArray(rules, r);
  }
  cJSON *names = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "properties"), "broadcastRules");
  cJSON *n;
  bool seen = !rule;
  cJSON_ArrayForEach(n, names) seen = seen || !strcmp(n->valuestring, rule);
  if (!seen) cJSON_AddItemToArray(names, cJSON_CreateString(rule));
  return i;
}

char *ms_report_sarif(const ms_report_file *files, size_t nfiles) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddStringToObject(doc, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  cJSON_AddStringToObject(doc, "version", "2.1.0");
  cJSON *run = cJSON_CreateObject();
  cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "runs"), run);
  cJSON *driver = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "tool"), "driver");
  cJSON_AddStringToObject(driver, "name", "mlir-shape");
  cJSON_AddStringToObject(driver, "version", MS_VERSION);
  cJSON_AddStringToObject(driver, "informationUri", INFORMATION_URI);
  cJSON *rules = cJSON_AddArrayToObject(driver, "rules");
  cJSON *results = cJSON_AddArrayToObject(run, "results");
  for (size_t f = 0; f < nfiles; f++) {
    const ms_source *src = files[f].source;
    for (size_t i = 0; i < files[f].diags->count; i++) {
      const ms_diagnostic *d = &files[f].diags->items[i];
      const char *code = d->code ? d->code : "finding";
      cJSON *res = cJSON_CreateObject();
      cJSON_AddStringToObject(res, "ruleId", code);
      cJSON_AddNumberToObject(res, "ruleIndex", descriptor_index(rules, code, d->rule));
      cJSON_AddStringToObject(res, "level", sarif_level(d->severity));
      cJSON_AddItemToObject(cJSON_AddObjectToObject(res, "message"), "text", cJSON_CreateString(d->message));
      cJSON_AddItemToArray(cJSON_AddArrayToObject(res, "locations"), sarif_location(src, d->start, d->end, NULL));
      if (d->has_related) {
        cJSON *rel = sarif_location(src, d->related_start, d->related_end, d->related_message);
        cJSON_AddNumberToObject(rel, "id", 1);
        cJSON_AddItemToArray(cJSON_AddArrayToObject(res, "relatedLocations"), rel);
      }
      if (d->rule) cJSON_AddStringToObject(cJSON_AddObjectToObject(res, "properties"), "broadcastRule", d->rule);
      cJSON_AddItemToArray(results, res);
    }
  }
  cJSON_AddStringToObject(run, "columnKind", "utf16CodeUnits");
  return print_doc(doc, true);
}
