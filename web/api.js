// api.js: the JavaScript face of the browser build, appended to
// emscripten's loader (make wasm: build/web/mlir-shape.js).
//
//   const ms = await MlirShape.load();          // browser: <script src="mlir-shape.js">
//   const ms = await require('./mlir-shape.js').load();  // node
//   ms.check(text, {strict, filename})  -> the JSON text of `check --format=json`
//   ms.shapes(text, {strict, filename}) -> the JSON text of `shapes --format=json`
//   ms.hover(text, line, character, {strict}) -> markdown ('' when nothing)
//
// Positions are 0-based, characters in UTF-16 code units (JavaScript's
// string indices). filename (default 'input.mlir') is how the findings
// name the file; a relative path without '..'.
/* global createMlirShapeModule */
(function () {
  'use strict';
  let loading = null;

  function wrap(mod) {
    // A JavaScript string into the wasm heap, as UTF-8 with a NUL.
    function cstring(s) {
      const n = mod.lengthBytesUTF8(s) + 1;
      const p = mod._malloc(n);
      mod.stringToUTF8(s, p, n);
      return p;
    }
    // Calls fn with C strings for args (numbers passed as they are) and
    // returns the C string it returned, freed.
    function call(fn, args) {
      const owned = [];
      const cargs = args.map((a) => {
        if (typeof a !== 'string') return a;
        const p = cstring(a);
        owned.push(p);
        return p;
      });
      try {
        const r = fn(...cargs);
        const s = mod.UTF8ToString(r);
        mod._ms_wasm_free(r);
        return s;
      } finally {
        owned.forEach((p) => mod._free(p));
      }
    }
    const name = (o) => (o && o.filename) || 'input.mlir';
    const strict = (o) => (o && o.strict ? 1 : 0);
    return {
      check: (text, options) => call(mod._ms_wasm_check, [String(text), name(options), strict(options)]),
      shapes: (text, options) => call(mod._ms_wasm_shapes, [String(text), name(options), strict(options)]),
      hover: (text, line, character, options) =>
        call(mod._ms_wasm_hover, [String(text), line | 0, character | 0, strict(options)]),
    };
  }

  const MlirShape = {
    // Resolves to {check, shapes, hover} once the wasm is compiled; one
    // instance however often it is called. options go to emscripten's
    // module factory (e.g. locateFile).
    load(options) {
      const o = Object.assign({ print() {}, printErr() {} }, options);
      // Under node the loader of emscripten 3.1.6 would fetch() a path;
      // hand it the bytes instead.
      if (typeof process === 'object' && process.versions && process.versions.node && !o.wasmBinary) {
        o.wasmBinary = require('fs').readFileSync(require('path').join(__dirname, 'mlir-shape.wasm'));
      }
      if (!loading) loading = createMlirShapeModule(o).then(wrap);
      return loading;
    },
  };

  if (typeof module === 'object' && module && module.exports) module.exports = MlirShape;
  if (typeof globalThis === 'object') globalThis.MlirShape = MlirShape;
})();
