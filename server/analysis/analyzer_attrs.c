/*
** analyzer_attrs.c: an op's attributes as the rules read them
** (lookup_attr, the ms_op_view's attribute callback): written on the op,
** with attribute aliases (`#map = ...`) expanded; else a key of the op's
** dictionary alias (`linalg.generic #trait ins(...)`, op_dict_alias), its
** `//` comments stripped; else a pretty group (`[1]`, `low[]`, `dim()`,
** groups.h). Reads the unit's text and records only.
*/
#include "analyzer_int.h"

#include <ctype.h>
#include <string.h>

#include "groups.h"

static bool alias_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '-'; }

/* The value of attribute alias `#name` (text[s, e)): the rest of the
** nearest line `#name = VALUE` before `before`; false when none. */
static bool find_attr_alias(const char *text, uint32_t s, uint32_t e, uint32_t before, ms_span *value) {
  size_t n = e - s;
  bool found = false;
  const char *end = text + before;
  for (const char *p = text; (p = memmem(p, (size_t)(end - p), text + s, n)) != NULL; p += n) {
    if (p != text && p[-1] != '\n') continue;
    const char *q = p + n;
    if (q < end && alias_char(*q)) continue;
    while (q < end && (*q == ' ' || *q == '\t')) q++;
    if (q == end || *q != '=') continue;
    for (q++; q < end && (*q == ' ' || *q == '\t');) q++;
    const char *eol = memchr(q, '\n', (size_t)(end - q));
    *value = (ms_span){(uint32_t)(q - text), (uint32_t)((eol ? eol : end) - text)};
    found = true;
  }
  return found;
}

/* An attribute value with its attribute aliases (`[#map, #map1]`, as
** mlir-opt prints affine maps) replaced by their values; the text itself
** when it uses none. The expansion lives until the next call. */
static const char *expand_aliases(const char *text, ms_span v, uint32_t before, size_t *len) {
  static __thread char buf[8192];
  if (!memchr(text + v.start, '#', v.end - v.start)) return text + v.start; /* no alias: no copy */
  size_t w = 0;
  bool any = false;
  for (uint32_t i = v.start; i < v.end;) {
    uint32_t j = i + 1;
    if (text[i] == '#') /* only there: a long hex literal is not rescanned from each of its digits */
      while (j < v.end && alias_char(text[j])) j++;
    ms_span def;
    bool alias = text[i] == '#' && j > i + 1 && (j == v.end || (text[j] != '.' && text[j] != '<')) &&
                 find_attr_alias(text, i, j, before, &def);
    ms_span piece = alias ? def : (ms_span){i, alias || text[i] != '#' ? i + 1 : j};
    size_t n = piece.end - piece.start;
    if (w + n >= sizeof buf) return text + v.start;
    memcpy(buf + w, text + piece.start, n);
    w += n;
    any |= alias;
    i = alias ? j : piece.end;
  }
  if (!any) return text + v.start;
  *len = w;
  return buf;
}

/* s[0, *len) without its `//` comments (a dictionary alias over several
** lines comments its entries); s itself when it has none. The copy lives
** until the next call. */
static const char *strip_comments(const char *s, size_t *len) {
  static __thread char buf[8192];
  if (*len >= sizeof buf || !memmem(s, *len, "//", 2)) return s;
  size_t w = 0;
  bool str = false;
  for (size_t i = 0; i < *len; i++) {
    if (!str && s[i] == '/' && i + 1 < *len && s[i + 1] == '/') {
      while (i < *len && s[i] != '\n') i++;
      if (i == *len) break;
    }
    if (s[i] == '"' && (i == 0 || s[i - 1] != '\\')) str = !str;
    buf[w++] = s[i];
  }
  *len = w;
  return buf;
}

/* Extends *def, a dictionary alias's value from its `{`, to its matching
** `}` (the value may span lines, with `//` comments); false when it does
** not close before end. */
static bool dict_end(const char *text, ms_span *def, uint32_t end) {
  int depth = 0;
  bool str = false;
  for (uint32_t i = def->start; i < end; i++) {
    char c = text[i];
    if (str) {
      if (c == '\\') i++;
      else if (c == '"') str = false;
    } else if (c == '"') str = true;
    else if (c == '/' && i + 1 < end && text[i + 1] == '/') {
      while (i < end && text[i] != '\n') i++;
    } else if (c == '{') depth++;
    else if (c == '}' && --depth == 0) {
      def->end = i + 1;
      return true;
    }
  }
  return false;
}

/* An op whose attribute dictionary is an alias (`linalg.generic #trait
** ins(...)`, the form linalg's tests use): a top-level `#name` token
** before the type annotation. 1 and *def its `{...}` value when the file
** defines it before the op; -1 when it does not (the op's attributes are
** then unknown); 0 when the op has none (a `#name` that is not a
** dictionary is an attribute, not the op's dictionary). */
int op_dict_alias(const analyzer *w, const ms_op *op, ms_span *def) {
  const char *text = w->text;
  for (uint32_t i = 0; i < op->ntoks; i++) {
    const ms_tok *t = &w->rec->toks[op->toks + i];
    if (t->depth == 0 && t->kind == MS_TOK_COLON) break;
    if (t->depth != 0 || t->span.end - t->span.start < 2 || text[t->span.start] != '#') continue;
    uint32_t e = t->span.start + 1;
    while (e < t->span.end && alias_char(text[e])) e++;
    if (e != t->span.end) continue; /* `#dialect.attr<...>` */
    if (!find_attr_alias(text, t->span.start, e, op->span.start, def)) return -1;
    while (def->start < def->end && (text[def->start] == ' ' || text[def->start] == '\t')) def->start++;
    if (def->start < def->end && text[def->start] == '{') return dict_end(text, def, op->span.start) ? 1 : -1;
  }
  return 0;
}

/* The value of `key = value` at the top level of the dictionary text
** dict (`{k = v, ...}`); false when absent or a unit attribute. */
static bool dict_value(const char *text, ms_span dict, const char *key, ms_span *value) {
  size_t n = strlen(key);
  int depth = 0;
  bool in_str = false;
  for (uint32_t i = dict.start; i < dict.end; i++) {
    char c = text[i];
    if (in_str) {
      if (c == '\\') i++;
      else if (c == '"') in_str = false;
      continue;
    }
    if (c == '"') in_str = true;
    else if (c == '/' && i + 1 < dict.end && text[i + 1] == '/') {
      while (i < dict.end && text[i] != '\n') i++;
    } else if (c == '{' || c == '[' || c == '(' || c == '<') depth++;
    else if (c == '}' || c == ']' || c == ')' || c == '>') {
      if (i > dict.start && c == '>' && text[i - 1] == '-') continue; /* `->` */
      if (--depth == 0) return false;
    } else if (depth == 1 && i + n < dict.end && !memcmp(text + i, key, n) && !alias_char(text[i - 1]) &&
               !alias_char(text[i + n])) {
      uint32_t j = i + (uint32_t)n;
      while (j < dict.end && (text[j] == ' ' || text[j] == '\t')) j++;
      if (j >= dict.end || text[j] != '=') continue;
      for (j++; j < dict.end && (text[j] == ' ' || text[j] == '\t');) j++;
      uint32_t k = j;
      int d = 0;
      bool str = false;
      for (; k < dict.end; k++) {
        char ch = text[k];
        if (str) {
          if (ch == '\\') k++;
          else if (ch == '"') str = false;
        } else if (ch == '"') str = true;
        else if (ch == '{' || ch == '[' || ch == '(' || ch == '<') d++;
        else if (ch == '>' && text[k - 1] == '-') continue;
        else if ((ch == '}' || ch == ']' || ch == ')' || ch == '>') && d-- == 0) break;
        else if (ch == ',' && d == 0) break;
      }
      while (k > j && (text[k - 1] == ' ' || text[k - 1] == '\t' || text[k - 1] == '\n')) k--;
      *value = (ms_span){j, k};
      return k > j;
    }
  }
  return false;
}

const char *lookup_attr(void *ctx, const char *key, size_t *len) {
  const attr_lookup *l = ctx;
  static const char inner[] = "region op: ";
  if (!strncmp(key, inner, sizeof inner - 1)) { /* an attribute of the one op in its regions */
    uint32_t k = ms_region_op(l->w->rec, l->w->text, l->op);
    if (k == MS_NONE) return NULL;
    attr_lookup in = {l->w, &l->w->rec->ops[k]};
    return lookup_attr(&in, key + sizeof inner - 1, len);
  }
  size_t n = strlen(key);
  for (uint32_t i = 0; i < l->op->nattrs; i++) {
    const ms_attr *a = &l->w->rec->attrs[l->op->attrs + i];
    const char *s = l->w->text + a->key.start;
    size_t kn = a->key.end - a->key.start;
    if (kn >= 2 && s[0] == '"') s++, kn -= 2;
    if (kn != n || memcmp(s, key, n)) continue;
    *len = a->value.end - a->value.start;
    if (!a->value.end) return "unit";
    return expand_aliases(l->w->text, a->value, l->op->span.start, len);
  }
  ms_span dict, v;
  if (op_dict_alias(l->w, l->op, &dict) == 1 && dict_value(l->w->text, dict, key, &v)) {
    *len = v.end - v.start;
    return strip_comments(expand_aliases(l->w->text, v, l->op->span.start, len), len);
  }
  return ms_pretty_group(l->w->rec, l->w->text, l->op, key, len); /* "[1]", "low[]", "dim()" */
}
