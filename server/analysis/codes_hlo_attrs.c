/*
** codes_hlo_attrs.c: the registry rows of StableHLO's attribute-presence
** checks that a family function makes when its rule entry asks for them
** (algebra/movement.c transpose's `permutation_required`; the code is
** named in algebra/sop_check.h). codes.c reads this table after the
** others. Examples are checked by tests/cli/ci.sh like the others.
*/
#include "codes.h"

const ms_code_info ms_codes_hlo_attrs[] = {
  {"missing-attribute", MS_SEVERITY_ERROR,
   "A required attribute of the op is absent.",
   "Some attributes are not optional in the op's ODS definition: in the generic form the verifier rejects the op "
   "without them (\"requires attribute 'permutation'\"), and the pretty form's parser cannot read it without "
   "them. stablehlo.transpose needs `permutation` (pretty: `dims = [...]`). The rule entry says so with the "
   "parameter `permutation_required`.",
   "func.func @f(%a: tensor<1x2xi32>) -> tensor<2x1xi32> {\n"
   "  %0 = \"stablehlo.transpose\"(%a) {} : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
   "  return %0 : tensor<2x1xi32>\n"
   "}\n",
   "func.func @f(%a: tensor<1x2xi32>) -> tensor<2x1xi32> {\n"
   "  %0 = \"stablehlo.transpose\"(%a) {permutation = array<i64: 1, 0>} : (tensor<1x2xi32>) -> tensor<2x1xi32>\n"
   "  return %0 : tensor<2x1xi32>\n"
   "}\n",
   "StableHLO's ODS (openxla/stablehlo stablehlo/dialect/StablehloOps.td: StableHLO_TransposeOp's "
   "DenseI64ArrayAttr:$permutation, assembly format `dims = $permutation`); the op's rule entry (rules/stablehlo.json).",
   false},
};

const size_t ms_codes_hlo_attrs_count = sizeof ms_codes_hlo_attrs / sizeof ms_codes_hlo_attrs[0];
