/*
** test_analyzer.c: the analyzer on small MLIR texts with the shipped rules:
** what it reads from ops (pretty and generic forms), which uses agree with
** their definitions, and what it infers.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"

TestSuite(analyzer, .fini = test_catalog_release);

/* The codes of every finding, "code@line" joined by spaces. */
static void analyse(const char *text, char *codes, size_t n, ms_analysis *out) {
  test_analyse(text, NULL, false, codes, n, out);
}

Test(analyzer, pretty_broadcast_in_dim_reads_dims) {
  const char *text =
      "func.func @f(%a: tensor<1x3xi32>, %b: tensor<3xf32>) {\n"
      "  %0 = stablehlo.broadcast_in_dim %a, dims = [1, 0] : (tensor<1x3xi32>) -> tensor<3x3xi32>\n"
      "  %1 = stablehlo.broadcast_in_dim %b, dims = [0] : (tensor<3xf32>) -> tensor<2x3xf32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* The first is fine (1 -> 3, 3 -> 3); the second maps the 3 onto the 2. */
  cr_assert_str_eq(codes, "incompatible-dims@3");
  cr_assert_eq(a.ninferences, 2);
  ms_analysis_clear(&a);
}

Test(analyzer, equivalent_type_spellings_agree) {
  const char *text =
      "func.func @f(%a: tensor<  2xf32>, %q: tensor<2x!quant.uniform<i8:f32, 0.01>>) {\n"
      "  %0 = \"tfl.add\"(%a, %a) : (tensor<2xf32>, tensor<2 x f32>) -> tensor<2xf32>\n"
      "  \"x.use\"(%q) : (tensor<2x!quant.uniform<i8:f32, 1.000000e-02>>) -> ()\n"
      "  \"x.use\"(%a) : (tensor<3xf32>) -> ()\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* Blanks and float spellings do not make types differ; a size does. */
  cr_assert_str_eq(codes, "type-mismatch@4");
  cr_assert(strstr(a.diags.items[0].message, "%a is used as tensor<3xf32> but defined as tensor<  2xf32>"),
            "%s", a.diags.items[0].message);
  ms_analysis_clear(&a);
}

Test(analyzer, expand_reads_its_target_shape_from_a_constant) {
  const char *text =
      "func.func @f(%x: tensor<3x1xf32>) {\n"
      "  %s = onnx.Constant dense<[2, 1, 6]> : tensor<3xi64>\n"
      "  %0 = \"onnx.Expand\"(%x, %s) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<2x3x6xf32>\n"
      "  %t = \"onnx.Constant\"() {value = dense<[4, 6]> : tensor<2xi64>} : () -> tensor<2xi64>\n"
      "  %1 = \"onnx.Expand\"(%x, %t) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<4x6xf32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* 3x1 against 2x1x6 gives 2x3x6 (seed 003's last bidirectional example);
  ** 3x1 against 4x6 cannot broadcast (3 vs 4). */
  cr_assert_str_eq(codes, "incompatible-dims@5");
  cr_assert_eq(a.ninferences, 2);
  cr_assert_str_eq(ms_inference_type(&a, &a.inferences[0]), "tensor<2x3x6xf32>");
  ms_analysis_clear(&a);
}

Test(analyzer, expand_of_a_shape_that_is_no_constant_has_its_rank) {
  /* The shape a function argument of 2 elements: 3x1 gives 3x? (a size 3
  ** broadcasts only with 1 or 3); 3 of them give rank 3, which a declared
  ** rank 2 contradicts; a declared 4x4 needs 3 against 4 (a shape holding 4
  ** where the input has 3). Of length `?`: nothing is known. */
  const char *text =
      "func.func @f(%x: tensor<3x1xf32>, %s: tensor<2xi64>, %t: tensor<3xi64>, %u: tensor<?xi64>) {\n"
      "  %0 = \"onnx.Expand\"(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<*xf32>\n"
      "  %1 = \"onnx.Expand\"(%x, %t) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<3x4xf32>\n"
      "  %2 = \"onnx.Expand\"(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<4x4xf32>\n"
      "  %3 = \"onnx.Expand\"(%x, %u) : (tensor<3x1xf32>, tensor<?xi64>) -> tensor<3x4xf32>\n"
      "  %4 = \"onnx.Expand\"(%x, %s) : (tensor<3x1xf32>, tensor<2xi64>) -> tensor<3x7xf32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "result-rank@3 incompatible-dims@4");
  cr_assert_geq(a.ninferences, 1);
  cr_assert_str_eq(ms_inference_type(&a, &a.inferences[0]), "tensor<3x?xf32>");
  ms_analysis_clear(&a);
}

Test(analyzer, ops_with_syntax_errors_get_no_rule_findings) {
  const char *text =
      "func.func @f(%a: tensor<2xf32>) {\n"
      "  %0 = \"tosa.add\"(%a %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
      "  %1 = \"test.broadcastable\"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xf32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* The broken op: its syntax error only. The op after it is still checked. */
  cr_assert_str_eq(codes, "syntax-error@2 result-dim@3");
  ms_analysis_clear(&a);
}

Test(analyzer, type_aliases_stand_for_their_types) {
  const char *text =
      "!t = tensor<?xf64, #stablehlo.bounds<10>>\n"
      "!u = tensor<?xf64>\n"
      "!v = !u\n"
      "func.func @f(%a: !t, %b: !v) -> !u {\n"
      "  %0 = chlo.broadcast_add %a, %b : (!t, !v) -> !u\n"
      "  %1 = \"test.broadcastable\"(%a, %a) : (!t, !t) -> tensor<4xf64>\n"
      "  return %0 : !u\n"
      "}\n"
      "// -----\n"
      "!t = tensor<3xf64>\n"
      "func.func @g(%a: !t) {\n"
      "  %0 = \"test.broadcastable\"(%a, %a) : (!t, !t) -> tensor<4xf64>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  ms_alias_table *aliases = ms_alias_table_scan(text, strlen(text));
  cr_assert_eq(ms_alias_table_count(aliases), 4);
  ms_analyzer_options opts = {.strict = false, .aliases = aliases};
  test_analyse(text, &opts, false, codes, sizeof codes, &a);
  /* Line 5 is fine once !t and !v read as tensors; line 6 infers ? against
  ** 4 (a warning); line 12 uses the second !t: 3 against 4. */
  cr_assert_str_eq(codes, "dynamic-to-static@6 result-dim@12");
  ms_analysis_clear(&a);
  ms_alias_table_delete(aliases);
}

/* Hostile input (issue "Hardening"): types beyond the algebra's limits are
** warnings that the op goes unchecked; a size that does not fit in 64 bits
** is an invalid type; nesting as deep as 100,000 regions is walked without
** recursion and its ops are still checked. */
Test(analyzer, types_beyond_the_limits_are_reported) {
  char big_rank[400] = "tensor<";
  for (int i = 0; i < 40; i++) strcat(big_rank, "1x");
  strcat(big_rank, "f32>");
  char text[1200];
  snprintf(text, sizeof text,
           "%%0 = \"test.broadcastable\"(%%a, %%b) : (%s, tensor<2xf32>) -> tensor<2xf32>\n"
           "%%1 = \"test.broadcastable\"(%%a, %%b) : (tensor<99999999999999999999xf32>, tensor<2xf32>) -> "
           "tensor<2xf32>\n"
           "%%2 = \"test.broadcastable\"(%%a, %%b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<9007199254740993xf32>\n",
           big_rank);
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "shape-limit@1 invalid-type@2 shape-limit@3");
  cr_assert(strstr(a.diags.items[1].message, "does not fit in 64 bits"), "%s", a.diags.items[1].message);
  ms_analysis_clear(&a);
}

Test(analyzer, deep_nesting_is_walked_without_recursion) {
  enum { DEPTH = 100000 };
  const char *open = "\"test.a\"() ({\n", *close = "}) : () -> ()\n";
  const char *op = "%0 = \"test.broadcastable\"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n";
  size_t len = DEPTH * (strlen(open) + strlen(close)) + strlen(op) + 1;
  char *text = malloc(len), *p = text;
  for (int i = 0; i < DEPTH; i++) p = stpcpy(p, open);
  p = stpcpy(p, op);
  for (int i = 0; i < DEPTH; i++) p = stpcpy(p, close);
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "incompatible-dims@100001");
  ms_analysis_clear(&a);
  free(text);
}

/* ---- the dialect families (rules_families.c) through the analyzer ---- */

Test(analyzer, torch_type_list_types_the_operands) {
  const char *text =
      "func.func @f(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3],f32>) {\n"
      "  %int1 = torch.constant.int 1\n"
      "  %0 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32>, !torch.int -> !torch.vtensor<[2,3],f32>\n"
      "  %1 = torch.aten.add.Tensor %a, %b, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,3],f32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* `A, B, C -> R` gives one type per operand: %b written [4] is a use of
  ** another type than its definition, and 4 does not broadcast with 3. */
  cr_assert_str_eq(codes, "type-mismatch@4 incompatible-dims@4");
  ms_analysis_clear(&a);
}

Test(analyzer, tflite_rank_limit_waived_for_one_broadcast_args) {
  const char *text =
      "func.func @f(%x: tensor<8x7x6x5x?x3x2x1xf32>, %y: tensor<?x3x2x1xf32>, %s: tensor<8xi64>, %t: tensor<4xi64>) {\n"
      "  %0 = \"tfl.broadcast_args\"(%s, %t) : (tensor<8xi64>, tensor<4xi64>) -> tensor<8xi64>\n"
      "  %1 = \"tfl.broadcast_to\"(%x, %0) : (tensor<8x7x6x5x?x3x2x1xf32>, tensor<8xi64>) -> tensor<8x7x6x5x?x3x2x1xf32>\n"
      "  %2 = \"tfl.broadcast_to\"(%y, %0) : (tensor<?x3x2x1xf32>, tensor<8xi64>) -> tensor<8x7x6x5x?x3x2x1xf32>\n"
      "  %3 = \"tfl.minimum\"(%1, %2) : (tensor<8x7x6x5x?x3x2x1xf32>, tensor<8x7x6x5x?x3x2x1xf32>) -> tensor<8x7x6x5x?x3x2x1xf32>\n"
      "  %4 = \"tfl.minimum\"(%1, %x) : (tensor<8x7x6x5x?x3x2x1xf32>, tensor<8x7x6x5x?x3x2x1xf32>) -> tensor<8x7x6x5x?x3x2x1xf32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "broadcast-rank-limit@6");
  ms_analysis_clear(&a);
}

Test(analyzer, dynamic_broadcast_in_dim_against_its_constant_shape) {
  const char *text =
      "func.func @f(%x: tensor<1x3xi32>) {\n"
      "  %s = stablehlo.constant dense<[2, 1, 1]> : tensor<3xi32>\n"
      "  %0 = \"stablehlo.dynamic_broadcast_in_dim\"(%x, %s) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x3xi32>, tensor<3xi32>) -> tensor<?x?x?xi32>\n"
      "  %n = stablehlo.constant dense<[-1, 4]> : tensor<2xi64>\n"
      "  %1 = \"stablehlo.dynamic_broadcast_in_dim\"(%x, %n) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x3xi32>, tensor<2xi64>) -> tensor<3x4xi32>\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* ops_stablehlo.mlir c5 (3 onto the constant's 1) and c7 (a negative size). */
  cr_assert(strstr(codes, "incompatible-dims@3"), "%s", codes);
  cr_assert(strstr(codes, "negative-size@5"), "%s", codes);
  ms_analysis_clear(&a);
}

/* ---- issue 19: silent where the tool does not understand ---- */

Test(analyzer, opaque_ops_give_no_finding_from_guessed_types) {
  const char *text =
      "func.func @f(%cb: !d2m.cb<memref<4x4xf32>>, %x: !moore.i8, %src: tensor<?xf32>, %k: index,\n"
      "             %m: memref<8xf32>, %a: tensor<8xf32>, %init: tensor<8xf32>) -> !moore.i4 {\n"
      "  %v = d2m.wait %cb : <memref<4x4xf32>> -> memref<4x4xf32>\n"
      "  %y = moore.trunc %x : i8 -> i4\n"
      "  %z = foo.op %x, %k : (i8, f32) -> i4\n"
      "  %t = iree_tensor_ext.bitcast %src : tensor<?xf32>{%k} -> tensor<?xi32>{%k}\n"
      "  %c = memref.cast %m : memref<8xf32> to memref<*xf32>\n"
      "  call @print(%c) : (memref<*xf32>) -> ()\n"
      "  %r = linalg.map { math.absf } ins(%a : tensor<8xf32>) outs(%init : tensor<8xf32>)\n"
      "  arith.extsi %k : i32 to i42\n"
      "  return %y : !moore.i4\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* No ERROR node, no use checked against a type written on an op without
  ** a declared syntax (d2m.wait's, moore.trunc's, foo.op's), `call` is a
  ** statement of its own, `{ math.absf }` is no op; arith.extsi (declared)
  ** is read though it names no result, and its use of %k is checked. */
  cr_assert_str_eq(codes, "type-mismatch@10");
  ms_analysis_clear(&a);
}

Test(analyzer, op_syntax_only_when_the_op_is_on_one_line) {
  const char *text =
      "handshake.func @f(%a: index, %b: index) {\n"
      "  %7 = arith.addi %a, %b : index\n"
      "  sink %7 : index\n"
      "  %8 = arith.addi %a, %b : index, index\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  /* `sink` (handshake's default dialect) reads as a continuation of the
  ** addi before it: the tool cannot tell, so silent; the one-line addi with
  ** two types is what mlir-opt rejects. */
  cr_assert_str_eq(codes, "op-syntax@4");
  ms_analysis_clear(&a);
}

/* "spec_warnings" (tosa.matmul): what the TOSA specification forbids but
** mlir-opt-22 accepts is a spec-violation warning, never an error
** (tests/diff/tosa_diff.py compares the inferred types). */
Test(analyzer, spec_warnings_are_warnings_and_still_infer) {
  const char *text =
      "func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<2x5x6xf32>, %c: tensor<2x?x4xf32>, %d: tensor<?x4x6xf32>, "
      "%z: tensor<1xf32>) -> tensor<*xf32> {\n"
      "  %0 = tosa.matmul %a, %b, %z, %z : (tensor<2x3x4xf32>, tensor<2x5x6xf32>, tensor<1xf32>, tensor<1xf32>) "
      "-> tensor<2x3x6xf32>\n"
      "  %1 = tosa.matmul %c, %d, %z, %z : (tensor<2x?x4xf32>, tensor<?x4x6xf32>, tensor<1xf32>, tensor<1xf32>) "
      "-> tensor<*xf32>\n"
      "  %2 = tosa.matmul %c, %d, %z, %z : (tensor<2x?x4xf32>, tensor<?x4x6xf32>, tensor<1xf32>, tensor<1xf32>) "
      "-> tensor<2x3x7xf32>\n"
      "  return %1 : tensor<*xf32>\n"
      "}\n";
  char codes[512], errors[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "spec-violation@2 spec-violation@4");
  ms_analysis_clear(&a);
  test_analyse(text, NULL, true, errors, sizeof errors, &a);
  cr_expect_str_eq(errors, "");
  ms_analysis_clear(&a);
}

/* A generic op binds as many names as its functional type has results,
** whatever the op (MLIR's parser): else "cannot name an operation with no
** results" or "operation defines N results but was provided M to bind",
** at the first name (mlir-opt-22's message and column). */
Test(analyzer, a_generic_op_binds_its_result_count) {
  const char *text =
      "func.func @f(%x: i32) {\n"
      "  %0 = \"test.x\"() : () -> ()\n"
      "  %1:2 = \"a.b\"() : () -> i32\n"
      "  %a, %b = \"a.b\"(%x) : (i32) -> i32\n"
      "  %c:2, %d = \"a.b\"() : () -> (i32, i32)\n"
      "  %e, %f = \"a.b\"() : () -> (i32, i32, i32)\n"
      "  %g:2, %h = \"a.b\"() : () -> (i32, i32, f32)\n"
      "  %i:2 = \"a.b\"() : () -> ((i32) -> i32, tuple<i32, i32>)\n"
      "  %j = \"a.b\"() ({\n"
      "    \"a.c\"() : () -> ()\n"
      "  }) : () -> i32\n"
      "  \"a.b\"() : () -> (i32, i32)\n"
      "  %k:2 = \"a.b\"() : () -> (tensor<2xf32>, memref<?xf32, strided<[1], offset: ?>>)\n"
      "  return\n"
      "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "op-syntax@2 op-syntax@3 op-syntax@4 op-syntax@5 op-syntax@6");
  const char *want[] = {"cannot name an operation with no results",
                        "operation defines 1 results but was provided 2 to bind",
                        "operation defines 1 results but was provided 2 to bind",
                        "operation defines 2 results but was provided 3 to bind",
                        "operation defines 3 results but was provided 2 to bind"};
  cr_assert_eq(a.diags.count, 5);
  for (size_t i = 0; i < 5; i++) {
    cr_expect_str_eq(a.diags.items[i].message, want[i]);
    /* at the first name, column 3 */
    cr_expect_eq(text[a.diags.items[i].start], '%');
    cr_expect_eq(text[a.diags.items[i].start - 1], ' ');
    cr_expect_eq(text[a.diags.items[i].start - 3], '\n');
  }
  ms_analysis_clear(&a);
}
