/*
** test_shape.c: unit tests of shape.c, the text forms of shapes.
**
** Covers the calculator syntax and the MLIR type tokens the linter hands
** over (nested element types, encodings, memref layouts with `->`, scalable
** vector dims), the error paths, and formatting back to text.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "shape.h"

static ms_shape parse_ok(const char *text) {
  ms_shape s;
  char err[128] = "";
  cr_assert(ms_shape_parse(&s, text, strlen(text), err, sizeof err), "'%s': %s", text, err);
  return s;
}

static void parse_fails(const char *text, const char *reason_part) {
  ms_shape s;
  char err[128] = "";
  cr_assert_not(ms_shape_parse(&s, text, strlen(text), err, sizeof err), "'%s' parsed", text);
  cr_assert(strstr(err, reason_part), "'%s': reason '%s' lacks '%s'", text, err, reason_part);
}

static const char *fmt(const ms_shape *s, bool as_type) {
  static char buf[256];
  if (as_type)
    ms_shape_format_type(s, buf, sizeof buf);
  else
    ms_shape_format(s, buf, sizeof buf);
  return buf;
}

Test(shape, bare_dims) {
  ms_shape s = parse_ok("2x?x3");
  cr_assert_eq(s.kind, MS_TYPE_NONE);
  cr_assert(s.ranked);
  cr_assert_eq(s.rank, 3);
  cr_assert_eq(s.dims[0], 2);
  cr_assert_eq(s.dims[1], MS_DIM_DYNAMIC);
  cr_assert_eq(s.dims[2], 3);
  cr_assert_str_eq(fmt(&s, false), "2x?x3");
}

Test(shape, single_dim_scalar_unranked) {
  ms_shape s = parse_ok("5");
  cr_assert_eq(s.rank, 1);
  cr_assert_eq(s.dims[0], 5);
  s = parse_ok("scalar");
  cr_assert(s.ranked);
  cr_assert_eq(s.rank, 0);
  cr_assert_str_eq(fmt(&s, false), "scalar");
  s = parse_ok(" * ");
  cr_assert_not(s.ranked);
  cr_assert_str_eq(fmt(&s, false), "*");
}

Test(shape, tensor_types) {
  ms_shape s = parse_ok("tensor<2x?x3xf32>");
  cr_assert_eq(s.kind, MS_TYPE_TENSOR);
  cr_assert_eq(s.rank, 3);
  cr_assert_eq(s.dims[1], MS_DIM_DYNAMIC);
  cr_assert_str_eq(s.elem, "f32");
  cr_assert_str_eq(fmt(&s, true), "tensor<2x?x3xf32>");
  s = parse_ok("tensor<*xf32>");
  cr_assert_not(s.ranked);
  cr_assert_str_eq(fmt(&s, true), "tensor<*xf32>");
  s = parse_ok("tensor<i1>");
  cr_assert(s.ranked);
  cr_assert_eq(s.rank, 0);
  cr_assert_str_eq(fmt(&s, true), "tensor<i1>");
  s = parse_ok("tensor<0x4xindex>");
  cr_assert_eq(s.dims[0], 0);
  cr_assert_str_eq(s.elem, "index");
}

Test(shape, nested_element_type_and_encoding) {
  ms_shape s = parse_ok("tensor<2x3x!quant.uniform<i8:f32, 0.1:-128>>");
  cr_assert_eq(s.rank, 2);
  cr_assert_str_eq(s.elem, "!quant.uniform<i8:f32, 0.1:-128>");
  s = parse_ok("tensor<4xf32, #enc>");
  cr_assert_eq(s.rank, 1);
  cr_assert_str_eq(s.elem, "f32");
  s = parse_ok("tensor<4x?xcomplex<f32>, #sparse<{map = (d0, d1) -> (d0 : dense, d1 : compressed)}>>");
  cr_assert_eq(s.rank, 2);
  cr_assert_str_eq(s.elem, "complex<f32>");
  s = parse_ok("tensor<3x!tf_type.string<\"a>b\">>");
  cr_assert_eq(s.rank, 1);
}

Test(shape, memref_layouts) {
  ms_shape s = parse_ok("memref<4x?xf32, strided<[?, 1]>>");
  cr_assert_eq(s.kind, MS_TYPE_MEMREF);
  cr_assert_eq(s.rank, 2);
  cr_assert_str_eq(s.elem, "f32");
  s = parse_ok("memref<4x8xf32, affine_map<(d0, d1) -> (d1, d0)>, 1>");
  cr_assert_eq(s.rank, 2);
  cr_assert_eq(s.dims[1], 8);
  s = parse_ok("memref<*xf32>");
  cr_assert_not(s.ranked);
}

Test(shape, scalable_vectors) {
  ms_shape s = parse_ok("vector<4x[8]xf32>");
  cr_assert_eq(s.kind, MS_TYPE_VECTOR);
  cr_assert_eq(s.rank, 2);
  cr_assert_not(s.scalable[0]);
  cr_assert(s.scalable[1]);
  cr_assert_eq(s.dims[1], 8);
  cr_assert_str_eq(fmt(&s, true), "vector<4x[8]xf32>");
  cr_assert_str_eq(fmt(&s, false), "4x[8]");
  s = parse_ok("[4]x2");
  cr_assert(s.scalable[0]);
}

Test(shape, other_types) {
  ms_shape s;
  cr_assert(ms_shape_parse_type(&s, "i32", 3, NULL, 0));
  cr_assert_eq(s.kind, MS_TYPE_OTHER);
  const char *t = "!dialect.t<4xf32>";
  cr_assert(ms_shape_parse_type(&s, t, strlen(t), NULL, 0));
  cr_assert_eq(s.kind, MS_TYPE_OTHER);
  cr_assert_str_eq(fmt(&s, true), "!dialect.t<4xf32>");
  /* The calculator wants shapes only. */
  parse_fails("i32", "not a shape");
}

Test(shape, parse_uses_len_not_nul) {
  ms_shape s;
  const char *text = "tensor<2x3xf32>, tensor<4xf32>";
  cr_assert(ms_shape_parse_type(&s, text, 15, NULL, 0));
  cr_assert_eq(s.rank, 2);
  cr_assert(ms_shape_parse(&s, "2x3x4", 3, NULL, 0));
  cr_assert_eq(s.rank, 2);
}

Test(shape, errors) {
  parse_fails("", "empty");
  parse_fails("2x", "expected a dim");
  parse_fails("2xx3", "expected a dim");
  parse_fails("2y3", "expected 'x'");
  parse_fails("-1", "not a shape");
  parse_fails("tensor<4xf32", "missing '>'");
  parse_fails("tensor<4x>", "missing element type");
  parse_fails("tensor<4>", "missing element type");
  /* Found by fuzz_shape: an element type of blanks only. */
  parse_fails("tensor<*x\r>", "missing element type");
  parse_fails("vector<2x \t>", "missing element type");
  parse_fails("tensor<4xf32>>", "unbalanced");
  parse_fails("99999999999999999999", "does not fit in 64 bits");
  parse_fails("9007199254740993", "above 2^53");
}

Test(shape, rank_limit) {
  char text[256] = "";
  for (int i = 0; i < MS_MAX_RANK; i++) strcat(text, i ? "x1" : "1");
  ms_shape s = parse_ok(text);
  cr_assert_eq(s.rank, MS_MAX_RANK);
  strcat(text, "x1");
  parse_fails(text, "rank exceeds");
  char type[300];
  snprintf(type, sizeof type, "tensor<%sxf32>", text);
  parse_fails(type, "rank exceeds");
}

Test(shape, long_element_type_truncated) {
  char type[300] = "tensor<2x!d.";
  for (int i = 0; i < 100; i++) strcat(type, "a");
  strcat(type, ">");
  ms_shape s = parse_ok(type);
  cr_assert_eq(s.rank, 1);
  cr_assert_eq(strlen(s.elem), sizeof s.elem - 1);
}

Test(shape, format_snprintf_convention) {
  ms_shape s = parse_ok("tensor<2x?x3xf32>");
  char small[6];
  size_t need = ms_shape_format_type(&s, small, sizeof small);
  cr_assert_eq(need, strlen("tensor<2x?x3xf32>"));
  cr_assert_str_eq(small, "tenso");
  cr_assert_eq(ms_shape_format(&s, NULL, 0), 5);
}

Test(shape, init_and_equal) {
  int64_t d[] = {2, MS_DIM_DYNAMIC};
  ms_shape a, b = parse_ok("2x?"), c = parse_ok("2x3"), u = parse_ok("*");
  ms_shape_init(&a, 2, d);
  cr_assert(ms_shape_equal(&a, &b));
  cr_assert_not(ms_shape_equal(&a, &c));
  cr_assert_not(ms_shape_equal(&u, &u));
  cr_assert_str_eq(fmt(&a, true), "2x?");
}

/* MLIR allows blanks between a type's tokens; real files have them
** (`tensor<  f32>` in LiteRT's tests). */
Test(shape, blanks_between_tokens) {
  ms_shape s;
  const char *t = "tensor<  2 x ? x f32 >";
  cr_assert(ms_shape_parse_type(&s, t, strlen(t), NULL, 0));
  cr_assert_eq(s.rank, 2);
  cr_assert_eq(s.dims[0], 2);
  cr_assert_eq(s.dims[1], MS_DIM_DYNAMIC);
  cr_assert_str_eq(s.elem, "f32");
  const char *scalar = "tensor<  i32>";
  cr_assert(ms_shape_parse_type(&s, scalar, strlen(scalar), NULL, 0));
  cr_assert_eq(s.rank, 0);
  cr_assert_str_eq(s.elem, "i32");
}
