// pull.test.js: LSP 3.17 pull diagnostics (textDocument/diagnostic with
// resultId, workspace/diagnostic over the open documents and the workspace
// folder's .mlir files), announced only to clients that can pull, which
// then get no publishDiagnostics; refresh after a configuration change.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { cleanup, start, workspace, uriOf } = require('./client');
test.after(cleanup);

const BAD = [
  'func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
  '  return %0 : tensor<2xf32>',
  '}',
  '',
].join('\n');
const GOOD = BAD.replace(/tensor<3xf32>/g, 'tensor<2xf32>');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

test('diagnosticProvider only for a client that can pull; push clients keep publishDiagnostics', async () => {
  const push = await start();
  assert.equal(push.init.capabilities.diagnosticProvider, undefined);
  push.open('file:///tmp/pull-push.mlir', BAD, 1);
  const p = await push.diagnostics('file:///tmp/pull-push.mlir');
  assert.deepEqual(p.diagnostics.map((d) => d.code), ['incompatible-dims']);
  await push.stop();

  const pull = await start({ pull: true });
  const dp = pull.init.capabilities.diagnosticProvider;
  assert.deepEqual(dp, { identifier: 'mlir-shape', interFileDependencies: false, workspaceDiagnostics: true });
  await pull.stop();
});

test('textDocument/diagnostic: full report with a resultId, unchanged when nothing changed, full again after an edit', async () => {
  const c = await start({ pull: true });
  const uri = 'file:///tmp/pull-doc.mlir';
  c.open(uri, BAD, 1);
  const r1 = await c.request('textDocument/diagnostic', { textDocument: { uri } });
  assert.equal(r1.kind, 'full');
  assert.equal(typeof r1.resultId, 'string');
  assert.deepEqual(r1.items.map((d) => d.code), ['incompatible-dims']);
  assert.equal(r1.items[0].source, 'mlir-shape');
  assert.equal(r1.items[0].range.start.line, 1);

  const r2 = await c.request('textDocument/diagnostic', { textDocument: { uri }, previousResultId: r1.resultId });
  assert.deepEqual(r2, { kind: 'unchanged', resultId: r1.resultId });
  // An unknown previous id gets the full report.
  const r3 = await c.request('textDocument/diagnostic', { textDocument: { uri }, previousResultId: 'stale' });
  assert.equal(r3.kind, 'full');
  assert.equal(r3.resultId, r1.resultId);

  c.change(uri, 2, [{ text: GOOD }]);
  const r4 = await c.request('textDocument/diagnostic', { textDocument: { uri }, previousResultId: r1.resultId });
  assert.equal(r4.kind, 'full');
  assert.notEqual(r4.resultId, r1.resultId);
  assert.deepEqual(r4.items, []);

  // A document that is not open: an empty full report, not an error.
  const none = await c.request('textDocument/diagnostic', { textDocument: { uri: 'file:///tmp/not-open.mlir' } });
  assert.deepEqual(none, { kind: 'full', items: [] });

  // Nothing was pushed to the pulling client (it would show each finding twice).
  await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
  await sleep(100);
  assert.deepEqual(c.published.filter((p) => p.uri === uri), []);
  await c.stop();
});

test('workspace/diagnostic: open documents and the folder\'s closed .mlir files, unchanged ones by resultId', async () => {
  const dir = workspace({ 'open.mlir': GOOD, 'closed.mlir': BAD, 'notes.txt': BAD });
  fs.mkdirSync(path.join(dir, 'sub'));
  fs.writeFileSync(path.join(dir, 'sub', 'deep.mlir'), GOOD);
  const c = await start({ root: dir, pull: true });
  const openUri = uriOf(path.join(dir, 'open.mlir'));
  const closedUri = uriOf(path.join(dir, 'closed.mlir'));
  const deepUri = uriOf(path.join(dir, 'sub', 'deep.mlir'));
  c.open(openUri, BAD, 3);
  const w1 = await c.request('workspace/diagnostic', { previousResultIds: [] });
  const byUri = Object.fromEntries(w1.items.map((i) => [i.uri, i]));
  assert.deepEqual(Object.keys(byUri).sort(), [closedUri, deepUri, openUri].sort());
  // The open document is reported from its editor text, with its version.
  assert.equal(byUri[openUri].kind, 'full');
  assert.equal(byUri[openUri].version, 3);
  assert.deepEqual(byUri[openUri].items.map((d) => d.code), ['incompatible-dims']);
  assert.equal(byUri[closedUri].version, null);
  assert.deepEqual(byUri[closedUri].items.map((d) => d.code), ['incompatible-dims']);
  assert.deepEqual(byUri[deepUri].items, []);

  const prev = w1.items.map((i) => ({ uri: i.uri, value: i.resultId }));
  const w2 = await c.request('workspace/diagnostic', { previousResultIds: prev });
  for (const i of w2.items) assert.equal(i.kind, 'unchanged', i.uri);

  // The closed file changes on disk: reported in full again.
  fs.writeFileSync(path.join(dir, 'closed.mlir'), GOOD + '\n');
  const w3 = await c.request('workspace/diagnostic', { previousResultIds: prev });
  const closed3 = w3.items.find((i) => i.uri === closedUri);
  assert.equal(closed3.kind, 'full');
  assert.deepEqual(closed3.items, []);
  assert.equal(w3.items.find((i) => i.uri === openUri).kind, 'unchanged');
  await c.stop();
});

test('a configuration change asks a pulling client to pull again (workspace/diagnostic/refresh)', async () => {
  const c = await start({ pull: true });
  const uri = 'file:///tmp/pull-refresh.mlir';
  c.open(uri, BAD, 1);
  const r1 = await c.request('textDocument/diagnostic', { textDocument: { uri } });
  assert.equal(r1.items[0].severity, 1);
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { severity: { 'incompatible-dims': 'warning' } } } });
  const r2 = await c.request('textDocument/diagnostic', { textDocument: { uri }, previousResultId: r1.resultId });
  assert.equal(c.refreshes, 1);
  assert.equal(r2.kind, 'full');
  assert.equal(r2.items[0].severity, 2);
  await c.stop();
});
