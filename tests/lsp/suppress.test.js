// suppress.test.js: suppression comments (// mlir-shape-disable-next-line,
// -disable-line, -disable/-enable) and the workspace .mlir-shape.json's
// "severity"/"ignore" apply to published diagnostics as they do in
// `mlir-shape check`; a client severity setting overrides the file.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const path = require('path');
const { cleanup, start, workspace, uriOf } = require('./client');
test.after(cleanup);

const OP = (r) => `"test.broadcastable"(%a, %b) : (tensor<4x3xf32>, tensor<4xf32>) -> tensor<${r}xf32>`;
const TEXT = 'func.func @f(%a: tensor<4x3xf32>, %b: tensor<4xf32>) {\n' +
  '  // mlir-shape-disable-next-line incompatible-dims\n' +
  `  %0 = ${OP('4x3')}\n` +
  `  %1 = ${OP('4x3')} // mlir-shape-disable-line\n` +
  '  // mlir-shape-disable incompatible-dims\n' +
  `  %2 = ${OP('4x3')}\n` +
  '  // mlir-shape-enable incompatible-dims\n' +
  `  %3 = ${OP('4x3')}\n` +
  '  // mlir-shape-disable-next-line result-dim\n' +
  `  %4 = ${OP('4x3')}\n` +
  '  return\n}\n';
const summary = (p) => p.diagnostics.map((d) => `${d.range.start.line}:${d.code}/${d.severity}`).sort();

test('suppression comments: three forms and an unused one', async () => {
  const dir = workspace({});
  const uri = uriOf(path.join(dir, 'a.mlir'));
  const c = await start({ root: dir });
  c.open(uri, TEXT, 1);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  // %3 (line 7) is reported; %4's directive names a code %4 does not have,
  // so %4 is reported and the directive (line 8) is unused.
  assert.deepEqual(summary(p), ['7:incompatible-dims/1', '8:unused-suppression/2', '9:incompatible-dims/1']);
  // An edit that removes a directive brings its finding back.
  c.change(uri, 2, [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' }]);
  const p2 = await c.diagnostics(uri, (x) => x.version === 2);
  assert.ok(summary(p2).includes('1:incompatible-dims/1'), JSON.stringify(summary(p2)));
  await c.stop();
});

test('.mlir-shape.json severity and ignore; the client setting wins', async () => {
  const dir = workspace({ '.mlir-shape.json': JSON.stringify({ severity: { 'incompatible-dims': 'warning' }, ignore: ['unused-suppression'] }) });
  const uri = uriOf(path.join(dir, 'a.mlir'));
  let c = await start({ root: dir });
  c.open(uri, TEXT, 1);
  let p = await c.diagnostics(uri, (x) => x.version === 1);
  assert.deepEqual(summary(p), ['7:incompatible-dims/2', '9:incompatible-dims/2']);
  await c.stop();
  c = await start({ root: dir, initializationOptions: { severity: { 'incompatible-dims': 'hint' } } });
  c.open(uri, TEXT, 1);
  p = await c.diagnostics(uri, (x) => x.version === 1);
  assert.deepEqual(summary(p), ['7:incompatible-dims/4', '9:incompatible-dims/4']);
  await c.stop();
});
