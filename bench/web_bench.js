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

// CPU time (user + system, ms) of every process below this one: the
// browser's processes. A cold page load's CPU cost is its wall time on an
// idle machine (at most: some of it runs in parallel), whatever the load
// on a shared one.
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100);
function descendantsCpuMs() {
  const kids = new Map(), cpu = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
    } catch (e) {
      continue;
    }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(f[1]);
    if (!kids.has(ppid)) kids.set(ppid, []);
    kids.get(ppid).push(Number(d));
    cpu.set(Number(d), (Number(f[11]) + Number(f[12])) * TICK_MS);
  }
  let total = 0;
  const todo = [...(kids.get(process.pid) || [])];
  while (todo.length) {
    const pid = todo.pop();
    total += cpu.get(pid) || 0;
    todo.push(...(kids.get(pid) || []));
  }
  return total;
}

// Native check --jobs 1 through bench/measure.py: wall and CPU time of
// the process (start to exit), its output kept for the comparison.
function nativeCheck() {
  const outFile = path.join(path.dirname(file), '.bench-web-native.json');
  const r = spawnSync('python3', [path.join(__dirname, 'measure.py'), '--stdout', outFile, '--',
    bin, 'check', '--jobs', '1', '--format=json', path.basename(file)],
  { cwd: path.dirname(file), encoding: 'utf8' });
  const m = JSON.parse(r.stdout.trim().split('\n').pop());
  if (m.rc !== 0 && m.rc !== 1) throw new Error('native check failed: ' + r.stdout + r.stderr);
  const out = fs.readFileSync(outFile, 'utf8');
  fs.unlinkSync(outFile);
  return { ms: m.wall_s * 1000, cpu: m.cpu_s * 1000, out };
}

(async () => {
  const text = fs.readFileSync(file, 'utf8');
  const name = path.basename(file);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });

  // 1. page load, cold each time; beside it, as a yardstick of what the
  // machine gives a browser right now, a page with nothing in it: the
  // server's 404 page, from the same server, in the same browser.
  const loads = [], steps = [], cpus = [], blanks = [], blankCpus = [];
  for (let i = 0; i < rounds; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const c0 = descendantsCpuMs();
    const t0 = Date.now();
    await page.goto(url);
    await page.waitForSelector('body.ready', { timeout: 60000 });
    const wall = Date.now() - t0;
    const cpu = descendantsCpuMs() - c0;
    const ready = Number(await page.getAttribute('body', 'data-ready-ms'));
    // Where the time went: the page's marks (web/src/main.js).
    const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark')
      .map((m) => [m.name, Math.round(m.startTime)])));
    loads.push(ready);
    steps.push(marks);
    cpus.push(cpu);
    await context.close();

    const blankContext = await browser.newContext({ serviceWorkers: 'block' });
    const blankPage = await blankContext.newPage();
    const b0 = descendantsCpuMs();
    await blankPage.goto(url + 'no-such-page', { waitUntil: 'load' });
    const blankCpu = descendantsCpuMs() - b0;
    const blank = await blankPage.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
    blanks.push(blank);
    blankCpus.push(blankCpu);
    await blankContext.close();
    line({ what: 'page-load', round: i, ready_ms: ready, wall_ms: wall, browser_cpu_ms: cpu, marks,
      blank_page_ms: blank, blank_page_cpu_ms: blankCpu });
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
  const native = [], nativeCpu = [], node = [], nodeCpu = [], chrome = [];
  let same = true, findings = 0;
  ms.check(text, { filename: name }); // warm: the first call compiles
  await inPage(text);
  for (let i = 0; i < rounds; i++) {
    const n = nativeCheck();
    native.push(n.ms);
    nativeCpu.push(n.cpu);
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const out = ms.check(text, { filename: name });
    node.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const dc = process.cpuUsage(c0);
    nodeCpu.push((dc.user + dc.system) / 1000);
    const c = await inPage(text);
    chrome.push(c.ms);
    same = same && out === n.out && c.length === n.out.length;
    findings = JSON.parse(out).diagnostics.length;
    line({ what: 'check-1MB', round: i, native_ms: n.ms, native_cpu_ms: n.cpu, wasm_node_ms: node[i],
      wasm_node_cpu_ms: nodeCpu[i], wasm_chromium_ms: c.ms, same });
  }
  await browser.close();

  const bytes = Buffer.byteLength(text);
  const rn = best(node) / best(native), rc = best(chrome) / best(native), rcpu = best(nodeCpu) / best(nativeCpu);
  const load = require('os').loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log('');
  console.log(`machine load average (1, 5, 15 min) at the end: ${load}`);
  console.log(`page load (${rounds} cold loads from ${url}): median ${median(loads).toFixed(0)} ms, ` +
    `best ${best(loads).toFixed(0)} ms, worst ${Math.max(...loads).toFixed(0)} ms (navigation start to findings shown)`);
  const mk = (k) => median(steps.map((m) => m[k] || 0)).toFixed(0);
  console.log(`  medians: app.js running at ${mk('app-start')} ms, wasm ready ${mk('wasm-ready')} ms, ` +
    `editor ${mk('editor-ready')} ms, first check shown ${mk('checked')} ms`);
  console.log(`  CPU time of the browser's processes per load: median ${median(cpus).toFixed(0)} ms`);
  console.log(`  yardstick, an empty page (the server's 404) in the same rounds: median ${median(blanks).toFixed(0)} ms, ` +
    `CPU ${median(blankCpus).toFixed(0)} ms; the playground is ${(median(loads) / median(blanks)).toFixed(1)}x that`);
  console.log(`check --format=json of ${(bytes / 1e6).toFixed(2)} MB (${findings} findings), best of ${rounds}, wall / CPU:`);
  console.log(`  native check --jobs 1   ${best(native).toFixed(0)} ms / ${best(nativeCpu).toFixed(0)} ms (the process, start to exit)`);
  console.log(`  wasm under node         ${best(node).toFixed(0)} ms / ${best(nodeCpu).toFixed(0)} ms   ` +
    `${rn.toFixed(2)}x wall, ${rcpu.toFixed(2)}x CPU`);
  console.log(`  wasm in Chromium        ${best(chrome).toFixed(0)} ms   ${rc.toFixed(2)}x wall`);
  console.log(`  same JSON as native: ${same ? 'yes' : 'NO'}`);
  const worst = Math.max(rn, rc, rcpu);
  console.log('targets:');
  console.log(`  page load under 2 s: ${median(loads).toFixed(0)} ms  ${median(loads) < 2000 ? 'met' : 'NOT met'}`);
  console.log(`  1 MB in the wasm under 3x native: ${worst.toFixed(2)}x (the largest ratio)  ${worst < 3 ? 'met' : 'NOT met'}`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
