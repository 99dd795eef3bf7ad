/*
** sop_helpers.h: building structured-op inputs in unit tests (shapes from
** text, parameters from integer lists) for the family tests
** (test_contraction.c, test_convolution.c, test_window.c).
*/
#ifndef SOP_HELPERS_H
#define SOP_HELPERS_H

#include <stdarg.h>
#include <string.h>

#include "sop.h"

typedef struct sop_case {
  ms_shape ops[MS_SOP_MAX_OPERANDS];
  ms_shape res[MS_SOP_MAX_RESULTS];
  ms_sop_param params[MS_SOP_MAX_PARAMS];
  ms_sop_in in;
  ms_sop_out out;
} sop_case;

static inline void sop_init(sop_case *c) {
  memset(c, 0, sizeof *c);
  c->in.operands = c->ops;
  c->in.results = c->res;
  c->in.params = c->params;
}

static inline void sop_operand(sop_case *c, const char *type) {
  ms_shape_parse_type(&c->ops[c->in.noperands++], type, strlen(type), NULL, 0);
}

/* A list parameter of n values (a nested {rows, 2} shape when pairs). */
static inline void sop_list(sop_case *c, const char *name, bool pairs, int n, ...) {
  ms_sop_param *p = &c->params[c->in.nparams++];
  p->name = name;
  p->present = true;
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) p->v[i] = va_arg(ap, int);
  va_end(ap);
  p->n = n;
  p->nshape = pairs ? 2 : 1;
  p->shape[0] = pairs ? n / 2 : n;
  p->shape[1] = 2;
}

static inline ms_infer_verdict sop_run(sop_case *c, const char *fn) {
  const ms_sop_def *d = ms_sop_lookup(fn, strlen(fn));
  if (!d) return MS_INFER_UNKNOWN;
  c->out.operand = -1;
  return d->fn(&c->in, &c->out);
}

/* The inferred result r as "2x?x3". */
static inline const char *sop_result(sop_case *c, int r, char *buf, size_t n) {
  ms_shape_format(&c->out.results[r], buf, n);
  return buf;
}

#endif
