/*
** attr_forms.h: the bodies of dialect attributes checked as the dialect's
** own attribute parser reads them.
**
** A rule file's "attributes" section (rules/README.md) names a dialect
** attribute kind (`#stablehlo.conv`) and the form its `<...>` body is
** written in; this module reads such a body and tells what that parser
** rejects, with its message. Pure and allocation-free: text in, a verdict,
** an offset into the body and a message out. Forms:
**   - "conv_dims": `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, each side
**     naming its two non-spatial dims (b/f, i/o) once and the spatial dims
**     0..N-1 once each (the `raw ...` spelling is not read);
**   - "struct": `key = [...], ...` whose keys are among the declared ones,
**     each at most once, separated by commas (a trailing one allowed);
**     values are bracketed lists (their contents are not read).
** Whatever is not modelled (a value's own syntax, an unknown spelling)
** is not read: silent, never guessed.
*/
#ifndef MS_ATTR_FORMS_H
#define MS_ATTR_FORMS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum ms_form_verdict {
  MS_FORM_UNREAD = -1, /* not read: nothing to say */
  MS_FORM_OK = 0,
  MS_FORM_REJECTED = 1 /* *at and why say where and what the dialect's parser says */
} ms_form_verdict;

/* body: the text between the attribute's `<` and its closing `>`.
** keys/nkeys: a struct's keys in the parser's order (unused otherwise). */
ms_form_verdict ms_attr_form_check(const char *form, const char *const *keys, int nkeys, const char *body,
                                   size_t len, size_t *at, char *why, size_t n);

#endif
