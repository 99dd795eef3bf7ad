#!/usr/bin/env bash
# fuzz.sh run|merge BUILD SECONDS TARGET...
#   run:   runs each libFuzzer target BUILD/fuzz_TARGET for SECONDS on its
#          committed corpus (tests/fuzz/corpus/TARGET, read-only), the
#          inputs of past findings (tests/fuzz/regressions/TARGET, each a
#          regression test: they run first) and a working corpus
#          (BUILD/corpus/TARGET, where new inputs go). Any
#          crash, leak, timeout or out-of-memory fails the run; the input is
#          left in BUILD/artifacts/. Prints one line per target.
#   merge: minimizes committed + working corpus back into
#          tests/fuzz/corpus/TARGET (libFuzzer -merge=1), to commit.
# A target with a dictionary tests/fuzz/TARGET.dict gets it.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=$1 build=$2 seconds=$3
shift 3
mkdir -p "$build/artifacts"
status=0
for t in "$@"; do
  bin=$build/fuzz_$t committed=tests/fuzz/corpus/$t work=$build/corpus/$t
  mkdir -p "$committed" "$work"
  regressions=()
  [ -d "tests/fuzz/regressions/$t" ] && regressions=("tests/fuzz/regressions/$t")
  # FUZZ_MAX_LEN, FUZZ_TIMEOUT: `make fuzz-long` raises both.
  opts=(-max_len="${FUZZ_MAX_LEN:-16384}" -timeout="${FUZZ_TIMEOUT:-20}" -rss_limit_mb=2048 -print_final_stats=1)
  # The server and the calculator write to stderr; libFuzzer keeps its own.
  case $t in rpc|shape) opts+=(-close_fd_mask=2) ;; esac
  [ -f "tests/fuzz/$t.dict" ] && opts+=("-dict=tests/fuzz/$t.dict")
  if [ "$mode" = merge ]; then
    tmp=$(mktemp -d)
    # Edges only (no hit counts): a small corpus, replayed by the unit tests.
    "$bin" "${opts[@]}" -use_counters=0 -merge=1 "$tmp" "$committed" "$work" 2>"$build/merge-$t.log" ||
      { echo "fuzz: merge of $t failed (see $build/merge-$t.log)" >&2; status=1; rm -rf "$tmp"; continue; }
    rm -f "$committed"/*
    cp "$tmp"/* "$committed"/ 2>/dev/null || true
    rm -rf "$tmp"
    echo "fuzz: $t corpus: $(ls "$committed" | wc -l) inputs, $(du -sk "$committed" | cut -f1) KB"
    continue
  fi
  log=$build/fuzz-$t.log
  start=$(date +%s)
  if "$bin" "${opts[@]}" -max_total_time="$seconds" -artifact_prefix="$build/artifacts/$t-" \
      "$work" "$committed" "${regressions[@]}" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
    echo "fuzz: $t: $(( $(date +%s) - start )) s, ${runs:-?} runs, coverage ${cov:-?} edges, no finding"
  else
    status=1
    echo "fuzz: $t: FINDING after $(( $(date +%s) - start )) s (log: $log):" >&2
    grep -E '^(==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)|runtime error' "$log" | head -8 >&2
  fi
done
exit $status
