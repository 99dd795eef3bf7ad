#!/bin/sh
# tests/nvim/run.sh BINARY: `mlir-shape lsp` through Neovim's built-in LSP
# client, headless (init.lua does the checks on example.mlir). Prints
# "N passed, M failed"; exit status non-zero on failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/nvim/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/nvim: $bin is not executable" >&2; exit 2; }
command -v nvim >/dev/null || { echo "tests/nvim: nvim not found" >&2; exit 2; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
# init.lua writes its lines to stdout.
# The dataflow checks change their buffer, never the file (nothing is written).
MLIR_SHAPE="$bin" MS_FILE="$here/example.mlir" MS_DATAFLOW="$here/dataflow.mlir" timeout 60 \
  nvim --headless -n -i NONE --noplugin -u "$here/init.lua" >"$out" 2>&1 || status=$?
tr -d '\r' <"$out"
grep -q '^[0-9]* passed, 0 failed' "$out" || [ "$status" -ne 0 ] || status=1
exit "$status"
