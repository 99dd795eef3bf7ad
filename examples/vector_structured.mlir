// vector's structured ops (rules/vector.json, "algebra"): vector.transpose
// (a permutation of the source's dims), vector.extract / vector.insert (at
// most one position per dim, each inside its dim; the extracted result is
// the dims after the position, a vector<1xT> standing for T),
// vector.extract_strided_slice (offsets, sizes and unit strides inside the
// source), vector.from_elements (one operand per element) and
// vector.multi_reduction (the source without the reduced dims).

func.func @correct(%v: vector<2x3x4xf32>, %s: vector<4xf32>, %i: index, %x: f32) -> vector<4x2x3xf32> {
  %0 = vector.transpose %v, [2, 0, 1] : vector<2x3x4xf32> to vector<4x2x3xf32>
  %1 = vector.extract %v[0, %i] : vector<4xf32> from vector<2x3x4xf32>
  %2 = vector.insert %s, %v[1, 2] : vector<4xf32> into vector<2x3x4xf32>
  %3 = vector.extract_strided_slice %v {offsets = [0, 1], sizes = [2, 2], strides = [1, 1]} : vector<2x3x4xf32> to vector<2x2x4xf32>
  %4 = vector.from_elements %x, %x : vector<2xf32>
  %5 = vector.multi_reduction <add>, %v, %s [0, 1] : vector<2x3x4xf32> to vector<4xf32>
  return %0 : vector<4x2x3xf32>
}

func.func @incorrect(%v: vector<2x3x4xf32>, %s: vector<4xf32>, %i: index, %x: f32) {
  // Wrong: [2, 1, 0] gives vector<4x3x2xf32>.
  %0 = vector.transpose %v, [2, 1, 0] : vector<2x3x4xf32> to vector<4x2x3xf32>
  // Wrong: after two positions of 2x3x4 the result is vector<4xf32>.
  %1 = vector.extract %v[0, %i] : vector<3xf32> from vector<2x3x4xf32>
  // Wrong: dim 1 has 3 rows, so position 3 is outside it.
  %2 = vector.insert %s, %v[1, 3] : vector<4xf32> into vector<2x3x4xf32>
  // Wrong: offset 2 and size 2 run past dim 1's 3 rows.
  %3 = vector.extract_strided_slice %v {offsets = [0, 2], sizes = [2, 2], strides = [1, 1]} : vector<2x3x4xf32> to vector<2x2x4xf32>
  // Wrong: reducing dims 1 and 2 of 2x3x4 leaves vector<2xf32>.
  %4 = vector.multi_reduction <add>, %v, %s [1, 2] : vector<2x3x4xf32> to vector<4xf32>
  return
}

// More of vector's structured ops: vector.reduction (a 0-d or 1-d source),
// vector.insert_strided_slice (one offset per destination dim, the source
// against the trailing dims), vector.constant_mask / vector.create_mask
// (one size per dim, each inside it), vector.interleave /
// vector.deinterleave (the trailing dim doubled / halved) and
// vector.bitcast (the trailing dim holds as many bits).

func.func @correct_more(%s: vector<4xf32>, %m: vector<2x4xf32>, %d: vector<16x4x8xf32>, %i: index) -> vector<2x8xf16> {
  %0 = vector.reduction <add>, %s : vector<4xf32> into f32
  %1 = vector.insert_strided_slice %m, %d {offsets = [0, 0, 2], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  %2 = vector.constant_mask [3, 2] : vector<4x3xi1>
  %3 = vector.create_mask %i, %i : vector<4x3xi1>
  %4 = vector.interleave %m, %m : vector<2x4xf32> -> vector<2x8xf32>
  %5, %6 = vector.deinterleave %4 : vector<2x8xf32> -> vector<2x4xf32>
  %7 = vector.bitcast %m : vector<2x4xf32> to vector<2x8xf16>
  return %7 : vector<2x8xf16>
}

func.func @incorrect_more(%m: vector<2x4xf32>, %d: vector<16x4x8xf32>, %i: index, %o: vector<2x7xf32>) {
  // Wrong: a vector.reduction source has at most one dim.
  %0 = vector.reduction <add>, %m : vector<2x4xf32> into f32
  // Wrong: offset 5 and the source's 4 run past the destination's 8.
  %1 = vector.insert_strided_slice %m, %d {offsets = [0, 0, 5], strides = [1, 1]} : vector<2x4xf32> into vector<16x4x8xf32>
  // Wrong: 5 set rows in a mask of 4.
  %2 = vector.constant_mask [5, 2] : vector<4x3xi1>
  // Wrong: a 2-d mask takes two sizes.
  %3 = vector.create_mask %i : vector<4x3xi1>
  // Wrong: interleaving two 2x4 vectors gives vector<2x8xf32>.
  %4 = vector.interleave %m, %m : vector<2x4xf32> -> vector<4x4xf32>
  // Wrong: 7 elements cannot be split in two halves.
  %5, %6 = vector.deinterleave %o : vector<2x7xf32> -> vector<2x3xf32>
  // Wrong: 4 x 32 bits are 8 x 16 bits, not 3.
  %7 = vector.bitcast %m : vector<2x4xf32> to vector<2x3xf16>
  return
}
// vector.contract (indexing maps against the operands' dims, iterator
// types, the accumulator the free dims) and vector.transfer_read /
// vector.transfer_write (a permutation map with one result per vector dim,
// one index per source dim, a mask the vector's shape through the map).

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#tr2 = affine_map<(d0, d1) -> (d1, d0)>

func.func @correct_contract(%a: vector<4x8xf32>, %b: vector<8x3xf32>, %c: vector<4x3xf32>, %t: tensor<?x?xf32>, %i: index, %p: f32) -> vector<4x3xf32> {
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<8x3xf32> into vector<4x3xf32>
  %1 = vector.transfer_read %t[%i, %i], %p {permutation_map = #tr2} : tensor<?x?xf32>, vector<3x4xf32>
  %2 = vector.transfer_write %0, %t[%i, %i] {permutation_map = #id2} : vector<4x3xf32>, tensor<?x?xf32>
  return %0 : vector<4x3xf32>
}

func.func @incorrect_contract(%a: vector<4x8xf32>, %b: vector<6x3xf32>, %c: vector<4x3xf32>, %t: tensor<?x?xf32>, %i: index, %p: f32) {
  // Wrong: k is 8 in %a but 6 in %b.
  %0 = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xf32>, vector<6x3xf32> into vector<4x3xf32>
  return
}

func.func @incorrect_transfer(%t: tensor<?x?xf32>, %i: index, %p: f32) {
  // Wrong: a rank-2 source takes two indices, not one.
  %1 = vector.transfer_read %t[%i], %p {permutation_map = #tr2} : tensor<?x?xf32>, vector<3x4xf32>
  return
}

// vector.mask around one maskable op: a reduction's mask has its source's
// shape (i1 elements); an op that is not maskable, or a passthru for an op
// that takes none, is rejected.

func.func @masks(%m: vector<8xi1>, %m4: vector<4xi1>, %v: vector<8xf32>, %t: tensor<?xf32>, %i: index, %p: f32, %pt: vector<8xf32>) -> f32 {
  %0 = vector.mask %m { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  %1 = vector.mask %m, %pt { vector.transfer_read %t[%i], %p : tensor<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  // Wrong: the reduction's source is vector<8xf32>, so its mask is vector<8xi1>.
  %2 = vector.mask %m4 { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<4xi1> -> f32
  // Wrong: arith.addf is not maskable.
  %3 = vector.mask %m { arith.addf %v, %v : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  // Wrong: vector.reduction takes no passthru.
  %4 = vector.mask %m, %p { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return %0 : f32
}
