#!/bin/sh
# tests/helix/run.sh BINARY: the Helix setup of docs/editors.md, where Helix
# can be installed from the machine's own package sources (Debian bookworm has
# none: the test is then skipped with a message, and passes).
#
# With Helix, `hx --health mlir` reads a languages.toml as the docs give it
# (XDG_CONFIG_HOME points at a scratch directory) and must report the
# language server binary as found.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/helix/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/helix: $bin is not executable" >&2; exit 2; }

hx=""
for c in hx helix; do command -v "$c" >/dev/null 2>&1 && { hx=$c; break; }; done
if [ -z "$hx" ]; then
  cand=$(apt-cache policy helix 2>/dev/null | awk '/Candidate:/ {print $2}')
  if [ -n "$cand" ] && [ "$cand" != "(none)" ]; then
    echo "tests/helix: helix $cand is in the package sources but not installed (apt-get install helix)" >&2
    exit 2
  fi
  echo "tests/helix: skipped: Helix is not installed and not in this machine's package sources"
  exit 0
fi

cfg=$(mktemp -d)
trap 'rm -rf "$cfg"' EXIT
mkdir -p "$cfg/helix"
sed "s|command = \"mlir-shape\"|command = \"$bin\"|" "$here/languages.toml" >"$cfg/helix/languages.toml"
out=$(XDG_CONFIG_HOME="$cfg" "$hx" --health mlir 2>&1) || { echo "$out"; exit 1; }
echo "$out"
echo "$out" | grep -q "mlir-shape" || { echo "tests/helix: mlir-shape not configured for mlir" >&2; exit 1; }
echo "$out" | grep -Eiq "(✓|found).*$bin|$bin.*(✓|found)" || { echo "tests/helix: the server binary is not found" >&2; exit 1; }
echo "1 passed, 0 failed"
