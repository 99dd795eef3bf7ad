/*
** bcast_case.h: running a broadcast rule on shapes written as text for the
** unit tests of the broadcast algebra (test_broadcast.c) and the dialect
** families' rules (test_rules_families.c): the last run's result R and
** verdict R_ok, its findings by code and its inferred shape.
*/
#ifndef BCAST_CASE_H
#define BCAST_CASE_H

#include <criterion/criterion.h>
#include <stdarg.h>
#include <string.h>

#include "broadcast.h"

static ms_broadcast_result R;
static bool R_ok;

static inline ms_shape shape(const char *text) {
  ms_shape s;
  char err[128] = "";
  cr_assert(ms_shape_parse(&s, text, strlen(text), err, sizeof err), "'%s': %s", text, err);
  return s;
}

/* Runs `rule` on n operand texts (and a result text, or NULL). */
static inline bool run(ms_rule rule, const ms_broadcast_options *o, const char *result, int n, ...) {
  ms_shape ops[MS_MAX_OPERANDS], res;
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) ops[i] = shape(va_arg(ap, const char *));
  va_end(ap);
  if (result) res = shape(result);
  R_ok = ms_broadcast_check(rule, o, ops, n, NULL, result ? &res : NULL, result ? 1 : 0, NULL, &R);
  return R_ok;
}

/* The last run's finding with that code, or NULL. */
static inline const ms_finding *find(const char *code) {
  for (int i = 0; i < R.nfindings; i++)
    if (!strcmp(R.findings[i].code, code)) return &R.findings[i];
  return NULL;
}

/* The last run's inferred shape as "2x?x3". */
static inline const char *inferred(void) {
  static char buf[128];
  ms_shape_format(&R.inferred, buf, sizeof buf);
  return buf;
}

#define assert_error(code)                                                                       \
  do {                                                                                           \
    cr_assert_not(R_ok, "expected failure with %s", code);                                       \
    const ms_finding *f_ = find(code);                                                           \
    cr_assert(f_, "no %s finding (first: %s)", code, R.nfindings ? R.findings[0].message : "-"); \
    cr_assert_eq(f_->severity, MS_SEVERITY_ERROR);                                               \
  } while (0)

#endif
