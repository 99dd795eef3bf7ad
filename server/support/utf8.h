/*
** utf8.h: UTF-8 validation and repair for what mlir-shape prints.
**
** Documents may hold any bytes (a file cut in the middle of a character, a
** Latin-1 comment, a client that sends raw bytes), and messages quote them.
** JSON output (LSP messages, `check --format=json|sarif`) must be UTF-8, so
** the writers pass their output through here: valid text is left alone
** (the common case costs one scan), and each byte that does not start a
** valid sequence becomes U+FFFD, as a decoder with replacement would show
** it. Pure code: no I/O.
*/
#ifndef MS_UTF8_H
#define MS_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* True when s[0..n) is well-formed UTF-8: no stray continuation bytes, no
** truncated or overlong sequences, no surrogates, nothing above U+10FFFF. */
bool ms_utf8_valid(const char *s, size_t n);

/* The length of the valid sequence at s[0..n) (1 to 4), or 0 when s does
** not start one. n must be > 0. */
size_t ms_utf8_sequence(const char *s, size_t n);

/* A copy of s[0..n) with every byte that starts no valid sequence replaced
** by U+FFFD (EF BF BD), NUL-terminated; its length in *out_len. Never
** NULL (aborts when out of memory, like ms_xrealloc). */
char *ms_utf8_repair(const char *s, size_t n, size_t *out_len);

#endif
