// Unit tests of static/engines.js, run by Node's test runner (`node --test tests/js/`): the
// function table made the same in every engine (keepExportsInTable), in V8's way and in
// JavaScriptCore's, and the small modules that Pyodide's start-up compiles synchronously kept
// and handed on (withStartupModules).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { keepExportsInTable, withStartupModules } from "../../static/engines.js";
import { MODULE } from "./wasm.mjs";

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

const EMPTY_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);

test("Pyodide's start-up compiles modules synchronously, as withStartupModules expects", () => {
  const core = readFileSync(new URL("../../node_modules/pyodide/pyodide.asm.js", import.meta.url));
  const check = "new WebAssembly.Module(new Uint8Array([0,97,115,109,1,0,0,0]))";
  assert.ok(String(core).includes(check), "pyodide.asm.js no longer compiles the empty module");
});

test("a small module is compiled once, kept by its bytes and given again", async () => {
  const { Module } = WebAssembly;
  const modules = new Map();
  const first = await withStartupModules(
    () => [new WebAssembly.Module(EMPTY_MODULE), new WebAssembly.Module(MODULE)],
    modules,
  );
  assert.ok(first.every((module) => module instanceof Module));
  assert.deepEqual([...modules.values()], first);
  // another worker, handed the modules: the same objects, for the same bytes
  const handed = new Map(modules);
  const again = await withStartupModules(async () => {
    const module = new WebAssembly.Module(new Uint8Array(MODULE));
    return [
      new WebAssembly.Module(EMPTY_MODULE.slice()),
      module,
      WebAssembly.Module.exports(module),
    ];
  }, handed);
  assert.equal(again[0], first[0]);
  assert.equal(again[1], first[1]);
  assert.deepEqual(
    again[2].map(({ name }) => name),
    ["a", "b", "t"],
  );
  assert.equal(WebAssembly.Module, Module);
});

test("a large module, or bytes not in a Uint8Array, are compiled as the engine does", async () => {
  const modules = new Map();
  const large = new Uint8Array(5000);
  large.set(EMPTY_MODULE);
  large.set([0, 0xfd, 0x26], 8); // a custom section of the 4,989 bytes left, named ""
  const compiled = await withStartupModules(
    () => [new WebAssembly.Module(large), new WebAssembly.Module(EMPTY_MODULE.buffer)],
    modules,
  );
  assert.ok(compiled.every((module) => module instanceof WebAssembly.Module));
  assert.equal(modules.size, 0);
});

test("WebAssembly.Module is the engine's again after, and its errors are the engine's", async () => {
  const { Module } = WebAssembly;
  await assert.rejects(
    withStartupModules(() => WebAssembly.Module(EMPTY_MODULE)),
    TypeError,
  );
  await assert.rejects(
    withStartupModules(() => new WebAssembly.Module(new Uint8Array(8))),
    WebAssembly.CompileError,
  );
  assert.equal(WebAssembly.Module, Module);
});
