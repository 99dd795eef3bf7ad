#!/usr/bin/env node
// drive.js: the mlir-shape extension seen through a real VS Code (code-server)
// in headless Chromium, as a person uses it: open the fixture from the
// Explorer, then check the error squiggle, the Problems panel, the hover (on
// an op and on a value), the inlay hint, the quick fix and the "Show Inferred Shape" command. Every
// check reads the page (DOM text, positions) and writes a screenshot.
//
// usage: node drive.js --url URL --workspace DIR --screens DIR
//          [--profile mlir-shape|llvm] [--timeout S]
// DIR is the workspace code-server opened (a throwaway copy: the quick fix
// is saved and read back from disk; a broken server path is set in its
// .vscode/settings.json). Expectations live in expect.js.
// Prints one JSON line per event and a closing `N passed, M failed`; exits
// 1 when anything failed.
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');
const { FILE, PROFILES } = require('./expect');

function arg(name, def) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 ? process.argv[i + 1] : def;
}
const url = arg('url');
const workspace = arg('workspace');
const screens = path.resolve(arg('screens', 'screens'));
const profileName = arg('profile', 'mlir-shape');
const timeoutMs = Math.round(parseFloat(arg('timeout', '30')) * 1000);
const expect = PROFILES[profileName];
if (!url || !workspace || !expect) {
  process.stderr.write('usage: node drive.js --url URL --workspace DIR --screens DIR [--profile mlir-shape|llvm] [--timeout S]\n');
  process.exit(2);
}

const results = { passed: 0, failed: 0, skipped: 0 };
function emit(o) { process.stdout.write(JSON.stringify(o) + '\n'); }
function record(name, ok, detail) {
  results[ok ? 'passed' : 'failed']++;
  emit({ check: name, ok, ...detail });
}

const fixturePath = path.join(workspace, FILE);
const fixture = fs.readFileSync(fixturePath, 'utf8').split('\n');

/** 1-based line of the op whose line contains `piece`, and the column inside its name. */
function locate(piece) {
  const i = fixture.findIndex((l) => l.includes(piece));
  if (i < 0) throw new Error(`fixture has no line with ${piece}`);
  const name = fixture[i].indexOf('"test.broadcastable"');
  return { line: i + 1, col: (name >= 0 ? name : fixture[i].search(/\S/)) + 3 };
}

async function shot(page, name) {
  const p = path.join(screens, name);
  await page.screenshot({ path: p });
  emit({ event: 'screenshot', path: p });
}

async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill('>' + title);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Cursor to line:col through Go to Line; returns the cursor's box. */
async function gotoPosition(page, line, col) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget', { state: 'visible' });
  await page.keyboard.type(`${line}:${col}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  return page.locator('.monaco-editor.focused .cursors-layer .cursor').first().boundingBox();
}

/**
 * What the editor shows on a line: its rendered text (inlay hints included,
 * which the file does not contain) and its vertical extent. Lines are
 * matched to their line number through the gutter's y position.
 */
async function renderedLine(page, line) {
  return page.evaluate((n) => {
    const editor = document.querySelector('.editor-instance .monaco-editor') || document.querySelector('.monaco-editor');
    const num = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')]
      .find((e) => e.textContent.trim() === String(n));
    if (!num) return null;
    const y = num.getBoundingClientRect().top;
    const row = [...editor.querySelectorAll('.view-lines .view-line')]
      .find((e) => Math.abs(e.getBoundingClientRect().top - y) < 2);
    if (!row) return null;
    const r = row.getBoundingClientRect();
    const hints = [...row.querySelectorAll('span')]
      .filter((s) => s.children.length === 0 && /inlay|ced-/i.test(s.className))
      .map((s) => ({ text: s.textContent, x: s.getBoundingClientRect().left }));
    return { text: row.textContent.replace(/\u00a0/g, ' '), top: r.top, bottom: r.bottom, left: r.left, hints };
  }, line);
}

/** The text of `line` that lies under the given horizontal extents (squiggles). */
async function textUnder(page, line, boxes) {
  return page.evaluate(([n, spans]) => {
    const editor = document.querySelector('.editor-instance .monaco-editor');
    const num = [...editor.querySelectorAll('.margin-view-overlays .line-numbers')]
      .find((e) => e.textContent.trim() === String(n));
    const y = num.getBoundingClientRect().top;
    const row = [...editor.querySelectorAll('.view-lines .view-line')]
      .find((e) => Math.abs(e.getBoundingClientRect().top - y) < 2);
    const out = spans.map(() => '');
    const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      for (let i = 0; i < t.length; i++) {
        const range = document.createRange();
        range.setStart(t, i);
        range.setEnd(t, i + 1);
        const r = range.getBoundingClientRect();
        const mid = r.left + r.width / 2;
        spans.forEach((s, k) => { if (mid >= s.left && mid <= s.left + s.width) out[k] += t.data[i]; });
      }
    }
    return out.map((s) => s.replace(/\u00a0/g, ' '));
  }, [line, boxes]);
}

async function checkSquiggle(page) {
  const d = expect.diagnostic;
  const at = locate(d.op);
  await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: timeoutMs });
  await page.waitForTimeout(500);
  const row = await renderedLine(page, at.line);
  const boxes = await page.locator('.editor-instance .monaco-editor .squiggly-error').evaluateAll((els) =>
    els.map((e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, width: r.width }; }));
  await shot(page, '01-squiggle.png');
  // The squiggle must sit on the bad op's line, under the expected text.
  const onLine = boxes.filter((b) => row && b.top >= row.top - 2 && b.bottom <= row.bottom + 2);
  const under = onLine.length ? await textUnder(page, at.line, onLine) : [];
  record('squiggle on the bad op', under.some((t) => t.includes(d.squiggled)),
    { line: at.line, expected: d.squiggled, squiggled: under, squiggles: boxes.length });
}

async function checkProblems(page) {
  const d = expect.diagnostic;
  await page.keyboard.press('Escape');
  await runCommand(page, 'View: Focus Problems');
  const rows = page.locator('.markers-panel .monaco-list-row');
  await rows.first().waitFor({ state: 'visible', timeout: timeoutMs });
  await page.waitForTimeout(500);
  const entries = await rows.evaluateAll((els) => els.map((e) => ({
    label: e.getAttribute('aria-label') || '', text: e.innerText.replace(/\s+/g, ' ') })));
  await shot(page, '02-problems.png');
  const at = locate(d.op);
  const hit = entries.find((e) => d.message.test(e.label + ' ' + e.text));
  const text = hit ? hit.label + ' ' + hit.text : '';
  const ok = !!hit && text.includes(d.source)
    && (d.code === null || text.includes(d.code))
    && new RegExp(`\\b(line ${at.line}\\b|Ln ${at.line}\\b)`).test(text);
  record('problems panel entry', ok, { expected: { source: d.source, code: d.code, line: at.line }, entries });
  await runCommand(page, 'View: Toggle Panel Visibility'); // open here: this hides it
}

async function hoverText(page, line, col) {
  const box = await gotoPosition(page, line, col);
  if (!box) throw new Error(`no cursor at ${line}:${col}`);
  await page.mouse.move(5, 5);
  await page.waitForTimeout(200);
  await page.mouse.move(box.x + 4, box.y + box.height / 2, { steps: 5 });
  const hover = page.locator('.monaco-hover:not(.hidden)').first();
  await hover.waitFor({ state: 'visible', timeout: timeoutMs });
  await page.waitForTimeout(1000); // the LSP part arrives after the widget opens
  return {
    text: (await hover.innerText()).trim(),
    table: await hover.locator('table').count() > 0,
  };
}

async function checkHover(page) {
  const h = expect.hover;
  const at = locate(h.op);
  const { text, table } = await hoverText(page, at.line, at.col);
  await shot(page, '03-hover.png');
  const missing = h.contains.filter((s) => !text.includes(s));
  record('hover shows the inferred shape', missing.length === 0 && (!h.table || table),
    { line: at.line, missing, table, text: text.slice(0, 400) });
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
}

async function checkValueHover(page) {
  const h = expect.valueHover;
  if (!h) { results.skipped++; emit({ check: 'value hover', skipped: profileName }); return; }
  const i = fixture.findIndex((l) => l.includes(h.line));
  if (i < 0) throw new Error(`fixture has no line with ${h.line}`);
  const col = fixture[i].indexOf(h.line) + h.line.indexOf(h.value) + 2;
  const { text } = await hoverText(page, i + 1, col);
  await shot(page, '11-value-hover.png');
  const missing = h.contains.filter((s) => !text.includes(s));
  record('hover on a value shows its inferred type and producer', missing.length === 0,
    { line: i + 1, col, missing, text: text.slice(0, 400) });
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
}

async function checkInlayHint(page) {
  const h = expect.inlayHint;
  if (!h) { results.skipped++; emit({ check: 'inlay hint', skipped: profileName }); return; }
  const at = locate(h.op);
  const deadline = Date.now() + timeoutMs;
  let row = null;
  // Inlay hints are requested after edits settle; poll the rendered line.
  while (Date.now() < deadline) {
    row = await renderedLine(page, at.line);
    if (row && row.text.includes(h.label) && row.text.length > fixture[at.line - 1].length) break;
    await page.waitForTimeout(300);
  }
  await shot(page, '04-inlay-hint.png');
  const source = fixture[at.line - 1];
  const rendered = row ? row.text : '';
  // The hint is text the editor shows but the file does not have, after the op name.
  const extra = rendered.length > source.length && !source.includes(h.label) && rendered.includes(h.label);
  const after = rendered.indexOf(h.label) > rendered.indexOf('"test.broadcastable"');
  record('inlay hint with the inferred type', extra && after, { line: at.line, rendered, hints: row ? row.hints : [] });
}

async function checkQuickFix(page) {
  const q = expect.quickFix;
  if (!q) { results.skipped++; emit({ check: 'quick fix', skipped: profileName }); return; }
  const at = locate(q.op);
  await gotoPosition(page, at.line, at.col);
  await page.keyboard.press('Control+.');
  const item = page.locator('.action-widget .monaco-list-row', { hasText: q.title }).first();
  let titles = [];
  try {
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
  } catch (e) {
    titles = await page.locator('.action-widget .monaco-list-row').allInnerTexts().catch(() => []);
  }
  await shot(page, '05-quickfix-menu.png');
  if (!(await item.isVisible())) {
    record('quick fix rewrites the result type', false, { reason: 'no such code action', titles });
    await page.keyboard.press('Escape');
    return;
  }
  await item.click();
  await page.waitForTimeout(500);
  const row = await renderedLine(page, at.line);
  // Read the editor's text back from disk after saving it.
  await page.keyboard.press('Control+S');
  await page.waitForTimeout(800);
  const saved = fs.readFileSync(fixturePath, 'utf8').split('\n');
  await shot(page, '06-quickfix-applied.png');
  const line = saved[at.line - 1] || '';
  const others = saved.filter((_, i) => i !== at.line - 1).join('\n') === fixture.filter((_, i) => i !== at.line - 1).join('\n');
  const ok = line.includes(q.after) && !line.includes(q.before) && others && !!row && row.text.includes(q.after);
  record('quick fix rewrites the result type', ok, { line: at.line, before: fixture[at.line - 1], after: line, othersUnchanged: others });
}

async function checkInferredCommand(page) {
  const c = expect.inferredCommand;
  const at = locate(c.op);
  await gotoPosition(page, at.line, at.col);
  await runCommand(page, 'mlir-shape: Show Inferred Shape');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'mlir-shape:' }).first();
  let text = '';
  try {
    await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    await page.waitForTimeout(800); // let the toast finish sliding in
    text = (await toast.innerText()).replace(/\s+/g, ' ');
  } catch (_) { /* recorded below */ }
  await shot(page, '07-show-inferred-shape.png');
  record('Show Inferred Shape command', text.includes(c.contains), { line: at.line, text });
}

async function checkStatus(page) {
  const item = page.locator('.statusbar-item', { hasText: 'mlir-shape' }).first();
  let html = '';
  try {
    await item.waitFor({ state: 'visible', timeout: timeoutMs });
    html = await item.innerHTML();
  } catch (_) { /* recorded below */ }
  record('status bar shows the server ready', /codicon-check/.test(html), { html: html.slice(0, 200) });
}

/**
 * Sets (or, with undefined, removes) a workspace setting by writing
 * .vscode/settings.json in the workspace, which VS Code watches like any
 * file of the workspace and which overrides the user settings.
 */
function setWorkspaceSetting(key, value) {
  const file = path.join(workspace, '.vscode', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const settings = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  if (value === undefined) delete settings[key]; else settings[key] = value;
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

async function statusIcon(page, icon) {
  const item = page.locator('.statusbar-item', { hasText: 'mlir-shape' }).locator(`.codicon-${icon}`).first();
  try { await item.waitFor({ state: 'attached', timeout: timeoutMs }); return true; } catch (_) { return false; }
}

// mlirShape.severity changed in the workspace settings reaches the running
// server (didChangeConfiguration, then its workspace/configuration pull):
// the bad op's error squiggle turns into a warning without a reload.
async function checkSeverityChange(page) {
  const c = expect.severityChange;
  if (!c) { results.skipped++; emit({ check: 'severity setting', skipped: profileName }); return; }
  const at = locate(c.op);
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 5);
  setWorkspaceSetting('mlirShape.severity', { [c.code]: 'warning' });
  let under = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const boxes = await page.locator('.editor-instance .monaco-editor .squiggly-warning').evaluateAll((els) =>
      els.map((e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, width: r.width }; }));
    const row = await renderedLine(page, at.line);
    const onLine = boxes.filter((b) => row && b.top >= row.top - 2 && b.bottom <= row.bottom + 2);
    if (onLine.length) { under = await textUnder(page, at.line, onLine); break; }
    await page.waitForTimeout(300);
  }
  await shot(page, '10-severity-warning.png');
  setWorkspaceSetting('mlirShape.severity', undefined);
  record('severity setting applies without a reload', under.length > 0, { line: at.line, code: c.code, warningUnder: under });
}

// A server path that cannot start: a notification that says how to fix it,
// an error in the status bar, and recovery once the setting is restored
// (changing mlirShape.server.path restarts the client without a reload).
async function checkBadServerPath(page) {
  await page.keyboard.press('Escape');
  await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
  setWorkspaceSetting('mlirShape.server.path', '/nonexistent/mlir-shape');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'cannot start the language server' }).first();
  let text = '';
  try {
    await toast.waitFor({ state: 'visible', timeout: timeoutMs });
    await page.waitForTimeout(800);
    text = (await toast.innerText()).replace(/\s+/g, ' ');
  } catch (_) { /* recorded below */ }
  const errorIcon = await statusIcon(page, 'error');
  await shot(page, '08-bad-server-path.png');
  record('error notification for a server that cannot start',
    text.includes('/nonexistent/mlir-shape') && text.includes('mlirShape.server.path') && /\bmake\b/.test(text) && errorIcon,
    { text, errorIcon });
  setWorkspaceSetting('mlirShape.server.path', undefined);
  const ready = await statusIcon(page, 'check');
  await shot(page, '09-server-restored.png');
  record('server restarts when mlirShape.server.path is fixed', ready, {});
}

async function main() {
  fs.mkdirSync(screens, { recursive: true });
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'mlir-shape-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1600, height: 900 },
    env: { ...process.env, HOME: profile, XDG_CONFIG_HOME: profile, XDG_CACHE_HOME: profile },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const t0 = Date.now();
  const page = context.pages()[0] || await context.newPage();
  try {
    page.setDefaultTimeout(timeoutMs);
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench');
    emit({ event: 'workbench', ms: Date.now() - t0 });
    const item = page.getByRole('treeitem', { name: FILE }).first();
    await item.waitFor({ state: 'visible' });
    await item.click();
    await page.waitForSelector(`.tab[aria-label*="${FILE}"]`);
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    emit({ event: 'opened', file: FILE, ms: Date.now() - t0 });
    const steps = [checkSquiggle, checkProblems, checkHover, checkValueHover, checkInlayHint, checkInferredCommand, checkStatus, checkQuickFix, checkSeverityChange, checkBadServerPath];
    for (const step of steps) {
      try {
        await step(page);
      } catch (e) {
        record(step.name, false, { error: String(e.message || e).split('\n')[0] });
        await shot(page, `99-failure-${step.name}.png`).catch(() => undefined);
        await page.keyboard.press('Escape').catch(() => undefined);
      }
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  emit({ event: 'done', ms: Date.now() - t0 });
  const skipped = results.skipped ? ` (${results.skipped} skipped with profile ${profileName})` : '';
  process.stdout.write(`${results.passed} passed, ${results.failed} failed${skipped}\n`);
  return results.failed === 0 && results.passed > 0 ? 0 : 1;
}

main().then((c) => process.exit(c), (e) => {
  emit({ event: 'error', message: String(e && e.message || e) });
  process.stdout.write(`${results.passed} passed, ${results.failed + 1} failed\n`);
  process.exit(1);
});
