/*
** baseline.h: `check --write-baseline FILE` and `check --baseline FILE`.
**
** A baseline is a JSON file of today's findings:
**   {"version": 1, "findings": [{"file": "a.mlir", "code": "result-dim",
**     "fingerprint": "0123456789abcdef", "line": 4, "message": "..."}]}
** Findings match by file (lint.h's ms_lint_path), code and fingerprint
** (lint.h: the op's text, not its line), each entry at most once; line and
** message are only shown. Entries that match no finding are "fixed".
*/
#ifndef MS_BASELINE_H
#define MS_BASELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "source.h"

typedef struct ms_baseline ms_baseline;

/* Reads a baseline; NULL with a message in err on error. */
ms_baseline *ms_baseline_load(const char *path, char *err, size_t errlen);
void ms_baseline_free(ms_baseline *b);

/* Whether the baseline holds d, a finding of src whose ms_lint_path is
** `file`: an entry no finding matched yet, which is then marked matched
** (the first such entry in the file's order). */
bool ms_baseline_match(ms_baseline *b, const char *file, const ms_source *src, const ms_diagnostic *d);


/* Prints the entries no finding matched: "fixed since the baseline: ..."
** lines. Returns their count. */
size_t ms_baseline_print_fixed(const ms_baseline *b, FILE *out);

/* A baseline being written: add the findings as they come, then save.
** Entries are spooled to a temporary file as they are added (the file at
** `path` is written only by the save, as a whole). */
typedef struct ms_baseline_writer ms_baseline_writer;
ms_baseline_writer *ms_baseline_writer_new(void);
/* One finding of src, whose ms_lint_path is `file`. */
void ms_baseline_writer_add_one(ms_baseline_writer *w, const char *file, const ms_source *src, const ms_diagnostic *d);
/* Writes the file (entries in the order added) and frees w. False with
** err on I/O error. *count gets the number of entries. */
bool ms_baseline_writer_save(ms_baseline_writer *w, const char *path, size_t *count, char *err, size_t errlen);

#endif
