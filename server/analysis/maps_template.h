/*
** maps_template.h: a rule entry's default indexing maps with the op's
** attributes filled in (rules/README.md, "indexing_maps").
**
** Named convolutions and poolings (linalg.conv_2d_nhwc_hwcf, ...) index
** their input by `oh * stride + kh * dilation`: their maps depend on the
** op's `strides` and `dilations`. A default map list may name them as
** `{strides[0]}`: element 0 of the attribute's integer list
** (`dense<[2, 1]> : tensor<2xi64>`, `dense<1> : tensor<2xi64>`,
** `array<i64: 2, 1>`, pretty `strides = [2, 1]`), 1 when the op does not
** write the attribute (the ops' default).
*/
#ifndef MS_MAPS_TEMPLATE_H
#define MS_MAPS_TEMPLATE_H

#include <stdbool.h>
#include <stddef.h>

#include "catalog.h"

/* Whether tmpl has placeholders. */
bool ms_maps_template_has(const char *tmpl);

/* tmpl with each placeholder replaced by its value for op, into buf (n
** bytes, NUL terminated); false when an attribute is written but its
** element is not there or not an integer list, or buf is too small. */
bool ms_maps_template_expand(const char *tmpl, const ms_op_view *op, char *buf, size_t n);

/* Whether tmpl's placeholders are well formed `{NAME[K]}` (the catalog
** checks a default at load). */
bool ms_maps_template_valid(const char *tmpl);

#endif
