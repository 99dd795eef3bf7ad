/*
** codes_region_ops.c: the registry rows of the region-ops family of
** structured ops (algebra/region_ops.c: CHLO's scan, StableHLO's
** async_start). codes.c reads this table after the others. Examples are
** checked by tests/cli/ci.sh like the others.
*/
#include "codes.h"

#define SCAN(attrs, x, c, res)                                                                                    \
  "func.func @f(%x: " x ", %c: " c ") -> " res " {\n"                                                            \
  "  %0:2 = chlo.scan (%x) inits (%c) dimension = 0" attrs " {\n"                                                 \
  "  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):\n"                                                          \
  "    %s = stablehlo.add %in, %carry : tensor<3xf32>\n"                                                          \
  "    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>\n"                                                  \
  "  } : (" x ", " c ") -> (" res ", " c ")\n"                                                                    \
  "  return %0#0 : " res "\n}\n"

const ms_code_info ms_codes_region_ops[] = {
  {"scan-dims", MS_SEVERITY_ERROR,
   "A scan's dimension is not a dimension of an input, or the inputs' sizes along it disagree.",
   "chlo.scan scans its inputs along `dimension`, which must name a dimension of every input; the inputs' "
   "static sizes along it must be equal, and equal to `scan_dim_size` when the op gives it. Each output's "
   "result is what the body returns with that size put back at `dimension`.",
   SCAN(" attributes {scan_dim_size = 3 : i64}", "tensor<2x3xf32>", "tensor<3xf32>", "tensor<2x3xf32>"),
   SCAN(" attributes {scan_dim_size = 2 : i64}", "tensor<2x3xf32>", "tensor<3xf32>", "tensor<2x3xf32>"),
   "CHLO's verifier and shape function (openxla/stablehlo stablehlo/dialect/ChloOps.cpp: ScanOp::verify, "
   "ScanOp::inferReturnTypeComponents); the op's rule entry (\"algebra\": \"scan\", rules/chlo.json).",
   false},
};

const size_t ms_codes_region_ops_count = sizeof ms_codes_region_ops / sizeof ms_codes_region_ops[0];
