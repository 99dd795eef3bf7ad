/*
** test_cut.c: unit tests of ms_source_cut (cut.c): a big text cut along
** MLIR's structure: the module in every form, nested modules, a long
** function's body (flow units), and the ops that must stay whole.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

static char *text;
static size_t len, cap;

static void add(const char *fmt, int i) {
  char line[512];
  int n = snprintf(line, sizeof line, fmt, i, i, i);
  if (len + (size_t)n + 1 > cap) text = realloc(text, cap = 2 * (len + (size_t)n + 1));
  memcpy(text + len, line, (size_t)n + 1);
  len += (size_t)n;
}

static void reset(void) {
  free(text);
  text = NULL;
  len = cap = 0;
}

static void funcs(int n, const char *indent) {
  for (int i = 0; i < n; i++) {
    char f[256];
    snprintf(f, sizeof f, "%s\"func.func\"() <{sym_name = \"f%%d\"}> ({\n%s  %%%%0 = \"a.b\"() {s = \"}{\"} : () -> i32 // }\n%s}) : () -> ()\n",
             indent, indent, indent);
    add(f, i);
  }
}

/* Cuts text; every byte lies in exactly one range, units come in the order
** of their starts, a head's first range ends where the next unit starts. */
static ms_unit_list cut(size_t threshold, size_t target, int max_level, bool flow) {
  ms_source s;
  ms_source_init_text(&s, "t.mlir", text, len);
  ms_unit_list u;
  ms_unit_list_init(&u);
  ms_cut_options o = {.threshold = threshold, .target = target, .max_level = max_level, .flow = flow};
  ms_source_cut(&s, 0, (uint32_t)len, &o, &u);
  ms_source_close(&s);
  unsigned char *seen = calloc(len + 1, 1);
  for (size_t i = 0; i < u.count; i++) {
    const ms_unit *x = &u.items[i];
    if (i) cr_assert_gt(x->start[0], u.items[i - 1].start[0]);
    for (int r = 0; r < x->nranges; r++)
      for (uint32_t b = x->start[r]; b < x->end[r]; b++) {
        cr_assert_eq(seen[b], 0, "byte %u in two units", b);
        seen[b] = 1;
      }
  }
  for (size_t b = 0; b < len; b++) cr_assert_eq(seen[b], 1, "byte %zu in no unit", b);
  free(seen);
  return u;
}

static bool at(uint32_t off, const char *prefix) { return !strncmp(text + off, prefix, strlen(prefix)); }

/* A module with properties and an attribute dictionary after its region is
** cut like one without (issue 20: the dictionary read as a second region). */
Test(cut, generic_module_with_attributes) {
  reset();
  add("#map = affine_map<(d0) -> (d0)>\n", 0);
  add("\"builtin.module\"() <{sym_name = \"m\"}> ({\n", 0);
  funcs(100, "  ");
  add("}) {mhlo.num_partitions = 1 : i32, mhlo.x = {a = 1}} : () -> () loc(#loc0)\n", 0);
  add("#loc0 = loc(\"x.py\":1:1)\n", 0);
  ms_unit_list u = cut(1000, 500, 4, true);
  cr_assert_gt(u.count, 5);
  cr_assert(at(u.items[0].start[0], "#map"));
  cr_assert_eq(u.items[1].nranges, 2);
  cr_assert(at(u.items[1].start[0], "\"builtin.module\""));
  cr_assert(at(u.items[1].start[1], "}) {mhlo.num_partitions"));
  cr_assert(at(u.items[1].end[1], "#loc0 ="));
  cr_assert(at(u.items[u.count - 1].start[0], "#loc0 ="));
  for (size_t i = 2; i + 1 < u.count; i++) {
    cr_assert(at(u.items[i].start[0], "  \"func.func\""));
    cr_assert_eq(u.items[i].flow, MS_UNIT_ALONE);
  }
  ms_unit_list_clear(&u);
}

Test(cut, pretty_modules) {
  const char *heads[] = {"module {\n", "module @name {\n", "module attributes {a.b = 1 : i32, c = {d = 2}} {\n",
                         "module @m attributes {a = \"{\"} {\n"};
  for (int h = 0; h < 4; h++) {
    reset();
    add(heads[h], 0);
    funcs(100, "  ");
    add("} loc(#loc)\n", 0);
    ms_unit_list u = cut(1000, 500, 1, false);
    cr_assert_gt(u.count, 5, "%s", heads[h]);
    cr_assert_eq(u.items[0].nranges, 2);
    cr_assert(at(u.items[0].start[1], "} loc(#loc)"));
    for (size_t i = 1; i < u.count; i++) cr_assert(at(u.items[i].start[0], "  \"func.func\""));
    ms_unit_list_clear(&u);
  }
}

/* One giant function: its head (the function op, its first ops, its
** closing line) and runs of its body, all flow units. */
static void giant(const char *open, const char *close, int n) {
  reset();
  add("module attributes {x = 1} {\n", 0);
  add(open, 0);
  for (int i = 0; i < n; i++) add("    %%%d = \"a.b\"(%%arg0) : (i32) -> i32\n", i);
  add(close, 0);
  add("}\n", 0);
}

Test(cut, giant_function) {
  const char *opens[] = {"  \"func.func\"() <{sym_name = \"main\"}> ({\n  ^bb0(%%arg0: i32):\n",
                         "  func.func @main(%%arg0: i32) -> i32 {\n"};
  const char *closes[] = {"  }) : () -> () loc(#loc1)\n", "  } loc(#loc1)\n"};
  for (int g = 0; g < 2; g++) {
    giant(opens[g], closes[g], 200);
    ms_unit_list u = cut(1000, 500, 4, true);
    cr_assert_gt(u.count, 5);
    cr_assert_eq(u.items[0].nranges, 2); /* the module's head */
    cr_assert_eq(u.items[0].flow, MS_UNIT_ALONE);
    cr_assert_eq(u.items[1].nranges, 2); /* the function's head */
    cr_assert_eq(u.items[1].flow, MS_UNIT_FLOW_FIRST);
    cr_assert(at(u.items[1].start[1], closes[g]));
    for (size_t i = 2; i < u.count; i++) {
      cr_assert_eq(u.items[i].flow, MS_UNIT_FLOW_NEXT);
      cr_assert(at(u.items[i].start[0], "    %"));
    }
    ms_unit_list_clear(&u);
    /* A caller that cannot analyse flow units gets the function whole. */
    u = cut(1000, 500, 4, false);
    for (size_t i = 0; i < u.count; i++) cr_assert_eq(u.items[i].flow, MS_UNIT_ALONE);
    cr_assert_eq(u.count, 2); /* the module's head, the function */
    cr_assert(at(u.items[1].start[0], g ? "  func.func @main" : "  \"func.func\""));
    ms_unit_list_clear(&u);
  }
}

/* A second block, or a second region, puts the op back whole. */
Test(cut, second_block_or_region_stays_whole) {
  giant("  func.func @main(%%arg0: i32) -> i32 {\n", "  ^bb1:\n    return\n  }\n", 200);
  ms_unit_list u = cut(1000, 500, 4, true);
  for (size_t i = 0; i < u.count; i++) cr_assert_eq(u.items[i].flow, MS_UNIT_ALONE);
  ms_unit_list_clear(&u);
  giant("  \"a.two\"() ({\n", "  }, {\n    \"a.c\"() : () -> ()\n  }) : () -> ()\n", 200);
  u = cut(1000, 500, 4, true);
  for (size_t i = 0; i < u.count; i++) cr_assert_eq(u.items[i].flow, MS_UNIT_ALONE);
  cr_assert(u.count <= 2);
  ms_unit_list_clear(&u);
}

/* Nested modules: a builtin.module in another op's region, a gpu.module. */
Test(cut, nested_modules) {
  reset();
  add("\"builtin.module\"() ({\n", 0);
  add("  \"hal.executable.variant\"() <{sym_name = \"v\"}> ({\n", 0);
  add("    \"builtin.module\"() ({\n", 0);
  funcs(60, "      ");
  add("    }) {a = 1} : () -> ()\n", 0);
  add("  }) : () -> ()\n", 0);
  add("  gpu.module @kernels {\n", 0);
  funcs(60, "    ");
  add("  }\n", 0);
  add("}) : () -> ()\n", 0);
  ms_unit_list u = cut(1000, 500, 4, true);
  size_t heads = 0, inner = 0;
  for (size_t i = 0; i < u.count; i++) {
    heads += u.items[i].nranges == 2;
    inner += at(u.items[i].start[0], "      \"func.func\"") || at(u.items[i].start[0], "    \"func.func\"");
    cr_assert_eq(u.items[i].flow, MS_UNIT_ALONE);
  }
  cr_assert_eq(heads, 4); /* the module, the variant, the inner module, gpu.module */
  cr_assert_gt(inner, 6);
  ms_unit_list_clear(&u);
}

/* A truncated file: what is open goes back whole. */
Test(cut, unbalanced) {
  giant("  func.func @main(%%arg0: i32) -> i32 {\n", "", 200);
  ms_unit_list u = cut(1000, 500, 4, true);
  cr_assert_eq(u.count, 1);
  ms_unit_list_clear(&u);
  reset();
}

/* A pretty op going on over lines outside brackets (stablehlo.convolution's
** `dim_numbers = ...`, `window = {...}`): no cut inside it. */
Test(cut, op_over_several_lines) {
  reset();
  add("func.func @main(%%arg0: tensor<4xf32>) {\n", 0);
  for (int i = 0; i < 60; i++) {
    add("  %%%d = stablehlo.convolution(%%arg0, %%arg0)\n", i);
    add("      dim_numbers = [b, 0, 1, f] x [0, 1, o, i] -> [b, 0, 1, f],\n", 0);
    add("      window = {stride = [], pad = []}\n", 0);
    add("      ins(%%arg0 : tensor<4xf32>) {batch_group_count = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>\n", 0);
    add("  stablehlo.custom_call @foo(%%%d) : (tensor<4xf32>) -> ()\n", i);
  }
  add("  return\n}\n", 0);
  ms_unit_list u = cut(1000, 500, 4, true);
  cr_assert_gt(u.count, 3);
  for (size_t i = 1; i < u.count; i++)
    cr_assert(at(u.items[i].start[0], "  %") || at(u.items[i].start[0], "  stablehlo.custom_call"),
              "a cut inside an op: %.30s", text + u.items[i].start[0]);
  ms_unit_list_clear(&u);
}
