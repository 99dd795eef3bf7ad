// page.test.js: the playground (build/web) in a real browser.
//
// Debian's Chromium, headless, driven by playwright-core, opens the page
// from a server on 127.0.0.1 and does what a person would: the page opens
// on an example with a broadcast error, the squiggle appears and its
// message is read (from the lint tooltip and the list under the editor);
// another example is chosen, a value is hovered and its inferred shape
// read; the text is edited by keyboard and the finding goes away; the
// page is opened again from its URL and shows the same text; the profile
// switch turns a default warning into a --strict error; the page works
// offline once loaded. Screenshots
// go to build/web-test/. Every wait is for a condition.
//
// WEB_DIR (default build/web) is the page; CHROMIUM (default
// /usr/bin/chromium) the browser.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('fs');
const http = require('http');
const path = require('path');

const repo = path.resolve(__dirname, '..', '..');
const { chromium } = require(path.join(repo, 'web', 'node_modules', 'playwright-core'));
const webDir = path.resolve(process.env.WEB_DIR || path.join(repo, 'build', 'web'));
const shots = path.join(repo, 'build', 'web-test');
const TIMEOUT = 30000;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
};

// A static server of webDir on 127.0.0.1 (any free port).
function serve() {
  const server = http.createServer((req, res) => {
    let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (p.endsWith('/')) p += 'index.html';
    const file = path.join(webDir, path.normalize(p));
    if (!file.startsWith(webDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// The flags of /work/.library/env/machines/c.md's "Known to work": as
// root, no sandbox; nothing reaches out of the machine.
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let server, browser, base;

test.before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  server = await serve();
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ARGS,
    headless: true,
  });
});

test.after(async () => {
  if (browser) await browser.close();
  if (server) server.close();
});

async function open(url, serviceWorkers = 'block') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 }, serviceWorkers });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body.ready', { timeout: TIMEOUT });
  return { page, context, errors };
}

// Screen coordinates of the character at (line, character), 0-based.
async function coords(page, line, character) {
  return page.evaluate(([l, c]) => {
    const v = globalThis.playground.view;
    const pos = v.state.doc.line(l + 1).from + c;
    v.dispatch({ effects: [] });
    const r = v.coordsAtPos(pos);
    return { x: (r.left + r.right) / 2 + 2, y: (r.top + r.bottom) / 2 };
  }, [line, character]);
}

const editorText = (page) => page.evaluate(() => globalThis.playground.view.state.doc.toString());

test('the playground: squiggle, hover, edit, link', { timeout: 120000 }, async () => {
  const { page, context, errors } = await open(base);

  // Opened without a fragment: an example with a broadcast error.
  const example = fs.readFileSync(path.join(repo, 'examples', 'mlir_broadcastable.mlir'), 'utf8');
  assert.strictEqual(await editorText(page), example);
  await page.waitForSelector('.cm-lintRange-error', { timeout: TIMEOUT });
  const listed = await page.$$eval('#findings li', (lis) =>
    lis.map((li) => ({
      loc: li.querySelector('.loc').textContent,
      message: li.querySelector('.message').textContent,
      code: li.querySelector('a.code').textContent,
    })));
  const broadcast = listed.find((f) => f.code === 'incompatible-dims');
  assert.ok(broadcast, 'the list names incompatible-dims: ' + JSON.stringify(listed));
  assert.match(broadcast.message, /operands %a and %b are not broadcast-compatible/);
  await page.screenshot({ path: path.join(shots, '1-opened.png') });

  // The squiggle's own message: hover it.
  const lines = example.split('\n');
  const errLine = lines.findIndex((l) => l.includes('"tf.Mul"(%a, %b)'));
  const [line, column] = broadcast.loc.split(':').map(Number);
  assert.strictEqual(line - 1, errLine);
  const squiggle = await coords(page, errLine, column + 1);
  await page.mouse.move(squiggle.x, squiggle.y);
  const tip = await page.waitForSelector('.cm-tooltip-lint .cm-diagnostic-error', { timeout: TIMEOUT });
  const tipText = await tip.textContent();
  assert.ok(tipText.includes(broadcast.message), tipText);
  assert.ok(tipText.includes('incompatible-dims'), tipText);
  await page.screenshot({ path: path.join(shots, '2-squiggle-message.png') });

  // The code links to its explanation.
  await page.click('#findings li a.code >> text=incompatible-dims');
  await page.waitForSelector('#explain[open] h2', { timeout: TIMEOUT });
  assert.match(await page.textContent('#explain-body'), /cannot be broadcast together/);
  await page.click('#explain-close');
  await page.mouse.move(5, 5);

  // Another example: hover a value whose inferred shape differs from its declaration.
  await page.selectOption('#example', 'dataflow.mlir');
  const flow = fs.readFileSync(path.join(repo, 'examples', 'dataflow.mlir'), 'utf8');
  await page.waitForFunction((t) => globalThis.playground.view.state.doc.toString() === t, flow, { timeout: TIMEOUT });
  await page.waitForSelector('.cm-lintRange-error', { timeout: TIMEOUT });
  const flines = flow.split('\n');
  // The %0 of @incorrect, whose use the error is about.
  const fn = flines.findIndex((l) => l.includes('@incorrect'));
  const defLine = fn + flines.slice(fn).findIndex((l) => l.includes('%0 = "tf.AddV2"(%a, %b)'));
  const at = await coords(page, defLine, flines[defLine].indexOf('%0') + 1);
  await page.mouse.move(at.x, at.y);
  const hover = await page.waitForSelector('.cm-mlir-hover', { timeout: TIMEOUT });
  const hoverText = await hover.textContent();
  assert.match(hoverText, /Inferred: tensor<2x3xf32>/);
  assert.match(hoverText, new RegExp(`Defined here \\(line ${defLine + 1}\\), result 0 of tf\\.AddV2 at ${defLine + 1}:8`));
  await page.waitForSelector('#values tr.refined', { timeout: TIMEOUT });
  const inlay = await page.$$eval('.cm-inlay', (els) => els.map((e) => e.textContent));
  assert.ok(inlay.includes('⇒ tensor<2x3xf32>'), JSON.stringify(inlay));
  const refined = await page.$$eval('#values tr.refined', (trs) => trs.map((tr) => tr.textContent));
  assert.ok(refined.some((t) => t.startsWith('%0') && t.includes('tensor<2x3xf32>')), JSON.stringify(refined));
  await page.screenshot({ path: path.join(shots, '3-hover.png') });
  await page.mouse.move(5, 5);

  // Back to the broadcast error; comment out its op by keyboard.
  await page.selectOption('#example', 'mlir_broadcastable.mlir');
  await page.waitForFunction((t) => globalThis.playground.view.state.doc.toString() === t, example, { timeout: TIMEOUT });
  await page.waitForSelector('#findings li a.code >> text=incompatible-dims', { timeout: TIMEOUT });
  const start = await coords(page, errLine, lines[errLine].indexOf('%0'));
  await page.mouse.click(start.x - 2, start.y);
  await page.keyboard.type('// ');
  await page.waitForFunction(
    () => ![...document.querySelectorAll('#findings a.code')].some((a) => a.textContent === 'incompatible-dims'),
    null, { timeout: TIMEOUT });
  const after = await editorText(page);
  assert.ok(after.split('\n')[errLine].includes('// %0 = "tf.Mul"'), after.split('\n')[errLine]);
  const squiggles = await page.$$eval('.cm-lintRange-error', (els) => els.length);
  assert.ok(squiggles >= 1, 'the other error (line 15) is still squiggled');
  await page.waitForFunction(() => location.hash.includes('code='), null, { timeout: TIMEOUT });
  await page.screenshot({ path: path.join(shots, '4-edited.png') });

  // The link reproduces the text and the profile.
  await page.selectOption('#profile', 'strict');
  await page.waitForFunction(() => location.hash.includes('profile=strict'), null, { timeout: TIMEOUT });
  const url = page.url();
  await context.close();
  const again = await open(url);
  assert.strictEqual(await editorText(again.page), after);
  assert.strictEqual(await again.page.inputValue('#profile'), 'strict');
  await again.page.waitForSelector('#findings li', { timeout: TIMEOUT });
  await again.page.screenshot({ path: path.join(shots, '5-reopened.png') });
  await again.context.close();
  assert.deepStrictEqual(errors.concat(again.errors), []);
});

test('works offline once loaded', { timeout: 120000 }, async () => {
  // A server of its own, stopped once the page is loaded: whatever the
  // page shows after that comes from the service worker's cache.
  const own = await serve();
  const { page, context, errors } = await open(`http://127.0.0.1:${own.address().port}/`, 'allow');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: TIMEOUT });
  await new Promise((resolve) => {
    own.close(resolve);
    own.closeAllConnections();
  });
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body.ready', { timeout: TIMEOUT });
  await page.waitForSelector('.cm-lintRange-error', { timeout: TIMEOUT });
  assert.ok((await page.textContent('#findings')).includes('incompatible-dims'));
  await page.screenshot({ path: path.join(shots, '6-offline.png') });
  await context.close();
  assert.deepStrictEqual(errors, []);
});

test('the rule profile switch: default and --strict', { timeout: 120000 }, async () => {
  // mlir-opt-22 accepts a static result dim from two dynamic ones (a
  // warning here); the trait's document does not (--strict: an error).
  const text = 'func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) {\n' +
    '  %0 = "test.broadcastable"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<4xf32>\n' +
    '  return\n}\n';
  const { page, context, errors } = await open(base + '#code=' + Buffer.from(text).toString('base64url'));
  assert.strictEqual(await editorText(page), text);
  await page.waitForSelector('.cm-lintRange-warning', { timeout: TIMEOUT });
  const severity = () => page.$$eval('#findings li', (lis) => lis.map((li) =>
    li.querySelector('.severity').textContent + ' ' + li.querySelector('a.code').textContent));
  assert.deepStrictEqual(await severity(), ['warning dynamic-to-static']);
  await page.selectOption('#profile', 'strict');
  await page.waitForSelector('.cm-lintRange-error', { timeout: TIMEOUT });
  assert.deepStrictEqual(await severity(), ['error dynamic-to-static']);
  assert.ok(page.url().includes('profile=strict'));
  await page.screenshot({ path: path.join(shots, '7-strict.png') });
  await context.close();
  assert.deepStrictEqual(errors, []);
});
