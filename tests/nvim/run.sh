#!/bin/sh
# tests/nvim/run.sh BINARY [PARSER_LIB]: `mlir-shape lsp` through Neovim's
# built-in LSP client, headless (init.lua does the checks on example.mlir);
# with PARSER_LIB (the grammar as a shared library, `make grammar-lib`), also
# the grammar and its queries through Neovim's built-in tree-sitter
# (treesitter.lua on highlight.mlir), set up as docs/editors.md tells users to. Prints
# "N passed, M failed" per part; exit status non-zero on failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/nvim/run.sh path/to/mlir-shape [path/to/libtree-sitter-mlir.so]}
lib=${2:-}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/nvim: $bin is not executable" >&2; exit 2; }
command -v nvim >/dev/null || { echo "tests/nvim: nvim not found" >&2; exit 2; }
out=$(mktemp)
rt=$(mktemp -d)
trap 'rm -rf "$out" "$rt"' EXIT
status=0
# init.lua writes its lines to stdout.
# The dataflow checks change their buffer, never the file (nothing is written).
MLIR_SHAPE="$bin" MS_FILE="$here/example.mlir" MS_DATAFLOW="$here/dataflow.mlir" timeout 60 \
  nvim --headless -n -i NONE --noplugin -u "$here/init.lua" >"$out" 2>&1 || status=$?
tr -d '\r' <"$out"
grep -q '^[0-9]* passed, 0 failed' "$out" || [ "$status" -ne 0 ] || status=1

if [ -n "$lib" ]; then
  [ -f "$lib" ] || { echo "tests/nvim: $lib not found" >&2; exit 2; }
  # A runtime directory as a user would make it: parser/mlir.so and
  # queries/mlir/ (the grammar's queries).
  mkdir -p "$rt/parser" "$rt/queries"
  cp "$lib" "$rt/parser/mlir.so"
  ln -s "$here/../../grammar/queries" "$rt/queries/mlir"
  ts_status=0
  MS_RUNTIME="$rt" MS_FILE="$here/highlight.mlir" timeout 60 \
    nvim --headless -n -i NONE --noplugin -u "$here/treesitter.lua" >"$out" 2>&1 || ts_status=$?
  tr -d '\r' <"$out"
  grep -q '^[0-9]* passed, 0 failed' "$out" || [ "$ts_status" -ne 0 ] || ts_status=1
  [ "$ts_status" -eq 0 ] || status=$ts_status
fi
exit "$status"
