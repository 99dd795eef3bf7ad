/*
** strbuf.c: a growable string (strbuf.h).
*/
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>

#include "alloc.h"

void ms_strbuf_printf(ms_strbuf *self, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list again;
  va_copy(again, ap);
  int k = vsnprintf(NULL, 0, fmt, again);
  va_end(again);
  if (k < 0) k = 0;
  self->p = ms_array_reserve(self->p, self->n + (size_t)k + 1, &self->cap, 1);
  vsnprintf(self->p + self->n, (size_t)k + 1, fmt, ap);
  va_end(ap);
  self->n += (size_t)k;
}
