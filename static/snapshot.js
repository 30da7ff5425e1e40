// The charsim explorer's Web Worker: Python restored from the site's memory snapshot of the live
// view (made and checked by explorer/site_build/snapshot.py), in a fraction of a bare Pyodide boot.
// Loaded into the worker by static/worker.js, which boots Python afresh if this throws.
//
// Every detail of Pyodide 0.27.7's experimental snapshots that the restore relies on is here
// (pyodide/pyodide#4652, #4720, #5195):
// * `loadPyodide({_loadSnapshot})` takes the snapshot's bytes (or a promise of them);
// * the virtual file system is not in the snapshot: modules imported before it are in memory,
//   any other file (a wheel's, the app's) must be unpacked again (worker.js does, after the
//   first score);
// * CPython's call-helper pointer, the wasm-gc argument counter each engine makes at start-up
//   (`Module._PyEM_CountArgsPtr`, kept at `_PyRuntime` + `_PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET`),
//   was cleared in the snapshot (0: calls go through JavaScript, on every engine): this instance's
//   own is written back, so that C calls take the fast path again;
// * the environment and `random` are the build's: explorer.runtime.worker.restored() sets the
//   page's environment and reseeds `random`;
// * Python is restored without the standard library's archive, which follows (see
//   explorer/runtime/standard_library.py).
"use strict";

// A restore that has not finished by then is given up for a fresh boot (an engine that fails to
// instantiate the snapshot's memory leaves loadPyodide waiting for ever).
const SNAPSHOT_TIMEOUT_MS = 30_000;

// An empty zip archive in place of the standard library's while Python is restored
// (explorer/runtime/standard_library.py): the snapshot holds every module the first score needs.
const EMPTY_ARCHIVE = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

// The snapshot's bytes (`snapshot` of the page's configuration: {url, bytes, ...}), unpacked
// (worker.js's gunzipped). Its file is named by its content's SHA-256, so a page never fetches
// another build's; a truncated one is refused by its size, a damaged one by Pyodide's checks of
// its header and by the self-check. (Subresource Integrity would hold the whole file back until
// its hash is checked: 0.1 s more before the first score.)
async function snapshotBytes(url, snapshot) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = await gunzipped(response);
  if (bytes.length !== snapshot.bytes) {
    throw new Error(`${url} holds ${bytes.length} bytes, not ${snapshot.bytes}`);
  }
  return bytes;
}

function withTimeout(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Restore Python from the snapshot described by `snapshot` ({url, bytes, check} of the page's
// configuration) whose bytes are the promise `bytes` (snapshotBytes); `options` are
// loadPyodide's; `environment` is set in Python's os.environ; `fetchArchive` says whether the
// standard library's archive is fetched at once (else the first import that needs a module not
// in memory fetches it). Resolves with {pyodide, standardLibrary} (a promise that the archive
// has arrived, or null) once the restored Python has scored the self-check as CPython did at
// build time; rejects otherwise.
async function restoreSnapshot(snapshot, bytes, options, environment, fetchArchive) {
  const pyodide = await withTimeout(
    loadPyodide({ ...options, _loadSnapshot: bytes, stdLibURL: EMPTY_ARCHIVE }),
    SNAPSHOT_TIMEOUT_MS, "the restore",
  );
  const module = pyodide._module;
  const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET >> 2];
  module.HEAP32[(module.__PyRuntime + offset) >> 2] = module._PyEM_CountArgsPtr;
  const standardLibrary = options.stdLibURL;
  const worker = pyodide.pyimport("explorer.runtime.worker");
  worker.restored(pyodide.toPy(environment), standardLibrary);
  const arrived = fetchArchive ? fetchStandardLibrary(pyodide, standardLibrary) : null;
  const answer = worker.self_check();
  if (answer !== snapshot.check) {
    throw new Error(`the self-check scored ${answer}, not ${snapshot.check}`);
  }
  return { pyodide, standardLibrary: arrived };
}

// The standard library's archive, fetched after the restore (the first score does not wait for
// it) and handed to explorer.runtime.standard_library; resolves once it is there or the fetch
// failed (then the first import that needs the archive fetches it itself). The worker awaits it
// before it installs packages, whose unpacking imports modules the snapshot does not hold (the
// worker's thread, busy in Python, could not take this fetch's answer, so the guard would fetch
// the archive a second time).
function fetchStandardLibrary(pyodide, url) {
  return fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return response.arrayBuffer();
    })
    .then((buffer) => pyodide.pyimport("explorer.runtime.standard_library")
      .arrived(new Uint8Array(buffer)))
    .catch((error) => console.warn(`charsim explorer: ${error.message}`));
}
