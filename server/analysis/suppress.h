/*
** suppress.h: suppression comments, as ESLint spells them.
**
**   // mlir-shape-disable-next-line CODE[, CODE]...   the op on the next line
**   %0 = ... // mlir-shape-disable-line CODE...       the op on this line
**   // mlir-shape-disable CODE...                     from here to the matching
**   // mlir-shape-enable CODE...                      enable, or to the end of the
**                                                     file or `// -----` chunk
**
** Without codes a directive covers every code; codes are separated by
** commas or spaces, and `-- text` after them is a comment. A finding's line
** is the first line of its op (diag.h op_start) when known, else the line
** where it starts. A directive that suppresses nothing (or names a code
** that suppressed nothing, or an unknown code) becomes a warning with code
** `unused-suppression` at the directive. Used by `check` and by the
** language server's published diagnostics.
*/
#ifndef MS_SUPPRESS_H
#define MS_SUPPRESS_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Whether text holds anything that looks like a directive (a quick test
** before the work of ms_suppress_apply). */
bool ms_suppress_present(const char *text, size_t len);

/* Removes (and frees) the diagnostics of `diags` that a directive of text
** suppresses, then appends an `unused-suppression` warning per directive
** that suppressed nothing (when report_unused), and sorts the list.
** Returns the number of suppressed diagnostics. */
size_t ms_suppress_apply(const char *text, size_t len, ms_diag_list *diags, bool report_unused);

/* The same one finding at a time, for a caller that never holds a text's
** findings together (`check` streams them): the directives of a text,
** found by one pass that keeps no per-line state, so a big file costs
** the directives, not its lines. */
typedef struct ms_suppressions ms_suppressions;

/* Called with the offset up to which the pass has read the text (a mapped
** file's pages behind it can go). */
typedef void (*ms_suppress_release_fn)(void *ctx, size_t upto);

/* The directives of text, or NULL when it has none. `release` may be NULL. */
ms_suppressions *ms_suppressions_scan(const char *text, size_t len, ms_suppress_release_fn release, void *ctx);
void ms_suppressions_free(ms_suppressions *self);

/* Whether a directive suppresses d (marking the directive used). */
bool ms_suppressions_match(ms_suppressions *self, const ms_diagnostic *d);

/* The number of directives, in text order. */
size_t ms_suppressions_count(const ms_suppressions *self);

/* Directive i: the range of its comment (where its unused-suppression
** warning goes) and the offset from which on its use is settled: no
** finding whose start and op start are both at or after `settled` can be
** suppressed by it (UINT32_MAX: only the end of the text settles it). */
void ms_suppressions_directive(const ms_suppressions *self, size_t i, uint32_t *start, uint32_t *end,
                               uint32_t *settled);

/* Appends directive i's unused-suppression warning to out when it has one
** (it suppressed nothing, or not every code it names); false otherwise. */
bool ms_suppressions_unused(const ms_suppressions *self, size_t i, ms_diag_list *out);

#endif
