// What the explorer's Web Workers do so that Pyodide's core starts alike, and as fast, in every
// engine (Chromium's V8, Firefox's SpiderMonkey, Safari's and WebKitGTK's JavaScriptCore), for
// static/snapshot.js's startCore: the core's function table made the same (keepExportsInTable),
// on which the app's snapshot depends, and the small modules that Pyodide's start-up compiles
// synchronously kept and handed on (withStartupModules). tests/js/engines.test.mjs checks both
// on each engine's behaviour.

// The WebAssembly function table made the same in every engine. As Pyodide's core starts,
// Emscripten (pyodide.asm.js: updateGOT, addFunction) gives each function the core exports a slot
// in the table, unless it finds the function there already: it looks it up by the object
// `table.get(i)` returns (getFunctionAddress). V8 and SpiderMonkey return the export itself;
// JavaScriptCore (Safari, WebKitGTK) returns another object for the same function, so there every
// exported function the table already holds got a second slot, the table grew longer than in the
// engine that made the app's snapshot, and numpy's libraries, placed after its end (loadLibraries),
// landed elsewhere than the snapshot's memory expects. Here `table.get` gives back the export for
// each slot that holds one: the W3C WebAssembly JavaScript Interface names an exported function by
// its index in its module (its "name of the WebAssembly function"), and JavaScriptCore does so too.
// `table` is the core's table and `exports` its instance's exports, before Emscripten reads either.
// Returns how many slots were given their export back (0 where the engine returns the export
// anyway).
//
// Should an engine change either behaviour, the table's length as Python starts (coreTable) differs
// from the one recorded with the app's snapshot: the page then boots the app without that snapshot,
// before fetching it (appSnapshotLayout in static/snapshot.js), and says why on the console; the
// engine tests (tests/ui/test_engines.py), which expect every engine's app to start from its
// snapshot, fail, and tests/js/engines.test.mjs checks this function on both behaviours.
export function keepExportsInTable(table, exports) {
  const byIndex = new Map();
  for (const value of Object.values(exports)) {
    if (typeof value === "function") byIndex.set(value.name, value);
  }
  const kept = new Map();
  for (let i = 0; i < table.length; i += 1) {
    const entry = WebAssembly.Table.prototype.get.call(table, i);
    const exported = entry && byIndex.get(entry.name);
    if (exported && exported !== entry) kept.set(i, exported);
  }
  if (kept.size) {
    const { get, set } = WebAssembly.Table.prototype;
    table.get = function getKept(index) {
      return kept.get(index) ?? get.call(this, index);
    };
    table.set = function setKept(index, ...value) {
      kept.delete(index);
      return set.call(this, index, ...value);
    };
  }
  return kept.size;
}

// The small WebAssembly modules that Pyodide's start-up compiles synchronously (pyodide.asm.js: the
// empty module of `canConstructWasm`, which asks whether the engine allows WebAssembly at all, and
// a module of a few bytes for each function signature it wraps), by their bytes: those of this
// worker's starts of Pyodide (withStartupModules), or handed by the live view's worker to the app's
// with the core (shareCore in static/snapshot.js). JavaScriptCore (Safari, WebKitGTK) compiles the
// WebAssembly of every worker of a page on the same compiler threads, busy by the time the app's
// worker starts Pyodide with the optimised compiles of the live view's Python's busiest functions:
// there the first of those synchronous compiles waited up to a second (docs/benchmarks.md,
// "Pyodide's small start-up modules").
export const startupModules = new Map();

// Modules up to this size, in bytes, are kept in startupModules (Pyodide's are of 8 to a few
// dozen bytes; numpy's libraries are compiled elsewhere, and not this way).
const STARTUP_MODULE_BYTES = 4096;

// `run()` (a promise, or a function returning one) with `new WebAssembly.Module(bytes)` answered
// from `modules` (startupModules) for bytes it holds, and the module compiled for other small
// bytes kept there; any other module is compiled as the engine compiles it. Resolves as `run()`
// does; WebAssembly.Module is the engine's again after.
export async function withStartupModules(run, modules = startupModules) {
  const Compiled = WebAssembly.Module;
  function ModuleAtHand(bytes, ...rest) {
    if (!new.target) return Compiled(bytes, ...rest); // a TypeError, as without `new`
    const small = bytes instanceof Uint8Array && bytes.byteLength <= STARTUP_MODULE_BYTES;
    if (!small) return new Compiled(bytes, ...rest);
    const key = bytes.join();
    if (!modules.has(key)) modules.set(key, new Compiled(bytes, ...rest));
    return modules.get(key);
  }
  Object.setPrototypeOf(ModuleAtHand, Compiled); // WebAssembly.Module.imports, .exports, ...
  ModuleAtHand.prototype = Compiled.prototype;
  WebAssembly.Module = ModuleAtHand;
  try {
    return await run();
  } finally {
    WebAssembly.Module = Compiled;
  }
}
