; Scopes, definitions and references of SSA values and block labels.
;
; `@local.scope`, `@local.definition` and `@local.reference` are the names of
; tree-sitter's highlighter, Helix and nvim-treesitter since 2023 (its
; `@local.definition.var`/`.parameter` refine the kind); older
; nvim-treesitter (the Neovim 0.7 era) reads `@scope`, `@definition.var`,
; `@definition.parameter` and `@reference`. Each node carries both.

; A region sees the values defined around it; a function's arguments are
; defined outside its body, so the function is a scope too.
(region) @local.scope @scope
(func_operation) @local.scope @scope

; Definitions: op results, block and function arguments, block labels.
(op_result) @local.definition @local.definition.var @definition.var
(block_argument
  (value_use) @local.definition @local.definition.parameter @definition.parameter)
(block_label
  (caret_id) @local.definition @local.definition.label @definition)

; References: every other use of a value or a label.
[
  (generic_operation (value_use) @local.reference @reference)
  ; eight or more operands of a generic op, one token (editors see one name)
  (generic_operation (value_run) @local.reference @reference)
  (successor (value_use) @local.reference @reference)
  (return_operation (value_use) @local.reference @reference)
  (custom_operation (value_use) @local.reference @reference)
  (custom_parens (value_use) @local.reference @reference)
  (custom_brackets (value_use) @local.reference @reference)
  (custom_braces (value_use) @local.reference @reference)
  (successor (caret_id) @local.reference @reference)
  (custom_operation (caret_id) @local.reference @reference)
  (custom_parens (caret_id) @local.reference @reference)
  (custom_brackets (caret_id) @local.reference @reference)
]
