#!/usr/bin/env bash
# run.sh: end-to-end tests of `mlir-shape check` (`make test-cli`).
#
# Usage: tests/cli/run.sh BUILD/mlir-shape. Runs from tests/cli so that file
# names in outputs are fixtures/...; outputs are compared exactly with
# expected/NAME.{txt,json,sarif} (written by the program with UPDATE=1, then
# read and confirmed by hand). Prints one line per failure and a closing
# "N passed, M failed"; exits 1 when anything failed.
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
TMP=$(mktemp -d /tmp/ms-cli.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }

# run NAME: runs the rest of the line, stdout to $TMP/NAME.out, stderr to
# $TMP/NAME.err, exit status in $rc.
run() {
  local name=$1; shift
  "$@" > "$TMP/$name.out" 2> "$TMP/$name.err"
  rc=$?
}

# expect NAME RC EXPECTED-FILE STDERR: exit status, stdout against the file
# ("-" for empty), stderr exactly.
expect() {
  local name=$1 want_rc=$2 file=$3 want_err=$4
  if [ "$file" != - ] && [ -n "${UPDATE:-}" ]; then cp "$TMP/$name.out" "expected/$file"; fi
  if [ "$rc" != "$want_rc" ]; then bad "$name" "exit $rc, expected $want_rc ($(head -c 300 "$TMP/$name.err"))"; return; fi
  if [ "$file" = - ]; then
    [ -s "$TMP/$name.out" ] && { bad "$name" "unexpected output: $(head -c 300 "$TMP/$name.out")"; return; }
  elif ! diff -u "expected/$file" "$TMP/$name.out" > "$TMP/$name.diff"; then
    bad "$name" "stdout differs from expected/$file:"; head -20 "$TMP/$name.diff"; return
  fi
  if [ "$(cat "$TMP/$name.err")" != "$want_err" ]; then
    bad "$name" "stderr was '$(cat "$TMP/$name.err")', expected '$want_err'"; return
  fi
  ok
}

# --- formats ---
run text "$BIN" check fixtures/broadcast.mlir
expect text 1 broadcast.txt "2 errors, 0 warnings in 1 file"
run json "$BIN" check --format=json fixtures/broadcast.mlir
expect json 1 broadcast.json ""
run sarif "$BIN" check --format sarif fixtures/broadcast.mlir
expect sarif 1 broadcast.sarif ""
# The SARIF shape GitHub code scanning reads.
if /usr/bin/python3 - "$TMP/sarif.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0" and "sarif" in d["$schema"]
run = d["runs"][0]
drv = run["tool"]["driver"]
assert drv["name"] == "mlir-shape" and drv["version"] and drv["informationUri"].startswith("https://")
ids = [r["id"] for r in drv["rules"]]
assert len(ids) == len(set(ids)) and all(r["shortDescription"]["text"] for r in drv["rules"])
for res in run["results"]:
    assert ids[res["ruleIndex"]] == res["ruleId"]
    assert res["level"] in ("error", "warning", "note", "none") and res["message"]["text"]
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "fixtures/broadcast.mlir"
    r = loc["region"]
    assert 1 <= r["startLine"] <= r["endLine"] and r["startColumn"] >= 1
PY
then ok; else bad sarif-shape "SARIF structure check failed"; fi

run syntax "$BIN" check fixtures/syntax.mlir
expect syntax 1 syntax.txt "1 error, 0 warnings in 1 file"
run clean "$BIN" check fixtures/clean.mlir
expect clean 0 - ""

# --- inputs ---
run stdin sh -c "'$BIN' check - < fixtures/broadcast.mlir"
expect stdin 1 stdin.txt "2 errors, 0 warnings in 1 file"
run tree "$BIN" check fixtures/tree
expect tree 1 tree.txt "1 error, 0 warnings in 1 file"
run split "$BIN" check --split-input-file fixtures/split.mlir
expect split 1 split.txt "3 errors, 0 warnings in 1 file"
run missing "$BIN" check fixtures/nope.mlir fixtures/broadcast.mlir
expect missing 2 broadcast.txt "mlir-shape: fixtures/nope.mlir: cannot read: No such file or directory
2 errors, 0 warnings in 1 file"

# --- verification ---
run verify-pass "$BIN" check --verify-diagnostics fixtures/verify_pass.mlir
expect verify-pass 0 - ""
run verify-fail "$BIN" check --verify-diagnostics fixtures/verify_fail.mlir
expect verify-fail 1 verify_fail.txt ""

# --- catalogs ---
run builtin "$BIN" check fixtures/tosa_rank.mlir
expect builtin 1 tosa_rank.txt "1 error, 0 warnings in 1 file"
run rules "$BIN" check --rules fixtures/numpy-tosa.json fixtures/tosa_rank.mlir
expect rules 0 - ""
run rules-order "$BIN" check --rules fixtures/numpy-tosa.json --rules=fixtures/mlir-tosa.json fixtures/tosa_rank.mlir
expect rules-order 1 tosa_rank.txt "1 error, 0 warnings in 1 file"
run config "$BIN" check fixtures/project/sub/tosa_rank.mlir
expect config 0 - ""
run config-then-rules "$BIN" check --rules fixtures/mlir-tosa.json fixtures/project/sub/tosa_rank.mlir
expect config-then-rules 1 config_rules.txt "1 error, 0 warnings in 1 file"
run bad-catalog "$BIN" check --rules fixtures/bad-rules.json fixtures/clean.mlir
expect bad-catalog 2 - 'fixtures/bad-rules.json:6:55: unknown rule "sideways" (known: mlir, numpy, pdpd, bidirectional, xla, xla-in-dim, none)'

# --- jobs: identical output ---
run jobs1 "$BIN" check --jobs 1 --format=json fixtures ../../examples
run jobs2 "$BIN" check --jobs 2 --format=json fixtures ../../examples
if cmp -s "$TMP/jobs1.out" "$TMP/jobs2.out" && [ -s "$TMP/jobs1.out" ]; then ok; else bad jobs "--jobs 2 output differs from --jobs 1"; fi

# --- large files: the unit path gives the findings of the whole-file path ---
/usr/bin/python3 "$ROOT/bench/gen.py" --size 300K --seed 7 --errors 5 -o "$TMP/big.mlir" > /dev/null 2>&1
run big-whole env MLIR_SHAPE_UNIT_BYTES=100000000 "$BIN" check --format=json "$TMP/big.mlir"
run big-units env MLIR_SHAPE_UNIT_BYTES=20000 "$BIN" check --jobs 2 --format=json "$TMP/big.mlir"
if [ "$rc" = 1 ] && cmp -s "$TMP/big-whole.out" "$TMP/big-units.out" && grep -q '"severity":"error"' "$TMP/big-units.out"; then
  ok; else bad large "chunked analysis differs from whole-file analysis (rc $rc)"; fi

# --- command line ---
run help "$BIN" check --help
if [ "$rc" = 0 ] && grep -q '^usage: mlir-shape check' "$TMP/help.out"; then ok; else bad help "check --help"; fi
run version "$BIN" --version
if [ "$rc" = 0 ] && grep -Eq '^mlir-shape [0-9]+\.[0-9]+\.[0-9]+$' "$TMP/version.out"; then ok; else bad version "--version"; fi
run bad-option "$BIN" check --frobnicate fixtures/clean.mlir
expect bad-option 2 - "mlir-shape check: unknown option '--frobnicate' (try --help)"
run bad-format "$BIN" check --format=xml fixtures/clean.mlir
expect bad-format 2 - "mlir-shape check: unknown format 'xml' (try --help)"
run no-input "$BIN" check
expect no-input 2 - "mlir-shape check: no input files (try --help)"
run bad-command "$BIN" frob
expect bad-command 2 - "mlir-shape: unknown command 'frob' (try --help)"

# --- examples: every "Wrong:" op is flagged, nothing else ---
export EXAMPLES="$ROOT/examples"
run examples "$BIN" check "$ROOT/examples"
if [ "$rc" = 1 ] && /usr/bin/python3 - "$TMP/examples.out" <<'PY'
import re, sys
flagged = set()
for line in open(sys.argv[1]):
    m = re.match(r"(\S+\.mlir):(\d+):\d+: error: ", line)
    if m:
        flagged.add((m.group(1), int(m.group(2))))
wrong = set()
import glob, os
root = os.environ.get("EXAMPLES")
for path in glob.glob(os.path.join(root, "*.mlir")):
    lines = open(path).read().split("\n")
    for i, l in enumerate(lines):
        if "// Wrong:" in l:
            wrong.add((path, i + 2))
missing = wrong - flagged
extra = flagged - wrong
if missing or extra:
    print("not flagged:", sorted(missing), "flagged but not marked Wrong:", sorted(extra))
    sys.exit(1)
PY
then ok; else bad examples "examples' findings do not match their '// Wrong:' comments"; fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
