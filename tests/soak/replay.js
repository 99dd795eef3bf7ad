// replay.js: narrows a drift found by soak.js down to a small reproducer.
//
//   node replay.js BIN DIR
//
// DIR holds base.mlir and edits.json (as soak.js writes them: null where
// the client waited for diagnostics). Replays the edits from base.mlir, bisecting for an edit k such that the document has
// no drift after k-1 edits and drifts after k; then checks whether opening
// the text before edit k and applying edit k alone drifts too, and if so
// shrinks that text line by line (keeping the drift). Writes DIR/before.mlir,
// DIR/edit.json (one didChange's contentChanges) and DIR/after.mlir, and
// prints the difference.
'use strict';

const fs = require('fs');
const path = require('path');
const { Doc } = require('./edits');
const { connect, compareFresh } = require('./harness');

const [bin, dir] = process.argv.slice(2);
if (!bin || !dir) {
  console.error('usage: node replay.js BIN DIR');
  process.exit(2);
}
const base = fs.readFileSync(path.join(dir, 'base.mlir'), 'utf8');
const edits = JSON.parse(fs.readFileSync(path.join(dir, 'edits.json'), 'utf8'));
const SHRINK_SECONDS = Number(process.env.REPLAY_SHRINK_SECONDS || 60);

let s;
let uriNo = 0;
const fail = (m) => { console.error(`replay: ${m}`); process.exit(1); };

// Opens text, applies the didChange payloads, compares with a fresh copy.
async function drifts(text, payloads, { structure = true } = {}) {
  const uri = `file:///tmp/mlir-shape-replay/doc${++uriNo}.mlir`;
  const fresh = `file:///tmp/mlir-shape-replay/fresh${uriNo}.mlir`;
  const doc = new Doc(text);
  let version = 1;
  s.open(uri, text, version);
  for (const changes of payloads) {
    if (!changes) { await s.diagnostics(uri, version); continue; } // the soak waited here
    for (const c of changes) doc.apply(c.range, c.text);
    s.change(uri, ++version, changes);
  }
  const main = await s.diagnostics(uri, version);
  let problems = await compareFresh(s, uri, main.diagnostics, fresh, doc.text(), 1, doc.lines);
  if (!structure) problems = problems.filter((p) => p.startsWith('diagnostics'));
  s.close(uri);
  return { problems, text: doc.text() };
}

function textAfter(k) {
  const doc = new Doc(base);
  for (const changes of edits.slice(0, k)) for (const c of changes || []) doc.apply(c.range, c.text);
  return doc.text();
}

async function main() {
  s = connect(bin, ['lsp'], { onFail: fail });
  await s.initialize();
  if ((await drifts(base, [])).problems.length) fail('base.mlir already differs from a fresh parse of itself');
  let lo = 0, hi = edits.length;
  const atEnd = await drifts(base, edits);
  if (!atEnd.problems.length) fail(`no drift after all ${edits.length} edits: not reproducible in one session`);
  // Invariant: no drift after lo edits, drift after hi edits.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((await drifts(base, edits.slice(0, mid))).problems.length) hi = mid; else lo = mid;
  }
  let k = hi - 1; // edits[k] makes it drift
  while (!edits[k]) k--; // (a wait marker: the drift showed after the wait)
  console.log(`replay: no drift after ${lo} edits, drift after ${hi}: edit #${k} = ${JSON.stringify(edits[k])}`);
  let before = textAfter(k);
  const edit = edits[k];
  let r = await drifts(before, [edit]);
  if (!r.problems.length) {
    console.log('replay: opening the text before that edit and applying it alone does not drift: ' +
      'the drift needs the edit history; see base.mlir + edits.json');
    const after = await drifts(base, edits.slice(0, hi));
    console.log(after.problems.join('\n'));
    process.exit(0);
  }
  console.log(`replay: opening the text before edit #${k} and applying it alone drifts too; shrinking the text ` +
    `(at most ${SHRINK_SECONDS} s: REPLAY_SHRINK_SECONDS)`);
  // Shrink: drop runs of lines that do not hold the edit, while it drifts
  // (a drift that needs a chunked document cannot go below 512 KB).
  const structure = !r.problems.some((p) => p.startsWith('diagnostics'));
  const deadline = Date.now() + SHRINK_SECONDS * 1000;
  let lines = before.split('\n');
  let e = JSON.parse(JSON.stringify(edit));
  const firstLine = () => Math.min(...e.map((c) => c.range.start.line));
  const lastLine = () => Math.max(...e.map((c) => c.range.end.line));
  for (let size = Math.max(1, lines.length >> 1); size >= 1 && Date.now() < deadline; size >>= 1) {
    for (let at = 0; at < lines.length && Date.now() < deadline;) {
      const end = Math.min(lines.length, at + size);
      if (!(end <= firstLine() || at > lastLine())) { at = end; continue; }
      const cand = lines.slice(0, at).concat(lines.slice(end));
      const shift = end <= firstLine() ? end - at : 0;
      const ce = e.map((c) => ({ ...c, range: { start: { ...c.range.start, line: c.range.start.line - shift }, end: { ...c.range.end, line: c.range.end.line - shift } } }));
      const t = await drifts(cand.join('\n'), [ce], { structure });
      if (t.problems.length) { lines = cand; e = ce; } else at = end;
    }
  }
  before = lines.join('\n');
  r = await drifts(before, [e], { structure });
  fs.writeFileSync(path.join(dir, 'before.mlir'), before);
  fs.writeFileSync(path.join(dir, 'edit.json'), JSON.stringify(e));
  fs.writeFileSync(path.join(dir, 'after.mlir'), r.text);
  console.log(`replay: reproducer (${lines.length} lines) in ${dir}: open before.mlir, apply edit.json, ` +
    `compare with a fresh open of after.mlir`);
  console.log(`replay: edit ${JSON.stringify(e)}`);
  if (before.length < 4000) console.log(`replay: before.mlir:\n${before}\nreplay: after.mlir:\n${r.text}`);
  console.log(r.problems.join('\n'));
  s.server.kill();
  process.exit(0);
}

main().catch((err) => fail(err && err.stack || String(err)));
