/*
** frame.h: incremental parser of the LSP base protocol (header block +
** Content-Length body).
**
** Pure code, no I/O: the transport (rpc.c) feeds whatever read() returned and
** gets one callback per complete body. Reads may split a message anywhere
** (byte by byte is fine) and one read may hold several messages. Header names
** are case-insensitive and may come in any order; only Content-Length matters
** (Content-Type and unknown headers are ignored). Lines end in "\r\n" (a bare
** "\n" is accepted too).
**
** Errors never stop the parser: a malformed header block is reported and the
** parser resynchronises at the next header block (the next "Content-"
** header name in the stream); a body longer than max_body is reported and
** exactly that many following bytes are discarded, without being buffered.
** The buffer grows only to the size of the message being read, and a buffer
** grown for a large message is released once that message is delivered.
*/
#ifndef MS_FRAME_H
#define MS_FRAME_H

#include <stdbool.h>
#include <stddef.h>

/* Error codes passed to on_error. */
enum {
  MS_FRAME_ERR_HEADER = 1,    /* malformed header block (bad line, no/bad/conflicting Content-Length) */
  MS_FRAME_ERR_HEADER_SIZE,   /* header block longer than MS_FRAME_MAX_HEADER without ending */
  MS_FRAME_ERR_TOO_LARGE      /* Content-Length > max_body: that many bytes are skipped */
};

/* Longest header block accepted (bytes, including the blank line). */
#define MS_FRAME_MAX_HEADER 8192

typedef struct ms_frame_parser ms_frame_parser;

typedef struct ms_frame_handlers {
  /* A complete body. body is NUL-terminated (body[len] == '\0') and valid
  ** only during the call; the handler may rewrite its bytes in place. It
  ** may itself contain NUL bytes. */
  void (*on_frame)(void *ctx, char *body, size_t len);
  /* A framing error (MS_FRAME_ERR_*), with a one-line description valid
  ** only during the call. May be NULL to ignore errors. */
  void (*on_error)(void *ctx, int code, const char *message);
} ms_frame_handlers;

/* Creates a parser that refuses bodies longer than max_body bytes. Returns
** NULL when out of memory. */
ms_frame_parser *ms_frame_parser_new(size_t max_body);

/* Frees the parser and any partial message. NULL is ignored. Must not be
** called from inside a handler of this parser. */
void ms_frame_parser_delete(ms_frame_parser *self);

/* Consumes data[0..len): calls h->on_frame for every body completed by these
** bytes (in stream order) and h->on_error for every framing error. Handlers
** get ctx. Bytes of an incomplete message are kept for the next call. */
void ms_frame_parser_feed(ms_frame_parser *self, const char *data, size_t len,
                          const ms_frame_handlers *h, void *ctx);

/* True when the parser sits between messages (no partial header or body
** pending, nothing being skipped): used to detect truncation at EOF. */
bool ms_frame_parser_idle(const ms_frame_parser *self);

#endif
