// The charsim explorer's page, first of its five scripts (static/page/, loaded in this order by
// index.html, as explorer/site_build/shell.py lists them): loading.js starts the workers that run
// Python (static/worker.js), shows every stage of the loading, and fetches BokehJS (while the
// snapshot is restored) and Panel's JS (when the app is on its way); bokeh.js adjusts BokehJS
// once it is there; live.js is the live view (plain text boxes scored by the worker) shown as
// soon as charsim is loaded; sync.js renders the Panel app and keeps its Bokeh document in step
// with the worker's; takeover.js hands the user's text, settings, focus and caret from the live
// view over to the app. They share one object, window.charsimPage; the worker starts once all
// five have run.
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
"use strict";

// The app's worker's start, from the page's first worker restored to the app's Python restored
// (about 1 s on a 2-core machine; the app's snapshot is fetched only on a fast network).
const APP_START_TIMEOUT_MS = 45_000;

window.charsimPage = (function () {
  const config = JSON.parse(document.getElementById("site-config").textContent);
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);

  const page = {
    config,
    root,
    byId,
    stage: "Loading Python runtime",
    worker: null, // the app's worker (see start)
    liveWorker: null, // the live view's worker, until the app takes its place

    show(text, done, total) {
      page.stage = text;
      byId("loading-stage").textContent = text;
      const progress = byId("loading-progress");
      if (total) {
        progress.max = total;
        progress.value = done;
      } else {
        progress.removeAttribute("value");
      }
      performance.mark(`explorer:${text}`);
    },

    fail(failedStage, message) {
      root.dataset.explorerState = "error";
      byId("loading").hidden = true;
      byId("error").hidden = false;
      // Typing is still scored (by the live view or the app): only a part failed.
      const running = (page.live.started && !page.live.over) || page.app.jsdoc;
      byId("error-heading").textContent = running
        ? "Part of the explorer could not load; what you type is still scored"
        : "The explorer could not start";
      byId("error-stage").textContent = `Failed while: ${failedStage}`;
      byId("error-detail").textContent = message || "unknown error";
      console.error(`explorer failed while: ${failedStage}`, message);
    },

    // BokehJS, Panel and the JS/CSS of the app's models: fetched when the worker starts
    // importing the app (so that they take neither bandwidth nor main-thread time from the
    // first score: BokehJS fetched once the snapshot's bytes were in made the live view 9%
    // later), all at once, and run in order (async = false); then bokeh.js adjusts them.
    loadScripts() {
      if (scripts) return scripts;
      const loaded = config.scripts.map((src) => new Promise((resolve, reject) => {
        const script = Object.assign(document.createElement("script"), { src, async: false });
        script.onload = resolve;
        script.onerror = () => reject(new Error(`could not load ${src}`));
        document.head.appendChild(script);
      }));
      for (const href of config.styles) {
        const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
        document.head.appendChild(link);
      }
      scripts = Promise.all(loaded).then(() => page.adjustBokeh());
      return scripts;
    },
  };
  let scripts = null;

  // The worker's messages, each handed to the script whose job it is.
  const handlers = {
    stage: ({ text, done, total }) => page.show(text, done, total),
    scripts: () => page.loadScripts().catch((error) => page.fail(page.stage, error.message)),
    error: ({ stage: failedStage, message }) => page.fail(failedStage, message),
    live: (message) => page.live.start(message),
    scored: (message) => page.live.scored(message),
    render: (message) => page.app.render(message),
    patch: (message) => page.app.patch(message),
    idle: () => page.app.idle(),
    address: ({ query }) => page.address(query),
    boot: booted,
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

  function start() {
    opened = bootQuery(location.search);
    root.dataset.explorerState = "loading";
    page.show("Loading Python runtime");
    const role = config.snapshot && opened.boot !== "fresh" ? "live" : "both";
    page.liveWorker = spawn(role);
    if (role === "both") page.worker = page.liveWorker;
  }

  function spawn(role, snapshot = null, app = false, skipped = null, core = null) {
    const worker = new Worker(config.worker);
    worker.onmessage = ({ data }) => {
      Promise.resolve()
        .then(() => handlers[data.type](data, worker))
        .catch((error) => page.fail(page.stage, error && (error.message || String(error))));
    };
    worker.onerror = (event) => page.fail(page.stage, event.message);
    const start = {
      type: "start", config, ...opened, role, snapshot, app, skipped, core, pageURL: location.href,
    };
    worker.postMessage(start, snapshot ? [snapshot.buffer] : []);
    return worker;
  }

  // The live view's worker is restored (or fell back to a fresh boot and does both jobs): the
  // app's worker starts now, on the other processor core while this one answers typing.
  function booted({ boot, reason, role, snapshot, app, skipped, core }, worker) {
    if (worker === page.worker && worker !== page.liveWorker) {
      root.dataset.explorerAppBoot = boot;
      if (boot !== "app-snapshot" && !page.appRestarted) {
        const why = `the app's Python did not start from its snapshot (${reason})`;
        console.warn(`charsim explorer: ${why}`);
      }
      return;
    }
    root.dataset.explorerBoot = boot;
    if (role === "both") root.dataset.explorerAppBoot = boot;
    if (boot === "fresh") console.warn(`charsim explorer: Python booted afresh (${reason})`);
    if (role === "both") page.worker = worker;
    else {
      page.worker = spawn("app", snapshot, app, skipped, core); // its snapshot, or the same bytes again
      if (app) restartIfSilent(page.worker);
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
    if (worker !== page.worker) return;
    worker.terminate();
    page.appRestarted = true; // said here: its restart does without the app's snapshot
    delete root.dataset.explorerAppBoot;
    console.warn(`charsim explorer: the app's Python did not start from its snapshot (${reason}):`
                 + " started again without it");
    page.worker = spawn("app", null, false, reason);
  }

  // Once the app has taken the live view's place, the live view's worker has no more to do.
  page.liveDone = function liveDone() {
    if (page.liveWorker !== page.worker) page.liveWorker.terminate();
    page.liveWorker = page.worker;
  };

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

  // Deferred scripts run in order before DOMContentLoaded: the others have set their part of
  // the page by then, so no message of the worker finds its handler missing.
  document.addEventListener("DOMContentLoaded", start);
  return page;
})();
