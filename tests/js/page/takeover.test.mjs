// Unit tests of the take-over (static/page/takeover.js): the app takes the live view's place with
// what was typed since it was built, the focus, the caret and the box's place on the screen.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { BUILT, startLive, type } from "./page.mjs";

const { live } = await import("../../../static/page/live.js");
const { takeOver } = await import("../../../static/page/takeover.js");

const byId = (id) => document.getElementById(id);
const worker = { postMessage() {} };

// The app's models by their class (cs-…), each noting in `set` the attributes it was given,
// and its text boxes, drawn by BokehJS (`Bokeh.index.find_one(model).input_el`), which show
// the text their model is given.
let set;
let models;
beforeEach(() => {
  set = [];
  models = {};
  const views = new Map();
  for (const name of ["cs-format", "cs-candidate", "cs-references", "cs-cap", "cs-weights"]) {
    models[name] = { setv: (attrs) => set.push([name, attrs]) };
  }
  for (const name of ["cs-candidate", "cs-references"]) {
    const input_el = document.createElement("textarea");
    byId("app").append(input_el);
    views.set(models[name], { input_el });
    models[name].setv = (attrs) => {
      set.push([name, attrs]);
      input_el.value = attrs.value;
    };
  }
  globalThis.Bokeh = { index: { find_one: (model) => views.get(model) } };
  startLive(live, worker);
});

test("what was typed since the app was built goes into its models, the format first", () => {
  type(live.boxes.candidate, "the cat");
  type(live.boxes.references_text, '["a cat"]');
  byId("live-format-json").checked = true;
  byId("live-cap").value = "4";
  byId("live-weights-uniform").checked = true;
  assert.equal(takeOver(models, BUILT), true);
  assert.deepEqual(set, [
    ["cs-format", { active: 1 }],
    ["cs-candidate", { value: "the cat", value_input: "the cat" }],
    ["cs-references", { value: '["a cat"]', value_input: '["a cat"]' }],
    ["cs-cap", { value: 4 }],
    ["cs-weights", { active: 1 }],
  ]);
  assert.equal(live.over, true);
  assert.equal(byId("live"), null);
});

test("only what differs from what the app was built on is handed over", () => {
  type(live.boxes.references_text, "a cat");
  assert.equal(takeOver(models, BUILT), true);
  assert.deepEqual(set, [["cs-references", { value: "a cat", value_input: "a cat" }]]);
});

test("nothing typed since the app was built: nothing is handed over", () => {
  assert.equal(takeOver(models, BUILT), false);
  assert.deepEqual(set, []);
  assert.equal(byId("live"), null);
});

test("the focus, the caret and the box's place on the screen move to the app's box", () => {
  const box = live.boxes.references_text;
  type(box, "a cat\nthe cat");
  box.focus();
  box.setSelectionRange(2, 5, "backward");
  const target = Bokeh.index.find_one(models["cs-references"]).input_el;
  box.getBoundingClientRect = () => ({ top: 120 });
  target.getBoundingClientRect = () => ({ top: 300 });
  const scrolled = [];
  window.scrollBy = (x, y) => scrolled.push([x, y]);
  takeOver(models, BUILT);
  assert.equal(document.activeElement, target);
  assert.deepEqual(
    [target.selectionStart, target.selectionEnd, target.selectionDirection],
    [2, 5, "backward"],
  );
  assert.deepEqual(scrolled, [[0, 180]]); // the box stays where it was
});

test("no box had the focus: the app's box takes none, and stays where the candidate was", () => {
  live.boxes.candidate.getBoundingClientRect = () => ({ top: 50 });
  const target = Bokeh.index.find_one(models["cs-candidate"]).input_el;
  target.getBoundingClientRect = () => ({ top: 80 });
  const scrolled = [];
  window.scrollBy = (x, y) => scrolled.push([x, y]);
  document.activeElement.blur();
  takeOver(models, BUILT);
  assert.notEqual(document.activeElement, target);
  assert.deepEqual(scrolled, [[0, 30]]);
});

test("an item of a batch example, which the live view does not show: only the app shows it", () => {
  live.started = false;
  type(live.boxes.candidate, "typed before the live view was hidden");
  assert.equal(takeOver(models, BUILT), false);
  assert.deepEqual(set, []);
  assert.equal(byId("live"), null);
});
