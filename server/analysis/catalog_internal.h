/*
** catalog_internal.h: what the catalog's files share (catalog.c: the public
** face and memory; catalog_load.c: reading rule files; catalog_bind.c:
** matching ops to entries; catalog_json.c: positions in JSON text). Not
** for use outside server/analysis/catalog*.c.
*/
#ifndef MS_CATALOG_INTERNAL_H
#define MS_CATALOG_INTERNAL_H

#include "catalog.h"
#include "sop_params.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cJSON;

#define MS_JSON_MAX_PATH_DEPTH 16
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
  int min_result_rank;         /* constraint "min_result_rank": result #0's least rank, 0: none */
  bool static_result;
  const char *hint_attrs[MAX_ATTR_NAMES];
  int nhint_attrs;
  uint32_t scalar_operands;      /* op operand numbers, as bits */
  uint32_t static_operands;      /* likewise */
  uint32_t constant_operands;    /* likewise */
  const char *shape_source[MAX_ATTR_NAMES];
  int nshape_source;
  bool rank0_operands;         /* indexing-maps: rank-0 operands index no loop */
  bool identical_shapes;       /* indexing-maps: inputs have the init's shape exactly (linalg.map) */
  const char *spec_codes;      /* "spec_codes" joined by commas, or NULL */
  bool float_elements, integer_elements, sizes_only;
  uint32_t same_elements;      /* "same_elements": rule operand positions, as bits */
  const char *element_types;   /* "element_types" joined by commas, or NULL */
  int ncompat_when;            /* "compatible_when": positions and their classes (broadcast.h) */
  struct {
    int8_t who;
    const char *classes;
  } compat_when[4];
  ms_shape_spec shape;
  const ms_layout *layout;     /* "syntax", or NULL */
  const char *dims_attrs[MAX_ATTR_NAMES];   /* "dimensions" (linalg-broadcast) */
  int ndims_attrs;
  const char *maps_attrs[MAX_ATTR_NAMES];   /* "indexing_maps" (indexing-maps) */
  int nmaps_attrs;
  const char *iter_attr;       /* its "iterator_types" attribute (linalg.generic), or NULL */
  const char *maps_default;    /* its "default" maps (named ops), or NULL */
  const ms_sop_spec *algebra;  /* "algebra" and "params" (sop_params.h), or NULL */
  int region_flow;             /* "region_flow" (catalog.h), 0: none */
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

/* A dialect attribute kind the file declares ("attributes"): its name
** (`#stablehlo.conv`), the form its `<...>` body is written in
** (attr_forms.h) and, for a struct, its keys in the parser's order. */
typedef struct attr_kind {
  const char *match, *form;
  const char **keys;
  int nkeys;
} attr_kind;

typedef struct rule_file {
  const char *path;
  entry *entries;
  int nentries;
  attr_kind *akinds;
  int nakinds;
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
  uint64_t stamp;              /* new with every file loaded, unique across catalogs (0: none) */
  ms_catalog_error_at error;   /* of the last failed load */
};

/* Every allocation of a rule file goes into its pool (catalog.c); the
** allocators abort when out of memory (alloc.h): never NULL. */
void *ms_catalog_file_alloc(rule_file *f, size_t n);
char *ms_catalog_file_strdup(rule_file *f, const char *s);
void ms_catalog_file_free(rule_file *f);

/* Splits the file's patterns into the sorted exact index and the globs
** (catalog_bind.c). */
bool ms_catalog_index_patterns(rule_file *f);
/* The winning entry and pattern of one file, or NULL: an exact name first
** (the earliest entry naming it), then the first glob that matches. */
const entry *ms_catalog_file_find(const rule_file *f, const char *name, size_t n, const char **pat);

/* Positions in a rule file's JSON text (catalog_json.c). */
size_t ms_json_scan_ws(const char *t, size_t len, size_t i);
size_t ms_json_scan_string(const char *t, size_t len, size_t i);
size_t ms_json_scan_value(const char *t, size_t len, size_t i);
/* Offset of the value (or of its key, when at_key) at path in valid JSON. */
size_t ms_json_locate(const char *t, size_t len, const int *path, int depth, bool at_key);
/* Child indexes from root to target; false if target is not below root. */
bool ms_json_find_path(const struct cJSON *node, const struct cJSON *target, int *path, int *depth);
void ms_json_line_col(const char *t, size_t off, int *line, int *col);
/* The file offset of byte `at` of the decoded string whose quote is at `quote`. */
size_t ms_json_raw_offset(const char *t, size_t len, size_t quote, size_t at);
/* Where arrays and objects nest deeper than cJSON parses, or len. */
size_t ms_json_too_deep_at(const char *text, size_t len);
/* Where text stops being UTF-8 text (why says how), or len. */
size_t ms_json_not_text_at(const char *text, size_t len, const char **why);

#endif
