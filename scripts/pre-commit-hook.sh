#!/bin/sh
# pre-commit-hook.sh [mlir-shape check OPTIONS] FILE...: the hooks of
# .pre-commit-hooks.yaml (`language: script`, so pre-commit downloads
# nothing). Runs `mlir-shape check` with the mlir-shape on PATH (or
# $MLIR_SHAPE), else the one of this checkout, built on first use with
# `make` (which needs the build dependencies: scripts/deps.sh).
set -eu
if [ -n "${MLIR_SHAPE:-}" ]; then exec "$MLIR_SHAPE" check "$@"; fi
if command -v mlir-shape > /dev/null 2>&1; then exec mlir-shape check "$@"; fi
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$here/build/mlir-shape
if [ ! -x "$bin" ]; then
  echo "mlir-shape: not on PATH; building it in $here (once)" >&2
  make -C "$here" -s build/mlir-shape > /dev/null || { echo "mlir-shape: build failed; install it (make install)" >&2; exit 2; }
fi
exec "$bin" check "$@"
