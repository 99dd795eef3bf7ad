/*
** attr_struct.h: readers of structured attribute values (the formats a
** rule file's "params" name with "format"; rules/README.md).
**
** Pure and allocation-free like attr.h: each function finds a piece of an
** attribute's text and hands back a sub-span (to be read by attr.h's
** parsers) or integers. Formats:
**   - struct / dict: `field = value` inside `#dialect.name<...>`,
**     `#dialect.name<raw ...>` or `{...}`, or in a bare `a = 1, b = [2]`
**     run (ms_attr_field);
**   - pair: one side of `[0] x [1]` (ms_attr_pair);
**   - conv_dims: the convolution dimension numbers in the compact form
**     `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` (also inside
**     `#stablehlo.conv<...>`) or as raw fields (ms_attr_conv_dims);
**   - the nesting shape of a list, `[[0, 0], [1, 1]]` or a typed dense
**     value (ms_attr_list_shape: the padding's {N, 2}).
** Every function returns false on text it cannot read; nothing is guessed.
*/
#ifndef MS_ATTR_STRUCT_H
#define MS_ATTR_STRUCT_H

#define MS_ATTR_STRUCT_MAX 256   /* the longest list ms_attr_list_shape reads */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The value of `field = value` at the top level of text (inside its outer
** `<...>` or `{...}` when it has one), up to the next top-level comma or
** the closer; spaces trimmed. */
bool ms_attr_field(const char *text, size_t len, const char *field, const char **value, size_t *vlen);

/* How many entries (`key = value` or bare values) text's struct has, and
** whether no key is written twice. */
int ms_attr_field_count(const char *text, size_t len);
bool ms_attr_field_unique(const char *text, size_t len);

/* Side index (0 or 1) of `A x B` (A and B balanced). */
bool ms_attr_pair(const char *text, size_t len, int index, const char **value, size_t *vlen);

/* One field of a convolution's dimension numbers: input_batch_dimension,
** input_feature_dimension, input_spatial_dimensions,
** kernel_input_feature_dimension, kernel_output_feature_dimension,
** kernel_spatial_dimensions, output_batch_dimension,
** output_feature_dimension, output_spatial_dimensions. In the compact form
** the position of `b`, `f`, `i`, `o` and of the digits (spatial dim k at
** position p) give the numbers. Writes at most max values. */
bool ms_attr_conv_dims(const char *text, size_t len, const char *field, int64_t *out, int max, int *n);

/* The shape of a list: the nesting of `[[0, 0], [1, 1]]` ({2, 2}), or the
** type of `dense<...> : tensor<2x2xi64>`; `array<i64: ...>` and a flat
** list are rank 1. */
bool ms_attr_list_shape(const char *text, size_t len, int64_t *dims, int max, int *rank);

#endif
