"""difflib_ms.py: what the differential suites of tests/diff share.

The command line (parse_args; seeded_args for a random seed), the cases
generated family by family (family_cases) and written as one file of
functions (write_functions, write_split, write_valid), the runners
(mlir_opt_rejected: the lines mlir-opt-22 --split-input-file rejects;
check_rejected: the lines on which `mlir-shape check --format=json` has an
error; result_values: the results `mlir-shape shapes --format=json` gives;
infer_shapes_output, infer_by_function: what --tosa-infer-shapes gives
each function), and the
tally of the verdicts (tally, print_verdicts, report, inference_report);
for the corpus suites, their command line (corpus_args), the annotated
files (annotated_files) and their expected errors (expectations). Not a
suite itself.
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile


def parse_args(argv, seed, flags=()):
    """The shared command line: BINARY [--cases=N] [--seed=S] [--keep=FILE]
    and the given flags. Returns a dict, or None after printing the usage."""
    if len(argv) < 2:
        print(sys.modules["__main__"].__doc__, file=sys.stderr)
        return None
    args = {"binary": argv[1], "cases": 400, "seed": seed, "keep": None}
    args.update({f: False for f in flags})
    for a in argv[2:]:
        key, _, value = a.lstrip("-").partition("=")
        if a.startswith("--") and key in ("cases", "seed") and value:
            args[key] = int(value)
        elif a.startswith("--keep=") and value:
            args["keep"] = value
        elif a.startswith("--") and key.replace("-", "_") in flags and not value:
            args[key.replace("-", "_")] = True
        else:
            print("unknown argument %s" % a, file=sys.stderr)
            return None
    return args


def seeded_args(argv, flags=()):
    """parse_args with a random default seed; prints the seed. Returns
    (args, the seeded random.Random), or (None, None) after the usage."""
    args = parse_args(argv, random.randrange(1 << 30), flags)
    if args is None:
        return None, None
    print("seed %d" % args["seed"])
    return args, random.Random(args["seed"])


def family_cases(args, rng, families):
    """args["cases"] cases, the families (name, gen) in turn, each in the
    generic form or the pretty one at random: gen(rng, name, generic)
    returns (text, line of the op in text, anything more). Returns the
    texts, the 1-based op line of each in their --split-input-file file,
    a description of each ("FAMILY (generic)") and the rest of each answer
    after the text (the op's line in the text first)."""
    chunks, op_lines, described, rest = [], [], [], []
    line = 1
    for i in range(args["cases"]):
        fam, gen = families[i % len(families)]
        generic = rng.random() < 0.5
        text, off, *more = gen(rng, "f%d" % i, generic)
        op_lines.append(line + off)
        described.append("%s (%s)" % (fam, "generic" if generic else "pretty"))
        chunks.append(text)
        rest.append([off] + more)
        line += text.count("\n") + 1
    return chunks, op_lines, described, rest


def family_verdicts(argv, families, flags=("false_errors_only",)):
    """The start every family differential test shares: seeded arguments,
    the cases of family_cases written to one --split-input-file file, and
    the verdicts of mlir-opt-22 and of ours tallied. Returns None after the
    usage, else (args, chunks, rest, offs, described, path, ref, got, failed,
    false_errors), offs being each case's op line in its text."""
    args, rng = seeded_args(argv, flags)
    if args is None:
        return None
    chunks, op_lines, described, rest = family_cases(args, rng, families)
    path = write_split(args, chunks)
    ref, got, detail = verdicts(args["binary"], path, op_lines)
    failed, false_errors = tally(ref, got, op_lines, described, detail)
    return args, chunks, rest, [r[0] for r in rest], described, path, ref, got, failed, false_errors


def write_functions(path, funcs, prefix="f", split=True):
    """Writes one function a case: funcs holds (arguments, body lines, index
    of the op's line in the body); `// -----` between them when split.
    Returns the 1-based line of each op."""
    lines, op_lines = [], []
    for i, (args, body, op) in enumerate(funcs):
        if i and split:
            lines.append("// -----")
        lines.append("func.func @%s%d(%s) {" % (prefix, i, args))
        op_lines.append(len(lines) + 1 + op)
        lines.extend(body)
        lines.append("  return")
        lines.append("}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return op_lines


def write_split(args, chunks):
    """Writes the chunks as one --split-input-file file (args["keep"], or a
    temporary one); returns its path."""
    path = args["keep"] or tempfile.mkstemp(suffix=".mlir")[1]
    with open(path, "w") as f:
        f.write("// -----\n".join(chunks))
    return path


def write_valid(path, chunks, valid, offs):
    """Writes the chunks whose indices are in valid as path + ".valid.mlir"
    (split). Returns its path and, per index in valid, (index, 1-based
    line of its op there), offs giving each chunk's op line."""
    vpath = path + ".valid.mlir"
    with open(vpath, "w") as f:
        f.write("// -----\n".join(chunks[i] for i in valid))
    lines, vline = [], 1
    for i in valid:
        lines.append((i, vline + offs[i]))
        vline += chunks[i].count("\n") + 1
    return vpath, lines


def infer_shapes_output(path, flags=()):
    """`mlir-opt-22 --split-input-file --tosa-infer-shapes` (then flags) on
    path: per function it prints, in order, (name, the lines after its
    header), a function named by `func.func @NAME` (pretty form) or
    `sym_name = "NAME"` (generic); and the exit status. A function the
    pass rejects is absent."""
    proc = subprocess.run(["mlir-opt-22", "--split-input-file", "--tosa-infer-shapes"] + list(flags) + [path],
                          capture_output=True, text=True)
    funcs = []
    for line in proc.stdout.splitlines():
        m = re.match(r"\s*func\.func @(\w+)", line) or re.search(r'sym_name = "(\w+)"', line)
        if m:
            funcs.append((m.group(1), []))
        elif funcs:
            funcs[-1][1].append(line)
    return funcs, proc.returncode


def infer_by_function(path, pick):
    """Per function name: pick(line) of the first line of its body after
    `mlir-opt-22 --split-input-file --tosa-infer-shapes` for which pick is
    not None (a function the pass rejects is absent)."""
    out = {}
    for name, lines in infer_shapes_output(path)[0]:
        for line in lines if name not in out else ():
            value = pick(line)
            if value is not None:
                out[name] = value
                break
    return out


def mlir_opt_errors(path):
    """Per 1-based line, the first error `mlir-opt-22 --split-input-file`
    reports there; and its stderr."""
    proc = subprocess.run(["mlir-opt-22", "--split-input-file", path, "-o", os.devnull],
                          capture_output=True, text=True)
    errs = {}
    pat = re.compile(r"^" + re.escape(path) + r":(\d+):\d+: error: (.*)")
    for line in proc.stderr.splitlines():
        m = pat.match(line)
        if m:
            errs.setdefault(int(m.group(1)), m.group(2))
    if proc.returncode != 0 and not errs:
        sys.exit("mlir-opt-22 failed without diagnostics:\n" + proc.stderr[:2000])
    return errs, proc.stderr


def mlir_opt_rejected(path, op_lines):
    errs, stderr = mlir_opt_errors(path)
    return [ln in errs for ln in op_lines], stderr


def check_diagnostics(binary, path):
    """The diagnostics of `mlir-shape check --format=json` on path."""
    proc = subprocess.run([binary, "check", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit("mlir-shape check failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]))
    return json.loads(proc.stdout).get("diagnostics", [])


def check_rejected(binary, path, op_lines):
    diags = check_diagnostics(binary, path)
    err_lines = {d["range"]["start"]["line"] for d in diags if d.get("severity") == "error"}
    notes = {}
    for d in diags:
        notes.setdefault(d["range"]["start"]["line"], []).append(d.get("message", ""))
    # JSON lines are 0-based, op_lines 1-based.
    return [ln - 1 in err_lines for ln in op_lines], [
        "; ".join(notes.get(ln - 1, [])) or "(no diagnostics)" for ln in op_lines]


def verdicts(binary, path, op_lines):
    """mlir-opt-22's and mlir-shape's verdicts on each op line, and
    mlir-shape's diagnostics there."""
    ref, _ = mlir_opt_rejected(path, op_lines)
    got, detail = check_rejected(binary, path, op_lines)
    return ref, got, detail


def result_values(binary, path):
    """The result values of `mlir-shape shapes --format=json` on path."""
    proc = subprocess.run([binary, "shapes", "--format=json", path], capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit("mlir-shape shapes failed (exit %d): %s" % (proc.returncode, proc.stderr[:2000]))
    return [v for f in json.loads(proc.stdout)["files"] for v in f["values"] if v["kind"] == "result"]


def tally(ref, got, op_lines, described, detail, reference="mlir-opt", every_false_error=False):
    """Prints each disagreement (the first 20, and every false error when
    every_false_error); returns (disagreements, false errors)."""
    failed = false_errors = 0
    for i, what in enumerate(described):
        if ref[i] != got[i]:
            failed += 1
            false_errors += got[i]
            if failed <= 20 or (every_false_error and got[i]):
                print("DISAGREE line %d: %s: %s %s, mlir-shape %s (%s)" % (
                    op_lines[i], what, reference, "rejects" if ref[i] else "accepts",
                    "rejects" if got[i] else "accepts", detail[i]))
    return failed, false_errors


def print_verdicts(ref, failed, false_errors):
    total = len(ref)
    print("verdicts: %d of %d agree (%.1f%%), rejected by mlir-opt-22: %d, false errors: %d" % (
        total - failed, total, 100.0 * (total - failed) / max(total, 1), sum(ref), false_errors))


def inference_report(args, ref, failed, false_errors, compared, infer_failed, what, paths):
    """Removes the generated files (unless args["keep"]), prints the
    verdicts, `inference: N of M WHAT` and `N passed, M failed` (false
    errors only with args["false_errors_only"]). Returns the exit status."""
    if not args["keep"]:
        for p in paths:
            os.unlink(p)
    print_verdicts(ref, failed, false_errors)
    print("inference: %d of %d %s" % (compared - infer_failed, compared, what))
    bad = (false_errors if args["false_errors_only"] else failed) + infer_failed
    print("%d passed, %d failed" % (len(ref) + compared - bad, bad))
    return 1 if bad else 0


def report(ref, got, op_lines, described, detail, remove, reference="mlir-opt", rejected="rejected by mlir-opt-22"):
    """Prints each disagreement (the first 20) and `N passed, M failed`;
    removes the generated file (and its folder) unless it is to be kept.
    Returns the exit status."""
    failed, _ = tally(ref, got, op_lines, described, detail, reference)
    print("%s: %d of %d" % (rejected, sum(ref), len(ref)))
    print("%d passed, %d failed" % (len(ref) - failed, failed))
    if remove:
        os.unlink(remove)
        os.rmdir(os.path.dirname(remove))
    return 1 if failed else 0


def corpus_args(argv, usage, corpus):
    """The corpus suites' command line: BINARY [--corpus=DIR] and options.
    Returns (binary, corpus, options), or None after printing the usage."""
    args = [a for a in argv[1:] if not a.startswith("--")]
    opts = [a for a in argv[1:] if a.startswith("--")]
    if len(args) != 1:
        print(usage, file=sys.stderr)
        return None
    for o in opts:
        if o.startswith("--corpus="):
            corpus = o.split("=", 1)[1]
    return args[0], corpus, opts


def annotated_files(corpus, keep=lambda lines: True):
    """(path, lines) of each .mlir file below corpus that has an
    expected-error annotation and whose lines keep accepts, sorted."""
    files = []
    for dp, _, fn in os.walk(corpus):
        for f in sorted(fn):
            if f.endswith(".mlir"):
                p = os.path.join(dp, f)
                with open(p, errors="replace") as fh:
                    text = fh.read()
                if "expected-error" in text and keep(text.split("\n")):
                    files.append((p, text.split("\n")))
    return sorted(files)


# As LLVM's -verify-diagnostics reads them: anywhere in a comment, also
# `// @expected-error@+1 {{...}}` (ops_chlo.mlir).
EXPECT = re.compile(r"//.*?expected-error\s*(?:@(\+\d+|-\d+|above|below))?\s*\{\{(.*?)\}\}")


def expectations(lines):
    """(0-based target line, message) per expected-error, as mlir-opt reads them."""
    out = []
    for i, line in enumerate(lines):
        m = EXPECT.search(line)
        if not m:
            continue
        d = m.group(1)
        t = i if d is None else i + 1 if d == "below" else i - 1 if d == "above" else i + int(d)
        out.append((t, m.group(2)))
    return out
