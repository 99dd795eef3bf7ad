/*
** fuzz_rpc.c: libFuzzer target for the language server fed an arbitrary
** byte stream: base-protocol framing (frame.c), JSON-RPC validation
** (rpc.c) and message dispatch with every handler behind it (lsp.c,
** session.c, features.c). The input is the whole of the server's stdin
** (a memfd, so rpc.c reads it as a file); its output goes to /dev/null.
** Each input is one complete server lifetime, from start to end of input.
*/

#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <uv.h>

#include "lsp.h"

static bool write_all(int fd, const uint8_t *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w <= 0) return false;
    p += w;
    n -= (size_t)w;
  }
  return true;
}

static void print_handle(uv_handle_t *h, void *arg) {
  (void)arg;
  fprintf(stderr, "fuzz_rpc: handle left open: %s (closing: %d)\n", uv_handle_type_name(h->type), uv_is_closing(h));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static int out_fd = -1;
  if (out_fd < 0 && (out_fd = open("/dev/null", O_WRONLY)) < 0) abort();
  int in_fd = memfd_create("fuzz-rpc-input", MFD_CLOEXEC);
  if (in_fd < 0) abort();
  if (!write_all(in_fd, data, size) || lseek(in_fd, 0, SEEK_SET) != 0) abort();
  uv_loop_t loop;
  if (uv_loop_init(&loop) != 0) abort();
  ms_lsp *server = ms_lsp_new(&loop, in_fd, out_fd);
  if (server) {
    int status = ms_lsp_run(server);
    if (status != 0 && status != 1) abort();
    ms_lsp_delete(server);
  }
  if (uv_loop_close(&loop) != 0) { /* a handle left open */
    uv_walk(&loop, print_handle, NULL);
    abort();
  }
  close(in_fd);
  return 0;
}
