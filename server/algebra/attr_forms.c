/*
** attr_forms.c: dialect attribute bodies read as the dialect's parser
** reads them (attr_forms.h).
**
** Two forms, each written after StableHLO's attribute parsers (openxla/
** stablehlo StablehloOps.cpp: parseConvolutionDimensions, parseStruct),
** with their messages. A small lexer over the body: blanks and `//`
** comments skipped, bare identifiers, integers, punctuation.
*/
#include "attr_forms.h"

#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_SPATIAL 64      /* the most spatial dims a side is read with */
#define MAX_UNSPECIFIED 10  /* as the parser: at most 10 missing dims named */

typedef struct lexer {
  const char *t;
  size_t len, pos;
} lexer;

static void skip(lexer *x) {
  for (;;) {
    while (x->pos < x->len && isspace((unsigned char)x->t[x->pos])) x->pos++;
    if (x->pos + 1 < x->len && x->t[x->pos] == '/' && x->t[x->pos + 1] == '/') {
      while (x->pos < x->len && x->t[x->pos] != '\n') x->pos++;
      continue;
    }
    return;
  }
}

static bool at_end(lexer *x) {
  skip(x);
  return x->pos >= x->len;
}

static bool punct(lexer *x, const char *p) {
  skip(x);
  size_t n = strlen(p);
  if (x->len - x->pos < n || memcmp(x->t + x->pos, p, n)) return false;
  x->pos += n;
  return true;
}

static bool ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'; }

/* A bare identifier: its length, 0 when none (nothing consumed). */
static size_t ident(lexer *x, const char **s) {
  skip(x);
  size_t i = x->pos;
  if (i >= x->len || !ident_start(x->t[i])) return 0;
  while (i < x->len && ident_char(x->t[i])) i++;
  *s = x->t + x->pos;
  size_t n = i - x->pos;
  x->pos = i;
  return n;
}

/* An integer, `-` allowed: 1 read, 0 none there, -1 one too large to read. */
static int integer(lexer *x, int64_t *v) {
  skip(x);
  size_t i = x->pos;
  bool neg = i < x->len && x->t[i] == '-';
  if (neg) i++;
  while (i < x->len && isspace((unsigned char)x->t[i])) i++;
  if (i >= x->len || !isdigit((unsigned char)x->t[i])) return 0;
  int64_t r = 0;
  for (; i < x->len && isdigit((unsigned char)x->t[i]); i++) {
    if (r > (INT64_MAX - 9) / 10) return -1;
    r = r * 10 + (x->t[i] - '0');
  }
  if (i < x->len && ident_char(x->t[i])) return -1; /* 0x1f, 2b: not a plain integer */
  *v = neg ? -r : r;
  x->pos = i;
  return 1;
}

static ms_form_verdict reject(size_t *at, size_t pos, char *why, size_t n, const char *msg) {
  *at = pos;
  snprintf(why, n, "%s", msg);
  return MS_FORM_REJECTED;
}

/* ------------------------------------------------------------------ */
/* conv_dims                                                           */

/* One side `[...]`: allowed holds the two non-spatial letters still
** expected, in the parser's order ("bf", "io"). */
static ms_form_verdict conv_side(lexer *x, const char *letters, size_t *at, char *why, size_t n) {
  char allowed[3];
  snprintf(allowed, sizeof allowed, "%s", letters);
  char msg[160];
  skip(x);
  if (!punct(x, "[")) return reject(at, x->pos, why, n, "expected '['");
  bool seen[MAX_SPATIAL] = {false};
  int64_t max = -1;
  do {
    skip(x);
    size_t loc = x->pos;
    int64_t d;
    int r = integer(x, &d);
    if (r < 0) return MS_FORM_UNREAD;
    if (r == 1) {
      if (d < 0) {
        snprintf(msg, sizeof msg, "Unexpected dimension %lld", (long long)d);
        return reject(at, loc, why, n, msg);
      }
      if (d >= MAX_SPATIAL) return MS_FORM_UNREAD;
      if (seen[d]) {
        snprintf(msg, sizeof msg, "Duplicate entries for spatial dimension %lld", (long long)d);
        return reject(at, loc, why, n, msg);
      }
      seen[d] = true;
      if (d > max) max = d;
      continue;
    }
    const char *s;
    size_t len = ident(x, &s);
    if (!len) return MS_FORM_UNREAD;
    if (len != 1 || !allowed[0]) {
      snprintf(msg, sizeof msg, "Unexpected keyword %.*s", (int)(len > 64 ? 64 : len), s);
      return reject(at, loc, why, n, msg);
    }
    char *hit = strchr(allowed, s[0]);
    if (!hit) {
      snprintf(msg, sizeof msg, "Unexpected dimension %c, expecting %c%s%.1s", s[0], allowed[0],
               allowed[1] ? ", " : "", allowed + 1);
      return reject(at, loc, why, n, msg);
    }
    memmove(hit, hit + 1, strlen(hit));
  } while (punct(x, ","));
  if (allowed[0]) {
    skip(x);
    snprintf(msg, sizeof msg, "Expected dimensions %c%s%.1s not specified", allowed[0], allowed[1] ? ", " : "",
             allowed + 1);
    return reject(at, x->pos, why, n, msg);
  }
  if (!punct(x, "]")) return MS_FORM_UNREAD;
  int missing = 0;
  size_t m = (size_t)snprintf(msg, sizeof msg, "Expected spatial dimensions ");
  for (int64_t d = 0; d <= max; d++) {
    if (seen[d] || missing == MAX_UNSPECIFIED) continue;
    m += (size_t)snprintf(msg + m, sizeof msg - m, "%s%lld", missing ? ", " : "", (long long)d);
    missing++;
  }
  if (missing) {
    snprintf(msg + m, sizeof msg - m, " not specified");
    skip(x);
    return reject(at, x->pos, why, n, msg);
  }
  return MS_FORM_OK;
}

static ms_form_verdict conv_dims(lexer *x, size_t *at, char *why, size_t n) {
  const char *s;
  size_t save = x->pos;
  size_t len = ident(x, &s);
  if (len == 3 && !memcmp(s, "raw", 3)) return MS_FORM_UNREAD;
  x->pos = save;
  ms_form_verdict v = conv_side(x, "bf", at, why, n);
  if (v != MS_FORM_OK) return v;
  len = ident(x, &s);
  if (len != 1 || s[0] != 'x') return MS_FORM_UNREAD;
  if ((v = conv_side(x, "io", at, why, n)) != MS_FORM_OK) return v;
  if (!punct(x, "->")) return MS_FORM_UNREAD;
  if ((v = conv_side(x, "bf", at, why, n)) != MS_FORM_OK) return v;
  return at_end(x) ? MS_FORM_OK : MS_FORM_UNREAD;
}

/* ------------------------------------------------------------------ */
/* struct                                                              */

/* Past one value, a bracketed list `[...]` (balanced; no strings). */
static bool skip_value(lexer *x) {
  skip(x);
  if (x->pos >= x->len || x->t[x->pos] != '[') return false;
  int depth = 0;
  for (; x->pos < x->len; x->pos++) {
    char c = x->t[x->pos];
    if (c == '"') return false;
    if (c == '[' || c == '(' || c == '{') depth++;
    else if ((c == ']' || c == ')' || c == '}') && --depth == 0) {
      x->pos++;
      return true;
    }
  }
  return false;
}

static ms_form_verdict one_of(const char *const *keys, int nkeys, size_t pos, size_t *at, char *why, size_t n) {
  char msg[512];
  size_t m = (size_t)snprintf(msg, sizeof msg, "expected one of: ");
  for (int i = 0; i < nkeys && m < sizeof msg; i++)
    m += (size_t)snprintf(msg + m, sizeof msg - m, "%s`%s`", i ? ", " : "", keys[i]);
  return reject(at, pos, why, n, msg);
}

static ms_form_verdict fields(lexer *x, const char *const *keys, int nkeys, size_t *at, char *why, size_t n) {
  uint64_t seen = 0;
  if (nkeys > 64) return MS_FORM_UNREAD;
  while (!at_end(x)) {
    size_t loc = x->pos;
    const char *s;
    size_t len = ident(x, &s);
    int k = -1;
    for (int i = 0; len && i < nkeys && k < 0; i++)
      if (strlen(keys[i]) == len && !memcmp(keys[i], s, len)) k = i;
    if (k < 0) return one_of(keys, nkeys, loc, at, why, n);
    if (seen >> k & 1) {
      char msg[160];
      snprintf(msg, sizeof msg, "duplicated `%s` entry", keys[k]);
      skip(x);
      return reject(at, x->pos, why, n, msg);
    }
    seen |= (uint64_t)1 << k;
    if (!punct(x, "=") || !skip_value(x)) return MS_FORM_UNREAD;
    size_t value_end = x->pos;
    if (punct(x, ",")) continue;
    if (at_end(x)) return MS_FORM_OK;
    /* As MLIR's parser: a wrong token at the start of a line is reported
    ** at the end of the token before it. */
    bool new_line = memchr(x->t + value_end, '\n', x->pos - value_end) != NULL;
    return reject(at, new_line ? value_end - 1 : x->pos, why, n, "expected '>'");
  }
  return MS_FORM_OK;
}

ms_form_verdict ms_attr_form_check(const char *form, const char *const *keys, int nkeys, const char *body,
                                   size_t len, size_t *at, char *why, size_t n) {
  assert(form && at && why && n > 0);
  lexer x = {body, len, 0};
  if (!strcmp(form, "conv_dims")) return conv_dims(&x, at, why, n);
  if (!strcmp(form, "struct") && keys && nkeys > 0) return fields(&x, keys, nkeys, at, why, n);
  return MS_FORM_UNREAD;
}
