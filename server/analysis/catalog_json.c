/*
** catalog_json.c: where things are in a rule file's JSON text (see
** catalog_internal.h). cJSON keeps no positions, so the catalog's errors
** find their place again with this tiny scanner: a value by its path of
** child indexes from the root, a line and column from an offset, a byte
** inside a string with escapes, and the two checks cJSON cannot place
** (not UTF-8 text, nested too deep). The text is valid JSON wherever a
** path is walked; nothing here allocates.
*/
#include "catalog_internal.h"
#include "utf8.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

size_t ms_json_scan_ws(const char *t, size_t len, size_t i) {
  while (i < len && is_ws(t[i])) i++;
  return i;
}

size_t ms_json_scan_string(const char *t, size_t len, size_t i) {
  for (i++; i < len && t[i] != '"'; i++)
    if (t[i] == '\\') i++;
  return i < len ? i + 1 : len;
}

size_t ms_json_scan_value(const char *t, size_t len, size_t i) {
  if (i >= len) return len;
  if (t[i] == '"') return ms_json_scan_string(t, len, i);
  if (t[i] != '{' && t[i] != '[') {
    while (i < len && !is_ws(t[i]) && t[i] != ',' && t[i] != ']' && t[i] != '}') i++;
    return i;
  }
  int depth = 0;
  while (i < len) {
    if (t[i] == '"') {
      i = ms_json_scan_string(t, len, i);
      continue;
    }
    if (t[i] == '{' || t[i] == '[') depth++;
    if ((t[i] == '}' || t[i] == ']') && --depth == 0) return i + 1;
    i++;
  }
  return len;
}

static size_t skip_bom(const char *t, size_t len) {
  return len >= 3 && memcmp(t, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* Offset of the value (or of its key, when at_key) at path in valid JSON. */
size_t ms_json_locate(const char *t, size_t len, const int *path, int depth, bool at_key) {
  size_t i = ms_json_scan_ws(t, len, skip_bom(t, len));
  for (int level = 0; level < depth && i < len; level++) {
    char open = t[i++];
    for (int k = 0; i < len; k++) {
      i = ms_json_scan_ws(t, len, i);
      size_t key = i;
      if (open == '{') {
        i = ms_json_scan_ws(t, len, ms_json_scan_string(t, len, i));
        i = ms_json_scan_ws(t, len, i + 1); /* ':' */
      }
      if (k == path[level]) {
        if (level == depth - 1 && at_key && open == '{') return key;
        break;
      }
      i = ms_json_scan_ws(t, len, ms_json_scan_value(t, len, i));
      i++; /* ',' */
    }
  }
  return i < len ? i : len;
}

/* Child indexes from root to target; false if target is not below root. */
bool ms_json_find_path(const cJSON *node, const cJSON *target, int *path, int *depth) {
  if (node == target) return true;
  if (*depth >= MS_JSON_MAX_PATH_DEPTH) return false;
  int k = 0;
  for (const cJSON *c = node->child; c; c = c->next, k++) {
    path[(*depth)++] = k;
    if (ms_json_find_path(c, target, path, depth)) return true;
    (*depth)--;
  }
  return false;
}

void ms_json_line_col(const char *t, size_t off, int *line, int *col) {
  *line = 1;
  *col = 1;
  for (size_t i = 0; i < off; i++) {
    if (t[i] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

/* The file offset of byte `at` of the decoded string whose quote is at
** `quote`: escapes are longer in the file than decoded (\u00e9 is six
** bytes for two), so the index is walked through the raw text, and never
** past the string's end. */
size_t ms_json_raw_offset(const char *t, size_t len, size_t quote, size_t at) {
  size_t i = quote + 1, end = ms_json_scan_string(t, len, quote);
  if (end > i) end--;  /* the closing quote */
  while (at > 0 && i < end) {
    if (t[i] != '\\') {
      i++, at--;
      continue;
    }
    if (i + 1 < end && t[i + 1] == 'u' && i + 6 <= end) {
      /* \uXXXX decodes to the UTF-8 bytes of its code point; a surrogate
      ** pair (12 bytes) to 4. */
      unsigned long v = strtoul((char[5]){t[i + 2], t[i + 3], t[i + 4], t[i + 5], 0}, NULL, 16);
      size_t n = v < 0x80 ? 1 : v < 0x800 ? 2 : 3;
      i += 6;
      if (v >= 0xD800 && v <= 0xDBFF && i + 6 <= end && t[i] == '\\' && t[i + 1] == 'u') i += 6, n = 4;
      at -= at < n ? at : n;
      continue;
    }
    i += 2, at--;
  }
  return i < len ? i : len;
}

/* The offset where text's arrays and objects nest deeper than cJSON
** parses (CJSON_NESTING_LIMIT), or len when they do not: cJSON would only
** say "invalid JSON" there. */
size_t ms_json_too_deep_at(const char *text, size_t len) {
  long depth = 0;
  bool in_string = false;
  for (size_t i = 0; i < len; i++) {
    char c = text[i];
    if (in_string) {
      if (c == '\\') i++;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > CJSON_NESTING_LIMIT) return i;
    } else if (c == ']' || c == '}') {
      depth--;
    }
  }
  return len;
}

/* Where text stops being UTF-8 text, or len: a NUL byte (other than
** trailing ones), a control character other than tab, newline and carriage
** return, or a byte that starts no UTF-8 sequence. A rule file is text:
** cJSON would read a string up to a NUL and accept control bytes, and
** positions inside such strings would not be those of the file. */
size_t ms_json_not_text_at(const char *text, size_t len, const char **why) {
  size_t end = len;
  while (end > 0 && text[end - 1] == '\0') end--;
  for (size_t i = 0; i < end;) {
    unsigned char c = (unsigned char)text[i];
    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
      *why = c == 0 ? "a NUL byte: a rule file is UTF-8 text" : "a control character: a rule file is UTF-8 text";
      return i;
    }
    size_t n = c < 0x80 ? 1 : ms_utf8_sequence(text + i, end - i);
    if (!n) {
      *why = "not UTF-8: a rule file is UTF-8 text";
      return i;
    }
    i += n;
  }
  return len;
}
