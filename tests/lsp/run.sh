#!/bin/sh
# tests/lsp/run.sh BINARY: the language server's integration tests through
# Microsoft's reference LSP client stack (see client.js), run by Node's
# built-in test runner. Installs the locked packages first (offline when
# the npm cache has them). Exit status non-zero when a test fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/lsp/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/lsp: $bin is not executable" >&2; exit 2; }
cd "$here"
npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null
python3 "$here/output_buffer.py" "$bin"
export MLIR_SHAPE="$bin"
exec node --test --test-reporter=spec --test-timeout=300000 ./*.test.js
