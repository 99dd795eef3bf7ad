/*
** fuzz_shape.c: libFuzzer target for the text parsers of the shape
** calculator: shapes and types (shape.h), attribute values (attr.h) and the
** `broadcast` command line itself (cmd_broadcast.c), which ends in the
** broadcast algebra (broadcast.h).
**
** The input is read three ways: as one shape or type (whose formatted form
** must parse back to an equal shape), as one attribute value of each kind,
** and split on blanks into a `broadcast` command line.
*/
#include <assert.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "attr.h"
#include "attr_struct.h"
#include "commands.h"
#include "shape.h"

/* The command prints its results; the fuzzer only wants it not to crash.
** stdout and stderr are silenced only around the call: libFuzzer (and the
** unit tests that replay these inputs) report there. */
static int null_fd = -1, saved[3] = {-1, -1, -1};

static void silence(bool on) {
  fflush(stdout);
  fflush(stderr);
  if (null_fd < 0 && ((null_fd = open("/dev/null", O_WRONLY)) < 0 || (saved[1] = dup(1)) < 0 ||
                      (saved[2] = dup(2)) < 0))
    abort();
  dup2(on ? null_fd : saved[1], 1);
  dup2(on ? null_fd : saved[2], 2);
}

static void round_trip(const char *text, size_t len) {
  ms_shape s, again;
  char err[128];
  if (!ms_shape_parse(&s, text, len, err, sizeof err)) return;
  char buf[4096];
  size_t n = ms_shape_format_type(&s, buf, sizeof buf);
  if (n >= sizeof buf) return;
  /* An element type of 64+ bytes is kept truncated, and one holding a NUL
  ** is cut at it: neither need reparse. */
  if (strlen(s.elem) + 1 >= sizeof s.elem || memchr(text, '\0', len)) return;
  if (!ms_shape_parse(&again, buf, n, err, sizeof err)) {
    fprintf(stderr, "formatted shape '%s' does not parse: %s\n", buf, err);
    abort();
  }
  if (s.ranked != again.ranked || (s.ranked && !ms_shape_equal(&s, &again))) abort();
}

/* The structured readers (attr_struct.h): every sub-span they hand back
** lies inside the text. */
static void structured(const char *text, size_t len) {
  static const char *const fields[] = {"lhs_contracting_dimensions", "stride", "pad", "input_batch_dimension",
                                       "kernel_spatial_dimensions", "output_feature_dimension"};
  const char *v;
  size_t n;
  int64_t list[MS_MAX_RANK];
  int k;
  for (size_t i = 0; i < sizeof fields / sizeof *fields; i++) {
    if (ms_attr_field(text, len, fields[i], &v, &n)) assert(v >= text && v + n <= text + len);
    if (ms_attr_conv_dims(text, len, fields[i], list, MS_MAX_RANK, &k)) assert(k >= 0 && k <= MS_MAX_RANK);
  }
  for (int side = 0; side < 2; side++)
    if (ms_attr_pair(text, len, side, &v, &n)) assert(v >= text && v + n <= text + len);
  if (ms_attr_list_shape(text, len, list, 4, &k)) assert(k >= 0 && k <= 4);
  assert(ms_attr_field_count(text, len) >= 0);
  ms_attr_field_unique(text, len);
}

static void attributes(const char *text, size_t len) {
  int64_t v, list[MS_MAX_RANK];
  int n;
  char out[64], err[128];
  ms_attr_parse_int(text, len, &v, err, sizeof err);
  if (ms_attr_parse_int_list(text, len, list, MS_MAX_RANK, &n, err, sizeof err)) assert(n >= 0 && n <= MS_MAX_RANK);
  if (ms_attr_parse_string(text, len, out, sizeof out, err, sizeof err)) assert(strlen(out) < sizeof out);
  if (ms_attr_parse_dense_shape(text, len, list, MS_MAX_RANK, &n, err, sizeof err))
    for (int i = 0; i < n; i++) assert(list[i] >= 0);
  structured(text, len);
}

/* Splits on blanks into argv after "broadcast"; never --batch (stdin). */
static void command_line(char *text) {
  char *argv[40] = {"broadcast"};
  int argc = 1;
  for (char *t = strtok(text, " \t\r\n"); t && argc < 39; t = strtok(NULL, " \t\r\n"))
    if (strcmp(t, "--batch")) argv[argc++] = t;
  argv[argc] = NULL;
  silence(true);
  int status = ms_cmd_broadcast(argc, argv);
  silence(false);
  assert(status >= 0 && status <= 2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = '\0';
  round_trip(text, size);
  attributes(text, size);
  command_line(text);
  free(text);
  return 0;
}
