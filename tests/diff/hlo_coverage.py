#!/usr/bin/python3
"""hlo_coverage.py: how many of the tensor-producing StableHLO, MHLO and
CHLO ops of the corpus have a shape function (issue 22: at least 95%).

Every result of a stablehlo./mhlo./chlo. op in ../shared/corpus/real, as
`mlir-shape shapes --format=json` lists it, counts once per op when its
declared type is a tensor, or when it has none (a pretty op whose entry has
no `syntax` is opaque: its results are untyped, and they count as not
covered). An op is *covered* when its catalog entry (rules/stablehlo.json,
mhlo.json, chlo.json: the first entry whose match fits, as the catalog
picks) has a broadcast rule, a `shape` or an `algebra`, and, in pretty form,
its results are typed.

Barriers, left out of the percentage (BARRIERS): constants (their type is
their value's), custom_call and composite (an external function's result),
and the ops whose results are data from outside the program, declared and
not computed from operands: infeed, recv, async_done, replica_id and
partition_id (always tensor<ui32>).

usage: hlo_coverage.py BUILD/mlir-shape [--corpus=DIR] [--min=95] [--verbose]
Prints the figures and the uncovered ops by count, then `N passed, M
failed` (a failure when the percentage is below --min); exits 1 on failure.
"""
import collections
import fnmatch
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DIALECTS = ("stablehlo.", "mhlo.", "chlo.")
BARRIERS = {
    "constant", "custom_call", "composite",  # the barriers
    "infeed", "recv", "async_done", "replica_id", "partition_id",
}


def base(name):
    return name.split(".", 1)[1]


def catalog():
    entries = []
    for f in ("stablehlo", "mhlo", "chlo"):
        with open(os.path.join(ROOT, "rules", f + ".json")) as fh:
            for o in json.load(fh)["ops"]:
                m = o["match"] if isinstance(o["match"], list) else [o["match"]]
                entries.append((m, any(k in o for k in ("rule", "algebra", "shape", "select"))))
    return entries


def has_shape_fn(entries, name):
    for pats, fn in entries:
        if any(fnmatch.fnmatchcase(name, p) for p in pats):
            return fn
    return False


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = dict(a[2:].split("=", 1) if "=" in a else (a[2:], "1") for a in argv[1:] if a.startswith("--"))
    if len(args) != 1:
        print(__doc__.strip().split("\n\n")[-2], file=sys.stderr)
        return 2
    binary = args[0]
    corpus = opts.get("corpus", os.path.join(ROOT, "..", "shared", "corpus", "real"))
    minimum = float(opts.get("min", "95"))
    if not os.path.isdir(corpus):
        # As the other corpus suites: a checkout without ../shared skips it.
        print("corpus not found: %s" % corpus)
        print("0 passed, 0 failed")
        return 0
    entries = catalog()
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(corpus) for f in fs if f.endswith(".mlir"))
    total, covered = collections.Counter(), collections.Counter()
    for path in files:
        out = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True).stdout
        try:
            doc = json.loads(out)
        except ValueError:
            continue
        for f in doc["files"]:
            seen = set()
            for v in f["values"]:
                op = v.get("op")
                if v["kind"] != "result" or not op or not op["name"].startswith(DIALECTS):
                    continue
                declared = v.get("declared")
                if declared is not None and not declared.startswith("tensor<"):
                    continue
                key = (op["range"]["start"]["line"], op["range"]["start"]["character"])
                if key in seen:
                    continue
                seen.add(key)
                name = op["name"]
                total[name] += 1
                if declared is not None and has_shape_fn(entries, name):
                    covered[name] += 1
    every = sum(total.values())
    counted = sum(n for k, n in total.items() if base(k) not in BARRIERS)
    got = sum(n for k, n in covered.items() if base(k) not in BARRIERS)
    pct = 100.0 * got / counted if counted else 100.0
    print("tensor-producing stablehlo/mhlo/chlo ops: %d in %d files; barriers %d; "
          "with a shape function %d of %d (%.1f%%)" % (every, len(files), every - counted, got, counted, pct))
    for name, n in sorted(total.items(), key=lambda kv: (-(kv[1] - covered[kv[0]]), kv[0])):
        if n - covered[name] and (base(name) not in BARRIERS or "verbose" in opts):
            print("  %5d %s%s" % (n - covered[name], name, " (barrier)" if base(name) in BARRIERS else ""))
    failed = pct < minimum
    if failed:
        print("FAIL: %.1f%% < %.1f%%" % (pct, minimum))
    print("%d passed, %d failed" % (0 if failed else 1, 1 if failed else 0))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
