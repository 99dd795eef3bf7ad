/*
** operand_traits.c: structured-op functions (sop.h) for ops that a
** framework's ODS declares by operand traits and short verifiers rather
** than by a shape function: they check, and infer no result shape
** (the declared results are only refined, never compared), except
** `unique_values`, which infers what ONNX's shape inference gives.
**
**   operand_traits  "equal_dims" (x, y, i, j) quadruples: dim i of operand
**                   x equals dim j of operand y where both operands are
**                   statically shaped (TFLite's OperandsHaveSameDims);
**                   "elements_equal_dim" (x, y, j) triples: the element
**                   count of x equals dim j of y where both are static and
**                   x is a tensor (a `none` bias passes: NumElementsEqualsDim);
**                   "elements" (x, n) pairs: a static x holds n elements;
**                   "dim_equals" (x, d, size) triples: operand x is ranked
**                   with a dim d of exactly that size (OperandDimEquals: a
**                   `?` or unranked operand fails); "min_ranks": operand i
**                   has rank >= v[i] where ranked (-1: any;
**                   OperandHasAtleastRank); "element_ranks" (x, rank)
**                   pairs: an x whose element type is "ranked_element"
**                   has that rank where ranked (gather's strings). The
**                   common "operand_ranks"
**                   gives exact ranks (OperandHasRank; a non-tensor such as
**                   `none` is skipped: OperandIsNoneOrHasRank).
**   loop_regions    a while loop whose regions are its condition and body
**                   (TFLite's WhileOp::verify): as many results as
**                   operands, the two regions' entry blocks with as many
**                   arguments, pairwise of compatible shapes.
**   recurrent_cell  an LSTM cell's dims (TFLite's LSTMOp::verify): with a
**                   static input of rank >= 2 and static states and
**                   weights, the output state holds batch x n_output and
**                   the cell state batch x n_cell elements, the input
**                   weights are [n_cell, n_input] and the recurrent ones
**                   [n_cell, n_output]; a layer-norm coefficient operand
**                   (when a tensor) is 1-D [n_cell]. Parameters name the
**                   operands: input, activation_state, cell_state,
**                   input_weights, recurrent_weights, norm_coefficients.
**   unique_values   ONNX Unique: "axis" in [-r, r) when given, "sorted" 0
**                   or 1; Y is the input's shape with `?` at axis (no
**                   axis: 1-D `?`), the other results 1-D `?`.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static bool is_static(const ms_shape *s) {
  if (!s->ranked || s->kind != MS_TYPE_TENSOR) return false;
  for (int i = 0; i < s->rank; i++)
    if (s->dims[i] < 0) return false;
  return true;
}

static const ms_shape *operand(const ms_sop_in *in, int64_t i) {
  return i >= 0 && i < in->noperands ? &in->operands[i] : NULL;
}

static int64_t elements(const ms_shape *s) {
  int64_t n = 1;
  for (int i = 0; i < s->rank; i++) n *= s->dims[i];
  return n;
}

/* Every result unranked and not compared: the op's traits say nothing of them. */
static ms_infer_verdict opaque_results(const ms_sop_in *in, ms_sop_out *out) {
  int n = in->nresults < 1 ? 1 : in->nresults;
  if (n > out->room) return MS_INFER_UNKNOWN;
  for (int r = 0; r < n; r++) memset(&out->results[r], 0, sizeof out->results[r]);
  out->nresults = n;
  out->unchecked_results = true;
  return MS_INFER_OK;
}

static bool equal_dims(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "equal_dims", &n);
  for (int k = 0; v && k + 3 < n; k += 4) {
    const ms_shape *x = operand(in, v[k]), *y = operand(in, v[k + 1]);
    if (!x || !y || !is_static(x) || !is_static(y)) continue;
    if (v[k + 2] < 0 || v[k + 2] >= x->rank || v[k + 3] < 0 || v[k + 3] >= y->rank) continue;
    int64_t a = x->dims[v[k + 2]], b = y->dims[v[k + 3]];
    if (a != b)
      return ms_sop_fail(out, "dim-mismatch", (int)v[k], "failed to verify that dim %lld of operand %lld (%lld) "
                         "equals to dim %lld of operand %lld (%lld)", (long long)v[k + 2], (long long)v[k],
                         (long long)a, (long long)v[k + 3], (long long)v[k + 1], (long long)b),
             false;
  }
  return true;
}

static bool elements_equal_dim(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "elements_equal_dim", &n);
  for (int k = 0; v && k + 2 < n; k += 3) {
    const ms_shape *x = operand(in, v[k]), *y = operand(in, v[k + 1]);
    if (!x || !y || !is_static(x) || !is_static(y) || v[k + 2] < 0 || v[k + 2] >= y->rank) continue;
    int64_t a = elements(x), b = y->dims[v[k + 2]];
    if (a != b)
      return ms_sop_fail(out, "dim-mismatch", (int)v[k], "operand %lld has %lld elements, dim %lld of operand %lld "
                         "is %lld: they must be equal", (long long)v[k], (long long)a, (long long)v[k + 2],
                         (long long)v[k + 1], (long long)b),
             false;
  }
  return true;
}

static bool element_counts(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "elements", &n);
  for (int k = 0; v && k + 1 < n; k += 2) {
    const ms_shape *x = operand(in, v[k]);
    if (!x || !is_static(x) || elements(x) == v[k + 1]) continue;
    return ms_sop_fail(out, "dim-mismatch", (int)v[k], "operand %lld has %lld elements, it must have %lld",
                       (long long)v[k], (long long)elements(x), (long long)v[k + 1]),
           false;
  }
  return true;
}

static bool dim_equals(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "dim_equals", &n);
  for (int k = 0; v && k + 2 < n; k += 3) {
    const ms_shape *x = operand(in, v[k]);
    if (!x || x->kind != MS_TYPE_TENSOR) continue;
    if (x->ranked && v[k + 1] >= 0 && v[k + 1] < x->rank && x->dims[v[k + 1]] == v[k + 2]) continue;
    char t[160];
    ms_shape_format_type(x, t, sizeof t);
    return ms_sop_fail(out, "dim-mismatch", (int)v[k], "failed to verify that operand %lld has dim[%lld] == %lld, "
                       "got '%s'", (long long)v[k], (long long)v[k + 1], (long long)v[k + 2], t),
           false;
  }
  return true;
}

/* "element_ranks" (x, rank) pairs: where operand x's element type is the
** string "ranked_element" (TFLite's gather: `!tf_type.string`), a ranked x
** has that rank. */
static bool element_ranks(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "element_ranks", &n);
  const ms_sop_param *e = ms_sop_get(in, "ranked_element");
  for (int k = 0; v && e && e->str[0] && k + 1 < n; k += 2) {
    const ms_shape *x = operand(in, v[k]);
    if (!x || !x->ranked || strcmp(x->elem, e->str) || x->rank == v[k + 1]) continue;
    char t[160];
    ms_shape_format_type(x, t, sizeof t);
    return ms_sop_fail(out, "operand-rank", (int)v[k], "expect %lldd input when the given type is %s, got '%s'",
                       (long long)v[k + 1], e->str, t),
           false;
  }
  return true;
}

static bool min_ranks(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "min_ranks", &n);
  for (int i = 0; v && i < n && i < in->noperands; i++) {
    const ms_shape *x = &in->operands[i];
    if (v[i] < 0 || !x->ranked || x->kind != MS_TYPE_TENSOR || x->rank >= v[i]) continue;
    return ms_sop_fail(out, "operand-rank", i, "operand %d has rank %d, it must have rank at least %lld", i, x->rank,
                       (long long)v[i]),
           false;
  }
  return true;
}

bool ms_sop_operand_traits_hold(const ms_sop_in *in, ms_sop_out *out) {
  return min_ranks(in, out) && element_ranks(in, out) && element_counts(in, out) && dim_equals(in, out) &&
         equal_dims(in, out) && elements_equal_dim(in, out);
}

static ms_infer_verdict operand_traits(const ms_sop_in *in, ms_sop_out *out) {
  if (!ms_sop_operand_traits_hold(in, out)) return MS_INFER_INVALID;
  return opaque_results(in, out);
}

/* --- loop_regions ---------------------------------------------------------------- */

static ms_infer_verdict loop_regions(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nresults != in->noperands)
    return ms_sop_fail(out, "operand-count", -1, "number of operands does not match number of results (%d != %d)",
                       in->noperands, in->nresults);
  if (in->nregions < 2) return MS_INFER_UNKNOWN;
  const ms_sop_region *c = &in->regions[0], *b = &in->regions[1];
  if (c->nargs != b->nargs)
    return ms_sop_fail(out, "region-types", -1, "number of arguments in condition function does not match number of "
                       "arguments in body function (%d != %d)", c->nargs, b->nargs);
  for (int i = 0; i < c->nargs; i++)
    if (!ms_sop_shapes_compatible(&c->args[i], &b->args[i])) {
      char x[160], y[160];
      ms_shape_format_type(&c->args[i], x, sizeof x);
      ms_shape_format_type(&b->args[i], y, sizeof y);
      return ms_sop_fail(out, "region-types", -1, "condition function's argument type does not match body "
                         "function's argument type (%s != %s)", x, y);
    }
  return opaque_results(in, out);
}

/* --- recurrent_cell -------------------------------------------------------------- */

static const ms_shape *named(const ms_sop_in *in, const char *name) {
  return operand(in, ms_sop_int(in, name, -1));
}

static ms_infer_verdict recurrent_cell(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = named(in, "input"), *as = named(in, "activation_state"), *cs = named(in, "cell_state");
  const ms_shape *iw = named(in, "input_weights"), *rw = named(in, "recurrent_weights");
  if (!x || !as || !cs || !iw || !rw || !is_static(x)) return opaque_results(in, out);
  if (x->rank < 2)
    return ms_sop_fail(out, "operand-rank", (int)ms_sop_int(in, "input", 0), "the first input operand should have "
                       "more than 2 dimensions (rank %d)", x->rank);
  if (!is_static(as) || !is_static(cs) || !is_static(iw) || !is_static(rw)) return opaque_results(in, out);
  if (iw->rank != 2 || rw->rank != 2)
    return ms_sop_fail(out, "dim-mismatch", -1, "inputs don't match with the dimensions: the weights must be 2-D");
  int64_t n_input = x->dims[x->rank - 1], n_cell = iw->dims[0], n_output = rw->dims[1];
  int64_t n_batch = x->rank == 2 ? x->dims[0] : x->dims[1];
  if (elements(as) != n_batch * n_output || elements(cs) != n_batch * n_cell || iw->dims[1] != n_input ||
      rw->dims[0] != n_cell)
    return ms_sop_fail(out, "dim-mismatch", -1, "inputs don't match with the dimensions: batch %lld, %lld inputs, "
                       "%lld cells, %lld outputs; states of %lld and %lld elements", (long long)n_batch,
                       (long long)n_input, (long long)n_cell, (long long)n_output, (long long)elements(as),
                       (long long)elements(cs));
  const ms_shape *ln = named(in, "norm_coefficients");
  if (ln && ln->kind == MS_TYPE_TENSOR && (!ln->ranked || ln->rank != 1 || ln->dims[0] != n_cell))
    return ms_sop_fail(out, "dim-mismatch", (int)ms_sop_int(in, "norm_coefficients", -1), "coefficient inputs have "
                       "more than 2 dimensions or don't match the dimension with input operand "
                       "`input_to_output_weights` (%lld cells)", (long long)n_cell);
  return opaque_results(in, out);
}

/* --- unique_values --------------------------------------------------------------- */

static ms_infer_verdict unique_values(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1 || in->nresults < 1 || in->nresults > 4) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0];
  int64_t sorted = ms_sop_int(in, "sorted", 1);
  if (sorted != 0 && sorted != 1)
    return ms_sop_fail(out, "attribute-value", -1, "'sorted' value is %lld, accepted range is [0, 1]",
                       (long long)sorted);
  const ms_sop_param *ax = ms_sop_get(in, "axis");
  if (!x->ranked) return opaque_results(in, out);
  int64_t a = ax && ax->n == 1 ? ax->v[0] : 0;
  if (ax && (a < -x->rank || a >= x->rank))
    return ms_sop_fail(out, "dims-out-of-range", -1, "'axis' value is %lld, accepted range is [%d, %d]",
                       (long long)a, -x->rank, x->rank - 1);
  if (a < 0) a += x->rank;
  ms_sop_result_begin(out, 0, x);
  if (ax)
    for (int i = 0; i < x->rank; i++) ms_sop_result_push(out, 0, i == a ? MS_DIM_DYNAMIC : x->dims[i], MS_DIM_DYNAMIC);
  else
    ms_sop_result_push(out, 0, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  for (int r = 1; r < in->nresults; r++) {
    ms_sop_result_begin(out, r, &in->results[r]);
    ms_sop_result_push(out, r, MS_DIM_DYNAMIC, MS_DIM_DYNAMIC);
  }
  out->nresults = in->nresults;
  if (in->want_provenance) ms_sop_note(out, 0, "the input with a data-dependent size %s", ax ? "at axis" : "(flattened)");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_operand_traits[] = {
    {"operand_traits", operand_traits, "equal_dims,elements_equal_dim,elements,dim_equals,min_ranks,element_ranks,ranked_element"},
    {"loop_regions", loop_regions, ""},
    {"recurrent_cell", recurrent_cell,
     "input,activation_state,cell_state,input_weights,recurrent_weights,norm_coefficients"},
    {"unique_values", unique_values, "axis,sorted"},
    {NULL, NULL, NULL},
};
