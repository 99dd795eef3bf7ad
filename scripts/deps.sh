#!/usr/bin/env bash
# deps.sh [build|static|deb|test|vscode|fuzz|valgrind|wasm|web]...
# Installs the Debian packages mlir-shape needs and that this machine lacks.
# Libraries are probed with pkg-config, tools with command -v; apt-get update
# runs once, and only when something is missing. Does nothing when all is here.
set -euo pipefail

want=()
need_pc() { pkg-config --exists "$1" 2>/dev/null || want+=("$2"); }
need_cmd() { command -v "$1" >/dev/null 2>&1 || want+=("$2"); }
need_py() { /usr/bin/python3 -c "import $1" >/dev/null 2>&1 || want+=("$2"); }

for what in "${@:-build}"; do
  case $what in
    build)
      need_cmd pkg-config pkg-config
      need_cmd cc gcc
      need_cmd make make
      need_pc libuv libuv1-dev
      need_pc libcjson libcjson-dev
      need_pc tree-sitter libtree-sitter-dev
      need_pc criterion libcriterion-dev ;;
    static)   # make dist: musl-gcc, libuv's CMake build, apt-get source's unpacking
      need_cmd musl-gcc musl-tools
      need_cmd cmake cmake
      need_cmd dpkg-source dpkg-dev
      need_cmd strip binutils
      need_cmd gzip gzip ;;
    deb)      # make deb
      need_cmd dpkg-shlibdeps dpkg-dev
      need_cmd dpkg-buildflags dpkg-dev
      need_cmd strip binutils ;;
    test)
      need_cmd mlir-opt-22 mlir-22-tools
      need_cmd python3 python3
      need_py numpy python3-numpy
      need_py yaml python3-yaml
      need_py onnx python3-onnx
      need_py torch python3-torch
      need_cmd nvim neovim
      need_cmd emacs emacs-nox
      compgen -G '/usr/share/emacs/site-lisp/elpa/eglot-*' >/dev/null || want+=(elpa-eglot)
      need_cmd node nodejs
      need_cmd npm npm
      need_cmd git git
      need_cmd pre-commit pre-commit
      need_cmd groff groff-base
      [ -x /usr/bin/time ] || want+=(time)
      need_cmd lintian lintian
      need_cmd readelf binutils
      need_cmd unshare util-linux
      need_cmd unzip unzip
      need_cmd curl curl ;;
    vscode)
      need_cmd chromium chromium
      need_cmd g++ g++
      need_cmd python3 python3
      [ -e /usr/include/gssapi/gssapi.h ] || want+=(libkrb5-dev) ;;
    fuzz)
      need_cmd clang clang
      compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ||
        want+=(libclang-rt-14-dev) ;;  # bookworm's clang is 14
    valgrind)
      need_cmd valgrind valgrind ;;
    wasm)  # make wasm: emscripten, and dpkg-source for Debian's sources of tree-sitter and cJSON
      need_cmd emcc emscripten
      need_cmd dpkg-source dpkg-dev
      need_cmd node nodejs ;;
    web)   # make web, test-web, bench-web: the page's bundle and a headless browser
      need_cmd node nodejs
      need_cmd npm npm
      need_cmd chromium chromium ;;
    *) echo "deps.sh: unknown group '$what' (build, static, deb, test, vscode, fuzz, valgrind, wasm, web)" >&2; exit 2 ;;
  esac
done

[ ${#want[@]} -eq 0 ] && exit 0
# One package can answer several probes.
mapfile -t want < <(printf '%s\n' "${want[@]}" | sort -u)
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo"
echo "deps: installing ${want[*]}" >&2
$sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 \
  install -y -qq --no-install-recommends "${want[@]}" >/dev/null
