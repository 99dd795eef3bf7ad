#!/bin/sh
# tests/sarif/run.sh BINARY: `check --format=sarif` through Microsoft's SARIF
# Multitool with the SARIF and GitHub code scanning rules
# (`validate --rule-kind "Sarif;Gh"`), as GitHub's ingestion would judge it,
# plus the fields code scanning relies on (check.py). Installs the locked
# npm package first (offline when the npm cache has it). The Multitool exits
# 0 even when it finds problems, so its own SARIF log is read: any error- or
# warning-level result fails the test.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/sarif/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/sarif: $bin is not executable" >&2; exit 2; }
cd "$here"
npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null
tool=$here/node_modules/@microsoft/sarif-multitool-linux/Sarif.Multitool
# The package ships a self-contained binary without its execute bit.
chmod +x "$tool"
tmp=$(mktemp -d /tmp/ms-sarif.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1

# Inputs: every fixture of the CLI tests and the examples (all codes with a
# related location, UTF-8 text), a file with suppression comments, stdin
# with --stdin-filename, an absolute path.
cd "$here/../.."
fail=0
n=0
sarif() {
  n=$((n + 1))
  "$bin" check --format=sarif "$@" > "$tmp/in$n.sarif" 2> "$tmp/in$n.err" || true
  if [ ! -s "$tmp/in$n.sarif" ]; then echo "FAIL sarif $*: no output ($(cat "$tmp/in$n.err"))"; fail=1; return; fi
  "$tool" validate --rule-kind "Sarif;Gh" -o "$tmp/out$n.sarif" "$tmp/in$n.sarif" > "$tmp/out$n.log" 2>&1 || true
  if ! /usr/bin/python3 "$here/check.py" "$tmp/in$n.sarif" "$tmp/out$n.sarif"; then
    echo "FAIL sarif $*:"; grep -E ' (error|warning) ' "$tmp/out$n.log" | head -20; fail=1
  fi
}
sarif tests/cli/fixtures/broadcast.mlir
sarif tests/cli/fixtures examples
sarif tests/cli/fixtures/suppress.mlir
sarif --stdin-filename tests/cli/fixtures/from-stdin.mlir - < tests/cli/fixtures/broadcast.mlir
sarif "$(pwd)/tests/cli/fixtures/broadcast.mlir" tests/cli/fixtures/../fixtures/syntax.mlir
sarif tests/cli/fixtures/clean.mlir
[ "$fail" = 0 ] && echo "sarif: $n logs pass Sarif.Multitool validate --rule-kind Sarif;Gh"
exit "$fail"
