/*
** main.c: entry point of build/mlir-shape.
**
** Only global options (--help, --version) and the subcommand name are read
** here; everything else belongs to the subcommand (commands.h).
*/
#include <stdio.h>
#include <string.h>

#include "commands.h"

#ifndef MS_VERSION
#define MS_VERSION "0.0.0"
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
  "\n"
  "options:\n"
  "  -h, --help                  show this help (COMMAND --help for a command's own)\n"
  "  --version                   print the version\n";

int main(int argc, char **argv) {
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
    printf("mlir-shape %s\n", MS_VERSION);
    return 0;
  }
  if (!strcmp(cmd, "check")) return ms_cmd_check(argc - 1, argv + 1);
  if (!strcmp(cmd, "shapes")) return ms_cmd_shapes(argc - 1, argv + 1);
  if (!strcmp(cmd, "lsp")) return ms_cmd_lsp(argc - 1, argv + 1);
  if (!strcmp(cmd, "broadcast")) return ms_cmd_broadcast(argc - 1, argv + 1);
  if (cmd[0] == '-')
    fprintf(stderr, "mlir-shape: unknown option '%s' (try --help)\n", cmd);
  else
    fprintf(stderr, "mlir-shape: unknown command '%s' (try --help)\n", cmd);
  return 2;
}
