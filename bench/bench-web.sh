#!/usr/bin/env bash
# bench-web.sh BIN WEB_DIR: the browser build's benchmark (`make bench-web`).
#
#   1. page load: build/web served on 127.0.0.1 (python3 -m http.server, as
#      the README says), opened BENCH_ROUNDS (5) times in a fresh headless
#      Chromium context each (nothing cached): milliseconds from navigation
#      start until the example's findings are on the page;
#   2. a 1 MB file (bench/gen.py, with 20 broadcast errors) checked by the
#      wasm (`check --format=json`, under node and in Chromium) against the
#      native `check --jobs 1 --format=json`, the two taking turns: best
#      of BENCH_ROUNDS each, the ratio, and whether both printed the same
#      bytes.
# Targets (issue 26): load under 2 s; 1 MB in the wasm under 3x native.
# Raw JSON lines in bench/out/bench-web.jsonl.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh
bin=${1:-build/mlir-shape}
web=${2:-build/web}
OUT=bench/out
mkdir -p "$OUT"
ensure_input "$OUT/1M-err20.mlir" 1 --errors 20
scripts/deps.sh web

port_file=$(mktemp)
python3 - "$web" "$port_file" <<'PY' &
import functools, http.server, sys
class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass
handler = functools.partial(Quiet, directory=sys.argv[1])
srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
open(sys.argv[2], "w").write(str(srv.server_address[1]))
srv.serve_forever()
PY
server=$!
trap 'kill $server 2>/dev/null; rm -f "$port_file"' EXIT
for _ in $(seq 100); do [ -s "$port_file" ] && break; sleep 0.1; done
port=$(cat "$port_file")
node bench/web_bench.js "$bin" "$web" "http://127.0.0.1:$port/" "$OUT/1M-err20.mlir" "${BENCH_ROUNDS:-5}" \
  | tee "$OUT/bench-web.jsonl.tmp" | grep -v '^{'
grep '^{' "$OUT/bench-web.jsonl.tmp" > "$OUT/bench-web.jsonl"
rm -f "$OUT/bench-web.jsonl.tmp"
