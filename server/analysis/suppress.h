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

#endif
