// Make or check the memory snapshot of the explorer's live view with Pyodide's own core (npm
// `pyodide`, run by Node), for explorer/site_build/snapshot.py. Not part of the site.
//
//   node explorer/site_build/snapshot.mjs make SNAPSHOT STDLIB ARCHIVE...   (the stages' *.tar.gz)
//   node explorer/site_build/snapshot.mjs check SNAPSHOT STDLIB
//   node explorer/site_build/snapshot.mjs make-app SNAPSHOT STDLIB SETTINGS ARCHIVE...
//   node explorer/site_build/snapshot.mjs check-app SNAPSHOT STDLIB SETTINGS ARCHIVE...
//
// STDLIB is the standard library's archive the site serves (python_stdlib.zip): the snapshot's
// zipimport holds its table of contents, so it is made and restored with that very file.
//
// `make` unpacks each archive (the live view's stage: explorer/site_build/bundle.py; members are
// named from the file system's root, as the worker writes them), imports the live view's Python
// (explorer.runtime.worker) and writes the snapshot of Pyodide's memory. `check` restores a
// snapshot as the worker does (without the standard library's archive, which then arrives) and
// prints, as one JSON line, the self-check's answer, two draws of `random` (they must differ
// between two restores) and the files compiled from source while modules were imported from the
// archive (none may be).
// `make-app` and `check-app` do the same for the app's snapshot (sacreBLEU's modules, those of
// explorer.runtime.worker.SNAPSHOT_GROUPS, and numpy, Bokeh and Panel imported as well:
// explorer.runtime.worker.APP_IMPORTS, and the app built for the page's plain address with its
// single-item page: explorer.runtime.worker.prebuild), with the functions the worker uses
// (static/snapshot.js): numpy's libraries (the archive SETTINGS.libraries) are loaded as Pyodide
// starts, numpy's wheel (SETTINGS.wheel) is unpacked, PANEL_CDN_ROOT is the page's
// (SETTINGS.panelCdnRoot), and `make-app` prints the snapshot's layout and the extension modules
// Python imported as one JSON line ({layout: {table}, extensions}: the function table's length as
// Python started, where the libraries were placed after it; the files of the modules, each of
// which must be one of those libraries); `check-app` restores it as the worker does (on a table of the length SETTINGS.layout.table),
// writes the ARCHIVEs' files, builds the app for the page's JS and CSS (SETTINGS.pageResources) and
// prints the app's check (explorer.runtime.worker.app_check), the comparison's (comparison_check),
// two draws of `random`, and of the app that `make-app` built ahead
// (explorer.runtime.worker.prebuild) the parts in progress in the JSON sent, whether a part is left
// to build, and the steps until its single-item page is complete. Either fails with exit status 1 and the error on stderr.
//
// What Pyodide 0.27.7's experimental snapshots allow (pyodide/pyodide#4652, #4720, #5195):
// * packages are unpacked with unpackArchive, not loadPackage (whose JS objects make
//   makeMemorySnapshot fail with "Unexpected hiwire entry");
// * no compiled package (numpy) is imported first: its dynamic library is not in the snapshot;
// * Python holds no JS object but the `js` module's globals;
// * the hash seed is fixed (PYTHONHASHSEED=0), so that a rebuild gives the same snapshot;
// * CPython's call-helper pointer (`_PyEM_CountArgsPtr`, the wasm-gc argument counter that the
//   running engine makes at start-up) is cleared: restored elsewhere, the pointer of the
//   engine that made the snapshot would name another function. The worker writes its own back
//   after the restore (static/snapshot.js); until then calls take the JavaScript path.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// npm `pyodide`'s folder and the site's shell (static/): CHARSIM_PYODIDE and CHARSIM_STATIC,
// set by the build (explorer/site_build/pins.py).
const indexURL = `${process.env.CHARSIM_PYODIDE}/`;
await import(join(indexURL, "pyodide.asm.js")); // _createPyodideModule, for startCore
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
// The workers' own functions (static/archives.js, static/snapshot.js, which imports
// static/engines.js), as the workers run them.
const shell = (name) => import(pathToFileURL(join(process.env.CHARSIM_STATIC, name)).href);
const { filesWritten, gunzipped, writeTar } = await shell("archives.js");
const snapshots = await shell("snapshot.js");
const { compiledLibraries, restoreAppSnapshot, snapshotFunctionName, startCore } = snapshots;

const [command, snapshot, stdLibURL, ...archives] = process.argv.slice(2);
const bytes = (path) => new Uint8Array(readFileSync(path));
const EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 5, 6, ...new Array(18).fill(0)]); // no member

// The file at `path`, gzip-compressed, unpacked.
const gunzippedFile = (path) => gunzipped(new Response(bytes(path)));

// The open files the imports left, closed before a snapshot: importlib.metadata keeps a
// zipfile.ZipFile of each archive on sys.path it has read (the standard library's) until its
// caches are invalidated; closed after a restore, it would close a file descriptor that the
// restored Python does not have ("OSError: [Errno 8] Bad file descriptor" on the console). Not
// importlib.invalidate_caches(): each of the standard library's zipimporters (one per package
// imported from it, 19 here) would read the archive's directory again into a dict of its own,
// 1.3 MB more of the live view's snapshot once compressed (gzip).
// The files of the extension modules (compiled libraries) Python has imported.
const EXTENSIONS = `import sys
[m.__file__ for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").endswith(".so")]`;

const CLOSE_FILES = `import gc, importlib.metadata
importlib.metadata.MetadataPathFinder.invalidate_caches()
gc.collect()`;

// How many copies of the standard library archive's directory the restored Python holds (its
// zipimporters' own dicts; 1 when they share one, as CLOSE_FILES leaves them).
const ZIP_DIRECTORIES = `import sys, zipimport
len({id(f._files) for f in sys.path_importer_cache.values() if isinstance(f, zipimport.zipimporter)})`;

function countArgsSlot(pyodide) {
  const module = pyodide._module;
  const offset = module.HEAP32[module.__PyEM_EMSCRIPTEN_COUNT_ARGS_OFFSET >> 2];
  return [module.HEAP32, (module.__PyRuntime + offset) >> 2];
}

try {
  if (command === "make" && stdLibURL && archives.length) {
    const pyodide = await loadPyodide({
      indexURL,
      stdLibURL,
      _makeSnapshot: true,
      env: { PYTHONHASHSEED: "0" },
    });
    for (const path of archives) pyodide.unpackArchive(bytes(path), "gztar", { extractDir: "/" });
    // The live view's Python and what it converts its answers with (pyodide.ffi.to_js).
    pyodide.runPython("import explorer.runtime.worker as w, js, pyodide.ffi; w.self_check()");
    pyodide.runPython(CLOSE_FILES);
    const [heap, slot] = countArgsSlot(pyodide);
    heap[slot] = 0;
    writeFileSync(snapshot, pyodide.makeMemorySnapshot());
  } else if (command === "check" && stdLibURL && !archives.length) {
    // Restored as the worker restores it, without the standard library's archive: the
    // self-check must need no module that is not in memory (here, with no XMLHttpRequest, the
    // guard of explorer.runtime.standard_library would fail); then the archive arrives.
    const empty = join(tmpdir(), `charsim-empty-${process.pid}.zip`);
    writeFileSync(empty, EMPTY_ZIP);
    const pyodide = await loadPyodide({
      indexURL,
      _loadSnapshot: bytes(snapshot),
      stdLibURL: empty,
    }).finally(() => rmSync(empty, { force: true })); // read into Python's file system by now
    const worker = pyodide.pyimport("explorer.runtime.worker");
    worker.restored(pyodide.toPy({}), "python_stdlib.zip");
    const zipDirectories = pyodide.runPython(ZIP_DIRECTORIES);
    const check = worker.self_check();
    // The live view itself: a link opened, typed inputs scored, references in JSON.
    worker.Session(() => {}, []).start("c=the+cat&r=%5B%22a+cat%22%5D&cap=4&w=uniform&lang=ja");
    const session = worker.Session(() => {}, []);
    session.start("");
    session.score({
      candidate: "ça ☃",
      references_text: '["ca", "a \u00e7a"]',
      reference_format: "json",
      max_order: 32,
      weights: "harmonic",
    });
    const draws = pyodide.runPython("import random; [random.random(), random.random()]").toJs();
    pyodide.pyimport("explorer.runtime.standard_library").arrived(bytes(stdLibURL));
    // Modules not in memory are read from the archive, from their bytecode: none is compiled.
    const compiled = pyodide
      .runPython(
        `
import builtins
sources = []
def counting(source, filename, *args, **kwargs):
    sources.append(filename)
    return compile(source, filename, *args, **kwargs)
builtins.compile, compile = counting, builtins.compile
try:
    import pydoc, xml.dom.minidom
finally:
    builtins.compile = compile
sources`,
      )
      .toJs();
    console.log(JSON.stringify({ check, random: draws, compiled, zipDirectories }));
  } else if (command === "make-app" && stdLibURL && archives.length) {
    const [settings, ...stages] = archives;
    const { libraries, wheel, panelCdnRoot, pageResources } = JSON.parse(
      readFileSync(settings, "utf8"),
    );
    globalThis.XMLHttpRequest = class {}; // Panel imports it; nothing here sends a request
    const compiled = await compiledLibraries(await gunzippedFile(libraries));
    const pyodide = await startCore(
      indexURL,
      () =>
        loadPyodide({
          indexURL,
          stdLibURL,
          _makeSnapshot: true,
          env: { PYTHONHASHSEED: "0", PANEL_CDN_ROOT: panelCdnRoot },
        }),
      { libraries: compiled },
    );
    for (const path of stages) pyodide.unpackArchive(bytes(path), "gztar", { extractDir: "/" });
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(bytes(wheel), "zip", { extractDir: sitePackages });
    pyodide.runPython(`
import explorer.runtime.worker as w, js, pyodide.ffi
w.comparison_check()
for name in w.APP_IMPORTS:
    w.import_app_module(name)
w.app_check()`);
    pyodide.pyimport("explorer.runtime.worker").prebuild(pyodide.toPy(pageResources));
    await new Promise((resolve) => setTimeout(resolve, 1000)); // its deferred work runs
    const imported = pyodide.runPython(EXTENSIONS);
    const extensions = imported.toJs();
    imported.destroy();
    pyodide.runPython(CLOSE_FILES);
    const [heap, slot] = countArgsSlot(pyodide);
    heap[slot] = 0;
    writeFileSync(snapshot, pyodide.makeMemorySnapshot({ serializer: snapshotFunctionName }));
    console.log(JSON.stringify({ layout: { table: snapshots.coreTable }, extensions }));
  } else if (command === "check-app" && stdLibURL && archives.length) {
    const [settings, ...stages] = archives;
    const { libraries, panelCdnRoot, pageResources, check, layout } = JSON.parse(
      readFileSync(settings, "utf8"),
    );
    globalThis.XMLHttpRequest = class {};
    const compiled = await compiledLibraries(await gunzippedFile(libraries));
    const files = { bytes: bytes(snapshot), libraries: compiled };
    const pyodide = await restoreAppSnapshot(
      loadPyodide,
      { check, layout },
      Promise.resolve(files),
      { indexURL, stdLibURL },
      { PANEL_CDN_ROOT: panelCdnRoot },
    );
    const zipDirectories = pyodide.runPython(ZIP_DIRECTORIES);
    for (const path of stages) writeTar(pyodide.FS, await gunzippedFile(path));
    filesWritten(pyodide);
    const worker = pyodide.pyimport("explorer.runtime.worker");
    // The app as the plain address opens it (prebuilt), then as a link does (built here).
    const prebuilt = worker.open_session(() => {}, pageResources, "");
    prebuilt.start("");
    const sent = JSON.parse(prebuilt.build().model);
    const pending = prebuilt.staging.pending();
    let steps = 1;
    while (prebuilt.step() !== "single") steps += 1;
    const session = worker.open_session(() => {}, pageResources, "");
    session.start("");
    const built = session.build();
    const draws = pyodide.runPython("import random; [random.random(), random.random()]").toJs();
    console.log(
      JSON.stringify({
        check: worker.app_check(),
        comparison: worker.comparison_check(),
        random: draws,
        model: JSON.stringify(built.model).length,
        zipDirectories,
        prebuilt: {
          steps,
          pending,
          progress: JSON.stringify(sent).split("&lt;progress").length - 1,
        },
      }),
    );
  } else {
    console.error(
      "usage: node explorer/site_build/snapshot.mjs make SNAPSHOT STDLIB ARCHIVE... | check SNAPSHOT STDLIB | make-app|check-app SNAPSHOT STDLIB SETTINGS ARCHIVE...",
    );
    process.exit(2);
  }
} catch (error) {
  console.error(String((error && error.stack) || error));
  process.exit(1);
}
