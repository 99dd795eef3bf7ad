/*
** framework_movement.c: data movement, reductions and indexing as PyTorch's
** ATen defines them (framework.h): view/reshape (InferSize.h infer_size),
** flatten, permute, transpose, squeeze, unsqueeze, reductions over a dim
** list (ReduceOpsUtils.h make_dim_mask), index_select, gather
** (ScatterGatherChecks.h), expand (ExpandUtils.cpp inferExpandGeometry),
** slice, narrow, embedding, softmax's dim and layer_norm
** (layer_norm.h _check_layer_norm_inputs). Dims wrap from the end; a
** dynamic size propagates as `?`, and an op whose result depends on a size
** not known (squeeze of a `?` dim) is not judged. Pure.
*/
#include "framework.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"

#define CODE_RANGE "dims-out-of-range"
#define CODE_ORDER "dims-order"
#define CODE_COUNT "dims-count"
#define CODE_RANK "operand-rank"
#define CODE_SHAPES "operand-shapes"
#define CODE_ELEMENTS "element-count"
#define CODE_BOUNDS "slice-out-of-bounds"
#define CODE_SIZES "size-list"

static ms_infer_verdict bad_dim(ms_sop_out *out, int64_t dim, int rank) {
  int n = rank > 0 ? rank : 1;
  return ms_sop_fail(out, CODE_RANGE, 0, "Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -n,
                     n - 1, (long long)dim);
}

/* Operand 0 ranked and a scalar parameter wrapped against its rank. */
#define WRAP(name, var, rank)                                                \
  int64_t var;                                                               \
  do {                                                                       \
    int64_t raw_;                                                            \
    if (!ms_fw_scalar(in, name, &raw_)) return MS_INFER_UNKNOWN;             \
    if (!ms_fw_wrap(raw_, rank, &var)) return bad_dim(out, raw_, rank);      \
  } while (0)

/* Whether an index tensor certainly has elements (every dim static > 0). */
static bool nonempty(const ms_shape *ix) {
  for (int i = 0; i < ix->rank; i++)
    if (ix->dims[i] == D || ix->dims[i] == 0) return false;
  return true;
}

/* Any index into a dim of size 0 is out of bounds (the CPU kernel raises
** on the index values; the meta kernel does not look at them). */
static ms_infer_verdict empty_dim(ms_sop_out *out, int operand, int64_t d) {
  return ms_sop_fail(out, CODE_BOUNDS, operand, "index out of bounds: dimension %lld has size 0 and the index tensor "
                     "is not empty", (long long)d);
}

/* view / reshape: "shape" with at most one -1 (infer_size). */
static ms_infer_verdict view(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *p = ms_sop_get(in, "shape");
  if (!p) return MS_INFER_UNKNOWN;
  int infer = -1;
  int64_t known = 1, dims[MS_MAX_RANK];
  if (p->n > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  for (int i = 0; i < p->n; i++) {
    dims[i] = p->v[i];
    if (p->v[i] == -1) {
      if (infer >= 0) return ms_sop_fail(out, CODE_SIZES, -1, "only one dimension can be inferred");
      infer = i;
    } else if (p->v[i] < 0) {
      return ms_sop_fail(out, CODE_SIZES, -1, "invalid shape dimension %lld", (long long)p->v[i]);
    } else {
      known *= p->v[i];
    }
  }
  if (!x) return MS_INFER_UNKNOWN;
  int64_t numel = ms_fw_numel(x->dims, x->rank);
  char buf[160];
  if (infer >= 0 && known == 0)
    return ms_sop_fail(out, CODE_SIZES, -1, "cannot reshape tensor of %s elements into shape %s because the "
                       "unspecified dimension size -1 can be any value and is ambiguous",
                       numel == D ? "?" : "0", ms_sop_format_list(p->v, p->n, buf, sizeof buf));
  if (numel != D && (infer >= 0 ? numel % known != 0 : numel != known))
    return ms_sop_fail(out, CODE_ELEMENTS, 0, "shape '%s' is invalid for input of size %lld",
                       ms_sop_format_list(p->v, p->n, buf, sizeof buf), (long long)numel);
  if (infer >= 0) dims[infer] = numel == D ? D : numel / known;
  return FW_EMIT(x, dims, p->n);
}

/* flatten from "start_dim" to "end_dim" (a scalar becomes [1]). */
static ms_infer_verdict flatten(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  if (!x) return MS_INFER_UNKNOWN;
  WRAP("start_dim", s, x->rank);
  WRAP("end_dim", e, x->rank);
  if (s > e) return ms_sop_fail(out, CODE_ORDER, -1, "flatten() has invalid args: start_dim cannot come after end_dim");
  int64_t one = 1, dims[MS_MAX_RANK];
  if (x->rank == 0) return FW_EMIT(x, &one, 1);
  int r = 0;
  for (int i = 0; i < s; i++) dims[r++] = x->dims[i];
  dims[r++] = ms_fw_numel(x->dims + s, (int)(e - s + 1));
  for (int i = (int)e + 1; i < x->rank; i++) dims[r++] = x->dims[i];
  return FW_EMIT(x, dims, r);
}

/* permute by "permutation" (each dim wrapped, all distinct). */
static ms_infer_verdict permute(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *p = ms_sop_get(in, "permutation");
  if (!x || !p) return MS_INFER_UNKNOWN;
  if (p->n != x->rank)
    return ms_sop_fail(out, CODE_COUNT, -1, "number of dims don't match in permute: %d dims for a %dD tensor", p->n,
                       x->rank);
  int64_t dims[MS_MAX_RANK];
  bool seen[MS_MAX_RANK] = {false};
  for (int i = 0; i < p->n; i++) {
    int64_t d;
    if (!ms_fw_wrap(p->v[i], x->rank, &d)) return bad_dim(out, p->v[i], x->rank);
    if (seen[d]) return ms_sop_fail(out, CODE_ORDER, -1, "repeated dim in permute");
    seen[d] = true;
    dims[i] = x->dims[d];
  }
  return FW_EMIT(x, dims, x->rank);
}

/* transpose "dim0" and "dim1". */
static ms_infer_verdict transpose2(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  if (!x) return MS_INFER_UNKNOWN;
  WRAP("dim0", a, x->rank);
  WRAP("dim1", b, x->rank);
  int64_t dims[MS_MAX_RANK];
  memcpy(dims, x->dims, (size_t)x->rank * sizeof dims[0]);
  if (x->rank) {
    dims[a] = x->dims[b];
    dims[b] = x->dims[a];
  }
  return FW_EMIT(x, dims, x->rank);
}

/* squeeze "dimension" (absent: every size-1 dim). */
static ms_infer_verdict squeeze(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  if (!x) return MS_INFER_UNKNOWN;
  int64_t dims[MS_MAX_RANK], only = -1;
  int r = 0;
  if (ms_sop_get(in, "dimension")) {
    WRAP("dimension", d, x->rank);
    only = d;
  } else if (ms_sop_int(in, "all", 0) == 0) {
    return MS_INFER_UNKNOWN;
  }
  for (int i = 0; i < x->rank; i++) {
    bool here = only < 0 || only == i;
    if (here && x->dims[i] == D) return MS_INFER_UNKNOWN;
    if (!(here && x->dims[i] == 1)) dims[r++] = x->dims[i];
  }
  return FW_EMIT(x, dims, r);
}

/* unsqueeze at "dimension" (wrapped against rank + 1). */
static ms_infer_verdict unsqueeze(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  if (!x || x->rank >= MS_MAX_RANK) return MS_INFER_UNKNOWN;
  WRAP("dimension", d, x->rank + 1);
  int64_t dims[MS_MAX_RANK];
  int r = 0;
  for (int i = 0; i <= x->rank; i++) {
    if (i == d) dims[r++] = 1;
    if (i < x->rank) dims[r++] = x->dims[i];
  }
  return FW_EMIT(x, dims, r);
}

/* A reduction over "dimensions" (empty or none: all), "keep_dims". */
static ms_infer_verdict reduce_dims(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *p = ms_sop_get(in, "dimensions");
  int64_t keep = 0;
  if (!x || !p || !ms_fw_scalar(in, "keep_dims", &keep)) return MS_INFER_UNKNOWN;
  bool mask[MS_MAX_RANK + 1] = {false};
  for (int i = 0; i < p->n; i++) {
    int64_t d;
    if (!ms_fw_wrap(p->v[i], x->rank, &d)) return bad_dim(out, p->v[i], x->rank);
    if (mask[d]) return ms_sop_fail(out, CODE_ORDER, -1, "dim %lld appears multiple times in the list of dims", (long long)d);
    mask[d] = true;
  }
  int64_t dims[MS_MAX_RANK];
  int r = 0;
  for (int i = 0; i < x->rank; i++) {
    bool red = p->n == 0 || mask[i];
    if (!red) dims[r++] = x->dims[i];
    else if (keep) dims[r++] = 1;
  }
  return FW_EMIT(x, dims, r);
}

/* index_select (self, dim, index): dim takes the index vector's length. */
static ms_infer_verdict index_select(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0), *ix = ms_fw_ranked(in, 2);
  if (ix && ix->rank > 1) return ms_sop_fail(out, CODE_RANK, 2, "index_select(): Index is supposed to be a vector");
  if (!x || !ix) return MS_INFER_UNKNOWN;
  WRAP("dimension", d, x->rank);
  int64_t dims[MS_MAX_RANK], n = ix->rank ? ix->dims[0] : 1;
  memcpy(dims, x->dims, (size_t)x->rank * sizeof dims[0]);
  if (x->rank == 0) {
    if (n != D && n != 1) return ms_sop_fail(out, CODE_SHAPES, 2, "index_select(): Index to scalar can have only 1 value");
    return FW_EMIT(x, dims, 0);
  }
  if (x->dims[d] == 0 && nonempty(ix)) return empty_dim(out, 2, d);
  dims[d] = n;
  return FW_EMIT(x, dims, x->rank);
}

/* gather (self, dim, index): index of self's rank, no larger than self
** except along dim; the result has the index's shape. */
static ms_infer_verdict gather_elements(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0), *ix = ms_fw_ranked(in, 2);
  if (!x || !ix) return MS_INFER_UNKNOWN;
  WRAP("dimension", d, x->rank);
  int xr = x->rank ? x->rank : 1, ir = ix->rank ? ix->rank : 1;
  if (xr != ir)
    return ms_sop_fail(out, CODE_RANK, 2, "Index tensor must have the same number of dimensions as input tensor");
  for (int i = 0; i < x->rank && ix->rank; i++)
    if (i != d && x->dims[i] != D && ix->dims[i] != D && ix->dims[i] > x->dims[i])
      return ms_sop_fail(out, CODE_SHAPES, 2, "Size does not match at dimension %d: index %lld is larger than self %lld", i,
                         (long long)ix->dims[i], (long long)x->dims[i]);
  if (x->rank && x->dims[d] == 0 && nonempty(ix)) return empty_dim(out, 2, d);
  return FW_EMIT(x, ix->dims, ix->rank);
}

/* expand / broadcast_to "shape": -1 keeps a dim; new dims lead. */
static ms_infer_verdict expand(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *p = ms_sop_get(in, "shape");
  if (!x || !p || p->n > MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (p->n < x->rank)
    return ms_sop_fail(out, CODE_SIZES, -1, "the number of sizes provided (%d) must be greater or equal to the number of "
                       "dimensions in the tensor (%d)", p->n, x->rank);
  int64_t dims[MS_MAX_RANK];
  int lead = p->n - x->rank;
  for (int i = 0; i < p->n; i++) {
    int64_t s = p->v[i], have = i >= lead ? x->dims[i - lead] : 1;
    if (i < lead && s < 0)
      return ms_sop_fail(out, CODE_SIZES, -1, "The expanded size of the tensor (%lld) isn't allowed in a leading, "
                         "non-existing dimension %d", (long long)s, i);
    if (s == -1) s = have;
    else if (s < 0) return ms_sop_fail(out, CODE_SIZES, -1, "invalid size %lld", (long long)s);
    else if (i >= lead && have != D && have != 1 && have != s)
      return ms_sop_fail(out, CODE_SIZES, 0, "The expanded size of the tensor (%lld) must match the existing size (%lld) "
                         "at non-singleton dimension %d", (long long)s, (long long)have, i);
    dims[i] = s;
  }
  return FW_EMIT(x, dims, p->n);
}

/* slice (self, dim, start, end, step): start/end none are 0/the end,
** negatives count from the end, both clamped. */
static ms_infer_verdict slice_step(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *ps = ms_sop_get(in, "start"), *pe = ms_sop_get(in, "limit");
  int64_t step;
  if (!x) return MS_INFER_UNKNOWN;
  if (x->rank == 0) return ms_sop_fail(out, CODE_RANK, 0, "slice() cannot be applied to a 0-dim tensor.");
  WRAP("dimension", d, x->rank);
  if (!ps || !pe || ps->n > 1 || pe->n > 1 || !ms_fw_scalar(in, "stride", &step)) return MS_INFER_UNKNOWN;
  if (step <= 0) return ms_sop_fail(out, CODE_BOUNDS, -1, "slice step must be positive");
  int64_t dims[MS_MAX_RANK], size = x->dims[d];
  memcpy(dims, x->dims, (size_t)x->rank * sizeof dims[0]);
  int64_t s = ps->n ? ps->v[0] : 0, e = pe->n ? pe->v[0] : INT64_MAX;
  if (size == D) {
    dims[d] = s >= 0 && e >= 0 && e <= s ? 0 : D;
    return FW_EMIT(x, dims, x->rank);
  }
  if (s < 0) s += size;
  if (e < 0) e += size;
  s = s < 0 ? 0 : s > size ? size : s;
  e = e < s ? s : e > size ? size : e;
  dims[d] = (e - s + step - 1) / step;
  return FW_EMIT(x, dims, x->rank);
}

/* narrow (self, dim, start, length). */
static ms_infer_verdict narrow(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  int64_t start, len;
  if (!x) return MS_INFER_UNKNOWN;
  if (x->rank == 0) return ms_sop_fail(out, CODE_RANK, 0, "narrow() cannot be applied to a 0-dim tensor.");
  WRAP("dimension", d, x->rank);
  if (!ms_fw_scalar(in, "length", &len)) return MS_INFER_UNKNOWN;
  if (len < 0) return ms_sop_fail(out, CODE_BOUNDS, -1, "narrow(): length must be non-negative.");
  int64_t dims[MS_MAX_RANK], size = x->dims[d];
  memcpy(dims, x->dims, (size_t)x->rank * sizeof dims[0]);
  dims[d] = len;
  /* A start not known (a value, not a constant): the length alone gives
  ** the dim; one past the dim's size fits at no start. */
  if (!ms_fw_scalar(in, "start", &start)) {
    if (size != D && len > size)
      return ms_sop_fail(out, CODE_BOUNDS, -1, "start (?) + length (%lld) exceeds dimension size (%lld).",
                         (long long)len, (long long)size);
    return FW_EMIT(x, dims, x->rank);
  }
  if (size == D) return FW_EMIT(x, dims, x->rank);
  if (start < -size || start > size)
    return ms_sop_fail(out, CODE_BOUNDS, -1, "start out of range (expected to be in range of [%lld, %lld], but got %lld)",
                       (long long)-size, (long long)size, (long long)start);
  if (start < 0) start += size;
  if (start + len > size)
    return ms_sop_fail(out, CODE_BOUNDS, -1, "start (%lld) + length (%lld) exceeds dimension size (%lld).",
                       (long long)start, (long long)len, (long long)size);
  return FW_EMIT(x, dims, x->rank);
}

/* embedding (weight, indices): a 2-d table; indices' shape + [dim]. */
static ms_infer_verdict embedding(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *w = ms_fw_ranked(in, 0), *ix = ms_fw_ranked(in, 1);
  if (w && w->rank != 2) return ms_sop_fail(out, CODE_RANK, 0, "'weight' must be 2-D");
  if (!w || !ix || ix->rank >= MS_MAX_RANK) return MS_INFER_UNKNOWN;
  if (w->dims[0] == 0 && nonempty(ix)) return empty_dim(out, 1, 0);
  int64_t dims[MS_MAX_RANK];
  memcpy(dims, ix->dims, (size_t)ix->rank * sizeof dims[0]);
  dims[ix->rank] = w->dims[1];
  return FW_EMIT(w, dims, ix->rank + 1);
}

/* An op over one "dimension" that keeps its operand's shape (softmax). */
static ms_infer_verdict along_dim(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  if (!x) return MS_INFER_UNKNOWN;
  WRAP("dimension", d, x->rank);
  (void)d;
  return FW_EMIT(x, x->dims, x->rank);
}

static bool is_shape(const ms_shape *s, const int64_t *v, int n) {
  if (s->rank != n) return false;
  for (int i = 0; i < n; i++)
    if (s->dims[i] != D && s->dims[i] != v[i]) return false;
  return true;
}

/* layer_norm (input, normalized_shape, weight, bias): the input's last
** dims are normalized_shape; weight and bias have exactly that shape. */
static ms_infer_verdict layer_norm(const ms_sop_in *in, ms_sop_out *out) {
  const ms_shape *x = ms_fw_ranked(in, 0);
  const ms_sop_param *p = ms_sop_get(in, "normalized_shape");
  if (!p) return MS_INFER_UNKNOWN;
  char buf[160];
  if (p->n < 1) return ms_sop_fail(out, CODE_SIZES, -1, "Expected normalized_shape to be at least 1-dimensional");
  for (int k = 2; k <= 3; k++)
    if (ms_fw_is_tensor(in, k) && in->operands[k].ranked && !is_shape(&in->operands[k], p->v, p->n))
      return ms_sop_fail(out, CODE_SHAPES, k, "Expected %s to be of same shape as normalized_shape %s",
                         k == 2 ? "weight" : "bias", ms_sop_format_list(p->v, p->n, buf, sizeof buf));
  if (!x) return MS_INFER_UNKNOWN;
  bool ok = x->rank >= p->n;
  for (int i = 0; ok && i < p->n; i++) {
    int64_t s = x->dims[x->rank - p->n + i];
    ok = s == D || s == p->v[i];
  }
  if (!ok)
    return ms_sop_fail(out, CODE_SHAPES, 0, "Given normalized_shape=%s, expected input with shape [*, ...] ending so",
                       ms_sop_format_list(p->v, p->n, buf, sizeof buf));
  return FW_EMIT(x, x->dims, x->rank);
}

/* The tensor operands (a list's elements, spliced in by the analyzer). */
static int tensors(const ms_sop_in *in, const ms_shape **t) {
  int n = 0;
  for (int i = 0; i < in->noperands; i++)
    if (ms_fw_is_tensor(in, i)) t[n++] = &in->operands[i];
  return n;
}

/* cat (tensors, dim): one rank (1-d tensors of size 0 are skipped, as
** PyTorch's legacy rule does), sizes equal but along dim, which adds up. */
static ms_infer_verdict concat_tensors(const ms_sop_in *in, ms_sop_out *out, const ms_shape **t, int n) {
  int first = -1;
  if (n == 0) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n; i++) {
    if (!t[i]->ranked) return MS_INFER_UNKNOWN;
    if (t[i]->rank == 0)
      return ms_sop_fail(out, CODE_RANK, i, "zero-dimensional tensor (at position %d) cannot be concatenated", i);
  }
  /* A 1-d tensor of size `?` beside tensors of another rank may be empty
  ** (skipped) or not (an error): not judged. */
  bool maybe_empty = false, other_rank = false;
  for (int i = 0; i < n; i++) {
    maybe_empty |= t[i]->rank == 1 && t[i]->dims[0] == D;
    other_rank |= t[i]->rank != 1;
  }
  if (maybe_empty && other_rank) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n && first < 0; i++)
    if (!(t[i]->rank == 1 && t[i]->dims[0] == 0)) first = i;
  if (first < 0) return FW_EMIT(t[0], t[0]->dims, 1);
  int r = t[first]->rank;
  WRAP("dimension", d, r);
  int64_t dims[MS_MAX_RANK];
  memcpy(dims, t[first]->dims, (size_t)r * sizeof dims[0]);
  for (int i = first + 1; i < n; i++) {
    if (t[i]->rank == 1 && t[i]->dims[0] == 0) continue;
    if (t[i]->rank != r)
      return ms_sop_fail(out, CODE_RANK, i, "Tensors must have same number of dimensions: got %d and %d", r, t[i]->rank);
    for (int k = 0; k < r; k++) {
      int64_t a = dims[k], b = t[i]->dims[k];
      if (k == d) {
        dims[k] = a == D || b == D ? D : a + b;
      } else if (a != D && b != D && a != b) {
        return ms_sop_fail(out, CODE_SHAPES, i, "Sizes of tensors must match except in dimension %lld. Expected size "
                           "%lld but got size %lld for tensor number %d in the list.", (long long)d, (long long)a,
                           (long long)b, i);
      } else if (a == D) {
        dims[k] = b;
      }
    }
  }
  return FW_EMIT(t[first], dims, r);
}

/* stack (tensors, dim): equal shapes; a new dim of their count at dim. */
static ms_infer_verdict stack_tensors(const ms_sop_in *in, ms_sop_out *out, const ms_shape **t, int n) {
  if (n == 0) return MS_INFER_UNKNOWN;
  for (int i = 0; i < n; i++)
    if (!t[i]->ranked) return MS_INFER_UNKNOWN;
  int r = t[0]->rank;
  if (r >= MS_MAX_RANK) return MS_INFER_UNKNOWN;
  WRAP("dimension", d, r + 1);
  int64_t dims[MS_MAX_RANK], m[MS_MAX_RANK];
  memcpy(m, t[0]->dims, (size_t)r * sizeof m[0]);
  for (int i = 1; i < n; i++) {
    bool ok = t[i]->rank == r;
    for (int k = 0; ok && k < r; k++) {
      ok = m[k] == D || t[i]->dims[k] == D || m[k] == t[i]->dims[k];
      if (m[k] == D) m[k] = t[i]->dims[k];
    }
    if (!ok) return ms_sop_fail(out, CODE_SHAPES, i, "stack expects each tensor to be equal size (tensor %d differs)", i);
  }
  int k = 0;
  for (int i = 0; i <= r; i++) {
    if (i == d) dims[k++] = n;
    if (i < r) dims[k++] = m[i];
  }
  return FW_EMIT(t[0], dims, r + 1);
}

/* The tensors among the operands (any number of them) to body. */
static ms_infer_verdict with_tensors(const ms_sop_in *in, ms_sop_out *out,
                                     ms_infer_verdict (*body)(const ms_sop_in *, ms_sop_out *, const ms_shape **, int)) {
  if (in->noperands < 1) return MS_INFER_UNKNOWN;
  const ms_shape **t = ms_xmalloc((size_t)in->noperands * sizeof *t);
  ms_infer_verdict v = body(in, out, t, tensors(in, t));
  free(t);
  return v;
}

static ms_infer_verdict concat_list(const ms_sop_in *in, ms_sop_out *out) { return with_tensors(in, out, concat_tensors); }

static ms_infer_verdict stack(const ms_sop_in *in, ms_sop_out *out) { return with_tensors(in, out, stack_tensors); }

const ms_sop_def ms_sop_framework_movement[] = {
    {"concat_list", concat_list, "dimension"},
    {"stack_dim", stack, "dimension"},
    {"view", view, "shape"},
    {"flatten_dims", flatten, "start_dim,end_dim"},
    {"permute", permute, "permutation"},
    {"transpose_dims", transpose2, "dim0,dim1"},
    {"squeeze_dims", squeeze, "dimension,all"},
    {"unsqueeze_dim", unsqueeze, "dimension"},
    {"reduce_dims", reduce_dims, "dimensions,keep_dims"},
    {"index_select", index_select, "dimension"},
    {"gather_along", gather_elements, "dimension"},
    {"expand", expand, "shape"},
    {"slice_step", slice_step, "dimension,start,limit,stride"},
    {"narrow", narrow, "dimension,start,length"},
    {"embedding", embedding, ""},
    {"along_dim", along_dim, "dimension"},
    {"layer_norm_shape", layer_norm, "normalized_shape"},
    {NULL, NULL, NULL},
};
