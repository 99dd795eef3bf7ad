// client.js: the test harness of tests/lsp. Starts `mlir-shape lsp` (the
// binary in $MLIR_SHAPE) and talks to it through Microsoft's reference LSP
// client stack (vscode-languageserver-protocol over vscode-jsonrpc), the
// same packages VS Code's language client is built from. Also a raw client
// that writes bytes to the server's stdin, for malformed messages.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');
const {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
} = require('vscode-languageserver-protocol/node');

const SERVER = process.env.MLIR_SHAPE || path.resolve(__dirname, '../../build/mlir-shape');
// A safety net against a hung server, not a speed check: CI machines are
// loaded, so it is long (MLIR_SHAPE_TEST_TIMEOUT_MS overrides it); every
// wait below is for a condition (a response, a publication, an exit).
const TIMEOUT = Number(process.env.MLIR_SHAPE_TEST_TIMEOUT_MS) || 45000;

function withTimeout(promise, what, ms = TIMEOUT) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

// Every server started, so that a failed test cannot leave one running.
const servers = [];
function cleanup() {
  for (const p of servers) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
}
process.on('exit', cleanup);

function spawnServer(cwd) {
  const proc = spawn(SERVER, ['lsp'], { stdio: ['pipe', 'pipe', 'pipe'], cwd: cwd || os.tmpdir() });
  proc.stderrText = '';
  proc.stderr.on('data', (d) => { proc.stderrText += d; });
  proc.exited = new Promise((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal })));
  proc.stdin.on('error', () => {}); /* EPIPE after the server exits */
  servers.push(proc);
  return proc;
}

// A temporary workspace folder with the given files {name: text}.
function workspace(files = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-lsp-'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

const uriOf = (p) => pathToFileURL(p).href;

// Starts the server and initializes it. Options:
//   encodings: general.positionEncodings offered; initializationOptions;
//   root: workspace folder; configuration: what workspace/configuration
//   answers (enables the capability); watch: didChangeWatchedFiles
//   dynamic registration; pull: the client pulls diagnostics (LSP 3.17
//   textDocument.diagnostic, with workspace refresh support).
async function start(opts = {}) {
  const proc = spawnServer(opts.root);
  const conn = createProtocolConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const client = {
    proc, conn, published: [], configurationRequests: 0, registrations: [], configuration: opts.configuration,
    progressTokens: [], progress: [],
  };
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    client.published.push(p);
    for (const w of waiters.slice()) if (w.pred(p)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(p); }
  });
  conn.onRequest('workspace/configuration', (p) => {
    client.configurationRequests++;
    return p.items.map(() => client.configuration || {});
  });
  conn.onRequest('client/registerCapability', (p) => { client.registrations.push(...p.registrations); return null; });
  conn.onRequest('window/workDoneProgress/create', (p) => { client.progressTokens.push(p.token); return null; });
  conn.onNotification('$/progress', (p) => { client.progress.push({ ...p, published: client.published.length }); });
  conn.onNotification('window/logMessage', () => {});
  client.refreshes = 0;
  conn.onRequest('workspace/diagnostic/refresh', () => { client.refreshes++; return null; });
  conn.listen();

  // The next publishDiagnostics for uri satisfying pred (also one already received).
  client.diagnostics = (uri, pred = () => true, { fresh = false } = {}) => {
    const match = (p) => p.uri === uri && pred(p);
    if (!fresh) {
      for (let i = client.published.length - 1; i >= 0; i--) if (match(client.published[i])) return Promise.resolve(client.published[i]);
    }
    return withTimeout(new Promise((resolve) => waiters.push({ pred: match, resolve })), `diagnostics of ${uri}`);
  };
  client.open = (uri, text, version = 1) => {
    conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version, text } });
  };
  client.change = (uri, version, contentChanges) => {
    conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  };
  client.request = (method, params, token) =>
    withTimeout(token ? conn.sendRequest(method, params, token) : conn.sendRequest(method, params), method);
  client.stop = async () => {
    try {
      await client.request('shutdown');
      conn.sendNotification('exit');
    } catch (e) { /* the test may have ended the server already */ }
    const r = await withTimeout(proc.exited, 'server exit');
    conn.dispose();
    return r;
  };

  const capabilities = {
    general: opts.encodings ? { positionEncodings: opts.encodings } : undefined,
    window: { workDoneProgress: !!opts.progress },
    workspace: {
      configuration: opts.configuration !== undefined,
      didChangeWatchedFiles: { dynamicRegistration: !!opts.watch },
      workspaceFolders: true,
      diagnostics: opts.pull ? { refreshSupport: true } : undefined,
    },
    textDocument: {
      synchronization: { dynamicRegistration: false },
      publishDiagnostics: { relatedInformation: true, versionSupport: true },
      hover: { contentFormat: ['markdown', 'plaintext'] },
      diagnostic: opts.pull ? { dynamicRegistration: false, relatedDocumentSupport: false } : undefined,
    },
  };
  const root = opts.root ? uriOf(opts.root) : null;
  client.init = await client.request('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: root ? [{ uri: root, name: 'ws' }] : null,
    capabilities,
    initializationOptions: opts.initializationOptions,
  });
  conn.sendNotification('initialized', {});
  return client;
}

// Column of a JS string index in a line, in the given encoding.
function column(line, index, enc = 'utf-16') {
  return enc === 'utf-8' ? Buffer.byteLength(line.slice(0, index), 'utf8') : index;
}

// The LSP position of the nth occurrence of needle (+ delta characters).
function positionOf(text, needle, { nth = 0, delta = 0, enc = 'utf-16' } = {}) {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`no ${needle} #${nth}`);
  }
  at += delta;
  const before = text.slice(0, at);
  const line = before.split('\n').length - 1;
  const lineText = text.split('\n')[line];
  const start = before.lastIndexOf('\n') + 1;
  return { line, character: column(lineText, at - start, enc) };
}

// The range of the nth occurrence of needle.
function rangeOf(text, needle, opts = {}) {
  const start = positionOf(text, needle, opts);
  const end = positionOf(text, needle, { ...opts, delta: (opts.delta || 0) + needle.length });
  return { start, end };
}

// Applies LSP TextEdits (UTF-16 positions) to text, the way a client does.
function applyEdits(text, edits) {
  const lines = text.split('\n');
  const offset = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const sorted = edits.slice().sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const e of sorted) text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  return text;
}

// A raw client: writes bytes, parses framed responses.
function raw(cwd) {
  const proc = spawnServer(cwd);
  let buf = Buffer.alloc(0);
  const messages = [];
  const waiters = [];
  proc.stdout.on('data', (d) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const sep = buf.indexOf('\r\n\r\n');
      if (sep < 0) break;
      const m = /Content-Length: *(\d+)/i.exec(buf.slice(0, sep).toString());
      const len = m ? parseInt(m[1], 10) : 0;
      if (buf.length < sep + 4 + len) break;
      const msg = JSON.parse(buf.slice(sep + 4, sep + 4 + len).toString());
      buf = buf.slice(sep + 4 + len);
      messages.push(msg);
      for (const w of waiters.slice()) if (w.pred(msg)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(msg); }
    }
  });
  const frame = (obj) => {
    const body = Buffer.from(typeof obj === 'string' ? obj : JSON.stringify(obj));
    return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
  };
  return {
    proc, messages, frame,
    write: (bytes) => proc.stdin.write(bytes),
    send: (obj) => proc.stdin.write(frame(obj)),
    wait: (pred, what = 'a message') => {
      const found = messages.find(pred);
      if (found) return Promise.resolve(found);
      return withTimeout(new Promise((resolve) => waiters.push({ pred, resolve })), what);
    },
  };
}

module.exports = { cleanup, start, raw, workspace, uriOf, positionOf, rangeOf, column, applyEdits, withTimeout, SERVER };
