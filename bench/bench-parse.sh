#!/usr/bin/env bash
# bench-parse.sh: the parse benchmark (`make bench-parse`).
#
# Measures the project's tree-sitter grammar (through build/bench-parse, made
# from bench/bench_parse.c) on the 1, 10 and 50 MB files of bench/gen.py,
# side by side in the same run with:
#   - mlir-opt-22 --allow-unregistered-dialect FILE -o /dev/null (parse and
#     verify, the reference the linter replaces), peak RSS above its start-up
#     RSS on an empty file; rounds alternate between the two tools;
#   - the tree-sitter-mlir grammar of the npm registry, installed into
#     bench/out/ at bench time (never committed), compiled into a second
#     binary of the same harness. That package is drom/tree-sitter-mlir, NOT
#     LLVM's grammar (mlir/utils/tree-sitter-mlir is on no registry this
#     machine reaches), so LLVM's figures from the issue are printed too,
#     labelled as not measured here.
# Prints a table and leaves every raw JSON line in bench/out/bench-parse.jsonl.
#
# Environment: BENCH_SIZES ("1 10 50", MB), BENCH_ROUNDS (3), BUILD (build),
# BENCH_REF_MAX_MB (10: the npm grammar's error recovery takes ~180 bytes of
# RSS per input byte, 9 GB at 50 MB, too much for a shared machine),
# BENCH_REF_PKG (tree-sitter-mlir@0.3.0), BENCH_NO_REF=1 to skip it.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

BUILD=${BUILD:-build}
OUT=bench/out
SIZES=${BENCH_SIZES:-1 10 50}
ROUNDS=${BENCH_ROUNDS:-3}
REF_MAX_MB=${BENCH_REF_MAX_MB:-10}
REF_PKG=${BENCH_REF_PKG:-tree-sitter-mlir@0.3.0}
MLIR_OPT=${MLIR_OPT:-mlir-opt-22}
BP=${BENCH_PARSE:-$BUILD/bench-parse}
CC=${CC:-cc}
RESULTS=$OUT/bench-parse.jsonl

mkdir -p "$OUT"
[ -x "$BP" ] || { echo "bench-parse: $BP missing (make $BUILD/bench-parse)" >&2; exit 2; }
command -v "$MLIR_OPT" >/dev/null || { echo "bench-parse: $MLIR_OPT not found" >&2; exit 2; }

for s in $SIZES; do
  ensure_input "$OUT/${s}M.mlir" "$s"
done
: > "$OUT/empty.mlir"

# The npm grammar: fetched with `npm pack` (runs no install script), built
# with the system libtree-sitter 0.20.7, which loads ABI 13-14 only. Its
# parser.c is ABI 12, whose tables are those of ABI 13; only the TSLanguage
# struct differs, and parser.c fills it with designated initializers. So it
# is compiled against the system's tree_sitter/parser.h, declaring version 13
# and the one new field, production_id_count (= rows of ts_alias_sequences).
REF_BIN="" REF_WHY="" REF_NAME="npm $REF_PKG"
setup_ref() {
  local dir=$OUT/ref-npm
  if [ -n "${BENCH_NO_REF:-}" ]; then REF_WHY="BENCH_NO_REF set"; return; fi
  if [ -x "$dir/bench-parse-ref" ]; then REF_BIN=$dir/bench-parse-ref; return; fi
  command -v npm >/dev/null || { REF_WHY="npm not found"; return; }
  rm -rf "$dir" && mkdir -p "$dir/build"
  local tgz
  if ! tgz=$(cd "$dir" && timeout 180 npm pack --silent "$REF_PKG" 2>/dev/null | tail -1) ||
     [ ! -f "$dir/$tgz" ]; then
    REF_WHY="npm pack $REF_PKG failed"; return
  fi
  tar -xzf "$dir/$tgz" -C "$dir"
  local src=$dir/package/src
  [ -f "$src/parser.c" ] || { REF_WHY="$REF_PKG ships no src/parser.c"; return; }
  local abi
  abi=$(sed -n 's/^#define LANGUAGE_VERSION \([0-9]*\).*/\1/p' "$src/parser.c")
  case $abi in
    13|14) cp -r "$src"/. "$dir/build/" ;;
    12) # Without the bundled ABI-12 header, "tree_sitter/parser.h" is the system's.
        sed -e 's/^#define LANGUAGE_VERSION 12$/#define LANGUAGE_VERSION 13/' \
            -e 's/^\(\s*\)\.state_count = STATE_COUNT,/&\n\1.production_id_count = sizeof(ts_alias_sequences) \/ sizeof(ts_alias_sequences[0]),/' \
            "$src/parser.c" > "$dir/build/parser.c"
        grep -q production_id_count "$dir/build/parser.c" ||
          { REF_WHY="ABI 12 parser.c of unexpected form"; return; }
        [ ! -f "$src/scanner.c" ] || cp "$src/scanner.c" "$dir/build/" ;;
    *) REF_WHY="$REF_PKG has ABI '$abi', libtree-sitter takes 13-14"; return ;;
  esac
  local objs=() c
  local tscflags
  tscflags=$(pkg-config --cflags tree-sitter 2>/dev/null || true)
  for c in "$dir/build"/parser.c "$dir/build"/scanner.c; do
    [ -f "$c" ] || continue
    # shellcheck disable=SC2086
    $CC -std=c11 -O2 -D_GNU_SOURCE -w $tscflags -Dtree_sitter_mlir=tree_sitter_mlir_ref \
      -c -o "${c%.c}.o" "$c" || { REF_WHY="$c does not compile"; return; }
    objs+=("${c%.c}.o")
  done
  # shellcheck disable=SC2086
  $CC -std=c11 -O2 -D_GNU_SOURCE -Wall -Wextra -Werror $tscflags \
    -DBENCH_LANGUAGE_FN=tree_sitter_mlir_ref -o "$dir/bench-parse-ref" bench/bench_parse.c \
    "${objs[@]}" $(pkg-config --libs tree-sitter 2>/dev/null || echo -ltree-sitter) ||
    { REF_WHY="harness does not link with $REF_PKG"; return; }
  REF_BIN=$dir/bench-parse-ref
}
setup_ref
[ -n "$REF_BIN" ] || echo "bench-parse: reference grammar not measured: $REF_WHY" >&2

: > "$RESULTS"
note() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); d.update(json.loads(sys.argv[2])); print(json.dumps(d))' "$1" "$2" >> "$RESULTS"; }

for r in $(seq "$ROUNDS"); do
  note "$(bench/measure.py --label empty -- "$MLIR_OPT" --allow-unregistered-dialect "$OUT/empty.mlir" -o /dev/null)" '{"tool":"mlir-opt-startup"}'
done
for s in $SIZES; do
  f=$OUT/${s}M.mlir
  bytes=$(stat -c %s "$f")
  for r in $(seq "$ROUNDS"); do
    echo "parse ${s}M round $r/$ROUNDS" >&2
    note "$(bench/measure.py -- "$MLIR_OPT" --allow-unregistered-dialect "$f" -o /dev/null)" \
      "{\"tool\":\"mlir-opt\",\"size\":\"${s}M\",\"bytes\":$bytes}"
    note "$("$BP" --name mlir-shape "$f")" "{\"tool\":\"mlir-shape\",\"size\":\"${s}M\"}"
  done
  if [ -n "$REF_BIN" ]; then
    if [ "$s" -le "$REF_MAX_MB" ]; then
      echo "parse ${s}M with $REF_NAME" >&2
      if line=$(timeout 1200 "$REF_BIN" --name "$REF_NAME" --edits 2 "$f"); then
        note "$line" "{\"tool\":\"ref\",\"size\":\"${s}M\"}"
      else
        note '{}' "{\"tool\":\"ref\",\"size\":\"${s}M\",\"skipped\":\"failed or timed out\"}"
      fi
    else
      note '{}' "{\"tool\":\"ref\",\"size\":\"${s}M\",\"skipped\":\"above BENCH_REF_MAX_MB=$REF_MAX_MB\"}"
    fi
  fi
done

python3 - "$RESULTS" "$REF_NAME" "$REF_WHY" <<'EOF'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ref_name, ref_why = sys.argv[2], sys.argv[3]
startup = min(r["maxrss_kb"] for r in rows if r["tool"] == "mlir-opt-startup")
sizes = []
for r in rows:
    if "size" in r and r["size"] not in sizes:
        sizes.append(r["size"])
# LLVM's tree-sitter-mlir, as the issue measured it (not in this run).
LLVM_MBS, LLVM_BPB, LLVM_ERR = (4.0, 7.0), 32.0, 0.11
fmt = "%-5s %-46s %9s %9s %9s %11s %8s %8s"
print(fmt % ("file", "tool", "MB/s", "ours/x", "RSS B/B", "reparse ms", "ERROR", "err %"))
summary = {}
for size in sizes:
    ours = [r for r in rows if r["tool"] == "mlir-shape" and r["size"] == size]
    opt = [r for r in rows if r["tool"] == "mlir-opt" and r["size"] == size]
    ref = [r for r in rows if r["tool"] == "ref" and r["size"] == size]
    best = max(ours, key=lambda r: r["mb_s"])
    o_mbs = best["mb_s"]
    o_bpb = statistics.median(r["rss_per_byte"] for r in ours)
    o_rep = statistics.median(r["reparse_ms_median"] for r in ours)
    summary[size] = (o_mbs, o_bpb, best["errors"])
    print(fmt % (size, "mlir-shape grammar (tree-sitter)", "%.1f" % o_mbs, "1.00",
                 "%.1f" % o_bpb, "%.2f" % o_rep, best["errors"],
                 "%.2f" % (100 * best["error_fraction"])))
    if opt:
        wall = min(r["wall_s"] for r in opt)
        mbs = opt[0]["bytes"] / 1e6 / wall
        rss = (min(r["maxrss_kb"] for r in opt) - startup) * 1024 / opt[0]["bytes"]
        bad = sum(1 for r in opt if r["rc"] != 0)
        print(fmt % ("", "mlir-opt-22 (parse+verify, whole process)", "%.1f" % mbs,
                     "%.2fx" % (o_mbs / mbs), "%.1f" % rss, "-",
                     "rc!=0" if bad else "rc=0", "-"))
    for r in ref:
        if "skipped" in r:
            print(fmt % ("", ref_name, "skipped", "", "", "", "", "") + "  (" + r["skipped"] + ")")
        else:
            print(fmt % ("", ref_name + " (drom, not LLVM's)", "%.2f" % r["mb_s"],
                         "%.2fx" % (o_mbs / r["mb_s"]), "%.1f" % r["rss_per_byte"],
                         "%.1f" % r["reparse_ms_median"], r["errors"],
                         "%.1f" % (100 * r["error_fraction"])))
    if not ref and ref_why:
        print(fmt % ("", ref_name, "-", "", "", "", "", "") + "  (not measured: " + ref_why + ")")
    print(fmt % ("", "LLVM tree-sitter-mlir: issue, NOT measured", "4-7",
                 "%.1f-%.1fx" % (o_mbs / LLVM_MBS[1], o_mbs / LLVM_MBS[0]), "~32", "-",
                 "-", ">11"))
print()
print("MB = 10^6 bytes. RSS B/B: RSS the first parse adds per input byte (tree-sitter);")
print("peak RSS above mlir-opt's start-up RSS on an empty file (%d kB) per input byte (mlir-opt)." % startup)
print("Targets (bench/README.md), ours against LLVM's grammar as the issue measured it:")
for size, (mbs, bpb, errs) in summary.items():
    print("  %-4s zero ERROR nodes: %-4s  >= 3x speed (>= %.0f MB/s): %-4s  <= half memory (<= %.0f B/B): %s"
          % (size, "PASS" if errs == 0 else "FAIL", 3 * LLVM_MBS[1],
             "PASS" if mbs >= 3 * LLVM_MBS[1] else "FAIL", LLVM_BPB / 2,
             "PASS" if bpb <= LLVM_BPB / 2 else "FAIL"))
EOF
