/*
** tsalloc.c: per-thread size-class allocator for tree-sitter (tsalloc.h).
*/
#include "tsalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#define STEP 8u
#define CLASSES 64u                  /* blocks up to CLASSES * STEP bytes */
#define SLAB ((size_t)256 << 10)
#define BIG UINT64_MAX               /* the header of a block from malloc */

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define MS_TSALLOC_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define MS_TSALLOC_OFF 1
#endif
#endif

typedef struct slab {
  struct slab *next;
} slab;

typedef struct heap {
  void *free[CLASSES + 1];           /* by class: singly linked through the block */
  char *bump, *end;                  /* the rest of the current slab */
  slab *slabs;
} heap;

static _Thread_local heap h;

static _Noreturn void oom(void) {
  fputs("mlir-shape: out of memory\n", stderr);
  abort();
}

/* A block of class cls: its header word first. Free blocks are linked
** through their first word after the header. */
static uint64_t *take(size_t cls) {
  uint64_t *b = h.free[cls];
  if (b) {
    h.free[cls] = *(void **)(b + 1);
    return b;
  }
  size_t need = cls * STEP + 8;
  if ((size_t)(h.end - h.bump) < need) {
    slab *s = malloc(SLAB);
    if (!s) oom();
    s->next = h.slabs;
    h.slabs = s;
    h.bump = (char *)s + 16;
    h.end = (char *)s + SLAB;
  }
  b = (uint64_t *)h.bump;
  h.bump += need;
  return b;
}

static void *ms_malloc(size_t n) {
  size_t cls = n ? (n + STEP - 1) / STEP : 1;
  uint64_t *b;
  if (cls <= CLASSES) {
    b = take(cls);
    *b = cls;
  } else {
    b = malloc(n + 8);
    if (!b) oom();
    *b = BIG;
  }
  return b + 1;
}

static void ms_free(void *p) {
  if (!p) return;
  uint64_t *b = (uint64_t *)p - 1;
  if (*b == BIG) {
    free(b);
    return;
  }
  *(void **)p = h.free[*b];
  h.free[*b] = b;
}

static void *ms_calloc(size_t n, size_t size) {
  if (size && n > SIZE_MAX / size) oom();
  void *p = ms_malloc(n * size);
  memset(p, 0, n * size);
  return p;
}

static void *ms_realloc(void *p, size_t n) {
  if (!p) return ms_malloc(n);
  uint64_t *b = (uint64_t *)p - 1;
  if (*b == BIG) {
    if (n > CLASSES * STEP) {
      b = realloc(b, n + 8);
      if (!b) oom();
      return b + 1;
    }
  } else if (n <= *b * STEP) {
    return p;
  }
  size_t old = *b == BIG ? CLASSES * STEP + 1 : *b * STEP;
  void *q = ms_malloc(n);
  memcpy(q, p, old < n ? old : n);
  ms_free(p);
  return q;
}

void ms_tsalloc_install(void) {
#ifndef MS_TSALLOC_OFF
  ts_set_allocator(ms_malloc, ms_calloc, ms_realloc, ms_free);
#else
  (void)ms_calloc;
  (void)ms_realloc;
#endif
}

void ms_tsalloc_thread_end(void) {
  while (h.slabs) {
    slab *s = h.slabs;
    h.slabs = s->next;
    free(s);
  }
  memset(&h, 0, sizeof h);
}
