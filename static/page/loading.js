// The charsim explorer's page (static/page/, ES modules: index.html runs this one, which imports
// the others): loading.js starts the workers that run Python (static/worker.js), shows every
// stage of the loading and hands each of the workers' messages to the module whose job it is;
// bokeh.js fetches BokehJS and Panel's JS when the app is on its way and adjusts BokehJS once it
// is there; live.js is the live view (plain text boxes scored by the worker) shown as soon as
// charsim is loaded; sync.js renders the Panel app and keeps its Bokeh document in step with the
// worker's; takeover.js hands the user's text, settings, focus and caret from the live view over
// to the app; notes.js shows the notes of the app's texts on a tap.
//
// The configuration (written by explorer/site_build/shell.py into index.html) says where
// Pyodide, the wheels and the app are, which packages to install when, and which JS/CSS the app
// needs. Every stage is shown in #loading; a failure shows #error (stage + message) and keeps
// the live view, so nothing typed is lost. The page's state is mirrored on <html> for tests and
// benchmarks: data-explorer-boot "snapshot" | "fresh" (how Python started: restored from the
// site's memory snapshot, or booted afresh), data-explorer-app-boot "app-snapshot" | "snapshot"
// | "fresh" (how the app's Python started: restored from the app's snapshot, from the live
// view's, or booted afresh), data-explorer-live="1" once typed text is scored,
// data-explorer-single="ready" once the single-item page is complete (every view and details
// tab of it), and data-explorer-state "loading" | "ready" (every page is built) | "error".
import { loadBokeh } from "./bokeh.js";
import { followHistory, newEntry } from "./history.js";
import { address, live } from "./live.js";
import { showNotesOnTap } from "./notes.js";
import { app } from "./sync.js";

// The app's worker's start, from the page's first worker restored to the app's Python restored
// (the app's snapshot is fetched only on a fast network).
const APP_START_TIMEOUT_MS = 45_000;

const config = JSON.parse(document.getElementById("site-config").textContent);
const root = document.documentElement;
const byId = (id) => document.getElementById(id);

// The workers that run Python, for this module and, as window.charsimPage, for the tests and the
// browser's console: the app's (`worker`) and the live view's (`liveWorker`, until the app takes
// its place; then the app's).
const workers = { worker: null, liveWorker: null };
window.charsimPage = workers;
let stage = "Loading Python runtime";

function show(text, done, total) {
  stage = text;
  byId("loading-stage").textContent = text;
  const progress = byId("loading-progress");
  if (total) {
    progress.max = total;
    progress.value = done;
  } else {
    progress.removeAttribute("value");
  }
  performance.mark(`explorer:${text}`);
}

function fail(failedStage, message) {
  root.dataset.explorerState = "error";
  byId("loading").hidden = true;
  byId("error").hidden = false;
  // Typing is still scored (by the live view or the app): only a part failed.
  const running = (live.started && !live.over) || app.jsdoc;
  byId("error-heading").textContent = running
    ? "Part of the explorer could not load; what you type is still scored"
    : "The explorer could not start";
  byId("error-stage").textContent = `Failed while: ${failedStage}`;
  byId("error-detail").textContent = message || "unknown error";
  console.error(`explorer failed while: ${failedStage}`, message);
}

// The worker's messages (each with the worker that sent it), each handed to the module whose
// job it is.
const handlers = {
  stage: ({ text, done, total }) => show(text, done, total),
  scripts: () => loadBokeh(config).catch((error) => fail(stage, error.message)),
  error: ({ stage: failedStage, message }) => fail(failedStage, message),
  live: (message, worker) => live.start(message, worker),
  scored: (message) => live.scored(message),
  render: async (message, worker) => {
    await loadBokeh(config);
    await app.render(message, worker);
    liveDone();
    followHistory(worker);
  },
  patch: (message) => app.patch(message),
  idle: () => app.idle(),
  address: ({ query }) => {
    address(query);
    printLink();
  },
  entry: () => newEntry(),
  boot: booted,
  // numpy's libraries, compiled by the live view's worker, for the app's worker it started
  libraries: (message, worker) => {
    if (worker === workers.liveWorker && workers.worker !== worker) {
      workers.worker?.postMessage(message);
    }
  },
  restart: ({ reason }, worker) => restartWithout(worker, reason),
  stderr: ({ text }) => console.warn(text),
  single: () => {
    performance.mark("explorer:single");
    root.dataset.explorerSingle = "ready";
  },
  ready: () => {
    byId("loading").hidden = true;
    performance.mark("explorer:ready");
    root.dataset.explorerState = "ready";
    keepOffline();
  },
};

// Python runs in Web Workers (static/worker.js). Restored from the site's memory snapshot, it
// runs in two: the first ("live") scores the live view and nothing else, so that typing is
// answered at once; the second ("app"), started once the first is restored, loads the app,
// which then takes the live view's place, and the first is stopped. Booted afresh (?boot=fresh,
// no snapshot, or a restore that failed), one worker does both.
let opened = null; // the page's link and ?boot when it opened (the live view may rewrite it)
let appRestarted = false; // the app's worker was started again without the app's snapshot

// The page's colour scheme (CSS follows prefers-color-scheme by itself): the app's charts, drawn
// by BokehJS on canvas in the colours Python gives them, follow it too (each worker is told at
// its start, and the app's again whenever the scheme changes).
const dark = window.matchMedia("(prefers-color-scheme: dark)");
const scheme = () => (dark.matches ? "dark" : "light");
dark.addEventListener("change", () =>
  workers.worker?.postMessage({ type: "scheme", scheme: scheme() }),
);

// On paper, the link that opens what is printed (the address, as the app keeps it).
const printLink = () => (byId("print-link").textContent = location.href);
window.addEventListener("beforeprint", printLink);

function start() {
  printLink();
  showNotesOnTap();
  opened = bootQuery(location.search);
  root.dataset.explorerState = "loading";
  show("Loading Python runtime");
  const role = config.snapshot && opened.boot !== "fresh" ? "live" : "both";
  workers.liveWorker = spawn(role);
  if (role === "both") workers.worker = workers.liveWorker;
}

// A worker of `role` ("live", "app" or "both"); an app's worker takes what the live view's worker
// hands it (`given`, from its "boot" message: see static/worker.js, boot()).
function spawn(
  role,
  { snapshot = null, app = false, skipped = null, core = null, modules = null } = {},
) {
  const worker = new Worker(config.worker, { type: "module" });
  worker.onmessage = ({ data }) => {
    Promise.resolve()
      .then(() => handlers[data.type](data, worker))
      .catch((error) => fail(stage, error && (error.message || String(error))));
  };
  worker.onerror = (event) => fail(stage, event.message);
  const message = {
    type: "start",
    config,
    ...opened,
    role,
    snapshot,
    app,
    skipped,
    core,
    modules,
    pageURL: location.href,
    scheme: scheme(),
  };
  worker.postMessage(message, snapshot ? [snapshot.buffer] : []);
  return worker;
}

// The live view's worker is restored (or fell back to a fresh boot and does both jobs): the
// app's worker starts now, on the other processor core while this one answers typing.
function booted({ boot, reason, role, ...given }, worker) {
  if (worker === workers.worker && worker !== workers.liveWorker) {
    root.dataset.explorerAppBoot = boot;
    if (boot !== "app-snapshot" && !appRestarted) {
      const why = `the app's Python did not start from its snapshot (${reason})`;
      console.warn(`charsim explorer: ${why}`);
    }
    return;
  }
  root.dataset.explorerBoot = boot;
  if (role === "both") root.dataset.explorerAppBoot = boot;
  if (boot === "fresh") console.warn(`charsim explorer: Python booted afresh (${reason})`);
  if (role === "both") workers.worker = worker;
  else {
    // its snapshot's bytes, its compiled core and small modules (or the same bytes again); numpy's
    // libraries follow ("libraries")
    workers.worker = spawn("app", given);
    if (given.app) restartIfSilent(workers.worker);
  }
}

// An app's worker that has not said how it started within APP_START_TIMEOUT_MS is stopped and
// started again without the app's snapshot: a damaged snapshot can keep its Python busy for
// ever, where the worker's own timeout cannot interrupt it.
function restartIfSilent(worker) {
  setTimeout(() => {
    if (!root.dataset.explorerAppBoot) {
      restartWithout(worker, `no answer in ${APP_START_TIMEOUT_MS / 1000} s`);
    }
  }, APP_START_TIMEOUT_MS);
}

// The app's worker `worker` could not use the app's snapshot (`reason`): it is stopped and
// started again without it (the live view goes on meanwhile).
function restartWithout(worker, reason) {
  if (worker !== workers.worker) return;
  worker.terminate();
  appRestarted = true; // said here: its restart does without the app's snapshot
  delete root.dataset.explorerAppBoot;
  console.warn(
    `charsim explorer: the app's Python did not start from its snapshot (${reason}):` +
      " started again without it",
  );
  workers.worker = spawn("app", { skipped: reason });
}

// Once the app has taken the live view's place, the live view's worker has no more to do.
function liveDone() {
  if (workers.liveWorker !== workers.worker) workers.liveWorker.terminate();
  workers.liveWorker = workers.worker;
}

// Once every page is built, the service worker keeps the site for offline visits (it fills
// its cache from the browser's, mostly; a browser without service workers, or a page not
// served over HTTPS or from localhost, simply does without).
function keepOffline() {
  if (!config.serviceWorker || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(config.serviceWorker).catch((error) => {
    console.warn(`charsim explorer: not kept for offline visits (${error && error.message})`);
  });
}

// ?boot=fresh asks the worker to boot Python as Pyodide does, not from the site's memory
// snapshot (to debug, and for benchmarks side by side); the rest of the query is the link.
function bootQuery(search) {
  const params = new URLSearchParams(search);
  if (!params.has("boot")) return { query: search, boot: "" };
  const boot = params.get("boot");
  params.delete("boot");
  return { query: params.toString(), boot };
}

// A module runs once the document is parsed, after the modules it imports: every handler is in
// place before the first worker starts.
start();
