/*
** fuzz_edits.c: libFuzzer target for incremental editing: a document and
** a sequence of edits are applied to a session (session.h), and after each
** update its diagnostics must equal those of a new session opened on the
** same text (a from-scratch parse and analysis). Chunked documents are
** exercised with small chunking thresholds; for them, text that both
** sides read with syntax errors is not compared (see README, Limits).
**
** Input: byte 0 holds flags (bit 0: chunked); the text runs up to the
** first 0xFF byte; each edit after it is 4 bytes (line, column, deleted
** length, insertion choice) and insertions come from a table of tokens that
** make and break MLIR, or from the input's own text.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "session.h"

static const char *const inserts[] = {
  "", " ", "\n", "1", "2", "x", "?", "{", "}", "(", ")", "<", ">", "\"", ",", ":", "%", "//", "^bb0:",
  "tensor<2x3xf32>", "tensor<3xf32>", "%c = ", "func.func @f() {\n", "return\n", "!t = tensor<4xi32>\n",
  "%0 = \"test.broadcastable\"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n",
  "%1 = tosa.add %a, %b : (tensor<1x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>\n",
  "\"builtin.module\"() ({\n", "}) : () -> ()\n",
};

static const ms_analyzer_options opts = {false};

static char *diagnostics_text(ms_session *s) {
  ms_diag_list list;
  ms_diag_list_init(&list);
  ms_session_diagnostics(s, &list);
  size_t cap = 64, len = 0;
  for (size_t i = 0; i < list.count; i++) cap += strlen(list.items[i].message) + 160;
  char *out = malloc(cap);
  if (!out) abort();
  out[0] = '\0';
  for (size_t i = 0; i < list.count; i++) {
    const ms_diagnostic *d = &list.items[i];
    len += (size_t)snprintf(out + len, cap - len, "%u-%u %d %s %s\n", d->start, d->end, (int)d->severity, d->code,
                            d->message);
  }
  ms_diag_list_clear(&list);
  return out;
}

static void expect_same_as_fresh(ms_session *s, bool chunked) {
  size_t len;
  const char *text = ms_document_text(ms_session_document(s), &len);
  ms_session *fresh = ms_session_new("file:///fresh.mlir", text, len, 0, fuzz_catalog(), &opts);
  if (!fresh) abort();
  if (chunked) ms_session_set_chunking(fresh, 200, 100);
  ms_session_update(fresh);
  char *a = diagnostics_text(s), *b = diagnostics_text(fresh);
  /* A chunked document with syntax errors keeps its chunks: the errors'
  ** reach may then differ from a fresh cut's (README, Limits). Valid text,
  ** or errors on one side only, must match exactly. */
  bool both_broken = chunked && strstr(a, " syntax-error ") && strstr(b, " syntax-error ");
  if (!both_broken && strcmp(a, b) != 0) {
    fprintf(stderr, "incremental and fresh analyses differ\n--- incremental:\n%s--- fresh:\n%s--- text:\n%.*s\n", a,
            b, (int)len, text);
    abort();
  }
  free(a);
  free(b);
  ms_session_delete(fresh);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  bool chunked = data[0] & 1;
  const uint8_t *sep = memchr(data + 1, 0xFF, size - 1);
  size_t text_len = sep ? (size_t)(sep - data - 1) : size - 1;
  ms_session *s = ms_session_new("file:///edits.mlir", (const char *)data + 1, text_len, 1, fuzz_catalog(), &opts);
  if (!s) return 0;
  /* Chunked: with a tree budget of about two chunks, so that edits also
  ** land in chunks whose tree was dropped (parsed afresh). */
  if (chunked) {
    ms_session_set_chunking(s, 200, 100);
    ms_session_set_tree_budget(s, 200);
  }
  ms_session_update(s);
  const uint8_t *p = sep ? sep + 1 : data + size, *end = data + size;
  for (int step = 0; p + 4 <= end && step < 64; p += 4, step++) {
    ms_document *doc = ms_session_document(s);
    ms_position a = {p[0] % (ms_document_line_count(doc) + 1), p[1] % 80};
    ms_position b = {a.line + (p[2] >> 6 == 3), a.character + (p[2] & 0x3F) % 8};
    const char *ins = inserts[p[3] % (sizeof inserts / sizeof *inserts)];
    size_t ins_len = strlen(ins);
    if (p[3] >= 0xF0 && text_len > 0) { /* a slice of the original text */
      ins = (const char *)data + 1 + (p[1] * 7u) % text_len;
      ins_len = (size_t)(p[2] % 40);
      if (ins + ins_len > (const char *)data + 1 + text_len) ins_len = (size_t)((const char *)data + 1 + text_len - ins);
    }
    ms_encoding enc = p[2] & 0x40 ? MS_ENCODING_UTF16 : MS_ENCODING_UTF8;
    ms_session_edit(s, a, b, ins, ins_len, enc);
    if (p[0] & 1 || p + 8 > end) {
      ms_session_update(s);
      expect_same_as_fresh(s, chunked);
    }
  }
  ms_session_delete(s);
  return 0;
}
