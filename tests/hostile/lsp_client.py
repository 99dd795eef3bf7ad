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
import os
import subprocess
import sys
import tempfile
import time

OP = '  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n'
# A small document with one broadcast error (incompatible-dims on line 1).
FUNC = 'func.func @g(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n' + OP + '  return\n}\n'


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


def start(bin_, prefix=b''):
    """`BIN lsp`, initialized (initialize answered, initialized sent); the
    bytes of prefix reach it first."""
    p = subprocess.Popen([bin_, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p.stdin.write(prefix)
    send(p, {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': None, 'capabilities': {}}})
    until(p, lambda m: m.get('id') == 1)
    send(p, {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    return p


def did_open(p, uri, text):
    """Opens text as uri, version 1."""
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}})


def start_warm(bin_):
    """start(), then FUNC opened and its diagnostics awaited: what every
    session needs once (the catalog, the threads, the allocator's arenas)
    is in place before a measurement starts."""
    p = start(bin_)
    did_open(p, 'file:///hostile/small.mlir', FUNC)
    until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics')
    return p


def ask(p, uri, requests, first_id=10):
    """Sends each (method, params) of requests about uri in turn and waits
    for its answer: SystemExit on an error answer. Returns [(method, answer,
    seconds it took)]."""
    out = []
    for i, (method, params) in enumerate(requests):
        params = dict(params, textDocument={'uri': uri})
        t0 = time.monotonic()
        send(p, {'jsonrpc': '2.0', 'id': first_id + i, 'method': method, 'params': params})
        r = until(p, lambda m: m.get('id') == first_id + i)
        if 'error' in r:
            raise SystemExit('%s: %s' % (method, r['error']))
        out.append((method, r, time.monotonic() - t0))
    return out


def status_kb(pid, field='VmRSS'):
    """A field of /proc/PID/status in KB: VmRSS, VmHWM (the peak)."""
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith(field + ':'):
                return int(line.split()[1])
    raise SystemExit('no %s in /proc/%d/status' % (field, pid))


def check_diags(bin_, text):
    """(line, code, message) of each of check's findings on text."""
    with tempfile.NamedTemporaryFile('w', suffix='.mlir', encoding='utf-8', delete=False) as f:
        f.write(text)
    try:
        r = subprocess.run([bin_, 'check', '--format=json', f.name], capture_output=True, timeout=120)
    finally:
        os.unlink(f.name)
    if r.returncode > 1:
        raise SystemExit('check failed (%d): %s' % (r.returncode, r.stderr[:300]))
    return sorted((d['range']['start']['line'], d['code'], d['message'])
                  for d in json.loads(r.stdout)['diagnostics'])


def settled(p, uri, version, rid):
    """The last diagnostics published for uri's version before the answer
    to a request sent now (it waits for the document's build: a big one
    publishes its first megabyte's findings early)."""
    send(p, {'jsonrpc': '2.0', 'id': rid, 'method': 'textDocument/documentSymbol',
             'params': {'textDocument': {'uri': uri}}})
    last = None
    while True:
        m = read(p)
        if m.get('id') == rid:
            if last is None:
                raise SystemExit('no diagnostics for version %d before the answer' % version)
            return last
        if (m.get('method') == 'textDocument/publishDiagnostics' and m['params']['uri'] == uri
                and m['params'].get('version', 1) == version):
            last = m


def server_diags(msg):
    return sorted((d['range']['start']['line'], d.get('code'), d['message']) for d in msg['params']['diagnostics'])


def same(what, got, want):
    if got != want:
        raise SystemExit('%s: the server published %d diagnostics, check %d:\n  server %s\n  check  %s'
                         % (what, len(got), len(want), json.dumps(got)[:400], json.dumps(want)[:400]))


def open_measured(p, bin_, uri, text, what, bpb, peak=False):
    """Opens text as uri and waits for its settled diagnostics: they must
    be check's on the same text, and the server's resident set (with peak,
    its peak VmHWM too) grow by at most bpb bytes per byte of the text from
    before the didOpen. Prints the figures; returns the diagnostics."""
    size = len(text.encode('utf-8'))
    before, peak_before = status_kb(p.pid), status_kb(p.pid, 'VmHWM')
    t0 = time.monotonic()
    did_open(p, uri, text)
    d = settled(p, uri, 1, 2)
    took = time.monotonic() - t0
    after, peak_after = status_kb(p.pid), status_kb(p.pid, 'VmHWM')
    grew = (after - before) * 1024 / size
    peak_grew = (peak_after - peak_before) * 1024 / size
    print('%s: %d bytes, diagnostics after %.2f s, server RSS %d -> %d KB (%.2f bytes per byte), '
          'peak %d -> %d KB (%.2f bytes per byte)' % (what, size, took, before, after, grew,
                                                      peak_before, peak_after, peak_grew))
    same('didOpen', server_diags(d), check_diags(bin_, text))
    if grew > bpb or (peak and peak_grew > bpb):
        raise SystemExit('the server grew %.2f bytes per byte of text, its peak %.2f (limit %g%s)'
                         % (grew, peak_grew, bpb, ' for both' if peak else ''))
    return d


def shutdown(p, timeout=30):
    """Shuts the server down (shutdown, then exit): SystemExit unless it
    answers and exits with 0 within timeout seconds."""
    send(p, {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 3)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    rc = p.wait(timeout=timeout)
    if rc != 0:
        raise SystemExit('server exited with %d' % rc)


def main():
    bin_, path, code = sys.argv[1], sys.argv[2], sys.argv[3]
    line = int(sys.argv[4]) if len(sys.argv) > 4 else None
    op = OP
    if path == 'surrogate':
        # json.dumps writes the lone surrogate as the escape \ud83d.
        text = ('// a lone surrogate: \ud83d\nfunc.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n'
                '  return\n}\n')
    elif path != 'framing':
        text = open(path, encoding='utf-8', errors='replace').read()
    uri = 'file:///hostile/' + path.replace('/', '_')
    prefix = b''
    if path == 'framing':
        # A Content-Length of 2^64 - 1, then one shorter than its body: the
        # server must still read the initialize after them.
        prefix = (b'Content-Length: 18446744073709551615\r\n\r\n{"jsonrpc": "2.0"}'
                  b'Content-Length: 5\r\n\r\n{"jsonrpc": "2.0", "method": "x"}')
        text = 'func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n' + op + '  return\n}\n'
    p = start(bin_, prefix)
    did_open(p, uri, text)
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
