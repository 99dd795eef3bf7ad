/*
** test_frontend_s30.c: the frontend checks of session 30 (issue 24): ONNX
** GridSample's attribute values (onnx-mlir's ONNXGridSampleOp::verify), ...
*/
#include "sop_case.h"

Test(frontend_s30, grid_sample_attribute_values) {
  sop_case c = {0};
  sc_ops(&c, "tensor<2x1x4x4xf32>", "tensor<2x6x6x2xf32>", NULL);
  sc_list(&c, "align_corners", "1");
  sc_list(&c, "mode_ok", "1");
  sc_list(&c, "padding_mode_ok", "1");
  sc_ok(&c, "grid_sample", "tensor<2x1x6x6xf32>");
  c.params[2].v[0] = 0; /* padding_mode "bottom" */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "padding_mode needs to be zeros, border or reflection"), "%s", c.out.why);
  c.params[2].v[0] = 1;
  c.params[1].v[0] = 0; /* mode "sampling" */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "mode needs to be"), "%s", c.out.why);
  c.params[1].v[0] = 1;
  c.params[0].v[0] = 2; /* align_corners 2 */
  sc_fails(&c, "grid_sample", "attribute-value");
  cr_assert(strstr(c.out.why, "align_corners needs to be 0 or 1"), "%s", c.out.why);
}
