// linalg's structured ops through their indexing maps (rule
// "indexing-maps"): named contractions (linalg.matmul, batch_matmul,
// batch_reduce_matmul, matvec, vecmat, batch_matvec, batch_vecmat, dot)
// carry fixed default maps, so K must agree between the operands and the
// init must be M x N; linalg.copy and linalg.fill write the init's shape
// (a rank-0 input is a scalar); linalg.map's inputs have exactly the
// init's shape; linalg.generic's own maps give the loop sizes, and a sum
// such as `d0 * 2 + d1` must stay inside its dim; named convolutions and
// poolings (linalg.conv_2d_nhwc_hwcf, depthwise_conv_*, pooling_*) read
// their input at `out * stride + window * dilation`; linalg.transpose and
// linalg.reduce compare the init with the permuted or reduced input exactly.

func.func @correct(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %v: tensor<8xf32>, %y: tensor<4xf32>, %x: tensor<9xf32>, %k: tensor<3xf32>, %img: tensor<1x9x9x3xf32>, %f: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>) -> tensor<4x16xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  %1 = linalg.matvec ins(%a, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%y : tensor<4xf32>) -> tensor<4xf32>
  %2 = linalg.map { arith.addf } ins(%0, %c : tensor<4x16xf32>, tensor<4x16xf32>) outs(%c : tensor<4x16xf32>)
  %3 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %k : tensor<9xf32>, tensor<3xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%i: f32, %w: f32, %acc: f32):
    linalg.yield %i : f32
  } -> tensor<4xf32>
  %4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%img, %f : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %2 : tensor<4x16xf32>
}

func.func @incorrect(%a: tensor<4x8xf32>, %b: tensor<7x16xf32>, %c: tensor<4x16xf32>, %d: tensor<?x16xf32>, %y: tensor<4xf32>, %x: tensor<8xf32>, %k: tensor<3xf32>, %img: tensor<1x8x9x3xf32>, %f: tensor<3x3x3x8xf32>, %o: tensor<1x4x4x8xf32>) {
  // Wrong: A is 4x8, so B's first dim (K) must be 8, not 7.
  %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<7x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  // Wrong: linalg.map compares shapes as written: `?` is not 4.
  %1 = linalg.map { arith.addf } ins(%c, %d : tensor<4x16xf32>, tensor<?x16xf32>) outs(%c : tensor<4x16xf32>)
  // Wrong: the output's 4 positions with stride 2 and a window of 3 read up to index 8, but the input has 8 elements.
  %2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 * 2 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %k : tensor<8xf32>, tensor<3xf32>) outs(%y : tensor<4xf32>) {
  ^bb0(%i: f32, %w: f32, %acc: f32):
    linalg.yield %i : f32
  } -> tensor<4xf32>
  // Wrong: permutation [1, 0] of 4x16 is 16x4; linalg.transpose compares the init exactly.
  %4 = linalg.transpose ins(%c : tensor<4x16xf32>) outs(%c : tensor<4x16xf32>) permutation = [1, 0]
  // Wrong: with strides 2, 4 output rows read input rows up to 3 * 2 + 2 = 8, so the input needs 9 rows, not 8.
  %3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%img, %f : tensor<1x8x9x3xf32>, tensor<3x3x3x8xf32>) outs(%o : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return
}

// The quantized convolutions and matmuls: the inputs, then two scalar zero
// points (indexing maps `-> ()`), then the init.

func.func @quantized(%i: tensor<1x8x8x3xi8>, %f: tensor<3x3x3x4xi8>, %z: i32, %o: tensor<1x6x6x4xi32>, %a: tensor<4x3xi8>, %b: tensor<3x5xi8>, %c: tensor<4x5xi32>) {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i, %f, %z, %z : tensor<1x8x8x3xi8>, tensor<3x3x3x4xi8>, i32, i32) outs(%o : tensor<1x6x6x4xi32>) -> tensor<1x6x6x4xi32>
  %1 = linalg.quantized_matmul ins(%a, %b, %z, %z : tensor<4x3xi8>, tensor<3x5xi8>, i32, i32) outs(%c : tensor<4x5xi32>) -> tensor<4x5xi32>
  // Wrong: the lhs's 5 columns against the rhs's 3 rows.
  %2 = linalg.quantized_matmul ins(%b, %b, %z, %z : tensor<3x5xi8>, tensor<3x5xi8>, i32, i32) outs(%c : tensor<4x5xi32>) -> tensor<4x5xi32>
  return
}

// The other named contractions (batch_matmul, batch_reduce_matmul, matvec,
// vecmat, batch_matvec, dot: their default indexing maps against the
// operands' dims) and linalg.contract (explicit indexing_maps).

#lc_a = affine_map<(m, n, k) -> (k, m)>
#lc_b = affine_map<(m, n, k) -> (k, n)>
#lc_c = affine_map<(m, n, k) -> (m, n)>

func.func @contractions(%a: tensor<2x4x8xf32>, %b: tensor<2x8x3xf32>, %c: tensor<2x4x3xf32>, %r: tensor<4x3xf32>, %m: tensor<4x8xf32>, %v: tensor<8xf32>, %w: tensor<4xf32>, %s: tensor<f32>, %t: tensor<8x4xf32>, %u: tensor<8x3xf32>, %c3: tensor<3x4x3xf32>, %r3: tensor<3x3xf32>) {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x3xf32>) outs(%c : tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %1 = linalg.batch_reduce_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x3xf32>) outs(%r : tensor<4x3xf32>) -> tensor<4x3xf32>
  %2 = linalg.matvec ins(%m, %v : tensor<4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.dot ins(%v, %v : tensor<8xf32>, tensor<8xf32>) outs(%s : tensor<f32>) -> tensor<f32>
  %4 = linalg.contract indexing_maps = [#lc_a, #lc_b, #lc_c] ins(%t, %u : tensor<8x4xf32>, tensor<8x3xf32>) outs(%r : tensor<4x3xf32>) -> tensor<4x3xf32>
  // Wrong: the batch is 2 in A and B, so the init's batch dim must be 2, not 3.
  %5 = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x3xf32>) outs(%c3 : tensor<3x4x3xf32>) -> tensor<3x4x3xf32>
  // Wrong: vecmat's vector (8) must match the matrix's rows (4).
  %6 = linalg.vecmat ins(%v, %m : tensor<8xf32>, tensor<4x8xf32>) outs(%v : tensor<8xf32>) -> tensor<8xf32>
  // Wrong: batch_matvec's vector is 2x8 (batch, K), not 8.
  %7 = linalg.batch_matvec ins(%a, %v : tensor<2x4x8xf32>, tensor<8xf32>) outs(%w : tensor<4xf32>) -> tensor<4xf32>
  // Wrong: with these maps m is 4 (dim 1 of %t) but the init has 3 rows.
  %8 = linalg.contract indexing_maps = [#lc_a, #lc_b, #lc_c] ins(%t, %u : tensor<8x4xf32>, tensor<8x3xf32>) outs(%r3 : tensor<3x3xf32>) -> tensor<3x3xf32>
  return
}
