/*
** test_tosa_s32.c: unit tests of issue 23's vector.mask (algebra
** masked_op.c, rule rules/vector.json, code masked-op): the op inside the
** mask region must be maskable, take a passthru only where it can, have
** the mask's results, and a reduction's mask is its source's shape with i1
** elements, as LLVM 22's MaskOp::verify checks them (each verdict below is
** mlir-opt-22's, at the mask's line). The masks of transfers and
** contractions (from their maps) are in test_vector_mask_maps.c.
*/
#include <criterion/criterion.h>

#include <stdio.h>

#include "helpers.h"

TestSuite(vector_mask_op, .fini = test_catalog_release);

/* A function of %m (mask type mt), %v: vector<8xf32>, %w: vector<4x8xf32>,
** %acc: vector<4xf32>, %t: tensor<?xf32>, %i: index, %p: f32 and
** %pt: vector<8xf32>, whose line 2 is the op. */
static void expect(const char *mt, const char *op, const char *want) {
  char text[1536];
  snprintf(text, sizeof text,
           "func.func @f(%%m: %s, %%v: vector<8xf32>, %%w: vector<4x8xf32>, %%acc: vector<4xf32>, "
           "%%t: tensor<?xf32>, %%i: index, %%p: f32, %%pt: vector<8xf32>) {\n"
           "  %s\n"
           "  return\n"
           "}\n",
           mt, op);
  test_expect_codes(text, want);
}

Test(vector_mask_op, a_reduction_takes_its_source_shape_as_mask) {
  expect("vector<8xi1>", "%0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32",
         "");
  /* 'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation */
  expect("vector<4xi1>", "%0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<4xi1> -> f32",
         "masked-op@2");
  expect("vector<4x8xi1>",
         "%0 = vector.mask %m { vector.multi_reduction <add>, %w, %acc [1] : vector<4x8xf32> to vector<4xf32> } : "
         "vector<4x8xi1> -> vector<4xf32>",
         "");
  expect("vector<4x4xi1>",
         "%0 = vector.mask %m { vector.multi_reduction <add>, %w, %acc [1] : vector<4x8xf32> to vector<4xf32> } : "
         "vector<4x4xi1> -> vector<4xf32>",
         "masked-op@2");
}

Test(vector_mask_op, only_maskable_ops_and_passthrus_where_taken) {
  /* expects a MaskableOpInterface within the mask region */
  expect("vector<8xi1>", "%0 = vector.mask %m { arith.addf %v, %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>",
         "masked-op@2");
  /* doesn't expect a passthru argument for this maskable operation */
  expect("vector<4x8xi1>",
         "%0 = vector.mask %m, %acc { vector.multi_reduction <add>, %w, %acc [1] : vector<4x8xf32> to vector<4xf32> } "
         ": vector<4x8xi1> -> vector<4xf32>",
         "masked-op@2");
  /* transfer_read takes one */
  expect("vector<8xi1>",
         "%0 = vector.mask %m, %pt { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32> } : "
         "vector<8xi1> -> vector<8xf32>",
         "");
  expect("vector<3xi1>",
         "%0 = vector.mask %m { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32> } : "
         "vector<3xi1> -> vector<8xf32>",
         "masked-op@2"); /* expects a 'vector<8xi1>' mask for the maskable operation */
}

Test(vector_mask_op, generic_results_against_the_masked_ops) {
  /* 'vector.mask' op expects result type to match maskable operation result type */
  expect("vector<8xi1>",
         "%0 = \"vector.mask\"(%m) ({\n"
         "    %1 = \"vector.reduction\"(%v) <{kind = #vector.kind<add>}> : (vector<8xf32>) -> f32\n"
         "    \"vector.yield\"(%1) : (f32) -> ()\n"
         "  }) : (vector<8xi1>) -> f64",
         "masked-op@2");
  expect("vector<8xi1>",
         "%0 = \"vector.mask\"(%m) ({\n"
         "    %1 = \"vector.reduction\"(%v) <{kind = #vector.kind<add>}> : (vector<8xf32>) -> f32\n"
         "    \"vector.yield\"(%1) : (f32) -> ()\n"
         "  }) : (vector<8xi1>) -> f32",
         "");
  /* expects number of results to match mask region yielded values */
  expect("vector<8xi1>",
         "\"vector.mask\"(%m) ({\n"
         "    %1 = \"vector.reduction\"(%v) <{kind = #vector.kind<add>}> : (vector<8xf32>) -> f32\n"
         "    \"vector.yield\"(%1) : (f32) -> ()\n"
         "  }) : (vector<8xi1>) -> ()",
         "masked-op@2");
  /* an empty mask: nothing to mask, the yield gives the result */
  expect("vector<8xi1>", "%0 = vector.mask %m { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>", "");
}
