// semantic.test.js: semantic tokens (full, full/delta, range): ops as
// dialect namespace + op method, SSA values with declaration/readonly,
// arguments as parameters, block labels, symbols, types, attribute names,
// and the custom `refined` modifier on values whose inferred shape differs
// from their declared type.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/semantic.mlir';
const TEXT = [
  'func.func @f(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<?x3xi32> {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<?x3xi32>',
  '  %1 = arith.addi %0, %0 : tensor<?x3xi32>',
  '  cf.br ^bb1(%1 : tensor<?x3xi32>)',
  '^bb1(%x: tensor<?x3xi32>):',
  '  %2 = func.call @g(%x) {foo = 1 : i64} : (tensor<?x3xi32>) -> tensor<?x3xi32>',
  '  return %0 : tensor<?x3xi32>',
  '}',
  '',
].join('\n');
const td = { uri: URI };
const lines = TEXT.split('\n');

// Decodes data into [{line, char, text, type, mods: [...]}].
function decode(data, legend) {
  const out = [];
  let line = 0, char = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
    const mods = legend.tokenModifiers.filter((_, k) => data[i + 4] & (1 << k));
    out.push({ line, char, text: lines[line].slice(char, char + data[i + 2]), type: legend.tokenTypes[data[i + 3]], mods });
  }
  return out;
}
const find = (tokens, line, text, nth = 0) => tokens.filter((t) => t.line === line && t.text === text)[nth];

async function opened() {
  const c = await start();
  c.open(URI, TEXT, 1);
  await c.diagnostics(URI, (x) => x.version === 1);
  return c;
}

test('legend: standard types and modifiers plus `refined`; full, delta and range announced', async () => {
  const c = await opened();
  const p = c.init.capabilities.semanticTokensProvider;
  for (const t of ['namespace', 'method', 'function', 'variable', 'parameter', 'label', 'type', 'property', 'keyword'])
    assert.ok(p.legend.tokenTypes.includes(t), t);
  assert.deepEqual(p.legend.tokenModifiers, ['declaration', 'readonly', 'refined']);
  assert.equal(p.range, true);
  assert.deepEqual(p.full, { delta: true });
  await c.stop();
});

test('full: ops, values, labels, symbols, types, attribute names; refined values', async () => {
  const c = await opened();
  const legend = c.init.capabilities.semanticTokensProvider.legend;
  const r = await c.request('textDocument/semanticTokens/full', { textDocument: td });
  assert.equal(typeof r.resultId, 'string');
  const t = decode(r.data, legend);
  // func.func: namespace + method; @f declared.
  assert.deepEqual(find(t, 0, 'func', 0), { line: 0, char: 0, text: 'func', type: 'namespace', mods: [] });
  assert.equal(find(t, 0, 'func', 1).type, 'method');
  assert.deepEqual(find(t, 0, '@f').mods, ['declaration']);
  assert.equal(find(t, 0, '@f').type, 'function');
  // Arguments: parameter, declaration + readonly; their types.
  assert.deepEqual([find(t, 0, '%a').type, find(t, 0, '%a').mods], ['parameter', ['declaration', 'readonly']]);
  assert.equal(find(t, 0, 'tensor<2x1xi32>').type, 'type');
  // The generic op: dialect and name apart, without the quotes.
  assert.equal(find(t, 1, 'test').type, 'namespace');
  assert.equal(find(t, 1, 'broadcastable').type, 'method');
  // %0 is declared tensor<?x3xi32> but inferred tensor<2x3xi32>: refined,
  // at its definition and at its uses.
  assert.deepEqual([find(t, 1, '%0').type, find(t, 1, '%0').mods], ['variable', ['declaration', 'readonly', 'refined']]);
  assert.deepEqual(find(t, 2, '%0').mods, ['readonly', 'refined']);
  assert.deepEqual(find(t, 6, '%0').mods, ['readonly', 'refined']);
  // A use of an argument is a parameter; %1 = arith.addi %0, %0 takes %0's
  // inferred shape (rules/arith.json), so it is refined too.
  assert.deepEqual([find(t, 1, '%a').type, find(t, 1, '%a').mods], ['parameter', ['readonly']]);
  assert.deepEqual(find(t, 2, '%1').mods, ['declaration', 'readonly', 'refined']);
  assert.equal(find(t, 2, 'arith').type, 'namespace');
  assert.equal(find(t, 2, 'addi').type, 'method');
  // Block labels and block arguments.
  assert.deepEqual([find(t, 3, '^bb1').type, find(t, 3, '^bb1').mods], ['label', []]);
  assert.deepEqual([find(t, 4, '^bb1').type, find(t, 4, '^bb1').mods], ['label', ['declaration']]);
  assert.deepEqual([find(t, 4, '%x').type, find(t, 4, '%x').mods], ['parameter', ['declaration', 'readonly']]);
  assert.deepEqual([find(t, 5, '%x').type, find(t, 5, '%x').mods], ['parameter', ['readonly']]);
  // Symbol uses, attribute names, return.
  assert.deepEqual([find(t, 5, '@g').type, find(t, 5, '@g').mods], ['function', []]);
  assert.equal(find(t, 5, 'foo').type, 'property');
  assert.equal(find(t, 6, 'return').type, 'method');
  // Sorted, not overlapping.
  for (let i = 1; i < t.length; i++)
    assert.ok(t[i].line > t[i - 1].line || t[i].char >= t[i - 1].char + t[i - 1].text.length, JSON.stringify([t[i - 1], t[i]]));
  await c.stop();
});

test('full/delta: edits that turn the previous data into the new one; unknown previous id -> full', async () => {
  const c = await opened();
  const r1 = await c.request('textDocument/semanticTokens/full', { textDocument: td });
  c.change(URI, 2, [{ range: { start: { line: 2, character: 2 }, end: { line: 2, character: 4 } }, text: '%sum' },
    { range: { start: { line: 3, character: 13 }, end: { line: 3, character: 15 } }, text: '%sum' }]);
  const d = await c.request('textDocument/semanticTokens/full/delta', { textDocument: td, previousResultId: r1.resultId });
  assert.ok(Array.isArray(d.edits), JSON.stringify(d));
  assert.notEqual(d.resultId, r1.resultId);
  const data = r1.data.slice();
  for (const e of d.edits.slice().sort((a, b) => b.start - a.start)) data.splice(e.start, e.deleteCount, ...(e.data || []));
  const full = await c.request('textDocument/semanticTokens/full', { textDocument: td });
  assert.deepEqual(data, full.data);
  // Nothing changed: no edits.
  const same = await c.request('textDocument/semanticTokens/full/delta', { textDocument: td, previousResultId: full.resultId });
  assert.deepEqual(same.edits, []);
  const stale = await c.request('textDocument/semanticTokens/full/delta', { textDocument: td, previousResultId: 'nope' });
  assert.ok(Array.isArray(stale.data));
  await c.stop();
});

test('range: only the tokens of the range, encoded from line 0', async () => {
  const c = await opened();
  const legend = c.init.capabilities.semanticTokensProvider.legend;
  const r = await c.request('textDocument/semanticTokens/range', { textDocument: td, range: { start: { line: 4, character: 0 }, end: { line: 5, character: 0 } } });
  const t = decode(r.data, legend);
  assert.ok(t.length > 0);
  assert.ok(t.every((x) => x.line === 4), JSON.stringify(t));
  assert.deepEqual(t.map((x) => x.text), ['^bb1', '%x', 'tensor<?x3xi32>']);
  await c.stop();
});
