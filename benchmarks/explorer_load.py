"""Load-time benchmark of the offline explorer site in headless Chromium.

Prints, as the median of ``--runs`` cold loads (each in a fresh browser context, so an empty
HTTP cache), all times taken in the page from navigation start (``performance.now()``):

* ``score``: navigation -> the score of the default input (candidate "ca", reference "cat") is
  visible in ``[data-testid="score-main"]``;
* ``app``: navigation -> the whole app is interactive (the loader reports ready);
* ``bare``: navigation -> ``loadPyodide()`` resolved on a page that does nothing else (same
  server, same Pyodide files), and the ratios ``score / bare`` and ``app / bare``;
* ``keystroke``: after each load, a 1,000-character candidate and 4 references are entered, then
  one character at a time is typed at the end of the candidate: the time from the ``keydown``
  to the first animation frame that shows the new score (the explorer's typing debounce
  included, as the user feels it); median over every timed keystroke of every run;
* ``bytes``: total response bytes (bodies + headers) the first load fetched, and how many of
  them were Pyodide core, wheels, JS/CSS and other.

Usage: ``python benchmarks/explorer_load.py [--runs N] [--keys N] [--out DIR] [--no-build]``
(builds the site if it is missing or stale, unless ``--no-build``). Every request must go to
127.0.0.1; any other aborts the benchmark.
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from urllib.parse import urlsplit

from _common import environment, positive, script_parser  # puts the project on sys.path
from playwright.sync_api import sync_playwright

import charsim
from explorer.build import serve, site
from tests.ui.conftest import CHROMIUM, CHROMIUM_ARGS  # one list of browser flags

BARE_PAGE = """<!doctype html><html><body>
<script src="pyodide/pyodide.js"></script>
<script>
loadPyodide({indexURL: new URL("pyodide/", location.href).href})
  .then(() => { document.documentElement.dataset.bare = performance.now(); });
</script></body></html>"""
TIMEOUT_MS = 180_000

#: Run in every app page before its own scripts. ``shown(expected)`` resolves with the time of
#: the first animation frame whose ``score-main`` (inside Panel's shadow DOM) reads
#: ``expected``; ``keyAt`` is the time of the last keydown; ``firstScore`` the time the score
#: of the default input (``EXPECTED``) first showed.
WATCHER = """(() => {
  let home = null;  // the (shadow) root that held the score last time
  function find(root) {
    const hit = root.querySelector('[data-testid="score-main"]');
    if (hit) return [hit, root];
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) { const found = find(el.shadowRoot); if (found) return found; }
    }
    return null;
  }
  function text() {
    let hit = home && home.querySelector('[data-testid="score-main"]');
    if (!hit) { const found = find(document); if (found) [hit, home] = found; }
    return hit ? hit.textContent : null;
  }
  const bench = window.__bench = { keyAt: null, firstScore: null };
  bench.shown = (expected) => new Promise((resolve, reject) => {
    const deadline = performance.now() + TIMEOUT;
    (function tick(now) {
      if (text() === expected) resolve(now ?? performance.now());
      else if (performance.now() > deadline) reject(new Error(`score never showed ${expected}`));
      else requestAnimationFrame(tick);
    })();
  });
  addEventListener("keydown", (event) => { bench.keyAt = event.timeStamp; }, true);
  bench.shown(EXPECTED).then((t) => { bench.firstScore = t; });
})();"""

#: Keystroke benchmark input: a candidate of 1,000 characters and 4 references.
CANDIDATE_CHARS, REFERENCES = 1000, 4
WORDS = "the cat sat on a mat while dogs ran past quick brown foxes over lazy hills".split()


def category(url: str) -> str:
    """Which part of the site a URL belongs to (for the bytes breakdown)."""
    path = urlsplit(url).path
    if path.endswith(".whl"):
        return "wheels"
    if "/pyodide/" in path:
        return "pyodide core"
    if path.endswith((".js", ".css", ".woff2", ".woff", ".ttf")):
        return "js/css/fonts"
    return "other"


def open_page(browser, base: str, extra_routes: dict[str, str] | None = None):
    """A page in a fresh context that refuses non-local requests and counts response bytes."""
    context = browser.new_context()
    page = context.new_page()
    sizes: dict[str, int] = {}

    def route(route) -> None:
        url = route.request.url
        if extra_routes and url in extra_routes:
            route.fulfill(body=extra_routes[url], content_type="text/html")
        elif urlsplit(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            raise SystemExit(f"request to a foreign host: {url}")

    def finished(request) -> None:
        if request.url.startswith(base):
            size = request.sizes()
            sizes[request.url] = size["responseBodySize"] + size["responseHeadersSize"]

    page.route("**/*", route)
    page.on("requestfinished", finished)
    return context, page, sizes


def shown(value: float) -> str:
    """A score as the score card shows it."""
    return f"{value:.4f}"


def typing_input(seed: int = 1) -> tuple[str, list[str]]:
    """A candidate of CANDIDATE_CHARS characters and REFERENCES variants of it (words swapped)."""
    rng = random.Random(seed)
    words: list[str] = []
    while len(" ".join(words)) < CANDIDATE_CHARS:
        words.append(rng.choice(WORDS))
    candidate = " ".join(words)[:CANDIDATE_CHARS]
    references = []
    for _ in range(REFERENCES):
        variant = [rng.choice(WORDS) if rng.random() < 0.2 else w for w in words]
        references.append(" ".join(variant)[:CANDIDATE_CHARS])
    return candidate, references


def keystrokes(page, keys: int) -> list[float]:
    """Seconds from keydown to the new score shown, for ``keys`` characters typed one by one.

    A keystroke whose score shows the same four decimals as before cannot be timed: it is
    typed but not counted (at most ``keys`` such keystrokes).
    """
    candidate, references = typing_input()
    areas = page.locator("textarea")
    areas.nth(1).fill("\n".join(references))
    areas.nth(0).fill(candidate)
    before = shown(charsim.score(candidate, references))
    page.evaluate("expected => __bench.shown(expected)", before)
    times: list[float] = []
    for i in range(2 * keys):
        if len(times) == keys:
            break
        candidate += "abcdefghij"[i % 10]
        expected = shown(charsim.score(candidate, references))
        areas.nth(0).press(candidate[-1])
        at = page.evaluate("expected => __bench.shown(expected)", expected)
        if expected != before:
            times.append((at - page.evaluate("__bench.keyAt")) / 1000)
        before = expected
    return times


def load_app(browser, base: str, keys: int) -> tuple[float, float, list[float], dict[str, int]]:
    """One cold load: (seconds to first score, to app ready, keystroke times, bytes by URL)."""
    context, page, sizes = open_page(browser, base)
    watcher = WATCHER.replace("TIMEOUT", str(TIMEOUT_MS))
    page.add_init_script(
        watcher.replace("EXPECTED", json.dumps(shown(charsim.score("ca", ["cat"]))))
    )
    page.goto(base)
    page.wait_for_function(
        "['ready', 'error'].includes(document.documentElement.dataset.explorerState)",
        timeout=TIMEOUT_MS,
    )
    if page.evaluate("document.documentElement.dataset.explorerState") == "error":
        raise SystemExit(f"the explorer failed to start:\n{page.inner_text('#error')}")
    ready = page.evaluate("performance.getEntriesByName('explorer:ready')[0].startTime") / 1000
    page.wait_for_function("__bench.firstScore !== null", timeout=TIMEOUT_MS)
    scored = page.evaluate("__bench.firstScore") / 1000
    times = keystrokes(page, keys)
    context.close()
    return scored, ready, times, sizes


def load_bare(browser, base: str) -> float:
    """One cold load of a page that only boots Pyodide: seconds to loadPyodide() resolved."""
    url = base + "bare-pyodide.html"
    context, page, _ = open_page(browser, base, {url: BARE_PAGE})
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.bare", timeout=TIMEOUT_MS)
    elapsed = float(page.evaluate("document.documentElement.dataset.bare")) / 1000
    context.close()
    return elapsed


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its numbers."""
    parser = script_parser(__doc__)
    parser.add_argument("--runs", type=positive, default=3, help="cold loads of each page (3)")
    parser.add_argument("--keys", type=positive, default=8, help="timed keystrokes per run (8)")
    parser.add_argument("--out", type=Path, default=site.DEFAULT_OUT, help="site folder")
    parser.add_argument(
        "--no-build", action="store_true", help="measure the site in --out as it is"
    )
    args = parser.parse_args(argv)
    print(environment())  # the load before the run
    if not args.no_build and serve.is_stale(args.out):
        site.build(args.out)
    server, base = serve.serve_in_thread(args.out)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            # Alternate the two pages so that a change in machine load hits both alike.
            apps, bares = [], []
            for _ in range(args.runs):
                apps.append(load_app(browser, base, args.keys))
                bares.append(load_bare(browser, base))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    scored = statistics.median(a[0] for a in apps)
    ready = statistics.median(a[1] for a in apps)
    keys = statistics.median(t for a in apps for t in a[2])
    bare = statistics.median(bares)
    sizes = apps[0][3]
    by_category: dict[str, int] = {}
    for url, size in sizes.items():
        by_category[category(url)] = by_category.get(category(url), 0) + size
    print(f"runs: {args.runs} cold loads of each page (median)")
    print(f"first score visible:  {scored:6.2f} s   ({scored / bare:.2f} x bare)")
    print(f"app interactive:      {ready:6.2f} s   ({ready / bare:.2f} x bare)")
    print(f"bare Pyodide boot:    {bare:6.2f} s")
    print(
        f"keystroke -> score:   {keys * 1000:6.0f} ms  (median of {sum(len(a[2]) for a in apps)}; "
        f"{CANDIDATE_CHARS:,}-character candidate, {REFERENCES} references)"
    )
    print(f"bytes on first load:  {sum(sizes.values()) / 1e6:6.2f} MB in {len(sizes)} requests")
    for name, size in sorted(by_category.items(), key=lambda item: -item[1]):
        print(f"  {name:<18}  {size / 1e6:6.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
