// build.test.js: the first parse of a big document runs on worker threads
// while the server keeps reading (session.h's asynchronous builds): a
// $/cancelRequest and another document's request are answered before the
// big document's first diagnostics; an edit during the build preempts it
// (ContentModified for the requests waiting on it, nothing published for the
// old version after the new one); the top of the file is published first,
// then everything, which equals `mlir-shape check --format=json` on the same
// text; pull diagnostics asked during the build wait for it.
// None of this measures time: only the order of messages.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { CancellationTokenSource } = require('vscode-languageserver-protocol/node');
const { cleanup, start, raw, SERVER } = require('./client');
test.after(cleanup);

const ROOT = path.resolve(__dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-build-'));
const FILE = path.join(dir, 'big.mlir');
// 8 MB of generated generic MLIR (bench/gen.py: the same bytes for a seed)
// with findings spread over the whole file.
execFileSync('python3', [path.join(ROOT, 'bench/gen.py'), '--size', '8M', '--seed', '1', '--errors', '20', '-o', FILE]);
const TEXT = fs.readFileSync(FILE, 'utf8');
const URI = 'file:///tmp/mlir-shape-build/big.mlir';
const SMALL_URI = 'file:///tmp/mlir-shape-build/small.mlir';
// A top-level function with a broadcast error, appended by the edits.
const BAD = [
  'func.func @extra(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
  '  return %0 : tensor<2xf32>',
  '}',
  '',
].join('\n');
const END = (text) => {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
};
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));

// `check --format=json` of text, as LSP diagnostics would show it: sorted
// strings of range, severity, code and message.
const SEVERITY = { error: 1, warning: 2, info: 3, information: 3, note: 3, hint: 4 };
function checkOf(text) {
  const file = path.join(dir, `check-${process.hrtime.bigint()}.mlir`);
  fs.writeFileSync(file, text);
  let out;
  try {
    out = execFileSync(SERVER, ['check', '--format=json', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (e) {
    out = e.stdout; // exit status 1: there are findings
  }
  fs.rmSync(file);
  return JSON.parse(out).diagnostics.map((d) => key({ ...d, severity: SEVERITY[d.severity] })).sort();
}
const key = (d) => JSON.stringify([d.range.start.line, d.range.start.character, d.range.end.line,
  d.range.end.character, d.severity, d.code, d.message]);
const keys = (diags) => diags.map(key).sort();

test('the loop keeps reading during the first parse: a cancel and another document answered before its first diagnostics', async () => {
  const r = raw();
  r.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: { window: { workDoneProgress: true } } } });
  await r.wait((m) => m.id === 1, 'initialize');
  r.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  r.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: SMALL_URI, languageId: 'mlir', version: 1, text: BAD } } });
  await r.wait((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === SMALL_URI, 'the small document');
  r.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: URI, languageId: 'mlir', version: 1, text: TEXT } } });
  r.send({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 3, character: 8 } } });
  // The build has started once its progress begins; the old server parsed
  // the whole file on the loop right after this message.
  await r.wait((m) => m.method === '$/progress' && m.params.value.kind === 'begin', 'progress begin');
  r.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } });
  r.send({ jsonrpc: '2.0', id: 3, method: 'textDocument/hover', params: { textDocument: { uri: SMALL_URI }, position: { line: 1, character: 8 } } });
  await r.wait((m) => m.id === 2, 'the cancelled hover');
  await r.wait((m) => m.id === 3, 'the small document\'s hover');
  await r.wait((m) => m.method === '$/progress' && m.params.value.kind === 'end', 'progress end');
  const at = (pred) => r.messages.findIndex(pred);
  const cancelled = at((m) => m.id === 2), other = at((m) => m.id === 3);
  const firstPublish = at((m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === URI);
  assert.equal(r.messages[cancelled].error && r.messages[cancelled].error.code, -32800);
  assert.match(JSON.stringify(r.messages[other].result), /broadcastable/);
  assert.ok(firstPublish > 0, 'the big document is published');
  assert.ok(cancelled < firstPublish, 'the cancel is answered before the first diagnostics of the big document');
  assert.ok(other < firstPublish, 'the other document\'s hover is answered before them');
  r.send({ jsonrpc: '2.0', id: 4, method: 'shutdown' });
  await r.wait((m) => m.id === 4, 'shutdown');
  r.send({ jsonrpc: '2.0', method: 'exit' });
  await new Promise((resolve) => r.proc.on('exit', resolve));
});

test('the top of a big file is published first, then all of it, equal to check --format=json', async () => {
  const c = await start();
  c.open(URI, TEXT, 1);
  const first = await c.diagnostics(URI, (p) => p.version === 1);
  // Answered once the build is done: after its last publication.
  const hover = await c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 3, character: 8 } });
  assert.ok(hover, 'the hover waited for the build and found the op');
  const mine = c.published.filter((p) => p.uri === URI);
  assert.ok(mine.length >= 2, `${mine.length} publications: the top, then all`);
  const all = mine[mine.length - 1];
  assert.equal(all.version, 1);
  assert.ok(first.diagnostics.length > 0 && first.diagnostics.length < all.diagnostics.length,
    `the top (${first.diagnostics.length}) is part of all (${all.diagnostics.length})`);
  assert.deepEqual(keys(first.diagnostics), keys(all.diagnostics.slice(0, first.diagnostics.length)), 'a prefix');
  const lines = TEXT.split('\n');
  let topBytes = 0;
  for (let i = 0; i <= first.diagnostics[first.diagnostics.length - 1].range.end.line; i++) topBytes += lines[i].length + 1;
  assert.ok(topBytes < 3 << 20, 'from the top of the file');
  assert.deepEqual(keys(all.diagnostics), checkOf(TEXT));
  await c.stop();
});

test('an edit during the build preempts it: waiting requests get ContentModified, the new version wins', async () => {
  const c = await start({ progress: true });
  c.open(URI, TEXT, 1);
  const before = c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 3, character: 8 } })
    .then((result) => ({ result }), (error) => ({ error }));
  const end = END(TEXT);
  c.change(URI, 2, [{ range: { start: end, end }, text: BAD }]);
  const v2 = await c.diagnostics(URI, (p) => p.version === 2);
  // Answered once the version-2 build is done: after its last publication.
  const after = await c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 3, character: 8 } });
  assert.ok(after);
  const b = await before;
  if (b.error) assert.equal(b.error.code, -32801, `ContentModified, not ${b.error.message}`);
  else assert.ok(b.result, 'or a correct answer (the open was built before the change arrived)');
  const mine = c.published.filter((p) => p.uri === URI);
  const firstV2 = mine.findIndex((p) => p.version === 2);
  assert.ok(mine.slice(firstV2).every((p) => p.version === 2), 'nothing of version 1 after version 2');
  const last = mine[mine.length - 1];
  assert.equal(last.version, 2);
  assert.ok(v2.diagnostics.length > 0);
  assert.ok(last.diagnostics.some((d) => d.code === 'incompatible-dims' && d.range.start.line === end.line + 1),
    'the edit\'s finding is there');
  assert.deepEqual(keys(last.diagnostics), checkOf(TEXT + BAD));
  // Every build's progress ended (the cancelled one too).
  const begun = c.progress.filter((p) => p.value.kind === 'begin').map((p) => p.token);
  const ended = c.progress.filter((p) => p.value.kind === 'end').map((p) => p.token);
  assert.deepEqual(ended.sort(), begun.sort());
  await c.stop();
});

test('$/cancelRequest of a request waiting for a build; close during a build; shutdown finishes one', async () => {
  const c = await start();
  c.open(URI, TEXT, 1);
  const source = new CancellationTokenSource();
  const cancelled = c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 3, character: 8 } }, source.token)
    .then(() => null, (e) => e);
  source.cancel();
  const e = await cancelled;
  assert.ok(e && e.code === -32800, `RequestCancelled, got ${e && e.code}`);
  // Close while a rebuild (full replace) runs: the waiting request is
  // answered ContentModified and the server goes on.
  await c.diagnostics(URI, (p) => p.version === 1);
  c.change(URI, 2, [{ text: TEXT + BAD }]);
  const waiting = c.request('textDocument/documentSymbol', { textDocument: { uri: URI } }).then(() => null, (err) => err);
  c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
  const w = await waiting;
  if (w) assert.equal(w.code, -32801);
  // Open again and shut down at once: the diagnostics and the request
  // waiting for the build still go out before the shutdown's answer.
  c.open(URI, TEXT + BAD, 3);
  const symbols = c.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
  const { code } = await c.stop();
  assert.equal(code, 0);
  assert.ok((await symbols).length > 0);
  const last = c.published.filter((p) => p.uri === URI).pop();
  assert.equal(last.version, 3);
  assert.ok(last.diagnostics.some((d) => d.code === 'incompatible-dims'));
});

test('pull diagnostics asked during the build wait for it and equal check --format=json', async () => {
  const c = await start({ pull: true });
  c.open(URI, TEXT, 1);
  const report = await c.request('textDocument/diagnostic', { textDocument: { uri: URI } });
  assert.equal(report.kind, 'full');
  assert.deepEqual(keys(report.items), checkOf(TEXT));
  assert.equal(c.published.filter((p) => p.uri === URI).length, 0, 'a pull client gets nothing pushed');
  await c.stop();
});

test('a tree budget far below the file (MLIR_SHAPE_TREE_BUDGET): edits and tree features equal a server keeping every tree', async () => {
  process.env.MLIR_SHAPE_TREE_BUDGET = String(512 << 10);
  const small = await start();
  delete process.env.MLIR_SHAPE_TREE_BUDGET;
  const full = await start();
  const lines = TEXT.split('\n');
  // Edits in chunks whose trees the small budget dropped: a finding
  // appended, an op line of the middle changed (one space more).
  const end = END(TEXT);
  const mid = lines.findIndex((l, i) => i > lines.length / 2 && l.includes('"test.broadcastable"'));
  const at = { line: mid, character: lines[mid].indexOf('"test.broadcastable"') };
  const edits = [[{ range: { start: end, end }, text: BAD }], [{ range: { start: at, end: at }, text: ' ' }]];
  const results = [];
  for (const c of [small, full]) {
    c.open(URI, TEXT, 1);
    await c.diagnostics(URI, (p) => p.version === 1);
    let v = 1;
    for (const e of edits) c.change(URI, ++v, e);
    const td = { textDocument: { uri: URI } };
    const pos = { line: at.line, character: at.character + 3 };
    results.push({
      hover: await c.request('textDocument/hover', { ...td, position: pos }),
      highlight: await c.request('textDocument/documentHighlight', { ...td, position: { line: 3, character: 5 } }),
      symbols: await c.request('textDocument/documentSymbol', td),
      folds: await c.request('textDocument/foldingRange', td),
      tokens: await c.request('textDocument/semanticTokens/range', { ...td, range: { start: { line: mid - 20, character: 0 }, end: { line: mid + 20, character: 0 } } }),
      hints: await c.request('textDocument/inlayHint', { ...td, range: { start: { line: mid - 5, character: 0 }, end: { line: mid + 5, character: 0 } } }),
      diagnostics: (await c.diagnostics(URI, (p) => p.version === 3)).diagnostics,
    });
    await c.stop();
  }
  const [a, b] = results;
  assert.ok(a.hover && a.symbols.length > 0 && a.folds.length > 1000 && a.tokens.data.length > 0);
  assert.deepEqual(a, b);
  assert.deepEqual(keys(a.diagnostics), checkOf(applyAll(TEXT, edits)));
});

// The text after LSP edits of single-line positions (ASCII text).
function applyAll(text, edits) {
  for (const e of edits) {
    for (const c of e) {
      const ls = text.split('\n');
      const off = (p) => ls.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
      text = text.slice(0, off(c.range.start)) + c.text + text.slice(off(c.range.end));
    }
  }
  return text;
}
