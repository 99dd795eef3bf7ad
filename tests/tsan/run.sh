#!/bin/sh
# tests/tsan/run.sh BUILD_DIR: the threaded code under ThreadSanitizer
# (`make test-tsan`, which builds BUILD_DIR = build/tsan with
# -fsanitize=thread). Any TSan report fails the run (halt_on_error,
# exitcode 66). Checks, in about a minute:
#   1. pool-stress: the worker pool alone (tests/tsan/pool_stress.c);
#   2. `check --jobs 4` on a generated file cut into many small pieces
#      (MLIR_SHAPE_UNIT_BYTES), text and json, on one giant function cut
#      into pieces (bench/gen_dumps.py), and on the shared corpus:
#      the pipeline, its ordered collection and the streamed text output;
#      outputs must equal those of the same binary with --jobs 1;
#   3. a scripted language-server session (tests/leak/session.js) on a
#      chunked document: the server's builds on worker threads, one
#      cancelled by an edit while requests wait for it, with a tree budget
#      of one chunk (trees dropped by the workers, parsed again on use).
set -eu
build=${1:?usage: tests/tsan/run.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(cd "$build" && pwd)/mlir-shape
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:exitcode=66:second_deadlock_stack=1}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mlir-shape-tsan.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail() { echo "tests/tsan: FAIL: $*" >&2; exit 1; }

"$build/pool-stress" || fail "pool-stress (exit $?)"

python3 "$root/bench/gen.py" --size 600K --seed 3 --errors 5 -o "$tmp/g.mlir"
for fmt in text json; do
  for j in 1 4; do
    rc=0
    MLIR_SHAPE_UNIT_BYTES=16000 "$bin" check --jobs $j --format=$fmt "$tmp/g.mlir" > "$tmp/$fmt.$j" 2> "$tmp/$fmt.$j.err" || rc=$?
    [ $rc -le 1 ] || { cat "$tmp/$fmt.$j.err" >&2; fail "check --jobs $j --format=$fmt exited $rc"; }
  done
  cmp -s "$tmp/$fmt.1" "$tmp/$fmt.4" || fail "check --format=$fmt: --jobs 4 differs from --jobs 1"
done
# One giant function cut into pieces: parsed on the workers, judged in
# order on the collecting thread (flow.h).
python3 "$root/bench/gen_dumps.py" --shape giant --size 600K --seed 3 --errors 5 --mismatches 2 -o "$tmp/giant.mlir"
for j in 1 4; do
  rc=0
  MLIR_SHAPE_UNIT_BYTES=16000 "$bin" check --jobs $j --format=json "$tmp/giant.mlir" > "$tmp/giant.$j" 2> "$tmp/giant.$j.err" || rc=$?
  [ $rc -le 1 ] || { cat "$tmp/giant.$j.err" >&2; fail "check --jobs $j on a giant function exited $rc"; }
done
cmp -s "$tmp/giant.1" "$tmp/giant.4" || fail "check on a giant function: --jobs 4 differs from --jobs 1"
corpus=$root/../shared/corpus
if [ -d "$corpus" ]; then
  for j in 1 4; do
    rc=0
    MLIR_SHAPE_UNIT_BYTES=2000 "$bin" check --jobs $j "$corpus" > "$tmp/corpus.$j" 2>&1 || rc=$?
    [ $rc -le 1 ] || { tail -20 "$tmp/corpus.$j" >&2; fail "check --jobs $j on the corpus exited $rc"; }
  done
  cmp -s "$tmp/corpus.1" "$tmp/corpus.4" || fail "corpus: --jobs 4 differs from --jobs 1"
fi
echo "tests/tsan: check pipeline OK"

if command -v node >/dev/null && [ -d "$root/tests/lsp/node_modules/vscode-languageserver-protocol" ]; then
  python3 "$root/bench/gen.py" --size 1100K --seed 2 --errors 8 -o "$tmp/big.mlir"
  # A tree budget of one chunk: workers drop trees during the builds.
  MLIR_SHAPE_TREE_BUDGET=262144 node "$root/tests/leak/session.js" "$tmp" "$bin" lsp ||
    fail "language-server session under TSan"
  # One giant function: its pieces parsed on the workers, judged in order
  # on the loop's thread (session_flow.c).
  mkdir "$tmp/giant-lsp"
  python3 "$root/bench/gen_dumps.py" --shape giant --size 1100K --seed 2 --errors 8 -o "$tmp/giant-lsp/big.mlir"
  MLIR_SHAPE_TREE_BUDGET=262144 node "$root/tests/leak/session.js" "$tmp/giant-lsp" "$bin" lsp ||
    fail "language-server session on a giant function under TSan"
  echo "tests/tsan: language server OK"
else
  echo "tests/tsan: language-server session skipped (node packages of tests/lsp not installed)"
fi
echo "tests/tsan: OK"
