/*
** catalog_load.c: reading a rule file into the catalog (catalog.h; format
** in rules/README.md). cJSON parses the text, then one validator per JSON
** object turns it into a rule_file of plain C structs. Errors point at the
** offending value (catalog_json.c finds it again in the text). Only a fully
** validated file is appended, so a failed load changes nothing.
*/
#include "catalog_internal.h"
#include "alloc.h"

#include <assert.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "codes.h"
#include "diag.h"
#include "layout.h"
#include "maps_template.h"
#include "sop_params.h"
#include "upstream.h"

typedef struct loader {
  ms_catalog *catalog;
  const char *path;
  const char *text;
  size_t len;
  const cJSON *root;
  rule_file *file;
  char *err;
  size_t errlen;
  int entry_line;              /* the line of the entry load_entry reads */
} loader;

/* Remembers where the error just written to err points (catalog.h:
** ms_catalog_error_position), so nobody parses the message for it. */
static void error_at(ms_catalog *self, int line, int col, int prefix) {
  if (self) self->error = (ms_catalog_error_at){line, col, prefix > 0 ? (size_t)prefix : 0};
}

static void verr_at(loader *ld, size_t off, const char *fmt, va_list ap) {
  if (!ld->err || ld->errlen == 0) return;
  int line, col;
  ms_json_line_col(ld->text, off, &line, &col);
  int n = snprintf(ld->err, ld->errlen, "%s:%d:%d: ", ld->path, line, col);
  if (n >= 0 && (size_t)n < ld->errlen) vsnprintf(ld->err + n, ld->errlen - (size_t)n, fmt, ap);
  error_at(ld->catalog, line, col, n);
}

static size_t item_offset(loader *ld, const cJSON *item, bool at_key) {
  int path[MS_JSON_MAX_PATH_DEPTH], depth = 0;
  if (!ms_json_find_path(ld->root, item, path, &depth)) return 0;
  return ms_json_locate(ld->text, ld->len, path, depth, at_key);
}

/* Reports an error at item's value (or at its key). Always returns false. */
static bool bad(loader *ld, const cJSON *item, bool at_key, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verr_at(ld, item_offset(ld, item, at_key), fmt, ap);
  va_end(ap);
  return false;
}

/* Reports an error at byte off of the file (inside a string value). */
static bool bad_at(loader *ld, size_t off, const char *fmt, const char *arg) {
  if (ld->err && ld->errlen) {
    int line, col;
    ms_json_line_col(ld->text, off, &line, &col);
    int n = snprintf(ld->err, ld->errlen, "%s:%d:%d: ", ld->path, line, col);
    if (n >= 0 && (size_t)n < ld->errlen) snprintf(ld->err + n, ld->errlen - (size_t)n, fmt, arg);
  }
  return false;
}

static bool oom(loader *ld) {
  if (ld->err && ld->errlen) snprintf(ld->err, ld->errlen, "%s: out of memory", ld->path);
  return false;
}

static const char *type_name(const cJSON *v) {
  if (cJSON_IsString(v)) return "a string";
  if (cJSON_IsNumber(v)) return "a number";
  if (cJSON_IsBool(v)) return "a boolean";
  if (cJSON_IsNull(v)) return "null";
  if (cJSON_IsArray(v)) return "an array";
  return "an object";
}

static bool want_type(loader *ld, const cJSON *v, bool ok, const char *what) {
  if (ok) return true;
  if (!v->string) return bad(ld, v, false, "array element must be %s, not %s", what, type_name(v));
  return bad(ld, v, false, "\"%s\" must be %s, not %s", v->string, what, type_name(v));
}

/* Unknown and duplicate keys are errors: a misspelt field must not be
** silently ignored. */
static bool check_keys(loader *ld, const cJSON *obj, const char *const *known) {
  for (const cJSON *c = obj->child; c; c = c->next) {
    bool found = false;
    for (int i = 0; known && known[i]; i++) found |= strcmp(c->string, known[i]) == 0;
    if (!found && known) return bad(ld, c, true, "unknown field \"%s\"", c->string);
    for (const cJSON *d = obj->child; d != c; d = d->next)
      if (strcmp(d->string, c->string) == 0)
        return bad(ld, c, true, "duplicate field \"%s\"", c->string);
  }
  return true;
}

static bool get_int(loader *ld, const cJSON *v, int lo, int hi, int *out) {
  if (!want_type(ld, v, cJSON_IsNumber(v), "an integer")) return false;
  double d = v->valuedouble;
  if (d != (double)(int64_t)d) return bad(ld, v, false, "expected an integer, got %g", d);
  if (d < lo || d > hi) return bad(ld, v, false, "%g is out of range [%d, %d]", d, lo, hi);
  *out = (int)d;
  return true;
}

static bool parse_rule_name(loader *ld, const cJSON *v, ms_rule *out) {
  if (!want_type(ld, v, cJSON_IsString(v), "a string")) return false;
  if (ms_rule_from_name(v->valuestring, strlen(v->valuestring), out)) return true;
  char known[320] = "";
  for (int r = 0; r < MS_RULE__COUNT; r++) {
    strncat(known, r ? ", " : "", sizeof known - strlen(known) - 1);
    strncat(known, ms_rule_name((ms_rule)r), sizeof known - strlen(known) - 1);
  }
  return bad(ld, v, false, "unknown rule \"%s\" (known: %s)", v->valuestring, known);
}

static bool valid_pattern_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '$' || c == '-' || c == '*';
}

static bool check_pattern(loader *ld, const cJSON *v) {
  if (!want_type(ld, v, cJSON_IsString(v), "a string")) return false;
  const char *s = v->valuestring;
  if (!*s) return bad(ld, v, false, "empty op name pattern");
  for (const char *p = s; *p; p++) {
    if (!valid_pattern_char(*p))
      return bad(ld, v, false, "invalid character '%c' in op name pattern \"%s\"", *p, s);
    if (p[0] == '*' && p[1] == '*') return bad(ld, v, false, "\"**\" in op name pattern \"%s\"", s);
  }
  return true;
}

static bool load_match(loader *ld, const cJSON *v, entry *e) {
  bool single = cJSON_IsString(v);
  if (!want_type(ld, v, single || cJSON_IsArray(v), "a string or an array of strings"))
    return false;
  int n = single ? 1 : cJSON_GetArraySize(v);
  if (n == 0) return bad(ld, v, false, "\"match\" must name at least one op");
  e->patterns = ms_catalog_file_alloc(ld->file, (size_t)n * sizeof *e->patterns);
  size_t joined = 1;
  if (!e->patterns) return oom(ld);
  for (int i = 0; i < n; i++) {
    const cJSON *p = single ? v : cJSON_GetArrayItem(v, i);
    if (!check_pattern(ld, p)) return false;
    if (!(e->patterns[i] = ms_catalog_file_strdup(ld->file, p->valuestring))) return oom(ld);
    joined += strlen(p->valuestring) + 2;
  }
  e->npatterns = n;
  char *j = ms_catalog_file_alloc(ld->file, joined);
  if (!j) return oom(ld);
  for (int i = 0; i < n; i++) {
    if (i) strcat(j, ", ");
    strcat(j, e->patterns[i]);
  }
  e->match_joined = j;
  return true;
}

static bool load_operands(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsArray(v), "an array of operand indexes")) return false;
  int n = cJSON_GetArraySize(v);
  if (n == 0 || n > MS_MAX_OPERANDS)
    return bad(ld, v, false, "\"operands\" must list 1 to %d operand indexes", MS_MAX_OPERANDS);
  int i = 0;
  for (const cJSON *c = v->child; c; c = c->next, i++) {
    if (!get_int(ld, c, 0, MS_MAX_OPERANDS - 1, &e->operands[i])) return false;
    for (int k = 0; k < i; k++)
      if (e->operands[k] == e->operands[i])
        return bad(ld, c, false, "operand %d listed twice", e->operands[i]);
  }
  e->noperands = n;
  return true;
}

/* {"attribute": "axis"} or {"attribute": ["broadcast_dimensions", "dims"]}. */
static bool load_attr_names(loader *ld, const cJSON *v, const char *const *keys, const char **names, int *n) {
  if (!want_type(ld, v, cJSON_IsObject(v), "an object {\"attribute\": NAME}")) return false;
  if (!check_keys(ld, v, keys)) return false;
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(v, "attribute");
  if (!a) return bad(ld, v, false, "missing field \"attribute\"");
  bool single = cJSON_IsString(a);
  if (!want_type(ld, a, single || cJSON_IsArray(a), "a string or an array of strings"))
    return false;
  int count = single ? 1 : cJSON_GetArraySize(a);
  if (count < 1 || count > MAX_ATTR_NAMES)
    return bad(ld, a, false, "\"attribute\" must give 1 to %d names", MAX_ATTR_NAMES);
  for (int i = 0; i < count; i++) {
    const cJSON *s = single ? a : cJSON_GetArrayItem(a, i);
    if (!want_type(ld, s, cJSON_IsString(s), "a string")) return false;
    if (!*s->valuestring) return bad(ld, s, false, "empty attribute name");
    if (!(names[i] = ms_catalog_file_strdup(ld->file, s->valuestring))) return oom(ld);
  }
  *n = count;
  return true;
}

static bool load_attr_spec(loader *ld, const cJSON *v, const char **names, int *n) {
  static const char *const keys[] = {"attribute", NULL};
  return load_attr_names(ld, v, keys, names, n);
}

/* "indexing_maps": {"attribute": NAME, "default": "[affine_map<...>, ...]"}:
** the default holds for ops that leave the attribute out (named ops). */
static bool load_maps_spec(loader *ld, const cJSON *v, entry *e) {
  static const char *const keys[] = {"attribute", "default", "iterator_types", NULL};
  if (!load_attr_names(ld, v, keys, e->maps_attrs, &e->nmaps_attrs)) return false;
  const cJSON *it = cJSON_GetObjectItemCaseSensitive(v, "iterator_types");
  if (it && !want_type(ld, it, cJSON_IsString(it), "an attribute name")) return false;
  if (it && !(e->iter_attr = ms_catalog_file_strdup(ld->file, it->valuestring))) return oom(ld);
  const cJSON *d = cJSON_GetObjectItemCaseSensitive(v, "default");
  if (!d) return true;
  if (!want_type(ld, d, cJSON_IsString(d), "a string of affine maps")) return false;
  ms_broadcast_options probe = {0};
  if (!ms_maps_template_valid(d->valuestring))
    return bad(ld, d, false, "\"default\": a placeholder must read {ATTRIBUTE[K]}");
  if (!ms_maps_template_has(d->valuestring) &&
      (!ms_upstream_parse_maps(d->valuestring, strlen(d->valuestring), &probe) || probe.maps_unreadable))
    return bad(ld, d, false, "\"default\" must be a list [affine_map<...>, ...] of maps over one set of dims");
  if (!(e->maps_default = ms_catalog_file_strdup(ld->file, d->valuestring))) return oom(ld);
  return true;
}

static bool load_target(loader *ld, const cJSON *v, entry *e) {
  static const char *const keys[] = {"operand", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object {\"operand\": N}")) return false;
  if (!check_keys(ld, v, keys)) return false;
  const cJSON *o = cJSON_GetObjectItemCaseSensitive(v, "operand");
  if (!o) return bad(ld, v, false, "missing field \"operand\"");
  return get_int(ld, o, 0, MS_MAX_OPERANDS - 1, &e->target_operand);
}

/* "spec_codes": the algebra's finding codes that only the specification
** checks (the framework's reference accepts them): spec-violation warnings. */
static bool load_spec_codes(loader *ld, const cJSON *v, entry *e) {
  char buf[256] = "";
  if (!want_type(ld, v, cJSON_IsArray(v) && cJSON_GetArraySize(v) > 0, "a list of finding codes")) return false;
  for (const cJSON *c = v->child; c; c = c->next) {
    if (!want_type(ld, c, cJSON_IsString(c), "a finding code")) return false;
    if (strlen(buf) + strlen(c->valuestring) + 2 > sizeof buf) return bad(ld, v, false, "too many codes");
    if (buf[0]) strcat(buf, ",");
    strcat(buf, c->valuestring);
  }
  if (!(e->spec_codes = ms_catalog_file_strdup(ld->file, buf))) return oom(ld);
  return true;
}

/* "same_elements": rule operand positions (at least two); "element_types":
** builtin element type names, joined by commas (catalog.h). */
static bool load_element_constraint(loader *ld, const cJSON *v, entry *e) {
  bool same = !strcmp(v->string, "same_elements");
  int n = cJSON_IsArray(v) ? cJSON_GetArraySize(v) : 0;
  if (!want_type(ld, v, n >= (same ? 2 : 1) && n <= 24,
                 same ? "a list of 2 or more operand positions" : "a list of 1 to 24 element types"))
    return false;
  char buf[256] = "";
  for (const cJSON *c = v->child; c; c = c->next) {
    if (same) {
      int i;
      if (!get_int(ld, c, 0, MS_MAX_OPERANDS - 1, &i)) return false;
      e->same_elements |= 1u << i;
      continue;
    }
    if (!want_type(ld, c, cJSON_IsString(c) && *c->valuestring && !strchr(c->valuestring, ','), "an element type name"))
      return false;
    if (strlen(buf) + strlen(c->valuestring) + 2 > sizeof buf) return bad(ld, v, false, "too many element types");
    if (buf[0]) strcat(buf, ",");
    strcat(buf, c->valuestring);
  }
  if (!same && !(e->element_types = ms_catalog_file_strdup(ld->file, buf))) return oom(ld);
  return true;
}

/* "compatible_when": {"result" or "N" (a rule operand position): [element
** classes]}, at most 4 positions; each list joined by commas (broadcast.h). */
static bool load_compat_when(loader *ld, const cJSON *v, entry *e) {
  int n = cJSON_IsObject(v) ? cJSON_GetArraySize(v) : 0;
  if (!want_type(ld, v, n >= 1 && n <= 4, "an object of 1 to 4 positions (\"result\" or an operand position)"))
    return false;
  for (const cJSON *c = v->child; c; c = c->next) {
    int who = MS_FINDING_RESULT;
    if (strcmp(c->string, "result") != 0) {
      char *end = NULL;
      long k = strtol(c->string, &end, 10);
      if (!*c->string || *end || k < 0 || k >= MS_MAX_OPERANDS)
        return bad(ld, c, true, "a position is \"result\" or an operand position 0 to %d", MS_MAX_OPERANDS - 1);
      who = (int)k;
    }
    int m = cJSON_IsArray(c) ? cJSON_GetArraySize(c) : 0;
    if (!want_type(ld, c, m >= 1 && m <= 24, "a list of 1 to 24 element classes")) return false;
    char buf[256] = "";
    for (const cJSON *t = c->child; t; t = t->next) {
      if (!want_type(ld, t, cJSON_IsString(t) && *t->valuestring && !strchr(t->valuestring, ','), "an element class"))
        return false;
      if (strlen(buf) + strlen(t->valuestring) + 2 > sizeof buf) return bad(ld, c, false, "too many element classes");
      if (buf[0]) strcat(buf, ",");
      strcat(buf, t->valuestring);
    }
    int i = e->ncompat_when++;
    e->compat_when[i].who = (int8_t)who;
    if (!(e->compat_when[i].classes = ms_catalog_file_strdup(ld->file, buf))) return oom(ld);
  }
  return true;
}

/* "region_flow": "branches" or "loop" (catalog.h). */
static bool load_region_flow(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsString(v), "\"branches\" or \"loop\"")) return false;
  if (!strcmp(v->valuestring, "branches")) e->region_flow = MS_REGION_FLOW_BRANCHES;
  else if (!strcmp(v->valuestring, "loop")) e->region_flow = MS_REGION_FLOW_LOOP;
  else return bad(ld, v, false, "unknown region_flow \"%s\" (branches, loop)", v->valuestring);
  return true;
}

static bool load_constraints(loader *ld, const cJSON *v, entry *e) {
  static const char *const keys[] = {"equal_ranks", "tensor_only", "skip_result_dims", "strict",
                                     "infer_like_tosa", "infer_only", "static_result", "max_broadcast_rank",
                                     "rank_difference", "rank0_operands", "float_elements", "integer_elements",
                                     "sizes_only", "spec_warnings", "identical_shapes", "spec_codes", "region_flow",
                                     "same_elements", "element_types", "compatible_when", "min_result_rank", NULL};
  bool *flags[] = {&e->equal_ranks,      &e->tensor_only,    &e->skip_result_dims, &e->strict,
                   &e->infer_like_tosa,  &e->infer_only,     &e->static_result,    NULL,
                   NULL,                 &e->rank0_operands, &e->float_elements,   &e->integer_elements,
                   &e->sizes_only,       &e->spec_warnings,    &e->identical_shapes, NULL, NULL,
                   NULL,                 NULL,               NULL,                 NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object")) return false;
  if (!check_keys(ld, v, keys)) return false;
  for (const cJSON *c = v->child; c; c = c->next) {
    if (!strcmp(c->string, "max_broadcast_rank") || !strcmp(c->string, "rank_difference")) {
      int *n = !strcmp(c->string, "max_broadcast_rank") ? &e->max_broadcast_rank : &e->rank_difference;
      if (!get_int(ld, c, 1, MS_MAX_RANK, n)) return false;
      continue;
    }
    if (!strcmp(c->string, "min_result_rank")) {
      if (!get_int(ld, c, 1, MS_MAX_RANK, &e->min_result_rank)) return false;
      continue;
    }
    if (!strcmp(c->string, "spec_codes")) {
      if (!load_spec_codes(ld, c, e)) return false;
      continue;
    }
    if (!strcmp(c->string, "same_elements") || !strcmp(c->string, "element_types")) {
      if (!load_element_constraint(ld, c, e)) return false;
      continue;
    }
    if (!strcmp(c->string, "compatible_when")) {
      if (!load_compat_when(ld, c, e)) return false;
      continue;
    }
    if (!strcmp(c->string, "region_flow")) {
      if (!load_region_flow(ld, c, e)) return false;
      continue;
    }
    if (!want_type(ld, c, cJSON_IsBool(c), "true or false")) return false;
    for (int i = 0; keys[i]; i++)
      if (strcmp(c->string, keys[i]) == 0) *flags[i] = cJSON_IsTrue(c);
  }
  return true;
}

/* {"attribute": NAME or [NAMES]} or {"operand": N} (N = -1: the last). */
static bool load_int_source(loader *ld, const cJSON *v, ms_int_source *out) {
  static const char *const keys[] = {"attribute", "operand", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object {\"attribute\": NAME} or {\"operand\": N}")) return false;
  if (!check_keys(ld, v, keys)) return false;
  const cJSON *o = cJSON_GetObjectItemCaseSensitive(v, "operand");
  if (o && cJSON_GetObjectItemCaseSensitive(v, "attribute"))
    return bad(ld, v, false, "give one of \"attribute\" and \"operand\"");
  if (o) {
    out->nnames = 0;
    return get_int(ld, o, -1, MS_MAX_OPERANDS - 1, &out->operand);
  }
  return load_attr_spec(ld, v, out->names, &out->nnames);
}

static bool load_shape_fn(loader *ld, const cJSON *v, ms_shape_spec *sp) {
  for (int f = MS_SHAPE_FN_TRANSPOSE; f < MS_SHAPE_FN__COUNT; f++)
    if (!strcmp(v->valuestring, ms_shape_fn_name((ms_shape_fn)f))) {
      sp->fn = (ms_shape_fn)f;
      return true;
    }
  return bad(ld, v, false,
             "unknown shape function \"%s\" (transpose, reduce, reshape, tile, concat, slice, pad, matmul, prepend, "
             "extents)",
             v->valuestring);
}

/* "shape": "same-as-operand N", or {"fn": F, "args": SOURCE, ...}. */
static bool load_shape(loader *ld, const cJSON *v, entry *e) {
  ms_shape_spec *sp = &e->shape;
  sp->args.operand = sp->limits.operand = sp->strides.operand = sp->keep_attr.operand = sp->starts.operand =
      MS_MAX_OPERANDS;
  if (cJSON_IsString(v)) {
    int n = -1, used = 0;
    if (sscanf(v->valuestring, "same-as-operand %d%n", &n, &used) != 1 || v->valuestring[used] || n < 0 ||
        n >= MS_MAX_OPERANDS)
      return bad(ld, v, false, "a string shape must read \"same-as-operand N\"");
    sp->fn = MS_SHAPE_FN_SAME;
    sp->operand = n;
    return true;
  }
  static const char *const keys[] = {"fn", "args", "limits", "strides", "starts", "keep_dims", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "\"same-as-operand N\" or an object")) return false;
  if (!check_keys(ld, v, keys)) return false;
  const cJSON *fn = cJSON_GetObjectItemCaseSensitive(v, "fn"), *c;
  if (!fn) return bad(ld, v, false, "missing field \"fn\"");
  if (!want_type(ld, fn, cJSON_IsString(fn), "a string") || !load_shape_fn(ld, fn, sp)) return false;
  if (!(c = cJSON_GetObjectItemCaseSensitive(v, "args"))) return bad(ld, v, false, "missing field \"args\"");
  if (!load_int_source(ld, c, &sp->args)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "limits")) && !load_int_source(ld, c, &sp->limits)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "strides")) && !load_int_source(ld, c, &sp->strides)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "starts")) && !load_int_source(ld, c, &sp->starts)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "keep_dims"))) {
    if (cJSON_IsBool(c)) sp->keep_dims = cJSON_IsTrue(c);
    else if (!load_int_source(ld, c, &sp->keep_attr)) return false;
  }
  return true;
}

static bool load_case(loader *ld, const cJSON *v, select_case *sc) {
  static const char *const keys[] = {"if_attribute", "unless_attribute", "attribute", "equals",
                                     "rule", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object")) return false;
  if (!check_keys(ld, v, keys)) return false;
  const cJSON *rule = cJSON_GetObjectItemCaseSensitive(v, "rule");
  const cJSON *ifa = cJSON_GetObjectItemCaseSensitive(v, "if_attribute");
  const cJSON *unl = cJSON_GetObjectItemCaseSensitive(v, "unless_attribute");
  const cJSON *attr = cJSON_GetObjectItemCaseSensitive(v, "attribute");
  const cJSON *eq = cJSON_GetObjectItemCaseSensitive(v, "equals");
  if (!rule) return bad(ld, v, false, "a select case needs \"rule\"");
  if (!parse_rule_name(ld, rule, &sc->rule)) return false;
  if ((ifa != NULL) + (unl != NULL) + (attr != NULL) > 1)
    return bad(ld, v, false, "a select case has at most one of if_attribute, unless_attribute, "
                             "attribute");
  if ((attr != NULL) != (eq != NULL))
    return bad(ld, attr ? attr : eq, true, "\"attribute\" and \"equals\" go together");
  const cJSON *name = ifa ? ifa : unl ? unl : attr;
  sc->cond = ifa ? COND_PRESENT : unl ? COND_ABSENT : attr ? COND_EQUALS : COND_ALWAYS;
  if (name) {
    if (!want_type(ld, name, cJSON_IsString(name) && *name->valuestring, "an attribute name"))
      return false;
    if (!(sc->attribute = ms_catalog_file_strdup(ld->file, name->valuestring))) return oom(ld);
  }
  if (eq && cJSON_IsString(eq)) {
    if (!(sc->equals_str = ms_catalog_file_strdup(ld->file, eq->valuestring))) return oom(ld);
  } else if (eq) {
    int iv;
    if (!want_type(ld, eq, cJSON_IsNumber(eq), "a string or an integer")) return false;
    if (!get_int(ld, eq, -(1 << 30), 1 << 30, &iv)) return false;
    sc->equals_int = iv;
  }
  return true;
}

static bool load_select(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsArray(v), "an array of cases")) return false;
  int n = cJSON_GetArraySize(v);
  if (n == 0) return bad(ld, v, false, "\"select\" needs at least one case");
  if (!(e->cases = ms_catalog_file_alloc(ld->file, (size_t)n * sizeof *e->cases))) return oom(ld);
  int i = 0;
  for (const cJSON *c = v->child; c; c = c->next, i++) {
    if (i > 0 && e->cases[i - 1].cond == COND_ALWAYS)
      return bad(ld, c, false, "unreachable select case: the one before it always applies");
    if (!load_case(ld, c, &e->cases[i])) return false;
  }
  e->ncases = n;
  return true;
}

/* "syntax": the op's pretty form (layout.h), errors at their character. */
static bool load_syntax(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsString(v), "a string")) return false;
  ms_layout *l = ms_catalog_file_alloc(ld->file, sizeof *l);
  if (!l) return oom(ld);
  char msg[200];
  size_t at = 0;
  if (ms_layout_parse(l, v->valuestring, strlen(v->valuestring), msg, sizeof msg, &at)) {
    e->layout = l;
    return true;
  }
  return bad_at(ld, ms_json_raw_offset(ld->text, ld->len, item_offset(ld, v, false), at), "bad syntax: %s", msg);
}

static bool entry_may_use(const entry *e, ms_rule a, ms_rule b) {
  if (e->has_rule) return e->rule == a || e->rule == b;
  for (int i = 0; i < e->ncases; i++)
    if (e->cases[i].rule == a || e->cases[i].rule == b) return true;
  return false;
}

/* Options only some rules read: giving one to an entry whose rules never
** read it is a mistake worth reporting. */
static bool check_option_use(loader *ld, const cJSON *v, entry *e) {
  const cJSON *c;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "axis")) &&
      !entry_may_use(e, MS_RULE_PDPD, MS_RULE_PDPD))
    return bad(ld, c, true, "\"axis\" is only read by rule pdpd");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "broadcast_dimensions")) &&
      !entry_may_use(e, MS_RULE_XLA, MS_RULE_XLA_IN_DIM))
    return bad(ld, c, true, "\"broadcast_dimensions\" is only read by rules xla and xla-in-dim");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "target_shape")) &&
      !entry_may_use(e, MS_RULE_BIDIRECTIONAL, MS_RULE_UNIDIRECTIONAL))
    return bad(ld, c, true, "\"target_shape\" is only read by rules bidirectional and unidirectional");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "scalar_operands")) &&
      !entry_may_use(e, MS_RULE_SAME_OR_SCALAR, MS_RULE_SAME_OR_SCALAR))
    return bad(ld, c, true, "\"scalar_operands\" is only read by rule same-or-scalar");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "dimensions")) &&
      !entry_may_use(e, MS_RULE_LINALG_BROADCAST, MS_RULE_LINALG_BROADCAST))
    return bad(ld, c, true, "\"dimensions\" is only read by rule linalg-broadcast");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "indexing_maps")) &&
      !entry_may_use(e, MS_RULE_INDEXING_MAPS, MS_RULE_INDEXING_MAPS))
    return bad(ld, c, true, "\"indexing_maps\" is only read by rule indexing-maps");
  return true;
}

static bool build_rules_text(loader *ld, entry *e) {
  char buf[128] = "";
  if (e->algebra) {
    snprintf(buf, sizeof buf, "algebra: %s", ms_sop_spec_def(e->algebra)->name);
  } else if (!e->has_rule && !e->ncases) {
    snprintf(buf, sizeof buf, "shape: %s", ms_shape_fn_name(e->shape.fn));
  } else if (e->has_rule) {
    snprintf(buf, sizeof buf, "%s", ms_rule_name(e->rule));
  } else {
    bool seen[MS_RULE__COUNT] = {false};
    for (int i = 0; i < e->ncases; i++) {
      if (seen[e->cases[i].rule]) continue;
      seen[e->cases[i].rule] = true;
      if (buf[0]) strncat(buf, "|", sizeof buf - strlen(buf) - 1);
      strncat(buf, ms_rule_name(e->cases[i].rule), sizeof buf - strlen(buf) - 1);
    }
  }
  return (e->rules_text = ms_catalog_file_strdup(ld->file, buf)) != NULL || oom(ld);
}

/* "scalar_operands" / "static_operands" / "constant_operands": [N, ...], operand numbers as bits. */
static bool load_operand_set(loader *ld, const cJSON *v, uint32_t *bits) {
  if (!want_type(ld, v, cJSON_IsArray(v), "an array of operand numbers")) return false;
  for (const cJSON *c = v->child; c; c = c->next) {
    int n;
    if (!get_int(ld, c, 0, MS_MAX_OPERANDS - 1, &n)) return false;
    *bits |= 1u << n;
  }
  return true;
}

/* "shape_source": ["tfl.broadcast_args", ...], op names (1 to 4). */
static bool load_shape_source(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsArray(v), "an array of op names")) return false;
  int count = cJSON_GetArraySize(v);
  if (count < 1 || count > MAX_ATTR_NAMES) return bad(ld, v, false, "give 1 to %d op names", MAX_ATTR_NAMES);
  for (const cJSON *c = v->child; c; c = c->next) {
    if (!want_type(ld, c, cJSON_IsString(c) && *c->valuestring, "an op name")) return false;
    if (!(e->shape_source[e->nshape_source++] = ms_catalog_file_strdup(ld->file, c->valuestring))) return oom(ld);
  }
  return true;
}

/* "algebra": NAME, "params": {...} (sop_params.h). */
static bool load_algebra(loader *ld, const cJSON *algebra, const cJSON *params, entry *e) {
  const cJSON *item = NULL;
  bool at_key = false;
  char msg[256];
  ms_sop_spec *spec = ms_sop_spec_load(algebra, params, &item, &at_key, msg, sizeof msg);
  if (!spec) return bad(ld, item, at_key, "%s", msg);
  *MS_ARRAY_PUSH(ld->file->pool, ld->file->npool, ld->file->cappool) = spec;
  e->algebra = spec;
  return true;
}

static bool load_entry(loader *ld, const cJSON *v, entry *e) {
  static const char *const keys[] = {"match", "description", "rule", "select", "operands", "axis",
                                     "broadcast_dimensions", "target_shape", "constraints", "shape",
                                     "scalar_operands", "static_operands", "shape_source", "dimension_hints",
                                     "syntax", "dimensions", "indexing_maps", "algebra", "params",
                                     "constant_operands", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object")) return false;
  if (!check_keys(ld, v, keys)) return false;
  e->line = ld->entry_line;
  e->noperands = -1;
  e->target_operand = -1;
  const cJSON *match = cJSON_GetObjectItemCaseSensitive(v, "match");
  const cJSON *desc = cJSON_GetObjectItemCaseSensitive(v, "description");
  const cJSON *rule = cJSON_GetObjectItemCaseSensitive(v, "rule");
  const cJSON *sel = cJSON_GetObjectItemCaseSensitive(v, "select");
  const cJSON *c;
  if (!match) return bad(ld, v, false, "missing field \"match\"");
  if (!load_match(ld, match, e)) return false;
  if (!desc) return bad(ld, v, false, "missing field \"description\"");
  if (!want_type(ld, desc, cJSON_IsString(desc), "a string")) return false;
  if (!(e->description = ms_catalog_file_strdup(ld->file, desc->valuestring))) return oom(ld);
  const cJSON *shape = cJSON_GetObjectItemCaseSensitive(v, "shape");
  if (rule && sel)
    return bad(ld, sel, true, "an entry needs exactly one of \"rule\" and \"select\"");
  const cJSON *algebra = cJSON_GetObjectItemCaseSensitive(v, "algebra");
  if (!rule && !sel && !shape && !algebra)
    return bad(ld, v, false, "an entry needs one of \"rule\", \"select\", \"shape\" and \"algebra\"");
  const cJSON *cons = cJSON_GetObjectItemCaseSensitive(v, "constraints");
  bool warns_only = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(cons, "spec_warnings"));
  if (algebra && (rule || sel || (shape && !warns_only)))
    return bad(ld, algebra, true,
               "\"algebra\" goes alone: not with \"rule\", \"select\" or \"shape\" (a \"shape\" only with "
               "\"spec_warnings\")");
  if (!algebra && (c = cJSON_GetObjectItemCaseSensitive(v, "params")))
    return bad(ld, c, true, "\"params\" goes with \"algebra\"");
  if (algebra && !load_algebra(ld, algebra, cJSON_GetObjectItemCaseSensitive(v, "params"), e)) return false;
  if (shape && !load_shape(ld, shape, e)) return false;
  if (rule && !parse_rule_name(ld, rule, &e->rule)) return false;
  e->has_rule = rule != NULL;
  if (sel && !load_select(ld, sel, e)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "operands")) && !load_operands(ld, c, e))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "axis")) &&
      !load_attr_spec(ld, c, e->axis_attrs, &e->naxis_attrs))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "broadcast_dimensions")) &&
      !load_attr_spec(ld, c, e->bd_attrs, &e->nbd_attrs))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "target_shape")) && !load_target(ld, c, e))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "constraints")) && !load_constraints(ld, c, e))
    return false;
  if ((e->spec_warnings || e->spec_codes) && !algebra)
    return bad(ld, c, true, "\"spec_warnings\" and \"spec_codes\" go with \"algebra\"");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "scalar_operands")) && !load_operand_set(ld, c, &e->scalar_operands))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "static_operands")) && !load_operand_set(ld, c, &e->static_operands))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "constant_operands")) &&
      !load_operand_set(ld, c, &e->constant_operands))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "shape_source")) && !load_shape_source(ld, c, e)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "dimension_hints")) &&
      !load_attr_spec(ld, c, e->hint_attrs, &e->nhint_attrs))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "syntax")) && !load_syntax(ld, c, e)) return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "dimensions")) &&
      !load_attr_spec(ld, c, e->dims_attrs, &e->ndims_attrs))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "indexing_maps")) && !load_maps_spec(ld, c, e)) return false;
  return check_option_use(ld, v, e) && build_rules_text(ld, e);
}

/* A finding code of "severity" or "ignore": registered (codes.h). */
static bool check_code(loader *ld, const cJSON *item, bool at_key, const char *code) {
  if (ms_code_find(code)) return true;
  char names[4096];
  ms_code_names(names, sizeof names);
  return bad(ld, item, at_key, "unknown code \"%s\" (valid codes: %s)", code, names);
}

static bool add_level(loader *ld, const char *code, int level) {
  rule_file *f = ld->file;
  for (int i = 0; i < f->nlevels; i++)
    if (!strcmp(f->level_codes[i], code)) {
      f->levels[i] = level;
      return true;
    }
  const char **codes = ms_catalog_file_alloc(f, (size_t)(f->nlevels + 1) * sizeof *codes);
  int *levels = ms_catalog_file_alloc(f, (size_t)(f->nlevels + 1) * sizeof *levels);
  if (!codes || !levels) return oom(ld);
  if (f->nlevels) {
    memcpy(codes, f->level_codes, (size_t)f->nlevels * sizeof *codes);
    memcpy(levels, f->levels, (size_t)f->nlevels * sizeof *levels);
  }
  if (!(codes[f->nlevels] = ms_catalog_file_strdup(f, code))) return oom(ld);
  levels[f->nlevels++] = level;
  f->level_codes = codes;
  f->levels = levels;
  return true;
}

/* "severity": {CODE: LEVEL}, "ignore": [CODE...] (ignore = "off"). */
static bool load_levels(loader *ld, const cJSON *sev, const cJSON *ign) {
  const cJSON *c;
  if (sev) {
    if (!want_type(ld, sev, cJSON_IsObject(sev), "an object")) return false;
    if (!check_keys(ld, sev, NULL)) return false;
    for (c = sev->child; c; c = c->next) {
      if (!check_code(ld, c, true, c->string)) return false;
      if (!want_type(ld, c, cJSON_IsString(c), "a string")) return false;
      ms_severity level;
      int v;
      if (!strcmp(c->valuestring, "off") || !strcmp(c->valuestring, "none")) v = 0;
      else if (ms_severity_from_name(c->valuestring, &level)) v = (int)level;
      else
        return bad(ld, c, false, "unknown severity \"%s\" (valid: error, warning, information, hint, off)",
                   c->valuestring);
      if (!add_level(ld, c->string, v)) return false;
    }
  }
  if (ign) {
    if (!want_type(ld, ign, cJSON_IsArray(ign), "an array")) return false;
    for (c = ign->child; c; c = c->next) {
      if (!want_type(ld, c, cJSON_IsString(c), "a string")) return false;
      if (!check_code(ld, c, false, c->valuestring) || !add_level(ld, c->valuestring, 0)) return false;
    }
  }
  return true;
}

/* "attributes": [{"match": "#d.name", "form": "conv_dims" | "struct",
** "keys": [...] (a struct's), "description": "..."}] (rules/README.md). */
static bool load_attr_kind(loader *ld, const cJSON *v, attr_kind *out) {
  static const char *const keys[] = {"match", "form", "keys", "description", NULL};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object") || !check_keys(ld, v, keys)) return false;
  const cJSON *m = cJSON_GetObjectItemCaseSensitive(v, "match");
  const cJSON *f = cJSON_GetObjectItemCaseSensitive(v, "form");
  const cJSON *k = cJSON_GetObjectItemCaseSensitive(v, "keys");
  if (!m) return bad(ld, v, false, "missing field \"match\"");
  if (!want_type(ld, m, cJSON_IsString(m), "a string")) return false;
  if (m->valuestring[0] != '#' || !m->valuestring[1] || strchr(m->valuestring, '<'))
    return bad(ld, m, false, "an attribute kind is matched by its name, `#dialect.name`");
  if (!f) return bad(ld, v, false, "missing field \"form\"");
  if (!want_type(ld, f, cJSON_IsString(f), "a string")) return false;
  bool is_struct = !strcmp(f->valuestring, "struct");
  if (!is_struct && strcmp(f->valuestring, "conv_dims"))
    return bad(ld, f, false, "unknown form \"%s\" (valid: conv_dims, struct)", f->valuestring);
  if (is_struct != (k != NULL)) return bad(ld, v, false, "\"keys\" are given for a struct, and only for one");
  out->match = ms_catalog_file_strdup(ld->file, m->valuestring);
  out->form = ms_catalog_file_strdup(ld->file, f->valuestring);
  if (!k) return true;
  if (!want_type(ld, k, cJSON_IsArray(k) && cJSON_GetArraySize(k) > 0, "a non-empty array")) return false;
  out->nkeys = cJSON_GetArraySize(k);
  out->keys = ms_catalog_file_alloc(ld->file, (size_t)out->nkeys * sizeof *out->keys);
  int i = 0;
  for (const cJSON *c = k->child; c; c = c->next, i++) {
    if (!want_type(ld, c, cJSON_IsString(c) && c->valuestring[0], "a non-empty string")) return false;
    out->keys[i] = ms_catalog_file_strdup(ld->file, c->valuestring);
  }
  return true;
}

static bool load_attr_kinds(loader *ld, const cJSON *list) {
  if (!list) return true;
  if (!want_type(ld, list, cJSON_IsArray(list), "an array")) return false;
  ld->file->nakinds = cJSON_GetArraySize(list);
  ld->file->akinds = ms_catalog_file_alloc(ld->file, (size_t)ld->file->nakinds * sizeof(attr_kind) + 1);
  memset(ld->file->akinds, 0, (size_t)ld->file->nakinds * sizeof(attr_kind));
  int i = 0;
  for (const cJSON *c = list->child; c; c = c->next, i++)
    if (!load_attr_kind(ld, c, &ld->file->akinds[i])) return false;
  return true;
}

static bool load_root(loader *ld) {
  static const char *const keys[] = {"version", "family", "description", "ops", "severity", "ignore",
                                     "attributes", NULL};
  const cJSON *root = ld->root;
  if (!cJSON_IsObject(root)) return bad(ld, root, false, "a rule file must be a JSON object");
  if (!check_keys(ld, root, keys)) return false;
  const cJSON *version = cJSON_GetObjectItemCaseSensitive(root, "version");
  const cJSON *ops = cJSON_GetObjectItemCaseSensitive(root, "ops");
  const cJSON *sev = cJSON_GetObjectItemCaseSensitive(root, "severity");
  const cJSON *ign = cJSON_GetObjectItemCaseSensitive(root, "ignore");
  const cJSON *c;
  if (!load_levels(ld, sev, ign)) return false;
  /* A config that only sets severities needs neither version nor ops. */
  bool levels_only = !ops && (sev || ign);
  if (!version && !levels_only) return bad(ld, root, false, "missing field \"version\"");
  if (version && (!cJSON_IsNumber(version) || version->valuedouble != 1))
    return bad(ld, version, false, "unsupported version (this mlir-shape reads version 1)");
  if ((c = cJSON_GetObjectItemCaseSensitive(root, "family")) &&
      !want_type(ld, c, cJSON_IsString(c), "a string"))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(root, "description")) &&
      !want_type(ld, c, cJSON_IsString(c), "a string"))
    return false;
  if (levels_only) return true;
  if (!ops) return bad(ld, root, false, "missing field \"ops\"");
  if (!want_type(ld, ops, cJSON_IsArray(ops), "an array")) return false;
  if (!load_attr_kinds(ld, cJSON_GetObjectItemCaseSensitive(root, "attributes"))) return false;
  int n = cJSON_GetArraySize(ops);
  if (!(ld->file->entries = ms_catalog_file_alloc(ld->file, (size_t)n * sizeof(entry)))) return oom(ld);
  /* Entries are found in the text one after the other (the first by its
  ** path): each entry's line costs its own length, not the file's (15,000
  ** entries took minutes, each located from the file's start). */
  int i = 0, col;
  size_t off = ops->child ? item_offset(ld, ops->child, false) : 0, counted = 0;
  ld->entry_line = 1;
  for (c = ops->child; c; c = c->next, i++) {
    int lines;
    ms_json_line_col(ld->text + counted, off - counted, &lines, &col);
    ld->entry_line += lines - 1;
    counted = off;
    if (!load_entry(ld, c, &ld->file->entries[i])) return false;
    off = ms_json_scan_ws(ld->text, ld->len, ms_json_scan_value(ld->text, ld->len, off));
    off = ms_json_scan_ws(ld->text, ld->len, off + 1); /* ',' */
    if (off > ld->len) off = ld->len;
  }
  ld->file->nentries = n;
  return true;
}

static bool syntax_error(loader *ld, const char *where) {
  size_t off = where && where >= ld->text && where <= ld->text + ld->len
                   ? (size_t)(where - ld->text)
                   : ld->len;
  if (!ld->err || !ld->errlen) return false;
  int line, col;
  ms_json_line_col(ld->text, off, &line, &col);
  int n = snprintf(ld->err, ld->errlen, "%s:%d:%d: ", ld->path, line, col);
  error_at(ld->catalog, line, col, n);
  if (n < 0 || (size_t)n >= ld->errlen) return false;
  if (off >= ld->len) snprintf(ld->err + n, ld->errlen - (size_t)n, "invalid JSON: unexpected end of file");
  else snprintf(ld->err + n, ld->errlen - (size_t)n, "invalid JSON near '%c'", ld->text[off]);
  return false;
}

static bool error_here(ms_catalog *self, const char *path, const char *text, size_t off, char *err, size_t errlen,
                       const char *what) {
  int line, col;
  ms_json_line_col(text, off, &line, &col);
  int n = err && errlen ? snprintf(err, errlen, "%s:%d:%d: ", path, line, col) : 0;
  error_at(self, line, col, n);
  if (n >= 0 && (size_t)n < errlen) snprintf(err + n, errlen - (size_t)n, "%s", what);
  return false;
}

bool ms_catalog_load(ms_catalog *self, const char *path, const char *text, size_t len,
                     char *err, size_t errlen) {
  assert(self && path && (text || len == 0));
  if (err && errlen) err[0] = '\0';
  self->error = (ms_catalog_error_at){0, 0, 0};
  loader ld = {.catalog = self, .path = path, .text = text, .len = len, .err = err, .errlen = errlen};
  const char *why = NULL;
  size_t bad_byte = ms_json_not_text_at(text, len, &why);
  if (bad_byte < len) return error_here(self, path, text, bad_byte, err, errlen, why);
  size_t deep = ms_json_too_deep_at(text, len);
  if (deep < len) {
    int line, col;
    ms_json_line_col(text, deep, &line, &col);
    int n = err && errlen ? snprintf(err, errlen, "%s:%d:%d: ", path, line, col) : 0;
    error_at(self, line, col, n);
    if (n >= 0 && (size_t)n < errlen)
      snprintf(err + n, errlen - (size_t)n, "arrays and objects nested more than %d deep", CJSON_NESTING_LIMIT);
    return false;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
  if (!root) return syntax_error(&ld, end);
  size_t rest = ms_json_scan_ws(text, len, (size_t)(end - text));
  if (rest < len && text[rest] != '\0') {
    cJSON_Delete(root);
    return syntax_error(&ld, text + rest);
  }
  rule_file file = {0};
  ld.root = root;
  ld.file = &file;
  bool ok = (file.path = ms_catalog_file_strdup(&file, path)) != NULL || oom(&ld);
  ok = ok && load_root(&ld);
  ok = ok && (ms_catalog_index_patterns(&file) || oom(&ld));
  cJSON_Delete(root);
  if (!ok) {
    ms_catalog_file_free(&file);
    return false;
  }
  self->files = ms_xrealloc(self->files, (size_t)(self->nfiles + 1) * sizeof *self->files);
  self->files[self->nfiles++] = file;
  static _Atomic uint64_t stamps;
  self->stamp = atomic_fetch_add(&stamps, 1) + 1;
  return true;
}

static bool read_error(const char *path, const char *why, char *err, size_t errlen) {
  if (err && errlen) snprintf(err, errlen, "%s: cannot read: %s", path, why);
  return false;
}

/* Reads a rule file whole: a regular file of at most MS_CATALOG_MAX_FILE
** bytes. Anything else is refused before it is read (a FIFO or a device
** could block or never end). */
static char *read_rule_file(const char *path, size_t *len, char *err, size_t errlen) {
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    int e = errno;
    if (fd >= 0) close(fd);
    read_error(path, strerror(e), err, errlen);
    return NULL;
  }
  char why[96];
  char *buf = NULL;
  if (!S_ISREG(st.st_mode)) {
    snprintf(why, sizeof why, "not a regular file");
  } else if ((uint64_t)st.st_size > MS_CATALOG_MAX_FILE) {
    snprintf(why, sizeof why, "%lld bytes, over the %d MiB limit for rule files", (long long)st.st_size,
             (int)(MS_CATALOG_MAX_FILE >> 20));
  } else {
    buf = ms_xmalloc((size_t)st.st_size + 1); /* at most MS_CATALOG_MAX_FILE */
    size_t got = 0;
    for (ssize_t n; got < (size_t)st.st_size; got += (size_t)n)
      if ((n = read(fd, buf + got, (size_t)st.st_size - got)) <= 0) {
        if (n < 0 && errno == EINTR) n = 0;
        else break;
      }
    *len = got; /* a file that shrank meanwhile is read as it now is */
  }
  close(fd);
  if (!buf) read_error(path, why, err, errlen);
  return buf;
}

bool ms_catalog_load_file(ms_catalog *self, const char *path, char *err, size_t errlen) {
  size_t len = 0;
  self->error = (ms_catalog_error_at){0, 0, 0};
  char *buf = read_rule_file(path, &len, err, errlen);
  if (!buf) return false;
  bool ok = ms_catalog_load(self, path, buf, len, err, errlen);
  free(buf);
  return ok;
}

bool ms_catalog_load_builtin(ms_catalog *self, char *err, size_t errlen) {
  for (int i = 0; i < ms_builtin_rules_count; i++) {
    const struct ms_embedded_file *f = &ms_builtin_rules[i];
    if (!ms_catalog_load(self, f->name, f->text, f->len, err, errlen)) return false;
  }
  return true;
}
