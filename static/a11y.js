// Accessibility adjustments of the markup that Panel 1.9, BokehJS 3.9 and Tabulator draw, where
// their options do not reach (each names the upstream issue it belongs to), and the score's
// announcement. Loaded before BokehJS: it sees every shadow root the app's views attach
// (Element.attachShadow), watches each for changes and mends what changed, once per frame.
//
// * Tabs (Bokeh `Tabs`, Panel's `TabsView`): the headers are plain divs that only a click
//   switches; they get role tab / tablist and aria-selected with one tab stop per tab list, and
//   Enter, Space, the arrows, Home and End switch tabs (BokehJS has no ARIA roles on its
//   widgets yet: bokeh/bokeh#14336, begun in bokeh/bokeh#14341 for `Switch` only). A hidden page
//   (Panel's hide() in panel/models/tabs.ts marks it aria-hidden and leaves its controls
//   focusable: axe `aria-hidden-focus`) is made inert. BokehJS puts the headers after the pages
//   and shows them above by a CSS grid area, so Tab went from a tab to the page's end; the
//   headers are moved before the pages (the grid keeps where they are shown).
// * Sliders (noUiSlider in Bokeh): each handle is named by its slider's title (axe
//   `aria-input-field-name`); noUiSlider's `handleAttributes` option would do it
//   (leongersen/noUiSlider#1223), but Bokeh passes none.
// * Tabulator (Panel's `Tabulator`, Tabulator 6.4): its role="grid" holds the table holder,
//   a div that Tabulator makes focusable (tabindex 0), which a grid may not own (axe
//   `aria-required-children`; tabulator-tables/tabulator#4151 and #4555); the holder leaves the
//   tab order, and the paginator (buttons in the grid) becomes a row of one cell. (A candidate
//   that opens its item is a button drawn by the table's own formatter: views/common.py.)
// * Spinners (Bokeh `Spinner`, Panel's `IntInput`): the up and down buttons beside the box are
//   unnamed <button>s (axe `button-name`); the arrow keys in the box do the same, so the buttons
//   leave the tab order and the accessibility tree (bokeh/bokeh#14336: no ARIA on widgets yet).
// * A chart's event layer (a focusable div of every Bokeh plot, for key tools, which the
//   explorer has none of) leaves the tab order: the text beside each chart says what it shows.
// * In every shadow root: a visible focus ring (BokehJS draws none on most widgets), and inline
//   code in Markdown in a colour of WCAG AA contrast (Panel's default theme sets
//   --code-text-color to #82aaff, 2.3:1 on white; no Panel option reaches every pane).
// * In every shadow root, for touch screens: text boxes at 16 px (a phone's browser zooms into
//   a smaller one on focus; BokehJS's are 13.3 px), and targets of 24 × 24 px at least (WCAG
//   2.2's target size, 2.5.8): slider handles of 24 × 28 px (BokehJS's noUiSlider handles are
//   14 × 18 px, its :host variables); a spinner's up and down buttons side by side, each 24 px
//   wide and as tall as the box (BokehJS stacks them, 30 × 16 px each); the "?" beside a
//   widget's title that shows its description (BokehJS's icon is 18 px); Tabulator's page
//   buttons (19 × 21 px).
// * The score card marks its sentence with data-announce (explorer/app/markup/cards.py); once it
//   has stayed the same for ANNOUNCE_PAUSE ms (typing paused), #announcer (aria-live="polite")
//   says it, so a screen reader hears a changed score, not every keystroke.
const ANNOUNCE_PAUSE = 1000;
const SHEET = [
  ":focus-visible { outline: 2px solid #0969da !important; outline-offset: 1px; }",
  ":host { --code-text-color: #0550ae; }", // Panel's #82aaff: 2.3:1 on white; this 7.6:1
  // (Panel's dark theme's own #82aaff: 6.6:1 on its #212529)
  "@media screen and (prefers-color-scheme: dark) { :host { --code-text-color: #82aaff; } }",
  ".bk-input { font-size: 16px; }",
  ".noUi-target { --handle-width: 24px; --handle-height: 28px; }",
  ".bk-input-group > .bk-spin-wrapper > .bk-spin-btn { width: 24px; height: 100%; }",
  ".bk-input-group > .bk-spin-wrapper > .bk-spin-btn.bk-spin-btn-down { right: 24px; }",
  ".bk-input-group > .bk-spin-wrapper input { padding-right: 52px; }",
  ".bk-description { display: inline-flex; align-items: center; justify-content: center;",
  "  min-width: 24px; min-height: 24px; }",
  ".tabulator-page { min-width: 24px; min-height: 24px; }",
  // Tabulator's page buttons keep its light face under the dark scheme's white text (1:1)
  "@media screen and (prefers-color-scheme: dark) { .tabulator-page:not(.active) {",
  "  background: #2b3035 !important; color: #f0f3f6 !important; border-color: #6c757d; } }",
  // on paper no touch: a slider's handles at BokehJS's size, within the page's width
  "@media print { .noUi-target { --handle-width: 14px; --handle-height: 18px; } }",
].join("\n");
const dirty = new Set([document]); // roots changed since the last mend
const cards = new Map(); // root -> its element with data-announce
const ring = new CSSStyleSheet();
ring.replaceSync(SHEET);
const observer = new MutationObserver((records) => {
  for (const record of records) {
    const root = record.target.getRootNode(); // a detached node's is no root
    if (root === document || root instanceof ShadowRoot) dirty.add(root);
  }
  schedule();
});
const watch = (root) =>
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-hidden", "class", "data-announce"],
  });
const attachShadow = Element.prototype.attachShadow;
Element.prototype.attachShadow = function (init) {
  const root = attachShadow.call(this, init);
  watch(root);
  dirty.add(root);
  schedule();
  return root;
};

let pending = false;
function schedule() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => {
    pending = false;
    const roots = [...dirty];
    dirty.clear();
    roots.forEach(mend);
    announce();
  });
}

// Set an attribute only if it differs (an unchanged write would wake the observer again).
function set(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

let ids = 0;
const idOf = (el) => el.id || (el.id = `cs-a11y-${++ids}`);

function mend(root) {
  if (!root.adoptedStyleSheets.includes(ring)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, ring];
  }
  root.querySelectorAll(".bk-headers-wrapper").forEach(tabList);
  root.querySelectorAll(".noUi-handle").forEach((handle) => {
    const title = root.querySelector(".bk-slider-title");
    if (title) set(handle, "aria-labelledby", idOf(title));
  });
  root.querySelectorAll(".bk-events[tabindex]").forEach((el) => set(el, "tabindex", "-1"));
  root.querySelectorAll(".bk-spin-btn").forEach((button) => {
    set(button, "tabindex", "-1");
    set(button, "aria-hidden", "true");
  });
  root
    .querySelectorAll(".tabulator-tableholder[tabindex]")
    .forEach((el) => set(el, "tabindex", null));
  root.querySelectorAll(".tabulator[role=grid] > .tabulator-footer").forEach(footerRow);
  const card = root.querySelector("[data-announce]");
  if (card) cards.set(root, card);
  else cards.delete(root);
}

function tabList(wrapper) {
  set(wrapper, "role", "tablist");
  const tabs = [...wrapper.querySelectorAll(":scope > .bk-tab")];
  const pages = [...wrapper.getRootNode().children].filter(
    (el) => !el.matches("style, link, .bk-header"),
  );
  const header = wrapper.closest(".bk-header");
  if (
    pages[0] &&
    header &&
    pages[0].compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING
  ) {
    pages[0].before(header);
  }
  tabs.forEach((tab, i) => {
    const active = tab.classList.contains("bk-active");
    set(tab, "role", "tab");
    set(tab, "aria-selected", String(active));
    set(tab, "tabindex", active ? "0" : "-1");
    const page = pages[i];
    if (page) {
      set(page, "role", "tabpanel");
      set(page, "aria-labelledby", idOf(tab));
      set(tab, "aria-controls", idOf(page));
      page.inert = page.getAttribute("aria-hidden") === "true";
    }
  });
  if (wrapper.dataset.csKeys) return;
  wrapper.dataset.csKeys = "1";
  wrapper.addEventListener("keydown", (event) => {
    const all = [...wrapper.querySelectorAll(":scope > .bk-tab")];
    const i = all.indexOf(event.target);
    if (i < 0) return;
    const to = {
      ArrowRight: (i + 1) % all.length,
      ArrowLeft: (i - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
      Enter: i,
      " ": i,
    }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[to].click();
    all[to].focus();
    tabList(wrapper); // the new tab's aria-selected at once, not at the next frame's mend
  });
}

// The paginator, inside the grid, as one row of one cell: a grid may own rows only.
function footerRow(footer) {
  set(footer, "role", "rowgroup");
  const contents = footer.querySelector(":scope > .tabulator-footer-contents");
  if (!contents) return;
  set(contents, "role", "row");
  for (const part of contents.children) set(part, "role", "gridcell");
}

let seen = null; // the sentence on the page
let heard = null; // the sentence last announced
let timer = null;
function announce() {
  let sentence = null;
  for (const [root, card] of cards) {
    if (!card.isConnected) cards.delete(root);
    else if (card.checkVisibility({ visibilityProperty: true })) sentence = card.dataset.announce;
  }
  if (sentence === seen) return;
  seen = sentence;
  clearTimeout(timer);
  timer = setTimeout(() => {
    if (seen === null || seen === heard) return;
    document.getElementById("announcer").textContent = heard = seen;
  }, ANNOUNCE_PAUSE);
}

watch(document);
schedule();
