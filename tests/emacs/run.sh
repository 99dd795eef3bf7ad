#!/bin/sh
# tests/emacs/run.sh BINARY: `mlir-shape lsp` through Emacs's eglot (Debian's
# emacs-nox and elpa-eglot), batch mode (eglot-test.el does the checks on
# example.mlir). Prints "N passed, M failed"; exit status non-zero on failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/emacs/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/emacs: $bin is not executable" >&2; exit 2; }
command -v emacs >/dev/null || { echo "tests/emacs: emacs not found (scripts/deps.sh test installs emacs-nox)" >&2; exit 2; }
# A copy of the example in a scratch directory: eglot's project is its directory.
dir=$(mktemp -d)
out=$(mktemp)
trap 'rm -rf "$dir" "$out"' EXIT
cp "$here/example.mlir" "$dir/example.mlir"
status=0
MLIR_SHAPE="$bin" MS_FILE="$dir/example.mlir" HOME="$dir" timeout 90 \
  emacs --batch -Q -l "$here/eglot-test.el" >"$out" 2>&1 || status=$?
# Emacs's own messages (loading, eglot's notices) go to stderr: keep the checks.
grep -E '^(ok|FAIL) - |^[0-9]+ passed, [0-9]+ failed' "$out" || true
if [ "$status" -ne 0 ]; then
  echo "tests/emacs: emacs exited with status $status; its output:" >&2
  sed 's/^/  /' "$out" >&2
fi
grep -q '^[0-9]* passed, 0 failed' "$out" || [ "$status" -ne 0 ] || status=1
exit "$status"
