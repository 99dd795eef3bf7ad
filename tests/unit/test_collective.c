/*
** test_collective.c: unit tests of collective.c (all_gather,
** reduce_scatter, all_to_all, all_reduce, collective_permute,
** collective_broadcast).
*/
#include "sop_case.h"
#include "sop_check.h"

Test(collective, all_gather_against_declared_result) {
  sop_case c = {0};
  sc_op(&c, "tensor<8x2xf32>");
  sc_res(&c, "tensor<8x8xf32>");
  sc_list(&c, "all_gather_dim", "1");
  sc_list(&c, "replica_groups", "0, 2, 4, 6, 1, 3, 5, 7");
  sc_ok(&c, "all_gather", "tensor<8x?xf32>");
  c.res[0].dims[1] = 7;
  sc_fails(&c, "all_gather", MS_CODE_COLLECTIVE_DIMS);
  c.res[0].dims[1] = 8;
  c.res[0].dims[0] = 4;
  sc_fails(&c, "all_gather", MS_CODE_COLLECTIVE_DIMS);
  c.res[0].dims[0] = 8;
  c.params[0].v[0] = 2;
  sc_fails(&c, "all_gather", MS_CODE_DIMS_RANGE);
  c.params[0].v[0] = 1;
  c.params[1].v[1] = 0;
  sc_fails(&c, "all_gather", MS_CODE_REPLICA_GROUPS);
}

Test(collective, reduce_scatter) {
  sop_case c = {0};
  sc_op(&c, "tensor<4x16xf32>");
  sc_res(&c, "tensor<4x5xf32>");
  sc_list(&c, "scatter_dimension", "1");
  sc_fails(&c, "reduce_scatter", MS_CODE_COLLECTIVE_DIMS);
  c.res[0].dims[1] = 4;
  sc_ok(&c, "reduce_scatter", "tensor<4x?xf32>");
  c.params[0].v[0] = 2;
  sc_fails(&c, "reduce_scatter", MS_CODE_DIMS_RANGE);
}

Test(collective, all_to_all) {
  sop_case c = {0};
  sc_op(&c, "tensor<4x16xf32>");
  sc_list(&c, "split_dimension", "1");
  sc_list(&c, "concat_dimension", "0");
  sc_list(&c, "split_count", "4");
  sc_ok(&c, "all_to_all", "tensor<16x4xf32>");
  c.params[2].v[0] = 3;
  sc_fails(&c, "all_to_all", MS_CODE_COLLECTIVE_DIMS);
  c.params[2].v[0] = 4;
  c.params[1].v[0] = 2;
  sc_fails(&c, "all_to_all", MS_CODE_DIMS_RANGE);
}

Test(collective, same_shapes_and_ids) {
  sop_case c = {0};
  sc_ops(&c, "tensor<4x?xf32>", "tensor<2xi32>", NULL);
  sc_list(&c, "replica_groups", "0, -1, 1, 2");
  cr_assert_eq(sc_run(&c, "all_reduce"), MS_INFER_OK, "%s", c.out.why);
  cr_assert_str_eq(sc_result(&c, 1), "tensor<2xi32>");
  sop_case p = {0};
  sc_op(&p, "tensor<4xf32>");
  sc_list(&p, "source_target_pairs", "0, 1, 0, 2");
  sc_fails(&p, "collective_permute", MS_CODE_REPLICA_GROUPS);
  cr_assert(strstr(p.out.why, "sources"));
  p.params[0].v[2] = 1;
  p.params[0].v[3] = 1;
  sc_fails(&p, "collective_permute", MS_CODE_REPLICA_GROUPS);
  cr_assert(strstr(p.out.why, "targets"));
}

Test(collective, all_to_all_group_size) {
  sop_case c = {0};
  sc_op(&c, "tensor<4x16xf32>");
  sc_list(&c, "split_dimension", "1");
  sc_list(&c, "concat_dimension", "0");
  sc_list(&c, "split_count", "4");
  sc_list(&c, "replica_groups", "0, 1, 2, 3, 4, 5, 6, 7");
  c.params[3].nshape = 2;
  c.params[3].shape[0] = 4;
  c.params[3].shape[1] = 2;
  sc_fails(&c, "all_to_all", MS_CODE_REPLICA_GROUPS);
  c.params[3].shape[0] = 2;
  c.params[3].shape[1] = 4;
  cr_assert_eq(sc_run(&c, "all_to_all"), MS_INFER_OK, "%s", c.out.why);
}
