/*
** report.h: how `check` prints diagnostics: text (gcc-like, with the source
** line and a caret), json (LSP positions) and sarif (2.1.0, for GitHub code
** scanning).
**
** Reports read a file's diagnostics (diag.h: byte ranges) and its source
** (source.h: the line index) and never change either. The machine formats
** are built for all files at once, as one document; text is printed file by
** file.
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

/* "--statistics": one line per code, "COUNT  CODE  SUMMARY", most first. */
void ms_report_statistics(FILE *out, const ms_report_file *files, size_t nfiles);

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
