/*
** test_diag.c: diagnostics lists (diag.h): messages, related information,
** structured facts and fixes, moving between lists with a shift, sorting,
** and severity names.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "diag.h"

Test(diag, add_keeps_structured_facts_and_fix) {
  ms_diag_list l;
  ms_diag_list_init(&l);
  ms_diagnostic *d = ms_diag_list_add(&l, 10, 5, MS_SEVERITY_ERROR, MS_CODE_TYPE_MISMATCH, NULL, "%s is %d", "x", 3);
  cr_assert_eq(d->end, 10, "an end before the start is clamped to it");
  cr_assert_str_eq(d->message, "x is 3");
  cr_assert_eq(d->operand, -1);
  cr_assert_eq(d->dim, -1);
  cr_assert_eq(d->value, UINT32_MAX);
  cr_assert(!d->has_fix);
  ms_diag_set_fix(d, 12, 20, "tensor<4xf32>");
  ms_diag_set_related(d, 1, 2, "defined here");
  cr_assert(d->has_fix && d->fix_start == 12 && d->fix_end == 20);
  cr_assert_str_eq(d->fix_text, "tensor<4xf32>");
  cr_assert_str_eq(d->related_message, "defined here");
  ms_diag_list_clear(&l);
  cr_assert_eq(l.count, 0);
}

Test(diag, take_shifts_every_offset) {
  ms_diag_list a, b;
  ms_diag_list_init(&a);
  ms_diag_list_init(&b);
  ms_diagnostic *d = ms_diag_list_add(&b, 1, 2, MS_SEVERITY_WARNING, MS_CODE_SYNTAX, NULL, "m");
  ms_diag_set_related(d, 3, 4, "r");
  ms_diag_set_fix(d, 5, 6, "f");
  ms_diag_list_take(&a, &b, 100);
  cr_assert_eq(b.count, 0, "the source is emptied");
  cr_assert_eq(a.count, 1);
  const ms_diagnostic *x = &a.items[0];
  cr_assert(x->start == 101 && x->end == 102 && x->related_start == 103 && x->related_end == 104);
  cr_assert(x->fix_start == 105 && x->fix_end == 106);
  ms_diag_list_clear(&a);
  ms_diag_list_clear(&b);
}

Test(diag, sort_is_stable_by_range) {
  ms_diag_list l;
  ms_diag_list_init(&l);
  ms_diag_list_add(&l, 9, 10, MS_SEVERITY_HINT, MS_CODE_SYNTAX, NULL, "c");
  ms_diag_list_add(&l, 1, 5, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "a");
  ms_diag_list_add(&l, 1, 5, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "b");
  ms_diag_list_add(&l, 1, 3, MS_SEVERITY_ERROR, MS_CODE_SYNTAX, NULL, "first");
  ms_diag_list_sort(&l);
  cr_assert_str_eq(l.items[0].message, "first");
  cr_assert_str_eq(l.items[1].message, "a", "equal ranges keep their order");
  cr_assert_str_eq(l.items[2].message, "b");
  cr_assert_str_eq(l.items[3].message, "c");
  ms_diag_list_clear(&l);
}

Test(diag, severity_names_round_trip) {
  ms_severity s;
  for (int i = MS_SEVERITY_ERROR; i <= MS_SEVERITY_HINT; i++) {
    cr_assert(ms_severity_from_name(ms_severity_name((ms_severity)i), &s));
    cr_assert_eq((int)s, i);
  }
  cr_assert(ms_severity_from_name("info", &s) && s == MS_SEVERITY_INFORMATION);
  cr_assert(!ms_severity_from_name("fatal", &s));
}
