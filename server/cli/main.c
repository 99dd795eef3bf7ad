/*
** main.c: entry point of build/mlir-shape.
**
** Only global options (--help, --version) and the subcommand name are read
** here; everything else belongs to the subcommand (commands.h).
*/
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "commands.h"

#ifndef MS_VERSION
#define MS_VERSION "0.0.0"
#endif
/* The commit the build came from (the Makefile's COMMIT: 12 hex digits, with
** "-dirty" when tracked files differed from it); empty outside git. */
#ifndef MS_COMMIT
#define MS_COMMIT ""
#endif

static const char usage[] =
  "usage: mlir-shape COMMAND [OPTIONS] [ARGS]\n"
  "\n"
  "Shape checking for MLIR: broadcast rules, a linter and a language server.\n"
  "\n"
  "commands:\n"
  "  check [OPTIONS] PATH...     lint MLIR files (directories: every *.mlir below; - is stdin)\n"
  "  shapes [OPTIONS] PATH...    list every SSA value's declared and inferred type\n"
  "  lsp                         run the language server on stdin/stdout\n"
  "  broadcast --rule=R SHAPE... compute a broadcast result shape\n"
  "  explain CODE                what a finding code means, with examples (--list: all codes)\n"
  "\n"
  "options:\n"
  "  -h, --help                  show this help (COMMAND --help for a command's own)\n"
  "  --version                   print the version and the commit it was built from\n";

/* `explain CODE`, `explain --list`, `explain --markdown [--all | CODE]`. */
static int explain(int argc, char **argv) {
  bool markdown = false, all = false, list = false;
  const char *code = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--markdown")) markdown = true;
    else if (!strcmp(argv[i], "--all")) all = true;
    else if (!strcmp(argv[i], "--list")) list = true;
    else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      fputs("usage: mlir-shape explain [--markdown] CODE | --list | --markdown --all\n\n"
            "Prints what a finding code means, a wrong and a right example, and the rule\n"
            "and document it comes from. --list prints every code with its summary;\n"
            "--markdown --all prints docs/codes.md.\n", stdout);
      return 0;
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "mlir-shape explain: unknown option '%s' (try --help)\n", argv[i]);
      return 2;
    } else code = argv[i];
  }
  if (list) {
    for (size_t i = 0; i < ms_code_count(); i++)
      printf("%-24s %s\n", ms_code_at(i)->name, ms_code_at(i)->summary);
    return 0;
  }
  if (all) {
    char *doc = ms_codes_document();
    fputs(doc, stdout);
    free(doc);
    return 0;
  }
  if (!code) {
    fputs("mlir-shape explain: which code? (try --list)\n", stderr);
    return 2;
  }
  const ms_code_info *c = ms_code_find(code);
  if (!c) {
    char names[4096];
    ms_code_names(names, sizeof names);
    fprintf(stderr, "mlir-shape explain: unknown code '%s' (valid codes: %s)\n", code, names);
    return 2;
  }
  char *text = markdown ? ms_code_markdown(c) : ms_code_text(c);
  fputs(text, stdout);
  free(text);
  return 0;
}

/* Whatever a command wrote to stdout must have reached it: a full disk or a
** closed pipe ends the run with status 2 and says so, never a silent 0. */
static int stdout_checked(int status) {
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout)) return status;
  fprintf(stderr, "mlir-shape: cannot write to stdout: %s\n", errno ? strerror(errno) : "write error");
  return 2;
}

static int run(int argc, char **argv) {
  if (argc < 2) {
    fputs(usage, stderr);
    return 2;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    fputs(usage, stdout);
    return 0;
  }
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V")) {
    if (MS_COMMIT[0])
      printf("mlir-shape %s (commit %s)\n", MS_VERSION, MS_COMMIT);
    else
      printf("mlir-shape %s (built outside git: no commit recorded)\n", MS_VERSION);
    return 0;
  }
  if (!strcmp(cmd, "check")) return ms_cmd_check(argc - 1, argv + 1);
  if (!strcmp(cmd, "explain")) return explain(argc - 1, argv + 1);
  if (!strcmp(cmd, "shapes")) return ms_cmd_shapes(argc - 1, argv + 1);
  if (!strcmp(cmd, "lsp")) return ms_cmd_lsp(argc - 1, argv + 1);
  if (!strcmp(cmd, "broadcast")) return ms_cmd_broadcast(argc - 1, argv + 1);
  if (cmd[0] == '-')
    fprintf(stderr, "mlir-shape: unknown option '%s' (try --help)\n", cmd);
  else
    fprintf(stderr, "mlir-shape: unknown command '%s' (try --help)\n", cmd);
  return 2;
}

int main(int argc, char **argv) { return stdout_checked(run(argc, argv)); }
