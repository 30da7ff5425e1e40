// The charsim explorer's page: starts the worker that runs Python (static/worker.js), shows the
// live view (plain text boxes scored by the worker) as soon as charsim is loaded, then renders
// the Panel app with BokehJS and hands the user's text, settings, focus and caret over to it.
//
// The configuration (written by explorer/site_build/build.py into index.html) says where Pyodide,
// the wheels and the app are, which packages to install when, and which JS/CSS the app needs.
// Every stage is shown in #loading; a failure shows #error (stage + message) and keeps the
// live view, so nothing typed is lost. The page's state is mirrored on <html> for tests and
// benchmarks: data-explorer-boot "snapshot" | "fresh" (how Python started: restored from the
// site's memory snapshot, or booted afresh), data-explorer-live="1" once typed text is scored,
// data-explorer-single="ready" once the single-item page is complete (every view and details
// tab of it), and data-explorer-state "loading" | "ready" (every page is built) | "error".
"use strict";

(function () {
  const config = JSON.parse(document.getElementById("site-config").textContent);
  const root = document.documentElement;
  const byId = (id) => document.getElementById(id);
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
    byId("error-stage").textContent = `Failed while: ${failedStage}`;
    byId("error-detail").textContent = message || "unknown error";
    console.error(`explorer failed while: ${failedStage}`, message);
  }

  // BokehJS, Panel and the JS/CSS of the app's models: fetched when the worker starts importing
  // the app (so that they take neither bandwidth nor main-thread time from the first score),
  // all at once, and run in order (async = false).
  let scripts = null;
  function loadScripts() {
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
    scripts = Promise.all(loaded).then(adjustBokeh);
    return scripts;
  }

  // Two reads of BokehJS's that make the browser recompute the page's styles while its parts
  // arrive: after each change to the page, a style read is as slow as recomputing the styles of
  // every element changed since the last one (seconds of main-thread time while the app's
  // parts arrive, in tasks of up to 800 ms).
  function adjustBokeh() {
    // 1. Every visual property of a chart (line colour, fill alpha, font, …) is read from the
    // CSS cascade first, getComputedStyle(el).getPropertyValue("--bk-…"), on each paint. No
    // file of this site defines a "--bk-" variable (tests/explorer/test_bokeh_css.py checks
    // it), so every such read is "" and the model's own value is used: skip the read.
    // Upstream: bokeh/bokeh#15286 (open); #15205 caches these reads, after Bokeh 3.9.2.
    const { VisualProperties } = Bokeh.require("core/visuals/visual");
    VisualProperties.prototype._get_css_value = () => "";
    // 2. A chart's font size, getComputedStyle(el).fontSize, is read again for every tick label
    // it measures: read it once per task (nothing in one task of BokehJS's changes it).
    const { PlotView } = Bokeh.require("models/plots/plot_canvas");
    const fontSize = Object.getOwnPropertyDescriptor(PlotView.prototype, "base_font_size").get;
    Object.defineProperty(PlotView.prototype, "base_font_size", {
      configurable: true,
      get() {
        if (!this.csFontSizeRead) {
          this.csFontSize = fontSize.call(this);
          this.csFontSizeRead = true;
          queueMicrotask(() => (this.csFontSizeRead = false));
        }
        return this.csFontSize;
      },
    });
  }

  const worker = new Worker(config.worker);
  const handlers = {
    stage: ({ text, done, total }) => show(text, done, total),
    scripts: () => loadScripts().catch((error) => fail(stage, error.message)),
    error: ({ stage: failedStage, message }) => fail(failedStage, message),
    live: (message) => live.start(message),
    scored: (message) => live.scored(message),
    render: (message) => app.render(message),
    patch: (message) => app.patch(message),
    idle: () => app.idle(),
    address: ({ query }) => address(query),
    boot: ({ boot, reason }) => {
      root.dataset.explorerBoot = boot;
      if (boot === "fresh") console.warn(`charsim explorer: Python booted afresh (${reason})`);
    },
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
  worker.onmessage = ({ data }) => {
    Promise.resolve()
      .then(() => handlers[data.type](data))
      .catch((error) => fail(stage, error && (error.message || String(error))));
  };
  worker.onerror = (event) => fail(stage, event.message);
  root.dataset.explorerState = "loading";
  show("Loading Python runtime");
  worker.postMessage({ type: "start", config, ...bootQuery(location.search), pageURL: location.href });

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

  // -- the live view: plain controls, scored by the worker until the app takes over ---------

  const live = {
    boxes: { candidate: byId("live-candidate"), references_text: byId("live-references") },
    busy: false, // a request is with the worker
    pending: null, // the newest inputs not yet sent
    seq: 0,
    over: false, // the app has taken over

    started: false, // the live view was shown (not for an item of a batch example)

    start(message) {
      if (!message.live) return; // an item of a batch example: only the app shows it
      this.started = true;
      const { labels } = message;
      for (const [id, key] of Object.entries({
        "live-candidate-label": "candidate", "live-references-label": "references",
        "live-format-lines-label": "format_lines", "live-format-json-label": "format_json",
        "live-add-empty": "add_empty", "live-weights-harmonic-label": "weights_harmonic",
        "live-weights-uniform-label": "weights_uniform", "live-tab-single": "tab_single",
        "live-tab-batch": "tab_batch", "live-tab-about": "tab_about",
      })) {
        byId(id).textContent = labels[key];
      }
      labels.languages.forEach((name, i) => (byId(`live-language-${i}`).textContent = name));
      this.boxes.candidate.placeholder = labels.candidate_placeholder;
      this.boxes.references_text.placeholder = labels.references_placeholder;
      this.capLabel = labels.cap;
      document.querySelector(`#live-languages [data-language="${message.language}"]`)
        .classList.add("cs-active");
      root.lang = message.language;
      this.fill(message.inputs);
      this.showResult(message);
      address(message.query); // a link with a bad field: the address of what is shown
      for (const box of Object.values(this.boxes)) {
        box.addEventListener("input", () => this.changed());
      }
      byId("live-cap").addEventListener("input", () => this.changed());
      for (const radio of document.querySelectorAll('#live input[name="weights"]')) {
        radio.addEventListener("change", () => this.changed());
      }
      for (const radio of document.querySelectorAll('#live input[name="format"]')) {
        radio.addEventListener("change", () => this.changed({ format: radio.value }));
      }
      byId("loading").classList.add("cs-compact");
      byId("live").hidden = false;
      performance.mark("explorer:live");
      root.dataset.explorerLive = "1";
    },

    fill(inputs) {
      this.boxes.candidate.value = inputs.candidate;
      this.boxes.references_text.value = inputs.references_text;
      byId("live-cap").value = inputs.max_order;
      byId(`live-weights-${inputs.weights}`).checked = true;
      byId(`live-format-${inputs.reference_format}`).checked = true;
      this.showCap();
    },

    read() {
      return {
        candidate: this.boxes.candidate.value,
        references_text: this.boxes.references_text.value,
        reference_format: document.querySelector('#live input[name="format"]:checked').value,
        max_order: Number(byId("live-cap").value),
        weights: document.querySelector('#live input[name="weights"]:checked').value,
      };
    },

    showCap() {
      byId("live-cap-label").textContent = `${this.capLabel}: ${byId("live-cap").value}`;
    },

    changed(extra = {}) {
      if (this.over) return;
      this.showCap();
      this.pending = { ...this.read(), ...extra };
      byId("live-card").setAttribute("aria-busy", "true");
      if (!this.busy) this.send();
    },

    send() {
      this.busy = true;
      const inputs = this.pending;
      this.pending = null;
      worker.postMessage({ type: "score", seq: ++this.seq, inputs });
    },

    scored(message) {
      this.busy = false;
      if (this.over) return;
      const typed = this.read();
      if (typed.reference_format !== message.inputs.reference_format ||
          (message.inputs.references_text !== typed.references_text && !this.pending)) {
        // the worker rewrote the references in the other format
        this.boxes.references_text.value = message.inputs.references_text;
        byId(`live-format-${message.inputs.reference_format}`).checked = true;
      }
      this.showResult(message);
      address(message.query);
      if (this.pending) this.send();
    },

    // Lie over the app while BokehJS draws it in its place below, so that taking over
    // changes no layout.
    cover() {
      if (!this.started) return;
      const view = byId("live");
      Object.assign(view.style, {
        top: `${view.offsetTop}px`, left: `${view.offsetLeft}px`,
        width: `${view.offsetWidth}px`, minHeight: `${window.innerHeight}px`,
      });
      view.classList.add("cs-cover");
    },

    showResult(message) {
      // Python built these from escaped text (explorer/app/markup/cards.py).
      byId("live-card").innerHTML = message.card;
      byId("live-references-summary").innerHTML = message.references_summary;
      byId("live-derived").innerHTML = message.derived;
      const fresh = !this.pending && same(message.inputs, this.read());
      byId("live-card").classList.toggle("cs-stale", !fresh);
      byId("live-card").setAttribute("aria-busy", String(!fresh));
    },
  };

  // The page's address reproduces what it shows (null, or undefined as Pyodide hands Python's
  // None over: leave it, the link is good or the text is being mended); its lang field is the
  // UI's language, which <html lang> tells screen readers.
  function address(query) {
    if (query == null) return;
    history.replaceState(null, "", query ? `?${query}` : location.pathname);
    root.lang = new URLSearchParams(query).get("lang") || "en";
  }

  function same(a, b) {
    return Object.keys(a).every((key) => a[key] === b[key]);
  }

  // -- the app: Bokeh documents on the page and in the worker, kept in step by patches ------

  const HOOKS = { "cs-candidate": "candidate", "cs-references": "references" };

  const app = {
    jsdoc: null,
    busy: false, // a patch is with the worker
    queue: [], // what the user did meanwhile, one event per model and attribute
    patching: 0, // applying the worker's patch: its events are not sent back

    async render({ model, inputs }) {
      await loadScripts();
      live.cover();
      const views = await Bokeh.embed.embed_item(JSON.parse(model));
      this.jsdoc = [...views.roots][0].model.document;
      this.jsdoc.on_change((event) => this.send(event), false);
      this.hooks();
      takeOver(this.models(), inputs);
      performance.mark("explorer:app");
      worker.postMessage({ type: "rendered" });
    },

    models() {
      const found = {};
      for (const model of this.jsdoc.all_models) {
        for (const name of model.css_classes || []) {
          if (name.startsWith("cs-")) found[name] = model;
        }
      }
      return found;
    },

    // The stable hooks of tests and automation, on the app's text areas as on the live ones.
    hooks() {
      const models = this.models();
      for (const [name, testid] of Object.entries(HOOKS)) {
        const view = models[name] && Bokeh.index.find_one(models[name]);
        if (view && view.input_el) view.input_el.dataset.testid = testid;
      }
    },

    // What the user does is sent as one patch per task (a file choice changes three
    // attributes at once), and only when the worker has taken the previous one; meanwhile
    // only the newest value of each attribute is kept.
    send(event) {
      if (this.patching) return;
      if (event.model && event.attr) {
        this.queue = this.queue.filter((old) => old.model !== event.model || old.attr !== event.attr);
      }
      this.queue.push(event);
      if (this.queue.length === 1) queueMicrotask(() => this.flush());
    },

    flush() {
      if (this.busy || !this.queue.length) return;
      const events = this.queue;
      this.queue = [];
      this.busy = true;
      worker.postMessage({ type: "patch", patch: this.jsdoc.create_json_patch(events) });
    },

    idle() {
      this.busy = false;
      this.flush();
    },

    patch({ patch, buffers }) {
      this.patching += 1;
      try {
        this.jsdoc.apply_json_patch(patch, buffers);
      } finally {
        this.patching -= 1;
      }
      this.hooks();
    },
  };

  // Show the app in place of the live view: what was typed since the app was built goes into
  // its models (and so to Python), then the focus, the caret and the scroll position move over,
  // so that the box being typed in stays where it was on the screen.
  function takeOver(models, built) {
    live.over = true;
    byId("loading").classList.add("cs-compact");
    if (!live.started) {
      byId("live").remove();
      return;
    }
    const typed = live.read();
    const set = (name, attrs) => models[name] && models[name].setv(attrs);
    if (typed.candidate !== built.candidate) {
      set("cs-candidate", { value: typed.candidate, value_input: typed.candidate });
    }
    if (typed.references_text !== built.references_text) {
      set("cs-references", { value: typed.references_text, value_input: typed.references_text });
    }
    if (typed.max_order !== built.max_order) set("cs-cap", { value: typed.max_order });
    if (typed.weights !== built.weights) {
      set("cs-weights", { active: typed.weights === "harmonic" ? 0 : 1 });
    }
    if (typed.reference_format !== built.reference_format) {
      set("cs-format", { active: typed.reference_format === "lines" ? 0 : 1 });
    }
    const focused = Object.entries(live.boxes).find(([, box]) => box === document.activeElement);
    const [key, box] = focused || ["candidate", live.boxes.candidate];
    const before = box.getBoundingClientRect().top;
    const { selectionStart, selectionEnd, selectionDirection, scrollTop } = box;
    byId("live").remove();
    const model = models[key === "candidate" ? "cs-candidate" : "cs-references"];
    const view = model && Bokeh.index.find_one(model);
    if (!view || !view.input_el) return;
    const target = view.input_el;
    if (focused) {
      target.focus({ preventScroll: true });
      target.setSelectionRange(selectionStart, selectionEnd, selectionDirection);
      target.scrollTop = scrollTop;
    }
    window.scrollBy(0, target.getBoundingClientRect().top - before);
  }
})();
