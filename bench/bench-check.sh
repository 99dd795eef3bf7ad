#!/usr/bin/env bash
# bench-check.sh: the linter benchmark (`make bench-check`).
#
# `build/mlir-shape check` against `mlir-opt-22 --allow-unregistered-dialect
# FILE -o /dev/null`, measured side by side in one run:
#   1. on the 1, 10, 50 and 200 MB files of bench/gen.py, the two tools
#      taking turns, BENCH_ROUNDS (3) rounds each (BENCH_BIG_ROUNDS, 1, for
#      files of BENCH_BIG_MB (200) MB and more): best wall time, the ratio,
#      CPU time, and peak RSS (ru_maxrss, bench/measure.py) of each;
#   2. `check --jobs 1` on the 50 MB file (one run per round): what the
#      other cores buy; and the static binary of `make dist` (MS_STATIC_BIN,
#      build/static/mlir-shape) on the same file in the same rounds, beside
#      the dynamic build (target: within 10%);
#   3. on the whole corpus tree shared/corpus/generic: ONE `mlir-shape check
#      DIR` call against one mlir-opt-22 run per file (--split-input-file, as
#      the corpus files are test files with `// -----` chunks; their errors
#      are ignored), total time of each and the ratio;
#   4. the growth table (time and RSS per size) and every `check` target of
#      the scale issue as a ratio with met / NOT met.
# check exits 0 (clean) or 1 (findings): both are normal here; 2 or more, or
# death by a signal, is reported as a failure. Raw JSON lines are left in
# bench/out/bench-check.jsonl.
#
# Environment: BENCH_SIZES ("1 10 50 200"), BENCH_ROUNDS (3),
# BENCH_BIG_ROUNDS (1), BENCH_BIG_MB (200), BUILD (build), MS_BIN
# (build/mlir-shape), MS_STATIC_BIN (build/static/mlir-shape; skipped when
# missing), CORPUS (the shared generic corpus).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

BUILD=${BUILD:-build}
OUT=bench/out
SIZES=${BENCH_SIZES:-1 10 50 200}
ROUNDS=${BENCH_ROUNDS:-3}
BIG_ROUNDS=${BENCH_BIG_ROUNDS:-1}
BIG_MB=${BENCH_BIG_MB:-200}
MLIR_OPT=${MLIR_OPT:-mlir-opt-22}
MS_BIN=${MS_BIN:-$BUILD/mlir-shape}
MS_STATIC_BIN=${MS_STATIC_BIN:-build/static/mlir-shape}
[ -x "$MS_STATIC_BIN" ] || { echo "bench-check: no static binary at $MS_STATIC_BIN (make static)" >&2; MS_STATIC_BIN=; }
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
  rounds=$ROUNDS
  [ "$s" -lt "$BIG_MB" ] || rounds=$BIG_ROUNDS
  for r in $(seq "$rounds"); do
    echo "check ${s}M round $r/$rounds" >&2
    note "$(bench/measure.py -- "$MS_BIN" check "$f")" \
      "{\"tool\":\"mlir-shape\",\"what\":\"${s}M\",\"bytes\":$bytes}"
    note "$(bench/measure.py -- "$MLIR_OPT" --allow-unregistered-dialect "$f" -o /dev/null)" \
      "{\"tool\":\"mlir-opt\",\"what\":\"${s}M\",\"bytes\":$bytes}"
    if [ "$s" = 50 ]; then
      note "$(bench/measure.py -- "$MS_BIN" check --jobs 1 "$f")" \
        "{\"tool\":\"mlir-shape-jobs1\",\"what\":\"${s}M\",\"bytes\":$bytes}"
      if [ -n "$MS_STATIC_BIN" ]; then
        note "$(bench/measure.py -- "$MS_STATIC_BIN" check "$f")" \
          "{\"tool\":\"mlir-shape-static\",\"what\":\"${s}M\",\"bytes\":$bytes}"
      fi
    fi
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

python3 - "$RESULTS" "$(nproc)" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ncpu = sys.argv[2]
whats = []
for r in rows:
    if r["what"] not in whats:
        whats.append(r["what"])

def pick(tool, w):
    return [r for r in rows if r["tool"] == tool and r["what"] == w]

fmt = "%-7s %11s %9s %10s %7s %9s %9s %9s %9s %11s %9s %s"
print(fmt % ("input", "bytes", "check s", "mlir-opt s", "ratio", "check cpu", "opt cpu", "cpu ratio", "check MB",
             "mlir-opt MB", "RSS ratio", "notes"))
v = {}
for w in whats:
    ours, opt = pick("mlir-shape", w), pick("mlir-opt", w)
    if not ours or not opt:
        continue
    t_o, t_m = min(r["wall_s"] for r in ours), min(r["wall_s"] for r in opt)
    cpu_o = min(r.get("cpu_s", 0) for r in ours)
    cpu_m = min(r.get("cpu_s", 0) for r in opt)
    rss_o = statistics.median(r["maxrss_kb"] for r in ours) / 1024
    rss_m = statistics.median(r["maxrss_kb"] for r in opt) / 1024
    notes = []
    bad = sorted({r["rc"] for r in ours if r["rc"] not in (0, 1)})
    notes.append("check FAILED, exit %s" % bad if bad else "check exit %s" % sorted({r["rc"] for r in ours}))
    if w == "corpus":
        notes.append("%d files; mlir-opt: one process per file" % ours[0]["files"])
    elif any(r["rc"] for r in opt):
        notes.append("mlir-opt rejected the file")
    notes.append("%d round%s" % (len(ours), "s" if len(ours) > 1 else ""))
    v[w] = dict(t=t_o, tm=t_m, cpu=cpu_o, rss=rss_o, rssm=rss_m, bad=bool(bad), bytes=ours[0]["bytes"])
    print(fmt % (w, ours[0]["bytes"], "%.3f" % t_o, "%.3f" % t_m, "%.2fx" % (t_o / t_m), "%.2f" % cpu_o,
                 "%.2f" % cpu_m, "%.2fx" % (cpu_o / cpu_m) if cpu_m else "-", "%.1f" % rss_o, "%.1f" % rss_m, "%.2fx" % (rss_o / rss_m), "; ".join(notes)))
j1 = pick("mlir-shape-jobs1", "50M")
print()
print("Best wall time of the rounds (ratio = ours / mlir-opt-22's: below 1 is faster); cpu = user+system")
print("time (best round; mlir-opt-22 runs on one thread, check on --jobs threads: when other processes")
print("keep the cores busy, the wall ratio tends to the cpu ratio); peak RSS = median ru_maxrss")
print("(MB = 2^20 bytes). %s online CPUs, load average at the end: %s." % (ncpu, open("/proc/loadavg").read().split()[0]))
if j1 and "50M" in v:
    t1 = min(r["wall_s"] for r in j1)
    print("50M with --jobs 1: %.3f s, %.1f MB; the default (--jobs %s) is %.2fx faster."
          % (t1, statistics.median(r["maxrss_kb"] for r in j1) / 1024, ncpu, t1 / v["50M"]["t"]))

st = pick("mlir-shape-static", "50M")
if st and "50M" in v:
    ts = min(r["wall_s"] for r in st)
    cs = min(r.get("cpu_s", 0) for r in st)
    print("50M with the static binary (make dist: musl, mimalloc): %.3f s, cpu %.2f s, %.1f MB; the dynamic build: %.3f s, cpu %.2f s, %.1f MB."
          % (ts, cs, statistics.median(r["maxrss_kb"] for r in st) / 1024, v["50M"]["t"], v["50M"]["cpu"], v["50M"]["rss"]))
    v["static"] = dict(t=ts, cpu=cs, bad=any(r["rc"] not in (0, 1) for r in st))

sizes = [w for w in whats if w.endswith("M") and w in v]
if sizes:
    print()
    print("Growth (check): time per MB should stay flat (linear time), RSS flat beyond the window.")
    print("%-7s %9s %9s %9s %14s" % ("input", "check s", "ms / MB", "check MB", "mlir-opt ms/MB"))
    for w in sizes:
        mb = v[w]["bytes"] / 1e6
        print("%-7s %9.3f %9.1f %9.1f %14.1f" % (w, v[w]["t"], 1e3 * v[w]["t"] / mb, v[w]["rss"],
                                                 1e3 * v[w]["tm"] / mb))

print()
print("Targets (issue 13, bench/README.md), ratios measured side by side in this run:")
def target(name, present, ok, shown):
    print("  %-42s %-28s %s" % (name, shown if present else "-",
                                 ("met" if ok else "NOT met") if present else "not measured"))
for w in ("50M", "200M"):
    x = v.get(w)
    target("check %s: time <= 0.6x mlir-opt-22" % w, x, x and not x["bad"] and x["t"] / x["tm"] <= 0.6,
           x and "%.2fx" % (x["t"] / x["tm"]))
x = v.get("50M")
target("check 50M: peak RSS <= 0.5x mlir-opt-22", x, x and x["rss"] / x["rssm"] <= 0.5,
       x and "%.2fx" % (x["rss"] / x["rssm"]))
x, y = v.get("200M"), v.get("50M")
target("check 200M: peak RSS <= 1.1x ours at 50M", x and y, x and y and x["rss"] / y["rss"] <= 1.1,
       x and y and "%.3fx (%.1f vs %.1f MB)" % (x["rss"] / y["rss"], x["rss"], y["rss"]))
x, y = v.get("static"), v.get("50M")
target("check 50M static: time <= 1.1x the dynamic", x and y, x and y and not x["bad"] and x["t"] / y["t"] <= 1.1,
       x and y and "%.2fx (cpu %.2fx)" % (x["t"] / y["t"], x["cpu"] / y["cpu"] if y["cpu"] else 0))
x = v.get("corpus")
target("corpus tree: time <= 0.1x mlir-opt-22", x, x and not x["bad"] and x["t"] / x["tm"] <= 0.1,
       x and "%.3fx" % (x["t"] / x["tm"]))
EOF
