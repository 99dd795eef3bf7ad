// inferred.test.js: unit tests (node:test) of inferred.js, the conversion of
// the server's inferred-shape and hover answers into notification text.
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { inferredToText, hoverToText, squeeze } = require('../src/inferred');

test('inferred shape with a rule', () => {
  const r = inferredToText({ type: 'tensor<2x3xi32>', rule: 'tosa', markdown: '**md**' });
  assert.strictEqual(r.text, 'inferred result tensor<2x3xi32> (rule tosa)');
  assert.strictEqual(r.markdown, '**md**');
});

test('inferred shape without a type is no answer', () => {
  assert.strictEqual(inferredToText({ rule: 'x' }).text, undefined);
  assert.strictEqual(inferredToText(/** @type {any} */ (null)).text, undefined);
});

test('hover: MarkupContent, MarkedString and arrays', () => {
  assert.strictEqual(hoverToText({ kind: 'markdown', value: 'Inferred result: `tensor<2x3xi32>`' }).text,
    'Inferred result: tensor<2x3xi32>');
  const arr = hoverToText(['plain', { language: 'mlir', value: '%0 = "a.b"()' }]);
  assert.strictEqual(arr.text, 'plain %0 = "a.b"()');
  assert.match(String(arr.markdown), /```mlir\n%0 = "a.b"\(\)\n```/);
  assert.strictEqual(hoverToText([]).text, undefined);
});

test('squeeze drops table rules and markup, keeps the cells', () => {
  const md = '| dim | %a |\n|---|---|\n| 0 | 2 |';
  assert.strictEqual(squeeze(md), 'dim %a 0 2');
});

test('long hovers are cut for a notification', () => {
  const r = hoverToText('x'.repeat(400));
  assert.strictEqual(String(r.text).length, 300);
  assert.ok(String(r.text).endsWith('...'));
});
