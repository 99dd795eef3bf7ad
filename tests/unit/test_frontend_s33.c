/*
** test_frontend_s33.c: the frontend work of session 33 (issue 24): cases
** the frameworks' references accept or reject that the differential
** suites (tests/diff/torch_ops_diff.py, onnx_diff.py) found at new seeds.
*/
#include <criterion/criterion.h>

#include "helpers.h"

/* aten.adaptive_avg_pool2d with output_size [1, 1] is ATen's mean over the
** last two dims (keepdim): PyTorch 1.13 accepts a 2-d or 5-d input and a
** zero-sized spatial dim there, and rejects a 1-d one ("Dimension out of
** range"); another output_size keeps the 3-d / 4-d rule. */
Test(frontend_s33, adaptive_avg_pool2d_of_ones_is_a_mean) {
  const char *text =
      "func.func @f(%a: !torch.vtensor<[5,1],f32>, %b: !torch.vtensor<[2,3,0,4,5],f32>, %c: !torch.vtensor<[7],f32>)"
      " -> !torch.vtensor<*,f32> {\n"
      "  %c1 = torch.constant.int 1\n"
      "  %c2 = torch.constant.int 2\n"
      "  %ones = torch.prim.ListConstruct %c1, %c1 : (!torch.int, !torch.int) -> !torch.list<int>\n"
      "  %two = torch.prim.ListConstruct %c2, %c1 : (!torch.int, !torch.int) -> !torch.list<int>\n"
      "  %v1 = torch.aten.adaptive_avg_pool2d %a, %ones : !torch.vtensor<[5,1],f32>, !torch.list<int> -> "
      "!torch.vtensor<[?,?],f32>\n"
      "  %v2 = torch.aten.adaptive_avg_pool2d %b, %ones : !torch.vtensor<[2,3,0,4,5],f32>, !torch.list<int> -> "
      "!torch.vtensor<*,f32>\n"
      "  return %v2 : !torch.vtensor<*,f32>\n"
      "}\n";
  const char *want[] = {"%v1 =", "!torch.vtensor<[1,1],f32>", "%v2 =", "!torch.vtensor<[2,3,0,1,1],f32>", NULL};
  test_expect_types(text, 0, want);
  test_expect_codes(
      "func.func @f(%a: !torch.vtensor<[5,1],f32>, %c: !torch.vtensor<[7],f32>) -> !torch.vtensor<*,f32> {\n"
      "  %c1 = torch.constant.int 1\n"
      "  %c2 = torch.constant.int 2\n"
      "  %ones = torch.prim.ListConstruct %c1, %c1 : (!torch.int, !torch.int) -> !torch.list<int>\n"
      "  %two = torch.prim.ListConstruct %c2, %c1 : (!torch.int, !torch.int) -> !torch.list<int>\n"
      "  %v1 = torch.aten.adaptive_avg_pool2d %a, %two : !torch.vtensor<[5,1],f32>, !torch.list<int> -> "
      "!torch.vtensor<*,f32>\n"
      "  %v2 = torch.aten.adaptive_avg_pool2d %c, %ones : !torch.vtensor<[7],f32>, !torch.list<int> -> "
      "!torch.vtensor<*,f32>\n"
      "  return %v2 : !torch.vtensor<*,f32>\n"
      "}\n",
      "operand-rank@6 operand-rank@7");
}

/* onnx.Transpose without perm reverses the dims (the specification's
** default, as ONNX's inference gives it): inferred, and a declared result
** that is not the reversal is an error, as ONNX's inference rejects it. */
Test(frontend_s33, onnx_transpose_without_perm_reverses) {
  const char *text = "func.func @f(%x: tensor<2x3x5xf32>) -> tensor<*xf32> {\n"
                     "  %t = \"onnx.Transpose\"(%x) : (tensor<2x3x5xf32>) -> tensor<*xf32>\n"
                     "  onnx.Return %t : tensor<*xf32>\n"
                     "}\n";
  const char *want[] = {"%t =", "tensor<5x3x2xf32>", NULL};
  test_expect_types(text, 0, want);
  test_expect_error("func.func @f(%x: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {\n"
                    "  %t = \"onnx.Transpose\"(%x) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>\n"
                    "  onnx.Return %t : tensor<2x3x5xf32>\n"
                    "}\n",
                    "result-shape@2");
}
