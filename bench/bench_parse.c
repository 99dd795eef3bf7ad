/*
** bench_parse.c: the parse benchmark harness (build/bench-parse).
**
** Measures one tree-sitter grammar on large MLIR files: the time of a full
** parse (best of 3, MB/s), the RSS the first parse adds (bytes per input
** byte), how many ERROR and MISSING nodes the tree has and how much of the
** input lies under ERROR nodes, and the time of an incremental reparse after
** a one-character edit (median over edits spread across the file, each
** insertion undone by a deletion that is timed too). bench/bench-parse.sh
** runs it on the files bench/gen.py writes, next to mlir-opt-22 and, when it
** can be installed, a reference MLIR grammar compiled into a second binary
** of this same file with -DBENCH_LANGUAGE_FN=<its entry symbol>.
**
** usage: bench-parse [--name NAME] [--edits N] FILE...
** Prints one line of JSON per file on stdout; exits 2 on usage or I/O
** errors, 1 if the language cannot be loaded.
*/
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <tree_sitter/api.h>

#ifndef BENCH_LANGUAGE_FN
#define BENCH_LANGUAGE_FN tree_sitter_mlir
#endif
#define BENCH_STR2(x) #x
#define BENCH_STR(x) BENCH_STR2(x)

const TSLanguage *BENCH_LANGUAGE_FN(void);

enum { PARSE_ROUNDS = 3, DEFAULT_EDITS = 9, MAX_EDITS = 64 };

/* The input, with room for the one byte an edit inserts. */
typedef struct {
  char *text;
  uint32_t len;
} ms_bench_input;

typedef struct {
  uint64_t nodes, errors, missing, error_bytes;
} ms_bench_counts;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A "VmRSS:" or "VmHWM:" field of /proc/self/status, in bytes (0 if absent). */
static uint64_t proc_status_kb(const char *field) {
  FILE *f = fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  uint64_t kb = 0;
  size_t flen = strlen(field);
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, field, flen)) {
      kb = strtoull(line + flen, NULL, 10);
      break;
    }
  }
  fclose(f);
  return kb * 1024;
}

static bool input_read(ms_bench_input *self, const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  bool ok = false;
  if (fseek(f, 0, SEEK_END) == 0) {
    long n = ftell(f);
    if (n >= 0 && (uint64_t)n < UINT32_MAX - 1 && fseek(f, 0, SEEK_SET) == 0) {
      self->text = malloc((size_t)n + 2);
      self->len = (uint32_t)n;
      ok = self->text && fread(self->text, 1, (size_t)n, f) == (size_t)n;
      /* Touch the spare bytes now so that edits add no RSS later. */
      if (ok) memset(self->text + n, 0, 2);
    }
  }
  fclose(f);
  return ok;
}

static TSPoint point_at(const ms_bench_input *self, uint32_t byte) {
  TSPoint p = {0, 0};
  const char *s = self->text;
  for (const char *nl; (nl = memchr(s, '\n', (size_t)(self->text + byte - s)));) {
    p.row++;
    s = nl + 1;
  }
  p.column = (uint32_t)(self->text + byte - s);
  return p;
}

/* Walks the whole tree once; error_bytes counts outermost ERROR nodes only.
** in_error is 1 + the depth of the outermost ERROR node being walked, 0 if
** none: any step to a node at that depth or above leaves it. */
static ms_bench_counts tree_count(TSTree *tree) {
  ms_bench_counts c = {0, 0, 0, 0};
  TSTreeCursor cur = ts_tree_cursor_new(ts_tree_root_node(tree));
  uint32_t in_error = 0, depth = 0;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&cur);
    c.nodes++;
    if (ts_node_symbol(n) == (TSSymbol)-1) {
      c.errors++;
      if (!in_error) {
        c.error_bytes += ts_node_end_byte(n) - ts_node_start_byte(n);
        in_error = depth + 1;
      }
    }
    if (ts_node_is_missing(n)) c.missing++;
    if (ts_tree_cursor_goto_first_child(&cur)) {
      depth++;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&cur)) {
      if (!ts_tree_cursor_goto_parent(&cur)) goto done;
      depth--;
    }
    if (depth < in_error) in_error = 0;
  }
done:
  ts_tree_cursor_delete(&cur);
  return c;
}

/* The first byte at or after `from` that is a space, so inserting another
** space after it cannot change what the file means. */
static uint32_t edit_site(const ms_bench_input *self, uint32_t from) {
  for (uint32_t i = from; i < self->len; i++)
    if (self->text[i] == ' ') return i + 1;
  return self->len;
}

/* Inserts (insert=true) or deletes one space at `at`, tells `tree` and
** reparses; returns the seconds the edit and the reparse took. */
static double edit_reparse(TSParser *parser, TSTree **tree, ms_bench_input *in,
                           uint32_t at, bool insert) {
  TSPoint start = point_at(in, at);
  TSInputEdit e = {.start_byte = at, .start_point = start};
  if (insert) {
    memmove(in->text + at + 1, in->text + at, in->len - at);
    in->text[at] = ' ';
    in->len++;
    e.old_end_byte = at, e.old_end_point = start;
    e.new_end_byte = at + 1, e.new_end_point = (TSPoint){start.row, start.column + 1};
  } else {
    memmove(in->text + at, in->text + at + 1, in->len - at - 1);
    in->len--;
    e.old_end_byte = at + 1, e.old_end_point = (TSPoint){start.row, start.column + 1};
    e.new_end_byte = at, e.new_end_point = start;
  }
  double t0 = now_s();
  ts_tree_edit(*tree, &e);
  TSTree *next = ts_parser_parse_string(parser, *tree, in->text, in->len);
  double dt = now_s() - t0;
  assert(next);
  ts_tree_delete(*tree);
  *tree = next;
  return dt;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void json_string(const char *s) {
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') putchar('\\');
    putchar(*s);
  }
  putchar('"');
}

static int bench_file(TSParser *parser, const char *name, const char *path, int n_edits) {
  ms_bench_input in = {NULL, 0};
  if (!input_read(&in, path)) {
    fprintf(stderr, "bench-parse: cannot read %s\n", path);
    free(in.text);
    return 2;
  }
  /* Memory: the first parse only, before malloc holds freed pages. */
  uint64_t rss0 = proc_status_kb("VmRSS:"), hwm0 = proc_status_kb("VmHWM:");
  double best = 0;
  TSTree *tree = NULL;
  uint64_t rss1 = 0, hwm1 = 0;
  for (int round = 0; round < PARSE_ROUNDS; round++) {
    if (tree) ts_tree_delete(tree);
    double t0 = now_s();
    tree = ts_parser_parse_string(parser, NULL, in.text, in.len);
    double dt = now_s() - t0;
    assert(tree);
    if (round == 0) {
      rss1 = proc_status_kb("VmRSS:");
      hwm1 = proc_status_kb("VmHWM:");
    }
    if (round == 0 || dt < best) best = dt;
  }
  ms_bench_counts c = tree_count(tree);

  double samples[2 * MAX_EDITS];
  int ns = 0;
  for (int k = 0; k < n_edits; k++) {
    uint32_t at = edit_site(&in, (uint32_t)((uint64_t)in.len * (uint64_t)(k + 1) / (uint64_t)(n_edits + 1)));
    if (at >= in.len) continue;
    samples[ns++] = edit_reparse(parser, &tree, &in, at, true);
    samples[ns++] = edit_reparse(parser, &tree, &in, at, false);
  }
  qsort(samples, (size_t)ns, sizeof samples[0], cmp_double);
  ms_bench_counts after = tree_count(tree);

  double mb = (double)in.len / 1e6;
  uint64_t rss_added = rss1 > rss0 ? rss1 - rss0 : 0;
  uint64_t base = hwm0 > rss0 ? hwm0 : rss0;
  uint64_t peak_added = hwm1 > base ? hwm1 - base : 0;
  printf("{\"grammar\":");
  json_string(name);
  printf(",\"file\":");
  json_string(path);
  printf(",\"bytes\":%u,\"parse_s\":%.6f,\"mb_s\":%.3f", in.len, best, mb / best);
  printf(",\"rss_added\":%llu,\"rss_per_byte\":%.3f,\"peak_added\":%llu,\"peak_per_byte\":%.3f",
         (unsigned long long)rss_added, (double)rss_added / in.len,
         (unsigned long long)peak_added, (double)peak_added / in.len);
  printf(",\"nodes\":%llu,\"errors\":%llu,\"missing\":%llu,\"error_bytes\":%llu,\"error_fraction\":%.5f",
         (unsigned long long)c.nodes, (unsigned long long)c.errors,
         (unsigned long long)c.missing, (unsigned long long)c.error_bytes,
         (double)c.error_bytes / in.len);
  printf(",\"edits\":%d,\"reparse_ms_median\":%.3f,\"reparse_ms_max\":%.3f,\"errors_after_edits\":%llu}\n",
         ns, ns ? 1e3 * samples[ns / 2] : 0.0, ns ? 1e3 * samples[ns - 1] : 0.0,
         (unsigned long long)after.errors);
  fflush(stdout);
  ts_tree_delete(tree);
  free(in.text);
  return 0;
}

int main(int argc, char **argv) {
  const char *name = BENCH_STR(BENCH_LANGUAGE_FN);
  int n_edits = DEFAULT_EDITS, i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
    if (!strcmp(argv[i], "--name") && i + 1 < argc) {
      name = argv[++i];
    } else if (!strcmp(argv[i], "--edits") && i + 1 < argc) {
      n_edits = atoi(argv[++i]);
      if (n_edits < 0 || n_edits > MAX_EDITS) n_edits = DEFAULT_EDITS;
    } else {
      fprintf(stderr, "usage: bench-parse [--name NAME] [--edits N] FILE...\n");
      return 2;
    }
  }
  if (i == argc) {
    fprintf(stderr, "usage: bench-parse [--name NAME] [--edits N] FILE...\n");
    return 2;
  }
  TSParser *parser = ts_parser_new();
  if (!ts_parser_set_language(parser, BENCH_LANGUAGE_FN())) {
    fprintf(stderr, "bench-parse: %s: language ABI %u not loadable (library takes %d-%d)\n",
            name, ts_language_version(BENCH_LANGUAGE_FN()),
            TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION, TREE_SITTER_LANGUAGE_VERSION);
    ts_parser_delete(parser);
    return 1;
  }
  int rc = 0;
  for (; i < argc; i++) {
    int r = bench_file(parser, name, argv[i], n_edits);
    if (r > rc) rc = r;
  }
  ts_parser_delete(parser);
  return rc;
}
