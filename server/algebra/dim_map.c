/*
** dim_map.c: the dim map family of structured ops (sop.h): ops whose
** result dims are operand dims, several operands' dims having to agree.
**
** "dim_sources" lists, for each result dim in order, the (operand, dim)
** pairs it comes from, groups separated by -1: TOSA's gather (values
** [N, K, C], indices [N, W] -> [N, W, C]) is [0, 0, 1, 0, -1, 1, 1, -1, 0,
** 2]. The dims of a group must agree where static (else the verifier's
** error, code "dim-mismatch"); the result dim is their common size (`?`
** where all are). "agree" lists further groups that must agree without
** giving a result dim (scatter's W: indices dim 1 and input dim 1). Every
** result of the op has that shape (fft2d's real and imaginary parts); a
** declared result whose static dim differs is `result-shape`. "not_below"
** holds two groups: the first's size may not be below the second's
** (scatter's K >= W; operand -2 there is the declared result, whose K the
** verifier reads too).
** "same_dims" instead lists operands of one rank whose dims agree dim by
** dim and give the result (any rank: TOSA's table, fft2d, rescale).
** "halved" lists result dims whose size is the source's / 2 + 1 (rfft2d's
** width). "power_of_two" holds groups of (operand, dim) pairs: where every
** dim of a group is static, its size must be a power of two (fft2d,
** rfft2d: code "power-of-two"). "checked_results" N: only the first N
** declared results are compared with the inferred shape (rfft2d: 1;
** rescale: 0), the others only refined; "results_agree" 1: the declared
** results must be compatible with each other; "exact_results" 1: a static
** declared dim must equal the inferred one, even a `?` (table). "channel_operands" lists
** operands whose dim 0, where static, must be the channel count: operand
** 0's last dim when "per_channel" is 1, else 1 (rescale's multiplier and
** shift; LLVM 22 compares even against a `?` last dim: code
** "channel-count"). "unit_operands": ranked ones must be one dim of size 1
** (rescale's zero points, ODS's scalar tensors: "operand-rank").
** Source: TosaOps.cpp (LLVM 22) GatherOp/ScatterOp::verify and
** inferReturnTypeComponents; TableOp, FFT2dOp, RFFT2dOp, RescaleOp::verify
** (mlir-opt-22 decides); the rule entries name the dims.
*/
#include <stdio.h>

#include "sop.h"

#define CODE_DIMS "dim-mismatch"
#define RESULT (-2) /* in a pair of "not_below": the declared result */

/* The size group g (pairs v[0..n)) agrees on, or MS_DIM_DYNAMIC; false with
** out's reason when two static sizes differ. UNKNOWN (*skip) where an
** operand is unranked or a pair names no dim. */
static bool merge_group(const ms_sop_in *in, const int64_t *v, int n, int64_t *size, bool *skip, ms_sop_out *out) {
  *size = MS_DIM_DYNAMIC;
  int64_t from_op = -1, from_dim = -1;
  for (int i = 0; i + 1 < n; i += 2) {
    int64_t o = v[i], d = v[i + 1];
    const ms_shape *x = o == RESULT && in->nresults > 0 ? &in->results[0]
                        : o >= 0 && o < in->noperands ? &in->operands[o] : NULL;
    if (!x || !x->ranked || d < 0 || d >= x->rank) {
      *skip |= o != RESULT;
      continue;
    }
    int64_t s = x->dims[d];
    if (s == MS_DIM_DYNAMIC) continue;
    if (*size != MS_DIM_DYNAMIC && s != *size)
      return ms_sop_fail(out, CODE_DIMS, (int)o,
                         "requires operand #%lld dimension %lld to have size %lld (operand #%lld dimension %lld), got %lld",
                         (long long)o, (long long)d, (long long)*size, (long long)from_op, (long long)from_dim,
                         (long long)s),
             false;
    *size = s, from_op = o, from_dim = d;
  }
  return true;
}

/* The group of a -1 separated list starting at `at`: its length in *len;
** returns where the next group starts. */
static int next_group(const int64_t *v, int n, int at, int *len) {
  int k = at;
  while (k < n && v[k] != -1) k++;
  *len = k - at;
  return k + 1;
}

/* "same_dims": the listed operands' dims agree dim by dim (one rank);
** their common sizes in dims. False with *skip where one is unranked. */
static bool same_dims(const ms_sop_in *in, const int64_t *ops, int n, int64_t *dims, int *rank, bool *skip,
                      ms_sop_out *out) {
  *rank = -1;
  for (int k = 0; k < n; k++) {
    int64_t o = ops[k];
    if (o < 0 || o >= in->noperands) return *skip = true, true;
    const ms_shape *x = &in->operands[o];
    if (!x->ranked) continue; /* SameOperandsAndResultShape: unranked meets any shape */
    if (*rank < 0) {
      *rank = x->rank;
      for (int d = 0; d < x->rank; d++) dims[d] = x->dims[d];
      continue;
    }
    if (x->rank != *rank)
      return ms_sop_fail(out, CODE_DIMS, (int)o, "requires the same shape for all operands and results"), false;
    for (int d = 0; d < x->rank; d++) {
      if (x->dims[d] == MS_DIM_DYNAMIC) continue;
      if (dims[d] != MS_DIM_DYNAMIC && dims[d] != x->dims[d])
        return ms_sop_fail(out, CODE_DIMS, (int)o, "requires the same shape for all operands and results"), false;
      dims[d] = x->dims[d];
    }
  }
  if (*rank < 0) *skip = true;
  return true;
}

/* "power_of_two": each group's size, where all its dims are static, is a
** power of two. */
static bool powers_of_two(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "power_of_two", &n);
  for (int at = 0, len, next; v && at < n; at = next) {
    next = next_group(v, n, at, &len);
    int64_t size = MS_DIM_DYNAMIC;
    bool all = len > 0;
    for (int i = at; i + 1 < at + len; i += 2) {
      const ms_shape *x = v[i] >= 0 && v[i] < in->noperands ? &in->operands[v[i]] : NULL;
      if (!x || !x->ranked || v[i + 1] < 0 || v[i + 1] >= x->rank || x->dims[v[i + 1]] == MS_DIM_DYNAMIC) {
        all = false;
        break;
      }
      size = x->dims[v[i + 1]];
    }
    if (all && (size <= 0 || (size & (size - 1))))
      return ms_sop_fail(out, "power-of-two", (int)v[at], "expected operand #%lld dimension %lld to be a power of two, got %lld",
                         (long long)v[at], (long long)v[at + 1], (long long)size),
             false;
  }
  return true;
}

/* "channel_operands": their dim 0, where static, is the channel count. */
static bool channel_counts(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "channel_operands", &n);
  if (!v || in->noperands == 0 || !in->operands[0].ranked) return true;
  const ms_shape *x = &in->operands[0];
  int64_t want = 1;
  if (ms_sop_int(in, "per_channel", 0)) {
    if (x->rank == 0) return true;
    want = x->dims[x->rank - 1];
  }
  for (int k = 0; k < n; k++) {
    const ms_shape *c = v[k] >= 0 && v[k] < in->noperands ? &in->operands[v[k]] : NULL;
    if (!c || !c->ranked || c->rank < 1 || c->dims[0] == MS_DIM_DYNAMIC || c->dims[0] == want) continue;
    if (want == MS_DIM_DYNAMIC)
      return ms_sop_fail(out, "channel-count", (int)v[k], "expect shape of { ? } for operand #%lld, got { %lld }",
                         (long long)v[k], (long long)c->dims[0]),
             false;
    return ms_sop_fail(out, "channel-count", (int)v[k], "expect shape of { %lld } for operand #%lld, got { %lld }",
                       (long long)want, (long long)v[k], (long long)c->dims[0]),
           false;
  }
  return true;
}

/* "unit_operands": ranked ones hold exactly one value in one dim (ODS's
** tosa-conformant scalar tensor, tensor<1xi8>: rescale's zero points). */
static bool unit_operands(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "unit_operands", &n);
  for (int k = 0; v && k < n; k++) {
    const ms_shape *x = v[k] >= 0 && v[k] < in->noperands ? &in->operands[v[k]] : NULL;
    if (!x || !x->ranked || (x->rank == 1 && x->dims[0] == 1)) continue;
    char t[160];
    ms_shape_format_type(x, t, sizeof t);
    return ms_sop_fail(out, "operand-rank", (int)v[k], "operand #%lld must be a tosa-conformant scalar tensor "
                       "(one dim of size 1), but got '%s'", (long long)v[k], t),
           false;
  }
  return true;
}

/* "checked_results" / "results_agree": the function compares the declared
** results itself. */
static bool check_results(const ms_sop_in *in, const ms_shape *inferred, ms_sop_out *out) {
  /* "exact_results": a static declared dim must equal the inferred one even
  ** where that is `?` (LLVM 22's TableOp::verify compares the sizes). */
  for (int r = 0; ms_sop_int(in, "exact_results", 0) && r < in->nresults; r++) {
    const ms_shape *d = &in->results[r];
    if (!d->ranked || !inferred->ranked || d->rank != inferred->rank) continue;
    for (int i = 0; i < d->rank; i++)
      if (d->dims[i] != MS_DIM_DYNAMIC && d->dims[i] != inferred->dims[i])
        return ms_sop_fail(out, "result-shape", -1, "dim(result, %d) = %lld doesn't match the operand's dim %d", i,
                           (long long)d->dims[i], i),
               false;
  }
  int64_t checked = ms_sop_int(in, "checked_results", in->nresults);
  for (int r = 0; r < in->nresults && r < checked; r++)
    if (ms_sop_result_conflicts(inferred, &in->results[r]))
      return ms_sop_fail(out, "result-shape", -1, "result #%d contradicts the shape the operands give", r), false;
  return true;
}

static ms_infer_verdict dim_map(const ms_sop_in *in, ms_sop_out *out) {
  int n, na, nsame;
  const int64_t *src = ms_sop_list(in, "dim_sources", &n), *agree = ms_sop_list(in, "agree", &na);
  const int64_t *same = ms_sop_list(in, "same_dims", &nsame);
  if (!src && !same) return MS_INFER_UNKNOWN;
  if (!unit_operands(in, out) || !channel_counts(in, out)) return MS_INFER_INVALID;
  if (in->at_declared && ms_sop_int(in, "results_agree", 0))
    for (int r = 1; r < in->nresults; r++)
      if (ms_sop_result_conflicts(&in->results[r], &in->results[0]))
        return ms_sop_fail(out, "result-shape", -1, "expected output shapes to match (results #0 and #%d)", r);
  bool skip = false;
  int64_t size;
  for (int at = 0, len, next; agree && at < na; at = next) {
    next = next_group(agree, na, at, &len);
    if (!merge_group(in, agree + at, len, &size, &skip, out)) return MS_INFER_INVALID;
  }
  /* "not_below": two groups; the first's size may not be below the second's */
  int nb;
  const int64_t *below = ms_sop_list(in, "not_below", &nb);
  if (below && nb > 0) {
    int64_t big, small;
    int len1, len2, at2 = next_group(below, nb, 0, &len1);
    next_group(below, nb, at2, &len2);
    if (!merge_group(in, below, len1, &big, &skip, out) || !merge_group(in, below + at2, len2, &small, &skip, out))
      return MS_INFER_INVALID;
    if (big != MS_DIM_DYNAMIC && small != MS_DIM_DYNAMIC && big < small)
      return ms_sop_fail(out, CODE_DIMS, -1, "requires dimensions K >= W, got K=%lld and W=%lld", (long long)big,
                         (long long)small);
  }
  skip = false;
  int64_t dims[MS_MAX_RANK];
  int rank = 0;
  if (same && !same_dims(in, same, nsame, dims, &rank, &skip, out)) return MS_INFER_INVALID;
  if (!powers_of_two(in, out)) return MS_INFER_INVALID; /* after the trait's same-shape check */
  for (int at = 0, len, next; src && at < n; at = next) {
    next = next_group(src, n, at, &len);
    if (rank >= MS_MAX_RANK) return MS_INFER_UNKNOWN;
    if (!merge_group(in, src + at, len, &dims[rank], &skip, out)) return MS_INFER_INVALID;
    rank++;
  }
  if (skip || in->noperands == 0) return MS_INFER_UNKNOWN;
  int nh;
  const int64_t *halved = ms_sop_list(in, "halved", &nh);
  for (int k = 0; halved && k < nh; k++)
    if (halved[k] >= 0 && halved[k] < rank && dims[halved[k]] != MS_DIM_DYNAMIC) dims[halved[k]] = dims[halved[k]] / 2 + 1;
  int nres = in->nresults > 0 ? in->nresults : 1;
  if (nres > out->room) return MS_INFER_UNKNOWN;
  for (int r = 0; r < nres; r++) {
    ms_sop_result_begin(out, r, r < in->nresults ? &in->results[r] : &in->operands[0]);
    for (int i = 0; i < rank; i++) ms_sop_result_push(out, r, dims[i], MS_DIM_DYNAMIC);
    if (in->want_provenance)
      ms_sop_note(out, r, "the operands' dims named by the rule entry (%s)", same ? "same_dims" : "dim_sources");
  }
  out->nresults = nres;
  if (ms_sop_get(in, "checked_results") || ms_sop_get(in, "results_agree") || ms_sop_get(in, "exact_results")) {
    out->unchecked_results = true;
    if (in->at_declared && !check_results(in, &out->results[0], out)) return MS_INFER_INVALID;
  }
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_dim_map[] = {
    {"dim_map", dim_map,
     "dim_sources,agree,not_below,same_dims,halved,power_of_two,checked_results,results_agree,exact_results,"
     "channel_operands,unit_operands,"
     "per_channel"},
    {NULL, NULL, NULL},
};
