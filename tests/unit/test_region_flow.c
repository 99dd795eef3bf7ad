/*
** test_region_flow.c: unit tests of shapes carried into the regions of
** tosa.cond_if and tosa.while_loop (region_flow.c, constraint
** "region_flow"), as `mlir-opt-22 --tosa-infer-shapes` carries them: block
** arguments from the operands, the ops inside refined, the results from
** what the regions yield, a loop's arguments generalised to a fixed point,
** and the refined types that break a loop reported.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "session.h"

TestSuite(region_flow, .fini = test_catalog_release);

static const char branches[] =
    "func.func @f(%c: tensor<i1>, %x: tensor<2x3xf32>, %y: tensor<*xf32>) -> tensor<*xf32> {\n"
    "  %0 = \"tosa.cond_if\"(%c, %x, %y) ({\n"
    "  ^bb0(%a0: tensor<*xf32>, %a1: tensor<*xf32>):\n"
    "    %1 = tosa.add %a0, %a0 : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>\n"
    "    \"tosa.yield\"(%1) : (tensor<*xf32>) -> ()\n"
    "  }, {\n"
    "  ^bb0(%b0: tensor<?x?xf32>, %b1: tensor<*xf32>):\n"
    "    %2 = tosa.concat %b0, %b0 {axis = 0 : i32} : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<*xf32>\n"
    "    \"tosa.yield\"(%2) : (tensor<*xf32>) -> ()\n"
    "  }) : (tensor<i1>, tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>\n"
    "  return %0 : tensor<*xf32>\n"
    "}\n";

Test(region_flow, branches_take_the_operands_and_join_what_they_yield) {
  test_expect_types(branches, -1,
                    (const char *[]){"%a0:", "tensor<2x3xf32>",
                                     "%a1:", "declared", /* an unranked operand leaves it */
                                     "%b0:", "tensor<2x3xf32>",
                                     "%1 =", "tensor<2x3xf32>",
                                     "%2 =", "tensor<4x3xf32>",
                                     /* 2x3 and 4x3: the least specific of the two */
                                     "%0 =", "tensor<?x3xf32>", NULL});
}

static const char loop[] =
    "func.func @f(%x: tensor<2x3xf32>) -> tensor<*xf32> {\n"
    "  %0 = \"tosa.while_loop\"(%x) ({\n"
    "  ^bb0(%c0: tensor<*xf32>):\n"
    "    %g = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
    "    \"tosa.yield\"(%g) : (tensor<i1>) -> ()\n"
    "  }, {\n"
    "  ^bb0(%b0: tensor<*xf32>):\n"
    "    %1 = tosa.concat %b0, %b0 {axis = 0 : i32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32>\n"
    "    %2 = tosa.abs %1 : (tensor<*xf32>) -> tensor<*xf32>\n"
    "    \"tosa.yield\"(%2) : (tensor<*xf32>) -> ()\n"
    "  }) : (tensor<2x3xf32>) -> tensor<*xf32>\n"
    "  return %0 : tensor<*xf32>\n"
    "}\n";

Test(region_flow, a_loop_generalises_what_changes_and_returns_what_the_body_yields) {
  /* 2x3 then 4x3: dim 0 changes, so it is `?` in both regions; the
  ** speculative rounds leave no finding behind */
  test_expect_types(loop, 0,
                    (const char *[]){"%b0:", "tensor<?x3xf32>", "%c0:", "tensor<?x3xf32>", "%1 =", "tensor<?x3xf32>",
                                     "%0 =", "tensor<?x3xf32>", NULL});
}

Test(region_flow, refined_yields_that_break_the_loop_are_reported) {
  /* 1x2 in, the body yields 2x2 where it is declared `?x?`: valid as
  ** written, rejected once refined (mlir-opt-22 --tosa-infer-shapes). */
  static const char text[] =
      "func.func @f(%x: tensor<1x2xf32>) -> tensor<*xf32> {\n"
      "  %0 = \"tosa.while_loop\"(%x) ({\n"
      "  ^bb0(%c0: tensor<?x?xf32>):\n"
      "    %g = \"tosa.const\"() {values = dense<true> : tensor<i1>} : () -> tensor<i1>\n"
      "    \"tosa.yield\"(%g) : (tensor<i1>) -> ()\n"
      "  }, {\n"
      "  ^bb0(%b0: tensor<?x?xf32>):\n"
      "    %1 = tosa.concat %x, %x {axis = 0 : i32} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<?x?xf32>\n"
      "    \"tosa.yield\"(%1) : (tensor<?x?xf32>) -> ()\n"
      "  }) : (tensor<1x2xf32>) -> tensor<*xf32>\n"
      "  return %0 : tensor<*xf32>\n"
      "}\n";
  test_expect_error(text, "propagated-shape-mismatch");
}
