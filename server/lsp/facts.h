/*
** facts.h: what the language server's newer features (semantic tokens,
** rename, completion, the inferredShapes command) read from the analysis,
** through a few narrow functions, so that a change of where the facts come
** from touches this file only.
**
** Values: every SSA definition and use of a document, in text order, each
** use resolved to its definition (ms_analyze_values over each tree).
** Shapes: the inferred type of a value where it is more precise than the
** declared one, from the value table the analysis stores per unit.
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

/* Where each value of the document is defined: one walk over the trees
** (no per-value tree lookups, which cost a scan of the module's children
** each on a big file). */
typedef struct ms_def_info {
  uint32_t start;                  /* the definition token */
  bool is_argument;                /* of a function or a block (else an op result) */
  uint32_t op_name_start, op_name_end; /* the defining op's name, quotes excluded; 0,0 for arguments */
} ms_def_info;

typedef struct ms_def_infos {
  ms_def_info *items;              /* sorted by start */
  size_t n, cap;
} ms_def_infos;

/* The definitions whose token starts in [start, end). */
void ms_facts_definitions(ms_session *s, uint32_t start, uint32_t end, ms_def_infos *out);
void ms_def_infos_free(ms_def_infos *d);
/* The definition starting at def_start, or NULL. */
const ms_def_info *ms_def_infos_find(const ms_def_infos *d, uint32_t def_start);

/* Shape knowledge of a document. */
typedef struct ms_shape_facts ms_shape_facts;
/* Of the ops overlapping [start, end) (0, UINT32_MAX: all). */
ms_shape_facts *ms_facts_shapes(ms_session *s, uint32_t start, uint32_t end);
void ms_shape_facts_free(ms_shape_facts *f);

/* The inferred type of the value defined at def_start into out ("" when
** unknown); true when known. *differs (when not NULL): the inferred shape
** differs from the declared type (the `refined` semantic-token modifier). */
bool ms_facts_inferred(const ms_shape_facts *f, uint32_t def_start, char *out, size_t n, bool *differs);

#endif
