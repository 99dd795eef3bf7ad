#!/usr/bin/env bash
# tests/dist/run.sh BIN DIST STATIC_BUILD: the release artefacts (`make test-dist`,
# after `make dist deb vsix`), BIN being the ordinary build to compare with.
#
#   - the tarball DIST/mlir-shape-<v>-linux-x64.tar.gz lists exactly the
#     expected files, owned 0/0 with one mtime (the commit's date), its
#     SHA256SUMS and the .sha256 beside it verify;
#   - its binary has no NEEDED entry and no interpreter (readelf), no path of
#     this checkout, and `--version` names HEAD;
#   - inside a root holding nothing but that binary and the test files
#     (`unshare --map-root-user --root`, else `chroot` as root), `check`
#     and `shapes` print what BIN prints, and an LSP session (initialize,
#     didOpen, a diagnostic, hover, shutdown, exit) passes
#     (tests/dist/lsp_session.py);
#   - a second `make dist` in other build directories gives the same bytes;
#   - the .vsix bundles that binary;
#   - the .deb is lintian-clean (errors and warnings fail), installs with
#     dpkg -i, its mlir-shape checks examples/ as BIN does, and dpkg -r
#     removes every file again (needs root or sudo).
# Prints a line per failure and a closing "N passed, M failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(realpath "$1"); dist=$(realpath "$2"); static_build=$3
cd "$root"
version=$(tr -d ' \n' < VERSION)
name=mlir-shape-$version-linux-x64
tarball=$dist/$name.tar.gz
deb=$dist/mlir-shape_${version}_amd64.deb
vsix=$dist/mlir-shape-$version.vsix
tmp=$(mktemp -d /tmp/ms-dist.XXXXXX)
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo -n"
installed_by_us=
cleanup() {
  if [ -n "$installed_by_us" ]; then $sudo dpkg -r mlir-shape >/dev/null 2>&1 || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# --- the tarball ---
expected="$name/
$name/LICENSES/
$name/LICENSES/cJSON.txt
$name/LICENSES/libuv.txt
$name/LICENSES/mimalloc.txt
$name/LICENSES/mlir-shape.txt
$name/LICENSES/musl.txt
$name/LICENSES/tree-sitter.txt
$name/README.md
$name/SHA256SUMS
$name/completions/
$name/completions/mlir-shape.bash
$name/mlir-shape
$name/mlir-shape.1"
if [ "$(tar -tzf "$tarball" 2>&1)" = "$expected" ]; then ok tarball-files
else bad tarball-files "$(diff <(echo "$expected") <(tar -tzf "$tarball" 2>&1) | head -20)"; fi
epoch=$(git log -1 --format=%ct 2>/dev/null || echo any)
if python3 - "$tarball" "$epoch" <<'PY'
import sys, tarfile
t = tarfile.open(sys.argv[1])
bad = [m.name for m in t if m.uid or m.gid or (sys.argv[2] != "any" and m.mtime != int(sys.argv[2]))]
assert not bad, bad
assert len({m.mtime for m in t}) == 1
assert t.getmember(t.getnames()[0].split("/")[0] + "/mlir-shape").mode == 0o755
PY
then ok tarball-owner-mtime; else bad tarball-owner-mtime "owner, mtime or mode not normalized"; fi
tar -C "$tmp" -xzf "$tarball"
d=$tmp/$name
if (cd "$d" && sha256sum --quiet -c SHA256SUMS) && [ "$(cut -c67- "$d/SHA256SUMS" | LC_ALL=C sort)" = \
   "$(cd "$d" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort)" ] &&
   (cd "$dist" && sha256sum --quiet -c "$name.tar.gz.sha256"); then ok sha256sums
else bad sha256sums "SHA256SUMS or $name.tar.gz.sha256 does not verify"; fi

# --- the binary ---
sb=$d/mlir-shape
if readelf -d "$sb" 2>&1 | grep -q 'There is no dynamic section' && ! readelf -lW "$sb" | grep -q INTERP &&
   ! readelf -d "$sb" 2>/dev/null | grep -q NEEDED; then ok static
else bad static "$(readelf -d "$sb" 2>&1 | grep -E 'NEEDED|INTERP' | head -5)"; fi
if grep -aqF "$root" "$sb" || grep -aqF "$static_build" "$sb"; then bad no-build-paths "the binary holds $root"
else ok no-build-paths; fi
want_commit=$(git rev-parse --short=12 HEAD 2>/dev/null || true)
v=$("$sb" --version)
case $v in
  "mlir-shape $version (commit $want_commit)"|"mlir-shape $version (commit $want_commit-dirty)") ok version ;;
  *) [ -z "$want_commit" ] && [ "$v" = "mlir-shape $version (built outside git: no commit recorded)" ] && ok version ||
       bad version "'$v' (HEAD is $want_commit)" ;;
esac

# --- in an empty root: nothing but the binary and the test files ---
jail=$tmp/root
mkdir -p "$jail/work"
cp "$sb" "$jail/mlir-shape"
cp -r examples "$jail/work/examples"
isolate=
if unshare --map-root-user --root="$jail" /mlir-shape --version >/dev/null 2>&1; then
  isolate="unshare --map-root-user --root=$jail"
elif [ "$(id -u)" = 0 ] && chroot "$jail" /mlir-shape --version >/dev/null 2>&1; then
  isolate="chroot $jail"
fi
if [ -z "$isolate" ]; then
  bad empty-root "neither unshare --map-root-user nor chroot (as root) works here"
else
  echo "# isolated with: ${isolate%% *}; the root holds: $(cd "$jail" && ls -A | tr '\n' ' ')"
  # Both run from / with the same relative paths, so that outputs compare.
  for what in "check work/examples" "check --format=json work/examples" "shapes work/examples/dataflow.mlir" \
              "shapes --format=json work/examples"; do
    tag=$(echo "$what" | tr ' /=' '___')
    (cd "$jail" && "$bin" $what) > "$tmp/$tag.want" 2>&1; want_rc=$?
    $isolate /mlir-shape $what > "$tmp/$tag.got" 2>&1; got_rc=$?
    if [ "$got_rc" = "$want_rc" ] && [ -s "$tmp/$tag.got" ] && cmp -s "$tmp/$tag.want" "$tmp/$tag.got"; then
      ok "empty-root $what"
    else bad "empty-root $what" "exit $got_rc (want $want_rc); $(diff "$tmp/$tag.want" "$tmp/$tag.got" | head -5)"; fi
  done
  if python3 tests/dist/lsp_session.py examples/mlir_broadcastable.mlir -- $isolate /mlir-shape lsp > "$tmp/lsp.out" 2>&1
  then ok "empty-root lsp ($(grep -c '^ok' "$tmp/lsp.out") steps)"
  else bad "empty-root lsp" "$(grep -v '^ok' "$tmp/lsp.out" | head -5)"; fi
fi

# --- reproducible: another make dist in other directories, same bytes ---
again=$root/build/dist-again
rm -rf "$again"
if make --no-print-directory dist STATIC_BUILD="$again/static" DIST="$again/dist" > "$tmp/again.log" 2>&1 &&
   cmp "$tarball" "$again/dist/$name.tar.gz"; then ok reproducible
else bad reproducible "$(tail -3 "$tmp/again.log"; cmp "$tarball" "$again/dist/$name.tar.gz" 2>&1)"; fi
rm -rf "$again"

# --- the VS Code extension bundles this binary ---
if [ -f "$vsix" ] && unzip -p "$vsix" extension/bin/linux-x64/mlir-shape | cmp -s - "$sb"; then ok vsix-bundles-static
else bad vsix-bundles-static "$vsix does not hold the dist binary as extension/bin/linux-x64/mlir-shape"; fi

# --- the Debian package ---
if lintian --fail-on error,warning -I "$deb" > "$tmp/lintian.out" 2>&1; then
  ok "lintian ($(grep -cvE '^running with root' "$tmp/lintian.out") tags)"
else bad lintian "$(cat "$tmp/lintian.out")"; fi
if [ -n "$sudo" ] && ! sudo -n true 2>/dev/null; then
  bad deb-install "dpkg -i needs root or passwordless sudo"
elif dpkg-query -W -f='${Status}' mlir-shape 2>/dev/null | grep -q 'ok installed'; then
  bad deb-install "a mlir-shape package is already installed: not touching it"
else
  # dpkg takes its lock at once or fails: retry while another dpkg runs.
  dpkg_retry() { local i; for i in $(seq 1 150); do
      $sudo dpkg "$@" > "$tmp/dpkg.out" 2>&1 && return 0
      grep -q 'lock' "$tmp/dpkg.out" || return 1; sleep 2; done; return 1; }
  if dpkg_retry -i "$deb"; then
    installed_by_us=1
    ok deb-install
    files=$(dpkg -L mlir-shape | sort)
    for f in /usr/bin/mlir-shape /usr/share/man/man1/mlir-shape.1.gz \
             /usr/share/bash-completion/completions/mlir-shape /usr/share/doc/mlir-shape/copyright; do
      echo "$files" | grep -qx "$f" && [ -e "$f" ] || bad deb-files "$f not installed"
    done
    "$bin" check examples/ > "$tmp/deb.want" 2>&1; want_rc=$?
    /usr/bin/mlir-shape check examples/ > "$tmp/deb.got" 2>&1; got_rc=$?
    if [ "$got_rc" = "$want_rc" ] && cmp -s "$tmp/deb.want" "$tmp/deb.got"; then ok deb-check-examples
    else bad deb-check-examples "exit $got_rc (want $want_rc); $(diff "$tmp/deb.want" "$tmp/deb.got" | head -5)"; fi
    if dpkg_retry -r mlir-shape; then
      installed_by_us=
      left=$(for f in $files; do [ -f "$f" ] && echo "$f"; done)
      if [ -z "$left" ] && ! dpkg-query -W -f='${Status}' mlir-shape 2>/dev/null | grep -q 'ok installed'; then
        ok deb-remove
      else bad deb-remove "left behind: $left"; fi
    else bad deb-remove "$(cat "$tmp/dpkg.out")"; fi
  else bad deb-install "$(tail -5 "$tmp/dpkg.out")"; fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
