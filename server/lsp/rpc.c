/*
** rpc.c: JSON-RPC 2.0 over the LSP base protocol on a libuv loop (see rpc.h).
**
** Input: a libuv stream (pipe, socket, tty) or chained uv_fs_read requests
** (files, devices) feed frame.c, whose bodies are parsed and validated here
** before the server's on_message sees them. Output: blocking, complete writes.
**
** Lifetime: ms_rpc_delete may be called from inside any callback, while a
** frame parser is iterating over a chunk or an fs request is in flight, so
** the struct is reference counted: the owner, each open libuv handle, each
** fs request in flight and each dispatch in progress hold a reference, and
** the last one to go frees it.
*/
#include "rpc.h"
#include "alloc.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "frame.h"
#include "utf8.h"

#define READ_SIZE ((size_t)64 << 10)

typedef enum { MODE_NONE, MODE_STREAM, MODE_FILE } read_mode;

typedef struct pending_request {
  int id;
  ms_rpc_response_cb cb;
  void *cb_ctx;
  struct pending_request *next;
} pending_request;

struct ms_rpc {
  uv_loop_t *loop;
  int in_fd, out_fd;
  int read_fd;                  /* our dup of in_fd, -1 once handed to libuv */
  ms_rpc_handlers h;
  void *ctx;
  ms_frame_parser *parser;
  read_mode mode;
  union {
    uv_handle_t handle;
    uv_stream_t stream;
    uv_pipe_t pipe;
    uv_tty_t tty;
    uv_tcp_t tcp;
  } u;
  uv_fs_t fs_req;
  bool fs_busy;                 /* fs_req is in flight */
  char *readbuf;
  int refs;
  bool deleted, eof_sent, write_failed;
  int next_id;
  pending_request *pending;
};

/* ---- lifetime ---------------------------------------------------------- */

static void rpc_free(ms_rpc *self) {
  while (self->pending) {
    pending_request *p = self->pending;
    self->pending = p->next;
    free(p);
  }
  if (self->read_fd >= 0) close(self->read_fd);
  ms_frame_parser_delete(self->parser);
  free(self->readbuf);
  free(self);
}

static void rpc_ref(ms_rpc *self) { self->refs++; }

static void rpc_unref(ms_rpc *self) {
  assert(self->refs > 0);
  if (--self->refs == 0) rpc_free(self);
}

static void on_handle_closed(uv_handle_t *handle) { rpc_unref(handle->data); }

/* ---- diagnostics ------------------------------------------------------- */

static void diag(ms_rpc *self, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void diag(ms_rpc *self, const char *fmt, ...) {
  if (!self->h.on_log) return;
  char text[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  self->h.on_log(self, text, self->ctx);
}

/* ---- writing ----------------------------------------------------------- */

/* Writes all of p[0..n), waiting with poll() when fd is non-blocking. */
static bool write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w > 0) {
      p += w;
      n -= (size_t)w;
    } else if (w < 0 && errno == EINTR) {
      continue;
    } else if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      struct pollfd pfd = {.fd = fd, .events = POLLOUT};
      if (poll(&pfd, 1, -1) < 0 && errno != EINTR) return false;
    } else {
      return false;
    }
  }
  return true;
}

void ms_rpc_send(ms_rpc *self, const cJSON *msg) {
  assert(self && msg);
  if (self->write_failed) return;
  char *body = cJSON_PrintUnformatted(msg);
  if (!body) {
    diag(self, "out of memory serializing a message; not sent");
    return;
  }
  ms_rpc_send_text(self, body, strlen(body));
  free(body);
}

void ms_rpc_send_text(ms_rpc *self, const char *body, size_t len) {
  assert(self && body);
  if (self->write_failed) return;
  /* Messages quote document text, which may hold any bytes; JSON may not. */
  char *repaired = NULL;
  if (!ms_utf8_valid(body, len)) body = repaired = ms_utf8_repair(body, len, &len);
  char header[64];
  int hlen = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", len);
  if (!write_all(self->out_fd, header, (size_t)hlen) || !write_all(self->out_fd, body, len)) {
    self->write_failed = true;
    diag(self, "write to the client failed (%s); further output dropped", strerror(errno));
  }
  free(repaired);
}

/* {"jsonrpc":"2.0"}, or NULL when out of memory. */
static cJSON *new_message(void) {
  cJSON *m = cJSON_CreateObject();
  if (m && !cJSON_AddStringToObject(m, "jsonrpc", "2.0")) {
    cJSON_Delete(m);
    return NULL;
  }
  return m;
}

/* Adds item (consumed; NULL becomes null) under key. */
static bool add_owned(cJSON *obj, const char *key, cJSON *item) {
  if (!item) item = cJSON_CreateNull();
  if (!item) return false;
  if (!cJSON_AddItemToObject(obj, key, item)) {
    cJSON_Delete(item);
    return false;
  }
  return true;
}

static cJSON *copy_id(const cJSON *id) {
  return id ? cJSON_Duplicate(id, true) : cJSON_CreateNull();
}

/* Sends msg and frees it; a NULL msg (allocation failed) is reported. */
static void send_owned(ms_rpc *self, cJSON *msg, bool ok) {
  if (msg && ok) ms_rpc_send(self, msg);
  else diag(self, "out of memory building a message; not sent");
  cJSON_Delete(msg);
}

void ms_rpc_respond(ms_rpc *self, const cJSON *id, cJSON *result) {
  cJSON *m = new_message();
  if (!m) {
    cJSON_Delete(result);
    send_owned(self, NULL, false);
    return;
  }
  bool ok = add_owned(m, "id", copy_id(id));
  ok = add_owned(m, "result", result) && ok;
  send_owned(self, m, ok);
}

void ms_rpc_respond_error(ms_rpc *self, const cJSON *id, int code, const char *message) {
  cJSON *m = new_message();
  cJSON *err = cJSON_CreateObject();
  bool ok = m && err && cJSON_AddNumberToObject(err, "code", code) &&
            cJSON_AddStringToObject(err, "message", message ? message : "");
  if (m) {
    ok = add_owned(m, "id", copy_id(id)) && ok;
    ok = add_owned(m, "error", err) && ok;
  } else {
    cJSON_Delete(err);
  }
  send_owned(self, m, ok);
}

/* Builds {"jsonrpc","id"?,"method","params"?}; params consumed. */
static cJSON *new_call(int id, const char *method, cJSON *params) {
  cJSON *m = new_message();
  bool ok = m != NULL;
  if (ok && id > 0) ok = cJSON_AddNumberToObject(m, "id", id) != NULL;
  if (ok) ok = cJSON_AddStringToObject(m, "method", method) != NULL;
  if (params) {
    if (ok) ok = add_owned(m, "params", params);
    else cJSON_Delete(params);
  }
  if (!ok) {
    cJSON_Delete(m);
    return NULL;
  }
  return m;
}

void ms_rpc_notify(ms_rpc *self, const char *method, cJSON *params) {
  cJSON *m = new_call(0, method, params);
  send_owned(self, m, m != NULL);
}

void ms_rpc_log(ms_rpc *self, int type, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *text = n >= 0 ? ms_xmalloc((size_t)n + 1) : NULL;
  if (!text) return;
  va_start(ap, fmt);
  vsnprintf(text, (size_t)n + 1, fmt, ap);
  va_end(ap);
  cJSON *params = cJSON_CreateObject();
  if (params && (!cJSON_AddNumberToObject(params, "type", type) ||
                 !cJSON_AddStringToObject(params, "message", text))) {
    cJSON_Delete(params);
    params = NULL;
  }
  free(text);
  if (params) ms_rpc_notify(self, "window/logMessage", params);
}

int ms_rpc_request(ms_rpc *self, const char *method, cJSON *params,
                   ms_rpc_response_cb cb, void *cb_ctx) {
  pending_request *p = ms_xmalloc(sizeof *p);
  if (!p) {
    cJSON_Delete(params);
    return -1;
  }
  if (self->next_id <= 0) self->next_id = 1; /* wrapped (or first call) */
  int id = self->next_id++;
  cJSON *m = new_call(id, method, params);
  if (!m) {
    free(p);
    return -1;
  }
  *p = (pending_request){.id = id, .cb = cb, .cb_ctx = cb_ctx, .next = self->pending};
  self->pending = p;
  ms_rpc_send(self, m);
  cJSON_Delete(m);
  return id;
}

/* ---- reading: validation and dispatch ---------------------------------- */

/* The value of 4 hex digits at p, or -1. */
static long hex4(const char *p) {
  long v = 0;
  for (int k = 0; k < 4; k++) {
    char c = p[k];
    int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

/* A \uXXXX escape at body[i] (i + 5 < len): a surrogate that is not half
** of a pair (an editor may send one: JavaScript strings are UTF-16 and
** need not be valid) becomes \ufffd, in place. cJSON refuses the whole
** message otherwise, and the edit would be lost: the server's copy of the
** document would drift from the editor's. U+FFFD is one UTF-16 unit, like
** the lone surrogate, so positions after it stay right. Returns how many
** bytes the escape (or pair) takes. */
static size_t repair_surrogate(char *body, size_t len, size_t i) {
  long v = hex4(body + i + 2);
  if (v < 0xD800 || v > 0xDFFF) return 6;
  bool paired = v <= 0xDBFF && i + 11 < len && body[i + 6] == '\\' && body[i + 7] == 'u' &&
                hex4(body + i + 8) >= 0xDC00 && hex4(body + i + 8) <= 0xDFFF;
  if (paired) return 12;
  memcpy(body + i + 2, "fffd", 4);
  return 6;
}

/* Parses a body; on failure answers with -32700 and returns NULL. */
/* Rewrites each \u0000 escape inside a JSON string to \u001a, each raw NUL
** byte inside one to 0x1A, and each lone surrogate escape to \ufffd
** (repair_surrogate), in place.
** cJSON decodes strings into NUL-terminated C strings, so a NUL would cut
** a document short and every later position would be wrong. U+001A is as
** wide as U+0000 in every encoding (one byte, one UTF-16 unit), so offsets
** stay right; the parser reads either as an unexpected character. */
static void neutralize_nul_escapes(char *body, size_t len) {
  bool in_string = false;
  for (size_t i = 0; i < len; i++) {
    char c = body[i];
    if (!in_string) {
      in_string = c == '"';
    } else if (c == '\0') {
      body[i] = '\x1a'; /* a raw NUL in a string: read the same way */
    } else if (c == '"') {
      in_string = false;
    } else if (c == '\\' && i + 1 < len) {
      if (body[i + 1] == 'u' && i + 5 < len) {
        if (!memcmp(body + i + 2, "0000", 4)) memcpy(body + i + 2, "001a", 4);
        i += repair_surrogate(body, len, i) - 1;
        continue;
      }
      i++; /* the escaped character, whatever it is */
    }
  }
}

static cJSON *parse_body(ms_rpc *self, char *body, size_t len) {
  char why[96];
  cJSON *json = NULL;
  if (len > 0) neutralize_nul_escapes(body, len);
  if (len == 0) {
    snprintf(why, sizeof why, "empty body");
  } else if (memchr(body, '\0', len)) {
    snprintf(why, sizeof why, "NUL byte outside a string");
  } else {
    /* len + 1 takes in the NUL that frame.c appends, so that trailing
    ** garbage after the value is refused. */
    const char *end = NULL;
    json = cJSON_ParseWithLengthOpts(body, len + 1, &end, true);
    if (json) return json;
    const char *at = cJSON_GetErrorPtr();
    size_t off = at && at >= body && at <= body + len ? (size_t)(at - body) : 0;
    snprintf(why, sizeof why, "invalid JSON near byte %zu", off);
  }
  char message[128];
  snprintf(message, sizeof message, "Parse error: %s", why);
  diag(self, "%s", message);
  ms_rpc_respond_error(self, NULL, MS_RPC_PARSE_ERROR, message);
  return NULL;
}

static bool usable_id(const cJSON *id) {
  return cJSON_IsNumber(id) || cJSON_IsString(id) || cJSON_IsNull(id);
}

/* Gives a response to the ms_rpc_request that awaits it; false if none. */
static bool route_response(ms_rpc *self, const cJSON *msg) {
  const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
  if (!cJSON_IsNumber(id)) return false;
  for (pending_request **pp = &self->pending; *pp; pp = &(*pp)->next) {
    pending_request *p = *pp;
    if ((double)p->id != id->valuedouble) continue;
    *pp = p->next;
    const cJSON *error = cJSON_GetObjectItemCaseSensitive(msg, "error");
    const cJSON *result = cJSON_GetObjectItemCaseSensitive(msg, "result");
    if (p->cb) {
      if (error) p->cb(self, NULL, error, p->cb_ctx);
      else p->cb(self, result, NULL, p->cb_ctx);
    }
    free(p);
    return true;
  }
  return false;
}

static void invalid_request(ms_rpc *self, const cJSON *id, const char *why) {
  char message[128];
  snprintf(message, sizeof message, "Invalid Request: %s", why);
  diag(self, "%s", message);
  ms_rpc_respond_error(self, id, MS_RPC_INVALID_REQUEST, message);
}

/* Checks that msg is a JSON-RPC message and hands it on. msg is borrowed. */
static void dispatch(ms_rpc *self, cJSON *msg) {
  if (!cJSON_IsObject(msg)) {
    invalid_request(self, NULL, "not a JSON object");
    return;
  }
  const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
  const cJSON *method = cJSON_GetObjectItemCaseSensitive(msg, "method");
  bool is_response = cJSON_HasObjectItem(msg, "result") || cJSON_HasObjectItem(msg, "error");
  const cJSON *reply_id = usable_id(id) ? id : NULL;
  if (method) {
    if (!cJSON_IsString(method)) {
      invalid_request(self, reply_id, "\"method\" is not a string");
      return;
    }
    if (id && !reply_id) {
      invalid_request(self, NULL, "\"id\" is not a number or string");
      return;
    }
  } else if (is_response) {
    /* Never answer a response: two peers could bounce errors forever. */
    if (!reply_id) {
      diag(self, "dropped a response with an invalid \"id\"");
      return;
    }
    if (route_response(self, msg)) return;
  } else {
    invalid_request(self, reply_id, "neither \"method\" nor \"result\"/\"error\"");
    return;
  }
  self->h.on_message(self, msg, self->ctx);
}

static void on_frame(void *ctx, char *body, size_t len) {
  ms_rpc *self = ctx;
  if (self->deleted) return;
  cJSON *msg = parse_body(self, body, len);
  if (!msg) return;
  dispatch(self, msg);
  cJSON_Delete(msg);
}

static void on_frame_error(void *ctx, int code, const char *message) {
  ms_rpc *self = ctx;
  (void)code;
  if (self->deleted) return;
  diag(self, "framing error: %s", message);
  ms_rpc_log(self, MS_RPC_LOG_ERROR, "mlir-shape: LSP framing error: %s", message);
}

static const ms_frame_handlers frame_handlers = {on_frame, on_frame_error};

static void feed(ms_rpc *self, const char *data, size_t len) {
  rpc_ref(self);
  ms_frame_parser_feed(self->parser, data, len, &frame_handlers, self);
  rpc_unref(self);
}

static void signal_eof(ms_rpc *self) {
  if (self->eof_sent || self->deleted) return;
  self->eof_sent = true;
  if (!ms_frame_parser_idle(self->parser)) diag(self, "input ended inside a message");
  rpc_ref(self);
  self->h.on_eof(self, self->ctx);
  rpc_unref(self);
}

/* ---- reading: streams -------------------------------------------------- */

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf) {
  ms_rpc *self = handle->data;
  (void)suggested;
  *buf = uv_buf_init(self->readbuf, (unsigned)READ_SIZE);
}

static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf) {
  ms_rpc *self = stream->data;
  if (nread > 0) {
    feed(self, buf->base, (size_t)nread);
  } else if (nread < 0) {
    uv_read_stop(stream);
    if (nread != UV_EOF) diag(self, "read error: %s", uv_strerror((int)nread));
    signal_eof(self);
  }
}

/* Closes the stream handle; its reference goes in on_handle_closed. */
static void close_stream(ms_rpc *self) {
  uv_close(&self->u.handle, on_handle_closed);
}

/* Wraps self->read_fd in the libuv stream for its kind; libuv owns the fd
** afterwards (except a tty that libuv reopened: then it stays ours). When
** the fd cannot be opened as a stream, returns an error with mode unchanged
** (read_fd still ours). */
static int open_stream(ms_rpc *self, uv_handle_type kind) {
  int r;
  if (kind == UV_TTY) {
    r = uv_tty_init(self->loop, &self->u.tty, self->read_fd, 1);
    if (r != 0) return r;
  } else {
    r = kind == UV_TCP ? uv_tcp_init(self->loop, &self->u.tcp)
                       : uv_pipe_init(self->loop, &self->u.pipe, 0);
    if (r != 0) return r;
  }
  self->u.handle.data = self;
  rpc_ref(self); /* released by on_handle_closed */
  if (kind == UV_TCP) r = uv_tcp_open(&self->u.tcp, self->read_fd);
  else if (kind == UV_NAMED_PIPE) r = uv_pipe_open(&self->u.pipe, self->read_fd);
  if (r != 0) {
    close_stream(self);
    return r;
  }
  uv_os_fd_t used = -1;
  uv_fileno(&self->u.handle, &used);
  if (used == self->read_fd) self->read_fd = -1;
  self->mode = MODE_STREAM;
  r = uv_read_start(&self->u.stream, on_alloc, on_read);
  if (r != 0) close_stream(self);
  return r;
}

/* ---- reading: files ---------------------------------------------------- */

static void on_fs_read(uv_fs_t *req);

static void start_fs_read(ms_rpc *self) {
  uv_buf_t buf = uv_buf_init(self->readbuf, (unsigned)READ_SIZE);
  self->fs_req.data = self;
  rpc_ref(self); /* released by on_fs_read */
  self->fs_busy = true;
  int r = uv_fs_read(self->loop, &self->fs_req, self->read_fd, &buf, 1, -1, on_fs_read);
  if (r < 0) {
    self->fs_busy = false;
    uv_fs_req_cleanup(&self->fs_req);
    rpc_unref(self);
    diag(self, "read error: %s", uv_strerror(r));
    signal_eof(self);
  }
}

static void on_fs_read(uv_fs_t *req) {
  ms_rpc *self = req->data;
  ssize_t n = req->result;
  uv_fs_req_cleanup(req);
  self->fs_busy = false;
  if (!self->deleted) {
    if (n > 0) {
      feed(self, self->readbuf, (size_t)n);
      if (!self->deleted) start_fs_read(self);
    } else {
      if (n < 0) diag(self, "read error: %s", uv_strerror((int)n));
      signal_eof(self);
    }
  }
  rpc_unref(self);
}

/* ---- public lifetime --------------------------------------------------- */

/* A publish of a big document is most of a megabyte. Through a pipe of the
** default 64 KB the write waits on the client a dozen times, and every
** pause of the client (a garbage collection) holds it up; a pipe of 1 MB
** (the unprivileged limit) takes it in one go. Not a pipe, or not allowed:
** nothing changes. */
static void widen_pipe(int fd) {
#ifdef F_SETPIPE_SZ
  if (fcntl(fd, F_SETPIPE_SZ, 1 << 20) >= 0) return;
#endif
  int size = 1 << 20; /* a socket (Node's child_process pipes are socketpairs): capped at wmem_max */
  (void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, sizeof size);
}

ms_rpc *ms_rpc_new(uv_loop_t *loop, int in_fd, int out_fd,
                   const ms_rpc_handlers *h, void *ctx) {
  assert(loop && h && h->on_message && h->on_eof);
  ms_rpc *self = ms_xcalloc(1, sizeof *self);
  if (!self) return NULL;
  self->loop = loop;
  self->in_fd = in_fd;
  self->out_fd = out_fd;
  self->read_fd = -1;
  widen_pipe(out_fd);
  self->h = *h;
  self->ctx = ctx;
  self->refs = 1;
  self->next_id = 1;
  self->parser = ms_frame_parser_new(MS_RPC_MAX_BODY);
  self->readbuf = ms_xmalloc(READ_SIZE);
  if (!self->parser || !self->readbuf) {
    rpc_free(self);
    return NULL;
  }
  return self;
}

int ms_rpc_start(ms_rpc *self) {
  assert(self->mode == MODE_NONE && !self->deleted);
  signal(SIGPIPE, SIG_IGN);
  uv_handle_type kind = uv_guess_handle(self->in_fd);
  self->read_fd = fcntl(self->in_fd, F_DUPFD_CLOEXEC, 3);
  if (self->read_fd < 0) return -errno;
  if (kind == UV_NAMED_PIPE || kind == UV_TTY || kind == UV_TCP) {
    int r = open_stream(self, kind);
    if (r != 0 && self->mode == MODE_NONE) {
      /* Not usable as a stream (e.g. an odd device): fall back to reads. */
      diag(self, "cannot watch input as a stream (%s); reading it as a file", uv_strerror(r));
    } else {
      return r;
    }
  }
  self->mode = MODE_FILE;
  start_fs_read(self);
  return 0;
}

void ms_rpc_delete(ms_rpc *self) {
  if (!self) return;
  assert(!self->deleted);
  self->deleted = true;
  if (self->mode == MODE_STREAM && !uv_is_closing(&self->u.handle)) {
    uv_read_stop(&self->u.stream);
    close_stream(self);
  }
  /* An fs read in flight holds a reference; cancel it if not yet started. */
  if (self->fs_busy) uv_cancel((uv_req_t *)&self->fs_req);
  rpc_unref(self);
}
