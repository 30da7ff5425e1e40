// The charsim explorer's Web Worker: Python (Pyodide) runs here, off the page's main thread, so
// that installing, importing and scoring never freeze the text boxes. Its Python side is
// explorer/runtime/worker.py (a Session); the page side is static/page.js.
//
// From the page: {type: "start", config, query, pageURL} once; then "score" (the live view's
// inputs, while the app loads), "rendered" (the app is on the page) and "patch" (what the user
// did in the app: a Bokeh patch). To the page: "stage" (loading progress), "live" (what the live
// view shows), "scored", "render" (the app's Bokeh JSON), "patch" (changes of the app), "idle"
// (the page's last patch is applied: send the next), "address" (the new query string of the
// page), "stderr" (Python's error output), "ready" (every part of the app is built) and
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
}

async function boot({ config, query, pageURL }) {
  const url = (path) => new URL(path, pageURL).href;
  const archive = fetch(url(config.appArchive)); // downloads while Pyodide boots
  importScripts(url(config.pyodideJs));
  const pyodide = await loadPyodide({
    indexURL: url(config.indexURL),
    lockFileURL: await lockFileURL(config, url(config.lockFileURL)),
    env: { PANEL_CDN_ROOT: url(config.panelCdnRoot) },
  });
  // Python's error output (tracebacks, warnings) goes to the page's console, where the page's
  // developers and its tests see it.
  pyodide.setStderr({ batched: (text) => post({ type: "stderr", text }) });

  await install(pyodide, config.corePackages, config, "Installing charsim");
  await unpack(pyodide, archive, config.appArchive);
  const { Session } = pyodide.pyimport("explorer.runtime.worker");
  session = Session(post, config.pageResources.map(url));
  post({ type: "live", ...session.start(query) });
  if (lastScore) scored(lastScore);

  await install(pyodide, config.packages, config, "Installing packages");
  show("Starting the app");
  while (session.import_next()) await pause();
  post({ type: "render", ...session.build() });
  await new Promise((resolve) => (pageRendered = resolve));
  session.link((patch, buffers) => post({ type: "patch", patch, buffers }));

  show("Building the rest of the app");
  const laterArchive = fetch(url(config.laterArchive)); // the staged parts' modules
  while (session.build_next(false)) await pause();
  await install(pyodide, config.laterPackages, config, "Installing the tables' packages");
  await unpack(pyodide, laterArchive, config.laterArchive);
  show("Building the tables");
  while (session.import_next()) await pause();
  while (session.build_next(true)) await pause();
  post({ type: "ready" });
}
