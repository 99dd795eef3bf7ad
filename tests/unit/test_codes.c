/*
** test_codes.c: the registry of finding codes (codes.h), suppression
** comments (suppress.h) and the filter step (lint.h).
**
** The registry test scans the sources: every code string a producer can
** emit (a `#define MS_CODE_... "name"` in a server header, and any literal code
** given to ms_diag_list_add) must have a row in server/analysis/codes.c, so a new
** code cannot ship without its explanation.
*/
#include <criterion/criterion.h>
#include <dirent.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codes.h"
#include "diag.h"
#include "helpers.h"
#include "lint.h"
#include "suppress.h"

/* Every match of pattern's group 1 in every file ending in ext of the
** server's folders (server/<stage>/). */
static int check_folder(const char *folder, const char *ext, regex_t *re);

static int check_sources(const char *ext, const char *pattern) {
  regex_t re;
  cr_assert_eq(regcomp(&re, pattern, REG_EXTENDED | REG_NEWLINE), 0);
  DIR *d = opendir(MS_SOURCE_DIR "/server");
  cr_assert(d);
  struct dirent *e;
  int found = 0;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.' && e->d_type == DT_DIR) found += check_folder(e->d_name, ext, &re);
  closedir(d);
  regfree(&re);
  return found;
}

static int check_folder(const char *folder, const char *ext, regex_t *rp) {
  regex_t re = *rp;
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/server/%s", MS_SOURCE_DIR, folder);
  DIR *d = opendir(dir);
  cr_assert(d, "%s", dir);
  struct dirent *e;
  int found = 0;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name), k = strlen(ext);
    if (n < k || strcmp(e->d_name + n - k, ext)) continue;
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    char *text = test_read_file(path, NULL);
    cr_assert(text, "%s", path);
    regmatch_t m[2];
    for (const char *p = text; !regexec(&re, p, 2, m, 0); p += m[0].rm_eo) {
      char code[128];
      snprintf(code, sizeof code, "%.*s", (int)(m[1].rm_eo - m[1].rm_so), p + m[1].rm_so);
      cr_expect(ms_code_find(code) != NULL, "%s: code \"%s\" has no row in server/analysis/codes.c", e->d_name, code);
      found++;
    }
    free(text);
  }
  closedir(d);
  return found;
}

Test(codes, every_code_in_the_sources_is_registered) {
  int defined = check_sources(".h", "#define MS_CODE_[A-Z_]+ +\"([^\"]+)\"");
  cr_assert_geq(defined, 20, "found only %d MS_CODE_ definitions", defined);
  /* Literal codes handed to the diagnostics list directly. */
  check_sources(".c", "ms_diag_list_add\\([^;]*MS_SEVERITY_[A-Z]+, *\"([^\"]+)\"");
}

Test(codes, every_row_is_complete) {
  cr_assert_geq(ms_code_count(), 21);
  for (size_t i = 0; i < ms_code_count(); i++) {
    const ms_code_info *c = ms_code_at(i);
    cr_expect(c->name && c->name[0] && c->summary[0] && c->explanation[0] && c->wrong[0] && c->right[0] &&
                  c->source[0],
              "row %zu (%s) is incomplete", i, c->name);
    cr_expect(strcmp(c->wrong, c->right), "%s: wrong and right examples are the same", c->name);
    cr_expect(c->severity >= MS_SEVERITY_ERROR && c->severity <= MS_SEVERITY_HINT, "%s", c->name);
    for (size_t j = 0; j < i; j++) cr_expect(strcmp(ms_code_at(j)->name, c->name), "%s twice", c->name);
    char *md = ms_code_markdown(c), *txt = ms_code_text(c);
    char head[160];
    snprintf(head, sizeof head, "## %s\n", c->name);
    cr_expect(!strncmp(md, head, strlen(head)));
    cr_expect(strstr(txt, "Wrong:") && strstr(txt, "Right:") && strstr(txt, "Source:"));
    free(md);
    free(txt);
  }
  cr_expect_null(ms_code_find("no-such-code"));
}

Test(codes, names_for_errors) {
  char buf[2048];
  ms_code_names(buf, sizeof buf);
  cr_expect(!strncmp(buf, "incompatible-dims, result-rank, ", 32), "%s", buf);
  cr_expect(strstr(buf, "unused-suppression"));
  char small[24];
  ms_code_names(small, sizeof small);
  cr_expect_str_eq(small + strlen(small) - 3, "...");
}

/* ---- suppression ---- */

static void add(ms_diag_list *l, const char *text, const char *at, const char *code) {
  uint32_t off = (uint32_t)(strstr(text, at) - text);
  ms_diagnostic *d = ms_diag_list_add(l, off, off + 1, MS_SEVERITY_ERROR, code, NULL, "x");
  /* The op starts at its line's first non-blank. */
  uint32_t s = off;
  while (s > 0 && text[s - 1] != '\n') s--;
  while (text[s] == ' ') s++;
  d->op_start = s;
  d->op_end = off + 1;
}

static void summary(const ms_diag_list *l, const char *text, char *out, size_t n) {
  out[0] = 0;
  for (size_t i = 0; i < l->count; i++) {
    int line = 1;
    for (uint32_t k = 0; k < l->items[i].start; k++) line += text[k] == '\n';
    size_t used = strlen(out);
    snprintf(out + used, n - used, "%s%d:%s", used ? " " : "", line, l->items[i].code);
  }
}

Test(suppress, forms_chunks_and_unused) {
  const char *text =
    "// mlir-shape-disable-next-line a-code\n"   /* 1 */
    "OP1\n"                                      /* 2: suppressed */
    "OP2 // mlir-shape-disable-line\n"           /* 3: suppressed (any code) */
    "  // mlir-shape-disable b-code, c-code\n"   /* 4 */
    "OP3\n"                                      /* 5: b suppressed, a not */
    "// mlir-shape-enable b-code\n"              /* 6 */
    "OP4\n"                                      /* 7: b reported, c suppressed */
    "// -----\n"                                 /* 8 */
    "OP5\n"                                      /* 9: c reported: the range ended */
    "s = \"// mlir-shape-disable-line\" OP6\n"   /* 10: in a string: not a directive */
    "// mlir-shape-disable-next-line d-code -- why\n" /* 11: unused */
    "OP7\n";
  ms_diag_list l;
  ms_diag_list_init(&l);
  add(&l, text, "OP1", "a-code");
  add(&l, text, "OP2", "x-code");
  add(&l, text, "OP3", "b-code");
  add(&l, text, "OP3", "a-code");
  add(&l, text, "OP4", "b-code");
  add(&l, text, "OP4", "c-code");
  add(&l, text, "OP5", "c-code");
  add(&l, text, "OP6", "a-code");
  add(&l, text, "OP7", "a-code");
  size_t dropped = ms_suppress_apply(text, strlen(text), &l, true);
  char got[512];
  summary(&l, text, got, sizeof got);
  cr_expect_eq(dropped, 4);
  cr_expect_str_eq(got, "5:a-code 7:b-code 9:c-code 10:a-code 11:unused-suppression 12:a-code");
  cr_expect(strstr(l.items[4].message, "no d-code (unknown code) finding"), "%s", l.items[4].message);
  ms_diag_list_clear(&l);
}

Test(suppress, without_directives_nothing_changes) {
  const char *text = "OP1\n";
  ms_diag_list l;
  ms_diag_list_init(&l);
  add(&l, text, "OP1", "a-code");
  cr_expect_eq(ms_suppress_apply(text, strlen(text), &l, true), 0);
  cr_expect_eq(l.count, 1);
  ms_diag_list_clear(&l);
}

/* ---- filter and fingerprints ---- */

Test(lint, select_ignore_and_validation) {
  ms_code_filter f = {0};
  char err[2048];
  cr_assert(ms_code_filter_add(&f, true, "result-dim,result-rank", err, sizeof err));
  cr_assert(ms_code_filter_add(&f, false, "result-rank", err, sizeof err));
  cr_expect(ms_code_filter_allows(&f, "result-dim"));
  cr_expect(!ms_code_filter_allows(&f, "result-rank"));
  cr_expect(!ms_code_filter_allows(&f, "axis"));
  cr_expect(!ms_code_filter_add(&f, false, "axis,axes", err, sizeof err));
  cr_expect(strstr(err, "unknown code 'axes' (valid codes: incompatible-dims"), "%s", err);
  ms_code_filter_clear(&f);
}

Test(lint, fingerprint_ignores_lines_and_ssa_numbering) {
  const char *a = "%0 = \"t.op\"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n";
  const char *b = "// moved\n\n  %7 = \"t.op\"(%x, %y)  :  (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n";
  const char *c = "%0 = \"t.op\"(%x, %y) : (tensor<2xf32>, tensor<4xf32>) -> tensor<2xf32>\n";
  ms_diagnostic d = {0};
  char fa[17], fb[17], fc[17];
  d.code = "incompatible-dims";
  d.op_start = 0, d.op_end = (uint32_t)strlen(a) - 1;
  d.start = (uint32_t)(strstr(a, "tensor<3") - a);
  ms_lint_fingerprint(a, strlen(a), &d, fa);
  uint32_t s = (uint32_t)(strstr(b, "%7") - b);
  d.op_start = s, d.op_end = (uint32_t)strlen(b) - 1;
  d.start = (uint32_t)(strstr(b, "tensor<3") - b);
  ms_lint_fingerprint(b, strlen(b), &d, fb);
  cr_expect_str_eq(fa, fb);
  d.op_start = 0, d.op_end = (uint32_t)strlen(c) - 1;
  d.start = (uint32_t)(strstr(c, "tensor<4") - c);
  ms_lint_fingerprint(c, strlen(c), &d, fc);
  cr_expect_str_neq(fa, fc);
  d.code = "result-dim";
  d.op_start = 0, d.op_end = (uint32_t)strlen(a) - 1;
  d.start = (uint32_t)(strstr(a, "tensor<3") - a);
  ms_lint_fingerprint(a, strlen(a), &d, fc);
  cr_expect_str_neq(fa, fc);
}

/* ---- the config's levels (catalog.h) ---- */

#include "catalog.h"

Test(lint, config_levels_later_file_wins) {
  ms_catalog *c = ms_catalog_new();
  char err[2048];
  const char *a = "{\"severity\": {\"result-dim\": \"warning\", \"axis\": \"hint\"}}";
  const char *b = "{\"version\": 1, \"ops\": [], \"ignore\": [\"result-dim\"]}";
  cr_assert(ms_catalog_load(c, "a.json", a, strlen(a), err, sizeof err), "%s", err);
  int level = -1;
  cr_expect(ms_catalog_code_level(c, "result-dim", &level) && level == MS_SEVERITY_WARNING);
  cr_assert(ms_catalog_load(c, "b.json", b, strlen(b), err, sizeof err), "%s", err);
  cr_expect(ms_catalog_code_level(c, "result-dim", &level) && level == 0);
  cr_expect(ms_catalog_code_level(c, "axis", &level) && level == MS_SEVERITY_HINT);
  cr_expect(!ms_catalog_code_level(c, "operand-rank", &level));
  const char *bad = "{\"severity\": {\"axes\": \"warning\"}}";
  cr_expect(!ms_catalog_load(c, "c.json", bad, strlen(bad), err, sizeof err));
  cr_expect(strstr(err, "c.json:1:15: unknown code \"axes\" (valid codes: incompatible-dims,"), "%s", err);
  ms_catalog_delete(c);
}
