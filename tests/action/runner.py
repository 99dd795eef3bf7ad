"""runner.py: runs a composite GitHub Action's steps (action.yml) as the
runner does, offline, for tests/action/test_action.py.

What is emulated: inputs (given, else the declared defaults), `${{ }}`
expressions over inputs, github.action_path/workspace, runner.temp/os/arch
and steps.ID.outputs.NAME; `if:` conditions (==, !=, &&, ||, !, and
always()/success()/failure(); a step without `if:` runs on success); `run:`
steps written to a file and run as `bash --noprofile --norc -eo pipefail
FILE` with the step's env, GITHUB_OUTPUT/GITHUB_PATH/GITHUB_ENV files (their
lines read back as the runner reads them: NAME=VALUE and NAME<<DELIM
blocks) and the workspace as working directory. `uses:` steps are not run:
they are recorded with their resolved `with:`, for the test to check.
"""
import os, re, subprocess, tempfile
import yaml

EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")
TOKEN = re.compile(r"\s*(==|!=|&&|\|\||!|\(|\)|'(?:[^']|'')*'|[A-Za-z_][\w.-]*(?:\(\))?)")


class Context:
    def __init__(self, action, inputs, action_path, workspace, temp):
        self.inputs = {k: str(v.get("default", "")) for k, v in (action.get("inputs") or {}).items()}
        unknown = set(inputs) - set(self.inputs)
        assert not unknown, "inputs the action does not declare: %s" % unknown
        self.inputs.update(inputs)
        self.values = {"github.action_path": action_path, "github.workspace": workspace,
                       "runner.temp": temp, "runner.os": "Linux", "runner.arch": "X64"}
        self.steps = {}
        self.failed = False

    def lookup(self, name):
        if name.startswith("inputs."):
            return self.inputs.get(name[7:], "")
        m = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", name)
        if m:
            return self.steps.get(m.group(1), {}).get(m.group(2), "")
        if name in self.values:
            return self.values[name]
        raise ValueError("expression not emulated: " + name)

    def evaluate(self, text):
        """The value of one expression (a string, or a bool for conditions)."""
        toks = [t for t in TOKEN.findall(text)]
        assert "".join(toks).replace(" ", "") == text.replace(" ", ""), "cannot parse: " + text
        pos = [0]

        def peek():
            return toks[pos[0]] if pos[0] < len(toks) else None

        def take():
            pos[0] += 1
            return toks[pos[0] - 1]

        def primary():
            t = take()
            if t == "(":
                v = orexpr()
                assert take() == ")"
                return v
            if t == "!":
                return not truthy(primary())
            if t.startswith("'"):
                return t[1:-1].replace("''", "'")
            if t in ("true", "false"):
                return t == "true"
            if t == "always()":
                return True
            if t == "success()":
                return not self.failed
            if t == "failure()":
                return self.failed
            return self.lookup(t)

        def compare():
            v = primary()
            while peek() in ("==", "!="):
                op = take()
                w = primary()
                eq = str(v).lower() == str(w).lower()   # GitHub compares strings ignoring case
                v = eq if op == "==" else not eq
            return v

        def andexpr():
            v = compare()
            while peek() == "&&":
                take()
                w = compare()
                v = w if truthy(v) else v
            return v

        def orexpr():
            v = andexpr()
            while peek() == "||":
                take()
                w = andexpr()
                v = v if truthy(v) else w
            return v

        v = orexpr()
        assert peek() is None, "trailing tokens in: " + text
        return v

    def substitute(self, text):
        def one(m):
            v = self.evaluate(m.group(1))
            return ("true" if v else "false") if isinstance(v, bool) else str(v)
        return EXPR.sub(one, str(text))

    def condition(self, step):
        cond = str(step.get("if", "success()")).strip()
        m = EXPR.fullmatch(cond)
        if m:
            cond = m.group(1)
        uses_status = re.search(r"\b(always|success|failure|cancelled)\(\)", cond)
        v = truthy(self.evaluate(cond))
        # As GitHub: without a status function, success() && (cond) is meant.
        return v if uses_status else (v and not self.failed)


def truthy(v):
    return bool(v) and v not in ("", "false", "0")


def read_command_file(path):
    out, lines = {}, open(path).read().split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            i += 1
            buf = []
            while lines[i] != delim:
                buf.append(lines[i])
                i += 1
            out[name] = "\n".join(buf)
        elif "=" in line:
            name, value = line.split("=", 1)
            out[name] = value
        i += 1
    return out


def run_action(action_file, inputs, workspace, base_env=None, action_path=None):
    """Runs the action's steps; returns (context, records, ok). A record is
    a dict: name, id, ran, rc, stdout, stderr, outputs (run steps), uses and
    with (uses steps)."""
    action = yaml.safe_load(open(action_file))
    assert action["runs"]["using"] == "composite"
    action_path = action_path or os.path.dirname(os.path.abspath(action_file))
    temp = tempfile.mkdtemp(prefix="runner-temp.")
    ctx = Context(action, inputs, action_path, workspace, temp)
    env = dict(base_env if base_env is not None else os.environ)
    env.update({"CI": "true", "GITHUB_ACTIONS": "true", "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
                "RUNNER_TEMP": temp, "GITHUB_WORKSPACE": workspace, "GITHUB_ACTION_PATH": action_path})
    path_file = os.path.join(temp, "_path")
    env_file = os.path.join(temp, "_env")
    open(path_file, "w").close()
    open(env_file, "w").close()
    records = []
    for n, step in enumerate(action["runs"]["steps"]):
        rec = {"name": step.get("name"), "id": step.get("id"), "ran": False}
        records.append(rec)
        if not ctx.condition(step):
            continue
        rec["ran"] = True
        if "uses" in step:
            rec["uses"] = step["uses"]
            rec["with"] = {k: ctx.substitute(v) for k, v in (step.get("with") or {}).items()}
            continue
        assert step.get("shell") == "bash", "a run step of a composite action needs shell: bash here"
        out_file = os.path.join(temp, "_output_%d" % n)
        open(out_file, "w").close()
        script = os.path.join(temp, "_step_%d.sh" % n)
        with open(script, "w") as f:
            f.write(ctx.substitute(step["run"]))
        step_env = dict(env)
        step_env.update(read_command_file(env_file))
        extra = [p for p in open(path_file).read().split("\n") if p]
        step_env["PATH"] = ":".join(list(reversed(extra)) + [env["PATH"]])
        step_env.update({k: ctx.substitute(v) for k, v in (step.get("env") or {}).items()})
        step_env["GITHUB_OUTPUT"] = out_file
        step_env["GITHUB_PATH"] = path_file
        step_env["GITHUB_ENV"] = env_file
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=workspace,
                           env=step_env, capture_output=True, text=True, timeout=600)
        rec.update(rc=p.returncode, stdout=p.stdout, stderr=p.stderr, outputs=read_command_file(out_file))
        if step.get("id"):
            ctx.steps[step["id"]] = rec["outputs"]
        if p.returncode != 0 and not truthy(step.get("continue-on-error", False)):
            ctx.failed = True
    outputs = {k: ctx.substitute(v.get("value", "")) for k, v in (action.get("outputs") or {}).items()}
    return ctx, records, outputs, not ctx.failed
