// A WebAssembly module for the workers' unit tests (tests/js/*.test.mjs), as bytes:
// (module (table 2 funcref) (export "t" table) (func $a (result i32) i32.const 7)
//  (func $b (result i32) i32.const 8) (export "a" $a) (export "b" $b) (elem (i32.const 0) $a $b))
export const MODULE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 3, 2, 0, 0, 4, 4, 1, 112, 0, 2, 7, 13, 3,
  1, 97, 0, 0, 1, 98, 0, 1, 1, 116, 1, 0, 9, 8, 1, 0, 65, 0, 11, 2, 0, 1, 10, 11, 2, 4, 0, 65, 7,
  11, 4, 0, 65, 8, 11,
]);
