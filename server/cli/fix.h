/*
** fix.h: `check --fix` and `check --diff`.
**
** A fix is carried by its diagnostic (diag.h: replace [fix_start, fix_end)
** by fix_text); the analyzer attaches them (the result type the operands
** infer, the definition's type at a use) and only to errors, so a fix never
** changes what a valid file means. New kinds of fix are new producers of
** that field; nothing here changes. Fixes are applied in text order,
** skipping any that overlaps one already taken; the text is analysed again
** and fixed again (a corrected result type can make its uses wrong) until
** no fix is left, at most MS_FIX_MAX_PASSES times.
*/
#ifndef MS_FIX_H
#define MS_FIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "aliases.h"
#include "catalog.h"
#include "diag.h"

#define MS_FIX_MAX_PASSES 8

/* The findings of a whole text, as `check` would report them (fn fills out,
** which is empty on entry). */
typedef void (*ms_fix_analyze_fn)(void *ctx, const char *text, size_t len, ms_diag_list *out);

/* Applies the fixes of diags (findings of text), then of fn's findings of
** the result, pass after pass (fn may be NULL: one pass). Returns the fixed
** text (caller frees) and its length in *newlen, or NULL when no fix
** applied. *napplied counts the fixes. */
char *ms_fix_text(const char *text, size_t len, const ms_diag_list *diags, ms_fix_analyze_fn fn, void *ctx,
                  size_t *newlen, size_t *napplied);

/* Analyses a whole text (syntax, rules, SSA types) into out. */
void ms_fix_analyze_text(const ms_catalog *catalog, bool strict, const char *text, size_t len, ms_diag_list *out);

/* A unified diff (`--- a/NAME`, `+++ b/NAME`, 3 lines of context) of a to
** b. */
void ms_fix_diff(FILE *out, const char *name, const char *a, size_t alen, const char *b, size_t blen);

#endif
