/*
** lsp_int.h: what the language server's files (lsp.c, lsp_docs.c,
** lsp_workspace.c) share: the server's state, its documents, and the
** functions one file calls in another. Private to server/lsp/lsp*.c.
*/
#ifndef MS_LSP_INT_H
#define MS_LSP_INT_H

#include "lsp.h"
#include "alloc.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "catalog.h"
#include "commands.h"
#include "complete.h"
#include "execute.h"
#include "queries.h"
#include "rename.h"
#include "semantic.h"
#include "symbols.h"
#include "rpc.h"
#include "session.h"
#include "source.h"
#include "suppress.h"

#ifndef MS_VERSION
#define MS_VERSION "0.0.0"
#endif

#define MAX_SEVERITY_OVERRIDES 64
#define PROGRESS_MIN_BYTES (1u << 20)

typedef struct queued {
  cJSON *msg;
  bool cancelled;
} queued;

/* The JSON of one unit's diagnostics as last published, reused while the
** unit keeps its analysis (generation) and its start position. */
typedef struct unit_json {
  uint64_t generation;       /* 0: empty slot */
  ms_position at;
  char *json;                /* comma-separated diagnostics, NULL when none */
  size_t len;
} unit_json;

typedef struct json_cache {
  unit_json *slots;
  size_t cap;                /* a power of two, or 0 */
} json_cache;

typedef struct doc_entry {
  ms_session *session;
  bool needs_publish;
  bool complete;             /* its whole diagnostics were published once */
  char progress[32];         /* the $/progress token of its build, or "" */
  json_cache cache;
  /* Whether the text holds suppression directives: -1 unknown (scan the
  ** whole text at the next publish), 0 none, 1 some. Kept up to date per
  ** edit from the text around it, so that a big document is not scanned
  ** on every keystroke. */
  int directives;
  ms_semantic_cache semantic; /* the last semantic tokens, for full/delta */
} doc_entry;

typedef struct severity_override {
  char code[48];
  int severity;              /* 0: off */
} severity_override;

struct ms_lsp {
  uv_loop_t *loop;
  ms_rpc *rpc;
  uv_idle_t idle;
  queued *queue;
  size_t nqueue, capqueue;
  uv_async_t build_async;    /* a worker finished a chunk of a build */
  uv_timer_t trim;           /* a quiet moment after a batch: freed pages go back (lsp.c) */
  cJSON **waiting;           /* requests waiting for builds, in arrival order */
  size_t nwaiting, capwaiting;
  bool initialized, shutdown, exited;
  int exit_code;
  ms_encoding enc;
  bool client_configuration, client_progress, client_watch_registration;
  char trace[16];
  char *root;                /* workspace folder path, or NULL */
  /* configuration */
  char **rule_files;
  int nrule_files;
  bool strict;
  severity_override overrides[MAX_SEVERITY_OVERRIDES];
  int noverrides;
  ms_catalog *catalog;
  bool workspace_catalog_broken;
  doc_entry *docs;
  size_t ndocs, capdocs;
  int progress_token;
  /* Pull diagnostics (LSP 3.17): announced when the client can pull; then
  ** nothing is pushed for .mlir documents (a client doing both, like VS
  ** Code's, would show every finding twice). */
  bool client_pull, client_pull_refresh;
  unsigned catalog_epoch;    /* bumped by every rebuild of the catalog */
  struct ws_file *ws_files;  /* closed workspace files' last diagnostics */
  size_t nws_files;
  ms_path_list ws_paths;     /* the workspace folder's .mlir files, as last listed */
  double ws_paths_at;        /* when (now_ms), 0: never */
};

static inline const char *str_at(const cJSON *obj, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static inline const cJSON *obj_at(const cJSON *obj, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  return cJSON_IsObject(v) ? v : NULL;
}

static inline bool bool_at(const cJSON *obj, const char *path) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", path);
  const cJSON *cur = obj;
  for (char *tok = strtok(buf, "."); tok && cur; tok = strtok(NULL, ".")) cur = cJSON_GetObjectItemCaseSensitive(cur, tok);
  return cJSON_IsTrue(cur);
}

/* Text written by hand (publishDiagnostics, pull reports). */
typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

/* A closed workspace file's diagnostics as last computed, kept while the
** file (size, modification time) and the catalog are unchanged: VS Code's
** client asks for the workspace's diagnostics again every few seconds. */
typedef struct ws_file {
  char *uri;
  struct timespec mtime;
  off_t size;
  unsigned epoch;
  char result_id[24];
  char *items;               /* comma-separated diagnostics */
  size_t len;
  /* Its workspace symbols (all of them), kept while the file is unchanged. */
  cJSON *symbols;
  struct timespec sym_mtime;
  off_t sym_size;
} ws_file;

/* lsp_docs.c */
ms_analyzer_options analyzer_options(const ms_lsp *self);
bool bring_up_to_date(ms_lsp *self, doc_entry *e);
void cache_free(json_cache *c);
void cancel_build(ms_lsp *self, doc_entry *e);
void diagnostics_items(ms_lsp *self, ms_session *s, json_cache *cache, int *directives, sbuf *out);
void did_change(ms_lsp *self, const cJSON *params);
void did_close(ms_lsp *self, const cJSON *params);
void did_open(ms_lsp *self, const cJSON *params);
void on_build(uv_async_t *h);
doc_entry *find_doc(ms_lsp *self, const char *uri);
void finish_builds(ms_lsp *self);
void flush_documents(ms_lsp *self);
char *path_to_uri(const char *path);
void sb_lit(sbuf *b, const char *s);
void sb_put(sbuf *b, const char *s, size_t n);
void sb_string(sbuf *b, const char *s);
void sb_uint(sbuf *b, uint32_t v);
char *uri_to_path(const char *uri);

/* lsp_workspace.c */
void apply_settings(ms_lsp *self, const cJSON *settings);
void did_change_watched(ms_lsp *self, const cJSON *params);
void document_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params);
ms_session *file_session(ms_lsp *self, const char *path, const char *uri);
void rebuild_catalog(ms_lsp *self);
void register_watcher(ms_lsp *self);
void request_configuration(ms_lsp *self);
void workspace_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params);
void workspace_paths(ms_lsp *self, ms_path_list *out);
ws_file *ws_file_for(ms_lsp *self, const char *uri);
void ws_files_free(ms_lsp *self);

/* lsp.c */
void answer_waiting(ms_lsp *self);
void drop_waiting(ms_lsp *self, const char *uri);
double now_ms(void);

#endif
