#!/usr/bin/env node
// lsp_probe.js: drives one language server over stdio and times what a user
// waits for, for the language-server benchmark (bench/bench-lsp.sh).
//
//   node bench/lsp_probe.js [--edits N] [--hovers N] [--timeout S] [--sync auto|full|incremental] FILE -- SERVER_CMD ARGS...
//
// Speaks raw JSON-RPC with Content-Length framing (no npm dependencies):
// initialize/initialized; didOpen of FILE and the time until the first
// textDocument/publishDiagnostics for it; N one-character incremental
// didChange edits (a space appended to, then removed from, the end of a
// comment or op line, at places spread over the file, so the text stays
// valid), each timed until the publishDiagnostics carrying that document
// version; N hover requests on op names spread over the file; and the
// server's VmRSS / VmHWM from /proc at the end. Prints one JSON line.
// A server that advertises full sync only gets the whole text on each edit,
// as an editor would send it, unless --sync incremental says otherwise.
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

function usage() {
  process.stderr.write('usage: node lsp_probe.js [--edits N] [--hovers N] [--timeout S] [--sync auto|full|incremental] FILE -- SERVER_CMD ARGS...\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opt = { sync: 'auto', edits: 20, hovers: 20, timeoutMs: 300000, file: null, cmd: [] };
  let i = 0;
  for (; i < argv.length && argv[i] !== '--'; i++) {
    const a = argv[i];
    if (a === '--edits') opt.edits = parseInt(argv[++i], 10);
    else if (a === '--hovers') opt.hovers = parseInt(argv[++i], 10);
    else if (a === '--sync') opt.sync = argv[++i];
    else if (a === '--timeout') opt.timeoutMs = 1000 * parseFloat(argv[++i]);
    else if (!opt.file) opt.file = a;
    else usage();
  }
  opt.cmd = argv.slice(i + 1);
  if (!opt.file || opt.cmd.length === 0) usage();
  return opt;
}

// JSON-RPC over a child's stdio; waiters are predicates on incoming messages.
class Connection {
  constructor(child) {
    this.child = child;
    this.chunks = [];
    this.pending = 0;
    this.need = -1;
    this.bodyStart = 0;
    this.nextId = 1;
    this.waiters = [];
    child.stdout.on('data', (chunk) => this.onData(chunk));
  }

  // Chunks are kept in a list and joined once per message: joining on
  // every chunk is quadratic in the message size, and a multi-megabyte
  // publishDiagnostics would then measure this client, not the server.
  onData(chunk) {
    this.chunks.push(chunk);
    this.pending += chunk.length;
    for (;;) {
      if (this.need < 0) {
        const head = Buffer.concat(this.chunks, this.pending);
        this.chunks = [head];
        const sep = head.indexOf('\r\n\r\n');
        if (sep < 0) return;
        const m = /Content-Length:\s*(\d+)/i.exec(head.slice(0, sep).toString('ascii'));
        if (!m) throw new Error('frame without Content-Length');
        this.bodyStart = sep + 4;
        this.need = this.bodyStart + parseInt(m[1], 10);
      }
      if (this.pending < this.need) return;
      const all = Buffer.concat(this.chunks, this.pending);
      const body = all.slice(this.bodyStart, this.need).toString('utf8');
      const rest = all.slice(this.need);
      this.chunks = rest.length ? [rest] : [];
      this.pending = rest.length;
      this.need = -1;
      this.onMessage(JSON.parse(body));
    }
  }

  onMessage(msg) {
    if (msg.method && msg.id !== undefined) this.answerServerRequest(msg);
    const now = process.hrtime.bigint();
    if (this.onAny) this.onAny(msg, now);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(msg)) return true;
      clearTimeout(w.timer);
      w.resolve({ msg, at: now });
      return false;
    });
  }

  // Servers may ask for configuration, progress tokens or registrations.
  answerServerRequest(msg) {
    let result = null;
    if (msg.method === 'workspace/configuration') result = (msg.params.items || []).map(() => null);
    this.send({ jsonrpc: '2.0', id: msg.id, result });
  }

  send(obj) {
    const body = Buffer.from(JSON.stringify(obj), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  // Registers the waiter first: call before sending what it waits for.
  waitFor(match, timeoutMs) {
    return new Promise((resolve) => {
      const w = { match, resolve };
      w.timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  notify(method, params) {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async request(method, params, timeoutMs) {
    const id = this.nextId++;
    const p = this.waitFor((m) => m.id === id && !m.method, timeoutMs);
    const t0 = process.hrtime.bigint();
    this.send({ jsonrpc: '2.0', id, method, params });
    const r = await p;
    return r && { result: r.msg.result, error: r.msg.error, ms: Number(r.at - t0) / 1e6 };
  }
}

function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(text, starts, n) {
  const end = n + 1 < starts.length ? starts[n + 1] - 1 : text.length;
  return text.slice(starts[n], end);
}

// `count` of the lines that match `re`, spread evenly over all such lines.
function spread(text, starts, re, count) {
  const all = [];
  for (let n = 0; n < starts.length; n++) if (re.test(lineAt(text, starts, n))) all.push(n);
  const out = [];
  for (let k = 0; k < count && all.length; k++) out.push(all[Math.floor(((k + 0.5) * all.length) / count)]);
  return out;
}

const OP_LINE = /^(\s*(?:%[\w#:]+\s*=\s*)?")([\w.]+)"\(/;

// Lines whose end can take a space: comments and ops.
function editLines(text, starts, count) {
  return spread(text, starts, /^\s*\/\/|^\s*(%[\w#:]+\s*=\s*)?"[\w.]+"\(/, count);
}

// Positions (line, character) in the middle of op names.
function hoverSites(text, starts, count) {
  return spread(text, starts, OP_LINE, count).map((n) => {
    const m = OP_LINE.exec(lineAt(text, starts, n));
    return { line: n, character: m[1].length + (m[2].length >> 1) };
  });
}

function quantiles(xs) {
  if (!xs.length) return { median: null, p95: null, max: null };
  const s = xs.slice().sort((a, b) => a - b);
  const r = (v) => Math.round(v * 1000) / 1000;
  return {
    median: r(s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2),
    p95: r(s[Math.max(0, Math.ceil(0.95 * s.length) - 1)]),
    max: r(s[s.length - 1]),
  };
}

function procStatus(pid) {
  const out = {};
  try {
    const s = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    for (const f of ['VmRSS', 'VmHWM']) {
      const m = new RegExp(`^${f}:\\s*(\\d+)`, 'm').exec(s);
      out[f] = m ? parseInt(m[1], 10) : null;
    }
  } catch (e) {
    out.VmRSS = out.VmHWM = null;
  }
  // CPU time (user + system) of the server process and its threads so far:
  // on a loaded machine wall times stretch, CPU times much less.
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    out.cpu_ms = (parseInt(f[11], 10) + parseInt(f[12], 10)) * 10; // utime, stime at 100 ticks/s
  } catch (e) {
    out.cpu_ms = null;
  }
  return out;
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const file = path.resolve(opt.file);
  let text = fs.readFileSync(file, 'utf8');
  const uri = 'file://' + file;
  const starts = lineStarts(text);
  const child = spawn(opt.cmd[0], opt.cmd.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', () => {});
  child.on('error', (e) => {
    process.stderr.write(`lsp_probe: cannot start ${opt.cmd[0]}: ${e.message}\n`);
    process.exit(2);
  });
  const conn = new Connection(child);
  const result = { server: opt.cmd.join(' '), file: opt.file, bytes: Buffer.byteLength(text) };

  const init = await conn.request('initialize', {
    processId: process.pid,
    rootUri: 'file://' + path.dirname(file),
    capabilities: {
      textDocument: {
        synchronization: { didSave: false },
        publishDiagnostics: { versionSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
      },
    },
  }, opt.timeoutMs);
  if (!init || init.error) throw new Error('initialize failed: ' + JSON.stringify(init && init.error));
  const sync = init.result.capabilities.textDocumentSync;
  result.sync_kind = typeof sync === 'number' ? sync : (sync && sync.change) || 0;
  const syncKind = opt.sync === 'full' ? 1 : opt.sync === 'incremental' ? 2 : result.sync_kind;
  result.sync_sent = syncKind === 1 ? 'full' : 'incremental';
  if (process.env.LSP_PROBE_DEBUG) process.stderr.write(JSON.stringify(init.result) + '\n');
  conn.notify('initialized', {});

  const isDiag = (version) => (m) =>
    m.method === 'textDocument/publishDiagnostics' && m.params.uri === uri &&
    (version === undefined || m.params.version === undefined || m.params.version === version);

  // Open: the first diagnostics, of whatever version.
  let version = 1;
  let p = conn.waitFor(isDiag(undefined), opt.timeoutMs);
  let t0 = process.hrtime.bigint();
  conn.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version, text } });
  let lastOpenDiag = null;
  conn.onAny = (m, at) => { if (isDiag(version)(m)) lastOpenDiag = { msg: m, at }; };
  let r = await p;
  result.first_diag_ms = r ? Math.round(Number(r.at - t0) / 1e3) / 1e3 : null;
  result.first_diag_count = r ? r.msg.params.diagnostics.length : null;
  // All of them: a server may publish the top of a big file first, then
  // the whole. A request sent now is answered once the server is done with
  // the open (servers answer in order, after the publications of that
  // version): the last publication of the open version seen by then is the
  // complete one. Its time is "complete diagnostics".
  await conn.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } },
    opt.timeoutMs);
  conn.onAny = null;
  result.full_diag_ms = lastOpenDiag ? Math.round(Number(lastOpenDiag.at - t0) / 1e3) / 1e3 : null;
  result.full_diag_count = lastOpenDiag ? lastOpenDiag.msg.params.diagnostics.length : null;

  // Edits: pairs of insert / delete of one space at the end of a line.
  const lines = editLines(text, starts, Math.ceil(opt.edits / 2));
  const editMs = [];
  let timeouts = 0, lastCount = null, textLength = text.length;
  for (let i = 0; i < opt.edits && lines.length; i++) {
    const n = lines[(i >> 1) % lines.length];
    // Line lengths come from the line starts (the edited lines are ASCII),
    // so with incremental sync this client builds no new copy of the text:
    // a fresh multi-megabyte string per edit would make the client's own
    // garbage collection part of the measured latency.
    const col = (n + 1 < starts.length ? starts[n + 1] - 1 : textLength) - starts[n];
    const insert = i % 2 === 0;
    const range = {
      start: { line: n, character: insert ? col : col - 1 },
      end: { line: n, character: col },
    };
    const at = starts[n] + (insert ? col : col - 1);
    if (syncKind === 1) {
      text = insert ? text.slice(0, at) + ' ' + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
    }
    textLength += insert ? 1 : -1;
    for (let j = n + 1; j < starts.length; j++) starts[j] += insert ? 1 : -1;
    version++;
    const change = syncKind === 1 ? { text } : { range, text: insert ? ' ' : '' };
    p = conn.waitFor(isDiag(version), opt.timeoutMs);
    t0 = process.hrtime.bigint();
    conn.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    r = await p;
    if (r) {
      editMs.push(Number(r.at - t0) / 1e6);
      lastCount = r.msg.params.diagnostics.length;
    } else {
      timeouts++;
    }
  }
  const eq = quantiles(editMs);
  Object.assign(result, {
    edits: editMs.length, edit_timeouts: timeouts, edit_ms_median: eq.median,
    edit_ms_p95: eq.p95, edit_ms_max: eq.max, last_diag_count: lastCount,
  });

  // Hovers on op names.
  const hoverMs = [];
  let nonNull = 0, hoverFail = 0;
  for (const pos of hoverSites(text, starts, opt.hovers)) {
    const h = await conn.request('textDocument/hover', { textDocument: { uri }, position: pos }, opt.timeoutMs);
    if (!h || h.error) { hoverFail++; continue; }
    hoverMs.push(h.ms);
    if (h.result) nonNull++;
  }
  const hq = quantiles(hoverMs);
  Object.assign(result, {
    hovers: hoverMs.length, hover_nonnull: nonNull, hover_failed: hoverFail,
    hover_ms_median: hq.median, hover_ms_p95: hq.p95,
  });

  const st = procStatus(child.pid);
  result.rss_kb = st.VmRSS;
  result.hwm_kb = st.VmHWM;
  result.cpu_ms = st.cpu_ms;

  await conn.request('shutdown', null, 5000);
  conn.notify('exit', null);
  const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
  child.on('exit', () => clearTimeout(killer));
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((e) => {
  process.stderr.write(`lsp_probe: ${e.stack || e}\n`);
  process.exit(1);
});
