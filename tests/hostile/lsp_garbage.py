#!/usr/bin/env python3
"""lsp_garbage.py: text that cannot be MLIR, through the language server
(issue 21, class 11).

Usage: lsp_garbage.py BIN KIND MB [BPB]. KIND is `random-bytes` (MB
megabytes of random bytes) or `noise-between` (that many between two
functions with a broadcast error each), gen.py's kinds; the bytes reach the
server as an editor would send them (decoded as UTF-8, bad bytes replaced
by U+FFFD). Opens the text in `BIN lsp` (didOpen) and waits for its
diagnostics, then:
  - they are `check`'s on the same text (line, code and message of each,
    `check --format=json` on a file holding it): a stretch that is not MLIR
    text is one syntax error, never parsed (garbage.c);
  - the server's resident set grew by at most BPB bytes per byte of the
    text (default 4, the issue's bound) from before the didOpen to after
    its diagnostics;
  - an edit inside the stretch (a new first line of it) and one after it
    (a function with a broadcast error) give `check`'s diagnostics of the
    edited text again;
  - hover, document symbols, folding and semantic tokens over it are
    answered, and shutdown.
Prints the figures; exits 0 when all held, 1 with a reason otherwise.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

from gen import KINDS
from lsp_client import read, send, shutdown, until
from lsp_memory import rss_kb

OP = '  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n'
FUNC = 'func.func @g(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n' + OP + '  return\n}\n'


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


def insert_line(text, line, new):
    lines = text.split('\n')
    lines.insert(line, new.rstrip('\n'))
    return '\n'.join(lines)


def main():
    bin_, kind, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    bpb = float(sys.argv[4]) if len(sys.argv) > 4 else 4.0
    fn, _ = KINDS[kind]
    text = fn(int(mb * (1 << 20))).decode('utf-8', errors='replace')
    size = len(text.encode('utf-8'))
    uri = 'file:///hostile/%s.mlir' % kind
    p = subprocess.Popen([bin_, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(p, {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': None, 'capabilities': {}}})
    until(p, lambda m: m.get('id') == 1)
    send(p, {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    # A small document first: what every session needs once is in the baseline.
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': 'file:///hostile/small.mlir', 'languageId': 'mlir', 'version': 1,
                                         'text': FUNC}}})
    until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics')
    before = rss_kb(p.pid)
    t0 = time.monotonic()
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}})
    d = settled(p, uri, 1, 2)
    took = time.monotonic() - t0
    after = rss_kb(p.pid)
    grew = (after - before) * 1024 / size
    print('%s: %d bytes, diagnostics after %.2f s, server RSS %d -> %d KB (%.2f bytes per byte of text)'
          % (kind, size, took, before, after, grew))
    same('didOpen', server_diags(d), check_diags(bin_, text))
    if grew > bpb:
        raise SystemExit('the server grew %.2f bytes per byte of text (limit %g)' % (grew, bpb))
    # Edits: a line of MLIR at the stretch's first line, then a function at the end.
    first = next(i for i, l in enumerate(text.split('\n')) if any(c == '\ufffd' or ord(c) < 9 for c in l))
    version = 1
    for line, new in ((first, '// a comment\n'), (len(text.split('\n')), FUNC)):
        version += 1
        send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didChange',
                 'params': {'textDocument': {'uri': uri, 'version': version},
                            'contentChanges': [{'range': {'start': {'line': line, 'character': 0},
                                                          'end': {'line': line, 'character': 0}},
                                                'text': new}]}})
        text = insert_line(text, line, new) if line < len(text.split('\n')) else text + new
        d = settled(p, uri, version, 2 + version)
        same('didChange %d' % version, server_diags(d), check_diags(bin_, text))
    # Features over the stretch are answered.
    pos = {'line': first + 2, 'character': 3}
    for i, (method, params) in enumerate((('textDocument/hover', {'position': pos}),
                                          ('textDocument/documentSymbol', {}),
                                          ('textDocument/foldingRange', {}),
                                          ('textDocument/semanticTokens/full', {}),
                                          ('textDocument/inlayHint', {'range': {'start': {'line': 0, 'character': 0},
                                                                                'end': pos}}))):
        params['textDocument'] = {'uri': uri}
        send(p, {'jsonrpc': '2.0', 'id': 10 + i, 'method': method, 'params': params})
        r = until(p, lambda m: m.get('id') == 10 + i)
        if 'error' in r:
            raise SystemExit('%s: %s' % (method, r['error']))
    shutdown(p)
    print('%s: the diagnostics are check\'s after the open and two edits; the features answered' % kind)


if __name__ == '__main__':
    main()
