// Unit tests of the service worker's cache rules (static/service-worker.js), as the site build
// writes it (explorer/site_build/service_worker.py) for a small site: run in a global scope of
// its own with the browser's caches, fetch and clients stood in for.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, beforeEach, test } from "node:test";
import vm from "node:vm";

import { python } from "./python.mjs";

const ORIGIN = "http://127.0.0.1:8000";
const site = mkdtempSync(join(tmpdir(), "charsim-site-"));
after(() => rmSync(site, { recursive: true, force: true }));
for (const name of [
  ".explorer-site", // the build's marker
  "index.html",
  "index.html.gz",
  "page/live.js",
  "page/live.js.gz",
  "page/live.js.br",
  "pyodide/live-snapshot-0123.gz", // shipped gzip-compressed only
  "service-worker.js",
]) {
  mkdirSync(dirname(join(site, name)), { recursive: true });
  writeFileSync(join(site, name), name);
}
const BUILD = python(
  `import sys; from pathlib import Path
from explorer.site_build.service_worker import write_service_worker
print(write_service_worker(Path(sys.stdin.read())))`,
  site,
)
  .toString()
  .trim();
const CACHE = `charsim-explorer-${BUILD}`;
const script = readFileSync(join(site, "service-worker.js"), "utf8");

// The browser's caches: by name, each a Map of URL to response.
const stored = new Map();
const caches = {
  open: async (name) => {
    if (!stored.has(name)) stored.set(name, new Map());
    const cache = stored.get(name);
    return {
      addAll: async (urls) => urls.forEach((url) => cache.set(new URL(url, ORIGIN).href, url)),
      match: async (request, { ignoreSearch = false } = {}) => {
        const url = new URL(request.url);
        if (ignoreSearch) url.search = "";
        return cache.get(url.href);
      },
    };
  },
  keys: async () => [...stored.keys()],
  delete: async (name) => stored.delete(name),
};

// The service worker's global scope; `network` answers its fetches.
let listeners;
let network;
let claimed;
beforeEach(() => {
  stored.clear();
  listeners = {};
  claimed = false;
  const scope = {
    addEventListener: (type, listener) => (listeners[type] = listener),
    caches,
    fetch: (request) => network(request),
    location: new URL(`${ORIGIN}/service-worker.js`),
    clients: { claim: async () => (claimed = true) },
    URL,
  };
  scope.self = scope;
  vm.runInNewContext(script, scope);
});

// Dispatch an event to the service worker; resolves with what it waited for or answered
// (undefined if it left the event to the browser).
async function dispatch(type, fields = {}) {
  let answer;
  const event = {
    ...fields,
    waitUntil: (promise) => (answer = promise),
    respondWith: (promise) => (answer = promise),
  };
  listeners[type](event);
  return answer;
}

const get = (path, mode = "cors") => ({
  request: { method: "GET", url: `${ORIGIN}/${path}`, mode },
});

test("a build keeps the site's root and every file of it but the compressed copies", async () => {
  await dispatch("install");
  assert.deepEqual([...stored.keys()], [CACHE]);
  assert.deepEqual(
    [...stored.get(CACHE).values()],
    ["./", "index.html", "page/live.js", "pyodide/live-snapshot-0123.gz"],
  );
});

test("taking over, it deletes the caches of other builds, and only those", async () => {
  for (const name of ["charsim-explorer-0000", CACHE, "another-site"]) await caches.open(name);
  await dispatch("activate");
  assert.deepEqual([...stored.keys()], [CACHE, "another-site"]);
  assert.equal(claimed, true);
});

test("a request goes to the network first", async () => {
  await dispatch("install");
  network = async () => "from the network";
  assert.equal(await dispatch("fetch", get("index.html")), "from the network");
});

test("with the network off, the kept file answers; the page, whatever its query", async () => {
  await dispatch("install");
  network = async () => {
    throw new TypeError("Failed to fetch");
  };
  assert.equal(await dispatch("fetch", get("page/live.js")), "page/live.js");
  assert.equal(await dispatch("fetch", get("?lang=ja", "navigate")), "./");
  await assert.rejects(dispatch("fetch", get("page/live.js?v=2")), /Failed to fetch/);
  await assert.rejects(dispatch("fetch", get("not-kept.js")), /Failed to fetch/);
});

test("another origin's requests and other methods than GET are left to the browser", async () => {
  const foreign = { request: { method: "GET", url: "https://example.org/x.js", mode: "cors" } };
  assert.equal(await dispatch("fetch", foreign), undefined);
  const post = { request: { method: "POST", url: `${ORIGIN}/index.html`, mode: "cors" } };
  assert.equal(await dispatch("fetch", post), undefined);
});
