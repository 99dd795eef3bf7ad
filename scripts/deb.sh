#!/usr/bin/env bash
# deb.sh BIN OUT: the Debian package of `make deb`,
# OUT/mlir-shape_<version>_amd64.deb, from BIN (the DEB=1 build: Debian's
# hardening flags, linked against the system's libuv1, libcjson1 and
# libtree-sitter0, which Depends names as dpkg-shlibdeps computes them).
#
# Contents: /usr/bin/mlir-shape (stripped as dh_strip does), the man page
# and changelog gzipped with -9n, the bash completion, the DEP-5 copyright
# (packaging/debian/copyright); DEBIAN/control from packaging/debian/control.in
# and DEBIAN/md5sums. A native package (no Debian revision): the changelog is
# usr/share/doc/mlir-shape/changelog.gz. Built with
# `dpkg-deb --build --root-owner-group`; mtimes are SOURCE_DATE_EPOCH (the
# commit's date by default), so the same commit gives the same bytes.
# Install with `apt install ./mlir-shape_<version>_amd64.deb`.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 BIN OUT" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/scripts/release_env.sh"
release_env deb.sh "$1" "$2"
head -1 "$root/packaging/debian/changelog" | grep -q "^mlir-shape ($version) " ||
  { echo "deb.sh: packaging/debian/changelog has no entry for $version on top" >&2; exit 1; }

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
p=$stage/pkg
doc=$p/usr/share/doc/mlir-shape
install -d "$p/DEBIAN" "$p/usr/bin" "$p/usr/share/man/man1" "$p/usr/share/bash-completion/completions" "$doc"
install -m 755 "$bin" "$p/usr/bin/mlir-shape"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$p/usr/bin/mlir-shape"
sed "s/@VERSION@/$version/g" "$root/docs/mlir-shape.1" | gzip -9n > "$p/usr/share/man/man1/mlir-shape.1.gz"
install -m 644 "$root/completions/mlir-shape.bash" "$p/usr/share/bash-completion/completions/mlir-shape"
install -m 644 "$root/packaging/debian/copyright" "$doc/copyright"
gzip -9n < "$root/packaging/debian/changelog" > "$doc/changelog.gz"
chmod 644 "$p/usr/share/man/man1/mlir-shape.1.gz" "$doc/changelog.gz"

# Depends as Debian computes it from the libraries the binary needs.
mkdir -p "$stage/src/debian"
printf 'Source: mlir-shape\n\nPackage: mlir-shape\nArchitecture: any\n' > "$stage/src/debian/control"
depends=$(cd "$stage/src" && dpkg-shlibdeps -O -e"$p/usr/bin/mlir-shape" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "deb.sh: dpkg-shlibdeps found no dependency" >&2; exit 1; }
size=$(du -k -s --apparent-size --exclude=DEBIAN "$p" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  "$root/packaging/debian/control.in" > "$p/DEBIAN/control"
(cd "$p" && find usr -type f | LC_ALL=C sort | xargs md5sum > DEBIAN/md5sums)
chmod 644 "$p/DEBIAN/control" "$p/DEBIAN/md5sums"
find "$p" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

deb=$out/mlir-shape_${version}_amd64.deb
dpkg-deb --build --root-owner-group -Zxz "$p" "$deb" >/dev/null
echo "$deb"
