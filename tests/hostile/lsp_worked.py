#!/usr/bin/env python3
"""lsp_worked.py: the server's memory for the document being worked on (issue 21).

Usage: lsp_worked.py BIN BPB [KB [SHAPE...]]. For each SHAPE (default:
mixed, giant, generic-attrs, the shapes of bench/gen_dumps.py) a server
(`BIN lsp`) first opens and closes a dump of another shape big enough to be
built on the workers, so that what a session needs once (the catalog, the
worker threads and their stacks, the allocator's arenas) is in the
baseline, then opens a KB-kilobyte dump (default 1024, seed 1, 10 errors)
of SHAPE and works on it: a hover in its middle, then three edits, each
followed by a hover where it landed. The last document published is the
one that keeps its trees and its edit snapshots (lsp_docs.c), so this is
the worst case of lsp_memory.py's. After a quiet second (the server trims
its allocator after 0.5 s of quiet, lsp.c), the growth of its resident set
(VmRSS) from the baseline, per byte of the document, must be at most BPB.
Prints the figures; exits 1 when one is over, or a hover goes unanswered.
"""
import os
import subprocess
import sys
import time

from lsp_client import did_open, send, start, status_kb, until

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, '..', '..', 'bench', 'gen_dumps.py')
SHAPES = ('mixed', 'giant', 'generic-attrs')


def dump(shape, kb):
    return subprocess.run([sys.executable, GEN, '--shape', shape, '--size', str(kb * 1024), '--seed', '1',
                           '--errors', '10', '-o', '-'], check=True, capture_output=True).stdout.decode()


def hover(p, uri, line, rid):
    send(p, {'jsonrpc': '2.0', 'id': rid, 'method': 'textDocument/hover',
             'params': {'textDocument': {'uri': uri}, 'position': {'line': line, 'character': 6}}})
    return until(p, lambda m: m.get('id') == rid)


def diagnostics(p, uri):
    until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params']['uri'] == uri)


def worked(bin_, shape, kb):
    """(bytes of RSS growth per byte of the document, hovers answered)."""
    p = start(bin_)
    # Above the chunking threshold (512 KB): built on the workers.
    warm = 'file:///worked/warm.mlir'
    did_open(p, warm, dump('named', 768))
    diagnostics(p, warm)
    hover(p, warm, 3, 2)
    send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didClose', 'params': {'textDocument': {'uri': warm}}})
    hover(p, warm, 3, 3)
    time.sleep(1.0)
    before = status_kb(p.pid)
    text = dump(shape, kb)
    size = len(text.encode())
    lines = text.split('\n')
    ops = [i for i in range(len(lines) // 2, len(lines)) if lines[i].lstrip().startswith('%')]
    mid = ops[0] if ops else 1
    uri = 'file:///worked/%s.mlir' % shape
    did_open(p, uri, text)
    diagnostics(p, uri)
    answered = [bool(hover(p, uri, mid, 10).get('result'))]
    for k in range(3):
        # An op line (the hover has a value to describe), further on each time.
        line = ops[min(len(ops) - 1, 40 * k)] + k if ops else 1
        send(p, {'jsonrpc': '2.0', 'method': 'textDocument/didChange',
                 'params': {'textDocument': {'uri': uri, 'version': 2 + k},
                            'contentChanges': [{'range': {'start': {'line': line, 'character': 0},
                                                          'end': {'line': line, 'character': 0}},
                                                'text': '// edited\n'}]}})
        answered.append(bool(hover(p, uri, line + 1, 20 + k).get('result')))
    time.sleep(1.0)
    after = status_kb(p.pid)
    send(p, {'jsonrpc': '2.0', 'id': 99, 'method': 'shutdown'})
    until(p, lambda m: m.get('id') == 99)
    send(p, {'jsonrpc': '2.0', 'method': 'exit'})
    p.wait(timeout=60)
    return (after - before) * 1024 / size, size, all(answered)


def main():
    bin_, bpb = sys.argv[1], float(sys.argv[2])
    kb = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
    shapes = sys.argv[4:] or SHAPES
    failed = False
    for shape in shapes:
        grew, size, answered = worked(bin_, shape, kb)
        over = grew > bpb
        print('%s, %d bytes, worked on (a hover, 3 edits): RSS grew %.2f bytes per byte (bound %g)%s%s'
              % (shape, size, grew, bpb, '' if answered else ', a hover unanswered', ', OVER' if over else ''))
        failed |= over or not answered
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
