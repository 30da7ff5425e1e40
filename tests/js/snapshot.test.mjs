// Unit tests of static/snapshot.js's helpers, run by Node's test runner (`node --test tests/js/`):
// the function table made the same in every engine (keepExportsInTable), the check of the app's
// snapshot's layout before its download (appSnapshotLayout), the snapshot's bytes checked
// (snapshotBytes), a damaged snapshot's console held back (withConsoleHeld) and the JS functions
// an app's snapshot keeps by name (snapshotFunctionName).
import assert from "node:assert/strict";
import { test } from "node:test";

import { gzipSync } from "node:zlib";

import {
  appSnapshotLayout,
  keepExportsInTable,
  snapshotBytes,
  snapshotFunctionName,
  withConsoleHeld,
} from "../../static/snapshot.js";

// (module (table 2 funcref) (export "t" table) (func $a (result i32) i32.const 7)
//  (func $b (result i32) i32.const 8) (export "a" $a) (export "b" $b) (elem (i32.const 0) $a $b))
const MODULE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 127, 3, 3, 2, 0, 0, 4, 4, 1, 112, 0, 2, 7, 13, 3,
  1, 97, 0, 0, 1, 98, 0, 1, 1, 116, 1, 0, 9, 8, 1, 0, 65, 0, 11, 2, 0, 1, 10, 11, 2, 4, 0, 65, 7,
  11, 4, 0, 65, 8, 11,
]);

// Emscripten's lookup of a function's slot (pyodide.asm.js: getFunctionAddress, updateTableMap).
function slotOf(table, func) {
  const slots = new WeakMap();
  for (let i = 0; i < table.length; i += 1) slots.set(table.get(i), i);
  return slots.get(func);
}

// `work()` in an engine whose tables give back another object than the export for the same
// function, named as the export is (JavaScriptCore).
function asJavaScriptCore(work) {
  const { get } = WebAssembly.Table.prototype;
  WebAssembly.Table.prototype.get = function getOther(index) {
    const func = get.call(this, index);
    const other = (...args) => func(...args);
    Object.defineProperty(other, "name", { value: func.name });
    return other;
  };
  try {
    return work();
  } finally {
    WebAssembly.Table.prototype.get = get;
  }
}

test("an engine that gives back the export needs nothing kept", () => {
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(MODULE));
  assert.equal(keepExportsInTable(exports.t, exports), 0);
  assert.equal(slotOf(exports.t, exports.a), 0);
  assert.equal(slotOf(exports.t, exports.b), 1);
});

test("in JavaScriptCore's way, each exported function is found in its own slot", () => {
  asJavaScriptCore(() => {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(MODULE));
    assert.equal(slotOf(exports.t, exports.a), undefined); // Emscripten would add a second slot
    assert.equal(keepExportsInTable(exports.t, exports), 2);
    assert.equal(slotOf(exports.t, exports.a), 0);
    assert.equal(slotOf(exports.t, exports.b), 1);
    assert.equal(exports.t.get(0)(), 7);
  });
});

test("a slot set anew gives back what it holds, not the export it held", () => {
  asJavaScriptCore(() => {
    const { exports } = new WebAssembly.Instance(new WebAssembly.Module(MODULE));
    keepExportsInTable(exports.t, exports);
    exports.t.set(0, exports.b);
    assert.equal(exports.t.get(0).name, exports.b.name);
    assert.notEqual(exports.t.get(0), exports.a);
  });
});

test("the app's snapshot is refused before its download on a table of another length", () => {
  const appSnapshot = { layout: { table: 11916 } };
  assert.equal(appSnapshotLayout(appSnapshot, 11916), null);
  assert.match(
    appSnapshotLayout(appSnapshot, 13070),
    /table holds 13070 functions as Python starts, the app's snapshot was made with 11916/,
  );
  assert.match(appSnapshotLayout({}, 11916), /records no function table's length/);
});

test("the snapshot is unpacked, and refused by its size if truncated", async () => {
  const { fetch } = globalThis;
  globalThis.fetch = async () => new Response(gzipSync(new Uint8Array(10)));
  try {
    assert.equal((await snapshotBytes("live-snapshot.gz", { bytes: 10 })).length, 10);
    await assert.rejects(
      snapshotBytes("live-snapshot.gz", { bytes: 12 }),
      /^Error: live-snapshot.gz holds 10 bytes, not 12$/,
    );
  } finally {
    globalThis.fetch = fetch;
  }
});

test("a damaged snapshot's fatal error is held off the console, named in the error", async () => {
  const { error } = console;
  const failing = withConsoleHeld(() => {
    console.error("Pyodide has suffered a fatal error.");
    console.error("RuntimeError: memory access out of bounds");
    throw new Error("the restore failed");
  });
  await assert.rejects(failing, {
    message: "the restore failed (RuntimeError: memory access out of bounds)",
  });
  assert.equal(console.error, error);
  assert.equal(await withConsoleHeld(async () => "restored"), "restored");
});

test("the app's snapshot keeps Panel's dict converter by its name, and no other JS value", () => {
  // panel/io/pyodide.py: _dict_converter, as Pyodide hands it over
  const converter = (entries) => {
    for (let entry of entries) {
      if (entry[1] === undefined) {
        entry[1] = null;
      }
    }
    return Object.fromEntries(entries);
  };
  assert.deepEqual(snapshotFunctionName(converter), { function: "panel-dict-converter" });
  assert.throws(() => snapshotFunctionName(() => 1), /holds a JS value no snapshot keeps/);
  assert.throws(() => snapshotFunctionName({}), /holds a JS value no snapshot keeps/);
});
