/*
** wasm_api.c: the entry points of the browser build (`make wasm`).
**
** The browser build is the same analyzer as build/mlir-shape, compiled by
** emscripten without libuv and without threads (the worker pool runs its
** tasks on the caller when it has one worker, pool.h). Three calls, each
** taking the whole text of a document:
**   check  -> the JSON of `mlir-shape check --format=json --jobs 1`
**   shapes -> the JSON of `mlir-shape shapes --format=json`
**   hover  -> the markdown the language server shows at a position
** check and shapes run the commands themselves (cmd_check.c,
** cmd_shapes.c) on a file in emscripten's in-memory file system, with
** their standard output sent to another such file, so their answers are
** the command line's byte for byte. hover opens a session (session.h) as
** the server does and asks queries.c, keeping the session while the text
** and the profile stay the same (hovering again costs no parse).
**
** Strings returned are malloc'd: the caller frees them (ms_wasm_free).
** web/src/mlir-shape.js wraps these for JavaScript.
*/
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "alloc.h"
#include "catalog.h"
#include "commands.h"
#include "queries.h"
#include "session.h"
#include "tsalloc.h"

#define OUT_FILE "/tmp/mlir-shape-out"
#define WORK_DIR "/work"

/* Makes every directory of path's parent (relative to the working
** directory), as `mkdir -p`. */
static void make_parents(const char *path) {
  char *p = ms_xstrdup(path);
  for (char *s = strchr(p + 1, '/'); s; s = strchr(s + 1, '/')) {
    *s = 0;
    mkdir(p, 0755);
    *s = '/';
  }
  free(p);
}

/* A relative name without "..": where the text is written, so that the
** findings name the file as the caller does ("examples/arith.mlir"). */
static const char *safe_name(const char *name) {
  if (!name || !*name || name[0] == '/' || name[0] == '-' || strstr(name, "..")) return "input.mlir";
  return name;
}

static bool write_file(const char *path, const char *text) {
  make_parents(path);
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  size_t n = strlen(text);
  bool ok = fwrite(text, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return ms_xstrdup("");
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = ms_xmalloc((size_t)(n < 0 ? 0 : n) + 1);
  size_t got = n > 0 ? fread(s, 1, (size_t)n, f) : 0;
  s[got] = 0;
  fclose(f);
  return s;
}

/* Runs a command with its standard output into a string. */
static char *run_captured(int (*cmd)(int, char **), int argc, char **argv, int *status) {
  static bool ready;
  if (!ready) {
    mkdir(WORK_DIR, 0755);
    mkdir("/tmp", 0777);
    ready = true;
  }
  fflush(stdout);
  int saved = dup(1);
  int fd = open(OUT_FILE, O_CREAT | O_TRUNC | O_WRONLY, 0644);
  if (saved < 0 || fd < 0) abort();
  dup2(fd, 1);
  close(fd);
  *status = cmd(argc, argv);
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  char *out = read_file(OUT_FILE);
  unlink(OUT_FILE);
  return out;
}

static ms_session *session;
static char *session_text;
static int session_strict;

/* tree-sitter allocates through tsalloc.h from the first call on, as check
** installs it (before any tree exists: a block must be freed by the
** allocator that made it). */
static void init_once(void) {
  static bool done;
  if (done) return;
  ms_tsalloc_install();
  done = true;
}

/* check ends its worker by returning every slab of the thread to malloc
** (ms_tsalloc_thread_end), trees still alive included: the hover's session
** goes first. */
static void drop_session(void) {
  ms_session_delete(session);
  session = NULL;
  free(session_text);
  session_text = NULL;
}

/* `NAME --format=json [--jobs 1] [--strict] FILE` on text written as FILE
** (shapes has no --jobs: it is one thread). */
static char *run_on_text(int (*cmd)(int, char **), const char *command, const char *text, const char *name,
                         int strict) {
  init_once();
  drop_session();
  if (chdir(WORK_DIR) != 0) {
    mkdir(WORK_DIR, 0755);
    if (chdir(WORK_DIR) != 0) abort();
  }
  const char *file = safe_name(name);
  if (!write_file(file, text)) return ms_xstrdup("");
  char *args[7];
  int argc = 0;
  args[argc++] = (char *)command;
  args[argc++] = "--format=json";
  if (cmd == ms_cmd_check) {
    args[argc++] = "--jobs";
    args[argc++] = "1";
  }
  if (strict) args[argc++] = "--strict";
  args[argc++] = (char *)file;
  args[argc] = NULL;
  int status;
  char *out = run_captured(cmd, argc, args, &status);
  unlink(file);
  return out;
}

char *ms_wasm_check(const char *text, const char *name, int strict) {
  return run_on_text(ms_cmd_check, "check", text, name, strict);
}

char *ms_wasm_shapes(const char *text, const char *name, int strict) {
  return run_on_text(ms_cmd_shapes, "shapes", text, name, strict);
}

/* ---- hover ---- */

static ms_catalog *catalog;

static ms_session *session_for(const char *text, int strict) {
  init_once();
  if (session && session_strict == strict && !strcmp(session_text, text)) return session;
  if (!catalog) {
    char err[512];
    catalog = ms_catalog_new();
    if (!catalog || !ms_catalog_load_builtin(catalog, err, sizeof err)) abort();
  }
  drop_session();
  ms_analyzer_options opts = {.strict = strict != 0};
  session_text = ms_xstrdup(text);
  session_strict = strict;
  session = ms_session_new("file:///input.mlir", text, strlen(text), 1, catalog, &opts);
  if (!session) abort();
  ms_session_update(session);
  return session;
}

/* The hover's markdown at (line, character), 0-based, the character in
** UTF-16 code units (as JavaScript counts); "" where there is none. */
char *ms_wasm_hover(const char *text, int line, int character, int strict) {
  ms_session *s = session_for(text, strict);
  cJSON *params = cJSON_CreateObject();
  cJSON *pos = cJSON_AddObjectToObject(params, "position");
  cJSON_AddNumberToObject(pos, "line", line);
  cJSON_AddNumberToObject(pos, "character", character);
  cJSON *hover = ms_feature_hover(s, params, MS_ENCODING_UTF16);
  cJSON_Delete(params);
  const cJSON *contents = hover ? cJSON_GetObjectItemCaseSensitive(hover, "contents") : NULL;
  const cJSON *value = contents ? cJSON_GetObjectItemCaseSensitive(contents, "value") : NULL;
  char *out = ms_xstrdup(cJSON_IsString(value) ? value->valuestring : "");
  cJSON_Delete(hover);
  return out;
}

void ms_wasm_free(void *p) { free(p); }
