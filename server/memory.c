/*
** memory.c: allocation that does not fail (memory.h).
*/
#include "memory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *ms_xrealloc(void *p, size_t n) {
  void *q = realloc(p, n);
  if (!q && n) {
    fputs("mlir-shape: out of memory\n", stderr);
    abort();
  }
  return q;
}

char *ms_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(ms_xrealloc(NULL, n), s, n);
}
