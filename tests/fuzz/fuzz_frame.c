/*
** fuzz_frame.c: libFuzzer target for the LSP base protocol's framing alone
** (frame.c): Content-Length headers, resynchronisation after a bad header
** block, the header size limit and the maximum message size.
**
** Input: byte 0 picks the largest body accepted (16 << (byte % 8): 16 B to
** 2 KiB, so that too-large bodies are common), byte 1 seeds how the rest is
** split into reads; the rest is the stream. Checks, beyond no crash, leak or
** hang:
**   - every body delivered is at most the maximum and NUL-terminated;
**   - the events (bodies with their bytes, errors with their codes) are the
**     same whether the stream comes in one read or split anywhere (frame.h
**     promises that reads may split a message anywhere);
**   - after the stream, newlines and a well-formed message, that message is
**     the last one delivered and the parser is idle: it always
**     resynchronises.
*/
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frame.h"

/* The events of one run, folded into a hash (FNV-1a) and counted. */
typedef struct events {
  uint64_t hash;
  size_t frames, errors, max;
  char last[64];
  size_t last_len;
} events;

static void mix(events *e, const void *p, size_t n) {
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++) e->hash = (e->hash ^ b[i]) * 0x100000001b3ULL;
}

static void on_frame(void *ctx, char *body, size_t len) {
  events *e = ctx;
  assert(len <= e->max);
  assert(body[len] == '\0');
  e->frames++;
  mix(e, "F", 1);
  mix(e, &len, sizeof len);
  mix(e, body, len);
  e->last_len = len < sizeof e->last ? len : sizeof e->last;
  memcpy(e->last, body, e->last_len);
}

static void on_error(void *ctx, int code, const char *message) {
  events *e = ctx;
  assert(code >= MS_FRAME_ERR_HEADER && code <= MS_FRAME_ERR_TOO_LARGE);
  assert(message && *message);
  e->errors++;
  mix(e, "E", 1);
  mix(e, &code, sizeof code);
}

static const char tail[] = "Content-Length: 9\r\n\r\n{\"end\":1}";

/* Feeds data in pieces whose sizes come from a small generator seeded by
** seed (seed 0: one piece), then max + 16 newlines (they complete any body
** under way and end any header block) and a good message. */
static void run(const uint8_t *data, size_t size, size_t max, unsigned seed, events *e) {
  static const ms_frame_handlers h = {on_frame, on_error};
  memset(e, 0, sizeof *e);
  e->hash = 0xcbf29ce484222325ULL;
  e->max = max;
  ms_frame_parser *p = ms_frame_parser_new(max);
  if (!p) return;
  uint32_t x = seed * 2654435761u + 1;
  size_t at = 0;
  while (at < size) {
    size_t n = size - at;
    if (seed) {
      x = x * 1103515245u + 12345u;
      n = 1 + (x >> 16) % 64;
      if (n > size - at) n = size - at;
    }
    ms_frame_parser_feed(p, (const char *)data + at, n, &h, e);
    at += n;
  }
  for (size_t i = 0; i < max + 16; i++) ms_frame_parser_feed(p, "\n", 1, &h, e);
  ms_frame_parser_feed(p, tail, sizeof tail - 1, &h, e);
  assert(ms_frame_parser_idle(p));
  ms_frame_parser_delete(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2) return 0;
  size_t max = (size_t)16 << (data[0] % 8);
  unsigned seed = data[1] | 1u;
  events whole, split;
  run(data + 2, size - 2, max, 0, &whole);
  run(data + 2, size - 2, max, seed, &split);
  assert(whole.hash == split.hash && whole.frames == split.frames && whole.errors == split.errors);
  /* Whatever came before, the good message was read: the last body. */
  assert(whole.last_len == 9 && !memcmp(whole.last, "{\"end\":1}", 9));
  return 0;
}
