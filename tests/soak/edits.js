// edits.js: the client side of an editing session, shared by tests/soak and
// tests/leak: a seeded PRNG, the client's copy of the text (an array of
// lines, edited exactly as LSP says: ranges in UTF-16 code units, which are
// JS string indices), and a generator of editor-like edits.
//
// The generator works in "episodes" that are undone later, so that the
// document stays statistically the same over any number of edits (what a
// memory soak needs: as much text, as many ops and diagnostics at the end
// as at the start, whatever the seed):
//   type     single-character inserts, as an editor sends them (an opening
//            bracket or quote comes with its closer, as VS Code auto-closes):
//            a word in a comment or anywhere, an op fragment, now and then
//            a whole op line; later removed by backspaces or one selection
//            delete;
//   delchar  a single-character delete (a space, a comment's character, or
//            any character), later typed back;
//   digit    a digit inside a tensor type changed, later changed back;
//   newline  a newline (and indentation) inserted, at the end of a line or
//            anywhere, later joined back;
//   paste    whole lines pasted (a copy of a balanced statement or block),
//            later deleted;
//   cut      a whole line deleted, later pasted back where it was;
//   broken   an unbalanced `{`, `"`, `<`, `(` or `[` typed, and deleted a
//            few edits later.
// Each pending undo tracks its span through every later edit; new edits
// never touch a pending span, so each undo restores exactly the old text.
// `syntaxError()` tells the generator that the text it made has a syntax
// error: the episodes since the text was last clean are undone soon, as a
// user fixes what they just broke, so that the document is only broken for
// short stretches (what a fresh analysis costs then is the server's slow
// path; the soak measures the common one too).
'use strict';

// mulberry32: a small seeded PRNG (never Math.random, so runs repeat).
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),              // 0 .. n-1
    range: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
  };
}

const cmp = (p, q) => (p.line - q.line) || (p.character - q.character);
const isHigh = (c) => c >= 0xD800 && c <= 0xDBFF;

// The client's text: lines without their "\n".
class Doc {
  constructor(text) { this.lines = text.split('\n'); }
  text() { return this.lines.join('\n'); }
  get lineCount() { return this.lines.length; }
  // Applies one LSP change {range, text} (positions must be valid).
  apply(range, newText) {
    const { start: s, end: e } = range;
    const L = this.lines;
    const prefix = L[s.line].slice(0, s.character);
    const suffix = L[e.line].slice(e.character);
    const parts = newText.split('\n');
    parts[0] = prefix + parts[0];
    parts[parts.length - 1] += suffix;
    if (parts.length === 1 && s.line === e.line) L[s.line] = parts[0];
    else L.splice(s.line, e.line - s.line + 1, ...parts);
  }
  // The text of a range.
  slice(range) {
    const { start: s, end: e } = range;
    if (s.line === e.line) return this.lines[s.line].slice(s.character, e.character);
    const out = [this.lines[s.line].slice(s.character)];
    for (let l = s.line + 1; l < e.line; l++) out.push(this.lines[l]);
    out.push(this.lines[e.line].slice(0, e.character));
    return out.join('\n');
  }
  // A valid position (never inside a surrogate pair).
  fix(line, character) {
    const t = this.lines[line];
    if (character > t.length) character = t.length;
    if (character > 0 && character < t.length && isHigh(t.charCodeAt(character - 1))) character--;
    return { line, character };
  }
  // The position after inserting text at p.
  static after(p, text) {
    const parts = text.split('\n');
    return parts.length === 1 ? { line: p.line, character: p.character + text.length }
      : { line: p.line + parts.length - 1, character: parts[parts.length - 1].length };
  }
}

// Where point p goes when [s, e) is replaced by text. p must not lie
// strictly inside [s, e). A point at s stays before an insertion there when
// `stay` is true (the end of a span), else it moves after it.
function transform(p, s, e, text, stay) {
  if (cmp(p, s) < 0 || (stay && cmp(p, s) === 0)) return p;
  const parts = text.split('\n');
  const end = Doc.after(s, text);
  if (p.line === e.line) return { line: end.line, character: end.character + (p.character - e.character) };
  return { line: p.line + (parts.length - 1) - (e.line - s.line), character: p.character };
}

// Brackets balanced in a line or block (strings and comments skipped, as
// the server's chunk_balanced does, and `->` is no bracket): pasted and cut
// lines are whole statements, as a user moves them.
function balanced(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
      if (text[i] !== '"') return false;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if ('([{<'.includes(c)) {
      depth++;
    } else if (')]}>'.includes(c) && text[i - 1] !== '-' && --depth < 0) {
      return false;
    }
  }
  return depth === 0;
}

const WORDS = ['x', 'foo', '%a', 'tensor', '2x3', 'f32', '->', ', ', ' : ', '"', '?', '0', 'loc(#loc1)', 'é', '😀'];
const FRAGMENTS = [' %q', ' tensor<2x3xf32>', ' {axis = 1 : i64}', ' loc(#loc2)', ' ()', ' 3'];
const TYPED_LINES = [
  '  %t0 = "test.broadcastable"(%arg0, %arg0) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>',
  '  %t1 = "tosa.add"(%arg0, %arg0) : (tensor<4x1xf32>, tensor<1x5xf32>) -> tensor<4x5xf32>',
  '  %t2 = "chlo.broadcast_add"(%arg0, %arg0) {broadcast_dimensions = array<i64: 0>} : (tensor<4x5xf32>, tensor<4xf32>) -> tensor<4x5xf32>',
  '  %t3 = "test.broadcastable"(%arg0, %arg0) : (tensor<3xf32>, tensor<2xf32>) -> tensor<3xf32>',
  '  // naïve 😀 comment é',
];
const BROKEN = ['{', '"', '<', '(', '[', '({', '"x<'];
const PAIRS = { '(': ')', '[': ']', '{': '}', '<': '>', '"': '"' };
const CLOSERS = ')]}>"';

// The edit generator. burst() returns the next burst: an array of didChange
// payloads, each an array of contentChanges ({range, text}), already
// applied to the Doc. opts: {seed, maxPending, breakRate}.
class Editor {
  constructor(doc, opts = {}) {
    this.doc = doc;
    this.r = prng(opts.seed || 1);
    this.maxPending = opts.maxPending || 24;
    this.breakRate = opts.breakRate === undefined ? 0.02 : opts.breakRate;
    this.pending = [];          // {start, end, point, due, created, undo: () => payloads}
    this.edits = 0;             // contentChanges generated so far
    this.clean = 0;             // edits when the text was last without syntax errors
    this.broken = false;        // it has one now
    this.counts = {};
  }

  // Applies a change to the document and moves every pending span but
  // `except` (whose owner updates it).
  change(range, text, except) {
    this.doc.apply(range, text);
    for (const p of this.pending) {
      if (p === except) continue;
      p.start = transform(p.start, range.start, range.end, text, p.point);
      p.end = transform(p.end, range.start, range.end, text, true);
    }
    this.edits++;
    return { range, text };
  }

  // True when [s, e) would touch a pending span (an insertion at the edge of
  // a span is fine).
  conflicts(s, e) {
    for (const p of this.pending) {
      // Nothing may touch a pending point, not even at its edges: two
      // characters deleted at the same point must be typed back in order.
      if (p.point) { if (cmp(s, p.start) <= 0 && cmp(e, p.start) >= 0) return true; continue; }
      if (cmp(s, e) === 0) { if (cmp(s, p.start) > 0 && cmp(s, p.end) < 0) return true; continue; }
      if (cmp(s, p.end) < 0 && cmp(e, p.start) > 0) return true;
    }
    return false;
  }

  // A random free position: anywhere, in a comment's text, or on a space.
  randomPoint(where = 'any') {
    const r = this.r;
    for (let tries = 0; tries < 50; tries++) {
      const line = r.int(this.doc.lineCount);
      const t = this.doc.lines[line];
      let c;
      if (where === 'comment') {
        const at = t.indexOf('//');
        if (at < 0) continue;
        c = r.range(at + 2, t.length);
      } else if (where === 'space') {
        const at = t.indexOf(' ', r.int(t.length + 1));
        if (at < 0) continue;
        c = at;
      } else {
        c = r.int(t.length + 1);
      }
      const p = this.doc.fix(line, c);
      if (!this.conflicts(p, p)) return p;
    }
    return null;
  }

  schedule(span, delay) {
    span.due = this.edits + delay;
    span.created = this.edits;
    this.pending.push(span);
    return span;
  }

  count(kind) { this.counts[kind] = (this.counts[kind] || 0) + 1; }

  // The text has a syntax error now: undo soon what was done since it was
  // last clean. (Call it after the diagnostics of the last burst.)
  syntaxError() {
    this.broken = true;
    for (const p of this.pending) if (p.created >= this.clean) p.due = Math.min(p.due, this.edits);
  }

  // The text has no syntax error now.
  syntaxClean() {
    this.broken = false;
    this.clean = this.edits;
  }

  // ---- episodes: each returns a burst (array of didChange payloads) ----

  // Typing, the way an editor types: an opening bracket or quote inserts
  // its closer too (one change, "()"), typing a closer that is already
  // there only moves the cursor. So the text stays balanced while a whole
  // line is typed, as in VS Code. `what`: 'comment' (a word in a comment),
  // 'word' (a word anywhere), 'fragment' (an op fragment at a space),
  // 'line' (a whole op line, typed on a new line).
  typeEpisode(what) {
    const r = this.r;
    let s, text;
    if (what === 'comment') { s = this.randomPoint('comment'); text = r.pick(WORDS); }
    else if (what === 'fragment') { s = this.randomPoint('space'); text = r.pick(FRAGMENTS); }
    else if (what === 'word') { s = this.randomPoint(); text = r.pick(WORDS); }
    else {
      s = this.randomPoint();
      if (s) s = { line: s.line, character: this.doc.lines[s.line].length };
      text = '\n' + r.pick(TYPED_LINES);
    }
    if (!s || this.conflicts(s, s)) return [];
    const span = this.schedule({ start: s, end: s, point: false }, r.range(1, 400));
    const burst = [];
    let typed = '', cursor = 0;
    for (const ch of text) {
      if (CLOSERS.includes(ch) && typed[cursor] === ch) { cursor += ch.length; continue; }
      const ins = PAIRS[ch] ? ch + PAIRS[ch] : ch;
      const at = Doc.after(span.start, typed.slice(0, cursor));
      burst.push([this.change({ start: at, end: at }, ins, span)]);
      typed = typed.slice(0, cursor) + ins + typed.slice(cursor);
      span.end = Doc.after(span.start, typed);
      cursor += ch.length;
    }
    // Plain text is erased with backspaces, text with brackets or quotes
    // (or a whole line) with one selection delete: backspacing a closer
    // first would leave the brackets unbalanced for many keystrokes.
    span.undo = () => this.eraseSpan(span, /[\n()[\]{}<>"]/.test(typed));
    this.count(`type-${what}`);
    return burst;
  }

  // Backspaces (one code point each) or one selection delete.
  eraseSpan(span, select) {
    const out = [];
    if (!select) {
      while (cmp(span.start, span.end) < 0) {
        const end = span.end;
        let from;
        if (end.character === 0) from = { line: end.line - 1, character: this.doc.lines[end.line - 1].length };
        else {
          const t = this.doc.lines[end.line];
          const c = end.character;
          from = { line: end.line, character: c >= 2 && isHigh(t.charCodeAt(c - 2)) ? c - 2 : c - 1 };
        }
        if (cmp(from, span.start) < 0) from = span.start;
        out.push([this.change({ start: from, end }, '', span)]);
        span.end = from;
      }
    } else {
      out.push([this.change({ start: span.start, end: span.end }, '', span)]);
      span.end = span.start;
    }
    return out;
  }

  // Deletes a character: `where` is 'space', 'comment' or 'any'.
  delcharEpisode(where) {
    const r = this.r;
    for (let tries = 0; tries < 20; tries++) {
      const p = this.randomPoint(where);
      if (!p) return [];
      const t = this.doc.lines[p.line];
      if (p.character >= t.length) continue;
      const s = p, e = { line: p.line, character: p.character + (isHigh(t.charCodeAt(p.character)) ? 2 : 1) };
      if (this.conflicts(s, e)) continue;
      const removed = this.doc.slice({ start: s, end: e });
      const point = this.schedule({ start: s, end: s, point: true }, r.range(1, 60));
      const burst = [[this.change({ start: s, end: e }, '', point)]];
      point.undo = () => [[this.change({ start: point.start, end: point.start }, removed, point)]];
      this.count(`delchar-${where}`);
      return burst;
    }
    return [];
  }

  digitEpisode() {
    const r = this.r;
    for (let tries = 0; tries < 40; tries++) {
      const line = r.int(this.doc.lineCount);
      const t = this.doc.lines[line];
      if (t.indexOf('tensor<') < 0) continue;
      // A random tensor type of the line, then a random digit inside it.
      const starts = [];
      for (let i = t.indexOf('tensor<'); i >= 0 && starts.length < 64; i = t.indexOf('tensor<', i + 1)) starts.push(i);
      const a = r.pick(starts) + 7;
      const b = t.indexOf('>', a);
      if (b < 0) continue;
      const digits = [];
      for (let i = a; i < b; i++) if (t[i] >= '0' && t[i] <= '9') digits.push(i);
      if (!digits.length) continue;
      const at = r.pick(digits);
      const s = { line, character: at }, e = { line, character: at + 1 };
      if (this.conflicts(s, e)) continue;
      const old = t[at];
      let nd = String(r.int(10));
      if (nd === old) nd = String((+old + 1) % 10);
      const span = this.schedule({ start: s, end: s, point: false }, r.range(1, 300));
      const burst = [[this.change({ start: s, end: e }, nd, span)]];
      span.end = e;
      span.undo = () => [[this.change({ start: span.start, end: span.end }, old, span)]];
      this.count('digit');
      return burst;
    }
    return [];
  }

  // Inserts text at a random point, or at the start or end of a random
  // line (where = 'any', 'start', 'end'); deleted again after `delay` edits.
  insertSpanEpisode(kind, text, delay, where) {
    let s = this.randomPoint();
    if (!s) return [];
    if (where !== 'any') {
      s = { line: s.line, character: where === 'start' ? 0 : this.doc.lines[s.line].length };
      if (this.conflicts(s, s)) return [];
    }
    const span = this.schedule({ start: s, end: s, point: false }, delay);
    const burst = [[this.change({ start: s, end: s }, text, span)]];
    span.end = Doc.after(s, text);
    span.undo = () => [[this.change({ start: span.start, end: span.end }, '', span)]];
    this.count(kind);
    return burst;
  }

  // Enter: at the end of a line, or anywhere (maybe inside a string or a
  // type, where it breaks the text).
  newlineEpisode(where) {
    const r = this.r;
    const text = '\n' + ' '.repeat(r.pick([0, 2, 4]));
    return this.insertSpanEpisode(`newline-${where}`, text, r.range(1, 300), where);
  }

  // Pastes a copy of whole lines (a balanced statement or block) at the
  // start of a line.
  pasteEpisode() {
    const r = this.r;
    for (let tries = 0; tries < 20; tries++) {
      const from = r.int(this.doc.lineCount);
      const n = r.chance(0.8) ? 1 : r.range(2, 12);
      const text = this.doc.lines.slice(from, from + n).join('\n');
      if (balanced(text)) return this.insertSpanEpisode('paste', text + '\n', r.range(1, 300), 'start');
    }
    return [];
  }

  // Cuts a whole (balanced) line; pastes it back later.
  cutEpisode() {
    const r = this.r;
    for (let tries = 0; tries < 20; tries++) {
      const line = r.int(this.doc.lineCount - 1);
      const s = { line, character: 0 }, e = { line: line + 1, character: 0 };
      if (this.conflicts(s, e) || !balanced(this.doc.lines[line])) continue;
      const removed = this.doc.slice({ start: s, end: e });
      const point = this.schedule({ start: s, end: s, point: true }, r.range(1, 300));
      const burst = [[this.change({ start: s, end: e }, '', point)]];
      point.undo = () => [[this.change({ start: point.start, end: point.start }, removed, point)]];
      this.count('cut');
      return burst;
    }
    return [];
  }

  brokenEpisode() {
    const r = this.r;
    return this.insertSpanEpisode('broken', r.pick(BROKEN), r.range(1, 4), 'any');
  }

  // Undoes the pending episodes that are due (or the oldest when too many).
  undoDue() {
    const burst = [];
    const due = this.pending.filter((p) => p.due <= this.edits);
    if (!due.length && this.pending.length > this.maxPending) due.push(this.pending[0]);
    // Newest first, one at a time: each undo moves the spans still pending.
    due.sort((a, b) => b.created - a.created);
    for (const p of due) {
      this.pending.splice(this.pending.indexOf(p), 1);
      burst.push(...p.undo());
    }
    return burst;
  }

  // Undoes everything still pending (the document returns to its start).
  undoAll() {
    const burst = [];
    while (this.pending.length) {
      const p = this.pending.pop();
      burst.push(...p.undo());
    }
    return burst;
  }

  // The next burst. Most episodes keep the text parseable (typing in
  // comments, deleting a space, digits, Enter at the end of a line, whole
  // lines pasted or cut); a share `breakRate` (default 2%) may break it
  // (typing or deleting anywhere, Enter inside a line, op fragments, a
  // whole op line typed key by key, unbalanced brackets), and is repaired
  // soon (syntaxError()).
  burst() {
    const r = this.r;
    const undo = this.undoDue();
    // A repair comes alone; other undos may come with the next episode.
    if (undo.length && (this.broken || r.chance(0.5))) return undo;
    let b;
    if (r.chance(this.breakRate)) {
      const k = r.next();
      if (k < 0.2) b = this.typeEpisode('word');
      else if (k < 0.4) b = this.typeEpisode('fragment');
      else if (k < 0.6) b = this.delcharEpisode('any');
      else if (k < 0.75) b = this.newlineEpisode('any');
      else if (k < 0.95) b = this.brokenEpisode();
      else b = this.typeEpisode('line');
    } else {
      const k = r.next();
      if (k < 0.25) b = this.typeEpisode('comment');
      else if (k < 0.32) b = this.delcharEpisode('space');
      else if (k < 0.4) b = this.delcharEpisode('comment');
      else if (k < 0.65) b = this.digitEpisode();
      else if (k < 0.75) b = this.newlineEpisode('end');
      else if (k < 0.87) b = this.pasteEpisode();
      else b = this.cutEpisode();
    }
    // Sometimes two changes in one didChange, as editors send for
    // multi-cursor edits (the second relative to the text after the first).
    if (b.length >= 2 && r.chance(0.1)) b.splice(0, 2, [...b[0], ...b[1]]);
    return undo.concat(b);
  }
}

module.exports = { prng, Doc, Editor, transform, cmp, balanced };
