/*
** cmd_lsp.c: `mlir-shape lsp`, the language server on stdin/stdout.
**
** Editors launch it with the argument `lsp` (vscode-languageclient's stdio
** transport may add `--stdio`, which is accepted). Everything else is in
** lsp.c.
*/
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <uv.h>

#include "commands.h"
#include "lsp.h"

static const char usage[] =
  "usage: mlir-shape lsp [--stdio]\n"
  "\n"
  "Runs the language server, speaking LSP (JSON-RPC 2.0) on stdin and stdout.\n"
  "Settings come from the client: initializationOptions or workspace/configuration\n"
  "section \"mlirShape\": {\"rules\": [FILE...], \"strict\": BOOL,\n"
  "\"severity\": {CODE: \"error\"|\"warning\"|\"information\"|\"hint\"|\"off\"}}.\n"
  "A .mlir-shape.json in the workspace folder adds rules and \"severity\"/\"ignore\"\n"
  "(the client's severity setting wins) and is reloaded on change. Suppression\n"
  "comments (// mlir-shape-disable-next-line CODE, ...) apply as in `check`.\n";

int ms_cmd_lsp(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--stdio")) continue;
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      fputs(usage, stdout);
      return 0;
    }
    fprintf(stderr, "mlir-shape lsp: unknown option '%s' (try --help)\n", argv[i]);
    return 2;
  }
  uv_loop_t loop;
  if (uv_loop_init(&loop) != 0) {
    fputs("mlir-shape lsp: cannot start the event loop\n", stderr);
    return 1;
  }
  ms_lsp *server = ms_lsp_new(&loop, STDIN_FILENO, STDOUT_FILENO);
  if (!server) {
    fputs("mlir-shape lsp: out of memory\n", stderr);
    return 1;
  }
  int status = ms_lsp_run(server);
  ms_lsp_delete(server);
  uv_loop_close(&loop);
  return status;
}
