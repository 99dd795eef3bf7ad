/*
** test_session_cuts.c: a fresh session that cuts a long function into
** pieces (session_flow.c) finds what one analysing the text whole finds,
** on text that is broken: a function's closing brace gone (the function
** runs on over the next ones), stray brackets and quotes, strings holding
** braces, `// -----` lines. Each case is a seeded mutation of a module
** with one long function and short ones after it that reuse its names.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_case.h"

#define WHOLE ((size_t)1 << 30)

/* Op %v<i> of module_text, a broadcast error: it reads %b as a tensor<4xi32>. */
static size_t bad_op(char *at, int i) {
  return (size_t)sprintf(
      at, "    %%v%d = \"test.broadcastable\"(%%v%d, %%b) : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3xi32>\n", i,
      i - 1);
}

/* A module: @main of n ops (each using the one before it), then three
** short functions defining %v0.. again with other types, and using them. */
static char *module_text(int n) {
  size_t len;
  char *s = session_main_ops(n, 23, bad_op, 4096, &len);
  len += (size_t)sprintf(s + len, "    return\n  }\n");
  for (int f = 0; f < 3; f++) {
    len += (size_t)sprintf(s + len, "  func.func @g%d(%%a: tensor<5xi32>) {\n", f);
    len += (size_t)sprintf(s + len, "    %%v%d = \"test.broadcastable\"(%%a, %%a) : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>\n", f);
    len += (size_t)sprintf(s + len, "    %%w%d = \"test.broadcastable\"(%%v%d, %%v%d) : (tensor<5xi32>, tensor<2x3xi32>) -> tensor<5xi32>\n",
                           f, f, f + 5);
    len += (size_t)sprintf(s + len, "    \"test.op\"() {s = \"}{ // -----\"} : () -> ()\n    return\n  }\n");
  }
  sprintf(s + len, "}\n");
  return s;
}

/* The offset of line `line`'s start in s (or its end). */
static size_t line_at(const char *s, int line) {
  const char *p = s;
  for (int i = 0; i < line && *p; i++) {
    const char *nl = strchr(p, '\n');
    if (!nl) return strlen(s);
    p = nl + 1;
  }
  return (size_t)(p - s);
}

static int line_count(const char *s) {
  int n = 0;
  for (; *s; s++) n += *s == '\n';
  return n;
}

/* s with [a, b) replaced by ins (malloc'd). */
static char *splice(const char *s, size_t a, size_t b, const char *ins) {
  size_t n = strlen(s), k = strlen(ins);
  char *o = malloc(n - (b - a) + k + 1);
  memcpy(o, s, a);
  memcpy(o + a, ins, k);
  memcpy(o + a + k, s + b, n - b + 1);
  return o;
}

/* One seeded mutation of s (malloc'd). */
static char *mutate(const char *s, unsigned *seed) {
  *seed = *seed * 1103515245u + 12345u;
  unsigned r = *seed >> 8;
  int lines = line_count(s);
  size_t n = strlen(s);
  static const char *const bits[] = {"{", "}", "(", ")", "\"", "[", "]", "<", "/", "\n", "}\n", "{\n"};
  switch (r % 6) {
    case 0: { /* a whole line deleted */
      int l = (int)((r >> 3) % (unsigned)lines);
      return splice(s, line_at(s, l), line_at(s, l + 1), "");
    }
    case 1: { /* a bracket, quote or slash deleted */
      size_t at = (r >> 3) % n;
      for (size_t k = 0; k < n; k++) {
        size_t i = (at + k) % n;
        if (strchr("{}()\"[]/", s[i])) return splice(s, i, i + 1, "");
      }
      return splice(s, 0, 0, "");
    }
    case 2: /* one typed anywhere */
      return splice(s, (r >> 3) % n, (r >> 3) % n, bits[(r >> 20) % 12]);
    case 3: { /* a `// -----` line */
      size_t at = line_at(s, (int)((r >> 3) % (unsigned)lines));
      return splice(s, at, at, "// -----\n");
    }
    case 4: { /* a string holding braces, as an op */
      size_t at = line_at(s, (int)((r >> 3) % (unsigned)lines));
      return splice(s, at, at, "    \"test.op\"() {s = \"}) : () -> ()\\n  }\\n{\"} : () -> ()\n");
    }
    default: { /* the closing line of a function (`  }`) deleted */
      const char *p = s;
      int want = (int)((r >> 3) % 4), k = 0;
      for (const char *q = strstr(s, "\n  }\n"); q; q = strstr(q + 1, "\n  }\n"))
        if (k++ == want) p = q;
      if (p == s) return splice(s, 0, 0, "");
      return splice(s, (size_t)(p - s) + 1, (size_t)(p - s) + 5, "");
    }
  }
}

TestSuite(session_cuts, .fini = test_catalog_release);

/* A generic module holding a pretty function, long generic functions and,
** between two of them, an op directly in the module using a name the
** pretty function defines: the module's region flows (an op in it defines
** a value), so it is cut into pieces judged with one value table, but the
** pretty function's values are its own (no op owns its region: its ops'
** parent is the module) and must not reach the later op (the soak's
** drift: `%8 is defined here` in another function). */
Test(session_cuts, a_pretty_function_keeps_its_values_from_later_pieces) {
  size_t cap = 64000, len = 0;
  char *s = malloc(cap);
  len += (size_t)sprintf(s + len, "\"builtin.module\"() ({\nfunc.func @p(%%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                                  "  %%8 = \"test.op\"(%%x) : (tensor<2xf32>) -> tensor<5xf32>\n  return %%x : tensor<2xf32>\n}\n");
  for (int i = 0; i < 40; i++) {
    len += (size_t)sprintf(s + len, "  \"func.func\"() <{function_type = (tensor<4xf32>) -> (), sym_name = \"f%d\"}> ({\n"
                                    "  ^bb0(%%arg0: tensor<4xf32>):\n", i);
    for (int j = 0; j < 5; j++)
      len += (size_t)sprintf(s + len, "    %%%d = \"test.broadcastable\"(%%arg0, %%arg0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>\n", j);
    len += (size_t)sprintf(s + len, "    \"func.return\"() : () -> ()\n  }) : () -> ()\n");
    if (i == 30)
      len += (size_t)sprintf(s + len, "  %%20 = \"test.broadcastable\"(%%8, %%8) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>\n");
  }
  len += (size_t)sprintf(s + len, "}) : () -> ()\n");
  cr_assert_lt(len, cap);
  ms_session *ss = session_open_cut("file:///c.mlir", s, len, 8000, 4000);
  cr_assert_gt(ms_session_trees(ss, NULL, 0), 3, "the module should be cut into pieces");
  char *f = session_findings(ss);
  cr_assert(!strstr(f, "%8"), "%%8 of @p reached the op in the module:\n%s", f);
  free(f);
  session_expect_fresh(ss, WHOLE, 0);
  ms_session_delete(ss);
  free(s);
}

/* Fresh sessions, cutting functions into pieces of ~3000 bytes, against
** one analysing the text whole. */
static void expect_pieces_equal_whole(const char *text, int step) {
  ms_session *s = session_open_cut("file:///c.mlir", text, strlen(text), 6000, 3000);
  session_expect_fresh(s, WHOLE, step);
  ms_session_delete(s);
}

Test(session_cuts, the_unbroken_module_is_cut_and_equal) {
  char *text = module_text(300);
  ms_session *s = session_open_cut("file:///c.mlir", text, strlen(text), 6000, 3000);
  cr_assert_gt(ms_session_trees(s, NULL, 0), 4, "the function should be cut into pieces");
  char *f = session_findings(s);
  cr_assert(strstr(f, "not broadcast-compatible"), "findings to compare:\n%s", f);
  free(f);
  session_expect_fresh(s, WHOLE, -1);
  ms_session_delete(s);
  free(text);
}

Test(session_cuts, an_unclosed_function_before_others) {
  char *text = module_text(300);
  const char *close = strstr(text, "    return\n  }\n");
  cr_assert(close);
  size_t at = (size_t)(close - text) + strlen("    return\n");
  char *broken = splice(text, at, at + 4, "");
  expect_pieces_equal_whole(broken, 0);
  free(broken);
  free(text);
}

/* Text typed into an op late in the long function: a brace inside `->`
** (the parser drops it as an error token, it closes no region), a lone
** quote, a lone slash; and a `// -----` line earlier in the function.
** Where the parser's recovery takes it is its own choice: the cutter must
** not cut around it (the drift a longer run of the mutations found). */
Test(session_cuts, an_error_token_inside_an_op_is_not_cut_around) {
  static const char *const typed[] = {"-}>", "-\">", "-/>"};
  for (int i = 0; i < 3; i++) {
    char *text = module_text(300);
    const char *op = strstr(text, "%v236 = ");
    cr_assert(op);
    const char *arrow = strstr(op, "->");
    size_t at = (size_t)(arrow - text);
    char *t = splice(text, at, at + 2, typed[i]);
    size_t split = line_at(t, 190);
    char *u = splice(t, split, split, "// -----\n");
    expect_pieces_equal_whole(u, i);
    expect_pieces_equal_whole(t, 10 + i);
    free(u);
    free(t);
    free(text);
  }
}

Test(session_cuts, broken_text_cut_equals_whole) {
  char *text = module_text(300);
  unsigned seed = 20;
  for (int step = 0; step < 1500; step++) {
    char *t = mutate(text, &seed);
    if (step % 3 == 2) {
      char *u = mutate(t, &seed);
      free(t);
      t = u;
    }
    expect_pieces_equal_whole(t, step);
    free(t);
  }
  free(text);
}

