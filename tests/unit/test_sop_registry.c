/*
** Unit tests of the structured-op registry (server/algebra/sop.c): every
** family's functions are found by their names, and no two families define
** the same name (a second definition would be unreachable, and a rule
** naming it would get the first family's semantics without a word).
*/
#include <criterion/criterion.h>
#include <string.h>
#include "sop.h"

Test(sop_registry, names_are_unique) {
  const ms_sop_def *a, *b;
  size_t n = 0;
  for (size_t i = 0; (a = ms_sop_at(i)); i++, n++)
    for (size_t k = i + 1; (b = ms_sop_at(k)); k++)
      cr_expect(strcmp(a->name, b->name) != 0, "algebra function \"%s\" is defined twice", a->name);
  cr_assert_gt(n, 50, "only %zu algebra functions registered", n);
}

Test(sop_registry, lookup_finds_each_definition) {
  const ms_sop_def *a;
  for (size_t i = 0; (a = ms_sop_at(i)); i++)
    cr_expect_eq(ms_sop_lookup(a->name, strlen(a->name)), a, "\"%s\" resolves elsewhere", a->name);
  cr_expect_null(ms_sop_lookup("no_such_function", 16));
}
