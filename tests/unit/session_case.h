/*
** session_case.h: what the session tests (test_session.c,
** test_session_flow.c, test_session_cuts.c, test_session_garbage.c,
** test_hardening.c) share: the options their sessions run with, a session
** that cuts functions into pieces, the long function they cut, a session's
** findings as text, and the check that an edited session's findings equal
** those of a fresh session over the same text.
** Sessions use helpers.h's builtin catalog (test_catalog(); a suite
** releases it with .fini = test_catalog_release).
**
**   ms_session *s = session_open("file:///t.mlir", text, strlen(text));
**   ... edits, ms_session_update(s) ...
**   session_expect_fresh(s, 0, step);  the same findings as a fresh session
*/
#ifndef SESSION_CASE_H
#define SESSION_CASE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "session.h"

static const ms_analyzer_options session_opts = {false};

/* A session over text (version 1) with the builtin catalog and session_opts. */
static inline ms_session *session_open(const char *uri, const char *text, size_t len) {
  ms_session *s = ms_session_new(uri, text, len, 1, test_catalog(), &session_opts);
  cr_assert(s);
  return s;
}

/* A session over text (version 1) cutting functions into pieces of about
** `piece` bytes (chunks of `chunk`), updated. */
static inline ms_session *session_open_cut(const char *uri, const char *text, size_t len, size_t chunk,
                                           size_t piece) {
  ms_session *s = session_open(uri, text, len);
  ms_session_set_chunking(s, chunk, piece);
  ms_session_set_function_cutting(s, true);
  ms_session_update(s);
  return s;
}

/* The opening of a module and of a long function @main(%a: tensor<2x3xi32>,
** %b: tensor<3xi32>) with its ops %v0..%v<n-1>, up to its return (malloc'd,
** with room for `extra` bytes more; its length in *len). Op %v<i> (i >= 1)
** reads the op before it and the one 40 back (or %v0), all
** tensor<2x3xi32>; where i % every == 0, bad(at, i) writes it instead and
** returns the bytes written. */
static inline char *session_main_ops(int n, int every, size_t (*bad)(char *at, int i), size_t extra, size_t *len) {
  char *s = malloc((size_t)n * 200 + extra);
  cr_assert(s);
  size_t w = (size_t)sprintf(s, "module {\n  func.func @main(%%a: tensor<2x3xi32>, %%b: tensor<3xi32>) {\n"
                                "    %%v0 = \"test.broadcastable\"(%%a, %%b) : (tensor<2x3xi32>, tensor<3xi32>) -> "
                                "tensor<2x3xi32>\n");
  for (int i = 1; i < n; i++) {
    if (i % every == 0) {
      w += bad(s + w, i);
      continue;
    }
    int far = i > 40 ? i - 40 : 0;
    w += (size_t)sprintf(s + w,
                         "    %%v%d = \"test.broadcastable\"(%%v%d, %%v%d) : (tensor<2x3xi32>, tensor<2x3xi32>) -> "
                         "tensor<2x3xi32>\n",
                         i, i - 1, far);
  }
  *len = w;
  return s;
}

/* The findings of list, one "start-end code message" line each (malloc'd);
** clears list. */
static inline char *session_list_text(ms_diag_list *list) {
  char *out = NULL;
  size_t len;
  FILE *f = open_memstream(&out, &len);
  cr_assert(f);
  for (size_t i = 0; i < list->count; i++) {
    const ms_diagnostic *d = &list->items[i];
    fprintf(f, "%u-%u %s %s\n", d->start, d->end, d->code, d->message);
  }
  fclose(f);
  ms_diag_list_clear(list);
  return out;
}

/* The session's findings as session_list_text writes them (malloc'd). */
static inline char *session_findings(ms_session *s) {
  ms_diag_list list;
  ms_diag_list_init(&list);
  ms_session_diagnostics(s, &list);
  return session_list_text(&list);
}

/* Asserts that s's findings equal a fresh session's over s's text. The
** fresh session cuts at chunk_threshold (half of it for pieces; 0: the
** session's default). step names the moment in the message. */
static inline void session_expect_fresh(ms_session *s, size_t chunk_threshold, int step) {
  size_t len;
  const char *text = ms_document_text(ms_session_document(s), &len);
  ms_session *fresh = ms_session_new("file:///fresh.mlir", text, len, 0, test_catalog(), &session_opts);
  if (chunk_threshold) ms_session_set_chunking(fresh, chunk_threshold, chunk_threshold / 2);
  ms_session_update(fresh);
  char *a = session_findings(s), *b = session_findings(fresh);
  cr_assert_str_eq(a, b, "step %d: the session and a fresh one differ\n--- session:\n%s--- fresh:\n%s--- text:\n%s",
                   step, a, b, text);
  free(a);
  free(b);
  ms_session_delete(fresh);
}

#endif
