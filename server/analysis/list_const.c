/*
** list_const.c: frontend dialects' integer constants and lists of them
** (list_const.h), followed through the value table.
*/
#include "list_const.h"

#include <ctype.h>
#include <string.h>

#include "attr.h"

#define MAX_DEPTH 2

static bool ends_with(const char *text, ms_span s, const char *tail) {
  size_t n = strlen(tail), len = s.end - s.start;
  return len > n && !memcmp(text + s.end - n, tail, n) && text[s.end - n - 1] == '.';
}

/* The generic form's `value` attribute, or the first word after the name. */
static bool scalar_text(const ms_records *rec, const char *text, const ms_op *op, const char **s, size_t *n) {
  for (uint32_t a = 0; a < op->nattrs; a++) {
    const ms_attr *at = &rec->attrs[op->attrs + a];
    if (at->key.end - at->key.start == 5 && !memcmp(text + at->key.start, "value", 5) && at->value.end) {
      *s = text + at->value.start;
      *n = at->value.end - at->value.start;
      return true;
    }
  }
  const char *p = text + ms_op_name_token(op).end, *end = text + op->span.end;
  while (p < end && (*p == ' ' || *p == '\t')) p++;
  const char *q = p;
  while (q < end && (isalnum((unsigned char)*q) || *q == '-' || *q == '+' || *q == '_')) q++;
  *s = p;
  *n = (size_t)(q - p);
  return q > p;
}

static bool scalar(const ms_records *rec, const char *text, const ms_op *op, int64_t *out) {
  const char *s;
  size_t n;
  if (!scalar_text(rec, text, op, &s, &n)) return false;
  if ((n == 4 && !memcmp(s, "true", 4)) || (n == 5 && !memcmp(s, "false", 5))) {
    *out = n == 4;
    return true;
  }
  return ms_attr_parse_int(s, n, out, NULL, 0);
}

static bool follow(const ms_records *rec, const char *text, uint32_t v, int64_t *out, int max, int *n, int depth) {
  if (v == MS_NONE || v >= rec->nvalues || rec->values[v].op == MS_NONE) return false;
  const ms_op *op = &rec->ops[rec->values[v].op];
  if (ends_with(text, op->name, "constant.none") && op->noperands == 0) {
    *n = 0;
    return true;
  }
  if ((ends_with(text, op->name, "constant.int") || ends_with(text, op->name, "constant.bool")) && max >= 1 &&
      op->noperands == 0) {
    *n = 1;
    return scalar(rec, text, op, out);
  }
  if (!ends_with(text, op->name, "ListConstruct") || depth >= MAX_DEPTH || op->noperands > (uint32_t)max)
    return false;
  for (uint32_t i = 0; i < op->noperands; i++) {
    int k = 0;
    if (!follow(rec, text, ms_records_operand(rec, op, i)->value, out + i, 1, &k, depth + 1) || k != 1)
      return false;
  }
  *n = (int)op->noperands;
  return true;
}

bool ms_list_constant(const ms_records *rec, const char *text, uint32_t v, int64_t *out, int max, int *n) {
  return follow(rec, text, v, out, max, n, 0);
}
