// features.test.js: hover, inlay hints, code actions applied to the text,
// definition / references / highlights, document symbols, folding ranges
// and mlirShape/inferredShape through the real client stack.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start, positionOf, rangeOf, applyEdits } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/features.mlir';
const TEXT = [
  'func.func @f(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<?x3xi32> {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<?x3xi32>',
  '  %1 = "test.broadcastable"(%0, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>',
  '  %2 = func.call @g(%1) : (tensor<2x4xi32>) -> tensor<2x4xi32>',
  '  return %0 : tensor<?x3xi32>',
  '}',
  'func.func @g(%x: tensor<2x4xi32>) -> tensor<2x4xi32> {',
  '  return %x : tensor<2x4xi32>',
  '}',
  '',
].join('\n');
const td = { uri: URI };

async function opened() {
  const c = await start();
  c.open(URI, TEXT, 1);
  const p = await c.diagnostics(URI, (x) => x.version === 1);
  return { c, diags: p.diagnostics };
}

test('hover on an op: rule, inferred type, derivation table; on a value: type and definition', async () => {
  const { c } = await opened();
  const h = await c.request('textDocument/hover', { textDocument: td, position: positionOf(TEXT, 'test.broadcastable', { delta: 4 }) });
  assert.equal(h.contents.kind, 'markdown');
  assert.match(h.contents.value, /^\*\*test\.broadcastable\*\* — rule `mlir` \(upstream profile\)/);
  assert.ok(h.contents.value.includes('Inferred result: `tensor<2x3xi32>` · declared `tensor<?x3xi32>`'), h.contents.value);
  assert.ok(h.contents.value.includes('| dim | %a | %b | inferred | declared | verdict |'));
  assert.ok(h.contents.value.includes('| 0 | 2 | – | 2 | ? |'));
  assert.deepEqual(h.range, rangeOf(TEXT, '"test.broadcastable"'));

  const v = await c.request('textDocument/hover', { textDocument: td, position: positionOf(TEXT, '%0, %b', { delta: 1 }) });
  assert.ok(v.contents.value.includes('`%0`: `tensor<?x3xi32>`'), v.contents.value);
  assert.ok(v.contents.value.includes('line 2'));

  const none = await c.request('textDocument/hover', { textDocument: td, position: { line: 9, character: 0 } });
  assert.equal(none, null);
  await c.stop();
});

test('inlay hints: inferred type after less precise or wrong result types, in range', async () => {
  const { c } = await opened();
  const all = await c.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: 9, character: 0 } } });
  assert.equal(all.length, 2, JSON.stringify(all));
  assert.deepEqual(all[0].position, positionOf(TEXT, 'tensor<?x3xi32>\n', { nth: 0, delta: 15 }));
  assert.equal(all[0].label, '⇒ tensor<2x3xi32>');
  assert.equal(all[0].kind, 1);
  assert.equal(all[0].paddingLeft, true);
  assert.equal(all[1].position.line, 2);
  assert.equal(all[1].label, '⇒ tensor<2x3xi32>');
  const one = await c.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 2, character: 0 }, end: { line: 3, character: 0 } } });
  assert.equal(one.length, 1);
  assert.equal(one[0].position.line, 2);
  await c.stop();
});

test('code actions: replacing the result type fixes the diagnostic', async () => {
  const { c, diags } = await opened();
  const rd = diags.find((d) => d.code === 'result-dim');
  assert.ok(rd, JSON.stringify(diags));
  const actions = await c.request('textDocument/codeAction', { textDocument: td, range: rd.range, context: { diagnostics: [rd] } });
  const fix = actions.find((a) => a.title === 'Replace result type with tensor<2x3xi32>');
  assert.ok(fix, JSON.stringify(actions));
  assert.equal(fix.kind, 'quickfix');
  assert.equal(fix.isPreferred, true);
  assert.deepEqual(fix.diagnostics.map((d) => d.code), ['result-dim']);
  const fixed = applyEdits(TEXT, fix.edit.changes[URI]);
  assert.ok(fixed.includes('(tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>\n  %2'), fixed);
  // The client applies the edit; the server then reports no result-dim.
  const line = TEXT.split('\n')[2];
  c.change(URI, 2, [{ range: fix.edit.changes[URI][0].range, text: fix.edit.changes[URI][0].newText }]);
  const p = await c.diagnostics(URI, (x) => x.version === 2);
  assert.ok(!p.diagnostics.some((d) => d.code === 'result-dim'), JSON.stringify(p.diagnostics));
  assert.ok(line.includes('2x4'));
  await c.stop();
});

test('code actions: a type mismatch is fixed with the definition type', async () => {
  const { c, diags } = await opened();
  const mm = diags.find((d) => d.code === 'type-mismatch');
  assert.ok(mm, JSON.stringify(diags));
  const actions = await c.request('textDocument/codeAction', { textDocument: td, range: mm.range, context: { diagnostics: [mm] } });
  const fix = actions.find((a) => a.title.startsWith('Change type to'));
  assert.ok(fix, JSON.stringify(actions));
  const fixed = applyEdits(TEXT, fix.edit.changes[URI]);
  assert.equal(fixed.split('\n')[2], '  %1 = "test.broadcastable"(%0, %b) : (tensor<?x3xi32>, tensor<3xi32>) -> tensor<2x4xi32>');
  c.change(URI, 2, [{ range: fix.edit.changes[URI][0].range, text: fix.edit.changes[URI][0].newText }]);
  const p = await c.diagnostics(URI, (x) => x.version === 2);
  assert.ok(!p.diagnostics.some((d) => d.code === 'type-mismatch'), JSON.stringify(p.diagnostics));
  await c.stop();
});

test('definition, references, document highlight', async () => {
  const { c } = await opened();
  const use = positionOf(TEXT, 'return %0', { delta: 8 });
  const def = await c.request('textDocument/definition', { textDocument: td, position: use });
  assert.deepEqual(def, [{ uri: URI, range: rangeOf(TEXT, '%0') }]);
  const refs = await c.request('textDocument/references', { textDocument: td, position: use, context: { includeDeclaration: true } });
  assert.deepEqual(refs.map((r) => r.range), [rangeOf(TEXT, '%0'), rangeOf(TEXT, '%0', { nth: 1 }), rangeOf(TEXT, '%0', { nth: 2 })]);
  const refs2 = await c.request('textDocument/references', { textDocument: td, position: use, context: { includeDeclaration: false } });
  assert.equal(refs2.length, 2);
  const hl = await c.request('textDocument/documentHighlight', { textDocument: td, position: use });
  assert.deepEqual(hl.map((h) => h.kind), [3, 2, 2]);
  // A symbol: @g used in @f, defined below.
  const g = await c.request('textDocument/definition', { textDocument: td, position: positionOf(TEXT, '@g(%1)', { delta: 1 }) });
  assert.deepEqual(g, [{ uri: URI, range: rangeOf(TEXT, '@g', { nth: 1 }) }]);
  await c.stop();
});

test('document symbols, folding ranges, mlirShape/inferredShape', async () => {
  const { c } = await opened();
  const syms = await c.request('textDocument/documentSymbol', { textDocument: td });
  assert.deepEqual(syms.map((s) => [s.name, s.kind]), [['@f', 12], ['@g', 12]]);
  assert.deepEqual(syms[0].selectionRange, rangeOf(TEXT, '@f'));
  assert.deepEqual(syms[0].range, { start: { line: 0, character: 0 }, end: { line: 5, character: 1 } });
  assert.deepEqual(syms[0].children.map((s) => s.name), ['test.broadcastable', 'test.broadcastable', 'func.call', 'return']);
  const folds = await c.request('textDocument/foldingRange', { textDocument: td });
  assert.deepEqual(folds.map((f) => [f.startLine, f.endLine]), [[0, 4], [6, 7]]);
  const shape = await c.request('mlirShape/inferredShape', { textDocument: td, position: positionOf(TEXT, 'tensor<2x4xi32>') });
  assert.equal(shape.type, 'tensor<2x3xi32>');
  assert.equal(shape.rule, 'mlir');
  assert.ok(shape.markdown.includes('result dim 1 is 4 but the operands infer 3'), shape.markdown);
  await c.stop();
});
