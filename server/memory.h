/*
** memory.h: allocation that does not fail.
**
** Analyses, documents and reports are rebuilt constantly; checking every
** small allocation would bury the logic, and there is nothing sensible to
** do when the machine is out of memory but to say so and stop. Used by
** every module that allocates (the broadcast algebra does not).
*/
#ifndef MS_MEMORY_H
#define MS_MEMORY_H

#include <stddef.h>

/* realloc(p, n) that prints "mlir-shape: out of memory" and aborts instead
** of returning NULL (for n > 0). */
void *ms_xrealloc(void *p, size_t n);

/* A copy of s from ms_xrealloc. */
char *ms_xstrdup(const char *s);

#endif
