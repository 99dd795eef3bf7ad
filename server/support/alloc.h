/*
** alloc.h: allocation that does not fail.
**
** Analyses, documents and reports are rebuilt constantly; checking every
** small allocation would bury the logic, and there is nothing sensible to
** do when the machine is out of memory but to say so and stop. Used by
** every module that allocates (the broadcast algebra does not).
*/
#ifndef MS_ALLOC_H
#define MS_ALLOC_H

#include <stddef.h>

/* realloc(p, n) that prints "mlir-shape: out of memory" and aborts instead
** of returning NULL (for n > 0). */
void *ms_xrealloc(void *p, size_t n);

/* malloc(n) and calloc(count, size) that abort instead of returning NULL. */
void *ms_xmalloc(size_t n);
void *ms_xcalloc(size_t count, size_t size);

/* A copy of s from ms_xrealloc. */
char *ms_xstrdup(const char *s);

/* The one growable-array helper. An array is three variables: a pointer,
** a count and a size_t capacity, all zero when empty. ms_array_grow returns
** items (moved) with room for at least one more than count, doubling the
** capacity when full so that n pushes cost O(n). */
void *ms_array_grow(void *items, size_t count, size_t *cap, size_t item_size);

/* The same for room for `need` items at once (a text that grows by an
** edit): returns items (moved) with *cap >= need. */
void *ms_array_reserve(void *items, size_t need, size_t *cap, size_t item_size);

/* Gives an array exactly `count` items of room (a stored array that will
** not grow again: the language server keeps one per unit). Returns items. */
void *ms_array_shrink(void *items, size_t count, size_t *cap, size_t item_size);

/* Appends one uninitialised item and evaluates to a pointer to it:
**   ms_span *s = MS_ARRAY_PUSH(list.items, list.count, list.cap);   */
#define MS_ARRAY_PUSH(items, count, cap) \
  ((items) = ms_array_grow((items), (count), &(cap), sizeof *(items)), &(items)[(count)++])

#endif
