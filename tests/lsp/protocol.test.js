// protocol.test.js: cancellation and malformed messages written as raw
// bytes to the server's stdin; the server must answer and keep going.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { CancellationTokenSource } = require('vscode-languageserver-protocol/node');
const { cleanup, start, raw, withTimeout } = require('./client');
test.after(cleanup);

const init = (id = 1) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
const TEXT = 'func.func @f(%a: tensor<2xf32>) {\n  %0 = "test.broadcastable"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>\n  return\n}\n';

async function ready() {
  const r = raw();
  r.send(init());
  await r.wait((m) => m.id === 1);
  r.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
  return r;
}

async function stillAnswers(r, id) {
  r.send({ jsonrpc: '2.0', id, method: 'mlirShape/nothing' });
  const m = await r.wait((x) => x.id === id, `response ${id}`);
  assert.equal(m.error.code, -32601);
}

test('$/cancelRequest of a queued request -> -32800', async () => {
  const r = await ready();
  const uri = 'file:///c.mlir';
  const open = { jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'mlir', version: 1, text: TEXT } } };
  const hover = (id) => ({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 9 } } });
  // One write: the request is still queued when the cancellation arrives.
  r.write(Buffer.concat([r.frame(open), r.frame(hover(10)), r.frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 10 } }), r.frame(hover(11))]));
  const cancelled = await r.wait((m) => m.id === 10);
  assert.equal(cancelled.error.code, -32800);
  const ok = await r.wait((m) => m.id === 11);
  assert.match(ok.result.contents.value, /Inferred result: `tensor<2xf32>`/);
  // Cancelling an answered request changes nothing.
  r.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 11 } });
  await stillAnswers(r, 12);
  r.proc.kill();
});

test('cancellation through the client library: the error -32800 or the result', async () => {
  const c = await start();
  c.open('file:///c.mlir', TEXT, 1);
  const src = new CancellationTokenSource();
  const pending = c.conn.sendRequest('textDocument/hover', { textDocument: { uri: 'file:///c.mlir' }, position: { line: 1, character: 9 } }, src.token);
  src.cancel();
  const res = await withTimeout(pending.then((v) => ({ v }), (e) => ({ e })), 'cancelled hover');
  if (res.e) assert.equal(res.e.code, -32800);
  else assert.ok(res.v === null || res.v.contents);
  await c.stop();
});

test('bad JSON body -> -32700 with id null, then the server keeps answering', async () => {
  const r = await ready();
  r.write(r.frame('{"jsonrpc":"2.0","id":5,"method":'));
  const m = await r.wait((x) => x.error && x.error.code === -32700);
  assert.equal(m.id, null);
  await stillAnswers(r, 6);
  r.proc.kill();
});

test('invalid requests -> -32600', async () => {
  const r = await ready();
  r.write(r.frame('{"jsonrpc":"2.0","id":7,"method":42}'));
  assert.equal((await r.wait((x) => x.id === 7)).error.code, -32600);
  r.write(r.frame('[1,2,3]'));
  await r.wait((x) => x.error && x.error.code === -32600 && x.id === null, 'invalid request for an array');
  r.write(r.frame('"just a string"'));
  await stillAnswers(r, 8);
  r.proc.kill();
});

test('garbage header, missing or bad Content-Length, byte-by-byte header: no crash', async () => {
  const r = await ready();
  r.write('this is not a header\r\n\r\n');
  r.write('X-Other: 1\r\n\r\n');
  await stillAnswers(r, 20);
  r.write('Content-Length: abc\r\n\r\n');
  await stillAnswers(r, 21);
  // Split across writes, one byte at a time for the header.
  const bytes = r.frame({ jsonrpc: '2.0', id: 22, method: 'mlirShape/nothing' });
  for (const b of bytes.subarray(0, 20)) r.write(Buffer.from([b]));
  r.write(bytes.subarray(20));
  assert.equal((await r.wait((x) => x.id === 22)).error.code, -32601);
  assert.equal(r.proc.exitCode, null, 'still running');
  r.send({ jsonrpc: '2.0', id: 23, method: 'shutdown' });
  await r.wait((x) => x.id === 23);
  r.send({ jsonrpc: '2.0', method: 'exit' });
  assert.equal((await withTimeout(r.proc.exited, 'exit')).code, 0);
});
