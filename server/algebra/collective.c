/*
** collective.c: the collective family of structured ops (sop.h).
**
** all_gather, reduce_scatter, all_to_all, all_reduce, collective_permute
** and collective_broadcast. Constraints and result shapes are StableHLO's
** (docs/spec.md; TypeInference.cpp verifyReplicaGroups, verifyAllGatherOp,
** verifyReduceScatterOp, inferAllToAllOp, inferAllReduceOp,
** verifyCollectivePermuteOp, inferCollectiveBroadcastOp). all_gather and
** reduce_scatter declare their results: they are checked against the
** operands, and the inferred result keeps the operand's dims but the
** gathered/scattered one (`?`: the group size is not known here).
**
** Parameters: all_gather_dim; scatter_dimension; split_dimension,
** concat_dimension, split_count; replica_groups (the ids, flattened; a
** replica_group_mesh_axes form is not read and not judged);
** source_target_pairs (flattened pairs).
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

/* verifyReplicaGroups without the group shape: an id at most once, ids
** 0..n-1 all present, -1 (a padded group) only where groups may differ. */
static bool replica_groups_valid(const ms_sop_in *in, ms_sop_out *out, bool same_size) {
  const ms_sop_param *g = ms_sop_get(in, "replica_groups");
  if (!g) return true;
  int seen = 0;
  for (int i = 0; i < g->n; i++) {
    if (g->v[i] == -1) {
      if (!same_size) continue;
      ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "Invalid replica id -1");
      return false;
    }
    if (ms_sop_contains(g->v, i, g->v[i])) {
      ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "replica id #%lld seen more than once", (long long)g->v[i]);
      return false;
    }
    seen++;
  }
  for (int id = 0; id < seen; id++)
    if (!ms_sop_contains(g->v, g->n, id)) {
      ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "replica id #%d not seen in replica groups", id);
      return false;
    }
  return true;
}

/* Result r: operand x's shape with dim d unknown. */
static void all_but(ms_sop_out *out, int r, const ms_shape *x, int d) {
  ms_sop_result_begin(out, r, x);
  for (int i = 0; i < x->rank; i++)
    ms_sop_result_push(out, r, i == d ? MS_DIM_DYNAMIC : x->dims[i], i == d ? MS_DIM_DYNAMIC : ms_sop_bound(x, i));
}

static ms_infer_verdict all_gather(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "all_gather_dim");
  if (!dp || dp->n != 1 || in->noperands < 1 || in->noperands > out->room) return MS_INFER_UNKNOWN;
  if (!replica_groups_valid(in, out, true)) return MS_INFER_INVALID;
  int64_t d = dp->v[0];
  if (d < 0) return MS_INFER_UNKNOWN; /* the attribute's own constraint */
  for (int k = 0; k < in->noperands; k++) {
    const ms_shape *x = &in->operands[k], *r = k < in->nresults ? &in->results[k] : NULL;
    if (!x->ranked) return MS_INFER_UNKNOWN;
    if (d >= x->rank) return ms_sop_fail(out, MS_CODE_DIMS_RANGE, k, "all_gather_dim must be a valid index of operand");
    if (x->dims[d] == 0)
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, k, "dimension size of operand at 'all_gather_dim' cannot be zero");
    if (!r || !r->ranked) continue;
    if (r->rank != x->rank) return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1, "operand and result must have the same rank");
    for (int i = 0; i < x->rank; i++)
      if (i != d && !ms_sop_dims_compatible(r->dims[i], x->dims[i]))
        return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1,
                           "operand and result should have the same shape except for the dimension size at "
                           "'all_gather_dim' (dim %d: %lld vs %lld)",
                           i, (long long)x->dims[i], (long long)r->dims[i]);
    if (x->dims[d] > 0 && r->dims[d] >= 0 && r->dims[d] % x->dims[d])
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1,
                         "result gather dimension has size %lld, expected to be a multiple of operand gather dimension "
                         "size %lld",
                         (long long)r->dims[d], (long long)x->dims[d]);
  }
  for (int k = 0; k < in->noperands; k++) all_but(out, k, &in->operands[k], (int)d);
  return MS_INFER_OK;
}

static ms_infer_verdict reduce_scatter(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *dp = ms_sop_get(in, "scatter_dimension");
  if (!dp || dp->n != 1 || in->noperands < 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  if (!replica_groups_valid(in, out, true)) return MS_INFER_INVALID;
  int zero = 0;
  if (!ms_sop_reducer_scalar(in, 0, &zero, 1, out)) return MS_INFER_INVALID; /* reduce_scatter_c7 */
  const ms_shape *x = &in->operands[0], *r = in->nresults > 0 && in->results[0].ranked ? &in->results[0] : NULL;
  int64_t d = dp->v[0];
  if (d < 0) return MS_INFER_UNKNOWN;
  if (r && r->rank != x->rank) return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1, "operand and result should have same rank");
  if (d >= x->rank) return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "scatter dim should be less than operand/result rank");
  if (r && x->dims[d] >= 0 && r->dims[d] >= 0) {
    if (r->dims[d] == 0)
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1, "result dimension size at scatter_dimension cannot be zero");
    if (x->dims[d] == 0)
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, 0, "operand dimension size at scatter_dimension cannot be zero");
    if (x->dims[d] % r->dims[d])
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1,
                         "operand scatter dimension has size %lld, expected to be a multiple of result scatter "
                         "dimension size %lld",
                         (long long)x->dims[d], (long long)r->dims[d]);
    for (int i = 0; i < x->rank; i++)
      if (i != d && !ms_sop_dims_compatible(x->dims[i], r->dims[i]))
        return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, -1,
                           "non scatter dimensions should be same for operand (%lld) and result (%lld)",
                           (long long)x->dims[i], (long long)r->dims[i]);
  }
  all_but(out, 0, x, (int)d);
  return MS_INFER_OK;
}

static ms_infer_verdict all_to_all(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *sd = ms_sop_get(in, "split_dimension"), *cd = ms_sop_get(in, "concat_dimension"),
                     *sc = ms_sop_get(in, "split_count");
  if (!sd || !cd || !sc || sd->n != 1 || cd->n != 1 || sc->n != 1 ||
      in->noperands > out->room)
    return MS_INFER_UNKNOWN;
  if (!replica_groups_valid(in, out, true)) return MS_INFER_INVALID;
  int64_t s = sd->v[0], c = cd->v[0], n = sc->v[0];
  if (s < 0 || c < 0 || n <= 0) return MS_INFER_UNKNOWN; /* the attributes' own constraints */
  const ms_sop_param *g = ms_sop_get(in, "replica_groups");
  if (g && g->nshape == 2 && (g->shape[0] == 0 || g->shape[1] != n))
    return ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "group size of replica_groups must be %lld", (long long)n);
  if (in->nresults > 0 && in->nresults != in->noperands)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "requires the same number of operands (%d) and results (%d)",
                       in->noperands, in->nresults);
  for (int k = 0; k < in->noperands; k++)
    if (!in->operands[k].ranked) return MS_INFER_UNKNOWN;
  for (int k = 0; k < in->noperands; k++) {
    const ms_shape *x = &in->operands[k];
    if (s >= x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, k, "AllToAll split_dimension %lld is out-of-bounds for input rank %d",
                         (long long)s, x->rank);
    if (c >= x->rank)
      return ms_sop_fail(out, MS_CODE_DIMS_RANGE, k, "AllToAll concat_dimension %lld is out-of-bounds for input rank %d",
                         (long long)c, x->rank);
    if (x->dims[s] >= 0 && x->dims[s] % n)
      return ms_sop_fail(out, MS_CODE_COLLECTIVE_DIMS, k,
                         "split dimension has size %lld, expected to be a multiple of split_count %lld",
                         (long long)x->dims[s], (long long)n);
    out->results[k] = *x;
    ms_shape *res = &out->results[k];
    if (res->dims[s] >= 0) res->dims[s] /= n;
    if (res->dims[c] >= 0) res->dims[c] *= n;
    if (res->bounded && res->bounds[s] >= 0) res->bounds[s] /= n;
    if (res->bounded && res->bounds[c] >= 0) res->bounds[c] *= n;
    if (in->want_provenance)
      ms_sop_note(out, k, "dim %lld: split in %lld; dim %lld: concatenated %lld times", (long long)s, (long long)n,
                  (long long)c, (long long)n);
  }
  out->nresults = in->noperands;
  return MS_INFER_OK;
}

/* all_reduce, collective_permute, collective_broadcast: each result has its
** operand's shape. */
static ms_infer_verdict same_as_operands(const ms_sop_in *in, ms_sop_out *out, int n) {
  if (n < 1 || n > out->room) return MS_INFER_UNKNOWN;
  for (int k = 0; k < n; k++) {
    out->results[k] = in->operands[k];
    if (in->want_provenance) ms_sop_note(out, k, "the shape of operand %d", k);
  }
  out->nresults = n;
  return MS_INFER_OK;
}

static ms_infer_verdict all_reduce(const ms_sop_in *in, ms_sop_out *out) {
  if (!replica_groups_valid(in, out, false)) return MS_INFER_INVALID;
  for (int k = 0; k < in->noperands; k++) /* all_reduce_c5: the computation reduces each operand */
    if (!ms_sop_reducer_scalar(in, 0, &k, 1, out)) return MS_INFER_INVALID;
  return same_as_operands(in, out, in->noperands);
}

static ms_infer_verdict collective_permute(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *p = ms_sop_get(in, "source_target_pairs");
  for (int i = 0; p && i < p->n; i++) {
    if (p->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "replica ids in source_target_pairs must be >= 0");
    for (int j = i % 2; j < i; j += 2)
      if (p->v[j] == p->v[i])
        return ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "duplicate %s not allowed", i % 2 ? "targets" : "sources");
  }
  return same_as_operands(in, out, in->noperands);
}

/* has_dynamic_root: a unit attribute (present, or 1) adds a last operand,
** the root index of each data operand (collective_broadcast_c4,
** collective_reduce): *data is the count of data operands. */
static bool dynamic_root(const ms_sop_in *in, ms_sop_out *out, const char *op, int *data) {
  const ms_sop_param *dyn = ms_sop_get(in, "has_dynamic_root");
  bool root = dyn && (dyn->n == 0 || dyn->v[0] != 0);
  *data = in->noperands - (root ? 1 : 0);
  if (!root && in->noperands == 0)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "%s requires at least one data operand", op), false;
  if (!root) return true;
  if (in->noperands < 2)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1,
                       "%s with has_dynamic_root=true requires at least two operands (data + root)", op),
           false;
  const ms_shape *r = &in->operands[in->noperands - 1];
  if (r->kind == MS_TYPE_TENSOR && r->ranked && (r->rank != 1 || (r->elem[0] && strcmp(r->elem, "i32"))))
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, in->noperands - 1,
                       "last operand of %s with has_dynamic_root=true must be a rank-1 i32 tensor", op),
           false;
  if (r->ranked && r->rank == 1 && r->dims[0] >= 0 && r->dims[0] != *data)
    return ms_sop_fail(out, MS_CODE_SOP_COUNT, in->noperands - 1,
                       "last operand of %s with has_dynamic_root=true must have the same number of "
                       "elements as data operands (%d), but got %lld",
                       op, *data, (long long)r->dims[0]),
           false;
  return true;
}

static ms_infer_verdict collective_broadcast(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *g = ms_sop_get(in, "replica_groups");
  for (int i = 0; g && i < g->n; i++) {
    if (g->v[i] < 0)
      return ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "replica_groups values must be positive, but was given %lld",
                         (long long)g->v[i]);
    if (ms_sop_contains(g->v, i, g->v[i]))
      return ms_sop_fail(out, MS_CODE_REPLICA_GROUPS, -1, "replica id #%lld seen more than once", (long long)g->v[i]);
  }
  int data;
  if (!dynamic_root(in, out, "collective_broadcast", &data)) return MS_INFER_INVALID;
  return same_as_operands(in, out, data);
}

/* collective_reduce: all_reduce's replica groups and reducer over each data
** operand, collective_broadcast's dynamic root; results as the data
** operands. */
static ms_infer_verdict collective_reduce(const ms_sop_in *in, ms_sop_out *out) {
  int data;
  if (!replica_groups_valid(in, out, false) || !dynamic_root(in, out, "collective_reduce", &data))
    return MS_INFER_INVALID;
  for (int k = 0; k < data; k++)
    if (!ms_sop_reducer_scalar(in, 0, &k, 1, out)) return MS_INFER_INVALID;
  return same_as_operands(in, out, data);
}

const ms_sop_def ms_sop_collective[] = {
    {"all_gather", all_gather, "all_gather_dim,replica_groups"},
    {"reduce_scatter", reduce_scatter, "scatter_dimension,replica_groups"},
    {"all_to_all", all_to_all, "split_dimension,concat_dimension,split_count,replica_groups"},
    {"all_reduce", all_reduce, "replica_groups"},
    {"collective_permute", collective_permute, "source_target_pairs"},
    {"collective_broadcast", collective_broadcast, "replica_groups,has_dynamic_root"},
    {"collective_reduce", collective_reduce, "replica_groups,has_dynamic_root"},
    {NULL, NULL, NULL},
};
