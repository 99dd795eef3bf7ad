/*
** control.c: the control-flow family of structured ops (sop.h).
**
** if / case: a rank-0 predicate or index, branches without arguments whose
** terminators return compatible types; each result is the least specific
** of the branches' (a dim that differs is `?`). while: the operands agree
** with the condition's and the body's arguments and with what the body
** returns; the condition returns one tensor<i1> of rank 0; the results are
** the operands' shapes. Shapes flow through: the results are refined from
** what the branches return or the operands are. Types compare by shape,
** and by element type only where both are plain builtin types. Source:
** StableHLO spec if C1-C3, case C1-C4, while C1-C2; TypeInference.cpp
** inferConditionalOp, verifyWhileOp. With "branch_arguments" 1 (TOSA's
** cond_if, LLVM 22's IfOp::verify as mlir-opt-22 runs it): the predicate
** holds one element, each branch's arguments are the operands after it and
** what it returns the declared results (compatible shapes; the branches
** are not compared with each other); the results are the least specific
** of what the branches return, as --tosa-infer-shapes joins them.
** while with "results_match_operands" 1 and "size_one_condition" 1 (TOSA's
** while_loop, LLVM 22's WhileOp::verify): the declared results are
** compatible with the operands, and the condition region returns one
** element (any rank). With "shared_arguments" 1 (StableHLO's pretty
** `while(%iterArg = %x) ... cond {...} do {...}`, whose parser gives both
** regions the header's bindings) a body without arguments takes the
** condition's.
**
** With "against_results" (onnx.If): no rank on the predicate; each branch
** returns as many values as the op has results, each of the result's kind
** and plain element type (shapes may differ: the result is the least
** specific of the branches'). Source: onnx-mlir ONNXIfOp::verify
** (areCompatibleIfTypes).
*/
#include "sop.h"

#include <stdio.h>
#include <string.h>

#define CODE_REGION "region-types"

static bool plain(const char *e) { return e[0] && !strchr(e, '!') && !strchr(e, '<'); }

/* isCompatibleForHloTypeInference over two shapes. */
static bool compatible(const ms_shape *a, const ms_shape *b) {
  if (a->kind != b->kind && a->kind != MS_TYPE_OTHER && b->kind != MS_TYPE_OTHER) return false;
  if (a->kind == MS_TYPE_OTHER || b->kind == MS_TYPE_OTHER) return a->kind == b->kind && !strcmp(a->elem, b->elem);
  if (ms_sop_result_conflicts(a, b)) return false;
  return !plain(a->elem) || !plain(b->elem) || !strcmp(a->elem, b->elem);
}

static bool all_compatible(const ms_shape *a, int na, const ms_shape *b, int nb) {
  if (na != nb) return false;
  for (int i = 0; i < na; i++)
    if (!compatible(&a[i], &b[i])) return false;
  return true;
}

/* "'tensor<1xi32>', 'tensor<2xi32>'" as StableHLO lists types. */
static void list_types(const ms_shape *s, int n, char *buf, size_t len) {
  size_t w = 0;
  buf[0] = 0;
  for (int i = 0; i < n && w < len; i++) {
    char t[160];
    ms_shape_format_type(&s[i], t, sizeof t);
    w += (size_t)snprintf(buf + w, len - w, "%s'%s'", i ? ", " : "", t);
  }
}

/* StableHLO's inferLeastSpecificDimAndBound: X and X give X; X and `?`
** give `?`, bounded by max(X, B) when the `?` has bound B; two bounded `?`
** give the larger bound; an unbounded `?` drops the bound. */
static void least_specific(int64_t *size, int64_t *bound, int64_t s2, int64_t b2) {
  int64_t s1 = *size, b1 = s1 == MS_DIM_DYNAMIC ? *bound : MS_DIM_DYNAMIC;
  if (s2 != MS_DIM_DYNAMIC) b2 = MS_DIM_DYNAMIC;
  if (s1 != MS_DIM_DYNAMIC && s2 != MS_DIM_DYNAMIC) {
    *bound = MS_DIM_DYNAMIC;
    if (s1 != s2) *size = MS_DIM_DYNAMIC;
    return;
  }
  *size = MS_DIM_DYNAMIC;
  int64_t x = s1 != MS_DIM_DYNAMIC ? s1 : s2 != MS_DIM_DYNAMIC ? s2 : MS_DIM_DYNAMIC;
  if (x != MS_DIM_DYNAMIC) {
    int64_t b = s1 == MS_DIM_DYNAMIC ? b1 : b2;
    *bound = b == MS_DIM_DYNAMIC ? MS_DIM_DYNAMIC : (x > b ? x : b);
    return;
  }
  *bound = b1 != MS_DIM_DYNAMIC && b2 != MS_DIM_DYNAMIC ? (b1 > b2 ? b1 : b2) : MS_DIM_DYNAMIC;
}

/* Whether a predicate holds one element: rank 0, or static dims of product 1. */
static bool one_element(const ms_shape *p) {
  if (!p->ranked) return true;
  for (int d = 0; d < p->rank; d++)
    if (p->dims[d] != 1 && p->dims[d] != MS_DIM_DYNAMIC) return false;
  return true;
}

/* "branch_arguments" 1 (TOSA's cond_if): each branch takes the operands
** after the predicate as its arguments, as many as they are, and returns
** the declared results, compatible shape by shape (branches are not
** compared with each other). */
static bool branches_against_operands(const ms_sop_in *in, ms_sop_out *out) {
  char a[480], b[480];
  static const char *const names[] = {"then_graph", "else_graph"};
  for (int r = 0; r < in->nregions; r++) {
    const ms_sop_region *g = &in->regions[r];
    if (g->nargs != in->noperands - 1 && r < 2)
      return ms_sop_fail(out, CODE_REGION, -1, "require same number of values in '%s' arguments (%d) and 'input_list' (%d)",
                         names[r], g->nargs, in->noperands - 1),
             false;
    if (g->nargs > 0 && !all_compatible(g->args, g->nargs, in->operands + 1, in->noperands - 1)) {
      list_types(g->args, g->nargs, a, sizeof a);
      list_types(in->operands + 1, in->noperands - 1, b, sizeof b);
      return ms_sop_fail(out, CODE_REGION, -1, "require same shapes for branch %d arguments (%s) and the operands (%s)",
                         r, a, b),
             false;
    }
    if (in->at_declared && !all_compatible(g->yields, g->nyields, in->results, in->nresults)) {
      list_types(g->yields, g->nyields, a, sizeof a);
      list_types(in->results, in->nresults, b, sizeof b);
      return ms_sop_fail(out, CODE_REGION, -1, "require same shapes for branch %d results (%s) and the results (%s)", r,
                         a, b),
             false;
    }
  }
  return true;
}

/* Same kind (a tensor, or another type) and, where both are plain, one element type. */
static bool same_kind(const ms_shape *a, const ms_shape *b) {
  if (a->kind != b->kind) return false;
  if (a->kind == MS_TYPE_OTHER) return true; /* sequences, optionals: their contents are not compared */
  return !plain(a->elem) || !plain(b->elem) || !strcmp(a->elem, b->elem);
}

/* "against_results": every branch against the op's declared results. */
static bool branches_fit_results(const ms_sop_in *in, ms_sop_out *out) {
  static const char *const names[] = {"then", "else"};
  for (int r = 0; r < in->nregions; r++) {
    const ms_sop_region *g = &in->regions[r];
    const char *nm = r < 2 ? names[r] : "a";
    if (g->nyields != in->nresults) {
      ms_sop_fail(out, CODE_REGION, -1, "%s branch #results=%d differ from if #results=%d", nm, g->nyields,
                  in->nresults);
      return false;
    }
    for (int k = 0; k < g->nyields; k++) {
      /* A result type not read (elem ""): against the first branch's. */
      const ms_shape *want = in->results[k].elem[0] ? &in->results[k] : &in->regions[0].yields[k];
      if (!same_kind(&g->yields[k], want)) {
        ms_sop_fail(out, CODE_REGION, -1, "%s branch disagrees on result type #%d of %d", nm, k + 1, in->nresults);
        return false;
      }
    }
  }
  return true;
}

static ms_infer_verdict conditional(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape *p = &in->operands[0];
  bool tosa_like = ms_sop_int(in, "branch_arguments", 0) != 0;
  if (tosa_like && !one_element(p)) {
    char t[160];
    ms_shape_format_type(p, t, sizeof t);
    return ms_sop_fail(out, CODE_REGION, 0, "'condition' must be a size 1 tensor, got '%s'", t);
  }
  bool against = ms_sop_int(in, "against_results", 0) != 0;
  if (against) {
    if (in->nregions == 0) return MS_INFER_UNKNOWN;
    for (int r = 0; r < in->nregions; r++)
      if (in->regions[r].nyields < 0) return MS_INFER_UNKNOWN;
    if (!branches_fit_results(in, out)) return MS_INFER_INVALID;
  } else if (!tosa_like && p->ranked && p->rank != 0)
    return ms_sop_fail(out, CODE_REGION, 0, "operand should be rank 0 tensor but got rank %d", p->rank);
  if (in->nregions == 0) return MS_INFER_UNKNOWN;
  for (int r = 0; r < in->nregions; r++)
    if (in->regions[r].nyields < 0) return MS_INFER_UNKNOWN;
  const ms_sop_region *b0 = &in->regions[0];
  if (tosa_like && !branches_against_operands(in, out)) return MS_INFER_INVALID;
  for (int r = 0; !tosa_like && r < in->nregions; r++) {
    const ms_sop_region *g = &in->regions[r];
    if (g->nargs != 0)
      return ms_sop_fail(out, CODE_REGION, -1, "branch %d must have 0 arguments, but found %d", r, g->nargs);
    if (!against && !all_compatible(b0->yields, b0->nyields, g->yields, g->nyields)) {
      char a[200], b[200];
      list_types(b0->yields, b0->nyields, a, sizeof a);
      list_types(g->yields, g->nyields, b, sizeof b);
      return ms_sop_fail(out, CODE_REGION, -1, "branch 0 and branch %d have mismatched return types: %s vs %s", r, a, b);
    }
  }
  if (b0->nyields > out->room) return MS_INFER_UNKNOWN;
  for (int r = 1; r < in->nregions; r++)
    if (in->regions[r].nyields != b0->nyields) return MS_INFER_UNKNOWN;
  for (int k = 0; k < b0->nyields; k++) {
    const ms_shape *first = &b0->yields[k];
    if (!first->ranked || first->kind != MS_TYPE_TENSOR) {
      ms_sop_result_begin(out, k, first);
      out->results[k].ranked = false;
      continue;
    }
    ms_sop_result_begin(out, k, first);
    bool ranked = true;
    for (int r = 1; r < in->nregions; r++)
      ranked &= in->regions[r].yields[k].ranked && in->regions[r].yields[k].rank == first->rank;
    for (int d = 0; ranked && d < first->rank; d++) {
      int64_t size = first->dims[d], bound = ms_sop_bound(first, d);
      for (int r = 1; r < in->nregions; r++) {
        const ms_shape *y = &in->regions[r].yields[k];
        least_specific(&size, &bound, y->dims[d], ms_sop_bound(y, d));
      }
      ms_sop_result_push(out, k, size, bound);
    }
    if (!ranked) out->results[k].ranked = false;
    if (in->want_provenance) ms_sop_note(out, k, "what every branch returns as result %d", k);
  }
  out->nresults = b0->nyields;
  return MS_INFER_OK;
}

/* The loop's results: the operands' shapes, or with from_body what the
** body returns. False when there are too many. */
static bool loop_results(const ms_sop_in *in, ms_sop_out *out, bool from_body) {
  const ms_sop_region *body = &in->regions[1];
  if (in->noperands > out->room) return false;
  for (int k = 0; k < in->noperands; k++) {
    const ms_shape *x = from_body ? &body->yields[k] : &in->operands[k];
    ms_sop_result_begin(out, k, x);
    if (!x->ranked || x->kind != MS_TYPE_TENSOR) {
      out->results[k].ranked = false;
      continue;
    }
    for (int d = 0; d < x->rank; d++) ms_sop_result_push(out, k, x->dims[d], ms_sop_bound(x, d));
    if (in->want_provenance)
      ms_sop_note(out, k, from_body ? "what the body returns as value %d" : "operand %d (the loop carries its shape)",
                  k);
  }
  out->nresults = in->noperands;
  return true;
}

static ms_infer_verdict while_loop(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nregions < 2 || in->regions[0].nyields < 0 || in->regions[1].nyields < 0) return MS_INFER_UNKNOWN;
  const ms_sop_region *cond = &in->regions[0], *body = &in->regions[1];
  /* "shared_arguments" (StableHLO's pretty `while(%iterArg = %x)`): the
  ** header's bindings, the condition's arguments, are the body's too. */
  ms_sop_region shared;
  if (ms_sop_int(in, "shared_arguments", 0) && body->nargs == 0 && cond->nargs == in->noperands) {
    shared = *body;
    shared.nargs = cond->nargs;
    shared.args = cond->args;
    body = &shared;
  }
  /* Otherwise a pretty form that names the loop's values in its header,
  ** not as block arguments, is not judged. */
  if (in->noperands > 0 && (cond->nargs == 0 || body->nargs == 0)) return MS_INFER_UNKNOWN;
  bool from_body = ms_sop_int(in, "results_from_body", 0) != 0 && body->nyields == in->noperands;
  /* At the refined shapes the results come first: --tosa-infer-shapes
  ** refines them before the verifier runs again (structured.c keeps them
  ** when a region op's refined types then break it). */
  if (from_body && !in->at_declared && !loop_results(in, out, true)) return MS_INFER_UNKNOWN;
  char a[480], b[480];
  const char *what = NULL;
  const ms_shape *other = NULL;
  int nother = 0;
  if (!all_compatible(in->operands, in->noperands, cond->args, cond->nargs))
    what = "condition block arguments", other = cond->args, nother = cond->nargs;
  else if (!all_compatible(in->operands, in->noperands, body->args, body->nargs))
    what = "body block arguments", other = body->args, nother = body->nargs;
  else if (!all_compatible(in->operands, in->noperands, body->yields, body->nyields))
    what = "body block return types", other = body->yields, nother = body->nyields;
  if (what) {
    list_types(in->operands, in->noperands, a, sizeof a);
    list_types(other, nother, b, sizeof b);
    return ms_sop_fail(out, CODE_REGION, -1, "expect operands to be compatible with %s but got %s vs %s", what, a, b);
  }
  if (in->at_declared && ms_sop_int(in, "results_match_operands", 0) &&
      !all_compatible(in->operands, in->noperands, in->results, in->nresults)) {
    list_types(in->operands, in->noperands, a, sizeof a);
    list_types(in->results, in->nresults, b, sizeof b);
    return ms_sop_fail(out, CODE_REGION, -1, "require same shapes for the operands (%s) and the results (%s)", a, b);
  }
  if (cond->nyields != 1)
    return ms_sop_fail(out, CODE_REGION, -1, "expect condition body returns a single value but got %d", cond->nyields);
  const ms_shape *c = &cond->yields[0];
  if (ms_sop_int(in, "size_one_condition", 0)) {
    if (!one_element(c)) {
      ms_shape_format_type(c, a, sizeof a);
      return ms_sop_fail(out, CODE_REGION, -1, "the condition region's result must be a size 1 tensor, got '%s'", a);
    }
  } else if (c->ranked && (c->rank != 0 || (plain(c->elem) && strcmp(c->elem, "i1")))) {
    ms_shape_format_type(c, a, sizeof a);
    return ms_sop_fail(out, CODE_REGION, -1, "expect condition block return a zero-ranked tensor of i1 but got '%s'", a);
  }
  if (!(from_body && !in->at_declared) && !loop_results(in, out, from_body))
    return MS_INFER_UNKNOWN;
  /* What the body returns, refined, must still fit the operands (the
  ** verifier runs again on what --tosa-infer-shapes refined). */
  if (from_body && !in->at_declared && ms_sop_int(in, "results_match_operands", 0) &&
      !all_compatible(in->operands, in->noperands, out->results, out->nresults)) {
    list_types(in->operands, in->noperands, a, sizeof a);
    list_types(out->results, out->nresults, b, sizeof b);
    return ms_sop_fail(out, CODE_REGION, -1, "require same shapes for the operands (%s) and the results (%s)", a, b);
  }
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_control[] = {
    {"conditional", conditional, "branch_arguments,against_results"},
    {"while", while_loop, "results_match_operands,size_one_condition,results_from_body,shared_arguments"},
    {NULL, NULL, NULL},
};
