/*
** finding_stream.h: one file's findings, in file order, as `check`'s
** pieces of it arrive, through the file's suppression comments.
**
** The pieces of a file are analysed on the worker pool and collected in
** the file's unit order (source.h); a piece's findings, and the ops they
** are about, all start inside its ranges. So once a piece is in, every
** finding before the next piece's start is known and can be handed on in
** the order a sort of the whole file's findings gives (ms_diag_list_sort:
** by start, then end, then arrival); the rest (the skeleton's tail, after
** the module) waits in `pending`. Suppressed findings are dropped as they
** arrive (ms_suppressions_match needs only the directives); a directive
** that suppressed nothing gets its unused-suppression warning at its place
** in that order, which is known once no later finding can use it
** (ms_suppressions_directive's `settled`): findings after an unsettled
** directive wait for it. That is the only case where a file's findings
** pile up: after a range directive whose codes a later enable does not
** end, until the chunk's end.
*/
#ifndef MS_FINDING_STREAM_H
#define MS_FINDING_STREAM_H

#include <stdint.h>

#include "diag.h"
#include "suppress.h"

/* Gets each finding in order; d's strings are then the sink's (to free
** with ms_diag_free), d itself is not. */
typedef void (*ms_finding_sink)(void *ctx, ms_diagnostic *d);

typedef struct ms_finding_stream {
  ms_suppressions *supp;       /* owned; NULL when the file has no directives */
  size_t directive;            /* the next directive to place */
  ms_diag_list pending;        /* sorted; items from `head` on are not handed on yet */
  size_t head;
  uint32_t frontier;           /* every finding still to come (and its op) starts here or later */
  ms_finding_sink sink;
  void *ctx;
} ms_finding_stream;

/* Starts a file; takes supp (may be NULL). */
void ms_finding_stream_init(ms_finding_stream *self, ms_suppressions *supp, ms_finding_sink sink, void *ctx);

/* Takes a piece's findings (diags is left empty): each starts at or after
** the frontier of the previous call (0 at first); every finding of the
** pieces still to come will start at or after `frontier`. Hands on all
** that can go. */
void ms_finding_stream_add(ms_finding_stream *self, ms_diag_list *diags, uint32_t frontier);

/* The file is complete: hands on the rest, frees everything. */
void ms_finding_stream_finish(ms_finding_stream *self);

#endif
