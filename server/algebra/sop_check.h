/*
** sop_check.h: checks shared by the structured-op families (sop.h).
**
** Part of the pure algebra. The constraints StableHLO's verifiers repeat
** across op families: a dimension list sorted, without repeats, disjoint
** from another, inside a rank; two dims compatible (`?` fits anything);
** a result shape started like an operand. Each check that fails writes
** the reason and the registry code to the family's ms_sop_out and returns
** false, so a family reads as the verifier's list of constraints:
**   if (!ms_sop_sorted(out, p, "offset_dims")) return MS_INFER_INVALID;
*/
#ifndef MS_SOP_CHECK_H
#define MS_SOP_CHECK_H

#include <stdbool.h>
#include <stdint.h>

#include "sop.h"

/* Registry codes (server/analysis/codes.c) of the structured-op checks. */
#define MS_CODE_DIMS_RANGE "dims-out-of-range"        /* a dimension number outside its rank */
#define MS_CODE_DIMS_ORDER "dims-order"               /* a dims list unsorted, repeated or overlapping */
#define MS_CODE_DIMS_COUNT "dims-count"               /* a list's length against a rank */
#define MS_CODE_INDEX_VECTOR "index-vector-size"      /* gather/scatter: index vector against the dims map */
#define MS_CODE_BATCHING_SIZE "index-batching-dims"   /* gather/scatter: batching dims of unequal sizes */
#define MS_CODE_SLICE_BOUNDS "slice-out-of-bounds"    /* a slice, window or size beyond the operand */
#define MS_CODE_UPDATE_SHAPE "update-shape"           /* scatter / dynamic_update_slice updates */
#define MS_CODE_OPERANDS_SHAPE "operand-shapes"       /* operands that must agree do not */
#define MS_CODE_SOP_ELEMENTS "element-count"          /* reshape: element counts differ (codes.c row, with shape_cast) */
#define MS_CODE_OPERAND_RANK "operand-rank"           /* an operand's rank the op forbids (contraction.c's too) */
#define MS_CODE_SQUARE "square-matrix"                /* cholesky, triangular_solve: minor dims differ */
#define MS_CODE_SOP_ELEMENT_TYPE "element-type"       /* fft: real/complex element type (codes.c row, with arith) */
#define MS_CODE_ATTRIBUTE_VALUE "attribute-value"     /* an enum value the op rejects */
#define MS_CODE_MISSING_ATTRIBUTE "missing-attribute" /* a required attribute is absent (codes_hlo_attrs.c) */
#define MS_CODE_COLLECTIVE_DIMS "collective-dims"     /* all_gather/reduce_scatter/all_to_all dims and sizes */
#define MS_CODE_SOP_COUNT "operand-count"             /* operands or results of the wrong number (codes.c row) */
#define MS_CODE_BIT_WIDTH "bit-width"                /* bitcast_convert: shapes against element bit widths */
#define MS_CODE_REPLICA_GROUPS "replica-groups"       /* collectives: replica ids repeated, missing or negative */

/* A list parameter, or an empty one when the op leaves it out (the
** default of StableHLO's struct attributes); *given tells which. */
const ms_sop_param *ms_sop_list_or_empty(const ms_sop_in *in, const char *name, bool *given);

/* Checks: each returns true when the constraint holds, else fails out. */
bool ms_sop_sorted(ms_sop_out *out, const ms_sop_param *p, const char *name);
bool ms_sop_unique(ms_sop_out *out, const ms_sop_param *p, const char *name);
bool ms_sop_disjoint(ms_sop_out *out, const ms_sop_param *a, const char *an, const ms_sop_param *b,
                     const char *bn);
/* Every entry in [0, bound) (inclusive: [0, bound]); bound_name says what bound is. */
bool ms_sop_in_range(ms_sop_out *out, const ms_sop_param *p, const char *name, int64_t bound,
                     const char *bound_name, bool inclusive);

/* Two ranked shapes of one rank whose dims are pairwise compatible. */
bool ms_sop_shapes_compatible(const ms_shape *a, const ms_shape *b);

/* The bit width of a builtin element type (i1, ui8, f16, bf16, f8E4M3FN,
** complex<f32>: 64), or 0 when unknown (index, tf32, quantized, dialect);
** defined in movement.c. */
int ms_sop_bit_width(const char *e);

/* StableHLO infers a reduction's result element types from what its body
** returns (inferReduceOp, inferReduceWindowOp: the accumulator types): at
** the declared types, result r's element type against region's returned
** value r, for the first n, where both are plain builtin types (exact
** equality, isCompatibleElementTypeForHloTypeInference). False with out's
** reason (code "element-type"). */
bool ms_sop_body_elems(const ms_sop_in *in, int region, int n, ms_sop_out *out);

/* Whether operand i is there and typed (not MS_TYPE_OTHER: an absent
** optional operand such as ONNX's `none`). */
bool ms_sop_given(const ms_sop_in *in, int i);

/* The operand traits operand_traits.c checks ("min_ranks",
** "element_ranks", "elements", "dim_equals", "equal_dims",
** "elements_equal_dim"; each absent parameter passes), for a family
** function whose op also declares them; false with out's reason. */
bool ms_sop_operand_traits_hold(const ms_sop_in *in, ms_sop_out *out);

/* OK with n results of which nothing is known (unranked). */
ms_infer_verdict ms_sop_unknown_results(ms_sop_out *out, int n);

/* Normalizes an axis in [-rank, rank) to [0, rank); false with out's
** reason (what names the parameter). */
bool ms_sop_axis_in(ms_sop_out *out, int64_t *axis, int rank, const char *what);

/* Result r is x's shape (without bounds), noted as `note`; OK. */
ms_infer_verdict ms_sop_same_shape(const ms_sop_in *in, ms_sop_out *out, int r, const ms_shape *x, const char *note);

/* Whether a vector combining kind ("add", "and", "maxnumf", ...) applies
** to the element type elem (VectorOps.cpp isSupportedCombiningKind); true
** where elem is not a known integer or float. Defined in vector_maps.c. */
bool ms_sop_kind_supported(const char *kind, const char *elem);

/* Whether v holds x. */
bool ms_sop_contains(const int64_t *v, int n, int64_t x);

/* Starts a ranked result of rank `rank` with like's kind and element type,
** dims `?` and no bounds. */
void ms_sop_result(ms_shape *res, const ms_shape *like, int rank);

/* Sets res dim i to like's dim j, with its bound when like has one. */
void ms_sop_copy_dim(ms_shape *res, int i, const ms_shape *like, int j);

#endif
