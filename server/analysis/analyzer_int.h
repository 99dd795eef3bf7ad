/*
** analyzer_int.h: what analyzer.c, analyzer_attrs.c, analyzer_infer.c and
** analyzer_store.c share (private to the analysis stage: beyond them only
** flow.c and region_flow.c, which judge with the analyzer, include it). The analyzer's state while it judges one unit's records,
** and the helpers one part of the judging lends another.
*/
#ifndef MS_ANALYZER_INT_H
#define MS_ANALYZER_INT_H

#include "analyzer.h"
#include "shape.h"

#define MS_RECENT_TYPES 8


typedef struct analyzer {
  const ms_catalog *catalog;
  const ms_analyzer_options *opts;
  const char *text;
  ms_analysis *out;
  const ms_records *rec;
  ms_shape **shape;      /* per value: its inferred shape when refined, else NULL */
  ms_value_info *info;
  /* ms_analyze_op_at: the op to describe. */
  uint32_t detail_pos;
  ms_op_detail *detail;
  bool found;
  /* ms_analysis_op_detail of an op whose results have no written type (a
  ** pretty single-type op): its operands at their inferred shapes, its
  ** result as they infer it. */
  bool detail_untyped;
  uint32_t detail_op;    /* the op the detail describes */
  /* The types the analysis's strings got last (record_inference). */
  uint32_t recent[MS_RECENT_TYPES];
  int nrecent;
} analyzer;

typedef struct attr_lookup {
  const analyzer *w;
  const ms_op *op;
} attr_lookup;

typedef struct rule_inputs {
  int n;
  int index[MS_MAX_OPERANDS];      /* original operand index, -1 for a target shape */
  ms_shape shapes[MS_MAX_OPERANDS];
  char names[MS_MAX_OPERANDS][48];
  const char *name_ptrs[MS_MAX_OPERANDS];
} rule_inputs;

/* analyzer.c: types and operands as the rules read them. */
void copy_span(char *dst, size_t n, const char *text, ms_span s);

/* src into dst[n] whole, or "" when it does not fit (a type cut short
** would be a wrong type). */
void copy_whole(char *dst, size_t n, const char *src);

/* The shape's type text whole, however long (a sparse encoding of a
** hundred characters is not cut): a malloc'd string the caller frees. */
char *type_text_dup(const ms_shape *s);
bool operand_constant(const analyzer *w, const ms_op *op, int i, int64_t *out, int *n);
ms_span operand_range(const analyzer *w, const ms_op *op, int i);
bool operand_shape(analyzer *w, const ms_op *op, int i, ms_shape *out);
uint32_t operand_value(const analyzer *w, const ms_op *op, int i);
const ms_span *out_type(const analyzer *w, const ms_op *op, uint32_t i);
ms_span resolve(const analyzer *w, ms_span t);
void apply_rule(analyzer *w, uint32_t opi);
void judge_op(analyzer *w, size_t i);

/* analyzer_attrs.c: the attribute key of l (an attr_lookup) as the rules
** read it (*len its length; NULL when the op has none). op_dict_alias:
** 1 and *def the `{...}` value when the op's attribute dictionary is an
** alias the file defines before it, -1 when it is one it does not define,
** 0 when it has none. */
const char *lookup_attr(void *ctx, const char *key, size_t *len);
int op_dict_alias(const analyzer *w, const ms_op *op, ms_span *def);

/* region_flow.c: op i and, when its entry has "region_flow", the ops of its
** regions, with shapes carried into them; returns the next op's index. */
size_t judge_tree(analyzer *w, size_t i);

/* analyzer_store.c: a unit's records, value infos and inferences moved
** into one allocation of the analysis that keeps them (rec and info are
** taken; info is dropped when no value has an inferred type), and
** inferences moved back out before one is added. */
void ms_analysis_pack(ms_analysis *self, ms_records *rec, ms_value_info *info);
void ms_analysis_unpack_inferences(ms_analysis *self);

/* analyzer_infer.c: inference by rule, shape function and structured algebra. */
void apply_algebra(analyzer *w, uint32_t opi, const ms_rule_binding *b, attr_lookup *attrs);
void check_static_operands(analyzer *w, const ms_op *op, const ms_rule_binding *b);
void check_constant_operands(analyzer *w, const ms_op *op, const ms_rule_binding *b);
void infer_by_rule(analyzer *w, uint32_t opi, const ms_rule_binding *b, rule_inputs *in, ms_shape *results, int nres, const ms_broadcast_result *declared_res);
void infer_by_shape_fn(analyzer *w, uint32_t opi, const ms_rule_binding *b);
void meet_shape_fn(analyzer *w, const ms_op *op, const ms_rule_binding *b, ms_shape *result);
bool shapes_from_one_source(const analyzer *w, const ms_op *op, const rule_inputs *in, const ms_rule_binding *b);
void type_unwritten_result(analyzer *w, uint32_t opi, const ms_shape *inferred);
void set_value_shape(analyzer *w, uint32_t v, const ms_shape *shape, uint32_t producer, bool shown);

#endif
