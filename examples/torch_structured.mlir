// torch-mlir: structured aten ops on !torch.vtensor values, as PyTorch's
// shape functions define them (rules/torch.json, algebra of the framework
// families). Int and list arguments come from torch.constant.* and
// torch.prim.ListConstruct; results declared unranked (`*`) or with `?`
// are inferred (`build/mlir-shape shapes examples/torch_structured.mlir`)
// and checked where they are used. Every "Wrong:" op raises in PyTorch.

func.func @correct(%x: !torch.vtensor<[1,3,8,8],f32>, %w: !torch.vtensor<[4,3,3,3],f32>, %b: !torch.vtensor<[4],f32>, %fc: !torch.vtensor<[10,100],f32>, %ids: !torch.vtensor<[2,5],si64>, %emb: !torch.vtensor<[100,16],f32>) -> !torch.vtensor {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %int-1 = torch.constant.int -1
  %false = torch.constant.bool false
  %none = torch.constant.none
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  %twos = torch.prim.ListConstruct %int2, %int2 : (!torch.int, !torch.int) -> !torch.list<int>
  %0 = torch.aten.conv2d %x, %w, %b, %ones, %ones, %ones, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,3,3,3],f32>, !torch.vtensor<[4],f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<*,f32>
  %1 = torch.aten.relu %0 : !torch.vtensor<*,f32> -> !torch.vtensor<*,f32>
  %2 = torch.aten.max_pool2d %1, %twos, %twos, %ones, %ones, %false : !torch.vtensor<*,f32>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.bool -> !torch.vtensor<[?,?,?,?],f32>
  %shape = torch.prim.ListConstruct %int1, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  %3 = torch.aten.view %2, %shape : !torch.vtensor<[?,?,?,?],f32>, !torch.list<int> -> !torch.vtensor
  %4 = torch.aten.linear %3, %fc, %none : !torch.vtensor, !torch.vtensor<[10,100],f32>, !torch.none -> !torch.vtensor<[?,10],f32>
  %5 = torch.aten.softmax.int %4, %int-1, %none : !torch.vtensor<[?,10],f32>, !torch.int, !torch.none -> !torch.vtensor
  %6 = torch.aten.embedding %emb, %ids, %int-1, %false, %false : !torch.vtensor<[100,16],f32>, !torch.vtensor<[2,5],si64>, !torch.int, !torch.bool, !torch.bool -> !torch.vtensor<[2,5,16],f32>
  %7 = torch.aten.transpose.int %6, %int0, %int1 : !torch.vtensor<[2,5,16],f32>, !torch.int, !torch.int -> !torch.vtensor<[5,2,16],f32>
  %list = torch.prim.ListConstruct %6, %6 : (!torch.vtensor<[2,5,16],f32>, !torch.vtensor<[2,5,16],f32>) -> !torch.list<vtensor>
  %8 = torch.aten.cat %list, %int-1 : !torch.list<vtensor>, !torch.int -> !torch.vtensor<[2,5,32],f32>
  return %5 : !torch.vtensor
}

func.func @incorrect(%a: !torch.vtensor<[2,3],f32>, %b: !torch.vtensor<[4,5],f32>, %x: !torch.vtensor<[1,3,8,8],f32>, %w: !torch.vtensor<[4,2,3,3],f32>, %t: !torch.vtensor<[2,3,4],f32>) {
  %int0 = torch.constant.int 0
  %int1 = torch.constant.int 1
  %int3 = torch.constant.int 3
  %int7 = torch.constant.int 7
  %int-1 = torch.constant.int -1
  %none = torch.constant.none
  // Wrong: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5).
  %0 = torch.aten.mm %a, %b : !torch.vtensor<[2,3],f32>, !torch.vtensor<[4,5],f32> -> !torch.vtensor<*,f32>
  %ones = torch.prim.ListConstruct %int1, %int1 : (!torch.int, !torch.int) -> !torch.list<int>
  // Wrong: the weight expects 2 input channels, the input has 3.
  %1 = torch.aten.conv2d %x, %w, %none, %ones, %ones, %ones, %int1 : !torch.vtensor<[1,3,8,8],f32>, !torch.vtensor<[4,2,3,3],f32>, !torch.none, !torch.list<int>, !torch.list<int>, !torch.list<int>, !torch.int -> !torch.vtensor<*,f32>
  %bad = torch.prim.ListConstruct %int7, %int-1 : (!torch.int, !torch.int) -> !torch.list<int>
  // Wrong: 24 elements do not divide into rows of 7.
  %2 = torch.aten.view %t, %bad : !torch.vtensor<[2,3,4],f32>, !torch.list<int> -> !torch.vtensor
  // Wrong: dim 3 is out of range for a 3-d tensor.
  %3 = torch.aten.transpose.int %t, %int0, %int3 : !torch.vtensor<[2,3,4],f32>, !torch.int, !torch.int -> !torch.vtensor
  return
}
