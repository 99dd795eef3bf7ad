/*
** facts.h: what the language server's newer features (semantic tokens,
** rename, completion, the inferredShapes command) read from the analysis,
** through a few narrow functions, so that a change of where the facts come
** from (the analyzer's per-op inferences today, a value table later)
** touches this file only.
**
** Values: every SSA definition and use of a document, in text order, each
** use resolved to its definition (ms_analyze_values over each tree).
** Shapes: the inferred type of a value and whether it differs from the
** declared one (today: the first result of a checked op, from the op's
** ms_inference; arguments are never inferred).
*/
#ifndef MS_FACTS_H
#define MS_FACTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session.h"

typedef struct ms_value_fact {
  uint32_t start, end;           /* this occurrence (`%0`, `%x#1`) */
  bool is_def;                   /* the definition itself */
  bool has_def;                  /* a use whose definition was found */
  uint32_t def_start, def_end;   /* the definition's token */
  uint32_t type_start, type_end; /* the definition's declared type; 0,0 when unknown */
} ms_value_fact;

typedef struct ms_value_facts {
  ms_value_fact *items;
  size_t n, cap;
} ms_value_facts;

/* Every value occurrence of the (updated) session's document whose token
** starts in [start, end), in text order. */
void ms_facts_values(ms_session *s, uint32_t start, uint32_t end, ms_value_facts *out);
void ms_value_facts_free(ms_value_facts *f);

/* Index of the occurrence containing pos (or ending right at it), or -1. */
long ms_value_facts_at(const ms_value_facts *f, uint32_t pos);

/* Whether the definition at def_start is an argument (of a function or a
** block) rather than an op result. */
bool ms_facts_is_argument(ms_session *s, uint32_t def_start);

/* The op defining the value whose definition token starts at def_start:
** its name (without quotes) into out; false for arguments. */
bool ms_facts_producer(ms_session *s, uint32_t def_start, char *out, size_t n);

/* Shape knowledge of a document. */
typedef struct ms_shape_facts ms_shape_facts;
ms_shape_facts *ms_facts_shapes(ms_session *s);
void ms_shape_facts_free(ms_shape_facts *f);

/* The inferred type of the value defined at def_start into out ("" when
** unknown); true when known. *differs (when not NULL): the inferred shape
** differs from the declared type (the `refined` semantic-token modifier). */
bool ms_facts_inferred(const ms_shape_facts *f, uint32_t def_start, char *out, size_t n, bool *differs);

#endif
