// Unit tests of the notes shown on a tap (static/page/notes.js): a matched character's note, from
// inside the app's shadow roots, shown in the page's note and hidden by a tap elsewhere or Escape.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./page.mjs";

const { showNotesOnTap } = await import("../../../static/page/notes.js");

const note = showNotesOnTap();

// A text of the app as BokehJS draws it: inside a shadow root, a character with a note and one
// without.
const host = document.createElement("div");
document.body.append(host);
host.attachShadow({ mode: "open" }).innerHTML =
  '<span class="cs-text"><span class="cs-char cs-hit" title="ca ×1 · at ×1">a</span>' +
  '<span class="cs-char">x</span><span class="cs-boundary" title="⟨^⟩ matched">⟨^⟩</span></span>';
const [noted, plain, boundary] = host.shadowRoot.querySelectorAll(".cs-char, .cs-boundary");

const tap = (element) =>
  element.dispatchEvent(new window.MouseEvent("click", { bubbles: true, composed: true }));

test("a tap on a character shows its note, in a live region", () => {
  tap(noted);
  assert.equal(note.hidden, false);
  assert.equal(note.textContent, "ca ×1 · at ×1");
  assert.equal(note.getAttribute("role"), "status");
  tap(boundary);
  assert.equal(note.textContent, "⟨^⟩ matched");
});

test("a tap on what has no note, or Escape, hides the note", () => {
  tap(noted);
  tap(plain);
  assert.equal(note.hidden, true);
  tap(noted);
  document.dispatchEvent(new window.KeyboardEvent("keydown", { key: "Escape" }));
  assert.equal(note.hidden, true);
});

test("the note's text is the title as text, never markup", () => {
  noted.setAttribute("title", "<b>x</b>");
  tap(noted);
  assert.equal(note.textContent, "<b>x</b>");
  assert.equal(note.children.length, 0);
});
