/*
** groups.c: a pretty op's bracketed groups read as attributes (groups.h).
**
** Reads the tokens records.c keeps of a custom op: a group is one
** MS_TOK_LBRACKET or MS_TOK_LPAREN token at depth 0 whose span is the
** whole group.
*/
#include "groups.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define DYNAMIC "-9223372036854775808"

/* The group's text with each value use replaced by DYNAMIC. */
static const char *normalize(const char *text, ms_span g, size_t *len) {
  static __thread char buf[4096];
  size_t w = 0;
  for (uint32_t i = g.start; i < g.end;) {
    if (text[i] == '%') {
      uint32_t j = i + 1;
      while (j < g.end && (isalnum((unsigned char)text[j]) || strchr("_$.-#", text[j]))) j++;
      if (w + sizeof DYNAMIC >= sizeof buf) return NULL;
      memcpy(buf + w, DYNAMIC, sizeof DYNAMIC - 1);
      w += sizeof DYNAMIC - 1;
      i = j;
      continue;
    }
    if (w + 1 >= sizeof buf) return NULL;
    buf[w++] = text[i++];
  }
  *len = w;
  return buf;
}

static bool span_is(const char *text, ms_span s, const char *word, size_t n) {
  return s.end - s.start == n && !memcmp(text + s.start, word, n);
}

/* `WORD?`: the bare word WORD at the top level before the annotation (a
** unit attribute such as `unique`): its text with length 0, or NULL. */
static const char *bare_word(const ms_records *rec, const char *text, const ms_op *op, const char *key, size_t klen,
                             size_t *len) {
  const ms_tok *t = rec->toks + op->toks;
  for (uint32_t i = 0; i < op->ntoks; i++) {
    if (t[i].depth != 0) continue;
    if (t[i].kind == MS_TOK_COLON) break;
    bool last = i + 1 >= op->ntoks, before_eq = !last && t[i + 1].kind == MS_TOK_EQUALS;
    if (t[i].kind == MS_TOK_WORD && span_is(text, t[i].span, key, klen) && !before_eq) {
      *len = 0;
      return text + t[i].span.start;
    }
  }
  return NULL;
}

/* `<>`: the inside of the first top-level `<...>` before the annotation
** (`vector.reduction <add>, %v`: `add`), or NULL. */
static const char *angle_group(const ms_records *rec, const char *text, const ms_op *op, size_t *len) {
  const ms_tok *t = rec->toks + op->toks;
  for (uint32_t i = 0; i < op->ntoks; i++) {
    if (t[i].depth != 0) continue;
    if (t[i].kind == MS_TOK_COLON) break;
    ms_span s = t[i].span;
    if (s.end - s.start >= 3 && text[s.start] == '<' && text[s.end - 1] == '>') {
      *len = s.end - s.start - 2;
      return text + s.start + 1;
    }
  }
  return NULL;
}

/* The one op in op's regions besides their terminators (a `return` or a
** `*.yield`): its index; *nops how many there are (found only when 1). */
static uint32_t region_op_index(const ms_records *rec, const char *text, const ms_op *op, uint32_t *nops) {
  uint32_t self = (uint32_t)(op - rec->ops), found = MS_NONE;
  *nops = 0;
  for (size_t i = self + 1; i < rec->nops && rec->ops[i].span.start < op->span.end; i++) {
    const ms_op *k = &rec->ops[i];
    size_t n = k->name.end - k->name.start;
    bool term = k->kind == MS_OP_RETURN || (n >= 6 && !memcmp(text + k->name.end - 6, "return", 6)) ||
                (n >= 6 && !memcmp(text + k->name.end - 6, ".yield", 6));
    if (k->parent != self || term) continue;
    found = (uint32_t)i;
    (*nops)++;
  }
  return *nops == 1 ? found : MS_NONE;
}

uint32_t ms_region_op(const ms_records *rec, const char *text, const ms_op *op) {
  uint32_t nops;
  return region_op_index(rec, text, op, &nops);
}

/* "region op": the name of that op, "(several)" when there are more, NULL when none. */
static const char *region_op(const ms_records *rec, const char *text, const ms_op *op, size_t *len) {
  uint32_t nops, found = region_op_index(rec, text, op, &nops);
  if (nops == 0) return NULL;
  if (nops > 1) {
    *len = 9;
    return "(several)";
  }
  *len = rec->ops[found].name.end - rec->ops[found].name.start;
  return text + rec->ops[found].name.start;
}

const char *ms_pretty_group(const ms_records *rec, const char *text, const ms_op *op, const char *key, size_t *len) {
  size_t klen = strlen(key);
  if (!strcmp(key, "region op")) return region_op(rec, text, op, len);
  if (op->kind != MS_OP_CUSTOM || klen < 2 || op->ntoks == 0 || !rec->toks) return NULL; /* none kept */
  const ms_tok *t = rec->toks + op->toks;
  if (klen > 2 && !strcmp(key + klen - 2, " _")) { /* "word _": the bare name right after the word */
    for (uint32_t i = 0; i + 1 < op->ntoks; i++) {
      if (t[i].depth != 0) continue;
      if (t[i].kind == MS_TOK_COLON) break;
      if (t[i].kind == MS_TOK_WORD && span_is(text, t[i].span, key, klen - 2) && t[i + 1].kind == MS_TOK_WORD) {
        *len = t[i + 1].span.end - t[i + 1].span.start;
        return text + t[i + 1].span.start;
      }
    }
    return NULL;
  }
  if (key[klen - 1] == '?') return bare_word(rec, text, op, key, klen - 1, len);
  if (!strcmp(key, "<>")) return angle_group(rec, text, op, len);
  bool numbered = key[0] == '[' && key[klen - 1] == ']' && klen > 2;
  bool paren = !numbered && !strcmp(key + klen - 2, "()");
  if (!numbered && !paren && strcmp(key + klen - 2, "[]")) return NULL;
  long want = numbered ? strtol(key + 1, NULL, 10) : -1;
  long seen = 0;
  for (uint32_t i = 0; i < op->ntoks; i++) {
    if (t[i].depth != 0) continue;
    if (t[i].kind == MS_TOK_COLON) break;
    ms_tok_kind open = paren ? MS_TOK_LPAREN : MS_TOK_LBRACKET;
    if (numbered && t[i].kind == MS_TOK_LBRACKET && seen++ == want) return normalize(text, t[i].span, len);
    if (!numbered && t[i].kind == MS_TOK_WORD && span_is(text, t[i].span, key, klen - 2) && i + 1 < op->ntoks &&
        t[i + 1].kind == open) {
      ms_span g = t[i + 1].span;
      if (paren) g = (ms_span){g.start + 1, g.end - 1};
      return normalize(text, g, len);
    }
  }
  return NULL;
}
