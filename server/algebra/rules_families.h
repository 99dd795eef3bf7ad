/*
** rules_families.h: the broadcast rules of dialect families beyond the
** seven of broadcast.c (TFLite, StableHLO, ONNX), and the constraints that
** apply after any rule (TFLite's broadcast rank limits, StableHLO bounds).
**
** Internal to the algebra: broadcast.c dispatches MS_RULE_UNIDIRECTIONAL and
** MS_RULE_SAME_OR_SCALAR here and calls ms_family_constraints after every
** rule. Pure: no I/O, no allocation, fixed arrays only.
*/
#ifndef MS_RULES_FAMILIES_H
#define MS_RULES_FAMILIES_H

#include "broadcast.h"

/* Runs rule (one of the family rules) into out, which ms_broadcast_check
** has cleared. Returns false when rule is not a family rule. */
bool ms_family_rule(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands, int noperands,
                    const char *const *names, const ms_shape *results, int nresults, ms_broadcast_result *out);

/* The constraints of opts that hold whatever the rule (max_broadcast_rank;
** bounds of dynamic dims against static sizes for the rules whose shapes
** must be identical), appended to out's findings. Returns false when one
** is an error. */
bool ms_family_constraints(ms_rule rule, const ms_broadcast_options *opts, const ms_shape *operands,
                           int noperands, const char *const *names, const ms_shape *results, int nresults,
                           ms_broadcast_result *out);

#endif
