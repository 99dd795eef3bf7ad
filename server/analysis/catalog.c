/*
** catalog.c: the rule catalog's public face (catalog.h; file format in
** rules/README.md): its lifetime, the pool each rule file allocates from,
** the per-file severities, the entries listed for `rules` and the editor,
** and the search for a project's configuration. Loading is in
** catalog_load.c (with catalog_json.c for positions), matching ops to
** entries in catalog_bind.c; catalog_internal.h is what they share.
*/
#include "catalog_internal.h"
#include "alloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- memory ------------------------------------------------------------ */

/* Aborts when out of memory (alloc.h); never NULL. */
void *ms_catalog_file_alloc(rule_file *f, size_t n) {
  void *m = ms_xcalloc(1, n ? n : 1);
  *MS_ARRAY_PUSH(f->pool, f->npool, f->cappool) = m;
  return m;
}

char *ms_catalog_file_strdup(rule_file *f, const char *s) {
  char *d = ms_catalog_file_alloc(f, strlen(s) + 1);
  if (d) strcpy(d, s);
  return d;
}

void ms_catalog_file_free(rule_file *f) {
  for (size_t i = 0; i < f->npool; i++) free(f->pool[i]);
  free(f->pool);
  memset(f, 0, sizeof *f);
}

bool ms_catalog_code_level(const ms_catalog *self, const char *code, int *level) {
  for (int f = self ? self->nfiles - 1 : -1; code && f >= 0; f--)
    for (int i = 0; i < self->files[f].nlevels; i++)
      if (!strcmp(self->files[f].level_codes[i], code)) {
        *level = self->files[f].levels[i];
        return true;
      }
  return false;
}

bool ms_catalog_attr_kind(const ms_catalog *self, const char *name, size_t n, ms_attr_kind_view *out) {
  for (int f = self ? self->nfiles - 1 : -1; name && f >= 0; f--)
    for (int i = 0; i < self->files[f].nakinds; i++) {
      const attr_kind *k = &self->files[f].akinds[i];
      if (strlen(k->match) != n || memcmp(k->match, name, n)) continue;
      *out = (ms_attr_kind_view){k->form, k->keys, k->nkeys};
      return true;
    }
  return false;
}

ms_catalog *ms_catalog_new(void) { return ms_xcalloc(1, sizeof(ms_catalog)); }

void ms_catalog_delete(ms_catalog *self) {
  if (!self) return;
  for (int i = 0; i < self->nfiles; i++) ms_catalog_file_free(&self->files[i]);
  free(self->files);
  free(self);
}

size_t ms_catalog_count(const ms_catalog *self) {
  size_t n = 0;
  for (int i = 0; i < self->nfiles; i++) n += (size_t)self->files[i].nentries;
  return n;
}

bool ms_catalog_entry(const ms_catalog *self, size_t i, ms_catalog_entry_info *out) {
  for (int f = 0; f < self->nfiles; f++) {
    const rule_file *file = &self->files[f];
    if (i < (size_t)file->nentries) {
      const entry *e = &file->entries[i];
      *out = (ms_catalog_entry_info){file->path, e->match_joined, e->description, e->rules_text,
                                     e->line};
      return true;
    }
    i -= (size_t)file->nentries;
  }
  return false;
}

bool ms_catalog_error_position(const ms_catalog *self, ms_catalog_error_at *out) {
  *out = self->error;
  return self->error.line > 0;
}

char *ms_catalog_find_config(const char *dir) {
  char buf[PATH_MAX];
  if (!realpath(dir, buf)) return NULL;
  for (;;) {
    char candidate[PATH_MAX + sizeof MS_CATALOG_CONFIG_NAME + 1];
    snprintf(candidate, sizeof candidate, "%s/%s", strcmp(buf, "/") ? buf : "", MS_CATALOG_CONFIG_NAME);
    struct stat st;
    /* One that is not a regular file (a directory, a FIFO) is still the
    ** configuration in effect: loading it says why it cannot be read,
    ** instead of a parent's being used without a word. */
    if (stat(candidate, &st) == 0) return ms_xstrdup(candidate);
    char *slash = strrchr(buf, '/');
    if (!slash || slash == buf) {
      if (!strcmp(buf, "/")) return NULL;
      strcpy(buf, "/");
      continue;
    }
    *slash = 0;
  }
}

/* ---- lookup for the editor --------------------------------------------- */

static void add_attr_name(ms_catalog_op_info *out, const char *name) {
  if (!name) return;
  for (int i = 0; i < out->nattributes; i++)
    if (!strcmp(out->attributes[i], name)) return;
  if (out->nattributes < MS_CATALOG_MAX_ATTRS) out->attributes[out->nattributes++] = name;
}

bool ms_catalog_lookup(const ms_catalog *self, const char *name, size_t n, ms_catalog_op_info *out) {
  const entry *e = NULL;
  const char *pat = NULL;
  const rule_file *file = NULL;
  for (int f = self->nfiles - 1; f >= 0 && !e; f--) {
    file = &self->files[f];
    e = ms_catalog_file_find(file, name, n, &pat);
  }
  if (!e) return false;
  memset(out, 0, sizeof *out);
  out->file = file->path;
  out->pattern = pat;
  out->description = e->description;
  out->rules = e->rules_text;
  out->noperands = e->noperands;
  memcpy(out->operands, e->operands, sizeof out->operands);
  out->target_operand = e->target_operand;
  out->has_rule = e->has_rule;
  out->rule = e->rule;
  for (int i = 0; i < e->naxis_attrs; i++) add_attr_name(out, e->axis_attrs[i]);
  for (int i = 0; i < e->nbd_attrs; i++) add_attr_name(out, e->bd_attrs[i]);
  for (int i = 0; i < e->ncases; i++) add_attr_name(out, e->cases[i].attribute);
  return true;
}

const char *ms_catalog_pattern(const ms_catalog *self, size_t i, size_t k) {
  for (int f = 0; f < self->nfiles; f++) {
    const rule_file *file = &self->files[f];
    if (i < (size_t)file->nentries) {
      const entry *e = &file->entries[i];
      return k < (size_t)e->npatterns ? e->patterns[k] : NULL;
    }
    i -= (size_t)file->nentries;
  }
  return NULL;
}

const ms_layout *ms_catalog_layout(const ms_catalog *self, const char *name, size_t len) {
  const char *pat;
  for (int f = self->nfiles - 1; f >= 0; f--) {
    const entry *e = ms_catalog_file_find(&self->files[f], name, len, &pat);
    if (e) return e->layout;
  }
  return NULL;
}
