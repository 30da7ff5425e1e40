// The live view (static/page/; see loading.js): plain controls in #live, filled and labelled by
// the worker's first message, scored by the worker as the user types, one request at a time
// (only the newest inputs wait), until the app takes over (takeover.js). The page's address
// follows what it shows.
const byId = (id) => document.getElementById(id);

export const live = {
  boxes: { candidate: byId("live-candidate"), references_text: byId("live-references") },
  worker: null, // the worker that scores the live view
  busy: false, // a request is with the worker
  pending: null, // the newest inputs not yet sent
  seq: 0,
  over: false, // the app has taken over

  started: false, // the live view was shown (not for an item of a batch example)

  start(message, worker) {
    if (!message.live) return; // an item of a batch example: only the app shows it
    this.started = true;
    this.worker = worker;
    const { labels } = message;
    for (const [id, key] of Object.entries({
      "live-candidate-label": "candidate",
      "live-references-label": "references",
      "live-format-lines-label": "format_lines",
      "live-format-json-label": "format_json",
      "live-add-empty": "add_empty",
      "live-weights-harmonic-label": "weights_harmonic",
      "live-weights-uniform-label": "weights_uniform",
      "live-tab-single": "tab_single",
      "live-tab-batch": "tab_batch",
      "live-tab-about": "tab_about",
      "live-tab-agreement": "tab_agreement",
    })) {
      byId(id).textContent = labels[key];
    }
    labels.languages.forEach((name, i) => (byId(`live-language-${i}`).textContent = name));
    this.boxes.candidate.placeholder = labels.candidate_placeholder;
    this.boxes.references_text.placeholder = labels.references_placeholder;
    this.capLabel = labels.cap;
    document
      .querySelector(`#live-languages [data-language="${message.language}"]`)
      .classList.add("cs-active");
    document.documentElement.lang = message.language;
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
    document.documentElement.dataset.explorerLive = "1";
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
    this.worker.postMessage({ type: "score", seq: ++this.seq, inputs });
  },

  scored(message) {
    this.busy = false;
    if (this.over) return;
    const typed = this.read();
    if (
      typed.reference_format !== message.inputs.reference_format ||
      (message.inputs.references_text !== typed.references_text && !this.pending)
    ) {
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
      top: `${view.offsetTop}px`,
      left: `${view.offsetLeft}px`,
      width: `${view.offsetWidth}px`,
      minHeight: `${window.innerHeight}px`,
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
export function address(query) {
  if (query == null) return;
  history.replaceState(null, "", query ? `?${query}` : location.pathname);
  document.documentElement.lang = new URLSearchParams(query).get("lang") || "en";
}

function same(a, b) {
  return Object.keys(a).every((key) => a[key] === b[key]);
}
