#!/usr/bin/env python3
"""lsp_wide.py: one op with very many operands, types or results, through
the language server (issue 21, class 11).

Usage: lsp_wide.py BIN KIND MB [BPB]. KIND is one of gen.py's wide kinds
(`wide-op`, `wide-generic`, `wide-results`), scaled so that the document
holds about MB megabytes. Opens it in `BIN lsp` (didOpen) after a small
document, waits for its diagnostics, then:
  - they are `check`'s on the same text (line, code and message of each);
  - the server's resident set after them, and its peak (VmHWM), grew by at
    most BPB bytes per byte of the text from before the didOpen;
  - document symbols, semantic tokens and folding are answered (each
    one's time printed: semantic tokens once walked each long line from
    its start for every token, minutes here), and shutdown.
Prints the figures; exits 0 when all held, 1 with a reason otherwise.
"""
import subprocess
import sys
import time

from gen import KINDS
from lsp_client import send, until
from lsp_garbage import FUNC, check_diags, same, server_diags, settled

# Bytes per list element of each kind (gen.py), to reach MB megabytes.
PER_ELEMENT = {'wide-op': 20, 'wide-generic': 9, 'wide-results': 15}


def status_kb(pid, field):
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith(field + ':'):
                return int(line.split()[1])
    raise SystemExit('no %s in /proc/%d/status' % (field, pid))


def main():
    bin_, kind, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    bpb = float(sys.argv[4]) if len(sys.argv) > 4 else 4.0
    fn, _ = KINDS[kind]
    text = fn(int(mb * (1 << 20)) // PER_ELEMENT[kind])
    size = len(text.encode('utf-8'))
    uri = 'file:///hostile/%s.mlir' % kind
    p = subprocess.Popen([bin_, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send(p, {'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'processId': None, 'rootUri': None, 'capabilities': {}}})
    until(p, lambda m: m.get('id') == 1)
    send(p, {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': 'file:///hostile/small.mlir', 'languageId': 'mlir', 'version': 1,
                                         'text': FUNC}}})
    until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics')
    before, peak_before = status_kb(p.pid, 'VmRSS'), status_kb(p.pid, 'VmHWM')
    t0 = time.monotonic()
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}})
    d = settled(p, uri, 1, 2)
    took = time.monotonic() - t0
    after, peak = status_kb(p.pid, 'VmRSS'), status_kb(p.pid, 'VmHWM')
    grew = (after - before) * 1024 / size
    peak_grew = (peak - peak_before) * 1024 / size
    print('%s: %d bytes, diagnostics after %.2f s, server RSS %d -> %d KB (%.2f bytes per byte), '
          'peak %d -> %d KB (%.2f bytes per byte)' % (kind, size, took, before, after, grew,
                                                      peak_before, peak, peak_grew))
    same('didOpen', server_diags(d), check_diags(bin_, text))
    if max(grew, peak_grew) > bpb:
        raise SystemExit('the server grew %.2f bytes per byte of text, its peak %.2f (limit %g)'
                         % (grew, peak_grew, bpb))
    for i, method in enumerate(('textDocument/documentSymbol', 'textDocument/semanticTokens/full',
                                'textDocument/foldingRange')):
        t0 = time.monotonic()
        send(p, {'jsonrpc': '2.0', 'id': 10 + i, 'method': method, 'params': {'textDocument': {'uri': uri}}})
        r = until(p, lambda m: m.get('id') == 10 + i)
        if 'error' in r:
            raise SystemExit('%s: %s' % (method, r['error']))
        print('%s: %s answered after %.2f s' % (kind, method, time.monotonic() - t0))
    send(p, {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 3)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    rc = p.wait(timeout=60)
    if rc != 0:
        raise SystemExit('server exited with %d' % rc)


if __name__ == '__main__':
    main()
