/*
** test_attr.c: unit tests of the attribute value parsers (server/algebra/attr.c),
** with spellings taken from the corpus (broadcast_dimensions, onnx axis,
** chlo enums, shape constants).
*/
#include <criterion/criterion.h>
#include <string.h>

#include "attr.h"

static bool int_of(const char *s, int64_t *v, char *err) {
  return ms_attr_parse_int(s, strlen(s), v, err, 200);
}

Test(attr, integers) {
  int64_t v;
  char err[200];
  cr_expect(int_of("1 : si64", &v, err) && v == 1, "%s", err);
  cr_expect(int_of("-1", &v, err) && v == -1);
  cr_expect(int_of("2 : i64", &v, err) && v == 2);
  cr_expect(int_of(" 0x10 : i32 ", &v, err) && v == 16);
  cr_expect(int_of("true", &v, err) && v == 1);
  cr_expect(int_of("-9223372036854775808", &v, err) && v == INT64_MIN);
  cr_expect_not(int_of("9223372036854775808", &v, err));
  cr_expect(strstr(err, "out of range") != NULL, "%s", err);
  cr_expect_not(int_of("1.5 : f32", &v, err));
  cr_expect(strstr(err, "floating-point") != NULL, "%s", err);
  cr_expect_not(int_of("1 : f32", &v, err));
  cr_expect_str_eq(err, "element type f32 is not an integer type");
  cr_expect_not(int_of("\"1\"", &v, err));
  cr_expect_not(int_of("1 2", &v, err));
  cr_expect(strstr(err, "unexpected \"2\"") != NULL, "%s", err);
  cr_expect_not(int_of("", &v, err));
  cr_expect_not(int_of("1 :", &v, err));
}

static int list_of(const char *s, int64_t *out, char *err) {
  int n = -1;
  if (!ms_attr_parse_int_list(s, strlen(s), out, 8, &n, err, 200)) return -1;
  return n;
}

Test(attr, integer_lists) {
  int64_t v[8];
  char err[200];
  cr_expect_eq(list_of("array<i64: 1, 2>", v, err), 2, "%s", err);
  cr_expect(v[0] == 1 && v[1] == 2);
  cr_expect_eq(list_of("array<i64>", v, err), 0);
  cr_expect_eq(list_of("array<i64: 4, 0, 2>", v, err), 3);
  cr_expect_eq(v[2], 2);
  cr_expect_eq(list_of("[1, 2]", v, err), 2);
  cr_expect_eq(list_of("[]", v, err), 0);
  cr_expect_eq(list_of("[0 : i64, 3 : i64]", v, err), 2);
  cr_expect_eq(v[1], 3);
  cr_expect_eq(list_of("dense<[0, 1]> : tensor<2xi64>", v, err), 2, "%s", err);
  cr_expect_eq(list_of("dense<[1]> : tensor<1xi64>", v, err), 1);
  cr_expect_eq(list_of("dense<1> : tensor<1xi64>", v, err), 1);
  cr_expect_eq(v[0], 1);
  cr_expect_eq(list_of("dense<2> : tensor<3xi64>", v, err), 3);
  cr_expect(v[0] == 2 && v[1] == 2 && v[2] == 2);
  cr_expect_eq(list_of("dense<> : tensor<0xi64>", v, err), 0, "%s", err);
  cr_expect_eq(list_of("dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>", v, err), 4);
  cr_expect_eq(v[3], 4);
}

Test(attr, malformed_lists) {
  int64_t v[8];
  char err[200];
  cr_expect_eq(list_of("\"x\"", v, err), -1);
  cr_expect(strstr(err, "expected an integer list") != NULL, "%s", err);
  cr_expect_eq(list_of("dense<[1, 2]> : tensor<3xi64>", v, err), -1);
  cr_expect_str_eq(err, "dense value has 2 elements but its type 3");
  cr_expect_eq(list_of("dense<1>", v, err), -1);
  cr_expect(strstr(err, "without its type") != NULL, "%s", err);
  cr_expect_eq(list_of("array<i64: 1, 2", v, err), -1);
  cr_expect(strstr(err, "expected '>'") != NULL, "%s", err);
  cr_expect_eq(list_of("array<f32: 1.0>", v, err), -1);
  cr_expect_eq(list_of("[1, 2, 3, 4, 5, 6, 7, 8, 9]", v, err), -1);
  cr_expect_str_eq(err, "more than 8 elements");
  cr_expect_eq(list_of("dense<[1.5]> : tensor<1xf32>", v, err), -1);
  cr_expect_eq(list_of("[1, 2] extra", v, err), -1);
  cr_expect_eq(list_of("dense<[1, 2]> : tensor<?xi64>", v, err), -1);
  cr_expect(strstr(err, "static") != NULL, "%s", err);
}

static bool str_of(const char *s, char *out, size_t n, char *err) {
  return ms_attr_parse_string(s, strlen(s), out, n, err, 200);
}

Test(attr, strings) {
  char s[32], err[200];
  cr_expect(str_of("\"numpy\"", s, sizeof s, err));
  cr_expect_str_eq(s, "numpy");
  cr_expect(str_of("\"a\\\"b\\\\c\\41\"", s, sizeof s, err), "%s", err);
  cr_expect_str_eq(s, "a\"b\\cA");
  cr_expect(str_of("#ov<pdpd>", s, sizeof s, err));
  cr_expect_str_eq(s, "pdpd");
  cr_expect(str_of("#chlo<comparison_direction EQ>", s, sizeof s, err));
  cr_expect_str_eq(s, "EQ");
  cr_expect(str_of("numpy", s, sizeof s, err));
  cr_expect_str_eq(s, "numpy");
  cr_expect_not(str_of("\"numpy", s, sizeof s, err));
  cr_expect_str_eq(err, "unterminated string");
  cr_expect_not(str_of("1 : i64", s, sizeof s, err));
  cr_expect_not(str_of("\"numpy\" x", s, sizeof s, err));
  cr_expect_not(str_of("#ov<>", s, sizeof s, err));
  cr_expect_not(str_of("\"0123456789\"", s, 5, err));
  cr_expect(strstr(err, "longer than 4") != NULL, "%s", err);
}

static int shape_of(const char *s, int64_t *d, char *err) {
  int r = -1;
  if (!ms_attr_parse_dense_shape(s, strlen(s), d, 8, &r, err, 200)) return -1;
  return r;
}

Test(attr, dense_shapes) {
  int64_t d[8];
  char err[200];
  cr_expect_eq(shape_of("dense<[3, 4]> : tensor<2xi64>", d, err), 2, "%s", err);
  cr_expect(d[0] == 3 && d[1] == 4);
  cr_expect_eq(shape_of("dense<2> : tensor<3xi64>", d, err), 3);
  cr_expect(d[0] == 2 && d[1] == 2 && d[2] == 2);
  cr_expect_eq(shape_of("dense<\"0x0300000000000000\"> : tensor<1xi64>", d, err), 1, "%s", err);
  cr_expect_eq(d[0], 3);
  cr_expect_eq(shape_of("dense<\"0x0300000000000000050000000000000001000000000000\"> : tensor<3xsi64>", d, err), -1,
               "odd length");
  cr_expect_eq(shape_of("dense<\"0x030000000000000005000000000000000100000000000000\"> : tensor<3xsi64>", d,
                        err),
               3, "%s", err);
  cr_expect(d[0] == 3 && d[1] == 5 && d[2] == 1);
  cr_expect_eq(shape_of("dense<\"0x0200000007000000\"> : tensor<2xi32>", d, err), 2, "%s", err);
  cr_expect(d[0] == 2 && d[1] == 7);
  cr_expect_eq(shape_of("dense<\"0x04000000\"> : tensor<3xi32>", d, err), 3, "hex splat");
  cr_expect_eq(d[2], 4);
  cr_expect_eq(shape_of("dense<[]> : tensor<0xi64>", d, err), 0);
  cr_expect_eq(shape_of("dense<[3, 4]>", d, err), -1);
  cr_expect(strstr(err, "without its type") != NULL, "%s", err);
  cr_expect_eq(shape_of("dense<[3, -4]> : tensor<2xi64>", d, err), -1);
  cr_expect_str_eq(err, "negative extent -4 in a shape");
  cr_expect_eq(shape_of("dense<\"0xFFFFFFFFFFFFFFFF\"> : tensor<1xi64>", d, err), -1, "-1 in hex");
  cr_expect_eq(shape_of("dense<[1.0, 2.0]> : tensor<2xf32>", d, err), -1);
  cr_expect_eq(shape_of("dense<\"0x0300\"> : tensor<2xi64>", d, err), -1);
  cr_expect_eq(shape_of("dense<\"0xZZ00000000000000\"> : tensor<1xi64>", d, err), -1);
  cr_expect_str_eq(err, "invalid hex digit");
  cr_expect_eq(shape_of("array<i64: 3, 4>", d, err), -1);
}
