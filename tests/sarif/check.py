"""check.py IN.sarif VALIDATION.sarif: fails (exit 1) when the Multitool's
log holds an error- or warning-level result, or when IN lacks a field that
GitHub code scanning uses."""
import json
import sys

log, validation = (json.load(open(p, encoding="utf-8")) for p in sys.argv[1:3])
problems = []
for run in validation.get("runs", []):
    rules = {r.get("id"): r for r in run.get("tool", {}).get("driver", {}).get("rules", [])}
    for res in run.get("results", []):
        level = res.get("level")
        if level is None:
            level = rules.get(res.get("ruleId"), {}).get("defaultConfiguration", {}).get("level", "warning")
        if level in ("error", "warning"):
            msg = res.get("message", {})
            problems.append(f"{level} {res.get('ruleId')}: {msg.get('text') or msg.get('arguments')}")
    for note in run.get("invocations", [{}])[0].get("toolExecutionNotifications", []):
        if note.get("level", "warning") in ("error", "warning"):
            problems.append(f"tool: {note.get('message', {}).get('text')}")
run = log["runs"][0]
drv = run["tool"]["driver"]
for r in drv["rules"]:
    for key in ("shortDescription", "fullDescription"):
        if not r.get(key, {}).get("text"):
            problems.append(f"rule {r['id']}: no {key}")
    if not (r.get("help", {}).get("text") and r["help"].get("markdown")):
        problems.append(f"rule {r['id']}: help needs text and markdown")
    if not r.get("helpUri", "").startswith("https://"):
        problems.append(f"rule {r['id']}: no helpUri")
    if r.get("defaultConfiguration", {}).get("level") not in ("error", "warning", "note", "none"):
        problems.append(f"rule {r['id']}: no defaultConfiguration.level")
bases = run.get("originalUriBaseIds", {})
if not bases.get("%SRCROOT%", {}).get("uri", "").endswith("/"):
    problems.append("no originalUriBaseIds %SRCROOT% ending in /")
seen = set()
for res in run["results"]:
    fp = res.get("partialFingerprints", {})
    if not fp:
        problems.append(f"result {res['ruleId']}: no partialFingerprints")
    key = json.dumps(fp, sort_keys=True) + res["ruleId"]
    if key in seen:
        problems.append(f"result {res['ruleId']}: duplicate partialFingerprints {fp}")
    seen.add(key)
    loc = res["locations"][0]["physicalLocation"]
    art = loc["artifactLocation"]
    if art["uri"].startswith("/") or art["uri"].startswith("file:") or art.get("uriBaseId") != "%SRCROOT%":
        problems.append(f"result {res['ruleId']}: uri {art} is not relative to %SRCROOT%")
    reg = loc["region"]
    if not all(k in reg for k in ("startLine", "startColumn", "endLine", "endColumn")):
        problems.append(f"result {res['ruleId']}: region without columns {reg}")
    for rel in res.get("relatedLocations", []):
        if not rel.get("message", {}).get("text") or "region" not in rel["physicalLocation"]:
            problems.append(f"result {res['ruleId']}: related location without message or region")
for p in problems:
    print(p)
sys.exit(1 if problems else 0)
