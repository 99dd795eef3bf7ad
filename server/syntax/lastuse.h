/*
** lastuse.h: where each name of a long function's body is written for the
** last time, so that its value table keeps a value only as long as a later
** op can name it (flow.h).
**
** `check` cuts the body of a long function into pieces (cut.c,
** MS_UNIT_FLOW_*) and judges them in order against one value table.
** Values flow forward: once the text past a point no longer names a value,
** no later op can use it, and the table may drop it. A backward pass over
** the function's pieces (each lexed forward, its tokens taken in reverse),
** before any piece is parsed, marks the *last occurrences*: every `%name`
** (`%x`, `%x#1`, `%x:2` all name `%x`) after which the text names `%x`
** again only where it must be another value: nowhere, or after a
** definition of `%x` that shadows it. What the pass keeps is the set of
** names written further on and not yet defined (the values live at that
** point, never the whole function's) and one bit per occurrence.
**
** A definition ends a name's life (going backward) only where it is
** certain: results written at the start of a line (`%a, %b:2 = ...`) and a
** block's arguments (`^bb0(%x: ...)`), in a bracket that holds every later
** occurrence of the name (a region of a nested op may define its own `%x`;
** one isolated from above may even reuse the name of a value of the body,
** which is still live after it). Anything else is taken for a use: a
** missed definition keeps a value longer, never drops it early.
*/
#ifndef MS_LASTUSE_H
#define MS_LASTUSE_H

#include <stddef.h>
#include <stdint.h>

#include "source.h"
#include "ssa.h"

typedef struct ms_lastuse ms_lastuse;

/* The last occurrences of the names of the cut function whose units are
** units[0..count): the head (MS_UNIT_FLOW_FIRST, its first range: the
** function op up to the first cut) and the pieces of its body. Reads their
** text backward, piece by piece, releasing each one's pages. */
ms_lastuse *ms_lastuse_scan(const ms_source *src, const ms_unit *units, size_t count);

/* Calls fn(ctx, name) for every last occurrence in the first range of unit
** i (0: the head) of the scan, in text order: name is `%x` as written, its
** `#k` or `:k` left out. Reads only self (any thread may call it). */
void ms_lastuse_each(const ms_lastuse *self, const ms_source *src, size_t i, const ms_unit *unit,
                     void (*fn)(void *ctx, ms_span name), void *ctx);

void ms_lastuse_delete(ms_lastuse *self);

#endif
