/*
** source.c: inputs of `check` and their cutting into units (source.h).
**
** Large files are mapped, not read, and every pass over them (the line
** index, the unit scan) releases the pages behind it, so that the resident
** set of `check` on a 50 MB file stays about one unit's worth of text plus
** its tree.
*/
#include "source.h"
#include "alloc.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define RELEASE_WINDOW (2u << 20)  /* passes drop pages in steps of this */
#define FAULT_AROUND (64u << 10)   /* ms_source_release_piece's margin */

/* ---- line index ---- */

/* Every source opened gets an id of its own (the positions' memo, below). */
static _Atomic uint64_t next_source_id = 1;

static void assign_id(ms_source *self) { self->id = atomic_fetch_add(&next_source_id, 1); }

/* A mapped file above this keeps a sparse line index (source.h). */
#define SPARSE_MIN ((size_t)4 << 20)
#define SPARSE_SHIFT 6u

static void index_lines(ms_source *self) {
  self->line_shift = self->map && self->len > SPARSE_MIN ? SPARSE_SHIFT : 0;
  uint32_t mask = (1u << self->line_shift) - 1;
  size_t cap = (self->len / 40 >> self->line_shift) + 16;
  self->lines = ms_xrealloc(NULL, cap * sizeof *self->lines);
  size_t kept = 0;
  self->lines[kept++] = 0;
  self->nlines = 1;
  const char *p = self->text, *end = self->text + self->len;
  uint32_t released = 0;
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) break;
    p = nl + 1;
    if ((self->nlines++ & mask) == 0) {
      if (kept == cap) {
        cap *= 2;
        self->lines = ms_xrealloc(self->lines, cap * sizeof *self->lines);
      }
      self->lines[kept++] = (uint32_t)(p - self->text);
    }
    if ((uint32_t)(p - self->text) - released > RELEASE_WINDOW) {
      ms_source_release(self, released, (uint32_t)(p - self->text));
      released = (uint32_t)(p - self->text);
    }
  }
  /* Trim the slack of a big index. */
  if (kept < cap / 2) self->lines = ms_xrealloc(self->lines, kept * sizeof *self->lines);
}

void ms_source_init_text(ms_source *self, const char *name, const char *text, size_t len) {
  memset(self, 0, sizeof *self);
  self->name = ms_xstrdup(name);
  self->owned = ms_xrealloc(NULL, len + 1);
  memcpy(self->owned, text, len);
  self->owned[len] = 0;
  self->text = self->owned;
  self->len = len;
  assign_id(self);
  index_lines(self);
}

static bool fail(char *err, size_t errlen, const char *path) {
  snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
  return false;
}

/* Reads fd to its end, refusing more than `limit` bytes (errno EFBIG): a
** pipe or device that never ends (/dev/zero) must not take all memory.
** Growth that the system refuses is an error (ENOMEM), not an abort. */
static bool read_fd(int fd, size_t limit, char **out, size_t *outlen) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  if (!buf) return errno = ENOMEM, false;
  for (;;) {
    if (len + 1 >= cap) {
      /* One byte past the limit is enough to know it was passed. */
      size_t want = cap * 2 > limit + 2 ? limit + 2 : cap * 2;
      char *grown = realloc(buf, want);
      if (!grown) {
        free(buf);
        errno = ENOMEM;
        return false;
      }
      buf = grown;
      cap = want;
    }
    ssize_t n = read(fd, buf + len, cap - len - 1);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 || len + (size_t)n > limit) {
      if (n >= 0) errno = EFBIG;
      free(buf);
      return false;
    }
    if (n == 0) break;
    len += (size_t)n;
  }
  buf[len] = 0;
  *out = buf;
  *outlen = len;
  return true;
}

static bool fail_fd(int fd, bool is_stdin, bool stream, char *err, size_t errlen, const char *path) {
  int e = errno;
  if (!is_stdin) close(fd);
  errno = e;
  if (e == EFBIG) {
    snprintf(err, errlen, "%s: cannot read: larger than %zu bytes, the most mlir-shape reads from %s", path,
             stream ? (size_t)MS_SOURCE_MAX_STREAM_BYTES : (size_t)MS_SOURCE_MAX_BYTES,
             stream ? "a pipe or device" : "a file");
    return false;
  }
  return fail(err, errlen, path);
}

/* ---- a mapped file that shrinks under us ---- */

/* Another process may truncate a file while it is mapped: reading a page
** past its new end raises SIGBUS. Each mapping is registered here; the
** handler puts a page of zeros (anonymous, private) where the fault was,
** notes that the file shrank, and lets the read go on. The caller asks
** ms_source_shrank when it is done and reports an I/O error instead of
** the findings of a text it never saw whole. A fault outside every
** registered mapping is not ours: the previous disposition is restored
** and the access faults again. */
#define GUARD_SLOTS 1024

typedef struct guard_slot {
  _Atomic uintptr_t base;      /* 0: free */
  _Atomic size_t len;
  _Atomic int shrank;
} guard_slot;

static guard_slot guards[GUARD_SLOTS];
static size_t guard_page;
static struct sigaction guard_previous;
static pthread_once_t guard_once = PTHREAD_ONCE_INIT;

static void on_sigbus(int sig, siginfo_t *si, void *uc) {
  (void)sig, (void)uc;
  uintptr_t a = (uintptr_t)si->si_addr;
  for (size_t i = 0; i < GUARD_SLOTS; i++) {
    uintptr_t b = atomic_load(&guards[i].base);
    if (!b || a < b || a - b >= atomic_load(&guards[i].len)) continue;
    void *page = (void *)(a & ~(uintptr_t)(guard_page - 1));
    if (mmap(page, guard_page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) break;
    atomic_store(&guards[i].shrank, 1);
    return;
  }
  sigaction(SIGBUS, &guard_previous, NULL);
}

static void guard_install(void) {
  guard_page = (size_t)sysconf(_SC_PAGESIZE);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_sigbus;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, &guard_previous);
}

/* Registers a mapping; returns its slot, or -1 when every slot is taken. */
static int guard_add(void *map, size_t len) {
  pthread_once(&guard_once, guard_install);
  for (int i = 0; i < GUARD_SLOTS; i++) {
    uintptr_t expected = 0;
    if (atomic_load(&guards[i].base) || !atomic_compare_exchange_strong(&guards[i].base, &expected, (uintptr_t)map))
      continue;
    /* Nothing reads the mapping before this returns. */
    atomic_store(&guards[i].len, len);
    atomic_store(&guards[i].shrank, 0);
    return i;
  }
  return -1;
}

static void guard_remove(int slot) {
  if (slot >= 0) atomic_store(&guards[slot].base, 0);
}

bool ms_source_shrank(const ms_source *self) {
  return self->map && self->guard >= 0 && atomic_load(&guards[self->guard].shrank);
}

/* Regular files are mapped read-only (MAP_PRIVATE, PROT_READ: nothing can
** reach the file); anything else (stdin, a FIFO, a device) is read. */
bool ms_source_open(ms_source *self, const char *path, char *err, size_t errlen) {
  memset(self, 0, sizeof *self);
  bool is_stdin = !strcmp(path, "-");
  int fd = is_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return fail(err, errlen, path);
  struct stat st;
  if (fstat(fd, &st) != 0) return fail_fd(fd, is_stdin, false, err, errlen, path);
  if (S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return fail_fd(fd, is_stdin, false, err, errlen, path);
  }
  if (S_ISREG(st.st_mode) && (uint64_t)st.st_size > MS_SOURCE_MAX_BYTES) {
    errno = EFBIG;
    return fail_fd(fd, is_stdin, false, err, errlen, path);
  }
  if (S_ISREG(st.st_mode) && st.st_size > 0) {
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int slot = map != MAP_FAILED ? guard_add(map, (size_t)st.st_size) : -1;
    if (map != MAP_FAILED && slot < 0) munmap(map, (size_t)st.st_size);  /* unguarded: read it */
    if (slot >= 0) {
#ifdef MADV_NOHUGEPAGE
      /* The page cache may hold the file in large folios (readahead, ext4):
      ** a fault inside a PMD-sized one may map it whole with one PMD (seen
      ** as FilePmdMapped, 16 MB at once on a 200 MB dump). Page-table
      ** mappings let a release drop all but the kept pages
      ** (ms_source_keep). */
      madvise(map, (size_t)st.st_size, MADV_NOHUGEPAGE);
#endif
      self->guard = slot;
      self->map = map;
      self->maplen = (size_t)st.st_size;
      self->text = map;
      self->len = self->maplen;
    }
  }
  if (!self->map) {
    size_t len;
    bool stream = !S_ISREG(st.st_mode);
    if (!read_fd(fd, stream ? MS_SOURCE_MAX_STREAM_BYTES : MS_SOURCE_MAX_BYTES, &self->owned, &len))
      return fail_fd(fd, is_stdin, stream, err, errlen, path);
    self->text = self->owned;
    self->len = len;
  }
  if (!is_stdin) close(fd);
  self->name = ms_xstrdup(is_stdin ? "<stdin>" : path);
  assign_id(self);
  index_lines(self);
  return true;
}

void ms_source_close(ms_source *self) {
  if (self->map) {
    guard_remove(self->guard);
    munmap(self->map, self->maplen);
  }
  free(self->owned);
  free(self->lines);
  free(self->name);
  free(self->kept);
  memset(self, 0, sizeof *self);
}

/* The number of kept line starts. */
static size_t kept_lines(const ms_source *self) {
  return ((self->nlines - 1) >> self->line_shift) + 1;
}

/* ---- positions: one memo per thread ----
**
** Reports ask for the line and column of each finding in order of offset;
** many findings on one long line (a 20 MB one-line dump) would each count
** from the line start, quadratic in the line. Each thread remembers the
** last position it computed in a source (keyed by the source's id: a
** source opened again at the same address is another id), and a later
** position not far after it counts on from there. */
#define MEMO_REACH ((uint32_t)64 << 10)

typedef struct position_memo {
  uint64_t id;                 /* 0: empty */
  uint32_t off, line, line_start, col16;
  bool has_col;
} position_memo;

static _Thread_local position_memo memo;

static uint32_t utf16_units(const char *p, const char *end) {
  uint32_t col = 0;
  for (; p < end; p++) {
    unsigned char c = (unsigned char)*p;
    if ((c & 0xC0) == 0x80) continue;          /* continuation byte */
    col += c >= 0xF0 ? 2 : 1;                  /* 4-byte sequences are surrogate pairs */
  }
  return col;
}

/* Moves the memo forward to off when it is in reach; false otherwise. */
static bool memo_advance(const ms_source *self, uint32_t off) {
  if (!self->id || memo.id != self->id || off < memo.off || off - memo.off > MEMO_REACH) return false;
  const char *p = self->text + memo.off, *end = self->text + off;
  bool same_line = true;
  for (;;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) break;
    memo.line++;
    memo.line_start = (uint32_t)(nl + 1 - self->text);
    p = nl + 1;
    same_line = false;
  }
  if (memo.has_col && same_line) memo.col16 += utf16_units(self->text + memo.off, end);
  else memo.has_col = false;
  memo.off = off;
  return true;
}

static uint32_t line_of_indexed(const ms_source *self, uint32_t off);

uint32_t ms_source_line_of(const ms_source *self, uint32_t off) {
  if (off > self->len) off = (uint32_t)self->len;
  if (memo_advance(self, off)) return memo.line;
  uint32_t line = line_of_indexed(self, off);
  memo = (position_memo){self->id, off, line, ms_source_line_start(self, line), 0, false};
  return line;
}

/* The line of off from the index (binary search, then counting newlines
** from the kept line start before it). */
static uint32_t line_of_indexed(const ms_source *self, uint32_t off) {
  assert(self->nlines > 0);
  size_t lo = 0, hi = kept_lines(self); /* last kept start <= off */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (self->lines[mid] <= off) lo = mid;
    else hi = mid;
  }
  uint32_t line = (uint32_t)(lo << self->line_shift);
  if (!self->line_shift) return line;
  /* Count the newlines between the kept start and off. */
  const char *p = self->text + self->lines[lo], *end = self->text + (off < self->len ? off : self->len);
  while (p < end && line + 1 < self->nlines) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) break;
    line++;
    p = nl + 1;
  }
  return line;
}

uint32_t ms_source_line_start(const ms_source *self, uint32_t line) {
  if (line >= self->nlines) return (uint32_t)self->len;
  uint32_t start = self->lines[line >> self->line_shift];
  for (uint32_t k = line & ((1u << self->line_shift) - 1); k > 0; k--) {
    const char *nl = memchr(self->text + start, '\n', self->len - start);
    start = (uint32_t)(nl - self->text) + 1;
  }
  return start;
}

const char *ms_source_line_text(const ms_source *self, uint32_t line, size_t *len) {
  if (line >= self->nlines) {
    *len = 0;
    return self->text + self->len;
  }
  size_t start = ms_source_line_start(self, line);
  const char *nl = memchr(self->text + start, '\n', self->len - start);
  size_t end = nl ? (size_t)(nl - self->text) : self->len;
  if (end > start && self->text[end - 1] == '\r') end--;
  *len = end - start;
  return self->text + start;
}

uint32_t ms_source_utf16_column(const ms_source *self, uint32_t off) {
  if (off > self->len) off = (uint32_t)self->len;
  ms_source_line_of(self, off);  /* the memo now holds off's line */
  if (!memo.has_col) {
    memo.col16 = utf16_units(self->text + memo.line_start, self->text + off);
    memo.has_col = true;
  }
  return memo.col16;
}

/* From p on, byte by byte up to limit: a string's closing quote or the
** newline that stops it; else where the search ended (limit, or limit + 1
** when the last byte is a backslash that escapes the one after it). */
static uint32_t string_stop(const char *text, uint32_t p, uint32_t limit) {
  static const bool stop[256] = {['"'] = 1, ['\n'] = 1, ['\\'] = 1};
  for (; p < limit; p++) {
    if (!stop[(unsigned char)text[p]]) continue;
    if (text[p] != '\\') return p;
    p++;
  }
  return p;
}

uint32_t ms_source_skip_literal(const char *text, uint32_t i, uint32_t end) {
  assert(i < end && (text[i] == '"' || text[i] == '/'));
  if (text[i] == '/') {
    if (i + 1 >= end || text[i + 1] != '/') return i + 1;
    const char *nl = memchr(text + i + 2, '\n', end - i - 2);
    return nl ? (uint32_t)(nl - text) : end;
  }
  /* Most strings are short (`loc("file":1:2)`); a long one (a dense hex
  ** blob) is searched with memchr, byte by byte only past an escape. */
  uint32_t head = end - i - 1 < 32 ? end : i + 33;
  uint32_t q = string_stop(text, i + 1, head);
  if (q < head) return q + 1;
  if (q >= end) return end;
  const char *quote = memchr(text + q, '"', end - q);
  uint32_t close = quote ? (uint32_t)(quote - text) : end;
  if (!memchr(text + q, '\n', close - q) && !memchr(text + q, '\\', close - q))
    return close < end ? close + 1 : end;
  q = string_stop(text, q, end);
  return q < end ? q + 1 : end;
}

/* The first kept page at or after page p. */
static size_t kept_from(const ms_source *self, uint32_t p) {
  size_t lo = 0, hi = self->nkept;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (self->kept[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

void ms_source_release(const ms_source *self, uint32_t start, uint32_t end) {
  if (!self->map) return;
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t base = (uintptr_t)self->map;
  uintptr_t a = (base + start + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  uintptr_t b = (base + end) & ~((uintptr_t)page - 1);
  if (b <= a) return;
  /* The gaps between kept pages. */
  uint32_t first = (uint32_t)((a - base) / (uintptr_t)page), last = (uint32_t)((b - base) / (uintptr_t)page);
  for (size_t k = kept_from(self, first); k < self->nkept && self->kept[k] < last; k++) {
    uintptr_t at = base + (uintptr_t)self->kept[k] * (uintptr_t)page;
    if (at > a) madvise((void *)a, at - a, MADV_DONTNEED);
    a = at + (uintptr_t)page;
  }
  if (b > a) madvise((void *)a, b - a, MADV_DONTNEED);
}

#define KEEP_MAX_SPAN (64u << 10)

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

void ms_source_keep(ms_source *self, const ms_span *spans, size_t n) {
  self->nkept = 0;
  if (!self->map) return;
  uint32_t page = (uint32_t)sysconf(_SC_PAGESIZE);
  for (size_t i = 0; i < n; i++) {
    ms_span s = spans[i];
    if (s.end <= s.start || s.end - s.start > KEEP_MAX_SPAN || s.end > self->maplen) continue;
    for (uint32_t p = s.start / page; p <= (s.end - 1) / page; p++)
      *MS_ARRAY_PUSH(self->kept, self->nkept, self->cap_kept) = p;
  }
  if (self->nkept) qsort(self->kept, self->nkept, sizeof *self->kept, compare_u32);
  size_t kept = 0;
  for (size_t i = 0; i < self->nkept; i++)
    if (!kept || self->kept[kept - 1] != self->kept[i]) self->kept[kept++] = self->kept[i];
  self->nkept = kept;
}

void ms_source_advise_random(const ms_source *self, uint32_t start, uint32_t end, bool random) {
  if (!self->map) return;
  if (end > self->maplen) end = (uint32_t)self->maplen;
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t base = (uintptr_t)self->map;
  uintptr_t a = (base + start) & ~((uintptr_t)page - 1);
  uintptr_t b = (base + end + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  if (b > a) madvise((void *)a, b - a, random ? MADV_RANDOM : MADV_NORMAL);
}

void ms_source_release_piece(const ms_source *self, uint32_t start, uint32_t end) {
  if (!self->map || end <= start) return;
  uint32_t line = ms_source_line_of(self, start);
  uint32_t from = self->lines[line >> self->line_shift];
  /* The kernel maps pages around a faulting one that are in the page
  ** cache (fault-around, 64 KB by default): a neighbour's reads near our
  ** bounds may have mapped some of ours after we dropped them, and ours
  ** some of theirs. Dropping a margin past both bounds catches those; a
  ** page dropped while a neighbour still reads it just faults again. */
  from = from > FAULT_AROUND ? from - FAULT_AROUND : 0;
  end = end + FAULT_AROUND < end ? UINT32_MAX : end + FAULT_AROUND;
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t base = (uintptr_t)self->map;
  uintptr_t a = (base + from) & ~((uintptr_t)page - 1);
  uintptr_t b = (base + (end < self->maplen ? end : self->maplen) + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  uintptr_t limit = (base + self->maplen + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
  if (b > limit) b = limit;
  if (b > a) madvise((void *)a, b - a, MADV_DONTNEED);
}

/* ---- paths ---- */

void ms_path_list_init(ms_path_list *self) { memset(self, 0, sizeof *self); }

void ms_path_list_clear(ms_path_list *self) {
  for (size_t i = 0; i < self->count; i++) free(self->items[i]);
  free(self->items);
  memset(self, 0, sizeof *self);
}

void ms_path_list_push(ms_path_list *self, const char *path) {
  *MS_ARRAY_PUSH(self->items, self->count, self->cap) = ms_xstrdup(path);
}

static int cmp_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool has_mlir_suffix(const char *name) {
  size_t n = strlen(name);
  return n > 5 && !strcmp(name + n - 5, ".mlir");
}

static char *join(const char *dir, const char *name) {
  size_t a = strlen(dir), b = strlen(name);
  bool slash = a > 0 && dir[a - 1] == '/';
  char *s = ms_xrealloc(NULL, a + b + 2);
  memcpy(s, dir, a);
  if (!slash) s[a++] = '/';
  memcpy(s + a, name, b + 1);
  return s;
}

/* The directories from the argument down to the one being read: a
** symbolic link back to one of them is a loop. */
typedef struct dir_chain {
  dev_t dev;
  ino_t ino;
  const struct dir_chain *up;
  int depth;
} dir_chain;

/* Where a directory walk puts what it finds. */
typedef struct dir_walk {
  ms_path_list *paths, *notes;
  char *err;
  size_t errlen;
} dir_walk;

static void note(dir_walk *w, const char *path, const char *why) {
  size_t n = strlen(path) + strlen(why) + 16;
  char *msg = ms_xrealloc(NULL, n);
  snprintf(msg, n, "%s: skipped: %s", path, why);
  ms_path_list_push(w->notes, msg);
  free(msg);
}

static bool walk_dir(dir_walk *w, const char *dir, const dir_chain *up);

/* One entry of a directory: a subdirectory is walked (unless it loops),
** a regular *.mlir file is listed, any other *.mlir (FIFO, socket,
** device) is skipped with a note: reading it could block forever. */
static bool walk_entry(dir_walk *w, const char *path, const char *name, const dir_chain *up) {
  struct stat st;
  if (stat(path, &st) != 0) {
    if (has_mlir_suffix(name)) note(w, path, strerror(errno));
    return true;
  }
  if (S_ISDIR(st.st_mode)) {
    for (const dir_chain *c = up; c; c = c->up)
      if (c->dev == st.st_dev && c->ino == st.st_ino) {
        note(w, path, "a symbolic link to a directory above it (a loop)");
        return true;
      }
    if (up->depth >= MS_SOURCE_MAX_DEPTH) {
      note(w, path, "more than " MS_SOURCE_MAX_DEPTH_TEXT " directories deep");
      return true;
    }
    dir_chain here = {st.st_dev, st.st_ino, up, up->depth + 1};
    return walk_dir(w, path, &here);
  }
  if (!has_mlir_suffix(name)) return true;
  if (S_ISREG(st.st_mode)) ms_path_list_push(w->paths, path);
  else note(w, path, "not a regular file (name it on the command line to read it)");
  return true;
}

static bool walk_dir(dir_walk *w, const char *dir, const dir_chain *up) {
  DIR *d = opendir(dir);
  if (!d) return fail(w->err, w->errlen, dir);
  ms_path_list names;
  ms_path_list_init(&names);
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') ms_path_list_push(&names, e->d_name);
  closedir(d);
  qsort(names.items, names.count, sizeof *names.items, cmp_names);
  bool ok = true;
  for (size_t i = 0; i < names.count; i++) {
    char *path = join(dir, names.items[i]);
    if (!walk_entry(w, path, names.items[i], up)) ok = false;
    free(path);
  }
  ms_path_list_clear(&names);
  return ok;
}

bool ms_path_list_expand(ms_path_list *self, ms_path_list *notes, const char *arg, char *err, size_t errlen) {
  struct stat st;
  if (strcmp(arg, "-") && stat(arg, &st) == 0 && S_ISDIR(st.st_mode)) {
    dir_walk w = {self, notes, err, errlen};
    dir_chain top = {st.st_dev, st.st_ino, NULL, 1};
    return walk_dir(&w, arg, &top);
  }
  ms_path_list_push(self, arg); /* a missing file fails when opened */
  return true;
}

/* ---- shards ---- */

typedef struct sized {
  const char *path;
  size_t index;
  uint64_t bytes;
} sized;

static int cmp_sized(const void *a, const void *b) {
  const sized *x = a, *y = b;
  if (x->bytes != y->bytes) return x->bytes > y->bytes ? -1 : 1;
  int c = strcmp(x->path, y->path);
  if (c) return c;
  return x->index < y->index ? -1 : x->index > y->index;
}

void ms_path_list_shard(ms_path_list *self, unsigned index, unsigned count) {
  if (count <= 1 || !self->count) return;
  sized *v = ms_xrealloc(NULL, self->count * sizeof *v);
  for (size_t i = 0; i < self->count; i++) {
    struct stat st;
    bool sized_ok = strcmp(self->items[i], "-") && stat(self->items[i], &st) == 0 && S_ISREG(st.st_mode);
    v[i] = (sized){self->items[i], i, sized_ok ? (uint64_t)st.st_size : 0};
  }
  qsort(v, self->count, sizeof *v, cmp_sized);
  uint64_t *load = ms_xrealloc(NULL, count * sizeof *load);
  memset(load, 0, count * sizeof *load);
  unsigned char *mine = ms_xrealloc(NULL, self->count);
  memset(mine, 0, self->count);
  for (size_t i = 0; i < self->count; i++) {
    unsigned best = 0;
    for (unsigned s = 1; s < count; s++)
      if (load[s] < load[best]) best = s;
    /* An empty file still counts one byte: empty files spread too. */
    load[best] += v[i].bytes ? v[i].bytes : 1;
    mine[v[i].index] = best == index;
  }
  size_t kept = 0;
  for (size_t i = 0; i < self->count; i++) {
    if (mine[i]) self->items[kept++] = self->items[i];
    else free(self->items[i]);
  }
  self->count = kept;
  free(mine);
  free(load);
  free(v);
}

/* ---- units ---- */

void ms_unit_list_init(ms_unit_list *self) { memset(self, 0, sizeof *self); }

void ms_unit_list_clear(ms_unit_list *self) {
  free(self->items);
  memset(self, 0, sizeof *self);
}

static void push_unit(ms_unit_list *self, uint32_t s0, uint32_t e0, uint32_t s1, uint32_t e1, int n) {
  ms_unit *u = MS_ARRAY_PUSH(self->items, self->count, self->cap);
  memset(u, 0, sizeof *u);
  u->nranges = n;
  u->start[0] = s0, u->end[0] = e0, u->start[1] = s1, u->end[1] = e1;
}

/* Whether [p, end) is a separator line: blanks, "// -----", blanks. */
static bool is_split_marker(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\t')) p++;
  if (end - p < 8 || memcmp(p, "// -----", 8)) return false;
  for (p += 8; p < end; p++)
    if (*p != ' ' && *p != '\t' && *p != '\r') return false;
  return true;
}

void ms_source_split(const char *text, size_t len, ms_unit_list *out) {
  uint32_t chunk = 0, line = 0;
  while (line <= len) {
    const char *nl = memchr(text + line, '\n', len - line);
    uint32_t eol = nl ? (uint32_t)(nl - text) : (uint32_t)len;
    if (is_split_marker(text + line, text + eol)) {
      push_unit(out, chunk, line, 0, 0, 1);
      chunk = nl ? eol + 1 : eol;
    }
    if (!nl) break;
    line = eol + 1;
  }
  push_unit(out, chunk, (uint32_t)len, 0, 0, 1);
}

