/*
** contraction.c: the contraction family of structured ops (sop.h).
**
** dot_general: batching and contracting dims of two operands (StableHLO
** spec, dot_general C1-C10; TypeInference.cpp inferDotGeneralOp): the
** result is the batch dims, then lhs's free dims, then rhs's. `dot` is the
** vector/matrix product of ranks 1 and 2 (inferDotOp). `ragged_dot` is
** CHLO's dot_general with one ragged lhs dim and a group_sizes operand
** (ChloOps.cpp checkRaggedDotConstraints). Dialects whose ops fix the dims
** (a plain matmul) bind dot_general with fixed parameter values.
** Parameters: lhs_batching_dimensions, rhs_batching_dimensions,
** lhs_contracting_dimensions, rhs_contracting_dimensions (absent: empty),
** and for ragged_dot lhs_ragged_dimensions, rhs_group_dimensions.
** einsum (XLA's einsum and unary_einsum, infer-only): einsum_config.
*/
#include "sop.h"

#include <stdio.h>
#include <string.h>

#define CODE_RANK "operand-rank"
#define CODE_BATCH "batching-dims"
#define CODE_CONTRACT "contracting-dims"
#define CODE_RAGGED "ragged-dims"

typedef struct dims {
  int n;
  const int64_t *v;
} dims;

static dims get(const ms_sop_in *in, const char *name) {
  dims d;
  d.v = ms_sop_list(in, name, &d.n);
  return d;
}

static bool contains(dims d, int64_t x) {
  for (int i = 0; i < d.n; i++)
    if (d.v[i] == x) return true;
  return false;
}

/* checkDimsDistinct: no dim twice across a and b. */
static bool distinct(ms_sop_out *out, const char *code, dims a, dims b, const char *an, const char *bn) {
  for (int i = 0; i < a.n + b.n; i++) {
    int64_t x = i < a.n ? a.v[i] : b.v[i - a.n];
    for (int j = 0; j < i; j++)
      if ((j < a.n ? a.v[j] : b.v[j - a.n]) == x) {
        ms_sop_fail(out, code, -1, "has duplicated dimension from %s and %s: %lld", an, bn, (long long)x);
        return false;
      }
  }
  return true;
}

static bool in_range(ms_sop_out *out, const char *code, int operand, dims d, int rank, const char *name) {
  for (int i = 0; i < d.n; i++)
    if (d.v[i] < 0 || d.v[i] >= rank) {
      ms_sop_fail(out, code, operand, "%s value: %lld is out of range: [0, %d)", name, (long long)d.v[i], rank);
      return false;
    }
  return true;
}

typedef struct dot_dims {
  dims lb, rb, lc, rc;
} dot_dims;

/* checkDotGeneralConstraints (dot_general C1-C10). */
static bool check_dims(const ms_shape *lhs, const ms_shape *rhs, const dot_dims *d, ms_sop_out *out) {
  if (d->lb.n != d->rb.n) {
    ms_sop_fail(out, CODE_BATCH, -1, "lhs and rhs should have the same number of batching dimensions (%d and %d)",
                d->lb.n, d->rb.n);
    return false;
  }
  if (d->lc.n != d->rc.n) {
    ms_sop_fail(out, CODE_CONTRACT, -1,
                "lhs and rhs should have the same number of contracting dimensions (%d and %d)", d->lc.n, d->rc.n);
    return false;
  }
  if (!distinct(out, CODE_BATCH, d->lb, d->lc, "lhs_batching_dimensions", "lhs_contracting_dimensions") ||
      !distinct(out, CODE_BATCH, d->rb, d->rc, "rhs_batching_dimensions", "rhs_contracting_dimensions") ||
      !in_range(out, CODE_BATCH, 0, d->lb, lhs->rank, "lhs_batching_dimensions") ||
      !in_range(out, CODE_CONTRACT, 0, d->lc, lhs->rank, "lhs_contracting_dimensions") ||
      !in_range(out, CODE_BATCH, 1, d->rb, rhs->rank, "rhs_batching_dimensions") ||
      !in_range(out, CODE_CONTRACT, 1, d->rc, rhs->rank, "rhs_contracting_dimensions"))
    return false;
  for (int i = 0; i < d->lb.n; i++)
    if (!ms_sop_dims_compatible(lhs->dims[d->lb.v[i]], rhs->dims[d->rb.v[i]])) {
      ms_sop_fail(out, CODE_BATCH, 1,
                  "batching dimension sizes must match for lhs/rhs: lhs dim %lld is %lld but rhs dim %lld is %lld",
                  (long long)d->lb.v[i], (long long)lhs->dims[d->lb.v[i]], (long long)d->rb.v[i],
                  (long long)rhs->dims[d->rb.v[i]]);
      return false;
    }
  for (int i = 0; i < d->lc.n; i++)
    if (!ms_sop_dims_compatible(lhs->dims[d->lc.v[i]], rhs->dims[d->rc.v[i]])) {
      ms_sop_fail(out, CODE_CONTRACT, 1,
                  "contracting dimension sizes must match for lhs/rhs: lhs dim %lld is %lld but rhs dim %lld is %lld",
                  (long long)d->lc.v[i], (long long)lhs->dims[d->lc.v[i]], (long long)d->rc.v[i],
                  (long long)rhs->dims[d->rc.v[i]]);
      return false;
    }
  return true;
}

/* The free dims of s (neither in a nor b nor c) pushed on result 0. */
static void push_free(ms_sop_out *out, const ms_sop_in *in, const ms_shape *s, const char *side, dims a, dims b,
                      dims c, const dot_dims *d) {
  for (int i = 0; i < s->rank; i++) {
    if (contains(a, i) || contains(b, i) || contains(c, i)) continue;
    int k = out->results[0].rank;
    ms_sop_result_push(out, 0, s->dims[i], ms_sop_bound(s, i));
    if (in->want_provenance) {
      char x[160], y[160];
      ms_sop_note(out, 0, "dim %d: %s dim %d (contracting dims %s x %s)", k, side, i,
                  ms_sop_format_list(d->lc.v, d->lc.n, x, sizeof x), ms_sop_format_list(d->rc.v, d->rc.n, y, sizeof y));
    }
  }
}

static ms_infer_verdict dot_general(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1];
  if (!lhs->ranked || !rhs->ranked) return MS_INFER_UNKNOWN;
  dot_dims d = {get(in, "lhs_batching_dimensions"), get(in, "rhs_batching_dimensions"),
                get(in, "lhs_contracting_dimensions"), get(in, "rhs_contracting_dimensions")};
  if (!check_dims(lhs, rhs, &d, out)) return MS_INFER_INVALID;
  ms_sop_result_begin(out, 0, lhs);
  for (int i = 0; i < d.lb.n; i++) {
    int64_t l = d.lb.v[i], r = d.rb.v[i], size, bound;
    if (!ms_sop_merge_dim(lhs->dims[l], rhs->dims[r], ms_sop_bound(lhs, (int)l), ms_sop_bound(rhs, (int)r), &size,
                          &bound))
      return ms_sop_fail(out, CODE_BATCH, 1, "Mismatched dimension size %lld and bound in batching dimension %d",
                         (long long)(lhs->dims[l] != MS_DIM_DYNAMIC ? lhs->dims[l] : rhs->dims[r]), i);
    ms_sop_result_push(out, 0, size, bound);
    if (in->want_provenance) {
      char x[160], y[160];
      ms_sop_note(out, 0, "dim %d: lhs dim %lld = rhs dim %lld (batching dims %s x %s)", i, (long long)l,
                  (long long)r, ms_sop_format_list(d.lb.v, d.lb.n, x, sizeof x),
                  ms_sop_format_list(d.rb.v, d.rb.n, y, sizeof y));
    }
  }
  dims none = {0, NULL};
  push_free(out, in, lhs, "lhs", d.lb, d.lc, none, &d);
  push_free(out, in, rhs, "rhs", d.rb, d.rc, none, &d);
  return MS_INFER_OK;
}

/* inferDotOp: vector and matrix products of ranks 1 and 2. */
static ms_infer_verdict dot(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 2) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1];
  if (!lhs->ranked || !rhs->ranked) return MS_INFER_UNKNOWN;
  int lr = lhs->rank, rr = rhs->rank;
  bool ranks_ok = (lr == 1 || lr == 2) && (rr == 1 || rr == 2);
  if (!ranks_ok)
    return ms_sop_fail(out, CODE_RANK, -1, "expected both lhs/rhs ranks to be either 1 or 2 (ranks %d and %d)", lr, rr);
  int64_t k = lhs->dims[lr - 1], k2 = rhs->dims[0];
  if (!ms_sop_dims_compatible(k, k2))
    return ms_sop_fail(out, CODE_CONTRACT, 1,
                       "expected both lhs/rhs ranks to be either 1 or 2: lhs dim %d is %lld but rhs dim 0 is %lld", lr - 1,
                       (long long)k, (long long)k2);
  ms_sop_result_begin(out, 0, lhs);
  if (lr == 2) ms_sop_result_push(out, 0, lhs->dims[0], ms_sop_bound(lhs, 0));
  if (rr == 2) ms_sop_result_push(out, 0, rhs->dims[1], ms_sop_bound(rhs, 1));
  if (in->want_provenance) {
    if (lr == 2) ms_sop_note(out, 0, "dim 0: lhs dim 0");
    if (rr == 2) ms_sop_note(out, 0, "dim %d: rhs dim 1", lr == 2);
    ms_sop_note(out, 0, "contracting lhs dim %d with rhs dim 0", lr - 1);
  }
  return MS_INFER_OK;
}

/* Index of x in d, or d.n. */
static int find(dims d, int64_t x) {
  for (int i = 0; i < d.n; i++)
    if (d.v[i] == x) return i;
  return d.n;
}

/* checkRaggedDotConstraints: group_sizes is [b..., x..., g]. */
static bool check_group_sizes(const ms_shape *lhs, const ms_shape *gs, const dot_dims *d, int64_t ragged, int mode,
                              ms_sop_out *out) {
  int64_t prefix[MS_MAX_RANK];
  int np = 0;
  if (mode == 2)
    for (int i = 0; i < find(d->lb, ragged); i++) prefix[np++] = d->lb.v[i];
  else
    for (int i = 0; i < d->lb.n; i++) prefix[np++] = d->lb.v[i];
  if (mode == 1)
    for (int i = 0; i < find(d->lc, ragged); i++) prefix[np++] = d->lc.v[i];
  if (mode == 0)
    for (int64_t i = 0; i < ragged && np < MS_MAX_RANK; i++)
      if (!contains(d->lb, i) && !contains(d->lc, i)) prefix[np++] = i;
  if (gs->rank == 1) return true;
  if (gs->rank != np + 1) {
    ms_sop_fail(out, CODE_RAGGED, 2, "expected group_sizes to have rank %d, got %d", np + 1, gs->rank);
    return false;
  }
  for (int i = 0; i < np; i++)
    if (gs->dims[i] != lhs->dims[prefix[i]]) {
      ms_sop_fail(out, CODE_RAGGED, 2, "group_sizes dim %d is %lld but lhs dim %lld is %lld", i,
                  (long long)gs->dims[i], (long long)prefix[i], (long long)lhs->dims[prefix[i]]);
      return false;
    }
  return true;
}

static ms_infer_verdict ragged_dot(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 3) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1], *gs = &in->operands[2];
  if (!lhs->ranked || !rhs->ranked || !gs->ranked) return MS_INFER_UNKNOWN;
  dot_dims d = {get(in, "lhs_batching_dimensions"), get(in, "rhs_batching_dimensions"),
                get(in, "lhs_contracting_dimensions"), get(in, "rhs_contracting_dimensions")};
  dims lr = get(in, "lhs_ragged_dimensions"), rg = get(in, "rhs_group_dimensions");
  if (!check_dims(lhs, rhs, &d, out)) return MS_INFER_INVALID;
  if (lr.n != 1) return ms_sop_fail(out, CODE_RAGGED, -1, "There must be exactly one ragged dimension in the lhs.");
  int64_t ragged = lr.v[0];
  if (ragged < 0 || ragged >= lhs->rank)
    return ms_sop_fail(out, CODE_RAGGED, 0, "lhs_ragged_dim (%lld) must be in range [0, %d) (lhs_rank)",
                       (long long)ragged, lhs->rank);
  int mode = contains(d.lb, ragged) ? 2 : contains(d.lc, ragged) ? 1 : 0;
  if (gs->rank < 1) return ms_sop_fail(out, CODE_RAGGED, 2, "expected group_sizes to have rank at least 1");
  if (!check_group_sizes(lhs, gs, &d, ragged, mode, out)) return MS_INFER_INVALID;
  int64_t groups = gs->dims[gs->rank - 1];
  for (int i = 0; i < rg.n; i++)
    if (rg.v[i] < 0 || rg.v[i] >= rhs->rank)
      return ms_sop_fail(out, CODE_RAGGED, 1, "rhs_group_dim (%lld) must be in range [0, %d) (rhs_rank)",
                         (long long)rg.v[i], rhs->rank);
  if (!distinct(out, CODE_RAGGED, rg, d.rb, "rhs_group_dimensions", "rhs_batching_dimensions") ||
      !distinct(out, CODE_RAGGED, rg, d.rc, "rhs_group_dimensions", "rhs_contracting_dimensions"))
    return MS_INFER_INVALID;
  if (mode != 0 && rg.n != 0)
    return ms_sop_fail(out, CODE_RAGGED, -1, "There must be zero group dimensions in the rhs when the ragged "
                                             "dimension is batch or contracting.");
  if (mode == 0 && rg.n != 1)
    return ms_sop_fail(out, CODE_RAGGED, -1, "There must be exactly one group dimension in the rhs when the lhs "
                                             "ragged dimension is non-contracting.");
  if (mode == 0 && !ms_sop_dims_compatible(groups, rhs->dims[rg.v[0]]))
    return ms_sop_fail(out, CODE_RAGGED, 1, "rhs group dimension is expected to have size=%lld, got %lld",
                       (long long)groups, (long long)rhs->dims[rg.v[0]]);
  ms_sop_result_begin(out, 0, lhs);
  if (mode == 1) ms_sop_result_push(out, 0, groups, MS_DIM_DYNAMIC);
  for (int i = 0; i < d.lb.n; i++) ms_sop_result_push(out, 0, lhs->dims[d.lb.v[i]], MS_DIM_DYNAMIC);
  dims none = {0, NULL};
  for (int i = 0; i < lhs->rank; i++)
    if (!contains(d.lb, i) && !contains(d.lc, i)) ms_sop_result_push(out, 0, lhs->dims[i], MS_DIM_DYNAMIC);
  for (int i = 0; i < rhs->rank; i++)
    if (!contains(d.rb, i) && !contains(d.rc, i) && !contains(rg, i))
      ms_sop_result_push(out, 0, rhs->dims[i], MS_DIM_DYNAMIC);
  (void)none;
  return MS_INFER_OK;
}

#define DOT_PARAMS "lhs_batching_dimensions,rhs_batching_dimensions,lhs_contracting_dimensions,rhs_contracting_dimensions"

/* ------------------------------------------------------------------ */
/* einsum, unary_einsum: XLA's einsum config "ab,bc->ac" (one term per
** operand, `...` for broadcast leading dims). StableHLO neither verifies
** nor infers these shapes, so the catalog binds them infer-only: a config
** or shapes the function does not understand judge nothing. */

typedef struct einsum_term {
  char letters[MS_MAX_RANK];
  int nletters, ellipsis;      /* ellipsis: where `...` stands among the letters, -1: none */
} einsum_term;

/* One term from s up to end; false for anything but letters and one `...`. */
static bool einsum_parse(const char *s, const char *end, einsum_term *t) {
  t->nletters = 0;
  t->ellipsis = -1;
  while (s < end) {
    if (end - s >= 3 && !memcmp(s, "...", 3) && t->ellipsis < 0) {
      t->ellipsis = t->nletters;
      s += 3;
    } else if (((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) && t->nletters < MS_MAX_RANK &&
               !memchr(t->letters, *s, (size_t)t->nletters)) {
      t->letters[t->nletters++] = *s++;
    } else {
      return false;
    }
  }
  return true;
}

/* Merges a letter's size: false when two static sizes differ. */
static bool einsum_size(int64_t *have, int64_t size) {
  if (*have == MS_DIM_ABSENT || *have == MS_DIM_DYNAMIC) {
    if (size != MS_DIM_DYNAMIC || *have == MS_DIM_ABSENT) *have = size;
    return true;
  }
  return size == MS_DIM_DYNAMIC || size == *have;
}

static ms_infer_verdict einsum(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *cfg = ms_sop_get(in, "einsum_config");
  if (!cfg || in->noperands < 1 || in->noperands > 2) return MS_INFER_UNKNOWN;
  const char *c = cfg->str, *arrow = strstr(c, "->");
  if (!arrow || strstr(arrow + 2, "->")) return MS_INFER_UNKNOWN;
  einsum_term terms[3];
  const char *comma = memchr(c, ',', (size_t)(arrow - c));
  if ((comma != NULL) != (in->noperands == 2)) return MS_INFER_UNKNOWN;
  if (!einsum_parse(c, comma ? comma : arrow, &terms[0]) || (comma && !einsum_parse(comma + 1, arrow, &terms[1])) ||
      !einsum_parse(arrow + 2, c + strlen(c), &terms[2]))
    return MS_INFER_UNKNOWN;
  int64_t size[128];
  for (int i = 0; i < 128; i++) size[i] = MS_DIM_ABSENT;
  int64_t ell[MS_MAX_RANK]; /* the broadcast `...` dims, right-aligned */
  int nell = 0;
  for (int k = 0; k < in->noperands; k++) {
    const ms_shape *x = &in->operands[k];
    const einsum_term *t = &terms[k];
    if (!x->ranked || x->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
    int ne = x->rank - t->nletters;
    if (ne < 0 || (t->ellipsis < 0 && ne != 0)) return MS_INFER_UNKNOWN;
    for (int i = 0, d = 0; i < t->nletters; i++, d++) {
      if (i == t->ellipsis) d += ne;
      if (!einsum_size(&size[(unsigned char)t->letters[i]], x->dims[d])) return MS_INFER_UNKNOWN;
    }
    int at = t->ellipsis < 0 ? 0 : t->ellipsis;
    for (int j = 0; j < ne; j++) { /* numpy broadcasting of the `...` dims */
      int slot = nell - ne + j;
      int64_t v = x->dims[at + j];
      if (slot < 0) continue;
      int64_t *e = &ell[slot];
      if (*e == 1 || (*e == MS_DIM_DYNAMIC && v != 1)) *e = v;
      else if (v != 1 && v != MS_DIM_DYNAMIC && *e != v) return MS_INFER_UNKNOWN;
    }
    if (ne > nell) {
      memmove(ell + (ne - nell), ell, (size_t)nell * sizeof ell[0]);
      for (int j = 0; j < ne - nell; j++) ell[j] = x->dims[at + j];
      nell = ne;
    }
  }
  const einsum_term *o = &terms[2];
  if (o->ellipsis < 0 && nell > 0) return MS_INFER_UNKNOWN;
  ms_sop_result_begin(out, 0, in->nresults > 0 && in->results[0].elem[0] ? &in->results[0] : &in->operands[0]);
  for (int i = 0; i <= o->nletters; i++) {
    if (i == o->ellipsis)
      for (int j = 0; j < nell; j++) ms_sop_result_push(out, 0, ell[j], MS_DIM_DYNAMIC);
    if (i == o->nletters) break;
    int64_t v = size[(unsigned char)o->letters[i]];
    if (v == MS_DIM_ABSENT) return MS_INFER_UNKNOWN;
    ms_sop_result_push(out, 0, v, MS_DIM_DYNAMIC);
    if (in->want_provenance) ms_sop_note(out, 0, "dim %d: '%c' of the config", out->results[0].rank - 1, o->letters[i]);
  }
  out->nresults = 1;
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_contraction[] = {
    {"einsum", einsum, "einsum_config"},
    {"dot_general", dot_general, DOT_PARAMS},
    {"dot", dot, ""},
    {"ragged_dot", ragged_dot, DOT_PARAMS ",lhs_ragged_dimensions,rhs_group_dimensions"},
    {NULL, NULL, NULL},
};
