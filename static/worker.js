// The charsim explorer's Web Worker: Python (Pyodide) runs here, off the page's main thread, so
// that installing, importing and scoring never freeze the text boxes. Its Python side is
// explorer/runtime/worker.py (a Session); the page side is static/page/.
//
// From the page: {type: "start", config, query, pageURL, boot} once; then "score" (the live view's
// inputs, while the app loads), "rendered" (the app is on the page) and "patch" (what the user
// did in the app: a Bokeh patch). To the page: "stage" (loading progress), "boot" (how Python
// started: "snapshot" or "fresh", and why not from the snapshot), "scripts" (fetch the app's
// JS now), "live" (what the live
// view shows), "scored", "render" (the app's Bokeh JSON), "patch" (changes of the app), "idle"
// (the page's last patch is applied: send the next), "address" (the new query string of the
// page), "stderr" (Python's error output), "single" (the single-item page is complete),
// "ready" (every part of every page is built) and
// "error" (the stage that failed and why).
"use strict";

let session = null; // explorer.runtime.worker.Session, once Python holds the state
let stage = "Loading Python runtime";
let lastScore = null; // a live request that came before Python could take it (the newest wins)
let pageRendered = null; // resolves when the page has rendered the app

function post(message) {
  self.postMessage(message);
}

function show(text, done, total) {
  stage = text;
  post({ type: "stage", text, done, total });
}

function fail(error) {
  post({ type: "error", stage, message: (error && (error.message || String(error))) || "unknown error" });
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

// One loadPackage call downloads all the wheels in parallel; progress counts the wheels whose
// download is complete.
async function install(pyodide, packages, config, label) {
  if (!packages.length) return;
  let done = 0;
  show(`${label} (0/${packages.length})`, 0, packages.length);
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = config.packageFiles[entry.name.split("/").pop()];
      if (name && packages.includes(name)) {
        done += 1;
        show(`${label} (${done}/${packages.length}: ${name})`, done, packages.length);
      }
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

// Unpack a zip of the app's modules (a pending fetch of `name`) into Pyodide's working folder.
async function unpack(pyodide, pending, name) {
  const response = await pending;
  if (!response.ok) throw new Error(`could not fetch ${name}: ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  pyodide.pyimport("importlib").invalidate_caches();
}

// Python restored from the site's memory snapshot (static/snapshot.js) unless the page asks for
// a fresh boot (?boot=fresh) or the restore fails; then booted afresh, as Pyodide boots.
// `snapshot` is the snapshot's bytes on their way (fetched while Pyodide's script loads), or
// null. Resolves with {pyodide, boot: "snapshot" | "fresh", reason, standardLibrary}
// (restored: a promise that the standard library's archive has arrived).
async function startPython(config, url, snapshot) {
  const options = {
    indexURL: url(config.indexURL),
    lockFileURL: await lockFileURL(config, url(config.lockFileURL)),
  };
  const env = { PANEL_CDN_ROOT: url(config.panelCdnRoot) };
  let reason = config.snapshot ? "?boot=fresh" : "the site has no memory snapshot";
  if (snapshot) {
    try {
      return { ...await restoreSnapshot(config.snapshot, snapshot, options, env), boot: "snapshot" };
    } catch (error) {
      reason = `the memory snapshot could not be used: ${(error && error.message) || error}`;
    }
  }
  return { pyodide: await loadPyodide({ ...options, env }), boot: "fresh", reason };
}

async function boot({ config, query, pageURL, boot: wanted }) {
  const url = (path) => new URL(path, pageURL).href;
  importScripts(url("snapshot.js"));
  const snapshot = config.snapshot && wanted !== "fresh"
    ? snapshotBytes(url(config.snapshot.url), config.snapshot.integrity)
    : null;
  snapshot?.catch(() => {}); // a failed fetch is reported by the restore that awaits it
  importScripts(url(config.pyodideJs));
  const { pyodide, boot: how, reason, standardLibrary } = await startPython(config, url, snapshot);
  post({ type: "boot", boot: how, reason });
  // Python's error output (tracebacks, warnings) goes to the page's console, where the page's
  // developers and its tests see it.
  pyodide.setStderr({ batched: (text) => post({ type: "stderr", text }) });
  // Booted afresh, Python installs the live view's packages and the app first. Restored, it
  // holds their modules in memory already; their files (for the modules imported later) are
  // installed with the app's packages, after the first score.
  const appArchive = () => fetch(url(config.appArchive));
  let packages = [...config.corePackages, ...config.packages];
  if (how === "fresh") {
    const archive = appArchive(); // downloads while the wheels install
    await install(pyodide, config.corePackages, config, "Installing charsim");
    await unpack(pyodide, archive, config.appArchive);
    packages = config.packages;
  }
  const { Session } = pyodide.pyimport("explorer.runtime.worker");
  session = Session(post, config.pageResources.map(url));
  post({ type: "live", ...session.start(query) });
  if (lastScore) scored(lastScore);

  const archive = how === "fresh" ? null : appArchive();
  await standardLibrary;
  await install(pyodide, packages, config, "Installing packages");
  if (archive) await unpack(pyodide, archive, config.appArchive);
  // The package groups, each installed in the background, the first (the single-item page's)
  // while the app's modules are imported, the others once that page is complete or when a part
  // waits for them.
  const groups = {};
  const installGroup = (group) => {
    if (!groups[group]) {
      groups[group] = install(pyodide, config.groups[group], config, `Installing ${group}`)
        .then(() => session.installed(group));
      groups[group].catch(() => {}); // its failure is reported where it is awaited
    }
    return groups[group];
  };
  // Restored, Python holds the modules of the snapshot's groups (sacreBLEU's) already: their
  // files follow with the other pages' groups.
  const held = how === "snapshot" ? config.snapshot.groups : [];
  held.forEach((group) => session.installed(group));
  const [first, ...rest] = Object.keys(config.groups);
  if (first && !held.includes(first)) installGroup(first);
  show("Starting the app");
  post({ type: "scripts" }); // the page fetches BokehJS and Panel's JS meanwhile
  while (session.import_next()) await pause();
  post({ type: "render", ...session.build() });
  await new Promise((resolve) => (pageRendered = resolve));
  session.link((patch, buffers) => post({ type: "patch", patch, buffers }));

  // The staged parts, the single-item page first.
  show("Building the single-item page");
  for (let next = session.step(); next !== "done"; next = session.step()) {
    if (next === "single") {
      post({ type: "single" });
      [first, ...rest].forEach(installGroup);
      show("Building the other pages");
    } else if (next.startsWith("install:")) {
      await installGroup(next.slice("install:".length));
    }
    await pause();
  }
  post({ type: "ready" });
}
