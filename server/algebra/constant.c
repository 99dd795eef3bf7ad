/*
** constant.c: the constant family of structured ops (sop.h): constants
** and the element types of quantized values (uniform_quantize, below).
**
** constant (StableHLO ConstantOp::inferReturnTypes, its ODS result type
** HLO_StaticShapeTensor, and MLIR's elements attributes): the result has
** the type of its `value` literal, which must be statically shaped (MLIR
** rejects `dense<1> : tensor<?xi32>`), and the declared result must be
** statically shaped too. Parameter: value_type (the literal's type, read
** with the format "type": its dims, `?` as -1). The pretty form
** `stablehlo.constant dense<1> : T` writes one type for both, so it gives
** no value_type and a dynamic T is the literal's fault. Nothing more is
** inferred than what is declared: constants stay barriers. The literal's
** element type is the result's (a quantized result's storage type).
*/
#include "sop_check.h"

#include <string.h>

#define CODE_NOT_STATIC "not-static"
#define CODE_RESULT_TYPE "result-type"

static bool any_dynamic(const int64_t *dims, int n) {
  for (int i = 0; i < n; i++)
    if (dims[i] == MS_DIM_DYNAMIC) return true;
  return false;
}

/* The element type the literal must have for a declared result of element
** type e (ConstantOp::isCompatibleReturnTypes: the literal's type equals
** the result's, a quantized result compared through its storage type,
** `!quant.uniform<i8:f32, ...>` stores i8); "" when not judged (other
** dialect types, unsigned `u8` storage, text that may be truncated). */
static void stored_elem(const char *e, char *out, size_t n) {
  out[0] = 0;
  size_t len = strlen(e);
  if (len + 1 >= sizeof ((ms_shape *)0)->elem) return;
  if (!strncmp(e, "!quant.uniform<", 15)) {
    e += 15;
    size_t k = strcspn(e, ":<>, ");
    if (e[0] != 'i' || k < 2 || k >= n || (e[k] != ':' && e[k] != '<')) return;
    memcpy(out, e, k);
    out[k] = 0;
    return;
  }
  if (strchr(e, '!') || strchr(e, ' ') || len >= n) return;
  memcpy(out, e, len + 1);
}

static ms_infer_verdict constant(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nresults != 1) return MS_INFER_UNKNOWN;
  const ms_sop_param *vt = ms_sop_get(in, "value_type");
  if (vt && any_dynamic(vt->v, vt->n))
    return ms_sop_fail(out, CODE_NOT_STATIC, -1, "elements literal type must have static shape");
  const ms_shape *r = &in->results[0];
  /* An unranked declared result may be one the analyzer does not show (a
  ** type that is not shaped): not judged. */
  if (r->ranked && r->kind == MS_TYPE_TENSOR && any_dynamic(r->dims, r->rank))
    return ms_sop_fail(out, CODE_NOT_STATIC, -1,
                       vt ? "op result #0 must be statically shaped tensor" : "elements literal type must have static shape");
  char want[32];
  stored_elem(r->elem, want, sizeof want);
  if (vt && r->kind == MS_TYPE_TENSOR && want[0] && vt->str[0] && strlen(vt->str) < sizeof vt->str - 1 &&
      !strchr(vt->str, '!') && strcmp(vt->str, want) != 0)
    return ms_sop_fail(out, CODE_RESULT_TYPE, -1, "the value literal has %s elements but the result stores %s",
                       vt->str, want);
  ms_sop_result_begin(out, 0, r);
  out->nresults = 1;
  if (!vt) {
    out->results[0].ranked = false;
    out->unchecked_results = true;
    return MS_INFER_OK;
  }
  for (int i = 0; i < vt->n; i++) ms_sop_result_push(out, 0, vt->v[i], MS_DIM_DYNAMIC);
  if (in->want_provenance) ms_sop_note(out, 0, "the type of the value literal");
  return MS_INFER_OK;
}

/* A `!quant.uniform<S[<min:max>]:E...>` element type's expressed type E
** into out; "" when e is not one whole such type. */
static void expressed_elem(const char *e, char *out, size_t n) {
  out[0] = 0;
  if (strncmp(e, "!quant.uniform<", 15) || strlen(e) + 1 >= sizeof ((ms_shape *)0)->elem) return;
  const char *p = e + 15;
  int depth = 0;
  for (; *p && !(depth == 0 && *p == ':'); p++) depth += (*p == '<') - (*p == '>');
  if (*p != ':') return;
  size_t k = strcspn(++p, ":,> ");
  if (k == 0 || k >= n || (p[k] != ':' && p[k] != ',')) return;
  memcpy(out, p, k);
  out[k] = 0;
}

static bool float_elem(const char *e) { return (e[0] == 'f' && e[1] >= '0' && e[1] <= '9') || !strcmp(e, "bf16") || !strcmp(e, "tf32"); }

/* uniform_quantize (TypeInference.cpp inferUniformQuantizeOp,
** verifyUniformQuantizeOp): the result has the operand's shape, and its
** quantized element type expresses the operand's float element type (or
** the operand's own expressed type when it is quantized). Element types
** that are not read whole are not judged. */
static ms_infer_verdict uniform_quantize(const ms_sop_in *in, ms_sop_out *out) {
  if (in->noperands != 1 || in->nresults != 1 || !in->operands[0].ranked) return MS_INFER_UNKNOWN;
  const ms_shape *x = &in->operands[0], *r = &in->results[0];
  char got[32], want[32] = "";
  expressed_elem(r->elem, got, sizeof got);
  if (float_elem(x->elem) && strlen(x->elem) < sizeof want) memcpy(want, x->elem, strlen(x->elem) + 1);
  else expressed_elem(x->elem, want, sizeof want);
  if (r->kind == MS_TYPE_TENSOR && got[0] && want[0] && strcmp(got, want) != 0)
    return ms_sop_fail(out, CODE_RESULT_TYPE, -1, "Expressed type of result expected to be '%s', but got '%s'", want,
                       got);
  ms_sop_result(&out->results[0], x, x->rank);
  out->nresults = 1;
  for (int i = 0; i < x->rank; i++) ms_sop_copy_dim(&out->results[0], i, x, i);
  if (in->want_provenance) ms_sop_note(out, 0, "the operand's shape");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_constant[] = {
    {"constant", constant, "value_type"},
    {"uniform_quantize", uniform_quantize, ""},
    {NULL, NULL, NULL},
};
