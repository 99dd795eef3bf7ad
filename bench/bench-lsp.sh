#!/usr/bin/env bash
# bench-lsp.sh: the language-server benchmark (`make bench-lsp`).
#
# Runs bench/lsp_probe.js on generated files of 1, 10 and 50 MB (bench/gen.py
# with --errors, so that there are diagnostics to publish) against
# `build/mlir-shape lsp` and LLVM's `mlir-lsp-server-22`, the two servers
# taking turns for BENCH_ROUNDS (2) rounds, and prints a table: time to the
# first diagnostics after didOpen, per-edit time to the diagnostics of the
# new version (median, p95), hover time, RSS at the end; and the ratios the
# targets of bench/README.md are about. Each server gets edits the way it
# asks for them: mlir-lsp-server-22 advertises full sync, so every edit
# carries the whole text, as an editor would send it. Raw JSON lines are
# left in bench/out/bench-lsp.jsonl.
#
# Environment: BENCH_SIZES ("1 10 50"), BENCH_ROUNDS (2), BENCH_ERRORS (10),
# BUILD (build), MS_BIN (build/mlir-shape), REF_LSP (mlir-lsp-server-22),
# BENCH_LSP_TIMEOUT (300 s per awaited reply).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

BUILD=${BUILD:-build}
OUT=bench/out
SIZES=${BENCH_SIZES:-1 10 50}
ROUNDS=${BENCH_ROUNDS:-2}
ERRORS=${BENCH_ERRORS:-10}
MS_BIN=${MS_BIN:-$BUILD/mlir-shape}
REF_LSP=${REF_LSP:-mlir-lsp-server-22}
TIMEOUT=${BENCH_LSP_TIMEOUT:-300}
RESULTS=$OUT/bench-lsp.jsonl

mkdir -p "$OUT"
command -v node >/dev/null || { echo "bench-lsp: node not found" >&2; exit 2; }
[ -x "$MS_BIN" ] || echo "bench-lsp: $MS_BIN missing: only $REF_LSP is measured" >&2
command -v "$REF_LSP" >/dev/null || echo "bench-lsp: $REF_LSP not found" >&2

for s in $SIZES; do
  ensure_input "$OUT/${s}M-err$ERRORS.mlir" "$s" --errors "$ERRORS"
done

: > "$RESULTS"
probe() { # label size file cmd...
  local label=$1 size=$2 file=$3 line
  shift 3
  if line=$(node bench/lsp_probe.js --timeout "$TIMEOUT" "$file" -- "$@" 2>>"$OUT/bench-lsp.stderr"); then
    python3 -c 'import json,sys; d=json.loads(sys.argv[1]); d.update(tool=sys.argv[2], size=sys.argv[3]); print(json.dumps(d))' \
      "$line" "$label" "$size" >> "$RESULTS"
  else
    echo "{\"tool\":\"$label\",\"size\":\"$size\",\"failed\":true}" >> "$RESULTS"
    echo "bench-lsp: $label failed on $file (see $OUT/bench-lsp.stderr)" >&2
  fi
}

: > "$OUT/bench-lsp.stderr"
for s in $SIZES; do
  f=$OUT/${s}M-err$ERRORS.mlir
  for r in $(seq "$ROUNDS"); do
    echo "lsp ${s}M round $r/$ROUNDS" >&2
    [ ! -x "$MS_BIN" ] || probe mlir-shape "${s}M" "$f" "$MS_BIN" lsp
    ! command -v "$REF_LSP" >/dev/null || probe "$REF_LSP" "${s}M" "$f" "$REF_LSP"
  done
done

python3 - "$RESULTS" "$REF_LSP" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ref_name = sys.argv[2]
sizes = []
for r in rows:
    if r["size"] not in sizes:
        sizes.append(r["size"])

def agg(size, tool):
    """Best of the rounds for times, median for memory; None if it failed."""
    rs = [r for r in rows if r["size"] == size and r["tool"] == tool]
    ok = [r for r in rs if not r.get("failed") and r.get("first_diag_ms") is not None]
    if not ok:
        return None if not rs else {"failed": True}
    def best(k):
        v = [r[k] for r in ok if r.get(k) is not None]
        return min(v) if v else None
    return {
        "first": best("first_diag_ms"), "full": best("full_diag_ms"), "ed_med": best("edit_ms_median"),
        "ed_p95": best("edit_ms_p95"), "hv_med": best("hover_ms_median"),
        "hv_p95": best("hover_ms_p95"),
        "rss": statistics.median(r["rss_kb"] for r in ok if r.get("rss_kb")) / 1024,
        "hwm": statistics.median(r["hwm_kb"] for r in ok if r.get("hwm_kb")) / 1024,
        "diags": ok[0].get("first_diag_count"), "timeouts": sum(r.get("edit_timeouts", 0) for r in ok),
        "sync": ok[0].get("sync_sent"), "hover_nonnull": ok[0].get("hover_nonnull"),
        "hovers": ok[0].get("hovers"),
    }

def f(v, p=1):
    return "-" if v is None else ("%.*f" % (p, v))

fmt = "%-4s %-20s %9s %9s %9s %9s %9s %9s %8s %8s %6s %s"
print(fmt % ("file", "server", "1st diag", "all diags", "edit med", "edit p95", "hover med", "hover p95",
             "RSS MB", "HWM MB", "diags", "notes"))
ratios = {}
for size in sizes:
    res = {t: agg(size, t) for t in ("mlir-shape", ref_name)}
    for tool, a in res.items():
        if a is None:
            continue
        if a.get("failed"):
            print(fmt % (size, tool, "FAILED", "", "", "", "", "", "", "", "", ""))
            continue
        notes = "%s sync" % a["sync"]
        if a["timeouts"]:
            notes += "; %d edits timed out" % a["timeouts"]
        notes += "; %s/%s hovers non-null" % (a["hover_nonnull"], a["hovers"])
        print(fmt % (size, tool, f(a["first"]), f(a["full"]), f(a["ed_med"], 2), f(a["ed_p95"], 2),
                     f(a["hv_med"], 2), f(a["hv_p95"], 2), f(a["rss"]), f(a["hwm"]),
                     a["diags"], notes))
    o, m = res["mlir-shape"], res[ref_name]
    if o and m and not o.get("failed") and not m.get("failed"):
        r = ratios[size] = {
            "p95": m["ed_p95"] / o["ed_p95"] if o["ed_p95"] else None,
            "first": o["first"] / m["first"] if m["first"] else None,
            "full": o["full"] / m["full"] if o["full"] and m["full"] else None,
            "rss": o["rss"] / m["rss"],
            "hwm": o["hwm"] / m["hwm"],
        }
        print("%-4s ratios (ours / theirs): first diagnostics %sx, all diagnostics %sx, per-edit p95 %sx"
              " faster, peak RSS %sx" % (size, f(r["first"], 2), f(r["full"], 2), f(r["p95"]), f(r["hwm"], 2)))
print()
print("Times in ms, best of the rounds; 1st diag = the first publishDiagnostics after didOpen (mlir-shape")
print("publishes the first megabyte of a big file first), all diags = the complete one; RSS/HWM of the")
print("server process at the end (MB = 2^20 bytes), median. HWM is the peak RSS.")
print("Targets (issue 13, bench/README.md), ratios measured side by side in this run:")
def target(name, present, ok, shown):
    print("  %-52s %-10s %s" % (name, shown if present else "-",
                                 ("met" if ok else "NOT met") if present else "not measured"))
for size in ("10M", "50M"):
    r = ratios.get(size)
    target("server %s: first diagnostics <= 0.7x %s's" % (size, ref_name), r and r["first"],
           r and r["first"] and r["first"] <= 0.7, r and r["first"] and "%.2fx" % r["first"])
    target("server %s: edit p95 >= 100x faster" % size, r and r["p95"], r and r["p95"] and r["p95"] >= 100,
           r and r["p95"] and "%.0fx" % r["p95"])
    target("server %s: peak RSS <= 0.5x %s's" % (size, ref_name), r, r and r["hwm"] <= 0.5,
           r and "%.2fx" % r["hwm"])
EOF
