// The charsim explorer's Web Worker: Python (Pyodide) runs here, off the page's main thread, so
// that installing, importing and scoring never freeze the text boxes. Its Python side is
// explorer/runtime/worker.py (a Session); the page side is static/page/.
//
// From the page: {type: "start", config, query, pageURL, boot, role, snapshot, app, skipped, core,
// modules, scheme} once (see boot() below); then "libraries" (to the app's worker: numpy's
// libraries, as the live view's worker compiled them, or null), "score" (the live view's inputs,
// while the app loads), "rendered" (the app is on the page), "patch" (what the user did in the app:
// a Bokeh patch), "navigate" (the browser's Back or Forward went to the page's address `query`) and
// "scheme" (the page's colour scheme changed: "light" or "dark", which the app's charts follow). To
// the page: "stage" (loading progress), "boot" (how Python started: "app-snapshot", "snapshot" or
// "fresh", why not from the snapshot asked for, the worker's role, and for the app's worker the
// snapshot's bytes, whether to fetch the app's snapshot, the compiled core and the small modules
// that Pyodide's start-up compiles), "libraries" (the live view's worker: numpy's libraries of the
// app's snapshot compiled, or null), "scripts" (fetch the app's JS now), "live" (what the live view
// shows), "scored", "render" (the app's Bokeh JSON), "patch" (changes of the app), "idle" (the
// page's last patch is applied: send the next), "address" (the new query string of the page),
// "entry" (start a new history entry: an example or a batch item replaces the user's texts),
// "stderr" (Python's error output), "single" (the single-item page is complete), "ready" (every
// part of every page is built), "restart" (the app's worker, restored from the app's snapshot,
// could not build the app: start it again without that snapshot) and "error" (the stage that failed
// and why).
import { checkedStandardLibrary, filesWritten, gunzipped, writeTar } from "./archives.js";
import { startupModules } from "./engines.js";
import {
  appSnapshotFiles,
  appSnapshotSkipped,
  coreModule,
  librariesAhead,
  restoreAppSnapshot,
  restoreSnapshot,
  shareCore,
  snapshotBytes,
  startCore,
  withConsoleHeld,
} from "./snapshot.js";

let session = null; // explorer.runtime.worker.Session, once Python holds the state
let stage = "Loading Python runtime";
let lastScore = null; // a live request that came before Python could take it (the newest wins)
let pageRendered = null; // resolves when the page has rendered the app
// The app's worker: numpy's libraries, compiled by the live view's worker ("libraries"), or null
let handLibraries;
const handedLibraries = new Promise((resolve) => (handLibraries = resolve));
let scheme = "light"; // the page's colour scheme (prefers-color-scheme), for the app's charts

function post(message, transfer = []) {
  self.postMessage(message, transfer);
}

// Show `text` as the loading's progress; `step` is what a failure from now on says was being
// done (the text without its counts).
function show(text, done, total, step = text) {
  stage = step;
  post({ type: "stage", text, done, total });
}

// Whether `send()` (a post of compiled WebAssembly) went through: an engine that cannot send a
// WebAssembly.Module to another worker throws.
function sent(send) {
  try {
    send();
    return true;
  } catch {
    return false;
  }
}

function fail(error) {
  post({
    type: "error",
    stage,
    message: (error && (error.message || String(error))) || "unknown error",
  });
}

// Let the page's messages in between two steps of Python work.
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

self.onmessage = ({ data }) => {
  try {
    if (data.type === "start") boot(data).catch(fail);
    else if (data.type === "score" && !session) lastScore = data;
    else if (data.type === "score") scored(data);
    else if (data.type === "patch") {
      session.receive(data.patch);
      post({ type: "idle" });
    } else if (data.type === "rendered") pageRendered();
    else if (data.type === "libraries") handLibraries(data.libraries);
    else if (data.type === "navigate") session.navigate(data.query);
    else if (data.type === "scheme") {
      scheme = data.scheme;
      if (session) session.use_scheme(scheme);
    }
  } catch (error) {
    fail(error);
  }
};

function scored(message) {
  const view = session.score(message.inputs);
  if (view) post({ type: "scored", seq: message.seq, ...view });
}

// When Pyodide itself comes from the CDN, it resolves the lock's relative file names against
// the CDN: make those of this site's own wheels absolute (the compiled packages' entries are
// already the CDN's absolute URLs, which new URL() keeps) and hand Pyodide the rewritten lock.
async function lockFileURL(config, url) {
  if (config.pyodideSource !== "cdn") return url;
  const lock = await (await fetch(url)).json();
  for (const entry of Object.values(lock.packages)) {
    entry.file_name = new URL(entry.file_name, url).href;
  }
  return URL.createObjectURL(new Blob([JSON.stringify(lock)], { type: "application/json" }));
}

// Install the stages `names` of config.stages ("live", "app", or a package group): the files of
// each one's archive (its pure-Python packages; the app's own files for "live") written from
// it, their other packages (numpy, pandas) installed meanwhile by Pyodide's loader, all
// downloading in parallel. Progress counts the packages in place. `fetched` holds the responses
// of archives fetched ahead, by stage; `withLoaded` false leaves the loader's packages out.
async function installStages(
  pyodide,
  config,
  url,
  names,
  label,
  { fetched = {}, withLoaded = true } = {},
) {
  const stages = names.map((name) => config.stages[name]);
  const loaded = withLoaded ? stages.flatMap((stage) => stage.loaded) : [];
  const total = loaded.length + stages.reduce((sum, stage) => sum + stage.bundled.length, 0);
  let done = 0;
  const progress = (packages) => {
    done += packages.length;
    show(`${label} (${done}/${total}: ${packages.join(", ")})`, done, total, label);
  };
  show(`${label} (0/${total})`, 0, total, label);
  const archives = names.map((name, i) => fetched[name] ?? fetch(url(stages[i].bundle.url)));
  const installed = loadPackages(pyodide, loaded, config, progress);
  for (const [i, { bundle, bundled }] of stages.entries()) {
    const response = await archives[i];
    const held = bundled.length ? ` (${bundled.join(", ")})` : "";
    if (!response.ok) {
      throw new Error(`could not fetch ${bundle.url}${held}: HTTP ${response.status}`);
    }
    const tar = await gunzipped(response).catch((error) => {
      throw new Error(`${bundle.url}${held} could not be unpacked: ${error.message || error}`);
    });
    if (tar.length !== bundle.bytes) {
      // a truncated download can unpack without an error
      throw new Error(
        `${bundle.url}${held} is damaged: it unpacks to ${tar.length} bytes, ` +
          `not ${bundle.bytes}`,
      );
    }
    writeTar(pyodide.FS, tar);
    progress(bundled);
  }
  await installed;
  filesWritten(pyodide);
}

// Pyodide's loader downloads `packages` (wheels) in parallel and installs them; `progress` is
// called with each one's name once its download is complete.
async function loadPackages(pyodide, packages, config, progress) {
  if (!packages.length) return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = config.packageFiles[entry.name.split("/").pop()];
      if (name && packages.includes(name)) progress([name]);
    }
  });
  observer.observe({ type: "resource" });
  const errors = [];
  try {
    await pyodide.loadPackage(packages, {
      messageCallback: () => {},
      errorCallback: (message) => errors.push(message),
    });
  } finally {
    observer.disconnect();
  }
  if (errors.length) throw new Error(errors.join("\n"));
}

// Python restored from the site's memory snapshot (static/snapshot.js) unless the page asks for a
// fresh boot (?boot=fresh) or the restore fails; then booted afresh, as Pyodide boots, with
// `loadPyodide` (Pyodide's pyodide.mjs). `snapshot` is the snapshot's bytes on their way (fetched
// while Pyodide's script loads), or null; `standardLibrary` whether a restored Python fetches its
// standard library's archive at once (else the first import that needs it does); `app` the files of
// the app's snapshot on their way (appSnapshotFiles), restored first when given; `skipped` why the
// app's snapshot is not (for the app's worker). Resolves with {pyodide, boot: "app-snapshot" |
// "snapshot" | "fresh", reason (why not the snapshot asked for), standardLibrary} (restored from
// the live view's snapshot: a promise that the archive has arrived).
async function startPython(loadPyodide, config, url, snapshot, standardLibrary, app, skipped) {
  const options = {
    indexURL: url(config.indexURL),
    stdLibURL: url(config.standardLibrary),
    lockFileURL: await lockFileURL(config, url(config.lockFileURL)),
    standardLibraryBytes: config.standardLibraryBytes,
  };
  const env = { PANEL_CDN_ROOT: config.panelCdnRoot };
  let reason = skipped ?? (config.snapshot ? "?boot=fresh" : "the site has no memory snapshot");
  if (app) {
    try {
      const pyodide = await restoreAppSnapshot(loadPyodide, config.appSnapshot, app, options, env);
      return { pyodide, boot: "app-snapshot", standardLibrary: null };
    } catch (error) {
      reason = `the app's memory snapshot could not be used: ${(error && error.message) || error}`;
    }
  }
  if (snapshot) {
    try {
      const restored = await restoreSnapshot(
        loadPyodide,
        config.snapshot,
        snapshot,
        options,
        env,
        standardLibrary,
      );
      return { ...restored, boot: "snapshot", reason };
    } catch (error) {
      reason = `the memory snapshot could not be used: ${(error && error.message) || error}`;
    }
  }
  const stdLibURL = await checkedStandardLibrary(options);
  const pyodide = await startCore(options.indexURL, () =>
    loadPyodide({ ...options, stdLibURL, env }),
  );
  return { pyodide, boot: "fresh", reason };
}

// The page starts this worker in one of three roles:
// * "live": Python restored from the snapshot scores the live view and does nothing else, so
//   that typing is answered at once while another worker (role "app") loads the app; if the
//   restore fails, Python boots afresh and the worker takes role "both" (the page then starts
//   no other);
// * "app": Python (restored, or booted afresh if that fails) loads and runs the app, for the
//   page's live view held by the "live" worker until the app takes its place;
// * "both": one worker for the live view and then the app (?boot=fresh, no snapshot).
//
// The "app" worker restores the app's snapshot (numpy, Bokeh and Panel imported) when `app` says
// it is worth fetching (the "live" worker measured the network: appSnapshotWorthIt), else the
// live view's from the bytes the "live" one fetched (`snapshot`, handed over by the page with its
// "boot" message, so that they are not downloaded twice), else boots afresh.
async function boot({
  config,
  query,
  pageURL,
  boot: wanted,
  role,
  snapshot: given,
  app: fast,
  skipped: why,
  core,
  modules,
  scheme: colours = "light",
}) {
  scheme = colours;
  const url = (path) => new URL(path, pageURL).href;
  shareCore(core ?? null, modules);
  const app =
    role === "app" && config.appSnapshot && fast
      ? appSnapshotFiles(config.appSnapshot, url, config, handedLibraries)
      : null;
  const skipped = role === "app" && config.appSnapshot && !fast ? why : null;
  app?.catch(() => {}); // a failed fetch is reported by the restore that awaits it
  // The app's worker needs the files of the live view's and the app's stages first: fetched now.
  const fetched =
    role !== "app"
      ? {}
      : Object.fromEntries(
          ["live", "app"].map((name) => [name, fetch(url(config.stages[name].bundle.url))]),
        );
  Object.values(fetched).forEach((response) => response.catch(() => {})); // reported when used
  let snapshot = null;
  if (given) snapshot = Promise.resolve(given);
  else if (config.snapshot && wanted !== "fresh") {
    snapshot = snapshotBytes(url(config.snapshot.url), config.snapshot);
  }
  snapshot?.catch(() => {}); // a failed fetch is reported by the restore that awaits it
  // numpy's libraries for the app's worker, compiled before this worker's Python runs
  const ahead =
    role === "live" && snapshot ? librariesAhead(config.appSnapshot, url, snapshot) : null;
  const { loadPyodide } = await import(url(config.pyodideJs));
  const {
    pyodide,
    boot: how,
    reason,
    standardLibrary,
  } = await startPython(loadPyodide, config, url, snapshot, role !== "live", app, skipped);
  if (how === "fresh" && role === "live") role = "both";
  if (how === "snapshot" && role === "live") {
    const bytes = await snapshot; // Python holds its own copy: these go to the app's worker
    const skipped = appSnapshotSkipped(config.appSnapshot);
    const booted = {
      type: "boot",
      boot: how,
      reason,
      role,
      snapshot: bytes,
      app: !skipped,
      skipped,
    };
    // the compiled core and Pyodide's small start-up modules too, for the app's worker to share
    // (coreModule, startupModules), unless the engine cannot send compiled WebAssembly to another
    // worker
    const compiled = { core: coreModule, modules: startupModules };
    if (!sent(() => post({ ...booted, ...compiled }, [bytes.buffer]))) {
      post(booted, [bytes.buffer]);
    }
    // numpy's libraries follow once compiled (librariesAhead), while the app's worker fetches the
    // app's snapshot: its start does not wait for them
    if (!skipped) {
      ahead.then((libraries) => {
        if (!sent(() => post({ type: "libraries", libraries }))) {
          post({ type: "libraries", libraries: null });
        }
      });
    }
  } else post({ type: "boot", boot: how, reason, role });
  // Python's error output (tracebacks, warnings) goes to the page's console, where the page's
  // developers and its tests see it.
  pyodide.setStderr({ batched: (text) => post({ type: "stderr", text }) });
  // Booted afresh, Python installs the live view's stage (charsim, param, the app) first.
  // Restored, it holds their modules in memory already; their files (for the modules imported
  // later) are installed with the app's packages, after the first score.
  if (how === "fresh") await installStages(pyodide, config, url, ["live"], "Installing charsim");
  const worker = pyodide.pyimport("explorer.runtime.worker");
  session = worker.open_session(post, config.pageResources, query);
  const live = session.start(query);
  if (role === "app") return loadApp(pyodide, config, url, how, standardLibrary, fetched);
  post({ type: "live", ...live });
  if (lastScore) scored(lastScore);
  if (role === "both") await loadApp(pyodide, config, url, how, standardLibrary);
}

// Install the app's packages, build the app on the session's state and send it to the page,
// then build the staged parts, the single-item page first (restored from the app's snapshot at
// the site's plain address, the session holds the app and its pages built already, to be shown
// one part per step: see explorer.runtime.worker.prebuild). `fetched`: the stages' archives
// fetched ahead (installStages). Restored from the app's snapshot, Python holds numpy, Bokeh and
// Panel in memory: their files are written first (the app reads Panel's CSS), and numpy's come
// with the tables' group (Pyodide's loader installs numpy with pandas, which needs it), which
// then starts at once rather than after numpy's files.
async function loadApp(pyodide, config, url, how, standardLibrary, fetched = {}) {
  await standardLibrary;
  const stages = how === "fresh" ? ["app"] : ["live", "app"]; // restored: no file yet
  const restoredApp = how === "app-snapshot";
  await installStages(pyodide, config, url, stages, "Installing packages", {
    fetched,
    withLoaded: !restoredApp,
  });
  // The package groups, each installed in the background, the first (the single-item page's)
  // while the app's modules are imported, the others when a part waits for them or once every
  // page is built.
  const groups = {};
  const installGroup = (group) => {
    if (!groups[group]) {
      groups[group] = installStages(pyodide, config, url, [group], `Installing ${group}`).then(() =>
        session.installed(group),
      );
      groups[group].catch(() => {}); // its failure is reported where it is awaited
    }
    return groups[group];
  };
  // Restored from the app's snapshot, Python holds the modules of its groups (sacreBLEU's)
  // already: their files follow once every page is built.
  const held = how === "app-snapshot" ? config.appSnapshot.groups : [];
  held.forEach((group) => session.installed(group));
  const [first] = Object.keys(config.stages).filter((n) => !["live", "app"].includes(n));
  if (first && !held.includes(first)) installGroup(first);
  show("Starting the app");
  post({ type: "scripts" }); // the page fetches BokehJS and Panel's JS meanwhile
  while (session.import_next()) await pause();
  session.use_scheme(scheme);
  let built;
  try {
    // restored from the app's snapshot, the app is in it: a damaged one may fail only here
    built = how === "app-snapshot" ? await withConsoleHeld(() => session.build()) : session.build();
  } catch (error) {
    if (how !== "app-snapshot") throw error;
    post({ type: "restart", reason: `it could not build the app: ${error.message || error}` });
    return;
  }
  post({ type: "render", ...built });
  await new Promise((resolve) => (pageRendered = resolve));
  session.link((patch, buffers) => post({ type: "patch", patch, buffers }));

  show("Building the single-item page");
  for (let next = session.step(); next !== "done"; next = session.step()) {
    if (next === "single") {
      post({ type: "single" });
      show("Building the other pages");
    } else if (next.startsWith("install:")) {
      await installGroup(next.slice("install:".length));
    }
    await pause();
  }
  post({ type: "ready" });
  // Every page is built. The files of the groups the app's snapshot holds are written now; a
  // group no part has needed yet (the tables', for the batch page's tables, built once files are
  // loaded) is installed when Python asks for it: when such a part joins or its page is opened.
  held.forEach((group) => installGroup(group).catch(fail));
  session.finish((group) => {
    // asked for again while it installs: reported once
    if (!groups[group]) installGroup(group).catch(fail);
  });
}
