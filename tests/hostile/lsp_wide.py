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
import sys

from gen import KINDS
from lsp_client import ask, open_measured, shutdown, start_warm

# Bytes per list element of each kind (gen.py), to reach MB megabytes.
PER_ELEMENT = {'wide-op': 20, 'wide-generic': 9, 'wide-results': 15}


def main():
    bin_, kind, mb = sys.argv[1], sys.argv[2], float(sys.argv[3])
    bpb = float(sys.argv[4]) if len(sys.argv) > 4 else 4.0
    fn, _ = KINDS[kind]
    text = fn(int(mb * (1 << 20)) // PER_ELEMENT[kind])
    uri = 'file:///hostile/%s.mlir' % kind
    p = start_warm(bin_)
    open_measured(p, bin_, uri, text, kind, bpb, peak=True)
    for method, _, took in ask(p, uri, (('textDocument/documentSymbol', {}),
                                        ('textDocument/semanticTokens/full', {}),
                                        ('textDocument/foldingRange', {}))):
        print('%s: %s answered after %.2f s' % (kind, method, took))
    shutdown(p, 60)


if __name__ == '__main__':
    main()
