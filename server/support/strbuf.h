/*
** strbuf.h: a growable string, for text built piece by piece (hover
** markdown, `explain`'s pages). Memory from alloc.h: never fails.
*/
#ifndef MS_STRBUF_H
#define MS_STRBUF_H

#include <stddef.h>

typedef struct ms_strbuf {
  char *p;                     /* NUL-terminated once anything was written; NULL before */
  size_t n, cap;
} ms_strbuf;

/* Appends printf-style text. */
void ms_strbuf_printf(ms_strbuf *self, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
