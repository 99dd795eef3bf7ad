// dataflow.test.js: shapes flowing through SSA values, as a client sees
// them: hover on a value (definition, use, block argument) with its
// inferred type and the chain of ops it came from, inlay hints after
// refined definitions, the refine code actions applied and re-checked, and
// `mlir-shape shapes` agreeing with what the server shows.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { cleanup, start, positionOf, rangeOf, applyEdits, SERVER } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/dataflow.mlir';
const TEXT = [
  'func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1x3xf32>) -> tensor<*xf32> {',
  '  %0 = "tf.AddV2"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>',
  '  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<?x?xf32>',
  '  %2 = "tf.Sub"(%1, %0) : (tensor<?x?xf32>, tensor<*xf32>) -> tensor<*xf32>',
  '  return %2 : tensor<*xf32>',
  '}',
  'func.func @t(%x: tensor<2x1xf32>, %y: tensor<1x3xf32>) -> tensor<2x3xf32> {',
  '  %0 = tosa.add %x, %y : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
  '  %1 = "scf.execute_region"() ({',
  '  ^bb0(%z: tensor<1x3xf32>):',
  // Not a tosa op: --tosa-infer-shapes leaves tosa ops inside scf regions unrefined.
  '    %2 = "tf.Maximum"(%0, %z) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
  '    "scf.yield"(%2) : (tensor<*xf32>) -> ()',
  '  }) : () -> tensor<2x3xf32>',
  '  return %1 : tensor<2x3xf32>',
  '}',
  '',
].join('\n');
const td = { uri: URI };

async function opened(text = TEXT) {
  const c = await start();
  c.open(URI, text, 1);
  const p = await c.diagnostics(URI, (x) => x.version === 1);
  return { c, diags: p.diagnostics };
}

const hover = (c, position) => c.request('textDocument/hover', { textDocument: td, position });

test('hover on a value: declared, inferred and the producing ops as links', async () => {
  const { c, diags } = await opened();
  assert.deepEqual(diags, []);
  // A use: %1 in tf.Sub, refined through tf.Mul from tf.AddV2.
  const use = await hover(c, positionOf(TEXT, '%1, %0', { delta: 1 }));
  const md = use.contents.value;
  assert.equal(use.contents.kind, 'markdown');
  assert.ok(md.startsWith('`%1`: `tensor<?x?xf32>`'), md);
  assert.ok(md.includes('Inferred: `tensor<2x3xf32>`'), md);
  assert.ok(md.includes('Defined at line 3'), md);
  assert.ok(md.includes(`1. \`%1\`: \`tensor<2x3xf32>\` ⇐ [tf.Mul at 3:8](${URI}#L3)`), md);
  assert.ok(md.includes(`2. \`%0\`: \`tensor<2x3xf32>\` ⇐ [tf.AddV2 at 2:8](${URI}#L2)`), md);
  assert.deepEqual(use.range, rangeOf(TEXT, '%1', { nth: 1 }));
  // The definition itself.
  const def = await hover(c, positionOf(TEXT, '%0 = "tf.AddV2"', { delta: 1 }));
  assert.ok(def.contents.value.includes('Defined here (line 2)'), def.contents.value);
  assert.ok(def.contents.value.includes('Inferred: `tensor<2x3xf32>`'));
  // A value defined outside a region, used inside it.
  const inner = await hover(c, positionOf(TEXT, '%0, %z', { delta: 1 }));
  assert.ok(inner.contents.value.includes('Inferred: `tensor<2x3xf32>`'), inner.contents.value);
  assert.ok(inner.contents.value.includes(`[tosa.add at 8:8](${URI}#L8)`), inner.contents.value);
  const fnArg = await hover(c, positionOf(TEXT, '%c: tensor', { delta: 1 }));
  assert.ok(fnArg.contents.value.startsWith('`%c`: `tensor<1x3xf32>`'), fnArg.contents.value);
  assert.ok(fnArg.contents.value.includes('Defined here (line 1), argument 2 of the function'), fnArg.contents.value);
  // A block argument: its declared type, no inference.
  const arg = await hover(c, positionOf(TEXT, '%z: tensor', { delta: 1 }));
  assert.ok(arg.contents.value.startsWith('`%z`: `tensor<1x3xf32>`'), arg.contents.value);
  assert.ok(arg.contents.value.includes('argument 0 of a block of [scf.execute_region at 9:8]'), arg.contents.value);
  assert.ok(!arg.contents.value.includes('Inferred'));
  await c.stop();
});

test('hover on a pretty op shows its values with their inferred shapes', async () => {
  const { c } = await opened();
  const h = await hover(c, positionOf(TEXT, '"tf.Maximum"', { delta: 2 }));
  const md = h.contents.value;
  assert.ok(md.includes('| `%0` | operand 0 | `tensor<*xf32>` | `tensor<2x3xf32>` |'), md);
  assert.ok(md.includes('| `%2` | result 0 | `tensor<*xf32>` | `tensor<2x3xf32>` |'), md);
  await c.stop();
});

test('hover on a pretty single-type op: the shape its operands infer', async () => {
  const text = [
    'func.func @s(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>, %c: tensor<4x5xf32>) {',
    '  %0 = stablehlo.add %c, %c : tensor<4x5xf32>',
    '  %1 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
    '  %2 = stablehlo.multiply %1, %1 : tensor<*xf32>',
    '  return',
    '}',
    '',
  ].join('\n');
  const { c } = await opened(text);
  const plain = await hover(c, positionOf(text, 'stablehlo.add', { delta: 3 }));
  assert.ok(plain, 'a hover');
  assert.ok(plain.contents.value.startsWith('**stablehlo.add** — rule `none`'), plain.contents.value);
  assert.ok(plain.contents.value.includes('Inferred result: `tensor<4x5xf32>`'), plain.contents.value);
  // Operands declared tensor<*xf32>, inferred 2x3: the op's shape is 2x3.
  const flowed = await hover(c, positionOf(text, 'stablehlo.multiply', { delta: 3 }));
  assert.ok(flowed.contents.value.includes('Inferred result: `tensor<2x3xf32>`'), flowed.contents.value);
  assert.ok(flowed.contents.value.includes('| `%1` | operand 0 | `tensor<*xf32>` | `tensor<2x3xf32>` |'), flowed.contents.value);
  assert.deepEqual(flowed.range, rangeOf(text, 'stablehlo.multiply'));
  await c.stop();
});

test('inlay hints: one ⇒ T after each refined definition, never two at a place', async () => {
  const { c } = await opened();
  const hints = await c.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: 15, character: 0 } } });
  const at = hints.map((h) => `${h.position.line}:${h.position.character}`);
  assert.equal(new Set(at).size, at.length, JSON.stringify(hints));
  const mul = hints.find((h) => h.position.line === 2);
  assert.ok(mul, JSON.stringify(hints));
  assert.equal(mul.label, '⇒ tensor<2x3xf32>');
  assert.deepEqual(mul.position, positionOf(TEXT, 'tensor<?x?xf32>\n', { delta: 15 }));
  assert.ok(mul.tooltip.includes('%1 is declared tensor<?x?xf32>'), mul.tooltip);
  const inner = hints.find((h) => h.position.line === 10);
  assert.equal(inner && inner.label, '⇒ tensor<2x3xf32>');
  await c.stop();
});

test('refine actions: one value, then all of a function; the result re-checks clean', async () => {
  const { c } = await opened();
  const at = positionOf(TEXT, '%1, %0', { delta: 1 });
  const actions = await c.request('textDocument/codeAction', { textDocument: td, range: { start: at, end: at }, context: { diagnostics: [] } });
  const one = actions.find((a) => a.title === 'Refine type of %1 to tensor<2x3xf32>');
  assert.ok(one, JSON.stringify(actions.map((a) => a.title)));
  const once = applyEdits(TEXT, one.edit.changes[URI]);
  assert.equal(once.split('\n')[2], '  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>');
  assert.equal(once.split('\n')[3], '  %2 = "tf.Sub"(%1, %0) : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>');
  const all = actions.find((a) => a.title === 'Refine all types in this function');
  assert.ok(all);
  assert.deepEqual([one.kind, all.kind], ['quickfix', 'quickfix']);
  // A client asking for quick fixes only gets them too; one asking for source actions does not.
  const fixesOnly = await c.request('textDocument/codeAction', { textDocument: td, range: { start: at, end: at }, context: { diagnostics: [], only: ['quickfix'] } });
  assert.ok(fixesOnly.some((a) => a.title === one.title), JSON.stringify(fixesOnly.map((a) => a.title)));
  const sourceOnly = await c.request('textDocument/codeAction', { textDocument: td, range: { start: at, end: at }, context: { diagnostics: [], only: ['source'] } });
  assert.deepEqual(sourceOnly, []);
  const refined = applyEdits(TEXT, all.edit.changes[URI]);
  const lines = refined.split('\n');
  assert.equal(lines[0], 'func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<1x3xf32>) -> tensor<2x3xf32> {');
  assert.equal(lines[3], '  %2 = "tf.Sub"(%1, %0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>');
  assert.equal(lines[4], '  return %2 : tensor<2x3xf32>');
  assert.equal(lines[7], TEXT.split('\n')[7], 'the other function is untouched');
  // The client applies the edit: no finding, and nothing left to refine in @f.
  c.change(URI, 2, all.edit.changes[URI].map((e) => ({ range: e.range, text: e.newText })).reverse());
  const p = await c.diagnostics(URI, (x) => x.version === 2);
  assert.deepEqual(p.diagnostics, []);
  const after = await c.request('textDocument/codeAction', { textDocument: td, range: { start: at, end: at }, context: { diagnostics: [] } });
  assert.ok(!after.some((a) => a.title.startsWith('Refine')), JSON.stringify(after.map((a) => a.title)));
  await c.stop();
});

test('no refine action where the rewritten file would not verify: a call, a pretty single-type use', async () => {
  const text = [
    'func.func @f(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) {',
    '  %0 = tosa.add %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
    '  %1 = func.call @g(%0) : (tensor<*xf32>) -> tensor<*xf32>',
    '  %2 = tosa.sub %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
    '  %3 = stablehlo.abs %2 : tensor<*xf32>',
    '  %4 = tosa.maximum %a, %b : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<*xf32>',
    '  return',
    '}',
    'func.func private @g(tensor<*xf32>) -> tensor<*xf32>',
    '',
  ].join('\n');
  const { c } = await opened(text);
  const titles = async (needle) => {
    const at = positionOf(text, needle, { delta: 1 });
    const r = await c.request('textDocument/codeAction', { textDocument: td, range: { start: at, end: at }, context: { diagnostics: [] } });
    return r.map((a) => a.title).filter((t) => t.startsWith('Refine'));
  };
  assert.deepEqual(await titles('%0 = tosa.add'), []);
  assert.deepEqual(await titles('%2 = tosa.sub'), []);
  // %4 has no such use: offered, and "all" rewrites only what can be rewritten.
  assert.deepEqual(await titles('%4 = tosa.maximum'), ['Refine type of %4 to tensor<2x3xf32>', 'Refine all types in this function']);
  await c.stop();
});

test('shapes --format=json lists what the hover shows', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-shapes-'));
  const file = path.join(dir, 'dataflow.mlir');
  fs.writeFileSync(file, TEXT);
  const out = JSON.parse(execFileSync(SERVER, ['shapes', '--format=json', file], { encoding: 'utf8' }));
  assert.equal(out.version, 1);
  const values = out.files[0].values;
  const v1 = values.find((v) => v.name === '%1' && v.range.start.line === 2);
  assert.deepEqual([v1.declared, v1.inferred, v1.refined, v1.op.name], ['tensor<?x?xf32>', 'tensor<2x3xf32>', true, 'tf.Mul']);
  const z = values.find((v) => v.name === '%z');
  assert.deepEqual([z.kind, z.index, z.refined, z.op], ['argument', 0, false, null]);
  const { c } = await opened();
  const hints = await c.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: 15, character: 0 } } });
  assert.equal(values.filter((v) => v.refined).length, hints.length);
  await c.stop();
  fs.rmSync(dir, { recursive: true });
});

test('a type mismatch is fixed from the stored finding, whatever its message says', async () => {
  const text = TEXT.replace('"tf.Sub"(%1, %0) : (tensor<?x?xf32>', '"tf.Sub"(%1, %0) : (tensor<?x5xf32>');
  const { c, diags } = await opened(text);
  const mm = diags.find((d) => d.code === 'type-mismatch');
  assert.ok(mm, JSON.stringify(diags));
  const forged = { ...mm, message: 'something else entirely' };
  const actions = await c.request('textDocument/codeAction', { textDocument: td, range: mm.range, context: { diagnostics: [forged] } });
  const fix = actions.find((a) => a.title === 'Change type to tensor<?x?xf32>');
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(applyEdits(text, fix.edit.changes[URI]), TEXT);
  await c.stop();
});

test('a propagated finding names its producer where it is now, after an edit moved its unit', async () => {
  const text = [
    'func.func @first(%x: tensor<2xf32>) {',
    '  return',
    '}',
    'func.func @f(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4xf32>) {',
    '  %0 = "tf.AddV2"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<*xf32>',
    '  %1 = "tf.Mul"(%0, %c) : (tensor<*xf32>, tensor<4xf32>) -> tensor<*xf32>',
    '  return',
    '}',
    '',
  ].join('\n');
  const { c, diags } = await opened(text);
  const before = diags.find((d) => d.code === 'propagated-shape-mismatch');
  assert.ok(before, JSON.stringify(diags));
  assert.match(before.message, /\(from "tf\.AddV2" at 5:8\)/);
  // Two lines typed into @first: @f moves down without being analysed again.
  c.change(URI, 2, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '  // one\n  // two\n' }]);
  const p = await c.diagnostics(URI, (x) => x.version === 2);
  const after = p.diagnostics.find((d) => d.code === 'propagated-shape-mismatch');
  assert.equal(after.range.start.line, before.range.start.line + 2);
  assert.match(after.message, /\(from "tf\.AddV2" at 7:8\)/, after.message);
  await c.stop();
});
