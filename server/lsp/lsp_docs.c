/*
** lsp_docs.c: the language server's open documents (lsp_int.h): didOpen,
** didChange and didClose, their builds on worker threads, and
** publishDiagnostics written by hand from the per-unit JSON cache.
*/
#include "lsp_int.h"

/* ------------------------------------------------------------------ */
/* Paths and URIs                                                      */

char *uri_to_path(const char *uri) {
  if (strncmp(uri, "file://", 7)) return NULL;
  const char *s = uri + 7;
  char *out = ms_xrealloc(NULL, strlen(s) + 1), *w = out;
  for (; *s; s++) {
    if (*s == '%' && s[1] && s[2]) {
      char hex[3] = {s[1], s[2], 0};
      *w++ = (char)strtol(hex, NULL, 16);
      s += 2;
    } else {
      *w++ = *s;
    }
  }
  *w = 0;
  return out;
}

char *path_to_uri(const char *path) {
  size_t n = strlen(path);
  char *out = ms_xrealloc(NULL, 8 + n * 3), *w = out;
  w += sprintf(w, "file://");
  for (const char *s = path; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("/-_.~", c))
      *w++ = (char)c;
    else
      w += sprintf(w, "%%%02X", c);
  }
  *w = 0;
  return out;
}

/* ------------------------------------------------------------------ */
/* Documents                                                           */

doc_entry *find_doc(ms_lsp *self, const char *uri) {
  if (!uri) return NULL;
  for (size_t i = 0; i < self->ndocs; i++)
    if (!strcmp(ms_session_uri(self->docs[i].session), uri)) return &self->docs[i];
  return NULL;
}

ms_analyzer_options analyzer_options(const ms_lsp *self) {
  ms_analyzer_options o = {.strict = self->strict}; /* the session adds its aliases */
  return o;
}

/* The client's severity setting, else the .mlir-shape.json's (catalog.h),
** else the finding's own; 0 is off. */
static int override_for(const ms_lsp *self, const char *code, int severity) {
  for (int i = 0; i < self->noverrides; i++)
    if (!strcmp(self->overrides[i].code, code)) return self->overrides[i].severity;
  int level;
  if (ms_catalog_code_level(self->catalog, code, &level)) return level;
  return severity;
}

/* publishDiagnostics is written by hand, not through cJSON: a big dump can
** carry thousands of findings, and every keystroke republishes them. */

static void sb_reserve(sbuf *b, size_t more) {
  b->p = ms_array_reserve(b->p, b->n + more + 1, &b->cap, 1);
}

void sb_put(sbuf *b, const char *s, size_t n) {
  sb_reserve(b, n);
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

void sb_lit(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

void sb_uint(sbuf *b, uint32_t v) {
  char tmp[16];
  int n = snprintf(tmp, sizeof tmp, "%u", v);
  sb_put(b, tmp, (size_t)n);
}

void sb_string(sbuf *b, const char *s) {
  sb_reserve(b, strlen(s) * 6 + 2);
  char *w = b->p + b->n;
  *w++ = '"';
  for (const unsigned char *r = (const unsigned char *)s; *r; r++) {
    if (*r == '"' || *r == '\\') {
      *w++ = '\\';
      *w++ = (char)*r;
    } else if (*r < 0x20) {
      w += sprintf(w, "\\u%04x", *r);
    } else {
      *w++ = (char)*r;
    }
  }
  *w++ = '"';
  b->n = (size_t)(w - b->p);
  b->p[b->n] = 0;
}

static void sb_range(sbuf *b, ms_document *doc, uint32_t start, uint32_t end, ms_encoding enc) {
  ms_position p = ms_document_position(doc, start, enc), q = ms_document_position(doc, end, enc);
  sb_lit(b, "{\"start\":{\"line\":");
  sb_uint(b, p.line);
  sb_lit(b, ",\"character\":");
  sb_uint(b, p.character);
  sb_lit(b, "},\"end\":{\"line\":");
  sb_uint(b, q.line);
  sb_lit(b, ",\"character\":");
  sb_uint(b, q.character);
  sb_lit(b, "}}");
}

typedef struct publish_ctx {
  ms_lsp *self;
  ms_session *s;
  sbuf *out;
  size_t count;             /* diagnostics written to out */
  json_cache old, fresh;
  uint32_t line;            /* ms_document_position_after's, over the units in text order */
} publish_ctx;

static void write_diagnostic(void *ctx, const ms_diagnostic *d) {
  publish_ctx *c = ctx;
  int severity = override_for(c->self, d->code, (int)d->severity);
  if (!severity) return;
  ms_document *doc = ms_session_document(c->s);
  sbuf *b = c->out;
  sb_lit(b, c->count++ ? ",{\"range\":" : "{\"range\":");
  sb_range(b, doc, d->start, d->end, c->self->enc);
  sb_lit(b, ",\"severity\":");
  sb_uint(b, (uint32_t)severity);
  sb_lit(b, ",\"code\":");
  sb_string(b, d->code);
  sb_lit(b, ",\"source\":\"mlir-shape\",\"message\":");
  if (d->has_msg_at) {
    /* The place it names, where it is now: the unit may have moved since
    ** it was analysed (the same 1-based byte columns as `check`). */
    ms_position p = ms_document_position(doc, d->msg_at, MS_ENCODING_UTF8);
    char *m = ms_diag_message_at(d, p.line + 1, p.character + 1);
    sb_string(b, m);
    free(m);
  } else {
    sb_string(b, d->message);
  }
  if (d->rule) {
    sb_lit(b, ",\"data\":");
    sb_string(b, d->rule);
  }
  if (d->has_related) {
    sb_lit(b, ",\"relatedInformation\":[{\"location\":{\"uri\":");
    sb_string(b, ms_session_uri(c->s));
    sb_lit(b, ",\"range\":");
    sb_range(b, doc, d->related_start, d->related_end, c->self->enc);
    sb_lit(b, "},\"message\":");
    sb_string(b, d->related_message);
    sb_lit(b, "}]");
  }
  sb_lit(b, "}");
}

static unit_json *cache_slot(json_cache *c, uint64_t generation) {
  size_t mask = c->cap - 1, i = (size_t)(generation * 0x9E3779B97F4A7C15ULL) & mask;
  while (c->slots[i].generation && c->slots[i].generation != generation) i = (i + 1) & mask;
  return &c->slots[i];
}

void cache_free(json_cache *c) {
  for (size_t i = 0; i < c->cap; i++) free(c->slots[i].json);
  free(c->slots);
  c->slots = NULL;
  c->cap = 0;
}

/* A unit's diagnostics, from the cache when the unit and its position are
** unchanged, else written anew; either way kept in the fresh cache. */
static void write_unit(void *ctx, const ms_unit_view *u) {
  publish_ctx *c = ctx;
  if (u->analysis->diags.count == 0) return;
  ms_position at = ms_document_position_after(ms_session_document(c->s), u->start, c->self->enc, &c->line);
  unit_json *old = c->old.cap ? cache_slot(&c->old, u->generation) : NULL;
  unit_json entry = {u->generation, at, NULL, 0};
  if (old && old->generation && old->at.line == at.line && old->at.character == at.character) {
    entry.json = old->json;
    entry.len = old->len;
    old->json = NULL;
  } else {
    sbuf piece = {0};
    sbuf *saved = c->out;
    size_t count = c->count;
    c->out = &piece;
    c->count = 0;
    for (size_t k = 0; k < u->analysis->diags.count; k++) {
      ms_diagnostic d = u->analysis->diags.items[k];
      ms_diag_shift(&d, u->start);
      write_diagnostic(c, &d);
    }
    c->out = saved;
    c->count = count;
    entry.json = piece.p;
    entry.len = piece.n;
  }
  if (entry.len) {
    if (c->count++) sb_lit(c->out, ",");
    sb_put(c->out, entry.json, entry.len);
  }
  *cache_slot(&c->fresh, u->generation) = entry;
}

static void collect_diagnostic(void *ctx, const ms_diagnostic *d) { ms_diag_list_add_copy(ctx, d); }

/* A document with suppression comments (suppress.h): every diagnostic
** through the directives, none from the cache (a directive can change what
** any unit shows). */
static void write_suppressed(ms_session *s, publish_ctx *c) {
  size_t len = 0;
  const char *text = ms_document_text(ms_session_document(s), &len);
  ms_diag_list all;
  ms_diag_list_init(&all);
  ms_session_each_diagnostic(s, collect_diagnostic, &all);
  ms_diag_list_sort(&all);
  ms_suppress_apply(text, len, &all, true);
  for (size_t i = 0; i < all.count; i++) write_diagnostic(c, &all.items[i]);
  ms_diag_list_clear(&all);
}

/* The cache holds only units with diagnostics (write_unit). */
static void count_unit(void *ctx, const ms_unit_view *u) {
  if (u->analysis->diags.count) (*(size_t *)ctx)++;
}

/* The diagnostics of a session as comma-separated JSON objects (the inside
** of an array), through the per-unit cache (replaced by the fresh one).
** *directives (suppress.h: -1 unknown, 0, 1; may be NULL) says whether the
** text holds suppression comments; then every diagnostic goes through them
** and the cache is bypassed. */
void diagnostics_items(ms_lsp *self, ms_session *s, json_cache *cache, int *directives, sbuf *out) {
  size_t nunits = 0;
  ms_session_each_unit(s, count_unit, &nunits);
  publish_ctx c = {self, s, out, 0, *cache, {NULL, 16}, 0};
  while (c.fresh.cap < 2 * nunits) c.fresh.cap *= 2;
  c.fresh.slots = ms_xcalloc(c.fresh.cap, sizeof *c.fresh.slots);
  size_t len = 0;
  const char *text = ms_document_text(ms_session_document(s), &len);
  int found = directives && *directives >= 0 ? *directives : ms_suppress_present(text, len);
  if (directives) *directives = found;
  if (found) {
    write_suppressed(s, &c);
  } else {
    ms_session_each_syntax_error(s, write_diagnostic, &c);
    ms_session_each_unit(s, write_unit, &c);
  }
  cache_free(&c.old);
  *cache = c.fresh;
}

/* Only the document last published keeps its trees: every other one
** holds its text and analyses (issue 21: a server with many documents
** open must not hold ~8 bytes of tree per byte of each); a request or edit
** on one of them parses again what it needs. The trees were built on the
** workers, whose malloc arenas keep the freed pages: they go back to the
** system too (glibc), once per switch of documents, not per keystroke. */
static void release_idle_trees(ms_lsp *self, const doc_entry *active) {
  bool released = false;
  for (size_t i = 0; i < self->ndocs; i++)
    if (&self->docs[i] != active) released |= ms_session_release_trees(self->docs[i].session);
#ifdef __GLIBC__
  if (released) malloc_trim(0);
#else
  (void)released;
#endif
}

/* A whole build parsed every chunk of its document for its records; the
** analyses stand without the trees, so they go too, the built document's
** as well (issue 21: a tree is ~8 bytes per byte of text, and a document
** being worked on must stay within 4): the next edit or tree feature
** parses again only its chunk, which then stays (session.h: the tree
** budget). The workers' freed pages go back to the system, once per build. */
static void trees_after_build(ms_lsp *self) {
  for (size_t i = 0; i < self->ndocs; i++)
    if (!ms_session_building(self->docs[i].session)) ms_session_release_trees(self->docs[i].session);
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

static void publish(ms_lsp *self, doc_entry *e) {
  release_idle_trees(self, e);
  e->needs_publish = false;
  if (!ms_session_building(e->session)) e->complete = true;
  if (self->client_pull) return; /* the client pulls (textDocument/diagnostic) */
  sbuf out = {0};
  sb_lit(&out, "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/publishDiagnostics\",\"params\":{\"uri\":");
  sb_string(&out, ms_session_uri(e->session));
  sb_lit(&out, ",\"version\":");
  sb_uint(&out, (uint32_t)ms_session_version(e->session));
  sb_lit(&out, ",\"diagnostics\":[");
  diagnostics_items(self, e->session, &e->cache, &e->directives, &out);
  sb_lit(&out, "]}}");
  ms_rpc_send_text(self->rpc, out.p, out.n);
  free(out.p);
}

static void progress(ms_lsp *self, const char *token, const char *kind, const char *title, const char *message) {
  cJSON *params = cJSON_CreateObject();
  cJSON_AddStringToObject(params, "token", token);
  cJSON *v = cJSON_AddObjectToObject(params, "value");
  cJSON_AddStringToObject(v, "kind", kind);
  if (title) cJSON_AddStringToObject(v, "title", title);
  if (message) cJSON_AddStringToObject(v, "message", message);
  ms_rpc_notify(self->rpc, "$/progress", params);
}

static void progress_end(ms_lsp *self, doc_entry *e, const char *message) {
  if (!e->progress[0]) return;
  progress(self, e->progress, "end", NULL, message);
  e->progress[0] = 0;
}

/* On a worker thread (session.h): uv_async_send is the one libuv call that
** may be made from any thread. */
static void wake_loop(void *ctx) {
  ms_lsp *self = ctx;
  uv_async_send(&self->build_async);
}

/* Brings e up to date: edits inside chunks at once (true); a whole parse
** of a big document is started on the workers (false: on_build finishes
** it). A big document's first build is announced with $/progress. */
bool bring_up_to_date(ms_lsp *self, doc_entry *e) {
  if (ms_session_building(e->session)) return false;
  if (!ms_session_build_start(e->session, wake_loop, self)) return true;
  size_t len = 0;
  ms_document_text(ms_session_document(e->session), &len);
  if (!e->complete && self->client_progress && len >= PROGRESS_MIN_BYTES) {
    snprintf(e->progress, sizeof e->progress, "mlir-shape/%d", ++self->progress_token);
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "token", e->progress);
    ms_rpc_request(self->rpc, "window/workDoneProgress/create", p, NULL, NULL);
    char msg[64];
    snprintf(msg, sizeof msg, "%.1f MB", len / 1e6);
    progress(self, e->progress, "begin", "mlir-shape: analysing", msg);
  }
  return false;
}

/* An edit, close, reopen or new catalog preempts the build of e. */
void cancel_build(ms_lsp *self, doc_entry *e) {
  if (!ms_session_building(e->session)) return;
  ms_session_build_cancel(e->session);
  progress_end(self, e, "cancelled");
}

/* Publishes every document changed in this batch, now or, for one whose
** build has started, when the build is done (on_build). */
void flush_documents(ms_lsp *self) {
  for (size_t i = 0; i < self->ndocs; i++) {
    doc_entry *e = &self->docs[i];
    if (!e->needs_publish) continue;
    e->needs_publish = false;
    if (bring_up_to_date(self, e)) publish(self, e);
  }
}

/* A worker finished a chunk: a big document's top is published as soon
** as it is in (only while the document never had its whole diagnostics
** published: a rebuild after an edit keeps showing the old ones), then all
** of it; then the requests that waited for it. */
void on_build(uv_async_t *h) {
  ms_lsp *self = h->data;
  if (self->exited) return;
  bool done = false;
  for (size_t i = 0; i < self->ndocs; i++) {
    doc_entry *e = &self->docs[i];
    ms_build_state st = ms_session_build_poll(e->session);
    if (st == MS_BUILD_TOP && !e->complete) {
      publish(self, e);
    } else if (st == MS_BUILD_DONE) {
      progress_end(self, e, "done");
      publish(self, e);
      done = true;
    }
  }
  if (done) {
    answer_waiting(self);
    trees_after_build(self);
  }
}

/* Waits for every build under way (shutdown, end of input): their
** diagnostics and the requests waiting for them go out first. */
void finish_builds(ms_lsp *self) {
  for (size_t i = 0; i < self->ndocs; i++) {
    doc_entry *e = &self->docs[i];
    if (!ms_session_building(e->session)) continue;
    ms_session_update(e->session);
    progress_end(self, e, "done");
    publish(self, e);
  }
  answer_waiting(self);
}

/* Preemption by an edit, close or reopen of e: its build and the requests
** waiting for it were about text that is gone. */
static void preempt(ms_lsp *self, doc_entry *e) {
  cancel_build(self, e);
  drop_waiting(self, ms_session_uri(e->session));
}

void did_open(ms_lsp *self, const cJSON *params) {
  const cJSON *td = obj_at(params, "textDocument");
  const char *uri = str_at(td, "uri"), *text = str_at(td, "text");
  const cJSON *version = cJSON_GetObjectItemCaseSensitive(td, "version");
  if (!uri || !text) {
    ms_rpc_log(self->rpc, MS_RPC_LOG_ERROR, "didOpen without uri or text: ignored");
    return;
  }
  doc_entry *e = find_doc(self, uri);
  ms_analyzer_options o = analyzer_options(self);
  if (e) {
    preempt(self, e);
    ms_session_replace(e->session, text, strlen(text));
    e->directives = -1;
    e->complete = false;
  } else {
    self->docs = ms_array_grow(self->docs, self->ndocs, &self->capdocs, sizeof *self->docs);
    ms_session *s = ms_session_new(uri, text, strlen(text), 0, self->catalog, &o);
    if (!s) {
      ms_rpc_log(self->rpc, MS_RPC_LOG_ERROR, "cannot open %s: out of memory or too large", uri);
      return;
    }
    /* MLIR_SHAPE_TREE_BUDGET lowers the tree budget (session.h), so tests
    ** can exercise dropped trees on modest documents. */
    const char *budget = getenv("MLIR_SHAPE_TREE_BUDGET");
    if (budget && strtoul(budget, NULL, 10) > 0) ms_session_set_tree_budget(s, strtoul(budget, NULL, 10));
    e = &self->docs[self->ndocs++];
    memset(e, 0, sizeof *e);
    e->session = s;
    e->directives = -1;
  }
  ms_session_set_version(e->session, cJSON_IsNumber(version) ? version->valueint : 0);
  e->needs_publish = true;
}

/* After an edit that put n bytes at byte `at`: a document without
** directives has one now only if it appears around the edit (a directive
** is one line; the window covers a name completed on either side); one
** that had some may have lost them, which the next publish rescans. */
static void note_directives(doc_entry *e, size_t at, size_t n) {
  if (e->directives != 0) {
    e->directives = -1;
    return;
  }
  size_t len = 0;
  const char *text = ms_document_text(ms_session_document(e->session), &len);
  size_t from = at > 32 ? at - 32 : 0, to = at + n + 32 < len ? at + n + 32 : len;
  if (from < to && ms_suppress_present(text + from, to - from)) e->directives = 1;
}

static void apply_change(ms_lsp *self, doc_entry *e, const cJSON *change) {
  const char *text = str_at(change, "text");
  if (!text) return;
  const cJSON *range = obj_at(change, "range");
  if (!range) {
    ms_session_replace(e->session, text, strlen(text));
    e->directives = -1;
    return;
  }
  ms_position a, b;
  if (!ms_feature_read_position(obj_at(range, "start"), &a) || !ms_feature_read_position(obj_at(range, "end"), &b)) {
    ms_rpc_log(self->rpc, MS_RPC_LOG_ERROR, "%s: invalid change range ignored", ms_session_uri(e->session));
    return;
  }
  size_t at = ms_document_offset(ms_session_document(e->session), a, self->enc);
  if (!ms_session_edit(e->session, a, b, text, strlen(text), self->enc)) {
    ms_rpc_log(self->rpc, MS_RPC_LOG_ERROR, "%s: invalid change range ignored", ms_session_uri(e->session));
    return;
  }
  note_directives(e, at, strlen(text));
}

void did_change(ms_lsp *self, const cJSON *params) {
  const cJSON *td = obj_at(params, "textDocument");
  doc_entry *e = find_doc(self, str_at(td, "uri"));
  if (!e) {
    ms_rpc_log(self->rpc, MS_RPC_LOG_WARNING, "didChange for a document that is not open: ignored");
    return;
  }
  preempt(self, e);
  const cJSON *changes = cJSON_GetObjectItemCaseSensitive(params, "contentChanges"), *c;
  cJSON_ArrayForEach(c, changes) apply_change(self, e, c);
  const cJSON *version = cJSON_GetObjectItemCaseSensitive(td, "version");
  if (cJSON_IsNumber(version)) ms_session_set_version(e->session, version->valueint);
  e->needs_publish = true;
}

void did_close(ms_lsp *self, const cJSON *params) {
  const char *uri = str_at(obj_at(params, "textDocument"), "uri");
  doc_entry *e = find_doc(self, uri);
  if (!e) {
    ms_rpc_log(self->rpc, MS_RPC_LOG_WARNING, "didClose for a document that is not open: ignored");
    return;
  }
  preempt(self, e);
  /* Clear the editor's problems for the closed file. */
  cJSON *p = cJSON_CreateObject();
  cJSON_AddStringToObject(p, "uri", uri);
  cJSON_AddArrayToObject(p, "diagnostics");
  ms_rpc_notify(self->rpc, "textDocument/publishDiagnostics", p);
  ms_session_delete(e->session);
  cache_free(&e->cache);
  ms_semantic_cache_free(&e->semantic);
  *e = self->docs[--self->ndocs];
}

