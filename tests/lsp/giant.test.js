// giant.test.js: one giant function (JAX and torch exports put the whole
// model in one `@main`; bench/gen_dumps.py --shape giant). `check` cuts the
// function's body into pieces judged in order with one value table
// (server/analysis/flow.c); here it is made to cut it into ~30 pieces
// (MLIR_SHAPE_UNIT_BYTES). What the server publishes for the file, and
// after each edit inside the function (an op line deleted, a dimension
// changed, an op with a broadcast error inserted, a space at a line's end),
// must equal `check --format=json` on the same text (cut into pieces; on
// the opened text also whole). The server cuts the function too, judges its
// pieces in order (server/lsp/session_flow.c) and after an edit judges it
// again from the edited piece: hover and definition at a late use of an
// early value, and that value's type changed and restored, must still work.
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { applyEdits, cleanup, start, SERVER } = require('./client');
test.after(cleanup);

const ROOT = path.resolve(__dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-giant-'));
test.after(() => fs.rmSync(dir, { recursive: true, force: true }));
const FILE = path.join(dir, 'giant.mlir');
execFileSync('python3', [path.join(ROOT, 'bench/gen_dumps.py'), '--shape', 'giant', '--size', '1M', '--seed', '3',
  '--errors', '12', '-o', FILE]);
const TEXT = fs.readFileSync(FILE, 'utf8');
const URI = 'file:///tmp/mlir-shape-giant/giant.mlir';

const SEVERITY = { error: 1, warning: 2, info: 3, information: 3, note: 3, hint: 4 };
const key = (d) => JSON.stringify([d.range.start.line, d.range.start.character, d.range.end.line,
  d.range.end.character, d.severity, d.code, d.message]);
const keys = (diags) => diags.map(key).sort();
// `check --format=json` of text; pieces: the unit size that cuts the body.
function checkOf(text, pieces) {
  const file = path.join(dir, `check-${process.hrtime.bigint()}.mlir`);
  fs.writeFileSync(file, text);
  const env = { ...process.env };
  if (pieces) env.MLIR_SHAPE_UNIT_BYTES = String(pieces);
  else delete env.MLIR_SHAPE_UNIT_BYTES;
  let out;
  try {
    out = execFileSync(SERVER, ['check', '--format=json', file], { encoding: 'utf8', env, maxBuffer: 1 << 28 });
  } catch (e) {
    out = e.stdout; // exit status 1: there are findings
  }
  fs.rmSync(file);
  return JSON.parse(out).diagnostics.map((d) => key({ ...d, severity: SEVERITY[d.severity] })).sort();
}

// Sends c the change of URI's text from (line, startChar) to (endLine,
// endChar) into newText as version and waits for that version's
// diagnostics; returns the changed text.
async function change(c, text, version, line, startChar, endLine, endChar, newText) {
  const range = { start: { line, character: startChar }, end: { line: endLine, character: endChar } };
  c.change(URI, version, [{ range, text: newText }]);
  await c.diagnostics(URI, (p) => p.version === version);
  return applyEdits(text, [{ range, newText }]);
}

const lines = TEXT.split('\n');
// Op lines directly in the body (4 spaces, a result), at a fraction of it.
function opLine(fraction) {
  for (let i = Math.floor(lines.length * fraction); i < lines.length; i++)
    if (/^    %\d+ = "/.test(lines[i])) return i;
  throw new Error('no op line');
}

test('a giant function: the server\'s diagnostics equal check\'s, cut into pieces and whole, after edits inside it', { timeout: 600000 }, async () => {
  const whole = checkOf(TEXT, 0), cut = checkOf(TEXT, 32768);
  assert.deepEqual(cut, whole, 'check cut into pieces finds what the whole-file analysis finds');
  assert.ok(whole.length > 12, `${whole.length} findings`);
  const c = await start();
  let text = TEXT, version = 1;
  c.open(URI, text, version);
  const settle = async () => {
    // A request waits for a build: after it, the last publication is final.
    await c.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
    const mine = c.published.filter((p) => p.uri === URI && p.version === version);
    assert.ok(mine.length > 0, `version ${version} published`);
    return keys(mine[mine.length - 1].diagnostics);
  };
  assert.deepEqual(await settle(), whole, 'on open');

  const cur = () => text.split('\n');
  // pieces: how check cuts the text it is compared with (a bracket that
  // closes none of its kind, as when the function's closing brace is
  // deleted, gives up cutting: check's pieces then equal its whole).
  const edit = async (line, startChar, endLine, endChar, newText, what, pieces = 32768) => {
    text = await change(c, text, ++version, line, startChar, endLine, endChar, newText);
    const got = await settle();
    assert.deepEqual(got, checkOf(text, pieces), `${what}: equal to check (the function in pieces of ${pieces} bytes)`);
  };

  // An op line in the middle deleted (its result's later uses lose it).
  const mid = opLine(0.5);
  await edit(mid, 0, mid + 1, 0, '', 'an op deleted');
  // A dimension changed in an op's result type, a quarter of the way in.
  const q = opLine(0.25), ql = cur()[q], dim = ql.search(/-> tensor<\d/);
  assert.ok(dim > 0, 'a result type');
  const col = dim + '-> tensor<'.length;
  await edit(q, col, q, col + 1, '7', 'a dimension changed');
  // An op with a broadcast error inserted before the last quarter.
  const t = opLine(0.75);
  await edit(t, 0, t, 0,
    '    %bad = "test.broadcastable"(%arg2, %arg0) : (tensor<4x64xf32>, tensor<3x64xf32>) -> tensor<4x64xf32>\n',
    'a bad op inserted');
  assert.ok(c.published.filter((p) => p.uri === URI).pop().diagnostics.some((d) => d.range.start.line === t),
    'the inserted op\'s finding');
  // A space at the end of a line, and removed.
  const s = opLine(0.6), end = cur()[s].length;
  await edit(s, end, s, end, ' ', 'a space appended');
  await edit(s, end, s, end + 1, '', 'the space removed');

  // A value defined in the first twentieth and used in the last tenth
  // (pieces apart): hover and definition at the late use reach the early
  // definition; its type changed, the late use is reported; restored, not.
  const def = opLine(0.05);
  await edit(def, 0, def, 0, '    %early = "arith.constant"() <{value = dense<1.0> : tensor<64xf32>}> : () -> tensor<64xf32>\n',
    'an early value defined');
  const use = opLine(0.9);
  await edit(use, 0, use, 0,
    '    %late = "test.broadcastable"(%early, %arg1) : (tensor<64xf32>, tensor<64xf32>) -> tensor<64xf32>\n',
    'a late use of it');
  const at = { line: use, character: cur()[use].indexOf('%early') + 2 };
  const h = await c.request('textDocument/hover', { textDocument: { uri: URI }, position: at });
  const hv = h.contents.value || h.contents;
  assert.match(hv, new RegExp(`Defined at line ${def + 1}\\b`), `hover at the late use: ${hv}`);
  assert.match(hv, /tensor<64xf32>/, 'its type');
  const d = await c.request('textDocument/definition', { textDocument: { uri: URI }, position: at });
  const loc = Array.isArray(d) ? d[0] : d;
  assert.equal((loc.range || loc.targetRange).start.line, def, 'definition of the late use');
  const late = () => c.published.filter((p) => p.uri === URI && p.version === version).pop().diagnostics
    .filter((x) => x.range.start.line === use);
  assert.deepEqual(late(), [], 'the late use is fine');
  const rt = cur()[def].lastIndexOf('tensor<64') + 'tensor<6'.length;
  await edit(def, rt, def, rt + 1, '5', 'the early value\'s type changed');
  assert.ok(late().length > 0, `the late use at line ${use + 1} is reported`);
  await edit(def, rt, def, rt + 1, '4', 'the type restored');
  assert.deepEqual(late(), [], 'and no more once restored');

  // Lines added and removed inside a piece, a piece split by a blank line
  // across it, the function's closing brace deleted and restored.
  const a = opLine(0.4);
  await edit(a, 0, a, 0, '    %new0 = "arith.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>\n' +
    '    %new1 = "test.broadcastable"(%new0, %arg1) : (tensor<4xf32>, tensor<64xf32>) -> tensor<64xf32>\n', 'two lines added');
  await edit(a, 0, a + 2, 0, '', 'the two lines removed');
  const b = opLine(0.55);
  await edit(b, 0, b + 40, 0, cur().slice(b, b + 40).join('\n\n') + '\n', 'blank lines between 40 ops');
  const close = cur().lastIndexOf('  }) : () -> ()');
  assert.ok(close > 0, 'the function\'s closing line');
  await edit(close, 2, close, 3, '', 'the function\'s closing brace deleted');
  await edit(close, 2, close, 2, '}', 'and restored');
  await c.stop();
});

// After edits that leave what later pieces read unchanged (the server
// keeps their results: session_flow.c's early stop) and edits that change
// it, the edited document must answer as the same text opened fresh:
// every diagnostic (related information included) and hovers in later
// pieces.
test('a giant function after edits answers as the same text opened fresh', { timeout: 600000 }, async () => {
  const c = await start();
  let text = TEXT, version = 1;
  c.open(URI, text, version);
  // Related information names the document: compared without its URI.
  const related = (d) => (d.relatedInformation || []).map((r) => [r.location.range, r.message]);
  const full = (d) => JSON.stringify([d.range, d.severity, d.code, d.message, related(d)]);
  const last = (uri, v) => c.published.filter((p) => p.uri === uri && p.version === v).pop();
  const settle = async (uri, v) => {
    await c.request('textDocument/documentSymbol', { textDocument: { uri } });
    const p = last(uri, v);
    assert.ok(p, `${uri} version ${v} published`);
    return p.diagnostics.map(full).sort();
  };
  await settle(URI, version);
  const cur = () => text.split('\n');
  const edit = async (line, startChar, endLine, endChar, newText) => {
    text = await change(c, text, ++version, line, startChar, endLine, endChar, newText);
  };
  // Spaces at a line's end, in one piece and then another (the later
  // pieces keep their results), a result type changed and restored (they
  // are judged again), a line added and removed.
  for (const f of [0.3, 0.3, 0.62]) {
    const s = opLine(f), end = cur()[s].length;
    await edit(s, end, s, end, ' ');
    await edit(s, end, s, end + 1, '');
    await edit(s, end, s, end, '  ');
  }
  const q = opLine(0.35), dim = cur()[q].search(/-> tensor<\d/) + '-> tensor<'.length;
  const was = cur()[q][dim];
  await edit(q, dim, q, dim + 1, '9');
  await edit(q, dim, q, dim + 1, was);
  await edit(q, dim, q, dim + 1, '8');
  const a = opLine(0.45);
  await edit(a, 0, a, 0, '    %added = "arith.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>\n');
  await edit(a, 0, a + 1, 0, '');
  const edited = await settle(URI, version);
  const FRESH = 'file:///tmp/mlir-shape-giant/fresh.mlir';
  c.open(FRESH, text, 1);
  await c.diagnostics(FRESH, (p) => p.version === 1);
  const fresh = await settle(FRESH, 1);
  assert.ok(fresh.length > 12, `${fresh.length} findings`);
  assert.deepEqual(edited, fresh, 'the edited document\'s diagnostics are the fresh one\'s');
  // At a result and at an operand (an earlier value: a proxy in a later piece).
  for (const f of [0.4, 0.7, 0.95]) {
    const l = opLine(f);
    for (const ch of [cur()[l].indexOf('%') + 1, cur()[l].indexOf('(%') + 2]) {
      const hv = async (uri) => JSON.stringify(await c.request('textDocument/hover',
        { textDocument: { uri }, position: { line: l, character: ch } })).split(uri).join('URI');
      assert.equal(await hv(URI), await hv(FRESH), `hover at line ${l + 1}:${ch + 1}`);
    }
  }
  await c.stop();
});
