// session.js: the scripted LSP session of tests/leak (see run.sh), run
// against `CMD... lsp` (the server under valgrind).
//
//   node session.js WORKDIR CMD [ARG...]
//
// WORKDIR holds big.mlir (a generated document above the 512 KB chunking
// threshold) and is where the rule files of the configuration go. The
// session: initialize (with rules in initializationOptions, progress),
// initialized; didOpen of the examples/ files as one document and of
// big.mlir (its first build on worker threads preempted by a full
// replacement, with requests waiting for it); a few hundred didChange edits (edits.js: valid and invalid
// text, inserts, deletes, newlines, pasted and cut lines, multi-change
// notifications) with waits for their diagnostics; rounds of hover,
// inlayHint, codeAction, definition, references, documentHighlight,
// documentSymbol, foldingRange and mlirShape/inferredShape at random
// positions; workspace/didChangeConfiguration with good, broken and
// missing rule files; requests and notifications for unknown documents and
// methods; didClose; shutdown; exit. Exit status 0 when every request was
// answered and the server exited with status 0 (under valgrind, 99 means
// an invalid access or a leak).
'use strict';

const fs = require('fs');
const path = require('path');
const { Doc, Editor, prng } = require('../soak/edits');
const { connect } = require('../soak/harness');

const [workdir, cmd, ...args] = process.argv.slice(2);
if (!workdir || !cmd) {
  console.error('usage: node session.js WORKDIR CMD [ARG...]');
  process.exit(2);
}
const TIMEOUT = 600000; // valgrind is 20-50 times slower

let s;
function fail(msg) {
  console.error(`leak: FAIL: ${msg}`);
  try { s.server.kill('SIGKILL'); } catch (e) { /* gone */ }
  process.exit(1);
}

const SMALL = 'file:///tmp/mlir-shape-leak/examples.mlir';
const BIG = 'file:///tmp/mlir-shape-leak/big.mlir';
const r = prng(7);

function examplesText() {
  const dir = path.resolve(__dirname, '../../examples');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.mlir')).sort();
  // A type alias and non-ASCII text too (aliases.c, UTF-16 columns).
  return '!t = tensor<4x5xf32>\n// naïve 😀 ∑\n' +
    'func.func @alias(%a: !t, %b: tensor<5xf32>) {\n' +
    '  %0 = "test.broadcastable"(%a, %b) : (!t, tensor<5xf32>) -> tensor<4x6xf32>\n  return\n}\n' +
    files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).join('\n');
}

const rule = (name) => JSON.stringify({
  version: 1, family: 'user', description: 'leak test rules',
  ops: [{ match: 'my.add', description: `my.add is ${name}`, rule: name }, { match: 'test.broadcastable', rule: 'numpy' }],
});

// A round of every read-only request at random positions of a document.
async function requests(uri, doc, version) {
  const td = { uri };
  const pos = () => {
    const line = r.int(doc.lineCount);
    return doc.fix(line, r.int(doc.lines[line].length + 1));
  };
  const last = s.latest.get(uri);
  const diags = last && last.version === version ? last.diagnostics : [];
  const around = (p) => ({ start: { line: Math.max(0, p.line - 3), character: 0 }, end: { line: p.line + 3, character: 0 } });
  const jobs = [];
  for (let i = 0; i < 4; i++) {
    const p = pos();
    jobs.push(s.request('textDocument/hover', { textDocument: td, position: p }));
    jobs.push(s.request('textDocument/definition', { textDocument: td, position: p }));
    jobs.push(s.request('textDocument/references', { textDocument: td, position: p, context: { includeDeclaration: i % 2 === 0 } }));
    jobs.push(s.request('textDocument/documentHighlight', { textDocument: td, position: p }));
    jobs.push(s.request('mlirShape/inferredShape', { textDocument: td, position: p }));
    jobs.push(s.request('textDocument/inlayHint', { textDocument: td, range: around(p) }));
    jobs.push(s.call('textDocument/prepareRename', { textDocument: td, position: p }));
    jobs.push(s.call('textDocument/rename', { textDocument: td, position: p, newName: i % 2 ? 'renamed' : '1bad' }));
    jobs.push(s.request('textDocument/completion', { textDocument: td, position: p }));
    jobs.push(s.request('textDocument/signatureHelp', { textDocument: td, position: p }));
    jobs.push(s.request('textDocument/semanticTokens/range', { textDocument: td, range: around(p) }));
  }
  // Hover and inferredShape on ops with findings, and their quick fixes.
  for (const d of diags.slice(0, 6)) {
    jobs.push(s.request('textDocument/hover', { textDocument: td, position: d.range.start }));
    jobs.push(s.request('mlirShape/inferredShape', { textDocument: td, position: d.range.start }));
    jobs.push(s.request('textDocument/codeAction', { textDocument: td, range: d.range, context: { diagnostics: [d] } }));
  }
  jobs.push(s.request('textDocument/codeAction', { textDocument: td, range: around(pos()), context: { diagnostics: diags.slice(0, 20) } }));
  jobs.push(s.request('textDocument/inlayHint', { textDocument: td, range: { start: { line: 0, character: 0 }, end: { line: doc.lineCount, character: 0 } } }));
  jobs.push(s.request('textDocument/documentSymbol', { textDocument: td }));
  jobs.push(s.request('textDocument/foldingRange', { textDocument: td }));
  // LSP 3.17 requests (pull diagnostics, semantic tokens, symbols, commands).
  jobs.push(s.request('textDocument/diagnostic', { textDocument: td, previousResultId: 'x' }));
  jobs.push(s.request('textDocument/semanticTokens/full', { textDocument: td }));
  jobs.push(s.request('textDocument/semanticTokens/full/delta', { textDocument: td, previousResultId: '1' }));
  jobs.push(s.request('workspace/symbol', { query: 'f' }));
  jobs.push(s.request('workspace/executeCommand', { command: 'mlir-shape.inferredShapes', arguments: [uri] }));
  jobs.push(s.request('workspace/executeCommand', { command: 'mlir-shape.broadcast', arguments: [{ shapes: ['2x1', '3'] }] }));
  return Promise.all(jobs);
}

// Sends `edits` edits to uri in groups of 1-6 didChange, waiting for each
// group's diagnostics; a request round every `every` edits.
async function edit(uri, doc, version, edits, every, breakRate, seed) {
  const editor = new Editor(doc, { seed, breakRate, maxPending: 12 });
  let queue = [], nextRound = every;
  const end = editor.edits + edits;
  while (editor.edits < end || queue.length) {
    const n = 1 + editor.r.int(6);
    while (queue.length < n && editor.edits < end) queue.push(...editor.burst());
    for (const changes of queue.splice(0, n)) s.change(uri, ++version, changes);
    const p = await s.diagnostics(uri, version);
    if (p.diagnostics.some((d) => d.code === 'syntax-error')) editor.syntaxError(); else editor.syntaxClean();
    if (editor.edits >= nextRound && !queue.length) {
      await requests(uri, doc, version);
      nextRound += every;
    }
  }
  // Back to the text it started from (everything pending undone).
  for (const changes of editor.undoAll()) s.change(uri, ++version, changes);
  await s.diagnostics(uri, version);
  return { version, edits: editor.edits, counts: editor.counts };
}

async function main() {
  const t0 = Date.now();
  s = connect(cmd, args, { onFail: fail, timeout: TIMEOUT });
  const good = path.join(workdir, 'rules.json');
  const broken = path.join(workdir, 'broken.json');
  fs.writeFileSync(good, rule('numpy'));
  fs.writeFileSync(broken, '{"version": 1, "ops": [\n  {"match": "my.add", "rule": "nosuchrule"}\n]}\n');
  await s.initialize({
    capabilities: {
      window: { workDoneProgress: true },
      textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } },
    },
    initializationOptions: { rules: [good], severity: { 'dynamic-to-static': 'error' } },
  });

  const small = new Doc(examplesText());
  s.open(SMALL, small.text(), 1);
  const first = await s.diagnostics(SMALL, 1);
  if (!first.diagnostics.length) fail('the examples have findings');
  const bigText = fs.readFileSync(path.join(workdir, 'big.mlir'), 'utf8');
  const big = new Doc(bigText);
  // Its build (worker threads) is preempted at once: a request waits for
  // it, a full replacement cancels it (the request gets ContentModified),
  // a second build runs to the end; another waiting request is cancelled.
  s.open(BIG, bigText, 1);
  const preempted = s.call('textDocument/documentSymbol', { textDocument: { uri: BIG } });
  s.change(BIG, 2, [{ text: bigText }]);
  const dropped = s.callCancelled('textDocument/foldingRange', { textDocument: { uri: BIG } });
  await s.diagnostics(BIG, 2);
  const pre = await preempted, drop = await dropped;
  if (pre.error && pre.error.code !== -32801) fail(`the preempted request: ${JSON.stringify(pre.error)}`);
  if (drop.error && drop.error.code !== -32800) fail(`the cancelled request: ${JSON.stringify(drop.error)}`);
  console.log(`leak: the preempted build's waiting request: ${pre.error ? `error ${pre.error.code}` : 'answered'}; ` +
    `the cancelled one: ${drop.error ? `error ${drop.error.code}` : 'answered'}`);
  console.log(`leak: opened ${SMALL} (${first.diagnostics.length} diagnostics) and ${BIG} ` +
    `(${(bigText.length / 1048576).toFixed(2)} MB) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await requests(SMALL, small, 1);
  await requests(BIG, big, 2);

  const a = await edit(SMALL, small, 1, 300, 25, 0.15, 11);
  console.log(`leak: ${a.edits} edits on the examples (${JSON.stringify(a.counts)}), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const b = await edit(BIG, big, 2, 40, 20, 0.05, 12);
  console.log(`leak: ${b.edits} edits on the big document (${JSON.stringify(b.counts)}), ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  let va = a.version;

  // The big document's slow paths: broken text inside a chunk (parsed
  // again from scratch), an unbalanced bracket (the whole document parsed
  // again), an edit across two chunks; each repaired, then compared.
  let vb = b.version;
  const bigEdit = async (changes) => {
    for (const c of changes) big.apply(c.range, c.text);
    s.change(BIG, ++vb, changes);
    return (await s.diagnostics(BIG, vb)).diagnostics;
  };
  const mid = Math.floor(big.lineCount / 2);
  const at = (line, character) => ({ line, character });
  const ins = (p, text) => [{ range: { start: p, end: p }, text }];
  let d = await bigEdit(ins(at(mid, 0), '  %broken = "test.x"(%a) : (\n'));
  if (!d.some((x) => x.code === 'syntax-error')) fail('the broken line is a syntax error');
  d = await bigEdit([{ range: { start: at(mid, 0), end: at(mid + 1, 0) }, text: '' }]);
  d = await bigEdit(ins(at(mid, 0), '  {\n'));
  d = await bigEdit([{ range: { start: at(mid, 0), end: at(mid + 1, 0) }, text: '' }]);
  // Across chunk boundaries: cut a quarter of the document and paste it back.
  const q1 = Math.floor(big.lineCount / 4), q2 = Math.floor(big.lineCount / 2);
  const cut = big.slice({ start: at(q1, 0), end: at(q2, 0) });
  await bigEdit([{ range: { start: at(q1, 0), end: at(q2, 0) }, text: '' }]);
  await requests(BIG, big, vb);
  await bigEdit(ins(at(q1, 0), cut));
  if (big.text() !== bigText) fail('the big document is back to its text');
  await requests(BIG, big, vb);

  // Tracing, cancelled requests.
  s.notify('$/setTrace', { value: 'verbose' });
  await requests(SMALL, small, va);
  const cancelled = await Promise.all([1, 2, 3].map((i) => s.callCancelled('textDocument/hover', { textDocument: { uri: SMALL }, position: at(i, 5) })));
  if (cancelled.some((x) => x.error && x.error.code !== -32800)) fail(`cancelled requests: ${JSON.stringify(cancelled)}`);
  s.notify('$/setTrace', { value: 'off' });

  // Configuration: rules, strict, severities; a broken and a missing rule
  // file (refused, the previous rules stay); back to none.
  const settings = [
    { mlirShape: { rules: [good], strict: true, severity: { 'incompatible-dims': 'warning', 'undefined-if-mismatch': 'off' } } },
    { mlirShape: { rules: [broken] } },
    { mlirShape: { rules: [path.join(workdir, 'missing.json')], severity: { 'no-such-code': 'bogus' } } },
    { rules: [], strict: false },
  ];
  for (const settingsItem of settings) {
    s.notify('workspace/didChangeConfiguration', { settings: settingsItem });
    // The server republishes every document; a change pins the version.
    s.change(SMALL, ++va, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }]);
    await s.diagnostics(SMALL, va);
    s.change(SMALL, ++va, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, text: '' }]);
    await s.diagnostics(SMALL, va);
    await requests(SMALL, small, va);
  }

  // Unknown documents and methods, out-of-range positions: answered, no crash.
  const nope = { uri: 'file:///tmp/mlir-shape-leak/nope.mlir' };
  const errors = await Promise.all([
    s.call('textDocument/hover', { textDocument: nope, position: { line: 0, character: 0 } }),
    s.call('textDocument/documentSymbol', { textDocument: nope }),
    s.call('mlirShape/noSuchMethod', {}),
    s.call('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: 1e6, character: 1e6 } }),
    s.call('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: -1, character: 'x' } }),
    s.call('textDocument/inlayHint', { textDocument: { uri: SMALL }, range: { start: { line: 5, character: 0 }, end: { line: 1, character: 0 } } }),
  ]);
  if (!errors[2].error || errors[2].error.code !== -32601) fail(`unknown method: ${JSON.stringify(errors[2])}`);
  s.change(nope.uri, 2, [{ text: 'x' }]);
  s.close(nope.uri);
  s.change(SMALL, ++va, [{ range: { start: { line: 1e6, character: 0 }, end: { line: 1e6, character: 5 } }, text: '// end\n' }]);
  await s.diagnostics(SMALL, va);
  // Full-text replacement, then close and reopen.
  s.change(SMALL, ++va, [{ text: small.text() }]);
  await s.diagnostics(SMALL, va);

  const closed = (uri) => new Promise((resolve) => {
    const t = setInterval(() => {
      const p = s.latest.get(uri);
      if (p && p.version === undefined && p.diagnostics.length === 0) { clearInterval(t); resolve(); }
    }, 20);
  });
  s.close(BIG);
  await closed(BIG);
  s.close(SMALL);
  await closed(SMALL);
  s.open(SMALL, 'func.func @f() {\n  return\n}\n', 1);
  await s.diagnostics(SMALL, 1);
  // Left open: the server frees it on exit.

  if (s.requests !== s.responses) fail(`${s.requests} requests but ${s.responses} responses`);
  const errorLogs = s.logs.filter((l) => l.type === 1).length;
  const { code, signal } = await s.stop();
  console.log(`leak: ${s.requests} requests, ${s.responses} responses; ${s.logs.length} log messages (${errorLogs} errors, ` +
    `expected: broken and missing rule files); server exit status ${code}${signal ? `, signal ${signal}` : ''}; ` +
    `${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (signal || code !== 0) fail(`exit status ${code} signal ${signal} (99: valgrind found errors or leaks)`);
}

main().catch((e) => fail(e && e.stack || String(e)));
