/*
** test_hlo.c: unit tests of the StableHLO/MHLO/CHLO shape rules added on
** the structured-op algebra: bitcast_convert (movement.c), the reducer of
** all_reduce/collective_reduce/scatter (sop.c ms_sop_reducer_scalar),
** map's computation and sort's comparator (linalg_ops.c), bounds through
** elementwise ops and refinements (shape.c, infer.c), and, through the
** analyzer, the catalog entries that use them (rules/stablehlo.json,
** chlo.json: CHLO unary ops, complex, top_k's pretty form).
*/
#include "helpers.h"
#include "infer.h"
#include "sop_case.h"
#include "sop_check.h"

TestSuite(hlo, .fini = test_catalog_release);

/* ---- algebra ------------------------------------------------------------ */

Test(hlo, bitcast_convert_widths) {
  sop_case c = {0};
  sc_op(&c, "tensor<2x4xi8>");
  sc_res(&c, "tensor<*xf32>");
  sc_ok(&c, "bitcast_convert", "tensor<2xf32>");
  c.ops[0].dims[1] = 2;
  sc_fails(&c, "bitcast_convert", MS_CODE_BIT_WIDTH);

  sop_case w = {0};
  sc_op(&w, "tensor<?x3xf64, #stablehlo.bounds<9, ?>>");
  sc_res(&w, "tensor<*xi16>");
  sc_ok(&w, "bitcast_convert", "tensor<?x3x4xi16, #stablehlo.bounds<9, ?, ?>>");

  sop_case same = {0};
  sc_op(&same, "tensor<5xui32>");
  sc_res(&same, "tensor<*xf32>");
  cr_assert_eq(sc_run(&same, "bitcast_convert"), MS_INFER_OK);
  cr_assert_str_eq(sc_result(&same, 0), "tensor<5xf32>");

  sop_case cx = {0};
  sc_op(&cx, "tensor<2xcomplex<f32>>");
  sc_res(&cx, "tensor<2xf64>");
  sc_fails(&cx, "bitcast_convert", MS_CODE_BIT_WIDTH);
  cr_assert(strstr(cx.out.why, "real and complex"), "%s", cx.out.why);

  sop_case q = {0};
  sc_op(&q, "tensor<2xindex>");
  sc_res(&q, "tensor<2xi64>");
  cr_assert_eq(sc_run(&q, "bitcast_convert"), MS_INFER_UNKNOWN, "index has no known width");
}

/* Runs fn with one region (args, yields). */
static ms_infer_verdict run_region(sop_case *c, const char *fn, const char *const *args, int nargs,
                                   const char *const *yields, int nyields) {
  static ms_shape a[8], y[8];
  for (int i = 0; i < nargs; i++) cr_assert(ms_shape_parse_type(&a[i], args[i], strlen(args[i]), NULL, 0));
  for (int i = 0; i < nyields; i++) cr_assert(ms_shape_parse_type(&y[i], yields[i], strlen(yields[i]), NULL, 0));
  ms_sop_region r = {nargs, a, nyields, y};
  const ms_sop_def *def = ms_sop_lookup(fn, strlen(fn));
  cr_assert(def);
  c->in = (ms_sop_in){c->nops, c->ops, c->nres, c->res, c->nparams, c->params, false, 1, &r, true, NULL, NULL};
  sc_clear_out(c);
  return def->fn(&c->in, &c->out);
}

Test(hlo, all_reduce_computation) {
  sop_case c = {0};
  sc_op(&c, "tensor<4xf32>");
  const char *ok[] = {"tensor<f32>", "tensor<f32>"}, *three[] = {"tensor<f32>", "tensor<f32>", "tensor<f32>"};
  const char *ints[] = {"tensor<f32>", "tensor<i32>"}, *ret[] = {"tensor<f32>"}, *vec[] = {"tensor<4xf32>"};
  cr_assert_eq(run_region(&c, "all_reduce", ok, 2, ret, 1), MS_INFER_OK, "%s", c.out.why);
  cr_assert_eq(run_region(&c, "all_reduce", three, 3, ret, 1), MS_INFER_INVALID);
  cr_assert(strstr(c.out.why, "must take 2 parameters, but takes 3"), "%s", c.out.why);
  cr_assert_eq(run_region(&c, "all_reduce", ints, 2, ret, 1), MS_INFER_INVALID);
  cr_assert(strstr(c.out.why, "parameter at index 1"), "%s", c.out.why);
  const char *vargs[] = {"tensor<4xf32>", "tensor<4xf32>"};
  cr_assert_eq(run_region(&c, "all_reduce", vargs, 2, vec, 1), MS_INFER_INVALID);
  cr_assert(strstr(c.out.why, "init-value type: 'tensor<4xf32>' vs 'tensor<f32>'"), "%s", c.out.why);
  /* float precisions aside: a bf16 accumulator argument is compatible */
  const char *bf[] = {"tensor<f32>", "tensor<bf16>"};
  cr_assert_eq(run_region(&c, "all_reduce", bf, 2, ret, 1), MS_INFER_OK, "%s", c.out.why);
}

Test(hlo, collective_reduce_dynamic_root) {
  sop_case c = {0};
  sc_ops(&c, "tensor<4xf32>", "tensor<1xf32>", NULL);
  sc_param(&c, "has_dynamic_root");
  sc_fails(&c, "collective_reduce", MS_CODE_SOP_COUNT);
  cr_assert(strstr(c.out.why, "rank-1 i32"), "%s", c.out.why);
  sop_case ok = {0};
  sc_ops(&ok, "tensor<4xf32>", "tensor<1xi32>", NULL);
  sc_param(&ok, "has_dynamic_root");
  cr_assert_eq(sc_run(&ok, "collective_reduce"), MS_INFER_OK, "%s", ok.out.why);
  cr_assert_eq(ok.out.nresults, 1, "the root is no result");
  sop_case none = {0};
  sc_fails(&none, "collective_reduce", MS_CODE_SOP_COUNT);
  cr_assert(strstr(none.out.why, "at least one data operand"), "%s", none.out.why);
}

Test(hlo, map_computation_and_sort_comparator) {
  sop_case m = {0};
  sc_ops(&m, "tensor<4x5xf32>", "tensor<4x5xf32>", NULL);
  sc_list(&m, "dimensions", "0, 1");
  const char *two[] = {"tensor<f32>", "tensor<f32>"}, *one[] = {"tensor<f32>"},
             *ints[] = {"tensor<i32>", "tensor<i32>"};
  const char *vec[] = {"tensor<5xf32>"};
  cr_assert_eq(run_region(&m, "map", two, 2, one, 1), MS_INFER_OK, "%s", m.out.why);
  cr_assert_eq(run_region(&m, "map", one, 1, one, 1), MS_INFER_INVALID);
  cr_assert(strstr(m.out.why, "arity of map computation, but got: 2 and 1"), "%s", m.out.why);
  cr_assert_eq(run_region(&m, "map", ints, 2, one, 1), MS_INFER_INVALID);
  cr_assert(strstr(m.out.why, "'f32' and 'i32'"), "%s", m.out.why);
  cr_assert_eq(run_region(&m, "map", two, 2, vec, 1), MS_INFER_INVALID);
  cr_assert_str_eq(m.out.code, "region-types");

  sop_case s = {0};
  sc_ops(&s, "tensor<4xf32>", "tensor<4xi32>", NULL);
  sc_list(&s, "dimension", "0");
  const char *four[] = {"tensor<f32>", "tensor<f32>", "tensor<i32>", "tensor<i32>"}, *pred[] = {"tensor<i1>"};
  cr_assert_eq(run_region(&s, "sort", four, 4, pred, 1), MS_INFER_OK, "%s", s.out.why);
  cr_assert_eq(run_region(&s, "sort", two, 2, pred, 1), MS_INFER_INVALID);
  cr_assert(strstr(s.out.why, "should have 4 arguments"), "%s", s.out.why);
  cr_assert_eq(run_region(&s, "sort", four, 4, one, 1), MS_INFER_INVALID);
  cr_assert(strstr(s.out.why, "must return tensor<i1>"), "%s", s.out.why);
}

Test(hlo, bounds_merge_and_meet) {
  ms_shape a, b, met;
  const char *ta = "tensor<3x?x?xf32, #stablehlo.bounds<?, 4, 6>>",
             *tb = "tensor<?x3x?xf32, #stablehlo.bounds<5, ?, 2>>";
  cr_assert(ms_shape_parse_type(&a, ta, strlen(ta), NULL, 0));
  cr_assert(ms_shape_parse_type(&b, tb, strlen(tb), NULL, 0));
  a.dims[1] = 3; /* the merged dims: 3x3x? */
  ms_shape_merge_bounds(&a, &b);
  char buf[128];
  ms_shape_format_type(&a, buf, sizeof buf);
  cr_assert_str_eq(buf, "tensor<3x3x?xf32, #stablehlo.bounds<?, ?, 2>>", "static dims lose bounds, the tighter stays");

  const char *td = "tensor<?x?x?xf32>";
  ms_shape d;
  bool refined = false;
  cr_assert(ms_shape_parse_type(&d, td, strlen(td), NULL, 0));
  cr_assert(ms_shape_meet(&d, &a, &met, &refined));
  cr_assert(refined);
  ms_shape_format_type(&met, buf, sizeof buf);
  cr_assert_str_eq(buf, "tensor<3x3x?xf32, #stablehlo.bounds<?, ?, 2>>");
  /* a bound alone refines a declared dim without one */
  const char *tc = "tensor<3x3x?xf32>";
  cr_assert(ms_shape_parse_type(&d, tc, strlen(tc), NULL, 0));
  cr_assert(ms_shape_meet(&d, &a, &met, &refined) && refined);
}

/* ---- through the analyzer ------------------------------------------------ */

Test(hlo, chlo_pretty_forms) {
  const char *text =
      "func.func @f(%a: tensor<16x16xf32>, %q: tensor<2x?xf64>) -> tensor<16x8xf32> {\n"
      "  %v, %i = chlo.top_k(%a, k = 8) : tensor<16x16xf32> -> (tensor<?x?xf32>, tensor<*xi32>)\n"
      "  %0 = chlo.is_inf %q : tensor<2x?xf64> -> tensor<*xi1>\n"
      "  %1 = chlo.next_after %q, %q : tensor<2x?xf64>, tensor<2x?xf64> -> tensor<*xf64>\n"
      "  %2:2 = chlo.top_k(%a, k=20) : tensor<16x16xf32> -> (tensor<16x20xf32>, tensor<16x20xi32>)\n"
      "  %3 = chlo.asin %a : tensor<16x16xf32> -> tensor<16x15xf32>\n"
      "  return %v : tensor<?x?xf32>\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "slice-out-of-bounds@5 shape-function@6");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%v")), "tensor<16x8xf32>");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%i")), "tensor<16x8xi32>");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%0")), "tensor<2x?xi1>");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%1")), "tensor<2x?xf64>");
  ms_analysis_clear(&a);
}

Test(hlo, complex_and_quantize_pretty_forms) {
  /* complex writes only its result's type: the operands keep their own */
  const char *text =
      "func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xcomplex<f32>> {\n"
      "  %0 = stablehlo.complex %a, %b : tensor<4xcomplex<f32>>\n"
      "  %1 = stablehlo.uniform_quantize %a : (tensor<4xf32>) -> tensor<?x!quant.uniform<i8:f32, 1.0:17>>\n"
      "  %2 = stablehlo.complex %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<5xcomplex<f32>>\n"
      "  return %0 : tensor<4xcomplex<f32>>\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "result-dim@4");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%1")), "tensor<4x!quant.uniform<i8:f32, 1.0:17>>");
  ms_analysis_clear(&a);
}

Test(hlo, reduce_precision_pretty_stays_opaque) {
  /* A malformed `format` is a parse error mlir-opt reports alone: the pretty
  ** form types nothing, so the return is not judged against it; the op's
  ** syntax (attr-form(format, e#m#)) does not match, an error on the line
  ** mlir-opt rejects. */
  const char *text =
      "func.func @f(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {\n"
      "  %0 = stablehlo.reduce_precision %a, format = em2 : tensor<3x4xf32>\n"
      "  func.return %0 : tensor<?x?xf64>\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "op-syntax@2");
  ms_analysis_clear(&a);
}

Test(hlo, bounds_flow_through_elementwise_ops) {
  const char *text =
      "func.func @f(%p: tensor<i1>, %a: tensor<?x2x3x?xf32, #stablehlo.bounds<5, ?, ?, 7>>,\n"
      "             %b: tensor<1x?x3x?xf32, #stablehlo.bounds<?, 6, ?, 8>>) -> tensor<?x?x?x?xf32> {\n"
      "  %0 = \"stablehlo.select\"(%p, %a, %b) : (tensor<i1>, tensor<?x2x3x?xf32, #stablehlo.bounds<5, ?, ?, 7>>,"
      " tensor<1x?x3x?xf32, #stablehlo.bounds<?, 6, ?, 8>>) -> tensor<?x?x?x?xf32>\n"
      "  %1 = \"stablehlo.add\"(%0, %b) : (tensor<?x?x?x?xf32>, tensor<1x?x3x?xf32, #stablehlo.bounds<?, 6, ?, 8>>)"
      " -> tensor<?x?x?x?xf32>\n"
      "  return %1 : tensor<?x?x?x?xf32>\n"
      "}\n";
  ms_analysis a;
  char codes[256];
  test_analyse(text, NULL, true, codes, sizeof codes, &a);
  cr_assert_str_eq(codes, "");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%0")),
                   "tensor<1x2x3x?xf32, #stablehlo.bounds<?, ?, ?, 7>>");
  cr_assert_str_eq(ms_analysis_inferred(&a, test_value_named(&a, text, "%1")),
                   "tensor<1x2x3x?xf32, #stablehlo.bounds<?, ?, ?, 7>>");
  ms_analysis_clear(&a);
}

Test(hlo, pairwise_results) {
  sop_case c = {0};
  sc_op(&c, "tensor<2xui64>");
  sc_res(&c, "tensor<?xui64>");
  sc_res(&c, "tensor<10x12xui32>");
  cr_assert_eq(sc_run(&c, "pairwise"), MS_INFER_OK);
  cr_assert_eq(c.out.nresults, 2);
  cr_assert_str_eq(sc_result(&c, 0), "tensor<2xui64>", "the output state is the initial state's shape");
  cr_assert_not(c.out.results[1].ranked, "the random output is declared only");
}

Test(hlo, reshape_static_result) {
  sop_case c = {0};
  sc_op(&c, "tensor<?x?xf32, #stablehlo.bounds<5, 5>>");
  sc_res(&c, "tensor<?x?xf32, #stablehlo.bounds<5, 5>>");
  sc_list(&c, "static_result", "1");
  sc_fails(&c, "reshape", "not-static");
  sop_case one = {0};
  sc_op(&one, "tensor<?x4xf32, #stablehlo.bounds<5, ?>>");
  sc_res(&one, "tensor<?xf32, #stablehlo.bounds<20>>");
  sc_list(&one, "static_result", "1");
  cr_assert_eq(sc_run(&one, "reshape"), MS_INFER_UNKNOWN, "one bounded dynamic dim is allowed: %s", one.out.why);
}
