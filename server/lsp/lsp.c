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

static const char *str_at(const cJSON *obj, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static const cJSON *obj_at(const cJSON *obj, const char *key) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
  return cJSON_IsObject(v) ? v : NULL;
}

static bool bool_at(const cJSON *obj, const char *path) {
  char buf[256];
  snprintf(buf, sizeof buf, "%s", path);
  const cJSON *cur = obj;
  for (char *tok = strtok(buf, "."); tok && cur; tok = strtok(NULL, ".")) cur = cJSON_GetObjectItemCaseSensitive(cur, tok);
  return cJSON_IsTrue(cur);
}

/* ------------------------------------------------------------------ */
/* Paths and URIs                                                      */

static char *uri_to_path(const char *uri) {
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

static char *path_to_uri(const char *path) {
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

static doc_entry *find_doc(ms_lsp *self, const char *uri) {
  if (!uri) return NULL;
  for (size_t i = 0; i < self->ndocs; i++)
    if (!strcmp(ms_session_uri(self->docs[i].session), uri)) return &self->docs[i];
  return NULL;
}

static ms_analyzer_options analyzer_options(const ms_lsp *self) {
  ms_analyzer_options o = {self->strict, NULL}; /* the session adds its aliases */
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
typedef struct sbuf {
  char *p;
  size_t n, cap;
} sbuf;

static void sb_reserve(sbuf *b, size_t more) {
  b->p = ms_array_reserve(b->p, b->n + more + 1, &b->cap, 1);
}

static void sb_put(sbuf *b, const char *s, size_t n) {
  sb_reserve(b, n);
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}

static void sb_lit(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

static void sb_uint(sbuf *b, uint32_t v) {
  char tmp[16];
  int n = snprintf(tmp, sizeof tmp, "%u", v);
  sb_put(b, tmp, (size_t)n);
}

static void sb_string(sbuf *b, const char *s) {
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

static void cache_free(json_cache *c) {
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

static void count_unit(void *ctx, const ms_unit_view *u) {
  (void)u;
  (*(size_t *)ctx)++;
}

/* The diagnostics of a session as comma-separated JSON objects (the inside
** of an array), through the per-unit cache (replaced by the fresh one).
** *directives (suppress.h: -1 unknown, 0, 1; may be NULL) says whether the
** text holds suppression comments; then every diagnostic goes through them
** and the cache is bypassed. */
static void diagnostics_items(ms_lsp *self, ms_session *s, json_cache *cache, int *directives, sbuf *out) {
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
static bool bring_up_to_date(ms_lsp *self, doc_entry *e) {
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
static void cancel_build(ms_lsp *self, doc_entry *e) {
  if (!ms_session_building(e->session)) return;
  ms_session_build_cancel(e->session);
  progress_end(self, e, "cancelled");
}

/* Publishes every document changed in this batch, now or, for one whose
** build has started, when the build is done (on_build). */
static void flush_documents(ms_lsp *self) {
  for (size_t i = 0; i < self->ndocs; i++) {
    doc_entry *e = &self->docs[i];
    if (!e->needs_publish) continue;
    e->needs_publish = false;
    if (bring_up_to_date(self, e)) publish(self, e);
  }
}

static void answer_waiting(ms_lsp *self);

/* A worker finished a chunk: a big document's top is published as soon
** as it is in (only while the document never had its whole diagnostics
** published: a rebuild after an edit keeps showing the old ones), then all
** of it; then the requests that waited for it. */
static void on_build(uv_async_t *h) {
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
  if (done) answer_waiting(self);
}

/* Waits for every build under way (shutdown, end of input): their
** diagnostics and the requests waiting for them go out first. */
static void finish_builds(ms_lsp *self) {
  for (size_t i = 0; i < self->ndocs; i++) {
    doc_entry *e = &self->docs[i];
    if (!ms_session_building(e->session)) continue;
    ms_session_update(e->session);
    progress_end(self, e, "done");
    publish(self, e);
  }
  answer_waiting(self);
}

static void drop_waiting(ms_lsp *self, const char *uri);

/* Preemption by an edit, close or reopen of e: its build and the requests
** waiting for it were about text that is gone. */
static void preempt(ms_lsp *self, doc_entry *e) {
  cancel_build(self, e);
  drop_waiting(self, ms_session_uri(e->session));
}

static void did_open(ms_lsp *self, const cJSON *params) {
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

static void did_change(ms_lsp *self, const cJSON *params) {
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

static void did_close(ms_lsp *self, const cJSON *params) {
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
static void rebuild_catalog(ms_lsp *self) {
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
static void apply_settings(ms_lsp *self, const cJSON *settings) {
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

static void request_configuration(ms_lsp *self) {
  if (!self->client_configuration) return;
  cJSON *params = cJSON_CreateObject();
  cJSON *items = cJSON_AddArrayToObject(params, "items");
  cJSON *item = cJSON_CreateObject();
  cJSON_AddStringToObject(item, "section", "mlirShape");
  cJSON_AddItemToArray(items, item);
  ms_rpc_request(self->rpc, "workspace/configuration", params, on_configuration, self);
}

static void register_watcher(ms_lsp *self) {
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

static void did_change_watched(ms_lsp *self, const cJSON *params) {
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

static double now_ms(void);

/* The workspace folder's .mlir files, in the order `check DIR` reads them
** (at most MAX_WORKSPACE_FILES). The listing is kept a few seconds: VS
** Code's client asks for the workspace's diagnostics every 2 seconds. */
#define WORKSPACE_LISTING_MS 10000.0

static void workspace_paths(ms_lsp *self, ms_path_list *out) {
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
static ms_session *file_session(ms_lsp *self, const char *path, const char *uri) {
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

static void ws_files_free(ms_lsp *self) {
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
static void document_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params) {
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

static ws_file *ws_file_for(ms_lsp *self, const char *uri) {
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
static void workspace_diagnostic(ms_lsp *self, const cJSON *id, const cJSON *params) {
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
static void answer_waiting(ms_lsp *self) {
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
static void drop_waiting(ms_lsp *self, const char *uri) {
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

static double now_ms(void) {
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

static void on_idle(uv_idle_t *h) {
  ms_lsp *self = h->data;
  uv_idle_stop(h);
  /* Handlers may enqueue nothing (reading happens in the loop), so the
  ** queue is stable while it drains. */
  for (size_t i = 0; i < self->nqueue && !self->exited; i++) handle(self, &self->queue[i]);
  for (size_t i = 0; i < self->nqueue; i++) cJSON_Delete(self->queue[i].msg);
  self->nqueue = 0;
  if (!self->exited) flush_documents(self);
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
  /* Until the close callbacks and any read still in flight (a file's
  ** uv_fs_read, when `exit` came before the end of the input) are done:
  ** then the loop can be closed and nothing is left allocated. */
  uv_run(self->loop, UV_RUN_DEFAULT);
  free(self);
}
