/*
** analyzer.c: tree-sitter tree -> op records -> rules -> diagnostics.
**
** The walk uses one TSTreeCursor (child lists of big regions are long, and
** ts_node_child(i) is linear in i). Each op is first read into an op record
** (name, results, operands, their type tokens, attributes) by read_op, then
** checked: SSA type consistency against the definitions in ms_ssa, and the
** op's broadcast rule from the catalog, applied by broadcast.c. Types are
** single tokens in the grammar; shape.c parses their text.
*/
#include "analyzer.h"
#include "memory.h"
#include "walk.h"

#include <assert.h>
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shape.h"
#include "ssa.h"
#include "attr.h"

#define MAX_VALUES 64
#define MAX_ATTRS 48

/* ------------------------------------------------------------------ */
/* Node kinds, resolved once                                          */

enum kind {
  K_OTHER, K_GENERIC, K_CUSTOM, K_FUNC, K_RETURN, K_MODULE,
  K_RESULT_LIST, K_RESULT, K_OP_NAME, K_VALUE_USE, K_FUNCTION_TYPE, K_FUNCTION_TYPE_CUSTOM,
  K_ATTR_DICT, K_PROPERTIES, K_ATTR_ENTRY, K_REGION, K_REGION_LIST, K_BLOCK, K_BLOCK_LABEL,
  K_BLOCK_ARG, K_FUNC_ARGS, K_ARG_TYPE, K_FUNC_RESULTS, K_PARENS, K_BRACES, K_BRACKETS,
  K_TYPE, K_DENSE, K_LOCATION, K_ERROR, K_SOURCE, K_COUNT
};

static const char *const kind_names[] = {
  [K_GENERIC] = "generic_operation", [K_CUSTOM] = "custom_operation", [K_FUNC] = "func_operation",
  [K_RETURN] = "return_operation", [K_MODULE] = "module_operation", [K_RESULT_LIST] = "op_result_list",
  [K_RESULT] = "op_result", [K_OP_NAME] = "op_name", [K_VALUE_USE] = "value_use",
  [K_FUNCTION_TYPE] = "function_type", [K_FUNCTION_TYPE_CUSTOM] = "function_type_custom",
  [K_ATTR_DICT] = "attribute_dictionary", [K_PROPERTIES] = "properties", [K_ATTR_ENTRY] = "attribute_entry",
  [K_REGION] = "region", [K_REGION_LIST] = "region_list", [K_BLOCK] = "block", [K_BLOCK_LABEL] = "block_label",
  [K_BLOCK_ARG] = "block_argument", [K_FUNC_ARGS] = "function_arguments", [K_ARG_TYPE] = "argument_type",
  [K_FUNC_RESULTS] = "function_results", [K_PARENS] = "custom_parens", [K_BRACES] = "custom_braces",
  [K_BRACKETS] = "custom_brackets", [K_DENSE] = "dense_attribute", [K_LOCATION] = "location",
  [K_SOURCE] = "source_file",
};

static const char *const type_names[] = {"tensor_type", "vector_type", "memref_type", "complex_type",
                                         "tuple_type", "scalar_type", "dialect_type"};

static unsigned char kind_of_symbol[1024];
static TSSymbol sym_arrow, sym_colon, sym_equals, sym_comma, sym_lparen;

static void resolve_kinds(void) {
  const TSLanguage *lang = tree_sitter_mlir();
  uint32_t n = ts_language_symbol_count(lang);
  assert(n < sizeof kind_of_symbol);
  for (uint32_t s = 0; s < n; s++) {
    const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
    if (ts_language_symbol_type(lang, (TSSymbol)s) != TSSymbolTypeRegular) {
      if (!strcmp(name, "->")) sym_arrow = (TSSymbol)s;
      if (!strcmp(name, ":")) sym_colon = (TSSymbol)s;
      if (!strcmp(name, "=")) sym_equals = (TSSymbol)s;
      if (!strcmp(name, ",")) sym_comma = (TSSymbol)s;
      if (!strcmp(name, "(")) sym_lparen = (TSSymbol)s;
      continue;
    }
    for (int k = 0; k < K_COUNT; k++)
      if (kind_names[k] && !strcmp(name, kind_names[k])) kind_of_symbol[s] = (unsigned char)k;
    for (size_t t = 0; t < sizeof type_names / sizeof *type_names; t++)
      if (!strcmp(name, type_names[t])) kind_of_symbol[s] = K_TYPE;
  }
}

/* check analyses units in several threads. */
static void init_kinds(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, resolve_kinds);
}

static enum kind kind(TSNode n) {
  TSSymbol s = ts_node_symbol(n);
  if (s == (TSSymbol)-1) return K_ERROR;
  return s < sizeof kind_of_symbol ? (enum kind)kind_of_symbol[s] : K_OTHER;
}

static ms_span span_of(TSNode n) { return (ms_span){ts_node_start_byte(n), ts_node_end_byte(n)}; }

/* Type tokens read on a continuation line carry the blank lines before
** them (scanner.c): trim them off. */
static ms_span trim(const char *text, ms_span s) {
  while (s.start < s.end && (text[s.start] == ' ' || text[s.start] == '\n' || text[s.start] == '\t' ||
                             text[s.start] == '\r'))
    s.start++;
  return s;
}

/* ------------------------------------------------------------------ */
/* Op records                                                          */

typedef struct attr_entry {
  ms_span key, value;
} attr_entry;

typedef struct op_rec {
  TSNode node;
  enum kind kind;
  ms_span name;                    /* without quotes */
  ms_span name_token;              /* the token as written */
  int nresult_names;
  ms_span result_names[MAX_VALUES]; /* `%x` of `%x:2` */
  int result_counts[MAX_VALUES];
  int noperands;
  ms_span operands[MAX_VALUES];
  bool types_known;                /* in_types align with operands */
  int nin, nout;
  ms_span in_types[MAX_VALUES], out_types[MAX_VALUES];
  int nattrs;
  attr_entry attrs[MAX_ATTRS];
  ms_span constant;                /* a constant's value, {0,0} if none */
} op_rec;

typedef struct walker {
  const ms_catalog *catalog;
  const ms_analyzer_options *opts;
  const char *text;
  uint32_t start, end;
  ms_analysis *out;
  ms_ssa *ssa;
  /* ms_analyze_op_at: the op to describe. */
  uint32_t detail_pos;
  ms_op_detail *detail;
  bool found;
  /* ms_analyze_values: the value callback (no checking then). */
  void (*value_fn)(void *ctx, uint32_t start, uint32_t end, const ms_ssa_def *def);
  void *value_ctx;
  /* Per depth of the walk (walk.h): the node's kind and, for a function,
  ** its argument list (defined in its region). Grows with the nesting. */
  struct walk_frame {
    enum kind kind;
    TSNode args;
  } *frames;
  uint32_t nframes;
} walker;

/* A type alias use (`!bounded_type`) stands for its definition's type. */
static ms_span resolve(const walker *w, ms_span t) {
  uint32_t s, e;
  if (w->opts && ms_alias_table_resolve(w->opts->aliases, w->text, t.start, t.end, &s, &e)) return (ms_span){s, e};
  return t;
}

static bool text_is(const walker *w, ms_span s, const char *lit) {
  size_t n = strlen(lit);
  return s.end - s.start == n && !memcmp(w->text + s.start, lit, n);
}

static void add_attr(op_rec *op, ms_span key, ms_span value) {
  if (op->nattrs == MAX_ATTRS) return;
  op->attrs[op->nattrs++] = (attr_entry){key, value};
}

/* attribute_entry: key (= value nodes...). The value spans every node after `=`. */
static void read_attr_entry(op_rec *op, TSNode entry) {
  uint32_t n = ts_node_child_count(entry);
  if (n == 0) return;
  ms_span key = span_of(ts_node_child(entry, 0));
  ms_span value = {0, 0};
  if (n >= 3) value = (ms_span){ts_node_start_byte(ts_node_child(entry, 2)), ts_node_end_byte(entry)};
  add_attr(op, key, value);
}

static void read_attr_dict(op_rec *op, TSNode dict) {
  uint32_t n = ts_node_named_child_count(dict);
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_named_child(dict, i);
    if (kind(c) == K_ATTR_ENTRY) read_attr_entry(op, c);
  }
}

/* Inside a custom op's `{...}`: `key = value, ...` as a flat token run. */
static void read_custom_braces(op_rec *op, TSNode braces) {
  uint32_t n = ts_node_child_count(braces);
  for (uint32_t i = 1; i + 2 < n; i++) {
    TSNode key = ts_node_child(braces, i), eq = ts_node_child(braces, i + 1);
    if (ts_node_symbol(eq) != sym_equals || !ts_node_is_named(key)) continue;
    uint32_t j = i + 2, last = j;
    while (j < n && ts_node_symbol(ts_node_child(braces, j)) != sym_comma &&
           strcmp(ts_node_type(ts_node_child(braces, j)), "}"))
      last = j++;
    add_attr(op, span_of(key), (ms_span){ts_node_start_byte(ts_node_child(braces, i + 2)),
                                         ts_node_end_byte(ts_node_child(braces, last))});
    i = j;
  }
}

static void push_type(ms_span *types, int *n, ms_span s) {
  if (*n < MAX_VALUES) types[(*n)++] = s;
}

/* function_type: types before `->` are inputs, after it results. */
static void read_function_type(const walker *w, op_rec *op, TSNode ft) {
  bool after = false;
  uint32_t n = ts_node_child_count(ft);
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_child(ft, i);
    if (ts_node_symbol(c) == sym_arrow) after = true;
    if (!ts_node_is_named(c)) continue;
    enum kind k = kind(c);
    if (k != K_TYPE && k != K_FUNCTION_TYPE && k != K_PARENS) continue;
    if (k == K_PARENS) {
      /* function_type_custom: (T, T) -> T */
      for (uint32_t j = 0; j < ts_node_named_child_count(c); j++) {
        TSNode t = ts_node_named_child(c, j);
        if (kind(t) == K_TYPE) push_type(after ? op->out_types : op->in_types, after ? &op->nout : &op->nin,
                                         trim(w->text, span_of(t)));
      }
      continue;
    }
    push_type(after ? op->out_types : op->in_types, after ? &op->nout : &op->nin, trim(w->text, span_of(c)));
  }
}

static void read_results(op_rec *op, TSNode list, const char *text) {
  uint32_t n = ts_node_named_child_count(list);
  for (uint32_t i = 0; i < n && op->nresult_names < MAX_VALUES; i++) {
    ms_span s = span_of(ts_node_named_child(list, i));
    int count = 1;
    const char *colon = memchr(text + s.start, ':', s.end - s.start);
    if (colon) {
      count = atoi(colon + 1);
      s.end = (uint32_t)(colon - text);
    }
    op->result_names[op->nresult_names] = s;
    op->result_counts[op->nresult_names++] = count;
  }
}

static int result_total(const op_rec *op) {
  int t = 0;
  for (int i = 0; i < op->nresult_names; i++) t += op->result_counts[i];
  return t;
}

static bool is_constant_name(const walker *w, ms_span name) {
  const char *dot = memchr(w->text + name.start, '.', name.end - name.start);
  if (!dot) return false;
  ms_span tail = {(uint32_t)(dot + 1 - w->text), name.end};
  return text_is(w, tail, "constant") || text_is(w, tail, "Constant") || text_is(w, tail, "const");
}

static void read_generic(const walker *w, op_rec *op) {
  uint32_t n = ts_node_child_count(op->node);
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_child(op->node, i);
    switch (kind(c)) {
      case K_RESULT_LIST: read_results(op, c, w->text); break;
      case K_OP_NAME:
        op->name_token = span_of(c);
        op->name = (ms_span){op->name_token.start + 1, op->name_token.end - 1};
        break;
      case K_VALUE_USE:
        if (op->noperands < MAX_VALUES) op->operands[op->noperands++] = span_of(c);
        break;
      case K_PROPERTIES:
      case K_ATTR_DICT: read_attr_dict(op, c); break;
      case K_FUNCTION_TYPE: read_function_type(w, op, c); break;
      default: break;
    }
  }
  op->types_known = op->nin == op->noperands;
  if (is_constant_name(w, op->name))
    for (int i = 0; i < op->nattrs; i++)
      if (text_is(w, op->attrs[i].key, "value") || text_is(w, op->attrs[i].key, "values"))
        op->constant = op->attrs[i].value;
}

/* A custom op: operands are the value uses of its rest before the type
** annotation; types come from a trailing functional type, or from a plain
** type list that then types the results of an operand-less op (constants). */
static void read_custom(const walker *w, op_rec *op) {
  uint32_t n = ts_node_child_count(op->node);
  bool after_colon = false;
  int plain_types = 0;
  ms_span plain[MAX_VALUES];
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_child(op->node, i);
    TSSymbol sym = ts_node_symbol(c);
    if (sym == sym_colon) {
      after_colon = true;
      plain_types = 0;
      continue;
    }
    switch (kind(c)) {
      case K_RESULT_LIST: read_results(op, c, w->text); break;
      case K_OP_NAME: op->name = op->name_token = span_of(c); break;
      case K_VALUE_USE:
        if (!after_colon && op->noperands < MAX_VALUES) op->operands[op->noperands++] = span_of(c);
        break;
      case K_PARENS:
        /* `op(%a, %b)`: operands in parentheses right after the name. */
        if (!after_colon && i <= 2 + (op->nresult_names > 0))
          for (uint32_t j = 0; j < ts_node_named_child_count(c); j++) {
            TSNode v = ts_node_named_child(c, j);
            if (kind(v) == K_VALUE_USE && op->noperands < MAX_VALUES) op->operands[op->noperands++] = span_of(v);
          }
        break;
      case K_BRACES: read_custom_braces(op, c); break;
      case K_OTHER:
        /* The pretty form's `key = value` at the top level (`dims = [1, 0]`,
        ** `across dimensions = [1]`). */
        if (!after_colon && i + 2 < n && ts_node_symbol(ts_node_child(op->node, i + 1)) == sym_equals &&
            !strcmp(ts_node_type(c), "bare_id"))
          add_attr(op, span_of(c), span_of(ts_node_child(op->node, i + 2)));
        break;
      case K_FUNCTION_TYPE_CUSTOM:
        op->nin = op->nout = 0;
        read_function_type(w, op, c);
        op->types_known = op->nin == op->noperands;
        break;
      case K_TYPE:
        if (after_colon && plain_types < MAX_VALUES) plain[plain_types++] = trim(w->text, span_of(c));
        break;
      case K_DENSE:
        if (!op->constant.end) op->constant = span_of(c);
        break;
      default: break;
    }
  }
  if (op->constant.end && plain_types == 1) op->constant.end = plain[0].end;
  if (!op->nout && op->noperands == 0 && plain_types == result_total(op))
    for (int i = 0; i < plain_types; i++) op->out_types[op->nout++] = plain[i];
}

/* return v, w : T, U */
static void read_return(const walker *w, op_rec *op) {
  uint32_t n = ts_node_child_count(op->node);
  for (uint32_t i = 0; i < n; i++) {
    TSNode c = ts_node_child(op->node, i);
    if (i == 0) op->name = op->name_token = span_of(c);
    enum kind k = kind(c);
    if (k == K_VALUE_USE && op->noperands < MAX_VALUES) op->operands[op->noperands++] = span_of(c);
    if (k == K_TYPE) push_type(op->in_types, &op->nin, trim(w->text, span_of(c)));
  }
  op->types_known = op->nin == op->noperands;
}

static void read_op(const walker *w, TSNode node, enum kind k, op_rec *op) {
  memset(op, 0, sizeof *op);
  op->node = node;
  op->kind = k;
  if (k == K_GENERIC) read_generic(w, op);
  else if (k == K_CUSTOM) read_custom(w, op);
  else if (k == K_RETURN) read_return(w, op);
}

/* ------------------------------------------------------------------ */
/* SSA                                                                 */

static void define_results(walker *w, const op_rec *op) {
  int r = 0;
  for (int i = 0; i < op->nresult_names; i++) {
    int count = op->result_counts[i];
    for (int j = 0; j < count; j++, r++) {
      ms_ssa_def def = {op->result_names[i], {0, 0}, {0, 0}};
      if (r < op->nout) def.type = op->out_types[r];
      if (count == 1) def.constant = op->constant;
      ms_ssa_define(w->ssa, op->result_names[i], count > 1 ? j : -1, &def);
      if (w->value_fn && j == 0) w->value_fn(w->value_ctx, def.def.start, def.def.end, &def);
    }
  }
}

static bool is_blank(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

static bool number_at(const char *text, uint32_t i, uint32_t start) {
  char c = text[i];
  bool lead = i == start || !(isalnum((unsigned char)text[i - 1]) || text[i - 1] == '_' || text[i - 1] == '.');
  return lead && (isdigit((unsigned char)c) || ((c == '-' || c == '+') && isdigit((unsigned char)text[i + 1])));
}

/* Text equality with blanks ignored and numbers compared by value
** (`0.01` is `1.000000e-02`: printers disagree on float spellings). */
static bool same_text(const char *text, ms_span a, ms_span b) {
  uint32_t i = a.start, j = b.start;
  for (;;) {
    while (i < a.end && is_blank(text[i])) i++;
    while (j < b.end && is_blank(text[j])) j++;
    if (i == a.end || j == b.end) return i == a.end && j == b.end;
    if (number_at(text, i, a.start) && number_at(text, j, b.start)) {
      char *ea, *eb;
      double x = strtod(text + i, &ea), y = strtod(text + j, &eb);
      if (x != y) return false;
      i = (uint32_t)(ea - text);
      j = (uint32_t)(eb - text);
      continue;
    }
    if (text[i++] != text[j++]) return false;
  }
}

/* Whether a use's type agrees with its definition's. Shaped types agree
** when kind, rank and dims agree and so do builtin element types; encodings
** and dialect element types (`!quant.uniform<...>`) have equivalent
** spellings this tool cannot normalise (`i8<-128:127>` is `i8`, a bounds
** alias is its expansion), so they are not compared. Other types compare as
** text. */
static bool same_type(const char *text, ms_span a, ms_span b) {
  ms_shape x, y;
  if (!ms_shape_parse_type(&x, text + a.start, a.end - a.start, NULL, 0) ||
      !ms_shape_parse_type(&y, text + b.start, b.end - b.start, NULL, 0) || x.kind == MS_TYPE_OTHER ||
      y.kind == MS_TYPE_OTHER)
    return same_text(text, a, b);
  if (x.kind != y.kind || x.ranked != y.ranked || (x.ranked && !ms_shape_equal(&x, &y))) return false;
  for (int i = 0; x.ranked && i < x.rank; i++)
    if (x.scalable[i] != y.scalable[i]) return false;
  if (x.elem[0] == '!' || y.elem[0] == '!') return true;
  return strcmp(x.elem, y.elem) == 0;
}

static void check_uses(walker *w, const op_rec *op) {
  if (!op->types_known) return;
  for (int i = 0; i < op->noperands; i++) {
    const ms_ssa_def *def = ms_ssa_lookup(w->ssa, op->operands[i]);
    if (!def || !def->type.end) continue;
    if (same_type(w->text, resolve(w, def->type), resolve(w, op->in_types[i]))) continue;
    ms_span use = op->operands[i], type = op->in_types[i];
    ms_diagnostic *d = ms_diag_list_add(
        &w->out->diags, type.start, type.end, MS_SEVERITY_ERROR, MS_CODE_TYPE_MISMATCH, NULL,
        "%.*s is used as %.*s but defined as %.*s", (int)(use.end - use.start), w->text + use.start,
        (int)(type.end - type.start), w->text + type.start, (int)(def->type.end - def->type.start),
        w->text + def->type.start);
    ms_diag_set_related(d, def->def.start, def->def.end, "%.*s is defined here as %.*s",
                        (int)(use.end - use.start), w->text + use.start, (int)(def->type.end - def->type.start),
                        w->text + def->type.start);
  }
}

/* ------------------------------------------------------------------ */
/* Broadcast rules                                                     */

typedef struct attr_lookup {
  const walker *w;
  const op_rec *op;
} attr_lookup;

static const char *lookup_attr(void *ctx, const char *key, size_t *len) {
  const attr_lookup *l = ctx;
  size_t n = strlen(key);
  for (int i = 0; i < l->op->nattrs; i++) {
    ms_span k = l->op->attrs[i].key;
    const char *s = l->w->text + k.start;
    size_t kn = k.end - k.start;
    if (kn >= 2 && s[0] == '"') s++, kn -= 2;
    if (kn != n || memcmp(s, key, n)) continue;
    ms_span v = l->op->attrs[i].value;
    *len = v.end - v.start;
    return v.end ? l->w->text + v.start : "unit";
  }
  return NULL;
}

static ms_span operand_range(const op_rec *op, int i) {
  if (i >= 0 && i < op->nin && op->types_known) return op->in_types[i];
  if (i >= 0 && i < op->noperands) return op->operands[i];
  return op->name_token;
}

/* A type of a checked op that does not parse: say why, at `at`, when it is
** a shaped type (anything else is not ours to judge). Types beyond the
** algebra's limits are valid MLIR: a warning that the op goes unchecked. */
static void report_unreadable(walker *w, ms_span at, ms_span type, const char *why) {
  const char *t = w->text + type.start;
  size_t n = type.end - type.start;
  bool shaped = (n > 7 && (!memcmp(t, "tensor<", 7) || !memcmp(t, "vector<", 7) || !memcmp(t, "memref<", 7)));
  if (!shaped) return;
  int shown = n > 60 ? 60 : (int)n;
  const char *dots = n > 60 ? "..." : "";
  if (!strncmp(why, MS_SHAPE_ERR_RANK, strlen(MS_SHAPE_ERR_RANK)) ||
      !strncmp(why, MS_SHAPE_ERR_DIM_LIMIT, strlen(MS_SHAPE_ERR_DIM_LIMIT)))
    ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_WARNING, MS_CODE_SHAPE_LIMIT, NULL,
                     "%.*s%s: %.*s; the op is not checked", shown, t, dots, (int)strcspn(why, ":"), why);
  else
    ms_diag_list_add(&w->out->diags, at.start, at.end, MS_SEVERITY_ERROR, MS_CODE_INVALID_TYPE, NULL,
                     "invalid type %.*s%s: %.*s", shown, t, dots, (int)strcspn(why, ":"), why);
}

/* The type of operand i: from the op's own signature, else its definition.
** A shaped type that does not parse is reported. */
static bool operand_shape(walker *w, const op_rec *op, int i, ms_shape *out) {
  ms_span t = {0, 0};
  if (op->types_known && i < op->nin) t = op->in_types[i];
  else if (i < op->noperands) {
    const ms_ssa_def *def = ms_ssa_lookup(w->ssa, op->operands[i]);
    if (def) t = def->type;
  }
  t = resolve(w, t);
  char why[160];
  if (!t.end) return false;
  if (ms_shape_parse_type(out, w->text + t.start, t.end - t.start, why, sizeof why)) return true;
  report_unreadable(w, operand_range(op, i), t, why);
  return false;
}

static bool target_shape(walker *w, const op_rec *op, int i, ms_shape *out) {
  if (i < 0 || i >= op->noperands) return false;
  const ms_ssa_def *def = ms_ssa_lookup(w->ssa, op->operands[i]);
  if (!def || !def->constant.end) return false;
  int64_t dims[MS_MAX_RANK];
  int rank = 0;
  if (!ms_attr_parse_dense_shape(w->text + def->constant.start, def->constant.end - def->constant.start, dims,
                                 MS_MAX_RANK, &rank, NULL, 0))
    return false;
  ms_shape_init(out, rank, dims);
  return true;
}

typedef struct rule_inputs {
  int n;
  int index[MS_MAX_OPERANDS];      /* original operand index, -1 for a target shape */
  ms_shape shapes[MS_MAX_OPERANDS];
  char names[MS_MAX_OPERANDS][48];
  const char *name_ptrs[MS_MAX_OPERANDS];
} rule_inputs;

static bool gather_inputs(walker *w, const op_rec *op, const ms_rule_binding *b, rule_inputs *in) {
  in->n = 0;
  int count = b->noperands < 0 ? op->noperands : b->noperands;
  for (int k = 0; k < count && in->n < MS_MAX_OPERANDS; k++) {
    int i = b->noperands < 0 ? k : b->operands[k];
    if (i >= op->noperands) continue;
    bool target = i == b->target_operand;
    bool ok = target ? target_shape(w, op, i, &in->shapes[in->n]) : operand_shape(w, op, i, &in->shapes[in->n]);
    if (!ok) return false;
    ms_span s = op->operands[i];
    snprintf(in->names[in->n], sizeof in->names[0], "%.*s", (int)(s.end - s.start), w->text + s.start);
    in->name_ptrs[in->n] = in->names[in->n];
    in->index[in->n++] = i;
  }
  return in->n > 0 || op->noperands == 0;
}

static void report_findings(walker *w, const op_rec *op, const ms_rule_binding *b, const rule_inputs *in,
                            const ms_broadcast_result *res) {
  const char *rule = ms_rule_name(b->rule);
  for (int k = 0; k < res->nfindings; k++) {
    const ms_finding *f = &res->findings[k];
    ms_span at = op->name_token;
    if (f->operand == MS_FINDING_RESULT && op->nout > 0) at = op->out_types[0];
    else if (f->operand >= 0 && f->operand < in->n) at = operand_range(op, in->index[f->operand]);
    ms_diagnostic *d = ms_diag_list_add(&w->out->diags, at.start, at.end, f->severity, f->code, rule, "%s",
                                        f->message);
    /* Hints (`?` against a static size) are the most numerous finding in
    ** real dumps; they stay one line, with no related location. */
    if (f->related >= 0 && f->related < in->n && f->severity != MS_SEVERITY_HINT) {
      ms_span r = operand_range(op, in->index[f->related]);
      ms_diag_set_related(d, r.start, r.end, "%s is %.*s", in->names[f->related], (int)(r.end - r.start),
                          w->text + r.start);
    }
  }
}

/* The declared result says less than the inferred shape, or contradicts it:
** unranked, another rank, `?` where a size is known, another size. A static
** size where only `?` is inferred is more precise, not less. */
static bool result_less_precise(const ms_shape *declared, const ms_shape *inferred) {
  if (!declared->ranked) return inferred->ranked;
  if (!inferred->ranked) return false;
  if (declared->rank != inferred->rank) return true;
  for (int i = 0; i < declared->rank; i++) {
    int64_t d = declared->dims[i], n = inferred->dims[i];
    if (n == MS_DIM_DYNAMIC) continue;
    if (d == MS_DIM_DYNAMIC || d != n) return true;
  }
  return false;
}

static void record_inference(walker *w, const op_rec *op, const ms_rule_binding *b, const ms_shape *result,
                             const ms_broadcast_result *res) {
  ms_analysis *out = w->out;
  if (out->ninferences == out->cap) {
    out->cap = out->cap ? out->cap * 2 : 64;
    out->inferences = ms_xrealloc(out->inferences, out->cap * sizeof *out->inferences);
  }
  ms_inference *inf = &out->inferences[out->ninferences++];
  memset(inf, 0, sizeof *inf);
  inf->op_start = ts_node_start_byte(op->node);
  inf->op_end = ts_node_end_byte(op->node);
  inf->name_start = op->name_token.start;
  inf->name_end = op->name_token.end;
  if (op->nout > 0) {
    inf->result_start = op->out_types[0].start;
    inf->result_end = op->out_types[0].end;
  }
  inf->rule = b->rule;
  inf->has_inferred = res->has_inferred;
  if (!res->has_inferred) return;
  ms_shape shown = res->inferred;
  /* Element types are not inferred: show the declared result's. */
  if (result && result->kind != MS_TYPE_OTHER && result->kind != MS_TYPE_NONE) {
    shown.kind = result->kind;
    memcpy(shown.elem, result->elem, sizeof shown.elem);
  }
  ms_shape_format_type(&shown, inf->inferred, sizeof inf->inferred);
  inf->result_differs = result && result_less_precise(result, &res->inferred);
}

static void copy_span(char *dst, size_t n, const char *text, ms_span s) {
  snprintf(dst, n, "%.*s", (int)(s.end - s.start), text + s.start);
}

static void fill_detail(walker *w, const op_rec *op, const ms_rule_binding *b, const rule_inputs *in,
                        const ms_broadcast_result *res) {
  ms_op_detail *d = w->detail;
  memset(d, 0, sizeof *d);
  w->found = true;
  d->op_start = ts_node_start_byte(op->node);
  d->op_end = ts_node_end_byte(op->node);
  d->name_start = op->name_token.start;
  d->name_end = op->name_token.end;
  copy_span(d->name, sizeof d->name, w->text, op->name);
  d->rule = b->rule;
  d->opts = b->opts;
  snprintf(d->origin, sizeof d->origin, "%s", b->origin);
  snprintf(d->description, sizeof d->description, "%s", b->description);
  d->noperands = in->n;
  for (int i = 0; i < in->n; i++) {
    snprintf(d->operand_names[i], sizeof d->operand_names[i], "%s", in->names[i]);
    ms_shape_format_type(&in->shapes[i], d->operand_types[i], sizeof d->operand_types[i]);
  }
  if (op->nout > 0) {
    d->result_start = op->out_types[0].start;
    d->result_end = op->out_types[0].end;
    copy_span(d->result_type, sizeof d->result_type, w->text, op->out_types[0]);
  }
  d->result = *res;
  ms_analysis *out = w->out;
  if (out->ninferences && out->inferences[out->ninferences - 1].has_inferred)
    snprintf(d->inferred, sizeof d->inferred, "%s", out->inferences[out->ninferences - 1].inferred);
}

static void apply_rule(walker *w, const op_rec *op) {
  ms_op_view view = {w->text + op->name.start, op->name.end - op->name.start, op->noperands, lookup_attr, NULL};
  attr_lookup ctx = {w, op};
  view.ctx = &ctx;
  ms_rule_binding b;
  if (!ms_catalog_bind(w->catalog, &view, &b)) return;
  if (!b.ok) {
    ms_diag_list_add(&w->out->diags, op->name_token.start, op->name_token.end, MS_SEVERITY_ERROR,
                     MS_CODE_RULE_OPTIONS, ms_rule_name(b.rule), "%s", b.error);
    return;
  }
  rule_inputs in;
  if (!gather_inputs(w, op, &b, &in)) return;
  ms_shape results[MAX_VALUES > 4 ? 4 : MAX_VALUES];
  int nres = 0;
  for (int i = 0; i < op->nout && nres < 4; i++) {
    ms_span t = resolve(w, op->out_types[i]);
    char why[160];
    if (!ms_shape_parse_type(&results[nres], w->text + t.start, t.end - t.start, why, sizeof why)) {
      report_unreadable(w, op->out_types[i], t, why);
      return;
    }
    nres++;
  }
  if (nres == 0 && result_total(op) > 0) return; /* results of unknown type */
  b.opts.strict = b.opts.strict || w->opts->strict;
  static __thread ms_broadcast_result res;
  ms_broadcast_check(b.rule, &b.opts, in.shapes, in.n, in.name_ptrs, results, nres,
                     op->nresult_names ? NULL : NULL, &res);
  report_findings(w, op, &b, &in, &res);
  record_inference(w, op, &b, nres ? &results[0] : NULL, &res);
  if (w->detail && ts_node_start_byte(op->node) <= w->detail_pos && w->detail_pos <= ts_node_end_byte(op->node))
    fill_detail(w, op, &b, &in, &res);
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */

static bool in_range(const walker *w, TSNode n) {
  uint32_t s = ts_node_start_byte(n);
  return s >= w->start && s < w->end;
}

static bool overlaps(const walker *w, TSNode n) {
  return ts_node_end_byte(n) > w->start && ts_node_start_byte(n) < w->end;
}

/* Block and function arguments: `%arg0: T` defines %arg0. */
static void define_argument(walker *w, TSNode arg) {
  TSNode name = ts_node_named_child(arg, 0);
  if (ts_node_is_null(name) || kind(name) != K_VALUE_USE) return;
  ms_ssa_def def = {span_of(name), {0, 0}, {0, 0}};
  TSNode type = ts_node_named_child(arg, 1);
  if (!ts_node_is_null(type) && kind(type) == K_TYPE) def.type = trim(w->text, span_of(type));
  ms_ssa_define(w->ssa, def.def, -1, &def);
  if (w->value_fn) w->value_fn(w->value_ctx, def.def.start, def.def.end, &def);
}

static void define_arguments(walker *w, TSNode list) {
  uint32_t n = ts_node_named_child_count(list);
  for (uint32_t i = 0; i < n; i++) {
    TSNode a = ts_node_named_child(list, i);
    if (kind(a) == K_BLOCK_ARG) define_argument(w, a);
  }
}

/* Every value use of an op outside its regions (custom ops: anywhere in
** their rest, where some are definitions such as scf.for's induction
** variable: those are reported with their lookup, usually NULL). */
typedef struct uses_walk {
  walker *w;
  bool deep;
} uses_walk;

static bool enter_use(void *ctx, TSNode n, uint32_t depth) {
  uses_walk *u = ctx;
  if (depth == 0) return true;
  enum kind k = kind(n);
  if (k == K_VALUE_USE) {
    ms_span s = span_of(n);
    u->w->value_fn(u->w->value_ctx, s.start, s.end, ms_ssa_lookup(u->w->ssa, s));
    return false;
  }
  if (k == K_PARENS || k == K_BRACKETS || k == K_BRACES || k == K_FUNCTION_TYPE_CUSTOM) return u->deep;
  const char *type = ts_node_type(n);
  return strcmp(type, "successor_list") == 0 || strcmp(type, "successor") == 0;
}

static void report_uses(walker *w, TSNode node, bool deep) {
  uses_walk u = {w, deep};
  ms_walk_visitor v = {enter_use, NULL};
  ms_walk(node, &v, &u);
}

/* The findings [first, count) of op: the op's span on each (suppression
** comments, baseline fingerprints), and the fixes `check --fix` applies
** (diag.h): the inferred result type for a contradicting declared result,
** the definition's type at a use that contradicts it. Only errors get a
** fix: the file is invalid there, so a fix cannot change what a valid file
** means. */
static void stamp_findings(walker *w, const op_rec *op, size_t first) {
  const ms_inference *inf = w->out->ninferences ? &w->out->inferences[w->out->ninferences - 1] : NULL;
  if (inf && inf->op_start != ts_node_start_byte(op->node)) inf = NULL;
  for (size_t i = first; i < w->out->diags.count; i++) {
    ms_diagnostic *d = &w->out->diags.items[i];
    d->op_start = ts_node_start_byte(op->node);
    d->op_end = ts_node_end_byte(op->node);
    if (d->severity != MS_SEVERITY_ERROR || d->has_fix) continue;
    bool result_code = !strcmp(d->code, MS_CODE_RESULT_DIM) || !strcmp(d->code, MS_CODE_RESULT_RANK) ||
                       !strcmp(d->code, MS_CODE_EXTRA_RESULT_DIMS);
    if (result_code && inf && inf->has_inferred && inf->result_differs && inf->result_end &&
        d->start == inf->result_start && d->end == inf->result_end)
      ms_diag_set_fix(d, inf->result_start, inf->result_end, inf->inferred);
    if (!strcmp(d->code, MS_CODE_TYPE_MISMATCH) && d->has_related) {
      const ms_ssa_def *def = NULL;
      for (int k = 0; k < op->noperands && !def; k++)
        if (op->types_known && k < op->nin && op->in_types[k].start == d->start) {
          const ms_ssa_def *c = ms_ssa_lookup(w->ssa, op->operands[k]);
          if (c && c->type.end) def = c;
        }
      if (def) {
        char type[256];
        snprintf(type, sizeof type, "%.*s", (int)(def->type.end - def->type.start), w->text + def->type.start);
        ms_diag_set_fix(d, d->start, d->end, type);
      }
    }
  }
}

/* Checks one op (unless it lies outside the walk's range) and defines its
** results; its regions come next in the walk. */
static void visit_op(walker *w, TSNode node, enum kind k) {
  /* An op with an ERROR inside reads wrong (a missing comma drops an
  ** operand): its syntax error is reported, its rules are not. */
  if (!in_range(w, node) || ts_node_has_error(node)) return;
  static __thread op_rec op;
  read_op(w, node, k, &op);
  if (w->value_fn) {
    report_uses(w, node, k == K_CUSTOM);
  } else {
    size_t first = w->out->diags.count;
    check_uses(w, &op);
    if (k != K_RETURN) apply_rule(w, &op);
    stamp_findings(w, &op, first);
  }
  if (k != K_RETURN) define_results(w, &op);
}

static struct walk_frame *frame_at(walker *w, uint32_t depth) {
  if (depth >= w->nframes) {
    w->nframes = depth + 64;
    w->frames = ms_xrealloc(w->frames, w->nframes * sizeof *w->frames);
  }
  return &w->frames[depth];
}

/* A function's children: its arguments are defined in its region; its
** attributes and types hold no ops. */
static bool enter_func_child(walker *w, TSNode n, enum kind k, struct walk_frame *func) {
  if (k == K_FUNC_ARGS) func->args = n;
  if (k != K_REGION) return false;
  ms_ssa_push(w->ssa);
  if (!ts_node_is_null(func->args)) define_arguments(w, func->args);
  return true;
}

/* ms_walk's enter: what each kind of node means to the analysis, and
** whether what it holds is walked. Regions open an SSA scope (closed in
** leave_node). */
static bool enter_node(void *ctx, TSNode n, uint32_t depth) {
  walker *w = ctx;
  struct walk_frame *f = frame_at(w, depth);
  f->kind = K_OTHER;
  f->args = (TSNode){0};
  if (depth > 0 && !ts_node_is_named(n)) return false;
  enum kind k = kind(n);
  if (depth > 0 && w->frames[depth - 1].kind == K_FUNC) {
    f->kind = k;
    return enter_func_child(w, n, k, &w->frames[depth - 1]);
  }
  if (!overlaps(w, n) && ts_node_end_byte(n) > ts_node_start_byte(n)) return false;
  f->kind = k;
  switch (k) {
    case K_GENERIC:
    case K_CUSTOM:
    case K_RETURN: visit_op(w, n, k); return true;
    case K_REGION: ms_ssa_push(w->ssa); return true;
    case K_BLOCK_LABEL: define_arguments(w, n); return false;
    case K_FUNC:
    case K_MODULE:
    case K_REGION_LIST:
    case K_BLOCK:
    case K_PARENS:
    case K_BRACKETS:
    case K_ERROR:
    case K_SOURCE: return true;
    default: return false;
  }
}

static void leave_node(void *ctx, TSNode n, uint32_t depth) {
  (void)n;
  walker *w = ctx;
  if (w->frames[depth].kind == K_REGION) ms_ssa_pop(w->ssa);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

static void walker_init(walker *w, const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text,
                        uint32_t start, uint32_t end, ms_analysis *out) {
  init_kinds();
  memset(w, 0, sizeof *w);
  w->catalog = catalog;
  w->opts = opts;
  w->text = text;
  w->start = start;
  w->end = end;
  w->out = out;
  w->ssa = ms_ssa_new(text);
}

void ms_analysis_init(ms_analysis *self) { memset(self, 0, sizeof *self); }

void ms_analysis_clear(ms_analysis *self) {
  ms_diag_list_clear(&self->diags);
  free(self->inferences);
  memset(self, 0, sizeof *self);
}

/* Walks node with w (set up by walker_init and the caller) and frees it. */
static void walk(walker *w, TSNode node) {
  ms_walk_visitor v = {enter_node, leave_node};
  ms_walk(node, &v, w);
  free(w->frames);
  ms_ssa_delete(w->ssa);
}

void ms_analyze(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode root, const char *text,
                uint32_t start, uint32_t end, ms_analysis *out) {
  walker w;
  walker_init(&w, catalog, opts, text, start, end, out);
  walk(&w, root);
}

void ms_analyze_node(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode node, const char *text,
                     ms_analysis *out) {
  walker w;
  walker_init(&w, catalog, opts, text, 0, UINT32_MAX, out);
  walk(&w, node);
}

/* The two queries below analyse for their side channel only; what the
** walk finds goes into a scratch analysis that is thrown away. */
bool ms_analyze_op_at(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode unit, const char *text,
                      uint32_t pos, ms_op_detail *out) {
  ms_analysis scratch;
  ms_analysis_init(&scratch);
  walker w;
  walker_init(&w, catalog, opts, text, 0, UINT32_MAX, &scratch);
  w.detail_pos = pos;
  w.detail = out;
  walk(&w, unit);
  ms_analysis_clear(&scratch);
  return w.found;
}

void ms_analyze_values(TSNode unit, const char *text,
                       void (*fn)(void *ctx, uint32_t use_start, uint32_t use_end, const ms_ssa_def *def),
                       void *ctx) {
  ms_analysis scratch;
  ms_analysis_init(&scratch);
  walker w;
  walker_init(&w, NULL, NULL, text, 0, UINT32_MAX, &scratch);
  w.value_fn = fn;
  w.value_ctx = ctx;
  walk(&w, unit);
  ms_analysis_clear(&scratch);
}

static void shift(uint32_t *x, int64_t delta) { *x = (uint32_t)((int64_t)*x + delta); }

void ms_analysis_shift(ms_analysis *self, int64_t delta) {
  for (size_t i = 0; i < self->diags.count; i++) {
    ms_diagnostic *d = &self->diags.items[i];
    ms_diag_shift(d, delta);
  }
  for (size_t i = 0; i < self->ninferences; i++) {
    ms_inference *f = &self->inferences[i];
    shift(&f->op_start, delta);
    shift(&f->op_end, delta);
    shift(&f->name_start, delta);
    shift(&f->name_end, delta);
    if (f->result_end) {
      shift(&f->result_start, delta);
      shift(&f->result_end, delta);
    }
  }
}

static void syntax_error(const char *text, TSNode n, ms_diag_list *out) {
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (ts_node_is_missing(n)) {
    ms_diag_list_add(out, s, e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "syntax error: missing '%s'",
                     ts_node_type(n));
    return;
  }
  /* Squiggle the first line of the region; quote its first token. */
  const char *eol = memchr(text + s, '\n', e - s);
  uint32_t line_end = eol ? (uint32_t)(eol - text) : e;
  uint32_t tok = s;
  while (tok < line_end && text[tok] != ' ' && text[tok] != '\t' && tok - s < 40) tok++;
  if (tok == s) tok = line_end;
  ms_diag_list_add(out, s, line_end > s ? line_end : e, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL,
                   "syntax error: unexpected '%.*s'", (int)(tok - s), text + s);
}

typedef struct errors_walk {
  const char *text;
  uint32_t start, end;
  ms_diag_list *out;
} errors_walk;

static bool enter_error(void *ctx, TSNode n, uint32_t depth) {
  (void)depth;
  errors_walk *e = ctx;
  if (ts_node_is_missing(n) || !strcmp(ts_node_type(n), "ERROR")) {
    uint32_t s = ts_node_start_byte(n);
    /* Several MISSING tokens at one place (`}` and `)` of an unclosed
    ** region) are one error region. */
    ms_diag_list *out = e->out;
    bool repeat = out->count && !strcmp(out->items[out->count - 1].code, MS_CODE_SYNTAX) &&
                  out->items[out->count - 1].start == s;
    if (s >= e->start && s < e->end && !repeat) syntax_error(e->text, n, out);
    return false;
  }
  return ts_node_has_error(n);
}

void ms_analyze_syntax(TSNode root, const char *text, uint32_t start, uint32_t end, ms_diag_list *out) {
  errors_walk e = {text, start, end, out};
  ms_walk_visitor v = {enter_error, NULL};
  ms_walk(root, &v, &e);
}

/* A module's ops are units; anything else at the top is one. */
static bool is_module(TSNode n, const char *text) {
  enum kind k = kind(n);
  if (k == K_MODULE) return true;
  if (k != K_GENERIC) return false;
  TSNode name = ts_node_child_by_field_name(n, "name", 4);
  uint32_t s = ts_node_start_byte(name), e = ts_node_end_byte(name);
  return e - s == 16 && !memcmp(text + s, "\"builtin.module\"", 16);
}

typedef struct units_walk {
  const char *text;
  TSNode *units;
  size_t max, n;
} units_walk;

static bool enter_unit(void *ctx, TSNode child, uint32_t depth) {
  units_walk *u = ctx;
  if (depth == 0) return true;
  if (!ts_node_is_named(child)) return false;
  enum kind k = kind(child);
  if (is_module(child, u->text) || k == K_REGION || k == K_REGION_LIST || k == K_BLOCK) return true;
  if (k == K_OTHER || k == K_BLOCK_LABEL || k == K_ATTR_DICT || k == K_PROPERTIES || k == K_LOCATION ||
      k == K_FUNCTION_TYPE || k == K_OP_NAME || k == K_TYPE)
    return false;
  if (u->n < u->max) u->units[u->n] = child;
  u->n++;
  return false;
}

size_t ms_analyzer_units(TSNode root, const char *text, TSNode *units, size_t max) {
  init_kinds();
  units_walk u = {text, units, max, 0};
  ms_walk_visitor v = {enter_unit, NULL};
  ms_walk(root, &v, &u);
  return u.n;
}
