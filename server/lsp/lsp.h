/*
** lsp.h: the language server: LSP lifecycle, documents and configuration
** on top of the JSON-RPC transport (rpc.h).
**
** Messages are queued as they are read and handled in a libuv idle
** callback, in order: a $/cancelRequest read in the same batch as its
** request cancels it (-32800). Text changes are applied to their session
** (session.h) at once; analysis and publishDiagnostics happen once per
** batch per changed document, so a burst of keystrokes costs one update.
** Read-only requests are answered by queries.h. A big document parsed
** whole is built on worker threads while the loop goes on reading;
** requests about it wait until it is built (a $/cancelRequest answers
** one at once; an edit of the document cancels the build and answers them
** ContentModified, -32801).
*/
#ifndef MS_LSP_H
#define MS_LSP_H

#include <uv.h>

typedef struct ms_lsp ms_lsp;

/* A server reading in_fd and writing out_fd on loop. NULL when out of memory. */
ms_lsp *ms_lsp_new(uv_loop_t *loop, int in_fd, int out_fd);

/* Runs the loop until `exit` or the end of input. Returns the process exit
** status: 0 after shutdown + exit, 1 for exit without shutdown or input
** ending before exit. */
int ms_lsp_run(ms_lsp *self);

void ms_lsp_delete(ms_lsp *self);

#endif
