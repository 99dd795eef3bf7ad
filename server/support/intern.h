/*
** intern.h: a process-wide table of interned strings.
**
** A parsed type (ms_shape) is copied by value many times over; a text of
** any length that it carries (a tensor's encoding, `#sparse_tensor.encoding
** <{...}>` of a hundred characters) is kept here once and the shape holds a
** pointer. Interned strings never move and are never freed, so a pointer
** read once stays valid in every thread without a lock; equal strings give
** the same pointer. Only interning takes the table's lock.
*/
#ifndef MS_INTERN_H
#define MS_INTERN_H

#include <stddef.h>

/* The most bytes the table keeps (texts and their terminators); past it
** ms_intern returns NULL, and the caller keeps nothing, as for a type it
** does not read. A language server that sees a new encoding on every edit
** stays bounded. */
#define MS_INTERN_LIMIT ((size_t)8 << 20)

/* The interned copy of s[0..n) (NUL-terminated), the same pointer for
** equal texts; NULL when n is 0 or the table is full. */
const char *ms_intern(const char *s, size_t n);

/* How many bytes the table holds (tests and figures). */
size_t ms_intern_bytes(void);

#endif
