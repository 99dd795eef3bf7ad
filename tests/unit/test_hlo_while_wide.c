/*
** test_hlo_while_wide.c: a pretty stablehlo.while with many loop-carried
** values (issue 22). Its header binds each operand (`%a = %x,`) and lists
** each type, six tokens per operand; records.c keeps a custom op's tokens
** for every op of up to its 256 operands, so the results are typed by
** `each-type` (they stayed untyped from 43 operands on when the token
** array held 256). Past 256 operands the op is not read: silent. (The
** body is judged by the structured algebra only up to its
** MS_SOP_MAX_RESULTS values: not here.)
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

TestSuite(hlo_while_wide, .fini = test_catalog_release);

/* A pretty while over n values %x0: tensor<1xf32> .. %x{n-1}:
** tensor<{n}xf32>; its body returns `ret` (NULL: the header names), then
** `use` follows it. */
static char *wide_while(int n, const char *ret, const char *use) {
  size_t cap = 200 + (size_t)n * 120 + (ret ? strlen(ret) : 0) + strlen(use);
  char *s = malloc(cap);
  size_t m = (size_t)snprintf(s, cap, "func.func @w(%%c: tensor<i1>");
  for (int i = 0; i < n; i++) m += (size_t)snprintf(s + m, cap - m, ", %%x%d: tensor<%dxf32>", i, i + 1);
  m += (size_t)snprintf(s + m, cap - m, ") {\n  %%0:%d = stablehlo.while(", n);
  for (int i = 0; i < n; i++) m += (size_t)snprintf(s + m, cap - m, "%s%%a%d = %%x%d", i ? ", " : "", i, i);
  m += (size_t)snprintf(s + m, cap - m, ") : ");
  for (int i = 0; i < n; i++) m += (size_t)snprintf(s + m, cap - m, "%stensor<%dxf32>", i ? ", " : "", i + 1);
  m += (size_t)snprintf(s + m, cap - m, "\n    cond {\n      stablehlo.return %%c : tensor<i1>\n    } do {\n");
  if (ret) {
    m += (size_t)snprintf(s + m, cap - m, "      stablehlo.return %s\n", ret);
  } else {
    m += (size_t)snprintf(s + m, cap - m, "      stablehlo.return ");
    for (int i = 0; i < n; i++) m += (size_t)snprintf(s + m, cap - m, "%s%%a%d", i ? ", " : "", i);
    m += (size_t)snprintf(s + m, cap - m, " : ");
    for (int i = 0; i < n; i++) m += (size_t)snprintf(s + m, cap - m, "%stensor<%dxf32>", i ? ", " : "", i + 1);
    m += (size_t)snprintf(s + m, cap - m, "\n");
  }
  snprintf(s + m, cap - m, "    }\n%s  return\n}\n", use);
  return s;
}

/* Results typed: a use of result 64 at another type is a type mismatch
** on line 8 (each of the two uses), none at its own type. */
Test(hlo_while_wide, results_of_65_values_are_typed) {
  char *bad = wide_while(65, NULL, "  %1 = stablehlo.add %0#64, %0#64 : tensor<3xf32>\n");
  test_expect_codes(bad, "type-mismatch@8 type-mismatch@8");
  free(bad);
  char *good = wide_while(65, NULL, "  %1 = stablehlo.add %0#64, %0#64 : tensor<65xf32>\n");
  test_expect_codes(good, "");
  free(good);
  char *most = wide_while(256, NULL, "  %1 = stablehlo.add %0#255, %0#255 : tensor<7xf32>\n");
  test_expect_codes(most, "type-mismatch@8 type-mismatch@8");
  free(most);
}

/* Past 256 operands the op is not read: no finding, whatever follows. */
Test(hlo_while_wide, past_256_values_silent) {
  char *t = wide_while(300, NULL, "  %1 = stablehlo.add %0#299, %0#299 : tensor<7xf32>\n");
  test_expect_codes(t, "");
  free(t);
}
