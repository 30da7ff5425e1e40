// Boots the charsim explorer: Pyodide -> packages from the site's lock file -> the Panel app's
// first view -> the packages for the parts staged for later (explorer/runtime/staged.py) -> those parts.
//
// The configuration (written by explorer/build/site.py into index.html) says where Pyodide and the
// wheels are, the package load order and which Python module builds the app. Every stage is
// shown in #loading until the first view replaces it; a failure shows #error (stage + message).
// The page state is mirrored on <html data-explorer-state="loading|ready|error"> for tests and
// benchmarks: "ready" once the whole app, staged parts included, is built.
"use strict";

(function () {
  const config = JSON.parse(document.getElementById("site-config").textContent);
  const stageEl = document.getElementById("loading-stage");
  const progressEl = document.getElementById("loading-progress");
  const root = document.documentElement;
  let stage = "Loading Python runtime";

  function show(text, done, total) {
    stage = text;
    stageEl.textContent = text;
    if (total) {
      progressEl.max = total;
      progressEl.value = done;
    } else {
      progressEl.removeAttribute("value");
    }
    performance.mark(`explorer:${text}`);
  }

  function fail(error) {
    root.dataset.explorerState = "error";
    document.getElementById("loading").hidden = true;
    document.getElementById("error").hidden = false;
    document.getElementById("error-stage").textContent = `Failed while: ${stage}`;
    document.getElementById("error-detail").textContent =
      (error && (error.message || String(error))) || "unknown error";
    console.error(`explorer failed while: ${stage}`, error);
  }

  // Local wheels stay on this site even when Pyodide itself comes from the CDN: point their
  // lock entries at absolute URLs of this site and hand Pyodide the rewritten lock file.
  async function lockFileURL() {
    const url = new URL(config.lockFileURL, location.href);
    if (config.pyodideSource !== "cdn") return url.href;
    const lock = await (await fetch(url)).json();
    for (const name of config.localWheels) {
      const entry = lock.packages[name];
      entry.file_name = new URL(entry.file_name, url).href;
    }
    const blob = new Blob([JSON.stringify(lock)], { type: "application/json" });
    return URL.createObjectURL(blob);
  }

  async function loadScript(src) {
    await new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`could not load ${src}`));
      document.head.appendChild(script);
    });
  }

  async function main() {
    root.dataset.explorerState = "loading";
    show("Loading Python runtime");
    // Bokeh/Panel JS download in parallel with Pyodide; they must run in order.
    const scripts = config.scripts.reduce(
      (previous, src) => previous.then(() => loadScript(src)), Promise.resolve());
    const pyodide = await loadPyodide({
      indexURL: new URL(config.indexURL, location.href).href,
      lockFileURL: await lockFileURL(),
      env: { PANEL_CDN_ROOT: new URL(config.panelCdnRoot, location.href).href },
    });

    // One loadPackage call downloads all wheels in parallel (one call per package costs
    // ~0.5 s each); progress counts the wheels as their downloads complete.
    const total = config.packages.length;
    let done = 0;
    show(`Installing packages (0/${total}: ${config.packages[0]})`, 0, total);
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = config.packageFiles[entry.name.split("/").pop()];
        if (name) show(`Installing packages (${++done}/${total}: ${name})`, done, total);
      }
    });
    observer.observe({ type: "resource" });
    await install(pyodide, config.packages);
    observer.disconnect();

    show("Starting the app", total, total);
    const archive = await fetch(config.appArchive);
    if (!archive.ok) throw new Error(`could not fetch ${config.appArchive}: ${archive.status}`);
    pyodide.unpackArchive(await archive.arrayBuffer(), "zip");
    await scripts;
    const runner = pyodide.runPython("from explorer.runtime.browser import run; run");
    const pydoc = await runner("app", config.appModule);
    runner.destroy();
    document.getElementById("loading").hidden = true;
    performance.mark("explorer:first-view");

    stage = "Building the rest of the app";
    await install(pyodide, config.laterPackages);
    const finish = pyodide.runPython("from explorer.runtime.browser import finish; finish");
    await finish(pydoc);
    finish.destroy();
    pydoc.destroy();
    performance.mark("explorer:ready");
    root.dataset.explorerState = "ready";
  }

  async function install(pyodide, packages) {
    const errors = [];
    await pyodide.loadPackage(packages, {
      messageCallback: () => {},
      errorCallback: (message) => errors.push(message),
    });
    if (errors.length) throw new Error(errors.join("\n"));
  }

  main().catch(fail);
})();
