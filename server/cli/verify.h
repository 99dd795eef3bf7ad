/*
** verify.h: `check --verify-diagnostics`, mlir-opt's way of testing
** diagnostics, for mlir-shape's own findings.
**
** A test file carries annotations such as
**   // expected-error @+1 {{operands don't have broadcast-compatible shapes}}
** (kinds error, warning, note, remark; designators @+N, @-N, @above, @below;
** the {{text}} is a substring of the expected message). Verification is
** both ways: every produced error or warning must be expected, every
** expectation must be produced. Mismatches come back as diagnostics worded
** like mlir-opt's ("unexpected error: MSG", "expected error \"MSG\" was not
** produced"), which `check` prints in text format.
*/
#ifndef MS_VERIFY_H
#define MS_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "source.h"

typedef enum ms_expect_kind {
  MS_EXPECT_ERROR,
  MS_EXPECT_WARNING,
  MS_EXPECT_NOTE,
  MS_EXPECT_REMARK
} ms_expect_kind;

typedef struct ms_expectation {
  ms_expect_kind kind;
  uint32_t line;               /* 0-based line the diagnostic is expected on */
  uint32_t start, end;         /* the "expected-KIND" text, for reports */
  char *text;                  /* the {{...}} contents */
  bool matched;
} ms_expectation;

typedef struct ms_expectations {
  ms_expectation *items;
  size_t count, cap;
} ms_expectations;

void ms_expectations_init(ms_expectations *self);
void ms_expectations_clear(ms_expectations *self);

/* "error", "warning", "note", "remark". */
const char *ms_expect_kind_name(ms_expect_kind kind);

/* Appends the annotations of the lines starting in [start, end) of src
** (one per line, as mlir-opt reads them). @below applies to the next line
** in the range without an annotation, @above to the previous one; a
** pending @below at the end of the range is dropped, as mlir-opt does. */
void ms_expectations_parse(ms_expectations *self, const ms_source *src, uint32_t start, uint32_t end);

/* Matches diags (one file's, any order) against self, marking expectations
** matched, and appends one error diagnostic to mismatches per produced
** error/warning nobody expected (sorted by position), then one per
** expectation not produced (in file order). Information and hints, and
** related information (as notes), may match note/remark expectations but
** are never required. Returns the number of mismatches. */
size_t ms_verify(ms_expectations *self, const ms_source *src, const ms_diag_list *diags,
                 ms_diag_list *mismatches);

#endif
