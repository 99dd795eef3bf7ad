/*
** wasm_compat.c: the C library functions the browser build lacks
** (wasm_compat.h).
*/
#include "wasm_compat.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

typedef int (*cmp_fn)(const void *, const void *, void *);

/* Sorts n elements of base into order, using tmp (n * size bytes). */
static void merge_sort(char *base, size_t n, size_t size, cmp_fn cmp, void *arg, char *tmp) {
  if (n < 2) return;
  size_t half = n / 2;
  merge_sort(base, half, size, cmp, arg, tmp);
  merge_sort(base + half * size, n - half, size, cmp, arg, tmp);
  char *a = base, *a_end = base + half * size, *b = a_end, *b_end = base + n * size, *out = tmp;
  while (a < a_end && b < b_end) {
    /* Equal elements: the left one first (stable). */
    if (cmp(b, a, arg) < 0) {
      memcpy(out, b, size);
      b += size;
    } else {
      memcpy(out, a, size);
      a += size;
    }
    out += size;
  }
  memcpy(out, a, (size_t)(a_end - a));
  out += a_end - a;
  memcpy(out, b, (size_t)(b_end - b));
  memcpy(base, tmp, n * size);
}

void qsort_r(void *base, size_t n, size_t size, cmp_fn cmp, void *arg) {
  if (n < 2 || !size) return;
  char *tmp = ms_xmalloc(n * size);
  merge_sort(base, n, size, cmp, arg, tmp);
  free(tmp);
}
