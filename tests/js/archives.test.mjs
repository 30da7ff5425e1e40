// Unit tests of the workers' archives (static/archives.js): files shipped gzip-compressed, the
// site build's tar archives (explorer/site_build/bundle.py) and the standard library's archive.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

import { gunzipped, tarMembers, writeTar } from "../../static/archives.js";
import { python } from "./python.mjs";

// Paths (from the file system's root, without its first "/") and texts, as the site build's
// tar_archive writes them: one name too long for ustar's name field alone, one file of more than
// a block and an empty one.
const LONG = `lib/python3.12/site-packages/${"package/".repeat(12)}module.py`;
const MEMBERS = { "a/b/c.py": "x = 1\n", [LONG]: "y".repeat(600), "a/b/empty.txt": "" };

const ARCHIVE = tarArchive(MEMBERS);

function tarArchive(members) {
  const code = `import json, sys
from explorer.site_build.bundle import tar_archive
members = {name: text.encode() for name, text in json.load(sys.stdin).items()}
sys.stdout.buffer.write(tar_archive(members))`;
  return new Uint8Array(python(code, JSON.stringify(members)));
}

test("a tar archive of the site build gives each file's path from the root and its bytes", () => {
  const members = [...tarMembers(ARCHIVE)].map(([path, bytes]) => [
    path,
    new TextDecoder().decode(bytes),
  ]);
  const expected = Object.entries(MEMBERS).map(([name, text]) => [`/${name}`, text]);
  assert.deepEqual(members, expected.sort()); // in the archive's order: sorted
});

test("its files are written into Pyodide's file system, each folder made once", () => {
  const made = [];
  const written = {};
  const FS = {
    mkdirTree: (folder) => made.push(folder),
    writeFile: (path, bytes) => (written[path] = new TextDecoder().decode(bytes)),
  };
  writeTar(FS, ARCHIVE);
  assert.deepEqual(made, ["/a/b", `/${LONG.slice(0, LONG.lastIndexOf("/"))}`]);
  assert.deepEqual(
    written,
    Object.fromEntries(Object.entries(MEMBERS).map(([n, t]) => [`/${n}`, t])),
  );
});

test("a file shipped gzip-compressed is unpacked, unless the server did", async () => {
  const bytes = new TextEncoder().encode("Python's memory");
  assert.deepEqual(await gunzipped(new Response(gzipSync(bytes))), bytes);
  assert.deepEqual(await gunzipped(new Response(bytes)), bytes);
});

// The standard library's archive fetched (a fresh copy of the module, which fetches it once) from
// a server that answers `answer()` (a Response, or throws).
async function standardLibrary(answer, standardLibraryBytes) {
  const { checkedStandardLibrary } = await import(`../../static/archives.js?${Math.random()}`);
  const fetched = [];
  const { fetch } = globalThis;
  globalThis.fetch = async (url) => {
    fetched.push(url);
    return answer();
  };
  const stdLibURL = "http://127.0.0.1:8000/pyodide/python_stdlib.zip";
  try {
    const first = checkedStandardLibrary({ stdLibURL, standardLibraryBytes });
    assert.equal(checkedStandardLibrary({ stdLibURL, standardLibraryBytes }), first);
    await first.catch(() => {});
    assert.deepEqual(fetched, [stdLibURL]);
    return first;
  } finally {
    globalThis.fetch = fetch;
  }
}

test("the standard library's archive is fetched once, as a URL of its bytes", async () => {
  const url = await standardLibrary(() => new Response("zip!"), 4);
  assert.equal(await (await fetch(url)).text(), "zip!");
});

test("a truncated standard library's archive is refused, by its size", async () => {
  await assert.rejects(
    standardLibrary(() => new Response("zi"), 4),
    /^Error: pyodide\/python_stdlib.zip is damaged: it holds 2 bytes, not 4$/,
  );
});

test("a standard library's archive that cannot be fetched is named", async () => {
  await assert.rejects(
    standardLibrary(() => new Response("", { status: 404 }), 4),
    /^Error: could not fetch pyodide\/python_stdlib.zip: HTTP 404$/,
  );
  await assert.rejects(
    standardLibrary(() => {
      throw new TypeError("Failed to fetch");
    }, 4),
    /^Error: could not fetch pyodide\/python_stdlib.zip: Failed to fetch$/,
  );
});
