/*
** document.h: the text of one open document, edited incrementally, with the
** conversions between LSP positions, byte offsets and tree-sitter points.
**
** The text is one contiguous NUL-terminated buffer (what tree-sitter parses)
** plus an index of line starts that every edit updates in place, so an edit
** costs a memmove of the text after it and a shift of the later line starts,
** never a rescan of the document; a conversion scans only its own line.
**
** Lines end at "\n"; a "\r" right before it belongs to the line ending, so
** "\r\n" and "\n" documents number lines alike. A lone "\r" is not a line
** break (tree-sitter counts rows the same way, so ms_point.row always equals
** the LSP line).
**
** LSP characters count UTF-16 code units (a character beyond the BMP, e.g. an
** emoji, counts 2) or bytes (MS_ENCODING_UTF8). A position inside a
** surrogate pair or a multi-byte character rounds down to the start of that
** character; a byte that is not part of valid UTF-8 counts as one unit. As
** the LSP specification says, a character past the end of its line means
** the end of the line (before its line ending) and a line past the last
** line means the end of the document.
**
** Offsets are bytes; documents are limited to 4 GiB (uint32_t in
** ms_text_edit, like tree-sitter). No I/O, no tree-sitter or libuv here.
*/
#ifndef MS_DOCUMENT_H
#define MS_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { MS_ENCODING_UTF16, MS_ENCODING_UTF8 } ms_encoding;

/* An LSP position: zero-based line and character (in encoding units). */
typedef struct { uint32_t line, character; } ms_position;

/* A tree-sitter point: zero-based row and column in bytes (TSPoint). */
typedef struct { uint32_t row, column; } ms_point;

/* An edit described as tree-sitter's TSInputEdit wants it. */
typedef struct {
  uint32_t start_byte, old_end_byte, new_end_byte;
  ms_point start_point, old_end_point, new_end_point;
} ms_text_edit;

typedef struct ms_document ms_document;

/* Creates a document holding a copy of text[0..len) and of uri. Returns NULL
** when out of memory or when len does not fit in 32 bits. */
ms_document *ms_document_new(const char *uri, const char *text, size_t len, int version);

/* Frees the document. NULL is ignored. */
void ms_document_delete(ms_document *self);

/* The whole text, NUL-terminated; *len (when len is not NULL) receives its
** length. Valid until the next change of the document. */
const char *ms_document_text(const ms_document *self, size_t *len);

/* The URI given to ms_document_new. */
const char *ms_document_uri(const ms_document *self);

/* The LSP version number. */
int ms_document_version(const ms_document *self);

/* Sets the version number (after a didChange). */
void ms_document_set_version(ms_document *self, int version);

/* Replaces the whole text (full sync). Returns false, leaving the document
** unchanged, when out of memory or too large. */
bool ms_document_replace(ms_document *self, const char *text, size_t len);

/* Replaces the range [start, end) with text[0..len) (incremental sync), and
** fills *edit_out (when not NULL) with the same edit in bytes and points for
** ts_tree_edit. Positions are clamped as described above. Returns false,
** leaving the document unchanged, when start is after end, or when out of
** memory or too large. */
bool ms_document_apply(ms_document *self, ms_position start, ms_position end,
                       const char *text, size_t len, ms_encoding enc,
                       ms_text_edit *edit_out);

/* The byte offset of an LSP position (clamped, rounded down to a character
** start). */
size_t ms_document_offset(const ms_document *self, ms_position pos, ms_encoding enc);

/* The LSP position of a byte offset: an offset inside a character rounds
** down to its start, one inside the line ending (or past the end) maps to the
** end of the line (or of the document). On a long line it walks at most 256
** bytes, from marks of the line counted once and kept in the document (the
** last two lines asked, until an edit): positions in any order cost the
** line's length once, not once each. The marks are written here, so ask
** positions of a document only from the thread that edits it. */
ms_position ms_document_position(const ms_document *self, size_t byte_offset, ms_encoding enc);

/* The same, for offsets asked in increasing order (a publish walks every
** unit in text order): *line is where the last answer was (0 to begin),
** and the line is searched forward from there, not over the whole index. */
ms_position ms_document_position_after(const ms_document *self, size_t byte_offset, ms_encoding enc, uint32_t *line);

/* Where the last of a run of positions was: its line, the character start
** the walk stopped at and the units counted up to it (zero it to begin). */
typedef struct {
  uint32_t line;
  size_t at;
  uint32_t units;
  bool valid;
} ms_position_cursor;

/* The same, for offsets asked in increasing order on long lines (semantic
** tokens of one op with millions of operands): a position on the cursor's
** line walks on from the last one, not from the line start, so a run of
** positions costs the line's length once, not once per position. */
ms_position ms_document_position_next(const ms_document *self, size_t byte_offset, ms_encoding enc,
                                      ms_position_cursor *cursor);

/* The tree-sitter point of a byte offset (clamped to the text length; the
** column is not rounded to a character start). */
ms_point ms_document_point(const ms_document *self, size_t byte_offset);

/* The number of lines: 1 + the number of "\n" (an empty document and a
** document ending in "\n" have an empty last line, as in LSP). */
uint32_t ms_document_line_count(const ms_document *self);

/* The byte offset where line starts; the text length for line >=
** ms_document_line_count. */
size_t ms_document_line_start(const ms_document *self, uint32_t line);

#endif
