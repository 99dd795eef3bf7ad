/*
** intern.c: the interned strings of intern.h: an open-addressing hash set
** of pointers into 64 KB blocks (a longer text gets a block of its own),
** behind one mutex.
*/
#include "intern.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

#define BLOCK ((size_t)64 << 10)

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const char **slots;  /* NULL: empty */
static size_t nslots, used;
static char *block;         /* the current block's free space */
static size_t block_left;
static size_t total;

static uint64_t hash(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

static size_t find(const char **tab, size_t cap, const char *s, size_t n) {
  size_t i = (size_t)hash(s, n) & (cap - 1);
  while (tab[i] && (strncmp(tab[i], s, n) || tab[i][n])) i = (i + 1) & (cap - 1);
  return i;
}

static void grow(void) {
  size_t cap = nslots ? nslots * 2 : 256;
  const char **tab = ms_xcalloc(cap, sizeof *tab);
  for (size_t i = 0; i < nslots; i++)
    if (slots[i]) tab[find(tab, cap, slots[i], strlen(slots[i]))] = slots[i];
  free((void *)slots);
  slots = tab;
  nslots = cap;
}

static char *store(const char *s, size_t n) {
  char *p;
  if (n + 1 > BLOCK / 4) {
    p = ms_xmalloc(n + 1);
  } else {
    if (block_left < n + 1) {
      block = ms_xmalloc(BLOCK);
      block_left = BLOCK;
    }
    p = block;
    block += n + 1;
    block_left -= n + 1;
  }
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

const char *ms_intern(const char *s, size_t n) {
  if (!n || memchr(s, '\0', n)) return NULL;
  pthread_mutex_lock(&lock);
  const char *out = NULL;
  if (2 * (used + 1) > nslots) grow();
  size_t i = find(slots, nslots, s, n);
  if (slots[i]) {
    out = slots[i];
  } else if (total + n + 1 <= MS_INTERN_LIMIT) {
    out = slots[i] = store(s, n);
    used++;
    total += n + 1;
  }
  pthread_mutex_unlock(&lock);
  return out;
}

size_t ms_intern_bytes(void) {
  pthread_mutex_lock(&lock);
  size_t n = total;
  pthread_mutex_unlock(&lock);
  return n;
}
