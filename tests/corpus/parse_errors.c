/*
** parse_errors.c: the grammar's ERROR and MISSING nodes in whole files
** (build/corpus-parse, run by tests/corpus/gate.py).
**
** Parses each FILE whole with the project's tree-sitter grammar (the same
** parser.c and scanner.c the binary links) and prints one line per
** outermost ERROR node and per MISSING node:
**
**   FILE<TAB>LINE<TAB>COLUMN<TAB>ERROR|MISSING<TAB>TEXT
**
** LINE and COLUMN are 1-based (COLUMN in bytes); TEXT is the node's first
** line, at most 80 bytes (for MISSING: the missing token's type). ERROR
** nodes inside an ERROR node are not listed again. A file that cannot be
** read prints FILE<TAB>0<TAB>0<TAB>UNREADABLE<TAB>reason.
**
** usage: corpus-parse FILE...     (or `-` then one FILE a line on stdin)
** Exits 0 when every file parsed without ERROR or MISSING node, 1 when some
** did not, 2 on usage errors.
*/
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_mlir(void);

enum { SNIPPET_MAX = 80 };

static char *read_all(const char *path, uint32_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  if (!buf) abort();
  for (;;) {
    if (n == cap) {
      cap *= 2;
      buf = realloc(buf, cap);
      if (!buf) abort();
    }
    size_t got = fread(buf + n, 1, cap - n, f);
    if (got == 0) break;
    n += got;
  }
  fclose(f);
  *len = (uint32_t)n;
  return buf;
}

/* Prints TEXT for a node: the first line of its text, escaped tabs. */
static void print_snippet(const char *text, uint32_t s, uint32_t e) {
  uint32_t k = 0;
  for (uint32_t i = s; i < e && k < SNIPPET_MAX; i++, k++) {
    char c = text[i];
    if (c == '\n' || c == '\r') break;
    putchar(c == '\t' ? ' ' : c);
  }
}

static void report(const char *path, const char *text, TSNode n, bool missing) {
  TSPoint p = ts_node_start_point(n);
  printf("%s\t%u\t%u\t%s\t", path, p.row + 1, p.column + 1, missing ? "MISSING" : "ERROR");
  if (missing)
    fputs(ts_node_type(n), stdout);
  else
    print_snippet(text, ts_node_start_byte(n), ts_node_end_byte(n));
  putchar('\n');
}

/* Walks the tree depth first, descending only into nodes that have an error
** below them; returns how many nodes it reported. */
static unsigned walk(const char *path, const char *text, TSTree *tree) {
  unsigned found = 0;
  TSTreeCursor c = ts_tree_cursor_new(ts_tree_root_node(tree));
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&c);
    bool descend = false;
    if (ts_node_is_missing(n)) {
      report(path, text, n, true);
      found++;
    } else if (!strcmp(ts_node_type(n), "ERROR")) {
      report(path, text, n, false);
      found++;
    } else {
      descend = ts_node_has_error(n);
    }
    if (descend && ts_tree_cursor_goto_first_child(&c)) continue;
    while (!ts_tree_cursor_goto_next_sibling(&c)) {
      if (!ts_tree_cursor_goto_parent(&c)) {
        ts_tree_cursor_delete(&c);
        return found;
      }
    }
  }
}

static int one(TSParser *parser, const char *path) {
  uint32_t len = 0;
  char *text = read_all(path, &len);
  if (!text) {
    printf("%s\t0\t0\tUNREADABLE\tcannot read\n", path);
    return 1;
  }
  TSTree *tree = ts_parser_parse_string(parser, NULL, text, len);
  unsigned found = tree ? walk(path, text, tree) : 0;
  if (!tree) printf("%s\t0\t0\tUNREADABLE\tno tree\n", path);
  ts_tree_delete(tree);
  free(text);
  return found || !tree;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fputs("usage: corpus-parse FILE... (or - to read file names from stdin)\n", stderr);
    return 2;
  }
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, tree_sitter_mlir())) return 2;
  int bad = 0;
  if (argc == 2 && !strcmp(argv[1], "-")) {
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\n")] = 0;
      if (*line) bad |= one(parser, line);
    }
  } else {
    for (int i = 1; i < argc; i++) bad |= one(parser, argv[i]);
  }
  ts_parser_delete(parser);
  return bad;
}
