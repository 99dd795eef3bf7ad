; Text objects. Neovim's nvim-treesitter-textobjects names them
; `@X.outer`/`@X.inner`, Helix `@X.around`/`@X.inside`: each node carries
; both names, and each editor ignores the names it does not know.

; Functions: the whole func.func; its body.
(func_operation) @function.outer @function.around
(func_operation
  (region) @function.inner @function.inside)

; Ops: any operation is a statement (and a call of its op).
[
  (generic_operation)
  (custom_operation)
  (return_operation)
] @statement.outer @call.outer

; Regions and blocks.
(region) @block.outer
(block) @block.inner

; Arguments of functions and blocks.
(block_argument) @parameter.inner @parameter.outer @parameter.inside @parameter.around
(argument_type) @parameter.inner @parameter.outer @parameter.inside @parameter.around

; Comments.
(comment) @comment.outer @comment.around @comment.inside

; Modules as classes (Helix `mac`/`mic`, Neovim `@class.outer`).
(module_operation) @class.outer @class.around
(module_operation
  (region) @class.inner @class.inside)
