/*
** list_const.h: integer constants that frontend dialects spell as ops of
** their own rather than as a dense attribute (torch-mlir's
** `%int1 = torch.constant.int 1`, `torch.constant.bool true`,
** `torch.constant.none`, and `torch.prim.ListConstruct %int1, %int2 :
** (!torch.int, !torch.int) -> !torch.list<int>`), read for the structured-op
** parameters that come from constant operands (sop_params.h, {"operand": N}).
**
** Ops are recognised by the shape of their names, as records.c recognises
** `*.constant`: a name ending in `.constant.int` / `.constant.bool` holds
** one integer (its `value` attribute in the generic form, the word after
** the name in the pretty form; a bool is 0 or 1), `.constant.none` an
** empty list (an absent optional argument), and a name ending in
** `.ListConstruct` the list of its operands' integers (each such a
** scalar constant). Anything else is not a constant.
*/
#ifndef MS_LIST_CONST_H
#define MS_LIST_CONST_H

#include <stdbool.h>
#include <stdint.h>

#include "records.h"

/* The integers of value v (a value of rec) as above: true with *n of them
** in out[0..max), false when v is not such a constant (or has more). */
bool ms_list_constant(const ms_records *rec, const char *text, uint32_t v, int64_t *out, int max, int *n);

#endif
