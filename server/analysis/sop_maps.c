/*
** sop_maps.c: affine maps and iterator types as structured-op parameters
** (sop_maps.h). A small scanner over the attribute's text: names between
** parentheses, results split at top-level commas; anything it cannot
** read makes the whole value unreadable (the op is then not judged).
*/
#include "sop_maps.h"

#include <ctype.h>
#include <string.h>

typedef struct scan {
  const char *p, *end;
} scan;

static void ws(scan *s) {
  while (s->p < s->end && isspace((unsigned char)*s->p)) s->p++;
}

static bool eat(scan *s, const char *lit) {
  size_t n = strlen(lit);
  ws(s);
  if ((size_t)(s->end - s->p) < n || memcmp(s->p, lit, n)) return false;
  s->p += n;
  return true;
}

/* A parenthesized (or bracketed) list: each item's span, at most max. */
static int items(scan *s, char open, char close, const char **at, size_t *len, int max) {
  ws(s);
  if (s->p >= s->end || *s->p != open) return -1;
  s->p++;
  int n = 0, depth = 0;
  const char *start = s->p;
  for (; s->p < s->end; s->p++) {
    char c = *s->p;
    if (c == '(' || c == '[') depth++;
    else if ((c == ')' || c == ']') && depth > 0) depth--;
    else if (c == close || (c == ',' && depth == 0)) {
      const char *a = start, *b = s->p;
      while (a < b && isspace((unsigned char)*a)) a++;
      while (b > a && isspace((unsigned char)b[-1])) b--;
      if (a < b) {
        if (n >= max) return -1;
        at[n] = a;
        len[n++] = (size_t)(b - a);
      } else if (c == ',' || n > 0) {
        return -1; /* an empty item */
      }
      start = s->p + 1;
      if (c == close) {
        s->p++;
        return n;
      }
    }
  }
  return -1;
}

static bool push(ms_sop_param *out, int64_t v) {
  if (out->n >= MS_SOP_MAX_LIST) return false;
  out->v[out->n++] = v;
  return true;
}

/* `(d0, d1)[s0] -> (d1, 0)>` after `affine_map<`. */
static bool one_map(scan *s, ms_sop_param *out) {
  const char *dn[MS_MAX_RANK], *rn[MS_MAX_RANK], *sn[8];
  size_t dl[MS_MAX_RANK], rl[MS_MAX_RANK], sl[8];
  int nd = items(s, '(', ')', dn, dl, MS_MAX_RANK), ns = 0;
  if (nd < 0) return false;
  ws(s);
  if (s->p < s->end && *s->p == '[' && (ns = items(s, '[', ']', sn, sl, 8)) < 0) return false;
  if (!eat(s, "->")) return false;
  int nr = items(s, '(', ')', rn, rl, MS_MAX_RANK);
  if (nr < 0 || !eat(s, ">")) return false;
  if (!push(out, nd) || !push(out, ns) || !push(out, nr)) return false;
  for (int k = 0; k < nr; k++) {
    int64_t r = MS_SOP_MAP_OTHER;
    if (rl[k] == 1 && rn[k][0] == '0') r = MS_SOP_MAP_ZERO;
    for (int d = 0; d < nd; d++)
      if (rl[k] == dl[d] && !memcmp(rn[k], dn[d], dl[d])) r = d;
    if (!push(out, r)) return false;
  }
  out->shape[0]++;
  return true;
}

bool ms_sop_read_maps(const char *text, size_t len, ms_sop_param *out) {
  scan s = {text, text + len};
  out->n = 0;
  out->nshape = 1;
  out->shape[0] = 0;
  bool list = eat(&s, "[");
  for (;;) {
    if (list && eat(&s, "]")) break;
    if (!eat(&s, "affine_map<") || !one_map(&s, out)) return false;
    if (!list) break;
    if (!eat(&s, ",") && !(ws(&s), s.p < s.end && *s.p == ']')) return false;
  }
  ws(&s);
  return s.p == s.end;
}

bool ms_sop_read_iterators(const char *text, size_t len, ms_sop_param *out) {
  const char *at[MS_SOP_MAX_LIST];
  size_t n[MS_SOP_MAX_LIST];
  scan s = {text, text + len};
  int k = items(&s, '[', ']', at, n, MS_SOP_MAX_LIST);
  if (k < 0) return false;
  ws(&s);
  if (s.p != s.end) return false;
  out->n = 0;
  for (int i = 0; i < k; i++) {
    bool par = memmem(at[i], n[i], "parallel", 8) != NULL, red = memmem(at[i], n[i], "reduction", 9) != NULL;
    if (par == red) return false;
    out->v[out->n++] = red;
  }
  out->nshape = 1;
  out->shape[0] = out->n;
  return true;
}
