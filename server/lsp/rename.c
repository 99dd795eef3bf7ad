/*
** rename.c: rename (rename.h). Occurrences come from queries.h
** (ms_feature_occurrences), the same as references and highlights.
*/
#include "rename.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"
#include "queries.h"
#include "alloc.h"

static const char *doc_text(ms_session *s) { return ms_document_text(ms_session_document(s), NULL); }

static bool is(TSNode n, const char *type) { return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type); }

/* The renamable part of a value or label token: the sigil and the name,
** without a `#N` or `:N` suffix. */
static uint32_t name_end(const char *text, uint32_t start, uint32_t end) {
  for (uint32_t i = start + 1; i < end; i++)
    if (text[i] == '#' || text[i] == ':') return i;
  return end;
}

/* MLIR's suffix-id: digits, or a letter or one of `$._-` followed by
** letters, digits and `$._-`. */
static bool valid_suffix_id(const char *p, size_t n) {
  if (n == 0) return false;
  bool digits = true;
  for (size_t i = 0; i < n; i++) digits &= isdigit((unsigned char)p[i]) != 0;
  if (digits) return true;
  if (isdigit((unsigned char)p[0])) return false;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)p[i]) && !strchr("$._-", p[i])) return false;
  return true;
}

static bool bare_id(const char *p, size_t n) {
  if (n == 0 || !(isalpha((unsigned char)p[0]) || p[0] == '_')) return false;
  for (size_t i = 1; i < n; i++)
    if (!isalnum((unsigned char)p[i]) && !strchr("_$.", p[i])) return false;
  return true;
}

typedef struct target {
  ms_occ_kind kind;
  ms_occurrence *occ;
  size_t n;
  uint32_t at;                /* the occurrence under the cursor */
} target;

/* The defining op of a symbol definition token: a function? */
static bool defines_function(ms_session *s, const ms_occurrence *def) {
  TSTree *tree = ms_session_tree_at(s, def->start);
  if (!tree) return false;
  TSNode tok = ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), def->start, def->end);
  if (is(tok, "symbol_ref")) return is(ts_node_parent(tok), "func_operation");
  if (is(tok, "string")) {
    TSNode op = ts_node_parent(ts_node_parent(ts_node_parent(tok)));
    TSNode name = ts_node_child_by_field_name(op, "name", 4);
    const char *text = doc_text(s);
    return is(op, "generic_operation") && ts_node_end_byte(name) - ts_node_start_byte(name) == 11 &&
           !memcmp(text + ts_node_start_byte(name), "\"func.func\"", 11);
  }
  return false;
}

static bool find_target(ms_session *s, const cJSON *params, ms_encoding enc, target *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  ms_position p;
  if (!ms_feature_read_position(cJSON_GetObjectItemCaseSensitive(params, "position"), &p)) {
    snprintf(err, errlen, "no position given");
    return false;
  }
  uint32_t pos = (uint32_t)ms_document_offset(ms_session_document(s), p, enc);
  t->kind = ms_feature_occurrences(s, pos, &t->occ, &t->n);
  if (t->kind == MS_OCC_NONE) {
    snprintf(err, errlen,
             "mlir-shape renames SSA values (%%x), block labels (^bb1) and function symbols (@f): there is none "
             "with a definition in this document here");
    return false;
  }
  bool has_def = false;
  const ms_occurrence *def = NULL;
  for (size_t i = 0; i < t->n; i++) {
    if (t->occ[i].is_def && !def) def = &t->occ[i];
    has_def |= t->occ[i].is_def;
    if (t->occ[i].start <= pos && pos <= t->occ[i].end && !t->at) t->at = (uint32_t)i + 1;
  }
  if (!has_def) {
    snprintf(err, errlen, "cannot rename: the definition is not in this document");
    goto refuse;
  }
  if (t->kind == MS_OCC_SYMBOL && !defines_function(s, def)) {
    snprintf(err, errlen, "cannot rename: only function symbols are renamed (this symbol is not a func.func)");
    goto refuse;
  }
  if (!t->at) t->at = 1;
  return true;
refuse:
  free(t->occ);
  t->occ = NULL;
  return false;
}

/* The range that a rename replaces in occurrence o. */
static void replaced(ms_session *s, const target *t, const ms_occurrence *o, uint32_t *a, uint32_t *b) {
  const char *text = doc_text(s);
  *a = o->start;
  *b = t->kind == MS_OCC_SYMBOL ? o->end : name_end(text, o->start, o->end);
}

cJSON *ms_rename_prepare(ms_session *s, const cJSON *params, ms_encoding enc, char *err, size_t errlen) {
  target t;
  if (!find_target(s, params, enc, &t, err, errlen)) return NULL;
  const ms_occurrence *o = &t.occ[t.at - 1];
  uint32_t a, b;
  replaced(s, &t, o, &a, &b);
  const char *text = doc_text(s);
  cJSON *out = cJSON_CreateObject();
  cJSON_AddItemToObject(out, "range", ms_feature_range(s, a, b, enc));
  char placeholder[512];
  if (t.kind == MS_OCC_SYMBOL && text[a] != '@') snprintf(placeholder, sizeof placeholder, "@%.*s", (int)(b - a - 2), text + a + 1);
  else snprintf(placeholder, sizeof placeholder, "%.*s", (int)(b - a), text + a);
  cJSON_AddStringToObject(out, "placeholder", placeholder);
  free(t.occ);
  return out;
}

/* Another value defined in the unit, or another label of the region, with
** this name (sigil included)? */
static bool name_taken(ms_session *s, const target *t, const char *name, size_t n) {
  const char *text = doc_text(s);
  if (t->kind == MS_OCC_VALUE) {
    uint32_t us, ue;
    if (!ms_session_unit_at(s, t->occ[0].start, &us, &ue)) return false;
    ms_value_facts f = {0};
    ms_facts_values(s, us, ue, &f);
    bool taken = false;
    for (size_t i = 0; i < f.n && !taken; i++) {
      const ms_value_fact *v = &f.items[i];
      if (!v->is_def) continue;
      uint32_t e = name_end(text, v->start, v->end);
      taken = e - v->start == n && !memcmp(text + v->start, name, n);
    }
    ms_value_facts_free(&f);
    return taken;
  }
  if (t->kind == MS_OCC_LABEL) {
    /* Labels of the same region: the block labels next to this one. */
    TSTree *tree = ms_session_tree_at(s, t->occ[0].start);
    TSNode tok = ts_node_named_descendant_for_byte_range(ts_tree_root_node(tree), t->occ[0].start, t->occ[0].end);
    TSNode region = ts_node_parent(tok);
    while (!ts_node_is_null(region) && !is(region, "region")) region = ts_node_parent(region);
    if (ts_node_is_null(region)) return false;
    uint32_t k = ts_node_named_child_count(region);
    for (uint32_t i = 0; i < k; i++) {
      TSNode block = ts_node_named_child(region, i);
      if (!is(block, "block")) continue;
      TSNode label = ts_node_named_child(ts_node_named_child(block, 0), 0);
      if (is(label, "caret_id") && ts_node_end_byte(label) - ts_node_start_byte(label) == n &&
          !memcmp(text + ts_node_start_byte(label), name, n))
        return true;
    }
  }
  return false;
}

cJSON *ms_rename(ms_session *s, const cJSON *params, ms_encoding enc, char *err, size_t errlen) {
  const cJSON *nn = cJSON_GetObjectItemCaseSensitive(params, "newName");
  if (!cJSON_IsString(nn)) {
    snprintf(err, errlen, "no newName given");
    return NULL;
  }
  target t;
  if (!find_target(s, params, enc, &t, err, errlen)) return NULL;
  const char *want = nn->valuestring;
  char sigil = t.kind == MS_OCC_VALUE ? '%' : t.kind == MS_OCC_LABEL ? '^' : '@';
  if (want[0] == sigil) want++;
  size_t wn = strlen(want);
  char name[600];
  bool ok;
  if (t.kind == MS_OCC_SYMBOL) {
    bool quoted = wn >= 2 && want[0] == '"' && want[wn - 1] == '"';
    ok = wn > 0 && wn < 500 && !strpbrk(want, "\n\\") && (bare_id(want, wn) || quoted || !strchr(want, '"'));
    if (quoted) want++, wn -= 2;
    /* A name that is not a bare identifier is written @"..." */
    if (bare_id(want, wn)) snprintf(name, sizeof name, "@%.*s", (int)wn, want);
    else snprintf(name, sizeof name, "@\"%.*s\"", (int)wn, want);
  } else {
    ok = wn < 500 && valid_suffix_id(want, wn);
    snprintf(name, sizeof name, "%c%.*s", sigil, (int)wn, want);
  }
  if (!ok) {
    snprintf(err, errlen, "'%.200s' is not a valid MLIR %s name", nn->valuestring,
             t.kind == MS_OCC_VALUE ? "value" : t.kind == MS_OCC_LABEL ? "block label" : "symbol");
    free(t.occ);
    return NULL;
  }
  const char *text = doc_text(s);
  uint32_t a0, b0;
  replaced(s, &t, &t.occ[0], &a0, &b0);
  bool same = t.kind != MS_OCC_SYMBOL && b0 - a0 == strlen(name) && !memcmp(text + a0, name, b0 - a0);
  if (!same && t.kind != MS_OCC_SYMBOL && name_taken(s, &t, name, strlen(name))) {
    snprintf(err, errlen, "cannot rename to %s: that name is already defined in this %s", name,
             t.kind == MS_OCC_VALUE ? "function" : "region");
    free(t.occ);
    return NULL;
  }
  cJSON *out = cJSON_CreateObject();
  cJSON *changes = cJSON_AddObjectToObject(out, "changes");
  cJSON *edits = cJSON_AddArrayToObject(changes, ms_session_uri(s));
  for (size_t i = 0; i < t.n; i++) {
    uint32_t a, b;
    replaced(s, &t, &t.occ[i], &a, &b);
    cJSON *e = cJSON_CreateObject();
    cJSON_AddItemToObject(e, "range", ms_feature_range(s, a, b, enc));
    if (t.kind == MS_OCC_SYMBOL && text[a] == '"') {
      /* sym_name = "f": the string keeps its quotes. */
      char q[600];
      snprintf(q, sizeof q, "\"%.*s\"", (int)wn, want);
      cJSON_AddStringToObject(e, "newText", q);
    } else {
      cJSON_AddStringToObject(e, "newText", name);
    }
    cJSON_AddItemToArray(edits, e);
  }
  free(t.occ);
  return out;
}
