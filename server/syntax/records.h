/*
** records.h: op records and the value table of one unit.
**
** The middle of the pipeline. One walk of a unit's subtree (records.c)
** reads every op into a record (name, operand uses, result values, the
** type tokens written for them, attributes, the op that owns its region)
** and builds the unit's value table: every SSA value (op results, block
** and function arguments) with its definition, its declared type and its
** uses. Nothing here judges anything: the rules and the inference
** (analyzer.c) consume records, and the language server's queries and
** `check`'s `shapes` read the same stored records instead of walking the
** tree again.
**
** Everything is a byte span into the text the unit was read from, so a
** stored unit can be moved (ms_records_shift) when an edit shifts it.
** Arrays are flat pools; an op refers to its slices by first index and
** count.
*/
#ifndef MS_RECORDS_H
#define MS_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#include "aliases.h"
#include "ssa.h"

#define MS_NONE UINT32_MAX

typedef enum ms_op_kind { MS_OP_GENERIC, MS_OP_CUSTOM, MS_OP_RETURN } ms_op_kind;

/* A custom op's tokens after its name, one level into its parentheses and
** brackets (layout.h matches them against the catalog's op syntax). */
typedef enum ms_tok_kind {
  MS_TOK_VALUE, MS_TOK_TYPE, MS_TOK_WORD, MS_TOK_COLON, MS_TOK_COMMA, MS_TOK_ARROW, MS_TOK_EQUALS,
  MS_TOK_LPAREN, MS_TOK_LBRACKET, MS_TOK_CLOSE, MS_TOK_FUNCTION_TYPE, MS_TOK_OTHER
} ms_tok_kind;

typedef struct ms_tok {
  ms_span span;
  uint8_t kind;                  /* ms_tok_kind */
  uint8_t depth;                 /* 0 at the op's top level, 1 inside a group */
} ms_tok;

typedef struct ms_attr {
  ms_span key, value;            /* value {0,0}: a unit attribute */
} ms_attr;

typedef struct ms_op {
  ms_span span;                  /* the whole op */
  ms_span name;                  /* "tosa.add", without quotes */
  uint8_t kind;                  /* ms_op_kind */
  bool types_known : 1;          /* in_types align one to one with operands */
  bool guessed : 1;              /* a custom op whose written types follow no syntax the catalog declares */
  bool unmatched : 1;            /* one whose catalog syntax no alternative matches, or too long to read (not judged) */
  bool quoted : 1;               /* its name is written in quotes (ms_op_name_token) */
  bool no_results : 1;           /* a custom op whose syntax says it has no results in this form (layout.h) */
  bool scoped : 1;               /* inside a pretty function or module (no op: `parent` is the op
                                 ** around it) lying wholly in the records' range: a scope of its own */
  uint32_t parent;               /* the op whose region holds this one, MS_NONE at the top */
  uint32_t operands, noperands;  /* uses[operands .. +noperands) */
  uint32_t results, nresults;    /* values[results .. +nresults) */
  uint32_t in_types, nin;        /* types[...]: operand types written on the op */
  uint32_t out_types, nout;      /* types[...]: result types written on the op */
  uint32_t attrs, nattrs;        /* attrs[...] */
  ms_span constant;              /* a constant's value attribute, {0,0} if none */
  uint32_t toks, ntoks;          /* toks[...]: a custom op's tokens (ms_tok); none when too many */
} ms_op;

/* The op's name as written: with its quotes in the generic form. */
static inline ms_span ms_op_name_token(const ms_op *op) {
  return op->quoted ? (ms_span){op->name.start - 1, op->name.end + 1} : op->name;
}

/* An operand whose type the op's syntax implies (layout.h: `arith.select
** %c, %a, %b : T` reads %c as i1), for the few ops that have one: kept
** apart from the ops, in op order, while the records are judged (a stored
** analysis drops them). */
typedef struct ms_implied {
  uint32_t op, operand;
  const char *type;              /* that type ("i1"), the catalog's */
} ms_implied;

typedef struct ms_value {
  ms_span def;                   /* the defining token (`%x` of `%x:2` for each of its results) */
  int32_t index;                 /* -1, or k for `%x#k` */
  ms_span type;                  /* the declared type token as written; {0,0} when unknown */
  uint32_t op;                   /* defining op, MS_NONE for a block or function argument */
  uint32_t owner;                /* an argument's op (function, region owner); MS_NONE at the top */
  uint32_t result;               /* result or argument number */
  bool scoped;                   /* defined inside such a pretty function or module (ms_op.scoped) */
} ms_value;

typedef struct ms_use {
  ms_span span;                  /* `%x`, `%x#1` as written */
  uint32_t value;                /* MS_NONE when the definition is unknown */
  uint32_t op;                   /* the op it appears in */
  int32_t operand;               /* operand number, -1 for other appearances (inside a custom op's rest) */
} ms_use;

typedef struct ms_records {
  ms_op *ops;
  size_t nops, cap_ops;
  ms_value *values;
  size_t nvalues, cap_values;
  ms_use *uses;
  size_t nuses, cap_uses;
  ms_span *types;
  size_t ntypes, cap_types;
  ms_attr *attrs;                /* ops' attributes (ms_op.attrs), and between them, owned by no
                                 ** op, a pretty module's `attributes {...}` entries */
  size_t nattrs, cap_attrs;
  ms_tok *toks;
  size_t ntoks, cap_toks;
  ms_implied *implied;           /* by op, ascending */
  size_t nimplied, cap_implied;
} ms_records;

void ms_records_init(ms_records *self);
/* Frees every pool; self is empty and reusable. */
void ms_records_clear(ms_records *self);
/* Empties self but keeps its pools, for the next build or append to
** reuse (a worker's next piece: no pages freed and faulted back). */
void ms_records_reset(ms_records *self);

/* Reads the ops of node's subtree that start in [start, end) (0 and
** UINT32_MAX for all) into self, in text order, with the value table.
** Ops with a syntax error inside are not read (their operands would be
** wrong) and define nothing. `aliases` may be NULL. */
void ms_records_build(ms_records *self, TSNode node, const char *text, uint32_t start, uint32_t end);
/* The same, with `ssa` (ms_ssa_new; reset here) as the builder's table:
** a worker building piece after piece keeps one, grown once, instead of
** growing a new one for each piece. */
void ms_records_build_with(ms_records *self, ms_ssa *ssa, TSNode node, const char *text, uint32_t start,
                           uint32_t end);

/* Appends `piece` (records built apart from a later part of the same
** region: `check` cuts a long function's body) to self, moving its
** indices past self's: its ops directly in the region (parent MS_NONE)
** get `parent`, and its uses of names it does not define (value MS_NONE)
** get lookup(ctx, use), the value of self they name, or MS_NONE. Returns
** the index of the piece's first op in self. */
uint32_t ms_records_append(ms_records *self, const ms_records *piece, uint32_t parent,
                           uint32_t (*lookup)(void *ctx, ms_span use), void *ctx);

/* Gives every pool exactly its count of room (a unit kept for long). */
void ms_records_shrink(ms_records *self);

/* Adds delta to every span (to store a unit relative to its start). */
void ms_records_shift(ms_records *self, int64_t delta);

/* An edit that ended at `from` moved what follows by delta: spans that
** start at or past it move, an end moves when past it (the language
** server keeps the records of a function's later pieces). */
void ms_records_shift_from(ms_records *self, uint32_t from, int64_t delta);

/* A constant's value attribute, {0,0} if none: its op's (ms_op.constant)
** for the one result of its op or of its `%x` group. */
static inline ms_span ms_records_value_constant(const ms_records *self, uint32_t v) {
  const ms_value *x = &self->values[v];
  return x->op != MS_NONE && x->index < 0 ? self->ops[x->op].constant : (ms_span){0, 0};
}

/* Operand i of op as a use, and its value (MS_NONE when unknown). */
const ms_use *ms_records_operand(const ms_records *self, const ms_op *op, uint32_t i);

/* The value whose definition or use token contains pos or ends at it;
** MS_NONE when none. *at receives that token's span. */
uint32_t ms_records_value_at(const ms_records *self, uint32_t pos, ms_span *at);

/* The innermost op whose span contains pos; MS_NONE when none. */
uint32_t ms_records_op_at(const ms_records *self, uint32_t pos);

/* The type written for value v at its definition, with a type alias
** resolved through aliases (may be NULL). */
ms_span ms_records_declared(const ms_records *self, uint32_t v, const ms_alias_table *aliases, const char *text);

/* Writes `%x` or `%x#1` for value v into buf. */
void ms_records_value_name(const ms_records *self, uint32_t v, const char *text, char *buf, size_t n);

/* The grammar (grammar/src/parser.c). */
const TSLanguage *tree_sitter_mlir(void);

#endif
