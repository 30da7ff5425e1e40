"""Cold loads of the explorer site in Chromium, Firefox ESR and WebKitGTK (Safari's engine), side
by side: ``python benchmarks/explorer_load.py --engine firefox|webkit|all`` (``--engine
chromium``, the default, runs that script's whole Chromium benchmark instead).

Each of ``--runs`` rounds loads, in each engine in turn and each cold (a fresh profile: no HTTP
cache, no service worker), the site (and the ``--baseline`` site after it), then a page that
only boots Pyodide as npm publishes it (``loadPyodide()``: that engine's ``bare`` boot). Times
are taken in the page from navigation start; each row gives the median over the rounds and,
per round, the ratio to that engine's bare boot (``typed``) or to Chromium's load of the same
site in the same round (``single``, ``ready``):

* ``typed``: navigation → the page accepting input, plus the last key of a typed text (other
  than the default input) → its score on screen; target ≤ 0.5 × the engine's bare boot
  (WebKit ≤ 0.6);
* ``app``: the app on the page (its first render, the ``explorer:app`` mark), no target;
* ``single``: the single-item page complete (``data-explorer-single``); target ≤ 1.3 ×
  Chromium's (WebKit ≤ 1.5);
* ``ready``: every page built (``data-explorer-state``); the same targets;
* ``tasks``: the longest main-thread task from the typed score until every page is built,
  where the engine reports tasks (``PerformanceObserver`` ``longtask``: Chromium only);
* ``boot``: how the page's two Pythons started (``data-explorer-boot``, then
  ``data-explorer-app-boot``): the app's from the app's snapshot is the target everywhere.

Every engine's requests to other hosts than 127.0.0.1 are refused (Chromium's resolver;
Firefox's and WebKit's proxy): any such request of a page stops the benchmark. Needs the Debian
packages ``chromium``, ``firefox-esr``, ``webkit2gtk-driver`` (and ``xvfb`` without a display),
and the Python packages ``playwright``, ``selenium`` and ``websockets``.
"""

from __future__ import annotations

import random
import statistics
import time
from contextlib import ExitStack

from _common import ROOT  # noqa: F401 - puts the project on sys.path
from playwright.sync_api import sync_playwright

import charsim
from explorer.site_build import serve
from tests.engines.display import x_display
from tests.engines.drivers import (
    CHROMIUM_LOCAL_ONLY,
    ChromiumBrowser,
    FirefoxBrowser,
    WebKitBrowser,
    missing,
)
from tests.engines.proxy import RefusingProxy
from tests.engines.site import serve_with_script
from tests.ui.conftest import CANDIDATE, CHROMIUM, CHROMIUM_ARGS

#: Targets: the typed score over the engine's bare boot; the single-item page and every page
#: over Chromium's in the same round.
TARGETS = {
    "chromium": {"typed": 0.5},
    "firefox": {"typed": 0.5, "single": 1.3, "ready": 1.3},
    "webkit": {"typed": 0.6, "single": 1.5, "ready": 1.5},
}
HTML = "(document.documentElement?.dataset ?? {})"
TIMEOUT = 240.0
WORDS = "the cat sat on a mat while dogs ran past quick brown foxes".split()


class Engines:
    """Starts a cold browser of any engine (:meth:`open`); everything it needs (Playwright's
    Chromium, the proxy, an X display) lives until the ``with`` block ends."""

    def __enter__(self) -> Engines:
        self._stack = ExitStack()
        self._proxy = RefusingProxy()
        self._stack.callback(self._proxy.close)
        self._chromium = None
        self._display = None
        return self

    def open(self, engine: str):
        """A cold browser of ``engine``: a :class:`tests.engines.drivers.Browser`."""
        if engine == "chromium":
            if self._chromium is None:
                playwright = self._stack.enter_context(sync_playwright())
                self._chromium = playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    args=[*CHROMIUM_ARGS, CHROMIUM_LOCAL_ONLY],
                )
            return ChromiumBrowser(self._chromium, block=False)
        if engine == "firefox":
            return FirefoxBrowser(self._proxy.port)
        if self._display is None:
            self._display = self._stack.enter_context(x_display())
        return WebKitBrowser(self._proxy, self._display)

    def __exit__(self, *exc) -> None:
        self._stack.close()


def until(browser, expression: str, timeout: float = TIMEOUT) -> float:
    """Wait in the page for the JavaScript ``expression`` to hold; the page's time (seconds from
    navigation) when it was first seen to hold (polled every 5 ms)."""
    poll = f"""new Promise((resolve) => {{
      const end = performance.now() + 1000;
      (function check() {{
        if ({expression}) resolve(performance.now());
        else if (performance.now() > end) resolve(null);
        else setTimeout(check, 5);
      }})();
    }})"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            at = browser.evaluate(poll)
        except Exception:  # noqa: BLE001 - the page navigated meanwhile: ask the new one
            at = None
        if at is not None:
            return at / 1000
        if browser.evaluate(f"{HTML}.explorerState") == "error":
            raise SystemExit(f"{browser.engine}: the explorer failed to start")
    raise SystemExit(f"{browser.engine}: timed out waiting for {expression}")


def load_app(browser, url: str, rng: random.Random) -> dict:
    """One cold load of the app: the rows of the module docstring, in seconds."""
    browser.goto(url)
    accepts = until(browser, f"{HTML}.explorerLive === '1' || {HTML}.explorerState === 'ready'")
    text = " ".join(rng.choice(WORDS) for _ in range(8))
    browser.type_over(CANDIDATE, text)
    typed = browser.evaluate("performance.now()")
    expected = f"{charsim.score(text, ['cat']):.4f}"
    shown = browser.evaluate(f"__bench.shown({expected!r}, {TIMEOUT * 1000})")
    if shown is None:
        raise SystemExit(f"{browser.engine}: the typed text never got its score")
    typed_at = shown / 1000
    until(browser, f"{HTML}.explorerState === 'ready'")
    marks = browser.evaluate(
        "Object.fromEntries(['app', 'single', 'ready'].map((name) =>"
        " [name, performance.getEntriesByName(`explorer:${name}`)[0].startTime / 1000]))"
    )
    tasks = browser.evaluate(
        "PerformanceObserver.supportedEntryTypes.includes('longtask') ? __bench.tasks : null"
    )
    if foreign := browser.foreign():
        raise SystemExit(f"{browser.engine}: requests off 127.0.0.1: {foreign}")
    return {
        "typed": accepts + (shown - typed) / 1000,
        "app": marks["app"],
        "single": marks["single"],
        "ready": marks["ready"],
        "tasks": None
        if tasks is None
        else [d for s, d in tasks if typed_at <= s / 1000 <= marks["ready"]],
        "boot": browser.evaluate(f"`${{{HTML}.explorerBoot}}/${{{HTML}.explorerAppBoot}}`"),
    }


def load_bare(browser, url: str) -> float:
    """One cold load of the page that only boots Pyodide: seconds to loadPyodide() resolved."""
    browser.goto(url)
    until(browser, f"{HTML}.bare")
    return float(browser.evaluate(f"{HTML}.bare")) / 1000


def cold(engines: Engines, engine: str, work):
    """``work(browser)`` in a cold browser of ``engine``, closed after."""
    browser = engines.open(engine)
    try:
        return work(browser)
    finally:
        browser.close()


def run(chosen: list[str], runs: int, site, bare_folder, baseline, watcher: str) -> None:
    """Load the sites ``runs`` rounds in each engine of ``chosen`` in turn; print the rows."""
    for engine in chosen:
        if reason := missing(engine):
            raise SystemExit(f"{engine}: {reason}")
    servers = []
    served = {"site": serve_with_script(site, watcher)}
    if baseline:
        served["baseline"] = serve_with_script(baseline, watcher)
    bare_server, bare_url = serve.serve_in_thread(bare_folder)
    servers = [server for server, _ in served.values()] + [bare_server]
    loads = {(e, s): [] for e in chosen for s in served}
    bares = {engine: [] for engine in chosen}
    try:
        with Engines() as engines:
            for round_ in range(runs):
                for engine in chosen:
                    for name, (_, url) in served.items():
                        rng = random.Random(round_)
                        found = cold(engines, engine, lambda b, u=url, r=rng: load_app(b, u, r))
                        loads[engine, name].append(found)
                    bares[engine].append(cold(engines, engine, lambda b: load_bare(b, bare_url)))
    finally:
        for server in servers:
            server.shutdown()
            server.server_close()
    report(chosen, list(served), runs, loads, bares)


def _ratio(values: list[float], bases: list[float] | None) -> str:
    if not bases:
        return ""
    ratios = sorted(v / b for v, b in zip(values, bases, strict=True))
    return f" {statistics.median(ratios):.2f}× ({ratios[0]:.2f}–{ratios[-1]:.2f})"


def _verdict(values: list[float], bases: list[float] | None, target: float | None) -> str:
    if target is None or not bases:
        return ""
    median = statistics.median(v / b for v, b in zip(values, bases, strict=True))
    return f" ≤ {target:g}: {'met' if median <= target else 'NOT met'}"


def report(chosen, sites, runs, loads, bares) -> None:
    """Print each engine's rows for each site (medians over ``runs`` rounds)."""
    print(f"runs: {runs} rounds of cold loads, engines in turn (medians; per round ranges)")
    for name in sites:
        print(f"-- {name}")
        chromium = loads.get(("chromium", name))
        for engine in chosen:
            found, bare, targets = loads[engine, name], bares[engine], TARGETS[engine]
            print(
                f"{engine}: bare Pyodide boot {statistics.median(bare):.2f} s; booted "
                f"{sorted({f['boot'] for f in found})}"
            )
            typed = [f["typed"] for f in found]
            print(
                f"  typed text's score shown   {statistics.median(typed):6.2f} s"
                f"{_ratio(typed, bare)} bare{_verdict(typed, bare, targets.get('typed'))}"
            )
            for key, label in (
                ("app", "the app on the page"),
                ("single", "single-item page complete"),
                ("ready", "every page built"),
            ):
                times = [f[key] for f in found]
                base = [f[key] for f in chromium] if chromium and engine != "chromium" else None
                print(
                    f"  {label:<27}{statistics.median(times):6.2f} s"
                    f"{_ratio(times, base)}{' Chromium' if base else ''}"
                    f"{_verdict(times, base, targets.get(key))}"
                )
            tasks = [f["tasks"] for f in found]
            if all(t is not None for t in tasks):
                longest = max((d for t in tasks for d in t), default=0.0)
                print(f"  longest main-thread task, typed score → ready: {longest:.0f} ms")
            else:
                print("  longest main-thread task: not reported by this engine")
