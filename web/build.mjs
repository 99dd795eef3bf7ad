// build.mjs BIN OUT: the playground into OUT (make web). OUT already holds
// mlir-shape.js and mlir-shape.wasm (make wasm); this adds
//   app.js     src/main.js and CodeMirror 6, bundled by esbuild
//   data.js    the examples (../examples/*.mlir) and every finding code's
//              explanation (`BIN explain --markdown --all`, one entry per
//              code), as globalThis.MLIR_SHAPE_DATA
//   index.html, style.css, sw.js
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const [bin, out] = process.argv.slice(2);
if (!bin || !out) {
  console.error('usage: node build.mjs BIN OUT');
  process.exit(2);
}
fs.mkdirSync(out, { recursive: true });

// One markdown section per code: "## code" up to the next "## ".
const md = execFileSync(bin, ['explain', '--markdown', '--all'], { encoding: 'utf8' });
const codes = {};
for (const part of md.split(/^## /m).slice(1)) {
  const code = part.slice(0, part.indexOf('\n')).trim();
  codes[code] = '## ' + part.trimEnd();
}
const exdir = path.join(here, '..', 'examples');
const examples = fs
  .readdirSync(exdir)
  .filter((f) => f.endsWith('.mlir'))
  .sort()
  .map((name) => ({ name, text: fs.readFileSync(path.join(exdir, name), 'utf8') }));
fs.writeFileSync(path.join(out, 'data.js'), 'globalThis.MLIR_SHAPE_DATA = ' + JSON.stringify({ examples, codes }) + ';\n');

await build({
  entryPoints: [path.join(here, 'src', 'main.js')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  outfile: path.join(out, 'app.js'),
  logLevel: 'warning',
});
for (const f of ['index.html', 'style.css', 'sw.js']) fs.copyFileSync(path.join(here, f), path.join(out, f));
console.log(`web: ${out} (${examples.length} examples, ${Object.keys(codes).length} codes)`);
