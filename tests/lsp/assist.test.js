// assist.test.js: completion (op names from the rule catalog, SSA values in
// scope, attribute names the catalog reads), signature help for generic
// ops, workspace symbols (open documents and the folder's files, `// -----`
// chunks), document symbols per chunk, workspace/executeCommand
// (mlir-shape.broadcast, mlir-shape.inferredShapes), and the code actions
// "Add `// expected-error` annotation" (round trip through `check
// --verify-diagnostics`) and "Disable CODE for this line".
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { cleanup, start, workspace, uriOf, positionOf, applyEdits, SERVER } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/assist.mlir';
const TEXT = [
  'func.func @f(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {',
  '  %0 = "tosa.add"(%a, %a) : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>',
  '  %1 = "scf.execute_region"() ({',
  '    %inner = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<2x3xi32>',
  '    "scf.yield"(%inner) : (tensor<2x3xi32>) -> ()',
  '  }) : () -> tensor<2x3xi32>',
  '  %2 = "pd.elementwise_add"(%1, %',
  '  %3 = tosa.',
  '  %4 = "pd.elementwise_add"(%1, %b) {ax',
  '  return %1 : tensor<2x3xi32>',
  '}',
  'func.func @other(%z: tensor<2xi32>) {',
  '  return',
  '}',
  '',
].join('\n');
const td = { uri: URI };

async function opened(opts = {}, uri = URI, text = TEXT) {
  const c = await start(opts);
  c.open(uri, text, 1);
  await c.diagnostics(uri, (x) => x.version === 1);
  return c;
}
const labels = (r) => r.items.map((i) => i.label);

test('completion: op names from the catalog with their rule as detail', async () => {
  const c = await opened();
  const r = await c.request('textDocument/completion', { textDocument: td, position: positionOf(TEXT, 'tosa.\n', { delta: 5 }) });
  const add = r.items.find((i) => i.label === 'tosa.add');
  assert.ok(add, JSON.stringify(labels(r)));
  assert.equal(add.detail, 'rule mlir');
  assert.equal(add.kind, 3);
  assert.match(add.documentation.value, /TOSA elementwise binary ops/);
  // The edit replaces the whole dotted word typed so far.
  assert.deepEqual(add.textEdit.range, { start: positionOf(TEXT, 'tosa.\n'), end: positionOf(TEXT, 'tosa.\n', { delta: 5 }) });
  assert.ok(labels(r).includes('pd.elementwise_add'));
  assert.equal(r.items.find((i) => i.label === 'onnx.Expand').detail, 'rule bidirectional');
  assert.ok(!labels(r).some((l) => l.includes('*')), 'globs are not op names');
  await c.stop();
});

test('completion: SSA values in scope after %, attribute names the catalog reads for the op', async () => {
  const c = await opened();
  const r = await c.request('textDocument/completion', { textDocument: td, position: positionOf(TEXT, '(%1, %\n', { delta: 6 }) });
  assert.deepEqual(labels(r).sort(), ['%0', '%1', '%a', '%b']);
  assert.equal(r.items.find((i) => i.label === '%a').detail, 'tensor<2x1xi32>');
  assert.equal(r.items.find((i) => i.label === '%a').kind, 6);
  // %inner is in a closed region, %z in another function: not offered.
  const attrs = await c.request('textDocument/completion', { textDocument: td, position: positionOf(TEXT, '{ax', { delta: 3 }) });
  assert.deepEqual(labels(attrs), ['axis']);
  assert.equal(attrs.items[0].textEdit.newText, 'axis = ');
  await c.stop();
});

test('signature help: the catalog\'s operand roles of a generic op, the active operand', async () => {
  const c = await opened();
  const s = await c.request('textDocument/signatureHelp', { textDocument: td, position: positionOf(TEXT, '(%1, %\n', { delta: 6 }) });
  assert.equal(s.signatures[0].label, '"pd.elementwise_add"(#0: A (pdpd), #1: B (pdpd, placed at axis))');
  assert.equal(s.activeParameter, 1);
  const [a, b] = s.signatures[0].parameters[1].label;
  assert.equal(s.signatures[0].label.slice(a, b), '#1: B (pdpd, placed at axis)');
  assert.match(s.signatures[0].documentation.value, /rule pdpd/);
  const t = await c.request('textDocument/signatureHelp', { textDocument: td, position: positionOf(TEXT, '"tosa.add"(%a', { delta: 11 }) });
  assert.equal(t.activeParameter, 0);
  assert.match(t.signatures[0].label, /^"tosa.add"\(#0: broadcast operand, #1: broadcast operand\)$/);
  const none = await c.request('textDocument/signatureHelp', { textDocument: td, position: { line: 9, character: 4 } });
  assert.equal(none, null);
  await c.stop();
});

const SPLIT = [
  'func.func @first(%a: tensor<2xf32>) {',
  '  return',
  '}',
  '',
  '// -----',
  '',
  'memref.global "private" constant @table : memref<2xf32> = dense<[1.0, 2.0]>',
  'func.func @second() {',
  '  return',
  '}',
  '',
].join('\n');

test('workspace/symbol: functions, globals and chunks of open documents and of the folder\'s files', async () => {
  const dir = workspace({ 'split.mlir': SPLIT, 'lib.mlir': 'module {\n  func.func @library_fn() {\n    return\n  }\n}\n' });
  const c = await start({ root: dir });
  const openUri = uriOf(path.join(dir, 'open.mlir'));
  c.open(openUri, 'func.func @edited() {\n  return\n}\n', 1);
  const all = await c.request('workspace/symbol', { query: '' });
  const names = all.map((s) => `${s.name}:${s.kind}:${path.basename(s.location.uri)}`).sort();
  assert.deepEqual(names, ['@edited:12:open.mlir', '@first:12:split.mlir', '@library_fn:12:lib.mlir', '@second:12:split.mlir',
    '@table:13:split.mlir', 'chunk 1 (line 1):3:split.mlir', 'chunk 2 (line 6):3:split.mlir'].sort());
  const second = all.find((s) => s.name === '@second');
  assert.equal(second.containerName, 'chunk 2');
  assert.deepEqual(second.location.range, { start: { line: 7, character: 10 }, end: { line: 7, character: 17 } });
  const q = await c.request('workspace/symbol', { query: 'libfn' });
  assert.deepEqual(q.map((s) => s.name), ['@library_fn']);
  // A closed file changed on disk is read again.
  fs.writeFileSync(path.join(dir, 'lib.mlir'), 'func.func @library_fn2() {\n  return\n}\n');
  const q2 = await c.request('workspace/symbol', { query: 'libfn' });
  assert.deepEqual(q2.map((s) => s.name), ['@library_fn2']);
  await c.stop();
});

test('documentSymbol of a split file: one symbol per `// -----` chunk', async () => {
  const c = await opened({}, 'file:///tmp/mlir-shape-lsp/split.mlir', SPLIT);
  const syms = await c.request('textDocument/documentSymbol', { textDocument: { uri: 'file:///tmp/mlir-shape-lsp/split.mlir' } });
  assert.deepEqual(syms.map((s) => [s.name, s.kind, s.detail]), [['chunk 1', 3, 'lines 1-3'], ['chunk 2', 3, 'lines 6-10']]);
  assert.deepEqual(syms[0].children.map((s) => s.name), ['@first']);
  assert.deepEqual(syms[1].children.map((s) => s.name), ['memref.global', '@second']);
  // An unsplit file keeps its plain symbols.
  const plain = await c.request('textDocument/documentSymbol', { textDocument: td }).catch(() => null);
  assert.equal(plain, null); // not open in this session
  await c.stop();
});

const VALID = TEXT.split('\n').filter((l, i) => i < 6 || i > 8).join('\n');

test('workspace/executeCommand: announced commands, the calculator, the value table', async () => {
  const c = await opened({}, URI, VALID);
  assert.deepEqual(c.init.capabilities.executeCommandProvider.commands, ['mlir-shape.broadcast', 'mlir-shape.inferredShapes']);
  const ok = await c.request('workspace/executeCommand', { command: 'mlir-shape.broadcast', arguments: [{ shapes: ['2x1', '3'], rule: 'numpy' }] });
  assert.deepEqual(ok, { ok: true, rule: 'numpy', shape: '2x3', findings: [] });
  const typed = await c.request('workspace/executeCommand', { command: 'mlir-shape.broadcast', arguments: ['tensor<2x1xf32>', 'tensor<3xf32>', '--result=tensor<2x4xf32>'] });
  assert.equal(typed.ok, false);
  assert.equal(typed.shape, null);
  assert.deepEqual(typed.findings.map((f) => [f.severity, f.code]), [['error', 'result-dim']]);
  const pdpd = await c.request('workspace/executeCommand', { command: 'mlir-shape.broadcast', arguments: [{ shapes: ['2x3x4', '3'], rule: 'pdpd', axis: 1 }] });
  assert.equal(pdpd.shape, '2x3x4');
  await assert.rejects(c.request('workspace/executeCommand', { command: 'mlir-shape.broadcast', arguments: [{ shapes: ['2x', '3'] }] }), /cannot parse shape/);
  await assert.rejects(c.request('workspace/executeCommand', { command: 'mlir-shape.nope', arguments: [] }), /unknown command/);

  // The value table as `mlir-shape shapes --format=json` prints it.
  const table = await c.request('workspace/executeCommand', { command: 'mlir-shape.inferredShapes', arguments: [URI] });
  assert.equal(table.version, 1);
  assert.equal(table.files.length, 1);
  assert.equal(table.files[0].file, URI);
  const byName = Object.fromEntries(table.files[0].values.map((v) => [v.name, v]));
  assert.deepEqual(byName['%a'].range, { start: { line: 0, character: 13 }, end: { line: 0, character: 15 } });
  assert.equal(byName['%a'].declared, 'tensor<2x1xi32>');
  assert.equal(byName['%a'].kind, 'argument');
  assert.equal(byName['%a'].op, null);
  assert.equal(byName['%0'].declared, 'tensor<2x1xi32>');
  assert.equal(byName['%0'].refined, false);
  assert.equal(byName['%0'].op.name, 'tosa.add');
  assert.equal(byName['%inner'].inferred, 'tensor<2x3xi32>');
  assert.equal(byName['%inner'].refined, false, 'declared as precisely as inferred');
  assert.equal(byName['%inner'].op.name, 'test.broadcastable');
  assert.equal(byName['%1'].op.name, 'scf.execute_region');
  assert.equal(byName['%1'].refined, false);
  const same = await c.request('workspace/executeCommand', { command: 'mlir-shape.inferredShapes', arguments: [{ textDocument: { uri: URI } }] });
  assert.deepEqual(same, table);
  await assert.rejects(c.request('workspace/executeCommand', { command: 'mlir-shape.inferredShapes', arguments: ['file:///not/open.mlir'] }), /open document/);
  await c.stop();
});

const CHECKED = [
  '// A file for -verify-diagnostics.',
  'func.func @f(%a: tensor<2xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>) {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>',
  '  %1 = "tf.AddV2"(%c,',
  '                  %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x4xf32>',
  '  return',
  '}',
  '',
].join('\n');

function verify(text) {
  const dir = workspace({ 'v.mlir': text });
  const r = spawnSync(SERVER, ['check', '--verify-diagnostics', path.join(dir, 'v.mlir')], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return r;
}

test('code action "Add `// expected-error` annotation": check --verify-diagnostics accepts the result', async () => {
  const uri = 'file:///tmp/mlir-shape-lsp/verify.mlir';
  const c = await opened({}, uri, CHECKED);
  let text = CHECKED, version = 1;
  assert.notEqual(verify(text).status, 0);
  // Annotate every finding, one at a time, as a user would.
  for (let round = 0; round < 10; round++) {
    const p = await c.diagnostics(uri, (x) => x.version === version);
    const d = p.diagnostics.find((x) => !text.split('\n')[x.range.start.line - 1]?.includes('expected-') &&
      !text.split('\n').some((l) => l.includes(`{{${x.message.split(': ')[0]}}}`)));
    if (!d) break;
    const actions = await c.request('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    const a = actions.find((x) => x.title === 'Add `// expected-error` annotation');
    assert.ok(a, JSON.stringify(actions.map((x) => x.title)));
    assert.equal(a.kind, 'quickfix');
    assert.deepEqual(a.diagnostics, [d]);
    text = applyEdits(text, a.edit.changes[uri]);
    c.change(uri, ++version, [{ text }]);
  }
  const lines = text.split('\n');
  assert.equal(lines[2], '  // expected-error @+1 {{operands %a and %b are not broadcast-compatible}}');
  // The multi-line op's finding is on its first line, where mlir-opt reports it.
  assert.equal(lines[4], '  // expected-error @+1 {{result dim 1 is 4 but the operands infer 3}}');
  const r = verify(text);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  await c.stop();
});

test('code action "Disable CODE for this line": the directive above the op, or added to one there', async () => {
  const uri = 'file:///tmp/mlir-shape-lsp/disable.mlir';
  const text = CHECKED.replace('  %1 = "tf.AddV2"', '  // mlir-shape-disable-next-line result-rank\n  %1 = "tf.AddV2"');
  const c = await opened({}, uri, text);
  const p = await c.diagnostics(uri);
  const inc = p.diagnostics.find((d) => d.code === 'incompatible-dims');
  let actions = await c.request('textDocument/codeAction', { textDocument: { uri }, range: inc.range, context: { diagnostics: [inc] } });
  let a = actions.find((x) => x.title === 'Disable incompatible-dims for this line');
  assert.ok(a, JSON.stringify(actions.map((x) => x.title)));
  assert.equal(applyEdits(text, a.edit.changes[uri]).split('\n')[2], '  // mlir-shape-disable-next-line incompatible-dims');
  assert.equal(applyEdits(text, a.edit.changes[uri]).split('\n')[3], CHECKED.split('\n')[2]);
  const rd = p.diagnostics.find((d) => d.code === 'result-dim');
  actions = await c.request('textDocument/codeAction', { textDocument: { uri }, range: rd.range, context: { diagnostics: [rd] } });
  a = actions.find((x) => x.title === 'Disable result-dim for this line');
  const out = applyEdits(text, a.edit.changes[uri]).split('\n');
  assert.equal(out[3], '  // mlir-shape-disable-next-line result-rank, result-dim');
  assert.equal(out.length, text.split('\n').length);
  // Only quick fixes are asked for elsewhere: no actions then.
  const none = await c.request('textDocument/codeAction', { textDocument: { uri }, range: rd.range, context: { diagnostics: [rd], only: ['refactor'] } });
  assert.deepEqual(none, []);
  await c.stop();
});
