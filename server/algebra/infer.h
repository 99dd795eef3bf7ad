/*
** infer.h: shape functions of the ops that transform shapes.
**
** Part of the algebra: pure functions from operand shapes and integer
** arguments (read by the analyzer from an attribute or from a constant
** operand, as the rule catalog says) to the result shape. They sit between
** broadcasts in real graphs (transpose, reduce, reshape, tile, concat,
** slice) and let shapes flow through them (analyzer.c). No I/O, no
** allocation; an input they cannot judge (unranked, a bad permutation)
** infers nothing rather than guessing.
*/
#ifndef MS_INFER_H
#define MS_INFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "shape.h"

typedef enum ms_shape_fn {
  MS_SHAPE_FN_NONE,        /* the op's broadcast rule infers the result, or nothing does */
  MS_SHAPE_FN_SAME,        /* the result has the shape of one operand (unary elementwise, casts) */
  MS_SHAPE_FN_TRANSPOSE,   /* args: the permutation; result dim i = operand dim perm[i] */
  MS_SHAPE_FN_REDUCE,      /* args: the reduced axes; kept as 1 or dropped */
  MS_SHAPE_FN_RESHAPE,     /* args: the new shape (-1: the one inferred extent, TF; `?` from MLIR -1 too) */
  MS_SHAPE_FN_TILE,        /* args: multiples per dim */
  MS_SHAPE_FN_CONCAT,      /* args[0]: the axis; all operands */
  MS_SHAPE_FN_SLICE,       /* args: the sizes (-1: to the end; past the end: `?`); or start/limit/strides (XLA) */
  MS_SHAPE_FN_PAD,         /* args: low/high pairs per dim [lo0, hi0, lo1, hi1, ...] */
  MS_SHAPE_FN_MATMUL,      /* batched: NxHxC times NxCxW is NxHxW (N and H from operand 0) */
  MS_SHAPE_FN_PREPEND,     /* args: sizes put before the operand's dims (stablehlo.broadcast) */
  MS_SHAPE_FN_EXTENTS,     /* args: the result's dims themselves (a constant output shape) */
  MS_SHAPE_FN__COUNT
} ms_shape_fn;

/* "same-as-operand", "transpose", "reduce", "reshape", "tile", "concat", "slice", "pad", "matmul",
** "prepend", "extents". */
const char *ms_shape_fn_name(ms_shape_fn fn);

typedef struct ms_shape_args {
  int n;                       /* entries of a */
  int64_t a[MS_MAX_RANK];      /* permutation, axes, new shape, multiples, axis, sizes or starts */
  bool has_limits;             /* slice: b = limits, c = strides (c may be absent: 1s) */
  bool has_starts;             /* slice by sizes: b = starts (a start + size past the end gives `?`) */
  int nb, nc;
  int64_t b[MS_MAX_RANK], c[MS_MAX_RANK];
  bool keep_dims;              /* reduce */
} ms_shape_args;

typedef enum ms_infer_verdict {
  MS_INFER_OK,         /* out holds the result shape */
  MS_INFER_UNKNOWN,    /* nothing definite (an unranked operand where the rank matters) */
  MS_INFER_INVALID,    /* the arguments cannot fit the operands: why says how (the op's verifier rejects it) */
  MS_INFER_INVALID_RESULT /* likewise, but verifiers find it only against a ranked result type
                             (an element count that differs, a slice of another rank) */
} ms_infer_verdict;

/* Infers the result shape of fn over operands[0..n) with args. The
** result's kind and element type are those of operands[0]. On
** MS_INFER_INVALID a one-line reason goes to why (when not NULL). */
ms_infer_verdict ms_infer_shape(ms_shape_fn fn, const ms_shape *operands, int n, const ms_shape_args *args,
                                ms_shape *out, char *why, size_t whylen);

/* Whether args can be sizes for fn: prepend and extents take sizes, never
** negative. Returns false with the offending entry's index in *bad. */
bool ms_infer_args_valid(ms_shape_fn fn, const ms_shape_args *args, int *bad);

/* The meet of a declared shape and an inferred one, dim by dim: `*` <
** ranked with `?` < static, and a static declared dim is never overwritten.
** Returns false (out = declared) when they have different ranks. *refined
** tells whether out says more than declared. */
bool ms_shape_meet(const ms_shape *declared, const ms_shape *inferred, ms_shape *out, bool *refined);

/* Whether two shapes contradict each other where both are definite
** (ranks differ, or a static dim differs). Unranked contradicts nothing. */
bool ms_shape_conflicts(const ms_shape *a, const ms_shape *b);

#endif
