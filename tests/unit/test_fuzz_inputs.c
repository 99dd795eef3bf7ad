/*
** test_fuzz_inputs.c: every input of tests/fuzz/regressions/TARGET (what a
** fuzzer once found) and tests/fuzz/corpus/TARGET run through that fuzz
** target's own checks, in the unit tests: a regression aborts, and
** Criterion reports the crash. The targets are linked in under other names
** (the Makefile compiles tests/fuzz/fuzz_NAME.c with
** -DLLVMFuzzerTestOneInput=ms_fuzz_NAME_one), so this needs no clang.
*/
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ms_fuzz_analyze_one(const uint8_t *data, size_t size);
int ms_fuzz_catalog_one(const uint8_t *data, size_t size);
int ms_fuzz_edits_one(const uint8_t *data, size_t size);
int ms_fuzz_frame_one(const uint8_t *data, size_t size);
int ms_fuzz_long_one(const uint8_t *data, size_t size);
int ms_fuzz_rpc_one(const uint8_t *data, size_t size);
int ms_fuzz_shape_one(const uint8_t *data, size_t size);

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  cr_assert(f, "%s", path);
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *buf = malloc((size_t)n + 1);
  cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
  fclose(f);
  *len = (size_t)n;
  return buf;
}

/* Runs fn on every file of tests/fuzz/KIND/TARGET; returns how many. */
static int run_dir(const char *kind, const char *target, int (*fn)(const uint8_t *, size_t)) {
  char dir[512];
  snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", MS_SOURCE_DIR, kind, target);
  DIR *d = opendir(dir);
  if (!d) return 0;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.') continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    size_t len;
    uint8_t *data = slurp(path, &len);
    cr_log_info("%s", path);
    fn(data, len);
    free(data);
    n++;
  }
  closedir(d);
  return n;
}

static void run_target(const char *target, int (*fn)(const uint8_t *, size_t)) {
  int n = run_dir("regressions", target, fn) + run_dir("corpus", target, fn);
  cr_assert_gt(n, 0, "no inputs for fuzz target %s", target);
}

Test(fuzz_inputs, analyze, .timeout = 300) { run_target("analyze", ms_fuzz_analyze_one); }
Test(fuzz_inputs, catalog, .timeout = 300) { run_target("catalog", ms_fuzz_catalog_one); }
Test(fuzz_inputs, edits, .timeout = 300) { run_target("edits", ms_fuzz_edits_one); }
Test(fuzz_inputs, frame, .timeout = 300) { run_target("frame", ms_fuzz_frame_one); }
Test(fuzz_inputs, rpc, .timeout = 300) { run_target("rpc", ms_fuzz_rpc_one); }
Test(fuzz_inputs, shape, .timeout = 300) { run_target("shape", ms_fuzz_shape_one); }
Test(fuzz_inputs, long, .timeout = 300) { run_target("long", ms_fuzz_long_one); }
