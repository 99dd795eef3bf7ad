/*
** sop_maps.h: affine maps and iterator types read as structured-op
** parameters (the formats "maps" and "iterators" of sop_params.c).
**
** A parameter holds integers (sop.h): a list of affine maps
** `[affine_map<(d0, d1)[s0] -> (d1, 0)>, ...]` (or one map, as
** `permutation_map = affine_map<...>`) becomes, per map, its dim count,
** its symbol count, its result count and one entry per result: the dim's
** position, MS_SOP_MAP_ZERO for the constant 0, MS_SOP_MAP_OTHER for any
** other expression; shape[0] is the number of maps. Iterator types
** (`["parallel", "reduction"]`, `[#vector.iterator_type<parallel>]`,
** `[#linalg.iterator_type<reduction>]`) become 0 (parallel) or 1
** (reduction) each.
*/
#ifndef MS_SOP_MAPS_H
#define MS_SOP_MAPS_H

#include <stdbool.h>
#include <stddef.h>

#include "sop.h"

#define MS_SOP_MAP_ZERO (-1)
#define MS_SOP_MAP_OTHER (-2)

/* False when text is not such a list (or map), or too long. */
bool ms_sop_read_maps(const char *text, size_t len, ms_sop_param *out);
bool ms_sop_read_iterators(const char *text, size_t len, ms_sop_param *out);

#endif
