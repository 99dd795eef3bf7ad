/*
** fuzz_common.h: what the libFuzzer targets share: the built-in catalog,
** loaded once, and a check that output bytes are valid UTF-8 (everything
** mlir-shape prints for machines must be, whatever the input held).
*/
#ifndef MS_FUZZ_COMMON_H
#define MS_FUZZ_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>

#include "catalog.h"
#include "utf8.h"

static inline const ms_catalog *fuzz_catalog(void) {
  static ms_catalog *catalog;
  if (!catalog) {
    char err[256];
    catalog = ms_catalog_new();
    if (!catalog || !ms_catalog_load_builtin(catalog, err, sizeof err)) abort();
  }
  return catalog;
}

/* Aborts (a finding) when text[0..len) is not valid UTF-8. */
static inline void fuzz_expect_utf8(const char *text, size_t len) {
  if (!ms_utf8_valid(text, len)) abort();
}

#endif
