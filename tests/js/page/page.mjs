// What the unit tests of the page's modules (static/page/) share: the page's own markup
// (static/index.html) in jsdom, whose document and window are the globals the modules use, and
// the live view started as the worker's first message starts it.
import { readFileSync } from "node:fs";

import { JSDOM } from "jsdom";

const html = readFileSync(new URL("../../../static/index.html", import.meta.url), "utf8");
const dom = new JSDOM(html, { url: "http://127.0.0.1:8000/" });
Object.assign(globalThis, {
  window: dom.window,
  document: dom.window.document,
  history: dom.window.history,
  location: dom.window.location,
});

// The live view's labels, as the worker sends them (explorer/runtime/worker.py: Session.start).
const LABELS = Object.fromEntries(
  [
    "candidate",
    "references",
    "format_lines",
    "format_json",
    "add_empty",
    "weights_harmonic",
    "weights_uniform",
    "tab_single",
    "tab_batch",
    "tab_about",
    "candidate_placeholder",
    "references_placeholder",
    "cap",
  ].map((key) => [key, key]),
);

// The inputs the app was built on (the live view's at its start), as the worker sends them.
export const BUILT = {
  candidate: "ca",
  references_text: "cat",
  reference_format: "lines",
  max_order: 32,
  weights: "harmonic",
};

// The live view (`live` of static/page/live.js) started anew on `inputs` for the worker
// `worker`, in a page that shows it (the take-over removes it: it is put back).
const view = document.getElementById("live");
export function startLive(live, worker, inputs = BUILT) {
  document.querySelector("main").append(view);
  Object.assign(live, { over: false, busy: false, pending: null });
  const message = {
    live: true,
    language: "en",
    labels: { ...LABELS, languages: ["English", "日本語"] },
  };
  live.start(
    { ...message, inputs, query: "", card: "", references_summary: "", derived: "" },
    worker,
  );
}

// What the user types: `text` in the text box `box`, as an input event says it.
export function type(box, text) {
  box.value = text;
  box.dispatchEvent(new window.Event("input"));
}
