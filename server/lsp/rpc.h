/*
** rpc.h: JSON-RPC 2.0 transport of the language server, over the LSP base
** protocol (frame.h) on stdio, driven by a libuv loop.
**
** Reading is asynchronous: stdin may be a pipe or socket (uv_pipe_t), a tty
** (uv_tty_t) or a regular file / device (chained uv_fs_read requests). Every
** body is parsed and checked here, so the server logic on top (initialize,
** documents, features) only ever sees well-formed JSON-RPC messages:
**   - a body that is not JSON gets a -32700 "Parse error" response (id null);
**   - JSON that is not a JSON-RPC message (not an object, neither a string
**     "method" nor "result"/"error") gets -32600 "Invalid Request", with the
**     message's id when it had a usable one; "jsonrpc" itself is not checked;
**   - a framing error (bad header block, absurd Content-Length) is reported
**     to the client as a window/logMessage notification (type 1, Error) and
**     reading goes on with the next message.
** Responses to requests that the server sent with ms_rpc_request are routed
** to that request's callback, by id; everything else goes to on_message.
**
** Writing is synchronous: ms_rpc_send returns once the whole framed message
** has been written to out_fd (blocking, with poll() when out_fd is
** non-blocking), so messages are always complete and in call order, whatever
** their size and however slowly the client reads. SIGPIPE is ignored from
** ms_rpc_start on; after a write error (client gone) further sends are
** dropped and reported once through on_log.
**
** Not thread-safe: use one ms_rpc from the loop's thread.
*/
#ifndef MS_RPC_H
#define MS_RPC_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>
#include <uv.h>

/* Largest body accepted from the client; longer ones are skipped (frame.h). */
#define MS_RPC_MAX_BODY ((size_t)256 << 20)

/* JSON-RPC and LSP error codes. */
#define MS_RPC_PARSE_ERROR (-32700)
#define MS_RPC_INVALID_REQUEST (-32600)
#define MS_RPC_METHOD_NOT_FOUND (-32601)
#define MS_RPC_INVALID_PARAMS (-32602)
#define MS_RPC_INTERNAL_ERROR (-32603)
#define MS_RPC_SERVER_NOT_INITIALIZED (-32002)
#define MS_RPC_REQUEST_CANCELLED (-32800)
#define MS_RPC_CONTENT_MODIFIED (-32801)

/* window/logMessage types. */
#define MS_RPC_LOG_ERROR 1
#define MS_RPC_LOG_WARNING 2
#define MS_RPC_LOG_INFO 3
#define MS_RPC_LOG_LOG 4

typedef struct ms_rpc ms_rpc;

typedef struct ms_rpc_handlers {
  /* A valid JSON-RPC message from the client: a request ("method" and "id"),
  ** a notification ("method", no "id") or a response ("result" or "error")
  ** matching no pending ms_rpc_request. msg is owned by rpc and freed when
  ** the callback returns (cJSON_DetachItem* what you want to keep). May call
  ** any ms_rpc function, ms_rpc_delete included. Required. */
  void (*on_message)(ms_rpc *rpc, cJSON *msg, void *ctx);
  /* The input ended (or failed to read). Called at most once; reading has
  ** stopped. Typically the server stops the loop or deletes rpc. Required. */
  void (*on_eof)(ms_rpc *rpc, void *ctx);
  /* Diagnostics of the transport itself (framing errors, invalid messages,
  ** read/write errors), one line without newline, e.g. for stderr. May be
  ** NULL. */
  void (*on_log)(ms_rpc *rpc, const char *text, void *ctx);
} ms_rpc_handlers;

/* Callback of a server-to-client request: exactly one of result and error is
** non-NULL (result may be a cJSON null). Both are owned by rpc and valid only
** during the call. */
typedef void (*ms_rpc_response_cb)(ms_rpc *rpc, const cJSON *result,
                                   const cJSON *error, void *cb_ctx);

/* Creates a transport reading in_fd and writing out_fd on loop. The fds stay
** owned by the caller (rpc reads through a dup of in_fd, which it closes).
** h is copied; ctx is passed to every handler. Nothing is read before
** ms_rpc_start. Returns NULL when out of memory. */
ms_rpc *ms_rpc_new(uv_loop_t *loop, int in_fd, int out_fd,
                   const ms_rpc_handlers *h, void *ctx);

/* Starts reading in_fd (see the top of this file for the handle kinds).
** Returns 0, or a negative libuv error code (nothing started). */
int ms_rpc_start(ms_rpc *self);

/* Stops reading, drops pending ms_rpc_request callbacks without calling them,
** and releases rpc. Safe to call from any rpc callback: no callback runs
** after it. The memory and the libuv handles are released by the loop
** (close callbacks), so run the loop until uv_run returns before
** uv_loop_close. NULL is ignored. */
void ms_rpc_delete(ms_rpc *self);

/* Sends msg (serialized unformatted, framed with Content-Length). Blocks until
** written. msg stays owned by the caller. */
void ms_rpc_send(ms_rpc *self, const cJSON *msg);

/* Sends a message already serialized as JSON (body, len bytes), framed like
** ms_rpc_send. For big notifications written without cJSON. */
void ms_rpc_send_text(ms_rpc *self, const char *body, size_t len);

/* Sends a success response to the request whose id is id (copied; NULL
** means null). result is consumed; NULL sends "result": null. */
void ms_rpc_respond(ms_rpc *self, const cJSON *id, cJSON *result);

/* Sends an error response {code, message} to the request with this id
** (copied; NULL means null). */
void ms_rpc_respond_error(ms_rpc *self, const cJSON *id, int code, const char *message);

/* Sends a notification. params is consumed; NULL omits "params". */
void ms_rpc_notify(ms_rpc *self, const char *method, cJSON *params);

/* Sends window/logMessage {type, message} with a printf-style message.
** type is one of MS_RPC_LOG_*. */
void ms_rpc_log(ms_rpc *self, int type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Sends a server-to-client request with a fresh integer id; the client's
** response is given to cb (with cb_ctx) instead of on_message. params is
** consumed; NULL omits "params". cb may be NULL to ignore the response.
** Returns the id (> 0), or -1 when out of memory (params freed, nothing
** sent, cb never called). */
int ms_rpc_request(ms_rpc *self, const char *method, cJSON *params,
                   ms_rpc_response_cb cb, void *cb_ctx);

#endif
