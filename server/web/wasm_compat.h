/*
** wasm_compat.h: what the C library of Debian's emscripten (3.1.x, musl
** 1.2.2) lacks and the analyzer uses, for the browser build only (force
** included by `make wasm`; wasm_compat.c implements it).
*/
#ifndef MS_WASM_COMPAT_H
#define MS_WASM_COMPAT_H

#include <stddef.h>

/* glibc's qsort_r (musl has it from 1.2.3): a stable merge sort, as
** glibc's is when it can allocate its buffer, so ties keep their order. */
void qsort_r(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *, void *), void *arg);

#endif
