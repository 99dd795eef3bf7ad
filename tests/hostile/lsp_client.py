#!/usr/bin/env python3
"""lsp_client.py: the hostile texts through the language server.

Usage: lsp_client.py BIN FILE. Opens FILE's text in `BIN lsp` (didOpen),
waits for its diagnostics (they must hold a nesting-too-deep warning when
the text nests too deep), then asks for a hover and shuts down: the session
must answer both. Exits 0 when it did, 1 with a reason otherwise.
"""
import json
import subprocess
import sys


def send(p, msg):
    body = json.dumps(msg).encode()
    p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
    p.stdin.flush()


def read(p):
    length = None
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit('server closed its output')
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b'content-length:'):
            length = int(line.split(b':')[1])
    return json.loads(p.stdout.read(length))


def until(p, pred):
    while True:
        m = read(p)
        if pred(m):
            return m


def main():
    bin_, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding='utf-8', errors='replace').read()
    uri = 'file://' + path
    p = subprocess.Popen([bin_, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(p, {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': None, 'capabilities': {}}})
    until(p, lambda m: m.get('id') == 1)
    send(p, {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}})
    diags = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics'
                  and m['params']['uri'] == uri and m['params'].get('version', 1) == 1)
    codes = {d.get('code') for d in diags['params']['diagnostics']}
    if 'nesting-too-deep' not in codes:
        raise SystemExit('no nesting-too-deep in the diagnostics: %s' % sorted(map(str, codes)))
    send(p, {'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/hover',
             'params': {'textDocument': {'uri': uri}, 'position': {'line': 0, 'character': 0}}})
    until(p, lambda m: m.get('id') == 2)
    send(p, {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 3)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    rc = p.wait(timeout=30)
    if rc != 0:
        raise SystemExit('server exited with %d' % rc)
    print('server answered after the deep didOpen')


if __name__ == '__main__':
    main()
