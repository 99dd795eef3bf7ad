/*
** module_attrs.c: a pretty module's `attributes {...}` read as the
** dialects' attribute parsers read them (module_attrs.h).
**
** records.c keeps a module's attribute entries in the attribute pool,
** owned by no op. An entry whose value is a dialect attribute of a kind
** the catalog declares ("attributes" in the rule files: `#stablehlo.conv`,
** `#stablehlo.dot`) has its `<...>` body checked in the kind's form
** (algebra/attr_forms.h); what that form's parser rejects is an error with
** the parser's message (code attribute-syntax). Values of other kinds,
** and bodies the form does not read, are not judged.
*/
#include "module_attrs.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "attr_forms.h"

#define MS_CODE_ATTRIBUTE_SYNTAX "attribute-syntax"

static bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
         c == '$';
}

/* One entry's value `#d.name<body>`: the kind's form judges body. */
static void check_value(const ms_catalog *catalog, const char *text, ms_span v, ms_diag_list *out) {
  uint32_t i = v.start, end = v.end;
  while (end > i && (text[end - 1] == ' ' || text[end - 1] == '\n' || text[end - 1] == '\t' ||
                     text[end - 1] == '\r'))
    end--;
  if (end - i < 4 || text[i] != '#' || text[end - 1] != '>') return;
  uint32_t lt = i + 1;
  while (lt < end && name_char(text[lt])) lt++;
  if (lt >= end || text[lt] != '<') return;
  ms_attr_kind_view kind;
  if (!ms_catalog_attr_kind(catalog, text + i, lt - i, &kind)) return;
  size_t at;
  char why[600];
  const char *body = text + lt + 1;
  if (ms_attr_form_check(kind.form, kind.keys, kind.nkeys, body, end - 1 - (lt + 1), &at, why, sizeof why) !=
      MS_FORM_REJECTED)
    return;
  uint32_t pos = lt + 1 + (uint32_t)at, stop = pos;
  while (stop < end - 1 && name_char(text[stop])) stop++;
  if (stop == pos) stop = pos + 1;
  ms_diagnostic *d = ms_diag_list_add(out, pos, stop, MS_SEVERITY_ERROR, MS_CODE_ATTRIBUTE_SYNTAX, NULL,
                                      "%s (in %.*s)", why, (int)(lt - i), text + i);
  d->op_start = v.start;
  d->op_end = v.end;
}

void ms_check_module_attrs(const ms_catalog *catalog, const ms_records *rec, const char *text,
                           ms_diag_list *out) {
  if (!catalog || !rec->nattrs) return;
  bool *owned = ms_xcalloc(rec->nattrs, sizeof *owned);
  for (size_t i = 0; i < rec->nops; i++)
    for (uint32_t k = 0; k < rec->ops[i].nattrs; k++) owned[rec->ops[i].attrs + k] = true;
  for (size_t i = 0; i < rec->nattrs; i++)
    if (!owned[i] && rec->attrs[i].value.end > rec->attrs[i].value.start)
      check_value(catalog, text, rec->attrs[i].value, out);
  free(owned);
}
