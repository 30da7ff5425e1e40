// The notes that the app's texts carry for the pointer (a `title`: a matched character's n-grams
// and counts, a boundary's match, a character's coverage order), shown on a tap or a click too: a
// touch screen has no hover. The note shows below what was tapped, in a live region (screen
// readers say it), until the next tap elsewhere or Escape. (From the keyboard, the same numbers
// are in the n-gram matches' table and in "By hand (exact)".)

// What carries such a note (explorer/app/markup/render.py, explorer/app/views/changes.py).
const NOTED = ".cs-char[title], .cs-boundary[title], .cs-cov[title]";

// The page's note (#cs-note), made once, and its listeners on `doc`.
export function showNotesOnTap(doc = document) {
  const note = doc.createElement("div");
  Object.assign(note, { id: "cs-note", hidden: true });
  note.setAttribute("role", "status");
  note.dataset.testid = "note";
  doc.body.append(note);
  doc.addEventListener("click", (event) => {
    const noted = notedIn(event.composedPath());
    if (noted) show(note, noted);
    else note.hidden = true;
  });
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape") note.hidden = true;
  });
  return note;
}

// The first element of an event's path (across the app's shadow roots) that carries a note.
function notedIn(path) {
  return path.find((element) => element.nodeType === 1 && element.matches(NOTED)) ?? null;
}

// Space kept between the note and the window's edges, in CSS pixels.
const MARGIN = 8;

// `note` holding `noted`'s note, placed below it and within the window's width.
function show(note, noted) {
  note.textContent = noted.getAttribute("title");
  note.hidden = false;
  // measured at the window's left: further right, a note would wrap to the room left there
  note.style.left = `${MARGIN + window.scrollX}px`;
  const box = noted.getBoundingClientRect();
  const { clientWidth } = note.ownerDocument.documentElement;
  const { width } = note.getBoundingClientRect();
  const left = Math.max(MARGIN, Math.min(box.left, clientWidth - width - MARGIN));
  note.style.left = `${left + window.scrollX}px`;
  note.style.top = `${box.bottom + window.scrollY + 4}px`;
}
