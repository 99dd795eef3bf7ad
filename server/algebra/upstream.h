/*
** upstream.h: the rules of upstream MLIR dialects' own verifiers.
**
** Part of the broadcast algebra (broadcast.h): the rules MS_RULE_SAME_TYPE
** ... MS_RULE_SAME_SHAPE reproduce what mlir-opt-22 verifies for arith/math
** elementwise ops, arith.select, arith.cmpf/cmpi, arith casts,
** vector.broadcast, vector.shape_cast, vector.outerproduct,
** linalg.broadcast, linalg's structured elementwise ops (through their
** indexing maps), tensor.splat and tensor.empty. ms_broadcast_check dispatches here; the results have the
** same form (findings with MS_CODE_* codes, the inferred shape). Pure.
*/
#ifndef MS_UPSTREAM_H
#define MS_UPSTREAM_H

#include <stdbool.h>
#include <stddef.h>

#include "broadcast.h"

/* Applies one of the upstream rules; false when rule is not one of them
** (out untouched). out has been cleared by the caller. */
bool ms_upstream_check(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands, int noperands,
                       const char *const *operand_names, const ms_shape *results, int nresults,
                       ms_broadcast_result *out);

/* Whether rule is one of these (they verify types as written: the
** analyzer does not judge them again at inferred shapes). */
bool ms_upstream_is_type_rule(ms_rule rule);

/* Reads `[affine_map<(d0, d1) -> (d0)>, ...]` into opts (has_maps, nmaps,
** nloops, map_rank, maps). A list it cannot read (`#map` aliases, symbols
** in results) sets maps_unreadable instead: the maps are then not checked.
** Returns false only when text is not a list at all. */
bool ms_upstream_parse_maps(const char *text, size_t len, ms_broadcast_options *opts);

/* The iterator types `["parallel", "reduction"]` or
** `[#linalg.iterator_type<parallel>]`: opts->niterators (their count) and
** has_iterators; false (nothing set) when text is not such a list. */
bool ms_upstream_parse_iterators(const char *text, size_t len, ms_broadcast_options *opts);

#endif
