/*
** codes_attr_forms.c: the registry row of the dialect attribute kinds a
** rule file declares ("attributes"), judged in a module's attributes
** (analysis/module_attrs.c, algebra/attr_forms.c). codes.c reads this
** table after the others. Examples are checked by tests/cli/ci.sh like
** the others.
*/
#include "codes.h"

const ms_code_info ms_codes_attr_forms[] = {
  {"attribute-syntax", MS_SEVERITY_ERROR,
   "A dialect attribute in a module's attributes that the dialect's attribute parser rejects.",
   "A rule file may declare a dialect attribute kind and the form of its `<...>` body (\"attributes\" in "
   "rules/*.json). StableHLO's `#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>` names the input's and "
   "output's batch and feature dims (b, f), the kernel's (i, o) once each and the spatial dims 0..N-1 once each; "
   "`#stablehlo.dot<...>` takes only lhs/rhs batching and contracting dimensions, each at most once, separated "
   "by commas. Where such an attribute sits in a module's `attributes {...}`, what the parser rejects is an error "
   "with the parser's own message (\"Expected dimensions f not specified\", \"Duplicate entries for spatial "
   "dimension 1\", \"expected one of: ...\").",
   "module attributes {stablehlo.conv = #stablehlo.conv<[b, 0, 1]x[0, 1, i, o]->[b, 0, 1, f]>} {\n"
   "}\n",
   "module attributes {stablehlo.conv = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>} {\n"
   "}\n",
   "StableHLO's attribute parsers (openxla/stablehlo stablehlo/dialect/StablehloOps.cpp: "
   "parseConvolutionDimensions, parseStruct for DotDimensionNumbersAttr); the kinds declared in "
   "rules/stablehlo.json (\"attributes\").",
   false},
};

const size_t ms_codes_attr_forms_count = sizeof ms_codes_attr_forms / sizeof ms_codes_attr_forms[0];
