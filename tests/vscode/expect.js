// expect.js: what tests/vscode/drive.js expects to see in VS Code, in one
// place. Profile `mlir-shape` is the real test (build/mlir-shape lsp); profile
// `llvm` is LLVM's mlir-lsp-server-22, used to develop the harness before our
// server existed (it has no inlay hints, code actions or inferred shapes, so
// those checks are reported as skipped there, never as passed).
//
// Ops are found by a piece of their line in workspace/broadcast.mlir, so the
// fixture can change without renumbering here.
'use strict';

const FILE = 'broadcast.mlir';
const BAD_OP = '(tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>';
const DYNAMIC_OP = '(tensor<2x1xi32>, tensor<3xi32>) -> tensor<?x3xi32>';
const WRONG_OP = '(tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x4xi32>';
const INFERRED = 'tensor<2x3xi32>';
const FLOW_USE = '"test.broadcastable"(%0, %c)';

/** @type {Record<string, any>} */
const PROFILES = {
  'mlir-shape': {
    diagnostic: {
      op: BAD_OP,
      source: 'mlir-shape',
      code: 'incompatible-dims',
      squiggled: 'tensor<2xi32>', // the diagnostic's range: the offending operand's type in the op's signature
      message: /are not broadcast-compatible: dim 0 is 3 in %\w+ but 2 in %\w+/,
    },
    hover: {
      op: DYNAMIC_OP,
      contains: ['Inferred result', INFERRED],
      table: true, // the per-dimension derivation
    },
    inlayHint: { op: DYNAMIC_OP, label: INFERRED },
    // A use of a value declared tensor<*xi32>: its inferred type and the op it came from.
    valueHover: { line: FLOW_USE, value: '%0', contains: ['Inferred', INFERRED, 'test.broadcastable at'] },
    quickFix: {
      op: WRONG_OP,
      title: `Replace result type with ${INFERRED}`,
      before: WRONG_OP,
      after: `(tensor<2x1xi32>, tensor<1x3xi32>) -> ${INFERRED}`,
    },
    inferredCommand: { op: DYNAMIC_OP, contains: INFERRED },
    severityChange: { op: BAD_OP, code: 'incompatible-dims' },
    statusReady: true,
  },
  llvm: {
    diagnostic: {
      op: BAD_OP,
      source: 'mlir',
      code: null,
      squiggled: 'test.broadcastable',
      message: /broadcast-compatible/,
    },
    hover: { op: DYNAMIC_OP, contains: ['test.broadcastable'], table: false },
    inlayHint: null,
    valueHover: null,
    quickFix: null,
    inferredCommand: { op: DYNAMIC_OP, contains: 'test.broadcastable' },
    severityChange: null,
    statusReady: true,
  },
};

module.exports = { FILE, PROFILES };
