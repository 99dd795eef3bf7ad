/*
** framework.h: helpers shared by the framework families (framework.c,
** framework_movement.c): structured ops as the ML frameworks define them
** (PyTorch's ATen shape functions and CPU kernels, which torch-mlir's aten
** ops carry), where dims wrap from the end (-1 is the last) and sizes come
** in integer lists. Part of the pure algebra (sop.h).
*/
#ifndef MS_FRAMEWORK_H
#define MS_FRAMEWORK_H

#include <stdbool.h>
#include <stdint.h>

#include "sop.h"

#define D MS_DIM_DYNAMIC

/* PyTorch's maybe_wrap_dim: dim in [-n, n) where n = max(rank, 1) (a
** scalar wraps like a 1-d tensor); false when out of range. */
bool ms_fw_wrap(int64_t dim, int rank, int64_t *out);

/* The ranked result 0 with dims[0..rank), kind and element type of base;
** its provenance (hover) names the shape function how and the operands. */
ms_infer_verdict ms_fw_emit(const ms_sop_in *in, ms_sop_out *out, const char *how, const ms_shape *base,
                            const int64_t *dims, int rank);
#define FW_EMIT(base, dims, rank) ms_fw_emit(in, out, __func__, base, dims, rank)

/* A required scalar parameter; false when not a known constant. */
bool ms_fw_scalar(const ms_sop_in *in, const char *name, int64_t *v);

/* Operand i when it is a ranked tensor; NULL when it is unranked or not a
** tensor (the function then cannot judge). */
const ms_shape *ms_fw_ranked(const ms_sop_in *in, int i);

/* Whether operand i is a tensor (not !torch.none or a scalar). */
bool ms_fw_is_tensor(const ms_sop_in *in, int i);

/* Unidirectional broadcast of b onto target (right-aligned, each b dim 1
** or equal, rank(b) <= rank(target)); `?` fits anything. */
bool ms_fw_broadcasts_onto(const ms_shape *b, const int64_t *target, int trank);

/* The product of dims (D when any is D). */
int64_t ms_fw_numel(const int64_t *dims, int rank);

/* "[2, ?, 3]" of a shape's dims. */
const char *ms_fw_dims_text(const int64_t *dims, int rank, char *buf, size_t len);

#endif
