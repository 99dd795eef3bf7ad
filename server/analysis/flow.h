/*
** flow.h: one long function analysed piece by piece, with one value table.
**
** `check` cuts the body of a long function into pieces (source.h,
** MS_UNIT_FLOW_*) that workers parse in parallel, each into op records of
** its own (ms_records_build on the piece's tree, which is then freed). The
** flow takes those records in text order: it appends each piece to the
** function's records, links the piece's uses of values that earlier pieces
** define (values flow forward: a piece needs only the table of what came
** before it), and judges the piece's ops against that one table. The
** findings are those of ms_analyze on the whole function; what is kept
** between pieces is what inference knows of each value still named
** further on (ms_flow_forget), never a tree.
*/
#ifndef MS_FLOW_H
#define MS_FLOW_H

#include "analyzer.h"

typedef struct ms_flow ms_flow;

/* A function to come; catalog, opts (copied) and text outlive it. */
ms_flow *ms_flow_new(const ms_catalog *catalog, const ms_analyzer_options *opts, const char *text);

/* The next piece: the first is the function's head (the function op, its
** arguments and the first ops of its body: records of ops starting before
** `cut`, the first cut in the body); later ones hold ops directly in the
** body and what they nest. Takes piece's records (left empty: a later
** piece's keep their pools for the caller to reuse, ms_records_reset, or
** free, ms_records_clear) and appends the piece's findings to out. */
void ms_flow_add(ms_flow *self, ms_records *piece, uint32_t cut, ms_diag_list *out);

/* As ms_flow_add, but what judging the piece gave is stored in out (empty,
** ms_analysis_init) as ms_analyze_node stores a unit: its findings and
** inferences, and its records behind the proxies of the earlier values
** and ops it reads (their spans those of their definitions, before the
** piece) with every value's inferred type. The language server keeps one
** per piece (hover, definitions, inlay hints read it). */
void ms_flow_add_stored(ms_flow *self, ms_records *piece, uint32_t cut, ms_analysis *out);

/* After the piece holding it: `at`, an occurrence of `%x` (lastuse.h), was
** the last to name the values `%x`, `%x#k` defined before it. They lose
** their names, and the table keeps of them only what a value that still
** has one leads to. */
void ms_flow_forget(ms_flow *self, ms_span at);

/* Calls fn(ctx, span) for every span of the text that judging a later
** piece may read back through the table: its values' definitions and
** types, its ops' names and constants, the function's name. `check` keeps
** their pages mapped (ms_source_keep). */
void ms_flow_each_span(const ms_flow *self, void (*fn)(void *ctx, ms_span span), void *ctx);

/* A deep copy of the table as it stands between two pieces: judging the
** next pieces on it gives what judging them on self would. The language
** server keeps one to judge a function again from an edited piece. */
ms_flow *ms_flow_copy(const ms_flow *self);

/* The text moved (same bytes up to where the table's spans reach). */
void ms_flow_set_text(ms_flow *self, const char *text);

/* An edit replaced [a, old_end) of the text, shifting what follows by
** delta: the table's spans move, and what the edit touched is marked
** (never the same as anything, for ms_flow_same). */
void ms_flow_shift_from(ms_flow *self, uint32_t a, uint32_t old_end, int64_t delta);

/* Whether a and b, two tables of one function after the same piece, give
** any later piece the same proxies: the same names, each with the same
** value, op, operand #1, producer and inference (spans included). Two
** tables judged from one table (copies of it, each given one piece, moved
** by edits from where that table's spans end) are compared on what their
** pieces wrote only: the names they gave values, and the earlier values
** they marked as a reported root cause; others, whole. */
bool ms_flow_same(const ms_flow *a, const ms_flow *b);

void ms_flow_delete(ms_flow *self);

#endif
