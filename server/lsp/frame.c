/*
** frame.c: incremental parser of the LSP base protocol (see frame.h).
**
** A small state machine over the byte stream:
**   HEADER: accumulate a header block until its blank line, then validate it;
**   BODY:   accumulate exactly Content-Length bytes, then deliver them;
**   SKIP:   (unused: a too large Content-Length is a bad header, RESYNC);
**   RESYNC: after a malformed header block, drop bytes until the next
**           "Content-" (case-insensitive), where the next block should start.
** One buffer serves both the header block and the body; it is sized for the
** current message only.
*/
#include "frame.h"
#include "alloc.h"

#include <assert.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef enum { ST_HEADER, ST_BODY, ST_SKIP, ST_RESYNC } frame_state;

/* Buffers bigger than this are released after their message. */
#define KEEP_CAPACITY ((size_t)64 << 10)

static const char resync_key[] = "content-";

struct ms_frame_parser {
  size_t max_body;
  frame_state state;
  char *buf;
  size_t len, cap;
  size_t scan;       /* HEADER: bytes of buf already searched for the blank line */
  size_t need;       /* BODY: body length; SKIP: bytes left to drop */
  size_t matched;    /* RESYNC: bytes of resync_key matched so far */
};

ms_frame_parser *ms_frame_parser_new(size_t max_body) {
  ms_frame_parser *self = ms_xcalloc(1, sizeof *self);
  if (!self) return NULL;
  self->max_body = max_body;
  self->state = ST_HEADER;
  return self;
}

void ms_frame_parser_delete(ms_frame_parser *self) {
  if (!self) return;
  free(self->buf);
  free(self);
}

bool ms_frame_parser_idle(const ms_frame_parser *self) {
  return self->state == ST_HEADER && self->len == 0;
}

static void report(const ms_frame_handlers *h, void *ctx, int code, const char *msg) {
  if (h->on_error) h->on_error(ctx, code, msg);
}

/* Makes room for n bytes in buf (plus the NUL that bodies get). */
static bool reserve(ms_frame_parser *self, size_t n) {
  if (n + 1 <= self->cap) return true;
  /* Sizes are known up front (header limit, Content-Length): no slack. */
  size_t cap = n + 1;
  char *p = ms_xrealloc(self->buf, cap);
  if (!p) return false;
  self->buf = p;
  self->cap = cap;
  return true;
}

/* Forgets the current message; a large buffer is given back. */
static void reset_message(ms_frame_parser *self, frame_state next) {
  self->len = 0;
  self->scan = 0;
  self->matched = 0;
  self->state = next;
  if (self->cap > KEEP_CAPACITY) {
    free(self->buf);
    self->buf = NULL;
    self->cap = 0;
  }
}

/* Parses a decimal Content-Length value with optional surrounding blanks. */
static bool parse_length(const char *v, size_t n, size_t *out) {
  size_t i = 0, value = 0;
  while (i < n && (v[i] == ' ' || v[i] == '\t')) i++;
  size_t first = i;
  for (; i < n && isdigit((unsigned char)v[i]); i++) {
    size_t d = (size_t)(v[i] - '0');
    if (value > (SIZE_MAX - d) / 10) return false;
    value = value * 10 + d;
  }
  if (i == first) return false;
  while (i < n && (v[i] == ' ' || v[i] == '\t')) i++;
  if (i != n) return false;
  *out = value;
  return true;
}

/* Validates the header block buf[0..end) (blank line excluded). Returns
** true with *length set, or false with a reason in err. */
static bool parse_headers(const char *buf, size_t end, size_t *length,
                          char *err, size_t errlen) {
  bool have = false;
  size_t pos = 0;
  while (pos < end) {
    const char *nl = memchr(buf + pos, '\n', end - pos);
    size_t stop = nl ? (size_t)(nl - buf) : end;
    size_t line_end = stop;
    if (line_end > pos && buf[line_end - 1] == '\r') line_end--;
    const char *line = buf + pos;
    size_t n = line_end - pos;
    const char *colon = memchr(line, ':', n);
    if (!colon || colon == line) {
      snprintf(err, errlen, "malformed header line '%.*s'", (int)(n > 60 ? 60 : n), line);
      return false;
    }
    size_t name_len = (size_t)(colon - line);
    if (name_len == 14 && !strncasecmp(line, "Content-Length", 14)) {
      size_t v;
      if (!parse_length(colon + 1, n - name_len - 1, &v)) {
        snprintf(err, errlen, "invalid Content-Length '%.*s'",
                 (int)(n - name_len - 1 > 40 ? 40 : n - name_len - 1), colon + 1);
        return false;
      }
      if (have && v != *length) {
        snprintf(err, errlen, "conflicting Content-Length headers (%zu and %zu)", *length, v);
        return false;
      }
      *length = v;
      have = true;
    }
    pos = stop + 1;
  }
  if (!have) snprintf(err, errlen, "header block without Content-Length");
  return have;
}

/* Searches the header block for its blank line from self->scan on; returns
** the index just past it, or 0 when not there yet. *block_end receives the
** end of the last header line (excluding its line ending). */
static size_t find_blank_line(ms_frame_parser *self, size_t *block_end) {
  const char *b = self->buf;
  for (size_t i = self->scan; i < self->len; i++) {
    if (b[i] != '\n' || i == 0) continue;
    size_t j = i - 1;
    if (b[j] == '\r') {
      if (j == 0) continue;
      j--;
    }
    if (b[j] == '\n') {
      *block_end = j;
      return i + 1;
    }
  }
  self->scan = self->len;
  return 0;
}

/* Where the last "Content-Length" (any case) of buf[1..end) starts, or 0:
** the rest of a short body runs into the next header without a line break. */
static size_t last_length_line(const char *buf, size_t end) {
  size_t found = 0;
  for (size_t i = 1; i + 14 <= end; i++)
    if ((buf[i] | 0x20) == 'c' && !strncasecmp(buf + i, "Content-Length", 14)) found = i;
  return found;
}

/* The header block is complete in buf[0..block_end): start its body. */
static void finish_header(ms_frame_parser *self, size_t block_end,
                          const ms_frame_handlers *h, void *ctx) {
  char err[160];
  size_t length = 0;
  if (!parse_headers(self->buf, block_end, &length, err, sizeof err)) {
    report(h, ctx, MS_FRAME_ERR_HEADER, err);
    /* What came before may be the rest of a body whose Content-Length was
    ** short, run into the next message's header: that header is read. */
    size_t k = last_length_line(self->buf, block_end), ignored;
    char why[160];
    if (!k || parse_headers(self->buf, k, &ignored, why, sizeof why) ||
        !parse_headers(self->buf + k, block_end - k, &length, why, sizeof why)) {
      reset_message(self, ST_RESYNC);
      return;
    }
  }
  if (length > self->max_body) {
    /* A body this large is never stored, and its length is not trusted
    ** either (2^64 - 1 would leave the server deaf): the next message is
    ** where the next header block starts. A JSON body holds no raw line
    ** breaks inside strings, so no header block can hide in one. */
    snprintf(err, sizeof err, "Content-Length %zu exceeds the limit of %zu bytes; skipping to the next message",
             length, self->max_body);
    report(h, ctx, MS_FRAME_ERR_TOO_LARGE, err);
    reset_message(self, ST_RESYNC);
    return;
  }
  self->len = 0;
  self->need = length;
  self->state = ST_BODY;
  if (!reserve(self, length)) {
    report(h, ctx, MS_FRAME_ERR_TOO_LARGE, "out of memory for the body; skipping it");
    reset_message(self, ST_SKIP);
    self->need = length;
  }
}

/* Each consume_* eats a prefix of data and returns how many bytes it took. */

static size_t consume_header(ms_frame_parser *self, const char *data, size_t len,
                             const ms_frame_handlers *h, void *ctx) {
  size_t i = 0;
  /* Blank lines between messages are harmless: skip them. */
  if (self->len == 0)
    while (i < len && (data[i] == '\r' || data[i] == '\n')) i++;
  if (i == len) return i;
  /* Copy only up to the end of the block if it lies in this chunk, so the
  ** body bytes go straight to the body state. */
  size_t room = MS_FRAME_MAX_HEADER - self->len;
  size_t take = len - i < room ? len - i : room;
  if (!reserve(self, MS_FRAME_MAX_HEADER)) return len; /* out of memory: drop input */
  memcpy(self->buf + self->len, data + i, take);
  size_t old_len = self->len;
  self->len += take;
  size_t block_end = 0, past = find_blank_line(self, &block_end);
  if (past) {
    size_t used = past - old_len;
    finish_header(self, block_end, h, ctx);
    return i + used;
  }
  if (self->len >= MS_FRAME_MAX_HEADER) {
    report(h, ctx, MS_FRAME_ERR_HEADER_SIZE, "header block too long (no blank line)");
    reset_message(self, ST_RESYNC);
  }
  return i + take;
}

static size_t consume_body(ms_frame_parser *self, const char *data, size_t len,
                           const ms_frame_handlers *h, void *ctx) {
  size_t take = self->need - self->len;
  if (take > len) take = len;
  memcpy(self->buf + self->len, data, take);
  self->len += take;
  if (self->len == self->need) {
    self->buf[self->len] = '\0';
    if (h->on_frame) h->on_frame(ctx, self->buf, self->len);
    reset_message(self, ST_HEADER);
  }
  return take;
}

static size_t consume_skip(ms_frame_parser *self, size_t len) {
  size_t take = self->need < len ? self->need : len;
  self->need -= take;
  if (self->need == 0) self->state = ST_HEADER;
  return take;
}

/* Drops bytes up to the next "content-"; the matched key is kept in buf as
** the start of the next header block. */
static size_t consume_resync(ms_frame_parser *self, const char *data, size_t len) {
  size_t keylen = sizeof resync_key - 1;
  for (size_t i = 0; i < len; i++) {
    char c = (char)tolower((unsigned char)data[i]);
    if (c == resync_key[self->matched]) {
      self->matched++;
    } else {
      /* The key's first letter occurs nowhere else in it, so a mismatch can
      ** only restart a match at this very byte. */
      self->matched = c == resync_key[0] ? 1 : 0;
    }
    if (self->matched == keylen) {
      /* Re-feed the key (original case does not matter) as header bytes. */
      bool ok = reserve(self, MS_FRAME_MAX_HEADER);
      if (!ok) return i + 1;
      memcpy(self->buf, resync_key, keylen);
      self->len = keylen;
      self->scan = 0;
      self->matched = 0;
      self->state = ST_HEADER;
      return i + 1;
    }
  }
  return len;
}

void ms_frame_parser_feed(ms_frame_parser *self, const char *data, size_t len,
                          const ms_frame_handlers *h, void *ctx) {
  assert(self && h);
  while (len > 0) {
    size_t used = 0;
    switch (self->state) {
    case ST_HEADER: used = consume_header(self, data, len, h, ctx); break;
    case ST_BODY: used = consume_body(self, data, len, h, ctx); break;
    case ST_SKIP: used = consume_skip(self, len); break;
    case ST_RESYNC: used = consume_resync(self, data, len); break;
    }
    assert(used > 0 || (self->state == ST_BODY && self->need == 0));
    data += used;
    len -= used;
    /* A zero-length body completes without consuming input. */
    if (self->state == ST_BODY && self->need == 0) consume_body(self, data, 0, h, ctx);
  }
}
