/*
** codes.h: the registry of finding codes, one row per code.
**
** Every code a diagnostic can carry (diag.h's MS_CODE_*, broadcast.h's
** finding codes, and the linter's own, such as `unused-suppression`) has one
** entry here: its default severity, a one-line summary, a full explanation,
** a wrong and a right example, where the rule comes from and whether
** `check --fix` can repair it. `mlir-shape explain`, SARIF rule descriptors
** (shortDescription, fullDescription, help), docs/codes.md, and the
** validation of --select/--ignore and of the config's "severity"/"ignore"
** all read this table. Adding a code is adding one row to codes.c
** (tests/unit/test_codes.c fails when a code in the sources has no row).
*/
#ifndef MS_CODES_H
#define MS_CODES_H

#include <stdbool.h>
#include <stddef.h>

#include "broadcast.h"

#define MS_CODE_UNUSED_SUPPRESSION "unused-suppression" /* a disable directive that suppresses nothing */

typedef struct ms_code_info {
  const char *name;            /* "incompatible-dims" */
  ms_severity severity;        /* the usual severity of its findings */
  const char *summary;         /* one sentence */
  const char *explanation;     /* paragraphs (Markdown-safe plain text) */
  const char *wrong;           /* MLIR that gets the finding */
  const char *right;           /* the same, corrected */
  const char *source;          /* the rule and document it comes from */
  bool fixable;                /* `check --fix` has a fix for it */
} ms_code_info;

/* The codes of the structured-op shape functions: one table per area
** (codes_sop.c, codes_sop_families.c, ...), listed in codes.c's `tables`
** and read through the functions below like the first. */
extern const ms_code_info ms_codes_sop[];
extern const size_t ms_codes_sop_count;
extern const ms_code_info ms_codes_sop_families[]; /* codes_sop_families.c */
extern const ms_code_info ms_codes_torch[];        /* codes_torch.c */
extern const size_t ms_codes_torch_count;
extern const ms_code_info ms_codes_tosa[]; /* codes_tosa.c */
extern const size_t ms_codes_tosa_count;
extern const ms_code_info ms_codes_tosa_ops[]; /* codes_tosa_ops.c */
extern const size_t ms_codes_tosa_ops_count;
extern const size_t ms_codes_sop_families_count;
extern const ms_code_info ms_codes_hlo[];          /* codes_hlo.c */
extern const ms_code_info ms_codes_hlo_attrs[];    /* codes_hlo_attrs.c */
extern const size_t ms_codes_hlo_attrs_count;
extern const ms_code_info ms_codes_tuple[];        /* codes_tuple.c */
extern const size_t ms_codes_tuple_count;
extern const ms_code_info ms_codes_attr_forms[];  /* codes_attr_forms.c */
extern const size_t ms_codes_attr_forms_count;
extern const ms_code_info ms_codes_vector_mask[];  /* codes_vector_mask.c */
extern const size_t ms_codes_vector_mask_count;
extern const size_t ms_codes_hlo_count;
extern const ms_code_info ms_codes_onnx[];        /* codes_onnx.c */
extern const size_t ms_codes_onnx_count;
extern const ms_code_info ms_codes_tensor[]; /* codes_tensor.c */
extern const size_t ms_codes_tensor_count;
extern const ms_code_info ms_codes_region_ops[]; /* codes_region_ops.c */
extern const size_t ms_codes_region_ops_count;

/* The entry of a code, or NULL when it is not registered. */
const ms_code_info *ms_code_find(const char *name);

/* The entries, in table order. */
size_t ms_code_count(void);
const ms_code_info *ms_code_at(size_t i);

/* "a, b, c": every registered name, into buf (truncated with "..."). */
void ms_code_names(char *buf, size_t buflen);

/* The explanation as `mlir-shape explain` prints it (plain text). Caller
** frees. */
char *ms_code_text(const ms_code_info *c);

/* The same as Markdown (SARIF help.markdown; a section of docs/codes.md,
** headed "## NAME"). Caller frees. */
char *ms_code_markdown(const ms_code_info *c);

/* The whole of docs/codes.md. Caller frees. */
char *ms_codes_document(void);

/* Where `helpUri` points for a code. Returns buf. */
const char *ms_code_help_uri(const char *name, char *buf, size_t buflen);

#endif
