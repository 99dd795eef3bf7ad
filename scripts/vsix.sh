#!/usr/bin/env bash
# vsix.sh BIN BUILD: package the VS Code extension (vscode-extension/) with
# the mlir-shape binary BIN inside, as BUILD/mlir-shape-<version>.vsix.
#
# The version is /work/main/VERSION's (stamped into package.json in a copy,
# so the checkout is not modified). Offline: `npm ci` from the committed lock
# and @vscode/vsce from devDependencies; no repository/LICENSE questions.
# Install the result with `code --install-extension BUILD/mlir-shape-<version>.vsix`.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BIN BUILD" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$1
build=$2
[ -x "$bin" ] || { echo "vsix.sh: $bin is not an executable (run make first)" >&2; exit 1; }
mkdir -p "$build"
build=$(cd "$build" && pwd)
version=$(tr -d ' \n' < "$root/VERSION")
ext=$root/vscode-extension

# Fresh dependencies only when the lock changed since the last install.
if ! cmp -s "$ext/package-lock.json" "$ext/node_modules/.package-lock.json.ci" 2>/dev/null; then
  (cd "$ext" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$ext/package-lock.json" "$ext/node_modules/.package-lock.json.ci"
fi

# The bundled binary (git-ignored): also what a development host running the
# extension from this folder starts.
mkdir -p "$ext/bin/linux-x64"
cp "$bin" "$ext/bin/linux-x64/mlir-shape"
chmod 755 "$ext/bin/linux-x64/mlir-shape"

# Package from a staging copy, so the version stamp does not show up as a
# change in the checkout.
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
cp -a "$ext/." "$stage/"
node -e '
  const fs = require("fs"); const f = process.argv[1];
  const p = JSON.parse(fs.readFileSync(f, "utf8")); p.version = process.argv[2];
  fs.writeFileSync(f, JSON.stringify(p, null, 2) + "\n");' "$stage/package.json" "$version"

out=$build/mlir-shape-$version.vsix
(cd "$stage" && ./node_modules/.bin/vsce package --target linux-x64 \
  --allow-missing-repository --skip-license --allow-star-activation -o "$out" >&2)
echo "$out"
