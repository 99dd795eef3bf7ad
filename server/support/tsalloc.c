/*
** tsalloc.c: per-thread size-class allocator for tree-sitter (tsalloc.h).
*/
#include "tsalloc.h"

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

#define STEP 8u
#define CLASSES 64u                  /* blocks up to CLASSES * STEP bytes */
#define SLAB ((size_t)256 << 10)
#define BIG UINT64_MAX               /* the header of a block from malloc */
#define BIG_ARENA (UINT64_MAX - 1)   /* the same, allocated inside an arena */

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

/* An arena's big block: the links come before the header word. */
typedef struct big {
  struct big *prev, *next;
} big;

/* What ms_tsalloc_arena_begin saw, restored by ms_tsalloc_arena_end. */
typedef struct mark {
  void *free[CLASSES + 1];
  char *bump, *end;
  slab *slabs;
} mark;

typedef struct heap {
  void *free[CLASSES + 1];           /* by class: singly linked through the block */
  char *bump, *end;                  /* the rest of the current slab */
  slab *slabs;                       /* in use, newest first */
  slab *spare;                       /* given back by an arena, taken before malloc */
  bool arena;
  mark at;                           /* when the arena began */
  big bigs;                          /* the arena's big blocks (a ring; bigs itself is the head) */
} heap;

static _Thread_local heap h;
static bool installed;

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
    slab *s = h.spare;
    if (s) h.spare = s->next;
    else if (!(s = malloc(SLAB))) oom();
    s->next = h.slabs;
    h.slabs = s;
    h.bump = (char *)s + 16;
    h.end = (char *)s + SLAB;
  }
  b = (uint64_t *)h.bump;
  h.bump += need;
  return b;
}

static void link_big(big *g) {
  g->prev = &h.bigs;
  g->next = h.bigs.next;
  g->next->prev = g;
  h.bigs.next = g;
}

static void unlink_big(big *g) {
  g->prev->next = g->next;
  g->next->prev = g->prev;
}

/* A block from malloc: inside an arena, linked so the arena's end frees it. */
static uint64_t *take_big(size_t n) {
  if (!h.arena) {
    uint64_t *b = malloc(n + 8);
    if (!b) oom();
    *b = BIG;
    return b;
  }
  big *g = malloc(sizeof *g + n + 8);
  if (!g) oom();
  link_big(g);
  uint64_t *b = (uint64_t *)(g + 1);
  *b = BIG_ARENA;
  return b;
}

static void *ms_malloc(size_t n) {
  size_t cls = n ? (n + STEP - 1) / STEP : 1;
  uint64_t *b;
  if (cls <= CLASSES) {
    b = take(cls);
    *b = cls;
  } else {
    b = take_big(n);
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
  if (*b == BIG_ARENA) {
    big *g = (big *)b - 1;
    unlink_big(g);
    free(g);
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
  } else if (*b == BIG_ARENA) {
    if (n > CLASSES * STEP) {
      big *g = (big *)b - 1;
      unlink_big(g);
      g = realloc(g, sizeof *g + n + 8);
      if (!g) oom();
      link_big(g);
      return (uint64_t *)(g + 1) + 1;
    }
  } else if (n <= *b * STEP) {
    return p;
  }
  size_t old = *b >= BIG_ARENA ? CLASSES * STEP + 1 : *b * STEP;
  void *q = ms_malloc(n);
  memcpy(q, p, old < n ? old : n);
  ms_free(p);
  return q;
}

void ms_tsalloc_install(void) {
#ifndef MS_TSALLOC_OFF
  ts_set_allocator(ms_malloc, ms_calloc, ms_realloc, ms_free);
  installed = true;
#else
  (void)ms_calloc;
  (void)ms_realloc;
#endif
}

static void free_slabs(slab *s) {
  while (s) {
    slab *next = s->next;
    free(s);
    s = next;
  }
}

void ms_tsalloc_thread_end(void) {
  assert(!h.arena);
  free_slabs(h.slabs);
  free_slabs(h.spare);
  memset(&h, 0, sizeof h);
}

bool ms_tsalloc_arena_begin(void) {
  if (!installed) return false;
  assert(!h.arena);
  memcpy(h.at.free, h.free, sizeof h.free);
  /* The blocks free now stay untouched, linked as they are, until the end:
  ** the arena starts with empty free lists. */
  memset(h.free, 0, sizeof h.free);
  h.at.bump = h.bump;
  h.at.end = h.end;
  h.at.slabs = h.slabs;
  h.bigs.prev = h.bigs.next = &h.bigs;
  h.arena = true;
  return true;
}

void ms_tsalloc_arena_end(void) {
  assert(h.arena);
  while (h.bigs.next != &h.bigs) {
    big *g = h.bigs.next;
    unlink_big(g);
    free(g);
  }
  /* The slabs taken since the beginning become spares (their pages stay
  ** mapped: the next piece needs as many). */
  while (h.slabs != h.at.slabs) {
    slab *s = h.slabs;
    h.slabs = s->next;
    s->next = h.spare;
    h.spare = s;
  }
  memcpy(h.free, h.at.free, sizeof h.free);
  h.bump = h.at.bump;
  h.end = h.at.end;
  h.arena = false;
}
