/*
** test_records.c: the op records and value table of a unit (records.h),
** the scoped SSA table under them (ssa.h), the tree walk (walk.h), and
** what inference makes of them (analyzer.h, infer.h): definitions, uses,
** scopes of regions, arguments, multi-result values, shifting, and the
** refined types and propagated findings of dataflow.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "infer.h"
#include "records.h"
#include "ssa.h"
#include "walk.h"

typedef struct parsed {
  TSParser *parser;
  TSTree *tree;
  const char *text;
} parsed;

static parsed parse(const char *text) {
  parsed p = {ts_parser_new(), NULL, text};
  ts_parser_set_language(p.parser, tree_sitter_mlir());
  p.tree = ts_parser_parse_string(p.parser, NULL, text, (uint32_t)strlen(text));
  return p;
}

static void unparse(parsed *p) {
  ts_tree_delete(p->tree);
  ts_parser_delete(p->parser);
}

static bool span_is(const char *text, ms_span s, const char *want) {
  return s.end - s.start == strlen(want) && !memcmp(text + s.start, want, s.end - s.start);
}

static uint32_t value_named(const ms_records *r, const char *text, const char *name) {
  char buf[64];
  for (size_t i = 0; i < r->nvalues; i++) {
    ms_records_value_name(r, (uint32_t)i, text, buf, sizeof buf);
    if (!strcmp(buf, name)) return (uint32_t)i;
  }
  return MS_NONE;
}

Test(records, values_uses_and_ops) {
  const char *text =
      "func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
      "  %0 = \"tosa.add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>\n"
      "  %1:2 = \"test.two\"(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<3xf32>)\n"
      "  return %1#1 : tensor<3xf32>\n"
      "}\n";
  parsed p = parse(text);
  ms_records r;
  ms_records_init(&r);
  ms_records_build(&r, ts_tree_root_node(p.tree), text, 0, UINT32_MAX);
  cr_assert_eq(r.nops, 3);
  cr_assert(span_is(text, r.ops[0].name, "tosa.add"));
  cr_assert(span_is(text, ms_op_name_token(&r.ops[0]), "\"tosa.add\""));
  cr_assert_eq(r.ops[0].noperands, 2);
  cr_assert(r.ops[0].types_known);
  cr_assert_eq(r.ops[2].kind, MS_OP_RETURN);
  /* %a, %b, %0, %1#0, %1#1 */
  cr_assert_eq(r.nvalues, 5);
  uint32_t a = value_named(&r, text, "%a"), v0 = value_named(&r, text, "%0"), v11 = value_named(&r, text, "%1#1");
  cr_assert_neq(a, MS_NONE);
  cr_assert_eq(r.values[a].op, MS_NONE, "an argument has no defining op");
  cr_assert_eq(r.values[v0].op, 0);
  cr_assert(span_is(text, r.values[v11].type, "tensor<3xf32>"));
  cr_assert_eq(r.values[v11].result, 1);
  /* The use of %1#1 in return resolves to the second result. */
  const ms_use *u = ms_records_operand(&r, &r.ops[2], 0);
  cr_assert_eq(u->value, v11);
  cr_assert_eq(ms_records_operand(&r, &r.ops[0], 0)->value, a);
  /* value_at finds both the definition and a use. */
  ms_span at;
  cr_assert_eq(ms_records_value_at(&r, (uint32_t)(strstr(text, "(%0)") - text) + 2, &at), v0);
  cr_assert_eq(ms_records_op_at(&r, (uint32_t)(strstr(text, "test.two") - text)), 1);
  /* Shifting moves every span and keeps the links. */
  ms_records_shift(&r, 100);
  cr_assert_eq(r.ops[0].name.start, (uint32_t)(strstr(text, "tosa.add") - text) + 100);
  cr_assert_eq(ms_records_operand(&r, &r.ops[2], 0)->value, v11);
  ms_records_clear(&r);
  cr_assert_eq(r.nops, 0);
  unparse(&p);
}

Test(records, regions_see_outer_values_and_scope_their_own) {
  const char *text =
      "func.func @f(%x: tensor<2xf32>, %p: i1) {\n"
      "  %r = scf.if %p -> (tensor<2xf32>) {\n"
      "    %in = \"test.op\"(%x) : (tensor<2xf32>) -> tensor<2xf32>\n"
      "    scf.yield %in : tensor<2xf32>\n"
      "  } else {\n"
      "    scf.yield %x : tensor<2xf32>\n"
      "  }\n"
      "  \"test.use\"(%in) : (tensor<2xf32>) -> ()\n"
      "  return\n"
      "}\n";
  parsed p = parse(text);
  ms_records r;
  ms_records_init(&r);
  ms_records_build(&r, ts_tree_root_node(p.tree), text, 0, UINT32_MAX);
  uint32_t x = value_named(&r, text, "%x"), in = value_named(&r, text, "%in");
  uint32_t test_op = MS_NONE, use_op = MS_NONE, scf_if = MS_NONE;
  for (size_t i = 0; i < r.nops; i++) {
    if (span_is(text, r.ops[i].name, "test.op")) test_op = (uint32_t)i;
    if (span_is(text, r.ops[i].name, "test.use")) use_op = (uint32_t)i;
    if (span_is(text, r.ops[i].name, "scf.if")) scf_if = (uint32_t)i;
  }
  cr_assert_neq(test_op, MS_NONE);
  cr_assert_eq(r.ops[test_op].parent, scf_if, "the op in the region knows its region's owner");
  cr_assert_eq(ms_records_operand(&r, &r.ops[test_op], 0)->value, x, "an outer value is visible inside");
  cr_assert_eq(ms_records_operand(&r, &r.ops[use_op], 0)->value, MS_NONE,
               "a value of a region is not visible after it");
  cr_assert_neq(in, MS_NONE);
  ms_records_clear(&r);
  unparse(&p);
}

Test(records, ops_with_syntax_errors_are_not_recorded) {
  const char *text = "func.func @f(%a: tensor<2xf32>) {\n  %0 = \"test.op\"(%a %a) : (tensor<2xf32>) -> tensor<2xf32>\n  return\n}\n";
  parsed p = parse(text);
  ms_records r;
  ms_records_init(&r);
  ms_records_build(&r, ts_tree_root_node(p.tree), text, 0, UINT32_MAX);
  for (size_t i = 0; i < r.nops; i++) cr_assert(!span_is(text, r.ops[i].name, "test.op"));
  cr_assert_eq(value_named(&r, text, "%0"), MS_NONE);
  ms_records_clear(&r);
  unparse(&p);
}

/* ---- the SSA table ----------------------------------------------------- */

Test(ssa, shadowing_and_scopes) {
  const char *text = "%x %x %y";
  ms_ssa *s = ms_ssa_new(text);
  ms_ssa_def d1 = {{0, 2}, {0, 0}, {0, 0}, 1}, d2 = {{3, 5}, {0, 0}, {0, 0}, 2};
  ms_ssa_define(s, (ms_span){0, 2}, -1, &d1);
  cr_assert_eq(ms_ssa_lookup(s, (ms_span){3, 5})->value, 1, "lookup is by name text");
  ms_ssa_push(s);
  ms_ssa_define(s, (ms_span){3, 5}, -1, &d2);
  cr_assert_eq(ms_ssa_lookup(s, (ms_span){0, 2})->value, 2, "the inner definition shadows");
  ms_ssa_pop(s);
  cr_assert_eq(ms_ssa_lookup(s, (ms_span){0, 2})->value, 1, "popping the scope restores it");
  cr_assert_null(ms_ssa_lookup(s, (ms_span){6, 8}));
  ms_ssa_delete(s);
}

Test(ssa, many_definitions_survive_rehash) {
  char text[8 * 2000];
  size_t w = 0;
  for (int i = 0; i < 2000; i++) w += (size_t)snprintf(text + w, sizeof text - w, "%%v%-4d ", i);
  ms_ssa *s = ms_ssa_new(text);
  for (uint32_t i = 0; i < 2000; i++) {
    ms_span name = {i * 7, i * 7 + 6};
    while (text[name.end - 1] == ' ') name.end--;
    ms_ssa_def d = {name, {0, 0}, {0, 0}, i};
    ms_ssa_define(s, name, -1, &d);
  }
  for (uint32_t i = 0; i < 2000; i += 37) {
    ms_span name = {i * 7, i * 7 + 6};
    while (text[name.end - 1] == ' ') name.end--;
    cr_assert_eq(ms_ssa_lookup(s, name)->value, i);
  }
  ms_ssa_delete(s);
}

/* ---- the walk ---------------------------------------------------------- */

typedef struct counter {
  int enters, leaves;
  uint32_t max_depth;
} counter;

static bool count_enter(void *ctx, TSNode n, uint32_t depth) {
  (void)n;
  counter *c = ctx;
  c->enters++;
  if (depth > c->max_depth) c->max_depth = depth;
  return true;
}

static void count_leave(void *ctx, TSNode n, uint32_t depth) {
  (void)n;
  (void)depth;
  ((counter *)ctx)->leaves++;
}

Test(walk, deep_nesting_every_node_entered_and_left) {
  enum { DEPTH = 3000 };
  static char text[DEPTH * 40];
  size_t w = 0;
  w += (size_t)snprintf(text + w, sizeof text - w, "func.func @f() {\n");
  for (int i = 0; i < DEPTH; i++) w += (size_t)snprintf(text + w, sizeof text - w, "\"t.r\"() ({\n");
  for (int i = 0; i < DEPTH; i++) w += (size_t)snprintf(text + w, sizeof text - w, "}) : () -> ()\n");
  snprintf(text + w, sizeof text - w, "return\n}\n");
  parsed p = parse(text);
  counter c = {0, 0, 0};
  ms_walk_visitor v = {count_enter, count_leave};
  ms_walk(ts_tree_root_node(p.tree), &v, &c);
  cr_assert_eq(c.enters, c.leaves, "every node entered is left (all were descended into)");
  cr_assert_gt(c.max_depth, DEPTH, "the walk reached the innermost op");
  unparse(&p);
}

/* ---- inference --------------------------------------------------------- */

TestSuite(inference, .fini = test_catalog_release);

static void analyse(const char *text, ms_analysis *a) {
  parsed p = parse(text);
  ms_analyzer_options opts = {0};
  ms_analysis_init(a);
  ms_analyze(test_catalog(), &opts, ts_tree_root_node(p.tree), text, 0, UINT32_MAX, a);
  unparse(&p);
}

static size_t count_code(const ms_analysis *a, const char *code) {
  size_t n = 0;
  for (size_t i = 0; i < a->diags.count; i++) n += !strcmp(a->diags.items[i].code, code);
  return n;
}

Test(inference, the_issue_example_one_error_per_root_cause) {
  const char *text =
      "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) -> tensor<*xf32> {\n"
      "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
      "  %1 = \"tf.Mul\"(%0, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>\n"
      "  %2 = \"tf.Mul\"(%0, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>\n"
      "  return %1 : tensor<*xf32>\n"
      "}\n";
  ms_analysis a;
  analyse(text, &a);
  cr_assert_eq(a.diags.count, 1, "one error, not one per use");
  const ms_diagnostic *d = &a.diags.items[0];
  cr_assert_str_eq(d->code, MS_CODE_PROPAGATED);
  cr_assert_eq(d->severity, MS_SEVERITY_ERROR);
  cr_assert(strstr(d->message, "%0 is declared tensor<*xf32> but is tensor<2x3xf32> (from \"tf.AddV2\" at 2:8)"),
            "%s", d->message);
  cr_assert(d->has_related);
  cr_assert_eq(d->related_start, (uint32_t)(strstr(text, "\"tf.AddV2\"") - text));
  uint32_t v0 = value_named(&a.rec, text, "%0");
  cr_assert_str_eq(ms_analysis_inferred(&a, v0), "tensor<2x3xf32>");
  cr_assert_null(ms_analysis_inferred(&a, value_named(&a.rec, text, "%1")), "a failing op refines nothing");
  ms_analysis_clear(&a);
}

Test(inference, static_declared_dims_are_never_overwritten) {
  const char *text =
      "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>) -> tensor<2x?xf32> {\n"
      "  %0 = \"test.broadcastable\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x?xf32>\n"
      "  %1 = \"test.broadcastable\"(%0, %b) : (tensor<2x?xf32>, tensor<3xf32>) -> tensor<?x?xf32>\n"
      "  return %1 : tensor<?x?xf32>\n"
      "}\n";
  ms_analysis a;
  analyse(text, &a);
  cr_assert_eq(count_code(&a, MS_CODE_PROPAGATED), 0);
  cr_assert_str_eq(ms_analysis_inferred(&a, value_named(&a.rec, text, "%0")), "tensor<2x3xf32>");
  cr_assert_str_eq(ms_analysis_inferred(&a, value_named(&a.rec, text, "%1")), "tensor<2x3xf32>",
                   "refinements flow through a second step");
  ms_analysis_clear(&a);
}

Test(inference, tosa_unary_and_transpose_carry_shapes) {
  const char *text =
      "func.func @f(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>, %c: tensor<2x3xf32>) {\n"
      "  %0 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>\n"
      "  %1 = tosa.abs %0 : (tensor<*xf32>) -> tensor<*xf32>\n"
      "  %2 = tosa.transpose %1 {perms = array<i32: 1, 0>} : (tensor<*xf32>) -> tensor<?x?xf32>\n"
      "  %3 = tosa.add %2, %c : (tensor<?x?xf32>, tensor<2x3xf32>) -> tensor<*xf32>\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  analyse(text, &a);
  cr_assert_str_eq(ms_analysis_inferred(&a, value_named(&a.rec, text, "%1")), "tensor<2x3xf32>");
  cr_assert_str_eq(ms_analysis_inferred(&a, value_named(&a.rec, text, "%2")), "tensor<3x2xf32>");
  cr_assert_eq(count_code(&a, MS_CODE_PROPAGATED), 1, "3x2 against 2x3 never broadcasts");
  ms_analysis_clear(&a);
}

Test(inference, dynamic_inferred_dims_are_no_error) {
  const char *text =
      "func.func @f(%a: tensor<?x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) {\n"
      "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<?x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
      "  %1 = \"tf.Mul\"(%0, %a) : (tensor<*xf32>, tensor<?x1xf32>) -> tensor<*xf32>\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  analyse(text, &a);
  cr_assert_eq(count_code(&a, MS_CODE_PROPAGATED), 0);
  cr_assert_str_eq(ms_analysis_inferred(&a, value_named(&a.rec, text, "%0")), "tensor<?x3xf32>");
  ms_analysis_clear(&a);
}

Test(inference, unknown_ops_are_barriers) {
  const char *text =
      "func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) {\n"
      "  %0 = \"tf.AddV2\"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>\n"
      "  %1 = \"my.op\"(%0) : (tensor<*xf32>) -> tensor<*xf32>\n"
      "  %2 = \"tf.Mul\"(%1, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>\n"
      "  return\n"
      "}\n";
  ms_analysis a;
  analyse(text, &a);
  cr_assert_eq(count_code(&a, MS_CODE_PROPAGATED), 0);
  cr_assert_null(ms_analysis_inferred(&a, value_named(&a.rec, text, "%1")));
  ms_analysis_clear(&a);
}

Test(inference, shape_functions) {
  char why[200];
  ms_shape x, out;
  ms_shape_args args = {0};
  cr_assert(ms_shape_parse(&x, "2x3x4", 5, NULL, 0));
  args.n = 3;
  args.a[0] = 2, args.a[1] = 0, args.a[2] = 1;
  cr_assert(ms_infer_shape(MS_SHAPE_FN_TRANSPOSE, &x, 1, &args, &out, why, sizeof why) == MS_INFER_OK);
  cr_assert(out.dims[0] == 4 && out.dims[1] == 2 && out.dims[2] == 3);
  args.a[1] = 2; /* not a permutation */
  cr_assert_eq(ms_infer_shape(MS_SHAPE_FN_TRANSPOSE, &x, 1, &args, &out, why, sizeof why), MS_INFER_INVALID);
  cr_assert_str_eq(why, "the permutation is not a permutation of 0..2");
  args.n = 1, args.a[0] = 1, args.keep_dims = true;
  cr_assert(ms_infer_shape(MS_SHAPE_FN_REDUCE, &x, 1, &args, &out, why, sizeof why) == MS_INFER_OK);
  cr_assert(out.rank == 3 && out.dims[1] == 1);
  args.keep_dims = false;
  cr_assert(ms_infer_shape(MS_SHAPE_FN_REDUCE, &x, 1, &args, &out, why, sizeof why) == MS_INFER_OK);
  cr_assert(out.rank == 2 && out.dims[1] == 4);
  args.n = 2, args.a[0] = -1, args.a[1] = 6;
  cr_assert(ms_infer_shape(MS_SHAPE_FN_RESHAPE, &x, 1, &args, &out, why, sizeof why) == MS_INFER_OK);
  cr_assert(out.rank == 2 && out.dims[0] == 4 && out.dims[1] == 6, "the -1 extent follows from 24 elements");
  args.a[0] = 5;
  cr_assert_eq(ms_infer_shape(MS_SHAPE_FN_RESHAPE, &x, 1, &args, &out, why, sizeof why), MS_INFER_INVALID_RESULT);
  cr_assert_str_eq(why, "cannot reshape 24 elements into 30");
  ms_shape two[2];
  cr_assert(ms_shape_parse(&two[0], "2x3", 3, NULL, 0));
  cr_assert(ms_shape_parse(&two[1], "2x5", 3, NULL, 0));
  args.n = 1, args.a[0] = 1;
  cr_assert(ms_infer_shape(MS_SHAPE_FN_CONCAT, two, 2, &args, &out, why, sizeof why) == MS_INFER_OK);
  cr_assert(out.dims[0] == 2 && out.dims[1] == 8);
  ms_shape d, m;
  bool refined;
  cr_assert(ms_shape_parse(&d, "?x4", 3, NULL, 0));
  cr_assert(ms_shape_parse(&x, "3x5", 3, NULL, 0));
  cr_assert(ms_shape_meet(&d, &x, &m, &refined));
  cr_assert(refined && m.dims[0] == 3 && m.dims[1] == 4, "a static declared dim is never overwritten");
  cr_assert(ms_shape_conflicts(&d, &x));
}

/* Eight or more operands of a generic op are one value_run token; records
** split it into the spans single value_use tokens would have had. */
Test(records, operand_runs_split_at_commas) {
  const char *text =
      "func.func @f(%a: i32) {\n"
      "  %r:2 = \"test.two\"(%a) : (i32) -> (i32, i32)\n"
      "  \"test.op\"(%r#1, %a, %a, %a, %a, %a, %a, %a,\n"
      "    // a comment ends the run\n"
      "    %r#0 , %a) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()\n"
      "  return\n"
      "}\n";
  parsed p = parse(text);
  cr_assert(!ts_node_has_error(ts_tree_root_node(p.tree)));
  ms_records r;
  ms_records_init(&r);
  ms_records_build(&r, ts_tree_root_node(p.tree), text, 0, UINT32_MAX);
  cr_assert_eq(r.nops, 3);
  const ms_op *op = &r.ops[1];
  cr_assert_eq(op->noperands, 10);
  cr_assert(op->types_known);
  static const char *const want[] = {"%r#1", "%a", "%a", "%a", "%a", "%a", "%a", "%a", "%r#0", "%a"};
  uint32_t a = value_named(&r, text, "%a"), r1 = value_named(&r, text, "%r#1"), r0 = value_named(&r, text, "%r#0");
  const uint32_t want_value[] = {r1, a, a, a, a, a, a, a, r0, a};
  for (uint32_t i = 0; i < 10; i++) {
    const ms_use *u = ms_records_operand(&r, op, i);
    cr_assert(span_is(text, u->span, want[i]), "operand %u is %.*s", i, (int)(u->span.end - u->span.start),
              text + u->span.start);
    cr_assert_eq(u->value, want_value[i], "operand %u", i);
  }
  /* The value under a cursor inside a run. */
  uint32_t in = (uint32_t)(strstr(text, "%r#1, %a") - text);
  cr_assert_eq(ms_records_value_at(&r, in + 7, NULL), a);
  cr_assert_eq(ms_records_value_at(&r, in + 1, NULL), r1);
  ms_records_clear(&r);
  unparse(&p);
}

/* Eight or more types in a row are one type_run token (scanner.c): the
** records hold each type as its own token would span it, split at the
** top-level commas only (not those inside `<...>`, a string or a nested
** struct), around a function type that ends the run, inputs and results. */
Test(records, type_runs_split_at_commas) {
  const char *text =
      "func.func @f(%a: i32) {\n"
      "  \"test.op\"(%a) : (i32, tensor<2x3xf32, #enc>, !t.q<\"a,b\">, memref<4xf32>, vector<4xi1>,\n"
      "    complex<f32>, tuple<i32, f32>, !llvm.struct<(ptr<i8>, i32)>, (i32) -> i32, f32)"
      " -> (i32, i32, i32, i32, i32, i32, i32, f16 )\n"
      "  return\n"
      "}\n";
  parsed p = parse(text);
  cr_assert(!ts_node_has_error(ts_tree_root_node(p.tree)));
  char *tree = ts_node_string(ts_tree_root_node(p.tree));
  bool has_run = strstr(tree, "type_run") != NULL;
  free(tree);
  cr_assert(has_run);
  ms_records r;
  ms_records_init(&r);
  ms_records_build(&r, ts_tree_root_node(p.tree), text, 0, UINT32_MAX);
  cr_assert_eq(r.nops, 2);
  const ms_op *op = &r.ops[0];
  static const char *const in[] = {"i32", "tensor<2x3xf32, #enc>", "!t.q<\"a,b\">", "memref<4xf32>", "vector<4xi1>",
                                   "complex<f32>", "tuple<i32, f32>", "!llvm.struct<(ptr<i8>, i32)>",
                                   "(i32) -> i32", "f32"};
  static const char *const out[] = {"i32", "i32", "i32", "i32", "i32", "i32", "i32", "f16"};
  cr_assert_eq(op->nin, 10);
  cr_assert_eq(op->nout, 8);
  for (uint32_t i = 0; i < 10; i++) {
    ms_span t = r.types[op->in_types + i];
    cr_assert(span_is(text, t, in[i]), "input %u is %.*s", i, (int)(t.end - t.start), text + t.start);
  }
  for (uint32_t i = 0; i < 8; i++) {
    ms_span t = r.types[op->out_types + i];
    cr_assert(span_is(text, t, out[i]), "result %u is %.*s", i, (int)(t.end - t.start), text + t.start);
  }
  ms_records_clear(&r);
  unparse(&p);
}
