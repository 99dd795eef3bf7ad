/*
** source.h: the inputs of `check`: files, directories, stdin, and how a
** text is cut into pieces that are parsed and analysed one at a time.
**
** A source is the text of one input (memory-mapped when it is a regular
** file, so a 50 MB file costs no copy) with a line index built once, which
** every report format uses to turn byte offsets into lines and columns.
**
** Units: `check` never parses more than a unit at once. A unit is one or
** two byte ranges of the source parsed together (tree-sitter included
** ranges, so offsets stay those of the file). A small text is one unit;
** `--split-input-file` cuts at `// -----` lines (ms_source_split); a text
** above a threshold is cut along its structure (ms_source_cut, cut.c): runs
** of ops directly inside a module (in any form) or inside one long
** function, and the head of each op cut inside.
*/
#ifndef MS_SOURCE_H
#define MS_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h" /* ms_diag_list */
#include "ssa.h" /* ms_span */

typedef struct ms_source {
  char *name;                  /* as shown in reports: the path, or "<stdin>" */
  const char *text;
  size_t len;
  uint32_t *lines;             /* private: line starts (every line, or every
                               ** 2^line_shift-th of a big mapped file):
                               ** read them with ms_source_line_start */
  size_t nlines;               /* the number of lines */
  unsigned line_shift;         /* private: 0 = every line indexed */
  void *map;                   /* private: the mapping, or NULL */
  size_t maplen;
  char *owned;                 /* private: the copy, or NULL */
  int guard;                   /* private: the mapping's slot (ms_source_shrank) */
  uint64_t id;                 /* private: unique per open (positions' memo) */
  uint32_t *kept;              /* private: pages ms_source_release passes over (ms_source_keep), */
  size_t nkept, cap_kept;      /* ascending */
} ms_source;

/* Opens path ("-" reads stdin, named "<stdin>") and indexes its lines. On
** failure returns false and writes "PATH: cannot read: <strerror>" to err. */
bool ms_source_open(ms_source *self, const char *path, char *err, size_t errlen);

/* A source over a copy of text (tests, the language server). */
void ms_source_init_text(ms_source *self, const char *name, const char *text, size_t len);

/* Whether the mapped file shrank while it was read (another process
** truncated it): the bytes past its new end read as zeros instead of
** raising SIGBUS, and the caller reports an I/O error for the file. */
bool ms_source_shrank(const ms_source *self);

/* Unmaps or frees everything; self may be opened again. */
void ms_source_close(ms_source *self);

/* 0-based line of byte offset off (clamped to the text). */
uint32_t ms_source_line_of(const ms_source *self, uint32_t off);

/* The byte offset where 0-based line `line` starts (the text's length for
** a line past the last). A big mapped file keeps only every 64th line start
** (4 bytes per 64 lines instead of per line: the index would otherwise be
** the one thing in `check` that grows with the file); the others are found
** by counting newlines from the nearest kept one, at most 63 lines away. */
uint32_t ms_source_line_start(const ms_source *self, uint32_t line);

/* The text of 0-based line `line` without its newline (and without a
** trailing '\r'), its length in *len. */
const char *ms_source_line_text(const ms_source *self, uint32_t line, size_t *len);

/* 0-based column of off in UTF-16 code units (LSP's default encoding). */
uint32_t ms_source_utf16_column(const ms_source *self, uint32_t off);

/* Tells the kernel that the pages of [start, end) will not be read soon
** (drops them from the resident set of a mapped file); a no-op otherwise. */
void ms_source_release(const ms_source *self, uint32_t start, uint32_t end);

/* The pages holding spans[0..n) stay mapped: ms_source_release passes
** over them until the next call (n 0: none; the pages kept before are
** released by the next release over them). A cut function's value table
** reads its live values' definitions back from anywhere before the piece
** being judged (flow.h); a fault on a mapped file maps what the page cache
** holds around the page (fault-around, 64 KB; a whole large folio, up to
** 2 MB, on recent kernels), so each such read would bring back megabytes
** that the next sweep drops again. Kept, they never fault. Spans longer
** than 64 KB are not kept (a constant's payload is read rarely). A no-op
** on a text that is not mapped. Not thread-safe with ms_source_release. */
void ms_source_keep(ms_source *self, const ms_span *spans, size_t n);

/* The one lexical rule of the passes that read a big text before it is
** parsed (cut.c, lastuse.c): strings and `//` comments hold no structure.
** text[i] is '"' or '/'; returns the offset after the string literal (its
** closing quote, or the newline that ends an unclosed one, included; a
** backslash escapes the next byte) or after the `//` comment (its newline
** not included); a lone '/' is one byte. Never more than end. */
uint32_t ms_source_skip_literal(const char *text, uint32_t i, uint32_t end);

/* Tells the kernel that [start, end) of a mapped file will be read at
** random (random ? no fault-around, no read-ahead : the default again); a
** no-op otherwise. */
void ms_source_advise_random(const ms_source *self, uint32_t start, uint32_t end, bool random);

/* The same for a piece that was parsed and reported: every page holding a
** byte of [start, end) (rounded outward: a page shared with a neighbour
** comes back on its next read), and those that line lookups in the range
** read before `start` (back to the kept line start they count from). */
void ms_source_release_piece(const ms_source *self, uint32_t start, uint32_t end);

/* A list of paths, owned. */
typedef struct ms_path_list {
  char **items;
  size_t count, cap;
} ms_path_list;

void ms_path_list_init(ms_path_list *self);
void ms_path_list_clear(ms_path_list *self);
void ms_path_list_push(ms_path_list *self, const char *path);

/* Directories below an argument are followed this deep, at most. */
#define MS_SOURCE_MAX_DEPTH 256
#define MS_SOURCE_MAX_DEPTH_TEXT "256"

/* The largest input read (offsets are 32-bit): 4 GiB - 2 bytes. */
#define MS_SOURCE_MAX_BYTES ((size_t)UINT32_MAX - 1)

/* The most read from stdin, a pipe or a device (what has no size to map):
** 256 MiB, past which reading stops with "larger than ... bytes" (a file
** of any size up to MS_SOURCE_MAX_BYTES is mapped instead). */
#define MS_SOURCE_MAX_STREAM_BYTES ((size_t)256 << 20)

/* Expands one command-line argument: "-" and files are added as given
** (whatever they are: a FIFO named on the command line is read), a
** directory adds every regular "*.mlir" file below it (recursively, sorted
** by name at each level). What a directory walk passes over is added to
** notes as "PATH: skipped: REASON": a symbolic link looping back to a
** directory above it, directories nested deeper than MS_SOURCE_MAX_DEPTH,
** "*.mlir" entries that are not regular files (FIFOs, sockets, devices:
** reading them could block) or cannot be stat'ed (dangling links).
** Returns false and writes "ARG: cannot read: <strerror>" to err when arg
** (or a directory below it) cannot be read; what could be read is still
** added. */
bool ms_path_list_expand(ms_path_list *self, ms_path_list *notes, const char *arg, char *err, size_t errlen);

/* Keeps only the paths of shard `index` (0-based) of `count`, in their
** order: a deterministic, size-balanced split (the largest files first,
** each to the shard with the fewest bytes so far; ties by path, then by the
** lower shard), so that `count` runs over the same tree, one per shard,
** check every file exactly once. A path that cannot be stat'ed ("-", a
** missing file) counts as 0 bytes. */
void ms_path_list_shard(ms_path_list *self, unsigned index, unsigned count);

/* A unit: ranges parsed together; ops and syntax errors are reported for
** those starting in them. */
typedef enum ms_unit_flow {
  MS_UNIT_ALONE,               /* analysed on its own */
  MS_UNIT_FLOW_FIRST,          /* the head of a cut function: the next units continue its value table */
  MS_UNIT_FLOW_NEXT            /* ops of that function's body, after the previous unit's */
} ms_unit_flow;

typedef struct ms_unit {
  int nranges;                 /* 1 or 2 */
  uint32_t start[2], end[2];
  ms_unit_flow flow;
  bool not_text;               /* a garbage stretch (ms_source_cut_text): one syntax error, never parsed */
} ms_unit;

typedef struct ms_unit_list {
  ms_unit *items;
  size_t count, cap;
} ms_unit_list;

void ms_unit_list_init(ms_unit_list *self);
void ms_unit_list_clear(ms_unit_list *self);

/* Appends the `// -----` chunks of [0, len) (mlir-opt's --split-input-file:
** a line holding `// -----`, optionally indented, separates two chunks; the
** separator line belongs to neither). */
void ms_source_split(const char *text, size_t len, ms_unit_list *out);

/* How ms_source_cut cuts. */
typedef struct ms_cut_options {
  size_t threshold;            /* a range of at most this many bytes is one unit */
  size_t target;               /* the size of a unit, about */
  int max_level;               /* regions cut inside: 1 = the top-level ops' (a module's), 2 = ops
                               ** directly in those (functions, nested modules), ... */
  bool flow;                   /* the caller analyses MS_UNIT_FLOW_* units in order with one value
                               ** table: a function's body may be cut */
  bool inner_flow_only;        /* below the top-level ops' regions, only regions that flow are cut
                               ** (a function's body; a nested module stays whole) */
  size_t flow_target;          /* the size of a unit in a region that flows (a function's body), about;
                               ** 0: `target` (the server's pieces are smaller: an edit reparses,
                               ** reads and judges one) */
} ms_cut_options;

/* Appends the units of the range [start, end) of src (cut.c): the range
** itself when it is at most `threshold` bytes; else runs of about `target`
** bytes of whole ops that are siblings in one region (the top level, a
** module in any form, a nested module, a function's body), and for each op
** whose region is cut a head unit: the op up to the first cut inside it and
** its closing lines up to the next op. The units come in the order of
** their starts. The scan releases the pages it read. */
void ms_source_cut(const ms_source *src, uint32_t start, uint32_t end, const ms_cut_options *o,
                   ms_unit_list *out);

/* ms_source_cut on the stretches of [start, end) between those that cannot
** be MLIR text (garbage.c): bytes MLIR's lexer rejects outside strings and
** comments, at most 4 KB apart over at least 64 KB, widened to whole lines.
** Each such stretch is one unit with not_text set; without one, the units
** are ms_source_cut's. */
void ms_source_cut_text(const ms_source *src, uint32_t start, uint32_t end, const ms_cut_options *o,
                        ms_unit_list *out);

/* The first byte of [start, end) that MLIR's lexer rejects outside strings
** and comments (garbage.c), or end. */
uint32_t ms_source_foreign(const char *text, uint32_t start, uint32_t end);

/* The one finding of a garbage stretch [start, end) (a not_text unit): a
** syntax error at its first foreign byte, over the rest of that line,
** naming how many bytes from there are not MLIR text (`check` and the
** language server report it alike). */
void ms_source_not_text_error(const char *text, uint32_t start, uint32_t end, ms_diag_list *out);

/* ms_source_cut at max_level 1 without flow: cut inside the top-level
** module only (the language server's chunks). */
void ms_source_units(const ms_source *src, uint32_t start, uint32_t end, size_t threshold, size_t target,
                     ms_unit_list *out);

#endif
