/*
** gather.c: the gather/scatter family of structured ops (sop.h).
**
** gather and dynamic_gather take slices of an operand at indices; scatter
** writes update slices into inputs. Their constraints and shape functions
** are StableHLO's (docs/spec.md gather C1-C23, scatter C1-C25;
** TypeInference.cpp verifyGather, inferGatherShape, verifyScatterOp,
** validateScatterDimensionNumbers), checked in the verifier's order so the
** first violated one is the reported one.
**
** Operands: gather (operand, start_indices); dynamic_gather (operand,
** start_indices, slice_sizes); scatter (inputs..., scatter_indices,
** updates...). Parameters: the fields of the dimension numbers, all
** required (the rule gives the struct's defaults: [] and 0 for fields the
** text leaves out), and gather's `slice_sizes` (dynamic_gather: the
** constant operand's values, optional). An unranked operand, or a
** parameter the rule could not read, judges nothing.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

typedef struct gather_dims {
  const ms_sop_param *offset, *collapsed, *obatch, *ibatch, *map, *ivd;
  ms_sop_param ivd0;
} gather_dims;

/* index_vector_dim, 0 when left out; NULL when not one integer. */
static const ms_sop_param *read_ivd(const ms_sop_in *in, ms_sop_param *zero, bool *given) {
  const ms_sop_param *p = ms_sop_get(in, "index_vector_dim");
  if (p) {
    *given = true;
    return p->n == 1 ? p : NULL;
  }
  memset(zero, 0, sizeof *zero);
  zero->name = "index_vector_dim";
  zero->present = true;
  zero->n = 1;
  return zero;
}

/* False when no field at all is given: the dimension numbers were not read. */
static bool read_gather_dims(const ms_sop_in *in, gather_dims *d) {
  bool given = false;
  d->offset = ms_sop_list_or_empty(in, "offset_dims", &given);
  d->collapsed = ms_sop_list_or_empty(in, "collapsed_slice_dims", &given);
  d->obatch = ms_sop_list_or_empty(in, "operand_batching_dims", &given);
  d->ibatch = ms_sop_list_or_empty(in, "start_indices_batching_dims", &given);
  d->map = ms_sop_list_or_empty(in, "start_index_map", &given);
  d->ivd = read_ivd(in, &d->ivd0, &given);
  return d->ivd && given;
}

/* verifyGather: C1-C4, C6-C8, C10, C11, C13-C19, in its order. */
static ms_infer_verdict verify_gather(const ms_shape *x, const ms_shape *idx, const gather_dims *d, ms_sop_out *out) {
  int implied = d->offset->n + d->collapsed->n + d->obatch->n;
  if (x->rank != implied)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 0,
                       "offset_dims size (%d) plus collapsed_slice_dims size (%d) plus operand_batching_dims size "
                       "(%d) is not equal to the operand rank (%d)",
                       d->offset->n, d->collapsed->n, d->obatch->n, x->rank);
  int64_t ivd = d->ivd->v[0];
  if (!ms_sop_in_range(out, d->ivd, "index_vector_dim", idx->rank, "rank-of('start_indices')", true))
    return MS_INFER_INVALID;
  if (ivd == idx->rank || idx->dims[ivd] >= 0) {
    int64_t size = ivd == idx->rank ? 1 : idx->dims[ivd];
    if (size != d->map->n)
      return ms_sop_fail(out, MS_CODE_INDEX_VECTOR, 1,
                         "start_index_map size (%d) is not equal to size of index dimension (%lld) of "
                         "start_indices (%lld)",
                         d->map->n, (long long)ivd, (long long)size);
  }
  if (!ms_sop_sorted(out, d->offset, "offset_dims") || !ms_sop_unique(out, d->offset, "offset_dims") ||
      !ms_sop_disjoint(out, d->collapsed, "collapsed_slice_dims", d->obatch, "operand_batching_dims") ||
      !ms_sop_sorted(out, d->collapsed, "collapsed_slice_dims") ||
      !ms_sop_in_range(out, d->collapsed, "collapsed_slice_dims", x->rank, "rank-of('operand')", false) ||
      !ms_sop_sorted(out, d->obatch, "operand_batching_dims") ||
      !ms_sop_in_range(out, d->obatch, "operand_batching_dims", x->rank, "rank-of('operand')", false) ||
      !ms_sop_unique(out, d->ibatch, "start_indices_batching_dims") ||
      !ms_sop_in_range(out, d->ibatch, "start_indices_batching_dims", idx->rank, "rank-of('start_indices')", false))
    return MS_INFER_INVALID;
  if (ms_sop_contains(d->ibatch->v, d->ibatch->n, ivd))
    return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1,
                       "start_indices_batching_dims must not include index_vector_dim %lld", (long long)ivd);
  if (d->obatch->n != d->ibatch->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "operand_batching_dims (%d) and start_indices_batching_dims (%d) should have the same size",
                       d->obatch->n, d->ibatch->n);
  for (int i = 0; i < d->obatch->n; i++) {
    int64_t a = x->dims[d->obatch->v[i]], b = idx->dims[d->ibatch->v[i]];
    if (!ms_sop_dims_compatible(a, b))
      return ms_sop_fail(out, MS_CODE_BATCHING_SIZE, 1,
                         "operand_batching_dims[%d] and start_indices_batching_dims[%d] must have compatible "
                         "sizes, but got %lld and %lld",
                         i, i, (long long)a, (long long)b);
  }
  if (!ms_sop_disjoint(out, d->map, "start_index_map", d->obatch, "operand_batching_dims") ||
      !ms_sop_in_range(out, d->map, "start_index_map", x->rank, "rank-of('operand')", false))
    return MS_INFER_INVALID;
  return MS_INFER_OK;
}

/* C9, C12, C21: collapsed and batching slices are at most 1; a slice fits its dim. */
static ms_infer_verdict verify_slice_sizes(const ms_shape *x, const gather_dims *d, const ms_sop_param *ss,
                                           ms_sop_out *out) {
  const ms_sop_param *lists[2] = {d->collapsed, d->obatch};
  const char *names[2] = {"collapsed_slice_dims", "operand_batching_dims"};
  for (int l = 0; l < 2; l++)
    for (int i = 0; i < lists[l]->n; i++) {
      int64_t s = ss->v[lists[l]->v[i]];
      if (s > 1)
        return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, -1,
                           "for each dim in %s, slice_sizes[dim] should be <= 1, but got %lld", names[l],
                           (long long)s);
    }
  for (int i = 0; i < ss->n; i++)
    if (ss->v[i] < 0 || (x->dims[i] >= 0 && ss->v[i] > x->dims[i]))
      return ms_sop_fail(out, MS_CODE_SLICE_BOUNDS, 0,
                         "slice size (%lld) is out of bounds for operand dimension (%lld) at index %d",
                         (long long)ss->v[i], (long long)x->dims[i], i);
  return MS_INFER_OK;
}

/* inferGatherShape: offset dims take the slice sizes left after the
** collapsed and batching dims; the other (batch) dims take start_indices'
** dims, skipping index_vector_dim, with their bounds. */
static ms_infer_verdict infer_gather(const ms_shape *x, const ms_shape *idx, const gather_dims *d,
                                     const ms_sop_param *ss, bool want_prov, ms_sop_out *out) {
  int64_t ivd = d->ivd->v[0];
  int idx_rank = idx->rank + (ivd == idx->rank ? 1 : 0);
  int rank = d->offset->n + idx_rank - 1;
  if (rank > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (!ms_sop_in_range(out, d->offset, "offset_dims", rank, "implied-result-rank", false)) return MS_INFER_INVALID;
  ms_shape *res = &out->results[0];
  ms_sop_result(res, x, rank);
  out->nresults = 1;
  /* The slice sizes of the dims neither collapsed nor batching, in order. */
  int64_t kept[MS_MAX_RANK];
  int kept_dim[MS_MAX_RANK];
  int nkept = 0;
  for (int i = 0; i < x->rank; i++) {
    if (ms_sop_contains(d->collapsed->v, d->collapsed->n, i) || ms_sop_contains(d->obatch->v, d->obatch->n, i))
      continue;
    kept_dim[nkept] = i;
    kept[nkept++] = ss ? ss->v[i] : MS_DIM_DYNAMIC;
  }
  int batch = 0, off = 0;
  for (int i = 0; i < rank; i++) {
    if (ms_sop_contains(d->offset->v, d->offset->n, i)) {
      if (off < nkept) {
        res->dims[i] = kept[off];
        if (want_prov) ms_sop_note(out, 0, "dim %d: slice_sizes[%d]", i, kept_dim[off]);
      }
      off++;
      continue;
    }
    int j = batch < ivd ? batch : batch + 1; /* start_indices dims, index_vector_dim skipped */
    batch++;
    if (j < idx->rank) ms_sop_copy_dim(res, i, idx, j);
    if (want_prov) ms_sop_note(out, 0, "dim %d: start_indices dim %d", i, j);
  }
  return MS_INFER_OK;
}

static ms_infer_verdict gather_common(const ms_sop_in *in, ms_sop_out *out, bool dynamic) {
  gather_dims d;
  out->nresults = 0;
  if (in->noperands < (dynamic ? 3 : 2) || !read_gather_dims(in, &d)) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1];
  if (!x->ranked || !idx->ranked) return MS_INFER_UNKNOWN;
  const ms_sop_param *ss = ms_sop_get(in, "slice_sizes");
  if (!dynamic && !ss) return MS_INFER_UNKNOWN;
  ms_infer_verdict v = verify_gather(x, idx, &d, out);
  if (v != MS_INFER_OK) return v;
  if (dynamic) {
    const ms_shape *sz = &in->operands[2];
    if (sz->ranked && sz->rank != 1)
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, 2, "slice_sizes must have rank 1, got rank %d", sz->rank);
    if (sz->ranked && sz->dims[0] >= 0 && sz->dims[0] != x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_COUNT, 2, "slice_sizes size (%lld) not equal to operand rank (%d)",
                         (long long)sz->dims[0], x->rank);
    if (ss && ss->n != x->rank) ss = NULL;
  } else if (ss->n != x->rank) {
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "slice_sizes size (%d) not equal to operand rank (%d)", ss->n,
                       x->rank);
  }
  if (ss && (v = verify_slice_sizes(x, &d, ss, out)) != MS_INFER_OK) return v;
  return infer_gather(x, idx, &d, ss, in->want_provenance, out);
}

static ms_infer_verdict gather(const ms_sop_in *in, ms_sop_out *out) { return gather_common(in, out, false); }

static ms_infer_verdict dynamic_gather(const ms_sop_in *in, ms_sop_out *out) { return gather_common(in, out, true); }

/* --- scatter ------------------------------------------------------------ */

typedef struct scatter_dims {
  const ms_sop_param *window, *inserted, *ibatch, *sbatch, *map, *ivd;
  ms_sop_param ivd0;
} scatter_dims;

static bool read_scatter_dims(const ms_sop_in *in, scatter_dims *d) {
  bool given = false;
  d->window = ms_sop_list_or_empty(in, "update_window_dims", &given);
  d->inserted = ms_sop_list_or_empty(in, "inserted_window_dims", &given);
  d->ibatch = ms_sop_list_or_empty(in, "input_batching_dims", &given);
  d->sbatch = ms_sop_list_or_empty(in, "scatter_indices_batching_dims", &given);
  d->map = ms_sop_list_or_empty(in, "scatter_dims_to_operand_dims", &given);
  d->ivd = read_ivd(in, &d->ivd0, &given);
  return d->ivd && given;
}

/* validateScatterDimensionNumbers: C2, C7-C21 for one input and its updates. */
static ms_infer_verdict verify_scatter_dims(const ms_shape *x, const int64_t *idx, int idx_rank, const ms_shape *upd,
                                            const scatter_dims *d, ms_sop_out *out, int xi) {
  int window = d->window->n + d->inserted->n + d->ibatch->n;
  if (x->rank != window)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, xi,
                       "the rank of the operand (%d) must equal size-of('update_window_dims') + "
                       "size-of('inserted_window_dims') + size-of('input_batching_dims') i.e. %d",
                       x->rank, window);
  if (!ms_sop_sorted(out, d->window, "update_window_dims") || !ms_sop_unique(out, d->window, "update_window_dims") ||
      !ms_sop_in_range(out, d->window, "update_window_dims", upd->rank, "rank-of('updates')", false) ||
      !ms_sop_disjoint(out, d->inserted, "inserted_window_dims", d->ibatch, "input_batching_dims") ||
      !ms_sop_sorted(out, d->inserted, "inserted_window_dims") ||
      !ms_sop_in_range(out, d->inserted, "inserted_window_dims", x->rank, "rank-of('operand')", false) ||
      !ms_sop_sorted(out, d->ibatch, "input_batching_dims") ||
      !ms_sop_in_range(out, d->ibatch, "input_batching_dims", x->rank, "rank-of('operand')", false) ||
      !ms_sop_unique(out, d->sbatch, "scatter_indices_batching_dims") ||
      !ms_sop_in_range(out, d->sbatch, "scatter_indices_batching_dims", idx_rank, "rank-of('scatter_indices')",
                       false))
    return MS_INFER_INVALID;
  int64_t ivd = d->ivd->v[0];
  if (ms_sop_contains(d->sbatch->v, d->sbatch->n, ivd))
    return ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1,
                       "scatter_indices_batching_dims must not include index_vector_dim %lld", (long long)ivd);
  if (d->ibatch->n != d->sbatch->n)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1,
                       "input_batching_dims (%d) and scatter_indices_batching_dims (%d) should have the same size",
                       d->ibatch->n, d->sbatch->n);
  for (int i = 0; i < d->ibatch->n; i++) {
    int64_t a = x->dims[d->ibatch->v[i]], b = idx[d->sbatch->v[i]];
    if (!ms_sop_dims_compatible(a, b))
      return ms_sop_fail(out, MS_CODE_BATCHING_SIZE, xi,
                         "input_batching_dims[%d] and scatter_indices_batching_dims[%d] must have compatible "
                         "sizes, but got %lld and %lld",
                         i, i, (long long)a, (long long)b);
  }
  if (idx[ivd] >= 0 && d->map->n != idx[ivd])
    return ms_sop_fail(out, MS_CODE_INDEX_VECTOR, -1,
                       "scatter_dims_to_operand_dims has %d elements but dimension index_vector_dim=%lld of "
                       "scatter_indices is %lld; these must be equal",
                       d->map->n, (long long)ivd, (long long)idx[ivd]);
  if (!ms_sop_disjoint(out, d->map, "scatter_dims_to_operand_dims", d->ibatch, "input_batching_dims") ||
      !ms_sop_in_range(out, d->map, "scatter_dims_to_operand_dims", x->rank, "rank-of('operand')", false))
    return MS_INFER_INVALID;
  return MS_INFER_OK;
}

/* C4: update window dims fit the operand's window; update scatter dims
** match scatter_indices. */
static ms_infer_verdict verify_update_bounds(const ms_shape *x, const int64_t *idx, const ms_shape *upd,
                                             const scatter_dims *d, ms_sop_out *out, int ui) {
  int64_t maxsz[MS_MAX_RANK];
  int n = 0;
  for (int i = 0; i < x->rank; i++)
    if (!ms_sop_contains(d->inserted->v, d->inserted->n, i) && !ms_sop_contains(d->ibatch->v, d->ibatch->n, i))
      maxsz[n++] = x->dims[i];
  for (int i = 0; i < d->window->n && i < n; i++) {
    int64_t u = upd->dims[d->window->v[i]];
    if (u >= 0 && maxsz[i] >= 0 && u > maxsz[i])
      return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, ui,
                         "window dimension %lld of updates (%lld) exceeds the corresponding operand dimension (%lld)",
                         (long long)d->window->v[i], (long long)u, (long long)maxsz[i]);
  }
  int64_t ivd = d->ivd->v[0];
  int seen = 0;
  for (int i = 0; i < upd->rank; i++) {
    if (ms_sop_contains(d->window->v, d->window->n, i)) continue;
    if (seen == ivd) seen++;
    if (!ms_sop_dims_compatible(upd->dims[i], idx[seen]))
      return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, ui,
                         "scatter dimension %d of updates (%lld) differs from the corresponding dimension of "
                         "scatter_indices (%lld)",
                         i, (long long)upd->dims[i], (long long)idx[seen]);
    seen++;
  }
  return MS_INFER_OK;
}

static ms_infer_verdict scatter(const ms_sop_in *in, ms_sop_out *out) {
  scatter_dims d;
  out->nresults = 0;
  if (in->noperands < 3 || in->noperands % 2 == 0 || !read_scatter_dims(in, &d)) return MS_INFER_UNKNOWN;
  int n = (in->noperands - 1) / 2;
  if (n > out->room || n > MS_SOP_MAX_VALUES) return MS_INFER_UNKNOWN;
  const ms_shape *xs = in->operands, *sidx = &in->operands[n], *ups = &in->operands[n + 1];
  for (int i = 0; i < in->noperands; i++)
    if (!in->operands[i].ranked) return MS_INFER_UNKNOWN;
  for (int i = 1; i < n; i++) {
    if (!ms_sop_shapes_compatible(&xs[0], &xs[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, i, "not all inputs have compatible shapes");
  }
  for (int i = 1; i < n; i++)
    if (!ms_sop_shapes_compatible(&ups[0], &ups[i]))
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, n + 1 + i, "not all updates have compatible shapes");
  if (!ms_sop_in_range(out, d.ivd, "index_vector_dim", sidx->rank, "rank-of('scatter_indices')", true))
    return MS_INFER_INVALID;
  int inputs[MS_SOP_MAX_VALUES];
  for (int i = 0; i < n; i++) inputs[i] = i;
  if (!ms_sop_reducer_scalar(in, 0, inputs, n, out)) return MS_INFER_INVALID; /* scatter_c6, scatter_c23 */
  int64_t idx[MS_MAX_RANK + 1];
  int idx_rank = sidx->rank;
  memcpy(idx, sidx->dims, (size_t)sidx->rank * sizeof idx[0]);
  if (d.ivd->v[0] == idx_rank) idx[idx_rank++] = 1;
  int want = idx_rank - 1 + d.window->n;
  for (int i = 0; i < n; i++)
    if (ups[i].rank != want)
      return ms_sop_fail(out, MS_CODE_UPDATE_SHAPE, n + 1 + i,
                         "updates must have rank %d (rank-of('scatter_indices') - 1 + size-of('update_window_dims'), "
                         "scatter_indices expanded by a trailing 1 when index_vector_dim is its rank), but got %d",
                         want, ups[i].rank);
  ms_infer_verdict v;
  for (int i = 0; i < n; i++)
    if ((v = verify_scatter_dims(&xs[i], idx, idx_rank, &ups[i], &d, out, i)) != MS_INFER_OK) return v;
  for (int i = 0; i < n; i++)
    if ((v = verify_update_bounds(&xs[i], idx, &ups[i], &d, out, n + 1 + i)) != MS_INFER_OK) return v;
  out->nresults = n;
  for (int i = 0; i < n; i++) {
    out->results[i] = xs[i];
    if (in->want_provenance) ms_sop_note(out, i, "the shape of input %d", i);
  }
  return MS_INFER_OK;
}

#define GATHER_DIMS "offset_dims,collapsed_slice_dims,operand_batching_dims,start_indices_batching_dims,start_index_map,index_vector_dim"
#define SCATTER_DIMS                                                                                                  \
  "update_window_dims,inserted_window_dims,input_batching_dims,scatter_indices_batching_dims,"                         \
  "scatter_dims_to_operand_dims,index_vector_dim"

/* torch_index_select(operand, index) with `dim` and `batch_dims` (XLA's
** TorchIndexSelect, as MHLO lowered it): the operand's dims before dim,
** the index's dims from batch_dims on, the operand's dims after dim; the
** first batch_dims dims of both agree. StableHLO neither verifies nor
** infers it: bound infer-only, anything unexpected judges nothing. */
static ms_infer_verdict torch_index_select(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "dim"), *bp = ms_sop_get(in, "batch_dims");
  if (!dp || !bp || dp->n != 1 || bp->n != 1 || in->noperands != 2) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *idx = &in->operands[1];
  int64_t dim = dp->v[0], batch = bp->v[0];
  if (!x->ranked || !idx->ranked || dim < 0 || batch < 0 || dim >= x->rank || batch > dim || batch > idx->rank ||
      x->rank - 1 + idx->rank - batch > MS_MAX_RANK)
    return MS_INFER_UNKNOWN;
  for (int d = 0; d < batch; d++)
    if (!ms_sop_dims_compatible(x->dims[d], idx->dims[d])) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, in->nresults > 0 && in->results[0].elem[0] ? &in->results[0] : x);
  for (int d = 0; d < dim; d++) ms_sop_result_push(out, 0, x->dims[d], ms_sop_bound(x, d));
  for (int d = (int)batch; d < idx->rank; d++) ms_sop_result_push(out, 0, idx->dims[d], ms_sop_bound(idx, d));
  for (int d = (int)dim + 1; d < x->rank; d++) ms_sop_result_push(out, 0, x->dims[d], ms_sop_bound(x, d));
  if (in->want_provenance)
    ms_sop_note(out, 0, "operand dims before %lld, index dims from %lld, operand dims after %lld", (long long)dim,
                (long long)batch, (long long)dim);
  out->nresults = 1;
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_gather[] = {
    {"torch_index_select", torch_index_select, "dim,batch_dims"},
    {"gather", gather, GATHER_DIMS ",slice_sizes"},
    {"dynamic_gather", dynamic_gather, GATHER_DIMS ",slice_sizes"},
    {"scatter", scatter, SCATTER_DIMS},
    {NULL, NULL, NULL},
};
