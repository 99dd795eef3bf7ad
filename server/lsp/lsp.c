/*
** lsp.c: the language server (lsp.h).
**
** Pipeline per batch of messages: queue (cancellation) -> handle in order
** (lifecycle, documents, configuration, requests through queries.c) ->
** for each document changed in the batch: an incremental update and one
** publishDiagnostics with the document's version -- unless the client
** pulls diagnostics (LSP 3.17 textDocument/diagnostic and
** workspace/diagnostic, answered here from the same per-unit JSON).
**
** A big document parsed whole (open, full replace, an edit across its
** chunks) is built on worker threads (ms_session_build_start) while the
** loop keeps reading: the workers wake the loop through `build_async`,
** which publishes the document's top once it is in, then everything.
** Requests on a document under construction wait (`waiting`) and are
** answered in order when it is done; an edit, close or reopen of it
** cancels the build and answers them ContentModified; $/cancelRequest
** answers one at once.
** The newer features live in their own modules (semantic.h, rename.h,
** complete.h, symbols.h, execute.h, actions.h); this file dispatches to
** them and lists the workspace folder's files for the workspace-wide ones.
*/
#include "lsp_int.h"

/* ------------------------------------------------------------------ */
/* Lifecycle                                                           */

static void choose_root(ms_lsp *self, const cJSON *params) {
  const char *uri = str_at(params, "rootUri");
  const cJSON *folders = cJSON_GetObjectItemCaseSensitive(params, "workspaceFolders");
  if (!uri && cJSON_IsArray(folders)) uri = str_at(cJSON_GetArrayItem(folders, 0), "uri");
  if (uri) self->root = uri_to_path(uri);
  else if (str_at(params, "rootPath")) self->root = strdup(str_at(params, "rootPath"));
}

static cJSON *capabilities(const ms_lsp *self) {
  cJSON *caps = cJSON_CreateObject();
  cJSON_AddStringToObject(caps, "positionEncoding", self->enc == MS_ENCODING_UTF8 ? "utf-8" : "utf-16");
  cJSON *sync = cJSON_AddObjectToObject(caps, "textDocumentSync");
  cJSON_AddTrueToObject(sync, "openClose");
  cJSON_AddNumberToObject(sync, "change", 2);
  cJSON *save = cJSON_AddObjectToObject(sync, "save");
  cJSON_AddFalseToObject(save, "includeText");
  cJSON_AddTrueToObject(caps, "hoverProvider");
  cJSON_AddTrueToObject(caps, "inlayHintProvider");
  cJSON *ca = cJSON_AddObjectToObject(caps, "codeActionProvider");
  cJSON *kinds = cJSON_AddArrayToObject(ca, "codeActionKinds");
  cJSON_AddItemToArray(kinds, cJSON_CreateString("quickfix"));
  cJSON_AddTrueToObject(caps, "definitionProvider");
  cJSON_AddTrueToObject(caps, "referencesProvider");
  cJSON_AddTrueToObject(caps, "documentHighlightProvider");
  cJSON_AddTrueToObject(caps, "documentSymbolProvider");
  cJSON_AddTrueToObject(caps, "foldingRangeProvider");
  cJSON_AddItemToObject(caps, "semanticTokensProvider", ms_semantic_provider());
  cJSON *rename = cJSON_AddObjectToObject(caps, "renameProvider");
  cJSON_AddTrueToObject(rename, "prepareProvider");
  cJSON_AddTrueToObject(caps, "workspaceSymbolProvider");
  cJSON *completion = cJSON_AddObjectToObject(caps, "completionProvider");
  cJSON *ct = cJSON_AddArrayToObject(completion, "triggerCharacters");
  cJSON_AddItemToArray(ct, cJSON_CreateString("%"));
  cJSON_AddItemToArray(ct, cJSON_CreateString("\""));
  cJSON *sh = cJSON_AddObjectToObject(caps, "signatureHelpProvider");
  cJSON *st = cJSON_AddArrayToObject(sh, "triggerCharacters");
  cJSON_AddItemToArray(st, cJSON_CreateString("("));
  cJSON_AddItemToArray(st, cJSON_CreateString(","));
  cJSON_AddItemToObject(caps, "executeCommandProvider", ms_execute_provider());
  if (self->client_pull) {
    cJSON *dp = cJSON_AddObjectToObject(caps, "diagnosticProvider");
    cJSON_AddStringToObject(dp, "identifier", "mlir-shape");
    cJSON_AddFalseToObject(dp, "interFileDependencies");
    cJSON_AddTrueToObject(dp, "workspaceDiagnostics");
  }
  cJSON *ws = cJSON_AddObjectToObject(caps, "workspace");
  cJSON *wf = cJSON_AddObjectToObject(ws, "workspaceFolders");
  cJSON_AddTrueToObject(wf, "supported");
  return caps;
}

static cJSON *initialize(ms_lsp *self, const cJSON *params) {
  const cJSON *caps = obj_at(params, "capabilities");
  const cJSON *encs = cJSON_GetObjectItemCaseSensitive(obj_at(caps, "general"), "positionEncodings"), *e;
  self->enc = MS_ENCODING_UTF16;
  cJSON_ArrayForEach(e, encs) if (cJSON_IsString(e) && !strcmp(e->valuestring, "utf-8")) self->enc = MS_ENCODING_UTF8;
  self->client_configuration = bool_at(caps, "workspace.configuration");
  self->client_progress = bool_at(caps, "window.workDoneProgress");
  self->client_watch_registration = bool_at(caps, "workspace.didChangeWatchedFiles.dynamicRegistration");
  self->client_pull = obj_at(obj_at(caps, "textDocument"), "diagnostic") != NULL;
  self->client_pull_refresh = bool_at(caps, "workspace.diagnostics.refreshSupport");
  const char *trace = str_at(params, "trace");
  snprintf(self->trace, sizeof self->trace, "%s", trace ? trace : "off");
  choose_root(self, params);
  const cJSON *opts = cJSON_GetObjectItemCaseSensitive(params, "initializationOptions");
  if (cJSON_IsObject(opts)) apply_settings(self, opts);
  else rebuild_catalog(self);
  self->initialized = true;
  cJSON *result = cJSON_CreateObject();
  cJSON_AddItemToObject(result, "capabilities", capabilities(self));
  cJSON *info = cJSON_AddObjectToObject(result, "serverInfo");
  cJSON_AddStringToObject(info, "name", "mlir-shape");
  cJSON_AddStringToObject(info, "version", MS_VERSION);
  return result;
}

/* ------------------------------------------------------------------ */
/* Dispatch                                                            */

typedef cJSON *(*feature_fn)(ms_session *s, const cJSON *params, ms_encoding enc);

static const struct {
  const char *method;
  feature_fn fn;
} features[] = {
  {"textDocument/hover", ms_feature_hover},
  {"textDocument/inlayHint", ms_feature_inlay_hints},
  {"textDocument/codeAction", ms_feature_code_actions},
  {"textDocument/definition", ms_feature_definition},
  {"textDocument/references", ms_feature_references},
  {"textDocument/documentHighlight", ms_feature_highlight},
  {"textDocument/documentSymbol", ms_feature_document_symbols},
  {"textDocument/foldingRange", ms_feature_folding_ranges},
  {"mlirShape/inferredShape", ms_feature_inferred_shape},
  {"textDocument/completion", ms_complete},
  {"textDocument/signatureHelp", ms_signature_help},
};

static void handle_feature(ms_lsp *self, const cJSON *id, feature_fn fn, const cJSON *params) {
  doc_entry *e = find_doc(self, str_at(obj_at(params, "textDocument"), "uri"));
  if (!e) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS, "the document is not open");
    return;
  }
  ms_session_update(e->session);
  ms_rpc_respond(self->rpc, id, fn(e->session, params, self->enc));
}

/* textDocument/semanticTokens/{full,full/delta,range}: semantic.h, with the
** document's previous tokens for delta. */
static void semantic_tokens(ms_lsp *self, const cJSON *id, const char *kind, const cJSON *params) {
  doc_entry *e = find_doc(self, str_at(obj_at(params, "textDocument"), "uri"));
  if (!e) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS, "the document is not open");
    return;
  }
  ms_session_update(e->session);
  if (!strcmp(kind, "full")) ms_rpc_respond(self->rpc, id, ms_semantic_full(e->session, &e->semantic, params, self->enc));
  else if (!strcmp(kind, "full/delta"))
    ms_rpc_respond(self->rpc, id, ms_semantic_delta(e->session, &e->semantic, params, self->enc));
  else if (!strcmp(kind, "range")) ms_rpc_respond(self->rpc, id, ms_semantic_range(e->session, params, self->enc));
  else ms_rpc_respond_error(self->rpc, id, MS_RPC_METHOD_NOT_FOUND, "unknown semantic tokens request");
}

/* textDocument/prepareRename and rename (rename.h): refusals are errors
** (RequestFailed) whose message the editor shows. */
static void rename_request(ms_lsp *self, const cJSON *id, bool prepare, const cJSON *params) {
  doc_entry *e = find_doc(self, str_at(obj_at(params, "textDocument"), "uri"));
  if (!e) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS, "the document is not open");
    return;
  }
  ms_session_update(e->session);
  char err[400] = "";
  cJSON *r = prepare ? ms_rename_prepare(e->session, params, self->enc, err, sizeof err)
                     : ms_rename(e->session, params, self->enc, err, sizeof err);
  if (r) ms_rpc_respond(self->rpc, id, r);
  else ms_rpc_respond_error(self->rpc, id, -32803, err);
}

#define MAX_WORKSPACE_SYMBOLS 2000

/* workspace/symbol {query}: the open documents, then the workspace
** folder's other .mlir files (their symbols kept while a file is
** unchanged: editors ask again at every keystroke of the query). */
static void workspace_symbol(ms_lsp *self, const cJSON *id, const cJSON *params) {
  const char *q = str_at(params, "query");
  if (!q) q = "";
  cJSON *out = cJSON_CreateArray();
  for (size_t i = 0; i < self->ndocs; i++) {
    ms_session_update(self->docs[i].session);
    ms_workspace_symbols(self->docs[i].session, q, self->enc, out, MAX_WORKSPACE_SYMBOLS);
  }
  ms_path_list paths;
  workspace_paths(self, &paths);
  for (size_t i = 0; i < paths.count && cJSON_GetArraySize(out) < MAX_WORKSPACE_SYMBOLS; i++) {
    char *uri = path_to_uri(paths.items[i]);
    struct stat st;
    if (!find_doc(self, uri) && stat(paths.items[i], &st) == 0) {
      ws_file *f = ws_file_for(self, uri);
      if (!f->symbols || f->sym_size != st.st_size || f->sym_mtime.tv_sec != st.st_mtim.tv_sec ||
          f->sym_mtime.tv_nsec != st.st_mtim.tv_nsec) {
        cJSON_Delete(f->symbols);
        f->symbols = cJSON_CreateArray();
        ms_session *s = file_session(self, paths.items[i], uri);
        if (s) ms_workspace_symbols(s, "", self->enc, f->symbols, MAX_WORKSPACE_SYMBOLS);
        ms_session_delete(s);
        f->sym_size = st.st_size;
        f->sym_mtime = st.st_mtim;
      }
      const cJSON *sym;
      cJSON_ArrayForEach(sym, f->symbols) {
        if (cJSON_GetArraySize(out) >= MAX_WORKSPACE_SYMBOLS) break;
        if (ms_symbol_matches(q, str_at(sym, "name"))) cJSON_AddItemToArray(out, cJSON_Duplicate(sym, true));
      }
    }
    free(uri);
  }
  ms_path_list_clear(&paths);
  ms_rpc_respond(self->rpc, id, out);
}

static void execute_command(ms_lsp *self, const cJSON *id, const cJSON *params) {
  const char *cmd = str_at(params, "command");
  const cJSON *args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
  char err[400];
  if (cmd && !strcmp(cmd, MS_COMMAND_BROADCAST)) {
    const cJSON *first = cJSON_GetArrayItem(args, 0);
    /* One object or array argument, or the words themselves. */
    cJSON *r = ms_broadcast_json(cJSON_IsString(first) ? args : first, err, sizeof err);
    if (r) ms_rpc_respond(self->rpc, id, r);
    else ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS, err);
    return;
  }
  if (cmd && !strcmp(cmd, MS_COMMAND_INFERRED_SHAPES)) {
    doc_entry *e = find_doc(self, ms_execute_uri(args));
    if (!e) {
      ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS,
                           "mlir-shape.inferredShapes wants the URI of an open document as its argument");
      return;
    }
    ms_session_update(e->session);
    ms_rpc_respond(self->rpc, id, ms_inferred_shapes(e->session, self->enc));
    return;
  }
  snprintf(err, sizeof err, "unknown command '%.200s'", cmd ? cmd : "");
  ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_PARAMS, err);
}

static void handle_request(ms_lsp *self, const char *method, const cJSON *id, const cJSON *params) {
  if (!strcmp(method, "initialize")) {
    if (self->initialized) ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_REQUEST, "already initialized");
    else ms_rpc_respond(self->rpc, id, initialize(self, params));
    return;
  }
  if (!self->initialized) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_SERVER_NOT_INITIALIZED, "the server is not initialized");
    return;
  }
  if (self->shutdown) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_INVALID_REQUEST, "the server is shutting down");
    return;
  }
  if (!strcmp(method, "shutdown")) {
    /* Diagnostics still pending in this batch go out first: a client that
    ** opens, changes and shuts down at once still gets them. */
    flush_documents(self);
    finish_builds(self);
    self->shutdown = true;
    ms_rpc_respond(self->rpc, id, NULL);
    return;
  }
  if (!strcmp(method, "textDocument/diagnostic")) {
    document_diagnostic(self, id, params);
    return;
  }
  if (!strncmp(method, "textDocument/semanticTokens/", 28)) {
    semantic_tokens(self, id, method + 28, params);
    return;
  }
  if (!strcmp(method, "textDocument/prepareRename") || !strcmp(method, "textDocument/rename")) {
    rename_request(self, id, !strcmp(method, "textDocument/prepareRename"), params);
    return;
  }
  if (!strcmp(method, "workspace/symbol")) {
    workspace_symbol(self, id, params);
    return;
  }
  if (!strcmp(method, "workspace/executeCommand")) {
    execute_command(self, id, params);
    return;
  }
  if (!strcmp(method, "workspace/diagnostic")) {
    workspace_diagnostic(self, id, params);
    return;
  }
  for (size_t i = 0; i < sizeof features / sizeof *features; i++)
    if (!strcmp(method, features[i].method)) {
      handle_feature(self, id, features[i].fn, params);
      return;
    }
  char msg[300];
  snprintf(msg, sizeof msg, "unknown method '%.200s'", method);
  ms_rpc_respond_error(self->rpc, id, MS_RPC_METHOD_NOT_FOUND, msg);
}

static void stop(ms_lsp *self) {
  self->exited = true;
  self->exit_code = self->shutdown ? 0 : 1;
  uv_stop(self->loop);
}

static void handle_notification(ms_lsp *self, const char *method, const cJSON *params) {
  if (!strcmp(method, "exit")) {
    stop(self);
    return;
  }
  if (!self->initialized) return;
  if (!strcmp(method, "initialized")) {
    register_watcher(self);
    request_configuration(self);
  } else if (!strcmp(method, "textDocument/didOpen")) did_open(self, params);
  else if (!strcmp(method, "textDocument/didChange")) did_change(self, params);
  else if (!strcmp(method, "textDocument/didClose")) did_close(self, params);
  else if (!strcmp(method, "workspace/didChangeConfiguration")) {
    const cJSON *settings = cJSON_GetObjectItemCaseSensitive(params, "settings");
    if (self->client_configuration) request_configuration(self);
    else apply_settings(self, settings);
  } else if (!strcmp(method, "workspace/didChangeWatchedFiles")) did_change_watched(self, params);
  else if (!strcmp(method, "$/setTrace")) {
    const char *v = str_at(params, "value");
    if (v) snprintf(self->trace, sizeof self->trace, "%s", v);
  }
  /* didSave, $/cancelRequest of answered requests, and unknown
  ** notifications need nothing. */
}

/* ------------------------------------------------------------------ */
/* Requests waiting for builds                                         */

/* The open document a request is about, if any. */
static const char *request_uri(const char *method, const cJSON *params) {
  if (!strcmp(method, "workspace/executeCommand")) {
    const char *cmd = str_at(params, "command");
    if (!cmd || strcmp(cmd, MS_COMMAND_INFERRED_SHAPES)) return NULL;
    return ms_execute_uri(cJSON_GetObjectItemCaseSensitive(params, "arguments"));
  }
  return str_at(obj_at(params, "textDocument"), "uri");
}

/* Whether a request must wait: its document (any open one, for the
** workspace-wide requests) is being built. Starts the builds it needs. */
static bool must_wait(ms_lsp *self, const char *method, const cJSON *params) {
  if (!self->initialized || self->shutdown || !strcmp(method, "initialize") || !strcmp(method, "shutdown"))
    return false;
  if (!strcmp(method, "workspace/symbol") || !strcmp(method, "workspace/diagnostic")) {
    bool wait = false;
    for (size_t i = 0; i < self->ndocs; i++)
      if (!bring_up_to_date(self, &self->docs[i])) wait = true;
    return wait;
  }
  doc_entry *e = find_doc(self, request_uri(method, params));
  return e && !bring_up_to_date(self, e);
}

static void wait_push(ms_lsp *self, cJSON *msg) {
  self->waiting = ms_array_grow(self->waiting, self->nwaiting, &self->capwaiting, sizeof *self->waiting);
  self->waiting[self->nwaiting++] = msg;
}

/* Answers, in arrival order, every waiting request whose builds are done. */
void answer_waiting(ms_lsp *self) {
  cJSON **items = self->waiting;
  size_t n = self->nwaiting;
  self->waiting = NULL;
  self->nwaiting = self->capwaiting = 0;
  for (size_t i = 0; i < n; i++) {
    const char *method = str_at(items[i], "method");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(items[i], "id");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(items[i], "params");
    if (!self->exited && must_wait(self, method, params)) {
      wait_push(self, items[i]);
      continue;
    }
    if (!self->exited) handle_request(self, method, id, params);
    cJSON_Delete(items[i]);
  }
  free(items);
}

/* Answers ContentModified to the requests waiting for uri's build. */
void drop_waiting(ms_lsp *self, const char *uri) {
  size_t k = 0;
  for (size_t i = 0; i < self->nwaiting; i++) {
    cJSON *m = self->waiting[i];
    const char *u = request_uri(str_at(m, "method"), cJSON_GetObjectItemCaseSensitive(m, "params"));
    if (u && !strcmp(u, uri)) {
      ms_rpc_respond_error(self->rpc, cJSON_GetObjectItemCaseSensitive(m, "id"), MS_RPC_CONTENT_MODIFIED,
                           "the document changed");
      cJSON_Delete(m);
    } else {
      self->waiting[k++] = m;
    }
  }
  self->nwaiting = k;
}

double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void handle(ms_lsp *self, queued *q) {
  cJSON *msg = q->msg;
  const char *method = str_at(msg, "method");
  const cJSON *id = cJSON_GetObjectItemCaseSensitive(msg, "id");
  const cJSON *params = cJSON_GetObjectItemCaseSensitive(msg, "params");
  if (!method) return; /* a response nobody waits for */
  double t0 = now_ms();
  if (id && q->cancelled) {
    ms_rpc_respond_error(self->rpc, id, MS_RPC_REQUEST_CANCELLED, "request cancelled");
  } else if (id && must_wait(self, method, params)) {
    wait_push(self, msg); /* it owns the message now */
    q->msg = NULL;
    return;
  } else if (id) {
    handle_request(self, method, id, params);
  } else {
    handle_notification(self, method, params);
  }
  if (strcmp(self->trace, "off") && self->initialized) {
    cJSON *p = cJSON_CreateObject();
    char text[300];
    snprintf(text, sizeof text, "%.200s handled in %.2f ms", method, now_ms() - t0);
    cJSON_AddStringToObject(p, "message", text);
    ms_rpc_notify(self->rpc, "$/logTrace", p);
  }
}

static bool same_id(const cJSON *a, const cJSON *b) {
  if (!a || !b) return false;
  if (cJSON_IsNumber(a) && cJSON_IsNumber(b)) return a->valuedouble == b->valuedouble;
  return cJSON_IsString(a) && cJSON_IsString(b) && !strcmp(a->valuestring, b->valuestring);
}

/* A queued request is answered RequestCancelled when its turn comes, a
** waiting one at once. */
static void cancel(ms_lsp *self, const cJSON *params) {
  const cJSON *id = cJSON_GetObjectItemCaseSensitive(params, "id");
  for (size_t i = 0; i < self->nqueue; i++)
    if (same_id(cJSON_GetObjectItemCaseSensitive(self->queue[i].msg, "id"), id)) self->queue[i].cancelled = true;
  for (size_t i = 0; i < self->nwaiting; i++) {
    cJSON *m = self->waiting[i];
    if (!same_id(cJSON_GetObjectItemCaseSensitive(m, "id"), id)) continue;
    ms_rpc_respond_error(self->rpc, cJSON_GetObjectItemCaseSensitive(m, "id"), MS_RPC_REQUEST_CANCELLED,
                         "request cancelled");
    cJSON_Delete(m);
    memmove(&self->waiting[i], &self->waiting[i + 1], (self->nwaiting - i - 1) * sizeof *self->waiting);
    self->nwaiting--;
    return;
  }
}

/* What an edit frees (its reparse, the judging, the snapshots of the value
** table) stays in the allocator's pages: once the client is quiet for
** TRIM_AFTER_MS they go back to the system (glibc), so a document being
** worked on costs what it holds (issue 21: at most 4 bytes per byte),
** without a trim on every keystroke. */
#define TRIM_AFTER_MS 500

static void on_trim(uv_timer_t *h) {
  (void)h;
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

static void on_idle(uv_idle_t *h) {
  ms_lsp *self = h->data;
  uv_idle_stop(h);
  /* Handlers may enqueue nothing (reading happens in the loop), so the
  ** queue is stable while it drains. */
  for (size_t i = 0; i < self->nqueue && !self->exited; i++) handle(self, &self->queue[i]);
  for (size_t i = 0; i < self->nqueue; i++) cJSON_Delete(self->queue[i].msg);
  self->nqueue = 0;
  if (!self->exited) {
    flush_documents(self);
    uv_timer_start(&self->trim, on_trim, TRIM_AFTER_MS, 0);
  }
}

static void on_message(ms_rpc *rpc, cJSON *msg, void *ctx) {
  (void)rpc;
  ms_lsp *self = ctx;
  const char *method = str_at(msg, "method");
  if (method && !strcmp(method, "$/cancelRequest")) {
    cancel(self, cJSON_GetObjectItemCaseSensitive(msg, "params"));
    return;
  }
  self->queue = ms_array_grow(self->queue, self->nqueue, &self->capqueue, sizeof *self->queue);
  /* Take the message's members instead of copying them: a didOpen carries
  ** the whole file. rpc frees the emptied shell after this callback. */
  cJSON *own = cJSON_CreateObject();
  own->child = msg->child;
  msg->child = NULL;
  self->queue[self->nqueue++] = (queued){own, false};
  uv_idle_start(&self->idle, on_idle);
}

static void on_eof(ms_rpc *rpc, void *ctx) {
  (void)rpc;
  ms_lsp *self = ctx;
  /* Messages read before the end still count (a piped session that ends
  ** with exit). */
  on_idle(&self->idle);
  if (!self->exited) {
    finish_builds(self);
    stop(self);
  }
}

static void on_log(ms_rpc *rpc, const char *text, void *ctx) {
  (void)rpc;
  (void)ctx;
  fprintf(stderr, "mlir-shape lsp: %s\n", text);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

ms_lsp *ms_lsp_new(uv_loop_t *loop, int in_fd, int out_fd) {
  ms_lsp *self = ms_xcalloc(1, sizeof *self);
  if (!self) return NULL;
  self->loop = loop;
  snprintf(self->trace, sizeof self->trace, "off");
  static const ms_rpc_handlers handlers = {on_message, on_eof, on_log};
  self->rpc = ms_rpc_new(loop, in_fd, out_fd, &handlers, self);
  if (!self->rpc) {
    free(self);
    return NULL;
  }
  uv_idle_init(loop, &self->idle);
  self->idle.data = self;
  uv_async_init(loop, &self->build_async, on_build);
  self->build_async.data = self;
  uv_unref((uv_handle_t *)&self->build_async);
  uv_timer_init(loop, &self->trim);
  uv_unref((uv_handle_t *)&self->trim);
  return self;
}

int ms_lsp_run(ms_lsp *self) {
  if (ms_rpc_start(self->rpc) != 0) {
    fprintf(stderr, "mlir-shape lsp: cannot read standard input\n");
    return 1;
  }
  uv_run(self->loop, UV_RUN_DEFAULT);
  return self->exit_code;
}

static void on_close(uv_handle_t *h) { (void)h; }

void ms_lsp_delete(ms_lsp *self) {
  if (!self) return;
  /* Sessions first: deleting one cancels and joins its build, so no worker
  ** touches build_async once it is closed. */
  for (size_t i = 0; i < self->ndocs; i++) {
    ms_session_delete(self->docs[i].session);
    cache_free(&self->docs[i].cache);
    ms_semantic_cache_free(&self->docs[i].semantic);
  }
  free(self->docs);
  for (size_t i = 0; i < self->nqueue; i++) cJSON_Delete(self->queue[i].msg);
  free(self->queue);
  for (size_t i = 0; i < self->nwaiting; i++) cJSON_Delete(self->waiting[i]);
  free(self->waiting);
  for (int i = 0; i < self->nrule_files; i++) free(self->rule_files[i]);
  free(self->rule_files);
  ms_catalog_delete(self->catalog);
  ws_files_free(self);
  ms_path_list_clear(&self->ws_paths);
  free(self->root);
  ms_rpc_delete(self->rpc);
  uv_close((uv_handle_t *)&self->idle, on_close);
  uv_close((uv_handle_t *)&self->build_async, on_close);
  uv_close((uv_handle_t *)&self->trim, on_close);
  /* Until the close callbacks and any read still in flight (a file's
  ** uv_fs_read, when `exit` came before the end of the input) are done:
  ** then the loop can be closed and nothing is left allocated. */
  uv_run(self->loop, UV_RUN_DEFAULT);
  free(self);
}
