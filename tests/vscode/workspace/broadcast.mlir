// Fixture for tests/vscode/drive.js: three broadcasting ops, one per chunk.
// The split markers below keep one chunk's error from hiding the others from
// servers that verify a whole buffer (mlir-lsp-server does).

// Not broadcast-compatible: dim 0 is 3 in %a but 2 in %b.
func.func @bad(%a: tensor<3xi32>, %b: tensor<2xi32>) -> tensor<3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// The declared result is less precise than the inferred tensor<2x3xi32>.
func.func @dynamic(%a: tensor<2x1xi32>, %b: tensor<3xi32>) -> tensor<?x3xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<?x3xi32>
  return %0 : tensor<?x3xi32>
}

// -----

// The declared result is wrong: the operands broadcast to tensor<2x3xi32>.
func.func @wrong(%a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> tensor<2x4xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// Shapes flow: %0 is declared tensor<*xi32> but is tensor<2x3xi32>.
func.func @flow(%a: tensor<2x1xi32>, %b: tensor<3xi32>, %c: tensor<1x3xi32>) -> tensor<?x?xi32> {
  %0 = "test.broadcastable"(%a, %b) : (tensor<2x1xi32>, tensor<3xi32>) -> tensor<*xi32>
  %1 = "test.broadcastable"(%0, %c) : (tensor<*xi32>, tensor<1x3xi32>) -> tensor<?x?xi32>
  return %1 : tensor<?x?xi32>
}
