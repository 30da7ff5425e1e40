// The browser's history (static/page/; see loading.js, and explorer/app/navigation.py for the
// app's side): each edit replaces the current entry (live.js's address()), so that Back does not
// step through keystrokes; an example or a batch item that replaces the user's texts starts a new
// entry ("entry"), shown from the page's top, so that Back brings those texts back: the browser's
// Back and Forward hand the address of the entry they go to to the app's worker, which shows
// what it holds.

// A new entry, for now a copy of the current one: the app's next "address" gives it its own.
export function newEntry() {
  history.pushState(null, "", location.href);
  window.scrollTo(0, 0);
}

// From now on, Back and Forward show their entry's address in the app of `worker`.
export function followHistory(worker) {
  window.addEventListener("popstate", () => {
    worker.postMessage({ type: "navigate", query: location.search.replace(/^\?/, "") });
  });
}
