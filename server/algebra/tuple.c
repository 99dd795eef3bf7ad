/*
** tuple.c: the tuple family of structured ops (sop.h): tuples and their
** elements, and the buffer custom calls that pin a tensor to a memref.
**
** A `tuple<A, B, ...>` operand or result is not a shaped type: the
** analyzer hands it over as kind MS_TYPE_OTHER with its text in elem
** (truncated to 63 bytes; a truncated text is only read up to its last
** whole element, and its element count is then not known).
**   - get_tuple_element (StableHLO inferGetTupleElementOp): `index` below
**     the tuple's size (get_tuple_element_c1); the result is element
**     `index` (c2), compared with the declared result like any inferred
**     type. Parameter: index.
**   - tuple (inferTupleOp): the result is the tuple of the operands' types
**     (tuple_c1): a declared `tuple<...>` with another element count, or
**     an element whose shape contradicts its operand's, is rejected.
**   - buffer_pinning (StableHLO CustomCallOp::verify, targets "Pin" and
**     "Unpin"): Pin takes one tensor and gives one memref, Unpin the
**     reverse, of compatible shapes and one element type; any other
**     target is not judged (custom calls stay barriers). Parameter:
**     call_target_name (a string).
** Element types are compared only where both are plain builtin types.
*/
#include "sop_check.h"

#include <ctype.h>
#include <string.h>

#define CODE_TUPLE_INDEX "tuple-index"
#define CODE_PINNING "buffer-pinning"
#define CODE_RESULT "result-shape"

#define MAX_ELEMENTS 16

/* The elements of a `tuple<...>` text: their spans, how many, and whether
** the list is whole (the text not truncated). False when t is not a tuple. */
typedef struct tuple_elems {
  const char *at[MAX_ELEMENTS];
  size_t len[MAX_ELEMENTS];
  int n;
  bool whole;
} tuple_elems;

static void trim(const char **s, size_t *n) {
  while (*n && isspace((unsigned char)**s)) (*s)++, (*n)--;
  while (*n && isspace((unsigned char)(*s)[*n - 1])) (*n)--;
}

static void push_elem(tuple_elems *t, const char *s, size_t n) {
  trim(&s, &n);
  if (!n || t->n >= MAX_ELEMENTS) {
    t->whole = false;
    return;
  }
  t->at[t->n] = s;
  t->len[t->n++] = n;
}

static bool tuple_split(const ms_shape *s, tuple_elems *t) {
  t->n = 0;
  t->whole = false;
  if (s->kind != MS_TYPE_OTHER || strncmp(s->elem, "tuple<", 6)) return false;
  const char *p = s->elem + 6, *start = p;
  int depth = 0;
  for (; *p; p++) {
    if (*p == '<' || *p == '(' || *p == '[' || *p == '{') depth++;
    else if ((*p == ')' || *p == ']' || *p == '}') && depth > 0) depth--;
    else if (*p == '>' && depth > 0 && p[-1] != '-') depth--;
    else if (*p == '>' && depth == 0) {
      t->whole = p[1] == 0;
      if (p > start || t->n > 0) push_elem(t, start, (size_t)(p - start));
      return t->whole;
    } else if (*p == ',' && depth == 0) {
      push_elem(t, start, (size_t)(p - start));
      start = p + 1;
    }
  }
  return true; /* truncated: the elements before the last comma are whole */
}

/* Element i parsed as a type; false when it is not readable. */
static bool element(const tuple_elems *t, int i, ms_shape *out) {
  return i >= 0 && i < t->n && ms_shape_parse_type(out, t->at[i], t->len[i], NULL, 0);
}

/* Plain builtin element types that differ (dialect or truncated types are
** not judged). */
static bool elems_differ(const char *a, const char *b) {
  if (!a[0] || !b[0] || strchr(a, '!') || strchr(b, '!') || strchr(a, '<') || strchr(b, '<')) return false;
  return strcmp(a, b) != 0;
}

/* Two shaped types that StableHLO's compatibility rejects: ranks or
** static dims that differ, or plain element types that differ. */
static bool incompatible(const ms_shape *a, const ms_shape *b) {
  if (a->kind == MS_TYPE_OTHER || b->kind == MS_TYPE_OTHER) return false;
  if (elems_differ(a->elem, b->elem)) return true;
  if (!a->ranked || !b->ranked) return false;
  return a->rank != b->rank || !ms_sop_shapes_compatible(a, b);
}

static ms_infer_verdict get_tuple_element(const ms_sop_in *in, ms_sop_out *out) {
  tuple_elems t;
  const ms_sop_param *ip = ms_sop_get(in, "index");
  if (in->noperands != 1 || in->nresults > 1 || !ip || ip->n != 1 || ip->v[0] < 0) return MS_INFER_UNKNOWN;
  if (!tuple_split(&in->operands[0], &t)) return MS_INFER_UNKNOWN;
  int64_t index = ip->v[0];
  if (index >= t.n) {
    if (!t.whole) return MS_INFER_UNKNOWN;
    return ms_sop_fail(out, CODE_TUPLE_INDEX, 0, "index %lld is out of bounds of operand with size %d",
                       (long long)index, t.n);
  }
  ms_shape e;
  if (!element(&t, (int)index, &e) || e.kind == MS_TYPE_OTHER || e.kind == MS_TYPE_NONE) return MS_INFER_UNKNOWN;
  if (in->nresults == 1 && (!in->opaque_results || in->opaque_results[0].kind != MS_TYPE_OTHER)) {
    char decl[160];
    ms_shape_format_type(&in->results[0], decl, sizeof decl);
    if (elems_differ(e.elem, in->results[0].elem))
      return ms_sop_fail(out, CODE_RESULT, -1, "inferred type(s) '%.*s' (tuple element %lld) are incompatible with "
                         "return type(s) of operation '%s'", (int)t.len[index], t.at[index], (long long)index, decl);
  }
  out->nresults = 1;
  out->results[0] = e;
  if (in->want_provenance) ms_sop_note(out, 0, "element %lld of the tuple operand", (long long)index);
  return MS_INFER_OK;
}

static ms_infer_verdict tuple(const ms_sop_in *in, ms_sop_out *out) {
  if (in->nresults != 1) return MS_INFER_UNKNOWN;
  tuple_elems t;
  const ms_shape *declared = in->opaque_results ? &in->opaque_results[0] : NULL;
  if (declared && tuple_split(declared, &t)) {
    if (t.whole && t.n != in->noperands)
      return ms_sop_fail(out, CODE_RESULT, -1, "inferred type(s) are incompatible with return type(s) of operation: "
                         "a tuple of %d operands declared as a tuple of %d elements", in->noperands, t.n);
    for (int i = 0; i < t.n && i < in->noperands; i++) {
      ms_shape e;
      if (element(&t, i, &e) && incompatible(&e, &in->operands[i]))
        return ms_sop_fail(out, CODE_RESULT, i, "inferred type(s) are incompatible with return type(s) of operation: "
                           "tuple element %d is declared '%.*s'", i, (int)t.len[i], t.at[i]);
    }
  }
  /* A tuple is not a shape: nothing to refine. */
  out->nresults = 1;
  out->results[0].kind = MS_TYPE_TENSOR;
  out->results[0].ranked = false;
  out->unchecked_results = true;
  return MS_INFER_OK;
}

static ms_infer_verdict buffer_pinning(const ms_sop_in *in, ms_sop_out *out) {
  const ms_sop_param *target = ms_sop_get(in, "call_target_name");
  if (!target) return MS_INFER_UNKNOWN;
  bool pin = !strcmp(target->str, "Pin"), unpin = !strcmp(target->str, "Unpin");
  if (!pin && !unpin) return MS_INFER_UNKNOWN;
  const char *name = pin ? "Pin" : "Unpin";
  ms_type_kind from = pin ? MS_TYPE_TENSOR : MS_TYPE_MEMREF, to = pin ? MS_TYPE_MEMREF : MS_TYPE_TENSOR;
  if (in->noperands != 1) return ms_sop_fail(out, CODE_PINNING, -1, "%s custom_call should have one input", name);
  if (in->operands[0].kind != from)
    return ms_sop_fail(out, CODE_PINNING, 0, "%s custom_call should have a %s input", name, pin ? "tensor" : "memref");
  if (in->nresults != 1) return ms_sop_fail(out, CODE_PINNING, -1, "%s custom_call should have one output", name);
  bool opaque = in->opaque_results && in->opaque_results[0].kind == MS_TYPE_OTHER;
  if (opaque || in->results[0].kind != to)
    return ms_sop_fail(out, CODE_PINNING, -1, "%s custom_call should have a %s output", name,
                       pin ? "memref" : "tensor");
  if (incompatible(&in->operands[0], &in->results[0]))
    return ms_sop_fail(out, CODE_PINNING, -1, "%s custom_call should have compatible input and output types", name);
  out->nresults = 1;
  out->results[0] = in->operands[0];
  out->results[0].kind = to;
  out->results[0].bounded = false;
  if (in->want_provenance) ms_sop_note(out, 0, "the %s input's shape", pin ? "tensor" : "memref");
  return MS_INFER_OK;
}

const ms_sop_def ms_sop_tuple[] = {
    {"get_tuple_element", get_tuple_element, "index," MS_SOP_COMMON_PARAMS},
    {"tuple", tuple, MS_SOP_COMMON_PARAMS},
    {"buffer_pinning", buffer_pinning, "call_target_name," MS_SOP_COMMON_PARAMS},
    {NULL, NULL, NULL},
};
