/*
** test_queries.c: the grammar's editor queries (grammar/queries/NAME.scm)
** against the generated parser, with Debian's libtree-sitter (0.20.7, whose
** CLI cannot run `tree-sitter test` here).
**
**  - Every query file compiles, and every capture name is one of the
**    standard names of Neovim (nvim-treesitter, nvim-treesitter-textobjects)
**    or Helix, so that a typo cannot pass unnoticed.
**  - grammar/test/highlight/NAME.mlir: highlight assertions in tree-sitter's
**    test format. A comment `// ^ NAME` asserts that the highlight capture
**    of the innermost captured node at the caret's column, on the nearest
**    line above that is not an assertion, is named NAME; `// <- NAME` does
**    so at the column of the comment's `//`; `!NAME` asserts the opposite.
**    A node captured with several names (one per editor) passes with any.
**  - locals, folds and textobjects capture what they promise on a sample.
*/
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "helpers.h"

const TSLanguage *tree_sitter_mlir(void);

#define QUERY_DIR MS_SOURCE_DIR "/grammar/queries"
#define HIGHLIGHT_DIR MS_SOURCE_DIR "/grammar/test/highlight"

static const char *const error_names[] = {"none", "syntax", "node type", "field", "capture", "structure", "language"};

/* Compiles grammar/queries/NAME.scm; fails the test with the error's place. */
static TSQuery *load_query(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s.scm", QUERY_DIR, name);
  size_t len;
  char *src = test_read_file(path, &len);
  cr_assert_not_null(src, "cannot read %s", path);
  uint32_t off = 0;
  TSQueryError err = TSQueryErrorNone;
  TSQuery *q = ts_query_new(tree_sitter_mlir(), src, (uint32_t)len, &off, &err);
  if (!q) {
    uint32_t line = 1;
    for (uint32_t i = 0; i < off && i < len; i++) line += src[i] == '\n';
    cr_assert_fail("%s:%u: %s error in query, near \"%.30s\"", path, line,
                   err < sizeof error_names / sizeof *error_names ? error_names[err] : "unknown",
                   src + (off < len ? off : len));
  }
  free(src);
  return q;
}

static TSTree *parse_text(const char *text, size_t len) {
  TSParser *p = ts_parser_new();
  cr_assert(ts_parser_set_language(p, tree_sitter_mlir()));
  TSTree *t = ts_parser_parse_string(p, NULL, text, (uint32_t)len);
  ts_parser_delete(p);
  return t;
}

/* ------------------------------------------------------------------ */
/* Compilation and capture names                                      */

static const char *const query_files[] = {"highlights", "locals", "folds", "injections", "textobjects"};

/* The standard names the queries may use: Neovim's highlight groups (0.7's
** TSHighlighter names and nvim-treesitter's current ones), Helix's theme
** scopes, the locals of tree-sitter/Helix/nvim-treesitter (current and the
** older ones), folds, injections and both editors' text objects. */
static const char *const standard_names[] = {
  /* highlights */
  "comment", "comment.documentation", "keyword", "keyword.function", "keyword.return", "keyword.modifier",
  "namespace", "module", "function", "function.call", "string.special.symbol", "variable",
  "variable.parameter", "parameter", "label", "type", "type.builtin", "attribute", "property", "string", "number",
  "constant.numeric", "boolean", "constant.builtin.boolean", "constant.builtin", "punctuation.bracket",
  "punctuation.delimiter", "punctuation.special", "operator",
  /* locals */
  "local.scope", "local.definition", "local.definition.var", "local.definition.parameter",
  "local.definition.label", "local.reference", "scope", "definition", "definition.var",
  "definition.parameter", "reference",
  /* folds, injections */
  "fold", "injection.content",
  /* text objects */
  "function.outer", "function.inner", "function.around", "function.inside", "statement.outer", "call.outer",
  "block.outer", "block.inner", "parameter.inner", "parameter.outer", "parameter.inside", "parameter.around",
  "comment.outer", "comment.around", "comment.inside", "class.outer", "class.inner", "class.around",
  "class.inside", NULL};

static bool is_standard(const char *name, uint32_t len) {
  if (len > 0 && name[0] == '_') return true; /* private captures of predicates */
  for (const char *const *s = standard_names; *s; s++)
    if (strlen(*s) == len && !strncmp(*s, name, len)) return true;
  return false;
}

Test(queries, compile_with_standard_capture_names) {
  for (size_t i = 0; i < sizeof query_files / sizeof *query_files; i++) {
    TSQuery *q = load_query(query_files[i]);
    cr_assert_gt(ts_query_pattern_count(q), 0, "%s.scm has no pattern", query_files[i]);
    for (uint32_t c = 0; c < ts_query_capture_count(q); c++) {
      uint32_t len;
      const char *name = ts_query_capture_name_for_id(q, c, &len);
      cr_expect(is_standard(name, len), "%s.scm: capture @%.*s is not a standard name", query_files[i],
                (int)len, name);
    }
    ts_query_delete(q);
  }
}

/* ------------------------------------------------------------------ */
/* Captures of a query on a text                                      */

typedef struct capture {
  uint32_t start, end; /* bytes */
  char name[48];
} capture;

typedef struct captures {
  capture *v;
  size_t n, cap;
} captures;

/* Every capture of every match (predicates: the queries use only `#set!`
** and text-object directives, which change no match). */
static captures run_query(TSQuery *q, TSTree *t) {
  captures out = {0};
  TSQueryCursor *cur = ts_query_cursor_new();
  ts_query_cursor_exec(cur, q, ts_tree_root_node(t));
  TSQueryMatch m;
  while (ts_query_cursor_next_match(cur, &m)) {
    for (uint16_t i = 0; i < m.capture_count; i++) {
      if (out.n == out.cap) {
        out.cap = out.cap ? out.cap * 2 : 256;
        out.v = realloc(out.v, out.cap * sizeof *out.v);
      }
      uint32_t len;
      const char *name = ts_query_capture_name_for_id(q, m.captures[i].index, &len);
      capture *c = &out.v[out.n++];
      c->start = ts_node_start_byte(m.captures[i].node);
      c->end = ts_node_end_byte(m.captures[i].node);
      snprintf(c->name, sizeof c->name, "%.*s", (int)len, name);
    }
  }
  ts_query_cursor_delete(cur);
  return out;
}

/* The names of the innermost captured node(s) at byte pos, space-separated
** into buf (empty when nothing is captured there). */
static void names_at(const captures *cs, uint32_t pos, char *buf, size_t size) {
  uint32_t best = UINT32_MAX;
  for (size_t i = 0; i < cs->n; i++)
    if (cs->v[i].start <= pos && pos < cs->v[i].end && cs->v[i].end - cs->v[i].start < best)
      best = cs->v[i].end - cs->v[i].start;
  buf[0] = 0;
  for (size_t i = 0; i < cs->n; i++) {
    const capture *c = &cs->v[i];
    if (c->start <= pos && pos < c->end && c->end - c->start == best) {
      char word[52];
      snprintf(word, sizeof word, " %s ", c->name);
      if (strstr(buf, word)) continue;
      size_t used = strlen(buf);
      snprintf(buf + used, size - used, "%s%s ", used ? "" : " ", c->name);
    }
  }
}

/* Is a node that starts with node_text (the node's text and what follows it,
** enough to tell the node apart) captured with name? */
static bool has_capture(const captures *cs, const char *text, const char *name, const char *node_text) {
  size_t n = strlen(node_text);
  for (size_t i = 0; i < cs->n; i++)
    if (!strcmp(cs->v[i].name, name) && !strncmp(text + cs->v[i].start, node_text, n))
      return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* Highlight assertions                                               */

/* An assertion line: blanks, `//`, blanks, then `<-` or `^`, then the name.
** Sets *col to the column asserted on, *name to the name (NUL-terminated in
** name_buf), *negate for `!NAME`. */
static bool parse_assertion(const char *line, size_t len, uint32_t *col, char *name_buf, size_t size,
                            bool *negate) {
  size_t i = 0;
  while (i < len && (line[i] == ' ' || line[i] == '\t')) i++;
  if (i + 1 >= len || line[i] != '/' || line[i + 1] != '/') return false;
  size_t slashes = i;
  i += 2;
  while (i < len && line[i] == ' ') i++;
  if (i + 1 < len && line[i] == '<' && line[i + 1] == '-') {
    *col = (uint32_t)slashes;
    i += 2;
  } else if (i < len && line[i] == '^') {
    *col = (uint32_t)i;
    while (i < len && line[i] == '^') i++;
  } else {
    return false;
  }
  while (i < len && line[i] == ' ') i++;
  *negate = i < len && line[i] == '!';
  if (*negate) i++;
  size_t start = i;
  while (i < len && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') i++;
  if (i == start || i - start >= size) return false;
  memcpy(name_buf, line + start, i - start);
  name_buf[i - start] = 0;
  return true;
}

static int check_highlight_file(TSQuery *q, const char *path, int *assertions) {
  size_t len;
  char *text = test_read_file(path, &len);
  cr_assert_not_null(text, "cannot read %s", path);
  TSTree *t = parse_text(text, len);
  cr_expect(!ts_node_has_error(ts_tree_root_node(t)), "%s does not parse cleanly", path);
  captures cs = run_query(q, t);
  int failures = 0;
  size_t src_start = 0, src_len = 0; /* the line assertions refer to */
  bool have_src = false;
  unsigned row = 0;
  for (size_t ls = 0; ls < len; row++) {
    size_t le = ls;
    while (le < len && text[le] != '\n') le++;
    uint32_t col;
    bool negate;
    char name[64];
    if (parse_assertion(text + ls, le - ls, &col, name, sizeof name, &negate)) {
      (*assertions)++;
      if (!have_src || col >= src_len) {
        failures++;
        cr_log_error("%s:%u: assertion outside of the line above", path, row + 1);
      } else {
        char got[512];
        names_at(&cs, (uint32_t)(src_start + col), got, sizeof got);
        char word[72];
        snprintf(word, sizeof word, " %s ", name);
        bool found = strstr(got, word) != NULL;
        if (found == negate) {
          failures++;
          cr_log_error("%s:%u: expected %s%s at column %u of \"%.*s\", captured:%s", path, row + 1,
                       negate ? "not " : "", name, col + 1, (int)src_len, text + src_start,
                       got[0] ? got : " nothing");
        }
      }
    } else {
      src_start = ls;
      src_len = le - ls;
      have_src = true;
    }
    ls = le + 1;
  }
  free(cs.v);
  ts_tree_delete(t);
  free(text);
  return failures;
}

Test(queries, highlight_assertions) {
  TSQuery *q = load_query("highlights");
  DIR *d = opendir(HIGHLIGHT_DIR);
  cr_assert_not_null(d, "no %s", HIGHLIGHT_DIR);
  int files = 0, assertions = 0, failures = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 6 || strcmp(e->d_name + n - 5, ".mlir")) continue;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", HIGHLIGHT_DIR, e->d_name);
    failures += check_highlight_file(q, path, &assertions);
    files++;
  }
  closedir(d);
  ts_query_delete(q);
  cr_log_info("highlight tests: %d files, %d assertions, %d failed", files, assertions, failures);
  cr_assert_gt(files, 0);
  cr_assert_geq(assertions, 40, "only %d highlight assertions", assertions);
  cr_assert_eq(failures, 0, "%d of %d highlight assertions failed", failures, assertions);
}

/* ------------------------------------------------------------------ */
/* Locals, folds, text objects                                        */

static const char sample[] =
    "func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {\n"
    "  %0 = arith.addf %a, %b : tensor<2x3xf32>\n"
    "  cf.br ^bb1(%0 : tensor<2x3xf32>)\n"
    "^bb1(%x: tensor<2x3xf32>):\n"
    "  %1 = \"tosa.add\"(%x, %a) {\n"
    "    note = \"a long dictionary\"\n"
    "  } : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  // the result\n"
    "  return %1 : tensor<2x3xf32>\n"
    "}\n";

Test(queries, locals_folds_textobjects_capture) {
  TSTree *t = parse_text(sample, sizeof sample - 1);
  cr_assert(!ts_node_has_error(ts_tree_root_node(t)), "the sample does not parse");
  static const struct {
    const char *query, *name, *node_text;
  } want[] = {
      {"locals", "local.scope", "func.func @f"},
      {"locals", "local.scope", "{\n  %0"},
      {"locals", "local.definition", "%0"},
      {"locals", "local.definition", "%a"},
      {"locals", "local.definition", "^bb1"},
      {"locals", "local.definition", "%x"},
      {"locals", "local.reference", "%0 :"},
      {"locals", "local.reference", "%x,"},
      {"locals", "local.reference", "^bb1("},
      {"locals", "definition.var", "%1"},
      {"locals", "reference", "%1 :"},
      {"locals", "scope", "{\n  %0"},
      {"folds", "fold", "func.func @f"},
      {"folds", "fold", "{\n  %0"},
      {"folds", "fold", "{\n    note"},
      {"textobjects", "function.outer", "func.func @f"},
      {"textobjects", "function.inner", "{\n  %0"},
      {"textobjects", "function.around", "func.func @f"},
      {"textobjects", "function.inside", "{\n  %0"},
      {"textobjects", "statement.outer", "%0 = arith.addf"},
      {"textobjects", "statement.outer", "%1 = \"tosa.add\""},
      {"textobjects", "parameter.inner", "%a: tensor"},
      {"textobjects", "comment.outer", "// the result"},
      {"textobjects", "block.outer", "{\n  %0"},
      {"textobjects", "block.inner", "^bb1(%x"},
      {"injections", "injection.content", "// the result"},
  };
  const char *loaded = NULL;
  TSQuery *q = NULL;
  captures cs = {0};
  for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
    if (!loaded || strcmp(loaded, want[i].query)) {
      if (q) ts_query_delete(q);
      free(cs.v);
      q = load_query(want[i].query);
      cs = run_query(q, t);
      loaded = want[i].query;
    }
    cr_expect(has_capture(&cs, sample, want[i].name, want[i].node_text), "%s.scm: no @%s on \"%s\"", want[i].query,
              want[i].name, want[i].node_text);
  }
  free(cs.v);
  ts_query_delete(q);
  ts_tree_delete(t);
}
