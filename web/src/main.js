// main.js: the playground page (web/index.html), bundled by web/build.mjs.
//
// A CodeMirror 6 editor over the checker compiled to WebAssembly
// (mlir-shape.js, MlirShape.load()). After each edit (debounced) the text
// goes through check and shapes, the same JSON as `mlir-shape check
// --format=json` and `shapes --format=json`; the findings become
// squiggles and the list under the editor, the shapes the values panel
// and inlay hints (⇒ T after a value whose inferred type is more precise
// than declared). Hovering asks the wasm for the language server's hover
// markdown. The text and the profile live in the URL fragment
// (#profile=strict&code=BASE64URL: UTF-8, base64url), so a link reproduces
// what is shown; #example=NAME opens one of examples/.
import { basicSetup } from 'codemirror';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import { EditorView, Decoration, WidgetType, hoverTooltip, keymap } from '@codemirror/view';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import { indentWithTab } from '@codemirror/commands';
import { marked } from 'marked';
import { mlirLanguage, mlirHighlighting } from './mlir-language.js';

const DATA = globalThis.MLIR_SHAPE_DATA || { examples: [], codes: {} };
const DEFAULT_EXAMPLE = 'mlir_broadcastable.mlir';
const $ = (id) => document.getElementById(id);

// ---- the URL fragment ----

function encodeText(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function decodeText(s) {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  let text = null;
  try {
    if (params.has('code')) text = decodeText(params.get('code'));
  } catch (e) {
    text = null;
  }
  return { text, strict: params.get('profile') === 'strict', example: params.get('example') };
}

function writeFragment(text, strict) {
  const params = new URLSearchParams();
  if (strict) params.set('profile', 'strict');
  params.set('code', encodeText(text));
  history.replaceState(null, '', '#' + params.toString());
}

// ---- positions ----

function offsetOf(doc, pos) {
  const line = doc.line(Math.min(pos.line + 1, doc.lines));
  return Math.min(line.from + pos.character, line.to);
}

function jumpTo(view, line, character) {
  const doc = view.state.doc;
  const at = offsetOf(doc, { line, character: character || 0 });
  view.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
  view.focus();
}

// ---- inlay hints ----

class InlayWidget extends WidgetType {
  constructor(text) {
    super();
    this.text = text;
  }
  eq(other) {
    return other.text === this.text;
  }
  toDOM() {
    const span = document.createElement('span');
    span.className = 'cm-inlay';
    span.textContent = '⇒ ' + this.text;
    return span;
  }
}

const setInlays = StateEffect.define();
const inlayField = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) if (e.is(setInlays)) deco = e.value;
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---- the explanation of a code ----

function explain(code) {
  const md = DATA.codes[code];
  $('explain-body').innerHTML = md ? marked.parse(md) : `<p>No explanation for <code>${code}</code>.</p>`;
  $('explain').showModal();
}

function codeLink(code) {
  const a = document.createElement('a');
  a.href = '#';
  a.className = 'code';
  a.dataset.code = code;
  a.textContent = code;
  a.title = 'What this code means (mlir-shape explain ' + code + ')';
  a.addEventListener('click', (ev) => {
    ev.preventDefault();
    explain(code);
  });
  return a;
}

// ---- the app ----

async function main() {
  const status = $('status');
  performance.mark('app-start');
  const ms = await MlirShape.load();
  performance.mark('wasm-ready');
  const initial = readFragment();
  let strict = initial.strict;
  const byName = new Map(DATA.examples.map((e) => [e.name, e.text]));
  const text = initial.text ?? byName.get(initial.example || DEFAULT_EXAMPLE) ?? '';

  // Examples and the profile switch.
  const select = $('example');
  for (const e of DATA.examples) select.add(new Option(e.name, e.name));
  select.value = initial.text == null ? initial.example || DEFAULT_EXAMPLE : '';
  const profile = $('profile');
  profile.value = strict ? 'strict' : 'default';

  let timer = null;
  const view = new EditorView({
    parent: $('editor'),
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        mlirLanguage,
        mlirHighlighting,
        EditorView.lineWrapping,
        lintGutter(),
        inlayField,
        hoverTooltip(valueHover, { hoverTime: 250 }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          clearTimeout(timer);
          timer = setTimeout(analyse, u.state.doc.length > 200000 ? 600 : 150);
        }),
      ],
    }),
  });

  function valueHover(v, pos) {
    const doc = v.state.doc;
    const line = doc.lineAt(pos);
    const md = ms.hover(doc.toString(), line.number - 1, pos - line.from, { strict });
    if (!md) return null;
    return {
      pos,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'cm-mlir-hover';
        dom.innerHTML = marked.parse(md);
        // The server's links to ops (file:///input.mlir#L18) jump here.
        for (const a of dom.querySelectorAll('a[href]')) {
          const m = /#L(\d+)(?:C(\d+))?$/.exec(a.getAttribute('href'));
          if (!m) continue;
          a.addEventListener('click', (ev) => {
            ev.preventDefault();
            jumpTo(view, Number(m[1]) - 1, m[2] ? Number(m[2]) - 1 : 0);
          });
        }
        return { dom };
      },
    };
  }

  function showFindings(findings) {
    const list = $('findings');
    list.replaceChildren();
    $('findings-count').textContent = findings.length
      ? `${findings.length} finding${findings.length > 1 ? 's' : ''}`
      : 'no findings';
    for (const f of findings) {
      const li = document.createElement('li');
      li.className = 'finding ' + f.severity;
      const loc = document.createElement('a');
      loc.href = '#';
      loc.className = 'loc';
      loc.textContent = `${f.range.start.line + 1}:${f.range.start.character + 1}`;
      loc.addEventListener('click', (ev) => {
        ev.preventDefault();
        jumpTo(view, f.range.start.line, f.range.start.character);
      });
      const sev = document.createElement('span');
      sev.className = 'severity';
      sev.textContent = f.severity;
      const msg = document.createElement('span');
      msg.className = 'message';
      msg.textContent = f.message;
      li.append(loc, ' ', sev, ' ', msg, ' [', codeLink(f.code), ']');
      list.append(li);
    }
  }

  function showValues(values) {
    const body = $('values');
    body.replaceChildren();
    for (const v of values) {
      const tr = document.createElement('tr');
      if (v.refined) tr.className = 'refined';
      const cell = (t, cls) => {
        const td = document.createElement('td');
        if (cls) td.className = cls;
        td.textContent = t ?? '';
        tr.append(td);
      };
      cell(v.name, 'name');
      cell(String(v.range.start.line + 1), 'line');
      cell(v.declared ?? '—', 'type');
      cell(v.refined ? v.inferred : v.inferred === v.declared ? '=' : v.inferred ?? '—', 'type');
      cell(v.op ? v.op.name : '', 'op');
      tr.addEventListener('click', () => jumpTo(view, v.range.start.line, v.range.start.character));
      body.append(tr);
    }
    $('values-count').textContent = `${values.length} value${values.length === 1 ? '' : 's'}`;
  }

  // check first (squiggles and the list), then shapes (values panel and
  // inlay hints) in a later task, so the findings show as early as they can.
  function analyse() {
    const doc = view.state.doc;
    const text = doc.toString();
    const t0 = performance.now();
    const report = JSON.parse(ms.check(text, { strict }) || '{"diagnostics":[]}');
    const elapsed = performance.now() - t0;
    const findings = report.diagnostics || [];
    const diagnostics = findings.map((f) => ({
      from: offsetOf(doc, f.range.start),
      to: offsetOf(doc, f.range.end),
      severity: f.severity === 'note' ? 'info' : f.severity,
      message: f.message + ' [' + f.code + ']',
      renderMessage() {
        const span = document.createElement('span');
        span.className = 'cm-mlir-finding';
        span.append(f.message + ' [', codeLink(f.code), ']');
        return span;
      },
    }));
    view.dispatch(setDiagnostics(view.state, diagnostics));
    showFindings(findings);
    writeFragment(text, strict);
    status.textContent = `checked ${text.length.toLocaleString()} characters in ${elapsed.toFixed(1)} ms` +
      (strict ? ' (--strict)' : '');
    document.body.dataset.checked = String(++checks);
    clearTimeout(shapesTimer);
    shapesTimer = setTimeout(() => showShapes(doc), 0);
  }

  function showShapes(doc) {
    if (view.state.doc !== doc) return; // edited since: the next analyse shows them
    const table = JSON.parse(ms.shapes(doc.toString(), { strict }) || '{"files":[]}');
    const values = table.files && table.files[0] ? table.files[0].values : [];
    const hints = values
      .filter((v) => v.refined && v.inferred)
      .map((v) => Decoration.widget({ widget: new InlayWidget(v.inferred), side: 1 }).range(offsetOf(doc, v.range.end)))
      .sort((a, b) => a.from - b.from);
    view.dispatch({ effects: setInlays.of(Decoration.set(hints, true)) });
    showValues(values);
    document.body.dataset.shapes = String(++shapesShown);
  }
  let shapesTimer = null, shapesShown = 0;
  let checks = 0;

  select.addEventListener('change', () => {
    const t = byName.get(select.value);
    if (t == null) return;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t }, selection: { anchor: 0 } });
    clearTimeout(timer);
    analyse();
  });
  profile.addEventListener('change', () => {
    strict = profile.value === 'strict';
    analyse();
  });
  $('explain-close').addEventListener('click', () => $('explain').close());
  view.dom.addEventListener('input', () => {
    if (select.value) select.value = '';
  });

  performance.mark('editor-ready');
  analyse();
  performance.mark('checked');
  // For bench/web_bench.js: when the first findings were on the page.
  document.body.dataset.readyMs = performance.now().toFixed(1);
  document.body.classList.add('ready');
  globalThis.playground = { view, analyse };
}

main().catch((e) => {
  $('status').textContent = 'The checker failed to load: ' + e;
  console.error(e);
});

if ('serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('sw.js').catch(() => {});
}
