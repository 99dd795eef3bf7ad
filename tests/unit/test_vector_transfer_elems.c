/*
** test_vector_transfer_elems.c: unit tests of the vector_transfer family
** (vector_maps.c) on sources whose elements are vectors
** (memref<?x?xvector<4xf32>>), as LLVM 22's verifyTransferOp and
** TransferReadOp::verify check them: the minor 1-D vectors' bit widths,
** the element vector's rank against the vector's, the map's results (the
** vector's rank less the element's), no mask, the padding exactly the
** element vector. Verdicts are mlir-opt-22's (tests/diff/linalg_diff.py).
*/
#include "sop_case.h"

TestSuite(vector_transfer_elems);

/* A generic transfer_read of base at two indices with padding pad, into
** vec, with the map `(d0, d1) -> (results)` (nres of them) and in_bounds
** of nres; a mask when mask is not NULL. */
static void read_case(sop_case *c, const char *base, const char *pad, const char *mask, const char *vec,
                      const char *map) {
  memset(c, 0, sizeof *c);
  sc_op(c, base);
  sc_op(c, "index");
  sc_op(c, "index");
  sc_op(c, pad);
  if (mask) sc_op(c, mask);
  sc_res(c, vec);
  sc_list(c, "permutation_map", map);
  int nres = (int)strtol(map + 6, NULL, 10); /* "2, 0, N, ..." */
  sc_list(c, "in_bounds", nres == 0 ? "" : nres == 1 ? "0" : "0, 0");
  sc_list(c, "operandSegmentSizes", mask ? "1, 2, 1, 1" : "1, 2, 1, 0");
}

#define D1 "2, 0, 1, 1"       /* (d0, d1) -> (d1) */
#define NONE "2, 0, 0"        /* (d0, d1) -> () */
#define D1_D0 "2, 0, 2, 1, 0" /* (d0, d1) -> (d1, d0) */
#define D1_ZERO "2, 0, 2, 1, -1" /* (d0, d1) -> (d1, 0) */

Test(vector_transfer_elems, outer_dims_then_the_element_vector) {
  sop_case c;
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x4xf32>", D1);
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<4xf32>", NONE);
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x3x4xf32>", D1_D0);
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
  /* a broadcast dim on a read */
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x2x4xf32>", D1_ZERO);
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
  /* a minor dim of 8 f32 holds two vector<4xf32> */
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x8xf32>", D1);
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
}

Test(vector_transfer_elems, what_the_verifier_rejects) {
  sop_case c;
  /* 6 x 32 bits is no multiple of 4 x 32 */
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x6xf32>", D1);
  sc_fails(&c, "vector_transfer", "element-type");
  cr_expect(strstr(c.out.why, "minor 1-D vector of the source"), "%s", c.out.why);
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x4xf16>", D1);
  sc_fails(&c, "vector_transfer", "element-type");
  /* the element vector deeper than the vector */
  read_case(&c, "memref<?x?xvector<2x4xf32>>", "vector<2x4xf32>", NULL, "vector<4xf32>", NONE);
  sc_fails(&c, "vector_transfer", "dims-count");
  /* the map gives the vector's own rank, not the outer dims' */
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", NULL, "vector<2x4xf32>", D1_D0);
  sc_fails(&c, "vector_transfer", "indexing-maps");
  /* no mask on vector elements */
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf32>", "vector<2xi1>", "vector<2x4xf32>", D1);
  sc_fails(&c, "vector_transfer", "operand-shapes");
  /* the padding is the element vector itself */
  read_case(&c, "memref<?x?xvector<4xf32>>", "f32", NULL, "vector<2x4xf32>", D1);
  sc_fails(&c, "vector_transfer", "element-type");
  cr_expect(strstr(c.out.why, "padding type to match"), "%s", c.out.why);
  read_case(&c, "memref<?x?xvector<4xf32>>", "vector<4xf16>", NULL, "vector<2x4xf32>", D1);
  sc_fails(&c, "vector_transfer", "element-type");
}

Test(vector_transfer_elems, pretty_form_defaults_to_the_minor_identity_of_the_outer_dims) {
  sop_case c = {0};
  sc_op(&c, "memref<?x?xvector<4xf32>>");
  sc_op(&c, "index");
  sc_op(&c, "index");
  sc_op(&c, "vector<4xf32>");
  sc_res(&c, "vector<3x2x4xf32>");
  cr_expect_eq(sc_run(&c, "vector_transfer"), MS_INFER_UNKNOWN, "%s", c.out.why);
  /* three outer dims over a rank-2 source, or an element deeper than the vector */
  sc_shape(&c.res[0], "vector<5x3x2x4xf32>");
  sc_fails(&c, "vector_transfer", "indexing-maps");
  sc_shape(&c.ops[0], "memref<?x?xvector<2x4xf32>>");
  sc_shape(&c.ops[3], "vector<2x4xf32>");
  sc_shape(&c.res[0], "vector<4xf32>");
  sc_fails(&c, "vector_transfer", "indexing-maps");
}

Test(vector_transfer_elems, writes_on_a_tensor_of_vectors) {
  sop_case c = {0};
  sc_op(&c, "vector<2x4xf32>");
  sc_op(&c, "tensor<?x?xvector<4xf32>>");
  sc_op(&c, "index");
  sc_op(&c, "index");
  sc_res(&c, "tensor<?x?xvector<4xf32>>");
  sc_list(&c, "write", "1");
  sc_ok(&c, "vector_transfer", "tensor<?x?xvector<4xf32>>");
  sc_list(&c, "permutation_map", "2, 0, 1, -1"); /* (d0, d1) -> (0) */
  sc_fails(&c, "vector_transfer", "indexing-maps");
}
