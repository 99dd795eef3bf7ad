#!/usr/bin/env bash
# ci.sh: end-to-end tests of `check` as a CI linter (called by run.sh; also
# `tests/cli/ci.sh BUILD/mlir-shape`): suppression comments, --select and
# --ignore, the config's severity and ignore, --format=github and the
# problem matcher, gitlab, SARIF fingerprints across moved lines, explain
# and its examples, docs/codes.md, baselines, --fix and --diff, the
# everyday options, the pre-commit hook, `make install`, --version.
# Prints one line per failure and "ci: N passed, M failed".
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cd "$(dirname "$0")"
ROOT=$(cd ../.. && pwd)
TMP=$(mktemp -d /tmp/ms-ci.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL ci/$1: $2"; }
run() {
  local name=$1; shift
  "$@" > "$TMP/$name.out" 2> "$TMP/$name.err"
  rc=$?
}
# check NAME RC: exit status, then a Python assertion script on stdin with
# OUT, ERR (texts) in scope.
check() {
  local name=$1 want_rc=$2
  if [ "$rc" != "$want_rc" ]; then
    bad "$name" "exit $rc, expected $want_rc: $(head -c 400 "$TMP/$name.err") $(head -c 400 "$TMP/$name.out")"
    cat > /dev/null
    return
  fi
  if /usr/bin/python3 -c '
import sys, json, re
OUT = open(sys.argv[1], encoding="utf-8", errors="replace").read()
ERR = open(sys.argv[2], encoding="utf-8", errors="replace").read()
exec(sys.stdin.read())' "$TMP/$name.out" "$TMP/$name.err" 2> "$TMP/$name.py"; then ok
  else bad "$name" "$(tail -3 "$TMP/$name.py") -- stdout: $(head -c 600 "$TMP/$name.out") stderr: $(head -c 300 "$TMP/$name.err")"; fi
}
# Codes and lines of text output: ["LINE:CODE/WORD", ...]
FIND='
def found(text):
    return [f"{m.group(1)}:{m.group(3)}/{m.group(2)}" for m in re.finditer(r"^\S+?:(\d+):\d+: (\w+): .*\[([a-z-]+)\]$", text, re.M)]
'

# --- suppression comments: three forms, ranges, an unused one ---
run suppress "$BIN" check fixtures/suppress.mlir
check suppress 1 <<PY
$FIND
assert found(OUT) == ["10:result-dim/error", "11:unused-suppression/warning"], found(OUT)
assert "fixtures/suppress.mlir:11:3: warning: unused suppression: no operand-rank finding here to suppress [unused-suppression]" in OUT
PY
run suppress-chunks "$BIN" check fixtures/ci/chunks.mlir
check suppress-chunks 1 <<PY
$FIND
assert found(OUT) == ["9:incompatible-dims/error"], found(OUT)
PY
printf '%s\n' 'func.func @f(%a: tensor<4x3xf32>, %b: tensor<4xf32>) {' \
  '  // mlir-shape-disable-next-line' \
  '  %0 = "tf.Mul"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>' \
  '  // mlir-shape-disable-next-line result-dim, incompatible-dims, no-such-code' \
  '  %1 = "tf.Mul"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>' \
  '  %2 = "tf.Mul"(%a, %b) {s = "// mlir-shape-disable-line"} : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>' \
  '  // mlir-shape-disable' \
  '  %3 = "tf.Mul"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<4x3xf32>' \
  '  // mlir-shape-enable' \
  '  return' '}' > "$TMP/forms.mlir"
run suppress-forms "$BIN" check "$TMP/forms.mlir"
check suppress-forms 1 <<PY
$FIND
assert found(OUT) == ["4:unused-suppression/warning", "6:incompatible-dims/error"], found(OUT)
assert "no result-dim, no-such-code (unknown code) finding here" in OUT, OUT
PY

# --- selection ---
run select "$BIN" check --select result-dim,dynamic-to-static fixtures/ci/findings.mlir
check select 1 <<PY
$FIND
assert found(OUT) == ["4:result-dim/error", "5:dynamic-to-static/warning"], found(OUT)
PY
run select-repeat "$BIN" check --select result-dim --select=incompatible-dims --ignore result-dim fixtures/ci/findings.mlir
check select-repeat 1 <<PY
$FIND
assert found(OUT) == ["3:incompatible-dims/error"], found(OUT)
PY
run ignore "$BIN" check --ignore incompatible-dims,result-dim fixtures/ci/findings.mlir
check ignore 0 <<PY
$FIND
assert found(OUT) == ["5:dynamic-to-static/warning", "6:undefined-if-mismatch/hint"], found(OUT)
PY
run select-bad "$BIN" check --select result-dims fixtures/ci/findings.mlir
check select-bad 2 <<'PY'
assert OUT == ""
assert ERR.startswith("mlir-shape check: unknown code 'result-dims' (valid codes: incompatible-dims, "), ERR
assert "result-dim," in ERR and "unused-suppression" in ERR
PY

# --- the config's severity and ignore ---
run config-severity "$BIN" check fixtures/ci/severity/findings.mlir
check config-severity 0 <<PY
$FIND
assert found(OUT) == ["4:result-dim/warning", "5:dynamic-to-static/warning"], found(OUT)
PY
run config-then-cli "$BIN" check --select incompatible-dims,result-dim fixtures/ci/severity/findings.mlir
check config-then-cli 0 <<PY
$FIND
assert found(OUT) == ["4:result-dim/warning"], found(OUT)
PY
mkdir -p "$TMP/badcfg"
echo '{"ignore": ["result-dim", "nope"]}' > "$TMP/badcfg/.mlir-shape.json"
cp fixtures/ci/findings.mlir "$TMP/badcfg/"
run config-bad "$BIN" check "$TMP/badcfg/findings.mlir"
check config-bad 2 <<'PY'
assert re.search(r'\.mlir-shape\.json:1:27: unknown code "nope" \(valid codes: incompatible-dims, .*unused-suppression.*\)', ERR), ERR
PY
echo '{"severity": {"result-dim": "fatal"}}' > "$TMP/badcfg/.mlir-shape.json"
run config-bad-level "$BIN" check "$TMP/badcfg/findings.mlir"
check config-bad-level 2 <<'PY'
assert 'unknown severity "fatal" (valid: error, warning, information, hint, off)' in ERR, ERR
PY

# --- github workflow commands, escaping, problem matcher ---
# (columns count UTF-16 code units, as SARIF's: line 4 has an "é" before)
run github "$BIN" check --format=github fixtures/broadcast.mlir
check github 1 <<'PY'
assert OUT.splitlines() == [
  "::error file=fixtures/broadcast.mlir,line=4,endLine=4,col=58,endColumn=71,title=mlir-shape incompatible-dims::operands %25a and %25b are not broadcast-compatible: dim 1 of %25a is 3 but dim 0 of %25b (dim 1 of the broadcast shape) is 4",
  "::error file=fixtures/broadcast.mlir,line=5,endLine=5,col=51,endColumn=64,title=mlir-shape operand-rank::operands must have equal ranks: %25d has rank 1 but %25c has rank 3",
], OUT
assert ERR == ""
PY
mkdir -p "$TMP/gh"
cp fixtures/ci/findings.mlir "$TMP/gh/a,b:c%d.mlir"
run github-escape sh -c "cd '$TMP/gh' && '$BIN' check --format=github --select dynamic-to-static,undefined-if-mismatch ."
check github-escape 0 <<'PY'
lines = OUT.splitlines()
assert lines[0].startswith("::warning file=a%2Cb%3Ac%25d.mlir,line=5,endLine=5,col=63,endColumn=76,title=mlir-shape dynamic-to-static::result dim 0 is static 4"), lines
assert lines[1].startswith("::notice file=a%2Cb%3Ac%25d.mlir,line=6,"), lines
PY
run matcher /usr/bin/python3 -c '
import json, re, sys
m = json.load(open(sys.argv[1]))["problemMatcher"][0]
p = m["pattern"][0]
r = re.compile(p["regexp"])
hits = [r.match(l.rstrip("\n")) for l in open(sys.argv[2])]
hits = [h for h in hits if h]
assert m["owner"] == "mlir-shape"
assert [(h.group(p["file"]), h.group(p["line"]), h.group(p["column"]), h.group(p["severity"]), h.group(p["code"])) for h in hits] == [
  ("fixtures/broadcast.mlir", "4", "59", "error", "incompatible-dims"), ("fixtures/broadcast.mlir", "5", "51", "error", "operand-rank")], hits
' "$ROOT/.github/mlir-shape-problem-matcher.json" expected/broadcast.txt
check matcher 0 <<'PY'
PY

# --- gitlab code quality ---
run gitlab "$BIN" check --format=gitlab fixtures/broadcast.mlir fixtures/ci/findings.mlir
check gitlab 1 <<'PY'
d = json.loads(OUT)
assert len(d) == 6, d
for x in d:
    assert x["check_name"] and x["description"] and x["severity"] in ("info", "minor", "major", "critical", "blocker")
    assert x["location"]["path"].startswith("fixtures/") and x["location"]["lines"]["begin"] >= 1
assert len({x["fingerprint"] for x in d}) == len(d)
PY

# --- SARIF: fingerprints survive lines moving ---
run sarif-before "$BIN" check --format=sarif fixtures/ci/findings.mlir
{ echo '// a new first line'; echo; cat fixtures/ci/findings.mlir; } > "$TMP/moved.mlir"
mkdir -p "$TMP/fx/fixtures/ci" && cp "$TMP/moved.mlir" "$TMP/fx/fixtures/ci/findings.mlir"
run sarif-after sh -c "cd '$TMP/fx' && '$BIN' check --format=sarif fixtures/ci/findings.mlir"
# (the log before the move, as ERR)
cp "$TMP/sarif-before.out" "$TMP/sarif-after.err"
check sarif-after 1 <<'PY'
before = json.loads(ERR)["runs"][0]["results"]
after = json.loads(OUT)["runs"][0]["results"]
fp = lambda rs: [(r["ruleId"], r["partialFingerprints"]["mlirShapeFinding/v1"]) for r in rs]
assert fp(before) == fp(after), (fp(before), fp(after))
lines = lambda rs: [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in rs]
assert [l + 2 for l in lines(before)] == lines(after)
assert all(r["locations"][0]["physicalLocation"]["artifactLocation"]["uriBaseId"] == "%SRCROOT%" for r in after)
PY

# --- SARIF through Microsoft's Sarif.Multitool with GitHub's rules ---
run sarif-multitool "$ROOT/tests/sarif/run.sh" "$BIN"
check sarif-multitool 0 <<'PY'
assert "logs pass Sarif.Multitool validate" in OUT, OUT
PY

# --- explain ---
run explain "$BIN" explain result-dim
check explain 0 <<'PY'
assert OUT.startswith("result-dim (default severity: error; fixable with check --fix)"), OUT
for part in ("Wrong:", "Right:", "Source:", "-> tensor<2x4xf32>", "-> tensor<2x3xf32>", "Broadcastable"):
    assert part in OUT, part
PY
run explain-bad "$BIN" explain no-such-code
check explain-bad 2 <<'PY'
assert "unknown code 'no-such-code' (valid codes: incompatible-dims," in ERR, ERR
PY
# Every registered code: its wrong example gets it, its right one does not.
run explain-examples /usr/bin/python3 - "$BIN" <<'PY'
import json, os, re, subprocess, sys, tempfile
BIN = sys.argv[1]
codes = [l.split()[0] for l in subprocess.run([BIN, "explain", "--list"], capture_output=True, text=True).stdout.splitlines()]
assert len(codes) >= 20, codes
bad = []
for c in codes:
    md = subprocess.run([BIN, "explain", "--markdown", c], capture_output=True, text=True).stdout
    blocks = re.findall(r"```(\w+)\n(.*?)```", md, re.S)
    assert len(blocks) == 2, c
    for (lang, body), want in zip(blocks, (True, False)):
        if lang == "json":
            p = os.path.join(tempfile.mkdtemp(), "r.json")
            open(p, "w").write(body)
            got = subprocess.run([BIN, "check", "--rules", p, "-"], input="", capture_output=True).returncode == 2
        else:
            r = subprocess.run([BIN, "check", "--format=json", "-"], input=body, capture_output=True, text=True)
            got = any(x["code"] == c for x in json.loads(r.stdout)["diagnostics"])
        if got != want:
            bad.append(f"{c}: {'wrong' if want else 'right'} example")
assert not bad, bad
PY
check explain-examples 0 <<'PY'
PY
run codes-doc sh -c "'$BIN' explain --markdown --all | diff -u '$ROOT/docs/codes.md' -"
check codes-doc 0 <<'PY'
PY

# --- baseline ---
cp fixtures/ci/findings.mlir "$TMP/base.mlir"
run baseline-write sh -c "cd '$TMP' && '$BIN' check --write-baseline baseline.json base.mlir"
check baseline-write 0 <<'PY'
assert OUT == "" and ERR == "mlir-shape: wrote 4 findings to baseline.json\n", ERR
PY
run baseline-same sh -c "cd '$TMP' && '$BIN' check --baseline baseline.json base.mlir"
check baseline-same 0 <<'PY'
assert OUT == "" and ERR == "", (OUT, ERR)
PY
# Lines move (a comment and an op above), one old finding is fixed, one new
# appears: only the new one is reported, the fixed one is listed.
/usr/bin/python3 - "$TMP/base.mlir" <<'PY'
import sys
p = sys.argv[1]
lines = open(p).read().split("\n")
lines = [l for l in lines if '"tf.Mul"' not in l]
lines[2:2] = ["  // moved down", '  %9 = "test.broadcastable"(%c, %c) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<7x3xf32>']
open(p, "w").write("\n".join(lines))
PY
run baseline-moved sh -c "cd '$TMP' && '$BIN' check --baseline baseline.json base.mlir"
check baseline-moved 1 <<PY
$FIND
assert found(OUT) == ["4:result-dim/error"], found(OUT)
assert "tensor<7x3xf32>" in OUT
assert OUT.rstrip().splitlines()[-1].startswith("fixed since the baseline: base.mlir:3: incompatible-dims: operands %a and %b"), OUT
PY

# --- fixes ---
cp fixtures/ci/fixable.mlir "$TMP/fixable.mlir"
run diff sh -c "cd '$TMP' && '$BIN' check --diff fixable.mlir"
check diff 1 <<'PY'
assert OUT == """--- a/fixable.mlir
+++ b/fixable.mlir
@@ -1,9 +1,9 @@
 // Fixable findings: a result type the operands contradict (and its uses),
 // a use whose type contradicts its definition; a warning that is not fixed.
 func.func @f(%c: tensor<2x3xf32>, %d: tensor<3xf32>, %e: tensor<?xf32>) {
-  %1 = "test.broadcastable"(%c, %d) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
-  %2 = "test.broadcastable"(%1, %d) : (tensor<2x4xf32>, tensor<3xf32>) -> tensor<2x4xf32>
-  %3 = "test.broadcastable"(%c, %d) : (tensor<?x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
+  %1 = "test.broadcastable"(%c, %d) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
+  %2 = "test.broadcastable"(%1, %d) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
+  %3 = "test.broadcastable"(%c, %d) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
   %4 = "tosa.add"(%e, %e) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>
   return
 }
""", OUT
PY
cmp -s "$TMP/fixable.mlir" fixtures/ci/fixable.mlir && ok || bad diff-unchanged "--diff changed the file"
run fix sh -c "cd '$TMP' && '$BIN' check --fix fixable.mlir"
check fix 0 <<PY
$FIND
assert found(OUT) == ["7:dynamic-to-static/warning"], found(OUT)
assert "fixed 4 findings in 1 file" in ERR, ERR
fixed = open("$TMP/fixable.mlir").read()
assert "-> tensor<2x4xf32>" not in fixed and "tensor<?x3xf32>" not in fixed and "-> tensor<4xf32>" in fixed, fixed
PY
# What --diff printed is what --fix did.
cp fixtures/ci/fixable.mlir "$TMP/fx2.mlir"
(cd "$TMP" && "$BIN" check --diff fx2.mlir > fx2.diff 2>/dev/null; "$BIN" check --fix fx2.mlir > /dev/null 2>&1)
/usr/bin/python3 -c '
import difflib, sys
a = open(sys.argv[1]).read().splitlines(True); b = open(sys.argv[2]).read().splitlines(True)
want = "".join(difflib.unified_diff(a, b, "a/fx2.mlir", "b/fx2.mlir"))
assert open(sys.argv[3]).read() == want' fixtures/ci/fixable.mlir "$TMP/fx2.mlir" "$TMP/fx2.diff" && ok || bad diff-is-fix "--diff differs from what --fix did"
cp fixtures/ci/valid.mlir "$TMP/valid.mlir"
run fix-valid sh -c "cd '$TMP' && '$BIN' check --fix valid.mlir && '$BIN' check --diff valid.mlir"
check fix-valid 0 <<PY
assert open("$TMP/valid.mlir").read() == open("fixtures/ci/valid.mlir").read()
assert "---" not in OUT
PY
run fix-stdin sh -c "'$BIN' check --fix - < fixtures/ci/fixable.mlir"
check fix-stdin 0 <<'PY'
assert OUT.startswith("// Fixable findings") and "-> tensor<2x4xf32>" not in OUT, OUT
PY

# --- everyday options ---
run statistics "$BIN" check --statistics fixtures/ci/findings.mlir fixtures/broadcast.mlir
check statistics 1 <<'PY'
stats = [l.split()[:2] for l in OUT.splitlines() if re.match(r"^\s*\d+  ", l)]
assert stats == [["2", "incompatible-dims"], ["1", "dynamic-to-static"], ["1", "operand-rank"], ["1", "result-dim"], ["1", "undefined-if-mismatch"]], stats
PY
run exit-zero "$BIN" check --exit-zero fixtures/ci/findings.mlir
check exit-zero 0 <<PY
$FIND
assert len(found(OUT)) == 4
PY
run max-warnings-ok "$BIN" check --ignore incompatible-dims,result-dim --max-warnings 1 fixtures/ci/findings.mlir
check max-warnings-ok 0 <<'PY'
PY
run max-warnings "$BIN" check --ignore incompatible-dims,result-dim --max-warnings 0 fixtures/ci/findings.mlir
check max-warnings 1 <<'PY'
assert "1 warning, more than --max-warnings 0" in ERR, ERR
PY
run stdin-name sh -c "'$BIN' check --stdin-filename fixtures/ci/severity/x.mlir - < fixtures/ci/findings.mlir"
check stdin-name 0 <<PY
$FIND
assert found(OUT) == ["4:result-dim/warning", "5:dynamic-to-static/warning"], found(OUT)
assert OUT.startswith("fixtures/ci/severity/x.mlir:4:75: warning:"), OUT
PY
run quiet "$BIN" check --quiet fixtures/ci/findings.mlir
check quiet 1 <<PY
$FIND
assert found(OUT) == ["3:incompatible-dims/error", "4:result-dim/error"], found(OUT)
PY
run color-always "$BIN" check --color=always fixtures/broadcast.mlir
check color-always 1 <<'PY'
assert "\x1b[1;31merror" in OUT and "\x1b[0m" in OUT, repr(OUT[:200])
PY
run color-never "$BIN" check --color=never fixtures/broadcast.mlir
check color-never 1 <<'PY'
assert "\x1b" not in OUT and "error:" in OUT
PY
run color-auto "$BIN" check --color=auto fixtures/broadcast.mlir
check color-auto 1 <<'PY'
assert "\x1b" not in OUT
PY
run color-bad "$BIN" check --color=sometimes fixtures/broadcast.mlir
check color-bad 2 <<'PY'
assert "--color must be auto, always or never, not 'sometimes'" in ERR
PY
run output "$BIN" check --format=sarif --output "$TMP/out.sarif" fixtures/broadcast.mlir
check output 1 <<PY
assert OUT == ""
assert json.load(open("$TMP/out.sarif"))["runs"][0]["results"]
PY
run output-text "$BIN" check -o "$TMP/out.txt" fixtures/broadcast.mlir
check output-text 1 <<PY
assert OUT == "" and open("$TMP/out.txt").read() == open("expected/broadcast.txt").read()
assert ERR == "2 errors, 0 warnings in 1 file\n"
PY
run version "$BIN" --version
check version 0 <<PY
import re
assert re.fullmatch(r"mlir-shape %s \((commit [0-9a-f]{12}(-dirty)?|built outside git: no commit recorded)\)\n"
                    % re.escape(open("$ROOT/VERSION").read().strip()), OUT), OUT
PY

# --- pre-commit: the hook of .pre-commit-hooks.yaml, offline ---
if command -v pre-commit > /dev/null && command -v git > /dev/null; then
  H="$TMP/hooks" S="$TMP/scratch"
  mkdir -p "$H" "$S" "$TMP/bin"
  ln -sf "$BIN" "$TMP/bin/mlir-shape"
  cp "$ROOT/.pre-commit-hooks.yaml" "$H/"
  mkdir -p "$H/scripts" && cp "$ROOT/scripts/pre-commit-hook.sh" "$H/scripts/"
  (cd "$H" && git init -q && git add . && git -c user.name=t -c user.email=t@t commit -qm hooks) > /dev/null 2>&1
  (cd "$S" && git init -q && cp "$ROOT/tests/cli/fixtures/broadcast.mlir" bad.mlir &&
     cp "$ROOT/tests/cli/fixtures/clean.mlir" good.mlir && echo 'not mlir' > notes.txt && git add .) > /dev/null 2>&1
  export PRE_COMMIT_HOME="$TMP/pre-commit-home"
  run pre-commit-bad sh -c "cd '$S' && PATH='$TMP/bin':\$PATH pre-commit try-repo '$H' mlir-shape --all-files"
  check pre-commit-bad 1 <<'PY'
assert "mlir-shape" in OUT and "Failed" in OUT, OUT
assert "bad.mlir:4:59: error:" in OUT and "notes.txt" not in OUT, OUT
PY
  (cd "$S" && git rm -q --cached bad.mlir && rm bad.mlir)
  run pre-commit-good sh -c "cd '$S' && PATH='$TMP/bin':\$PATH pre-commit try-repo '$H' mlir-shape --all-files"
  check pre-commit-good 0 <<'PY'
assert "Passed" in OUT, OUT
PY
else
  bad pre-commit "pre-commit or git is not installed (scripts/deps.sh test)"
fi

# --- make install: binary, man page, bash completion ---
D="$TMP/destdir"
run install make -C "$ROOT" --no-print-directory install PREFIX=/opt/ms DESTDIR="$D" INSTALL_BIN="$BIN"
check install 0 <<PY
import os, stat
for p in ("opt/ms/bin/mlir-shape", "opt/ms/share/man/man1/mlir-shape.1", "opt/ms/share/bash-completion/completions/mlir-shape"):
    assert os.path.isfile(os.path.join("$D", p)), p
assert os.stat("$D/opt/ms/bin/mlir-shape").st_mode & stat.S_IXUSR
PY
run installed-version "$D/opt/ms/bin/mlir-shape" --version
check installed-version 0 <<'PY'
assert OUT.startswith("mlir-shape ")
PY
run man groff -man -ww -z "$D/opt/ms/share/man/man1/mlir-shape.1"
check man 0 <<'PY'
assert ERR == "", ERR
PY
run man-version grep -c "mlir-shape $(cat "$ROOT/VERSION")" "$D/opt/ms/share/man/man1/mlir-shape.1"
check man-version 0 <<'PY'
PY
run completion bash -c "source '$D/opt/ms/share/bash-completion/completions/mlir-shape'; PATH='$(dirname "$BIN")':\$PATH;
  COMP_WORDS=(mlir-shape check --ignore result-d); COMP_CWORD=3; _mlir_shape; echo \"\${COMPREPLY[*]}\";
  COMP_WORDS=(mlir-shape ex); COMP_CWORD=1; _mlir_shape; echo \"\${COMPREPLY[*]}\""
check completion 0 <<'PY'
assert OUT.splitlines() == ["result-dim", "explain"], OUT
PY

echo "ci: $pass passed, $fail failed"
[ "$fail" = 0 ]
