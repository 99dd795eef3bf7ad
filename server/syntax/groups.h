/*
** groups.h: a pretty op's bracketed groups read as attributes.
**
** Pretty ops spell some attributes as bare groups instead of `key =
** value`: tensor.extract_slice's `%t[0, %i] [2, 2] [1, 1]` (offsets,
** sizes, strides), tensor.pad's `low[1, 2] high[0, 1]`, tensor.concat's
** `dim(0)`, tensor.expand_shape's `[[0, 1], [2]] output_shape [2, 3, 4]`.
** A rule file names them with pseudo attribute names (rules/README.md):
**   "[N]"      the N-th group in brackets before the type annotation
**              (from 0; groups after a value count: `%t[0, 1]` is [0]);
**   "word[]"   the group in brackets right after the word;
**   "word()"   the group in parentheses right after the word, without
**              its parentheses (`dim(0)` gives `0`);
**   "word?"    the bare word itself, a unit attribute (`unique`): empty
**              text when written;
**   "<>"       the inside of the first `<...>` group (`vector.reduction
**              <add>, %v` gives `add`);
**   "word _"   the bare name right after the word (`applies
**              stablehlo.add` gives `stablehlo.add`);
**   "region op" (any op, generic ones too) the name of the one op in its
**              regions besides their terminators, "(several)" when more.
** Values in a group (`%i`) read as the dynamic size -9223372036854775808,
** as the generic form's `static_offsets` spells them.
*/
#ifndef MS_GROUPS_H
#define MS_GROUPS_H

#include <stddef.h>

#include "records.h"

/* The text of op's group named key (above), NULL when key is no such name
** or the op has no such group. The text lives until the next call on the
** same thread. */
/* The index of the one op in op's regions besides their terminators,
** MS_NONE when there is none or more than one. */
uint32_t ms_region_op(const ms_records *rec, const char *text, const ms_op *op);

const char *ms_pretty_group(const ms_records *rec, const char *text, const ms_op *op, const char *key, size_t *len);

#endif
