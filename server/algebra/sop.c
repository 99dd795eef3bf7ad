/*
** sop.c: the registry of structured-op shape functions and the helpers
** every family uses (sop.h).
**
** The registry is the list of family tables below, one line per family
** file; the catalog resolves an entry's "algebra" name here once, at load.
** Pure: no I/O, no allocation.
*/
#include "sop.h"
#include "sop_check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Each family file's table (sop.h), and the list of them: one line in
** each block per family. */
extern const ms_sop_def ms_sop_contraction[];
extern const ms_sop_def ms_sop_convolution[];
extern const ms_sop_def ms_sop_window[];
extern const ms_sop_def ms_sop_control[];

/* (s22-more's families below this line) */
extern const ms_sop_def ms_sop_gather[];
extern const ms_sop_def ms_sop_movement[];
extern const ms_sop_def ms_sop_dim_map[];
extern const ms_sop_def ms_sop_reduce[];
extern const ms_sop_def ms_sop_linalg[];
extern const ms_sop_def ms_sop_collective[];
extern const ms_sop_def ms_sop_framework[];          /* s27-torch: framework.c */
extern const ms_sop_def ms_sop_framework_movement[]; /* s27-torch: framework_movement.c */

/* (s27-onnx's frontend families below this line) */
extern const ms_sop_def ms_sop_nn[];
extern const ms_sop_def ms_sop_tensor_ops[];
extern const ms_sop_def ms_sop_indexing[];
extern const ms_sop_def ms_sop_stacking[];
extern const ms_sop_def ms_sop_tensor[];
extern const ms_sop_def ms_sop_linalg_named[];
extern const ms_sop_def ms_sop_vector[];
extern const ms_sop_def ms_sop_vector_maps[];
extern const ms_sop_def ms_sop_region_ops[]; /* s28-hlo: region_ops.c */
extern const ms_sop_def ms_sop_constant[];    /* s28-hlo: constant.c */
extern const ms_sop_def ms_sop_rearrange[]; /* s28-frontend: rearrange.c */
extern const ms_sop_def ms_sop_operand_traits[]; /* s29-frontend: operand_traits.c */
extern const ms_sop_def ms_sop_strided_slice[];   /* s29-frontend: strided_slice.c */
extern const ms_sop_def ms_sop_framework_tf[];    /* s29-frontend: framework_tf.c */
extern const ms_sop_def ms_sop_sequence[];        /* s30-frontend: sequence.c */
extern const ms_sop_def ms_sop_tuple[];           /* s31-hlo: tuple.c */
extern const ms_sop_def ms_sop_masked_op[];       /* s32-tosa: masked_op.c */

static const ms_sop_def *const families[] = {
    ms_sop_contraction,
    ms_sop_convolution,
    ms_sop_window,
    ms_sop_control,

    /* (s22-more's families below this line) */
    ms_sop_gather,
    ms_sop_movement,
    ms_sop_dim_map,
    ms_sop_reduce,
    ms_sop_linalg,
    ms_sop_collective,
    ms_sop_framework,
    ms_sop_framework_movement,

    /* (s27-onnx's frontend families below this line) */
    ms_sop_nn,
    ms_sop_tensor_ops,
    ms_sop_indexing,
    ms_sop_stacking,
    ms_sop_tensor,
    ms_sop_linalg_named,
    ms_sop_vector,
    ms_sop_vector_maps,
    ms_sop_region_ops,
    ms_sop_constant,
    ms_sop_rearrange,
    ms_sop_operand_traits,
    ms_sop_strided_slice,
    ms_sop_framework_tf,
    ms_sop_sequence,
    ms_sop_tuple,
    ms_sop_masked_op,

    NULL,
};

const ms_sop_def *ms_sop_at(size_t i) {
  for (size_t f = 0; families[f]; f++)
    for (const ms_sop_def *d = families[f]; d->name; d++)
      if (i-- == 0) return d;
  return NULL;
}

const ms_sop_def *ms_sop_lookup(const char *name, size_t len) {
  const ms_sop_def *d;
  for (size_t i = 0; (d = ms_sop_at(i)); i++)
    if (strlen(d->name) == len && !memcmp(d->name, name, len)) return d;
  return NULL;
}

const ms_sop_param *ms_sop_get(const ms_sop_in *in, const char *name) {
  for (int i = 0; i < in->nparams; i++)
    if (in->params[i].present && !strcmp(in->params[i].name, name)) return &in->params[i];
  return NULL;
}

const int64_t *ms_sop_list(const ms_sop_in *in, const char *name, int *n) {
  const ms_sop_param *p = ms_sop_get(in, name);
  *n = p ? p->n : 0;
  return p ? p->v : NULL;
}

int64_t ms_sop_int(const ms_sop_in *in, const char *name, int64_t dflt) {
  const ms_sop_param *p = ms_sop_get(in, name);
  return p && p->n > 0 ? p->v[0] : dflt;
}

ms_infer_verdict ms_sop_fail(ms_sop_out *out, const char *code, int operand, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(out->why, sizeof out->why, fmt, ap);
  va_end(ap);
  if (k >= (int)sizeof out->why) memcpy(out->why + sizeof out->why - 4, "...", 4); /* cut, and says so */
  out->code = code;
  out->operand = operand;
  return MS_INFER_INVALID;
}

void ms_sop_warn(ms_sop_out *out, const char *code, int operand, const char *fmt, ...) {
  if (out->warn_code) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out->warn_why, sizeof out->warn_why, fmt, ap);
  va_end(ap);
  out->warn_code = code;
  out->warn_operand = operand;
}

void ms_sop_note(ms_sop_out *out, int r, const char *fmt, ...) {
  if (r < 0 || r >= out->room || !out->provenance) return;
  char *p = out->provenance[r];
  size_t used = strlen(p), cap = sizeof out->provenance[r];
  if (used && used + 2 < cap) {
    memcpy(p + used, "; ", 3);
    used += 2;
  }
  if (used + 1 >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p + used, cap - used, fmt, ap);
  va_end(ap);
}

const char *ms_sop_format_list(const int64_t *v, int n, char *buf, size_t len) {
  size_t w = 0;
  if (len == 0) return buf;
  buf[0] = 0;
  w += (size_t)snprintf(buf, len, "[");
  for (int i = 0; i < n && w < len; i++) w += (size_t)snprintf(buf + w, len - w, "%s%lld", i ? ", " : "", (long long)v[i]);
  if (w < len) snprintf(buf + w, len - w, "]");
  return buf;
}

int64_t ms_sop_bound(const ms_shape *s, int i) {
  return s->bounded && s->ranked && i >= 0 && i < s->rank ? s->bounds[i] : MS_DIM_DYNAMIC;
}

void ms_sop_result_begin(ms_sop_out *out, int r, const ms_shape *base) {
  if (r < 0 || r >= out->room) return; /* the function checks the room first; this only guards */
  ms_shape *s = &out->results[r];
  memset(s, 0, sizeof *s);
  s->kind = base ? base->kind : MS_TYPE_TENSOR;
  if (s->kind == MS_TYPE_OTHER || s->kind == MS_TYPE_NONE) s->kind = MS_TYPE_TENSOR;
  if (base) memcpy(s->elem, base->elem, sizeof s->elem);
  s->ranked = true;
  if (out->nresults <= r) out->nresults = r + 1;
}

bool ms_sop_result_push(ms_sop_out *out, int r, int64_t size, int64_t bound) {
  if (r < 0 || r >= out->room) return false;
  ms_shape *s = &out->results[r];
  if (s->rank >= MS_MAX_RANK) return false;
  if (size != MS_DIM_DYNAMIC) bound = MS_DIM_DYNAMIC;
  if (bound != MS_DIM_DYNAMIC && !s->bounded) {
    s->bounded = true;
    for (int i = 0; i < s->rank; i++) s->bounds[i] = MS_DIM_DYNAMIC;
  }
  s->dims[s->rank] = size;
  s->bounds[s->rank] = bound;
  s->rank++;
  return true;
}

bool ms_sop_merge_dim(int64_t a, int64_t b, int64_t ab, int64_t bb, int64_t *size, int64_t *bound) {
  *size = MS_DIM_DYNAMIC;
  *bound = MS_DIM_DYNAMIC;
  if (a != MS_DIM_DYNAMIC || b != MS_DIM_DYNAMIC) {
    if (a != MS_DIM_DYNAMIC && b != MS_DIM_DYNAMIC && a != b) return false;
    *size = a != MS_DIM_DYNAMIC ? a : b;
    int64_t check = ab != MS_DIM_DYNAMIC ? ab : bb;
    return check == MS_DIM_DYNAMIC || *size <= check;
  }
  if (ab != MS_DIM_DYNAMIC && bb != MS_DIM_DYNAMIC) *bound = ab < bb ? ab : bb;
  else *bound = ab != MS_DIM_DYNAMIC ? ab : bb;
  return true;
}

bool ms_sop_dims_compatible(int64_t a, int64_t b) { return a == MS_DIM_DYNAMIC || b == MS_DIM_DYNAMIC || a == b; }

bool ms_sop_result_conflicts(const ms_shape *inferred, const ms_shape *declared) {
  if (!inferred->ranked || !declared->ranked) return false;
  if (inferred->rank != declared->rank) return true;
  for (int i = 0; i < inferred->rank; i++)
    if (!ms_sop_dims_compatible(inferred->dims[i], declared->dims[i])) return true;
  return false;
}

/* Plain builtin element types (f32, i8, bf16, index) compare by name;
** quantized and dialect types are not judged. */
static bool plain_elem(const char *e) { return e[0] && !strchr(e, '!') && !strchr(e, '<'); }

static bool same_elem(const ms_shape *a, const ms_shape *b) {
  return !plain_elem(a->elem) || !plain_elem(b->elem) || !strcmp(a->elem, b->elem);
}

/* A floating-point element type (f16, bf16, f32, f64, tf32, f8E4M3FN, ...). */
static bool float_elem(const char *e) {
  return (e[0] == 'f' && e[1] >= '0' && e[1] <= '9') || !strcmp(e, "bf16") || !strcmp(e, "tf32");
}

/* compatibleShapeAndElementType's element part with ignoreFpPrecision:
** two float types agree whatever their widths. */
static bool same_elem_any_fp(const ms_shape *a, const ms_shape *b) {
  return same_elem(a, b) || (float_elem(a->elem) && float_elem(b->elem));
}

static bool is_tensor(const ms_shape *s) { return s->kind == MS_TYPE_TENSOR; }

bool ms_sop_body_elems(const ms_sop_in *in, int region, int n, ms_sop_out *out) {
  if (!in->at_declared || region >= in->nregions || in->regions[region].nyields < n) return true;
  const ms_shape *ys = in->regions[region].yields;
  for (int r = 0; r < n && r < in->nresults; r++) {
    const ms_shape *decl = &in->results[r];
    if (!plain_elem(decl->elem) || !plain_elem(ys[r].elem) || !strcmp(decl->elem, ys[r].elem)) continue;
    char t[160];
    ms_shape_format_type(decl, t, sizeof t);
    return ms_sop_fail(out, MS_CODE_SOP_ELEMENT_TYPE, -1,
                       "inferred element type '%s' of result %d (the body returns it) is incompatible with return "
                       "type '%s'",
                       ys[r].elem, r, t),
           false;
  }
  return true;
}

#define CODE_REDUCER "reducer"

/* verifyReducerShape over the init values' shapes init[i] (init_operand[i]:
** the operand to blame, -1 for a scalar the verifier builds itself). */
static bool reducer(const ms_sop_in *in, int r, const int *inputs, const ms_shape *const *init_shape,
                    const int *init_operand, int n, const int64_t *allowed, int nallowed, ms_sop_out *out);

bool ms_sop_reducer(const ms_sop_in *in, int r, const int *inputs, const int *inits, int n, const int64_t *allowed,
                    int nallowed, ms_sop_out *out) {
  const ms_shape *init[MS_SOP_MAX_VALUES];
  if (n < 0 || n > MS_SOP_MAX_VALUES) return true;
  for (int i = 0; i < n; i++) init[i] = &in->operands[inits[i]];
  return reducer(in, r, inputs, init, inits, n, allowed, nallowed, out);
}

bool ms_sop_reducer_scalar(const ms_sop_in *in, int r, const int *inputs, int n, ms_sop_out *out) {
  ms_shape scalar[MS_SOP_MAX_OPERANDS];
  const ms_shape *init[MS_SOP_MAX_OPERANDS];
  int blame[MS_SOP_MAX_OPERANDS];
  if (n < 0 || n > MS_SOP_MAX_OPERANDS) return true;
  for (int i = 0; i < n; i++) {
    ms_sop_result(&scalar[i], &in->operands[inputs[i]], 0);
    scalar[i].kind = MS_TYPE_TENSOR;
    init[i] = &scalar[i];
    blame[i] = -1;
  }
  return reducer(in, r, inputs, init, blame, n, NULL, 0, out);
}

static bool reducer(const ms_sop_in *in, int r, const int *inputs, const ms_shape *const *init_shape,
                    const int *init_operand, int n, const int64_t *allowed, int nallowed, ms_sop_out *out) {
  if (r < 0 || r >= in->nregions || in->regions[r].nyields < 0) return true; /* not known: not judged */
  const ms_sop_region *g = &in->regions[r];
  char a[160], b[160];
  if (g->nargs != 2 * n)
    return ms_sop_fail(out, CODE_REDUCER, -1, "Reduction-region must take %d parameters, but takes %d parameter(s)",
                       2 * n, g->nargs),
           false;
  if (g->nyields == 0) return ms_sop_fail(out, CODE_REDUCER, -1, "The reduction-region expected to return some value(s)"), false;
  if (g->nyields != n)
    return ms_sop_fail(out, CODE_REDUCER, -1, "Reduction-region here must produce %d tensors, but produces %d instead", n,
                       g->nyields),
           false;
  for (int i = 0; i < n; i++)
    if (!is_tensor(&g->yields[i])) {
      ms_shape_format_type(&g->yields[i], a, sizeof a);
      return ms_sop_fail(out, CODE_REDUCER, -1,
                         "Reduction-region here must produce tensor-typed result(s), but produces '%s' instead", a),
             false;
    }
  for (int i = 0; i < n; i++) {
    const ms_shape *acc = &g->yields[i];
    for (int k = 0; k < 2; k++) {
      const ms_shape *arg = &g->args[k * n + i];
      if (ms_sop_result_conflicts(acc, arg) || !(k == 0 ? same_elem(acc, arg) : same_elem_any_fp(acc, arg))) {
        ms_shape_format_type(arg, a, sizeof a);
        ms_shape_format_type(acc, b, sizeof b);
        return ms_sop_fail(out, CODE_REDUCER, -1,
                           "The type of reduction-region's parameter at index %d is different than the "
                           "corresponding result type: '%s' vs '%s'",
                           k * n + i, a, b),
               false;
      }
    }
    const ms_shape *init = init_shape[i];
    if (ms_sop_result_conflicts(init, acc)) {
      ms_shape_format_type(acc, a, sizeof a);
      ms_shape_format_type(init, b, sizeof b);
      return ms_sop_fail(out, CODE_REDUCER, init_operand[i],
                         "The shape of reduction-region's result type at index %d differs from the op's "
                         "corresponding init-value type: '%s' vs '%s'",
                         i, a, b),
             false;
    }
    const ms_shape *arg = &g->args[n + i];
    if (!arg->ranked) continue;
    if (arg->rank > nallowed)
      return ms_sop_fail(out, CODE_REDUCER, -1,
                         "The rank of reduction-region's argument at index %d is expected to be <= %d, got %d", n + i,
                         nallowed, arg->rank),
             false;
    int k = 0;
    for (int d = 0; d < nallowed && k < arg->rank; d++)
      if (ms_sop_dims_compatible(allowed[d], arg->dims[k])) k++;
    if (k != arg->rank)
      return ms_sop_fail(out, CODE_REDUCER, inputs[i],
                         "The shape of reduction-region's argument at index %d is not compatible with that of "
                         "reduce-op's input-parameter at index %d",
                         n + i, i),
             false;
  }
  return true;
}

/* "operand_ranks": operand i must have rank v[i] (-1: any), as ODS types
** (`4-d tensor`) require; the result's rank too when "result_rank". */
bool ms_sop_check_ranks(const ms_sop_in *in, ms_sop_out *out) {
  int n;
  const int64_t *v = ms_sop_list(in, "operand_ranks", &n);
  char t[160];
  bool need_rank = ms_sop_int(in, "ranked_operands", 0) != 0;
  for (int i = 0; v && i < n && i < in->noperands; i++) {
    const ms_shape *s = &in->operands[i];
    if (v[i] < 0 || (!s->ranked && !need_rank) || (s->ranked && s->rank == v[i])) continue;
    ms_shape_format_type(s, t, sizeof t);
    ms_sop_fail(out, "operand-rank", i, "operand #%d must be %lld-d tensor, but got '%s'", i, (long long)v[i], t);
    return false;
  }
  int64_t rr = ms_sop_int(in, "result_rank", -1);
  for (int r = 0; rr >= 0 && r < in->nresults; r++) /* every result (rfft2d's two) */
    if (in->results[r].ranked && in->results[r].rank != rr) {
      ms_shape_format_type(&in->results[r], t, sizeof t);
      ms_sop_fail(out, "operand-rank", -1, "result #%d must be %lld-d tensor, but got '%s'", r, (long long)rr, t);
      return false;
    }
  return true;
}

int ms_sop_maps_decode(const ms_sop_param *p, ms_sop_map *m, int max) {
  int n = 0, at = 0;
  while (at < p->n) {
    if (n >= max || at + 3 > p->n) return -1;
    m[n] = (ms_sop_map){(int)p->v[at], (int)p->v[at + 1], (int)p->v[at + 2], p->v + at + 3};
    at += 3 + m[n].nres;
    if (at > p->n) return -1;
    n++;
  }
  return n;
}
