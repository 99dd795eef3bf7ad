// config.test.js: configuration through initializationOptions {rules,
// strict, severity}, workspace/didChangeConfiguration, the server's
// workspace/configuration request, and the workspace's .mlir-shape.json
// (picked up, broken -> a diagnostic on it while the last good rules stay,
// reloaded on workspace/didChangeWatchedFiles).
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { cleanup, start, workspace, uriOf } = require('./client');
test.after(cleanup);

const catalog = (rule) => JSON.stringify({
  version: 1, family: 'user', description: 'test rules',
  ops: [{ match: 'my.add', description: `my.add is ${rule}`, rule }],
}, null, 2);
// 3 vs 2: incompatible under numpy; under `none` a shape mismatch.
const TEXT = 'func.func @f(%a: tensor<3xf32>, %b: tensor<2xf32>) {\n' +
  '  %0 = "my.add"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n  return\n}\n';
const codes = (p) => p.diagnostics.map((d) => `${d.code}/${d.severity}`).sort();

test('initializationOptions: rules and severity', async () => {
  const dir = workspace({ 'rules.json': catalog('numpy') });
  const uri = uriOf(path.join(dir, 'a.mlir'));
  const c = await start({ root: dir, initializationOptions: { rules: ['rules.json'], strict: false, severity: { 'incompatible-dims': 'warning' } } });
  c.open(uri, TEXT);
  const p = await c.diagnostics(uri, (x) => x.diagnostics.length > 0);
  assert.deepEqual(codes(p), ['incompatible-dims/2']);
  assert.match(p.diagnostics[0].message, /dim 0 is 3 in %a but 2 in %b/);
  await c.stop();
});

test('without rules for the op: no diagnostics; didChangeConfiguration adds them', async () => {
  const dir = workspace({ 'rules.json': catalog('numpy') });
  const uri = uriOf(path.join(dir, 'a.mlir'));
  const c = await start({ root: dir });
  c.open(uri, TEXT, 1);
  assert.deepEqual((await c.diagnostics(uri, (x) => x.version === 1)).diagnostics, []);
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { rules: ['rules.json'], severity: { 'incompatible-dims': 'hint' } } } });
  const p = await c.diagnostics(uri, (x) => x.diagnostics.length > 0, { fresh: true });
  assert.deepEqual(codes(p), ['incompatible-dims/4']);
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { rules: ['rules.json'], severity: { 'incompatible-dims': 'off' } } } });
  assert.deepEqual((await c.diagnostics(uri, (x) => x.diagnostics.length === 0, { fresh: true })).diagnostics, []);
  await c.stop();
});

test('workspace/configuration: the server asks, the client answers', async () => {
  const dir = workspace({ 'rules.json': catalog('numpy') });
  const uri = uriOf(path.join(dir, 'a.mlir'));
  const c = await start({ root: dir, configuration: { rules: ['rules.json'], severity: { 'incompatible-dims': 'information' } } });
  c.open(uri, TEXT, 1);
  const p = await c.diagnostics(uri, (x) => x.diagnostics.length > 0);
  assert.ok(c.configurationRequests >= 1);
  assert.deepEqual(codes(p), ['incompatible-dims/3']);
  // A change notification makes the server ask again.
  const before = c.configurationRequests;
  c.configuration = { rules: ['rules.json'], severity: { 'incompatible-dims': 'error' } };
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
  const p2 = await c.diagnostics(uri, (x) => x.diagnostics.some((d) => d.severity === 1), { fresh: true });
  assert.ok(c.configurationRequests > before);
  assert.deepEqual(codes(p2), ['incompatible-dims/1']);
  await c.stop();
});

test('.mlir-shape.json: picked up, broken one reported while the last good rules stay, reload', async () => {
  const dir = workspace({ '.mlir-shape.json': catalog('numpy') });
  const cfg = path.join(dir, '.mlir-shape.json');
  const cfgUri = uriOf(cfg);
  const uri = uriOf(path.join(dir, 'a.mlir'));
  const c = await start({ root: dir, watch: true });
  c.open(uri, TEXT, 1);
  let p = await c.diagnostics(uri, (x) => x.diagnostics.length > 0);
  assert.deepEqual(codes(p), ['incompatible-dims/1']);
  assert.ok(c.registrations.some((r) => r.method === 'workspace/didChangeWatchedFiles'), 'the server watches .mlir-shape.json');

  // Broken: a diagnostic on the file, and the numpy rule stays in use.
  fs.writeFileSync(cfg, '{"version": 1, "ops": [\n  {"match": "my.add", "rule": "nosuchrule"}\n]}\n');
  c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfgUri, type: 2 }] });
  const broken = await c.diagnostics(cfgUri, (x) => x.diagnostics.length > 0);
  assert.equal(broken.diagnostics[0].code, 'catalog-error');
  assert.equal(broken.diagnostics[0].severity, 1);
  assert.ok(broken.diagnostics[0].range.start.line >= 0);
  const hover = await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 9 } });
  assert.match(hover.contents.value, /rule `numpy`/);

  // Fixed with another rule: the file's diagnostics clear, the new rule applies.
  fs.writeFileSync(cfg, catalog('none'));
  c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfgUri, type: 2 }] });
  const clean = await c.diagnostics(cfgUri, (x) => x.diagnostics.length === 0, { fresh: true });
  assert.deepEqual(clean.diagnostics, []);
  p = await c.diagnostics(uri, (x) => x.diagnostics.some((d) => d.code === 'shape-mismatch'), { fresh: true });
  assert.ok(p.diagnostics.every((d) => d.code !== 'incompatible-dims'), JSON.stringify(p.diagnostics));
  await c.stop();
});

// The document's profile: what mlir-opt-22 accepts with a warning is an
// error under `strict`, and the severity `off` drops a code entirely.
test('strict profile and severity off', async () => {
  const text = 'func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) {\n' +
    '  %0 = "test.broadcastable"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>\n  return\n}\n';
  const uri = 'file:///tmp/mlir-shape-lsp/strict.mlir';
  const c = await start({});
  c.open(uri, text, 1);
  assert.deepEqual(codes(await c.diagnostics(uri, (x) => x.version === 1)), ['dynamic-to-static/2']);
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { strict: true } } });
  let p = await c.diagnostics(uri, (x) => x.diagnostics.some((d) => d.severity === 1), { fresh: true });
  assert.deepEqual(codes(p), ['dynamic-to-static/1']);
  c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { strict: true, severity: { 'dynamic-to-static': 'off' } } } });
  p = await c.diagnostics(uri, (x) => x.diagnostics.length === 0, { fresh: true });
  assert.deepEqual(p.diagnostics, []);
  await c.stop();
});
