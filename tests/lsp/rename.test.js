// rename.test.js: prepareRename and rename of SSA values (definition and
// every use in scope, `#N`/`:N` suffixes kept), block labels and function
// symbols (pretty and generic definitions, every @f), and the refusals.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start, positionOf, rangeOf, applyEdits } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/rename.mlir';
const TEXT = [
  'func.func @f(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>',
  '  %r:2 = "test.two"(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)',
  '  cf.br ^bb1(%r#1 : tensor<2xf32>)',
  '^bb1(%x: tensor<2xf32>):',
  '  %1 = func.call @g(%x) : (tensor<2xf32>) -> tensor<2xf32>',
  '  cf.br ^bb1(%1 : tensor<2xf32>)',
  '}',
  'func.func @g(%0: tensor<2xf32>) -> tensor<2xf32> {',
  '  return %0 : tensor<2xf32>',
  '}',
  '"func.func"() <{function_type = () -> (), sym_name = "h"}> ({',
  '  %c = func.call @g(%c) : (tensor<2xf32>) -> tensor<2xf32>',
  '}) : () -> ()',
  'func.func private @ext() -> ()',
  'func.func @k() {',
  '  func.call @h() : () -> ()',
  '  return',
  '}',
  '',
].join('\n');
const td = { uri: URI };

async function opened() {
  const c = await start();
  c.open(URI, TEXT, 1);
  await c.diagnostics(URI, (x) => x.version === 1);
  return c;
}
async function rename(c, needle, opts, newName) {
  const edit = await c.request('textDocument/rename', { textDocument: td, position: positionOf(TEXT, needle, opts), newName });
  assert.deepEqual(Object.keys(edit.changes), [URI]);
  return applyEdits(TEXT, edit.changes[URI]);
}
async function refused(c, method, needle, opts, newName, pattern) {
  await assert.rejects(c.request(method, { textDocument: td, position: positionOf(TEXT, needle, opts), newName }),
    (e) => { assert.match(e.message, pattern); return true; });
}

test('prepareRename: the value, label or symbol under the cursor, without #N / :N', async () => {
  const c = await opened();
  const prep = (needle, opts) => c.request('textDocument/prepareRename', { textDocument: td, position: positionOf(TEXT, needle, opts) });
  assert.deepEqual(await prep('%a, %b', { delta: 1 }), { range: rangeOf(TEXT, '%a', { nth: 1 }), placeholder: '%a' });
  assert.deepEqual(await prep('%r#1', { delta: 3 }), { range: { start: positionOf(TEXT, '%r#1'), end: positionOf(TEXT, '%r#1', { delta: 2 }) }, placeholder: '%r' });
  assert.deepEqual(await prep('^bb1(%x', { delta: 2 }), { range: rangeOf(TEXT, '^bb1', { nth: 1 }), placeholder: '^bb1' });
  assert.deepEqual(await prep('@g(%x', { delta: 1 }), { range: rangeOf(TEXT, '@g'), placeholder: '@g' });
  assert.deepEqual(await prep('"h"', { delta: 1 }), { range: rangeOf(TEXT, '"h"'), placeholder: '@h' });
  await c.stop();
});

test('rename a value: its definition and every use in its function, nothing else', async () => {
  const c = await opened();
  const out = await rename(c, '%0 = ', {}, 'sum');
  const lines = out.split('\n');
  assert.equal(lines[1], '  %sum = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>');
  assert.equal(lines[2], '  %r:2 = "test.two"(%sum) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)');
  // @g's own %0 is another value.
  assert.equal(lines[8], 'func.func @g(%0: tensor<2xf32>) -> tensor<2xf32> {');
  assert.equal(lines[9], '  return %0 : tensor<2xf32>');
  // With the sigil given, and a multi-result value keeps its :N and #N.
  const out2 = (await rename(c, '%r#1', { delta: 1 }, '%pair')).split('\n');
  assert.equal(out2[2], '  %pair:2 = "test.two"(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)');
  assert.equal(out2[3], '  cf.br ^bb1(%pair#1 : tensor<2xf32>)');
  // A block argument.
  const out3 = (await rename(c, '%x:', { delta: 1 }, 'arg')).split('\n');
  assert.equal(out3[4], '^bb1(%arg: tensor<2xf32>):');
  assert.equal(out3[5], '  %1 = func.call @g(%arg) : (tensor<2xf32>) -> tensor<2xf32>');
  await c.stop();
});

test('rename a block label and a function (pretty and generic definitions)', async () => {
  const c = await opened();
  const out = (await rename(c, '^bb1(%r', { delta: 1 }, 'loop')).split('\n');
  assert.equal(out[3], '  cf.br ^loop(%r#1 : tensor<2xf32>)');
  assert.equal(out[4], '^loop(%x: tensor<2xf32>):');
  assert.equal(out[6], '  cf.br ^loop(%1 : tensor<2xf32>)');
  const g = (await rename(c, '@g(%x', { delta: 2 }, 'callee')).split('\n');
  assert.equal(g[5], '  %1 = func.call @callee(%x) : (tensor<2xf32>) -> tensor<2xf32>');
  assert.equal(g[8], 'func.func @callee(%0: tensor<2xf32>) -> tensor<2xf32> {');
  assert.equal(g[12], '  %c = func.call @callee(%c) : (tensor<2xf32>) -> tensor<2xf32>');
  // The generic definition's sym_name string and its uses.
  const h = (await rename(c, '@h()', { delta: 1 }, 'helper')).split('\n');
  assert.equal(h[11], '"func.func"() <{function_type = () -> (), sym_name = "helper"}> ({');
  assert.equal(h[16], '  func.call @helper() : () -> ()');
  // A name that is not a bare identifier is quoted.
  const q = (await rename(c, '@k', {}, 'a b')).split('\n');
  assert.equal(q[15], 'func.func @"a b"() {');
  await c.stop();
});

test('refusals: not a value/label/function, invalid or taken names', async () => {
  const c = await opened();
  const what = /renames SSA values \(%x\), block labels \(\^bb1\) and function symbols \(@f\)/;
  await refused(c, 'textDocument/prepareRename', 'test.broadcastable', { delta: 3 }, undefined, what);
  await refused(c, 'textDocument/prepareRename', 'tensor<2xf32>', { delta: 3 }, undefined, what);
  await refused(c, 'textDocument/rename', 'test.broadcastable', { delta: 3 }, 'x', what);
  await refused(c, 'textDocument/prepareRename', '%c)', { delta: 1 }, undefined, /definition is not in this document|renames/);
  await refused(c, 'textDocument/rename', '%0 = ', {}, '1abc', /'1abc' is not a valid MLIR value name/);
  await refused(c, 'textDocument/rename', '%0 = ', {}, 'a b', /not a valid MLIR value name/);
  await refused(c, 'textDocument/rename', '%0 = ', {}, '%a', /%a: that name is already defined in this function/);
  await refused(c, 'textDocument/rename', '^bb1(%x', { delta: 1 }, '^bb1x"', /not a valid MLIR block label name/);
  await c.stop();
});
