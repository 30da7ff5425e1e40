// Unit tests of the app's document kept in step with the worker's (static/page/sync.js): the
// hand-off from the live view (what was typed reaches the app's worker first, and the app's score
// card is greyed until the worker answers it) and the patches both ways, one at a time.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { BUILT, startLive, type } from "./page.mjs";

const { live } = await import("../../../static/page/live.js");
const { app } = await import("../../../static/page/sync.js");

// A worker that keeps what the page posts it.
function recorder() {
  return {
    posted: [],
    postMessage(message) {
      this.posted.push(message);
    },
  };
}

// A Bokeh document of the app's models (cs-candidate, cs-references, cs-score-card, …) as
// BokehJS keeps one: a change of a model's attribute is told to the document's listener, marked
// sync: false when the worker's patch made it (Document.apply_json_patch sets its values so),
// and a model's `changed` (its view, as it were) sees it; a patch is the list of
// [model, attribute, value] changed; `views` are the models' views.
function appDocument() {
  let listener = () => {};
  const jsdoc = {
    all_models: [],
    on_change: (callback) => (listener = callback),
    create_json_patch: (events) =>
      events.map(({ model, attr, value }) => [model.name, attr, value]),
    apply_json_patch: (patch) => {
      for (const [name, attr, value] of patch)
        models[name].setv({ [attr]: value }, { sync: false });
    },
  };
  const models = {};
  const views = new Map();
  for (const name of [
    "cs-format",
    "cs-candidate",
    "cs-references",
    "cs-cap",
    "cs-weights",
    "cs-score-card",
  ]) {
    const model = {
      name,
      css_classes: [name],
      changed: () => {},
      setv: (attrs, { sync = true } = {}) => {
        for (const [attr, value] of Object.entries(attrs)) {
          listener({ model, attr, value, sync });
          model.changed(attr, value);
        }
      },
    };
    models[name] = model;
    jsdoc.all_models.push(model);
    const el = document.createElement(name === "cs-score-card" ? "div" : "textarea");
    document.getElementById("app").append(el);
    views.set(model, { el, input_el: el.tagName === "TEXTAREA" ? el : undefined });
  }
  return { jsdoc, models, views };
}

let worker;
let models;
let views;
beforeEach(() => {
  worker = recorder();
  const made = appDocument();
  ({ models, views } = made);
  globalThis.Bokeh = {
    embed: { embed_item: async () => ({ roots: [{ model: { document: made.jsdoc } }] }) },
    index: { find_one: (model) => views.get(model) },
  };
  Object.assign(app, { jsdoc: null, worker: null, busy: false, queue: [], greyed: null });
  startLive(live, recorder());
});

const card = () => views.get(models["cs-score-card"]).el;

test("what was typed reaches the app's worker before the news that the app is shown", async () => {
  type(live.boxes.candidate, "the cat");
  await app.render({ model: "{}", inputs: BUILT }, worker);
  assert.deepEqual(worker.posted, [
    {
      type: "patch",
      patch: [
        ["cs-candidate", "value", "the cat"],
        ["cs-candidate", "value_input", "the cat"],
      ],
    },
    { type: "rendered" },
  ]);
  assert.equal(card().style.opacity, "0.85"); // not yet the score of what was typed
  assert.equal(card().getAttribute("aria-busy"), "true");
  app.patch({ patch: [], buffers: [] }); // the worker's answer
  assert.equal(card().style.opacity, "");
  assert.equal(card().getAttribute("aria-busy"), "false");
});

test("nothing typed since the app was built: the app's score card is the text's", async () => {
  await app.render({ model: "{}", inputs: BUILT }, worker);
  assert.deepEqual(worker.posted, [{ type: "rendered" }]);
  assert.equal(card().style.opacity, "");
});

test("the app's text boxes carry the test hooks of the live view's", async () => {
  await app.render({ model: "{}", inputs: BUILT }, worker);
  assert.equal(views.get(models["cs-candidate"]).el.dataset.testid, "candidate");
  assert.equal(views.get(models["cs-references"]).el.dataset.testid, "references");
});

test("one patch at a time: the newest value of each attribute waits for the worker", async () => {
  await app.render({ model: "{}", inputs: BUILT }, worker);
  models["cs-candidate"].setv({ value: "a" });
  await Promise.resolve(); // the task's changes are sent at its end
  assert.deepEqual(worker.posted.at(-1), {
    type: "patch",
    patch: [["cs-candidate", "value", "a"]],
  });
  models["cs-candidate"].setv({ value: "ab" });
  models["cs-cap"].setv({ value: 3 });
  models["cs-candidate"].setv({ value: "abc" });
  await Promise.resolve();
  assert.equal(worker.posted.length, 2); // the worker has not taken the first yet
  app.idle();
  assert.deepEqual(worker.posted.at(-1), {
    type: "patch",
    patch: [
      ["cs-cap", "value", 3],
      ["cs-candidate", "value", "abc"],
    ],
  });
});

test("the worker's patches are applied, not sent back", async () => {
  await app.render({ model: "{}", inputs: BUILT }, worker);
  app.patch({ patch: [["cs-references", "value", "a cat"]], buffers: [] });
  await Promise.resolve();
  assert.deepEqual(worker.posted, [{ type: "rendered" }]);
});

test("what the page changes in answer to the worker's patch is sent", async () => {
  // As a file input's view does when Python cleared it (Panel's FileInput.clear): the page's
  // input is emptied, and Python must hear it, or the next file's "" or name arrives as no change.
  await app.render({ model: "{}", inputs: BUILT }, worker);
  models["cs-references"].changed = (attr, value) => {
    if (attr === "value" && value === "") models["cs-candidate"].setv({ value: "" });
  };
  app.patch({ patch: [["cs-references", "value", ""]], buffers: [] });
  await Promise.resolve();
  assert.deepEqual(worker.posted, [
    { type: "rendered" },
    { type: "patch", patch: [["cs-candidate", "value", ""]] },
  ]);
});
