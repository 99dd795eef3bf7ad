/*
** test_upstream.c: the upstream dialects' rules (server/algebra/upstream.c) and the
** catalog's op syntax (server/syntax/layout.c) through the analyzer, on small MLIR
** texts with the shipped rules: which type of a pretty op belongs to which
** operand, the SSA type mismatch of a use whose definition has another
** type, and each family's verdicts as mlir-opt-22 gives them (the cases
** come from tests/diff/upstream_diff.py's probes).
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "upstream.h"

TestSuite(upstream, .fini = test_catalog_release);

/* The error codes of the analysis of text, "code@line" joined by spaces. */
static void analyse(const char *text, char *codes, size_t n, ms_analysis *out) {
  test_analyse(text, NULL, true, codes, n, out);
}

static void expect_codes(const char *text, const char *want) {
  char codes[1024];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, want, "%s", text);
  ms_analysis_clear(&a);
}

Test(upstream, pretty_one_type_is_checked_against_the_definitions) {
  /* `: T` types both operands and the result: %y's definition disagrees. */
  expect_codes("func.func @f(%x: tensor<5xf32>, %y: tensor<3xf32>) {\n"
               "  %0 = arith.addf %x, %y : tensor<5xf32>\n"
               "  %1 = arith.addf %0, %x : tensor<5xf32>\n"
               "  %2 = math.exp %1 : tensor<5xf32>\n"
               "  return\n"
               "}\n",
               "type-mismatch@2");
}

Test(upstream, pretty_result_type_flows_to_later_uses) {
  /* %0's type comes from the syntax, so its use as tensor<4xf32> is wrong. */
  expect_codes("func.func @f(%x: vector<5xi8>) {\n"
               "  %0 = vector.broadcast %x : vector<5xi8> to vector<2x5xi8>\n"
               "  %1 = vector.shape_cast %0 : vector<2x4xi8> to vector<8xi8>\n"
               "  return\n"
               "}\n",
               "type-mismatch@3");
}

Test(upstream, arith_generic_result_is_operand_zero_type) {
  expect_codes("func.func @f(%a: tensor<?xf32>, %b: tensor<5xf32>) {\n"
               "  %0 = \"arith.addf\"(%a, %b) : (tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>\n"
               "  %1 = \"arith.addf\"(%a, %b) : (tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>\n"
               "  %2 = \"arith.subf\"(%b, %b) : (tensor<5xf32>, tensor<5xf32>) -> tensor<3xf32>\n"
               "  %3 = \"arith.mulf\"(%b, %a) : (tensor<5xf32>, tensor<?xf32>) -> tensor<5xf32>\n"
               "  return\n"
               "}\n",
               "result-type@3 shape-mismatch@4");
}

Test(upstream, select_condition_and_compare_result) {
  expect_codes("func.func @f(%c: tensor<5xi1>, %d: tensor<?xi1>, %s: i1, %a: tensor<5xf32>) {\n"
               "  %0 = arith.select %c, %a, %a : tensor<5xi1>, tensor<5xf32>\n"
               "  %1 = arith.select %s, %a, %a : tensor<5xf32>\n"
               "  %2 = arith.select %d, %a, %a : tensor<?xi1>, tensor<5xf32>\n"
               "  %3 = arith.cmpf olt, %a, %a : tensor<5xf32>\n"
               "  %4 = \"arith.cmpf\"(%a, %a) {predicate = 1 : i64} : (tensor<5xf32>, tensor<5xf32>) -> tensor<?xi1>\n"
               "  return\n"
               "}\n",
               "shape-mismatch@4 result-type@6");
}

Test(upstream, vector_broadcast_scalable_and_rank) {
  expect_codes("func.func @f(%a: vector<5xi8>, %b: vector<1xi8>, %c: vector<[4]xi8>, %s: i8) {\n"
               "  %0 = vector.broadcast %a : vector<5xi8> to vector<1xi8>\n"
               "  %1 = vector.broadcast %b : vector<1xi8> to vector<3x[4]xi8>\n"
               "  %2 = vector.broadcast %c : vector<[4]xi8> to vector<3x4xi8>\n"
               "  %3 = vector.broadcast %s : i8 to vector<2x3xi8>\n"
               "  %4 = \"vector.broadcast\"(%a) : (vector<5xi8>) -> vector<i8>\n"
               "  return\n"
               "}\n",
               "incompatible-dims@2 scalable-dims@4 operand-rank@6");
}

Test(upstream, shape_cast_and_outerproduct) {
  expect_codes("func.func @f(%v: vector<2x[4]xf32>, %a: vector<4xf32>, %b: vector<8xf32>, %acc: vector<8x4xf32>) {\n"
               "  %0 = vector.shape_cast %v : vector<2x[4]xf32> to vector<[4]x2xf32>\n"
               "  %1 = vector.shape_cast %v : vector<2x[4]xf32> to vector<8xf32>\n"
               "  %2 = vector.outerproduct %a, %b : vector<4xf32>, vector<8xf32>\n"
               "  %3 = vector.outerproduct %a, %b, %acc : vector<4xf32>, vector<8xf32>\n"
               "  return\n"
               "}\n",
               "scalable-dims@3 result-type@5");
}

Test(upstream, linalg_broadcast_dimensions) {
  expect_codes("func.func @f(%in: tensor<1x4xf32>, %i2: tensor<3x4xf32>, %init: tensor<8x3x4xf32>) {\n"
               "  %0 = linalg.broadcast ins(%in : tensor<1x4xf32>) outs(%init : tensor<8x3x4xf32>) dimensions = [0]\n"
               "  %1 = linalg.broadcast ins(%i2 : tensor<3x4xf32>) outs(%init : tensor<8x3x4xf32>) dimensions = [0]\n"
               "  %2 = linalg.broadcast ins(%i2 : tensor<3x4xf32>) outs(%init : tensor<8x3x4xf32>) dimensions = [3]\n"
               "  return\n"
               "}\n",
               "incompatible-dims@2 dimensions@4");
}

Test(upstream, linalg_elementwise_through_indexing_maps) {
  expect_codes(
      "func.func @f(%a: tensor<2xf32>, %b: tensor<2x3xf32>, %c: tensor<2x3xf32>, %d: tensor<3xf32>, %e: tensor<f32>) {\n"
      "  %0 = linalg.add ins(%a, %b : tensor<2xf32>, tensor<2x3xf32>) outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  %1 = linalg.sub ins(%b, %b : tensor<2x3xf32>, tensor<2x3xf32>) outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  %2 = linalg.add ins(%e, %b : tensor<f32>, tensor<2x3xf32>) outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  %3 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d1)>, "
      "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%d, %b : tensor<3xf32>, tensor<2x3xf32>) "
      "outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  %4 = linalg.elementwise kind=#linalg.elementwise_kind<add> indexing_maps = [affine_map<(d0, d1) -> (d0)>, "
      "affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>] ins(%d, %b : tensor<3xf32>, tensor<2x3xf32>) "
      "outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>\n"
      "  return\n"
      "}\n",
      "operand-rank@2 indexing-maps@6");
}

Test(upstream, splat_sizes) {
  expect_codes("func.func @f(%v: f32, %d: index) {\n"
               "  %0 = tensor.splat %v[%d] : tensor<?x4xf32>\n"
               "  %1 = tensor.splat %v[%d, %d] : tensor<?x4xf32>\n"
               "  %2 = \"tensor.splat\"(%v) : (f32) -> tensor<3x4xf64>\n"
               "  return\n"
               "}\n",
               "dynamic-sizes@3 element-type@4");
  expect_codes("func.func @f(%d: index) {\n"
               "  %0 = tensor.empty(%d) : tensor<?x4xf32>\n"
               "  %1 = tensor.empty() : tensor<?x4xf32>\n"
               "  %2 = \"tensor.empty\"(%d, %d) : (index, index) -> tensor<?x?xf32>\n"
               "  return\n"
               "}\n",
               "dynamic-sizes@3");
}

Test(upstream, refined_shapes_are_not_type_errors) {
  /* tosa infers %0 as tensor<2x3xf32>; arith's `?` stays a valid type. */
  expect_codes("func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>) {\n"
               "  %0 = \"tosa.add\"(%a, %b) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>\n"
               "  %1 = \"arith.addf\"(%0, %0) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>\n"
               "  return\n"
               "}\n",
               "");
}

Test(upstream, casts_keep_the_shape) {
  expect_codes("func.func @f(%a: tensor<?x5xf32>, %v: vector<[2]x1xi32>) {\n"
               "  %0 = arith.extf %a : tensor<?x5xf32> to tensor<?x5xf64>\n"
               "  %1 = arith.extf %a : tensor<?x5xf32> to tensor<3x5xf64>\n"
               "  %2 = \"arith.sitofp\"(%v) : (vector<[2]x1xi32>) -> vector<[2]x[1]xf32>\n"
               "  %3 = \"arith.sitofp\"(%v) : (vector<[2]x1xi32>) -> vector<2x1xf32>\n"
               "  return\n"
               "}\n",
               "shape-mismatch@3 shape-mismatch@5");
}

Test(upstream, element_kinds) {
  expect_codes("func.func @f(%a: tensor<3xi32>, %f: tensor<3xf32>, %i: index) {\n"
               "  %0 = arith.addi %a, %a : tensor<3xi32>\n"
               "  %1 = arith.addf %a, %a : tensor<3xi32>\n"
               "  %2 = arith.addi %i, %i : index\n"
               "  %3 = math.absi %f : tensor<3xf32>\n"
               "  %4 = arith.cmpi slt, %f, %f : tensor<3xf32>\n"
               "  return\n"
               "}\n",
               "element-type@3 element-type@5 element-type@6");
}

Test(upstream, rules_alone) {
  ms_shape ops[2], res;
  ms_broadcast_result out;
  cr_assert(ms_shape_parse_type(&ops[0], "vector<[2]x3xf32>", 17, NULL, 0));
  cr_assert(ms_shape_parse_type(&ops[1], "vector<[2]x[3]xf32>", 19, NULL, 0));
  /* Scalability is compared per type, as verifyCompatibleShapes does. */
  cr_expect(ms_broadcast_check(MS_RULE_SAME_TYPE, NULL, ops, 2, NULL, &ops[0], 1, NULL, &out));
  cr_assert(ms_shape_parse_type(&res, "vector<3xf32>", 13, NULL, 0));
  cr_expect_not(ms_broadcast_check(MS_RULE_SAME_TYPE, NULL, ops, 1, NULL, &res, 1, NULL, &out));
  cr_expect_str_eq(out.findings[0].code, MS_CODE_SCALABLE);
  cr_expect(ms_upstream_is_type_rule(MS_RULE_SPLAT) && !ms_upstream_is_type_rule(MS_RULE_MLIR));
  /* A vector of size ? or 0 is no type at all. */
  cr_assert(ms_shape_parse_type(&res, "vector<?x3xf32>", 15, NULL, 0));
  cr_expect_not(ms_broadcast_check(MS_RULE_VECTOR_BROADCAST, NULL, ops, 1, NULL, &res, 1, NULL, &out));
  cr_expect_str_eq(out.findings[0].code, "invalid-type");
  cr_expect_str_eq(ms_rule_name(MS_RULE_OUTER_PRODUCT), "outer-product");
}

Test(upstream, unwritten_results_take_their_inferred_type) {
  /* cmpf and outerproduct do not spell their result: the rule's inferred
  ** type checks later uses, and `: T` implies an i1 condition. */
  expect_codes("func.func @f(%a: tensor<3xf32>, %x: vector<4xf32>, %y: vector<8xf32>) {\n"
               "  %0 = arith.cmpf olt, %a, %a : tensor<3xf32>\n"
               "  %1 = arith.select %0, %a, %a : tensor<3xi1>, tensor<3xf32>\n"
               "  %2 = arith.select %0, %a, %a : tensor<3xf32>\n"
               "  %3 = vector.outerproduct %x, %y : vector<4xf32>, vector<8xf32>\n"
               "  %4 = vector.shape_cast %3 : vector<8x4xf32> to vector<32xf32>\n"
               "  return\n"
               "}\n",
               "type-mismatch@4 type-mismatch@6");
}

/* OuterProductOp::parse types the pretty result (lhs dim 0 x rhs dim 0, or
** lhs dim 0 with a scalar rhs) before any verifier runs: uses are checked
** against it where the op then fails its verifier (mlir-opt-22: "use of
** value '%0' expects different type than prior uses", line 3), and a use
** written otherwise is that type-mismatch alone, no propagated mismatch
** naming an empty declared type. */
Test(upstream, an_outer_product_result_is_its_parsers_type) {
  expect_codes("func.func @f(%a: vector<[4]xf32>, %b: vector<8xf32>) {\n"
               "  %0 = vector.outerproduct %a, %b : vector<[4]xf32>, vector<8xf32>\n"
               "  %1 = arith.addf %0, %0 : vector<4x8xf32>\n"
               "  %2 = arith.addf %0, %0 : vector<[4]x8xf32>\n"
               "  return\n"
               "}\n",
               "scalable-dims@2 type-mismatch@3 type-mismatch@3");
  expect_codes("func.func @f(%a: vector<4x2xf32>, %s: f32) {\n"
               "  %0 = vector.outerproduct %a, %s : vector<4x2xf32>, f32\n"
               "  %1 = arith.addf %0, %0 : vector<4xf32>\n"
               "  %2 = arith.addf %0, %0 : vector<4x2xf32>\n"
               "  return\n"
               "}\n",
               "operand-rank@2 type-mismatch@4 type-mismatch@4");
  const char *text = "func.func @f(%a: vector<4xf32>, %b: vector<8xf32>) {\n"
                     "  %0 = vector.outerproduct %a, %b : vector<4xf32>, vector<8xf32>\n"
                     "  %1 = vector.transpose %0, [1, 0] : vector<4x7xf32> to vector<7x4xf32>\n"
                     "  return\n"
                     "}\n";
  char codes[256];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "type-mismatch@3");
  for (size_t i = 0; i < a.diags.count; i++)
    cr_expect(!strstr(a.diags.items[i].message, "declared  but"), "%s", a.diags.items[i].message);
  ms_analysis_clear(&a);
}

Test(upstream, implied_type_syntax) {
  ms_layout l;
  char err[200];
  size_t at = 0;
  const char *ok = "implied-type($0, i1) : type($1, $2, $result)";
  cr_assert(ms_layout_parse(&l, ok, strlen(ok), err, sizeof err, &at), "%s", err);
  cr_expect_eq(l.alts[0].items[0].kind, MS_LAYOUT_IMPLIED);
  cr_expect_str_eq(l.alts[0].items[0].word, "i1");
  const char *bad = "implied-type($results, i1)";
  cr_expect_not(ms_layout_parse(&l, bad, strlen(bad), err, sizeof err, &at));
  cr_expect(strstr(err, "one operand"), "%s", err);
}

Test(upstream, shapes_flow_through_arith) {
  /* tosa refines %0 to 2x3; arith passes it on to %1, whose use by the
  ** last tosa.add against 4x3 is the propagated mismatch. */
  const char *text = "func.func @f(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %c: tensor<4x3xf32>) {\n"
                     "  %0 = \"tosa.add\"(%a, %b) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>\n"
                     "  %1 = arith.addf %0, %0 : tensor<?x3xf32>\n"
                     "  %2 = \"tosa.add\"(%1, %c) : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x3xf32>\n"
                     "  return\n"
                     "}\n";
  char codes[512];
  ms_analysis a;
  analyse(text, codes, sizeof codes, &a);
  cr_expect_str_eq(codes, "propagated-shape-mismatch@4");
  bool found = false;
  for (size_t v = 0; v < a.rec.nvalues; v++) {
    const char *inf = ms_analysis_inferred(&a, (uint32_t)v);
    char name[16];
    ms_records_value_name(&a.rec, (uint32_t)v, text, name, sizeof name);
    if (!strcmp(name, "%1")) found = inf && !strcmp(inf, "tensor<2x3xf32>");
  }
  cr_expect(found, "%%1 is inferred tensor<2x3xf32>");
  ms_analysis_clear(&a);
}

/* A user's dialect, JSON only: its pretty form types operand 0 alone and
** the rest as a list; an untyped result; alternatives in order. */
Test(upstream, user_dialect_syntax_in_json) {
  static const char rules[] =
      "{\"version\": 1, \"ops\": [\n"
      "  {\"match\": \"my.add\", \"description\": \"mine\", \"rule\": \"numpy\",\n"
      "   \"syntax\": \": type($0), type($1...) -> type($result) | : type($operands, $results)\"}\n"
      "]}\n";
  char err[256];
  cr_assert(ms_catalog_load(test_catalog(), "mine.json", rules, sizeof rules - 1, err, sizeof err), "%s", err);
  expect_codes("func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) {\n"
               "  %0 = my.add %a, %b, %b : tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32> -> tensor<2x3xf32>\n"
               "  %1 = my.add %a, %c : tensor<2x3xf32>, tensor<4xf32> -> tensor<2x3xf32>\n"
               "  %2 = my.add %a, %b : tensor<2x3xf32>, tensor<4xf32> -> tensor<2x3xf32>\n"
               "  %3 = my.add %b, %b : tensor<3xf32>\n"
               "  %4 = my.add %0, %3 : tensor<2x3xf32>\n"
               "  return\n"
               "}\n",
               "incompatible-dims@3 type-mismatch@4 incompatible-dims@4 type-mismatch@6");
}

Test(upstream, hover_detail_of_a_pretty_op) {
  const char *text = "func.func @f(%a: vector<5xi8>) {\n"
                     "  %0 = vector.broadcast %a : vector<5xi8> to vector<2x5xi8>\n"
                     "  return\n"
                     "}\n";
  TSTree *t = test_parse(text);
  static ms_op_detail d;
  uint32_t pos = (uint32_t)(strstr(text, "vector.broadcast") - text) + 3;
  cr_assert(ms_analyze_op_at(test_catalog(), NULL, ts_tree_root_node(t), text, pos, &d));
  cr_expect_eq(d.rule, MS_RULE_VECTOR_BROADCAST);
  cr_expect_str_eq(d.operand_types[0], "vector<5xi8>");
  cr_expect_str_eq(d.result_type, "vector<2x5xi8>");
  cr_expect_str_eq(d.inferred, "vector<2x5xi8>");
  cr_expect(strstr(d.origin, "vector.json") != NULL, "%s", d.origin);
  ts_tree_delete(t);
}

Test(upstream, attribute_aliases_are_read_as_their_values) {
  /* mlir-opt prints affine maps through aliases; the second #map wins. */
  expect_codes("#map = affine_map<(d0, d1) -> (d1)>\n"
               "#map1 = affine_map<(d0, d1) -> (d0, d1)>\n"
               "#map = affine_map<(d0, d1) -> (d0)>\n"
               "func.func @f(%a: tensor<3xf32>, %b: tensor<2x3xf32>) {\n"
               "  %0 = \"linalg.elementwise\"(%a, %b, %b) <{indexing_maps = [#map, #map1, #map1], "
               "kind = #linalg.elementwise_kind<add>, operandSegmentSizes = array<i32: 2, 1>}> ({\n"
               "  ^bb0(%x: f32, %y: f32, %z: f32):\n"
               "    linalg.yield %x : f32\n"
               "  }) : (tensor<3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n"
               "  return\n"
               "}\n",
               "indexing-maps@5");
}

Test(upstream, a_pretty_op_off_its_syntax_is_reported) {
  expect_codes("func.func @f(%a: tensor<3xf32>, %c: i1) {\n"
               "  %0 = arith.addf %a, %a : tensor<3xf32>, tensor<3xf32>\n"
               "  %1 = vector.broadcast %c : i1\n"
               "  %2 = arith.addf %a, %a : tensor<3xf32>\n"
               "  return\n"
               "}\n",
               "op-syntax@2 op-syntax@3");
}
