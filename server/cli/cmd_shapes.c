/*
** cmd_shapes.c: `mlir-shape shapes`, every SSA value with its declared and
** inferred type (commands.h).
**
** Each file is read whole (source.h: files, directories, `-` for stdin)
** with the rules `check` would use for it (catalog.h), parsed once, and analysed unit by unit as the language server does
** (ms_analyzer_units, ms_analyze_node). The table is built as JSON by
** shapes.c; the text format prints the same rows one a line.
*/
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "analyzer.h"
#include "nesting.h"
#include "options.h"
#include "catalog.h"
#include "commands.h"
#include "alloc.h"
#include "report.h"
#include "shapes.h"
#include "source.h"
#include "utf8.h"

static const char usage[] =
  "usage: mlir-shape shapes [OPTIONS] PATH...\n"
  "\n"
  "Lists every SSA value of every unit: name, definition range, declared\n"
  "type, inferred type and the op that produced it. PATH is a file, a\n"
  "directory (every *.mlir below it) or - for stdin.\n"
  "\n"
  "options:\n"
  "  --format=FORMAT         text (default) or json\n"
  "  --strict                the mlir rule as the Broadcastable trait's document\n"
  "                          states it (default: as mlir-opt-22 verifies)\n"
  "  --rules FILE            add a rule file (highest precedence; repeatable)\n"
  "  -h, --help              show this help\n"
  "\n"
  "Rules: the built-in catalog, then the nearest .mlir-shape.json in the file's\n"
  "directory or a parent, then each --rules FILE.\n"
  "Exit status: 0 no errors, 1 the files have error findings (see check),\n"
  "2 usage, I/O or rule file errors.\n";

typedef struct options {
  bool json, strict;
  ms_path_list rules, args;
} options;

/* -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      return 0;
    }
    if (!strcmp(a, "--strict")) o->strict = true;
    else if (!strcmp(a, "--format=json")) o->json = true;
    else if (!strcmp(a, "--format=text")) o->json = false;
    else if (!strncmp(a, "--format", 8)) {
      const char *v = a[8] == '=' ? a + 9 : (a[8] == 0 && i + 1 < argc ? argv[++i] : NULL);
      if (!v || (strcmp(v, "json") && strcmp(v, "text"))) return ms_usage_error("shapes", "unknown format '%s'", v ? v : "");
      o->json = !strcmp(v, "json");
    } else if (!strcmp(a, "--rules")) {
      if (i + 1 >= argc) return ms_usage_error("shapes", "%s needs a file", a);
      ms_path_list_push(&o->rules, argv[++i]);
    } else if (!strncmp(a, "--rules=", 8)) {
      ms_path_list_push(&o->rules, a + 8);
    } else if (a[0] == '-' && a[1]) {
      return ms_usage_error("shapes", "unknown option '%s'", a);
    } else {
      ms_path_list_push(&o->args, a);
    }
  }
  if (o->args.count == 0) return ms_usage_error("shapes", "%s", "no input files");
  return -1;
}

typedef struct source_positions {
  const ms_source *src;
} source_positions;

static void source_position(void *ctx, uint32_t off, uint32_t *line, uint32_t *character) {
  const ms_source *src = ((source_positions *)ctx)->src;
  *line = ms_source_line_of(src, off);
  *character = ms_source_utf16_column(src, off);
}

/* Appends the rows of every unit of src to values; true when a finding is
** an error. */
static bool list_file(TSParser *parser, const ms_catalog *catalog, const options *o, const ms_source *src,
                      cJSON *values) {
  TSTree *tree = ms_nesting_parse(parser, NULL, src->text, (uint32_t)src->len, NULL, 0, NULL);
  TSNode root = ts_tree_root_node(tree);
  ms_alias_table *aliases = ms_alias_table_scan(src->text, src->len);
  ms_analyzer_options aopts = {.strict = o->strict, .aliases = aliases};
  size_t n = ms_analyzer_units(root, src->text, NULL, 0);
  TSNode *units = ms_xmalloc((n ? n : 1) * sizeof *units);
  ms_analyzer_units(root, src->text, units, n);
  source_positions sp = {src};
  ms_shapes_positions where = {source_position, &sp};
  ms_diag_list syntax;
  ms_diag_list_init(&syntax);
  ms_analyze_syntax(root, src->text, 0, UINT32_MAX, &syntax);
  bool errors = syntax.count > 0;
  for (size_t i = 0; i < n; i++) {
    ms_analysis a;
    ms_analysis_init(&a);
    ms_analyze_node(catalog, &aopts, units[i], src->text, &a);
    ms_shapes_append(values, &a, src->text, 0, &where);
    for (size_t k = 0; k < a.diags.count; k++) errors |= a.diags.items[k].severity == MS_SEVERITY_ERROR;
    ms_analysis_clear(&a);
  }
  ms_diag_list_clear(&syntax);
  free(units);
  ms_alias_table_delete(aliases);
  ts_tree_delete(tree);
  return errors;
}

static const char *str(const cJSON *o, const char *key) {
  const cJSON *s = cJSON_GetObjectItemCaseSensitive(o, key);
  return cJSON_IsString(s) ? s->valuestring : NULL;
}

static int num(const cJSON *o, const char *path0, const char *path1) {
  const cJSON *x = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, path0), path1);
  return cJSON_IsNumber(x) ? x->valueint : 0;
}

/* FILE:2:3-2:5: %0: declared tensor<*xf32>, inferred tensor<2x3xf32>, from "tf.AddV2" at 2:8 */
static void print_row(const char *file, const cJSON *v) {
  const cJSON *r = cJSON_GetObjectItemCaseSensitive(v, "range");
  const char *declared = str(v, "declared"), *inferred = str(v, "inferred");
  printf("%s:%d:%d-%d:%d: %s: declared %s", file, num(r, "start", "line") + 1, num(r, "start", "character") + 1,
         num(r, "end", "line") + 1, num(r, "end", "character") + 1, str(v, "name"), declared ? declared : "(none)");
  if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "refined"))) printf(", inferred %s", inferred);
  const cJSON *op = cJSON_GetObjectItemCaseSensitive(v, "op");
  int index = (int)cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(v, "index"));
  if (cJSON_IsObject(op)) {
    const cJSON *opr = cJSON_GetObjectItemCaseSensitive(op, "range");
    printf(", from \"%s\" at %d:%d", str(op, "name"), num(opr, "start", "line") + 1,
           num(opr, "start", "character") + 1);
  } else {
    printf(", argument %d", index);
  }
  putchar('\n');
}

static void print_text(const cJSON *doc) {
  const cJSON *f;
  cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "files")) {
    const cJSON *v;
    cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(f, "values")) print_row(str(f, "file"), v);
  }
}

static void print_json(const cJSON *doc) {
  char *s = cJSON_PrintUnformatted(doc);
  size_t n = strlen(s);
  if (!ms_utf8_valid(s, n)) {
    char *r = ms_utf8_repair(s, n, &n);
    free(s);
    s = r;
  }
  puts(s);
  free(s);
}

/* One catalog per project rule file in effect, as `check` loads them: the
** built-in rules, the nearest .mlir-shape.json, then each --rules FILE. */
typedef struct project {
  char *config;          /* NULL: no project rule file */
  ms_catalog *catalog;
} project;

typedef struct projects {
  const options *o;
  project *items;
  size_t n, cap;
} projects;

static bool same_config(const char *a, const char *b) { return (!a && !b) || (a && b && !strcmp(a, b)); }

/* The catalog for the file at path; NULL after printing why not. */
static const ms_catalog *catalog_for(projects *ps, const char *path) {
  char dir[4096];
  const char *slash = strcmp(path, "-") ? strrchr(path, '/') : NULL;
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash == path ? 1 : slash - path) : 1, slash ? path : ".");
  char *config = ms_catalog_find_config(dir);
  for (size_t i = 0; i < ps->n; i++)
    if (same_config(ps->items[i].config, config)) {
      free(config);
      return ps->items[i].catalog;
    }
  char err[4096]; /* "valid codes: ..." lists every registered code */
  ms_catalog *c = ms_catalog_new();
  bool ok = ms_catalog_load_builtin(c, err, sizeof err);
  if (ok && config) ok = ms_catalog_load_file(c, config, err, sizeof err);
  for (size_t i = 0; ok && i < ps->o->rules.count; i++)
    ok = ms_catalog_load_file(c, ps->o->rules.items[i], err, sizeof err);
  if (!ok) {
    fprintf(stderr, "%s\n", err);
    ms_catalog_delete(c);
    free(config);
    return NULL;
  }
  *MS_ARRAY_PUSH(ps->items, ps->n, ps->cap) = (project){config, c};
  return c;
}

static void projects_clear(projects *ps) {
  for (size_t i = 0; i < ps->n; i++) {
    free(ps->items[i].config);
    ms_catalog_delete(ps->items[i].catalog);
  }
  free(ps->items);
}

/* Lists every path; 1 when a file has error findings, 2 on an I/O or rule
** file error (*rules_broken for the latter: nothing is to be printed). */
static int list_all(const options *o, cJSON *doc, bool *rules_broken) {
  ms_path_list paths, notes;
  ms_path_list_init(&paths);
  ms_path_list_init(&notes);
  char err[4096];
  int status = 0;
  for (size_t i = 0; i < o->args.count; i++)
    if (!ms_path_list_expand(&paths, &notes, o->args.items[i], err, sizeof err)) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      status = 2;
    }
  for (size_t i = 0; i < notes.count; i++) fprintf(stderr, "mlir-shape: %s\n", notes.items[i]);
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_mlir());
  projects ps = {o, NULL, 0, 0};
  bool errors = false;
  for (size_t i = 0; i < paths.count; i++) {
    const ms_catalog *catalog = catalog_for(&ps, paths.items[i]);
    if (!catalog) {
      *rules_broken = true;
      status = 2;
      break;
    }
    ms_source src;
    if (!ms_source_open(&src, paths.items[i], err, sizeof err)) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      status = 2;
      continue;
    }
    errors |= list_file(parser, catalog, o, &src, ms_shapes_add_file(doc, src.name));
    ms_source_close(&src);
  }
  projects_clear(&ps);
  ts_parser_delete(parser);
  ms_path_list_clear(&paths);
  ms_path_list_clear(&notes);
  return status ? status : errors ? 1 : 0;
}

int ms_cmd_shapes(int argc, char **argv) {
  options o = {0};
  ms_path_list_init(&o.rules);
  ms_path_list_init(&o.args);
  int status = parse_options(argc, argv, &o);
  if (status < 0) {
    cJSON *doc = ms_shapes_json();
    bool rules_broken = false;
    status = list_all(&o, doc, &rules_broken);
    /* A broken rule file stops the listing: nothing half done is printed. */
    if (!rules_broken && o.json) print_json(doc);
    else if (!rules_broken) print_text(doc);
    cJSON_Delete(doc);
  }
  ms_path_list_clear(&o.rules);
  ms_path_list_clear(&o.args);
  return status;
}
