// The take-over (static/page/; see loading.js): the app, drawn by sync.js, takes the live view's
// place with what was typed, the focus and the caret.
import { live } from "./live.js";

const byId = (id) => document.getElementById(id);

// Show the app in place of the live view: what was typed since the app was built goes into
// its models (and so to Python), then the focus, the caret and the scroll position move over,
// so that the box being typed in stays where it was on the screen. Returns whether anything
// was handed over (the app's score card is then not yet the typed text's).
export function takeOver(models, built) {
  live.over = true;
  byId("loading").classList.add("cs-compact");
  if (!live.started) {
    byId("live").remove();
    return false;
  }
  const typed = live.read();
  let handed = false;
  const set = (name, attrs) => {
    handed = true;
    if (models[name]) models[name].setv(attrs);
  };
  // The format first: the app rewrites its own references in it, then takes the typed ones
  // (the other way round, it would rewrite the typed ones as if they were in its format).
  if (typed.reference_format !== built.reference_format) {
    set("cs-format", { active: typed.reference_format === "lines" ? 0 : 1 });
  }
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
  const focused = Object.entries(live.boxes).find(([, box]) => box === document.activeElement);
  const [key, box] = focused || ["candidate", live.boxes.candidate];
  const before = box.getBoundingClientRect().top;
  const { selectionStart, selectionEnd, selectionDirection, scrollTop } = box;
  byId("live").remove();
  const model = models[key === "candidate" ? "cs-candidate" : "cs-references"];
  const view = model && Bokeh.index.find_one(model);
  if (!view || !view.input_el) return handed;
  const target = view.input_el;
  if (focused) {
    target.focus({ preventScroll: true });
    target.setSelectionRange(selectionStart, selectionEnd, selectionDirection);
    target.scrollTop = scrollTop;
  }
  window.scrollBy(0, target.getBoundingClientRect().top - before);
  return handed;
}
