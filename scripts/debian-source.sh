#!/usr/bin/env bash
# debian-source.sh NAME DEST: Debian's source package NAME (a source or binary
# package name: libuv1-dev, cjson, tree-sitter...), unpacked with Debian's
# patches applied under DEST (a cache, e.g. build/debian-src); prints the
# unpacked directory. The version is the one the machine's -dev package has
# when NAME is installed, else apt's candidate; an unpacked tree is reused.
#
# Only Debian's archive is reachable: `apt-get source` through deb-src entries
# that mirror the machine's own deb entries (added once, as
# /etc/apt/sources.list.d/src-*.sources, when apt has no source entry yet).
# Shared by `make dist` (the static binary's libraries) and `make wasm`.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 NAME DEST" >&2; exit 2; }
name=$1
mkdir -p "$2"
dest=$(cd "$2" && pwd)
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"

# NAME=VERSION for apt: an installed binary package pins its version, and
# names its source package (which --only-source wants).
spec=$name
ver=$( (dpkg-query -W -f='${db:Status-Abbrev} ${Version}' "$name" 2>/dev/null || true) | sed -n 's/^ii  *//p')
if [ -n "$ver" ]; then
  src=$(dpkg-query -W -f='${source:Package}' "$name")
  spec="$src=$ver"
  # Unpacked before: nothing to ask apt.
  [ -f "$dest/$src-$ver/.unpacked" ] && { echo "$dest/$src-$ver"; exit 0; }
fi

# Source package name and version as apt resolves them (no download).
resolve() { apt-get source --only-source --print-uris "$spec" 2>/dev/null | sed -n "s/^'[^']*' \([^ ]*\)_\([^_]*\)\.dsc .*/\1 \2/p"; }
found=$(resolve || true)
if [ -z "$found" ]; then
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    grep -q '^Types: deb$' "$f" || continue
    out=/etc/apt/sources.list.d/src-$(basename "$f")
    [ -e "$out" ] && continue
    sed 's/^Types: deb$/Types: deb-src/' "$f" | $sudo tee "$out" >/dev/null
  done
  if [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list &&
     [ ! -e /etc/apt/sources.list.d/src-sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee /etc/apt/sources.list.d/src-sources.list >/dev/null
  fi
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
  found=$(resolve || true)
fi
[ -n "$found" ] || { echo "debian-source.sh: apt has no source package for $spec" >&2; exit 1; }
read -r srcname srcver <<<"$found"
upstream=${srcver#*:}; upstream=${upstream%-*}
dir=$dest/$srcname-$srcver
if [ ! -f "$dir/.unpacked" ]; then
  rm -rf "$dir" "$dest/.dl-$srcname"
  mkdir -p "$dest/.dl-$srcname"
  (cd "$dest/.dl-$srcname" && apt-get source --only-source --download-only "$srcname=$srcver" >/dev/null 2>&1) ||
    { echo "debian-source.sh: apt-get source $srcname=$srcver failed" >&2; exit 1; }
  dpkg-source --no-check -x "$dest/.dl-$srcname/${srcname}_${srcver#*:}.dsc" "$dir" >/dev/null
  rm -rf "$dest/.dl-$srcname" "$dest/${srcname}_${upstream}".orig.tar.*
  touch "$dir/.unpacked"
fi
echo "$dir"
