/*
** sop_case.h: a small builder of structured-op cases for the unit tests of
** the algebra's families (test_gather.c, test_movement.c, ...).
**
**   sop_case c = {0};
**   sc_op(&c, "tensor<3x4x2xi32>");      operands in order, MLIR types
**   sc_list(&c, "offset_dims", "2, 3");  a parameter: integers ("" empty)
**   sc_str(&c, "fft_type", "RFFT");      a string parameter
**   sc_res(&c, "tensor<?xf32>");         declared results (optional)
**   cr_assert_eq(sc_run(&c, "gather"), MS_INFER_OK);
**   cr_assert_str_eq(sc_result(&c, 0), "tensor<2x3xf32>");
*/
#ifndef SOP_CASE_H
#define SOP_CASE_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sop.h"

typedef struct sop_case {
  ms_shape ops[MS_SOP_MAX_OPERANDS];
  int nops;
  ms_shape res[MS_SOP_MAX_RESULTS];
  int nres;
  ms_sop_param params[MS_SOP_MAX_PARAMS];
  int nparams;
  ms_sop_in in;
  ms_sop_out out;
  char buf[256];
} sop_case;

static inline void sc_op(sop_case *c, const char *type) {
  char err[128] = "";
  cr_assert(ms_shape_parse_type(&c->ops[c->nops], type, strlen(type), err, sizeof err), "%s: %s", type, err);
  c->nops++;
}

static inline void sc_res(sop_case *c, const char *type) {
  char err[128] = "";
  cr_assert(ms_shape_parse_type(&c->res[c->nres], type, strlen(type), err, sizeof err), "%s: %s", type, err);
  c->nres++;
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

static inline void sc_str(sop_case *c, const char *name, const char *value) {
  ms_sop_param *p = sc_param(c, name);
  snprintf(p->str, sizeof p->str, "%s", value);
}

static inline ms_infer_verdict sc_run(sop_case *c, const char *fn_name) {
  const ms_sop_def *def = ms_sop_lookup(fn_name, strlen(fn_name));
  cr_assert(def, "no shape function %s", fn_name);
  ms_sop_fn fn = def->fn;
  c->in = (ms_sop_in){c->nops, c->ops, c->nres, c->res, c->nparams, c->params, true, 0, NULL, true, NULL};
  memset(&c->out, 0, sizeof c->out);
  c->out.operand = -1;
  ms_infer_verdict v = fn(&c->in, &c->out);
  if (v == MS_INFER_INVALID || v == MS_INFER_INVALID_RESULT) cr_assert(c->out.code && c->out.why[0]);
  return v;
}

static inline const char *sc_result(sop_case *c, int i) {
  cr_assert(i < c->out.nresults, "result %d of %d", i, c->out.nresults);
  ms_shape_format_type(&c->out.results[i], c->buf, sizeof c->buf);
  return c->buf;
}

/* Runs fn and asserts an invalid verdict with that code. */
static inline void sc_fails(sop_case *c, const char *fn, const char *code) {
  ms_infer_verdict v = sc_run(c, fn);
  cr_assert(v == MS_INFER_INVALID || v == MS_INFER_INVALID_RESULT, "verdict %d", v);
  cr_assert_str_eq(c->out.code, code, "%s", c->out.why);
}

#endif
