/*
** test_garbage.c: unit tests of ms_source_cut_text and ms_source_foreign
** (garbage.c): stretches that cannot be MLIR text become units of their
** own, whole lines, never parsed; MLIR text is cut as ms_source_cut cuts.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

typedef struct buf {
  char *p;
  size_t len, cap;
} buf;

static void put(buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) b->p = realloc(b->p, b->cap = 2 * (b->len + n + 1));
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}

static void puts_(buf *b, const char *s) { put(b, s, strlen(s)); }

static void funcs(buf *b, int n) {
  for (int i = 0; i < n; i++) {
    char f[256];
    snprintf(f, sizeof f, "func.func @f%d(%%a: tensor<2xf32>) {\n  %%0 = \"a.b\"(%%a) {s = \"\\u00e9\"} : (tensor<2xf32>) -> i32 // \xc3\xa9\n  return\n}\n", i);
    puts_(b, f);
  }
}

/* n bytes of random bytes (a fixed seed) with a newline about every 256. */
static void noise(buf *b, size_t n) {
  unsigned x = 21;
  for (size_t i = 0; i < n; i++) {
    x = x * 1103515245u + 12345u;
    char c = (char)(x >> 16);
    put(b, &c, 1);
  }
}

static ms_unit_list cut_text(const buf *b, size_t threshold, ms_unit_list *plain) {
  ms_source s;
  ms_source_init_text(&s, "t.mlir", b->p, b->len);
  ms_unit_list u;
  ms_unit_list_init(&u);
  ms_cut_options o = {.threshold = threshold, .target = threshold / 2 + 1, .max_level = 2, .flow = true};
  ms_source_cut_text(&s, 0, (uint32_t)b->len, &o, &u);
  if (plain) ms_source_cut(&s, 0, (uint32_t)b->len, &o, plain);
  ms_source_close(&s);
  /* Every byte in exactly one unit's range, units in order. */
  uint32_t at = 0;
  for (size_t i = 0; i < u.count; i++) {
    cr_assert_eq(u.items[i].nranges, 1);
    cr_assert_eq(u.items[i].start[0], at, "unit %zu starts at %u, not %u", i, u.items[i].start[0], at);
    at = u.items[i].end[0];
  }
  cr_assert_eq(at, b->len);
  return u;
}

Test(garbage, mlir_text_is_cut_as_before) {
  buf b = {0};
  funcs(&b, 2000);
  ms_unit_list plain;
  ms_unit_list_init(&plain);
  ms_unit_list u = cut_text(&b, 20000, &plain);
  cr_assert_gt(u.count, 5);
  cr_assert_eq(u.count, plain.count);
  for (size_t i = 0; i < u.count; i++) {
    cr_assert_not(u.items[i].not_text);
    cr_assert_eq(memcmp(&u.items[i], &plain.items[i], sizeof u.items[i]), 0, "unit %zu differs", i);
  }
  ms_unit_list_clear(&u);
  ms_unit_list_clear(&plain);
  free(b.p);
}

Test(garbage, random_bytes_are_one_stretch_of_whole_lines) {
  buf b = {0};
  funcs(&b, 10);
  size_t before = b.len;
  puts_(&b, "  // a comment line right before\n");
  noise(&b, 200000);
  puts_(&b, "\n");
  size_t after = b.len;
  funcs(&b, 10);
  ms_unit_list u = cut_text(&b, 1 << 20, NULL);
  cr_assert_eq(u.count, 3);
  cr_assert_not(u.items[0].not_text);
  cr_assert(u.items[1].not_text);
  cr_assert_not(u.items[2].not_text);
  /* The stretch starts at the line of the first foreign byte (the comment
  ** line is clean) and ends past the newline of the last one's line. */
  cr_assert_geq(u.items[1].start[0], before + strlen("  // a comment line right before\n"));
  cr_assert_eq(b.p[u.items[1].start[0] - 1], '\n');
  cr_assert_leq(u.items[1].end[0], after);
  cr_assert_eq(b.p[u.items[1].end[0] - 1], '\n');
  cr_assert_leq(u.items[1].start[0], ms_source_foreign(b.p, before, (uint32_t)b.len));
  ms_unit_list_clear(&u);
  free(b.p);
}

Test(garbage, a_file_of_noise_is_one_unit) {
  buf b = {0};
  noise(&b, 300000);
  ms_unit_list u = cut_text(&b, 1 << 20, NULL);
  cr_assert_eq(u.count, 1);
  cr_assert(u.items[0].not_text);
  ms_unit_list_clear(&u);
  free(b.p);
}

Test(garbage, stray_or_sparse_foreign_bytes_stay_the_parsers) {
  buf b = {0};
  /* A foreign byte every 6 KB over 240 KB: never 4 KB apart. */
  for (int i = 0; i < 40; i++) {
    funcs(&b, 60);
    puts_(&b, "  ; stray\n");
  }
  /* And a short blob, under 64 KB. */
  noise(&b, 30000);
  puts_(&b, "\n");
  funcs(&b, 10);
  ms_unit_list u = cut_text(&b, 1 << 20, NULL);
  for (size_t i = 0; i < u.count; i++) cr_assert_not(u.items[i].not_text);
  ms_unit_list_clear(&u);
  free(b.p);
}

Test(garbage, foreign_bytes_skip_strings_and_comments) {
  const char *t = "%0 = \"a\xff;`\\\"\" : i32 // \x01\xfe;\n  %1 = x \x80 y\n";
  uint32_t n = (uint32_t)strlen(t);
  cr_assert_eq(ms_source_foreign(t, 0, n), (uint32_t)(strchr(t, '\x80') - t));
  const char *clean = "func.func @f() {\n  return\n}\n";
  cr_assert_eq(ms_source_foreign(clean, 0, (uint32_t)strlen(clean)), strlen(clean));
  /* A string stops at the end of its line. */
  const char *open = "\"abc\n&\n";
  cr_assert_eq(ms_source_foreign(open, 0, (uint32_t)strlen(open)), 5);
}
