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
# %SRCROOT% is the working directory: the same placeholder on every machine.
sed -i "s#\"file://$PWD/\"#\"file:///CWD/\"#" "$TMP/sarif.out"
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
# Issue 19: custom assembly as real projects print it gives no error (no
# ERROR node, nothing from types guessed on opaque ops); the findings on the
# ops whose syntax the catalog declares stay.
run custom_assembly "$BIN" check fixtures/custom_assembly.mlir
expect custom_assembly 1 custom_assembly.txt "4 errors, 0 warnings in 1 file"
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
# The dialect-family rules (rules_families.c, torch-mlir types), each case
# annotated; and chlo's equal-rank broadcast_dimensions (no finding).
run families "$BIN" check --split-input-file --verify-diagnostics fixtures/families.mlir
expect families 0 - ""
run unseen-style "$BIN" check --split-input-file --verify-diagnostics fixtures/unseen_style.mlir
expect unseen-style 0 - ""
run chlo-equal-rank "$BIN" check fixtures/chlo_equal_rank.mlir
expect chlo-equal-rank 0 - ""

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
expect bad-catalog 2 - 'fixtures/bad-rules.json:6:55: unknown rule "sideways" (known: mlir, numpy, pdpd, bidirectional, xla, xla-in-dim, none, unidirectional, same-or-scalar, same-type, select, compare, vector-broadcast, shape-cast, outer-product, linalg-broadcast, indexing-maps, splat, same-shape)'

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

# --- the shapes of real dumps (bench/gen_dumps.py): every cut gives the
# findings of the whole-file analysis, cuts inside one function included
# (giant, mixed: uses at the end of @main of values its start defines) ---
for shape in generic-attrs pretty-attrs named giant nested mixed; do
  /usr/bin/python3 "$ROOT/bench/gen_dumps.py" --shape $shape --size 300K --seed 7 --errors 4 --mismatches 2 \
    -o "$TMP/dump.mlir" > /dev/null 2>&1
  run dump-whole env MLIR_SHAPE_UNIT_BYTES=100000000 "$BIN" check --format=json "$TMP/dump.mlir"
  run dump-units env MLIR_SHAPE_UNIT_BYTES=20000 "$BIN" check --jobs 2 --format=json "$TMP/dump.mlir"
  errors=$(grep -o '"severity":"error"' "$TMP/dump-units.out" | wc -l)
  want=4; case $shape in giant|mixed) want=8;; esac
  if [ "$rc" = 1 ] && cmp -s "$TMP/dump-whole.out" "$TMP/dump-units.out" && [ "$errors" = $want ]; then
    ok; else bad dump-$shape "cut analysis of a $shape dump differs from the whole file's ($errors errors, rc $rc)"; fi
done

# A function cut into tiny pieces whose late uses name values defined far
# before them, and regions that define the same names in between: the
# value table keeps each value until its name's last occurrence (lastuse.c),
# so the cut finds the whole file's 8 errors.
run lastuse-whole env MLIR_SHAPE_UNIT_BYTES=100000000 "$BIN" check --format=json fixtures/lastuse.mlir
for unit in 300 150; do
  run lastuse-cut env MLIR_SHAPE_UNIT_BYTES=$unit "$BIN" check --jobs 2 --format=json fixtures/lastuse.mlir
  errors=$(grep -o '"severity":"error"' "$TMP/lastuse-cut.out" | wc -l)
  if [ "$rc" = 1 ] && cmp -s "$TMP/lastuse-whole.out" "$TMP/lastuse-cut.out" && [ "$errors" = 8 ]; then
    ok; else bad lastuse-$unit "a function cut into $unit-byte pieces lost findings ($errors errors, rc $rc)"; fi
done

# The real corpus (when it is there), cut into tiny pieces (inside
# functions too): the findings of the whole-file analysis.
REAL=$ROOT/../shared/corpus/real
if [ -d "$REAL" ]; then
  same=1
  for f in $(find "$REAL" -name '*.mlir' -size +4k | sort | head -120); do
    MLIR_SHAPE_UNIT_BYTES=1000000000 "$BIN" check --format=json "$f" > "$TMP/real-whole.out" 2>&1 || true
    MLIR_SHAPE_UNIT_BYTES=2000 "$BIN" check --jobs 2 --format=json "$f" > "$TMP/real-cut.out" 2>&1 || true
    cmp -s "$TMP/real-whole.out" "$TMP/real-cut.out" || { same=0; bad real-cut "$f: cut analysis differs from the whole file's"; }
  done
  [ $same = 1 ] && ok
fi

# --- command line ---
run help "$BIN" check --help
if [ "$rc" = 0 ] && grep -q '^usage: mlir-shape check' "$TMP/help.out"; then ok; else bad help "check --help"; fi
run version "$BIN" --version
if [ "$rc" = 0 ] && grep -Eq '^mlir-shape [0-9]+\.[0-9]+\.[0-9]+ \((commit [0-9a-f]{12}(-dirty)?|built outside git: no commit recorded)\)$' "$TMP/version.out"; then ok; else bad version "--version"; fi
run bad-option "$BIN" check --frobnicate fixtures/clean.mlir
expect bad-option 2 - "mlir-shape check: unknown option '--frobnicate' (try --help)"
run bad-format "$BIN" check --format=xml fixtures/clean.mlir
expect bad-format 2 - "mlir-shape check: unknown format 'xml' (try --help)"
run no-input "$BIN" check
expect no-input 2 - "mlir-shape check: no input files (try --help)"
run bad-command "$BIN" frob
expect bad-command 2 - "mlir-shape: unknown command 'frob' (try --help)"

# --- shapes: every value with its declared and inferred type ---
run shapes-text "$BIN" shapes fixtures/dataflow.mlir
expect shapes-text 1 shapes.txt ""
run shapes-json "$BIN" shapes --format=json fixtures/dataflow.mlir
expect shapes-json 1 shapes.json ""
# The same TOSA functions in generic form: the same propagated error, once.
run dataflow-generic "$BIN" check fixtures/dataflow_generic.mlir
[ "$rc" = 1 ] && [ "$(grep -c 'error:' "$TMP/dataflow-generic.out")" = 1 ] &&
  grep -q '^fixtures/dataflow_generic.mlir:14:21: error: .*dim 1 is 3 in %0 but 4 in %arg2 \[propagated-shape-mismatch\]' "$TMP/dataflow-generic.out" &&
  ok || bad dataflow-generic "rc=$rc $(cat "$TMP/dataflow-generic.out")"
run shapes-stdin sh -c "'$BIN' shapes --format json - < fixtures/clean.mlir"
expect shapes-stdin 0 shapes_stdin.json ""
# The JSON is what README.md documents: versioned, every field present.
if /usr/bin/python3 - "$TMP/shapes-json.out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == 1 and d["files"][0]["file"] == "fixtures/dataflow.mlir"
vals = d["files"][0]["values"]
v = [x for x in vals if x["name"] == "%0" and x["range"]["start"]["line"] == 9][0]
assert v["declared"] == "tensor<*xf32>" and v["inferred"] == "tensor<2x3xf32>" and v["refined"], v
assert v["op"]["name"] == "tf.AddV2" and v["op"]["range"]["start"] == {"line": 9, "character": 7}, v
assert v["kind"] == "result" and v["index"] == 0
a = vals[0]
assert a["name"] == "%a" and a["kind"] == "argument" and a["op"] is None and not a["refined"]
PY
then ok; else bad shapes-schema "shapes --format=json does not match the documented schema"; fi
run shapes-missing "$BIN" shapes fixtures/no-such.mlir
[ "$rc" = 2 ] && grep -q "no-such.mlir: cannot read" "$TMP/shapes-missing.err" && ok || bad shapes-missing "rc=$rc $(cat "$TMP/shapes-missing.err")"
run shapes-format "$BIN" shapes --format=sarif fixtures/dataflow.mlir
expect shapes-format 2 - "mlir-shape shapes: unknown format 'sarif' (try --help)"
# The rules check would use: the project's .mlir-shape.json, then --rules.
run shapes-config "$BIN" shapes fixtures/project/sub/tosa_rank.mlir
[ "$rc" = 0 ] && grep -q '%0: declared tensor<13x21x3xf32>, from "tosa.add" at 2:8' "$TMP/shapes-config.out" && ok || bad shapes-config "rc=$rc $(cat "$TMP/shapes-config.err")"
run shapes-config-rules "$BIN" shapes --rules fixtures/mlir-tosa.json fixtures/project/sub/tosa_rank.mlir
[ "$rc" = 1 ] && [ "$(wc -l < "$TMP/shapes-config-rules.out")" = 3 ] && ok || bad shapes-config-rules "rc=$rc"
run shapes-bad-rules "$BIN" shapes --rules fixtures/bad-rules.json fixtures/dataflow.mlir
expect shapes-bad-rules 2 - 'fixtures/bad-rules.json:6:55: unknown rule "sideways" (known: mlir, numpy, pdpd, bidirectional, xla, xla-in-dim, none, unidirectional, same-or-scalar, same-type, select, compare, vector-broadcast, shape-cast, outer-product, linalg-broadcast, indexing-maps, splat, same-shape)'
run shapes-none "$BIN" shapes
expect shapes-none 2 - "mlir-shape shapes: no input files (try --help)"

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

# --- hostile input (issue "Hardening"): each a clear error or finding, never
# a crash or a hang; `check` never modifies what it reads ---
H=$(mktemp -d /tmp/ms-hostile.XXXXXX)
chmod 755 "$H"
trap 'rm -rf "$TMP" "$H"' EXIT
snapshot() { find "$@" -type f -exec sha256sum {} + 2>/dev/null | sort; find "$@" -type f -printf '%p %T@ %C@ %m\n' | sort; }
before=$(snapshot fixtures "$ROOT/examples")
/usr/bin/python3 - "$H" <<'PY'
import os, sys
h = sys.argv[1]
def w(name, text, mode='w'):
    with open(os.path.join(h, name), mode) as f: f.write(text)
op = '%0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n'
w('deep.mlir', '"test.a"() ({\n' * 10000 + op + '}) : () -> ()\n' * 10000)
w('attrs.mlir', '"test.a"() {x = ' + '[' * 10000 + ']' * 10000 + ', y = #foo<' + '<' * 10000 + '>' * 10000 + '>} : () -> ()\n')
w('dims.mlir', '%0 = "test.broadcastable"(%a, %b) : (tensor<' + '1x' * 10000 + 'f32>, tensor<2xf32>) -> tensor<2xf32>\n')
w('int64.mlir', '%0 = "tosa.add"(%a, %b) : (tensor<99999999999999999999xf32>, tensor<1xf32>) -> tensor<1xf32>\n')
w('axis.mlir', '%0 = "pd.elementwise_add"(%a, %b) {axis = -100 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n'
               '%1 = "pd.elementwise_add"(%a, %b) {axis = 99999999999999999999 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n')
w('dimsattr.mlir', '%0 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 5>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n'
                   '%1 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<4x3xf32>) -> tensor<2x3x4xf32>\n')
w('bytes.mlir', b'// caf\xe9 \x00 \xff\xfe\n%0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>\n\xc3("x")\n', 'wb')
w('deep.json', '[' * 10000 + ']' * 10000)
PY
truncate -s 100M "$H/big.json"
run deep timeout 60 "$BIN" check "$H/deep.mlir"
# 20,000 brackets deep: past the nesting limit (nesting.h), the inside of the
# 1,000th bracket is left out with one warning, the rest parses cleanly.
[ "$rc" = 0 ] && grep -q "deep.mlir:501:9: warning: .*\[nesting-too-deep\]" "$TMP/deep.out" && ! grep -q "syntax-error" "$TMP/deep.out" && ok || bad deep "10,000 nested regions: rc=$rc $(head -c 300 "$TMP/deep.err")"
run attrs timeout 60 "$BIN" check "$H/attrs.mlir"
[ "$rc" = 0 ] && grep -q "attrs.mlir:1:1016: warning: .*\[nesting-too-deep\]" "$TMP/attrs.out" && ok || bad attrs "10,000 nested attribute brackets: rc=$rc $(head -c 300 "$TMP/attrs.out")"
run dims timeout 60 "$BIN" check "$H/dims.mlir"
[ "$rc" = 0 ] && grep -q "rank exceeds the maximum of 32; the op is not checked \[shape-limit\]" "$TMP/dims.out" && ok || bad dims "10,000 dims: rc=$rc"
run int64 timeout 60 "$BIN" check "$H/int64.mlir"
[ "$rc" = 1 ] && grep -q "does not fit in 64 bits \[invalid-type\]" "$TMP/int64.out" && ok || bad int64 "dims beyond int64: rc=$rc"
run axis timeout 60 "$BIN" check "$H/axis.mlir"
[ "$rc" = 1 ] && grep -q "axis -100 is out of range" "$TMP/axis.out" && grep -q "integer out of range \[rule-options\]" "$TMP/axis.out" && ok || bad axis "bad axis: rc=$rc"
run dimsattr timeout 60 "$BIN" check "$H/dimsattr.mlir"
[ "$rc" = 1 ] && grep -q "entry 0 (5) is out of range" "$TMP/dimsattr.out" && grep -q "must be strictly increasing" "$TMP/dimsattr.out" && ok || bad dimsattr "broadcast_dimensions: rc=$rc"
# Bytes that are not UTF-8 (and a NUL) in the text: the finding after them is
# still found on its line, and JSON output is valid UTF-8.
run bytes timeout 60 "$BIN" check --format=json "$H/bytes.mlir"
if [ "$rc" = 1 ] && /usr/bin/python3 -c '
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", errors="strict"))
assert any(x["code"] == "incompatible-dims" and x["range"]["start"]["line"] == 1 for x in d["diagnostics"]), d
assert any("\ufffd" in x["message"] for x in d["diagnostics"]), d' "$TMP/bytes.out"; then ok; else bad bytes "non-UTF-8 bytes: rc=$rc $(head -c 300 "$TMP/bytes.out")"; fi
run bigrules timeout 60 "$BIN" check --rules "$H/big.json" fixtures/clean.mlir
expect bigrules 2 - "$H/big.json: cannot read: 104857600 bytes, over the 16 MiB limit for rule files"
run deeprules timeout 60 "$BIN" check --rules "$H/deep.json" fixtures/clean.mlir
expect deeprules 2 - "$H/deep.json:1:1001: arrays and objects nested more than 1000 deep"
# A tree with a symbolic-link loop, an unreadable file and a FIFO: the walk
# ends, says what it skipped, reports the unreadable file (status 2) and
# still checks the rest.
mkdir -p "$H/tree/sub"
cp fixtures/broadcast.mlir "$H/tree/sub/"
ln -s .. "$H/tree/sub/loop"
mkfifo "$H/tree/fifo.mlir"
echo '"test.x"() : () -> ()' > "$H/tree/locked.mlir"
chmod 000 "$H/tree/locked.mlir"
chmod -R a+rX "$H/tree/sub"
as_user=()
[ "$(id -u)" = 0 ] && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
run tree timeout 60 "${as_user[@]}" "$BIN" check "$H/tree"
if [ "$rc" = 2 ] && grep -q "fifo.mlir: skipped: not a regular file" "$TMP/tree.err" &&
   grep -q "sub/loop: skipped: a symbolic link to a directory above it" "$TMP/tree.err" &&
   grep -q "locked.mlir: cannot read: Permission denied" "$TMP/tree.err" &&
   grep -q "broadcast.mlir:.*incompatible-dims" "$TMP/tree.out"; then ok; else bad tree "rc=$rc $(cat "$TMP/tree.err")"; fi
# A FIFO named on the command line is read like stdin.
mkfifo "$H/named.mlir"
(cat fixtures/broadcast.mlir > "$H/named.mlir" &)
run fifo timeout 60 "$BIN" check "$H/named.mlir"
[ "$rc" = 1 ] && grep -q "incompatible-dims" "$TMP/fifo.out" && ok || bad fifo "named FIFO: rc=$rc $(cat "$TMP/fifo.err")"
# Every check above read fixtures and examples: none may have changed.
for fmt in text json sarif; do "$BIN" check --format=$fmt fixtures "$ROOT/examples" > /dev/null 2>&1; done
after=$(snapshot fixtures "$ROOT/examples")
[ "$before" = "$after" ] && ok || bad readonly "check changed an input file (content, mtime, ctime or mode)"

# --- check as a CI linter: suppressions, selection, formats, baseline,
# fixes, everyday options, pre-commit, install (ci.sh) ---
if ./ci.sh "$BIN"; then ok; else bad ci "tests/cli/ci.sh failed (above)"; fi

# --- streaming and the worker pool: byte-identical findings ---
# A generated 6 MB file (several 2 MB pieces plus the skeleton, #loc
# aliases at its end, 20 errors and ~1400 hints): the output of every
# format for the default run (pieces, every core, findings filtered and
# written as pieces complete) must equal --jobs 1, the unchunked
# whole-file analysis, tiny pieces on 3 threads, and recorded SHA-256 sums:
# json and text from the last version that read whole files (v0.1.0
# before the pool), sarif, github and gitlab from the last version that
# held every finding until the end (the input's own sum guards against a
# Python whose random module gives other bytes; SARIF's %SRCROOT% is the
# working directory, written as file:///CWD/).
/usr/bin/python3 "$ROOT/bench/gen.py" --size 6M --seed 13 --errors 20 -o "$TMP/six.mlir" > /dev/null 2>&1
SIX_INPUT=994e456218d562e5421da3026a4d5a7fff29eed323aa735922323b203c6d2223
SIX_JSON=675acb50dfd128b534793e234311d40b63600cfe4c3bba11cbfd8ced7e79b89c
SIX_TEXT=afac5c861d18f2a8d3de8c1fb8a5e18c39a479cf885772989468cf0f9ed582fd
SIX_SARIF=3236af301c958ac042dc7a497b7085509d3a3f447724ac8bc5d41c806b655528
SIX_GITHUB=0273dcfa30bca59119edddd50facb326d51ed794c7710b54d42328b2bf900e86
SIX_GITLAB=1076e05d8d53a12829470492aa15b2eb92f5712d3ff6e4e8058ad1b2c825dd7a
sum() { sha256sum "$1" | cut -d' ' -f1; }
# in_tmp OUT ARGS...: check ARGS in $TMP, stdout and stderr to $TMP/OUT,
# SARIF's working directory replaced.
in_tmp() {
  local out=$1; shift
  (cd "$TMP" && "$@" > "$out" 2>&1)
  sed -i "s#\"file://$TMP/\"#\"file:///CWD/\"#" "$TMP/$out"
}
for fmt in json text sarif github gitlab; do
  in_tmp six.$fmt "$BIN" check --format=$fmt six.mlir
  same=1
  for variant in "--jobs 1" "--jobs 3 UNIT=150000" "--jobs 2 UNIT=1000000000"; do
    unit=${variant#*UNIT=}; [ "$unit" = "$variant" ] && unit=
    in_tmp six.v env ${unit:+MLIR_SHAPE_UNIT_BYTES=$unit} "$BIN" check ${variant%% UNIT=*} --format=$fmt six.mlir
    cmp -s "$TMP/six.$fmt" "$TMP/six.v" || { same=0; bad "stream-$fmt" "'$variant' differs from the default run"; }
  done
  [ $same = 1 ] && ok
done
if [ "$(sum "$TMP/six.mlir")" = $SIX_INPUT ]; then
  for fmt in json text sarif github gitlab; do
    want=$(eval echo \$SIX_$(echo $fmt | tr a-z A-Z))
    [ "$(sum "$TMP/six.$fmt")" = "$want" ] && ok || bad stream-$fmt "$fmt differs from the recorded output"
  done
else
  echo "note: bench/gen.py gave other bytes with this Python: recorded-output check skipped"
fi

# --- streaming through the filter step: suppressions, selection, baseline ---
# A generated 600 KB file with suppression comments of every form put
# around its findings (used and unused ones, ranges of 40 and 300 lines
# across pieces, some used first pieces after their own, with and without
# codes): with --select/--ignore,
# --baseline, --write-baseline and --statistics, the default run (one
# piece, streamed), the whole-file analysis on one thread and 20 KB pieces
# on 3 threads (findings put back in order and through the directives as
# pieces arrive) give the same bytes, and the default runs give the sums
# of the last version that held every finding until the end.
/usr/bin/python3 "$ROOT/bench/gen.py" --size 600K --seed 5 --errors 30 -o "$TMP/plain.mlir" > /dev/null 2>&1
"$BIN" check --format=json "$TMP/plain.mlir" > "$TMP/plain.json" 2>/dev/null
/usr/bin/python3 - "$TMP/plain.mlir" "$TMP/plain.json" "$TMP/mix.mlir" <<'PY'
import json, sys
src, found, out = sys.argv[1:4]
lines = open(src).read().split("\n")
at = sorted({(d["range"]["start"]["line"], d["code"]) for d in json.load(open(found))["diagnostics"]})
edits = {}  # line -> [lines before, suffix, lines after]
def edit(l):
    return edits.setdefault(l, [[], "", []])
for i, (l, code) in enumerate(at):
    if i % 7 == 0:
        edit(l)[0].append("  // mlir-shape-disable-next-line " + code)
    elif i % 11 == 0:
        edit(l)[1] = " // mlir-shape-disable-line"
    elif i % 13 == 0:
        edit(l)[0].append("  // mlir-shape-disable " + code + ", result-dim -- a range")
        edit(min(l + 40, len(lines) - 2))[2].append("  // mlir-shape-enable " + code)
    elif i % 17 == 0:
        edit(l)[0].append("  // mlir-shape-disable-next-line result-dim, no-such-code")
    elif i % 19 == 0:
        edit(l)[0].append("  // mlir-shape-disable")
        edit(min(l + 300, len(lines) - 2))[2].append("  // mlir-shape-enable")
    elif i % 23 == 0:
        # first used (or found unused) pieces after the one it is in
        edit(max(l - 150, 1))[0].append("  // mlir-shape-disable " + code)
        edit(l)[2].append("  // mlir-shape-enable " + code)
res = []
for n, text in enumerate(lines):
    e = edits.get(n, [[], "", []])
    res.extend(e[0])
    res.append(text + e[1] if "//" not in text else text)
    res.extend(e[2])
open(out, "w").write("\n".join(res))
PY
(cd "$TMP" && "$BIN" check --write-baseline mix-base.json --select incompatible-dims plain.mlir > /dev/null 2>&1 && sed -i 's/"plain.mlir"/"mix.mlir"/' mix-base.json)
MIX_INPUT=6cb9dbda7f88388cd853c080729524a9ff0d5e06f55f6ed68e9348d834c931b8
MIX_SUMS=17f8c7e491807b77cac832107c40df7b1403e0495b20a31d8c67ffe8dc9b1688e6cef11c25a64197f2515f325b44c73ca8b72df12485dfb7
mix_sums=
k=0
for args in "--statistics" "--format=json --select undefined-if-mismatch,unused-suppression" \
            "--format=sarif --ignore undefined-if-mismatch" "--baseline mix-base.json --statistics" \
            "--format=gitlab --baseline mix-base.json" "--format=github --ignore incompatible-dims --max-warnings 3" \
            "--write-baseline mix-out.json"; do
  k=$((k + 1))
  in_tmp mix.$k "$BIN" check $args mix.mlir
  [ -f "$TMP/mix-out.json" ] && cat "$TMP/mix-out.json" >> "$TMP/mix.$k" && rm "$TMP/mix-out.json"
  same=1
  for variant in "--jobs 1 UNIT=1000000000" "--jobs 3 UNIT=20000"; do
    in_tmp mix.v env MLIR_SHAPE_UNIT_BYTES=${variant#*UNIT=} "$BIN" check ${variant%% UNIT=*} $args mix.mlir
    [ -f "$TMP/mix-out.json" ] && cat "$TMP/mix-out.json" >> "$TMP/mix.v" && rm "$TMP/mix-out.json"
    cmp -s "$TMP/mix.$k" "$TMP/mix.v" || { same=0; bad "stream-filter-$k" "'$args' with '$variant' differs from the default run"; }
  done
  [ $same = 1 ] && ok
  mix_sums="$mix_sums$(sum "$TMP/mix.$k" | cut -c1-16)"
done
# The directives and the baseline did something: unused ones reported,
# findings suppressed, entries fixed since the baseline.
if grep -q "\[unused-suppression\]" "$TMP/mix.1" && grep -q "^fixed since the baseline: mix.mlir:" "$TMP/mix.4" &&
   [ "$(grep -c ': hint: ' "$TMP/mix.1")" -lt "$(grep -c '"severity":"hint"' <(tr '{' '\n' < "$TMP/plain.json"))" ]; then
  ok; else bad stream-filter "the suppression comments or the baseline of the mixed file had no effect"; fi
if [ "$(sum "$TMP/mix.mlir")" = $MIX_INPUT ]; then
  [ "$mix_sums" = $MIX_SUMS ] && ok || bad stream-filter "outputs differ from the recorded ones ($mix_sums)"
else
  echo "note: bench/gen.py gave other bytes with this Python: recorded-output check skipped"
fi

# --- --shard I/N: N runs check every file once ---
"$BIN" check --format=json fixtures ../../examples > "$TMP/all.json" 2>/dev/null
for n in 1 3; do
  : > "$TMP/shards"
  for i in $(seq 1 $n); do
    "$BIN" check --shard $i/$n --format=json fixtures ../../examples 2>/dev/null |
      /usr/bin/python3 -c 'import json,sys; [print(d["file"]) for d in json.load(sys.stdin)["diagnostics"]]' >> "$TMP/shards"
  done
  /usr/bin/python3 -c 'import json,sys; [print(d["file"]) for d in json.load(open(sys.argv[1]))["diagnostics"]]' "$TMP/all.json" > "$TMP/all"
  if [ "$(sort "$TMP/shards")" = "$(sort "$TMP/all")" ] && [ -s "$TMP/all" ]; then ok; else bad "shard-$n" "the findings of $n shards are not those of one run"; fi
done
run shard-bad "$BIN" check --shard 3/2 fixtures
expect shard-bad 2 - "mlir-shape check: --shard needs I/N with 1 <= I <= N, not '3/2' (try --help)"
run shard-bad2 "$BIN" check --shard 1 fixtures
expect shard-bad2 2 - "mlir-shape check: --shard needs I/N with 1 <= I <= N, not '1' (try --help)"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
