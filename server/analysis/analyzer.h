/*
** analyzer.h: from a tree-sitter tree to diagnostics and inferred shapes.
**
** The analyzer walks the ops of a tree (generic ops, and custom-syntax ops
** whose types are spelled out), finds each op's rule in the catalog, reads
** operand and result types and the rule's options, applies the broadcast
** algebra, and checks SSA consistency (every use carries the type of its
** definition). It also reports syntax errors, once per ERROR/MISSING region.
**
** Units: the walk can be limited to a byte range. Values never cross a
** function (IsolatedFromAbove), so the language server re-analyses only the
** top-level units (ms_analyzer_units) that an edit touched, and `check`
** analyses a large file one chunk of units at a time.
*/
#ifndef MS_ANALYZER_H
#define MS_ANALYZER_H

#include <stdbool.h>
#include <stdint.h>
#include <tree_sitter/api.h>

#include "broadcast.h"
#include "aliases.h"
#include "catalog.h"
#include "diag.h"
#include "records.h"

/* A worker's own pools (`check`): a unit's records are built into rec
** (reset first, its pools kept from unit to unit) with ssa (ms_ssa_new)
** as the table of names, and the analysis keeps nothing of them, only
** its findings and inferences. Freed by ms_analyzer_scratch_clear. */
typedef struct ms_analyzer_scratch {
  ms_records rec;
  ms_ssa *ssa;
} ms_analyzer_scratch;

void ms_analyzer_scratch_init(ms_analyzer_scratch *self);
void ms_analyzer_scratch_clear(ms_analyzer_scratch *self);

typedef struct ms_analyzer_options {
  bool strict;                 /* mlir rule: the document's profile */
  const ms_alias_table *aliases; /* the text's `!name = type` aliases, or NULL */
  ms_analyzer_scratch *scratch;  /* NULL: each unit's records are new, and the first kept (ms_analysis.rec) */
} ms_analyzer_options;

/* What the analyzer inferred for one checked op (for hover, inlay hints and
** code actions). 32 bytes: the inferred type's text lives once in the
** analysis's `strings` (ms_inference_type), shared by the ops that infer
** the same type one after another. */
typedef struct ms_inference {
  uint32_t op_start, op_end;       /* the op node */
  uint32_t name_start, name_end;   /* its name token */
  uint32_t result_start, result_end; /* the declared result type token; 0,0 if none */
  uint32_t inferred;               /* offset of the inferred result type ("tensor<2x3xi32>") in strings */
  uint8_t rule;                    /* ms_rule */
  bool has_inferred;
  bool result_differs;             /* declared result less precise than the inferred
                                      (unranked, `?` for a known size) or contradicting it */
} ms_inference;

/* What inference knows of one value of the value table (records.h),
** beyond its declared type. */
typedef struct ms_value_info {
  char *inferred;        /* the inferred type when more precise than declared ("tensor<2x3xf32>"), else NULL */
  uint32_t producer;     /* the op whose rule or shape function inferred it, MS_NONE */
  bool broken;           /* its inferred shape breaks an op already reported (one error per root cause) */
  bool parser_typed;     /* a result its op's syntax leaves unwritten (`vector.outerproduct`, `arith.cmpf`):
                         ** the inferred type is the one its parser gives, its exact type, no refinement */
} ms_value_info;

typedef struct ms_analysis {
  ms_diag_list diags;
  ms_inference *inferences;
  size_t ninferences, cap;
  char *strings;         /* the inferences' types, each ending in NUL */
  size_t nstrings, cap_strings;
  /* The unit's op records and value table, and per value what inference
  ** found (info[i] for rec.values[i]); kept by the language server. */
  ms_records rec;
  ms_value_info *info;   /* NULL when no value's inferred type is more precise than declared */
  /* A stored analysis (the first unit analysed into it) holds rec's pools,
  ** info and, while inline_inferences, inferences and strings in this one
  ** allocation: no pool of it may grow (an inference added later moves
  ** inferences and strings out first). */
  void *block;
  bool inline_inferences;
} ms_analysis;

void ms_analysis_init(ms_analysis *self);

/* A stored analysis: what the language server keeps per unit, everything
** of an ms_analysis (records, value infos, inferences, their types) in
** one allocation behind a 64-byte header of 32-bit counts, instead of an
** ms_analysis of ~260 bytes beside its block. Read through a view. */
typedef struct ms_stored_analysis ms_stored_analysis;
/* Moves an's content (shifted as it is to be kept) into a stored analysis,
** in place when an holds one block (the first unit analysed into it);
** an is empty after. `generation` identifies the analysis (session.h). */
ms_stored_analysis *ms_analysis_store(ms_analysis *an, uint64_t generation);
/* Fills *view with s's content: read-only, pointers into s, valid while s
** lives (never cleared or changed through the view). */
void ms_stored_analysis_view(const ms_stored_analysis *s, ms_analysis *view);
uint64_t ms_stored_analysis_generation(const ms_stored_analysis *s);
void ms_stored_analysis_free(ms_stored_analysis *s);
/* An edit that ended at `from` (an offset in s) moved what follows by
** delta: s's spans move in place as ms_records_shift_from's, and s takes
** a new generation (the language server keeps a cut function's later
** pieces when an edit leaves what they read unchanged). */
void ms_stored_analysis_shift_from(ms_stored_analysis *s, uint32_t from, int64_t delta, uint64_t generation);
/* The inferred result type of inf, one of self's inferences ("" when it has none). */
const char *ms_inference_type(const ms_analysis *self, const ms_inference *inf);
/* Empties diagnostics and inferences (the struct stays usable). */
void ms_analysis_clear(ms_analysis *self);

/* Analyses the ops of `root`'s tree that START in [start, end) (pass 0 and
** UINT32_MAX for all), appending to out: broadcast findings, SSA type
** mismatches and the inferences. `text` is the whole text the tree was
** parsed from. Syntax errors are not included (ms_analyze_syntax). */
void ms_analyze(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode root, const char *text,
                uint32_t start, uint32_t end, ms_analysis *out);

/* Analyses every op inside `node` (typically a unit from ms_analyzer_units),
** appending to out as ms_analyze does. */
void ms_analyze_node(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode node, const char *text,
                     ms_analysis *out);

/* Judges the records of one region given in pieces (flow.h): applies the
** catalog's op syntax to rec's ops from first_op on, then judges them and
** the arguments among its values from first_value on, in text order,
** appending to out. shape and info (one per value of rec, kept by the
** caller across pieces: NULL, and producer MS_NONE, for a new value) are
** what inference knows of every value so far. */
void ms_analyze_records_from(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text,
                             ms_records *rec, size_t first_op, size_t first_value, ms_shape **shape,
                             ms_value_info *info, ms_analysis *out);

/* Everything the hover shows about one checked op. */
typedef struct ms_op_detail {
  uint32_t op_start, op_end, name_start, name_end;
  uint32_t result_start, result_end;     /* declared result type token; 0,0 if none */
  char name[128];                        /* "test.broadcastable" */
  ms_rule rule;
  ms_broadcast_options opts;
  char origin[160];                      /* rule file and pattern */
  char description[256];
  int noperands;                         /* operands taking part (rows' columns) */
  char operand_names[MS_MAX_OPERANDS][48];
  char operand_types[MS_MAX_OPERANDS][128];
  char result_type[128];                 /* "" when none */
  ms_broadcast_result result;            /* findings and the derivation rows */
  char inferred[512];                    /* "" when nothing could be inferred, or the type
                                            (a long encoding) does not fit: never cut */
  char algebra[48];                      /* a structured op's shape function ("dot_general"), else "" */
  char provenance[512];                  /* its result's dims and where each comes from, "; " between */
} ms_op_detail;

/* Analyses `unit` and fills out for the innermost op containing byte pos
** that the catalog knows and whose types could be read. False when none. */
bool ms_analyze_op_at(const ms_catalog *catalog, const ms_analyzer_options *opts, TSNode unit, const char *text,
                      uint32_t pos, ms_op_detail *out);

/* ms_analyze_op_at on a stored analysis (session.h): its records' spans
** are relative to `base`, an offset into `text` (the whole document). No
** tree is walked: the rule is applied again to the stored record of the
** innermost op containing byte pos (absolute) that the catalog knows. */
bool ms_analysis_op_detail(const ms_catalog *catalog, const ms_analyzer_options *opts, const ms_analysis *self,
                           const char *text, uint32_t base, uint32_t pos, ms_op_detail *out);

/* SSA values of a unit, for hover, definition, references and highlights:
** fn is called for every definition (def == use) and every use of a value,
** in text order; `def` is NULL for a use whose definition is unknown. The
** ms_ssa_def pointer is valid only during the call. */
typedef struct ms_ssa_def ms_ssa_def;
void ms_analyze_values(TSNode unit, const char *text,
                       void (*fn)(void *ctx, uint32_t use_start, uint32_t use_end, const ms_ssa_def *def),
                       void *ctx);

/* The inferred type of value v of a stored analysis (NULL when it is not
** more precise than declared). */
const char *ms_analysis_inferred(const ms_analysis *self, uint32_t v);

/* Adds delta to every byte offset of an analysis (to store it relative to
** its unit, or back). */
void ms_analysis_shift(ms_analysis *self, int64_t delta);

/* Appends one syntax-error diagnostic per ERROR or MISSING region of root
** that starts in [start, end). */
void ms_analyze_syntax(TSNode root, const char *text, uint32_t start, uint32_t end, ms_diag_list *out);

/* The top-level units of a tree: ops at the top level or directly inside a
** module (builtin.module, generic or pretty), in order. Writes up to max
** nodes and returns how many there are (call again with a bigger array when
** that is more than max). One pass over the module's children. */
size_t ms_analyzer_units(TSNode root, const char *text, TSNode *units, size_t max);

#endif
