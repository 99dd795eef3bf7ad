#!/usr/bin/env bash
# debian-source.sh NAME DEST
#   Unpacks the upstream source of Debian's source package NAME (the
#   version the archive has for this machine's release) into DEST, from a
#   cache under build/debian-src, for builds that need a library's source
#   rather than its binary package (emscripten's build of tree-sitter and
#   cJSON for the browser). deb-src entries mirroring the machine's deb
#   entries are added when apt has none. Prints DEST.
set -euo pipefail

name=${1:?usage: debian-source.sh NAME DEST}
dest=${2:?usage: debian-source.sh NAME DEST}
root=$(cd "$(dirname "$0")/.." && pwd)
cache=$root/build/debian-src/$name
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"

if [ -f "$dest/.debian-source" ]; then echo "$dest"; exit 0; fi

if ! ls "$cache"/*.orig.tar.* >/dev/null 2>&1; then
  mkdir -p "$cache"
  if ! apt-get source --download-only --print-uris "$name" >/dev/null 2>&1; then
    for f in /etc/apt/sources.list.d/*.sources; do
      [ -e "$f" ] || continue
      grep -q '^Types: deb$' "$f" || continue
      sed 's/^Types: deb$/Types: deb-src/' "$f" | $sudo tee "/etc/apt/sources.list.d/src-$(basename "$f")" >/dev/null
    done
    if [ -f /etc/apt/sources.list ] && grep -q '^deb ' /etc/apt/sources.list; then
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee /etc/apt/sources.list.d/src-mirror.list >/dev/null
    fi
    $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
  fi
  (cd "$cache" && apt-get source --download-only "$name" >/dev/null)
fi

# dpkg-source applies Debian's patches: the same code as the binary packages.
dsc=$(ls "$cache"/*.dsc | head -1)
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
command -v dpkg-source >/dev/null 2>&1 || $sudo env DEBIAN_FRONTEND=noninteractive \
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq dpkg-dev >/dev/null
dpkg-source --no-check -x "$dsc" "$dest" >/dev/null
echo "$(basename "$dsc")" > "$dest/.debian-source"
echo "$dest"
