/*
** helpers.h: what several unit test files share: the builtin catalog,
** loaded once per test process (Criterion runs each test in its own), a
** session over a snippet and the type it infers for a value, the codes an
** analysis of a snippet gives and the checks on them, and a file read whole.
*/
#ifndef MS_TEST_HELPERS_H
#define MS_TEST_HELPERS_H

#include <stdbool.h>
#include <stddef.h>

#include "analyzer.h"
#include "catalog.h"
#include "session.h"

/* The builtin catalog, loaded on first use; a test fails if it does not load. */
ms_catalog *test_catalog(void);

/* Frees the catalog (a suite's .fini); the next test_catalog() loads it again. */
void test_catalog_release(void);

/* A session over text ("file:///t.mlir", version 1, default options), updated. */
ms_session *test_session_of(const char *text);

/* The inferred type of the value defined where def first occurs in s's
** text (def: "%x =", "%arg:"), or "declared" when it is not refined. */
const char *test_inferred_type(ms_session *s, const char *def);

/* In a session over text, expects the value defined at each want[2i] to
** have the inferred type want[2i+1], as test_inferred_type reads them;
** want ends with NULL. With findings >= 0, the unit at offset 0 has that
** many findings. */
void test_expect_types(const char *text, int findings, const char *const *want);

/* Analyses text with the builtin catalog and opts (NULL: defaults) into out
** (the caller clears it) and writes its findings' codes to codes as
** "code@line" joined by spaces, only errors when errors_only. */
void test_analyse(const char *text, const ms_analyzer_options *opts, bool errors_only, char *codes, size_t n,
                  ms_analysis *out);

/* The value of a's records named `name` ("%0", "%arg1"); fails the test
** when there is none. */
uint32_t test_value_named(const ms_analysis *a, const char *text, const char *name);

/* The whole file at path, NUL-terminated (malloc'd; the caller frees it),
** its length in *len unless len is NULL; NULL when it cannot be opened. */
char *test_read_file(const char *path, size_t *len);

/* Expects the error codes of text's analysis (as test_analyse writes them,
** "code@line" joined by spaces) to be want. */
void test_expect_codes(const char *text, const char *want);

/* test_expect_codes over the text printf writes of fmt and its
** arguments (a test fails when it does not fit in 4 KiB). */
void test_expect_codesf(const char *want, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Expects text's analysis to report an error of code want (written as
** test_analyse writes codes: "code" or "code@line"); no error at all when
** want is NULL. */
void test_expect_error(const char *text, const char *want);

/* Expects the rule file json (named "bad.json") to be refused, with a
** message located in it ("bad.json:LINE:COL") that contains want. */
void test_expect_catalog_refused(const char *json, const char *want);

/* Expects a catalog of one op ("x.b", rule numpy) whose "constraints" are
** the JSON object constraints to be refused, with a message that names
** the file ("bad.json") and contains want. */
void test_expect_constraints_refused(const char *constraints, const char *want);

/* The tree of text (a parser made and deleted for it); the caller deletes it. */
TSTree *test_parse(const char *text);

#endif
