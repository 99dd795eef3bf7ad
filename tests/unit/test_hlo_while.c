/*
** test_hlo_while.c: the pretty stablehlo/mhlo.while's header names scope
** over both regions (the layout item shared-bindings($N...)): the body's
** uses of %iterArg resolve to the header's values, so its yields are read
** (a wrong count or shape is StableHLO's verifyWhileOp error) and the ops
** inside the body are judged at the loop-carried types.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "layout.h"

TestSuite(hlo_while, .fini = test_catalog_release);

/* A pretty while over (%x: tensor<i64>, %y: tensor<4xf32>) whose body is
** `body` (ops then its return), in dialect `d` ("stablehlo" or "mhlo"). */
static void expect_while(const char *d, const char *body, const char *want) {
  test_expect_codesf(want,
                     "func.func @f(%%x: tensor<i64>, %%y: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %%0:2 = %s.while(%%iterArg = %%x, %%iterArg_0 = %%y) : tensor<i64>, tensor<4xf32>\n"
                     "   cond {\n"
                     "    %%c = %s.constant dense<10> : tensor<i64>\n"
                     "    %%1 = %s.compare  LT, %%iterArg, %%c : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
                     "    %s.return %%1 : tensor<i1>\n"
                     "  } do {\n"
                     "%s"
                     "  }\n"
                     "  return %%0#1 : tensor<4xf32>\n"
                     "}\n",
                     d, d, d, d, body);
}

static const char *dialects[] = {"stablehlo", "mhlo"};

Test(hlo_while, a_body_using_the_header_names_is_fine) {
  for (int i = 0; i < 2; i++) {
    char body[512];
    snprintf(body, sizeof body,
             "    %%c = %s.constant dense<1> : tensor<i64>\n"
             "    %%1 = %s.add %%iterArg, %%c : tensor<i64>\n"
             "    %%2 = %s.add %%iterArg_0, %%iterArg_0 : tensor<4xf32>\n"
             "    %s.return %%1, %%2 : tensor<i64>, tensor<4xf32>\n",
             dialects[i], dialects[i], dialects[i], dialects[i]);
    expect_while(dialects[i], body, "");
    snprintf(body, sizeof body, "    %s.return %%iterArg, %%iterArg_0 : tensor<i64>, tensor<4xf32>\n", dialects[i]);
    expect_while(dialects[i], body, "");
  }
}

Test(hlo_while, a_wrong_body_return_is_the_verifiers_error) {
  for (int i = 0; i < 2; i++) {
    char body[512];
    /* one value short: "expect operands to be compatible with body block
    ** return types but got 'tensor<i64>', 'tensor<4xf32>' vs 'tensor<i64>'" */
    snprintf(body, sizeof body, "    %s.return %%iterArg : tensor<i64>\n", dialects[i]);
    expect_while(dialects[i], body, "region-types@2");
    /* the header names swapped: i64 where the loop carries 4xf32 */
    snprintf(body, sizeof body, "    %s.return %%iterArg_0, %%iterArg : tensor<4xf32>, tensor<i64>\n", dialects[i]);
    expect_while(dialects[i], body, "region-types@2");
  }
}

Test(hlo_while, the_body_is_judged_at_the_header_types) {
  /* %iterArg is tensor<i64>: MLIR's parser rejects its use as tensor<4xf32> */
  expect_while("stablehlo",
               "    %2 = stablehlo.add %iterArg_0, %iterArg : tensor<4xf32>\n"
               "    stablehlo.return %iterArg, %2 : tensor<i64>, tensor<4xf32>\n",
               "type-mismatch@8");
}

Test(hlo_while, a_labeled_cond_is_a_syntax_error_and_the_body_stays_alone) {
  /* the header names the cond region's entry block arguments: a label of
  ** its own there is MLIR's "invalid block name in region with named
  ** arguments" (op-syntax, at the label, line 4); the header's names are no
  ** values (nothing to share), the body's uses stay unresolved */
  test_expect_codes("func.func @f(%x: tensor<i64>) -> tensor<i64> {\n"
                    "  %0 = stablehlo.while(%iterArg = %x) : tensor<i64>\n"
                    "   cond {\n"
                    "  ^bb0(%a: tensor<i64>):\n"
                    "    %1 = stablehlo.compare  LT, %a, %a : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
                    "    stablehlo.return %1 : tensor<i1>\n"
                    "  } do {\n"
                    "    stablehlo.return %iterArg, %iterArg : tensor<i64>, tensor<i64>\n"
                    "  }\n"
                    "  return %0 : tensor<i64>\n"
                    "}\n",
                    "op-syntax@4");
}

Test(hlo_while, shared_bindings_parses) {
  ms_layout l;
  char err[200];
  size_t at = 0;
  const char ok[] = "shared-bindings($0...) : each-type($0...) cond do";
  cr_assert(ms_layout_parse(&l, ok, strlen(ok), err, sizeof err, &at), "%s", err);
  cr_expect_eq(l.alts[0].items[0].kind, MS_LAYOUT_SHARED);
  const char bad[] = "shared-bindings($0) cond do";
  cr_expect(!ms_layout_parse(&l, bad, strlen(bad), err, sizeof err, &at));
}
