/*
** lint.h: what `check` does between analysis and output.
**
** For each file, in this order: suppression comments (suppress.h, with
** `unused-suppression` warnings), the config's levels (a loaded rule file's
** "severity" and "ignore", catalog.h), --select/--ignore, --quiet. Also the
** fingerprint of a finding that baselines and SARIF partialFingerprints
** use: the file's code and the text of the finding's op (SSA names and
** blanks normalized) and the finding's place inside the op, but not its
** line, so edits elsewhere in the file leave it unchanged.
*/
#ifndef MS_LINT_H
#define MS_LINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "diag.h"

/* --select / --ignore (each repeatable, comma-separated). */
typedef struct ms_code_filter {
  char **select, **ignore;
  size_t nselect, nignore;
} ms_code_filter;

/* Adds the codes of `list` ("a,b") to f's select or ignore set. False, with
** "unknown code 'x' (valid codes: ...)" in err, when a code is not
** registered (codes.h). */
bool ms_code_filter_add(ms_code_filter *f, bool select, const char *list, char *err, size_t errlen);
void ms_code_filter_clear(ms_code_filter *f);

/* Whether the filter lets code through. */
bool ms_code_filter_allows(const ms_code_filter *f, const char *code);

/* The config's level (a rule file's "severity", which may change d's) and
** --select/--ignore/--quiet for one finding: whether it is reported. */
bool ms_lint_keep(const ms_catalog *catalog, const ms_code_filter *f, bool quiet, ms_diagnostic *d);

/* The whole step for one file's sorted diagnostics (text is the file's). */
void ms_lint_filter(const char *text, size_t len, const ms_catalog *catalog, const ms_code_filter *f, bool quiet,
                    ms_diag_list *diags);

/* The fingerprint of d in text: 16 hex digits into out[17]. */
void ms_lint_fingerprint(const char *text, size_t len, const ms_diagnostic *d, char out[17]);

/* A path as findings are matched across runs: relative to the working
** directory when below it, without leading "./". Caller frees. */
char *ms_lint_path(const char *name);

#endif
