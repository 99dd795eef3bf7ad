// Region ops (algebra "scan", "async_start"): CHLO's scan and StableHLO's
// async_start take their shapes from their body block. @cumsum's `?`
// results are inferred 2x3 and 3 from the body and the scan dim.
// Run: build/mlir-shape check examples/region_ops.mlir; build/mlir-shape shapes examples/region_ops.mlir

func.func @cumsum(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<?x?xf32> {
  %0:2 = chlo.scan (%x) inits (%c) dimension = 0 {
  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):
    %s = stablehlo.add %in, %carry : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<?x?xf32>, tensor<?xf32>)
  return %0#0 : tensor<?x?xf32>
}

func.func @wrong_scan_size(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<2x3xf32> {
  // Wrong: scan_dim_size 3, but the input's scan dim has 2 elements [scan-dims]
  %0:2 = chlo.scan (%x) inits (%c) dimension = 0 attributes {scan_dim_size = 3 : i64} {
  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):
    %s = stablehlo.add %in, %carry : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<3xf32>)
  return %0#0 : tensor<2x3xf32>
}

func.func @wrong_scan_carry(%x: tensor<2x3xf32>, %c: tensor<2xf32>) -> tensor<2x3xf32> {
  // Wrong: the init is tensor<2xf32> but the body's carry argument tensor<3xf32> [region-types]
  %0:2 = chlo.scan (%x) inits (%c) dimension = 0 {
  ^bb0(%in: tensor<3xf32>, %carry: tensor<3xf32>):
    %s = stablehlo.add %in, %carry : tensor<3xf32>
    stablehlo.return %s, %s : tensor<3xf32>, tensor<3xf32>
  } : (tensor<2x3xf32>, tensor<2xf32>) -> (tensor<2x3xf32>, tensor<2xf32>)
  return %0#0 : tensor<2x3xf32>
}

func.func @wrong_async(%x: tensor<128x32xf32>) -> !stablehlo.future<tensor<128x32xi32>> {
  // Wrong: the body's argument is i32, the operand f32 [region-types]
  %0 = "stablehlo.async_start"(%x) ({
  ^bb0(%b: tensor<128x32xi32>):
    %1 = "stablehlo.collective_permute"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<128x32xi32>) -> tensor<128x32xi32>
    "stablehlo.return"(%1) : (tensor<128x32xi32>) -> ()
  }) : (tensor<128x32xf32>) -> !stablehlo.future<tensor<128x32xi32>>
  return %0 : !stablehlo.future<tensor<128x32xi32>>
}

func.func @wrong_infeed(%token: !stablehlo.token) {
  // Wrong: an infeed brings at least one result (algebra min_results) [operand-count]
  "stablehlo.infeed"(%token) {infeed_config = ""} : (!stablehlo.token) -> ()
  return
}
