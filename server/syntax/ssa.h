/*
** ssa.h: the scoped table of SSA definitions the analyzer keeps while it
** walks a unit (a function).
**
** Keys are value names as written (`%0`, `%x#1`), pointing into the
** analysed text; entries record where the value is defined, its type token
** and, for constants, the span of their value (`dense<[3, 4]> : tensor<2xi64>`),
** from which bidirectional rules read a target shape. Scopes follow regions:
** ms_ssa_push/ms_ssa_pop undo every definition made since the push.
*/
#ifndef MS_SSA_H
#define MS_SSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ms_span {
  uint32_t start, end;
} ms_span;

typedef struct ms_ssa_def {
  ms_span def;       /* the defining token (`%0`, `%arg0`) */
  ms_span type;      /* its type token; {0,0} when unknown */
  ms_span constant;  /* a constant's value attribute; {0,0} when not a constant */
  uint32_t value;    /* its index in the unit's value table (records.h) */
} ms_ssa_def;

typedef struct ms_ssa ms_ssa;

/* An empty table over `text` (names are spans of it). */
ms_ssa *ms_ssa_new(const char *text);
void ms_ssa_delete(ms_ssa *self);
/* Forgets every definition and scope (the text may change). */
void ms_ssa_reset(ms_ssa *self, const char *text);

/* Defines the value named text[name.start, name.end); `index` >= 0 defines
** `name#index` (a result of a multi-result op). A later definition of the
** same name shadows the earlier one until its scope is popped. */
void ms_ssa_define(ms_ssa *self, ms_span name, int index, const ms_ssa_def *def);

/* The index a use written at s[0, *n) names: `%x#1` is 1, *n cut to the
** length of `%x`; `%x` is -1, *n unchanged. */
int ms_ssa_use_index(const char *s, size_t *n);

/* Looks up a use (`%x`, `%x#1`); NULL when unknown. `%x#0` also finds a
** single-result `%x`. */
const ms_ssa_def *ms_ssa_lookup(const ms_ssa *self, ms_span use);

void ms_ssa_push(ms_ssa *self);
void ms_ssa_pop(ms_ssa *self);

#endif
