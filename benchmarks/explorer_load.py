"""Load-time benchmark of the offline explorer site in headless Chromium: what a user feels.

Each of ``--runs`` rounds loads the app page and a bare Pyodide page, each cold (a fresh
browser context, so an empty HTTP cache), one after the other, so that the machine's load
reaches both alike. Times are taken in the page, from navigation start (``performance.now()``):

* ``bare``: a page that only runs ``loadPyodide()`` (same server, same Pyodide files);
* ``typed``: navigation -> the score of a text typed (no delay between keys) as soon as the
  page accepts input, a text other than the default input, on screen;
  target ≤ 1.3 x bare;
* ``app``: navigation -> the whole app, every tab, is built (``data-explorer-state="ready"``);
  target ≤ 2.5 x bare;
* ``tasks``: every main-thread task over 50 ms (``PerformanceObserver`` ``longtask``) from the
  first typed score until the app is ready: count, longest (target ≤ 200 ms) and total;
* ``stale``: bursts of typing (select all, then a new text with no delay between keys) from
  the moment the page accepts input until the app is ready, then after it (``--bursts`` in all,
  spread over the runs); a burst is stale when the score on screen never becomes the score of
  the text in the box (waited for up to 30 s); target 0. Also the slowest burst's wait;
* ``keystroke``: after each load, a 1,000-character candidate and 4 references are entered, then
  one character at a time is typed at the end of the candidate: the time from the ``keydown`` to
  the first animation frame that shows the new score (the typing debounce included);
  p50 and p95 (target ≤ 150 ms) over every timed keystroke of every run;
* ``bytes``: what the page fetched (bodies and headers, worker included) until the first typed
  score (target ≤ 25 MB) and in all.

Usage: ``python benchmarks/explorer_load.py [--runs N] [--bursts N] [--keys N] [--out DIR]
[--no-build]`` (builds the site if it is missing or stale, unless ``--no-build``). Every request
must go to 127.0.0.1; any other aborts the benchmark. Needs Chromium (``/usr/bin/chromium`` or
``$CHARSIM_CHROMIUM``) and the Python package ``playwright``.
"""

from __future__ import annotations

import math
import random
import statistics
import time
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
STALE_AFTER = 30.0
"""Seconds a burst's score may take before it counts as stale."""

#: Run in every app page before its own scripts. ``shown(expected)`` resolves with the time of
#: the first animation frame whose ``score-main`` (in the page or in Panel's shadow DOM) reads
#: ``expected``; ``keyAt`` is the time of the last keydown; ``tasks`` the long tasks so far.
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
    if (!hit || !hit.isConnected) {
      hit = null;
      const found = find(document);
      if (found) [hit, home] = found;
    }
    return hit ? hit.textContent : null;
  }
  const bench = window.__bench = { keyAt: null, tasks: [] };
  bench.shown = (expected, timeout) => new Promise((resolve, reject) => {
    const deadline = performance.now() + timeout;
    (function tick(now) {
      if (text() === expected) resolve(now ?? performance.now());
      else if (performance.now() > deadline) resolve(null);
      else requestAnimationFrame(tick);
    })();
  });
  addEventListener("keydown", (event) => { bench.keyAt = event.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
})();"""

STATE = "document.documentElement.dataset.explorerState"
LIVE = "document.documentElement.dataset.explorerLive === '1'"
CANDIDATE = '[data-testid="candidate"]'
#: Keystroke benchmark input: a candidate of 1,000 characters and 4 references.
CANDIDATE_CHARS, REFERENCES = 1000, 4
WORDS = "the cat sat on a mat while dogs ran past quick brown foxes over lazy hills".split()


def shown(value: float) -> str:
    """A score as the score card shows it."""
    return f"{value:.4f}"


def sentence(rng: random.Random, words: int) -> str:
    """A text of ``words`` random words (never the default input)."""
    return " ".join(rng.choice(WORDS) for _ in range(words))


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


def open_page(browser, base: str, extra_routes: dict[str, str] | None = None):
    """A page in a fresh context that refuses non-local requests and counts response bytes
    (the worker's too) with the time each finished, in seconds since the page was opened."""
    context = browser.new_context()
    page = context.new_page()
    sizes: list[tuple[float, int]] = []
    opened = time.perf_counter()

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
            at = time.perf_counter() - opened
            sizes.append((at, size["responseBodySize"] + size["responseHeadersSize"]))

    context.route("**/*", route)
    context.on("requestfinished", finished)
    return context, page, sizes, opened


def burst(page, text: str) -> float | None:
    """Type ``text`` over the candidate; seconds until its score shows (None: it never did)."""
    page.locator(CANDIDATE).click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text, delay=0)
    typed = page.evaluate("performance.now()")
    at = page.evaluate(
        "([e, t]) => __bench.shown(e, t)",
        [shown(charsim.score(text, ["cat"])), STALE_AFTER * 1000],
    )
    return None if at is None else (at - typed) / 1000


def keystrokes(page, keys: int) -> list[float]:
    """Seconds from keydown to the new score shown, for ``keys`` characters typed one by one.

    A keystroke whose score shows the same four decimals as before cannot be timed: it is
    typed but not counted (at most ``keys`` such keystrokes).
    """
    candidate, references = typing_input()
    page.locator('[data-testid="references"]').fill("\n".join(references))
    page.locator(CANDIDATE).fill(candidate)
    before = shown(charsim.score(candidate, references))
    page.evaluate("([e, t]) => __bench.shown(e, t)", [before, TIMEOUT_MS])
    times: list[float] = []
    for i in range(2 * keys):
        if len(times) == keys:
            break
        candidate += "abcdefghij"[i % 10]
        expected = shown(charsim.score(candidate, references))
        page.locator(CANDIDATE).press(candidate[-1])
        at = page.evaluate("([e, t]) => __bench.shown(e, t)", [expected, TIMEOUT_MS])
        if expected != before:
            times.append((at - page.evaluate("__bench.keyAt")) / 1000)
        before = expected
    return times


def load_app(browser, base: str, bursts: int, keys: int, seed: int) -> dict:
    """One cold load of the app, measured as the module docstring says."""
    context, page, sizes, opened = open_page(browser, base)
    page.add_init_script(WATCHER)
    rng = random.Random(seed)
    page.goto(base, wait_until="commit")
    page.wait_for_function(f"{LIVE} || {STATE} === 'ready'", timeout=TIMEOUT_MS)
    first = sentence(rng, 8)
    waits = [burst(page, first)]
    if waits[0] is None:
        raise SystemExit("the first typed text never got its score")
    typed_at = page.evaluate("performance.now()") / 1000  # its score is on screen now
    first_bytes = sum(size for at, size in sizes if at <= time.perf_counter() - opened)
    while len(waits) < bursts - 1 and page.evaluate(STATE) == "loading":
        waits.append(burst(page, sentence(rng, 8)))
    page.wait_for_function(f"['ready', 'error'].includes({STATE})", timeout=TIMEOUT_MS)
    if page.evaluate(STATE) == "error":
        raise SystemExit(f"the explorer failed to start:\n{page.inner_text('#error')}")
    ready = page.evaluate("performance.getEntriesByName('explorer:ready')[0].startTime") / 1000
    tasks = [d for s, d in page.evaluate("__bench.tasks") if typed_at <= s / 1000 <= ready]
    while len(waits) < bursts:
        waits.append(burst(page, sentence(rng, 8)))
    times = keystrokes(page, keys)
    context.close()
    return {
        "typed": typed_at, "ready": ready, "tasks": tasks, "waits": waits, "keys": times,
        "first_bytes": first_bytes, "bytes": sum(size for _, size in sizes),
    }  # fmt: skip


def load_bare(browser, base: str) -> float:
    """One cold load of a page that only boots Pyodide: seconds to loadPyodide() resolved."""
    url = base + "bare-pyodide.html"
    context, page, _, _ = open_page(browser, base, {url: BARE_PAGE})
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.bare", timeout=TIMEOUT_MS)
    elapsed = float(page.evaluate("document.documentElement.dataset.bare")) / 1000
    context.close()
    return elapsed


def verdict(value: float, target: float) -> str:
    return f"target ≤ {target:g}: {'met' if value <= target else 'NOT met'}"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its numbers."""
    parser = script_parser(__doc__)
    parser.add_argument("--runs", type=positive, default=3, help="cold loads of each page (3)")
    parser.add_argument("--bursts", type=positive, default=20,
                        help="bursts of typing in all, spread over the runs (20)")  # fmt: skip
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
    per_run = max(2, math.ceil(args.bursts / args.runs))
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            apps, bares = [], []
            for run in range(args.runs):  # the two pages in turn: load changes hit both alike
                apps.append(load_app(browser, base, per_run, args.keys, seed=run))
                bares.append(load_bare(browser, base))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    bare = statistics.median(bares)
    typed = statistics.median(a["typed"] for a in apps)
    ready = statistics.median(a["ready"] for a in apps)
    tasks = [t for a in apps for t in a["tasks"]]
    waits = [w for a in apps for w in a["waits"]]
    stale = sum(w is None for w in waits)
    keys = sorted(t for a in apps for t in a["keys"])
    p95 = keys[min(len(keys) - 1, math.ceil(0.95 * len(keys)) - 1)]
    first_mb = statistics.median(a["first_bytes"] for a in apps) / 1e6
    print(f"runs: {args.runs} cold loads of each page (medians)")
    print(f"bare Pyodide boot:           {bare:6.2f} s")
    print(f"typed text's score shown:    {typed:6.2f} s   {typed / bare:.2f} x bare  "
          f"{verdict(typed / bare, 1.3)}")  # fmt: skip
    print(f"whole app ready:             {ready:6.2f} s   {ready / bare:.2f} x bare  "
          f"{verdict(ready / bare, 2.5)}")  # fmt: skip
    longest = max(tasks, default=0.0)
    print(f"main-thread tasks > 50 ms from the typed score to ready: {len(tasks)} in "
          f"{args.runs} runs, longest {longest:.0f} ms ({verdict(longest, 200)}), total "
          f"{sum(tasks):.0f} ms")  # fmt: skip
    slowest = max((w for w in waits if w is not None), default=0.0)
    print(f"stale scores: {stale} of {len(waits)} bursts ({verdict(stale, 0)}); slowest burst's "
          f"score {slowest:.2f} s after its last key")  # fmt: skip
    print(f"keystroke -> score:          p50 {statistics.median(keys) * 1000:4.0f} ms, p95 "
          f"{p95 * 1000:4.0f} ms ({verdict(p95 * 1000, 150)}; {len(keys)} keystrokes, "
          f"{CANDIDATE_CHARS:,}-character candidate, {REFERENCES} references)")  # fmt: skip
    print(
        f"bytes until the typed score: {first_mb:6.2f} MB ({verdict(first_mb, 25)}); in all "
        f"{statistics.median(a['bytes'] for a in apps) / 1e6:.2f} MB"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
