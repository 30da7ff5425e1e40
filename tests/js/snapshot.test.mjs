// Unit tests of static/snapshot.js's helpers, run by Node's test runner (`node --test tests/js/`):
// the check of the app's snapshot's layout before its download (appSnapshotLayout), the snapshot's
// bytes checked (snapshotBytes), a damaged snapshot's console held back (withConsoleHeld) and the
// JS functions an app's snapshot keeps by name (snapshotFunctionName), the network's rate that
// decides whether the app's snapshot is fetched (downloadRate), and numpy's libraries compiled
// ahead by the live view's worker (librariesAhead).
import assert from "node:assert/strict";
import { test } from "node:test";

import { gzipSync } from "node:zlib";

import { python } from "./python.mjs";
import { MODULE } from "./wasm.mjs";

import {
  appSnapshotLayout,
  downloadRate,
  librariesAhead,
  snapshotBytes,
  snapshotFunctionName,
  withConsoleHeld,
} from "../../static/snapshot.js";

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
// resolves with what it resolves with, the URLs fetched and the modules compiled.
async function ahead(
  appSnapshot,
  { response = () => new Response(LIBRARIES), entries = [], table = 11916 } = {},
) {
  const { fetch } = globalThis;
  const { getEntriesByType } = performance;
  const { compile } = WebAssembly;
  const fetched = [];
  let compiled = 0;
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return response();
  };
  performance.getEntriesByType = () => entries;
  WebAssembly.compile = (bytes) => {
    compiled += 1;
    return compile(bytes);
  };
  try {
    const url = (path) => `https://site/${path}`;
    const [arrived, started] = [Promise.resolve(), Promise.resolve(table)];
    const libraries = await librariesAhead(appSnapshot, url, arrived, started);
    return { libraries, fetched, compiled };
  } finally {
    globalThis.fetch = fetch;
    performance.getEntriesByType = getEntriesByType;
    WebAssembly.compile = compile;
  }
}

const APP_SNAPSHOT = {
  libraries: { url: "pyodide/app-libraries.tar.gz", count: 2 },
  layout: { table: 11916 },
};

test("numpy's libraries are compiled ahead, in the archive's order, on a fast network", async () => {
  const { libraries, fetched, compiled } = await ahead(APP_SNAPSHOT, {
    entries: [download(6e6, 0, 1_000)],
  });
  assert.deepEqual(fetched, ["https://site/pyodide/app-libraries.tar.gz"]);
  assert.equal(compiled, 2);
  assert.deepEqual(
    libraries.map(([path]) => path),
    ["/lib/a.so", "/lib/b.so"],
  );
  const { exports } = new WebAssembly.Instance(libraries[1][1]);
  assert.equal(exports.b(), 8);
});

test("numpy's libraries are not handed on where the app's snapshot is skipped", async () => {
  // on a slow network they are not fetched either
  const slow = await ahead(APP_SNAPSHOT, { entries: [download(5e6, 0, 1_000)] });
  assert.deepEqual(slow, { libraries: null, fetched: [], compiled: 0 });
  // compiled before the core's table is known, they are not handed on for another layout
  const otherLayout = await ahead(APP_SNAPSHOT, { table: 13070 });
  assert.equal(otherLayout.libraries, null);
  assert.deepEqual(await ahead(undefined), { libraries: null, fetched: [], compiled: 0 });
});

test("libraries that fail ahead are left for the app's worker to fetch", async () => {
  const missing = await ahead(APP_SNAPSHOT, { response: () => new Response("", { status: 404 }) });
  assert.equal(missing.libraries, null);
  const fewer = await ahead({ libraries: { ...APP_SNAPSHOT.libraries, count: 3 } });
  assert.equal(fewer.libraries, null);
  const url = (path) => path;
  const arrived = Promise.resolve();
  const started = Promise.reject(new Error("no core"));
  assert.equal(await librariesAhead(APP_SNAPSHOT, url, arrived, started), null);
  const lost = Promise.reject(new Error("the live view's snapshot: HTTP 404"));
  assert.equal(await librariesAhead(APP_SNAPSHOT, url, lost, Promise.resolve(11916)), null);
});
