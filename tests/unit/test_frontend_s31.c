/*
** test_frontend_s31.c: the frontend work of session 31 (issue 24): ONNX
** Resize's constant f32 scales (floor(dim * scale) in f32, as ONNX's
** resizeShapeInferenceHelper computes it), read from a float constant by
** ms_attr_parse_f32_list and the catalog's {"operand": N, "format": "f32"}.
*/
#include "sop_case.h"

#include "attr.h"
#include "helpers.h"

static float f32_of(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

Test(frontend_s31, f32_lists_from_dense_text) {
  uint32_t v[8];
  int n = 0;
  const char *list = "dense<[1.000000e+00, 0.33000001311302185, 2.5]> : tensor<3xf32>";
  cr_assert(ms_attr_parse_f32_list(list, strlen(list), v, 8, &n));
  cr_assert_eq(n, 3);
  cr_assert(f32_of(v[0]) == 1.0f && f32_of(v[1]) == 0.33f && f32_of(v[2]) == 2.5f);
  const char *splat = "dense<2.0> : tensor<4xf32>";
  cr_assert(ms_attr_parse_f32_list(splat, strlen(splat), v, 8, &n) && n == 4 && f32_of(v[3]) == 2.0f);
  /* Not read: another element type, a count that disagrees, hex, NaN, 2-D, too many. */
  const char *bad[] = {"dense<[1.0, 2.0]> : tensor<2xf64>", "dense<[1.0, 2.0]> : tensor<3xf32>",
                       "dense<\"0x0000803F\"> : tensor<1xf32>", "dense<0x7FC00000> : tensor<1xf32>",
                       "dense<[[1.0], [2.0]]> : tensor<2x1xf32>", "dense<1.0> : tensor<9xf32>", "[1.0, 2.0]",
                       "dense<[1.0, nan]> : tensor<2xf32>"};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    cr_assert(!ms_attr_parse_f32_list(bad[i], strlen(bad[i]), v, 8, &n), "read %s", bad[i]);
}

static void sc_f32(sop_case *c, const char *name, const float *vals, int n) {
  ms_sop_param *p = sc_param(c, name);
  for (int i = 0; i < n; i++) {
    uint32_t b;
    memcpy(&b, &vals[i], sizeof b);
    p->v[p->n++] = b;
  }
  snprintf(p->str, sizeof p->str, "f32");
}

Test(frontend_s31, resize_by_constant_scales) {
  sop_case c = {0};
  sc_ops(&c, "tensor<1x3x5x7xf32>", "none", "tensor<4xf32>", "none", NULL);
  const float s[] = {1.0f, 2.0f, 1.5f, 0.33f};
  sc_f32(&c, "scales", s, 4);
  sc_ok(&c, "resize_sizes", "tensor<1x6x7x2xf32>");
  /* An unknown dim stays unknown. */
  sop_case d = {0};
  sc_ops(&d, "tensor<?x3x5x7xf32>", "none", "tensor<4xf32>", "none", NULL);
  sc_f32(&d, "scales", s, 4);
  sc_ok(&d, "resize_sizes", "tensor<?x6x7x2xf32>");
  /* Scales of the wrong length: ONNX's error, not read. */
  sop_case e = {0};
  sc_ops(&e, "tensor<1x3x5x7xf32>", "none", "tensor<3xf32>", "none", NULL);
  sc_f32(&e, "scales", s, 3);
  sc_fails(&e, "resize_sizes", "operand-rank");
}

/* Through the catalog: the scales of an onnx.Constant refine the result;
** an f64 constant is not read (the result keeps X's rank only). */
Test(frontend_s31, resize_scales_refine_through_the_catalog) {
  test_expect_codes("func.func @f(%x: tensor<1x3x5x7xf32>) -> tensor<*xf32> {\n"
                    "  %n = \"onnx.NoValue\"() {value} : () -> none\n"
                    "  %s = onnx.Constant dense<[1.0, 1.0, 1.5, 0.5]> : tensor<4xf32>\n"
                    "  %r = \"onnx.Resize\"(%x, %n, %s, %n) {mode = \"nearest\"} : (tensor<1x3x5x7xf32>, none, "
                    "tensor<4xf32>, none) -> tensor<*xf32>\n"
                    "  %z = \"onnx.Softmax\"(%r) {axis = -1 : si64} : (tensor<*xf32>) -> tensor<1x3x7x4xf32>\n"
                    "  %t = onnx.Constant dense<[1.0, 1.0, 1.5, 0.5]> : tensor<4xf64>\n"
                    "  %q = \"onnx.Resize\"(%x, %n, %t, %n) {mode = \"nearest\"} : (tensor<1x3x5x7xf32>, none, "
                    "tensor<4xf64>, none) -> tensor<*xf32>\n"
                    "  %y = \"onnx.Softmax\"(%q) {axis = -1 : si64} : (tensor<*xf32>) -> tensor<9x9x9x9xf32>\n"
                    "  return %r : tensor<*xf32>\n"
                    "}\n",
                    "propagated-shape-mismatch@5");
}
