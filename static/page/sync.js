// The app's Bokeh document on the page, kept in step with the worker's (static/page/; see
// loading.js): the worker's model is rendered with BokehJS (then takeover.js hands the live
// view's inputs over), what the user does goes to the worker as patches, one at a time, and the
// worker's patches are applied here.
import { live } from "./live.js";
import { takeOver } from "./takeover.js";

const HOOKS = { "cs-candidate": "candidate", "cs-references": "references" };

export const app = {
  jsdoc: null,
  worker: null, // the app's worker
  busy: false, // a patch is with the worker
  queue: [], // what the user did meanwhile, one event per model and attribute

  // Render the app (the worker's `model`, built on the live view's `inputs`) in the live view's
  // place, once BokehJS is loaded; `worker` is the app's.
  async render({ model, inputs }, worker) {
    this.worker = worker;
    live.cover();
    const views = await Bokeh.embed.embed_item(JSON.parse(model));
    this.jsdoc = [...views.roots][0].model.document;
    this.jsdoc.on_change((event) => this.send(event), false);
    this.hooks();
    const models = this.models();
    // What was typed reaches Python before it sends anything else: its first patch is the
    // answer (explorer.runtime.worker.Session.link); until then the app's score card, the
    // score of the text it was built on, is greyed as the live view's is while it works.
    if (takeOver(models, inputs)) this.grey(models["cs-score-card"], true);
    this.flush();
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
  // only the newest value of each attribute is kept. What the worker's patch set is not
  // sent back (BokehJS marks those changes sync: false), but what the page does in answer
  // is, as BokehJS's own client of a Bokeh server sends it (ClientSession._document_changed,
  // bokehjs/src/lib/client/session.ts): a file input that Python cleared (Panel's
  // FileInput.clear) tells Python that it is empty, so the next file chosen arrives whole,
  // even with the contents or the name of the last one (explorer/app/views/batch_inputs.py).
  send(event) {
    if (!event.sync) return;
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
    this.worker.postMessage({ type: "patch", patch: this.jsdoc.create_json_patch(events) });
  },

  idle() {
    this.busy = false;
    this.flush();
  },

  patch({ patch, buffers }) {
    this.jsdoc.apply_json_patch(patch, buffers);
    this.hooks();
    if (this.greyed) this.grey(this.greyed, false);
  },

  greyed: null, // the model of the score card greyed until the worker's first patch

  grey(model, stale) {
    const view = model && Bokeh.index.find_one(model);
    this.greyed = stale && view ? model : null;
    if (!view) return;
    view.el.style.opacity = stale ? "0.85" : "";
    view.el.setAttribute("aria-busy", String(stale));
  },
};
