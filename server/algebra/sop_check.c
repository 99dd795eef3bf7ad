/*
** sop_check.c: checks shared by the structured-op families (sop_check.h).
**
** The wording follows StableHLO's TypeInference.cpp helpers
** (checkDimsInBounds, checkDimsDistinct, isUnique) so that a reason reads
** like the verifier's message it stands for.
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

static const ms_sop_param empty_param = {.name = "", .present = true};

const ms_sop_param *ms_sop_list_or_empty(const ms_sop_in *in, const char *name, bool *given) {
  const ms_sop_param *p = ms_sop_get(in, name);
  if (p) *given = true;
  return p ? p : &empty_param;
}

bool ms_sop_sorted(ms_sop_out *out, const ms_sop_param *p, const char *name) {
  char b[128];
  for (int i = 1; i < p->n; i++)
    if (p->v[i] < p->v[i - 1]) {
      ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "%s must be sorted, got %s", name,
                  ms_sop_format_list(p->v, p->n, b, sizeof b));
      return false;
    }
  return true;
}

bool ms_sop_unique(ms_sop_out *out, const ms_sop_param *p, const char *name) {
  char b[128];
  for (int i = 0; i < p->n; i++)
    for (int j = 0; j < i; j++)
      if (p->v[i] == p->v[j]) {
        ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "%s must not repeat a dimension, got %s", name,
                    ms_sop_format_list(p->v, p->n, b, sizeof b));
        return false;
      }
  return true;
}

bool ms_sop_disjoint(ms_sop_out *out, const ms_sop_param *a, const char *an, const ms_sop_param *b,
                     const char *bn) {
  /* checkDimsDistinct: the concatenation has no duplicate. */
  int n = a->n + b->n;
  for (int i = 0; i < n; i++) {
    int64_t x = i < a->n ? a->v[i] : b->v[i - a->n];
    for (int j = 0; j < i; j++) {
      int64_t y = j < a->n ? a->v[j] : b->v[j - a->n];
      if (x == y) {
        ms_sop_fail(out, MS_CODE_DIMS_ORDER, -1, "dimension %lld appears twice in %s and %s", (long long)x, an, bn);
        return false;
      }
    }
  }
  return true;
}

bool ms_sop_in_range(ms_sop_out *out, const ms_sop_param *p, const char *name, int64_t bound,
                     const char *bound_name, bool inclusive) {
  int64_t top = inclusive ? bound : bound - 1;
  for (int i = 0; i < p->n; i++)
    if (p->v[i] < 0 || p->v[i] > top) {
      ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "%s %lld is outside [0, %s%s i.e. [0, %lld%s", name,
                  (long long)p->v[i], bound_name, inclusive ? "]" : ")", (long long)bound, inclusive ? "]" : ")");
      return false;
    }
  return true;
}

bool ms_sop_shapes_compatible(const ms_shape *a, const ms_shape *b) {
  if (!a->ranked || !b->ranked) return true;
  if (a->rank != b->rank) return false;
  for (int i = 0; i < a->rank; i++)
    if (!ms_sop_dims_compatible(a->dims[i], b->dims[i])) return false;
  return true;
}

bool ms_sop_given(const ms_sop_in *in, int i) { return i < in->noperands && in->operands[i].kind != MS_TYPE_OTHER; }

ms_infer_verdict ms_sop_unknown_results(ms_sop_out *out, int n) {
  out->nresults = n;
  for (int r = 0; r < n; r++) memset(&out->results[r], 0, sizeof out->results[r]);
  return MS_INFER_OK;
}

bool ms_sop_axis_in(ms_sop_out *out, int64_t *axis, int rank, const char *what) {
  if (*axis < -rank || *axis >= rank)
    return ms_sop_fail(out, MS_CODE_DIMS_RANGE, -1, "'%s' value is %lld, accepted range is [%d, %d]", what,
                       (long long)*axis, -rank, rank - 1),
           false;
  if (*axis < 0) *axis += rank;
  return true;
}

ms_infer_verdict ms_sop_same_shape(const ms_sop_in *in, ms_sop_out *out, int r, const ms_shape *x, const char *note) {
  out->results[r] = *x;
  out->results[r].bounded = false;
  if (out->nresults <= r) out->nresults = r + 1;
  if (in->want_provenance) ms_sop_note(out, r, "%s", note);
  return MS_INFER_OK;
}

bool ms_sop_contains(const int64_t *v, int n, int64_t x) {
  for (int i = 0; i < n; i++)
    if (v[i] == x) return true;
  return false;
}

void ms_sop_result(ms_shape *res, const ms_shape *like, int rank) {
  memset(res, 0, sizeof *res);
  res->kind = like->kind;
  memcpy(res->elem, like->elem, sizeof res->elem);
  res->ranked = true;
  res->rank = rank;
  for (int i = 0; i < rank && i < MS_MAX_RANK; i++) {
    res->dims[i] = MS_DIM_DYNAMIC;
    res->bounds[i] = MS_DIM_DYNAMIC;
  }
}

void ms_sop_copy_dim(ms_shape *res, int i, const ms_shape *like, int j) {
  res->dims[i] = like->dims[j];
  res->scalable[i] = like->scalable[j];
  if (like->bounded && !like->bounds_invalid && like->dims[j] < 0 && like->bounds[j] >= 0) {
    res->bounds[i] = like->bounds[j];
    res->bounded = true;
  }
}
