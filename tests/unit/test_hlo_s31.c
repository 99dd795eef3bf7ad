/*
** test_hlo_s31.c: StableHLO's pretty while (the layout item
** each-type($N...): each written type is an operand's and a result's, and
** the algebra's "shared_arguments": the header's bindings are the body's
** arguments too) and the tuple ops through the analyzer.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "session.h"
#include "sop_case.h"

TestSuite(hlo_s31, .fini = test_catalog_release);

static sop_case c;

/* while(%i = %x : tensor<4xf32>): the cond region has the header's
** argument, the body none (the pretty form), and returns body_yield. */
static void pretty_while(const char *body_yield, bool shared) {
  sc_plain(&c);
  c.inferred = false;
  sc_op(&c, "tensor<4xf32>");
  sc_res(&c, "tensor<4xf32>");
  sc_region(&c, 1, 1, "tensor<4xf32>", "tensor<i1>");
  sc_region(&c, 0, 1, body_yield);
  if (shared) sc_vlist(&c, "shared_arguments", false, 1, 1);
}

Test(hlo_s31, shared_arguments_judge_the_pretty_body) {
  pretty_while("tensor<4xf32>", true);
  sc_ok(&c, "while", "tensor<4xf32>");
  pretty_while("tensor<8xf32>", true);
  sc_fails(&c, "while", "region-types");
  cr_expect(strstr(c.out.why, "body block return types") != NULL, "%s", c.out.why);
  /* Without the parameter an argument-less body is not judged. */
  pretty_while("tensor<8xf32>", false);
  cr_expect_eq(sc_run(&c, "while"), MS_INFER_UNKNOWN);
}

static int count_code(const ms_analysis *a, const char *code) {
  int n = 0;
  for (size_t i = 0; i < a->diags.count; i++) n += !strcmp(a->diags.items[i].code, code);
  return n;
}

/* A code and how many findings of it a snippet's analysis holds. */
typedef struct {
  const char *code;
  int n;
} code_count;

/* A session over text (the caller deletes it), expecting its unit's
** analysis to hold `total` findings, of them want[i].n of want[i].code
** (want ends with a NULL code). */
static ms_session *expect_findings(const char *text, size_t total, const code_count *want) {
  ms_session *s = test_session_of(text);
  uint32_t base;
  const ms_analysis *a = ms_session_unit_analysis(s, 0, &base);
  cr_assert(a);
  for (size_t i = 0; want[i].code; i++)
    cr_expect_eq(count_code(a, want[i].code), want[i].n, "%s: %d findings, want %d", want[i].code,
                 count_code(a, want[i].code), want[i].n);
  cr_expect_eq(a->diags.count, total, "%zu findings, want %zu", a->diags.count, total);
  return s;
}

static const char loop[] =
    "func.func @f(%x: tensor<4xf32>, %n: tensor<i64>) -> tensor<4xf32> {\n"
    "  %r:2 = stablehlo.while(%it = %x, %i = %n) : tensor<4xf32>, tensor<i64>\n"
    "   cond {\n"
    "    %c = stablehlo.compare  LT, %i, %i,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>\n"
    "    stablehlo.return %c : tensor<i1>\n"
    "  } do {\n"
    "    stablehlo.return %it, %i : tensor<4xf32>, tensor<i64>\n"
    "  }\n"
    "  %z = stablehlo.add %r#0, %r#0 : tensor<8xf32>\n"
    "  %w = \"stablehlo.add\"(%r#1, %r#1) : (tensor<i64>, tensor<i64>) -> tensor<i64>\n"
    "  return %r#0 : tensor<4xf32>\n"
    "}\n";

Test(hlo_s31, pretty_while_types_its_results) {
  /* %r#0 is tensor<4xf32> (the header's first type): the pretty add that
  ** uses it as tensor<8xf32> is MLIR's type mismatch; nothing else. */
  ms_session_delete(expect_findings(loop, 2, (code_count[]){{"type-mismatch", 2}, {NULL, 0}}));
}

static const char tuples[] =
    "func.func @f(%a: tensor<4xf32>, %b: tensor<2xi32>) -> tensor<?xi32> {\n"
    "  %t = \"stablehlo.tuple\"(%a, %b) : (tensor<4xf32>, tensor<2xi32>) -> tuple<tensor<4xf32>, tensor<2xi32>>\n"
    "  %e = stablehlo.get_tuple_element %t[1] : (tuple<tensor<4xf32>, tensor<2xi32>>) -> tensor<?xi32>\n"
    "  %bad = \"stablehlo.get_tuple_element\"(%t) {index = 2 : i32} : (tuple<tensor<4xf32>, tensor<2xi32>>) -> tensor<?xi32>\n"
    "  return %e : tensor<?xi32>\n"
    "}\n";

Test(hlo_s31, tuple_elements_flow) {
  ms_session *s = expect_findings(tuples, 1, (code_count[]){{"tuple-index", 1}, {NULL, 0}});
  cr_expect_str_eq(test_inferred_type(s, "%e ="), "tensor<2xi32>");
  ms_session_delete(s);
}

static const char precision[] =
    "func.func @f(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
    "  %0 = stablehlo.reduce_precision %x, format = e5m10 : tensor<3x4xf32>\n"
    "  %1 = stablehlo.add %0, %0 : tensor<3x5xf32>\n"
    "  %2 = stablehlo.reduce_precision %x, format = em2 : tensor<3x4xf32>\n"
    "  %3 = stablehlo.reduce_precision %x, format = e2147483648m1 : tensor<3x4xf32>\n"
    "  %4 = stablehlo.reduce_precision %x, format = e2147483647m1 : tensor<3x4xf32>\n"
    "  %5 = stablehlo.add %2, %2 : tensor<3x5xf32>\n"
    "  return %0 : tensor<3x4xf32>\n"
    "}\n";

/* attr-form(format, e#m#): a well-formed pretty reduce_precision types its
** result (so %1's use of %0 as 3x5 is a mismatch); a malformed format is
** the line MLIR's parser rejects, and its result stays untyped (%5 says
** nothing). */
Test(hlo_s31, pretty_reduce_precision_needs_its_format) {
  ms_session_delete(expect_findings(precision, 4, (code_count[]){{"type-mismatch", 2}, {"op-syntax", 2}, {NULL, 0}}));
}
