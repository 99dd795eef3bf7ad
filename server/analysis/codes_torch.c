/*
** codes_torch.c: the registry rows of the framework families of structured
** ops (algebra/framework.c, framework_movement.c: aten ops as PyTorch
** defines them, rules/torch.json). Their other findings reuse the family
** codes (operand-rank, contracting-dims, window, dims-out-of-range, ...).
** codes.c reads this table after the others; tests/cli/ci.sh checks the
** examples like the others'.
*/
#include "codes.h"

#define FN(args, res) "func.func @f" args " -> " res " {\n"
#define RET(t) "  return %0 : " t "\n}\n"
#define VT(s) "!torch.vtensor<[" s "],f32>"

const ms_code_info ms_codes_torch[] = {
  {"size-list", MS_SEVERITY_ERROR,
   "A list of sizes (view, expand, layer_norm, adaptive pooling) is one the op rejects.",
   "The size lists of PyTorch's ops follow rules of their own: view/reshape allow one -1 (the remaining "
   "element count; not when the other sizes multiply to 0) and no other negative size; expand/broadcast_to "
   "take at least the tensor's rank of sizes, -1 only for an existing dim, and any other size must equal the "
   "existing one unless that is 1; layer_norm's normalized_shape has at least one size; adaptive pooling's "
   "output_size is non-negative. The CPU and meta kernels agree on these.",
   FN("(%a: " VT("2,3") ")", VT("6"))
   "  %int-1 = torch.constant.int -1\n"
   "  %l = torch.prim.ListConstruct %int-1, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>\n"
   "  %0 = torch.aten.view %a, %l : " VT("2,3") ", !torch.list<int> -> " VT("6") "\n" RET(VT("6")),
   FN("(%a: " VT("2,3") ")", VT("6"))
   "  %int-1 = torch.constant.int -1\n"
   "  %l = torch.prim.ListConstruct %int-1 : (!torch.int) -> !torch.list<int>\n"
   "  %0 = torch.aten.view %a, %l : " VT("2,3") ", !torch.list<int> -> " VT("6") "\n" RET(VT("6")),
   "PyTorch 1.13 ATen: InferSize.h infer_size_impl, ExpandUtils.cpp inferExpandGeometry, layer_norm.h "
   "_check_layer_norm_inputs, AdaptiveAveragePooling.cpp; the op's rule entry (\"algebra\", rules/torch.json).",
   false},
};

const size_t ms_codes_torch_count = sizeof ms_codes_torch / sizeof ms_codes_torch[0];
