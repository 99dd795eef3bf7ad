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
** Source: TosaOps.cpp (LLVM 22) GatherOp/ScatterOp::verify and
** inferReturnTypeComponents; the rule entries name the dims.
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

static ms_infer_verdict dim_map(const ms_sop_in *in, ms_sop_out *out) {
  int n, na;
  const int64_t *src = ms_sop_list(in, "dim_sources", &n), *agree = ms_sop_list(in, "agree", &na);
  if (!src) return MS_INFER_UNKNOWN;
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
  for (int at = 0, len, next; at < n; at = next) {
    next = next_group(src, n, at, &len);
    if (rank >= MS_MAX_RANK) return MS_INFER_UNKNOWN;
    if (!merge_group(in, src + at, len, &dims[rank], &skip, out)) return MS_INFER_INVALID;
    rank++;
  }
  if (skip || in->noperands == 0) return MS_INFER_UNKNOWN;
  int nres = in->nresults > 0 ? in->nresults : 1;
  if (nres > MS_SOP_MAX_RESULTS) return MS_INFER_UNKNOWN;
  for (int r = 0; r < nres; r++) {
    ms_sop_result_begin(out, r, r < in->nresults ? &in->results[r] : &in->operands[0]);
    for (int i = 0; i < rank; i++) ms_sop_result_push(out, r, dims[i], MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, r, "the operands' dims named by the rule entry (dim_sources)");
  }
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_dim_map[] = {
    {"dim_map", dim_map, "dim_sources,agree,not_below"},
    {NULL, NULL, NULL},
};
