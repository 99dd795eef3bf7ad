// lifecycle.test.js: initialize (capabilities, serverInfo, position
// encoding negotiation), requests before initialize, unknown methods,
// shutdown/exit exit codes.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { cleanup, start, raw, withTimeout } = require('./client');
test.after(cleanup);

test('initialize: capabilities, serverInfo, utf-16 by default', async () => {
  const c = await start();
  const caps = c.init.capabilities;
  assert.equal(caps.positionEncoding, 'utf-16');
  assert.equal(c.init.serverInfo.name, 'mlir-shape');
  assert.match(c.init.serverInfo.version, /^\d+\.\d+\.\d+/);
  for (const p of ['hoverProvider', 'inlayHintProvider', 'definitionProvider', 'referencesProvider',
    'documentHighlightProvider', 'documentSymbolProvider', 'foldingRangeProvider']) assert.ok(caps[p], p);
  assert.deepEqual(caps.codeActionProvider.codeActionKinds, ['quickfix']);
  assert.equal(caps.textDocumentSync.openClose, true);
  assert.equal(caps.textDocumentSync.change, 2, 'incremental sync');
  assert.equal((await c.stop()).code, 0);
});

test('initialize: utf-8 when the client offers it, utf-16 when it offers only utf-16/utf-32', async () => {
  const c8 = await start({ encodings: ['utf-8', 'utf-16'] });
  assert.equal(c8.init.capabilities.positionEncoding, 'utf-8');
  await c8.stop();
  const c16 = await start({ encodings: ['utf-32', 'utf-16'] });
  assert.equal(c16.init.capabilities.positionEncoding, 'utf-16');
  await c16.stop();
});

test('requests before initialize get -32002; notifications are ignored', async () => {
  const r = raw();
  r.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///x.mlir', languageId: 'mlir', version: 1, text: '' } } });
  r.send({ jsonrpc: '2.0', id: 1, method: 'textDocument/hover', params: { textDocument: { uri: 'file:///x.mlir' }, position: { line: 0, character: 0 } } });
  const resp = await r.wait((m) => m.id === 1);
  assert.equal(resp.error.code, -32002);
  r.send({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  const init = await r.wait((m) => m.id === 2);
  assert.ok(init.result.capabilities);
  r.send({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  assert.ok((await r.wait((m) => m.id === 3)).error, 'a second initialize is an error');
  r.send({ jsonrpc: '2.0', id: 4, method: 'shutdown' });
  await r.wait((m) => m.id === 4);
  r.send({ jsonrpc: '2.0', method: 'exit' });
  assert.equal((await withTimeout(r.proc.exited, 'exit')).code, 0);
});

test('unknown method -> -32601, the server keeps answering', async () => {
  const c = await start();
  await assert.rejects(c.request('mlirShape/noSuchThing', {}), (e) => e.code === -32601);
  const s = await c.request('textDocument/hover', { textDocument: { uri: 'file:///nope.mlir' }, position: { line: 0, character: 0 } })
    .catch((e) => e);
  assert.ok(s === null || s.code === -32602, 'hover on a closed document: null or invalid params');
  assert.equal((await c.stop()).code, 0);
});

test('requests after shutdown are invalid; exit then ends with 0', async () => {
  const r = raw();
  r.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await r.wait((m) => m.id === 1);
  r.send({ jsonrpc: '2.0', id: 2, method: 'shutdown' });
  assert.equal((await r.wait((m) => m.id === 2)).result, null);
  r.send({ jsonrpc: '2.0', id: 3, method: 'textDocument/documentSymbol', params: { textDocument: { uri: 'file:///a.mlir' } } });
  assert.equal((await r.wait((m) => m.id === 3)).error.code, -32600);
  r.send({ jsonrpc: '2.0', method: 'exit' });
  assert.equal((await withTimeout(r.proc.exited, 'exit')).code, 0);
});

test('exit without shutdown -> exit code 1', async () => {
  const c = await start();
  c.conn.sendNotification('exit');
  const { code } = await c.proc.exited;
  assert.equal(code, 1);
  c.conn.dispose();
});

test('end of input without exit: the server stops (exit code 1)', async () => {
  const r = raw();
  r.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
  await r.wait((m) => m.id === 1);
  r.proc.stdin.end();
  assert.equal((await withTimeout(r.proc.exited, 'exit')).code, 1);
});
