/*
** check_output.h: the CI side of `check`: the options that decide which
** findings are reported and how (selection, baseline, fixes, formats,
** exit status), and the step from analysed files to output.
**
** cmd_check.c parses its own options and hands the rest to
** ms_check_output_option, then hands over each piece's findings as the
** worker pool delivers them, in file order.
*/
#ifndef MS_CHECK_OUTPUT_H
#define MS_CHECK_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"
#include "diag.h"
#include "lint.h"
#include "report.h"
#include "source.h"

typedef enum ms_color { MS_COLOR_AUTO, MS_COLOR_ALWAYS, MS_COLOR_NEVER } ms_color;

typedef struct ms_check_output_options {
  ms_format format;
  bool strict;                 /* copied from check's --strict (fix passes re-analyse) */
  ms_code_filter filter;       /* --select, --ignore */
  bool quiet, statistics, exit_zero, fix, diff;
  long max_warnings;           /* -1: no limit */
  ms_color color;
  const char *output;          /* --output FILE, or NULL for stdout */
  const char *baseline, *write_baseline;
  const char *stdin_filename;  /* --stdin-filename NAME, or NULL */
} ms_check_output_options;

void ms_check_output_init(ms_check_output_options *o);
void ms_check_output_clear(ms_check_output_options *o);

/* Reads argv[*i] (and its value, advancing *i) when it is one of these
** options. Returns 1 when consumed, 0 when not one of them, 2 after
** printing a usage error. */
int ms_check_output_option(int argc, char **argv, int *i, ms_check_output_options *o);

/* The options' lines of `check --help`. */
extern const char ms_check_output_usage[];

/* The step for one run, fed one file at a time and each file piece by
** piece, in file order: findings are filtered, looked up in the baseline
** and written (or recorded in the baseline being written) as they come,
** then freed, so memory does not grow with the number of findings. Only
** --fix and --diff keep every file's findings until the end (a fix needs
** all of a file's, and the report of a fixed run follows all the fixes);
** --diff keeps only those with a fix, without their messages. */
typedef struct ms_check_output ms_check_output;

/* Starts the step (loads --baseline, opens --output, writes a document's
** opening). NULL, after printing why, when it cannot: *status is then the
** exit status. */
ms_check_output *ms_check_output_new(const ms_check_output_options *o, int *status);

/* A file's findings: begin, then each piece's (taken from diags: every
** finding of the pieces still to come starts at or after `frontier`),
** then end. src stays open until ms_check_output_finish (--fix may
** replace it). */
void ms_check_output_begin_file(ms_check_output *self, ms_source *src, const ms_catalog *catalog);
void ms_check_output_add(ms_check_output *self, ms_diag_list *diags, uint32_t frontier);
void ms_check_output_end_file(ms_check_output *self);

/* Fixes, the end of the report, statistics, the baseline's fixed entries,
** the summary; frees self and returns the exit status. */
int ms_check_output_finish(ms_check_output *self);

#endif
