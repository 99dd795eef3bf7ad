#!/usr/bin/env node
// grammar-test.js: tokenizes MLIR lines with the extension's TextMate grammar
// through the same engine VS Code uses (vscode-textmate + vscode-oniguruma,
// taken from the code-server install) and checks the scope of chosen tokens.
// A grammar whose regexes Oniguruma rejects fails here, not silently in the
// editor.
//
// usage: node grammar-test.js VSCODE_NODE_MODULES
// Prints one JSON line per case and `N passed, M failed`; exit 1 on failure.
'use strict';

const fs = require('fs');
const path = require('path');

const modules = process.argv[2];
if (!modules) { process.stderr.write('usage: node grammar-test.js VSCODE_NODE_MODULES\n'); process.exit(2); }
const tm = require(path.join(modules, 'vscode-textmate'));
const onig = require(path.join(modules, 'vscode-oniguruma'));
const grammarPath = path.join(__dirname, '..', '..', 'vscode-extension', 'syntaxes', 'mlir.tmLanguage.json');

// [line, token text, scope that token must carry]
const CASES = [
  ['  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>) -> tensor<3xi32>', 'broadcastable', 'entity.name.function.op.mlir'],
  ['  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>) -> tensor<3xi32>', 'test', 'entity.name.namespace.dialect.mlir'],
  ['  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>) -> tensor<3xi32>', '%a', 'variable.other.ssa.mlir'],
  ['  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>) -> tensor<3xi32>', 'tensor', 'storage.type.shaped.mlir'],
  ['func.func @bad(%a: tensor<2x?xf32>) -> tensor<*xf32> {', 'func', 'entity.name.namespace.dialect.mlir'],
  ['func.func @bad(%a: tensor<2x?xf32>) -> tensor<*xf32> {', '@bad', 'entity.name.function.symbol.mlir'],
  ['func.func @bad(%a: tensor<2x?xf32>) -> tensor<*xf32> {', '2x?x', 'constant.numeric.shape.mlir'],
  ['func.func @bad(%a: tensor<2x?xf32>) -> tensor<*xf32> {', 'f32', 'storage.type.builtin.mlir'],
  ['func.func @bad(%a: tensor<2x?xf32>) -> tensor<*xf32> {', '*x', 'constant.numeric.shape.mlir'],
  ['  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>) -> tensor<3xi32>', 'i32', 'storage.type.builtin.mlir'],
  ['  %1 = arith.addi %x#1, %y : vector<[4]x4xi32>', 'addi', 'entity.name.function.op.mlir'],
  ['  %1 = arith.addi %x#1, %y : vector<[4]x4xi32>', '#1', 'variable.other.ssa.result-number.mlir'],
  ['  %1 = arith.addi %x#1, %y : vector<[4]x4xi32>', '[4]x4x', 'constant.numeric.shape.mlir'],
  ['^bb0(%arg0: memref<4x8xf32, #map>):', '^bb0', 'entity.name.label.block.mlir'],
  ['^bb0(%arg0: memref<4x8xf32, #map>):', '#map', 'constant.other.attribute.mlir'],
  ['^bb0(%arg0: memref<4x8xf32, #map>):', 'memref', 'storage.type.shaped.mlir'],
  ['  %c = arith.constant dense<[1, 2]> : tensor<2xi64> loc("f.mlir":3:4)', 'dense', 'support.function.attribute.mlir'],
  ['  %c = arith.constant dense<[1, 2]> : tensor<2xi64> loc("f.mlir":3:4)', 'loc', 'keyword.other.location.mlir'],
  ['  %p = llvm.load %q : !llvm.ptr -> !quant.uniform<i8:f32, 0.5>', 'ptr', 'entity.name.type.mlir'],
  ['  %p = llvm.load %q : !llvm.ptr -> !quant.uniform<i8:f32, 0.5>', 'uniform', 'entity.name.type.mlir'],
  ['  %p = llvm.load %q : !llvm.ptr -> !quant.uniform<i8:f32, 0.5>', '0.5', 'constant.numeric.float.mlir'],
  ['// -----', '// -----', 'comment.line'],
  ['  return %0 : tensor<3xi32> // done', '// done', 'comment.line.double-slash.mlir'],
  ['  "foo.bar"() {name = "a\\"b"} : () -> ()', '"a\\"b"', 'string.quoted.double.mlir'],
];

async function main() {
  const wasm = fs.readFileSync(path.join(modules, 'vscode-oniguruma', 'release', 'onig.wasm')).buffer;
  await onig.loadWASM(wasm);
  const registry = new tm.Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new onig.OnigScanner(p), createOnigString: (s) => new onig.OnigString(s) }),
    loadGrammar: async (scope) => (scope === 'source.mlir'
      ? tm.parseRawGrammar(fs.readFileSync(grammarPath, 'utf8'), grammarPath) : null),
  });
  const grammar = await registry.loadGrammar('source.mlir');
  let passed = 0; let failed = 0;
  for (const [line, token, scope] of CASES) {
    const { tokens } = grammar.tokenizeLine(line, tm.INITIAL);
    const start = line.indexOf(token);
    // Every piece of the token must carry the scope.
    const pieces = tokens.filter((t) => t.endIndex > start && t.startIndex < start + token.length);
    const ok = start >= 0 && pieces.length > 0 && pieces.every((t) => t.scopes.some((s) => s.startsWith(scope)));
    if (ok) passed++; else failed++;
    process.stdout.write(JSON.stringify({ check: `grammar: ${token}`, ok, scope,
      ...(ok ? {} : { got: pieces.map((t) => ({ text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes })) }) }) + '\n');
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

main().then((c) => process.exit(c), (e) => { process.stdout.write(`error: ${e.stack || e}\n0 passed, 1 failed\n`); process.exit(1); });
