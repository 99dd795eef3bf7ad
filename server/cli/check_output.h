/*
** check_output.h: the CI side of `check`: the options that decide which
** findings are reported and how (selection, baseline, fixes, formats,
** exit status), and the step from analysed files to output.
**
** cmd_check.c parses its own options and hands the rest to
** ms_check_output_option; after analysis it calls ms_check_output_finish
** with every file's source, catalog and sorted diagnostics.
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

typedef struct ms_check_file {
  ms_source *src;              /* may be replaced (re-opened) by --fix */
  const ms_catalog *catalog;
  ms_diag_list *diags;         /* filtered in place */
} ms_check_file;

/* Filters, fixes, baselines and prints; returns the exit status. */
int ms_check_output_finish(ms_check_file *files, size_t n, const ms_check_output_options *o);

#endif
