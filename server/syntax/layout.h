/*
** layout.h: how an op is written in pretty form, declared in the catalog.
**
** A catalog entry's "syntax" (rules/README.md, "Op syntax") is a small
** subset of ODS `assemblyFormat` that says which type written on a custom
** op belongs to which operand and result:
**
**   ": type($operands, $results)"     arith.addf %a, %b : T
**   ": type($0) to type($result)"     vector.broadcast %v : S to D
**   ": type($1, $2, $result) | : type($0), type($1, $2, $result)"
**                                     arith.select (i1 condition or shaped)
**   "ins-outs -> type($results) | ins-outs"
**                                     linalg.add ins(%a, %b : A, B) outs(%c : C) -> R
**   "functional-type"                 tosa.add %a, %b : (A, B) -> R
**   "implied-type($0, i1)"            an operand the parser types itself
**   ": type($0) -> ( type($r0) , type($r1) )"
**                                     chlo.top_k(%a, k = 8) : A -> (V, I)
**   "bindings($0...) : functional-type"
**                                     tosa.while_loop (%a = %x) : (A) -> R {
**
** ms_layout_parse compiles the text once (catalog load); ms_layout_apply
** matches it against an op record's tokens (records.h) and fills the op's
** operand and result types. An operand the syntax does not type takes its
** type from its SSA definition, so a use whose definition has another type
** is the SSA type mismatch the analyzer reports. Pure: no tree, no I/O.
*/
#ifndef MS_LAYOUT_H
#define MS_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "records.h"

#define MS_LAYOUT_MAX_ALTS 4
#define MS_LAYOUT_MAX_ITEMS 12
#define MS_LAYOUT_MAX_REFS 6

typedef enum ms_layout_item_kind {
  MS_LAYOUT_WORD,        /* a literal: `:`, `,`, `->`, `(`, `)`, `to`, any bare word */
  MS_LAYOUT_TYPE,        /* type(REFS): one written type (or a list, see below) */
  MS_LAYOUT_FUNCTIONAL,  /* functional-type: `(A, B) -> R` types every operand and result */
  MS_LAYOUT_INS_OUTS,    /* ins-outs: each group `(%a, %b : A, B)` types its own values */
  MS_LAYOUT_IMPLIED,     /* implied-type($N, T): operand N has type T, not written */
  MS_LAYOUT_BINDINGS,    /* bindings($N...): a header `(%a = %x, ...)` binds operands N... and
                            the first region's entry block arguments */
  MS_LAYOUT_NAMES,       /* names($N...): such a header whose names label the operands only */
  MS_LAYOUT_SHARED,      /* shared-bindings($N...): such a header whose names are the entry block
                            arguments of every region (StableHLO's pretty `while(%a = %x) ... cond
                            {...} do {...}`: its parser gives them to both regions) */
  MS_LAYOUT_NO_RESULTS,  /* no-results: the op has no results in this form (its parser adds
                         ** none), so naming one is MLIR's "cannot name an operation with
                         ** no results"; consumes nothing */
  MS_LAYOUT_ATTR_FORM    /* attr-form(NAME, PATTERN): the pretty `NAME = value` is written as
                            PATTERN (`e#m#`: # one or more digits up to 2^31 - 1), else no match */
} ms_layout_item_kind;

typedef enum ms_layout_ref_kind {
  MS_LAYOUT_OPERAND,     /* $N */
  MS_LAYOUT_OPERANDS,    /* $N... (from N on), $operands (from 0) */
  MS_LAYOUT_RESULT,      /* $result (0), $rN */
  MS_LAYOUT_RESULTS,     /* $results */
  MS_LAYOUT_OPERAND_END  /* $-N: operand N counted from the end (index N, 1 the last): an op whose
                         ** variadic operands come first (`vector.gather %b[%i, %j] [%v], %m, %p`) */
} ms_layout_ref_kind;

typedef struct ms_layout_ref {
  uint8_t kind;          /* ms_layout_ref_kind */
  uint8_t index;
} ms_layout_ref;

typedef struct ms_layout_item {
  uint8_t kind;          /* ms_layout_item_kind */
  uint8_t nrefs;
  bool list;             /* type($N...) alone: a comma-separated list, one type each */
  bool each;             /* each-type($N...): such a list whose type k is also result k's */
  bool tensor;           /* tensor-type(REFS): the written type is a tensor type, else no match */
  char word[16];                 /* a literal; implied-type: the type; attr-form: the name */
  char pattern[16];              /* attr-form: the value's form */
  ms_layout_ref refs[MS_LAYOUT_MAX_REFS];
} ms_layout_item;

typedef struct ms_layout_alt {
  int nitems;
  ms_layout_item items[MS_LAYOUT_MAX_ITEMS];
} ms_layout_alt;

typedef struct ms_layout {
  int nalts;
  ms_layout_alt alts[MS_LAYOUT_MAX_ALTS];
  char text[160];              /* the syntax as written (messages), truncated */
} ms_layout;

/* A pretty op whose types follow none of its syntax's alternatives:
** mlir-opt cannot parse it. */
#define MS_CODE_OP_SYNTAX "op-syntax"

/* Compiles a syntax string. On error returns false, writes a one-line
** message to err and the byte offset in text it is about to *at. */
bool ms_layout_parse(ms_layout *self, const char *text, size_t len, char *err, size_t errlen, size_t *at);

/* The first alternative of self that op opi's tokens match: its operand
** types (in_types, one per operand; an untyped operand gets its
** definition's declared type) and result types (a prefix of the results),
** and the types of the result values, written into rec. Returns false and
** changes nothing when no alternative matches or op is not a custom op.
** *found: what MLIR's parser rejects in the op's header names, else
** message NULL: with names($N...), the first use of a header name inside
** the op's regions, which names nothing there (such uses are unbound: "use
** of undeclared SSA value name"); with bindings($N...), a label on the
** first region, whose entry block the header declares ("invalid block name
** in region with named arguments"). With shared-bindings($N...), a use in
** a later region of a name the header declares is bound to the header's
** value (records.c bound the names in the first region only). */
typedef struct ms_layout_finding {
  ms_span at;
  const char *message;         /* static text, NULL: none */
  bool judged_no_further;      /* the parser stops there: the op's own checks never run */
} ms_layout_finding;
bool ms_layout_apply(const ms_layout *self, ms_records *rec, uint32_t opi, const char *text, ms_layout_finding *found);

#endif
