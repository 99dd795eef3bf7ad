// web_bench.js BIN WEB_DIR URL FILE ROUNDS: the measurements of
// bench-web.sh. Prints one JSON line per measurement, then the table.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [binArg, webDir, url, fileArg, roundsArg] = process.argv.slice(2);
const bin = path.resolve(binArg), file = path.resolve(fileArg);
const rounds = Number(roundsArg) || 5;
const { chromium } = require(path.resolve(__dirname, '..', 'web', 'node_modules', 'playwright-core'));
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
const best = (a) => Math.min(...a);
const line = (o) => console.log(JSON.stringify(o));

function nativeCheck() {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(bin, ['check', '--jobs', '1', '--format=json', path.basename(file)],
    { cwd: path.dirname(file), encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0 && r.status !== 1) throw new Error('native check failed: ' + r.stderr);
  return { ms, out: r.stdout };
}

(async () => {
  const text = fs.readFileSync(file, 'utf8');
  const name = path.basename(file);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });

  // 1. page load, cold each time.
  const loads = [];
  for (let i = 0; i < rounds; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('body.ready', { timeout: 60000 });
    const wall = Date.now() - t0;
    const ready = Number(await page.getAttribute('body', 'data-ready-ms'));
    loads.push(ready);
    line({ what: 'page-load', round: i, ready_ms: ready, wall_ms: wall });
    await context.close();
  }

  // 2. the 1 MB file: native, wasm under node, wasm in Chromium, in turns.
  const ms = await require(path.resolve(webDir, 'mlir-shape.js')).load();
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body.ready', { timeout: 60000 });
  const inPage = (t) => page.evaluate(async ([t, n]) => {
    const m = await MlirShape.load();
    const t0 = performance.now();
    const out = m.check(t, { filename: n });
    return { ms: performance.now() - t0, length: out.length, findings: JSON.parse(out).diagnostics.length };
  }, [t, name]);
  const native = [], node = [], chrome = [];
  let same = true, findings = 0;
  ms.check(text, { filename: name }); // warm: the first call compiles
  await inPage(text);
  for (let i = 0; i < rounds; i++) {
    const n = nativeCheck();
    native.push(n.ms);
    const t0 = process.hrtime.bigint();
    const out = ms.check(text, { filename: name });
    node.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = await inPage(text);
    chrome.push(c.ms);
    same = same && out === n.out && c.length === n.out.length;
    findings = JSON.parse(out).diagnostics.length;
    line({ what: 'check-1MB', round: i, native_ms: n.ms, wasm_node_ms: node[i], wasm_chromium_ms: c.ms, same });
  }
  await browser.close();

  const bytes = Buffer.byteLength(text);
  const rn = best(node) / best(native), rc = best(chrome) / best(native);
  console.log('');
  console.log(`page load (${rounds} cold loads from ${url}): median ${median(loads).toFixed(0)} ms, ` +
    `best ${best(loads).toFixed(0)} ms, worst ${Math.max(...loads).toFixed(0)} ms (navigation start to findings shown)`);
  console.log(`check of ${(bytes / 1e6).toFixed(2)} MB (${findings} findings), best of ${rounds}:`);
  console.log(`  native check --jobs 1   ${best(native).toFixed(0)} ms (process start to exit)`);
  console.log(`  wasm under node         ${best(node).toFixed(0)} ms  ${rn.toFixed(2)}x`);
  console.log(`  wasm in Chromium        ${best(chrome).toFixed(0)} ms  ${rc.toFixed(2)}x`);
  console.log(`  same JSON as native: ${same ? 'yes' : 'NO'}`);
  console.log('targets:');
  console.log(`  page load under 2 s: ${median(loads).toFixed(0)} ms  ${median(loads) < 2000 ? 'met' : 'NOT met'}`);
  console.log(`  1 MB in the wasm under 3x native: ${Math.max(rn, rc).toFixed(2)}x  ${Math.max(rn, rc) < 3 ? 'met' : 'NOT met'}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
