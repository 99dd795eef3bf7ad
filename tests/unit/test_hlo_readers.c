/*
** test_hlo_readers.c: malformed and unusual inputs to the attribute
** readers added for issue 22's reduce and async_start (the source option
** "one_of", the pretty `applies OP` word, the pseudo attribute
** "region op"): a malformed catalog entry is refused with a located
** message and leaves the catalog usable; odd text is judged only where the
** reader sees what StableHLO's parser and verifier see, else it is silent.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "helpers.h"

TestSuite(hlo_readers, .fini = test_catalog_release);

/* Loads one entry whose param is `param` (a JSON object text) into a fresh
** catalog; returns whether it loaded, the message in err. */
static bool load_param(const char *algebra, const char *pname, const char *param, char *err, size_t n) {
  char json[1024];
  snprintf(json, sizeof json,
           "{\"version\": 1, \"ops\": [{\"match\": \"x.r\", \"description\": \"d\", \"algebra\": \"%s\", "
           "\"params\": {\"%s\": %s}}]}",
           algebra, pname, param);
  ms_catalog *cat = ms_catalog_new();
  err[0] = 0;
  bool ok = ms_catalog_load(cat, "bad.json", json, strlen(json), err, n);
  if (!ok) cr_expect(strncmp(err, "bad.json", 8) == 0, "message not located: %s", err);
  ms_catalog_delete(cat);
  return ok;
}

static void refused(const char *algebra, const char *pname, const char *param, const char *want) {
  char err[512];
  cr_expect(!load_param(algebra, pname, param, err, sizeof err), "loaded: %s", param);
  cr_expect(strstr(err, want) != NULL, "%s: got %s", param, err);
}

Test(hlo_readers, one_of_malformed_entries_are_refused) {
  const char *list = "\"one_of\" is a list of 1 to 12 strings";
  refused("reduce", "applies_commutative", "{\"attribute\": \"applies _\", \"one_of\": []}", list);
  refused("reduce", "applies_commutative", "{\"attribute\": \"applies _\", \"one_of\": {\"a\": 1}}", list);
  refused("reduce", "applies_commutative",
          "{\"attribute\": \"applies _\", \"one_of\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\",\"i\",\"j\",\"k\",\"l\",\"m\"]}",
          list);
  refused("reduce", "applies_commutative", "{\"attribute\": \"applies _\", \"format\": \"struct\", \"one_of\": [\"x.add\"]}",
          list);
  refused("async_start", "inner_op_allowed", "{\"attribute\": \"region op\", \"one_of\": [1]}", "expected a non-empty string");
  refused("async_start", "inner_op_allowed", "{\"attribute\": \"region op\", \"one_of\": [\"\"]}",
          "expected a non-empty string");
  refused("async_start", "inner_op_allowed", "{\"attribute\": \"region op\", \"one_of\": [null]}",
          "expected a non-empty string");
  refused("async_start", "inner_op_allowed",
          "{\"attribute\": \"region op\", \"one_of\": [\"x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]}", "name too long");
  /* Twelve names, each just short enough, load. */
  char err[512];
  cr_expect(load_param("async_start", "inner_op_allowed",
                       "{\"attribute\": [\"region op\", \"inner\"], \"one_of\": [\"a\",\"b\",\"c\",\"d\",\"e\",\"f\",\"g\",\"h\","
                       "\"i\",\"j\",\"k\",\"x.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]}",
                       err, sizeof err),
            "%s", err);
}

/* The pretty `applies OP`: only the bare name right after `applies` at the
** op's top level is read; `applies` with no name, or a quoted one, is not
** judged (StableHLO's parser rejects those with a syntax error we do not
** claim); a non-commutative op is the reducer error. */
Test(hlo_readers, applies_reads_only_the_bare_name) {
  const char *text =
      "func.func @r(%a: tensor<2x3xf32>, %i: tensor<f32>) -> tensor<2xf32> {\n"
      "  %0 = stablehlo.reduce(%a init: %i) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, "
      "tensor<f32>) -> tensor<2xf32>\n"
      "  %1 = stablehlo.reduce(%a init: %i) applies stablehlo.subtract across dimensions = [1] : (tensor<2x3xf32>, "
      "tensor<f32>) -> tensor<2xf32>\n"
      "  %2 = stablehlo.reduce(%a init: %i) applies : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n"
      "  %3 = stablehlo.reduce(%a init: %i) applies \"stablehlo.add\" across dimensions = [1] : (tensor<2x3xf32>, "
      "tensor<f32>) -> tensor<2xf32>\n"
      "  %4 = stablehlo.reduce(%a init: %i) across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> "
      "applies stablehlo.divide\n"
      "  %5 = stablehlo.reduce(%a init: %i) applies stablehlo.xor across dimensions = [1] : (tensor<2x3xf32>, "
      "tensor<f32>) -> tensor<2xf32>\n"
      "  return %0 : tensor<2xf32>\n"
      "}\n";
  test_expect_codes(text, "reducer@3");
}

/* "region op": only ops directly in async_start's regions count (a nested
** async_start's body is its own); a body with no op other than the return
** is not judged here. */
Test(hlo_readers, region_op_counts_direct_children) {
  const char *text =
      "func.func @a(%a: tensor<4x4xf32>) {\n"
      "  %0 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    \"stablehlo.return\"(%b) : (tensor<4x4xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>\n"
      "  %1 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    %2 = \"stablehlo.slice\"(%b) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 2>, strides = "
      "array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>\n"
      "    \"stablehlo.return\"(%2) : (tensor<2x2xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<2x2xf32>>\n"
      "  %3 = \"stablehlo.async_start\"(%a) ({\n"
      "  ^bb0(%b: tensor<4x4xf32>):\n"
      "    %4 = \"stablehlo.slice\"(%b) {start_indices = array<i64: 0, 0>, limit_indices = array<i64: 2, 2>, strides = "
      "array<i64: 1, 1>} : (tensor<4x4xf32>) -> tensor<2x2xf32>\n"
      "    %5 = \"stablehlo.async_start\"(%4) ({\n"
      "    ^bb1(%c: tensor<2x2xf32>):\n"
      "      %6 = \"stablehlo.add\"(%c, %c) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>\n"
      "      \"stablehlo.return\"(%6) : (tensor<2x2xf32>) -> ()\n"
      "    }) : (tensor<2x2xf32>) -> !stablehlo.future<tensor<2x2xf32>>\n"
      "    \"stablehlo.return\"(%4) : (tensor<2x2xf32>) -> ()\n"
      "  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<2x2xf32>>\n"
      "  return\n"
      "}\n";
  test_expect_codes(text, "region-types@11 region-types@14");
}

/* MHLO's DynamicReshapeOp::verify checks nothing unless output_shape is
** statically shaped (mlir-hlo's canonicalize.mlir reshapes by a
** tensor<?xindex>); StableHLO's ODS requires a static output_shape. The
** rank check still holds for MHLO once the length is known. */
Test(hlo_readers, mhlo_dynamic_reshape_of_a_dynamic_length_shape_is_unchecked) {
  const char *fmt = "func.func @f(%%a: tensor<%s>, %%s: tensor<%sxindex>) -> tensor<?xf16> {\n"
                    "  %%0 = \"%s.dynamic_reshape\"(%%a, %%s) : (tensor<%s>, tensor<%sxindex>) -> tensor<?xf16>\n"
                    "  func.return %%0 : tensor<?xf16>\n"
                    "}\n";
  test_expect_codesf("", fmt, "?xf16", "?", "mhlo", "?xf16", "?");
  test_expect_codesf("dims-count@2", fmt, "?xf16", "?", "stablehlo", "?xf16", "?");
  test_expect_codesf("dims-count@2", fmt, "4xf16", "2", "mhlo", "4xf16", "2");
  test_expect_codesf("", fmt, "4xf16", "1", "mhlo", "4xf16", "1");
}

/* MHLO's DynamicConvOp has no verifier: its shape function only refines
** (mlir-hlo's canonicalize/convolution.mlir convolves 5-D operands whose
** dimension numbers name two spatial dims); StableHLO's verifies. */
Test(hlo_readers, mhlo_dynamic_conv_is_not_verified) {
  const char *fmt =
      "func.func @f(%%a: tensor<1x8x8x32x207xf32>, %%w: tensor<3x3x32x207x16xf32>, %%p: tensor<2x2xi64>) -> "
      "tensor<32x1x8x8x16xf32> {\n"
      "  %%0 = \"%s.dynamic_conv\"(%%a, %%w, %%p) {batch_group_count = 1 : i64, dimension_numbers = "
      "#%s.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], "
      "kernel_input_feature_dimension = 3, kernel_output_feature_dimension = 4, kernel_spatial_dimensions = [0, 1], "
      "output_batch_dimension = 1, output_feature_dimension = 4, output_spatial_dimensions = [2, 3]>, "
      "feature_group_count = 1 : i64} : (tensor<1x8x8x32x207xf32>, tensor<3x3x32x207x16xf32>, tensor<2x2xi64>) -> "
      "tensor<32x1x8x8x16xf32>\n"
      "  func.return %%0 : tensor<32x1x8x8x16xf32>\n"
      "}\n";
  test_expect_codesf("", fmt, "mhlo", "mhlo");
  test_expect_codesf("operand-rank@2", fmt, "stablehlo", "stablehlo");
}

/* MHLO's ConvolutionOp::verify lets operands have dims the dimension
** numbers do not name (mlir-hlo's ops.mlir @conv2d_generic, printed
** `[b, 0, 1, ?, f]`): the result keeps its declared sizes there, the named
** dims are still inferred and compared; StableHLO's convolution_c12
** rejects the rank. */
Test(hlo_readers, mhlo_convolution_with_unnamed_dims) {
  const char *fmt =
      "func.func @f(%%a: tensor<1x8x8x32x207xf32>, %%w: tensor<3x3x32x207x16xf32>) -> tensor<%s> {\n"
      "  %%0 = \"%s.convolution\"(%%a, %%w) {batch_group_count = 1 : i64, dimension_numbers = "
      "#%s.conv<raw input_batch_dimension = 0, input_feature_dimension = 4, input_spatial_dimensions = [1, 2], "
      "kernel_input_feature_dimension = 3, kernel_output_feature_dimension = 4, kernel_spatial_dimensions = [0, 1], "
      "output_batch_dimension = 1, output_feature_dimension = 4, output_spatial_dimensions = [2, 3]>, "
      "feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x32x207xf32>, "
      "tensor<3x3x32x207x16xf32>) -> tensor<%s>\n"
      "  func.return %%0 : tensor<%s>\n"
      "}\n";
  test_expect_codesf("", fmt, "32x1x8x8x16xf32", "mhlo", "mhlo", "32x1x8x8x16xf32", "32x1x8x8x16xf32");
  test_expect_codesf("", fmt, "7x1x8x8x16xf32", "mhlo", "mhlo", "7x1x8x8x16xf32", "7x1x8x8x16xf32");
  test_expect_codesf("result-shape@2", fmt, "32x1x9x8x16xf32", "mhlo", "mhlo", "32x1x9x8x16xf32", "32x1x9x8x16xf32");
  test_expect_codesf("operand-rank@2", fmt, "32x1x8x8xf32", "mhlo", "mhlo", "32x1x8x8xf32", "32x1x8x8xf32");
  test_expect_codesf("operand-rank@2", fmt, "32x1x8x8x16xf32", "stablehlo", "stablehlo", "32x1x8x8x16xf32",
                     "32x1x8x8x16xf32");
}

/* The same in MHLO's printed form: `?` marks a dim the dimension numbers
** do not name (mlir-hlo's parseConvolutionDimensions skips it); StableHLO's
** parser rejects `?`, and its convolution_c12 the rank, so it still reports. */
Test(hlo_readers, mhlo_convolution_question_mark_dims) {
  const char *fmt =
      "func.func @f(%%a: tensor<1x8x8x32x207xf32>, %%w: tensor<3x3x32x207x16xf32>) -> tensor<%s> {\n"
      "  %%0 = \"%s.convolution\"(%%a, %%w) {batch_group_count = 1 : i64, dimension_numbers = "
      "#%s.conv<[b, 0, 1, ?, f]x[0, 1, ?, i, o]->[?, b, 0, 1, f]>, "
      "feature_group_count = 1 : i64, padding = dense<1> : tensor<2x2xi64>} : (tensor<1x8x8x32x207xf32>, "
      "tensor<3x3x32x207x16xf32>) -> tensor<%s>\n"
      "  func.return %%0 : tensor<%s>\n"
      "}\n";
  test_expect_codesf("", fmt, "32x1x8x8x16xf32", "mhlo", "mhlo", "32x1x8x8x16xf32", "32x1x8x8x16xf32");
  test_expect_codesf("result-shape@2", fmt, "32x1x9x8x16xf32", "mhlo", "mhlo", "32x1x9x8x16xf32", "32x1x9x8x16xf32");
  test_expect_codesf("operand-rank@2", fmt, "32x1x8x8x16xf32", "stablehlo", "stablehlo", "32x1x8x8x16xf32",
                     "32x1x8x8x16xf32");
}
