module {
  om.class.extern @A(%arg: i1) {
  }
  om.class @B(%arg: i2) {
  }
}
