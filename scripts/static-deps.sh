#!/usr/bin/env bash
# static-deps.sh OUT: the libraries mlir-shape links (libuv, cJSON, the
# tree-sitter runtime) built as static archives with musl-gcc from Debian's
# source packages of the versions this machine's -dev packages have, for the
# self-contained binary of `make dist`; and mimalloc, whose malloc replaces
# musl's in that binary (musl's mallocng unmaps freed groups eagerly: `check`
# on 10 MB took 1.4x the CPU of the glibc build, 0.32 s of it in the kernel;
# with mimalloc it takes the same as glibc's; see below for its one option).
#
# Writes OUT/include (uv.h, uv/, cjson/cJSON.h, tree_sitter/api.h), OUT/lib
# (libuv.a, libcjson.a, libtree-sitter.a, mimalloc.o: an object, so that it
# is always linked and musl's malloc never is) and OUT/LICENSES (each
# library's licence file, and musl's), then OUT/.done. Sources come through
# scripts/debian-source.sh into build/debian-src. Objects are built with
# -ffile-prefix-map so that no path of this machine ends up in the binary.
# libuv is built by its own CMake build (upstream's list of Linux sources);
# cJSON and tree-sitter are one C file each.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
out=$(cd "$1" && pwd)
cache=$root/build/debian-src
CC=${MUSL_CC:-musl-gcc}
command -v "$CC" >/dev/null || { echo "static-deps.sh: $CC not found (Debian: musl-tools)" >&2; exit 1; }

uv=$("$root/scripts/debian-source.sh" libuv1-dev "$cache")
cjson=$("$root/scripts/debian-source.sh" libcjson-dev "$cache")
ts=$("$root/scripts/debian-source.sh" libtree-sitter-dev "$cache")
musl=$("$root/scripts/debian-source.sh" musl-dev "$cache")
mi=$("$root/scripts/debian-source.sh" mimalloc "$cache")

rm -rf "$out/include" "$out/lib" "$out/LICENSES" "$out/obj" "$out/.done"
mkdir -p "$out/include/cjson" "$out/include/tree_sitter" "$out/lib" "$out/LICENSES" "$out/obj"
# Paths in debug info and __FILE__ (assert) become the library's name.
map() { echo "-ffile-prefix-map=$1=$2"; }
CFLAGS="-O2 -g -fno-ident $(map "$out" static-deps)"

# libuv: its CMake build, static library only.
cmake -S "$uv" -B "$out/obj/libuv" -G "Unix Makefiles" -DCMAKE_C_COMPILER="$CC" \
  -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="$CFLAGS $(map "$uv" libuv)" \
  -DLIBUV_BUILD_TESTS=OFF -DLIBUV_BUILD_BENCH=OFF >"$out/obj/libuv.log" 2>&1 ||
  { tail -20 "$out/obj/libuv.log" >&2; exit 1; }
cmake --build "$out/obj/libuv" --target uv_a -j"$(nproc)" >>"$out/obj/libuv.log" 2>&1 ||
  { tail -20 "$out/obj/libuv.log" >&2; exit 1; }
cp "$out/obj/libuv/libuv_a.a" "$out/lib/libuv.a"
cp -r "$uv/include/uv.h" "$uv/include/uv" "$out/include/"
cp "$uv/LICENSE" "$out/LICENSES/libuv.txt"

# cJSON: as Debian builds it (CMake defaults: locales on).
$CC $CFLAGS $(map "$cjson" cjson) -std=c89 -DENABLE_LOCALES -c -o "$out/obj/cJSON.o" "$cjson/cJSON.c"
ar rcsD "$out/lib/libcjson.a" "$out/obj/cJSON.o"
cp "$cjson/cJSON.h" "$out/include/cjson/"
cp "$cjson/LICENSE" "$out/LICENSES/cJSON.txt"

# The tree-sitter runtime: its amalgamation lib/src/lib.c, as its Makefile does.
$CC $CFLAGS $(map "$ts" tree-sitter) -std=gnu99 -I"$ts/lib/src" -I"$ts/lib/include" \
  -c -o "$out/obj/tree-sitter.o" "$ts/lib/src/lib.c"
ar rcsD "$out/lib/libtree-sitter.a" "$out/obj/tree-sitter.o"
cp "$ts/lib/include/tree_sitter/api.h" "$out/include/tree_sitter/"
cp "$ts/LICENSE" "$out/LICENSES/tree-sitter.txt"

# mimalloc: its single-file build, overriding malloc, free, realloc... (as
# Debian's build: no debug checks, not the secure mode), with one default
# changed: unused pages go back to the system after 500 ms instead of 25 ms
# (at 25 ms, `check` on 50 MB took 2.3x the page faults of the glibc build
# and 1.35x its CPU; at 500 ms, fewer faults than glibc's and 38 MB peak RSS
# instead of 30). MIMALLOC_DECOMMIT_DELAY still overrides it.
cat > "$out/obj/mimalloc.c" <<'C'
#include "static.c"
/* Before mimalloc's own constructor reads its options. */
__attribute__((constructor(101))) static void ms_mimalloc_defaults(void) {
  mi_option_set_default(mi_option_decommit_delay, 500);
}
C
$CC $CFLAGS $(map "$mi" mimalloc) -std=gnu11 -DNDEBUG -DMI_MALLOC_OVERRIDE -I"$mi/include" -I"$mi/src" \
  -c -o "$out/lib/mimalloc.o" "$out/obj/mimalloc.c"
cp "$mi/LICENSE" "$out/LICENSES/mimalloc.txt"

# musl is linked in by musl-gcc -static.
cp "$musl/COPYRIGHT" "$out/LICENSES/musl.txt"
touch "$out/.done"
