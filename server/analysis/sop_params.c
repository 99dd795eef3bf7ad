/*
** sop_params.c: loading and reading an entry's "algebra" and "params"
** (sop_params.h). The loaded spec is one flat block; reading an op's
** parameters is a few attribute lookups and attr.h/attr_struct.h parses.
*/
#include "sop_params.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "alloc.h"
#include "attr.h"
#include "attr_struct.h"
#include "shape.h"
#include "sop_maps.h"

#define MAX_ALTS 4
#define MAX_NAMES 4
#define MAX_FIXED 24 /* tfl.lstm's operand_ranks: 18 entries */

enum { SRC_ATTR, SRC_OPERAND, SRC_VALUE };
enum { FMT_LIST, FMT_STRUCT, FMT_PAIR, FMT_CONV_DIMS, FMT_GROUPS, FMT_TYPE, FMT_MAPS, FMT_ITERATORS, FMT_F32 };

typedef struct src {
  int kind, format, index, operand;
  int nnames;
  char names[MAX_NAMES][48];
  char field[64];
  int nvalue;
  int64_t value[MAX_FIXED];
  char str[32];
  bool pairs;                  /* the written list must be a list of pairs */
  int nkeys;                   /* struct: the only keys it may have, each once */
  char keys[8][24];
  int noneof;                  /* "one_of": the string read is 1 when among these, else 0 */
  char one_of[12][40];
} src;

typedef struct pspec {
  char name[64];
  int nsrc;
  src srcs[MAX_ALTS];
} pspec;

struct ms_sop_spec {
  const ms_sop_def *def;
  int nparams;
  pspec params[];
};

const ms_sop_def *ms_sop_spec_def(const ms_sop_spec *spec) { return spec->def; }

static bool fail(const cJSON *item, bool key, const cJSON **bad, bool *at_key, char *err, size_t n, const char *msg,
                 const char *arg) {
  *bad = item;
  *at_key = key;
  snprintf(err, n, msg, arg);
  return false;
}

#define FAIL(item, key, msg, arg) fail(item, key, bad, at_key, err, errlen, msg, arg)

static bool copy_name(char *dst, size_t n, const cJSON *s, const cJSON **bad, bool *at_key, char *err,
                      size_t errlen) {
  if (!cJSON_IsString(s) || !*s->valuestring) return FAIL(s, false, "expected a non-empty string%s", "");
  if (strlen(s->valuestring) >= n) return FAIL(s, false, "name too long: \"%s\"", s->valuestring);
  strcpy(dst, s->valuestring);
  return true;
}

static bool load_value(const cJSON *v, src *s, const cJSON **bad, bool *at_key, char *err, size_t errlen) {
  s->kind = SRC_VALUE;
  if (cJSON_IsString(v)) {
    if (strlen(v->valuestring) >= sizeof s->str) return FAIL(v, false, "string too long: \"%s\"", v->valuestring);
    strcpy(s->str, v->valuestring);
    return true;
  }
  if (cJSON_IsNumber(v)) {
    s->value[s->nvalue++] = (int64_t)v->valuedouble;
    return true;
  }
  if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > MAX_FIXED)
    return FAIL(v, false, "\"value\" must be an integer, a string or a list of at most 16 integers%s", "");
  for (const cJSON *c = v->child; c; c = c->next) {
    if (!cJSON_IsNumber(c)) return FAIL(c, false, "expected an integer%s", "");
    s->value[s->nvalue++] = (int64_t)c->valuedouble;
  }
  return true;
}

static bool load_src(const char *param, const cJSON *v, src *s, const cJSON **bad, bool *at_key, char *err,
                     size_t errlen) {
  static const char *const keys[] = {"attribute", "format", "field", "index", "operand", "value", "pairs", "keys",
                                     "one_of", NULL};
  if (!cJSON_IsObject(v)) return FAIL(v, false, "a parameter source must be an object%s", "");
  for (const cJSON *c = v->child; c; c = c->next) {
    bool known = false;
    for (int i = 0; keys[i]; i++) known |= !strcmp(c->string, keys[i]);
    if (!known) return FAIL(c, true, "unknown field \"%s\"", c->string);
  }
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(v, "attribute"), *o = cJSON_GetObjectItemCaseSensitive(v, "operand"),
              *val = cJSON_GetObjectItemCaseSensitive(v, "value"), *f = cJSON_GetObjectItemCaseSensitive(v, "format"),
              *field = cJSON_GetObjectItemCaseSensitive(v, "field"), *idx = cJSON_GetObjectItemCaseSensitive(v, "index");
  if ((a != NULL) + (o != NULL) + (val != NULL) != 1)
    return FAIL(v, false, "give one of \"attribute\", \"operand\" and \"value\"%s", "");
  if (val) return load_value(val, s, bad, at_key, err, errlen);
  if (o) {
    if (!cJSON_IsNumber(o) || o->valuedouble < -1 || o->valuedouble >= MS_SOP_MAX_OPERANDS)
      return FAIL(o, false, "\"operand\" must be -1 to 15%s", "");
    s->kind = SRC_OPERAND;
    s->operand = (int)o->valuedouble;
    /* "format": "f32": the values of a float constant, as f32 bit patterns. */
    if (f && !(cJSON_IsString(f) && !strcmp(f->valuestring, "f32")))
      return FAIL(f, false, "an operand's only format is \"f32\"%s", "");
    s->format = f ? FMT_F32 : FMT_LIST;
    return true;
  }
  s->kind = SRC_ATTR;
  if (cJSON_IsArray(a)) {
    if (cJSON_GetArraySize(a) < 1 || cJSON_GetArraySize(a) > MAX_NAMES)
      return FAIL(a, false, "\"attribute\" must give 1 to 4 names%s", "");
    for (const cJSON *c = a->child; c; c = c->next)
      if (!copy_name(s->names[s->nnames++], sizeof s->names[0], c, bad, at_key, err, errlen)) return false;
  } else if (!copy_name(s->names[s->nnames++], sizeof s->names[0], a, bad, at_key, err, errlen)) {
    return false;
  }
  static const char *const formats[] = {"list", "struct", "pair", "conv_dims", "groups", "type", "maps", "iterators", NULL};
  if (f) {
    int k = 0;
    while (formats[k] && !(cJSON_IsString(f) && !strcmp(formats[k], f->valuestring))) k++;
    if (!formats[k]) return FAIL(f, false, "unknown format (list, struct, pair, conv_dims, groups, type, maps, iterators)%s", "");
    s->format = k;
  }
  size_t plen = strlen(param);
  if (plen >= sizeof s->field) plen = sizeof s->field - 1;
  memmove(s->field, param, plen);
  s->field[plen] = 0;
  if (field && !copy_name(s->field, sizeof s->field, field, bad, at_key, err, errlen)) return false;
  if (field && s->format != FMT_STRUCT && s->format != FMT_CONV_DIMS)
    return FAIL(field, true, "\"field\" goes with the formats struct and conv_dims%s", "");
  if (idx && (s->format != FMT_PAIR || !cJSON_IsNumber(idx) || (idx->valuedouble != 0 && idx->valuedouble != 1)))
    return FAIL(idx, false, "\"index\" is 0 or 1, with the format pair%s", "");
  s->index = idx ? (int)idx->valuedouble : 0;
  const cJSON *pairs = cJSON_GetObjectItemCaseSensitive(v, "pairs"), *ks = cJSON_GetObjectItemCaseSensitive(v, "keys");
  if (pairs && !cJSON_IsBool(pairs)) return FAIL(pairs, false, "\"pairs\" is true or false%s", "");
  s->pairs = cJSON_IsTrue(pairs);
  if (ks && (s->format != FMT_STRUCT || !cJSON_IsArray(ks) || cJSON_GetArraySize(ks) > 8))
    return FAIL(ks, false, "\"keys\" is a list of at most 8 names, with the format struct%s", "");
  for (const cJSON *c = ks ? ks->child : NULL; c; c = c->next)
    if (!copy_name(s->keys[s->nkeys++], sizeof s->keys[0], c, bad, at_key, err, errlen)) return false;
  if (s->format == FMT_PAIR && !idx) return FAIL(v, false, "the format pair needs \"index\": 0 or 1%s", "");
  const cJSON *one = cJSON_GetObjectItemCaseSensitive(v, "one_of");
  if (one && (s->format != FMT_LIST || !cJSON_IsArray(one) || cJSON_GetArraySize(one) < 1 || cJSON_GetArraySize(one) > 12))
    return FAIL(one, false, "\"one_of\" is a list of 1 to 12 strings, without a format%s", "");
  for (const cJSON *c = one ? one->child : NULL; c; c = c->next)
    if (!copy_name(s->one_of[s->noneof++], sizeof s->one_of[0], c, bad, at_key, err, errlen)) return false;
  return true;
}

static bool known_param(const ms_sop_def *def, const char *name) {
  const char *p = def->params;
  size_t n = strlen(name);
  if (!p || !*p) return true;
  if (!strcmp(name, "operand_ranks") || !strcmp(name, "result_rank") || !strcmp(name, "ranked_operands"))
    return true; /* MS_SOP_COMMON_PARAMS */
  while (*p) {
    const char *e = strchr(p, ',');
    size_t k = e ? (size_t)(e - p) : strlen(p);
    if (k == n && !memcmp(p, name, n)) return true;
    p += k + (e != NULL);
  }
  return false;
}

ms_sop_spec *ms_sop_spec_load(const cJSON *algebra, const cJSON *params, const cJSON **bad, bool *at_key, char *err,
                              size_t errlen) {
  if (!cJSON_IsString(algebra)) return FAIL(algebra, false, "\"algebra\" must be a string%s", ""), NULL;
  const ms_sop_def *def = ms_sop_lookup(algebra->valuestring, strlen(algebra->valuestring));
  if (!def) return FAIL(algebra, false, "unknown algebra \"%s\"", algebra->valuestring), NULL;
  int n = params ? cJSON_GetArraySize(params) : 0;
  if (params && !cJSON_IsObject(params)) return FAIL(params, false, "\"params\" must be an object%s", ""), NULL;
  if (n > MS_SOP_MAX_PARAMS) return FAIL(params, false, "more than 24 parameters%s", ""), NULL;
  ms_sop_spec *spec = ms_xcalloc(1, sizeof *spec + (size_t)n * sizeof(pspec));
  spec->def = def;
  for (const cJSON *p = params ? params->child : NULL; p; p = p->next) {
    pspec *ps = &spec->params[spec->nparams++];
    bool ok = strlen(p->string) < sizeof ps->name && known_param(def, p->string);
    if (!ok) {
      FAIL(p, true, "unknown parameter \"%s\"", p->string);
      snprintf(err + strlen(err), errlen - strlen(err), " of %s (known: %s)", def->name, def->params);
      free(spec);
      return NULL;
    }
    strcpy(ps->name, p->string);
    bool list = cJSON_IsArray(p);
    int count = list ? cJSON_GetArraySize(p) : 1;
    if (count < 1 || count > MAX_ALTS) {
      FAIL(p, false, "give 1 to 4 sources%s", "");
      free(spec);
      return NULL;
    }
    for (int i = 0; i < count; i++)
      if (!load_src(ps->name, list ? cJSON_GetArrayItem(p, i) : p, &ps->srcs[ps->nsrc++], bad, at_key, err, errlen)) {
        free(spec);
        return NULL;
      }
  }
  return spec;
}

/* A value's text in the default format: a list, an integer, or a string. */
static bool read_list(const char *v, size_t n, ms_sop_param *out) {
  if (ms_attr_parse_int_list(v, n, out->v, MS_SOP_MAX_LIST, &out->n, NULL, 0)) {
    int64_t dims[4];
    int rank = 0;
    if (ms_attr_list_shape(v, n, dims, 4, &rank)) {
      out->nshape = rank;
      memcpy(out->shape, dims, (size_t)rank * sizeof dims[0]);
    } else {
      out->nshape = 1;
      out->shape[0] = out->n;
    }
    return true;
  }
  if (ms_attr_parse_int(v, n, out->v, NULL, 0)) {
    out->n = 1;
    return true;
  }
  return ms_attr_parse_string(v, n, out->str, sizeof out->str, NULL, 0);
}

/* A list of integer lists of any lengths, `[[0, 1], [2]]`, into out->v as
** each group's length followed by its entries ([2, 0, 1, 1, 2]); shape[0]
** is the number of groups. */
static bool read_groups(const char *v, size_t n, ms_sop_param *out) {
  const char *p = v, *end = v + n;
  out->n = 0;
  out->nshape = 1;
  out->shape[0] = 0;
  while (p < end && isspace((unsigned char)*p)) p++;
  if (p >= end || *p++ != '[') return false;
  for (;;) {
    while (p < end && (isspace((unsigned char)*p) || *p == ',')) p++;
    if (p < end && *p == ']') return true;
    if (p >= end || *p != '[') return false;
    const char *close = memchr(p, ']', (size_t)(end - p));
    if (!close || out->n >= MS_SOP_MAX_LIST) return false;
    int at = out->n++, len = 0;
    if (!ms_attr_parse_int_list(p, (size_t)(close + 1 - p), out->v + out->n, MS_SOP_MAX_LIST - out->n, &len, NULL, 0))
      return false;
    out->v[at] = len;
    out->n += len;
    out->shape[0]++;
    p = close + 1;
  }
}

/* The dims of the type a typed attribute ends with (`dense<1> : tensor<2x?xi32>`:
** [2, -1], `?` as -1; str its element type), read from the end: a large
** literal is not scanned. An unranked or unshaped type is unreadable. */
static bool read_type(const char *v, size_t n, ms_sop_param *out) {
  int depth = 0;
  size_t i = n;
  while (i > 0) {
    char ch = v[--i];
    if (ch == '>' || ch == ')' || ch == ']') depth++;
    else if (ch == '<' || ch == '(' || ch == '[') depth--;
    else if (ch == ':' && depth == 0) break;
    if (depth < 0 || n - i > 512) return false;
  }
  if (i == 0 && v[0] != ':') return false;
  ms_shape t;
  if (!ms_shape_parse_type(&t, v + i + 1, n - i - 1, NULL, 0) || t.kind == MS_TYPE_OTHER || !t.ranked ||
      t.rank > MS_SOP_MAX_LIST)
    return false;
  for (int d = 0; d < t.rank; d++) out->v[d] = t.dims[d];
  out->n = t.rank;
  out->nshape = 1;
  out->shape[0] = t.rank;
  size_t el = strnlen(t.elem, sizeof out->str - 1);
  memcpy(out->str, t.elem, el);
  out->str[el] = 0;
  return true;
}

/* Whether a struct's keys are all among s->keys, each once. */
static bool keys_allowed(const src *s, const char *v, size_t n) {
  int seen[8] = {0};
  for (int k = 0; k < s->nkeys; k++) {
    const char *x;
    size_t xn;
    seen[k] = ms_attr_field(v, n, s->keys[k], &x, &xn);
  }
  int total = ms_attr_field_count(v, n);
  int found = 0;
  for (int k = 0; k < s->nkeys; k++) found += seen[k];
  return total == found && ms_attr_field_unique(v, n);
}

/* 1: read, 0: not written, -1: written but unreadable. */
static int read_attr(const src *s, const ms_sop_reader *r, ms_sop_param *out) {
  const char *v = NULL;
  size_t n = 0;
  for (int i = 0; i < s->nnames && !v; i++) v = r->attribute(r->ctx, s->names[i], &n);
  if (!v) return 0;
  /* A unit attribute (`{has_dynamic_root}`): present, no value (a flag). */
  if (n == 0 && s->format != FMT_STRUCT && s->format != FMT_PAIR && s->format != FMT_CONV_DIMS) {
    out->n = out->nshape = 0;
    return 1;
  }
  if (s->noneof) { /* 1 when the written name is one of them, else 0 */
    out->n = out->nshape = 1;
    out->shape[0] = 1;
    out->v[0] = 0;
    for (int i = 0; i < s->noneof; i++)
      out->v[0] |= strlen(s->one_of[i]) == n && !memcmp(s->one_of[i], v, n);
    return 1;
  }
  const char *sub = v;
  size_t sn = n;
  switch (s->format) {
    case FMT_STRUCT:
      if (s->nkeys && !keys_allowed(s, v, n)) return -1;
      /* A struct without the field: the field's default (absent). */
      if (!ms_attr_field(v, n, s->field, &sub, &sn)) return 0;
      break;
    case FMT_PAIR:
      if (!ms_attr_pair(v, n, s->index, &sub, &sn)) return -1;
      break;
    case FMT_CONV_DIMS:
      if (!ms_attr_conv_dims(v, n, s->field, out->v, MS_SOP_MAX_LIST, &out->n)) return -1;
      out->nshape = 1;
      out->shape[0] = out->n;
      return 1;
    case FMT_GROUPS: return read_groups(v, n, out) ? 1 : -1;
    case FMT_TYPE: return read_type(v, n, out) ? 1 : -1;
    case FMT_MAPS: return ms_sop_read_maps(v, n, out) ? 1 : -1;
    case FMT_ITERATORS: return ms_sop_read_iterators(v, n, out) ? 1 : -1;
    default: break;
  }
  if (!read_list(sub, sn, out)) return -1;
  /* A list of pairs as written: [[lo, hi], ...] (a pretty form's parser
  ** rejects anything else). */
  if (s->pairs && out->n > 0 && !(out->nshape == 2 && out->shape[1] == 2)) return -1;
  return 1;
}

static int read_src(const src *s, const ms_sop_reader *r, ms_sop_param *out) {
  switch (s->kind) {
    case SRC_VALUE:
      out->n = s->nvalue;
      memcpy(out->v, s->value, (size_t)s->nvalue * sizeof s->value[0]);
      memcpy(out->str, s->str, sizeof out->str);
      out->nshape = s->nvalue > 0;
      out->shape[0] = s->nvalue;
      return 1;
    case SRC_OPERAND: {
      int i = s->operand < 0 ? r->noperands + s->operand : s->operand;
      if (s->format == FMT_F32) {
        uint32_t bits[MS_SOP_MAX_LIST];
        if (i < 0 || i >= r->noperands || !r->constant_f32 || !r->constant_f32(r->ctx, i, bits, MS_SOP_MAX_LIST, &out->n))
          return 0;
        for (int k = 0; k < out->n; k++) out->v[k] = bits[k];
        snprintf(out->str, sizeof out->str, "f32");
        out->nshape = 1;
        out->shape[0] = out->n;
        return 1;
      }
      if (i < 0 || i >= r->noperands || !r->constant || !r->constant(r->ctx, i, out->v, MS_SOP_MAX_LIST, &out->n))
        return 0;
      out->nshape = 1;
      out->shape[0] = out->n;
      return 1;
    }
    default: return read_attr(s, r, out);
  }
}

int ms_sop_spec_read(const ms_sop_spec *spec, const ms_sop_reader *r, ms_sop_param *params) {
  for (int i = 0; i < spec->nparams; i++) {
    const pspec *ps = &spec->params[i];
    ms_sop_param *p = &params[i];
    p->name = ps->name;
    p->present = false;
    p->n = p->nshape = 0;
    p->str[0] = 0;
    for (int k = 0; k < ps->nsrc && !p->present; k++) {
      int got = read_src(&ps->srcs[k], r, p);
      if (got < 0) return -1;
      p->present = got > 0;
    }
  }
  return spec->nparams;
}

int ms_sop_spec_attributes(const ms_sop_spec *spec, const char **names, int max) {
  int n = 0;
  for (int i = 0; i < spec->nparams; i++)
    for (int k = 0; k < spec->params[i].nsrc; k++)
      for (int j = 0; j < spec->params[i].srcs[k].nnames && n < max; j++) {
        const char *nm = spec->params[i].srcs[k].names[j];
        bool seen = false;
        for (int m = 0; m < n; m++) seen |= !strcmp(names[m], nm);
        if (!seen) names[n++] = nm;
      }
  return n;
}
