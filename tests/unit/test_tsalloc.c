/*
** test_tsalloc.c: unit tests of tsalloc.h's arena: a parse made inside an
** arena and freed at its end leaves the allocator able to make the same
** tree again, round after round (slabs and big blocks reused), and the
** objects made before the arena survive it. Criterion runs each test in
** its own process, so installing the allocator here touches no other test.
*/
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#include "tsalloc.h"

const TSLanguage *tree_sitter_mlir(void);
/* What ts_node_string's result is freed with (libtree-sitter exports it). */
extern void (*ts_current_free)(void *);

/* A function whose region holds enough ops that its child arrays are
** big blocks (over 512 bytes), and a syntax error for the error paths. */
static char *make_text(void) {
  size_t cap = 1 << 16, n = 0;
  char *t = malloc(cap);
  n += (size_t)snprintf(t + n, cap - n, "func.func @f(%%a: tensor<2xf32>) {\n");
  for (int i = 0; i < 300; i++)
    n += (size_t)snprintf(t + n, cap - n, "  %%v%d = \"test.op\"(%%a) : (tensor<2xf32>) -> tensor<2xf32>\n", i);
  n += (size_t)snprintf(t + n, cap - n, "  %%bad = \"test.op\"(%%a : tensor<2xf32>\n  return\n}\n");
  return t;
}

static char *parse_to_string(const char *text, bool arena) {
  bool began = arena && ms_tsalloc_arena_begin();
  TSParser *parser = ts_parser_new();
  cr_assert(ts_parser_set_language(parser, tree_sitter_mlir()));
  TSTree *tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)strlen(text));
  char *s = ts_node_string(ts_tree_root_node(tree));
  char *copy = strdup(s);
  if (began) {
    ms_tsalloc_arena_end(); /* the tree, the parser and s at once */
  } else {
    ts_current_free(s);
    ts_tree_delete(tree);
    ts_parser_delete(parser);
  }
  return copy;
}

Test(tsalloc, arena_rounds_make_the_same_tree) {
  ms_tsalloc_install();
  char *text = make_text();
  /* A parser made before any arena, alive across them. */
  TSParser *outside = ts_parser_new();
  cr_assert(ts_parser_set_language(outside, tree_sitter_mlir()));
  char *plain = parse_to_string(text, false);
  cr_assert(strstr(plain, "ERROR") || strstr(plain, "MISSING"), "the text has a syntax error");
  for (int round = 0; round < 5; round++) {
    char *s = parse_to_string(text, true);
    cr_assert_str_eq(s, plain, "round %d", round);
    free(s);
  }
  TSTree *tree = ts_parser_parse_string(outside, NULL, text, (uint32_t)strlen(text));
  char *s = ts_node_string(ts_tree_root_node(tree));
  cr_assert_str_eq(s, plain);
  ts_current_free(s);
  ts_tree_delete(tree);
  ts_parser_delete(outside);
  free(plain);
  free(text);
  ms_tsalloc_thread_end();
}

Test(tsalloc, arena_only_when_installed) {
  /* Not installed: no arena, the caller frees as usual. */
  cr_assert_not(ms_tsalloc_arena_begin());
}
