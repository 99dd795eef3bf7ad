/*
** lsp_workspace.c: the language server's configuration and catalog, the
** workspace folder's files and pull diagnostics (textDocument/diagnostic,
** workspace/diagnostic) (lsp_int.h).
*/
#include "lsp_int.h"

/* ------------------------------------------------------------------ */
/* Configuration and the catalog                                       */

/* err is what loading c failed with ("" when it did not); the catalog
** says where in the file (ms_catalog_error_position), err only the text. */
static void publish_catalog_error(ms_lsp *self, const char *path, const ms_catalog *c, const char *err) {
  int line = 1, col = 1;
  const char *msg = err;
  ms_catalog_error_at at;
  if (err[0] && ms_catalog_error_position(c, &at) && at.message <= strlen(err)) {
    line = at.line;
    col = at.col;
    msg = err + at.message;
  }
  char *uri = path_to_uri(path);
  cJSON *params = cJSON_CreateObject();
  cJSON_AddStringToObject(params, "uri", uri);
  cJSON *arr = cJSON_AddArrayToObject(params, "diagnostics");
  if (err[0]) {
    cJSON *d = cJSON_CreateObject();
    cJSON *r = cJSON_AddObjectToObject(d, "range");
    cJSON *s = cJSON_AddObjectToObject(r, "start"), *e = cJSON_AddObjectToObject(r, "end");
    cJSON_AddNumberToObject(s, "line", line - 1);
    cJSON_AddNumberToObject(s, "character", col - 1);
    cJSON_AddNumberToObject(e, "line", line - 1);
    cJSON_AddNumberToObject(e, "character", col);
    cJSON_AddNumberToObject(d, "severity", 1);
    cJSON_AddStringToObject(d, "code", "catalog-error");
    cJSON_AddStringToObject(d, "source", "mlir-shape");
    char full[600];
    snprintf(full, sizeof full, "%s (the previous rules stay in use)", msg);
    cJSON_AddStringToObject(d, "message", full);
    cJSON_AddItemToArray(arr, d);
  }
  ms_rpc_notify(self->rpc, "textDocument/publishDiagnostics", params);
  free(uri);
}

/* Builtin rules, then the workspace's .mlir-shape.json, then the configured
** files. On any error the current catalog stays and the error is shown. */
void rebuild_catalog(ms_lsp *self) {
  ms_catalog *c = ms_catalog_new();
  char err[512] = "";
  bool ok = c && ms_catalog_load_builtin(c, err, sizeof err);
  if (ok && self->root) {
    char path[4096];
    snprintf(path, sizeof path, "%s/.mlir-shape.json", self->root);
    struct stat st;
    if (stat(path, &st) == 0) {
      bool loaded = ms_catalog_load_file(c, path, err, sizeof err);
      publish_catalog_error(self, path, c, loaded ? "" : err);
      self->workspace_catalog_broken = !loaded;
      if (!loaded) ok = false;
    } else if (self->workspace_catalog_broken) {
      publish_catalog_error(self, path, c, "");
      self->workspace_catalog_broken = false;
    }
  }
  for (int i = 0; ok && i < self->nrule_files; i++) ok = ms_catalog_load_file(c, self->rule_files[i], err, sizeof err);
  if (!ok) {
    if (err[0]) ms_rpc_log(self->rpc, MS_RPC_LOG_ERROR, "rules not reloaded: %s", err);
    ms_catalog_delete(c);
    if (self->catalog) return;
    c = ms_catalog_new();
    ms_catalog_load_builtin(c, err, sizeof err);
  }
  ms_catalog *old = self->catalog;
  self->catalog = c;
  ms_analyzer_options o = analyzer_options(self);
  for (size_t i = 0; i < self->ndocs; i++) {
    cancel_build(self, &self->docs[i]); /* it reads the old catalog */
    ms_session_configure(self->docs[i].session, c, &o);
    self->docs[i].needs_publish = true;
  }
  ms_catalog_delete(old);
  self->catalog_epoch++;
  /* Pulled diagnostics are stale: the client asks again. */
  if (self->initialized && self->client_pull && self->client_pull_refresh)
    ms_rpc_request(self->rpc, "workspace/diagnostic/refresh", NULL, NULL, NULL);
}

static void set_rule_files(ms_lsp *self, const cJSON *rules) {
  for (int i = 0; i < self->nrule_files; i++) free(self->rule_files[i]);
  free(self->rule_files);
  self->rule_files = NULL;
  self->nrule_files = 0;
  const cJSON *r;
  cJSON_ArrayForEach(r, rules) {
    if (!cJSON_IsString(r) || !r->valuestring[0]) continue;
    self->rule_files = ms_xrealloc(self->rule_files, (size_t)(self->nrule_files + 1) * sizeof *self->rule_files);
    char *path = r->valuestring[0] == '/' || !self->root ? strdup(r->valuestring) : NULL;
    if (!path) {
      path = ms_xrealloc(NULL, strlen(self->root) + strlen(r->valuestring) + 2);
      sprintf(path, "%s/%s", self->root, r->valuestring);
    }
    self->rule_files[self->nrule_files++] = path;
  }
}

static void set_overrides(ms_lsp *self, const cJSON *sev) {
  self->noverrides = 0;
  const cJSON *item;
  cJSON_ArrayForEach(item, sev) {
    if (!cJSON_IsString(item) || self->noverrides == MAX_SEVERITY_OVERRIDES) continue;
    ms_severity s;
    int value;
    if (!strcmp(item->valuestring, "off") || !strcmp(item->valuestring, "none")) value = 0;
    else if (ms_severity_from_name(item->valuestring, &s)) value = (int)s;
    else {
      ms_rpc_log(self->rpc, MS_RPC_LOG_WARNING, "severity for '%s': unknown level '%s' ignored", item->string,
                 item->valuestring);
      continue;
    }
    severity_override *o = &self->overrides[self->noverrides++];
    snprintf(o->code, sizeof o->code, "%s", item->string);
    o->severity = value;
  }
}

/* {rules, strict, severity}, possibly under "mlirShape". */
void apply_settings(ms_lsp *self, const cJSON *settings) {
  if (!cJSON_IsObject(settings)) return;
  const cJSON *nested = obj_at(settings, "mlirShape");
  if (nested) settings = nested;
  set_rule_files(self, cJSON_GetObjectItemCaseSensitive(settings, "rules"));
  self->strict = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(settings, "strict"));
  set_overrides(self, cJSON_GetObjectItemCaseSensitive(settings, "severity"));
  rebuild_catalog(self);
}

static void on_configuration(ms_rpc *rpc, const cJSON *result, const cJSON *error, void *ctx) {
  (void)rpc;
  ms_lsp *self = ctx;
  if (error || !cJSON_IsArray(result)) return;
  const cJSON *first = cJSON_GetArrayItem(result, 0);
  if (cJSON_IsObject(first)) apply_settings(self, first);
  flush_documents(self);
}

void request_configuration(ms_lsp *self) {
  if (!self->client_configuration) return;
  cJSON *params = cJSON_CreateObject();
  cJSON *items = cJSON_AddArrayToObject(params, "items");
  cJSON *item = cJSON_CreateObject();
  cJSON_AddStringToObject(item, "section", "mlirShape");
  cJSON_AddItemToArray(items, item);
  ms_rpc_request(self->rpc, "workspace/configuration", params, on_configuration, self);
}

void register_watcher(ms_lsp *self) {
  if (!self->client_watch_registration) return;
  cJSON *params = cJSON_CreateObject();
  cJSON *regs = cJSON_AddArrayToObject(params, "registrations");
  cJSON *reg = cJSON_CreateObject();
  cJSON_AddStringToObject(reg, "id", "mlir-shape-catalog");
  cJSON_AddStringToObject(reg, "method", "workspace/didChangeWatchedFiles");
  cJSON *opts = cJSON_AddObjectToObject(reg, "registerOptions");
  cJSON *watchers = cJSON_AddArrayToObject(opts, "watchers");
  cJSON *w = cJSON_CreateObject();
  cJSON_AddStringToObject(w, "globPattern", "**/.mlir-shape.json");
  cJSON_AddItemToArray(watchers, w);
  cJSON_AddItemToArray(regs, reg);
  ms_rpc_request(self->rpc, "client/registerCapability", params, NULL, NULL);
}

void did_change_watched(ms_lsp *self, const cJSON *params) {
  self->ws_paths_at = 0; /* files may have come or gone */
  const cJSON *changes = cJSON_GetObjectItemCaseSensitive(params, "changes"), *c;
  cJSON_ArrayForEach(c, changes) {
    static const char name[] = "/.mlir-shape.json";
    const char *uri = str_at(c, "uri");
    size_t n = uri ? strlen(uri) : 0, k = sizeof name - 1;
    if (n >= k && !strcmp(uri + n - k, name)) {
      rebuild_catalog(self);
      return;
    }
  }
}

/* ------------------------------------------------------------------ */
/* The workspace folder's files                                        */

#define MAX_WORKSPACE_FILES 5000
#define MAX_WORKSPACE_FILE_BYTES ((size_t)64 << 20)

static bool is_mlir_path(const char *path) {
  size_t n = strlen(path);
  return n > 5 && !strcmp(path + n - 5, ".mlir");
}

/* The workspace folder's .mlir files, in the order `check DIR` reads them
** (at most MAX_WORKSPACE_FILES). The listing is kept a few seconds: VS
** Code's client asks for the workspace's diagnostics every 2 seconds. */
#define WORKSPACE_LISTING_MS 10000.0

void workspace_paths(ms_lsp *self, ms_path_list *out) {
  ms_path_list_init(out);
  if (!self->root) return;
  if (!self->ws_paths_at || now_ms() - self->ws_paths_at > WORKSPACE_LISTING_MS) {
    ms_path_list_clear(&self->ws_paths);
    ms_path_list_init(&self->ws_paths);
    ms_path_list all, notes;
    ms_path_list_init(&all);
    ms_path_list_init(&notes);
    char err[512];
    ms_path_list_expand(&all, &notes, self->root, err, sizeof err);
    for (size_t i = 0; i < all.count && self->ws_paths.count < MAX_WORKSPACE_FILES; i++)
      if (is_mlir_path(all.items[i])) ms_path_list_push(&self->ws_paths, all.items[i]);
    ms_path_list_clear(&all);
    ms_path_list_clear(&notes);
    self->ws_paths_at = now_ms();
  }
  for (size_t i = 0; i < self->ws_paths.count; i++) ms_path_list_push(out, self->ws_paths.items[i]);
}

/* A session over a closed file, updated; NULL when it cannot be read. */
ms_session *file_session(ms_lsp *self, const char *path, const char *uri) {
  ms_source src;
  char err[512];
  if (!ms_source_open(&src, path, err, sizeof err)) return NULL;
  ms_session *s = NULL;
  if (src.len <= MAX_WORKSPACE_FILE_BYTES) {
    ms_analyzer_options o = analyzer_options(self);
    s = ms_session_new(uri, src.text ? src.text : "", src.len, 0, self->catalog, &o);
  }
  ms_source_close(&src);
  if (s) ms_session_update(s);
  return s;
}

/* ------------------------------------------------------------------ */
/* Pull diagnostics                                                    */

void ws_files_free(ms_lsp *self) {
  for (size_t i = 0; i < self->nws_files; i++) {
    free(self->ws_files[i].uri);
    free(self->ws_files[i].items);
    cJSON_Delete(self->ws_files[i].symbols);
  }
  free(self->ws_files);
  self->ws_files = NULL;
  self->nws_files = 0;
}

static void result_id_of(const char *items, size_t len, char out[24]) {
  uint64_t h = 0xcbf29ce484222325ULL;
  for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)items[i]) * 0x100000001b3ULL;
  snprintf(out, 24, "%016llx", (unsigned long long)h);
}

/* The previousResultIds entry of uri in a workspace/diagnostic request. */
static const char *previous_id(const cJSON *prev, const char *uri) {
  const cJSON *p;
  cJSON_ArrayForEach(p, prev) {
    const char *u = str_at(p, "uri");
    if (u && !strcmp(u, uri)) return str_at(p, "value");
  }
  return NULL;
}

/* One report: full (items != NULL) or unchanged. version < 0: null. */
static void write_report(sbuf *b, const char *uri, int version, const char *result_id, const char *items,
                         size_t len) {
  sb_lit(b, items ? "{\"kind\":\"full\"" : "{\"kind\":\"unchanged\"");
  if (uri) {
    sb_lit(b, ",\"uri\":");
    sb_string(b, uri);
    sb_lit(b, ",\"version\":");
    if (version < 0) sb_lit(b, "null");
    else sb_uint(b, (uint32_t)version);
  }
  sb_lit(b, ",\"resultId\":");
  sb_string(b, result_id);
  if (items) {
    sb_lit(b, ",\"items\":[");
    sb_put(b, items, len);
    sb_lit(b, "]");
  }
  sb_lit(b, "}");
}

static void respond_text(ms_lsp *self, const cJSON *id, sbuf *result) {
  char *idtext = cJSON_PrintUnformatted(id);
  sbuf out = {0};
  sb_lit(&out, "{\"jsonrpc\":\"2.0\",\"id\":");
  sb_lit(&out, idtext ? idtext : "null");
  sb_lit(&out, ",\"result\":");
  sb_put(&out, result->p ? result->p : "null", result->p ? result->n : 4);
  sb_lit(&out, "}");
  ms_rpc_send_text(self->rpc, out.p, out.n);
  free(out.p);
  free(idtext);
}

/* An open document's report into b; the unchanged form when its result id
** equals previous. */
static void open_report(ms_lsp *self, doc_entry *e, const char *previous, bool with_uri, sbuf *b) {
  ms_session_update(e->session);
  sbuf items = {0};
  diagnostics_items(self, e->session, &e->cache, &e->directives, &items);
  char rid[24];
  result_id_of(items.p ? items.p : "", items.n, rid);
  bool same = previous && !strcmp(previous, rid);
  write_report(b, with_uri ? ms_session_uri(e->session) : NULL, ms_session_version(e->session), rid,
               same ? NULL : (items.p ? items.p : ""), items.n);
  free(items.p);
  e->needs_publish = false;
}

/* textDocument/diagnostic {textDocument, previousResultId?}. */
void document_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params) {
  const char *uri = str_at(obj_at(params, "textDocument"), "uri");
  doc_entry *e = find_doc(self, uri);
  sbuf b = {0};
  if (e) {
    open_report(self, e, str_at(params, "previousResultId"), false, &b);
  } else {
    /* Not open (closed meanwhile): nothing to report. */
    sb_lit(&b, "{\"kind\":\"full\",\"items\":[]}");
  }
  respond_text(self, id, &b);
  free(b.p);
}

ws_file *ws_file_for(ms_lsp *self, const char *uri) {
  for (size_t i = 0; i < self->nws_files; i++)
    if (!strcmp(self->ws_files[i].uri, uri)) return &self->ws_files[i];
  self->ws_files = ms_xrealloc(self->ws_files, (self->nws_files + 1) * sizeof *self->ws_files);
  ws_file *f = &self->ws_files[self->nws_files++];
  memset(f, 0, sizeof *f);
  f->uri = strdup(uri);
  if (!f->uri) abort();
  return f;
}

/* A closed file's report, from the cache when the file is unchanged. */
static void closed_report(ms_lsp *self, const char *path, const char *uri, const char *previous, sbuf *b) {
  struct stat st;
  if (stat(path, &st) != 0) return;
  ws_file *f = ws_file_for(self, uri);
  bool fresh = f->result_id[0] && f->epoch == self->catalog_epoch && f->size == st.st_size &&
               f->mtime.tv_sec == st.st_mtim.tv_sec && f->mtime.tv_nsec == st.st_mtim.tv_nsec;
  if (!fresh) {
    ms_session *s = file_session(self, path, uri);
    if (!s) return;
    json_cache cache = {0};
    sbuf items = {0};
    diagnostics_items(self, s, &cache, NULL, &items);
    cache_free(&cache);
    ms_session_delete(s);
    free(f->items);
    f->items = items.p ? items.p : strdup("");
    f->len = items.n;
    f->epoch = self->catalog_epoch;
    f->size = st.st_size;
    f->mtime = st.st_mtim;
    result_id_of(f->items, f->len, f->result_id);
  }
  if (b->n && b->p[b->n - 1] != '[') sb_lit(b, ",");
  bool same = previous && !strcmp(previous, f->result_id);
  write_report(b, uri, -1, f->result_id, same ? NULL : f->items, f->len);
}

/* workspace/diagnostic {previousResultIds}: the open documents, then the
** workspace folder's other .mlir files. */
void workspace_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params) {
  const cJSON *prev = cJSON_GetObjectItemCaseSensitive(params, "previousResultIds");
  sbuf b = {0};
  sb_lit(&b, "{\"items\":[");
  for (size_t i = 0; i < self->ndocs; i++) {
    if (i) sb_lit(&b, ",");
    doc_entry *e = &self->docs[i];
    open_report(self, e, previous_id(prev, ms_session_uri(e->session)), true, &b);
  }
  ms_path_list paths;
  workspace_paths(self, &paths);
  for (size_t i = 0; i < paths.count; i++) {
    char *uri = path_to_uri(paths.items[i]);
    if (!find_doc(self, uri)) closed_report(self, paths.items[i], uri, previous_id(prev, uri), &b);
    free(uri);
  }
  ms_path_list_clear(&paths);
  sb_lit(&b, "]}");
  respond_text(self, id, &b);
  free(b.p);
}

