// torch-mlir: aten ops on !torch.vtensor values, written as torch-mlir prints
// them (patterns of torch-mlir's test/Conversion/TorchToTosa/basic.mlir).
// add/sub/mul/div/maximum/minimum/where/eq broadcast numpy-wise (PyTorch's
// broadcasting semantics); add/sub's alpha is a scalar that takes no part.

func.func @correct(%arg0: !torch.vtensor<[?,?],f32>, %arg1: !torch.vtensor<[?,?],f32>, %arg2: !torch.vtensor<[64],f32>, %a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[3],f32>, %m: !torch.vtensor<[2,1],i1>) {
  %int1 = torch.constant.int 1
  %0 = torch.aten.add.Tensor %arg0, %arg1, %int1 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[?,?],f32>, !torch.int -> !torch.vtensor<[?,?],f32>
  %1 = torch.aten.eq.Tensor %arg0, %arg2 : !torch.vtensor<[?,?],f32>, !torch.vtensor<[64],f32> -> !torch.vtensor<[?,?],i1>
  %2 = torch.aten.mul.Tensor %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  %3 = torch.aten.where.self %m, %a, %b : !torch.vtensor<[2,1],i1>, !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,3],f32>
  %4 = torch.aten.relu %2 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
  return
}

func.func @incorrect(%a: !torch.vtensor<[2,3],f32>, %c: !torch.vtensor<[4],f32>, %b: !torch.vtensor<[3],f32>) {
  %int1 = torch.constant.int 1
  // Wrong: 3 and 4 do not broadcast.
  %0 = torch.aten.sub.Tensor %a, %c, %int1 : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4],f32>, !torch.int -> !torch.vtensor<[2,3],f32>
  // Wrong: the operands broadcast to [2,3], not [2,4].
  %1 = torch.aten.maximum %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[3],f32> -> !torch.vtensor<[2,4],f32>
  return
}
