/*
** vector_maps.c: the ops judged through affine maps (sop.h): vector
** contractions (indexing maps and iterator types), vector transfers
** (permutation maps, masks, in_bounds) and linalg's contract (indexing
** maps with ins/outs), as LLVM 22 verifies them
** (VectorOps.cpp ContractionOp::verify, verifyOutputShape,
** isSupportedCombiningKind; LinalgOps.cpp ContractOp::verify and
** verifyStructuredOpInterface; verifyTransferOp, TransferReadOp::verify,
** TransferWriteOp::verify, inferTransferOpMaskType, verifyPermutationMap).
**
** Maps arrive in the "maps" format of sop_maps.h: per map its dim count,
** symbol count, result count and results (a dim's position, -1 the
** constant 0, -2 another expression); iterator types as 0 (parallel) or
** 1 (reduction).
**
** Parameters: indexing_maps, iterator_types, kind (vector_contract);
** permutation_map, in_bounds, operandSegmentSizes, write (1: the value to
** store comes first and the result, for a tensor, is the source's type:
** vector_transfer); indexing_maps (linalg_contract).
*/
#include "sop_check.h"

#include <stdio.h>
#include <string.h>

#define CODE_RESULT "result-shape"
#define CODE_MAPS "indexing-maps"
#define MAP_ZERO (-1)

typedef ms_sop_map map; /* sop.h: one map of a "maps" parameter */

static int position(const map *m, int d) {
  for (int k = 0; k < m->nres; k++)
    if (m->res[k] == d) return k;
  return -1;
}

static bool is_float(const char *e) {
  return (e[0] == 'f' && e[1] >= '0' && e[1] <= '9') || !strcmp(e, "bf16") || !strcmp(e, "tf32");
}

static bool is_int(const char *e) {
  const char *p = e;
  if (!strcmp(e, "index")) return true;
  if (p[0] == 's' || p[0] == 'u') p++;
  if (p[0] == 's' && e[0] == 'u') return false;
  if (*p++ != 'i' || !*p) return false;
  for (; *p; p++)
    if (*p < '0' || *p > '9') return false;
  return true;
}

/* isSupportedCombiningKind; true where the element type is not known. */
bool ms_sop_kind_supported(const char *kind, const char *elem) {
  bool f = is_float(elem), i = is_int(elem);
  if (!f && !i) return true;
  static const char *const ints[] = {"minui", "minsi", "maxui", "maxsi", "and", "or", "xor", NULL};
  static const char *const floats[] = {"minnumf", "maxnumf", "minimumf", "maximumf", NULL};
  for (int k = 0; ints[k]; k++)
    if (!strcmp(kind, ints[k])) return i;
  for (int k = 0; floats[k]; k++)
    if (!strcmp(kind, floats[k])) return f;
  return true;
}

static int rank_of(const ms_shape *s) { return s->kind == MS_TYPE_VECTOR ? s->rank : 0; }

/* Each map: no symbols, one dim per iterator, one result per operand dim,
** a projected permutation. */
static bool contract_maps(const ms_sop_in *in, const map *m, int niters, ms_sop_out *out) {
  for (int i = 0; i < 3; i++) {
    if (m[i].nsyms) return ms_sop_fail(out, CODE_MAPS, -1, "expected indexing map %d to have no symbols", i), false;
    if (m[i].ndims != niters)
      return ms_sop_fail(out, CODE_MAPS, -1, "expected indexing map %d to have %d number of inputs", i, niters), false;
    if (m[i].nres != rank_of(&in->operands[i]))
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "expected indexing map %d to have %d number of outputs", i,
                         rank_of(&in->operands[i])),
             false;
    bool seen[MS_MAX_RANK] = {false};
    for (int k = 0; k < m[i].nres; k++) {
      int64_t d = m[i].res[k];
      if (d < 0 || d >= MS_MAX_RANK || seen[d])
        return ms_sop_fail(out, CODE_MAPS, -1, "expected indexing map %d to be a projected permutation of its inputs", i),
               false;
      seen[d] = true;
    }
  }
  return true;
}

/* getContractingDimMap / getBatchDimMap and verifyDimMap: loops of kind
** red (1: reduction) indexing both lhs and rhs, whose sizes agree. */
static int dim_pairs(const ms_sop_in *in, const map *m, const int64_t *iters, int niters, int red, ms_sop_out *out) {
  int n = 0;
  for (int d = 0; d < niters; d++) {
    int a = position(&m[0], d), b = position(&m[1], d);
    if (iters[d] != red || a < 0 || b < 0) continue;
    n++;
    if (in->operands[0].dims[a] != in->operands[1].dims[b])
      return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, -1, "invalid %s dimension map", red ? "contracting" : "batch"), -1;
  }
  return n;
}

static ms_infer_verdict vector_contract(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *mp = ms_sop_get(in, "indexing_maps"), *it = ms_sop_get(in, "iterator_types");
  const ms_sop_param *kind = ms_sop_get(in, "kind");
  if (in->noperands != 3 || !mp || !it || in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_shape *lhs = &in->operands[0], *rhs = &in->operands[1], *acc = &in->operands[2], *res = &in->results[0];
  if (lhs->kind != MS_TYPE_VECTOR || rhs->kind != MS_TYPE_VECTOR || !lhs->ranked || !rhs->ranked) return MS_INFER_UNKNOWN;
  if (acc->kind == MS_TYPE_VECTOR ? !acc->ranked : acc->kind != MS_TYPE_OTHER) return MS_INFER_UNKNOWN;
  if (!in->at_declared) return MS_INFER_UNKNOWN; /* vectors are static: the declared types are the shapes */
  /* A scalar result reaches the function as an opaque type. */
  if (!res->elem[0] && in->opaque_results && in->opaque_results[0].kind == MS_TYPE_OTHER) res = &in->opaque_results[0];
  if (acc->elem[0] && res->elem[0] && strcmp(acc->elem, res->elem))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, 2, "failed to verify that third operand acc and result have same "
                       "element type");
  map m[MS_SOP_MAX_OPERANDS];
  int nmaps = ms_sop_maps_decode(mp, m, MS_SOP_MAX_OPERANDS);
  if (nmaps < 0) return MS_INFER_UNKNOWN;
  if (nmaps != 3) return ms_sop_fail(out, CODE_MAPS, -1, "expected an indexing map for each vector operand");
  if (!contract_maps(in, m, it->n, out)) return MS_INFER_INVALID;
  int ncontract = dim_pairs(in, m, it->v, it->n, 1, out);
  if (ncontract < 0) return MS_INFER_INVALID;
  if (ncontract == 0) return ms_sop_fail(out, CODE_MAPS, -1, "expected at least one contracting dimension pair");
  if (dim_pairs(in, m, it->v, it->n, 0, out) < 0) return MS_INFER_INVALID;
  /* verifyOutputShape: lhs's non-contracting dims, rhs's free ones. */
  int nfree = 0;
  for (int k = 0; k < lhs->rank; k++) {
    int d = (int)m[0].res[k];
    nfree += !(it->v[d] == 1 && position(&m[1], d) >= 0);
  }
  for (int k = 0; k < rhs->rank; k++) nfree += position(&m[0], (int)m[1].res[k]) < 0;
  bool vres = res->kind == MS_TYPE_VECTOR, vacc = acc->kind == MS_TYPE_VECTOR;
  if (nfree == 0 ? vres || vacc : !vres || !vacc)
    return ms_sop_fail(out, CODE_RESULT, -1, "invalid accumulator/result vector shape");
  if (nfree > 0) {
    int64_t ext[MS_MAX_RANK];
    if (it->n > MS_MAX_RANK) return MS_INFER_UNKNOWN;
    for (int d = 0; d < it->n; d++) {
      int a = position(&m[0], d), b = position(&m[1], d);
      if (a < 0 && b < 0)
        return ms_sop_fail(out, CODE_MAPS, -1, "expected all dimensions to be either a LHS or a RHS dimension");
      ext[d] = a >= 0 ? lhs->dims[a] : rhs->dims[b];
    }
    ms_shape want = *res;
    want.rank = m[2].nres;
    for (int k = 0; k < want.rank; k++) want.dims[k] = ext[m[2].res[k]];
    bool ok = res->rank == want.rank && acc->rank == want.rank;
    for (int k = 0; ok && k < want.rank; k++)
      ok = res->dims[k] == want.dims[k] && acc->dims[k] == want.dims[k] && acc->scalable[k] == res->scalable[k];
    if (!ok) {
      char a[128];
      ms_shape_format_type(&want, a, sizeof a);
      return ms_sop_fail(out, CODE_RESULT, -1, "invalid accumulator/result vector shape, expected: %s", a);
    }
  }
  /* The accumulator's element type is the result's (checked above when
  ** both are known). */
  if (!ms_sop_kind_supported(kind ? kind->str : "add", res->elem[0] ? res->elem : acc->elem))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1, "unsupported contraction type");
  if (!vres) return MS_INFER_UNKNOWN;
  out->results[0] = *acc;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the accumulator's type");
  return MS_INFER_OK;
}

/* --- transfer_read, transfer_write ------------------------------------------ */

typedef struct transfer {
  const ms_shape *base, *vec, *mask, *pad;
  ms_shape evec;            /* the source's element type when a vector (memref<?xvector<4xf32>>) */
  bool has_evec;
  int nidx, nres;
  int64_t res[MS_MAX_RANK]; /* the permutation map's results */
  int ndims, nsyms;
  int nbounds;
} transfer;

/* The source's element type as a vector, when it is one: false when it
** is one this cannot read (then the op is not judged). */
static bool element_vector(transfer *t) {
  t->has_evec = !strncmp(t->base->elem, "vector<", 7);
  if (!t->has_evec) return true;
  return ms_shape_parse_type(&t->evec, t->base->elem, strlen(t->base->elem), NULL, 0) &&
         t->evec.kind == MS_TYPE_VECTOR && t->evec.ranked && t->evec.rank > 0;
}

/* The operands: read (base, indices..., padding, mask?), write (value,
** base, indices..., mask?), by operandSegmentSizes in generic form, else
** a trailing i1 vector is the mask (not judged when the source's elements
** are i1 vectors: the padding would look the same). False: not judged. */
static bool transfer_operands(const ms_sop_in *in, bool write, transfer *t) {
  const ms_sop_param *seg = ms_sop_get(in, "operandSegmentSizes");
  int b = write ? 1 : 0, nmask;
  if (in->noperands < 2) return false;
  if (seg) {
    if (seg->n != 4 || seg->v[0] + seg->v[1] + seg->v[2] + seg->v[3] != in->noperands || seg->v[3] > 1) return false;
    nmask = (int)seg->v[3];
  } else {
    const ms_shape *last = &in->operands[in->noperands - 1];
    nmask = in->noperands > 2 && last->kind == MS_TYPE_VECTOR && !strcmp(last->elem, "i1");
  }
  t->nidx = in->noperands - 2 - nmask;
  if (t->nidx < 0) return false;
  t->base = &in->operands[b];
  t->mask = nmask ? &in->operands[in->noperands - 1] : NULL;
  t->pad = write ? NULL : &in->operands[1 + t->nidx];
  t->vec = write ? &in->operands[0] : (in->nresults == 1 ? &in->results[0] : NULL);
  if (!(t->vec && t->vec->kind == MS_TYPE_VECTOR && t->vec->ranked && t->base->ranked &&
        (t->base->kind == MS_TYPE_TENSOR || t->base->kind == MS_TYPE_MEMREF) && (!t->mask || t->mask->ranked)))
    return false;
  if (!element_vector(t)) return false;
  return !(t->has_evec && !seg && !strcmp(t->evec.elem, "i1"));
}

/* The vector's rank less the source element vector's (the map's result
** count): getEffectiveVectorRankForXferOp. */
static int effective_rank(const transfer *t) { return t->vec->rank - (t->has_evec ? t->evec.rank : 0); }

/* The permutation map and in_bounds as written, or the pretty parser's
** defaults (the minor identity, all out of bounds). */
static bool transfer_attrs(const ms_sop_in *in, bool generic, transfer *t, ms_sop_out *out) {
  const ms_sop_param *pm = ms_sop_get(in, "permutation_map"), *ib = ms_sop_get(in, "in_bounds");
  if (!pm && generic) return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "requires attribute 'permutation_map'"), false;
  if (!ib && generic) return ms_sop_fail(out, MS_CODE_ATTRIBUTE_VALUE, -1, "requires attribute 'in_bounds'"), false;
  if (pm) {
    map m;
    if (ms_sop_maps_decode(pm, &m, 1) != 1 || m.nres > MS_MAX_RANK) return false;
    t->ndims = m.ndims, t->nsyms = m.nsyms, t->nres = m.nres;
    memcpy(t->res, m.res, (size_t)m.nres * sizeof t->res[0]);
  } else {
    int eff = effective_rank(t);
    if (eff < 0 || eff > t->base->rank)
      return ms_sop_fail(out, CODE_MAPS, -1, "expected a custom permutation_map when rank(source) != rank(destination)"),
             false;
    t->ndims = t->base->rank, t->nsyms = 0, t->nres = eff;
    for (int k = 0; k < t->nres; k++) t->res[k] = t->base->rank - eff + k;
  }
  t->nbounds = ib ? ib->n : t->nres;
  return true;
}

/* inferTransferOpMaskType: per source dim the map uses, in order, the
** vector dim it gives; [1] when none. */
static bool mask_ok(const transfer *t) {
  ms_shape want = *t->vec;
  want.rank = 0;
  for (int d = 0; d < t->ndims && d < MS_MAX_RANK; d++)
    for (int k = 0; k < t->nres; k++)
      if (t->res[k] == d) {
        want.dims[want.rank] = t->vec->dims[k];
        want.scalable[want.rank++] = t->vec->scalable[k];
      }
  if (want.rank == 0) want.dims[want.rank] = 1, want.scalable[want.rank++] = false;
  if (t->mask->rank != want.rank) return false;
  for (int k = 0; k < want.rank; k++)
    if (t->mask->dims[k] != want.dims[k] || t->mask->scalable[k] != want.scalable[k]) return false;
  return true;
}

/* verifyTransferOp's checks of a source whose elements are vectors: the
** minor 1-D vectors' bit widths, the ranks, no mask. */
static bool element_vector_checks(const transfer *t, ms_sop_out *out) {
  int vb = ms_sop_bit_width(t->vec->elem), eb = ms_sop_bit_width(t->evec.elem);
  if (t->vec->rank > 0 && vb > 0 && eb > 0 && !t->vec->scalable[t->vec->rank - 1] &&
      !t->evec.scalable[t->evec.rank - 1] && (vb * t->vec->dims[t->vec->rank - 1]) % (eb * t->evec.dims[t->evec.rank - 1]))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1, "requires the bitwidth of the minor 1-D vector to be an integral "
                       "multiple of the bitwidth of the minor 1-D vector of the source"), false;
  if (t->evec.rank > t->vec->rank)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "requires source vector element and vector result ranks to match."),
           false;
  if (t->nres != effective_rank(t))
    return ms_sop_fail(out, CODE_MAPS, -1, "requires a permutation_map with result dims of the same rank as the vector "
                       "type"), false;
  if (t->mask) return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, -1, "does not support masks with vector element type"), false;
  return true;
}

/* verifyTransferOp, then verifyPermutationMap. */
static bool transfer_checks(const transfer *t, ms_sop_out *out) {
  if (t->has_evec && !element_vector_checks(t, out)) return false;
  int vb = ms_sop_bit_width(t->vec->elem), sb = ms_sop_bit_width(t->base->elem);
  int64_t minor = t->vec->rank == 0 ? 1 : t->vec->dims[t->vec->rank - 1];
  if (!t->has_evec && vb > 0 && sb > 0 && (vb * minor) % sb != 0)
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1, "requires the bitwidth of the minor 1-D vector to be an integral "
                       "multiple of the bitwidth of the source element type"), false;
  if (!t->has_evec && t->nres != t->vec->rank)
    return ms_sop_fail(out, CODE_MAPS, -1, "requires a permutation_map with result dims of the same rank as the vector "
                       "type"), false;
  if (t->nsyms) return ms_sop_fail(out, CODE_MAPS, -1, "requires permutation_map without symbols"), false;
  if (t->ndims != t->base->rank)
    return ms_sop_fail(out, CODE_MAPS, -1, "requires a permutation_map with input dims of the same rank as the source "
                       "type"), false;
  bool seen[MS_MAX_RANK] = {false}, projected = true;
  for (int k = 0; k < t->nres; k++) {
    if (t->res[k] == MAP_ZERO) continue;
    if (t->res[k] < 0 || seen[t->res[k]]) projected = false;
    else seen[t->res[k]] = true;
  }
  if (t->mask && projected && !mask_ok(t))
    return ms_sop_fail(out, MS_CODE_OPERANDS_SHAPE, -1, "inferred mask type and mask operand type don't match"), false;
  if (t->nbounds != t->nres)
    return ms_sop_fail(out, MS_CODE_DIMS_COUNT, -1, "expects the in_bounds attr of same rank as permutation_map results"),
           false;
  return true;
}

static bool permutation_checks(const transfer *t, ms_sop_out *out) {
  bool seen[MS_MAX_RANK] = {false};
  for (int k = 0; k < t->nres; k++) {
    int64_t d = t->res[k];
    if (d == MAP_ZERO) continue;
    if (d < 0)
      return ms_sop_fail(out, CODE_MAPS, -1, "requires a projected permutation_map (at most one dim or the zero constant "
                         "can appear in each result)"), false;
    if (seen[d])
      return ms_sop_fail(out, CODE_MAPS, -1, "requires a permutation_map that is a permutation (found one dim used more "
                         "than once)"), false;
    seen[d] = true;
  }
  return true;
}

/* Whether a (the padding) is exactly the vector type v. */
static bool same_vector(const ms_shape *a, const ms_shape *v) {
  if (a->kind != MS_TYPE_VECTOR || !a->ranked || a->rank != v->rank || strcmp(a->elem, v->elem)) return false;
  for (int k = 0; k < v->rank; k++)
    if (a->dims[k] != v->dims[k] || a->scalable[k] != v->scalable[k]) return false;
  return true;
}

static ms_infer_verdict vector_transfer(const ms_sop_in *in, ms_sop_out *out) {
  bool write = ms_sop_int(in, "write", 0) != 0, generic = ms_sop_get(in, "operandSegmentSizes") != NULL;
  transfer t;
  if (!transfer_operands(in, write, &t)) return MS_INFER_UNKNOWN;
  if (!in->at_declared) {
    if (!write || t.base->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
    out->results[0] = *t.base;
    out->nresults = 1;
    return MS_INFER_OK;
  }
  if (write && t.base->kind == MS_TYPE_TENSOR && in->nresults == 1) {
    const ms_shape *r = &in->results[0];
    bool same = r->ranked && r->kind == MS_TYPE_TENSOR && r->rank == t.base->rank && !strcmp(r->elem, t.base->elem);
    for (int k = 0; same && k < r->rank; k++) same = r->dims[k] == t.base->dims[k];
    if (!same) return ms_sop_fail(out, CODE_RESULT, -1, "expected type of operand #1 to match type of corresponding result");
  }
  if (!transfer_attrs(in, generic, &t, out)) return out->code ? MS_INFER_INVALID : MS_INFER_UNKNOWN;
  if (t.nidx != t.base->rank) return ms_sop_fail(out, MS_CODE_SOP_COUNT, -1, "requires %d indices", t.base->rank);
  if (write)
    for (int k = 0; k < t.nres; k++)
      if (t.res[k] == MAP_ZERO) return ms_sop_fail(out, CODE_MAPS, -1, "should not have broadcast dimensions");
  if (!transfer_checks(&t, out)) return MS_INFER_INVALID;
  if (t.pad && t.has_evec && !same_vector(t.pad, &t.evec))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1, "requires source element type and padding type to match.");
  if (t.pad && !t.has_evec && t.pad->elem[0] && strcmp(t.pad->elem, t.base->elem))
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1, "requires formal padding and source of the same elemental type");
  if (!permutation_checks(&t, out)) return MS_INFER_INVALID;
  if (!write || t.base->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
  out->results[0] = *t.base;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the written tensor's type");
  return MS_INFER_OK;
}

/* --- linalg.contract ---------------------------------------------------------- */

/* The maps against the operands as ContractOp::verify checks them (over
** the pairs of maps and operands: lhs and rhs are inputs, the init the
** output): projected permutations, one result per dim, then every loop
** used, and a loop of one input only also in the output. */
static bool contract_usage(const ms_sop_in *in, const map *m, int nmaps, ms_sop_out *out) {
  int inocc[MS_MAX_RANK] = {0}, outocc[MS_MAX_RANK] = {0};
  for (int i = 0; i < nmaps && i < in->noperands; i++) {
    const ms_shape *t = &in->operands[i];
    bool seen[MS_MAX_RANK] = {false};
    for (int k = 0; k < m[i].nres; k++) {
      int64_t d = m[i].res[k];
      if (d < 0 || seen[d])
        return ms_sop_fail(out, CODE_MAPS, i, "provided affine_map is not a projected permutation"), false;
      seen[d] = true;
    }
    bool shaped = t->kind == MS_TYPE_TENSOR || t->kind == MS_TYPE_MEMREF || t->kind == MS_TYPE_VECTOR;
    if (shaped ? m[i].nres != t->rank : m[i].nres != 0)
      return ms_sop_fail(out, MS_CODE_OPERAND_RANK, i, "ranks of shaped operand and results of corresponding affine_map "
                         "differ"), false;
    for (int k = 0; k < m[i].nres; k++) (i < 2 ? inocc : outocc)[m[i].res[k]]++;
  }
  for (int d = 0; d < m[0].ndims; d++) {
    if (inocc[d] == 0 && outocc[d] == 0)
      return ms_sop_fail(out, CODE_MAPS, -1, "iteration space dim at index %d not used to access any operand", d), false;
    if (inocc[d] == 1 && outocc[d] != 1)
      return ms_sop_fail(out, CODE_MAPS, -1, "iteration space dim at index %d is neither a contracting dim nor of "
                         "parallel iteration type", d), false;
  }
  return true;
}

/* verifyStructuredOpInterface's static check: a loop's size is the first
** operand dim it indexes; when every loop's size is static, every
** non-zero static dim has its loop's size. */
static bool contract_sizes(const ms_sop_in *in, const map *m, ms_sop_out *out) {
  int64_t size[MS_MAX_RANK];
  for (int d = 0; d < m[0].ndims; d++) size[d] = MS_DIM_DYNAMIC - 1; /* not yet seen */
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < m[i].nres; k++)
      if (size[m[i].res[k]] == MS_DIM_DYNAMIC - 1) size[m[i].res[k]] = in->operands[i].dims[k];
  for (int d = 0; d < m[0].ndims; d++)
    if (size[d] == MS_DIM_DYNAMIC) return true;
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < m[i].nres; k++) {
      int64_t want = size[m[i].res[k]], got = in->operands[i].dims[k];
      if (got != MS_DIM_DYNAMIC && got != 0 && want != got)
        return ms_sop_fail(out, CODE_MAPS, i, "inferred input/output operand #%d has shape's dimension #%d to be %lld, "
                           "but found %lld", i, k, (long long)want, (long long)got), false;
    }
  return true;
}

static ms_infer_verdict linalg_contract(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *mp = ms_sop_get(in, "indexing_maps");
  if (in->noperands != 3 || !mp) return MS_INFER_UNKNOWN;
  for (int i = 0; i < 3; i++)
    if (in->operands[i].kind != MS_TYPE_OTHER && !in->operands[i].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *init = &in->operands[2];
  if (init->kind != MS_TYPE_TENSOR && init->kind != MS_TYPE_MEMREF) return MS_INFER_UNKNOWN;
  map m[MS_SOP_MAX_OPERANDS];
  int nmaps = ms_sop_maps_decode(mp, m, MS_SOP_MAX_OPERANDS);
  if (nmaps < 1) return MS_INFER_UNKNOWN;
  for (int i = 0; i < nmaps; i++)
    if (m[i].ndims != m[0].ndims || m[i].nsyms || m[0].ndims > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (in->at_declared && init->kind == MS_TYPE_TENSOR && in->nresults == 1) {
    const ms_shape *r = &in->results[0];
    bool same = r->ranked && r->kind == MS_TYPE_TENSOR && r->rank == init->rank && !strcmp(r->elem, init->elem);
    for (int k = 0; same && k < r->rank; k++) same = r->dims[k] == init->dims[k];
    if (!same) return ms_sop_fail(out, CODE_RESULT, -1, "expected type of operand #2 to match type of corresponding result");
  }
  if (!contract_usage(in, m, nmaps, out)) return MS_INFER_INVALID;
  if (nmaps != 3)
    return ms_sop_fail(out, CODE_MAPS, -1, "expected the number of indexing_map (%d) to be equal to the number of "
                       "input/output operands (3)", nmaps);
  if (!contract_sizes(in, m, out)) return MS_INFER_INVALID;
  if (init->kind != MS_TYPE_TENSOR) return MS_INFER_UNKNOWN;
  out->results[0] = *init;
  out->nresults = 1;
  if (in->want_provenance) ms_sop_note(out, 0, "the init's type");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_vector_maps[] = {
    {"linalg_contract", linalg_contract, "indexing_maps"},
    {"vector_transfer", vector_transfer, "permutation_map,in_bounds,operandSegmentSizes,write"},
    {"vector_contract", vector_contract, "indexing_maps,iterator_types,kind"},
    {NULL, NULL, NULL},
};
