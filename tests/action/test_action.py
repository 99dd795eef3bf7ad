#!/usr/bin/python3
"""test_action.py DIST BIN: the composite action (action.yml at the
repository root) run as the runner runs it (runner.py), offline: its
"download" is pointed with download-url at a file:// copy of the release
layout holding DIST's tarball and .sha256. BIN is the ordinary build.

Scenarios: download + findings + SARIF asked (the check step fails with
GitHub annotations, the SARIF file is valid and the upload step gets it);
a clean file without SARIF (success, upload skipped); the binary input;
build-from-source (make in the action's checkout); options reach check
(--select); a tampered checksum stops the install. Prints ok/FAIL lines and
"N passed, M failed".
"""
import json, os, shutil, sys, tarfile, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from runner import run_action

root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
dist, bin_ = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
version = open(os.path.join(root, "VERSION")).read().strip()
name = "mlir-shape-%s-linux-x64.tar.gz" % version
action = os.path.join(root, "action.yml")
passed = failed = 0


def check(label, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print("ok " + label)
    else:
        failed += 1
        print("FAIL %s: %s" % (label, detail))


tmp = tempfile.mkdtemp(prefix="ms-action.")
releases = os.path.join(tmp, "releases")
os.makedirs(os.path.join(releases, "v" + version))
for f in (name, name + ".sha256"):
    shutil.copy(os.path.join(dist, f), os.path.join(releases, "v" + version, f))
url = "file://" + releases


def workspace():
    ws = tempfile.mkdtemp(dir=tmp, prefix="ws.")
    shutil.copytree(os.path.join(root, "examples"), os.path.join(ws, "models"))
    shutil.copy(os.path.join(root, "tests", "cli", "fixtures", "clean.mlir"), os.path.join(ws, "clean.mlir"))
    return ws


def read_member(tarball, member):
    with tarfile.open(tarball) as t:
        return t.extractfile("%s/%s" % (name[:-len(".tar.gz")], member)).read()


def by_name(records, n):
    return next(r for r in records if r["name"] == n)


def show(rec):
    return "rc %s; stderr: %s; stdout: %s" % (rec.get("rc"), rec.get("stderr", "")[-400:], rec.get("stdout", "")[:300])


# 1. Download, findings, SARIF asked.
ws = workspace()
ctx, recs, outputs, ok = run_action(action, {"paths": "models/mlir_broadcastable.mlir\nmodels/dataflow.mlir",
                                             "sarif": "true", "download-url": url}, ws)
inst, sarif, upload, chk = (by_name(recs, n) for n in ("Install mlir-shape", "SARIF for code scanning",
                                                       "Upload SARIF", "Check"))
check("download: install step", inst.get("rc") == 0 and ": OK" in inst.get("stdout", ""), show(inst))
check("download: the binary is the release's",
      outputs["binary"].endswith("/mlir-shape-%s-linux-x64/mlir-shape" % version)
      and open(outputs["binary"], "rb").read() == read_member(os.path.join(dist, name), "mlir-shape"),
      outputs["binary"])
check("download: --version printed", ("\nmlir-shape %s (" % version) in "\n" + inst.get("stdout", ""), show(inst))
check("findings: check step fails the action", chk.get("rc") == 1 and not ok, show(chk))
check("findings: GitHub annotations", "::error file=models/mlir_broadcastable.mlir,line=13," in chk.get("stdout", "")
      and "models/dataflow.mlir" in chk.get("stdout", ""), show(chk))
sarif_path = os.path.join(ws, "mlir-shape.sarif")
try:
    log = json.load(open(sarif_path))
    results = log["runs"][0]["results"]
    sarif_ok = log["version"] == "2.1.0" and results and sarif.get("rc") == 0
except Exception as e:  # noqa: BLE001
    sarif_ok, results = False, str(e)
check("sarif: written despite findings", sarif_ok, show(sarif))
check("sarif: upload step gets it", upload["ran"] and upload.get("uses", "").startswith("github/codeql-action/upload-sarif@")
      and upload["with"] == {"sarif_file": "mlir-shape.sarif", "category": "mlir-shape"}
      and outputs["sarif-file"] == "mlir-shape.sarif", json.dumps(upload))

# 2. A clean file, no SARIF: success, the upload skipped.
ws = workspace()
ctx, recs, outputs, ok = run_action(action, {"paths": "clean.mlir", "download-url": url}, ws)
check("clean: action succeeds", ok and by_name(recs, "Check").get("rc") == 0, show(by_name(recs, "Check")))
check("clean: no SARIF step, no upload", not by_name(recs, "SARIF for code scanning")["ran"]
      and not by_name(recs, "Upload SARIF")["ran"] and not os.path.exists(os.path.join(ws, "mlir-shape.sarif")),
      json.dumps([r["ran"] for r in recs]))

# 3. Options reach check; the binary input skips the download.
ws = workspace()
ctx, recs, outputs, ok = run_action(action, {"paths": "models", "binary": bin_, "format": "json",
                                             "options": "--select incompatible-dims --quiet",
                                             "download-url": "file:///nonexistent"}, ws)
chk = by_name(recs, "Check")
try:
    codes = {d["code"] for d in json.loads(chk.get("stdout", ""))["diagnostics"]}
except Exception as e:  # noqa: BLE001
    codes = {"unparsed: %s" % e}
check("binary input: used as is", outputs["binary"] == os.path.realpath(bin_), outputs["binary"])
check("options: --select reaches check", codes == {"incompatible-dims"} and chk.get("rc") == 1, "%s %s" % (codes, show(chk)))

# 4. build-from-source: make in the action's checkout (up to date here).
ws = workspace()
ctx, recs, outputs, ok = run_action(action, {"paths": "clean.mlir", "build-from-source": "true",
                                             "download-url": "file:///nonexistent"}, ws)
check("build-from-source", ok and outputs["binary"] == os.path.join(root, "build", "mlir-shape"),
      show(by_name(recs, "Install mlir-shape")))

# 5. A checksum that does not match stops the install.
bad = os.path.join(tmp, "bad")
shutil.copytree(releases, bad)
with open(os.path.join(bad, "v" + version, name + ".sha256"), "w") as f:
    f.write("0" * 64 + "  " + name + "\n")
ws = workspace()
ctx, recs, outputs, ok = run_action(action, {"paths": "clean.mlir", "download-url": "file://" + bad}, ws)
check("tampered download: install fails, nothing runs", not ok and by_name(recs, "Install mlir-shape")["rc"] != 0
      and not by_name(recs, "Check")["ran"], show(by_name(recs, "Install mlir-shape")))

# 6. The GitLab CI job of docs/gitlab-ci.yml: before_script and script in
# one bash session (as GitLab's shell runner), its variables, the download
# pointed at the file:// release.
import subprocess
import yaml
job = yaml.safe_load(open(os.path.join(root, "docs", "gitlab-ci.yml")))["mlir-shape"]
for paths, want_rc in (("models", 1), ("clean.mlir", 0)):
    ws = workspace()
    env = dict(os.environ)
    env.update({k: str(v) for k, v in job["variables"].items()})
    env.update({"MLIR_SHAPE_DOWNLOAD_URL": url, "MLIR_SHAPE_PATHS": paths, "CI": "true", "GITLAB_CI": "true"})
    script = "set -eo pipefail\n" + "\n".join(job["before_script"] + job["script"]) + "\n"
    p = subprocess.run(["bash", "-c", script], cwd=ws, env=env, capture_output=True, text=True, timeout=300)
    report = os.path.join(ws, job["artifacts"]["reports"]["codequality"])
    try:
        items = json.load(open(report))
        fine = isinstance(items, list) and all({"description", "check_name", "fingerprint", "severity", "location"}
                                                 <= set(i) for i in items) and (len(items) > 0) == (want_rc == 1)
    except Exception as e:  # noqa: BLE001
        fine, items = False, str(e)
    check("gitlab job on %s: exit %d, code quality report" % (paths, want_rc), p.returncode == want_rc and fine,
          "rc %d; %s; %s" % (p.returncode, p.stderr[-300:], str(items)[:200]))

shutil.rmtree(tmp)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
