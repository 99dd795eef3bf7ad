// vector ops (rules "vector-broadcast", "shape-cast", "outer-product"): a
// broadcast stretches only dims of 1 (a scalable [4] only to [4]), a shape
// cast keeps the element count, an outer product of vector<4> and vector<8>
// is vector<4x8>, and so must its accumulator be.

func.func @correct(%a: vector<1x[4]xf32>, %s: f32, %x: vector<4xf32>, %y: vector<8xf32>, %acc: vector<4x8xf32>) -> vector<4x8xf32> {
  %0 = vector.broadcast %a : vector<1x[4]xf32> to vector<3x2x[4]xf32>
  %1 = vector.broadcast %s : f32 to vector<4x8xf32>
  %2 = vector.shape_cast %1 : vector<4x8xf32> to vector<32xf32>
  %3 = vector.outerproduct %x, %y, %acc : vector<4xf32>, vector<8xf32>
  return %3 : vector<4x8xf32>
}

func.func @incorrect(%v: vector<5xi8>, %a: vector<[4]xf32>, %m: vector<2x3xf32>, %x: vector<4xf32>, %y: vector<8xf32>, %acc: vector<8x4xf32>) {
  // Wrong: 5 cannot become 1; only a source dim of 1 stretches.
  %0 = vector.broadcast %v : vector<5xi8> to vector<1xi8>
  // Wrong: a scalable [4] cannot become a fixed 4.
  %1 = vector.broadcast %a : vector<[4]xf32> to vector<2x4xf32>
  // Wrong: 6 elements cannot become 5.
  %2 = vector.shape_cast %m : vector<2x3xf32> to vector<5xf32>
  // Wrong: the accumulator is 8x4 but the outer product of 4 and 8 is 4x8.
  %3 = vector.outerproduct %x, %y, %acc : vector<4xf32>, vector<8xf32>
  return
}
