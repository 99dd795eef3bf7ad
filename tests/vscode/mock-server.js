#!/usr/bin/env node
// mock-server.js: a stand-in LSP server that answers for the fixture what
// mlir-shape's server is specified to answer (diagnostic, hover with a
// derivation table, inlay hint, quick fix, mlirShape/inferredShape), with
// canned text keyed on the fixture's lines. It exists only to develop and
// debug drive.js's page reading before the real server is ready; it proves
// nothing about mlir-shape. Run: MLIR_SHAPE_TEST_SERVER=tests/vscode/mock-server.js
// MLIR_SHAPE_TEST_PROFILE=mlir-shape scripts/vscode-test.sh BIN
'use strict';

const INFERRED = 'tensor<2x3xi32>';
const docs = new Map();
let buf = Buffer.alloc(0);

function send(msg) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...msg }));
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
}

function opRange(lines, piece) {
  const line = lines.findIndex((l) => l.includes(piece) && l.includes('"test.broadcastable"'));
  if (line < 0) return null;
  const c = lines[line].indexOf('"test.broadcastable"');
  return { line, name: { start: { line, character: c }, end: { line, character: c + 20 } } };
}

function publish(uri) {
  const lines = docs.get(uri);
  const bad = opRange(lines, 'tensor<2xi32>) -> tensor<3xi32>');
  const diagnostics = bad ? [{
    range: bad.name, severity: 1, source: 'mlir-shape', code: 'incompatible-dims',
    message: 'operands %a and %b are not broadcast-compatible: dim 0 is 3 in %a but 2 in %b',
  }] : [];
  send({ method: 'textDocument/publishDiagnostics', params: { uri, diagnostics } });
}

const markdown = `**test.broadcastable**: rule \`broadcastable\`\n\nInferred result: \`${INFERRED}\`\n\n| dim | %a | %b | result |\n|---|---|---|---|\n| 0 | 2 | 1 | 2 |\n| 1 | 1 | 3 | 3 |`;

function handle(m) {
  const p = m.params || {};
  switch (m.method) {
    case 'initialize':
      return { capabilities: { textDocumentSync: 1, hoverProvider: true, inlayHintProvider: true, codeActionProvider: { codeActionKinds: ['quickfix'] } } };
    case 'textDocument/didOpen': docs.set(p.textDocument.uri, p.textDocument.text.split('\n')); publish(p.textDocument.uri); return undefined;
    case 'textDocument/didChange': docs.set(p.textDocument.uri, p.contentChanges[p.contentChanges.length - 1].text.split('\n')); publish(p.textDocument.uri); return undefined;
    case 'textDocument/hover': {
      const l = (docs.get(p.textDocument.uri) || [])[p.position.line] || '';
      return l.includes('"test.broadcastable"') ? { contents: { kind: 'markdown', value: markdown } } : null;
    }
    case 'mlirShape/inferredShape': return { type: INFERRED, rule: 'broadcastable', markdown };
    case 'textDocument/inlayHint': {
      const lines = docs.get(p.textDocument.uri) || [];
      const dyn = opRange(lines, '-> tensor<?x3xi32>');
      return dyn ? [{ position: { line: dyn.line, character: lines[dyn.line].length }, label: ` ⇒ ${INFERRED}`, paddingLeft: true }] : [];
    }
    case 'textDocument/codeAction': {
      const lines = docs.get(p.textDocument.uri) || [];
      const w = opRange(lines, '-> tensor<2x4xi32>');
      if (!w || p.range.start.line !== w.line) return [];
      const c = lines[w.line].lastIndexOf('tensor<2x4xi32>');
      const range = { start: { line: w.line, character: c }, end: { line: w.line, character: c + 15 } };
      return [{ title: `Replace result type with ${INFERRED}`, kind: 'quickfix', edit: { changes: { [p.textDocument.uri]: [{ range, newText: INFERRED }] } } }];
    }
    case 'shutdown': return null;
    case 'exit': process.exit(0); return undefined;
    default: return m.id !== undefined ? null : undefined;
  }
}

process.stdin.on('data', (chunk) => {
  buf = Buffer.concat([buf, chunk]);
  for (;;) {
    const head = buf.indexOf('\r\n\r\n');
    if (head < 0) return;
    const len = parseInt(/Content-Length: (\d+)/i.exec(buf.slice(0, head).toString())[1], 10);
    if (buf.length < head + 4 + len) return;
    const m = JSON.parse(buf.slice(head + 4, head + 4 + len).toString());
    buf = buf.slice(head + 4 + len);
    if (m.method === undefined) continue; // a response to us
    const result = handle(m);
    if (m.id !== undefined) send({ id: m.id, result: result === undefined ? null : result });
  }
});
