/*
** module_attrs.h: a pretty module's attributes judged by the dialect
** attribute kinds the catalog declares (rules/README.md, "attributes").
*/
#ifndef MS_MODULE_ATTRS_H
#define MS_MODULE_ATTRS_H

#include "catalog.h"
#include "diag.h"
#include "records.h"

/* Appends to out an error for each attribute of rec owned by no op (a
** module's `attributes {...}`) whose value is a declared kind whose body
** its form rejects. */
void ms_check_module_attrs(const ms_catalog *catalog, const ms_records *rec, const char *text,
                           ms_diag_list *out);

#endif
