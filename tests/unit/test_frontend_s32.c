/*
** test_frontend_s32.c: the frontend work of session 32 (issue 24): ONNX
** SplitToSequence's result, a sequence type `!onnx.Seq<T>` whose element
** is inferred as ONNX's inference (onnx 1.12) gives it, through the
** wrapped-type helpers of shape.c and the structured judge's refinement of
** a declared wrapped result.
*/
#include "sop_case.h"

#include "helpers.h"

Test(frontend_s32, wrapped_types_read_and_written) {
  ms_shape s, inner, w;
  size_t head = 0;
  const char *t = "!onnx.Seq<tensor<2x?xf32>>";
  cr_assert(ms_shape_parse_type(&s, t, strlen(t), NULL, 0) && s.kind == MS_TYPE_OTHER);
  cr_assert(ms_shape_wrapped(&s, &inner, &head));
  cr_assert_eq(head, strlen("!onnx.Seq<"));
  cr_assert(inner.kind == MS_TYPE_TENSOR && inner.rank == 2 && inner.dims[0] == 2 && inner.dims[1] == MS_DIM_DYNAMIC);
  inner.dims[1] = 7;
  cr_assert(ms_shape_wrap(&w, s.elem, head, &inner));
  cr_assert_str_eq(w.elem, "!onnx.Seq<tensor<2x7xf32>>");
  cr_assert(w.kind == MS_TYPE_OTHER && !w.ranked);
  /* Not wrapped: a plain dialect type, a parameter that is no shaped type, no '!'. */
  const char *no[] = {"!onnx.Seq", "!d.t<i32>", "none", "!d.t<tensor<2xf32>", "tuple<tensor<2xf32>>"};
  for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
    cr_assert(ms_shape_parse_type(&s, no[i], strlen(no[i]), NULL, 0));
    cr_assert(!ms_shape_wrapped(&s, &inner, &head), "%s", no[i]);
  }
  /* Too long for the 64-byte text: not written, and w is left unchanged. */
  ms_shape big;
  const char *bt = "tensor<123456789x123456789x123456789x123456789x123456789xf32>";
  cr_assert(ms_shape_parse_type(&big, bt, strlen(bt), NULL, 0));
  cr_assert(!ms_shape_wrap(&w, "!onnx.Seq<", 10, &big));
  cr_assert_str_eq(w.elem, "!onnx.Seq<tensor<2x7xf32>>");
}

/* The element SplitToSequence infers for input x, split operand sp (NULL:
** none), its constant values ("" none), keepdims and axis; "unknown" when
** the verdict is not OK. */
static const char *sts(sop_case *c, const char *x, const char *sp, const char *split, int keep, int axis) {
  memset(c, 0, sizeof *c);
  sc_ops(c, x, sp ? sp : "none", NULL);
  if (split[0]) sc_list(c, "split", split);
  char k[8], a[8];
  snprintf(k, sizeof k, "%d", keep);
  snprintf(a, sizeof a, "%d", axis);
  sc_list(c, "keepdims", k);
  sc_list(c, "axis", a);
  sc_opaque_res(c, "!onnx.Seq<tensor<*xf32>>");
  if (sc_run(c, "split_to_sequence") != MS_INFER_OK) return "unknown";
  cr_assert(c->out.unchecked_results);
  return sc_result(c, 0);
}

Test(frontend_s32, split_to_sequence_elements_as_onnx_infers) {
  sop_case c;
  /* No split: 1 on the axis (even for an empty axis), or dropped. */
  cr_assert_str_eq(sts(&c, "tensor<2x3x4xf32>", NULL, "", 1, 0), "!onnx.Seq<tensor<1x3x4xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<0x?x4xf32>", NULL, "", 1, 0), "!onnx.Seq<tensor<1x?x4xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<2x3x4xf32>", NULL, "", 0, 0), "!onnx.Seq<tensor<3x4xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<4x?xf32>", NULL, "", 0, -1), "!onnx.Seq<tensor<4xf32>>");
  /* A scalar split: its value when it divides a known size, else `?`. */
  cr_assert_str_eq(sts(&c, "tensor<4x3xf32>", "tensor<i64>", "2", 1, 0), "!onnx.Seq<tensor<2x3xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<5x3xf32>", "tensor<i64>", "2", 1, 0), "!onnx.Seq<tensor<?x3xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<?x3xf32>", "tensor<i64>", "2", 1, 0), "!onnx.Seq<tensor<?x3xf32>>");
  /* keepdims is ignored once split is given. */
  cr_assert_str_eq(sts(&c, "tensor<4x3xf32>", "tensor<i64>", "4", 0, 0), "!onnx.Seq<tensor<4x3xf32>>");
  /* A 1-D split: all entries equal on a known size, else `?`. */
  cr_assert_str_eq(sts(&c, "tensor<4x6xf32>", "tensor<2xi64>", "3, 3", 1, 1), "!onnx.Seq<tensor<4x3xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<4x3xf32>", "tensor<2xi64>", "3, 1", 0, 0), "!onnx.Seq<tensor<?x3xf32>>");
  cr_assert_str_eq(sts(&c, "tensor<?x3xf32>", "tensor<2xi64>", "2, 2", 1, 0), "!onnx.Seq<tensor<?x3xf32>>");
  /* A split that is not constant: `?`. */
  cr_assert_str_eq(sts(&c, "tensor<4x3xf32>", "tensor<2xi64>", "", 1, 0), "!onnx.Seq<tensor<?x3xf32>>");
  /* The checks still come first. */
  cr_assert_str_eq(sts(&c, "tensor<4x3xf32>", "tensor<2xi64>", "3, 2", 1, 0), "unknown");
  cr_assert_str_eq(c.out.code, "slice-out-of-bounds");
  /* A declared result that is not a sequence: nothing inferred. */
  memset(&c, 0, sizeof c);
  sc_ops(&c, "tensor<4x3xf32>", "none", NULL);
  sc_opaque_res(&c, "!onnx.Opt<tensor<*xf32>>");
  cr_assert_eq(sc_run(&c, "split_to_sequence"), MS_INFER_UNKNOWN);
}

Test(frontend_s32, split_to_sequence_refines_the_declared_sequence) {
  const char *text =
      "func.func @f(%arg0: tensor<4x?x3xf32>) -> tensor<*xf32> {\n"
      "  %cst = onnx.Constant dense<2> : tensor<i64>\n"
      "  %s = \"onnx.SplitToSequence\"(%arg0, %cst) : (tensor<4x?x3xf32>, tensor<i64>) -> !onnx.Seq<tensor<*xf32>>\n"
      "  %c = \"onnx.ConcatFromSequence\"(%s) {axis = 1 : si64} : (!onnx.Seq<tensor<*xf32>>) -> tensor<*xf32>\n"
      "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
      "  %k = \"onnx.SplitToSequence\"(%arg0, %n) {keepdims = 0 : si64} : (tensor<4x?x3xf32>, none) -> "
      "!onnx.Seq<tensor<?x3xf32>>\n"
      "  %d = \"onnx.SplitToSequence\"(%arg0, %n) : (tensor<4x?x3xf32>, none) -> !onnx.Seq<tensor<5x?x3xf32>>\n"
      "  onnx.Return %c : tensor<*xf32>\n"
      "}\n";
  /* %k is declared as refined as can be (the axis dropped: ?x3), and %d
  ** declares a first dim the inference does not give: left as declared,
  ** no finding (the verifier does not compare the sequence). */
  const char *want[] = {"%s =", "!onnx.Seq<tensor<2x?x3xf32>>", "%c =", "tensor<2x?x3xf32>",
                        "%k =", "declared", "%d =", "declared", NULL};
  test_expect_types(text, 0, want);
}

/* Resize-18 (X, roi, scales, sizes) with axes and keep_aspect_ratio_policy,
** hand-computed from the operator specification (ONNX 1.12 cannot grade
** opset 18): operands X, none, none and a sizes of n elements. */
static void resize_case(sop_case *c, const char *x, const char *axes, const char *sizes, const char *policy) {
  /* operands X, none, none and a sizes of n elements (n: sizes' entries) */
  memset(c, 0, sizeof *c);
  char st[32];
  int n = 1;
  for (const char *p = sizes; *p; p++) n += *p == ',';
  snprintf(st, sizeof st, "tensor<%dxi64>", n);
  sc_ops(c, x, "none", "none", st, NULL);
  if (axes) sc_list(c, "axes", axes);
  sc_list(c, "sizes", sizes);
  sc_list(c, "stretch", !policy || !strcmp(policy, "stretch") ? "1" : "0");
  sc_list(c, "not_larger", policy && !strcmp(policy, "not_larger") ? "1" : "0");
  sc_list(c, "not_smaller", policy && !strcmp(policy, "not_smaller") ? "1" : "0");
}

Test(frontend_s32, resize_axes_and_aspect_policies) {
  sop_case c;
  /* Sizes on the listed axes only; the other dims keep X's size. */
  resize_case(&c, "tensor<1x3x5x7xf32>", "2, 3", "10, 14", NULL);
  sc_ok(&c, "resize_sizes", "tensor<1x3x10x14xf32>");
  cr_assert(c.out.unchecked_results);
  resize_case(&c, "tensor<1x3x5x7xf32>", "-1", "4", NULL);
  sc_ok(&c, "resize_sizes", "tensor<1x3x5x4xf32>");
  resize_case(&c, "tensor<1x3x5x7xf32>", "-1, 1", "4, 6", NULL); /* sizes follow the axes' order */
  sc_ok(&c, "resize_sizes", "tensor<1x6x5x4xf32>");
  /* not_larger: scale min(10/5, 10/7) = 10/7; 5 * 10/7 = 7.14 -> 7, 7 * 10/7 -> 10. */
  resize_case(&c, "tensor<1x3x5x7xf32>", "2, 3", "10, 10", "not_larger");
  sc_ok(&c, "resize_sizes", "tensor<1x3x7x10xf32>");
  /* not_smaller: scale max(2, 10/7) = 2: 10 and 14. */
  resize_case(&c, "tensor<1x3x5x7xf32>", "2, 3", "10, 10", "not_smaller");
  sc_ok(&c, "resize_sizes", "tensor<1x3x10x14xf32>");
  /* Without axes every dim is sized: min(3/2, 3/4) = 0.75; 2 * 0.75 = 1.5 rounds up to 2. */
  resize_case(&c, "tensor<2x4xf32>", NULL, "3, 3", "not_larger");
  sc_ok(&c, "resize_sizes", "tensor<2x3xf32>");
  /* A size that rounds to 0 (min(8/6, 8/5, 1/4) = 0.25; 1 * 0.25 -> 0):
  ** ONNX's inference sets only sizes > 0, the dim is unknown. */
  resize_case(&c, "tensor<6x5x1x4xf32>", "2, -4, -1", "8, 8, 1", "not_larger");
  sc_ok(&c, "resize_sizes", "tensor<2x5x?x1xf32>");
  /* A sized dim unknown: the sized dims unknown, the others kept. */
  resize_case(&c, "tensor<1x3x?x7xf32>", "2, 3", "10, 10", "not_larger");
  sc_ok(&c, "resize_sizes", "tensor<1x3x?x?xf32>");
  /* Another policy name: ONNX's inference rejects it. */
  resize_case(&c, "tensor<1x3x5x7xf32>", "2, 3", "10, 10", "bogus");
  sc_fails(&c, "resize_sizes", "attribute-value");
  /* An axis out of range or repeated, a count other than the axes':
  ** ONNX's inference (checkAxesRange, checkDuplicateAxes) rejects them. */
  const char *bad_axes[] = {"4", "-5", "2, -2"};
  const char *bad_codes[] = {"dims-out-of-range", "dims-out-of-range", "dims-order"};
  for (int i = 0; i < 3; i++) {
    resize_case(&c, "tensor<1x3x5x7xf32>", bad_axes[i], strchr(bad_axes[i], ',') ? "4, 4" : "4", NULL);
    sc_fails(&c, "resize_sizes", bad_codes[i]);
  }
  resize_case(&c, "tensor<1x3x5x7xf32>", "2, 3", "4", NULL);
  sc_fails(&c, "resize_sizes", "dims-count");
  resize_case(&c, "tensor<1x3x5x7xf32>", "-1", "4, 4, 4, 4", NULL); /* X's rank, but not the axes' count */
  sc_fails(&c, "resize_sizes", "dims-count");
  /* Not judged without X's rank (ONNX's inference checks nothing then). */
  resize_case(&c, "tensor<*xf32>", "2, 3", "4", NULL);
  sc_passes(&c, "resize_sizes");
  cr_assert(!c.out.results[0].ranked);
  /* Without axes a count other than X's rank is still ONNX's error. */
  resize_case(&c, "tensor<1x3x5x7xf32>", NULL, "4, 4", NULL);
  sc_fails(&c, "resize_sizes", "operand-rank");
}

/* X 1x3x5x7, scales (2, 0.5) as f32 bit patterns on the given axes, and
** keep_aspect_ratio_policy not_larger when asked. */
static void resize_scales_case(sop_case *c, const char *axes, bool not_larger) {
  memset(c, 0, sizeof *c);
  sc_ops(c, "tensor<1x3x5x7xf32>", "none", "tensor<2xf32>", "none", NULL);
  sc_list(c, "axes", axes);
  ms_sop_param *p = sc_param(c, "scales");
  snprintf(p->str, sizeof p->str, "f32");
  float f[2] = {2.0f, 0.5f};
  uint32_t bits[2];
  memcpy(bits, f, sizeof bits);
  p->v[0] = bits[0];
  p->v[1] = bits[1];
  p->n = 2;
  if (not_larger) {
    sc_list(c, "stretch", "0");
    sc_list(c, "not_larger", "1");
  }
}

Test(frontend_s32, resize_axes_with_f32_scales) {
  sop_case c;
  resize_scales_case(&c, "-2, 1", false);
  /* dim 2: floor(5 * 2) = 10; dim 1: floor(3 * 0.5) = 1; the others kept. */
  sc_ok(&c, "resize_sizes", "tensor<1x1x10x7xf32>");
  /* Three axes for two scales: rejected. */
  resize_scales_case(&c, "-2, 1, 0", false);
  sc_fails(&c, "resize_sizes", "dims-count");
  /* Scales with a policy other than stretch: rejected. */
  resize_scales_case(&c, "-2, 1", true);
  sc_fails(&c, "resize_sizes", "attribute-value");
}

Test(frontend_s32, resize_axes_in_text) {
  const char *text =
      "func.func @f(%x: tensor<1x3x5x7xf32>) -> tensor<*xf32> {\n"
      "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
      "  %s = onnx.Constant dense<[10, 10]> : tensor<2xi64>\n"
      "  %r = \"onnx.Resize\"(%x, %n, %n, %s) {axes = [2, -1], mode = \"nearest\"} : (tensor<1x3x5x7xf32>, none, "
      "none, tensor<2xi64>) -> tensor<*xf32>\n"
      "  %q = \"onnx.Resize\"(%x, %n, %n, %s) {axes = [2, 3], keep_aspect_ratio_policy = \"not_larger\"} : "
      "(tensor<1x3x5x7xf32>, none, none, tensor<2xi64>) -> tensor<*xf32>\n"
      "  onnx.Return %r : tensor<*xf32>\n"
      "}\n";
  const char *want[] = {"%r =", "tensor<1x3x10x10xf32>", "%q =", "tensor<1x3x7x10xf32>", NULL};
  test_expect_types(text, 0, want);
}

/* Resize-18 in text: a sizes count other than the axes', a repeated axis,
** an unknown keep_aspect_ratio_policy and scales with not_smaller are
** errors (ONNX's inference rejects each); an empty scales with not_smaller
** is absent, not judged. Lines count from 1. */
Test(frontend_s32, resize18_rejections_in_text) {
  test_expect_codes(
      "func.func @f(%x: tensor<1x3x5x7xf32>, %e: tensor<0xf32>) -> tensor<*xf32> {\n"
      "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
      "  %s = onnx.Constant dense<[10, 10]> : tensor<2xi64>\n"
      "  %c = onnx.Constant dense<[2.0, 2.0]> : tensor<2xf32>\n"
      "  %a = \"onnx.Resize\"(%x, %n, %n, %s) {axes = [2]} : (tensor<1x3x5x7xf32>, none, none, tensor<2xi64>) -> "
      "tensor<*xf32>\n"
      "  %b = \"onnx.Resize\"(%x, %n, %n, %s) {axes = [3, -1]} : (tensor<1x3x5x7xf32>, none, none, tensor<2xi64>) -> "
      "tensor<*xf32>\n"
      "  %d = \"onnx.Resize\"(%x, %n, %n, %s) {axes = [2, 3], keep_aspect_ratio_policy = \"wider\"} : "
      "(tensor<1x3x5x7xf32>, none, none, tensor<2xi64>) -> tensor<*xf32>\n"
      "  %f = \"onnx.Resize\"(%x, %n, %c, %n) {axes = [2, 3], keep_aspect_ratio_policy = \"not_smaller\"} : "
      "(tensor<1x3x5x7xf32>, none, tensor<2xf32>, none) -> tensor<*xf32>\n"
      "  %g = \"onnx.Resize\"(%x, %n, %e, %s) {axes = [2, 3], keep_aspect_ratio_policy = \"not_smaller\"} : "
      "(tensor<1x3x5x7xf32>, none, tensor<0xf32>, tensor<2xi64>) -> tensor<*xf32>\n"
      "  onnx.Return %a : tensor<*xf32>\n"
      "}\n",
      "dims-count@5 dims-order@6 attribute-value@7 attribute-value@8");
}
