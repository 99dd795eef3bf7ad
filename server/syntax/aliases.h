/*
** aliases.h: the type aliases of a text (`!name = type`).
**
** The analyzer reads shapes from type tokens; a use like `!bounded_type`
** must be read as the type it stands for. Aliases are top-level statements,
** so they are found by scanning the text for lines that start with `!`,
** once per text (check) or per change of such a line (language server).
** A name may be defined again further down (one per `// -----` chunk): a use
** takes the nearest definition before it.
*/
#ifndef MS_ALIASES_H
#define MS_ALIASES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ms_alias_table ms_alias_table;

/* Scans text[0, len) for `!name = type` lines. Never NULL (aborts when out
** of memory); an empty table when there is none. */
ms_alias_table *ms_alias_table_scan(const char *text, size_t len);
void ms_alias_table_delete(ms_alias_table *self);

/* The same scan, calling done(ctx, offset) every few MB with how far it has
** read (every line before offset is scanned), so that a caller reading a
** mapped file can drop the pages behind (check on big files). */
ms_alias_table *ms_alias_table_scan_with(const char *text, size_t len, void (*done)(void *ctx, size_t offset),
                                         void *ctx);

/* The number of definitions found. */
size_t ms_alias_table_count(const ms_alias_table *self);

/* Whether [start, end] (an edit's old range) touches a definition. */
bool ms_alias_table_touches(const ms_alias_table *self, uint32_t start, uint32_t end);

/* Where the last definition ends (0 when there is none): an edit after it
** cannot move or change any definition. */
uint32_t ms_alias_table_end(const ms_alias_table *self);

/* If text[start, end) is an alias use (`!name`) defined before `start`,
** stores the span of the type it stands for in *tstart and *tend (following
** aliases of aliases) and returns true. */
bool ms_alias_table_resolve(const ms_alias_table *self, const char *text, uint32_t start, uint32_t end,
                            uint32_t *tstart, uint32_t *tend);

#endif
