#!/usr/bin/python3
"""gate.py: no ERROR node and no false error on real MLIR (make test-corpus-gate).

The gate for every change to the grammar or the analyzer (issue 19). On every
`.mlir` file of tests/corpus/unseen/ (real files of projects the tool was not
written against) and of ../shared/corpus/ (relative to the repository root,
when present) it asserts:

  (a) the grammar's parse of the whole file has no ERROR and no MISSING node
      (build/corpus-parse, tests/corpus/parse_errors.c), except in the files
      of tests/corpus/parse-exceptions.txt: files that mlir-opt-22 itself
      rejects as unparseable (the gate checks that it still does);
  (b) `mlir-shape check --split-input-file` reports no error-severity finding
      in a chunk that is valid: mlir-opt-22 accepts the chunk (where it
      registers every dialect the chunk uses), or, where it does not know a
      dialect of the chunk, the chunk's file has no `expected-error`
      annotation (for ../shared/corpus/generic/X: neither has real/X, the
      file it was converted from, whose annotations the conversion dropped).

mlir-opt-22's verdicts come from one `mlir-opt-22 --split-input-file FILE`
per file, without --allow-unregistered-dialect: a chunk is *accepted* (A)
when mlir-opt-22 reports no error in it, *unjudged* (U) when an error says a
dialect or op is unknown to it (UNJUDGED below), *rejected* (R) otherwise.
They are kept in tests/corpus/verdicts.tsv (`PATH<TAB>SHA256<TAB>LINE:V ...`,
one LINE:V per chunk: its first line and its verdict), which `--regenerate`
brings up to date (mlir-opt-22 runs on the files without a current verdict); the gate fails when a file has no
verdict or its sha256 differs (the file changed: regenerate). `--live`
computes them instead of reading the file (any directory, e.g. a new corpus).

Today's failures are listed in tests/corpus/known-false-errors.txt, one
`PATH:LINE:CODE` a line (CODE: ERROR or MISSING for parse nodes, else the
finding's code). The gate fails on a failure not in that list, and on an
entry that no longer occurs (remove it: the list only shrinks).

usage: gate.py [--bin BUILD/mlir-shape] [--parse BUILD/corpus-parse] [--jobs N]
               [--known FILE] [--exceptions FILE] [--verdicts FILE]
               [--regenerate | --live] [--write-known] [--dump FILE] [ROOT...]
  ROOT           files or directories (default: tests/corpus/unseen and
                 ../shared/corpus when present); paths are reported relative
                 to the repository root
  --regenerate   compute mlir-opt-22's verdicts of the files that have none or
                 a stale one, and rewrite the verdicts file
  --live         compute the verdicts with mlir-opt-22 and do not read the file
  --write-known  rewrite the known-failures file with today's failures
                 (use only to record failures found by a new corpus file)
  --dump FILE    write every failure, with the text of its line, as JSON
Prints each failure (file:line: code: message), the figures and a summary
line `N passed, M failed`; exits 1 on any failure.
"""
import argparse
import hashlib
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
MLIR_OPT = "mlir-opt-22"
SPLIT = "// -----"

# mlir-opt-22 errors that say it cannot judge the chunk: a dialect, op, type
# or attribute it does not register (the project's own dialects, or ops newer
# or older than LLVM 22).
UNJUDGED = re.compile(
    r"not found for custom op|unregistered dialect|is unknown|unregistered operation"
    r"|dialect '[^']*' not found|Dialect `[^`]*' not found|unknown dialect"
    r"|created with unregistered dialect|expected (?:type|attribute) of dialect"
    r"|dialect .* does not (?:define|provide)|no registered (?:type|attribute)"
    r"|unknown (?:type|attribute|operation|'[^']*' (?:type|attribute))")
DIAG = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")


def rel(path):
    """PATH relative to the repository root (../shared/... for the shared corpus)."""
    return os.path.relpath(os.path.abspath(path), REPO)


def mlir_files(roots):
    out = []
    for root in roots:
        if os.path.isfile(root):
            out.append(root)
            continue
        for d, dirs, files in os.walk(root):
            dirs.sort()
            out.extend(os.path.join(d, f) for f in sorted(files) if f.endswith(".mlir"))
    return sorted(set(os.path.abspath(f) for f in out))


class Chunk:
    """Lines [first, last] (1-based) of one file between split markers."""

    def __init__(self, first, last):
        self.first, self.last = first, last
        self.errors = []  # mlir-opt-22's error messages in this chunk
        self.verdict = "accepted"


def chunks_of(text):
    lines = text.split("\n")
    out, first = [], 1
    for i, line in enumerate(lines, 1):
        if SPLIT in line:
            out.append(Chunk(first, i))
            first = i + 1
    out.append(Chunk(first, max(first, len(lines))))
    return out


def chunk_at(chunks, line):
    for c in chunks:
        if c.first <= line <= c.last:
            return c
    return chunks[-1]


def mlir_opt_errors(path):
    """(line, message) of each error mlir-opt-22 reports on PATH, chunk by chunk."""
    try:
        p = subprocess.run([MLIR_OPT, "--split-input-file", path, "-o", os.devnull],
                           capture_output=True, text=True, errors="replace", timeout=300)
    except subprocess.TimeoutExpired:
        return [(1, "mlir-opt-22 timed out")]
    out = []
    for line in p.stderr.splitlines():
        m = DIAG.match(line)
        if m:
            out.append((int(m.group(2)), m.group(4)))
    if p.returncode != 0 and not out:
        out.append((1, "mlir-opt-22 failed: " + p.stderr.strip()[:200]))
    return out


def real_expects_error(path):
    """Whether the file a generic/ conversion of ../shared/corpus was made from
    has `expected-error` annotations (the conversion dropped them)."""
    marker = os.sep + os.path.join("corpus", "generic") + os.sep
    if marker not in path:
        return False
    real = path.replace(marker, os.sep + os.path.join("corpus", "real") + os.sep, 1)
    try:
        with open(real, "rb") as f:
            return b"expected-error" in f.read()
    except OSError:
        return False


class FileInfo:
    def __init__(self, path):
        self.path = path
        with open(path, "rb") as f:
            data = f.read()
        self.sha = hashlib.sha256(data).hexdigest()
        self.text = data.decode("utf-8", errors="replace")
        self.lines = self.text.split("\n")
        self.chunks = chunks_of(self.text)
        self.expects_error = "expected-error" in self.text or real_expects_error(path)

    def judge(self, errors):
        for line, msg in errors:
            chunk_at(self.chunks, line).errors.append(msg)
        for c in self.chunks:
            if not c.errors:
                c.verdict = "accepted"
            elif any(UNJUDGED.search(m) for m in c.errors):
                c.verdict = "unjudged"
            else:
                c.verdict = "rejected"

    def verdicts(self):
        return " ".join("%d:%s" % (c.first, c.verdict[0].upper()) for c in self.chunks)

    def load(self, row):
        """Takes the verdicts of a verdicts-file row; False when they do not fit the file."""
        sha, verdicts = row
        pairs = [v.split(":") for v in verdicts.split()]
        if sha != self.sha or [int(l) for l, _ in pairs] != [c.first for c in self.chunks]:
            return False
        names = {"A": "accepted", "U": "unjudged", "R": "rejected"}
        for c, (_, v) in zip(self.chunks, pairs):
            c.verdict = names[v]
        return True

    def valid(self, line):
        c = chunk_at(self.chunks, line)
        return c.verdict == "accepted" or (c.verdict == "unjudged" and not self.expects_error)

    def line_text(self, line):
        return self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""


def parse_nodes(parse_bin, files):
    """{path: [(line, kind, text)]}: the ERROR and MISSING nodes of each file."""
    p = subprocess.run([parse_bin, "-"], input="\n".join(files) + "\n", capture_output=True,
                       text=True, errors="replace")
    if p.returncode not in (0, 1):
        sys.exit("corpus-parse failed: " + p.stderr)
    out = {}
    for row in p.stdout.splitlines():
        parts = row.split("\t", 4)
        if len(parts) == 5:
            out.setdefault(parts[0], []).append((int(parts[1]), parts[3], parts[4]))
    return out


def findings(bin_, files, jobs):
    """Error-severity findings of `check --split-input-file`: [(path, line, code, message)]."""
    out = []
    step = 200  # files per run: keeps command lines short
    for i in range(0, len(files), step):
        p = subprocess.run([bin_, "check", "--split-input-file", "--format=json", "--exit-zero",
                            "--jobs", str(jobs)] + files[i:i + step],
                           capture_output=True, text=True, errors="replace")
        if p.returncode != 0:
            sys.exit("mlir-shape check failed (%d): %s" % (p.returncode, p.stderr[:500]))
        for d in json.loads(p.stdout)["diagnostics"]:
            if d["severity"] == "error":
                out.append((os.path.abspath(d["file"]), d["range"]["start"]["line"] + 1, d["code"],
                            d["message"]))
    return out


def read_verdicts(path):
    """{relpath: (sha256, verdicts)} of a verdicts file."""
    out = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                p, sha, v = line.rstrip("\n").split("\t")
                out[p] = (sha, v)
    return out


def write_verdicts(path, info):
    with open(path, "w") as out:
        out.write("# mlir-opt-22's verdict on each chunk (LINE:V, V = A accepted, U unjudged:"
                  " a dialect it does not register, R rejected).\n"
                  "# Written by tests/corpus/gate.py --regenerate; do not edit.\n")
        for f in sorted(info, key=rel):
            out.write("%s\t%s\t%s\n" % (rel(f), info[f].sha, info[f].verdicts()))


def judge_live(info, jobs):
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        # Big files first, so that the pool ends together.
        order = sorted(info, key=lambda f: -len(info[f].text))
        for f, errors in zip(order, pool.map(mlir_opt_errors, order)):
            info[f].judge(errors)


def read_list(path):
    """Entries of a list file: non-empty lines without their `#` comments."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                out.append(line)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("roots", nargs="*")
    ap.add_argument("--bin", default=os.path.join(REPO, "build", "mlir-shape"))
    ap.add_argument("--parse", default=os.path.join(REPO, "build", "corpus-parse"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--known", default=os.path.join(HERE, "known-false-errors.txt"))
    ap.add_argument("--exceptions", default=os.path.join(HERE, "parse-exceptions.txt"))
    ap.add_argument("--verdicts", default=os.path.join(HERE, "verdicts.tsv"))
    ap.add_argument("--regenerate", action="store_true")
    ap.add_argument("--live", action="store_true")
    ap.add_argument("--write-known", action="store_true")
    ap.add_argument("--dump")
    a = ap.parse_args()
    roots = a.roots or [os.path.join(HERE, "unseen")] + [
        d for d in [os.path.join(REPO, "..", "shared", "corpus")] if os.path.isdir(d)]
    t0 = time.time()
    files = mlir_files(roots)
    if not files:
        sys.exit("no .mlir files under " + " ".join(roots))
    info = {f: FileInfo(f) for f in files}
    problems = []  # verdicts or list files that do not hold
    if a.regenerate or a.live:
        stored = {} if a.live else read_verdicts(a.verdicts)
        todo = {f: fi for f, fi in info.items() if rel(f) not in stored or not fi.load(stored[rel(f)])}
        judge_live(todo, a.jobs)
        if a.regenerate:
            write_verdicts(a.verdicts, info)
            print("wrote the verdicts of %d files to %s" % (len(info), rel(a.verdicts)))
    else:
        stored = read_verdicts(a.verdicts)
        for f in files:
            row = stored.get(rel(f))
            if row is None or not info[f].load(row):
                problems.append("%s: %s in %s: run tests/corpus/gate.py --regenerate" % (
                    rel(f), "no verdict" if row is None else "stale verdict",
                    os.path.basename(a.verdicts)))
    t_ref = time.time() - t0
    nodes = parse_nodes(a.parse, files)
    errs = findings(a.bin, files, a.jobs)

    exceptions = set(read_list(a.exceptions))
    failures = []  # (relpath, line, code, message)
    for path in exceptions:
        f = os.path.normpath(os.path.join(REPO, path))
        if f not in info:
            continue
        if all(c.verdict == "accepted" for c in info[f].chunks):
            problems.append("%s: in %s but mlir-opt-22 accepts every chunk" %
                            (path, os.path.basename(a.exceptions)))
    for f, rows in nodes.items():
        f = os.path.abspath(f)
        if rel(f) in exceptions:
            continue
        for line, kind, text in rows:
            msg = "missing '%s'" % text if kind == "MISSING" else "ERROR node at '%s'" % text
            failures.append((rel(f), line, kind, msg))
    n_valid_chunks = sum(1 for fi in info.values() for c in fi.chunks
                         if fi.valid(c.first))
    for f, line, code, msg in errs:
        fi = info.get(f)
        if fi and fi.valid(line):
            failures.append((rel(f), line, code, msg))
    failures = sorted(set(failures))

    keys = sorted(set("%s:%d:%s" % (p, l, c) for p, l, c, _ in failures))
    if a.write_known:
        header = [l for l in open(a.known)] if os.path.exists(a.known) else []
        header = [l for l in header if l.startswith("#")]
        with open(a.known, "w") as out:
            out.writelines(header)
            out.writelines(k + "\n" for k in keys)
        print("wrote %d entries to %s" % (len(keys), rel(a.known)))
    known = set(read_list(a.known))
    present = set(rel(f) for f in files)
    new = [x for x in failures if "%s:%d:%s" % x[:3] not in known]
    gone = sorted(k for k in known if k not in set(keys) and k.rsplit(":", 2)[0] in present)

    if a.dump:
        with open(a.dump, "w") as out:
            json.dump([{"file": p, "line": l, "code": c, "message": m,
                        "text": info[os.path.normpath(os.path.join(REPO, p))].line_text(l),
                        "known": "%s:%d:%s" % (p, l, c) in known} for p, l, c, m in failures],
                      out, indent=1)

    for p, l, c, m in new:
        print("%s:%d: %s: %s" % (p, l, c, m))
        print("    " + info[os.path.normpath(os.path.join(REPO, p))].line_text(l)[:160])
    for k in gone:
        print("%s: listed in %s but no longer occurs: remove it" % (k, os.path.basename(a.known)))
    for pr in problems:
        print(pr)
    n_err_files = sum(1 for f in nodes if rel(os.path.abspath(f)) not in exceptions)
    n_chunks = sum(len(fi.chunks) for fi in info.values())
    verdicts = {}
    for fi in info.values():
        for c in fi.chunks:
            verdicts[c.verdict] = verdicts.get(c.verdict, 0) + 1
    by_code = {}
    for p, l, c, m in failures:
        by_code[c] = by_code.get(c, 0) + 1
    print("gate: %d files, ERROR/MISSING nodes in %d (%d exceptions); %d chunks (%s), %d valid; "
          "%d failures (%s), %d known, %d new, %d no longer occur; verdicts %.1f s, total %.1f s"
          % (len(files), n_err_files, len(exceptions), n_chunks,
             ", ".join("%d %s" % (v, k) for k, v in sorted(verdicts.items())), n_valid_chunks,
             len(failures), ", ".join("%d %s" % (v, k) for k, v in sorted(by_code.items())),
             len(known), len(new), len(gone), t_ref, time.time() - t0))
    nfail = len(new) + len(gone) + len(problems)
    print("%d passed, %d failed" % (len(files) - len(set(x[0] for x in new)), nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
