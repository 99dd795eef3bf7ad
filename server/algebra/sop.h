/*
** sop.h: structured-op shape functions (the shared interface of the op
** families; s22-core owns this file, family files are added beside it).
**
** Part of the pure algebra. A structured op (dot_general, convolution,
** gather, reduce_window, pad, ...) is judged by one function of its family
** (one C file per family: contraction.c, convolution.c, window.c,
** gather.c, reduce.c, movement.c, linalg_ops.c, collective.c, control.c)
** from its operand shapes and its named parameters. The parameters are
** read by the analyzer (analysis/structured.c) through the catalog from
** attributes, struct attribute fields, pretty-syntax forms, constant
** operands or fixed values, as the rule file (rules/ files, "algebra" and
** "params") says: the C code knows parameter names
** ("lhs_contracting_dimensions"), never op names or dialect spellings.
** A parameter's name is the StableHLO spelling (the struct attribute's
** field name where there is one), so one function serves every dialect.
**
** The same function serves the verifier (at the declared operand types)
** and inference (at the operands' inferred shapes), as StableHLO's
** TypeInference.cpp does. A function:
**   - returns MS_INFER_INVALID with out->code (a registry code of
**     analysis/codes.h, e.g. "contracting-dims"), out->why (one line: which
**     dim, which constraint, which values) and out->operand (-1: the op or
**     its attributes) when the operands or parameters violate a constraint;
**   - returns MS_INFER_OK with out->nresults result shapes (one per result
**     of the op: another count than the declared results' is a
**     `result-shape` error; unranked
**     where it knows nothing of a result; bounds in ms_shape.bounds as
**     StableHLO infers them); the analyzer then compares them with the
**     declared results (a contradiction is the "result-shape" error) and
**     refines the results' inferred types;
**   - returns MS_INFER_UNKNOWN when it cannot judge (an unranked operand
**     where the rank matters, a parameter it needs is absent): silence.
** A function may read in->results (the declared result types) for checks
** StableHLO makes against the result type (a dynamic_conv's result rank);
** it must not copy them into out->results.
** No I/O, no allocation, no globals: safe on any thread.
*/
#ifndef MS_SOP_H
#define MS_SOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "infer.h"   /* ms_infer_verdict: OK, UNKNOWN, INVALID, INVALID_RESULT */
#include "shape.h"

#define MS_SOP_MAX_OPERANDS 16
#define MS_SOP_MAX_RESULTS 8    /* the room (ms_sop_out.room) a caller gives at least */
#define MS_SOP_NOTE_LEN 384     /* one result's provenance line */
#define MS_SOP_MAX_PARAMS 24
#define MS_SOP_MAX_LIST 64
#define MS_SOP_MAX_VALUES 256   /* inputs a function lists in its own small arrays (ints, pointers); past it: unknown */

typedef struct ms_sop_param {
  const char *name;             /* the family's parameter name (NUL terminated) */
  bool present;                 /* false: the op does not give it (the function decides the default) */
  int n;                        /* integers in v (a list; a scalar is n == 1) */
  int64_t v[MS_SOP_MAX_LIST];   /* lists of pairs are flattened [lo0, hi0, lo1, hi1, ...]; booleans 0/1 */
  char str[32];                 /* a string or enum value ("NHWC", "FFT", "SUM"), "" if none */
  int nshape;                   /* the written list's shape: 2 for `[[0, 0], [1, 1]]` or a */
  int64_t shape[4];             /* dense<...> : tensor<2x2xi64> ({2, 2}); 1 for a flat list; 0: a scalar */
} ms_sop_param;

/* A region of the op: its entry block's arguments and what its terminator
** returns (the types as declared). nyields -1: the terminator is not
** known. */
typedef struct ms_sop_region {
  int nargs;
  const ms_shape *args;
  int nyields;
  const ms_shape *yields;
} ms_sop_region;

/* The one op directly inside the op's regions besides their terminators
** (vector.mask's masked op): its operands' and results' declared types.
** nops: how many such ops there are (0: none, then the rest is empty; more
** than 1: several, the rest empty too). noperands/nresults -1: a type that
** cannot be read. pretty: the op is written in its custom form (its
** parser may type results its syntax does not write). */
typedef struct ms_sop_inner {
  int nops;
  bool pretty;
  int noperands;
  const ms_shape *operands;
  int nresults;
  const ms_shape *results;
} ms_sop_inner;

typedef struct ms_sop_in {
  int noperands;
  const ms_shape *operands;     /* operand shapes being judged (declared or inferred) */
  int nresults;
  const ms_shape *results;      /* declared result types (may be unranked) */
  int nparams;
  const ms_sop_param *params;
  bool want_provenance;         /* fill out->provenance (hover); false in `check` */
  int nregions;                 /* the op's regions in order (reducers, select, branches, bodies) */
  const ms_sop_region *regions;
  bool at_declared;             /* the operands are the declared types (the verifier's pass): checks
                                   that compare the declared results exactly run only then */
  const ms_shape *opaque_results; /* per result, NULL for none: a declared result that is not a shaped
                                   type (kind MS_TYPE_OTHER, its text in elem, truncated: `!d.future<..>`);
                                   results[r] is then unranked */
  const ms_sop_inner *inner;    /* the op inside the op's regions, NULL when not gathered */
} ms_sop_in;

/* The caller owns the room for results (the analyzer's growable arrays, a
** test's own): results and provenance hold `room` entries, room at least
** MS_SOP_MAX_RESULTS and at least the op's operands and declared results
** (a function may give one result per operand, a while's). A function
** that would give more results than room returns MS_INFER_UNKNOWN. */
typedef struct ms_sop_out {
  int nresults;
  int room;                     /* entries in results and provenance */
  ms_shape *results;            /* inferred results on OK (unranked where nothing is known) */
  const char *code;             /* INVALID: registry code of the violated constraint (a static string) */
  char why[1024];               /* INVALID: which dim, which constraint, which values (a region
                                ** op's lists of many types: ms_sop_fail ends a longer one with "...") */
  int operand;                  /* the operand the reason is about; -1: the op or its attributes */
  bool unchecked_results;       /* OK: the verifier does not compare the declared results with these
                                   (dynamic_conv): they only refine */
  /* Per result, when in->want_provenance: one line per dim, separated by
  ** "; ", e.g. "dim 1: lhs dim 1 (contracting dims [1] x [0])". */
  char (*provenance)[MS_SOP_NOTE_LEN]; /* room lines; may be NULL when want_provenance is false */
  /* A finding the dialect's verifier accepts but its specification forbids
  ** (TOSA's ERROR_IF on channels, when the op asks for "channel_check":
  ** "warn"): the analyzer reports it as a spec-violation warning naming
  ** warn_code, whatever the verdict. NULL: none. */
  const char *warn_code;
  char warn_why[256];
  int warn_operand;
} ms_sop_out;

typedef ms_infer_verdict (*ms_sop_fn)(const ms_sop_in *in, ms_sop_out *out);

typedef struct ms_sop_def {
  const char *name;             /* "dot_general", "convolution", "gather", ... as rules/ files name it */
  ms_sop_fn fn;
  const char *params;           /* the parameter names it reads, comma separated (catalog validation) */
} ms_sop_def;

/* Each family file defines one table `const ms_sop_def ms_sop_FAMILY[]`
** ending with {NULL, NULL, NULL}; sop.c declares it and lists it (one line
** in each of its two blocks). */

/* The parameter called name, or NULL when the op does not give it (absent
** or !present). */
const ms_sop_param *ms_sop_get(const ms_sop_in *in, const char *name);

/* A list parameter: its values and count (*n = 0 and NULL when absent). */
const int64_t *ms_sop_list(const ms_sop_in *in, const char *name, int *n);

/* A scalar parameter's value, or dflt when absent. */
int64_t ms_sop_int(const ms_sop_in *in, const char *name, int64_t dflt);

/* The function registered under name (len bytes), or NULL. */
const ms_sop_def *ms_sop_lookup(const char *name, size_t len);

/* Every registered function in turn (i from 0); NULL past the last. */
const ms_sop_def *ms_sop_at(size_t i);

/* Sets out's verdict to INVALID with code, operand and a formatted reason;
** returns MS_INFER_INVALID (so a function can `return ms_sop_fail(...)`). */
ms_infer_verdict ms_sop_fail(ms_sop_out *out, const char *code, int operand, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The ranks the dialect's ODS types require (`4-d tensor`), from the
** parameters "operand_ranks" (operand i must have rank v[i]; -1: any) and
** "result_rank", which every function accepts (MS_SOP_COMMON_PARAMS); the
** analyzer checks them before the function, as errors even in an entry
** whose other findings are spec warnings. With "ranked_operands" 1 an
** unranked operand fails its rank too (ODS's TensorRankOf needs a rank:
** TFLite's 1-D / 0-D tensor types). False with out's reason (code
** "operand-rank"). */
#define MS_SOP_COMMON_PARAMS "operand_ranks,result_rank,ranked_operands"
bool ms_sop_check_ranks(const ms_sop_in *in, ms_sop_out *out);

/* Records a specification-only finding (out->warn_*); the first wins. */
void ms_sop_warn(ms_sop_out *out, const char *code, int operand, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Appends formatted text to out->provenance[r] (a "; " before all but the
** first line), truncating silently. */
void ms_sop_note(ms_sop_out *out, int r, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* "[0, 1]" for a list (n values) into buf. */
const char *ms_sop_format_list(const int64_t *v, int n, char *buf, size_t len);

/* The bound of dim i of s (MS_DIM_DYNAMIC when none). */
int64_t ms_sop_bound(const ms_shape *s, int i);

/* Starts out->results[r] as a ranked shape of rank 0 with base's kind and
** element type (the analyzer shows the declared result's element type). */
void ms_sop_result_begin(ms_sop_out *out, int r, const ms_shape *base);

/* Appends a dim (size, bound) to out->results[r]; bounds are kept only
** where some dim has one. False when the rank would exceed MS_MAX_RANK. */
bool ms_sop_result_push(ms_sop_out *out, int r, int64_t size, int64_t bound);

/* StableHLO's verifyReducerShape: region r reduces ninputs inputs with
** their init values (in->operands[inputs[i]], in->operands[inits[i]]):
** 2 * ninputs arguments, ninputs tensors returned, argument i and
** ninputs + i of the returned type i, the init values of that shape, and
** the arguments' dims among allowed[0..nallowed) in order. Element types
** are compared only where both are plain builtin types. False with out's
** reason (code "reducer") otherwise, or when the region is not known. */
bool ms_sop_reducer(const ms_sop_in *in, int r, const int *inputs, const int *inits, int ninputs,
                    const int64_t *allowed, int nallowed, ms_sop_out *out);

/* verifyReducerShape as all_reduce, reduce_scatter, collective_reduce and
** scatter call it: each input in->operands[inputs[i]] with a rank-0 init
** value of its element type, and no allowed dims (the arguments are
** rank-0). */
bool ms_sop_reducer_scalar(const ms_sop_in *in, int r, const int *inputs, int ninputs, ms_sop_out *out);

/* StableHLO's inferMostSpecificDimAndBound: two dims that must agree
** (size a with bound ab, size b with bound bb) give the most specific dim.
** False when both are static and differ, or a static size exceeds the
** other's bound. */
bool ms_sop_merge_dim(int64_t a, int64_t b, int64_t ab, int64_t bb, int64_t *size, int64_t *bound);

/* Whether two dim sizes are compatible (equal, or one is `?`). */
bool ms_sop_dims_compatible(int64_t a, int64_t b);

/* One affine map of a "maps" parameter (sop_maps.h's format: per map its
** dim count, symbol count, result count and results, a result being a
** dim's position, -1 the constant 0, -2 another expression). */
typedef struct ms_sop_map {
  int ndims, nsyms, nres;
  const int64_t *res;
} ms_sop_map;

/* The maps of p into m (at most max); their count, -1 when the encoding is
** broken or holds more than max. */
int ms_sop_maps_decode(const ms_sop_param *p, ms_sop_map *m, int max);

/* Whether declared and inferred contradict (ranks differ, or a static dim
** differs); unranked contradicts nothing. As ms_shape_conflicts. */
bool ms_sop_result_conflicts(const ms_shape *inferred, const ms_shape *declared);

#endif
