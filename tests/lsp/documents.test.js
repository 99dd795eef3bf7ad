// documents.test.js: publishDiagnostics on open and after incremental
// edits (including edits inside multi-byte text), exact ranges, versions,
// relatedInformation, in both position encodings.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start, rangeOf, positionOf } = require('./client');
test.after(cleanup);

const URI = 'file:///tmp/mlir-shape-lsp/doc.mlir';
const TEXT = [
  'func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {',
  '  // naïve 😀 comment',
  '  %0 = "test.broadcastable"(%a, %b) {note = "é😀"} : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>',
  '  return %0 : tensor<3xi32>',
  '}',
  '',
].join('\n');

const MESSAGE = 'operands %a and %b are not broadcast-compatible: dim 0 is 3 in %a but 2 in %b';

for (const enc of ['utf-16', 'utf-8']) {
  test(`diagnostics on open and after incremental edits (${enc})`, async () => {
    const c = await start({ encodings: enc === 'utf-8' ? ['utf-8'] : undefined });
    assert.equal(c.init.capabilities.positionEncoding, enc);
    c.open(URI, TEXT, 1);
    let p = await c.diagnostics(URI, (x) => x.version === 1);
    assert.equal(p.diagnostics.length, 1, JSON.stringify(p));
    let d = p.diagnostics[0];
    assert.equal(d.source, 'mlir-shape');
    assert.equal(d.code, 'incompatible-dims');
    assert.equal(d.severity, 1);
    assert.equal(d.message, MESSAGE);
    // The second operand's type in the signature, after the non-ASCII text.
    assert.deepEqual(d.range, rangeOf(TEXT, 'tensor<2xi32>', { nth: 1, enc }));
    assert.equal(d.relatedInformation.length, 1);
    assert.equal(d.relatedInformation[0].location.uri, URI);
    assert.deepEqual(d.relatedInformation[0].location.range.start, positionOf(TEXT, 'tensor<3xi32>, tensor<2', { enc }));

    // Edit 1: replace the 😀 inside the string on line 2 by "xyz" (the
    // range is in the middle of multi-byte text: after é).
    let text = TEXT;
    const at = text.indexOf('😀"');
    const from = positionOf(text, '😀"', { enc });
    const to = positionOf(text, '"} :', { enc });
    c.change(URI, 2, [{ range: { start: from, end: to }, text: 'xyz' }]);
    text = text.slice(0, at) + 'xyz' + text.slice(at + '😀'.length);
    p = await c.diagnostics(URI, (x) => x.version === 2);
    assert.equal(p.diagnostics.length, 1);
    assert.deepEqual(p.diagnostics[0].range, rangeOf(text, 'tensor<2xi32>', { nth: 1, enc }));

    // Edit 2: fix the operand type and the op's signature: no diagnostics.
    const s2 = positionOf(text, '%b: tensor<2xi32>', { enc, delta: 11 });
    c.change(URI, 3, [
      { range: { start: s2, end: { line: s2.line, character: s2.character + 1 } }, text: '3' },
    ]);
    text = text.replace('%b: tensor<2xi32>', '%b: tensor<3xi32>');
    p = await c.diagnostics(URI, (x) => x.version === 3);
    // The use's type (tensor<2xi32>) now disagrees with its definition.
    assert.equal(p.diagnostics.length, 2, JSON.stringify(p.diagnostics));
    const mm = p.diagnostics.find((x) => x.code === 'type-mismatch');
    assert.ok(mm);
    assert.equal(mm.message, '%b is used as tensor<2xi32> but defined as tensor<3xi32>');
    assert.deepEqual(mm.relatedInformation[0].location.range, {
      start: positionOf(text, '%b:', { enc }), end: positionOf(text, '%b:', { enc, delta: 2 }),
    });
    const s3 = positionOf(text, 'tensor<2xi32>)', { enc, delta: 7 });
    c.change(URI, 4, [{ range: { start: s3, end: { line: s3.line, character: s3.character + 1 } }, text: '3' }]);
    p = await c.diagnostics(URI, (x) => x.version === 4);
    assert.deepEqual(p.diagnostics, []);

    // Edit 3: two changes in one didChange, the second relative to the first.
    c.change(URI, 5, [
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '  // ü\n' },
      { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: '  %9 = "broken(\n' },
    ]);
    p = await c.diagnostics(URI, (x) => x.version === 5);
    assert.ok(p.diagnostics.length >= 1);
    assert.ok(p.diagnostics.every((x) => x.code === 'syntax-error'), JSON.stringify(p.diagnostics));
    assert.equal(p.diagnostics[0].range.start.line, 4);

    // didClose clears the diagnostics.
    c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
    p = await c.diagnostics(URI, (x) => x.diagnostics.length === 0, { fresh: true });
    assert.equal(p.diagnostics.length, 0);
    assert.equal((await c.stop()).code, 0);
  });
}

test('full-text change and version numbers', async () => {
  const c = await start();
  c.open(URI, 'func.func @f() {\n  return\n}\n', 7);
  let p = await c.diagnostics(URI, (x) => x.version === 7);
  assert.deepEqual(p.diagnostics, []);
  c.change(URI, 8, [{ text: TEXT }]);
  p = await c.diagnostics(URI, (x) => x.version === 8);
  assert.equal(p.diagnostics.length, 1);
  assert.equal(p.diagnostics[0].message, MESSAGE);
  await c.stop();
});
