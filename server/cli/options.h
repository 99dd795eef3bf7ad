/*
** options.h: what the commands' option parsers share: `--name=V` or
** `--name V`, and the one-line usage error.
*/
#ifndef MS_OPTIONS_H
#define MS_OPTIONS_H

#include <stdbool.h>

/* The value of --name=V or --name V at argv[*i] (advancing *i past V), or
** NULL when argv[*i] is not that option; *missing is set when it is but
** no value follows. */
const char *ms_option_value(int argc, char **argv, int *i, const char *name, bool *missing);

/* Prints "mlir-shape COMMAND: <fmt with arg> (try --help)" to stderr and
** returns 2, the usage exit status. */
int ms_usage_error(const char *command, const char *fmt, const char *arg);

#endif
