; Syntax highlighting for MLIR (tree-sitter-mlir of mlir-shape).
;
; Capture names are those of Neovim (nvim-treesitter and the built-in
; highlighter, whose `@a.b` falls back to `@a`) and of Helix. Where the
; sets name a thing differently, a node carries both names (`@number
; @constant.numeric`; `@variable.parameter @parameter`, the latter for
; Neovim 0.7's own table): each editor uses the name it knows and ignores
; the other. Otherwise no node is captured twice with different names, so
; the result does not depend on which pattern wins (Helix: the first one,
; Neovim: the last one).

; Comments; `// -----` splits a file into chunks (mlir-opt --split-input-file).
(comment) @comment
(split_marker) @comment

; Keywords of the builtin pretty forms.
[
  "module"
  "builtin.module"
  "attributes"
] @keyword

[
  "func"
  "func.func"
] @keyword.function

[
  "return"
  "func.return"
] @keyword.return

(visibility) @keyword.modifier

; Op names: the dialect and the op's own name apart (`arith` `.` `addf`); a
; name without a dialect is the operation_name alone. A generic op's quoted
; name (`"arith.addf"`) is one token.
(op_name
  dialect: (dialect) @namespace @module)
(op_name
  operation: (operation_name) @function.call)
(op_name
  "." @punctuation.delimiter)
(generic_operation
  name: (op_name) @function.call)

; Words of a custom op's own syntax (`ins`, `outs`, `to`, `step`, `else`).
(custom_operation
  (bare_id) @keyword)

; Symbols: a function's name where it is defined, a module's name, and any
; other `@sym` (callees, globals).
(func_operation
  name: (symbol_ref) @function)
(module_operation
  name: (symbol_ref) @namespace @module)
[
  (custom_operation (symbol_ref) @string.special.symbol)
  (custom_parens (symbol_ref) @string.special.symbol)
  (custom_brackets (symbol_ref) @string.special.symbol)
  (custom_braces (symbol_ref) @string.special.symbol)
  (attribute_entry (symbol_ref) @string.special.symbol)
  (array (symbol_ref) @string.special.symbol)
  (attribute_alias_definition (symbol_ref) @string.special.symbol)
]

; SSA values: results where an op defines them, block and function
; arguments as parameters, and uses.
(op_result) @variable
(block_argument
  (value_use) @variable.parameter @parameter)
[
  (generic_operation (value_use) @variable)
  ; eight or more operands of a generic op are one token, commas included
  (generic_operation (value_run) @variable)
  (successor (value_use) @variable)
  (return_operation (value_use) @variable)
  (custom_operation (value_use) @variable)
  (custom_parens (value_use) @variable)
  (custom_brackets (value_use) @variable)
  (custom_braces (value_use) @variable)
]

; Block labels (`^bb0`) and successors.
(caret_id) @label

; Types.
(scalar_type) @type.builtin
[
  (tensor_type)
  (vector_type)
  (memref_type)
  (complex_type)
  (tuple_type)
  (dialect_type)
  (type_run)
  (type_alias)
] @type

; Attributes, attribute aliases (`#map`) and attribute names.
[
  (dense_attribute)
  (array_attribute)
  (affine_attribute)
  (dialect_attribute)
  (builtin_attribute)
  (attribute_alias)
] @attribute

(attribute_entry
  key: (bare_id) @property)
(metadata_entry
  (bare_id) @property)
(custom_braces
  (bare_id) @property)

(location) @comment.documentation

; Literals.
(string) @string
(number) @number @constant.numeric
(boolean) @boolean @constant.builtin.boolean
(unit) @constant.builtin

; Punctuation and operators.
[
  "("
  ")"
  "["
  "]"
  "{"
  "}"
  "<{"
  "}>"
  "{-#"
  "#-}"
] @punctuation.bracket

[
  ","
  ":"
] @punctuation.delimiter

[
  "="
  "->"
] @operator

(punctuation) @operator
(function_arguments
  "..." @punctuation.special)
