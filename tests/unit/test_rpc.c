/*
** test_rpc.c: end-to-end tests of the JSON-RPC transport (server/lsp/rpc.c).
**
** Each test runs an ms_rpc on a real uv loop in the test thread while two
** client threads write a scripted byte stream to it and read everything it
** answers, over a socketpair, a pair of pipes or (input) a regular file. The
** server side echoes requests, sends its own requests on demand and records
** what reached on_message and the response callbacks.
*/
#include <criterion/criterion.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "frame.h"
#include "rpc.h"

/* ---- server side -------------------------------------------------------- */

typedef struct {
  ms_rpc *rpc;
  char seen[4096];      /* methods that reached on_message, space-separated */
  int eofs;
  int answers;          /* calls of the response callback */
  double answer;        /* result.answer of the last one */
  int error_code;       /* error.code given to the response callback */
  int logs;             /* on_log calls */
} server;

static void on_answer(ms_rpc *rpc, const cJSON *result, const cJSON *error, void *cb_ctx) {
  server *s = cb_ctx;
  cr_assert_eq(rpc, s->rpc);
  cr_assert((result == NULL) != (error == NULL));
  s->answers++;
  if (result) s->answer = cJSON_GetObjectItem(result, "answer")->valuedouble;
  if (error) s->error_code = cJSON_GetObjectItem(error, "code")->valueint;
}

static void on_message(ms_rpc *rpc, cJSON *msg, void *ctx) {
  server *s = ctx;
  cr_assert_eq(rpc, s->rpc);
  const cJSON *method = cJSON_GetObjectItem(msg, "method");
  const cJSON *params = cJSON_GetObjectItem(msg, "params");
  const cJSON *id = cJSON_GetObjectItem(msg, "id");
  strcat(s->seen, method ? method->valuestring : "(response)");
  strcat(s->seen, " ");
  if (!method) return;
  if (!strcmp(method->valuestring, "echo")) {
    ms_rpc_respond(rpc, id, cJSON_Duplicate(params, true));
  } else if (!strcmp(method->valuestring, "ask")) {
    int rid = ms_rpc_request(rpc, "client/ask", cJSON_Duplicate(params, true), on_answer, s);
    cr_assert_gt(rid, 0);
  } else if (!strcmp(method->valuestring, "fail")) {
    ms_rpc_respond_error(rpc, id, MS_RPC_METHOD_NOT_FOUND, "no such method");
  } else if (!strcmp(method->valuestring, "say")) {
    ms_rpc_log(rpc, MS_RPC_LOG_INFO, "said %d", 42);
    ms_rpc_notify(rpc, "custom/event", cJSON_CreateString("ev"));
  } else if (!strcmp(method->valuestring, "bye")) {
    ms_rpc_delete(rpc);
    s->rpc = NULL;
  }
}

static void on_eof(ms_rpc *rpc, void *ctx) {
  server *s = ctx;
  cr_assert_eq(rpc, s->rpc);
  s->eofs++;
  ms_rpc_delete(rpc);
  s->rpc = NULL;
}

static void on_log(ms_rpc *rpc, const char *text, void *ctx) {
  (void)rpc;
  (void)text;
  ((server *)ctx)->logs++;
}

/* ---- client side -------------------------------------------------------- */

typedef struct {
  int fd;
  const char *data;
  size_t len;
  bool shutdown_socket;   /* else close fd when done */
} writer_job;

static void *writer_main(void *arg) {
  writer_job *j = arg;
  for (size_t off = 0; off < j->len;) {
    /* Small, irregular writes exercise split frames. */
    size_t n = j->len - off < 70000 ? j->len - off : 70000;
    if (off < 4096) n = n < 7 ? n : 7;
    ssize_t w = write(j->fd, j->data + off, n);
    cr_assert_gt(w, 0);
    off += (size_t)w;
  }
  if (j->shutdown_socket) shutdown(j->fd, SHUT_WR);
  else close(j->fd);
  return NULL;
}

typedef struct {
  int fd;
  char *data;
  size_t len, cap;
} reader_job;

static void *reader_main(void *arg) {
  reader_job *j = arg;
  for (;;) {
    if (j->cap - j->len < 65536) {
      j->cap = j->cap * 2 + 65536;
      j->data = realloc(j->data, j->cap);
    }
    /* Read slowly at first so that the server meets a full pipe. */
    if (j->len < (1 << 20)) usleep(200);
    ssize_t r = read(j->fd, j->data + j->len, j->cap - j->len);
    if (r <= 0) break;
    j->len += (size_t)r;
  }
  return NULL;
}

typedef struct {
  cJSON *msgs[64];
  int count;
} output;

static void collect(void *ctx, char *body, size_t len) {
  output *o = ctx;
  cJSON *m = cJSON_ParseWithLength(body, len);
  cr_assert(m, "server sent invalid JSON");
  cr_assert_lt(o->count, 64);
  o->msgs[o->count++] = m;
}

static void collect_error(void *ctx, int code, const char *message) {
  (void)ctx;
  cr_assert_fail("server output is badly framed (%d: %s)", code, message);
}

typedef enum { VIA_SOCKETPAIR, VIA_PIPES, VIA_FILE } transport;

/* Runs the server over transport with input as the client's byte stream;
** fills s and o. */
static void run_session(transport via, const char *input, size_t len, server *s, output *o) {
  int server_in, server_out, client_in, client_out;
  memset(s, 0, sizeof *s);
  memset(o, 0, sizeof *o);
  if (via == VIA_SOCKETPAIR) {
    int sv[2];
    cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    server_in = server_out = sv[0];
    client_in = client_out = sv[1];
  } else {
    int in[2], out[2];
    cr_assert_eq(pipe(out), 0);
    server_out = out[1];
    client_in = out[0];
    if (via == VIA_PIPES) {
      cr_assert_eq(pipe(in), 0);
      server_in = in[0];
      client_out = in[1];
    } else {
      char path[] = "/tmp/ms_rpc_test_XXXXXX";
      int fd = mkstemp(path);
      cr_assert_geq(fd, 0);
      unlink(path);
      cr_assert_eq(write(fd, input, len), (ssize_t)len);
      lseek(fd, 0, SEEK_SET);
      server_in = fd;
      client_out = -1;
    }
  }
  uv_loop_t loop;
  uv_loop_init(&loop);
  ms_rpc_handlers h = {on_message, on_eof, on_log};
  s->rpc = ms_rpc_new(&loop, server_in, server_out, &h, s);
  cr_assert(s->rpc);
  cr_assert_eq(ms_rpc_start(s->rpc), 0);

  writer_job wj = {client_out, input, len, via == VIA_SOCKETPAIR};
  reader_job rj = {client_in, NULL, 0, 0};
  pthread_t wt, rt;
  if (via != VIA_FILE) pthread_create(&wt, NULL, writer_main, &wj);
  pthread_create(&rt, NULL, reader_main, &rj);
  uv_run(&loop, UV_RUN_DEFAULT);
  cr_assert_null(s->rpc, "the loop ended with the server alive");
  cr_assert_eq(uv_loop_close(&loop), 0, "handles left open");
  if (via != VIA_FILE) pthread_join(wt, NULL);
  close(server_out);
  if (via != VIA_SOCKETPAIR) close(server_in);
  pthread_join(rt, NULL);
  close(client_in);

  ms_frame_parser *p = ms_frame_parser_new(64 << 20);
  ms_frame_handlers fh = {collect, collect_error};
  ms_frame_parser_feed(p, rj.data, rj.len, &fh, o);
  cr_assert(ms_frame_parser_idle(p), "server output ends inside a message");
  ms_frame_parser_delete(p);
  free(rj.data);
}

static void free_output(output *o) {
  for (int i = 0; i < o->count; i++) cJSON_Delete(o->msgs[i]);
}

/* Appends one framed body to a growing script. */
static void add(char **buf, size_t *len, const char *body) {
  size_t n = strlen(body);
  *buf = realloc(*buf, *len + n + 64);
  *len += (size_t)sprintf(*buf + *len, "Content-Length: %zu\r\n\r\n%s", n, body);
}

static int error_code(const cJSON *m) {
  const cJSON *e = cJSON_GetObjectItem(m, "error");
  return e ? cJSON_GetObjectItem(e, "code")->valueint : 0;
}

/* ---- tests -------------------------------------------------------------- */

static void check_errors_and_recovery(transport via) {
  char *in = NULL;
  size_t len = 0;
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"x\":1}}");
  add(&in, &len, "{not json");
  add(&in, &len, "{\"a\":1} trailing");
  add(&in, &len, "[1,2]");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":5}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":3}");
  in = realloc(in, len + 64);
  len += (size_t)sprintf(in + len, "Content-Length: abc\r\n\r\n{}");
  add(&in, &len, "{\"id\":2,\"method\":\"echo\",\"params\":[\"after\"]}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"fail\"}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"method\":\"say\"}");
  server s;
  output o;
  run_session(via, in, len, &s, &o);
  cr_assert_eq(s.eofs, 1);
  cr_assert_str_eq(s.seen, "echo echo fail say ");
  cr_assert_eq(o.count, 11, "%d messages", o.count);
  cr_assert_eq(cJSON_GetObjectItem(o.msgs[0], "id")->valueint, 1);
  cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(o.msgs[0], "result"), "x")->valueint, 1);
  for (int i = 1; i <= 2; i++) {
    cr_assert_eq(error_code(o.msgs[i]), -32700);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(o.msgs[i], "id")));
    const char *m = cJSON_GetObjectItem(cJSON_GetObjectItem(o.msgs[i], "error"), "message")->valuestring;
    cr_assert(!strncmp(m, "Parse error: ", 13), "%s", m);
  }
  cr_assert_eq(error_code(o.msgs[3]), -32600);
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(o.msgs[3], "id")));
  cr_assert_eq(error_code(o.msgs[4]), -32600);
  cr_assert_eq(cJSON_GetObjectItem(o.msgs[4], "id")->valueint, 5);
  cr_assert_eq(error_code(o.msgs[5]), -32600);
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[5], "id")->valuestring, "s");
  /* the framing error: a window/logMessage of type 1 */
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[6], "method")->valuestring, "window/logMessage");
  cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(o.msgs[6], "params"), "type")->valueint, 1);
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[7], "result")->child->valuestring, "after");
  cr_assert_eq(error_code(o.msgs[8]), MS_RPC_METHOD_NOT_FOUND);
  cr_assert_eq(cJSON_GetObjectItem(o.msgs[8], "id")->valueint, 3);
  const cJSON *lp = cJSON_GetObjectItem(o.msgs[9], "params");
  cr_assert_eq(cJSON_GetObjectItem(lp, "type")->valueint, 3);
  cr_assert_str_eq(cJSON_GetObjectItem(lp, "message")->valuestring, "said 42");
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[10], "method")->valuestring, "custom/event");
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[10], "params")->valuestring, "ev");
  cr_assert_null(cJSON_GetObjectItem(o.msgs[10], "id"));
  for (int i = 0; i < o.count; i++)
    cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[i], "jsonrpc")->valuestring, "2.0");
  cr_assert_geq(s.logs, 6, "transport diagnostics go to on_log");
  free_output(&o);
  free(in);
}

Test(rpc, errors_and_recovery_socketpair) { check_errors_and_recovery(VIA_SOCKETPAIR); }
Test(rpc, errors_and_recovery_pipes) { check_errors_and_recovery(VIA_PIPES); }
Test(rpc, errors_and_recovery_file) { check_errors_and_recovery(VIA_FILE); }

static void check_big_message(transport via) {
  size_t n = 5 << 20;
  char *body = malloc(n + 100);
  int h = sprintf(body, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"echo\",\"params\":[\"");
  for (size_t i = 0; i < n; i++) body[h + i] = (char)('a' + (i * 7) % 26);
  strcpy(body + h + n, "\"]}");
  char *in = NULL;
  size_t len = 0;
  add(&in, &len, body);
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"echo\",\"params\":[\"small\"]}");
  server s;
  output o;
  run_session(via, in, len, &s, &o);
  cr_assert_eq(o.count, 2);
  const char *echoed = cJSON_GetObjectItem(o.msgs[0], "result")->child->valuestring;
  cr_assert_eq(strlen(echoed), n);
  cr_assert(memcmp(echoed, body + h, n) == 0, "5 MB message altered");
  cr_assert_eq(cJSON_GetObjectItem(o.msgs[1], "id")->valueint, 8);
  free_output(&o);
  free(in);
  free(body);
}

Test(rpc, five_megabytes_socketpair) { check_big_message(VIA_SOCKETPAIR); }
Test(rpc, five_megabytes_pipes) { check_big_message(VIA_PIPES); }
Test(rpc, five_megabytes_file) { check_big_message(VIA_FILE); }

Test(rpc, request_response_routing) {
  char *in = NULL;
  size_t len = 0;
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"method\":\"ask\",\"params\":{\"q\":1}}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"method\":\"ask\",\"params\":{\"q\":2}}");
  /* answers out of order: id 2 first, then id 1 as an error */
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"answer\":42}}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32601,\"message\":\"no\"}}");
  /* an answer to nothing goes to on_message; a duplicate too */
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":99,\"result\":null}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"answer\":43}}");
  server s;
  output o;
  run_session(VIA_PIPES, in, len, &s, &o);
  cr_assert_str_eq(s.seen, "ask ask (response) (response) ");
  cr_assert_eq(s.answers, 2);
  cr_assert_eq(s.answer, 42);
  cr_assert_eq(s.error_code, -32601);
  cr_assert_eq(o.count, 2);
  for (int i = 0; i < 2; i++) {
    cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[i], "method")->valuestring, "client/ask");
    cr_assert_eq(cJSON_GetObjectItem(o.msgs[i], "id")->valueint, i + 1);
    cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(o.msgs[i], "params"), "q")->valueint, i + 1);
  }
  free_output(&o);
  free(in);
}

Test(rpc, delete_inside_callback_stops_dispatch) {
  char *in = NULL;
  size_t len = 0;
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":1}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"method\":\"bye\"}");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":2}");
  for (transport via = VIA_SOCKETPAIR; via <= VIA_FILE; via++) {
    server s;
    output o;
    run_session(via, in, len, &s, &o);
    cr_assert_str_eq(s.seen, "echo bye ");
    cr_assert_eq(s.eofs, 0);
    cr_assert_eq(o.count, 1);
    free_output(&o);
  }
  free(in);
}

Test(rpc, absurd_length_is_logged_and_the_next_message_read) {
  char *in = malloc(256);
  size_t len = (size_t)sprintf(in, "Content-Length: 18446744073709551615\r\n\r\n");
  add(&in, &len, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":1}");
  server s;
  output o;
  run_session(VIA_SOCKETPAIR, in, len, &s, &o);
  /* The length is not trusted (issue 21: 2^64 - 1 left the server deaf):
  ** one log message, then the next message is read and answered. */
  cr_assert_eq(o.count, 2);
  cr_assert_str_eq(cJSON_GetObjectItem(o.msgs[0], "method")->valuestring, "window/logMessage");
  cr_assert_eq(s.eofs, 1);
  cr_assert_str_eq(s.seen, "echo ");
  free_output(&o);
  free(in);
}
