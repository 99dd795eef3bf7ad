/*
** check_output.c: selection, baselines, fixes, formats and exit status of
** `check` (check_output.h).
**
** The step, per file: ms_lint_filter (suppression comments, the config's
** severities, --select/--ignore, --quiet); --fix/--diff (fix.h); the
** baseline (baseline.h). Then the report in the chosen format, to stdout
** or --output, the statistics, the baseline's fixed entries, the summary.
** Exit status: 1 when an error is left or the warnings exceed
** --max-warnings (--diff: when a fix would apply), 0 otherwise or with
** --exit-zero; 2 for usage and I/O errors.
*/
#include "check_output.h"
#include "options.h"
#include "suppress.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
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
  char err[1400];
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

typedef struct reanalysis {
  const ms_catalog *catalog;
  const ms_check_output_options *o;
} reanalysis;

static void reanalyze(void *ctx, const char *text, size_t len, ms_diag_list *out) {
  const reanalysis *r = ctx;
  ms_fix_analyze_text(r->catalog, r->o->strict, text, len, out);
  ms_lint_filter(text, len, r->catalog, &r->o->filter, false, out);
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
static long fix_file(ms_check_file *f, const ms_check_output_options *o, FILE *out) {
  reanalysis r = {f->catalog, o};
  size_t newlen, applied;
  char *fixed = ms_fix_text(f->src->text, f->src->len, f->diags, reanalyze, &r, &newlen, &applied);
  if (!fixed) return 0;
  if (o->diff) {
    char *name = ms_lint_path(f->src->name);
    ms_fix_diff(out, name, f->src->text, f->src->len, fixed, newlen);
    free(name);
    free(fixed);
    return (long)applied;
  }
  bool is_stdin = !strcmp(f->src->name, "<stdin>") || (o->stdin_filename && !strcmp(f->src->name, o->stdin_filename));
  if (is_stdin) {
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
  ms_diag_list_clear(f->diags);
  reanalyze(&r, f->src->text, f->src->len, f->diags);
  if (o->quiet) ms_lint_filter("", 0, NULL, NULL, true, f->diags);
  return (long)applied;
}

/* ---- the step ---- */

/* Whether src holds a suppression directive. A big mapped file is read in
** windows whose pages are dropped behind (the pipeline dropped them once
** already: reading them all again here would make the resident set grow
** with the file). */
#define SCAN_WINDOW (4u << 20)
static bool has_directives(const ms_source *src) {
  if (src->len <= SCAN_WINDOW) return ms_suppress_present(src->text, src->len);
  for (size_t at = 0; at < src->len; at += SCAN_WINDOW) {
    size_t end = at + SCAN_WINDOW + 32 < src->len ? at + SCAN_WINDOW + 32 : src->len; /* a name across the edge */
    bool found = ms_suppress_present(src->text + at, end - at);
    ms_source_release(src, (uint32_t)at, (uint32_t)end);
    if (found) return true;
  }
  return false;
}

int ms_check_output_finish(ms_check_file *files, size_t n, const ms_check_output_options *o) {
  int status = 0;
  for (size_t i = 0; i < n; i++) {
    /* Without directives the filter needs no text (levels, selection). */
    const ms_source *src = files[i].src;
    bool text = has_directives(src);
    ms_lint_filter(text ? src->text : "", text ? src->len : 0, files[i].catalog, &o->filter, o->quiet,
                   files[i].diags);
  }

  if (o->fix || o->diff) {
    long total = 0;
    size_t nfixed = 0;
    for (size_t i = 0; i < n; i++) {
      long k = fix_file(&files[i], o, stdout);
      if (k < 0) status = 2;
      else if (k > 0) total += k, nfixed++;
    }
    if (o->diff) {
      if (total) fprintf(stderr, "%ld fix%s in %zu file%s would be applied (--fix)\n", total, total == 1 ? "" : "es",
                         nfixed, nfixed == 1 ? "" : "s");
      return status ? status : o->exit_zero || !total ? 0 : 1;
    }
    if (total) fprintf(stderr, "fixed %ld finding%s in %zu file%s\n", total, total == 1 ? "" : "s", nfixed,
                       nfixed == 1 ? "" : "s");
    bool to_stdout = false;
    for (size_t i = 0; i < n; i++)
      to_stdout |= !strcmp(files[i].src->name, "<stdin>") ||
                   (o->stdin_filename && !strcmp(files[i].src->name, o->stdin_filename));
    if (to_stdout) {
      /* The fixed text went to stdout: the findings left are only counted. */
      for (size_t i = 0; i < n; i++)
        for (size_t d = 0; d < files[i].diags->count; d++)
          if (files[i].diags->items[d].severity == MS_SEVERITY_ERROR) status = status ? status : 1;
      return o->exit_zero && status == 1 ? 0 : status;
    }
  }

  ms_baseline *base = NULL;
  if (o->baseline) {
    char err[1024];
    base = ms_baseline_load(o->baseline, err, sizeof err);
    if (!base) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      return 2;
    }
    for (size_t i = 0; i < n; i++) ms_baseline_filter(base, files[i].src, files[i].diags);
  }
  if (o->write_baseline) {
    ms_baseline_writer *w = ms_baseline_writer_new();
    for (size_t i = 0; i < n; i++) ms_baseline_writer_add(w, files[i].src, files[i].diags);
    size_t count;
    char err[1024];
    if (!ms_baseline_writer_save(w, o->write_baseline, &count, err, sizeof err)) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      ms_baseline_free(base);
      return 2;
    }
    fprintf(stderr, "mlir-shape: wrote %zu finding%s to %s\n", count, count == 1 ? "" : "s", o->write_baseline);
    ms_baseline_free(base);
    return status;
  }

  FILE *out = stdout;
  if (o->output && !(out = fopen(o->output, "w"))) {
    fprintf(stderr, "mlir-shape: %s: cannot write: %s\n", o->output, strerror(errno));
    ms_baseline_free(base);
    return 2;
  }
  bool color = o->color == MS_COLOR_ALWAYS ||
               (o->color == MS_COLOR_AUTO && out == stdout && isatty(1) && !getenv("NO_COLOR") &&
                !(getenv("TERM") && !strcmp(getenv("TERM"), "dumb")));
  ms_report_set_color(color && o->format == MS_FORMAT_TEXT);

  ms_report_file *rf = ms_xcalloc(n + 1, sizeof *rf);
  if (!rf) abort();
  size_t warnings = 0;
  for (size_t i = 0; i < n; i++) {
    rf[i] = (ms_report_file){files[i].src, files[i].diags};
    for (size_t d = 0; d < files[i].diags->count; d++) {
      ms_severity s = files[i].diags->items[d].severity;
      if (s == MS_SEVERITY_ERROR && !status) status = 1;
      warnings += s == MS_SEVERITY_WARNING;
    }
  }
  switch (o->format) {
    case MS_FORMAT_TEXT:
      for (size_t f = 0; f < n; f++) ms_report_text(out, rf[f].source, rf[f].diags);
      break;
    case MS_FORMAT_GITHUB:
      ms_report_github(out, rf, n);
      break;
    default: {
      char *doc = o->format == MS_FORMAT_JSON    ? ms_report_json(rf, n)
                  : o->format == MS_FORMAT_SARIF ? ms_report_sarif(rf, n)
                                                 : ms_report_gitlab(rf, n);
      if (doc) fputs(doc, out);
      free(doc);
    }
  }
  /* Extra lines go where they do not break a machine-read stdout. */
  FILE *extra = o->format == MS_FORMAT_TEXT || out != stdout ? stdout : stderr;
  fflush(out);
  if (o->statistics) ms_report_statistics(extra, rf, n);
  if (base) ms_baseline_print_fixed(base, extra);
  fflush(stdout);
  if (o->format == MS_FORMAT_TEXT) {
    char summary[256];
    if (ms_report_summary(rf, n, summary, sizeof summary)) fprintf(stderr, "%s\n", summary);
  }
  if (o->max_warnings >= 0 && warnings > (size_t)o->max_warnings) {
    fprintf(stderr, "mlir-shape: %zu warning%s, more than --max-warnings %ld\n", warnings, warnings == 1 ? "" : "s",
            o->max_warnings);
    if (!status) status = 1;
  }
  if (out != stdout && fclose(out) != 0) {
    fprintf(stderr, "mlir-shape: %s: cannot write: %s\n", o->output, strerror(errno));
    status = 2;
  }
  free(rf);
  ms_baseline_free(base);
  return o->exit_zero && status == 1 ? 0 : status;
}
