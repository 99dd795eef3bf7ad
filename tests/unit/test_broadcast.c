/*
** test_broadcast.c: unit tests of broadcast.c, the broadcast algebra.
**
** Every rule and every example of the specification documents is here:
** /work/shared/seeds/000 (the MLIR Broadcastable trait: both tables row by
** row, InferShape/InferResultShape/Verify, all correct and incorrect
** examples, in both profiles), 002 (XLA) and 003 (OpenVINO numpy, pdpd,
** bidirectional). The trait document's examples have typos such as
** `tensor<1x2xi32)` (missing '>'); they are fixed in the strings below.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "bcast_case.h"

/* Runs the mlir rule on a signature as the document writes it:
** "(tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>". */
static bool mlir_sig(bool strict, const char *sig) {
  ms_broadcast_options o = {.strict = strict, .tensor_only = true};
  ms_shape ops[MS_MAX_OPERANDS], res;
  const char *arrow = strstr(sig, ") -> ");
  cr_assert(sig[0] == '(' && arrow, "bad signature %s", sig);
  int n = 0;
  const char *p = sig + 1;
  while (p < arrow) {
    const char *e = strstr(p, ", ");
    if (!e || e > arrow) e = arrow;
    char err[128];
    cr_assert(ms_shape_parse(&ops[n], p, (size_t)(e - p), err, sizeof err), "%s: %s", sig, err);
    n++;
    p = e == arrow ? arrow : e + 2;
  }
  res = shape(arrow + 5);
  R_ok = ms_broadcast_check(MS_RULE_MLIR, &o, ops, n, NULL, &res, 1, NULL, &R);
  return R_ok;
}

static int count_severity(ms_severity s) {
  int n = 0;
  for (int i = 0; i < R.nfindings; i++) n += R.findings[i].severity == s;
  return n;
}

#define assert_inferred(text)                                                                          \
  do {                                                                                                 \
    cr_assert(R_ok, "expected success, first finding: %s", R.nfindings ? R.findings[0].message : "-"); \
    cr_assert_str_eq(inferred(), text);                                                                \
  } while (0)

static const ms_broadcast_options NONE_OPTS;
static const ms_broadcast_options STRICT = {.strict = true};

/* ---- rule names ---- */

Test(broadcast, rule_names_round_trip) {
  for (int r = 0; r < MS_RULE__COUNT; r++) {
    ms_rule back;
    const char *name = ms_rule_name((ms_rule)r);
    cr_assert(ms_rule_from_name(name, strlen(name), &back));
    cr_assert_eq(back, (ms_rule)r);
  }
  ms_rule x;
  cr_assert_not(ms_rule_from_name("numpyx", 6, &x));
  cr_assert(ms_rule_from_name("xla-in-dim-extra", 10, &x));
  cr_assert_eq(x, MS_RULE_XLA_IN_DIM);
}

/* ---- the trait document (seed 000): dimension inference table ---- */

/* Each row in both operand orders and both profiles. */
static void infer_row(const char *d0, const char *d1, const char *want, bool hint, const char *row_verdict) {
  for (int strict = 0; strict < 2; strict++) {
    for (int order = 0; order < 2; order++) {
      const char *a = order ? d1 : d0, *b = order ? d0 : d1;
      run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, NULL, 2, a, b);
      assert_inferred(want);
      cr_assert_eq(find(MS_CODE_UNDEFINED) != NULL, hint, "%s vs %s: hint", a, b);
      if (hint) cr_assert_eq(find(MS_CODE_UNDEFINED)->severity, MS_SEVERITY_HINT);
      cr_assert_eq(R.nrows, 1);
      cr_assert_str_eq(R.rows[0].verdict, row_verdict);
      cr_assert_eq(R.rows[0].operand_dims[order], d0[0] == '?' ? MS_DIM_DYNAMIC : d0[0] - '0');
    }
  }
}

Test(trait_infer_dim, dyn_dyn) { infer_row("?", "?", "?", false, "ok"); }
Test(trait_infer_dim, dyn_one) { infer_row("?", "1", "?", false, "broadcast 1->?"); }
Test(trait_infer_dim, dyn_gt1) { infer_row("?", "4", "4", true, "? vs 4: UB unless 1 or 4"); }
Test(trait_infer_dim, one_one) { infer_row("1", "1", "1", false, "ok"); }
Test(trait_infer_dim, one_gt1) { infer_row("1", "4", "4", false, "broadcast 1->4"); }
Test(trait_infer_dim, gt1_gt1_equal) { infer_row("3", "3", "3", false, "ok"); }

Test(trait_infer_dim, gt1_gt1_differ) {
  for (int strict = 0; strict < 2; strict++) {
    run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, NULL, 2, "3", "2");
    assert_error(MS_CODE_INCOMPATIBLE);
    cr_assert_not(R.has_inferred);
    cr_assert_str_eq(R.rows[0].verdict, "3 vs 2: mismatch");
    cr_assert_eq(R.rows[0].severity, MS_SEVERITY_ERROR);
  }
}

/* ---- shape inference ---- */

Test(trait_infer_shape, expand_rank) {
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 2, "4", "2x3x4");
  assert_inferred("2x3x4");
  cr_assert_eq(R.nrows, 3);
  cr_assert_eq(R.rows[0].operand_dims[0], MS_DIM_ABSENT);
  cr_assert_eq(R.rows[2].operand_dims[0], 4);
  cr_assert_eq(R.rows[0].operand_dims[1], 2);
  cr_assert_str_eq(R.rows[0].verdict, "broadcast 1->2");
  cr_assert_str_eq(R.rows[2].verdict, "ok");
}

/* Verdicts print their dims by hand (dim_text): every digit, in order. */
Test(trait_infer_shape, verdict_digits) {
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 2, "1x1x1", "10x4096x9007199254740992");
  cr_assert_str_eq(R.rows[0].verdict, "broadcast 1->10");
  cr_assert_str_eq(R.rows[1].verdict, "broadcast 1->4096");
  cr_assert_str_eq(R.rows[2].verdict, "broadcast 1->9007199254740992");
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 2, "1", "?");
  cr_assert_str_eq(R.rows[0].verdict, "broadcast 1->?");
}

Test(trait_infer_shape, result_shape_discards_unranked) {
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 3, "*", "2x1", "3");
  assert_inferred("2x3");
  cr_assert(R.has_inferred);
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 2, "*", "5x?");
  assert_inferred("5x?");
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 2, "*", "*");
  cr_assert(R_ok);
  cr_assert_not(R.has_inferred);
  cr_assert_not(R.inferred.ranked);
}

Test(trait_infer_shape, variadic_fold) {
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 3, "2x1x1", "3x1", "?");
  assert_inferred("2x3x?");
  run(MS_RULE_MLIR, &NONE_OPTS, NULL, 3, "?", "3", "2");
  assert_error(MS_CODE_INCOMPATIBLE);
  /* The conflict names the operand that fixed the size (#1), not the `?`. */
  cr_assert_eq(find(MS_CODE_INCOMPATIBLE)->operand, 2);
  cr_assert_eq(find(MS_CODE_INCOMPATIBLE)->related, 1);
}

/* ---- verification table ---- */

Test(trait_verify_table, dyn_dyn_ok) {
  for (int strict = 0; strict < 2; strict++) {
    run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, "?", 2, "?", "?");
    cr_assert(R_ok);
    cr_assert_eq(R.nfindings, 0);
    cr_assert_eq(R.rows[0].declared, MS_DIM_DYNAMIC);
  }
}

Test(trait_verify_table, dyn_static_upstream_warns_strict_errs) {
  run(MS_RULE_MLIR, &NONE_OPTS, "4", 2, "?", "?");
  cr_assert(R_ok);
  const ms_finding *f = find(MS_CODE_DYNAMIC_TO_STATIC);
  cr_assert(f);
  cr_assert_eq(f->severity, MS_SEVERITY_WARNING);
  cr_assert_str_eq(f->message,
                   "result dim 0 is static 4 but the operands infer a dynamic size: "
                   "correct only if the runtime size is 4");
  run(MS_RULE_MLIR, &STRICT, "4", 2, "?", "?");
  assert_error(MS_CODE_DYNAMIC_TO_STATIC);
}

Test(trait_verify_table, static_dyn_ok) {
  for (int strict = 0; strict < 2; strict++) {
    run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, "?", 1, "4");
    cr_assert(R_ok);
    cr_assert_eq(R.nfindings, 0);
  }
}

Test(trait_verify_table, static_static) {
  for (int strict = 0; strict < 2; strict++) {
    run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, "4", 1, "4");
    cr_assert(R_ok);
    run(MS_RULE_MLIR, strict ? &STRICT : &NONE_OPTS, "4", 2, "2", "2");
    assert_error(MS_CODE_RESULT_DIM);
    cr_assert_str_eq(find(MS_CODE_RESULT_DIM)->message, "result dim 0 is 4 but the operands infer 2");
    cr_assert_eq(R.rows[0].severity, MS_SEVERITY_ERROR);
    cr_assert_eq(R.rows[0].declared, 4);
  }
}

/* ---- the document's examples ---- */

static const char *const correct[] = {
    "(tensor<1x2xi32>, tensor<1x2xi32>) -> tensor<1x2xi32>",
    "(tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>",
    "(tensor<1xi32>, tensor<4xi32>) -> tensor<4xi32>",
    "(tensor<4xi32>) -> tensor<?xi32>",
    "(tensor<4xi32>, tensor<2x3x4xi32>) -> tensor<2x3x4xi32>",
    "(tensor<2xi1>, tensor<2xi32>) -> tensor<2xi64>",
    "(tensor<2xi32>) -> tensor<*xi32>",
    "(tensor<*xi32>, tensor<*xi32>) -> tensor<2xi32>",
};

Test(trait_examples, correct_in_both_profiles) {
  for (size_t i = 0; i < sizeof correct / sizeof correct[0]; i++) {
    for (int strict = 0; strict < 2; strict++) {
      cr_assert(mlir_sig(strict, correct[i]), "%s (%s): %s", correct[i], strict ? "strict" : "upstream",
                R.nfindings ? R.findings[0].message : "");
      cr_assert_eq(count_severity(MS_SEVERITY_ERROR) + count_severity(MS_SEVERITY_WARNING), 0, "%s", correct[i]);
    }
  }
}

Test(trait_examples, correct_inferred_shapes) {
  mlir_sig(false, correct[4]);
  cr_assert_str_eq(inferred(), "2x3x4");
  char buf[64];
  ms_shape_format_type(&R.inferred, buf, sizeof buf);
  cr_assert_str_eq(buf, "tensor<2x3x4xi32>");
  mlir_sig(false, correct[3]);
  cr_assert_str_eq(inferred(), "4");
}

Test(trait_examples, incorrect_static_mismatch) {
  for (int strict = 0; strict < 2; strict++) {
    cr_assert_not(mlir_sig(strict, "(tensor<3xi32>, tensor<2xi32>) -> tensor<?xi32>"));
    cr_assert(find(MS_CODE_INCOMPATIBLE));
  }
}

Test(trait_examples, incorrect_rank_strict_only) {
  const char *sig = "(tensor<3xi32>, tensor<3xi32>) -> tensor<1x3xi32>";
  cr_assert_not(mlir_sig(true, sig));
  cr_assert_eq(find(MS_CODE_EXTRA_RESULT_DIMS)->severity, MS_SEVERITY_ERROR);
  /* mlir-opt-22 compares only the trailing dims: a warning. */
  cr_assert(mlir_sig(false, sig));
  const ms_finding *f = find(MS_CODE_EXTRA_RESULT_DIMS);
  cr_assert_eq(f->severity, MS_SEVERITY_WARNING);
  cr_assert(strstr(f->message, "result has rank 2 but the operands infer rank 1 (tensor<3xi32>)"), "%s", f->message);
  cr_assert_eq(R.nrows, 2);
  cr_assert_eq(R.rows[0].declared, 1);
  cr_assert_eq(R.rows[0].inferred, MS_DIM_ABSENT);
  cr_assert_eq(R.rows[1].inferred, 3);
}

Test(trait_examples, incorrect_dynamic_to_static_strict_only) {
  const char *sig = "(tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>";
  cr_assert_not(mlir_sig(true, sig));
  cr_assert(mlir_sig(false, sig));
  cr_assert_eq(find(MS_CODE_DYNAMIC_TO_STATIC)->severity, MS_SEVERITY_WARNING);
}

Test(trait_examples, incorrect_result_dims) {
  for (int strict = 0; strict < 2; strict++) {
    cr_assert_not(mlir_sig(strict, "(tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>"));
    cr_assert(find(MS_CODE_RESULT_DIM));
    /* Broadcast semantics are not applicable for results. */
    cr_assert_not(mlir_sig(strict, "(tensor<1xi32>, tensor<1xi32>) -> tensor<4xi32>"));
    cr_assert(find(MS_CODE_RESULT_DIM));
  }
}

Test(trait_verify, lower_rank_result_is_error_in_both) {
  for (int strict = 0; strict < 2; strict++) {
    cr_assert_not(mlir_sig(strict, "(tensor<1x3xi32>, tensor<3xi32>) -> tensor<3xi32>"));
    cr_assert_str_eq(find(MS_CODE_RESULT_RANK)->message,
                     "result has rank 1 but the operands infer rank 2 (tensor<1x3xi32>)");
    cr_assert_not(mlir_sig(strict, "(tensor<3xi32>) -> tensor<i32>"));
    cr_assert(find(MS_CODE_RESULT_RANK));
  }
}

Test(trait_verify, upstream_compares_trailing_dims_of_higher_rank_result) {
  cr_assert_not(mlir_sig(false, "(tensor<3xi32>) -> tensor<3x2xi32>"));
  const ms_finding *f = find(MS_CODE_RESULT_DIM);
  cr_assert(f);
  cr_assert_str_eq(f->message, "result dim 1 (dim 0 of the inferred shape) is 2 but the operands infer 3");
}

/* ---- the trait's properties ---- */

Test(trait_properties, at_least_one_operand) {
  ms_shape res = shape("tensor<3xi32>");
  ms_broadcast_check(MS_RULE_MLIR, &STRICT, NULL, 0, NULL, &res, 1, NULL, &R);
  cr_assert_eq(find(MS_CODE_OPERAND_COUNT)->severity, MS_SEVERITY_ERROR);
  /* mlir-opt-22 accepts "test.broadcastable"() : () -> tensor<3xi32>. */
  cr_assert(ms_broadcast_check(MS_RULE_MLIR, NULL, NULL, 0, NULL, &res, 1, NULL, &R));
  cr_assert_eq(find(MS_CODE_OPERAND_COUNT)->severity, MS_SEVERITY_WARNING);
}

Test(trait_properties, exactly_one_result) {
  ms_shape op = shape("tensor<3xi32>"), res[2] = {op, op};
  cr_assert_not(ms_broadcast_check(MS_RULE_MLIR, NULL, &op, 1, NULL, res, 2, NULL, &R));
  cr_assert(find(MS_CODE_RESULT_COUNT));
}

Test(trait_properties, only_tensor_or_vector) {
  run(MS_RULE_MLIR, NULL, NULL, 2, "memref<3xf32>", "tensor<3xf32>");
  assert_error(MS_CODE_NOT_SHAPED);
  ms_shape ops[2] = {shape("tensor<3xf32>")}, res;
  cr_assert(ms_shape_parse_type(&ops[1], "f32", 3, NULL, 0));
  cr_assert(ms_shape_parse_type(&res, "i32", 3, NULL, 0));
  cr_assert_not(ms_broadcast_check(MS_RULE_MLIR, NULL, ops, 2, NULL, &res, 1, NULL, &R));
  cr_assert_eq(find(MS_CODE_NOT_SHAPED)->operand, 1);
}

Test(trait_properties, no_tensor_vector_mix) {
  run(MS_RULE_MLIR, NULL, "vector<4xf32>", 2, "tensor<4xf32>", "tensor<4xf32>");
  assert_error(MS_CODE_MIXED_KINDS);
  cr_assert_eq(find(MS_CODE_MIXED_KINDS)->operand, MS_FINDING_RESULT);
}

Test(trait_properties, vectors_are_ranked_shapes) {
  run(MS_RULE_MLIR, NULL, "vector<2x4xf32>", 2, "vector<4xf32>", "vector<2x1xf32>");
  assert_inferred("2x4");
  ms_broadcast_options o = {.tensor_only = true};
  run(MS_RULE_MLIR, &o, NULL, 1, "vector<4xf32>");
  assert_error(MS_CODE_NOT_SHAPED);
}

/* ---- messages, names and numbering ---- */

Test(messages, operand_names) {
  ms_shape ops[2] = {shape("tensor<3xi32>"), shape("tensor<2xi32>")};
  const char *names[] = {"%a", "%b"};
  ms_broadcast_check(MS_RULE_MLIR, NULL, ops, 2, names, NULL, 0, NULL, &R);
  cr_assert_str_eq(R.findings[0].message,
                   "operands %a and %b are not broadcast-compatible: dim 0 is 3 in %a but 2 in %b");
  cr_assert_eq(R.findings[0].operand, 1);
  cr_assert_eq(R.findings[0].related, 0);
  cr_assert_eq(R.findings[0].dim, 0);
  ms_broadcast_check(MS_RULE_MLIR, NULL, ops, 2, NULL, NULL, 0, NULL, &R);
  cr_assert(strstr(R.findings[0].message, "operand #0 and operand #1"));
}

Test(messages, numbering_when_ranks_differ) {
  ms_shape ops[2] = {shape("2x3x4"), shape("5x4")};
  const char *names[] = {"%a", "%b"};
  ms_broadcast_check(MS_RULE_MLIR, NULL, ops, 2, names, NULL, 0, NULL, &R);
  cr_assert_str_eq(R.findings[0].message,
                   "operands %a and %b are not broadcast-compatible: dim 1 of %a is 3 but dim 0 of "
                   "%b (dim 1 of the broadcast shape) is 5");
  cr_assert_eq(R.findings[0].dim, 1);
}

Test(messages, result_name) {
  ms_shape op = shape("2"), res = shape("4");
  ms_broadcast_check(MS_RULE_MLIR, NULL, &op, 1, NULL, &res, 1, "%0", &R);
  cr_assert_str_eq(R.findings[0].message, "result %0 dim 0 is 4 but the operands infer 2");
  cr_assert_eq(R.findings[0].operand, MS_FINDING_RESULT);
}

/* ---- op constraints ---- */

Test(constraints, equal_ranks) {
  ms_broadcast_options o = {.equal_ranks = true};
  run(MS_RULE_MLIR, &o, NULL, 2, "3", "2x3");
  assert_error(MS_CODE_OPERAND_RANK);
  run(MS_RULE_MLIR, &o, "1x3", 2, "1x3", "*");
  cr_assert(R_ok, "unranked operands escape the rank check");
  run(MS_RULE_MLIR, &o, "1x1x3", 2, "1x3", "1x3");
  assert_error(MS_CODE_RESULT_RANK);
  run(MS_RULE_MLIR, &o, "2x3", 2, "1x3", "2x1");
  cr_assert(R_ok);
}

Test(constraints, skip_result_dims) {
  ms_broadcast_options o = {.skip_result_dims = true};
  run(MS_RULE_MLIR, &o, "7x7", 2, "1x3", "2x1");
  cr_assert(R_ok);
  run(MS_RULE_MLIR, &o, "7", 2, "1x3", "2x1");
  assert_error(MS_CODE_RESULT_RANK);
}

/* ---- bounds ---- */

Test(bounds, too_many_operands) {
  ms_shape ops[MS_MAX_OPERANDS + 1];
  for (int i = 0; i <= MS_MAX_OPERANDS; i++) ops[i] = shape("2");
  cr_assert_not(ms_broadcast_check(MS_RULE_NUMPY, NULL, ops, MS_MAX_OPERANDS + 1, NULL, NULL, 0, NULL, &R));
  cr_assert(find(MS_CODE_OPERAND_COUNT));
  cr_assert(ms_broadcast_check(MS_RULE_NUMPY, NULL, ops, MS_MAX_OPERANDS, NULL, NULL, 0, NULL, &R));
}

Test(bounds, rank_too_high) {
  ms_shape s = shape("2");
  s.rank = MS_MAX_RANK + 1;
  cr_assert_not(ms_broadcast_check(MS_RULE_MLIR, NULL, &s, 1, NULL, NULL, 0, NULL, &R));
  cr_assert(find(MS_CODE_OPERAND_RANK));
}

Test(bounds, findings_capped) {
  ms_shape ops[MS_MAX_OPERANDS];
  for (int i = 0; i < MS_MAX_OPERANDS; i++) {
    char text[64];
    snprintf(text, sizeof text, "%dx%d", i + 2, i + 2);
    ops[i] = shape(text);
  }
  cr_assert_not(ms_broadcast_check(MS_RULE_NUMPY, NULL, ops, MS_MAX_OPERANDS, NULL, NULL, 0, NULL, &R));
  cr_assert_eq(R.nfindings, MS_MAX_FINDINGS);
}

Test(bounds, broadcast_dimensions_too_long) {
  ms_broadcast_options o = {.has_broadcast_dimensions = true, .nbroadcast_dimensions = 99};
  run(MS_RULE_XLA, &o, NULL, 2, "2", "2x2");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
}

/* ---- numpy (seed 003) ---- */

Test(numpy, document_examples) {
  static const char *const ok[][3] = {
      {"scalar", "scalar", "scalar"}, {"2x3", "1", "2x3"},           {"3", "2x3", "2x3"},
      {"2x3x5", "scalar", "2x3x5"},   {"2x1x5", "1x4x5", "2x4x5"},   {"6x5", "2x1x5", "2x6x5"},
      {"2x1x5", "4x1", "2x4x5"},      {"3x2x1x4", "5x4", "3x2x5x4"}, {"1x5x3", "5x2x1x3", "5x2x5x3"},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    run(MS_RULE_NUMPY, NULL, NULL, 2, ok[i][0], ok[i][1]);
    assert_inferred(ok[i][2]);
  }
  run(MS_RULE_NUMPY, NULL, NULL, 2, "3", "2");
  assert_error(MS_CODE_INCOMPATIBLE);
  run(MS_RULE_NUMPY, NULL, NULL, 2, "3x1x5", "4x4x5");
  assert_error(MS_CODE_INCOMPATIBLE);
  cr_assert_eq(find(MS_CODE_INCOMPATIBLE)->dim, 0);
}

Test(numpy, dynamic_and_variadic) {
  run(MS_RULE_NUMPY, NULL, NULL, 3, "?x1", "3x?", "1");
  assert_inferred("3x?");
  run(MS_RULE_NUMPY, NULL, NULL, 2, "?", "4");
  assert_inferred("4");
  cr_assert_null(find(MS_CODE_UNDEFINED));
  run(MS_RULE_NUMPY, NULL, NULL, 2, "2x3", "*");
  cr_assert(R_ok);
  cr_assert_not(R.inferred.ranked);
  run(MS_RULE_NUMPY, NULL, "2x4", 2, "2x1", "4");
  cr_assert(R_ok);
  run(MS_RULE_NUMPY, NULL, "1x2x4", 2, "2x1", "4");
  assert_error(MS_CODE_RESULT_RANK);
}

/* ---- pdpd (seed 003) ---- */

static ms_broadcast_options axis(int64_t a) { return (ms_broadcast_options){.has_axis = true, .axis = a}; }

Test(pdpd, document_examples) {
  ms_broadcast_options a1 = axis(1), a2 = axis(2), a0 = axis(0), am1 = axis(-1);
  run(MS_RULE_PDPD, &a1, NULL, 2, "2x3x4x5", "3x4");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, &a1, NULL, 2, "2x3x4x5", "3x1");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, NULL, NULL, 2, "2x3x4x5", "4x5");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, &am1, NULL, 2, "2x3x4x5", "4x5");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, &a2, NULL, 2, "2x3x4x5", "4x5");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, &a0, NULL, 2, "2x3x4x5", "1x3");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, NULL, NULL, 2, "2x3x4x5", "scalar");
  assert_inferred("2x3x4x5");
  run(MS_RULE_PDPD, NULL, NULL, 2, "2x3x4x5", "5");
  assert_inferred("2x3x4x5");
}

Test(pdpd, errors) {
  ms_broadcast_options a0 = axis(0), a3 = axis(3), a9 = axis(9);
  run(MS_RULE_PDPD, &a0, NULL, 2, "2x3x4x5", "3x4");
  assert_error(MS_CODE_INCOMPATIBLE);
  cr_assert_eq(R.rows[0].severity, MS_SEVERITY_ERROR);
  run(MS_RULE_PDPD, &a3, NULL, 2, "2x3x4x5", "5x2");
  assert_error(MS_CODE_AXIS);
  run(MS_RULE_PDPD, &a9, NULL, 2, "2x3x4x5", "5");
  assert_error(MS_CODE_AXIS);
  run(MS_RULE_PDPD, NULL, NULL, 2, "4x5", "3x4x5");
  assert_error(MS_CODE_OPERAND_RANK);
  run(MS_RULE_PDPD, NULL, NULL, 1, "4x5");
  assert_error(MS_CODE_OPERAND_COUNT);
  /* B broadcasts onto A, never the other way round. */
  run(MS_RULE_PDPD, NULL, NULL, 2, "2x1", "3");
  assert_error(MS_CODE_INCOMPATIBLE);
}

/* ---- bidirectional (seed 003) ---- */

Test(bidirectional, document_examples) {
  static const char *const ok[][3] = {
      {"5", "1", "5"}, {"2x3", "3", "2x3"}, {"3x1", "3x4", "3x4"}, {"3x4", "scalar", "3x4"}, {"3x1", "2x1x6", "2x3x6"},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    run(MS_RULE_BIDIRECTIONAL, NULL, NULL, 2, ok[i][0], ok[i][1]);
    assert_inferred(ok[i][2]);
  }
  run(MS_RULE_BIDIRECTIONAL, NULL, NULL, 2, "3x2", "3x4");
  assert_error(MS_CODE_INCOMPATIBLE);
  cr_assert(strstr(R.findings[0].message, "the input and the target shape"), "%s", R.findings[0].message);
  run(MS_RULE_BIDIRECTIONAL, NULL, NULL, 3, "3", "3", "3");
  assert_error(MS_CODE_OPERAND_COUNT);
}

/* ---- xla (seed 002) ---- */

static ms_broadcast_options bdims(int n, ...) {
  ms_broadcast_options o = {.has_broadcast_dimensions = true, .nbroadcast_dimensions = n};
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) o.broadcast_dimensions[i] = va_arg(ap, int);
  va_end(ap);
  return o;
}

Test(xla, scalar_always_broadcasts) {
  run(MS_RULE_XLA, NULL, NULL, 2, "2x3", "scalar");
  assert_inferred("2x3");
  run(MS_RULE_XLA, NULL, NULL, 2, "scalar", "2x3");
  assert_inferred("2x3");
}

Test(xla, matrix_plus_vector) {
  ms_broadcast_options d1 = bdims(1, 1), d0 = bdims(1, 0);
  run(MS_RULE_XLA, NULL, NULL, 2, "2x3", "3");
  assert_error(MS_CODE_OPERAND_RANK); /* without broadcasting: invalid */
  run(MS_RULE_XLA, &d1, NULL, 2, "2x3", "3");
  assert_inferred("2x3");
  run(MS_RULE_XLA, &d0, NULL, 2, "2x3", "3");
  assert_error(MS_CODE_INCOMPATIBLE);
  run(MS_RULE_XLA, &d1, NULL, 2, "3x3", "3");
  assert_inferred("3x3");
  run(MS_RULE_XLA, &d0, NULL, 2, "3x3", "3");
  assert_inferred("3x3");
  cr_assert_eq(R.rows[0].operand_dims[1], 3);
  cr_assert_eq(R.rows[1].operand_dims[1], MS_DIM_ABSENT);
}

Test(xla, cuboid_and_matrix) {
  ms_broadcast_options d12 = bdims(2, 1, 2), d03 = bdims(2, 0, 3);
  run(MS_RULE_XLA, &d12, NULL, 2, "2x3x4", "3x4");
  assert_inferred("2x3x4");
  run(MS_RULE_XLA, &d03, NULL, 2, "7x8x9x5", "7x5");
  assert_inferred("7x8x9x5");
}

Test(xla, broadcast_dimensions_must_be_valid) {
  ms_broadcast_options dec = bdims(2, 2, 1), dup = bdims(2, 1, 1), out = bdims(1, 3), len = bdims(2, 0, 1);
  run(MS_RULE_XLA, &dec, NULL, 2, "2x3x4", "4x3");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA, &dup, NULL, 2, "2x3x4", "3x3");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA, &out, NULL, 2, "2x3x4", "4");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA, &len, NULL, 2, "2x3x4", "4");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
}

Test(xla, degenerate_dims) {
  static const char *const ok[][3] = {
      {"2x1", "2x3", "2x3"},
      {"1x2x5", "7x2x5", "7x2x5"},
      {"7x2x5", "7x1x5", "7x2x5"},
      {"2x1", "1x3", "2x3"},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    run(MS_RULE_XLA, NULL, NULL, 2, ok[i][0], ok[i][1]);
    assert_inferred(ok[i][2]);
  }
  run(MS_RULE_XLA, NULL, NULL, 2, "7x2x5", "7x2x6");
  assert_error(MS_CODE_INCOMPATIBLE);
  ms_broadcast_options id = bdims(2, 0, 1), swap = bdims(2, 1, 0);
  run(MS_RULE_XLA, &id, NULL, 2, "2x1", "1x3");
  assert_inferred("2x3");
  /* Equal ranks: chlo ignores broadcast_dimensions (ChloOps.cpp), so a
  ** non-identity list broadcasts numpy-wise, as in the corpus's
  ** ops_chlo_roundtrip.mlir. */
  run(MS_RULE_XLA, &swap, NULL, 2, "2x1", "1x3");
  assert_inferred("2x3");
  run(MS_RULE_XLA, &swap, NULL, 2, "2x3", "4x3");
  assert_error(MS_CODE_INCOMPATIBLE);
}

Test(xla, composition) {
  ms_broadcast_options d0 = bdims(1, 0), d12 = bdims(2, 1, 2);
  run(MS_RULE_XLA, &d0, NULL, 2, "4", "1x2");
  assert_inferred("4x2");
  run(MS_RULE_XLA, &d12, NULL, 2, "1x2", "4x3x1");
  assert_inferred("4x3x2");
  cr_assert_str_eq(R.rows[2].verdict, "broadcast 1->2");
}

/* ---- xla-in-dim ---- */

Test(xla_in_dim, operand_onto_result) {
  ms_broadcast_options d1 = bdims(1, 1), d0 = bdims(1, 0), d20 = bdims(2, 2, 0), dup = bdims(2, 0, 0);
  run(MS_RULE_XLA_IN_DIM, &d1, "2x3", 1, "3");
  assert_inferred("2x3");
  run(MS_RULE_XLA_IN_DIM, &d0, "2x3", 1, "3");
  assert_error(MS_CODE_INCOMPATIBLE);
  run(MS_RULE_XLA_IN_DIM, &d0, "2x3", 1, "1");
  assert_inferred("2x3");
  run(MS_RULE_XLA_IN_DIM, &d20, "4x5x?", 2, "7", "4");
  assert_error(MS_CODE_OPERAND_COUNT);
  run(MS_RULE_XLA_IN_DIM, &d20, "4x5x?", 1, "7x4");
  assert_inferred("4x5x?");
  run(MS_RULE_XLA_IN_DIM, &dup, "4x4", 1, "4x4");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA_IN_DIM, &d1, "2x3", 1, "1x3");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA_IN_DIM, NULL, "2x3", 1, "3");
  assert_error(MS_CODE_BROADCAST_DIMENSIONS);
  run(MS_RULE_XLA_IN_DIM, NULL, "2x3", 1, "scalar");
  assert_inferred("2x3");
  run(MS_RULE_XLA_IN_DIM, NULL, NULL, 1, "scalar");
  assert_error(MS_CODE_RESULT_COUNT);
}

/* ---- none ---- */

Test(none, identical_shapes) {
  run(MS_RULE_NONE, NULL, "2x3", 2, "2x3", "2x?");
  assert_inferred("2x3");
  run(MS_RULE_NONE, NULL, NULL, 2, "2x3", "2x1");
  assert_error(MS_CODE_SHAPE_MISMATCH);
  run(MS_RULE_NONE, NULL, NULL, 2, "3", "2x3");
  assert_error(MS_CODE_SHAPE_MISMATCH);
  run(MS_RULE_NONE, NULL, "2x4", 2, "2x3", "2x3");
  assert_error(MS_CODE_RESULT_DIM);
}
