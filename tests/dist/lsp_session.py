#!/usr/bin/python3
"""lsp_session.py FILE -- COMMAND...: one LSP session with the server COMMAND
(e.g. the dist binary inside an empty root): initialize, initialized, didOpen
of FILE's text, wait for a publishDiagnostics with an incompatible-dims error,
hover on the first "tf.Mul" op, shutdown, exit. Standard library only.

Prints one line per step ("ok STEP ..." or "FAIL STEP ...") and exits 0 when
every step passed and the server exited with status 0. Each wait is for a
condition, bounded by an overall deadline (LSP_DEADLINE, 60 s).
"""
import json, os, queue, subprocess, sys, threading, time

def main():
    sep = sys.argv.index("--")
    path, cmd = sys.argv[1], sys.argv[sep + 1:]
    text = open(path, encoding="utf-8").read()
    deadline = time.monotonic() + float(os.environ.get("LSP_DEADLINE", "60"))
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    inbox = queue.Queue()

    def reader():
        f = proc.stdout
        while True:
            headers = {}
            while True:
                line = f.readline()
                if not line:
                    inbox.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                k, v = line.decode().split(":", 1)
                headers[k.lower()] = v.strip()
            inbox.put(json.loads(f.read(int(headers["content-length"]))))

    threading.Thread(target=reader, daemon=True).start()
    failed = []

    def step(name, ok, detail=""):
        print(("ok " if ok else "FAIL ") + name + (": " + detail if detail else ""))
        if not ok:
            failed.append(name)
        return ok

    def send(msg):
        body = json.dumps(msg).encode()
        proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        proc.stdin.flush()

    def wait(pred):
        """The first message for which pred is true; server requests answered with null."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                m = inbox.get(timeout=left)
            except queue.Empty:
                return None
            if m is None:
                return None
            if "method" in m and "id" in m:      # a request from the server
                send({"jsonrpc": "2.0", "id": m["id"], "result": None})
            if pred(m):
                return m

    uri = "file:///work/" + os.path.basename(path)
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "processId": None, "rootUri": None, "capabilities": {
            "textDocument": {"hover": {"contentFormat": ["markdown", "plaintext"]}}}}})
    r = wait(lambda m: m.get("id") == 1)
    step("initialize", r is not None and "capabilities" in r.get("result", {}),
         json.dumps(r)[:200] if r else "no answer")
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}}})
    r = wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
             and m["params"]["uri"] == uri and m["params"]["diagnostics"])
    codes = [d.get("code") for d in r["params"]["diagnostics"]] if r else []
    step("diagnostic", "incompatible-dims" in codes, "codes %s" % codes)

    at = text.index('"tf.Mul"') + 2
    line = text.count("\n", 0, at)
    col = at - (text.rfind("\n", 0, at) + 1)
    send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": uri}, "position": {"line": line, "character": col}}})
    r = wait(lambda m: m.get("id") == 2)
    contents = json.dumps((r or {}).get("result") or {})
    step("hover", "tf.Mul" in contents and "tensor<4x3xf32>" in contents, contents[:200])

    send({"jsonrpc": "2.0", "id": 3, "method": "shutdown", "params": None})
    r = wait(lambda m: m.get("id") == 3)
    step("shutdown", r is not None and r.get("result", 0) is None and "error" not in r,
         json.dumps(r)[:200] if r else "no answer")
    send({"jsonrpc": "2.0", "method": "exit"})
    proc.stdin.close()
    try:
        rc = proc.wait(timeout=max(1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        proc.kill()
        rc = "killed (no exit)"
    step("exit", rc == 0, "status %s" % rc)
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
