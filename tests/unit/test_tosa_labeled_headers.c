/*
** test_tosa_labeled_headers.c: unit tests of the header names of a pretty
** tosa.cond_if (`(%a = %x)`, layout item names($N...)) used inside a region
** that has its own label `^bb0(...)`: mlir-opt-22 drops the header's names,
** so such a use names nothing ("use of undeclared SSA value name", at the
** use) unless a value of that name is defined before the op in the
** function (then the use is that value, and we stay silent).
*/
#include <criterion/criterion.h>

#include <stdio.h>

#include "helpers.h"

TestSuite(tosa_labeled_headers, .fini = test_catalog_release);

/* A cond_if of %c over %x (and %z) with the given then and else bodies,
** each under its own label ^bb0(%b, %d). */
static void expect_if(const char *args, const char *then_use, const char *else_use, const char *want) {
  char text[2048];
  snprintf(text, sizeof text,
           "func.func @f(%%c: tensor<i1>, %s) -> tensor<2xf32> {\n"
           "  %%0 = tosa.cond_if %%c (%%a = %%x, %%e = %%z) : tensor<i1> (tensor<2xf32>, tensor<2xf32>) -> "
           "tensor<2xf32> {\n"
           "  ^bb0(%%b: tensor<2xf32>, %%d: tensor<2xf32>):\n"
           "    %%y = tosa.cast %s : (tensor<2xf32>) -> tensor<2xf32>\n"
           "    \"tosa.yield\"(%%y) : (tensor<2xf32>) -> ()\n"
           "  } else {\n"
           "  ^bb0(%%b: tensor<2xf32>, %%d: tensor<2xf32>):\n"
           "    %%y = tosa.cast %s : (tensor<2xf32>) -> tensor<2xf32>\n"
           "    \"tosa.yield\"(%%y) : (tensor<2xf32>) -> ()\n"
           "  }\n"
           "  return %%0 : tensor<2xf32>\n"
           "}\n",
           args, then_use, else_use);
  test_expect_codes(text, want);
}

static const char xz[] = "%x: tensor<2xf32>, %z: tensor<2xf32>";

Test(tosa_labeled_headers, a_labeled_region_cannot_use_them) {
  /* mlir-opt-22: 4:20 and 8:20, use of undeclared SSA value name (the
  ** parser stops at the first) */
  expect_if(xz, "%a", "%b", "op-syntax@4");
  expect_if(xz, "%b", "%e", "op-syntax@8");
  expect_if(xz, "%e", "%a", "op-syntax@4");
}

Test(tosa_labeled_headers, the_regions_own_arguments_are_fine) {
  expect_if(xz, "%b", "%d", "");
  expect_if(xz, "%x", "%z", "");
}

Test(tosa_labeled_headers, a_name_defined_before_the_op_is_not_reported) {
  /* mlir-opt-22 accepts it: %a is the function's argument */
  expect_if("%a: tensor<2xf32>, %x: tensor<2xf32>, %z: tensor<2xf32>", "%a", "%b", "");
}

Test(tosa_labeled_headers, an_earlier_cond_ifs_header_name_is_no_definition) {
  /* mlir-opt-22: 14:20, use of undeclared SSA value name: the first
  ** cond_if's %a is in no scope either */
  test_expect_codes("func.func @f(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    \"tosa.yield\"(%b) : (tensor<2xf32>) -> ()\n"
                    "  } else {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    \"tosa.yield\"(%b) : (tensor<2xf32>) -> ()\n"
                    "  }\n"
                    "  %1 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    \"tosa.yield\"(%b) : (tensor<2xf32>) -> ()\n"
                    "  } else {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    %y = tosa.cast %a : (tensor<2xf32>) -> tensor<2xf32>\n"
                    "    \"tosa.yield\"(%y) : (tensor<2xf32>) -> ()\n"
                    "  }\n"
                    "  return %1 : tensor<2xf32>\n"
                    "}\n",
                    "op-syntax@14");
}

/* A pretty tosa.while_loop whose cond region (the first) begins with
** `first` and whose body yields `yield`. */
static void expect_while(const char *first, const char *yield, const char *want) {
  char text[1024];
  snprintf(text, sizeof text,
           "func.func @f(%%x: tensor<2xf32>) -> tensor<2xf32> {\n"
           "  %%0 = tosa.while_loop (%%a = %%x) : (tensor<2xf32>) -> tensor<2xf32> {\n"
           "%s"
           "    %%g = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
           "    tosa.yield %%g : tensor<i1>\n"
           "  } do {\n"
           "  ^bb0(%%b: tensor<2xf32>):\n"
           "    tosa.yield %s : tensor<2xf32>\n"
           "  }\n"
           "  return %%0 : tensor<2xf32>\n"
           "}\n",
           first, yield);
  test_expect_codes(text, want);
}

Test(tosa_labeled_headers, a_while_loops_header_declares_the_cond_block) {
  /* mlir-opt-22: 3:3, invalid block name in region with named arguments */
  expect_while("  ^bb0(%b: tensor<2xf32>):\n", "%b", "op-syntax@3");
  expect_while("  // the cond\n  ^bb1(%b: tensor<2xf32>):\n", "%b", "op-syntax@4");
  expect_while("", "%b", "");
}
