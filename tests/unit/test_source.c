/*
** test_source.c: unit tests of source.h: the line index, UTF-16 columns,
** the // ----- split, large-text units and the directory walk.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "source.h"

Test(source, line_index_and_columns) {
  ms_source s;
  ms_source_init_text(&s, "t.mlir", "ab\n\xc3\xa9x\xf0\x9f\x98\x80y\r\nlast", 18);
  cr_assert_eq(s.nlines, 3);
  cr_assert_eq(ms_source_line_of(&s, 0), 0);
  cr_assert_eq(ms_source_line_of(&s, 3), 1);
  cr_assert_eq(ms_source_line_of(&s, 100), 2);
  size_t len;
  const char *l = ms_source_line_text(&s, 1, &len);
  cr_assert_eq(len, 8, "the \\r is not part of the line");
  cr_assert(!memcmp(l, "\xc3\xa9x", 3));
  /* é is one UTF-16 unit, the emoji two. */
  cr_assert_eq(ms_source_utf16_column(&s, 5), 1);
  cr_assert_eq(ms_source_utf16_column(&s, 6), 2);
  cr_assert_eq(ms_source_utf16_column(&s, 10), 4);
  ms_source_close(&s);
}

Test(source, split_input_file) {
  const char *t = "a\n// -----\nb\n  // -----  \nc\n// ----- not a marker\n";
  ms_unit_list u;
  ms_unit_list_init(&u);
  ms_source_split(t, strlen(t), &u);
  cr_assert_eq(u.count, 3);
  cr_assert_eq(u.items[0].start[0], 0);
  cr_assert_eq(u.items[0].end[0], 2);
  cr_assert_eq(u.items[1].start[0], 11);
  cr_assert_eq(u.items[1].end[0], 13);
  cr_assert_eq(u.items[2].start[0], 26);
  cr_assert_eq(u.items[2].end[0], strlen(t));
  ms_unit_list_clear(&u);
}

/* A module of n functions, each ~60 bytes, with a brace in a string and a
** comment to fool a naive scan. */
static char *big_module(int n) {
  char *t = malloc((size_t)n * 128 + 256), *p = t;
  p += sprintf(p, "#loc = loc(\"x\")\n\"builtin.module\"() ({\n");
  for (int i = 0; i < n; i++)
    p += sprintf(p, "  \"func.func\"() ({\n    %%0 = \"a.b\"() {s = \"}{\"} : () -> i32 // }\n  }) : () -> ()\n");
  p += sprintf(p, "}) : () -> ()\n");
  return t;
}

Test(source, large_text_units) {
  char *t = big_module(100);
  ms_source s;
  ms_source_init_text(&s, "big.mlir", t, strlen(t));
  ms_unit_list u;
  ms_unit_list_init(&u);
  ms_source_units(&s, 0, (uint32_t)s.len, 1000, 500, &u);
  cr_assert_gt(u.count, 3);
  /* The `#loc` line before the module, then the module's head: its first
  ** line and first functions, and its closing line. */
  cr_assert_eq(u.items[0].nranges, 1);
  cr_assert_eq(u.items[0].start[0], 0);
  cr_assert(!strncmp(t + u.items[0].end[0], "\"builtin.module\"", 16));
  cr_assert_eq(u.items[1].nranges, 2);
  cr_assert(!strncmp(t + u.items[1].start[1], "}) : () -> ()\n", 14));
  cr_assert_eq(u.items[1].end[1], s.len);
  /* Pieces tile the interior and each starts a function. */
  uint32_t at = u.items[1].end[0];
  for (size_t i = 2; i < u.count; i++) {
    cr_assert_eq(u.items[i].nranges, 1);
    cr_assert_eq(u.items[i].start[0], at);
    cr_assert(!strncmp(t + at, "  \"func.func\"", 13));
    at = u.items[i].end[0];
  }
  cr_assert_eq(at, u.items[1].start[1]);
  ms_unit_list_clear(&u);
  /* Below the threshold the range stays whole. */
  ms_source_units(&s, 0, (uint32_t)s.len, s.len, 500, &u);
  cr_assert_eq(u.count, 1);
  ms_unit_list_clear(&u);
  ms_source_close(&s);
  free(t);
}

Test(source, directory_walk) {
  char dir[] = "/tmp/ms-test-walk-XXXXXX";
  cr_assert(mkdtemp(dir));
  char path[256];
  const char *files[] = {"b.mlir", "a.mlir", "sub/c.mlir", "note.txt", "sub/.hidden.mlir"};
  snprintf(path, sizeof path, "%s/sub", dir);
  mkdir(path, 0700);
  for (size_t i = 0; i < 5; i++) {
    snprintf(path, sizeof path, "%s/%s", dir, files[i]);
    FILE *f = fopen(path, "w");
    fputs("\n", f);
    fclose(f);
  }
  ms_path_list l, notes;
  ms_path_list_init(&l);
  ms_path_list_init(&notes);
  char err[256];
  cr_assert(ms_path_list_expand(&l, &notes, dir, err, sizeof err));
  cr_assert_eq(l.count, 3);
  cr_assert_eq(notes.count, 0);
  snprintf(path, sizeof path, "%s/a.mlir", dir);
  cr_assert_str_eq(l.items[0], path);
  snprintf(path, sizeof path, "%s/sub/c.mlir", dir);
  cr_assert_str_eq(l.items[2], path);
  ms_source s;
  cr_assert(ms_source_open(&s, l.items[0], err, sizeof err));
  cr_assert_eq(s.len, 1);
  ms_source_close(&s);
  cr_assert_not(ms_source_open(&s, "/nonexistent/x.mlir", err, sizeof err));
  cr_assert_str_eq(err, "/nonexistent/x.mlir: cannot read: No such file or directory");
  ms_path_list_clear(&l);
  ms_path_list_clear(&notes);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  cr_assert_eq(system(cmd), 0);
}

/* A symbolic link looping back up, a FIFO and a dangling link named
** *.mlir: the walk ends, lists the one regular file, and says what it
** skipped and why (issue "Hardening": nothing may hang). */
Test(source, directory_walk_skips_loops_and_special_files) {
  char dir[] = "/tmp/ms-test-hostile-XXXXXX";
  cr_assert(mkdtemp(dir));
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "cd %s && mkdir -p sub && echo > sub/ok.mlir && ln -s .. sub/up && mkfifo pipe.mlir && "
           "ln -s nowhere dangling.mlir",
           dir);
  cr_assert_eq(system(cmd), 0);
  ms_path_list l, notes;
  ms_path_list_init(&l);
  ms_path_list_init(&notes);
  char err[256];
  cr_assert(ms_path_list_expand(&l, &notes, dir, err, sizeof err));
  cr_assert_eq(l.count, 1);
  cr_assert(strstr(l.items[0], "sub/ok.mlir"));
  cr_assert_eq(notes.count, 3, "notes: %zu", notes.count);
  cr_assert(strstr(notes.items[0], "dangling.mlir: skipped: No such file or directory"), "%s", notes.items[0]);
  cr_assert(strstr(notes.items[1], "pipe.mlir: skipped: not a regular file"), "%s", notes.items[1]);
  cr_assert(strstr(notes.items[2], "sub/up: skipped: a symbolic link to a directory above it"), "%s",
            notes.items[2]);
  ms_path_list_clear(&l);
  ms_path_list_clear(&notes);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  cr_assert_eq(system(cmd), 0);
}

/* A big mapped file keeps every 64th line start: every lookup must agree
** with the full index of the same text. */
Test(source, sparse_line_index_of_a_big_mapped_file) {
  size_t n = (5u << 20) + 12345;
  char *t = malloc(n + 1);
  unsigned seed = 1;
  for (size_t i = 0; i < n; i++) {
    seed = seed * 1103515245u + 12345u;
    unsigned r = (seed >> 16) % 97;
    t[i] = r < 2 ? '\n' : r == 2 ? '\r' : (char)('a' + r % 26);
  }
  t[n] = 0;
  char path[] = "/tmp/ms-sparse-XXXXXX";
  int fd = mkstemp(path);
  cr_assert(fd >= 0);
  cr_assert_eq(write(fd, t, n), (ssize_t)n);
  close(fd);
  ms_source big, dense;
  char err[256];
  cr_assert(ms_source_open(&big, path, err, sizeof err));
  ms_source_init_text(&dense, "d", t, n);
  cr_assert_neq(big.line_shift, 0, "a big mapped file has a sparse index");
  cr_assert_eq(dense.line_shift, 0);
  cr_assert_eq(big.nlines, dense.nlines);
  for (uint32_t l = 0; l < dense.nlines; l += 1 + l % 7) {
    cr_assert_eq(ms_source_line_start(&big, l), ms_source_line_start(&dense, l), "line %u", l);
    size_t a, b;
    const char *x = ms_source_line_text(&big, l, &a), *y = ms_source_line_text(&dense, l, &b);
    cr_assert_eq(a, b);
    cr_assert_eq(x - big.text, y - dense.text);
  }
  for (uint32_t off = 0; off <= n + 5; off += 1 + off % 1013) {
    cr_assert_eq(ms_source_line_of(&big, off), ms_source_line_of(&dense, off), "offset %u", off);
    cr_assert_eq(ms_source_utf16_column(&big, off), ms_source_utf16_column(&dense, off), "offset %u", off);
  }
  cr_assert_eq(ms_source_line_start(&big, (uint32_t)dense.nlines), n);
  ms_source_close(&big);
  ms_source_close(&dense);
  unlink(path);
  free(t);
}

/* --shard I/N: N shards partition the list (no overlap, no gap), the
** split depends only on the paths and their sizes, and the bytes spread. */
Test(source, shards_partition_the_files) {
  char dir[] = "/tmp/ms-shard-XXXXXX";
  cr_assert(mkdtemp(dir));
  ms_path_list all;
  ms_path_list_init(&all);
  for (int i = 0; i < 23; i++) {
    char p[64];
    snprintf(p, sizeof p, "%s/f%02d.mlir", dir, i);
    FILE *f = fopen(p, "w");
    for (int k = 0; k < (i * 37) % 11 * 100; k++) fputc('x', f);
    fclose(f);
    ms_path_list_push(&all, p);
  }
  ms_path_list_push(&all, "-");
  for (unsigned count = 1; count <= 5; count++) {
    int seen[24] = {0};
    size_t bytes[5] = {0};
    for (unsigned s = 0; s < count; s++) {
      for (int again = 0; again < 2; again++) {
        ms_path_list l;
        ms_path_list_init(&l);
        for (size_t i = 0; i < all.count; i++) ms_path_list_push(&l, all.items[i]);
        ms_path_list_shard(&l, s, count);
        size_t prev = 0;
        for (size_t i = 0; i < l.count; i++) {
          size_t k = 0;
          while (strcmp(all.items[k], l.items[i])) k++;
          cr_assert(i == 0 || k > prev, "shards keep the list's order");
          prev = k;
          if (!again) {
            seen[k]++;
            struct stat st;
            if (stat(l.items[i], &st) == 0) bytes[s] += (size_t)st.st_size;
          }
        }
        ms_path_list_clear(&l);
      }
    }
    for (int k = 0; k < 24; k++) cr_assert_eq(seen[k], 1, "file %d in %d shards of %u", k, seen[k], count);
    size_t lo = (size_t)-1, hi = 0;
    for (unsigned s = 0; s < count; s++) {
      if (bytes[s] < lo) lo = bytes[s];
      if (bytes[s] > hi) hi = bytes[s];
    }
    cr_assert(hi - lo <= 1000, "size-balanced: %zu..%zu over %u shards", lo, hi, count);
  }
  for (size_t i = 0; i + 1 < all.count; i++) unlink(all.items[i]);
  rmdir(dir);
  ms_path_list_clear(&all);
}

/* Issue 21, class 7: positions asked in order along one long line count on
** from the last one (a memo per thread), and give what counting from the
** line start gives, also going backwards and across lines. */
Test(source, positions_in_order_on_a_long_line) {
  size_t n = 200000;
  char *text = malloc(n + 16);
  for (size_t i = 0; i < n; i++) text[i] = i % 7 == 3 ? '\xc3' : i % 7 == 4 ? '\xa9' : 'a';
  memcpy(text + n, "\nb\xf0\x9f\x98\x80x\n", 9);
  ms_source s;
  ms_source_init_text(&s, "t", text, n + 9);
  uint32_t col = 0;
  for (uint32_t off = 0; off <= n; off++) {
    if (off % 7 != 4) {
      cr_assert_eq(ms_source_line_of(&s, off), 0);
      cr_assert_eq(ms_source_utf16_column(&s, off), col, "at %u", off);
    }
    if (off % 7 != 4) col++;
  }
  cr_assert_eq(ms_source_utf16_column(&s, 10), 9, "backwards");
  cr_assert_eq(ms_source_line_of(&s, (uint32_t)n + 1), 1);
  cr_assert_eq(ms_source_utf16_column(&s, (uint32_t)n + 6), 3, "after a surrogate pair");
  cr_assert_eq(ms_source_line_of(&s, (uint32_t)n + 8), 2);
  ms_source_close(&s);
  free(text);
}
