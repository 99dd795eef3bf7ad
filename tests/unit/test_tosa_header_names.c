/*
** test_tosa_header_names.c: unit tests of the names a pretty tosa.cond_if's
** header declares (`(%a = %x)`, the layout item names($N...)): mlir-opt-22's
** parser drops them, so a region that uses one without a label of its own
** names nothing ("use of undeclared SSA value name"), reported where
** mlir-opt-22 reports it; a name also defined before the op is left
** unjudged.
*/
#include <criterion/criterion.h>

#include "helpers.h"

TestSuite(tosa_header_names, .fini = test_catalog_release);

/* A cond_if of %c over %x whose then and else regions are the given bodies. */
static void expect_if(const char *args, const char *then_body, const char *else_body, const char *want) {
  char text[1024];
  snprintf(text, sizeof text,
           "func.func @f(%%c: tensor<i1>, %s) -> tensor<2xf32> {\n"
           "  %%0 = tosa.cond_if %%c (%%a = %%x) : tensor<i1> (tensor<2xf32>) -> tensor<2xf32> {\n"
           "%s"
           "  } else {\n"
           "%s"
           "  }\n"
           "  return %%0 : tensor<2xf32>\n"
           "}\n",
           args, then_body, else_body);
  test_expect_codes(text, want);
}

static const char use_a[] = "    tosa.yield %a : tensor<2xf32>\n";
static const char labeled[] = "  ^bb0(%b: tensor<2xf32>):\n    tosa.yield %b : tensor<2xf32>\n";

Test(tosa_header_names, a_region_without_a_label_cannot_use_them) {
  /* mlir-opt-22: 3:16 and 5:16, use of undeclared SSA value name */
  expect_if("%x: tensor<2xf32>", use_a, use_a, "op-syntax@3");
  expect_if("%x: tensor<2xf32>", labeled, use_a, "op-syntax@6");
}

Test(tosa_header_names, regions_with_their_own_arguments_are_fine) {
  expect_if("%x: tensor<2xf32>", labeled, labeled, "");
}

Test(tosa_header_names, a_name_defined_before_the_op_is_not_reported) {
  /* mlir-opt-22 accepts it: %a is the function's argument inside, and the
  ** regions take no arguments (a region-types error we leave unjudged) */
  expect_if("%a: tensor<2xf32>, %x: tensor<2xf32>", use_a, use_a, "");
}

Test(tosa_header_names, while_loop_headers_bind_the_cond_region) {
  test_expect_codes("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  %0 = tosa.while_loop (%a = %x) : (tensor<2xf32>) -> tensor<2xf32> {\n"
                    "    %g = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
                    "    tosa.yield %g : tensor<i1>\n"
                    "  } do {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    tosa.yield %b : tensor<2xf32>\n"
                    "  }\n"
                    "  return %0 : tensor<2xf32>\n"
                    "}\n",
                    "");
}
