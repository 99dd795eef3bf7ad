/*
** queries_int.h: what queries.c and queries_outline.c share (queries.h is
** their public face): a node's type, and the names of symbols as
** definitions and references spell them.
*/
#ifndef MS_QUERIES_INT_H
#define MS_QUERIES_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <tree_sitter/api.h>

/* Whether n is a node of that type (false for a null node). */
static inline bool ms_node_is(TSNode n, const char *type) {
  return !ts_node_is_null(n) && !strcmp(ts_node_type(n), type);
}

/* A symbol's name without its `@` and quotes: `@f` and `@"f"` are `f`. */
typedef struct ms_symbol_name {
  const char *p;
  size_t n;
} ms_symbol_name;

/* The symbol name of text's bytes [s, e). */
static inline ms_symbol_name ms_symbol_of(const char *text, uint32_t s, uint32_t e) {
  if (s < e && (text[s] == '@')) s++;
  if (e - s >= 2 && text[s] == '"' && text[e - 1] == '"') s++, e--;
  return (ms_symbol_name){text + s, e - s};
}

/* Whether op is a generic op named `"name"` (e.g. "func.func"). */
bool ms_generic_named(const char *text, TSNode op, const char *name);

/* The name token of a symbol-defining op (func_operation, pretty or
** generic module, generic func.func: its `sym_name = "f"` string); null
** otherwise. */
TSNode ms_symbol_def_name(const char *text, TSNode op);

#endif
