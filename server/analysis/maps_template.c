/*
** maps_template.c: default indexing maps with the op's attributes filled
** in (maps_template.h).
*/
#include "maps_template.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attr.h"

bool ms_maps_template_has(const char *tmpl) { return strchr(tmpl, '{') != NULL; }

/* `{NAME[K]}` at p: the name's span and K; the position after `}`, or NULL. */
static const char *placeholder(const char *p, const char **name, size_t *len, long *k) {
  if (*p != '{') return NULL;
  const char *b = strchr(p, '['), *e = strchr(p, '}');
  if (!b || !e || b > e || b == p + 1 || e[-1] != ']') return NULL;
  char *end;
  *k = strtol(b + 1, &end, 10);
  if (end != e - 1 || *k < 0 || *k >= 64) return NULL;
  *name = p + 1;
  *len = (size_t)(b - p - 1);
  return e + 1;
}

bool ms_maps_template_valid(const char *tmpl) {
  for (const char *p = tmpl; (p = strchr(p, '{'));) {
    const char *name;
    size_t len;
    long k;
    if (!(p = placeholder(p, &name, &len, &k))) return false;
  }
  return true;
}

bool ms_maps_template_expand(const char *tmpl, const ms_op_view *op, char *buf, size_t n) {
  size_t w = 0;
  for (const char *p = tmpl; *p;) {
    const char *name, *next;
    size_t len;
    long k;
    if (!(next = placeholder(p, &name, &len, &k))) {
      if (w + 1 >= n) return false;
      buf[w++] = *p++;
      continue;
    }
    char key[64];
    snprintf(key, sizeof key, "%.*s", (int)len, name);
    size_t vlen = 0;
    const char *v = op->attribute ? op->attribute(op->ctx, key, &vlen) : NULL;
    int64_t value = 1, list[64];
    int count = 0;
    if (v) {
      if (!ms_attr_parse_int_list(v, vlen, list, 64, &count, NULL, 0) || k >= count) return false;
      value = list[k];
    }
    int m = snprintf(buf + w, n - w, "%lld", (long long)value);
    if (m < 0 || (size_t)m >= n - w) return false;
    w += (size_t)m;
    p = next;
  }
  buf[w] = 0;
  return true;
}
