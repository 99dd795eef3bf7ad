/*
** document.c: text of an open document with incremental edits and LSP
** position conversions (see document.h).
**
** Representation: one NUL-terminated buffer and lines[], the byte offset at
** which each line starts (lines[0] == 0, then one entry after every "\n").
** An edit splices the buffer with memmove and splices lines[] the same way:
** the starts inside the replaced range go, the inserted text's "\n"s come
** in, and the later starts shift by the length difference.
**
** Positions on long lines: the character (units) of an offset is counted
** from the line start, so a line of megabytes asked for many positions
** (diagnostics, symbols, hints, references of one op with thousands of
** findings on it) would cost its length each time. For a line of
** MARK_MIN bytes or more, marks[] keeps the units before a character start
** every MARK_STRIDE bytes, counted once; a position then walks at most a
** stride from the mark before it, in whatever order positions are asked.
** An LSP position goes back to an offset the same way: from the last mark
** whose units do not pass its character (found by bisection).
** Two lines are kept (a range's two ends, a diagnostic and its related
** place); any edit forgets them.
*/
#include "document.h"
#include "alloc.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define MARK_STRIDE 256u
#define MARK_MIN 1024u

typedef struct line_marks {
  uint32_t line;
  ms_encoding enc;
  bool valid;
  uint32_t *at;             /* pairs: a character start's offset from the line start, the units before it */
  size_t cap;
  uint64_t used;            /* the clock when last used: the older slot is replaced */
} line_marks;

struct ms_document {
  line_marks marks[2];      /* a cache, filled by position queries (see above) */
  uint64_t clock;
  char *uri;
  char *text;
  size_t len, cap;          /* cap includes the NUL */
  uint32_t *lines;          /* 32-bit: a document is under 4 GiB */
  uint32_t nlines;
  size_t lines_cap;
  int version;
};

/* ---- storage ----------------------------------------------------------- */

/* Room for need items, and an eighth more when it must grow: edits grow a
** text a little at a time, and doubling (ms_array_reserve) would give a
** document being worked on twice its size (issue 21); an eighth still
** makes n small edits cost O(n) copies of amortised size. */
static bool grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return true;
  size_t want = need + need / 8 + 64;
  *p = ms_xrealloc(*p, want * elem);
  *cap = want;
  return true;
}

static size_t count_newlines(const char *s, size_t n) {
  size_t count = 0;
  for (const char *end = s + n; (s = memchr(s, '\n', (size_t)(end - s))); s++) count++;
  return count;
}

/* Writes the start of every line after a "\n" of s[0..n) (shifted by base)
** to out; returns the number written. */
static size_t collect_starts(const char *s, size_t n, size_t base, uint32_t *out) {
  size_t k = 0;
  for (const char *p = s, *end = s + n; (p = memchr(p, '\n', (size_t)(end - p))); p++)
    out[k++] = (uint32_t)(base + (size_t)(p - s) + 1);
  return k;
}

static void forget_marks(ms_document *self) { self->marks[0].valid = self->marks[1].valid = false; }

bool ms_document_replace(ms_document *self, const char *text, size_t len) {
  if (len >= UINT32_MAX) return false;
  forget_marks(self);
  size_t nl = count_newlines(text, len);
  if (!grow((void **)&self->lines, &self->lines_cap, nl + 1, sizeof(uint32_t))) return false;
  if (!grow((void **)&self->text, &self->cap, len + 1, 1)) return false;
  memcpy(self->text, text, len);
  self->text[len] = '\0';
  self->len = len;
  self->lines[0] = 0;
  collect_starts(self->text, len, 0, self->lines + 1);
  self->nlines = (uint32_t)(nl + 1);
  return true;
}

ms_document *ms_document_new(const char *uri, const char *text, size_t len, int version) {
  ms_document *self = ms_xcalloc(1, sizeof *self);
  if (!self) return NULL;
  self->version = version;
  self->uri = strdup(uri ? uri : "");
  if (!self->uri || !ms_document_replace(self, text ? text : "", text ? len : 0)) {
    ms_document_delete(self);
    return NULL;
  }
  return self;
}

void ms_document_delete(ms_document *self) {
  if (!self) return;
  free(self->uri);
  free(self->text);
  free(self->lines);
  free(self->marks[0].at);
  free(self->marks[1].at);
  free(self);
}

const char *ms_document_text(const ms_document *self, size_t *len) {
  if (len) *len = self->len;
  return self->text;
}

const char *ms_document_uri(const ms_document *self) { return self->uri; }
int ms_document_version(const ms_document *self) { return self->version; }
void ms_document_set_version(ms_document *self, int version) { self->version = version; }
uint32_t ms_document_line_count(const ms_document *self) { return self->nlines; }

size_t ms_document_line_start(const ms_document *self, uint32_t line) {
  return line < self->nlines ? self->lines[line] : self->len;
}

/* ---- lines and characters ---------------------------------------------- */

/* The line holding byte off (off <= len). */
static uint32_t line_of(const ms_document *self, size_t off) {
  uint32_t lo = 0, hi = self->nlines; /* lines[lo] <= off < lines[hi] */
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (self->lines[mid] <= off) lo = mid;
    else hi = mid;
  }
  return lo;
}

/* Where the content of line ends: before its "\n" or "\r\n". */
static size_t content_end(const ms_document *self, uint32_t line) {
  size_t start = self->lines[line];
  size_t end = line + 1 < self->nlines ? self->lines[line + 1] - 1 : self->len;
  if (end > start && self->text[end - 1] == '\r') end--;
  return end;
}

/* Length of the valid UTF-8 sequence at s[0..n), or 1 for an invalid byte
** (which then counts as one unit on its own). */
static size_t char_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  if (c < 0x80) return 1;
  size_t k;
  unsigned lo = 0x80, hi = 0xBF; /* allowed range of the second byte */
  if (c >= 0xC2 && c <= 0xDF) k = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    k = 3;
    if (c == 0xE0) lo = 0xA0;      /* overlong */
    if (c == 0xED) hi = 0x9F;      /* UTF-16 surrogates */
  } else if (c >= 0xF0 && c <= 0xF4) {
    k = 4;
    if (c == 0xF0) lo = 0x90;      /* overlong */
    if (c == 0xF4) hi = 0x8F;      /* beyond U+10FFFF */
  } else {
    return 1;
  }
  if (n < k || s[1] < lo || s[1] > hi) return 1;
  for (size_t i = 2; i < k; i++)
    if ((s[i] & 0xC0) != 0x80) return 1;
  return k;
}

static uint32_t units(size_t char_bytes, ms_encoding enc) {
  if (enc == MS_ENCODING_UTF8) return (uint32_t)char_bytes;
  return char_bytes == 4 ? 2 : 1;
}

/* Walks line content [from, end) character by character, stopping before
** the character that would pass byte stop or bring the units counted over
** max_units; returns where it stopped, *counted the units. */
static size_t walk(const ms_document *self, size_t from, size_t end, size_t stop,
                   uint32_t max_units, ms_encoding enc, uint32_t *counted) {
  const unsigned char *t = (const unsigned char *)self->text;
  size_t i = from;
  uint32_t u = 0;
  while (i < end) {
    size_t k = char_len(t + i, end - i);
    uint32_t w = units(k, enc);
    if (i + k > stop || w > max_units - u) break;
    u += w;
    i += k;
  }
  *counted = u;
  return i;
}


/* The marks of a long line in enc, counted now unless kept. The document
** is const to its readers: the marks are a cache, written only by the
** thread that asks for positions (the one that owns the document). */
static const line_marks *marks_of(const ms_document *doc, uint32_t line, ms_encoding enc) {
  ms_document *self = (ms_document *)doc;
  self->clock++;
  for (int k = 0; k < 2; k++) {
    line_marks *m = &self->marks[k];
    if (m->valid && m->line == line && m->enc == enc) {
      m->used = self->clock;
      return m;
    }
  }
  line_marks *m = &self->marks[0], *other = &self->marks[1];
  if (m->valid && (!other->valid || other->used < m->used)) m = other;
  const unsigned char *t = (const unsigned char *)self->text;
  size_t start = self->lines[line], end = content_end(self, line), i = start;
  size_t n = (end - start) / MARK_STRIDE + 1;
  m->at = ms_array_reserve(m->at, 2 * n, &m->cap, sizeof *m->at);
  uint32_t u = 0;
  for (size_t k = 0; k < n; k++) {
    for (size_t want = start + k * MARK_STRIDE; i < want && i < end;) {
      size_t c = char_len(t + i, end - i);
      u += units(c, enc);
      i += c;
    }
    m->at[2 * k] = (uint32_t)(i - start);
    m->at[2 * k + 1] = u;
  }
  *m = (line_marks){line, enc, true, m->at, m->cap, self->clock};
  return m;
}

static ms_position position_on(const ms_document *self, uint32_t line, size_t off, ms_encoding enc) {
  size_t end = content_end(self, line), from = self->lines[line];
  if (off > end) off = end;
  uint32_t base = 0, counted;
  if (end - from >= MARK_MIN) {
    const line_marks *m = marks_of(self, line, enc);
    size_t k = (off - from) / MARK_STRIDE;
    if (from + m->at[2 * k] > off) k--; /* off is inside the character that straddles the stride */
    base = m->at[2 * k + 1];
    from += m->at[2 * k];
  }
  walk(self, from, end, off, UINT32_MAX - base, enc, &counted);
  return (ms_position){line, base + counted};
}

/* The byte offset of pos: on a long line, walks from the last mark whose
** units are at most pos.character (a bisection of the marks), not from the
** line start. */
size_t ms_document_offset(const ms_document *self, ms_position pos, ms_encoding enc) {
  if (pos.line >= self->nlines) return self->len;
  uint32_t counted, want = pos.character;
  size_t from = self->lines[pos.line], end = content_end(self, pos.line);
  if (end - from >= MARK_MIN) {
    const line_marks *m = marks_of(self, pos.line, enc);
    size_t lo = 0, hi = (end - from) / MARK_STRIDE + 1; /* at[2 * lo + 1] <= want (mark 0: 0 units) */
    while (hi - lo > 1) {
      size_t mid = lo + (hi - lo) / 2;
      if (m->at[2 * mid + 1] <= want) lo = mid;
      else hi = mid;
    }
    from += m->at[2 * lo];
    want -= m->at[2 * lo + 1];
  }
  return walk(self, from, end, end, want, enc, &counted);
}

ms_position ms_document_position(const ms_document *self, size_t off, ms_encoding enc) {
  if (off > self->len) off = self->len;
  return position_on(self, line_of(self, off), off, enc);
}

/* Gallops from *line (steps 1, 2, 4, ...) to bracket off, then bisects. */
static void after_line(const ms_document *self, size_t off, uint32_t *line) {
  uint32_t lo = *line < self->nlines ? *line : 0;
  if (self->lines[lo] > off) lo = 0;
  uint32_t step = 1, hi = lo + 1; /* lines[lo] <= off; hi: first line known to start past off, or nlines */
  while (hi < self->nlines && self->lines[hi] <= off) {
    lo = hi;
    step *= 2;
    hi = lo + step < self->nlines ? lo + step : self->nlines;
  }
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (self->lines[mid] <= off) lo = mid;
    else hi = mid;
  }
  *line = lo;
}

ms_position ms_document_position_after(const ms_document *self, size_t off, ms_encoding enc, uint32_t *line) {
  if (off > self->len) off = self->len;
  after_line(self, off, line);
  return position_on(self, *line, off, enc);
}

ms_position ms_document_position_next(const ms_document *self, size_t off, ms_encoding enc,
                                      ms_position_cursor *c) {
  if (off > self->len) off = self->len;
  uint32_t line = c->valid ? c->line : 0;
  after_line(self, off, &line);
  size_t end = content_end(self, line), from = self->lines[line];
  uint32_t base = 0, counted;
  if (c->valid && c->line == line && c->at <= off) from = c->at, base = c->units;
  if (off > end) off = end;
  if (from > off) from = self->lines[line], base = 0;
  size_t at = walk(self, from, end, off, UINT32_MAX - base, enc, &counted);
  *c = (ms_position_cursor){line, at, base + counted, true};
  return (ms_position){line, base + counted};
}

ms_point ms_document_point(const ms_document *self, size_t off) {
  if (off > self->len) off = self->len;
  uint32_t line = line_of(self, off);
  return (ms_point){line, (uint32_t)(off - self->lines[line])};
}

/* ---- edits ------------------------------------------------------------- */

/* Splices lines[]: the starts in (s, e] go, the "\n"s of the new text[0..n)
** come in, later starts shift. Space must be reserved. */
static void splice_lines(ms_document *self, size_t s, size_t e, const char *text,
                         size_t n, size_t added) {
  uint32_t a = line_of(self, s) + 1;         /* first start > s */
  uint32_t b = line_of(self, e) + 1;         /* first start > e */
  size_t tail = self->nlines - b;
  uint32_t *lines = self->lines;
  memmove(lines + a + added, lines + b, tail * sizeof *lines);
  /* Unsigned wrap-around makes this right for shrinking edits too. */
  uint32_t delta = (uint32_t)(n - (e - s));
  for (size_t i = a + added; i < a + added + tail; i++) lines[i] += delta;
  size_t k = collect_starts(text, n, s, lines + a);
  assert(k == added);
  (void)k;
  self->nlines = (uint32_t)(a + added + tail);
}

static bool positions_ordered(ms_position a, ms_position b) {
  return a.line < b.line || (a.line == b.line && a.character <= b.character);
}

bool ms_document_apply(ms_document *self, ms_position start, ms_position end,
                       const char *text, size_t len, ms_encoding enc,
                       ms_text_edit *edit_out) {
  if (!positions_ordered(start, end)) return false;
  size_t s = ms_document_offset(self, start, enc);
  size_t e = ms_document_offset(self, end, enc);
  assert(s <= e);
  size_t new_len = self->len - (e - s) + len;
  if (len >= UINT32_MAX || new_len >= UINT32_MAX) return false;
  size_t added = count_newlines(text, len);
  size_t removed = line_of(self, e) - line_of(self, s);
  if (!grow((void **)&self->lines, &self->lines_cap, self->nlines - removed + added, sizeof(uint32_t)) ||
      !grow((void **)&self->text, &self->cap, new_len + 1, 1))
    return false;
  ms_text_edit edit = {
      .start_byte = (uint32_t)s, .old_end_byte = (uint32_t)e,
      .new_end_byte = (uint32_t)(s + len),
      .start_point = ms_document_point(self, s), .old_end_point = ms_document_point(self, e)};
  forget_marks(self);
  splice_lines(self, s, e, text, len, added);
  memmove(self->text + s + len, self->text + e, self->len - e + 1); /* with the NUL */
  memcpy(self->text + s, text, len);
  self->len = new_len;
  edit.new_end_point = ms_document_point(self, s + len);
  if (edit_out) *edit_out = edit;
  return true;
}
