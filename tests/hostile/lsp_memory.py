#!/usr/bin/env python3
"""lsp_memory.py: the server's memory per open document (issue 21, class 10).

Usage: lsp_memory.py BIN N KB [FACTOR [ALLOWANCE_MB]]. Opens N documents of
about KB kilobytes each in `BIN lsp` (didOpen), waiting for each one's
publishDiagnostics, and reads the server's resident set (VmRSS) before the
first and after the last. Then asks for a hover on the first one, whose
trees the server dropped, and edits it (the session still answers, the
edit's finding is published). Prints the growth per document; exits 1 when it exceeds
FACTOR (default 4) times the document's size plus ALLOWANCE_MB (default 1) MB.
The documents are ordinary MLIR, each with one finding, all different (no
sharing of equal texts).
"""
import sys


# The framing helpers are lsp_client.py's (same directory).
from lsp_client import did_open, send, start, status_kb as rss_kb, until  # noqa: E402


def document(k, size):
    out = ['// document %d\n' % k]
    n = 0
    i = 0
    while n < size:
        f = ('func.func @f%d_%d(%%a: tensor<2x3xf32>, %%b: tensor<1x3xf32>) -> tensor<2x3xf32> {\n'
             '  %%c = "tosa.add"(%%a, %%b) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n'
             '  %%d = "tosa.mul"(%%c, %%a) {shift = 0 : i8} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>\n'
             '  return %%d : tensor<2x3xf32>\n}\n' % (k, i))
        out.append(f)
        n += len(f)
        i += 1
    out.append('func.func @bad(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {\n'
               '  %0 = "tosa.add"(%a, %b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>\n'
               '  return\n}\n')
    return ''.join(out)


def main():
    bin_, n, kb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    factor = float(sys.argv[4]) if len(sys.argv) > 4 else 4.0
    allowance = float(sys.argv[5]) if len(sys.argv) > 5 else 1.0
    p = start(bin_)
    # One document first, so that what every session needs once (the
    # catalog, the threads, the allocator's arenas) is in the baseline.
    docs = [document(k, kb * 1024) for k in range(n + 1)]
    size = sum(len(d) for d in docs[1:]) / n
    before = None
    for k, text in enumerate(docs):
        uri = 'file:///memory/d%d.mlir' % k
        did_open(p, uri, text)
        d = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params']['uri'] == uri
                  and any(x.get('code') == 'incompatible-dims' for x in m['params']['diagnostics']))
        if k == 0:
            before = rss_kb(p.pid)
    after = rss_kb(p.pid)
    # The first document holds no tree now: a hover and an edit on it still
    # work (the edit's diagnostics come with its new version).
    first = 'file:///memory/d1.mlir'
    send(p, {'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/hover',
             'params': {'textDocument': {'uri': first}, 'position': {'line': 2, 'character': 3}}})
    hover = until(p, lambda m: m.get('id') == 2)
    op = '  %e = "tosa.add"(%a, %a) : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>\n'
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didChange',
             'params': {'textDocument': {'uri': first, 'version': 2},
                        'contentChanges': [{'range': {'start': {'line': 2, 'character': 0},
                                                      'end': {'line': 2, 'character': 0}}, 'text': op}]}})
    d = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params']['uri'] == first
              and m['params'].get('version') == 2)
    edited = [x for x in d['params']['diagnostics'] if x['range']['start']['line'] == 2]
    send(p, {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 3)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    p.wait(timeout=60)
    per_doc = (after - before) * 1024 / n
    limit = factor * size + allowance * (1 << 20)
    print('%d documents of %.0f KB: RSS %d -> %d MB, %.2f MB per document (%.1fx its size; limit %.1f MB)%s%s'
          % (n, size / 1024, before // 1024, after // 1024, per_doc / (1 << 20), per_doc / size,
             limit / (1 << 20), '' if hover.get('result') else ', no hover',
             '' if edited else ', no finding on the edited line'))
    if not hover.get('result') or not edited:
        sys.exit(1)
    sys.exit(0 if per_doc <= limit else 1)


if __name__ == '__main__':
    main()
