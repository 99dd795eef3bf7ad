/*
** shape.h: shapes of MLIR shaped types, and their text forms.
**
** A shape is what the broadcast algebra (broadcast.h) reasons about: ranked
** (static dims, dynamic `?`, scalable vector dims `[4]`), rank 0 (a scalar
** tensor), or unranked (`*`). The element type is kept only for display: it
** never constrains broadcasting. Pure code: no I/O, no allocation.
**
** Two text forms are read:
**   - shape calculator syntax: "2x?x3", "5", "scalar" (rank 0), "*" (unranked),
**     and any full type below;
**   - MLIR type tokens as the grammar returns them: "tensor<2x?x3xf32>",
**     "tensor<*xf32>", "tensor<f32>", "vector<4x[8]xf32>",
**     "memref<4x?xf32, strided<[?, 1]>>", "tensor<4xf32, #enc>"; any other
**     type ("i32", "!dialect.t<..>") parses as kind MS_TYPE_OTHER;
**   - torch-mlir's tensors "!torch.vtensor<[2,?,3],f32>", "!torch.tensor<[],si64>"
**     and the unknown-shape "!torch.vtensor" / "!torch.vtensor<*,f32>" (kind
**     MS_TYPE_TENSOR, flagged `torch` for display);
**   - StableHLO bounds on dynamic dims in the encoding, "tensor<?x3xf32,
**     #stablehlo.bounds<4, ?>>" or "#stablehlo.type_extensions<bounds = [4, ?]>"
**     (also mhlo.): `bounds` holds them (MS_DIM_DYNAMIC: no bound);
**   - any other tensor encoding (`tensor<4xf32, #CSR>`) is kept as text of
**     any length in `encoding` (interned, intern.h), and written back by
**     ms_shape_format_type: StableHLO's inference carries an operand's
**     encoding to the result where it has no bounds (Base.cpp
**     boundsToEncoding with no bounds returns its prototype), and
**     ms_shape_meet carries it from an inferred shape to a declared one.
*/
#ifndef MS_SHAPE_H
#define MS_SHAPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MS_MAX_RANK 32
#define MS_DIM_DYNAMIC INT64_C(-1)       /* `?` */
#define MS_DIM_ABSENT INT64_MIN          /* no such dim (rank alignment) */

typedef enum ms_type_kind {
  MS_TYPE_TENSOR,
  MS_TYPE_VECTOR,
  MS_TYPE_MEMREF,
  MS_TYPE_OTHER,   /* not a shaped type: i32, index, !dialect.type, ... */
  MS_TYPE_NONE     /* calculator syntax: a bare shape with no type around it */
} ms_type_kind;

typedef struct ms_shape {
  ms_type_kind kind;
  bool ranked;                   /* false for `*` */
  int rank;                      /* 0 for scalars; meaningless when !ranked */
  int64_t dims[MS_MAX_RANK];     /* MS_DIM_DYNAMIC for `?` */
  bool scalable[MS_MAX_RANK];    /* vector `[n]` dims */
  char elem[64];                 /* element type text ("f32"), "" if none; truncated */
  bool torch;                    /* written as a torch-mlir tensor type */
  bool bounded;                  /* bounds[] holds the dims' bounds */
  int64_t bounds[MS_MAX_RANK];   /* a dynamic dim's largest size; MS_DIM_DYNAMIC: none */
  int bounds_invalid;            /* 0, or bounds StableHLO rejects: MS_BOUNDS_LENGTH, MS_BOUNDS_STATIC */
  int bounds_count;              /* MS_BOUNDS_LENGTH: how many bounds; MS_BOUNDS_STATIC: the dim */
  uint8_t bounds_form;           /* how they were written (ms_shape_format_type writes them so):
                                    0 #stablehlo.bounds<..>, 1 #stablehlo.type_extensions<bounds = [..]>,
                                    2 #mhlo.bounds<..>, 3 #mhlo.type_extensions<bounds = [..]> */
  const char *encoding;          /* a tensor's encoding that is not bounds ("#CSR"), of any length,
                                    interned (intern.h: equal texts, equal pointers); NULL if none */
} ms_shape;

/* A shape's encoding, "" if none. */
static inline const char *ms_shape_encoding(const ms_shape *self) {
  return self->encoding ? self->encoding : "";
}

#define MS_BOUNDS_LENGTH 1       /* not one bound per dim */
#define MS_BOUNDS_STATIC 2       /* a bound on a static dim */

/* How the parsers' messages start when a type is valid MLIR but beyond
** what mlir-shape checks (rank, size), or not valid (a size that does not
** fit in 64 bits); the analyzer tells them apart by these prefixes. */
#define MS_SHAPE_ERR_RANK "rank exceeds the maximum of 32"
#define MS_SHAPE_ERR_DIM_LIMIT "dimension size above 2^53, the largest checked"
#define MS_SHAPE_ERR_DIM_OVERFLOW "dimension size does not fit in 64 bits"

/* StableHLO's inferMostSpecificType for the bounds of two shapes of one
** rank whose dims already agree (self's dims are the merged ones): a
** static dim has no bound; a dynamic one keeps the smaller of the two
** bounds, or the one bound there is. Other ranks: self is unchanged.
** Bounds replace self's other encoding (there is one encoding). */
void ms_shape_merge_bounds(ms_shape *self, const ms_shape *other);

/* Fills self as a ranked shape of kind MS_TYPE_NONE from dims[0..rank). */
void ms_shape_init(ms_shape *self, int rank, const int64_t *dims);

/* Parses calculator syntax or a full type (see above). On failure returns
** false and writes a one-line reason to err (when err is not NULL). */
bool ms_shape_parse(ms_shape *self, const char *text, size_t len, char *err, size_t errlen);

/* Parses an MLIR type token. Non-shaped types succeed with MS_TYPE_OTHER. */
bool ms_shape_parse_type(ms_shape *self, const char *text, size_t len, char *err, size_t errlen);

/* Writes the shape alone ("2x?x3", "scalar", "*"); returns the length that
** the full text needs (snprintf convention). */
size_t ms_shape_format(const ms_shape *self, char *buf, size_t n);

/* Writes the shape as a type of its kind ("tensor<2x?x3xf32>"); MS_TYPE_NONE
** formats like ms_shape_format. Returns the snprintf-style length. */
size_t ms_shape_format_type(const ms_shape *self, char *buf, size_t n);

/* A dialect type with one shaped type parameter, `!onnx.Seq<tensor<2x?xf32>>`
** (kind MS_TYPE_OTHER, its whole text in elem): its parameter in inner
** (a tensor, vector or memref type) and the length of its head
** (`!onnx.Seq<`) in *head. False for any other text, or text truncated. */
bool ms_shape_wrapped(const ms_shape *self, ms_shape *inner, size_t *head);

/* Sets self to kind MS_TYPE_OTHER with text head[0..nhead), inner's type
** and `>` (a wrapped type as above); false, self unchanged, when that text
** does not fit in elem. */
bool ms_shape_wrap(ms_shape *self, const char *head, size_t nhead, const ms_shape *inner);

/* True when both are ranked with equal rank and dims (dynamic equals dynamic). */
bool ms_shape_equal(const ms_shape *a, const ms_shape *b);

#endif
