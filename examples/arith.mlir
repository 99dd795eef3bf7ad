// arith and math elementwise ops and casts (rules "same-type", "select",
// "compare", "same-shape"):
// no broadcasting. Operands and result have one type; in generic form a `?`
// may meet a static size, but the result is exactly operand #0's type. The
// pretty form spells one type for all, checked against the operands'
// definitions.

func.func @correct(%a: tensor<?x5xf32>, %b: tensor<3x5xf32>, %c: tensor<3x5xi1>, %v: vector<4xf32>) -> tensor<?x5xf32> {
  %0 = "arith.addf"(%a, %b) : (tensor<?x5xf32>, tensor<3x5xf32>) -> tensor<?x5xf32>
  %1 = math.exp %b : tensor<3x5xf32>
  %2 = arith.select %c, %b, %1 : tensor<3x5xi1>, tensor<3x5xf32>
  %3 = arith.cmpf olt, %v, %v : vector<4xf32>
  %4 = arith.extf %b : tensor<3x5xf32> to tensor<3x5xf64>
  return %0 : tensor<?x5xf32>
}

func.func @incorrect(%a: tensor<?x5xf32>, %b: tensor<3x5xf32>, %d: tensor<3x1xf32>, %c: tensor<?x5xi1>) {
  // Wrong: the result must be operand #0's type tensor<?x5xf32>, even though 3x5 is what runs.
  %0 = "arith.addf"(%a, %b) : (tensor<?x5xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
  // Wrong: arith does not broadcast the 1 of %d; mlir-opt says `use of value '%d' expects different type`.
  %1 = arith.mulf %b, %d : tensor<3x5xf32>
  // Wrong: a shaped condition must have exactly the values' shape (? is not 3).
  %2 = arith.select %c, %b, %b : tensor<?x5xi1>, tensor<3x5xf32>
  // Wrong: a cast keeps the shape exactly; ? is not 5.
  %3 = arith.extf %a : tensor<?x5xf32> to tensor<?x?xf64>
  return
}
