#!/usr/bin/env bash
# dist.sh BIN DEPS OUT: the release tarball of `make dist`,
# OUT/mlir-shape-<version>-linux-x64.tar.gz, from the static binary BIN and
# the licences its libraries left in DEPS/LICENSES (scripts/static-deps.sh),
# plus OUT/mlir-shape-<version>-linux-x64.tar.gz.sha256 beside it.
#
# The tarball holds one directory, mlir-shape-<version>-linux-x64/:
#   mlir-shape                 the binary (no shared library, no interpreter)
#   mlir-shape.1               the man page
#   completions/mlir-shape.bash
#   README.md
#   LICENSES/                  mlir-shape.txt and each linked library's
#   SHA256SUMS                 sha256sum of every other file
#
# Reproducible: the same commit gives the same bytes. Every mtime is
# SOURCE_DATE_EPOCH (default: the commit's date; outside git, VERSION's
# mtime), entries sorted, owner root:root numeric, modes normalized, gzip -n.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: $0 BIN DEPS OUT" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
deps=$2
. "$root/scripts/release_env.sh"
release_env dist.sh "$1" "$3"

name=mlir-shape-$version-linux-x64
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
d=$stage/$name
mkdir -p "$d/completions" "$d/LICENSES"
cp "$bin" "$d/mlir-shape"
sed "s/@VERSION@/$version/g" "$root/docs/mlir-shape.1" > "$d/mlir-shape.1"
cp "$root/completions/mlir-shape.bash" "$d/completions/mlir-shape.bash"
cp "$root/README.md" "$d/README.md"
cp "$root/LICENSE" "$d/LICENSES/mlir-shape.txt"
cp "$deps"/LICENSES/*.txt "$d/LICENSES/"
chmod -R u=rwX,go=rX "$d"
chmod 755 "$d/mlir-shape"
(cd "$d" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS)
chmod 644 "$d/SHA256SUMS"
find "$d" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

tarball=$out/$name.tar.gz
LC_ALL=C tar -C "$stage" --sort=name --format=gnu --owner=0 --group=0 --numeric-owner \
  --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" | gzip -9n > "$tarball.tmp"
mv "$tarball.tmp" "$tarball"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$tarball"
