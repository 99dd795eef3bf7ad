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
import sys

from gen import KINDS
from lsp_client import FUNC, ask, check_diags, open_measured, same, send, server_diags, settled, shutdown, start_warm


def insert_line(text, line, new):
    lines = text.split('\n')
    lines.insert(line, new.rstrip('\n'))
    return '\n'.join(lines)


def main():
    bin_, kind, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    bpb = float(sys.argv[4]) if len(sys.argv) > 4 else 4.0
    fn, _ = KINDS[kind]
    text = fn(int(mb * (1 << 20))).decode('utf-8', errors='replace')
    uri = 'file:///hostile/%s.mlir' % kind
    p = start_warm(bin_)
    open_measured(p, bin_, uri, text, kind, bpb)
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
    ask(p, uri, (('textDocument/hover', {'position': pos}),
                 ('textDocument/documentSymbol', {}),
                 ('textDocument/foldingRange', {}),
                 ('textDocument/semanticTokens/full', {}),
                 ('textDocument/inlayHint', {'range': {'start': {'line': 0, 'character': 0}, 'end': pos}})))
    shutdown(p)
    print('%s: the diagnostics are check\'s after the open and two edits; the features answered' % kind)


if __name__ == '__main__':
    main()
