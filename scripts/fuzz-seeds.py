#!/usr/bin/env python3
"""fuzz-seeds.py OUTDIR: writes seed inputs for every fuzz target into
OUTDIR/TARGET/ from the project's examples, test fixtures, rule files and
(when present) ../shared/corpus. `make fuzz-merge` then minimizes them into
tests/fuzz/corpus/, which is what is committed; this script is how those
corpora were started, and how to start them again."""
import glob, hashlib, json, os, random, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1]
MAX = 16384


def put(target, data):
    if isinstance(data, str):
        data = data.encode()
    if len(data) > MAX:
        return
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), 'wb') as f:
        f.write(data)


def read(path):
    with open(path, 'rb') as f:
        return f.read()


texts = [read(p) for p in sorted(glob.glob(os.path.join(root, 'examples/*.mlir')) +
                                 glob.glob(os.path.join(root, 'tests/cli/fixtures/*.mlir')) +
                                 glob.glob(os.path.join(root, 'tests/nvim/*.mlir')))]
shared = sorted(glob.glob(os.path.join(root, '../shared/corpus/**/*.mlir'), recursive=True))
texts += [t for t in (read(p) for p in shared) if len(t) < 6000][:150]

rng = random.Random(1)
for t in texts:
    put('analyze', b'\0' + t)
    put('analyze', b'\1' + t)
    edits = bytes(rng.randrange(256) for _ in range(4 * rng.randrange(1, 16)))
    put('edits', bytes([rng.randrange(2)]) + t + b'\xff' + edits)


def frame(msg):
    body = json.dumps(msg).encode()
    return b'Content-Length: %d\r\n\r\n' % len(body) + body


def session(text, uri='file:///w/a.mlir'):
    msgs = [{'jsonrpc': '2.0', 'id': 1, 'method': 'initialize',
             'params': {'capabilities': {'general': {'positionEncodings': ['utf-8', 'utf-16']}},
                        'initializationOptions': {'strict': rng.random() < 0.5}}},
            {'jsonrpc': '2.0', 'method': 'initialized', 'params': {}},
            {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
             'params': {'textDocument': {'uri': uri, 'languageId': 'mlir', 'version': 1, 'text': text}}}]
    pos = {'line': rng.randrange(8), 'character': rng.randrange(40)}
    td = {'uri': uri}
    for i, m in enumerate(['textDocument/hover', 'textDocument/inlayHint', 'textDocument/codeAction',
                           'textDocument/definition', 'textDocument/references',
                           'textDocument/documentHighlight', 'textDocument/documentSymbol',
                           'textDocument/foldingRange', 'mlirShape/inferredShape']):
        msgs.append({'jsonrpc': '2.0', 'id': 10 + i, 'method': m,
                     'params': {'textDocument': td, 'position': pos,
                                'range': {'start': pos, 'end': {'line': pos['line'] + 3, 'character': 0}},
                                'context': {'diagnostics': [], 'includeDeclaration': True}}})
    msgs.append({'jsonrpc': '2.0', 'method': 'textDocument/didChange',
                 'params': {'textDocument': {'uri': uri, 'version': 2},
                            'contentChanges': [{'range': {'start': pos, 'end': pos}, 'text': '1x'}]}})
    msgs.append({'jsonrpc': '2.0', 'id': 30, 'method': 'textDocument/hover',
                 'params': {'textDocument': td, 'position': pos}})
    msgs.append({'jsonrpc': '2.0', 'method': '$/cancelRequest', 'params': {'id': 30}})
    msgs.append({'jsonrpc': '2.0', 'method': 'workspace/didChangeConfiguration',
                 'params': {'settings': {'mlirShape': {'severity': {'undefined-if-mismatch': 'off'}}}}})
    msgs.append({'jsonrpc': '2.0', 'method': 'textDocument/didClose', 'params': {'textDocument': td}})
    msgs.append({'jsonrpc': '2.0', 'id': 99, 'method': 'shutdown'})
    msgs.append({'jsonrpc': '2.0', 'method': 'exit'})
    return b''.join(frame(m) for m in msgs)


for t in texts[:40]:
    put('rpc', session(t.decode('utf-8', 'replace')))
put('rpc', b'Content-Length: 5\r\n\r\n{"a":Content-Length: 2\r\ncontent-type: x\r\n\r\n[]')

for p in sorted(glob.glob(os.path.join(root, 'rules/*.json')) +
                glob.glob(os.path.join(root, 'tests/unit/catalogs/*.json')) +
                glob.glob(os.path.join(root, 'tests/cli/fixtures/*.json'))):
    put('catalog', read(p))

shapes = ['2x?x3', '5', 'scalar', '*', '[4]x8', 'tensor<2x3xf32>', 'tensor<*xf32>', 'tensor<f32>',
          'vector<4x[8]xf32>', 'memref<4x?xf32, strided<[?, 1]>>', 'tensor<4xf32, #enc>']
attrs = ['array<i64: 1, 2>', '[1, 2]', 'dense<[1, 2]> : tensor<2xi64>', 'dense<1> : tensor<3xi64>',
         'dense<"0x0100000000000000"> : tensor<1xi64>', '"numpy"', '#ov<numpy>', '2 : i64', '0x10 : i32']
for s in shapes + attrs:
    put('shape', s)
rules = ['mlir', 'numpy', 'pdpd', 'bidirectional', 'xla', 'xla-in-dim', 'none']
for i in range(60):
    args = ['--rule=' + rng.choice(rules)] + [rng.choice(shapes[:7]) for _ in range(rng.randrange(1, 4))]
    if rng.random() < 0.3: args.append('--axis=%d' % rng.randrange(-3, 3))
    if rng.random() < 0.3: args.append('--broadcast-dimensions=0,1')
    if rng.random() < 0.3: args.append('--result=' + rng.choice(shapes[:7]))
    if rng.random() < 0.2: args.append('--strict')
    put('shape', ' '.join(args))
