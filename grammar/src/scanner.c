/*
** scanner.c: the external scanner of the MLIR grammar (grammar.js).
**
** Three jobs that a context-free lexer cannot do:
**
**  1. Balanced tokens. Every type (`tensor<4x!quant.uniform<i8:f32, 0.1>>`),
**     every `<...>` attribute (`dense<"0x...">`, `#map`, `affine_map<...>`)
**     and every location `loc(fused[...])` is one token, however deeply its
**     brackets nest. One token instead of a subtree keeps the tree small and
**     the parse fast; the C analyzer reads shapes from the token text.
**     An unclosed one is scanned once, in linear time: its text up to where
**     it cannot go on (a mismatched closer, the end of input, a line that
**     defines results) is one token the grammar never accepts, and the parse
**     resumes after it (finish_unclosed).
**  2. The end of a custom-syntax op (_custom_end, zero width). A newline ends
**     it unless the next non-blank, non-comment line continues it (starts
**     with `:`, `->`, `{`, a keyword such as `ins` or `else`, ...). A closing
**     bracket or the end of input ends it too.
**  3. Inside a custom op, whether `{` opens a region (ops) or a dictionary
**     (`key = value`), decided by looking at what follows.
**  4. The dialect of a custom op's name (`arith` of `arith.addf`): the
**     grammar's lexer would read the whole dotted name as one bare_id.
**  5. Runs of types (TYPE_RUN): eight or more types in a function type's
**     list, `(i32, tensor<2xf32>, ...)`, as ONE token (scan_type_run): a
**     leaf and a repeat node per type cost ~190 bytes each (an op with
**     millions of operands). Readers split a run at its top-level commas
**     (ms_type_run_next in server/syntax/nodes.c).
**
** Stateless: nothing to serialize.
*/
#include <stdbool.h>
#include <string.h>

#include "tree_sitter/parser.h"

enum token_type {
  CUSTOM_END,
  REGION_OPEN,
  DICT_OPEN,
  LOCATION,
  TENSOR_TYPE,
  VECTOR_TYPE,
  MEMREF_TYPE,
  COMPLEX_TYPE,
  TUPLE_TYPE,
  SCALAR_TYPE,
  DIALECT_TYPE,
  DENSE_ATTRIBUTE,
  ARRAY_ATTRIBUTE,
  AFFINE_ATTRIBUTE,
  DIALECT_ATTRIBUTE,
  BUILTIN_ATTRIBUTE,
  ERROR_SENTINEL,
  DIALECT,
  TYPE_RUN
};

#define IDENT_MAX 32
#define RUNS_MAX 4096 /* alternations of bracket kinds inside one token; 20 KiB of stack */
#define SHORT_UNCLOSED 256 /* characters: finish_unclosed */

static void adv(TSLexer *l) { l->advance(l, false); }
static void skip(TSLexer *l) { l->advance(l, true); }
static bool at_eof(TSLexer *l) { return l->lookahead == 0 && l->eof(l); }

static bool is_ident_start(int32_t c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_ident_char(int32_t c) {
  return is_ident_start(c) || (c >= '0' && c <= '9') || c == '$' || c == '.';
}

static bool is_hspace(int32_t c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_space(int32_t c) { return is_hspace(c) || c == '\n'; }

/* Reads an identifier into buf (truncated, NUL-terminated); returns its full length. */
static unsigned read_ident(TSLexer *l, char *buf) {
  unsigned n = 0;
  while (is_ident_char(l->lookahead)) {
    if (n + 1 < IDENT_MAX) buf[n] = (char)l->lookahead;
    n++;
    adv(l);
  }
  buf[n + 1 < IDENT_MAX ? n : IDENT_MAX - 1] = 0;
  return n;
}

/* Consumes a string literal; the lexer is on the opening quote. Adds the
** characters consumed to *n when n is not NULL. */
static bool scan_string(TSLexer *l, uint32_t *n) {
  uint32_t k = 1;
  adv(l);
  while (!at_eof(l) && l->lookahead != '"') {
    if (l->lookahead == '\n') break;
    if (l->lookahead == '\\') adv(l), k++;
    if (!at_eof(l)) adv(l), k++;
  }
  if (n) *n += k;
  if (at_eof(l) || l->lookahead == '\n') return false;
  adv(l);
  return true;
}

static char closer_of(char open) {
  switch (open) {
    case '<': return '>';
    case '(': return ')';
    case '[': return ']';
    default: return '}';
  }
}

/* The open brackets of scan_balanced as runs of one kind: `tensor<` nested
** 80,000 deep is one run, so depth has no limit but the text's length (a
** limit made such a token fail, and error recovery scan it again from each
** position: quadratic). Only alternations (`<(<(`) take room. */
typedef struct runs {
  char kind[RUNS_MAX];
  uint32_t count[RUNS_MAX];
  int n;
} runs;

static bool runs_push(runs *r, char c) {
  if (r->n > 0 && r->kind[r->n - 1] == c) {
    r->count[r->n - 1]++;
    return true;
  }
  if (r->n == RUNS_MAX) return false;
  r->kind[r->n] = c;
  r->count[r->n++] = 1;
  return true;
}

static void runs_pop(runs *r) {
  if (--r->count[r->n - 1] == 0) r->n--;
}

static bool finish(TSLexer *l, enum token_type type) {
  l->mark_end(l);
  l->result_symbol = type;
  return true;
}

/* A body that cannot go on after n characters (scan_balanced marked where).
** Near its start (SHORT_UNCLOSED), outside error recovery, the scanner finds
** no token, as for any other text: the parser then reads `tensor` as a word
** and recovers with a MISSING type, and the statement after it parses whole.
** Otherwise the text up to that point is one token the grammar never accepts
** (ERROR_SENTINEL): a syntax error, and the parse resumes there. Finding no
** token there too would let the parser scan the same unclosed body again
** from each later opener, in quadratic time (`tensor<` repeated 16,000
** times took 10 s; 8,000 lines of `"a.b"() : () -> tensor<2x`, 11 s); this
** way each character is scanned a bounded number of times. */
static bool finish_unclosed(TSLexer *l, const bool *valid, uint32_t n) {
  if (!valid[ERROR_SENTINEL] && n <= SHORT_UNCLOSED) return false;
  l->result_symbol = ERROR_SENTINEL;
  return true;
}

/* Does an identifier that starts a line name an op? A dotted name, or an
** op written without its dialect (func's default dialect, transform's
** `yield`); any other word continues a statement (`ins`, `to`, ...). */
static bool is_op_word(const char *id) {
  if (strchr(id, '.')) return true;
  static const char *const ops[] = {"return", "module", "func", "call", "call_indirect", "yield",
                                    "unrealized_conversion_cast"};
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (!strcmp(id, ops[i])) return true;
  return false;
}

/* In a custom op's `<...>` (scan_balanced's `custom`), a line that starts
** an op ends the op: `"dialect.op"(`, `^bb1:`, `dialect.op`, `return`. */
static bool op_starts_line(TSLexer *l) {
  int32_t c = l->lookahead;
  if (c == '"' || c == '^') return true;
  if (!is_ident_start(c)) return false;
  char id[IDENT_MAX];
  read_ident(l, id);
  return is_op_word(id);
}

static bool results_follow(TSLexer *l);

/* Consumes a bracketed body: the lexer is on the opening '<', '(' or '['.
** `<` and `>` count only at angle level: inside () [] {} they are
** comparisons (affine_set) or nested type text (`!llvm.struct<(ptr<i8>)>`).
** `->` never closes. Returns false where the body cannot go on, with the
** lexer there (not consumed) and the end marked: a mismatched closer, the
** end of input, a string that does not close on its line, a line that
** defines an op's results (`%a, %b = ...`: no type or attribute holds SSA
** values, so a missing `>` does not swallow the ops after it; with `custom`,
** any line that starts an op), or more alternations of bracket kinds than
** RUNS_MAX. */
static bool scan_balanced(TSLexer *l, bool custom, uint32_t *n) {
  runs stack;
  stack.n = 0;
  for (;; ++*n) {
    if (at_eof(l)) break;
    int32_t c = l->lookahead;
    if (c == '"') {
      if (!scan_string(l, n)) break;
      continue;
    }
    if (c == '-') {
      adv(l);
      if (l->lookahead == '>') adv(l);
      continue;
    }
    if (c == '\n') {
      l->mark_end(l);
      adv(l);
      while (is_space(l->lookahead)) adv(l);
      /* results_follow consumes only `%`, name characters, `:`, digits,
      ** blanks and commas: none counts here, so the scan goes on after it. */
      if (l->lookahead == '%' && results_follow(l)) return false;
      if (custom && op_starts_line(l)) return false;
      continue;
    }
    char top = stack.n ? stack.kind[stack.n - 1] : 0;
    bool angle_level = top == 0 || top == '<';
    if (c == '(' || c == '[' || c == '{' || (c == '<' && angle_level)) {
      if (!runs_push(&stack, (char)c)) break;
      adv(l);
      continue;
    }
    if (c == ')' || c == ']' || c == '}' || (c == '>' && angle_level)) {
      if (!top || closer_of(top) != c) break;
      runs_pop(&stack);
      adv(l);
      if (stack.n == 0) return true;
      continue;
    }
    adv(l);
  }
  l->mark_end(l);
  return false;
}

/* A balanced token of type `type`, the lexer on its opening bracket. */
static bool balanced_token(TSLexer *l, const bool *valid, enum token_type type) {
  uint32_t n = 0;
  return scan_balanced(l, false, &n) ? finish(l, type) : finish_unclosed(l, valid, n);
}

/* `<...>` in custom syntax, whose dialect prefix the op elides. Where its
** body cannot go on (scan_balanced with `custom`: also at a line that starts
** an op), the text up to there is still one token: an op we do not know may
** take a lone `<` (`weird.op %a <<< x`), and is opaque either way. */
static bool custom_angle_token(TSLexer *l) {
  uint32_t n = 0;
  if (scan_balanced(l, true, &n)) return finish(l, DIALECT_ATTRIBUTE);
  l->result_symbol = DIALECT_ATTRIBUTE;
  return true;
}

static bool all_digits(const char *s) {
  if (!*s) return false;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return false;
  return true;
}

/* i32, si8, ui64, f16..f128, bf16, tf32, f8E4M3FN and kin, index, none. */
static bool is_scalar_type(const char *s, unsigned len) {
  if (len >= IDENT_MAX) return false;
  if (!strcmp(s, "index") || !strcmp(s, "none") || !strcmp(s, "bf16") || !strcmp(s, "tf32"))
    return true;
  const char *p = s;
  if ((p[0] == 's' || p[0] == 'u') && p[1] == 'i') p++;
  if (p[0] == 'i') return all_digits(p + 1);
  if (s[0] == 'f') {
    if (all_digits(s + 1)) return true;
    return s[1] >= '4' && s[1] <= '8' && s[2] == 'E';
  }
  return false;
}


static bool is_spaced_type(const char *id) {
  return !strcmp(id, "tensor") || !strcmp(id, "memref") || !strcmp(id, "vector") || !strcmp(id, "complex") ||
         !strcmp(id, "tuple");
}

/* An identifier has been read into `id`; the lexer is right after it. */
static bool scan_after_ident(TSLexer *l, const bool *valid, const char *id, unsigned len) {
  if (len >= IDENT_MAX) return false;
  int32_t c = l->lookahead;
  if (c == '(') {
    if (!strcmp(id, "loc") && valid[LOCATION]) return balanced_token(l, valid, LOCATION);
    return false;
  }
  if (c == '[') {
    if (strcmp(id, "distinct") || !valid[BUILTIN_ATTRIBUTE]) return false;
    uint32_t n = 0;
    if (!scan_balanced(l, false, &n)) return finish_unclosed(l, valid, n);
    if (l->lookahead != '<') return false;
    return balanced_token(l, valid, BUILTIN_ATTRIBUTE);
  }
  if (is_hspace(c) && is_spaced_type(id)) {
    /* `memref <4xf32>`: MLIR's lexer allows blanks before the `<`. */
    while (is_hspace(l->lookahead)) adv(l);
    if (l->lookahead != '<') return false;
    c = '<';
  }
  if (c != '<') {
    if (valid[SCALAR_TYPE] && is_scalar_type(id, len)) return finish(l, SCALAR_TYPE);
    return false;
  }
  static const struct { const char *name; enum token_type type; } kinds[] = {
    {"tensor", TENSOR_TYPE}, {"vector", VECTOR_TYPE}, {"memref", MEMREF_TYPE},
    {"complex", COMPLEX_TYPE}, {"tuple", TUPLE_TYPE},
    {"dense", DENSE_ATTRIBUTE}, {"dense_resource", DENSE_ATTRIBUTE}, {"sparse", DENSE_ATTRIBUTE},
    {"array", ARRAY_ATTRIBUTE}, {"affine_map", AFFINE_ATTRIBUTE}, {"affine_set", AFFINE_ATTRIBUTE},
    {"strided", BUILTIN_ATTRIBUTE}, {"opaque", BUILTIN_ATTRIBUTE},
  };
  for (unsigned i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    if (strcmp(id, kinds[i].name)) continue;
    if (!valid[kinds[i].type]) return false;
    return balanced_token(l, valid, kinds[i].type);
  }
  return false;
}

/* `!dialect.type<...>`, `!alias`, `#dialect.attr<...>`, `#alias`. */
static bool scan_sigil(TSLexer *l, const bool *valid, enum token_type type) {
  adv(l);
  if (!is_ident_char(l->lookahead) && l->lookahead != '-') return false;
  while (is_ident_char(l->lookahead) || l->lookahead == '-') adv(l);
  if (l->lookahead == '<') return balanced_token(l, valid, type);
  return finish(l, type);
}

/* Skips blanks, newlines and `//` comments with advance(false): used only
** for lookahead after mark_end, so nothing skipped here is lost. */
static void look_past_blanks(TSLexer *l) {
  for (;;) {
    while (is_space(l->lookahead)) adv(l);
    if (l->lookahead != '/') return;
    adv(l);
    if (l->lookahead != '/') return;
    while (!at_eof(l) && l->lookahead != '\n') adv(l);
  }
}

/* The lexer is on `%`: whether a list of result names `%a, %b:2` follows,
** then `=` (an op's results: a statement starts here). Otherwise the `%`
** is a use: `{%d0, %d1}` after a type (dynamic sizes), `%a, %b : T` on a
** continuation line. A list too long to be results is not one. */
static bool results_follow(TSLexer *l) {
  for (int n = 0; n < 256; n++) {
    if (l->lookahead != '%') return false;
    adv(l);
    if (!is_ident_char(l->lookahead) && l->lookahead != '-') return false;
    while (is_ident_char(l->lookahead) || l->lookahead == '-') adv(l);
    if (l->lookahead == ':') {
      adv(l);
      if (l->lookahead < '0' || l->lookahead > '9') return false;
      while (l->lookahead >= '0' && l->lookahead <= '9') adv(l);
    }
    while (is_space(l->lookahead)) adv(l);
    if (l->lookahead == '=') {
      adv(l);
      return l->lookahead != '=';
    }
    if (l->lookahead != ',') return false;
    adv(l);
    while (is_space(l->lookahead)) adv(l);
  }
  return false;
}

/* `{fastmath = #arith.fastmath<fast>} }` on one line, the lexer on its
** `{`: the attributes that end a short-form body (brace_is_region). */
static bool short_form_attrs(TSLexer *l) {
  for (int depth = 0;;) {
    int32_t c = l->lookahead;
    if (at_eof(l) || c == '\n') return false;
    if (c == '"') {
      if (!scan_string(l, NULL)) return false;
      continue;
    }
    adv(l);
    if (c == '{') depth++;
    if (c == '}' && --depth == 0) break;
  }
  while (is_hspace(l->lookahead)) adv(l);
  return l->lookahead == '}';
}

/* After `{` (consumed and marked): a region holds ops, a dictionary holds
** `key = value` entries, and the other braces of custom syntax hold tokens:
** `{%d0, %d1}` after a type (dynamic sizes), and the short form of
** linalg.map and linalg.reduce, `{ arith.addf }` on one line (optionally
** with attributes), which names the op of the body: not a region holding
** an op without operands. */
static bool brace_is_region(TSLexer *l) {
  while (is_hspace(l->lookahead)) adv(l);
  bool same_line = l->lookahead != '\n' && l->lookahead != '/';
  look_past_blanks(l);
  int32_t c = l->lookahead;
  if (c == '%') return results_follow(l);
  if (c == '}' || c == '^') return true;
  if (c == '"') {
    if (!scan_string(l, NULL)) return false;
    while (is_hspace(l->lookahead)) adv(l);
    return l->lookahead == '(';
  }
  if (!is_ident_start(c)) return false;
  bool dotted = false;
  while (is_ident_char(l->lookahead)) {
    dotted |= l->lookahead == '.';
    adv(l);
  }
  while (is_hspace(l->lookahead)) adv(l);
  c = l->lookahead;
  if (c == '=' || c == ',') return false;
  if (c == '}') return dotted && !same_line;
  if (c == '{' && dotted && same_line && short_form_attrs(l)) return false;
  return true;
}

static bool scan_brace(TSLexer *l, const bool *valid) {
  adv(l);
  l->mark_end(l);
  bool region = valid[REGION_OPEN] && (!valid[DICT_OPEN] || brace_is_region(l));
  l->result_symbol = region ? REGION_OPEN : DICT_OPEN;
  return true;
}

/* Any token that starts at the lexer's position (blanks already passed). */
static bool scan_token(TSLexer *l, const bool *valid, bool braces) {
  int32_t c = l->lookahead;
  if (c == '{' && braces) return scan_brace(l, valid);
  /* `<...>` in custom syntax (braces: not recovering): an attribute or type
  ** whose dialect prefix the op elides (`<kSUM>`, `: <memref<4xf32>>`,
  ** `= <workerGrid = ..., meshShape = , ...>`), one balanced token. */
  if (c == '<' && braces && valid[DIALECT_ATTRIBUTE] && valid[REGION_OPEN])
    return custom_angle_token(l);
  if (c == '!' && valid[DIALECT_TYPE]) return scan_sigil(l, valid, DIALECT_TYPE);
  if (c == '#' && valid[DIALECT_ATTRIBUTE]) return scan_sigil(l, valid, DIALECT_ATTRIBUTE);
  if (!is_ident_start(c)) return false;
  char id[IDENT_MAX];
  unsigned len = read_ident(l, id);
  return scan_after_ident(l, valid, id, len);
}

/* Does the line the lexer is on start a new statement? The lexer is past
** blanks and comments. On a continuation, an identifier that starts the line
** has been consumed into id (len > 0). */
static bool starts_statement(TSLexer *l, char *id, unsigned *len) {
  *len = 0;
  if (at_eof(l)) return true;
  int32_t c = l->lookahead;
  switch (c) {
    case '}': case ')': case ']': case '"': case '^': case '#': case '!': return true;
    case '%': return results_follow(l);
    default: break;
  }
  if (!is_ident_start(c)) return false;
  *len = read_ident(l, id);
  return is_op_word(id);
}

/* A custom op's rest: at a newline (or a comment) decide whether the
** statement ends. The caller has marked the end of the zero-width token. */
static bool scan_at_line_end(TSLexer *l, const bool *valid, bool braces) {
  look_past_blanks(l);
  char id[IDENT_MAX];
  unsigned len;
  if (starts_statement(l, id, &len)) {
    l->result_symbol = CUSTOM_END;
    return true;
  }
  /* A continuation line. Its first token must be read here, since the
  ** lexer cannot go back: it then includes the blank lines before it. */
  if (len > 0) return scan_after_ident(l, valid, id, len);
  return scan_token(l, valid, braces);
}

/* Where a custom op's name may start: `arith` of `arith.addf` (the lexer is
** on an identifier's first character). Not the pretty forms the grammar
** spells out (`func.func`, `func.return`, `builtin.module`), nor a name
** without a dot. */
static bool scan_dialect(TSLexer *l, const bool *valid) {
  char name[IDENT_MAX];
  unsigned n = 0, len = 0;
  while (is_ident_char(l->lookahead) && l->lookahead != '.') {
    if (n + 1 < IDENT_MAX) name[n++] = (char)l->lookahead;
    len++;
    adv(l);
  }
  name[n] = 0;
  /* Not an op name: any other token an identifier starts (`loc(...)`). */
  if (l->lookahead != '.') return scan_after_ident(l, valid, name, len);
  l->mark_end(l);
  adv(l);
  int32_t c = l->lookahead;
  if (!is_ident_char(c) || c == '.') return false;
  char rest[IDENT_MAX];
  read_ident(l, rest);
  if ((!strcmp(name, "func") && (!strcmp(rest, "func") || !strcmp(rest, "return"))) ||
      (!strcmp(name, "builtin") && !strcmp(rest, "module")))
    return false;
  l->result_symbol = DIALECT;
  return true;
}

#define TYPE_RUN_MIN 8 /* types: shorter lists stay one token per type */

/* One type of a run, consumed without marking: a scalar type, a builtin
** type with its `<...>` (no blank before it) or a `!dialect` type. */
static bool run_type(TSLexer *l) {
  int32_t c = l->lookahead;
  uint32_t n = 0;
  if (c == '!') {
    adv(l);
    if (!is_ident_char(l->lookahead) && l->lookahead != '-') return false;
    while (is_ident_char(l->lookahead) || l->lookahead == '-') adv(l);
    return l->lookahead != '<' || scan_balanced(l, false, &n);
  }
  if (!is_ident_start(c)) return false;
  char id[IDENT_MAX];
  unsigned len = read_ident(l, id);
  if (len >= IDENT_MAX) return false;
  if (l->lookahead != '<') return is_scalar_type(id, len);
  if (strcmp(id, "tensor") && strcmp(id, "vector") && strcmp(id, "memref") && strcmp(id, "complex") &&
      strcmp(id, "tuple"))
    return false;
  return scan_balanced(l, false, &n);
}

/* A type token has been finished (its end marked) where a TYPE_RUN may
** start: looks on for `, type` (blanks and newlines between, no comment);
** from the TYPE_RUN_MIN-th type on, the token is the run to the last type
** read. A shorter list leaves the first type's token as it was. */
static bool scan_type_run(TSLexer *l) {
  unsigned count = 1;
  for (;;) {
    while (is_space(l->lookahead)) adv(l);
    if (l->lookahead != ',') return true;
    adv(l);
    while (is_space(l->lookahead)) adv(l);
    if (!run_type(l)) return true;
    if (++count >= TYPE_RUN_MIN) {
      l->mark_end(l);
      l->result_symbol = TYPE_RUN;
    }
  }
}

static bool is_type_token(enum token_type t) { return t >= TENSOR_TYPE && t <= DIALECT_TYPE; }

bool tree_sitter_mlir_external_scanner_scan(void *payload, TSLexer *l, const bool *valid) {
  (void)payload;
  bool recovering = valid[ERROR_SENTINEL];
  bool boundary = valid[CUSTOM_END] && !recovering;
  bool braces = (valid[REGION_OPEN] || valid[DICT_OPEN]) && !recovering;
  if (!boundary) {
    while (is_space(l->lookahead)) skip(l);
    if (valid[DIALECT] && !recovering && is_ident_start(l->lookahead)) return scan_dialect(l, valid);
    if (!valid[TYPE_RUN] || recovering) return scan_token(l, valid, braces);
    if (!scan_token(l, valid, braces)) return false;
    return is_type_token(l->result_symbol) ? scan_type_run(l) : true;
  }
  while (is_hspace(l->lookahead)) skip(l);
  int32_t c = l->lookahead;
  if (at_eof(l) || c == '}' || c == ')' || c == ']') {
    l->result_symbol = CUSTOM_END;
    return true;
  }
  if (c == '\n' || c == '/') {
    l->mark_end(l);
    if (c == '/') {
      /* A trailing comment: the statement may go on after it. */
      adv(l);
      if (l->lookahead != '/') return false;
      while (!at_eof(l) && l->lookahead != '\n') adv(l);
    }
    return scan_at_line_end(l, valid, braces);
  }
  return scan_token(l, valid, braces);
}

void *tree_sitter_mlir_external_scanner_create(void) { return NULL; }
void tree_sitter_mlir_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_mlir_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_mlir_external_scanner_deserialize(void *payload, const char *buffer, unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}
