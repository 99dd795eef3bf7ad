/*
** test_verify.c: unit tests of verify.h: annotation parsing with every
** designator, and matching in both directions.
*/
#include <criterion/criterion.h>
#include <string.h>

#include "verify.h"

static const char text[] =
  "op0 // expected-error {{same line}}\n"            /* 0 */
  "// expected-warning@+1 {{plus one}}\n"            /* 1 */
  "op2\n"                                            /* 2 */
  "// expected-note @-1 {{minus one}}\n"             /* 3 */
  "// expected-remark@above {{above}}\n"             /* 4 */
  "// expected-error@below {{below a}}\n"            /* 5 */
  "// expected-error @below {{below {{b}} }}\n"      /* 6 */
  "op7\n"                                            /* 7 */
  "// expected-bogus {{x}} and expected-error {{}\n" /* 8 */
  "// expected-error@below {{dropped at the end}}\n";/* 9 */

static void parse(ms_source *s, ms_expectations *ex) {
  ms_source_init_text(s, "v.mlir", text, strlen(text));
  ms_expectations_init(ex);
  ms_expectations_parse(ex, s, 0, (uint32_t)s->len);
}

Test(verify, annotations) {
  ms_source s;
  ms_expectations ex;
  parse(&s, &ex);
  cr_assert_eq(ex.count, 6);
  struct { ms_expect_kind kind; uint32_t line; const char *text; } want[] = {
    {MS_EXPECT_ERROR, 0, "same line"}, {MS_EXPECT_WARNING, 2, "plus one"}, {MS_EXPECT_NOTE, 2, "minus one"},
    {MS_EXPECT_REMARK, 2, "above"}, {MS_EXPECT_ERROR, 7, "below a"}, {MS_EXPECT_ERROR, 7, "below {{b}} "},
  };
  for (size_t i = 0; i < 6; i++) {
    cr_assert_eq(ex.items[i].kind, want[i].kind, "#%zu", i);
    cr_assert_eq(ex.items[i].line, want[i].line, "#%zu", i);
    cr_assert_str_eq(ex.items[i].text, want[i].text);
  }
  cr_assert_eq(ex.items[0].start, 7, "points at expected-error");
  cr_assert_eq(ex.items[0].end, 21);
  ms_expectations_clear(&ex);
  ms_source_close(&s);
}

static uint32_t line_start(const ms_source *s, uint32_t line) { return s->lines[line]; }

Test(verify, both_ways) {
  ms_source s;
  ms_expectations ex;
  parse(&s, &ex);
  ms_diag_list d, bad;
  ms_diag_list_init(&d);
  ms_diag_list_init(&bad);
  ms_diag_list_add(&d, 0, 3, MS_SEVERITY_ERROR, "c", NULL, "it is the same line indeed");
  ms_diag_list_add(&d, line_start(&s, 2), line_start(&s, 2) + 3, MS_SEVERITY_WARNING, "c", NULL, "plus one");
  /* information matches the remark; the related note matches the note. */
  ms_diagnostic *x = ms_diag_list_add(&d, line_start(&s, 2), line_start(&s, 2) + 1, MS_SEVERITY_INFORMATION,
                                      "c", NULL, "above");
  ms_diag_set_related(x, line_start(&s, 2), line_start(&s, 2) + 1, "minus one");
  ms_diag_list_add(&d, line_start(&s, 7), line_start(&s, 7) + 3, MS_SEVERITY_ERROR, "c", NULL, "below a");
  /* Not expected: a warning (reported), a hint (exempt). */
  ms_diag_list_add(&d, line_start(&s, 7), line_start(&s, 7) + 1, MS_SEVERITY_WARNING, "c", NULL, "surprise");
  ms_diag_list_add(&d, line_start(&s, 7), line_start(&s, 7) + 1, MS_SEVERITY_HINT, "c", NULL, "quiet");
  size_t n = ms_verify(&ex, &s, &d, &bad);
  cr_assert_eq(n, 2);
  cr_assert_str_eq(bad.items[0].message, "unexpected warning: surprise");
  cr_assert_eq(bad.items[0].start, line_start(&s, 7));
  cr_assert_str_eq(bad.items[1].message, "expected error \"below {{b}} \" was not produced");
  cr_assert_eq(bad.items[1].start, line_start(&s, 6) + 3);
  ms_diag_list_clear(&bad);
  ms_diag_list_clear(&d);
  ms_expectations_clear(&ex);
  ms_source_close(&s);
}

Test(verify, severity_must_agree) {
  ms_source s;
  ms_source_init_text(&s, "v.mlir", "x // expected-error {{m}}\n", 26);
  ms_expectations ex;
  ms_expectations_init(&ex);
  ms_expectations_parse(&ex, &s, 0, (uint32_t)s.len);
  ms_diag_list d, bad;
  ms_diag_list_init(&d);
  ms_diag_list_init(&bad);
  ms_diag_list_add(&d, 0, 1, MS_SEVERITY_WARNING, "c", NULL, "m");
  cr_assert_eq(ms_verify(&ex, &s, &d, &bad), 2);
  cr_assert_str_eq(bad.items[0].message, "unexpected warning: m");
  cr_assert_str_eq(bad.items[1].message, "expected error \"m\" was not produced");
  ms_diag_list_clear(&bad);
  ms_diag_list_clear(&d);
  ms_expectations_clear(&ex);
  ms_source_close(&s);
}
