// The charsim explorer's Web Workers: Python restored from the site's memory snapshot of the live
// view (made and checked by explorer/site_build/snapshot.py), in a fraction of a bare Pyodide boot.
// Imported by static/worker.js, which boots Python afresh if a restore fails, and by
// explorer/site_build/snapshot.mjs, which makes and checks the snapshots with these functions.
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
//
// The app's worker restores a second snapshot, of the app's Python (numpy, Bokeh and Panel
// imported: explorer.runtime.worker.APP_IMPORTS), with the standard library's archive. Its
// memory holds numpy's compiled code's data, but not the code: numpy's libraries (the site's
// `app-libraries-*.tar.gz`) are loaded again as Pyodide starts, before its runtime does, in the
// order they were loaded when the snapshot was made, so that each is placed where it was in
// memory and in the function table (as Cloudflare's workerd restores its Python snapshots).
// That holds only where the function table has, as Python starts, the length it had where the
// snapshot was made: the table is made the same in every engine (keepExportsInTable), its
// length recorded with the snapshot and checked before the snapshot is fetched
// (appSnapshotLayout). The app's worker shares the live view's worker's compiled core
// (coreModule) and the small modules Pyodide's start-up compiled there (static/engines.js)
// rather than compiling them again.
import { checkedStandardLibrary, gunzipped, tarMembers } from "./archives.js";
import { keepExportsInTable, startupModules, withStartupModules } from "./engines.js";

// The app's snapshot and numpy's libraries (more to fetch than the live view's snapshot) save the
// app's worker its imports and building the app at the site's plain address: worth it on a fast
// network only. From this rate of the live view's worker's downloads on (appSnapshotWorthIt), in
// bytes per second, the app's snapshot is fetched; below it the app's worker restores the live
// view's snapshot, which the page has already (docs/explorer.md, "How the page loads", gives the
// rates measured).
const APP_SNAPSHOT_MIN_RATE = 6e6;

// A restore that has not finished by then is given up for a fresh boot (an engine that fails to
// instantiate the snapshot's memory leaves loadPyodide waiting for ever).
const SNAPSHOT_TIMEOUT_MS = 30_000;

// An empty zip archive in place of the standard library's while Python is restored
// (explorer/runtime/standard_library.py): the snapshot holds every module the first score needs.
const EMPTY_ARCHIVE = "data:application/zip;base64,UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==";

// The snapshot's bytes (`snapshot` of the page's configuration: {url, bytes, ...}), unpacked
// (gunzipped). Its file is named by its content's SHA-256, so a page never fetches another
// build's; a truncated one is refused by its size, a damaged one by Pyodide's checks of its
// header and by the self-check. (Subresource Integrity would hold the whole file back until its
// hash is checked, and so the first score.)
export async function snapshotBytes(url, snapshot) {
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
// configuration) whose bytes are the promise `bytes` (snapshotBytes) with `loadPyodide` (Pyodide's
// pyodide.mjs); `options` are loadPyodide's; `environment` is set in Python's os.environ;
// `fetchArchive` says whether the standard library's archive is fetched at once (else the first
// import that needs a module not in memory fetches it). Resolves with {pyodide, standardLibrary} (a
// promise that the archive has arrived, or null) once the restored Python has scored the self-check
// as CPython did at build time; rejects otherwise.
export async function restoreSnapshot(
  loadPyodide,
  snapshot,
  bytes,
  options,
  environment,
  fetchArchive,
) {
  const pyodide = await withTimeout(
    startCore(options.indexURL, () =>
      loadPyodide({ ...options, _loadSnapshot: bytes, stdLibURL: EMPTY_ARCHIVE }),
    ),
    SNAPSHOT_TIMEOUT_MS,
    "the restore",
  );
  restoreCallHelper(pyodide);
  const standardLibrary = options.stdLibURL;
  const worker = pyodide.pyimport("explorer.runtime.worker");
  worker.restored(pyodide.toPy(environment), standardLibrary, options.standardLibraryBytes);
  const arrived = fetchArchive ? fetchStandardLibrary(pyodide, options) : null;
  const answer = worker.self_check();
  if (answer !== snapshot.check) {
    throw new Error(`the self-check scored ${answer}, not ${snapshot.check}`);
  }
  return { pyodide, standardLibrary: arrived };
}

// The standard library's archive, fetched after the restore (the first score does not wait for
// it; checkedStandardLibrary, `options` being loadPyodide's) and handed to
// explorer.runtime.standard_library; resolves once it is there, rejects if it is damaged or could
// not be fetched. The worker awaits it before it installs packages, whose unpacking imports
// modules the snapshot does not hold (the worker's thread, busy in Python, could not take this
// fetch's answer, so the guard would fetch the archive a second time).
function fetchStandardLibrary(pyodide, options) {
  return checkedStandardLibrary(options)
    .then((archive) => fetch(archive))
    .then((response) => response.arrayBuffer())
    .then((buffer) =>
      pyodide.pyimport("explorer.runtime.standard_library").arrived(new Uint8Array(buffer)),
    );
}

// Whether the app's snapshot is worth fetching (APP_SNAPSHOT_MIN_RATE) at the rate this
// worker's downloads came (the core and the live view's snapshot, by their resource timing:
// downloadRate); all from the browser's cache, revalidated or not, or unknown: worth it, as the
// app's snapshot is likely cached too.
function appSnapshotWorthIt() {
  const rate = downloadRate(performance.getEntriesByType("resource"));
  return rate === null || rate >= APP_SNAPSHOT_MIN_RATE;
}

// The rate, in bytes per second, at which the bodies that came over the network (`entries`:
// resource timing entries whose transfer held their whole body) arrived: their bytes over the
// time in which at least one of them was arriving (from its responseStart to its responseEnd).
// The waits before an answer began, and the gaps between downloads, are left out: a server or
// a thread busy on a slow or loaded machine is not a slow network. Null if no body came over
// the network, or in no measurable time.
export function downloadRate(entries) {
  const loaded = entries
    .filter((entry) => entry.encodedBodySize > 0 && entry.transferSize >= entry.encodedBodySize)
    .sort((a, b) => a.responseStart - b.responseStart);
  let milliseconds = 0;
  let reached = -Infinity;
  for (const { responseStart, responseEnd } of loaded) {
    const start = Math.max(responseStart, reached);
    if (responseEnd > start) milliseconds += responseEnd - start;
    reached = Math.max(reached, responseEnd);
  }
  if (!(milliseconds > 0)) return null;
  const bytes = loaded.reduce((sum, entry) => sum + entry.encodedBodySize, 0);
  return bytes / (milliseconds / 1000);
}

// Why the app's worker should not fetch the app's snapshot (`appSnapshot` of the page's
// configuration), decided by the live view's worker once its core has started: the app's snapshot
// was made for another function table's layout than this engine's, whose table had the length
// `table` as Python started (appSnapshotLayout), or the network is too slow (appSnapshotWorthIt);
// null if it should.
export function appSnapshotSkipped(appSnapshot, table = coreTable) {
  if (!appSnapshot) return null;
  return (
    appSnapshotLayout(appSnapshot, table) ??
    (appSnapshotWorthIt() ? null : "the network is too slow to fetch the app's snapshot")
  );
}

// This instance's own CPython call-helper pointer, written back into the restored memory.
function restoreCallHelper(pyodide) {
  const module = pyodide._module;
  const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET >> 2];
  module.HEAP32[(module.__PyRuntime + offset) >> 2] = module._PyEM_CountArgsPtr;
}

// The JS functions that the app's Python holds when its snapshot is made, by name: a snapshot
// keeps only JS values that it can name (the `js` module's globals), so each of these is saved
// as its name and given back as the function here. Panel's Pyodide module makes the first one
// when it is imported (`panel.io.pyodide._dict_converter`); the build fails if the app holds
// any other (explorer/site_build/snapshot.mjs).
const SNAPSHOT_FUNCTIONS = {
  "panel-dict-converter": (entries) => {
    for (let entry of entries) {
      if (entry[1] === undefined) {
        entry[1] = null;
      }
    }
    return Object.fromEntries(entries);
  },
};

// Save a JS function that the app's Python holds as its name in SNAPSHOT_FUNCTIONS (for
// makeMemorySnapshot's `serializer`); throws for any other value.
export function snapshotFunctionName(value) {
  const source = (f) => String(f).replace(/\s+/g, "");
  const name = Object.keys(SNAPSHOT_FUNCTIONS).find(
    (key) => typeof value === "function" && source(SNAPSHOT_FUNCTIONS[key]) === source(value),
  );
  if (!name) {
    throw new Error(`the app's Python holds a JS value no snapshot keeps: ${String(value)}`);
  }
  return { function: name };
}

// The app's snapshot's files (`appSnapshot` of the page's configuration `config`: {url, bytes,
// libraries: {url, count}}) and the standard library's archive (checkedStandardLibrary), all
// fetched at once: {bytes, libraries, standardLibrary}, numpy's libraries as [path,
// WebAssembly.Module] in the snapshot's order, the archive as a URL of its bytes (Pyodide would
// fetch it only once the snapshot is there). `compiled` (a promise, or a value) holds numpy's
// libraries as the live view's worker compiled them (librariesAhead), or null: then they are
// fetched and compiled here.
export async function appSnapshotFiles(appSnapshot, url, config, compiled = null) {
  const libraries = Promise.resolve(compiled).then(
    (given) => given ?? appLibraries(appSnapshot, url),
  );
  const archive = checkedStandardLibrary({
    stdLibURL: url(config.standardLibrary),
    standardLibraryBytes: config.standardLibraryBytes,
  });
  const bytes = snapshotBytes(url(appSnapshot.url), appSnapshot);
  const [snapshot, modules, standardLibraryURL] = await Promise.all([bytes, libraries, archive]);
  return { bytes: snapshot, libraries: modules, standardLibrary: standardLibraryURL };
}

// numpy's libraries of the app's snapshot (`appSnapshot.libraries`: {url, count}, `url` making
// its path absolute), fetched and compiled: [path, WebAssembly.Module] in the snapshot's order;
// an archive without all of them is refused.
async function appLibraries(appSnapshot, url) {
  const { url: path, count } = appSnapshot.libraries;
  const response = await fetch(url(path));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const compiled = await compiledLibraries(await gunzipped(response));
  if (compiled.length !== count) {
    throw new Error(`${path} holds ${compiled.length} libraries, not ${count}`);
  }
  return compiled;
}

// numpy's libraries of the app's snapshot (appLibraries), compiled by the live view's worker before
// its Python runs, unless the network is too slow for the app's snapshot (appSnapshotWorthIt), and
// handed on unless its table has another layout (appSnapshotLayout); the page hands them to the
// app's worker (appSnapshotFiles). They are fetched once the live view's snapshot has arrived
// (`arrived`, a promise: the first score's download is not slowed, and the network's rate is known)
// and compiled at once, while the core starts; the function table's length, which decides whether
// they can be used, is known only as Python starts (`started`, a promise of it: coreTableKnown).
// JavaScriptCore (Safari, WebKitGTK) compiles the WebAssembly of every worker of a page in one
// queue, in which a Python that has run queues the optimised compiles of its busiest functions:
// compiled by the app's worker, or by the live view's once its Python had started, the libraries
// waited behind those, and the restore of the app's snapshot waited for the libraries
// (docs/benchmarks.md, "numpy's libraries compiled ahead" and "numpy's libraries handed to the
// app's worker"). Resolves with the libraries, or with null (skipped, no app's snapshot, or a
// failure: the app's worker then fetches them itself).
export function librariesAhead(appSnapshot, url, arrived, started = coreTableKnown) {
  if (!appSnapshot) return Promise.resolve(null);
  const compiled = arrived.then(() =>
    appSnapshotWorthIt() ? appLibraries(appSnapshot, url) : null,
  );
  return Promise.all([started, compiled])
    .then(([table, libraries]) => (appSnapshotLayout(appSnapshot, table) ? null : libraries))
    .catch(() => null);
}

// The libraries of a tar archive (`bytes`) as [path, WebAssembly.Module], in the archive's order.
export function compiledLibraries(bytes) {
  const compile = async ([path, data]) => [path, await WebAssembly.compile(data)];
  return Promise.all([...tarMembers(bytes)].map(compile));
}

// Load `libraries` ([path, WebAssembly.Module]) into `Module` (Pyodide's Emscripten module,
// before its runtime starts), as a program's own libraries are: each placed after the last in
// memory and in the function table. Python's later dlopen of a path finds the library loaded.
function loadLibraries(Module, libraries) {
  for (const [path, compiled] of libraries) {
    const library = Module.newDSO(path, undefined, "loading");
    library.global = false;
    library.exports = Module.loadWebAssemblyModule(
      compiled,
      { loadAsync: false, nodelete: true, allowUndefined: true },
      path,
      {},
    );
  }
}

// The length of the core's function table as Python starts (before any library is loaded), in
// this worker's last start of Pyodide (startCore); null before.
export let coreTable = null;
let tableMeasured;
// Resolves with coreTable once it is known (the first start of Pyodide's core in this worker).
export const coreTableKnown = new Promise((resolve) => (tableMeasured = resolve));

// Pyodide's core compiled (a WebAssembly.Module of pyodide.asm.wasm): by this worker as it
// started Pyodide (startCore), or given by the live view's worker (shareCore), whose compiled
// code the app's worker then shares (and so the code the engine has optimised meanwhile) instead
// of compiling the core again.
export let coreModule = null;

// Start Pyodide's core from `module` (coreModule: compiled by another worker), or null to
// compile it; `modules` are the small modules that worker's start of Pyodide compiled
// (startupModules), or null.
export function shareCore(module, modules = null) {
  coreModule = module;
  for (const [bytes, compiled] of modules ?? []) startupModules.set(bytes, compiled);
}

// `load()` (a loadPyodide) with Pyodide's core started as every engine starts it: the core's
// `_createPyodideModule` (pyodide.asm.js, loaded here from `indexURL` unless it is already) is
// wrapped meanwhile, so that the core's function table is made the same in every engine
// (keepExportsInTable) and, before the runtime starts, its length is kept in coreTable and
// `libraries` are loaded (loadLibraries), if the table has the length `table` (the one the app's
// snapshot was made with: a number, or null for any length). Rejects as `load()` does, or with
// the table's length if it is not `table`.
export async function startCore(indexURL, load, { libraries = [], table = null } = {}) {
  if (typeof globalThis._createPyodideModule !== "function") {
    await import(`${indexURL}pyodide.asm.js`); // it sets globalThis._createPyodideModule
  }
  const create = globalThis._createPyodideModule;
  let failed;
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  globalThis._createPyodideModule = (settings) => {
    const instantiate = settings.instantiateWasm; // Pyodide's (absent in its debug builds)
    if (instantiate || coreModule) {
      settings.instantiateWasm = (imports, receive) => {
        const received = (instance, module) => {
          coreModule = module;
          keepExportsInTable(imports.env.__indirect_function_table, instance.exports);
          return receive(instance, module);
        };
        if (!coreModule) return instantiate(imports, received);
        WebAssembly.instantiate(coreModule, imports).then(
          (instance) => received(instance, coreModule),
          (error) => {
            // compiled elsewhere and not usable here: compiled again
            coreModule = null;
            if (instantiate) instantiate(imports, received);
            else failed(error);
          },
        );
        return {};
      };
    }
    settings.preRun = [].concat(settings.preRun ?? [], (Module) => {
      try {
        coreTable = Module.wasmTable.length;
        tableMeasured(coreTable);
        if (table !== null && coreTable !== table) {
          throw new Error(
            `the function table holds ${coreTable} functions as Python starts, ` +
              `not ${table} as where the snapshot was made`,
          );
        }
        loadLibraries(Module, libraries);
      } catch (error) {
        failed(error);
        throw error;
      }
    });
    return create(settings);
  };
  try {
    return await withStartupModules(() => Promise.race([load(), failure]));
  } finally {
    globalThis._createPyodideModule = create;
  }
}

// Why the app's snapshot (`appSnapshot` of the page's configuration: its `layout` is the
// function table's length as Python started where it was made) cannot be restored in this
// engine, whose core's table had the length `table` as Python started (coreTable, measured by
// the live view's worker before the app's snapshot is fetched); null if it can.
export function appSnapshotLayout(appSnapshot, table) {
  const wanted = appSnapshot.layout?.table;
  if (wanted === table) return null;
  if (wanted === undefined) return "the app's snapshot records no function table's length";
  return (
    `this engine's function table holds ${table} functions as Python starts, the app's ` +
    `snapshot was made with ${wanted}`
  );
}

// Restore the app's Python from its snapshot (`appSnapshot` of the page's configuration: {url,
// bytes, check, libraries}) whose files are the promise `files` (appSnapshotFiles; the standard
// library's archive comes with the restore, from there or else options.stdLibURL), with
// `loadPyodide` (Pyodide's pyodide.mjs); `options` are loadPyodide's; `environment` is set in
// Python's os.environ. Resolves with Pyodide once the restored Python has answered the app's check
// as CPython and numpy did at build time (explorer.runtime.worker.app_check); rejects otherwise.
export async function restoreAppSnapshot(loadPyodide, appSnapshot, files, options, environment) {
  const { bytes, libraries, standardLibrary = options.stdLibURL } = await files;
  const load = () =>
    loadPyodide({
      ...options,
      _loadSnapshot: bytes,
      stdLibURL: standardLibrary,
      _snapshotDeserializer: ({ function: name }) => SNAPSHOT_FUNCTIONS[name],
    });
  return withConsoleHeld(() => restoreAndCheck(appSnapshot, load, libraries, options, environment));
}

// `work()` (a function, or an async one) run with the console held back: a damaged snapshot
// makes Pyodide report a fatal error on the console, where the fallback says why in one warning
// instead (static/worker.js). Resolves as `work` does; its error names the fatal error's cause.
export async function withConsoleHeld(work) {
  const said = [];
  const console_ = { error: console.error, log: console.log, warn: console.warn };
  for (const name of Object.keys(console_)) console[name] = (...args) => said.push(args.join(" "));
  try {
    return await work();
  } catch (error) {
    const cause = said.find((line) => line.startsWith("RuntimeError")) ?? "";
    throw new Error(`${(error && error.message) || error}${cause && ` (${cause})`}`, {
      cause: error,
    });
  } finally {
    Object.assign(console, console_);
  }
}

// restoreAppSnapshot's work: the restore (`load()`) with `libraries` loaded first, and the app's
// check.
async function restoreAndCheck(appSnapshot, load, libraries, options, environment) {
  const pyodide = await withTimeout(
    startCore(options.indexURL, load, { libraries, table: appSnapshot.layout?.table ?? null }),
    SNAPSHOT_TIMEOUT_MS,
    "the restore of the app's snapshot",
  );
  restoreCallHelper(pyodide);
  const worker = pyodide.pyimport("explorer.runtime.worker");
  worker.restored(pyodide.toPy(environment));
  const answer = worker.app_check();
  if (answer !== appSnapshot.check) {
    throw new Error(`the app's check answered ${answer}, not ${appSnapshot.check}`);
  }
  return pyodide;
}
