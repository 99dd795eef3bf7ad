#!/usr/bin/env python3
"""standin_lsp.py: the floor of `make bench-lsp`'s edit times.

A language server that does no work: it answers initialize (incremental
sync, hover), and on didOpen and every didChange publishes the same
diagnostics at once, read from a file given on the command line (an LSP
Diagnostic[] JSON array, or `mlir-shape check --format=json` output, whose
ranges are already LSP ranges). What the probe measures against it is the
client's own cost (sending the edit, reading and JSON-parsing the
publishDiagnostics of the same size): no server can answer faster.

    bench/standin_lsp.py DIAGNOSTICS.json

Hover answers null; shutdown and exit end it. Standard library only.
"""
import json
import sys


def load(path):
    with open(path) as f:
        data = json.load(f)
    if isinstance(data, dict):
        data = data.get("diagnostics", [])
    sev = {"error": 1, "warning": 2, "note": 3, "info": 3, "hint": 4}
    out = []
    for d in data:
        item = {"range": d["range"], "message": d.get("message", "")}
        s = d.get("severity", 1)
        item["severity"] = sev.get(s, 1) if isinstance(s, str) else s
        if d.get("code"):
            item["code"] = d["code"]
        item["source"] = "mlir-shape"
        out.append(item)
    return out


def read_message(inp):
    length = None
    while True:
        line = inp.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        k, _, v = line.decode().partition(":")
        if k.lower() == "content-length":
            length = int(v)
    return json.loads(inp.read(length)) if length is not None else None


def send(out, msg):
    body = json.dumps(msg, separators=(",", ":")).encode()
    out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    out.flush()


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    diags = load(sys.argv[1])
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    cached = {}  # uri -> the publish body before the version, the part after
    while True:
        msg = read_message(inp)
        if msg is None:
            return 0
        method, mid = msg.get("method"), msg.get("id")
        if method == "initialize":
            send(out, {"jsonrpc": "2.0", "id": mid,
                       "result": {"capabilities": {"textDocumentSync": 2, "hoverProvider": True}}})
        elif method in ("textDocument/didOpen", "textDocument/didChange"):
            td = msg["params"]["textDocument"]
            uri = td["uri"]
            if uri not in cached:
                cached[uri] = json.dumps(diags, separators=(",", ":")).encode()
            head = json.dumps({"jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
                               "params": {"uri": uri, "version": td.get("version")}},
                              separators=(",", ":")).encode()
            body = head[:-2] + b',"diagnostics":' + cached[uri] + b"}}"
            out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            out.flush()
        elif method == "exit":
            return 0
        elif mid is not None:
            send(out, {"jsonrpc": "2.0", "id": mid, "result": None})


if __name__ == "__main__":
    sys.exit(main())
