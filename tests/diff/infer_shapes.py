#!/usr/bin/python3
"""infer_shapes.py: `mlir-shape shapes` against StableHLO's own inference tests.

In the corpus's stablehlo/tests/infer_stablehlo.mlir and infer_chlo.mlir,
each `"hlo_test_infer.get_return_types"(%x)` follows a `// CHECK: types0 =
T` line: T is the type StableHLO's shape function infers for %x's op. This
reads the `shapes` table of each file and compares %x's inferred type (its
declared type when nothing more is inferred; a type alias stands for its
type) with T: shape, bounds, and whether the type has another encoding
(a sparse `#CSR`, `{{.*}}` in a CHECK line) (the element type is not
inferred by mlir-shape and is not compared). %x is the definition in scope: the last
one before the use that is not indented deeper than it (a value of a
region that has ended, such as a reducer's `%0`, is not).

usage: infer_shapes.py BUILD/mlir-shape [--corpus=DIR] [--verbose]
Prints a line per op (matched/cases) and `N passed, M failed`: every case
must match (a pass per matched case), except those in KNOWN, each with the
reason it cannot; a KNOWN case that matches is a failure too (take it out).
Exits 1 on a failure.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus_expected as ce  # noqa: E402
from difflib_ms import corpus_args  # noqa: E402

FILES = ["stablehlo/stablehlo/tests/infer_stablehlo.mlir", "stablehlo/stablehlo/tests/infer_chlo.mlir"]
# Cases mlir-shape does not give, and why.
KNOWN = {}
CHECK = re.compile(r"//\s*CHECK:\s*types0\s*=\s*(.*?)\s*$")
ALIAS = re.compile(r"^(![\w.$-]+)\s*=\s*(.*?)\s*$")
GET = re.compile(r'"hlo_test_infer\.get_return_types"\((%[\w#]+)\)')


def indent(line):
    return len(line) - len(line.lstrip(" "))


def shape_key(t):
    """tensor<2x?xf32, #stablehlo.bounds<?, 4>> -> ('2x?', '?,4', False): dims,
    bounds, and whether there is another encoding (tensor<2xf32, #CSR>)."""
    t = re.split(r",\s*types\d+\s*=", t)[0].strip()  # the first result's type
    if t.endswith(">}") and t.count("{") < t.count("}"):
        t = t[:-1]  # a CHECK line's closing brace of the attribute dictionary
    m = re.match(r"tensor<(.*)>$", t)
    if not m:
        return (t, "", False)
    body = m.group(1)
    enc = ""
    if "," in body:
        body, enc = body.split(",", 1)
    dims = "x".join(p for p in body.split("x")[:-1]) if "x" in body else ""
    if body.startswith("*"):
        dims = "*"
    b = re.search(r"bounds<([^>]*)>", enc) or re.search(r"bounds\s*=\s*\[([^\]]*)\]", enc)
    bounds = ",".join(x.strip() for x in b.group(1).split(",")) if b else ""
    if bounds and all(x == "?" for x in bounds.split(",")):
        bounds = ""
    return (dims, bounds, bool(enc.strip()) and not b)


def main():
    args = corpus_args(sys.argv, __doc__.strip().split("\n\n")[-1], ce.DEFAULT_CORPUS)
    if args is None:
        return 2
    binary, corpus, opts = args
    verbose = "--verbose" in opts
    by_op, failures, less = {}, [], [0, 0]
    for rel in FILES:
        path = os.path.join(corpus, rel)
        if not os.path.exists(path):
            continue
        lines = open(path, errors="replace").read().split("\n")
        p = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True)
        data = json.loads(p.stdout)
        values = {}
        for v in data["files"][0]["values"]:
            values[(v["range"]["start"]["line"], v["name"])] = v
        defs = {}
        for (line, name), v in values.items():
            defs.setdefault(name, []).append((line, v))
        for i, line in enumerate(lines):
            m = GET.search(line)
            if not m or i == 0:
                continue
            want = None
            for j in range(i - 1, max(-1, i - 4), -1):
                c = CHECK.search(lines[j])
                if c:
                    want = c.group(1)
                    break
            if want is None:
                continue
            name = m.group(1)
            start = max([k for k in range(i) if lines[k].startswith("// -----")] or [0])
            # A value defined deeper than the use (in a region of an op that
            # has ended, such as all_reduce's reducer `%0`) is not in scope.
            scope = lambda l: indent(lines[l]) <= indent(line)  # noqa: E731
            cands = [(l, v) for l, v in defs.get(name, []) if start <= l < i and scope(l)]
            if not cands and name.endswith("#0"):
                cands = [(l, v) for l, v in defs.get(name[:-2], []) if start <= l < i and scope(l)]
            if not cands:
                continue
            v = max(cands, key=lambda x: x[0])[1]
            op = v["op"]["name"] if v.get("op") else None
            # A type alias (`!t = tensor<...>`, the latest one of the chunk)
            # stands for its type.
            aliases = {}
            for k in range(start, i):
                a = ALIAS.match(lines[k])
                if a:
                    aliases[a.group(1)] = a.group(2)
            got = v.get("inferred") or v.get("declared")
            got = aliases.get(got, got)
            declared = aliases.get(v.get("declared") or "", v.get("declared") or "")
            ok = shape_key(got) == shape_key(want)
            if shape_key(declared) != shape_key(want):
                less[0] += ok
                less[1] += 1
            e = by_op.setdefault(op, [0, 0])
            e[1] += 1
            e[0] += ok
            known = KNOWN.get((rel, i + 1))
            if ok and known:
                failures.append((op, "%s:%d: %s: matches, but KNOWN says: %s" % (rel, i + 1, op, known), True))
            elif not ok:
                failures.append((op, "%s:%d: %s: want %s, got %s%s" % (rel, i + 1, op, want, got,
                                                                      " (known: %s)" % known if known else ""),
                                 not known))
    passed = failed = 0
    for op in sorted(by_op, key=str):
        print("  %-40s %3d / %3d" % (op, by_op[op][0], by_op[op][1]))
        passed += by_op[op][0]
    total = sum(e[1] for e in by_op.values())
    print("matched %d of %d cases; where the result is declared less precisely than inferred: %d of %d"
          % (sum(e[0] for e in by_op.values()), total, less[0], less[1]))
    for op, f, fails in failures:
        if fails:
            print("FAIL " + f)
            failed += 1
        elif verbose:
            print("differs: " + f)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
