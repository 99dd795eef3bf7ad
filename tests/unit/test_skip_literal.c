/*
** test_skip_literal.c: unit tests of ms_source_skip_literal (source.h), the
** one rule for strings and `//` comments of the passes that read a big text
** before it is parsed (cut.c, lastuse.c): fixed cases, and random texts
** against the byte-by-byte loop both passes used before.
*/
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

/* The loop cut.c and lastuse.c each had: the offset after the literal at
** i, clamped to end. */
static uint32_t reference(const char *text, uint32_t i, uint32_t end) {
  if (text[i] == '"') {
    for (i++; i < end && text[i] != '"' && text[i] != '\n'; i++)
      if (text[i] == '\\') i++;
  } else if (i + 1 < end && text[i + 1] == '/') {
    while (i + 1 < end && text[i + 1] != '\n') i++;
  }
  return i + 1 < end ? i + 1 : end;
}

static uint32_t skip(const char *s) { return ms_source_skip_literal(s, 0, (uint32_t)strlen(s)); }

Test(skip_literal, strings) {
  cr_expect_eq(skip("\"abc\" x"), 5);
  cr_expect_eq(skip("\"a\\\"b\" x"), 6);          /* an escaped quote does not close */
  cr_expect_eq(skip("\"ab\ncd\""), 4);            /* an unclosed string ends with its line, newline included */
  cr_expect_eq(skip("\"ab"), 3);                  /* or with the text */
  cr_expect_eq(skip("\"ab\\"), 4);                /* a backslash at the end: never past it */
  cr_expect_eq(skip("\"\""), 2);
}

Test(skip_literal, long_strings) {
  /* Past 32 bytes the search is by memchr: the same answers. */
  char s[200];
  memset(s, 'A', sizeof s);
  s[0] = '"';
  s[150] = '"';
  s[199] = '\0';
  cr_expect_eq(skip(s), 151);
  s[100] = '\n';
  cr_expect_eq(skip(s), 101);
  s[100] = '\\', s[101] = '"';                    /* an escaped quote far in */
  cr_expect_eq(skip(s), 151);
  s[32] = '\\';                                   /* an escape just at the boundary */
  s[33] = '"';
  cr_expect_eq(skip(s), 151);
}

Test(skip_literal, comments) {
  cr_expect_eq(skip("// a \"b\n%x"), 7);        /* up to the newline, not included */
  cr_expect_eq(skip("// to the end"), 13);
  cr_expect_eq(skip("/x"), 1);                   /* a lone slash is one byte */
  cr_expect_eq(skip("/"), 1);
}

Test(skip_literal, random_texts_match_the_byte_loop) {
  static const char alphabet[] = "\"\"\\\n/ab%(";
  srand(20);
  char text[400];
  for (int round = 0; round < 20000; round++) {
    uint32_t len = 1 + (uint32_t)(rand() % 120);
    /* Runs of one byte make long strings: the memchr path too. */
    for (uint32_t k = 0; k < len;) {
      char c = alphabet[rand() % (sizeof alphabet - 1)];
      uint32_t run = rand() % 4 == 0 ? 1 + (uint32_t)(rand() % 60) : 1;
      for (uint32_t r = 0; r < run && k < len; r++) text[k++] = strchr("\"\\\n/", c) ? c : 'a' + (char)(r % 3);
    }
    text[0] = rand() % 3 ? '"' : '/';
    for (uint32_t i = 0; i < len; i++) {
      if (text[i] != '"' && text[i] != '/') continue;
      cr_assert_eq(ms_source_skip_literal(text, i, len), reference(text, i, len), "round %d at %u", round, i);
    }
  }
}
