/*
** check_output.c: selection, baselines, fixes, formats and exit status of
** `check` (check_output.h).
**
** The step, per finding as the file's pieces come in: suppression comments
** and file order (finding_stream.h), the config's severities,
** --select/--ignore, --quiet (lint.h); the baseline (baseline.h); then the
** report in the chosen format (report.h), to stdout or --output, or the
** baseline being written; counts for the statistics, the summary and the
** exit status. With --fix/--diff (fix.h) the filtered findings are kept
** per file and go on after the fixes. At the end the statistics, the
** baseline's fixed entries, the summary. Exit status: 1 when an error is
** left or the warnings exceed --max-warnings (--diff: when a fix would
** apply), 0 otherwise or with --exit-zero; 2 for usage and I/O errors.
*/
#include "check_output.h"
#include "options.h"
#include "suppress.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "finding_stream.h"
#include "fix.h"
#include "alloc.h"

const char ms_check_output_usage[] =
  "  --select CODE[,CODE]    report only these codes (repeatable)\n"
  "  --ignore CODE[,CODE]    do not report these codes (repeatable)\n"
  "  -q, --quiet             report errors only\n"
  "  --statistics            print the number of findings per code\n"
  "  --exit-zero             exit 0 even when errors are found\n"
  "  --max-warnings N        exit 1 when there are more than N warnings\n"
  "  --stdin-filename NAME   the name of - in reports (and where its config is found)\n"
  "  --color=WHEN            colors in text output: auto (default), always, never\n"
  "  -o, --output FILE       write the report to FILE\n"
  "  --baseline FILE         report only findings that are not in FILE\n"
  "  --write-baseline FILE   record the findings in FILE (and exit 0)\n"
  "  --fix                   apply the fixes of the findings that have one\n"
  "  --diff                  print the fixes as a unified diff; change nothing\n";

void ms_check_output_init(ms_check_output_options *o) {
  memset(o, 0, sizeof *o);
  o->format = MS_FORMAT_TEXT;
  o->max_warnings = -1;
}

void ms_check_output_clear(ms_check_output_options *o) { ms_code_filter_clear(&o->filter); }

int ms_check_output_option(int argc, char **argv, int *i, ms_check_output_options *o) {
  const char *a = argv[*i], *v;
  bool missing = false;
  char err[4096];
  if (!strcmp(a, "--quiet") || !strcmp(a, "-q")) o->quiet = true;
  else if (!strcmp(a, "--statistics")) o->statistics = true;
  else if (!strcmp(a, "--exit-zero")) o->exit_zero = true;
  else if (!strcmp(a, "--fix")) o->fix = true;
  else if (!strcmp(a, "--diff")) o->diff = true;
  else if (!strcmp(a, "--color") || !strcmp(a, "--colour")) {
    /* `--color WHEN` when a WHEN follows, else `--color` alone: always. */
    const char *next = *i + 1 < argc ? argv[*i + 1] : "";
    o->color = MS_COLOR_ALWAYS;
    if (!strcmp(next, "auto") || !strcmp(next, "always") || !strcmp(next, "never")) {
      o->color = next[0] == 'n' ? MS_COLOR_NEVER : next[1] == 'u' ? MS_COLOR_AUTO : MS_COLOR_ALWAYS;
      ++*i;
    }
  }
  else if ((v = ms_option_value(argc, argv, i, "--select", &missing)) || (v = ms_option_value(argc, argv, i, "--ignore", &missing))) {
    if (!ms_code_filter_add(&o->filter, a[2] == 's', v, err, sizeof err)) return ms_usage_error("check", "%s", err);
  } else if ((v = ms_option_value(argc, argv, i, "--max-warnings", &missing))) {
    char *end;
    long n = strtol(v, &end, 10);
    if (!*v || *end || n < -1) return ms_usage_error("check", "--max-warnings needs a number >= 0, not '%s'", v);
    o->max_warnings = n;
  } else if ((v = ms_option_value(argc, argv, i, "--stdin-filename", &missing))) {
    if (!*v) return ms_usage_error("check", "%s", "--stdin-filename needs a name");
    o->stdin_filename = v;
  } else if ((v = ms_option_value(argc, argv, i, "--color", &missing)) || (v = ms_option_value(argc, argv, i, "--colour", &missing))) {
    if (!strcmp(v, "auto")) o->color = MS_COLOR_AUTO;
    else if (!strcmp(v, "always")) o->color = MS_COLOR_ALWAYS;
    else if (!strcmp(v, "never")) o->color = MS_COLOR_NEVER;
    else return ms_usage_error("check", "--color must be auto, always or never, not '%s'", v);
  } else if ((v = ms_option_value(argc, argv, i, "--output", &missing)) || (v = ms_option_value(argc, argv, i, "-o", &missing))) {
    o->output = v;
  } else if ((v = ms_option_value(argc, argv, i, "--baseline", &missing))) {
    o->baseline = v;
  } else if ((v = ms_option_value(argc, argv, i, "--write-baseline", &missing))) {
    o->write_baseline = v;
  } else if (missing) {
    return ms_usage_error("check", "option '%s' needs a value", a);
  } else {
    return 0;
  }
  return 1;
}

/* ---- fixes ---- */

/* A file whose findings are kept for --fix, --diff. */
typedef struct kept_file {
  ms_source *src;
  const ms_catalog *catalog;
  ms_diag_list diags;
} kept_file;

typedef struct reanalysis {
  const ms_catalog *catalog;
  const ms_check_output_options *o;
} reanalysis;

static void reanalyze(void *ctx, const char *text, size_t len, ms_diag_list *out) {
  const reanalysis *r = ctx;
  ms_fix_analyze_text(r->catalog, r->o->strict, text, len, out);
  ms_lint_filter(text, len, r->catalog, &r->o->filter, false, out);
}

static bool is_stdin(const ms_source *src, const ms_check_output_options *o) {
  return !strcmp(src->name, "<stdin>") || (o->stdin_filename && !strcmp(src->name, o->stdin_filename));
}

static bool write_file(const char *path, const char *text, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(text, 1, len, f) == len;
  return fclose(f) == 0 && ok;
}

/* --fix and --diff for one file. Returns the number of fixes; -1 on I/O
** error. With --fix the file is rewritten and its findings replaced by
** those of the fixed text. */
static long fix_file(kept_file *f, const ms_check_output_options *o, FILE *out) {
  reanalysis r = {f->catalog, o};
  size_t newlen, applied;
  char *fixed = ms_fix_text(f->src->text, f->src->len, &f->diags, reanalyze, &r, &newlen, &applied);
  if (!fixed) return 0;
  if (o->diff) {
    char *name = ms_lint_path(f->src->name);
    ms_fix_diff(out, name, f->src->text, f->src->len, fixed, newlen);
    free(name);
    free(fixed);
    return (long)applied;
  }
  if (is_stdin(f->src, o)) {
    fwrite(fixed, 1, newlen, stdout);
  } else if (!write_file(f->src->name, fixed, newlen)) {
    fprintf(stderr, "mlir-shape: %s: cannot write: %s\n", f->src->name, strerror(errno));
    free(fixed);
    return -1;
  }
  char *name = ms_xstrdup(f->src->name);
  ms_source_close(f->src);
  ms_source_init_text(f->src, name, fixed, newlen);
  free(name);
  free(fixed);
  ms_diag_list_clear(&f->diags);
  reanalyze(&r, f->src->text, f->src->len, &f->diags);
  if (o->quiet) ms_lint_filter("", 0, NULL, NULL, true, &f->diags);
  return (long)applied;
}

/* ---- the step ---- */

struct ms_check_output {
  const ms_check_output_options *o;
  bool keep;                   /* --fix, --diff: findings kept per file */
  FILE *out;                   /* the report's stream */
  ms_report *report;           /* NULL while kept, or with --write-baseline */
  ms_baseline *base;
  ms_baseline_writer *writer;
  ms_report_counts counts;     /* of the findings reported */
  int status;
  /* The file being streamed. */
  ms_source *src;
  const ms_catalog *catalog;
  char *path;                  /* its ms_lint_path */
  ms_finding_stream stream;
  size_t reported;             /* its findings reported so far */
  uint32_t released;           /* its pages before this were dropped here */
  kept_file *kept;
  size_t nkept, capkept;
};

/* The report reads lines (and ops, for fingerprints) back from the mapped
** file behind the pieces, whose pages the workers dropped: every this many
** bytes it drops them again, so the resident set of a big file stays the
** pieces in flight. */
#define RELEASE_WINDOW (4u << 20)

static void release_to(ms_check_output *self, uint32_t upto) {
  if (upto <= self->released) return;
  ms_source_release(self->src, self->released, upto);
  self->released = upto;
}

static void release_behind(ms_check_output *self, uint32_t at) {
  if (self->src->len <= RELEASE_WINDOW || at < self->released + RELEASE_WINDOW) return;
  release_to(self, ms_source_line_start(self->src, ms_source_line_of(self->src, at)));
}

static void scan_released(void *ctx, size_t upto) {
  ms_check_output *self = ctx;
  if (self->src->len > RELEASE_WINDOW) release_to(self, (uint32_t)upto);
}

/* The baseline, then the report (or the baseline being written). */
static void pass_on(ms_check_output *self, ms_diagnostic *d) {
  release_behind(self, d->start);
  if (self->base && ms_baseline_match(self->base, self->path, self->src, d)) {
  } else if (self->writer) {
    ms_baseline_writer_add_one(self->writer, self->path, self->src, d);
  } else {
    if (d->severity == MS_SEVERITY_ERROR && !self->status) self->status = 1;
    ms_report_counts_add(&self->counts, d);
    self->reported++;
    ms_report_add(self->report, d);
  }
  ms_diag_free(d);
}

/* The stream's sink: levels and selection, then kept or passed on. */
static void take(void *ctx, ms_diagnostic *d) {
  ms_check_output *self = ctx;
  const ms_check_output_options *o = self->o;
  if (!ms_lint_keep(self->catalog, &o->filter, o->quiet, d)) {
    ms_diag_free(d);
  } else if (!self->keep) {
    pass_on(self, d);
  } else if (o->diff && !d->has_fix) {
    ms_diag_free(d);
  } else {
    /* --diff reads only the fix: the messages can go now. */
    if (o->diff) {
      free(d->message);
      free(d->related_message);
      d->message = d->related_message = NULL;
    }
    kept_file *k = &self->kept[self->nkept - 1];
    *MS_ARRAY_PUSH(k->diags.items, k->diags.count, k->diags.cap) = *d;
  }
}

/* Where the findings go after the filter: loads the baseline, opens the
** output (or the baseline being written). False after printing why. */
static bool start_report(ms_check_output *self) {
  const ms_check_output_options *o = self->o;
  if (o->baseline) {
    char err[1024];
    self->base = ms_baseline_load(o->baseline, err, sizeof err);
    if (!self->base) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      return false;
    }
  }
  if (o->write_baseline) {
    self->writer = ms_baseline_writer_new();
    return true;
  }
  self->out = stdout;
  if (o->output && !(self->out = fopen(o->output, "w"))) {
    fprintf(stderr, "mlir-shape: %s: cannot write: %s\n", o->output, strerror(errno));
    return false;
  }
  bool color = o->color == MS_COLOR_ALWAYS ||
               (o->color == MS_COLOR_AUTO && self->out == stdout && isatty(1) && !getenv("NO_COLOR") &&
                !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb")));
  ms_report_set_color(color && o->format == MS_FORMAT_TEXT);
  self->report = ms_report_new(self->out, o->format);
  return true;
}

static void check_output_free(ms_check_output *self) {
  ms_baseline_free(self->base);
  for (size_t i = 0; i < self->nkept; i++) ms_diag_list_clear(&self->kept[i].diags);
  free(self->kept);
  free(self);
}

ms_check_output *ms_check_output_new(const ms_check_output_options *o, int *status) {
  ms_check_output *self = ms_xcalloc(1, sizeof *self);
  self->o = o;
  /* The fixes come before the baseline and the report (as the findings
  ** of a fixed file are those of its new text). */
  self->keep = o->fix || o->diff;
  if (!self->keep && !start_report(self)) {
    check_output_free(self);
    *status = 2;
    return NULL;
  }
  return self;
}

static void begin(ms_check_output *self, ms_source *src, const ms_catalog *catalog) {
  assert(!self->src);
  self->src = src;
  self->catalog = catalog;
  self->path = ms_lint_path(src->name);
  self->reported = 0;
  self->released = 0;
  if (self->report) ms_report_begin_file(self->report, src);
}

static void end(ms_check_output *self) {
  if (self->reported) self->counts.files++;
  if (self->src->len > RELEASE_WINDOW) release_to(self, (uint32_t)self->src->len);
  free(self->path);
  self->path = NULL;
  self->src = NULL;
}

void ms_check_output_begin_file(ms_check_output *self, ms_source *src, const ms_catalog *catalog) {
  begin(self, src, catalog);
  if (self->keep) {
    kept_file *k = MS_ARRAY_PUSH(self->kept, self->nkept, self->capkept);
    *k = (kept_file){src, catalog, {0}};
  }
  /* Directives are read in windows whose pages are dropped behind. */
  ms_finding_stream_init(&self->stream, ms_suppressions_scan(src->text, src->len, scan_released, self), take, self);
  self->released = 0;
}

void ms_check_output_add(ms_check_output *self, ms_diag_list *diags, uint32_t frontier) {
  assert(self->src);
  ms_finding_stream_add(&self->stream, diags, frontier);
}

void ms_check_output_end_file(ms_check_output *self) {
  ms_finding_stream_finish(&self->stream);
  end(self);
}

/* --fix, --diff over the kept files. Returns -1 to go on to the report
** (their findings then pass on), else the exit status. */
static int finish_fixes(ms_check_output *self) {
  const ms_check_output_options *o = self->o;
  long total = 0;
  size_t nfixed = 0;
  for (size_t i = 0; i < self->nkept; i++) {
    kept_file *k = &self->kept[i];
    long n = fix_file(k, o, stdout);
    if (n < 0) self->status = 2;
    else if (n > 0) total += n, nfixed++;
  }
  if (o->diff) {
    if (total) fprintf(stderr, "%ld fix%s in %zu file%s would be applied (--fix)\n", total, total == 1 ? "" : "es",
                       nfixed, nfixed == 1 ? "" : "s");
    return self->status ? self->status : o->exit_zero || !total ? 0 : 1;
  }
  if (total) fprintf(stderr, "fixed %ld finding%s in %zu file%s\n", total, total == 1 ? "" : "s", nfixed,
                     nfixed == 1 ? "" : "s");
  bool to_stdout = false;
  for (size_t i = 0; i < self->nkept; i++) to_stdout |= is_stdin(self->kept[i].src, o);
  if (to_stdout) {
    /* The fixed text went to stdout: the findings left are only counted. */
    int status = self->status;
    for (size_t i = 0; i < self->nkept; i++)
      for (size_t d = 0; d < self->kept[i].diags.count; d++)
        if (self->kept[i].diags.items[d].severity == MS_SEVERITY_ERROR) status = status ? status : 1;
    return o->exit_zero && status == 1 ? 0 : status;
  }
  if (!start_report(self)) return 2;
  for (size_t i = 0; i < self->nkept; i++) {
    kept_file *k = &self->kept[i];
    begin(self, k->src, k->catalog);
    for (size_t d = 0; d < k->diags.count; d++) pass_on(self, &k->diags.items[d]);
    k->diags.count = 0;
    end(self);
  }
  return -1;
}

int ms_check_output_finish(ms_check_output *self) {
  const ms_check_output_options *o = self->o;
  assert(!self->src);
  int status = self->keep ? finish_fixes(self) : -1;
  if (status >= 0) {
    check_output_free(self);
    return status;
  }
  status = self->status;
  if (self->writer) {
    size_t count;
    char err[1024];
    if (!ms_baseline_writer_save(self->writer, o->write_baseline, &count, err, sizeof err)) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      check_output_free(self);
      return 2;
    }
    fprintf(stderr, "mlir-shape: wrote %zu finding%s to %s\n", count, count == 1 ? "" : "s", o->write_baseline);
    check_output_free(self);
    /* Findings do not set the status here. */
    return status;
  }
  ms_report_end(self->report);
  FILE *out = self->out;
  /* Extra lines go where they do not break a machine-read stdout. */
  FILE *extra = o->format == MS_FORMAT_TEXT || out != stdout ? stdout : stderr;
  fflush(out);
  if (o->statistics) ms_report_counts_statistics(&self->counts, extra);
  if (self->base) ms_baseline_print_fixed(self->base, extra);
  fflush(stdout);
  if (o->format == MS_FORMAT_TEXT) {
    char summary[256];
    if (ms_report_summary_counts(self->counts.severity, self->counts.files, summary, sizeof summary))
      fprintf(stderr, "%s\n", summary);
  }
  size_t warnings = self->counts.severity[MS_SEVERITY_WARNING];
  if (o->max_warnings >= 0 && warnings > (size_t)o->max_warnings) {
    fprintf(stderr, "mlir-shape: %zu warning%s, more than --max-warnings %ld\n", warnings, warnings == 1 ? "" : "s",
            o->max_warnings);
    if (!status) status = 1;
  }
  /* A write that failed on the way (a full device) leaves the stream's
  ** error flag set even when the final flush succeeds. */
  errno = 0;
  bool failed = ferror(out);
  if (out != stdout && (fclose(out) != 0 || failed)) {
    fprintf(stderr, "mlir-shape: %s: cannot write: %s\n", o->output, errno ? strerror(errno) : "write error");
    status = 2;
  }
  check_output_free(self);
  return o->exit_zero && status == 1 ? 0 : status;
}
