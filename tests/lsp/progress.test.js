// progress.test.js: $/progress while a large file is first analysed, for a
// client that supports server-initiated work-done progress; none for a
// small file or for a client that does not.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start } = require('./client');
test.after(cleanup);

const FUNC = (i) => [
  `func.func @f${i}(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {`,
  `  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>`,
  '  return %0 : tensor<2x3xi32>',
  '}',
].join('\n');
// Above the server's 1 MB threshold for progress.
const BIG = Array.from({ length: 6000 }, (_, i) => FUNC(i)).join('\n') + '\n';
const SMALL = FUNC(0) + '\n';

test('a large file gets begin and end progress around its first diagnostics', async () => {
  assert.ok(BIG.length > (1 << 20));
  const c = await start({ progress: true });
  c.open('file:///tmp/mlir-shape-lsp/big.mlir', BIG, 1);
  const p = await c.diagnostics('file:///tmp/mlir-shape-lsp/big.mlir', (x) => x.version === 1);
  assert.equal(p.diagnostics.length, 0);
  assert.equal(c.progressTokens.length, 1, 'one window/workDoneProgress/create');
  const token = c.progressTokens[0];
  const kinds = c.progress.filter((x) => x.token === token).map((x) => x.value.kind);
  assert.deepEqual(kinds, ['begin', 'end']);
  const begin = c.progress.find((x) => x.value.kind === 'begin');
  assert.match(begin.value.title, /mlir-shape/);
  // Both arrive before the diagnostics they announce.
  assert.ok(c.progress.every((x) => x.published === 0));
  await c.stop();
});

test('no progress for a small file, nor for a client without the capability', async () => {
  const c = await start({ progress: true });
  c.open('file:///tmp/mlir-shape-lsp/small.mlir', SMALL, 1);
  await c.diagnostics('file:///tmp/mlir-shape-lsp/small.mlir', (x) => x.version === 1);
  assert.equal(c.progressTokens.length, 0);
  await c.stop();
  const d = await start({ progress: false });
  d.open('file:///tmp/mlir-shape-lsp/big.mlir', BIG, 1);
  await d.diagnostics('file:///tmp/mlir-shape-lsp/big.mlir', (x) => x.version === 1);
  assert.equal(d.progressTokens.length, 0);
  assert.equal(d.progress.length, 0);
  await d.stop();
});
