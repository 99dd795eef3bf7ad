/*
** test_torch.c: the framework families (algebra/framework.c,
** framework_movement.c: aten ops as PyTorch defines them) and the
** constants torch-mlir spells as ops (analysis/list_const.c:
** torch.constant.int/bool/none, torch.prim.ListConstruct), read as the
** structured-op parameters of rules/torch.json.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "analyzer.h"
#include "helpers.h"
#include "sop_case.h"

TestSuite(torch, .fini = test_catalog_release);

#define VT(s) "!torch.vtensor<[" s "],f32>"

static void codes_of(const char *text, char *codes, size_t n) {
  ms_analysis a;
  test_analyse(text, NULL, false, codes, n, &a);
  ms_analysis_clear(&a);
}

Test(torch, pretty_constants_and_lists_are_parameters) {
  /* view [-1, 2] of 2x3 is 3x2: declared 4x2 contradicts it; sum over
  ** none (every dim) with keepdim true is 1x1: declared [2] contradicts it. */
  const char *text =
      "func.func @f(%a: " VT("2,3") ") {\n"
      "  %int-1 = torch.constant.int -1\n"
      "  %int2 = torch.constant.int 2\n"
      "  %true = torch.constant.bool true\n"
      "  %none = torch.constant.none\n"
      "  %l = torch.prim.ListConstruct %int-1, %int2 : (!torch.int, !torch.int) -> !torch.list<int>\n"
      "  %0 = torch.aten.view %a, %l : " VT("2,3") ", !torch.list<int> -> " VT("3,2") "\n"
      "  %1 = torch.aten.view %a, %l : " VT("2,3") ", !torch.list<int> -> " VT("4,2") "\n"
      "  %2 = torch.aten.sum.dim_IntList %a, %none, %true, %none : " VT("2,3")
      ", !torch.none, !torch.bool, !torch.none -> " VT("2") "\n"
      "  %3 = torch.aten.sum.dim_IntList %a, %none, %true, %none : " VT("2,3")
      ", !torch.none, !torch.bool, !torch.none -> " VT("1,1") "\n"
      "  return\n"
      "}\n";
  char codes[512];
  codes_of(text, codes, sizeof codes);
  cr_assert_str_eq(codes, "result-shape@8 result-shape@9");
}

Test(torch, generic_constants_and_unknown_values) {
  /* Generic constants read from their `value`; a list holding a value that
  ** is no constant (%n) leaves the op unjudged. */
  const char *text =
      "func.func @f(%a: " VT("2,3") ", %n: !torch.int) {\n"
      "  %c = \"torch.constant.int\"() {value = 5 : i64} : () -> !torch.int\n"
      "  %l = \"torch.prim.ListConstruct\"(%c) : (!torch.int) -> !torch.list<int>\n"
      "  %0 = \"torch.aten.view\"(%a, %l) : (" VT("2,3") ", !torch.list<int>) -> !torch.vtensor\n"
      "  %m = torch.prim.ListConstruct %n : (!torch.int) -> !torch.list<int>\n"
      "  %1 = torch.aten.view %a, %m : " VT("2,3") ", !torch.list<int> -> " VT("5") "\n"
      "  return\n"
      "}\n";
  char codes[512];
  codes_of(text, codes, sizeof codes);
  cr_assert_str_eq(codes, "element-count@4");
}

Test(torch, shapes_flow_through_unranked_results_and_tensor_lists) {
  /* mm's result is declared unranked but is 2x4: its cat with a 3x3 along
  ** dim 0 fails (columns 4 and 3), found where the list takes it. */
  const char *text =
      "func.func @f(%a: " VT("2,3") ", %b: " VT("3,4") ", %c: " VT("3,3") ") {\n"
      "  %int0 = torch.constant.int 0\n"
      "  %0 = torch.aten.mm %a, %b : " VT("2,3") ", " VT("3,4") " -> !torch.vtensor<*,f32>\n"
      "  %l = torch.prim.ListConstruct %0, %c : (!torch.vtensor<*,f32>, " VT("3,3") ") -> !torch.list<vtensor>\n"
      "  %1 = torch.aten.cat %l, %int0 : !torch.list<vtensor>, !torch.int -> !torch.vtensor\n"
      "  return\n"
      "}\n";
  char codes[512];
  codes_of(text, codes, sizeof codes);
  cr_assert_str_eq(codes, "propagated-shape-mismatch@4");
}

Test(torch, matmul_broadcasts_batches_and_drops_vector_dims) {
  sop_case c = {0};
  sc_op(&c, VT("2,1,3,4"));
  sc_op(&c, VT("5,4,6"));
  cr_assert_eq(sc_run(&c, "matmul"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), VT("2,5,3,6"));
  sop_case v = {0};
  sc_op(&v, VT("4"));
  sc_op(&v, VT("2,4,6"));
  cr_assert_eq(sc_run(&v, "matmul"), MS_INFER_OK, "%s", v.out.why);
  cr_assert_str_eq(sc_result(&v, 0), VT("2,6"));
  sop_case k = {0};
  sc_op(&k, VT("2,3"));
  sc_op(&k, VT("4,5"));
  sc_fails(&k, "matmul", "contracting-dims");
  sop_case b = {0}; /* bmm: ranks 3 and equal batches */
  sc_op(&b, VT("2,3,4"));
  sc_op(&b, VT("1,4,5"));
  sc_list(&b, "broadcast_batch", "0");
  sc_fails(&b, "matmul", "batching-dims");
}

Test(torch, conv_and_pool_output_sizes) {
  sop_case c = {0};
  sc_op(&c, VT("1,4,8,8"));
  sc_op(&c, VT("6,2,3,3"));
  sc_op(&c, "!torch.none");
  sc_list(&c, "window_strides", "2");
  sc_list(&c, "padding", "1, 0");
  sc_list(&c, "rhs_dilation", "1");
  sc_list(&c, "feature_group_count", "2");
  cr_assert_eq(sc_run(&c, "channels_first_conv"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 0), VT("1,6,4,3"));
  c.params[3].v[0] = 3; /* 4 channels against 2 x 3 groups */
  sc_fails(&c, "channels_first_conv", "group-count");
  sop_case p = {0}; /* ceil_mode: (8 + 2 - 3 + 1) / 2 + 1 = 5 */
  sc_op(&p, VT("3,8,8"));
  sc_list(&p, "window_dimensions", "3");
  sc_list(&p, "window_strides", "2");
  sc_list(&p, "padding", "1");
  sc_list(&p, "ceil_mode", "1");
  cr_assert_eq(sc_run(&p, "channels_first_pool"), MS_INFER_OK, "%s", p.out.why);
  cr_assert_str_eq(sc_result(&p, 0), VT("3,5,5"));
  p.params[2].v[0] = 2; /* pad above half the kernel */
  sc_fails(&p, "channels_first_pool", "window");
}

Test(torch, size_lists) {
  sop_case v = {0};
  sc_op(&v, VT("2,?,3"));
  sc_list(&v, "shape", "-1, 3");
  cr_assert_eq(sc_run(&v, "view"), MS_INFER_OK, "%s", v.out.why);
  cr_assert_str_eq(sc_result(&v, 0), VT("?,3"));
  sc_list(&v, "shape", "-1, -1");
  v.params[0] = v.params[1];
  v.nparams = 1;
  sc_fails(&v, "view", "size-list");
  sop_case e = {0};
  sc_op(&e, VT("3,1"));
  sc_list(&e, "shape", "2, -1, 4");
  cr_assert_eq(sc_run(&e, "expand"), MS_INFER_OK, "%s", e.out.why);
  cr_assert_str_eq(sc_result(&e, 0), VT("2,3,4"));
  e.params[0].v[1] = 5; /* 3 cannot expand to 5 */
  sc_fails(&e, "expand", "size-list");
}

Test(torch, dims_wrap_from_the_end) {
  sop_case s = {0};
  sc_op(&s, VT("5,4"));
  sc_list(&s, "dimension", "-1");
  sc_list(&s, "start", "-3");
  sc_list(&s, "limit", "");
  sc_list(&s, "stride", "2");
  cr_assert_eq(sc_run(&s, "slice_step"), MS_INFER_OK, "%s", s.out.why);
  cr_assert_str_eq(sc_result(&s, 0), VT("5,2"));
  s.params[0].v[0] = 2;
  sc_fails(&s, "slice_step", "dims-out-of-range");
  sop_case r = {0};
  sc_op(&r, VT("2,3,4"));
  sc_list(&r, "dimensions", "-1, 0");
  sc_list(&r, "keep_dims", "1");
  cr_assert_eq(sc_run(&r, "reduce_dims"), MS_INFER_OK, "%s", r.out.why);
  cr_assert_str_eq(sc_result(&r, 0), VT("1,3,1"));
  r.params[0].v[1] = 2; /* -1 and 2 name one dim */
  sc_fails(&r, "reduce_dims", "dims-order");
}

Test(torch, narrow_with_a_start_that_is_no_constant) {
  /* narrow's start a value (%s), its length a constant: the dim is the
  ** length (1 of 3: inferred 2x1x4, declared 2x2x4 contradicts it); a length
  ** past the dim's size (4 of 3) fits at no start. */
  const char *text =
      "func.func @f(%x: " VT("2,3,4") ", %s: !torch.int) {\n"
      "  %c1 = torch.constant.int 1\n"
      "  %c4 = torch.constant.int 4\n"
      "  %0 = torch.aten.narrow %x, %c1, %s, %c1 : " VT("2,3,4") ", !torch.int, !torch.int, !torch.int -> !torch.vtensor\n"
      "  %1 = torch.aten.narrow %x, %c1, %s, %c1 : " VT("2,3,4") ", !torch.int, !torch.int, !torch.int -> " VT("2,2,4") "\n"
      "  %2 = torch.aten.narrow %x, %c1, %s, %c4 : " VT("2,3,4") ", !torch.int, !torch.int, !torch.int -> !torch.vtensor\n"
      "  return\n"
      "}\n";
  char codes[512];
  codes_of(text, codes, sizeof codes);
  cr_expect_str_eq(codes, "result-shape@5 slice-out-of-bounds@6");
  const char *ok =
      "func.func @f(%x: " VT("2,3,4") ", %s: !torch.int) {\n"
      "  %c1 = torch.constant.int 1\n"
      "  %0 = torch.aten.narrow %x, %c1, %s, %c1 : " VT("2,3,4") ", !torch.int, !torch.int, !torch.int -> !torch.vtensor\n"
      "  return\n"
      "}\n";
  const char *want[] = {"%0 =", VT("2,1,4"), NULL};
  test_expect_types(ok, 0, want);
}
