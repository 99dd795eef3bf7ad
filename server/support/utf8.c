/*
** utf8.c: UTF-8 validation and repair (see utf8.h).
**
** The validator follows the table of well-formed byte sequences in the
** Unicode standard (chapter 3, table 3-7), which rules out overlongs and
** surrogates by narrowing the range of the second byte.
*/
#include "utf8.h"

#include <stdint.h>
#include <string.h>

#include "alloc.h"

static bool cont(unsigned char c) { return (c & 0xC0) == 0x80; }

size_t ms_utf8_sequence(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  unsigned char c = p[0];
  if (c < 0x80) return 1;
  if (c < 0xC2 || c > 0xF4) return 0;
  size_t len = c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
  if (n < len) return 0;
  /* The second byte's range depends on the first (table 3-7). */
  unsigned char lo = 0x80, hi = 0xBF;
  if (c == 0xE0) lo = 0xA0;
  else if (c == 0xED) hi = 0x9F;
  else if (c == 0xF0) lo = 0x90;
  else if (c == 0xF4) hi = 0x8F;
  if (p[1] < lo || p[1] > hi) return 0;
  for (size_t i = 2; i < len; i++)
    if (!cont(p[i])) return 0;
  return len;
}

/* Length of the all-ASCII prefix, 8 bytes at a time. */
static size_t ascii_prefix(const char *s, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    if (w & UINT64_C(0x8080808080808080)) break;
  }
  while (i < n && (unsigned char)s[i] < 0x80) i++;
  return i;
}

bool ms_utf8_valid(const char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    i += ascii_prefix(s + i, n - i);
    if (i == n) break;
    size_t len = ms_utf8_sequence(s + i, n - i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

char *ms_utf8_repair(const char *s, size_t n, size_t *out_len) {
  /* Each bad byte grows to 3: the worst case is known up front. */
  char *out = ms_xrealloc(NULL, n * 3 + 1);
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t len = ms_utf8_sequence(s + i, n - i);
    if (len) {
      memcpy(out + o, s + i, len);
      o += len;
      i += len;
    } else {
      memcpy(out + o, "\xEF\xBF\xBD", 3);
      o += 3;
      i++;
    }
  }
  out[o] = '\0';
  if (out_len) *out_len = o;
  return out;
}
