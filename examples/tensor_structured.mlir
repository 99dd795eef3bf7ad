// tensor's structured ops (rules/tensor.json, "algebra"): reshapes by
// reassociation (tensor.collapse_shape, tensor.expand_shape), slices with
// static offsets, sizes and strides (tensor.extract_slice, insert_slice,
// rank-reduced results allowed), static padding (tensor.pad),
// tensor.concat, index counts (tensor.extract, tensor.insert),
// tensor.from_elements and tensor.reshape, in pretty and generic form.

func.func @correct(%t: tensor<6x4xf32>, %a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %i: index, %c: f32) -> tensor<6x3xf32> {
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into tensor<2x3x4xf32>
  %1 = tensor.collapse_shape %0 [[0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
  %2 = tensor.extract_slice %t[%i, 1] [1, 2] [1, 1] : tensor<6x4xf32> to tensor<2xf32>
  %3 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %4 = tensor.pad %a low[1, 0] high[0, 2] {
  ^bb0(%x: index, %y: index):
    tensor.yield %c : f32
  } : tensor<2x3xf32> to tensor<3x5xf32>
  %5 = tensor.extract %t[%i, %i] : tensor<6x4xf32>
  return %3 : tensor<6x3xf32>
}

func.func @incorrect(%t: tensor<6x4xf32>, %a: tensor<2x3xf32>, %b: tensor<4x4xf32>, %i: index, %c: f32) {
  // Wrong: the groups [0, 1] and [2] of 2x3x4 give 6x4, not 8x4.
  %0 = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 4] : tensor<6x4xf32> into tensor<2x4x4xf32>
  // Wrong: groups take consecutive dims in order: [[1], [0]] swaps them.
  %1 = "tensor.collapse_shape"(%a) <{reassociation = [[1], [0]]}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // Wrong: the slice reads columns 3 and 4 of a tensor with 4 columns.
  %2 = tensor.extract_slice %t[0, 3] [2, 2] [1, 1] : tensor<6x4xf32> to tensor<2x2xf32>
  // Wrong: dim 1 is 3 in %a but 4 in %b, and only dim 0 is concatenated.
  %3 = tensor.concat dim(0) %a, %b : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<6x3xf32>
  // Wrong: 3 + 0 + 2 columns make 5, and the result may not say `?` where the padded size is static.
  %4 = tensor.pad %a low[1, 0] high[0, 2] {
  ^bb0(%x: index, %y: index):
    tensor.yield %c : f32
  } : tensor<2x3xf32> to tensor<3x?xf32>
  // Wrong: a rank-2 tensor takes two indices.
  %5 = tensor.extract %t[%i] : tensor<6x4xf32>
  // Wrong: tensor<3xf32> has three elements (generic form: the pretty parser rejects the count itself).
  %6 = "tensor.from_elements"(%c, %c) : (f32, f32) -> tensor<3xf32>
  return
}

// tensor.cast (one element type; ranked both: one rank, each pair of dims
// equal or one of them `?`) and tensor.dim (a source of rank >= 1).

func.func @casts(%a: tensor<?x4xf32>, %b: tensor<3x4xf32>, %s: tensor<f32>, %i: index) {
  %0 = tensor.cast %a : tensor<?x4xf32> to tensor<2x4xf32>
  %1 = tensor.cast %b : tensor<3x4xf32> to tensor<*xf32>
  %2 = tensor.dim %b, %i : tensor<3x4xf32>
  // Wrong: 3 rows cannot be cast to 2.
  %3 = tensor.cast %b : tensor<3x4xf32> to tensor<2x4xf32>
  // Wrong: a rank-0 tensor has no dim to ask for.
  %4 = tensor.dim %s, %i : tensor<f32>
  return
}

// tensor.gather / tensor.scatter (gather_dims / scatter_dims: the index
// tensor's last dim counts them; the result is the index tensor's leading
// dims then the source with the gathered dims of size 1, or without them:
// the rank-reduced form; a scatter's source is that same type).

func.func @gathers(%s: tensor<4x5x6xf32>, %idx: tensor<2x3x1xindex>, %v: tensor<2x3x4x1x6xf32>) {
  %0 = tensor.gather %s[%idx] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x4x1x6xf32>
  %1 = tensor.gather %s[%idx] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x4x6xf32>
  %2 = tensor.scatter %v into %s[%idx] scatter_dims([1]) unique : (tensor<2x3x4x1x6xf32>, tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<4x5x6xf32>
  // Wrong: gathering dim 1 of 4x5x6 at 2x3 indices gives 2x3x4x1x6 (or 2x3x4x6).
  %3 = tensor.gather %s[%idx] gather_dims([1]) : (tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<2x3x4x5x6xf32>
  // Wrong: the index tensor's last dim (1) must count the scatter dims (2).
  %4 = tensor.scatter %v into %s[%idx] scatter_dims([0, 1]) unique : (tensor<2x3x4x1x6xf32>, tensor<4x5x6xf32>, tensor<2x3x1xindex>) -> tensor<4x5x6xf32>
  return
}
