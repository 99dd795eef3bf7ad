/*
** attr_struct.c: readers of structured attribute values (attr_struct.h).
**
** A balanced scan over the text (brackets, parentheses, braces, angle
** brackets outside `->`, strings) finds top-level pieces; the numbers
** themselves are read by attr.h. No allocation, no I/O.
*/
#include "attr_struct.h"
#include "attr.h"

#include <ctype.h>
#include <string.h>

static bool opener(char c) { return c == '[' || c == '(' || c == '{' || c == '<'; }
static bool closer(char c) { return c == ']' || c == ')' || c == '}' || c == '>'; }

/* The end of the balanced piece starting at i (an opener), or len. */
static size_t skip_group(const char *t, size_t len, size_t i) {
  int depth = 0;
  for (; i < len; i++) {
    char c = t[i];
    if (c == '"') {
      for (i++; i < len && t[i] != '"'; i++)
        if (t[i] == '\\') i++;
      continue;
    }
    if (c == '-' && i + 1 < len && t[i + 1] == '>') {
      i++;
      continue;
    }
    if (opener(c)) depth++;
    else if (closer(c) && --depth == 0) return i + 1;
  }
  return len;
}

/* A `// ...` comment (attributes written over several lines carry them). */
static bool comment(const char *t, size_t n, size_t i) { return i + 1 < n && t[i] == '/' && t[i + 1] == '/'; }

static size_t line_end(const char *t, size_t n, size_t i) {
  while (i < n && t[i] != '\n') i++;
  return i;
}

static void trim(const char **s, size_t *n) {
  while (*n && isspace((unsigned char)**s)) (*s)++, (*n)--;
  while (*n && isspace((unsigned char)(*s)[*n - 1])) (*n)--;
}

/* The inside of `#d.name<...>`, `{...}` or text itself. */
static void body(const char *text, size_t len, const char **b, size_t *n) {
  *b = text;
  *n = len;
  trim(b, n);
  const char *s = *b;
  size_t k = *n;
  if (k >= 2 && s[0] == '{' && s[k - 1] == '}') {
    *b = s + 1;
    *n = k - 2;
  } else if (k >= 2 && s[0] == '#' && s[k - 1] == '>') {
    const char *lt = memchr(s, '<', k);
    if (!lt) return;
    *b = lt + 1;
    *n = (size_t)(s + k - 1 - *b);
  }
  trim(b, n);
  if (*n >= 4 && !memcmp(*b, "raw", 3) && isspace((unsigned char)(*b)[3])) {
    *b += 4;
    *n -= 4;
    trim(b, n);
  }
}

/* The entry of b[0..n) at *i: its key (quotes dropped) and value; false
** at the end. */
typedef struct entry {
  const char *key, *value;
  size_t klen, vlen;
  bool has_eq;
} entry;

static bool next_entry(const char *b, size_t n, size_t *pi, entry *e) {
  size_t i = *pi;
  while (i < n && (isspace((unsigned char)b[i]) || b[i] == ',' || comment(b, n, i)))
    i = comment(b, n, i) ? line_end(b, n, i) : i + 1;
  if (i >= n) return false;
  size_t key = i;
  while (i < n && (isalnum((unsigned char)b[i]) || b[i] == '_' || b[i] == '"')) i++;
  size_t keyend = i;
  while (i < n && isspace((unsigned char)b[i])) i++;
  e->has_eq = i < n && b[i] == '=';
  if (e->has_eq) i++;
  size_t vstart = i;
  while (i < n && b[i] != ',')
    i = comment(b, n, i) ? line_end(b, n, i) : opener(b[i]) || b[i] == '"' ? skip_group(b, n, i) : i + 1;
  e->key = b + key;
  e->klen = keyend - key;
  if (e->klen >= 2 && e->key[0] == '"') e->key++, e->klen -= 2;
  e->value = b + vstart;
  e->vlen = i - vstart;
  trim(&e->value, &e->vlen);
  *pi = i == key ? i + 1 : i;
  return true;
}

bool ms_attr_field(const char *text, size_t len, const char *field, const char **value, size_t *vlen) {
  const char *b;
  size_t n, flen = strlen(field), i = 0;
  body(text, len, &b, &n);
  entry e;
  while (next_entry(b, n, &i, &e))
    if (e.has_eq && e.klen == flen && !memcmp(e.key, field, flen)) {
      *value = e.value;
      *vlen = e.vlen;
      return *vlen > 0;
    }
  return false;
}

int ms_attr_field_count(const char *text, size_t len) {
  const char *b;
  size_t n, i = 0;
  body(text, len, &b, &n);
  entry e;
  int count = 0;
  while (next_entry(b, n, &i, &e)) count++;
  return count;
}

bool ms_attr_field_unique(const char *text, size_t len) {
  const char *b;
  size_t n, i = 0;
  body(text, len, &b, &n);
  entry e;
  while (next_entry(b, n, &i, &e)) {
    size_t j = i;
    entry f;
    while (next_entry(b, n, &j, &f))
      if (f.klen == e.klen && !memcmp(f.key, e.key, e.klen)) return false;
  }
  return true;
}

bool ms_attr_pair(const char *text, size_t len, int index, const char **value, size_t *vlen) {
  const char *s = text;
  size_t n = len;
  trim(&s, &n);
  size_t i = 0;
  while (i < n && !(s[i] == 'x' && (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
                    (i + 1 >= n || !isalnum((unsigned char)s[i + 1]) || s[i + 1] == '[')))
    i = opener(s[i]) ? skip_group(s, n, i) : i + 1;
  if (i >= n || index < 0 || index > 1) return false;
  *value = index == 0 ? s : s + i + 1;
  *vlen = index == 0 ? i : n - i - 1;
  trim(value, vlen);
  return *vlen > 0;
}

/* One bracketed group of the compact form: letters a and b at their
** positions, digits give the spatial dims, `?` a position left unnamed. */
typedef struct conv_group {
  int64_t first, second;            /* positions of the two letters, -1 if absent */
  int64_t spatial[64];
  int nspatial;
} conv_group;

static bool read_group(const char *s, size_t n, char a, char b, conv_group *g) {
  g->first = g->second = -1;
  g->nspatial = 0;
  int64_t seen[64];
  int nseen = 0;
  if (n < 2 || s[0] != '[' || s[n - 1] != ']') return false;
  size_t i = 1;
  int64_t pos = 0;
  while (i < n - 1) {
    while (i < n - 1 && isspace((unsigned char)s[i])) i++;
    if (i >= n - 1) break;
    if (s[i] == a || s[i] == b) {
      int64_t *slot = s[i] == a ? &g->first : &g->second;
      if (*slot >= 0) return false;
      *slot = pos;
      i++;
    } else if (isdigit((unsigned char)s[i])) {
      int64_t d = 0;
      while (i < n - 1 && isdigit((unsigned char)s[i]) && d < 64) d = d * 10 + (s[i++] - '0');
      if (d >= 64 || nseen >= 64) return false;
      seen[nseen++] = d;
      g->spatial[d] = pos;
    } else if (s[i] == '?') {
      i++; /* MHLO's parser: a dim the numbers do not name (StableHLO's rejects it) */
    } else {
      return false;
    }
    while (i < n - 1 && isspace((unsigned char)s[i])) i++;
    if (i < n - 1 && s[i] != ',') return false;
    if (i < n - 1) i++;
    pos++;
  }
  for (int k = 0; k < nseen; k++) {
    bool found = false;
    for (int j = 0; j < nseen; j++) found |= seen[j] == k;
    if (!found) return false;
  }
  g->nspatial = nseen;
  return g->first >= 0 && g->second >= 0;
}

bool ms_attr_conv_dims(const char *text, size_t len, const char *field, int64_t *out, int max, int *n) {
  const char *v;
  size_t vn;
  char err[8];
  *n = 0;
  if (ms_attr_field(text, len, field, &v, &vn)) {
    if (ms_attr_parse_int_list(v, vn, out, max, n, err, sizeof err)) return true;
    if (max < 1 || !ms_attr_parse_int(v, vn, out, err, sizeof err)) return false;
    *n = 1;
    return true;
  }
  const char *b;
  size_t bn;
  body(text, len, &b, &bn);
  /* [..]x[..]->[..] */
  size_t x = bn, arrow = bn;
  for (size_t i = 0; i < bn; i++) {
    if (b[i] == '[') i = skip_group(b, bn, i) - 1;
    else if (b[i] == 'x' && x == bn) x = i;
    else if (b[i] == '-' && i + 1 < bn && b[i + 1] == '>') arrow = i;
  }
  if (x >= arrow || arrow >= bn) return false;
  const char *parts[3] = {b, b + x + 1, b + arrow + 2};
  size_t lens[3] = {x, arrow - x - 1, bn - arrow - 2};
  for (int k = 0; k < 3; k++) trim(&parts[k], &lens[k]);
  int which = !strncmp(field, "input_", 6) ? 0 : !strncmp(field, "kernel_", 7) ? 1 : !strncmp(field, "output_", 7) ? 2 : -1;
  if (which < 0) return false;
  conv_group g;
  if (!read_group(parts[which], lens[which], which == 1 ? 'i' : 'b', which == 1 ? 'o' : 'f', &g)) return false;
  const char *rest = strchr(field, '_') + 1;
  if (strstr(rest, "spatial")) {
    if (g.nspatial > max) return false;
    for (int k = 0; k < g.nspatial; k++) out[k] = g.spatial[k];
    *n = g.nspatial;
    return true;
  }
  if (max < 1) return false;
  bool first = !strcmp(rest, "batch_dimension") || !strcmp(rest, "input_feature_dimension");
  bool second = !strcmp(rest, "feature_dimension") || !strcmp(rest, "output_feature_dimension");
  if (!first && !second) return false;
  out[0] = first ? g.first : g.second;
  *n = 1;
  return true;
}

/* Nested brackets: the count at each level along the first elements. */
static bool nest_shape(const char *s, size_t n, int64_t *dims, int max, int *rank) {
  *rank = 0;
  size_t i = 0;
  while (i < n && s[i] == '[') {
    if (*rank >= max) return false;
    size_t end = skip_group(s, n, i);
    int64_t count = 0;
    bool any = false;
    for (size_t j = i + 1; j + 1 < end; j++) {
      if (s[j] == '[') {
        j = skip_group(s, end, j) - 1;
        any = true;
        continue;
      }
      if (!isspace((unsigned char)s[j]) && s[j] != ',') any = true;
      if (s[j] == ',') count++;
    }
    dims[(*rank)++] = any ? count + 1 : 0;
    i++;
    while (i < n && isspace((unsigned char)s[i])) i++;
  }
  return *rank > 0;
}

bool ms_attr_list_shape(const char *text, size_t len, int64_t *dims, int max, int *rank) {
  const char *s = text;
  size_t n = len;
  trim(&s, &n);
  if (n && s[0] == '[') return nest_shape(s, n, dims, max, rank);
  if (n >= 5 && !memcmp(s, "array", 5)) {
    if (max < 1) return false;
    int64_t tmp[MS_ATTR_STRUCT_MAX];
    int k = 0;
    if (!ms_attr_parse_int_list(s, n, tmp, MS_ATTR_STRUCT_MAX, &k, NULL, 0)) return false;
    dims[0] = k;
    *rank = 1;
    return true;
  }
  if (n >= 5 && !memcmp(s, "dense", 5)) {
    size_t i = skip_group(s, n, 5);
    const char *colon = memchr(s + i, ':', n - i);
    if (!colon) return false;
    const char *lt = memchr(colon, '<', (size_t)(s + n - colon));
    if (!lt) return false;
    *rank = 0;
    const char *p = lt + 1, *end = s + n;
    while (p < end && isdigit((unsigned char)*p)) {
      int64_t d = 0;
      while (p < end && isdigit((unsigned char)*p) && d < (INT64_C(1) << 40)) d = d * 10 + (*p++ - '0');
      if (p >= end || *p != 'x' || *rank >= max) return false;
      dims[(*rank)++] = d;
      p++;
    }
    return true;
  }
  return false;
}
