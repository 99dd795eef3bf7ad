/*
** test_grammar.c: the tree-sitter grammar (grammar/) on its own.
**
** Two kinds of tests:
**  - grammar/test/corpus/NAME.txt: snippets with their expected S-expression
**    trees, in tree-sitter's corpus format (=== name ===, input, ---, tree),
**    where tree-sitter's tooling looks for them. Every construct the grammar
**    promises has a case there.
**  - ../shared/corpus (skipped with a message when absent): every file parses
**    without a crash; generic/ files have no ERROR or MISSING node; in real/,
**    every generic-form op line ("x.y"(...)) starts a generic_operation node,
**    and the fraction of files with no ERROR at all is reported and must be
**    at least 90%.
*/
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tree_sitter/api.h>

#include "helpers.h"

const TSLanguage *tree_sitter_mlir(void);

static TSTree *parse(const char *text, size_t len) {
  TSParser *p = ts_parser_new();
  cr_assert(ts_parser_set_language(p, tree_sitter_mlir()), "grammar ABI not loadable");
  TSTree *t = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
  ts_parser_delete(p);
  return t;
}

/* Collapses runs of whitespace so that expected trees may be laid out freely. */
static void squeeze(char *s) {
  char *w = s;
  bool space = false;
  for (char *r = s; *r; r++) {
    if (*r == ' ' || *r == '\n' || *r == '\t' || *r == '\r') {
      space = true;
      continue;
    }
    if (space && w != s && *r != ')' && w[-1] != '(') *w++ = ' ';
    space = false;
    *w++ = *r;
  }
  *w = 0;
}

static int count_errors(TSNode n) {
  if (ts_node_is_missing(n) || !strcmp(ts_node_type(n), "ERROR")) return 1;
  if (!ts_node_has_error(n)) return 0;
  int c = 0;
  for (uint32_t i = 0; i < ts_node_child_count(n); i++) c += count_errors(ts_node_child(n, i));
  return c;
}

/* ------------------------------------------------------------------ */
/* grammar/test/corpus/NAME.txt                                          */

static bool is_rule_line(const char *line) {
  size_t n = strspn(line, "=");
  return n >= 3 && (line[n] == '\n' || line[n] == 0);
}

static const char *next_line(const char *line) {
  const char *eol = strchr(line, '\n');
  return eol ? eol + 1 : line + strlen(line);
}

/* One case: ===\nname\n===\ninput---\ntree. Returns the start of the next
** case (or the end of the text). */
static const char *run_case(const char *path, const char *hdr, int *cases, int *failures) {
  const char *name = next_line(hdr);
  const char *input = next_line(next_line(name));
  const char *line = input;
  while (*line && strncmp(line, "---\n", 4)) line = next_line(line);
  cr_assert(*line, "%s: case '%.*s' has no --- line", path, (int)(strcspn(name, "\n")), name);
  const char *tree = next_line(line);
  const char *end = tree;
  while (*end && !is_rule_line(end)) end = next_line(end);
  char *expected = strndup(tree, (size_t)(end - tree));
  squeeze(expected);
  TSTree *t = parse(input, (size_t)(line - input));
  char *actual = ts_node_string(ts_tree_root_node(t));
  squeeze(actual);
  (*cases)++;
  if (strcmp(expected, actual)) {
    (*failures)++;
    cr_log_error("%s: case '%.*s'\n  expected: %s\n  actual:   %s", path, (int)strcspn(name, "\n"), name,
                 expected, actual);
  }
  free(actual);
  free(expected);
  ts_tree_delete(t);
  return end;
}

static int run_corpus_file(const char *path, int *cases) {
  size_t len;
  char *text = test_read_file(path, &len);
  cr_assert_not_null(text, "cannot read %s", path);
  int failures = 0;
  const char *p = text;
  while (*p && !is_rule_line(p)) p = next_line(p);
  while (*p) p = run_case(path, p, cases, &failures);
  free(text);
  return failures;
}

Test(grammar, corpus_snippets) {
  const char *dir = MS_SOURCE_DIR "/grammar/test/corpus";
  DIR *d = opendir(dir);
  cr_assert_not_null(d, "no %s", dir);
  struct dirent *e;
  int failures = 0, cases = 0;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".txt")) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    failures += run_corpus_file(path, &cases);
  }
  closedir(d);
  cr_log_info("grammar corpus: %d cases, %d failed", cases, failures);
  cr_assert(cases >= 30, "only %d corpus cases", cases);
  cr_assert_eq(failures, 0, "%d of %d corpus cases differ", failures, cases);
}

/* ------------------------------------------------------------------ */
/* ../shared/corpus                                                    */

typedef struct corpus_stats {
  int files, clean, generic_lines, generic_missed;
  int generic_files_with_errors;
} corpus_stats;

static void mark_generic_rows(TSNode n, unsigned char *rows, uint32_t nrows) {
  if (!strcmp(ts_node_type(n), "generic_operation")) {
    uint32_t r = ts_node_start_point(n).row;
    if (r < nrows) rows[r] = 1;
  }
  for (uint32_t i = 0; i < ts_node_named_child_count(n); i++)
    mark_generic_rows(ts_node_named_child(n, i), rows, nrows);
}

/* Every line that starts a generic op ("x.y"( after optional results) must
** start a generic_operation node. */
static void check_generic_lines(const char *path, const char *text, TSNode root, corpus_stats *st) {
  static regex_t re;
  static bool compiled;
  if (!compiled) {
    int rc = regcomp(&re,
                     "^[ \t]*(%[A-Za-z0-9_$.#:-]+([ \t]*,[ \t]*%[A-Za-z0-9_$.#:-]+)*[ \t]*=[ \t]*)?"
                     "\"[A-Za-z_][A-Za-z0-9_$.]*\"[ \t]*\\(",
                     REG_EXTENDED | REG_NOSUB);
    cr_assert_eq(rc, 0);
    compiled = true;
  }
  uint32_t nrows = ts_node_end_point(root).row + 2;
  unsigned char *rows = calloc(nrows, 1);
  mark_generic_rows(root, rows, nrows);
  uint32_t row = 0;
  for (const char *line = text; *line; row++) {
    const char *eol = strchr(line, '\n');
    size_t n = eol ? (size_t)(eol - line) : strlen(line);
    char *copy = strndup(line, n);
    if (!regexec(&re, copy, 0, NULL, 0)) {
      st->generic_lines++;
      if (row >= nrows || !rows[row]) {
        st->generic_missed++;
        if (st->generic_missed <= 10) cr_log_error("%s:%u: generic op not read as generic_operation", path, row + 1);
      }
    }
    free(copy);
    if (!eol) break;
    line = eol + 1;
  }
  free(rows);
}

static void walk_corpus(const char *dir, bool generic, corpus_stats *st) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat sb;
    if (stat(path, &sb)) continue;
    if (S_ISDIR(sb.st_mode)) {
      walk_corpus(path, generic, st);
      continue;
    }
    size_t n = strlen(path);
    if (n < 5 || strcmp(path + n - 5, ".mlir")) continue;
    size_t len;
    char *text = test_read_file(path, &len);
    TSTree *t = parse(text, len);
    TSNode root = ts_tree_root_node(t);
    int errors = count_errors(root);
    st->files++;
    if (!errors) st->clean++;
    if (generic && errors) {
      st->generic_files_with_errors++;
      cr_log_error("%s: %d ERROR/MISSING nodes", path, errors);
    }
    if (!generic) check_generic_lines(path, text, root, st);
    ts_tree_delete(t);
    free(text);
  }
  closedir(d);
}

static const char *shared_corpus(void) {
  static char path[4096];
  snprintf(path, sizeof path, "%s/../shared/corpus", MS_SOURCE_DIR);
  struct stat sb;
  return stat(path, &sb) == 0 ? path : NULL;
}

Test(grammar, shared_corpus_generic) {
  const char *root = shared_corpus();
  if (!root) cr_skip_test("../shared/corpus is absent: corpus test skipped");
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/generic", root);
  corpus_stats st = {0};
  walk_corpus(dir, true, &st);
  cr_log_info("corpus generic/: %d files, %d without ERROR", st.files, st.clean);
  cr_assert(st.files > 100, "only %d files under %s", st.files, dir);
  cr_assert_eq(st.generic_files_with_errors, 0, "%d generic files with ERROR/MISSING", st.generic_files_with_errors);
}

Test(grammar, shared_corpus_real) {
  const char *root = shared_corpus();
  if (!root) cr_skip_test("../shared/corpus is absent: corpus test skipped");
  char dir[4200];
  snprintf(dir, sizeof dir, "%s/real", root);
  corpus_stats st = {0};
  walk_corpus(dir, false, &st);
  double pct = st.files ? 100.0 * st.clean / st.files : 0;
  cr_log_info("corpus real/: %d files, %d without ERROR (%.1f%%); %d generic op lines, %d not read as generic_operation",
              st.files, st.clean, pct, st.generic_lines, st.generic_missed);
  cr_assert(st.files > 400);
  cr_assert_eq(st.generic_missed, 0, "%d generic ops not read as generic_operation", st.generic_missed);
  cr_assert(pct >= 90.0, "only %.1f%% of real/ files parse without ERROR", pct);
}
