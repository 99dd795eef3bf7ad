/*
** nodes.c: the grammar's node kinds, resolved once (nodes.h).
*/
#include "nodes.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "records.h"

static const char *const kind_names[] = {
  [MS_K_GENERIC] = "generic_operation", [MS_K_CUSTOM] = "custom_operation", [MS_K_FUNC] = "func_operation",
  [MS_K_RETURN] = "return_operation", [MS_K_MODULE] = "module_operation", [MS_K_RESULT_LIST] = "op_result_list",
  [MS_K_RESULT] = "op_result", [MS_K_OP_NAME] = "op_name", [MS_K_VALUE_USE] = "value_use",
  [MS_K_VALUE_RUN] = "value_run", [MS_K_TYPE_RUN] = "type_run",
  [MS_K_FUNCTION_TYPE] = "function_type", [MS_K_FUNCTION_TYPE_CUSTOM] = "function_type_custom",
  [MS_K_ATTR_DICT] = "attribute_dictionary", [MS_K_PROPERTIES] = "properties", [MS_K_ATTR_ENTRY] = "attribute_entry",
  [MS_K_REGION] = "region", [MS_K_REGION_LIST] = "region_list", [MS_K_BLOCK] = "block",
  [MS_K_BLOCK_LABEL] = "block_label", [MS_K_BLOCK_ARG] = "block_argument", [MS_K_FUNC_ARGS] = "function_arguments",
  [MS_K_ARG_TYPE] = "argument_type", [MS_K_FUNC_RESULTS] = "function_results", [MS_K_PARENS] = "custom_parens",
  [MS_K_BRACES] = "custom_braces", [MS_K_BRACKETS] = "custom_brackets", [MS_K_DENSE] = "dense_attribute",
  [MS_K_LOCATION] = "location", [MS_K_SOURCE] = "source_file",
};

static const char *const type_names[] = {"tensor_type", "vector_type", "memref_type", "complex_type",
                                         "tuple_type", "scalar_type", "dialect_type"};

static const char *const token_names[] = {
  [MS_K_TOK_ARROW] = "->", [MS_K_TOK_COLON] = ":", [MS_K_TOK_EQUALS] = "=", [MS_K_TOK_COMMA] = ",",
  [MS_K_TOK_LPAREN] = "(", [MS_K_TOK_RBRACE] = "}",
};

static unsigned char kind_of_symbol[1024];

static void resolve(void) {
  const TSLanguage *lang = tree_sitter_mlir();
  uint32_t n = ts_language_symbol_count(lang);
  assert(n < sizeof kind_of_symbol);
  for (uint32_t s = 0; s < n; s++) {
    const char *name = ts_language_symbol_name(lang, (TSSymbol)s);
    if (ts_language_symbol_type(lang, (TSSymbol)s) != TSSymbolTypeRegular) {
      for (int k = MS_K_TOK_ARROW; k < MS_K_COUNT; k++)
        if (!strcmp(name, token_names[k])) kind_of_symbol[s] = (unsigned char)k;
      continue;
    }
    for (int k = 0; k < MS_K_TOK_ARROW; k++)
      if (kind_names[k] && !strcmp(name, kind_names[k])) kind_of_symbol[s] = (unsigned char)k;
    for (size_t t = 0; t < sizeof type_names / sizeof *type_names; t++)
      if (!strcmp(name, type_names[t])) kind_of_symbol[s] = MS_K_TYPE;
  }
}

static void init(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, resolve);
}

ms_node_kind ms_node_kind_of(TSNode n) {
  init();
  TSSymbol s = ts_node_symbol(n);
  if (s == (TSSymbol)-1) return MS_K_ERROR;
  return s < sizeof kind_of_symbol ? (ms_node_kind)kind_of_symbol[s] : MS_K_OTHER;
}

/* The characters of a value name after `%` (grammar.js: value_use). */
static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-';
}

bool ms_value_run_next(const char *text, uint32_t *at, uint32_t end, uint32_t *start, uint32_t *stop) {
  uint32_t i = *at;
  while (i < end && text[i] != '%') i++; /* blanks and the comma */
  if (i >= end) return false;
  uint32_t s = i++;
  while (i < end && name_char(text[i])) i++;
  if (i + 1 < end && text[i] == '#' && text[i + 1] >= '0' && text[i + 1] <= '9') {
    i++;
    while (i < end && text[i] >= '0' && text[i] <= '9') i++;
  }
  *start = s, *stop = i, *at = i;
  return true;
}

static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

/* Brackets as the scanner balances them (scanner.c, scan_balanced): `<` and
** `>` count only where `<` is the innermost open bracket, `->` never closes,
** strings are skipped. Nesting past the stack counts as one kind. */
bool ms_type_run_next(const char *text, uint32_t *at, uint32_t end, uint32_t *start, uint32_t *stop) {
  uint32_t i = *at;
  while (i < end && (blank(text[i]) || text[i] == ',')) i++;
  if (i >= end) return false;
  uint32_t s = i;
  char open[64];
  size_t depth = 0;
  for (; i < end; i++) {
    char c = text[i], top = depth == 0 ? 0 : depth <= sizeof open ? open[depth - 1] : '(';
    if (c == ',' && depth == 0) break;
    if (c == '"') {
      for (i++; i < end && text[i] != '"'; i++)
        if (text[i] == '\\') i++;
      continue;
    }
    if (c == '-' && i + 1 < end && text[i + 1] == '>') {
      i++;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || (c == '<' && (depth == 0 || top == '<'))) {
      if (depth < sizeof open) open[depth] = c;
      depth++;
    } else if (depth > 0 && (c == ')' || c == ']' || c == '}' || (c == '>' && top == '<'))) {
      depth--;
    }
  }
  uint32_t e = i;
  while (e > s && blank(text[e - 1])) e--;
  *start = s, *stop = e, *at = i;
  return true;
}
