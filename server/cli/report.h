/*
** report.h: how `check` prints diagnostics: text (gcc-like, with the source
** line and a caret), json (LSP positions) and sarif (2.1.0, for GitHub code
** scanning).
**
** Reports read a file's diagnostics (diag.h: byte ranges) and its source
** (source.h: the line index) and never change either. Every format is
** written one finding at a time (ms_report_new, _begin_file, _add, _end), so a
** run's findings are never held together; the machine formats are still
** one document per run, byte for byte what printing it whole gives.
*/
#ifndef MS_REPORT_H
#define MS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "source.h"

typedef enum ms_format { MS_FORMAT_TEXT, MS_FORMAT_JSON, MS_FORMAT_SARIF, MS_FORMAT_GITHUB, MS_FORMAT_GITLAB } ms_format;

/* "text", "json", "sarif", "github", "gitlab"; false when unknown. */
bool ms_format_from_name(const char *name, ms_format *out);

/* One checked file: its source and its diagnostics, sorted by position. */
typedef struct ms_report_file {
  const ms_source *source;
  const ms_diag_list *diags;
} ms_report_file;

/* Text output with ANSI colors (off by default). */
void ms_report_set_color(bool on);

/* GitHub Actions workflow commands, one per finding:
** "::error file=F,line=L,endLine=L2,col=C,endColumn=C2,title=mlir-shape CODE::MESSAGE"
** (error, warning, notice), escaped as GitHub specifies. */
void ms_report_github(FILE *out, const ms_report_file *files, size_t nfiles);

/* GitLab code quality (Code Climate) JSON array. Caller frees. */
char *ms_report_gitlab(const ms_report_file *files, size_t nfiles);

/* A report being written to out: json and gitlab write their opening now,
** each finding as it is added, their closing at the end. SARIF lists the
** run's codes before its results, so its results are spooled (a temporary
** file) and the whole log is written by ms_report_end. */
typedef struct ms_report ms_report;
ms_report *ms_report_new(FILE *out, ms_format format);
/* The file of the findings added next (files in order, each once). */
void ms_report_begin_file(ms_report *self, const ms_source *src);
/* One finding of that file; findings come in the file's order. */
void ms_report_add(ms_report *self, const ms_diagnostic *d);
/* Writes the rest of the document and frees self. */
void ms_report_end(ms_report *self);

/* What the closing lines of `check` need: findings counted as they are
** reported. */
#define MS_REPORT_MAX_CODES 256
typedef struct ms_report_code_count {
  const char *code;            /* static (a code of the registry) */
  size_t count;
} ms_report_code_count;

typedef struct ms_report_counts {
  size_t severity[5];          /* indexed by ms_severity */
  size_t files;                /* files with findings (the caller counts them) */
  ms_report_code_count codes[MS_REPORT_MAX_CODES];
  size_t ncodes;
} ms_report_counts;

void ms_report_counts_add(ms_report_counts *self, const ms_diagnostic *d);

/* "--statistics": one line per code, "COUNT  CODE  SUMMARY", most first. */
void ms_report_counts_statistics(const ms_report_counts *self, FILE *out);

/* The word of a severity in text output: error, warning, note, hint. */
const char *ms_report_severity_word(ms_severity severity);

/* Prints "FILE:LINE:COL: WORD: MESSAGE" (1-based line, column in bytes + 1)
** then the source line and a caret line under [start, end) clipped to that
** line. `suffix` (e.g. " [code]") follows the message; may be NULL. */
void ms_report_text_message(FILE *out, const ms_source *src, uint32_t start, uint32_t end,
                            const char *word, const char *message, const char *suffix);

/* Prints every diagnostic of one file in text format (related information
** as an indented note line). */
void ms_report_text(FILE *out, const ms_source *src, const ms_diag_list *diags);

/* Counts over files; the summary line ("2 errors, 1 warning in 3 files",
** the files being those with findings) into buf. Returns false, leaving
** buf empty, when there are no findings. */
bool ms_report_summary(const ms_report_file *files, size_t nfiles, char *buf, size_t buflen);

/* The same line from counts (check's streamed text output keeps only
** those): count[severity] findings (indexed by ms_severity, 5 entries) in
** `with` files that have any. */
bool ms_report_summary_counts(const size_t count[5], size_t with, char *buf, size_t buflen);

/* The json document {"version":1,"diagnostics":[...]} (0-based lines,
** characters in UTF-16 code units), unformatted, newline-terminated.
** Caller frees. */
char *ms_report_json(const ms_report_file *files, size_t nfiles);

/* The SARIF 2.1.0 log of one run, formatted, newline-terminated. Caller
** frees. */
char *ms_report_sarif(const ms_report_file *files, size_t nfiles);

/* A one-sentence description of a finding code (SARIF's shortDescription);
** a generic sentence for codes it does not know. */
const char *ms_report_code_description(const char *code);

/* SARIF artifact URI of a path: relative paths percent-encoded as they are
** (leading "./" dropped), absolute ones relative to the working directory
** when below it, else file:// URIs. Caller frees. */
char *ms_report_uri(const char *path);

#endif
