/*
** shape.c: parsing and formatting of shapes (see shape.h).
**
** The broadcast algebra and the linter both start here: the calculator reads
** "2x?x3" / "scalar" / "*", the linter hands over MLIR type tokens such as
** "tensor<4x?xf32, #enc>". Element types, encodings and layouts may nest
** angle brackets (`!quant.uniform<i8:f32, 0.1:-128>`, `affine_map<(d0) ->
** (d0)>`), so the scanner balances brackets and skips `->` and strings
** instead of searching for the first '>'. Pure: no I/O, no allocation.
*/
#include "shape.h"
#include "intern.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Dims beyond this are refused: they would overflow any element count. */
#define MS_DIM_MAX (INT64_C(1) << 53)

typedef struct cursor {
  const char *p;
  const char *end;
  int big;   /* a size read was above MS_DIM_MAX (1) or above INT64_MAX (2) */
} cursor;

static void set_err(char *err, size_t errlen, const char *msg, const char *detail, size_t dlen) {
  if (!err || !errlen) return;
  if (dlen > 60) dlen = 60;
  snprintf(err, errlen, "%s%s%.*s%s", msg, detail ? ": '" : "", detail ? (int)dlen : 0,
           detail ? detail : "", detail ? "'" : "");
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

static void trim(const char **text, size_t *len) {
  while (*len && (**text == ' ' || **text == '\t' || **text == '\n' || **text == '\r')) {
    (*text)++;
    (*len)--;
  }
  while (*len && ((*text)[*len - 1] == ' ' || (*text)[*len - 1] == '\t' ||
                  (*text)[*len - 1] == '\n' || (*text)[*len - 1] == '\r'))
    (*len)--;
}

static void shape_clear(ms_shape *self, ms_type_kind kind) {
  memset(self, 0, sizeof *self);
  self->kind = kind;
  self->ranked = true;
}

void ms_shape_init(ms_shape *self, int rank, const int64_t *dims) {
  assert(rank >= 0 && rank <= MS_MAX_RANK);
  shape_clear(self, MS_TYPE_NONE);
  self->rank = rank;
  for (int i = 0; i < rank; i++) self->dims[i] = dims[i];
}

void ms_shape_merge_bounds(ms_shape *self, const ms_shape *other) {
  if (!self->ranked || !other->ranked || self->rank != other->rank) return;
  bool any = false;
  for (int k = 0; k < self->rank; k++) {
    int64_t mine = self->bounded && !self->bounds_invalid ? self->bounds[k] : MS_DIM_DYNAMIC;
    int64_t theirs = other->bounded && !other->bounds_invalid && other->dims[k] < 0 ? other->bounds[k] : MS_DIM_DYNAMIC;
    int64_t b = mine < 0 ? theirs : theirs < 0 ? mine : (mine < theirs ? mine : theirs);
    self->bounds[k] = self->dims[k] < 0 && b >= 0 ? b : MS_DIM_DYNAMIC;
    any |= self->bounds[k] >= 0;
  }
  if (any && !self->bounded) self->bounds_form = other->bounds_form;
  if (any) self->encoding = NULL;
  self->bounded = any;
  self->bounds_invalid = 0;
}

/* Reads a decimal size; false on overflow or when no digit is there. */
static bool read_size(cursor *c, int64_t *out) {
  if (c->p >= c->end || !is_digit(*c->p)) return false;
  int64_t v = 0;
  while (c->p < c->end && is_digit(*c->p)) {
    int d = *c->p - '0';
    if (v > MS_DIM_MAX) {
      /* Too big to check; read on only to tell whether it fits int64. */
      c->big = c->big < 1 ? 1 : c->big;
      if (v > (INT64_MAX - d) / 10) c->big = 2;
      else v = v * 10 + d;
      c->p++;
      continue;
    }
    v = v * 10 + d;
    c->p++;
  }
  if (v > MS_DIM_MAX) c->big = c->big < 1 ? 1 : c->big;
  if (c->big) return false;
  *out = v;
  return true;
}

/* Reads one dim (`?`, `N`, or `[N]` when scalable dims are allowed) into
** self at index self->rank. Returns false without consuming on no dim. */
static bool read_dim(cursor *c, ms_shape *self, bool allow_scalable, bool *overflow) {
  cursor save = *c;
  int64_t v;
  bool scalable = false;
  if (c->p < c->end && *c->p == '?') {
    c->p++;
    v = MS_DIM_DYNAMIC;
  } else if (allow_scalable && c->p < c->end && *c->p == '[') {
    c->p++;
    if (!read_size(c, &v) || c->p >= c->end || *c->p != ']') {
      int big = c->big; /* kept: the caller says why */
      *c = save;
      c->big = big;
      return false;
    }
    c->p++;
    scalable = true;
  } else if (!read_size(c, &v)) {
    int big = c->big;
    *c = save;
    c->big = big;
    return false;
  }
  if (self->rank >= MS_MAX_RANK) {
    *overflow = true;
    return false;
  }
  self->dims[self->rank] = v;
  self->scalable[self->rank] = scalable;
  self->rank++;
  return true;
}

/* Calculator syntax: dims joined by 'x', the whole text and nothing else. */
static bool parse_bare(ms_shape *self, const char *text, size_t len, char *err, size_t errlen) {
  shape_clear(self, MS_TYPE_NONE);
  cursor c = {text, text + len, 0};
  for (;;) {
    bool overflow = false;
    if (!read_dim(&c, self, true, &overflow)) {
      if (c.big)
        set_err(err, errlen, c.big == 2 ? MS_SHAPE_ERR_DIM_OVERFLOW : MS_SHAPE_ERR_DIM_LIMIT, text, len);
      else if (overflow)
        set_err(err, errlen, MS_SHAPE_ERR_RANK, text, len);
      else
        set_err(err, errlen, "expected a dim ('?', a size or '[N]')", text, len);
      return false;
    }
    if (c.p == c.end) return true;
    if (*c.p != 'x') {
      set_err(err, errlen, "expected 'x' between dims", text, len);
      return false;
    }
    c.p++;
  }
}

/* Returns the end of a balanced element type / attribute starting at p:
** stops at a top-level ',' or at the unmatched closing '>'. */
static const char *scan_balanced(const char *p, const char *end) {
  int depth = 0;
  while (p < end) {
    char ch = *p;
    if (ch == '"') {
      for (p++; p < end && *p != '"'; p++)
        if (*p == '\\' && p + 1 < end) p++;
      if (p < end) p++;
      continue;
    }
    if (ch == '-' && p + 1 < end && p[1] == '>') {
      p += 2;  /* `->` inside affine maps is not a closing bracket */
      continue;
    }
    if (ch == '<' || ch == '(' || ch == '[' || ch == '{') depth++;
    if (ch == '>' || ch == ')' || ch == ']' || ch == '}') {
      if (depth == 0) return p;
      depth--;
    }
    if (ch == ',' && depth == 0) return p;
    p++;
  }
  return p;
}

static void copy_elem(ms_shape *self, const char *p, size_t n) {
  if (n >= sizeof self->elem) n = sizeof self->elem - 1;
  memcpy(self->elem, p, n);
  self->elem[n] = '\0';
}

/* The body of tensor<...>/vector<...>/memref<...> without the brackets. */
/* MLIR allows blanks between a type's tokens (`tensor<  2 x f32>`). */
static void skip_blanks(cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')) c->p++;
}

static bool parse_body(ms_shape *self, const char *body, size_t len, char *err, size_t errlen) {
  cursor c = {body, body + len, 0};
  bool vector = self->kind == MS_TYPE_VECTOR;
  skip_blanks(&c);
  if (!vector && c.p + 1 < c.end && c.p[0] == '*' && c.p[1] == 'x') {
    self->ranked = false;
    c.p += 2;
  } else {
    for (;;) {
      cursor save = c;
      int rank = self->rank;
      bool overflow = false;
      if (!read_dim(&c, self, vector, &overflow)) {
        if (c.big) {
          set_err(err, errlen, c.big == 2 ? MS_SHAPE_ERR_DIM_OVERFLOW : MS_SHAPE_ERR_DIM_LIMIT, body, len);
          return false;
        }
        if (overflow) {
          set_err(err, errlen, MS_SHAPE_ERR_RANK, body, len);
          return false;
        }
        break;
      }
      skip_blanks(&c);
      if (c.p < c.end && *c.p == 'x') {
        c.p++;
        skip_blanks(&c);
        continue;
      }
      /* A number not followed by 'x' is not a dim (cannot happen in valid
      ** MLIR): undo it and let the element type check complain. */
      c = save;
      self->rank = rank;
      break;
    }
  }
  const char *elem_end = scan_balanced(c.p, c.end);
  if (elem_end == c.p || is_digit(*c.p) || *c.p == '?' || *c.p == '[') {
    set_err(err, errlen, "missing element type", body, len);
    return false;
  }
  if (elem_end < c.end && *elem_end != ',') {
    set_err(err, errlen, "unbalanced brackets in type", body, len);
    return false;
  }
  const char *e = elem_end;
  while (e > c.p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) e--;
  if (e == c.p) { /* only blanks: `tensor<*x >` (found by fuzz_shape) */
    set_err(err, errlen, "missing element type", body, len);
    return false;
  }
  copy_elem(self, c.p, (size_t)(e - c.p));
  return true;
}

static bool has_prefix(const char *text, size_t len, const char *prefix) {
  size_t n = strlen(prefix);
  return len >= n && !memcmp(text, prefix, n);
}

/* Reads a list of `?`/sizes separated by commas (blanks allowed) from c up
** to its end into dims; false when anything else is there. */
static bool read_dim_list(cursor *c, int64_t *dims, int *n) {
  *n = 0;
  skip_blanks(c);
  if (c->p == c->end) return true;
  for (;;) {
    skip_blanks(c);
    int64_t v;
    if (c->p < c->end && *c->p == '?') {
      c->p++;
      v = MS_DIM_DYNAMIC;
    } else if (!read_size(c, &v)) {
      return false;
    }
    if (*n >= MS_MAX_RANK) return false;
    dims[(*n)++] = v;
    skip_blanks(c);
    if (c->p == c->end) return true;
    if (*c->p != ',') return false;
    c->p++;
  }
}

/* StableHLO bounds in a tensor's encoding: `#stablehlo.bounds<4, ?>` or
** `#stablehlo.type_extensions<bounds = [4, ?]>` (or mhlo's). Bounds that do
** not fit the shape (another length, a bound on a static dim) are invalid
** types for StableHLO; they are flagged (bounds_invalid), not read. Any
** other encoding is kept in self->encoding (interned). */
static void read_bounds(ms_shape *self, const char *enc, size_t len) {
  trim(&enc, &len);
  const char *body = NULL;
  size_t blen = 0;
  static const char *const forms[] = {"#stablehlo.bounds<", "#mhlo.bounds<"};
  static const char *const exts[] = {"#stablehlo.type_extensions<", "#mhlo.type_extensions<"};
  for (int i = 0; i < 2 && !body; i++) {
    if (has_prefix(enc, len, forms[i]) && enc[len - 1] == '>') {
      self->bounds_form = (uint8_t)(2 * i);
      body = enc + strlen(forms[i]);
      blen = (size_t)(enc + len - 1 - body);
    } else if (has_prefix(enc, len, exts[i]) && enc[len - 1] == '>') {
      self->bounds_form = (uint8_t)(2 * i + 1);
      const char *p = enc + strlen(exts[i]), *end = enc + len - 1;
      while (p < end && (*p == ' ' || *p == '\n')) p++;
      if ((size_t)(end - p) < 6 || memcmp(p, "bounds", 6)) return;
      p += 6;
      while (p < end && (*p == ' ' || *p == '=')) p++;
      while (end > p && end[-1] == ' ') end--;
      if (p >= end || *p != '[' || end[-1] != ']') return;
      body = p + 1;
      blen = (size_t)(end - 1 - body);
    }
  }
  if (!body && !has_prefix(enc, len, forms[0]) && !has_prefix(enc, len, forms[1]) &&
      !has_prefix(enc, len, exts[0]) && !has_prefix(enc, len, exts[1]))
    self->encoding = ms_intern(enc, len);
  if (!body || !self->ranked) return;
  cursor c = {body, body + blen, 0};
  int64_t b[MS_MAX_RANK];
  int n;
  if (!read_dim_list(&c, b, &n)) return;
  if (n != self->rank) {
    self->bounds_invalid = MS_BOUNDS_LENGTH;
    self->bounds_count = n;
    return;
  }
  for (int i = 0; i < n; i++)
    if (b[i] != MS_DIM_DYNAMIC && self->dims[i] != MS_DIM_DYNAMIC) {
      self->bounds_invalid = MS_BOUNDS_STATIC;
      self->bounds_count = i;
      return;
    }
  memcpy(self->bounds, b, (size_t)n * sizeof b[0]);
  self->bounded = true;
}

/* torch-mlir: `!torch.vtensor<[2,?,3],f32>`, `!torch.tensor<[],si64>`,
** `!torch.vtensor<*,f32>` and `!torch.vtensor` (sizes unknown). */
static bool parse_torch(ms_shape *self, const char *text, size_t len, char *err, size_t errlen) {
  const char *prefix = has_prefix(text, len, "!torch.vtensor") ? "!torch.vtensor" : "!torch.tensor";
  size_t plen = strlen(prefix);
  shape_clear(self, MS_TYPE_TENSOR);
  self->torch = true;
  if (len == plen) {
    self->ranked = false;
    return true;
  }
  if (text[plen] != '<' || text[len - 1] != '>') {
    set_err(err, errlen, "expected '<[sizes],dtype>' after the torch tensor type", text, len);
    return false;
  }
  cursor c = {text + plen + 1, text + len - 1, 0};
  skip_blanks(&c);
  if (c.p < c.end && *c.p == '*') {
    self->ranked = false;
    c.p++;
  } else {
    const char *close = c.p < c.end && *c.p == '[' ? memchr(c.p, ']', (size_t)(c.end - c.p)) : NULL;
    cursor dims = {c.p + 1, close, 0};
    if (!close || !read_dim_list(&dims, self->dims, &self->rank)) {
      set_err(err, errlen, dims.big ? MS_SHAPE_ERR_DIM_LIMIT : "expected sizes '[2,?,3]' or '*'", text, len);
      return false;
    }
    c.p = close + 1;
  }
  skip_blanks(&c);
  if (c.p < c.end && *c.p == ',') c.p++;
  skip_blanks(&c);
  copy_elem(self, c.p, (size_t)(c.end - c.p));
  return true;
}

bool ms_shape_parse_type(ms_shape *self, const char *text, size_t len, char *err, size_t errlen) {
  trim(&text, &len);
  static const struct { const char *prefix; ms_type_kind kind; } kinds[] = {
    {"tensor", MS_TYPE_TENSOR}, {"vector", MS_TYPE_VECTOR}, {"memref", MS_TYPE_MEMREF},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    if (!has_prefix(text, len, kinds[i].prefix)) continue;
    /* `memref <4xf32>`: MLIR allows blanks before the `<`. */
    size_t plen = strlen(kinds[i].prefix);
    while (plen < len && (text[plen] == ' ' || text[plen] == '\t')) plen++;
    if (plen >= len || text[plen] != '<') continue;
    plen++;
    shape_clear(self, kinds[i].kind);
    if (len <= plen || text[len - 1] != '>') {
      set_err(err, errlen, "missing '>' at the end of the type", text, len);
      return false;
    }
    const char *body = text + plen;
    const char *stop = scan_balanced(body, text + len - 1);
    /* Anything after a top-level ',' is an encoding/layout, but the body
    ** must close exactly at the final '>'. */
    while (stop < text + len - 1 && *stop == ',')
      stop = scan_balanced(stop + 1, text + len - 1);
    if (stop != text + len - 1) {
      set_err(err, errlen, "unbalanced brackets in type", text, len);
      return false;
    }
    const char *enc = scan_balanced(body, text + len - 1);
    if (!parse_body(self, body, (size_t)(text + len - 1 - body), err, errlen)) return false;
    if (kinds[i].kind == MS_TYPE_TENSOR && enc < text + len - 1)
      read_bounds(self, enc + 1, (size_t)(text + len - 2 - enc));
    return true;
  }
  if (has_prefix(text, len, "!torch.vtensor") || has_prefix(text, len, "!torch.tensor")) {
    size_t plen = has_prefix(text, len, "!torch.vtensor") ? 14 : 13;
    if (len == plen || text[plen] == '<') return parse_torch(self, text, len, err, errlen);
  }
  if (len == 0) {
    set_err(err, errlen, "empty type", NULL, 0);
    return false;
  }
  shape_clear(self, MS_TYPE_OTHER);
  self->ranked = false;
  copy_elem(self, text, len);
  return true;
}

bool ms_shape_parse(ms_shape *self, const char *text, size_t len, char *err, size_t errlen) {
  trim(&text, &len);
  if (len == 0) {
    set_err(err, errlen, "empty shape", NULL, 0);
    return false;
  }
  if (len == 6 && !memcmp(text, "scalar", 6)) {
    shape_clear(self, MS_TYPE_NONE);
    return true;
  }
  if (len == 1 && text[0] == '*') {
    shape_clear(self, MS_TYPE_NONE);
    self->ranked = false;
    return true;
  }
  if (is_digit(text[0]) || text[0] == '?' || text[0] == '[')
    return parse_bare(self, text, len, err, errlen);
  if (!ms_shape_parse_type(self, text, len, err, errlen)) return false;
  if (self->kind == MS_TYPE_OTHER) {
    set_err(err, errlen, "not a shape or a shaped type", text, len);
    return false;
  }
  return true;
}

/* snprintf-style appender that never writes past n. */
typedef struct sink {
  char *buf;
  size_t n;
  size_t len;
} sink;

/* Appends w bytes of text as snprintf would: truncated to the room left,
** NUL-terminated, the length counting all of them. */
static void put_text(sink *s, const char *text, size_t w) {
  size_t room = s->len < s->n ? s->n - s->len : 0;
  if (room) {
    size_t k = w < room - 1 ? w : room - 1;
    memcpy(s->buf + s->len, text, k);
    s->buf[s->len + k] = '\0';
  }
  s->len += w;
}

/* put(s, NULL, 0, str) appends str; put(s, fmt, v, NULL) appends fmt with
** its one `%lld` replaced by v. Written out by hand: types are formatted
** for every op, and snprintf was a twentieth of check's work. */
static void put(sink *s, const char *fmt, long long v, const char *str) {
  if (str) {
    put_text(s, str, strlen(str));
    return;
  }
  char tmp[64], digits[24];
  size_t n = 0;
  for (const char *f = fmt; *f && n < sizeof tmp - sizeof digits; f++) {
    if (strncmp(f, "%lld", 4) != 0) {
      tmp[n++] = *f;
      continue;
    }
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    int k = 0;
    do digits[k++] = (char)('0' + u % 10); while ((u /= 10) != 0);
    if (v < 0) tmp[n++] = '-';
    while (k) tmp[n++] = digits[--k];
    f += 3;
  }
  put_text(s, tmp, n);
}

static void put_dims(sink *s, const ms_shape *self, bool trailing_x) {
  for (int i = 0; i < self->rank; i++) {
    if (i) put(s, NULL, 0, "x");
    if (self->dims[i] == MS_DIM_DYNAMIC)
      put(s, NULL, 0, "?");
    else
      put(s, self->scalable[i] ? "[%lld]" : "%lld", (long long)self->dims[i], NULL);
  }
  if (trailing_x && self->rank) put(s, NULL, 0, "x");
}

size_t ms_shape_format(const ms_shape *self, char *buf, size_t n) {
  sink s = {buf, n, 0};
  if (n) buf[0] = '\0';
  if (self->kind == MS_TYPE_OTHER)
    put(&s, NULL, 0, self->elem);
  else if (!self->ranked)
    put(&s, NULL, 0, "*");
  else if (self->rank == 0)
    put(&s, NULL, 0, "scalar");
  else
    put_dims(&s, self, false);
  return s.len;
}

/* `, #stablehlo.bounds<?, 4>` in the form the bounds were read in (or
** produced: StableHLO's by default), when some dynamic dim has a bound. */
static void put_bounds(sink *s, const ms_shape *self) {
  bool any = false;
  for (int i = 0; self->bounded && self->ranked && i < self->rank; i++)
    any |= self->dims[i] == MS_DIM_DYNAMIC && self->bounds[i] != MS_DIM_DYNAMIC;
  if (!any || self->kind != MS_TYPE_TENSOR) return;
  static const char *const heads[] = {", #stablehlo.bounds<", ", #stablehlo.type_extensions<bounds = [",
                                      ", #mhlo.bounds<", ", #mhlo.type_extensions<bounds = ["};
  int form = self->bounds_form & 3;
  put(s, NULL, 0, heads[form]);
  for (int i = 0; i < self->rank; i++) {
    if (i) put(s, NULL, 0, ", ");
    bool b = self->dims[i] == MS_DIM_DYNAMIC && self->bounds[i] != MS_DIM_DYNAMIC;
    if (b) put(s, "%lld", (long long)self->bounds[i], NULL);
    else put(s, NULL, 0, "?");
  }
  put(s, NULL, 0, form & 1 ? "]>" : ">");
}

size_t ms_shape_format_type(const ms_shape *self, char *buf, size_t n) {
  static const char *const names[] = {"tensor", "vector", "memref"};
  if (self->kind == MS_TYPE_NONE || self->kind == MS_TYPE_OTHER)
    return ms_shape_format(self, buf, n);
  sink s = {buf, n, 0};
  if (n) buf[0] = '\0';
  if (self->torch && self->kind == MS_TYPE_TENSOR) {
    put(&s, NULL, 0, "!torch.vtensor<");
    if (!self->ranked) put(&s, NULL, 0, "*");
    for (int i = 0; self->ranked && i <= self->rank; i++) {
      if (i == self->rank) put(&s, NULL, 0, i ? "]" : "[]");
      else if (self->dims[i] == MS_DIM_DYNAMIC) put(&s, NULL, 0, i ? ",?" : "[?");
      else put(&s, i ? ",%lld" : "[%lld", (long long)self->dims[i], NULL);
    }
    if (self->elem[0]) put(&s, NULL, 0, ",");
    put(&s, NULL, 0, self->elem);
    put(&s, NULL, 0, ">");
    return s.len;
  }
  put(&s, NULL, 0, names[self->kind]);
  put(&s, NULL, 0, "<");
  bool elem = self->elem[0] != '\0';
  if (!self->ranked)
    put(&s, NULL, 0, elem ? "*x" : "*");
  else
    put_dims(&s, self, elem);
  put(&s, NULL, 0, self->elem);
  size_t before = s.len;
  put_bounds(&s, self);
  if (s.len == before && self->encoding && self->kind == MS_TYPE_TENSOR) {
    put(&s, NULL, 0, ", ");
    put(&s, NULL, 0, self->encoding);
  }
  put(&s, NULL, 0, ">");
  return s.len;
}

bool ms_shape_wrapped(const ms_shape *self, ms_shape *inner, size_t *head) {
  if (self->kind != MS_TYPE_OTHER) return false;
  const char *t = self->elem, *lt = strchr(t, '<');
  size_t n = strnlen(t, sizeof self->elem);
  if (n + 1 >= sizeof self->elem || t[0] != '!' || !lt || t[n - 1] != '>') return false;
  size_t at = (size_t)(lt + 1 - t);
  if (!ms_shape_parse_type(inner, lt + 1, n - 1 - at, NULL, 0)) return false;
  if (inner->kind == MS_TYPE_OTHER || inner->kind == MS_TYPE_NONE) return false;
  *head = at;
  return true;
}

bool ms_shape_wrap(ms_shape *self, const char *head, size_t nhead, const ms_shape *inner) {
  char buf[sizeof self->elem];
  if (nhead >= sizeof buf) return false;
  memcpy(buf, head, nhead);
  size_t w = ms_shape_format_type(inner, buf + nhead, sizeof buf - nhead);
  if (nhead + w + 2 > sizeof buf) return false;
  buf[nhead + w] = '>';
  buf[nhead + w + 1] = '\0';
  shape_clear(self, MS_TYPE_OTHER);
  self->ranked = false;
  memcpy(self->elem, buf, nhead + w + 2);
  return true;
}

bool ms_shape_equal(const ms_shape *a, const ms_shape *b) {
  if (!a->ranked || !b->ranked || a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i] || a->scalable[i] != b->scalable[i]) return false;
  return true;
}
