/*
** diag.h: diagnostics, the product of analysis.
**
** One list type shared by every producer (syntax errors, the broadcast
** rules, SSA type consistency) and every consumer (check's text/json/sarif
** output, the language server's publishDiagnostics). Ranges are byte
** offsets into the analysed text; consumers convert them to lines and
** columns of their own encoding. Messages are owned by the list.
*/
#ifndef MS_DIAG_H
#define MS_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "broadcast.h"

/* Codes of findings that do not come from the broadcast algebra. */
#define MS_CODE_SYNTAX "syntax-error"
#define MS_CODE_TYPE_MISMATCH "type-mismatch"   /* a use's type differs from its definition */
#define MS_CODE_RULE_OPTIONS "rule-options"     /* an op's broadcast attributes are malformed */
#define MS_CODE_CATALOG "catalog-error"         /* a rule file is broken (language server) */
#define MS_CODE_INVALID_TYPE "invalid-type"     /* a shaped type of a checked op cannot be valid */
#define MS_CODE_SHAPE_LIMIT "shape-limit"       /* a valid type beyond what is checked (rank > 32, huge dims) */
#define MS_CODE_PROPAGATED "propagated-shape-mismatch" /* valid at declared types, not at inferred ones */
#define MS_CODE_RESULT_MIN_RANK "result-min-rank" /* result #0 below the op's least rank (constraint min_result_rank) */
#define MS_CODE_SHAPE_FN "shape-function"      /* a shape-transforming op's arguments or result do not fit its operand */

typedef struct ms_diagnostic {
  uint32_t start, end;         /* byte range */
  ms_severity severity;
  const char *code;            /* static string, a MS_CODE_* */
  const char *rule;            /* "mlir", "numpy", ... or NULL */
  char *message;
  bool has_related;            /* the definition, or the conflicting operand */
  uint32_t related_start, related_end;
  char *related_message;
  /* Structured facts for later stages (fixes, hover, reports), so that
  ** nothing parses the message again. */
  int operand;                 /* the operand it is about, MS_FINDING_* or -1 */
  int dim;                     /* the dim, or -1 */
  uint32_t value;              /* the value (records.h) it is about, or UINT32_MAX */
  /* A message that names a place by line:col ("(from \"tf.AddV2\" at
  ** 2:8)") keeps where: message[msg_at_start, msg_at_end) is that text,
  ** for the text offset msg_at. A language server whose unit moved
  ** without being analysed again writes the place anew
  ** (ms_diag_message_at) instead of parsing the message. */
  bool has_msg_at;
  uint32_t msg_at_start, msg_at_end, msg_at;
  uint32_t op_start, op_end;   /* the op the finding is about (suppression comments,
                                  baseline fingerprints); 0,0 when not known */
  bool has_fix;                /* the preferred fix, which `check --fix` and the quick fix
                                  apply: replace [fix_start, fix_end) by fix_text (owned) */
  uint32_t fix_start, fix_end;
  char *fix_text;
} ms_diagnostic;

typedef struct ms_diag_list {
  ms_diagnostic *items;
  size_t count, cap;
} ms_diag_list;

void ms_diag_list_init(ms_diag_list *self);
/* Frees every message and the array; the list is empty and reusable after. */
void ms_diag_list_clear(ms_diag_list *self);

/* Appends a diagnostic with a printf-style message; returns it (valid until
** the next add). Never fails: aborts on out of memory. */
ms_diagnostic *ms_diag_list_add(ms_diag_list *self, uint32_t start, uint32_t end, ms_severity severity,
                                const char *code, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

/* Appends a deep copy of d; returns it (valid until the next add). */
ms_diagnostic *ms_diag_list_add_copy(ms_diag_list *self, const ms_diagnostic *d);

/* Attaches related information (one location) to d. */
void ms_diag_set_related(ms_diagnostic *d, uint32_t start, uint32_t end, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Attaches a fix (replace [start, end) by text) to d. Only for findings
** whose file is invalid at that op: a fix never changes what a valid file
** means. */
void ms_diag_set_fix(ms_diagnostic *d, uint32_t start, uint32_t end, const char *text);

/* Adds delta to every byte offset of d (range, related, op, fix). */
void ms_diag_shift(ms_diagnostic *d, int64_t delta);

/* d's message with its line:col place (has_msg_at) written as line:col
** (1-based); a copy of the message when it names no place. Caller frees. */
char *ms_diag_message_at(const ms_diagnostic *d, unsigned line, unsigned col);

/* Frees what d owns (message, related message, fix text). */
void ms_diag_free(ms_diagnostic *d);

/* Moves every diagnostic of src to the end of self, adding `shift` to all
** byte offsets; src is left empty. */
void ms_diag_list_take(ms_diag_list *self, ms_diag_list *src, int64_t shift);

/* Sorts by start offset, then end, keeping the order of equal ranges. */
void ms_diag_list_sort(ms_diag_list *self);

/* "error", "warning", "information", "hint". */
const char *ms_severity_name(ms_severity severity);
/* Parses the above (and "info", "note"); false when unknown. */
bool ms_severity_from_name(const char *name, ms_severity *out);

#endif
