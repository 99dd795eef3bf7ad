// hostile.test.js: hostile input. Each test sends something an LSP server
// must survive (invalid UTF-8, NUL, absurd Content-Length, truncation, deep
// nesting, huge ranks and numbers, bad attributes, out-of-range positions,
// unknown documents, huge or deep rule files), checks the expected
// behaviour, and then checks that the server still answers a normal
// request correctly. The raw tests write bytes to the server's stdin and
// parse its output frames themselves: every body must be valid UTF-8
// (TextDecoder fatal) and valid JSON. Large inputs are generated into a
// temporary directory at test time.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { cleanup, start, workspace, positionOf, rangeOf, withTimeout, SERVER } = require('./client');

// ---- a raw client that checks every output frame ---------------------------

const procs = [];
test.after(() => {
  cleanup();
  for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
});

function rssMB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? parseInt(m[1], 10) / 1024 : 0;
  } catch (e) { return 0; }
}

const asBuffer = (x) => (Buffer.isBuffer(x) ? x : Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)));
const frame = (body) => {
  const b = asBuffer(body);
  return Buffer.concat([Buffer.from(`Content-Length: ${b.length}\r\n\r\n`), b]);
};
// A body made of strings and byte buffers (raw bytes inside JSON strings).
const bytes = (...parts) => Buffer.concat(parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p))));

function rawServer() {
  const proc = spawn(SERVER, ['lsp'], { stdio: ['pipe', 'pipe', 'pipe'], cwd: os.tmpdir() });
  procs.push(proc);
  proc.stdin.on('error', () => {});
  let stderr = '';
  proc.stderr.on('data', (d) => { if (stderr.length < 20000) stderr += d; });
  const exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  const r = { proc, exited, messages: [], bad: [], stderr: () => stderr };
  const waiters = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let chunks = [], have = 0;
  proc.stdout.on('data', (d) => {
    chunks.push(d);
    have += d.length;
    let buf = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, have);
    for (;;) {
      const sep = buf.indexOf('\r\n\r\n');
      if (sep < 0) break;
      const header = buf.subarray(0, sep).toString('latin1');
      const m = /^Content-Length: *(\d+)$/im.exec(header);
      if (!m) {
        r.bad.push(`a frame without Content-Length: ${JSON.stringify(header.slice(0, 200))}`);
        buf = buf.subarray(sep + 4);
        continue;
      }
      const len = parseInt(m[1], 10);
      if (buf.length < sep + 4 + len) break;
      const body = buf.subarray(sep + 4, sep + 4 + len);
      buf = buf.subarray(sep + 4 + len);
      let msg;
      try {
        msg = JSON.parse(decoder.decode(body));
      } catch (e) {
        r.bad.push(`${e.name}: ${e.message} in ${JSON.stringify(body.toString('latin1').slice(0, 300))}`);
        continue;
      }
      r.messages.push(msg);
      for (const w of waiters.slice()) if (w.pred(msg)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(msg); }
    }
    chunks = buf.length ? [Buffer.from(buf)] : [];
    have = buf.length;
  });
  r.write = (b) => proc.stdin.write(asBuffer(b));
  r.send = (body) => proc.stdin.write(frame(body));
  r.mark = () => r.messages.length;
  // The first message from index `since` on that satisfies pred; fails at
  // once if the server exits meanwhile.
  r.wait = (pred, what, { since = 0, ms = 10000 } = {}) => {
    const found = r.messages.slice(since).find(pred);
    if (found) return Promise.resolve(found);
    let w;
    const p = new Promise((resolve) => { w = { pred, resolve }; waiters.push(w); });
    const died = exited.then(({ code, signal }) => {
      throw new Error(`the server exited (code ${code}, signal ${signal}) while waiting for ${what}; stderr: ${stderr.slice(-500)}`);
    });
    return withTimeout(Promise.race([p, died]), what, ms).finally(() => {
      const i = waiters.indexOf(w);
      if (i >= 0) waiters.splice(i, 1);
    });
  };
  r.request = async (id, method, params, what) => {
    const since = r.mark();
    r.send({ jsonrpc: '2.0', id, method, params });
    return r.wait((m) => m.id === id && !m.method, what || `the response to ${method} (${id})`, { since });
  };
  r.notify = (method, params) => r.send({ jsonrpc: '2.0', method, params });
  r.diagnostics = (uri, version, { since = 0, ms } = {}) => r.wait(
    (m) => m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri && (version === undefined || m.params.version === version),
    `publishDiagnostics of ${uri}${version === undefined ? '' : ` version ${version}`}`, { since, ms });
  r.init = async () => {
    const res = await r.request('init', 'initialize', { processId: null, rootUri: null, capabilities: {} });
    assert.ok(res.result && res.result.capabilities, 'initialize answered');
    r.notify('initialized', {});
  };
  // Every output frame so far was valid UTF-8 and JSON.
  r.checkOutput = () => assert.deepEqual(r.bad, [], 'every output body is valid UTF-8 and valid JSON');
  return r;
}

// ---- the normal request each test ends with ----------------------------------

const CHECK = [
  'func.func @check(%a: tensor<3xi32>, %b: tensor<2xi32>) {',
  '  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>',
  '  return',
  '}',
  '',
].join('\n');
const CHECK_OP = positionOf(CHECK, 'test.broadcastable', { delta: 3 });
let checks = 0;

function checkResults(diags, hover, symbols) {
  assert.deepEqual(diags.map((d) => d.code), ['incompatible-dims'], JSON.stringify(diags));
  assert.deepEqual(diags[0].range, rangeOf(CHECK, 'tensor<2xi32>', { nth: 1 }));
  assert.match(hover.contents.value, /^\*\*test\.broadcastable\*\* — rule `mlir`/);
  assert.match(hover.contents.value, /\| 0 \| 3 \| 2 \| – \| – \| 3 vs 2: mismatch \|/);
  assert.deepEqual(symbols.map((s) => s.name), ['@check']);
}

// Raw: a fresh document gets its diagnostics, a hover and its symbols.
async function stillServes(r) {
  const uri = `file:///tmp/mlir-shape-hostile/check-${++checks}.mlir`;
  const since = r.mark();
  r.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version: 1, text: CHECK } });
  const p = await r.diagnostics(uri, 1, { since });
  const h = await r.request(`hover-${checks}`, 'textDocument/hover', { textDocument: { uri }, position: CHECK_OP });
  const s = await r.request(`symbols-${checks}`, 'textDocument/documentSymbol', { textDocument: { uri } });
  checkResults(p.params.diagnostics, h.result, s.result);
  r.notify('textDocument/didClose', { textDocument: { uri } });
  r.checkOutput();
}

// Through the client library.
async function stillServesClient(c) {
  const uri = `file:///tmp/mlir-shape-hostile/check-${++checks}.mlir`;
  c.open(uri, CHECK, 1);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  const h = await c.request('textDocument/hover', { textDocument: { uri }, position: CHECK_OP });
  const s = await c.request('textDocument/documentSymbol', { textDocument: { uri } });
  checkResults(p.diagnostics, h, s);
  c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
}

// Window messages, collected (client.js drops them).
function collectLogs(c) {
  c.logs = [];
  c.conn.onNotification('window/logMessage', (p) => c.logs.push(p));
  c.conn.onNotification('window/showMessage', (p) => c.logs.push(p));
  c.waitLog = (pred, what, ms = 10000) => withTimeout(new Promise((resolve) => {
    const t = setInterval(() => {
      const l = c.logs.find(pred);
      if (l) { clearInterval(t); resolve(l); }
    }, 10);
  }), what, ms);
}

const tmpdir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-hostile-'));

// ---- a. invalid UTF-8 -----------------------------------------------------------

test('a. invalid UTF-8 in a document, a method name, a URI and an id: valid UTF-8 out, U+FFFD for the bad bytes', async () => {
  const r = rawServer();
  await r.init();
  const uri = 'file:///tmp/mlir-shape-hostile/utf8.mlir';
  const FFFE = Buffer.from([0xFF, 0xFE]);
  const garbage = [FFFE, Buffer.from([0xE2, 0x82]), Buffer.from([0xC0, 0xAF]), Buffer.from([0xED, 0xA0, 0x80]), Buffer.from([0xF4, 0x90, 0x80, 0x80])];
  // Line 1 holds 0xFF 0xFE in a string before the checked types; line 4 is
  // garbage (a syntax error whose message quotes the bad bytes).
  const body = bytes(
    '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"', uri,
    '","languageId":"mlir","version":1,"text":"',
    'func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) {\\n',
    '  %0 = \\"test.broadcastable\\"(%a, %b) {note = \\"', FFFE, '\\"} : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>\\n',
    '  return\\n}\\n',
    garbage[0], 'x', garbage[1], 'y ', garbage[2], ' ', garbage[3], ' ', garbage[4], '\\n',
    '"}}}');
  r.send(body);
  const p = (await r.diagnostics(uri, 1)).params.diagnostics;
  // What a client sees: each of 0xFF and 0xFE decodes to one U+FFFD, one
  // UTF-16 unit, as the server counts an invalid byte.
  const seen = new TextDecoder().decode(body).split('"text":"')[1].replace(/\\n/g, '\n').replace(/\\"/g, '"');
  const dims = p.find((d) => d.code === 'incompatible-dims');
  assert.ok(dims, JSON.stringify(p));
  assert.deepEqual(dims.range, rangeOf(seen, 'tensor<2xi32>', { nth: 1 }));
  const syntax = p.filter((d) => d.code === 'syntax-error');
  assert.ok(syntax.length >= 1, JSON.stringify(p));
  assert.equal(syntax[0].range.start.line, 4);
  assert.ok(syntax.some((d) => d.message.includes('\uFFFD')), `a syntax error quotes the bad bytes as U+FFFD: ${JSON.stringify(syntax)}`);

  // A method name with bad bytes: -32601, whose message quotes it.
  const since = r.mark();
  r.send(bytes('{"jsonrpc":"2.0","id":6,"method":"textDocument/ho', FFFE, 'ver","params":{}}'));
  const m = await r.wait((x) => x.id === 6, 'the response to a bad method name', { since });
  assert.equal(m.error.code, -32601);
  assert.ok(m.error.message.includes('\uFFFD'), m.error.message);
  // A URI with bad bytes: diagnostics for it, the URI repaired.
  r.send(bytes('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/mlir-shape-hostile/bad',
    Buffer.from([0xFF, 0xC3]), '.mlir","languageId":"mlir","version":3,"text":', JSON.stringify(CHECK), '}}}'));
  const bad = await r.wait((x) => x.method === 'textDocument/publishDiagnostics' && x.params.version === 3, 'diagnostics of the bad URI');
  assert.ok(bad.params.uri.includes('\uFFFD'), bad.params.uri);
  assert.deepEqual(bad.params.diagnostics.map((d) => d.code), ['incompatible-dims']);
  // A string id with bad bytes: answered, the id repaired.
  r.send(bytes('{"jsonrpc":"2.0","id":"id', FFFE, '","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"', uri, '"}}}'));
  const sym = await r.wait((x) => typeof x.id === 'string' && x.id.startsWith('id\uFFFD'), 'the response to a bad id');
  assert.deepEqual(sym.result.map((s) => s.name), ['@f']);
  await stillServes(r);
  r.checkOutput();
  r.proc.kill();
});

// ---- b. NUL -----------------------------------------------------------------------

// A NUL in a comment (line 1) and in a string before the checked types
// (line 2): the finding on line 2 must keep its line and column (U+0000 and
// U+001A are one UTF-16 unit, one byte).
const NUL_TEXT = [
  'func.func @f(%a: tensor<3xi32>, %b: tensor<2xi32>) {',
  '  // a \u0000 in a comment',
  '  %0 = "test.broadcastable"(%a, %b) {note = "x\u0000y"} : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>',
  '  return',
  '}',
  '',
].join('\n');

test('b. NUL as \\u0000 in didOpen and didChange text: the document is not cut, positions stay right', async () => {
  const r = rawServer();
  await r.init();
  const uri = 'file:///tmp/mlir-shape-hostile/nul.mlir';
  r.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version: 1, text: NUL_TEXT } });
  let p = (await r.diagnostics(uri, 1)).params.diagnostics;
  let d = p.find((x) => x.code === 'incompatible-dims');
  assert.ok(d, `the finding after the NUL is reported: ${JSON.stringify(p)}`);
  assert.deepEqual(d.range, rangeOf(NUL_TEXT, 'tensor<2xi32>', { nth: 1 }));

  // Insert NULs before the finding: a new line, and two in the string.
  let text = NUL_TEXT;
  const at = positionOf(text, 'y"}');
  r.notify('textDocument/didChange', {
    textDocument: { uri, version: 2 },
    contentChanges: [
      { range: { start: at, end: at }, text: '\u0000\u0000' },
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '  // \u0000\u0000\n' },
    ],
  });
  text = text.replace('y"}', '\u0000\u0000y"}').replace('  // a \u0000', '  // \u0000\u0000\n  // a \u0000');
  p = (await r.diagnostics(uri, 2)).params.diagnostics;
  d = p.find((x) => x.code === 'incompatible-dims');
  assert.ok(d, JSON.stringify(p));
  assert.equal(d.range.start.line, 3);
  assert.deepEqual(d.range, rangeOf(text, 'tensor<2xi32>', { nth: 1 }));
  assert.deepEqual(d.relatedInformation[0].location.range.start, positionOf(text, 'tensor<3xi32>, tensor<2'));
  await stillServes(r);
  r.proc.kill();
});

test('b. raw NUL bytes inside the didOpen text string: read as U+001A like \\u0000, the document is not cut', async () => {
  const r = rawServer();
  await r.init();
  const uri = 'file:///tmp/mlir-shape-hostile/rawnul.mlir';
  const json = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'mlir', version: 1, text: NUL_TEXT.replace(/\u0000/g, '@NUL@') } } });
  const parts = json.split('@NUL@');
  r.send(bytes(...parts.flatMap((x, i) => (i ? [Buffer.from([0]), x] : [x]))));
  const p = (await r.diagnostics(uri, 1)).params.diagnostics;
  const d = p.find((x) => x.code === 'incompatible-dims');
  assert.ok(d, `the finding after the raw NUL is reported: ${JSON.stringify(p)}`);
  assert.deepEqual(d.range, rangeOf(NUL_TEXT, 'tensor<2xi32>', { nth: 1 }));
  await stillServes(r);
  r.proc.kill();
});

test('b. a raw NUL byte outside a JSON string: -32700, the message is not handled', async () => {
  const r = rawServer();
  await r.init();
  const since = r.mark();
  r.send(bytes('{"jsonrpc":"2.0",', Buffer.from([0]), '"id":9,"method":"mlirShape/nothing"}'));
  const e = await r.wait((x) => x.error && x.error.code === -32700, 'the -32700 response', { since });
  assert.equal(e.id, null);
  await stillServes(r);
  assert.ok(!r.messages.some((x) => x.id === 9), 'the message with the NUL was not handled');
  r.proc.kill();
});

// ---- c. absurd Content-Length --------------------------------------------------------

const tooLarge = (m) => m.method === 'window/logMessage' && m.params.type === 1 &&
  /limit|too large|exceed|larger/i.test(m.params.message);

test('c1. Content-Length: 2147483648 then end of input: an error log, no allocation, exit status 1', async () => {
  const r = rawServer();
  await r.init();
  r.write('Content-Length: 2147483648\r\n\r\n');
  const log = await r.wait(tooLarge, 'a window/logMessage (type 1) about the length');
  assert.match(log.params.message, /2147483648/);
  await new Promise((res) => setTimeout(res, 200));
  const rss = rssMB(r.proc.pid);
  assert.ok(rss > 0 && rss < 100, `RSS ${rss.toFixed(1)} MB`);
  const t0 = Date.now();
  r.proc.stdin.end();
  const { code, signal } = await withTimeout(r.exited, 'exit after the end of input', 5000);
  assert.equal(signal, null);
  assert.equal(code, 1);
  assert.ok(Date.now() - t0 < 3000, 'promptly');
  r.checkOutput();
});

test('c2. a 300 MB body (over the 256 MB limit) is skipped without being held; the next request is answered', async () => {
  const r = rawServer();
  await r.init();
  const SIZE = 300 << 20;
  r.write(`Content-Length: ${SIZE}\r\n\r\n`);
  // Streamed 1 MB at a time, never held whole (here or in the server).
  const chunk = Buffer.alloc(1 << 20, 0x61);
  Buffer.from('{"jsonrpc":"2.0","method":"x","params":"').copy(chunk);
  let peak = 0;
  for (let sent = 0; sent < SIZE; sent += chunk.length) {
    const n = Math.min(chunk.length, SIZE - sent);
    if (!r.proc.stdin.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
      await new Promise((res, rej) => {
        r.proc.stdin.once('drain', res);
        r.exited.then(() => rej(new Error('the server exited while the body was being sent')));
      });
    }
    if ((sent >> 20) % 16 === 0) peak = Math.max(peak, rssMB(r.proc.pid));
  }
  const log = await r.wait(tooLarge, 'a window/logMessage (type 1) about the length');
  assert.match(log.params.message, new RegExp(String(SIZE)));
  peak = Math.max(peak, rssMB(r.proc.pid));
  assert.ok(peak < 100, `RSS peak ${peak.toFixed(1)} MB while the body streamed`);
  await stillServes(r);
  r.proc.kill();
});

// ---- d. truncation --------------------------------------------------------------------

for (const [what, input] of [
  ['a truncated body', 'Content-Length: 100\r\n\r\n{"jsonrpc":"2.0","id":'],
  ['a truncated header', 'Content-Len'],
]) {
  test(`d. ${what} then end of input: exit status 1, no signal, promptly`, async () => {
    const r = rawServer();
    await r.init();
    await stillServes(r);
    const t0 = Date.now();
    r.write(input);
    r.proc.stdin.end();
    const { code, signal } = await withTimeout(r.exited, 'exit', 5000);
    assert.equal(signal, null, r.stderr());
    assert.equal(code, 1);
    assert.ok(Date.now() - t0 < 3000, 'promptly');
    r.checkOutput();
  });
}

// ---- e. deep nesting --------------------------------------------------------------------

const DEEP = 10000;
const BAD_OP = '  %0 = "test.broadcastable"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n';

async function deepDocument(c, uri, text, opLine) {
  c.open(uri, text, 1);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  const d = p.diagnostics.find((x) => x.code === 'incompatible-dims');
  assert.ok(d, `the broadcast error is reported: ${JSON.stringify(p.diagnostics).slice(0, 500)}`);
  assert.equal(d.range.start.line, opLine);
  const td = { uri };
  const h = await c.request('textDocument/hover', { textDocument: td, position: { line: opLine, character: 10 } });
  assert.ok(h && /Inferred result/.test(h.contents.value), JSON.stringify(h));
  const syms = await c.request('textDocument/documentSymbol', { textDocument: td });
  assert.ok(Array.isArray(syms) && syms.length >= 1, JSON.stringify(syms).slice(0, 300));
  const folds = await c.request('textDocument/foldingRange', { textDocument: td });
  assert.ok(Array.isArray(folds));
  const all = { start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } };
  const hints = await c.request('textDocument/inlayHint', { textDocument: td, range: all });
  assert.ok(Array.isArray(hints));
  await c.request('mlirShape/inferredShape', { textDocument: td, position: { line: opLine, character: 10 } });
}

test('e. 10,000-deep nested regions: a nesting-too-deep warning, the op after them checked, hover, symbols, folding, hints', { timeout: 30000 }, async () => {
  // Past 1,000 brackets (nesting.h) the inside is left out of the parse
  // (tree-sitter 0.20.7 corrupts its heap past ~65,500 open subtrees): the
  // deep op is not checked, the one after the nesting is.
  const text = 'func.func @deep(%a: tensor<3xf32>, %b: tensor<2xf32>) {\n' +
    '"test.a"() ({\n'.repeat(DEEP) + BAD_OP + '}) : () -> ()\n'.repeat(DEEP) + BAD_OP + '  return\n}\n';
  const c = await start();
  const uri = 'file:///tmp/mlir-shape-hostile/deep-regions.mlir';
  await deepDocument(c, uri, text, 2 * DEEP + 2);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  assert.ok(p.diagnostics.some((x) => x.code === 'nesting-too-deep'), JSON.stringify(p.diagnostics).slice(0, 300));
  await stillServesClient(c);
  assert.equal((await c.stop()).code, 0);
});

test('e. 10,000-deep attribute brackets ([[[...]]] and #foo<<<...>>>): diagnostics, hover, symbols, folding, hints', { timeout: 30000 }, async () => {
  const text = 'func.func @attrs(%a: tensor<3xf32>, %b: tensor<2xf32>) {\n' +
    '  "test.x"() {x = ' + '['.repeat(DEEP) + '1' + ']'.repeat(DEEP) + '} : () -> ()\n' +
    '  "test.y"() {y = #foo' + '<'.repeat(DEEP) + '>'.repeat(DEEP) + '} : () -> ()\n' +
    BAD_OP + '  return\n}\n';
  const c = await start();
  await deepDocument(c, 'file:///tmp/mlir-shape-hostile/deep-attrs.mlir', text, 3);
  await stillServesClient(c);
  assert.equal((await c.stop()).code, 0);
});

// ---- f-i. shapes and attributes beyond the limits -------------------------------------------

async function findings(text) {
  const c = await start();
  const uri = `file:///tmp/mlir-shape-hostile/findings-${++checks}.mlir`;
  c.open(uri, text, 1);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  return { c, diags: p.diagnostics };
}

test('f. a tensor of rank 10,000 in an operand type: a shape-limit warning, no crash', async () => {
  const big = `tensor<${'2x'.repeat(DEEP)}f32>`;
  const text = `func.func @f(%a: ${big}, %b: tensor<2xf32>) {\n` +
    `  %0 = "test.broadcastable"(%a, %b) : (${big}, tensor<2xf32>) -> ${big}\n  return\n}\n`;
  const { c, diags } = await findings(text);
  const d = diags.find((x) => x.code === 'shape-limit');
  assert.ok(d, `a shape-limit finding: ${JSON.stringify(diags).slice(0, 500)}`);
  assert.equal(d.severity, 2);
  assert.match(d.message, /rank/);
  assert.equal(d.range.start.line, 1);
  await stillServesClient(c);
  await c.stop();
});

test('g. tensor<99999999999999999999xf32> as an operand type: an invalid-type error', async () => {
  const huge = 'tensor<99999999999999999999xf32>';
  const text = `func.func @f(%a: ${huge}, %b: tensor<4xf32>) {\n` +
    `  %0 = "test.broadcastable"(%a, %b) : (${huge}, tensor<4xf32>) -> tensor<4xf32>\n` +
    `  %1 = "tosa.add"(%a, %b) : (${huge}, tensor<4xf32>) -> tensor<4xf32>\n  return\n}\n`;
  const { c, diags } = await findings(text);
  for (const line of [1, 2]) {
    const d = diags.find((x) => x.code === 'invalid-type' && x.range.start.line === line);
    assert.ok(d, `an invalid-type finding on line ${line}: ${JSON.stringify(diags)}`);
    assert.equal(d.severity, 1);
  }
  await stillServesClient(c);
  await c.stop();
});

test('h. pd.elementwise_add with a negative or huge axis: axis / rule-options errors, no crash', async () => {
  const op = (axis) => `  %r = "pd.elementwise_add"(%x, %y) {axis = ${axis}} : (tensor<2x3x4x5xf32>, tensor<3x4xf32>) -> tensor<2x3x4x5xf32>`;
  const axes = [['-7 : i32', 'axis'], ['99999999999 : i64', 'axis'], ['-2147483649 : i64', 'axis'],
    ['-99999999999999999999999 : i64', 'rule-options'], ['99999999999999999999999 : i64', 'rule-options']];
  const text = 'func.func @f(%x: tensor<2x3x4x5xf32>, %y: tensor<3x4xf32>) {\n' +
    axes.map(([a]) => op(a)).join('\n') + '\n  return\n}\n';
  const { c, diags } = await findings(text);
  axes.forEach(([axis, code], i) => {
    const on = diags.filter((d) => d.range.start.line === i + 1);
    assert.deepEqual(on.map((d) => [d.code, d.severity]), [[code, 1]], `axis = ${axis}: ${JSON.stringify(on)}`);
  });
  await stillServesClient(c);
  await c.stop();
});

test('i. chlo.broadcast_add with broadcast_dimensions out of range or unsorted: errors', async () => {
  const text = 'func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf32>) {\n' +
    '  %0 = "chlo.broadcast_add"(%a, %c) {broadcast_dimensions = array<i64: 5>} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>\n' +
    '  %1 = "chlo.broadcast_add"(%a, %b) {broadcast_dimensions = array<i64: 2, 1>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>\n' +
    '  return\n}\n';
  const { c, diags } = await findings(text);
  const on = (line) => diags.filter((d) => d.range.start.line === line);
  assert.deepEqual(on(1).map((d) => [d.code, d.severity]), [['broadcast-dimensions', 1]], JSON.stringify(diags));
  assert.match(on(1)[0].message, /out of range/);
  assert.deepEqual(on(2).map((d) => [d.code, d.severity]), [['broadcast-dimensions', 1]], JSON.stringify(diags));
  assert.match(on(2)[0].message, /increasing/);
  await stillServesClient(c);
  await c.stop();
});

// ---- j. positions out of range ----------------------------------------------------------------

test('j. positions beyond the end, negative, not numbers: null, [] or InvalidParams, never a crash', async () => {
  const c = await start();
  const uri = 'file:///tmp/mlir-shape-hostile/positions.mlir';
  c.open(uri, CHECK, 1);
  await c.diagnostics(uri, (x) => x.version === 1);
  const td = { uri };
  const positions = [
    { line: 1e6, character: 1e6 },
    { line: 3, character: 1e6 },
    { line: -1, character: -1 },
    { line: 0, character: -5 },
    { line: 'a', character: null },
    { line: {}, character: [] },
    { line: 1.5, character: NaN }, // NaN is sent as null
    // 2^32 and 2^32 + 13 are not positions in any document (not line 0,
    // column 13, which is %a).
    { line: 4294967296, character: 4294967309 },
    { line: 1e300, character: 1e300 },
    undefined,
  ];
  for (const position of positions) {
    const range = { start: position, end: position };
    const calls = [
      ['textDocument/hover', { textDocument: td, position }],
      ['textDocument/definition', { textDocument: td, position }],
      ['textDocument/references', { textDocument: td, position, context: { includeDeclaration: true } }],
      ['textDocument/documentHighlight', { textDocument: td, position }],
      ['mlirShape/inferredShape', { textDocument: td, position }],
      ['textDocument/codeAction', { textDocument: td, range, context: { diagnostics: [] } }],
      ['textDocument/inlayHint', { textDocument: td, range }],
      ['textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: position } }],
    ];
    for (const [method, params] of calls) {
      const res = await c.request(method, params).then((v) => ({ v }), (e) => ({ e }));
      const what = `${method} at ${JSON.stringify(position)}: ${JSON.stringify(res)}`;
      if (res.e) assert.equal(res.e.code, -32602, what);
      else if (method === 'mlirShape/inferredShape' && res.v) assert.equal(res.v.type, null, what);
      else assert.ok(res.v === null || (Array.isArray(res.v) && res.v.length === 0) ||
        (method === 'textDocument/inlayHint' && Array.isArray(res.v)), what);
    }
  }
  await stillServesClient(c);
  assert.equal((await c.stop()).code, 0);
});

// ---- k. unknown documents, ranges past the end --------------------------------------------------

// What vscode-languageserver-textdocument does: a line past the end is the
// end of the text, a character past the end of its line the end of the line.
function applyClamped(text, { range, text: newText }) {
  const lines = text.split('\n');
  const offset = (p) => {
    if (p.line >= lines.length) return text.length;
    const start = lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0);
    return start + Math.min(p.character, lines[p.line].length);
  };
  return text.slice(0, offset(range.start)) + newText + text.slice(offset(range.end));
}

test('k. didChange / didClose of unknown or closed documents: a warning, no diagnostics, still serving', async () => {
  const c = await start();
  collectLogs(c);
  const ghost = 'file:///tmp/mlir-shape-hostile/never-opened.mlir';
  const closed = 'file:///tmp/mlir-shape-hostile/closed.mlir';
  c.open(closed, CHECK, 1);
  await c.diagnostics(closed, (x) => x.version === 1);
  c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: closed } });
  await c.diagnostics(closed, (x) => x.diagnostics.length === 0, { fresh: true });
  const published = c.published.length;
  const change = { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' };
  for (const uri of [ghost, closed]) {
    for (const method of ['textDocument/didChange', 'textDocument/didClose']) {
      const before = c.logs.length;
      c.conn.sendNotification(method, method.endsWith('Change')
        ? { textDocument: { uri, version: 5 }, contentChanges: [change] } : { textDocument: { uri } });
      const log = await c.waitLog((l) => c.logs.indexOf(l) >= before && l.type === 2, `a warning for ${method} of ${uri}`);
      assert.match(log.message, /not open/);
    }
  }
  await stillServesClient(c);
  assert.ok(!c.published.slice(published).some((p) => p.uri === ghost || p.uri === closed),
    'no publishDiagnostics for documents that are not open');
  await c.stop();
});

test('k. didChange ranges past the end of the text are clamped (as vscode-languageserver-textdocument does)', async () => {
  const c = await start();
  const uri = 'file:///tmp/mlir-shape-hostile/clamp.mlir';
  const fresh = 'file:///tmp/mlir-shape-hostile/clamp-fresh.mlir';
  let text = CHECK;
  c.open(uri, text, 1);
  await c.diagnostics(uri, (x) => x.version === 1);
  const extra = 'func.func @g(%a: tensor<5xi32>, %b: tensor<4xi32>) {\n' +
    '  %0 = "test.broadcastable"(%a, %b) : (tensor<5xi32>, tensor<4xi32>) -> tensor<5xi32>\n  return\n}\n';
  const steps = [
    [{ range: { start: { line: 100, character: 0 }, end: { line: 100, character: 0 } }, text: extra }],
    [{ range: { start: { line: 1, character: 500 }, end: { line: 1, character: 900 } }, text: ' // tail' }],
    [{ range: { start: { line: 6, character: 3 }, end: { line: 1e6, character: 1e6 } }, text: '' }],
    [{ range: { start: { line: 2, character: 0 }, end: { line: 2, character: 1e6 } }, text: '  return // \u00e9' }],
  ];
  let version = 1;
  for (const changes of steps) {
    c.change(uri, ++version, changes);
    for (const ch of changes) text = applyClamped(text, ch);
    const p = await c.diagnostics(uri, (x) => x.version === version);
    c.open(fresh, text, version);
    const q = await c.diagnostics(fresh, (x) => x.version === version, { fresh: true });
    const norm = (ds, u) => ds.map((d) => JSON.stringify({ ...d, relatedInformation: (d.relatedInformation || []).map((ri) => ({ ...ri, location: { ...ri.location, uri: ri.location.uri === u ? '<doc>' : ri.location.uri } })) }));
    assert.deepEqual(norm(p.diagnostics, uri), norm(q.diagnostics, fresh), `after ${JSON.stringify(changes)} the text is ${JSON.stringify(text)}`);
    const s1 = await c.request('textDocument/documentSymbol', { textDocument: { uri } });
    const s2 = await c.request('textDocument/documentSymbol', { textDocument: { uri: fresh } });
    assert.deepEqual(s1, s2);
    c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: fresh } });
  }
  // The appended function's finding is there, after the clamped edits.
  const last = await c.diagnostics(uri, (x) => x.version === version);
  assert.ok(last.diagnostics.some((d) => d.message.includes('dim 0 is 5 in %a but 4 in %b')), JSON.stringify(last.diagnostics));
  await stillServesClient(c);
  await c.stop();
});

// ---- l. hostile rule files ---------------------------------------------------------------

const catalog = (rule, extra = '') => `{"version": 1, "family": "user", "description": "test rules${extra}", ` +
  `"ops": [{"match": "my.add", "description": "my.add is ${rule}", "rule": "${rule}"}]}`;
const MY_TEXT = 'func.func @f(%a: tensor<3xf32>, %b: tensor<2xf32>) {\n' +
  '  %0 = "my.add"(%a, %b) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>\n  return\n}\n';

// A 100 MB rule file (valid JSON: rule `none` for my.add, so that loading
// it would show) and a 10,000-deep one, written without building them in
// memory.
function hostileRules(dir) {
  fs.writeFileSync(path.join(dir, 'good.json'), catalog('numpy'));
  const fd = fs.openSync(path.join(dir, 'big.json'), 'w');
  fs.writeSync(fd, '{"version": 1, "family": "user", "description": "');
  const mb = Buffer.alloc(1 << 20, 0x78);
  for (let i = 0; i < 100; i++) fs.writeSync(fd, mb);
  fs.writeSync(fd, '", "ops": [{"match": "my.add", "rule": "none"}]}\n');
  fs.closeSync(fd);
  fs.writeFileSync(path.join(dir, 'deep.json'), '{"version": 1, "ops": [{"match": "my.add", "rule": "none", "description": ' +
    '['.repeat(DEEP) + ']'.repeat(DEEP) + '}]}\n');
}

async function ruleIsNumpy(c, uri) {
  const h = await c.request('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 9 } });
  assert.match(h.contents.value, /rule `numpy`/, 'the previous rules stay in use');
}

test('l. a 100 MB and a 10,000-deep rule file in the settings: a clear error, the previous rules stay', { timeout: 30000 }, async () => {
  const dir = tmpdir();
  hostileRules(dir);
  const c = await start({ root: dir, initializationOptions: { rules: ['good.json'] } });
  collectLogs(c);
  const uri = 'file:///tmp/mlir-shape-hostile/rules.mlir';
  c.open(uri, MY_TEXT, 1);
  const p = await c.diagnostics(uri, (x) => x.version === 1);
  assert.deepEqual(p.diagnostics.map((d) => d.code), ['incompatible-dims']);
  for (const file of ['big.json', 'deep.json']) {
    const before = c.logs.length;
    let peak = 0;
    const poll = setInterval(() => { peak = Math.max(peak, rssMB(c.proc.pid)); }, 5);
    c.conn.sendNotification('workspace/didChangeConfiguration', { settings: { mlirShape: { rules: ['good.json', file] } } });
    const log = await c.waitLog((l) => c.logs.indexOf(l) >= before && l.type === 1, `an error about ${file}`)
      .finally(() => clearInterval(poll));
    assert.ok(log.message.includes(file), log.message);
    if (file === 'big.json') {
      assert.match(log.message, /large|limit|exceed|MB/i, log.message);
      assert.ok(peak < 100, `RSS peak ${peak.toFixed(1)} MB: the file must not be read whole`);
    }
    await ruleIsNumpy(c, uri);
    await stillServesClient(c);
  }
  // The same files in initializationOptions: an error, the builtin rules.
  for (const file of ['big.json', 'deep.json']) {
    const c2 = await start({ root: dir, initializationOptions: { rules: [file] } });
    collectLogs(c2);
    c2.open(uri, MY_TEXT, 1);
    const q = await c2.diagnostics(uri, (x) => x.version === 1);
    assert.deepEqual(q.diagnostics, [], `my.add is not a known op: ${JSON.stringify(q.diagnostics)}`);
    await stillServesClient(c2);
    await c2.stop();
  }
  await c.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});
