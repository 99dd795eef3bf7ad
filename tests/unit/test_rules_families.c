/*
** test_rules_families.c: the rules and constraints of the dialect families
** (rules_families.c) through ms_broadcast_check, the torch-mlir and
** StableHLO-bounds type forms of shape.c, and the prepend / extents shape
** functions of infer.c. The cases are the verifiers' own (tfl_ops.cc,
** onnx-mlir PRelu/Gemm, StablehloOps.cpp clamp/select), most taken from the
** corpus's verifier tests (../shared/corpus/real).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "bcast_case.h"
#include "infer.h"
#include "shape.h"

#define assert_ok() cr_assert(R_ok, "expected success, first finding: %s", R.nfindings ? R.findings[0].message : "-")

/* ---- unidirectional ---- */

Test(unidirectional, names) {
  ms_rule r;
  cr_assert(ms_rule_from_name("unidirectional", 14, &r));
  cr_expect_eq(r, MS_RULE_UNIDIRECTIONAL);
  cr_assert(ms_rule_from_name("same-or-scalar", 14, &r));
  cr_expect_eq(r, MS_RULE_SAME_OR_SCALAR);
  cr_expect_str_eq(ms_rule_name(MS_RULE_UNIDIRECTIONAL), "unidirectional");
}

Test(unidirectional, slope_onto_x) {
  run(MS_RULE_UNIDIRECTIONAL, NULL, "1x2x3x4", 2, "1x2x3x4", "2x1x4");
  assert_ok();
  cr_expect_str_eq(inferred(), "1x2x3x4");
  run(MS_RULE_UNIDIRECTIONAL, NULL, NULL, 2, "?x3", "5x3");
  assert_ok();
  cr_expect_str_eq(inferred(), "5x3");
  /* onnx-mlir invalid.mlir test_prelu_verifier_1: X scalar, slope 1x2x3x4. */
  run(MS_RULE_UNIDIRECTIONAL, NULL, NULL, 2, "scalar", "1x2x3x4");
  assert_error(MS_CODE_OPERAND_RANK);
  /* One way only: a 1 in X does not stretch to B. */
  run(MS_RULE_UNIDIRECTIONAL, NULL, NULL, 2, "2x1", "2x3");
  assert_error(MS_CODE_INCOMPATIBLE);
  cr_expect_eq(find(MS_CODE_INCOMPATIBLE)->dim, 1);
}

Test(unidirectional, tfl_prelu_cases) {
  ms_broadcast_options o = {.rank_difference = 1};
  /* tflite ops.mlir testPReluWrongAlphaRank */
  run(MS_RULE_UNIDIRECTIONAL, &o, "7x3x2x14", 2, "7x3x2x14", "7x3x2x14");
  assert_error(MS_CODE_OPERAND_RANK);
  /* testPReluWrongOutputRank: result 10x10 */
  run(MS_RULE_UNIDIRECTIONAL, NULL, "10x10", 2, "10x10x10x10", "10x10x10x10");
  assert_error(MS_CODE_RESULT_RANK);
  /* testPReluWrongOutputShape */
  run(MS_RULE_UNIDIRECTIONAL, &o, "1x2x3x5", 2, "1x2x3x4", "2x3x4");
  assert_error(MS_CODE_RESULT_DIM);
  /* testPReluInvalidBroadcast */
  run(MS_RULE_UNIDIRECTIONAL, &o, "15x14x2x14", 2, "15x14x2x14", "1x1x3");
  assert_error(MS_CODE_INCOMPATIBLE);
  /* The rank difference is checked only on static shapes, as PReluOp::verify. */
  run(MS_RULE_UNIDIRECTIONAL, &o, NULL, 2, "?x3", "?x3");
  assert_ok();
}

Test(unidirectional, onto_result_and_absent_operand) {
  run(MS_RULE_UNIDIRECTIONAL, NULL, "4x5", 1, "5");
  assert_ok();
  run(MS_RULE_UNIDIRECTIONAL, NULL, "4x5", 1, "4x1x5");
  assert_error(MS_CODE_OPERAND_RANK);
  run(MS_RULE_UNIDIRECTIONAL, NULL, NULL, 1, "5");
  assert_error(MS_CODE_RESULT_COUNT);
  ms_shape none, res = shape("4x5");
  cr_assert(ms_shape_parse_type(&none, "none", 4, NULL, 0));
  R_ok = ms_broadcast_check(MS_RULE_UNIDIRECTIONAL, NULL, &none, 1, NULL, &res, 1, NULL, &R);
  cr_expect(R_ok && R.nfindings == 0, "a none operand (Gemm without C) is absent");
}

/* ---- same-or-scalar ---- */

Test(same_or_scalar, clamp_and_select) {
  /* clamp operands listed (operand, min, max): min and max may be scalars. */
  ms_broadcast_options clamp = {.scalar_operands = 6u}, select = {.scalar_operands = 2u};
  run(MS_RULE_SAME_OR_SCALAR, &clamp, "2x3", 3, "2x3", "scalar", "2x3");
  assert_ok();
  cr_expect_str_eq(inferred(), "2x3");
  /* ops_stablehlo.mlir clamp_invalid_min_shape: min [2], operand [1] */
  run(MS_RULE_SAME_OR_SCALAR, &clamp, "1", 3, "1", "2", "1");
  assert_error(MS_CODE_SHAPE_MISMATCH);
  cr_expect(strstr(find(MS_CODE_SHAPE_MISMATCH)->message, "be a scalar or") != NULL);
  /* clamp_invalid_result_shape: 1 against 1x2 */
  run(MS_RULE_SAME_OR_SCALAR, &clamp, "1x2", 3, "1", "scalar", "scalar");
  assert_error(MS_CODE_RESULT_RANK);
  /* select (on_true, pred, on_false): pred scalar or same; on_false never scalar. */
  run(MS_RULE_SAME_OR_SCALAR, &select, "2x3", 3, "2x3", "scalar", "2x3");
  assert_ok();
  run(MS_RULE_SAME_OR_SCALAR, &select, "2x3", 3, "2x3", "3", "2x3");
  assert_error(MS_CODE_SHAPE_MISMATCH);
  run(MS_RULE_SAME_OR_SCALAR, &select, "2x3", 3, "2x3", "2x3", "scalar");
  assert_error(MS_CODE_SHAPE_MISMATCH);
  run(MS_RULE_SAME_OR_SCALAR, &select, NULL, 3, "?x3", "2x?", "2x3");
  assert_ok();
  cr_expect_str_eq(inferred(), "2x3");
}

/* ---- TFLite broadcast rank limits ---- */

Test(rank_limit, tflite_semantics) {
  ms_broadcast_options lim5 = {.tensor_only = true, .max_broadcast_rank = 5};
  /* Different static shapes above the limit. */
  run(MS_RULE_MLIR, &lim5, NULL, 2, "tensor<1x2x3x4x5x6xf32>", "tensor<6xf32>");
  assert_error(MS_CODE_RANK_LIMIT);
  /* Identical static shapes of any rank are fine. */
  run(MS_RULE_MLIR, &lim5, NULL, 2, "tensor<1x2x3x4x5x6xf32>", "tensor<1x2x3x4x5x6xf32>");
  assert_ok();
  run(MS_RULE_MLIR, &lim5, NULL, 2, "tensor<2x3x4x5x6xf32>", "tensor<6xf32>");
  assert_ok();
  /* ops.mlir mul_with_dynamic_shape_not_from_broadcast_args: same dynamic shapes of rank 8. */
  ms_broadcast_options lim6 = {.max_broadcast_rank = 6};
  run(MS_RULE_MLIR, &lim6, NULL, 2, "tensor<8x7x6x5x?x3x2x1xf32>", "tensor<8x7x6x5x?x3x2x1xf32>");
  assert_error(MS_CODE_RANK_LIMIT);
  lim6.rank_limit_exempt = true;
  run(MS_RULE_MLIR, &lim6, NULL, 2, "tensor<8x7x6x5x?x3x2x1xf32>", "tensor<8x7x6x5x?x3x2x1xf32>");
  assert_ok();
  /* Up to the limit, unknown sizes are accepted. */
  run(MS_RULE_MLIR, &lim6, NULL, 2, "tensor<?x3xf32>", "tensor<*xf32>");
  assert_ok();
}

/* ---- bounds ---- */

Test(bounds, static_size_above_bound) {
  ms_shape ops[2], res;
  const char *a = "tensor<3xf32, #stablehlo.bounds<?>>", *b = "tensor<?xf32, #stablehlo.bounds<2>>";
  cr_assert(ms_shape_parse_type(&ops[0], a, strlen(a), NULL, 0));
  cr_assert(ms_shape_parse_type(&ops[1], b, strlen(b), NULL, 0));
  /* infer_stablehlo.mlir add_bounds_mismatch */
  R_ok = ms_broadcast_check(MS_RULE_NONE, NULL, ops, 2, NULL, NULL, 0, NULL, &R);
  assert_error(MS_CODE_BOUND);
  /* Within the bound. */
  const char *c = "tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>";
  cr_assert(ms_shape_parse_type(&ops[1], c, strlen(c), NULL, 0));
  R_ok = ms_broadcast_check(MS_RULE_NONE, NULL, ops, 2, NULL, NULL, 0, NULL, &R);
  assert_ok();
  /* ops_stablehlo.mlir is_compatible_dynamism_bounds_mismatch: result 5 above bound 4. */
  ops[0] = ops[1];
  res = shape("tensor<5xf32>");
  R_ok = ms_broadcast_check(MS_RULE_NONE, NULL, ops, 2, NULL, &res, 1, NULL, &R);
  assert_error(MS_CODE_BOUND);
}

Test(bounds, parsed_from_encodings) {
  ms_shape s;
  const char *t = "tensor<?x3xf32, #stablehlo.bounds<4, ?>>";
  cr_assert(ms_shape_parse_type(&s, t, strlen(t), NULL, 0));
  cr_expect(s.bounded);
  cr_expect_eq(s.bounds[0], 4);
  cr_expect_eq(s.bounds[1], MS_DIM_DYNAMIC);
  /* Invalid bounds (a bound on a static dim, another length) are not read. */
  const char *bad = "tensor<3xf32, #stablehlo.type_extensions<bounds = [3]>>";
  cr_assert(ms_shape_parse_type(&s, bad, strlen(bad), NULL, 0));
  cr_expect_not(s.bounded);
  const char *len = "tensor<?x?xf32, #stablehlo.bounds<3>>";
  cr_assert(ms_shape_parse_type(&s, len, strlen(len), NULL, 0));
  cr_expect_not(s.bounded);
  const char *other = "tensor<?xf32, #sparse>";
  cr_assert(ms_shape_parse_type(&s, other, strlen(other), NULL, 0));
  cr_expect_not(s.bounded);
}

/* ---- torch-mlir types ---- */

Test(torch_types, parse_and_format) {
  ms_shape s;
  char buf[128];
  const char *t = "!torch.vtensor<[2,?,3],f32>";
  cr_assert(ms_shape_parse_type(&s, t, strlen(t), NULL, 0));
  cr_expect_eq(s.kind, MS_TYPE_TENSOR);
  cr_expect(s.ranked && s.rank == 3 && s.dims[1] == MS_DIM_DYNAMIC && s.dims[2] == 3);
  cr_expect_str_eq(s.elem, "f32");
  ms_shape_format_type(&s, buf, sizeof buf);
  cr_expect_str_eq(buf, t);
  const char *spaced = "!torch.vtensor<[?, ?],f32>";
  cr_assert(ms_shape_parse_type(&s, spaced, strlen(spaced), NULL, 0));
  cr_expect_eq(s.rank, 2);
  const char *scalar = "!torch.tensor<[],si64>";
  cr_assert(ms_shape_parse_type(&s, scalar, strlen(scalar), NULL, 0));
  cr_expect(s.ranked && s.rank == 0);
  cr_assert(ms_shape_parse_type(&s, "!torch.vtensor", 14, NULL, 0));
  cr_expect(s.kind == MS_TYPE_TENSOR && !s.ranked);
  const char *star = "!torch.vtensor<*,f32>";
  cr_assert(ms_shape_parse_type(&s, star, strlen(star), NULL, 0));
  cr_expect(!s.ranked);
  /* Other torch types are not tensors. */
  cr_assert(ms_shape_parse_type(&s, "!torch.int", 10, NULL, 0));
  cr_expect_eq(s.kind, MS_TYPE_OTHER);
  cr_assert(ms_shape_parse_type(&s, "!torch.vtensorx", 15, NULL, 0));
  cr_expect_eq(s.kind, MS_TYPE_OTHER);
  char err[128] = "";
  cr_expect_not(ms_shape_parse_type(&s, "!torch.vtensor<[2,x],f32>", 25, err, sizeof err));
  cr_expect(err[0] != '\0');
}

/* ---- shape functions ---- */

Test(shape_fns, prepend_and_extents) {
  ms_shape x = shape("tensor<3xi32>"), out;
  ms_shape_args a = {.n = 1, .a = {2}};
  cr_assert_eq(ms_infer_shape(MS_SHAPE_FN_PREPEND, &x, 1, &a, &out, NULL, 0), MS_INFER_OK);
  char buf[64];
  ms_shape_format(&out, buf, sizeof buf);
  cr_expect_str_eq(buf, "2x3");
  cr_expect_str_eq(ms_shape_fn_name(MS_SHAPE_FN_PREPEND), "prepend");
  a.a[0] = -2;
  cr_expect_neq(ms_infer_shape(MS_SHAPE_FN_PREPEND, &x, 1, &a, &out, NULL, 0), MS_INFER_OK);
  ms_shape_args e = {.n = 2, .a = {1, 4}};
  cr_assert_eq(ms_infer_shape(MS_SHAPE_FN_EXTENTS, &x, 1, &e, &out, NULL, 0), MS_INFER_OK);
  ms_shape_format(&out, buf, sizeof buf);
  cr_expect_str_eq(buf, "1x4");
  cr_expect_str_eq(ms_shape_fn_name(MS_SHAPE_FN_EXTENTS), "extents");
}

/* ---- StableHLO result and hint constraints ---- */

Test(stablehlo_constraints, static_result) {
  ms_broadcast_options o = {
      .has_broadcast_dimensions = true, .nbroadcast_dimensions = 1, .broadcast_dimensions = {1}, .static_result = true};
  run(MS_RULE_XLA_IN_DIM, &o, "2x3", 1, "3");
  assert_ok();
  /* ops_stablehlo.mlir broadcast_in_dim_dynamic_result */
  run(MS_RULE_XLA_IN_DIM, &o, "?x3", 1, "3");
  assert_error(MS_CODE_NOT_STATIC);
  ms_shape op = shape("tensor<3xi32>"), res;
  const char *one = "tensor<?x3xi32, #stablehlo.bounds<4, ?>>";
  cr_assert(ms_shape_parse_type(&res, one, strlen(one), NULL, 0));
  R_ok = ms_broadcast_check(MS_RULE_XLA_IN_DIM, &o, &op, 1, NULL, &res, 1, NULL, &R);
  assert_ok();
  /* ops_stablehlo_bounded_dynamism.mlir: two bounded dynamic dims. */
  ms_broadcast_options two = {.has_broadcast_dimensions = true,
                              .nbroadcast_dimensions = 2,
                              .broadcast_dimensions = {1, 2},
                              .static_result = true};
  const char *a = "tensor<?x?xf32, #stablehlo.bounds<5, 5>>", *r = "tensor<2x?x?xf32, #stablehlo.bounds<?, 5, 5>>";
  cr_assert(ms_shape_parse_type(&op, a, strlen(a), NULL, 0));
  cr_assert(ms_shape_parse_type(&res, r, strlen(r), NULL, 0));
  R_ok = ms_broadcast_check(MS_RULE_XLA_IN_DIM, &two, &op, 1, NULL, &res, 1, NULL, &R);
  assert_error(MS_CODE_NOT_STATIC);
}

Test(stablehlo_constraints, dimension_hints) {
  ms_broadcast_options o = {.has_broadcast_dimensions = true,
                            .nbroadcast_dimensions = 2,
                            .broadcast_dimensions = {1, 2},
                            .nhints = 2,
                            .hints = {0, 1}};
  run(MS_RULE_XLA_IN_DIM, &o, "?x?x?", 1, "?x?");
  assert_ok();
  o.hints[1] = 0; /* dynamic_broadcast_in_dim_c8: a duplicate */
  run(MS_RULE_XLA_IN_DIM, &o, "?x?x?", 1, "?x?");
  assert_error(MS_CODE_DIMENSION_HINTS);
  o.nhints = 1;
  o.hints[0] = 3; /* dynamic_broadcast_in_dim_c9_c10: no dim 3 */
  run(MS_RULE_XLA_IN_DIM, &o, "?x?x?", 1, "?x?");
  assert_error(MS_CODE_DIMENSION_HINTS);
}

Test(bounds, broadcast_in_dim_onto_bounded_dim) {
  ms_broadcast_options o = {.has_broadcast_dimensions = true, .nbroadcast_dimensions = 1, .broadcast_dimensions = {1}};
  ms_shape op = shape("tensor<5xf32>"), res;
  const char *r = "tensor<2x?xf32, #stablehlo.bounds<?, 4>>";
  cr_assert(ms_shape_parse_type(&res, r, strlen(r), NULL, 0));
  R_ok = ms_broadcast_check(MS_RULE_XLA_IN_DIM, &o, &op, 1, NULL, &res, 1, NULL, &R);
  assert_error(MS_CODE_BOUND);
  op = shape("tensor<4xf32>");
  R_ok = ms_broadcast_check(MS_RULE_XLA_IN_DIM, &o, &op, 1, NULL, &res, 1, NULL, &R);
  assert_ok();
  op = shape("tensor<1xf32>");
  R_ok = ms_broadcast_check(MS_RULE_XLA_IN_DIM, &o, &op, 1, NULL, &res, 1, NULL, &R);
  assert_ok();
}
