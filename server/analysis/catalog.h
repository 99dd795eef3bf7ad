/*
** catalog.h: the rule catalog, which op follows which broadcasting rule.
**
** A catalog is a list of rule files (JSON, format in rules/README.md): the
** shipped ones (the JSON files of rules/, embedded in the binary by scripts/embed-rules.sh)
** and any the user adds. The analyzer describes each op with an ms_op_view
** (name, operand count, attribute lookup) and gets back an ms_rule_binding:
** the rule of broadcast.h, its options read from the op's attributes (with
** attr.h), which operands take part, and where the statement came from.
**
** Precedence: files loaded later win over earlier ones; inside a file an
** entry naming the op exactly wins over a glob, then the first entry wins.
** Loading is all or nothing: on any error the catalog is left as it was.
*/
#ifndef MS_CATALOG_H
#define MS_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include "broadcast.h"
#include "infer.h"
#include "layout.h"

typedef struct ms_catalog ms_catalog;

/* The rule files compiled into the binary (build/gen/rules.c). */
struct ms_embedded_file {
  const char *name;
  const char *text;
  size_t len;
};
extern const struct ms_embedded_file ms_builtin_rules[];
extern const int ms_builtin_rules_count;

/* How the analyzer shows an op to the catalog. */
typedef struct ms_op_view {
  const char *name;            /* "tosa.add" (not NUL terminated) */
  size_t name_len;
  int noperands;
  /* The raw text of attribute `key`'s value as written in the source
  ** ("array<i64: 1, 2>", "1 : si64", "\"numpy\""), with its length in *len;
  ** NULL when the op has no such attribute. */
  const char *(*attribute)(void *ctx, const char *key, size_t *len);
  void *ctx;
} ms_op_view;

/* Where an integer list comes from: an attribute (the first present of
** names) or the constant that defines an operand (-1: the last operand). */
typedef struct ms_int_source {
  int nnames;                  /* 0: from operand */
  const char *names[4];
  int operand;                 /* when nnames == 0; MS_MAX_OPERANDS: absent */
} ms_int_source;

/* How an op's result shape follows from its operands, besides its
** broadcast rule (the entry's "shape"). */
typedef struct ms_shape_spec {
  ms_shape_fn fn;              /* MS_SHAPE_FN_NONE: no shape function */
  int operand;                 /* same-as-operand */
  ms_int_source args;          /* permutation, axes, new shape, multiples, axis, sizes or starts */
  ms_int_source limits, strides; /* slice by limits (XLA); absent otherwise */
  ms_int_source starts;        /* slice by sizes: the starts (a start + size past the end gives `?`) */
  bool keep_dims;              /* reduce: keep reduced axes as 1 */
  ms_int_source keep_attr;     /* reduce: keep_dims read from an attribute when present */
} ms_shape_spec;

/* Constraint "region_flow": "branches" (each region's block arguments
** take the last operands' shapes: tosa.cond_if), "loop" (every region's
** take the operands' shapes, generalised to a fixed point over the last
** region: tosa.while_loop). */
enum { MS_REGION_FLOW_NONE, MS_REGION_FLOW_BRANCHES, MS_REGION_FLOW_LOOP };

typedef struct ms_rule_binding {
  bool has_rule;               /* false: the entry gives only a shape function */
  bool infer_like_tosa;        /* refine as `--tosa-infer-shapes` does (constraint "infer_like_tosa") */
  int min_result_rank;         /* constraint "min_result_rank": a ranked result #0 of lower rank is an error
                                  (ODS "tensor of at least rank 1"), 0: none */
  bool infer_only;             /* the shape function refines, but its dialect does not verify it: no finding */
  bool spec_warnings;          /* the dialect's verifier accepts what the shape function rejects, its specification
                                  does not: findings are `spec-violation` warnings (algebra entries only) */
  const char *spec_codes;      /* the algebra's codes only the specification checks, joined by commas, or NULL */
  const ms_layout *layout;     /* the entry's "syntax" (owned by the catalog), or NULL */
  const struct ms_sop_spec *algebra; /* the entry's "algebra" and "params" (sop_params.h), or NULL */
  int region_flow;             /* constraint "region_flow": how the operands' shapes enter the op's regions
                                  (MS_REGION_FLOW_*, region_flow.c) */
  ms_shape_spec shape;
  ms_rule rule;
  ms_broadcast_options opts;   /* axis, broadcast_dimensions, constraints */
  int noperands;               /* -1: all operands take part */
  int operands[MS_MAX_OPERANDS]; /* else these, in order */
  int target_operand;          /* bidirectional, unidirectional: operand whose defining
                                  constant holds the target shape; else -1 */
  int nshape_source;           /* max_broadcast_rank is waived when every operand is
                                  defined by an op whose operand #1 is defined by one
                                  same op named here (TFLite: a BroadcastArgs) */
  const char *shape_source[4];
  uint32_t static_operands;    /* bit i: operand i's type must be statically shaped */
  uint32_t constant_operands;  /* bit i: operand i must be the result of an op (a constant the verifier reads),
                                  never a block or function argument */
  char origin[160];            /* "rules/tosa.json: tosa.add" (file and pattern) */
  char description[256];       /* the entry's description, truncated */
  bool ok;                     /* false: see error */
  char error[256];             /* one line, when an option attribute is malformed
                                  or no `select` case applies */
} ms_rule_binding;

/* One entry as listed for reports (SARIF rule descriptors). The pointers
** stay valid until the next successful load or ms_catalog_delete. */
typedef struct ms_catalog_entry_info {
  const char *file;            /* the path given to ms_catalog_load */
  const char *match;           /* the patterns, joined with ", " */
  const char *description;
  const char *rules;           /* "mlir", or a select's rules "xla|numpy" */
  int line;                    /* 1-based line of the entry in its file */
} ms_catalog_entry_info;

/* An empty catalog; ms_catalog_delete frees it. NULL when out of memory. */
ms_catalog *ms_catalog_new(void);
void ms_catalog_delete(ms_catalog *self);

/* Parses one rule file (text of len bytes, named path in messages) and adds
** it with the highest precedence. On any error (JSON syntax, bad version,
** unknown field, wrong field type, unknown rule, bad pattern, bad operand
** index, ...) returns false, writes "PATH:LINE:COL: message" to err (1-based
** position of the offending value or key) and leaves self unchanged. */
bool ms_catalog_load(ms_catalog *self, const char *path, const char *text, size_t len,
                     char *err, size_t errlen);

/* Where the last failed ms_catalog_load* of self went wrong: the 1-based
** line and column in the rule file, and the offset in its err text of the
** message after "PATH:LINE:COL: ". False (and all zero) when the error has
** no position (unreadable file, out of memory) or nothing failed. */
typedef struct ms_catalog_error_at {
  int line, col;
  size_t message;
} ms_catalog_error_at;
bool ms_catalog_error_position(const ms_catalog *self, ms_catalog_error_at *out);

/* A project's own rules: the file of this name in a checked file's
** directory or the nearest parent (`check`, `shapes`, the server's
** workspace folder). */
#define MS_CATALOG_CONFIG_NAME ".mlir-shape.json"

/* The nearest MS_CATALOG_CONFIG_NAME at or above dir (an absolute path,
** ms_xstrdup'ed), or NULL. */
char *ms_catalog_find_config(const char *dir);

/* The largest rule file read: 16 MiB (the shipped ones are a few KB). */
#define MS_CATALOG_MAX_FILE ((size_t)16 << 20)

/* ms_catalog_load of a file's contents; I/O errors read
** "PATH: cannot read: <strerror>", and so do files that are not regular
** files or are larger than MS_CATALOG_MAX_FILE (refused unread). */
bool ms_catalog_load_file(ms_catalog *self, const char *path, char *err, size_t errlen);

/* Loads every embedded file (ms_builtin_rules) in order. Stops at the first
** error; the files before it stay loaded. */
bool ms_catalog_load_builtin(ms_catalog *self, char *err, size_t errlen);

/* The level a loaded file's "severity" or "ignore" gives a finding code
** (the last file that names it wins): 0 for off, else an ms_severity.
** False when no file names the code. */
bool ms_catalog_code_level(const ms_catalog *self, const char *code, int *level);

/* Number of entries over all loaded files. */
size_t ms_catalog_count(const ms_catalog *self);

/* Entry i in [0, ms_catalog_count) in load order (file by file, entries in
** file order). Returns false when i is out of range. */
bool ms_catalog_entry(const ms_catalog *self, size_t i, ms_catalog_entry_info *out);

/* Finds the entry for op and fills out. Returns false when no entry matches
** (an unknown op: the analyzer skips it silently). Returns true when one
** matches; then out->ok tells whether its options could be read from the
** op's attributes (else out->error says why and out->rule is still the
** entry's rule where one could be chosen). */
bool ms_catalog_bind(const ms_catalog *self, const ms_op_view *op, ms_rule_binding *out);

/* The constraint "region_flow" of the entry ms_catalog_bind would pick for
** the name (MS_REGION_FLOW_NONE: no entry, or none given): what a walk of a
** body asks of every op, without binding its options. */
int ms_catalog_region_flow(const ms_catalog *self, const char *name, size_t n);

/* What an editor shows about an op (completion, signature help): the entry
** that ms_catalog_bind would pick for the name, without the op's
** attributes. Pointers stay valid until the next load or delete. */
#define MS_CATALOG_MAX_ATTRS 12
typedef struct ms_catalog_op_info {
  const char *file, *pattern, *description;
  const char *rules;           /* "mlir", or a select's rules "xla|numpy" */
  bool has_rule;               /* a fixed rule (else chosen by `select`) */
  ms_rule rule;
  int noperands;               /* -1: all operands take part */
  int operands[MS_MAX_OPERANDS];
  int target_operand;          /* bidirectional: the target shape operand, else -1 */
  const char *attributes[MS_CATALOG_MAX_ATTRS]; /* attribute names the entry reads */
  int nattributes;
} ms_catalog_op_info;
bool ms_catalog_lookup(const ms_catalog *self, const char *name, size_t n, ms_catalog_op_info *out);

/* Pattern k of entry i (ms_catalog_entry's numbering); NULL past the last. */
const char *ms_catalog_pattern(const ms_catalog *self, size_t i, size_t k);

/* The "syntax" of the entry that op `name` binds to, or NULL (no entry, or
** one without a syntax). Valid until the next load or delete. */
const ms_layout *ms_catalog_layout(const ms_catalog *self, const char *name, size_t len);

/* A dialect attribute kind a loaded file declares in "attributes": the
** form its body `<...>` is written in ("conv_dims", "struct") and a
** struct's keys. `name` is the attribute's name up to its `<`
** (`#stablehlo.conv`); the last file that declares it wins. Valid until
** the next load or delete. */
typedef struct ms_attr_kind_view {
  const char *form;
  const char *const *keys;
  int nkeys;
} ms_attr_kind_view;
bool ms_catalog_attr_kind(const ms_catalog *self, const char *name, size_t n, ms_attr_kind_view *out);

#endif
