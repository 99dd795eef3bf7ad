/*
** attr.c: parsers of MLIR attribute value text (see attr.h).
**
** A small cursor over the text with one static helper per piece of MLIR
** attribute syntax (integer literal, integer type, tensor type, dense
** payload). Only what broadcast options and shape constants need is read;
** anything else is reported, never guessed.
*/
#include "attr.h"

#include <ctype.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Deeper nested lists than any tensor has dims are refused. */
#define MAX_LIST_DEPTH 64

typedef struct cursor {
  const char *p;
  const char *end;
  char *err;
  size_t errlen;
} cursor;

/* Writes the first error only: the innermost helper knows best. */
static bool fail(cursor *c, const char *fmt, ...) {
  if (c->err && c->errlen > 0 && c->err[0] == '\0') {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, c->errlen, fmt, ap);
    va_end(ap);
  }
  return false;
}

static void cursor_init(cursor *c, const char *text, size_t len, char *err, size_t errlen) {
  c->p = text;
  c->end = text + len;
  c->err = err;
  c->errlen = errlen;
  if (err && errlen > 0) err[0] = '\0';
}

static void skip_ws(cursor *c) {
  while (c->p < c->end && isspace((unsigned char)*c->p)) c->p++;
}

static bool at(cursor *c, char ch) {
  skip_ws(c);
  return c->p < c->end && *c->p == ch;
}

static bool eat(cursor *c, char ch) {
  if (!at(c, ch)) return false;
  c->p++;
  return true;
}

static bool expect(cursor *c, char ch) {
  if (eat(c, ch)) return true;
  if (c->p >= c->end) return fail(c, "expected '%c' but the value ends", ch);
  return fail(c, "expected '%c' at \"%.*s\"", ch, (int)(c->end - c->p > 20 ? 20 : c->end - c->p), c->p);
}

/* A keyword followed by a non-identifier character. */
static bool eat_word(cursor *c, const char *word) {
  skip_ws(c);
  size_t n = strlen(word);
  if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0) return false;
  if (c->p + n < c->end && (isalnum((unsigned char)c->p[n]) || c->p[n] == '_')) return false;
  c->p += n;
  return true;
}

static bool at_end(cursor *c, const char *what) {
  skip_ws(c);
  if (c->p == c->end) return true;
  return fail(c, "unexpected \"%.*s\" after %s", (int)(c->end - c->p > 20 ? 20 : c->end - c->p),
              c->p, what);
}

static int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
  return -1;
}

/* Digits in base 10 or 16 into a magnitude, with overflow detection. */
static bool parse_magnitude(cursor *c, int base, uint64_t *out) {
  const char *start = c->p;
  uint64_t v = 0;
  while (c->p < c->end) {
    int d = base == 16 ? hex_digit(*c->p) : (isdigit((unsigned char)*c->p) ? *c->p - '0' : -1);
    if (d < 0) break;
    if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base) return fail(c, "integer out of range");
    v = v * (uint64_t)base + (uint64_t)d;
    c->p++;
  }
  if (c->p == start) return fail(c, "expected digits");
  *out = v;
  return true;
}

/* An integer literal: [-]digits, [-]0xHEX, true, false. */
static bool parse_literal(cursor *c, int64_t *out) {
  skip_ws(c);
  if (eat_word(c, "true")) return *out = 1, true;
  if (eat_word(c, "false")) return *out = 0, true;
  bool neg = c->p < c->end && *c->p == '-';
  if (neg) c->p++;
  if (c->p >= c->end || !isdigit((unsigned char)*c->p)) {
    if (c->p >= c->end) return fail(c, "expected an integer but the value ends");
    return fail(c, "expected an integer at \"%.*s\"", (int)(c->end - c->p > 20 ? 20 : c->end - c->p),
                c->p);
  }
  int base = 10;
  if (c->end - c->p > 2 && c->p[0] == '0' && (c->p[1] == 'x' || c->p[1] == 'X')) {
    base = 16;
    c->p += 2;
  }
  uint64_t mag;
  if (!parse_magnitude(c, base, &mag)) return false;
  if (c->p < c->end && (*c->p == '.' || *c->p == 'e' || *c->p == 'E'))
    return fail(c, "expected an integer, not a floating-point number");
  if (mag > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) return fail(c, "integer out of range");
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return true;
}

/* An integer type: iN, siN, uiN, index. *width is in bits (index: 64). */
static bool parse_int_type(cursor *c, int *width) {
  skip_ws(c);
  if (eat_word(c, "index")) return *width = 64, true;
  const char *start = c->p;
  if (c->p < c->end && (*c->p == 's' || *c->p == 'u')) c->p++;
  if (c->p < c->end && *c->p == 'i' && c->p + 1 < c->end && isdigit((unsigned char)c->p[1])) {
    c->p++;
    uint64_t w;
    if (!parse_magnitude(c, 10, &w)) return false;
    if (w == 0 || w > 64) return fail(c, "integer width %llu not supported", (unsigned long long)w);
    if (c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '_')) {
      c->p = start;
    } else {
      *width = (int)w;
      return true;
    }
  }
  c->p = start;
  size_t n = 0;
  while (start + n < c->end && (isalnum((unsigned char)start[n]) || start[n] == '_')) n++;
  if (n == 0) return fail(c, "expected an integer type");
  return fail(c, "element type %.*s is not an integer type", (int)n, start);
}

/* An optional ": iN" after an integer. */
static bool parse_typed_literal(cursor *c, int64_t *out) {
  if (!parse_literal(c, out)) return false;
  if (!eat(c, ':')) return true;
  int width;
  return parse_int_type(c, &width);
}

/* tensor<AxBxT> or vector<..>: the element count and the element width. */
static bool parse_shaped_type(cursor *c, int64_t *count, int *width) {
  skip_ws(c);
  if (!eat_word(c, "tensor") && !eat_word(c, "vector"))
    return fail(c, "expected a tensor type after ':'");
  if (!expect(c, '<')) return false;
  int64_t n = 1;
  for (;;) {
    skip_ws(c);
    if (c->p < c->end && (*c->p == '?' || *c->p == '*'))
      return fail(c, "a constant's type must be static, not '%c'", *c->p);
    if (c->p >= c->end || !isdigit((unsigned char)*c->p)) break;
    uint64_t d;
    if (!parse_magnitude(c, 10, &d)) return false;
    if (c->p >= c->end || *c->p != 'x') return fail(c, "expected 'x' after a dimension");
    c->p++;
    if (d > (uint64_t)INT64_MAX / (uint64_t)(n ? n : 1)) return fail(c, "tensor too large");
    n *= (int64_t)d;
  }
  if (!parse_int_type(c, width)) return false;
  if (!expect(c, '>')) return false;
  *count = n;
  return true;
}

static bool push(cursor *c, int64_t *out, int max, int *n, int64_t v) {
  if (*n >= max) return fail(c, "more than %d elements", max);
  out[(*n)++] = v;
  return true;
}

/* [a, b, [c, d]]: nested lists flatten in row-major order. A list nests
** once per dim, so nesting deeper than the most dims is refused before it
** can use up the stack. */
static bool parse_bracket_list(cursor *c, int64_t *out, int max, int *n, int depth) {
  if (depth > MAX_LIST_DEPTH) return fail(c, "lists nested more than %d deep", MAX_LIST_DEPTH);
  if (!expect(c, '[')) return false;
  if (eat(c, ']')) return true;
  do {
    if (at(c, '[')) {
      if (!parse_bracket_list(c, out, max, n, depth + 1)) return false;
    } else {
      int64_t v;
      if (!parse_typed_literal(c, &v) || !push(c, out, max, n, v)) return false;
    }
  } while (eat(c, ','));
  return expect(c, ']');
}

/* "0x..." little-endian elements of width bits; one element is a splat. */
static bool decode_hex(cursor *c, const char *hex, size_t len, int width, int64_t count,
                       int64_t *out, int max, int *n) {
  if (len < 2 || hex[0] != '0' || (hex[1] != 'x' && hex[1] != 'X'))
    return fail(c, "a hex dense value starts with \"0x\"");
  hex += 2;
  len -= 2;
  size_t bytes = (size_t)((width + 7) / 8);
  if (width != 8 && width != 16 && width != 32 && width != 64)
    return fail(c, "hex dense values of i%d are not supported", width);
  if (len % (2 * bytes) != 0) return fail(c, "hex length is not a multiple of the element size");
  int64_t elems = (int64_t)(len / (2 * bytes));
  if (elems != count && elems != 1)
    return fail(c, "hex value has %lld elements, the type %lld", (long long)elems, (long long)count);
  for (int64_t i = 0; i < elems; i++) {
    uint64_t u = 0;
    for (size_t b = 0; b < bytes; b++) {
      int hi = hex_digit(hex[(i * bytes + b) * 2]), lo = hex_digit(hex[(i * bytes + b) * 2 + 1]);
      if (hi < 0 || lo < 0) return fail(c, "invalid hex digit");
      u |= (uint64_t)(hi * 16 + lo) << (8 * b);
    }
    /* sign-extend from the element width */
    if (width < 64 && (u >> (width - 1)) & 1) u |= ~UINT64_C(0) << width;
    if (!push(c, out, max, n, (int64_t)u)) return false;
  }
  for (int64_t i = elems; i < count; i++)
    if (!push(c, out, max, n, out[0])) return false;
  return true;
}

typedef enum payload_kind { PAYLOAD_EMPTY, PAYLOAD_LIST, PAYLOAD_SPLAT, PAYLOAD_HEX } payload_kind;

/* dense<...> [: type]. The type is needed for splats and hex payloads. */
static bool parse_dense(cursor *c, bool require_type, int64_t *out, int max, int *n) {
  if (!eat_word(c, "dense")) return fail(c, "expected dense<...>");
  if (!expect(c, '<')) return false;
  payload_kind kind;
  int64_t splat = 0;
  const char *hex = NULL;
  size_t hexlen = 0;
  if (at(c, '>')) {
    kind = PAYLOAD_EMPTY;
  } else if (at(c, '[')) {
    kind = PAYLOAD_LIST;
    if (!parse_bracket_list(c, out, max, n, 1)) return false;
  } else if (eat(c, '"')) {
    kind = PAYLOAD_HEX;
    hex = c->p;
    while (c->p < c->end && *c->p != '"') c->p++;
    if (c->p >= c->end) return fail(c, "unterminated string in dense<>");
    hexlen = (size_t)(c->p - hex);
    c->p++;
  } else {
    kind = PAYLOAD_SPLAT;
    if (!parse_literal(c, &splat)) return false;
  }
  if (!expect(c, '>')) return false;
  bool typed = eat(c, ':');
  if (!typed) {
    if (require_type || kind == PAYLOAD_SPLAT || kind == PAYLOAD_HEX)
      return fail(c, "dense value without its type (': tensor<...>')");
    return true;
  }
  int64_t count = 0;
  int width = 0;
  if (!parse_shaped_type(c, &count, &width)) return false;
  switch (kind) {
  case PAYLOAD_EMPTY:
  case PAYLOAD_LIST:
    if (count != *n)
      return fail(c, "dense value has %d elements but its type %lld", *n, (long long)count);
    return true;
  case PAYLOAD_SPLAT:
    for (int64_t i = 0; i < count; i++)
      if (!push(c, out, max, n, splat)) return false;
    return true;
  case PAYLOAD_HEX:
    return decode_hex(c, hex, hexlen, width, count, out, max, n);
  }
  return false;
}

/* array<i64: a, b> or array<i64>. */
static bool parse_array(cursor *c, int64_t *out, int max, int *n) {
  if (!eat_word(c, "array") || !expect(c, '<')) return fail(c, "expected array<...>");
  int width;
  if (!parse_int_type(c, &width)) return false;
  if (eat(c, ':')) {
    do {
      int64_t v;
      if (!parse_literal(c, &v) || !push(c, out, max, n, v)) return false;
    } while (eat(c, ','));
  }
  return expect(c, '>');
}

bool ms_attr_parse_int(const char *text, size_t len, int64_t *out, char *err, size_t errlen) {
  cursor c;
  cursor_init(&c, text, len, err, errlen);
  return parse_typed_literal(&c, out) && at_end(&c, "the integer");
}

bool ms_attr_parse_int_list(const char *text, size_t len, int64_t *out, int max, int *n,
                            char *err, size_t errlen) {
  cursor c;
  cursor_init(&c, text, len, err, errlen);
  *n = 0;
  skip_ws(&c);
  bool ok;
  if (at(&c, '['))
    ok = parse_bracket_list(&c, out, max, n, 1);
  else if (c.end - c.p >= 5 && memcmp(c.p, "array", 5) == 0)
    ok = parse_array(&c, out, max, n);
  else if (c.end - c.p >= 5 && memcmp(c.p, "dense", 5) == 0)
    ok = parse_dense(&c, false, out, max, n);
  else
    ok = fail(&c, "expected an integer list (array<i64: ...>, [...] or dense<...>), got \"%.*s\"",
              (int)(len > 40 ? 40 : len), text);
  return ok && at_end(&c, "the list");
}

bool ms_attr_parse_dense_shape(const char *text, size_t len, int64_t *dims, int max, int *rank,
                               char *err, size_t errlen) {
  cursor c;
  cursor_init(&c, text, len, err, errlen);
  *rank = 0;
  if (!parse_dense(&c, true, dims, max, rank) || !at_end(&c, "the dense value")) return false;
  for (int i = 0; i < *rank; i++)
    if (dims[i] < 0) return fail(&c, "negative extent %lld in a shape", (long long)dims[i]);
  return true;
}

static bool ident_char(char ch) {
  return isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '-' || ch == '$';
}

static bool copy_out(cursor *c, const char *s, size_t n, char *out, size_t outlen) {
  if (n >= outlen) return fail(c, "string longer than %zu bytes", outlen ? outlen - 1 : 0);
  memcpy(out, s, n);
  out[n] = '\0';
  return true;
}

static bool parse_quoted(cursor *c, char *out, size_t outlen) {
  size_t n = 0;
  c->p++; /* opening quote */
  while (c->p < c->end && *c->p != '"') {
    char ch = *c->p++;
    if (ch == '\\') {
      if (c->p >= c->end) break;
      char e = *c->p++;
      if (e == 'n') ch = '\n';
      else if (e == 't') ch = '\t';
      else if (e == '"' || e == '\\') ch = e;
      else if (hex_digit(e) >= 0 && c->p < c->end && hex_digit(*c->p) >= 0)
        ch = (char)(hex_digit(e) * 16 + hex_digit(*c->p++));
      else return fail(c, "invalid escape '\\%c' in string", e);
    }
    if (n + 1 >= outlen) return fail(c, "string longer than %zu bytes", outlen ? outlen - 1 : 0);
    out[n++] = ch;
  }
  if (c->p >= c->end) return fail(c, "unterminated string");
  c->p++;
  out[n] = '\0';
  return true;
}

/* #dialect<word> or #dialect<mnemonic word>: the last identifier inside. */
static bool parse_enum(cursor *c, char *out, size_t outlen) {
  c->p++;
  while (c->p < c->end && ident_char(*c->p)) c->p++;
  if (!expect(c, '<')) return false;
  const char *last = NULL;
  size_t lastn = 0;
  while (!at(c, '>')) {
    if (c->p >= c->end) return fail(c, "unterminated enum attribute");
    const char *s = c->p;
    while (c->p < c->end && ident_char(*c->p)) c->p++;
    if (c->p == s) return fail(c, "unexpected '%c' in an enum attribute", *c->p);
    last = s;
    lastn = (size_t)(c->p - s);
  }
  c->p++;
  if (!last) return fail(c, "empty enum attribute");
  return copy_out(c, last, lastn, out, outlen);
}

bool ms_attr_parse_string(const char *text, size_t len, char *out, size_t outlen, char *err,
                          size_t errlen) {
  cursor c;
  cursor_init(&c, text, len, err, errlen);
  skip_ws(&c);
  bool ok;
  if (c.p < c.end && *c.p == '"') {
    ok = parse_quoted(&c, out, outlen);
  } else if (c.p < c.end && *c.p == '#') {
    ok = parse_enum(&c, out, outlen);
  } else if (c.p < c.end && (isalpha((unsigned char)*c.p) || *c.p == '_')) {
    const char *s = c.p;
    while (c.p < c.end && ident_char(*c.p)) c.p++;
    ok = copy_out(&c, s, (size_t)(c.p - s), out, outlen);
  } else {
    ok = fail(&c, "expected a string (\"...\", #dialect<...> or an identifier), got \"%.*s\"",
              (int)(len > 40 ? 40 : len), text);
  }
  return ok && at_end(&c, "the string");
}

/* One f32 literal of text [p, end): false unless it reads whole and finite. */
static bool one_f32(const char *p, const char *end, uint32_t *bits) {
  while (p < end && isspace((unsigned char)*p)) p++;
  while (end > p && isspace((unsigned char)end[-1])) end--;
  char buf[64];
  size_t n = (size_t)(end - p);
  if (n == 0 || n >= sizeof buf || (n > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))) return false;
  memcpy(buf, p, n);
  buf[n] = '\0';
  char *stop = NULL;
  float f = strtof(buf, &stop);
  if (*stop || !isfinite(f)) return false;
  memcpy(bits, &f, sizeof *bits);
  return true;
}

bool ms_attr_parse_f32_list(const char *text, size_t len, uint32_t *out, int max, int *n) {
  const char *p = text, *end = text + len;
  *n = 0;
  while (p < end && isspace((unsigned char)*p)) p++;
  if ((size_t)(end - p) < 6 || memcmp(p, "dense<", 6) != 0) return false;
  p += 6;
  const char *close = memchr(p, '>', (size_t)(end - p));
  if (!close) return false;
  const char *colon = close + 1;
  while (colon < end && isspace((unsigned char)*colon)) colon++;
  if (colon >= end || *colon != ':') return false;
  /* The type: a 1-D (or rank-0) f32 tensor, giving a splat's count. */
  const char *t = colon + 1;
  while (t < end && isspace((unsigned char)*t)) t++;
  int count = -1;
  if ((size_t)(end - t) >= 7 && !memcmp(t, "tensor<", 7)) {
    const char *q = t + 7, *x;
    if ((size_t)(end - q) >= 4 && !memcmp(q, "f32>", 4)) count = 1;
    else if ((x = memchr(q, 'x', (size_t)(end - q))) && (size_t)(end - x) >= 5 && !memcmp(x, "xf32>", 5)) {
      char *stop = NULL;
      long k = strtol(q, &stop, 10);
      if (stop == x && k >= 0 && k <= max) count = (int)k;
    }
  }
  if (count < 0) return false;
  while (p < close && isspace((unsigned char)*p)) p++;
  if (p < close && *p == '[') {
    const char *rb = close;
    while (rb > p && rb[-1] != ']') rb--;
    if (rb == p || memchr(p + 1, '[', (size_t)(rb - 1 - (p + 1)))) return false;
    const char *q = p + 1, *stop = rb - 1;
    while (q < stop && isspace((unsigned char)*q)) q++;
    while (q < stop) {
      const char *comma = memchr(q, ',', (size_t)(stop - q));
      const char *e = comma ? comma : stop;
      if (*n >= max || !one_f32(q, e, &out[*n])) return false;
      (*n)++;
      q = comma ? comma + 1 : stop;
    }
    return *n == count;
  }
  uint32_t v;
  if (p == close || !one_f32(p, close, &v)) return false;
  for (int i = 0; i < count; i++) out[(*n)++] = v;
  return true;
}
