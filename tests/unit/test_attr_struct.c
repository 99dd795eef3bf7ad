/*
** test_attr_struct.c: unit tests of the structured attribute readers
** (server/algebra/attr_struct.c) with spellings from the StableHLO corpus:
** struct fields, pretty pairs, convolution dimension numbers, list shapes.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "attr_struct.h"

static bool field(const char *text, const char *f, char *out) {
  const char *v;
  size_t n;
  if (!ms_attr_field(text, strlen(text), f, &v, &n)) return false;
  memcpy(out, v, n);
  out[n] = 0;
  return true;
}

Test(attr_struct, struct_fields) {
  char v[128];
  const char *dot = "#stablehlo.dot<\n  lhs_batching_dimensions = [0],\n  // a comment, with a comma\n"
                    "  lhs_contracting_dimensions = [2],\n  rhs_contracting_dimensions = [1]\n>";
  cr_expect(field(dot, "lhs_contracting_dimensions", v));
  cr_expect_str_eq(v, "[2]");
  cr_expect(field(dot, "rhs_contracting_dimensions", v));
  cr_expect_str_eq(v, "[1]");
  cr_expect_not(field(dot, "rhs_batching_dimensions", v));
  cr_expect(field("{stride = [4, 4], pad = [[0, 0], [1, 1]]}", "pad", v));
  cr_expect_str_eq(v, "[[0, 0], [1, 1]]");
  cr_expect(field("#stablehlo.conv<raw input_batch_dimension = 0, input_spatial_dimensions = [1, 2]>",
                  "input_spatial_dimensions", v));
  cr_expect_str_eq(v, "[1, 2]");
  cr_expect_eq(ms_attr_field_count("{stride = [1], stride = [2]}", 28), 2);
  cr_expect_not(ms_attr_field_unique("{stride = [1], stride = [2]}", 28));
}

Test(attr_struct, pairs) {
  const char *v;
  size_t n;
  cr_assert(ms_attr_pair("[0, 1] x [2]", 12, 1, &v, &n));
  cr_expect_eq(n, 3);
  cr_expect(!memcmp(v, "[2]", 3));
  cr_assert(ms_attr_pair("[0, 1] x [2]", 12, 0, &v, &n));
  cr_expect_eq(n, 6);
  cr_expect_not(ms_attr_pair("[0, 1]", 6, 1, &v, &n));
}

Test(attr_struct, conv_dims_compact_and_raw) {
  int64_t out[8];
  int n;
  const char *c = "#stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 1, 0, f]>";
  cr_assert(ms_attr_conv_dims(c, strlen(c), "input_feature_dimension", out, 8, &n));
  cr_expect(n == 1 && out[0] == 3);
  cr_assert(ms_attr_conv_dims(c, strlen(c), "kernel_input_feature_dimension", out, 8, &n));
  cr_expect(n == 1 && out[0] == 3);
  cr_assert(ms_attr_conv_dims(c, strlen(c), "kernel_output_feature_dimension", out, 8, &n));
  cr_expect(n == 1 && out[0] == 2);
  cr_assert(ms_attr_conv_dims(c, strlen(c), "output_spatial_dimensions", out, 8, &n));
  cr_expect(n == 2 && out[0] == 2 && out[1] == 1);
  const char *bad = "[c, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]";
  cr_expect_not(ms_attr_conv_dims(bad, strlen(bad), "input_batch_dimension", out, 8, &n));
  const char *raw = "#stablehlo.conv<raw input_batch_dimension = 0, kernel_spatial_dimensions = [0, 1]>";
  cr_assert(ms_attr_conv_dims(raw, strlen(raw), "kernel_spatial_dimensions", out, 8, &n));
  cr_expect(n == 2 && out[1] == 1);
}

Test(attr_struct, list_shapes) {
  int64_t d[4];
  int r;
  cr_assert(ms_attr_list_shape("[[0, 0], [1, 1], [2, 2]]", 24, d, 4, &r));
  cr_expect(r == 2 && d[0] == 3 && d[1] == 2);
  const char *dense = "dense<0> : tensor<2x3xi64>";
  cr_assert(ms_attr_list_shape(dense, strlen(dense), d, 4, &r));
  cr_expect(r == 2 && d[0] == 2 && d[1] == 3);
  cr_assert(ms_attr_list_shape("array<i64: 1, 2>", 16, d, 4, &r));
  cr_expect(r == 1 && d[0] == 2);
}
