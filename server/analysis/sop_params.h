/*
** sop_params.h: a rule file entry's "algebra" and "params" (rules/README.md),
** loaded by the catalog and read for one op by the analyzer.
**
** An entry bound to a structured-op shape function (algebra/sop.h) names
** it ("algebra": "dot_general") and says where each of its parameters is
** written ("params": {"lhs_contracting_dimensions": SRC or [SRC, ...]}),
** each SRC one of:
**   {"attribute": NAME or [NAMES]}                       a list, an integer or a string
**   {"attribute": ..., "format": "struct", "field": F}   a field of #d.x<F = ..., ...> or {F = ...}
**   {"attribute": ..., "format": "pair", "index": 0|1}   one side of `[0] x [1]`
**   {"attribute": ..., "format": "conv_dims", "field": F} convolution dimension numbers (compact or raw)
**   {"operand": N}                                       the constant defining operand N (-1: the last)
**   {"value": [1, 2] or 1 or "SUM"}                      a fixed value (ops that fix the dims)
** "field" defaults to the parameter's name. Alternatives are tried in
** order: the first one written on the op gives the value. No op names here
** either: the JSON says everything.
*/
#ifndef MS_SOP_PARAMS_H
#define MS_SOP_PARAMS_H

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sop.h"

typedef struct ms_sop_spec ms_sop_spec;

/* Loads an entry's "algebra" (a string) and "params" (an object, or NULL).
** Returns one ms_xmalloc'ed block (free() frees it), or NULL with the
** offending item in *bad (at its key when *at_key) and a message in err. */
ms_sop_spec *ms_sop_spec_load(const cJSON *algebra, const cJSON *params, const cJSON **bad, bool *at_key, char *err,
                              size_t errlen);

const ms_sop_def *ms_sop_spec_def(const ms_sop_spec *spec);

/* How the analyzer shows an op's attributes and constant operands. */
typedef struct ms_sop_reader {
  int noperands;
  /* The raw text of attribute key's value, NULL when absent (catalog.h). */
  const char *(*attribute)(void *ctx, const char *key, size_t *len);
  /* The integers of the constant defining operand i, false when none. */
  bool (*constant)(void *ctx, int operand, int64_t *out, int max, int *n);
  void *ctx;
  /* The f32 values (bit patterns) of the float constant defining operand
  ** i, false when none (a source {"operand": i, "format": "f32"}); NULL:
  ** not read. */
  bool (*constant_f32)(void *ctx, int operand, uint32_t *out, int max, int *n);
} ms_sop_reader;

/* Reads every parameter of spec for one op into params[MS_SOP_MAX_PARAMS]
** (absent ones with present == false) and returns their count; -1 when a
** written value cannot be read in its format (the op is then not judged:
** its dialect's parser reports such text, mlir-shape stays silent). */
int ms_sop_spec_read(const ms_sop_spec *spec, const ms_sop_reader *r, ms_sop_param *params);

/* The attribute names spec reads, for editors (completion): up to max. */
int ms_sop_spec_attributes(const ms_sop_spec *spec, const char **names, int max);

#endif
