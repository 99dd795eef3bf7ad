// Copyright 2026 Xanadu Quantum Technologies Inc.

// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at

//     http://www.apache.org/licenses/LICENSE-2.0

// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

// RUN: mkdir -p %t
// RUN: not quantum-opt %s --cross-compile-targets="workspace=%t" 2>&1 | FileCheck %s

// CHECK: duplicate catalyst.target module name 'unnamed'
module @jit_name_collision {

  func.func public @jit_main() attributes {llvm.emit_c_interface} {
    return
  }

  module attributes {catalyst.target = {}} {
    func.func public @noop() {
      return
    }
  }

  module attributes {catalyst.target = {}} {
    func.func public @noop() {
      return
    }
  }
}
