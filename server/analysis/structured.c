/*
** structured.c: ops bound to structured-op shape functions (structured.h).
**
** The verifier and inference of such an op in one place: the family's
** function (algebra/sop.h) at the declared operand types, the declared
** results against what it infers, and again at the inferred operand shapes
** to refine the results; the findings carry the function's registry code.
*/
#include "structured.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "alloc.h"

#include "sop.h"
#include "sop_params.h"

#define CODE_RESULT "result-shape"
#define CODE_SPEC "spec-violation"
#define INLINE_REGIONS 8
#define INLINE_REGION_SHAPES 64
#define MAX_INNER_SHAPES 16

/* The operands the function sees, any number of them: the arrays hold
** MS_SOP_MAX_OPERANDS inline and move to the heap past that (reserve);
** release gives the heap back when the op is done. */
typedef struct judged {
  int n, cap;
  ms_shape *operands;
  int *src;                              /* the op's operand each comes from */
  uint32_t *elem;                        /* an element of a tensor list operand, MS_NONE: the operand */
  ms_shape *inferred;                    /* the operands' inferred shapes */
  ms_shape inline_operands[MS_SOP_MAX_OPERANDS], inline_inferred[MS_SOP_MAX_OPERANDS];
  int inline_src[MS_SOP_MAX_OPERANDS];
  uint32_t inline_elem[MS_SOP_MAX_OPERANDS];
  /* The declared results, and the room the function writes its results
  ** (and provenance) into: MS_SOP_MAX_RESULTS inline, the heap past that
  ** (a while of 20 loop values), as for the operands. */
  int nresults;
  size_t rcap;
  ms_shape *results;
  bool *has_result;
  ms_shape *opaque;                      /* results not of a shaped type (kind MS_TYPE_OTHER), else zeroed */
  ms_shape *out_results;                 /* ms_sop_out.results */
  char (*notes)[MS_SOP_NOTE_LEN];        /* ms_sop_out.provenance */
  ms_shape inline_results[MS_SOP_MAX_RESULTS], inline_opaque[MS_SOP_MAX_RESULTS];
  ms_shape inline_out[MS_SOP_MAX_RESULTS];
  bool inline_has[MS_SOP_MAX_RESULTS];
  char inline_notes[MS_SOP_MAX_RESULTS][MS_SOP_NOTE_LEN];
  int nparams;
  ms_sop_param params[MS_SOP_MAX_PARAMS];
  /* The regions and their argument and yield types, inline first and the
  ** heap past that (a case of many branches, a while of many values). */
  int nregions;
  size_t gcap, scap;
  ms_sop_region *regions;
  ms_shape *region_shapes;
  /* The same at the inferred shapes of the arguments and yields (what
  ** region_flow.c carried into the regions); regions_refined: some differ. */
  ms_sop_region *iregions;
  ms_shape *region_inferred;
  ms_sop_region inline_regions[INLINE_REGIONS], inline_iregions[INLINE_REGIONS];
  ms_shape inline_rshapes[INLINE_REGION_SHAPES], inline_rinferred[INLINE_REGION_SHAPES];
  bool regions_refined;
  int nshapes;                           /* region_shapes used */
  ms_sop_inner inner;                    /* the op inside its regions (gather_inner) */
  ms_shape inner_shapes[MAX_INNER_SHAPES];
} judged;

/* items (count of them kept) with room for need, moved from its inline
** storage inl to the heap, or grown there (ms_array_reserve). */
static void *grow(void *items, void *inl, size_t *cap, size_t need, size_t keep, size_t size) {
  if (need <= *cap) return items;
  if (items != inl) return ms_array_reserve(items, need, cap, size);
  size_t c = 0;
  void *p = ms_array_reserve(NULL, need, &c, size);
  memcpy(p, inl, keep * size);
  *cap = c;
  return p;
}

static void unheap(void *items, const void *inl) {
  if (items && items != inl) free(items);
}

static void release_operands(judged *j) {
  if (j->operands && j->operands != j->inline_operands) {
    free(j->operands);
    free(j->src);
    free(j->elem);
    free(j->inferred);
  }
  j->operands = j->inline_operands;
  j->inferred = j->inline_inferred;
  j->src = j->inline_src;
  j->elem = j->inline_elem;
  j->cap = MS_SOP_MAX_OPERANDS;
}

/* Gives every array's heap back (the op is done), the inline ones again. */
static void release(judged *j) {
  release_operands(j);
  unheap(j->results, j->inline_results);
  unheap(j->opaque, j->inline_opaque);
  unheap(j->out_results, j->inline_out);
  unheap(j->has_result, j->inline_has);
  unheap(j->notes, j->inline_notes);
  j->results = j->inline_results;
  j->opaque = j->inline_opaque;
  j->out_results = j->inline_out;
  j->has_result = j->inline_has;
  j->notes = j->inline_notes;
  j->rcap = MS_SOP_MAX_RESULTS;
  unheap(j->regions, j->inline_regions);
  unheap(j->iregions, j->inline_iregions);
  unheap(j->region_shapes, j->inline_rshapes);
  unheap(j->region_inferred, j->inline_rinferred);
  j->regions = j->inline_regions;
  j->iregions = j->inline_iregions;
  j->region_shapes = j->inline_rshapes;
  j->region_inferred = j->inline_rinferred;
  j->gcap = INLINE_REGIONS;
  j->scap = INLINE_REGION_SHAPES;
}

/* Room for need results, those there kept. */
static void reserve_results(judged *j, size_t need) {
  size_t cap, k = j->rcap;
  if (need <= k) return;
  j->results = grow(j->results, j->inline_results, (cap = k, &cap), need, k, sizeof *j->results);
  j->opaque = grow(j->opaque, j->inline_opaque, (cap = k, &cap), need, k, sizeof *j->opaque);
  j->out_results = grow(j->out_results, j->inline_out, (cap = k, &cap), need, k, sizeof *j->out_results);
  j->has_result = grow(j->has_result, j->inline_has, (cap = k, &cap), need, k, sizeof *j->has_result);
  j->notes = grow(j->notes, j->inline_notes, (cap = k, &cap), need, k, sizeof *j->notes);
  j->rcap = cap;
}

/* Room for need operands, the j->n already there kept. */
static void reserve(judged *j, int need) {
  if (need <= j->cap) return;
  int cap = need > 2 * j->cap ? need : 2 * j->cap;
  ms_shape *ops = ms_xmalloc((size_t)cap * sizeof *ops), *inf = ms_xmalloc((size_t)cap * sizeof *inf);
  int *src = ms_xmalloc((size_t)cap * sizeof *src);
  uint32_t *elem = ms_xmalloc((size_t)cap * sizeof *elem);
  memcpy(ops, j->operands, (size_t)j->n * sizeof *ops);
  memcpy(src, j->src, (size_t)j->n * sizeof *src);
  memcpy(elem, j->elem, (size_t)j->n * sizeof *elem);
  release_operands(j);
  j->operands = ops;
  j->inferred = inf;
  j->src = src;
  j->elem = elem;
  j->cap = cap;
}

static bool read_constant(void *ctx, int operand, int64_t *out, int max, int *n) {
  const ms_structured_host *h = ctx;
  return h->constant(h->w, operand, out, max, n);
}

static bool read_constant_f32(void *ctx, int operand, uint32_t *out, int max, int *n) {
  const ms_structured_host *h = ctx;
  return h->constant_f32 && h->constant_f32(h->w, operand, out, max, n);
}

static const char *read_attr(void *ctx, const char *key, size_t *len) {
  const ms_structured_host *h = ctx;
  return h->attribute(h->attr_ctx, key, len);
}

/* A region's terminator: `return`, `*.return`, `*.yield` (`onnx.Yield`). */
static bool terminator(const ms_structured_host *h, const ms_op *t) {
  if (t->kind == MS_OP_RETURN) return true;
  const char *n = h->text + t->name.start;
  size_t len = t->name.end - t->name.start;
  const char *dot = n + len;
  while (dot > n && dot[-1] != '.') dot--;
  size_t k = (size_t)(n + len - dot);
  return (k == 6 && !memcmp(dot, "return", 6)) || (k == 5 && !strncasecmp(dot, "yield", 5));
}

static bool push_shape(const ms_structured_host *h, judged *j, int *used, uint32_t v) {
  if ((size_t)*used >= j->scap) {
    size_t cap = j->scap;
    j->region_shapes = grow(j->region_shapes, j->inline_rshapes, &cap, (size_t)*used + 1, (size_t)*used,
                            sizeof *j->region_shapes);
    cap = j->scap;
    j->region_inferred = grow(j->region_inferred, j->inline_rinferred, &cap, (size_t)*used + 1, (size_t)*used,
                              sizeof *j->region_inferred);
    j->scap = cap;
  }
  if (v == MS_NONE || !h->value_shape(h->w, v, &j->region_shapes[*used])) return false;
  ms_shape *inf = &j->region_inferred[*used];
  /* Only where the entry carries shapes into its regions ("region_flow"). */
  if (h->binding->region_flow && h->value_inferred && h->value_inferred(h->w, v, inf)) j->regions_refined = true;
  else *inf = j->region_shapes[*used];
  (*used)++;
  return true;
}

/* The op's regions, each ended by a terminator directly inside it: the
** block arguments before it and the terminator's operands. A region whose
** types cannot all be read has nyields -1 (not judged). The shapes' array
** may move while it grows: the regions hold offsets into it (cast to
** pointers) until the end, when they point into it. */
static void gather_regions(const ms_structured_host *h, judged *j) {
  const ms_records *rec = h->rec;
  const ms_op *op = &rec->ops[h->opi];
  int used = 0;
  uint32_t from = op->span.start;
  j->nregions = 0;
  j->regions_refined = false;
  size_t lo = op->nresults ? op->results : 0;
  while (lo > 0 && rec->values[lo - 1].def.start > op->span.start) lo--;
  for (size_t i = h->opi + 1; i < rec->nops && rec->ops[i].span.start < op->span.end; i++) {
    const ms_op *t = &rec->ops[i];
    if (t->parent != h->opi || !terminator(h, t)) continue;
    if ((size_t)j->nregions >= j->gcap) {
      size_t cap = j->gcap, n = (size_t)j->nregions;
      j->regions = grow(j->regions, j->inline_regions, &cap, n + 1, n, sizeof *j->regions);
      cap = j->gcap;
      j->iregions = grow(j->iregions, j->inline_iregions, &cap, n + 1, n, sizeof *j->iregions);
      j->gcap = cap;
    }
    ms_sop_region *g = &j->regions[j->nregions++];
    bool ok = true;
    int first = used;
    for (size_t v = lo; v < rec->nvalues && rec->values[v].def.start < t->span.start; v++) {
      const ms_value *x = &rec->values[v];
      if (x->owner != h->opi || x->op != MS_NONE || x->def.start < from) continue;
      ok &= push_shape(h, j, &used, (uint32_t)v);
    }
    g->nargs = used - first;
    g->args = (const ms_shape *)(uintptr_t)first; /* an offset until the end */
    first = used;
    for (uint32_t k = 0; k < t->noperands; k++) ok &= push_shape(h, j, &used, ms_records_operand(rec, t, k)->value);
    g->nyields = ok ? used - first : -1;
    g->yields = (const ms_shape *)(uintptr_t)first;
    from = t->span.end;
  }
  for (int r = 0; r < j->nregions; r++) {
    ms_sop_region *g = &j->regions[r], *gi = &j->iregions[r];
    size_t a = (uintptr_t)g->args, y = (uintptr_t)g->yields;
    *g = (ms_sop_region){g->nargs, j->region_shapes + a, g->nyields, j->region_shapes + y};
    *gi = (ms_sop_region){g->nargs, j->region_inferred + a, g->nyields, j->region_inferred + y};
  }
  j->nshapes = used;
}

/* The one op directly inside the op's regions besides their terminators:
** how many there are and, when one, its operands' and results' declared
** types (-1 counts: one cannot be read, or too many). */
static void gather_inner(const ms_structured_host *h, judged *j) {
  const ms_records *rec = h->rec;
  const ms_op *op = &rec->ops[h->opi];
  ms_sop_inner *in = &j->inner;
  const ms_op *found = NULL;
  memset(in, 0, sizeof *in);
  for (size_t i = h->opi + 1; i < rec->nops && rec->ops[i].span.start < op->span.end; i++) {
    const ms_op *k = &rec->ops[i];
    if (k->parent != h->opi) continue;
    if (terminator(h, k)) continue;
    found = k;
    in->nops++;
  }
  if (in->nops != 1) return;
  /* An op whose results are not named (`vector.mask %m { vector.reduction
  ** ... }`, the terminator implied; or a generic op): its written result
  ** types. A pretty op that writes none may still have results its parser
  ** types itself (`vector.outerproduct`): unknown, unless its syntax says
  ** it has none (no-results: `vector.transfer_write` to a memref). */
  uint32_t fi = (uint32_t)(found - rec->ops);
  in->pretty = found->kind == MS_OP_CUSTOM;
  bool unnamed = found->nresults == 0;
  if (unnamed && (!found->types_known || (found->kind == MS_OP_CUSTOM && found->nout == 0 && !found->no_results) ||
                  !h->out_shape))
    in->nresults = -1;
  int used = 0;
  in->operands = j->inner_shapes;
  for (uint32_t k = 0; k < found->noperands && in->noperands >= 0; k++) {
    uint32_t v = ms_records_operand(rec, found, k)->value;
    if (used >= MAX_INNER_SHAPES || v == MS_NONE || !h->value_shape(h->w, v, &j->inner_shapes[used])) in->noperands = -1;
    else in->noperands++, used++;
  }
  in->results = j->inner_shapes + used;
  uint32_t nres = unnamed ? found->nout : found->nresults;
  for (uint32_t k = 0; in->nresults >= 0 && k < nres; k++) {
    bool ok = used < MAX_INNER_SHAPES && (unnamed ? h->out_shape(h->w, fi, k, &j->inner_shapes[used])
                                                  : h->value_shape(h->w, found->results + k, &j->inner_shapes[used]));
    if (!ok) in->nresults = -1;
    else in->nresults++, used++;
  }
}

/* Operands, declared results and parameters; false: the op is not judged. */
/* Operand i as the elements of the `*.ListConstruct` of tensors defining
** it; false (nothing added) when it is not one. */
static bool list_elements(const ms_structured_host *h, judged *j, int i) {
  const ms_op *op = &h->rec->ops[h->opi];
  uint32_t v = ms_records_operand(h->rec, op, (uint32_t)i)->value;
  if (!h->value_inferred || v == MS_NONE || h->rec->values[v].op == MS_NONE) return false;
  const ms_op *def = &h->rec->ops[h->rec->values[v].op];
  size_t len = def->name.end - def->name.start;
  static const char tail[] = ".ListConstruct";
  if (len < sizeof tail || memcmp(h->text + def->name.end - (sizeof tail - 1), tail, sizeof tail - 1)) return false;
  if (def->noperands == 0) return false;
  int n0 = j->n;
  /* the op's operands after this one still come */
  reserve(j, j->n + (int)def->noperands + (int)(op->noperands - (uint32_t)i - 1));
  for (uint32_t k = 0; k < def->noperands; k++) {
    uint32_t e = ms_records_operand(h->rec, def, k)->value;
    if (e == MS_NONE || !h->value_shape(h->w, e, &j->operands[j->n]) || j->operands[j->n].kind != MS_TYPE_TENSOR) {
      j->n = n0;
      return false;
    }
    j->src[j->n] = i;
    j->elem[j->n++] = e;
  }
  return true;
}

static bool gather(const ms_structured_host *h, judged *j) {
  const ms_op *op = &h->rec->ops[h->opi];
  if (!j->operands) release(j); /* first use: the inline arrays */
  j->n = 0;
  j->nshapes = 0;
  reserve_results(j, (size_t)op->nresults);
  reserve(j, (int)op->noperands);
  for (int i = 0; i < (int)op->noperands; i++) {
    if (!h->declared_operand(h->w, i, &j->operands[j->n])) return false;
    if (j->operands[j->n].kind == MS_TYPE_OTHER && list_elements(h, j, i)) continue;
    j->src[j->n] = i;
    j->elem[j->n++] = MS_NONE;
  }
  j->nresults = (int)op->nresults;
  for (int r = 0; r < j->nresults; r++) {
    j->results[r].kind = MS_TYPE_NONE;
    j->has_result[r] = h->declared_result(h->w, r, &j->results[r]);
    j->opaque[r].kind = MS_TYPE_NONE;
    if (!j->has_result[r]) {
      if (j->results[r].kind == MS_TYPE_OTHER) memcpy(j->opaque[r].elem, j->results[r].elem, sizeof j->opaque[r].elem);
      if (j->results[r].kind == MS_TYPE_OTHER) j->opaque[r].kind = MS_TYPE_OTHER;
      memset(&j->results[r], 0, sizeof j->results[r]);
      j->results[r].kind = MS_TYPE_TENSOR;
    }
  }
  ms_sop_reader rd = {(int)op->noperands, read_attr, read_constant, (void *)h, read_constant_f32};
  j->nparams = ms_sop_spec_read(h->binding->algebra, &rd, j->params);
  if (j->nparams >= 0) gather_regions(h, j);
  if (j->nparams >= 0) gather_inner(h, j);
  /* A function may give a result per operand or per region value. */
  reserve_results(j, (size_t)(j->n > j->nshapes ? j->n : j->nshapes));
  return j->nparams >= 0;
}

/* Operand k's inferred shape (a list element's, or the op operand's). */
static bool inferred(const ms_structured_host *h, const judged *j, int k, ms_shape *out) {
  if (j->elem[k] == MS_NONE) return h->inferred_operand(h->w, j->src[k], &j->operands[k], out);
  if (h->value_inferred(h->w, j->elem[k], out)) return true;
  *out = j->operands[k];
  return false;
}

/* Clears out as a function and the judge read it: the fields, the results
** the op declares (a function begins each result it gives; more than
** declared is a count mismatch, whose results are never read), and the
** provenance only when asked for (read only then). Not all 8 KB: this runs
** two or three times on every structured op. */
static void clear_out(ms_sop_out *out, int nresults, bool provenance) {
  int n = nresults < 1 ? 1 : nresults > out->room ? out->room : nresults;
  out->nresults = 0;
  memset(out->results, 0, (size_t)n * sizeof out->results[0]);
  out->code = NULL;
  out->why[0] = 0;
  out->operand = -1;
  out->unchecked_results = false;
  if (provenance) memset(out->provenance, 0, (size_t)out->room * sizeof out->provenance[0]);
  out->warn_code = NULL;
  out->warn_why[0] = 0;
  out->warn_operand = 0;
}

/* out writes into j's room for results. */
static void bind_out(judged *j, ms_sop_out *out) {
  out->room = (int)j->rcap;
  out->results = j->out_results;
  out->provenance = j->notes;
}

static ms_infer_verdict run(judged *j, const ms_shape *operands, bool provenance, ms_sop_out *out,
                            const ms_sop_def *def) {
  bool at_declared = operands == j->operands;
  ms_sop_in in = {j->n, operands, j->nresults, j->results, j->nparams, j->params, provenance, j->nregions,
                  at_declared ? j->regions : j->iregions, at_declared, j->opaque, &j->inner};
  bind_out(j, out);
  clear_out(out, j->nresults, provenance);
  ms_infer_verdict v = def->fn(&in, out);
  if (v == MS_INFER_INVALID_RESULT) v = MS_INFER_INVALID;
  if (v == MS_INFER_INVALID && !out->code) out->code = MS_CODE_SHAPE_FN;
  return v;
}

/* "[1, ?, 8]" as StableHLO's dimSizesToString writes it. */
static void dims_text(const ms_shape *s, char *buf, size_t n) {
  size_t w = (size_t)snprintf(buf, n, "[");
  for (int i = 0; i < s->rank && w < n; i++) {
    if (s->dims[i] == MS_DIM_DYNAMIC) w += (size_t)snprintf(buf + w, n - w, "%s?", i ? ", " : "");
    else w += (size_t)snprintf(buf + w, n - w, "%s%lld", i ? ", " : "", (long long)s->dims[i]);
  }
  if (w < n) snprintf(buf + w, n - w, "]");
}

/* The first result that contradicts its declared type, or -1. */
static int conflicting_result(const judged *j, const ms_sop_out *out) {
  if (out->unchecked_results) return -1;
  if (out->nresults > 0 && j->nresults > 0 && out->nresults != j->nresults) return j->nresults;
  for (int r = 0; r < j->nresults && r < out->nresults; r++)
    if (j->has_result[r] && ms_sop_result_conflicts(&out->results[r], &j->results[r])) return r;
  return -1;
}

static void conflict_text(const judged *j, const ms_sop_out *out, int r, char *why, size_t n) {
  char inf[160], decl[160];
  if (r >= j->nresults) {
    snprintf(why, n, "inferred type(s) are incompatible with return type(s) of operation: %d results inferred, %d "
             "declared", out->nresults, j->nresults);
    return;
  }
  dims_text(&out->results[r], inf, sizeof inf);
  ms_shape_format_type(&j->results[r], decl, sizeof decl);
  snprintf(why, n, "inferred shape '%s' is incompatible with return type of operation '%s'%s", inf, decl,
           j->nresults > 1 ? " (a result)" : "");
}

/* An error with the function's code, or with "spec_warnings" a warning
** `spec-violation` naming that code: the verifier accepts the op, the
** dialect's specification does not. */
enum { AS_ENTRY, AS_SPEC, AS_ERROR }; /* the entry's severity, a spec warning, the verifier's error */

/* Whether code is one of the comma-joined codes. */
static bool listed(const char *codes, const char *code) {
  size_t n = strlen(code);
  while (codes && *codes) {
    size_t k = strcspn(codes, ",");
    if (k == n && !memcmp(codes, code, n)) return true;
    codes += k + (codes[k] == ',');
  }
  return false;
}

static void report(const ms_structured_host *h, const char *code, int operand, const char *why, int as) {
  const ms_op *op = &h->rec->ops[h->opi];
  if (as == AS_ENTRY && listed(h->binding->spec_codes, code)) as = AS_SPEC; /* "spec_codes" */
  ms_span at = ms_op_name_token(op);
  ms_diagnostic *d;
  if (as == AS_SPEC || (as == AS_ENTRY && h->binding->spec_warnings))
    d = ms_diag_list_add(h->diags, at.start, at.end, MS_SEVERITY_WARNING, CODE_SPEC, NULL,
                         "the specification forbids this (%s), though the verifier accepts it: %s", code, why);
  else
    d = ms_diag_list_add(h->diags, at.start, at.end, MS_SEVERITY_ERROR, code, NULL, "%s", why);
  d->operand = operand;
}

/* The declared result met with the inferred one, bounds included: a `?`
** takes the inferred size, or keeps the inferred bound when it has none. */
static bool meet(const ms_shape *declared, const ms_shape *inferred, ms_shape *out) {
  *out = *declared;
  if (!inferred->ranked) return false;
  bool refined = false;
  if (!declared->ranked) {
    *out = *inferred;
    out->kind = declared->kind == MS_TYPE_OTHER || declared->kind == MS_TYPE_NONE ? inferred->kind : declared->kind;
    if (declared->elem[0]) memcpy(out->elem, declared->elem, sizeof out->elem);
    return true;
  }
  if (declared->rank != inferred->rank) return false;
  for (int i = 0; i < declared->rank; i++) {
    if (declared->dims[i] != MS_DIM_DYNAMIC) continue;
    if (inferred->dims[i] != MS_DIM_DYNAMIC) {
      out->dims[i] = inferred->dims[i];
      refined = true;
      continue;
    }
    int64_t b = ms_sop_bound(inferred, i);
    if (b != MS_DIM_DYNAMIC && ms_sop_bound(declared, i) == MS_DIM_DYNAMIC) {
      if (!out->bounded) {
        out->bounded = true;
        for (int k = 0; k < out->rank; k++) out->bounds[k] = MS_DIM_DYNAMIC;
      }
      out->bounds[i] = b;
      refined = true;
    }
  }
  if (out->bounded)
    for (int k = 0; k < out->rank; k++)
      if (out->dims[k] != MS_DIM_DYNAMIC) out->bounds[k] = MS_DIM_DYNAMIC;
  return refined;
}

/* A declared result of a wrapped type (`!onnx.Seq<tensor<*xf32>>`) met
** with an inferred one of the same wrapper: their parameters met (above),
** wrapped again. False when they are not both wrapped alike, or nothing
** is refined. */
static bool meet_wrapped(const ms_shape *declared, const ms_shape *inferred, ms_shape *out) {
  ms_shape d, i, m;
  size_t hd, hi;
  if (!ms_shape_wrapped(declared, &d, &hd) || !ms_shape_wrapped(inferred, &i, &hi) || hd != hi ||
      memcmp(declared->elem, inferred->elem, hd) || d.kind != i.kind || !meet(&d, &i, &m))
    return false;
  return ms_shape_wrap(out, declared->elem, hd, &m) && strcmp(out->elem, declared->elem) != 0;
}

static void judge(const ms_structured_host *h, judged *j) {
  const ms_sop_def *def = ms_sop_spec_def(h->binding->algebra);
  static __thread ms_sop_out out;
  bool quiet = h->binding->infer_only;
  char why[512];
  ms_sop_in ranks = {j->n, j->operands, j->nresults, j->results, j->nparams, j->params, false, 0, NULL, true, NULL,
                     &j->inner};
  bind_out(j, &out);
  clear_out(&out, 0, false);
  if (!ms_sop_check_ranks(&ranks, &out)) {
    if (!quiet) report(h, out.code, out.operand, out.why, AS_ERROR); /* ODS: the verifier's, never a spec warning */
    return;
  }
  ms_infer_verdict v = run(j, j->operands, false, &out, def);
  if (out.warn_code && !quiet) report(h, out.warn_code, out.warn_operand, out.warn_why, AS_SPEC);
  if (v == MS_INFER_INVALID) {
    if (!quiet) report(h, out.code, out.operand, out.why, AS_ENTRY);
    return;
  }
  /* Not judged at the declared types (an unranked operand): the inferred
  ** shapes may still judge it, and refine its results. */
  if (v != MS_INFER_OK && v != MS_INFER_UNKNOWN) return;
  int r = v == MS_INFER_OK ? conflicting_result(j, &out) : -1;
  if (r >= 0) {
    conflict_text(j, &out, r, why, sizeof why);
    if (!quiet) report(h, CODE_RESULT, -1, why, AS_ENTRY);
    return;
  }
  /* With "spec_warnings", the entry's "shape" gives the results when it has
  ** one; without, the function refines them as for any entry. */
  if (h->binding->spec_warnings && h->binding->shape.fn != MS_SHAPE_FN_NONE) return;
  quiet |= h->binding->spec_warnings; /* propagated mismatches: the verifier accepts them too */
  /* Unknown at the declared types (an operand declared `tensor<*xf32>`):
  ** the inferred operand shapes may still tell. */
  ms_shape *inferred_ops = j->inferred;
  bool any = false;
  for (int i = 0; i < j->n; i++) any |= inferred(h, j, i, &inferred_ops[i]);
  any |= j->regions_refined;
  if (!any && v != MS_INFER_OK) return;
  if (any) {
    v = run(j, inferred_ops, false, &out, def);
    if (v == MS_INFER_INVALID) {
      if (!quiet) h->propagated(h->w, out.why);
      /* A region op ("region_flow") passes its refined results on even
      ** when they break it, as --tosa-infer-shapes refines, then verifies. */
      if (!h->binding->region_flow || out.nresults != j->nresults) return;
    } else if (v != MS_INFER_OK) {
      return;
    }
    r = v == MS_INFER_OK ? conflicting_result(j, &out) : -1;
    if (r >= 0) {
      conflict_text(j, &out, r, why, sizeof why);
      if (!quiet) h->propagated(h->w, why);
      return;
    }
  }
  for (int k = 0; k < j->nresults && k < out.nresults; k++) {
    ms_shape met;
    if (j->has_result[k] && meet(&j->results[k], &out.results[k], &met)) h->refine(h->w, k, &met);
    else if (!j->has_result[k] && meet_wrapped(&j->opaque[k], &out.results[k], &met)) h->refine(h->w, k, &met);
  }
}

void ms_structured_judge(const ms_structured_host *h) {
  static __thread judged j;
  if (gather(h, &j)) judge(h, &j);
  release(&j);
}

void ms_structured_provenance(const ms_structured_host *h, int r, char *buf, size_t n) {
  const ms_sop_def *def = ms_sop_spec_def(h->binding->algebra);
  static __thread judged j;
  static __thread ms_sop_out out;
  buf[0] = 0;
  if (gather(h, &j)) {
    for (int i = 0; i < j.n; i++) inferred(h, &j, i, &j.inferred[i]);
    if (run(&j, j.inferred, true, &out, def) == MS_INFER_OK && r >= 0 && r < out.nresults)
      snprintf(buf, n, "%s", out.provenance[r]);
  }
  release(&j);
}
