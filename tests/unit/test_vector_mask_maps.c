/*
** test_vector_mask_maps.c: vector.mask around a transfer or a contraction
** (algebra masked_op.c, rules/vector.json "mask_is_transfer",
** "mask_is_contract", params read from the op inside by "region op: KEY"):
** the mask must be the op's expected mask, LLVM 22's
** inferTransferOpMaskType (per source dim the permutation map uses, in
** source order, the vector dim it gives; [1] when none) and
** ContractionOp::getExpectedMaskType (one dim per loop, sized by lhs and
** rhs); a pretty region's op written without result names has the result
** types its syntax writes; an empty pretty region yields nothing. Each
** verdict is mlir-opt-22's, at the mask's line (line 2).
*/
#include <criterion/criterion.h>

#include <stdio.h>

#include "helpers.h"

TestSuite(vector_mask_maps, .fini = test_catalog_release);

static void expect(const char *args, const char *op, const char *want) {
  char text[2048];
  snprintf(text, sizeof text,
           "#a = affine_map<(i, j, k) -> (i, k)>\n"
           "func.func @f(%s) {\n"
           "  %s\n"
           "  return\n"
           "}\n",
           args, op);
  test_expect_codes(text, want);
}

#define READ_ARGS "%t: tensor<?x?xf32>, %t3: tensor<?x?x?xf32>, %i: index, %p: f32, %m: "

Test(vector_mask_maps, a_transfer_read_masks_its_source_dims_in_order) {
  const char *perm = "{permutation_map = affine_map<(d0, d1) -> (d1, d0)>}";
  char op[512];
  snprintf(op, sizeof op,
           "%%r = vector.mask %%m { vector.transfer_read %%t[%%i, %%i], %%p %s : tensor<?x?xf32>, vector<8x4xf32> } "
           ": vector<4x8xi1> -> vector<8x4xf32>", perm);
  expect(READ_ARGS "vector<4x8xi1>", op, "");
  /* 'vector.mask' op expects a 'vector<4x8xi1>' mask for the maskable operation */
  snprintf(op, sizeof op,
           "%%r = vector.mask %%m { vector.transfer_read %%t[%%i, %%i], %%p %s : tensor<?x?xf32>, vector<8x4xf32> } "
           ": vector<8x4xi1> -> vector<8x4xf32>", perm);
  expect(READ_ARGS "vector<8x4xi1>", op, "masked-op@3");
  /* a broadcast dim is no mask dim; an unused source dim neither */
  expect(READ_ARGS "vector<4xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (0, d0)>} "
         ": tensor<?x?xf32>, vector<8x4xf32> } : vector<4xi1> -> vector<8x4xf32>",
         "");
  expect(READ_ARGS "vector<8x4xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (0, d0)>} "
         ": tensor<?x?xf32>, vector<8x4xf32> } : vector<8x4xi1> -> vector<8x4xf32>",
         "masked-op@3");
  expect(READ_ARGS "vector<4x8xi1>",
         "%r = vector.mask %m { vector.transfer_read %t3[%i, %i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> "
         "(d2, d0)>} : tensor<?x?x?xf32>, vector<8x4xf32> } : vector<4x8xi1> -> vector<8x4xf32>",
         "");
  /* no dim used: a one-element mask */
  expect(READ_ARGS "vector<1xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (0)>} "
         ": tensor<?x?xf32>, vector<8xf32> } : vector<1xi1> -> vector<8xf32>",
         "");
  expect(READ_ARGS "vector<8xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (0)>} "
         ": tensor<?x?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>",
         "masked-op@3");
  /* the pretty default: the minor identity */
  expect(READ_ARGS "vector<8xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p : tensor<?x?xf32>, vector<8xf32> } "
         ": vector<8xi1> -> vector<8xf32>",
         "");
  expect(READ_ARGS "vector<2x8xi1>",
         "%r = vector.mask %m { vector.transfer_read %t[%i, %i], %p : tensor<?x?xf32>, vector<8xf32> } "
         ": vector<2x8xi1> -> vector<8xf32>",
         "masked-op@3");
}

Test(vector_mask_maps, a_transfer_write_masks_its_value_through_the_map) {
  /* scalable dims move with their vector dims */
  expect("%t: tensor<?x?xf32>, %i: index, %v: vector<[4]x8xf32>, %m: vector<8x[4]xi1>",
         "%r = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, "
         "d0)>} : vector<[4]x8xf32>, tensor<?x?xf32> } : vector<8x[4]xi1> -> tensor<?x?xf32>",
         "");
  expect("%t: tensor<?x?xf32>, %i: index, %v: vector<[4]x8xf32>, %m: vector<8x4xi1>",
         "%r = vector.mask %m { vector.transfer_write %v, %t[%i, %i] {permutation_map = affine_map<(d0, d1) -> (d1, "
         "d0)>} : vector<[4]x8xf32>, tensor<?x?xf32> } : vector<8x4xi1> -> tensor<?x?xf32>",
         "masked-op@3");
  /* to a memref: no result */
  expect("%t: memref<?x?xf32>, %i: index, %v: vector<4x8xf32>, %m: vector<4x8xi1>",
         "vector.mask %m { vector.transfer_write %v, %t[%i, %i] : vector<4x8xf32>, memref<?x?xf32> } : vector<4x8xi1>",
         "");
  expect("%t: memref<?x?xf32>, %i: index, %v: vector<4x8xf32>, %m: vector<8x4xi1>",
         "vector.mask %m { vector.transfer_write %v, %t[%i, %i] : vector<4x8xf32>, memref<?x?xf32> } : vector<8x4xi1>",
         "masked-op@3");
}

#define CONTRACT(m)                                                                                                   \
  "%r = vector.mask %m { vector.contract {indexing_maps = [#a, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, "   \
  "k) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %x, %y, "   \
  "%z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32> } : " m " -> vector<2x4xf32>"
#define CONTRACT_ARGS(m) "%x: vector<2x3xf32>, %y: vector<3x4xf32>, %z: vector<2x4xf32>, %m: " m

Test(vector_mask_maps, a_contraction_masks_its_loops) {
  expect(CONTRACT_ARGS("vector<2x4x3xi1>"), CONTRACT("vector<2x4x3xi1>"), "");
  /* 'vector.mask' op expects a 'vector<2x4x3xi1>' mask for the maskable operation */
  expect(CONTRACT_ARGS("vector<2x3x4xi1>"), CONTRACT("vector<2x3x4xi1>"), "masked-op@3");
  expect(CONTRACT_ARGS("vector<2x4xi1>"), CONTRACT("vector<2x4xi1>"), "masked-op@3");
}

Test(vector_mask_maps, unnamed_results_and_empty_regions) {
  /* 'vector.mask' op expects result type to match maskable operation result type */
  expect("%v: vector<8xf32>, %m: vector<8xi1>",
         "%r = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> vector<8xf32>",
         "masked-op@3");
  /* expects number of results to match mask region yielded values */
  expect("%v: vector<8xf32>, %m: vector<8xi1>",
         "vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1>", "masked-op@3");
  expect("%v: vector<8xf32>, %m: vector<8xi1>", "%r = vector.mask %m { } : vector<8xi1> -> vector<8xf32>",
         "masked-op@3");
  expect("%v: vector<8xf32>, %m: vector<8xi1>", "vector.mask %m { } : vector<8xi1>", "");
  expect("%v: vector<8xf32>, %m: vector<8xi1>",
         "%r = vector.mask %m { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>", "");
  expect("%v: vector<8xf32>, %m: vector<8xi1>",
         "%r = vector.mask %m, %v { vector.yield %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>", "");
}

/* GatherOp::getExpectedMaskType: the index vector's shape (generic form;
** the mask op is verified before the gather inside). */
#define GATHER(idx, m)                                                                                               \
  "%r = \"vector.mask\"(%m) ({\n"                                                                                     \
  "    %g = \"vector.gather\"(%b, %i, %v, %gm, %p) : (memref<?xf32>, index, " idx ", vector<16xi1>, vector<16xf32>) " \
  "-> vector<16xf32>\n"                                                                                               \
  "    \"vector.yield\"(%g) : (vector<16xf32>) -> ()\n"                                                               \
  "  }) : (" m ") -> vector<16xf32>"
#define GATHER_ARGS(idx, m)                                                                                          \
  "%b: memref<?xf32>, %i: index, %v: " idx ", %gm: vector<16xi1>, %p: vector<16xf32>, %m: " m

Test(vector_mask_maps, a_gather_masks_its_index_vector) {
  expect(GATHER_ARGS("vector<16xi32>", "vector<16xi1>"), GATHER("vector<16xi32>", "vector<16xi1>"), "");
  /* 'vector.mask' op expects a 'vector<16xi1>' mask for the maskable operation */
  expect(GATHER_ARGS("vector<16xi32>", "vector<8xi1>"), GATHER("vector<16xi32>", "vector<8xi1>"), "masked-op@3");
  /* the index vector's shape, not the result's: vector<8xi1> expected; the
  ** gather's own verifier rejects it too (expected result dim to match
  ** indices dim), which mlir-opt-22 reports once the mask is right */
  expect(GATHER_ARGS("vector<8xi32>", "vector<16xi1>"), GATHER("vector<8xi32>", "vector<16xi1>"),
         "masked-op@3 operand-shapes@4");
  expect(GATHER_ARGS("vector<8xi32>", "vector<8xi1>"), GATHER("vector<8xi32>", "vector<8xi1>"), "operand-shapes@4");
}

/* Pretty: the bracket group after the indices' (`%b[%i, %i] [%v]`) holds
** the index vector, an operand (its definition's type). */
#define PRETTY_GATHER(mv, m)                                                                                 \
  "%r = vector.mask " mv " { vector.gather %b2[%i, %i] [%v], %gm, %p : memref<?x?xf32>, vector<16xi32>, "          \
  "vector<16xi1>, vector<16xf32> into vector<16xf32> } : " m " -> vector<16xf32>"

Test(vector_mask_maps, a_pretty_gather_masks_its_index_vector) {
  const char *args = "%b2: memref<?x?xf32>, %i: index, %v: vector<16xi32>, %gm: vector<16xi1>, %p: vector<16xf32>, "
                     "%m: vector<16xi1>, %m8: vector<8xi1>";
  expect(args, PRETTY_GATHER("%m", "vector<16xi1>"), "");
  /* 'vector.mask' op expects a 'vector<16xi1>' mask for the maskable operation */
  expect(args, PRETTY_GATHER("%m8", "vector<8xi1>"), "masked-op@3");
  /* the mask right, the unnamed gather inside its own verifier's error
  ** (mlir-opt-22: 'vector.gather' op expected result dim to match indices
  ** dim, on that line) */
  expect("%b: tensor<?xf32>, %i: index, %v: vector<5xi32>, %gm: vector<4xi1>, %p: vector<4xf32>, %m: vector<5xi1>",
         "%r = vector.mask %m { vector.gather %b[%i] [%v], %gm, %p : tensor<?xf32>, vector<5xi32>, vector<4xi1>, "
         "vector<4xf32> into vector<4xf32> } : vector<5xi1> -> vector<4xf32>",
         "operand-shapes@3");
  /* a 2-d index vector: the mask has its shape */
  expect("%b: memref<?xf32>, %i: index, %v: vector<2x8xi32>, %gm: vector<2x8xi1>, %p: vector<2x8xf32>, "
         "%m: vector<16xi1>",
         "%r = vector.mask %m { vector.gather %b[%i] [%v], %gm, %p : memref<?xf32>, vector<2x8xi32>, vector<2x8xi1>, "
         "vector<2x8xf32> into vector<2x8xf32> } : vector<16xi1> -> vector<2x8xf32>",
         "masked-op@3");
}

#define OUTER_ARGS "%a: vector<4xf32>, %b: vector<[8]xf32>, %s: f32, %m: "

Test(vector_mask_maps, an_outer_product_masks_its_result) {
  /* pretty: the result is the one the parser infers, lhs x rhs */
  expect(OUTER_ARGS "vector<4x[8]xi1>",
         "%r = vector.mask %m { vector.outerproduct %a, %b : vector<4xf32>, vector<[8]xf32> } "
         ": vector<4x[8]xi1> -> vector<4x[8]xf32>",
         "");
  /* 'vector.mask' op expects a 'vector<4x[8]xi1>' mask for the maskable operation */
  expect(OUTER_ARGS "vector<4x8xi1>",
         "%r = vector.mask %m { vector.outerproduct %a, %b : vector<4xf32>, vector<[8]xf32> } "
         ": vector<4x8xi1> -> vector<4x[8]xf32>",
         "masked-op@3");
  expect(OUTER_ARGS "vector<4xi1>",
         "%r = vector.mask %m { vector.outerproduct %a, %s : vector<4xf32>, f32 } : vector<4xi1> -> vector<4xf32>", "");
  expect(OUTER_ARGS "vector<4x1xi1>",
         "%r = vector.mask %m { vector.outerproduct %a, %s : vector<4xf32>, f32 } : vector<4x1xi1> -> vector<4xf32>",
         "masked-op@3");
  /* expects number of results to match mask region yielded values: the op has one */
  expect(OUTER_ARGS "vector<4xi1>", "vector.mask %m { vector.outerproduct %a, %s : vector<4xf32>, f32 } : vector<4xi1>",
         "masked-op@3");
  /* generic: the declared result's shape */
  expect(OUTER_ARGS "vector<5xi1>",
         "%r = \"vector.mask\"(%m) ({\n"
         "    %o = \"vector.outerproduct\"(%a, %s) <{kind = #vector.kind<add>}> : (vector<4xf32>, f32) -> vector<4xf32>\n"
         "    \"vector.yield\"(%o) : (vector<4xf32>) -> ()\n"
         "  }) : (vector<5xi1>) -> vector<4xf32>",
         "masked-op@3");
}

Test(vector_mask_maps, an_unnamed_op_with_a_result_typed_as_an_operand) {
  /* the contraction's result has the accumulator's type: one result */
  expect(CONTRACT_ARGS("vector<2x4x3xi1>"),
         "vector.mask %m { vector.contract {indexing_maps = [#a, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, "
         "k) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %x, "
         "%y, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32> } : vector<2x4x3xi1>",
         "masked-op@3"); /* expects number of results to match mask region yielded values */
  expect(CONTRACT_ARGS("vector<2x4x3xi1>"),
         "%r = vector.mask %m { vector.contract {indexing_maps = [#a, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, "
         "j, k) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} "
         "%x, %y, %z : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32> } : vector<2x4x3xi1> -> vector<4x2xf32>",
         "masked-op@3"); /* expects result type to match maskable operation result type */
  /* a write to a tensor has a result; to a memref none */
  expect("%t: tensor<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "vector.mask %m { vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32> } : vector<4xi1>",
         "masked-op@3");
  expect("%t: tensor<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "%r = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32> } "
         ": vector<4xi1> -> tensor<?xf32>",
         "");
  expect("%t: memref<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "%r = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<4xf32>, memref<?xf32> } "
         ": vector<4xi1> -> memref<?xf32>",
         "masked-op@3");
}

Test(vector_mask_maps, a_named_op_with_no_results) {
  /* mlir-opt-22's parser: "cannot name an operation with no results", at the name */
  expect("%t: memref<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "%r = vector.mask %m { vector.transfer_write %v, %t[%i] : vector<4xf32>, memref<?xf32> } : vector<4xi1>",
         "op-syntax@3");
  expect("%t: memref<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "%r = vector.transfer_write %v, %t[%i] : vector<4xf32>, memref<?xf32>", "op-syntax@3");
  expect("%t: tensor<?xf32>, %i: index, %v: vector<4xf32>, %m: vector<4xi1>",
         "%r = vector.transfer_write %v, %t[%i] : vector<4xf32>, tensor<?xf32>", "");
}

Test(vector_mask_maps, a_type_alias_leaves_an_optional_result_unknown) {
  /* what `!t` stands for is not read by the syntax: named, the result
  ** keeps the alias; unnamed, its count stays unknown (no verdict) */
  const char *text = "!t = tensor<?xf32>\n"
                     "!mr = memref<?xf32>\n"
                     "func.func @f(%v: vector<4xf32>, %s: !t, %b: !mr, %i: index, %m: vector<4xi1>) -> !t {\n"
                     "  %0 = vector.transfer_write %v, %s[%i] : vector<4xf32>, !t\n"
                     "  %1 = vector.mask %m { vector.transfer_write %v, %s[%i] : vector<4xf32>, !t } "
                     ": vector<4xi1> -> !t\n"
                     "  vector.mask %m { vector.transfer_write %v, %b[%i] : vector<4xf32>, !mr } : vector<4xi1>\n"
                     "  return %1 : !t\n"
                     "}\n";
  test_expect_codes(text, "");
}
