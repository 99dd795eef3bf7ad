#!/usr/bin/env bash
# bench-dumps.sh: `check` on the dumps people really have (`make bench-dumps`,
# issue 20), side by side with mlir-opt-22 in one run.
#
# For every shape of bench/gen_dumps.py (generic-attrs, pretty-attrs, named,
# giant, nested, mixed) and every size (BENCH_DUMP_SIZES, MB: "50 200"),
# the tools take turns, BENCH_DUMP_ROUNDS (1) rounds: `build/mlir-shape
# check FILE`, `check --jobs 1 FILE` and `mlir-opt-22
# --allow-unregistered-dialect FILE -o /dev/null`. Printed per shape and
# size: best wall time of each, the ratio, CPU time, what --jobs 2 buys over
# --jobs 1, peak RSS (ru_maxrss) of each and its ratio; then the targets of
# issue 20, one line per shape: time <= 0.5x mlir-opt-22's and peak RSS <=
# 0.2x at every size, and peak RSS at the largest size <= 1.1x ours at the
# smallest. Raw JSON lines are left in bench/out/bench-dumps.jsonl.
#
# Environment: BENCH_SHAPES (all six), BENCH_DUMP_SIZES (else BENCH_SIZES,
# as the other scripts take it for a quick run: BENCH_SIZES=1; else "50
# 200"), BENCH_DUMP_ROUNDS (1), MS_BIN (build/mlir-shape), MLIR_OPT
# (mlir-opt-22).
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=bench/out/dumps
SHAPES=${BENCH_SHAPES:-generic-attrs pretty-attrs named giant nested mixed}
SIZES=${BENCH_DUMP_SIZES:-${BENCH_SIZES:-50 200}}
ROUNDS=${BENCH_DUMP_ROUNDS:-1}
MLIR_OPT=${MLIR_OPT:-mlir-opt-22}
MS_BIN=${MS_BIN:-build/mlir-shape}
RESULTS=bench/out/bench-dumps.jsonl

mkdir -p "$OUT"
[ -x "$MS_BIN" ] || { echo "bench-dumps: $MS_BIN missing (make)" >&2; exit 2; }
command -v "$MLIR_OPT" >/dev/null || { echo "bench-dumps: $MLIR_OPT not found" >&2; exit 2; }
: > "$RESULTS"
note() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); d.update(json.loads(sys.argv[2])); print(json.dumps(d))' "$1" "$2" >> "$RESULTS"; }

for shape in $SHAPES; do
  for s in $SIZES; do
    f=$OUT/$shape-${s}M.mlir
    if [ ! -s "$f" ]; then
      echo "generating $f" >&2
      python3 bench/gen_dumps.py --shape "$shape" --size "${s}M" --seed 1 -o "$f.tmp" && mv "$f.tmp" "$f"
    fi
    bytes=$(stat -c %s "$f")
    for r in $(seq "$ROUNDS"); do
      echo "$shape ${s}M round $r/$ROUNDS" >&2
      tag="\"shape\":\"$shape\",\"mb\":$s,\"bytes\":$bytes"
      note "$(bench/measure.py -- "$MS_BIN" check "$f")" "{\"tool\":\"check\",$tag}"
      note "$(bench/measure.py -- "$MS_BIN" check --jobs 1 "$f")" "{\"tool\":\"check-jobs1\",$tag}"
      note "$(bench/measure.py -- "$MLIR_OPT" --allow-unregistered-dialect "$f" -o /dev/null)" "{\"tool\":\"mlir-opt\",$tag}"
    done
  done
done

python3 - "$RESULTS" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
keys = []
for r in rows:
    if (r["shape"], r["mb"]) not in keys:
        keys.append((r["shape"], r["mb"]))
def pick(tool, k):
    return [r for r in rows if r["tool"] == tool and (r["shape"], r["mb"]) == k]
fmt = "%-14s %5s %8s %10s %6s %9s %7s %9s %8s %8s %8s %11s %6s %s"
print(fmt % ("shape", "MB", "check s", "mlir-opt s", "ratio", "check cpu", "opt cpu", "cpu ratio", "jobs1 s", "speedup",
             "check MB", "mlir-opt MB", "RSS", "notes"))
v = {}
for k in keys:
    c, j, m = pick("check", k), pick("check-jobs1", k), pick("mlir-opt", k)
    if not c or not m:
        continue
    t, tm, t1 = min(r["wall_s"] for r in c), min(r["wall_s"] for r in m), min(r["wall_s"] for r in j) if j else 0
    rss, rssm = statistics.median(r["maxrss_kb"] for r in c) / 1024, statistics.median(r["maxrss_kb"] for r in m) / 1024
    bad = sorted({r["rc"] for r in c + j if r["rc"] not in (0, 1)})
    notes = ["check FAILED, exit %s" % bad] if bad else []
    if any(r["rc"] for r in m):
        notes.append("mlir-opt rejected the file")
    cpu, cpum = min(r["cpu_s"] for r in c), min(r["cpu_s"] for r in m)
    v[k] = dict(t=t, tm=tm, t1=t1, cpu=cpu, cpum=cpum, rss=rss, rssm=rssm, bad=bool(bad))
    print(fmt % (k[0], k[1], "%.2f" % t, "%.2f" % tm, "%.2fx" % (t / tm), "%.2f" % cpu, "%.2f" % cpum,
                 "%.2fx" % (cpu / cpum), "%.2f" % t1 if j else "-", "%.2fx" % (t1 / t) if j else "-", "%.1f" % rss, "%.1f" % rssm,
                 "%.2fx" % (rss / rssm), "; ".join(notes)))
print()
print("Best wall time of the rounds (ratio = check / mlir-opt-22: below 1 is faster), peak RSS =")
print("median ru_maxrss (MB = 2^20 bytes); cpu = user + system time (check runs --jobs threads,")
print("mlir-opt-22 one: when other work keeps the cores busy, the wall ratio tends to the cpu ratio);")
print("speedup = --jobs 1's wall time over the default's. Load average at the end: %s."
      % open("/proc/loadavg").read().split()[0])
print()
print("Targets (issue 20), ratios measured side by side in this run:")
def target(name, ok, shown):
    print("  %-46s %-30s %s" % (name, shown, "met" if ok else "NOT met"))
for shape in dict.fromkeys(k[0] for k in v):
    sizes = sorted(k[1] for k in v if k[0] == shape)
    for s in sizes:
        x = v[(shape, s)]
        target("%s %dM: time <= 0.5x mlir-opt-22" % (shape, s), not x["bad"] and x["t"] / x["tm"] <= 0.5,
               "%.2fx (cpu %.2fx, --jobs 1 %.2fx)" % (x["t"] / x["tm"], x["cpu"] / x["cpum"], x["t1"] / x["tm"]))
        target("%s %dM: peak RSS <= 0.2x mlir-opt-22" % (shape, s), x["rss"] / x["rssm"] <= 0.2,
               "%.2fx (%.0f vs %.0f MB)" % (x["rss"] / x["rssm"], x["rss"], x["rssm"]))
    if len(sizes) > 1:
        a, b = v[(shape, sizes[0])], v[(shape, sizes[-1])]
        target("%s %dM: peak RSS <= 1.1x ours at %dM" % (shape, sizes[-1], sizes[0]), b["rss"] / a["rss"] <= 1.1,
               "%.2fx (%.1f vs %.1f MB)" % (b["rss"] / a["rss"], b["rss"], a["rss"]))
PY
