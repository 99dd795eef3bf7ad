/*
** test_document.c: unit tests of the text document (server/syntax/document.c):
** edits, LSP positions in UTF-16 and UTF-8 over non-ASCII text, "\r\n",
** clamping, tree-sitter edit points, and a randomized comparison against a
** naive reference that recomputes everything from the start of the text.
*/
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "document.h"

#define U16 MS_ENCODING_UTF16
#define U8 MS_ENCODING_UTF8

static ms_position P(uint32_t line, uint32_t character) { return (ms_position){line, character}; }

static void assert_text(ms_document *d, const char *expect) {
  size_t len;
  const char *t = ms_document_text(d, &len);
  cr_assert_eq(len, strlen(expect), "length %zu, expected %zu: '%s'", len, strlen(expect), t);
  cr_assert_str_eq(t, expect);
  cr_assert_eq(t[len], '\0');
}

/* ---- naive reference ---------------------------------------------------- */

/* Decodes one code point the textbook way; returns its byte length, or 1
** for a byte that does not start a valid sequence. */
static size_t ref_char(const unsigned char *s, size_t n) {
  size_t k;
  uint32_t cp;
  if (s[0] < 0x80) return 1;
  else if ((s[0] & 0xE0) == 0xC0) { k = 2; cp = s[0] & 0x1F; }
  else if ((s[0] & 0xF0) == 0xE0) { k = 3; cp = s[0] & 0x0F; }
  else if ((s[0] & 0xF8) == 0xF0) { k = 4; cp = s[0] & 0x07; }
  else return 1;
  if (n < k) return 1;
  for (size_t i = 1; i < k; i++) {
    if ((s[i] & 0xC0) != 0x80) return 1;
    cp = cp << 6 | (s[i] & 0x3F);
  }
  static const uint32_t min[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < min[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 1;
  return k;
}

static uint32_t ref_units(size_t k, ms_encoding enc) {
  return enc == U8 ? (uint32_t)k : (k == 4 ? 2 : 1);
}

/* Start and content end of line, scanning from the beginning. */
static bool ref_line(const char *t, size_t len, uint32_t line, size_t *start, size_t *end) {
  size_t s = 0;
  for (uint32_t l = 0; l < line; l++) {
    const char *nl = memchr(t + s, '\n', len - s);
    if (!nl) return false;
    s = (size_t)(nl - t) + 1;
  }
  const char *nl = memchr(t + s, '\n', len - s);
  size_t e = nl ? (size_t)(nl - t) : len;
  if (e > s && t[e - 1] == '\r') e--;
  *start = s;
  *end = e;
  return true;
}

static size_t ref_offset(const char *t, size_t len, ms_position p, ms_encoding enc) {
  size_t s, e;
  if (!ref_line(t, len, p.line, &s, &e)) return len;
  uint32_t u = 0;
  while (s < e) {
    size_t k = ref_char((const unsigned char *)t + s, len - s);
    if (u + ref_units(k, enc) > p.character) break;
    u += ref_units(k, enc);
    s += k;
  }
  return s;
}

static ms_position ref_position(const char *t, size_t len, size_t off, ms_encoding enc) {
  if (off > len) off = len;
  uint32_t line = 0;
  for (size_t i = 0; i < off; i++) line += t[i] == '\n';
  size_t s, e;
  ref_line(t, len, line, &s, &e);
  if (off > e) off = e;
  uint32_t u = 0;
  while (s < off) {
    size_t k = ref_char((const unsigned char *)t + s, len - s);
    if (s + k > off) break;
    u += ref_units(k, enc);
    s += k;
  }
  return P(line, u);
}

static ms_point ref_point(const char *t, size_t off) {
  ms_point p = {0, 0};
  for (size_t i = 0; i < off; i++) {
    if (t[i] == '\n') { p.row++; p.column = 0; }
    else p.column++;
  }
  return p;
}

/* ---- basics ------------------------------------------------------------- */

Test(document, new_and_accessors) {
  ms_document *d = ms_document_new("file:///a.mlir", "x\ny\n", 4, 3);
  cr_assert_str_eq(ms_document_uri(d), "file:///a.mlir");
  cr_assert_eq(ms_document_version(d), 3);
  ms_document_set_version(d, 7);
  cr_assert_eq(ms_document_version(d), 7);
  cr_assert_eq(ms_document_line_count(d), 3);
  cr_assert_eq(ms_document_line_start(d, 1), 2);
  cr_assert_eq(ms_document_line_start(d, 2), 4);
  cr_assert_eq(ms_document_line_start(d, 9), 4);
  ms_document_replace(d, "one line", 8);
  assert_text(d, "one line");
  cr_assert_eq(ms_document_line_count(d), 1);
  ms_document_delete(d);
  d = ms_document_new("u", "", 0, 0);
  cr_assert_eq(ms_document_line_count(d), 1);
  assert_text(d, "");
  ms_document_delete(d);
}

Test(document, edits_at_start_middle_end) {
  ms_document *d = ms_document_new("u", "hello world", 11, 1);
  cr_assert(ms_document_apply(d, P(0, 0), P(0, 0), ">> ", 3, U16, NULL));
  assert_text(d, ">> hello world");
  cr_assert(ms_document_apply(d, P(0, 8), P(0, 9), "_", 1, U16, NULL));
  assert_text(d, ">> hello_world");
  cr_assert(ms_document_apply(d, P(0, 14), P(0, 14), "!", 1, U16, NULL));
  assert_text(d, ">> hello_world!");
  cr_assert(ms_document_apply(d, P(0, 0), P(0, 3), "", 0, U8, NULL));
  assert_text(d, "hello_world!");
  ms_document_delete(d);
}

Test(document, multi_line_insert_and_delete) {
  const char *src = "line0\nline1\nline2\n";
  ms_document *d = ms_document_new("u", src, strlen(src), 1);
  ms_text_edit e;
  cr_assert(ms_document_apply(d, P(1, 2), P(1, 2), "A\nB\nC", 5, U16, &e));
  assert_text(d, "line0\nliA\nB\nCne1\nline2\n");
  cr_assert_eq(ms_document_line_count(d), 6);
  cr_assert_eq(ms_document_line_start(d, 3), 12);
  cr_assert_eq(ms_document_line_start(d, 4), 17);
  cr_assert_eq(e.start_byte, 8);
  cr_assert_eq(e.old_end_byte, 8);
  cr_assert_eq(e.new_end_byte, 13);
  cr_assert_eq(e.start_point.row, 1);
  cr_assert_eq(e.start_point.column, 2);
  cr_assert_eq(e.new_end_point.row, 3);
  cr_assert_eq(e.new_end_point.column, 1);
  /* Delete from the middle of line 0 to the middle of line 4. */
  cr_assert(ms_document_apply(d, P(0, 4), P(4, 3), "", 0, U16, &e));
  assert_text(d, "linee2\n");
  cr_assert_eq(ms_document_line_count(d), 2);
  cr_assert_eq(e.start_byte, 4);
  cr_assert_eq(e.old_end_byte, 20);
  cr_assert_eq(e.new_end_byte, 4);
  cr_assert_eq(e.old_end_point.row, 4);
  cr_assert_eq(e.old_end_point.column, 3);
  cr_assert_eq(e.new_end_point.row, 0);
  cr_assert_eq(e.new_end_point.column, 4);
  /* Replace everything across lines with a newline-heavy text. */
  cr_assert(ms_document_apply(d, P(0, 0), P(1, 0), "\n\n\n", 3, U16, &e));
  assert_text(d, "\n\n\n");
  cr_assert_eq(ms_document_line_count(d), 4);
  cr_assert_eq(e.old_end_point.row, 1);
  cr_assert_eq(e.new_end_point.row, 3);
  ms_document_delete(d);
}

/* ---- non-ASCII ---------------------------------------------------------- */

/* "a😀b中c": a@0, 😀@1 (4 bytes, 2 UTF-16 units), b@5, 中@6 (3 bytes), c@9. */
static const char mixed[] = "a\xF0\x9F\x98\x80" "b\xE4\xB8\xAD" "c";

Test(document, emoji_and_cjk_utf16) {
  ms_document *d = ms_document_new("u", mixed, strlen(mixed), 1);
  size_t expect[] = {0, 1, 1, 5, 6, 9, 10, 10};
  for (uint32_t ch = 0; ch < 8; ch++)
    cr_assert_eq(ms_document_offset(d, P(0, ch), U16), expect[ch], "character %u", ch);
  uint32_t pos[] = {0, 1, 1, 1, 1, 3, 4, 4, 4, 5, 6};
  for (size_t off = 0; off <= 10; off++) {
    ms_position p = ms_document_position(d, off, U16);
    cr_assert_eq(p.line, 0);
    cr_assert_eq(p.character, pos[off], "offset %zu: %u", off, p.character);
  }
  /* Replace the emoji (2 units) by "x". */
  cr_assert(ms_document_apply(d, P(0, 1), P(0, 3), "x", 1, U16, NULL));
  assert_text(d, "axb\xE4\xB8\xAD" "c");
  ms_document_delete(d);
}

Test(document, emoji_and_cjk_utf8) {
  ms_document *d = ms_document_new("u", mixed, strlen(mixed), 1);
  /* Byte positions inside a character round down to its start. */
  size_t expect[] = {0, 1, 1, 1, 1, 5, 6, 6, 6, 9, 10, 10};
  for (uint32_t ch = 0; ch < 12; ch++)
    cr_assert_eq(ms_document_offset(d, P(0, ch), U8), expect[ch], "character %u", ch);
  cr_assert_eq(ms_document_position(d, 3, U8).character, 1);
  cr_assert_eq(ms_document_position(d, 9, U8).character, 9);
  cr_assert(ms_document_apply(d, P(0, 6), P(0, 9), "\xE6\x96\x87\xE5\xAD\x97", 6, U8, NULL));
  assert_text(d, "a\xF0\x9F\x98\x80" "b\xE6\x96\x87\xE5\xAD\x97" "c");
  ms_document_delete(d);
}

Test(document, combining_characters) {
  /* "e" + U+0301 COMBINING ACUTE (2 bytes, 1 unit) + "x", then "n" + U+0303. */
  const char *s = "e\xCC\x81x\nn\xCC\x83";
  ms_document *d = ms_document_new("u", s, strlen(s), 1);
  cr_assert_eq(ms_document_offset(d, P(0, 2), U16), 3);
  cr_assert_eq(ms_document_offset(d, P(0, 2), U8), 1, "inside the mark: rounds down");
  cr_assert_eq(ms_document_offset(d, P(0, 3), U8), 3);
  cr_assert_eq(ms_document_offset(d, P(1, 2), U16), 8);
  cr_assert_eq(ms_document_position(d, 8, U16).character, 2);
  cr_assert_eq(ms_document_position(d, 8, U8).character, 3);
  /* Delete just the combining mark. */
  cr_assert(ms_document_apply(d, P(0, 1), P(0, 2), "", 0, U16, NULL));
  assert_text(d, "ex\nn\xCC\x83");
  ms_document_delete(d);
}

Test(document, invalid_utf8_counts_one_unit_per_byte) {
  /* A lone continuation byte, a truncated 3-byte sequence, an overlong "/",
  ** a surrogate encoded in UTF-8: every byte is one unit. */
  const char *s = "\x80" "\xE4\xB8" "\xC0\xAF" "\xED\xA0\x80" "z";
  ms_document *d = ms_document_new("u", s, strlen(s), 1);
  cr_assert_eq(ms_document_offset(d, P(0, 8), U16), 8);
  cr_assert_eq(ms_document_position(d, 8, U16).character, 8);
  cr_assert_eq(ms_document_offset(d, P(0, 5), U8), 5);
  ms_document_delete(d);
}

/* ---- line ends and clamping --------------------------------------------- */

Test(document, crlf_lines) {
  const char *s = "ab\r\ncd\r\n\r\nef";
  ms_document *d = ms_document_new("u", s, strlen(s), 1);
  cr_assert_eq(ms_document_line_count(d), 4);
  cr_assert_eq(ms_document_offset(d, P(0, 2), U16), 2);
  cr_assert_eq(ms_document_offset(d, P(0, 99), U16), 2, "clamped before \\r\\n");
  cr_assert_eq(ms_document_offset(d, P(1, 0), U16), 4);
  cr_assert_eq(ms_document_offset(d, P(2, 5), U16), 8);
  cr_assert_eq(ms_document_offset(d, P(3, 1), U16), 11);
  ms_position p = ms_document_position(d, 3, U16); /* the \n of "\r\n" */
  cr_assert_eq(p.line, 0);
  cr_assert_eq(p.character, 2);
  /* Join lines 0 and 1 by deleting the line ending. */
  cr_assert(ms_document_apply(d, P(0, 2), P(1, 0), "", 0, U16, NULL));
  assert_text(d, "abcd\r\n\r\nef");
  cr_assert_eq(ms_document_line_count(d), 3);
  /* Insert a "\r\n" line break in the middle of a word. */
  cr_assert(ms_document_apply(d, P(0, 1), P(0, 1), "\r\n", 2, U16, NULL));
  assert_text(d, "a\r\nbcd\r\n\r\nef");
  cr_assert_eq(ms_document_line_start(d, 1), 3);
  cr_assert_eq(ms_document_line_count(d), 4);
  ms_document_delete(d);
}

Test(document, clamping_and_invalid_ranges) {
  const char *s = "abc\ndef";
  ms_document *d = ms_document_new("u", s, strlen(s), 1);
  cr_assert_eq(ms_document_offset(d, P(0, 50), U16), 3);
  cr_assert_eq(ms_document_offset(d, P(7, 0), U16), 7);
  cr_assert_eq(ms_document_position(d, 100, U16).line, 1);
  cr_assert_eq(ms_document_position(d, 100, U16).character, 3);
  ms_point pt = ms_document_point(d, 100);
  cr_assert_eq(pt.row, 1);
  cr_assert_eq(pt.column, 3);
  /* start after end: refused, nothing changes */
  cr_assert_not(ms_document_apply(d, P(1, 0), P(0, 2), "X", 1, U16, NULL));
  cr_assert_not(ms_document_apply(d, P(0, 2), P(0, 1), "X", 1, U16, NULL));
  assert_text(d, s);
  /* past the end of a line: appended at the line end; past the last line:
  ** appended to the document */
  ms_text_edit e;
  cr_assert(ms_document_apply(d, P(0, 10), P(0, 20), "!", 1, U16, &e));
  assert_text(d, "abc!\ndef");
  cr_assert_eq(e.start_byte, 3);
  cr_assert(ms_document_apply(d, P(5, 0), P(9, 9), "\nghi", 4, U16, &e));
  assert_text(d, "abc!\ndef\nghi");
  cr_assert_eq(e.start_point.row, 1);
  cr_assert_eq(e.start_point.column, 3);
  cr_assert_eq(e.new_end_point.row, 2);
  cr_assert_eq(e.new_end_point.column, 3);
  ms_document_delete(d);
}

Test(document, edit_points_are_bytes) {
  /* Tree-sitter columns are bytes even when the LSP character is UTF-16. */
  const char *s = "\xE4\xB8\xAD\xE6\x96\x87 = 1\n\xF0\x9F\x98\x80 x";
  ms_document *d = ms_document_new("u", s, strlen(s), 1);
  ms_text_edit e;
  cr_assert(ms_document_apply(d, P(1, 2), P(1, 4), "yy\nz", 4, U16, &e));
  assert_text(d, "\xE4\xB8\xAD\xE6\x96\x87 = 1\n\xF0\x9F\x98\x80yy\nz");
  cr_assert_eq(e.start_byte, 15);
  cr_assert_eq(e.old_end_byte, 17);
  cr_assert_eq(e.new_end_byte, 19);
  cr_assert_eq(e.start_point.row, 1);
  cr_assert_eq(e.start_point.column, 4);
  cr_assert_eq(e.old_end_point.column, 6);
  cr_assert_eq(e.new_end_point.row, 2);
  cr_assert_eq(e.new_end_point.column, 1);
  ms_document_delete(d);
}

/* ---- randomized --------------------------------------------------------- */

static const char *pieces[] = {"a", "b", " ", "\n", "\r\n", "\r", "\xC3\xA9", "\xE4\xB8\xAD",
                               "\xF0\x9F\x98\x80", "e\xCC\x81", "\xFF", "\x80", "\xE4\xB8"};

static size_t random_text(char *out, size_t max_pieces) {
  size_t n = 0, count = (size_t)rand() % (max_pieces + 1);
  for (size_t i = 0; i < count; i++) {
    const char *p = pieces[rand() % (int)(sizeof pieces / sizeof *pieces)];
    memcpy(out + n, p, strlen(p));
    n += strlen(p);
  }
  return n;
}

static ms_position random_position(uint32_t lines) {
  return P((uint32_t)rand() % (lines + 2), (uint32_t)rand() % 12);
}

Test(document, random_edits_match_reference) {
  unsigned seed = (unsigned)time(NULL);
  srand(seed);
  char *ref = malloc(1 << 20);
  char piece[256];
  size_t ref_len = random_text(ref, 40);
  ms_document *d = ms_document_new("u", ref, ref_len, 1);
  for (int iter = 0; iter < 4000; iter++) {
    ms_encoding enc = rand() % 2 ? U16 : U8;
    ms_position a = random_position(ms_document_line_count(d));
    ms_position b = random_position(ms_document_line_count(d));
    bool ordered = a.line < b.line || (a.line == b.line && a.character <= b.character);
    if (!ordered && rand() % 8) { ms_position t = a; a = b; b = t; ordered = true; }
    size_t n = random_text(piece, iter % 50 == 0 ? 30 : 4);
    ms_text_edit e;
    bool ok = ms_document_apply(d, a, b, piece, n, enc, &e);
    cr_assert_eq(ok, ordered, "seed %u iter %d", seed, iter);
    if (ok) {
      size_t s = ref_offset(ref, ref_len, a, enc), x = ref_offset(ref, ref_len, b, enc);
      ms_point sp = ref_point(ref, s), xp = ref_point(ref, x);
      cr_assert_eq(e.start_byte, s, "seed %u iter %d", seed, iter);
      cr_assert_eq(e.old_end_byte, x, "seed %u iter %d", seed, iter);
      cr_assert_eq(e.new_end_byte, s + n);
      cr_assert(sp.row == e.start_point.row && sp.column == e.start_point.column);
      cr_assert(xp.row == e.old_end_point.row && xp.column == e.old_end_point.column);
      if (ref_len + n - (x - s) > 900000) break;
      memmove(ref + s + n, ref + x, ref_len - x);
      memcpy(ref + s, piece, n);
      ref_len = ref_len + n - (x - s);
      ms_point np = ref_point(ref, s + n);
      cr_assert(np.row == e.new_end_point.row && np.column == e.new_end_point.column,
                "seed %u iter %d", seed, iter);
    }
    size_t len;
    const char *t = ms_document_text(d, &len);
    cr_assert_eq(len, ref_len, "seed %u iter %d", seed, iter);
    cr_assert(memcmp(t, ref, len) == 0 && t[len] == '\0', "seed %u iter %d", seed, iter);
    uint32_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += ref[i] == '\n';
    cr_assert_eq(ms_document_line_count(d), lines, "seed %u iter %d", seed, iter);
    for (int k = 0; k < 4; k++) {
      ms_encoding ce = k % 2 ? U16 : U8;
      ms_position p = random_position(lines);
      cr_assert_eq(ms_document_offset(d, p, ce), ref_offset(ref, ref_len, p, ce),
                   "seed %u iter %d pos %u:%u", seed, iter, p.line, p.character);
      size_t off = (size_t)rand() % (len + 2);
      ms_position q = ms_document_position(d, off, ce), r = ref_position(ref, ref_len, off, ce);
      cr_assert(q.line == r.line && q.character == r.character,
                "seed %u iter %d off %zu: %u:%u vs %u:%u", seed, iter, off, q.line,
                q.character, r.line, r.character);
      ms_point dp = ms_document_point(d, off), rp = ref_point(ref, off > len ? len : off);
      cr_assert(dp.row == rp.row && dp.column == rp.column);
    }
  }
  ms_document_delete(d);
  free(ref);
}

/* ---- scale -------------------------------------------------------------- */

Test(document, large_document_edits_stay_exact) {
  /* 50 MB, 1M lines: 200 edits near the start, each adding a line; the
  ** line index must stay exact far below them. (Their cost is measured in
  ** bench/, not here: timings do not belong in unit tests.) */
  size_t line = 50, lines = 1000000, len = line * lines;
  char *s = malloc(len);
  for (size_t i = 0; i < len; i++) s[i] = i % line == line - 1 ? '\n' : (char)('a' + i % 26);
  ms_document *d = ms_document_new("u", s, len, 1);
  cr_assert_eq(ms_document_line_count(d), lines + 1);
  int edits = 200;
  for (int i = 0; i < edits; i++)
    cr_assert(ms_document_apply(d, P(2 * (uint32_t)i, 3), P(2 * (uint32_t)i, 5), "x\ny", 3, U16, NULL));
  cr_assert_eq(ms_document_line_count(d), lines + 1 + (uint32_t)edits);
  cr_assert_eq(ms_document_offset(d, P(2 * (uint32_t)edits + 5, 0), U16),
               (size_t)edits * (line + 1) + 5 * line);
  ms_document_delete(d);
  free(s);
}

/* ms_document_position_after answers what ms_document_position does, for
** offsets in increasing order (its use), with gaps of every size, and for
** an offset behind the hint (it starts over). */
Test(document, position_after_equals_position) {
  char text[20000];
  size_t n = 0;
  for (int i = 0; n + 40 < sizeof text; i++)
    n += (size_t)snprintf(text + n, sizeof text - n, i % 7 ? "line %d \xE4\xB8\xAD x\n" : "\n", i);
  ms_document *d = ms_document_new("u", text, n, 1);
  uint32_t line = 0;
  for (size_t off = 0, step = 1; off <= n + 1; off += step, step = step * 3 % 1013 + 1) {
    ms_position a = ms_document_position(d, off, U16), b = ms_document_position_after(d, off, U16, &line);
    cr_assert(a.line == b.line && a.character == b.character, "offset %zu: %u:%u vs %u:%u", off, a.line,
              a.character, b.line, b.character);
  }
  cr_assert_gt(line, 100u);
  ms_position back = ms_document_position_after(d, 5, U16, &line), want = ms_document_position(d, 5, U16);
  cr_assert(back.line == want.line && back.character == want.character);
  ms_document_delete(d);
}

/* ms_document_position_next over increasing offsets (every byte, so some
** fall inside characters and line endings) gives ms_document_position's
** answers, in both encodings, also when it jumps back (a fresh walk). */
Test(document, position_next_is_position) {
  const char *text = "ab\xc3\xa9 \xf0\x9f\x98\x80x, %0\r\n\xe2\x82\xac y\n\nlast \xf0\x9f\x98\x80";
  ms_document *d = ms_document_new("file:///t.mlir", text, strlen(text), 1);
  ms_encoding encs[] = {U16, U8};
  for (int e = 0; e < 2; e++) {
    ms_position_cursor c = {0};
    for (size_t off = 0; off <= strlen(text) + 2; off++) {
      ms_position want = ms_document_position(d, off, encs[e]);
      ms_position got = ms_document_position_next(d, off, encs[e], &c);
      cr_assert(got.line == want.line && got.character == want.character,
                "offset %zu: %u:%u, expected %u:%u", off, got.line, got.character, want.line, want.character);
    }
    ms_position back = ms_document_position_next(d, 3, encs[e], &c), want = ms_document_position(d, 3, encs[e]);
    cr_assert(back.line == want.line && back.character == want.character);
  }
  ms_document_delete(d);
}

/* Three long lines of 6,000 random pieces each (1 to 4 bytes, invalid
** bytes), the second ended by "\r\n": the text of the long-line tests, in
** a buffer with room for their edits (freed by the caller). */
static char *long_lines(size_t *out_len) {
  static const char *const pieces[] = {"a", "%0", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xff", "\xe2\x82"};
  size_t len = 0;
  char *ref = malloc((size_t)1 << 18);
  cr_assert(ref);
  for (int line = 0; line < 3; line++) {
    for (int i = 0; i < 6000; i++) {
      const char *p = pieces[rand() % 7];
      memcpy(ref + len, p, strlen(p));
      len += strlen(p);
    }
    memcpy(ref + len, line == 1 ? "\r\n" : "\n", line == 1 ? 2 : 1);
    len += line == 1 ? 2 : 1;
  }
  *out_len = len;
  return ref;
}

/* Long lines (marks every 256 bytes, document.c): positions at random
** offsets, in random order, in both encodings, over three long lines of
** mixed characters (1 to 4 bytes, invalid bytes, a "\r\n"), match the
** reference walk from the line start; so do they after edits of the
** lines (the marks are forgotten, not reused). */
Test(document, long_line_positions_match_reference) {
  unsigned seed = (unsigned)time(NULL);
  srand(seed);
  size_t len;
  char *ref = long_lines(&len);
  ms_document *d = ms_document_new("u", ref, len, 1);
  size_t s = 0;
  for (int round = 0; round < 9; round++) {
    for (int k = 0; k < 1000; k++) {
      ms_encoding enc = rand() % 2 ? U16 : U8;
      /* Half of them on the line edited last, after the edit. */
      size_t off = k % 2 == 0 && round ? s + (size_t)rand() % 4000 : (size_t)rand() % (len + 2);
      ms_position q = ms_document_position(d, off, enc), r = ref_position(ref, len, off, enc);
      cr_assert(q.line == r.line && q.character == r.character, "seed %u round %d off %zu: %u:%u vs %u:%u", seed,
                round, off, q.line, q.character, r.line, r.character);
    }
    /* An edit in the middle of a long line whose marks are kept, in both
    ** encodings (asked last): the units after it change. */
    s = (size_t)rand() % len;
    ms_position at = ref_position(ref, len, s, U16);
    ms_document_position(d, s, U8);
    ms_document_position(d, s, U16);
    const char *ins = "a\xc3\xa9\xf0\x9f\x98\x80"; /* 7 bytes, 4 UTF-16 units */
    s = ref_offset(ref, len, at, U16);
    cr_assert(ms_document_apply(d, at, at, ins, strlen(ins), U16, NULL));
    memmove(ref + s + strlen(ins), ref + s, len - s);
    memcpy(ref + s, ins, strlen(ins));
    len += strlen(ins);
  }
  ms_document_delete(d);
  free(ref);
}

/* Long lines, the other way (position -> offset from the mark before it):
** random positions (characters past the line end, and inside a UTF-16
** pair, included), in both encodings, over long lines of mixed characters,
** match the reference walk from the line start, before and after edits. */
Test(document, long_line_offsets_match_reference) {
  unsigned seed = (unsigned)time(NULL);
  srand(seed);
  size_t len;
  char *ref = long_lines(&len);
  ms_document *d = ms_document_new("u", ref, len, 1);
  for (int round = 0; round < 5; round++) {
    for (int k = 0; k < 2000; k++) {
      ms_encoding enc = rand() % 2 ? U16 : U8;
      ms_position p = P((uint32_t)(rand() % 4), (uint32_t)(rand() % 20000));
      size_t got = ms_document_offset(d, p, enc), want = ref_offset(ref, len, p, enc);
      cr_assert(got == want, "seed %u round %d %u:%u: %zu vs %zu", seed, round, p.line, p.character, got, want);
    }
    ms_position at = P((uint32_t)(rand() % 3), (uint32_t)(rand() % 9000));
    size_t s = ref_offset(ref, len, at, U16);
    const char *ins = "\xf0\x9f\x98\x80" "b";
    cr_assert(ms_document_apply(d, at, at, ins, strlen(ins), U16, NULL));
    memmove(ref + s + strlen(ins), ref + s, len - s);
    memcpy(ref + s, ins, strlen(ins));
    len += strlen(ins);
  }
  ms_document_delete(d);
  free(ref);
}
