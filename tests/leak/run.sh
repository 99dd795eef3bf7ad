#!/bin/sh
# tests/leak/run.sh BIN: a scripted language-server session (session.js)
# against `BIN lsp` running under valgrind's memcheck. Fails unless every
# request is answered, the server exits with status 0 (valgrind's
# --error-exitcode=99 turns an invalid access or a leak into 99), and the
# valgrind log says "ERROR SUMMARY: 0 errors" with no definitely,
# indirectly or possibly lost bytes. Prints valgrind's summary lines.
# Takes a few minutes (valgrind is 20-50 times slower). Uses the node
# packages of tests/lsp.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:?usage: tests/leak/run.sh path/to/mlir-shape}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
[ -x "$bin" ] || { echo "tests/leak: $bin is not executable" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "tests/leak: valgrind is not installed" >&2; exit 2; }
if [ ! -d "$here/../lsp/node_modules/vscode-languageserver-protocol" ]; then
  (cd "$here/../lsp" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error >/dev/null)
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mlir-shape-leak.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
# Above 1 MB: the chunked path (512 KB threshold) and $/progress (1 MB).
python3 "$here/../../bench/gen.py" --size 1100K --seed 2 --errors 8 -o "$tmp/big.mlir"
log=$tmp/valgrind.log
status=0
# A tree budget of one chunk: trees are dropped and parsed again on use.
MLIR_SHAPE_TREE_BUDGET=262144 node "$here/session.js" "$tmp" valgrind --tool=memcheck --leak-check=full \
  --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible \
  --error-exitcode=99 --num-callers=40 --log-file="$log" "$bin" lsp || status=$?
echo "--- valgrind summary"
grep -E "ERROR SUMMARY|definitely lost|indirectly lost|possibly lost|still reachable|in use at exit|total heap usage|All heap blocks were freed" "$log" | sed 's/^==[0-9]*== *//' || true
fail() { echo "tests/leak: FAIL: $*" >&2; status=1; }
grep -q "ERROR SUMMARY: 0 errors" "$log" || fail "valgrind reports errors"
for kind in "definitely lost" "indirectly lost" "possibly lost"; do
  if grep -q "$kind:" "$log" && ! grep -q "$kind: 0 bytes" "$log"; then fail "valgrind reports $kind bytes"; fi
done
if [ "$status" -ne 0 ] && [ -s "$log" ]; then
  echo "--- valgrind errors (full log: kept in ${TMPDIR:-/tmp}/mlir-shape-leak-valgrind.log)"
  cp "$log" "${TMPDIR:-/tmp}/mlir-shape-leak-valgrind.log"
  sed -n '/^==[0-9]*== \(Invalid\|Conditional\|Use of uninitialised\|Syscall param\|Mismatched\|Source and destination overlap\|Process terminating\|[0-9,]* bytes in [0-9,]* blocks are\)/,/^==[0-9]*== $/p' "$log" | sed 's/^==[0-9]*== //' | head -200
fi
[ "$status" -eq 0 ] && echo "tests/leak: OK" || echo "tests/leak: FAILED (status $status)"
exit "$status"
