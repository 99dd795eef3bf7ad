/*
** fuzz_catalog.c: libFuzzer target for the rule catalog loader
** (catalog.h). Any text must load or be refused with a located message,
** never crash; a refused file must leave the catalog as it was (the
** built-in rules still bind the ops they bound).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

static const char probe_op[] = "tosa.add";

static const char *no_attribute(void *ctx, const char *key, size_t *len) {
  (void)ctx;
  (void)key;
  (void)len;
  return NULL;
}

static bool binds(const ms_catalog *c) {
  ms_op_view op = {probe_op, sizeof probe_op - 1, 2, no_attribute, NULL};
  ms_rule_binding b;
  return ms_catalog_bind(c, &op, &b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static ms_catalog *builtin;
  if (!builtin) {
    char err[256];
    builtin = ms_catalog_new();
    if (!builtin || !ms_catalog_load_builtin(builtin, err, sizeof err)) abort();
  }
  ms_catalog *c = ms_catalog_new();
  if (!c) return 0;
  char err[512] = "";
  if (!ms_catalog_load_builtin(c, err, sizeof err)) abort();
  size_t before = ms_catalog_count(c);
  if (ms_catalog_load(c, "fuzz.json", (const char *)data, size, err, sizeof err)) {
    /* Every entry must be readable. */
    for (size_t i = 0; i < ms_catalog_count(c); i++) {
      ms_catalog_entry_info info;
      if (!ms_catalog_entry(c, i, &info) || !info.file || !info.match || !info.rules) abort();
    }
    binds(c);
  } else {
    /* Refused: a message naming the file, and nothing added. */
    if (strncmp(err, "fuzz.json", 9) != 0) abort();
    if (ms_catalog_count(c) != before || !binds(c)) abort();
  }
  ms_catalog_delete(c);
  return 0;
}
