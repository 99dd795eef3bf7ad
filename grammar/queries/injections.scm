; Comments may hold TODO/FIXME notes: the `comment` grammar, where the editor
; has it (Neovim 0.9+ and Helix syntax; others ignore this file).
((comment) @injection.content
  (#set! injection.language "comment"))
