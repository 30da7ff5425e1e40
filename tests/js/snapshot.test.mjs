// Unit tests of static/snapshot.js's helpers, run by Node's test runner (`node --test tests/js/`):
// the function table made the same in every engine (keepExportsInTable), the check of the app's
// snapshot's layout before its download (appSnapshotLayout), the snapshot's bytes checked
// (snapshotBytes), a damaged snapshot's console held back (withConsoleHeld) and the JS functions
// an app's snapshot keeps by name (snapshotFunctionName), the network's rate that decides
// whether the app's snapshot is fetched (downloadRate), and numpy's libraries compiled ahead by
// the live view's worker (librariesAhead).
import assert from "node:assert/strict";
import { test } from "node:test";

import { gzipSync } from "node:zlib";

import { python } from "./python.mjs";

import {
  appSnapshotLayout,
  downloadRate,
  keepExportsInTable,
  librariesAhead,
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

// A resource timing entry: `size` bytes of body over the network, answered at `start` ms and
// done at `end` ms (a request sent `wait` ms before its answer).
function download(size, start, end, wait = 0) {
  const entry = { encodedBodySize: size, transferSize: size + 300, responseStart: start };
  return { ...entry, responseEnd: end, requestStart: start - wait };
}

test("downloadRate counts the time bodies were arriving, not the waits and gaps around them", () => {
  // 6 MB in 1 s, then 2 MB in 1 s after a gap of 3 s and a server's wait of 2 s: 4 MB/s
  const entries = [download(6e6, 100, 1_100), download(2e6, 4_100, 5_100, 2_000)];
  assert.equal(downloadRate(entries), 4e6);
  // two bodies arriving together over the same second: 8 MB/s
  assert.equal(downloadRate([download(6e6, 0, 1_000), download(2e6, 500, 1_000)]), 8e6);
  // the second inside the first, then one overlapping its end: 9 MB over 1.5 s
  const nested = [download(6e6, 0, 1_000), download(1e6, 200, 400), download(2e6, 900, 1_500)];
  assert.equal(downloadRate(nested), 6e6);
});

test("downloadRate leaves out bodies from the cache and is null without a body timed", () => {
  const cached = { ...download(5e6, 0, 10), transferSize: 0 };
  const revalidated = { ...download(5e6, 0, 10), transferSize: 300 };
  assert.equal(downloadRate([cached, revalidated, download(1e6, 0, 1_000)]), 1e6);
  assert.equal(downloadRate([cached, revalidated]), null);
  assert.equal(downloadRate([]), null);
  assert.equal(downloadRate([download(1e6, 5, 5)]), null);
});

// A site's archive of numpy's libraries (explorer/site_build/bundle.py's tar_archive, gzipped):
// two copies of MODULE (whose bytes are all ASCII, so they pass through JSON as text).
const LIBRARIES = gzipSync(
  python(
    `import json, sys
from explorer.site_build.bundle import tar_archive
text = json.load(sys.stdin)
sys.stdout.buffer.write(tar_archive({"lib/a.so": text.encode(), "lib/b.so": text.encode()}))`,
    JSON.stringify(String.fromCharCode(...MODULE)),
  ),
);

// librariesAhead(appSnapshot) in an engine whose core's function table has the length `table`, with
// `fetch` answering `response()` and the worker's downloads so far `entries` (resource timing);
// resolves with what it resolves with and the URLs fetched.
async function ahead(
  appSnapshot,
  { response = () => new Response(LIBRARIES), entries = [], table = 11916 } = {},
) {
  const { fetch } = globalThis;
  const { getEntriesByType } = performance;
  const fetched = [];
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return response();
  };
  performance.getEntriesByType = () => entries;
  try {
    const url = (path) => `https://site/${path}`;
    const started = Promise.resolve(table);
    return { libraries: await librariesAhead(appSnapshot, url, started), fetched };
  } finally {
    globalThis.fetch = fetch;
    performance.getEntriesByType = getEntriesByType;
  }
}

const APP_SNAPSHOT = {
  libraries: { url: "pyodide/app-libraries.tar.gz", count: 2 },
  layout: { table: 11916 },
};

test("numpy's libraries are compiled ahead, in the archive's order, on a fast network", async () => {
  const { libraries, fetched } = await ahead(APP_SNAPSHOT, { entries: [download(6e6, 0, 1_000)] });
  assert.deepEqual(fetched, ["https://site/pyodide/app-libraries.tar.gz"]);
  assert.deepEqual(
    libraries.map(([path]) => path),
    ["/lib/a.so", "/lib/b.so"],
  );
  const { exports } = new WebAssembly.Instance(libraries[1][1]);
  assert.equal(exports.b(), 8);
});

test("numpy's libraries are not fetched ahead where the app's snapshot is skipped", async () => {
  const slow = await ahead(APP_SNAPSHOT, { entries: [download(5e6, 0, 1_000)] });
  assert.deepEqual(slow, { libraries: null, fetched: [] });
  const otherLayout = await ahead(APP_SNAPSHOT, { table: 13070 });
  assert.deepEqual(otherLayout, { libraries: null, fetched: [] });
  assert.deepEqual(await ahead(undefined), { libraries: null, fetched: [] });
});

test("libraries that fail ahead are left for the app's worker to fetch", async () => {
  const missing = await ahead(APP_SNAPSHOT, { response: () => new Response("", { status: 404 }) });
  assert.equal(missing.libraries, null);
  const fewer = await ahead({ libraries: { ...APP_SNAPSHOT.libraries, count: 3 } });
  assert.equal(fewer.libraries, null);
  const url = (path) => path;
  assert.equal(await librariesAhead(APP_SNAPSHOT, url, Promise.reject(new Error("404"))), null);
});
