/*
** nesting.h: the nesting limit every parse of mlir-shape goes through.
**
** tree-sitter 0.20.7 keeps one stack entry per subtree still open, and
** frees some twice once about 65,500 of them stay open: text whose
** brackets nest tens of thousands deep (unclosed `(`, `[` or regions)
** corrupts its heap. So no parse sees brackets nested deeper than
** MS_NESTING_MAX: one pass over the text (strings and `//` comments
** skipped) finds each bracket that opens past the limit, and the parse
** leaves out the whole inside of the bracket at the limit that holds it, up
** to the bracket that closes that one (or the end of the text): the parse
** sees an empty `{}`, `()` or `[]` there (tree-sitter included ranges, so
** offsets stay those of the text).
** Each span left out is one `nesting-too-deep` finding at the first
** bracket past the limit; the rest of the text is parsed and checked as usual.
*/
#ifndef MS_NESTING_H
#define MS_NESTING_H

#include <stdint.h>
#include <tree_sitter/api.h>

#include "diag.h"

/* The deepest bracket nesting ( `(`, `[`, `{` ) a parse sees. */
#define MS_NESTING_MAX 1000
#define MS_NESTING_MAX_TEXT "1000"

#define MS_CODE_NESTING "nesting-too-deep"

/* Parses text[0, len) within ranges (NULL and 0: the whole text), as
** ts_parser_set_included_ranges and ts_parser_parse_string would, minus
** the spans nested deeper than MS_NESTING_MAX. Appends one finding per
** span left out to found (when not NULL). Returns the tree, or NULL when
** the parse was cancelled. */
TSTree *ms_nesting_parse(TSParser *parser, const TSTree *old, const char *text, uint32_t len, const TSRange *ranges,
                         uint32_t nranges, ms_diag_list *found);

#endif
