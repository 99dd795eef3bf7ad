// wasm_equal.js BIN WEB_DIR CORPUS_GENERIC
//
// The browser build answers as the command line does: for every file in
// examples/ and in the shared corpus's generic files, check's JSON (default
// and --strict profiles) and shapes' JSON from build/web/mlir-shape.js
// under node equal, byte for byte, what the native binary prints with
// `check --format=json --jobs 1` and `shapes --format=json`. Each file is
// named alike on both sides (relative to the folder it is checked from).
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [bin, webDir, corpus] = process.argv.slice(2).map((p) => path.resolve(p));
const repo = path.resolve(__dirname, '..', '..');

function mlirFiles(dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...mlirFiles(p));
    else if (e.name.endsWith('.mlir')) out.push(p);
  }
  return out.sort();
}

function native(cwd, args) {
  const r = spawnSync(bin, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`${bin} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
}

require(path.join(webDir, 'mlir-shape.js')).load().then((ms) => {
  const sets = [{ root: repo, dir: path.join(repo, 'examples') }];
  if (fs.existsSync(corpus)) sets.push({ root: path.dirname(corpus), dir: corpus });
  else console.log(`# no corpus at ${corpus}`);
  let passed = 0, failed = 0, files = 0, findings = 0;
  for (const { root, dir } of sets) {
    for (const file of mlirFiles(dir)) {
      const name = path.relative(root, file);
      const text = fs.readFileSync(file, 'utf8');
      files++;
      const cases = [
        ['check', ['check', '--format=json', '--jobs', '1', name], (t) => ms.check(t, { filename: name })],
        ['check --strict', ['check', '--format=json', '--jobs', '1', '--strict', name],
          (t) => ms.check(t, { filename: name, strict: true })],
        ['shapes', ['shapes', '--format=json', name], (t) => ms.shapes(t, { filename: name })],
      ];
      for (const [what, args, wasm] of cases) {
        const want = native(root, args);
        const got = wasm(text);
        if (what === 'check') findings += JSON.parse(want).diagnostics.length;
        if (got === want && want.length > 0) {
          passed++;
        } else {
          failed++;
          let i = 0;
          while (i < want.length && want[i] === got[i]) i++;
          console.log(`FAIL ${what} ${name}: differs at byte ${i}:\n  native: ${want.slice(i, i + 160)}\n  wasm:   ${got.slice(i, i + 160)}`);
        }
      }
    }
  }
  console.log(`# ${files} files (${findings} findings by default), check, check --strict and shapes each`);
  console.log(`wasm_equal: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
});
