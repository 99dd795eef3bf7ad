#!/usr/bin/env bash
# bench-check.sh: the linter benchmark (`make bench-check`).
#
# `build/mlir-shape check` against `mlir-opt-22 --allow-unregistered-dialect
# FILE -o /dev/null`, measured side by side in one run:
#   1. on the 1, 10 and 50 MB files of bench/gen.py, the two tools taking
#      turns, BENCH_ROUNDS (3) rounds each: best wall time, the ratio, and
#      peak RSS (ru_maxrss, bench/measure.py) of each;
#   2. on the whole corpus tree shared/corpus/generic: ONE `mlir-shape check
#      DIR` call against one mlir-opt-22 run per file (--split-input-file, as
#      the corpus files are test files with `// -----` chunks; their errors
#      are ignored), total time of each and the ratio.
# check exits 0 (clean) or 1 (findings): both are normal here; 2 or more, or
# death by a signal, is reported as a failure. Raw JSON lines are left in
# bench/out/bench-check.jsonl.
#
# Environment: BENCH_SIZES ("1 10 50"), BENCH_ROUNDS (3), BUILD (build),
# MS_BIN (build/mlir-shape), CORPUS (the shared generic corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

BUILD=${BUILD:-build}
OUT=bench/out
SIZES=${BENCH_SIZES:-1 10 50}
ROUNDS=${BENCH_ROUNDS:-3}
MLIR_OPT=${MLIR_OPT:-mlir-opt-22}
MS_BIN=${MS_BIN:-$BUILD/mlir-shape}
CORPUS=${CORPUS:-$(git rev-parse --show-toplevel)/../shared/corpus/generic}
RESULTS=$OUT/bench-check.jsonl

mkdir -p "$OUT"
[ -x "$MS_BIN" ] || { echo "bench-check: $MS_BIN missing (make)" >&2; exit 2; }
command -v "$MLIR_OPT" >/dev/null || { echo "bench-check: $MLIR_OPT not found" >&2; exit 2; }
: > "$OUT/empty.mlir"
rc=0
"$MS_BIN" check "$OUT/empty.mlir" >/dev/null 2>&1 || rc=$?
if [ "$rc" -ge 2 ]; then
  echo "bench-check: '$MS_BIN check' does not run yet (exit $rc on an empty file)" >&2
  exit 2
fi

for s in $SIZES; do
  ensure_input "$OUT/${s}M.mlir" "$s"
done

: > "$RESULTS"
note() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); d.update(json.loads(sys.argv[2])); print(json.dumps(d))' "$1" "$2" >> "$RESULTS"; }

for s in $SIZES; do
  f=$OUT/${s}M.mlir
  bytes=$(stat -c %s "$f")
  for r in $(seq "$ROUNDS"); do
    echo "check ${s}M round $r/$ROUNDS" >&2
    note "$(bench/measure.py -- "$MS_BIN" check "$f")" \
      "{\"tool\":\"mlir-shape\",\"what\":\"${s}M\",\"bytes\":$bytes}"
    note "$(bench/measure.py -- "$MLIR_OPT" --allow-unregistered-dialect "$f" -o /dev/null)" \
      "{\"tool\":\"mlir-opt\",\"what\":\"${s}M\",\"bytes\":$bytes}"
  done
done

if [ -d "$CORPUS" ]; then
  n=$(find "$CORPUS" -name '*.mlir' | wc -l)
  bytes=$(find "$CORPUS" -name '*.mlir' -exec cat {} + | wc -c)
  for r in $(seq "$ROUNDS"); do
    echo "check corpus ($n files) round $r/$ROUNDS" >&2
    note "$(bench/measure.py -- "$MS_BIN" check "$CORPUS")" \
      "{\"tool\":\"mlir-shape\",\"what\":\"corpus\",\"bytes\":$bytes,\"files\":$n}"
    # xargs -n1: one mlir-opt process per file, as a user would run it.
    note "$(bench/measure.py -- sh -c "find '$CORPUS' -name '*.mlir' -print0 | sort -z |
        xargs -0 -n1 $MLIR_OPT --allow-unregistered-dialect --split-input-file -o /dev/null" )" \
      "{\"tool\":\"mlir-opt\",\"what\":\"corpus\",\"bytes\":$bytes,\"files\":$n}"
  done
else
  echo "bench-check: no corpus at $CORPUS" >&2
fi

python3 - "$RESULTS" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
whats = []
for r in rows:
    if r["what"] not in whats:
        whats.append(r["what"])
fmt = "%-7s %11s %10s %10s %9s %11s %11s %s"
print(fmt % ("input", "bytes", "check s", "mlir-opt s", "speedup", "check MB", "mlir-opt MB", "notes"))
verdict = {}
for w in whats:
    ours = [r for r in rows if r["tool"] == "mlir-shape" and r["what"] == w]
    opt = [r for r in rows if r["tool"] == "mlir-opt" and r["what"] == w]
    t_o, t_m = min(r["wall_s"] for r in ours), min(r["wall_s"] for r in opt)
    rss_o = statistics.median(r["maxrss_kb"] for r in ours) / 1024
    rss_m = statistics.median(r["maxrss_kb"] for r in opt) / 1024
    notes = []
    bad = sorted({r["rc"] for r in ours if r["rc"] not in (0, 1)})
    if bad:
        notes.append("check FAILED, exit %s" % bad)
    else:
        notes.append("check exit %s" % sorted({r["rc"] for r in ours}))
    if w == "corpus":
        notes.append("%d files; mlir-opt: one process per file" % ours[0]["files"])
    elif any(r["rc"] for r in opt):
        notes.append("mlir-opt rejected the file")
    verdict[w] = (t_o, t_m, rss_o, rss_m, bool(bad))
    print(fmt % (w, ours[0]["bytes"], "%.3f" % t_o, "%.3f" % t_m, "%.2fx" % (t_m / t_o),
                 "%.1f" % rss_o, "%.1f" % rss_m, "; ".join(notes)))
print()
print("Best wall time of %d alternating rounds; peak RSS = median ru_maxrss (MB = 2^20 bytes)."
      % len([r for r in rows if r["tool"] == "mlir-shape" and r["what"] == whats[0]]))
print("Targets (bench/README.md):")
if "corpus" in verdict:
    t_o, t_m, _, _, bad = verdict["corpus"]
    print("  corpus: faster than mlir-opt: %s" % ("PASS" if t_o < t_m and not bad else "FAIL"))
if "50M" in verdict:
    t_o, t_m, r_o, r_m, bad = verdict["50M"]
    print("  50M: at least as fast as mlir-opt: %s; peak RSS no higher: %s"
          % ("PASS" if t_o <= t_m and not bad else "FAIL", "PASS" if r_o <= r_m else "FAIL"))
EOF
