#!/usr/bin/env python3
"""lsp_long_line.py: many findings, values and uses on one long line,
through the language server (issue 21, class 7 in the server).

Usage: lsp_long_line.py BIN N [LIMIT]. Opens a text of N and of 4N pairs of
ops on one line (each pair a broadcast error and a refinable add, text_of)
in `BIN lsp` (didOpen, UTF-16 positions), and measures the server's CPU
time (user + system, /proc/PID/stat: unlike the clock's, it hardly grows
with the machine's load) for each of: the diagnostics of the didOpen
(publishDiagnostics), documentSymbol, foldingRange, inlayHint over the
document, semanticTokens/full, references and documentHighlight of %a (3N
uses), rename of %a, and a hover on every fourth %rI along the line (N/4
hovers, each position turned back into an offset). Each answer is checked (N findings, a symbol per op, a
hint per refined add, a location per use), and at 4N each step must take less than LIMIT
(default 8) times its CPU at N, from a floor of 100 ms: linear is 4, a walk
from the line start for each position 16 (for the hovers, a walk from the line start for each position
turned back into an offset). The least of up to three runs of
each size counts. Prints the figures; exits 0 when all held, 1 with a
reason otherwise.
"""
import sys

from lsp_client import ask, did_open, shutdown, start_warm, until

URI = 'file:///hostile/long-line.mlir'
A = {'line': 0, 'character': len('func.func @f(%')}  # on %a in the header


def text_of(n):
    """One line: n pairs of ops, a broadcast error (a finding) and an add
    whose declared `?` the analysis refines (an inlay hint): %a used 3n times."""
    bad = '%%r%d = "tosa.add"(%%a, %%b) : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>'
    refined = '%%s%d = "tosa.add"(%%a, %%a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>'
    ops = ' '.join((bad + ' ' + refined) % (i, i) for i in range(n))
    return 'func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) { ' + ops + ' return }\n'


def cpu_ms(pid):
    with open('/proc/%d/stat' % pid) as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 10  # utime, stime: ticks of 10 ms


def requests():
    whole = {'start': {'line': 0, 'character': 0}, 'end': {'line': 1, 'character': 0}}
    return (('textDocument/documentSymbol', {}),
            ('textDocument/foldingRange', {}),
            ('textDocument/inlayHint', {'range': whole}),
            ('textDocument/semanticTokens/full', {}),
            ('textDocument/references', {'position': A, 'context': {'includeDeclaration': True}}),
            ('textDocument/documentHighlight', {'position': A}),
            ('textDocument/rename', {'position': A, 'newName': '%x'}))


def count(method, r):
    """How many items the answer r to method has."""
    if method == 'textDocument/semanticTokens/full':
        return len(r['data']) // 5
    if method == 'textDocument/documentSymbol':
        return len(r[0]['children']) if r else 0
    if method == 'textDocument/rename':
        return sum(len(e) for e in r['changes'].values())
    return len(r)


# The least each answer holds for n pairs on the line: the function's
# symbol with a child per op, a hint per refined add, three tokens per op,
# %a's 3n uses and its declaration; folding has no minimum (one line folds
# nothing).
LEAST = {'textDocument/documentSymbol': lambda n: 2 * n, 'textDocument/inlayHint': lambda n: n,
         'textDocument/semanticTokens/full': lambda n: 6 * n, 'textDocument/references': lambda n: 3 * n + 1,
         'textDocument/documentHighlight': lambda n: 3 * n + 1, 'textDocument/rename': lambda n: 3 * n + 1}


def checked(method, answer, n):
    """SystemExit unless the answer has what n ops on the line give."""
    if method in LEAST:
        got = count(method, answer.get('result') or {})
        if got < LEAST[method](n):
            raise SystemExit('%s at %d ops: %d items, at least %d expected' % (method, n, got, LEAST[method](n)))


def run(bin_, n):
    """{step: CPU ms} for the text of n ops."""
    text = text_of(n)
    p = start_warm(bin_)
    t = {}
    c0 = cpu_ms(p.pid)
    did_open(p, URI, text)
    d = until(p, lambda m: m.get('method') == 'textDocument/publishDiagnostics' and m['params']['uri'] == URI)
    t['publishDiagnostics'] = cpu_ms(p.pid) - c0
    found = sum(1 for x in d['params']['diagnostics'] if x.get('code') == 'incompatible-dims')
    if found != n:
        raise SystemExit('%d incompatible-dims published for %d ops' % (found, n))
    for i, (method, params) in enumerate(requests()):
        c0 = cpu_ms(p.pid)
        (_, answer, _), = ask(p, URI, ((method, params),), first_id=10 + i)
        t[method.split('/', 1)[1]] = cpu_ms(p.pid) - c0
        checked(method, answer, n)
    c0 = cpu_ms(p.pid)
    hovers = [('textDocument/hover', {'position': {'line': 0, 'character': text.index('%%r%d ' % i) + 1}})
              for i in range(0, n, 4)]
    for method, answer, _ in ask(p, URI, hovers, first_id=100):
        if not answer.get('result'):
            raise SystemExit('hover on a %%rI at %d ops: %s' % (n, answer))
    t['hover'] = cpu_ms(p.pid) - c0
    shutdown(p, 60)
    return t


def main():
    bin_, n = sys.argv[1], int(sys.argv[2])
    limit = float(sys.argv[3]) if len(sys.argv) > 3 else 8.0
    best = [None, None]
    for _ in range(3):
        for k, m in enumerate((1, 4)):
            t = run(bin_, n * m)
            best[k] = t if best[k] is None else {s: min(best[k][s], t[s]) for s in t}
        slow = [s for s in best[0] if best[1][s] >= limit * max(best[0][s], 100)]
        if not slow:
            break
    for s in best[0]:
        print('%s: %d ms of CPU at %d ops, %d ms at %d' % (s, best[0][s], n, best[1][s], 4 * n))
    if slow:
        raise SystemExit('not linear: %s' % ', '.join('%s %d -> %d ms' % (s, best[0][s], best[1][s]) for s in slow))


if __name__ == '__main__':
    main()
