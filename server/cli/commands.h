/*
** commands.h: the subcommands of build/mlir-shape.
**
** main.c parses nothing but the subcommand name and dispatches here. Each
** command gets argv starting at its own name (argv[0] == "check", ...) and
** returns the process exit status: 0 success, 1 findings / failed
** computation, 2 usage, I/O or catalog errors.
*/
#ifndef MS_COMMANDS_H
#define MS_COMMANDS_H

/* `check`: the linter (cmd_check.c). */
int ms_cmd_check(int argc, char **argv);

/* `lsp`: the language server over stdio (cmd_lsp.c). */
int ms_cmd_lsp(int argc, char **argv);

/* `shapes`: every SSA value's declared and inferred type (cmd_shapes.c). */
int ms_cmd_shapes(int argc, char **argv);

/* `broadcast`: the shape calculator (cmd_broadcast.c). */
int ms_cmd_broadcast(int argc, char **argv);

/* The calculator for the language server's `mlir-shape.broadcast` command:
** args is {shapes: [...], rule?, result?, strict?, axis?,
** broadcastDimensions?, tensorOnly?, equalRanks?} or an array of the
** command line's words; returns {ok, rule, shape (null when not
** broadcastable), findings: [{severity, code, message}]}, or NULL with a
** reason in err for invalid arguments. */
#include <cjson/cJSON.h>
cJSON *ms_broadcast_json(const cJSON *args, char *err, size_t errlen);

#endif
