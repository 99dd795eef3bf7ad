/*
** nodes.h: the grammar's node kinds, resolved once.
**
** The tree stages (records.c, analyzer.c) switch on what a node is many
** millions of times per big file; comparing ts_node_type strings each time
** would dominate. ms_node_kind maps a node's symbol to a small enum through
** a table filled once from the language (thread-safe: check analyses
** pieces in several threads).
*/
#ifndef MS_NODES_H
#define MS_NODES_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>

typedef enum ms_node_kind {
  MS_K_OTHER, MS_K_GENERIC, MS_K_CUSTOM, MS_K_FUNC, MS_K_RETURN, MS_K_MODULE,
  MS_K_RESULT_LIST, MS_K_RESULT, MS_K_OP_NAME, MS_K_VALUE_USE, MS_K_VALUE_RUN, MS_K_TYPE_RUN, MS_K_FUNCTION_TYPE, MS_K_FUNCTION_TYPE_CUSTOM,
  MS_K_ATTR_DICT, MS_K_PROPERTIES, MS_K_ATTR_ENTRY, MS_K_REGION, MS_K_REGION_LIST, MS_K_BLOCK, MS_K_BLOCK_LABEL,
  MS_K_BLOCK_ARG, MS_K_FUNC_ARGS, MS_K_ARG_TYPE, MS_K_FUNC_RESULTS, MS_K_PARENS, MS_K_BRACES, MS_K_BRACKETS,
  MS_K_TYPE, MS_K_DENSE, MS_K_LOCATION, MS_K_ERROR, MS_K_SOURCE,
  /* Anonymous tokens the readers look for. The grammar has several
  ** symbols named `=` (one per context), so they are classified by name. */
  MS_K_TOK_ARROW, MS_K_TOK_COLON, MS_K_TOK_EQUALS, MS_K_TOK_COMMA, MS_K_TOK_LPAREN, MS_K_TOK_RBRACE,
  MS_K_COUNT
} ms_node_kind;

/* What node is (MS_K_ERROR for an ERROR node). */
ms_node_kind ms_node_kind_of(TSNode node);

/* A value_run token (`%a, %b#1, %c`: a generic op's operands, one token)
** split at its commas: the next value in text[*at, end) (each as a
** value_use token would span it), or false past the last. *at advances. */
bool ms_value_run_next(const char *text, uint32_t *at, uint32_t end, uint32_t *start, uint32_t *stop);

/* A type_run token (`i32, tensor<2x3xf32, #enc>, !t`: eight or more types
** of a function type, one token) split at its top-level commas: the next
** type in text[*at, end) (each as its own type token would span it), or
** false past the last. *at advances. */
bool ms_type_run_next(const char *text, uint32_t *at, uint32_t end, uint32_t *start, uint32_t *stop);

#endif
