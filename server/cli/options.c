/*
** options.c: option parsing shared by the commands (options.h).
*/
#include "options.h"

#include <stdio.h>
#include <string.h>

const char *ms_option_value(int argc, char **argv, int *i, const char *name, bool *missing) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n)) return NULL;
  if (argv[*i][n] == '=') return argv[*i] + n + 1;
  if (argv[*i][n]) return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

int ms_usage_error(const char *command, const char *fmt, const char *arg) {
  fprintf(stderr, "mlir-shape %s: ", command);
  fprintf(stderr, fmt, arg);
  fputs(" (try --help)\n", stderr);
  return 2;
}
