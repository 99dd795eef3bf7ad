#!/usr/bin/env bash
# run.sh BIN WEB_DIR: the browser build's tests (make test-web).
#   wasm_equal.js  the wasm's check/shapes JSON equals BIN's on examples/
#                  and the shared corpus's generic files (node, no browser)
#   page.test.js   the page in Debian's headless Chromium (playwright-core
#                  from web/node_modules; screenshots in build/web-test/)
set -euo pipefail
bin=${1:?usage: run.sh BIN WEB_DIR}
web=${2:?usage: run.sh BIN WEB_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
"$root/scripts/deps.sh" web
status=0
node "$here/wasm_equal.js" "$bin" "$web" "$root/../shared/corpus/generic" || status=1
WEB_DIR=$web node --test "$here/page.test.js" || status=1
exit $status
