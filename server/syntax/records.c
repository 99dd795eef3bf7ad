/*
** records.c: one walk of a unit -> op records + value table (records.h).
**
** The walk uses one TSTreeCursor (walk.h: no recursion, so nesting depth
** never reaches the stack; child lists of big regions are long and
** ts_node_child(i) is linear in i). For the same reason an op's children
** are read by a second cursor into arrays (kids_of), one per level of
** nesting the readers look into. Each op is read into a scratch record
** with fixed arrays (read_generic, read_custom, read_return), then its
** slices are appended to the pools. Scopes follow regions through ms_ssa,
** which maps a name to the value it was last defined as. Built records
** are shifted, appended and shrunk by records_move.c.
*/
#include "records.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "nodes.h"
#include "walk.h"

#define MAX_VALUES 256 /* per op; past it the op is read as unmatched (never judged on a prefix) */
#define MAX_ATTRS 48
/* A custom op's tokens: room for every op of up to MAX_VALUES operands
** written the longest way a layout reads (a header binding `%a = %x,`
** and its type `T,`: 6 tokens per operand), so such an op is never left
** untyped for its length alone (a pretty while of 64 to 256 operands). */
#define MAX_TOKS (8 * MAX_VALUES + 32)

/* ------------------------------------------------------------------ */
/* Reading one op                                                      */

/* A result group as written: `%x:2` is name `%x`, count 2 (each of its
** values keeps the name). */
typedef struct result_group {
  ms_span name;
  uint32_t count;
} result_group;

typedef struct scratch {
  ms_op op;
  int ngroups;
  result_group groups[MAX_VALUES];
  int noperands;
  ms_span operands[MAX_VALUES];
  int nin, nout;
  ms_span in_types[MAX_VALUES], out_types[MAX_VALUES];
  int nattrs;
  ms_attr attrs[MAX_ATTRS];
  int ntoks;
  ms_tok toks[MAX_TOKS];
  bool overflow; /* a list was longer than its array: the op is not judged */
  int nbind;                     /* a header `(%a = %x, ...)`: the names bound, %x the operands */
  ms_span bind[MAX_VALUES];
} scratch;

/* The children of one node, as kids_of read them. */
typedef struct kids {
  TSNode *items;
  size_t count, cap;
} kids;

/* The levels the readers look into: an op's children, a child's (a
** dictionary, a function type, a group), and a grandchild's (an entry). */
enum { L_OP, L_CHILD, L_GRANDCHILD, L_COUNT };

typedef struct builder {
  ms_records *rec;
  const char *text;
  uint32_t start, end;
  ms_ssa *ssa;
  TSTreeCursor cursor; /* kids_of's */
  TSTreeCursor op_cursor, type_cursor; /* read_generic's and read_function_type's walks */
  kids lv[L_COUNT];
  bool op_holds_ops;   /* the op visit_op read last may have ops inside */
  /* Pretty functions and modules open, wholly in [start, end): what is
  ** inside them is `scoped` (a piece of a cut body: their values are no
  ** part of the body's, though their parent op is the body's owner). */
  uint32_t scoped;
  /* The header bindings of the op visit_op read last (bindings_group):
  ** defined as the entry block arguments of its first region. */
  uint32_t bind_op;
  int nbind;
  ms_span bind[MAX_VALUES];
  uint32_t bind_operands;  /* the use of the first bound operand */
  /* Per depth of the walk: the node's kind, for a function its argument
  ** list (defined in its region), and the op whose regions are below. */
  struct frame {
    ms_node_kind kind;
    TSNode args;
    uint32_t op;      /* the op this node is, MS_NONE */
    uint32_t owner;   /* the innermost op around this node, MS_NONE */
    bool scope;       /* a pretty function or module wholly in the range (builder.scoped) */
  } *frames;
  size_t nframes;
} builder;

static ms_node_kind kind(TSNode n) { return ms_node_kind_of(n); }

static ms_span span_of(TSNode n) { return (ms_span){ts_node_start_byte(n), ts_node_end_byte(n)}; }

enum { KIDS_ALL, KIDS_NAMED, KIDS_NO_COMMAS };

/* The children of n (all, only the named ones, or all but commas) into
** level `level`'s array, which stays valid until the next kids_of at that
** level. A list's commas are half its children: readers that do not look
** at them leave them out (an op with a million operands). */
static const kids *kids_in(builder *b, TSNode n, int level, int which) {
  assert(level >= 0 && level < L_COUNT);
  kids *k = &b->lv[level];
  k->count = 0;
  ts_tree_cursor_reset(&b->cursor, n);
  if (ts_tree_cursor_goto_first_child(&b->cursor)) do {
      TSNode c = ts_tree_cursor_current_node(&b->cursor);
      bool keep = which == KIDS_ALL || (which == KIDS_NAMED ? ts_node_is_named(c) : kind(c) != MS_K_TOK_COMMA);
      if (keep) *MS_ARRAY_PUSH(k->items, k->count, k->cap) = c;
    } while (ts_tree_cursor_goto_next_sibling(&b->cursor));
  return k;
}

static const kids *kids_of(builder *b, TSNode n, int level, bool named) {
  return kids_in(b, n, level, named ? KIDS_NAMED : KIDS_ALL);
}

/* Type tokens read on a continuation line carry the blank lines before
** them (scanner.c): trim them off. */
static ms_span trim(const char *text, ms_span s) {
  while (s.start < s.end && (text[s.start] == ' ' || text[s.start] == '\n' || text[s.start] == '\t' ||
                             text[s.start] == '\r'))
    s.start++;
  return s;
}

static bool text_is(const char *text, ms_span s, const char *lit) {
  size_t n = strlen(lit);
  return s.end - s.start == n && !memcmp(text + s.start, lit, n);
}

static void add_attr(scratch *op, ms_span key, ms_span value) {
  if (op->nattrs < MAX_ATTRS) op->attrs[op->nattrs++] = (ms_attr){key, value};
  else op->overflow = true;
}

/* attribute_entry: key (= value nodes...). The value spans every node after `=`. */
static void read_attr_entry(builder *b, scratch *op, TSNode entry) {
  const kids *k = kids_of(b, entry, L_GRANDCHILD, false);
  if (k->count == 0) return;
  ms_span key = span_of(k->items[0]);
  ms_span value = {0, 0};
  if (k->count >= 3) value = (ms_span){ts_node_start_byte(k->items[2]), ts_node_end_byte(entry)};
  add_attr(op, key, value);
}

static void read_attr_dict(builder *b, scratch *op, TSNode dict) {
  const kids *k = kids_of(b, dict, L_CHILD, true);
  for (size_t i = 0; i < k->count; i++)
    if (kind(k->items[i]) == MS_K_ATTR_ENTRY) read_attr_entry(b, op, k->items[i]);
}

/* Inside a custom op's `{...}`: `key = value, ...` as a flat token run
** (the node starts at the first key: its `{` is not a child). */
static void read_custom_braces(builder *b, scratch *op, TSNode braces) {
  const kids *k = kids_of(b, braces, L_CHILD, false);
  const TSNode *c = k->items;
  size_t n = k->count;
  for (size_t i = 0; i + 2 < n; i++) {
    if (kind(c[i + 1]) != MS_K_TOK_EQUALS || !ts_node_is_named(c[i])) continue;
    size_t j = i + 2, last = j;
    while (j < n && kind(c[j]) != MS_K_TOK_COMMA && kind(c[j]) != MS_K_TOK_RBRACE) last = j++;
    add_attr(op, span_of(c[i]), (ms_span){ts_node_start_byte(c[i + 2]), ts_node_end_byte(c[last])});
    i = j;
  }
}

static void push_type(scratch *op, ms_span *types, int *n, ms_span s) {
  if (*n < MAX_VALUES) types[(*n)++] = s;
  else op->overflow = true;
}

/* function_type: types before `->` are inputs, after it results. */
static void read_function_type(builder *b, scratch *op, TSNode ft) {
  bool after = false;
  /* Walked, not gathered: a million types would be 32 MB of nodes. */
  TSTreeCursor *cur = &b->type_cursor;
  ts_tree_cursor_reset(cur, ft);
  if (ts_tree_cursor_goto_first_child(cur)) do {
    TSNode c = ts_tree_cursor_current_node(cur);
    if (kind(c) == MS_K_TOK_ARROW) after = true;
    if (!ts_node_is_named(c)) continue;
    ms_node_kind k = kind(c);
    if (k == MS_K_TYPE_RUN) {
      /* Eight or more types, one token: each as its own token would be. */
      uint32_t at = ts_node_start_byte(c), end = ts_node_end_byte(c), s, e;
      while (ms_type_run_next(b->text, &at, end, &s, &e))
        push_type(op, after ? op->out_types : op->in_types, after ? &op->nout : &op->nin, (ms_span){s, e});
      continue;
    }
    if (k != MS_K_TYPE && k != MS_K_FUNCTION_TYPE && k != MS_K_PARENS) continue;
    if (k == MS_K_PARENS) {
      /* function_type_custom: (T, T) -> T */
      const kids *g = kids_of(b, c, L_GRANDCHILD, true);
      for (size_t j = 0; j < g->count; j++) {
        TSNode t = g->items[j];
        if (kind(t) == MS_K_TYPE)
          push_type(op, after ? op->out_types : op->in_types, after ? &op->nout : &op->nin, trim(b->text, span_of(t)));
      }
      continue;
    }
    push_type(op, after ? op->out_types : op->in_types, after ? &op->nout : &op->nin, trim(b->text, span_of(c)));
  } while (ts_tree_cursor_goto_next_sibling(cur));
}

static void read_results(builder *b, scratch *op, TSNode list) {
  const char *text = b->text;
  const kids *k = kids_of(b, list, L_CHILD, true);
  for (size_t i = 0; i < k->count; i++) {
    if (op->ngroups == MAX_VALUES) {
      op->overflow = true;
      break;
    }
    ms_span s = span_of(k->items[i]);
    long count = 1;
    const char *colon = memchr(text + s.start, ':', s.end - s.start);
    if (colon) {
      count = strtol(colon + 1, NULL, 10);
      if (count < 0 || count > MAX_VALUES) {
        count = 0;
        op->overflow = true;
      }
      s.end = (uint32_t)(colon - text);
    }
    op->groups[op->ngroups++] = (result_group){s, (uint32_t)count};
  }
}

static int result_total(const scratch *op) {
  int t = 0;
  for (int i = 0; i < op->ngroups; i++) t += (int)op->groups[i].count;
  return t;
}

static bool is_constant_name(const char *text, ms_span name) {
  const char *dot = memchr(text + name.start, '.', name.end - name.start);
  if (!dot) return false;
  ms_span tail = {(uint32_t)(dot + 1 - text), name.end};
  return text_is(text, tail, "constant") || text_is(text, tail, "Constant") || text_is(text, tail, "const") ||
         text_is(text, tail, "const_shape") || text_is(text, tail, "Const") || text_is(text, tail, "pseudo_const");
}

static void add_operand(scratch *op, TSNode v) {
  if (op->noperands < MAX_VALUES) op->operands[op->noperands++] = span_of(v);
  else op->overflow = true;
}

/* Each operand of a value_run token (`%a, %b#1`), as add_operand. */
static void add_operand_run(const builder *b, scratch *op, TSNode run) {
  uint32_t at = ts_node_start_byte(run), end = ts_node_end_byte(run), s, e;
  while (ms_value_run_next(b->text, &at, end, &s, &e)) {
    if (op->noperands >= MAX_VALUES) {
      op->overflow = true;
      return;
    }
    op->operands[op->noperands++] = (ms_span){s, e};
  }
}

/* A constant's `value` or `values` attribute. */
static void constant_attr(const builder *b, scratch *op) {
  for (int i = 0; i < op->nattrs; i++)
    if (text_is(b->text, op->attrs[i].key, "value") || text_is(b->text, op->attrs[i].key, "values"))
      op->op.constant = op->attrs[i].value;
}

/* Whether a child of an op may hold ops: a region, or a group or error
** that may wrap one. */
static bool may_hold_ops(ms_node_kind k) {
  switch (k) {
    case MS_K_REGION:
    case MS_K_REGION_LIST:
    case MS_K_BLOCK:
    case MS_K_PARENS:
    case MS_K_BRACKETS:
    case MS_K_ERROR:
    case MS_K_GENERIC:
    case MS_K_CUSTOM:
    case MS_K_FUNC:
    case MS_K_RETURN:
    case MS_K_MODULE:
    case MS_K_SOURCE: return true;
    default: return false;
  }
}

/* Walks the op's children (gathering them would cost 32 bytes per operand:
** an op with a million operands); sets op_holds_ops as it goes. */
static void read_generic(builder *b, TSNode node, scratch *op) {
  TSTreeCursor *cur = &b->op_cursor;
  ts_tree_cursor_reset(cur, node);
  b->op_holds_ops = false;
  if (ts_tree_cursor_goto_first_child(cur)) do {
    TSNode c = ts_tree_cursor_current_node(cur);
    b->op_holds_ops = b->op_holds_ops || may_hold_ops(kind(c));
    switch (kind(c)) {
      case MS_K_RESULT_LIST: read_results(b, op, c); break;
      case MS_K_OP_NAME:
        op->op.name = (ms_span){ts_node_start_byte(c) + 1, ts_node_end_byte(c) - 1};
        op->op.quoted = true;
        break;
      case MS_K_VALUE_USE: add_operand(op, c); break;
      case MS_K_VALUE_RUN: add_operand_run(b, op, c); break;
      case MS_K_PROPERTIES:
      case MS_K_ATTR_DICT: read_attr_dict(b, op, c); break;
      case MS_K_FUNCTION_TYPE: read_function_type(b, op, c); break;
      default: break;
    }
  } while (ts_tree_cursor_goto_next_sibling(cur));
  op->op.types_known = op->nin == op->noperands;
  if (is_constant_name(b->text, op->op.name)) constant_attr(b, op);
}

static void push_tok(scratch *op, ms_span s, ms_tok_kind k, int depth) {
  if (op->ntoks < MAX_TOKS) op->toks[op->ntoks++] = (ms_tok){s, (uint8_t)k, (uint8_t)depth};
}

static ms_tok_kind tok_kind(const builder *b, TSNode c) {
  (void)b;
  switch (kind(c)) {
    case MS_K_TOK_COLON: return MS_TOK_COLON;
    case MS_K_TOK_COMMA: return MS_TOK_COMMA;
    case MS_K_TOK_ARROW: return MS_TOK_ARROW;
    case MS_K_TOK_EQUALS: return MS_TOK_EQUALS;
    case MS_K_VALUE_USE: return MS_TOK_VALUE;
    case MS_K_TYPE: return MS_TOK_TYPE;
    case MS_K_FUNCTION_TYPE_CUSTOM: return MS_TOK_FUNCTION_TYPE;
    default: return ts_node_is_named(c) && !strcmp(ts_node_type(c), "bare_id") ? MS_TOK_WORD : MS_TOK_OTHER;
  }
}

/* The tokens of a custom op after its name (layout.h reads them); groups
** in parentheses and brackets one level deep, attribute braces, regions
** and locations left out. */
static void read_tokens(builder *b, TSNode node, scratch *op) {
  const kids *k = kids_of(b, node, L_OP, false);
  bool named = false;
  for (size_t i = 0; i < k->count; i++) {
    TSNode c = k->items[i];
    ms_node_kind k = kind(c);
    if (k == MS_K_OP_NAME) {
      named = true;
      continue;
    }
    if (!named || k == MS_K_BRACES || k == MS_K_REGION || k == MS_K_REGION_LIST || k == MS_K_LOCATION) continue;
    if (k != MS_K_PARENS && k != MS_K_BRACKETS) {
      ms_tok_kind t = tok_kind(b, c);
      push_tok(op, t == MS_TOK_TYPE ? trim(b->text, span_of(c)) : span_of(c), t, 0);
      continue;
    }
    push_tok(op, span_of(c), k == MS_K_PARENS ? MS_TOK_LPAREN : MS_TOK_LBRACKET, 0);
    const kids *inner = kids_of(b, c, L_CHILD, false);
    for (size_t j = 1; j + 1 < inner->count; j++) {
      TSNode g = inner->items[j];
      ms_tok_kind t = tok_kind(b, g);
      push_tok(op, t == MS_TOK_TYPE ? trim(b->text, span_of(g)) : span_of(g), t, 1);
    }
    push_tok(op, span_of(c), MS_TOK_CLOSE, 0);
  }
  if (op->ntoks == MAX_TOKS) op->ntoks = 0; /* too long to keep: none (layout.h then reads nothing) */
}

/* Whether child i of a custom op is a group whose values are operands:
** parentheses right after the name, after a word (`ins(`, `outs(`), or
** brackets after a value (`%v[%i]`) or after such brackets
** (`vector.gather %b[%i, %j] [%v]`, `tensor.extract_slice %t[%o] [%s] [1]`:
** every group's values are operands, in text order). */
static bool operand_group(const kids *k, size_t i, const scratch *op) {
  if (i <= 2 + (size_t)(op->ngroups > 0)) return true;
  TSNode prev = k->items[i - 1];
  if (kind(k->items[i]) == MS_K_BRACKETS)
    return kind(prev) == MS_K_VALUE_USE || (kind(prev) == MS_K_BRACKETS && operand_group(k, i - 1, op));
  return ts_node_is_named(prev) && !strcmp(ts_node_type(prev), "bare_id");
}

/* The last node of a pretty `key = value` whose value starts at node i:
** the value runs on over `x`, `->` and bracketed groups (`[0] x [1]`,
** `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`) up to a comma, a colon,
** braces, a region, a value, a location or the next `key =`. */
static size_t pretty_value_end(const kids *k, size_t i) {
  size_t last = i;
  if (kind(k->items[i]) != MS_K_BRACKETS) return last;
  for (size_t j = i + 1; j < k->count; j++) {
    TSNode c = k->items[j];
    ms_node_kind kc = kind(c);
    bool word = ts_node_is_named(c) && !strcmp(ts_node_type(c), "bare_id");
    bool joiner = kc == MS_K_TOK_ARROW || (!ts_node_is_named(c) && !strcmp(ts_node_type(c), "->"));
    if (kc == MS_K_BRACKETS && j == last + 1 && last != i) {
      last = j;
      continue;
    }
    if ((word || joiner) && j + 1 < k->count && kind(k->items[j + 1]) == MS_K_BRACKETS && j == last + 1) {
      last = j;
      continue;
    }
    break;
  }
  return last;
}

/* A header of bindings `(%a = %x, %b = %y)` right after the name or after
** a value (`tosa.while_loop (%a = %x)`, `tosa.cond_if %c (%a = %x)`,
** `scf.while (%a = %x)`): every item a pair. Each %x is an operand; each
** %a names an entry block argument of the op's first region (define_
** bindings), not a use. */
static bool bindings_group(builder *b, const kids *k, size_t i, const scratch *op) {
  if (kind(k->items[i]) != MS_K_PARENS) return false;
  if (!(i <= 2 + (size_t)(op->ngroups > 0) || kind(k->items[i - 1]) == MS_K_VALUE_USE)) return false;
  /* most groups are no header: `(` then a value then `=`, checked first */
  TSNode g1 = ts_node_child(k->items[i], 1), g2 = ts_node_child(k->items[i], 2);
  if (ts_node_is_null(g1) || ts_node_is_null(g2) || kind(g1) != MS_K_VALUE_USE || kind(g2) != MS_K_TOK_EQUALS)
    return false;
  const kids *g = kids_of(b, k->items[i], L_CHILD, false);
  size_t n = g->count;
  if (n < 5) return false; /* ( %a = %x ) */
  for (size_t j = 1; j + 1 < n; j += 4) {
    if (j + 3 >= n || kind(g->items[j]) != MS_K_VALUE_USE || kind(g->items[j + 1]) != MS_K_TOK_EQUALS ||
        kind(g->items[j + 2]) != MS_K_VALUE_USE)
      return false;
    if (j + 3 != n - 1 && kind(g->items[j + 3]) != MS_K_TOK_COMMA) return false;
  }
  return true;
}

static void read_bindings(builder *b, scratch *op, TSNode group) {
  const kids *g = kids_of(b, group, L_CHILD, false);
  for (size_t j = 1; j + 2 < g->count; j += 4) {
    if (op->nbind < MAX_VALUES) op->bind[op->nbind++] = span_of(g->items[j]);
    add_operand(op, g->items[j + 2]);
  }
}

/* `key = value` inside an operand group (`chlo.top_k(%a, k = 8)`): an
** attribute, the value one node. */
static void read_group_attrs(builder *b, scratch *op, TSNode group) {
  const kids *g = kids_of(b, group, L_CHILD, false);
  for (size_t j = 0; j + 2 < g->count; j++) {
    TSNode c = g->items[j];
    if (kind(g->items[j + 1]) == MS_K_TOK_EQUALS && ts_node_is_named(c) && !strcmp(ts_node_type(c), "bare_id"))
      add_attr(op, span_of(c), span_of(g->items[j + 2]));
  }
}

/* A custom op: operands are the value uses of its rest before the type
** annotation; types come from a trailing functional type, from a type list
** `: A, B, C -> R` with one type per operand (torch-mlir), or from a plain
** type list that then types the results of an operand-less op (constants). */
static void read_custom(builder *b, TSNode node, scratch *op) {
  const kids *k = kids_of(b, node, L_OP, false);
  size_t n = k->count;
  bool after_colon = false;
  int plain_types = 0, arrow = -1; /* arrow: plain types before a top-level `->` */
  ms_span plain[MAX_VALUES];
  for (size_t i = 0; i < n; i++) {
    TSNode c = k->items[i];
    if (kind(c) == MS_K_TOK_COLON) {
      after_colon = true;
      plain_types = 0;
      arrow = -1;
      continue;
    }
    if (after_colon && !ts_node_is_named(c) && !strcmp(ts_node_type(c), "->")) arrow = plain_types;
    switch (kind(c)) {
      case MS_K_RESULT_LIST: read_results(b, op, c); break;
      case MS_K_OP_NAME: op->op.name = span_of(c); break;
      case MS_K_VALUE_USE:
        if (!after_colon) add_operand(op, c);
        break;
      case MS_K_PARENS:
      case MS_K_BRACKETS:
        /* `op(%a, %b)`, `ins(%a : T) outs(%b : T)`, `%v[%i, %j]`: the
        ** values of such a group before the type annotation are operands
        ** (not those of `reduce(%a init: %b), (%c init: %d)`'s second
        ** group, which its functional type lists in another order). */
        if (!after_colon && bindings_group(b, k, i, op)) {
          read_bindings(b, op, c);
        } else if (!after_colon && operand_group(k, i, op)) {
          const kids *g = kids_of(b, c, L_CHILD, true);
          for (size_t j = 0; j < g->count; j++)
            if (kind(g->items[j]) == MS_K_VALUE_USE) add_operand(op, g->items[j]);
          if (kind(c) == MS_K_PARENS) read_group_attrs(b, op, c);
        }
        break;
      case MS_K_BRACES: read_custom_braces(b, op, c); break;
      case MS_K_OTHER:
        /* The pretty form's `key = value` at the top level (`dims = [1, 0]`,
        ** `across dimensions = [1]`). */
        if (!after_colon && i + 2 < n && kind(k->items[i + 1]) == MS_K_TOK_EQUALS &&
            !strcmp(ts_node_type(c), "bare_id"))
          add_attr(op, span_of(c), (ms_span){ts_node_start_byte(k->items[i + 2]),
                                             ts_node_end_byte(k->items[pretty_value_end(k, i + 2)])});
        break;
      case MS_K_FUNCTION_TYPE_CUSTOM:
        op->nin = op->nout = 0;
        read_function_type(b, op, c);
        op->op.types_known = op->nin == op->noperands;
        break;
      case MS_K_TYPE:
        if (after_colon && plain_types < MAX_VALUES) plain[plain_types++] = trim(b->text, span_of(c));
        else if (after_colon) op->overflow = true;
        break;
      case MS_K_DENSE:
        if (!op->op.constant.end) op->op.constant = span_of(c);
        break;
      default: break;
    }
  }
  read_tokens(b, node, op);
  if (op->op.constant.end && plain_types == 1) op->op.constant.end = plain[0].end;
  if (!op->op.constant.end && is_constant_name(b->text, op->op.name)) constant_attr(b, op);
  /* `: A, B, C -> R` (torch-mlir): the operand types, then the results'. */
  if (!op->nout && !op->nin && arrow >= 0 && arrow == op->noperands) {
    for (int i = 0; i < plain_types; i++)
      push_type(op, i < arrow ? op->in_types : op->out_types, i < arrow ? &op->nin : &op->nout, plain[i]);
    op->op.types_known = true;
    return;
  }
  if (!op->nout && op->noperands == 0 && plain_types == result_total(op))
    for (int i = 0; i < plain_types; i++) op->out_types[op->nout++] = plain[i];
}

/* return v, w : T, U */
static void read_return(builder *b, TSNode node, scratch *op) {
  const kids *k = kids_of(b, node, L_OP, false);
  for (size_t i = 0; i < k->count; i++) {
    TSNode c = k->items[i];
    if (i == 0) op->op.name = span_of(c);
    ms_node_kind k = kind(c);
    if (k == MS_K_VALUE_USE) add_operand(op, c);
    if (k == MS_K_TYPE) push_type(op, op->in_types, &op->nin, trim(b->text, span_of(c)));
  }
  op->op.types_known = op->nin == op->noperands;
}

/* ------------------------------------------------------------------ */
/* Appending to the pools                                             */

static uint32_t append_spans(ms_records *r, const ms_span *s, int n) {
  uint32_t first = (uint32_t)r->ntypes;
  for (int i = 0; i < n; i++) *MS_ARRAY_PUSH(r->types, r->ntypes, r->cap_types) = s[i];
  return first;
}

static uint32_t add_use(builder *b, ms_span s, uint32_t op, int32_t operand) {
  const ms_ssa_def *d = ms_ssa_lookup(b->ssa, s);
  ms_use *u = MS_ARRAY_PUSH(b->rec->uses, b->rec->nuses, b->rec->cap_uses);
  *u = (ms_use){s, d ? d->value : MS_NONE, op, operand};
  return (uint32_t)(b->rec->nuses - 1);
}

static uint32_t add_value(builder *b, ms_span def, int index, ms_span type, uint32_t op, uint32_t owner,
                          uint32_t result) {
  ms_records *r = b->rec;
  uint32_t id = (uint32_t)r->nvalues;
  *MS_ARRAY_PUSH(r->values, r->nvalues, r->cap_values) = (ms_value){def, index, type, op, owner, result, b->scoped > 0};
  ms_ssa_def d = {def, type, ms_records_value_constant(r, id), id};
  ms_ssa_define(b->ssa, def, index, &d);
  return id;
}

static void define_results(builder *b, const scratch *s, uint32_t id) {
  ms_op *op = &b->rec->ops[id];
  op->results = (uint32_t)b->rec->nvalues;
  uint32_t r = 0;
  for (int i = 0; i < s->ngroups; i++) {
    uint32_t count = s->groups[i].count;
    for (uint32_t j = 0; j < count; j++, r++) {
      ms_span type = r < (uint32_t)s->nout ? s->out_types[r] : (ms_span){0, 0};
      add_value(b, s->groups[i].name, count > 1 ? (int)j : -1, type, id, MS_NONE, r);
    }
  }
  b->rec->ops[id].nresults = r;
  (void)op;
}

/* Every value use of a custom op outside the operands read above (in its
** parentheses, brackets and braces, e.g. scf.for's bounds): recorded so
** that references and renames see them. */
typedef struct extra_uses {
  builder *b;
  uint32_t op;
  const scratch *s;              /* its header bindings are no uses */
} extra_uses;

static bool is_operand_span(const builder *b, const ms_op *op, ms_span s) {
  for (uint32_t i = 0; i < op->noperands; i++) {
    ms_span u = b->rec->uses[op->operands + i].span;
    if (u.start == s.start && u.end == s.end) return true;
  }
  return false;
}

static bool enter_extra(void *ctx, TSNode n, uint32_t depth) {
  extra_uses *x = ctx;
  if (depth == 0) return true;
  ms_node_kind k = kind(n);
  if (k == MS_K_VALUE_USE) {
    ms_span s = span_of(n);
    for (int i = 0; i < x->s->nbind; i++)
      if (x->s->bind[i].start == s.start) return false;
    if (!is_operand_span(x->b, &x->b->rec->ops[x->op], s)) add_use(x->b, s, x->op, -1);
    return false;
  }
  if (k == MS_K_PARENS || k == MS_K_BRACKETS || k == MS_K_BRACES || k == MS_K_FUNCTION_TYPE_CUSTOM) return true;
  const char *type = ts_node_type(n);
  return strcmp(type, "successor_list") == 0 || strcmp(type, "successor") == 0;
}

/* The innermost op around the node at depth: inherited frame to frame, so
** that deep nesting costs nothing per op. */
static uint32_t parent_op(const builder *b, uint32_t depth) { return b->frames[depth].owner; }

/* Whether an op's children (as read into L_OP) may hold ops: regions, or
** groups and errors that may wrap them. Most ops hold none, and walking
** their children again would cost as much as reading them did. */
static bool holds_ops(const kids *k) {
  for (size_t i = 0; i < k->count; i++)
    if (may_hold_ops(kind(k->items[i]))) return true;
  return false;
}

/* Reads one op into the pools and defines its results; its regions come
** next in the walk (when op_holds_ops says it has any). */
static uint32_t visit_op(builder *b, TSNode node, ms_node_kind k, uint32_t depth) {
  static __thread scratch s;
  /* Only the counts: every list is written before it is read, up to its
  ** count (clearing the whole 15 KB was an eighth of a giant dump's work). */
  memset(&s.op, 0, sizeof s.op);
  s.ngroups = s.noperands = s.nin = s.nout = s.nattrs = s.ntoks = s.nbind = 0;
  s.overflow = false;
  s.op.span = span_of(node);
  s.op.kind = k == MS_K_GENERIC ? MS_OP_GENERIC : k == MS_K_CUSTOM ? MS_OP_CUSTOM : MS_OP_RETURN;
  if (k == MS_K_GENERIC) read_generic(b, node, &s);
  else if (k == MS_K_CUSTOM) read_custom(b, node, &s);
  else read_return(b, node, &s);
  if (s.overflow) s.op.unmatched = true; /* judged on what was read, it would be judged on a prefix */
  if (k != MS_K_GENERIC) b->op_holds_ops = holds_ops(&b->lv[L_OP]);
  ms_records *r = b->rec;
  uint32_t id = (uint32_t)r->nops;
  ms_op *op = MS_ARRAY_PUSH(r->ops, r->nops, r->cap_ops);
  *op = s.op;
  op->parent = parent_op(b, depth);
  op->scoped = b->scoped > 0;
  op->in_types = append_spans(r, s.in_types, s.nin);
  op->nin = (uint32_t)s.nin;
  op->out_types = append_spans(r, s.out_types, s.nout);
  op->nout = (uint32_t)s.nout;
  op->attrs = (uint32_t)r->nattrs;
  for (int i = 0; i < s.nattrs; i++) *MS_ARRAY_PUSH(r->attrs, r->nattrs, r->cap_attrs) = s.attrs[i];
  op->nattrs = (uint32_t)s.nattrs;
  op->toks = (uint32_t)r->ntoks;
  for (int i = 0; i < s.ntoks; i++) *MS_ARRAY_PUSH(r->toks, r->ntoks, r->cap_toks) = s.toks[i];
  op->ntoks = (uint32_t)s.ntoks;
  op->operands = (uint32_t)r->nuses;
  for (int i = 0; i < s.noperands; i++) add_use(b, s.operands[i], id, i);
  r->ops[id].noperands = (uint32_t)s.noperands;
  b->bind_op = s.nbind ? id : MS_NONE;
  b->nbind = s.nbind;
  memcpy(b->bind, s.bind, (size_t)s.nbind * sizeof *s.bind);
  b->bind_operands = op->operands + (uint32_t)(s.noperands - s.nbind);
  if (k == MS_K_CUSTOM) {
    extra_uses x = {b, id, &s};
    ms_walk_visitor v = {enter_extra, NULL};
    ms_walk(node, &v, &x);
  }
  if (k != MS_K_RETURN) define_results(b, &s, id);
  else r->ops[id].results = (uint32_t)r->nvalues;
  return id;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */

static bool in_range(const builder *b, TSNode n) {
  uint32_t s = ts_node_start_byte(n);
  return s >= b->start && s < b->end;
}

static bool overlaps(const builder *b, TSNode n) {
  return ts_node_end_byte(n) > b->start && ts_node_start_byte(n) < b->end;
}

/* Block and function arguments: `%arg0: T` defines %arg0. */
static void define_argument(builder *b, TSNode arg, uint32_t owner, uint32_t number) {
  TSNode name = ts_node_named_child(arg, 0);
  if (ts_node_is_null(name) || kind(name) != MS_K_VALUE_USE) return;
  ms_span type = {0, 0};
  TSNode t = ts_node_named_child(arg, 1);
  if (!ts_node_is_null(t) && kind(t) == MS_K_TYPE) type = trim(b->text, span_of(t));
  add_value(b, span_of(name), -1, type, MS_NONE, owner, number);
}

static void define_arguments(builder *b, TSNode list, uint32_t owner) {
  const kids *k = kids_of(b, list, L_OP, true);
  uint32_t number = 0;
  for (size_t i = 0; i < k->count; i++)
    if (kind(k->items[i]) == MS_K_BLOCK_ARG) define_argument(b, k->items[i], owner, number++);
}

static struct frame *frame_at(builder *b, uint32_t depth) {
  if (depth >= b->nframes) {
    b->nframes = depth + 64;
    b->frames = ms_xrealloc(b->frames, b->nframes * sizeof *b->frames);
  }
  return &b->frames[depth];
}

/* The header bindings of the op owning `region` (bindings_group): its
** entry block arguments, typed like the operands bound to them (the op's
** syntax, layout.h, types them as written), unless the region's entry
** block has a label of its own (`tosa.cond_if`'s regions each declare
** theirs: the header only names the operands). */
static void define_bindings(builder *b, TSNode region, uint32_t owner) {
  if (b->bind_op == MS_NONE || owner != b->bind_op) return;
  b->bind_op = MS_NONE;
  const kids *k = kids_of(b, region, L_CHILD, true);
  size_t first = 0; /* past comments before a label */
  while (first < k->count && !strcmp(ts_node_type(k->items[first]), "comment")) first++;
  if (first < k->count && kind(k->items[first]) == MS_K_BLOCK) return;
  for (int i = 0; i < b->nbind; i++) {
    uint32_t v = b->rec->uses[b->bind_operands + (uint32_t)i].value;
    ms_span type = v != MS_NONE ? b->rec->values[v].type : (ms_span){0, 0};
    add_value(b, b->bind[i], -1, type, MS_NONE, owner, (uint32_t)i);
  }
}

/* A pretty module's `attributes {...}`, wholly in the range and without
** a syntax error inside: its entries go to the attribute pool owned by no
** op (records.h), for the dialect attribute kinds the catalog declares. */
static void read_module_attrs(builder *b, TSNode module) {
  const kids *k = kids_of(b, module, L_CHILD, true);
  TSNode dict = {0};
  for (size_t i = 0; i < k->count; i++)
    if (kind(k->items[i]) == MS_K_ATTR_DICT) dict = k->items[i];
  if (ts_node_is_null(dict) || !in_range(b, dict) || ts_node_has_error(dict)) return;
  const kids *d = kids_of(b, dict, L_CHILD, true);
  for (size_t i = 0; i < d->count; i++) {
    if (kind(d->items[i]) != MS_K_ATTR_ENTRY) continue;
    const kids *e = kids_of(b, d->items[i], L_GRANDCHILD, false);
    if (e->count < 3) continue;
    ms_attr a = {span_of(e->items[0]), {ts_node_start_byte(e->items[2]), ts_node_end_byte(d->items[i])}};
    *MS_ARRAY_PUSH(b->rec->attrs, b->rec->nattrs, b->rec->cap_attrs) = a;
  }
}

/* A function's children: its arguments are defined in its region; its
** attributes and types hold no ops. */
static bool enter_func_child(builder *b, TSNode n, ms_node_kind k, struct frame *func) {
  if (k == MS_K_FUNC_ARGS) func->args = n;
  if (k != MS_K_REGION) return false;
  ms_ssa_push(b->ssa);
  if (!ts_node_is_null(func->args)) define_arguments(b, func->args, MS_NONE);
  return true;
}

/* ms_walk's enter: what each kind of node means to the records, and
** whether what it holds is walked. Regions open an SSA scope (closed in
** leave_node). */
static bool enter_node(void *ctx, TSNode n, uint32_t depth) {
  builder *b = ctx;
  struct frame *f = frame_at(b, depth);
  f->kind = MS_K_OTHER;
  f->args = (TSNode){0};
  f->op = MS_NONE;
  f->owner = MS_NONE;
  f->scope = false;
  if (depth > 0) {
    const struct frame *up = &b->frames[depth - 1];
    f->owner = up->op != MS_NONE ? up->op : up->owner;
  }
  if (depth > 0 && !ts_node_is_named(n)) return false;
  ms_node_kind k = kind(n);
  if (depth > 0 && b->frames[depth - 1].kind == MS_K_FUNC) {
    f->kind = k;
    return enter_func_child(b, n, k, &b->frames[depth - 1]);
  }
  if (!overlaps(b, n) && ts_node_end_byte(n) > ts_node_start_byte(n)) return false;
  f->kind = k;
  switch (k) {
    case MS_K_GENERIC:
    case MS_K_CUSTOM:
    case MS_K_RETURN:
      /* An op with an ERROR inside reads wrong (a missing comma drops an
      ** operand): its syntax error is reported, it is not recorded. */
      if (in_range(b, n) && !ts_node_has_error(n)) {
        f->op = visit_op(b, n, k, depth);
        return b->op_holds_ops;
      }
      return true;
    case MS_K_REGION:
      ms_ssa_push(b->ssa);
      define_bindings(b, n, parent_op(b, depth));
      return true;
    case MS_K_BLOCK_LABEL: define_arguments(b, n, parent_op(b, depth)); return false;
    case MS_K_FUNC:
    case MS_K_MODULE:
      if (k == MS_K_MODULE) read_module_attrs(b, n);
      if (ts_node_start_byte(n) >= b->start && ts_node_end_byte(n) <= b->end) {
        f->scope = true;
        b->scoped++;
      }
      return true;
    case MS_K_REGION_LIST:
    case MS_K_BLOCK:
    case MS_K_PARENS:
    case MS_K_BRACKETS:
    case MS_K_ERROR:
    case MS_K_SOURCE: return true;
    default: return false;
  }
}

static void leave_node(void *ctx, TSNode n, uint32_t depth) {
  (void)n;
  builder *b = ctx;
  if (b->frames[depth].scope) {
    b->frames[depth].scope = false;
    b->scoped--;
  }
  if (b->frames[depth].kind == MS_K_REGION) ms_ssa_pop(b->ssa);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */

void ms_records_init(ms_records *self) { memset(self, 0, sizeof *self); }

void ms_records_clear(ms_records *self) {
  free(self->ops);
  free(self->values);
  free(self->uses);
  free(self->types);
  free(self->attrs);
  free(self->toks);
  free(self->implied);
  memset(self, 0, sizeof *self);
}

void ms_records_reset(ms_records *self) {
  self->nops = self->nvalues = self->nuses = self->ntypes = 0;
  self->nattrs = self->ntoks = self->nimplied = 0;
}

void ms_records_build(ms_records *self, TSNode node, const char *text, uint32_t start, uint32_t end) {
  ms_ssa *ssa = ms_ssa_new(text);
  ms_records_build_with(self, ssa, node, text, start, end);
  ms_ssa_delete(ssa);
}

void ms_records_build_with(ms_records *self, ms_ssa *ssa, TSNode node, const char *text, uint32_t start,
                           uint32_t end) {
  ms_ssa_reset(ssa, text);
  builder b = {.rec = self, .text = text, .start = start, .end = end, .ssa = ssa, .bind_op = MS_NONE};
  b.cursor = ts_tree_cursor_new(node);
  b.op_cursor = ts_tree_cursor_new(node);
  b.type_cursor = ts_tree_cursor_new(node);
  ms_walk_visitor v = {enter_node, leave_node};
  ms_walk(node, &v, &b);
  ts_tree_cursor_delete(&b.cursor);
  ts_tree_cursor_delete(&b.op_cursor);
  ts_tree_cursor_delete(&b.type_cursor);
  for (int i = 0; i < L_COUNT; i++) free(b.lv[i].items);
  free(b.frames);
}

const ms_use *ms_records_operand(const ms_records *self, const ms_op *op, uint32_t i) {
  assert(i < op->noperands);
  return &self->uses[op->operands + i];
}

static bool touches(ms_span s, uint32_t pos) { return s.start <= pos && pos <= s.end && s.end > s.start; }

uint32_t ms_records_value_at(const ms_records *self, uint32_t pos, ms_span *at) {
  for (size_t i = 0; i < self->nvalues; i++)
    if (touches(self->values[i].def, pos)) {
      /* `%x:2`: the group's first value stands for the name. */
      if (at) *at = self->values[i].def;
      return (uint32_t)i;
    }
  for (size_t i = 0; i < self->nuses; i++)
    if (touches(self->uses[i].span, pos)) {
      if (at) *at = self->uses[i].span;
      return self->uses[i].value;
    }
  return MS_NONE;
}

uint32_t ms_records_op_at(const ms_records *self, uint32_t pos) {
  uint32_t best = MS_NONE;
  for (size_t i = 0; i < self->nops; i++) {
    ms_span s = self->ops[i].span;
    if (s.start <= pos && pos <= s.end) best = (uint32_t)i; /* later ops in text order are inner */
  }
  return best;
}

ms_span ms_records_declared(const ms_records *self, uint32_t v, const ms_alias_table *aliases, const char *text) {
  ms_span t = self->values[v].type;
  uint32_t s, e;
  if (t.end && aliases && ms_alias_table_resolve(aliases, text, t.start, t.end, &s, &e)) return (ms_span){s, e};
  return t;
}

void ms_records_value_name(const ms_records *self, uint32_t v, const char *text, char *buf, size_t n) {
  const ms_value *x = &self->values[v];
  if (x->index >= 0)
    snprintf(buf, n, "%.*s#%d", (int)(x->def.end - x->def.start), text + x->def.start, x->index);
  else
    snprintf(buf, n, "%.*s", (int)(x->def.end - x->def.start), text + x->def.start);
}
