/*
** structured.h: judging an op bound to a structured-op shape function
** (an entry's "algebra", algebra/sop.h), called by the analyzer.
**
** For one op: its parameters are read (sop_params.h); the function judges
** the declared operand types (INVALID: an error with the function's code,
** at the op); the declared results are compared with the inferred ones (a
** contradiction is a `result-shape` error, StableHLO's "inferred shape ...
** is incompatible with return type"); then the function runs again at the
** operands' inferred shapes: a new failure is a propagated-shape-mismatch,
** else each result's inferred shape (met with its declared type, bounds
** included) goes to the value table. The analyzer lends its internals
** through ms_structured_host, so this file never sees analyzer.c's state.
*/
#ifndef MS_STRUCTURED_H
#define MS_STRUCTURED_H

#include <stdbool.h>
#include <stdint.h>

#include "catalog.h"
#include "diag.h"
#include "records.h"
#include "shape.h"

typedef struct ms_structured_host {
  const ms_records *rec;
  const char *text;
  ms_diag_list *diags;
  uint32_t opi;                  /* the op (rec->ops[opi]) */
  const ms_rule_binding *binding;
  void *w;                       /* the analyzer, passed back to each callback */
  /* Operand i's declared shape; false when it cannot be read (reported). */
  bool (*declared_operand)(void *w, int i, ms_shape *out);
  /* Operand i's inferred shape (declared when not refined); true when refined. */
  bool (*inferred_operand)(void *w, int i, const ms_shape *declared, ms_shape *out);
  /* Result r's declared shape; false when it has no written shaped type. */
  bool (*declared_result)(void *w, int r, ms_shape *out);
  /* The raw text of an attribute's value (catalog.h's ms_op_view.attribute). */
  const char *(*attribute)(void *ctx, const char *key, size_t *len);
  void *attr_ctx;
  /* The integers of the constant defining operand i. */
  bool (*constant)(void *w, int i, int64_t *out, int max, int *n);
  /* Stores result r's inferred shape (already met with its declared type). */
  void (*refine)(void *w, int r, const ms_shape *met);
  /* Reports a propagated-shape-mismatch for why, once per root cause. */
  void (*propagated)(void *w, const char *why);
  /* Value v's declared type (a block argument, a terminator's operand);
  ** false when it has none that parses. */
  bool (*value_shape)(void *w, uint32_t v, ms_shape *out);
  /* Value v's inferred shape; false when not refined (then out is unset).
  ** With it, an operand that is a `*.ListConstruct` of tensors (torch-mlir's
  ** `!torch.list<vtensor>`) gives the function its elements in its place. */
  bool (*value_inferred)(void *w, uint32_t v, ms_shape *out);
  /* The f32 values (bit patterns) of the float constant defining operand i;
  ** NULL: float constants are not read. */
  bool (*constant_f32)(void *w, int i, uint32_t *out, int max, int *n);
  /* The written result type r of op opi (records.h's out types, also of
  ** results not named); false when it has none that parses. */
  bool (*out_shape)(void *w, uint32_t opi, uint32_t r, ms_shape *out);
} ms_structured_host;

/* Judges the op and refines its results as above. */
void ms_structured_judge(const ms_structured_host *h);

/* The provenance of result r of the op (hover): "" when none. */
void ms_structured_provenance(const ms_structured_host *h, int r, char *buf, size_t n);

#endif
