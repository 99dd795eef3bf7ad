/*
** fuzz_long.c: libFuzzer target whose small inputs expand to large texts
** (issue 21): the inputs the other targets cannot reach at 16 KB.
**
** The input is a recipe of 3-byte steps: a kind and a 16-bit count. Each
** step appends count copies of one structure: unclosed or closed nesting
** (parens, regions, arrays, `tensor<`), ops with a broadcast error on one
** line (many findings, long lines), newlines, alias chains, or the step's
** own byte repeated. The text (at most 8 MB) goes through the server's
** session (parse with the nesting limit, analysis) and every report format;
** sanitizers and libFuzzer's time and memory limits are the checks, with
** the JSON report required to be UTF-8; `check`'s cut of the text into
** units (garbage stretches apart) must tile it in order.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "report.h"
#include "session.h"
#include "source.h"

#define LONG_MAX_TEXT ((size_t)8 << 20)

typedef struct text {
  char *p;
  size_t len, cap;
} text;

static void put(text *t, const char *s, size_t n, unsigned times) {
  for (unsigned k = 0; k < times && t->len + n <= LONG_MAX_TEXT; k++) {
    if (t->len + n > t->cap) {
      t->cap = (t->len + n) * 2;
      t->p = realloc(t->p, t->cap);
      if (!t->p) abort();
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
  }
}

static const char *const pieces[] = {
  "(",
  "\"test.a\"() ({\n",
  "[",
  "tensor<",
  "%r = \"tosa.add\"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32> ",
  "\n",
  ")",
  "}) : () -> ()\n",
  "]",
  ">",
  "!t = !t\n",
  "func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n",
};

/* `check`'s cut (garbage.c over cut.c): the units tile the text in order,
** and a stretch that is not MLIR text holds a foreign byte. */
static void check_cut(const text *t) {
  ms_source src;
  ms_source_init_text(&src, "long.mlir", t->p, t->len);
  ms_unit_list u;
  ms_unit_list_init(&u);
  ms_cut_options o = {.threshold = 4096, .target = 2048, .max_level = 4, .flow = true};
  ms_source_cut_text(&src, 0, (uint32_t)t->len, &o, &u);
  uint32_t prev = 0;
  for (size_t i = 0; i < u.count; i++) {
    const ms_unit *x = &u.items[i];
    if (x->start[0] < prev || x->end[0] > t->len) abort();
    if (x->not_text && ms_source_foreign(t->p, x->start[0], x->end[0]) >= x->end[0]) abort();
    prev = x->start[0];
  }
  ms_unit_list_clear(&u);
  ms_source_close(&src);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  text t = {0};
  for (size_t i = 0; i + 3 <= size; i += 3) {
    unsigned kind = data[i] % (sizeof pieces / sizeof *pieces + 1);
    unsigned count = ((unsigned)data[i + 1] << 8 | data[i + 2]) + 1;
    if (kind == sizeof pieces / sizeof *pieces) {
      char c = (char)data[i + 1];
      put(&t, &c, 1, count);
    } else {
      put(&t, pieces[kind], strlen(pieces[kind]), count);
    }
  }
  if (!t.len) return 0;
  check_cut(&t);
  static const ms_analyzer_options opts = {false};
  ms_session *s = ms_session_new("file:///long.mlir", t.p, t.len, 1, fuzz_catalog(), &opts);
  if (s) {
    ms_session_update(s);
    ms_diag_list diags;
    ms_diag_list_init(&diags);
    ms_session_diagnostics(s, &diags);
    ms_source src;
    ms_source_init_text(&src, "long.mlir", t.p, t.len);
    ms_report_file file = {&src, &diags};
    char *json = ms_report_json(&file, 1);
    if (json) fuzz_expect_utf8(json, strlen(json));
    free(json);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
      ms_report_text(null, &src, &diags);
      fclose(null);
    }
    ms_source_close(&src);
    ms_diag_list_clear(&diags);
    ms_session_delete(s);
  }
  free(t.p);
  return 0;
}
