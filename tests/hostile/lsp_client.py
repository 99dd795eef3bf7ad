#!/usr/bin/env python3
"""lsp_client.py: the hostile texts through the language server.

Usage: lsp_client.py BIN FILE CODE [LINE]. Opens FILE's text in `BIN lsp`
(didOpen), waits for its diagnostics (they must hold one with code CODE,
on 0-based line LINE when given), then asks for a hover and shuts down: the
session must answer both. FILE "framing" sends broken frames first (a
Content-Length of 2^64 - 1, a short one). FILE "surrogate" opens a text with a lone UTF-16
surrogate (an escape JSON allows and cJSON refuses), then edits the line
after it. Exits 0 when it did, 1 with a reason otherwise.
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


def shutdown(p):
    """Shuts the server down (shutdown, then exit): SystemExit unless it
    answers and exits with 0."""
    send(p, {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 3)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    rc = p.wait(timeout=30)
    if rc != 0:
        raise SystemExit('server exited with %d' % rc)


def main():
    bin_, path, code = sys.argv[1], sys.argv[2], sys.argv[3]
    line = int(sys.argv[4]) if len(sys.argv) > 4 else None
    op = ('  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n')
    if path == 'surrogate':
        # json.dumps writes the lone surrogate as the escape \ud83d.
        text = ('// a lone surrogate: \ud83d\nfunc.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n'
                '  return\n}\n')
    elif path != 'framing':
        text = open(path, encoding='utf-8', errors='replace').read()
    uri = 'file:///hostile/' + path.replace('/', '_')
    p = subprocess.Popen([bin_, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    if path == 'framing':
        # A Content-Length of 2^64 - 1, then one shorter than its body: the
        # server must still read the initialize after them.
        p.stdin.write(b'Content-Length: 18446744073709551615\r\n\r\n{"jsonrpc": "2.0"}')
        p.stdin.write(b'Content-Length: 5\r\n\r\n{"jsonrpc": "2.0", "method": "x"}')
        text = 'func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n' + op + '  return\n}\n'
    send(p, {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': None, 'capabilities': {}}})
    until(p, lambda m: m.get('id') == 1)
    send(p, {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}})
    diags = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics'
                  and m['params']['uri'] == uri and m['params'].get('version', 1) == 1)
    if path == 'surrogate':
        # An edit after the surrogate: the op lands on line 2, where the
        # server's copy must have it too.
        send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didChange',
                 'params': {'textDocument': {'uri': uri, 'version': 2},
                            'contentChanges': [{'range': {'start': {'line': 2, 'character': 0},
                                                          'end': {'line': 2, 'character': 0}},
                                                'text': op + '  %x = "test.x"() : () -> i32 // \udc00\n'}]}})
        diags = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics'
                      and m['params'].get('version') == 2)
    found = [d for d in diags['params']['diagnostics'] if d.get('code') == code]
    if not found or (line is not None and found[0]['range']['start']['line'] != line):
        raise SystemExit('no %s%s in the diagnostics: %s' % (code, '' if line is None else ' on line %d' % line,
                                                              json.dumps(diags['params']['diagnostics'])[:500]))
    send(p, {'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/hover',
             'params': {'textDocument': {'uri': uri}, 'position': {'line': 0, 'character': 0}}})
    until(p, lambda m: m.get('id') == 2)
    shutdown(p)
    print('the server published %s and answered after it' % code)


if __name__ == '__main__':
    main()
