/*
** test_sources.c: the layout of the server's sources as DEVELOPERS.md wants
** it: every C file under server/ opens with its purpose comment
** ("/\*" then "** NAME.c: what it is for", SQLite style), and ARCHITECTURE.md
** names every one of them, itself or through its module's other half (a
** `NAME.c` named as `NAME.h`, or the reverse), so a new file cannot land
** without a place in the map.
*/
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "helpers.h"

static bool is_c_source(const char *name) {
  size_t n = strlen(name);
  return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/* Calls fn(folder, name, arg) for each .c and .h file of server/'s folders
** (server/<part>/NAME); returns how many there were. */
static int each_source(void (*fn)(const char *folder, const char *name, void *arg), void *arg) {
  DIR *d = opendir(MS_SOURCE_DIR "/server");
  cr_assert(d);
  int count = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.' || e->d_type != DT_DIR) continue;
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/server/%s", MS_SOURCE_DIR, e->d_name);
    DIR *sub = opendir(dir);
    cr_assert(sub, "%s", dir);
    for (struct dirent *f; (f = readdir(sub));) {
      if (!is_c_source(f->d_name)) continue;
      fn(e->d_name, f->d_name, arg);
      count++;
    }
    closedir(sub);
  }
  closedir(d);
  return count;
}

/* Whether text's second line is "** NAME: " followed by words. */
static bool has_purpose_head(const char *text, const char *name) {
  if (strncmp(text, "/*\n** ", 6)) return false;
  const char *p = text + 6;
  size_t n = strlen(name);
  if (strncmp(p, name, n) || p[n] != ':' || p[n + 1] != ' ') return false;
  for (p += n + 2; *p && *p != '\n'; p++)
    if (isalpha((unsigned char)*p)) return true;
  return false;
}

static void check_head(const char *folder, const char *name, void *arg) {
  char path[8192];
  snprintf(path, sizeof path, "%s/server/%s/%s", MS_SOURCE_DIR, folder, name);
  char *text = test_read_file(path, NULL);
  cr_assert(text, "%s", path);
  if (!has_purpose_head(text, name)) ms_strbuf_printf(arg, " server/%s/%s", folder, name);
  free(text);
}

Test(sources, every_server_file_opens_with_its_purpose) {
  ms_strbuf missing = {0};
  int n = each_source(check_head, &missing);
  cr_assert_gt(n, 100, "found only %d files under server/", n);
  cr_expect_eq(missing.n, 0, "files without a \"/*\\n** NAME: purpose\" head:%s", missing.p ? missing.p : "");
  free(missing.p);
}

typedef struct {
  char *architecture;
  ms_strbuf missing;
} listing;

/* Whether the text names file NAME, as a word of its own (so `cut.c` is not
** found inside `execute.c`). */
static bool names(const char *text, const char *name) {
  size_t n = strlen(name);
  for (const char *p = text; (p = strstr(p, name)); p++) {
    bool starts = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
    bool ends = !(isalnum((unsigned char)p[n]) || p[n] == '_');
    if (starts && ends) return true;
  }
  return false;
}

static void check_listed(const char *folder, const char *name, void *arg) {
  listing *l = arg;
  char other[256];
  size_t n = strlen(name);
  snprintf(other, sizeof other, "%.*s.%c", (int)(n - 2), name, name[n - 1] == 'c' ? 'h' : 'c');
  if (!names(l->architecture, name) && !names(l->architecture, other))
    ms_strbuf_printf(&l->missing, " server/%s/%s", folder, name);
}

Test(sources, architecture_names_every_server_file) {
  listing l = {test_read_file(MS_SOURCE_DIR "/ARCHITECTURE.md", NULL), {0}};
  cr_assert(l.architecture);
  int n = each_source(check_listed, &l);
  cr_assert_gt(n, 100, "found only %d files under server/", n);
  cr_expect_eq(l.missing.n, 0, "ARCHITECTURE.md names neither these files nor their headers/sources:%s",
               l.missing.p ? l.missing.p : "");
  /* The check can fail: a name it does not hold is missing. */
  cr_expect_not(names(l.architecture, "no_such_module.c"));
  cr_expect(names(l.architecture, "cut.c"));
  free(l.missing.p);
  free(l.architecture);
}
