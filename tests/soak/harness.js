// harness.js: a language-server session for the soak and leak tests, over
// Microsoft's LSP client packages (installed in tests/lsp/node_modules):
// spawning, waiting for the publishDiagnostics of a given version, requests
// with a timeout, the server's RSS, and the comparison of an incrementally
// edited document with one opened from scratch.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const LSP = require.resolve('vscode-languageserver-protocol/node', { paths: [path.resolve(__dirname, '../lsp')] });
const lsp = require(LSP);
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = lsp;

// Starts `cmd ...args` (the server, or valgrind running it) and connects.
// opts: {timeout (ms), onFail(message), stderr ('inherit' | 'pipe')}.
function connect(cmd, args, opts = {}) {
  const timeout = opts.timeout || 60000;
  const fail = opts.onFail || ((m) => { throw new Error(m); });
  const server = spawn(cmd, args, { stdio: ['pipe', 'pipe', opts.stderr || 'inherit'] });
  server.stdin.on('error', () => {});
  const s = { server, stopping: false, latest: new Map(), logs: [], requests: 0, responses: 0 };
  s.exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  server.on('exit', (code, signal) => {
    if (!s.stopping) fail(`the server exited early (code ${code}, signal ${signal})`);
  });
  const conn = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  s.conn = conn;
  const waiters = [];
  conn.onNotification('textDocument/publishDiagnostics', (p) => {
    s.latest.set(p.uri, p);
    for (const w of waiters.slice()) if (w.uri === p.uri && w.version === p.version) {
      waiters.splice(waiters.indexOf(w), 1);
      clearTimeout(w.timer);
      w.resolve(p);
    }
  });
  conn.onNotification('window/logMessage', (p) => s.logs.push(p));
  conn.onNotification('window/showMessage', (p) => s.logs.push(p));
  conn.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.listen();

  // The publishDiagnostics of uri for exactly this version.
  s.diagnostics = (uri, version) => {
    const have = s.latest.get(uri);
    if (have && have.version === version) return Promise.resolve(have);
    return new Promise((resolve) => {
      const w = { uri, version, resolve };
      w.timer = setTimeout(() => fail(`no publishDiagnostics for ${uri} version ${version} within ${timeout} ms`), timeout);
      waiters.push(w);
    });
  };
  // A request; resolves with {result} or {error}, fails the run on timeout.
  s.call = (method, params) => {
    s.requests++;
    let timer;
    return Promise.race([
      conn.sendRequest(method, params).then((result) => ({ result }), (error) => ({ error })),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${method}: no response within ${timeout} ms`)), timeout); }),
    ]).then((r) => { s.responses++; return r; }).finally(() => clearTimeout(timer));
  };
  // A request cancelled right after it is sent ($/cancelRequest): resolves
  // with {result} or {error} (-32800 when the server had not handled it).
  s.callCancelled = (method, params) => {
    s.requests++;
    const src = new lsp.CancellationTokenSource();
    const p = conn.sendRequest(method, params, src.token).then((result) => ({ result }), (error) => ({ error }));
    src.cancel();
    let timer;
    return Promise.race([p, new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${method}: no response within ${timeout} ms`)), timeout); })])
      .then((r) => { s.responses++; return r; }).finally(() => clearTimeout(timer));
  };
  // A request whose error response is a failure.
  s.request = async (method, params) => {
    const r = await s.call(method, params);
    if (r.error) throw new Error(`${method}: error ${r.error.code} ${r.error.message}`);
    return r.result;
  };
  s.notify = (method, params) => conn.sendNotification(method, params);
  s.open = (uri, text, version) => s.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version, text } });
  s.change = (uri, version, contentChanges) => s.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  s.close = (uri) => s.notify('textDocument/didClose', { textDocument: { uri } });
  s.initialize = async (extra = {}) => {
    const r = await s.request('initialize', {
      processId: process.pid, rootUri: null, workspaceFolders: null,
      capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } } },
      ...extra,
    });
    s.notify('initialized', {});
    return r;
  };
  // shutdown + exit; resolves with the exit {code, signal}.
  s.stop = async () => {
    await s.request('shutdown');
    s.stopping = true;
    s.notify('exit');
    const r = await s.exited;
    conn.dispose();
    return r;
  };
  // VmRSS in kB (of pid, default the spawned process).
  s.rssKB = (pid = server.pid) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? parseInt(m[1], 10) : 0;
    } catch (e) { return 0; }
  };
  return s;
}

// A diagnostic as a comparable string; the document's own URI in related
// information reads <doc>, so that two URIs of the same text compare equal.
const diagKey = (d, uri) => JSON.stringify({
  range: d.range, severity: d.severity, code: d.code, source: d.source, message: d.message, data: d.data,
  related: (d.relatedInformation || []).map((r) => ({ ...r, location: { ...r.location, uri: r.location.uri === uri ? '<doc>' : r.location.uri } })),
});

// Symbols as a flat list (one line per symbol, with its depth), so that a
// difference shows as the few symbols that differ.
function flatSymbols(list, depth = 0, out = []) {
  for (const s of list || []) {
    out.push(JSON.stringify({ depth, name: s.name, detail: s.detail, kind: s.kind, range: s.range, selectionRange: s.selectionRange }));
    flatSymbols(s.children, depth + 1, out);
  }
  return out;
}

function diffReport(what, a, b, lines) {
  const inB = new Set(b), inA = new Set(a);
  const onlyA = a.filter((x) => !inB.has(x)), onlyB = b.filter((x) => !inA.has(x));
  const out = [`${what}: incremental ${a.length}, from scratch ${b.length}` +
    (onlyA.length || onlyB.length ? '' : ' (same items, different order)')];
  const show = (tag, list) => {
    for (const x of list.slice(0, 6)) {
      out.push(`  ${tag} ${x.length > 400 ? x.slice(0, 400) + '...' : x}`);
      const m = /"line":(\d+)/.exec(x);
      if (m && lines && lines[+m[1]] !== undefined) out.push(`      line ${m[1]}: ${JSON.stringify(lines[+m[1]].slice(0, 160))}`);
    }
    if (list.length > 6) out.push(`  ... and ${list.length - 6} more`);
  };
  show('only incremental:', onlyA);
  show('only from scratch:', onlyB);
  if (!onlyA.length && !onlyB.length) {
    const i = a.findIndex((x, k) => x !== b[k]);
    out.push(`  first difference at #${i}:\n    incremental: ${a[i]}\n    scratch:     ${b[i]}`);
  }
  return out.join('\n');
}

// Opens `text` under `fresh` (version `version`), compares it with the
// incrementally edited `uri` (whose diagnostics of the current version are
// `mainDiags`): diagnostics exactly, then document symbols and folding
// ranges (the same text must give the same structure; this also catches a
// client/server text mismatch). Closes `fresh`. Returns the problems found
// (strings), empty when none.
async function compareFresh(s, uri, mainDiags, fresh, text, version, lines) {
  const freshP = s.diagnostics(fresh, version);
  s.open(fresh, text, version);
  const freshDiags = (await freshP).diagnostics;
  const problems = [];
  const a = mainDiags.map((d) => diagKey(d, uri)), b = freshDiags.map((d) => diagKey(d, fresh));
  if (a.length !== b.length || a.some((x, i) => x !== b[i])) problems.push(diffReport('diagnostics', a, b, lines));
  for (const method of ['textDocument/documentSymbol', 'textDocument/foldingRange']) {
    const [x, y] = await Promise.all([s.request(method, { textDocument: { uri } }), s.request(method, { textDocument: { uri: fresh } })]);
    const flat = (r) => (method === 'textDocument/documentSymbol' ? flatSymbols(r) : (r || []).map((f) => JSON.stringify(f)));
    const sx = flat(x), sy = flat(y);
    if (sx.length !== sy.length || sx.some((v, i) => v !== sy[i])) problems.push(diffReport(method, sx, sy, lines));
  }
  s.close(fresh);
  return problems;
}

module.exports = { connect, compareFresh, diagKey, flatSymbols, diffReport };
