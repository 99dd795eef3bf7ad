/*
** catalog.c: the rule catalog (see catalog.h; file format in rules/README.md).
**
** Loading: cJSON parses the text, then one validator per JSON object turns it
** into a rule_file of plain C structs. Errors point at the offending value:
** cJSON keeps no positions, so the position is found again by walking the
** text with a tiny JSON scanner along the item's path (child indexes from the
** root). Only a fully validated file is appended, so a failed load changes
** nothing. Binding: pick the entry (later files first, exact name before
** glob, first in file), choose its rule (fixed or by `select`), then read
** the options from the op's attributes with attr.h.
*/
#include "catalog.h"
#include "alloc.h"
#include "utf8.h"

#include <assert.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "attr.h"
#include "codes.h"
#include "diag.h"
#include "layout.h"
#include "maps_template.h"
#include "sop_params.h"
#include "upstream.h"

#define MAX_PATH_DEPTH 16
#define MAX_ATTR_NAMES 4

typedef enum cond_kind { COND_ALWAYS, COND_PRESENT, COND_ABSENT, COND_EQUALS } cond_kind;

typedef struct select_case {
  cond_kind cond;
  const char *attribute;
  const char *equals_str;      /* NULL: compare as integer */
  int64_t equals_int;
  ms_rule rule;
} select_case;

typedef struct entry {
  const char **patterns;
  int npatterns;
  const char *match_joined;
  const char *description;
  const char *rules_text;
  int line;
  bool has_rule;
  ms_rule rule;
  select_case *cases;
  int ncases;
  int noperands;               /* -1: all */
  int operands[MS_MAX_OPERANDS];
  const char *axis_attrs[MAX_ATTR_NAMES];
  int naxis_attrs;
  const char *bd_attrs[MAX_ATTR_NAMES];
  int nbd_attrs;
  int target_operand;
  bool equal_ranks, tensor_only, skip_result_dims, strict, infer_like_tosa, infer_only, spec_warnings;
  int max_broadcast_rank, rank_difference;
  bool static_result;
  const char *hint_attrs[MAX_ATTR_NAMES];
  int nhint_attrs;
  uint32_t scalar_operands;      /* op operand numbers, as bits */
  uint32_t static_operands;      /* likewise */
  const char *shape_source[MAX_ATTR_NAMES];
  int nshape_source;
  bool rank0_operands;         /* indexing-maps: rank-0 operands index no loop */
  bool identical_shapes;       /* indexing-maps: inputs have the init's shape exactly (linalg.map) */
  bool float_elements, integer_elements, sizes_only;
  ms_shape_spec shape;
  const ms_layout *layout;     /* "syntax", or NULL */
  const char *dims_attrs[MAX_ATTR_NAMES];   /* "dimensions" (linalg-broadcast) */
  int ndims_attrs;
  const char *maps_attrs[MAX_ATTR_NAMES];   /* "indexing_maps" (indexing-maps) */
  int nmaps_attrs;
  const char *maps_default;    /* its "default" maps (named ops), or NULL */
  const char *iter_attr;       /* its "iterator_types" attribute (linalg.generic), or NULL */
  const ms_sop_spec *algebra;  /* "algebra" and "params" (sop_params.h), or NULL */
} entry;

/* Every allocation of a file goes into its pool, freed at once. */
/* One pattern of a file, for lookup: exact names sorted (binary search),
** globs in file order. Every op of a big file is looked up, so no lookup
** scans the whole file. */
typedef struct pattern_ref {
  const char *pattern;
  size_t len;
  int entry;
} pattern_ref;

typedef struct rule_file {
  const char *path;
  entry *entries;
  int nentries;
  pattern_ref *exact, *globs;
  int nexact, nglobs;
  const char **level_codes;    /* "severity": code -> level (0 off, else ms_severity) */
  int *levels;
  int nlevels;
  void **pool;
  size_t npool, cappool;
} rule_file;

struct ms_catalog {
  rule_file *files;
  int nfiles;
  ms_catalog_error_at error;   /* of the last failed load */
};

static bool index_patterns(rule_file *f);

/* ---- memory ------------------------------------------------------------ */

/* Aborts when out of memory (alloc.h); never NULL. */
static void *file_alloc(rule_file *f, size_t n) {
  void *m = ms_xcalloc(1, n ? n : 1);
  *MS_ARRAY_PUSH(f->pool, f->npool, f->cappool) = m;
  return m;
}

static char *file_strdup(rule_file *f, const char *s) {
  char *d = file_alloc(f, strlen(s) + 1);
  if (d) strcpy(d, s);
  return d;
}

static void rule_file_free(rule_file *f) {
  for (size_t i = 0; i < f->npool; i++) free(f->pool[i]);
  free(f->pool);
  memset(f, 0, sizeof *f);
}

bool ms_catalog_code_level(const ms_catalog *self, const char *code, int *level) {
  for (int f = self ? self->nfiles - 1 : -1; code && f >= 0; f--)
    for (int i = 0; i < self->files[f].nlevels; i++)
      if (!strcmp(self->files[f].level_codes[i], code)) {
        *level = self->files[f].levels[i];
        return true;
      }
  return false;
}

ms_catalog *ms_catalog_new(void) { return ms_xcalloc(1, sizeof(ms_catalog)); }

void ms_catalog_delete(ms_catalog *self) {
  if (!self) return;
  for (int i = 0; i < self->nfiles; i++) rule_file_free(&self->files[i]);
  free(self->files);
  free(self);
}

/* ---- positions --------------------------------------------------------- */

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static size_t scan_ws(const char *t, size_t len, size_t i) {
  while (i < len && is_ws(t[i])) i++;
  return i;
}

static size_t scan_string(const char *t, size_t len, size_t i) {
  for (i++; i < len && t[i] != '"'; i++)
    if (t[i] == '\\') i++;
  return i < len ? i + 1 : len;
}

static size_t scan_value(const char *t, size_t len, size_t i) {
  if (i >= len) return len;
  if (t[i] == '"') return scan_string(t, len, i);
  if (t[i] != '{' && t[i] != '[') {
    while (i < len && !is_ws(t[i]) && t[i] != ',' && t[i] != ']' && t[i] != '}') i++;
    return i;
  }
  int depth = 0;
  while (i < len) {
    if (t[i] == '"') {
      i = scan_string(t, len, i);
      continue;
    }
    if (t[i] == '{' || t[i] == '[') depth++;
    if ((t[i] == '}' || t[i] == ']') && --depth == 0) return i + 1;
    i++;
  }
  return len;
}

static size_t skip_bom(const char *t, size_t len) {
  return len >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Offset of the value (or of its key, when at_key) at path in valid JSON. */
static size_t locate(const char *t, size_t len, const int *path, int depth, bool at_key) {
  size_t i = scan_ws(t, len, skip_bom(t, len));
  for (int level = 0; level < depth && i < len; level++) {
    char open = t[i++];
    for (int k = 0; i < len; k++) {
      i = scan_ws(t, len, i);
      size_t key = i;
      if (open == '{') {
        i = scan_ws(t, len, scan_string(t, len, i));
        i = scan_ws(t, len, i + 1); /* ':' */
      }
      if (k == path[level]) {
        if (level == depth - 1 && at_key && open == '{') return key;
        break;
      }
      i = scan_ws(t, len, scan_value(t, len, i));
      i++; /* ',' */
    }
  }
  return i < len ? i : len;
}

/* Child indexes from root to target; false if target is not below root. */
static bool find_path(const cJSON *node, const cJSON *target, int *path, int *depth) {
  if (node == target) return true;
  if (*depth >= MAX_PATH_DEPTH) return false;
  int k = 0;
  for (const cJSON *c = node->child; c; c = c->next, k++) {
    path[(*depth)++] = k;
    if (find_path(c, target, path, depth)) return true;
    (*depth)--;
  }
  return false;
}

static void line_col(const char *t, size_t off, int *line, int *col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < off; i++) {
    if (t[i] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

/* ---- loading ----------------------------------------------------------- */

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
  line_col(ld->text, off, &line, &col);
  int n = snprintf(ld->err, ld->errlen, "%s:%d:%d: ", ld->path, line, col);
  if (n >= 0 && (size_t)n < ld->errlen) vsnprintf(ld->err + n, ld->errlen - (size_t)n, fmt, ap);
  error_at(ld->catalog, line, col, n);
}

static size_t item_offset(loader *ld, const cJSON *item, bool at_key) {
  int path[MAX_PATH_DEPTH], depth = 0;
  if (!find_path(ld->root, item, path, &depth)) return 0;
  return locate(ld->text, ld->len, path, depth, at_key);
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
    line_col(ld->text, off, &line, &col);
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
  e->patterns = file_alloc(ld->file, (size_t)n * sizeof *e->patterns);
  size_t joined = 1;
  if (!e->patterns) return oom(ld);
  for (int i = 0; i < n; i++) {
    const cJSON *p = single ? v : cJSON_GetArrayItem(v, i);
    if (!check_pattern(ld, p)) return false;
    if (!(e->patterns[i] = file_strdup(ld->file, p->valuestring))) return oom(ld);
    joined += strlen(p->valuestring) + 2;
  }
  e->npatterns = n;
  char *j = file_alloc(ld->file, joined);
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
    if (!(names[i] = file_strdup(ld->file, s->valuestring))) return oom(ld);
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
  if (it && !(e->iter_attr = file_strdup(ld->file, it->valuestring))) return oom(ld);
  const cJSON *d = cJSON_GetObjectItemCaseSensitive(v, "default");
  if (!d) return true;
  if (!want_type(ld, d, cJSON_IsString(d), "a string of affine maps")) return false;
  ms_broadcast_options probe = {0};
  if (!ms_maps_template_valid(d->valuestring))
    return bad(ld, d, false, "\"default\": a placeholder must read {ATTRIBUTE[K]}");
  if (!ms_maps_template_has(d->valuestring) &&
      (!ms_upstream_parse_maps(d->valuestring, strlen(d->valuestring), &probe) || probe.maps_unreadable))
    return bad(ld, d, false, "\"default\" must be a list [affine_map<...>, ...] of maps over one set of dims");
  if (!(e->maps_default = file_strdup(ld->file, d->valuestring))) return oom(ld);
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

static bool load_constraints(loader *ld, const cJSON *v, entry *e) {
  static const char *const keys[] = {"equal_ranks", "tensor_only", "skip_result_dims", "strict",
                                     "infer_like_tosa", "infer_only", "static_result", "max_broadcast_rank",
                                     "rank_difference", "rank0_operands", "float_elements", "integer_elements",
                                     "sizes_only", "spec_warnings", "identical_shapes", NULL};
  bool *flags[] = {&e->equal_ranks,      &e->tensor_only,    &e->skip_result_dims, &e->strict,
                   &e->infer_like_tosa,  &e->infer_only,     &e->static_result,    NULL,
                   NULL,                 &e->rank0_operands, &e->float_elements,   &e->integer_elements,
                   &e->sizes_only,       &e->spec_warnings,    &e->identical_shapes};
  if (!want_type(ld, v, cJSON_IsObject(v), "an object")) return false;
  if (!check_keys(ld, v, keys)) return false;
  for (const cJSON *c = v->child; c; c = c->next) {
    if (!strcmp(c->string, "max_broadcast_rank") || !strcmp(c->string, "rank_difference")) {
      int *n = !strcmp(c->string, "max_broadcast_rank") ? &e->max_broadcast_rank : &e->rank_difference;
      if (!get_int(ld, c, 1, MS_MAX_RANK, n)) return false;
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
    if (!(sc->attribute = file_strdup(ld->file, name->valuestring))) return oom(ld);
  }
  if (eq && cJSON_IsString(eq)) {
    if (!(sc->equals_str = file_strdup(ld->file, eq->valuestring))) return oom(ld);
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
  if (!(e->cases = file_alloc(ld->file, (size_t)n * sizeof *e->cases))) return oom(ld);
  int i = 0;
  for (const cJSON *c = v->child; c; c = c->next, i++) {
    if (i > 0 && e->cases[i - 1].cond == COND_ALWAYS)
      return bad(ld, c, false, "unreachable select case: the one before it always applies");
    if (!load_case(ld, c, &e->cases[i])) return false;
  }
  e->ncases = n;
  return true;
}

/* The file offset of byte `at` of the decoded string whose quote is at
** `quote`: escapes are longer in the file than decoded (\u00e9 is six
** bytes for two), so the index is walked through the raw text, and never
** past the string's end. */
static size_t raw_offset(const loader *ld, size_t quote, size_t at) {
  const char *t = ld->text;
  size_t i = quote + 1, end = scan_string(t, ld->len, quote);
  if (end > i) end--;  /* the closing quote */
  while (at > 0 && i < end) {
    if (t[i] != '\\') {
      i++, at--;
      continue;
    }
    if (i + 1 < end && t[i + 1] == 'u' && i + 6 <= end) {
      /* \uXXXX decodes to the UTF-8 bytes of its code point; a surrogate
      ** pair (12 bytes) to 4. */
      unsigned long v = strtoul((char[5]){t[i + 2], t[i + 3], t[i + 4], t[i + 5], 0}, NULL, 16);
      size_t n = v < 0x80 ? 1 : v < 0x800 ? 2 : 3;
      i += 6;
      if (v >= 0xD800 && v <= 0xDBFF && i + 6 <= end && t[i] == '\\' && t[i + 1] == 'u') i += 6, n = 4;
      at -= at < n ? at : n;
      continue;
    }
    i += 2, at--;
  }
  return i < ld->len ? i : ld->len;
}

/* "syntax": the op's pretty form (layout.h), errors at their character. */
static bool load_syntax(loader *ld, const cJSON *v, entry *e) {
  if (!want_type(ld, v, cJSON_IsString(v), "a string")) return false;
  ms_layout *l = file_alloc(ld->file, sizeof *l);
  if (!l) return oom(ld);
  char msg[200];
  size_t at = 0;
  if (ms_layout_parse(l, v->valuestring, strlen(v->valuestring), msg, sizeof msg, &at)) {
    e->layout = l;
    return true;
  }
  return bad_at(ld, raw_offset(ld, item_offset(ld, v, false), at), "bad syntax: %s", msg);
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
  return (e->rules_text = file_strdup(ld->file, buf)) != NULL || oom(ld);
}

/* "scalar_operands" / "static_operands": [N, ...], operand numbers as bits. */
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
    if (!(e->shape_source[e->nshape_source++] = file_strdup(ld->file, c->valuestring))) return oom(ld);
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
                                     "syntax", "dimensions", "indexing_maps", "algebra", "params", NULL};
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
  if (!(e->description = file_strdup(ld->file, desc->valuestring))) return oom(ld);
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
  if (e->spec_warnings && !algebra)
    return bad(ld, c, true, "\"spec_warnings\" goes with \"algebra\"");
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "scalar_operands")) && !load_operand_set(ld, c, &e->scalar_operands))
    return false;
  if ((c = cJSON_GetObjectItemCaseSensitive(v, "static_operands")) && !load_operand_set(ld, c, &e->static_operands))
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
  const char **codes = file_alloc(f, (size_t)(f->nlevels + 1) * sizeof *codes);
  int *levels = file_alloc(f, (size_t)(f->nlevels + 1) * sizeof *levels);
  if (!codes || !levels) return oom(ld);
  if (f->nlevels) {
    memcpy(codes, f->level_codes, (size_t)f->nlevels * sizeof *codes);
    memcpy(levels, f->levels, (size_t)f->nlevels * sizeof *levels);
  }
  if (!(codes[f->nlevels] = file_strdup(f, code))) return oom(ld);
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

static bool load_root(loader *ld) {
  static const char *const keys[] = {"version", "family", "description", "ops", "severity", "ignore", NULL};
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
  int n = cJSON_GetArraySize(ops);
  if (!(ld->file->entries = file_alloc(ld->file, (size_t)n * sizeof(entry)))) return oom(ld);
  /* Entries are found in the text one after the other (the first by its
  ** path): each entry's line costs its own length, not the file's (15,000
  ** entries took minutes, each located from the file's start). */
  int i = 0, col;
  size_t off = ops->child ? item_offset(ld, ops->child, false) : 0, counted = 0;
  ld->entry_line = 1;
  for (c = ops->child; c; c = c->next, i++) {
    int lines;
    line_col(ld->text + counted, off - counted, &lines, &col);
    ld->entry_line += lines - 1;
    counted = off;
    if (!load_entry(ld, c, &ld->file->entries[i])) return false;
    off = scan_ws(ld->text, ld->len, scan_value(ld->text, ld->len, off));
    off = scan_ws(ld->text, ld->len, off + 1); /* ',' */
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
  line_col(ld->text, off, &line, &col);
  int n = snprintf(ld->err, ld->errlen, "%s:%d:%d: ", ld->path, line, col);
  error_at(ld->catalog, line, col, n);
  if (n < 0 || (size_t)n >= ld->errlen) return false;
  if (off >= ld->len) snprintf(ld->err + n, ld->errlen - (size_t)n, "invalid JSON: unexpected end of file");
  else snprintf(ld->err + n, ld->errlen - (size_t)n, "invalid JSON near '%c'", ld->text[off]);
  return false;
}

/* The offset where text's arrays and objects nest deeper than cJSON
** parses (CJSON_NESTING_LIMIT), or len when they do not: cJSON would only
** say "invalid JSON" there. */
static size_t too_deep_at(const char *text, size_t len) {
  long depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < len; i++) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') i++;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > CJSON_NESTING_LIMIT) return i;
    } else if (c == ']' || c == '}') {
      depth--;
    }
  }
  return len;
}

/* Where text stops being UTF-8 text, or len: a NUL byte (other than
** trailing ones), a control character other than tab, newline and carriage
** return, or a byte that starts no UTF-8 sequence. A rule file is text:
** cJSON would read a string up to a NUL and accept control bytes, and
** positions inside such strings would not be those of the file. */
static size_t not_text_at(const char *text, size_t len, const char **why) {
  size_t end = len;
  while (end > 0 && text[end - 1] == '\0') end--;
  for (size_t i = 0; i < end;) {
    unsigned char c = (unsigned char)text[i];
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
      *why = c == 0 ? "a NUL byte: a rule file is UTF-8 text" : "a control character: a rule file is UTF-8 text";
      return i;
    }
    size_t n = c < 0x80 ? 1 : ms_utf8_sequence(text + i, end - i);
    if (!n) {
      *why = "not UTF-8: a rule file is UTF-8 text";
      return i;
    }
    i += n;
  }
  return len;
}

static bool error_here(ms_catalog *self, const char *path, const char *text, size_t off, char *err, size_t errlen,
                       const char *what) {
  int line, col;
  line_col(text, off, &line, &col);
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
  size_t bad_byte = not_text_at(text, len, &why);
  if (bad_byte < len) return error_here(self, path, text, bad_byte, err, errlen, why);
  size_t deep = too_deep_at(text, len);
  if (deep < len) {
    int line, col;
    line_col(text, deep, &line, &col);
    int n = err && errlen ? snprintf(err, errlen, "%s:%d:%d: ", path, line, col) : 0;
    error_at(self, line, col, n);
    if (n >= 0 && (size_t)n < errlen)
      snprintf(err + n, errlen - (size_t)n, "arrays and objects nested more than %d deep", CJSON_NESTING_LIMIT);
    return false;
  }
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, false);
  if (!root) return syntax_error(&ld, end);
  size_t rest = scan_ws(text, len, (size_t)(end - text));
  if (rest < len && text[rest] != '\0') {
    cJSON_Delete(root);
    return syntax_error(&ld, text + rest);
  }
  rule_file file = {0};
  ld.root = root;
  ld.file = &file;
  bool ok = (file.path = file_strdup(&file, path)) != NULL || oom(&ld);
  ok = ok && load_root(&ld);
  ok = ok && (index_patterns(&file) || oom(&ld));
  cJSON_Delete(root);
  if (!ok) {
    rule_file_free(&file);
    return false;
  }
  self->files = ms_xrealloc(self->files, (size_t)(self->nfiles + 1) * sizeof *self->files);
  self->files[self->nfiles++] = file;
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

size_t ms_catalog_count(const ms_catalog *self) {
  size_t n = 0;
  for (int i = 0; i < self->nfiles; i++) n += (size_t)self->files[i].nentries;
  return n;
}

bool ms_catalog_entry(const ms_catalog *self, size_t i, ms_catalog_entry_info *out) {
  for (int f = 0; f < self->nfiles; f++) {
    const rule_file *file = &self->files[f];
    if (i < (size_t)file->nentries) {
      const entry *e = &file->entries[i];
      *out = (ms_catalog_entry_info){file->path, e->match_joined, e->description, e->rules_text,
                                     e->line};
      return true;
    }
    i -= (size_t)file->nentries;
  }
  return false;
}

/* ---- binding ----------------------------------------------------------- */

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
static bool index_patterns(rule_file *f) {
  int total = 0;
  for (int i = 0; i < f->nentries; i++) total += f->entries[i].npatterns;
  f->exact = file_alloc(f, (size_t)(total ? total : 1) * sizeof *f->exact);
  f->globs = file_alloc(f, (size_t)(total ? total : 1) * sizeof *f->globs);
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
static const entry *file_find(const rule_file *f, const char *name, size_t n, const char **pat) {
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

bool ms_catalog_bind(const ms_catalog *self, const ms_op_view *op, ms_rule_binding *out) {
  assert(self && op && out);
  const entry *e = NULL;
  const char *pat = NULL;
  const rule_file *file = NULL;
  for (int f = self->nfiles - 1; f >= 0 && !e; f--) {
    file = &self->files[f];
    e = file_find(file, op->name, op->name_len, &pat);
  }
  if (!e) return false;
  memset(out, 0, sizeof *out);
  out->ok = true;
  out->target_operand = -1;
  snprintf(out->origin, sizeof out->origin, "%s: %s", file->path, pat);
  snprintf(out->description, sizeof out->description, "%s", e->description);
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
  out->spec_warnings = e->spec_warnings;
  out->static_operands = e->static_operands;
  out->layout = e->layout;
  out->algebra = e->algebra;
  out->has_rule = e->has_rule || e->ncases > 0;
  if (!out->has_rule) return true;
  if (!choose_rule(e, op, out)) return true;
  if (out->rule == MS_RULE_BIDIRECTIONAL || out->rule == MS_RULE_UNIDIRECTIONAL)
    out->target_operand = e->target_operand;
  out->opts.max_broadcast_rank = e->max_broadcast_rank;
  out->opts.static_result = e->static_result;
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

bool ms_catalog_error_position(const ms_catalog *self, ms_catalog_error_at *out) {
  *out = self->error;
  return self->error.line > 0;
}

char *ms_catalog_find_config(const char *dir) {
  char buf[PATH_MAX];
  if (!realpath(dir, buf)) return NULL;
  for (;;) {
    char candidate[PATH_MAX + sizeof MS_CATALOG_CONFIG_NAME + 1];
    snprintf(candidate, sizeof candidate, "%s/%s", strcmp(buf, "/") ? buf : "", MS_CATALOG_CONFIG_NAME);
    struct stat st;
    /* One that is not a regular file (a directory, a FIFO) is still the
    ** configuration in effect: loading it says why it cannot be read,
    ** instead of a parent's being used without a word. */
    if (stat(candidate, &st) == 0) return ms_xstrdup(candidate);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf) {
      if (!strcmp(buf, "/")) return NULL;
      strcpy(buf, "/");
      continue;
    }
    *slash = 0;
  }
}

/* ---- lookup for the editor --------------------------------------------- */

static void add_attr_name(ms_catalog_op_info *out, const char *name) {
  if (!name) return;
  for (int i = 0; i < out->nattributes; i++)
    if (!strcmp(out->attributes[i], name)) return;
  if (out->nattributes < MS_CATALOG_MAX_ATTRS) out->attributes[out->nattributes++] = name;
}

bool ms_catalog_lookup(const ms_catalog *self, const char *name, size_t n, ms_catalog_op_info *out) {
  const entry *e = NULL;
  const char *pat = NULL;
  const rule_file *file = NULL;
  for (int f = self->nfiles - 1; f >= 0 && !e; f--) {
    file = &self->files[f];
    e = file_find(file, name, n, &pat);
  }
  if (!e) return false;
  memset(out, 0, sizeof *out);
  out->file = file->path;
  out->pattern = pat;
  out->description = e->description;
  out->rules = e->rules_text;
  out->noperands = e->noperands;
  memcpy(out->operands, e->operands, sizeof out->operands);
  out->target_operand = e->target_operand;
  out->has_rule = e->has_rule;
  out->rule = e->rule;
  for (int i = 0; i < e->naxis_attrs; i++) add_attr_name(out, e->axis_attrs[i]);
  for (int i = 0; i < e->nbd_attrs; i++) add_attr_name(out, e->bd_attrs[i]);
  for (int i = 0; i < e->ncases; i++) add_attr_name(out, e->cases[i].attribute);
  return true;
}

const char *ms_catalog_pattern(const ms_catalog *self, size_t i, size_t k) {
  for (int f = 0; f < self->nfiles; f++) {
    const rule_file *file = &self->files[f];
    if (i < (size_t)file->nentries) {
      const entry *e = &file->entries[i];
      return k < (size_t)e->npatterns ? e->patterns[k] : NULL;
    }
    i -= (size_t)file->nentries;
  }
  return NULL;
}

const ms_layout *ms_catalog_layout(const ms_catalog *self, const char *name, size_t len) {
  const char *pat;
  for (int f = self->nfiles - 1; f >= 0; f--) {
    const entry *e = file_find(&self->files[f], name, len, &pat);
    if (e) return e->layout;
  }
  return NULL;
}
