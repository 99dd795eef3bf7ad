/*
** sop_case.h: a small builder of structured-op cases for the unit tests of
** the algebra's families (test_gather.c, test_movement.c, ...).
**
**   sop_case c = {0};
**   sc_op(&c, "tensor<3x4x2xi32>");      operands in order, MLIR types
**   sc_list(&c, "offset_dims", "2, 3");  a parameter: integers ("" empty)
**   sc_str(&c, "fft_type", "RFFT");      a string parameter
**   sc_res(&c, "tensor<?xf32>");         declared results (optional)
**   sc_ok(&c, "gather", "tensor<2x3xf32>");  runs, asserts OK and result 0
**   sc_fails(&c, "gather", "index-dims");     runs, asserts INVALID and code
**   sc_passes(&c, "gather");             runs, asserts OK (results unread)
**   sc_region(&c, 1, 1, "tensor<f32>", "tensor<i1>");  a region: its
**       block arguments' types, then its yields' (kept in c.rshapes)
**   sc_opaque_res(&c, "!stablehlo.future<tensor<2xf32>>");  an opaque result
**
** sc_run judges as the verifier's pass (declared operands, with
** provenance); a case started with sc_plain() judges as the inference pass
** over inferred operands (no provenance, at_declared false) unless the test
** sets c.inferred = false. The one case builder of the family tests (the
** former sop_helpers.h of test_contraction.c, test_convolution.c, ... is
** this header too: sc_vlist, sc_dims). A case whose regions or opaque
** results the header holds points into itself: reset it (memset, sc_plain,
** = (sop_case){0}), never copy it.
*/
#ifndef SOP_CASE_H
#define SOP_CASE_H

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sop.h"

/* The room a case has for operands, results and region types: past the
** algebra's inline sizes (a while of 20 loop values, test_hlo_loops.c). */
#define SC_ROOM 32
#define SC_REGION_SHAPES 96

typedef struct sop_case {
  ms_shape ops[SC_ROOM];
  int nops;
  ms_shape res[SC_ROOM];
  int nres;
  ms_sop_param params[MS_SOP_MAX_PARAMS];
  int nparams;
  int nregions;
  const ms_sop_region *regions;
  const ms_shape *opaque_results; /* per result, NULL for none (ms_sop_in) */
  const ms_sop_inner *inner;      /* the op inside the regions, NULL for none (ms_sop_in) */
  ms_sop_region rlist[4];         /* sc_region's regions ... */
  ms_shape rshapes[SC_REGION_SHAPES]; /* ... and their types, in order */
  int nrshapes;
  ms_shape opaque[SC_ROOM];       /* sc_opaque_res's types */
  bool no_provenance;                  /* sc_plain(): the inference pass ... */
  bool inferred;                       /* ... over inferred operands (at_declared false) */
  ms_sop_in in;
  ms_sop_out out;
  ms_shape out_res[SC_ROOM];      /* out's room (sc_run binds it) */
  char notes[SC_ROOM][MS_SOP_NOTE_LEN];
  char buf[256];
} sop_case;

/* Parses an MLIR type into *s (asserted). */
static inline void sc_shape(ms_shape *s, const char *type) {
  char err[128] = "";
  cr_assert(ms_shape_parse_type(s, type, strlen(type), err, sizeof err), "%s: %s", type, err);
}

static inline void sc_op(sop_case *c, const char *type) {
  cr_assert(c->nops < SC_ROOM, "too many operands");
  sc_shape(&c->ops[c->nops++], type);
}

static inline void sc_res(sop_case *c, const char *type) {
  cr_assert(c->nres < SC_ROOM, "too many results");
  sc_shape(&c->res[c->nres++], type);
}

/* Appends a region of nargs block arguments and nyields yielded values:
** their types follow, arguments first. c.rshapes holds them in order, so a
** test may retype one (sc_shape(&c.rshapes[i], ...)) before the next run. */
static inline ms_sop_region *sc_region(sop_case *c, int nargs, int nyields, ...) {
  cr_assert(c->nregions < 4 && c->nrshapes + nargs + nyields <= SC_REGION_SHAPES, "too many regions or region types");
  ms_shape *first = &c->rshapes[c->nrshapes];
  va_list ap;
  va_start(ap, nyields);
  for (int i = 0; i < nargs + nyields; i++) sc_shape(&c->rshapes[c->nrshapes++], va_arg(ap, const char *));
  va_end(ap);
  ms_sop_region *r = &c->rlist[c->nregions++];
  *r = (ms_sop_region){nargs, nargs ? first : NULL, nyields, nyields ? first + nargs : NULL};
  c->regions = c->rlist;
  return r;
}

/* Appends a result whose type is opaque (not a shaped type), e.g. a future:
** what ms_shape_parse_type makes of it, even when it does not read it. */
static inline void sc_opaque_res(sop_case *c, const char *type) {
  ms_shape_parse_type(&c->opaque[c->nres++], type, strlen(type), NULL, 0);
  c->opaque_results = c->opaque;
}

/* Starts c over as the inference pass judges (see the head). */
static inline void sc_plain(sop_case *c) {
  memset(c, 0, sizeof *c);
  c->no_provenance = c->inferred = true;
}

/* Operands in order, NULL-terminated: sc_ops(&c, "tensor<2xf32>", "none", NULL). */
static inline void sc_ops(sop_case *c, ...) {
  va_list ap;
  va_start(ap, c);
  for (const char *t; (t = va_arg(ap, const char *));) sc_op(c, t);
  va_end(ap);
}

static inline ms_sop_param *sc_param(sop_case *c, const char *name) {
  ms_sop_param *p = &c->params[c->nparams++];
  memset(p, 0, sizeof *p);
  p->name = name;
  p->present = true;
  return p;
}

static inline void sc_list(sop_case *c, const char *name, const char *ints) {
  ms_sop_param *p = sc_param(c, name);
  const char *s = ints;
  while (*s) {
    char *end;
    long long v = strtoll(s, &end, 10);
    if (end == s) {
      s++;
      continue;
    }
    p->v[p->n++] = v;
    s = end;
  }
}

/* A list parameter of n int values with its literal's shape: {n} or, when
** pairs, {n / 2, 2} (as sop_params.c gives a dense attribute). */
static inline void sc_vlist(sop_case *c, const char *name, bool pairs, int n, ...) {
  ms_sop_param *p = sc_param(c, name);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) p->v[i] = va_arg(ap, int);
  va_end(ap);
  p->n = n;
  p->nshape = pairs ? 2 : 1;
  p->shape[0] = pairs ? n / 2 : n;
  p->shape[1] = 2;
}

/* The convolution dimension numbers of an NHWC input, HWIO kernel and NHWC
** output (test_convolution.c, test_corpus_gaps.c). */
static inline void sc_nhwc_hwio(sop_case *c) {
  sc_vlist(c, "input_batch_dimension", false, 1, 0);
  sc_vlist(c, "input_feature_dimension", false, 1, 3);
  sc_vlist(c, "input_spatial_dimensions", false, 2, 1, 2);
  sc_vlist(c, "kernel_input_feature_dimension", false, 1, 2);
  sc_vlist(c, "kernel_output_feature_dimension", false, 1, 3);
  sc_vlist(c, "kernel_spatial_dimensions", false, 2, 0, 1);
  sc_vlist(c, "output_batch_dimension", false, 1, 0);
  sc_vlist(c, "output_feature_dimension", false, 1, 3);
  sc_vlist(c, "output_spatial_dimensions", false, 2, 1, 2);
}

static inline void sc_str(sop_case *c, const char *name, const char *value) {
  ms_sop_param *p = sc_param(c, name);
  snprintf(p->str, sizeof p->str, "%s", value);
}

/* Clears c->out, its room the case's own (out_res, notes). */
static inline void sc_clear_out(sop_case *c) {
  memset(c->out_res, 0, sizeof c->out_res);
  memset(c->notes, 0, sizeof c->notes);
  c->out = (ms_sop_out){.room = SC_ROOM, .results = c->out_res, .provenance = c->notes, .operand = -1};
}

static inline ms_infer_verdict sc_run(sop_case *c, const char *fn_name) {
  const ms_sop_def *def = ms_sop_lookup(fn_name, strlen(fn_name));
  cr_assert(def, "no shape function %s", fn_name);
  ms_sop_fn fn = def->fn;
  c->in = (ms_sop_in){c->nops,           c->ops,      c->nres,    c->res,       c->nparams,       c->params,
                      !c->no_provenance, c->nregions, c->regions, !c->inferred, c->opaque_results, c->inner};
  sc_clear_out(c);
  ms_infer_verdict v = fn(&c->in, &c->out);
  if (v == MS_INFER_INVALID || v == MS_INFER_INVALID_RESULT) cr_assert(c->out.code && c->out.why[0]);
  return v;
}

static inline const char *sc_result(sop_case *c, int i) {
  cr_assert(i < c->out.nresults, "result %d of %d", i, c->out.nresults);
  ms_shape_format_type(&c->out.results[i], c->buf, sizeof c->buf);
  return c->buf;
}

/* Result i's dims as "2x?x3" ("scalar" for rank 0). */
static inline const char *sc_dims(sop_case *c, int i) {
  cr_assert(i < c->out.nresults, "result %d of %d", i, c->out.nresults);
  ms_shape_format(&c->out.results[i], c->buf, sizeof c->buf);
  return c->buf;
}

/* Runs fn and asserts an OK verdict whose result 0 is the type want. */
static inline void sc_ok(sop_case *c, const char *fn, const char *want) {
  cr_assert_eq(sc_run(c, fn), MS_INFER_OK, "%s: %s", fn, c->out.why);
  cr_assert_str_eq(sc_result(c, 0), want, "%s", fn);
}

/* Runs fn and asserts an OK verdict (its results left to the test). */
static inline void sc_passes(sop_case *c, const char *fn) {
  cr_assert_eq(sc_run(c, fn), MS_INFER_OK, "%s: %s", fn, c->out.why);
}

/* Runs fn and asserts an invalid verdict with that code. */
static inline void sc_fails(sop_case *c, const char *fn, const char *code) {
  ms_infer_verdict v = sc_run(c, fn);
  cr_assert(v == MS_INFER_INVALID || v == MS_INFER_INVALID_RESULT, "verdict %d", v);
  cr_assert_str_eq(c->out.code, code, "%s", c->out.why);
}

#endif
