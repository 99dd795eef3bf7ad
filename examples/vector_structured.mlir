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
