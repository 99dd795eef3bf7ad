/*
** broadcast.h: the broadcast algebra.
**
** Every broadcasting semantics mlir-shape knows, as pure functions from
** operand (and declared result) shapes to an inferred shape, a list of
** findings with precise reasons, and a per-dimension derivation that the
** language server shows on hover. No I/O, no tree-sitter, no JSON: this
** module is tested and fuzzed alone (tests/unit/test_broadcast.c).
**
** Rules and their operands:
**   mlir           all operands (variadic): the MLIR `Broadcastable` trait.
**                  Profile `upstream` (default) = mlir-opt-22's verdicts;
**                  `strict` (opts.strict) = the document's pseudo-code.
**   numpy          all operands (variadic): right-aligned, equal or 1.
**   pdpd           operands[0] = A, operands[1] = B, opts.axis.
**   bidirectional  operands[0] = input, operands[1] = target shape.
**   xla            operands[0], operands[1], opts.broadcast_dimensions.
**   xla-in-dim     operands[0] against results[0], opts.broadcast_dimensions.
**   none           all operands and the result must have identical shapes.
** Rules of the dialect families (rules_families.c):
**   unidirectional operands[1] broadcasts one way onto operands[0] (or, with
**                  one operand, onto results[0]); the result is operands[0].
**   same-or-scalar every operand has the shape of the first one not in
**                  opts.scalar_operands; those may also be rank 0.
*/
#ifndef MS_BROADCAST_H
#define MS_BROADCAST_H

#include <stdarg.h>
#include <stdbool.h>
#include "shape.h"

typedef enum ms_rule {
  MS_RULE_MLIR,
  MS_RULE_NUMPY,
  MS_RULE_PDPD,
  MS_RULE_BIDIRECTIONAL,
  MS_RULE_XLA,
  MS_RULE_XLA_IN_DIM,
  MS_RULE_NONE,
  MS_RULE_UNIDIRECTIONAL,
  MS_RULE_SAME_OR_SCALAR,
  /* Upstream MLIR verifiers (upstream.c). */
  MS_RULE_SAME_TYPE,           /* arith/math elementwise: one type, result = operand #0's */
  MS_RULE_SELECT,              /* arith.select: i1 or same-shaped condition, one value type */
  MS_RULE_COMPARE,             /* arith.cmpf/cmpi: one operand type, result i1 of its shape */
  MS_RULE_VECTOR_BROADCAST,    /* vector.broadcast: source dims 1 or equal, right-aligned */
  MS_RULE_SHAPE_CAST,          /* vector.shape_cast: same element count and scalable dims */
  MS_RULE_OUTER_PRODUCT,       /* vector.outerproduct: outer and AXPY forms */
  MS_RULE_LINALG_BROADCAST,    /* linalg.broadcast: `dimensions` are the added init dims */
  MS_RULE_INDEXING_MAPS,       /* linalg structured ops: shapes agree through indexing maps */
  MS_RULE_SPLAT,               /* tensor.splat: one index operand per `?` dim */
  MS_RULE_SAME_SHAPE,          /* arith casts: the result has exactly the operand's shape */
  MS_RULE__COUNT
} ms_rule;

/* "mlir", "numpy", "pdpd", "bidirectional", "xla", "xla-in-dim", "none". */
const char *ms_rule_name(ms_rule rule);
bool ms_rule_from_name(const char *name, size_t len, ms_rule *out);

/* Numbered as LSP's DiagnosticSeverity. */
typedef enum ms_severity {
  MS_SEVERITY_ERROR = 1,
  MS_SEVERITY_WARNING = 2,
  MS_SEVERITY_INFORMATION = 3,
  MS_SEVERITY_HINT = 4
} ms_severity;

#define MS_MAX_OPERANDS 16

typedef struct ms_broadcast_options {
  bool strict;                 /* mlir: the document's profile */
  bool has_axis;               /* pdpd: axis given (else -1) */
  int64_t axis;
  bool has_broadcast_dimensions;
  int nbroadcast_dimensions;
  int64_t broadcast_dimensions[MS_MAX_RANK];
  /* The op's own constraints, from the rule catalog. */
  bool equal_ranks;            /* operands and result must have one rank (LLVM 22 tosa) */
  bool tensor_only;            /* only tensor types (test.broadcastable) */
  bool skip_result_dims;       /* result rank checked, dims not (tosa.mul) */
  int max_broadcast_rank;      /* > 0: operands of unequal static shapes broadcast only up
                                  to this rank (TFLite kernels); 0: no limit */
  bool rank_limit_exempt;      /* the analyzer found the operands' shapes from one source */
  int rank_difference;         /* unidirectional, > 0: rank(X) - rank(B) must be this
                                  when both are static (tfl.prelu: 1) */
  uint32_t scalar_operands;    /* same-or-scalar: bit i set = operand i may be rank 0 */
  bool static_result;          /* the result is static, or has one dynamic dim and it is
                                  bounded (StableHLO broadcast_in_dim) */
  int nhints;                  /* operand dims named by hint attributes (dynamic_broadcast_in_dim's
                                  known_[non]expanding_dimensions): each a distinct dim of operand 0 */
  int64_t hints[MS_MAX_RANK];
  uint32_t same_elements;      /* bits of the rule's operand positions whose element types must be
                                  equal (StableHLO's compatible element types; dialect types not judged) */
  const char *element_types;   /* comma-joined builtin element types every operand and result must have
                                  (ODS type constraints such as HLO_IntTensor), or NULL */
  /* compatible_when: when the element type at every listed position (an
  ** operand number, or MS_FINDING_RESULT) is one of its comma-joined
  ** classes (a builtin type name, or `qi8`/`qui8`/`qi16`/...: a `!quant.`
  ** type by its storage's signedness and width), the operands must have
  ** compatible shapes instead of broadcasting, and max_broadcast_rank does
  ** not apply (TFLite's QI16 add and mul kernels, tfl_ops.cc
  ** Verify{Add,Mul}OpShapeConstraints). */
  int ncompat_when;
  struct {
    int8_t who;
    const char *classes;
  } compat_when[4];
  /* indexing-maps: the op's `indexing_maps` (absent: identities of the
  ** last operand's rank); maps[i][k] is the loop dim of operand i's dim k,
  ** -1 when that result is not a plain dim. maps_unreadable: not checked. */
  bool has_maps, maps_unreadable;
  bool rank0_operands;         /* without maps, a rank-0 operand indexes no loop (named ops) */
  bool identical_shapes;       /* indexing-maps: each input has the init's shape, `?` only against `?` */
  bool float_elements;         /* same-type, compare: operands of float element type (f32, bf16, ...) */
  bool integer_elements;       /* same-type, compare: operands of signless integer or index elements */
  bool sizes_only;             /* splat: every operand is a dynamic size (tensor.empty) */
  int nmaps, nloops;
  int niterators;              /* indexing-maps, has_iterators: the op's iterator types, one per loop */
  bool has_iterators;
  int8_t map_rank[MS_MAX_OPERANDS];
  int8_t maps[MS_MAX_OPERANDS][MS_MAX_RANK];
  /* indexing-maps: the map results that are not plain dims but sums of
  ** dims times constants plus a constant (convolutions' `d1 * 2 + d4`);
  ** results of other forms are not checked. */
  int nlin;
  struct {
    int8_t map, result, nterms;
    int8_t dim[4];
    int32_t coef[4];
    int32_t cst;
  } lin[32];
} ms_broadcast_options;

#define MS_MAX_FINDINGS 16
#define MS_FINDING_OP (-1)       /* finding.operand: the op as a whole */
#define MS_FINDING_RESULT (-2)   /* finding.operand: the (first) result */

/* Stable finding codes (also the codes users see and may re-level). */
#define MS_CODE_INCOMPATIBLE "incompatible-dims"      /* operands cannot broadcast */
#define MS_CODE_RESULT_RANK "result-rank"             /* result rank disagrees */
#define MS_CODE_RESULT_DIM "result-dim"               /* static result dim disagrees */
#define MS_CODE_DYNAMIC_TO_STATIC "dynamic-to-static" /* inferred ? vs static result dim */
#define MS_CODE_EXTRA_RESULT_DIMS "extra-result-dims" /* result of higher rank (upstream passes) */
#define MS_CODE_UNDEFINED "undefined-if-mismatch"     /* ? against >1: UB at run time if not 1 or equal */
#define MS_CODE_OPERAND_RANK "operand-rank"           /* ranks not allowed (equal ranks, pdpd, xla) */
#define MS_CODE_BROADCAST_DIMENSIONS "broadcast-dimensions" /* invalid broadcast_dimensions */
#define MS_CODE_AXIS "axis"                           /* invalid pdpd axis */
#define MS_CODE_SHAPE_MISMATCH "shape-mismatch"       /* rule none: shapes differ */
#define MS_CODE_OPERAND_COUNT "operand-count"         /* no operand / wrong count for the rule */
#define MS_CODE_RESULT_COUNT "result-count"           /* not exactly one result */
#define MS_CODE_NOT_SHAPED "not-shaped"               /* not a tensor or vector */
#define MS_CODE_MIXED_KINDS "tensor-vector-mix"       /* tensor and vector mixed */
#define MS_CODE_RANK_LIMIT "broadcast-rank-limit"     /* broadcast above the op's maximum rank */
#define MS_CODE_BOUND "bound-exceeded"                /* a static size above a dim's bound */
#define MS_CODE_NEGATIVE_SIZE "negative-size"         /* a size list (broadcast_sizes, a constant shape) with a negative entry */
#define MS_CODE_NOT_STATIC "not-static"               /* a type that must be statically shaped (or singly bounded) is not */
#define MS_CODE_DIMENSION_HINTS "dimension-hints"     /* hint attributes naming an invalid or repeated operand dim */
#define MS_CODE_ELEMENT_TYPE "element-type"           /* element types differ where they must agree */
#define MS_CODE_RESULT_TYPE "result-type"             /* the result is not the type the op infers */
#define MS_CODE_SAME_TYPE "same-type"                 /* operands/results must have one type */
#define MS_CODE_ELEMENT_COUNT "element-count"         /* shape_cast: element counts differ */
#define MS_CODE_SCALABLE "scalable-dims"              /* scalable dims where fixed ones are needed, or vice versa */
#define MS_CODE_DIMENSIONS "dimensions"               /* linalg.broadcast: bad `dimensions` */
#define MS_CODE_INDEXING_MAPS "indexing-maps"         /* a shape disagrees through the indexing maps */
#define MS_CODE_DYNAMIC_SIZES "dynamic-sizes"         /* tensor.splat: sizes vs `?` dims */

typedef struct ms_finding {
  ms_severity severity;
  const char *code;            /* one of MS_CODE_* */
  int operand;                 /* operand index, MS_FINDING_RESULT or MS_FINDING_OP */
  int related;                 /* the conflicting operand index, or -1 */
  int dim;                     /* dim index in the inferred (right-aligned) shape, or -1 */
  char message[320];           /* one line, names operands via operand_names */
} ms_finding;

/* One row per dimension of the broadcast (right-aligned, outermost first). */
typedef struct ms_derivation_row {
  int64_t operand_dims[MS_MAX_OPERANDS]; /* MS_DIM_ABSENT where the operand lacks the dim */
  int64_t inferred;                      /* MS_DIM_ABSENT when it could not be inferred */
  int64_t declared;                      /* result dim, MS_DIM_ABSENT if none */
  ms_severity severity;                  /* 0 when the row is fine */
  char verdict[64];                      /* "ok", "broadcast from 1", "3 vs 2: mismatch", ... */
} ms_derivation_row;

typedef struct ms_broadcast_result {
  bool has_inferred;           /* operands infer a shape (not all unranked, no error
                                  about the operands; the result may disagree) */
  bool parsed;                 /* inferred is the result type the op's parser gives a pretty op that
                                  writes none (vector.outerproduct): kept even with errors */
  ms_shape inferred;
  int noperands;               /* operands shown in rows */
  int nfindings;
  ms_finding findings[MS_MAX_FINDINGS];
  int nrows;
  ms_derivation_row rows[MS_MAX_RANK];
} ms_broadcast_result;

/* Applies `rule` to the operands and the declared results (nresults may be 0:
** inference only). operand_names[i] / result_name may be NULL, else they name
** the values in messages ("%arg0"); NULL names read "operand #i" / "the result".
** Returns true when no finding has error severity. Pure and reentrant. */
bool ms_broadcast_check(ms_rule rule, const ms_broadcast_options *opts,
                        const ms_shape *operands, int noperands,
                        const char *const *operand_names,
                        const ms_shape *results, int nresults,
                        const char *result_name,
                        ms_broadcast_result *out);

/* Appends one finding (a vprintf-style message) to out; past
** MS_MAX_FINDINGS it is dropped. The one way every rule module (this one,
** upstream.c, rules_families.c) records a finding. */
void ms_broadcast_vfinding(ms_broadcast_result *out, ms_severity severity, const char *code, int operand,
                           int related, int dim, const char *fmt, va_list ap);

#endif
