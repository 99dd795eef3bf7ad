/*
** cmd_check.c: `mlir-shape check`, the linter for CI (commands.h).
**
** Two phases. (1) On the main thread: options, the paths (source.h
** expands directories), every file opened (mapped) and cut into units, and
** the catalog of each file (builtin rules, the nearest .mlir-shape.json,
** then --rules files), loaded before anything is analysed so a broken rule
** file stops the run with nothing half done. (2) --jobs threads take units
** from one queue, each with its own parser: parse (included ranges, so
** offsets stay the file's), analyse, free the tree, release the pages of a
** large file; the main thread collects the units in file order and hands
** each one's findings to the output step (check_output.h), which filters,
** writes and frees them as they come, or (--verify-diagnostics) gathers a
** file's and verifies them against its expected-* annotations. The pieces
** of a long function (MS_UNIT_FLOW_*) are only parsed and read into op
** records by the workers; the main thread judges them as it collects
** them, in order, against the function's one value table (flow.h).
*/
#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer.h"
#include "options.h"
#include "catalog.h"
#include "check_output.h"
#include "nesting.h"
#include "commands.h"
#include "diag.h"
#include "alloc.h"
#include "flow.h"
#include "lastuse.h"
#include "pool.h"
#include "report.h"
#include "source.h"
#include "tsalloc.h"
#include "verify.h"

#define LARGE_FILE (2u << 20)  /* above this a file is analysed in units */
#define UNIT_BYTES (1u << 20)  /* the size of such a unit */
#define CUT_LEVELS 4           /* regions cut inside: modules, nested modules, functions */

static const char usage[] =
  "usage: mlir-shape check [OPTIONS] PATH...\n"
  "\n"
  "Checks the shapes of broadcasting ops in MLIR files. PATH is a file, a\n"
  "directory (every *.mlir below it) or - for stdin.\n"
  "\n"
  "options:\n"
  "  --format=FORMAT         text (default), json, sarif, github (workflow\n"
  "                          commands) or gitlab (code quality JSON)\n"
  "  --strict                the mlir rule as the Broadcastable trait's document\n"
  "                          states it (default: as mlir-opt-22 verifies)\n"
  "  --rules FILE            add a rule file (highest precedence; repeatable)\n"
  "  --split-input-file      check each '// -----' chunk on its own\n"
  "  --verify-diagnostics    check the findings against expected-* annotations\n"
  "  --jobs N                threads (default: the number of cores)\n"
  "  --shard I/N             check only shard I (1..N) of the files: N runs with\n"
  "                          I = 1..N check every file once (size-balanced)\n"
  "  -h, --help              show this help\n";

static const char usage_tail[] =
  "\n"
  "Rules: the built-in catalog, then the nearest .mlir-shape.json in the file's\n"
  "directory or a parent, then each --rules FILE.\n"
  "Exit status: 0 no errors (or --exit-zero), 1 errors found (or more warnings\n"
  "than --max-warnings, a fix shown by --diff, a failed verification), 2 usage,\n"
  "I/O or rule file errors.\n"
  "Suppress a finding with a comment: // mlir-shape-disable-next-line CODE\n"
  "(also -disable-line, -disable/-enable ranges); `mlir-shape explain CODE`\n"
  "says what a code means.\n";

typedef struct options {
  ms_format format;
  bool strict, split, verify;
  int jobs;
  unsigned shard, shards;      /* --shard I/N: shard = I - 1; shards = 0 without */
  ms_path_list rules, args;
  ms_check_output_options out;  /* selection, baseline, fixes, output */
} options;

/* One catalog per configuration (the .mlir-shape.json in effect). */
typedef struct config {
  char *dir;                   /* a directory of checked files */
  char *file;                  /* its nearest .mlir-shape.json, or NULL */
  ms_catalog *catalog;         /* shared by all dirs with the same file */
} config;

typedef struct input {
  ms_source src;
  const char *path;            /* as expanded from the arguments (owned by the path list) */
  bool ok;                     /* read (input_load): src, aliases and units are there */
  bool tried, failed;          /* input_load ran; the file could not be read whole */
  const ms_catalog *catalog;
  ms_alias_table *aliases;     /* the file's `!name = type` lines */
  ms_unit_list units;
  ms_diag_list diags;          /* --verify-diagnostics: merged and sorted */
  uint32_t swept;              /* sweep_behind has dropped the pages before this */
  ms_flow *flow;               /* the cut function being analysed (MS_UNIT_FLOW_*), or NULL */
  ms_lastuse **lastuse;        /* per unit of a cut function: its names' last occurrences, or NULL */
  uint32_t *lastuse_index;     /* per unit: its index in the function's scan */
  bool flowed;                 /* a cut function's judging read its text back from flow_start on */
  uint32_t flow_start;
  ms_span *live;               /* the spans the flow's table reads back (ms_flow_each_span) */
  size_t nlive, cap_live;
} input;


/* ---- options ---- */

/* Returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, options *o) {
  o->format = MS_FORMAT_TEXT;
  o->jobs = ms_pool_default_jobs();
  bool only_paths = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    bool missing = false;
    int k;
    if (only_paths || a[0] != '-' || !strcmp(a, "-")) {
      ms_path_list_push(&o->args, a);
    } else if (!strcmp(a, "--")) {
      only_paths = true;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      fputs(usage, stdout);
      fputs(ms_check_output_usage, stdout);
      fputs(usage_tail, stdout);
      return 0;
    } else if (!strcmp(a, "--strict")) {
      o->strict = true;
    } else if (!strcmp(a, "--split-input-file")) {
      o->split = true;
    } else if (!strcmp(a, "--verify-diagnostics")) {
      o->verify = true;
    } else if ((v = ms_option_value(argc, argv, &i, "--format", &missing))) {
      if (!ms_format_from_name(v, &o->format)) return ms_usage_error("check", "unknown format '%s'", v);
    } else if ((v = ms_option_value(argc, argv, &i, "--rules", &missing))) {
      ms_path_list_push(&o->rules, v);
    } else if ((v = ms_option_value(argc, argv, &i, "--jobs", &missing)) ||
               (v = ms_option_value(argc, argv, &i, "-j", &missing))) {
      char *end;
      long n = strtol(v, &end, 10);
      if (*end || n < 1 || n > 256) return ms_usage_error("check", "--jobs needs a number from 1 to 256, not '%s'", v);
      o->jobs = (int)n;
    } else if ((v = ms_option_value(argc, argv, &i, "--shard", &missing))) {
      char *slash, *end;
      long a = strtol(v, &slash, 10), b = *slash == '/' ? strtol(slash + 1, &end, 10) : 0;
      if (*slash != '/' || slash == v || *end || end == slash + 1 || b < 1 || b > 100000 || a < 1 || a > b)
        return ms_usage_error("check", "--shard needs I/N with 1 <= I <= N, not '%s'", v);
      o->shard = (unsigned)(a - 1);
      o->shards = (unsigned)b;
    } else if (!missing && (k = ms_check_output_option(argc, argv, &i, &o->out))) {
      if (k == 2) return 2;
    } else if (missing) {
      return ms_usage_error("check", "option '%s' needs a value", a);
    } else {
      return ms_usage_error("check", "unknown option '%s'", a);
    }
  }
  if (!o->args.count) return ms_usage_error("check", "%s", "no input files");
  o->out.format = o->format;
  o->out.strict = o->strict;
  return -1;
}

/* ---- catalogs ---- */

static char *dir_of(const char *path) {
  if (!strcmp(path, "-")) return ms_xstrdup(".");
  const char *slash = strrchr(path, '/');
  if (!slash) return ms_xstrdup(".");
  if (slash == path) return ms_xstrdup("/");
  size_t n = (size_t)(slash - path);
  char *dir = ms_xmalloc(n + 1);
  memcpy(dir, path, n);
  dir[n] = 0;
  return dir;
}

static bool load_catalog(ms_catalog *c, const char *config_file, const options *o, char *err, size_t errlen) {
  if (!ms_catalog_load_builtin(c, err, errlen)) return false;
  /* A config found by search is named as the user would reach it: relative
  ** to the working directory when below it. */
  if (config_file) {
    char cwd[PATH_MAX];
    const char *shown = config_file;
    if (getcwd(cwd, sizeof cwd)) {
      size_t n = strlen(cwd);
      if (!strncmp(config_file, cwd, n) && config_file[n] == '/') shown = config_file + n + 1;
    }
    /* A directory or FIFO by that name is refused, not read (a FIFO would
    ** block) nor passed over. */
    struct stat st;
    int found = stat(config_file, &st);
    if (found != 0 || !S_ISREG(st.st_mode)) {
      snprintf(err, errlen, "%s: cannot read: %s", shown, found != 0 ? strerror(errno) : "not a regular file");
      return false;
    }
    ms_source s;
    if (!ms_source_open(&s, config_file, err, errlen)) return false;
    bool ok = ms_catalog_load(c, shown, s.text, s.len, err, errlen);
    ms_source_close(&s);
    if (!ok) return false;
  }
  for (size_t i = 0; i < o->rules.count; i++)
    if (!ms_catalog_load_file(c, o->rules.items[i], err, errlen)) return false;
  return true;
}

typedef struct configs {
  config *items;
  size_t count;
} configs;

/* The catalog for files of dir; NULL after printing the error. */
static const ms_catalog *catalog_for(configs *cs, const char *path, const options *o) {
  char *dir = dir_of(path);
  for (size_t i = 0; i < cs->count; i++)
    if (!strcmp(cs->items[i].dir, dir)) {
      free(dir);
      return cs->items[i].catalog;
    }
  char *file = ms_catalog_find_config(dir);
  ms_catalog *cat = NULL;
  for (size_t i = 0; i < cs->count && !cat; i++)
    if ((!file && !cs->items[i].file) || (file && cs->items[i].file && !strcmp(file, cs->items[i].file)))
      cat = cs->items[i].catalog;
  if (!cat) {
    char err[4096]; /* "valid codes: ..." lists every registered code */
    cat = ms_catalog_new();
    if (!cat || !load_catalog(cat, file, o, err, sizeof err)) {
      if (cat) fprintf(stderr, "%s\n", err);
      else fputs("mlir-shape: out of memory\n", stderr);
      ms_catalog_delete(cat);
      free(dir);
      free(file);
      return NULL;
    }
  }
  cs->items = ms_xrealloc(cs->items, (cs->count + 1) * sizeof *cs->items);
  cs->items[cs->count++] = (config){dir, file, cat};
  return cat;
}

static void configs_clear(configs *cs) {
  for (size_t i = 0; i < cs->count; i++) {
    bool shared = false;
    for (size_t j = 0; j < i; j++) shared = shared || cs->items[j].catalog == cs->items[i].catalog;
    if (!shared) ms_catalog_delete(cs->items[i].catalog);
    free(cs->items[i].dir);
    free(cs->items[i].file);
  }
  free(cs->items);
}

/* ---- reading ---- */

static void cut_units(input *in, const options *o);

/* Drops the pages of a mapped file that a pass has read. */
static void release_behind(void *ctx, size_t offset) { ms_source_release(ctx, 0, (uint32_t)offset); }

/* Reads one input when its first piece is about to go (not before: a run
** over 70,000 files holds only the files in flight, never one mapping per
** file, which vm.max_map_count would refuse). Returns in->ok. */
static bool input_load(input *in, const options *o) {
  assert(!in->tried);
  in->tried = true;
  char err[PATH_MAX + 256];
  in->ok = ms_source_open(&in->src, in->path, err, sizeof err);
  if (!in->ok) {
    fprintf(stderr, "mlir-shape: %s\n", err);
    in->failed = true;
    return false;
  }
  if (!strcmp(in->path, "-") && o->out.stdin_filename) {
    free(in->src.name);
    in->src.name = ms_xstrdup(o->out.stdin_filename);
  }
  in->aliases = ms_alias_table_scan_with(in->src.text, in->src.len, release_behind, &in->src);
  /* The scan read every page of a mapped file: let them go again. */
  ms_source_release(&in->src, 0, (uint32_t)in->src.len);
  cut_units(in, o);
  return true;
}

/* Unmaps and frees an input once its last piece is delivered. A file that
** shrank while it was read (ms_source_shrank) is an I/O error. */
static void input_unload(input *in) {
  if (!in->ok) return;
  if (ms_source_shrank(&in->src)) {
    fprintf(stderr, "mlir-shape: %s: cannot read: the file shrank while it was read (truncated by another process)\n",
            in->src.name);
    in->failed = true;
  }
  ms_source_close(&in->src);
  ms_alias_table_delete(in->aliases);
  in->aliases = NULL;
  ms_flow_delete(in->flow);
  in->flow = NULL;
  for (size_t i = 0; in->lastuse && i < in->units.count; i++)
    if (in->lastuse[i] && in->units.items[i].flow == MS_UNIT_FLOW_FIRST) ms_lastuse_delete(in->lastuse[i]);
  free(in->lastuse);
  free(in->lastuse_index);
  in->lastuse = NULL;
  in->lastuse_index = NULL;
  free(in->live);
  in->live = NULL;
  in->nlive = in->cap_live = 0;
  ms_unit_list_clear(&in->units);
  in->ok = false;
}

/* The next piece to submit: *file and *unit move past inputs that are
** done or cannot be read, reading each input as it is reached. */
static bool next_piece(input *inputs, size_t n, const options *o, size_t *file, size_t *unit) {
  while (*file < n) {
    input *in = &inputs[*file];
    if (!in->tried) input_load(in, o);
    if (in->ok && *unit < in->units.count) return true;
    ++*file, *unit = 0;
  }
  return false;
}

/* ---- analysis ---- */

static size_t unit_threshold(void) {
  /* MLIR_SHAPE_UNIT_BYTES lowers the unit size, so tests can exercise the
  ** large-file path on small files. */
  const char *env = getenv("MLIR_SHAPE_UNIT_BYTES");
  long n = env ? strtol(env, NULL, 10) : 0;
  return n > 0 ? (size_t)n : UNIT_BYTES;
}

/* Every cut function's last occurrences of names (lastuse.h), before its
** pieces go: judging a piece then lets go of the values no later piece
** names, so a function's table is the values live at the piece. */
static void scan_last_uses(input *in) {
  const ms_unit *u = in->units.items;
  size_t n = in->units.count;
  for (size_t i = 0; i < n; i++) {
    if (u[i].flow != MS_UNIT_FLOW_FIRST) continue;
    size_t j = i + 1;
    while (j < n && u[j].flow == MS_UNIT_FLOW_NEXT) j++;
    if (!in->lastuse) {
      in->lastuse = ms_xcalloc(n, sizeof *in->lastuse);
      in->lastuse_index = ms_xcalloc(n, sizeof *in->lastuse_index);
    }
    ms_lastuse *lu = ms_lastuse_scan(&in->src, u + i, j - i);
    for (size_t k = i; k < j; k++) {
      in->lastuse[k] = lu;
      in->lastuse_index[k] = (uint32_t)(k - i);
    }
    i = j - 1;
  }
}

static void cut_units(input *in, const options *o) {
  size_t target = unit_threshold(), threshold = target == UNIT_BYTES ? LARGE_FILE : 2 * target;
  ms_unit_list chunks;
  ms_unit_list_init(&chunks);
  ms_cut_options cut = {.threshold = threshold, .target = target, .max_level = CUT_LEVELS, .flow = true};
  if (o->split) ms_source_split(in->src.text, in->src.len, &chunks);
  else ms_source_cut_text(&in->src, 0, (uint32_t)in->src.len, &cut, &in->units);
  for (size_t i = 0; i < chunks.count; i++)
    ms_source_cut_text(&in->src, chunks.items[i].start[0], chunks.items[i].end[0], &cut, &in->units);
  ms_unit_list_clear(&chunks);
  /* The output step puts findings in order from where units start. */
  assert(in->units.count > 0);
  for (size_t i = 1; i < in->units.count; i++) assert(in->units.items[i].start[0] >= in->units.items[i - 1].start[0]);
  scan_last_uses(in);
}

static TSPoint point_of(const ms_source *src, uint32_t off) {
  uint32_t line = ms_source_line_of(src, off);
  return (TSPoint){line, off - ms_source_line_start(src, line)};
}

/* One piece on its way through the pool: the worker fills `diags`. */
typedef struct piece {
  ms_pool_task task;           /* first: a task is its piece */
  const options *opts;
  input *in;
  size_t unit;
  ms_diag_list diags;
  ms_records rec;              /* a piece of a cut function: its records, judged in order (flow.h) */
  ms_span *last;               /* and the last occurrences of names in it (lastuse.h) */
  size_t nlast, cap_last;
} piece;

static void add_last(void *ctx, ms_span name) {
  piece *p = ctx;
  *MS_ARRAY_PUSH(p->last, p->nlast, p->cap_last) = name;
}

static TSParser *new_parser(void) {
  TSParser *parser = ts_parser_new();
  if (!parser || !ts_parser_set_language(parser, tree_sitter_mlir())) abort();
  return parser;
}

/* A piece of a cut function (MS_UNIT_FLOW_*): its syntax errors, and the
** records of its ops (those starting in its first range), judged later in
** order. The second range of the head is the function's closing lines up
** to the next op; an op starting there (a line the cut did not take for
** an op) is no part of the function and is analysed on its own. */
static void read_flow_piece(piece *p, ms_ssa *ssa, TSNode root, const ms_analyzer_options *aopts) {
  const ms_source *src = &p->in->src;
  const ms_unit *unit = &p->in->units.items[p->unit];
  for (int r = 0; r < unit->nranges; r++) {
    uint32_t end = unit->end[r] == src->len ? UINT32_MAX : unit->end[r];
    ms_analyze_syntax(root, src->text, unit->start[r], end, &p->diags);
    if (r == 0) continue;
    ms_analysis a;
    ms_analysis_init(&a);
    ms_analyze(p->in->catalog, aopts, root, src->text, unit->start[r], end, &a);
    ms_diag_list_take(&p->diags, &a.diags, 0);
    ms_analysis_clear(&a);
  }
  ms_records_build_with(&p->rec, ssa, root, src->text, unit->start[0], unit->end[0]);
  if (p->in->lastuse && p->in->lastuse[p->unit])
    ms_lastuse_each(p->in->lastuse[p->unit], src, p->in->lastuse_index[p->unit], unit, add_last, p);
}

static void add_live(void *ctx, ms_span span) {
  input *in = ctx;
  *MS_ARRAY_PUSH(in->live, in->nlive, in->cap_live) = span;
}

/* On the collecting thread, in file order: a cut function's piece is
** judged after the pieces before it, against their value table. */
static void judge_flow_piece(piece *p, const options *o) {
  input *in = p->in;
  const ms_unit *unit = &in->units.items[p->unit];
  if (unit->flow == MS_UNIT_ALONE) return;
  if (unit->flow == MS_UNIT_FLOW_FIRST) {
    ms_flow_delete(in->flow);
    ms_analyzer_options aopts = {.strict = o->strict, .aliases = in->aliases};
    in->flow = ms_flow_new(in->catalog, &aopts, in->src.text);
    in->flowed = true;
    in->flow_start = unit->start[0];
    ms_source_advise_random(&in->src, in->flow_start, (uint32_t)in->src.len, true);
  }
  assert(in->flow);
  ms_flow_add(in->flow, &p->rec, unit->end[0], &p->diags);
  for (size_t i = 0; i < p->nlast; i++) ms_flow_forget(in->flow, p->last[i]);
  bool more = p->unit + 1 < in->units.count && in->units.items[p->unit + 1].flow == MS_UNIT_FLOW_NEXT;
  in->nlive = 0;
  if (more) ms_flow_each_span(in->flow, add_live, in);
  /* The sweeps pass over the definitions the next pieces read back. */
  ms_source_keep(&in->src, in->live, in->nlive);
  if (!more) {
    ms_source_advise_random(&in->src, in->flow_start, (uint32_t)in->src.len, false);
    ms_flow_delete(in->flow);
    in->flow = NULL;
  }
}

/* A stretch that cannot be MLIR text (garbage.c): one syntax error at its
** first foreign byte, squiggling the rest of that line; never parsed. */
static void not_text_unit(piece *p) {
  const ms_source *src = &p->in->src;
  const ms_unit *unit = &p->in->units.items[p->unit];
  ms_source_not_text_error(src->text, unit->start[0], unit->end[0], &p->diags);
  ms_source_release_piece(src, unit->start[0], unit->end[0]);
}

/* What a worker keeps from piece to piece: its parser, and the table of
** names a cut function's piece is read with (ms_records_build_with). */
typedef struct worker_state {
  TSParser *parser;
  ms_analyzer_scratch scratch;
} worker_state;

/* Inside an arena (tsalloc.h) the piece gets a parser of its own, freed
** with its tree when the arena ends. */
static void analyze_unit(worker_state *worker, piece *p) {
  if (p->in->units.items[p->unit].not_text) {
    not_text_unit(p);
    return;
  }
  bool arena = ms_tsalloc_arena_begin();
  TSParser *parser = arena ? new_parser() : worker->parser;
  const options *o = p->opts;
  input *in = p->in;
  const ms_source *src = &in->src;
  const ms_unit *unit = &in->units.items[p->unit];
  TSRange ranges[2];
  for (int r = 0; r < unit->nranges; r++)
    ranges[r] = (TSRange){point_of(src, unit->start[r]), point_of(src, unit->end[r]), unit->start[r], unit->end[r]};
  bool whole = unit->nranges == 1 && unit->start[0] == 0 && unit->end[0] == src->len;
  ms_diag_list deep;
  ms_diag_list_init(&deep);
  TSTree *tree = ms_nesting_parse(parser, NULL, src->text, (uint32_t)src->len, whole ? NULL : ranges,
                                  whole ? 0 : (uint32_t)unit->nranges, &deep);
  TSNode root = ts_tree_root_node(tree);
  ms_analyzer_options aopts = {.strict = o->strict, .aliases = in->aliases, .scratch = &worker->scratch};
  if (unit->flow != MS_UNIT_ALONE) {
    ms_diag_list_take(&p->diags, &deep, 0);
    read_flow_piece(p, worker->scratch.ssa, root, &aopts);
  } else for (int r = 0; r < unit->nranges; r++) {
    /* An error at the very end of the text (a missing '}') starts at len. */
    uint32_t end = unit->end[r] == src->len ? UINT32_MAX : unit->end[r];
    ms_diag_list found;
    ms_diag_list_init(&found);
    for (size_t k = 0; k < deep.count; k++)
      if (deep.items[k].start >= unit->start[r] && deep.items[k].start < end)
        ms_diag_list_add_copy(&found, &deep.items[k]);
    ms_analyze_syntax(root, src->text, unit->start[r], end, &found);
    ms_analysis a;
    ms_analysis_init(&a);
    ms_analyze(in->catalog, &aopts, root, src->text, unit->start[r], end, &a);
    ms_diag_list_take(&found, &a.diags, 0);
    ms_analysis_clear(&a);
    ms_diag_list_take(&p->diags, &found, 0);
  }
  ms_diag_list_clear(&deep);
  if (arena) ms_tsalloc_arena_end();
  else ts_tree_delete(tree);
  /* The piece's text is not needed again (the report of a machine format
  ** reads a few lines back): drop its pages, so that a mapped file's
  ** resident set stays the pieces in flight. */
  if (in->units.count > 1)
    for (int r = 0; r < unit->nranges; r++) ms_source_release_piece(src, unit->start[r], unit->end[r]);
}

static void run_piece(void *state, ms_pool_task *task) { analyze_unit(state, (piece *)task); }

static void *worker_init(void *ctx) {
  (void)ctx;
  worker_state *w = ms_xmalloc(sizeof *w);
  w->parser = new_parser();
  ms_analyzer_scratch_init(&w->scratch);
  return w;
}

static void worker_fini(void *state) {
  worker_state *w = state;
  ts_parser_delete(w->parser);
  ms_analyzer_scratch_clear(&w->scratch);
  free(w);
  ms_tsalloc_thread_end();
}

/* The analyzer initialises its tables on first use; do that before threads. */
static void warm_up(const ms_catalog *catalog) {
  TSParser *parser = new_parser();
  TSTree *tree = ts_parser_parse_string(parser, NULL, "", 0);
  ms_analysis a;
  ms_analysis_init(&a);
  ms_analyzer_options aopts = {0};
  ms_analyze(catalog, &aopts, ts_tree_root_node(tree), "", 0, UINT32_MAX, &a);
  ms_analysis_clear(&a);
  ts_tree_delete(tree);
  ts_parser_delete(parser);
}

/* ---- output ---- */

/* The findings of one file gathered for --verify-diagnostics: verified
** once the file is complete, then freed. Returns the failures. */
static size_t verify_file(input *in, const options *o) {
  ms_expectations ex;
  ms_expectations_init(&ex);
  ms_unit_list chunks;
  ms_unit_list_init(&chunks);
  if (o->split) ms_source_split(in->src.text, in->src.len, &chunks);
  else ms_expectations_parse(&ex, &in->src, 0, (uint32_t)in->src.len + 1);
  for (size_t c = 0; c < chunks.count; c++)
    ms_expectations_parse(&ex, &in->src, chunks.items[c].start[0], chunks.items[c].end[0]);
  ms_diag_list bad;
  ms_diag_list_init(&bad);
  size_t failures = ms_verify(&ex, &in->src, &in->diags, &bad);
  for (size_t d = 0; d < bad.count; d++)
    ms_report_text_message(stdout, &in->src, bad.items[d].start, bad.items[d].end, "error", bad.items[d].message, NULL);
  ms_diag_list_clear(&bad);
  ms_unit_list_clear(&chunks);
  ms_expectations_clear(&ex);
  ms_diag_list_clear(&in->diags);
  return failures;
}

/* A collected piece's findings go on: to the output step (which writes
** them as they come), or gathered for verification. */
#define SWEEP_MARGIN (128u << 10) /* twice the kernel's default fault-around */

/* A big file's pages behind the next piece to collect. Each piece drops
** its own pages, but some come back: a neighbour's faults map pages around
** them (fault-around), and the report reads lines back for its snippets.
** Nothing in flight reads far behind the next piece, so a sweep of what
** the collected pieces covered, each time, keeps the resident part of the
** file to the pieces in flight, whatever the file's size. Judging a cut
** function's piece reads back the definitions of the earlier values it
** uses, anywhere in the function (and the kernel maps 64 KB around each):
** while a function is judged, the sweep starts at the function. */
static void sweep_behind(input *in, size_t next_unit) {
  if (in->units.count < 2 || next_unit >= in->units.count) return;
  uint32_t frontier = in->units.items[next_unit].start[0];
  if (frontier < SWEEP_MARGIN) return;
  /* From the file's start, not from the last sweep: a read back far
  ** behind (an alias's text, a report's line) maps a whole large folio of
  ** the page cache (up to 2 MB on ext4), which a sweep starting near the
  ** frontier would never drop again. Dropping unmapped pages is cheap. */
  in->flowed = in->flowed && in->flow != NULL;
  ms_source_release(&in->src, 0, frontier - SWEEP_MARGIN / 2);
  in->swept = frontier;
}

static void deliver(piece *p, ms_check_output *out, const options *o, size_t *failures) {
  input *in = p->in;
  judge_flow_piece(p, o);
  bool last = p->unit + 1 == in->units.count;
  if (out) {
    if (p->unit == 0) ms_check_output_begin_file(out, &in->src, in->catalog);
    ms_check_output_add(out, &p->diags, last ? UINT32_MAX : in->units.items[p->unit + 1].start[0]);
    if (last) ms_check_output_end_file(out);
    sweep_behind(in, p->unit + 1);
    /* --fix and --diff read every file's text again at the end. */
    if (last && !o->out.fix && !o->out.diff) input_unload(in);
    return;
  }
  ms_diag_list_take(&in->diags, &p->diags, 0);
  if (last) {
    ms_diag_list_sort(&in->diags);
    *failures += verify_file(in, o);
    input_unload(in);
  }
}

/* Every piece of every file through one pool, at most `window` pieces in
** flight (submitted, not yet collected); pieces are collected in
** submission order (file order, and within a file the units' order), so
** each file's findings come out exactly as one thread would produce them,
** whatever order the workers finish in. Returns the number of failed
** verifications (--verify-diagnostics, out NULL). */
static size_t analyze_all(input *inputs, size_t n, const options *o, ms_check_output *out) {
  size_t failures = 0;
  size_t file = 0, unit = 0;   /* the next piece to submit */
  /* Inputs are read as their first piece goes (input_load). */
  if (!next_piece(inputs, n, o, &file, &unit)) return 0;
  size_t first = inputs[file].units.count;
  int jobs = n == 1 && (size_t)o->jobs > first ? (int)first : o->jobs;
  ms_pool *pool = ms_pool_new(jobs, worker_init, worker_fini, NULL);
  size_t window = 2 * (size_t)ms_pool_jobs(pool) + 2;
  piece *ring = ms_xcalloc(window, sizeof *ring);
  size_t submitted = 0, collected = 0;
  for (;;) {
    while (submitted - collected < window && next_piece(inputs, n, o, &file, &unit)) {
      piece *p = &ring[submitted % window];
      /* The slot's record pools stay from piece to piece: freed here, on
      ** the collecting thread, they went back to the arena of the worker
      ** that grew them, which handed their pages back to the kernel, and
      ** the next piece faulted them in again. */
      ms_records rec = p->rec;
      ms_records_reset(&rec);
      *p = (piece){.task = {.fn = run_piece}, .opts = o, .in = &inputs[file], .unit = unit++, .rec = rec};
      ms_diag_list_init(&p->diags);
      ms_pool_submit(pool, &p->task);
      submitted++;
    }
    if (collected == submitted) break;
    piece *p = &ring[collected % window];
    ms_pool_wait_task(pool, &p->task);
    deliver(p, out, o, &failures);
    ms_diag_list_clear(&p->diags);
    free(p->last);
    collected++;
  }
  ms_pool_delete(pool);
  for (size_t i = 0; i < window; i++) ms_records_clear(&ring[i].rec);
  free(ring);
  return failures;
}

/* ---- the command ---- */

static int open_inputs(const options *o, configs *cs, input **out, size_t *nout, bool *io_error,
                       ms_path_list *kept_paths) {
  ms_path_list paths, notes;
  ms_path_list_init(&paths);
  ms_path_list_init(&notes);
  char err[PATH_MAX + 256];
  for (size_t i = 0; i < o->args.count; i++)
    if (!ms_path_list_expand(&paths, &notes, o->args.items[i], err, sizeof err)) {
      fprintf(stderr, "mlir-shape: %s\n", err);
      *io_error = true;
    }
  for (size_t i = 0; i < notes.count; i++) fprintf(stderr, "mlir-shape: %s\n", notes.items[i]);
  ms_path_list_clear(&notes);
  if (o->shards) ms_path_list_shard(&paths, o->shard, o->shards);
  input *inputs = ms_xcalloc(paths.count + 1, sizeof *inputs);
  int status = -1;
  for (size_t i = 0; i < paths.count && status < 0; i++) {
    input *in = &inputs[i];
    ms_unit_list_init(&in->units);
    ms_diag_list_init(&in->diags);
    /* stdin: named and configured as --stdin-filename says. */
    bool named_stdin = !strcmp(paths.items[i], "-") && o->out.stdin_filename;
    in->catalog = catalog_for(cs, named_stdin ? o->out.stdin_filename : paths.items[i], o);
    if (!in->catalog) {
      status = 2;
      break;
    }
    in->path = paths.items[i];
  }
  if (status < 0 && cs->count) warm_up(cs->items[0].catalog);
  *out = inputs;
  *nout = paths.count;
  /* The paths stay with the inputs (input_load reads them): kept in o. */
  *kept_paths = paths;
  return status;
}

/* Returns whether an input could not be read whole. */
static bool close_inputs(input *inputs, size_t n) {
  bool failed = false;
  for (size_t i = 0; i < n; i++) {
    input_unload(&inputs[i]);
    ms_diag_list_clear(&inputs[i].diags);
    failed |= inputs[i].failed;
  }
  free(inputs);
  return failed;
}

int ms_cmd_check(int argc, char **argv) {
  /* Every tree-sitter object of check is made and freed on one thread. */
  ms_tsalloc_install();
  options o = {0};
  ms_check_output_init(&o.out);
  ms_path_list_init(&o.rules);
  ms_path_list_init(&o.args);
  int status = parse_options(argc, argv, &o);
  input *inputs = NULL;
  size_t n = 0;
  bool io_error = false;
  configs cs = {0};
  ms_path_list paths;
  ms_path_list_init(&paths);
  if (status < 0) status = open_inputs(&o, &cs, &inputs, &n, &io_error, &paths);
  if (status < 0) {
    /* Findings go through one filter and output step as the pieces come
    ** in (check_output.h): nothing keeps a run's findings. */
    ms_check_output *out = o.verify ? NULL : ms_check_output_new(&o.out, &status);
    if (o.verify) status = analyze_all(inputs, n, &o, NULL) ? 1 : 0;
    else if (out) status = (analyze_all(inputs, n, &o, out), ms_check_output_finish(out));
  }
  /* A file that could not be read (or shrank while read) ends with 2. */
  if (close_inputs(inputs, n) || io_error) status = status < 0 ? status : 2;
  ms_path_list_clear(&paths);
  configs_clear(&cs);
  ms_path_list_clear(&o.rules);
  ms_path_list_clear(&o.args);
  ms_check_output_clear(&o.out);
  return status;
}
