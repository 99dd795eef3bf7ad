/*
** complete.c: completion and signature help (complete.h). The context is
** read from the text of the cursor's line (the tree of a half-typed
** statement is mostly ERROR nodes); values come from facts.h, op names
** and attributes from the catalog.
*/
#include "complete.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"
#include "queries.h"
#include "alloc.h"

enum { CK_METHOD = 2, CK_FUNCTION = 3, CK_FIELD = 5, CK_VARIABLE = 6, CK_PROPERTY = 10 };

static bool ident_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.' || c == '-'; }

typedef struct cursor {
  ms_session *s;
  ms_encoding enc;
  const char *text;
  uint32_t pos, line_start;
} cursor;

static bool read_cursor(ms_session *s, const cJSON *params, ms_encoding enc, cursor *c) {
  ms_position p;
  if (!ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(params, "position"), &p)) return false;
  ms_document *doc = ms_session_document(s);
  c->s = s;
  c->enc = enc;
  c->text = ms_document_text(doc, NULL);
  c->pos = (uint32_t)ms_document_offset(doc, p, enc);
  c->line_start = (uint32_t)ms_document_line_start(doc, p.line);
  if (c->line_start > c->pos) c->line_start = c->pos;
  return true;
}

static cJSON *item(cJSON *items, const char *label, int kind, const char *detail, const char *doc) {
  cJSON *it = cJSON_CreateObject();
  cJSON_AddStringToObject(it, "label", label);
  cJSON_AddNumberToObject(it, "kind", kind);
  if (detail) cJSON_AddStringToObject(it, "detail", detail);
  if (doc && doc[0]) {
    cJSON *d = cJSON_AddObjectToObject(it, "documentation");
    cJSON_AddStringToObject(d, "kind", "markdown");
    cJSON_AddStringToObject(d, "value", doc);
  }
  cJSON_AddItemToArray(items, it);
  return it;
}

static void text_edit(cursor *c, cJSON *it, uint32_t start, const char *text) {
  cJSON *te = cJSON_AddObjectToObject(it, "textEdit");
  cJSON_AddItemToObject(te, "range", ms_feature_range(c->s, start, c->pos, c->enc));
  cJSON_AddStringToObject(te, "newText", text);
}

/* ---- values ---- */

static bool is(TSNode n, const char *type) { return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type); }

/* The region a definition is visible in: the one holding its op or block;
** a function argument's is the function's body. */
static bool visible_at(ms_session *s, uint32_t def_start, uint32_t pos) {
  TSTree *tree = ms_session_tree_at(s, def_start);
  if (!tree) return false;
  TSNode n = ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), def_start, def_start + 1);
  if (is(ts_node_parent(n), "block_argument") && is(ts_node_parent(ts_node_parent(n)), "function_arguments")) {
    TSNode fn = ts_node_parent(ts_node_parent(ts_node_parent(n)));
    return ts_node_start_byte(fn) <= pos && pos <= ts_node_end_byte(fn);
  }
  for (n = ts_node_parent(n); !ts_node_is_null(n); n = ts_node_parent(n))
    if (is(n, "region")) return ts_node_start_byte(n) <= pos && pos < ts_node_end_byte(n);
  return true; /* top level */
}

static bool has_label(cJSON *items, const char *label) {
  cJSON *it;
  cJSON_ArrayForEach(it, items) if (!strcmp(cJSON_GetObjectItemCaseSensitive(it, "label")->valuestring, label)) return true;
  return false;
}

/* A half-typed body often leaves the function's header in an ERROR node,
** where the analysis sees no arguments: read them from the text of the
** nearest `func.func` line above (stopping at a `}` closing a function). */
static void header_arguments(cursor *c, uint32_t word_start, cJSON *items) {
  ms_document *doc = ms_session_document(c->s);
  ms_position p = ms_document_position(doc, c->pos, MS_ENCODING_UTF8);
  for (uint32_t line = p.line + 1; line-- > 0 && p.line - line < 2000;) {
    const char *l = c->text + ms_document_line_start(doc, line);
    if (line < p.line && l[0] == '}') return;
    while (*l == ' ' || *l == '\t') l++;
    if (strncmp(l, "func.func ", 10) && strncmp(l, "func ", 5)) continue;
    const char *open = strchr(l, '(');
    const char *eol = strchr(l, '\n');
    if (!open || (eol && open > eol)) return;
    int depth = 0;
    for (const char *q = open; *q && *q != '\n'; q++) {
      if (*q == '(' || *q == '<' || *q == '[' || *q == '{') depth++;
      else if (*q == ')' || *q == '>' || *q == ']' || *q == '}') {
        if (--depth == 0) return;
      } else if (*q == '%' && depth == 1) {
        const char *e = q + 1;
        while (ident_char(*e)) e++;
        char label[128], type[256] = "";
        snprintf(label, sizeof label, "%.*s", (int)(e - q), q);
        const char *t = e;
        while (*t == ' ' || *t == ':') t++;
        const char *te = t;
        int d = 0;
        while (*te && *te != '\n' && !(d == 0 && (*te == ',' || *te == ')' || *te == ' '))) {
          d += *te == '<' ? 1 : *te == '>' ? -1 : 0;
          te++;
        }
        snprintf(type, sizeof type, "%.*s", (int)(te - t), t);
        if (e > q + 1 && !has_label(items, label)) {
          cJSON *it = item(items, label, CK_VARIABLE, type[0] ? type : NULL, NULL);
          text_edit(c, it, word_start, label);
        }
        q = e - 1;
      }
    }
    return;
  }
}

static void complete_values(cursor *c, uint32_t word_start, cJSON *items) {
  header_arguments(c, word_start, items);
  uint32_t us, ue;
  if (!ms_session_unit_at(c->s, c->pos, &us, &ue) && !(c->pos > 0 && ms_session_unit_at(c->s, c->pos - 1, &us, &ue)))
    return;
  ms_value_facts f = {0};
  ms_facts_values(c->s, us, ue, &f);
  for (size_t i = 0; i < f.n; i++) {
    const ms_value_fact *v = &f.items[i];
    if (!v->is_def || v->end > word_start || !visible_at(c->s, v->start, c->pos)) continue;
    char label[256], type[256] = "";
    uint32_t e = v->end;
    for (uint32_t k = v->start + 1; k < v->end; k++)
      if (c->text[k] == ':') e = k; /* `%x:2` defines %x#0 and %x#1: offer %x */
    snprintf(label, sizeof label, "%.*s", (int)(e - v->start), c->text + v->start);
    if (has_label(items, label)) continue;
    cJSON *it;
    if (v->type_end > v->type_start)
      snprintf(type, sizeof type, "%.*s", (int)(v->type_end - v->type_start), c->text + v->type_start);
    it = item(items, label, CK_VARIABLE, type[0] ? type : NULL, NULL);
    text_edit(c, it, word_start, label);
  }
  ms_value_facts_free(&f);
}

/* ---- op names ---- */

static void complete_ops(cursor *c, uint32_t word_start, cJSON *items) {
  const ms_catalog *cat = ms_session_catalog(c->s);
  size_t n = cat ? ms_catalog_count(cat) : 0;
  /* Later entries win (the user's files load last): walk backwards and
  ** keep the first of each name. */
  for (size_t i = n; i-- > 0;) {
    ms_catalog_entry_info info;
    if (!ms_catalog_entry(cat, i, &info)) continue;
    const char *pat;
    for (size_t k = 0; (pat = ms_catalog_pattern(cat, i, k)); k++) {
      if (strchr(pat, '*')) continue; /* a glob is no op name */
      bool dup = false;
      cJSON *it;
      cJSON_ArrayForEach(it, items) dup |= !strcmp(cJSON_GetObjectItemCaseSensitive(it, "label")->valuestring, pat);
      if (dup) continue;
      char detail[128], doc[600];
      snprintf(detail, sizeof detail, "rule %s", info.rules);
      snprintf(doc, sizeof doc, "%s\n\n*%s*", info.description, info.file);
      it = item(items, pat, CK_FUNCTION, detail, doc);
      text_edit(c, it, word_start, pat);
    }
  }
}

/* ---- attributes ---- */

/* The op name written before pos on its line: the last `"a.b"` or the
** first `a.b` word after `= ` or at the start. */
static bool op_name_before(cursor *c, char *out, size_t n) {
  TSTree *tree = ms_session_tree_at(c->s, c->pos);
  if (tree) {
    TSNode node = ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), c->pos, c->pos);
    for (; !ts_node_is_null(node); node = ts_node_parent(node)) {
      if (is(node, "generic_operation") || is(node, "custom_operation")) {
        TSNode name = ts_node_child_by_field_name(node, "name", 4);
        uint32_t a = ts_node_start_byte(name), b = ts_node_end_byte(name);
        if (b - a >= 2 && c->text[a] == '"') a++, b--;
        snprintf(out, n, "%.*s", (int)(b - a), c->text + a);
        return b > a;
      }
      if (is(node, "region")) break;
    }
  }
  /* Text fallback (an unfinished statement): the first quoted name. */
  const char *line = c->text + c->line_start, *end = c->text + c->pos;
  const char *q = memchr(line, '"', (size_t)(end - line));
  if (q) {
    const char *r = memchr(q + 1, '"', (size_t)(end - q - 1));
    if (r && r > q + 1) {
      snprintf(out, n, "%.*s", (int)(r - q - 1), q + 1);
      return true;
    }
  }
  return false;
}

static void complete_attributes(cursor *c, uint32_t word_start, cJSON *items) {
  char op[128];
  ms_catalog_op_info info;
  const ms_catalog *cat = ms_session_catalog(c->s);
  if (!cat || !op_name_before(c, op, sizeof op) || !ms_catalog_lookup(cat, op, strlen(op), &info)) return;
  for (int i = 0; i < info.nattributes; i++) {
    char detail[200];
    snprintf(detail, sizeof detail, "read by rule %s for %s", info.rules, op);
    cJSON *it = item(items, info.attributes[i], CK_PROPERTY, detail, NULL);
    char text[160];
    snprintf(text, sizeof text, "%s = ", info.attributes[i]);
    text_edit(c, it, word_start, text);
  }
}

cJSON *ms_complete(ms_session *s, const cJSON *params, ms_encoding enc) {
  cJSON *out = cJSON_CreateObject();
  cJSON_AddFalseToObject(out, "isIncomplete");
  cJSON *items = cJSON_AddArrayToObject(out, "items");
  cursor c;
  if (!read_cursor(s, params, enc, &c)) return out;
  uint32_t w = c.pos;
  while (w > c.line_start && ident_char(c.text[w - 1])) w--;
  char before = w > c.line_start ? c.text[w - 1] : 0;
  if (before == '%') {
    complete_values(&c, w - 1, items);
    return out;
  }
  /* What precedes the word, spaces skipped. */
  uint32_t b = before == '"' ? w - 1 : w;
  while (b > c.line_start && (c.text[b - 1] == ' ' || c.text[b - 1] == '\t')) b--;
  char prev = b > c.line_start ? c.text[b - 1] : 0;
  if (prev == 0 || prev == '=') {
    /* Start of a statement, or after `%x = ` (not `key = ` inside braces). */
    int depth = 0;
    for (uint32_t i = c.line_start; i < b; i++) depth += c.text[i] == '{' ? 1 : c.text[i] == '}' ? -1 : 0;
    if (depth <= 0 && before != '^' && before != '@' && before != '#' && before != '!') {
      complete_ops(&c, w, items);
      return out;
    }
  }
  if ((prev == '{' || prev == ',') && before != '"' && before != '%') {
    int depth = 0;
    for (uint32_t i = c.line_start; i < b; i++) depth += c.text[i] == '{' ? 1 : c.text[i] == '}' ? -1 : 0;
    if (depth > 0) complete_attributes(&c, w, items);
  }
  return out;
}

/* ---- signature help ---- */

static const char *role_of(const ms_catalog_op_info *info, int operand, int index_in_rule) {
  if (operand == info->target_operand) return "target shape (a constant)";
  if (index_in_rule < 0) return "not checked";
  if (!info->has_rule) return "broadcast operand (rule chosen by attributes)";
  switch (info->rule) {
  case MS_RULE_PDPD: return index_in_rule == 0 ? "A (pdpd)" : index_in_rule == 1 ? "B (pdpd, placed at axis)" : "not checked";
  case MS_RULE_BIDIRECTIONAL: return index_in_rule == 0 ? "input (bidirectional)" : "target shape";
  case MS_RULE_XLA: return index_in_rule == 0 ? "lhs (xla)" : index_in_rule == 1 ? "rhs (xla)" : "not checked";
  case MS_RULE_XLA_IN_DIM: return index_in_rule == 0 ? "operand (xla-in-dim)" : "not checked";
  case MS_RULE_NONE: return "operand (identical shapes)";
  default: return "broadcast operand";
  }
}

cJSON *ms_signature_help(ms_session *s, const cJSON *params, ms_encoding enc) {
  cursor c;
  if (!read_cursor(s, params, enc, &c)) return NULL;
  /* The innermost unclosed `(` on the line, right after a quoted op name. */
  int depth = 0, commas = 0;
  uint32_t open = UINT32_MAX;
  for (uint32_t i = c.pos; i > c.line_start; i--) {
    char ch = c.text[i - 1];
    if (ch == ')') depth++;
    else if (ch == '(') {
      if (depth == 0) {
        open = i - 1;
        break;
      }
      depth--;
    } else if (ch == ',' && depth == 0) commas++;
  }
  if (open == UINT32_MAX || open == c.line_start || c.text[open - 1] != '"') return NULL;
  uint32_t q = open - 1;
  while (q > c.line_start && c.text[q - 1] != '"') q--;
  if (q == c.line_start || q >= open - 1) return NULL;
  char op[128];
  snprintf(op, sizeof op, "%.*s", (int)(open - 1 - q), c.text + q);
  ms_catalog_op_info info;
  const ms_catalog *cat = ms_session_catalog(s);
  if (!cat || !ms_catalog_lookup(cat, op, strlen(op), &info)) return NULL;
  int count = 0;
  if (info.noperands < 0) count = commas + 2 > 2 ? commas + 2 : 2;
  else
    for (int i = 0; i < info.noperands; i++)
      if (info.operands[i] + 1 > count) count = info.operands[i] + 1;
  if (info.target_operand + 1 > count) count = info.target_operand + 1;
  if (commas + 1 > count) count = commas + 1;
  if (count > MS_MAX_OPERANDS) count = MS_MAX_OPERANDS;
  char label[1400];
  int n = snprintf(label, sizeof label, "\"%s\"(", op);
  cJSON *sig = cJSON_CreateObject();
  cJSON *ps = cJSON_CreateArray();
  for (int i = 0; i < count && n < (int)sizeof label - 80; i++) {
    int in_rule = info.noperands < 0 ? i : -1;
    for (int k = 0; info.noperands >= 0 && k < info.noperands; k++)
      if (info.operands[k] == i) in_rule = k;
    if (i) n += snprintf(label + n, sizeof label - (size_t)n, ", ");
    int ps0 = n;
    n += snprintf(label + n, sizeof label - (size_t)n, "#%d: %s", i, role_of(&info, i, in_rule));
    cJSON *p = cJSON_CreateObject();
    cJSON *range = cJSON_AddArrayToObject(p, "label");
    cJSON_AddItemToArray(range, cJSON_CreateNumber(ps0));
    cJSON_AddItemToArray(range, cJSON_CreateNumber(n));
    cJSON_AddItemToArray(ps, p);
  }
  if (info.noperands < 0) n += snprintf(label + n, sizeof label - (size_t)n, ", ...");
  snprintf(label + n, sizeof label - (size_t)n, ")");
  cJSON_AddStringToObject(sig, "label", label);
  char doc[700];
  snprintf(doc, sizeof doc, "rule %s (%s: %s)\n\n%s", info.rules, info.file, info.pattern, info.description);
  cJSON *d = cJSON_AddObjectToObject(sig, "documentation");
  cJSON_AddStringToObject(d, "kind", "markdown");
  cJSON_AddStringToObject(d, "value", doc);
  cJSON_AddItemToObject(sig, "parameters", ps);
  cJSON *out = cJSON_CreateObject();
  cJSON *sigs = cJSON_AddArrayToObject(out, "signatures");
  cJSON_AddItemToArray(sigs, sig);
  cJSON_AddNumberToObject(out, "activeSignature", 0);
  cJSON_AddNumberToObject(out, "activeParameter", commas < count ? commas : count - 1);
  return out;
}
