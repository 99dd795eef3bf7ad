/*
** test_tosa_pretty_regions.c: unit tests of the pretty tosa.cond_if and
** tosa.while_loop as mlir-opt-22 prints them, whose headers bind operands
** (`(%a = %x, ...)`, the layout items bindings($N...) and names($N...),
** layout.h): the header's names are the while_loop's cond region
** arguments, only labels on cond_if; both forms judged and flowed alike.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "layout.h"
#include "session.h"

TestSuite(tosa_pretty_regions, .fini = test_catalog_release);

static const char loop[] =
    "func.func @f(%x: tensor<2x3xf32>) -> tensor<*xf32> {\n"
    "  %0 = tosa.while_loop (%c0 = %x) : (tensor<2x3xf32>) -> tensor<*xf32> {\n"
    "    %g = tosa.greater %c0, %c0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xi1>\n"
    "    %h = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
    "    tosa.yield %h : tensor<i1>\n"
    "  } do {\n"
    "  ^bb0(%b0: tensor<*xf32>):\n"
    "    %1 = tosa.concat %b0, %b0 {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>\n"
    "    tosa.yield %1 : tensor<*xf32>\n"
    "  }\n"
    "  return %0 : tensor<*xf32>\n"
    "}\n";

Test(tosa_pretty_regions, a_while_header_names_the_cond_arguments) {
  /* the header's %c0 is the cond region's argument: uses inside see it */
  test_expect_types(loop, 0,
                    (const char *[]){"%g =", "tensor<?x3xi1>", "%b0:", "tensor<?x3xf32>", "%0 =", "tensor<?x3xf32>",
                                     NULL});
}

static const char branches[] =
    "func.func @f(%c: tensor<i1>, %x: tensor<2x3xf32>, %y: tensor<4xf32>) -> tensor<*xf32> {\n"
    "  %0 = tosa.cond_if %c (%p = %x, %q = %y) : tensor<i1> (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32> {\n"
    "  ^bb0(%a0: tensor<*xf32>, %a1: tensor<*xf32>):\n"
    "    %1 = tosa.abs %a0 : (tensor<*xf32>) -> tensor<*xf32>\n"
    "    tosa.yield %1 : tensor<*xf32>\n"
    "  } else {\n"
    "  ^bb0(%b0: tensor<*xf32>, %b1: tensor<*xf32>):\n"
    "    %2 = tosa.concat %b0, %b0 {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>\n"
    "    tosa.yield %2 : tensor<*xf32>\n"
    "  }\n"
    "  return %0 : tensor<*xf32>\n"
    "}\n";

Test(tosa_pretty_regions, cond_if_branches_take_the_bound_operands) {
  test_expect_types(branches, -1,
                    (const char *[]){"%a0:", "tensor<2x3xf32>", "%b1:", "tensor<4xf32>", "%2 =", "tensor<4x3xf32>",
                                     "%0 =", "tensor<?x3xf32>", NULL});
}

Test(tosa_pretty_regions, header_types_are_checked_against_the_operands) {
  /* mlir-opt-22: use of value '%x' expects different type than prior uses */
  test_expect_error("func.func @f(%x: tensor<2xf32>) -> tensor<*xf32> {\n"
                    "  %0 = tosa.while_loop (%a = %x) : (tensor<3xf32>) -> tensor<*xf32> {\n"
                    "    %g = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
                    "    tosa.yield %g : tensor<i1>\n"
                    "  } do {\n"
                    "  ^bb0(%b: tensor<3xf32>):\n"
                    "    tosa.yield %b : tensor<3xf32>\n"
                    "  }\n"
                    "  return %0 : tensor<*xf32>\n"
                    "}\n",
                    "type-mismatch");
}

Test(tosa_pretty_regions, cond_if_header_names_are_no_arguments) {
  /* mlir-opt-22: require same number of values in 'then_graph' arguments
  ** (0) and 'input_list' (1) */
  test_expect_error("func.func @f(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xf32>) -> tensor<2xf32> {\n"
                    "    tosa.yield %x : tensor<2xf32>\n"
                    "  } else {\n"
                    "    tosa.yield %x : tensor<2xf32>\n"
                    "  }\n"
                    "  return %0 : tensor<2xf32>\n"
                    "}\n",
                    "region-types");
  /* results against what the branches yield, as in the generic form */
  test_expect_error("func.func @f(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<3xf32> {\n"
                    "  %0 = tosa.cond_if %c (%a = %x) : tensor<i1> (tensor<2xf32>) -> tensor<3xf32> {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    tosa.yield %b : tensor<2xf32>\n"
                    "  } else {\n"
                    "  ^bb0(%b: tensor<2xf32>):\n"
                    "    tosa.yield %b : tensor<2xf32>\n"
                    "  }\n"
                    "  return %0 : tensor<3xf32>\n"
                    "}\n",
                    "region-types");
  /* no inputs: no header */
  test_expect_error("func.func @f(%c: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {\n"
                    "  %0 = tosa.cond_if %c : tensor<i1> -> tensor<2xf32> {\n"
                    "    tosa.yield %x : tensor<2xf32>\n"
                    "  } else {\n"
                    "    tosa.yield %x : tensor<2xf32>\n"
                    "  }\n"
                    "  return %0 : tensor<2xf32>\n"
                    "}\n",
                    NULL);
}

Test(tosa_pretty_regions, the_layout_items_parse) {
  ms_layout l;
  char err[160];
  size_t at = 0;
  cr_expect(ms_layout_parse(&l, "bindings($0...) : functional-type do", 36, err, sizeof err, &at), "%s", err);
  cr_expect_eq(l.alts[0].items[0].kind, MS_LAYOUT_BINDINGS);
  cr_expect(ms_layout_parse(&l, "names($1...) : type($0)", 23, err, sizeof err, &at), "%s", err);
  cr_expect_eq(l.alts[0].items[0].kind, MS_LAYOUT_NAMES);
  cr_expect_not(ms_layout_parse(&l, "bindings($0) : type($0)", 23, err, sizeof err, &at));
  cr_expect(strstr(err, "$N..."), "%s", err);
}
