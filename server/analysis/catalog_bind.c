/*
** catalog_bind.c: matching an op to its catalog entry (catalog.h). Each
** file's patterns are indexed once (exact names sorted, globs in file
** order); binding picks the entry (later files first, exact name before
** glob, first in file), chooses its rule (fixed or by `select`), then reads
** the options from the op's attributes with attr.h.
*/
#include "catalog_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attr.h"
#include "maps_template.h"
#include "upstream.h"

/* `*` matches any run of characters, everything else itself. */
static bool glob_match(const char *pat, const char *s, size_t n) {
  const char *star = NULL;
  size_t i = 0, back = 0;
  while (i < n) {
    if (*pat == '*') {
      star = ++pat;
      back = i;
    } else if (*pat && *pat == s[i]) {
      pat++;
      i++;
    } else if (star) {
      pat = star;
      i = ++back;
    } else {
      return false;
    }
  }
  while (*pat == '*') pat++;
  return *pat == '\0';
}

static int compare_refs(const void *a, const void *b) {
  const pattern_ref *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->pattern, y->pattern, n);
  if (c) return c;
  if (x->len != y->len) return x->len < y->len ? -1 : 1;
  return x->entry - y->entry; /* the first entry wins */
}

/* Splits the file's patterns into the sorted exact index and the globs. */
bool ms_catalog_index_patterns(rule_file *f) {
  int total = 0;
  for (int i = 0; i < f->nentries; i++) total += f->entries[i].npatterns;
  f->exact = ms_catalog_file_alloc(f, (size_t)(total ? total : 1) * sizeof *f->exact);
  f->globs = ms_catalog_file_alloc(f, (size_t)(total ? total : 1) * sizeof *f->globs);
  if (!f->exact || !f->globs) return false;
  for (int i = 0; i < f->nentries; i++)
    for (int k = 0; k < f->entries[i].npatterns; k++) {
      const char *p = f->entries[i].patterns[k];
      pattern_ref r = {p, strlen(p), i};
      if (strchr(p, '*')) f->globs[f->nglobs++] = r;
      else f->exact[f->nexact++] = r;
    }
  qsort(f->exact, (size_t)f->nexact, sizeof *f->exact, compare_refs);
  return true;
}

/* The winning entry and pattern of one file, or NULL: an exact name first
** (the earliest entry naming it), then the first glob that matches. */
const entry *ms_catalog_file_find(const rule_file *f, const char *name, size_t n, const char **pat) {
  pattern_ref key = {name, n, -1};
  int lo = 0, hi = f->nexact;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (compare_refs(&f->exact[mid], &key) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (lo < f->nexact && f->exact[lo].len == n && !memcmp(f->exact[lo].pattern, name, n)) {
    *pat = f->exact[lo].pattern;
    return &f->entries[f->exact[lo].entry];
  }
  for (int i = 0; i < f->nglobs; i++)
    if (glob_match(f->globs[i].pattern, name, n)) {
      *pat = f->globs[i].pattern;
      return &f->entries[f->globs[i].entry];
    }
  return NULL;
}

static bool bind_error(ms_rule_binding *out, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(out->error, sizeof out->error, fmt, ap);
  va_end(ap);
  out->ok = false;
  return true;
}

static const char *lookup(const ms_op_view *op, const char *key, size_t *len) {
  *len = 0;
  return op->attribute ? op->attribute(op->ctx, key, len) : NULL;
}

/* Whether case sc applies; false with out->error set when it cannot tell. */
static bool case_applies(const select_case *sc, const ms_op_view *op, bool *applies,
                         ms_rule_binding *out) {
  size_t len;
  const char *v = sc->attribute ? lookup(op, sc->attribute, &len) : NULL;
  char msg[200];
  switch (sc->cond) {
  case COND_ALWAYS: *applies = true; return true;
  case COND_PRESENT: *applies = v != NULL; return true;
  case COND_ABSENT: *applies = v == NULL; return true;
  case COND_EQUALS: break;
  }
  *applies = false;
  if (!v) return true;
  if (sc->equals_str) {
    char s[128];
    if (!ms_attr_parse_string(v, len, s, sizeof s, msg, sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", sc->attribute, (int)len, v, msg);
    *applies = strcmp(s, sc->equals_str) == 0;
  } else {
    int64_t iv;
    if (!ms_attr_parse_int(v, len, &iv, msg, sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", sc->attribute, (int)len, v, msg);
    *applies = iv == sc->equals_int;
  }
  return true;
}

/* The entry's rule, or false with out->error set. */
static bool choose_rule(const entry *e, const ms_op_view *op, ms_rule_binding *out) {
  if (e->has_rule) {
    out->rule = e->rule;
    return true;
  }
  for (int i = 0; i < e->ncases; i++) {
    bool applies;
    if (!case_applies(&e->cases[i], op, &applies, out)) return false;
    if (applies) {
      out->rule = e->cases[i].rule;
      return true;
    }
  }
  /* Name the attribute the cases look at, since its value is the problem. */
  for (int i = 0; i < e->ncases; i++) {
    size_t len;
    const char *v = e->cases[i].attribute ? lookup(op, e->cases[i].attribute, &len) : NULL;
    if (v) {
      bind_error(out, "no rule for attribute %s = %.*s", e->cases[i].attribute, (int)len, v);
      return false;
    }
  }
  bind_error(out, "no select case applies to this op");
  return false;
}

/* The first present attribute among names, or NULL. */
static const char *first_attr(const ms_op_view *op, const char *const *names, int n,
                              const char **key, size_t *len) {
  for (int i = 0; i < n; i++) {
    const char *v = lookup(op, names[i], len);
    if (v) {
      *key = names[i];
      return v;
    }
  }
  return NULL;
}

static bool read_options(const entry *e, const ms_op_view *op, ms_rule_binding *out) {
  ms_broadcast_options *o = &out->opts;
  const char *key = NULL, *v;
  size_t len;
  char msg[200];
  if (out->rule == MS_RULE_PDPD &&
      (v = first_attr(op, e->axis_attrs, e->naxis_attrs, &key, &len))) {
    if (!ms_attr_parse_int(v, len, &o->axis, msg, sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", key, (int)len, v, msg);
    o->has_axis = true;
  }
  if ((out->rule == MS_RULE_XLA || out->rule == MS_RULE_XLA_IN_DIM) &&
      (v = first_attr(op, e->bd_attrs, e->nbd_attrs, &key, &len))) {
    int64_t *dims = o->broadcast_dimensions;
    if (!ms_attr_parse_int_list(v, len, dims, MS_MAX_RANK, &o->nbroadcast_dimensions, msg,
                                sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", key, (int)len, v, msg);
    o->has_broadcast_dimensions = true;
  }
  if (out->rule == MS_RULE_LINALG_BROADCAST && (v = first_attr(op, e->dims_attrs, e->ndims_attrs, &key, &len))) {
    if (!ms_attr_parse_int_list(v, len, o->broadcast_dimensions, MS_MAX_RANK, &o->nbroadcast_dimensions, msg,
                                sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", key, (int)len, v, msg);
    o->has_broadcast_dimensions = true;
  }
  if (out->rule == MS_RULE_INDEXING_MAPS && (v = first_attr(op, e->maps_attrs, e->nmaps_attrs, &key, &len)) &&
      !ms_upstream_parse_maps(v, len, o))
    o->maps_unreadable = true;
  else if (out->rule == MS_RULE_INDEXING_MAPS && !v && e->maps_default) {
    char maps[4096];
    if (!ms_maps_template_has(e->maps_default)) ms_upstream_parse_maps(e->maps_default, strlen(e->maps_default), o);
    else if (ms_maps_template_expand(e->maps_default, op, maps, sizeof maps)) ms_upstream_parse_maps(maps, strlen(maps), o);
    else o->maps_unreadable = true;
  }
  if (out->rule == MS_RULE_INDEXING_MAPS && e->iter_attr && (v = first_attr(op, &e->iter_attr, 1, &key, &len)))
    ms_upstream_parse_iterators(v, len, o);
  return true;
}

/* dimension_hints: every present attribute's list, concatenated. */
static bool read_hints(const entry *e, const ms_op_view *op, ms_rule_binding *out) {
  ms_broadcast_options *o = &out->opts;
  char msg[200];
  for (int i = 0; i < e->nhint_attrs; i++) {
    size_t len;
    const char *v = lookup(op, e->hint_attrs[i], &len);
    int n = 0;
    if (!v) continue;
    if (!ms_attr_parse_int_list(v, len, o->hints + o->nhints, MS_MAX_RANK - o->nhints, &n, msg, sizeof msg))
      return !bind_error(out, "attribute %s = %.*s: %s", e->hint_attrs[i], (int)len, v, msg);
    o->nhints += n;
  }
  return true;
}

static bool check_operand_indexes(const ms_op_view *op, ms_rule_binding *out) {
  for (int i = 0; i < out->noperands; i++)
    if (out->operands[i] >= op->noperands)
      return !bind_error(out, "the rule reads operand #%d but the op has %d operands",
                         out->operands[i], op->noperands);
  if (out->target_operand >= op->noperands)
    return !bind_error(out, "the target shape is operand #%d but the op has %d operands",
                       out->target_operand, op->noperands);
  return true;
}

/* The last names bound on this thread, by hash: a dump names a few ops
** thousands of times, and finding one looks through every file. An entry
** holds for the catalog's stamp (a catalog loading a file gets a new one). */
#define MEMO_SLOTS 64
#define MEMO_NAME 56
typedef struct bind_memo {
  uint64_t stamp;              /* 0: empty */
  size_t len;
  char name[MEMO_NAME];
  int file;                    /* -1: no entry */
  const entry *e;
  const char *pat;
} bind_memo;

static _Thread_local bind_memo memo[MEMO_SLOTS];

/* The winning entry of name (later files first), its file and pattern. */
static const entry *find_entry(const ms_catalog *self, const char *name, size_t n, int *file, const char **pat) {
  bind_memo *m = NULL;
  if (self->stamp && n <= MEMO_NAME) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)name[i]) * 16777619u;
    m = &memo[(h ^ h >> 16) % MEMO_SLOTS];
    if (m->stamp == self->stamp && m->len == n && !memcmp(m->name, name, n)) {
      *file = m->file, *pat = m->pat;
      return m->e;
    }
  }
  const entry *e = NULL;
  *file = -1;
  for (int f = self->nfiles - 1; f >= 0 && !e; f--)
    if ((e = ms_catalog_file_find(&self->files[f], name, n, pat))) *file = f;
  if (m) {
    m->stamp = self->stamp, m->len = n, m->file = *file, m->e = e, m->pat = e ? *pat : NULL;
    memcpy(m->name, name, n);
  }
  return e;
}

/* dst = a + b + c, truncated to n bytes as snprintf would. */
static void concat3(char *dst, size_t n, const char *a, const char *b, const char *c) {
  const char *parts[3] = {a, b, c};
  size_t at = 0;
  for (int i = 0; i < 3; i++)
    for (const char *p = parts[i]; *p && at + 1 < n; p++) dst[at++] = *p;
  if (n) dst[at] = '\0';
}

int ms_catalog_region_flow(const ms_catalog *self, const char *name, size_t n) {
  const char *pat = NULL;
  int f = -1;
  const entry *e = find_entry(self, name, n, &f, &pat);
  return e ? e->region_flow : MS_REGION_FLOW_NONE;
}

bool ms_catalog_bind(const ms_catalog *self, const ms_op_view *op, ms_rule_binding *out) {
  assert(self && op && out);
  const char *pat = NULL;
  int f = -1;
  const entry *e = find_entry(self, op->name, op->name_len, &f, &pat);
  if (!e) return false;
  const rule_file *file = &self->files[f];
  memset(out, 0, sizeof *out);
  out->ok = true;
  out->target_operand = -1;
  concat3(out->origin, sizeof out->origin, file->path, ": ", pat);
  concat3(out->description, sizeof out->description, e->description, "", "");
  out->noperands = e->noperands;
  memcpy(out->operands, e->operands, sizeof out->operands);
  out->opts.axis = -1;
  out->opts.equal_ranks = e->equal_ranks;
  out->opts.tensor_only = e->tensor_only;
  out->opts.skip_result_dims = e->skip_result_dims;
  out->opts.rank0_operands = e->rank0_operands;
  out->opts.identical_shapes = e->identical_shapes;
  out->opts.float_elements = e->float_elements;
  out->opts.integer_elements = e->integer_elements;
  out->opts.sizes_only = e->sizes_only;
  out->opts.strict = e->strict;
  out->shape = e->shape;
  out->infer_like_tosa = e->infer_like_tosa;
  out->infer_only = e->infer_only;
  out->min_result_rank = e->min_result_rank;
  out->spec_warnings = e->spec_warnings;
  out->spec_codes = e->spec_codes;
  out->static_operands = e->static_operands;
  out->constant_operands = e->constant_operands;
  out->layout = e->layout;
  out->algebra = e->algebra;
  out->region_flow = e->region_flow;
  out->has_rule = e->has_rule || e->ncases > 0;
  if (!out->has_rule) return true;
  if (!choose_rule(e, op, out)) return true;
  if (out->rule == MS_RULE_BIDIRECTIONAL || out->rule == MS_RULE_UNIDIRECTIONAL)
    out->target_operand = e->target_operand;
  out->opts.max_broadcast_rank = e->max_broadcast_rank;
  out->opts.static_result = e->static_result;
  out->opts.same_elements = e->same_elements;
  out->opts.element_types = e->element_types;
  out->opts.ncompat_when = e->ncompat_when;
  for (int i = 0; i < e->ncompat_when; i++) {
    out->opts.compat_when[i].who = e->compat_when[i].who;
    out->opts.compat_when[i].classes = e->compat_when[i].classes;
  }
  out->opts.rank_difference = e->rank_difference;
  out->nshape_source = e->nshape_source;
  memcpy(out->shape_source, e->shape_source, sizeof out->shape_source);
  /* scalar_operands name op operands; the rule sees the listed ones in order. */
  for (int k = 0; k < (e->noperands < 0 ? MS_MAX_OPERANDS : e->noperands); k++) {
    int i = e->noperands < 0 ? k : e->operands[k];
    if ((e->scalar_operands >> i) & 1u) out->opts.scalar_operands |= 1u << k;
  }
  if (!read_options(e, op, out) || !read_hints(e, op, out)) return true;
  check_operand_indexes(op, out);
  return true;
}
