/*
** report.c: text, json and sarif output of `check` (report.h).
**
** Positions: text uses gcc's convention (1-based line, byte column + 1), so
** editors and CI log parsers jump to the spot; json uses LSP's (0-based,
** UTF-16 code units) so that the language server's clients and scripts
** agree; sarif uses 1-based lines and UTF-16 columns + 1 (its default
** columnKind, which GitHub code scanning assumes).
**
** Every format is written one finding at a time (ms_report_add), so that
** `check` never holds a run's findings: the documents (json, sarif,
** gitlab) item by item (json_stream.h). SARIF lists the run's codes before
** its results: its results are spooled to a temporary file and copied
** after that list by ms_report_end.
*/
#include "report.h"
#include "alloc.h"

#include <assert.h>
#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "codes.h"
#include "json_stream.h"
#include "lint.h"

#ifndef MS_VERSION
#define MS_VERSION "0.0.0"
#endif

/* A placeholder until the project has a public home. */
#define INFORMATION_URI "https://github.com/mlir-shape/mlir-shape"

bool ms_format_from_name(const char *name, ms_format *out) {
  static const struct { const char *name; ms_format f; } names[] = {
    {"text", MS_FORMAT_TEXT}, {"json", MS_FORMAT_JSON}, {"sarif", MS_FORMAT_SARIF},
    {"github", MS_FORMAT_GITHUB}, {"gitlab", MS_FORMAT_GITLAB},
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

static bool use_color;

void ms_report_set_color(bool on) { use_color = on; }

#define SGR(code) (use_color ? "\033[" code "m" : "")

static const char *word_color(const char *word) {
  if (!use_color) return "";
  if (!strcmp(word, "error")) return "\033[1;31m";
  if (!strcmp(word, "warning")) return "\033[1;35m";
  return "\033[1;36m";
}

static void print_caret(FILE *out, const char *line, size_t linelen, uint32_t from, uint32_t to) {
  /* One caret cell per character (not byte); tabs are kept so the caret
  ** lines up under tab-indented source. */
  for (uint32_t i = 0; i < from && i < linelen; i++) {
    unsigned char c = (unsigned char)line[i];
    if ((c & 0xC0) == 0x80) continue;
    fputc(c == '\t' ? '\t' : ' ', out);
  }
  fputs(SGR("1;32"), out);
  fputc('^', out);
  for (uint32_t i = from + 1; i < to && i < linelen; i++)
    if (((unsigned char)line[i] & 0xC0) != 0x80) fputc('~', out);
  fputs(SGR("0"), out);
  fputc('\n', out);
}

/* Source lines longer than this are shown trimmed around the column, as
** rustc and clang do: a finding's text stays bounded (1,000 findings on one
** 84 KB line wrote 100 MB, each echoing the line and a caret line as long). */
#define SNIPPET_MAX 240
#define SNIPPET_BEFORE 80

/* Moves i back to the start of the UTF-8 character holding it. */
static size_t char_start(const char *s, size_t i) {
  while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80) i--;
  return i;
}

/* The line and its caret line; a long line as "..." + a window + "...". */
static void print_snippet(FILE *out, const char *text, size_t len, uint32_t col, uint32_t to) {
  if (len <= SNIPPET_MAX) {
    fprintf(out, "%.*s\n", (int)len, text);
    print_caret(out, text, len, col, to);
    return;
  }
  size_t from = char_start(text, col > SNIPPET_BEFORE ? col - SNIPPET_BEFORE : 0);
  size_t until = from + SNIPPET_MAX >= len ? len : char_start(text, from + SNIPPET_MAX);
  const char *lead = from > 0 ? "..." : "";
  fprintf(out, "%s%.*s%s\n", lead, (int)(until - from), text + from, until < len ? "..." : "");
  fputs(from > 0 ? "   " : "", out);
  uint32_t c = col < until ? col : (uint32_t)until;
  print_caret(out, text + from, until - from, c - (uint32_t)from, to > c ? to - (uint32_t)from : c - (uint32_t)from + 1);
}

void ms_report_text_message(FILE *out, const ms_source *src, uint32_t start, uint32_t end,
                            const char *word, const char *message, const char *suffix) {
  uint32_t line = ms_source_line_of(src, start);
  uint32_t col = start - ms_source_line_start(src, line);
  fprintf(out, "%s%s:%u:%u:%s %s%s:%s %s%s\n", SGR("1"), src->name, line + 1, col + 1, SGR("0"), word_color(word),
          word, SGR("0"), message, suffix ? suffix : "");
  size_t len;
  const char *text = ms_source_line_text(src, line, &len);
  uint32_t to = end > start ? end - ms_source_line_start(src, line) : col + 1;
  print_snippet(out, text, len, col, to);
}

static void text_add(FILE *out, const ms_source *src, const ms_diagnostic *d) {
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

static cJSON *json_item(const ms_source *src, const ms_diagnostic *d) {
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
  if (d->has_fix) {
    /* What `check --fix` would write (LSP positions, as range). */
    cJSON *fix = cJSON_AddObjectToObject(o, "fix");
    cJSON *fr = cJSON_AddObjectToObject(fix, "range");
    cJSON_AddItemToObject(fr, "start", lsp_position(src, d->fix_start));
    cJSON_AddItemToObject(fr, "end", lsp_position(src, d->fix_end));
    cJSON_AddStringToObject(fix, "newText", d->fix_text);
  }
  return o;
}

/* ---- sarif ---- */

const char *ms_report_code_description(const char *code) {
  const ms_code_info *c = ms_code_find(code);
  return c ? c->summary : "A shape finding of mlir-shape.";
}

char *ms_report_uri(const char *path) {
  char cwd[4096], real[4096];
  /* A path with ".." segments is resolved (SARIF consumers reject them). */
  if (strstr(path, "..") && realpath(path, real)) path = real;
  if (path[0] == '/' && getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (!strncmp(path, cwd, n) && path[n] == '/') path += n + 1;
  }
  while (!strncmp(path, "./", 2)) path += 2;
  bool absolute = path[0] == '/';
  char *out = ms_xmalloc(strlen(path) * 3 + 8), *o = out;
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
  if (uri && strncmp(uri, "file://", 7)) cJSON_AddStringToObject(art, "uriBaseId", "%SRCROOT%");
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

static cJSON *text_object(const char *key, const char *text, cJSON *parent) {
  cJSON *o = cJSON_AddObjectToObject(parent, key);
  cJSON_AddStringToObject(o, "text", text);
  return o;
}

/* The descriptor of a code, from the registry (codes.h). */
static cJSON *descriptor(const char *code) {
  const ms_code_info *c = ms_code_find(code);
  cJSON *r = cJSON_CreateObject();
  cJSON_AddStringToObject(r, "id", code);
  /* SARIF names are PascalCase identifiers: incompatible-dims -> IncompatibleDims. */
  char name[128];
  size_t n = 0;
  bool up = true;
  for (const char *p = code; *p && n + 1 < sizeof name; p++) {
    if (*p == '-' || *p == '_') {
      up = true;
      continue;
    }
    name[n++] = up && *p >= 'a' && *p <= 'z' ? (char)(*p - 32) : *p;
    up = false;
  }
  name[n] = 0;
  /* A name that only differs from the id in case is omitted (SARIF1001). */
  if (strcasecmp(name, code)) cJSON_AddStringToObject(r, "name", name);
  text_object("shortDescription", c ? c->summary : "A shape finding of mlir-shape.", r);
  text_object("fullDescription", c ? c->explanation : "A shape finding of mlir-shape.", r);
  char uri[256];
  cJSON_AddStringToObject(r, "helpUri", ms_code_help_uri(code, uri, sizeof uri));
  char *txt = c ? ms_code_text(c) : NULL, *md = c ? ms_code_markdown(c) : NULL;
  cJSON *help = text_object("help", txt ? txt : "See the mlir-shape documentation.", r);
  cJSON_AddStringToObject(help, "markdown", md ? md : "See the mlir-shape documentation.");
  free(txt);
  free(md);
  cJSON *conf = cJSON_AddObjectToObject(r, "defaultConfiguration");
  cJSON_AddStringToObject(conf, "level", sarif_level(c ? c->severity : MS_SEVERITY_WARNING));
  cJSON *props = cJSON_AddObjectToObject(r, "properties");
  cJSON *tags = cJSON_AddArrayToObject(props, "tags");
  cJSON_AddItemToArray(tags, cJSON_CreateString("mlir"));
  cJSON_AddItemToArray(tags, cJSON_CreateString("shapes"));
  cJSON_AddArrayToObject(props, "broadcastRules");
  return r;
}

/* Index of code in the descriptor array, adding a descriptor if needed;
** `rule` (a broadcast rule name) is added to its properties.broadcastRules. */
static int descriptor_index(cJSON *rules, const char *code, const char *rule) {
  int i = 0;
  cJSON *r;
  cJSON_ArrayForEach(r, rules) {
    if (!strcmp(cJSON_GetObjectItem(r, "id")->valuestring, code)) break;
    i++;
  }
  if (!r) {
    r = descriptor(code);
    cJSON_AddItemToArray(rules, r);
  }
  cJSON *names = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "properties"), "broadcastRules");
  cJSON *n;
  bool seen = !rule;
  cJSON_ArrayForEach(n, names) seen = seen || !strcmp(n->valuestring, rule);
  if (!seen) cJSON_AddItemToArray(names, cJSON_CreateString(rule));
  return i;
}

static cJSON *sarif_result(cJSON *rules, const ms_source *src, const ms_diagnostic *d, const char *fingerprint) {
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
  cJSON_AddStringToObject(cJSON_AddObjectToObject(res, "partialFingerprints"), "mlirShapeFinding/v1", fingerprint);
  if (d->rule) cJSON_AddStringToObject(cJSON_AddObjectToObject(res, "properties"), "broadcastRule", d->rule);
  return res;
}

/* The log around its results: `results` gets the placeholder. */
static cJSON *sarif_log(cJSON *rules, cJSON **results) {
  cJSON *doc = cJSON_CreateObject();
  cJSON_AddStringToObject(doc, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  cJSON_AddStringToObject(doc, "version", "2.1.0");
  cJSON *run = cJSON_CreateObject();
  cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "runs"), run);
  cJSON *driver = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "tool"), "driver");
  cJSON_AddStringToObject(driver, "name", "mlir-shape");
  cJSON_AddStringToObject(driver, "version", MS_VERSION);
  cJSON_AddStringToObject(driver, "semanticVersion", MS_VERSION);
  cJSON_AddStringToObject(driver, "informationUri", INFORMATION_URI);
  cJSON_AddItemToObject(driver, "rules", rules);
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd)) {
    char *root = ms_report_uri(cwd);
    size_t n = strlen(root);
    char *slash = ms_xmalloc(n + 2);
    memcpy(slash, root, n);
    slash[n] = '/', slash[n + 1] = 0;
    if (n && root[n - 1] == '/') slash[n] = 0;
    cJSON *base = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "originalUriBaseIds"), "%SRCROOT%");
    cJSON_AddStringToObject(base, "uri", slash);
    free(slash);
    free(root);
  }
  *results = cJSON_AddArrayToObject(run, "results");
  cJSON_AddStringToObject(run, "columnKind", "utf16CodeUnits");
  return doc;
}

/* ---- github ---- */

/* GitHub's escaping of workflow command data (toolkit's escapeData) and,
** for properties, also ':' and ','. */
static void github_escape(FILE *out, const char *s, bool property) {
  for (; *s; s++) {
    switch (*s) {
      case '%': fputs("%25", out); break;
      case '\r': fputs("%0D", out); break;
      case '\n': fputs("%0A", out); break;
      case ':': fputs(property ? "%3A" : ":", out); break;
      case ',': fputs(property ? "%2C" : ",", out); break;
      default: fputc(*s, out);
    }
  }
}

static void github_add(FILE *out, const ms_source *src, const char *path, const ms_diagnostic *d) {
  const char *cmd = d->severity == MS_SEVERITY_ERROR ? "error" : d->severity == MS_SEVERITY_WARNING ? "warning" : "notice";
  fprintf(out, "::%s file=", cmd);
  github_escape(out, path, true);
  fprintf(out, ",line=%u,endLine=%u,col=%u,endColumn=%u,title=", ms_source_line_of(src, d->start) + 1,
          ms_source_line_of(src, d->end) + 1, ms_source_utf16_column(src, d->start) + 1,
          ms_source_utf16_column(src, d->end) + 1);
  char title[160];
  snprintf(title, sizeof title, "mlir-shape %s", d->code ? d->code : "finding");
  github_escape(out, title, true);
  fputs("::", out);
  github_escape(out, d->message, false);
  fputc('\n', out);
}

/* ---- gitlab ---- */

static cJSON *gitlab_item(const ms_source *src, const char *path, const ms_diagnostic *d, const char *fingerprint) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "type", "issue");
  cJSON_AddStringToObject(o, "check_name", d->code ? d->code : "finding");
  cJSON_AddStringToObject(o, "description", d->message);
  cJSON_AddItemToArray(cJSON_AddArrayToObject(o, "categories"), cJSON_CreateString("Bug Risk"));
  const char *sev = d->severity == MS_SEVERITY_ERROR ? "major" : d->severity == MS_SEVERITY_WARNING ? "minor" : "info";
  cJSON_AddStringToObject(o, "severity", sev);
  char fp[64], full[4200];
  snprintf(full, sizeof full, "%s:%s", path, fingerprint);
  /* GitLab wants one string per finding, unique across files: hash it. */
  unsigned long long h = 0xcbf29ce484222325ULL;
  for (const char *p = full; *p; p++) h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
  snprintf(fp, sizeof fp, "%016llx", h);
  cJSON_AddStringToObject(o, "fingerprint", fp);
  cJSON *loc = cJSON_AddObjectToObject(o, "location");
  cJSON_AddStringToObject(loc, "path", path);
  cJSON *lines = cJSON_AddObjectToObject(loc, "lines");
  cJSON_AddNumberToObject(lines, "begin", ms_source_line_of(src, d->start) + 1);
  cJSON_AddNumberToObject(lines, "end", ms_source_line_of(src, d->end) + 1);
  return o;
}

/* ---- the report, one finding at a time ---- */

/* How often each fingerprint came up in the current file (open
** addressing, the hash as key): SARIF and GitLab number identical
** findings of a file in order ("0123456789abcdef:2"), so this is the one
** thing kept per finding of a file: 16 bytes per distinct fingerprint. */
typedef struct fp_count {
  unsigned long long hash;
  unsigned count;              /* 0: an empty slot */
} fp_count;

struct ms_report {
  FILE *out;
  ms_format format;
  ms_json_stream doc;          /* json, gitlab; sarif's results (to the spool) */
  FILE *spool;                 /* sarif's results before its log's opening */
  char *spool_mem;             /* the spool when it is memory (no temporary file) */
  size_t spool_len;
  cJSON *rules;                /* sarif: the descriptors of the codes so far */
  const ms_source *src;        /* the current file */
  char *path;                  /* its ms_lint_path */
  unsigned long long path_hash;
  fp_count *fps;               /* its fingerprints so far */
  size_t nfps, capfps;         /* capfps: a power of two, or 0 */
};

ms_report *ms_report_new(FILE *out, ms_format format) {
  ms_report *r = ms_xcalloc(1, sizeof *r);
  r->out = out;
  r->format = format;
  cJSON *doc, *results;
  switch (format) {
    case MS_FORMAT_JSON:
      doc = cJSON_CreateObject();
      cJSON_AddNumberToObject(doc, "version", 1);
      cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "diagnostics"), ms_json_stream_placeholder());
      ms_json_stream_init(&r->doc, doc, false, true, out);
      fwrite(r->doc.head, 1, r->doc.head_len, out);
      break;
    case MS_FORMAT_GITLAB:
      doc = cJSON_CreateArray();
      cJSON_AddItemToArray(doc, ms_json_stream_placeholder());
      ms_json_stream_init(&r->doc, doc, true, true, out);
      fwrite(r->doc.head, 1, r->doc.head_len, out);
      break;
    case MS_FORMAT_SARIF:
      /* tmpfile() can fail (no writable /tmp): then the spool is memory. */
      r->spool = tmpfile();
      if (!r->spool) r->spool = open_memstream(&r->spool_mem, &r->spool_len);
      if (!r->spool) abort();
      /* The results' indentation, from a log of the same shape. */
      doc = sarif_log(cJSON_CreateArray(), &results);
      cJSON_AddItemToArray(results, ms_json_stream_placeholder());
      ms_json_stream_init(&r->doc, doc, true, true, r->spool);
      r->rules = cJSON_CreateArray();
      break;
    default:
      break;
  }
  return r;
}

static void file_done(ms_report *r) {
  free(r->path);
  free(r->fps);
  r->path = NULL;
  r->fps = NULL;
  r->nfps = r->capfps = 0;
}

void ms_report_begin_file(ms_report *r, const ms_source *src) {
  file_done(r);
  r->src = src;
  r->path = ms_lint_path(src->name);
  /* The file's path is part of the hash: equal ops in two files differ. */
  unsigned long long ph = 0xcbf29ce484222325ULL;
  for (const char *p = r->path; *p; p++) ph = (ph ^ (unsigned char)*p) * 0x100000001b3ULL;
  r->path_hash = ph;
}

/* The occurrence number of hash in the file, counting this one. */
static unsigned fp_occurrence(ms_report *r, unsigned long long hash) {
  if (2 * (r->nfps + 1) > r->capfps) {
    size_t cap = r->capfps ? 2 * r->capfps : 64;
    fp_count *t = ms_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < r->capfps; i++) {
      if (!r->fps[i].count) continue;
      size_t k = (size_t)(r->fps[i].hash * 0x9e3779b97f4a7c15ULL) & (cap - 1);
      while (t[k].count) k = (k + 1) & (cap - 1);
      t[k] = r->fps[i];
    }
    free(r->fps);
    r->fps = t;
    r->capfps = cap;
  }
  size_t k = (size_t)(hash * 0x9e3779b97f4a7c15ULL) & (r->capfps - 1);
  while (r->fps[k].count && r->fps[k].hash != hash) k = (k + 1) & (r->capfps - 1);
  if (!r->fps[k].count) r->fps[k].hash = hash, r->nfps++;
  return ++r->fps[k].count;
}

/* A finding's fingerprint for SARIF's partialFingerprints: the op's
** (lint.h) with the file's path mixed in, and its occurrence number. */
static void fingerprint(ms_report *r, const ms_diagnostic *d, char out[40]) {
  char fp[17];
  ms_lint_fingerprint(r->src->text, r->src->len, d, fp);
  unsigned long long h = strtoull(fp, NULL, 16) ^ r->path_hash;
  snprintf(out, 40, "%016llx:%u", h, fp_occurrence(r, h));
}

void ms_report_add(ms_report *r, const ms_diagnostic *d) {
  assert(r->src);
  char fp[40];
  switch (r->format) {
    case MS_FORMAT_TEXT: text_add(r->out, r->src, d); break;
    case MS_FORMAT_GITHUB: github_add(r->out, r->src, r->path, d); break;
    case MS_FORMAT_JSON: ms_json_stream_item(&r->doc, json_item(r->src, d)); break;
    case MS_FORMAT_SARIF:
      fingerprint(r, d, fp);
      ms_json_stream_item(&r->doc, sarif_result(r->rules, r->src, d, fp));
      break;
    case MS_FORMAT_GITLAB:
      fingerprint(r, d, fp);
      ms_json_stream_item(&r->doc, gitlab_item(r->src, r->path, d, fp));
      break;
  }
}

/* SARIF's log: the opening (with the codes of the run), the spooled
** results, the closing. */
static void sarif_end(ms_report *r) {
  cJSON *results;
  cJSON *doc = sarif_log(r->rules, &results);
  r->rules = NULL;
  cJSON_AddItemToArray(results, ms_json_stream_placeholder());
  ms_json_stream log;
  ms_json_stream_init(&log, doc, true, true, r->out);
  fwrite(log.head, 1, log.head_len, r->out);
  fflush(r->spool);
  if (r->spool_mem) {
    fwrite(r->spool_mem, 1, r->spool_len, r->out);
  } else {
    rewind(r->spool);
    char buf[1 << 16];
    for (size_t k; (k = fread(buf, 1, sizeof buf, r->spool)) > 0;) fwrite(buf, 1, k, r->out);
  }
  fwrite(log.tail, 1, log.tail_len, r->out);
  ms_json_stream_clear(&log);
  fclose(r->spool);
  free(r->spool_mem);
}

void ms_report_end(ms_report *r) {
  if (r->format == MS_FORMAT_SARIF) sarif_end(r);
  else if (r->doc.tail) fwrite(r->doc.tail, 1, r->doc.tail_len, r->out);
  ms_json_stream_clear(&r->doc);
  file_done(r);
  cJSON_Delete(r->rules);
  free(r);
}

/* ---- whole lists (tests, the fuzz targets) ---- */

static void report_files(FILE *out, ms_format format, const ms_report_file *files, size_t nfiles) {
  ms_report *r = ms_report_new(out, format);
  for (size_t f = 0; f < nfiles; f++) {
    ms_report_begin_file(r, files[f].source);
    for (size_t i = 0; i < files[f].diags->count; i++) ms_report_add(r, &files[f].diags->items[i]);
  }
  ms_report_end(r);
}

static char *report_string(ms_format format, const ms_report_file *files, size_t nfiles) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) abort();
  report_files(f, format, files, nfiles);
  fclose(f);
  return buf;
}

char *ms_report_json(const ms_report_file *files, size_t nfiles) {
  return report_string(MS_FORMAT_JSON, files, nfiles);
}

char *ms_report_sarif(const ms_report_file *files, size_t nfiles) {
  return report_string(MS_FORMAT_SARIF, files, nfiles);
}

char *ms_report_gitlab(const ms_report_file *files, size_t nfiles) {
  return report_string(MS_FORMAT_GITLAB, files, nfiles);
}

void ms_report_github(FILE *out, const ms_report_file *files, size_t nfiles) {
  report_files(out, MS_FORMAT_GITHUB, files, nfiles);
}

void ms_report_text(FILE *out, const ms_source *src, const ms_diag_list *diags) {
  ms_report_file f = {src, diags};
  report_files(out, MS_FORMAT_TEXT, &f, 1);
}

/* ---- counts and statistics ---- */

void ms_report_counts_add(ms_report_counts *self, const ms_diagnostic *d) {
  assert((unsigned)d->severity < 5);
  self->severity[d->severity]++;
  const char *code = d->code ? d->code : "finding";
  size_t k = 0;
  while (k < self->ncodes && strcmp(self->codes[k].code, code)) k++;
  if (k == self->ncodes) {
    if (k == MS_REPORT_MAX_CODES) return;
    self->codes[self->ncodes++] = (ms_report_code_count){code, 0};
  }
  self->codes[k].count++;
}

static int by_count(const void *a, const void *b) {
  const ms_report_code_count *x = a, *y = b;
  if (x->count != y->count) return x->count < y->count ? 1 : -1;
  return strcmp(x->code, y->code);
}

void ms_report_counts_statistics(const ms_report_counts *self, FILE *out) {
  ms_report_code_count rows[MS_REPORT_MAX_CODES];
  size_t n = self->ncodes;
  memcpy(rows, self->codes, n * sizeof *rows);
  qsort(rows, n, sizeof *rows, by_count);
  for (size_t k = 0; k < n; k++) {
    const ms_code_info *c = ms_code_find(rows[k].code);
    fprintf(out, "%5zu  %-24s %s\n", rows[k].count, rows[k].code, c ? c->summary : "");
  }
}
