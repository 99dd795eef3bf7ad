/*
** alloc.c: allocation that does not fail (alloc.h).
*/
#include "alloc.h"

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

void *ms_xmalloc(size_t n) { return ms_xrealloc(NULL, n ? n : 1); }

void *ms_xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p) {
    fputs("mlir-shape: out of memory\n", stderr);
    abort();
  }
  return p;
}

char *ms_xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(ms_xrealloc(NULL, n), s, n);
}

void *ms_array_reserve(void *items, size_t need, size_t *cap, size_t item_size) {
  if (need <= *cap) return items;
  size_t n = *cap ? *cap * 2 : 16;
  if (n < need) n = need;
  *cap = n;
  return ms_xrealloc(items, n * item_size);
}

void *ms_array_grow(void *items, size_t count, size_t *cap, size_t item_size) {
  return ms_array_reserve(items, count + 1, cap, item_size);
}

void *ms_array_shrink(void *items, size_t count, size_t *cap, size_t item_size) {
  if (!items || count == *cap) return items;
  if (count == 0) {
    free(items);
    *cap = 0;
    return NULL;
  }
  *cap = count;
  return ms_xrealloc(items, count * item_size);
}
