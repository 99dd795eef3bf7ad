/**
 * tree-sitter grammar for MLIR text.
 *
 * Generic operations are read in full; the pretty syntax of builtin.module,
 * func.func and func.return too. Any other custom-syntax op becomes one
 * custom_operation node: its results, its name, and the rest of the
 * statement as a flat run of tokens with balanced brackets, where `{...}`
 * holds either a region (parsed as operations) or an attribute dictionary.
 *
 * To keep the tree small and the parse fast, every type (`tensor<2x?xf32>`,
 * `!quant.uniform<i8:f32, 0.1>`), every `<...>` attribute (`dense<...>`,
 * `#map`, `array<i64: 1>`) and every location `loc(...)` is ONE token, read
 * by the external scanner (src/scanner.c), which balances nested brackets.
 * The C analyzer reads shapes out of the type token text (server/shape.c).
 *
 * The scanner also decides where a custom-syntax op ends (a newline that is
 * not followed by a continuation line, or a closing bracket), and whether a
 * `{` inside one opens a region or a dictionary.
 */

const commaSep1 = (rule) => seq(rule, repeat(seq(',', rule)));
const commaSep = (rule) => optional(commaSep1(rule));

module.exports = grammar({
  name: 'mlir',

  extras: ($) => [/\s/, $.comment, $.split_marker],

  externals: ($) => [
    $._custom_end,
    $._region_open,
    $._dict_open,
    $.location,
    $.tensor_type,
    $.vector_type,
    $.memref_type,
    $.complex_type,
    $.tuple_type,
    $.scalar_type,
    $.dialect_type,
    $.dense_attribute,
    $.array_attribute,
    $.affine_attribute,
    $.dialect_attribute,
    $.builtin_attribute,
    $._error_sentinel,
    $.dialect,
    $.type_run,
  ],

  word: ($) => $.bare_id,

  rules: {
    source_file: ($) => repeat($._toplevel),

    _toplevel: ($) =>
      choice(
        $._operation,
        $.attribute_alias_definition,
        $.type_alias_definition,
        $.file_metadata,
      ),

    // -----------------------------------------------------------------
    // Lexical atoms
    comment: (_) => token(seq('//', /[^\n]*/)),
    split_marker: (_) => token(prec(2, seq('// -----', /[^\n]*/))),
    bare_id: (_) => /[a-zA-Z_][a-zA-Z0-9_$.]*/,
    value_use: (_) => /%[a-zA-Z0-9_$.\-]+(#[0-9]+)?/,
    // Eight or more operands of a generic op, `%a, %b#1, %c, ...`, as ONE
    // token: a list node per operand would cost ~100 bytes each (an op with
    // millions of operands). Readers split it at its commas
    // (ms_value_run_next in server/syntax/nodes.c). A comment between
    // operands ends the run; the rest are read as further runs or uses.
    // Shorter lists stay one value_use per operand, so editors reading
    // locals.scm see each reference of ordinary code by its name.
    value_run: (_) =>
      /%[a-zA-Z0-9_$.\-]+(#[0-9]+)?(\s*,\s*%[a-zA-Z0-9_$.\-]+(#[0-9]+)?){7,}/,
    op_result: (_) => /%[a-zA-Z0-9_$.\-]+(:[0-9]+)?/,
    caret_id: (_) => /\^[a-zA-Z0-9_$.\-]+/,
    symbol_ref: (_) =>
      /@([a-zA-Z0-9_$.\-]+|"([^"\\\n]|\\.)*")(::@([a-zA-Z0-9_$.\-]+|"([^"\\\n]|\\.)*"))*/,
    string: (_) => /"([^"\\\n]|\\.)*"/,
    number: (_) =>
      /-?([0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?|0x[0-9a-fA-F]+)/,
    boolean: (_) => choice('true', 'false'),
    unit: (_) => 'unit',
    attribute_alias: (_) => /#[a-zA-Z0-9_$.\-]+/,
    type_alias: (_) => /![a-zA-Z0-9_$.\-]+/,

    // -----------------------------------------------------------------
    // Operations
    _operation: ($) =>
      choice(
        $.generic_operation,
        $.custom_operation,
        $.module_operation,
        $.func_operation,
        $.return_operation,
      ),

    op_result_list: ($) => seq(commaSep1($.op_result), '='),

    generic_operation: ($) =>
      seq(
        optional($.op_result_list),
        field('name', alias($.string, $.op_name)),
        '(',
        commaSep(choice($.value_use, $.value_run)),
        ')',
        optional($.successor_list),
        optional($.properties),
        optional($.region_list),
        optional($.attribute_dictionary),
        ':',
        field('type', $.function_type),
        optional($.location),
      ),

    successor_list: ($) => seq('[', commaSep1($.successor), ']'),
    successor: ($) =>
      seq(
        $.caret_id,
        optional(seq('(', commaSep1($.value_use), ':', commaSep1($._type), ')')),
      ),

    // `<{...}>`, also spelt with blanks (`}` and `>` on two lines).
    properties: ($) =>
      seq(choice('<{', seq('<', '{')), commaSep($.attribute_entry), choice('}>', seq('}', '>'))),

    region_list: ($) => seq('(', commaSep1($.region), ')'),

    region: ($) => seq('{', repeat($._operation), repeat($.block), '}'),

    block: ($) => seq($.block_label, repeat($._operation)),
    block_label: ($) =>
      seq($.caret_id, optional(seq('(', commaSep($.block_argument), ')')), ':'),
    block_argument: ($) =>
      seq($.value_use, ':', $._type_in_list, optional($.attribute_dictionary), optional($.location)),

    // The pretty syntax of the ops that wrap nearly every real file.
    module_operation: ($) =>
      seq(
        choice('module', 'builtin.module'),
        optional(field('name', $.symbol_ref)),
        optional(seq('attributes', $.attribute_dictionary)),
        $.region,
        optional($.location),
      ),

    func_operation: ($) =>
      seq(
        choice('func.func', 'func'),
        optional(field('visibility', $.visibility)),
        field('name', $.symbol_ref),
        $.function_arguments,
        optional(seq('->', $.function_results)),
        optional(seq('attributes', $.attribute_dictionary)),
        optional($.region),
        optional($.location),
      ),
    visibility: (_) => choice('private', 'public', 'nested'),
    function_arguments: ($) =>
      seq('(', commaSep(choice($.block_argument, $.argument_type)), optional(seq(',', '...')), ')'),
    argument_type: ($) => seq($._type_in_list, optional($.attribute_dictionary), optional($.location)),
    function_results: ($) =>
      choice(
        $._type,
        seq('(', commaSep(seq($._type_in_list, optional($.attribute_dictionary))), ')'),
      ),

    return_operation: ($) =>
      prec.right(
        seq(
          choice('return', 'func.return'),
          optional($.attribute_dictionary),
          optional(seq(commaSep1($.value_use), ':', commaSep1($._type_in_list))),
          optional($.location),
        ),
      ),

    // Any other pretty-printed op: the rest of the statement, up to the
    // scanner's _custom_end, as tokens with balanced brackets.
    custom_operation: ($) =>
      seq(
        optional($.op_result_list),
        field('name', $.op_name),
        repeat($._custom_item),
        $._custom_end,
      ),

    // `arith.addf` in parts, so that editors can highlight the dialect and
    // the op's own name apart: the dialect (up to the first dot) is read by
    // the scanner, since the lexer would read the dotted name as one bare_id.
    // A name without a dot (`yield` in a default-dialect region) is the
    // operation_name alone. op_name spans the whole name either way. (A
    // generic op's quoted name stays one token: split too, it cost 45% more
    // memory per byte and a fifth more nodes on a 10 MB generic-syntax dump.)
    op_name: ($) =>
      choice(
        seq(
          field('dialect', $.dialect),
          token.immediate('.'),
          field('operation', alias(token.immediate(/[a-zA-Z0-9_$][a-zA-Z0-9_$.]*/), $.operation_name)),
        ),
        field('operation', alias($.bare_id, $.operation_name)),
      ),

    // An infix token must be followed by an operand, so a statement never
    // ends right after `,`, `:`, `=` or `->`.
    _custom_item: ($) =>
      choice(
        $._custom_atom,
        seq(choice(',', '=', '->'), $._custom_atom),
        seq(':', choice($._custom_atom, $.function_type_custom)),
      ),

    function_type_custom: ($) =>
      prec(1, seq($.custom_parens, '->', $._custom_atom)),

    _custom_atom: ($) =>
      choice(
        $.value_use,
        $.caret_id,
        $.symbol_ref,
        $.string,
        $.number,
        $.bare_id,
        $.boolean,
        $._type,
        $._attribute_token,
        $.location,
        $.custom_parens,
        $.custom_brackets,
        alias($.custom_region, $.region),
        $.custom_braces,
        $.punctuation,
      ),

    punctuation: (_) =>
      choice('<', '>', '*', '+', '-', '?', '|', '/', '&', '!', '...', '#', '~', ';', '\\'),

    // A group may end in a comma (`window = {stride = [1, 1], pad = [...],}`).
    custom_parens: ($) => seq('(', repeat($._custom_item), optional(','), ')'),
    custom_brackets: ($) => seq('[', repeat($._custom_item), optional(','), ']'),
    custom_braces: ($) => seq($._dict_open, repeat($._custom_item), optional(','), '}'),
    custom_region: ($) => seq($._region_open, repeat($._operation), repeat($.block), '}'),

    // -----------------------------------------------------------------
    // Attributes
    attribute_dictionary: ($) => seq('{', commaSep($.attribute_entry), '}'),
    attribute_entry: ($) =>
      seq(
        field('key', choice($.bare_id, $.string)),
        optional(seq('=', field('value', $._attribute_value))),
      ),

    _attribute_value: ($) =>
      choice(
        seq($._typed_literal, optional(seq(':', $._type))),
        $._type,
        $.function_type,
        $.array,
        $.attribute_dictionary,
        $.symbol_ref,
        $.location,
        $.unit,
      ),

    _typed_literal: ($) => choice($.number, $.string, $.boolean, $._attribute_token),

    _attribute_token: ($) =>
      choice(
        $.dense_attribute,
        $.array_attribute,
        $.affine_attribute,
        $.dialect_attribute,
        $.builtin_attribute,
      ),

    array: ($) => seq('[', commaSep($._attribute_value), ']'),

    attribute_alias_definition: ($) =>
      seq(field('name', $.attribute_alias), '=', field('value', $._attribute_value)),
    // `!t = type tensor<f32>`: the spelling of MLIR before 2021.
    type_alias_definition: ($) =>
      seq(field('name', $.type_alias), '=', optional('type'), field('value', $._type)),

    // {-# dialect_resources: { builtin: { blob: "0x..." } } #-}
    file_metadata: ($) => seq('{-#', commaSep($.metadata_entry), '#-}'),
    metadata_entry: ($) =>
      seq(choice($.bare_id, $.string), ':', choice($.metadata_dictionary, $.string)),
    metadata_dictionary: ($) => seq('{', commaSep($.metadata_entry), '}'),

    // -----------------------------------------------------------------
    // Types
    _type: ($) =>
      choice(
        $.tensor_type,
        $.vector_type,
        $.memref_type,
        $.complex_type,
        $.tuple_type,
        $.scalar_type,
        $.dialect_type,
      ),

    _type_in_list: ($) => choice($._type, $.function_type),

    // Inputs and results stay flat children: the analyzer splits at `->`.
    // Eight or more types in a row are one type_run token (scanner.c),
    // split at its top-level commas by ms_type_run_next (server/syntax/nodes.c).
    function_type: ($) =>
      prec.right(
        seq(
          '(',
          commaSep(choice($._type_in_list, $.type_run)),
          ')',
          '->',
          choice($._type, seq('(', commaSep(choice($._type_in_list, $.type_run)), ')')),
        ),
      ),
  },
});
