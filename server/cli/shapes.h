/*
** shapes.h: the table of every SSA value with its declared and inferred
** type, as JSON (`mlir-shape shapes --format=json`, and for the language
** server's commands).
**
** One row per value of a unit's analysis (analyzer.h: records, value table,
** inferred types). Positions are LSP-style (0-based line and character);
** the caller says how offsets map to them, so `shapes` (ms_source, UTF-16)
** and the language server (its document, negotiated encoding) share the
** builder. The format is versioned: MS_SHAPES_VERSION changes when a field
** changes meaning or goes away (README.md, "The shapes table").
*/
#ifndef MS_SHAPES_H
#define MS_SHAPES_H

#include <cjson/cJSON.h>
#include <stdint.h>

#include "analyzer.h"

#define MS_SHAPES_VERSION 1

/* Maps a byte offset of the text to a 0-based line and character. */
typedef struct ms_shapes_positions {
  void (*position)(void *ctx, uint32_t offset, uint32_t *line, uint32_t *character);
  void *ctx;
} ms_shapes_positions;

/* Appends to `values` (a JSON array) one object per value of a:
**   {"name": "%0", "range": {start, end} of the defining token,
**    "declared": "tensor<*xf32>" | null (no type written),
**    "inferred": "tensor<2x3xf32>" (the most precise type known; the
**                declared one when inference knows no more) | null,
**    "refined": true when inferred is more precise than declared,
**    "kind": "result" | "argument", "index": result or argument number,
**    "op": {"name": "tf.AddV2", "range"} of the producing op (the op whose
**          rule inferred the type, else the defining op) | null for an
**          argument whose type nothing refined}
** a's spans are relative to `base`, an offset into text. */
void ms_shapes_append(cJSON *values, const ms_analysis *a, const char *text, uint32_t base,
                      const ms_shapes_positions *where);

/* {"version": MS_SHAPES_VERSION, "files": []}: the document `shapes`
** prints; each file is {"file": name, "values": [...]} appended by the
** caller. */
cJSON *ms_shapes_json(void);

/* Appends {"file": name, "values": []} to doc's files; returns the values
** array to fill with ms_shapes_append. */
cJSON *ms_shapes_add_file(cJSON *doc, const char *name);

#endif
