/*
** test_aliases.c: the type alias table (aliases.h): scanning, the nearest
** definition before a use, aliases of aliases, and the facts the language
** server uses to decide whether an edit touches a definition.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aliases.h"

static bool resolves_to(const ms_alias_table *t, const char *text, const char *use_at, const char *want) {
  uint32_t start = (uint32_t)(use_at - text), end = start + 1, s, e;
  while (text[end] && (text[end] == '_' || text[end] == '.' || (text[end] >= 'a' && text[end] <= 'z') ||
                       (text[end] >= '0' && text[end] <= '9')))
    end++;
  if (!ms_alias_table_resolve(t, text, start, end, &s, &e)) return want == NULL;
  return want && e - s == strlen(want) && !memcmp(text + s, want, e - s);
}

Test(aliases, nearest_definition_before_the_use) {
  const char *text =
      "!t = tensor<2x3xf32>\n"
      "func.func @f(%a: !t) { return }\n"
      "// -----\n"
      "!t = tensor<4xi8>\n"
      "func.func @g(%a: !t) { return }\n";
  ms_alias_table *t = ms_alias_table_scan(text, strlen(text));
  cr_assert_eq(ms_alias_table_count(t), 2);
  cr_assert(resolves_to(t, text, strstr(text, "!t) {"), "tensor<2x3xf32>"));
  cr_assert(resolves_to(t, text, strstr(strstr(text, "@g"), "!t"), "tensor<4xi8>"),
            "a later definition wins after it");
  ms_alias_table_delete(t);
}

Test(aliases, aliases_of_aliases_and_unknown_names) {
  const char *text =
      "!inner = tensor<?x4xf32>\n"
      "!outer = !inner\n"
      "func.func @f(%a: !outer, %b: !nothing) { return }\n";
  ms_alias_table *t = ms_alias_table_scan(text, strlen(text));
  cr_assert(resolves_to(t, text, strstr(text, "!outer,"), "tensor<?x4xf32>"));
  cr_assert(resolves_to(t, text, strstr(text, "!nothing"), NULL), "an unknown alias resolves to nothing");
  ms_alias_table_delete(t);
}

Test(aliases, use_before_definition_is_not_resolved) {
  const char *text = "func.func @f(%a: !late) { return }\n!late = tensor<1xf32>\n";
  ms_alias_table *t = ms_alias_table_scan(text, strlen(text));
  cr_assert_eq(ms_alias_table_count(t), 1);
  cr_assert(resolves_to(t, text, strstr(text, "!late"), NULL));
  ms_alias_table_delete(t);
}

Test(aliases, edits_that_touch_definitions) {
  const char *text = "!t = tensor<2xf32>\nfunc.func @f(%a: !t) { return }\n";
  ms_alias_table *t = ms_alias_table_scan(text, strlen(text));
  uint32_t def_end = ms_alias_table_end(t);
  cr_assert_gt(def_end, 0);
  cr_assert_leq(def_end, (uint32_t)(strchr(text, '\n') - text) + 1);
  cr_assert(ms_alias_table_touches(t, 5, 6), "an edit inside the definition touches it");
  uint32_t body = (uint32_t)(strstr(text, "return") - text);
  cr_assert(!ms_alias_table_touches(t, body, body + 1), "an edit in a function body does not");
  ms_alias_table_delete(t);
}

Test(aliases, empty_text) {
  ms_alias_table *t = ms_alias_table_scan("", 0);
  cr_assert_eq(ms_alias_table_count(t), 0);
  cr_assert_eq(ms_alias_table_end(t), 0);
  ms_alias_table_delete(t);
}

/* Issue 21, class 14: resolution used to stop after 8 links. */
Test(aliases, chains_of_any_length_and_self_reference_end) {
  char *text = malloc(64 * 1024);
  char *p = text + sprintf(text, "!t0 = tensor<2x3xf32>\n");
  for (int i = 1; i <= 2000; i++) p += sprintf(p, "!t%d = !t%d\n", i, i - 1);
  sprintf(p, "!s = !s\nfunc.func @f(%%a: !t2000, %%b: !s) {\n");
  ms_alias_table *t = ms_alias_table_scan(text, strlen(text));
  cr_assert(resolves_to(t, text, strstr(text, "!t2000,"), "tensor<2x3xf32>"));
  /* `!s = !s`: the definition's own text, no further. */
  cr_assert(resolves_to(t, text, strstr(text, "!s) {"), "!s"));
  ms_alias_table_delete(t);
  free(text);
}
